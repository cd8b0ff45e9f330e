"""Seed CSVs written with the columns of ``schema.sql``, in CREATE TABLE order, the same bytes on every run."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from envfactory_gym.errors import EnvFormatError, UsageError

__all__ = ["plain_cell", "schema_columns", "write_seed"]

#: How one value is written: ``cell(value, table, column) -> text``.
Cell = Callable[[Any, str, str], str]


def schema_columns(schema_sql: str | Path) -> dict[str, list[str]]:
    """Each table of ``schema.sql`` (a path) with its columns, both in the order the file creates them.

    Raises:
        EnvFormatError: a schema that does not execute or defines no tables.
    """
    import duckdb

    path = Path(schema_sql)
    con = duckdb.connect()
    tables: dict[str, list[str]] = {}
    try:
        for statement in con.extract_statements(path.read_text(encoding="utf-8")):
            con.execute(statement)
            for (name,) in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall():
                if name not in tables:
                    tables[name] = [c for (c,) in con.execute(
                        "SELECT column_name FROM duckdb_columns() WHERE table_name = ? ORDER BY column_index",
                        [name]).fetchall()]
    except duckdb.Error as exc:
        raise EnvFormatError(path, f"schema does not execute: {exc}") from None
    finally:
        con.close()
    if not tables:
        raise EnvFormatError(path, "defines no tables")
    return tables


def plain_cell(value: Any, table: str, column: str) -> str:
    """The default cell: empty for None, ``true``/``false`` for booleans, ``str`` of anything else."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def write_seed(out_dir: str | Path, schema_sql: str | Path, tables: Mapping[str, Iterable[Mapping[str, Any]]],
               *, cell: Cell = plain_cell, partial_rows: bool = False) -> dict[str, int]:
    """Write ``<out_dir>/<table>.csv`` for every table of ``schema.sql``: a header of the table's columns in
    CREATE TABLE order, then one line per row (``\\n`` line ends, UTF-8), each value written by ``cell``.
    Keys of a row that are not columns (a generator's working fields) are not written; a column a row leaves out
    is an error, or None with ``partial_rows``. Returns the rows written per table.

    Raises:
        UsageError: a table the schema does not have, a table of the schema without rows given, or a row
            without one of its table's columns (the message names them).
    """
    columns = schema_columns(schema_sql)
    unknown = sorted(set(tables) - set(columns))
    if unknown:
        raise UsageError(f"write_seed: {', '.join(map(repr, unknown))} not in {schema_sql}; its tables: "
                              f"{', '.join(columns)}")
    missing = [t for t in columns if t not in tables]
    if missing:
        raise UsageError(f"write_seed: no rows given for {', '.join(map(repr, missing))} of {schema_sql} "
                              f"(give an empty list for an empty table)")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}
    for table, cols in columns.items():
        n = 0
        with (out / f"{table}.csv").open("w", encoding="utf-8", newline="") as fh:
            writer = csv.writer(fh, lineterminator="\n")
            writer.writerow(cols)
            for row in tables[table]:
                lacking = [c for c in cols if c not in row]
                if lacking and not partial_rows:
                    raise UsageError(f"write_seed: row {n + 1} of {table!r} ({cols[0]}="
                                          f"{row.get(cols[0])!r}) has no {', '.join(lacking)} (columns of "
                                          f"{schema_sql}); pass partial_rows=True to write them empty")
                writer.writerow([cell(row.get(c), table, c) for c in cols])
                n += 1
        counts[table] = n
    return counts
