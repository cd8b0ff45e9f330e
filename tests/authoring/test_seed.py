"""The seed writer: columns in schema.sql's order, the same bytes on every run, and clear errors."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from envfactory_gym.authoring.seed import schema_columns, write_seed
from envfactory_gym.errors import EnvFactoryError, EnvFormatError

SCHEMA = """
CREATE TABLE zebra (z_id VARCHAR PRIMARY KEY, price DOUBLE, born DATE);
-- a comment between tables
CREATE TABLE apple (a_id VARCHAR PRIMARY KEY, ok BOOLEAN, note VARCHAR);
"""


@pytest.fixture
def schema(tmp_path: Path) -> Path:
    path = tmp_path / "schema.sql"
    path.write_text(SCHEMA, encoding="utf-8")
    return path


def test_tables_and_columns_come_in_the_order_the_schema_creates_them(schema: Path) -> None:
    assert schema_columns(schema) == {"zebra": ["z_id", "price", "born"], "apple": ["a_id", "ok", "note"]}
    assert list(schema_columns(schema)) == ["zebra", "apple"]  # not alphabetical


def test_rows_are_written_in_column_order_whatever_their_key_order(schema: Path, tmp_path: Path) -> None:
    rows = {"zebra": [{"born": date(2020, 1, 2), "price": 1.5, "z_id": "Z-1", "_work": "not written"}],
            "apple": [{"note": 'says "hi", twice', "ok": True, "a_id": "A-1"}, {"a_id": "A-2", "ok": False,
                                                                                 "note": None}]}
    counts = write_seed(tmp_path / "out", schema, rows)
    assert counts == {"zebra": 1, "apple": 2}
    assert (tmp_path / "out" / "zebra.csv").read_bytes() == b"z_id,price,born\nZ-1,1.5,2020-01-02\n"
    assert (tmp_path / "out" / "apple.csv").read_bytes() == b'a_id,ok,note\nA-1,true,"says ""hi"", twice"\nA-2,false,\n'
    write_seed(tmp_path / "again", schema, rows)
    for name in ("zebra.csv", "apple.csv"):
        assert (tmp_path / "again" / name).read_bytes() == (tmp_path / "out" / name).read_bytes()


def test_a_cell_function_formats_values(schema: Path, tmp_path: Path) -> None:
    def cell(value: object, table: str, column: str) -> str:
        return f"{value:.2f}" if isinstance(value, float) else "" if value is None else str(value)

    write_seed(tmp_path, schema, {"zebra": [{"z_id": "Z-1", "price": 2.0, "born": None}], "apple": []}, cell=cell)
    assert (tmp_path / "zebra.csv").read_text(encoding="utf-8") == "z_id,price,born\nZ-1,2.00,\n"
    assert (tmp_path / "apple.csv").read_text(encoding="utf-8") == "a_id,ok,note\n"


def test_missing_and_unknown_tables_and_columns_are_named(schema: Path, tmp_path: Path) -> None:
    with pytest.raises(EnvFactoryError, match=r"'zebraa' not in .*its tables: zebra, apple"):
        write_seed(tmp_path, schema, {"zebraa": [], "zebra": [], "apple": []})
    with pytest.raises(EnvFactoryError, match=r"no rows given for 'apple'"):
        write_seed(tmp_path, schema, {"zebra": []})
    partial = {"zebra": [{"z_id": "Z-9", "price": 1.0}], "apple": []}
    with pytest.raises(EnvFactoryError, match=r"row 1 of 'zebra' \(z_id='Z-9'\) has no born"):
        write_seed(tmp_path, schema, partial)
    write_seed(tmp_path, schema, partial, partial_rows=True)
    assert (tmp_path / "zebra.csv").read_text(encoding="utf-8") == "z_id,price,born\nZ-9,1.0,\n"


def test_a_broken_schema_is_a_format_error(tmp_path: Path) -> None:
    bad = tmp_path / "schema.sql"
    bad.write_text("CREATE TABLE oops (", encoding="utf-8")
    with pytest.raises(EnvFormatError, match="schema does not execute"):
        schema_columns(bad)
    bad.write_text("-- nothing here\n", encoding="utf-8")
    with pytest.raises(EnvFormatError, match="defines no tables"):
        schema_columns(bad)
