"""The shipping environment's own checks: tool schemas, seed determinism, task replay and every business rule."""

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


NOW = "2026-06-10T14:30:00"


PARCEL = {"weight_lb": 4.0, "length_in": 12, "width_in": 9, "height_in": 6}
ADDRESS = {"recipient_line1": "77 Court St NE", "recipient_city": "Salem", "recipient_state": "OR",
           "recipient_zip": "97301"}


def in_flight(state: DuckDBState, status: str = "in_transit") -> dict[str, Any]:
    return one(state, "SELECT * FROM shipments WHERE status = ? ORDER BY shipment_id LIMIT 1", [status])


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tasks=60, min_read_tasks=10, min_single_write_tasks=10, min_multi_write_tasks=10,
                                   min_user_fact_tasks=5, min_forbidden_tasks=5)


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.now == NOW
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('12.50', '9.75', '30 days', '14 days', '70 lb', '48 in', '5,000.00', '139', '13:00', '16:00'):
        assert fact in policy, fact


def test_identity_facts_and_confirmations() -> None:
    from envfactory_gym.querygen.spec import load_declarations

    assert "email" in load_declarations(ENV.root).user.facts
    assert any("confirmation" in t.user_facts for t in ENV.tasks)


def test_seed_is_consistent(state: DuckDBState) -> None:
    assert sum(state.db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables) >= 500
    # Each shipment's charge is its parcels' rate-card price less the contract discount.
    assert state.db.scalar("""
        SELECT count(*) FROM shipments s JOIN shippers h USING (shipper_id) WHERE abs(s.shipping_charge - round(
          (SELECT sum(r.base_charge + r.per_lb * p.billable_weight) FROM parcels p JOIN rate_cards r
           ON r.service_level = s.service_level AND r.zone = s.zone WHERE p.shipment_id = s.shipment_id)
          * (100 - h.discount_pct) / 100, 2)) > 0.011""") == 0
    # No depot day is booked over capacity, and credit holds are exactly the shippers with overdue invoices.
    assert state.db.scalar("SELECT count(*) FROM (SELECT depot_id, pickup_date, count(*) n FROM pickups WHERE "
                           "status <> 'cancelled' GROUP BY ALL) b JOIN depots d USING (depot_id) "
                           "WHERE b.n > d.daily_pickup_capacity") == 0
    holds = {r["shipper_id"] for r in state.db.query("SELECT shipper_id FROM shippers WHERE status = 'credit_hold'")}
    overdue = {r["shipper_id"] for r in state.db.query("SELECT shipper_id FROM invoices WHERE status = 'overdue'")}
    assert holds == overdue and holds
    assert state.db.scalar("SELECT count(*) - count(DISTINCT shipment_id) FROM claims") == 0
    assert state.db.scalar("SELECT count(*) FROM claims c JOIN shipments s USING (shipment_id) "
                           "WHERE c.amount_payable > s.declared_value") == 0


# -- tasks --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("task", [t for t in ENV.tasks if t.forbidden_calls], ids=lambda t: t.id)
def test_forbidden_calls_are_refused_or_not_asked(task: Any, state: DuckDBState) -> None:
    for c in task.gold_calls:
        run(state, c.name, **c.arguments)
    for pattern in task.forbidden_calls:
        assert pattern.name in ENV.tools


# -- reads --------------------------------------------------------------------------------------------------

def test_lookups_and_account(state: DuckDBState) -> None:
    s = one(state, "SELECT * FROM shippers WHERE account_type = 'business' ORDER BY shipper_id LIMIT 1")
    assert run(state, "find_shipper_by_email", email=s["email"].upper())["shipper_id"] == s["shipper_id"]
    with pytest.raises(ToolError, match="no shipper account"):
        run(state, "find_shipper_by_email", email="nobody@example.com")
    acc = run(state, "get_shipper_account", shipper_id=s["shipper_id"].lower())
    assert acc["depot_id"] == s["home_depot_id"] and acc["discount_pct"] == s["discount_pct"]
    with pytest.raises(ToolError, match="ids look like"):
        run(state, "get_shipper_account", shipper_id="SH-1")


def test_shipment_reads(state: DuckDBState) -> None:
    listed = run(state, "list_shipments", shipper_id="SH-1055")["shipments"]
    assert listed and all(r["shipment_id"].startswith("LP") for r in listed)
    transit = run(state, "list_shipments", shipper_id="SH-1055", status="in_transit")["shipments"]
    assert transit and all(r["status"] == "in_transit" for r in transit)
    # 10 a page, most recent first; next_offset pages on, recipient narrows by name or city.
    first = run(state, "list_shipments", shipper_id="SH-1120")
    assert len(first["shipments"]) == 10 and first["total"] == 12 and first["next_offset"] == 10
    rest = run(state, "list_shipments", shipper_id="SH-1120", offset=10)
    assert len(rest["shipments"]) == 2 and rest["next_offset"] is None
    assert not {r["shipment_id"] for r in first["shipments"]} & {r["shipment_id"] for r in rest["shipments"]}
    cohen = run(state, "list_shipments", shipper_id="SH-1120", recipient="cohen")
    assert [r["shipment_id"] for r in cohen["shipments"]] == ["LP40010209"] and cohen["next_offset"] is None
    eugene = run(state, "list_shipments", shipper_id="SH-1120", recipient="Eugene")["shipments"]
    assert eugene and all(r["recipient_city"] == "Eugene" for r in eugene)
    with pytest.raises(ToolError, match="offset"):
        run(state, "list_shipments", shipper_id="SH-1120", offset=-1)


def test_list_results_stay_under_the_cut(state: DuckDBState) -> None:
    # A tool result is cut at 4,000 characters: every page of every shipper's lists must fit.
    for shipper_id in [r["shipper_id"] for r in state.db.query("SELECT shipper_id FROM shippers")]:
        for name in ("list_shipments", "list_pickups", "list_invoices"):
            assert len(json.dumps(run(state, name, shipper_id=shipper_id), default=str)) < 4000, (name, shipper_id)
    details = run(state, "get_shipment_details", shipment_id="LP40010347")
    assert details["status"] == "held_at_depot" and len(details["delivery_attempts"]) == 3
    assert details["claim_deadline"] == "2026-06-27" and details["parcels"] and details["tracking_events"]
    assert run(state, "get_shipment_details", shipment_id="LP40010056")["claim"]["claim_type"] == "lost"


def test_quote_uses_dimensional_weight_and_cutoffs(state: DuckDBState) -> None:
    q = run(state, "quote_shipping_rate", shipper_id="SH-1004", service_level="express", recipient_zip="97214",
            weight_lb=12.0, length_in=20, width_in=16, height_in=12)
    rate = one(state, "SELECT * FROM rate_cards WHERE service_level = 'express' AND zone = ?", [q["zone"]])
    assert q["dimensional_weight"] == 27.6 and q["billable_weight"] == 28
    assert q["charge"] == round(rate["base_charge"] + rate["per_lb"] * 28, 2)
    assert (q["ship_date"], q["expected_delivery"]) == ("2026-06-10", "2026-06-12")  # before the 16:00 cut-off
    heavy = run(state, "quote_shipping_rate", shipper_id="SH-1001", service_level="overnight", recipient_zip="83702",
                weight_lb=30.0, length_in=10, width_in=10, height_in=10)
    assert heavy["billable_weight"] == 30 and heavy["zone"] == 2 and heavy["discount_pct"] > 0
    assert heavy["charge"] < heavy["list_charge"]
    assert (heavy["ship_date"], heavy["expected_delivery"]) == ("2026-06-11", "2026-06-12")  # after 13:00
    for bad, match in (({"weight_lb": 71.0}, "at most 70"), ({"length_in": 49}, "at most 70 lb with no side"),
                       ({"height_in": 0}, "more than 0")):
        with pytest.raises(ToolError, match=match):
            run(state, "quote_shipping_rate", shipper_id="SH-1004", service_level="ground", recipient_zip="97214",
                **{**PARCEL, **bad})


def test_depots_pickups_invoices(state: DuckDBState) -> None:
    assert len(run(state, "list_depots")["depots"]) == 6
    assert {d["state"] for d in run(state, "list_depots", state="OR")["depots"]} == {"OR"}
    cap = run(state, "check_pickup_capacity", depot_id="DEP-EUG", pickup_date="2026-06-12")
    assert cap["remaining"] == 0 and cap["next_bookable_date"] == "2026-06-15"
    with pytest.raises(ToolError, match="YYYY-MM-DD"):
        run(state, "check_pickup_capacity", depot_id="DEP-EUG", pickup_date="next Friday")
    pickups = run(state, "list_pickups", shipper_id="SH-1096", status="scheduled")["pickups"]
    assert {p["pickup_id"] for p in pickups} >= {"PU-3129", "PU-3136"}
    inv = run(state, "list_invoices", shipper_id="SH-1014")
    assert any(i["status"] == "overdue" for i in inv["invoices"])
    assert inv["unbilled_total"] == round(sum(c["amount"] for c in inv["unbilled_charges"]), 2)


# -- create_shipment ----------------------------------------------------------------------------------------

def test_create_shipment(state: DuckDBState) -> None:
    out = run(state, "create_shipment", shipper_id="SH-1008", service_level="ground", recipient_name="Ana Chavez",
              declared_value=250.0, contents="Books", **ADDRESS, **PARCEL)
    sh = one(state, "SELECT * FROM shipments WHERE shipment_id = ?", [out["shipment_id"]])
    assert out["shipment_id"] == "LP40010586" and sh["status"] == "label_created" and sh["dest_depot_id"] == "DEP-PDX"
    assert sh["declared_value"] == 250.0 and sh["shipping_charge"] == out["charge"]
    assert state.db.scalar("SELECT count(*) FROM parcels WHERE shipment_id = ?", [out["shipment_id"]]) == 1
    assert state.db.scalar("SELECT amount FROM charges WHERE shipment_id = ? AND invoice_id IS NULL",
                           [out["shipment_id"]]) == out["charge"]


def test_create_shipment_refusals(state: DuckDBState) -> None:
    base = {"shipper_id": "SH-1008", "service_level": "ground", "recipient_name": "Tom Chavez", **PARCEL}
    assert_refused(state, "create_shipment", "outside Larkspur Parcel's service area",
                   **{**base, **ADDRESS, "recipient_zip": "94103", "recipient_city": "San Francisco",
                      "recipient_state": "CA"})
    assert_refused(state, "create_shipment", "belongs to Salem", **{**base, **ADDRESS, "recipient_city": "Eugene"})
    assert_refused(state, "create_shipment", "declared value", **{**base, **ADDRESS, "declared_value": 6000.0})
    assert_refused(state, "create_shipment", "at most 70 lb", **{**base, **ADDRESS, "weight_lb": 84.0})
    assert_refused(state, "create_shipment", "credit hold", **{**base, **ADDRESS, "shipper_id": "SH-1014"})


# -- pickups ------------------------------------------------------------------------------------------------

def test_schedule_and_cancel_pickup(state: DuckDBState) -> None:
    out = run(state, "schedule_pickup", shipper_id="SH-1053", pickup_date="2026-06-15", time_window="afternoon",
              parcel_count=9)
    assert out["depot_id"] == "DEP-EUG" and out["status"] == "scheduled"
    done = run(state, "cancel_pickup", pickup_id=out["pickup_id"])
    assert done["status"] == "cancelled"
    assert one(state, "SELECT status FROM pickups WHERE pickup_id = ?", [out["pickup_id"]])["status"] == "cancelled"


def test_schedule_pickup_refusals(state: DuckDBState) -> None:
    base = {"shipper_id": "SH-1053", "time_window": "morning", "parcel_count": 5}
    assert_refused(state, "schedule_pickup", "from tomorrow", **base, pickup_date="2026-06-10")
    assert_refused(state, "schedule_pickup", "from tomorrow", **base, pickup_date="2026-06-30")
    assert_refused(state, "schedule_pickup", "weekdays only", **base, pickup_date="2026-06-13")
    assert_refused(state, "schedule_pickup", "1 to 50 parcels", **{**base, "parcel_count": 60},
                   pickup_date="2026-06-15")
    assert_refused(state, "schedule_pickup", "fully booked", **base, pickup_date="2026-06-12")
    assert_refused(state, "schedule_pickup", "already scheduled", **{**base, "shipper_id": "SH-1096"},
                   pickup_date="2026-06-11")
    assert_refused(state, "schedule_pickup", "credit hold", **{**base, "shipper_id": "SH-1035"},
                   pickup_date="2026-06-15")
    assert_refused(state, "schedule_pickup", "YYYY-MM-DD", **base, pickup_date="15/06/2026")


def test_cancel_pickup_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_pickup", "driver is already routed", pickup_id="PU-3129")
    completed = one(state, "SELECT pickup_id FROM pickups WHERE status = 'completed' LIMIT 1")["pickup_id"]
    assert_refused(state, "cancel_pickup", "only scheduled pickups", pickup_id=completed)
    assert_refused(state, "cancel_pickup", "no pickup", pickup_id="PU-1")


# -- changes in transit -------------------------------------------------------------------------------------

def test_correct_delivery_address(state: DuckDBState) -> None:
    out = run(state, "correct_delivery_address", shipment_id="LP40010585", recipient_line1="2240 Capitol Way S",
              recipient_city="Olympia", recipient_state="wa", recipient_zip="98501")
    assert out["fee"] == 12.50
    sh = one(state, "SELECT * FROM shipments WHERE shipment_id = 'LP40010585'")
    assert sh["recipient_line1"] == "2240 Capitol Way S" and sh["dest_depot_id"] == "DEP-TAC"
    assert state.db.scalar("SELECT amount FROM charges WHERE charge_id = ?", [out["charge_id"]]) == 12.50


def test_correct_delivery_address_refusals(state: DuckDBState) -> None:
    assert_refused(state, "correct_delivery_address", "before it is out for delivery", shipment_id="LP40010435",
                   **ADDRESS)
    held = in_flight(state, "held_at_depot")
    assert_refused(state, "correct_delivery_address", "held_at_depot at", shipment_id=held["shipment_id"], **ADDRESS)
    sh = in_flight(state)
    assert_refused(state, "correct_delivery_address", "already goes to", shipment_id=sh["shipment_id"],
                   recipient_line1=sh["recipient_line1"], recipient_city=sh["recipient_city"],
                   recipient_state=sh["recipient_state"], recipient_zip=sh["recipient_zip"])
    assert_refused(state, "correct_delivery_address", "service area", shipment_id=sh["shipment_id"],
                   **{**ADDRESS, "recipient_zip": "10001"})


def test_hold_and_redirect(state: DuckDBState) -> None:
    free = run(state, "hold_at_depot", shipment_id="LP40010525", depot_id="DEP-SEA")
    assert free["fee"] == 0.0 and free["status"] == "held_at_depot"
    assert state.db.scalar("SELECT count(*) FROM charges WHERE shipment_id = 'LP40010525'") == 1
    paid = run(state, "hold_at_depot", shipment_id="LP40010532", depot_id="dep-pdx")
    assert paid["fee"] == 9.75
    assert one(state, "SELECT * FROM charges WHERE shipment_id = 'LP40010532' AND charge_type = 'redirect'")
    assert_refused(state, "hold_at_depot", "held_at_depot", shipment_id="LP40010525", depot_id="DEP-SEA")
    assert_refused(state, "hold_at_depot", "out_for_delivery", shipment_id="LP40010435", depot_id="DEP-PDX")
    assert_refused(state, "hold_at_depot", "no depot", shipment_id="LP40010524", depot_id="DEP-XYZ")


# -- claims -------------------------------------------------------------------------------------------------

def test_file_claims(state: DuckDBState) -> None:
    capped = run(state, "file_claim", shipment_id="LP40010281", claim_type="damaged", amount_claimed=180.0)
    assert (capped["amount_claimed"], capped["amount_payable"]) == (180.0, 100.0)
    lost = run(state, "file_claim", shipment_id="LP40010341", claim_type="lost", amount_claimed=320.0)
    assert lost["amount_payable"] == 320.0 and lost["status"] == "submitted"


def test_claim_refusals(state: DuckDBState) -> None:
    assert_refused(state, "file_claim", "one claim per shipment", shipment_id="LP40010056", claim_type="lost",
                   amount_claimed=50.0)
    assert_refused(state, "file_claim", "claim window closed on 2026-05-31", shipment_id="LP40010240",
                   claim_type="damaged", amount_claimed=60.0)
    assert_refused(state, "file_claim", "needs a delivered shipment", shipment_id="LP40010585",
                   claim_type="damaged", amount_claimed=60.0)
    assert_refused(state, "file_claim", "not missing", shipment_id="LP40010281", claim_type="lost",
                   amount_claimed=60.0)
    assert_refused(state, "file_claim", "more than 0.00", shipment_id="LP40010281", claim_type="damaged",
                   amount_claimed=0.0)


# -- blind play: correct, policy-following episodes must earn their expected reward (tests/blind_play.jsonl) ----

test_blind_play = blind_play_test(ENV.root)
