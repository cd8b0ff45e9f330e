"""The helpers compiled tools call: lists cut with a line that says so, updates, and each value check's refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from envfactory_gym.authoring.compiled import (
    LIST_LIMIT,
    check_day,
    check_email,
    check_moment,
    check_pattern,
    check_scope,
    check_span,
    check_text,
    check_within,
    copy_fields,
    next_number,
    select_rows,
    update_row,
)
from envfactory_gym.database import DuckDBState, Template
from envfactory_gym.errors import ToolError

LIBRARY_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "library"


@pytest.fixture
def state() -> DuckDBState:
    st = DuckDBState(Template.load(LIBRARY_DIR / "schema.sql", LIBRARY_DIR / "seed"), now="2026-02-10T09:30:00")
    yield st
    st.close()


def test_a_short_list_is_whole_and_filtered(state: DuckDBState) -> None:
    everyone = state.db.query("SELECT * FROM members ORDER BY member_id")
    got = select_rows(state.db, "SELECT * FROM members", ["member_id = ?"], [everyone[0]["member_id"]], "member_id")
    assert got == everyone[:1]


def test_a_long_list_says_how_many_rows_it_left_out(state: DuckDBState) -> None:
    def add(db):
        for i in range(LIST_LIMIT + 20):
            db.execute("INSERT INTO members VALUES (?, ?, ?)", [f"ZZ-{i:03d}", f"m{i}@example.com", "x" * 60])

    state.run_in_transaction(add, writes=True)
    total = state.db.scalar("SELECT count(*) FROM members")
    got = select_rows(state.db, "SELECT * FROM members", [], [], "member_id")
    assert isinstance(got[-1], str) and got[-1].startswith(f"... {total - len(got) + 1} more rows match")
    assert len(got) - 1 <= LIST_LIMIT


def test_update_next_number_and_copies(state: DuckDBState) -> None:
    book = state.db.query_one("SELECT * FROM books ORDER BY book_id LIMIT 1")
    def change(db):
        update_row(db, "books", "book_id", book["book_id"], {"copies": 9, "title": "New"})
        copy_fields(db, "books", "book_id", book["book_id"], {"title": "Kept", "price": 1.0}, ("title",))

    state.run_in_transaction(change, writes=True)
    row = state.db.query_one("SELECT * FROM books WHERE book_id = ?", [book["book_id"]])
    assert (row["copies"], row["title"], row["price"]) == (9, "Kept", book["price"])
    assert next_number(state.db, "books", "copies") == state.db.scalar("SELECT max(copies) FROM books") + 1


@pytest.mark.parametrize("call, message", [
    (lambda: check_text("name", " ab ", 3, 10), "name must have 3 to 10 characters, got 2"),
    (lambda: check_text("name", "abcdef", high=4), "at most 4"),
    (lambda: check_pattern("code", "ab1", "^[A-Z]+$"), "does not match the pattern"),
    (lambda: check_email("email", "not-an-address"), "is not an email address"),
    (lambda: check_day("due", "next tuesday"), "is not a date (use YYYY-MM-DD)"),
    (lambda: check_moment("starts", "2026-13-01T10:00"), "is not a date and time"),
    (lambda: check_within("amount", 120.0, 0, 100), "amount must be from 0 to 100, got 120"),
    (lambda: check_scope("account_id", "acct-2", "acct-1"), "it has only 'acct-1'"),
    (lambda: check_span("a booking", "start", "2026-03-02", "end", "2026-03-01"), "cannot come before its start"),
])
def test_each_check_refuses_with_the_value_and_the_rule(call, message: str) -> None:
    with pytest.raises(ToolError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_each_check_returns_the_normal_form() -> None:
    assert check_text("name", "  Ada ") == "Ada"
    assert check_email("email", " Ada@Example.COM ") == "ada@example.com"
    assert check_day("due", "2026-03-02T10:00:00") == "2026-03-02"
    assert check_moment("at", "2026-03-02 10:15") == "2026-03-02T10:15:00"
    assert check_within("amount", 5.0, 0, None) == 5.0
    check_scope("account_id", None, "acct-1")
    check_scope("account_id", " acct-1", "acct-1")
    check_span("a booking", "start", "2026-03-01", "end", None)
