"""A request's details belong to their own goal: a value no goal template says is stated in that goal's sentence,
never appended after the last goal, and an empty value ([], {}) is never stated at all.

Blind play found "Update evidence: ... Also, add a shipping fulfillment: ... My details: line items []." where
the empty line items were the first goal's.
"""

from __future__ import annotations

import random

from envfactory_gym.querygen.refine import _Writer, empty_value
from envfactory_gym.querygen.spec import QueryGenSpec
from envfactory_gym.tasks import GoldCall, Task

#: Goal templates that leave the borrowing channel unsaid: the request must still give it.
SPEC = QueryGenSpec.model_validate({
    "tables": {"books": {"refer": ['the book "{title}"']}, "loans": {"refer": ["my loan from {lent_at:date}"]}},
    "tools": {"borrow_book": {"goal": ["I'd like to borrow {book_id}[ via {channel}]."]},
              "return_book": {"goal": ["I'm bringing back {loan_id}."]}}})
#: The same with a borrowing goal that has no place for the channel at all.
BARE = SPEC.model_copy(update={"tools": {**SPEC.tools, "borrow_book": SPEC.tools["borrow_book"].model_copy(
    update={"goal": ["I'd like to borrow {book_id}."]})}})
RESULTS = [[{"book_id": "B-001", "title": "Book about topic 1"}, {"book_id": "B-002", "title": "Book about topic 2"}],
           {"loan_id": "L-009", "member_id": "M-001", "book_id": "B-001"},
           {"loan_id": "L-001", "member_id": "M-001", "book_id": "B-003", "lent_at": "2026-01-10T10:00:00",
            "returned": True}]


def _task(channel: str, first: str = "borrow_book") -> Task:
    borrow = GoldCall(name="borrow_book", arguments={"member_id": "M-001", "book_id": "B-001", "channel": channel})
    give_back = GoldCall(name="return_book", arguments={"loan_id": "L-001"})
    writes = [borrow, give_back] if first == "borrow_book" else [give_back, borrow]
    return Task(id="library-qg0-00001", instruction="Steps", tags=["querygen", "write", "multi_goal", "goals_2"],
                gold_calls=[GoldCall(name="search_books", arguments={"keyword": "topic"}), *writes])


def _refined(library_package, task: Task, spec: QueryGenSpec = SPEC, results: list = RESULTS) -> str:
    return _Writer(task, library_package, spec, results, random.Random(0)).refined().instruction


def test_a_detail_no_template_says_is_said_in_its_own_goals_sentence(library_package):
    text = _refined(library_package, _task("online"), BARE)
    assert text == ('Good morning. I\'d like to borrow the book "Book about topic 1", with channel online. Also, '
                    "I'm bringing back my loan from 10 January."), text
    # the goal that needs it comes second: the detail stays with it
    text = _refined(library_package, _task("online", first="return_book"), BARE, [RESULTS[0], RESULTS[2], RESULTS[1]])
    assert text.endswith('I\'d like to borrow the book "Book about topic 1", with channel online.'), text
    assert "My details" not in text and "online" not in text.split("borrow")[0]


def test_empty_values_are_never_stated(library_package):
    for spec in (SPEC, BARE):
        for empty in ("[]", "{}", ""):
            text = _refined(library_package, _task(empty), spec)
            assert "My details" not in text and "[]" not in text and "{}" not in text and " via" not in text, text
            assert "I'd like to borrow the book \"Book about topic 1\"." in text
    assert empty_value("[]") and empty_value({}) and empty_value(" {} ") and not empty_value("0")
    assert not empty_value(["a"]) and not empty_value(0)


def test_the_sampler_never_draws_an_empty_or_structured_value_for_the_user_to_give(library_package):
    from envfactory_gym.querygen.graph import ToolGraph
    from envfactory_gym.querygen.sampler import TaskSampler

    sampler = TaskSampler(library_package, seed=0, graph=ToolGraph(library_package, __import__("networkx").DiGraph()))
    sampler.spec = QueryGenSpec.model_validate(
        {"tools": {"borrow_book": {"parameters": {"channel": {"column": "books.title"}}}}})
    state = library_package.new_state()
    try:
        state.run_in_transaction(lambda db: db.execute(
            "UPDATE books SET title = CASE WHEN book_id = 'B-002' THEN 'Rivers' ELSE '[]' END"), writes=True)
        assert {sampler._declared_value(state, "borrow_book", "channel") for _ in range(20)} == {"Rivers"}
        state.run_in_transaction(lambda db: db.execute("UPDATE books SET title = '[{\"sku\": 1}]'"), writes=True)
        for _ in range(10):  # an optional value the declarations give is stated only when it is words
            args = sampler._user_args(state, "borrow_book", {"member_id", "book_id"}, last=True)
            assert args.get("channel") in (None, "desk", "online")  # (an enum choice of its own may be made)
    finally:
        state.close()
