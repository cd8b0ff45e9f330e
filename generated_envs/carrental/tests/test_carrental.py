"""The carrental environment's own checks: schema, seed determinism and rules, task replay, and every refusal."""

from __future__ import annotations

import json
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, refused = ENV.run, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


def sql(state: DuckDBState, statement: str) -> None:
    state.run_in_transaction(lambda db: db.execute(statement), writes=True)


def res(state: DuckDBState, reservation_id: str) -> dict[str, Any]:
    row = state.db.query_one("SELECT * FROM reservations WHERE reservation_id = ?", [reservation_id])
    assert row is not None
    return row


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures
#: (outputs unchecked: many are sums and dates the agent works out from the results).
TestStructure = ENV.standard_tests(compact_share=0.5, every_table_filled=True, min_tasks=60, min_read_tasks=10, min_single_write_tasks=10,
                                   min_multi_write_tasks=10, min_user_fact_tasks=8, min_forbidden_tasks=3,
                                   check_outputs=False)


def test_policy_states_the_figures() -> None:
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('2026-07-14 10:00', '24 hours', '27.00', '30 minutes', '9.50', 'Sundays', '7 days', 'one hour before'):
        assert fact in policy, fact


def test_seed_size_and_statuses(state: DuckDBState) -> None:
    counts = {t: state.db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables}
    assert sum(counts.values()) >= 500 and all(counts.values())
    statuses = {r["status"] for r in state.db.query("SELECT DISTINCT status FROM reservations")}
    assert statuses == {"quoted", "confirmed", "picked_up", "returned", "cancelled", "no_show"}


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    db = state.db
    over = db.query(
        "WITH d AS (SELECT unnest(generate_series(DATE '2026-07-14', DATE '2026-10-31', INTERVAL 1 DAY))::DATE AS "
        "day) SELECT r.pickup_branch_id, r.class_code, d.day FROM reservations r JOIN d ON d.day >= "
        "r.pickup_at::DATE AND d.day < r.pickup_at::DATE + r.days WHERE r.status IN ('confirmed', 'picked_up') "
        "GROUP BY ALL HAVING count(*) > (SELECT fleet_count FROM branch_fleet f WHERE f.branch_id = "
        "r.pickup_branch_id AND f.class_code = r.class_code)")
    assert over == []
    bad = db.query(
        "SELECT r.reservation_id FROM reservations r JOIN coverage_options c USING (coverage_code) WHERE "
        "r.base_charge <> round(r.daily_rate * r.days, 2) OR r.coverage_total <> round(c.daily_price * r.days, 2) "
        "OR r.estimated_total <> round(r.base_charge + r.young_driver_fee + r.extras_total + r.coverage_total "
        "+ r.drop_fee, 2) OR r.extras_total <> (SELECT coalesce(sum(total), 0) FROM reservation_extras x WHERE "
        "x.reservation_id = r.reservation_id) OR r.return_at <> r.pickup_at + to_days(r.days)")
    assert bad == []
    young = db.query("SELECT r.reservation_id FROM reservations r JOIN renters p USING (renter_id) WHERE "
                     "(date_diff('year', p.date_of_birth, r.pickup_at::DATE) - CASE WHEN strftime(r.pickup_at, "
                     "'%m%d') < strftime(p.date_of_birth, '%m%d') THEN 1 ELSE 0 END < 25) <> (r.young_driver_fee > 0)")
    assert young == []
    assert db.scalar("SELECT count(*) FROM rentals t JOIN reservations r USING (reservation_id) WHERE "
                     "(r.status = 'picked_up') <> (t.returned_at IS NULL)") == 0
    assert db.scalar("SELECT count(*) FROM reservations WHERE status IN ('picked_up', 'returned') AND "
                     "reservation_id NOT IN (SELECT reservation_id FROM rentals)") == 0


# -- tasks --------------------------------------------------------------------------------------------------

# -- reads ----------------------------------------------------------------------------------------------------

def test_find_renter_and_profile(state: DuckDBState) -> None:
    assert run(state, "find_renter_by_email", email="JOHN.HOUSE@example.com")["renter_id"] == "R-1035"
    refused(state, "find_renter_by_email", "no renter", email="nobody@example.org")
    p = run(state, "get_renter_profile", renter_id="r-1035")
    assert p["age"] == 21 and len(p["reservations"]) == 7
    assert all(r["status"] == "returned" for r in run(state, "get_renter_profile", renter_id="R-1035",
                                                      status="returned")["reservations"])
    refused(state, "get_renter_profile", "no renter", renter_id="R-9999")


def test_profile_pages_stay_under_the_result_cut(state: DuckDBState) -> None:
    p = run(state, "get_renter_profile", renter_id="R-1044")  # the longest profile: 8 reservations, one page
    assert len(p["reservations"]) == 8 and p["more"] is False and "next_offset" not in p
    run(state, "book_rental", renter_id="R-1044", pickup_branch_id="DEN-APT", class_code="ECONOMY",
        pickup_at="2026-08-10 10:00", days=1)
    first = run(state, "get_renter_profile", renter_id="R-1044")
    assert len(first["reservations"]) == 8 and first["more"] is True and first["next_offset"] == 8
    rest = run(state, "get_renter_profile", renter_id="R-1044", offset=first["next_offset"])
    assert len(rest["reservations"]) == 1 and rest["more"] is False
    ids = [r["reservation_id"] for r in first["reservations"] + rest["reservations"]]
    assert len(set(ids)) == 9
    assert len(json.dumps(first, ensure_ascii=False)) < 4000
    refused(state, "get_renter_profile", "offset", renter_id="R-1044", offset=-1)


def test_get_rental_booking_views(state: DuckDBState) -> None:
    quote = run(state, "get_rental_booking", reservation_id="RSV-50303")
    assert quote["quote_expired"] is True and quote["late_cancellation_fee"] == 0.0
    open_ = run(state, "get_rental_booking", reservation_id="RSV-50353")
    assert open_["free_cancellation_until"] == "2026-07-14 06:00" and open_["late_cancellation_fee"] == 46.99
    past = run(state, "get_rental_booking", reservation_id="RSV-50216")
    assert past["rental"]["returned_at"] and past["charges_total"] == 838.38 and past["vehicle"]["plate"]
    cid = state.db.scalar("SELECT reservation_id FROM reservations WHERE status = 'cancelled' LIMIT 1")
    assert "cancel_reason" in run(state, "get_rental_booking", reservation_id=cid)
    refused(state, "get_rental_booking", "no reservation", reservation_id="RSV-1")


def test_branches(state: DuckDBState) -> None:
    assert [b["branch_id"] for b in run(state, "list_branches", city="denver")] == ["DEN-APT", "DEN-LOD"]
    assert len(run(state, "list_branches")) == 8
    d = run(state, "get_branch_details", branch_id="boi-apt")
    assert [r["branch_id"] for r in d["one_way_drop_offs"]] == ["SLC-APT"] and len(d["coverage_options"]) == 4
    refused(state, "get_branch_details", "no branch", branch_id="XXX")


def test_quote_rental(state: DuckDBState) -> None:
    q = run(state, "quote_rental", pickup_branch_id="DEN-APT", class_code="SUV", pickup_at="2026-07-17 09:00", days=2)
    assert q["available"] is False and q["fully_booked_days"] == ["2026-07-17", "2026-07-18"] and q["cars_left"] == 0
    q = run(state, "quote_rental", pickup_branch_id="DEN-APT", class_code="midsize", pickup_at="2026-07-20T09:00",
            days=3, return_branch_id="SLC-APT")
    assert q["available"] and q["drop_fee"] == 275.0 and q["total_before_extras"] == 448.97
    refused(state, "quote_rental", "does not rent", pickup_branch_id="DEN-LOD", class_code="LUXURY",
            pickup_at="2026-07-20 09:00", days=2)
    refused(state, "quote_rental", "date and time", pickup_branch_id="DEN-APT", class_code="SUV",
            pickup_at="next week", days=2)


# -- booking --------------------------------------------------------------------------------------------------

def test_book_rental_prices_every_line(state: DuckDBState) -> None:
    out = run(state, "book_rental", renter_id="R-1026", pickup_branch_id="DEN-APT", class_code="MIDSIZE",
              pickup_at="2026-07-20 09:00", days=3, coverage_code="PLUS", return_branch_id="SLC-APT")
    assert (out["base_charge"], out["young_driver_fee"], out["coverage_total"], out["drop_fee"]) == \
        (173.97, 81.0, 98.97, 275.0)
    assert out["estimated_total"] == 628.94 and res(state, out["reservation_id"])["status"] == "confirmed"
    assert out["reservation_id"] == f"RSV-{50001 + state.db.scalar('SELECT count(*) FROM reservations') - 1}"


def test_book_refusals(state: DuckDBState) -> None:
    base = {"renter_id": "R-1053", "pickup_branch_id": "DEN-APT", "class_code": "MIDSIZE",
            "pickup_at": "2026-07-20 09:00", "days": 3}
    refused(state, "book_rental", "no renter", **{**base, "renter_id": "R-0"})
    refused(state, "book_rental", "not in the future", **{**base, "pickup_at": "2026-07-14 09:00"})
    refused(state, "book_rental", "1 to 30 days", **{**base, "days": 31})
    refused(state, "book_rental", "outside its hours", **{**base, "pickup_at": "2026-07-20 04:00"})
    refused(state, "book_rental", "closed on Sundays", **{**base, "pickup_branch_id": "DEN-LOD",
                                                          "pickup_at": "2026-07-17 10:00", "days": 2})
    refused(state, "book_rental", "not offered", **{**base, "pickup_branch_id": "BOI-APT", "class_code": "ECONOMY",
                                                    "return_branch_id": "ABQ-APT"})
    refused(state, "book_rental", "fully booked on 2026-07-17", **{**base, "class_code": "SUV",
                                                                   "pickup_at": "2026-07-16 09:00"})


def test_age_rules(state: DuckDBState) -> None:
    refused(state, "book_rental", "aged 21", renter_id="R-1001", pickup_branch_id="BOI-APT", class_code="ECONOMY",
            pickup_at="2026-07-16 09:00", days=4)
    refused(state, "book_rental", "aged 25", renter_id="R-1035", pickup_branch_id="DEN-APT", class_code="LUXURY",
            pickup_at="2026-07-22 08:30", days=2, coverage_code="BASIC")
    refused(state, "book_rental", "cannot decline coverage", renter_id="R-1035", pickup_branch_id="DEN-APT",
            class_code="FULLSIZE", pickup_at="2026-07-22 08:30", days=2)


def test_licence_must_cover_the_return(state: DuckDBState) -> None:
    refused(state, "book_rental", "licence expires 2026-07-19", renter_id="R-1046", pickup_branch_id="ABQ-APT",
            class_code="ECONOMY", pickup_at="2026-07-16 09:00", days=4)


# -- quotes, extras, coverage, cancellation -------------------------------------------------------------------

def test_confirm_quote(state: DuckDBState) -> None:
    out = run(state, "confirm_quote", reservation_id="RSV-50344")
    assert out["status"] == "confirmed" and res(state, "RSV-50344")["quote_expires_at"] is None
    refused(state, "confirm_quote", "only quoted", reservation_id="RSV-50344")
    refused(state, "confirm_quote", "expired at 2026-07-09 14:23", reservation_id="RSV-50303")
    refused(state, "confirm_quote", "licence expires 2026-08-12", reservation_id="RSV-50340")


def test_confirm_quote_needs_a_free_car(state: DuckDBState) -> None:
    sql(state, "UPDATE branch_fleet SET fleet_count = 0 WHERE branch_id = 'DEN-APT' AND class_code = 'ECONOMY'")
    refused(state, "confirm_quote", "fully booked", reservation_id="RSV-50344")


def test_extras(state: DuckDBState) -> None:
    before = res(state, "RSV-50301")
    out = run(state, "add_rental_extra", reservation_id="RSV-50301", extra_code="CHILD_SEAT")
    assert out["total"] == round(13.99 * before["days"], 2)
    assert out["estimated_total"] == round(before["estimated_total"] + out["total"], 2)
    refused(state, "add_rental_extra", "already has", reservation_id="RSV-50301", extra_code="CHILD_SEAT")
    refused(state, "add_rental_extra", "only quoted or confirmed", reservation_id="RSV-50216", extra_code="GPS")


def test_change_coverage(state: DuckDBState) -> None:
    out = run(state, "change_coverage", reservation_id="RSV-50301", coverage_code="PLUS")
    assert out["estimated_total"] == 291.96 and out["deductible"] == 500.0
    refused(state, "change_coverage", "already has PLUS", reservation_id="RSV-50301", coverage_code="PLUS")
    refused(state, "change_coverage", "under 25", reservation_id="RSV-50263", coverage_code="NONE")
    refused(state, "change_coverage", "only quoted or confirmed", reservation_id="RSV-50216", coverage_code="NONE")


def test_cancellation_window(state: DuckDBState) -> None:
    assert run(state, "cancel_rental_booking", reservation_id="RSV-50298", reason="flight_changed")[
        "cancellation_fee"] == 0.0
    out = run(state, "cancel_rental_booking", reservation_id="RSV-50353", reason="trip_cancelled")
    assert out["cancellation_fee"] == 46.99
    assert state.db.scalar("SELECT amount FROM charges WHERE reservation_id = 'RSV-50353' AND kind = "
                           "'cancellation'") == 46.99
    assert run(state, "cancel_rental_booking", reservation_id="RSV-50303", reason="found_cheaper")[
        "cancellation_fee"] == 0.0
    refused(state, "cancel_rental_booking", "only quoted or confirmed", reservation_id="RSV-50353",
            reason="change_of_plans")


# -- counter --------------------------------------------------------------------------------------------------

def test_pick_up_vehicle(state: DuckDBState) -> None:
    out = run(state, "pick_up_vehicle", reservation_id="RSV-50265")
    assert out["status"] == "picked_up" and out["fuel_out"] == 8
    assert state.db.scalar("SELECT status FROM vehicles WHERE plate = ?", [out["plate"]]) == "rented"
    refused(state, "pick_up_vehicle", "only confirmed", reservation_id="RSV-50265")
    refused(state, "pick_up_vehicle", "from 2026-07-14 14:30", reservation_id="RSV-50311")
    refused(state, "pick_up_vehicle", "not today", reservation_id="RSV-50353")
    refused(state, "pick_up_vehicle", "only a quote", reservation_id="RSV-50344")


def test_pick_up_rechecks_licence_and_needs_a_car(state: DuckDBState) -> None:
    sql(state, "UPDATE renters SET licence_expiry = DATE '2026-07-15' WHERE renter_id = 'R-1165'")
    refused(state, "pick_up_vehicle", "licence expires 2026-07-15", reservation_id="RSV-50310")
    sql(state, "UPDATE renters SET licence_expiry = DATE '2030-01-01' WHERE renter_id = 'R-1165'")
    sql(state, "UPDATE vehicles SET status = 'maintenance' WHERE branch_id = 'DEN-APT' AND class_code = 'MINIVAN'")
    refused(state, "pick_up_vehicle", "no Minivan car is ready", reservation_id="RSV-50310")


def test_extend_rental(state: DuckDBState) -> None:
    refused(state, "extend_rental", "fully booked on 2026-07-17", reservation_id="RSV-50287", extra_days=2)
    out = run(state, "extend_rental", reservation_id="RSV-50287", extra_days=1)
    assert out["return_at"] == "2026-07-17 08:00" and out["estimated_total"] == 313.94
    assert state.db.scalar("SELECT sum(total) FROM reservation_extras WHERE reservation_id = 'RSV-50287'") == 27.98


def test_extend_refusals(state: DuckDBState) -> None:
    refused(state, "extend_rental", "licence expires 2026-07-23", reservation_id="RSV-50276", extra_days=7)
    refused(state, "extend_rental", "overdue", reservation_id="RSV-50208", extra_days=1)
    refused(state, "extend_rental", "at most 30", reservation_id="RSV-50287", extra_days=0)
    refused(state, "extend_rental", "only confirmed or picked_up", reservation_id="RSV-50216", extra_days=1)
    sunday = state.db.scalar("SELECT reservation_id FROM reservations WHERE status = 'confirmed' AND "
                             "return_branch_id = 'DEN-LOD' AND dayofweek(return_at) = 6 ORDER BY 1 LIMIT 1")
    refused(state, "extend_rental", "closed on Sundays", reservation_id=sunday, extra_days=1)


def test_return_late_with_fuel(state: DuckDBState) -> None:
    out = run(state, "return_vehicle", reservation_id="RSV-50178", miles_driven=980, fuel_eighths=4)
    kinds = {c["kind"]: c["amount"] for c in out["charges"]}
    assert out["late_hours"] == 4 and kinds["late_return"] == round(4 * round(48.99 / 3, 2), 2)
    assert kinds["fuel"] == 38.0 and out["total_charged"] == 757.20
    car = state.db.query_one("SELECT v.* FROM vehicles v JOIN rentals t USING (vehicle_id) WHERE t.reservation_id "
                             "= 'RSV-50178'")
    assert car["status"] == "available" and car["fuel_eighths"] == 8
    assert res(state, "RSV-50178")["status"] == "returned"
    refused(state, "return_vehicle", "only picked_up", reservation_id="RSV-50178", miles_driven=1, fuel_eighths=8)


def test_return_inside_grace_and_mileage(state: DuckDBState) -> None:
    assert run(state, "return_vehicle", reservation_id="RSV-50190", miles_driven=410, fuel_eighths=8)[
        "late_hours"] == 0
    minivan = state.db.scalar("SELECT reservation_id FROM reservations WHERE status = 'picked_up' AND class_code = "
                              "'MINIVAN' ORDER BY 1 LIMIT 1")
    days = res(state, minivan)["days"]
    out = run(state, "return_vehicle", reservation_id=minivan, miles_driven=250 * days + 100, fuel_eighths=8)
    assert {c["kind"]: c["amount"] for c in out["charges"]}["mileage"] == 35.0


def test_return_refusals(state: DuckDBState) -> None:
    refused(state, "return_vehicle", "fuel_eighths", reservation_id="RSV-50190", miles_driven=10, fuel_eighths=9)
    refused(state, "return_vehicle", "miles_driven", reservation_id="RSV-50190", miles_driven=-5, fuel_eighths=8)
