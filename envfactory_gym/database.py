"""DuckDB state: a process-wide instance, a template catalog per environment, an isolated catalog per env."""

from __future__ import annotations

import atexit
import functools
import hashlib
import itertools
import json
import os
import re
import threading
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from time import monotonic
from typing import Any

import duckdb

from envfactory_gym.errors import EnvFormatError, ToolError, ToolTimeoutError

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


@dataclass(frozen=True)
class TableInfo:
    """A table's name, columns and primary key."""

    name: str
    columns: tuple[str, ...]
    primary_key: tuple[str, ...]


@dataclass
class Template:
    """An environment's initial state, loaded once per process into its own read-only catalog."""

    catalog: str
    schema_sql: str
    tables: dict[str, TableInfo]
    table_sql: dict[str, str] = field(default_factory=dict)
    pid: int = field(default_factory=os.getpid)
    _fingerprints: dict[str, tuple[int, int | None]] | None = field(default=None, repr=False)
    _keyed: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)

    def key_sql(self, table: str) -> str:
        """An expression of a row's primary key (a list of strings when the key has several columns)."""
        pk = self.tables[table].primary_key
        return pk[0] if len(pk) == 1 else "[" + ", ".join(f"{c}::VARCHAR" for c in pk) + "]"

    def keyed(self, table: str, sql: str) -> Any:
        """``sql`` (a write to ``table``) parsed with ``RETURNING <primary key>``, or None where that could
        miss a changed row (it returns already, or an UPDATE sets a key column): then reset restores the
        whole table."""
        try:
            return self._keyed[table, sql]
        except KeyError:
            pass
        stmt = None
        info = self.tables[table]
        set_part = re.search(r"\bSET\b(.*?)(?:\bWHERE\b|$)", sql, re.IGNORECASE | re.DOTALL)
        sets_key = set_part is not None and re.search(r"\bUPDATE\b", sql, re.IGNORECASE) is not None and any(
            re.search(rf"\b{re.escape(c)}\b", set_part.group(1), re.IGNORECASE) for c in info.primary_key)
        if not sets_key and not re.search(r"\bRETURNING\b", sql, re.IGNORECASE):
            try:
                stmts = shared_connection().extract_statements(
                    f"{sql.rstrip().rstrip(';')} RETURNING {self.key_sql(table)}")
                if len(stmts) == 1:
                    stmt = stmts[0]
            except duckdb.Error:
                pass
        if len(self._keyed) < 4096:
            self._keyed[table, sql] = stmt
        return stmt

    def copy_sql(self, table: str) -> str:
        """The statements that give an env catalog its own copy of ``table`` (constraints kept)."""
        return f"{self.table_sql[table]}; INSERT INTO {table} SELECT * FROM {self.catalog}.{table}"

    @property
    def fingerprints(self) -> dict[str, tuple[int, int | None]]:
        """Per table, (row count, XOR of row hashes) of the initial state (computed once per process)."""
        if self._fingerprints is None:
            cur = shared_connection().cursor()
            try:
                self._fingerprints = _fingerprints(cur, list(self.tables), self.catalog)
            finally:
                cur.close()
        return self._fingerprints

    @property
    def alive(self) -> bool:
        """False in a forked child, where the parent's DuckDB instance must not be used."""
        return self.pid == os.getpid()

    @classmethod
    def load(cls, schema_path: Path, seed_dir: Path) -> Template:
        """Create the template catalog from ``schema.sql`` and the seed CSV files (one per table)."""
        schema_sql = schema_path.read_text(encoding="utf-8")
        catalog, cur = _new_catalog("tmpl")
        try:
            try:
                cur.execute(schema_sql)
            except duckdb.Error as exc:
                raise EnvFormatError(schema_path, f"schema does not execute: {exc}") from None
            tables = _table_infos(cur, catalog)
            if not tables:
                raise EnvFormatError(schema_path, "defines no tables")
            for t in tables.values():
                if not t.primary_key:
                    raise EnvFormatError(schema_path, f"table {t.name!r} has no PRIMARY KEY (needed for row diffs)")
            for csv in sorted(seed_dir.glob("*.csv")):
                if csv.stem not in tables:
                    raise EnvFormatError(csv, f"seed file for unknown table {csv.stem!r}")
                header = _seed_header(csv, tables[csv.stem].columns)
                cols = ", ".join(f'"{c}"' for c in header)
                try:
                    cur.execute(f"COPY {catalog}.{csv.stem} ({cols}) FROM '{_sql_path(csv)}' "
                                f"(HEADER, DELIMITER ',', QUOTE '\"', ESCAPE '\"', NULLSTR '')")
                except duckdb.Error as exc:
                    raise EnvFormatError(csv, f"seed rows do not load: {_one_line(str(exc))}",
                                         detail=str(exc)) from None
            table_sql = dict(cur.execute(
                "SELECT table_name, sql FROM duckdb_tables() WHERE database_name = ?", [catalog]).fetchall())
            return cls(catalog, schema_sql, tables, {t: sql.rstrip().rstrip(";") for t, sql in table_sql.items()})
        except BaseException:
            cur.execute("USE memory")
            cur.execute(f"DETACH {catalog}")
            raise
        finally:
            cur.close()


def _seed_header(csv_path: Path, columns: Sequence[str]) -> list[str]:
    """The seed file's header, checked against the table's columns (any order; mapped by name)."""
    import csv

    try:
        with csv_path.open(encoding="utf-8", newline="") as f:
            reader = csv.reader(f)
            header = [h.strip() for h in next(reader, [])]
            _check_header(csv_path, header, columns)
            for row in reader:
                if row and len(row) != len(header):
                    raise EnvFormatError(csv_path, f"line {reader.line_num}: {len(row)} fields, the header has "
                                                   f"{len(header)}")
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise EnvFormatError(csv_path, f"cannot read seed file ({exc})") from None
    return header


def _check_header(csv_path: Path, header: list[str], columns: Sequence[str]) -> None:
    if sorted(header) != sorted(columns) or len(set(header)) != len(header):
        missing = [c for c in columns if c not in header]
        extra = [h for h in header if h not in columns]
        dupes = sorted({h for h in header if header.count(h) > 1})
        parts = [f"missing {', '.join(missing)}" if missing else "", f"unknown {', '.join(extra)}" if extra else "",
                 f"repeated {', '.join(dupes)}" if dupes else ""]
        raise EnvFormatError(csv_path, f"header does not match table {csv_path.stem!r} "
                                       f"({'; '.join(p for p in parts if p)}): expected columns "
                                       f"{', '.join(columns)}; found {', '.join(header) or 'no header'}")


def _one_line(message: str) -> str:
    """DuckDB's multi-line CSV error in one line: the file's line number and the problem."""
    lines = [ln.strip() for ln in message.splitlines() if ln.strip()]
    line_no = re.search(r"\bLine:?\s*(\d+)", message, re.IGNORECASE)
    problem = next((ln for ln in lines if re.match(r"(Error when|Could not|Expected|Value|Invalid|Maximum)", ln)),
                   None) or re.sub(r"^[A-Za-z ]+Error:\s*", "", lines[0] if lines else message)
    where = f"line {line_no.group(1)}: " if line_no else ""
    return f"{where}{problem}"[:300]


def _sql_path(path: Path) -> str:
    return str(path.resolve()).replace("'", "''")


def _fingerprints(cur: duckdb.DuckDBPyConnection, tables: Sequence[str],
                  catalog: str | None = None) -> dict[str, tuple[int, int | None]]:
    # XOR of row hashes is exact for sets of distinct rows, which primary keys guarantee. A row's hash() XORs its
    # last column's hash in, so the same change of that column on two rows would cancel out in the XOR: each row
    # hash is hashed again to mix it. DuckDB's hash() differs between versions, so fingerprints are only ever
    # compared within one process.
    if not tables:
        return {}
    prefix = f"{catalog}." if catalog else ""
    sql = " UNION ALL ".join(f"SELECT '{t}', count(*), bit_xor(hash(hash(r))) FROM {prefix}{t} AS r" for t in tables)
    return {t: (int(n), None if h is None else int(h)) for t, n, h in cur.execute(sql).fetchall()}


def _table_infos(cur: duckdb.DuckDBPyConnection, catalog: str) -> dict[str, TableInfo]:
    cols = cur.execute(
        "SELECT table_name, column_name FROM duckdb_columns() WHERE database_name = ? "
        "ORDER BY table_name, column_index", [catalog]).fetchall()
    pks = dict(cur.execute(
        "SELECT table_name, constraint_column_names FROM duckdb_constraints() "
        "WHERE database_name = ? AND constraint_type = 'PRIMARY KEY'", [catalog]).fetchall())
    by_table: dict[str, list[str]] = {}
    for t, c in cols:
        by_table.setdefault(t, []).append(c)
    return {t: TableInfo(t, tuple(c), tuple(pks.get(t, ()))) for t, c in sorted(by_table.items())}


@dataclass
class StateDiff:
    """Row-level difference between two states: per table, the rows inserted, deleted and changed."""

    inserted: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    deleted: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    changed: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.inserted or self.deleted or self.changed)

    @property
    def tables(self) -> set[str]:
        """Tables with at least one difference."""
        return set(self.inserted) | set(self.deleted) | set(self.changed)

    def changes(self, tables: dict[str, TableInfo]) -> frozenset[tuple[str, str, str]]:
        """Canonical change set: (table, primary key, row after or '-' if deleted), for exact comparison."""
        out = set()
        for t, rows in self.inserted.items():
            out |= {(t, _key(r, tables[t]), _dump(r)) for r in rows}
        for t, rows in self.deleted.items():
            out |= {(t, _key(r, tables[t]), "-") for r in rows}
        for t, pairs in self.changed.items():
            out |= {(t, _key(after, tables[t]), _dump(after)) for _, after in pairs}
        return frozenset(out)

    def loose_changes(self, tables: dict[str, TableInfo]) -> list[tuple[str, str, str]]:
        """The change set with the ids of inserted rows left out (as a sorted list: a multiset): the same changes
        made in another order give new rows other sequential ids, and rows that point at them other values."""
        new_ids = {_dump(r[c]) for t, rows in self.inserted.items() for r in rows for c in tables[t].primary_key}

        def loose(row: dict[str, Any], skip: Sequence[str] = ()) -> str:
            return _dump({k: "<new>" if _dump(v) in new_ids else v for k, v in row.items() if k not in skip})

        out = [(t, "*", loose(r, tables[t].primary_key)) for t, rows in self.inserted.items() for r in rows]
        out += [(t, _key(r, tables[t]), "-") for t, rows in self.deleted.items() for r in rows]
        out += [(t, _key(a, tables[t]), loose(a)) for t, pairs in self.changed.items() for _, a in pairs]
        return sorted(out)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly summary (used in infos and trajectory files)."""
        return {
            t: {
                "inserted": self.inserted.get(t, []),
                "deleted": self.deleted.get(t, []),
                "changed": [{"before": b, "after": a} for b, a in self.changed.get(t, [])],
            }
            for t in sorted(self.tables)
        }


def _key(row: dict[str, Any], info: TableInfo) -> str:
    return _dump([row[c] for c in info.primary_key])


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str, separators=(",", ":"))


_PLAIN_INSERT = re.compile(r"^\s*INSERT\s+INTO\b", re.IGNORECASE)
_PLAIN_UPDATE = re.compile(r"^\s*UPDATE\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _write_kind(sql: str) -> str:
    """'insert' for a plain INSERT (only new rows), 'update' for a plain UPDATE, else 'other'."""
    if _PLAIN_INSERT.match(sql) and not re.search(r"\bON\s+CONFLICT\b", sql, re.IGNORECASE):
        return "insert"
    if _PLAIN_UPDATE.match(sql):
        return "update"
    return "other"


def _sql_list(keys: Iterable[Any]) -> str | None:
    """Keys as a SQL list literal (strings and integers only; None for anything else)."""
    parts = []
    for k in sorted(keys, key=repr):
        if isinstance(k, tuple):
            inner = _sql_list_items(k)
            if inner is None:
                return None
            parts.append(f"[{inner}]")
        else:
            item = _sql_list_items((k,))
            if item is None:
                return None
            parts.append(item)
    return "[" + ", ".join(parts) + "]"


def _sql_list_items(values: Iterable[Any]) -> str | None:
    out = []
    for v in values:
        if isinstance(v, str):
            out.append("'" + v.replace("'", "''") + "'")
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append(str(v))
        else:
            return None
    return ", ".join(out)


class _CopyFirst(BaseException):
    """Raised into a tool when it first writes a table the env has no copy of yet (not an Exception, so
    that a tool's own ``except Exception`` does not swallow it)."""


#: Per tool function, the tables it has written: copied before its transaction starts.
_write_targets: dict[Any, set[str]] = {}


class DuckDBState:
    """One environment instance's isolated database, restorable to the template in O(tables written).

    Copy-on-write: the catalog starts empty and its search path falls back to the template, so reads see
    the template's tables; the first write to a table gives the env its own copy (the write path knows the
    target table and copies before writing), so creating an env costs neither the time nor the memory of a
    copy. Writes record the primary keys they touch (``RETURNING``), so a reset puts back only those rows:
    it costs what the episode changed, not the size of the database.
    """

    def __init__(self, template: Template, now: str = "2026-01-01T00:00:00") -> None:
        self.template = template
        self.catalog, self._cur = _new_catalog("env", template.catalog)
        #: Tables written since the last reset.
        self.dirty: set[str] = set()
        #: Tables this env has its own copy of; the others are read from the template.
        self.copied: set[str] = set()
        self._keys: dict[str, set[Any]] = {}
        self._kinds: dict[str, set[str]] = {}
        self._whole: set[str] = set()
        self._needs_copy: set[str] = set()
        self._closed = False
        self._finalizer = weakref.finalize(self, _detach, self.catalog, self._cur, os.getpid())
        self.db = Database(self._cur, now=now, on_write=self._on_write, on_keys=self._on_keys)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def _on_write(self, table: str, sql: str) -> Any:
        self.dirty.add(table)
        if table not in self.template.tables:
            return None
        if table not in self.copied:
            # The copy runs in its own committed transaction (a rolled-back one must never leave a half-made
            # copy, and constraint errors read differently on rows created in the same transaction): stop
            # the tool, roll back, copy, run the tool again. Tools are deterministic, and the tables a tool
            # wrote are copied up front on its later calls, so this happens at most once per tool and table.
            self._needs_copy.add(table)
            raise _CopyFirst(table)
        keyed = self.template.keyed(table, sql)
        if keyed is None:
            self._whole.add(table)
        return keyed

    def _on_keys(self, table: str, sql: str, rows: list[tuple[Any, ...]]) -> None:
        self._kinds.setdefault(table, set()).add(_write_kind(sql))
        keys = self._keys.setdefault(table, set())
        for (key,) in rows:
            keys.add(tuple(key) if isinstance(key, list) else key)

    def mark_written(self, tables: Iterable[str]) -> None:
        """Note tables changed by SQL that bypassed :attr:`db`: the next reset restores them whole."""
        tables = set(tables)
        self.dirty |= tables
        self._whole |= tables

    def materialize(self, tables: Iterable[str]) -> None:
        """Turn ``tables`` into real copies now (as their first write would)."""
        todo = sorted(set(tables) & set(self.template.tables) - self.copied)
        if todo:
            cur = self._cur
            cur.execute("BEGIN TRANSACTION")
            try:
                cur.execute("; ".join(self.template.copy_sql(t) for t in todo))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            self.copied.update(todo)

    def reset(self) -> None:
        """Restore the initial state: only the rows written since the last reset are copied back."""
        script = "; ".join(sql for sql in map(self._restore_sql, sorted(self.dirty & self.copied)) if sql)
        if script:
            cur = self._cur
            cur.execute("BEGIN TRANSACTION")
            try:
                cur.execute(script)
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        self.dirty.clear()
        self._keys.clear()
        self._kinds.clear()
        self._whole.clear()

    def _restore_sql(self, t: str) -> str:
        # One statement per table in the common cases: rows only inserted are deleted, rows only updated
        # (key columns untouched) are updated back from the template; anything else is deleted and re-copied.
        tmpl, keys, kinds = self.template, self._keys.get(t), self._kinds.get(t, set())
        src = f"{tmpl.catalog}.{t}"
        if t in self._whole:
            return f"DELETE FROM {t}; INSERT INTO {t} SELECT * FROM {src}"
        if not keys:
            return ""
        listed = _sql_list(keys)
        if listed is None:
            self._whole.add(t)
            return self._restore_sql(t)
        info = tmpl.tables[t]
        key = tmpl.key_sql(t)
        if kinds == {"insert"}:
            return f"DELETE FROM {t} WHERE list_contains({listed}, {key})"
        others = [c for c in info.columns if c not in info.primary_key]
        if kinds == {"update"} and others:
            sets = ", ".join(f"{c} = b.{c}" for c in others)
            on = " AND ".join(f"{t}.{c} = b.{c}" for c in info.primary_key)
            qkey = "[" + ", ".join(f"{t}.{c}::VARCHAR" for c in info.primary_key) + "]" if len(
                info.primary_key) > 1 else f"{t}.{key}"
            return f"UPDATE {t} SET {sets} FROM {src} AS b WHERE {on} AND list_contains({listed}, {qkey})"
        return (f"DELETE FROM {t} WHERE list_contains({listed}, {key}); "
                f"INSERT INTO {t} SELECT * FROM {src} WHERE list_contains({listed}, {key})")

    def fingerprints(self, tables: Iterable[str]) -> dict[str, tuple[int, int | None]]:
        """Per table, (row count, XOR of row hashes): equal fingerprints mean equal contents, in one process."""
        tables = sorted(set(tables) & set(self.template.tables))
        base = self.template.fingerprints
        changed = self.dirty & self.copied  # the other tables hold exactly the template's rows
        out = {t: base[t] for t in tables if t not in changed}
        out.update(_fingerprints(self._cur, [t for t in tables if t in changed]))
        return out

    def run_in_transaction(self, func: Any, *args: Any, writes: bool = False, timeout_s: float | None = None,
                           **kwargs: Any) -> Any:
        """Call ``func(db, ...)`` atomically: any exception rolls every write back.

        With ``timeout_s``, a call still running after that many seconds is interrupted (its statement
        stops), rolled back, and reported as :class:`~envfactory_gym.errors.ToolTimeoutError`.
        """
        if not writes:
            # A read-only tool cannot write (Database.execute refuses), so it needs no transaction.
            token = _watchdog.start(self._cur, timeout_s) if timeout_s is not None else None
            try:
                result = func(self.db, *args, **kwargs)
            except BaseException as exc:
                if token is not None and _watchdog.stop(token):
                    raise ToolTimeoutError(f"the tool ran longer than its {timeout_s:g} s limit and was "
                                           "stopped; nothing was changed") from exc
                raise
            if token is not None and _watchdog.stop(token):
                raise ToolTimeoutError(f"the tool ran longer than its {timeout_s:g} s limit and was stopped; "
                                       "nothing was changed")
            return result
        while True:
            self.materialize(_write_targets.get(func, ()))
            try:
                return self._write_once(func, args, kwargs, timeout_s)
            except _CopyFirst:
                pass
            finally:
                targets, self._needs_copy = self._needs_copy, set()
                if targets:
                    _write_targets.setdefault(func, set()).update(targets)

    def _write_once(self, func: Any, args: tuple[Any, ...], kwargs: dict[str, Any], timeout_s: float | None) -> Any:
        cur = self._cur
        token = _watchdog.start(cur, timeout_s) if timeout_s is not None else None
        try:
            cur.execute(_control("BEGIN TRANSACTION"))
        except BaseException:
            if token is not None:
                _watchdog.stop(token)
            raise
        self.db.allow_writes = True
        try:
            result = func(self.db, *args, **kwargs)
            timed_out = token is not None and _watchdog.stop(token)
        except BaseException as exc:
            timed_out = token is not None and _watchdog.stop(token)
            cur.execute(_control("ROLLBACK"))
            if self._needs_copy:
                raise _CopyFirst() from exc
            if timed_out:
                raise ToolTimeoutError(f"the tool ran longer than its {timeout_s:g} s limit and was stopped; "
                                       "nothing was changed") from exc
            raise
        finally:
            self.db.allow_writes = False
        if self._needs_copy:  # the tool caught the signal to copy a table first
            cur.execute(_control("ROLLBACK"))
            raise _CopyFirst()
        if timed_out:
            cur.execute(_control("ROLLBACK"))
            raise ToolTimeoutError(f"the tool ran longer than its {timeout_s:g} s limit and was stopped; "
                                   "nothing was changed")
        try:
            cur.execute(_control("COMMIT"))
        except duckdb.Error:
            cur.execute(_control("ROLLBACK"))
            raise
        return result

    def diff(self, tables: Iterable[str] | None = None) -> StateDiff:
        """Rows that differ from the initial state, for ``tables`` (default: the tables written)."""
        tables = sorted(set(self.dirty if tables is None else tables) & set(self.template.tables))
        out = StateDiff()
        for t in tables:
            if t not in self.copied:  # read from the template: equal by construction
                continue
            info = self.template.tables[t]
            ncol = len(info.columns)
            cols = ", ".join(f"a.{c}" for c in info.columns) + ", " + ", ".join(f"b.{c}" for c in info.columns)
            on = " AND ".join(f"a.{c} = b.{c}" for c in info.primary_key)
            same = " AND ".join(f"a.{c} IS NOT DISTINCT FROM b.{c}" for c in info.columns)
            rows = self._cur.execute(
                f"SELECT {cols} FROM {t} a FULL OUTER JOIN {self.template.catalog}.{t} b ON {on} "
                f"WHERE NOT ({same}) ORDER BY ALL").fetchall()
            pk_idx = [info.columns.index(c) for c in info.primary_key]
            for row in rows:
                after = dict(zip(info.columns, map(canonical, row[:ncol])))
                before = dict(zip(info.columns, map(canonical, row[ncol:])))
                new_missing = all(row[i] is None for i in pk_idx)
                old_missing = all(row[ncol + i] is None for i in pk_idx)
                if old_missing:
                    out.inserted.setdefault(t, []).append(after)
                elif new_missing:
                    out.deleted.setdefault(t, []).append(before)
                else:
                    out.changed.setdefault(t, []).append((before, after))
        return out

    def state_hash(self) -> str:
        """A canonical SHA-256 of every row of every table (stable across DuckDB versions)."""
        h = hashlib.sha256()
        for t, info in self.template.tables.items():
            h.update(f"\x00table:{t}\x00".encode())
            order = ", ".join(info.primary_key)
            for row in self._cur.execute(f"SELECT * FROM {t} ORDER BY {order}").fetchall():
                h.update(_dump([canonical(v) for v in row]).encode())
                h.update(b"\n")
        return h.hexdigest()

    def interrupt(self) -> None:
        """Interrupt the statement running on this state's connection (for tool time limits)."""
        self._cur.interrupt()

    def close(self) -> None:
        """Release this state's catalog; safe to call more than once."""
        if not self._closed:
            self._closed = True
            self._finalizer()


def _detach(catalog: str, cur: duckdb.DuckDBPyConnection, pid: int) -> None:
    if keep_if_forked(cur, pid):
        return
    try:
        if _instance is not None and _instance[0] == os.getpid():
            cur.execute("USE memory")
            cur.execute(f"DETACH DATABASE IF EXISTS {catalog}")
        cur.close()
    except Exception:  # interpreter shutdown or a forked child: nothing left to release
        pass
