"""Write the seed CSVs of the google_tasks environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Google Tasks API;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'task_lists',
  'rows': 15,
  'header': ['etag', 'task_list_id', 'kind', 'self_link', 'title', 'updated'],
  'key': {'column': 'task_list_id', 'prefix': 'TL-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'etag': {'kind': 'faker', 'provider': 'md5', 'optional': 0.1},
              'kind': {'kind': 'pick', 'values': ['tasks#taskList'], 'optional': 0.1},
              'self_link': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'title': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'updated': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'optional': 0.1}}},
 {'name': 'tasks',
  'rows': 40,
  'header': ['completed',
             'deleted',
             'due',
             'etag',
             'hidden',
             'task_id',
             'kind',
             'links',
             'notes',
             'parent',
             'position',
             'self_link',
             'status',
             'title',
             'updated',
             'tasklist'],
  'key': {'column': 'task_id', 'prefix': 'T-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'completed': {'kind': 'datetime',
                            'days': [-365, 0],
                            'past': True,
                            'optional': 0.1,
                            'when': {'column': 'status', 'values': ['completed']}},
              'deleted': {'kind': 'boolean', 'optional': 0.1},
              'due': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'etag': {'kind': 'faker', 'provider': 'md5', 'optional': 0.1},
              'hidden': {'kind': 'boolean', 'optional': 0.1},
              'kind': {'kind': 'pick', 'values': ['tasks#task'], 'optional': 0.1},
              'links': {'kind': 'json', 'optional': 0.1},
              'notes': {'kind': 'text', 'optional': 0.6},
              'parent': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'position': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'self_link': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'status': {'kind': 'enum', 'values': ['needsAction', 'completed'], 'optional': 0.1},
              'title': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'updated': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'tasklist': {'kind': 'ref', 'table': 'task_lists', 'key': 'task_list_id', 'optional': 0.0}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
