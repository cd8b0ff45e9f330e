"""The policy's rules: one sentence for each business rule the compiled tools enforce."""

from __future__ import annotations

from envfactory_gym.envgen.compile.blueprint import Plan, article, join_or, plural, words
from envfactory_gym.envgen.compile.links import copied_references
from envfactory_gym.envgen.compile.spans import date_pairs, said


def rules(plan: Plan) -> list[str]:
    """The business rules the compiled tools enforce, one sentence each."""
    out = []
    for tp in plan.tools:
        t = tp.table
        if tp.transition and tp.transition.get("from"):
            tr = tp.transition
            out.append(f"{words(tp.name).capitalize()} applies only to {article(t.noun)} whose {words(tr['field'])} is "
                       f"{join_or(tr['from'])}; it sets the {words(tr['field'])} to {words(tr['to'])}.")
        for a in tp.args:
            for col, cond in a.requires.items():
                ref = plan.table(a.column.references or "")
                if isinstance(cond, list):
                    out.append(f"{words(tp.name).capitalize()} needs {article(ref.noun)} whose {words(col)} is "
                               f"{join_or(cond)}.")
                elif isinstance(cond, dict) and ("after" in cond or "before" in cond):
                    side = "after" if "after" in cond else "before"
                    out.append(f"{words(tp.name).capitalize()} needs {article(ref.noun)} whose {col} is {side} "
                               "the current time.")
        if tp.capacity:
            cap = tp.capacity
            parent = plan.table(tp.arg(cap["reference"]).column.references or "")  # type: ignore[union-attr]
            among = "".join(f" whose {words(c)} is {join_or(v)}" for c, v in (cap.get("count_where") or {}).items())
            out.append(f"{article(parent.noun).capitalize()} holds at most its {words(cap['limit'])} of {plural(t.noun)}{among}.")
        if tp.verb == "update" and not any(a.column.required for a in tp.args if a.role == "value"):
            out.append(f"{words(tp.name).capitalize()} needs at least one field to change.")
        if tp.verb == "delete" and plan.referrers(t):
            out.append(f"{article(t.noun).capitalize()} that other records refer to cannot be removed.")
        for a in tp.args:
            if a.role == "parent":
                above = plan.table(a.column.references).noun if a.column.references else words(a.name)
                out.append(f"{article(t.noun).capitalize()} is reached only through the {above} it belongs to.")
    out += _record_rules(plan)
    for t in plan.tables:
        for c in t.columns:
            if c.unique:
                out.append(f"No two {plural(t.noun)} share the same {words(c.name)}.")
        for u in t.unique:
            among = "".join(f" whose {words(c)} is {join_or(v)}" for c, v in (u.get("where") or {}).items())
            out.append(f"At most one {t.noun}{among} per {' and '.join(words(f) for f in u['fields'])}.")
    out.append("Values follow the specification: allowed values, email addresses, dates, lengths and ranges; "
               "every referenced record must exist.")
    return list(dict.fromkeys(out))


def _record_rules(plan: Plan) -> list[str]:
    """Rules on one record's own fields: a span's end after its start; copies of a reference agree."""
    out = []
    tables = {t.name: t for t in plan.tables}
    for t in plan.tables:
        writes = [tp for tp in plan.tools if tp.table is t and tp.writes]
        written = {a.name for tp in writes for a in tp.args if a.role == "value"}
        for start, end in date_pairs(t):
            if {start.name, end.name} & written:
                out.append(f"The {said(end)} of {article(t.noun)} cannot come before its {said(start)}.")
        for name, via in copied_references(t, tables).items():
            if any({name, via} <= {a.name for a in tp.args if a.role in ("value", "parent")} for tp in writes):
                ref, other = tables[t.column(name).references or ""], tables[t.column(via).references or ""]  # type: ignore[union-attr]
                out.append(f"{article(t.noun).capitalize()}'s {ref.noun} is its {other.noun}'s {ref.noun}.")
    return out
