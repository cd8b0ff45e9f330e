"""Write the seed CSVs of the c_amazonaws_com_connectparticipant environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Amazon Connect Participant Service.
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
TABLES: list[dict[str, Any]] = [{'name': 'items',
  'rows': 40,
  'header': ['absolute_time',
             'content',
             'content_type',
             'id',
             'type',
             'participant_id',
             'display_name',
             'participant_role',
             'attachments',
             'message_metadata',
             'related_contact_id',
             'contact_id'],
  'key': {'column': 'id', 'prefix': 'I-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'absolute_time': {'kind': 'text', 'max_length': 100, 'optional': 0.6},
              'content': {'kind': 'text', 'max_length': 16384, 'optional': 0.6},
              'content_type': {'kind': 'text', 'max_length': 100, 'optional': 0.6},
              'type': {'kind': 'enum',
                       'values': ['TYPING',
                                  'PARTICIPANT_JOINED',
                                  'PARTICIPANT_LEFT',
                                  'CHAT_ENDED',
                                  'TRANSFER_SUCCEEDED',
                                  'TRANSFER_FAILED',
                                  'MESSAGE',
                                  'EVENT',
                                  'ATTACHMENT',
                                  'CONNECTION_ACK',
                                  'MESSAGE_DELIVERED',
                                  'MESSAGE_READ'],
                       'optional': 0.1},
              'participant_id': {'kind': 'token', 'prefix': 'P-', 'width': 4, 'max_length': 256, 'optional': 0.1},
              'display_name': {'kind': 'faker', 'provider': 'name', 'max_length': 256, 'optional': 0.1},
              'participant_role': {'kind': 'enum', 'values': ['AGENT', 'CUSTOMER', 'SYSTEM'], 'optional': 0.1},
              'attachments': {'kind': 'json', 'optional': 0.1},
              'message_metadata': {'kind': 'json', 'optional': 0.1},
              'related_contact_id': {'kind': 'token',
                                     'prefix': 'RC-',
                                     'width': 4,
                                     'max_length': 256,
                                     'optional': 0.1},
              'contact_id': {'kind': 'token', 'prefix': 'C-', 'width': 4, 'max_length': 256, 'optional': 0.1}}},
 {'name': 'send_events',
  'rows': 40,
  'header': ['id', 'absolute_time'],
  'key': {'column': 'id', 'prefix': 'SE-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'absolute_time': {'kind': 'text', 'max_length': 100, 'optional': 0.6}}},
 {'name': 'send_messages',
  'rows': 40,
  'header': ['id', 'absolute_time'],
  'key': {'column': 'id', 'prefix': 'SM-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'absolute_time': {'kind': 'text', 'max_length': 100, 'optional': 0.6}}}]


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
