"""Database: what a tool function receives, bound-parameter SQL against its environment's own tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duckdb

from envfactory_gym.database.connection import _TARGET, _WRITES, _parse, canonical
from envfactory_gym.errors import ToolError


class Database:
    """What a tool function receives: bound-parameter SQL against its environment's own tables.

    Values are always passed as parameters (``?``); a tool never formats argument strings into SQL.
    """

    def __init__(self, cursor: duckdb.DuckDBPyConnection, now: str, on_write: Any, on_keys: Any = None) -> None:
        self._cur = cursor
        self._on_write = on_write
        self._on_keys = on_keys
        self.allow_writes = False
        #: The environment's fixed clock (ISO 8601), so that runs are reproducible.
        self.now = now

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        """Run a SELECT and return its rows as dicts."""
        stmt = _parse(sql)
        if stmt.type in _WRITES:
            raise ValueError("query() is for SELECT; use execute() to write")
        rel = self._cur.execute(stmt, list(params))
        cols = [d[0] for d in rel.description]
        return [dict(zip(cols, map(canonical, row))) for row in rel.fetchall()]

    def query_one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        """Run a SELECT and return its first row as a dict, or None."""
        rows = self.query(sql, params)
        return rows[0] if rows else None

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run a SELECT and return the first column of the first row, or None."""
        stmt = _parse(sql)
        row = self._cur.execute(stmt, list(params)).fetchone()
        return canonical(row[0]) if row else None

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT, UPDATE or DELETE and return the number of rows it changed."""
        stmt = _parse(sql)
        if stmt.type not in _WRITES:
            raise ValueError("execute() is for INSERT, UPDATE or DELETE; use query() to read")
        if not self.allow_writes:
            raise PermissionError("this tool is declared read-only (@tool without writes=True) but tried to write")
        match = _TARGET.match(sql)
        if match is None:
            raise ValueError(f"cannot tell which table this statement writes: {sql[:80]!r}")
        if match.group(1):
            raise ValueError(f"a tool writes its environment's tables by their plain names: {sql[:80]!r}")
        table = match.group(2).lower()
        keyed = self._on_write(table, sql)
        if isinstance(keyed, list):  # a row-overlay write: steps, each with its parameters; the last returns keys
            values = list(params)
            for step, which in keyed[:-1]:
                self._cur.execute(step, [values[i] for i in which])
            step, which = keyed[-1]
            keys = self._cur.execute(step, [values[i] for i in which]).fetchall()
            self._on_keys(table, sql, keys)
            return len(keys)
        if keyed is not None:  # the same statement with RETURNING <primary key>: reset restores just those rows
            keys = self._cur.execute(keyed, list(params)).fetchall()
            self._on_keys(table, sql, keys)
            return len(keys)
        row = self._cur.execute(stmt, list(params)).fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def require(self, condition: object, message: str) -> None:
        """Raise :class:`ToolError` with ``message`` unless ``condition`` holds (a business rule)."""
        if not condition:
            raise ToolError(message)
