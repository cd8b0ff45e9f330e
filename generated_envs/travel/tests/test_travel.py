"""The travel composite's own checks: the structural tests, the composed seed, the travellers who exist in all
three members, tasks that cross members (played through ``gym.make``), and each member's rules still refusing
through the composite's tools."""

from __future__ import annotations

import ast
import csv
import math
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.composite.spec import day_shift, load_spec
from envfactory_gym.database import DuckDBState
from envfactory_gym.tasks import load_manifest
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)
ROOT = ENV.root
SPEC = load_spec(ROOT)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: The prefixes of the members: every table is "<prefix>_<table>".
PREFIXES = [m.prefix for m in SPEC.members]

# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs, with this composite's figures (outputs of "worked_out" tasks are
#: sums or member prices the agent works out from the results).
_Structure = ENV.standard_tests(min_rules=25, compact_share=1 / 3, min_tools=45, min_writes=25, min_reads=20,
                                min_tables=30, min_rows=10_000, every_table_filled=True, min_tasks=40,
                                min_read_tasks=10, min_single_write_tasks=5, min_multi_write_tasks=10,
                                min_user_fact_tasks=25, min_forbidden_tasks=6, min_refusal_tasks=6,
                                unchecked_output_tags=("worked_out",))


class TestStructure(_Structure):  # type: ignore[misc, valid-type]
    """The structural tests (a composite's seed is checked by composing it again), and the travellers' script."""

    def test_people_script_is_deterministic(self, tmp_path: Path) -> None:
        done = subprocess.run([sys.executable, "-W", "ignore", str(ROOT / "authoring" / "make_people.py"),
                               "--out", str(tmp_path / "people")], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        for made in (tmp_path / "people").rglob("*.csv"):
            rel = made.relative_to(tmp_path / "people")
            assert made.read_bytes() == (ROOT / "overlay" / rel).read_bytes(), rel


def test_every_table_is_a_members() -> None:
    tables = list(ENV.template.tables)
    assert all(t.split("_", 1)[0] in PREFIXES for t in tables), tables
    assert {t.split("_", 1)[0] for t in tables} == set(PREFIXES)


def test_member_dates_moved_to_the_composite_clock(state: DuckDBState) -> None:
    """Every member's dates moved by whole days: its clock's day is the composite's day."""
    for m in SPEC.members:
        member = m.folder(ROOT)
        days = day_shift(load_manifest(member / "manifest.json").now, SPEC.now)
        table, column = {"hotel": ("reservations", "check_in"), "car": ("reservations", "pickup_at"),
                         "bank": ("transactions", "posted_at")}[m.prefix]
        with open(member / "seed" / f"{table}.csv", encoding="utf-8", newline="") as fh:
            first = min(date.fromisoformat(r[column][:10]) for r in csv.DictReader(fh))
        moved = state.db.scalar(f"SELECT min({column}) FROM {m.prefix}_{table}")
        assert date.fromisoformat(str(moved)[:10]) == first + timedelta(days=days), m.prefix


# -- the travellers: one person in every member -------------------------------------------------------------

def _overlay(prefix: str, table: str) -> list[dict[str, str]]:
    with open(ROOT / "overlay" / prefix / f"{table}.csv", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_each_traveller_is_a_guest_a_renter_and_a_customer(state: DuckDBState) -> None:
    guests = _overlay("hotel", "guests")
    assert len(guests) >= 12
    for g in guests:
        renter = one(state, "SELECT * FROM car_renters WHERE email = ?", [g["email"]])
        customer = one(state, "SELECT * FROM bank_customers WHERE email = ?", [g["email"]])
        for who in (renter, customer):
            assert (who["first_name"], who["last_name"], who["phone"]) == (g["first_name"], g["last_name"],
                                                                            g["phone"])
        assert renter["date_of_birth"] == customer["date_of_birth"], g["email"]
        for table in ("hotel_guests", "car_renters", "bank_customers"):  # the email finds one person
            assert state.db.scalar(f"SELECT count(*) FROM {table} WHERE lower(email) = lower(?)", [g["email"]]) == 1
        cards = state.db.query("SELECT * FROM hotel_payment_cards WHERE guest_id = ?", [g["guest_id"]])
        assert cards and all((c["exp_year"], c["exp_month"]) >= (2028, 1) for c in cards)
        assert date.fromisoformat(str(renter["licence_expiry"])) >= date(2026, 6, 20)


def test_payees_of_the_travellers(state: DuckDBState) -> None:
    payees = _overlay("bank", "payees")
    names = {p["payee_name"] for p in payees}
    assert names == {"Wrenfield Hotels", "Larkspur Car Rental"}
    held = [p for p in payees if p["added_at"] > "2026-06-02 12:00:00"]
    assert len(held) == 1 and held[0]["payee_name"] == "Wrenfield Hotels"  # the one still on its 24-hour hold
    customers = {p["customer_id"] for p in payees}
    assert len(customers) >= 12
    for p in payees:
        assert one(state, "SELECT count(*) AS n FROM bank_customers WHERE customer_id = ?", [p["customer_id"]])["n"]


# -- the policy -----------------------------------------------------------------------------------------------

def test_policy_joins_the_members() -> None:
    policy = (ROOT / "policy.md").read_text(encoding="utf-8")
    compact = (ROOT / "policy_compact.md").read_text(encoding="utf-8")
    for text in (policy, compact):
        assert "2026-06-03 12:00" in text and "ABQ-APT" in text
        for m in SPEC.members:
            assert m.label in text
        for stale in ("2026-07-14", "2026-05-18"):  # the members' own clocks are gone
            assert stale not in text
    assert policy.count("It is now Wednesday 2026-06-03 12:00") == 4
    for name in {w.rstrip(".,;:)").strip("`") for w in policy.split()
                 if w.startswith("`") and w.rstrip(".,;:)").endswith("`")}:
        if "_" in name and "=" not in name and name.islower():
            assert name in ENV.tools or name in {"total_before_tax", "estimated_total", "charges_total",
                                                 "next_offset", "accept_overdraft_fee"}, name


# -- tasks cross the members ----------------------------------------------------------------------------------

def _member_of_tools() -> dict[str, str]:
    owner: dict[str, str] = {}
    for m in SPEC.members:
        tree = ast.parse((m.folder(ROOT) / "tools.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and any(
                    (d.func if isinstance(d, ast.Call) else d).__dict__.get("id") == "tool" for d in node.decorator_list):
                owner[node.name] = m.prefix
    return owner


def test_every_task_crosses_two_members() -> None:
    owner = _member_of_tools()
    assert set(owner) == set(ENV.tools)  # no tool of two members shares a name here
    for task in ENV.tasks:
        members = {owner[c.name] for c in task.gold_calls}
        assert len(members) >= 2, task.id
    writes = [{owner[c.name] for c in t.gold_calls if ENV.tool(c.name).writes} for t in ENV.tasks]
    assert sum(len(w) >= 2 for w in writes) >= 15
    assert sum(len(w) == 3 for w in writes) >= 3
    assert sum("refusal" in t.tags for t in ENV.tasks) >= 6


@pytest.fixture(scope="module")
def gym_env() -> Any:
    import gymnasium as gym

    import envfactory_gym

    env = gym.make(envfactory_gym.register_env_dir(ROOT, allow_unverified=True))
    yield env
    env.close()


@pytest.mark.parametrize("task_id", ["travel-020", "travel-025"])
def test_oracle_crosses_all_three_members(gym_env: Any, task_id: str) -> None:
    """A trip task played through gym.make: the oracle scores 1.0 and its episode changed rows of all three."""
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episode

    result = run_episode(gym_env, OracleAgent(), seed=0, options={"task_id": task_id})
    assert math.isclose(result.reward, 1.0), result.components
    diff = gym_env.unwrapped.state.diff()
    touched = {t.split("_", 1)[0] for part in (diff.inserted, diff.changed, diff.deleted) for t in part}
    assert touched == set(PREFIXES), touched


def test_doing_nothing_scores_zero(gym_env: Any) -> None:
    gym_env.reset(seed=0, options={"task_id": "travel-016"})
    _, reward, terminated, _, _ = gym_env.step("###STOP###")
    assert terminated and reward == 0.0


# -- each member's rules still hold in the composite -----------------------------------------------------------

def _guest(state: DuckDBState, mail: str) -> str:
    return run(state, "find_guest_by_email", email=mail)["guest_id"]


def test_hotel_rules_hold(state: DuckDBState) -> None:
    guest = _guest(state, "peter.santana@example.org")
    stay = one(state, "SELECT * FROM hotel_reservations WHERE guest_id = ? AND check_in = '2026-06-04'", [guest])
    assert_refused(state, "change_stay_dates", "inside its cancellation window", reservation_id=stay["reservation_id"],
                   new_check_in="2026-06-05", new_nights=1)
    assert_refused(state, "add_stay_extra", "no on-site parking", reservation_id=stay["reservation_id"],
                   addon_code="PARKING")
    card = one(state, "SELECT card_id FROM hotel_payment_cards WHERE guest_id = ?", [guest])["card_id"]
    assert_refused(state, "book_room", "need at least 3 nights", guest_id=guest, room_type_id="RT-402",
                   check_in="2026-08-14", nights=2, adults=1, card_id=card)


def test_car_rules_hold(state: DuckDBState) -> None:
    harrell = run(state, "find_renter_by_email", email="yvonne.harrell@example.org")["renter_id"]
    assert_refused(state, "book_rental", "licence expires 2026-06-20", renter_id=harrell, pickup_branch_id="ABQ-APT",
                   class_code="COMPACT", pickup_at="2026-06-22 09:00", days=4)
    young = run(state, "find_renter_by_email", email="jose.rodriguez@example.net")["renter_id"]
    assert_refused(state, "book_rental", "aged 25", renter_id=young, pickup_branch_id="ABQ-APT", class_code="LUXURY",
                   pickup_at="2026-06-26 17:00", days=2, coverage_code="BASIC")
    assert_refused(state, "book_rental", "cannot decline coverage", renter_id=young, pickup_branch_id="ABQ-APT",
                   class_code="MIDSIZE", pickup_at="2026-06-26 17:00", days=2, coverage_code="NONE")


def test_late_cancellations_charge_in_both_members(state: DuckDBState) -> None:
    """Tomorrow's trip: Larkspur's free window is over, Wrenfield's platinum one is not (until 15:00 today)."""
    guest = _guest(state, "leslie_howard44@example.net")
    stay = one(state, "SELECT * FROM hotel_reservations WHERE guest_id = ? AND check_in = '2026-06-04'", [guest])
    assert run(state, "cancel_booking", reservation_id=stay["reservation_id"], reason="change_of_plans")[
        "cancellation_fee"] == 0.0
    renter = run(state, "find_renter_by_email", email="leslie_howard44@example.net")["renter_id"]
    car = one(state, "SELECT * FROM car_reservations WHERE renter_id = ? AND status = 'confirmed'", [renter])
    assert run(state, "cancel_rental_booking", reservation_id=car["reservation_id"], reason="trip_cancelled")[
        "cancellation_fee"] == car["daily_rate"]


def _payee(state: DuckDBState, customer: str, name: str) -> str:
    return one(state, "SELECT payee_id FROM bank_payees WHERE customer_id = ? AND payee_name = ?",
               [customer, name])["payee_id"]


def _account(state: DuckDBState, customer: str, nickname: str) -> str:
    return one(state, "SELECT account_id FROM bank_accounts WHERE customer_id = ? AND nickname = ?",
               [customer, nickname])["account_id"]


@pytest.mark.parametrize(("mail", "nickname", "payee", "amount", "match"), [
    ("joshua_campbell92@example.com", "Main Checking", "Larkspur Car Rental", 238.44, "restricted"),
    ("jack_bennett86@example.com", "Smart Checking", "Wrenfield Hotels", 520.20, "24 hours after"),
    ("tanya.martinez@mail.example.com", "Household Checking", "Wrenfield Hotels", 2793.00, "daily payee limit"),
    ("rivera.derek@example.net", "Main Checking", "Wrenfield Hotels", 732.00, "insufficient funds"),
    ("freeman.kimberly@example.com", "Household Checking", "Larkspur Car Rental", 141.96, "overdraft fee"),
])
def test_bank_rules_hold(state: DuckDBState, mail: str, nickname: str, payee: str, amount: float,
                         match: str) -> None:
    customer = run(state, "lookup_customer_by_email", email=mail)["customer_id"]
    assert_refused(state, "pay_saved_payee", match, from_account_id=_account(state, customer, nickname),
                   payee_id=_payee(state, customer, payee), amount=amount)


def test_a_prepayment_moves_the_stay_total(state: DuckDBState) -> None:
    """Hotel fact -> bank argument: Gerald Chan prepays his stay's total before tax."""
    guest = _guest(state, "gchan@mail.example.com")
    stay = one(state, "SELECT reservation_id FROM hotel_reservations WHERE guest_id = ? AND status = 'confirmed'",
               [guest])
    total = run(state, "get_booking", reservation_id=stay["reservation_id"])["total_before_tax"]
    customer = run(state, "lookup_customer_by_email", email="gchan@mail.example.com")["customer_id"]
    account = _account(state, customer, "Main Checking")
    before = one(state, "SELECT balance FROM bank_accounts WHERE account_id = ?", [account])["balance"]
    paid = run(state, "pay_saved_payee", from_account_id=account,
               payee_id=_payee(state, customer, "Wrenfield Hotels"), amount=total)
    assert paid["amount"] == total and math.isclose(paid["balance"], before - total)
    assert set(state.diff().inserted) == {"bank_transfers", "bank_transactions"}
