"""Table names in a member's SQL given its prefix in the composite (``reservations`` -> ``hotel_reservations``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

import duckdb

__all__ = ["prefix_keyed", "prefix_tables", "rename_key"]

#: Keywords after which an identifier names a table.
TABLE_KEYWORDS = frozenset({"from", "join", "into", "update", "table", "references"})
#: Keywords that end a FROM list (after them a comma no longer separates tables).
CLAUSE_ENDS = frozenset({"where", "group", "order", "having", "limit", "offset", "union", "except", "intersect", "set",
                         "values", "returning", "on", "using", "window", "qualify", "select", "fetch"})
_WORD = re.compile(r'"(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*')


def prefix_tables(sql: str, names: Mapping[str, str]) -> str:
    """``sql`` with every table it names by a key of ``names`` (case-insensitive) renamed to that key's value.

    A name is renamed where it stands for a table: after ``FROM``/``JOIN``/``INTO``/``UPDATE``/``TABLE``/
    ``REFERENCES``, in a comma-separated ``FROM`` list, and as the qualifier of a column (``reservations.id``).
    Columns, aliases, string constants and comments that happen to spell a table's name stay as they are.
    """
    return prefix_keyed(sql, rename_key(names))


def rename_key(names: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """``names`` in the hashable form the cached renaming takes (build it once per member)."""
    return tuple(sorted((k.lower(), v) for k, v in names.items()))


@functools.lru_cache(maxsize=8192)
def prefix_keyed(sql: str, names: tuple[tuple[str, str], ...]) -> str:
    """:func:`prefix_tables` with ``names`` already in :func:`rename_key` form (cached per statement)."""
    rename = dict(names)
    tokens = duckdb.tokenize(sql)
    texts: list[tuple[int, str, str]] = []  # (start, kind, text)
    for i, (start, token) in enumerate(tokens):
        end = tokens[i + 1][0] if i + 1 < len(tokens) else len(sql)
        raw = sql[start:end].rstrip()
        if token == duckdb.token_type.identifier:
            m = _WORD.match(raw)
            raw = m.group(0) if m else raw
        elif token == duckdb.token_type.operator:
            raw = raw[:1] if raw[:1] in "(),.;" else raw
        texts.append((start, token.name, raw))
    edits: list[tuple[int, int, str]] = []
    depth, from_depth = 0, -1  # the depth of the open FROM list, -1 when none
    for i, (start, kind, text) in enumerate(texts):
        low = text.lower()
        if kind == "operator":
            if text == "(":
                depth += 1
            elif text == ")":
                depth -= 1
                if depth < from_depth:
                    from_depth = -1
            elif text == ";":
                depth, from_depth = 0, -1
            continue
        if kind == "keyword" and low in rename and i and (
                texts[i - 1][2].lower() in TABLE_KEYWORDS or texts[i - 1][2] == ","
                or (i + 1 < len(texts) and texts[i + 1][2] == ".")):
            kind = "identifier"  # a table named like a non-reserved keyword (``returns``)
        elif kind == "keyword":
            if low in ("from", "join"):
                from_depth = depth
            elif low in CLAUSE_ENDS and depth == from_depth:
                from_depth = -1
            continue
        if kind != "identifier":
            continue
        bare = text[1:-1].replace('""', '"') if text.startswith('"') else text
        target = rename.get(bare.lower())
        if target is None:
            continue
        before = texts[i - 1] if i else None
        after = texts[i + 1] if i + 1 < len(texts) else None
        if before and before[2] == ".":
            continue  # a column of some qualifier: reservations.guests
        as_table = (after is not None and after[2] == ".") or (
            before is not None and before[1] == "keyword" and before[2].lower() in TABLE_KEYWORDS) or (
            before is not None and before[2] == "," and from_depth == depth)
        if as_table:
            edits.append((start, start + len(text), f'"{target}"' if text.startswith('"') else target))
    out = sql
    for start, end, new in reversed(edits):
        out = out[:start] + new + out[end:]
    return out
