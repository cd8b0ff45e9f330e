"""The subscriptions environment's own checks: structure, seed consistency, reads, and every business rule's refusal."""

from __future__ import annotations

import json
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
test_blind_play = blind_play_test(ENV.root)

TestStructure = ENV.standard_tests(min_tools=14, min_writes=8, min_reads=6, min_tasks=70, min_tables=8,
                                   min_rows=2000, every_table_filled=True, min_rules=8, min_refusal_tasks=6,
                                   min_user_fact_tasks=20, min_forbidden_tasks=6, min_multi_write_tasks=10,
                                   min_read_tasks=10, min_single_write_tasks=10, compact_share=0.4)

ACTIVE_MONTHLY = ("SELECT s.subscription_id, s.* FROM subscriptions s WHERE s.status = 'active' AND "
                  "s.billing_interval = 'month' AND NOT s.cancel_at_period_end AND s.pause_starts_on IS NULL")


def sub(state: DuckDBState, subscription_id: str) -> dict[str, Any]:
    return one(state, "SELECT * FROM subscriptions WHERE subscription_id = ?", [subscription_id])


def first(state: DuckDBState, sql: str, params: list[Any] | None = None) -> dict[str, Any]:
    # All rows, then the first: DuckDB 2.0.1 can answer a one-column "ORDER BY 1 LIMIT 1" with no row once rows of
    # the table were inserted and deleted again by a state reset (seen after the gold replays).
    rows = state.db.query(sql + " ORDER BY 1", params or [])
    assert rows, sql
    return rows[0]


# -- seed ---------------------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("2026-09-15 10:00", "14 days", "30 days", "180 days", "5%", "$10.00", "1 to 3 months",
                 "one free trial", "Starter 1-5"):
        assert fact.lower() in policy.lower(), fact


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    db = state.db
    statuses = {r["status"] for r in db.query("SELECT DISTINCT status FROM subscriptions")}
    assert statuses == {"trialing", "active", "past_due", "unpaid", "paused", "cancelled"}
    assert db.query("SELECT s.subscription_id FROM subscriptions s JOIN plans p USING (plan_code) "
                    "WHERE s.seats NOT BETWEEN p.min_seats AND p.max_seats") == []
    assert db.query("SELECT x.subscription_id FROM subscription_addons x JOIN subscriptions s USING "
                    "(subscription_id) JOIN plans p ON p.plan_code = s.plan_code JOIN addons a USING (addon_code) "
                    "WHERE a.min_tier_rank > p.tier_rank") == []
    # one trial per account; trials only on monthly plans that have one
    assert db.query("SELECT account_id FROM subscriptions WHERE status = 'trialing' GROUP BY 1 "
                    "HAVING count(*) > 1") == []
    assert db.query("SELECT s.subscription_id FROM subscriptions s JOIN accounts a USING (account_id) "
                    "WHERE s.status = 'trialing' AND NOT a.trial_used") == []
    # invoice totals add up; lines add up to the subtotal
    bad = db.query("SELECT i.invoice_id FROM invoices i WHERE round(i.subtotal - i.discount + i.tax, 2) <> i.total "
                   "OR i.subtotal <> (SELECT round(sum(amount), 2) FROM invoice_lines l WHERE l.invoice_id = "
                   "i.invoice_id)")
    assert bad == []
    # past-due invoices are inside the grace period, unpaid ones past it
    late = db.query("SELECT s.status, (DATE '2026-09-15' - i.due_on) AS days FROM invoices i JOIN subscriptions s "
                    "USING (subscription_id) WHERE i.status = 'open'")
    assert late and all((r["days"] <= 14) == (r["status"] == "past_due") for r in late)
    assert db.query("SELECT subscription_id FROM subscriptions WHERE status = 'paused' AND billing_interval <> "
                    "'month'") == []
    # every paid invoice has a succeeded payment of its total
    assert db.query("SELECT i.invoice_id FROM invoices i WHERE i.status IN ('paid', 'refunded') AND NOT EXISTS "
                    "(SELECT 1 FROM payments p WHERE p.invoice_id = i.invoice_id AND p.outcome = 'succeeded' AND "
                    "p.amount = i.total)") == []


# -- reads --------------------------------------------------------------------------------------------------

def test_find_account_and_get_account(state: DuckDBState) -> None:
    acc = first(state, "SELECT account_id, billing_email FROM accounts")
    found = run(state, "find_account_by_email", email=f"  {acc['billing_email'].upper()} ")
    assert found["account_id"] == acc["account_id"]
    assert_refused(state, "find_account_by_email", "no account with billing email", email="nobody@example.com")
    full = run(state, "get_account", account_id=acc["account_id"].lower())
    assert sum(m["is_default"] for m in full["payment_methods"]) == 1 and full["subscriptions"]
    assert_refused(state, "get_account", "no account with id", account_id="ACC-1")
    expired = first(state, "SELECT account_id FROM payment_methods WHERE exp_year < 2026")
    methods = run(state, "get_account", account_id=expired["account_id"])["payment_methods"]
    assert any(m["expired"] for m in methods)


def test_price_book(state: DuckDBState) -> None:
    book = run(state, "get_price_book")
    assert [p["plan_code"] for p in book["plans"]] == ["STARTER", "TEAM", "BUSINESS", "ENTERPRISE"]
    assert {a["addon_code"]: a["min_plan"] for a in book["addons"]}["AUDIT_LOG"] == "BUSINESS"
    assert len(json.dumps(book)) < 4000


def test_get_subscription(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY)
    out = run(state, "get_subscription", subscription_id=s["subscription_id"])
    assert out["next_renewal"]["on"] == s["current_period_end"] and out["days_in_period"] >= 28
    coupon = first(state, "SELECT subscription_id FROM coupon_redemptions WHERE months_left > 0")
    assert run(state, "get_subscription", subscription_id=coupon["subscription_id"])["coupon"]["months_left"] > 0
    assert_refused(state, "get_subscription", "no subscription with id", subscription_id="SUB-1")


def test_list_invoices_pages(state: DuckDBState) -> None:
    acc = first(state, "SELECT account_id FROM invoices GROUP BY account_id HAVING count(*) > 25")
    page = run(state, "list_invoices", account_id=acc["account_id"])
    assert len(page["invoices"]) == 10 and page["next_offset"] == 10 and len(json.dumps(page)) < 4000
    dates = [i["issued_on"] for i in page["invoices"]]
    assert dates == sorted(dates, reverse=True)
    rest = run(state, "list_invoices", account_id=acc["account_id"], offset=page["total_matching"] - 2)
    assert len(rest["invoices"]) == 2 and "next_offset" not in rest
    paid = run(state, "list_invoices", account_id=acc["account_id"], status="paid")
    assert {i["status"] for i in paid["invoices"]} == {"paid"}
    sid = page["invoices"][0]["subscription_id"]
    only = run(state, "list_invoices", account_id=acc["account_id"], subscription_id=sid)
    assert {i["subscription_id"] for i in only["invoices"]} == {sid}
    assert_refused(state, "list_invoices", "offset must be 0 or more", account_id=acc["account_id"], offset=-1)


def test_get_invoice(state: DuckDBState) -> None:
    inv = first(state, "SELECT invoice_id FROM invoices WHERE status = 'open'")
    out = run(state, "get_invoice", invoice_id=inv["invoice_id"])
    assert out["lines"] and any(p["outcome"] == "failed" for p in out["payments"]) and "late_fee_if_paid_now" in out
    paid = first(state, "SELECT invoice_id FROM invoices WHERE status = 'paid' AND paid_on >= '2026-09-10'")
    detail = run(state, "get_invoice", invoice_id=paid["invoice_id"])
    assert detail["refundable_until"] >= "2026-09-15"
    refunded = first(state, "SELECT invoice_id FROM refunds")
    assert run(state, "get_invoice", invoice_id=refunded["invoice_id"])["refunds"]
    assert_refused(state, "get_invoice", "no invoice with id", invoice_id="INV-1")


def test_check_coupon_reasons(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'STARTER' AND NOT EXISTS (SELECT 1 FROM "
                                      "coupon_redemptions r WHERE r.subscription_id = s.subscription_id)")
    sid = s["subscription_id"]
    ok = run(state, "check_coupon", coupon_code="friends5", subscription_id=sid)
    assert ok["eligible"] is True and ok["reason"] is None
    cases = {"SUMMER30": "expired on 2026-08-31", "PARTNER12": "limit of 120", "WELCOME20": "new customers only",
             "TEAMUP10": "needs the Team plan", "ANNUAL15": "needs the Team plan"}
    for code, why in cases.items():
        out = run(state, "check_coupon", coupon_code=code, subscription_id=sid)
        assert out["eligible"] is False and why in out["reason"], (code, out["reason"])
    team = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND NOT EXISTS (SELECT 1 FROM "
                                         "coupon_redemptions r WHERE r.subscription_id = s.subscription_id)")
    assert "only for annual billing" in run(state, "check_coupon", coupon_code="ANNUAL15",
                                            subscription_id=team["subscription_id"])["reason"]
    assert_refused(state, "check_coupon", "no coupon with code", coupon_code="FREE100", subscription_id=sid)


def test_preview_change(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND s.seats >= 5 AND s.seats <= 48")
    up = run(state, "preview_change", subscription_id=s["subscription_id"], new_plan_code="BUSINESS")
    assert up["change"] == "upgrade" and up["prorated_charge"] == round(
        (32 - 18) * s["seats"] * up["days_left_in_period"] / up["days_in_period"] + 1e-9, 2)
    more = run(state, "preview_change", subscription_id=s["subscription_id"], seats=s["seats"] + 2)
    assert more["change"] == "increase" and more["total_due_now"] > 0
    assert_refused(state, "preview_change", "give either new_plan_code or seats", subscription_id=s["subscription_id"])
    assert_refused(state, "preview_change", "give either", subscription_id=s["subscription_id"],
                   new_plan_code="BUSINESS", seats=8)


# -- plan and seat changes ----------------------------------------------------------------------------------

def test_upgrade_is_prorated_and_charged(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND s.seats >= 5")
    quote = run(state, "preview_change", subscription_id=s["subscription_id"], new_plan_code="BUSINESS")
    out = run(state, "change_plan", subscription_id=s["subscription_id"], new_plan_code="BUSINESS")
    assert out["invoice"]["total"] == quote["total_due_now"]
    assert sub(state, s["subscription_id"])["plan_code"] == "BUSINESS"
    inv = one(state, "SELECT * FROM invoices WHERE invoice_id = ?", [out["invoice"]["invoice_id"]])
    assert inv["kind"] == "proration" and inv["status"] == "paid"
    assert one(state, "SELECT outcome FROM payments WHERE invoice_id = ?", [inv["invoice_id"]])["outcome"] == \
        "succeeded"


def test_downgrade_is_scheduled(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND s.seats <= 5 AND NOT EXISTS (SELECT 1 FROM "
                                      "subscription_addons x JOIN addons a USING (addon_code) WHERE "
                                      "x.subscription_id = s.subscription_id AND a.min_tier_rank > 1)")
    out = run(state, "change_plan", subscription_id=s["subscription_id"], new_plan_code="STARTER")
    row = sub(state, s["subscription_id"])
    assert out["change"] == "downgrade" and out["effective_on"] == s["current_period_end"]
    assert row["plan_code"] == "TEAM" and row["scheduled_plan_code"] == "STARTER"
    # an upgrade back clears the scheduled downgrade
    run(state, "change_plan", subscription_id=s["subscription_id"], new_plan_code="BUSINESS") if s["seats"] >= 5 \
        else None


def test_plan_change_refusals(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND s.seats > 5")
    assert_refused(state, "change_plan", "takes 1 to 5 seats", subscription_id=s["subscription_id"],
                   new_plan_code="STARTER")
    assert_refused(state, "change_plan", "already is on the Team plan", subscription_id=s["subscription_id"],
                   new_plan_code="TEAM")
    blocked = first(state, "SELECT s.subscription_id FROM subscriptions s JOIN subscription_addons x USING "
                           "(subscription_id) WHERE s.status = 'active' AND s.plan_code = 'BUSINESS' AND "
                           "x.addon_code = 'AUDIT_LOG' AND s.seats <= 50")
    assert_refused(state, "change_plan", "cannot take Audit log export; remove it first",
                   subscription_id=blocked["subscription_id"], new_plan_code="TEAM")
    past_due = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'past_due'")
    assert_refused(state, "change_plan", "past_due with an overdue invoice; it must be paid",
                   subscription_id=past_due["subscription_id"], new_plan_code="ENTERPRISE")
    cancelled = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'cancelled'")
    assert_refused(state, "change_plan", "only trialing or active", subscription_id=cancelled["subscription_id"],
                   new_plan_code="ENTERPRISE")
    assert_refused(state, "change_plan", "no subscription", subscription_id="SUB-9", new_plan_code="TEAM")


def test_trial_changes_are_free(state: DuckDBState) -> None:
    t = first(state, "SELECT subscription_id, seats FROM subscriptions WHERE status = 'trialing' AND plan_code = "
                     "'TEAM'")
    before = state.db.scalar("SELECT count(*) FROM invoices")
    assert run(state, "change_plan", subscription_id=t["subscription_id"], new_plan_code="BUSINESS" if t["seats"] >= 5
               else "STARTER")["total_due_now"] == 0.0
    seats = run(state, "change_seat_count", subscription_id=t["subscription_id"], seats=5)
    assert seats["change"] == "trial"
    add = run(state, "add_addon", subscription_id=t["subscription_id"], addon_code="EXTRA_STORAGE")
    assert "invoice" not in add and state.db.scalar("SELECT count(*) FROM invoices") == before


def test_seat_changes(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'BUSINESS' AND s.seats BETWEEN 10 AND 200 AND EXISTS "
                                      "(SELECT 1 FROM subscription_addons x JOIN addons a USING (addon_code) WHERE "
                                      "x.subscription_id = s.subscription_id AND a.per_seat)")
    sid, n = s["subscription_id"], s["seats"]
    up = run(state, "change_seat_count", subscription_id=sid, seats=n + 3)
    assert up["change"] == "increase" and up["invoice"]["total"] == up["total_due_now"]
    assert state.db.scalar("SELECT min(x.quantity) FROM subscription_addons x JOIN addons a USING (addon_code) "
                           "WHERE x.subscription_id = ? AND a.per_seat", [sid]) == n + 3
    down = run(state, "change_seat_count", subscription_id=sid, seats=n)
    assert down["change"] == "decrease" and sub(state, sid)["seats"] == n + 3 and sub(state, sid)["scheduled_seats"] == n
    back = run(state, "change_seat_count", subscription_id=sid, seats=n + 3)  # calls the reduction off
    assert back["change"] == "decrease" and sub(state, sid)["scheduled_seats"] is None
    assert_refused(state, "change_seat_count", "already has", subscription_id=sid, seats=n + 3)
    assert_refused(state, "change_seat_count", "takes 5 to 250 seats", subscription_id=sid, seats=4)
    unpaid = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'unpaid'")
    assert_refused(state, "change_seat_count", "unpaid with an overdue invoice", subscription_id=unpaid[
        "subscription_id"], seats=6)


def test_seats_must_fit_a_scheduled_downgrade(state: DuckDBState) -> None:
    s = first(state, "SELECT subscription_id, seats FROM subscriptions WHERE status = 'active' AND "
                     "scheduled_plan_code = 'TEAM'")
    assert_refused(state, "change_seat_count", "Team plan takes 2 to 50 seats", subscription_id=s["subscription_id"],
                   seats=60)


# -- add-ons ------------------------------------------------------------------------------------------------

def test_addons(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND NOT EXISTS (SELECT 1 FROM "
                                      "subscription_addons x WHERE x.subscription_id = s.subscription_id)")
    sid = s["subscription_id"]
    out = run(state, "add_addon", subscription_id=sid, addon_code="AI_ASSIST")
    assert out["quantity"] == s["seats"] and out["invoice"]["kind"] == "proration"
    assert_refused(state, "add_addon", "already has AI writing assistant", subscription_id=sid, addon_code="AI_ASSIST")
    assert_refused(state, "add_addon", "needs the Business plan or higher", subscription_id=sid,
                   addon_code="AUDIT_LOG")
    removed = run(state, "remove_addon", subscription_id=sid, addon_code="AI_ASSIST")
    assert removed["removed"] == "AI_ASSIST"
    assert_refused(state, "remove_addon", "has no AI_ASSIST add-on", subscription_id=sid, addon_code="AI_ASSIST")
    paused = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'paused'")
    assert_refused(state, "remove_addon", "only trialing or active", subscription_id=paused["subscription_id"],
                   addon_code="SSO")
    down = first(state, "SELECT subscription_id FROM subscriptions s WHERE status = 'active' AND scheduled_plan_code "
                        "= 'TEAM' AND NOT EXISTS (SELECT 1 FROM subscription_addons x WHERE x.subscription_id = "
                        "s.subscription_id AND x.addon_code = 'ADV_SECURITY')")
    assert_refused(state, "add_addon", "scheduled downgrade to TEAM", subscription_id=down["subscription_id"],
                   addon_code="ADV_SECURITY")


# -- coupons ------------------------------------------------------------------------------------------------

def test_apply_coupon(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'BUSINESS' AND NOT EXISTS (SELECT 1 FROM "
                                      "coupon_redemptions r WHERE r.subscription_id = s.subscription_id AND "
                                      "r.months_left > 0)")
    before = one(state, "SELECT times_redeemed FROM coupons WHERE coupon_code = 'SCALE25'")["times_redeemed"]
    out = run(state, "apply_coupon", subscription_id=s["subscription_id"], coupon_code="scale25")
    assert out["percent_off"] == 25 and out["months"] == 6 and out["next_renewal_discount"] > 0
    assert one(state, "SELECT times_redeemed FROM coupons WHERE coupon_code = 'SCALE25'")["times_redeemed"] == before + 1
    assert_refused(state, "apply_coupon", "already has coupon SCALE25", subscription_id=s["subscription_id"],
                   coupon_code="TEAMUP10")


def test_coupon_refusals(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'STARTER' AND NOT EXISTS (SELECT 1 FROM "
                                      "coupon_redemptions r WHERE r.subscription_id = s.subscription_id)")
    sid = s["subscription_id"]
    assert_refused(state, "apply_coupon", "expired on 2026-08-31", subscription_id=sid, coupon_code="SUMMER30")
    assert_refused(state, "apply_coupon", "reached its limit", subscription_id=sid, coupon_code="PARTNER12")
    assert_refused(state, "apply_coupon", "new customers only", subscription_id=sid, coupon_code="WELCOME20")
    assert_refused(state, "apply_coupon", "needs the Team plan or higher", subscription_id=sid, coupon_code="TEAMUP10")
    assert_refused(state, "apply_coupon", "no coupon with code", subscription_id=sid, coupon_code="BOGUS")
    cancelled = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'cancelled'")
    assert_refused(state, "apply_coupon", "coupons apply only to trialing or active",
                   subscription_id=cancelled["subscription_id"], coupon_code="FRIENDS5")


# -- invoices, dunning, refunds -----------------------------------------------------------------------------

def test_pay_past_due_in_grace(state: DuckDBState) -> None:
    s = first(state, "SELECT s.subscription_id, i.invoice_id, i.total FROM subscriptions s JOIN invoices i USING "
                     "(subscription_id) WHERE s.status = 'past_due' AND i.status = 'open'")
    out = run(state, "pay_invoice", invoice_id=s["invoice_id"])
    assert out["late_fee"] == 0.0 and out["total_charged"] == s["total"] and out["subscription_status"] == "active"
    assert sub(state, s["subscription_id"])["status"] == "active"
    assert_refused(state, "pay_invoice", "is paid; only open invoices", invoice_id=s["invoice_id"])


def test_late_fee_needs_agreement(state: DuckDBState) -> None:
    s = first(state, "SELECT s.subscription_id, i.invoice_id, i.total FROM subscriptions s JOIN invoices i USING "
                     "(subscription_id) WHERE s.status = 'unpaid' AND i.status = 'open'")
    fee = max(10.0, round(s["total"] * 0.05 + 1e-9, 2))
    assert_refused(state, "pay_invoice", f"late fee of \\${fee:.2f}", invoice_id=s["invoice_id"])
    out = run(state, "pay_invoice", invoice_id=s["invoice_id"], accept_late_fee=True)
    assert out["late_fee"] == fee and out["total_charged"] == round(s["total"] + fee, 2)
    fee_inv = one(state, "SELECT * FROM invoices WHERE invoice_id = ?", [out["late_fee_invoice"]])
    assert fee_inv["kind"] == "late_fee" and fee_inv["total"] == fee and fee_inv["tax"] == 0.0
    assert sub(state, s["subscription_id"])["status"] == "active"


def test_payment_method_refusals(state: DuckDBState) -> None:
    inv = first(state, "SELECT i.invoice_id, i.account_id FROM invoices i JOIN subscriptions s USING "
                       "(subscription_id) WHERE i.status = 'open' AND s.status = 'past_due'")
    other = first(state, "SELECT payment_method_id FROM payment_methods WHERE account_id <> ?", [inv["account_id"]])
    assert_refused(state, "pay_invoice", "is not on file", invoice_id=inv["invoice_id"],
                   payment_method_id=other["payment_method_id"])
    expired = first(state, "SELECT payment_method_id, account_id FROM payment_methods WHERE exp_year < 2026")
    assert_refused(state, "set_default_payment_method", "expired", account_id=expired["account_id"],
                   payment_method_id=expired["payment_method_id"])
    acc = first(state, "SELECT account_id, default_payment_method_id FROM accounts")
    assert_refused(state, "set_default_payment_method", "already is the default", account_id=acc["account_id"],
                   payment_method_id=acc["default_payment_method_id"])
    two = first(state, "SELECT a.account_id, m.payment_method_id FROM accounts a JOIN payment_methods m USING "
                       "(account_id) WHERE m.payment_method_id <> a.default_payment_method_id AND (m.exp_year IS NULL "
                       "OR m.exp_year >= 2027)")
    out = run(state, "set_default_payment_method", account_id=two["account_id"],
              payment_method_id=two["payment_method_id"])
    assert one(state, "SELECT default_payment_method_id FROM accounts WHERE account_id = ?",
               [two["account_id"]])["default_payment_method_id"] == out["default_payment_method_id"]


def test_refund_current_period_cancels(state: DuckDBState) -> None:
    inv = first(state, "SELECT i.invoice_id, i.subscription_id, i.total FROM invoices i JOIN subscriptions s USING "
                       "(subscription_id) WHERE i.status = 'paid' AND i.kind = 'renewal' AND s.status = 'active' AND "
                       "s.billing_interval = 'month' AND i.paid_on >= '2026-09-05' AND i.period_start = "
                       "s.current_period_start AND NOT EXISTS (SELECT 1 FROM refunds f JOIN invoices j USING "
                       "(invoice_id) WHERE j.account_id = i.account_id)")
    out = run(state, "refund_invoice", invoice_id=inv["invoice_id"], reason="not_using")
    assert out["amount"] == inv["total"] and out["subscription_cancelled"] is True
    row = sub(state, inv["subscription_id"])
    assert row["status"] == "cancelled" and row["cancel_reason"] == "refunded"
    assert_refused(state, "refund_invoice", "is refunded; only paid invoices", invoice_id=inv["invoice_id"],
                   reason="not_using")


def test_refund_of_a_cancelled_subscription_keeps_it_cancelled(state: DuckDBState) -> None:
    inv = first(state, "SELECT i.invoice_id, i.subscription_id FROM invoices i JOIN subscriptions s USING "
                       "(subscription_id) WHERE i.status = 'paid' AND i.kind = 'renewal' AND s.status = 'cancelled' "
                       "AND i.paid_on >= '2026-09-05' AND NOT EXISTS (SELECT 1 FROM refunds f JOIN invoices j USING "
                       "(invoice_id) WHERE j.account_id = i.account_id)")
    assert run(state, "refund_invoice", invoice_id=inv["invoice_id"], reason="dissatisfied")[
        "subscription_cancelled"] is False


def test_refund_refusals(state: DuckDBState) -> None:
    old = first(state, "SELECT i.invoice_id FROM invoices i JOIN subscriptions s USING (subscription_id) WHERE "
                       "i.status = 'paid' AND s.billing_interval = 'month' AND i.paid_on < '2026-08-31'")
    assert_refused(state, "refund_invoice", "only within 14 days of payment", invoice_id=old["invoice_id"],
                   reason="not_using")
    cooldown = first(state, "SELECT i.invoice_id FROM invoices i JOIN subscriptions s USING (subscription_id) WHERE "
                            "i.status = 'paid' AND i.paid_on >= '2026-09-02' AND s.billing_interval = 'month' AND "
                            "EXISTS (SELECT 1 FROM refunds f JOIN invoices j USING (invoice_id) WHERE j.account_id = "
                            "i.account_id AND f.refunded_on > '2026-03-19')")
    assert_refused(state, "refund_invoice", "only one refund per 180 days", invoice_id=cooldown["invoice_id"],
                   reason="accidental_renewal")
    open_ = first(state, "SELECT invoice_id FROM invoices WHERE status = 'open'")
    assert_refused(state, "refund_invoice", "is open; only paid", invoice_id=open_["invoice_id"], reason="not_using")
    s = first(state, ACTIVE_MONTHLY + " AND s.plan_code = 'TEAM' AND s.seats < 50")
    up = run(state, "change_seat_count", subscription_id=s["subscription_id"], seats=s["seats"] + 1)
    assert_refused(state, "refund_invoice", "proration invoice; only renewal", invoice_id=up["invoice"]["invoice_id"],
                   reason="duplicate_charge")


# -- pauses, resumes, cancellations -------------------------------------------------------------------------

def test_pause_and_call_off(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.pauses_this_year = 0")
    out = run(state, "pause_subscription", subscription_id=s["subscription_id"], months=3)
    assert out["pause_starts_on"] == s["current_period_end"] and out["pauses_this_year"] == 1
    assert_refused(state, "pause_subscription", "already has a pause scheduled", subscription_id=s["subscription_id"],
                   months=1)
    off = run(state, "resume_subscription", subscription_id=s["subscription_id"])
    assert off["pause_called_off"] is True and sub(state, s["subscription_id"])["pauses_this_year"] == 0


def test_pause_refusals(state: DuckDBState) -> None:
    limit = first(state, ACTIVE_MONTHLY + " AND s.pauses_this_year = 2")
    assert_refused(state, "pause_subscription", "already been paused 2 times", subscription_id=limit[
        "subscription_id"], months=1)
    annual = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'active' AND billing_interval = "
                          "'year'")
    assert_refused(state, "pause_subscription", "billed annually", subscription_id=annual["subscription_id"],
                   months=1)
    s = first(state, ACTIVE_MONTHLY + " AND s.pauses_this_year = 0")
    assert_refused(state, "pause_subscription", "1 to 3 months", subscription_id=s["subscription_id"], months=4)
    leaving = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'active' AND "
                           "cancel_at_period_end AND billing_interval = 'month'")
    assert_refused(state, "pause_subscription", "revoke the cancellation", subscription_id=leaving["subscription_id"],
                   months=1)
    trial = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'trialing'")
    assert_refused(state, "pause_subscription", "only active subscriptions", subscription_id=trial["subscription_id"],
                   months=1)


def test_resume_paused_charges_a_new_month(state: DuckDBState) -> None:
    p = first(state, "SELECT s.subscription_id FROM subscriptions s WHERE status = 'paused' AND EXISTS (SELECT 1 FROM "
                     "coupon_redemptions r WHERE r.subscription_id = s.subscription_id AND r.months_left > 0)")
    out = run(state, "resume_subscription", subscription_id=p["subscription_id"])
    row = sub(state, p["subscription_id"])
    assert row["status"] == "active" and row["current_period_start"] == "2026-09-15"
    assert row["current_period_end"] == "2026-10-15" and out["invoice"]["discount"] > 0
    assert_refused(state, "resume_subscription", "nothing to resume", subscription_id=p["subscription_id"])


def test_cancellations(state: DuckDBState) -> None:
    s = first(state, ACTIVE_MONTHLY + " AND s.pauses_this_year = 0")
    out = run(state, "cancel_subscription", subscription_id=s["subscription_id"], when="at_period_end",
              reason="too_expensive")
    assert out["access_ends_on"] == s["current_period_end"] and sub(state, s["subscription_id"])["status"] == "active"
    assert_refused(state, "cancel_subscription", "already set to cancel", subscription_id=s["subscription_id"],
                   when="at_period_end", reason="too_expensive")
    assert run(state, "revoke_cancellation", subscription_id=s["subscription_id"])["renews_on"] == s[
        "current_period_end"]
    assert_refused(state, "revoke_cancellation", "is not set to cancel", subscription_id=s["subscription_id"])
    now = run(state, "cancel_subscription", subscription_id=s["subscription_id"], when="immediately",
              reason="no_longer_needed")
    assert now["status"] == "cancelled" and now["access_ends_on"] == "2026-09-15"
    assert_refused(state, "cancel_subscription", "already cancelled", subscription_id=s["subscription_id"],
                   when="immediately", reason="no_longer_needed")
    assert_refused(state, "revoke_cancellation", "cannot be revived", subscription_id=s["subscription_id"])
    trial = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'trialing'")
    assert run(state, "cancel_subscription", subscription_id=trial["subscription_id"], when="at_period_end",
               reason="missing_features")["was_trial"] is True
    unpaid = first(state, "SELECT subscription_id FROM subscriptions WHERE status = 'unpaid'")
    assert_refused(state, "cancel_subscription", "only active subscriptions can be cancelled at period end",
                   subscription_id=unpaid["subscription_id"], when="at_period_end", reason="too_expensive")
    assert run(state, "cancel_subscription", subscription_id=unpaid["subscription_id"], when="immediately",
               reason="company_closed")["open_invoices_still_due"] == 1


def test_cancel_at_period_end_drops_a_scheduled_pause(state: DuckDBState) -> None:
    s = first(state, "SELECT subscription_id, pauses_this_year FROM subscriptions WHERE status = 'active' AND "
                     "pause_starts_on IS NOT NULL")
    run(state, "cancel_subscription", subscription_id=s["subscription_id"], when="at_period_end",
        reason="switching_provider")
    row = sub(state, s["subscription_id"])
    assert row["pause_starts_on"] is None and row["pauses_this_year"] == s["pauses_this_year"] - 1


# -- new subscriptions --------------------------------------------------------------------------------------

def test_start_subscription_trial_once(state: DuckDBState) -> None:
    acc = first(state, "SELECT a.account_id FROM accounts a WHERE NOT trial_used AND NOT EXISTS (SELECT 1 FROM "
                       "subscriptions s WHERE s.account_id = a.account_id AND s.status IN ('past_due', 'unpaid'))")
    aid = acc["account_id"]
    t = run(state, "start_subscription", account_id=aid, workspace_name="Analytics", plan_code="TEAM", seats=4,
            billing_interval="year")
    assert t["status"] == "trialing" and t["trial_ends_on"] == "2026-09-29" and t["note"]
    assert one(state, "SELECT trial_used FROM accounts WHERE account_id = ?", [aid])["trial_used"] is True
    assert_refused(state, "start_subscription", "(?i)already has a workspace named 'Analytics'", account_id=aid,
                   workspace_name="analytics", plan_code="TEAM", seats=4, billing_interval="month")
    paid = run(state, "start_subscription", account_id=aid, workspace_name="Events", plan_code="STARTER", seats=2,
               billing_interval="month")
    assert paid["status"] == "active" and paid["invoice"]["subtotal"] == 18.0 and paid["current_period_end"] == \
        "2026-10-15"
    assert_refused(state, "start_subscription", "at least 2 characters", account_id=aid, workspace_name="X",
                   plan_code="TEAM", seats=4, billing_interval="month")
    assert_refused(state, "start_subscription", "takes 25 to 1000 seats", account_id=aid, workspace_name="Big",
                   plan_code="ENTERPRISE", seats=10, billing_interval="year")


def test_start_subscription_blocked_by_overdue(state: DuckDBState) -> None:
    acc = first(state, "SELECT account_id FROM subscriptions WHERE status = 'past_due'")
    assert_refused(state, "start_subscription", "overdue invoices on", account_id=acc["account_id"],
                   workspace_name="Fresh start", plan_code="TEAM", seats=3, billing_interval="month")


def test_new_ids_continue_the_numbering(state: DuckDBState) -> None:
    last = state.db.scalar("SELECT max(subscription_id) FROM subscriptions")
    acc = first(state, "SELECT a.account_id FROM accounts a WHERE trial_used AND NOT EXISTS (SELECT 1 FROM "
                       "subscriptions s WHERE s.account_id = a.account_id AND s.status IN ('past_due', 'unpaid'))")
    out = run(state, "start_subscription", account_id=acc["account_id"], workspace_name="Studio", plan_code="TEAM",
              seats=3, billing_interval="month")
    assert out["subscription_id"] == f"SUB-{int(last[4:]) + 1}"
