"""Write the seed CSVs of the aws_connect_cases environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Amazon Connect Cases;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'fields',
  'rows': 36,
  'header': ['description', 'field_name', 'type'],
  'key': {'column': 'field_name', 'prefix': 'F-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'description': {'kind': 'text', 'max_length': 255, 'optional': 0.6},
              'type': {'kind': 'enum',
                       'values': ['Text', 'Number', 'Boolean', 'DateTime', 'SingleSelect', 'Url']}}},
 {'name': 'field_options',
  'rows': 40,
  'header': ['active', 'field_option_name', 'value', 'field_id'],
  'key': {'column': 'field_option_name', 'prefix': 'FO-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean'},
              'value': {'kind': 'words',
                        'count': 2,
                        'sep': ' ',
                        'title': True,
                        'max_length': 100,
                        'pattern': '^.*[\\S]$',
                        'samples': []},
              'field_id': {'kind': 'ref', 'table': 'fields', 'key': 'field_name', 'optional': 0.0}}},
 {'name': 'layouts',
  'rows': 40,
  'header': ['content', 'layout_name'],
  'key': {'column': 'layout_name', 'prefix': 'L-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'content': {'kind': 'json'}}},
 {'name': 'templates',
  'rows': 21,
  'header': ['description', 'layout_configuration', 'template_name', 'required_fields', 'status'],
  'key': {'column': 'template_name', 'prefix': 'T-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'description': {'kind': 'text', 'max_length': 255, 'optional': 0.6},
              'layout_configuration': {'kind': 'json', 'optional': 0.1},
              'required_fields': {'kind': 'json', 'optional': 0.1},
              'status': {'kind': 'enum', 'values': ['Active', 'Inactive'], 'optional': 0.1}}},
 {'name': 'cases',
  'rows': 40,
  'header': ['case_id', 'template_id'],
  'key': {'column': 'case_id', 'prefix': 'C-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'template_id': {'kind': 'ref', 'table': 'templates', 'key': 'template_name', 'optional': 0.0}}},
 {'name': 'field_values',
  'rows': 40,
  'header': ['field_value_id', 'value', 'case_id'],
  'key': {'column': 'field_value_id', 'prefix': 'FV-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'value': {'kind': 'json'},
              'case_id': {'kind': 'ref', 'table': 'cases', 'key': 'case_id', 'optional': 0.0}}},
 {'name': 'field_items',
  'rows': 40,
  'header': ['field_item_id', 'case_id'],
  'key': {'column': 'field_item_id', 'prefix': 'FI-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'case_id': {'kind': 'ref', 'table': 'cases', 'key': 'case_id', 'optional': 0.0}}},
 {'name': 'related_items',
  'rows': 40,
  'header': ['related_item_arn', 'related_item_id', 'case_id'],
  'key': {'column': 'related_item_id', 'prefix': 'RI-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'related_item_arn': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'max_length': 500},
              'case_id': {'kind': 'ref', 'table': 'cases', 'key': 'case_id', 'optional': 0.0}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
