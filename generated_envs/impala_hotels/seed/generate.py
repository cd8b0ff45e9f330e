"""Write the seed CSVs of the impala_hotels environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Impala Hotel Booking API.
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
        fixed = [v for v in key.get("values", []) if v not in {r.get(key["column"]) for r in rows}]
        for _ in range(spec["rows"] - len(rows)):
            if "values" in key:  # the specification fixes the keys: one row per key not yet used
                if not fixed:
                    break
                row: dict[str, Any] = {key["column"]: fixed.pop(0)}
            else:
                row = {key["column"]: f"{key['prefix']}{number:0{key['width']}d}" if key["prefix"]
                       or key["width"] else number}
                number += 1
            for column, draw in spec["columns"].items():
                row[column] = self.value(draw, row)
            self.settle(spec, row)
            self.shape(spec, row)
            self.fill(spec, row)
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

    def shape(self, spec: dict[str, Any], row: dict[str, Any]) -> None:
        """Keep a state's fields to rows in that state, each end after its start and past events behind NOW."""
        for column, draw in spec["columns"].items():
            rule = draw.get("when")
            if rule and row.get(rule["column"]) not in rule["values"]:
                row[column] = None
            elif rule and row.get(column) is None:
                row[column] = self.value({**draw, "optional": 0}, row)
        for column, draw in spec["columns"].items():
            start, end = row.get(draw.get("after") or ""), row.get(column)
            if start is None or end is None:
                continue
            day, first, last = len(str(end)) == 10, moment(start), moment(end)
            if last <= first:
                last = first + (timedelta(days=self.rng.randint(1, 30)) if day else
                                timedelta(minutes=self.rng.randrange(60, 30 * 24 * 60, 15)))
            if draw.get("past") and last > NOW:
                if first >= NOW:  # a past end needs a past start
                    first = NOW - timedelta(days=self.rng.randint(2, 30))
                    row[draw["after"]] = stamp(first, len(str(start)) == 10)
                last = first + (NOW - first) * self.rng.uniform(0.1, 0.9)
                last = max(first + timedelta(minutes=1), last.replace(second=0, microsecond=0))
            row[column] = stamp(last, day)

    def fill(self, spec: dict[str, Any], row: dict[str, Any]) -> None:
        """A required column (drawn without ``optional``) is never left empty: the schema says NOT NULL."""
        for column, draw in spec["columns"].items():
            for _ in range(5):
                if draw.get("optional") or draw["kind"] == "ref" or row.get(column) not in (None, ""):
                    break
                row[column] = self.value(draw, row)

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
        value = self.drawn(draw, row)
        if draw.get("pattern") and isinstance(value, str) and draw.get("samples") and not re.fullmatch(
                draw["pattern"].strip("^$"), value):  # the pattern refuses it: a value drawn from the pattern
            value = self.rng.choice(draw["samples"])
        return value

    def drawn(self, draw: dict[str, Any], row: dict[str, Any]) -> Any:
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
            return (NOW.date() - timedelta(days=self.rng.randint(18 * 366, 75 * 365))).isoformat()  # by the clock
        if kind == "date":
            return (NOW.date() + timedelta(days=self.rng.randint(*draw["days"]))).isoformat()
        if kind == "datetime":
            day = NOW.date() + timedelta(days=self.rng.randint(*draw["days"]))
            minutes = self.rng.randrange(6 * 60, 21 * 60, 15)
            when = datetime.combine(day, datetime.min.time()).replace(hour=minutes // 60, minute=minutes % 60)
            return (when - timedelta(days=1) if draw.get("past") and when > NOW else when).isoformat()
        if kind == "words":
            text = draw.get("sep", " ").join(self.fake.words(nb=draw["count"], unique=True))
            return (text.title() if draw.get("title") else text.lower())[: draw.get("max_length") or None]
        if kind == "integer":
            return self.rng.randrange(draw["min"], draw["max"] + 1, draw.get("step", 1))
        if kind == "number":
            return round(self.rng.uniform(draw["min"], draw["max"]), 2)
        if kind == "boolean":
            return self.rng.random() < 0.5
        text = self.fake.sentence(nb_words=6).rstrip(".")
        return text[: draw.get("max_length") or None]


def moment(value: Any) -> datetime:
    """A date or date-time value as a date-time (a date at midnight)."""
    text = str(value).replace("Z", "+00:00")
    return datetime.fromisoformat(text).replace(tzinfo=None) if len(text) > 10 else \
        datetime.combine(date.fromisoformat(text), datetime.min.time())


def stamp(value: datetime, day: bool) -> str:
    return value.date().isoformat() if day else value.isoformat()


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
