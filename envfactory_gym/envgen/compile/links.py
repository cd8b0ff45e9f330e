"""References a specification does not declare, and copies of one record's fields held by another table.

A field named after a compiled resource's key (``course_id`` beside a ``courses`` table keyed ``course_id``) refers
to that resource, whatever the specification declares: its seeded values are keys of existing rows and the tools
check them like any reference (:func:`name_references`). A resource keyed by another's key (a receipt keyed
``ride_id``) is one record split over two tables (:func:`extension_of`): its rows are seeded from the other's rows
and the fields both hold agree. A row referring to two records, one of which refers to the other under the same
name (a submission's ``course_id`` and ``course_work_id``, the course work holding its own ``course_id``), holds the
same value as that record (:func:`copied_references`): seeded from it, and checked by the writes.
"""

from __future__ import annotations

from envfactory_gym.envgen.compile.blueprint import Column, Table, singular, snake


def key_names(t: Table) -> set[str]:
    """The names a field referring to ``t`` is given: its key's name, ``<resource>_id`` and ``<noun>_id``."""
    return {t.key.name, f"{singular(snake(t.entity))}_id", f"{t.noun.replace(' ', '_')}_id"}


def named_table(name: str, tables: list[Table], own: Table | None = None) -> Table | None:
    """The one table other than ``own`` that a field called ``name`` names, or None (none, or several)."""
    found = [t for t in tables if t is not own and name in key_names(t)]
    if len(found) > 1:  # a receipt keyed ``course_id`` is no course: the table named after the course is
        found = [t for t in found if name in _noun_keys(t)]
    return found[0] if len(found) == 1 else None


def _refers_by_name(c: Column, t: Table) -> bool:
    return c is not t.key and c.kind in ("string", "integer") and not c.enum and c.name.endswith(
        ("_id", "_sid", "_uuid", "_key", "_name", "_code"))


def name_references(tables: list[Table], notes: list[str]) -> None:
    """Make a field named after the key of another of ``tables`` refer to it (one with no reference, or one to a
    resource not among ``tables``)."""
    names = {t.name for t in tables}
    for t in tables:
        for c in t.columns:
            if not _refers_by_name(c, t) or c.references in names:
                continue
            target = named_table(c.name, tables, t)
            if target is None or target.key.kind not in ("string", "integer") or target.key.enum:
                continue
            c.references, c.kind = target.name, target.key.kind
            c.ext = {k: v for k, v in c.ext.items() if k != "id-like"}
            notes.append(f"{t.entity} field {c.name!r} refers to {target.entity} (it is named after its key)")


def _noun_keys(t: Table) -> set[str]:
    return {f"{singular(snake(t.entity))}_id", f"{t.noun.replace(' ', '_')}_id"}


def extension_of(t: Table, tables: list[Table]) -> Table | None:
    """The table whose record ``t`` continues: ``t`` is keyed by a key named after that table's resource, not its
    own (a receipt keyed ``ride_id``)."""
    if t.key.enum or t.key.name in _noun_keys(t):
        return None
    found = [o for o in tables if o is not t and t.key.name in _noun_keys(o) and o.key.kind == t.key.kind]
    return found[0] if len(found) == 1 else None


def shared_columns(t: Table, other: Table) -> list[str]:
    """The fields both tables hold (same name and type), keys aside: copies of one record's fields."""
    out = []
    for c in t.columns:
        o = other.column(c.name)
        if c is not t.key and o is not None and o is not other.key and o.kind == c.kind and not c.references:
            out.append(c.name)
    return out


def copied_references(t: Table, tables: dict[str, Table]) -> dict[str, str]:
    """``{field: via}`` for each reference field of ``t`` that the record another of its references names holds
    under the same name (``course_id`` via ``course_work_id``: the course work's own ``course_id``)."""
    found: dict[str, tuple[str, tuple[bool, bool]]] = {}
    refs = [c for c in t.columns if c.references and c is not t.key and c.references in tables]
    for c in refs:
        for via in refs:
            if via is c or via.references == t.name or c.name in found:
                continue
            held = tables[via.references or ""].column(c.name)
            if held is not None and held.references == c.references:
                found[c.name] = (via.name, (bool(held.ext.get("nested")), held.required))
    # two references each copied through the other: the one its record is nested under (or needs) is the source
    return {k: v for k, (v, rank) in found.items() if v not in found or found[v][0] != k or rank > found[v][1]}
