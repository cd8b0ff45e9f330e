"""The seed script of a compiled environment: table specifications for the generic generator template."""

from __future__ import annotations

import json
import pprint
from importlib import resources
from typing import Any

from envfactory_gym.envgen.compile.described import is_class_field
from envfactory_gym.envgen.compile.links import copied_references, extension_of, shared_columns
from envfactory_gym.envgen.compile.listing import list_rows
from envfactory_gym.envgen.compile.plan import Column, Plan, Table
from envfactory_gym.envgen.compile.seedvalues import (
    anchor,
    condition,
    number_bounds,
    past_time,
    pattern_samples,
    string_draw,
    tokens,
)
from envfactory_gym.envgen.compile.spans import date_pairs
from envfactory_gym.envgen.compile.valueclass import year_draw

#: Column names Faker has a provider for (a column's ``x-faker`` extension names any other provider).
FAKER_NAMES = {"first_name": "first_name", "last_name": "last_name", "name": "name", "full_name": "name",
               "phone": "phone_number", "phone_number": "phone_number", "city": "city", "address": "street_address",
               "street": "street_address", "postcode": "postcode", "zip": "postcode", "zip_code": "postcode",
               "company": "company", "country": "country", "state": "state", "url": "url", "website": "url",
               "company_name": "company", "organization": "company", "street_address": "street_address",
               "address_line1": "street_address", "address1": "street_address", "postal_code": "postcode",
               "country_code": "country_code", "currency": "currency_code", "currency_code": "currency_code",
               "username": "user_name", "user_name": "user_name", "login": "user_name", "display_name": "name",
               "nickname": "user_name", "job_title": "job", "color": "color_name",
               "colour": "color_name", "mobile": "phone_number", "telephone": "phone_number", "fax": "phone_number",
               "region": "state", "province": "state", "timezone": "timezone", "time_zone": "timezone",
               "ip": "ipv4", "ip_address": "ipv4", "hostname": "hostname", "domain": "domain_name",
               "avatar_url": "image_url", "image_url": "image_url", "photo_url": "image_url", "icon_url": "image_url",
               "first": "first_name", "last": "last_name", "given_name": "first_name", "family_name": "last_name",
               "name_first": "first_name", "name_last": "last_name", "firstname": "first_name",
               "lastname": "last_name", "forename": "first_name",
               "surname": "last_name", "iban": "iban", "isbn": "isbn13", "license_plate": "license_plate",
               "latitude": "latitude", "longitude": "longitude", "lat": "latitude", "lng": "longitude",
               "lon": "longitude", "mime_type": "mime_type", "file_name": "file_name", "filename": "file_name",
               "language_code": "language_code", "locale": "locale", "sku": "ean8", "barcode": "ean13"}
#: String formats Faker has a provider for.
FAKER_FORMATS = {"uri": "url", "url": "url", "uri-reference": "uri_path", "uuid": "uuid4", "ipv4": "ipv4",
                 "ipv6": "ipv6", "hostname": "hostname", "phone": "phone_number", "byte": "sha1",
                 "password": "password", "idn-email": "email", "iri": "url", "time": "time"}
#: Seed values of int64-bounded integers stay in this range.
SEED_INT_LIMIT = 10 ** 6


def draw(c: Column, t: Table) -> dict[str, Any]:
    """How the generator draws a synthetic value of column ``c``."""
    ext = c.ext
    out: dict[str, Any]
    examples = [e[c.name] for e in t.examples if e.get(c.name) not in (None, "")]  # an empty text is no value
    if c.references:  # a record nested under another in the paths always has one
        return {"kind": "ref", "table": c.references, "key": "",
                "optional": 0.0 if c.required or ext.get("nested") else 0.2}
    id_like = c.kind in ("string", "integer") and not c.enum and (
        ext.get("id-like") or c.name == "id" or c.name.endswith(("_id", "_uuid", "_key", "_ref")))
    if c.enum:
        out = {"kind": "enum", "values": list(c.enum)}
    elif c.fmt == "email":
        out = {"kind": "email"}
    elif id_like and c.kind == "integer":
        out = {"kind": "integer", "min": 1, "max": 9999}
    elif id_like and c.fmt == "uuid":
        out = {"kind": "faker", "provider": "uuid4"}
    elif id_like:
        prefix = "".join(w[0] for w in c.name.split("_")[:-1]).upper() or "X"
        out = {"kind": "token", "prefix": f"{prefix}-", "width": 4}
    elif c.kind == "json":
        out = {"kind": "json"}
    elif c.kind == "date":
        future = set(tokens(c.name)) & {"expiry", "expires", "expiration", "due", "until", "next", "scheduled"}
        out = {"kind": "birth_date"} if set(tokens(c.name)) & {"birth", "dob", "birthday"} and "seed-range" not in \
            ext else {"kind": "date", "days": list(ext.get("seed-range") or ([1, 365] if future else [-365, 0]))}
    elif c.kind == "datetime":
        past = c.read_only or c.name.startswith(("created", "updated", "modified", "joined", "registered")) \
            or past_time(c)
        out = {"kind": "datetime", "days": list(ext.get("seed-range") or ([-365, 0] if past else [-30, 30]))}
        if past and "seed-range" not in ext:
            out["past"] = True
    elif c.kind == "integer" and tokens(c.name)[-1:] == ["year"] and c.minimum is None and c.maximum is None:
        out = year_draw(c, integer=True)
    elif c.kind == "integer":
        bounds = number_bounds(c)
        low = max(int(c.minimum if c.minimum is not None else bounds[0] if bounds else 1), -SEED_INT_LIMIT)
        high = min(int(c.maximum if c.maximum is not None else bounds[1] if bounds else max(low, 1) * 100),
                   max(low, 1) * SEED_INT_LIMIT)
        out = {"kind": "integer", "min": low, "max": max(high, low)}
        if ext.get("multiple-of"):
            out["step"] = int(ext["multiple-of"])
            out["min"] = -(-low // out["step"]) * out["step"]
    elif c.kind == "number":
        bounds = number_bounds(c)
        least = max(float(c.minimum if c.minimum is not None else bounds[0] if bounds else 1), -SEED_INT_LIMIT)
        out = {"kind": "number", "min": least,
               "max": float(c.maximum if c.maximum is not None else bounds[1] if bounds else least + 500)}
    elif c.kind == "boolean":
        out = {"kind": "boolean"}
    elif ext.get("faker") or (c.name in FAKER_NAMES and not examples) or c.name in ("first_name", "last_name"):
        out = {"kind": "faker", "provider": ext.get("faker") or FAKER_NAMES[c.name]}
    elif c.kind == "string" and c.fmt in FAKER_FORMATS and not examples:
        out = {"kind": "faker", "provider": FAKER_FORMATS[c.fmt or ""]}
    elif c.kind == "string" and c.name.endswith(("_url", "_uri", "_link", "href")) and not examples:
        out = {"kind": "faker", "provider": "url"}
    elif c.kind == "string" and c.name.endswith("_email") and not examples:
        out = {"kind": "email"}
    elif examples:
        out = {"kind": "pick", "values": sorted(set(map(str, examples)))}
    else:  # a value of the field's class (a currency code, a phone number, a code-shaped reference, a sentence)
        out = string_draw(c, t) if c.kind == "string" else {"kind": "text"}
    if c.kind == "string" and c.max_length and out["kind"] in ("faker", "text", "token", "email", "words"):
        out["max_length"] = c.max_length
    if c.kind == "string" and c.pattern and out["kind"] in ("faker", "text", "token", "email", "words"):
        out["pattern"] = c.pattern  # a drawn value the pattern refuses gives way to one drawn from the pattern
        out["samples"] = pattern_samples(c.pattern, c.name)
    if c.required and out["kind"] in ("enum", "pick") and "" in out["values"] and len(out["values"]) > 1:
        out["values"] = [v for v in out["values"] if v != ""]  # an empty text would load as NULL
    if not c.required:
        listed = out["kind"] == "pick" and is_class_field(c)  # a status or type is seldom left empty
        out["optional"] = 0.6 if out["kind"] in ("text", "pick") and not listed else 0.1
    return out


def _initial(c: Column) -> Any:
    """The value a create tool gives an enum column it does not ask for."""
    return c.default if c.default is not None else c.enum[0] if c.enum else None


def timelines(plan: Plan) -> dict[str, list[dict[str, Any]]]:
    """Per table, how the clock splits its statuses: open ones only ahead of ``now``, ended ones only behind it.

    A tool that needs a referenced row in ``open`` statuses and with a time after now (``x-requires``) says that
    those statuses belong to the future: a row whose time has passed takes an ``ended`` status instead (one no
    tool sets, or the table's ``x-past-statuses``), and a future row in an ended status goes back to the first
    open one. A create tool with such a
    requirement gives its new rows an initial status; seeded rows of a passed time leave it the same way.
    """
    out: dict[str, list[dict[str, Any]]] = {}
    targets: dict[tuple[str, str], set[Any]] = {}
    for tp in plan.tools:
        if tp.transition:
            targets.setdefault((tp.table.name, tp.transition["field"]), set()).add(tp.transition["to"])

    def rule(table: Any, status: Column, open_: list[Any], via: str | None, parent: Any, time: str) -> None:
        others = [v for v in status.enum or [] if v not in open_]
        ended = [v for v in others if v not in targets.get((table.name, status.name), set())] or others
        if table.past and all(v in others for v in table.past):
            ended = list(table.past)
        if not others:
            return
        entry = {"status": status.name, "open": list(open_), "ended": ended, "others": others, "time": time}
        if via:
            entry.update({"via": via, "table": parent.name, "key": parent.key.name})
        if entry not in out.setdefault(table.name, []):
            out[table.name].append(entry)

    for tp in plan.tools:
        for a in tp.args:
            timed = [col for col, cond in a.requires.items() if isinstance(cond, dict) and cond.get("after") == "now"]
            if not timed or not a.column.references:
                continue
            parent = plan.table(a.column.references)
            for col, cond in a.requires.items():
                status = parent.column(col)
                if isinstance(cond, list) and status is not None and status.enum:
                    rule(parent, status, list(cond), None, parent, timed[0])
            if tp.verb == "create":
                asked = {x.name for x in tp.args}
                for status in tp.table.columns:
                    if status.enum and status.name not in asked and status is not tp.table.key:
                        rule(tp.table, status, [_initial(status)], a.name, parent, timed[0])
    return out


def _fits(c: Column, value: Any) -> bool:
    if value is None or value == "":  # an empty text is written as an empty cell: NULL when loaded
        return not c.required
    if c.enum:
        return value in c.enum
    if c.kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2 ** 31
    if c.kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if c.kind == "boolean":
        return isinstance(value, bool)
    if c.kind in ("date", "datetime"):
        from datetime import datetime

        try:
            datetime.fromisoformat(str(value).replace("Z", "+00:00"))
        except ValueError:
            return False
        return True
    return isinstance(value, str) if c.kind == "string" else True


def _examples(t: Table, plan: Plan, depth: int = 0) -> list[dict[str, Any]]:
    """The specification's example rows that fit the table (a value of the wrong type, or a reference to no
    example row, is left empty; a row without a usable key or required value is left out), one per key."""
    out: list[dict[str, Any]] = []
    keys: set[Any] = set()
    for e in t.examples:
        row = {c.name: e.get(c.name) if _fits(c, e.get(c.name)) else None for c in t.columns}
        row = {k: json.dumps(v) if isinstance(v, (dict, list)) else v for k, v in row.items()}
        for c in t.columns:
            if c.references and row[c.name] is not None and c is not t.key:
                parent = plan.table(c.references)
                known = {r[parent.key.name] for r in _examples(parent, plan, depth + 1)} if depth < 4 \
                    and parent is not t else set()
                row[c.name] = row[c.name] if row[c.name] in known else None
        if row[t.key.name] is None or row[t.key.name] in keys or any(
                row[c.name] is None for c in t.columns if c.required):
            continue
        keys.add(row[t.key.name])
        out.append(row)
    return out


def table_specs(plan: Plan) -> list[dict[str, Any]]:
    """The generator's table specifications, parents before the tables that refer to them."""
    ordered: list[Table] = []
    pending = list(plan.tables)
    base = {t.name: b.name for t in plan.tables if (b := extension_of(t, plan.tables)) is not None}
    while pending:
        done = {o.name for o in ordered}
        ready = [t for t in pending if all(c.references in done or c.references == t.name
                                           or c.references is None for c in t.columns)
                 and (t.name not in base or base[t.name] in done)] or pending[:1]
        ordered.append(ready[0])
        pending.remove(ready[0])
    specs = []
    clock = timelines(plan)
    tables = {t.name: t for t in plan.tables}
    for i, t in enumerate(ordered):
        later = {o.name for o in ordered[i:]}  # drawn after this table: its references are filled at the end
        spans = {end.name: start.name for start, end in date_pairs(t, text=True)}
        copied = {**copied_references(t, tables), **{f: t.key.name for f in shared_columns(
            t, tables[base[t.name]])}} if t.name in base else copied_references(t, tables)
        columns = {}
        for c in t.columns:
            if c is t.key:
                continue
            d = draw(c, t)
            if d["kind"] == "ref":
                d["key"] = plan.table(d["table"]).key.name
                if d["table"] in later:
                    d["late"] = True
            if c.name in copied:  # one record's field held here too: the same value as its source row
                via = t.column(copied[c.name])
                source = tables[base[t.name]] if via is t.key else plan.table(via.references or "")  # type: ignore[union-attr]
                columns[c.name] = {"kind": "copy", "via": copied[c.name], "table": source.name,
                                   "key": source.key.name, "column": c.name, "else": d}
                continue
            after, when = spans.get(c.name) or anchor(c, t), condition(c, t)
            if after and after != t.key.name:
                d["after"] = after
            if when:
                d["when"] = when
            columns[c.name] = d
        # a timestamp that follows another is drawn after it; a copy after the reference it is read through
        columns = dict(sorted(columns.items(), key=lambda kv: ("after" in kv[1], kv[1]["kind"] == "copy")))
        rows = max(list_rows(plan, t, draw, t.seed_rows), len(_examples(t, plan)))  # a list shows them all
        key: dict[str, Any] = {"column": t.key.name, "prefix": t.prefix, "width": t.width, "start": t.start}
        if t.key.enum:  # a fixed set of keys (an enum the specification gives the key): one row each
            key["values"] = list(t.key.enum)
            rows = min(rows, len(t.key.enum))
        elif t.name in base:  # the rest of another table's record: keyed by rows of that table
            key["from"] = {"table": base[t.name], "key": tables[base[t.name]].key.name}
        spec: dict[str, Any] = {
            "name": t.name, "rows": rows, "header": [c.name for c in t.columns], "key": key,
            "examples": _examples(t, plan),
            "columns": columns,
        }
        unique = [c.name for c in t.columns if c.unique]
        if unique:
            spec["unique_columns"] = unique
        if clock.get(t.name):
            spec["timeline"] = clock[t.name]
        if t.unique:
            spec["unique"] = [{"fields": list(u["fields"]), "where": dict(u.get("where") or {})} for u in t.unique]
        for tp in plan.tools:
            if tp.table is t and tp.capacity:
                ref = tp.arg(tp.capacity["reference"])
                assert ref is not None and ref.column.references
                parent = plan.table(ref.column.references)
                spec["capacity"] = {"table": parent.name, "key": parent.key.name, "column": ref.name,
                                    "limit": tp.capacity["limit"], "where": dict(tp.capacity.get("count_where") or {})}
        specs.append(spec)
    return specs


def generate_py(plan: Plan) -> str:
    """The environment's ``seed/generate.py``."""
    template = resources.files("envfactory_gym.envgen.compile").joinpath("templates/generate.py.tmpl")
    text = template.read_text(encoding="utf-8")
    tables = pprint.pformat(table_specs(plan), width=116, sort_dicts=False, indent=1)
    return (text.replace("{{name}}", plan.name).replace("{{source}}", plan.title)
            .replace("{{now}}", json.dumps(plan.now)).replace("{{tables}}", tables))
