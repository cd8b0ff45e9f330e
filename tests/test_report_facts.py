"""What a writing task's final message must state (``reward.outcomes.report_facts``): money moved and new references."""

from __future__ import annotations

import random

import envfactory_gym
from envfactory_gym.reward.outcomes import held_references, is_money_field, made_up_values, report_facts


def test_new_references_and_money_are_news() -> None:
    calls = [("book_room", {"room_id": "R-1"}), ("refund_stay", {"stay_id": "S-9"})]
    results = [{"reservation_id": "RES-7", "confirmation_code": "HX42QZ"}, {"refund": 120.0, "status": "refunded"}]
    assert report_facts(calls, results, {"book_room", "refund_stay"}) == ["HX42QZ", "120.00"]


def test_a_reference_the_record_already_had_is_no_news() -> None:
    # an update's result repeats the row, payment reference included: the user learns nothing from it
    calls = [("update_account", {"account_id": "A-3", "payout_schedule": "WEEKLY"})]
    results = [{"account_id": "A-3", "payout_schedule": "WEEKLY", "psp_reference": "PSP-88213"}]
    assert report_facts(calls, results, {"update_account"}) == ["PSP-88213"]
    assert report_facts(calls, results, {"update_account"}, held=frozenset({"PSP-88213"})) == []


def test_held_references_are_read_from_the_state() -> None:
    pkg = envfactory_gym.get_package("EnvFactory/retail-v0")
    state = pkg.new_state()
    try:
        held = held_references(state.db, pkg.template.tables.values())
        seeded = {str(r["tracking_number"]) for r in state.db.query(
            "SELECT tracking_number FROM shipments WHERE tracking_number IS NOT NULL")}
    finally:
        state.close()
    assert seeded and seeded <= held


def test_a_made_up_amount_is_not_worked_out_from_coordinates() -> None:
    # Forty receivers' coordinates add up to almost any amount: sums are worked out from money only.
    rng = random.Random(3)
    receivers = [{"receiver_id": i, "x": round(rng.uniform(0, 500), 2), "y": round(rng.uniform(0, 500), 2),
                  "z": round(rng.uniform(0, 500), 2)} for i in range(40)]
    assert made_up_values(["All done. You were charged $987.65 for this."], [receivers]) == ["987.65"]
    assert made_up_values([f"Receiver 3 sits at x {receivers[3]['x']:.2f}."], [receivers]) == []  # data it holds
    order = {"items": [{"unit_price": 28.99}, {"unit_price": 12.50}], "shipping_fee": 6.95}
    assert made_up_values(["Your refund of $41.49 is on its way, $48.44 with shipping."], [order]) == []
    assert is_money_field("s:items.unit_price") and is_money_field("s:patient_pays")
    assert not is_money_field("s:receivers.x") and not is_money_field("s:depth")
