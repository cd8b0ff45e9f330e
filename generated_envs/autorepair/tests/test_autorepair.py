"""The autorepair environment's own checks: the structural ones every folder runs, then every business rule."""

from __future__ import annotations

import json
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)  # this folder: its manifest, tools.py (imported by path) and tasks
state = ENV.state_fixture()  # the seeded state, shared by this module's tests and reset before each one
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this folder's figures.
TestStructure = ENV.standard_tests(min_tools=14, min_writes=10, min_reads=8, min_tasks=70, min_tables=8,
                                   min_rows=2000, every_table_filled=True, min_rules=8, compact_share=1 / 3,
                                   min_read_tasks=10, min_single_write_tasks=10, min_multi_write_tasks=8,
                                   min_refusal_tasks=5, min_user_fact_tasks=30, min_forbidden_tasks=5,
                                   unchecked_output_tags=("refusal",))

OPEN = "('estimate', 'approved', 'in_progress', 'completed')"


def wo(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, f"SELECT * FROM work_orders w WHERE {where} ORDER BY w.work_order_id LIMIT 1", params)


def change(state: DuckDBState, sql: str, params: list[Any]) -> None:
    """Change the seeded state for one test (the fixture resets it before the next)."""
    state.run_in_transaction(lambda db: db.execute(sql, params), writes=True)


def hours(state: DuckDBState, wo_id: str) -> float:
    return state.db.scalar("SELECT coalesce(sum(quantity), 0) FROM estimate_lines WHERE work_order_id = ? AND "
                           "kind = 'labour'", [wo_id])


def free_vehicle(state: DuckDBState) -> dict[str, Any]:
    return one(state, "SELECT v.* FROM vehicles v WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE "
                      "a.vehicle_id = v.vehicle_id AND a.status = 'booked') ORDER BY v.vehicle_id LIMIT 1")


# -- policy and seed --------------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "auto repair" and ENV.manifest.now == "2026-05-13T10:00:00"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("2026-05-13 10:00", "$120.00", "$140.00", "8%", "10%", "4 labour hours", "60 days", "(4)",
                 "12,000 miles", "24,000 miles", "customer_approved=true", "closed on Sunday"):
        assert fact in policy, fact


def test_seed_is_consistent(state: DuckDBState) -> None:
    db = state.db
    statuses = {r["status"] for r in db.query("SELECT DISTINCT status FROM work_orders")}
    assert statuses == {"estimate", "approved", "in_progress", "completed", "picked_up", "declined"}
    # line amounts are quantity x unit price; labour at the shop rate
    assert db.scalar("SELECT count(*) FROM estimate_lines WHERE abs(amount - round(quantity * unit_price, 2)) > "
                     "0.011") == 0
    assert db.scalar("SELECT count(*) FROM estimate_lines WHERE kind = 'labour' AND unit_price <> 140") == 0
    # no slot holds more vehicles than bays in service, and booked slots are within shop hours
    assert db.query("SELECT starts_at FROM appointments WHERE status = 'booked' GROUP BY starts_at "
                    "HAVING count(*) > 4") == []
    assert db.scalar("SELECT count(*) FROM appointments WHERE dayofweek(starts_at) = 0") == 0
    # a vehicle is at the shop on one open job at most; work never started without approval
    assert db.query(f"SELECT vehicle_id FROM work_orders WHERE status IN {OPEN} GROUP BY 1 HAVING count(*) > 1") == []
    assert db.scalar("SELECT count(*) FROM work_orders WHERE status IN ('in_progress', 'completed', 'picked_up') "
                     "AND (approved_at IS NULL OR tech_id IS NULL)") == 0
    # assigned technicians are certified for the job
    assert db.scalar("SELECT count(*) FROM work_orders w WHERE w.tech_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "
                     "tech_certifications c WHERE c.tech_id = w.tech_id AND c.category = w.category)") == 0
    # picked-up vehicles had their invoices paid; one loaner per customer at a time
    assert db.scalar("SELECT count(*) FROM work_orders w JOIN invoices i USING (work_order_id) WHERE "
                     "w.status = 'picked_up' AND i.status <> 'paid'") == 0
    assert db.query("SELECT customer_id FROM loaner_assignments WHERE returned_at IS NULL GROUP BY 1 "
                    "HAVING count(*) > 1") == []
    assert db.scalar("SELECT count(*) FROM loaner_cars WHERE status = 'out'") == db.scalar(
        "SELECT count(*) FROM loaner_assignments WHERE returned_at IS NULL")


# -- reads ------------------------------------------------------------------------------------------------------

def test_find_customer_and_profile(state: DuckDBState) -> None:
    c = one(state, "SELECT * FROM customers ORDER BY customer_id LIMIT 1")
    found = run(state, "find_customer", first_name=c["first_name"].upper(), last_name=c["last_name"],
                phone="(" + c["phone"].replace("-", ") ", 1))
    assert found["customer_id"] == c["customer_id"]
    assert_refused(state, "find_customer", "no customer named", first_name=c["first_name"],
                   last_name=c["last_name"], phone="503-555-0000x")
    prof = run(state, "get_customer_profile", customer_id=c["customer_id"].lower())
    assert prof["vehicles"] and prof["name"] == f"{c['first_name']} {c['last_name']}"
    assert_refused(state, "get_customer_profile", "no customer with id", customer_id="CUS-9")
    lender = one(state, "SELECT customer_id FROM loaner_assignments WHERE returned_at IS NULL LIMIT 1")
    assert run(state, "get_customer_profile", customer_id=lender["customer_id"])["loaner_out"]["plate"]
    booked = one(state, "SELECT customer_id FROM appointments WHERE status = 'booked' ORDER BY 1 LIMIT 1")
    assert run(state, "get_customer_profile", customer_id=booked["customer_id"])["appointments"]


def test_list_work_orders_pages(state: DuckDBState) -> None:
    busy = one(state, "SELECT customer_id, count(*) AS n FROM work_orders GROUP BY 1 ORDER BY n DESC, 1 LIMIT 1")
    assert busy["n"] > 8
    first = run(state, "list_work_orders", customer_id=busy["customer_id"])
    assert len(first["work_orders"]) == 8 and first["more"] and first["next_offset"] == 8
    assert len(json.dumps(first)) < 4000
    rest = run(state, "list_work_orders", customer_id=busy["customer_id"], offset=8)
    assert len(rest["work_orders"]) == busy["n"] - 8 and not rest["more"]
    vid = first["work_orders"][0]["vehicle_id"]
    only = run(state, "list_work_orders", customer_id=busy["customer_id"], vehicle_id=vid, status="picked_up")
    assert all(w["vehicle_id"] == vid and w["status"] == "picked_up" for w in only["work_orders"])
    assert_refused(state, "list_work_orders", "offset must be 0 or more", customer_id=busy["customer_id"], offset=-1)
    other = one(state, "SELECT vehicle_id FROM vehicles WHERE customer_id <> ? LIMIT 1", [busy["customer_id"]])
    assert_refused(state, "list_work_orders", "is not one of customer", customer_id=busy["customer_id"],
                   vehicle_id=other["vehicle_id"])
    assert_refused(state, "list_work_orders", "no vehicle with id", customer_id=busy["customer_id"],
                   vehicle_id="VEH-1")


def test_get_work_order_and_invoice(state: DuckDBState) -> None:
    done = wo(state, "w.status = 'completed'")
    full = run(state, "get_work_order", work_order_id=done["work_order_id"])
    assert full["invoice"]["invoice_id"] and full["technician"] and full["approval_limit"] == round(
        full["approved_total"] * 1.1 + 1e-9, 2)
    assert full["estimate_total"] == round(full["labour_total"] + full["parts_total"] + full["parts_tax"], 2)
    inv = run(state, "get_invoice", work_order_id=done["work_order_id"])
    assert inv["balance_due"] == (inv["total"] if inv["status"] == "open" else 0)
    est = wo(state, "w.status = 'estimate'")
    assert run(state, "get_work_order", work_order_id=est["work_order_id"])["invoice"] is None
    assert_refused(state, "get_invoice", "has no invoice yet", work_order_id=est["work_order_id"])
    assert_refused(state, "get_work_order", "no work order with id", work_order_id="WO-1")


def test_warranties_slots_technicians_parts_loaners(state: DuckDBState) -> None:
    w = one(state, "SELECT vehicle_id FROM warranties ORDER BY warranty_id LIMIT 1")
    ws = run(state, "list_vehicle_warranties", vehicle_id=w["vehicle_id"])["warranties"]
    assert ws and all("expires_on" in x and "mile_limit" in x for x in ws)
    day = run(state, "list_open_slots", day="2026-05-14")
    assert "2026-05-14 09:00" not in [s["starts_at"] for s in day["open_slots"]]  # full
    assert run(state, "list_open_slots", day="2026-05-17")["shop_hours"] == "closed"
    today = run(state, "list_open_slots", day="2026-05-13")["open_slots"]
    assert all(s["starts_at"] > "2026-05-13 10:00" for s in today)
    assert len(run(state, "list_open_slots", day="2026-05-16")["open_slots"]) <= 4
    assert_refused(state, "list_open_slots", "day must be a date", day="next Tuesday")
    techs = run(state, "list_technicians", category_filter="transmission")
    assert techs and all("transmission" in t["certified_for"] for t in techs)
    assert len(run(state, "list_technicians")) == 7  # one technician is inactive
    found = run(state, "search_parts", keyword="brake", category="brakes")
    assert found["parts"] and all(p["category"] == "brakes" for p in found["parts"])
    wide = run(state, "search_parts", keyword="ter")  # filters, water pumps, alternators, ...
    n = state.db.scalar("SELECT count(*) FROM parts WHERE lower(name) LIKE '%ter%' OR lower(brand) LIKE '%ter%'")
    assert n > 10 and wide["more"] is True and len(wide["parts"]) == 10 and len(json.dumps(wide)) < 4000
    assert_refused(state, "search_parts", "at least 3 characters", keyword="ab")
    assert {c["status"] for c in run(state, "list_loaner_cars")} == {"available", "out", "maintenance"}


# -- appointments -----------------------------------------------------------------------------------------------

def test_book_and_cancel_appointment(state: DuckDBState) -> None:
    v = free_vehicle(state)
    new = run(state, "book_service_appointment", customer_id=v["customer_id"], vehicle_id=v["vehicle_id"],
              starts_at="2026-05-14T10:00", category="brakes", concern="squealing brakes")
    assert new["status"] == "booked" and new["starts_at"] == "2026-05-14 10:00"
    assert one(state, "SELECT status FROM appointments WHERE appointment_id = ?", [new["appointment_id"]])
    assert run(state, "cancel_service_appointment", appointment_id=new["appointment_id"])["status"] == "cancelled"


def test_booking_rules(state: DuckDBState) -> None:
    v = free_vehicle(state)
    base = {"customer_id": v["customer_id"], "vehicle_id": v["vehicle_id"], "category": "tires",
            "concern": "flat tire"}
    assert_refused(state, "book_service_appointment", "slot is full", starts_at="2026-05-14 09:00", **base)
    assert_refused(state, "book_service_appointment", "closed on Sundays", starts_at="2026-05-17 10:00", **base)
    assert_refused(state, "book_service_appointment", "outside shop hours", starts_at="2026-05-16 12:00", **base)
    assert_refused(state, "book_service_appointment", "outside shop hours", starts_at="2026-05-15 17:00", **base)
    assert_refused(state, "book_service_appointment", "in the past", starts_at="2026-05-13 09:00", **base)
    assert_refused(state, "book_service_appointment", "at most 60 days", starts_at="2026-07-20 09:00", **base)
    assert_refused(state, "book_service_appointment", "on the hour", starts_at="2026-05-15 09:30", **base)
    assert_refused(state, "book_service_appointment", "a few words", starts_at="2026-05-15 09:00",
                   **{**base, "concern": "x"})
    assert_refused(state, "book_service_appointment", "must be a date", starts_at="soon", **base)
    other = one(state, "SELECT vehicle_id FROM vehicles WHERE customer_id <> ? LIMIT 1", [v["customer_id"]])
    assert_refused(state, "book_service_appointment", "is not one of customer", starts_at="2026-05-15 09:00",
                   **{**base, "vehicle_id": other["vehicle_id"]})
    booked = one(state, "SELECT * FROM appointments WHERE status = 'booked' AND starts_at > '2026-05-14' LIMIT 1")
    assert_refused(state, "book_service_appointment", "one booked appointment at a time",
                   customer_id=booked["customer_id"], vehicle_id=booked["vehicle_id"], starts_at="2026-05-29 09:00",
                   category="tires", concern="flat tire")


def test_cancel_rules(state: DuckDBState) -> None:
    past = one(state, "SELECT appointment_id FROM appointments WHERE status = 'arrived' LIMIT 1")
    assert_refused(state, "cancel_service_appointment", "only booked appointments still ahead",
                   appointment_id=past["appointment_id"])
    gone = one(state, "SELECT appointment_id FROM appointments WHERE status = 'cancelled' LIMIT 1")
    assert_refused(state, "cancel_service_appointment", "only booked", appointment_id=gone["appointment_id"])
    assert_refused(state, "cancel_service_appointment", "no appointment with id", appointment_id="APT-1")


# -- estimates --------------------------------------------------------------------------------------------------

def test_approve_waives_diagnostic_fee(state: DuckDBState) -> None:
    est = wo(state, "w.status = 'estimate' AND w.diagnostic_fee > 0 AND w.warranty_id IS NULL")
    total = run(state, "get_work_order", work_order_id=est["work_order_id"])["estimate_total"]
    res = run(state, "approve_estimate", work_order_id=est["work_order_id"])
    assert res == {"work_order_id": est["work_order_id"], "status": "approved", "approved_total": total,
                   "diagnostic_fee_waived": 120.0}
    row = one(state, "SELECT * FROM work_orders WHERE work_order_id = ?", [est["work_order_id"]])
    assert row["diagnostic_waived"] and row["approved_total"] == total
    assert_refused(state, "approve_estimate", "only estimate work orders can be approved",
                   work_order_id=est["work_order_id"])
    assert_refused(state, "decline_estimate", "only estimate work orders can be declined",
                   work_order_id=est["work_order_id"])


def test_approve_needs_lines(state: DuckDBState) -> None:
    est = wo(state, "w.status = 'estimate'")
    change(state, "DELETE FROM estimate_lines WHERE work_order_id = ?", [est["work_order_id"]])
    assert_refused(state, "approve_estimate", "no estimate lines", work_order_id=est["work_order_id"])


def test_decline_invoices_the_diagnostic_fee(state: DuckDBState) -> None:
    est = wo(state, "w.status = 'estimate' AND w.diagnostic_fee > 0")
    res = run(state, "decline_estimate", work_order_id=est["work_order_id"])
    assert res["status"] == "declined" and res["invoice"]["total"] == 120.0
    assert_refused(state, "release_vehicle", "released only after the invoice is paid",
                   work_order_id=est["work_order_id"])
    paid = run(state, "pay_invoice", invoice_id=res["invoice"]["invoice_id"], method="cash")
    assert paid["amount"] == 120.0 and paid["status"] == "paid"
    out = run(state, "release_vehicle", work_order_id=est["work_order_id"])
    assert out["status"] == "declined" and out["loaner_returned"] is None
    assert_refused(state, "release_vehicle", "already released", work_order_id=est["work_order_id"])
    free = wo(state, "w.status = 'estimate' AND w.diagnostic_fee = 0")
    assert run(state, "decline_estimate", work_order_id=free["work_order_id"])["invoice"] is None


def test_parts_stock_rules(state: DuckDBState) -> None:
    est = wo(state, "w.status = 'estimate' AND w.warranty_id IS NULL")
    stocked = one(state, "SELECT * FROM parts WHERE qty_on_hand >= 2 ORDER BY part_id LIMIT 1")
    res = run(state, "add_part_to_estimate", work_order_id=est["work_order_id"], part_id=stocked["part_id"],
              quantity=2)
    assert res["part_status"] == "in_stock" and res["amount"] == round(stocked["unit_price"] * 2 + 1e-9, 2)
    assert one(state, "SELECT qty_on_hand FROM parts WHERE part_id = ?", [stocked["part_id"]])["qty_on_hand"] == \
        stocked["qty_on_hand"] - 2
    back = one(state, "SELECT * FROM parts WHERE qty_on_hand = 0 AND backorder_eta IS NOT NULL LIMIT 1")
    res = run(state, "add_part_to_estimate", work_order_id=est["work_order_id"], part_id=back["part_id"], quantity=1)
    assert res["part_status"] == "backordered" and res["eta"] == back["backorder_eta"]
    none = one(state, "SELECT * FROM parts WHERE qty_on_hand = 0 AND backorder_eta IS NULL LIMIT 1")
    assert_refused(state, "add_part_to_estimate", "no back-order date", work_order_id=est["work_order_id"],
                   part_id=none["part_id"], quantity=1)
    assert_refused(state, "add_part_to_estimate", "quantity must be 1 or more", work_order_id=est["work_order_id"],
                   part_id=stocked["part_id"], quantity=0)
    assert_refused(state, "add_part_to_estimate", "no part with id", work_order_id=est["work_order_id"],
                   part_id="PRT-1", quantity=1)
    done = wo(state, "w.status = 'picked_up'")
    assert_refused(state, "add_part_to_estimate", "can take new estimate lines", work_order_id=done["work_order_id"],
                   part_id=stocked["part_id"], quantity=1)


def test_ten_percent_rule(state: DuckDBState) -> None:
    job = wo(state, "w.status = 'in_progress' AND w.warranty_id IS NULL AND w.approved_total > 400")
    limit = round(job["approved_total"] * 1.1 + 1e-9, 2)
    # a small change stays within 10%: no new approval, the approved total is kept
    small = run(state, "add_labour_to_estimate", work_order_id=job["work_order_id"], description="Check hoses",
                hours=0.1)
    assert small["approved_total"] == job["approved_total"] and small["customer_total"] <= limit
    # a large one is refused until the customer approves the new total
    big = one(state, "SELECT * FROM parts WHERE qty_on_hand >= 1 AND unit_price > ? ORDER BY part_id LIMIT 1",
              [job["approved_total"] * 0.1])
    assert_refused(state, "add_part_to_estimate", "more than 10% over", work_order_id=job["work_order_id"],
                   part_id=big["part_id"], quantity=1)
    assert_refused(state, "add_labour_to_estimate", "more than 10% over", work_order_id=job["work_order_id"],
                   description="Extra teardown", hours=12)
    res = run(state, "add_part_to_estimate", work_order_id=job["work_order_id"], part_id=big["part_id"], quantity=1,
              customer_approved=True)
    assert res["approved_total"] == res["customer_total"] > limit
    res = run(state, "add_labour_to_estimate", work_order_id=job["work_order_id"], description="Extra teardown",
              hours=12, customer_approved=True)
    assert res["approved_total"] == res["customer_total"]
    assert_refused(state, "add_labour_to_estimate", "between 0.1 and 12", work_order_id=job["work_order_id"],
                   description="Extra", hours=13)
    assert_refused(state, "add_labour_to_estimate", "a few words", work_order_id=job["work_order_id"],
                   description="x", hours=1)


def test_estimate_lines_before_approval_need_no_consent(state: DuckDBState) -> None:
    est = wo(state, "w.status = 'estimate'")
    res = run(state, "add_labour_to_estimate", work_order_id=est["work_order_id"], description="Road test", hours=12)
    assert res["approved_total"] is None and res["hours"] == 12


# -- technicians and repairs ------------------------------------------------------------------------------------

def test_technician_rules(state: DuckDBState) -> None:
    job = wo(state, "w.status = 'approved' AND w.tech_id IS NULL AND w.category = 'transmission'")
    uncertified = one(state, "SELECT tech_id FROM technicians t WHERE active AND NOT EXISTS (SELECT 1 FROM "
                             "tech_certifications c WHERE c.tech_id = t.tech_id AND c.category = 'transmission') "
                             "ORDER BY tech_id LIMIT 1")
    assert_refused(state, "assign_technician", "not certified for transmission", work_order_id=job["work_order_id"],
                   tech_id=uncertified["tech_id"])
    assert_refused(state, "assign_technician", "not active", work_order_id=job["work_order_id"], tech_id="TEC-08")
    assert_refused(state, "assign_technician", "no technician with id", work_order_id=job["work_order_id"],
                   tech_id="TEC-99")
    assert_refused(state, "begin_repair", "has no technician", work_order_id=job["work_order_id"])
    res = run(state, "assign_technician", work_order_id=job["work_order_id"], tech_id="TEC-01")
    assert res["technician"] and res["category"] == "transmission"
    assert_refused(state, "assign_technician", "already assigned", work_order_id=job["work_order_id"],
                   tech_id="TEC-01")
    assert run(state, "begin_repair", work_order_id=job["work_order_id"])["status"] == "in_progress"
    assert_refused(state, "begin_repair", "only approved work orders can be started",
                   work_order_id=job["work_order_id"])
    done = wo(state, "w.status = 'completed'")
    assert_refused(state, "assign_technician", "can have a technician assigned", work_order_id=done["work_order_id"],
                   tech_id="TEC-01")


def test_no_work_before_approval(state: DuckDBState) -> None:
    est = wo(state, "w.status = 'estimate'")
    assert_refused(state, "begin_repair", "no work starts before the customer approves",
                   work_order_id=est["work_order_id"])


# -- warranties -------------------------------------------------------------------------------------------------

def _claim(state: DuckDBState, valid: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    for job in state.db.query("SELECT * FROM work_orders WHERE status = 'estimate' ORDER BY work_order_id"):
        for w in run(state, "list_vehicle_warranties", vehicle_id=job["vehicle_id"])["warranties"]:
            if w["category"] != job["category"]:
                continue
            ok = not w["expired_by_date"] and job["mileage_in"] <= w["mile_limit"]
            if ok == valid:
                return job, w
    raise AssertionError("no claim")


def test_warranty_applies_within_limits(state: DuckDBState) -> None:
    job, w = _claim(state, valid=True)
    res = run(state, "apply_warranty", work_order_id=job["work_order_id"], warranty_id=w["warranty_id"])
    assert res["customer_total"] == 0 and res["warranty_credit"] == res["estimate_total"] > 0
    assert_refused(state, "apply_warranty", "already covered", work_order_id=job["work_order_id"],
                   warranty_id=w["warranty_id"])
    approved = run(state, "approve_estimate", work_order_id=job["work_order_id"])
    assert approved["approved_total"] == 0
    # a warranty job stays free whatever is added
    part = one(state, "SELECT part_id FROM parts WHERE qty_on_hand >= 1 ORDER BY unit_price DESC LIMIT 1")
    assert run(state, "add_part_to_estimate", work_order_id=job["work_order_id"], part_id=part["part_id"],
               quantity=1)["customer_total"] == 0
    assert run(state, "add_labour_to_estimate", work_order_id=job["work_order_id"], description="Refit trim",
               hours=1)["customer_total"] == 0


def test_warranty_on_approved_job_resets_approved_total(state: DuckDBState) -> None:
    job, w = _claim(state, valid=True)
    run(state, "approve_estimate", work_order_id=job["work_order_id"])
    run(state, "apply_warranty", work_order_id=job["work_order_id"], warranty_id=w["warranty_id"])
    assert one(state, "SELECT approved_total FROM work_orders WHERE work_order_id = ?",
               [job["work_order_id"]])["approved_total"] == 0


def test_warranty_limits(state: DuckDBState) -> None:
    job, w = _claim(state, valid=False)
    match = "expired on" if w["expired_by_date"] else "covers up to"
    assert_refused(state, "apply_warranty", match, work_order_id=job["work_order_id"], warranty_id=w["warranty_id"])
    # the mileage limit alone: a warranty still in date, the vehicle over its miles
    fresh, good = _claim(state, valid=True)
    change(state, "UPDATE work_orders SET mileage_in = ? WHERE work_order_id = ?",
                     [good["mile_limit"] + 1, fresh["work_order_id"]])
    assert_refused(state, "apply_warranty", "covers up to", work_order_id=fresh["work_order_id"],
                   warranty_id=good["warranty_id"])
    change(state, "UPDATE warranties SET starts_on = DATE '2024-01-31', months = 1 WHERE warranty_id = ?",
                     [good["warranty_id"]])
    assert_refused(state, "apply_warranty", "expired on 2024-02-29", work_order_id=fresh["work_order_id"],
                   warranty_id=good["warranty_id"])
    other_cat = one(state, "SELECT * FROM warranties WHERE vehicle_id = ? AND category <> ? LIMIT 1",
                    [fresh["vehicle_id"], fresh["category"]]) if state.db.scalar(
        "SELECT count(*) FROM warranties WHERE vehicle_id = ? AND category <> ?",
        [fresh["vehicle_id"], fresh["category"]]) else None
    if other_cat:
        assert_refused(state, "apply_warranty", "covers", work_order_id=fresh["work_order_id"],
                       warranty_id=other_cat["warranty_id"])
    change(state, "UPDATE warranties SET category = 'tires' WHERE warranty_id = ?", [good["warranty_id"]])
    assert_refused(state, "apply_warranty", "covers tires repairs", work_order_id=fresh["work_order_id"],
                   warranty_id=good["warranty_id"])
    elsewhere = one(state, "SELECT warranty_id FROM warranties WHERE vehicle_id <> ? LIMIT 1", [fresh["vehicle_id"]])
    assert_refused(state, "apply_warranty", "on another vehicle", work_order_id=fresh["work_order_id"],
                   warranty_id=elsewhere["warranty_id"])
    assert_refused(state, "apply_warranty", "no warranty with id", work_order_id=fresh["work_order_id"],
                   warranty_id="WAR-1")
    done = wo(state, "w.status = 'in_progress'")
    assert_refused(state, "apply_warranty", "can be put under warranty", work_order_id=done["work_order_id"],
                   warranty_id=elsewhere["warranty_id"])


# -- payment, release, loaners ----------------------------------------------------------------------------------

def test_pay_then_release(state: DuckDBState) -> None:
    done = wo(state, "w.status = 'completed' AND (SELECT status FROM invoices i WHERE i.work_order_id = "
                     "w.work_order_id) = 'open'")
    inv = run(state, "get_invoice", work_order_id=done["work_order_id"])
    assert_refused(state, "release_vehicle", "has \\$[0-9.]+ due", work_order_id=done["work_order_id"])
    paid = run(state, "pay_invoice", invoice_id=inv["invoice_id"], method="card")
    assert paid["amount"] == inv["balance_due"]
    assert_refused(state, "pay_invoice", "already paid", invoice_id=inv["invoice_id"], method="card")
    assert_refused(state, "pay_invoice", "no invoice with id", invoice_id="INV-1", method="card")
    out = run(state, "release_vehicle", work_order_id=done["work_order_id"])
    assert out["status"] == "picked_up" and out["released_at"] == "2026-05-13 10:00"
    job = wo(state, "w.status = 'in_progress'")
    assert_refused(state, "release_vehicle", "can be released", work_order_id=job["work_order_id"])


def test_release_returns_the_loaner(state: DuckDBState) -> None:
    lent = one(state, "SELECT * FROM loaner_assignments WHERE returned_at IS NULL ORDER BY assignment_id LIMIT 1")
    change(state, "UPDATE work_orders SET status = 'completed' WHERE work_order_id = ?", [lent["work_order_id"]])
    inv = one(state, "SELECT invoice_id FROM invoices WHERE status = 'paid' LIMIT 1")
    change(state, "UPDATE invoices SET work_order_id = ? WHERE invoice_id = ?", [lent["work_order_id"],
                                                                                     inv["invoice_id"]])
    out = run(state, "release_vehicle", work_order_id=lent["work_order_id"])
    assert out["loaner_returned"] == lent["loaner_id"]
    assert one(state, "SELECT status FROM loaner_cars WHERE loaner_id = ?", [lent["loaner_id"]])["status"] == \
        "available"


def test_loaner_rules(state: DuckDBState) -> None:
    long_jobs = [j for j in state.db.query("SELECT w.* FROM work_orders w WHERE status = 'approved' AND NOT EXISTS "
                                           "(SELECT 1 FROM loaner_assignments a WHERE a.customer_id = w.customer_id "
                                           "AND a.returned_at IS NULL) ORDER BY work_order_id")
                 if hours(state, j["work_order_id"]) > 4]
    short = [j for j in state.db.query("SELECT * FROM work_orders WHERE status IN ('approved', 'in_progress') "
                                       "ORDER BY work_order_id") if hours(state, j["work_order_id"]) <= 4]
    job = long_jobs[0]
    assert_refused(state, "assign_loaner", "only for jobs over 4 hours", work_order_id=short[0]["work_order_id"],
                   loaner_id="LNR-02")
    assert_refused(state, "assign_loaner", "is out, not available", work_order_id=job["work_order_id"],
                   loaner_id=one(state, "SELECT loaner_id FROM loaner_cars WHERE status = 'out' LIMIT 1")["loaner_id"])
    assert_refused(state, "assign_loaner", "is maintenance", work_order_id=job["work_order_id"], loaner_id="LNR-06")
    assert_refused(state, "assign_loaner", "no loaner with id", work_order_id=job["work_order_id"], loaner_id="LNR-9")
    free = one(state, "SELECT loaner_id FROM loaner_cars WHERE status = 'available' ORDER BY 1 LIMIT 1")
    res = run(state, "assign_loaner", work_order_id=job["work_order_id"], loaner_id=free["loaner_id"])
    assert res["plate"] and res["assignment_id"].startswith("LA-")
    other = one(state, "SELECT loaner_id FROM loaner_cars WHERE status = 'available' ORDER BY 1 LIMIT 1")
    assert_refused(state, "assign_loaner", "one loaner per customer", work_order_id=job["work_order_id"],
                   loaner_id=other["loaner_id"])
    est = wo(state, "w.status = 'estimate'")
    assert_refused(state, "assign_loaner", "can get a loaner", work_order_id=est["work_order_id"],
                   loaner_id=other["loaner_id"])


# -- tasks ------------------------------------------------------------------------------------------------------

def test_tasks_cover_every_tool_and_refusals_write_nothing() -> None:
    refusals = [t for t in ENV.tasks if "refusal" in t.tags]
    assert len(refusals) >= 5
    assert all(t.outputs and not any(ENV.tools[c.name].writes for c in t.gold_calls) for t in refusals)
    assert len({c.name for t in ENV.tasks for c in t.gold_calls}) == len(ENV.tools)
    assert sum(bool(t.consent) for t in ENV.tasks) >= 1
