"""What a compiled list tool returns: rows that fit in what an agent is shown of a result.

An environment shows an agent the first 4,000 characters of a tool result (``max_result_chars``), so a list of
wide rows (a CRM's companies, forty fields each) hides most of its rows: a request about a row past the cut cannot
be served. Two rules keep every listed row readable:

- a list over a table that also has a lookup by key (a ``get`` tool) shows each row's summary (its key, the fields
  that name or tell it apart, its references, statuses and the fields lists filter on); the lookup gives the rest;
- a list stops before the rows it returns would pass ``LIST_CHARS`` characters (and after at most ``LIST_LIMIT``
  rows), whatever their width; narrower filters find the rest.
"""

from __future__ import annotations

from envfactory_gym.envgen.compile.blueprint import Plan, Table

#: The most characters of rows a list returns (below the 4,000 an agent is shown of a result, with room to spare).
LIST_CHARS = 3600
#: Tables with more columns than this show a summary in their lists when a lookup gives the whole row.
SUMMARY_OVER = 8

SELECT_HELPER = '''
def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    rows = db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)
    size = 2
    for i, row in enumerate(rows):  # no more rows than an agent is shown of the result
        size += len(json.dumps(row, ensure_ascii=False, default=str)) + 2
        if size > LIST_CHARS and i:
            return rows[:i]
    return rows
'''


def summary_columns(plan: Plan, t: Table) -> list[str] | None:
    """The columns a list of ``t`` shows, or None for all of them (a narrow table, or no lookup by key)."""
    if len(t.columns) <= SUMMARY_OVER or not any(tp.table is t and tp.verb == "get" for tp in plan.tools):
        return None
    filtered = {a.target or a.name for tp in plan.tools if tp.table is t and tp.verb == "list" for a in tp.args}
    traits = [c.name for c in t.columns if c is not t.key and not c.references and not c.read_only
              and (c.enum or c.kind in ("integer", "number", "date"))]
    keep = {t.key.name, *t.label(), *filtered, *traits[:2]}
    first = [t.key.name, *t.label()]
    return [*first, *(c.name for c in t.columns if c.name not in first and (c.name in keep or c.references or c.enum
                                                                            or c.unique))]


def list_sql(plan: Plan, t: Table, fields: list[str], joins: list[str]) -> str | None:
    """The query a list of ``t`` runs when it shows summaries (``fields`` and ``joins``: the referenced rows' names),
    or None when it shows whole rows."""
    shown = summary_columns(plan, t)
    if not shown:
        return None
    return f"SELECT {', '.join([*(f't.{c}' for c in shown), *fields])} FROM {t.name} t" + "".join(f" {j}" for j in joins)


def list_returns(plan: Plan, t: Table) -> str:
    """The docstring's ``Returns`` line of a list of ``t``."""
    shown = summary_columns(plan, t)
    what = f"summaries ({', '.join(shown)}; the lookup by key gives every field)" if shown else "rows"
    return (f"The matching {t.noun} {what}, each with the names of the rows it refers to: at most 50 rows and "
            f"{LIST_CHARS:,} characters (narrower filters find the rest).")
