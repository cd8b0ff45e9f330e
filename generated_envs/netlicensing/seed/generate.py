"""Write the seed CSVs of the netlicensing environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Labs64 NetLicensing RESTful API Test Center;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'licenses',
  'rows': 25,
  'header': ['active', 'currency', 'hidden', 'license_name', 'number', 'price'],
  'key': {'column': 'license_name', 'prefix': 'L-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean', 'optional': 0.1},
              'currency': {'kind': 'faker', 'provider': 'currency_code', 'optional': 0.1},
              'hidden': {'kind': 'boolean', 'optional': 0.1},
              'number': {'kind': 'token', 'prefix': '', 'width': 8, 'optional': 0.1},
              'price': {'kind': 'number', 'min': 5.0, 'max': 2000.0, 'optional': 0.1}}},
 {'name': 'license_templates',
  'rows': 35,
  'header': ['active',
             'automatic',
             'currency',
             'hidden',
             'hidden_licenses',
             'license_type',
             'license_template_name',
             'number',
             'price'],
  'key': {'column': 'license_template_name', 'prefix': 'LT-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean', 'optional': 0.1},
              'automatic': {'kind': 'boolean', 'optional': 0.1},
              'currency': {'kind': 'faker', 'provider': 'currency_code', 'optional': 0.1},
              'hidden': {'kind': 'boolean', 'optional': 0.1},
              'hidden_licenses': {'kind': 'boolean', 'optional': 0.1},
              'license_type': {'kind': 'enum', 'values': ['FEATURE', 'TIMEVOLUME'], 'optional': 0.1},
              'number': {'kind': 'token', 'prefix': '', 'width': 8, 'optional': 0.1},
              'price': {'kind': 'number', 'min': 5.0, 'max': 2000.0, 'optional': 0.1}}},
 {'name': 'products',
  'rows': 24,
  'header': ['active', 'licensee_auto_create', 'product_name', 'number', 'version'],
  'key': {'column': 'product_name', 'prefix': 'P-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean', 'optional': 0.1},
              'licensee_auto_create': {'kind': 'boolean', 'optional': 0.1},
              'number': {'kind': 'token', 'prefix': '', 'width': 8, 'optional': 0.1},
              'version': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1}}},
 {'name': 'product_modules',
  'rows': 26,
  'header': ['active', 'licensing_info', 'product_module_name', 'number'],
  'key': {'column': 'product_module_name', 'prefix': 'PM-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean', 'optional': 0.1},
              'licensing_info': {'kind': 'text', 'optional': 0.6},
              'number': {'kind': 'token', 'prefix': '', 'width': 8, 'optional': 0.1}}},
 {'name': 'licensee2s',
  'rows': 40,
  'header': ['active', 'marked_for_transfer', 'licensee2_name', 'number', 'product_number'],
  'key': {'column': 'licensee2_name', 'prefix': 'L-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean'},
              'marked_for_transfer': {'kind': 'boolean', 'optional': 0.1},
              'number': {'kind': 'token', 'prefix': '', 'width': 8, 'optional': 0.1},
              'product_number': {'kind': 'token', 'prefix': '', 'width': 8}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
