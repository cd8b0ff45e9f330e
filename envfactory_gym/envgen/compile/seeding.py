"""The seed script of a compiled environment: table specifications for the generic generator template."""

from __future__ import annotations

import json
import pprint
from importlib import resources
from typing import Any

from envfactory_gym.envgen.compile.plan import Column, Plan, Table

#: Column names Faker has a provider for (a column's ``x-faker`` extension names any other provider).
FAKER_NAMES = {"first_name": "first_name", "last_name": "last_name", "name": "name", "full_name": "name",
               "phone": "phone_number", "phone_number": "phone_number", "city": "city", "address": "street_address",
               "street": "street_address", "postcode": "postcode", "zip": "postcode", "zip_code": "postcode",
               "company": "company", "country": "country", "state": "state", "url": "url", "website": "url"}


def draw(c: Column, t: Table) -> dict[str, Any]:
    """How the generator draws a synthetic value of column ``c``."""
    ext = c.ext
    out: dict[str, Any]
    examples = [e[c.name] for e in t.examples if e.get(c.name) is not None]
    if c.references:
        return {"kind": "ref", "table": c.references, "key": "", "optional": 0.0 if c.required else 0.2}
    if c.enum:
        out = {"kind": "enum", "values": list(c.enum)}
    elif c.fmt == "email":
        out = {"kind": "email"}
    elif c.kind == "date":
        out = {"kind": "birth_date"} if "birth" in c.name and "seed-range" not in ext else \
            {"kind": "date", "days": list(ext.get("seed-range") or [-365, 0])}
    elif c.kind == "datetime":
        out = {"kind": "datetime", "days": list(ext.get("seed-range") or [-30, 30])}
    elif c.kind == "integer":
        low = int(c.minimum if c.minimum is not None else 1)
        out = {"kind": "integer", "min": low, "max": int(c.maximum if c.maximum is not None else max(low, 1) * 100)}
        if ext.get("multiple-of"):
            out["step"] = int(ext["multiple-of"])
            out["min"] = -(-low // out["step"]) * out["step"]
    elif c.kind == "number":
        least = float(c.minimum if c.minimum is not None else 1)
        out = {"kind": "number", "min": least, "max": float(c.maximum if c.maximum is not None else least + 500)}
    elif c.kind == "boolean":
        out = {"kind": "boolean"}
    elif ext.get("faker") or (c.name in FAKER_NAMES and not examples) or c.name in ("first_name", "last_name"):
        out = {"kind": "faker", "provider": ext.get("faker") or FAKER_NAMES[c.name]}
    elif examples:
        out = {"kind": "pick", "values": sorted(set(map(str, examples)))}
    else:
        out = {"kind": "text"}
    if c.kind == "string" and c.max_length and out["kind"] in ("faker", "text"):
        out["max_length"] = c.max_length
    if not c.required:
        out["optional"] = 0.6 if out["kind"] in ("text", "pick") else 0.1
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


def table_specs(plan: Plan) -> list[dict[str, Any]]:
    """The generator's table specifications, parents before the tables that refer to them."""
    ordered: list[Table] = []
    pending = list(plan.tables)
    while pending:
        ready = [t for t in pending if all(c.references in {o.name for o in ordered} or c.references == t.name
                                           or c.references is None for c in t.columns)] or pending[:1]
        ordered.append(ready[0])
        pending.remove(ready[0])
    specs = []
    clock = timelines(plan)
    for t in ordered:
        columns = {}
        for c in t.columns:
            if c is t.key:
                continue
            d = draw(c, t)
            if d["kind"] == "ref":
                d["key"] = plan.table(d["table"]).key.name
            columns[c.name] = d
        spec: dict[str, Any] = {
            "name": t.name, "rows": max(t.seed_rows, len(t.examples)), "header": [c.name for c in t.columns],
            "key": {"column": t.key.name, "prefix": t.prefix, "width": t.width, "start": t.start},
            "examples": [{c.name: e.get(c.name) for c in t.columns} for e in t.examples],
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
