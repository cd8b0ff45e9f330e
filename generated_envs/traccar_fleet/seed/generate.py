"""Write the seed CSVs of the traccar_fleet environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Traccar;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'calendars',
  'rows': 33,
  'header': ['attributes', 'data', 'calendar_id', 'name'],
  'key': {'column': 'calendar_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'attributes': {'kind': 'json', 'optional': 0.1},
              'data': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1}}},
 {'name': 'geofences',
  'rows': 16,
  'header': ['area', 'attributes', 'calendar_id', 'description', 'geofence_id', 'name'],
  'key': {'column': 'geofence_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'area': {'kind': 'faker', 'provider': 'city', 'optional': 0.1},
              'attributes': {'kind': 'json', 'optional': 0.1},
              'calendar_id': {'kind': 'ref', 'table': 'calendars', 'key': 'calendar_id', 'optional': 0.2},
              'description': {'kind': 'text', 'optional': 0.6},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1}}},
 {'name': 'groups',
  'rows': 39,
  'header': ['attributes', 'group_id', 'id', 'name'],
  'key': {'column': 'group_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'attributes': {'kind': 'json', 'optional': 0.1},
              'id': {'kind': 'integer', 'min': 1, 'max': 9999, 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1}}},
 {'name': 'devices',
  'rows': 17,
  'header': ['attributes',
             'category',
             'contact',
             'disabled',
             'geofence_ids',
             'group_id',
             'device_id',
             'last_update',
             'model',
             'name',
             'phone',
             'position_id',
             'status',
             'unique_id'],
  'key': {'column': 'device_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'attributes': {'kind': 'json', 'optional': 0.1},
              'category': {'kind': 'pick', 'values': ['general', 'standard', 'special', 'other'], 'optional': 0.1},
              'contact': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'disabled': {'kind': 'boolean', 'optional': 0.1},
              'geofence_ids': {'kind': 'json', 'optional': 0.1},
              'group_id': {'kind': 'ref', 'table': 'groups', 'key': 'group_id', 'optional': 0.2},
              'last_update': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'model': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'phone': {'kind': 'faker', 'provider': 'phone_number', 'optional': 0.1},
              'position_id': {'kind': 'integer', 'min': 1, 'max': 9999, 'optional': 0.1},
              'status': {'kind': 'pick',
                         'values': ['active', 'pending', 'completed', 'cancelled'],
                         'optional': 0.1},
              'unique_id': {'kind': 'token', 'prefix': 'U-', 'width': 4, 'optional': 0.1}}},
 {'name': 'commands',
  'rows': 40,
  'header': ['attributes', 'description', 'device_id', 'command_id', 'type'],
  'key': {'column': 'command_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'attributes': {'kind': 'json', 'optional': 0.1},
              'description': {'kind': 'text', 'optional': 0.6},
              'device_id': {'kind': 'ref', 'table': 'devices', 'key': 'device_id', 'optional': 0.2},
              'type': {'kind': 'pick', 'values': ['standard', 'custom', 'other'], 'optional': 0.1}}},
 {'name': 'maintenances',
  'rows': 24,
  'header': ['attributes', 'maintenance_id', 'name', 'period', 'start', 'type'],
  'key': {'column': 'maintenance_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'attributes': {'kind': 'json', 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'period': {'kind': 'number', 'min': 1.0, 'max': 501.0, 'optional': 0.1},
              'start': {'kind': 'number', 'min': 1.0, 'max': 501.0, 'optional': 0.1},
              'type': {'kind': 'pick', 'values': ['standard', 'custom', 'other'], 'optional': 0.1}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
