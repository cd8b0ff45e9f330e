"""Write the seed CSVs of the adyen_accounts environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Account API;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'payout_methods',
  'rows': 40,
  'header': ['merchant_account',
             'payout_method_code',
             'payout_method_reference',
             'recurring_detail_reference',
             'shopper_reference'],
  'key': {'column': 'payout_method_code', 'prefix': 'PM-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'merchant_account': {'kind': 'token', 'prefix': 'M-', 'width': 6},
              'payout_method_reference': {'kind': 'token', 'prefix': 'PM-', 'width': 6, 'optional': 0.1},
              'recurring_detail_reference': {'kind': 'token', 'prefix': 'RD-', 'width': 6},
              'shopper_reference': {'kind': 'token', 'prefix': 'S-', 'width': 6}}},
 {'name': 'accounts',
  'rows': 40,
  'header': ['account_code',
             'bank_account_uuid',
             'beneficiary_account',
             'beneficiary_merchant_reference',
             'description',
             'metadata',
             'payout_method_code',
             'payout_schedule',
             'payout_speed',
             'status'],
  'key': {'column': 'account_code', 'prefix': 'A-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'bank_account_uuid': {'kind': 'token', 'prefix': 'BA-', 'width': 4, 'optional': 0.1},
              'beneficiary_account': {'kind': 'token', 'prefix': 'B-', 'width': 6, 'optional': 0.1},
              'beneficiary_merchant_reference': {'kind': 'token', 'prefix': 'BM-', 'width': 6, 'optional': 0.1},
              'description': {'kind': 'text', 'optional': 0.6},
              'metadata': {'kind': 'json', 'optional': 0.1},
              'payout_method_code': {'kind': 'ref',
                                     'table': 'payout_methods',
                                     'key': 'payout_method_code',
                                     'optional': 0.2},
              'payout_schedule': {'kind': 'json', 'optional': 0.1},
              'payout_speed': {'kind': 'enum', 'values': ['INSTANT', 'SAME_DAY', 'STANDARD'], 'optional': 0.1},
              'status': {'kind': 'enum',
                         'values': ['Active', 'Inactive', 'Suspended', 'Closed'],
                         'optional': 0.1}}},
 {'name': 'account_holders',
  'rows': 20,
  'header': ['account_holder_code',
             'account_holder_details',
             'account_holder_status',
             'accounts',
             'description',
             'invalid_fields',
             'legal_entity',
             'migration_data',
             'primary_currency',
             'psp_reference',
             'result_code',
             'system_up_to_date_time',
             'verification',
             'verification_profile'],
  'key': {'column': 'account_holder_code', 'prefix': 'AH-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'account_holder_details': {'kind': 'json', 'optional': 0.1},
              'account_holder_status': {'kind': 'json', 'optional': 0.1},
              'accounts': {'kind': 'json', 'optional': 0.1},
              'description': {'kind': 'text', 'optional': 0.6},
              'invalid_fields': {'kind': 'json', 'optional': 0.1},
              'legal_entity': {'kind': 'enum',
                               'values': ['Business', 'Individual', 'NonProfit', 'Partnership', 'PublicCompany'],
                               'optional': 0.1},
              'migration_data': {'kind': 'json', 'optional': 0.1},
              'primary_currency': {'kind': 'faker', 'provider': 'currency_code', 'optional': 0.1},
              'psp_reference': {'kind': 'token', 'prefix': 'PSP-', 'width': 6, 'optional': 0.1},
              'result_code': {'kind': 'token', 'prefix': 'R-', 'width': 6, 'optional': 0.1},
              'system_up_to_date_time': {'kind': 'datetime', 'days': [-30, 30], 'optional': 0.1},
              'verification': {'kind': 'json', 'optional': 0.1},
              'verification_profile': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
