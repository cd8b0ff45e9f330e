"""DuckDBState: an isolated, copy-on-write catalog per env, reset per episode, with transactions per tool call."""

from __future__ import annotations

import functools
import hashlib
import os
import re
import weakref
from collections.abc import Iterable
from typing import Any

import duckdb

from envfactory_gym.database import connection as _connection
from envfactory_gym.database.connection import (
    _control,
    _new_catalog,
    _watchdog,
    canonical,
    keep_if_forked,
    shared_connection,
)
from envfactory_gym.database.diff import StateDiff, _dump
from envfactory_gym.database.handle import Database
from envfactory_gym.database.overlay import ENV_VARIABLE, Overlays
from envfactory_gym.database.template import Template, _fingerprints
from envfactory_gym.errors import ConfigError, ToolTimeoutError

_PLAIN_INSERT = re.compile(r"^\s*INSERT\s+INTO\b", re.IGNORECASE)
_PLAIN_UPDATE = re.compile(r"^\s*UPDATE\b", re.IGNORECASE)
_PLAIN_DELETE = re.compile(r"^\s*DELETE\s+FROM\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _write_kind(sql: str) -> str:
    """'insert' for a plain INSERT (only new rows), 'update' / 'delete' for a plain UPDATE / DELETE, else 'other'."""
    if _PLAIN_INSERT.match(sql) and not re.search(r"\bON\s+CONFLICT\b", sql, re.IGNORECASE):
        return "insert"
    if _PLAIN_UPDATE.match(sql):
        return "update"
    if _PLAIN_DELETE.match(sql):
        return "delete"
    return "other"


@functools.lru_cache(maxsize=4096)
def _PLACEHOLDERS(sql: str) -> int:
    """How many ``?`` parameters a statement takes."""
    return len(shared_connection().extract_statements(sql)[0].named_parameters)


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


#: Per tool function, the tables it has written: copied (or given their overlay view) before its transaction starts.
_write_targets: dict[Any, set[str]] = {}
#: Per tool function, the tables it writes in ways a row overlay cannot take (storage="rows"): copied whole.
_full_targets: dict[Any, set[str]] = {}

#: How an env keeps the tables it writes: "copy" (its own copy of each, the fastest reads) or "rows" (only the
#: rows it changed, in overlay tables every env of the template shares, read through views: the least memory).
STORAGES = ("copy", "rows")


class DuckDBState:
    """One environment instance's isolated database, restorable to the template in O(tables written).

    Copy-on-write: the catalog starts empty and its search path falls back to the template, so reads see
    the template's tables; the first write to a table gives the env its own copy (the write path knows the
    target table and copies before writing), so creating an env costs neither the time nor the memory of a
    copy. Writes record the primary keys they touch (``RETURNING``), so a reset puts back only those rows:
    it costs what the episode changed, not the size of the database.
    """

    def __init__(self, template: Template, now: str = "2026-01-01T00:00:00", storage: str = "copy") -> None:
        if storage not in STORAGES:
            raise ConfigError(f"storage must be one of {STORAGES}, got {storage!r}")
        self.template = template
        self.catalog, self._cur = _new_catalog("env", template.catalog)
        #: "rows" keeps only changed rows (see :mod:`~envfactory_gym.database.overlay`); a template whose tools
        #: upsert (indexed copies) keeps whole copies.
        self.storage = storage if template.light_copies and not template.rows_fallback else "copy"
        #: Tables read through their overlay view this episode (storage="rows"): their changed rows live in the
        #: overlay. A view is made once per env and table, in a schema of its own that is on the search path only
        #: while the env has written the table since its reset (reads of the others go to the template directly).
        self.viewed: set[str] = set()
        self._views: set[str] = set()
        self._overlays = template.overlays() if self.storage == "rows" else None
        self._env_id = int(self.catalog.rsplit("_", 1)[1])
        self._needs_full: set[str] = set()
        if self._overlays is not None:
            self._cur.execute(f"SET VARIABLE {ENV_VARIABLE} = {self._env_id}")
        #: Tables written since the last reset.
        self.dirty: set[str] = set()
        #: Tables this env has its own copy of; the others are read from the template.
        self.copied: set[str] = set()
        self._keys: dict[str, set[Any]] = {}
        self._kinds: dict[str, set[str]] = {}
        self._whole: set[str] = set()
        self._needs_copy: set[str] = set()
        #: Keys inserted or updated in the open write transaction, and tables written there without known keys:
        #: checked for duplicates before it commits when copies carry no key index.
        self._txn_whole: set[str] = set()
        #: Keys present or gone in this env against the template (since the last reset), and the open
        #: transaction's changes to that: a new row's key is checked against them, with no query.
        self._present: dict[str, dict[Any, bool]] = {}
        self._txn_present: dict[str, dict[Any, bool]] = {}
        #: Tables whose keys moved in ways the map cannot follow (a key column set, raw SQL): checked by query.
        self._unknown: set[str] = set()
        self._closed = False
        self._finalizer = weakref.finalize(self, _detach, self.catalog, self._cur, os.getpid(), self._overlays,
                                           self._env_id, self._views)
        self.db = Database(self._cur, now=now, on_write=self._on_write, on_keys=self._on_keys)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def _on_write(self, table: str, sql: str) -> Any:
        self.dirty.add(table)
        if table not in self.template.tables:
            return None
        if self._overlays is not None and table not in self.copied:
            plan = self._overlays.plan(table, sql, self._env_id, _PLACEHOLDERS(sql), first=not self._keys.get(table))
            if plan is None:  # a write the overlay cannot take: whole copies from now on (a DuckDB transaction
                # writes one catalog, so a tool must never write both an overlay and a copy)
                self.template.rows_fallback = True
                self._needs_full |= {table} | self.viewed
                self._needs_copy.add(table)
                raise _CopyFirst(table)
            if table not in self.viewed:
                self._needs_copy.add(table)
                raise _CopyFirst(table)
            return list(plan)
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
            self._txn_whole.add(table)
        return keyed

    def _on_keys(self, table: str, sql: str, rows: list[tuple[Any, ...]]) -> None:
        kind = _write_kind(sql)
        self._kinds.setdefault(table, set()).add(kind)
        keys = self._keys.setdefault(table, set())
        found = [tuple(key) if isinstance(key, list) else key for (key,) in rows]
        keys.update(found)
        # A keyed UPDATE never sets a key column (those restore the whole table): only new rows can clash.
        if kind == "update" or not self.template.light_copies:
            return
        if kind == "other" or table in self._unknown:  # e.g. WITH ... INSERT: checked by a query before the commit
            self._txn_whole.add(table)
            return
        txn = self._txn_present.setdefault(table, {})
        if kind == "delete":
            txn.update(dict.fromkeys(found, False))
            return
        base, known = self.template.key_set(table), self._present.get(table, {})
        for key in found:
            present = txn.get(key, known.get(key, key in base))
            if present:
                cols = ", ".join(self.template.tables[table].primary_key)
                raise duckdb.ConstraintException(f'Duplicate key "{cols}: {key}" violates primary key constraint '
                                                 f"of table {table!r}")
            txn[key] = True

    def _check_keys(self) -> None:
        """Refuse the open transaction if a write whose keys were not returned left two rows with one primary
        key (copies have no index to refuse it): the error an indexed table gives, with the key."""
        tmpl, cur = self.template, self._cur
        for t in sorted(self._txn_whole & (self.copied | self.viewed)):
            key = tmpl.key_sql(t)
            row = cur.execute(f"SELECT {key} FROM {t} GROUP BY ALL HAVING count(*) > 1 LIMIT 1").fetchone()
            if row is not None:
                cols = ", ".join(tmpl.tables[t].primary_key)
                raise duckdb.ConstraintException(f'Duplicate key "{cols}: {row[0]}" violates primary key '
                                                 f"constraint of table {t!r}")
        for t in self._txn_whole:  # keys moved in ways the map cannot follow: read them again when needed
            self._present.pop(t, None)
            self._txn_present.pop(t, None)
            self._unknown.add(t)

    def mark_written(self, tables: Iterable[str]) -> None:
        """Note tables changed by SQL that bypassed :attr:`db`: the next reset restores them whole."""
        tables = set(tables)
        self.dirty |= tables
        self._whole |= tables
        self._unknown |= tables

    def materialize(self, tables: Iterable[str]) -> None:
        """Turn ``tables`` into real copies now (as their first write would); a table read through an overlay
        view becomes a copy of what the env holds now."""
        todo = sorted(set(tables) & set(self.template.tables) - self.copied)
        if todo:
            cur = self._cur
            script = []
            for t in todo:
                if t in self.viewed:  # main.t comes before the view's schema on the search path
                    script += [self.template.light_sql[t], f"INSERT INTO main.{t} SELECT * FROM ov_{t}.{t}"]
                else:
                    script.append(self.template.copy_sql(t))
            cur.execute("BEGIN TRANSACTION")
            try:
                cur.execute("; ".join(script))
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            self.copied.update(todo)
            if self._overlays is not None and self.viewed & set(todo):
                cur.execute("; ".join(self._overlays.clear_sql(self._env_id, t) for t in sorted(self.viewed & set(todo))))
                self._activate(self.viewed - set(todo))

    def _prepare(self, tables: Iterable[str], full: Iterable[str]) -> None:
        """Before a write tool runs: copies of the tables it writes (storage="copy", or writes an overlay cannot
        take), overlay views of the others (storage="rows")."""
        if self._overlays is not None and full:  # this env keeps whole copies from now on
            self.materialize(set(full) | self.viewed)
            self._overlays, self.storage = None, "copy"
        if self._overlays is None:
            self.materialize(tables)
            return
        todo = set(tables) & set(self.template.tables) - self.copied - self.viewed
        if not todo:
            return
        new = sorted(todo - self._views)
        if new:
            ovl, cur = self._overlays, self._cur
            for t in new:
                ovl.ensure(cur, t)
            cur.execute("; ".join(f"CREATE SCHEMA IF NOT EXISTS {self.catalog}.ov_{t}; "
                                  + ovl.view_sql(self.catalog, self._env_id, t) for t in new))
            self._views.update(new)
        self._activate(self.viewed | todo)

    def _activate(self, tables: set[str]) -> None:
        """Read ``tables`` through their overlay views, and every other table from the env's copy or the template."""
        if tables == self.viewed:
            return
        views = "".join(f"{self.catalog}.ov_{t}," for t in sorted(tables))
        self._cur.execute(f"SET search_path = '{self.catalog}.main,{views}{self.template.catalog}.main'")
        self.viewed = set(tables)

    def reset(self) -> None:
        """Restore the initial state: only the rows written since the last reset are copied back."""
        scripts = ["; ".join(sql for sql in map(self._restore_sql, sorted(self.dirty & self.copied)) if sql)]
        cleared = self._overlays is not None and bool(self.dirty & self.viewed)
        if cleared and self._overlays is not None:  # another catalog: its own transaction
            scripts.append("; ".join(self._overlays.clear_sql(self._env_id, t) for t in sorted(self.dirty & self.viewed)))
        for script in filter(None, scripts):
            cur = self._cur
            cur.execute("BEGIN TRANSACTION")
            try:
                cur.execute(script)
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        if cleared and self._overlays is not None:
            self._overlays.cleared(self._cur)
        if self.viewed:
            self._activate(set())
        self.dirty.clear()
        self._keys.clear()
        self._kinds.clear()
        self._whole.clear()
        self._present.clear()
        self._unknown.clear()

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
        changed = self.dirty & (self.copied | self.viewed)  # the others hold exactly the template's rows
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
            self._prepare(_write_targets.get(func, ()), _full_targets.get(func, ()))
            try:
                return self._write_once(func, args, kwargs, timeout_s)
            except _CopyFirst:
                pass
            finally:
                targets, self._needs_copy = self._needs_copy, set()
                full, self._needs_full = self._needs_full, set()
                if targets:
                    _write_targets.setdefault(func, set()).update(targets)
                if full:
                    _full_targets.setdefault(func, set()).update(full)

    def _write_once(self, func: Any, args: tuple[Any, ...], kwargs: dict[str, Any], timeout_s: float | None) -> Any:
        cur = self._cur
        self._txn_present.clear()
        self._txn_whole.clear()
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
            if self.template.light_copies:
                self._check_keys()
            cur.execute(_control("COMMIT"))
            for t, changes in self._txn_present.items():
                self._present.setdefault(t, {}).update(changes)
        except duckdb.Error:
            cur.execute(_control("ROLLBACK"))
            raise
        return result

    def diff(self, tables: Iterable[str] | None = None) -> StateDiff:
        """Rows that differ from the initial state, for ``tables`` (default: the tables written)."""
        tables = sorted(set(self.dirty if tables is None else tables) & set(self.template.tables))
        out = StateDiff()
        for t in tables:
            if t not in self.copied and t not in self.viewed:  # read from the template: equal by construction
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


def _detach(catalog: str, cur: duckdb.DuckDBPyConnection, pid: int, overlays: Overlays | None = None, env: int = 0,
            viewed: Iterable[str] = ()) -> None:
    if keep_if_forked(cur, pid):
        return
    try:
        if _connection._instance is not None and _connection._instance[0] == os.getpid():
            if overlays is not None and viewed:
                cur.execute("; ".join(overlays.clear_sql(env, t) for t in sorted(viewed)))
            cur.execute("USE memory")
            cur.execute(f"DETACH DATABASE IF EXISTS {catalog}")
        cur.close()
    except Exception:  # interpreter shutdown or a forked child: nothing left to release
        pass
