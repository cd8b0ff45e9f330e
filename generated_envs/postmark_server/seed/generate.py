"""Write the seed CSVs of the postmark_server environment: the specification's examples, then synthetic rows.

The same bytes on every run: random.Random(0) and Faker 40.63.0 (pip install "faker==40.63.0") seeded with 0.
Run: python seed/generate.py [--out FOLDER]. The table specifications below were compiled from Postmark API.
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
TABLES: list[dict[str, Any]] = [{'name': 'inboundrules',
  'rows': 40,
  'header': ['inboundrule_id', 'rule'],
  'key': {'column': 'inboundrule_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'rule': {'kind': 'email', 'optional': 0.1}}},
 {'name': 'inboundrule2s',
  'rows': 40,
  'header': ['inboundrule2_id', 'rule'],
  'key': {'column': 'inboundrule2_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'rule': {'kind': 'token', 'prefix': 'RULE-', 'width': 6, 'optional': 0.1}}},
 {'name': 'templates',
  'rows': 40,
  'header': ['active', 'alias', 'associated_server_id', 'html_body', 'name', 'subject', 'template_id', 'text_body'],
  'key': {'column': 'template_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean', 'optional': 0.1},
              'alias': {'kind': 'token', 'prefix': 'A-', 'width': 6, 'optional': 0.1},
              'associated_server_id': {'kind': 'integer', 'min': 1, 'max': 9999, 'optional': 0.1},
              'html_body': {'kind': 'text', 'optional': 0.6},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'subject': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'text_body': {'kind': 'text', 'optional': 0.6}}},
 {'name': 'inbound_messages',
  'rows': 40,
  'header': ['attachments',
             'cc',
             'cc_full',
             'date',
             'from_',
             'from_full',
             'from_name',
             'mailbox_hash',
             'message_id',
             'original_recipient',
             'reply_to',
             'status',
             'subject',
             'tag',
             'to_',
             'to_full'],
  'key': {'column': 'message_id', 'prefix': 'IM-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'attachments': {'kind': 'json', 'optional': 0.1},
              'cc': {'kind': 'token', 'prefix': 'CC-', 'width': 6, 'optional': 0.1},
              'cc_full': {'kind': 'json', 'optional': 0.1},
              'date': {'kind': 'date', 'days': [-30, 30], 'past': False, 'optional': 0.1},
              'from_': {'kind': 'token', 'prefix': 'FROM-', 'width': 6, 'optional': 0.1},
              'from_full': {'kind': 'json', 'optional': 0.1},
              'from_name': {'kind': 'words', 'count': 2, 'sep': ' ', 'title': True, 'optional': 0.1},
              'mailbox_hash': {'kind': 'token', 'prefix': 'M-', 'width': 6, 'optional': 0.1},
              'original_recipient': {'kind': 'token', 'prefix': 'O-', 'width': 6, 'optional': 0.1},
              'reply_to': {'kind': 'token', 'prefix': 'R-', 'width': 6, 'optional': 0.1},
              'status': {'kind': 'enum',
                         'values': ['blocked', 'processed', 'queued', 'failed', 'scheduled'],
                         'optional': 0.1},
              'subject': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'tag': {'kind': 'token', 'prefix': 'TAG-', 'width': 6, 'optional': 0.1},
              'to_': {'kind': 'token', 'prefix': 'TO-', 'width': 6, 'optional': 0.1},
              'to_full': {'kind': 'json', 'optional': 0.1}}},
 {'name': 'outbound_messages',
  'rows': 7,
  'header': ['attachments',
             'bcc',
             'body',
             'cc',
             'from_',
             'html_body',
             'message_events',
             'message_id',
             'received_at',
             'recipients',
             'status',
             'subject',
             'tag',
             'text_body',
             'to_',
             'track_links',
             'track_opens'],
  'key': {'column': 'message_id', 'prefix': 'OM-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'attachments': {'kind': 'json', 'optional': 0.1},
              'bcc': {'kind': 'json', 'optional': 0.1},
              'body': {'kind': 'text', 'optional': 0.6},
              'cc': {'kind': 'json', 'optional': 0.1},
              'from_': {'kind': 'token', 'prefix': 'FROM-', 'width': 6, 'optional': 0.1},
              'html_body': {'kind': 'text', 'optional': 0.6},
              'message_events': {'kind': 'json', 'optional': 0.1},
              'received_at': {'kind': 'datetime', 'days': [-365, 0], 'past': True, 'optional': 0.1},
              'recipients': {'kind': 'json', 'optional': 0.1},
              'status': {'kind': 'enum', 'values': ['queued', 'sent'], 'optional': 0.1},
              'subject': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'tag': {'kind': 'token', 'prefix': 'TAG-', 'width': 6, 'optional': 0.1},
              'text_body': {'kind': 'text', 'optional': 0.6},
              'to_': {'kind': 'json', 'optional': 0.1},
              'track_links': {'kind': 'enum',
                              'values': ['None', 'HtmlAndText', 'HtmlOnly', 'TextOnly'],
                              'optional': 0.1},
              'track_opens': {'kind': 'boolean', 'optional': 0.1}}},
 {'name': 'bounces',
  'rows': 40,
  'header': ['bounced_at',
             'can_activate',
             'content',
             'description',
             'details',
             'dump_available',
             'email',
             'bounce_id',
             'inactive',
             'message_id',
             'name',
             'subject',
             'tag',
             'type',
             'type_code'],
  'key': {'column': 'bounce_id', 'prefix': 'B-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'bounced_at': {'kind': 'datetime', 'days': [-30, 30], 'optional': 0.1},
              'can_activate': {'kind': 'boolean', 'optional': 0.1},
              'content': {'kind': 'text', 'optional': 0.6},
              'description': {'kind': 'text', 'optional': 0.6},
              'details': {'kind': 'text', 'optional': 0.6},
              'dump_available': {'kind': 'boolean', 'optional': 0.1},
              'email': {'kind': 'email', 'optional': 0.1},
              'inactive': {'kind': 'boolean', 'optional': 0.1},
              'message_id': {'kind': 'ref', 'table': 'outbound_messages', 'key': 'message_id', 'optional': 0.2},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'subject': {'kind': 'words', 'count': 3, 'sep': ' ', 'title': True, 'optional': 0.1},
              'tag': {'kind': 'token', 'prefix': 'TAG-', 'width': 6, 'optional': 0.1},
              'type': {'kind': 'enum',
                       'values': ['HardBounce',
                                  'Transient',
                                  'Unsubscribe',
                                  'Subscribe',
                                  'AutoResponder',
                                  'AddressChange',
                                  'DnsError',
                                  'SpamNotification',
                                  'OpenRelayTest',
                                  'Unknown',
                                  'SoftBounce',
                                  'VirusNotification',
                                  'MailFrontier Matador.',
                                  'BadEmailAddress',
                                  'SpamComplaint',
                                  'ManuallyDeactivated',
                                  'Unconfirmed',
                                  'Blocked',
                                  'SMTPApiError',
                                  'InboundError',
                                  'DMARCPolicy',
                                  'TemplateRenderingFailed'],
                       'optional': 0.1},
              'type_code': {'kind': 'integer', 'min': 1, 'max': 100, 'optional': 0.1}}},
 {'name': 'server_configurations',
  'rows': 6,
  'header': ['api_tokens',
             'bounce_hook_url',
             'click_hook_url',
             'color',
             'delivery_hook_url',
             'server_configuration_id',
             'inbound_address',
             'inbound_domain',
             'inbound_hash',
             'inbound_hook_url',
             'inbound_spam_threshold',
             'name',
             'open_hook_url',
             'post_first_open_only',
             'raw_email_enabled',
             'server_link',
             'smtp_api_activated',
             'track_links',
             'track_opens'],
  'key': {'column': 'server_configuration_id', 'prefix': '', 'width': 0, 'start': 1},
  'examples': [],
  'columns': {'api_tokens': {'kind': 'json', 'optional': 0.1},
              'bounce_hook_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'click_hook_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'color': {'kind': 'enum',
                        'values': ['purple', 'blue', 'turqoise', 'green', 'red', 'yellow', 'grey'],
                        'optional': 0.1},
              'delivery_hook_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'inbound_address': {'kind': 'email', 'optional': 0.1},
              'inbound_domain': {'kind': 'token', 'prefix': 'I-', 'width': 6, 'optional': 0.1},
              'inbound_hash': {'kind': 'token', 'prefix': 'I-', 'width': 6, 'optional': 0.1},
              'inbound_hook_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'inbound_spam_threshold': {'kind': 'integer', 'min': 1, 'max': 100, 'optional': 0.1},
              'name': {'kind': 'faker', 'provider': 'name', 'optional': 0.1},
              'open_hook_url': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'post_first_open_only': {'kind': 'boolean', 'optional': 0.1},
              'raw_email_enabled': {'kind': 'boolean', 'optional': 0.1},
              'server_link': {'kind': 'faker', 'provider': 'url', 'optional': 0.1},
              'smtp_api_activated': {'kind': 'boolean', 'optional': 0.1},
              'track_links': {'kind': 'enum',
                              'values': ['None', 'HtmlAndText', 'HtmlOnly', 'TextOnly'],
                              'optional': 0.1},
              'track_opens': {'kind': 'boolean', 'optional': 0.1}}},
 {'name': 'template_records',
  'rows': 30,
  'header': ['active', 'alias', 'template_record_name', 'template_id'],
  'key': {'column': 'template_record_name', 'prefix': 'TR-', 'width': 4, 'start': 1},
  'examples': [],
  'columns': {'active': {'kind': 'boolean', 'optional': 0.1},
              'alias': {'kind': 'token', 'prefix': 'A-', 'width': 6, 'optional': 0.1},
              'template_id': {'kind': 'number', 'min': 1.0, 'max': 501.0, 'optional': 0.1}}}]


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
