"""Write the seed CSVs of the c_amazonaws_com_customer_profiles environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Amazon Connect Customer Profiles.
"""

from __future__ import annotations

import argparse
import csv
import random
import re
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

NOW = datetime.fromisoformat("2026-03-02T09:00:00")

#: Per table, in dependency order: row count, key shape, examples, and how each other column is drawn.
TABLES: list[dict[str, Any]] = [{'name': 'match_items',
  'rows': 40,
  'header': ['match_id', 'profile_ids', 'confidence_score'],
  'key': {'column': 'match_id', 'prefix': 'MI-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'profile_ids': {'kind': 'json', 'optional': 0.1},
              'confidence_score': {'kind': 'number', 'min': 1.0, 'max': 501.0, 'optional': 0.1}}},
 {'name': 'profiles',
  'rows': 40,
  'header': ['profile_id',
             'account_number',
             'additional_information',
             'party_type',
             'business_name',
             'first_name',
             'middle_name',
             'last_name',
             'birth_date',
             'gender',
             'phone_number',
             'mobile_phone_number',
             'home_phone_number',
             'business_phone_number',
             'email_address',
             'personal_email_address',
             'business_email_address',
             'address',
             'shipping_address',
             'mailing_address',
             'billing_address',
             'attributes',
             'found_by_items',
             'party_type_string',
             'gender_string'],
  'key': {'column': 'profile_id', 'prefix': 'P-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'account_number': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'additional_information': {'kind': 'text', 'max_length': 1000, 'optional': 0.6},
              'party_type': {'kind': 'enum', 'values': ['INDIVIDUAL', 'BUSINESS', 'OTHER'], 'optional': 0.1},
              'business_name': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'first_name': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'middle_name': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'last_name': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'birth_date': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'gender': {'kind': 'enum', 'values': ['MALE', 'FEMALE', 'UNSPECIFIED'], 'optional': 0.1},
              'phone_number': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'mobile_phone_number': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'home_phone_number': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'business_phone_number': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'email_address': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'personal_email_address': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'business_email_address': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'address': {'kind': 'json', 'optional': 0.1},
              'shipping_address': {'kind': 'json', 'optional': 0.1},
              'mailing_address': {'kind': 'json', 'optional': 0.1},
              'billing_address': {'kind': 'json', 'optional': 0.1},
              'attributes': {'kind': 'json', 'optional': 0.1},
              'found_by_items': {'kind': 'json', 'optional': 0.1},
              'party_type_string': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2},
              'gender_string': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.2}}},
 {'name': 'domains',
  'rows': 40,
  'header': ['domain_name',
             'default_expiration_days',
             'default_encryption_key',
             'dead_letter_queue_url',
             'stats',
             'matching',
             'rule_based_matching',
             'created_at',
             'last_updated_at',
             'tags'],
  'key': {'column': 'domain_name', 'prefix': 'D-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'default_expiration_days': {'kind': 'integer', 'min': 1, 'max': 1098, 'optional': 0.1},
              'default_encryption_key': {'kind': 'token',
                                         'prefix': 'DE-',
                                         'width': 4,
                                         'max_length': 255,
                                         'optional': 0.1},
              'dead_letter_queue_url': {'kind': 'faker', 'provider': 'url', 'max_length': 255, 'optional': 0.1},
              'stats': {'kind': 'json', 'optional': 0.1},
              'matching': {'kind': 'json', 'optional': 0.1},
              'rule_based_matching': {'kind': 'json', 'optional': 0.1},
              'created_at': {'kind': 'datetime', 'days': [-365, 0]},
              'last_updated_at': {'kind': 'datetime', 'days': [-30, 30]},
              'tags': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'integration_workflows',
  'rows': 40,
  'header': ['workflow_id', 'message'],
  'key': {'column': 'workflow_id', 'prefix': 'IW-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'message': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.0}}},
 {'name': 'event_streams',
  'rows': 40,
  'header': ['domain_name',
             'event_stream_name',
             'event_stream_arn',
             'state_',
             'stopped_since',
             'destination_summary',
             'tags'],
  'key': {'column': 'event_stream_name', 'prefix': 'ES-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'domain_name': {'kind': 'text', 'max_length': 64},
              'event_stream_arn': {'kind': 'ref', 'table': 'match_items', 'key': 'match_id', 'optional': 0.0},
              'state_': {'kind': 'enum', 'values': ['RUNNING', 'STOPPED']},
              'stopped_since': {'kind': 'datetime', 'days': [-30, 30], 'optional': 0.1},
              'destination_summary': {'kind': 'json', 'optional': 0.1},
              'tags': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'identity_resolution_jobs',
  'rows': 40,
  'header': ['domain_name',
             'job_id',
             'status',
             'job_start_time',
             'job_end_time',
             'job_stats',
             'exporting_location',
             'message'],
  'key': {'column': 'job_id', 'prefix': 'IRJ-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'domain_name': {'kind': 'ref', 'table': 'event_streams', 'key': 'event_stream_name', 'optional': 0.2},
              'status': {'kind': 'enum',
                         'values': ['PENDING',
                                    'PREPROCESSING',
                                    'FIND_MATCHING',
                                    'MERGING',
                                    'COMPLETED',
                                    'PARTIAL_SUCCESS',
                                    'FAILED'],
                         'optional': 0.1},
              'job_start_time': {'kind': 'datetime', 'days': [-30, 30], 'optional': 0.1},
              'job_end_time': {'kind': 'datetime', 'days': [-30, 30], 'optional': 0.1},
              'job_stats': {'kind': 'json', 'optional': 0.1},
              'exporting_location': {'kind': 'json', 'optional': 0.1},
              'message': {'kind': 'text', 'max_length': 2048, 'optional': 0.6}}},
 {'name': 'profile_object_type_templates',
  'rows': 40,
  'header': ['template_id',
             'source_name',
             'source_object',
             'allow_profile_creation',
             'source_last_updated_timestamp_format',
             'fields',
             'keys'],
  'key': {'column': 'template_id', 'prefix': 'POTT-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'source_name': {'kind': 'ref', 'table': 'event_streams', 'key': 'event_stream_name', 'optional': 0.2},
              'source_object': {'kind': 'ref',
                                'table': 'event_streams',
                                'key': 'event_stream_name',
                                'optional': 0.2},
              'allow_profile_creation': {'kind': 'boolean', 'optional': 0.1},
              'source_last_updated_timestamp_format': {'kind': 'ref',
                                                       'table': 'match_items',
                                                       'key': 'match_id',
                                                       'optional': 0.2},
              'fields': {'kind': 'json', 'optional': 0.1},
              'keys': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'profile_keys',
  'rows': 40,
  'header': ['profile_id', 'key_name', 'values'],
  'key': {'column': 'profile_id', 'prefix': 'PK-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'key_name': {'kind': 'ref', 'table': 'event_streams', 'key': 'event_stream_name', 'optional': 0.0},
              'values': {'kind': 'json'}}}]


class Generator:
    """Draws rows table by table, keeping keys, unique values, references and capacity limits consistent."""

    def __init__(self) -> None:
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.rng = random.Random(0)
        self.rows: dict[str, list[dict[str, Any]]] = {}

    def run(self) -> dict[str, list[dict[str, Any]]]:
        for spec in TABLES:
            self.rows[spec["name"]] = self.table(spec)
        return self.rows

    def table(self, spec: dict[str, Any]) -> list[dict[str, Any]]:
        key = spec["key"]
        rows = [dict(example) for example in spec["examples"]][: spec["rows"]]
        numbers = [int(m.group(1)) for r in rows for m in [re.search(r"(\d+)$", str(r.get(key["column"]) or ""))] if m]
        number = max(numbers, default=key["start"] - 1) + 1
        for _ in range(spec["rows"] - len(rows)):
            row: dict[str, Any] = {key["column"]: f"{key['prefix']}{number:0{key['width']}d}" if key["prefix"]
                                   or key["width"] else number}
            number += 1
            for column, draw in spec["columns"].items():
                row[column] = self.value(draw, row)
            self.settle(spec, row)
            if self.fits(spec, row, rows):
                rows.append(row)
        return rows

    def settle(self, spec: dict[str, Any], row: dict[str, Any]) -> None:
        """Keep statuses in line with the clock: open ones only ahead of NOW, ended ones only behind it."""
        for rule in spec.get("timeline", []):
            source = row
            if "via" in rule:
                source = next((p for p in self.rows[rule["table"]] if p[rule["key"]] == row.get(rule["via"])), {})
            when = source.get(rule["time"])
            if when is None or row.get(rule["status"]) is None:
                continue
            if datetime.fromisoformat(str(when)) <= NOW:
                if row[rule["status"]] in rule["open"]:
                    row[rule["status"]] = self.rng.choice(rule["others"] if "via" in rule else rule["ended"])
            elif row[rule["status"]] in rule["ended"]:
                row[rule["status"]] = rule["open"][0]

    def fits(self, spec: dict[str, Any], row: dict[str, Any], rows: list[dict[str, Any]]) -> bool:
        """Whether ``row`` keeps the table's unique values and limits; a row that breaks one counts less."""
        for column in spec.get("unique_columns", []):
            while any(str(r.get(column)).lower() == str(row[column]).lower() for r in rows):
                head, at, tail = str(row[column]).partition("@")
                row[column] = f"{head}{self.rng.randint(2, 99)}{at}{tail}"
        for rule in spec.get("unique", []):
            if not self.counted(rule.get("where", {}), row):
                continue
            if any(all(r.get(f) == row[f] for f in rule["fields"]) and self.counted(rule.get("where", {}), r)
                   for r in rows):
                if not rule.get("where"):
                    return False
                self.uncount(spec, rule["where"], row)
        limit = spec.get("capacity")
        if limit and self.counted(limit["where"], row):
            parent = next(p for p in self.rows[limit["table"]] if p[limit["key"]] == row[limit["column"]])
            taken = sum(1 for r in rows if r[limit["column"]] == row[limit["column"]] and self.counted(limit["where"], r))
            if taken >= parent[limit["limit"]]:
                self.uncount(spec, limit["where"], row)
        return True

    @staticmethod
    def counted(where: dict[str, list[Any]], row: dict[str, Any]) -> bool:
        return all(row.get(column) in values for column, values in where.items())

    @staticmethod
    def uncount(spec: dict[str, Any], where: dict[str, list[Any]], row: dict[str, Any]) -> None:
        """Give the row a value outside ``where`` (a status that does not count), where the column has one."""
        for column, values in where.items():
            others = [v for v in spec["columns"].get(column, {}).get("values", []) if v not in values]
            if others:
                row[column] = others[0]

    def value(self, draw: dict[str, Any], row: dict[str, Any]) -> Any:
        if draw.get("optional") and self.rng.random() < draw["optional"]:
            return None
        kind = draw["kind"]
        if kind == "enum":
            values = draw["values"]
            weights = [3] + [2 / max(len(values) - 1, 1)] * (len(values) - 1)
            return self.rng.choices(values, weights=weights)[0]
        if kind == "pick":
            return self.rng.choice(draw["values"])
        if kind == "ref":  # a table drawn later (a cycle of references) or an empty one gives no reference
            pool = self.rows.get(draw["table"]) or []
            return self.rng.choice(pool)[draw["key"]] if pool else None
        if kind == "faker":
            return str(getattr(self.fake, draw["provider"])())[: draw.get("max_length") or None]
        if kind == "token":
            return f"{draw['prefix']}{self.rng.randint(1, 10 ** draw['width'] - 1):0{draw['width']}d}"[
                : draw.get("max_length") or None]
        if kind == "json":
            return "[]" if self.rng.random() < 0.5 else "{}"
        if kind == "email":
            first, last = row.get("first_name"), row.get("last_name")
            if first and last:
                name = f"{first}.{last}".lower().replace(" ", "").replace("'", "")
                return f"{name}@{self.rng.choice(['example.com', 'example.net', 'example.org'])}"
            return self.fake.email()
        if kind == "birth_date":
            return self.fake.date_of_birth(minimum_age=18, maximum_age=75).isoformat()
        if kind == "date":
            return (NOW.date() + timedelta(days=self.rng.randint(*draw["days"]))).isoformat()
        if kind == "datetime":
            day = NOW.date() + timedelta(days=self.rng.randint(*draw["days"]))
            minutes = self.rng.randrange(6 * 60, 21 * 60, 15)
            return datetime.combine(day, datetime.min.time()).replace(hour=minutes // 60,
                                                                      minute=minutes % 60).isoformat()
        if kind == "integer":
            return self.rng.randrange(draw["min"], draw["max"] + 1, draw.get("step", 1))
        if kind == "number":
            return round(self.rng.uniform(draw["min"], draw["max"]), 2)
        if kind == "boolean":
            return self.rng.random() < 0.5
        text = self.fake.sentence(nb_words=6).rstrip(".")
        return text[: draw.get("max_length") or None]


def cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rows = Generator().run()
    for spec in TABLES:
        with (args.out / f"{spec['name']}.csv").open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=spec["header"], lineterminator="\n")
            writer.writeheader()
            for row in rows[spec["name"]]:
                writer.writerow({column: cell(row.get(column)) for column in spec["header"]})


if __name__ == "__main__":
    main()
