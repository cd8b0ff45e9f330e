"""The property environment's own checks: schemas, seed determinism, gold replay and every business-rule refusal."""

from __future__ import annotations

import json
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import ToolError
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


NOW = ENV.manifest.now


def scalar(state: DuckDBState, sql: str, params: list[Any] | None = None) -> Any:
    return state.db.scalar(sql, params or [])


def write(state: DuckDBState, sql: str, params: list[Any] | None = None) -> None:
    """Change the seed state directly (to set up a rare situation)."""
    state.run_in_transaction(lambda db: db.execute(sql, params or []), writes=True)


def past_due(state: DuckDBState, lease_id: str) -> float:
    return run(state, "get_rent_ledger", lease_id=lease_id)["past_due"]


def live_lease(state: DuckDBState, building: str, clean: bool = True) -> str:
    """An active lease in ``building``, without a past-due balance when ``clean``."""
    rows = state.db.query("SELECT l.lease_id FROM leases l JOIN units u ON u.unit_id = l.unit_id WHERE l.status = "
                          "'active' AND u.building_id = ? ORDER BY l.lease_id", [building])
    for r in rows:
        if (past_due(state, r["lease_id"]) == 0) == clean:
            return r["lease_id"]
    raise AssertionError(f"no {'clean' if clean else 'past-due'} active lease in {building}")


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tasks=60, min_read_tasks=10, min_single_write_tasks=10, min_multi_write_tasks=10,
                                   min_user_fact_tasks=10, min_forbidden_tasks=2,
                                   unchecked_output_tags=("refusal", "confirm"))


def test_policy_states_the_figures() -> None:
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('60 days', '5%', '24 hours'):
        assert fact in policy, fact


def test_seed_ledgers_follow_the_late_fee_rule(state: DuckDBState) -> None:
    """Every posted late fee is 5% of its month's rent, at most one per month and lease."""
    assert not state.db.query("SELECT lease_id, period FROM ledger_entries WHERE kind = 'late_fee' "
                              "GROUP BY ALL HAVING count(*) > 1")
    bad = state.db.query("SELECT f.entry_id FROM ledger_entries f JOIN ledger_entries r ON r.lease_id = f.lease_id "
                         "AND r.period = f.period AND r.kind = 'rent' WHERE f.kind = 'late_fee' "
                         "AND abs(f.amount - round(r.amount * 0.05, 2)) > 0.005")
    assert not bad


# -- tasks --------------------------------------------------------------------------------------------------

# -- identification -----------------------------------------------------------------------------------------

def test_find_household_and_resident(state: DuckDBState) -> None:
    r = one(state, "SELECT r.*, u.unit_number, b.building_name FROM residents r JOIN units u ON u.unit_id = r.unit_id "
                   "JOIN buildings b ON b.building_id = u.building_id ORDER BY r.resident_id LIMIT 1")
    found = run(state, "find_household_by_unit", building_name=r["building_name"].upper(),
                unit_number=f"#{r['unit_number']}", last_name=r["last_name"].lower())
    assert found["lease_id"] == r["lease_id"]
    assert run(state, "find_resident_by_email", email=r["email"].upper())["lease_id"] == r["lease_id"]
    assert_refused(state, "find_resident_by_email", "no resident", email="nobody@example.com")
    assert_refused(state, "find_household_by_unit", "no resident named", building_name="Alder Court",
                   unit_number="999", last_name="Nobody")


def test_ambiguous_household_is_refused(state: DuckDBState) -> None:
    a, b = state.db.query("SELECT min(resident_id) AS resident_id, unit_id, lease_id FROM residents WHERE unit_id IN "
                          "(SELECT unit_id FROM leases GROUP BY unit_id HAVING count(*) > 1) GROUP BY unit_id, lease_id "
                          "ORDER BY unit_id, lease_id LIMIT 2")
    assert a["unit_id"] == b["unit_id"] and a["lease_id"] != b["lease_id"]
    write(state, "UPDATE residents SET last_name = 'Samename' WHERE resident_id IN (?, ?)",
          [a["resident_id"], b["resident_id"]])
    unit = one(state, "SELECT u.unit_number, b.building_name FROM units u JOIN buildings b "
                      "ON b.building_id = u.building_id WHERE u.unit_id = ?", [a["unit_id"]])
    with pytest.raises(ToolError, match="several households"):
        run(state, "find_household_by_unit", last_name="Samename", **unit)


def test_reads_reject_unknown_ids(state: DuckDBState) -> None:
    for name, args in [("get_lease_details", {"lease_id": "L-1"}), ("get_rent_ledger", {"lease_id": "L-1"}),
                       ("list_building_amenities", {"building_id": "BLD-9"}),
                       ("check_amenity_availability", {"amenity_id": "AM-99", "start_date": "2026-04-18"}),
                       ("find_available_technicians", {"request_id": "MR-1", "visit_date": "2026-04-09"})]:
        with pytest.raises(ToolError, match="no "):
            run(state, name, **args)


def test_lease_details_and_lists(state: DuckDBState) -> None:
    lease = one(state, "SELECT lease_id FROM renewal_offers ORDER BY offer_id LIMIT 1")["lease_id"]
    details = run(state, "get_lease_details", lease_id=lease.lower())
    assert details["lease_id"] == lease and details["renewal_offers"] and details["residents"]
    req = one(state, "SELECT lease_id FROM maintenance_requests WHERE status = 'submitted' ORDER BY request_id")
    listed = run(state, "list_maintenance_requests", lease_id=req["lease_id"], status="submitted")["requests"]
    assert listed and all(r["status"] == "submitted" and r["schedule_by"] for r in listed)
    bk = one(state, "SELECT lease_id, booking_id FROM amenity_bookings ORDER BY booking_id LIMIT 1")
    assert bk["booking_id"] in [b["booking_id"] for b in run(state, "list_amenity_bookings",
                                                              lease_id=bk["lease_id"])["bookings"]]


# -- rent ledger --------------------------------------------------------------------------------------------

def _pending_fee_lease(state: DuckDBState) -> str:
    for r in state.db.query("SELECT lease_id FROM leases WHERE status = 'active' ORDER BY lease_id"):
        if run(state, "get_rent_ledger", lease_id=r["lease_id"])["late_fees_due"]:
            return r["lease_id"]
    raise AssertionError("no lease with a late fee due")


def test_payment_posts_late_fees_once_and_clears_balance(state: DuckDBState) -> None:
    lease = _pending_fee_lease(state)
    ledger = run(state, "get_rent_ledger", lease_id=lease)
    rent = {e["period"]: e["amount"] for e in ledger["entries"] if e["kind"] == "rent"}
    fees = ledger["late_fees_due"]
    assert all(f["amount"] == round(rent[f["period"]] * 0.05, 2) for f in fees)
    assert ledger["amount_due"] == round(ledger["balance"] + sum(f["amount"] for f in fees), 2)
    paid = run(state, "record_rent_payment", lease_id=lease, amount=100, method="check")
    assert [f["period"] for f in paid["late_fees_posted"]] == [f["period"] for f in fees]
    after = run(state, "get_rent_ledger", lease_id=lease)
    assert after["late_fees_due"] == [] and after["balance"] == round(ledger["amount_due"] - 100, 2)
    second = run(state, "record_rent_payment", lease_id=lease, amount=after["amount_due"], method="ach")
    assert second["late_fees_posted"] == [] and second["new_balance"] == 0


def test_ledger_pages_stay_under_the_result_cut(state: DuckDBState) -> None:
    """The longest ledgers (23 entries) used to pass 4,000 characters and lose their totals to the cut: entries
    come 15 at a time after the totals, and next_offset pages back to the oldest one."""
    leases = [r["lease_id"] for r in state.db.query("SELECT lease_id FROM leases ORDER BY lease_id")]
    for lease in leases:
        ledger = run(state, "get_rent_ledger", lease_id=lease)
        assert len(json.dumps(ledger)) < 3600, lease
        assert list(ledger)[:6] == ["lease_id", "monthly_rent", "balance", "late_fees_due", "amount_due", "past_due"]
    lease = one(state, "SELECT lease_id, count(*) AS n FROM ledger_entries GROUP BY lease_id ORDER BY n DESC, "
                       "lease_id LIMIT 1")["lease_id"]
    all_ids = [r["entry_id"] for r in state.db.query(
        "SELECT entry_id FROM ledger_entries WHERE lease_id = ? ORDER BY posted_on, entry_id", [lease])]
    first = run(state, "get_rent_ledger", lease_id=lease)
    assert first["total_entries"] == len(all_ids) > 15 and len(first["entries"]) == 15
    assert [e["entry_id"] for e in first["entries"]] == all_ids[-15:] and first["next_offset"] == 15
    older = run(state, "get_rent_ledger", lease_id=lease, offset=first["next_offset"])
    assert [e["entry_id"] for e in older["entries"]] == all_ids[:-15] and older["next_offset"] is None
    assert older["amount_due"] == first["amount_due"]
    small = run(state, "get_rent_ledger", lease_id=lease, limit=5, offset=-3)
    assert [e["entry_id"] for e in small["entries"]] == all_ids[-5:] and small["next_offset"] == 5
    rents = run(state, "get_rent_ledger", lease_id=lease, kind="rent")
    assert rents["entries"] and all(e["kind"] == "rent" for e in rents["entries"])
    waived = one(state, "SELECT lease_id, max(posted_on) AS on FROM ledger_entries WHERE kind = 'late_fee_waiver' "
                        "GROUP BY lease_id ORDER BY lease_id LIMIT 1")
    assert run(state, "get_rent_ledger", lease_id=waived["lease_id"])["last_waiver_on"] == str(waived["on"])
    never = one(state, "SELECT lease_id FROM leases WHERE lease_id NOT IN (SELECT lease_id FROM ledger_entries "
                       "WHERE kind = 'late_fee_waiver') ORDER BY lease_id LIMIT 1")["lease_id"]
    assert run(state, "get_rent_ledger", lease_id=never)["last_waiver_on"] is None


def test_payment_limits(state: DuckDBState) -> None:
    lease = _pending_fee_lease(state)
    due = run(state, "get_rent_ledger", lease_id=lease)["amount_due"]
    assert_refused(state, "record_rent_payment", "more than 0", lease_id=lease, amount=0, method="ach")
    assert_refused(state, "record_rent_payment", "cannot exceed", lease_id=lease, amount=due + 0.01, method="ach")


def test_no_late_fee_inside_grace_period(state: DuckDBState) -> None:
    """On the 5th nothing of that month is late yet; from the 6th it is."""
    lease = _pending_fee_lease(state)
    for now, expected in (("2026-04-05T10:00:00", False), ("2026-04-06T08:00:00", True)):
        early = ENV.new_state(now)
        try:
            periods = [f["period"] for f in run(early, "get_rent_ledger", lease_id=lease)["late_fees_due"]]
            assert ("2026-04" in periods) == expected
        finally:
            early.close()


def test_waive_late_fee_rules(state: DuckDBState) -> None:
    fee = one(state, "SELECT entry_id, lease_id, amount FROM ledger_entries WHERE kind = 'late_fee' "
                     "AND posted_on >= DATE '2026-03-01' AND lease_id NOT IN (SELECT lease_id FROM ledger_entries "
                     "WHERE kind = 'late_fee_waiver') ORDER BY entry_id")
    balance = run(state, "get_rent_ledger", lease_id=fee["lease_id"])["balance"]
    done = run(state, "waive_late_fee", entry_id=fee["entry_id"])
    assert done["amount"] == fee["amount"] and done["new_balance"] == round(balance - fee["amount"], 2)
    assert_refused(state, "waive_late_fee", "already waived", entry_id=fee["entry_id"])
    other = one(state, "SELECT entry_id FROM ledger_entries WHERE lease_id = ? AND kind = 'late_fee' AND "
                       "entry_id <> ? AND posted_on >= DATE '2026-02-08' ORDER BY entry_id",
                [fee["lease_id"], fee["entry_id"]])
    assert_refused(state, "waive_late_fee", "only one waiver", entry_id=other["entry_id"])
    old = one(state, "SELECT entry_id FROM ledger_entries WHERE kind = 'late_fee' AND posted_on < DATE '2026-02-01' "
                     "ORDER BY entry_id")
    assert_refused(state, "waive_late_fee", "within 60 days", entry_id=old["entry_id"])
    rent = one(state, "SELECT entry_id FROM ledger_entries WHERE kind = 'rent' ORDER BY entry_id")
    assert_refused(state, "waive_late_fee", "not a late fee", entry_id=rent["entry_id"])
    assert_refused(state, "waive_late_fee", "no ledger entry", entry_id="LE-9")


# -- maintenance --------------------------------------------------------------------------------------------

def _lease_without_open(state: DuckDBState, category: str) -> str:
    return one(state, "SELECT l.lease_id FROM leases l WHERE l.status = 'active' AND NOT EXISTS (SELECT 1 FROM "
                      "maintenance_requests m WHERE m.unit_id = l.unit_id AND m.category = ? AND m.status IN "
                      "('submitted', 'scheduled', 'in_progress')) ORDER BY l.lease_id", [category])["lease_id"]


def test_submit_and_schedule_a_request(state: DuckDBState) -> None:
    lease = _lease_without_open(state, "electrical")
    new = run(state, "submit_maintenance_request", lease_id=lease, issue="dead_outlets")
    assert (new["status"], new["category"], new["priority"]) == ("submitted", "electrical", "urgent")
    assert new["schedule_by"] == "2026-04-11T10:00:00"
    assert_refused(state, "submit_maintenance_request", "already has an open electrical", lease_id=lease,
                   issue="flickering_light")
    free = run(state, "find_available_technicians", request_id=new["request_id"], visit_date="2026-04-09")
    tech = free["technicians"][0]
    window = tech["free_windows"][0]
    done = run(state, "schedule_maintenance_visit", request_id=new["request_id"], technician_id=tech["technician_id"],
               visit_date="2026-04-09", window=window)
    assert done["status"] == "scheduled" and done["visit_start"].startswith("2026-04-09")
    again = run(state, "find_available_technicians", request_id=new["request_id"], visit_date="2026-04-09")
    assert again["technicians"][0]["visits_booked"] == tech["visits_booked"]  # its own visit is not counted


def test_emergency_must_be_visited_within_24_hours(state: DuckDBState) -> None:
    req = one(state, "SELECT request_id, submitted_at FROM maintenance_requests WHERE status = 'submitted' "
                     "AND priority = 'emergency' ORDER BY request_id")
    tech = one(state, "SELECT t.technician_id FROM technicians t JOIN maintenance_requests m ON m.category = t.trade "
                      "WHERE m.request_id = ? ORDER BY t.technician_id DESC", [req["request_id"]])
    assert_refused(state, "schedule_maintenance_visit", "must be visited by", request_id=req["request_id"],
                   technician_id=tech["technician_id"], visit_date="2026-04-10", window="08:00-10:00")
    listed = run(state, "find_available_technicians", request_id=req["request_id"], visit_date="2026-04-10")
    assert all(t["free_windows"] == [] for t in listed["technicians"])


def test_schedule_refusals(state: DuckDBState) -> None:
    req = one(state, "SELECT request_id, category FROM maintenance_requests WHERE status = 'submitted' "
                     "AND priority = 'routine' AND category = 'plumbing' ORDER BY request_id")
    rid = req["request_id"]
    args = {"request_id": rid, "technician_id": "T-01"}
    assert_refused(state, "schedule_maintenance_visit", "needs a plumbing technician", request_id=rid, technician_id="T-04",
                   visit_date="2026-04-10", window="08:00-10:00")
    assert_refused(state, "schedule_maintenance_visit", "Sundays", visit_date="2026-04-12", window="08:00-10:00",
                   **args)
    assert_refused(state, "schedule_maintenance_visit", "already started", visit_date="2026-04-08",
                   window="08:00-10:00", **args)
    assert_refused(state, "schedule_maintenance_visit", "must be a date", visit_date="April 10",
                   window="08:00-10:00", **args)
    busy = one(state, "SELECT strftime(visit_start, '%H:%M') AS start FROM maintenance_requests "
                      "WHERE technician_id = 'T-01' AND CAST(visit_start AS DATE) = DATE '2026-04-09'")
    window = {"08:00": "08:00-10:00", "10:00": "10:00-12:00", "13:00": "13:00-15:00", "15:00": "15:00-17:00"}
    assert_refused(state, "schedule_maintenance_visit", "already has a visit", visit_date="2026-04-09",
                   window=window[busy["start"]], **args)
    write(state, "UPDATE technicians SET daily_capacity = 1 WHERE technician_id = 'T-01'")
    write(state, "UPDATE maintenance_requests SET technician_id = 'T-01', visit_start = TIMESTAMP '2026-04-10 08:00:00' "
                 "WHERE request_id = (SELECT min(request_id) FROM maintenance_requests WHERE status = 'completed')")
    assert_refused(state, "schedule_maintenance_visit", "fully booked", visit_date="2026-04-10", window="10:00-12:00",
                   **args)
    assert_refused(state, "find_available_technicians", "Sundays", request_id=rid, visit_date="2026-04-12")
    assert_refused(state, "find_available_technicians", "in the past", request_id=rid, visit_date="2026-04-01")


def test_cancel_request_rules(state: DuckDBState) -> None:
    req = one(state, "SELECT request_id FROM maintenance_requests WHERE status = 'scheduled' ORDER BY request_id")
    assert run(state, "cancel_maintenance_request", request_id=req["request_id"],
               reason="no_longer_needed")["status"] == "cancelled"
    for status in ("in_progress", "completed"):
        r = one(state, "SELECT request_id FROM maintenance_requests WHERE status = ? ORDER BY request_id", [status])
        assert_refused(state, "cancel_maintenance_request", "only submitted or scheduled",
                       request_id=r["request_id"], reason="duplicate_request")


# -- amenities ----------------------------------------------------------------------------------------------

def test_party_room_booking_and_rules(state: DuckDBState) -> None:
    lease = live_lease(state, "BLD-1")
    free = run(state, "check_amenity_availability", amenity_id="AM-11", start_date="2026-05-23")
    assert free["free_blocks"] == ["afternoon", "evening"]
    booked = run(state, "reserve_party_room", lease_id=lease, amenity_id="AM-11", event_date="2026-05-23",
                 time_block="evening", guests=30)
    assert booked["fee"] == 75.0
    fee = one(state, "SELECT amount FROM ledger_entries WHERE reference = ?", [booked["booking_id"]])
    assert fee["amount"] == 75.0
    assert run(state, "check_amenity_availability", amenity_id="AM-11",
               start_date="2026-05-23")["booked_blocks"] == ["evening"]
    other = [x for x in state.db.query("SELECT l.lease_id FROM leases l JOIN units u ON u.unit_id = l.unit_id "
                                       "WHERE u.building_id = 'BLD-1' AND l.status = 'active' ORDER BY lease_id")
             if x["lease_id"] != lease and past_due(state, x["lease_id"]) == 0][0]["lease_id"]
    assert_refused(state, "reserve_party_room", "already booked", lease_id=other, amenity_id="AM-11",
                   event_date="2026-05-23", time_block="evening", guests=10)
    run(state, "reserve_party_room", lease_id=lease, amenity_id="AM-11", event_date="2026-05-24",
        time_block="afternoon", guests=10)
    assert_refused(state, "reserve_party_room", "limit is 2", lease_id=lease, amenity_id="AM-11",
                   event_date="2026-05-30", time_block="afternoon", guests=10)
    assert_refused(state, "reserve_party_room", "at most 40 guests", lease_id=other, amenity_id="AM-11",
                   event_date="2026-05-30", time_block="afternoon", guests=41)
    assert_refused(state, "reserve_party_room", "2 to 60 days ahead", lease_id=other, amenity_id="AM-11",
                   event_date="2026-04-09", time_block="afternoon", guests=10)
    assert_refused(state, "reserve_party_room", "not in", lease_id=other, amenity_id="AM-21",
                   event_date="2026-05-30", time_block="afternoon", guests=10)
    assert_refused(state, "reserve_party_room", "not a party room", lease_id=other, amenity_id="AM-12",
                   event_date="2026-05-30", time_block="afternoon", guests=2)


def test_booking_needs_no_past_due_and_a_current_lease(state: DuckDBState) -> None:
    owing = live_lease(state, "BLD-2", clean=False)
    assert_refused(state, "reserve_party_room", "past-due balance", lease_id=owing, amenity_id="AM-21",
                   event_date="2026-05-30", time_block="afternoon", guests=10)
    ended = one(state, "SELECT l.lease_id FROM leases l JOIN units u ON u.unit_id = l.unit_id "
                       "WHERE l.status = 'ended' AND u.building_id = 'BLD-2' ORDER BY l.lease_id")["lease_id"]
    assert_refused(state, "reserve_guest_suite", "has ended", lease_id=ended, amenity_id="AM-22",
                   arrival_date="2026-05-20", nights=1, guests=1)
    leaving = one(state, "SELECT l.lease_id, l.move_out_date FROM leases l JOIN units u ON u.unit_id = l.unit_id "
                         "WHERE l.status = 'notice_given' AND u.building_id = 'BLD-1' AND l.move_out_date < "
                         "DATE '2026-06-01' ORDER BY l.lease_id")
    assert_refused(state, "reserve_party_room", "moves out on", lease_id=leaving["lease_id"], amenity_id="AM-11",
                   event_date="2026-06-05", time_block="evening", guests=10)


def test_guest_suite_rules(state: DuckDBState) -> None:
    lease = live_lease(state, "BLD-4")
    check = run(state, "check_amenity_availability", amenity_id="AM-42", start_date="2026-06-01", nights=3)
    assert check["available"] and check["fee"] == 255.0
    assert_refused(state, "check_amenity_availability", "between 1 and 14", amenity_id="AM-42",
                   start_date="2026-06-01", nights=0)
    stay = run(state, "reserve_guest_suite", lease_id=lease, amenity_id="AM-42", arrival_date="2026-06-01", nights=3,
               guests=2)
    assert stay["end_date"] == "2026-06-04" and stay["fee"] == 255.0
    assert_refused(state, "reserve_guest_suite", "1 to 3 nights", lease_id=lease, amenity_id="AM-42",
                   arrival_date="2026-06-10", nights=4, guests=2)
    assert_refused(state, "reserve_guest_suite", "already booked on the night", lease_id=lease, amenity_id="AM-42",
                   arrival_date="2026-06-03", nights=1, guests=2)
    assert_refused(state, "reserve_guest_suite", "limit of 4 nights", lease_id=lease, amenity_id="AM-42",
                   arrival_date="2026-06-05", nights=2, guests=2)
    assert_refused(state, "reserve_guest_suite", "at most 3 guests", lease_id=lease, amenity_id="AM-42",
                   arrival_date="2026-06-05", nights=1, guests=5)


def test_amenity_cancellation_refund_window(state: DuckDBState) -> None:
    early = one(state, "SELECT booking_id, lease_id, fee FROM amenity_bookings WHERE status = 'booked' "
                       "AND start_date >= DATE '2026-04-20' ORDER BY booking_id")
    balance = run(state, "get_rent_ledger", lease_id=early["lease_id"])["balance"]
    assert run(state, "cancel_amenity_booking", booking_id=early["booking_id"])["refund"] == early["fee"]
    assert run(state, "get_rent_ledger", lease_id=early["lease_id"])["balance"] == round(balance - early["fee"], 2)
    assert_refused(state, "cancel_amenity_booking", "only upcoming", booking_id=early["booking_id"])
    late = one(state, "SELECT booking_id FROM amenity_bookings WHERE status = 'booked' "
                      "AND start_date <= DATE '2026-04-10' ORDER BY booking_id")
    assert_refused(state, "cancel_amenity_booking", "would not be refunded", booking_id=late["booking_id"])
    done = run(state, "cancel_amenity_booking", booking_id=late["booking_id"], accept_forfeit=True)
    assert done == {"booking_id": late["booking_id"], "status": "cancelled", "refund": 0.0}
    under_way = one(state, "SELECT booking_id FROM amenity_bookings WHERE status = 'booked' ORDER BY booking_id")
    write(state, "UPDATE amenity_bookings SET start_date = DATE '2026-04-07' WHERE booking_id = ?",
          [under_way["booking_id"]])
    assert_refused(state, "cancel_amenity_booking", "no longer be cancelled", booking_id=under_way["booking_id"],
                   accept_forfeit=True)


# -- parking ------------------------------------------------------------------------------------------------

def test_parking_permit_rules(state: DuckDBState) -> None:
    lease = one(state, "SELECT l.lease_id FROM leases l JOIN units u ON u.unit_id = l.unit_id WHERE l.status = "
                       "'active' AND u.building_id = 'BLD-1' AND l.lease_id NOT IN (SELECT lease_id FROM "
                       "parking_permits WHERE status = 'active') ORDER BY l.lease_id")["lease_id"]
    permit = run(state, "issue_parking_permit", lease_id=lease, license_plate="ckw 5120")
    assert permit["license_plate"] == "CKW5120" and permit["prorated_fee"] == round(85 * 23 / 30, 2)
    assert_refused(state, "issue_parking_permit", "already has an active permit", lease_id=lease,
                   license_plate="CKW-5120")
    run(state, "issue_parking_permit", lease_id=lease, license_plate="BNT8843")
    assert_refused(state, "issue_parking_permit", "2 active permits", lease_id=lease, license_plate="DRL2296")
    assert_refused(state, "issue_parking_permit", "2 to 8 letters", lease_id=lease, license_plate="!!")
    assert run(state, "cancel_parking_permit", permit_id=permit["permit_id"])["status"] == "cancelled"
    assert_refused(state, "cancel_parking_permit", "already cancelled", permit_id=permit["permit_id"])
    cedar = live_lease(state, "BLD-3")
    assert_refused(state, "issue_parking_permit", "no resident garage", lease_id=cedar, license_plate="AZM7031")
    drift = one(state, "SELECT l.lease_id FROM leases l JOIN units u ON u.unit_id = l.unit_id WHERE l.status = "
                       "'active' AND u.building_id = 'BLD-4' ORDER BY l.lease_id")["lease_id"]
    assert_refused(state, "issue_parking_permit", "garage is full", lease_id=drift, license_plate="AZM7031")


# -- renewals, notices, deposits ----------------------------------------------------------------------------

def _offer(state: DuckDBState, expired: bool, clean: bool = True) -> dict[str, Any]:
    cmp = "<" if expired else ">="
    for o in state.db.query("SELECT o.offer_id, o.lease_id, o.term_months, o.monthly_rent, l.end_date FROM "
                            "renewal_offers o JOIN leases l ON l.lease_id = o.lease_id WHERE o.status = 'offered' "
                            f"AND l.status = 'active' AND o.expires_on {cmp} DATE '2026-04-08' ORDER BY o.offer_id"):
        if expired or (past_due(state, o["lease_id"]) == 0) == clean:
            return o
    raise AssertionError("no such offer")


def test_accept_renewal(state: DuckDBState) -> None:
    o = _offer(state, expired=False)
    done = run(state, "accept_lease_renewal", offer_id=o["offer_id"])
    assert done["new_rent"] == o["monthly_rent"] and done["new_rent_from"] == "2026-06-01"
    lease = run(state, "get_lease_details", lease_id=o["lease_id"])
    assert lease["end_date"] == done["new_end_date"] and lease["next_rent"] == o["monthly_rent"]
    assert sorted(x["status"] for x in lease["renewal_offers"]) == ["accepted", "declined"]
    assert_refused(state, "accept_lease_renewal", "is declined",
                   offer_id=next(x["offer_id"] for x in lease["renewal_offers"] if x["status"] == "declined"))


def test_renewal_refusals(state: DuckDBState) -> None:
    assert_refused(state, "accept_lease_renewal", "expired on", offer_id=_offer(state, expired=True)["offer_id"])
    assert_refused(state, "accept_lease_renewal", "past-due balance",
                   offer_id=_offer(state, expired=False, clean=False)["offer_id"])
    o = _offer(state, expired=False)
    run(state, "give_notice_to_vacate", lease_id=o["lease_id"], move_out_date=o["end_date"], reason="buying_home",
        accept_fees=True)
    write(state, "UPDATE renewal_offers SET status = 'offered' WHERE offer_id = ?", [o["offer_id"]])
    assert_refused(state, "accept_lease_renewal", "only active leases", offer_id=o["offer_id"])


def test_notice_without_fees(state: DuckDBState) -> None:
    lease = one(state, "SELECT lease_id, end_date FROM leases WHERE status = 'active' AND end_date >= "
                       "DATE '2026-07-31' ORDER BY lease_id")
    done = run(state, "give_notice_to_vacate", lease_id=lease["lease_id"], move_out_date=lease["end_date"],
               reason="more_space")
    assert done["fees"] == [] and done["status"] == "notice_given"
    assert one(state, "SELECT status FROM move_out_inspections WHERE lease_id = ?",
               [lease["lease_id"]])["status"] == "scheduled"
    assert_refused(state, "give_notice_to_vacate", "notice given on", lease_id=lease["lease_id"],
                   move_out_date=lease["end_date"], reason="more_space")


def test_notice_fees_need_agreement(state: DuckDBState) -> None:
    lease = one(state, "SELECT lease_id, end_date, monthly_rent FROM leases WHERE status = 'active' "
                       "AND end_date = DATE '2026-05-31' ORDER BY lease_id")
    lid, rent = lease["lease_id"], lease["monthly_rent"]
    assert_refused(state, "give_notice_to_vacate", "short notice fee", lease_id=lid, move_out_date="2026-05-31",
                   reason="job_relocation")
    assert_refused(state, "give_notice_to_vacate", "no later than the lease end", lease_id=lid,
                   move_out_date="2026-06-15", reason="job_relocation")
    assert_refused(state, "give_notice_to_vacate", "after today", lease_id=lid, move_out_date="2026-04-08",
                   reason="job_relocation")
    with pytest.raises(ToolError, match=f"total {3 * rent:.2f}"):
        run(state, "give_notice_to_vacate", lease_id=lid, move_out_date="2026-05-15", reason="job_relocation")
    done = run(state, "give_notice_to_vacate", lease_id=lid, move_out_date="2026-05-15", reason="job_relocation",
               accept_fees=True)
    assert done["fees"] == [{"kind": "short_notice_fee", "amount": rent},
                            {"kind": "early_termination_fee", "amount": 2 * rent}]
    posted = scalar(state, "SELECT sum(amount) FROM ledger_entries WHERE lease_id = ? AND kind LIKE '%_fee' "
                           "AND posted_on = DATE '2026-04-08'", [lid])
    assert posted == 3 * rent


def test_refund_security_deposit(state: DuckDBState) -> None:
    lease = one(state, "SELECT l.lease_id, l.security_deposit, i.damage_charges FROM leases l JOIN "
                       "move_out_inspections i ON i.lease_id = l.lease_id WHERE l.status = 'ended' AND "
                       "l.deposit_status = 'held' AND i.status = 'completed' AND i.damage_charges > 0 "
                       "ORDER BY l.lease_id")
    estimate = run(state, "get_deposit_settlement", lease_id=lease["lease_id"])
    owed = estimate["amount_owed"]
    expected = max(0.0, round(lease["security_deposit"] - owed - lease["damage_charges"], 2))
    assert estimate["refund"] == expected
    done = run(state, "refund_security_deposit", lease_id=lease["lease_id"])
    assert done["refund"] == expected and done["damage_charges"] == lease["damage_charges"]
    after = run(state, "get_deposit_settlement", lease_id=lease["lease_id"])
    assert after["deposit_status"] == "refunded" and after["deposit_refund"] == expected
    assert after["amount_owed"] == done["still_owed"]
    assert_refused(state, "refund_security_deposit", "already refunded", lease_id=lease["lease_id"])


def test_deposit_larger_debt_leaves_an_amount_owed(state: DuckDBState) -> None:
    for r in state.db.query("SELECT l.lease_id FROM leases l JOIN move_out_inspections i ON i.lease_id = l.lease_id "
                            "WHERE l.status = 'ended' AND l.deposit_status = 'held' AND i.status = 'completed' "
                            "ORDER BY l.lease_id"):
        estimate = run(state, "get_deposit_settlement", lease_id=r["lease_id"])
        if estimate["still_owed"] > 0:
            done = run(state, "refund_security_deposit", lease_id=r["lease_id"])
            assert done["refund"] == 0 and done["still_owed"] == estimate["still_owed"]
            assert run(state, "get_rent_ledger", lease_id=r["lease_id"])["balance"] == estimate["still_owed"]
            return
    raise AssertionError("no ended lease owes more than its deposit")


def test_deposit_refusals(state: DuckDBState) -> None:
    active = one(state, "SELECT lease_id FROM leases WHERE status = 'active' ORDER BY lease_id")["lease_id"]
    assert_refused(state, "refund_security_deposit", "settled after the lease ends", lease_id=active)
    pending = one(state, "SELECT l.lease_id FROM leases l JOIN move_out_inspections i ON i.lease_id = l.lease_id "
                         "WHERE l.status = 'ended' AND i.status = 'scheduled' ORDER BY l.lease_id")["lease_id"]
    assert_refused(state, "refund_security_deposit", "not completed", lease_id=pending)
    refunded = one(state, "SELECT lease_id FROM leases WHERE deposit_status = 'refunded' ORDER BY lease_id")
    assert_refused(state, "refund_security_deposit", "already refunded", **refunded)


def test_ended_lease_cannot_use_household_services(state: DuckDBState) -> None:
    ended = one(state, "SELECT lease_id FROM leases WHERE status = 'ended' ORDER BY lease_id")["lease_id"]
    assert_refused(state, "submit_maintenance_request", "has ended", lease_id=ended, issue="door_off_hinge")
    assert_refused(state, "issue_parking_permit", "has ended", lease_id=ended, license_plate="AZM7031")
    assert_refused(state, "give_notice_to_vacate", "is ended", lease_id=ended, move_out_date="2026-05-31",
                   reason="more_space")


def test_new_ids_are_deterministic() -> None:
    seen = []
    for _ in range(2):
        state = ENV.new_state()
        try:
            lease = _lease_without_open(state, "general")
            seen.append(run(state, "submit_maintenance_request", lease_id=lease, issue="door_off_hinge")["request_id"])
            seen.append(state.state_hash())
        finally:
            state.close()
    assert seen[0] == seen[2] and seen[1] == seen[3]
