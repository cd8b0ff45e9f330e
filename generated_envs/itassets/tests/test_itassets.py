"""The itassets environment's own checks: the structural ones every folder runs, then every business rule."""

from __future__ import annotations

from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)  # this folder: its manifest, tools.py (imported by path) and tasks
state = ENV.state_fixture()  # the seeded state, shared by this module's tests and reset before each one
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Episodes played blind (tests/blind_play.jsonl): correct play 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

TODAY = "2026-09-15"

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), against this folder's figures.
TestStructure = ENV.standard_tests(min_tools=14, min_writes=10, min_tasks=70, min_tables=8, min_rows=2000,
                                   every_table_filled=True, min_rules=8, min_refusal_tasks=10,
                                   min_user_fact_tasks=20, min_forbidden_tasks=10, min_read_tasks=10,
                                   min_single_write_tasks=10, min_multi_write_tasks=10)


# -- helpers ------------------------------------------------------------------------------------------------------

def scalar(state: DuckDBState, sql: str, params: list[Any] | None = None) -> Any:
    return state.db.scalar(sql, params or [])


HOLD = ("SELECT a.employee_id, a.asset_tag, a.assigned_on, d.warranty_end, d.status AS device_status, "
        "e.department_id FROM device_assignments a JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m "
        "ON m.model_id = d.model_id JOIN employees e ON e.employee_id = a.employee_id WHERE a.status = 'active' AND "
        "a.kind = 'standard' AND e.status = 'active' AND m.category = ? ")


def holder(state: DuckDBState, category: str, where: str = "TRUE", params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, HOLD + f"AND {where} ORDER BY a.employee_id LIMIT 1", [category, *(params or [])])


def offboarded(state: DuckDBState) -> str:
    return scalar(state, "SELECT employee_id FROM employees WHERE status = 'offboarded' ORDER BY 1 LIMIT 1")


def stock(state: DuckDBState, model_id: str) -> str:
    return scalar(state, "SELECT asset_tag FROM devices WHERE model_id = ? AND status = 'in_stock' AND NOT loaner_pool "
                         "ORDER BY asset_tag LIMIT 1", [model_id])


def without(state: DuckDBState, category: str) -> str:
    return scalar(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND NOT EXISTS (SELECT 1 FROM "
                         "device_assignments a JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON "
                         "m.model_id = d.model_id WHERE a.employee_id = e.employee_id AND a.status = 'active' AND "
                         "a.kind = 'standard' AND m.category = ?) AND NOT EXISTS (SELECT 1 FROM hardware_requests r "
                         "WHERE r.employee_id = e.employee_id AND r.status IN ('pending', 'approved')) ORDER BY 1 "
                         "LIMIT 1", [category])


def no_loaner(state: DuckDBState) -> str:
    return scalar(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND NOT EXISTS (SELECT 1 FROM "
                         "device_assignments a WHERE a.employee_id = e.employee_id AND a.kind = 'loaner' AND "
                         "a.status = 'active') ORDER BY 1 LIMIT 1")


def free_loaner(state: DuckDBState, model_id: str = "MDL-13") -> str:
    return scalar(state, "SELECT asset_tag FROM devices WHERE loaner_pool AND status = 'in_stock' AND model_id = ? "
                         "ORDER BY 1 LIMIT 1", [model_id])


# -- policy and seed ----------------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.now == "2026-09-15T10:00:00"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("1,500.00", "320.00", "180.00", "200.00", "110.00", "14 days", "36 months", "24 months"):
        assert fact in policy, fact


def test_seed_respects_the_rules(state: DuckDBState) -> None:
    over = state.db.query("SELECT a.employee_id, m.category, count(*) AS n FROM device_assignments a JOIN devices d "
                          "ON d.asset_tag = a.asset_tag JOIN device_models m ON m.model_id = d.model_id WHERE "
                          "a.status = 'active' AND a.kind = 'standard' GROUP BY 1, 2 HAVING (m.category = 'monitor' "
                          "AND count(*) > 2) OR (m.category <> 'monitor' AND count(*) > 1)")
    assert over == []
    assert scalar(state, "SELECT count(*) FROM (SELECT asset_tag FROM device_assignments WHERE status = 'active' "
                         "GROUP BY 1 HAVING count(*) > 1)") == 0
    assert scalar(state, "SELECT count(*) FROM software_titles s WHERE (SELECT count(*) FROM license_assignments l "
                         "WHERE l.software_id = s.software_id AND l.status = 'active') > s.seats_total") == 0
    assert scalar(state, "SELECT count(*) FROM devices d WHERE d.status = 'assigned' AND NOT EXISTS (SELECT 1 FROM "
                         "device_assignments a WHERE a.asset_tag = d.asset_tag AND a.status = 'active')") == 0


# -- reads --------------------------------------------------------------------------------------------------------

def test_reads(state: DuckDBState) -> None:
    email = scalar(state, "SELECT email FROM employees WHERE employee_id = 'EMP-1002'")
    found = run(state, "find_employee_by_email", email=email.upper())
    assert found["employee_id"] == "EMP-1002"
    assert_refused(state, "find_employee_by_email", "no employee with email", email="nobody@example.org")
    prof = run(state, "get_employee_profile", employee_id="emp-1002")
    assert prof["manager_id"] == "EMP-1001" and prof["licenses"]
    assert run(state, "get_employee_profile", employee_id="EMP-1001")["manager"] is None
    assert_refused(state, "get_employee_profile", "no employee with id", employee_id="EMP-9999")
    devices = run(state, "list_employee_devices", employee_id="EMP-1002", include_returned=True)["devices"]
    assert devices and all("refresh_eligible_from" in d for d in devices)
    models = run(state, "list_device_models", category="laptop")
    assert {m["category"] for m in models} == {"laptop"} and len(run(state, "list_device_models")) == 13
    page = run(state, "list_available_devices", category="laptop")
    assert len(page["devices"]) == 10 and page["next_offset"] == 10
    rest = run(state, "list_available_devices", category="laptop", offset=10)
    assert "next_offset" not in rest and rest["devices"][0]["asset_tag"] > page["devices"][-1]["asset_tag"]
    assert run(state, "list_available_devices", category="laptop", model_id="MDL-05")["total"] == 0
    assert_refused(state, "list_available_devices", "no device model", category="laptop", model_id="MDL-99")
    pool = run(state, "list_loaner_pool", category="laptop")
    assert pool["loaners"] and pool["on_loan"] > 0
    titles = run(state, "list_software_titles")
    assert next(t for t in titles if t["software_id"] == "SW-09")["seats_free"] == 0
    eid = scalar(state, "SELECT employee_id FROM hardware_requests ORDER BY request_id LIMIT 1")
    assert run(state, "list_hardware_requests", employee_id=eid)["requests"]
    assert run(state, "list_hardware_requests", employee_id=eid, status="rejected")["requests"] is not None
    rid = scalar(state, "SELECT employee_id FROM repair_orders ORDER BY repair_id LIMIT 1")
    assert run(state, "list_repair_orders", employee_id=rid)["repairs"]
    budget = run(state, "get_department_budget", department_id="DEP-08")
    assert budget["repair_remaining"] == 175.0
    assert_refused(state, "get_department_budget", "no department", department_id="DEP-99")
    assert len(run(state, "list_access_groups")) == 12


def test_device_details(state: DuckDBState) -> None:
    h = holder(state, "laptop")
    out = run(state, "get_device_details", asset_tag=h["asset_tag"].lower())
    assert out["holder_id"] == h["employee_id"] and out["under_warranty"] == (h["warranty_end"] >= TODAY)
    spare = run(state, "get_device_details", asset_tag=stock(state, "MDL-01"))
    assert spare["holder"] is None and spare["status"] == "in_stock"
    assert_refused(state, "get_device_details", "no device with asset tag", asset_tag="AST-1")


def test_result_sizes_stay_under_the_cut(state: DuckDBState) -> None:
    import json

    for name, args in [("list_software_titles", {}), ("list_device_models", {}), ("list_access_groups", {}),
                       ("list_available_devices", {"category": "monitor"}), ("list_loaner_pool", {"category": "laptop"})]:
        assert len(json.dumps(run(state, name, **args))) < 4000, name
    for eid in [r["employee_id"] for r in state.db.query("SELECT employee_id FROM employees")]:
        for name in ("list_employee_devices", "list_hardware_requests", "list_repair_orders", "get_employee_profile"):
            assert len(json.dumps(run(state, name, employee_id=eid))) < 4000, (name, eid)


# -- devices ------------------------------------------------------------------------------------------------------

def test_assign_device(state: DuckDBState) -> None:
    eid = without(state, "monitor")
    tag = stock(state, "MDL-09")
    out = run(state, "assign_device", asset_tag=tag, employee_id=eid)
    assert out["assigned_on"] == TODAY
    assert scalar(state, "SELECT status FROM devices WHERE asset_tag = ?", [tag]) == "assigned"
    assert scalar(state, "SELECT employee_id FROM device_assignments WHERE assignment_id = ?",
                  [out["assignment_id"]]) == eid
    second = run(state, "assign_device", asset_tag=stock(state, "MDL-11"), employee_id=eid)
    assert second["asset_tag"] != tag
    assert_refused(state, "assign_device", "already holds 2 monitor", asset_tag=stock(state, "MDL-11"),
                   employee_id=eid)


def test_assign_device_refusals(state: DuckDBState) -> None:
    h = holder(state, "laptop")
    assert_refused(state, "assign_device", "already holds 1 laptop.*limit is 1", asset_tag=stock(state, "MDL-01"),
                   employee_id=h["employee_id"])
    retired = scalar(state, "SELECT asset_tag FROM devices WHERE status = 'retired' ORDER BY 1 LIMIT 1")
    assert_refused(state, "assign_device", "retired devices cannot be assigned", asset_tag=retired,
                   employee_id=without(state, "monitor"))
    in_repair = scalar(state, "SELECT asset_tag FROM devices WHERE status = 'in_repair' ORDER BY 1 LIMIT 1")
    assert_refused(state, "assign_device", "is in_repair, not in stock", asset_tag=in_repair,
                   employee_id=without(state, "monitor"))
    assert_refused(state, "assign_device", "belongs to the loaner pool", asset_tag=free_loaner(state),
                   employee_id=without(state, "laptop") or h["employee_id"])
    assert_refused(state, "assign_device", "was offboarded", asset_tag=stock(state, "MDL-09"),
                   employee_id=offboarded(state))
    assert_refused(state, "assign_device", "no device with asset tag", asset_tag="AST-99999",
                   employee_id=h["employee_id"])


def test_return_device(state: DuckDBState) -> None:
    h = holder(state, "monitor")
    out = run(state, "return_device", asset_tag=h["asset_tag"])
    assert out["device_status"] == "in_stock" and "days_late" not in out
    assert scalar(state, "SELECT status FROM devices WHERE asset_tag = ?", [h["asset_tag"]]) == "in_stock"
    assert_refused(state, "return_device", "not assigned to anyone", asset_tag=h["asset_tag"])
    in_repair = scalar(state, "SELECT asset_tag FROM devices WHERE status = 'in_repair' ORDER BY 1 LIMIT 1")
    assert_refused(state, "return_device", "with the repair vendor", asset_tag=in_repair)


def test_return_loaner_counts_days_late(state: DuckDBState) -> None:
    loan = one(state, "SELECT * FROM device_assignments WHERE kind = 'loaner' AND status = 'active' AND due_back < ? "
                      "ORDER BY assignment_id LIMIT 1", [TODAY])
    out = run(state, "return_device", asset_tag=loan["asset_tag"])
    assert out["days_late"] > 0


# -- loaners ------------------------------------------------------------------------------------------------------

def test_lend_loaner(state: DuckDBState) -> None:
    eid = no_loaner(state)
    tag = free_loaner(state)
    out = run(state, "lend_loaner", employee_id=eid, asset_tag=tag, days=14)
    assert out["due_back"] == "2026-09-29"
    row = one(state, "SELECT * FROM device_assignments WHERE assignment_id = ?", [out["assignment_id"]])
    assert row["kind"] == "loaner" and row["due_back"] == "2026-09-29"
    assert_refused(state, "lend_loaner", "already has loaner .*one loaner per employee", employee_id=eid,
                   asset_tag=free_loaner(state), days=3)
    assert_refused(state, "lend_loaner", "not available", employee_id=no_loaner(state), asset_tag=tag, days=3)


def test_lend_loaner_refusals(state: DuckDBState) -> None:
    eid = no_loaner(state)
    assert_refused(state, "lend_loaner", "1 to 14 days, got 21", employee_id=eid, asset_tag=free_loaner(state),
                   days=21)
    assert_refused(state, "lend_loaner", "1 to 14 days, got 0", employee_id=eid, asset_tag=free_loaner(state), days=0)
    assert_refused(state, "lend_loaner", "not a loaner-pool device", employee_id=eid,
                   asset_tag=stock(state, "MDL-01"), days=5)
    assert_refused(state, "lend_loaner", "was offboarded", employee_id=offboarded(state),
                   asset_tag=free_loaner(state), days=5)


# -- hardware requests --------------------------------------------------------------------------------------------

def test_submit_new_and_refresh(state: DuckDBState) -> None:
    eid = without(state, "tablet")
    out = run(state, "submit_hardware_request", employee_id=eid, model_id="MDL-12", request_kind="new")
    assert out["status"] == "pending" and out["estimated_cost"] == 699.0 and not out["needs_manager_approval"]
    assert scalar(state, "SELECT submitted_at FROM hardware_requests WHERE request_id = ?",
                  [out["request_id"]]).startswith("2026-09-15")
    assert_refused(state, "submit_hardware_request", "already has open tablet request", employee_id=eid,
                   model_id="MDL-12", request_kind="new")
    old = holder(state, "laptop", "a.assigned_on <= '2023-09-15' AND d.status = 'assigned' AND NOT EXISTS (SELECT 1 "
                 "FROM hardware_requests r WHERE r.employee_id = a.employee_id AND r.status IN ('pending', 'approved'))")
    ref = run(state, "submit_hardware_request", employee_id=old["employee_id"], model_id="MDL-03",
              request_kind="refresh")
    assert ref["needs_manager_approval"]


def test_submit_refusals(state: DuckDBState) -> None:
    recent = holder(state, "laptop", "a.assigned_on > '2024-01-01'")
    assert_refused(state, "submit_hardware_request", "can be refreshed after 36 months, from",
                   employee_id=recent["employee_id"], model_id="MDL-01", request_kind="refresh")
    assert_refused(state, "submit_hardware_request", "already holds 1 laptop", employee_id=recent["employee_id"],
                   model_id="MDL-01", request_kind="new")
    assert_refused(state, "submit_hardware_request", "holds no tablet to refresh",
                   employee_id=without(state, "tablet"), model_id="MDL-12", request_kind="refresh")
    assert_refused(state, "submit_hardware_request", "was offboarded", employee_id=offboarded(state),
                   model_id="MDL-12", request_kind="new")
    assert_refused(state, "submit_hardware_request", "no device model", employee_id=recent["employee_id"],
                   model_id="MDL-77", request_kind="new")


def test_approve_request(state: DuckDBState) -> None:
    cheap = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'pending' AND estimated_cost <= 1500 "
                          "ORDER BY 1 LIMIT 1")
    assert run(state, "approve_request", request_id=cheap)["status"] == "approved"
    signed = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'pending' AND estimated_cost > 1500 "
                           "AND manager_approved_by IS NOT NULL ORDER BY 1 LIMIT 1")
    run(state, "approve_request", request_id=signed)
    assert scalar(state, "SELECT approved_at FROM hardware_requests WHERE request_id = ?", [signed]) is not None


def test_approve_refusals(state: DuckDBState) -> None:
    unsigned = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'pending' AND estimated_cost > "
                             "1500 AND manager_approved_by IS NULL ORDER BY 1 LIMIT 1")
    assert_refused(state, "approve_request", "above 1500.00, and has no manager approval", request_id=unsigned)
    done = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'fulfilled' ORDER BY 1 LIMIT 1")
    assert_refused(state, "approve_request", "only pending requests can be approved", request_id=done)
    assert_refused(state, "approve_request", "no hardware request", request_id="REQ-1")


def test_fulfill_refresh_returns_the_old_device(state: DuckDBState) -> None:
    old = holder(state, "laptop", "a.assigned_on <= '2023-09-15' AND d.status = 'assigned' AND NOT EXISTS (SELECT 1 "
                 "FROM hardware_requests r WHERE r.employee_id = a.employee_id AND r.status IN ('pending', 'approved'))")
    req = run(state, "submit_hardware_request", employee_id=old["employee_id"], model_id="MDL-01",
              request_kind="refresh")
    run(state, "approve_request", request_id=req["request_id"])
    lowest = stock(state, "MDL-01")
    out = run(state, "fulfill_request", request_id=req["request_id"])
    assert out["asset_tag"] == lowest and out["returned_asset_tag"] == old["asset_tag"]
    assert scalar(state, "SELECT status FROM devices WHERE asset_tag = ?", [old["asset_tag"]]) == "in_stock"
    assert scalar(state, "SELECT fulfilled_asset_tag FROM hardware_requests WHERE request_id = ?",
                  [req["request_id"]]) == lowest
    assert_refused(state, "fulfill_request", "only approved requests can be fulfilled", request_id=req["request_id"])


def test_fulfill_new_device(state: DuckDBState) -> None:
    eid = without(state, "tablet")
    req = run(state, "submit_hardware_request", employee_id=eid, model_id="MDL-12", request_kind="new")
    run(state, "approve_request", request_id=req["request_id"])
    out = run(state, "fulfill_request", request_id=req["request_id"])
    assert "returned_asset_tag" not in out and out["status"] == "fulfilled"


def test_fulfill_refusals(state: DuckDBState) -> None:
    no_stock = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'approved' AND model_id = 'MDL-05' "
                             "ORDER BY 1 LIMIT 1")
    assert_refused(state, "fulfill_request", "no ThinkPad P16s Gen 2 is in stock", request_id=no_stock)
    pending = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'pending' ORDER BY 1 LIMIT 1")
    assert_refused(state, "fulfill_request", "only approved requests", request_id=pending)
    # a "new" request for a category already at the limit (someone got a phone after filing)
    eid = without(state, "phone")
    req = run(state, "submit_hardware_request", employee_id=eid, model_id="MDL-08", request_kind="new")
    run(state, "approve_request", request_id=req["request_id"])
    run(state, "assign_device", asset_tag=stock(state, "MDL-07"), employee_id=eid)
    assert_refused(state, "fulfill_request", "already holds 1 phone", request_id=req["request_id"])


def test_fulfill_refresh_waits_for_a_repair(state: DuckDBState) -> None:
    h = holder(state, "laptop", "a.assigned_on <= '2023-09-15' AND d.status = 'assigned' AND d.warranty_end < ? AND "
               "e.department_id = 'DEP-02' AND NOT EXISTS (SELECT 1 FROM hardware_requests r WHERE r.employee_id = "
               "a.employee_id AND r.status IN ('pending', 'approved'))", [TODAY])
    req = run(state, "submit_hardware_request", employee_id=h["employee_id"], model_id="MDL-01",
              request_kind="refresh")
    run(state, "approve_request", request_id=req["request_id"])
    run(state, "open_repair_order", asset_tag=h["asset_tag"], fault="battery", accept_charge=True)
    assert_refused(state, "fulfill_request", "is with the repair vendor", request_id=req["request_id"])


def test_cancel_request(state: DuckDBState) -> None:
    rid = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'approved' ORDER BY 1 LIMIT 1")
    assert run(state, "cancel_request", request_id=rid)["status"] == "cancelled"
    assert_refused(state, "cancel_request", "only pending or approved requests can be cancelled", request_id=rid)
    done = scalar(state, "SELECT request_id FROM hardware_requests WHERE status = 'fulfilled' ORDER BY 1 LIMIT 1")
    assert_refused(state, "cancel_request", "is fulfilled", request_id=done)


# -- repairs ------------------------------------------------------------------------------------------------------

def test_repair_under_warranty_is_free(state: DuckDBState) -> None:
    h = holder(state, "laptop", "d.status = 'assigned' AND d.warranty_end >= ?", [TODAY])
    out = run(state, "open_repair_order", asset_tag=h["asset_tag"], fault="screen")
    assert out["under_warranty"] and out["charge"] == 0.0 and out["charged_to"] is None
    dev = one(state, "SELECT * FROM devices WHERE asset_tag = ?", [h["asset_tag"]])
    assert dev["status"] == "in_repair" and dev["location"] == "Vendor"
    assert_refused(state, "open_repair_order", "already in repair", asset_tag=h["asset_tag"], fault="screen")


def test_repair_after_warranty_charges_the_department(state: DuckDBState) -> None:
    h = holder(state, "phone", "d.status = 'assigned' AND d.warranty_end < ? AND e.department_id = 'DEP-05'", [TODAY])
    before = scalar(state, "SELECT repair_spent FROM departments WHERE department_id = 'DEP-05'")
    assert_refused(state, "open_repair_order", "warranty ended .* costs 180.00, charged to Sales.*accept_charge=true",
                   asset_tag=h["asset_tag"], fault="battery")
    out = run(state, "open_repair_order", asset_tag=h["asset_tag"], fault="battery", accept_charge=True)
    assert out["charge"] == 180.0 and out["charged_to"] == "Sales"
    assert scalar(state, "SELECT repair_spent FROM departments WHERE department_id = 'DEP-05'") == before + 180.0
    assert one(state, "SELECT * FROM repair_orders WHERE repair_id = ?", [out["repair_id"]])["charged_to"] == "DEP-05"


def test_repair_budget_limit(state: DuckDBState) -> None:
    h = holder(state, "laptop", "d.status = 'assigned' AND d.warranty_end < ? AND e.department_id = 'DEP-08'", [TODAY])
    assert_refused(state, "open_repair_order", "Legal's repair budget has 175.00 left, less than the 320.00",
                   asset_tag=h["asset_tag"], fault="battery", accept_charge=True)


def test_repair_refusals(state: DuckDBState) -> None:
    retired = scalar(state, "SELECT asset_tag FROM devices WHERE status = 'retired' ORDER BY 1 LIMIT 1")
    assert_refused(state, "open_repair_order", "retired devices are not repaired", asset_tag=retired, fault="other")
    assert_refused(state, "open_repair_order", "not assigned to an employee", asset_tag=stock(state, "MDL-01"),
                   fault="other")
    lent = scalar(state, "SELECT asset_tag FROM device_assignments WHERE kind = 'loaner' AND status = 'active' "
                         "ORDER BY 1 LIMIT 1")
    assert_refused(state, "open_repair_order", "not loaners", asset_tag=lent, fault="screen")
    monitor = holder(state, "monitor", "d.status = 'assigned'")
    assert_refused(state, "open_repair_order", "a monitor has no keyboard fault", asset_tag=monitor["asset_tag"],
                   fault="keyboard")


# -- licenses -----------------------------------------------------------------------------------------------------

def test_assign_and_release_license(state: DuckDBState) -> None:
    eid = scalar(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND e.department_id = 'DEP-03' "
                        "AND NOT EXISTS (SELECT 1 FROM license_assignments l WHERE l.employee_id = e.employee_id AND "
                        "l.software_id = 'SW-12' AND l.status = 'active') ORDER BY 1 LIMIT 1")
    free = next(t for t in run(state, "list_software_titles") if t["software_id"] == "SW-12")["seats_free"]
    out = run(state, "assign_license", employee_id=eid, software_id="sw-12")
    assert out["seats_left"] == free - 1
    assert_refused(state, "assign_license", "already has a Miro Business seat", employee_id=eid, software_id="SW-12")
    rel = run(state, "release_license", employee_id=eid, software_id="SW-12")
    assert rel["status"] == "released" and rel["seats_free"] == free
    assert_refused(state, "release_license", "holds no active seat", employee_id=eid, software_id="SW-12")


def test_license_refusals(state: DuckDBState) -> None:
    eid = scalar(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND e.department_id = 'DEP-06' "
                        "AND NOT EXISTS (SELECT 1 FROM license_assignments l WHERE l.employee_id = e.employee_id AND "
                        "l.software_id = 'SW-09' AND l.status = 'active') ORDER BY 1 LIMIT 1")
    assert_refused(state, "assign_license", "all 12 seats of Tableau Creator are in use", employee_id=eid,
                   software_id="SW-09")
    assert_refused(state, "assign_license", "restricted to the Design department", employee_id=eid,
                   software_id="SW-05")
    assert_refused(state, "assign_license", "no software title", employee_id=eid, software_id="SW-99")
    assert_refused(state, "assign_license", "was offboarded", employee_id=offboarded(state), software_id="SW-12")


def test_released_seat_can_be_reused(state: DuckDBState) -> None:
    holder_id = scalar(state, "SELECT employee_id FROM license_assignments WHERE software_id = 'SW-13' AND "
                              "status = 'active' ORDER BY 1 LIMIT 1")
    other = scalar(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND NOT EXISTS (SELECT 1 FROM "
                          "license_assignments l WHERE l.employee_id = e.employee_id AND l.software_id = 'SW-13' AND "
                          "l.status = 'active') ORDER BY 1 LIMIT 1")
    assert_refused(state, "assign_license", "all 10 seats", employee_id=other, software_id="SW-13")
    run(state, "release_license", employee_id=holder_id, software_id="SW-13")
    assert run(state, "assign_license", employee_id=other, software_id="SW-13")["seats_left"] == 0


# -- access groups ------------------------------------------------------------------------------------------------

def test_group_membership(state: DuckDBState) -> None:
    eid = scalar(state, "SELECT e.employee_id FROM employees e WHERE e.status = 'active' AND e.department_id = 'DEP-06' "
                        "AND NOT EXISTS (SELECT 1 FROM group_memberships g WHERE g.employee_id = e.employee_id AND "
                        "g.group_id = 'GRP-05') ORDER BY 1 LIMIT 1")
    out = run(state, "add_group_membership", employee_id=eid, group_id="GRP-05")
    assert out["added_on"] == TODAY
    assert_refused(state, "add_group_membership", "already in Finance Shared Drive", employee_id=eid, group_id="GRP-05")
    assert_refused(state, "add_group_membership", "restricted to the Legal department", employee_id=eid,
                   group_id="GRP-07")
    assert_refused(state, "add_group_membership", "no access group", employee_id=eid, group_id="GRP-77")
    assert_refused(state, "add_group_membership", "was offboarded", employee_id=offboarded(state), group_id="GRP-10")


# -- offboarding --------------------------------------------------------------------------------------------------

def test_offboarding_returns_everything(state: DuckDBState) -> None:
    eid = scalar(state, "SELECT r.employee_id FROM repair_orders r JOIN employees e ON e.employee_id = r.employee_id "
                        "WHERE r.status = 'open' AND e.status = 'active' AND EXISTS (SELECT 1 FROM hardware_requests q "
                        "WHERE q.employee_id = r.employee_id AND q.status IN ('pending', 'approved')) ORDER BY 1 LIMIT 1") \
        or scalar(state, "SELECT r.employee_id FROM repair_orders r WHERE r.status = 'open' ORDER BY 1 LIMIT 1")
    out = run(state, "offboard_employee", employee_id=eid)
    assert out["status"] == "offboarded" and out["devices_returned"] and out["licenses_released"]
    assert scalar(state, "SELECT count(*) FROM device_assignments WHERE employee_id = ? AND status = 'active'",
                  [eid]) == 0
    assert scalar(state, "SELECT count(*) FROM license_assignments WHERE employee_id = ? AND status = 'active'",
                  [eid]) == 0
    assert scalar(state, "SELECT count(*) FROM group_memberships WHERE employee_id = ?", [eid]) == 0
    assert scalar(state, "SELECT count(*) FROM hardware_requests WHERE employee_id = ? AND status IN "
                         "('pending', 'approved')", [eid]) == 0
    statuses = {r["status"] for r in state.db.query("SELECT d.status FROM devices d WHERE d.asset_tag IN (SELECT "
                                                    "asset_tag FROM device_assignments WHERE employee_id = ? AND "
                                                    "returned_on = ?)", [eid, TODAY])}
    assert statuses <= {"in_stock", "in_repair"} and "in_repair" in statuses
    assert_refused(state, "offboard_employee", "was offboarded", employee_id=eid)
