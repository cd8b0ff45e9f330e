"""Tools of the utilities environment: the customer-service desk of Silverlarch Power & Water.

Reads look up customers, service accounts, bills, meter readings, tariffs, service addresses and payment-plan
quotes. Writes take bill payments, waive late fees, set up and pay payment plans, reconnect, start, stop and
transfer service, cancel scheduled service orders, settle disputes of estimated readings and change tariffs, each
under the utility's rules.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import as_date as _day
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import today as _today

HOLIDAYS = frozenset({date(2026, 5, 25), date(2026, 6, 19), date(2026, 7, 3), date(2026, 9, 7)})
START_NOTICE, STOP_NOTICE = 1, 2  # business days of notice
MAX_AHEAD_DAYS = 60
DISPUTE_WINDOW_DAYS = 30
PLAN_MONTHS = (2, 6)
PLAN_LIMITS = (50.00, 1500.00)
COOLDOWN_DAYS = 365  # one plan per account, one late-fee waiver per customer, one tariff change per account
RECONNECTION_FEE = {"electric": 65.00, "water": 40.00}
#: The tariff a new account starts on, by service and customer class.
DEFAULT_TARIFF = {("electric", "residential"): "E-RES", ("electric", "commercial"): "E-SBG",
                  ("water", "residential"): "W-RES", ("water", "commercial"): "W-COM"}
DUE_DAYS = 21
#: Bills per list_bills page: 8 full bills stay well under the 4,000 characters an agent is shown.
MAX_BILLS = 8

ServiceType = Literal["electric", "water"]
PayMethod = Literal["card", "bank_account"]
BillStatus = Literal["open", "overdue", "paid", "in_plan", "rebilled"]

# New ids continue the numbering of existing rows, so they depend on the state alone.
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "ACC-": ("service_accounts", "account_id", 0),
    "B-": ("bills", "bill_id", 0),
    "PMT-": ("payments", "payment_id", 0),
    "PP-": ("payment_plans", "plan_id", 0),
    "SO-": ("service_orders", "order_id", 0),
    "DSP-": ("disputes", "dispute_id", 0),
    "CR-": ("customer_reads", "customer_read_id", 0),
})


def _add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    return date(d.year + y, m + 1, min(d.day, calendar.monthrange(d.year + y, m + 1)[1]))


def _business_day(d: date) -> bool:
    return d.weekday() < 5 and d not in HOLIDAYS


def _after_business_days(d: date, n: int) -> date:
    while n:
        d += timedelta(days=1)
        n -= _business_day(d)
    return d


def _service_date(db: Database, value: str, notice: int, what: str) -> date:
    """A field-work date: a business day, with ``notice`` business days of notice, at most 60 days ahead."""
    try:
        d = date.fromisoformat(value.strip())
    except ValueError:
        raise ToolError(f"{what} must be a date as YYYY-MM-DD, got {value!r}") from None
    today = _today(db)
    if not _business_day(d):
        why = "a holiday" if d in HOLIDAYS else f"a {d.strftime('%A')}"
        raise ToolError(f"{d} is {why}; field crews work on business days only (the next one is "
                        f"{_after_business_days(d, 1)})")
    earliest = _after_business_days(today, notice)
    if d < earliest:
        raise ToolError(f"{what} {d} is too soon: it needs {notice} business day{'s' * (notice > 1)} of notice, "
                        f"so the earliest possible date is {earliest}")
    if d > today + timedelta(days=MAX_AHEAD_DAYS):
        raise ToolError(f"{what} {d} is more than {MAX_AHEAD_DAYS} days ahead; the latest possible date is "
                        f"{today + timedelta(days=MAX_AHEAD_DAYS)}")
    return d


def _address(row: dict[str, Any]) -> str:
    return ", ".join(x for x in (row["street"], row["unit"], row["city"]) if x) + f", {row['state']} {row['zip_code']}"


_LOOKUP = {  # what -> (query by id, an example id)
    "customer": ("SELECT * FROM customers WHERE customer_id = ?", "C-20041"),
    "service account": ("SELECT a.*, p.street, p.unit, p.city, p.state, p.zip_code, p.premise_type FROM "
                        "service_accounts a JOIN premises p USING (premise_id) WHERE a.account_id = ?", "ACC-30118"),
    "service address": ("SELECT * FROM premises WHERE premise_id = ?", "PR-5107"),
    "tariff": ("SELECT * FROM tariffs WHERE tariff_id = ?", "E-RES"),
    "bill": ("SELECT b.*, a.customer_id FROM bills b JOIN service_accounts a USING (account_id) WHERE b.bill_id = ?",
             "B-104412"),
    "payment plan": ("SELECT * FROM payment_plans WHERE plan_id = ?", "PP-3007"),
    "service order": ("SELECT * FROM service_orders WHERE order_id = ?", "SO-8044"),
    "meter reading": ("SELECT * FROM meter_readings WHERE reading_id = ?", "RD-005471"),
}


def _row(db: Database, what: str, key: str) -> dict[str, Any]:
    """The row of a ``what`` (see _LOOKUP) by its id, or a refusal naming the id's form."""
    sql, example = _LOOKUP[what]
    row = db.query_one(sql, [key.strip().upper()])
    if row is None:
        raise ToolError(f"no {what} with id {key!r} ({what} ids look like {example!r})")
    return row


def _balances(db: Database, account_id: str) -> tuple[float, float]:
    """The account's balance (open and overdue bills) and the overdue part of it."""
    row = db.query_one("SELECT coalesce(sum(total - amount_paid), 0) AS balance, coalesce(sum(total - amount_paid) "
                       "FILTER (WHERE status = 'overdue'), 0) AS overdue FROM bills WHERE account_id = ? "
                       "AND status IN ('open', 'overdue')", [account_id])
    return _money(row["balance"]), _money(row["overdue"])


def _bill_status(total: float, paid: float, due: date, today: date) -> str:
    return "paid" if paid >= total - 0.005 else "overdue" if due < today else "open"


def _active_plan(db: Database, account_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT * FROM payment_plans WHERE account_id = ? AND status = 'active'", [account_id])


def _charge(db: Database, tariff_id: str, usage: int) -> tuple[float, list[dict[str, Any]]]:
    """The tiered usage charge of ``usage`` units and its breakdown by tier."""
    total, lower, parts = 0.0, 0, []
    for t in db.query("SELECT tier, up_to, rate FROM tariff_tiers WHERE tariff_id = ? ORDER BY tier", [tariff_id]):
        top = usage if t["up_to"] is None else min(usage, t["up_to"])
        if top > lower:
            total += (top - lower) * t["rate"]
            parts.append({"tier": t["tier"], "units": top - lower, "rate": t["rate"],
                          "charge": _money((top - lower) * t["rate"])})
        if t["up_to"] is None or usage <= t["up_to"]:
            break
        lower = t["up_to"]
    return _money(total), parts


def _pay(db: Database, account_id: str, amount: float, method: str, purpose: str, plan_id: str | None = None) -> str:
    payment_id = _IDS.next(db, "PMT-")
    db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?, ?, ?)",
               [payment_id, account_id, _today(db), _money(amount), method, purpose, plan_id])
    return payment_id


def _new_order(db: Database, account_id: str, kind: str, when: date, status: str = "scheduled",
               fee: float = 0.0) -> str:
    order_id = _IDS.next(db, "SO-")
    db.execute("INSERT INTO service_orders VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
               [order_id, account_id, kind, when, status, _today(db), fee])
    return order_id


def _check_new_service(db: Database, customer: dict[str, Any], premise: dict[str, Any], service_type: str) -> None:
    """Service can start at a premise that has a meter for it and no other live account, for a customer in good
    standing."""
    if db.query_one("SELECT meter_id FROM meters WHERE premise_id = ? AND service_type = ?",
                    [premise["premise_id"], service_type]) is None:
        raise ToolError(f"{service_type} service is not offered at {_address(premise)} (no {service_type} meter; "
                        "water is only supplied inside the water district)")
    live = db.query_one("SELECT account_id, customer_id, status FROM service_accounts WHERE premise_id = ? AND "
                        "service_type = ? AND status <> 'closed'", [premise["premise_id"], service_type])
    if live is not None:
        whose = "this customer's" if live["customer_id"] == customer["customer_id"] else "another customer's"
        raise ToolError(f"{_address(premise)} already has {service_type} service on {whose} account "
                        f"({live['status']}); one account per address and service")
    overdue = db.query("SELECT b.account_id, sum(b.total - b.amount_paid) AS overdue FROM bills b JOIN "
                       "service_accounts a USING (account_id) WHERE a.customer_id = ? AND b.status = 'overdue' "
                       "GROUP BY b.account_id HAVING sum(b.total - b.amount_paid) > 0.005 ORDER BY 1",
                       [customer["customer_id"]])
    if overdue:
        owed = ", ".join(f"{r['account_id']} owes {_money(r['overdue']):.2f}" for r in overdue)
        raise ToolError(f"new service needs the customer's overdue balances paid first ({owed}); balances in a "
                        "payment plan do not count")


def _plan_problem(db: Database, a: dict[str, Any], overdue: float) -> str | None:
    """Why the account cannot get a payment plan now (None when it can)."""
    if a["status"] == "closed":
        return f"account {a['account_id']} is closed; closed accounts cannot get a payment plan"
    plan = _active_plan(db, a["account_id"])
    if plan is not None:
        return f"account {a['account_id']} already has an active payment plan ({plan['plan_id']})"
    last = db.scalar("SELECT max(created_on) FROM payment_plans WHERE account_id = ?", [a["account_id"]])
    if last and (_today(db) - _day(last)).days < COOLDOWN_DAYS:
        again = _day(last) + timedelta(days=COOLDOWN_DAYS)
        return (f"account {a['account_id']} had a payment plan created on {last}; one plan per 12 months, so the "
                f"next one is possible from {again}")
    low, high = PLAN_LIMITS
    if not low <= overdue <= high:
        return (f"the overdue balance is {overdue:.2f}; payment plans cover overdue balances from {low:.2f} to "
                f"{high:.2f}")
    return None


def _plan_terms(total: float, months: int) -> tuple[float, float]:
    installment = _money(total / months)
    return installment, _money(total - installment * (months - 1))


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def lookup_customer_by_email(db: Database, email: str) -> dict:
    """Find a customer's id from their email address.

    Args:
        email: The customer's email address, e.g. "megan.chang@example.com".
    Returns:
        The customer id and name.
    """
    row = db.query_one("SELECT customer_id, first_name, last_name FROM customers WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no customer with email {email!r}")
    return row


@tool
def lookup_customer_by_name_zip(db: Database, first_name: str, last_name: str, zip_code: str) -> dict:
    """Find a customer's id from their full name and the zip code of their billing address.

    Args:
        first_name: The customer's first name, e.g. "Megan".
        last_name: The customer's last name, e.g. "Chang".
        zip_code: The five-digit zip code of the customer's billing address, e.g. "98926".
    Returns:
        The customer id and name.
    """
    row = db.query_one("SELECT customer_id, first_name, last_name FROM customers WHERE lower(first_name) = "
                       "lower(?) AND lower(last_name) = lower(?) AND zip_code = ?",
                       [first_name.strip(), last_name.strip(), zip_code.strip()])
    if row is None:
        raise ToolError(f"no customer named {first_name} {last_name} with billing zip code {zip_code}")
    return row


@tool
def get_customer_overview(db: Database, customer_id: str) -> dict:
    """Get a customer's contact details, service accounts (with address, status and balances) and scheduled orders.

    Args:
        customer_id: The customer's id, e.g. "C-20041".
    Returns:
        Contact details, every service account (open ones first) and the service orders still scheduled.
    """
    c = _row(db, "customer", customer_id)
    accounts = db.query("SELECT a.account_id, a.service_type, a.status, a.premise_id, p.street, p.unit, p.city, "
                        "p.state, p.zip_code, a.start_date, a.end_date FROM service_accounts a JOIN premises p "
                        "USING (premise_id) WHERE a.customer_id = ? ORDER BY a.status = 'closed', a.account_id",
                        [c["customer_id"]])
    out = []
    for a in accounts:
        balance, overdue = _balances(db, a["account_id"])
        row = {k: a[k] for k in ("account_id", "service_type", "status")}
        row.update({"address": _address(a), "premise_id": a["premise_id"], "start_date": a["start_date"],
                    "end_date": a["end_date"], "balance": balance, "overdue_balance": overdue})
        out.append(row)
    orders = db.query("SELECT o.order_id, o.account_id, o.order_type, o.scheduled_date, a.service_type, p.street, "
                      "p.unit, p.city, p.state, p.zip_code FROM service_orders o JOIN service_accounts a USING "
                      "(account_id) JOIN premises p USING (premise_id) WHERE a.customer_id = ? AND o.status = "
                      "'scheduled' ORDER BY o.scheduled_date, o.order_id", [c["customer_id"]])
    scheduled = [{k: o[k] for k in ("order_id", "account_id", "order_type", "scheduled_date", "service_type")}
                 | {"address": _address(o)} for o in orders]
    return {"customer_id": c["customer_id"], "name": f"{c['first_name']} {c['last_name']}", "email": c["email"],
            "phone": c["phone"], "mailing_address": f"{c['mailing_address']} {c['zip_code']}",
            "customer_since": c["customer_since"], "assistance_enrolled": c["assistance_enrolled"],
            "accounts": out, "scheduled_orders": scheduled}


@tool
def get_service_account(db: Database, account_id: str) -> dict:
    """Get one service account: address, status, tariff, meter, balances, payment plan and service orders.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
    Returns:
        The account's details; a disconnected account also shows its reconnection fee.
    """
    a = _row(db, "service account", account_id)
    balance, overdue = _balances(db, a["account_id"])
    meter = db.query_one("SELECT meter_id, serial_number, meter_kind FROM meters WHERE premise_id = ? AND "
                         "service_type = ?", [a["premise_id"], a["service_type"]])
    plan = _active_plan(db, a["account_id"])
    if plan is not None:
        plan = {k: plan[k] for k in ("plan_id", "created_on", "total_amount", "months", "installment_amount",
                                     "installments_paid", "next_due_date")}
    orders = db.query("SELECT order_id, order_type, scheduled_date, status, fee, linked_order_id FROM service_orders "
                      "WHERE account_id = ? ORDER BY scheduled_date DESC, order_id DESC", [a["account_id"]])
    out = {"account_id": a["account_id"], "customer_id": a["customer_id"], "service_type": a["service_type"],
           "status": a["status"], "address": _address(a), "premise_id": a["premise_id"],
           "premise_type": a["premise_type"], "tariff_id": a["tariff_id"],
           "tariff_name": db.scalar("SELECT name FROM tariffs WHERE tariff_id = ?", [a["tariff_id"]]),
           "tariff_changed_on": a["tariff_changed_on"], "start_date": a["start_date"], "end_date": a["end_date"],
           "meter": meter, "balance": balance, "overdue_balance": overdue, "credit_balance": a["credit_balance"],
           "payment_plan": plan, "service_orders": orders}
    if a["status"] == "disconnected":
        out.update({"disconnected_on": a["disconnected_on"], "reconnection_fee": RECONNECTION_FEE[a["service_type"]]})
    return out


@tool
def list_bills(db: Database, account_id: str, status: BillStatus | None = None, offset: int = 0) -> dict:
    """List an account's bills, most recent first: period, usage, charges, late fee, total, payments and status.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        status: Only bills with this status; omit for all bills.
        offset: How many of the most recent bills to skip, e.g. 8 for the next page; omit for the newest bills.
    Returns:
        Up to 8 bills; amount_due is what is still owed on an open or overdue bill. When older bills remain,
        next_offset is the offset of the next page.
    """
    a = _row(db, "service account", account_id)
    if offset < 0:
        raise ToolError(f"offset must be zero or more, got {offset}")
    bills = db.query("SELECT bill_id, period_start, period_end, usage, tariff_id, usage_charge, fixed_charge, "
                     "late_fee, total, amount_paid, issued_on, due_date, status, late_fee_waived_on, plan_id, "
                     "replaces_bill_id FROM bills WHERE account_id = ? AND (? IS NULL OR status = ?) "
                     "ORDER BY issued_on DESC, bill_id DESC LIMIT ? OFFSET ?",
                     [a["account_id"], status, status, MAX_BILLS + 1, offset])
    more = len(bills) > MAX_BILLS
    bills = bills[:MAX_BILLS]
    for b in bills:
        b["service_type"] = a["service_type"]
        b["amount_due"] = _money(b["total"] - b["amount_paid"]) if b["status"] in ("open", "overdue") else 0.0
        for key in ("late_fee_waived_on", "plan_id", "replaces_bill_id"):
            if b[key] is None:
                del b[key]
    out = {"account_id": a["account_id"], "service_type": a["service_type"], "bills": bills}
    if more:
        out["next_offset"] = offset + MAX_BILLS
    return out


@tool
def get_meter_readings(db: Database, account_id: str) -> dict:
    """Get an account's meter and its readings (actual, estimated or corrected), most recent first, with the
    readings the customer sent in and the disputes of estimates.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
    Returns:
        The meter, up to 12 readings with their usage, the customer's own readings and the disputes.
    """
    a = _row(db, "service account", account_id)
    meter = db.query_one("SELECT meter_id, serial_number, meter_kind FROM meters WHERE premise_id = ? AND "
                         "service_type = ?", [a["premise_id"], a["service_type"]])
    readings = db.query("SELECT reading_id, read_date, reading_value, usage, read_type FROM meter_readings "
                        "WHERE account_id = ? ORDER BY read_date DESC LIMIT 12", [a["account_id"]])
    own = db.query("SELECT customer_read_id, read_date, reading_value, source FROM customer_reads WHERE meter_id = ? "
                   "AND read_date >= ? ORDER BY read_date DESC", [meter["meter_id"], a["start_date"]])
    disputes = db.query("SELECT dispute_id, reading_id, opened_on, status, customer_value, corrected_value, "
                        "adjustment FROM disputes WHERE account_id = ? ORDER BY opened_on DESC", [a["account_id"]])
    return {"account_id": a["account_id"], "unit": "kWh" if a["service_type"] == "electric" else "CCF", **meter,
            "readings": readings, "customer_reads": own, "disputes": disputes}


@tool
def list_tariffs(db: Database, service_type: ServiceType) -> list:
    """List the tariffs of a service with their fixed charge and tiered rates.

    Args:
        service_type: "electric" or "water".
    Returns:
        Each tariff's id, name, customer class (residential or commercial), unit, fixed charge per bill, whether it
        needs enrollment in the assistance program, and its tiers (usage up to which each rate applies).
    """
    tariffs = db.query("SELECT tariff_id, name, customer_class, unit, fixed_charge, requires_assistance, description "
                       "FROM tariffs WHERE service_type = ? ORDER BY customer_class DESC, tariff_id", [service_type])
    for t in tariffs:
        t["tiers"] = db.query("SELECT tier, up_to, rate FROM tariff_tiers WHERE tariff_id = ? ORDER BY tier",
                              [t["tariff_id"]])
    return tariffs


@tool
def estimate_bill_on_tariff(db: Database, account_id: str, tariff_id: str, usage: int | None = None) -> dict:
    """Price an account's usage on a tariff of its service, next to its current tariff, to compare tariffs.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        tariff_id: The tariff to price, e.g. "E-FLT" (from list_tariffs).
        usage: Usage to price in the account's unit (kWh for electric, CCF for water), e.g. 850; omit to use the
            usage of the account's latest bill.
    Returns:
        The usage priced, the usage charge by tier, fixed charge and total on the tariff, the total on the current
        tariff and the difference (tariff total minus current total); late fees aside.
    """
    a = _row(db, "service account", account_id)
    t = _row(db, "tariff", tariff_id)
    if t["service_type"] != a["service_type"]:
        raise ToolError(f"{t['name']} is a {t['service_type']} tariff; account {a['account_id']} is "
                        f"{a['service_type']} service")
    if t["tariff_id"] == a["tariff_id"]:
        raise ToolError(f"account {a['account_id']} is already on {t['name']}; its bills show what it costs")
    if usage is None:
        usage = db.scalar("SELECT usage FROM bills WHERE account_id = ? AND status <> 'rebilled' ORDER BY "
                          "period_end DESC LIMIT 1", [a["account_id"]])
        if usage is None:
            raise ToolError(f"account {a['account_id']} has no bill yet; give the usage to price")
    if usage < 0:
        raise ToolError(f"usage must be zero or more, got {usage}")
    charge, parts = _charge(db, t["tariff_id"], usage)
    total = _money(charge + t["fixed_charge"])
    current = _row(db, "tariff", a["tariff_id"])
    now_total = _money(_charge(db, current["tariff_id"], usage)[0] + current["fixed_charge"])
    return {"account_id": a["account_id"], "usage": usage, "unit": t["unit"], "priced_tariff": t["name"],
            "usage_charge": charge, "fixed_charge": t["fixed_charge"], "total": total, "tiers": parts,
            "current_tariff_name": current["name"], "current_total": now_total,
            "difference": _money(total - now_total)}


@tool
def search_service_addresses(db: Database, service_zip: str, street: str | None = None) -> list:
    """Find service addresses in a zip code and whether electric and water service can be started there.

    Args:
        service_zip: The five-digit zip code of the address, e.g. "98926".
        street: Part of the street address, e.g. "Juniper" or "418 Juniper"; omit to list the whole zip code.
    Returns:
        Up to 25 addresses with their id, type, and for each service "available" (can be started), "connected"
        (an account already serves it) or "not_offered" (no meter for it).
    """
    rows = db.query(
        "SELECT p.*, (SELECT count(*) FROM meters m WHERE m.premise_id = p.premise_id AND m.service_type = 'water') "
        "AS water_meter, (SELECT list(a.service_type) FROM service_accounts a WHERE a.premise_id = p.premise_id AND "
        "a.status <> 'closed') AS live FROM premises p WHERE p.zip_code = ? AND (? IS NULL OR lower(p.street || "
        "' ' || coalesce(p.unit, '')) LIKE ?) ORDER BY p.street, p.unit, p.premise_id LIMIT 25",
        [service_zip.strip(), street, f"%{(street or '').strip().lower()}%"])
    if not rows:
        raise ToolError(f"no service addresses in zip code {service_zip!r}" + (f" matching {street!r}" if street
                                                                              else ""))
    out = []
    for p in rows:
        live = p["live"] or []
        water = "not_offered" if not p["water_meter"] else "connected" if "water" in live else "available"
        out.append({"premise_id": p["premise_id"], "address": _address(p), "premise_type": p["premise_type"],
                    "electric_service": "connected" if "electric" in live else "available", "water_service": water})
    return out


@tool
def quote_payment_plan(db: Database, account_id: str) -> dict:
    """Check whether an account can get a payment plan for its overdue balance, and what each option costs.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
    Returns:
        The overdue balance, whether a plan is possible (and why not), and per number of months the installment
        amount (the last installment takes the rounding); the first installment is due the day the plan is set up.
    """
    a = _row(db, "service account", account_id)
    overdue = _balances(db, a["account_id"])[1]
    if overdue <= 0:
        raise ToolError(f"account {a['account_id']} has no overdue balance; there is nothing to put on a plan")
    problem = _plan_problem(db, a, overdue)
    out: dict[str, Any] = {"account_id": a["account_id"], "overdue_balance": overdue, "eligible": problem is None}
    if problem:
        out["reason"] = problem
        return out
    options = []
    for months in range(PLAN_MONTHS[0], PLAN_MONTHS[1] + 1):
        installment, final = _plan_terms(overdue, months)
        options.append({"months": months, "installment_amount": installment, "final_installment": final})
    out.update({"first_installment_due": _today(db).isoformat(), "options": options})
    return out


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def record_bill_payment(db: Database, account_id: str, amount: float, method: PayMethod) -> dict:
    """Take a payment toward an account's open and overdue bills, applied to the oldest due date first.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        amount: Dollars to pay, more than 0 and at most the account's balance, e.g. 142.75.
        method: "card" or "bank_account".
    Returns:
        The payment id, how it was applied to each bill, and the remaining balance and overdue balance.
    """
    a = _row(db, "service account", account_id)
    amount = _money(amount)
    balance, _ = _balances(db, a["account_id"])
    if amount <= 0:
        raise ToolError(f"the amount must be more than 0, got {amount:.2f}")
    if balance <= 0:
        raise ToolError(f"account {a['account_id']} has no open or overdue bills to pay")
    if amount > balance:
        raise ToolError(f"{amount:.2f} is more than the account's balance of {balance:.2f}; payments cannot exceed "
                        "the balance")
    today, left, applied = _today(db), amount, []
    for b in db.query("SELECT bill_id, total, amount_paid, due_date FROM bills WHERE account_id = ? AND status IN "
                      "('open', 'overdue') ORDER BY due_date, bill_id", [a["account_id"]]):
        part = _money(min(left, b["total"] - b["amount_paid"]))
        if part <= 0:
            break
        paid = _money(b["amount_paid"] + part)
        status = _bill_status(b["total"], paid, _day(b["due_date"]), today)
        db.execute("UPDATE bills SET amount_paid = ?, status = ? WHERE bill_id = ?", [paid, status, b["bill_id"]])
        applied.append({"bill_id": b["bill_id"], "amount": part, "status": status})
        left = _money(left - part)
    payment_id = _pay(db, a["account_id"], amount, method, "bills")
    balance, overdue = _balances(db, a["account_id"])
    return {"payment_id": payment_id, "account_id": a["account_id"], "amount": amount, "method": method,
            "applied": applied, "balance": balance, "overdue_balance": overdue}


@tool(writes=True)
def waive_late_fee(db: Database, bill_id: str) -> dict:
    """Waive the late fee of an unpaid bill (at most one waiver per customer in 12 months).

    Args:
        bill_id: The bill's id, e.g. "B-104412" (from list_bills).
    Returns:
        The amount waived, the bill's new total, what is still due and its status.
    """
    b = _row(db, "bill", bill_id)
    if b["late_fee"] <= 0:
        raise ToolError(f"bill {b['bill_id']} has no late fee to waive")
    if b["status"] not in ("open", "overdue"):
        raise ToolError(f"bill {b['bill_id']} is {b['status']}; only fees still unpaid (open or overdue bills) can "
                        "be waived")
    today = _today(db)
    last = db.scalar("SELECT max(b.late_fee_waived_on) FROM bills b JOIN service_accounts a USING (account_id) "
                     "WHERE a.customer_id = ?", [b["customer_id"]])
    if last and (today - _day(last)).days < COOLDOWN_DAYS:
        raise ToolError(f"this customer already had a late fee waived on {last}; one waiver per 12 months, so the "
                        f"next is possible from {_day(last) + timedelta(days=COOLDOWN_DAYS)}")
    total, paid = _money(b["total"] - b["late_fee"]), min(b["amount_paid"], _money(b["total"] - b["late_fee"]))
    status = _bill_status(total, paid, _day(b["due_date"]), today)
    db.execute("UPDATE bills SET late_fee = 0, total = ?, amount_paid = ?, status = ?, late_fee_waived_on = ? WHERE "
               "bill_id = ?", [total, paid, status, today, b["bill_id"]])
    if b["amount_paid"] > paid:  # what was paid toward the fee becomes credit
        db.execute("UPDATE service_accounts SET credit_balance = credit_balance + ? WHERE account_id = ?",
                   [_money(b["amount_paid"] - paid), b["account_id"]])
    return {"bill_id": b["bill_id"], "waived_amount": b["late_fee"], "new_total": total,
            "amount_due": _money(total - paid), "status": status}


@tool(writes=True)
def create_payment_plan(db: Database, account_id: str, months: int) -> dict:
    """Move an account's overdue balance into a payment plan of monthly installments (see quote_payment_plan).

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        months: Number of monthly installments, 2 to 6.
    Returns:
        The plan id, the amount it covers, the installment amounts and the first due date (today).
    """
    a = _row(db, "service account", account_id)
    overdue = _balances(db, a["account_id"])[1]
    problem = _plan_problem(db, a, overdue)
    if problem:
        raise ToolError(problem)
    if not PLAN_MONTHS[0] <= months <= PLAN_MONTHS[1]:
        raise ToolError(f"a payment plan runs {PLAN_MONTHS[0]} to {PLAN_MONTHS[1]} months, got {months}")
    installment, final = _plan_terms(overdue, months)
    plan_id, today = _IDS.next(db, "PP-"), _today(db)
    db.execute("INSERT INTO payment_plans VALUES (?, ?, ?, ?, ?, ?, 0, ?, 'active')",
               [plan_id, a["account_id"], today, overdue, months, installment, today])
    db.execute("UPDATE bills SET status = 'in_plan', plan_id = ? WHERE account_id = ? AND status = 'overdue'",
               [plan_id, a["account_id"]])
    return {"plan_id": plan_id, "account_id": a["account_id"], "total_amount": overdue, "months": months,
            "installment_amount": installment, "final_installment": final,
            "first_installment_due": today.isoformat(), "status": "active"}


@tool(writes=True)
def pay_plan_installment(db: Database, plan_id: str, method: PayMethod) -> dict:
    """Pay the next installment of an active payment plan.

    Args:
        plan_id: The plan's id, e.g. "PP-3007" (from get_service_account).
        method: "card" or "bank_account".
    Returns:
        The amount paid, installments paid so far, what remains, the next due date and the plan's status.
    """
    p = _row(db, "payment plan", plan_id)
    if p["status"] != "active":
        raise ToolError(f"payment plan {p['plan_id']} is {p['status']}; only active plans take installments")
    paid = p["installments_paid"] + 1
    last = paid == p["months"]
    amount = _plan_terms(p["total_amount"], p["months"])[1] if last else p["installment_amount"]
    payment_id = _pay(db, p["account_id"], amount, method, "plan_installment", p["plan_id"])
    next_due = None if last else _add_months(_day(p["created_on"]), paid)
    db.execute("UPDATE payment_plans SET installments_paid = ?, next_due_date = ?, status = ? WHERE plan_id = ?",
               [paid, next_due, "completed" if last else "active", p["plan_id"]])
    if last:
        db.execute("UPDATE bills SET status = 'paid', amount_paid = total WHERE plan_id = ?", [p["plan_id"]])
    remaining = _money(p["total_amount"] - p["installment_amount"] * paid) if not last else 0.0
    return {"plan_id": p["plan_id"], "payment_id": payment_id, "amount_paid": amount, "installments_paid": paid,
            "months": p["months"], "remaining": remaining,
            "next_due_date": next_due.isoformat() if next_due else None, "status": "completed" if last else "active"}


@tool(writes=True)
def reconnect_service(db: Database, account_id: str, method: PayMethod) -> dict:
    """Reconnect a disconnected account, charging the reconnection fee (electric 65.00, water 40.00) to the method.

    Needs the overdue balance paid, or an active payment plan whose first installment is paid.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        method: How the customer pays the reconnection fee: "card" or "bank_account".
    Returns:
        The account's new status, the fee charged and the reconnection order.
    """
    a = _row(db, "service account", account_id)
    if a["status"] != "disconnected":
        raise ToolError(f"account {a['account_id']} is {a['status']}; only disconnected accounts can be reconnected")
    overdue = _balances(db, a["account_id"])[1]
    if overdue > 0:
        raise ToolError(f"account {a['account_id']} has an overdue balance of {overdue:.2f}; it must be paid (or "
                        "moved into a payment plan) before reconnection")
    plan = _active_plan(db, a["account_id"])
    if plan is not None and plan["installments_paid"] < 1:
        raise ToolError(f"the first installment ({plan['installment_amount']:.2f}) of payment plan {plan['plan_id']} "
                        "must be paid before reconnection")
    fee = RECONNECTION_FEE[a["service_type"]]
    payment_id = _pay(db, a["account_id"], fee, method, "reconnection_fee")
    order_id = _new_order(db, a["account_id"], "reconnect", _today(db), "completed", fee)
    db.execute("UPDATE service_accounts SET status = 'active', disconnected_on = NULL WHERE account_id = ?",
               [a["account_id"]])
    return {"account_id": a["account_id"], "status": "active", "reconnection_fee": fee, "payment_id": payment_id,
            "order_id": order_id}


@tool(writes=True)
def start_service(db: Database, customer_id: str, premise_id: str, service_type: ServiceType,
                  start_date: str) -> dict:
    """Open a new service account at an address and schedule the start (at least 1 business day ahead).

    Args:
        customer_id: The customer's id, e.g. "C-20041".
        premise_id: The service address, e.g. "PR-5107" (from search_service_addresses or the customer's accounts).
        service_type: "electric" or "water".
        start_date: The start date as YYYY-MM-DD, a business day at most 60 days ahead, e.g. "2026-05-20".
    Returns:
        The new account (pending start), its tariff and the start order.
    """
    c = _row(db, "customer", customer_id)
    p = _row(db, "service address", premise_id)
    _check_new_service(db, c, p, service_type)
    when = _service_date(db, start_date, START_NOTICE, "start date")
    tariff = DEFAULT_TARIFF[(service_type, p["premise_type"])]
    account_id = _IDS.next(db, "ACC-")
    db.execute("INSERT INTO service_accounts VALUES (?, ?, ?, ?, ?, 'pending_start', ?, NULL, NULL, ?, NULL, 0)",
               [account_id, c["customer_id"], p["premise_id"], service_type, tariff, when, min(when.day, 28)])
    order_id = _new_order(db, account_id, "start", when)
    return {"account_id": account_id, "status": "pending_start", "service_type": service_type,
            "address": _address(p), "start_date": when.isoformat(), "tariff_id": tariff,
            "tariff_name": db.scalar("SELECT name FROM tariffs WHERE tariff_id = ?", [tariff]), "order_id": order_id}


@tool(writes=True)
def stop_service(db: Database, account_id: str, stop_date: str) -> dict:
    """Schedule the end of an active account's service (at least 2 business days ahead); a final bill follows.

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        stop_date: The last day of service as YYYY-MM-DD, a business day at most 60 days ahead, e.g. "2026-05-29".
    Returns:
        The stop order and the scheduled end of service.
    """
    a = _row(db, "service account", account_id)
    if a["status"] != "active":
        hint = "; cancel its start order instead" if a["status"] == "pending_start" else ""
        raise ToolError(f"account {a['account_id']} is {a['status']}; only active accounts can be stopped{hint}")
    scheduled = db.scalar("SELECT order_id FROM service_orders WHERE account_id = ? AND order_type = 'stop' AND "
                          "status = 'scheduled'", [a["account_id"]])
    if scheduled:
        raise ToolError(f"account {a['account_id']} already has a stop scheduled ({scheduled} on {a['end_date']})")
    when = _service_date(db, stop_date, STOP_NOTICE, "stop date")
    order_id = _new_order(db, a["account_id"], "stop", when)
    db.execute("UPDATE service_accounts SET end_date = ? WHERE account_id = ?", [when, a["account_id"]])
    return {"account_id": a["account_id"], "order_id": order_id, "stop_date": when.isoformat(),
            "address": _address(a), "status": "scheduled"}


@tool(writes=True)
def transfer_service(db: Database, account_id: str, new_premise_id: str, move_date: str) -> dict:
    """Move an active account's service to a new address on one date: service stops at the old address and starts
    at the new one (at least 2 business days ahead).

    Args:
        account_id: The service account to move, e.g. "ACC-30118".
        new_premise_id: The new service address, e.g. "PR-5107" (from search_service_addresses).
        move_date: The moving date as YYYY-MM-DD, a business day at most 60 days ahead, e.g. "2026-06-01".
    Returns:
        The new account (pending start), its tariff, and the linked stop and start orders.
    """
    a = _row(db, "service account", account_id)
    if a["status"] != "active":
        raise ToolError(f"account {a['account_id']} is {a['status']}; only active accounts can be transferred")
    scheduled = db.scalar("SELECT order_id FROM service_orders WHERE account_id = ? AND order_type = 'stop' AND "
                          "status = 'scheduled'", [a["account_id"]])
    if scheduled:
        raise ToolError(f"account {a['account_id']} already has a stop scheduled ({scheduled}); cancel it first")
    p = _row(db, "service address", new_premise_id)
    if p["premise_id"] == a["premise_id"]:
        raise ToolError(f"the account already serves {_address(p)}")
    _check_new_service(db, _row(db, "customer", a["customer_id"]), p, a["service_type"])
    when = _service_date(db, move_date, STOP_NOTICE, "move date")
    same = p["premise_type"] == a["premise_type"]
    tariff = a["tariff_id"] if same else DEFAULT_TARIFF[(a["service_type"], p["premise_type"])]
    stop_id = _new_order(db, a["account_id"], "stop", when)
    new_id = _IDS.next(db, "ACC-")
    db.execute("INSERT INTO service_accounts VALUES (?, ?, ?, ?, ?, 'pending_start', ?, NULL, NULL, ?, ?, 0)",
               [new_id, a["customer_id"], p["premise_id"], a["service_type"], tariff, when, min(when.day, 28),
                a["tariff_changed_on"] if same else None])
    start_id = _new_order(db, new_id, "start", when)
    db.execute("UPDATE service_orders SET linked_order_id = ? WHERE order_id = ?", [start_id, stop_id])
    db.execute("UPDATE service_orders SET linked_order_id = ? WHERE order_id = ?", [stop_id, start_id])
    db.execute("UPDATE service_accounts SET end_date = ? WHERE account_id = ?", [when, a["account_id"]])
    return {"old_account_id": a["account_id"], "new_account_id": new_id, "service_type": a["service_type"],
            "move_date": when.isoformat(), "new_address": _address(p), "tariff_id": tariff,
            "stop_order_id": stop_id, "start_order_id": start_id}


@tool(writes=True)
def cancel_service_order(db: Database, service_order_id: str) -> dict:
    """Cancel a scheduled start or stop order (until the day before its date); both halves of a transfer go together.

    Args:
        service_order_id: The order's id, e.g. "SO-8044" (order_id in get_customer_overview or get_service_account).
    Returns:
        The cancelled orders and what happened to their accounts.
    """
    o = _row(db, "service order", service_order_id)
    if o["status"] != "scheduled":
        raise ToolError(f"order {o['order_id']} is {o['status']}; only scheduled orders can be cancelled")
    if _day(o["scheduled_date"]) <= _today(db):
        raise ToolError(f"order {o['order_id']} is scheduled for {o['scheduled_date']} and the crew is already "
                        "dispatched; orders can be cancelled until the day before")
    orders = [o] + db.query("SELECT * FROM service_orders WHERE order_id = ? AND status = 'scheduled'",
                            [o["linked_order_id"]])
    out = []
    for x in orders:
        db.execute("UPDATE service_orders SET status = 'cancelled' WHERE order_id = ?", [x["order_id"]])
        if x["order_type"] == "start":
            db.execute("UPDATE service_accounts SET status = 'closed' WHERE account_id = ?", [x["account_id"]])
            effect = "closed before it started"
        else:
            db.execute("UPDATE service_accounts SET end_date = NULL WHERE account_id = ?", [x["account_id"]])
            effect = "stays active"
        out.append({"order_id": x["order_id"], "order_type": x["order_type"], "account_id": x["account_id"],
                    "account": effect})
    return {"cancelled": out}


@tool(writes=True)
def dispute_estimated_reading(db: Database, reading_id: str, customer_reading: int | None = None) -> dict:
    """Dispute an estimated meter reading (within 30 days of it) with the customer's own meter reading; the
    estimate is replaced by a prorated value and the bill is reissued.

    Corrected value = previous reading + (customer reading - previous reading) x (days from the previous reading to
    the estimate) / (days from the previous reading to the customer's reading), rounded to a whole unit.

    Args:
        reading_id: The estimated reading, e.g. "RD-005471" (from get_meter_readings).
        customer_reading: The meter register the customer reads today; omit to use the latest reading they sent
            in after the estimate (see customer_reads in get_meter_readings).
    Returns:
        The dispute, the corrected reading and usage, the old and new bill and the adjustment (new minus old total).
    """
    r = _row(db, "meter reading", reading_id)
    if r["read_type"] != "estimated":
        raise ToolError(f"reading {r['reading_id']} is an {r['read_type']} reading; only estimated readings can be "
                        "disputed")
    done = db.scalar("SELECT dispute_id FROM disputes WHERE reading_id = ?", [r["reading_id"]])
    if done:
        raise ToolError(f"reading {r['reading_id']} was already disputed ({done}); a reading is disputed only once")
    today, read_on = _today(db), _day(r["read_date"])
    if (today - read_on).days > DISPUTE_WINDOW_DAYS:
        raise ToolError(f"reading {r['reading_id']} is from {read_on}; estimates can be disputed within "
                        f"{DISPUTE_WINDOW_DAYS} days, so the last day was {read_on + timedelta(days=30)}")
    later = db.scalar("SELECT count(*) FROM meter_readings WHERE meter_id = ? AND read_date > ?",
                      [r["meter_id"], r["read_date"]])
    db.require(not later, f"reading {r['reading_id']} is not the meter's latest; only the latest can be disputed")
    prev = db.query_one("SELECT * FROM meter_readings WHERE account_id = ? AND read_date < ? ORDER BY read_date DESC "
                        "LIMIT 1", [r["account_id"], r["read_date"]])
    db.require(prev is not None, f"reading {r['reading_id']} has no earlier reading to prorate from")
    if customer_reading is None:
        own = db.query_one("SELECT read_date, reading_value FROM customer_reads WHERE meter_id = ? AND read_date > ? "
                           "ORDER BY read_date DESC LIMIT 1", [r["meter_id"], r["read_date"]])
        if own is None:
            raise ToolError("no customer reading after the estimate is on file; ask the customer to read the meter "
                            "today and pass it as customer_reading")
        value, read_day = own["reading_value"], _day(own["read_date"])
    else:
        value, read_day = customer_reading, today
    if value < prev["reading_value"]:
        raise ToolError(f"the customer's reading {value} is below the previous reading {prev['reading_value']} "
                        f"({prev['read_date']}); meters only count up, so please check the number")
    if customer_reading is not None:
        db.execute("INSERT INTO customer_reads VALUES (?, ?, ?, ?, 'phone')",
                   [_IDS.next(db, "CR-"), r["meter_id"], today, value])
    span = (read_on - _day(prev["read_date"])).days / (read_day - _day(prev["read_date"])).days
    corrected = prev["reading_value"] + round((value - prev["reading_value"]) * span)
    usage = corrected - prev["reading_value"]
    db.execute("UPDATE meter_readings SET reading_value = ?, usage = ?, read_type = 'corrected' WHERE reading_id = ?",
               [corrected, usage, r["reading_id"]])
    out = {"reading_id": r["reading_id"], "estimated_value": r["reading_value"], "customer_reading": value,
           "customer_read_date": read_day.isoformat(), "corrected_value": corrected, "corrected_usage": usage}
    old = db.query_one("SELECT * FROM bills WHERE reading_id = ? AND status <> 'rebilled'", [r["reading_id"]])
    new_id, adjustment = None, None
    if old is not None:
        charge = _charge(db, old["tariff_id"], usage)[0]
        total = _money(charge + old["fixed_charge"])
        paid = min(old["amount_paid"], total)
        due = today + timedelta(days=DUE_DAYS)
        status = "in_plan" if old["plan_id"] else _bill_status(total, paid, due, today)
        new_id, adjustment = _IDS.next(db, "B-"), _money(total - old["total"])
        db.execute("UPDATE bills SET status = 'rebilled' WHERE bill_id = ?", [old["bill_id"]])
        db.execute("INSERT INTO bills VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, NULL, ?, ?)",
                   [new_id, old["account_id"], r["reading_id"], old["tariff_id"], old["period_start"],
                    old["period_end"], usage, charge, old["fixed_charge"], total, paid, today, due, status,
                    old["plan_id"], old["bill_id"]])
        if old["amount_paid"] > total:
            db.execute("UPDATE service_accounts SET credit_balance = credit_balance + ? WHERE account_id = ?",
                       [_money(old["amount_paid"] - total), r["account_id"]])
        out.update({"old_bill_id": old["bill_id"], "old_total": old["total"], "new_bill_id": new_id,
                    "new_total": total, "adjustment": adjustment, "amount_due": _money(total - paid),
                    "due_date": due.isoformat(), "credit_added": _money(max(old["amount_paid"] - total, 0))})
    dispute_id = _IDS.next(db, "DSP-")
    db.execute("INSERT INTO disputes VALUES (?, ?, ?, ?, ?, ?, ?, 'rebilled', ?, ?, ?)",
               [dispute_id, r["reading_id"], r["account_id"], today, value, r["reading_value"], corrected,
                old["bill_id"] if old else None, new_id, adjustment])
    return {"dispute_id": dispute_id, "status": "rebilled", **out}


@tool(writes=True)
def change_tariff(db: Database, account_id: str, new_tariff_id: str) -> dict:
    """Switch an account to another tariff of its service and customer class, from its next bill (once per 12
    months; assistance tariffs need enrollment in the assistance program).

    Args:
        account_id: The service account's id, e.g. "ACC-30118".
        new_tariff_id: The tariff to switch to, e.g. "E-GRN" (from list_tariffs).
    Returns:
        The old and new tariff and the date of the change.
    """
    a = _row(db, "service account", account_id)
    if a["status"] not in ("active", "pending_start"):
        raise ToolError(f"account {a['account_id']} is {a['status']}; only active or pending accounts can change "
                        "tariff")
    t = _row(db, "tariff", new_tariff_id)
    if t["tariff_id"] == a["tariff_id"]:
        raise ToolError(f"account {a['account_id']} is already on {t['name']} ({t['tariff_id']})")
    if t["service_type"] != a["service_type"]:
        raise ToolError(f"{t['name']} is a {t['service_type']} tariff; account {a['account_id']} is "
                        f"{a['service_type']} service")
    if t["customer_class"] != a["premise_type"]:
        raise ToolError(f"{t['name']} is for {t['customer_class']} customers; {_address(a)} is a "
                        f"{a['premise_type']} address")
    if t["requires_assistance"] and not db.scalar("SELECT assistance_enrolled FROM customers WHERE customer_id = ?",
                                                  [a["customer_id"]]):
        raise ToolError(f"{t['name']} is only for customers enrolled in the income-qualified assistance program")
    today = _today(db)
    if a["tariff_changed_on"] and (today - _day(a["tariff_changed_on"])).days < COOLDOWN_DAYS:
        raise ToolError(f"account {a['account_id']} changed tariff on {a['tariff_changed_on']}; one change per 12 "
                        f"months, so the next is possible from "
                        f"{_day(a['tariff_changed_on']) + timedelta(days=COOLDOWN_DAYS)}")
    db.execute("UPDATE service_accounts SET tariff_id = ?, tariff_changed_on = ? WHERE account_id = ?",
               [t["tariff_id"], today, a["account_id"]])
    return {"account_id": a["account_id"], "old_tariff_id": a["tariff_id"], "tariff_id": t["tariff_id"],
            "tariff_name": t["name"], "changed_on": today.isoformat(), "effective": "from the next bill"}
