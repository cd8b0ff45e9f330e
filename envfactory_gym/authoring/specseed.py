"""Seed rows drawn from a compiled table specification: what a compiled environment's ``seed/generate.py`` runs.

A compiled environment's seed script holds its tables' specification (row counts, key shapes, the spec's
examples and how each column is drawn) and calls :func:`main`; the drawing lives here, once. The same
specification gives the same bytes on every run: ``random.Random(0)`` and Faker 40.63.0 seeded with 0. The
drawing must not change for a specification already shipped: the compiled environments' tests regenerate their
seed and compare it with the CSVs they ship.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import re
import tempfile
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

__all__ = ["Generator", "main", "write_tables"]


class Generator:
    """Draws rows table by table, keeping keys, unique values, references and capacity limits consistent."""

    def __init__(self, tables: list[dict[str, Any]], now: datetime) -> None:
        from faker import Faker

        self.tables, self.now = tables, now
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.rng = random.Random(0)
        self.rows: dict[str, list[dict[str, Any]]] = {}

    def run(self) -> dict[str, list[dict[str, Any]]]:
        for spec in self.tables:
            self.rows[spec["name"]] = self.table(spec)
        for spec in self.tables:  # references to tables drawn later (a cycle, or the table itself), drawn now
            for column, draw in spec["columns"].items():
                late = draw.get("else", draw) if draw["kind"] == "copy" else draw
                if late.get("late"):
                    for row in self.rows[spec["name"]]:
                        if row.get(column) is None:
                            row[column] = self.value(late, row)
        return self.rows

    def table(self, spec: dict[str, Any]) -> list[dict[str, Any]]:
        key = spec["key"]
        rows = [dict(example) for example in spec["examples"]][: spec["rows"]]
        numbers = [int(m.group(1)) for r in rows for m in [re.search(r"(\d+)$", str(r.get(key["column"]) or ""))] if m]
        number = max(numbers, default=key["start"] - 1) + 1
        taken = {r.get(key["column"]) for r in rows}
        fixed = [v for v in key.get("values", []) if v not in taken]
        if "from" in key:  # the rest of another table's record: one row for some of that table's rows
            pool = [p[key["from"]["key"]] for p in self.rows[key["from"]["table"]] if p[key["from"]["key"]] not in taken]
            fixed = [pool[i] for i in sorted(self.rng.sample(range(len(pool)), min(len(pool), spec["rows"] - len(rows))))]
        for _ in range(spec["rows"] - len(rows)):
            if "values" in key or "from" in key:  # the keys are fixed: one row per key not yet used
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
        """Keep statuses in line with the clock: open ones only ahead of self.now, ended ones only behind it."""
        for rule in spec.get("timeline", []):
            source = row
            if "via" in rule:
                source = next((p for p in self.rows[rule["table"]] if p[rule["key"]] == row.get(rule["via"])), {})
            when = source.get(rule["time"])
            if when is None or row.get(rule["status"]) is None:
                continue
            if datetime.fromisoformat(str(when)) <= self.now:
                if row[rule["status"]] in rule["open"]:
                    row[rule["status"]] = self.rng.choice(rule["others"] if "via" in rule else rule["ended"])
            elif row[rule["status"]] in rule["ended"]:
                row[rule["status"]] = rule["open"][0]

    def shape(self, spec: dict[str, Any], row: dict[str, Any]) -> None:
        """Keep a state's fields to rows in that state, each end after its start and past events behind self.now."""
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
            try:
                day, first, last = len(str(end)) == 10, moment(start), moment(end)
            except ValueError:  # a value that is no date (an example's)
                continue
            if last <= first:
                last = first + (timedelta(days=self.rng.randint(1, 30)) if day else
                                timedelta(minutes=self.rng.randrange(60, 30 * 24 * 60, 15)))
            if draw.get("past") and last > self.now:
                if first >= self.now:  # a past end needs a past start
                    first = self.now - timedelta(days=self.rng.randint(2, 30))
                    row[draw["after"]] = stamp(first, len(str(start)) == 10)
                last = first + (self.now - first) * self.rng.uniform(0.1, 0.9)
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
        if kind == "ref":  # a table drawn later (a cycle of references) or an empty one gives none yet
            pool = [r for r in self.rows.get(draw["table"]) or [] if r is not row]
            return self.rng.choice(pool)[draw["key"]] if pool else None
        if kind == "copy":  # a field another record holds: the value of the row the reference ``via`` names
            source = next((r for r in self.rows.get(draw["table"]) or [] if row.get(draw["via"]) is not None
                           and r[draw["key"]] == row.get(draw["via"])), None)
            held = source.get(draw["column"]) if source is not None else None
            if held is None and (source is None or not draw["else"].get("optional")):
                return self.value(draw["else"], row)  # a field this record requires that the source leaves empty
            return held
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
            return (self.now.date() - timedelta(days=self.rng.randint(18 * 366, 75 * 365))).isoformat()  # by the clock
        if kind == "date":
            return (self.now.date() + timedelta(days=self.rng.randint(*draw["days"]))).isoformat()
        if kind == "datetime":
            day = self.now.date() + timedelta(days=self.rng.randint(*draw["days"]))
            minutes = self.rng.randrange(6 * 60, 21 * 60, 15)
            when = datetime.combine(day, datetime.min.time()).replace(hour=minutes // 60, minute=minutes % 60)
            return (when - timedelta(days=1) if draw.get("past") and when > self.now else when).isoformat()
        if kind == "year":  # ahead of the clock for an expiry, behind it otherwise
            year = self.now.year + (self.rng.randint(0, 6) if draw.get("ahead") else -self.rng.randint(0, 10))
            text = f"{year % 100:02d}" if draw.get("digits") == 2 else str(year)
            return int(text) if draw.get("integer") else text
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


def write_tables(tables: list[dict[str, Any]], rows: dict[str, list[dict[str, Any]]], out: Path) -> None:
    """Write ``<out>/<table>.csv`` for each table of the specification, each file replaced whole (atomically)."""
    out.mkdir(parents=True, exist_ok=True)
    for spec in tables:
        fd, tmp = tempfile.mkstemp(dir=out, prefix=f".{spec['name']}.", suffix=".csv.tmp")
        try:
            with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
                writer = csv.DictWriter(f, fieldnames=spec["header"], lineterminator="\n")
                writer.writeheader()
                for row in rows[spec["name"]]:
                    writer.writerow({column: cell(row.get(column)) for column in spec["header"]})
            os.replace(tmp, out / f"{spec['name']}.csv")
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)


def main(tables: list[dict[str, Any]], now: datetime, script: str, doc: str | None = None,
         argv: Sequence[str] | None = None) -> None:
    """The seed script's command line: ``python seed/generate.py [--out FOLDER]`` (default: the script's folder)."""
    parser = argparse.ArgumentParser(prog=Path(script).name, description=doc)
    parser.add_argument("--out", type=Path, default=Path(script).resolve().parent)
    args = parser.parse_args(argv)
    write_tables(tables, Generator(tables, now).run(), args.out)
