"""The banking environment's own checks: tool schemas, seed determinism, task replay and every business rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import ToolError
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


NOW = "2026-05-18T10:00:00"


def balance(state: DuckDBState, account_id: str) -> float:
    return state.db.scalar("SELECT balance FROM accounts WHERE account_id = ?", [account_id])


def open_checking(state: DuckDBState, where: str = "TRUE", params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, "SELECT a.*, c.segment FROM accounts a JOIN customers c USING (customer_id) "
                      f"WHERE a.account_type = 'checking' AND a.status = 'open' AND {where} ORDER BY a.account_id "
                      "LIMIT 1", params)


def ready_payee(state: DuckDBState, account: dict[str, Any]) -> dict[str, Any]:
    return one(state, "SELECT * FROM payees WHERE customer_id = ? AND added_at < TIMESTAMP '2026-05-17 10:00:00' "
                      "ORDER BY payee_id LIMIT 1", [account["customer_id"]])


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_user_fact_tasks=8, min_forbidden_tasks=3, min_refusal_tasks=6)


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.now == NOW
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('35.00', '2,500.00', '7,500.00', '24 hours', '60 days', '12 months', '90 days', '12.00'):
        assert fact in policy, fact


def test_identity_facts_and_confirmations() -> None:
    from envfactory_gym.querygen.spec import load_declarations

    assert "date_of_birth" in load_declarations(ENV.root).user.facts
    assert any("confirmation" in t.user_facts for t in ENV.tasks)


def test_seed_is_consistent(state: DuckDBState) -> None:
    total = sum(state.db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables)
    assert total >= 500
    # Every balance is the last balance_after of its transactions, and every running balance adds up.
    assert state.db.scalar(
        "SELECT count(*) FROM accounts a WHERE a.balance <> coalesce((SELECT t.balance_after FROM transactions t "
        "WHERE t.account_id = a.account_id ORDER BY t.posted_at DESC, t.transaction_id DESC LIMIT 1), a.balance)") == 0
    assert state.db.scalar(
        "SELECT count(*) FROM (SELECT balance_after - amount - lag(balance_after) OVER (PARTITION BY account_id "
        "ORDER BY posted_at, transaction_id) AS gap FROM transactions) WHERE abs(gap) > 0.001") == 0
    # The rules hold in the seed: within overdraft limits, one dispute per transaction, one courtesy refund a year.
    assert state.db.scalar("SELECT count(*) FROM transactions t JOIN accounts a USING (account_id) "
                           "WHERE t.amount < 0 AND t.kind <> 'fee' AND t.balance_after < -a.overdraft_limit") == 0
    assert state.db.scalar("SELECT count(*) - count(DISTINCT transaction_id) FROM card_disputes") == 0
    assert state.db.scalar("SELECT count(*) FROM fee_refunds a JOIN fee_refunds b ON a.account_id = b.account_id "
                           "AND a.refund_id < b.refund_id AND b.refunded_at - a.refunded_at < INTERVAL 365 DAY") == 0


# -- tasks --------------------------------------------------------------------------------------------------

# -- identity and reads -------------------------------------------------------------------------------------

def test_lookups(state: DuckDBState) -> None:
    c = one(state, "SELECT * FROM customers ORDER BY customer_id LIMIT 1")
    assert run(state, "lookup_customer_by_email", email=c["email"].upper())["customer_id"] == c["customer_id"]
    found = run(state, "lookup_customer_by_name_dob", first_name=c["first_name"].lower(), last_name=c["last_name"],
                date_of_birth=c["date_of_birth"])
    assert found["customer_id"] == c["customer_id"]
    with pytest.raises(ToolError, match="no customer named"):
        run(state, "lookup_customer_by_name_dob", first_name=c["first_name"], last_name=c["last_name"],
            date_of_birth="1900-01-01")
    with pytest.raises(ToolError, match="YYYY-MM-DD"):
        run(state, "lookup_customer_by_name_dob", first_name="A", last_name="B", date_of_birth="March 3rd")
    with pytest.raises(ToolError, match="no customer with email"):
        run(state, "lookup_customer_by_email", email="nobody@example.com")


def test_read_tools_reject_unknown_ids(state: DuckDBState) -> None:
    for name, args in [("get_customer_overview", {"customer_id": "CU-1"}),
                       ("get_account_details", {"account_id": "AC-1"}),
                       ("list_debit_cards", {"customer_id": "CU-9999"}), ("list_saved_payees", {"customer_id": "X"}),
                       ("list_standing_orders", {"customer_id": "X"}), ("list_card_disputes", {"customer_id": "X"}),
                       ("list_account_transactions", {"account_id": "AC-1"}), ("lift_card_freeze", {"card_id": "DC-1"}),
                       ("grant_courtesy_fee_refund", {"transaction_id": "TX-1"}),
                       ("cancel_standing_order", {"standing_order_id": "SO-9999"}),
                       ("pay_saved_payee", {"from_account_id": "AC-20001", "payee_id": "PY-1", "amount": 5.0})]:
        with pytest.raises(ToolError, match="no "):
            run(state, name, **args)


def test_overview_and_account_details(state: DuckDBState) -> None:
    acc = open_checking(state, "a.overdraft_limit > 0")
    overview = run(state, "get_customer_overview", customer_id=acc["customer_id"])
    mine = {a["account_id"]: a for a in overview["accounts"]}[acc["account_id"]]
    assert mine["available"] == round(acc["balance"] + acc["overdraft_limit"], 2)
    assert overview["daily_payee_limit"] == {"standard": 2500.0, "premier": 7500.0}[acc["segment"]]
    details = run(state, "get_account_details", account_id=acc["account_id"])
    assert details["available"] == mine["available"] and details["debit_cards"]
    used = one(state, "SELECT account_id, max(refunded_at) AS last FROM fee_refunds "
                      "WHERE refunded_at > TIMESTAMP '2025-06-01' GROUP BY ALL ORDER BY account_id LIMIT 1")
    details = run(state, "get_account_details", account_id=used["account_id"])
    assert details["courtesy_refund_available"] is False and details["last_courtesy_refund"] == used["last"][:10]


def test_transaction_filters(state: DuckDBState) -> None:
    acc = one(state, "SELECT account_id FROM transactions GROUP BY account_id HAVING count(*) > 26 ORDER BY 1 LIMIT 1")
    everything = run(state, "list_account_transactions", account_id=acc["account_id"])
    page = ENV.module.TRANSACTION_PAGE
    assert len(everything["transactions"]) == page and everything["more"] and everything["next_offset"] == page
    times = [t["posted_at"] for t in everything["transactions"]]
    assert times == sorted(times, reverse=True)
    following = run(state, "list_account_transactions", account_id=acc["account_id"], offset=page)
    assert following["transactions"][0]["posted_at"] <= times[-1]
    assert not {t["transaction_id"] for t in following["transactions"]} & {t["transaction_id"] for t in
                                                                          everything["transactions"]}
    with pytest.raises(ToolError, match="offset"):
        run(state, "list_account_transactions", account_id=acc["account_id"], offset=-1)
    fees = run(state, "list_account_transactions", account_id="AC-20186", kind="fee", since="2026-04-01")
    assert fees["transactions"] and all(t["kind"] == "fee" and t["posted_at"] >= "2026-04-01" and "fee_refunded" in t
                                        for t in fees["transactions"])
    found = run(state, "list_account_transactions", account_id="AC-20182", search="brightwire")
    assert [t["transaction_id"] for t in found["transactions"]] == ["TX-004051"]
    with pytest.raises(ToolError, match="YYYY-MM-DD"):
        run(state, "list_account_transactions", account_id="AC-20182", since="last week")


def test_transaction_pages_fit_what_an_agent_sees(state: DuckDBState) -> None:
    """Every page of every account's transactions stays under the 4,000 characters of a rendered tool result, and
    paging with next_offset reaches every transaction exactly once."""
    for acc in state.db.query("SELECT account_id FROM accounts ORDER BY account_id"):
        seen: list[str] = []
        offset: int | None = 0
        while offset is not None:
            page = run(state, "list_account_transactions", account_id=acc["account_id"], offset=offset)
            assert len(json.dumps(page, ensure_ascii=False)) < 4000, (acc["account_id"], offset)
            seen += [t["transaction_id"] for t in page["transactions"]]
            offset = page.get("next_offset")
            assert (offset is not None) == page["more"]
        total = state.db.scalar("SELECT count(*) FROM transactions WHERE account_id = ?", [acc["account_id"]])
        assert len(seen) == len(set(seen)) == total, acc["account_id"]


def test_list_reads(state: DuckDBState) -> None:
    cards = run(state, "list_debit_cards", customer_id="CU-1029")["cards"]
    assert {c["card_id"]: c.get("freeze_reason") for c in cards}["DC-50037"] == "suspected_fraud"
    payees = {p["payee_id"]: p for p in run(state, "list_saved_payees", customer_id="CU-1051")["payees"]}
    assert payees["PY-3218"]["payable_now"] is False and payees["PY-3218"]["payable_from"] == "2026-05-19T01:11:00"
    active = run(state, "list_standing_orders", customer_id="CU-1051", status="active")["standing_orders"]
    everything = run(state, "list_standing_orders", customer_id="CU-1051")["standing_orders"]
    assert not active and everything[0]["status"] == "cancelled" and "cancelled_at" in everything[0]
    disputes = run(state, "list_card_disputes", customer_id="CU-1021")["disputes"]
    assert disputes[0]["status"] == "under_review" and disputes[0]["merchant"] == "Marigold Florist"


# -- moving money -------------------------------------------------------------------------------------------

def test_own_transfer_moves_money_and_records_both_sides(state: DuckDBState) -> None:
    out = run(state, "transfer_between_own_accounts", from_account_id="AC-20052", to_account_id="AC-20051",
              amount=2000)
    assert (out["from_balance"], out["to_balance"], out["overdraft_fee"]) == (10927.87, 7425.03, 0.0)
    legs = state.db.query("SELECT account_id, kind, amount FROM transactions WHERE transfer_id = ? ORDER BY kind",
                          [out["transfer_id"]])
    assert [(r["kind"], r["amount"]) for r in legs] == [("transfer_in", 2000.0), ("transfer_out", -2000.0)]


def test_own_transfer_refusals(state: DuckDBState) -> None:
    assert_refused(state, "transfer_between_own_accounts", "same customer", from_account_id="AC-20051",
                   to_account_id="AC-20001", amount=10)
    assert_refused(state, "transfer_between_own_accounts", "same account", from_account_id="AC-20051",
                   to_account_id="AC-20051", amount=10)
    assert_refused(state, "transfer_between_own_accounts", "more than 0", from_account_id="AC-20052",
                   to_account_id="AC-20051", amount=0)
    closed = one(state, "SELECT a.account_id AS closed, b.account_id AS open FROM accounts a JOIN accounts b "
                        "ON a.customer_id = b.customer_id AND b.status = 'open' WHERE a.status = 'closed' "
                        "ORDER BY 1, 2 LIMIT 1")
    assert_refused(state, "transfer_between_own_accounts", "cannot receive", from_account_id=closed["open"],
                   to_account_id=closed["closed"], amount=10)
    assert_refused(state, "transfer_between_own_accounts", "is closed", from_account_id=closed["closed"],
                   to_account_id=closed["open"], amount=10)


def test_insufficient_funds_is_refused(state: DuckDBState) -> None:
    # Savings have no overdraft; checking may go down to minus its limit.
    assert_refused(state, "transfer_between_own_accounts", "insufficient funds", from_account_id="AC-20181",
                   to_account_id="AC-20180", amount=5253.08)
    assert_refused(state, "transfer_between_own_accounts", "insufficient funds", from_account_id="AC-20180",
                   to_account_id="AC-20181", amount=400.78, accept_overdraft_fee=True)


def test_overdraft_needs_acceptance_and_costs_a_fee(state: DuckDBState) -> None:
    args = {"from_account_id": "AC-20180", "to_account_id": "AC-20181", "amount": 350}
    assert_refused(state, "transfer_between_own_accounts", "overdraft fee", **args)
    out = run(state, "transfer_between_own_accounts", **args, accept_overdraft_fee=True)
    assert out["overdraft_fee"] == 35.0 and out["from_balance"] == round(300.77 - 350 - 35, 2)
    fee = one(state, "SELECT * FROM transactions WHERE account_id = 'AC-20180' AND fee_type = 'overdraft' "
                     "ORDER BY transaction_id DESC LIMIT 1")
    assert fee["amount"] == -35.0 and fee["posted_at"] == NOW


def test_restricted_account_cannot_send(state: DuckDBState) -> None:
    assert_refused(state, "transfer_between_own_accounts", "restricted", from_account_id="AC-20146",
                   to_account_id="AC-20147", amount=100)
    # It can still receive money.
    run(state, "transfer_between_own_accounts", from_account_id="AC-20147", to_account_id="AC-20146", amount=100)
    assert balance(state, "AC-20146") == 2848.96


def test_payee_payment_and_its_refusals(state: DuckDBState) -> None:
    assert_refused(state, "pay_saved_payee", "only be paid from a checking", from_account_id="AC-20078",
                   payee_id="PY-3093", amount=50)
    assert_refused(state, "pay_saved_payee", "not saved by", from_account_id="AC-20001", payee_id="PY-3093",
                   amount=50)
    assert_refused(state, "pay_saved_payee", "restricted", from_account_id="AC-20146", payee_id="PY-3002",
                   amount=50)
    assert_refused(state, "pay_saved_payee", "24 hours", from_account_id="AC-20108", payee_id="PY-3218", amount=50)
    out = run(state, "pay_saved_payee", from_account_id="AC-20079", payee_id="PY-3093", amount=100)
    assert (out["balance"], out["overdraft_fee"], out["payee_limit_remaining"]) == (56.28, 0.0, 2400.0)
    assert one(state, "SELECT * FROM transfers WHERE transfer_id = ?", [out["transfer_id"]])["channel"] == "support"


def test_daily_payee_limit(state: DuckDBState) -> None:
    # CU-1106 (standard) already sent 1,678.40 today: 821.60 is left.
    assert_refused(state, "pay_saved_payee", "daily payee limit", from_account_id="AC-20220", payee_id="PY-3138",
                   amount=821.61)
    out = run(state, "pay_saved_payee", from_account_id="AC-20220", payee_id="PY-3138", amount=821.6)
    assert out["payee_limit_remaining"] == 0.0
    assert run(state, "get_customer_overview", customer_id="CU-1106")["payee_limit_remaining"] == 0.0
    assert_refused(state, "pay_saved_payee", "daily payee limit", from_account_id="AC-20220", payee_id="PY-3168",
                   amount=1)


def test_payee_overdraft_needs_acceptance(state: DuckDBState) -> None:
    args = {"from_account_id": "AC-20134", "payee_id": "PY-3051", "amount": 400}
    assert_refused(state, "pay_saved_payee", "accept_overdraft_fee", **args)
    assert run(state, "pay_saved_payee", **args, accept_overdraft_fee=True)["balance"] == -188.69


def test_add_saved_payee(state: DuckDBState) -> None:
    base = {"customer_id": "CU-1100", "payee_name": "Dana Pollard", "bank_name": "Silverleaf Credit Union",
            "account_number": "5520318847"}
    assert_refused(state, "add_saved_payee", "routing number", **base, routing_number="211039829")
    assert_refused(state, "add_saved_payee", "routing number", **base, routing_number="21103982")
    assert_refused(state, "add_saved_payee", "6 to 17 digits", **{**base, "account_number": "12AB"},
                   routing_number="211039828")
    assert_refused(state, "add_saved_payee", "must not be empty", **{**base, "payee_name": "  "},
                   routing_number="211039828")
    out = run(state, "add_saved_payee", **base, routing_number="211039828")
    assert out["payable_from"] == "2026-05-19T10:00:00" and out["account_ending"] == "8847"
    assert_refused(state, "add_saved_payee", "already saved", **base, routing_number="211039828")
    assert_refused(state, "pay_saved_payee", "24 hours", from_account_id="AC-20207", payee_id=out["payee_id"],
                   amount=10)


# -- debit cards --------------------------------------------------------------------------------------------

def test_card_freeze_state_machine(state: DuckDBState) -> None:
    out = run(state, "place_card_freeze", card_id="DC-50077", reason="misplaced")
    assert out["status"] == "frozen"
    assert_refused(state, "place_card_freeze", "only active cards", card_id="DC-50077", reason="travel")
    assert run(state, "lift_card_freeze", card_id="DC-50077")["status"] == "active"
    assert_refused(state, "lift_card_freeze", "only frozen cards", card_id="DC-50077")
    assert_refused(state, "place_card_freeze", "only active cards", card_id="DC-50033", reason="misplaced")


def test_fraud_freeze_cannot_be_lifted(state: DuckDBState) -> None:
    assert_refused(state, "lift_card_freeze", "suspected fraud", card_id="DC-50037")


def test_reissue_charges_a_fee_unless_defective(state: DuckDBState) -> None:
    before = balance(state, "AC-20001")
    out = run(state, "reissue_debit_card", card_id="DC-50001", reason="defective")
    assert out["replacement_fee"] == 0.0 and balance(state, "AC-20001") == before
    cards = {c["card_id"]: c for c in run(state, "list_debit_cards", customer_id="CU-1001")["cards"]}
    assert cards["DC-50001"]["status"] == "cancelled" and cards["DC-50001"]["replacement_card_id"] == out["new_card_id"]
    assert cards[out["new_card_id"]]["status"] == "active" and cards[out["new_card_id"]]["expires"] == "2030-05"
    assert_refused(state, "reissue_debit_card", "already replaced", card_id="DC-50001", reason="lost")
    before = balance(state, "AC-20057")
    out = run(state, "reissue_debit_card", card_id="DC-50033", reason="lost")
    assert out["replacement_fee"] == 12.0 and balance(state, "AC-20057") == round(before - 12, 2)


def test_cards_of_closed_accounts_are_not_replaced(state: DuckDBState) -> None:
    card = one(state, "SELECT d.card_id FROM debit_cards d JOIN accounts a USING (account_id) "
                      "WHERE a.status = 'closed' ORDER BY 1 LIMIT 1")
    assert_refused(state, "reissue_debit_card", "closed", card_id=card["card_id"], reason="lost")


# -- disputes -----------------------------------------------------------------------------------------------

def test_small_dispute_gets_provisional_credit(state: DuckDBState) -> None:
    before = balance(state, "AC-20190")
    out = run(state, "open_card_dispute", transaction_id="TX-003613", reason="not_received")
    assert out["provisional_credit"] == 34.93 and out["balance"] == round(before + 34.93, 2)
    assert_refused(state, "open_card_dispute", "disputed only once", transaction_id="TX-003613",
                   reason="wrong_amount")


def test_large_dispute_gets_no_credit_until_resolved(state: DuckDBState) -> None:
    before = balance(state, "AC-20063")
    out = run(state, "open_card_dispute", transaction_id="TX-003544", reason="unauthorized")
    assert out["provisional_credit"] == 0.0 and "balance" not in out and balance(state, "AC-20063") == before


def test_dispute_refusals(state: DuckDBState) -> None:
    assert_refused(state, "open_card_dispute", "only debit card purchases", transaction_id="TX-004072",
                   reason="wrong_amount")
    assert_refused(state, "open_card_dispute", "window closed on 2026-04-19", transaction_id="TX-000836",
                   reason="wrong_amount")
    assert_refused(state, "open_card_dispute", "already disputed in DP-0026", transaction_id="TX-003017",
                   reason="duplicate_charge")


def test_unauthorized_dispute_needs_a_secured_card(state: DuckDBState) -> None:
    assert_refused(state, "open_card_dispute", "freeze or replace", transaction_id="TX-004051",
                   reason="unauthorized")
    run(state, "place_card_freeze", card_id="DC-50111", reason="suspected_fraud")
    assert run(state, "open_card_dispute", transaction_id="TX-004051", reason="unauthorized")["status"] == \
        "under_review"


# -- fee refunds --------------------------------------------------------------------------------------------

def test_courtesy_refund_once_per_twelve_months(state: DuckDBState) -> None:
    out = run(state, "grant_courtesy_fee_refund", transaction_id="TX-002741")
    assert out["amount"] == 35.0 and out["balance"] == -210.17 and out["next_courtesy_refund_from"] == "2027-05-18"
    assert_refused(state, "grant_courtesy_fee_refund", "only one per 12 months", transaction_id="TX-003271")
    assert_refused(state, "grant_courtesy_fee_refund", "already refunded", transaction_id="TX-002741")
    # The seed's own refunds count too.
    assert_refused(state, "grant_courtesy_fee_refund", "next is possible from 2027-04-14", transaction_id="TX-003900")


def test_fee_refund_refusals(state: DuckDBState) -> None:
    assert_refused(state, "grant_courtesy_fee_refund", "not a fee", transaction_id="TX-004051")
    old = one(state, "SELECT transaction_id FROM transactions t WHERE kind = 'fee' AND posted_at < TIMESTAMP "
                     "'2026-02-17 10:00:00' AND NOT EXISTS (SELECT 1 FROM fee_refunds r WHERE r.fee_transaction_id = "
                     "t.transaction_id) ORDER BY 1 LIMIT 1")
    assert_refused(state, "grant_courtesy_fee_refund", "last 90 days", **old)
    fee = one(state, "SELECT transaction_id FROM transactions WHERE account_id = 'AC-20009' AND kind = 'fee' "
                     "AND posted_at > TIMESTAMP '2026-02-17 10:00:00' LIMIT 1")
    run(state, "close_deposit_account", account_id="AC-20009")
    assert_refused(state, "grant_courtesy_fee_refund", "closed", **fee)


# -- standing orders ----------------------------------------------------------------------------------------

def test_standing_order_lifecycle(state: DuckDBState) -> None:
    out = run(state, "create_standing_order", from_account_id="AC-20124", payee_id="PY-3159", amount=75,
              frequency="monthly")
    assert out["next_run_date"] == "2026-05-19"
    assert_refused(state, "create_standing_order", "already pays", from_account_id="AC-20124", payee_id="PY-3159",
                   amount=80, frequency="weekly", first_payment_date="2026-06-01")
    assert run(state, "cancel_standing_order", standing_order_id=out["standing_order_id"])["status"] == "cancelled"
    assert_refused(state, "cancel_standing_order", "already cancelled", standing_order_id=out["standing_order_id"])
    again = run(state, "create_standing_order", from_account_id="AC-20124", payee_id="PY-3159", amount=80,
                frequency="weekly", first_payment_date="2026-06-01")
    rows = run(state, "list_standing_orders", customer_id="CU-1059", status="active")["standing_orders"]
    assert again["standing_order_id"] in [r["standing_order_id"] for r in rows]


def test_standing_order_refusals(state: DuckDBState) -> None:
    base = {"from_account_id": "AC-20124", "payee_id": "PY-3159", "amount": 75.0, "frequency": "monthly"}
    for day in ("2026-05-18", "2026-08-17", "2026-01-01"):
        assert_refused(state, "create_standing_order", "1 to 90 days", **base, first_payment_date=day)
    assert_refused(state, "create_standing_order", "YYYY-MM-DD", **base, first_payment_date="June 1st")
    assert_refused(state, "create_standing_order", "daily payee limit", **{**base, "amount": 2500.01})
    assert_refused(state, "create_standing_order", "savings account", **{**base, "from_account_id": "AC-20125"})
    assert_refused(state, "create_standing_order", "not saved by", **{**base, "payee_id": "PY-3218"})
    assert_refused(state, "create_standing_order", "restricted", **{**base, "from_account_id": "AC-20146",
                                                                    "payee_id": "PY-3003"})
    # A payee added last night can be paid by standing order from the day after its hold ends.
    assert_refused(state, "create_standing_order", "2026-05-20 at the earliest", from_account_id="AC-20108",
                   payee_id="PY-3218", amount=1850, frequency="monthly", first_payment_date="2026-05-19")
    assert run(state, "create_standing_order", from_account_id="AC-20108", payee_id="PY-3218", amount=1850,
               frequency="monthly", first_payment_date="2026-05-20")["next_run_date"] == "2026-05-20"


# -- closing accounts ---------------------------------------------------------------------------------------

def test_close_empty_account_cancels_its_cards(state: DuckDBState) -> None:
    out = run(state, "close_deposit_account", account_id="AC-20106")
    assert out["status"] == "closed" and out["cards_cancelled"] == ["DC-50064"]
    card = one(state, "SELECT * FROM debit_cards WHERE card_id = 'DC-50064'")
    assert card["status"] == "cancelled" and card["cancel_reason"] == "account_closed" and card["freeze_reason"] is None
    assert run(state, "get_account_details", account_id="AC-20106")["closed_on"] == "2026-05-18"
    assert_refused(state, "close_deposit_account", "already closed", account_id="AC-20106")


def test_close_refusals(state: DuckDBState) -> None:
    assert_refused(state, "close_deposit_account", "still holds 13956.85", account_id="AC-20059")
    assert_refused(state, "close_deposit_account", "overdrawn by 245.17", account_id="AC-20186")
    assert_refused(state, "close_deposit_account", "compliance review", account_id="AC-20146")
    # Emptying an account with an active standing order is not enough.
    acc = open_checking(state, "a.customer_id = 'CU-1059'")
    run(state, "transfer_between_own_accounts", from_account_id=acc["account_id"], to_account_id="AC-20125",
        amount=acc["balance"])
    assert_refused(state, "close_deposit_account", "SO-0090", account_id=acc["account_id"])


def test_new_ids_are_deterministic() -> None:
    seen = []
    for _ in range(2):
        state = ENV.new_state()
        try:
            out = run(state, "open_card_dispute", transaction_id="TX-003613", reason="not_received")
            seen.append(out["dispute_id"])
            seen.append(state.state_hash())
        finally:
            state.close()
    assert seen[0] == seen[2] == "DP-0033" and seen[1] == seen[3]
