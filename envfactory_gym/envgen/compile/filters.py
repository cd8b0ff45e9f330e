"""List filters whose allowed values disagree with the field they compare.

A filter that offers a fixed set of values (``type``: one of HardBounce, Transient...) on a text field the
specification leaves open says what the field holds: the field takes that set, so its seeded rows are values the
filter can ask for (and the tools that write the field accept the same ones). A filter whose values a field cannot
hold (``late``: LATE_ONLY or NOT_LATE_ONLY on a yes/no field, a text filter on a number) stands for a rule the
specification does not spell out: it is no equality filter on that field and is left out with a note, as paging and
sorting parameters are.

A field whose description (or that of an input writing it) lists its whole set of values ("One of (draft, final,
archived)") takes that set as an enum (:func:`fit_described`): seeded rows hold those values and the tools accept only
them, as a specification's own enum.
"""

from __future__ import annotations

from typing import Any

from envfactory_gym.envgen.compile.blueprint import Arg, Column, Table, ToolPlan, words
from envfactory_gym.envgen.compile.described import described_enum


def _some(values: list[Any]) -> str:
    return ", ".join(repr(v) for v in values[:4]) + (f" (of {len(values)})" if len(values) > 4 else "")


def _takes_enum(c: Column, t: Table) -> bool:
    """Whether a field may take a filter's set of values: open text, not a key, reference, unique value or format."""
    return (c.kind == "string" and not c.enum and c is not t.key and not c.references and not c.unique
            and c.fmt is None and c.pattern is None)


def _fits(a: Arg, c: Column, t: Table) -> bool:
    """Whether filter ``a`` compares values field ``c`` holds (``c`` taking the filter's values where it can)."""
    if a.column.kind == "boolean" or c.kind == "boolean":
        return a.column.kind == c.kind
    if not a.column.enum or c.enum:
        return True  # an enum of the field's own is the filter's (see plan._tool)
    return a.match == "eq" and a.column.kind == "string" and _takes_enum(c, t)


def fit_filters(tools: list[ToolPlan], notes: list[str]) -> None:
    """Give open text fields the values their list filters allow; leave out the filters no field value satisfies.

    Several filters on one field give it all their values; every filter and every writing argument of the field
    then allows the field's values (so no seeded value is one a tool refuses)."""
    taken: dict[tuple[str, str], list[Any]] = {}  # (table, field) -> the values filters gave it
    for tp in tools:
        kept = []
        for a in tp.args:
            own = tp.table.column(a.target or a.name) if a.role == "filter" else None
            if own is None:
                kept.append(a)
                continue
            if own.kind == "boolean" and a.column.kind == "string" and not a.column.enum:
                a.column.kind = "boolean"  # ``?active=true``: a yes/no filter
            if not _fits(a, own, tp.table):
                what = f"one of {_some(a.column.enum)}" if a.column.enum else f"a {a.column.kind}"
                notes.append(f"{tp.name}: filter {a.name!r} takes {what}, which the {own.kind} field "
                             f"{words(own.name)!r} of {tp.table.entity} does not hold; dropped")
                continue
            if a.column.enum and not own.enum:
                values = taken.setdefault((tp.table.name, own.name), [])
                values += [v for v in a.column.enum if v not in values]
            kept.append(a)
        tp.args = kept
    tables = {tp.table.name: tp.table for tp in tools}
    for (table, name), values in taken.items():
        column = tables[table].column(name)
        assert column is not None
        column.enum = list(values)
        notes.append(f"{tables[table].entity} field {name!r} takes the values its list filters allow "
                     f"({_some(values)})")
    for tp in tools:  # filters and writes of a field with an enum allow exactly its values
        for a in tp.args:
            own = tp.table.column(a.target or a.name) if a.role in ("filter", "value") else None
            if own is not None and own.enum and (tp.table.name, own.name) in taken and a.column.kind == "string":
                a.column.enum = list(own.enum)
            elif own is not None and own.enum and a.role == "filter" and a.column.enum != own.enum:
                a.column.enum = list(own.enum)


def fit_described(tables: list[Table], tools: list[ToolPlan], notes: list[str]) -> None:
    """Give open text fields the whole set of values their description lists, or that of an input writing or
    filtering them ("One of (draft, final, archived)"), as an enum; the inputs of the field then allow those values.

    A field some input gives an enum of the specification's own is left to :func:`fit_filters`."""
    inputs: dict[tuple[str, str], list[Arg]] = {}
    for tp in tools:
        for a in tp.args:
            if a.role in ("filter", "value"):
                inputs.setdefault((tp.table.name, a.target or a.name), []).append(a)
    for t in tables:
        for c in t.columns:
            args = inputs.get((t.name, c.name), [])
            if not _takes_enum(c, t) or any(a.column.enum for a in args):
                continue
            values = described_enum(c) or next((v for a in args if a.column.kind == "string"
                                                for v in [described_enum(a.column)] if v), [])
            if not values:
                continue
            c.enum = list(values)
            for a in args:
                if a.column.kind == "string":
                    a.column.enum = list(values)
            notes.append(f"{t.entity} field {c.name!r} takes the values its description lists ({_some(values)})")
