"""Template: an environment's schema and seed rows, loaded once per process as a read-only catalog."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb

from envfactory_gym.database.connection import _new_catalog, shared_connection
from envfactory_gym.database.overlay import Overlays
from envfactory_gym.errors import EnvFormatError


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
    #: Per table, its CREATE TABLE without the primary-key index (columns, NOT NULL, defaults and CHECKs kept):
    #: what an env's copy is made with, so that a written table costs its rows, not an index over them. The
    #: env's write path checks the keys a write touched instead (see ``DuckDBState``).
    light_sql: dict[str, str] = field(default_factory=dict)
    #: Copies keep their indexes (``ON CONFLICT`` and ``INSERT OR REPLACE`` need one): set by the package when
    #: its tools use them.
    indexed_copies: bool = False
    #: A tool wrote in a way row overlays cannot take (see ``DuckDBState``): envs made from now on keep whole copies.
    rows_fallback: bool = False
    pid: int = field(default_factory=os.getpid)
    _fingerprints: dict[str, tuple[int, int | None]] | None = field(default=None, repr=False)
    _keyed: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)
    _key_sets: dict[str, frozenset[Any]] = field(default_factory=dict, repr=False)
    _overlays: Any = field(default=None, repr=False)

    def key_sql(self, table: str) -> str:
        """An expression of a row's primary key (a list of strings when the key has several columns)."""
        pk = self.tables[table].primary_key
        return pk[0] if len(pk) == 1 else "[" + ", ".join(f"{c}::VARCHAR" for c in pk) + "]"

    def key_set(self, table: str) -> frozenset[Any]:
        """The primary keys of ``table``'s initial rows, as ``RETURNING`` gives them (read once per process)."""
        keys = self._key_sets.get(table)
        if keys is None:
            cur = shared_connection().cursor()
            try:
                rows = cur.execute(f"SELECT {self.key_sql(table)} FROM {self.catalog}.{table}").fetchall()
            finally:
                cur.close()
            keys = self._key_sets[table] = frozenset(tuple(k) if isinstance(k, list) else k for (k,) in rows)
        return keys

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
        """The statements that give an env catalog its own copy of ``table`` (without its key index, unless
        :attr:`indexed_copies`)."""
        ddl = self.table_sql[table] if self.indexed_copies or table not in self.light_sql else self.light_sql[table]
        return f"{ddl}; INSERT INTO {table} SELECT * FROM {self.catalog}.{table}"

    def overlays(self) -> Overlays:
        """The template's row overlays (storage="rows"), made on first use."""
        if self._overlays is None:
            self._overlays = Overlays(self)
        return self._overlays

    @property
    def light_copies(self) -> bool:
        """Whether env copies are made without key indexes (their keys are checked on write instead)."""
        return not self.indexed_copies and bool(self.light_sql)

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
            return cls(catalog, schema_sql, tables, {t: sql.rstrip().rstrip(";") for t, sql in table_sql.items()},
                       {t: _light_sql(cur, catalog, t) for t in tables})
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


def _light_sql(cur: duckdb.DuckDBPyConnection, catalog: str, table: str) -> str:
    """``table``'s CREATE TABLE from the catalog, without PRIMARY KEY or UNIQUE: columns with their types, NOT
    NULL (key columns included) and defaults, and the CHECK constraints."""
    columns = cur.execute("SELECT column_name, data_type, is_nullable, column_default FROM duckdb_columns() "
                          "WHERE database_name = ? AND table_name = ? ORDER BY column_index",
                          [catalog, table]).fetchall()
    checks = [text for (text,) in cur.execute(
        "SELECT constraint_text FROM duckdb_constraints() WHERE database_name = ? AND table_name = ? "
        "AND constraint_type = 'CHECK' ORDER BY constraint_index", [catalog, table]).fetchall()]
    parts = [f'"{name}" {dtype}' + ("" if nullable else " NOT NULL") + (f" DEFAULT ({default})" if default else "")
             for name, dtype, nullable, default in columns]
    return f"CREATE TABLE {table}({', '.join([*parts, *checks])})"
