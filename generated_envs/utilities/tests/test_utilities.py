"""The utilities environment's own checks: schema, seed determinism and consistency, task replay, business rules."""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


TODAY = date(2026, 5, 12)


OVERDUE = ("(SELECT coalesce(sum(b.total - b.amount_paid), 0) FROM bills b WHERE b.account_id = a.account_id "
           "AND b.status = 'overdue')")
BALANCE = ("(SELECT coalesce(sum(b.total - b.amount_paid), 0) FROM bills b WHERE b.account_id = a.account_id "
           "AND b.status IN ('open', 'overdue'))")
LAST_PLAN = "(SELECT max(p.created_on) FROM payment_plans p WHERE p.account_id = a.account_id)"
ACTIVE_PLAN = "(SELECT p.plan_id FROM payment_plans p WHERE p.account_id = a.account_id AND p.status = 'active')"
CUSTOMER_OVERDUE = ("(SELECT coalesce(sum(b.total - b.amount_paid), 0) FROM bills b JOIN service_accounts x USING "
                    "(account_id) WHERE x.customer_id = a.customer_id AND b.status = 'overdue')")
LATEST_READ = ("(SELECT r.read_type FROM meter_readings r WHERE r.account_id = a.account_id ORDER BY r.read_date "
               "DESC LIMIT 1)")
PHOTO = ("EXISTS (SELECT 1 FROM customer_reads cr JOIN meters m USING (meter_id) WHERE m.premise_id = a.premise_id "
         "AND m.service_type = a.service_type AND cr.read_date > (SELECT max(r.read_date) FROM meter_readings r "
         "WHERE r.account_id = a.account_id))")


def account(state: DuckDBState, where: str) -> dict[str, Any]:
    return one(state, "SELECT a.*, p.premise_type, p.zip_code FROM service_accounts a JOIN premises p USING "
                      f"(premise_id) WHERE {where} ORDER BY a.account_id LIMIT 1")


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures
#: (outputs unchecked: many are sums and dates the agent works out from the results).
TestStructure = ENV.standard_tests(min_writes=8, every_table_filled=True, min_tasks=60, min_read_tasks=10, min_single_write_tasks=10,
                                   min_multi_write_tasks=10,
                                   check_outputs=False)


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.now.startswith("2026-05-12")
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('65.00', '40.00', '1,500.00', '2 business days', '30 days', '12 months', '2026-05-14'):
        assert fact in policy, fact
    assert len((ENV.root / ENV.manifest.compact_policy_file).read_text(encoding="utf-8").split()) < 250


# -- the seed obeys the rules the tools enforce -------------------------------------------------------------

def test_bills_are_computed_from_readings_and_tariffs(state: DuckDBState) -> None:
    for b in state.db.query("SELECT b.*, r.usage AS read_usage FROM bills b JOIN meter_readings r USING "
                            "(reading_id)"):
        charge, _ = ENV.module._charge(state.db, b["tariff_id"], b["usage"])
        assert charge == b["usage_charge"], b["bill_id"]
        assert ENV.module._money(b["usage_charge"] + b["fixed_charge"] + b["late_fee"]) == b["total"], b["bill_id"]
        if b["status"] != "rebilled":
            assert b["usage"] == b["read_usage"], b["bill_id"]
        if b["status"] in ("open", "overdue", "paid"):
            status = ENV.module._bill_status(b["total"], b["amount_paid"], date.fromisoformat(b["due_date"]), TODAY)
            assert status == b["status"], b["bill_id"]
        if b["late_fee"] > 0:
            assert b["late_fee"] >= 5.0 and date.fromisoformat(b["due_date"]) < TODAY


def test_readings_count_up(state: DuckDBState) -> None:
    rows = state.db.query("SELECT usage, reading_value - lag(reading_value) OVER (PARTITION BY account_id ORDER BY "
                          "read_date) AS diff FROM meter_readings")
    assert all(r["diff"] is None or (r["diff"] == r["usage"] and r["diff"] >= 0) for r in rows)


def test_seed_money_adds_up(state: DuckDBState) -> None:
    plans = state.db.query("SELECT p.plan_id, p.total_amount, sum(b.total - b.amount_paid) AS owed FROM payment_plans "
                           "p JOIN bills b USING (plan_id) WHERE p.status = 'active' GROUP BY ALL")
    assert plans and all(abs(p["total_amount"] - p["owed"]) < 0.005 for p in plans)
    mismatched = state.db.query(
        "SELECT a.account_id FROM service_accounts a WHERE abs((SELECT coalesce(sum(amount_paid), 0) FROM bills b "
        "WHERE b.account_id = a.account_id AND b.status <> 'rebilled') - (SELECT coalesce(sum(amount), 0) FROM "
        "payments p WHERE p.account_id = a.account_id AND p.purpose = 'bills')) > 0.005")
    assert mismatched == []


def test_seed_accounts_follow_the_rules(state: DuckDBState) -> None:
    assert state.db.query("SELECT premise_id, service_type FROM service_accounts WHERE status <> 'closed' "
                          "GROUP BY ALL HAVING count(*) > 1") == []
    assert state.db.query("SELECT a.account_id FROM service_accounts a WHERE NOT EXISTS (SELECT 1 FROM meters m "
                          "WHERE m.premise_id = a.premise_id AND m.service_type = a.service_type)") == []
    pending = state.db.query("SELECT a.account_id FROM service_accounts a WHERE a.status = 'pending_start' AND NOT "
                             "EXISTS (SELECT 1 FROM service_orders o WHERE o.account_id = a.account_id AND "
                             "o.order_type = 'start' AND o.status = 'scheduled')")
    assert pending == []
    assert state.db.scalar("SELECT count(*) FROM service_accounts WHERE status = 'disconnected' AND "
                           "disconnected_on IS NULL") == 0
    assert state.db.scalar("SELECT count(*) FROM service_accounts WHERE cycle_day NOT BETWEEN 1 AND 28") == 0


# -- reads --------------------------------------------------------------------------------------------------

def test_lookups(state: DuckDBState) -> None:
    c = one(state, "SELECT * FROM customers ORDER BY customer_id LIMIT 1")
    assert run(state, "lookup_customer_by_email", email=c["email"].upper())["customer_id"] == c["customer_id"]
    found = run(state, "lookup_customer_by_name_zip", first_name=c["first_name"].lower(), last_name=c["last_name"],
                zip_code=c["zip_code"])
    assert found["customer_id"] == c["customer_id"]
    assert_refused(state, "lookup_customer_by_email", "no customer", email="nobody@example.org")
    assert_refused(state, "lookup_customer_by_name_zip", "no customer named", first_name=c["first_name"],
                   last_name=c["last_name"], zip_code="00000")
    assert_refused(state, "get_customer_overview", "no customer with id", customer_id="C-1")


def test_customer_overview(state: DuckDBState) -> None:
    a = account(state, "a.end_date > DATE '2026-05-12' AND a.status = 'active'")
    out = run(state, "get_customer_overview", customer_id=a["customer_id"].lower())
    mine = next(x for x in out["accounts"] if x["account_id"] == a["account_id"])
    assert mine["end_date"] == a["end_date"] and mine["address"].endswith(a["zip_code"])
    assert any(o["account_id"] == a["account_id"] and o["order_type"] == "stop" for o in out["scheduled_orders"])
    statuses = [x["status"] for x in out["accounts"]]
    assert statuses.index("closed") > 0 if "closed" in statuses else True


def test_service_account_shows_plan_orders_and_fee(state: DuckDBState) -> None:
    a = account(state, f"a.status = 'disconnected' AND {ACTIVE_PLAN} IS NOT NULL")
    out = run(state, "get_service_account", account_id=a["account_id"])
    assert out["reconnection_fee"] == 65.0 and out["payment_plan"]["plan_id"]
    assert any(o["order_type"] == "disconnect" for o in out["service_orders"])
    active = run(state, "get_service_account", account_id=account(state, "a.status = 'active'")["account_id"])
    assert "reconnection_fee" not in active and active["meter"]["meter_id"].startswith("MTR-")
    assert_refused(state, "get_service_account", "no service account", account_id="ACC-1")


def test_list_bills(state: DuckDBState) -> None:
    a = account(state, f"{OVERDUE} > 0 AND a.status = 'active'")
    bills = run(state, "list_bills", account_id=a["account_id"])["bills"]
    assert bills == sorted(bills, key=lambda b: (b["issued_on"], b["bill_id"]), reverse=True)
    overdue = run(state, "list_bills", account_id=a["account_id"], status="overdue")["bills"]
    assert overdue and all(b["status"] == "overdue" and b["amount_due"] > 0 for b in overdue)
    tools = ENV.module
    assert tools._money(sum(b["amount_due"] for b in overdue)) == tools._balances(state.db, a["account_id"])[1]


def test_list_bills_pages(state: DuckDBState, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every seeded account fits one page (no next_offset); a smaller page shows the paging.
    a = account(state, "(SELECT count(*) FROM bills b WHERE b.account_id = a.account_id) >= 5")
    everything = run(state, "list_bills", account_id=a["account_id"])
    assert "next_offset" not in everything
    assert max(len(json.dumps(run(state, "list_bills", account_id=r["account_id"]), default=str))
               for r in state.db.query("SELECT account_id FROM service_accounts")) < 4000
    monkeypatch.setattr(ENV.module, "MAX_BILLS", 2)
    first = run(state, "list_bills", account_id=a["account_id"])
    assert first["bills"] == everything["bills"][:2] and first["next_offset"] == 2
    second = run(state, "list_bills", account_id=a["account_id"], offset=first["next_offset"])
    assert second["bills"] == everything["bills"][2:4]
    assert_refused(state, "list_bills", "offset must be zero or more", account_id=a["account_id"], offset=-1)


def test_meter_readings(state: DuckDBState) -> None:
    a = account(state, f"{PHOTO}")
    out = run(state, "get_meter_readings", account_id=a["account_id"])
    assert out["readings"][0]["read_type"] == "estimated" and out["customer_reads"]
    assert out["unit"] in ("kWh", "CCF")


def test_tariffs_and_estimates(state: DuckDBState) -> None:
    electric = run(state, "list_tariffs", service_type="electric")
    assert {t["tariff_id"] for t in electric} >= {"E-RES", "E-GRN", "E-FLT", "E-AST"}
    res = next(t for t in electric if t["tariff_id"] == "E-RES")
    assert [t["up_to"] for t in res["tiers"]] == [600, 1200, None]
    a = account(state, "a.tariff_id = 'E-RES' AND a.status = 'active'")
    est = run(state, "estimate_bill_on_tariff", account_id=a["account_id"], tariff_id="e-flt", usage=1600)
    assert est["total"] == 223.4 and est["current_total"] == 229.14 and est["difference"] == -5.74
    latest = run(state, "estimate_bill_on_tariff", account_id=a["account_id"], tariff_id="E-GRN")
    assert latest["usage"] == state.db.scalar("SELECT usage FROM bills WHERE account_id = ? AND status <> 'rebilled' "
                                              "ORDER BY period_end DESC LIMIT 1", [a["account_id"]])
    assert sum(t["units"] for t in latest["tiers"]) == latest["usage"]


def test_estimate_refusals(state: DuckDBState) -> None:
    a = account(state, "a.tariff_id = 'E-RES' AND a.status = 'active'")
    assert_refused(state, "estimate_bill_on_tariff", "water tariff", account_id=a["account_id"], tariff_id="W-RES")
    assert_refused(state, "estimate_bill_on_tariff", "already on", account_id=a["account_id"], tariff_id="E-RES")
    assert_refused(state, "estimate_bill_on_tariff", "zero or more", account_id=a["account_id"], tariff_id="E-FLT",
                   usage=-5)
    assert_refused(state, "estimate_bill_on_tariff", "no tariff", account_id=a["account_id"], tariff_id="E-XYZ")
    new = account(state, "a.status = 'pending_start' AND a.service_type = 'electric' AND a.tariff_id = 'E-RES'")
    assert_refused(state, "estimate_bill_on_tariff", "no bill yet", account_id=new["account_id"], tariff_id="E-FLT")


def test_search_service_addresses(state: DuckDBState) -> None:
    rows = run(state, "search_service_addresses", service_zip="98922")
    assert rows and all(r["water_service"] == "not_offered" for r in rows)
    yakima = run(state, "search_service_addresses", service_zip="98901")
    assert {r["electric_service"] for r in yakima} == {"available", "connected"}
    street = yakima[0]["address"].split(",")[0]
    assert run(state, "search_service_addresses", service_zip="98901", street=street.lower())[0] == yakima[0]
    assert_refused(state, "search_service_addresses", "no service addresses", service_zip="10001")


def test_quote_payment_plan(state: DuckDBState) -> None:
    a = account(state, f"a.status = 'active' AND {OVERDUE} BETWEEN 50 AND 1500 AND {ACTIVE_PLAN} IS NULL AND "
                       f"({LAST_PLAN} IS NULL OR {LAST_PLAN} < DATE '2025-05-12')")
    quote = run(state, "quote_payment_plan", account_id=a["account_id"])
    assert quote["eligible"] and [o["months"] for o in quote["options"]] == [2, 3, 4, 5, 6]
    for o in quote["options"]:
        total = ENV.module._money(o["installment_amount"] * (o["months"] - 1) + o["final_installment"])
        assert total == quote["overdue_balance"]
    assert quote["first_installment_due"] == "2026-05-12"
    big = account(state, f"{OVERDUE} > 1500 AND a.status = 'active'")
    assert "from 50.00 to 1500.00" in run(state, "quote_payment_plan", account_id=big["account_id"])["reason"]
    paid_up = account(state, f"a.status = 'active' AND {OVERDUE} = 0")
    assert_refused(state, "quote_payment_plan", "no overdue balance", account_id=paid_up["account_id"])


# -- payments and fees --------------------------------------------------------------------------------------

def test_payment_applies_oldest_first(state: DuckDBState) -> None:
    a = account(state, f"a.status = 'active' AND {OVERDUE} > 0 AND {BALANCE} > {OVERDUE} + 1")
    balance, overdue = ENV.module._balances(state.db, a["account_id"])
    out = run(state, "record_bill_payment", account_id=a["account_id"], amount=overdue, method="card")
    assert out["overdue_balance"] == 0 and out["balance"] == ENV.module._money(balance - overdue)
    assert all(x["status"] == "paid" for x in out["applied"])
    pay = one(state, "SELECT * FROM payments WHERE payment_id = ?", [out["payment_id"]])
    assert pay["amount"] == overdue and pay["paid_on"] == "2026-05-12" and pay["purpose"] == "bills"
    partial = run(state, "record_bill_payment", account_id=a["account_id"], amount=1, method="bank_account")
    assert partial["applied"][0]["status"] == "open" and partial["balance"] == ENV.module._money(out["balance"] - 1)


def test_payment_refusals(state: DuckDBState) -> None:
    a = account(state, f"a.status = 'active' AND {BALANCE} > 0")
    balance = ENV.module._balances(state.db, a["account_id"])[0]
    assert_refused(state, "record_bill_payment", "more than 0", account_id=a["account_id"], amount=0, method="card")
    assert_refused(state, "record_bill_payment", "cannot exceed", account_id=a["account_id"], amount=balance + 0.01,
                   method="card")
    clear = account(state, f"a.status = 'active' AND {BALANCE} = 0")
    assert_refused(state, "record_bill_payment", "no open or overdue", account_id=clear["account_id"], amount=10,
                   method="card")


def test_waive_late_fee(state: DuckDBState) -> None:
    bill = one(state, "SELECT b.* FROM bills b JOIN service_accounts a USING (account_id) WHERE b.status = 'overdue' "
                      "AND b.late_fee > 0 AND NOT EXISTS (SELECT 1 FROM bills x JOIN service_accounts y USING "
                      "(account_id) WHERE y.customer_id = a.customer_id AND x.late_fee_waived_on IS NOT NULL) "
                      "ORDER BY b.bill_id LIMIT 1")
    out = run(state, "waive_late_fee", bill_id=bill["bill_id"])
    assert out["waived_amount"] == bill["late_fee"] and out["new_total"] == ENV.module._money(bill["total"] -
                                                                                         bill["late_fee"])
    row = one(state, "SELECT * FROM bills WHERE bill_id = ?", [bill["bill_id"]])
    assert row["late_fee"] == 0 and row["late_fee_waived_on"] == "2026-05-12"
    other = one(state, "SELECT b.bill_id FROM bills b JOIN service_accounts a USING (account_id) WHERE a.customer_id ="
                       " (SELECT customer_id FROM service_accounts WHERE account_id = ?) AND b.late_fee > 0 AND "
                       "b.status IN ('open', 'overdue') AND b.bill_id <> ? LIMIT 1", [bill["account_id"],
                                                                                      bill["bill_id"]])
    assert_refused(state, "waive_late_fee", "one waiver per 12 months", bill_id=other["bill_id"])


def test_waiving_a_mostly_paid_fee_leaves_credit(state: DuckDBState) -> None:
    bill = one(state, "SELECT b.* FROM bills b JOIN service_accounts a USING (account_id) WHERE b.status = 'overdue' "
                      "AND b.late_fee > 2 AND b.bill_id = (SELECT x.bill_id FROM bills x WHERE x.account_id = "
                      "b.account_id AND x.status IN ('open', 'overdue') ORDER BY x.due_date, x.bill_id LIMIT 1) AND "
                      "NOT EXISTS (SELECT 1 FROM bills x JOIN service_accounts y USING (account_id) WHERE "
                      "y.customer_id = a.customer_id AND x.late_fee_waived_on IS NOT NULL) ORDER BY b.bill_id LIMIT 1")
    due = ENV.module._money(bill["total"] - bill["amount_paid"])
    run(state, "record_bill_payment", account_id=bill["account_id"], amount=due - 2, method="card")
    out = run(state, "waive_late_fee", bill_id=bill["bill_id"])
    assert out["status"] == "paid" and out["amount_due"] == 0
    assert state.db.scalar("SELECT credit_balance FROM service_accounts WHERE account_id = ?",
                           [bill["account_id"]]) == ENV.module._money(bill["late_fee"] - 2)


def test_waiver_refusals(state: DuckDBState) -> None:
    waived = one(state, "SELECT b.bill_id FROM bills b JOIN service_accounts a USING (account_id) WHERE b.status = "
                        "'overdue' AND b.late_fee > 0 AND EXISTS (SELECT 1 FROM bills x JOIN service_accounts y USING "
                        "(account_id) WHERE y.customer_id = a.customer_id AND x.late_fee_waived_on > DATE "
                        "'2025-05-12') LIMIT 1")
    assert_refused(state, "waive_late_fee", "already had a late fee waived", bill_id=waived["bill_id"])
    no_fee = one(state, "SELECT bill_id FROM bills WHERE late_fee = 0 ORDER BY bill_id LIMIT 1")
    assert_refused(state, "waive_late_fee", "no late fee", bill_id=no_fee["bill_id"])
    paid = one(state, "SELECT bill_id FROM bills WHERE late_fee > 0 AND status = 'paid' ORDER BY bill_id LIMIT 1")
    assert_refused(state, "waive_late_fee", "only fees still unpaid", bill_id=paid["bill_id"])
    assert_refused(state, "waive_late_fee", "no bill with id", bill_id="B-1")


# -- payment plans ------------------------------------------------------------------------------------------

def test_create_and_pay_off_a_plan(state: DuckDBState) -> None:
    a = account(state, f"a.status = 'active' AND {OVERDUE} BETWEEN 50 AND 1500 AND {ACTIVE_PLAN} IS NULL AND "
                       f"({LAST_PLAN} IS NULL OR {LAST_PLAN} < DATE '2025-05-12')")
    overdue = ENV.module._balances(state.db, a["account_id"])[1]
    plan = run(state, "create_payment_plan", account_id=a["account_id"], months=2)
    assert plan["total_amount"] == overdue and plan["first_installment_due"] == "2026-05-12"
    assert ENV.module._balances(state.db, a["account_id"])[1] == 0
    first = run(state, "pay_plan_installment", plan_id=plan["plan_id"], method="card")
    assert first["amount_paid"] == plan["installment_amount"] and first["next_due_date"] == "2026-06-12"
    last = run(state, "pay_plan_installment", plan_id=plan["plan_id"], method="bank_account")
    assert last["status"] == "completed" and last["amount_paid"] == plan["final_installment"]
    assert state.db.scalar("SELECT count(*) FROM bills WHERE plan_id = ? AND status <> 'paid'",
                           [plan["plan_id"]]) == 0
    assert_refused(state, "pay_plan_installment", "only active plans", plan_id=plan["plan_id"], method="card")
    assert_refused(state, "create_payment_plan", "one plan per 12 months", account_id=a["account_id"], months=3)


def test_plan_refusals(state: DuckDBState) -> None:
    ok = account(state, f"a.status = 'active' AND {OVERDUE} BETWEEN 50 AND 1500 AND {ACTIVE_PLAN} IS NULL AND "
                        f"({LAST_PLAN} IS NULL OR {LAST_PLAN} < DATE '2025-05-12')")
    assert_refused(state, "create_payment_plan", "2 to 6 months", account_id=ok["account_id"], months=7)
    recent = account(state, f"{LAST_PLAN} > DATE '2025-05-12' AND {ACTIVE_PLAN} IS NULL AND {OVERDUE} > 0")
    assert_refused(state, "create_payment_plan", "one plan per 12 months", account_id=recent["account_id"], months=3)
    active = account(state, f"{ACTIVE_PLAN} IS NOT NULL")
    assert_refused(state, "create_payment_plan", "already has an active", account_id=active["account_id"], months=3)
    small = account(state, f"a.status = 'active' AND {OVERDUE} BETWEEN 0.01 AND 49.99")
    assert_refused(state, "create_payment_plan", "from 50.00 to 1500.00", account_id=small["account_id"], months=2)
    closed = account(state, "a.status = 'closed'")
    assert_refused(state, "create_payment_plan", "closed accounts", account_id=closed["account_id"], months=2)
    assert_refused(state, "pay_plan_installment", "no payment plan", plan_id="PP-1", method="card")


# -- reconnection -------------------------------------------------------------------------------------------

def test_reconnect_after_paying(state: DuckDBState) -> None:
    a = account(state, f"a.status = 'disconnected' AND {OVERDUE} > 0 AND {ACTIVE_PLAN} IS NULL AND a.service_type = "
                       "'electric'")
    overdue = ENV.module._balances(state.db, a["account_id"])[1]
    assert_refused(state, "reconnect_service", "overdue balance of", account_id=a["account_id"], method="card")
    run(state, "record_bill_payment", account_id=a["account_id"], amount=overdue, method="card")
    out = run(state, "reconnect_service", account_id=a["account_id"], method="card")
    assert out["status"] == "active" and out["reconnection_fee"] == 65.0
    assert one(state, "SELECT * FROM payments WHERE payment_id = ?", [out["payment_id"]])["purpose"] == \
        "reconnection_fee"
    assert one(state, "SELECT * FROM service_orders WHERE order_id = ?", [out["order_id"]])["status"] == "completed"
    assert_refused(state, "reconnect_service", "only disconnected", account_id=a["account_id"], method="card")


def test_reconnect_with_a_plan(state: DuckDBState) -> None:
    a = account(state, "a.status = 'disconnected' AND (SELECT installments_paid FROM payment_plans p WHERE "
                       "p.account_id = a.account_id AND p.status = 'active') = 0")
    plan = one(state, "SELECT plan_id FROM payment_plans WHERE account_id = ? AND status = 'active'",
               [a["account_id"]])["plan_id"]
    assert_refused(state, "reconnect_service", "first installment", account_id=a["account_id"], method="card")
    run(state, "pay_plan_installment", plan_id=plan, method="bank_account")
    assert run(state, "reconnect_service", account_id=a["account_id"], method="card")["status"] == "active"
    water = account(state, "a.status = 'disconnected' AND a.service_type = 'water'")
    assert run(state, "get_service_account", account_id=water["account_id"])["reconnection_fee"] == 40.0


# -- starting, stopping and moving service ------------------------------------------------------------------

def free_premise(state: DuckDBState, water: bool, zip_code: str | None = None) -> dict[str, Any]:
    cond = "EXISTS" if water else "NOT EXISTS"
    where = f" AND p.zip_code = '{zip_code}'" if zip_code else ""
    return one(state, f"SELECT p.* FROM premises p WHERE p.premise_type = 'residential' AND {cond} (SELECT 1 FROM "
                      "meters m WHERE m.premise_id = p.premise_id AND m.service_type = 'water') AND NOT EXISTS "
                      "(SELECT 1 FROM service_accounts s WHERE s.premise_id = p.premise_id AND s.status <> 'closed')"
                      f"{where} ORDER BY p.premise_id LIMIT 1")


def good_customer(state: DuckDBState) -> dict[str, Any]:
    return account(state, f"a.status = 'active' AND a.end_date IS NULL AND {CUSTOMER_OVERDUE} = 0 AND "
                          "a.service_type = 'electric' AND p.premise_type = 'residential'")


def test_start_service(state: DuckDBState) -> None:
    c, p = good_customer(state), free_premise(state, water=True)
    out = run(state, "start_service", customer_id=c["customer_id"], premise_id=p["premise_id"],
              service_type="water", start_date="2026-05-13")
    assert out["status"] == "pending_start" and out["tariff_id"] == "W-RES"
    row = one(state, "SELECT * FROM service_accounts WHERE account_id = ?", [out["account_id"]])
    assert row["start_date"] == "2026-05-13" and row["cycle_day"] == 13
    order = one(state, "SELECT * FROM service_orders WHERE order_id = ?", [out["order_id"]])
    assert order["order_type"] == "start" and order["scheduled_date"] == "2026-05-13"
    assert_refused(state, "start_service", "already has water service on this customer's",
                   customer_id=c["customer_id"], premise_id=p["premise_id"], service_type="water",
                   start_date="2026-05-20")


def test_start_refusals(state: DuckDBState) -> None:
    c = good_customer(state)
    dry = free_premise(state, water=False)
    assert_refused(state, "start_service", "not offered", customer_id=c["customer_id"], premise_id=dry["premise_id"],
                   service_type="water", start_date="2026-05-20")
    taken = account(state, f"a.status = 'active' AND a.customer_id <> '{c['customer_id']}'")
    assert_refused(state, "start_service", "another customer's", customer_id=c["customer_id"],
                   premise_id=taken["premise_id"], service_type=taken["service_type"], start_date="2026-05-20")
    debtor = account(state, f"{CUSTOMER_OVERDUE} > 0 AND a.status = 'active'")
    assert_refused(state, "start_service", "overdue balances paid first", customer_id=debtor["customer_id"],
                   premise_id=dry["premise_id"], service_type="electric", start_date="2026-05-20")
    assert_refused(state, "start_service", "no service address", customer_id=c["customer_id"], premise_id="PR-1",
                   service_type="electric", start_date="2026-05-20")


@pytest.mark.parametrize(("when", "match"), [
    ("2026-05-16", "is a Saturday"), ("2026-05-25", "is a holiday"), ("2026-05-12", "too soon"),
    ("2026-07-13", "more than 60 days"), ("next week", "YYYY-MM-DD")])
def test_service_date_rules(state: DuckDBState, when: str, match: str) -> None:
    c, p = good_customer(state), free_premise(state, water=False)
    assert_refused(state, "start_service", match, customer_id=c["customer_id"], premise_id=p["premise_id"],
                   service_type="electric", start_date=when)


def test_stop_service(state: DuckDBState) -> None:
    a = good_customer(state)
    assert_refused(state, "stop_service", "2 business days of notice", account_id=a["account_id"],
                   stop_date="2026-05-13")
    out = run(state, "stop_service", account_id=a["account_id"], stop_date="2026-05-14")
    assert out["stop_date"] == "2026-05-14"
    assert state.db.scalar("SELECT end_date FROM service_accounts WHERE account_id = ?", [a["account_id"]]) == \
        "2026-05-14"
    assert_refused(state, "stop_service", "already has a stop scheduled", account_id=a["account_id"],
                   stop_date="2026-05-20")
    pending = account(state, "a.status = 'pending_start'")
    assert_refused(state, "stop_service", "cancel its start order", account_id=pending["account_id"],
                   stop_date="2026-05-20")


def test_transfer_service(state: DuckDBState) -> None:
    a = good_customer(state)
    dest = free_premise(state, water=False)
    out = run(state, "transfer_service", account_id=a["account_id"], new_premise_id=dest["premise_id"],
              move_date="2026-05-27")
    stop = one(state, "SELECT * FROM service_orders WHERE order_id = ?", [out["stop_order_id"]])
    start = one(state, "SELECT * FROM service_orders WHERE order_id = ?", [out["start_order_id"]])
    assert stop["linked_order_id"] == start["order_id"] and start["linked_order_id"] == stop["order_id"]
    new = one(state, "SELECT * FROM service_accounts WHERE account_id = ?", [out["new_account_id"]])
    assert new["status"] == "pending_start" and new["tariff_id"] == a["tariff_id"]
    assert_refused(state, "transfer_service", "already has a stop scheduled", account_id=a["account_id"],
                   new_premise_id=free_premise(state, water=True)["premise_id"], move_date="2026-05-27")
    cancelled = run(state, "cancel_service_order", service_order_id=out["start_order_id"])["cancelled"]
    assert {x["order_id"] for x in cancelled} == {out["stop_order_id"], out["start_order_id"]}
    assert state.db.scalar("SELECT status FROM service_accounts WHERE account_id = ?", [new["account_id"]]) == "closed"
    assert state.db.scalar("SELECT end_date FROM service_accounts WHERE account_id = ?", [a["account_id"]]) is None


def test_transfer_refusals(state: DuckDBState) -> None:
    a = good_customer(state)
    assert_refused(state, "transfer_service", "already serves", account_id=a["account_id"],
                   new_premise_id=a["premise_id"], move_date="2026-05-27")
    assert_refused(state, "transfer_service", "too soon", account_id=a["account_id"],
                   new_premise_id=free_premise(state, water=False)["premise_id"], move_date="2026-05-13")
    shop = one(state, "SELECT p.* FROM premises p WHERE p.premise_type = 'commercial' AND NOT EXISTS (SELECT 1 FROM "
                      "service_accounts s WHERE s.premise_id = p.premise_id AND s.status <> 'closed') LIMIT 1")
    moved = run(state, "transfer_service", account_id=a["account_id"], new_premise_id=shop["premise_id"],
                move_date="2026-06-01")
    assert moved["tariff_id"] == "E-SBG"
    closed = account(state, "a.status = 'closed'")
    assert_refused(state, "transfer_service", "only active accounts", account_id=closed["account_id"],
                   new_premise_id=shop["premise_id"], move_date="2026-06-01")
    debtor = account(state, f"a.status = 'active' AND {OVERDUE} > 0 AND a.end_date IS NULL")
    assert_refused(state, "transfer_service", "overdue balances paid first", account_id=debtor["account_id"],
                   new_premise_id=free_premise(state, water=True)["premise_id"], move_date="2026-06-01")


def test_cancel_service_order(state: DuckDBState) -> None:
    stop = one(state, "SELECT o.* FROM service_orders o WHERE o.order_type = 'stop' AND o.status = 'scheduled' AND "
                      "o.linked_order_id IS NULL AND o.scheduled_date > DATE '2026-05-12' ORDER BY o.order_id LIMIT 1")
    out = run(state, "cancel_service_order", service_order_id=stop["order_id"])
    assert out["cancelled"][0]["account"] == "stays active"
    assert state.db.scalar("SELECT end_date FROM service_accounts WHERE account_id = ?", [stop["account_id"]]) is None
    assert_refused(state, "cancel_service_order", "only scheduled orders", service_order_id=stop["order_id"])
    today = one(state, "SELECT order_id FROM service_orders WHERE status = 'scheduled' AND scheduled_date = DATE "
                       "'2026-05-12' LIMIT 1")
    assert_refused(state, "cancel_service_order", "already dispatched", service_order_id=today["order_id"])
    assert_refused(state, "cancel_service_order", "no service order", service_order_id="SO-1")


# -- disputes of estimated readings -------------------------------------------------------------------------

def test_dispute_with_a_reading_on_file(state: DuckDBState) -> None:
    a = account(state, f"{LATEST_READ} = 'estimated' AND {PHOTO} AND a.account_id NOT IN (SELECT account_id FROM "
                       "disputes)")
    est = one(state, "SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1",
              [a["account_id"]])
    prev = one(state, "SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1 OFFSET 1",
               [a["account_id"]])
    photo = one(state, "SELECT * FROM customer_reads WHERE meter_id = ? ORDER BY read_date DESC LIMIT 1",
                [est["meter_id"]])
    old = one(state, "SELECT * FROM bills WHERE reading_id = ?", [est["reading_id"]])
    out = run(state, "dispute_estimated_reading", reading_id=est["reading_id"])
    days = (date.fromisoformat(est["read_date"]) - date.fromisoformat(prev["read_date"])).days
    span = (date.fromisoformat(photo["read_date"]) - date.fromisoformat(prev["read_date"])).days
    expected = prev["reading_value"] + round((photo["reading_value"] - prev["reading_value"]) * days / span)
    assert out["corrected_value"] == expected and out["corrected_usage"] == expected - prev["reading_value"]
    new = one(state, "SELECT * FROM bills WHERE bill_id = ?", [out["new_bill_id"]])
    assert new["replaces_bill_id"] == old["bill_id"] and new["due_date"] == "2026-06-02" and new["late_fee"] == 0
    assert new["usage_charge"] == ENV.module._charge(state.db, old["tariff_id"], out["corrected_usage"])[0]
    assert out["adjustment"] == ENV.module._money(new["total"] - old["total"])
    assert state.db.scalar("SELECT status FROM bills WHERE bill_id = ?", [old["bill_id"]]) == "rebilled"
    assert_refused(state, "dispute_estimated_reading", "corrected reading", reading_id=est["reading_id"])


def test_dispute_with_the_customers_reading(state: DuckDBState) -> None:
    a = account(state, f"{LATEST_READ} = 'estimated' AND NOT {PHOTO} AND a.account_id NOT IN (SELECT account_id FROM "
                       "disputes)")
    est = one(state, "SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1",
              [a["account_id"]])
    prev = one(state, "SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1 OFFSET 1",
               [a["account_id"]])
    assert_refused(state, "dispute_estimated_reading", "no customer reading", reading_id=est["reading_id"])
    assert_refused(state, "dispute_estimated_reading", "below the previous reading", reading_id=est["reading_id"],
                   customer_reading=prev["reading_value"] - 1)
    out = run(state, "dispute_estimated_reading", reading_id=est["reading_id"],
              customer_reading=prev["reading_value"] + 500)
    assert out["customer_read_date"] == "2026-05-12" and out["corrected_value"] < prev["reading_value"] + 500
    assert state.db.scalar("SELECT count(*) FROM customer_reads WHERE meter_id = ? AND read_date = DATE "
                           "'2026-05-12'", [est["meter_id"]]) == 1


def test_dispute_of_a_paid_bill_leaves_credit(state: DuckDBState) -> None:
    a = account(state, f"{LATEST_READ} = 'estimated' AND a.account_id NOT IN (SELECT account_id FROM disputes) AND "
                       f"{BALANCE} > 0")
    est = one(state, "SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1",
              [a["account_id"]])
    prev = one(state, "SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1 OFFSET 1",
               [a["account_id"]])
    run(state, "record_bill_payment", account_id=a["account_id"], method="card",
        amount=ENV.module._balances(state.db, a["account_id"])[0])
    out = run(state, "dispute_estimated_reading", reading_id=est["reading_id"], customer_reading=prev["reading_value"])
    assert out["corrected_usage"] == 0 and out["amount_due"] == 0
    assert out["credit_added"] == ENV.module._money(out["old_total"] - out["new_total"]) > 0
    assert state.db.scalar("SELECT credit_balance FROM service_accounts WHERE account_id = ?",
                           [a["account_id"]]) == out["credit_added"]
    assert state.db.scalar("SELECT status FROM bills WHERE bill_id = ?", [out["new_bill_id"]]) == "paid"


def test_dispute_refusals(state: DuckDBState) -> None:
    actual = one(state, "SELECT reading_id FROM meter_readings WHERE read_type = 'actual' ORDER BY reading_id LIMIT 1")
    assert_refused(state, "dispute_estimated_reading", "only estimated readings", reading_id=actual["reading_id"])
    rejected = one(state, "SELECT reading_id FROM disputes WHERE status = 'rejected' LIMIT 1")
    assert_refused(state, "dispute_estimated_reading", "already disputed", reading_id=rejected["reading_id"],
                   customer_reading=10**7)
    old = one(state, "SELECT reading_id FROM meter_readings WHERE read_type = 'estimated' AND read_date < DATE "
                     "'2026-04-12' ORDER BY read_date DESC LIMIT 1")
    assert_refused(state, "dispute_estimated_reading", "within 30 days", reading_id=old["reading_id"],
                   customer_reading=10**7)
    assert_refused(state, "dispute_estimated_reading", "no meter reading", reading_id="RD-1")


def test_only_the_latest_reading_can_be_disputed() -> None:
    state = ENV.new_state("2026-04-20T10:00:00")
    try:
        est = one(state, "SELECT r.reading_id FROM meter_readings r WHERE r.read_type = 'estimated' AND r.read_date "
                         "BETWEEN DATE '2026-03-25' AND DATE '2026-04-19' AND EXISTS (SELECT 1 FROM meter_readings x "
                         "WHERE x.meter_id = r.meter_id AND x.read_date > r.read_date) ORDER BY 1 LIMIT 1")
        assert_refused(state, "dispute_estimated_reading", "not the meter's latest", reading_id=est["reading_id"],
                       customer_reading=10**7)
    finally:
        state.close()


# -- tariffs ------------------------------------------------------------------------------------------------

def test_change_tariff(state: DuckDBState) -> None:
    a = account(state, "a.status = 'active' AND a.tariff_id = 'E-RES' AND a.tariff_changed_on IS NULL")
    out = run(state, "change_tariff", account_id=a["account_id"], new_tariff_id="e-grn")
    assert out["tariff_id"] == "E-GRN" and out["changed_on"] == "2026-05-12"
    assert_refused(state, "change_tariff", "one change per 12 months", account_id=a["account_id"],
                   new_tariff_id="E-FLT")


def test_tariff_refusals(state: DuckDBState) -> None:
    a = account(state, "a.status = 'active' AND a.tariff_id = 'E-RES' AND a.tariff_changed_on IS NULL AND "
                       "a.customer_id IN (SELECT customer_id FROM customers WHERE NOT assistance_enrolled)")
    assert_refused(state, "change_tariff", "already on", account_id=a["account_id"], new_tariff_id="E-RES")
    assert_refused(state, "change_tariff", "is a water tariff", account_id=a["account_id"], new_tariff_id="W-RES")
    assert_refused(state, "change_tariff", "for commercial customers", account_id=a["account_id"],
                   new_tariff_id="E-SBF")
    assert_refused(state, "change_tariff", "assistance program", account_id=a["account_id"], new_tariff_id="E-AST")
    closed = account(state, "a.status = 'closed'")
    assert_refused(state, "change_tariff", "only active or pending", account_id=closed["account_id"],
                   new_tariff_id="E-GRN")
    enrolled = account(state, "a.status = 'active' AND a.service_type = 'water' AND a.tariff_id = 'W-RES' AND "
                              "a.customer_id IN (SELECT customer_id FROM customers WHERE assistance_enrolled)")
    assert run(state, "change_tariff", account_id=enrolled["account_id"], new_tariff_id="W-AST")["tariff_id"] == \
        "W-AST"


def test_helpers() -> None:
    assert ENV.module._after_business_days(date(2026, 5, 22), 1) == date(2026, 5, 26)  # weekend and Memorial Day
    assert ENV.module._add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert ENV.module._plan_terms(100.0, 3) == (33.33, 33.34)
    assert TODAY + timedelta(days=ENV.module.MAX_AHEAD_DAYS) == date(2026, 7, 11)
