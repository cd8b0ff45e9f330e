"""Write the seed CSVs of the ebay_fulfillment environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Fulfillment API.
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
TABLES: list[dict[str, Any]] = [{'name': 'orders',
  'rows': 34,
  'header': ['buyer',
             'buyer_checkout_notes',
             'cancel_status',
             'creation_date',
             'ebay_collect_and_remit_tax',
             'fulfillment_hrefs',
             'fulfillment_start_instructions',
             'last_modified_date',
             'legacy_order_id',
             'line_items',
             'order_fulfillment_status',
             'order_id',
             'order_payment_status',
             'payment_summary',
             'pricing_summary',
             'program',
             'sales_record_reference',
             'seller_id',
             'total_fee_basis_amount',
             'total_marketplace_fee'],
  'key': {'column': 'order_id', 'prefix': 'O-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'buyer': {'kind': 'json', 'optional': 0.1},
              'buyer_checkout_notes': {'kind': 'text', 'optional': 0.6},
              'cancel_status': {'kind': 'json', 'optional': 0.1},
              'creation_date': {'kind': 'date', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'ebay_collect_and_remit_tax': {'kind': 'boolean', 'optional': 0.1},
              'fulfillment_hrefs': {'kind': 'json', 'optional': 0.1},
              'fulfillment_start_instructions': {'kind': 'json', 'optional': 0.1},
              'last_modified_date': {'kind': 'date', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'legacy_order_id': {'kind': 'token', 'prefix': 'LO-', 'width': 4, 'optional': 0.1},
              'line_items': {'kind': 'json', 'optional': 0.1},
              'order_fulfillment_status': {'kind': 'pick',
                                           'values': ['active', 'pending', 'completed', 'cancelled'],
                                           'optional': 0.1},
              'order_payment_status': {'kind': 'pick',
                                       'values': ['active', 'pending', 'completed', 'cancelled'],
                                       'optional': 0.1},
              'payment_summary': {'kind': 'json', 'optional': 0.1},
              'pricing_summary': {'kind': 'json', 'optional': 0.1},
              'program': {'kind': 'json', 'optional': 0.1},
              'sales_record_reference': {'kind': 'token', 'prefix': 'SR-', 'width': 6, 'optional': 0.1},
              'seller_id': {'kind': 'token', 'prefix': 'S-', 'width': 4, 'optional': 0.1},
              'total_fee_basis_amount': {'kind': 'json', 'optional': 0.1},
              'total_marketplace_fee': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'payment_disputes',
  'rows': 40,
  'header': ['amount',
             'available_choices',
             'buyer_provided',
             'buyer_username',
             'closed_date',
             'evidence',
             'evidence_requests',
             'line_items',
             'monetary_transactions',
             'note',
             'open_date',
             'order_id',
             'payment_dispute_id',
             'payment_dispute_status',
             'reason',
             'resolution',
             'respond_by_date',
             'return_address',
             'revision',
             'seller_response'],
  'key': {'column': 'payment_dispute_id', 'prefix': 'PD-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'amount': {'kind': 'json', 'optional': 0.1},
              'available_choices': {'kind': 'json', 'optional': 0.1},
              'buyer_provided': {'kind': 'json', 'optional': 0.1},
              'buyer_username': {'kind': 'token', 'prefix': 'B-', 'width': 6, 'optional': 0.1},
              'closed_date': {'kind': 'date', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'evidence': {'kind': 'json', 'optional': 0.1},
              'evidence_requests': {'kind': 'json', 'optional': 0.1},
              'line_items': {'kind': 'json', 'optional': 0.1},
              'monetary_transactions': {'kind': 'json', 'optional': 0.1},
              'note': {'kind': 'text', 'optional': 0.6},
              'open_date': {'kind': 'date', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'order_id': {'kind': 'ref', 'table': 'orders', 'key': 'order_id', 'optional': 0.2},
              'payment_dispute_status': {'kind': 'pick',
                                         'values': ['active', 'pending', 'completed', 'cancelled'],
                                         'optional': 0.1},
              'reason': {'kind': 'text', 'optional': 0.6},
              'resolution': {'kind': 'json', 'optional': 0.1},
              'respond_by_date': {'kind': 'date', 'days': [-30, 30], 'past': False, 'optional': 0.1},
              'return_address': {'kind': 'json', 'optional': 0.1},
              'revision': {'kind': 'integer', 'min': 1, 'max': 100, 'optional': 0.1},
              'seller_response': {'kind': 'pick', 'values': ['accepted', 'declined', 'pending'], 'optional': 0.1}}},
 {'name': 'refunds',
  'rows': 40,
  'header': ['refund_id', 'refund_status', 'order_id'],
  'key': {'column': 'refund_id', 'prefix': 'R-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'refund_status': {'kind': 'pick', 'values': ['PENDING', 'FAILED'], 'optional': 0.1},
              'order_id': {'kind': 'ref', 'table': 'orders', 'key': 'order_id', 'optional': 0.2}}},
 {'name': 'shipping_fulfillments',
  'rows': 40,
  'header': ['fulfillment_id',
             'line_items',
             'shipment_tracking_number',
             'shipped_date',
             'shipping_carrier_code',
             'order_id'],
  'key': {'column': 'fulfillment_id', 'prefix': 'SF-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'line_items': {'kind': 'json', 'optional': 0.1},
              'shipment_tracking_number': {'kind': 'token', 'prefix': '', 'width': 8, 'optional': 0.1},
              'shipped_date': {'kind': 'date', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'shipping_carrier_code': {'kind': 'token', 'prefix': 'SC-', 'width': 6, 'optional': 0.1},
              'order_id': {'kind': 'ref', 'table': 'orders', 'key': 'order_id', 'optional': 0.2}}},
 {'name': 'evidence_payment_disputes',
  'rows': 40,
  'header': ['evidence_id', 'evidence_type', 'files', 'line_items', 'payment_dispute_id'],
  'key': {'column': 'evidence_id', 'prefix': 'EPD-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'evidence_type': {'kind': 'pick', 'values': ['standard', 'custom', 'other'], 'optional': 0.1},
              'files': {'kind': 'json', 'optional': 0.1},
              'line_items': {'kind': 'json', 'optional': 0.1},
              'payment_dispute_id': {'kind': 'ref',
                                     'table': 'payment_disputes',
                                     'key': 'payment_dispute_id',
                                     'optional': 0.2}}},
 {'name': 'evidences',
  'rows': 40,
  'header': ['evidence_id', 'evidence_type', 'line_items', 'request_date', 'respond_by_date', 'payment_dispute_id'],
  'key': {'column': 'evidence_id', 'prefix': 'E-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'evidence_type': {'kind': 'pick', 'values': ['standard', 'custom', 'other'], 'optional': 0.1},
              'line_items': {'kind': 'json', 'optional': 0.1},
              'request_date': {'kind': 'date', 'days': [-30, 30], 'past': False, 'optional': 0.1},
              'respond_by_date': {'kind': 'date', 'days': [-30, 30], 'past': False, 'optional': 0.1},
              'payment_dispute_id': {'kind': 'ref',
                                     'table': 'payment_disputes',
                                     'key': 'payment_dispute_id',
                                     'optional': 0.2}}}]


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
