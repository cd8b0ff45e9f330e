"""The payroll environment's own checks: the structural ones every folder runs, then every business rule."""

from __future__ import annotations

from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Episodes played blind (tests/blind_play.jsonl): correct play 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

TestStructure = ENV.standard_tests(min_tools=14, min_writes=8, min_reads=10, min_tasks=70, min_tables=8,
                                   min_rows=2000, every_table_filled=True, min_rules=8, min_read_tasks=15,
                                   min_single_write_tasks=15, min_multi_write_tasks=10, min_refusal_tasks=6,
                                   min_forbidden_tasks=6, min_user_fact_tasks=40, compact_share=0.3,
                                   unchecked_output_tags=("refusal", "derived"))


def q(state: DuckDBState, sql: str, params: list[Any] | None = None) -> str:
    """The first column of the first row of a query (a seed id for a test)."""
    value = state.db.scalar(sql, params or [])
    assert value is not None, sql
    return value


ACTIVE_FT = ("SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND e.employment_type = 'full_time' "
             "AND e.weekly_hours = 40 AND e.hire_date < '2025-06-01'")


def free_ft(state: DuckDBState, dept: str, start: str, end: str, hours: float = 40) -> str:
    return q(state, ACTIVE_FT + " AND e.department_id = ? AND NOT EXISTS (SELECT 1 FROM time_off_requests r WHERE "
             "r.employee_id = e.employee_id AND r.status IN ('pending', 'approved') AND r.start_date <= ? AND "
             "r.end_date >= ?) AND (SELECT b.balance_hours FROM time_off_balances b WHERE b.employee_id = "
             "e.employee_id AND b.leave_type = 'vacation') - (SELECT coalesce(sum(hours), 0) FROM time_off_requests r "
             "WHERE r.employee_id = e.employee_id AND r.leave_type = 'vacation' AND r.status IN ('pending', "
             "'approved')) >= ? ORDER BY e.employee_id", [dept, end, start, hours])


def terminated(state: DuckDBState) -> str:
    return q(state, "SELECT employee_id FROM employees WHERE status = 'terminated' ORDER BY employee_id")


# -- reads ----------------------------------------------------------------------------------------------------

def test_find_employee_and_profile(state: DuckDBState) -> None:
    e = one(state, "SELECT * FROM employees WHERE employee_id = 'E-10020'")
    found = run(state, "find_employee", first_name=e["first_name"].upper(), last_name=e["last_name"],
                date_of_birth=e["date_of_birth"])
    assert found["employee_id"] == "E-10020"
    assert_refused(state, "find_employee", "no employee named", first_name=e["first_name"], last_name=e["last_name"],
                   date_of_birth="1900-01-01")
    assert_refused(state, "find_employee", "must be a date", first_name="A", last_name="B", date_of_birth="soon")
    prof = run(state, "get_employee_profile", employee_id="e-10020")
    assert prof["department"] == "Quality Assurance" and prof["scheduled_gross_per_paycheck"] == round(29.73 * 80, 2)
    salaried = q(state, "SELECT employee_id FROM employees WHERE pay_type = 'salaried' ORDER BY 1")
    sal = run(state, "get_employee_profile", employee_id=salaried)
    assert sal["scheduled_gross_per_paycheck"] == round(sal["annual_salary"] / 26 + 1e-9, 2)
    assert_refused(state, "get_employee_profile", "no employee with id", employee_id="E-1")


def test_twins_are_told_apart_by_birth_date(state: DuckDBState) -> None:
    pair = state.db.query("SELECT first_name, last_name, count(*) AS n FROM employees GROUP BY ALL HAVING n > 1")
    assert pair
    rows = state.db.query("SELECT * FROM employees WHERE first_name = ? AND last_name = ?",
                          [pair[0]["first_name"], pair[0]["last_name"]])
    ids = {run(state, "find_employee", first_name=r["first_name"], last_name=r["last_name"],
               date_of_birth=r["date_of_birth"])["employee_id"] for r in rows}
    assert len(ids) == len(rows)


def test_pay_calendar_and_stubs(state: DuckDBState) -> None:
    cal = run(state, "get_pay_calendar")
    assert [p["status"] for p in cal["periods"][:3]] == ["paid", "locked", "in_progress"]
    assert cal["changes_apply_from_pay_date"] == "2026-04-03"
    later = run(state, "get_pay_calendar", from_date="2026-05-01")
    assert later["periods"][0]["pay_date"] == "2026-05-01" and later["periods"][0]["status"] == "upcoming"
    page = run(state, "list_pay_stubs", employee_id="E-10020")
    assert page["more"] and len(page["stubs"]) == 10 and page["stubs"][0]["pay_date"] == "2026-03-06"
    rest = run(state, "list_pay_stubs", employee_id="E-10020", offset=page["next_offset"])
    assert not rest["more"] and rest["stubs"]
    assert len(run(state, "list_pay_stubs", employee_id="E-10020", year=2026)["stubs"]) == 5
    assert_refused(state, "list_pay_stubs", "offset must be 0", employee_id="E-10020", offset=-1)
    stub = run(state, "get_pay_stub", stub_id=page["stubs"][0]["stub_id"])
    assert stub["net_pay"] == round(stub["gross_pay"] - stub["pretax_deductions"] - stub["total_taxes"]
                                    + stub["expense_reimbursement"], 2)
    assert_refused(state, "get_pay_stub", "no pay stub", stub_id="PS-1")


def test_small_reads(state: DuckDBState) -> None:
    assert len(run(state, "list_company_holidays", year=2026)) == 12
    assert {p["kind"] for p in run(state, "list_benefit_plans", kind="dental")} == {"dental"}
    assert len(run(state, "list_benefit_plans")) == 7
    assert {c["category"] for c in run(state, "get_expense_policy")} >= {"meals", "training"}
    summary = run(state, "get_time_off_summary", employee_id="E-10020")
    assert {b["leave_type"] for b in summary["balances"]} == {"vacation", "sick", "personal"}
    assert summary["blackout_periods"][0]["blackout_id"] == "BO-15"
    reqs = run(state, "list_time_off_requests", employee_id="E-10020", status="approved")
    assert all(r["status"] == "approved" for r in reqs["requests"])
    busy = q(state, "SELECT employee_id FROM time_off_requests GROUP BY 1 HAVING count(*) >= 3 ORDER BY 1")
    first = run(state, "list_time_off_requests", employee_id=busy)
    assert not first["more"] and len(first["requests"]) >= 3
    assert not run(state, "list_time_off_requests", employee_id=busy, offset=10)["requests"]
    assert_refused(state, "list_time_off_requests", "offset must be 0", employee_id=busy, offset=-3)
    claims = q(state, "SELECT employee_id FROM expense_claims GROUP BY 1 HAVING count(*) >= 4 ORDER BY 1")
    page = run(state, "list_expense_claims", employee_id=claims)
    assert not page["more"] and len(page["claims"]) >= 4
    assert run(state, "list_expense_claims", employee_id=claims, status="paid")["claims"]
    assert_refused(state, "list_expense_claims", "offset must be 0", employee_id=claims, offset=-1)
    accts = run(state, "list_deposit_accounts", employee_id="E-10021", include_removed=True)
    assert {a["status"] for a in accts["accounts"]} == {"active", "removed"}
    assert accts["locked_pay_date"] == "2026-03-20"


def test_benefits_overview_window(state: DuckDBState) -> None:
    new_hire = run(state, "get_benefits_overview", employee_id="E-10001")
    assert new_hire["change_window"]["open"] and "new hire" in new_hire["change_window"]["reason"]
    recent = q(state, "SELECT employee_id FROM life_events WHERE event_date >= '2026-02-16' ORDER BY 1")
    assert run(state, "get_benefits_overview", employee_id=recent)["change_window"]["open"]
    closed = run(state, "get_benefits_overview", employee_id="E-10020")
    assert not closed["change_window"]["open"] and closed["eligible_plan_kinds"] == ["medical", "dental", "vision"]
    seasonal = q(state, "SELECT employee_id FROM employees WHERE employment_type = 'seasonal' ORDER BY 1")
    assert run(state, "get_benefits_overview", employee_id=seasonal)["eligible_plan_kinds"] == []
    part = q(state, "SELECT employee_id FROM employees WHERE weekly_hours < 30 ORDER BY 1")
    assert run(state, "get_benefits_overview", employee_id=part)["eligible_plan_kinds"] == ["dental", "vision"]


def test_tax_withholding_read(state: DuckDBState) -> None:
    t = run(state, "get_tax_withholding", employee_id="E-10020")
    assert t["max_dependents_credit"] == 500.0 and t["max_extra_withholding"] == round(29.73 * 80 / 4, 2)


# -- time off -------------------------------------------------------------------------------------------------

def test_vacation_counts_working_days(state: DuckDBState) -> None:
    eid = free_ft(state, "D-40", "2026-05-25", "2026-05-29")
    before = run(state, "get_time_off_summary", employee_id=eid)
    out = run(state, "submit_time_off_request", employee_id=eid, leave_type="vacation", start_date="2026-05-25",
              end_date="2026-05-29")
    assert out["working_days"] == 4 and out["hours"] == 32.0 and out["status"] == "pending"
    vac = next(b for b in before["balances"] if b["leave_type"] == "vacation")
    assert out["available_hours_after"] == round(vac["available_hours"] - 32, 2)
    row = one(state, "SELECT * FROM time_off_requests WHERE request_id = ?", [out["request_id"]])
    assert row["status"] == "pending" and row["hours"] == 32.0
    assert_refused(state, "submit_time_off_request", "overlap request", employee_id=eid, leave_type="vacation",
                   start_date="2026-05-27", end_date="2026-05-27")


def test_sick_today_and_part_time_hours(state: DuckDBState) -> None:
    part = q(state, "SELECT e.employee_id FROM employees e JOIN time_off_balances b ON b.employee_id = e.employee_id "
                    "AND b.leave_type = 'sick' WHERE e.employment_type = 'part_time' AND e.status = 'active' AND "
                    "e.weekly_hours = 20 AND b.balance_hours >= 8 AND NOT EXISTS (SELECT 1 FROM time_off_requests r "
                    "WHERE r.employee_id = e.employee_id AND r.status IN ('pending', 'approved') AND r.start_date <= "
                    "'2026-03-19') ORDER BY 1")
    out = run(state, "submit_time_off_request", employee_id=part, leave_type="sick", start_date="2026-03-18",
              end_date="2026-03-19")
    assert out["hours"] == 8.0


def test_time_off_refusals(state: DuckDBState) -> None:
    eid = free_ft(state, "D-40", "2026-04-20", "2026-04-24")
    args = {"employee_id": eid, "leave_type": "vacation"}
    assert_refused(state, "submit_time_off_request", "before start_date", start_date="2026-04-24",
                   end_date="2026-04-20", **args)
    assert_refused(state, "submit_time_off_request", "cannot start in the past", start_date="2026-03-16",
                   end_date="2026-03-17", **args)
    assert_refused(state, "submit_time_off_request", "7 days' notice.*2026-03-25", start_date="2026-03-20",
                   end_date="2026-03-20", **args)
    assert_refused(state, "submit_time_off_request", "no working days", start_date="2026-04-25",
                   end_date="2026-04-26", **args)
    assert_refused(state, "submit_time_off_request", "at most 15 working days", start_date="2026-04-20",
                   end_date="2026-05-15", **args)
    assert_refused(state, "submit_time_off_request", "2 days' notice", employee_id=eid, leave_type="personal",
                   start_date="2026-03-19", end_date="2026-03-19")
    seasonal = q(state, "SELECT employee_id FROM employees WHERE employment_type = 'seasonal' AND status = 'active' "
                        "ORDER BY 1")
    assert_refused(state, "submit_time_off_request", "do not have vacation time", employee_id=seasonal,
                   leave_type="vacation", start_date="2026-04-20", end_date="2026-04-20")
    assert_refused(state, "submit_time_off_request", "left the company", employee_id=terminated(state),
                   leave_type="sick", start_date="2026-04-20", end_date="2026-04-20")


def test_blackout_blocks_vacation_not_sick(state: DuckDBState) -> None:
    eid = free_ft(state, "D-50", "2026-04-06", "2026-04-10")
    assert_refused(state, "submit_time_off_request", "blackout period 2026-03-30 to 2026-04-10", employee_id=eid,
                   leave_type="vacation", start_date="2026-04-06", end_date="2026-04-10")
    assert_refused(state, "submit_time_off_request", "blackout", employee_id=eid, leave_type="personal",
                   start_date="2026-04-06", end_date="2026-04-06")
    assert run(state, "submit_time_off_request", employee_id=eid, leave_type="sick", start_date="2026-04-06",
               end_date="2026-04-06")["status"] == "pending"


def test_balance_must_cover_request(state: DuckDBState) -> None:
    short = q(state, ACTIVE_FT + " AND e.department_id IN ('D-40', 'D-70', 'D-10') AND (SELECT b.balance_hours FROM "
              "time_off_balances b WHERE b.employee_id = e.employee_id AND b.leave_type = 'vacation') - (SELECT "
              "coalesce(sum(hours), 0) FROM time_off_requests r WHERE r.employee_id = e.employee_id AND r.leave_type = "
              "'vacation' AND r.status IN ('pending', 'approved')) BETWEEN 8 AND 70 AND NOT EXISTS (SELECT 1 FROM "
              "time_off_requests r WHERE r.employee_id = e.employee_id AND r.status IN ('pending', 'approved') AND "
              "r.start_date <= '2026-06-19' AND r.end_date >= '2026-06-08') ORDER BY 1")
    assert_refused(state, "submit_time_off_request", "only .* are available", employee_id=short,
                   leave_type="vacation", start_date="2026-06-08", end_date="2026-06-19")


def test_cancel_time_off(state: DuckDBState) -> None:
    rid = q(state, "SELECT request_id FROM time_off_requests WHERE status = 'approved' AND start_date > '2026-03-18' "
                   "ORDER BY 1")
    out = run(state, "cancel_time_off_request", request_id=rid)
    assert out["status"] == "cancelled"
    assert one(state, "SELECT status FROM time_off_requests WHERE request_id = ?", [rid])["status"] == "cancelled"
    assert_refused(state, "cancel_time_off_request", "only pending or approved", request_id=rid)
    taken = q(state, "SELECT request_id FROM time_off_requests WHERE status = 'taken' ORDER BY 1")
    assert_refused(state, "cancel_time_off_request", "is taken", request_id=taken)
    assert_refused(state, "cancel_time_off_request", "no time-off request", request_id="TO-1")


def test_cancel_refused_once_started() -> None:
    later = ENV.new_state("2026-05-20T09:00:00")
    try:
        rid = later.db.scalar("SELECT request_id FROM time_off_requests WHERE status = 'approved' AND start_date "
                              "BETWEEN '2026-03-19' AND '2026-05-20' ORDER BY 1")
        assert_refused(later, "cancel_time_off_request", "has started cannot be cancelled", request_id=rid)
    finally:
        later.close()


# -- benefits -------------------------------------------------------------------------------------------------

def test_new_hire_enrolls(state: DuckDBState) -> None:
    out = run(state, "enroll_in_benefit_plan", employee_id="E-10001", plan_id="med-hmo", coverage_level="employee")
    assert out["start_date"] == "2026-04-01" and out["per_paycheck_cost"] == 68.0 and out["replaces"] is None
    again = run(state, "enroll_in_benefit_plan", employee_id="E-10001", plan_id="MED-PPO", coverage_level="employee")
    assert again["replaces"]["ends"] == "withdrawn before it started" and again["cost_change_per_paycheck"] == 28.5
    assert_refused(state, "enroll_in_benefit_plan", "already enrolled", employee_id="E-10001", plan_id="MED-PPO",
                   coverage_level="employee")
    alone = q(state, "SELECT e.employee_id FROM employees e WHERE e.hire_date > '2026-02-20' AND NOT EXISTS (SELECT 1 "
                     "FROM dependents d WHERE d.employee_id = e.employee_id) ORDER BY 1")
    assert_refused(state, "enroll_in_benefit_plan", "needs a spouse or domestic partner", employee_id=alone,
                   plan_id="DEN-PLUS", coverage_level="employee_spouse")
    assert_refused(state, "enroll_in_benefit_plan", "no benefit plan", employee_id="E-10001", plan_id="MED-GOLD",
                   coverage_level="employee")


def test_birth_opens_the_window(state: DuckDBState) -> None:
    eid = q(state, "SELECT e.employee_id FROM employees e JOIN benefit_enrollments b ON b.employee_id = e.employee_id "
                   "WHERE b.end_date IS NULL AND b.coverage_level = 'employee_spouse' AND b.plan_id LIKE 'MED-%' AND "
                   "e.status = 'active' AND NOT EXISTS (SELECT 1 FROM life_events l WHERE l.employee_id = "
                   "e.employee_id) AND NOT EXISTS (SELECT 1 FROM dependents d WHERE d.employee_id = e.employee_id "
                   "AND d.relationship = 'child') ORDER BY 1")
    medical = one(state, "SELECT b.* FROM benefit_enrollments b WHERE b.employee_id = ? AND b.plan_id LIKE 'MED-%' "
                         "AND b.end_date IS NULL", [eid])
    assert_refused(state, "enroll_in_benefit_plan", "only during open enrollment", employee_id=eid,
                   plan_id=medical["plan_id"], coverage_level="family")
    ev = run(state, "report_life_event", employee_id=eid, event_type="birth", event_date="2026-03-09")
    assert ev["change_window_until"] == "2026-04-08"
    assert_refused(state, "report_life_event", "already on file", employee_id=eid, event_type="birth",
                   event_date="2026-03-09")
    assert_refused(state, "enroll_in_benefit_plan", "needs a child under 26", employee_id=eid,
                   plan_id=medical["plan_id"], coverage_level="family")
    dep = run(state, "add_dependent", employee_id=eid, dependent_first_name="Nora", dependent_last_name="Test",
              relationship="child", dependent_birth_date="2026-03-09")
    assert dep["age"] == 0
    out = run(state, "enroll_in_benefit_plan", employee_id=eid, plan_id=medical["plan_id"], coverage_level="family")
    assert out["replaces"]["ends"] == "2026-03-31"
    assert one(state, "SELECT end_date FROM benefit_enrollments WHERE enrollment_id = ?",
               [medical["enrollment_id"]])["end_date"] == "2026-03-31"


def test_benefit_eligibility_refusals(state: DuckDBState) -> None:
    seasonal = q(state, "SELECT employee_id FROM employees WHERE employment_type = 'seasonal' AND status = 'active' "
                        "ORDER BY 1")
    assert_refused(state, "enroll_in_benefit_plan", "seasonal employees are not eligible", employee_id=seasonal,
                   plan_id="DEN-BASIC", coverage_level="employee")
    part = q(state, "SELECT employee_id FROM employees WHERE weekly_hours < 30 AND status = 'active' ORDER BY 1")
    assert_refused(state, "enroll_in_benefit_plan", "at least 30 scheduled hours", employee_id=part,
                   plan_id="MED-PPO", coverage_level="employee")
    assert_refused(state, "enroll_in_benefit_plan", "left the company", employee_id=terminated(state),
                   plan_id="DEN-BASIC", coverage_level="employee")


def test_life_event_refusals(state: DuckDBState) -> None:
    assert_refused(state, "report_life_event", "within 30 days", employee_id="E-10020", event_type="marriage",
                   event_date="2026-01-10")
    assert_refused(state, "report_life_event", "has not happened yet", employee_id="E-10020", event_type="marriage",
                   event_date="2026-04-10")
    assert_refused(state, "report_life_event", "left the company", employee_id=terminated(state),
                   event_type="marriage", event_date="2026-03-10")


def test_dependent_refusals(state: DuckDBState) -> None:
    partnered = q(state, "SELECT d.employee_id FROM dependents d JOIN employees e ON e.employee_id = d.employee_id "
                         "WHERE d.relationship = 'spouse' AND e.status = 'active' ORDER BY 1")
    args = {"employee_id": partnered, "dependent_first_name": "Sam", "dependent_last_name": "Lee"}
    assert_refused(state, "add_dependent", "only one spouse or partner", relationship="domestic_partner",
                   dependent_birth_date="1990-01-01", **args)
    assert_refused(state, "add_dependent", "until they turn 26", relationship="child",
                   dependent_birth_date="1995-01-01", **args)
    assert_refused(state, "add_dependent", "in the future", relationship="child", dependent_birth_date="2026-05-01",
                   **args)
    assert_refused(state, "add_dependent", "first and a last name", employee_id=partnered, dependent_first_name=" ",
                   dependent_last_name="Lee", relationship="child", dependent_birth_date="2020-01-01")
    single = q(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND NOT EXISTS (SELECT 1 FROM "
                      "dependents d WHERE d.employee_id = e.employee_id) ORDER BY 1")
    assert_refused(state, "add_dependent", "must be an adult", employee_id=single, dependent_first_name="Sam",
                   dependent_last_name="Lee", relationship="spouse", dependent_birth_date="2012-01-01")
    child = one(state, "SELECT * FROM dependents WHERE relationship = 'child' AND birth_date > '2005-01-01' "
                       "AND employee_id IN (SELECT employee_id FROM employees WHERE status = 'active') "
                       "ORDER BY dependent_id")
    assert_refused(state, "add_dependent", "already a dependent", employee_id=child["employee_id"],
                   dependent_first_name=child["given_name"], dependent_last_name=child["family_name"],
                   relationship="child", dependent_birth_date=child["birth_date"])
    assert_refused(state, "add_dependent", "left the company", employee_id=terminated(state),
                   dependent_first_name="Sam", dependent_last_name="Lee", relationship="child",
                   dependent_birth_date="2020-01-01")


# -- direct deposit -------------------------------------------------------------------------------------------

def test_replace_remainder_account(state: DuckDBState) -> None:
    eid = q(state, "SELECT employee_id FROM deposit_accounts WHERE status = 'active' GROUP BY 1 HAVING count(*) = 1 "
                   "ORDER BY 1")
    old = one(state, "SELECT * FROM deposit_accounts WHERE employee_id = ? AND status = 'active'", [eid])
    out = run(state, "add_deposit_account", employee_id=eid, routing_number="074901520", account_number="5581-2039",
              account_type="checking", allocation_type="remainder")
    assert out["first_pay_date"] == "2026-04-03" and out["replaces"]["account_id"] == old["account_id"]
    assert out["bank_name"] == "Hoosier State Trust" and out["account_last4"] == "2039"
    assert one(state, "SELECT status FROM deposit_accounts WHERE account_id = ?", [old["account_id"]])["status"] \
        == "removed"
    assert_refused(state, "add_deposit_account", "already active", employee_id=eid, routing_number="074901520",
                   account_number="55812039", account_type="checking", allocation_type="remainder")


def test_split_accounts(state: DuckDBState) -> None:
    eid = q(state, "SELECT employee_id FROM deposit_accounts WHERE status = 'active' GROUP BY 1 HAVING count(*) = 1 "
                   "ORDER BY 1 DESC")
    base = {"employee_id": eid, "routing_number": "044105411", "account_type": "savings"}
    out = run(state, "add_deposit_account", account_number="11112222", allocation_type="percent",
              allocation_value=30, **base)
    assert out["allocation_value"] == 30.0 and out["replaces"] is None
    assert_refused(state, "add_deposit_account", "at most 50% of net pay", account_number="33334444",
                   allocation_type="percent", allocation_value=25, **base)
    assert_refused(state, "add_deposit_account", "whole percent", account_number="33334444",
                   allocation_type="percent", allocation_value=12.5, **base)
    fixed = run(state, "add_deposit_account", account_number="55556666", allocation_type="fixed",
                allocation_value=150, **base)
    assert fixed["allocation_value"] == 150.0
    assert_refused(state, "add_deposit_account", "at most 3 active", account_number="77778888",
                   allocation_type="fixed", allocation_value=50, **base)
    removed = run(state, "remove_deposit_account", account_id=fixed["account_id"])
    assert removed["first_pay_date_without_it"] == "2026-04-03"
    assert_refused(state, "remove_deposit_account", "already removed", account_id=fixed["account_id"])
    assert_refused(state, "add_deposit_account", r"\$25.00 to \$2,000.00", account_number="77778888",
                   allocation_type="fixed", allocation_value=10, **base)
    assert_refused(state, "add_deposit_account", "needs allocation_value", account_number="77778888",
                   allocation_type="fixed", **base)


def test_deposit_refusals(state: DuckDBState) -> None:
    eid = "E-10020"
    base = {"employee_id": eid, "account_type": "checking", "allocation_type": "remainder"}
    assert_refused(state, "add_deposit_account", "not a valid nine-digit ABA", routing_number="044105412",
                   account_number="12345678", **base)
    assert_refused(state, "add_deposit_account", "not in the payroll bank directory", routing_number="011000015",
                   account_number="12345678", **base)
    assert_refused(state, "add_deposit_account", "4 to 17 digits", routing_number="044105411", account_number="12",
                   **base)
    assert_refused(state, "add_deposit_account", "left the company", employee_id=terminated(state),
                   routing_number="044105411", account_number="12345678", account_type="checking",
                   allocation_type="remainder")
    remainder = q(state, "SELECT account_id FROM deposit_accounts WHERE employee_id = ? AND allocation_type = "
                         "'remainder' AND status = 'active'", [eid])
    assert_refused(state, "remove_deposit_account", "cannot be removed; add a new remainder", account_id=remainder)
    assert_refused(state, "remove_deposit_account", "no deposit account", account_id="DD-1")


def test_changes_before_the_lock_reach_this_friday() -> None:
    monday = ENV.new_state("2026-03-16T12:00:00")
    try:
        out = run(monday, "add_deposit_account", employee_id="E-10020", routing_number="044105411",
                  account_number="99990000", account_type="savings", allocation_type="fixed", allocation_value=25)
        assert out["first_pay_date"] == "2026-03-20" and out["locked_pay_date"] is None
    finally:
        monday.close()


# -- expenses -------------------------------------------------------------------------------------------------

def test_submit_and_withdraw_claim(state: DuckDBState) -> None:
    out = run(state, "submit_expense_claim", employee_id="E-10020", expense_type="meals", expense_date="2026-03-12",
              amount=48.2, purpose="Supplier visit in Fort Wayne", has_receipt=True)
    assert out["status"] == "submitted" and out["annual_cap_left"] is None
    assert_refused(state, "submit_expense_claim", "already covers", employee_id="E-10020", expense_type="meals",
                   expense_date="2026-03-12", amount=48.2, purpose="Supplier visit in Fort Wayne", has_receipt=True)
    assert run(state, "withdraw_expense_claim", claim_id=out["claim_id"])["status"] == "withdrawn"
    assert_refused(state, "withdraw_expense_claim", "only claims still waiting", claim_id=out["claim_id"])
    paid = q(state, "SELECT claim_id FROM expense_claims WHERE status = 'paid' ORDER BY 1")
    assert_refused(state, "withdraw_expense_claim", "is paid", claim_id=paid)
    assert_refused(state, "withdraw_expense_claim", "no expense claim", claim_id="EXP-1")
    small = run(state, "submit_expense_claim", employee_id="E-10020", expense_type="meals", expense_date="2026-03-13",
                amount=18.5, purpose="Route audit in Toledo", has_receipt=False)
    assert small["amount"] == 18.5


def test_expense_refusals(state: DuckDBState) -> None:
    base = {"employee_id": "E-10020", "purpose": "Trade show in Chicago", "has_receipt": True}
    assert_refused(state, "submit_expense_claim", "limited to \\$75.00", expense_type="meals", expense_date="2026-03-12",
                   amount=96.4, **base)
    assert_refused(state, "submit_expense_claim", "within 60 days", expense_type="meals", expense_date="2026-01-05",
                   amount=20, **base)
    assert_refused(state, "submit_expense_claim", "in the future", expense_type="meals", expense_date="2026-03-30",
                   amount=20, **base)
    assert_refused(state, "submit_expense_claim", "business purpose", employee_id="E-10020", purpose=" ",
                   has_receipt=True, expense_type="meals", expense_date="2026-03-12", amount=20)
    assert_refused(state, "submit_expense_claim", "more than 0", expense_type="meals", expense_date="2026-03-12",
                   amount=0, **base)
    assert_refused(state, "submit_expense_claim", "receipt above \\$25.00", employee_id="E-10020", purpose="Trade show in Chicago",
                   has_receipt=False, expense_type="ground_transport", expense_date="2026-03-12", amount=40)
    assert_refused(state, "submit_expense_claim", "always need a receipt", employee_id="E-10020", purpose="Trade show in Chicago",
                   has_receipt=False, expense_type="lodging", expense_date="2026-03-12", amount=40)
    assert_refused(state, "submit_expense_claim", "left the company", employee_id=terminated(state),
                   expense_type="meals", expense_date="2026-03-12", amount=20, purpose="Trade show in Chicago", has_receipt=True)


def test_training_cap(state: DuckDBState) -> None:
    args = {"employee_id": "E-10020", "expense_type": "training", "purpose": "ERP training in Columbus", "has_receipt": True}
    first = run(state, "submit_expense_claim", expense_date="2026-03-02", amount=1400, **args)
    assert first["annual_cap_left"] == 1100.0
    assert_refused(state, "submit_expense_claim", "capped at \\$2500.00 a year.*at most \\$1100.00", amount=1200,
                   expense_date="2026-03-03", **args)


# -- withholding ----------------------------------------------------------------------------------------------

def test_update_withholding(state: DuckDBState) -> None:
    out = run(state, "update_tax_withholding", employee_id="E-10020", filing_status="married_jointly",
              dependents_credit=500, extra_withholding=60)
    assert out["first_pay_date"] == "2026-04-03" and out["previous"]["extra_withholding"] == 0.0
    row = one(state, "SELECT * FROM tax_elections WHERE employee_id = 'E-10020'")
    assert row["extra_withholding"] == 60.0 and row["first_pay_date"] == "2026-04-03"
    assert_refused(state, "update_tax_withholding", "already has these values", employee_id="E-10020",
                   filing_status="married_jointly", dependents_credit=500, extra_withholding=60)


def test_withholding_refusals(state: DuckDBState) -> None:
    args = {"employee_id": "E-10020", "filing_status": "single"}
    assert_refused(state, "update_tax_withholding", "at most \\$500.00", dependents_credit=2000,
                   extra_withholding=0, **args)
    assert_refused(state, "update_tax_withholding", "at most \\$594.60", dependents_credit=0,
                   extra_withholding=600, **args)
    assert_refused(state, "update_tax_withholding", "cannot be negative", dependents_credit=-5,
                   extra_withholding=0, **args)
    assert_refused(state, "update_tax_withholding", "left the company", employee_id=terminated(state),
                   filing_status="single", dependents_credit=0, extra_withholding=0)
