"""Write the seed CSVs of the impala_hotels environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Impala Hotel Booking API;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'bookings',
  'rows': 24,
  'header': ['booked_rooms',
             'booking_id',
             'cancellation',
             'contact',
             'created_at',
             'end_',
             'hotel',
             'hotel_confirmation_code',
             'notes',
             'payment_bearer_token',
             'payment_client_secret',
             'start',
             'status',
             'updated_at'],
  'key': {'column': 'booking_id', 'prefix': 'IM-0199-', 'width': 8, 'start': 103},
  'examples': [],
  'columns': {'booked_rooms': {'kind': 'json'},
              'cancellation': {'kind': 'json', 'optional': 0.1},
              'contact': {'kind': 'json'},
              'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True},
              'hotel': {'kind': 'json'},
              'hotel_confirmation_code': {'kind': 'token', 'prefix': 'HC-', 'width': 6, 'optional': 0.1},
              'notes': {'kind': 'json'},
              'payment_bearer_token': {'kind': 'token', 'prefix': 'PB-', 'width': 6, 'optional': 0.1},
              'payment_client_secret': {'kind': 'token', 'prefix': 'PC-', 'width': 6, 'optional': 0.1},
              'start': {'kind': 'date', 'days': [-365, 0]},
              'status': {'kind': 'enum',
                         'values': ['CANCELLED', 'PENDING', 'ACCEPTED', 'PAYMENT_REQUIRED', 'PAYMENT_ABANDONED']},
              'end_': {'kind': 'date', 'days': [-365, 0], 'after': 'start'},
              'updated_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'after': 'created_at'}}},
 {'name': 'rate_adjustments',
  'rows': 40,
  'header': ['adjustment_id', 'amount', 'conditions', 'type'],
  'key': {'column': 'adjustment_id', 'prefix': 'RA-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'amount': {'kind': 'number', 'min': 0.0, 'max': 100.0},
              'conditions': {'kind': 'json'},
              'type': {'kind': 'enum', 'values': ['PERCENTAGE']}}},
 {'name': 'hotel_fulls',
  'rows': 27,
  'header': ['address',
             'amenities',
             'check_in',
             'check_out',
             'contractable',
             'created_at',
             'currency',
             'description',
             'emails',
             'external_urls',
             'hotel_id',
             'images',
             'location',
             'name',
             'phone_numbers',
             'room_count',
             'room_types',
             'star_rating',
             'terms_and_conditions',
             'timezone',
             'updated_at',
             'website_url'],
  'key': {'column': 'hotel_id', 'prefix': 'HF-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'address': {'kind': 'json'},
              'amenities': {'kind': 'json'},
              'check_in': {'kind': 'json'},
              'check_out': {'kind': 'json'},
              'contractable': {'kind': 'boolean'},
              'created_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'currency': {'kind': 'faker', 'provider': 'currency_code'},
              'description': {'kind': 'json', 'optional': 0.1},
              'emails': {'kind': 'json'},
              'external_urls': {'kind': 'json'},
              'images': {'kind': 'json'},
              'location': {'kind': 'json'},
              'name': {'kind': 'faker', 'provider': 'name'},
              'phone_numbers': {'kind': 'json'},
              'room_count': {'kind': 'number', 'min': 1.0, 'max': 501.0},
              'room_types': {'kind': 'json'},
              'star_rating': {'kind': 'number', 'min': 1.0, 'max': 5.0},
              'terms_and_conditions': {'kind': 'token', 'prefix': 'TA-', 'width': 6},
              'timezone': {'kind': 'faker', 'provider': 'timezone', 'optional': 0.1},
              'website_url': {'kind': 'faker', 'provider': 'url'},
              'updated_at': {'kind': 'datetime',
                             'days': [-365, 0],
                             'past': True,
                             'optional': 0.1,
                             'after': 'created_at'}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
