"""The hotel environment's own checks: schemas, seed determinism and rules, task replay, and every refusal."""

from __future__ import annotations

import json
from datetime import date, timedelta
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


NOW = ENV.manifest.now


def res(state: DuckDBState, reservation_id: str) -> dict[str, Any]:
    return one(state, "SELECT * FROM reservations WHERE reservation_id = ?", [reservation_id])


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures
#: (outputs unchecked: many are sums and dates the agent works out from the results).
TestStructure = ENV.standard_tests(compact_share=1 / 3, min_reads=5, every_table_filled=True, min_user_fact_tasks=8,
                                   min_forbidden_tasks=3,
                                   check_outputs=False)


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "hospitality"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('2026-06-03 12:00', '48 hours', '24 hours', 'minimum stay', 'rollaway', '15:00', '11:00', 'silver 5%'):
        assert fact in policy, fact


def test_seed_size(state: DuckDBState) -> None:
    counts = {t: state.db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables}
    assert sum(counts.values()) >= 500 and all(counts.values())
    statuses = {r["status"] for r in state.db.query("SELECT DISTINCT status FROM reservations")}
    assert statuses == {"held", "confirmed", "checked_in", "checked_out", "cancelled"}


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    db = state.db
    # No room type is booked beyond its rooms on any night.
    over = db.query(
        "WITH nights AS (SELECT unnest(generate_series(DATE '2026-01-01', DATE '2026-12-31', INTERVAL 1 DAY))::DATE "
        "AS night) SELECT r.room_type_id, n.night, count(*) AS booked FROM reservations r JOIN nights n "
        "ON r.check_in <= n.night AND r.check_out > n.night WHERE r.status IN ('confirmed', 'checked_in', "
        "'checked_out') OR (r.status = 'held' AND r.hold_expires_at > ?) GROUP BY ALL HAVING count(*) > "
        "(SELECT count(*) FROM rooms m WHERE m.room_type_id = r.room_type_id)", [NOW])
    assert over == []
    # Stored prices are the rate table's (weekend rates on Friday and Saturday nights), with the guest's discount.
    mispriced = db.query(
        "WITH n AS (SELECT reservation_id, room_type_id, room_subtotal, unnest(generate_series(check_in, "
        "check_out - 1, INTERVAL 1 DAY))::DATE AS night FROM reservations) SELECT n.reservation_id FROM n "
        "JOIN seasonal_rates s ON s.room_type_id = n.room_type_id AND n.night BETWEEN s.start_date AND s.end_date "
        "GROUP BY n.reservation_id, n.room_subtotal HAVING sum(CASE WHEN dayofweek(n.night) IN (5, 6) THEN "
        "s.weekend_rate ELSE s.weekday_rate END) <> n.room_subtotal")
    assert mispriced == []
    for r in db.query("SELECT r.*, g.loyalty_tier FROM reservations r JOIN guests g USING (guest_id)"):
        pct = {"member": 0, "silver": 5, "gold": 10, "platinum": 15}[r["loyalty_tier"]]
        assert r["loyalty_discount"] == round(r["room_subtotal"] * pct / 100 + 1e-9, 2)
        assert round(r["room_subtotal"] - r["loyalty_discount"], 2) == r["room_total"]
        extras = db.scalar("SELECT coalesce(sum(total_price), 0) FROM reservation_addons WHERE reservation_id = ?",
                           [r["reservation_id"]])
        assert round(extras, 2) == r["addons_total"], r["reservation_id"]
    # Parties fit their room types (a rollaway adds one), and guarantees match the status.
    bad = db.query(
        "SELECT r.reservation_id FROM reservations r JOIN room_types t USING (room_type_id) WHERE r.adults + "
        "r.children > t.max_occupancy + (SELECT count(*) FROM reservation_addons x WHERE x.reservation_id = "
        "r.reservation_id AND x.addon_code = 'ROLLAWAY') OR (r.status = 'held') <> (r.card_id IS NULL)")
    assert bad == []
    assert db.scalar("SELECT count(*) FROM reservations r JOIN rooms m USING (room_id) WHERE r.status = "
                     "'checked_in' AND m.status <> 'occupied'") == 0


# -- tasks --------------------------------------------------------------------------------------------------

# -- reads ----------------------------------------------------------------------------------------------------

def test_find_guest_and_profile(state: DuckDBState) -> None:
    found = run(state, "find_guest_by_email", email="  TimothyDavis89@mail.example.com ")
    assert found == {"guest_id": "G-10035", "first_name": "Timothy", "last_name": "Davis", "loyalty_tier": "gold"}
    profile = run(state, "get_guest_profile", guest_id="g-10035")
    assert profile["room_discount_pct"] == 10 and profile["perks"] == ["free late check-out"]
    assert_refused(state, "find_guest_by_email", "no guest with email", email="nobody@example.com")
    assert_refused(state, "get_guest_profile", "no guest with id", guest_id="G-99999")
    platinum = run(state, "get_guest_profile", guest_id="G-10165")
    assert "free cancellation until 24 hours before arrival" in platinum["perks"]
    expired = run(state, "get_guest_profile", guest_id="G-10015")["cards"]
    assert expired == [{"card_id": "CARD-0016", "brand": "Visa", "last4": "1879", "expires": "12/2025",
                        "expired": True}]


def test_find_reservation_by_code(state: DuckDBState) -> None:
    found = run(state, "find_reservation_by_code", confirmation_code="wf5zrylj", guest_last_name="ROBINSON")
    assert found["reservation_id"] == "RES-40495" and found["guest_id"] == "G-10076"
    assert_refused(state, "find_reservation_by_code", "no reservation with confirmation code",
                   confirmation_code="WF5ZRYLJ", guest_last_name="Smith")


def test_list_reservations_and_booking(state: DuckDBState) -> None:
    listed = run(state, "list_guest_reservations", guest_id="G-10076")
    assert [r["check_in"] for r in listed["reservations"]] == sorted(
        (r["check_in"] for r in listed["reservations"]), reverse=True)
    only = run(state, "list_guest_reservations", guest_id="G-10076", status="checked_out")
    assert {r["status"] for r in only["reservations"]} == {"checked_out"}
    booking = run(state, "get_booking", reservation_id="RES-40495")
    assert booking["free_cancellation_until"] == "2026-06-02T15:00:00" and booking["nights"] == 3
    assert booking["late_cancellation_fee"] == round(booking["nightly_rates"][0]["rate"] * 0.95, 2)
    held = run(state, "get_booking", reservation_id="RES-40550")
    assert held["hold_expired"] is True and held["late_cancellation_fee"] == 0.0 and held["guarantee_card"] is None
    cancelled = one(state, "SELECT reservation_id FROM reservations WHERE status = 'cancelled' LIMIT 1")
    assert "cancellation_fee" in run(state, "get_booking", reservation_id=cancelled["reservation_id"])
    in_house = run(state, "get_booking", reservation_id="RES-40433")
    assert in_house["room_number"] and in_house["checked_in_at"]
    assert_refused(state, "get_booking", "no reservation with id", reservation_id="RES-1")


def test_list_reservations_pages(state: DuckDBState) -> None:
    first = run(state, "list_guest_reservations", guest_id="G-10155")
    assert len(first["reservations"]) == 8 and first["more"] is False and "next_offset" not in first
    tail = run(state, "list_guest_reservations", guest_id="G-10155", offset=5)["reservations"]
    assert tail == first["reservations"][5:]
    card = next(c for c in run(state, "get_guest_profile", guest_id="G-10155")["cards"] if not c["expired"])
    for k in range(3):
        run(state, "book_room", guest_id="G-10155", room_type_id="RT-301", check_in=f"2026-09-{10 + 2 * k}",
            nights=1, adults=1, card_id=card["card_id"])
    page = run(state, "list_guest_reservations", guest_id="G-10155")
    assert len(page["reservations"]) == 10 and page["more"] is True and page["next_offset"] == 10
    rest = run(state, "list_guest_reservations", guest_id="G-10155", offset=page["next_offset"])
    assert len(rest["reservations"]) == 1 and rest["more"] is False
    assert len(json.dumps(page)) < 4000
    assert_refused(state, "list_guest_reservations", "offset must be 0 or more", guest_id="G-10155", offset=-1)


def test_hotels_and_availability(state: DuckDBState) -> None:
    assert [h["city"] for h in run(state, "list_hotels", city="santa fe")] == ["Santa Fe"]
    assert len(run(state, "list_hotels")) == 4
    plaza = run(state, "get_hotel_details", hotel_id="htl-04")
    offered = {a["addon_code"]: a["offered"] for a in plaza["addons"]}
    assert offered["PARKING"] is False and offered["PET"] is False and offered["BREAKFAST"] is True
    assert any(m["event_name"] == "Plaza Art Fair" for m in plaza["minimum_stays"])
    assert_refused(state, "get_hotel_details", "no hotel with id", hotel_id="HTL-09")
    quote = run(state, "check_room_availability", room_type_id="RT-102", check_in="2026-06-12", nights=2)
    assert [n["rate"] for n in quote["nightly_rates"]] == [234.0, 234.0] and quote["public_total"] == 468.0  # Fri, Sat
    weekday = run(state, "check_room_availability", room_type_id="RT-102", check_in="2026-06-14", nights=1)
    assert weekday["nightly_rates"] == [{"night": "2026-06-14", "rate": 199.0}]
    sold = run(state, "check_room_availability", room_type_id="RT-102", check_in="2026-07-03", nights=2)
    assert sold["bookable"] is False and sold["rooms_left"] == 0 and sold["minimum_nights"] == 3
    assert sold["minimum_stay_event"] == "Fourth of July on the harbor"
    assert_refused(state, "check_room_availability", "no room type", room_type_id="RT-999", check_in="2026-07-01",
                   nights=1)
    assert_refused(state, "check_room_availability", "must be a date", room_type_id="RT-102",
                   check_in="July 1st", nights=1)
    assert_refused(state, "check_room_availability", "in the past", room_type_id="RT-102", check_in="2026-06-01",
                   nights=1)
    assert_refused(state, "check_room_availability", "1 to 14 nights", room_type_id="RT-102",
                   check_in="2026-07-01", nights=15)
    assert_refused(state, "check_room_availability", "no rates are published", room_type_id="RT-102",
                   check_in="2027-05-30", nights=3)


def test_invoices_and_folio(state: DuckDBState) -> None:
    split = run(state, "get_stay_invoices", reservation_id="RES-40171")
    (invoice,) = split["invoices"]
    assert len(invoice["payments"]) == 2
    assert round(sum(p["amount"] for p in invoice["payments"]), 2) == invoice["total"]
    assert round(invoice["room_charges"] + invoice["addon_charges"] + invoice["incidental_charges"]
                 + invoice["fees"] + invoice["tax"], 2) == invoice["total"]
    folio = run(state, "get_stay_invoices", reservation_id="RES-40261")
    assert folio["invoices"] == [] and folio["folio_total"] == 292.88


# -- booking ----------------------------------------------------------------------------------------------------

def test_book_room_prices_with_the_discount(state: DuckDBState) -> None:
    out = run(state, "book_room", guest_id="G-10035", room_type_id="RT-102", check_in="2026-06-12", nights=2,
              adults=2, card_id="CARD-0043")
    assert out["room_subtotal"] == 468.0 and out["loyalty_discount"] == 46.8 and out["room_total"] == 421.2
    assert out["free_cancellation_until"] == "2026-06-10T15:00:00"
    row = res(state, out["reservation_id"])
    assert row["status"] == "confirmed" and row["guest_last_name"] == "Davis" and row["card_id"] == "CARD-0043"
    assert row["confirmation_code"] == out["confirmation_code"] and len(out["confirmation_code"]) == 8
    found = run(state, "find_reservation_by_code", confirmation_code=out["confirmation_code"], guest_last_name="davis")
    assert found["reservation_id"] == out["reservation_id"]


def test_book_room_refusals(state: DuckDBState) -> None:
    base = {"guest_id": "G-10013", "room_type_id": "RT-301", "check_in": "2026-06-12", "nights": 2, "adults": 2,
            "card_id": "CARD-0014"}
    assert_refused(state, "book_room", "sold out on the night of 2026-06-12", **{**base, "room_type_id": "RT-303"})
    assert_refused(state, "book_room", "sleeps at most 2 guests", **{**base, "adults": 2, "children": 1})
    assert_refused(state, "book_room", "at least one adult", **{**base, "adults": 0})
    assert_refused(state, "book_room", "need at least 3 nights",
                   **{**base, "room_type_id": "RT-402", "check_in": "2026-08-14"})
    assert_refused(state, "book_room", "not on file", **{**base, "card_id": "CARD-0001"})
    assert_refused(state, "book_room", "expires 12/2025", guest_id="G-10015", room_type_id="RT-403",
                   check_in="2026-08-02", nights=2, adults=2, card_id="CARD-0016")
    assert_refused(state, "book_room", "in the past", **{**base, "check_in": "2026-05-30"})
    assert_refused(state, "book_room", "no guest", **{**base, "guest_id": "G-1"})


def test_no_overbooking_of_the_last_room(state: DuckDBState) -> None:
    quote = run(state, "check_room_availability", room_type_id="RT-404", check_in="2026-08-10", nights=2)
    for _ in range(quote["rooms_left"]):
        run(state, "book_room", guest_id="G-10013", room_type_id="RT-404", check_in="2026-08-10", nights=2, adults=2,
            card_id="CARD-0014")
    assert_refused(state, "book_room", "sold out", guest_id="G-10008", room_type_id="RT-404",
                   check_in="2026-08-10", nights=2, adults=2, card_id="CARD-0009")


def test_guarantee_hold(state: DuckDBState) -> None:
    assert run(state, "guarantee_hold", reservation_id="RES-40595", card_id="CARD-0078")["status"] == "confirmed"
    row = res(state, "RES-40595")
    assert row["card_id"] == "CARD-0078" and row["hold_expires_at"] is None
    assert_refused(state, "guarantee_hold", "only held reservations", reservation_id="RES-40595", card_id="CARD-0078")
    assert_refused(state, "guarantee_hold", "expired at 2026-05-26 08:00", reservation_id="RES-40550",
                   card_id="CARD-0016")


def test_expired_holds_do_not_hold_rooms(state: DuckDBState) -> None:
    assert_refused(state, "change_stay_dates", "hold .* expired", reservation_id="RES-40548",
                   new_check_in="2026-07-03", new_nights=4)
    assert_refused(state, "remove_stay_extra", "hold .* expired", reservation_id="RES-40550", addon_code="BREAKFAST")
    booked = run(state, "check_room_availability", room_type_id="RT-201", check_in="2026-07-02", nights=5)
    assert booked["bookable"] is True


# -- cancellations ------------------------------------------------------------------------------------------------

def test_cancel_free_before_the_deadline(state: DuckDBState) -> None:
    out = run(state, "cancel_booking", reservation_id="RES-40651", reason="found_other_lodging")
    assert out == {"reservation_id": "RES-40651", "status": "cancelled", "cancellation_fee": 0.0, "charged_to": None}
    row = res(state, "RES-40651")
    assert row["status"] == "cancelled" and row["cancel_reason"] == "found_other_lodging"
    assert state.db.scalar("SELECT count(*) FROM invoices WHERE reservation_id = 'RES-40651'") == 0


def test_cancel_late_charges_the_first_night(state: DuckDBState) -> None:
    booking = run(state, "get_booking", reservation_id="RES-40463")
    out = run(state, "cancel_booking", reservation_id="RES-40463", reason="illness")
    assert out["cancellation_fee"] == booking["late_cancellation_fee"] == booking["nightly_rates"][0]["rate"] == 179.0
    assert out["charged_to"] == booking["guarantee_card"]["label"]
    invoice = one(state, "SELECT * FROM invoices WHERE reservation_id = 'RES-40463'")
    assert invoice["kind"] == "cancellation" and invoice["fees"] == invoice["total"] == 179.0
    payment = one(state, "SELECT * FROM payments WHERE invoice_id = ?", [invoice["invoice_id"]])
    assert payment["amount"] == 179.0 and payment["card_id"] == res(state, "RES-40463")["card_id"]


def test_platinum_cancels_free_until_24_hours(state: DuckDBState) -> None:
    assert run(state, "get_booking", reservation_id="RES-40411")["free_cancellation_until"] == "2026-06-03T15:00:00"
    assert run(state, "cancel_booking", reservation_id="RES-40411", reason="travel_disrupted")["cancellation_fee"] == 0


def test_cancel_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_booking", "only held or confirmed", reservation_id="RES-40433", reason="illness")
    assert_refused(state, "cancel_booking", "no reservation", reservation_id="RES-0", reason="illness")


# -- changes ----------------------------------------------------------------------------------------------------

def test_change_dates_reprices_from_the_rate_table(state: DuckDBState) -> None:
    before = res(state, "RES-40530")
    out = run(state, "change_stay_dates", reservation_id="RES-40530", new_check_in="2026-06-15", new_nights=3)
    quote = run(state, "check_room_availability", room_type_id="RT-301", check_in="2026-06-15", nights=3)
    after = res(state, "RES-40530")
    assert after["check_in"] == "2026-06-15" and after["check_out"] == "2026-06-18"
    assert after["room_subtotal"] == quote["public_total"] > before["room_subtotal"]  # summer rates from June 15
    assert out["difference"] == round(out["new_total"] - out["previous_total"], 2)


def test_change_dates_reprices_per_night_extras(state: DuckDBState) -> None:
    run(state, "add_stay_extra", reservation_id="RES-40208", addon_code="BREAKFAST")
    run(state, "change_stay_dates", reservation_id="RES-40208", new_check_in="2026-06-22", new_nights=2)
    line = one(state, "SELECT * FROM reservation_addons WHERE reservation_id = 'RES-40208'")
    assert line["quantity"] == 4 and line["total_price"] == 72.0 and res(state, "RES-40208")["addons_total"] == 72.0


def test_change_dates_refusals(state: DuckDBState) -> None:
    assert_refused(state, "change_stay_dates", "inside its cancellation window", reservation_id="RES-40495",
                   new_check_in="2026-06-06", new_nights=1)
    assert_refused(state, "change_stay_dates", "already is 3 nights", reservation_id="RES-40530",
                   new_check_in="2026-06-08", new_nights=3)
    assert_refused(state, "change_stay_dates", "need at least 2 nights", reservation_id="RES-40530",
                   new_check_in="2026-09-04", new_nights=1)
    assert_refused(state, "change_stay_dates", "only held or confirmed", reservation_id="RES-40433",
                   new_check_in="2026-07-01", new_nights=2)
    assert_refused(state, "change_stay_dates", "must be a date", reservation_id="RES-40530", new_check_in="soon",
                   new_nights=2)


def test_change_dates_into_a_sold_out_night(state: DuckDBState) -> None:
    assert_refused(state, "change_stay_dates", "Lake View King .* sold out on the night of 2026-06-12",
                   reservation_id="RES-40486", new_check_in="2026-06-11", new_nights=2)


def test_change_dates_keeps_parking_within_spaces(state: DuckDBState) -> None:
    # A Classic Queen with parking moved onto the Fourth of July, when every Harborside space is taken.
    assert run(state, "check_room_availability", room_type_id="RT-101", check_in="2026-07-03", nights=3)["bookable"]
    assert_refused(state, "change_stay_dates", "parking at Wrenfield Harborside is full on the night of 2026-07-03",
                   reservation_id="RES-40263", new_check_in="2026-07-03", new_nights=3)


def test_change_dates_needs_a_card_valid_through_the_new_stay(state: DuckDBState) -> None:
    assert res(state, "RES-40182")["card_id"] == "CARD-0187"  # expires 06/2026
    assert_refused(state, "change_stay_dates", "expires 06/2026, before 2026-07-12", reservation_id="RES-40182",
                   new_check_in="2026-07-10", new_nights=2)


def test_change_room_type(state: DuckDBState) -> None:
    out = run(state, "change_room_type", reservation_id="RES-40276", new_room_type_id="RT-204")
    row = res(state, "RES-40276")
    assert row["room_type_id"] == "RT-204" and out["room_type"] == "Loft Suite" and out["difference"] > 0
    assert_refused(state, "change_room_type", "only change within the same hotel", reservation_id="RES-40276",
                   new_room_type_id="RT-101")
    assert_refused(state, "change_room_type", "already is a Loft Suite", reservation_id="RES-40276",
                   new_room_type_id="RT-204")
    assert_refused(state, "change_room_type", "does not take one", reservation_id="RES-40681",
                   new_room_type_id="RT-204")
    assert_refused(state, "change_room_type", "sleeps at most 2 guests", reservation_id="RES-40302",
                   new_room_type_id="RT-101")
    assert_refused(state, "change_room_type", "only held or confirmed", reservation_id="RES-40433",
                   new_room_type_id="RT-402")


def test_rollaway_then_party_size(state: DuckDBState) -> None:
    assert_refused(state, "change_party_size", "sleeps at most 4 guests, 4 of them adults .*rollaway",
                   reservation_id="RES-40302", adults=3, children=2)
    run(state, "add_stay_extra", reservation_id="RES-40302", addon_code="ROLLAWAY")
    out = run(state, "change_party_size", reservation_id="RES-40302", adults=3, children=2)
    assert (res(state, "RES-40302")["adults"], res(state, "RES-40302")["children"]) == (3, 2)
    breakfast = one(state, "SELECT * FROM reservation_addons WHERE reservation_id = 'RES-40302' AND addon_code = "
                           "'BREAKFAST'")
    assert breakfast["quantity"] == 5 * 3 and breakfast["total_price"] == 270.0  # five guests, three nights
    assert out["new_total"] == round(res(state, "RES-40302")["room_total"] + 270.0 + 90.0, 2)
    assert_refused(state, "remove_stay_extra", "needs the rollaway", reservation_id="RES-40302",
                   addon_code="ROLLAWAY")
    assert_refused(state, "change_party_size", "already is 3 adults", reservation_id="RES-40302", adults=3, children=2)
    run(state, "change_party_size", reservation_id="RES-40302", adults=2, children=2)
    assert run(state, "remove_stay_extra", reservation_id="RES-40302", addon_code="ROLLAWAY")["amount_removed"] == 90.0
    assert res(state, "RES-40302")["addons_total"] == 216.0


def test_party_size_reprices_breakfast(state: DuckDBState) -> None:
    run(state, "add_stay_extra", reservation_id="RES-40530", addon_code="BREAKFAST")
    run(state, "change_party_size", reservation_id="RES-40530", adults=1, children=0)
    assert one(state, "SELECT total_price FROM reservation_addons WHERE reservation_id = 'RES-40530'")[
        "total_price"] == 54.0
    assert_refused(state, "change_party_size", "only held or confirmed", reservation_id="RES-40433", adults=1,
                   children=0)


# -- add-ons ------------------------------------------------------------------------------------------------------

def test_add_extras_and_perks(state: DuckDBState) -> None:
    free = run(state, "add_stay_extra", reservation_id="RES-40568", addon_code="LATE_CHECKOUT")  # gold
    assert free["unit_price"] == 0.0 and free["total_price"] == 0.0
    paid = run(state, "add_stay_extra", reservation_id="RES-40534", addon_code="LATE_CHECKOUT")  # silver
    assert paid["total_price"] == 40.0
    early = run(state, "add_stay_extra", reservation_id="RES-40501", addon_code="EARLY_CHECKIN")  # platinum
    assert early["total_price"] == 0.0
    pet = run(state, "add_stay_extra", reservation_id="RES-40276", addon_code="PET")
    assert pet["total_price"] == 75.0 and res(state, "RES-40276")["addons_total"] == 72.0 + 75.0
    late = run(state, "add_stay_extra", reservation_id="RES-40433", addon_code="LATE_CHECKOUT")  # in house
    assert late["quantity"] == 1


def test_add_extra_refusals(state: DuckDBState) -> None:
    assert_refused(state, "add_stay_extra", "parking at Wrenfield Harborside is full on the night of 2026-07-03",
                   reservation_id="RES-40534", addon_code="PARKING")
    assert_refused(state, "add_stay_extra", "has no on-site parking", reservation_id="RES-40665",
                   addon_code="PARKING")
    assert_refused(state, "add_stay_extra", "does not take pets", reservation_id="RES-40486", addon_code="PET")
    assert_refused(state, "add_stay_extra", "no space for a rollaway", reservation_id="RES-40486",
                   addon_code="ROLLAWAY")
    assert_refused(state, "add_stay_extra", "already has BREAKFAST", reservation_id="RES-40276",
                   addon_code="BREAKFAST")
    assert_refused(state, "add_stay_extra", "in-house guests can only add late check-out",
                   reservation_id="RES-40433", addon_code="BREAKFAST")
    assert_refused(state, "add_stay_extra", "is cancelled; only held or confirmed or checked_in reservations can "
                   "get add-ons", reservation_id="RES-40251", addon_code="BREAKFAST")


def test_remove_extra(state: DuckDBState) -> None:
    out = run(state, "remove_stay_extra", reservation_id="RES-40276", addon_code="BREAKFAST")
    assert out["amount_removed"] == 72.0 and res(state, "RES-40276")["addons_total"] == 0.0
    assert_refused(state, "remove_stay_extra", "has no BREAKFAST add-on", reservation_id="RES-40276",
                   addon_code="BREAKFAST")
    assert_refused(state, "remove_stay_extra", "only held or confirmed", reservation_id="RES-40433",
                   addon_code="LATE_CHECKOUT")


# -- arrival and departure ----------------------------------------------------------------------------------------

def test_check_in_with_early_check_in(state: DuckDBState) -> None:
    assert_refused(state, "check_in_guest", "starts at 15:00", reservation_id="RES-40554")
    run(state, "add_stay_extra", reservation_id="RES-40554", addon_code="EARLY_CHECKIN")
    out = run(state, "check_in_guest", reservation_id="RES-40554")
    assert out == {"reservation_id": "RES-40554", "status": "checked_in", "room_number": "109", "floor": 1,
                   "check_out": "2026-06-05", "check_out_time": "11:00"}
    assert one(state, "SELECT status FROM rooms WHERE room_id = 'RM-4109'")["status"] == "occupied"
    assert res(state, "RES-40554")["room_id"] == "RM-4109"
    assert_refused(state, "check_in_guest", "only confirmed reservations", reservation_id="RES-40554")


def test_check_in_refusals(state: DuckDBState) -> None:
    assert_refused(state, "check_in_guest", "only held; guarantee it", reservation_id="RES-40595")
    assert_refused(state, "check_in_guest", "arrives on 2026-06-04, not today", reservation_id="RES-40495")
    assert_refused(state, "check_in_guest", "no clean Lake View Queen is ready", reservation_id="RES-40459")


def test_check_in_times_follow_the_clock() -> None:
    early = ENV.new_state("2026-06-03T10:00:00")
    try:
        assert_refused(early, "check_in_guest", "early check-in starts at 11:00", reservation_id="RES-40436")
    finally:
        early.close()
    afternoon = ENV.new_state("2026-06-03T16:00:00")
    try:
        out = run(afternoon, "check_in_guest", reservation_id="RES-40383")  # no add-on needed after 15:00
        assert out["status"] == "checked_in"
        late = run(afternoon, "check_in_guest", reservation_id="RES-40565")
        assert late["check_out_time"] == "14:00"
    finally:
        afternoon.close()


def test_check_out_on_the_booked_day(state: DuckDBState) -> None:
    before = one(state, "SELECT loyalty_points FROM guests WHERE guest_id = 'G-10184'")["loyalty_points"]
    out = run(state, "check_out_guest", reservation_id="RES-40491")
    row = res(state, "RES-40491")
    assert out["nights_charged"] == 3 and out["early_departure_fee"] == 0.0
    assert out["room_charges"] == row["room_total"] and out["addon_charges"] == row["addons_total"]
    assert out["tax"] == round(row["room_total"] * 13 / 100 + 1e-9, 2)
    assert out["total"] == round(out["room_charges"] + out["addon_charges"] + out["incidental_charges"] + out["tax"], 2)
    assert row["status"] == "checked_out" and row["checked_out_at"] == NOW
    assert one(state, "SELECT status FROM rooms WHERE room_id = ?", [row["room_id"]])["status"] == "vacant_dirty"
    points = one(state, "SELECT loyalty_points FROM guests WHERE guest_id = 'G-10184'")["loyalty_points"]
    assert points == before + out["points_earned"] == before + int(out["room_charges"]) * 10
    paid = one(state, "SELECT * FROM payments WHERE invoice_id = ?", [out["invoice_id"]])
    assert paid["amount"] == out["total"] and paid["card_id"] == "CARD-0253"


def test_check_out_early_adds_a_night_fee(state: DuckDBState) -> None:
    booking = res(state, "RES-40433")  # gold, 2026-05-30 to 2026-06-06, leaving on 2026-06-03
    tonight = run(state, "check_room_availability", room_type_id=booking["room_type_id"], check_in="2026-06-03",
                  nights=1)["public_total"]
    out = run(state, "check_out_guest", reservation_id="RES-40433")
    assert out["nights_charged"] == 4 and out["early_departure_fee"] == round(tonight * 0.9 + 1e-9, 2)
    assert out["room_charges"] < booking["room_total"]
    assert out["total"] == round(out["room_charges"] + out["addon_charges"] + out["incidental_charges"]
                                 + out["early_departure_fee"] + out["tax"], 2)


def test_check_out_with_another_card_and_refusals(state: DuckDBState) -> None:
    out = run(state, "check_out_guest", reservation_id="RES-40461", card_id="CARD-0166")
    assert out["charged_to"] == "Visa ending 8162"
    assert_refused(state, "check_out_guest", "only checked_in", reservation_id="RES-40461")
    assert_refused(state, "check_out_guest", "not on file", reservation_id="RES-40433", card_id="CARD-0001")


def test_new_ids_continue_the_numbering(state: DuckDBState) -> None:
    last = state.db.scalar("SELECT max(reservation_id) FROM reservations")
    out = run(state, "book_room", guest_id="G-10008", room_type_id="RT-401", check_in="2026-07-06", nights=1,
              adults=1, card_id="CARD-0009")
    assert out["reservation_id"] == f"RES-{int(last[4:]) + 1}"
    assert date.fromisoformat(out["check_out"]) == date(2026, 7, 6) + timedelta(days=1)
