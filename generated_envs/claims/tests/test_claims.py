"""The claims composite's own checks: the structural tests, the composed seed, the policyholders who exist in all
three members, the history and bank ledgers, tasks that cross members (played through ``gym.make``), and each
member's rules still refusing through the composite's tools. The members' own rules are tested in their folders;
here they are only checked to hold on this composite's people."""

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
#: dates and classes the agent works out from the allowance rule).
_Structure = ENV.standard_tests(min_rules=30, compact_share=1 / 2, min_tools=50, min_writes=25, min_reads=20,
                                min_tables=29, min_rows=12_000, every_table_filled=True, min_tasks=40,
                                min_read_tasks=10, min_single_write_tasks=5, min_multi_write_tasks=10,
                                min_user_fact_tasks=40, min_forbidden_tasks=10, min_refusal_tasks=10,
                                unchecked_output_tags=("worked_out",))


class TestStructure(_Structure):  # type: ignore[misc, valid-type]
    """The structural tests (a composite's seed is checked by composing it again), and the people's script."""

    def test_people_script_is_deterministic(self, tmp_path: Path) -> None:
        done = subprocess.run([sys.executable, "-W", "ignore", str(ROOT / "authoring" / "make_people.py"),
                               "--out", str(tmp_path / "people")], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        made = sorted((tmp_path / "people").rglob("*.csv"))
        assert len(made) == 3
        for path in made:
            rel = path.relative_to(tmp_path / "people")
            assert path.read_bytes() == (ROOT / "overlay" / rel).read_bytes(), rel


def test_every_table_is_a_members() -> None:
    tables = list(ENV.template.tables)
    assert all(t.split("_", 1)[0] in PREFIXES for t in tables), tables
    assert {t.split("_", 1)[0] for t in tables} == set(PREFIXES)


def test_member_dates_moved_to_the_composite_clock(state: DuckDBState) -> None:
    """Every member's dates moved by whole days: its clock's day is the composite's day."""
    for m in SPEC.members:
        member = m.folder(ROOT)
        days = day_shift(load_manifest(member / "manifest.json").now, SPEC.now)
        table, column = {"ins": ("claims", "filed_on"), "car": ("reservations", "pickup_at"),
                         "bank": ("transactions", "posted_at")}[m.prefix]
        with open(member / "seed" / f"{table}.csv", encoding="utf-8", newline="") as fh:
            first = min(date.fromisoformat(r[column][:10]) for r in csv.DictReader(fh))
        moved = state.db.scalar(f"SELECT min({column}) FROM {m.prefix}_{table}")
        assert date.fromisoformat(str(moved)[:10]) == first + timedelta(days=days), m.prefix


# -- the policyholders: one person in every member ----------------------------------------------------------

def _overlay(prefix: str, table: str) -> list[dict[str, str]]:
    with open(ROOT / "overlay" / prefix / f"{table}.csv", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_each_policyholder_is_a_renter_and_a_customer(state: DuckDBState) -> None:
    customers = _overlay("bank", "customers")
    assert len(customers) >= 9
    for c in customers:
        holder = one(state, "SELECT * FROM ins_policyholders WHERE email = ?", [c["email"]])
        renter = one(state, "SELECT * FROM car_renters WHERE email = ?", [c["email"]])
        for who in (holder, renter):
            assert (who["first_name"], who["last_name"], who["phone"], str(who["date_of_birth"])) == (
                c["first_name"], c["last_name"], c["phone"], c["date_of_birth"])
        assert holder["state"] == renter["licence_state"] and holder["state"] in ("ID", "CO", "NM")
        for table in ("ins_policyholders", "car_renters", "bank_customers"):  # the email finds one person
            assert state.db.scalar(f"SELECT count(*) FROM {table} WHERE lower(email) = lower(?)", [c["email"]]) == 1
        accounts = state.db.query("SELECT * FROM bank_accounts WHERE customer_id = ?", [c["customer_id"]])
        assert {a["account_type"] for a in accounts} == {"checking", "savings"}


def test_payees_of_the_policyholders(state: DuckDBState) -> None:
    payees = _overlay("bank", "payees")
    harborline = [p for p in payees if p["payee_name"] == "Harborline Mutual"]
    assert len(harborline) == len(_overlay("bank", "customers"))  # everyone pays Harborline from the bank
    held = [p for p in payees if p["added_at"] > "2026-06-08 10:00:00"]
    assert len(held) == 1 and held[0]["payee_name"] == "Harborline Mutual"  # the one still on its 24-hour hold
    assert sum(p["payee_name"] == "Larkspur Car Rental" for p in payees) == 4


def test_ledgers_end_at_the_balances(state: DuckDBState) -> None:
    people = [c["customer_id"] for c in _overlay("bank", "customers")]
    for acc in state.db.query(f"SELECT * FROM bank_accounts WHERE customer_id IN ({', '.join('?' * len(people))})",
                              people):
        last = state.db.query_one("SELECT balance_after FROM bank_transactions WHERE account_id = ? "
                                  "ORDER BY posted_at DESC, transaction_id DESC LIMIT 1", [acc["account_id"]])
        if last is not None:
            assert math.isclose(last["balance_after"], acc["balance"]), acc["account_id"]


def test_direct_deposit_payouts_arrive_at_the_bank(state: DuckDBState) -> None:
    """Every payout by direct deposit to one of the people since March is a deposit on its issue day; checks
    never are."""
    rows = state.db.query(
        "SELECT d.claim_id, d.amount, d.method, d.issued_on, h.email FROM ins_disbursements d JOIN ins_policies p "
        "USING (policy_number) JOIN ins_policyholders h USING (holder_id) WHERE d.kind = 'claim_payout' "
        "AND d.issued_on >= '2026-03-20' AND h.email IN (SELECT email FROM bank_customers)")
    assert {r["method"] for r in rows} == {"direct_deposit", "check"}
    for r in rows:
        found = state.db.query("SELECT * FROM bank_transactions WHERE description = ?",
                               [f"Harborline Mutual claim payout {r['claim_id']}"])
        if r["method"] == "check":
            assert found == []
        else:
            assert len(found) == 1 and math.isclose(found[0]["amount"], r["amount"])
            assert str(found[0]["posted_at"])[:10] == str(r["issued_on"])


# -- the policy -----------------------------------------------------------------------------------------------

def test_policy_joins_the_members() -> None:
    policy = (ROOT / "policy.md").read_text(encoding="utf-8")
    compact = (ROOT / "policy_compact.md").read_text(encoding="utf-8")
    for text in (policy, compact):
        assert "2026-06-09 10:00" in text and "BOI-APT" in text and "60.00" in text
        for m in SPEC.members:
            assert m.label in text
        for stale in ("2026-04-15", "2026-07-14", "2026-05-18"):  # the members' own clocks are gone
            assert stale not in text
    for name in {w.rstrip(".,;:)").strip("`") for w in policy.split()
                 if w.startswith("`") and w.rstrip(".,;:)").endswith("`")}:
        if "_" in name and "=" not in name and name.islower():
            assert name in ENV.tools or name in {
                "base_charge", "charges_total", "overdue_amount", "next_offset", "accept_overdraft_fee",
                "lapsed_on", "reinstated_on", "payment_method", "estimated_total"}, name


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
        # a refusal may cross through the call it refuses (book the car only if the allowance pays for it)
        members = {owner[c.name] for c in task.gold_calls} | {owner[f.name] for f in task.forbidden_calls}
        assert len(members) >= 2, task.id
        # beyond looking the person up: a record read or changed at two members
        used = {owner[c.name] for c in task.gold_calls if not c.name.startswith(("lookup_", "find_"))}
        assert len(used) >= 2 or "refusal" in task.tags or len(members) == 3, task.id
    writes = [{owner[c.name] for c in t.gold_calls if ENV.tool(c.name).writes} for t in ENV.tasks]
    assert sum(len(w) >= 2 for w in writes) >= 10
    assert sum(len(w) == 3 for w in writes) >= 1
    assert sum("refusal" in t.tags for t in ENV.tasks) >= 10


@pytest.fixture(scope="module")
def gym_env() -> Any:
    import gymnasium as gym

    import envfactory_gym

    env = gym.make(envfactory_gym.register_env_dir(ROOT, allow_unverified=True))
    yield env
    env.close()


@pytest.mark.parametrize("task_id", ["claims-027", "claims-029"])
def test_oracle_crosses_all_three_members(gym_env: Any, task_id: str) -> None:
    """A claim task played through gym.make: the oracle scores 1.0 and its episode changed rows of all three."""
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episode

    result = run_episode(gym_env, OracleAgent(), seed=0, options={"task_id": task_id})
    assert math.isclose(result.reward, 1.0), result.components
    diff = gym_env.unwrapped.state.diff()
    touched = {t.split("_", 1)[0] for part in (diff.inserted, diff.changed, diff.deleted) for t in part}
    assert touched == set(PREFIXES), touched


def test_doing_nothing_scores_zero(gym_env: Any) -> None:
    gym_env.reset(seed=0, options={"task_id": "claims-021"})
    _, reward, terminated, _, _ = gym_env.step("###STOP###")
    assert terminated and reward == 0.0


# -- each member's rules still hold on the composite's people --------------------------------------------------

def _holder(state: DuckDBState, mail: str) -> str:
    return run(state, "lookup_policyholder_by_email", email=mail)["holder_id"]


def test_insurance_rules_hold(state: DuckDBState) -> None:
    santana = _holder(state, "toddsantana@example.org")
    home = one(state, "SELECT policy_number FROM ins_policies WHERE holder_id = ? AND line = 'home'", [santana])
    assert_refused(state, "reinstate_policy", "reinstatement was possible until 2026-02-24",
                   policy_number=home["policy_number"], payment_method="bank_transfer")
    gillespie = _holder(state, "patricia.gillespie@example.net")
    cov = one(state, "SELECT c.coverage_id FROM ins_coverages c JOIN ins_policies p USING (policy_number) "
                     "WHERE p.holder_id = ? AND p.line = 'auto' AND c.coverage_type = 'collision'", [gillespie])
    assert_refused(state, "file_claim", "already covers this incident", coverage_id=cov["coverage_id"],
                   incident_type="collision", incident_date="2026-06-06")
    assert_refused(state, "file_claim", "within 30 days", coverage_id=cov["coverage_id"],
                   incident_type="collision", incident_date="2026-05-01")
    nolan = one(state, "SELECT claim_id FROM ins_claims c JOIN ins_policies p USING (policy_number) "
                       "WHERE p.holder_id = ? AND c.status = 'paid' AND c.filed_on > '2026-05-01'",
                [_holder(state, "sydney_nolan@example.com")])
    assert_refused(state, "add_claim_item", "only filed or under_review", claim_id=nolan["claim_id"],
                   item_description="Rental car", amount=200.0)


def test_car_rules_hold(state: DuckDBState) -> None:
    smith = run(state, "find_renter_by_email", email="dsmith@example.org")["renter_id"]
    car = one(state, "SELECT reservation_id FROM car_reservations WHERE renter_id = ? AND status = 'confirmed'",
              [smith])
    assert_refused(state, "extend_rental", "licence expires 2026-06-15", reservation_id=car["reservation_id"],
                   extra_days=11)
    cox = run(state, "find_renter_by_email", email="monica_cox@example.org")["renter_id"]
    assert_refused(state, "book_rental", "cannot decline coverage", renter_id=cox, pickup_branch_id="DEN-APT",
                   class_code="ECONOMY", pickup_at="2026-06-10 12:00", days=4, coverage_code="NONE")
    cancelled = run(state, "cancel_rental_booking", reservation_id=car["reservation_id"], reason="change_of_plans")
    assert cancelled["cancellation_fee"] == 53.99  # inside 24 hours of pickup: one day's rate


def _account(state: DuckDBState, customer: str, nickname: str) -> str:
    return one(state, "SELECT account_id FROM bank_accounts WHERE customer_id = ? AND nickname = ?",
               [customer, nickname])["account_id"]


def _payee(state: DuckDBState, customer: str, name: str) -> str:
    return one(state, "SELECT payee_id FROM bank_payees WHERE customer_id = ? AND payee_name = ?",
               [customer, name])["payee_id"]


@pytest.mark.parametrize(("mail", "nickname", "amount", "match"), [
    ("jameshamilton@example.com", "Main Checking", 109.09, "restricted"),
    ("efitzgerald@example.com", "Everyday Checking", 172.26, "24 hours after"),
    ("dsmith@example.org", "Everyday Checking", 176.22, "overdraft fee"),
    ("dsmith@example.org", "Everyday Checking", 900.00, "insufficient funds"),
    ("monica_cox@example.org", "Savings", 214.78, "savings account"),
])
def test_bank_rules_hold(state: DuckDBState, mail: str, nickname: str, amount: float, match: str) -> None:
    customer = run(state, "lookup_customer_by_email", email=mail)["customer_id"]
    assert_refused(state, "pay_saved_payee", match, from_account_id=_account(state, customer, nickname),
                   payee_id=_payee(state, customer, "Harborline Mutual"), amount=amount)


def test_a_bill_paid_from_the_bank(state: DuckDBState) -> None:
    """Insurance fact -> bank argument: Monica Cox pays her home bill's amount, then Harborline records it."""
    holder = _holder(state, "monica_cox@example.org")
    policy = one(state, "SELECT policy_number FROM ins_policies WHERE holder_id = ? AND line = 'home'", [holder])
    bill = next(b for b in run(state, "get_billing_history", policy_number=policy["policy_number"])["bills"]
                if b["status"] == "due")
    customer = run(state, "lookup_customer_by_email", email="monica_cox@example.org")["customer_id"]
    account = _account(state, customer, "Student Checking")
    before = one(state, "SELECT balance FROM bank_accounts WHERE account_id = ?", [account])["balance"]
    paid = run(state, "pay_saved_payee", from_account_id=account,
               payee_id=_payee(state, customer, "Harborline Mutual"), amount=bill["amount"])
    assert math.isclose(paid["balance"], before - bill["amount"])
    done = run(state, "pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    assert done["status"] == "paid"
    changed = state.diff()
    assert set(changed.inserted) == {"bank_transfers", "bank_transactions"}
    assert set(changed.changed) == {"bank_accounts", "ins_premium_bills"}
