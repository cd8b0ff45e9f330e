"""Write the seed CSVs of the mailscript environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Mailscript;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'triggers',
  'rows': 16,
  'header': ['created_at', 'created_by', 'criteria', 'display_name', 'trigger_id', 'name', 'owner'],
  'key': {'column': 'trigger_id', 'prefix': 'T-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'created_by': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'criteria': {'kind': 'json'},
              'display_name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name'},
              'owner': {'kind': 'token', 'prefix': 'O-', 'width': 6}}},
 {'name': 'workflows',
  'rows': 13,
  'header': ['action', 'active', 'created_at', 'created_by', 'workflow_id', 'input', 'name', 'owner', 'trigger'],
  'key': {'column': 'workflow_id', 'prefix': 'W-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'action': {'kind': 'token', 'prefix': 'A-', 'width': 6},
              'active': {'kind': 'boolean', 'optional': 0.1},
              'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'created_by': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'input': {'kind': 'token', 'prefix': 'I-', 'width': 6},
              'name': {'kind': 'faker', 'provider': 'name'},
              'owner': {'kind': 'token', 'prefix': 'O-', 'width': 6},
              'trigger': {'kind': 'token', 'prefix': 'T-', 'width': 6}}},
 {'name': 'addresses',
  'rows': 21,
  'header': ['created_at', 'created_by', 'display_name', 'address_id', 'owner'],
  'key': {'column': 'address_id', 'prefix': 'A-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'created_by': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'display_name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'owner': {'kind': 'token', 'prefix': 'O-', 'width': 6}}},
 {'name': 'keys',
  'rows': 40,
  'header': ['created_at', 'created_by', 'key_id', 'name', 'read', 'write', 'address'],
  'key': {'column': 'key_id', 'prefix': 'K-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'created_by': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'name': {'kind': 'faker', 'provider': 'name'},
              'read': {'kind': 'boolean'},
              'write': {'kind': 'boolean'},
              'address': {'kind': 'ref', 'table': 'addresses', 'key': 'address_id', 'optional': 0.2}}},
 {'name': 'integrations',
  'rows': 35,
  'header': ['created_at', 'integration_id', 'type'],
  'key': {'column': 'integration_id', 'prefix': 'I-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'type': {'kind': 'enum', 'values': ['google']}}},
 {'name': 'users',
  'rows': 17,
  'header': ['created_at', 'display_name', 'email', 'user_id', 'photo_url'],
  'key': {'column': 'user_id', 'prefix': 'U-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'display_name': {'kind': 'faker', 'provider': 'name'},
              'email': {'kind': 'email'},
              'photo_url': {'kind': 'faker', 'provider': 'image_url', 'optional': 0.1}}},
 {'name': 'workspaces',
  'rows': 26,
  'header': ['created_at', 'created_by', 'workspace_id', 'owner'],
  'key': {'column': 'workspace_id', 'prefix': 'W-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'created_by': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'owner': {'kind': 'token', 'prefix': 'O-', 'width': 6}}},
 {'name': 'mailscript_emails',
  'rows': 40,
  'header': ['address', 'created_at', 'created_by', 'mailscript_email_id', 'name', 'owner', 'type'],
  'key': {'column': 'mailscript_email_id', 'prefix': 'ME-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'address': {'kind': 'faker', 'provider': 'street_address'},
              'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'created_by': {'kind': 'token', 'prefix': 'C-', 'width': 6},
              'name': {'kind': 'faker', 'provider': 'name'},
              'owner': {'kind': 'token', 'prefix': 'O-', 'width': 6},
              'type': {'kind': 'enum', 'values': ['mailescript-email']}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
