"""The fooddelivery environment's own checks: the structural ones every folder runs, then every business rule."""

from __future__ import annotations

import json
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import ToolError
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)  # this folder: its manifest, tools.py (imported by path) and tasks

#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

state = ENV.state_fixture()  # the seeded state, shared by this module's tests and reset before each one
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused

NOW = "2026-09-18T18:30:00"

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), against this folder's figures.
TestStructure = ENV.standard_tests(min_tools=14, min_writes=8, min_tasks=70, min_tables=8, min_rows=2000,
                                   every_table_filled=True, min_rules=8, min_read_tasks=10,
                                   min_single_write_tasks=10, min_multi_write_tasks=10, min_refusal_tasks=8,
                                   min_user_fact_tasks=20, min_forbidden_tasks=8)


def order(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, f"SELECT * FROM orders WHERE {where} ORDER BY order_id LIMIT 1", params or [])


def lines(state: DuckDBState, order_id: str) -> list[dict[str, Any]]:
    return state.db.query("SELECT * FROM order_items WHERE order_id = ? ORDER BY order_item_id", [order_id])


def home(state: DuckDBState, restaurant_id: str) -> dict[str, Any]:
    """A basic customer's address in a zone the restaurant delivers to."""
    return one(state, "SELECT a.* FROM addresses a JOIN customers c USING (customer_id) JOIN restaurant_zones z ON "
                      "z.zone_id = a.zone_id WHERE z.restaurant_id = ? AND c.membership = 'basic' AND c.customer_id "
                      "NOT IN (SELECT customer_id FROM promo_redemptions) ORDER BY a.address_id LIMIT 1", [restaurant_id])


def menu(state: DuckDBState, restaurant_id: str, available: bool = True) -> list[dict[str, Any]]:
    return state.db.query("SELECT * FROM menu_items WHERE restaurant_id = ? AND available = ? ORDER BY price DESC, "
                          "dish_id", [restaurant_id, available])


# -- policy and seed ------------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.now == NOW
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("48 hours", "7 days", "1 to 15", "0 to 50", "45 minutes", "3 days", "accept_fee", "Plus members"):
        assert fact in policy, fact


def test_seed_is_consistent(state: DuckDBState) -> None:
    db = state.db
    # Totals follow their parts; line totals follow unit prices; subtotals the lines.
    assert db.scalar("SELECT count(*) FROM orders WHERE abs(total - (subtotal - discount + delivery_fee + tip)) "
                     "> 0.011") == 0
    assert db.scalar("SELECT count(*) FROM orders o WHERE abs(o.subtotal - (SELECT sum(line_total) FROM order_items i "
                     "WHERE i.order_id = o.order_id)) > 0.011") == 0
    # Every order's restaurant delivers to its address's zone and the subtotal meets the minimum.
    assert db.scalar("SELECT count(*) FROM orders o JOIN addresses a USING (address_id) WHERE NOT EXISTS (SELECT 1 "
                     "FROM restaurant_zones z WHERE z.restaurant_id = o.restaurant_id AND z.zone_id = a.zone_id)") == 0
    assert db.scalar("SELECT count(*) FROM orders o JOIN restaurants r USING (restaurant_id) "
                     "WHERE o.subtotal < r.min_order") == 0
    # A promo code at most once per customer; refunds never exceed the units ordered.
    assert db.scalar("SELECT count(*) FROM (SELECT code, customer_id FROM promo_redemptions GROUP BY ALL "
                     "HAVING count(*) > 1)") == 0
    assert db.scalar("SELECT count(*) FROM order_items i WHERE (SELECT coalesce(sum(quantity), 0) FROM refunds f "
                     "WHERE f.order_item_id = i.order_item_id) > i.quantity") == 0
    assert db.scalar("SELECT count(*) - count(DISTINCT order_id) FROM ratings") == 0


# -- reads ----------------------------------------------------------------------------------------------------

def test_customer_reads(state: DuckDBState) -> None:
    c = one(state, "SELECT * FROM customers ORDER BY customer_id LIMIT 1")
    assert run(state, "find_customer_by_email", email=c["email"].upper())["customer_id"] == c["customer_id"]
    with pytest.raises(ToolError, match="no customer account"):
        run(state, "find_customer_by_email", email="nobody@example.com")
    prof = run(state, "get_customer_profile", customer_id=c["customer_id"].lower())
    assert prof["addresses"] and all(a["zone_name"] for a in prof["addresses"])
    with pytest.raises(ToolError, match="ids look like"):
        run(state, "get_customer_profile", customer_id="CU-1")


def test_order_lists_page_and_filter(state: DuckDBState) -> None:
    for cid in [r["customer_id"] for r in state.db.query("SELECT customer_id FROM customers")]:
        out = run(state, "list_customer_orders", customer_id=cid)
        assert len(json.dumps(out, default=str)) < 4000
        assert out["total"] == len(out["orders"]) or out["next_offset"] == 10
    o = order(state, "status = 'delivered'")
    name = one(state, "SELECT name FROM restaurants WHERE restaurant_id = ?", [o["restaurant_id"]])["name"]
    found = run(state, "list_customer_orders", customer_id=o["customer_id"], restaurant=name.split()[0].lower(),
                status="delivered")
    assert o["order_id"] in {r["order_id"] for r in found["orders"]}
    page = run(state, "list_customer_orders", customer_id=o["customer_id"], offset=1)
    assert len(page["orders"]) == found["total"] - 1 or page["total"] > found["total"]
    with pytest.raises(ToolError, match="offset"):
        run(state, "list_customer_orders", customer_id=o["customer_id"], offset=-1)


def test_order_details_and_courier(state: DuckDBState) -> None:
    d = run(state, "view_order", order_id=order(state, "status = 'delivered'")["order_id"])
    assert d["items"] and d["refund_deadline"] and d["rating_deadline"] and not d["cancellation"]["cancellable"]
    acc = order(state, "status = 'accepted'")
    terms = run(state, "view_order", order_id=acc["order_id"])["cancellation"]
    pct = one(state, "SELECT cancel_fee_pct FROM restaurants WHERE restaurant_id = ?", [acc["restaurant_id"]])
    assert terms["fee"] == round(acc["subtotal"] * pct["cancel_fee_pct"] / 100 + 1e-9, 2)
    out = run(state, "track_courier", order_id=order(state, "status = 'out_for_delivery'")["order_id"])
    assert out["courier"]["vehicle"] and out["estimated_arrival"].startswith("2026-09-18")
    placed = run(state, "track_courier", order_id=order(state, "status = 'placed'")["order_id"])
    assert placed["courier"] is None and placed["estimated_arrival"] is None


def test_restaurants_menus_promos(state: DuckDBState) -> None:
    addr = home(state, "RS-118")
    found = run(state, "find_restaurants", address_id=addr["address_id"])
    assert len(json.dumps(found)) < 4000
    early = next(r for r in found["restaurants"] if r["restaurant_id"] == "RS-118")
    assert early["hours_today"] == "07:00-15:00" and early["open_now"] is False
    thai = run(state, "find_restaurants", address_id=addr["address_id"], cuisine="thai")["restaurants"]
    assert all(r["cuisine"] == "thai" for r in thai)
    assert run(state, "find_restaurants", address_id=addr["address_id"], name="early")["restaurants"][0]["name"] == \
        "Early Bird Griddle"
    info = run(state, "get_restaurant_info", restaurant_id="RS-104")
    assert info["opening_hours"]["Tuesday"] == "closed" and info["delivery_zones"]
    assert run(state, "get_menu", restaurant_id="RS-101", category="drink")["items"]
    codes = {p["code"] for p in run(state, "list_promo_codes")["promo_codes"]}
    assert "FALL15" in codes and "SUMMER20" not in codes and "HALLOWEEN13" not in codes
    slice_codes = {p["code"] for p in run(state, "list_promo_codes", restaurant_id="RS-101")["promo_codes"]}
    assert "SLICE4" in slice_codes and "CURRY25" not in slice_codes
    assert run(state, "get_promo_code", code="summer20")["valid_today"] is False
    used = one(state, "SELECT * FROM promo_redemptions ORDER BY redemption_id LIMIT 1")
    assert run(state, "get_promo_code", code=used["code"], customer_id=used["customer_id"])["used_on_order"] == \
        used["order_id"]
    with pytest.raises(ToolError, match="no promo code"):
        run(state, "get_promo_code", code="NOPE")


# -- placing orders -------------------------------------------------------------------------------------------

def test_quote_and_place_order(state: DuckDBState) -> None:
    addr = home(state, "RS-101")
    items = menu(state, "RS-101")
    ids = [items[0]["dish_id"], items[0]["dish_id"]]
    q = run(state, "quote_order", customer_id=addr["customer_id"], restaurant_id="RS-101",
            address_id=addr["address_id"], dish_ids=ids, promo_code="WELCOME10", tip=3.0)
    assert q["subtotal"] == round(items[0]["price"] * 2, 2) and q["discount"] > 0
    assert q["total"] == round(q["subtotal"] - q["discount"] + q["delivery_fee"] + 3.0 + 1e-9, 2)
    out = run(state, "place_order", customer_id=addr["customer_id"], restaurant_id="RS-101",
              address_id=addr["address_id"], dish_ids=ids, promo_code="WELCOME10", tip=3.0)
    row = one(state, "SELECT * FROM orders WHERE order_id = ?", [out["order_id"]])
    assert row["status"] == "placed" and row["total"] == q["total"] and row["promo_code"] == "WELCOME10"
    assert lines(state, out["order_id"])[0]["quantity"] == 2
    assert state.db.scalar("SELECT count(*) FROM promo_redemptions WHERE order_id = ?", [out["order_id"]]) == 1
    later = run(state, "place_order", customer_id=addr["customer_id"], restaurant_id="RS-101",
                address_id=addr["address_id"], dish_ids=ids, deliver_at="2026-09-19 12:30")
    assert later["deliver_at"] == "2026-09-19 12:30"


def test_plus_members_and_fixed_and_free_delivery(state: DuckDBState) -> None:
    plus = one(state, "SELECT a.* FROM addresses a JOIN customers c USING (customer_id) JOIN restaurant_zones z ON "
                      "z.zone_id = a.zone_id WHERE z.restaurant_id = 'RS-101' AND c.membership = 'plus' AND "
                      "c.customer_id NOT IN (SELECT customer_id FROM promo_redemptions WHERE code = 'SAVE5') "
                      "ORDER BY a.address_id LIMIT 1")
    ids = [menu(state, "RS-101")[0]["dish_id"]] * 3
    q = run(state, "quote_order", customer_id=plus["customer_id"], restaurant_id="RS-101",
            address_id=plus["address_id"], dish_ids=ids, promo_code="SAVE5")
    assert q["delivery_fee"] == 0 and q["discount"] == 5.0
    addr = home(state, "RS-101")
    free = run(state, "quote_order", customer_id=addr["customer_id"], restaurant_id="RS-101",
               address_id=addr["address_id"], dish_ids=ids, promo_code="FREEDEL")
    assert free["discount"] == free["delivery_fee"] > 0


def test_place_order_refusals(state: DuckDBState) -> None:
    addr = home(state, "RS-101")
    base = {"customer_id": addr["customer_id"], "restaurant_id": "RS-101", "address_id": addr["address_id"],
            "dish_ids": [menu(state, "RS-101")[0]["dish_id"]] * 2}
    other = one(state, "SELECT address_id FROM addresses WHERE customer_id <> ? ORDER BY address_id LIMIT 1",
                [addr["customer_id"]])["address_id"]
    assert_refused(state, "place_order", "not one of customer", **{**base, "address_id": other})
    far = one(state, "SELECT a.* FROM addresses a WHERE a.zone_id NOT IN (SELECT zone_id FROM restaurant_zones WHERE "
                     "restaurant_id = 'RS-101') ORDER BY address_id LIMIT 1")
    assert_refused(state, "place_order", "does not deliver to", **{**base, "customer_id": far["customer_id"],
                                                                   "address_id": far["address_id"]})
    assert_refused(state, "place_order", "paused", **{**base, "restaurant_id": "RS-110"})
    early = home(state, "RS-118")
    assert_refused(state, "place_order", "closed at 2026-09-18 18:30",
                   customer_id=early["customer_id"], restaurant_id="RS-118", address_id=early["address_id"],
                   dish_ids=[menu(state, "RS-118")[0]["dish_id"]])
    assert_refused(state, "place_order", "45 minutes to 3 days", **base, deliver_at="2026-09-18 18:45")
    assert_refused(state, "place_order", "45 minutes to 3 days", **base, deliver_at="2026-09-25 12:00")
    assert_refused(state, "place_order", "deliver_at must be a date", **base, deliver_at="tomorrow lunch")
    assert_refused(state, "place_order", "1 to 15 items", **{**base, "dish_ids": base["dish_ids"] * 8})
    assert_refused(state, "place_order", "tip must be", **base, tip=80.0)
    foreign = menu(state, "RS-103")[0]["dish_id"]
    assert_refused(state, "place_order", "not on Slice Theory's menu", **{**base, "dish_ids": [foreign]})
    sold = menu(state, "RS-101", available=False) or menu(state, "RS-103", available=False)
    if sold[0]["restaurant_id"] == "RS-101":
        assert_refused(state, "place_order", "sold out", **{**base, "dish_ids": [sold[0]["dish_id"]]})
    cheap = menu(state, "RS-101")[-1]["dish_id"]
    assert_refused(state, "place_order", "minimum order of 15.00", **{**base, "dish_ids": [cheap]})


def test_sold_out_items_are_refused(state: DuckDBState) -> None:
    sold = one(state, "SELECT m.* FROM menu_items m JOIN restaurants r USING (restaurant_id) WHERE NOT m.available "
                      "AND r.status = 'active' AND r.restaurant_id IN (SELECT restaurant_id FROM opening_hours WHERE "
                      "weekday = 'Friday' AND opens_at <= '18:30' AND closes_at > '18:30') ORDER BY m.dish_id LIMIT 1")
    addr = home(state, sold["restaurant_id"])
    assert_refused(state, "quote_order", "sold out today", customer_id=addr["customer_id"],
                   restaurant_id=sold["restaurant_id"], address_id=addr["address_id"], dish_ids=[sold["dish_id"]])


def test_promo_refusals(state: DuckDBState) -> None:
    addr = home(state, "RS-101")
    base = {"customer_id": addr["customer_id"], "restaurant_id": "RS-101", "address_id": addr["address_id"],
            "dish_ids": [menu(state, "RS-101")[0]["dish_id"]] * 2}
    assert_refused(state, "place_order", "no promo code", **base, promo_code="BOGUS")
    assert_refused(state, "place_order", "expired on 2026-08-31", **base, promo_code="SUMMER20")
    assert_refused(state, "place_order", "not valid yet", **base, promo_code="HALLOWEEN13")
    assert_refused(state, "place_order", "valid only at Saffron Spoon", **base, promo_code="CURRY25")
    assert_refused(state, "place_order", "at least 60.00", **base, promo_code="BIGORDER10")
    o = one(state, "SELECT o.order_id, p.code FROM orders o JOIN promo_redemptions p ON p.customer_id = o.customer_id "
                   "JOIN promo_codes c ON c.code = p.code WHERE o.status = 'placed' AND o.promo_code IS NULL AND "
                   "c.restaurant_id IS NULL AND c.expires_on >= DATE '2026-09-18' AND c.starts_on <= DATE '2026-09-18' "
                   "ORDER BY o.order_id LIMIT 1")
    assert_refused(state, "apply_promo_code", "once per customer", order_id=o["order_id"], code=o["code"])


# -- cancelling -----------------------------------------------------------------------------------------------

def test_cancel_placed_is_free(state: DuckDBState) -> None:
    o = order(state, "status = 'placed' AND promo_code IS NOT NULL")
    out = run(state, "cancel_order", order_id=o["order_id"], reason="changed_mind")
    assert out["cancellation_fee"] == 0 and out["refunded_to_card"] == o["total"]
    row = one(state, "SELECT * FROM orders WHERE order_id = ?", [o["order_id"]])
    assert row["status"] == "cancelled" and row["cancel_reason"] == "changed_mind"
    assert state.db.scalar("SELECT count(*) FROM promo_redemptions WHERE order_id = ?", [o["order_id"]]) == 0


def test_cancel_accepted_needs_the_fee_accepted(state: DuckDBState) -> None:
    o = order(state, "status = 'accepted'")
    assert_refused(state, "cancel_order", "accept_fee=true", order_id=o["order_id"], reason="changed_mind")
    out = run(state, "cancel_order", order_id=o["order_id"], reason="changed_mind", accept_fee=True)
    assert out["cancellation_fee"] > 0 and out["refunded_to_card"] == round(o["total"] - out["cancellation_fee"], 2)
    refund = one(state, "SELECT * FROM refunds WHERE refund_id = ?", [out["refund_id"]])
    assert refund["reason"] == "cancellation" and refund["amount"] == out["refunded_to_card"]


def test_cancel_refusals(state: DuckDBState) -> None:
    for status in ("preparing", "out_for_delivery", "delivered", "cancelled"):
        assert_refused(state, "cancel_order", "cancellation is only possible",
                       order_id=order(state, "status = ?", [status])["order_id"], reason="other", accept_fee=True)
    assert_refused(state, "cancel_order", "no order", order_id="OR-1", reason="other")


# -- changing orders ------------------------------------------------------------------------------------------

def test_substitute_item(state: DuckDBState) -> None:
    o = order(state, "status = 'placed' AND promo_code IS NULL")
    line = min(lines(state, o["order_id"]), key=lambda x: x["unit_price"])
    have = {x["dish_id"] for x in lines(state, o["order_id"])}
    new = next(i for i in menu(state, o["restaurant_id"]) if i["dish_id"] not in have)
    out = run(state, "substitute_order_item", order_item_id=line["order_item_id"], new_dish_id=new["dish_id"])
    row = one(state, "SELECT * FROM orders WHERE order_id = ?", [o["order_id"]])
    assert out["new_item"] == new["name"] and row["subtotal"] == out["subtotal"] and row["total"] == out["total"]
    assert out["subtotal"] == round(o["subtotal"] - line["line_total"] + new["price"] * line["quantity"] + 1e-9, 2)


def test_substitute_with_promo_recomputes_discount(state: DuckDBState) -> None:
    o = order(state, "status IN ('placed', 'accepted') AND promo_code IN ('WELCOME10', 'FALL15')")
    line = min(lines(state, o["order_id"]), key=lambda x: x["unit_price"])
    have = {x["dish_id"] for x in lines(state, o["order_id"])}
    new = next(i for i in menu(state, o["restaurant_id"]) if i["dish_id"] not in have)
    out = run(state, "substitute_order_item", order_item_id=line["order_item_id"], new_dish_id=new["dish_id"])
    assert out["discount"] >= o["discount"]
    assert one(state, "SELECT amount FROM promo_redemptions WHERE order_id = ?", [o["order_id"]])["amount"] == \
        out["discount"]


def test_substitute_refusals(state: DuckDBState) -> None:
    prep = order(state, "status = 'preparing'")
    item = menu(state, prep["restaurant_id"])[0]["dish_id"]
    assert_refused(state, "substitute_order_item", "substitution is only possible",
                   order_item_id=lines(state, prep["order_id"])[0]["order_item_id"], new_dish_id=item)
    o = order(state, "status = 'placed' AND promo_code IS NULL AND restaurant_id IN (SELECT restaurant_id FROM "
                     "menu_items WHERE NOT available)")
    ls = lines(state, o["order_id"])
    first = ls[0]["order_item_id"]
    other = one(state, "SELECT dish_id FROM menu_items WHERE restaurant_id <> ? LIMIT 1", [o["restaurant_id"]])
    assert_refused(state, "substitute_order_item", "same restaurant", order_item_id=first, new_dish_id=other["dish_id"])
    sold = menu(state, o["restaurant_id"], available=False)[0]["dish_id"]
    assert_refused(state, "substitute_order_item", "sold out", order_item_id=first, new_dish_id=sold)
    assert_refused(state, "substitute_order_item", "already is", order_item_id=first, new_dish_id=ls[0]["dish_id"])
    if len(ls) > 1:
        assert_refused(state, "substitute_order_item", "already has a line", order_item_id=first,
                       new_dish_id=ls[1]["dish_id"])
    # A cheaper substitute that drops the subtotal under the minimum order.
    tight = one(state, "SELECT o.* FROM orders o JOIN restaurants r USING (restaurant_id) WHERE o.status = 'placed' "
                       "AND o.promo_code IS NULL AND (SELECT count(*) FROM order_items i WHERE i.order_id = o.order_id) "
                       "= 1 AND o.subtotal - r.min_order < 8 ORDER BY o.order_id LIMIT 1")
    line = lines(state, tight["order_id"])[0]
    cheapest = menu(state, tight["restaurant_id"])[-1]["dish_id"]
    assert_refused(state, "substitute_order_item", "under .* minimum order", order_item_id=line["order_item_id"],
                   new_dish_id=cheapest)


def test_substitute_below_promo_minimum(state: DuckDBState) -> None:
    o = order(state, "status IN ('placed', 'accepted') AND promo_code IS NOT NULL AND subtotal < 40 AND "
                     "promo_code IN (SELECT code FROM promo_codes WHERE min_subtotal >= 20)")
    line = max(lines(state, o["order_id"]), key=lambda x: x["line_total"])
    have = {x["dish_id"] for x in lines(state, o["order_id"])}
    cheapest = next(i for i in reversed(menu(state, o["restaurant_id"])) if i["dish_id"] not in have)
    assert_refused(state, "substitute_order_item", "minimum", order_item_id=line["order_item_id"],
                   new_dish_id=cheapest["dish_id"])


def test_change_tip(state: DuckDBState) -> None:
    o = order(state, "status = 'out_for_delivery'")
    out = run(state, "change_tip", order_id=o["order_id"], tip=9.5)
    assert out["total"] == round(o["total"] - o["tip"] + 9.5, 2)
    assert_refused(state, "change_tip", "tip must be", order_id=o["order_id"], tip=-1.0)
    assert_refused(state, "change_tip", "tip change is only possible",
                   order_id=order(state, "status = 'delivered'")["order_id"], tip=5.0)


def test_change_delivery_address(state: DuckDBState) -> None:
    o = one(state, "SELECT o.* FROM orders o JOIN addresses a ON a.customer_id = o.customer_id AND a.address_id <> "
                   "o.address_id JOIN restaurant_zones z ON z.restaurant_id = o.restaurant_id AND z.zone_id = a.zone_id "
                   "WHERE o.status = 'preparing' ORDER BY o.order_id LIMIT 1")
    new = one(state, "SELECT a.* FROM addresses a JOIN restaurant_zones z ON z.zone_id = a.zone_id AND "
                     "z.restaurant_id = ? WHERE a.customer_id = ? AND a.address_id <> ? ORDER BY a.address_id LIMIT 1",
              [o["restaurant_id"], o["customer_id"], o["address_id"]])
    out = run(state, "change_delivery_address", order_id=o["order_id"], address_id=new["address_id"])
    assert one(state, "SELECT address_id FROM orders WHERE order_id = ?", [o["order_id"]])["address_id"] == \
        new["address_id"] and out["total"] == round(o["total"] - o["delivery_fee"] + out["delivery_fee"] - (
            out["discount"] - o["discount"]) + 1e-9, 2)
    assert_refused(state, "change_delivery_address", "already goes to", order_id=o["order_id"],
                   address_id=new["address_id"])


def test_change_delivery_address_refusals(state: DuckDBState) -> None:
    out = order(state, "status = 'out_for_delivery' AND customer_id IN (SELECT customer_id FROM addresses GROUP BY 1 "
                       "HAVING count(*) > 1)")
    other = one(state, "SELECT address_id FROM addresses WHERE customer_id = ? AND address_id <> ? LIMIT 1",
                [out["customer_id"], out["address_id"]])
    assert_refused(state, "change_delivery_address", "address change is only possible", order_id=out["order_id"],
                   address_id=other["address_id"])
    o = one(state, "SELECT o.*, a.address_id AS far FROM orders o JOIN addresses a ON a.customer_id = o.customer_id "
                   "WHERE o.status = 'placed' AND a.zone_id NOT IN (SELECT zone_id FROM restaurant_zones z WHERE "
                   "z.restaurant_id = o.restaurant_id) ORDER BY o.order_id LIMIT 1")
    assert_refused(state, "change_delivery_address", "does not deliver to", order_id=o["order_id"],
                   address_id=o["far"])
    stranger = one(state, "SELECT address_id FROM addresses WHERE customer_id <> ? LIMIT 1", [o["customer_id"]])
    assert_refused(state, "change_delivery_address", "not one of customer", order_id=o["order_id"],
                   address_id=stranger["address_id"])


def test_apply_promo_code(state: DuckDBState) -> None:
    o = order(state, "status = 'accepted' AND promo_code IS NULL AND subtotal >= 25 AND customer_id NOT IN (SELECT "
                     "customer_id FROM promo_redemptions WHERE code = 'FALL15')")
    out = run(state, "apply_promo_code", order_id=o["order_id"], code="fall15")
    assert out["discount"] == min(round(o["subtotal"] * 0.15 + 1e-9, 2), 10.0)
    assert one(state, "SELECT total FROM orders WHERE order_id = ?", [o["order_id"]])["total"] == out["total"]
    assert_refused(state, "apply_promo_code", "one code per order", order_id=o["order_id"], code="WELCOME10")
    prep = order(state, "status = 'preparing' AND promo_code IS NULL")
    assert_refused(state, "apply_promo_code", "applying a promo code is only possible", order_id=prep["order_id"],
                   code="WELCOME10")


# -- refunds and ratings --------------------------------------------------------------------------------------

def recent(state: DuckDBState) -> dict[str, Any]:
    return order(state, "status = 'delivered' AND delivered_at > TIMESTAMP '2026-09-17 12:00:00' AND order_id NOT IN "
                        "(SELECT order_id FROM refunds) AND order_id NOT IN (SELECT order_id FROM ratings)")


def test_refund_order_item(state: DuckDBState) -> None:
    o = recent(state)
    line = lines(state, o["order_id"])[0]
    credit = one(state, "SELECT credit_balance FROM customers WHERE customer_id = ?", [o["customer_id"]])
    out = run(state, "refund_order_item", order_item_id=line["order_item_id"], quantity=1, reason="missing",
              method="account_credit")
    assert out["amount"] == line["unit_price"]
    assert out["credit_balance"] == round(credit["credit_balance"] + line["unit_price"], 2)
    if line["quantity"] == 1:
        assert_refused(state, "refund_order_item", "0 unit", order_item_id=line["order_item_id"], quantity=1,
                       reason="missing")
    card = run(state, "refund_order_item", order_item_id=lines(state, o["order_id"])[-1]["order_item_id"],
               quantity=1, reason="damaged") if len(lines(state, o["order_id"])) > 1 else out
    assert card["amount"] > 0


def test_refund_refusals(state: DuckDBState) -> None:
    o = recent(state)
    line = lines(state, o["order_id"])[0]
    assert_refused(state, "refund_order_item", "left to refund", order_item_id=line["order_item_id"],
                   quantity=line["quantity"] + 1, reason="missing")
    assert_refused(state, "refund_order_item", "left to refund", order_item_id=line["order_item_id"], quantity=0,
                   reason="missing")
    old = order(state, "status = 'delivered' AND delivered_at < TIMESTAMP '2026-09-16 18:00:00'")
    assert_refused(state, "refund_order_item", "within 48 hours",
                   order_item_id=lines(state, old["order_id"])[0]["order_item_id"], quantity=1, reason="damaged")
    live = order(state, "status = 'out_for_delivery'")
    assert_refused(state, "refund_order_item", "only delivered orders",
                   order_item_id=lines(state, live["order_id"])[0]["order_item_id"], quantity=1, reason="missing")
    assert_refused(state, "refund_order_item", "no order item", order_item_id="OI-1", quantity=1, reason="missing")


def test_rate_order(state: DuckDBState) -> None:
    o = recent(state)
    out = run(state, "rate_order", order_id=o["order_id"], food_stars=4, courier_stars=5, comment="  Tasty!  ")
    assert out["comment"] == "Tasty!"
    assert one(state, "SELECT food_stars FROM ratings WHERE order_id = ?", [o["order_id"]])["food_stars"] == 4
    assert_refused(state, "rate_order", "already rated", order_id=o["order_id"], food_stars=5, courier_stars=5)


def test_rate_refusals(state: DuckDBState) -> None:
    o = recent(state)
    assert_refused(state, "rate_order", "food_stars must be 1 to 5", order_id=o["order_id"], food_stars=0,
                   courier_stars=5)
    assert_refused(state, "rate_order", "courier_stars must be 1 to 5", order_id=o["order_id"], food_stars=5,
                   courier_stars=6)
    old = order(state, "status = 'delivered' AND delivered_at < TIMESTAMP '2026-09-10 00:00:00' AND order_id NOT IN "
                       "(SELECT order_id FROM ratings)")
    assert_refused(state, "rate_order", "accepted for 7 days", order_id=old["order_id"], food_stars=5, courier_stars=5)
    assert_refused(state, "rate_order", "only delivered orders",
                   order_id=order(state, "status = 'placed'")["order_id"], food_stars=5, courier_stars=5)
