"""Patch-style updates (``UpdateTeam {TeamId, Changes: [{FieldPath, NewValue}]}``) compile as ordinary updates."""

from __future__ import annotations

from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.plan import build_plan
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "team_roster.yaml"


@pytest.fixture(scope="module")
def roster(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(SPEC, tmp_path_factory.mktemp("r") / "roster")


def test_a_list_of_path_value_changes_is_one_input_per_field() -> None:
    digest = read_openapi(SPEC)
    update = next(o for o in digest.operations if o.name == "update_team")
    assert [(p.name, p.required) for p in update.parameters] == [("team_id", True), ("team_name", False),
                                                                  ("motto", False)]
    assert any("'Changes' (a list of attribute path/value changes)" in n for n in digest.extensions["notes"])
    plan = build_plan(digest)
    assert next(tp for tp in plan.tools if tp.name == "update_team").verb == "update"
    assert not any(s["operation"] == "update_team" for s in plan.skipped)


def test_the_update_changes_the_fields_given(roster: Path) -> None:
    seeded = len((roster / "seed" / "teams.csv").read_text(encoding="utf-8").splitlines()) - 1
    new = f"T-{seeded + 1:04d}"  # as many teams are seeded as their list shows (listing.list_rows)
    made, changed, got = run_calls(roster, [
        ("create_team", {"team_name": "Otters", "motto": "Paddle on"}),
        ("update_team", {"team_id": new, "motto": "Swim on"}),
        ("describe_team", {"team_id": new}),
    ])
    assert made["team_id"] == new
    assert changed["motto"] == "Swim on" and got["team_name"] == "Otters"


def test_a_length_checked_secret_has_its_refusal_tested(roster: Path) -> None:
    # format: password is plain text to the tool: its length check is refused, and the generated tests say so
    tests = next((roster / "tests").glob("test_*.py")).read_text(encoding="utf-8")
    assert "motto must have at most 120 characters, got 121" in tests

