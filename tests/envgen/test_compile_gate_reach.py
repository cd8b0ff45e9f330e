"""Classes of gate failure of compiled real specifications, on small hand-written ones (``bounce_log.yaml``,
``unit_tree.yaml``):

- a list filter offering fixed values its open text field does not declare gives the field those values (so the
  seeded rows are values the filter takes); a filter whose values the field cannot hold (lateness on a yes/no
  field) is left out with a note;
- a required field is always seeded with a value (an example leaving it empty gives no empty value);
- no tool checks a pattern that allows any text (its refusal could never be reached), a pattern's refusal is tested
  with a text it refuses, the lookup of a table of fixed keys is tested with an id it refuses, and a tool no call
  of the explorer succeeds with still has its refusals tested;
- tools no request can be phrased for (the rows they need are told apart by no field) are left out with the
  reason; a person's name split as ``name_first``/``name_last`` names the row; a key called ``name`` makes no
  other resource's own ``name`` a reference.
"""

from __future__ import annotations

import csv
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.authoring.specseed import Generator
from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.blueprint import Column
from envfactory_gym.envgen.compile.patterns import refused_text
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.envgen.compile.testgen import ToolCases, render_tests
from tests.envgen._helpers import SPECS, compile_spec, run_calls

BOUNCES = SPECS / "bounce_log.yaml"
UNITS = SPECS / "unit_tree.yaml"
TYPES = ["HardBounce", "SoftBounce", "Transient", "Blocked"]


@pytest.fixture(scope="module")
def bounces(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(BOUNCES, tmp_path_factory.mktemp("b") / "bounce_log", tasks=3)


@pytest.fixture(scope="module")
def units(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(UNITS, tmp_path_factory.mktemp("u") / "unit_tree", tasks=3)


def _seed(folder: Path, table: str) -> list[dict[str, str]]:
    with (folder / "seed" / f"{table}.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_an_open_text_field_takes_the_values_of_its_list_filter() -> None:
    plan = build_plan(read_openapi(BOUNCES))
    assert plan.table("bounces").column("type").enum == TYPES  # type: ignore[union-attr]
    for name in ("get_bounces", "log_bounce"):  # the filter and the write agree with the field
        tool = next(tp for tp in plan.tools if tp.name == name)
        assert tool.arg("type").column.enum == TYPES  # type: ignore[union-attr]
    assert any("field 'type' takes the values its list filters allow" in n for n in plan.notes)


def test_a_filter_whose_values_the_field_cannot_hold_is_left_out() -> None:
    plan = build_plan(read_openapi(BOUNCES))
    listing = next(tp for tp in plan.tools if tp.name == "get_bounces")
    assert listing.arg("late") is None and listing.arg("type") is not None
    assert any("filter 'late'" in n and "boolean field 'late'" in n and "dropped" in n for n in plan.notes)


def test_the_filter_finds_the_seeded_rows_of_its_values(bounces: Path) -> None:
    seeded = {r["type"] for r in _seed(bounces, "bounces")} - {""}
    assert seeded and seeded <= set(TYPES)
    value = sorted(seeded)[0]
    (rows,) = run_calls(bounces, [("get_bounces", {"type": value})])
    assert rows and {r["type"] for r in rows} == {value}


def test_a_required_field_is_always_seeded(bounces: Path) -> None:
    rows = _seed(bounces, "bounces")
    assert len(rows) == 40 and all(r["observation"] for r in rows)  # the example's empty observation is no value
    row: dict[str, Any] = {"bounce_id": "B-0100", "subject": "", "note": None}
    table = {"columns": {"subject": {"kind": "text"}, "note": {"kind": "text", "optional": 0.6}}}
    Generator([], datetime(2026, 3, 2, 9, 0)).fill(table, row)
    assert row["subject"] and row["note"] is None  # a required column left empty is drawn again; others stay


def test_a_pattern_allowing_any_text_is_not_checked(bounces: Path) -> None:
    tools = (bounces / "tools.py").read_text(encoding="utf-8")
    assert 'check_pattern("token", token, "[!-~]+")' in tools
    assert 'check_pattern("note"' not in tools
    for pattern in (r"[\s\S]*", ".*", r"^[\s\S]{0,200}$", r"\p{L}+"):  # any text, or no pattern Python reads
        assert refused_text(Column(name="x", kind="string", pattern=pattern, max_length=200)) is None
    # a length the pattern limits and the field does not: a longer text is refused
    assert refused_text(Column(name="x", kind="string", pattern=r"^[\s\S]{0,200}$")) == "x" * 300
    assert refused_text(Column(name="x", kind="string", pattern="^[a-z]+$", min_length=3)) == "???"
    assert refused_text(Column(name="x", kind="string", pattern="[!-~]+")) == "é"


def test_every_refusal_of_the_tools_is_tested(bounces: Path) -> None:
    from envfactory_gym.verify.gate import verify

    tests = next((bounces / "tests").glob("test_*.py")).read_text(encoding="utf-8")
    assert "token 'é' does not match the pattern [!-~]+" in tests
    assert "no result code with id 'RC-9999'" in tests  # a fixed-key table's lookup, by a filter taking any id
    record = verify(bounces, checks_to_run=["tests"], write=False)
    (check,) = [c for c in record.checks if c.name == "tests"]
    assert check.passed and check.figures["refusal_coverage"] == 1.0, check.reason


def test_a_tool_without_a_success_still_has_its_refusals_tested() -> None:
    plan = build_plan(read_openapi(BOUNCES))
    cases = {tp.name: ToolCases() for tp in plan.tools}
    cases["delete_bounce"].refusals.append(({"bounce_id": "B-0001"}, "bounce B-0001 is still referred to"))
    text = render_tests(plan, cases)
    assert "def test_delete_bounce_refusals(" in text and "def test_delete_bounce(" not in text


def test_tools_no_request_can_be_phrased_for_are_left_out(units: Path) -> None:
    report = json.loads((units / "report.json").read_text(encoding="utf-8"))
    dropped = {s["operation"]: s["reason"] for s in report["skipped"] if s["reason"].startswith("unphrasable")}
    assert set(dropped) == {"list_parents", "remove_parent"}  # a parent is an id and a type
    tools = (units / "tools.py").read_text(encoding="utf-8")
    assert "def list_parents(" not in tools and "def list_units(" in tools and "def rename_unit(" in tools


def test_a_split_person_name_names_the_row_and_a_name_key_is_no_reference(units: Path) -> None:
    plan = build_plan(read_openapi(UNITS))
    assert plan.table("members").label() == ["name_first", "name_last"]
    assert plan.table("units").column("name").references is None  # type: ignore[union-attr]
    declared = json.loads((units / "querygen.json").read_text(encoding="utf-8"))
    assert declared["tables"]["members"]["refer"][0] == "{name_first} {name_last}"
    first = _seed(units, "members")[0]
    assert first["name_first"].isalpha() and first["name_last"].replace("-", "").isalpha()  # names, not codes
