"""Write the seed CSVs of the sakari environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Sakari;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'campaigns',
  'rows': 40,
  'header': ['campaign_id'],
  'key': {'column': 'campaign_id', 'prefix': 'C-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {}},
 {'name': 'contacts',
  'rows': 40,
  'header': ['email',
             'first_name',
             'contact_id',
             'last_name',
             'mobile',
             'attributes',
             'tags',
             'created',
             'error',
             'updated',
             'valid'],
  'key': {'column': 'contact_id', 'prefix': 'C-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'email': {'kind': 'email', 'optional': 0.1},
              'first_name': {'kind': 'faker', 'provider': 'first_name', 'optional': 0.1},
              'last_name': {'kind': 'faker', 'provider': 'last_name', 'optional': 0.1},
              'mobile': {'kind': 'json', 'optional': 0.1},
              'attributes': {'kind': 'json', 'optional': 0.1},
              'tags': {'kind': 'json', 'optional': 0.1},
              'created': {'kind': 'json', 'optional': 0.1},
              'error': {'kind': 'json', 'optional': 0.1},
              'updated': {'kind': 'json', 'optional': 0.1},
              'valid': {'kind': 'boolean', 'optional': 0.1}}},
 {'name': 'conversations',
  'rows': 40,
  'header': ['closed',
             'contact',
             'created',
             'conversation_id',
             'last_message',
             'phone_number',
             'unread',
             'updated'],
  'key': {'column': 'conversation_id', 'prefix': 'C-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'closed': {'kind': 'boolean', 'optional': 0.1},
              'contact': {'kind': 'json', 'optional': 0.1},
              'created': {'kind': 'json', 'optional': 0.1},
              'last_message': {'kind': 'json', 'optional': 0.1},
              'phone_number': {'kind': 'json', 'optional': 0.1},
              'unread': {'kind': 'json', 'optional': 0.1},
              'updated': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'messages',
  'rows': 40,
  'header': ['contact',
             'conversation',
             'created',
             'error',
             'message_id',
             'media',
             'message_value',
             'outgoing',
             'phone_number',
             'price',
             'read',
             'segments',
             'status',
             'template',
             'updated'],
  'key': {'column': 'message_id', 'prefix': 'M-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'contact': {'kind': 'json', 'optional': 0.1},
              'conversation': {'kind': 'json', 'optional': 0.1},
              'created': {'kind': 'json', 'optional': 0.1},
              'error': {'kind': 'json', 'optional': 0.1},
              'media': {'kind': 'json', 'optional': 0.1},
              'message_value': {'kind': 'token', 'prefix': 'M-', 'width': 6, 'optional': 0.1},
              'outgoing': {'kind': 'boolean', 'optional': 0.1},
              'phone_number': {'kind': 'faker', 'provider': 'phone_number', 'optional': 0.1},
              'price': {'kind': 'number', 'min': 5.0, 'max': 2000.0, 'optional': 0.1},
              'read': {'kind': 'boolean', 'optional': 0.1},
              'segments': {'kind': 'number', 'min': 1.0, 'max': 501.0, 'optional': 0.1},
              'status': {'kind': 'pick',
                         'values': ['active', 'pending', 'completed', 'cancelled'],
                         'optional': 0.1},
              'template': {'kind': 'token', 'prefix': 'T-', 'width': 6, 'optional': 0.1},
              'updated': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'templates',
  'rows': 40,
  'header': ['name', 'template_value', 'type', 'template_id'],
  'key': {'column': 'template_id', 'prefix': 'T-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'template_value': {'kind': 'token', 'prefix': 'T-', 'width': 6, 'optional': 0.1},
              'type': {'kind': 'enum', 'values': ['SMS', 'Web'], 'optional': 0.1}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
