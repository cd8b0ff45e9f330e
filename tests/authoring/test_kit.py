"""The authoring kit's helpers for tools.py: ids, money, dates and times, byte for byte what the environments did."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from envfactory_gym.authoring.kit import (
    IdScheme,
    as_date,
    as_datetime,
    at,
    format_time,
    money,
    next_id,
    now,
    parse_date,
    parse_time,
    today,
)
from envfactory_gym.database import DuckDBState, Template
from envfactory_gym.errors import EnvFactoryError, ToolError

LIBRARY_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "library"


@pytest.fixture(scope="module")
def state() -> DuckDBState:
    st = DuckDBState(Template.load(LIBRARY_DIR / "schema.sql", LIBRARY_DIR / "seed"), now="2026-02-10T09:30:00")
    yield st
    st.close()


def test_next_id_continues_the_highest_number(state: DuckDBState) -> None:
    last = state.db.scalar("SELECT max(CAST(substr(loan_id, 3) AS INTEGER)) FROM loans")
    assert next_id(state.db, "loans", "loan_id", "L-") == f"L-{last + 1}"
    assert next_id(state.db, "loans", "loan_id", "L-", 6) == f"L-{last + 1:06d}"
    assert next_id(state.db, "members", "member_id", "M-", 3) != next_id(state.db, "loans", "loan_id", "L-", 3)


def test_next_id_starts_at_one_on_an_empty_table(state: DuckDBState) -> None:
    state.run_in_transaction(lambda db: db.execute("DELETE FROM loans"), writes=True)
    try:
        assert next_id(state.db, "loans", "loan_id", "L-", 4) == "L-0001"
    finally:
        state.reset()


def test_next_id_refuses_names_that_are_not_plain(state: DuckDBState) -> None:
    with pytest.raises(EnvFactoryError, match=r"table 'loans; DROP TABLE loans'"):
        next_id(state.db, "loans; DROP TABLE loans", "loan_id", "L-")
    with pytest.raises(EnvFactoryError, match=r"width -1"):
        next_id(state.db, "loans", "loan_id", "L-", -1)


def test_id_scheme_names_an_unknown_prefix(state: DuckDBState) -> None:
    ids = IdScheme({"L-": ("loans", "loan_id", 5)})
    assert ids.next(state.db, "L-") == next_id(state.db, "loans", "loan_id", "L-", 5)
    with pytest.raises(EnvFactoryError, match=r"unknown id prefix 'X-'; known: 'L-'"):
        ids.next(state.db, "X-")
    with pytest.raises(EnvFactoryError, match=r"'L-' needs \(table, column, width\)"):
        IdScheme({"L-": ("loans", "loan_id")})  # type: ignore[dict-item]


@pytest.mark.parametrize(("x", "away", "up"), [
    (2.675, 2.68, 2.68), (-2.675, -2.68, -2.67), (0.125, 0.13, 0.13), (-0.125, -0.13, -0.12), (10.0, 10.0, 10.0),
    (1 / 3, 0.33, 0.33), (-1 / 3, -0.33, -0.33), (0.0, 0.0, 0.0)])
def test_money_rounds_half_cents_as_the_environments_did(x: float, away: float, up: float) -> None:
    assert money(x) == away == round(x + 1e-9 if x >= 0 else x - 1e-9, 2)
    assert money(x, half="up") == up == round(x + 1e-9, 2)
    with pytest.raises(EnvFactoryError, match="half='down'"):
        money(x, half="down")  # type: ignore[arg-type]


def test_clock_and_stored_values(state: DuckDBState) -> None:
    assert now(state.db) == datetime(2026, 2, 10, 9, 30) and today(state.db) == date(2026, 2, 10)
    assert as_datetime("2026-07-20 09:30:00") == datetime(2026, 7, 20, 9, 30) == as_datetime(datetime(2026, 7, 20, 9, 30))
    assert as_date("2026-07-20 09:30:00") == as_date(date(2026, 7, 20)) == as_date(datetime(2026, 7, 20, 23, 59))
    assert format_time("2026-07-20T09:30:45") == format_time(datetime(2026, 7, 20, 9, 30)) == "2026-07-20 09:30"
    assert format_time(None) is None  # an empty timestamp (a nullable column) stays empty
    assert at(date(2026, 7, 20), "14:05") == datetime(2026, 7, 20, 14, 5)


def test_parse_date_refuses_with_the_argument_and_value() -> None:
    assert parse_date(" 2026-05-18 ", "since") == date(2026, 5, 18)
    assert parse_date("20260518", "since") == date(2026, 5, 18)
    with pytest.raises(ToolError, match=r"^since must be a date written YYYY-MM-DD, got 'May 18'$"):
        parse_date("May 18", "since")
    with pytest.raises(ToolError, match=r"^date_of_birth must be a date like '1984-03-07', got '20260518'$"):
        parse_date("20260518", "date_of_birth", hint="like '1984-03-07'", strict=True)


def test_parse_time_accepts_a_t_and_refuses_with_the_value() -> None:
    assert parse_time("2026-07-20T09:30", "pickup_at") == parse_time(" 2026-07-20 09:30 ", "pickup_at")
    with pytest.raises(ToolError, match=r"^pickup_at must be a date and time like '2026-07-20 09:30', got 'soon'$"):
        parse_time("soon", "pickup_at")
