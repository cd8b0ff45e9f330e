"""Task defects blind players found in compiled environments, each as a class, on the small desk environment.

(a) a create with no value ("Add new employee."), (b) a question whose answer every row shares, (c) a row told
apart only among the records a listing cut short showed, (d) values said so a reader cannot tell where they end,
a structured value stated, a lookup's filter said as a goal's new value, (e) a goal stating a field of its row
that the row does not hold, (f) a row described by the value the goal gives it.
"""

from __future__ import annotations

import random

import pytest

from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.describe import References, answer_fields
from envfactory_gym.querygen.goals import CONTRADICTS, UNCHANGED, target_rows, verdict
from envfactory_gym.querygen.refine import _Writer
from envfactory_gym.querygen.sampler import TaskSampler
from envfactory_gym.querygen.spec import QueryGenSpec
from envfactory_gym.tasks import GoldCall, Task

from ._desk_env import write_desk_env

#: The add_note tool as the compiler declares a create that requires nothing: its content is always said.
NEEDED = {"tools": {"add_note": {"goal": ["Add a note: body {body}[; author {author}]."],
                                 "parameters": {"body": {"column": "notes.body", "needed": True}}},
                    "add_tag": {"target": False}}}


@pytest.fixture(scope="module")
def desk(tmp_path_factory) -> EnvPackage:
    return EnvPackage(write_desk_env(tmp_path_factory.mktemp("desk") / "desk"), allow_no_tasks=True)


@pytest.fixture(scope="module")
def declared(tmp_path_factory) -> EnvPackage:
    return EnvPackage(write_desk_env(tmp_path_factory.mktemp("desk") / "desk", NEEDED), allow_no_tasks=True)


def _listing(pkg: EnvPackage) -> list:
    state = pkg.new_state()
    try:
        return state.run_in_transaction(pkg.tools["list_cards"].func, writes=False)
    finally:
        state.close()


def _card(pkg: EnvPackage, card_id: str, **changes: object) -> dict:
    """A card as get_card returns it (as a write that changed ``changes`` would)."""
    state = pkg.new_state()
    try:
        tool = pkg.tools["get_card"]
        return {**state.run_in_transaction(tool.func, writes=False, card_id=card_id), **changes}
    finally:
        state.close()


def _writes(tasks: list[Task], name: str) -> list[GoldCall]:
    return [c for t in tasks for c in t.gold_calls if c.name == name]


# -- (a) a create says what the record needs; a write nothing a user says fills is no goal ----------------

def test_a_create_always_states_what_its_record_needs(declared):
    tasks = TaskSampler(declared, seed=0, include_tools=["add_note", "add_tag"]).sample(6)
    notes = _writes(tasks, "add_note")
    assert notes and all(c.arguments.get("body") for c in notes)
    for t in tasks:
        for c in t.gold_calls:
            assert f'"{c.arguments["body"]}"' in t.instruction, t.instruction  # several words: in quotes
    assert not _writes(tasks, "add_tag")  # declared no goal: nothing a user says fills it


def test_a_created_record_is_never_named_like_one_that_exists(declared):
    """A body drawn from the seed would make a second "Call the branch before noon": the request would then name
    two notes. The new note gets a body of the column's words that no note has."""
    seeded = {"call the branch before noon", "bring the forms"}
    tasks = TaskSampler(declared, seed=0, include_tools=["add_note"]).sample(6)
    bodies = [str(c.arguments["body"]).lower() for c in _writes(tasks, "add_note")]
    assert bodies and not set(bodies) & seeded


def test_a_create_whose_needed_value_no_row_holds_gets_no_goals(tmp_path):
    spec = {"tools": {"add_note": {"parameters": {"author": {"column": "tags.meta", "needed": True}}}}}
    pkg = EnvPackage(write_desk_env(tmp_path / "desk", spec), allow_no_tasks=True)  # tags.meta holds only {}
    assert not TaskSampler(pkg, seed=0, include_tools=["add_note"]).sample(3, max_attempts=30)


# -- (b) never ask for a value every row holds ------------------------------------------------------------

def test_a_value_every_row_shares_is_never_asked(desk):
    listing = _listing(desk)
    refs = References(desk, QueryGenSpec(), [listing])
    assert all(r["region"] == "Northgate" for r in listing if isinstance(r, dict))
    assert "region" not in answer_fields(listing[0], refs, set())
    assert "status" in answer_fields(listing[0], refs, set())
    tasks = TaskSampler(desk, seed=3, write_ratio=0.0).sample(12)
    assert tasks and all("region" not in t.instruction and "Northgate" not in t.outputs for t in tasks)


# -- (c) a description tells the row apart among all the rows, not only those a cut listing shows -----------

def test_a_cut_listing_does_not_make_a_shared_description_unique(desk):
    listing = _listing(desk)
    assert isinstance(listing[-1], str) and {r["card_id"] for r in listing[:-1]} == {f"C-000{i}" for i in range(1, 7)}
    spec = QueryGenSpec.model_validate({"tables": {"cards": {"refer": [
        "the card with status {status} and reason {reason}"]}}})
    # C-0003 (active, fraud) is alone among the six shown; C-0010, past the cut, is active for fraud too
    assert References(desk, spec, [listing]).describe("card_id", "C-0003") is None
    assert References(desk, spec, [listing]).describe("card_id", "C-0002") == ("the card with status inactive "
                                                                               "and reason lost")
    # a bare noun tells no row of many apart
    assert References(desk, QueryGenSpec(), [listing[2]]).describe("card_id", "C-0003") is None


# -- (d) free text in quotes; a structured value left to the agent; a lookup's filter is no new value --------

def _written(pkg: EnvPackage, calls: list[GoldCall], results: list, spec: dict) -> str:
    task = Task(id="desk-qg0-00000", instruction="Steps", gold_calls=calls, tags=["querygen", "write"])
    return _Writer(task, pkg, QueryGenSpec.model_validate(spec), results, random.Random(0)).refined().instruction


def test_free_text_is_quoted_so_its_end_is_clear(desk):
    listing = _listing(desk)
    calls = [GoldCall(name="list_cards"),
             GoldCall(name="retitle_card", arguments={"card_id": "C-0002", "title": "Use the side door."})]
    after = _card(desk, "C-0002", title="Use the side door.")
    text = _written(desk, calls, [listing, after], {"tools": {"retitle_card": {"goal": [
        "Retitle {card_id}: new title {title}"]}}})
    assert text.endswith('new title "Use the side door."'), text
    text = _written(desk, calls, [listing, after], {"tools": {"retitle_card": {"goal": [
        'Retitle {card_id} as "{title}"']}}})
    assert '""' not in text and 'as "Use the side door."' in text, text  # quoted once


def test_a_structured_value_is_masked_and_never_said(desk):
    sampler = TaskSampler(desk, seed=0)
    assert sampler._masked("add_tag", {"meta": "{}"}) == ["meta"]
    assert sampler._masked("add_tag", {"meta": '{"colour": "red"}'}) == ["meta"]
    calls = [GoldCall(name="add_tag", arguments={"meta": "{}"}, masked=["meta"])]
    text = _written(desk, calls, [{"tag_id": "T-0002", "meta": "{}"}], {"tools": {"add_tag": {"goal": [
        "Add a tag[: meta {meta}]."]}}})
    assert "{}" not in text and "meta" not in text, text


def test_a_lookups_filter_is_not_said_as_a_goals_new_value(desk):
    listing = _listing(desk)
    calls = [GoldCall(name="list_cards", arguments={"status": "inactive"}),
             GoldCall(name="retitle_card", arguments={"card_id": "C-0002", "title": "Zulu"})]
    text = _written(desk, calls, [listing, _card(desk, "C-0002", title="Zulu")], {"tools": {"retitle_card": {"goal": [
        "Retitle {card_id}[; new status {status}][; new title {title}]."]}}})
    assert "new status" not in text and "new title Zulu" in text, text


# -- (e) what a goal says of its row is the row's -----------------------------------------------------------

def test_a_field_of_the_target_row_the_tool_ignores_is_the_rows_own(desk):
    tasks = TaskSampler(desk, seed=1, include_tools=["delete_card"]).sample(8)
    deletes = _writes(tasks, "delete_card")
    assert len(deletes) >= 4
    state = desk.new_state()
    try:
        for c in deletes:
            row = state.db.query_one("SELECT start_date FROM cards WHERE card_id = ?", [c.arguments["card_id"]])
            assert c.arguments["start_date"] == str(row["start_date"]), c.arguments
    finally:
        state.close()


def test_verdict_of_a_write_on_its_rows(desk):
    ids = {"card_id"}
    state = desk.new_state()
    try:
        def run(name: str, args: dict) -> str | dict | None:
            before = target_rows(desk, state, args, ids)
            tool = desk.tools[name]
            state.run_in_transaction(tool.func, writes=True, **tool.validate(args))
            after = target_rows(desk, state, args, ids)
            state.reset()
            return verdict(desk, before, after, args, [])

        assert run("delete_card", {"card_id": "C-0004", "start_date": "2026-02-14"}) is None
        assert run("delete_card", {"card_id": "C-0004", "start_date": "2026-03-01"}) == {
            "card_id": "C-0004", "start_date": "2026-02-14"}  # the row's own start date
        assert run("retitle_card", {"card_id": "C-0004", "title": "Zulu"}) is None  # a new value, written
        assert run("retitle_card", {"card_id": "C-0004", "title": "Delta"}) == UNCHANGED  # its title already
        before = target_rows(desk, state, {"card_id": "C-0004"}, ids)
        before = {k: {**row, "reason": None} for k, row in before.items()}  # a field the row has no value in
        after = {k: None for k in before}  # deleted
        assert verdict(desk, before, after, {"card_id": "C-0004", "reason": "lost"}, []) == CONTRADICTS
    finally:
        state.close()


# -- (f) a row is described as it was before the goal changed it -------------------------------------------

def test_a_goals_target_is_never_described_by_the_value_the_goal_gives_it(desk):
    listing = _listing(desk)
    calls = [GoldCall(name="list_cards"),
             GoldCall(name="retitle_card", arguments={"card_id": "C-0002", "title": "Beta"})]
    after = _card(desk, "C-0002", title="Beta", edits=1)
    text = _written(desk, calls, [listing, after], {})
    assert 'the card "Beta"' not in text, text  # C-0002 was "Bravo"; C-0005 is "Beta"
    assert 'the card "Bravo"' in text or "12 February" in text or "inactive" in text, text
