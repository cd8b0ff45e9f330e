"""Build the payroll environment's flagship tasks (``payroll-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first employee (by id) whose records fit its story and who is in no other flagship task,
writes the request as that employee would, and plays the gold calls on a fresh state so that ids, amounts and
dates come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file
(tagged ``querygen``) are kept after the flagship tasks. Run ``python generated_envs/payroll/seed/make_tasks.py``
after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
DOB_KEYWORDS = ["date of birth", "birth", "dob", "birthday", "born", "birthdate", "birth date"]
USED: set[str] = set()


class Session(TaskBuilder):
    def __init__(self) -> None:
        super().__init__(HERE.parent)


def dob_fact(e: dict[str, Any]) -> dict[str, Any]:
    return {"date_of_birth": {"value": e["date_of_birth"], "keywords": DOB_KEYWORDS}}


def pick(s: Session, sql: str, params: list[Any] | None = None) -> dict[str, Any]:
    for row in s.rows(sql, params):
        if row["employee_id"] not in USED:
            USED.add(row["employee_id"])
            return row
    raise AssertionError(f"no employee fits {sql[:100]}")


def identify(s: Session, e: dict[str, Any]) -> str:
    return s.call("find_employee", first_name=e["first_name"], last_name=e["last_name"],
                  date_of_birth=e["date_of_birth"])["employee_id"]


def day_words(d: str) -> str:
    x = date.fromisoformat(d)
    return f"{x.strftime('%A')}, {x.strftime('%B')} {x.day}"


ACTIVE_FT = ("SELECT e.* FROM employees e WHERE e.status = 'active' AND e.employment_type = 'full_time' "
             "AND e.weekly_hours = 40 AND e.hire_date < '2025-06-01'")


def free_between(s: Session, eid: str, start: str, end: str) -> bool:
    return not s.rows("SELECT 1 FROM time_off_requests WHERE employee_id = ? AND status IN ('pending', 'approved') "
                      "AND start_date <= ? AND end_date >= ?", [eid, end, start])


def vacation_left(s: Session, eid: str) -> float:
    bal = s.rows("SELECT balance_hours FROM time_off_balances WHERE employee_id = ? AND leave_type = 'vacation'",
                 [eid])[0]["balance_hours"]
    used = s.rows("SELECT coalesce(sum(hours), 0) AS h FROM time_off_requests WHERE employee_id = ? AND leave_type = "
                  "'vacation' AND status IN ('pending', 'approved')", [eid])[0]["h"]
    return bal - used


# ---------------------------------------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------------------------------------

def vacation_week(s: Session) -> dict[str, Any]:
    """Write: a full week of vacation; the hours are five workdays."""
    for e in s.rows(ACTIVE_FT + " AND e.department_id = 'D-30' ORDER BY e.employee_id"):
        if e["employee_id"] in USED or not free_between(s, e["employee_id"], "2026-04-27", "2026-05-01") \
                or vacation_left(s, e["employee_id"]) < 40:
            continue
        USED.add(e["employee_id"])
        eid = identify(s, e)
        res = s.call("submit_time_off_request", employee_id=eid, leave_type="vacation", start_date="2026-04-27",
                     end_date="2026-05-01")
        return {"instruction": f"Hi, this is {e['first_name']} {e['last_name']} in Sales. I'd like to take vacation "
                               "the whole week of Monday April 27 through Friday May 1. How many hours will that use?",
                "user_facts": dob_fact(e), "outputs": [f"{res['hours']:.0f}"], "tags": ["write", "time_off"]}
    raise AssertionError("vacation_week")


def blackout_refusal(s: Session) -> dict[str, Any]:
    """Refusal: Finance's first-quarter close blackout covers the wanted vacation week."""
    e = pick(s, ACTIVE_FT + " AND e.department_id = 'D-50' ORDER BY e.employee_id")
    eid = identify(s, e)
    s.call("get_time_off_summary", employee_id=eid)
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']} from Finance. Please book me vacation from "
                           "April 6 to April 10; my family is visiting.",
            "user_facts": dob_fact(e), "outputs": ["2026-04-10"],
            "forbidden_calls": [{"name": "submit_time_off_request", "arguments": {"employee_id": eid}}],
            "tags": ["read", "time_off", "blackout", "refusal"]}


def memorial_day_week(s: Session) -> dict[str, Any]:
    """Write: the week of Memorial Day; the holiday is not counted."""
    for e in s.rows(ACTIVE_FT + " AND e.department_id IN ('D-10', 'D-40', 'D-70') ORDER BY e.employee_id"):
        if e["employee_id"] in USED or not free_between(s, e["employee_id"], "2026-05-25", "2026-05-29") \
                or vacation_left(s, e["employee_id"]) < 40:
            continue
        USED.add(e["employee_id"])
        eid = identify(s, e)
        res = s.call("submit_time_off_request", employee_id=eid, leave_type="vacation", start_date="2026-05-25",
                     end_date="2026-05-29")
        return {"instruction": f"Hi, I'm {e['first_name']} {e['last_name']}. Please request vacation for me from "
                               "Monday May 25 to Friday May 29. How many vacation hours does that take?",
                "user_facts": dob_fact(e), "outputs": [f"{res['hours']:.0f}"],
                "tags": ["write", "time_off", "holiday"]}
    raise AssertionError("memorial_day_week")


def vacation_notice(s: Session) -> dict[str, Any]:
    """Refusal: vacation on Friday needs 7 days' notice."""
    e = pick(s, ACTIVE_FT + " AND e.department_id = 'D-10' ORDER BY e.employee_id DESC")
    identify(s, e)
    return {"instruction": f"Hey, {e['first_name']} {e['last_name']} from the warehouse. Can I get this Friday, "
                           "March 20, off as a vacation day?",
            "user_facts": dob_fact(e), "outputs": ["2026-03-25"],
            "forbidden_calls": [{"name": "submit_time_off_request", "arguments": {"leave_type": "vacation"}}],
            "tags": ["read", "time_off", "notice", "refusal"]}


def short_balance(s: Session) -> dict[str, Any]:
    """Refusal: two weeks of vacation are more than the available hours."""
    for e in s.rows(ACTIVE_FT + " AND e.department_id IN ('D-40', 'D-70', 'D-10') ORDER BY e.employee_id"):
        left = vacation_left(s, e["employee_id"])
        if e["employee_id"] in USED or not 8 <= left < 72 or not free_between(s, e["employee_id"], "2026-06-08",
                                                                                "2026-06-19"):
            continue
        USED.add(e["employee_id"])
        eid = identify(s, e)
        res = s.call("get_time_off_summary", employee_id=eid)
        avail = next(b for b in res["balances"] if b["leave_type"] == "vacation")["available_hours"]
        return {"instruction": f"Hi, {e['first_name']} {e['last_name']} here. I'd like two weeks of vacation, June 8 "
                               "through June 19. Please submit it.",
                "user_facts": dob_fact(e), "outputs": [f"{avail:.2f}"],
                "forbidden_calls": [{"name": "submit_time_off_request", "arguments": {"employee_id": eid}}],
                "tags": ["read", "time_off", "balance", "refusal"]}
    raise AssertionError("short_balance")


def move_vacation(s: Session) -> dict[str, Any]:
    """Multi-write: cancel an approved vacation and request the same length a week later."""
    rows = s.rows("SELECT r.*, e.first_name, e.last_name, e.date_of_birth, e.department_id FROM time_off_requests r "
                  "JOIN employees e ON e.employee_id = r.employee_id WHERE r.status = 'approved' AND r.leave_type = "
                  "'vacation' AND r.start_date >= '2026-04-20' AND r.start_date < '2026-06-15' AND e.status = 'active' "
                  "AND e.employment_type = 'full_time' AND r.start_date = r.end_date ORDER BY r.employee_id")
    for r in rows:
        if r["employee_id"] in USED:
            continue
        new = date.fromisoformat(r["start_date"]).toordinal() + 7
        new_day = date.fromordinal(new).isoformat()
        if not free_between(s, r["employee_id"], new_day, new_day):
            continue
        trial = s.rows("SELECT 1 FROM blackout_periods WHERE department_id = ? AND start_date <= ? AND end_date >= ?",
                       [r["department_id"], new_day, new_day])
        if trial or s.rows("SELECT 1 FROM holidays WHERE holiday_date = ?", [new_day]):
            continue
        USED.add(r["employee_id"])
        eid = identify(s, r)
        s.call("list_time_off_requests", employee_id=eid)
        s.call("cancel_time_off_request", request_id=r["request_id"])
        res = s.call("submit_time_off_request", employee_id=eid, leave_type="vacation", start_date=new_day,
                     end_date=new_day)
        return {"instruction": f"Hi, {r['first_name']} {r['last_name']}. I have a vacation day approved for "
                               f"{day_words(r['start_date'])}, but I need to move it to the same day one week later. "
                               "Can you cancel the old one and put in the new day?",
                "user_facts": dob_fact(r), "outputs": [res["request_id"]],
                "tags": ["write", "time_off", "cancel", "multi"]}
    raise AssertionError("move_vacation")


def new_baby(s: Session) -> dict[str, Any]:
    """Multi-write: a birth not yet reported; report it, add the baby, move medical coverage to family."""
    rows = s.rows("SELECT e.*, b.plan_id FROM employees e JOIN benefit_enrollments b ON b.employee_id = e.employee_id "
                  "WHERE b.end_date IS NULL AND b.coverage_level = 'employee_spouse' AND b.plan_id LIKE 'MED-%' AND "
                  "e.status = 'active' AND NOT EXISTS (SELECT 1 FROM life_events l WHERE l.employee_id = "
                  "e.employee_id) AND NOT EXISTS (SELECT 1 FROM dependents d WHERE d.employee_id = e.employee_id "
                  "AND d.relationship = 'child') ORDER BY e.employee_id")
    e = next(r for r in rows if r["employee_id"] not in USED)
    USED.add(e["employee_id"])
    eid = identify(s, e)
    s.call("report_life_event", employee_id=eid, event_type="birth", event_date="2026-03-09")
    s.call("add_dependent", employee_id=eid, dependent_first_name="Nora", dependent_last_name=e["last_name"],
           relationship="child", dependent_birth_date="2026-03-09")
    ov = s.call("get_benefits_overview", employee_id=eid)
    plan = next(x for x in ov["enrollments"] if x["kind"] == "medical")
    res = s.call("enroll_in_benefit_plan", employee_id=eid, plan_id=plan["plan_id"], coverage_level="family")
    return {"instruction": f"Hi! {e['first_name']} {e['last_name']} here. Our daughter Nora {e['last_name']} was born "
                           "on March 9. Please add her to my records and change my medical plan from covering me and "
                           "my spouse to the whole family. What will it cost per paycheck, and from when?",
            "user_facts": dob_fact(e), "outputs": [f"{res['per_paycheck_cost']:.2f}", res["start_date"]],
            "tags": ["write", "benefits", "life_event", "dependent", "multi"]}


def window_closed(s: Session) -> dict[str, Any]:
    """Refusal: no open change window for a dental upgrade."""
    e = pick(s, "SELECT e.* FROM employees e JOIN benefit_enrollments b ON b.employee_id = e.employee_id WHERE "
                "b.plan_id = 'DEN-BASIC' AND b.end_date IS NULL AND e.status = 'active' AND e.hire_date < "
                "'2025-06-01' AND NOT EXISTS (SELECT 1 FROM life_events l WHERE l.employee_id = e.employee_id) "
                "ORDER BY e.employee_id")
    eid = identify(s, e)
    s.call("get_benefits_overview", employee_id=eid)
    return {"instruction": f"Hello, this is {e['first_name']} {e['last_name']}. I need some dental work done, so "
                           "I'd like to switch from Brightsmile Dental Basic to Dental Plus right away.",
            "user_facts": dob_fact(e), "outputs": ["2025-11-21"],
            "forbidden_calls": [{"name": "enroll_in_benefit_plan", "arguments": {"plan_id": "DEN-PLUS"}}],
            "tags": ["read", "benefits", "window", "refusal"]}


def part_time_medical(s: Session) -> dict[str, Any]:
    """Refusal: a part-time employee scheduled under 30 hours cannot have medical."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.employment_type = 'part_time' AND e.weekly_hours < 30 AND "
                "e.status = 'active' ORDER BY e.employee_id")
    eid = identify(s, e)
    s.call("get_employee_profile", employee_id=eid)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I'd like to sign up for the Meridian PPO "
                           "medical plan, just for myself. Can you enroll me?",
            "user_facts": dob_fact(e), "outputs": [str(e["weekly_hours"])],
            "forbidden_calls": [{"name": "enroll_in_benefit_plan", "arguments": {"employee_id": eid}}],
            "tags": ["read", "benefits", "eligibility", "refusal"]}


def switch_bank(s: Session) -> dict[str, Any]:
    """Write: move the whole paycheck to a new bank; the locked 3/20 payroll still goes to the old account."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND (SELECT count(*) FROM deposit_accounts a "
                "WHERE a.employee_id = e.employee_id AND a.status = 'active') = 1 AND (SELECT bank_name FROM "
                "deposit_accounts a WHERE a.employee_id = e.employee_id AND a.status = 'active') <> "
                "'Hoosier State Trust' ORDER BY e.employee_id DESC")
    eid = identify(s, e)
    res = s.call("add_deposit_account", employee_id=eid, routing_number="074901520", account_number="558120394417",
                 account_type="checking", allocation_type="remainder")
    return {"instruction": f"Hi, I'm {e['first_name']} {e['last_name']}. I opened a checking account at Hoosier "
                           "State Trust and want my whole paycheck to go there from now on: routing 074901520, "
                           "account 558120394417. Will this Friday's pay already land there?",
            "user_facts": dob_fact(e), "outputs": [res["first_pay_date"]],
            "tags": ["write", "direct_deposit", "cutoff"]}


def expense_over_limit(s: Session) -> dict[str, Any]:
    """Refusal: a business meal over the per-claim limit (no splitting)."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND e.department_id = 'D-30' "
                "ORDER BY e.employee_id DESC")
    identify(s, e)
    s.call("get_expense_policy")
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}, Sales. I took a client to dinner at The Pearl "
                           "on March 12; the bill was $96.40 and I have the receipt. Please submit it for "
                           "reimbursement.",
            "user_facts": dob_fact(e), "outputs": ["75.00"],
            "forbidden_calls": [{"name": "submit_expense_claim", "arguments": {"expense_type": "meals"}}],
            "tags": ["read", "expenses", "limit", "refusal"]}


def extra_withholding(s: Session) -> dict[str, Any]:
    """Write: raise extra withholding, keeping filing status and credit; applies from 4/3."""
    e = pick(s, "SELECT e.* FROM employees e JOIN tax_elections t ON t.employee_id = e.employee_id WHERE "
                "e.status = 'active' AND t.extra_withholding = 0 AND t.filing_status = 'married_jointly' AND "
                "t.dependents_credit > 0 AND e.employment_type = 'full_time' ORDER BY e.employee_id")
    eid = identify(s, e)
    cur = s.call("get_tax_withholding", employee_id=eid)
    res = s.call("update_tax_withholding", employee_id=eid, filing_status=cur["filing_status"],
                 dependents_credit=cur["dependents_credit"], extra_withholding=60.0)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I owed money at tax time, so please have an "
                           "extra $60 of federal tax withheld from each paycheck. Leave everything else on my W-4 as "
                           "it is. Which paycheck will it start with?",
            "user_facts": dob_fact(e), "outputs": [res["first_pay_date"]], "tags": ["write", "withholding"]}


def credit_over_limit(s: Session) -> dict[str, Any]:
    """Refusal: a dependents credit above $2,000 per child under 17 on file."""
    rows = s.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND (SELECT count(*) FROM dependents d WHERE "
                  "d.employee_id = e.employee_id AND d.relationship = 'child') = 1 AND EXISTS (SELECT 1 FROM "
                  "dependents d WHERE d.employee_id = e.employee_id AND d.relationship = 'child' AND d.birth_date > "
                  "'2012-01-01') ORDER BY e.employee_id")
    e = next(r for r in rows if r["employee_id"] not in USED)
    USED.add(e["employee_id"])
    eid = identify(s, e)
    cur = s.call("get_tax_withholding", employee_id=eid)
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']} calling. I'd like to claim $4,000 in "
                           "dependents credit on my W-4 so I get more in each paycheck.",
            "user_facts": dob_fact(e), "outputs": [f"{cur['max_dependents_credit']:.2f}"],
            "forbidden_calls": [{"name": "update_tax_withholding", "arguments": {"dependents_credit": 4000.0}}],
            "tags": ["read", "withholding", "limit", "refusal"]}


def last_stub(s: Session) -> dict[str, Any]:
    """Read: federal tax and net pay on the latest paycheck."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND e.pay_type = 'hourly' AND "
                "e.hire_date < '2025-01-01' ORDER BY e.employee_id DESC")
    eid = identify(s, e)
    stubs = s.call("list_pay_stubs", employee_id=eid)
    stub = s.call("get_pay_stub", stub_id=stubs["stubs"][0]["stub_id"])
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']} here. On my most recent paycheck, how much "
                           "federal income tax was taken out, and how many overtime hours was I paid for?",
            "user_facts": dob_fact(e), "outputs": [f"{stub['federal_tax']:.2f}", f"{stub['overtime_hours']:g}"],
            "tags": ["read", "pay_stub"]}


def new_savings_split(s: Session) -> dict[str, Any]:
    """Write, facts given only when asked: a fixed $100 split to a new savings account."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND (SELECT count(*) FROM deposit_accounts a "
                "WHERE a.employee_id = e.employee_id AND a.status = 'active') = 1 ORDER BY e.employee_id")
    eid = identify(s, e)
    res = s.call("add_deposit_account", employee_id=eid, routing_number="044105411", account_number="20417736",
                 account_type="savings", allocation_type="fixed", allocation_value=100.0)
    facts = dob_fact(e)
    facts["routing_number"] = {"value": "044105411", "keywords": ["routing", "aba", "bank number"]}
    facts["account_number"] = {"value": "20417736", "keywords": ["account number", "account no", "number of the account"]}
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']} here. I opened a savings account at Buckeye "
                           "Community Bank and I'd like $100 of every paycheck to go into it; the rest should keep "
                           "going to my current account. When does it start?",
            "user_facts": facts, "outputs": [res["first_pay_date"]], "tags": ["write", "direct_deposit", "split"]}


def remove_only_account(s: Session) -> dict[str, Any]:
    """Refusal: the only (remainder) account cannot be removed."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND (SELECT count(*) FROM deposit_accounts a "
                "WHERE a.employee_id = e.employee_id AND a.status = 'active') = 1 ORDER BY e.employee_id DESC")
    eid = identify(s, e)
    res = s.call("list_deposit_accounts", employee_id=eid)
    acct = res["accounts"][0]
    return {"instruction": f"Hello, I'm {e['first_name']} {e['last_name']}. I'm closing my account at "
                           f"{acct['bank_name']}, so please take it off direct deposit.",
            "user_facts": dob_fact(e), "outputs": [acct["account_last4"]],
            "forbidden_calls": [{"name": "remove_deposit_account", "arguments": {"account_id": acct["account_id"]}}],
            "tags": ["read", "direct_deposit", "remainder", "refusal"]}


def percent_over_half(s: Session) -> dict[str, Any]:
    """Refusal: a second percent split would take more than 50% of net pay."""
    row = pick(s, "SELECT a.employee_id, a.allocation_value, a.bank_name FROM deposit_accounts a JOIN employees e ON "
                  "e.employee_id = a.employee_id WHERE a.status = 'active' AND a.allocation_type = 'percent' AND "
                  "a.allocation_value >= 15 AND e.status = 'active' ORDER BY a.employee_id")
    e = s.rows("SELECT * FROM employees WHERE employee_id = ?", [row["employee_id"]])[0]
    eid = identify(s, e)
    s.call("list_deposit_accounts", employee_id=eid)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I want to save more: please send 40% of each "
                           "paycheck to my checking account at Ohio Valley Savings, routing 042003829, account "
                           "88120457.",
            "user_facts": dob_fact(e), "outputs": [f"{row['allocation_value']:g}"],
            "forbidden_calls": [{"name": "add_deposit_account", "arguments": {"account_number": "88120457"}}],
            "tags": ["read", "direct_deposit", "split", "refusal"]}


def training_cap(s: Session) -> dict[str, Any]:
    """Refusal: a training claim above what is left of the $2,500 yearly cap."""
    rows = s.rows("SELECT c.employee_id, sum(c.amount) AS used FROM expense_claims c JOIN employees e ON "
                  "e.employee_id = c.employee_id WHERE c.category = 'training' AND year(c.expense_date) = 2026 AND "
                  "c.status NOT IN ('withdrawn', 'rejected') AND e.status = 'active' GROUP BY 1 HAVING sum(c.amount) "
                  "BETWEEN 1100 AND 2300 AND count(*) = 1 ORDER BY 1")
    row = next(r for r in rows if r["employee_id"] not in USED)
    USED.add(row["employee_id"])
    e = s.rows("SELECT * FROM employees WHERE employee_id = ?", [row["employee_id"]])[0]
    eid = identify(s, e)
    s.call("list_expense_claims", employee_id=eid)
    left = round(2500 - row["used"] + 1e-9, 2)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I paid $1,450.00 for a supply chain "
                           "certification course on March 9 and have the receipt; it's for the Distributor summit in "
                           "Louisville. Please submit it for reimbursement.",
            "user_facts": dob_fact(e), "outputs": [f"{left:.2f}"],
            "forbidden_calls": [{"name": "submit_expense_claim", "arguments": {"expense_type": "training"}}],
            "tags": ["read", "expenses", "annual_cap", "refusal"]}


def rideshare_no_receipt(s: Session) -> dict[str, Any]:
    """Refusal: a $38 rideshare without a receipt (receipts needed above $25)."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND e.department_id = 'D-80' "
                "ORDER BY e.employee_id")
    identify(s, e)
    s.call("get_expense_policy")
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']} from Procurement. I took a $38.00 Uber to a "
                           "supplier visit in Fort Wayne on March 16, but I lost the receipt. Can you still submit it?",
            "user_facts": dob_fact(e), "outputs": ["25.00"],
            "forbidden_calls": [{"name": "submit_expense_claim", "arguments": {"has_receipt": False}}],
            "tags": ["read", "expenses", "receipt", "refusal"]}


def late_marriage(s: Session) -> dict[str, Any]:
    """Refusal: a marriage 39 days ago is too late to report; no benefit change."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.status = 'active' AND e.employment_type = 'full_time' AND NOT "
                "EXISTS (SELECT 1 FROM life_events l WHERE l.employee_id = e.employee_id) AND NOT EXISTS (SELECT 1 "
                "FROM dependents d WHERE d.employee_id = e.employee_id) AND e.hire_date < '2025-01-01' "
                "ORDER BY e.employee_id")
    identify(s, e)
    return {"instruction": f"Hi! {e['first_name']} {e['last_name']} here. I got married on February 7 and would "
                           "like to report it so I can add my wife to my medical plan.",
            "user_facts": dob_fact(e), "outputs": ["30"],
            "forbidden_calls": [{"name": "report_life_event", "arguments": {"event_type": "marriage"}}],
            "tags": ["read", "benefits", "life_event", "refusal"]}


def hours_left(s: Session) -> dict[str, Any]:
    """Read: vacation hours still available (balance less pending and approved requests)."""
    e = pick(s, ACTIVE_FT + " AND EXISTS (SELECT 1 FROM time_off_requests r WHERE r.employee_id = e.employee_id AND "
                "r.leave_type = 'vacation' AND r.status = 'pending') ORDER BY e.employee_id")
    eid = identify(s, e)
    res = s.call("get_time_off_summary", employee_id=eid)
    vac = next(b for b in res["balances"] if b["leave_type"] == "vacation")
    return {"instruction": f"Hi, I'm {e['first_name']} {e['last_name']}. Not counting the vacation I've already "
                           "asked for, how many vacation hours can I still request?",
            "user_facts": dob_fact(e), "outputs": [f"{vac['available_hours']:.2f}"], "tags": ["read", "time_off"]}


def new_hire_benefits(s: Session) -> dict[str, Any]:
    """Multi-write: a new hire enrolls in medical and dental for themselves."""
    e = pick(s, "SELECT e.* FROM employees e WHERE e.hire_date > '2026-02-20' AND e.employment_type = 'full_time' "
                "AND NOT EXISTS (SELECT 1 FROM benefit_enrollments b WHERE b.employee_id = e.employee_id) "
                "ORDER BY e.employee_id")
    eid = identify(s, e)
    s.call("list_benefit_plans")
    med = s.call("enroll_in_benefit_plan", employee_id=eid, plan_id="MED-HDHP", coverage_level="employee")
    den = s.call("enroll_in_benefit_plan", employee_id=eid, plan_id="DEN-BASIC", coverage_level="employee")
    total = round(med["per_paycheck_cost"] + den["per_paycheck_cost"] + 1e-9, 2)
    return {"instruction": f"Hi, I'm {e['first_name']} {e['last_name']}, I started here recently. I'd like to sign "
                           "up for the high-deductible medical plan with the HSA and the basic dental plan, both just "
                           "for me. What will the two cost me per paycheck in total?",
            "user_facts": dob_fact(e), "outputs": [f"{total:.2f}", med["start_date"]],
            "tags": ["write", "benefits", "new_hire", "multi", "derived"]}


def baby_w4(s: Session) -> dict[str, Any]:
    """Multi-write: a reported birth; add the baby and raise the dependents credit by $2,000."""
    rows = s.rows("SELECT e.*, l.event_date FROM employees e JOIN life_events l ON l.employee_id = e.employee_id "
                  "WHERE l.event_type = 'birth' AND l.event_date >= '2026-02-20' AND e.status = 'active' "
                  "ORDER BY e.employee_id")
    e = next(r for r in rows if r["employee_id"] not in USED)
    USED.add(e["employee_id"])
    eid = identify(s, e)
    s.call("add_dependent", employee_id=eid, dependent_first_name="Milo", dependent_last_name=e["last_name"],
           relationship="child", dependent_birth_date=e["event_date"])
    cur = s.call("get_tax_withholding", employee_id=eid)
    res = s.call("update_tax_withholding", employee_id=eid, filing_status=cur["filing_status"],
                 dependents_credit=cur["dependents_credit"] + 2000, extra_withholding=cur["extra_withholding"])
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']}. I already reported the birth of our son, but "
                           f"he isn't on my records yet: Milo {e['last_name']}, born {day_words(e['event_date'])}. "
                           "Please add him, and raise the dependents credit on my W-4 by $2,000 for him, keeping "
                           "everything else the same.",
            "user_facts": dob_fact(e), "outputs": [f"{res['dependents_credit']:.2f}", res["first_pay_date"]],
            "tags": ["write", "dependent", "withholding", "multi"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    vacation_week, blackout_refusal, memorial_day_week, vacation_notice, short_balance, move_vacation, new_baby,
    window_closed, part_time_medical, switch_bank, expense_over_limit, extra_withholding, credit_over_limit,
    last_stub, new_savings_split, remove_only_account, percent_over_half, training_cap, rideshare_no_receipt,
    late_marriage, hours_left, new_hire_benefits, baby_w4,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        f = scenario(s)
        s.add_task(f["instruction"], task_id=f"payroll-{i:03d}", tags=f["tags"], outputs=f["outputs"],
                   user_facts=f["user_facts"], forbidden_calls=f.get("forbidden_calls", []),
                   check_outputs=not {"refusal", "derived"} & set(f["tags"]))


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: "querygen" in t.tags,
                                  description=__doc__.splitlines()[0]))
