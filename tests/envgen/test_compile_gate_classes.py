"""Classes of gate failure of compiled real specifications, on small hand-written ones (``account_desk.yaml``,
``board_cards.yaml``):

- writes answered with a receipt wrapping only an id (``{status, data: UnifiedId}``) act on the resource their
  path and body name, not on the receipt;
- a row is named by a text label such as ``display_name`` (a person by first and last name before a job title);
- lists of wide rows show summaries when a lookup by key gives the whole row, and no list returns more characters
  than an agent is shown of a result;
- a tool whose full set of explored arguments is always refused is tested with fewer (its refusals get tested);
- a field that the path names by its parent (``/Boards/{BoardSid}/Cards``: a card's ``board_sid``) refers to the
  parent, whatever its format (the compiler's own ids would break its pattern);
- a pattern's refusal is tested with a value of a length the tool takes (else the length check refuses it first).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.listing import LIST_CHARS
from envfactory_gym.envgen.compile.plan import build_plan
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "account_desk.yaml"
BOARDS = SPECS / "board_cards.yaml"


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(BOARDS, tmp_path_factory.mktemp("b") / "board_cards", tasks=3)


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(SPEC, tmp_path_factory.mktemp("d") / "account_desk", tasks=3)


def test_writes_answered_with_an_id_receipt_act_on_the_resource_of_their_path() -> None:
    plan = build_plan(read_openapi(SPEC))
    tables = {tp.name: tp.table.name for tp in plan.tools}
    assert tables["accounts_add"] == tables["accounts_update"] == tables["accounts_delete"] == "accounts"
    assert "unified_ids" not in {t.name for t in plan.tables}


def test_a_display_name_names_a_row_and_a_person_is_named_before_their_job_title(desk: Path) -> None:
    plan = build_plan(read_openapi(SPEC))
    labels = {t.name: t.label() for t in plan.tables}
    assert labels == {"accounts": ["display_name"], "agents": ["first_name", "last_name"]}
    declared = json.loads((desk / "querygen.json").read_text(encoding="utf-8"))
    assert declared["tables"]["accounts"]["refer"][0] == 'the account "{display_name}"'


def test_a_list_of_wide_rows_shows_summaries_and_the_lookup_the_whole_row(desk: Path) -> None:
    listed, one = run_calls(desk, [("accounts_all", {}), ("accounts_one", {"account_id": "A-0001"})])
    assert set(listed[0]) == {"account_id", "display_name", "currency", "annual_revenue"}
    assert {"website", "city", "employees"} <= set(one)
    assert "the lookup by key gives every field" in (desk / "tools.py").read_text(encoding="utf-8")


def test_no_list_returns_more_characters_than_an_agent_is_shown(desk: Path) -> None:
    agents, accounts = run_calls(desk, [("list_agents", {}), ("accounts_all", {})])
    for rows in (agents, accounts):
        assert 0 < len(rows) < 40  # forty rows are seeded; the rest are cut, not hidden past what is shown
        assert len(json.dumps(rows, ensure_ascii=False, default=str)) <= LIST_CHARS


def test_a_tool_whose_explored_arguments_are_refused_is_tested_with_fewer(desk: Path) -> None:
    # the seeded handles break the handle pattern: the update is tested with its other fields
    tests = next((desk / "tests").glob("test_*.py")).read_text(encoding="utf-8")
    assert "def test_update_agent(" in tests
    assert "def test_update_agent_refusals(" in tests and "does not match the pattern" in tests


def test_a_field_named_by_its_parent_path_refers_to_the_parent(boards: Path) -> None:
    plan = build_plan(read_openapi(BOARDS))
    cards = plan.table("v1_board_cards")
    assert cards.column("board_sid").references == "v1_boards"  # type: ignore[union-attr]
    board, card, listed = run_calls(boards, [
        ("create_board", {"friendly_name": "Sprint"}),
        ("create_card", {"board_sid": "VB-0041", "friendly_name": "Fix the login"}),
        ("list_card", {"board_sid": "VB-0041"}),
    ])
    assert not isinstance(card, Exception), card
    assert card["board_sid"] == board["v1_board_sid"] and [c["v1_board_card_sid"] for c in listed] == [
        card["v1_board_card_sid"]]


def test_a_pattern_refusal_is_tested_with_a_value_of_an_accepted_length(boards: Path) -> None:
    tests = next((boards / "tests").glob("test_*.py")).read_text(encoding="utf-8")
    assert "color_hex '???????' does not match the pattern" in tests
