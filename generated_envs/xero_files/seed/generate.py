"""Write the seed CSVs of the xero_files environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Xero Files API;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'files',
  'rows': 22,
  'header': ['body', 'filename', 'mime_type', 'file_name'],
  'key': {'column': 'file_name', 'prefix': 'F-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'body': {'kind': 'faker', 'provider': 'sha1', 'optional': 0.1},
              'filename': {'kind': 'faker', 'provider': 'file_name', 'optional': 0.1},
              'mime_type': {'kind': 'faker', 'provider': 'mime_type', 'optional': 0.1}}},
 {'name': 'folders',
  'rows': 24,
  'header': ['email', 'file_count', 'folder_id', 'is_inbox', 'name'],
  'key': {'column': 'folder_id', 'prefix': 'F-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'email': {'kind': 'email', 'optional': 0.1},
              'file_count': {'kind': 'integer', 'min': 1, 'max': 100, 'optional': 0.1},
              'is_inbox': {'kind': 'boolean', 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name'}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
