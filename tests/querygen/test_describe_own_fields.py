"""A row is described by what is true of it: its own fields, or a related record's said as that record's.

Blind play of compiled environments found requests naming a product by an order item's name ("the product
\"Christopher Daugherty\"") and an order by its fulfillment's shipping date ("the order from 22 June 2025"). The
library fixture has the same shape: a loan (with a date of its own) refers to a member and a book.
"""

from __future__ import annotations

from envfactory_gym.querygen.describe import References
from envfactory_gym.querygen.spec import QueryGenSpec

#: As the compiler declares them: the member's own name, then the name a referring row joins in.
SPEC = QueryGenSpec.model_validate({"tables": {"members": {"refer": ['the member "{name}"',
                                                                     'the member "{member_name}"']}}})
# Loans as a tool lists them (the library fixture's seed: M-001 is "Member 1", M-002 "Member 2").
LOANS = [{"loan_id": "L-001", "member_id": "M-001", "book_id": "B-001", "lent_at": "2026-01-10T10:00:00",
          "returned": False},
         {"loan_id": "L-002", "member_id": "M-002", "book_id": "B-002", "lent_at": "2026-01-12T09:00:00",
          "returned": False}]


def test_a_template_of_the_row_is_never_filled_with_a_referring_rows_field(library_package):
    # each loan carries a name of its own (as an order item does) and the joined name of its member
    loans = [{**LOANS[0], "name": "Reading room copy", "member_name": "Member 1"},
             {**LOANS[1], "name": "Home copy", "member_name": "Member 2"}]
    refs = References(library_package, SPEC, [loans])
    assert refs.describe("member_id", "M-001") == 'the member "Member 1"'  # not the loan's "Reading room copy"
    assert refs.describe("member_id", "M-002") == 'the member "Member 2"'


def test_a_joined_value_that_is_not_the_rows_own_is_refused(library_package):
    stale = [{**LOANS[0], "member_name": "Someone Else"}, {**LOANS[1], "member_name": "Member 2"}]
    desc = References(library_package, SPEC, [stale]).describe("member_id", "M-001")
    assert desc == "the member whose loan has lent at 10 January"  # M-001 is "Member 1" in the initial state


def test_a_related_records_date_is_said_as_that_records(library_package):
    refs = References(library_package, QueryGenSpec(), [LOANS])
    assert refs.describe("book_id", "B-001") == "the book whose loan has lent at 10 January"  # not "from"
    assert refs.describe("loan_id", "L-002") == "the loan from 12 January"  # the loan's own date describes it


def test_a_rows_generic_name_is_its_own_not_a_joined_one(library_package):
    loans = [{**LOANS[0], "member_name": "Member 1"}, {**LOANS[1], "member_name": "Member 2"}]
    desc = References(library_package, QueryGenSpec(), [loans]).describe("loan_id", "L-001")
    assert desc == "the loan from 10 January"  # the member's name is no name of the loan


def test_the_answer_is_never_the_description_in_other_words(library_package):
    refs = References(library_package, QueryGenSpec(), [LOANS])
    desc = refs.describe("loan_id", "L-001", avoid=["2026-01-10T10:00:00"])
    assert desc is None or "10 January" not in desc  # "from 10 January" would give the asked date away


def test_a_date_that_is_not_the_rows_creation_is_said_by_its_name(library_package):
    loans = [{**LOANS[0], "due_on": "2026-01-24"}, {**LOANS[1], "due_on": "2026-01-24"}]
    refs = References(library_package, QueryGenSpec(), [loans])
    assert refs.describe("loan_id", "L-001") == "the loan with lent at 10 January"  # not "from": two dates
    refs = References(library_package, QueryGenSpec(), [[{**loans[0], "created_at": "2026-01-09T08:00:00"},
                                                         {**loans[1], "created_at": "2026-01-11T08:00:00"}]])
    assert refs.describe("loan_id", "L-001") == "the loan from 9 January"  # its creation


def test_a_lone_record_of_another_row_does_not_make_the_bare_noun_say_which(library_package):
    refs = References(library_package, QueryGenSpec(), [{**LOANS[0], "returned": True}])
    desc = refs.describe("book_id", "B-001")  # the loan names the book, but "the book" alone does not
    assert desc == "the book whose loan has lent at 10 January"
