"""Rows in words: the shortest declared description that tells a row apart, generic ones, answers to ask for."""

from __future__ import annotations

import random

from envfactory_gym.querygen.describe import References, key_of, noun, pick_answer
from envfactory_gym.querygen.spec import QueryGenSpec

SPEC = QueryGenSpec.model_validate({
    "tables": {"books": {"refer": ['"{title}"', '"{title}" ({copies} copies)'], "again": "that book"},
               "members": {"refer": ["my account"]}},
    "fields": {"name": None},
})
SEARCH = [{"book_id": "B-001", "title": "Rivers", "copies": 2, "price": 12.5},
          {"book_id": "B-002", "title": "Rivers", "copies": 3, "price": 9.0},
          {"book_id": "B-003", "title": "Hills", "copies": 1, "price": 7.25}]


def test_the_shortest_description_that_tells_a_row_apart(library_package):
    refs = References(library_package, SPEC, [SEARCH])
    assert refs.describe("book_id", "B-003") == '"Hills"'
    assert refs.describe("book_id", "B-001") == '"Rivers" (2 copies)'  # the title alone is shared
    assert refs.describe("member_id", "M-001") == "my account"  # a fixed phrase needs no record


def test_second_mentions_and_rows_no_result_shows(library_package):
    refs = References(library_package, SPEC, [SEARCH])
    refs.said.add(("book_id", "B-003"))
    assert refs.describe("book_id", "B-003") == "that book"
    assert refs.describe("book_id", "B-009") is None  # never seen: nothing names it
    assert refs.describe_param("book_id", ["B-003", "B-002"]) == 'that book and "Rivers" (3 copies)'


def test_generic_descriptions_without_declarations(library_package):
    refs = References(library_package, QueryGenSpec(), [SEARCH[:1], {"loan_id": "L-001", "lent_at":
                                                                      "2026-01-10T10:00:00"}])
    assert refs.describe("book_id", "B-001") == 'the book "Rivers"'
    assert refs.describe("loan_id", "L-001") == "the loan from 10 January"
    twins = References(library_package, QueryGenSpec(), [[{"book_id": "B-1"}, {"book_id": "B-2"}]])
    assert twins.describe("book_id", "B-1") is None  # "the book" would not say which


def test_keys_and_nouns():
    ids = {"slot_id", "new_slot_id", "order_item_id", "item_id"}
    assert key_of("new_slot_id", ids, {"slot_id"}) == "slot_id"
    assert key_of("order_item_ids", ids, {"order_item_id"}) == "order_item_id"
    assert key_of("comment", ids) is None
    assert [noun(t, QueryGenSpec()) for t in ("categories", "addresses", "loans", "box_lunches", "status", "statuses")] == \
        ["category", "address", "loan", "box lunch", "status", "status"]


def test_answers_are_short_facts_the_user_did_not_give(library_package):
    refs = References(library_package, SPEC, [SEARCH])
    rng = random.Random(0)
    for _ in range(10):
        record, fields = pick_answer(SEARCH, [], refs, {"9.0"}, rng)
        assert fields and set(fields) <= {"price"}  # ids, descriptions, 1-char values and said values are out
        assert record["book_id"] != "B-002"
    same = [{"book_id": "B-1", "price_from": "12.50", "price_to": "12.50"}]
    record, fields = pick_answer(same, [], References(library_package, QueryGenSpec(), [same]), set(), rng, k=2)
    assert len(fields) == 1  # two fields with one value would be one answer twice


def test_a_row_with_no_name_or_date_is_told_apart_by_a_value_of_its_own(library_package):
    # Compiled APIs' rows often have no name, title or date: a field value no sibling shares tells them apart.
    rows = [{"book_id": "B-1", "copies": 2, "shelf": "S-12", "secret_code": "X-1", "notes": "{}"},
            {"book_id": "B-2", "copies": 2, "shelf": "S-14", "secret_code": "X-2", "notes": "[]"}]
    refs = References(library_package, QueryGenSpec(), [rows])
    assert refs.describe("book_id", "B-1") == "the book with shelf S-12"  # copies is shared; no secret, no JSON
    assert refs.describe("book_id", "B-2", avoid=["S-14"]) is None  # the answer asked for never names the row
    same = [{"book_id": "B-1", "copies": 2}, {"book_id": "B-2", "copies": 2}]
    assert References(library_package, QueryGenSpec(), [same]).describe("book_id", "B-1") is None
