"""Write the seed CSVs of the smsworks environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from The SMS Works API;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'messages',
  'rows': 16,
  'header': ['batchid',
             'content',
             'created',
             'customerid',
             'deliveryreporturl',
             'destination',
             'failurereason',
             'message_id',
             'identifier',
             'keyword',
             'messageid',
             'modified',
             'schedule',
             'sender',
             'status',
             'tag'],
  'key': {'column': 'message_id', 'prefix': 'M-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'batchid': {'kind': 'token', 'prefix': 'B-', 'width': 6, 'optional': 0.1},
              'content': {'kind': 'text'},
              'created': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'customerid': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'deliveryreporturl': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'destination': {'kind': 'number', 'min': 1.0, 'max': 501.0},
              'failurereason': {'kind': 'json', 'optional': 0.1},
              'identifier': {'kind': 'token', 'prefix': 'I-', 'width': 6, 'optional': 0.1},
              'keyword': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'messageid': {'kind': 'token', 'prefix': 'M-', 'width': 6},
              'schedule': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True},
              'sender': {'kind': 'faker', 'provider': 'name'},
              'status': {'kind': 'enum',
                         'values': ['SENT', 'DELIVERED', 'EXPIRED', 'UNDELIVERABLE', 'REJECTED', 'INCOMING']},
              'tag': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True},
              'modified': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'after': 'created'}}},
 {'name': 'scheduled_messages',
  'rows': 40,
  'header': ['batch', 'scheduled_message_id', 'message', 'status'],
  'key': {'column': 'scheduled_message_id', 'prefix': '', 'width': 7, 'start': 1910600},
  'examples': [],
  'columns': {'batch': {'kind': 'boolean', 'optional': 0.1},
              'message': {'kind': 'json', 'optional': 0.1},
              'status': {'kind': 'enum', 'values': ['SCHEDULED', 'PROCESSED', 'CANCELLED'], 'optional': 0.1}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
