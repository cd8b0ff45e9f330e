"""Build the fooddelivery environment's flagship tasks (``fooddelivery-001`` ...) in ``tasks.jsonl``.

Each scenario picks the first customer (by id) whose orders fit its story and who is in no other flagship task,
writes the request as that customer would, and plays the gold calls on a fresh state so that ids, amounts and
times come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file
(tag ``querygen``) are kept after the flagship tasks. Run ``python generated_envs/fooddelivery/seed/make_tasks.py``
after ``seed/generate.py`` and ``envfactory tasks sample``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

ENV = Path(__file__).resolve().parents[1]
EMAIL = ["email", "e-mail"]
CONFIRM = ["confirm", "confirmation", "accept", "agree", "go ahead", "proceed", "okay with", "ok with"]

B = TaskBuilder(ENV)
USED: set[str] = set()


def fresh(sql: str, params: list[Any] | None = None) -> dict[str, Any]:
    """The first row whose customer is in no flagship task yet."""
    for r in B.rows(sql, params):
        if r["customer_id"] not in USED:
            USED.add(r["customer_id"])
            return r
    raise RuntimeError(f"no fresh customer for {sql[:80]}")


def customer(cid: str) -> dict[str, Any]:
    return B.row("SELECT * FROM customers WHERE customer_id = ?", [cid])


def email(c: dict[str, Any]) -> dict[str, Any]:
    return {"email": {"value": c["email"], "keywords": EMAIL}}


def identify(c: dict[str, Any]) -> str:
    return B.call("find_customer_by_email", email=c["email"])["customer_id"]


def orders(cid: str, restaurant: str) -> dict[str, Any]:
    return B.call("list_customer_orders", ["status", "restaurant"], customer_id=cid, restaurant=restaurant)


def single(status: str, extra: str = "") -> str:
    """Orders of ``status`` at a restaurant the customer ordered from only once (the user can name it)."""
    return ("SELECT o.*, r.name AS restaurant_name FROM orders o JOIN restaurants r USING (restaurant_id) "
            f"WHERE o.status = '{status}' {extra} AND (SELECT count(*) FROM orders x WHERE x.customer_id = "
            "o.customer_id AND x.restaurant_id = o.restaurant_id) = 1 ORDER BY o.customer_id, o.order_id")


def short(name: str) -> str:
    return name.split()[0] if name.split()[0] not in ("The",) else name


def build() -> None:
    # 1. Refusal: cancel an order the kitchen is already preparing.
    B.begin()
    o = fresh(single("preparing"))
    c = customer(o["customer_id"])
    cid = identify(c)
    d = orders(cid, short(o["restaurant_name"]))["orders"][0]
    B.add_task(f"Hi, I placed an order from {o['restaurant_name']} a little while ago and I don't want it anymore. "
               "Please cancel it, I changed my mind.", tags=["refusal", "cancel", "state_machine"],
               user_facts=email(c), outputs=[d["status"]],
               forbidden_calls=[{"name": "cancel_order", "arguments": {"order_id": o["order_id"]}}])

    # 2. Consent: cancel an accepted order; the customer agrees to the fee when told.
    B.begin()
    o = fresh(single("accepted"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    d = B.call("view_order", order_id=o["order_id"])
    fee = d["cancellation"]["fee"]
    r = B.call("cancel_order", order_id=o["order_id"], reason="ordered_by_mistake", accept_fee=True)
    B.add_task(f"Hello, I ordered from {o['restaurant_name']} by mistake tonight. Can you cancel it? If there's a "
               "charge for cancelling, tell me how much first.", tags=["write", "cancel", "fee", "consent"],
               user_facts={**email(c), "confirmation": {"value": "Yes, I agree to the cancellation fee, please go "
                                                                 "ahead and cancel.", "keywords": CONFIRM}},
               outputs=[f"{fee:.2f}", f"{r['refunded_to_card']:.2f}"],
               consent=[{"fact": "confirmation", "calls": [{"name": "cancel_order",
                                                             "arguments": {"accept_fee": True}}]}])

    # 3. Declined fee: cancel only if free; the accepted order costs a fee, so nothing changes.
    B.begin()
    o = fresh(single("accepted"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    d = B.call("view_order", order_id=o["order_id"])
    B.add_task(f"Hi, it's {c['first_name']}. Please cancel my {o['restaurant_name']} order, but only if it's free "
               "to cancel. If it costs anything, leave it and just tell me what the fee would be.",
               tags=["refusal", "cancel", "fee"], user_facts=email(c),
               outputs=[f"{d['cancellation']['fee']:.2f}"],
               forbidden_calls=[{"name": "cancel_order", "arguments": {"order_id": o["order_id"]}}])

    # 4. Refusal: refund after the 48-hour window.
    B.begin()
    o = fresh(single("delivered", "AND o.delivered_at < TIMESTAMP '2026-09-15 12:00:00' "
                                  "AND o.delivered_at > TIMESTAMP '2026-09-08 00:00:00'"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    d = B.call("view_order", order_id=o["order_id"])
    item = d["items"][0]
    B.add_task(f"Hi. My order from {o['restaurant_name']} last week was missing the {item['item_name']}. "
               "I'd like my money back for it, to my card please.", tags=["refusal", "refund", "time_window"],
               user_facts=email(c), outputs=[d["refund_deadline"].split()[0]],
               forbidden_calls=[{"name": "refund_order_item", "arguments": {"order_item_id": item["order_item_id"]}}])

    # 5. Refusal: a promo code the customer already used.
    B.begin()
    o = fresh("SELECT o.*, r.name AS restaurant_name, p.code AS used_code FROM orders o JOIN restaurants r "
              "USING (restaurant_id) JOIN promo_redemptions p ON p.customer_id = o.customer_id JOIN promo_codes c "
              "ON c.code = p.code WHERE o.status = 'placed' AND o.promo_code IS NULL AND c.restaurant_id IS NULL "
              "AND c.expires_on >= DATE '2026-09-18' AND c.starts_on <= DATE '2026-09-18' AND o.subtotal >= "
              "c.min_subtotal AND (SELECT count(*) FROM orders x WHERE x.customer_id = o.customer_id AND "
              "x.restaurant_id = o.restaurant_id) = 1 ORDER BY o.customer_id")
    c = customer(o["customer_id"])
    cid = identify(c)
    p = B.call("get_promo_code", code=o["used_code"], customer_id=cid)
    B.add_task(f"Hey, I just ordered from {o['restaurant_name']} and forgot to add my code {o['used_code']}. Can you "
               "put it on the order?", tags=["refusal", "promo", "once_per_customer"], user_facts=email(c),
               outputs=[p["used_on_order"]],
               forbidden_calls=[{"name": "apply_promo_code", "arguments": {"order_id": o["order_id"]}}])

    # 6. Refusal: an expired promo code.
    B.begin()
    o = fresh(single("placed", "AND o.promo_code IS NULL AND o.subtotal >= 20 AND o.deliver_at = o.placed_at "
                                "AND o.customer_id NOT IN (SELECT customer_id FROM promo_redemptions "
                                "WHERE code = 'SUMMER20')"))
    c = customer(o["customer_id"])
    cid = identify(c)
    p = B.call("get_promo_code", code="SUMMER20")
    B.add_task(f"Hi! Could you apply SUMMER20 to the order I just placed with {o['restaurant_name']}?",
               tags=["refusal", "promo", "expiry"], user_facts=email(c), outputs=[p["expires_on"]],
               forbidden_calls=[{"name": "apply_promo_code", "arguments": {"order_id": o["order_id"]}}])

    # 7. Closed now: the breakfast place is closed at 18:30, so schedule it for tomorrow morning instead.
    B.begin()
    a = fresh("SELECT a.*, c.customer_id FROM addresses a JOIN customers c USING (customer_id) JOIN restaurant_zones z "
              "ON z.zone_id = a.zone_id AND z.restaurant_id = 'RS-118' WHERE a.label = 'home' "
              "AND (SELECT count(*) FROM addresses x WHERE x.customer_id = a.customer_id) = 1 ORDER BY c.customer_id")
    c = customer(a["customer_id"])
    cid = identify(c)
    prof = B.call("get_customer_profile", customer_id=cid)
    B.call("find_restaurants", ["cuisine", "name"], address_id=prof["addresses"][0]["address_id"], name="Early Bird")
    menu = B.call("get_menu", ["category"], restaurant_id="RS-118")
    pancakes = next(i for i in menu["items"] if i["name"] == "Buttermilk Pancakes")
    juice = next(i for i in menu["items"] if i["name"] == "Fresh Orange Juice")
    r = B.call("place_order", customer_id=cid, restaurant_id="RS-118", address_id=a["address_id"],
               dish_ids=[pancakes["dish_id"], pancakes["dish_id"], juice["dish_id"]], deliver_at="2026-09-19 09:00")
    B.add_task("Hi, I'd love two orders of buttermilk pancakes and a fresh orange juice from Early Bird Griddle "
               "delivered home right now. If they're closed at the moment, schedule it for tomorrow at 9 in the "
               "morning instead.", tags=["write", "order", "opening_hours", "scheduled"], user_facts=email(c),
               outputs=[r["order_id"], f"{r['total']:.2f}"])

    # 8. Refusal: below the restaurant's minimum order.
    B.begin()
    a = fresh("SELECT a.*, c.customer_id FROM addresses a JOIN customers c USING (customer_id) JOIN restaurant_zones z "
              "ON z.zone_id = a.zone_id AND z.restaurant_id = 'RS-119' WHERE a.label = 'home' "
              "AND (SELECT count(*) FROM addresses x WHERE x.customer_id = a.customer_id) = 1 ORDER BY c.customer_id")
    c = customer(a["customer_id"])
    cid = identify(c)
    menu = B.call("get_menu", ["category"], restaurant_id="RS-119")
    info = B.call("get_restaurant_info", restaurant_id="RS-119")
    slaw = next(i for i in menu["items"] if i["name"] == "Coleslaw")
    B.add_task("Hello, could you order just one coleslaw from Smoke Ring BBQ to my home? That's all I want.",
               tags=["refusal", "order", "minimum_order"], user_facts=email(c),
               outputs=[f"{info['min_order']:.2f}"],
               forbidden_calls=[{"name": "place_order", "arguments": {"customer_id": cid}}])
    assert slaw

    # 9. Multi-goal: swap an item and raise the tip on a just-placed order.
    B.begin()
    o = fresh(single("placed", "AND o.deliver_at = o.placed_at AND o.promo_code IS NULL"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    d = B.call("view_order", order_id=o["order_id"])
    menu = B.call("get_menu", ["category"], restaurant_id=o["restaurant_id"])
    line = min(d["items"], key=lambda i: i["unit_price"])
    have = {i["dish_id"] for i in d["items"]}
    swap = next(i for i in menu["items"] if i["available"] and i["dish_id"] not in have and i["price"] >= line["unit_price"])
    B.call("substitute_order_item", order_item_id=line["order_item_id"], new_dish_id=swap["dish_id"])
    r = B.call("change_tip", order_id=o["order_id"], tip=7.0)
    B.add_task(f"Hi, on the {o['restaurant_name']} order I just placed, please replace the {line['item_name']} with "
               f"the {swap['name']}, and make the tip $7.", tags=["write", "multi_goal", "substitution", "tip"],
               user_facts=email(c), outputs=[f"{r['total']:.2f}"])

    # 10. Multi-goal: refund a missing item as account credit and rate the order.
    B.begin()
    o = fresh(single("delivered", "AND o.delivered_at > TIMESTAMP '2026-09-17 12:00:00' AND NOT EXISTS (SELECT 1 FROM "
                                  "ratings t WHERE t.order_id = o.order_id) AND NOT EXISTS (SELECT 1 FROM refunds f "
                                  "WHERE f.order_id = o.order_id)"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    d = B.call("view_order", order_id=o["order_id"])
    item = d["items"][-1]
    r = B.call("refund_order_item", order_item_id=item["order_item_id"], quantity=1, reason="missing",
               method="account_credit")
    B.call("rate_order", ["comment"], order_id=o["order_id"], food_stars=3, courier_stars=5)
    B.add_task(f"Hello. My {o['restaurant_name']} delivery came without the {item['item_name']}. Please refund one "
               "as Forkline credit rather than to my card. Also I'd like to rate that order: 3 stars for the food, "
               "5 for the courier.", tags=["write", "multi_goal", "refund", "rating"], user_facts=email(c),
               outputs=[f"{r['amount']:.2f}", f"{r['credit_balance']:.2f}"])

    # 11. Refusal plus write: the tip cannot change after delivery, the rating can be recorded.
    B.begin()
    o = fresh(single("delivered", "AND o.delivered_at > TIMESTAMP '2026-09-16 12:00:00' AND NOT EXISTS (SELECT 1 FROM "
                                  "ratings t WHERE t.order_id = o.order_id)"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    B.call("rate_order", ["comment"], order_id=o["order_id"], food_stars=5, courier_stars=5)
    B.add_task(f"Hi! The courier for my {o['restaurant_name']} order was fantastic. Please bump the tip on that order "
               "to $10, and rate it 5 stars for food and 5 for delivery.",
               tags=["refusal", "write", "tip", "rating"], user_facts=email(c), outputs=["delivered"],
               forbidden_calls=[{"name": "change_tip", "arguments": {"order_id": o["order_id"]}}])

    # 12. Refusal: an address change once the order is out for delivery.
    B.begin()
    o = fresh(single("out_for_delivery", "AND (SELECT count(*) FROM addresses a WHERE a.customer_id = o.customer_id) "
                                         ">= 2"))
    c = customer(o["customer_id"])
    cid = identify(c)
    d = orders(cid, short(o["restaurant_name"]))["orders"][0]
    B.add_task(f"Hi, I'm not home tonight. Could you send my {o['restaurant_name']} order to my other saved address "
               "instead?", tags=["refusal", "address", "state_machine"], user_facts=email(c),
               outputs=[d["status"]],
               forbidden_calls=[{"name": "change_delivery_address", "arguments": {"order_id": o["order_id"]}}])

    # 13. Read: price a basket with a promo code before ordering.
    B.begin()
    a = fresh("SELECT a.*, c.customer_id FROM addresses a JOIN customers c USING (customer_id) JOIN restaurant_zones z "
              "ON z.zone_id = a.zone_id AND z.restaurant_id = 'RS-111' WHERE a.label = 'home' AND c.membership = 'basic' "
              "AND (SELECT count(*) FROM addresses x WHERE x.customer_id = a.customer_id) = 1 AND c.customer_id NOT IN "
              "(SELECT customer_id FROM promo_redemptions WHERE code = 'CURRY25') ORDER BY c.customer_id")
    c = customer(a["customer_id"])
    cid = identify(c)
    B.call("get_customer_profile", customer_id=cid)
    menu = B.call("get_menu", ["category"], restaurant_id="RS-111")
    tikka = next(i for i in menu["items"] if i["category"] == "main" and i["available"])
    naan = next(i for i in menu["items"] if i["category"] == "side" and i["available"])
    q = B.call("quote_order", ["tip"], customer_id=cid, restaurant_id="RS-111", address_id=a["address_id"],
               dish_ids=[tikka["dish_id"], tikka["dish_id"], naan["dish_id"]], promo_code="CURRY25")
    B.add_task(f"Before I order: what would two {tikka['name']} and a {naan['name']} from Saffron Spoon to my home "
               "cost with the code CURRY25? Just tell me the discount and the total, don't order yet.",
               tags=["read", "quote", "promo"], user_facts=email(c),
               outputs=[f"{q['discount']:.2f}", f"{q['total']:.2f}"])

    # 14. Refusal: the item was already refunded in full.
    B.begin()
    f = fresh("SELECT f.*, o.customer_id, r.name AS restaurant_name, i.item_name FROM refunds f JOIN orders o USING "
              "(order_id) JOIN restaurants r USING (restaurant_id) JOIN order_items i USING (order_item_id) WHERE "
              "o.delivered_at > TIMESTAMP '2026-09-17 00:00:00' AND f.quantity = i.quantity AND (SELECT count(*) FROM "
              "orders x WHERE x.customer_id = o.customer_id AND x.restaurant_id = o.restaurant_id) = 1 "
              "ORDER BY o.customer_id")
    c = customer(f["customer_id"])
    cid = identify(c)
    orders(cid, short(f["restaurant_name"]))
    d = B.call("view_order", order_id=f["order_id"])
    B.add_task(f"Hi, the {f['item_name']} in my {f['restaurant_name']} delivery was no good. Please refund it to "
               "my card.", tags=["refusal", "refund", "refund_cap"], user_facts=email(c),
               outputs=[f"{d['refunds'][0]['amount']:.2f}"],
               forbidden_calls=[{"name": "refund_order_item", "arguments": {"order_item_id": f["order_item_id"]}}])

    # 15. Refusal: rating after the 7-day window.
    B.begin()
    o = fresh(single("delivered", "AND o.delivered_at < TIMESTAMP '2026-09-10 00:00:00' AND o.delivered_at > "
                                  "TIMESTAMP '2026-09-01 00:00:00' AND NOT EXISTS (SELECT 1 FROM ratings t WHERE "
                                  "t.order_id = o.order_id)"))
    c = customer(o["customer_id"])
    cid = identify(c)
    orders(cid, short(o["restaurant_name"]))
    d = B.call("view_order", order_id=o["order_id"])
    B.add_task(f"Hello, I never got around to rating my order from {o['restaurant_name']}. Please give it 4 stars for "
               "the food and 4 for the delivery.", tags=["refusal", "rating", "time_window"], user_facts=email(c),
               outputs=[d["rating_deadline"]],
               forbidden_calls=[{"name": "rate_order", "arguments": {"order_id": o["order_id"]}}])


if __name__ == "__main__":
    raise SystemExit(B.main(build, keep=lambda t: "querygen" in t.tags))
