"""The process-wide DuckDB instance, its catalogs, and the statement checks every query goes through."""

from __future__ import annotations

import atexit
import itertools
import os
import re
import threading
from datetime import date, datetime, time
from decimal import Decimal
from time import monotonic
from typing import Any

import duckdb

_ALLOWED = {duckdb.StatementType.SELECT, duckdb.StatementType.INSERT,
            duckdb.StatementType.UPDATE, duckdb.StatementType.DELETE}
_WRITES = {duckdb.StatementType.INSERT, duckdb.StatementType.UPDATE, duckdb.StatementType.DELETE}
_TARGET = re.compile(r"^\s*(?:WITH\b.*?\)\s*)?(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"
                     r"((?:\"?\w+\"?\s*\.\s*)*)\"?(\w+)\"?",
                     re.IGNORECASE | re.DOTALL)

_lock = threading.Lock()
_instance: tuple[int, duckdb.DuckDBPyConnection] | None = None
_catalog_ids = itertools.count()
_statement_cache: dict[str, Any] = {}
_forked_orphans: list[Any] = []


def keep_if_forked(obj: Any, pid: int) -> bool:
    """Keep a DuckDB object created by process ``pid`` alive forever when this is a forked child of it."""
    if pid != os.getpid():
        _forked_orphans.append(obj)
        return True
    return False


def shared_connection() -> duckdb.DuckDBPyConnection:
    """The process-wide DuckDB instance (re-created after a fork: a forked instance is never touched)."""
    global _instance, _statement_cache
    with _lock:
        if _instance is None or _instance[0] != os.getpid():
            # In a forked child the parent's DuckDB objects must never be freed: their destructors take
            # locks that a parent thread may have held at the fork. Keep them referenced forever.
            _forked_orphans.append((_instance, _statement_cache))
            _statement_cache = {}
            # One instance for every env keeps OS threads and memory flat as envs multiply.
            con = duckdb.connect(":memory:", config={"threads": 1})
            _instance = (os.getpid(), con)
        return _instance[1]


class _Watchdog:
    """One thread per process that interrupts statements running past their deadline.

    A call registers its deadline and unregisters when it ends, so a step costs two dict operations
    under a lock rather than a thread or a timer per call.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._active: dict[int, tuple[float, duckdb.DuckDBPyConnection]] = {}
        self._fired: set[int] = set()
        self._ids = itertools.count()
        self._thread: threading.Thread | None = None
        self._pid = 0
        self._stopping = False

    def start(self, cursor: duckdb.DuckDBPyConnection, timeout_s: float) -> int:
        """Watch ``cursor`` for ``timeout_s`` seconds; return a token for :meth:`stop`."""
        token = next(self._ids)
        deadline = monotonic() + timeout_s
        with self._cond:
            if self._thread is None or self._pid != os.getpid():  # a forked child has no watchdog thread
                self._active.clear()
                self._fired.clear()
                self._pid = os.getpid()
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="envfactory-tool-watchdog", daemon=True)
                self._thread.start()
                atexit.register(self.shutdown)
            wake = not self._active or deadline < min(d for d, _ in self._active.values())
            self._active[token] = (deadline, cursor)
            if wake:
                self._cond.notify()
        return token

    def stop(self, token: int) -> bool:
        """Stop watching; return whether the deadline passed (the statement was interrupted)."""
        with self._cond:
            self._active.pop(token, None)
            if token in self._fired:
                self._fired.discard(token)
                return True
            return False

    def shutdown(self) -> None:
        """Stop the thread (at exit: a thread still alive then keeps DuckDB objects from being freed)."""
        with self._cond:
            thread, self._thread = self._thread, None
            self._stopping = True
            self._cond.notify()
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            thread.join(timeout=1.0)

    def _run(self) -> None:
        with self._cond:
            while not self._stopping:
                if not self._active:
                    self._cond.wait()
                    continue
                now = monotonic()
                for token in [t for t, (d, _) in self._active.items() if d <= now]:
                    self._fired.add(token)
                    try:
                        self._active.pop(token)[1].interrupt()
                    except Exception:  # the connection closed meanwhile: nothing left to stop
                        pass
                if self._active:
                    self._cond.wait(min(d for d, _ in self._active.values()) - now)


_watchdog = _Watchdog()


def _new_catalog(prefix: str, fallback: str | None = None) -> tuple[str, duckdb.DuckDBPyConnection]:
    con = shared_connection()
    name = f"{prefix}_{os.getpid()}_{next(_catalog_ids)}"
    cur = con.cursor()
    if fallback is None:
        cur.execute(f"ATTACH ':memory:' AS {name}; USE {name}")
    else:
        # Unqualified names resolve to this catalog's own copy of a table if it has one, else to the template.
        cur.execute(f"ATTACH ':memory:' AS {name}; USE {name}; SET search_path = '{name}.main,{fallback}.main'")
    return name, cur


def _parse(sql: str) -> Any:
    stmt = _statement_cache.get(sql)
    if stmt is None:
        stmts = shared_connection().extract_statements(sql)
        if len(stmts) != 1:
            raise ValueError(f"exactly one SQL statement expected, got {len(stmts)}: {sql[:80]!r}")
        stmt = stmts[0]
        if stmt.type not in _ALLOWED:
            raise ValueError(f"tools may only SELECT, INSERT, UPDATE or DELETE, got {stmt.type.name}: {sql[:80]!r}")
        if len(_statement_cache) < 4096:
            _statement_cache[sql] = stmt
    return stmt


def _control(sql: str) -> Any:
    """A transaction-control statement, parsed once per process (re-parsing costs as much as running it)."""
    key = "\x00control\x00" + sql
    stmt = _statement_cache.get(key)
    if stmt is None:
        stmt = _statement_cache[key] = shared_connection().extract_statements(sql)[0]
    return stmt


def canonical(value: Any) -> Any:
    """A JSON-friendly, version-stable form of a value read from DuckDB."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    return value
