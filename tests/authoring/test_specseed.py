"""The seed drawing compiled environments' ``seed/generate.py`` runs: same bytes every run, whole files only."""

from __future__ import annotations

import csv
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from envfactory_gym.authoring.specseed import Generator, main, write_tables

NOW = datetime(2026, 3, 2, 9, 0)
TABLES = [
    {"name": "owners", "rows": 6, "header": ["owner_id", "first_name", "last_name", "email", "joined"],
     "key": {"column": "owner_id", "prefix": "O-", "width": 3, "start": 1}, "examples": [],
     "columns": {"first_name": {"kind": "faker", "provider": "first_name"},
                 "last_name": {"kind": "faker", "provider": "last_name"},
                 "email": {"kind": "email"},
                 "joined": {"kind": "date", "days": [-300, -1]}},
     "unique_columns": ["email"]},
    {"name": "boats", "rows": 9, "header": ["boat_id", "owner_id", "length_m", "status", "launched", "hauled"],
     "key": {"column": "boat_id", "prefix": "B-", "width": 4, "start": 1},
     "examples": [{"boat_id": "B-0100", "owner_id": "O-001", "length_m": 7.5, "status": "afloat"}],
     "columns": {"owner_id": {"kind": "ref", "table": "owners", "key": "owner_id"},
                 "length_m": {"kind": "number", "min": 4, "max": 20},
                 "status": {"kind": "enum", "values": ["afloat", "hauled"]},
                 "launched": {"kind": "date", "days": [-200, -10]},
                 "hauled": {"kind": "date", "days": [-200, 30], "after": "launched"}}},
]


def test_rows_keep_keys_references_and_spans() -> None:
    rows = Generator(TABLES, NOW).run()
    owners = {r["owner_id"] for r in rows["owners"]}
    assert len(owners) == 6 and len({r["email"] for r in rows["owners"]}) == 6
    assert rows["boats"][0]["boat_id"] == "B-0100" and rows["boats"][1]["boat_id"] == "B-0101"
    assert all(r["owner_id"] in owners for r in rows["boats"])
    assert all(r["hauled"] > r["launched"] for r in rows["boats"][1:])  # drawn rows; the example is kept as given
    assert Generator(TABLES, NOW).run() == rows  # seeded: the same rows every time


def test_the_script_writes_the_same_bytes_twice(tmp_path: Path) -> None:
    script = tmp_path / "seed" / "generate.py"
    script.parent.mkdir()
    script.write_text('"""A seed."""\nfrom datetime import datetime\n\nfrom envfactory_gym.authoring.specseed import main\n'
                      f"\nTABLES = {TABLES!r}\nNOW = datetime(2026, 3, 2, 9, 0)\n\n"
                      'if __name__ == "__main__":\n    main(TABLES, NOW, __file__, __doc__)\n', encoding="utf-8")
    subprocess.run([sys.executable, str(script)], check=True)
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path / "again")], check=True)
    for name in ("owners", "boats"):
        assert (script.parent / f"{name}.csv").read_bytes() == (tmp_path / "again" / f"{name}.csv").read_bytes()
    with (script.parent / "boats.csv").open(encoding="utf-8") as f:
        assert next(csv.reader(f)) == TABLES[1]["header"]
    assert not list(script.parent.glob(".*.tmp"))


def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path) -> None:
    write_tables(TABLES, Generator(TABLES, NOW).run(), tmp_path)
    before = (tmp_path / "owners.csv").read_bytes()
    with pytest.raises(AttributeError):  # the second row is no row: the write stops half-way through the file
        write_tables(TABLES[:1], {"owners": [{"owner_id": "O-9"}, None]}, tmp_path)  # type: ignore[list-item]
    assert (tmp_path / "owners.csv").read_bytes() == before
    assert not list(tmp_path.glob(".*.tmp"))


def test_main_takes_an_out_folder(tmp_path: Path) -> None:
    main(TABLES, NOW, str(tmp_path / "generate.py"), argv=["--out", str(tmp_path / "out")])
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["boats.csv", "owners.csv"]


def test_a_required_copy_the_source_leaves_empty_is_drawn() -> None:
    """An order requires a merchant; it copies its location's, but a location may have none: the order then gets
    one of its own rather than an empty field its table refuses (Apideck POS failed to load its seed)."""
    tables = [
        {"name": "merchants", "rows": 3, "header": ["merchant_id"], "examples": [], "columns": {},
         "key": {"column": "merchant_id", "prefix": "M-", "width": 2, "start": 1}},
        {"name": "locations", "rows": 4, "header": ["location_id", "merchant_id"], "examples": [],
         "key": {"column": "location_id", "prefix": "L-", "width": 2, "start": 1},
         "columns": {"merchant_id": {"kind": "ref", "table": "merchants", "key": "merchant_id", "optional": 1.0}}},
        {"name": "orders", "rows": 8, "header": ["order_id", "location_id", "merchant_id"], "examples": [],
         "key": {"column": "order_id", "prefix": "O-", "width": 2, "start": 1},
         "columns": {"location_id": {"kind": "ref", "table": "locations", "key": "location_id", "optional": 0.0},
                     "merchant_id": {"kind": "copy", "via": "location_id", "table": "locations", "key": "location_id",
                                     "column": "merchant_id",
                                     "else": {"kind": "ref", "table": "merchants", "key": "merchant_id",
                                              "optional": 0.0}}}},
    ]
    rows = Generator(tables, NOW).run()
    assert all(r["merchant_id"] is None for r in rows["locations"])  # every location without a merchant
    merchants = {r["merchant_id"] for r in rows["merchants"]}
    assert rows["orders"] and all(r["merchant_id"] in merchants for r in rows["orders"])
    tables[2]["columns"]["merchant_id"]["else"]["optional"] = 1.0  # an optional field stays as its source has it
    assert all(r["merchant_id"] is None for r in Generator(tables, NOW).run()["orders"])
