"""Write the seed CSVs of the c_amazonaws_com_amplify environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from AWS Amplify.
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
TABLES: list[dict[str, Any]] = [{'name': 'apps',
  'rows': 40,
  'header': ['app_id',
             'app_arn',
             'name',
             'tags',
             'description',
             'repository',
             'platform',
             'create_time',
             'update_time',
             'iam_service_role_arn',
             'environment_variables',
             'default_domain',
             'enable_branch_auto_build',
             'enable_branch_auto_deletion',
             'enable_basic_auth',
             'basic_auth_credentials',
             'custom_rules',
             'production_branch',
             'build_spec',
             'custom_headers',
             'enable_auto_branch_creation',
             'auto_branch_creation_patterns',
             'auto_branch_creation_config',
             'repository_clone_method'],
  'key': {'column': 'app_id', 'prefix': 'A-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'app_arn': {'kind': 'text', 'max_length': 1000},
              'name': {'kind': 'faker', 'provider': 'name', 'max_length': 255},
              'tags': {'kind': 'json', 'optional': 0.1},
              'description': {'kind': 'text', 'max_length': 1000},
              'repository': {'kind': 'text', 'max_length': 1000},
              'platform': {'kind': 'enum', 'values': ['WEB', 'WEB_DYNAMIC', 'WEB_COMPUTE']},
              'create_time': {'kind': 'datetime', 'days': [-30, 30]},
              'update_time': {'kind': 'datetime', 'days': [-30, 30]},
              'iam_service_role_arn': {'kind': 'text', 'max_length': 1000, 'optional': 0.6},
              'environment_variables': {'kind': 'json'},
              'default_domain': {'kind': 'text', 'max_length': 1000},
              'enable_branch_auto_build': {'kind': 'boolean'},
              'enable_branch_auto_deletion': {'kind': 'boolean', 'optional': 0.1},
              'enable_basic_auth': {'kind': 'boolean'},
              'basic_auth_credentials': {'kind': 'faker',
                                         'provider': 'password',
                                         'max_length': 2000,
                                         'optional': 0.1},
              'custom_rules': {'kind': 'json', 'optional': 0.1},
              'production_branch': {'kind': 'json', 'optional': 0.1},
              'build_spec': {'kind': 'faker', 'provider': 'password', 'max_length': 25000, 'optional': 0.1},
              'custom_headers': {'kind': 'text', 'max_length': 25000, 'optional': 0.6},
              'enable_auto_branch_creation': {'kind': 'boolean', 'optional': 0.1},
              'auto_branch_creation_patterns': {'kind': 'json', 'optional': 0.1},
              'auto_branch_creation_config': {'kind': 'json', 'optional': 0.1},
              'repository_clone_method': {'kind': 'enum', 'values': ['SSH', 'TOKEN', 'SIGV4'], 'optional': 0.1}}},
 {'name': 'artifacts',
  'rows': 40,
  'header': ['artifact_file_name', 'artifact_id'],
  'key': {'column': 'artifact_id', 'prefix': 'A-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'artifact_file_name': {'kind': 'text', 'max_length': 1000}}},
 {'name': 'branches',
  'rows': 40,
  'header': ['branch_arn',
             'branch_name',
             'description',
             'tags',
             'stage',
             'display_name',
             'enable_notification',
             'create_time',
             'update_time',
             'environment_variables',
             'enable_auto_build',
             'custom_domains',
             'framework',
             'active_job_id',
             'total_number_of_jobs',
             'enable_basic_auth',
             'enable_performance_mode',
             'thumbnail_url',
             'basic_auth_credentials',
             'build_spec',
             'ttl',
             'associated_resources',
             'enable_pull_request_preview',
             'pull_request_environment_name',
             'destination_branch',
             'source_branch',
             'backend_environment_arn'],
  'key': {'column': 'branch_name', 'prefix': 'B-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'branch_arn': {'kind': 'text', 'max_length': 1000},
              'description': {'kind': 'text', 'max_length': 1000},
              'tags': {'kind': 'json', 'optional': 0.1},
              'stage': {'kind': 'enum',
                        'values': ['PRODUCTION', 'BETA', 'DEVELOPMENT', 'EXPERIMENTAL', 'PULL_REQUEST']},
              'display_name': {'kind': 'faker', 'provider': 'name', 'max_length': 255},
              'enable_notification': {'kind': 'boolean'},
              'create_time': {'kind': 'datetime', 'days': [-30, 30]},
              'update_time': {'kind': 'datetime', 'days': [-30, 30]},
              'environment_variables': {'kind': 'json'},
              'enable_auto_build': {'kind': 'boolean'},
              'custom_domains': {'kind': 'json'},
              'framework': {'kind': 'text', 'max_length': 255},
              'active_job_id': {'kind': 'token', 'prefix': 'AJ-', 'width': 4, 'max_length': 1000},
              'total_number_of_jobs': {'kind': 'text', 'max_length': 1000},
              'enable_basic_auth': {'kind': 'boolean'},
              'enable_performance_mode': {'kind': 'boolean', 'optional': 0.1},
              'thumbnail_url': {'kind': 'faker', 'provider': 'url', 'max_length': 2000, 'optional': 0.1},
              'basic_auth_credentials': {'kind': 'faker',
                                         'provider': 'password',
                                         'max_length': 2000,
                                         'optional': 0.1},
              'build_spec': {'kind': 'faker', 'provider': 'password', 'max_length': 25000, 'optional': 0.1},
              'ttl': {'kind': 'text', 'max_length': 32},
              'associated_resources': {'kind': 'json', 'optional': 0.1},
              'enable_pull_request_preview': {'kind': 'boolean'},
              'pull_request_environment_name': {'kind': 'text', 'max_length': 20, 'optional': 0.6},
              'destination_branch': {'kind': 'text', 'max_length': 255, 'optional': 0.6},
              'source_branch': {'kind': 'text', 'max_length': 255, 'optional': 0.6},
              'backend_environment_arn': {'kind': 'text', 'max_length': 1000, 'optional': 0.6}}},
 {'name': 'webhooks',
  'rows': 40,
  'header': ['webhook_arn',
             'webhook_id',
             'webhook_url',
             'branch_name',
             'description',
             'create_time',
             'update_time'],
  'key': {'column': 'webhook_id', 'prefix': 'W-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'webhook_arn': {'kind': 'text', 'max_length': 1000},
              'webhook_url': {'kind': 'faker', 'provider': 'url', 'max_length': 1000},
              'branch_name': {'kind': 'ref', 'table': 'branches', 'key': 'branch_name', 'optional': 0.0},
              'description': {'kind': 'text', 'max_length': 1000},
              'create_time': {'kind': 'datetime', 'days': [-30, 30]},
              'update_time': {'kind': 'datetime', 'days': [-30, 30]}}},
 {'name': 'artifact_urls',
  'rows': 40,
  'header': ['artifact_id', 'artifact_url_value'],
  'key': {'column': 'artifact_id', 'prefix': 'AU-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'artifact_url_value': {'kind': 'text', 'max_length': 1000}}},
 {'name': 'jobs',
  'rows': 40,
  'header': ['job_arn',
             'job_id',
             'commit_id',
             'commit_message',
             'commit_time',
             'start_time',
             'status',
             'end_time',
             'job_type'],
  'key': {'column': 'job_id', 'prefix': 'J-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'job_arn': {'kind': 'text', 'max_length': 1000},
              'commit_id': {'kind': 'token', 'prefix': 'C-', 'width': 4, 'max_length': 255},
              'commit_message': {'kind': 'text', 'max_length': 10000},
              'commit_time': {'kind': 'datetime', 'days': [-30, 30]},
              'start_time': {'kind': 'datetime', 'days': [-30, 30]},
              'status': {'kind': 'enum',
                         'values': ['PENDING',
                                    'PROVISIONING',
                                    'RUNNING',
                                    'FAILED',
                                    'SUCCEED',
                                    'CANCELLING',
                                    'CANCELLED']},
              'end_time': {'kind': 'datetime', 'days': [-30, 30], 'optional': 0.1},
              'job_type': {'kind': 'enum', 'values': ['RELEASE', 'RETRY', 'MANUAL', 'WEB_HOOK']}}}]


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
