"""Read a SQL schema (``CREATE TABLE`` statements) and sample rows into a resource digest."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import duckdb

from envfactory_gym.envgen.digest import Digest, Entity, EntityField
from envfactory_gym.errors import ResourceError, suggest

_TYPES = {"VARCHAR": "string", "TEXT": "string", "INTEGER": "integer", "BIGINT": "integer", "SMALLINT": "integer",
          "TINYINT": "integer", "HUGEINT": "integer", "DOUBLE": "number", "FLOAT": "number", "REAL": "number",
          "BOOLEAN": "boolean", "DATE": "string", "TIMESTAMP": "string"}
_FORMATS = {"DATE": "date", "TIMESTAMP": "date-time"}
#: Schema file names that say nothing about the database (its folder's name is used instead).
_GENERIC_STEMS = ("schema", "tables", "ddl", "database", "db", "init", "create_tables")


def _singular(table: str) -> str:
    word = table
    if word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith(("sses", "xes", "ches", "shes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return "".join(w.title() for w in word.split("_"))


def _words(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ").lower()


def _describe(column: str, kind: str, entity: str) -> str:
    """A plain description of a column without a comment: "The plot's area m2", "Whether the plot is raised"."""
    noun = _words(entity)
    if kind == "boolean":
        m = re.fullmatch(r"(is|has|can)_(.+)", column)
        verb, rest = (m.group(1).replace("can", "can be"), m.group(2)) if m else ("is", column)
        return f"Whether the {noun} {verb} {_words(rest)}"
    if column.endswith("_id"):
        return f"The {noun}'s id" if _words(column[:-3]) == noun else f"The {_words(column[:-3])} of the {noun}"
    return f"The {noun}'s {_words(column)}"


def _comments(sql: str) -> tuple[str, dict[str, str]]:
    """The file's leading ``--`` comment, and per table the ``--`` comment right before its ``CREATE TABLE``."""
    intro, notes, block, first = "", {}, [], True
    for line in sql.splitlines():
        text = line.strip()
        if text.startswith("--"):
            block.append(text.lstrip("-").strip())
            continue
        m = re.match(r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?\"?(\w+)", text, re.IGNORECASE)
        if m and block:
            if first:
                intro = " ".join(block)
            else:
                notes[m.group(1)] = " ".join(block)
        if m:
            first = False
        if text:
            block = []
    return intro, notes


def _checks(expression: str, column: str) -> dict[str, Any]:
    """Enum values and bounds a CHECK expression states about ``column``."""
    out: dict[str, Any] = {}
    col = rf'(?<![\w.])"?{re.escape(column)}"?(?!\w)'  # DuckDB quotes columns named like keywords ("role")
    m = re.search(rf"{col}\s+IN\s*\(([^)]*)\)", expression, re.IGNORECASE)
    if m:
        out["enum"] = [v.strip().strip("'").replace("''", "'") for v in m.group(1).split(",")]
    m = re.search(rf"{col}\s+BETWEEN\s+(-?[\d.]+)\s+AND\s+(-?[\d.]+)", expression, re.IGNORECASE)
    if m:
        out["minimum"], out["maximum"] = float(m.group(1)), float(m.group(2))
    for op, key in ((r">=?", "minimum"), (r"<=?", "maximum")):
        m = re.search(rf"{col}\s*{op}\s*(-?[\d.]+)", expression)
        if m:
            out[key] = float(m.group(1))
    m = re.search(rf"length\({col}\)\s*<=?\s*(\d+)", expression, re.IGNORECASE)
    if m:
        out["max_length"] = int(m.group(1))
    return out


def _rows(path: Path, fields: list[EntityField]) -> list[dict[str, Any]]:
    kinds = {f.name: f.type for f in fields}
    rows = []
    with path.open(newline="", encoding="utf-8") as f:
        for raw in csv.DictReader(f):
            row: dict[str, Any] = {}
            for k, v in raw.items():
                if k not in kinds:
                    raise ResourceError(f"{path}: column {k!r} is not in the table{suggest(k or '', kinds)}")
                if v == "" or v is None:
                    row[k] = None
                elif kinds[k] == "integer":
                    row[k] = int(v)
                elif kinds[k] == "number":
                    row[k] = float(v)
                elif kinds[k] == "boolean":
                    row[k] = v.strip().lower() in ("true", "1", "yes")
                else:
                    row[k] = v
            rows.append(row)
    return rows


def read_sql(schema_path: str | Path, rows_dir: str | Path | None = None) -> Digest:
    """Read ``CREATE TABLE`` statements (DuckDB's dialect) and optional ``<table>.csv`` rows into a digest.

    Primary keys, NOT NULL, UNIQUE, REFERENCES and CHECK constraints (``IN (...)``, bounds, ``length()``) become the
    entities' fields; the rows become their examples. The digest has no operations: the compiler gives every
    table the standard ones (list, get, add, change, remove).
    """
    schema_path = Path(schema_path)
    try:
        sql = schema_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResourceError(f"{schema_path}: no such file") from None
    con = duckdb.connect()
    try:
        try:
            con.execute(sql)
        except duckdb.Error as exc:
            first = str(exc).strip().splitlines()[0]
            raise ResourceError(f"{schema_path}: not a valid DuckDB schema ({first})") from None
        listed = con.execute("SELECT table_name, comment FROM duckdb_tables() WHERE NOT internal "
                             "ORDER BY table_oid").fetchall()
        tables = [r[0] for r in listed]
        comments = {r[0]: r[1] or "" for r in listed}
        if not tables:
            raise ResourceError(f"{schema_path}: no CREATE TABLE statements")
        columns = con.execute("SELECT table_name, column_name, data_type, is_nullable, column_default, comment "
                              "FROM duckdb_columns() WHERE NOT internal ORDER BY table_oid, column_index").fetchall()
        constraints = con.execute("SELECT table_name, constraint_type, expression, constraint_column_names, "
                                  "referenced_table FROM duckdb_constraints()").fetchall()
    finally:
        con.close()
    intro, notes = _comments(sql)
    entities = []
    for table in tables:
        noun = _singular(table)
        cons = [c for c in constraints if c[0] == table]
        pk = next((c[3] for c in cons if c[1] == "PRIMARY KEY"), None)
        if not pk or len(pk) != 1:
            raise ResourceError(f"{schema_path}: table {table!r} needs a single-column PRIMARY KEY")
        fields = []
        for t, name, dtype, nullable, default, comment in columns:
            if t != table:
                continue
            base = dtype.split("(")[0].upper()
            kind = "number" if base == "DECIMAL" else _TYPES.get(base, "string")
            fmt = _FORMATS.get(base) or ("email" if kind == "string" and re.search(r"(^|_)email$", name) else None)
            info: dict[str, Any] = {"name": name, "type": kind, "required": not nullable, "format": fmt,
                                    "description": comment or _describe(name, kind, noun)}
            for _, ctype, expr, cols, ref in cons:
                if name not in (cols or []):
                    continue
                if ctype == "CHECK" and expr:
                    info.update(_checks(expr, name))
                elif ctype == "FOREIGN KEY" and ref:
                    info["references"] = _singular(ref)
                elif ctype == "UNIQUE" and len(cols) == 1:
                    info["extensions"] = {"unique": True}
            if default is not None:
                info["default"] = str(default).strip("'")
            fields.append(EntityField(**info, primary_key=name == pk[0]))
        examples: list[dict[str, Any]] = []
        if rows_dir is not None and (Path(rows_dir) / f"{table}.csv").is_file():
            examples = _rows(Path(rows_dir) / f"{table}.csv", fields)
        entities.append(Entity(name=noun, description=comments[table] or notes.get(table, ""), fields=fields,
                               examples=examples,
                               extensions={"table": table, "seed-rows": max(len(examples), 40)}))
    if rows_dir is not None:
        folder = Path(rows_dir)
        if not folder.is_dir():
            raise ResourceError(f"--rows {folder}: not a folder")
        for csv_path in sorted(folder.glob("*.csv")):
            if csv_path.stem not in tables:
                raise ResourceError(f"{csv_path}: no table {csv_path.stem!r} in {schema_path.name}"
                                    f"{suggest(csv_path.stem, tables)}")
    stem = schema_path.stem
    if stem.lower() in _GENERIC_STEMS:  # schema.sql names nothing: its folder does
        stem = schema_path.resolve().parent.name
    name = re.sub(r"[^a-z0-9]+", "_", stem.lower()).strip("_") or "database"
    return Digest(name=name, domain="general", source_kind="sql", sources=[str(schema_path)],
                  title=f"the {name.replace('_', ' ')} database", description=intro, entities=entities)
