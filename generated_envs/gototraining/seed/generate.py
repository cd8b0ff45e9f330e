"""Write the seed CSVs of the gototraining environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from GoToTraining;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'trainings',
  'rows': 39,
  'header': ['description',
             'name',
             'organizers',
             'registration_settings',
             'time_zone',
             'times',
             'training_id',
             'training_key',
             'organizer_key'],
  'key': {'column': 'training_id', 'prefix': 'T-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'description': {'kind': 'text'},
              'name': {'kind': 'faker', 'provider': 'name'},
              'organizers': {'kind': 'json'},
              'registration_settings': {'kind': 'json'},
              'time_zone': {'kind': 'faker', 'provider': 'timezone'},
              'times': {'kind': 'json'},
              'training_key': {'kind': 'token', 'prefix': 'T-', 'width': 4},
              'organizer_key': {'kind': 'enum', 'values': [1]}}},
 {'name': 'recordings',
  'rows': 40,
  'header': ['description',
             'download_url',
             'end_date',
             'name',
             'recording_id',
             'registration_url',
             'start_date',
             'training_key'],
  'key': {'column': 'recording_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'description': {'kind': 'text', 'optional': 0.6},
              'download_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name'},
              'registration_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'start_date': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'training_key': {'kind': 'ref', 'table': 'trainings', 'key': 'training_id', 'optional': 0.0},
              'end_date': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'after': 'start_date'}}},
 {'name': 'registrants',
  'rows': 40,
  'header': ['confirmation_url',
             'email',
             'given_name',
             'join_url',
             'registrant_key',
             'registration_date',
             'status',
             'surname',
             'organizer_key',
             'training_key'],
  'key': {'column': 'registrant_key', 'prefix': 'R-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'confirmation_url': {'kind': 'faker', 'provider': 'url'},
              'email': {'kind': 'email'},
              'given_name': {'kind': 'faker', 'provider': 'first_name'},
              'join_url': {'kind': 'faker', 'provider': 'url'},
              'registration_date': {'kind': 'datetime', 'days': [-30, 30]},
              'status': {'kind': 'enum', 'values': ['WAITING', 'APPROVED', 'DENIED']},
              'surname': {'kind': 'faker', 'provider': 'last_name'},
              'organizer_key': {'kind': 'enum', 'values': [1]},
              'training_key': {'kind': 'ref', 'table': 'trainings', 'key': 'training_id', 'optional': 0.0}}},
 {'name': 'sessions',
  'rows': 40,
  'header': ['attendance_count',
             'duration',
             'organizers',
             'session_end_time',
             'session_key',
             'session_start_time',
             'training_name',
             'organizer_key',
             'training_key'],
  'key': {'column': 'session_key', 'prefix': 'S-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'attendance_count': {'kind': 'integer', 'min': 1, 'max': 100},
              'duration': {'kind': 'integer', 'min': 1, 'max': 100},
              'organizers': {'kind': 'json'},
              'session_start_time': {'kind': 'datetime', 'days': [-30, 30]},
              'training_name': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True},
              'organizer_key': {'kind': 'enum', 'values': [1]},
              'training_key': {'kind': 'ref', 'table': 'trainings', 'key': 'training_id', 'optional': 0.0},
              'session_end_time': {'kind': 'datetime', 'days': [-30, 30], 'after': 'session_start_time'}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
