"""Row overlays: an env's writes kept as rows in tables shared by every env of a template, read through views."""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass
from typing import Any

import duckdb

from envfactory_gym.errors import MissingDependencyError

#: The columns an overlay row carries besides the table's own: which env it belongs to, and whether it deletes.
ENV_COLUMN, DEAD_COLUMN = "_ef_env", "_ef_dead"
#: The per-cursor variable an overlay row's env column defaults to (``SET VARIABLE``), so inserts keep their text.
ENV_VARIABLE = "ef_env"

#: One step of a rewritten write: the statement, and which of the tool's parameters it takes (by position).
Step = tuple[str, tuple[int, ...]]

_lock = threading.Lock()


@dataclass(frozen=True)
class _Split:
    """A plain single-table UPDATE or DELETE cut at its top-level keywords (spans of the original text)."""

    kind: str
    alias: str | None
    set_text: str
    where_text: str | None
    set_params: int
    where_params: int
    #: The SET list: (column, expression, how many parameters the expression takes), in the statement's order;
    #: empty when an item is not a plain ``column = expression``.
    assignments: tuple[tuple[str, str, int], ...] = ()


def _tokens(sql: str) -> list[Any]:
    try:
        from sqlglot.dialects.duckdb import DuckDB
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise MissingDependencyError("row overlays (storage='rows') need sqlglot: pip install "
                                     "'envfactory-gym[rows]'") from exc
    return list(DuckDB().tokenizer().tokenize(sql))


@functools.lru_cache(maxsize=4096)
def split(sql: str) -> _Split | None:
    """``sql`` (an UPDATE or DELETE) cut into its SET and WHERE texts, or None where it is not a plain write of
    one table (a FROM or USING join, RETURNING, a CTE): those keep a whole copy of the table."""
    from sqlglot.tokens import TokenType as T

    toks = _tokens(sql)
    if not toks or toks[0].token_type not in (T.UPDATE, T.DELETE):
        return None
    kind = "update" if toks[0].token_type == T.UPDATE else "delete"
    i = 1
    if kind == "delete":
        if len(toks) < 2 or toks[1].token_type != T.FROM:
            return None
        i = 2
    if i >= len(toks) or toks[i].token_type not in (T.VAR, T.IDENTIFIER):
        return None
    if i + 1 < len(toks) and toks[i + 1].token_type == T.DOT:  # a qualified name: refused by the write path
        return None
    i += 1
    alias = None
    if i < len(toks) and toks[i].token_type == T.ALIAS:
        i += 1
    if i < len(toks) and toks[i].token_type in (T.VAR, T.IDENTIFIER):
        alias = toks[i].text
        i += 1
    depth, marks = 0, {}
    for j in range(i, len(toks)):
        tt = toks[j].token_type
        if tt == T.L_PAREN:
            depth += 1
        elif tt == T.R_PAREN:
            depth -= 1
        elif depth == 0 and tt in (T.SET, T.WHERE, T.FROM, T.USING, T.RETURNING, T.SEMICOLON):
            if tt in marks:
                return None
            marks[tt] = j
    if any(k in marks for k in (T.FROM, T.USING, T.RETURNING, T.SEMICOLON)):
        return None
    if kind == "update":
        if T.SET not in marks or marks[T.SET] != i:
            return None
    elif i != len(toks) and marks.get(T.WHERE) != i:
        return None
    where_at = marks.get(T.WHERE)
    set_start = toks[marks[T.SET]].end + 1 if kind == "update" else 0
    set_end = toks[where_at].start if where_at is not None else len(sql)
    set_text = sql[set_start:set_end] if kind == "update" else ""
    where_text = sql[toks[where_at].end + 1:] if where_at is not None else None
    params = [j for j, t in enumerate(toks) if t.token_type == T.PLACEHOLDER]
    cut = where_at if where_at is not None else len(toks)
    set_params = sum(1 for j in params if j < cut)
    if kind == "delete" and set_params:
        return None
    assignments: list[tuple[str, str, int]] = []
    if kind == "update":
        items, start, depth = [], marks[T.SET] + 1, 0
        for j in range(start, cut):
            tt = toks[j].token_type
            depth += tt == T.L_PAREN
            depth -= tt == T.R_PAREN
            if depth == 0 and tt == T.COMMA:
                items.append((start, j))
                start = j + 1
        items.append((start, cut))
        for a, b in items:
            if b - a < 3 or toks[a].token_type not in (T.VAR, T.IDENTIFIER) or toks[a + 1].token_type != T.EQ:
                assignments = []
                break
            expr = sql[toks[a + 2].start:toks[b - 1].end + 1]
            assignments.append((toks[a].text.lower(), expr, sum(1 for j in params if a + 2 <= j < b)))
    return _Split(kind, alias, set_text.strip(), where_text.strip() if where_text else None,
                  set_params, len(params) - set_params, tuple(assignments))


@functools.lru_cache(maxsize=4096)
def insert_head(sql: str) -> tuple[int, bool] | None:
    """Where an INSERT's table name ends, and whether a column list follows it; None for an INSERT that is not a
    plain ``INSERT INTO t [(cols)] VALUES|SELECT ...`` (ON CONFLICT, OR REPLACE, RETURNING, BY NAME, DEFAULT
    VALUES)."""
    from sqlglot.tokens import TokenType as T

    toks = _tokens(sql)
    if len(toks) < 4 or toks[0].token_type != T.INSERT or toks[1].token_type != T.INTO:
        return None
    if toks[2].token_type not in (T.VAR, T.IDENTIFIER) or toks[3].token_type == T.DOT:
        return None
    if toks[3].token_type == T.DEFAULT or toks[3].text.upper() in ("BY", "OR"):
        return None
    depth = 0
    for t in toks[3:]:
        if t.token_type == T.L_PAREN:
            depth += 1
        elif t.token_type == T.R_PAREN:
            depth -= 1
        elif depth == 0 and t.token_type in (T.ON, T.RETURNING, T.SEMICOLON):
            return None
    listed = toks[3].token_type == T.L_PAREN and (len(toks) < 5 or toks[4].token_type not in (T.SELECT, T.WITH))
    return toks[2].end + 1, listed


class Overlays:
    """A template's overlay catalog: per table, one table of the rows every env changed, keyed by env."""

    def __init__(self, template: Any) -> None:
        self.template = template
        self.catalog = f"ovl_{template.catalog}"
        self._tables: set[str] = set()
        self._cols = {t: ", ".join(f'"{c}"' for c in info.columns) for t, info in template.tables.items()}
        #: Resets between two vacuums: rows an env deleted stay allocated in DuckDB until a checkpoint.
        self.vacuum_every = 1000
        self.vacuums = 0
        self._cleared = 0

    def cleared(self, cur: Any) -> None:
        """Note one env's reset; every :attr:`vacuum_every` resets, reclaim the deleted overlay rows (a
        checkpoint of the overlay catalog; skipped, and tried again later, while another env's write is open)."""
        self._cleared += 1
        if self._cleared < self.vacuum_every:
            return
        try:
            cur.execute(f"CHECKPOINT {self.catalog}")
        except duckdb.Error:
            return
        self._cleared = 0
        self.vacuums += 1

    def ensure(self, cur: Any, table: str) -> None:
        """Create the overlay catalog and ``table``'s overlay table on first use (once per process)."""
        if table in self._tables:
            return
        with _lock:
            if table in self._tables:
                return
            if not self._tables:
                cur.execute(f"ATTACH IF NOT EXISTS ':memory:' AS {self.catalog}")
            ddl = self.template.light_sql[table]
            head = f"CREATE TABLE {table}("
            assert ddl.startswith(head), ddl
            cur.execute(f"CREATE TABLE IF NOT EXISTS {self.catalog}.main.{table}("
                        f"{ddl[len(head):-1]}, \"{ENV_COLUMN}\" INTEGER NOT NULL DEFAULT (getvariable('{ENV_VARIABLE}')), "
                        f"\"{DEAD_COLUMN}\" BOOLEAN NOT NULL DEFAULT false)")
            self._tables.add(table)

    def view_sql(self, env_catalog: str, env: int, table: str) -> str:
        """The view an env reads ``table`` through: its own overlay rows, and the template's rows it has not
        touched."""
        info, cols = self.template.tables[table], self._cols[table]
        match = " AND ".join(f'o."{c}" = b."{c}"' for c in info.primary_key)
        ovl = f"{self.catalog}.main.{table}"
        return (f"CREATE OR REPLACE VIEW {env_catalog}.ov_{table}.{table} AS "
                f"SELECT {cols} FROM {ovl} WHERE {ENV_COLUMN} = {env} AND NOT {DEAD_COLUMN} UNION ALL "
                f"SELECT {cols} FROM {self.template.catalog}.main.{table} AS b WHERE NOT EXISTS "
                f"(SELECT 1 FROM {ovl} AS o WHERE o.{ENV_COLUMN} = {env} AND {match})")

    def clear_sql(self, env: int, table: str) -> str:
        """Forget an env's overlay rows of ``table`` (its reset)."""
        return f"DELETE FROM {self.catalog}.main.{table} WHERE {ENV_COLUMN} = {env}"

    @functools.lru_cache(maxsize=8192)  # noqa: B019 - one Overlays per template, kept for the process
    def plan(self, table: str, sql: str, env: int, n_params: int, first: bool = False) -> tuple[Step, ...] | None:
        """The steps that run write ``sql`` on ``table``'s overlay for env ``env`` (the last returns the keys it
        touched), or None where the write needs a whole copy of the table. ``first``: the env has no overlay row
        of the table yet, so an UPDATE or DELETE is one INSERT of the rows it selects, already changed."""
        tmpl = self.template
        info, cols, key = tmpl.tables[table], self._cols[table], tmpl.key_sql(table)
        ovl = f"{self.catalog}.main.{table}"
        everything = tuple(range(n_params))
        if sql.lstrip()[:6].upper() == "INSERT":
            head = insert_head(sql)
            if head is None:
                return None
            end, listed = head
            target = f"INSERT INTO {ovl}" + ("" if listed else f" ({cols})")
            return ((f"{target}{sql[end:].rstrip().rstrip(';')} RETURNING {key}", everything),)
        cut = split(sql)
        if cut is None or cut.set_params + cut.where_params != n_params:
            return None
        if cut.kind == "update":  # an UPDATE that sets a key column moves a row: the overlay cannot follow it
            keys = {c.lower() for c in info.primary_key}
            sets_key = (any(col in keys for col, _, _ in cut.assignments) if cut.assignments
                        else tmpl.keyed(table, sql) is None)
            if sets_key:
                return None
        name = cut.alias or table
        where = f"({cut.where_text})" if cut.where_text else "true"
        match = " AND ".join(f'o."{c}" = {name}."{c}"' for c in info.primary_key)
        pull = (f"INSERT INTO {ovl} ({cols}, {ENV_COLUMN}) SELECT {', '.join(f'{name}.{c}' for c in cols.split(', '))}, "
                f"{env} FROM {tmpl.catalog}.main.{table} AS {name} WHERE {where} AND NOT EXISTS "
                f"(SELECT 1 FROM {ovl} AS o WHERE o.{ENV_COLUMN} = {env} AND {match})")
        where_params = tuple(range(cut.set_params, n_params))
        if first:
            one = self._first(table, cut, name, where, where_params, key)
            if one is not None:
                return (one,)
        mine = f"{name}.{ENV_COLUMN} = {env} AND NOT {name}.{DEAD_COLUMN} AND {where}"
        alias = f" AS {cut.alias}" if cut.alias else ""
        if cut.kind == "update":
            write = f"UPDATE {ovl}{alias} SET {cut.set_text} WHERE {mine} RETURNING {key}"
        else:
            write = f"UPDATE {ovl}{alias} SET {DEAD_COLUMN} = true WHERE {mine} RETURNING {key}"
        return ((pull, where_params), (write, everything))

    def _first(self, table: str, cut: _Split, name: str, where: str, where_params: tuple[int, ...],
               key: str) -> Step | None:
        """An env's first UPDATE or DELETE of ``table`` as one INSERT of the selected template rows, changed."""
        info, ovl = self.template.tables[table], f"{self.catalog}.main.{table}"
        exprs = {c: f'{name}."{c}"' for c in info.columns}
        params: dict[str, tuple[int, ...]] = {}
        dead = "false"
        if cut.kind == "update":
            if not cut.assignments:
                return None
            lower = {c.lower(): c for c in info.columns}
            at = 0
            for col, expr, n in cut.assignments:
                if col not in lower or lower[col] in params:
                    return None
                exprs[lower[col]] = f"({expr})"
                params[lower[col]] = tuple(range(at, at + n))
                at += n
        else:
            dead = "true"
        order = tuple(i for c in info.columns for i in params.get(c, ()))  # SET parameters in column order
        select = ", ".join(exprs[c] for c in info.columns)
        return (f"INSERT INTO {ovl} ({self._cols[table]}, {DEAD_COLUMN}) SELECT {select}, {dead} "
                f"FROM {self.template.catalog}.main.{table} AS {name} WHERE {where} RETURNING {key}",
                order + where_params)
