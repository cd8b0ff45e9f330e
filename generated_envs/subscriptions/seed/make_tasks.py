"""Build the subscriptions environment's flagship tasks (``subscriptions-001`` ...) in ``tasks.jsonl``.

Each scenario picks the first account (by id) whose records fit its story and that is in no other flagship task,
writes the request as its billing contact would, and plays the gold calls on a fresh state so that ids, amounts
and dates come from the tools themselves. The billing email is held back (given when the agent asks). Sampled
tasks already in the file are kept after the flagship tasks. Run after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent
EMAIL_KEYWORDS = ["email", "e-mail", "billing email", "email address"]
FEE_KEYWORDS = ["fee", "agree", "confirm", "go ahead", "proceed", "accept"]
USED: set[str] = set()


class Session(TaskBuilder):
    def __init__(self) -> None:
        super().__init__(ENV)

    def q(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)


def fresh(rows: list[dict[str, Any]], skip: int = 0) -> dict[str, Any]:
    """The first row (after ``skip`` fitting ones) whose account is in no task yet."""
    return [r for r in rows if r["account_id"] not in USED][skip]


def account(s: Session, account_id: str) -> dict[str, Any]:
    return s.q("SELECT * FROM accounts WHERE account_id = ?", [account_id])[0]


def identify(s: Session, acc: dict[str, Any]) -> str:
    USED.add(acc["account_id"])
    return s.call("find_account_by_email", email=acc["billing_email"])["account_id"]


def hello(acc: dict[str, Any]) -> str:
    who = f"{acc['contact_first_name']} {acc['contact_last_name']}"
    return f"Hi, this is {who}" + (f" from {acc['company_name']}." if acc["company_name"] else ".")


def email_fact(acc: dict[str, Any]) -> dict[str, Any]:
    return {"email": {"value": acc["billing_email"], "keywords": EMAIL_KEYWORDS}}


def day(value: str) -> str:
    d = date.fromisoformat(value[:10])
    return f"{d.strftime('%B')} {d.day}"


def money(x: float) -> str:
    return f"{x:.2f}"


#: Subscriptions whose workspace name is unique among the account's subscriptions.
UNIQUE = ("SELECT s.*, p.tier_rank FROM subscriptions s JOIN plans p ON p.plan_code = s.plan_code WHERE "
          "(SELECT count(*) FROM subscriptions x WHERE x.account_id = s.account_id AND x.workspace_name = "
          "s.workspace_name) = 1")
NO_OPEN_ELSEWHERE = ("NOT EXISTS (SELECT 1 FROM subscriptions y WHERE y.account_id = s.account_id AND y.status IN "
                     "('past_due', 'unpaid'))")


# ---------------------------------------------------------------------------------------------------------
# Write scenarios
# ---------------------------------------------------------------------------------------------------------

def upgrade_prorated(s: Session) -> dict[str, Any]:
    """Upgrade Team -> Business mid-period: a prorated charge now."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.plan_code = 'TEAM' AND s.billing_interval = 'month' "
                    "AND s.seats >= 5 AND s.scheduled_plan_code IS NULL AND s.current_period_end >= '2026-09-25' "
                    "AND " + NO_OPEN_ELSEWHERE + " ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("change_plan", subscription_id=sub["subscription_id"], new_plan_code="BUSINESS")
    return {"instruction": f"{hello(acc)} We've outgrown the Team plan on our {sub['workspace_name']} workspace. "
                           "Please upgrade it to Business today, and tell me how much will be charged right now.",
            "user_facts": email_fact(acc), "outputs": [money(res["total_due_now"])],
            "tags": ["write", "upgrade", "proration"]}


def downgrade_scheduled(s: Session) -> dict[str, Any]:
    """Downgrade Business -> Team: scheduled for the renewal, no refund."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.plan_code = 'BUSINESS' AND s.seats <= 50 AND "
                    "s.scheduled_plan_code IS NULL AND NOT s.cancel_at_period_end AND NOT EXISTS (SELECT 1 FROM "
                    "subscription_addons x JOIN addons a USING (addon_code) WHERE x.subscription_id = "
                    "s.subscription_id AND a.min_tier_rank > 2) ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("change_plan", subscription_id=sub["subscription_id"], new_plan_code="TEAM")
    return {"instruction": f"{hello(acc)} Budgets are tight, so please move our {sub['workspace_name']} workspace "
                           "down from Business to the Team plan. From what date will we be on Team?",
            "user_facts": email_fact(acc), "outputs": [res["effective_on"]],
            "tags": ["write", "downgrade", "scheduled"]}


def late_fee_accepted(s: Session) -> dict[str, Any]:
    """Unpaid past the grace period: the customer agrees to the late fee and pays."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'unpaid' AND (SELECT count(*) FROM subscriptions z WHERE "
                    "z.account_id = s.account_id AND z.status = 'unpaid') = 1 ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    listed = s.call("list_invoices", ["status", "subscription_id"], account_id=aid, status="open")
    inv = next(i for i in listed["invoices"] if i["subscription_id"] == sub["subscription_id"])
    res = s.call("pay_invoice", invoice_id=inv["invoice_id"], accept_late_fee=True)
    facts = email_fact(acc)
    facts["fee_decision"] = {"value": "Yes, I understand there's a late fee. Go ahead and pay it with the fee.",
                             "keywords": FEE_KEYWORDS}
    return {"instruction": f"{hello(acc)} Our {sub['workspace_name']} workspace got locked because a payment "
                           "failed last month. Please pay the overdue invoice on our card on file so we can get "
                           "back in.",
            "user_facts": facts, "outputs": [money(res["late_fee"]), money(res["total_charged"])],
            "consent": [{"fact": "fee_decision", "calls": [{"name": "pay_invoice",
                                                            "arguments": {"accept_late_fee": True}}]}],
            "tags": ["write", "dunning", "late_fee", "confirm"]}


def past_due_pay_other_card(s: Session) -> dict[str, Any]:
    """Past due inside the grace period: pay with another card (no fee) and make it the default."""
    rows = s.q(UNIQUE + " AND s.status = 'past_due' AND (SELECT count(*) FROM subscriptions z WHERE z.account_id = "
               "s.account_id AND z.status IN ('past_due', 'unpaid')) = 1 ORDER BY s.account_id")
    for sub in [r for r in rows if r["account_id"] not in USED]:
        acc = account(s, sub["account_id"])
        others = s.q("SELECT * FROM payment_methods WHERE account_id = ? AND payment_method_id <> ? AND kind = "
                     "'card' AND (exp_year > 2026 OR (exp_year = 2026 AND exp_month >= 9)) ORDER BY "
                     "payment_method_id", [acc["account_id"], acc["default_payment_method_id"]])
        if len(others) != 1:
            continue
        card = others[0]
        aid = identify(s, acc)
        s.call("get_account", account_id=aid)
        listed = s.call("list_invoices", ["status", "subscription_id"], account_id=aid, status="open")
        inv = next(i for i in listed["invoices"] if i["subscription_id"] == sub["subscription_id"])
        res = s.call("pay_invoice", invoice_id=inv["invoice_id"], payment_method_id=card["payment_method_id"])
        s.call("set_default_payment_method", account_id=aid, payment_method_id=card["payment_method_id"])
        return {"instruction": f"{hello(acc)} I got an email that the renewal of our {sub['workspace_name']} "
                               f"workspace failed. Please pay it with my other card, the {card['brand']} ending in "
                               f"{card['last4']}, and make that card the default from now on.",
                "user_facts": email_fact(acc), "outputs": [money(res["total_charged"])],
                "tags": ["write", "dunning", "payment_method", "multi"]}
    raise AssertionError("no account fits past_due_pay_other_card")


def add_seats_annual(s: Session) -> dict[str, Any]:
    """Seat increase on an annual subscription: prorated over the days left of the year."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.billing_interval = 'year' AND s.plan_code = 'TEAM' "
                    "AND s.seats <= 40 AND s.current_period_end >= '2027-03-01' AND " + NO_OPEN_ELSEWHERE +
                    " ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("change_seat_count", subscription_id=sub["subscription_id"], seats=sub["seats"] + 5)
    return {"instruction": f"{hello(acc)} Five new people are joining the team that uses our "
                           f"{sub['workspace_name']} workspace. Please add 5 seats. We pay yearly, so what do we owe "
                           "today for them?",
            "user_facts": email_fact(acc), "outputs": [money(res["total_due_now"])],
            "tags": ["write", "seats", "proration", "annual"]}


def new_workspace_trial(s: Session) -> dict[str, Any]:
    """A new workspace on an account that never had a trial: it starts with the free trial."""
    acc = fresh(s.q("SELECT a.* FROM accounts a WHERE NOT a.trial_used AND a.account_type = 'business' AND NOT "
                    "EXISTS (SELECT 1 FROM subscriptions s WHERE s.account_id = a.account_id AND (s.status IN "
                    "('past_due', 'unpaid') OR s.workspace_name = 'Analytics')) ORDER BY a.account_id"))
    aid = identify(s, acc)
    res = s.call("start_subscription", account_id=aid, workspace_name="Analytics", plan_code="BUSINESS", seats=12,
                 billing_interval="month")
    return {"instruction": f"{hello(acc)} We'd like a new workspace called Analytics on the Business plan with 12 "
                           "seats, billed monthly. Until when would it be free?",
            "user_facts": email_fact(acc), "outputs": [res["trial_ends_on"]],
            "tags": ["write", "trial", "new_subscription"]}


def second_workspace_no_trial(s: Session) -> dict[str, Any]:
    """The account already used its trial: the new workspace is charged at once (annual)."""
    acc = fresh(s.q("SELECT a.* FROM accounts a WHERE a.trial_used AND a.account_type = 'business' AND NOT EXISTS "
                    "(SELECT 1 FROM subscriptions s WHERE s.account_id = a.account_id AND (s.status IN ('past_due', "
                    "'unpaid', 'trialing') OR s.workspace_name = 'Events')) AND EXISTS (SELECT 1 FROM "
                    "payment_methods m WHERE m.payment_method_id = a.default_payment_method_id) ORDER BY "
                    "a.account_id"))
    aid = identify(s, acc)
    res = s.call("start_subscription", account_id=aid, workspace_name="Events", plan_code="TEAM", seats=6,
                 billing_interval="year")
    return {"instruction": f"{hello(acc)} Please set up one more workspace for us, called Events: Team plan, 6 "
                           "seats, paid yearly. Do we get the free trial on it? If not, what is charged today?",
            "user_facts": email_fact(acc), "outputs": [money(res["invoice"]["total"])],
            "tags": ["write", "trial", "new_subscription", "one_trial"]}


def refund_in_window(s: Session) -> dict[str, Any]:
    """A monthly renewal paid a few days ago, refunded: the subscription ends today."""
    rows = s.q("SELECT i.*, s.workspace_name FROM invoices i JOIN subscriptions s USING (subscription_id) WHERE "
               "i.kind = 'renewal' AND i.status = 'paid' AND s.billing_interval = 'month' AND s.status = 'active' "
               "AND i.paid_on >= '2026-09-05' AND i.period_start = s.current_period_start AND NOT EXISTS (SELECT 1 "
               "FROM refunds f JOIN invoices j USING (invoice_id) WHERE j.account_id = i.account_id) AND (SELECT "
               "count(*) FROM subscriptions x WHERE x.account_id = i.account_id) = 1 ORDER BY i.account_id")
    inv = fresh(rows, 1)
    acc = account(s, inv["account_id"])
    aid = identify(s, acc)
    s.call("list_invoices", account_id=aid)
    res = s.call("refund_invoice", invoice_id=inv["invoice_id"], reason="not_using")
    return {"instruction": f"{hello(acc)} Our workspace renewed on {day(inv['paid_on'])} but honestly nobody has "
                           "used it for months. I'd like that charge refunded and we're fine with the workspace "
                           "ending. How much comes back to us?",
            "user_facts": email_fact(acc), "outputs": [money(res["amount"])],
            "tags": ["write", "refund", "cancel"]}


def revoke_and_add_seats(s: Session) -> dict[str, Any]:
    """Multi-goal: keep a subscription set to cancel, and add two seats."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.cancel_at_period_end AND s.billing_interval = "
                    "'month' AND s.seats + 2 <= (SELECT max_seats FROM plans p WHERE p.plan_code = s.plan_code) "
                    "AND s.current_period_end > '2026-09-20' AND " + NO_OPEN_ELSEWHERE + " ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    s.call("revoke_cancellation", subscription_id=sub["subscription_id"])
    res = s.call("change_seat_count", subscription_id=sub["subscription_id"], seats=sub["seats"] + 2)
    return {"instruction": f"{hello(acc)} We had scheduled our {sub['workspace_name']} workspace to cancel, but "
                           "we've changed our minds: please keep it running. And we need two more seats on it. "
                           "What's the charge for the seats today?",
            "user_facts": email_fact(acc), "outputs": [money(res["total_due_now"])],
            "tags": ["write", "revoke", "seats", "multi"]}


def pause_and_remove_addon(s: Session) -> dict[str, Any]:
    """Multi-goal: pause a monthly subscription for two months and drop an add-on."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.billing_interval = 'month' AND s.pauses_this_year = 0 "
                    "AND s.pause_starts_on IS NULL AND NOT s.cancel_at_period_end AND (SELECT count(*) FROM "
                    "subscription_addons x WHERE x.subscription_id = s.subscription_id) = 1 AND EXISTS (SELECT 1 "
                    "FROM subscription_addons x WHERE x.subscription_id = s.subscription_id AND x.addon_code = "
                    "'EXTRA_STORAGE') ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("pause_subscription", subscription_id=sub["subscription_id"], months=2)
    s.call("remove_addon", subscription_id=sub["subscription_id"], addon_code="EXTRA_STORAGE")
    return {"instruction": f"{hello(acc)} Things are quiet for us, so please pause our {sub['workspace_name']} "
                           "workspace for two months, and take off the extra storage add-on, we won't need it any "
                           "more. When will billing start again?",
            "user_facts": email_fact(acc), "outputs": [res["resume_on"]],
            "tags": ["write", "pause", "addon", "multi"]}


def trial_coupon(s: Session) -> dict[str, Any]:
    """A new-customer coupon during the trial."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'trialing' AND s.plan_code IN ('TEAM', 'BUSINESS') AND NOT EXISTS "
                    "(SELECT 1 FROM coupon_redemptions r WHERE r.subscription_id = s.subscription_id) ORDER BY "
                    "s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("apply_coupon", subscription_id=sub["subscription_id"], coupon_code="STARTUP40")
    return {"instruction": f"{hello(acc)} We're trying out your product on the {sub['workspace_name']} workspace. "
                           "We're in a startup program and got the code STARTUP40. Please apply it. What will our "
                           "first bill come to after the discount?",
            "user_facts": email_fact(acc), "outputs": [money(res["next_renewal_total"])],
            "tags": ["write", "coupon", "trial"]}


def resume_early(s: Session) -> dict[str, Any]:
    """A paused subscription resumed early: a new month is charged today."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'paused' AND " + NO_OPEN_ELSEWHERE + " ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("resume_subscription", subscription_id=sub["subscription_id"])
    return {"instruction": f"{hello(acc)} We paused our {sub['workspace_name']} workspace but we need it back now, "
                           "before the pause ends. Please turn it back on. What will we be charged, and when is the "
                           "next renewal?",
            "user_facts": email_fact(acc),
            "outputs": [money(res["invoice"]["total"]), res["current_period_end"]],
            "tags": ["write", "pause", "resume", "proration"]}


def remove_addon_then_downgrade(s: Session) -> dict[str, Any]:
    """A downgrade blocked by a Business-only add-on: remove it (the customer asked for it), then downgrade."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.plan_code = 'BUSINESS' AND s.seats <= 50 AND "
                    "s.scheduled_plan_code IS NULL AND NOT s.cancel_at_period_end AND (SELECT count(*) FROM "
                    "subscription_addons x JOIN addons a USING (addon_code) WHERE x.subscription_id = "
                    "s.subscription_id AND a.min_tier_rank = 3) = 1 AND EXISTS (SELECT 1 FROM subscription_addons x "
                    "WHERE x.subscription_id = s.subscription_id AND x.addon_code = 'ADV_SECURITY') ORDER BY "
                    "s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    s.call("remove_addon", subscription_id=sub["subscription_id"], addon_code="ADV_SECURITY")
    res = s.call("change_plan", subscription_id=sub["subscription_id"], new_plan_code="TEAM")
    return {"instruction": f"{hello(acc)} Please downgrade our {sub['workspace_name']} workspace to the Team plan. "
                           "If anything on it doesn't work with Team, drop it, we can live without it. When does "
                           "the downgrade take effect?",
            "user_facts": email_fact(acc), "outputs": [res["effective_on"]],
            "tags": ["write", "downgrade", "addon", "multi", "reasoning"]}


# ---------------------------------------------------------------------------------------------------------
# Refusals (the gold stops before the forbidden write)
# ---------------------------------------------------------------------------------------------------------

def late_fee_declined(s: Session) -> dict[str, Any]:
    """Unpaid past the grace period: told the fee, the customer declines; nothing is paid."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'unpaid' AND (SELECT count(*) FROM subscriptions z WHERE "
                    "z.account_id = s.account_id AND z.status = 'unpaid') = 1 ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    listed = s.call("list_invoices", ["status", "subscription_id"], account_id=aid, status="open")
    inv = next(i for i in listed["invoices"] if i["subscription_id"] == sub["subscription_id"])
    detail = s.call("get_invoice", invoice_id=inv["invoice_id"])
    facts = email_fact(acc)
    facts["fee_decision"] = {"value": "No, I'm not paying a late fee on top. Leave it unpaid for now, I'll talk to "
                                      "my finance team.", "keywords": FEE_KEYWORDS}
    return {"instruction": f"{hello(acc)} Can I pay the overdue bill for our {sub['workspace_name']} workspace? "
                           "Is there any extra charge for paying late?",
            "user_facts": facts, "outputs": [money(detail["late_fee_if_paid_now"])],
            "forbidden_calls": [{"name": "pay_invoice", "arguments": {"invoice_id": inv["invoice_id"],
                                                                      "accept_late_fee": True}}],
            "tags": ["read", "dunning", "late_fee", "confirm", "refusal"]}


def refund_too_late(s: Session) -> dict[str, Any]:
    """A monthly renewal paid more than 14 days ago cannot be refunded."""
    rows = s.q("SELECT i.*, s.workspace_name FROM invoices i JOIN subscriptions s USING (subscription_id) WHERE "
               "i.kind = 'renewal' AND i.status = 'paid' AND s.billing_interval = 'month' AND s.status = 'active' "
               "AND i.period_start = s.current_period_start AND i.paid_on BETWEEN '2026-08-20' AND '2026-08-28' "
               "AND (SELECT count(*) FROM subscriptions x WHERE x.account_id = i.account_id) = 1 ORDER BY "
               "i.account_id")
    inv = fresh(rows)
    acc = account(s, inv["account_id"])
    aid = identify(s, acc)
    s.call("list_invoices", account_id=aid)
    detail = s.call("get_invoice", invoice_id=inv["invoice_id"])
    return {"instruction": f"{hello(acc)} I want a refund for our last renewal charge from {day(inv['paid_on'])}, "
                           "we've barely used the workspace this month.",
            "user_facts": email_fact(acc), "outputs": [detail["refundable_until"]],
            "forbidden_calls": [{"name": "refund_invoice", "arguments": {"invoice_id": inv["invoice_id"]}}],
            "tags": ["read", "refund", "window", "refusal"]}


def refund_cooldown(s: Session) -> dict[str, Any]:
    """A second refund within 180 days is refused, although the invoice is inside its window."""
    rows = s.q("SELECT i.*, s.workspace_name FROM invoices i JOIN subscriptions s USING (subscription_id) WHERE "
               "i.kind = 'renewal' AND i.status = 'paid' AND s.status = 'active' AND i.period_start = "
               "s.current_period_start AND i.paid_on >= '2026-09-02' AND s.billing_interval = 'month' AND EXISTS "
               "(SELECT 1 FROM refunds f JOIN invoices j USING (invoice_id) WHERE j.account_id = i.account_id AND "
               "f.refunded_on > '2026-03-19') AND (SELECT count(*) FROM subscriptions x WHERE x.account_id = "
               "i.account_id AND x.workspace_name = s.workspace_name) = 1 ORDER BY i.account_id")
    inv = fresh(rows)
    acc = account(s, inv["account_id"])
    aid = identify(s, acc)
    s.call("list_invoices", ["status", "subscription_id"], account_id=aid, subscription_id=inv["subscription_id"])
    detail = s.call("get_invoice", invoice_id=inv["invoice_id"])
    blocked = detail["refund_blocked_reason"]
    next_day = blocked.split("next possible ")[1].rstrip(")")
    return {"instruction": f"{hello(acc)} The {inv['workspace_name']} workspace renewed on {day(inv['paid_on'])} "
                           "and we didn't mean to keep it. Please refund that renewal.",
            "user_facts": email_fact(acc), "outputs": [next_day],
            "forbidden_calls": [{"name": "refund_invoice", "arguments": {"invoice_id": inv["invoice_id"]}}],
            "tags": ["read", "refund", "limit", "refusal"]}


def coupon_expired(s: Session) -> dict[str, Any]:
    """An expired promotion code cannot be applied."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.billing_interval = 'month' AND NOT EXISTS (SELECT 1 "
                    "FROM coupon_redemptions r WHERE r.subscription_id = s.subscription_id AND r.months_left > 0) "
                    "ORDER BY s.account_id"), 2)
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("check_coupon", coupon_code="SUMMER30", subscription_id=sub["subscription_id"])
    return {"instruction": f"{hello(acc)} I found the code SUMMER30 in an old newsletter. Can you put it on our "
                           f"{sub['workspace_name']} workspace?",
            "user_facts": email_fact(acc), "outputs": [res["valid_until"]],
            "forbidden_calls": [{"name": "apply_coupon", "arguments": {"coupon_code": "SUMMER30"}}],
            "tags": ["read", "coupon", "expired", "refusal"]}


def revoke_after_cancelled(s: Session) -> dict[str, Any]:
    """A subscription cancelled immediately cannot be revived; say when it ended."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'cancelled' AND s.cancelled_on >= '2026-09-01' AND "
                    "s.cancel_reason <> 'refunded' ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("get_subscription", subscription_id=sub["subscription_id"])
    return {"instruction": f"{hello(acc)} Someone on my team cancelled our {sub['workspace_name']} workspace by "
                           "mistake. Can you undo that cancellation so it keeps running as before?",
            "user_facts": email_fact(acc), "outputs": [res["cancelled_on"]],
            "forbidden_calls": [{"name": "revoke_cancellation",
                                 "arguments": {"subscription_id": sub["subscription_id"]}}],
            "tags": ["read", "cancel", "state", "refusal"]}


def addon_needs_upgrade_quote(s: Session) -> dict[str, Any]:
    """SSO needs Team: the Starter customer only wants a quote for the upgrade, no change yet."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'active' AND s.plan_code = 'STARTER' AND s.billing_interval = 'month' "
                    "AND s.seats >= 2 AND s.current_period_end >= '2026-09-25' ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("preview_change", subscription_id=sub["subscription_id"], new_plan_code="TEAM")
    return {"instruction": f"{hello(acc)} We'd like single sign-on on our {sub['workspace_name']} workspace. If "
                           "our plan can't have it, don't change anything yet: just tell me which plan we'd need "
                           "and what moving to it would cost us today.",
            "user_facts": email_fact(acc), "outputs": [money(res["total_due_now"])],
            "forbidden_calls": [{"name": "add_addon", "arguments": {"addon_code": "SSO"}},
                                {"name": "change_plan", "arguments": {"subscription_id": sub["subscription_id"]}}],
            "tags": ["read", "addon", "tier", "quote", "refusal"]}


def past_due_no_changes(s: Session) -> dict[str, Any]:
    """Seats cannot be added while the renewal is overdue; the customer won't pay today: say what is owed."""
    sub = fresh(s.q(UNIQUE + " AND s.status = 'past_due' AND s.seats + 3 <= (SELECT max_seats FROM plans p WHERE "
                    "p.plan_code = s.plan_code) AND (SELECT count(*) FROM subscriptions z WHERE z.account_id = "
                    "s.account_id AND z.status IN ('past_due', 'unpaid')) = 1 ORDER BY s.account_id"))
    acc = account(s, sub["account_id"])
    aid = identify(s, acc)
    s.call("get_account", account_id=aid)
    res = s.call("list_invoices", ["status", "subscription_id"], account_id=aid, subscription_id=sub["subscription_id"], status="open")
    return {"instruction": f"{hello(acc)} Please add 3 seats to our {sub['workspace_name']} workspace. I know "
                           "there's some billing issue on it, but I can't deal with payments today, so please "
                           "don't charge anything right now. Just tell me how much is overdue.",
            "user_facts": email_fact(acc), "outputs": [money(res["invoices"][0]["total"])],
            "forbidden_calls": [{"name": "change_seat_count", "arguments": {"subscription_id": sub["subscription_id"]}},
                                {"name": "pay_invoice", "arguments": {}}],
            "tags": ["read", "dunning", "seats", "refusal"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    upgrade_prorated, downgrade_scheduled, late_fee_accepted, past_due_pay_other_card, add_seats_annual,
    new_workspace_trial, second_workspace_no_trial, refund_in_window, revoke_and_add_seats, pause_and_remove_addon,
    trial_coupon, resume_early, remove_addon_then_downgrade,
    late_fee_declined, refund_too_late, refund_cooldown, coupon_expired, revoke_after_cancelled,
    addon_needs_upgrade_quote, past_due_no_changes,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"subscriptions-{i:03d}", tags=fields["tags"],
                   outputs=fields["outputs"], user_facts=fields["user_facts"],
                   forbidden_calls=fields.get("forbidden_calls", []), consent=fields.get("consent", []))


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: "querygen" in t.tags,
                                  description=__doc__.splitlines()[0]))
