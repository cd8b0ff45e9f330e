"""Tools of the subscriptions environment: Tallyhand Software's billing support desk.

Reads find an account by its billing email, show the account with its payment methods and subscriptions, the
price book, a subscription in detail, invoices (paged) and one invoice with its lines, payments and refunds, check
a coupon and preview a plan or seat change with its proration. Writes start subscriptions (with the one free
trial per account), change plans and seats (upgrades now with a prorated charge, downgrades at the renewal), add
and remove add-ons, apply coupons, pay open invoices (a late fee past the grace period), refund recent renewal
invoices, pause and resume monthly subscriptions, cancel (at period end or immediately), revoke a scheduled
cancellation and change the default payment method.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import today as _today

GRACE_DAYS = 14
LATE_FEE_PCT = 5
LATE_FEE_MIN = 10.0
REFUND_WINDOW_DAYS = {"month": 14, "year": 30}
REFUND_COOLDOWN_DAYS = 180
MAX_PAUSES_PER_YEAR = 2
INVOICES_PAGE = 10
CHANGEABLE = ("trialing", "active")

Interval = Literal["month", "year"]
PlanCode = Literal["STARTER", "TEAM", "BUSINESS", "ENTERPRISE"]
AddonCode = Literal["EXTRA_STORAGE", "PRIORITY_SUPPORT", "AI_ASSIST", "SSO", "ADV_SECURITY", "AUDIT_LOG"]
InvoiceStatus = Literal["paid", "open", "refunded", "void"]
CancelReason = Literal["too_expensive", "missing_features", "switching_provider", "no_longer_needed",
                       "company_closed"]
RefundReason = Literal["accidental_renewal", "not_using", "duplicate_charge", "dissatisfied"]

_IDS = IdScheme({
    "SUB-": ("subscriptions", "subscription_id", 0),
    "INV-": ("invoices", "invoice_id", 0),
    "LN-": ("invoice_lines", "line_id", 0),
    "PAY-": ("payments", "payment_id", 0),
    "RF-": ("refunds", "refund_id", 0),
    "RDM-": ("coupon_redemptions", "redemption_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    year, month = d.year + y, m + 1
    last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month, min(d.day, last))


def _d(value: Any) -> date:
    return date.fromisoformat(str(value)[:10])


def _account(db: Database, account_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM accounts WHERE account_id = ?", [account_id.strip().upper()])
    if row is None:
        raise ToolError(f"no account with id {account_id!r} (account ids look like 'ACC-1042')")
    return row


def _plan(db: Database, plan_code: str) -> dict[str, Any]:
    return db.query_one("SELECT * FROM plans WHERE plan_code = ?", [plan_code.strip().upper()])  # validated code


def _sub(db: Database, subscription_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT s.*, p.tier_rank, p.name AS plan_name FROM subscriptions s JOIN plans p "
                       "ON p.plan_code = s.plan_code WHERE s.subscription_id = ?", [subscription_id.strip().upper()])
    if row is None:
        raise ToolError(f"no subscription with id {subscription_id!r} (ids look like 'SUB-20415')")
    return row


def _invoice(db: Database, invoice_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM invoices WHERE invoice_id = ?", [invoice_id.strip().upper()])
    if row is None:
        raise ToolError(f"no invoice with id {invoice_id!r} (ids look like 'INV-50231')")
    return row


def _require_changeable(s: dict[str, Any], action: str) -> None:
    if s["status"] in ("past_due", "unpaid"):
        raise ToolError(f"subscription {s['subscription_id']} is {s['status']} with an overdue invoice; it must be "
                        f"paid before you can {action}")
    if s["status"] not in CHANGEABLE:
        raise ToolError(f"subscription {s['subscription_id']} is {s['status']}; only trialing or active "
                        f"subscriptions can {action}")


def _seat_price(plan: dict[str, Any], interval: str) -> float:
    return plan["monthly_price_per_seat"] if interval == "month" else plan["annual_price_per_seat"]


def _addon_price(addon: dict[str, Any], interval: str) -> float:
    return addon["monthly_price"] if interval == "month" else addon["annual_price"]


def _addons(db: Database, subscription_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT x.addon_code, a.name, a.per_seat, x.quantity, x.added_on, a.monthly_price, "
                    "a.annual_price, a.min_tier_rank FROM subscription_addons x JOIN addons a "
                    "ON a.addon_code = x.addon_code WHERE x.subscription_id = ? ORDER BY x.addon_code",
                    [subscription_id])


def _coupon_line(db: Database, subscription_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT r.redemption_id, r.coupon_code, r.redeemed_on, r.months_left, c.percent_off, "
                        "c.description FROM coupon_redemptions r JOIN coupons c ON c.coupon_code = r.coupon_code "
                        "WHERE r.subscription_id = ? AND r.months_left > 0", [subscription_id])


def _period_lines(db: Database, s: dict[str, Any], plan_code: str, seats: int) -> list[tuple[str, int, float]]:
    """The lines of a full billing period: the plan's seats and each add-on (per-seat ones at ``seats``)."""
    plan = _plan(db, plan_code)
    interval = s["billing_interval"]
    lines = [(f"{plan['name']} plan, {'monthly' if interval == 'month' else 'annual'}", seats,
              _money(_seat_price(plan, interval) * seats))]
    for a in _addons(db, s["subscription_id"]):
        qty = seats if a["per_seat"] else 1
        lines.append((a["name"], qty, _money(_addon_price(a, interval) * qty)))
    return lines


def _tax(account: dict[str, Any], amount: float) -> float:
    return _money(amount * account["tax_rate_pct"] / 100)


def _days_left(db: Database, s: dict[str, Any]) -> tuple[int, int]:
    start, end = _d(s["current_period_start"]), _d(s["current_period_end"])
    return max(0, (end - _today(db)).days), (end - start).days


def _prorate(db: Database, s: dict[str, Any], full_period_difference: float) -> float:
    left, length = _days_left(db, s)
    return _money(full_period_difference * left / length)


def _valid_through(pm: dict[str, Any]) -> date | None:
    if pm["exp_year"] is None:
        return None
    year, month = pm["exp_year"], pm["exp_month"]
    return date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)


def _expired(db: Database, pm: dict[str, Any]) -> bool:
    through = _valid_through(pm)
    return through is not None and through < _today(db)


def _method_label(pm: dict[str, Any]) -> str:
    return f"{pm['brand']} ending {pm['last4']}" if pm["kind"] == "card" else f"bank debit ending {pm['last4']}"


def _method(db: Database, account: dict[str, Any], payment_method_id: str | None) -> dict[str, Any]:
    """The payment method to charge: the one named (the account's own, not expired) or the account's default."""
    pm_id = payment_method_id or account["default_payment_method_id"]
    pm = db.query_one("SELECT * FROM payment_methods WHERE payment_method_id = ?", [(pm_id or "").strip().upper()])
    if pm is None or pm["account_id"] != account["account_id"]:
        raise ToolError(f"payment method {pm_id!r} is not on file for account {account['account_id']}; "
                        "see get_account")
    if _expired(db, pm):
        raise ToolError(f"the {_method_label(pm)} expired {pm['exp_month']:02d}/{pm['exp_year']}; it cannot be "
                        "charged")
    return pm


def _bill(db: Database, account: dict[str, Any], s: dict[str, Any], kind: str, lines: list[tuple[str, int, float]],
          period_start: date, period_end: date, discount_pct: int = 0, charge: bool = True,
          pm: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write an invoice with its lines; charge it now to ``pm`` (default: the account's default method)."""
    subtotal = _money(sum(x[2] for x in lines))
    discount = _money(subtotal * discount_pct / 100)
    tax = _tax(account, subtotal - discount) if kind != "late_fee" else 0.0
    total = _money(subtotal - discount + tax)
    if charge and pm is None:
        pm = _method(db, account, None)
    invoice_id = _IDS.next(db, "INV-")
    today = _today(db).isoformat()
    db.execute("INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [invoice_id, account["account_id"], s["subscription_id"], kind, today, today,
                period_start.isoformat(), period_end.isoformat(), subtotal, discount, tax, total,
                "paid" if charge else "open", today if charge else None])
    for desc, qty, amount in lines:
        db.execute("INSERT INTO invoice_lines VALUES (?, ?, ?, ?, ?)",
                   [_IDS.next(db, "LN-"), invoice_id, desc, qty, amount])
    out = {"invoice_id": invoice_id, "kind": kind, "subtotal": subtotal, "discount": discount, "tax": tax,
           "total": total}
    if charge:
        assert pm is not None
        db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?, 'succeeded', NULL)",
                   [_IDS.next(db, "PAY-"), invoice_id, pm["payment_method_id"], total, today])
        out["charged_to"] = _method_label(pm)
    return out


def _tier_name(db: Database, rank: int) -> str:
    return db.scalar("SELECT name FROM plans WHERE tier_rank = ?", [rank])


def _check_seats(plan: dict[str, Any], seats: int) -> None:
    if not plan["min_seats"] <= seats <= plan["max_seats"]:
        raise ToolError(f"the {plan['name']} plan takes {plan['min_seats']} to {plan['max_seats']} seats, not {seats}")


def _plan_change(db: Database, s: dict[str, Any], new_plan_code: str) -> dict[str, Any]:
    """Check a plan change and work out its effect (no write)."""
    new = _plan(db, new_plan_code)
    if new["plan_code"] == s["plan_code"]:
        raise ToolError(f"subscription {s['subscription_id']} already is on the {new['name']} plan")
    _check_seats(new, s["scheduled_seats"] or s["seats"])
    blocking = [a["name"] for a in _addons(db, s["subscription_id"]) if a["min_tier_rank"] > new["tier_rank"]]
    if blocking:
        raise ToolError(f"the {new['name']} plan cannot take {', '.join(blocking)}; remove "
                        f"{'it' if len(blocking) == 1 else 'them'} first")
    upgrade = new["tier_rank"] > s["tier_rank"]
    out: dict[str, Any] = {"subscription_id": s["subscription_id"], "from_plan": s["plan_code"],
                           "to_plan": new["plan_code"], "seats": s["seats"]}
    if s["status"] == "trialing":
        return {**out, "change": "trial", "effective_on": _today(db).isoformat(), "prorated_charge": 0.0,
                "tax": 0.0, "total_due_now": 0.0}
    if not upgrade:
        return {**out, "change": "downgrade", "effective_on": s["current_period_end"], "prorated_charge": 0.0,
                "tax": 0.0, "total_due_now": 0.0}
    old = _plan(db, s["plan_code"])
    diff = (_seat_price(new, s["billing_interval"]) - _seat_price(old, s["billing_interval"])) * s["seats"]
    charge = _prorate(db, s, diff)
    account = _account(db, s["account_id"])
    tax = _tax(account, charge)
    left, length = _days_left(db, s)
    return {**out, "change": "upgrade", "effective_on": _today(db).isoformat(), "days_left_in_period": left,
            "days_in_period": length, "prorated_charge": charge, "tax": tax, "total_due_now": _money(charge + tax)}


def _seat_change(db: Database, s: dict[str, Any], seats: int) -> dict[str, Any]:
    """Check a seat change and work out its effect (no write)."""
    plan = _plan(db, s["plan_code"])
    if seats == s["seats"] and s["scheduled_seats"] is None:
        raise ToolError(f"subscription {s['subscription_id']} already has {seats} seats")
    _check_seats(plan, seats)
    if s["scheduled_plan_code"]:
        _check_seats(_plan(db, s["scheduled_plan_code"]), seats)
    out: dict[str, Any] = {"subscription_id": s["subscription_id"], "from_seats": s["seats"], "to_seats": seats}
    if s["status"] == "trialing":
        return {**out, "change": "trial", "effective_on": _today(db).isoformat(), "prorated_charge": 0.0,
                "tax": 0.0, "total_due_now": 0.0}
    if seats <= s["seats"]:
        return {**out, "change": "decrease", "effective_on": s["current_period_end"], "prorated_charge": 0.0,
                "tax": 0.0, "total_due_now": 0.0}
    added = seats - s["seats"]
    per_seat = _seat_price(plan, s["billing_interval"]) + sum(
        _addon_price(a, s["billing_interval"]) for a in _addons(db, s["subscription_id"]) if a["per_seat"])
    charge = _prorate(db, s, per_seat * added)
    tax = _tax(_account(db, s["account_id"]), charge)
    left, length = _days_left(db, s)
    return {**out, "change": "increase", "effective_on": _today(db).isoformat(), "days_left_in_period": left,
            "days_in_period": length, "prorated_charge": charge, "tax": tax, "total_due_now": _money(charge + tax)}


def _late_fee(db: Database, inv: dict[str, Any]) -> float:
    if (_today(db) - _d(inv["due_on"])).days <= GRACE_DAYS:
        return 0.0
    return max(LATE_FEE_MIN, _money(inv["total"] * LATE_FEE_PCT / 100))


def _refund_check(db: Database, inv: dict[str, Any]) -> str | None:
    """Why an invoice cannot be refunded, or None."""
    if inv["status"] != "paid":
        return f"invoice {inv['invoice_id']} is {inv['status']}; only paid invoices can be refunded"
    if inv["kind"] != "renewal":
        return (f"invoice {inv['invoice_id']} is a {inv['kind'].replace('_', ' ')} invoice; only renewal invoices "
                "can be refunded")
    interval = db.scalar("SELECT billing_interval FROM subscriptions WHERE subscription_id = ?",
                         [inv["subscription_id"]])
    window = REFUND_WINDOW_DAYS[interval]
    last_day = _d(inv["paid_on"]) + timedelta(days=window)
    if _today(db) > last_day:
        return (f"invoice {inv['invoice_id']} was paid on {inv['paid_on']}; {'monthly' if interval == 'month' else 'annual'} "
                f"invoices can be refunded only within {window} days of payment (until {last_day.isoformat()})")
    last = db.scalar("SELECT max(f.refunded_on) FROM refunds f JOIN invoices i ON i.invoice_id = f.invoice_id "
                     "WHERE i.account_id = ?", [inv["account_id"]])
    if last is not None and (_today(db) - _d(last)).days < REFUND_COOLDOWN_DAYS:
        return (f"account {inv['account_id']} already received a refund on {last}; only one refund per "
                f"{REFUND_COOLDOWN_DAYS} days is allowed (next possible {(_d(last) + timedelta(days=REFUND_COOLDOWN_DAYS)).isoformat()})")
    return None


def _coupon_check(db: Database, s: dict[str, Any], coupon: dict[str, Any]) -> str | None:
    """Why a coupon cannot be applied to a subscription, or None."""
    code = coupon["coupon_code"]
    if _d(coupon["valid_until"]) < _today(db):
        return f"coupon {code} expired on {coupon['valid_until']}"
    if coupon["times_redeemed"] >= coupon["max_redemptions"]:
        return f"coupon {code} has reached its limit of {coupon['max_redemptions']} redemptions"
    if s["status"] not in CHANGEABLE:
        return f"subscription {s['subscription_id']} is {s['status']}; coupons apply only to trialing or active ones"
    if coupon["new_customers_only"] and s["status"] != "trialing":
        return f"coupon {code} is for new customers only: it applies only to a subscription still in its free trial"
    if s["tier_rank"] < coupon["min_tier_rank"]:
        return f"coupon {code} needs the {_tier_name(db, coupon['min_tier_rank'])} plan or higher"
    if coupon["billing_interval"] != "any" and coupon["billing_interval"] != s["billing_interval"]:
        return (f"coupon {code} is only for {'monthly' if coupon['billing_interval'] == 'month' else 'annual'} "
                "billing")
    current = _coupon_line(db, s["subscription_id"])
    if current is not None:
        return (f"subscription {s['subscription_id']} already has coupon {current['coupon_code']} "
                f"({current['months_left']} months left); only one coupon at a time")
    return None


def _renewal_estimate(db: Database, s: dict[str, Any]) -> dict[str, Any]:
    plan_code = s["scheduled_plan_code"] or s["plan_code"]
    seats = s["scheduled_seats"] or s["seats"]
    subtotal = _money(sum(x[2] for x in _period_lines(db, s, plan_code, seats)))
    coupon = _coupon_line(db, s["subscription_id"])
    discount = _money(subtotal * coupon["percent_off"] / 100) if coupon else 0.0
    tax = _tax(_account(db, s["account_id"]), subtotal - discount)
    return {"plan": plan_code, "seats": seats, "subtotal": subtotal, "discount": discount, "tax": tax,
            "total": _money(subtotal - discount + tax)}


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_account_by_email(db: Database, email: str) -> dict:
    """Find a customer account from its billing contact's email address.

    Args:
        email: The billing email on the account, e.g. "danielle.haynes@example.com".

    Returns:
        The account id, the billing contact's name and the company (None for personal accounts).
    """
    row = db.query_one("SELECT account_id, contact_first_name, contact_last_name, company_name, account_type "
                       "FROM accounts WHERE lower(billing_email) = lower(?)", [email.strip()])
    if row is None:
        raise ToolError(f"no account with billing email {email!r}")
    return row


@tool
def get_account(db: Database, account_id: str) -> dict:
    """An account in full: billing contact, country and tax rate, trial used or not, payment methods (with the
    default and expired ones marked) and every subscription with its plan, seats, status and renewal date.

    Args:
        account_id: The account, e.g. "ACC-1042".

    Returns:
        The account, its payment methods and a summary of its subscriptions.
    """
    a = _account(db, account_id)
    methods = [{"payment_method_id": m["payment_method_id"], "label": _method_label(m), "kind": m["kind"],
                "brand": m["brand"], "last4": m["last4"],
                "expires": f"{m['exp_month']:02d}/{m['exp_year']}" if m["exp_year"] else None,
                "expired": _expired(db, m), "is_default": m["payment_method_id"] == a["default_payment_method_id"]}
               for m in db.query("SELECT * FROM payment_methods WHERE account_id = ? ORDER BY payment_method_id",
                                 [a["account_id"]])]
    subs = db.query("SELECT subscription_id, workspace_name, plan_code AS plan, billing_interval, seats, status, "
                    "current_period_end AS renews_or_ends_on, cancel_at_period_end FROM subscriptions "
                    "WHERE account_id = ? ORDER BY subscription_id", [a["account_id"]])
    return {"account_id": a["account_id"], "account_type": a["account_type"], "company_name": a["company_name"],
            "contact_name": f"{a['contact_first_name']} {a['contact_last_name']}", "billing_email": a["billing_email"],
            "phone": a["phone"], "country": a["country"], "tax_rate_pct": a["tax_rate_pct"],
            "trial_used": a["trial_used"], "customer_since": a["created_on"], "payment_methods": methods,
            "subscriptions": subs}


@tool
def get_price_book(db: Database) -> dict:
    """The public price book: every plan (tier, per-seat monthly and annual prices, seat limits, trial length) and
    every add-on (price, per seat or flat, the lowest plan that can take it).

    Returns:
        The plans and the add-ons.
    """
    plans = db.query("SELECT plan_code, name, tier_rank, monthly_price_per_seat, annual_price_per_seat, min_seats, "
                     "max_seats, trial_days, storage_gb_per_seat, description FROM plans ORDER BY tier_rank")
    tiers = {p["tier_rank"]: p["plan_code"] for p in plans}
    addons = [{**a, "min_plan": tiers[a.pop("min_tier_rank")]} for a in db.query(
        "SELECT addon_code, name, per_seat, monthly_price, annual_price, min_tier_rank, description FROM addons "
        "ORDER BY addon_code")]
    return {"plans": plans, "addons": addons}


@tool
def get_subscription(db: Database, subscription_id: str) -> dict:
    """A subscription in detail: plan, billing interval, seats, status, trial and current period, add-ons, the
    active coupon, scheduled changes (downgrade, seat reduction, pause, cancellation) and the next renewal's
    estimated invoice.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".

    Returns:
        The subscription's details.
    """
    s = _sub(db, subscription_id)
    left, length = _days_left(db, s)
    out = {k: s[k] for k in ("subscription_id", "account_id", "workspace_name", "plan_name",
                             "billing_interval", "seats", "status", "started_on", "trial_ends_on",
                             "current_period_start", "current_period_end", "cancel_at_period_end", "cancelled_on",
                             "cancel_reason", "scheduled_plan_code", "scheduled_seats", "pause_starts_on",
                             "resume_on", "pauses_this_year")}
    out["plan"] = s["plan_code"]
    out["days_left_in_period"] = left if s["status"] in ("trialing", "active", "past_due", "unpaid") else 0
    out["days_in_period"] = length
    out["addons"] = [{"addon_code": a["addon_code"], "name": a["name"], "quantity": a["quantity"],
                      "added_on": a["added_on"]} for a in _addons(db, s["subscription_id"])]
    coupon = _coupon_line(db, s["subscription_id"])
    out["coupon"] = None if coupon is None else {k: coupon[k] for k in (
        "coupon_code", "percent_off", "months_left", "redeemed_on")}
    out["open_invoices"] = [r["invoice_id"] for r in db.query(
        "SELECT invoice_id FROM invoices WHERE subscription_id = ? AND status = 'open' ORDER BY invoice_id",
        [s["subscription_id"]])]
    if s["status"] in ("trialing", "active") and not s["cancel_at_period_end"]:
        out["next_renewal"] = {"on": s["resume_on"] if s["pause_starts_on"] else s["current_period_end"],
                               **_renewal_estimate(db, s)}
    return out


@tool
def list_invoices(db: Database, account_id: str, subscription_id: str | None = None,
                  status: InvoiceStatus | None = None, offset: int = 0) -> dict:
    """An account's invoices, newest first, 10 per page; filter by subscription or status.

    Args:
        account_id: The account, e.g. "ACC-1042".
        subscription_id: Only this subscription's invoices, e.g. "SUB-20415"; omit for all.
        status: Only invoices with this status: paid, open, refunded or void; omit for all.
        offset: How many invoices to skip (0 for the first page; use next_offset for the next page).

    Returns:
        The page of invoices, the total matching and next_offset when more remain.
    """
    a = _account(db, account_id)
    if offset < 0:
        raise ToolError("offset must be 0 or more")
    where, params = "i.account_id = ?", [a["account_id"]]
    if subscription_id:
        where += " AND i.subscription_id = ?"
        params.append(subscription_id.strip().upper())
    if status:
        where += " AND i.status = ?"
        params.append(status)
    total = db.scalar(f"SELECT count(*) FROM invoices i WHERE {where}", params)
    rows = db.query(f"SELECT i.invoice_id, i.subscription_id, s.workspace_name, i.kind, i.issued_on, "
                    f"i.period_start, i.period_end, i.total, i.status, i.paid_on FROM invoices i JOIN subscriptions s "
                    f"ON s.subscription_id = i.subscription_id WHERE {where} ORDER BY i.issued_on DESC, "
                    f"i.invoice_id DESC LIMIT {INVOICES_PAGE} OFFSET {int(offset)}", params)
    out: dict[str, Any] = {"account_id": a["account_id"], "total_matching": total, "invoices": rows}
    if offset + len(rows) < total:
        out["next_offset"] = offset + len(rows)
    return out


@tool
def get_invoice(db: Database, invoice_id: str) -> dict:
    """An invoice in full: lines, discount, tax and total, payment attempts, refunds, the late fee that paying it
    now would add, and until when it can be refunded.

    Args:
        invoice_id: The invoice, e.g. "INV-50231".

    Returns:
        The invoice with its lines, payments and refunds.
    """
    inv = _invoice(db, invoice_id)
    out = dict(inv)
    out["lines"] = db.query("SELECT description, quantity, amount FROM invoice_lines WHERE invoice_id = ? "
                            "ORDER BY line_id", [inv["invoice_id"]])
    out["payments"] = db.query("SELECT p.payment_id, p.attempted_on, p.amount, p.outcome, p.failure_reason, "
                               "p.payment_method_id FROM payments p WHERE p.invoice_id = ? ORDER BY p.payment_id",
                               [inv["invoice_id"]])
    out["refunds"] = db.query("SELECT refund_id, amount, reason, refunded_on FROM refunds WHERE invoice_id = ? "
                              "ORDER BY refund_id", [inv["invoice_id"]])
    if inv["status"] == "open":
        out["days_overdue"] = max(0, (_today(db) - _d(inv["due_on"])).days)
        out["grace_period_ends"] = (_d(inv["due_on"]) + timedelta(days=GRACE_DAYS)).isoformat()
        out["late_fee_if_paid_now"] = _late_fee(db, inv)
    if inv["status"] == "paid" and inv["kind"] == "renewal":
        interval = db.scalar("SELECT billing_interval FROM subscriptions WHERE subscription_id = ?",
                             [inv["subscription_id"]])
        out["refundable_until"] = (_d(inv["paid_on"]) + timedelta(days=REFUND_WINDOW_DAYS[interval])).isoformat()
        why = _refund_check(db, inv)
        out["refund_possible"] = why is None
        out["refund_blocked_reason"] = why
    return out


@tool
def check_coupon(db: Database, coupon_code: str, subscription_id: str) -> dict:
    """Whether a coupon code can be applied to a subscription, and why not; with what it is worth.

    Args:
        coupon_code: The code the customer has, e.g. "TEAMUP10".
        subscription_id: The subscription it would apply to, e.g. "SUB-20415".

    Returns:
        The coupon's terms, eligible (true or false) and the reason when it is not.
    """
    coupon = db.query_one("SELECT * FROM coupons WHERE coupon_code = ?", [coupon_code.strip().upper()])
    if coupon is None:
        raise ToolError(f"no coupon with code {coupon_code!r}")
    s = _sub(db, subscription_id)
    reason = _coupon_check(db, s, coupon)
    return {"coupon_code": coupon["coupon_code"], "description": coupon["description"],
            "percent_off": coupon["percent_off"], "duration_months": coupon["duration_months"],
            "valid_until": coupon["valid_until"], "subscription_id": s["subscription_id"],
            "eligible": reason is None, "reason": reason}


@tool
def preview_change(db: Database, subscription_id: str, new_plan_code: PlanCode | None = None,
                   seats: int | None = None) -> dict:
    """Quote a plan change or a seat change without making it: when it takes effect and the prorated charge.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        new_plan_code: The plan to move to: STARTER, TEAM, BUSINESS or ENTERPRISE; omit for a seat change.
        seats: The new number of seats; omit for a plan change.

    Returns:
        The kind of change (upgrade, downgrade, increase, decrease, trial), the effective date, the prorated
        charge, tax and total due now.
    """
    s = _sub(db, subscription_id)
    if (new_plan_code is None) == (seats is None):
        raise ToolError("give either new_plan_code or seats (one change at a time)")
    _require_changeable(s, "change its plan or seats")
    return _plan_change(db, s, new_plan_code) if new_plan_code else _seat_change(db, s, int(seats or 0))


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def start_subscription(db: Database, account_id: str, workspace_name: str, plan_code: PlanCode, seats: int,
                       billing_interval: Interval) -> dict:
    """Start a new subscription for an account. It begins with the plan's free trial when the account has never
    had one (no charge until the trial ends); otherwise the first period is invoiced and charged now to the
    account's default payment method.

    Args:
        account_id: The account, e.g. "ACC-1042".
        workspace_name: The name of the new workspace, e.g. "Marketing".
        plan_code: The plan: STARTER, TEAM, BUSINESS or ENTERPRISE.
        seats: The number of seats, within the plan's limits.
        billing_interval: month or year.

    Returns:
        The new subscription id, its status, trial end or period end, and the invoice when one was charged.
    """
    a = _account(db, account_id)
    plan = _plan(db, plan_code)
    name = workspace_name.strip()
    if len(name) < 2:
        raise ToolError("workspace_name must be at least 2 characters")
    if db.scalar("SELECT count(*) FROM subscriptions WHERE account_id = ? AND status <> 'cancelled' AND "
                 "lower(workspace_name) = lower(?)", [a["account_id"], name]):
        raise ToolError(f"account {a['account_id']} already has a workspace named {name!r}")
    overdue = db.scalar("SELECT string_agg(subscription_id, ', ') FROM subscriptions WHERE account_id = ? AND "
                        "status IN ('past_due', 'unpaid')", [a["account_id"]])
    if overdue:
        raise ToolError(f"account {a['account_id']} has overdue invoices on {overdue}; they must be paid before a "
                        "new subscription can start")
    _check_seats(plan, seats)
    today = _today(db)
    sub_id = _IDS.next(db, "SUB-")
    trial = plan["trial_days"] > 0 and not a["trial_used"]
    if trial:
        end = today + timedelta(days=plan["trial_days"])
        db.execute("INSERT INTO subscriptions VALUES (?, ?, ?, ?, 'month', ?, 'trialing', ?, ?, ?, ?, false, NULL, "
                   "NULL, NULL, NULL, NULL, NULL, 0)", [sub_id, a["account_id"], name, plan["plan_code"], seats,
                                                         today.isoformat(), end.isoformat(), today.isoformat(),
                                                         end.isoformat()])
        db.execute("UPDATE accounts SET trial_used = true WHERE account_id = ?", [a["account_id"]])
        return {"subscription_id": sub_id, "status": "trialing", "plan_code": plan["plan_code"], "seats": seats,
                "trial_ends_on": end.isoformat(), "billing_interval": "month",
                "note": "trials bill monthly; the interval can be chosen when the trial converts"
                if billing_interval == "year" else None}
    pm = _method(db, a, None)
    end = _add_months(today, 1 if billing_interval == "month" else 12)
    db.execute("INSERT INTO subscriptions VALUES (?, ?, ?, ?, ?, ?, 'active', ?, NULL, ?, ?, false, NULL, NULL, "
               "NULL, NULL, NULL, NULL, 0)", [sub_id, a["account_id"], name, plan["plan_code"], billing_interval,
                                              seats, today.isoformat(), today.isoformat(), end.isoformat()])
    s = _sub(db, sub_id)
    bill = _bill(db, a, s, "renewal", _period_lines(db, s, plan["plan_code"], seats), today, end, pm=pm)
    return {"subscription_id": sub_id, "status": "active", "plan_code": plan["plan_code"], "seats": seats,
            "billing_interval": billing_interval, "current_period_end": end.isoformat(), "invoice": bill}


@tool(writes=True)
def change_plan(db: Database, subscription_id: str, new_plan_code: PlanCode) -> dict:
    """Move a trialing or active subscription to another plan (same billing interval and seats).

    An upgrade (a higher tier) takes effect now and charges the price difference for the days left in the period
    (plus tax) to the default payment method; a downgrade is scheduled for the end of the current period. During a
    trial the change is immediate and free.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        new_plan_code: The plan to move to: STARTER, TEAM, BUSINESS or ENTERPRISE.

    Returns:
        The kind of change, the effective date and the prorated invoice for an upgrade.
    """
    s = _sub(db, subscription_id)
    _require_changeable(s, "change its plan")
    out = _plan_change(db, s, new_plan_code)
    if out["change"] == "downgrade":
        db.execute("UPDATE subscriptions SET scheduled_plan_code = ? WHERE subscription_id = ?",
                   [out["to_plan"], s["subscription_id"]])
        return out
    if out["change"] == "upgrade":
        a = _account(db, s["account_id"])
        new = _plan(db, out["to_plan"])
        line = (f"Upgrade to {new['name']}, {s['seats']} seats, {out['days_left_in_period']} of "
                f"{out['days_in_period']} days", s["seats"], out["prorated_charge"])
        out["invoice"] = _bill(db, a, s, "proration", [line], _today(db), _d(s["current_period_end"]))
    db.execute("UPDATE subscriptions SET plan_code = ?, scheduled_plan_code = NULL WHERE subscription_id = ?",
               [out["to_plan"], s["subscription_id"]])
    return out


@tool(writes=True)
def change_seat_count(db: Database, subscription_id: str, seats: int) -> dict:
    """Change the number of seats of a trialing or active subscription.

    More seats take effect now, charging the added seats (and per-seat add-ons) for the days left in the period
    plus tax to the default payment method; fewer seats are scheduled for the end of the current period (no
    refund). During a trial the change is immediate and free.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        seats: The new number of seats, within the plan's limits.

    Returns:
        The kind of change, the effective date and the prorated invoice for an increase.
    """
    s = _sub(db, subscription_id)
    _require_changeable(s, "change its seats")
    out = _seat_change(db, s, seats)
    if out["change"] == "decrease":
        scheduled = None if seats == s["seats"] else seats
        db.execute("UPDATE subscriptions SET scheduled_seats = ? WHERE subscription_id = ?",
                   [scheduled, s["subscription_id"]])
        return out
    if out["change"] == "increase":
        a = _account(db, s["account_id"])
        line = (f"{seats - s['seats']} added seats, {out['days_left_in_period']} of {out['days_in_period']} days",
                seats - s["seats"], out["prorated_charge"])
        out["invoice"] = _bill(db, a, s, "proration", [line], _today(db), _d(s["current_period_end"]))
    db.execute("UPDATE subscriptions SET seats = ?, scheduled_seats = NULL WHERE subscription_id = ?",
               [seats, s["subscription_id"]])
    db.execute("UPDATE subscription_addons SET quantity = ? WHERE subscription_id = ? AND addon_code IN "
               "(SELECT addon_code FROM addons WHERE per_seat)", [seats, s["subscription_id"]])
    return out


@tool(writes=True)
def add_addon(db: Database, subscription_id: str, addon_code: AddonCode) -> dict:
    """Add an add-on to a trialing or active subscription whose plan is high enough for it.

    The add-on is charged now for the days left in the period (per seat or flat, plus tax) to the default payment
    method; free during a trial.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        addon_code: EXTRA_STORAGE, PRIORITY_SUPPORT, AI_ASSIST, SSO, ADV_SECURITY or AUDIT_LOG.

    Returns:
        The add-on, its quantity, and the prorated invoice (none during a trial).
    """
    s = _sub(db, subscription_id)
    _require_changeable(s, "add an add-on")
    addon = db.query_one("SELECT * FROM addons WHERE addon_code = ?", [addon_code])  # a validated code
    if db.scalar("SELECT count(*) FROM subscription_addons WHERE subscription_id = ? AND addon_code = ?",
                 [s["subscription_id"], addon_code]):
        raise ToolError(f"subscription {s['subscription_id']} already has {addon['name']}")
    if s["tier_rank"] < addon["min_tier_rank"]:
        raise ToolError(f"{addon['name']} needs the {_tier_name(db, addon['min_tier_rank'])} plan or higher; "
                        f"subscription {s['subscription_id']} is on {s['plan_name']}")
    if s["scheduled_plan_code"] and _plan(db, s["scheduled_plan_code"])["tier_rank"] < addon["min_tier_rank"]:
        raise ToolError(f"{addon['name']} needs a plan the scheduled downgrade to {s['scheduled_plan_code']} would "
                        "leave; cancel the downgrade first")
    qty = s["seats"] if addon["per_seat"] else 1
    out: dict[str, Any] = {"subscription_id": s["subscription_id"], "addon_code": addon_code, "name": addon["name"],
                           "quantity": qty}
    if s["status"] == "active":
        full = _money(_addon_price(addon, s["billing_interval"]) * qty)
        charge = _prorate(db, s, full)
        left, length = _days_left(db, s)
        a = _account(db, s["account_id"])
        out["invoice"] = _bill(db, a, s, "proration", [(f"{addon['name']}, {left} of {length} days", qty, charge)],
                               _today(db), _d(s["current_period_end"]))
    db.execute("INSERT INTO subscription_addons VALUES (?, ?, ?, ?)",
               [s["subscription_id"], addon_code, qty, _today(db).isoformat()])
    return out


@tool(writes=True)
def remove_addon(db: Database, subscription_id: str, addon_code: AddonCode) -> dict:
    """Remove an add-on from a trialing or active subscription, effective now (no credit for the rest of the
    period).

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        addon_code: The add-on to remove: EXTRA_STORAGE, PRIORITY_SUPPORT, AI_ASSIST, SSO, ADV_SECURITY or AUDIT_LOG.

    Returns:
        The removed add-on and the next renewal's new estimate.
    """
    s = _sub(db, subscription_id)
    _require_changeable(s, "remove an add-on")
    if not db.scalar("SELECT count(*) FROM subscription_addons WHERE subscription_id = ? AND addon_code = ?",
                     [s["subscription_id"], addon_code]):
        raise ToolError(f"subscription {s['subscription_id']} has no {addon_code} add-on")
    db.execute("DELETE FROM subscription_addons WHERE subscription_id = ? AND addon_code = ?",
               [s["subscription_id"], addon_code])
    return {"subscription_id": s["subscription_id"], "removed": addon_code,
            "next_renewal_estimate": _renewal_estimate(db, s)["total"]}


@tool(writes=True)
def apply_coupon(db: Database, subscription_id: str, coupon_code: str) -> dict:
    """Apply a coupon code to a subscription: its discount comes off the plan and add-on charges of the next
    renewal invoices for the coupon's number of months.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        coupon_code: The code, e.g. "TEAMUP10".

    Returns:
        The coupon, its percent off, the months it lasts and the next renewal's new estimate.
    """
    coupon = db.query_one("SELECT * FROM coupons WHERE coupon_code = ?", [coupon_code.strip().upper()])
    if coupon is None:
        raise ToolError(f"no coupon with code {coupon_code!r}")
    s = _sub(db, subscription_id)
    reason = _coupon_check(db, s, coupon)
    if reason:
        raise ToolError(reason)
    db.execute("INSERT INTO coupon_redemptions VALUES (?, ?, ?, ?, ?)",
               [_IDS.next(db, "RDM-"), s["subscription_id"], coupon["coupon_code"], _today(db).isoformat(),
                coupon["duration_months"]])
    db.execute("UPDATE coupons SET times_redeemed = times_redeemed + 1 WHERE coupon_code = ?",
               [coupon["coupon_code"]])
    est = _renewal_estimate(db, s)
    return {"subscription_id": s["subscription_id"], "coupon_code": coupon["coupon_code"],
            "percent_off": coupon["percent_off"], "months": coupon["duration_months"],
            "next_renewal_discount": est["discount"], "next_renewal_total": est["total"]}


@tool(writes=True)
def pay_invoice(db: Database, invoice_id: str, payment_method_id: str | None = None,
                accept_late_fee: bool = False) -> dict:
    """Pay an open invoice now with the account's default payment method or another of its methods.

    An invoice more than 14 days past its due date (the grace period) adds a late fee of 5% of its total (at
    least $10.00): such a payment is refused unless the customer agreed to the fee (accept_late_fee=true). Once
    a past-due or unpaid subscription has no open invoice left, it is active again.

    Args:
        invoice_id: The open invoice, e.g. "INV-50231".
        payment_method_id: The account's payment method to charge, e.g. "PM-3107"; omit for the default one.
        accept_late_fee: Set to true only after the customer agreed to pay the late fee.

    Returns:
        The amount charged, the late fee (0 if none), the method charged and the subscription's status.
    """
    inv = _invoice(db, invoice_id)
    if inv["status"] != "open":
        raise ToolError(f"invoice {inv['invoice_id']} is {inv['status']}; only open invoices can be paid")
    a = _account(db, inv["account_id"])
    pm = _method(db, a, payment_method_id)
    fee = _late_fee(db, inv)
    if fee and not accept_late_fee:
        raise ToolError(f"invoice {inv['invoice_id']} was due on {inv['due_on']} and is past the {GRACE_DAYS}-day "
                        f"grace period: paying it adds a late fee of ${fee:.2f}. Tell the customer and call again with "
                        "accept_late_fee=true only if they agree")
    today = _today(db).isoformat()
    db.execute("UPDATE invoices SET status = 'paid', paid_on = ? WHERE invoice_id = ?", [today, inv["invoice_id"]])
    db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?, 'succeeded', NULL)",
               [_IDS.next(db, "PAY-"), inv["invoice_id"], pm["payment_method_id"], inv["total"], today])
    s = _sub(db, inv["subscription_id"])
    out: dict[str, Any] = {"invoice_id": inv["invoice_id"], "amount_paid": inv["total"], "late_fee": fee,
                           "charged_to": _method_label(pm)}
    if fee:
        out["late_fee_invoice"] = _bill(db, a, s, "late_fee", [(f"Late fee on {inv['invoice_id']}", 1, fee)],
                                        _d(inv["period_start"]), _d(inv["period_end"]), pm=pm)["invoice_id"]
    out["total_charged"] = _money(inv["total"] + fee)
    status = s["status"]
    if status in ("past_due", "unpaid") and not db.scalar(
            "SELECT count(*) FROM invoices WHERE subscription_id = ? AND status = 'open'", [s["subscription_id"]]):
        status = "active"
        db.execute("UPDATE subscriptions SET status = 'active' WHERE subscription_id = ?", [s["subscription_id"]])
    out["subscription_id"], out["subscription_status"] = s["subscription_id"], status
    return out


@tool(writes=True)
def refund_invoice(db: Database, invoice_id: str, reason: RefundReason) -> dict:
    """Refund a paid renewal invoice in full to the payment method that paid it.

    Only within 14 days of payment for monthly billing (30 days for annual), and at most one refund per account
    every 180 days. Refunding the invoice of the period still running ends that subscription immediately.

    Args:
        invoice_id: The paid renewal invoice, e.g. "INV-50231".
        reason: accidental_renewal, not_using, duplicate_charge or dissatisfied.

    Returns:
        The refund id and amount, the method credited and whether the subscription was cancelled.
    """
    inv = _invoice(db, invoice_id)
    why = _refund_check(db, inv)
    if why:
        raise ToolError(why)
    pay = db.query("SELECT p.*, m.kind, m.brand, m.last4 FROM payments p JOIN payment_methods m "
                   "ON m.payment_method_id = p.payment_method_id WHERE p.invoice_id = ? AND p.outcome = "
                   "'succeeded' ORDER BY p.payment_id", [inv["invoice_id"]])[-1]  # the payment that settled it
    refund_id = _IDS.next(db, "RF-")
    today = _today(db)
    db.execute("INSERT INTO refunds VALUES (?, ?, ?, ?, ?, ?)",
               [refund_id, inv["invoice_id"], pay["payment_id"], inv["total"], reason, today.isoformat()])
    db.execute("UPDATE invoices SET status = 'refunded' WHERE invoice_id = ?", [inv["invoice_id"]])
    s = _sub(db, inv["subscription_id"])
    ended = False
    if s["status"] != "cancelled" and _d(inv["period_end"]) > today and \
            inv["period_start"] == s["current_period_start"]:
        ended = True
        db.execute("UPDATE subscriptions SET status = 'cancelled', cancelled_on = ?, cancel_reason = 'refunded', "
                   "cancel_at_period_end = false, scheduled_plan_code = NULL, scheduled_seats = NULL, "
                   "pause_starts_on = NULL, resume_on = NULL WHERE subscription_id = ?",
                   [today.isoformat(), s["subscription_id"]])
    return {"refund_id": refund_id, "invoice_id": inv["invoice_id"], "amount": inv["total"],
            "refunded_to": _method_label(pay), "subscription_id": s["subscription_id"],
            "subscription_cancelled": ended}


@tool(writes=True)
def pause_subscription(db: Database, subscription_id: str, months: int) -> dict:
    """Schedule a pause of an active monthly subscription from the end of its current period for 1 to 3 months
    (no charges while paused). At most 2 pauses per calendar year; not with a cancellation scheduled.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        months: How long the pause lasts: 1, 2 or 3 months.

    Returns:
        The dates the pause starts and billing resumes.
    """
    s = _sub(db, subscription_id)
    if s["status"] != "active":
        raise ToolError(f"subscription {s['subscription_id']} is {s['status']}; only active subscriptions can be "
                        "paused")
    if s["billing_interval"] != "month":
        raise ToolError(f"subscription {s['subscription_id']} is billed annually; only monthly subscriptions can "
                        "be paused")
    if not 1 <= months <= 3:
        raise ToolError(f"a pause lasts 1 to 3 months, not {months}")
    if s["pause_starts_on"]:
        raise ToolError(f"subscription {s['subscription_id']} already has a pause scheduled from "
                        f"{s['pause_starts_on']} to {s['resume_on']}")
    if s["cancel_at_period_end"]:
        raise ToolError(f"subscription {s['subscription_id']} is set to cancel on {s['current_period_end']}; revoke "
                        "the cancellation before pausing")
    if s["pauses_this_year"] >= MAX_PAUSES_PER_YEAR:
        raise ToolError(f"subscription {s['subscription_id']} has already been paused {s['pauses_this_year']} times "
                        f"this year; the limit is {MAX_PAUSES_PER_YEAR}")
    start = _d(s["current_period_end"])
    resume = _add_months(start, months)
    db.execute("UPDATE subscriptions SET pause_starts_on = ?, resume_on = ?, pauses_this_year = pauses_this_year + 1 "
               "WHERE subscription_id = ?", [start.isoformat(), resume.isoformat(), s["subscription_id"]])
    return {"subscription_id": s["subscription_id"], "pause_starts_on": start.isoformat(),
            "resume_on": resume.isoformat(), "pauses_this_year": s["pauses_this_year"] + 1}


@tool(writes=True)
def resume_subscription(db: Database, subscription_id: str) -> dict:
    """End a pause early. A paused subscription is active again from today: a new monthly period starts and its
    renewal invoice is charged now to the default payment method. A pause that has not started yet is simply
    called off (and no longer counts toward the yearly limit).

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".

    Returns:
        The subscription's status, its new period and the invoice when one was charged.
    """
    s = _sub(db, subscription_id)
    if s["status"] == "active" and s["pause_starts_on"]:
        db.execute("UPDATE subscriptions SET pause_starts_on = NULL, resume_on = NULL, "
                   "pauses_this_year = greatest(pauses_this_year - 1, 0) WHERE subscription_id = ?",
                   [s["subscription_id"]])
        return {"subscription_id": s["subscription_id"], "status": "active", "pause_called_off": True,
                "current_period_end": s["current_period_end"]}
    if s["status"] != "paused":
        raise ToolError(f"subscription {s['subscription_id']} is {s['status']} with no pause scheduled; there is "
                        "nothing to resume")
    a = _account(db, s["account_id"])
    pm = _method(db, a, None)
    today = _today(db)
    end = _add_months(today, 1)
    coupon = _coupon_line(db, s["subscription_id"])
    bill = _bill(db, a, s, "renewal", _period_lines(db, s, s["plan_code"], s["seats"]), today, end,
                 discount_pct=coupon["percent_off"] if coupon else 0, pm=pm)
    if coupon:
        db.execute("UPDATE coupon_redemptions SET months_left = months_left - 1 WHERE redemption_id = ?",
                   [coupon["redemption_id"]])
    db.execute("UPDATE subscriptions SET status = 'active', current_period_start = ?, current_period_end = ?, "
               "pause_starts_on = NULL, resume_on = NULL WHERE subscription_id = ?",
               [today.isoformat(), end.isoformat(), s["subscription_id"]])
    return {"subscription_id": s["subscription_id"], "status": "active", "current_period_start": today.isoformat(),
            "current_period_end": end.isoformat(), "invoice": bill}


@tool(writes=True)
def cancel_subscription(db: Database, subscription_id: str, when: Literal["at_period_end", "immediately"],
                        reason: CancelReason) -> dict:
    """Cancel a subscription at the end of its current period (it stays usable until then and the cancellation can
    be revoked) or immediately (access ends today, no refund by itself). Trials always end immediately, free;
    only active subscriptions can be cancelled at period end.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".
        when: at_period_end or immediately.
        reason: too_expensive, missing_features, switching_provider, no_longer_needed or company_closed.

    Returns:
        The subscription's status, and the date access ends.
    """
    s = _sub(db, subscription_id)
    if s["status"] == "cancelled":
        raise ToolError(f"subscription {s['subscription_id']} was already cancelled on {s['cancelled_on']}")
    today = _today(db).isoformat()
    if s["status"] == "trialing" or when == "immediately":
        db.execute("UPDATE subscriptions SET status = 'cancelled', cancelled_on = ?, cancel_reason = ?, "
                   "cancel_at_period_end = false, scheduled_plan_code = NULL, scheduled_seats = NULL, "
                   "pause_starts_on = NULL, resume_on = NULL WHERE subscription_id = ?",
                   [today, reason, s["subscription_id"]])
        open_ = db.scalar("SELECT count(*) FROM invoices WHERE subscription_id = ? AND status = 'open'",
                          [s["subscription_id"]])
        return {"subscription_id": s["subscription_id"], "status": "cancelled", "access_ends_on": today,
                "was_trial": s["status"] == "trialing", "open_invoices_still_due": open_}
    if s["status"] != "active":
        raise ToolError(f"subscription {s['subscription_id']} is {s['status']}; only active subscriptions can be "
                        "cancelled at period end (it can be cancelled immediately)")
    if s["cancel_at_period_end"]:
        raise ToolError(f"subscription {s['subscription_id']} is already set to cancel on {s['current_period_end']}")
    db.execute("UPDATE subscriptions SET cancel_at_period_end = true, cancel_reason = ?, scheduled_plan_code = NULL, "
               "scheduled_seats = NULL, pauses_this_year = pauses_this_year - (CASE WHEN pause_starts_on IS NULL "
               "THEN 0 ELSE 1 END), pause_starts_on = NULL, resume_on = NULL WHERE subscription_id = ?",
               [reason, s["subscription_id"]])
    return {"subscription_id": s["subscription_id"], "status": "active", "cancel_at_period_end": True,
            "access_ends_on": s["current_period_end"]}


@tool(writes=True)
def revoke_cancellation(db: Database, subscription_id: str) -> dict:
    """Keep a subscription that is set to cancel at the end of its period: it renews as usual.

    Args:
        subscription_id: The subscription, e.g. "SUB-20415".

    Returns:
        The subscription and its renewal date.
    """
    s = _sub(db, subscription_id)
    if s["status"] == "cancelled":
        raise ToolError(f"subscription {s['subscription_id']} already ended on {s['cancelled_on']}; a cancelled "
                        "subscription cannot be revived, start a new one")
    if not s["cancel_at_period_end"]:
        raise ToolError(f"subscription {s['subscription_id']} is not set to cancel")
    db.execute("UPDATE subscriptions SET cancel_at_period_end = false, cancel_reason = NULL WHERE "
               "subscription_id = ?", [s["subscription_id"]])
    return {"subscription_id": s["subscription_id"], "status": s["status"], "renews_on": s["current_period_end"]}


@tool(writes=True)
def set_default_payment_method(db: Database, account_id: str, payment_method_id: str) -> dict:
    """Make one of the account's payment methods (not expired) the default that renewals and charges use.

    Args:
        account_id: The account, e.g. "ACC-1042".
        payment_method_id: The account's payment method, e.g. "PM-3107".

    Returns:
        The account and its new default payment method.
    """
    a = _account(db, account_id)
    pm = _method(db, a, payment_method_id)
    if pm["payment_method_id"] == a["default_payment_method_id"]:
        raise ToolError(f"the {_method_label(pm)} already is the default payment method")
    db.execute("UPDATE accounts SET default_payment_method_id = ? WHERE account_id = ?",
               [pm["payment_method_id"], a["account_id"]])
    return {"account_id": a["account_id"], "default_payment_method_id": pm["payment_method_id"],
            "default_payment_method": _method_label(pm)}
