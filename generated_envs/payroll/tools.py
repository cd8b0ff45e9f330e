"""Tools of the payroll environment: the HR and payroll service desk of Cedar & Finch Provisions.

Reads find an employee and show their profile, pay calendar, pay stubs, time-off balances and requests, benefit
plans and enrollments, direct-deposit accounts, expense claims and tax withholding. Writes request and cancel time
off, report life events and add dependents, enroll in benefit plans, add and remove direct-deposit accounts, submit
and withdraw expense claims and update tax withholding, each under the company's rules: notice periods, balances,
department blackouts, the benefits change window, eligibility, deposit splits, the payroll lock cut-off, expense
limits and receipts, and withholding limits.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

import envfactory_gym.authoring.kit as kit
from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, parse_date
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

LeaveType = Literal["vacation", "sick", "personal"]
RequestStatus = Literal["pending", "approved", "denied", "cancelled", "taken"]
PlanKind = Literal["medical", "dental", "vision"]
CoverageLevel = Literal["employee", "employee_spouse", "employee_children", "family"]
EventType = Literal["marriage", "birth", "adoption", "divorce", "loss_of_other_coverage"]
Relationship = Literal["spouse", "domestic_partner", "child"]
AccountType = Literal["checking", "savings"]
AllocationType = Literal["remainder", "fixed", "percent"]
ClaimStatus = Literal["submitted", "approved", "rejected", "paid", "withdrawn"]
Category = Literal["meals", "lodging", "ground_transport", "mileage", "office_supplies", "training", "cell_phone"]
FilingStatus = Literal["single", "married_jointly", "head_of_household"]

#: Minimum notice in days before a time-off request's first day, by leave type.
NOTICE_DAYS = {"vacation": 7, "personal": 2, "sick": 0}
MAX_REQUEST_DAYS = 15
CHANGE_WINDOW_DAYS = 30
OPEN_ENROLLMENT = ("2025-11-03", "2025-11-21")
MEDICAL_MIN_HOURS = 30
CHILD_AGE_LIMIT = 26
MAX_ACCOUNTS = 3
FIXED_RANGE = (25.0, 2000.0)
MAX_PERCENT_TOTAL = 50
CREDIT_PER_CHILD = 2000.0  # children under 17
CREDIT_PER_OTHER = 500.0  # other dependents (children 17 and older)
MAX_EXTRA_SHARE = 0.25  # extra withholding per paycheck, share of the scheduled gross
PAY_ANCHOR = date(2026, 1, 9)  # pay dates are every other Friday from this one
LEVEL_COLUMN = {"employee": "cost_employee", "employee_spouse": "cost_employee_spouse",
                "employee_children": "cost_employee_children", "family": "cost_family"}
PAGE = 10

_day = partial(parse_date, hint="like '2026-04-06'")
_IDS = IdScheme({
    "TO-": ("time_off_requests", "request_id", 0),
    "LE-": ("life_events", "event_id", 4),
    "DEP-": ("dependents", "dependent_id", 0),
    "BEN-": ("benefit_enrollments", "enrollment_id", 0),
    "DD-": ("deposit_accounts", "account_id", 0),
    "EXP-": ("expense_claims", "claim_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------


def _employee(db: Database, employee_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM employees WHERE employee_id = ?", [employee_id.strip().upper()])
    if row is None:
        raise ToolError(f"no employee with id {employee_id!r} (ids look like 'E-10042'); see find_employee")
    return row


def _require_current(e: dict[str, Any], action: str) -> None:
    if e["status"] == "terminated":
        raise ToolError(f"{e['first_name']} {e['last_name']} left the company on {e['termination_date']}; former "
                        f"employees cannot {action} (pay stubs and tax forms stay available)")


def _lock(pay: date) -> datetime:
    return datetime(pay.year, pay.month, pay.day, 17, 0) - timedelta(days=3)


def _next_open_pay_date(db: Database) -> date:
    """The first pay date whose payroll has not locked yet: changes to deposits and withholding apply from it."""
    now = _now(db)
    pay = PAY_ANCHOR + timedelta(days=14 * -((PAY_ANCHOR - now.date()).days // 14))
    while _lock(pay) <= now:
        pay += timedelta(days=14)
    return pay


def _locked_pay_date(db: Database) -> date | None:
    """The pay date whose payroll is locked now (between its lock and the pay date), if any."""
    pay = _next_open_pay_date(db) - timedelta(days=14)
    return pay if pay >= kit.today(db) else None


def _age(born: str | date, on: date) -> int:
    b = date.fromisoformat(str(born)[:10])
    return on.year - b.year - ((on.month, on.day) < (b.month, b.day))


def _holidays(db: Database) -> set[str]:
    return {r["holiday_date"] for r in db.query("SELECT holiday_date FROM holidays")}


def _workdays(db: Database, start: date, end: date) -> int:
    off = _holidays(db)
    n, d = 0, start
    while d <= end:
        if d.weekday() < 5 and d.isoformat() not in off:
            n += 1
        d += timedelta(days=1)
    return n


def _committed(db: Database, employee_id: str, leave_type: str) -> float:
    return _money(db.scalar("SELECT coalesce(sum(hours), 0) FROM time_off_requests WHERE employee_id = ? AND "
                            "leave_type = ? AND status IN ('pending', 'approved') AND end_date >= ?",
                            [employee_id, leave_type, kit.today(db).isoformat()]))


def _first_of_next_month(d: date) -> date:
    return date(d.year + (d.month == 12), d.month % 12 + 1, 1)


def _change_window(db: Database, e: dict[str, Any]) -> dict[str, Any] | None:
    """Why the employee may change benefits today (new hire or a recent life event), and until when; None if not."""
    today = kit.today(db)
    hired = date.fromisoformat(e["hire_date"])
    if today <= hired + timedelta(days=CHANGE_WINDOW_DAYS):
        return {"reason": f"new hire on {e['hire_date']}",
                "open_until": (hired + timedelta(days=CHANGE_WINDOW_DAYS)).isoformat()}
    ev = db.query_one("SELECT event_type, event_date FROM life_events WHERE employee_id = ? AND event_date >= ? "
                      "AND event_date <= ? ORDER BY event_date DESC LIMIT 1",
                      [e["employee_id"], (today - timedelta(days=CHANGE_WINDOW_DAYS)).isoformat(), today.isoformat()])
    if ev is None:
        return None
    until = date.fromisoformat(ev["event_date"]) + timedelta(days=CHANGE_WINDOW_DAYS)
    return {"reason": f"{ev['event_type'].replace('_', ' ')} on {ev['event_date']}", "open_until": until.isoformat()}


def _dependents(db: Database, employee_id: str) -> list[dict[str, Any]]:
    today = kit.today(db)
    rows = db.query("SELECT dependent_id, given_name || ' ' || family_name AS name, relationship, "
                    "birth_date FROM dependents WHERE employee_id = ? ORDER BY dependent_id",
                    [employee_id])
    for r in rows:
        r["age"] = _age(r["birth_date"], today)
    return rows


def _scheduled_gross(e: dict[str, Any]) -> float:
    if e["pay_type"] == "salaried":
        return _money(e["annual_salary"] / 26)
    return _money(e["hourly_rate"] * e["weekly_hours"] * 2)


def _credit_limit(db: Database, employee_id: str) -> tuple[float, int, int]:
    deps = [d for d in _dependents(db, employee_id) if d["relationship"] == "child" and d["age"] < CHILD_AGE_LIMIT]
    young = sum(1 for d in deps if d["age"] < 17)
    older = len(deps) - young
    return _money(young * CREDIT_PER_CHILD + older * CREDIT_PER_OTHER), young, older


def _aba_valid(routing: str) -> bool:
    if len(routing) != 9 or not routing.isdigit():
        return False
    d = [int(c) for c in routing]
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 == 0


def _period_status(db: Database, p: dict[str, Any]) -> str:
    now = _now(db)
    pay = date.fromisoformat(p["pay_date"])
    if pay < now.date():
        return "paid"
    if datetime.fromisoformat(p["lock_at"]) <= now:
        return "locked"
    if date.fromisoformat(p["start_date"]) <= now.date():
        return "in_progress"
    return "upcoming"


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_employee(db: Database, first_name: str, last_name: str, date_of_birth: str) -> dict:
    """Find an employee by full name and date of birth (this verifies the caller).

    Args:
        first_name: The employee's first name, e.g. "Dana".
        last_name: The employee's last name, e.g. "Whitfield".
        date_of_birth: The employee's date of birth, e.g. "1984-07-21".

    Returns:
        The employee id, name, department, job title and employment status.
    """
    born = _day(date_of_birth, "date_of_birth")
    row = db.query_one("SELECT e.employee_id, e.first_name, e.last_name, d.name AS department, e.job_title, e.status "
                       "FROM employees e JOIN departments d ON d.department_id = e.department_id WHERE "
                       "lower(e.first_name) = lower(?) AND lower(e.last_name) = lower(?) AND e.date_of_birth = ?",
                       [first_name.strip(), last_name.strip(), born.isoformat()])
    if row is None:
        raise ToolError(f"no employee named {first_name} {last_name} born {born.isoformat()}")
    return row


@tool
def get_employee_profile(db: Database, employee_id: str) -> dict:
    """Get an employee's job and pay profile: department and manager, title, employment and pay type, pay rate.

    Args:
        employee_id: The employee's id, e.g. "E-10042".

    Returns:
        Name, work email, department, manager, job title, employment type, pay type, annual salary or hourly rate,
        weekly hours, scheduled gross pay per paycheck, hire date, status and work state.
    """
    e = _employee(db, employee_id)
    d = db.query_one("SELECT * FROM departments WHERE department_id = ?", [e["department_id"]])
    return {"employee_id": e["employee_id"], "name": f"{e['first_name']} {e['last_name']}",
            "work_email": e["work_email"], "department_id": d["department_id"], "department": d["name"],
            "location": d["location"], "manager": d["manager_name"], "job_title": e["job_title"],
            "employment_type": e["employment_type"], "pay_type": e["pay_type"], "annual_salary": e["annual_salary"],
            "hourly_rate": e["hourly_rate"], "weekly_hours": e["weekly_hours"],
            "scheduled_gross_per_paycheck": _scheduled_gross(e), "hire_date": e["hire_date"], "status": e["status"],
            "termination_date": e["termination_date"], "work_state": e["work_state"]}


@tool
def get_pay_calendar(db: Database, from_date: str | None = None) -> dict:
    """List six pay periods from a date: their dates, pay date, payroll lock time and status.

    Payroll locks at 17:00 on the Tuesday before each Friday pay date; direct-deposit and withholding changes made
    after a lock apply from the following pay date.

    Args:
        from_date: List the periods whose pay date is on or after this date, e.g. "2026-02-01"; omit to start
            with the last pay date before today.

    Returns:
        Up to six periods (id, start and end dates, pay date, lock time, status: paid, locked, in_progress or
        upcoming) and the first pay date that changes made now apply to.
    """
    if from_date is None:
        start = db.scalar("SELECT max(pay_date) FROM pay_periods WHERE pay_date < ?", [kit.today(db).isoformat()])
    else:
        start = _day(from_date, "from_date").isoformat()
    rows = db.query("SELECT period_id, start_date, end_date, pay_date, lock_at FROM pay_periods WHERE pay_date >= ? "
                    "ORDER BY pay_date LIMIT 6", [start])
    for r in rows:
        r["status"] = _period_status(db, r)
    return {"periods": rows, "changes_apply_from_pay_date": _next_open_pay_date(db).isoformat()}


@tool
def list_pay_stubs(db: Database, employee_id: str, year: int | None = None, offset: int = 0) -> dict:
    """List an employee's pay stubs, latest pay date first, 10 at a time.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        year: Only stubs paid in this year, e.g. 2026; omit for all.
        offset: How many stubs to skip (the "next_offset" of the previous page); 0 for the first page.

    Returns:
        Up to 10 stubs (stub id, pay date, gross pay, net pay); "more" is true when there are others.
    """
    e = _employee(db, employee_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query("SELECT s.stub_id, p.pay_date, s.gross_pay, s.net_pay FROM pay_stubs s JOIN "
                    "pay_periods p ON p.period_id = s.period_id WHERE s.employee_id = ? AND (? IS NULL OR "
                    f"year(p.pay_date) = ?) ORDER BY p.pay_date DESC LIMIT {PAGE + 1} OFFSET ?",
                    [e["employee_id"], year, year, offset])
    out: dict[str, Any] = {"employee_id": e["employee_id"], "stubs": rows[:PAGE], "more": len(rows) > PAGE}
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


@tool
def get_pay_stub(db: Database, stub_id: str) -> dict:
    """Get one pay stub in full: hours, gross pay, each deduction and tax, reimbursements and net pay.

    Args:
        stub_id: The stub's id, e.g. "PS-300412" (from list_pay_stubs).

    Returns:
        The period and pay date, regular, overtime and leave hours, gross pay, pre-tax deductions (benefit
        premiums and 401(k)), federal and state income tax, Social Security, Medicare, expense reimbursement and
        net pay.
    """
    row = db.query_one("SELECT s.*, p.start_date, p.end_date, p.pay_date FROM pay_stubs s JOIN pay_periods p ON "
                       "p.period_id = s.period_id WHERE s.stub_id = ?", [stub_id.strip().upper()])
    if row is None:
        raise ToolError(f"no pay stub with id {stub_id!r} (ids look like 'PS-300412'); see list_pay_stubs")
    row["total_taxes"] = _money(row["federal_tax"] + row["state_tax"] + row["social_security"] + row["medicare"])
    return row


@tool
def list_company_holidays(db: Database, year: int) -> list:
    """List the company's paid holidays in a year (no time off is needed on them).

    Args:
        year: The year, e.g. 2026.

    Returns:
        Each holiday's date and name.
    """
    return db.query("SELECT holiday_date, name FROM holidays WHERE year(holiday_date) = ? ORDER BY holiday_date",
                    [year])


@tool
def get_time_off_summary(db: Database, employee_id: str) -> dict:
    """Get an employee's time-off balances and their department's upcoming blackout periods.

    Args:
        employee_id: The employee's id, e.g. "E-10042".

    Returns:
        Per leave type: hours on hand, hours already requested (pending or approved, not yet taken), hours
        available for new requests, accrual per pay period and the balance cap; the hours of a working day; and
        the department's blackout periods from today on (no vacation or personal days then).
    """
    e = _employee(db, employee_id)
    balances = db.query("SELECT balance_id, leave_type, balance_hours, accrual_per_period, max_balance "
                        "FROM time_off_balances "
                        "WHERE employee_id = ? ORDER BY leave_type", [e["employee_id"]])
    for b in balances:
        b["requested_hours"] = _committed(db, e["employee_id"], b["leave_type"])
        b["available_hours"] = _money(b["balance_hours"] - b["requested_hours"])
    blackouts = db.query("SELECT blackout_id, start_date, end_date, reason FROM blackout_periods WHERE "
                         "department_id = ? AND end_date >= ? ORDER BY start_date",
                         [e["department_id"], kit.today(db).isoformat()])
    return {"employee_id": e["employee_id"], "employment_type": e["employment_type"],
            "hours_per_workday": _money(e["weekly_hours"] / 5), "balances": balances, "blackout_periods": blackouts}


@tool
def list_time_off_requests(db: Database, employee_id: str, status: RequestStatus | None = None,
                           offset: int = 0) -> dict:
    """List an employee's time-off requests, latest first day first, 10 at a time.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        status: Only requests with this status; omit for all.
        offset: How many requests to skip (the "next_offset" of the previous page); 0 for the first page.

    Returns:
        Up to 10 requests (id, leave type, first and last day, hours, status, submitted and decided times);
        "more" is true when there are others.
    """
    e = _employee(db, employee_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query("SELECT request_id, leave_type, start_date, end_date, hours, status, submitted_at, decided_at "
                    "FROM time_off_requests WHERE employee_id = ? AND (? IS NULL OR status = ?) ORDER BY start_date "
                    f"DESC, request_id LIMIT {PAGE + 1} OFFSET ?", [e["employee_id"], status, status, offset])
    out: dict[str, Any] = {"employee_id": e["employee_id"], "requests": rows[:PAGE], "more": len(rows) > PAGE}
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


@tool
def list_benefit_plans(db: Database, kind: PlanKind | None = None) -> list:
    """List the 2026 benefit plans with the employee's cost per paycheck at each coverage level.

    Args:
        kind: Only plans of this kind; omit for all.

    Returns:
        Each plan's id, kind, name, carrier, deductible and cost per paycheck for employee only, employee and
        spouse or partner, employee and children, and family.
    """
    return db.query("SELECT plan_id, kind, name, carrier, deductible, cost_employee, cost_employee_spouse, "
                    "cost_employee_children, cost_family FROM benefit_plans WHERE (? IS NULL OR kind = ?) "
                    "ORDER BY kind, plan_id", [kind, kind])


@tool
def get_benefits_overview(db: Database, employee_id: str) -> dict:
    """Get an employee's benefits: eligibility, current and scheduled enrollments, dependents, life events and
    whether a change window is open.

    Args:
        employee_id: The employee's id, e.g. "E-10042".

    Returns:
        Which plan kinds the employee may enroll in; enrollments that are running or scheduled (plan, level, start,
        end, cost per paycheck); dependents on file with their age; reported life events; and the change window
        (open or not, why, until when).
    """
    e = _employee(db, employee_id)
    today = kit.today(db).isoformat()
    rows = db.query("SELECT b.enrollment_id, b.plan_id, p.kind, p.name AS plan_name, b.coverage_level, b.start_date, "
                    "b.end_date, b.per_paycheck_cost FROM benefit_enrollments b JOIN benefit_plans p ON "
                    "p.plan_id = b.plan_id WHERE b.employee_id = ? AND (b.end_date IS NULL OR b.end_date >= ?) "
                    "ORDER BY p.kind, b.start_date", [e["employee_id"], today])
    events = db.query("SELECT event_id, event_type, event_date, reported_at FROM life_events WHERE employee_id = ? "
                      "ORDER BY event_date DESC", [e["employee_id"]])
    eligible = [] if e["employment_type"] == "seasonal" else (
        ["medical", "dental", "vision"] if e["weekly_hours"] >= MEDICAL_MIN_HOURS else ["dental", "vision"])
    window = _change_window(db, e) if e["status"] != "terminated" else None
    return {"employee_id": e["employee_id"], "eligible_plan_kinds": eligible, "enrollments": rows,
            "dependents": _dependents(db, e["employee_id"]), "life_events": events,
            "change_window": {"open": True, **window} if window else
            {"open": False, "open_enrollment_was": f"{OPEN_ENROLLMENT[0]} to {OPEN_ENROLLMENT[1]}"}}


@tool
def list_deposit_accounts(db: Database, employee_id: str, include_removed: bool = False) -> dict:
    """List an employee's direct-deposit accounts and how each paycheck is split between them.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        include_removed: Also list removed accounts; false for active ones only.

    Returns:
        Each account (id, bank, routing number, last four digits, type, allocation: remainder, a fixed amount or a
        percent of net pay, status, first pay date) and the first pay date that a change made now applies to.
    """
    e = _employee(db, employee_id)
    rows = db.query("SELECT account_id, bank_name, routing_number, account_last4, account_type, allocation_type, "
                    "allocation_value, status, added_at, first_pay_date, removed_at FROM deposit_accounts WHERE "
                    "employee_id = ? AND (? OR status = 'active') ORDER BY status, account_id",
                    [e["employee_id"], include_removed])
    locked = _locked_pay_date(db)
    return {"employee_id": e["employee_id"], "accounts": rows,
            "changes_apply_from_pay_date": _next_open_pay_date(db).isoformat(),
            "locked_pay_date": locked.isoformat() if locked else None}


@tool
def get_expense_policy(db: Database) -> list:
    """List the expense categories with their per-claim limit, receipt threshold, submission window and annual cap.

    Returns:
        Each category's code, name, per-claim limit, the amount above which a receipt is required (0: always),
        the days after the expense a claim is accepted, and the yearly cap per employee (null: none).
    """
    return db.query("SELECT category, name, per_claim_limit, receipt_over, submit_within_days, annual_cap "
                    "FROM expense_categories ORDER BY category")


@tool
def list_expense_claims(db: Database, employee_id: str, status: ClaimStatus | None = None, offset: int = 0) -> dict:
    """List an employee's expense claims, latest expense first, 10 at a time.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        status: Only claims with this status; omit for all.
        offset: How many claims to skip (the "next_offset" of the previous page); 0 for the first page.

    Returns:
        Up to 10 claims (id, category, expense date, amount, purpose, receipt, status, submitted time, pay date
        that reimbursed it); "more" is true when there are others.
    """
    e = _employee(db, employee_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query("SELECT claim_id, category, expense_date, amount, purpose, has_receipt, status, submitted_at, "
                    "paid_on FROM expense_claims WHERE employee_id = ? AND (? IS NULL OR status = ?) ORDER BY "
                    f"expense_date DESC, claim_id LIMIT {PAGE + 1} OFFSET ?",
                    [e["employee_id"], status, status, offset])
    out: dict[str, Any] = {"employee_id": e["employee_id"], "claims": rows[:PAGE], "more": len(rows) > PAGE}
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


@tool
def get_tax_withholding(db: Database, employee_id: str) -> dict:
    """Get an employee's federal withholding election (W-4) and the limits a change must respect.

    Args:
        employee_id: The employee's id, e.g. "E-10042".

    Returns:
        Filing status, dependents credit per year, extra withholding per paycheck, when it was last changed and
        the pay date it applied from; the largest dependents credit the dependents on file allow, the largest
        extra withholding allowed, and the first pay date a change made now applies to.
    """
    e = _employee(db, employee_id)
    t = db.query_one("SELECT * FROM tax_elections WHERE employee_id = ?", [e["employee_id"]])
    limit, young, older = _credit_limit(db, e["employee_id"])
    return {"employee_id": e["employee_id"], "filing_status": t["filing_status"],
            "dependents_credit": t["dependents_credit"], "extra_withholding": t["extra_withholding"],
            "updated_at": t["updated_at"], "first_pay_date": t["first_pay_date"],
            "max_dependents_credit": limit, "children_under_17": young, "other_dependents": older,
            "max_extra_withholding": _money(_scheduled_gross(e) * MAX_EXTRA_SHARE),
            "changes_apply_from_pay_date": _next_open_pay_date(db).isoformat()}


# ---------------------------------------------------------------------------------------------------------
# Writes: time off
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def submit_time_off_request(db: Database, employee_id: str, leave_type: LeaveType, start_date: str,
                            end_date: str) -> dict:
    """Request time off for working days from start_date to end_date; it waits for the manager's approval.

    Hours are the working days in the range (weekends and company holidays excluded) times the employee's hours
    per workday. Vacation needs 7 days' notice and personal days 2; sick time may start today. Vacation and
    personal days cannot fall in a department blackout period.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        leave_type: vacation, sick or personal.
        start_date: The first day off, e.g. "2026-04-06".
        end_date: The last day off (the same as start_date for one day), e.g. "2026-04-10".

    Returns:
        The new request (id, dates, working days, hours, status pending) and the hours still available after it.
    """
    e = _employee(db, employee_id)
    _require_current(e, "request time off")
    start, end = _day(start_date, "start_date"), _day(end_date, "end_date")
    today = kit.today(db)
    if end < start:
        raise ToolError(f"end_date {end.isoformat()} is before start_date {start.isoformat()}")
    if start < today:
        raise ToolError(f"time off cannot start in the past (today is {today.isoformat()}); past absences are "
                        "recorded by the manager")
    notice = NOTICE_DAYS[leave_type]
    if (start - today).days < notice:
        raise ToolError(f"{leave_type} time needs {notice} days' notice: the first day can be "
                        f"{(today + timedelta(days=notice)).isoformat()} at the earliest")
    bal = db.query_one("SELECT * FROM time_off_balances WHERE employee_id = ? AND leave_type = ?",
                       [e["employee_id"], leave_type])
    if bal is None:
        raise ToolError(f"{e['employment_type'].replace('_', ' ')} employees do not have {leave_type} time; "
                        "only sick time")
    days = _workdays(db, start, end)
    if days == 0:
        raise ToolError(f"{start.isoformat()} to {end.isoformat()} has no working days (weekends and company "
                        "holidays need no time off)")
    if days > MAX_REQUEST_DAYS:
        raise ToolError(f"one request covers at most {MAX_REQUEST_DAYS} working days; this one has {days}")
    if leave_type != "sick":
        bo = db.query_one("SELECT * FROM blackout_periods WHERE department_id = ? AND start_date <= ? AND "
                          "end_date >= ? ORDER BY start_date LIMIT 1",
                          [e["department_id"], end.isoformat(), start.isoformat()])
        if bo is not None:
            raise ToolError(f"{start.isoformat()} to {end.isoformat()} overlaps the department's blackout period "
                            f"{bo['start_date']} to {bo['end_date']} ({bo['reason']}); no vacation or personal "
                            "days then")
    clash = db.query_one("SELECT request_id, start_date, end_date FROM time_off_requests WHERE employee_id = ? AND "
                         "status IN ('pending', 'approved') AND start_date <= ? AND end_date >= ? LIMIT 1",
                         [e["employee_id"], end.isoformat(), start.isoformat()])
    if clash is not None:
        raise ToolError(f"the dates overlap request {clash['request_id']} ({clash['start_date']} to "
                        f"{clash['end_date']}); cancel it first or pick other dates")
    hours = _money(days * e["weekly_hours"] / 5)
    available = _money(bal["balance_hours"] - _committed(db, e["employee_id"], leave_type))
    if hours > available + 1e-9:
        raise ToolError(f"the request needs {hours:.2f} {leave_type} hours but only {available:.2f} are available "
                        f"({bal['balance_hours']:.2f} on hand less hours already requested)")
    rid = _IDS.next(db, "TO-")
    db.execute("INSERT INTO time_off_requests VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, NULL)",
               [rid, e["employee_id"], leave_type, start.isoformat(), end.isoformat(), hours, db.now])
    return {"request_id": rid, "leave_type": leave_type, "start_date": start.isoformat(), "end_date": end.isoformat(),
            "working_days": days, "hours": hours, "status": "pending",
            "available_hours_after": _money(available - hours)}


@tool(writes=True)
def cancel_time_off_request(db: Database, request_id: str) -> dict:
    """Cancel a pending or approved time-off request that has not started yet; its hours become available again.

    Args:
        request_id: The request's id, e.g. "TO-5012" (from list_time_off_requests).

    Returns:
        The request id, its new status and the hours returned.
    """
    r = db.query_one("SELECT * FROM time_off_requests WHERE request_id = ?", [request_id.strip().upper()])
    if r is None:
        raise ToolError(f"no time-off request with id {request_id!r} (ids look like 'TO-5012')")
    if r["status"] not in ("pending", "approved"):
        raise ToolError(f"request {r['request_id']} is {r['status']}; only pending or approved requests can be "
                        "cancelled")
    if r["start_date"] <= kit.today(db).isoformat():
        raise ToolError(f"request {r['request_id']} started on {r['start_date']}; time off that has started "
                        "cannot be cancelled (the manager corrects the record)")
    db.execute("UPDATE time_off_requests SET status = 'cancelled', decided_at = ? WHERE request_id = ?",
               [db.now, r["request_id"]])
    return {"request_id": r["request_id"], "status": "cancelled", "leave_type": r["leave_type"],
            "hours_returned": r["hours"]}


# ---------------------------------------------------------------------------------------------------------
# Writes: benefits
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def report_life_event(db: Database, employee_id: str, event_type: EventType, event_date: str) -> dict:
    """Record a qualifying life event; it opens a 30-day window from the event date for benefit changes.

    Events must be reported within 30 days of the day they happened.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        event_type: marriage, birth, adoption, divorce or loss_of_other_coverage.
        event_date: The day it happened, e.g. "2026-03-02".

    Returns:
        The event id and the last day benefit changes may be made for it.
    """
    e = _employee(db, employee_id)
    _require_current(e, "report life events")
    when = _day(event_date, "event_date")
    today = kit.today(db)
    if when > today:
        raise ToolError(f"{event_type.replace('_', ' ')} on {when.isoformat()} has not happened yet; report it on or "
                        "after the day")
    if (today - when).days > CHANGE_WINDOW_DAYS:
        raise ToolError(f"life events must be reported within {CHANGE_WINDOW_DAYS} days; {when.isoformat()} was "
                        f"{(today - when).days} days ago, so benefits can change only at the next open enrollment")
    if db.scalar("SELECT count(*) FROM life_events WHERE employee_id = ? AND event_type = ? AND event_date = ?",
                 [e["employee_id"], event_type, when.isoformat()]):
        raise ToolError(f"a {event_type.replace('_', ' ')} on {when.isoformat()} is already on file")
    eid = _IDS.next(db, "LE-")
    db.execute("INSERT INTO life_events VALUES (?, ?, ?, ?, ?)", [eid, e["employee_id"], event_type,
                                                                  when.isoformat(), db.now])
    return {"event_id": eid, "event_type": event_type, "event_date": when.isoformat(),
            "change_window_until": (when + timedelta(days=CHANGE_WINDOW_DAYS)).isoformat()}


@tool(writes=True)
def add_dependent(db: Database, employee_id: str, dependent_first_name: str, dependent_last_name: str,
                  relationship: Relationship, dependent_birth_date: str) -> dict:
    """Add a dependent to an employee's file (needed before covering them under a benefit plan).

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        dependent_first_name: The dependent's first name.
        dependent_last_name: The dependent's last name.
        relationship: spouse, domestic_partner or child.
        dependent_birth_date: The dependent's date of birth, e.g. "2026-03-02".

    Returns:
        The dependent id, relationship and age.
    """
    e = _employee(db, employee_id)
    _require_current(e, "add dependents")
    born = _day(dependent_birth_date, "dependent_birth_date")
    first_name, last_name = dependent_first_name, dependent_last_name
    today = kit.today(db)
    if born > today:
        raise ToolError(f"dependent_birth_date {born.isoformat()} is in the future")
    if not first_name.strip() or not last_name.strip():
        raise ToolError("a dependent needs a first and a last name")
    deps = _dependents(db, e["employee_id"])
    if relationship != "child":
        partner = next((d for d in deps if d["relationship"] != "child"), None)
        if partner is not None:
            raise ToolError(f"{partner['name']} ({partner['dependent_id']}) is already on file as "
                            f"{partner['relationship'].replace('_', ' ')}; only one spouse or partner")
    if relationship != "child" and _age(born, today) < 18:
        raise ToolError(f"a spouse or domestic partner must be an adult; born {born.isoformat()} is "
                        f"{_age(born, today)}")
    if relationship == "child" and _age(born, today) >= CHILD_AGE_LIMIT:
        raise ToolError(f"children can be dependents until they turn {CHILD_AGE_LIMIT}; born {born.isoformat()} is "
                        f"{_age(born, today)}")
    if any(d["name"].split()[0].lower() == first_name.strip().lower() and d["birth_date"] == born.isoformat()
           for d in deps):
        raise ToolError(f"{first_name.strip()} born {born.isoformat()} is already a dependent")
    did = _IDS.next(db, "DEP-")
    db.execute("INSERT INTO dependents VALUES (?, ?, ?, ?, ?, ?, ?)",
               [did, e["employee_id"], first_name.strip(), last_name.strip(), relationship, born.isoformat(), db.now])
    return {"dependent_id": did, "name": f"{first_name.strip()} {last_name.strip()}", "relationship": relationship,
            "age": _age(born, today)}


@tool(writes=True)
def enroll_in_benefit_plan(db: Database, employee_id: str, plan_id: str, coverage_level: CoverageLevel) -> dict:
    """Enroll an employee in a benefit plan at a coverage level, replacing their current plan of the same kind.

    Allowed only inside a change window: 30 days from the hire date or from a reported qualifying life event.
    Coverage starts on the first day of next month; a replaced plan ends the day before.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        plan_id: The plan, e.g. "MED-PPO" (from list_benefit_plans).
        coverage_level: employee, employee_spouse (spouse or domestic partner), employee_children or family.

    Returns:
        The new enrollment (id, plan, level, start date, cost per paycheck), the enrollment it replaces and the
        change in cost per paycheck.
    """
    e = _employee(db, employee_id)
    _require_current(e, "change benefits")
    plan = db.query_one("SELECT * FROM benefit_plans WHERE plan_id = ?", [plan_id.strip().upper()])
    if plan is None:
        raise ToolError(f"no benefit plan with id {plan_id!r}; see list_benefit_plans")
    if e["employment_type"] == "seasonal":
        raise ToolError("seasonal employees are not eligible for benefit plans")
    if plan["kind"] == "medical" and e["weekly_hours"] < MEDICAL_MIN_HOURS:
        raise ToolError(f"medical plans need at least {MEDICAL_MIN_HOURS} scheduled hours a week; "
                        f"{e['first_name']} {e['last_name']} is scheduled for {e['weekly_hours']}")
    window = _change_window(db, e)
    if window is None:
        raise ToolError(f"benefits can change only during open enrollment ({OPEN_ENROLLMENT[0]} to "
                        f"{OPEN_ENROLLMENT[1]}), within {CHANGE_WINDOW_DAYS} days of being hired, or within "
                        f"{CHANGE_WINDOW_DAYS} days of a qualifying life event; none is open for "
                        f"{e['first_name']} {e['last_name']}")
    deps = [d for d in _dependents(db, e["employee_id"])
            if d["relationship"] != "child" or d["age"] < CHILD_AGE_LIMIT]
    partner = any(d["relationship"] != "child" for d in deps)
    kids = any(d["relationship"] == "child" for d in deps)
    need = {"employee_spouse": (True, False), "employee_children": (False, True), "family": (True, True)}.get(
        coverage_level, (False, False))
    if need[0] and not partner:
        raise ToolError(f"{coverage_level} coverage needs a spouse or domestic partner on file; add the dependent first")
    if need[1] and not kids:
        raise ToolError(f"{coverage_level} coverage needs a child under {CHILD_AGE_LIMIT} on file; add the dependent "
                        "first")
    today = kit.today(db)
    start = _first_of_next_month(today)
    current = db.query_one("SELECT b.* FROM benefit_enrollments b JOIN benefit_plans p ON p.plan_id = b.plan_id "
                           "WHERE b.employee_id = ? AND p.kind = ? AND (b.end_date IS NULL OR b.end_date >= ?) "
                           "ORDER BY b.start_date DESC LIMIT 1", [e["employee_id"], plan["kind"], today.isoformat()])
    if current and current["plan_id"] == plan["plan_id"] and current["coverage_level"] == coverage_level:
        raise ToolError(f"{e['first_name']} {e['last_name']} is already enrolled in {plan['name']} at the "
                        f"{coverage_level} level ({current['enrollment_id']})")
    cost = plan[LEVEL_COLUMN[coverage_level]]
    replaced = None
    if current is not None:
        if current["start_date"] >= start.isoformat():  # a change not started yet is simply replaced
            db.execute("DELETE FROM benefit_enrollments WHERE enrollment_id = ?", [current["enrollment_id"]])
            replaced = {"enrollment_id": current["enrollment_id"], "plan_id": current["plan_id"],
                        "ends": "withdrawn before it started"}
        else:
            end = (start - timedelta(days=1)).isoformat()
            db.execute("UPDATE benefit_enrollments SET end_date = ? WHERE enrollment_id = ?",
                       [end, current["enrollment_id"]])
            replaced = {"enrollment_id": current["enrollment_id"], "plan_id": current["plan_id"], "ends": end}
    bid = _IDS.next(db, "BEN-")
    db.execute("INSERT INTO benefit_enrollments VALUES (?, ?, ?, ?, ?, NULL, ?)",
               [bid, e["employee_id"], plan["plan_id"], coverage_level, start.isoformat(), cost])
    old_cost = current["per_paycheck_cost"] if current else 0.0
    return {"enrollment_id": bid, "plan_id": plan["plan_id"], "plan_name": plan["name"],
            "coverage_level": coverage_level, "start_date": start.isoformat(), "per_paycheck_cost": cost,
            "replaces": replaced, "cost_change_per_paycheck": _money(cost - old_cost),
            "change_window": window["reason"]}


# ---------------------------------------------------------------------------------------------------------
# Writes: direct deposit
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def add_deposit_account(db: Database, employee_id: str, routing_number: str, account_number: str,
                        account_type: AccountType, allocation_type: AllocationType,
                        allocation_value: float | None = None) -> dict:
    """Add a direct-deposit account. A remainder account replaces the current remainder account (which is removed);
    a fixed or percent account takes its share of each net paycheck before the remainder.

    Changes apply from the first pay date whose payroll has not locked (17:00 on the Tuesday before it).

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        routing_number: The bank's nine-digit ABA routing number, e.g. "044105418" (the bank is looked up from it).
        account_number: The account number, 4 to 17 digits.
        account_type: checking or savings.
        allocation_type: remainder (what is left of each paycheck), fixed (a dollar amount) or percent (of net pay).
        allocation_value: Dollars for fixed (25 to 2000) or a whole percent for percent (1 to 50); omit for
            remainder.

    Returns:
        The new account (id, last four digits, allocation), the account it replaced if any, and its first pay date.
    """
    e = _employee(db, employee_id)
    _require_current(e, "change direct deposit")
    routing = routing_number.strip().replace(" ", "").replace("-", "")
    if not _aba_valid(routing):
        raise ToolError(f"routing number {routing_number!r} is not a valid nine-digit ABA routing number; please "
                        "check it with the bank")
    bank = db.query_one("SELECT * FROM banks WHERE routing_number = ?", [routing])
    if bank is None:
        raise ToolError(f"routing number {routing} is not in the payroll bank directory; payroll can only deposit "
                        "to banks in the directory")
    bank_name = bank["bank_name"]
    number = account_number.strip().replace(" ", "").replace("-", "")
    if not number.isdigit() or not 4 <= len(number) <= 17:
        raise ToolError(f"account number must be 4 to 17 digits, got {account_number!r}")
    accounts = db.query("SELECT * FROM deposit_accounts WHERE employee_id = ? AND status = 'active' "
                        "ORDER BY account_id", [e["employee_id"]])
    if any(a["routing_number"] == routing and a["account_last4"] == number[-4:] for a in accounts):
        raise ToolError(f"an account ending {number[-4:]} at that bank is already active for direct deposit")
    value: float | None = None
    replaced = None
    if allocation_type == "remainder":
        replaced = next((a for a in accounts if a["allocation_type"] == "remainder"), None)
    else:
        if allocation_value is None:
            raise ToolError(f"a {allocation_type} account needs allocation_value")
        if len(accounts) >= MAX_ACCOUNTS:
            raise ToolError(f"at most {MAX_ACCOUNTS} active deposit accounts; remove one first")
        if allocation_type == "fixed":
            if not FIXED_RANGE[0] <= allocation_value <= FIXED_RANGE[1]:
                raise ToolError(f"a fixed split is ${FIXED_RANGE[0]:.2f} to ${FIXED_RANGE[1]:,.2f} per paycheck, "
                                f"got {allocation_value}")
            value = _money(allocation_value)
        else:
            if allocation_value != int(allocation_value) or not 1 <= allocation_value <= MAX_PERCENT_TOTAL:
                raise ToolError(f"a percent split is a whole percent from 1 to {MAX_PERCENT_TOTAL}, got "
                                f"{allocation_value}")
            used = sum(a["allocation_value"] for a in accounts if a["allocation_type"] == "percent")
            if used + allocation_value > MAX_PERCENT_TOTAL:
                raise ToolError(f"percent splits together may take at most {MAX_PERCENT_TOTAL}% of net pay; "
                                f"{used:g}% is already split off")
            value = float(allocation_value)
    first_pay = _next_open_pay_date(db).isoformat()
    if replaced is not None:
        db.execute("UPDATE deposit_accounts SET status = 'removed', removed_at = ? WHERE account_id = ?",
                   [db.now, replaced["account_id"]])
    aid = _IDS.next(db, "DD-")
    db.execute("INSERT INTO deposit_accounts VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, NULL)",
               [aid, e["employee_id"], bank_name.strip(), routing, number[-4:], account_type, allocation_type, value,
                db.now, first_pay])
    locked = _locked_pay_date(db)
    return {"account_id": aid, "bank_name": bank_name.strip(), "account_last4": number[-4:],
            "account_type": account_type, "allocation_type": allocation_type, "allocation_value": value,
            "first_pay_date": first_pay,
            "replaces": {"account_id": replaced["account_id"], "bank_name": replaced["bank_name"],
                         "account_last4": replaced["account_last4"]} if replaced else None,
            "locked_pay_date": locked.isoformat() if locked else None}


@tool(writes=True)
def remove_deposit_account(db: Database, account_id: str) -> dict:
    """Remove a fixed or percent direct-deposit account; its share goes to the remainder account from the first
    pay date whose payroll has not locked. The remainder account cannot be removed, only replaced.

    Args:
        account_id: The account's id, e.g. "DD-7012" (from list_deposit_accounts).

    Returns:
        The removed account and the first pay date without it.
    """
    a = db.query_one("SELECT * FROM deposit_accounts WHERE account_id = ?", [account_id.strip().upper()])
    if a is None:
        raise ToolError(f"no deposit account with id {account_id!r} (ids look like 'DD-7012')")
    _require_current(_employee(db, a["employee_id"]), "change direct deposit")
    if a["status"] != "active":
        raise ToolError(f"account {a['account_id']} was already removed on {str(a['removed_at'])[:10]}")
    if a["allocation_type"] == "remainder":
        raise ToolError(f"account {a['account_id']} receives the remainder of each paycheck and cannot be removed; "
                        "add a new remainder account to replace it")
    db.execute("UPDATE deposit_accounts SET status = 'removed', removed_at = ? WHERE account_id = ?",
               [db.now, a["account_id"]])
    locked = _locked_pay_date(db)
    return {"account_id": a["account_id"], "bank_name": a["bank_name"], "account_last4": a["account_last4"],
            "status": "removed", "first_pay_date_without_it": _next_open_pay_date(db).isoformat(),
            "locked_pay_date": locked.isoformat() if locked else None}


# ---------------------------------------------------------------------------------------------------------
# Writes: expenses and withholding
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def submit_expense_claim(db: Database, employee_id: str, expense_type: Category, expense_date: str, amount: float,
                         purpose: str, has_receipt: bool) -> dict:
    """Submit an expense for reimbursement with a later paycheck, under the category's rules.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        expense_type: The expense category: meals, lodging, ground_transport, mileage, office_supplies, training or
            cell_phone.
        expense_date: The day of the expense, e.g. "2026-03-09".
        amount: The amount in dollars, e.g. 48.20.
        purpose: The business purpose, e.g. "Supplier visit in Fort Wayne".
        has_receipt: Whether the employee has a receipt to attach.

    Returns:
        The new claim (id, category, date, amount, status submitted) and, for capped categories, what is left of
        the year's cap.
    """
    e = _employee(db, employee_id)
    _require_current(e, "submit expense claims")
    category = expense_type
    if not purpose.strip():
        raise ToolError("an expense claim needs its business purpose")
    cat = db.query_one("SELECT * FROM expense_categories WHERE category = ?", [category])
    when = _day(expense_date, "expense_date")
    today = kit.today(db)
    if when > today:
        raise ToolError(f"expense_date {when.isoformat()} is in the future")
    if (today - when).days > cat["submit_within_days"]:
        raise ToolError(f"{cat['name']} claims must be submitted within {cat['submit_within_days']} days of the "
                        f"expense; {when.isoformat()} was {(today - when).days} days ago")
    amount = _money(amount)
    if amount <= 0:
        raise ToolError(f"amount must be more than 0, got {amount}")
    if amount > cat["per_claim_limit"]:
        raise ToolError(f"{cat['name']} claims are limited to ${cat['per_claim_limit']:.2f} each; ${amount:.2f} is over "
                        "the limit")
    if amount > cat["receipt_over"] and not has_receipt:
        rule = "always need a receipt" if cat["receipt_over"] == 0 else \
            f"need a receipt above ${cat['receipt_over']:.2f}"
        raise ToolError(f"{cat['name']} claims {rule}; ${amount:.2f} cannot be claimed without one")
    dup = db.query_one("SELECT claim_id FROM expense_claims WHERE employee_id = ? AND category = ? AND "
                       "expense_date = ? AND amount = ? AND status NOT IN ('withdrawn', 'rejected')",
                       [e["employee_id"], category, when.isoformat(), amount])
    if dup is not None:
        raise ToolError(f"claim {dup['claim_id']} already covers {category} of ${amount:.2f} on {when.isoformat()}")
    left = None
    if cat["annual_cap"] is not None:
        used = _money(db.scalar("SELECT coalesce(sum(amount), 0) FROM expense_claims WHERE employee_id = ? AND "
                                "category = ? AND year(expense_date) = ? AND status NOT IN ('withdrawn', 'rejected')",
                                [e["employee_id"], category, when.year]))
        if used + amount > cat["annual_cap"] + 1e-9:
            raise ToolError(f"{cat['name']} is capped at ${cat['annual_cap']:.2f} a year; ${used:.2f} is already "
                            f"claimed for {when.year}, so at most ${_money(cat['annual_cap'] - used):.2f} more")
        left = _money(cat["annual_cap"] - used - amount)
    cid = _IDS.next(db, "EXP-")
    db.execute("INSERT INTO expense_claims VALUES (?, ?, ?, ?, ?, ?, ?, 'submitted', ?, NULL)",
               [cid, e["employee_id"], category, when.isoformat(), amount, has_receipt, purpose.strip(), db.now])
    return {"claim_id": cid, "category": category, "expense_date": when.isoformat(), "amount": amount,
            "purpose": purpose.strip(), "status": "submitted", "annual_cap_left": left}


@tool(writes=True)
def withdraw_expense_claim(db: Database, claim_id: str) -> dict:
    """Withdraw an expense claim that is still waiting for approval (status submitted).

    Args:
        claim_id: The claim's id, e.g. "EXP-8123" (from list_expense_claims).

    Returns:
        The claim id, amount and new status.
    """
    c = db.query_one("SELECT * FROM expense_claims WHERE claim_id = ?", [claim_id.strip().upper()])
    if c is None:
        raise ToolError(f"no expense claim with id {claim_id!r} (ids look like 'EXP-8123')")
    if c["status"] != "submitted":
        raise ToolError(f"claim {c['claim_id']} is {c['status']}; only claims still waiting for approval "
                        "(submitted) can be withdrawn")
    db.execute("UPDATE expense_claims SET status = 'withdrawn' WHERE claim_id = ?", [c["claim_id"]])
    return {"claim_id": c["claim_id"], "amount": c["amount"], "status": "withdrawn"}


@tool(writes=True)
def update_tax_withholding(db: Database, employee_id: str, filing_status: FilingStatus, dependents_credit: float,
                           extra_withholding: float) -> dict:
    """Replace an employee's federal withholding election (W-4): filing status, dependents credit and extra
    withholding. It applies from the first pay date whose payroll has not locked.

    Args:
        employee_id: The employee's id, e.g. "E-10042".
        filing_status: single, married_jointly or head_of_household.
        dependents_credit: Dollars per year: at most $2,000 per child under 17 and $500 per other dependent on
            file; 0 for none.
        extra_withholding: Extra federal tax per paycheck in dollars, at most a quarter of the scheduled gross;
            0 for none.

    Returns:
        The new election, the previous one and the first pay date it applies to.
    """
    e = _employee(db, employee_id)
    _require_current(e, "change tax withholding")
    old = db.query_one("SELECT * FROM tax_elections WHERE employee_id = ?", [e["employee_id"]])
    credit, extra = _money(dependents_credit), _money(extra_withholding)
    if credit < 0 or extra < 0:
        raise ToolError("dependents_credit and extra_withholding cannot be negative")
    limit, young, older = _credit_limit(db, e["employee_id"])
    if credit > limit + 1e-9:
        raise ToolError(f"the dependents credit can be at most ${limit:,.2f}: $2,000 for each of {young} children "
                        f"under 17 and $500 for each of {older} other dependents on file")
    most = _money(_scheduled_gross(e) * MAX_EXTRA_SHARE)
    if extra > most + 1e-9:
        raise ToolError(f"extra withholding can be at most ${most:,.2f} per paycheck (a quarter of the scheduled "
                        f"gross of ${_scheduled_gross(e):,.2f})")
    if (old["filing_status"], old["dependents_credit"], old["extra_withholding"]) == (filing_status, credit, extra):
        raise ToolError("the election on file already has these values")
    first_pay = _next_open_pay_date(db).isoformat()
    db.execute("UPDATE tax_elections SET filing_status = ?, dependents_credit = ?, extra_withholding = ?, "
               "updated_at = ?, first_pay_date = ? WHERE employee_id = ?",
               [filing_status, credit, extra, db.now, first_pay, e["employee_id"]])
    return {"employee_id": e["employee_id"], "filing_status": filing_status, "dependents_credit": credit,
            "extra_withholding": extra, "first_pay_date": first_pay,
            "previous": {"filing_status": old["filing_status"], "dependents_credit": old["dependents_credit"],
                         "extra_withholding": old["extra_withholding"]}}
