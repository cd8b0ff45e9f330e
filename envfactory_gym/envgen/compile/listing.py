"""What a compiled list tool returns: every row a request could be about, within what an agent is shown of a result.

An environment shows an agent the first 4,000 characters of a tool result (``max_result_chars``), so a list of
wide rows (a CRM's companies, forty fields each) hides most of its rows: a request about a row past the cut cannot
be served. Three rules keep every seeded row in sight:

- a list over a table that also has a lookup by key (a ``get`` tool, or a list filtered by the key) shows each row's
  summary (its key, the fields that name or tell it apart, its references, statuses and the fields lists filter
  on); the lookup gives the rest (a list given the key returns the whole row);
- a table whose lists offer no filter that finds a row a request names (by its name, a unique value such as an
  email, a date, or the row it belongs to: not by its id, which a user does not know) is seeded with no more rows
  than a list shows unfiltered (:func:`list_rows`, from the width its seeded values will have), so that a call
  without filters lists every seeded row;
- a list stops before the rows it returns would pass ``LIST_CHARS`` characters (and after at most ``LIST_LIMIT``
  rows), whatever their width, and then says how many more rows match, so that no row is hidden silently.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from envfactory_gym.authoring.compiled import LIST_CHARS
from envfactory_gym.envgen.compile.blueprint import Column, Plan, Table, ToolPlan
from envfactory_gym.envgen.compile.described import is_class_field

#: Tables with more columns than this show a summary in their lists when a lookup gives the whole row.
SUMMARY_OVER = 8
#: The share of ``LIST_CHARS`` the seeded rows of a table fill in its list (room for rows a task adds).
SEED_SHARE = 0.85
#: The fewest rows a listed table is seeded with, however wide its rows (its list then says how many more match).
MIN_LISTED_ROWS = 6


def key_filter(tp: ToolPlan) -> str | None:
    """The argument of a list that filters by the table's key (``GET /things/{id}`` read as a list), if any."""
    return next((a.name for a in tp.args if (a.target or a.name) == tp.table.key.name), None)


def summary_columns(plan: Plan, t: Table) -> list[str] | None:
    """The columns a list of ``t`` shows, or None for all of them (a narrow table, or no lookup by key)."""
    lookup = any(tp.table is t and (tp.verb == "get" or (tp.verb == "list" and key_filter(tp))) for tp in plan.tools)
    if len(t.columns) <= SUMMARY_OVER or not lookup:
        return None
    filtered = {a.target or a.name for tp in plan.tools if tp.table is t and tp.verb == "list" for a in tp.args}
    traits = [c.name for c in t.columns if c is not t.key and not c.references and (not c.read_only or c.enum)
              and (c.enum or is_class_field(c) or c.kind in ("integer", "number", "date", "datetime"))]
    keep = {t.key.name, *t.label(), *filtered, *traits[:2]}
    first = [t.key.name, *t.label()]
    return [*first, *(c.name for c in t.columns if c.name not in first and (c.name in keep or c.references or c.enum
                                                                            or c.unique))]


def ref_labels(plan: Plan, t: Table) -> tuple[list[str], list[str]]:
    """The label columns of the rows ``t`` refers to (``plan_name``) and the joins that give them."""
    fields, joins = [], []
    for i, c in enumerate(c for c in t.columns if c.references and c is not t.key):
        ref = plan.table(c.references or "")
        label = ref.label()
        if not label:
            continue
        alias = f"r{i + 1}"
        base = c.name[:-3] if c.name.endswith("_id") else c.name
        if len(label) == 2:  # a person's first and last name
            fields.append(f"{alias}.{label[0]} || ' ' || {alias}.{label[1]} AS {base}_name")
        else:
            fields.append(f"{alias}.{label[0]} AS {base}_{label[0]}")
        joins.append(f"LEFT JOIN {ref.name} {alias} ON {alias}.{ref.key.name} = t.{c.name}")
    return fields, joins


def list_sql(plan: Plan, t: Table, fields: list[str], joins: list[str]) -> str | None:
    """The query a list of ``t`` runs when it shows summaries (``fields`` and ``joins``: the referenced rows' names),
    or None when it shows whole rows."""
    shown = summary_columns(plan, t)
    if not shown:
        return None
    return f"SELECT {', '.join([*(f't.{c}' for c in shown), *fields])} FROM {t.name} t" + "".join(f" {j}" for j in joins)


def list_returns(plan: Plan, tp: ToolPlan) -> str:
    """The docstring's ``Returns`` line of the list ``tp``."""
    t = tp.table
    shown = summary_columns(plan, t)
    key = key_filter(tp)
    whole = f"given {key}, the whole row" if key else "the lookup by key gives every field"
    what = f"summaries ({', '.join(shown)}; {whole})" if shown else "rows"
    return (f"The matching {t.noun} {what}, each with the names of the rows it refers to: at most 50 rows and "
            f"{LIST_CHARS:,} characters, then a line saying how many more match (narrower filters find them).")


# -- how many rows a list shows ---------------------------------------------------------------------------------

#: About how many characters a Faker provider's value has.
FAKER_CHARS = {"name": 14, "first_name": 7, "last_name": 7, "company": 20, "phone_number": 16, "city": 11,
               "street_address": 21, "postcode": 5, "country": 12, "country_code": 2, "currency_code": 3,
               "language_code": 2, "locale": 5, "url": 26, "image_url": 32, "uuid4": 36, "ipv4": 13, "ipv6": 39,
               "hostname": 22, "domain_name": 13, "user_name": 11, "job": 22, "color_name": 8, "state": 9,
               "timezone": 17, "iban": 22, "isbn13": 17, "license_plate": 8, "mime_type": 18, "file_name": 13,
               "ean8": 8, "ean13": 13, "sha1": 40, "password": 10, "uri_path": 16, "time": 8, "email": 24,
               "md5": 32, "hex_color": 7, "mac_address": 17, "credit_card_security_code": 3}


def value_chars(d: dict[str, Any], c: Column) -> float:
    """About how many characters a seeded value of column ``c`` (drawn as ``d``) takes in a list's JSON."""
    kind = d.get("kind")
    quoted = c.kind not in ("integer", "number", "boolean")
    if kind in ("enum", "pick") and d.get("values"):
        width = sum(len(str(v)) for v in d["values"]) / len(d["values"])
    elif kind == "token":
        width = len(d.get("prefix", "")) + int(d.get("width", 6))
    elif kind == "faker":
        width = FAKER_CHARS.get(d.get("provider", ""), 16)
    elif kind == "email":
        width = FAKER_CHARS["email"]
    elif kind == "words":
        width = 7 * int(d.get("count", 2))
    elif kind == "text":
        width = 40
    elif kind == "json":
        width = 2
    elif kind in ("date", "birth_date"):
        width = 10
    elif kind == "year":
        width = int(d.get("digits", 4))
    elif kind == "datetime":
        width = 19
    elif kind in ("integer", "number"):
        width = len(str(int(abs(d.get("max", 100))))) + (3 if kind == "number" else 0)
    elif kind == "boolean":
        width = 4.5
    else:
        width = 16
    width = min(width, d.get("max_length") or width) + (2 if quoted else 0)
    p = float(d.get("optional") or 0)
    return p * 4 + (1 - p) * width


def finds_rows(tp: ToolPlan) -> bool:
    """Whether the list ``tp`` has a filter that finds the rows a request names: by name, a unique value (an
    email), a date, or the row they belong to (a reference); an id, a number or a status narrows too little."""
    t = tp.table
    label = set(t.label())
    for a in tp.args:
        c = t.column(a.target or a.name)
        if c is not None and c is not t.key and (c.references or c.unique or c.name in label or c.fmt == "email"
                                                 or a.match == "date" or c.kind in ("date", "datetime")):
            return True
    return False


def list_rows(plan: Plan, t: Table, draw: Callable[[Column, Table], dict[str, Any]], rows: int) -> int:
    """How many of ``rows`` seeded rows of ``t`` to seed so that its lists show them all unfiltered (``draw``: how
    a column's values are drawn): ``rows`` where no list shows ``t`` or one has filters that find a row (see
    :func:`finds_rows`), else what fits ``SEED_SHARE`` of ``LIST_CHARS``, at least ``MIN_LISTED_ROWS``."""
    lists = [tp for tp in plan.tools if tp.table is t and tp.verb == "list"]
    if not lists or any(finds_rows(tp) for tp in lists):
        return rows
    shown = summary_columns(plan, t) or [c.name for c in t.columns]
    width = 2.0
    for name in shown:
        c = t.column(name)
        assert c is not None
        if c is t.key:
            chars = len(t.prefix) + t.width + 2 if c.kind == "string" else len(str(rows)) + 0.0
        elif c.references:
            ref = plan.table(c.references)
            p = 0.0 if c.required else 0.2
            key = len(ref.prefix) + ref.width + 2 if ref.key.kind == "string" else len(str(ref.seed_rows))
            chars = p * 4 + (1 - p) * key
        else:
            chars = value_chars(draw(c, t), c)
        width += len(name) + 6 + chars
    for field in ref_labels(plan, t)[0]:  # the names of the referenced rows
        alias, name = field.split(".")[0], field.rsplit(" AS ", 1)[1]
        c = [x for x in t.columns if x.references and x is not t.key][int(alias[1:]) - 1]
        ref = plan.table(c.references or "")
        label = [ref.column(x) for x in ref.label()]
        chars = sum(value_chars({**draw(x, ref), "optional": 0}, x) for x in label if x is not None)
        width += len(name) + 6 + chars
    fit = int((LIST_CHARS * SEED_SHARE - 2) // (width + 2))
    return max(min(rows, fit), min(rows, MIN_LISTED_ROWS))
