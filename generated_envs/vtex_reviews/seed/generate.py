"""Write the seed CSVs of the vtex_reviews environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Reviews and Ratings API;
the drawing is envfactory_gym.authoring.specseed's.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from envfactory_gym.authoring.specseed import main

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'reviews',
  'rows': 40,
  'header': ['approved',
             'review_id',
             'locale',
             'location',
             'past_reviews',
             'product_id',
             'rating',
             'review_date_time',
             'reviewer_name',
             'search_date',
             'shopper_id',
             'sku',
             'text',
             'title',
             'verified_purchaser'],
  'key': {'column': 'review_id', 'prefix': '5323fdaa-c012-11ec-835d-0ebee58edbb', 'width': 1, 'start': 3},
  'examples': [{'approved': False,
                'review_id': '5323fdaa-c012-11ec-835d-0ebee58edbb3',
                'locale': 'en-US',
                'location': None,
                'past_reviews': None,
                'product_id': '65444',
                'rating': 5,
                'review_date_time': '04/19/2022 18:55:58',
                'reviewer_name': 'Arturo',
                'search_date': '2025-10-15T13:52:00.932Z',
                'shopper_id': 'user@email.com',
                'sku': '2',
                'text': 'It is the best product that I have seen',
                'title': 'Good Product',
                'verified_purchaser': False}],
  'columns': {'approved': {'kind': 'boolean', 'optional': 0.1},
              'locale': {'kind': 'pick', 'values': ['en-US'], 'optional': 0.6},
              'location': {'kind': 'token', 'prefix': 'L-', 'width': 6, 'optional': 0.1},
              'past_reviews': {'kind': 'token', 'prefix': 'PAST-', 'width': 6, 'optional': 0.1},
              'product_id': {'kind': 'token', 'prefix': 'P-', 'width': 4, 'optional': 0.1},
              'rating': {'kind': 'number', 'min': 1.0, 'max': 5.0, 'optional': 0.1},
              'review_date_time': {'kind': 'pick', 'values': ['04/19/2022 18:55:58'], 'optional': 0.6},
              'reviewer_name': {'kind': 'pick', 'values': ['Arturo'], 'optional': 0.6},
              'search_date': {'kind': 'pick', 'values': ['2025-10-15T13:52:00.932Z'], 'optional': 0.6},
              'shopper_id': {'kind': 'token', 'prefix': 'S-', 'width': 4, 'optional': 0.1},
              'sku': {'kind': 'pick', 'values': ['2'], 'optional': 0.6},
              'text': {'kind': 'pick', 'values': ['It is the best product that I have seen'], 'optional': 0.6},
              'title': {'kind': 'pick', 'values': ['Good Product'], 'optional': 0.6},
              'verified_purchaser': {'kind': 'boolean', 'optional': 0.1}}},
 {'name': 'review4s',
  'rows': 7,
  'header': ['approved',
             'review4_id',
             'locale',
             'location',
             'past_reviews',
             'product_id',
             'rating',
             'review_date_time',
             'reviewer_name',
             'search_date',
             'shopper_id',
             'sku',
             'text',
             'title',
             'verified_purchaser'],
  'key': {'column': 'review4_id', 'prefix': 'R-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'approved': {'kind': 'boolean', 'optional': 0.1},
              'locale': {'kind': 'faker', 'provider': 'locale', 'optional': 0.1},
              'location': {'kind': 'token', 'prefix': 'L-', 'width': 6, 'optional': 0.1},
              'past_reviews': {'kind': 'token', 'prefix': 'PAST-', 'width': 6, 'optional': 0.1},
              'product_id': {'kind': 'token', 'prefix': 'P-', 'width': 4, 'optional': 0.1},
              'rating': {'kind': 'number', 'min': 1.0, 'max': 5.0, 'optional': 0.1},
              'review_date_time': {'kind': 'datetime', 'days': [-30, 30], 'past': False, 'optional': 0.1},
              'reviewer_name': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'search_date': {'kind': 'date', 'days': [-30, 30], 'past': False, 'optional': 0.1},
              'shopper_id': {'kind': 'token', 'prefix': 'S-', 'width': 4, 'optional': 0.1},
              'sku': {'kind': 'faker', 'provider': 'ean8', 'optional': 0.1},
              'text': {'kind': 'text', 'optional': 0.6},
              'title': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'verified_purchaser': {'kind': 'boolean', 'optional': 0.1}}}]


if __name__ == "__main__":
    main(TABLES, NOW, __file__, __doc__)
