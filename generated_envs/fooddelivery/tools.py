"""Tools of the fooddelivery environment: the customer operations desk of Forkline Delivery (Twin Cities).

Reads look up customers and their saved addresses, orders with their line items, refunds, rating and courier,
restaurants delivering to an address with their opening hours and menus, promo codes, and price an order.
Writes place orders, cancel them (free while placed, a fee once accepted), substitute items, change the tip or the
delivery address, apply promo codes, refund delivered items and rate orders, each under the platform's rules
(delivery zones, opening hours, minimum orders, item limits, promo eligibility, the order state machine and the
refund and rating windows).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, as_datetime, format_time, money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import parse_time as _parse_time

MAX_ITEMS = 15                  # units per order
MAX_TIP = 50.00
REFUND_WINDOW_HOURS = 48
RATING_WINDOW_DAYS = 7
SCHEDULE_MIN_MINUTES = 45       # a scheduled delivery is at least this far ahead ...
SCHEDULE_MAX_DAYS = 3           # ... and at most this many days ahead
COURIER_MINUTES = 25            # added to the preparation time for an estimated arrival
ORDERS_PAGE = 10
BEFORE_PREPARING = ("placed", "accepted")
BEFORE_DISPATCH = ("placed", "accepted", "preparing")
BEFORE_DELIVERY = ("placed", "accepted", "preparing", "out_for_delivery")
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

OrderStatus = Literal["placed", "accepted", "preparing", "out_for_delivery", "delivered", "cancelled"]
Cuisine = Literal["pizza", "thai", "mexican", "burgers", "sushi", "indian", "vietnamese", "mediterranean",
                  "breakfast", "bbq", "ramen", "salads"]
Category = Literal["starter", "main", "side", "dessert", "drink"]

_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "OR-": ("orders", "order_id", 0),
    "OI-": ("order_items", "order_item_id", 0),
    "PR-": ("promo_redemptions", "redemption_id", 4),
    "RF-": ("refunds", "refund_id", 4),
    "RT-": ("ratings", "rating_id", 4),
})

_ROWS = {  # what: (SQL of one row by id, what the id looks like)
    "customer": ("SELECT * FROM customers WHERE customer_id = ?", "CU-10042"),
    "address": ("SELECT * FROM addresses WHERE address_id = ?", "AD-20311"),
    "restaurant": ("SELECT * FROM restaurants WHERE restaurant_id = ?", "RS-104"),
    "dish": ("SELECT * FROM menu_items WHERE dish_id = ?", "MI-1042"),
    "order": ("SELECT * FROM orders WHERE order_id = ?", "OR-500123"),
    "order item": ("SELECT * FROM order_items WHERE order_item_id = ?", "OI-900123"),
}


def _row(db: Database, what: str, row_id: str) -> dict[str, Any]:
    sql, example = _ROWS[what]
    row = db.query_one(sql, [row_id.strip().upper()])
    if row is None:
        raise ToolError(f"no {what} with id {row_id!r} ({what} ids look like {example!r})")
    return row


def _t(value: Any) -> str | None:
    return format_time(value) if value else None


def _hours(db: Database, restaurant_id: str, day: str) -> dict[str, Any]:
    return db.query_one("SELECT opens_at, closes_at FROM opening_hours WHERE restaurant_id = ? AND weekday = ?",
                        [restaurant_id, day]) or {"opens_at": None, "closes_at": None}


def _is_open(db: Database, restaurant_id: str, when: datetime) -> bool:
    h = _hours(db, restaurant_id, WEEKDAYS[when.weekday()])
    return bool(h["opens_at"]) and h["opens_at"] <= when.strftime("%H:%M") < h["closes_at"]


def _hours_text(h: dict[str, Any]) -> str:
    return f"{h['opens_at']}-{h['closes_at']}" if h["opens_at"] else "closed"


def _serves(db: Database, restaurant_id: str, zone_id: str) -> bool:
    return bool(db.scalar("SELECT count(*) FROM restaurant_zones WHERE restaurant_id = ? AND zone_id = ?",
                          [restaurant_id, zone_id]))


def _own_address(db: Database, customer_id: str, address_id: str) -> dict[str, Any]:
    addr = _row(db, "address", address_id)
    if addr["customer_id"] != customer_id:
        raise ToolError(f"address {addr['address_id']} is not one of customer {customer_id}'s saved addresses")
    return addr


def _require_zone(db: Database, rest: dict[str, Any], addr: dict[str, Any]) -> None:
    if not _serves(db, rest["restaurant_id"], addr["zone_id"]):
        zones = [r["zone_id"] for r in db.query("SELECT zone_id FROM restaurant_zones WHERE restaurant_id = ? "
                                                "ORDER BY zone_id", [rest["restaurant_id"]])]
        raise ToolError(f"{rest['name']} does not deliver to {addr['line1']} (zone {addr['zone_id']}); it delivers "
                        f"only to zones {', '.join(zones)}")


def _fee(db: Database, customer: dict[str, Any], addr: dict[str, Any]) -> float:
    if customer["membership"] == "plus":
        return 0.0
    return float(db.scalar("SELECT delivery_fee FROM zones WHERE zone_id = ?", [addr["zone_id"]]))


def _promo(db: Database, code: str, customer_id: str, restaurant: dict[str, Any], subtotal: float,
           exclude_order: str | None = None) -> dict[str, Any]:
    """The promo code if the customer may use it on this order today (refused otherwise)."""
    p = db.query_one("SELECT * FROM promo_codes WHERE code = ?", [code.strip().upper()])
    if p is None:
        raise ToolError(f"there is no promo code {code!r}")
    day = _now(db).date().isoformat()
    if day < str(p["starts_on"])[:10]:
        raise ToolError(f"promo code {p['code']} is not valid yet: it starts on {str(p['starts_on'])[:10]}")
    if day > str(p["expires_on"])[:10]:
        raise ToolError(f"promo code {p['code']} expired on {str(p['expires_on'])[:10]}")
    used = db.scalar("SELECT order_id FROM promo_redemptions WHERE code = ? AND customer_id = ? AND order_id <> ?",
                     [p["code"], customer_id, exclude_order or ""])
    if used:
        raise ToolError(f"customer {customer_id} already used promo code {p['code']} on order {used}; each code "
                        "can be used once per customer")
    if p["restaurant_id"] and p["restaurant_id"] != restaurant["restaurant_id"]:
        name = db.scalar("SELECT name FROM restaurants WHERE restaurant_id = ?", [p["restaurant_id"]])
        raise ToolError(f"promo code {p['code']} is valid only at {name}, not at {restaurant['name']}")
    if subtotal < p["min_subtotal"]:
        raise ToolError(f"promo code {p['code']} needs a food subtotal of at least {p['min_subtotal']:.2f}; this "
                        f"order's subtotal is {subtotal:.2f}")
    return p


def _discount(p: dict[str, Any] | None, subtotal: float, fee: float) -> float:
    if p is None:
        return 0.0
    if p["kind"] == "percent":
        return money(min(subtotal * p["value"] / 100, p["max_discount"]))
    if p["kind"] == "fixed":
        return money(min(p["value"], subtotal))
    return fee


def _total(subtotal: float, discount: float, fee: float, tip: float) -> float:
    return money(subtotal - discount + fee + tip)


def _require_status(order: dict[str, Any], allowed: Sequence[str], action: str) -> None:
    if order["status"] not in allowed:
        raise ToolError(f"order {order['order_id']} is {order['status']}; {action} is only possible while it is "
                        f"{' or '.join(allowed)}")


def _order_time(db: Database, deliver_at: str | None) -> datetime:
    now = _now(db)
    if deliver_at is None or not deliver_at.strip():
        return now
    when = _parse_time(deliver_at, "deliver_at")
    if when < now + timedelta(minutes=SCHEDULE_MIN_MINUTES) or when > now + timedelta(days=SCHEDULE_MAX_DAYS):
        raise ToolError(f"a scheduled delivery must be {SCHEDULE_MIN_MINUTES} minutes to {SCHEDULE_MAX_DAYS} days "
                        f"ahead (now is {now:%Y-%m-%d %H:%M}), got {when:%Y-%m-%d %H:%M}; omit deliver_at for "
                        "as soon as possible")
    return when


def _price(db: Database, customer_id: str, restaurant_id: str, address_id: str, dish_ids: list[str],
           promo_code: str | None, deliver_at: str | None, tip: float) -> dict[str, Any]:
    """Check a new order against every rule and price it (shared by quote_order and place_order)."""
    cust = _row(db, "customer", customer_id)
    rest = _row(db, "restaurant", restaurant_id)
    addr = _own_address(db, cust["customer_id"], address_id)
    if rest["status"] != "active":
        raise ToolError(f"{rest['name']} is {rest['status']} and takes no orders right now")
    _require_zone(db, rest, addr)
    when = _order_time(db, deliver_at)
    if not _is_open(db, rest["restaurant_id"], when):
        day = WEEKDAYS[when.weekday()]
        raise ToolError(f"{rest['name']} is closed at {when:%Y-%m-%d %H:%M} ({day} hours: "
                        f"{_hours_text(_hours(db, rest['restaurant_id'], day))}); orders need the restaurant open at "
                        "the delivery time")
    if not 1 <= len(dish_ids) <= MAX_ITEMS:
        raise ToolError(f"an order holds 1 to {MAX_ITEMS} items (repeat a dish_id for more than one), got "
                        f"{len(dish_ids)}")
    if not 0 <= tip <= MAX_TIP:
        raise ToolError(f"the tip must be between 0.00 and {MAX_TIP:.2f}, got {tip}")
    lines: dict[str, dict[str, Any]] = {}
    for raw in dish_ids:
        item = _row(db, "dish", raw)
        if item["restaurant_id"] != rest["restaurant_id"]:
            raise ToolError(f"{item['dish_id']} ({item['name']}) is not on {rest['name']}'s menu")
        if not item["available"]:
            raise ToolError(f"{item['dish_id']} ({item['name']}) is sold out today")
        line = lines.setdefault(item["dish_id"], {"dish_id": item["dish_id"], "name": item["name"], "quantity": 0,
                                                  "unit_price": item["price"]})
        line["quantity"] += 1
    for line in lines.values():
        line["line_total"] = money(line["unit_price"] * line["quantity"])
    subtotal = money(sum(x["line_total"] for x in lines.values()))
    if subtotal < rest["min_order"]:
        raise ToolError(f"{rest['name']} has a minimum order of {rest['min_order']:.2f}; this subtotal is "
                        f"{subtotal:.2f}")
    fee = _fee(db, cust, addr)
    promo = _promo(db, promo_code, cust["customer_id"], rest, subtotal) if promo_code else None
    discount = _discount(promo, subtotal, fee)
    return {"customer": cust, "restaurant": rest, "address": addr, "when": when, "lines": list(lines.values()),
            "subtotal": subtotal, "discount": discount, "delivery_fee": fee, "tip": money(tip),
            "promo_code": promo["code"] if promo else None,
            "total": _total(subtotal, discount, fee, tip)}


def _summary(p: dict[str, Any]) -> dict[str, Any]:
    addr = p["address"]
    return {"restaurant_id": p["restaurant"]["restaurant_id"], "restaurant_name": p["restaurant"]["name"],
            "delivery_address": f"{addr['line1']}, {addr['city']} {addr['zip_code']}", "deliver_at": f"{p['when']:%Y-%m-%d %H:%M}",
            "items": p["lines"], "subtotal": p["subtotal"], "promo_code": p["promo_code"], "discount": p["discount"],
            "delivery_fee": p["delivery_fee"], "tip": p["tip"], "total": p["total"]}


def _order_promo(db: Database, order: dict[str, Any]) -> dict[str, Any] | None:
    if not order["promo_code"]:
        return None
    return db.query_one("SELECT * FROM promo_codes WHERE code = ?", [order["promo_code"]])


def _cancel_terms(db: Database, order: dict[str, Any]) -> dict[str, Any]:
    if order["status"] == "placed":
        return {"cancellable": True, "fee": 0.0}
    if order["status"] == "accepted":
        pct = db.scalar("SELECT cancel_fee_pct FROM restaurants WHERE restaurant_id = ?", [order["restaurant_id"]])
        return {"cancellable": True, "fee": money(order["subtotal"] * pct / 100), "fee_pct": pct}
    return {"cancellable": False, "fee": None}


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_customer_by_email(db: Database, email: str) -> dict:
    """Identify a customer from the email address on their Forkline account.

    Args:
        email: The customer's email address, e.g. "maria.lopez@example.com".

    Returns:
        The customer id, first and last name.
    """
    row = db.query_one("SELECT customer_id, first_name, last_name FROM customers WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no customer account with email {email!r}")
    return row


@tool
def get_customer_profile(db: Database, customer_id: str) -> dict:
    """Get a customer's account: membership, account credit and saved delivery addresses.

    Args:
        customer_id: The customer's id, e.g. "CU-10042".

    Returns:
        The account (name, email, phone, membership basic or plus, credit balance, joined date) and the saved
        addresses (address_id, label, street, city, ZIP code, delivery zone).
    """
    c = _row(db, "customer", customer_id)
    addresses = db.query("SELECT a.address_id, a.label, a.line1, a.city, a.zip_code, a.zone_id, z.name AS zone_name "
                         "FROM addresses a JOIN zones z USING (zone_id) WHERE a.customer_id = ? ORDER BY a.address_id",
                         [c["customer_id"]])
    return {**c, "addresses": addresses}


@tool
def list_customer_orders(db: Database, customer_id: str, status: OrderStatus | None = None,
                         restaurant: str | None = None, offset: int = 0) -> dict:
    """List a customer's orders, most recent first, 10 per page (next_offset gives the next page).

    Args:
        customer_id: The customer's id, e.g. "CU-10042".
        status: Only orders in this status; omit for all.
        restaurant: Only orders from restaurants whose name contains this text, e.g. "Lantern"; omit for all.
        offset: How many matching orders to skip, for the next page (the next_offset of the previous one).

    Returns:
        The orders (order_id, restaurant, status, placed and delivery times, items, total), how many matched,
        and next_offset (null on the last page).
    """
    c = _row(db, "customer", customer_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    text = (restaurant or "").strip().lower() or None
    where = ("FROM orders o JOIN restaurants r USING (restaurant_id) WHERE o.customer_id = ? "
             "AND (? IS NULL OR o.status = ?) AND (? IS NULL OR contains(lower(r.name), ?))")
    params = [c["customer_id"], status, status, text, text]
    total = db.scalar(f"SELECT count(*) {where}", params)
    rows = db.query("SELECT o.order_id, r.name AS restaurant_name, o.status, o.placed_at, o.deliver_at, "
                    "o.delivered_at, o.total, (SELECT string_agg(i.quantity || 'x ' || i.item_name, ', ' ORDER BY "
                    "i.order_item_id) FROM order_items i WHERE i.order_id = o.order_id) AS items "
                    f"{where} ORDER BY o.placed_at DESC, o.order_id DESC LIMIT {ORDERS_PAGE} OFFSET {int(offset)}",
                    params)
    for r in rows:
        r["placed_at"], r["deliver_at"], r["delivered_at"] = _t(r["placed_at"]), _t(r["deliver_at"]), \
            _t(r["delivered_at"])
    nxt = offset + len(rows)
    return {"customer_id": c["customer_id"], "orders": rows, "total": total,
            "next_offset": nxt if nxt < total else None}


@tool
def view_order(db: Database, order_id: str) -> dict:
    """Get one order with its line items, delivery address, refunds, rating and what can still be done with it.

    Args:
        order_id: The order's id, e.g. "OR-500123".

    Returns:
        The order's fields (status, times, subtotal, discount, promo code, delivery fee, tip, total), the
        restaurant, the delivery address, the line items (order_item_id, item, quantity, unit price, line total,
        quantity already refunded), the refunds, the rating, the cancellation terms (whether it can be cancelled now
        and the fee) and, for delivered orders, the last moment a refund can be given and the last day to rate it.
    """
    o = _row(db, "order", order_id)
    oid = o["order_id"]
    rest = _row(db, "restaurant", o["restaurant_id"])
    addr = _row(db, "address", o["address_id"])
    items = db.query("SELECT i.order_item_id, i.dish_id, i.item_name, i.quantity, i.unit_price, i.line_total, "
                     "coalesce((SELECT sum(f.quantity) FROM refunds f WHERE f.order_item_id = i.order_item_id), 0) "
                     "AS refunded_quantity FROM order_items i WHERE i.order_id = ? ORDER BY i.order_item_id", [oid])
    refunds = db.query("SELECT refund_id, order_item_id, quantity, amount, method, reason, created_at FROM refunds "
                       "WHERE order_id = ? ORDER BY refund_id", [oid])
    for r in refunds:
        r["created_at"] = _t(r["created_at"])
    rating = db.query_one("SELECT rating_id, food_stars, courier_stars, comment FROM ratings WHERE order_id = ?",
                          [oid])
    out = {k: v for k, v in o.items() if k != "address_id"}
    out |= {"restaurant_name": rest["name"],
           "delivery_address": f"{addr['line1']}, {addr['city']} {addr['zip_code']} ({addr['label']})",
           "items": items, "refunds": refunds, "rating": rating, "cancellation": _cancel_terms(db, o)}
    for key in ("placed_at", "deliver_at", "accepted_at", "delivered_at", "cancelled_at"):
        out[key] = _t(o[key])
    if o["delivered_at"]:
        done = as_datetime(o["delivered_at"])
        out["refund_deadline"] = f"{done + timedelta(hours=REFUND_WINDOW_HOURS):%Y-%m-%d %H:%M}"
        out["rating_deadline"] = (done + timedelta(days=RATING_WINDOW_DAYS)).date().isoformat()
    return out


@tool
def track_courier(db: Database, order_id: str) -> dict:
    """Where an order is: its courier (once out for delivery) and the estimated arrival.

    The estimate is the later of the acceptance time and the requested delivery time, plus the restaurant's
    preparation time and 25 minutes on the road.

    Args:
        order_id: The order's id, e.g. "OR-500123".

    Returns:
        The order's status, the courier's first name, vehicle and rating (null before dispatch) and the estimated
        arrival (null for delivered or cancelled orders, or before acceptance).
    """
    o = _row(db, "order", order_id)
    courier = db.query_one("SELECT courier_id, first_name, vehicle, rating FROM couriers WHERE courier_id = ?",
                           [o["courier_id"] or ""])
    eta = None
    if o["status"] in ("accepted", "preparing", "out_for_delivery"):
        prep = db.scalar("SELECT prep_minutes FROM restaurants WHERE restaurant_id = ?", [o["restaurant_id"]])
        start = max(as_datetime(o["accepted_at"]), as_datetime(o["deliver_at"]))
        eta = f"{start + timedelta(minutes=prep + COURIER_MINUTES):%Y-%m-%d %H:%M}"
    return {"order_id": o["order_id"], "status": o["status"], "courier": courier, "estimated_arrival": eta,
            "delivered_at": _t(o["delivered_at"])}


@tool
def find_restaurants(db: Database, address_id: str, cuisine: Cuisine | None = None, name: str | None = None) -> dict:
    """List the restaurants that deliver to a saved address, with whether each is open now.

    Args:
        address_id: The delivery address's id, e.g. "AD-20311" (from get_customer_profile).
        cuisine: Only restaurants of this cuisine; omit for all.
        name: Only restaurants whose name contains this text, e.g. "Lantern"; omit for all.

    Returns:
        The address's zone_id and the restaurants delivering there (id, name, cuisine, minimum order, status, today's
        hours, open_now).
    """
    addr = _row(db, "address", address_id)
    text = (name or "").strip().lower() or None
    rows = db.query("SELECT r.restaurant_id, r.name, r.cuisine, r.min_order, r.status, r.rating FROM restaurants r "
                    "JOIN restaurant_zones z USING (restaurant_id) WHERE z.zone_id = ? AND (? IS NULL OR r.cuisine = ?) "
                    "AND (? IS NULL OR contains(lower(r.name), ?)) ORDER BY r.name",
                    [addr["zone_id"], cuisine, cuisine, text, text])
    now = _now(db)
    day = WEEKDAYS[now.weekday()]
    for r in rows:
        r["hours_today"] = _hours_text(_hours(db, r["restaurant_id"], day))
        r["open_now"] = r["status"] == "active" and _is_open(db, r["restaurant_id"], now)
    return {"zone_id": addr["zone_id"], "restaurants": rows}


@tool
def get_restaurant_info(db: Database, restaurant_id: str) -> dict:
    """Get a restaurant's terms: weekly opening hours, delivery zones, minimum order, preparation time and the
    cancellation fee of accepted orders.

    Args:
        restaurant_id: The restaurant's id, e.g. "RS-104".

    Returns:
        The restaurant's fields, its opening hours per weekday, the zones it delivers to and whether it is open now.
    """
    r = _row(db, "restaurant", restaurant_id)
    hours = {h["weekday"]: _hours_text(h) for h in db.query(
        "SELECT weekday, opens_at, closes_at FROM opening_hours WHERE restaurant_id = ? ORDER BY hours_id",
        [r["restaurant_id"]])}
    zones = db.query("SELECT z.zone_id, z.name FROM restaurant_zones rz JOIN zones z USING (zone_id) "
                     "WHERE rz.restaurant_id = ? ORDER BY z.zone_id", [r["restaurant_id"]])
    return {**r, "opening_hours": hours, "delivery_zones": zones,
            "open_now": r["status"] == "active" and _is_open(db, r["restaurant_id"], _now(db))}


@tool
def get_menu(db: Database, restaurant_id: str, category: Category | None = None) -> dict:
    """List a restaurant's menu items with prices and whether each is available today.

    Args:
        restaurant_id: The restaurant's id, e.g. "RS-104".
        category: Only items of this category; omit for the whole menu.

    Returns:
        The restaurant's name and its items (dish_id, name, category, price, available).
    """
    r = _row(db, "restaurant", restaurant_id)
    items = db.query("SELECT dish_id, name, category, price, available FROM menu_items WHERE restaurant_id = ? "
                     "AND (? IS NULL OR category = ?) ORDER BY dish_id", [r["restaurant_id"], category, category])
    return {"restaurant_id": r["restaurant_id"], "restaurant_name": r["name"], "items": items}


@tool
def list_promo_codes(db: Database, restaurant_id: str | None = None) -> dict:
    """List the promo codes valid today, with their terms.

    Args:
        restaurant_id: Only codes usable at this restaurant, e.g. "RS-104" (platform-wide codes and its own); omit
            for all.

    Returns:
        The codes valid today (code, description, kind, value, cap, minimum subtotal, restaurant, expiry date).
    """
    rid = _row(db, "restaurant", restaurant_id)["restaurant_id"] if restaurant_id else None
    day = _now(db).date().isoformat()
    rows = db.query("SELECT p.code, p.description, p.kind, p.value, p.max_discount, p.min_subtotal, p.restaurant_id, "
                    "r.name AS restaurant_name, p.expires_on FROM promo_codes p LEFT JOIN restaurants r "
                    "USING (restaurant_id) WHERE p.starts_on <= CAST(? AS DATE) AND p.expires_on >= CAST(? AS DATE) "
                    "AND (? IS NULL OR p.restaurant_id IS NULL OR p.restaurant_id = ?) ORDER BY p.code",
                    [day, day, rid, rid])
    return {"promo_codes": rows}


@tool
def get_promo_code(db: Database, code: str, customer_id: str | None = None) -> dict:
    """Look up a promo code's terms, and whether a customer has already used it.

    Args:
        code: The promo code, e.g. "FALL15".
        customer_id: The customer's id, e.g. "CU-10042", to check their earlier use; omit to see the terms only.

    Returns:
        The code's terms (kind, value, cap, minimum subtotal, restaurant, start and expiry dates), whether it is valid
        today, and, with a customer, the order it was already used on (null if never).
    """
    p = db.query_one("SELECT p.*, r.name AS restaurant_name FROM promo_codes p LEFT JOIN restaurants r "
                     "USING (restaurant_id) WHERE p.code = ?", [code.strip().upper()])
    if p is None:
        raise ToolError(f"there is no promo code {code!r}")
    day = _now(db).date().isoformat()
    out = {**p, "valid_today": str(p["starts_on"])[:10] <= day <= str(p["expires_on"])[:10]}
    if customer_id:
        c = _row(db, "customer", customer_id)
        out["used_on_order"] = db.scalar("SELECT order_id FROM promo_redemptions WHERE code = ? AND customer_id = ?",
                                         [p["code"], c["customer_id"]])
    return out


@tool
def quote_order(db: Database, customer_id: str, restaurant_id: str, address_id: str, dish_ids: list[str],
                promo_code: str | None = None, deliver_at: str | None = None, tip: float = 0.0) -> dict:
    """Price an order without placing it, checking every ordering rule (zone, hours, items, minimum, promo code).

    Args:
        customer_id: The customer's id, e.g. "CU-10042".
        restaurant_id: The restaurant's id, e.g. "RS-104".
        address_id: One of the customer's saved addresses, e.g. "AD-20311".
        dish_ids: The dish ids (dish_id from get_menu), one entry per unit (repeat an id to order it twice), 1 to 15 entries.
        promo_code: A promo code to apply, e.g. "FALL15"; omit for none.
        deliver_at: A later delivery time 'YYYY-MM-DD HH:MM' (45 minutes to 3 days ahead); omit for as soon as
            possible.
        tip: The courier tip, 0 to 50 (default 0).

    Returns:
        The lines, subtotal, discount, delivery fee, tip and total the order would have.
    """
    return _summary(_price(db, customer_id, restaurant_id, address_id, dish_ids, promo_code, deliver_at, tip))


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def place_order(db: Database, customer_id: str, restaurant_id: str, address_id: str, dish_ids: list[str],
                promo_code: str | None = None, deliver_at: str | None = None, tip: float = 0.0) -> dict:
    """Place an order for delivery to one of the customer's saved addresses, charged to their card on file.

    The restaurant must be active, deliver to the address's zone and be open at the delivery time; items must be
    available on its menu (1 to 15 units) and the subtotal must meet its minimum order. A promo code must be valid
    today, unused by the customer, meet its minimum subtotal and fit the restaurant.

    Args:
        customer_id: The customer's id, e.g. "CU-10042".
        restaurant_id: The restaurant's id, e.g. "RS-104".
        address_id: One of the customer's saved addresses, e.g. "AD-20311".
        dish_ids: The dish ids (dish_id from get_menu), one entry per unit (repeat an id to order it twice), 1 to 15 entries.
        promo_code: A promo code to apply, e.g. "FALL15"; omit for none.
        deliver_at: A later delivery time 'YYYY-MM-DD HH:MM' (45 minutes to 3 days ahead); omit for as soon as
            possible.
        tip: The courier tip, 0 to 50 (default 0).

    Returns:
        The new order id, its status (placed), lines and totals.
    """
    p = _price(db, customer_id, restaurant_id, address_id, dish_ids, promo_code, deliver_at, tip)
    oid = _IDS.next(db, "OR-")
    db.execute("INSERT INTO orders VALUES (?, ?, ?, ?, NULL, 'placed', ?, ?, NULL, NULL, ?, ?, ?, ?, ?, ?, NULL, NULL, "
               "NULL)", [oid, p["customer"]["customer_id"], p["restaurant"]["restaurant_id"],
                         p["address"]["address_id"], db.now, p["when"], p["subtotal"], p["discount"],
                         p["delivery_fee"], p["tip"], p["total"], p["promo_code"]])
    lines = []
    for line in p["lines"]:
        oiid = _IDS.next(db, "OI-")
        db.execute("INSERT INTO order_items VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [oiid, oid, line["dish_id"], line["name"], line["quantity"], line["unit_price"],
                    line["line_total"]])
        lines.append({"order_item_id": oiid, **line})
    if p["promo_code"]:
        db.execute("INSERT INTO promo_redemptions VALUES (?, ?, ?, ?, ?, ?)",
                   [_IDS.next(db, "PR-"), p["promo_code"], p["customer"]["customer_id"], oid, p["discount"], db.now])
    return {"order_id": oid, "status": "placed", **_summary(p), "items": lines}


@tool(writes=True)
def cancel_order(db: Database, order_id: str,
                 reason: Literal["changed_mind", "ordered_by_mistake", "taking_too_long", "other"],
                 accept_fee: bool = False) -> dict:
    """Cancel an order before the restaurant starts preparing it; the total less any fee is refunded to the card.

    Free while the order is placed; once the restaurant accepted it, the restaurant's cancellation percentage of the
    food subtotal is charged, and the call needs accept_fee=true (only after the customer agreed to that fee).

    Args:
        order_id: The order's id, e.g. "OR-500123".
        reason: Why: changed_mind, ordered_by_mistake, taking_too_long or other.
        accept_fee: true once the customer agreed to the cancellation fee of an accepted order (default false).

    Returns:
        The order id, its new status, the fee and the amount refunded to the card.
    """
    o = _row(db, "order", order_id)
    _require_status(o, BEFORE_PREPARING, "cancellation")
    terms = _cancel_terms(db, o)
    fee = terms["fee"]
    if fee > 0 and not accept_fee:
        raise ToolError(f"order {o['order_id']} was already accepted by the restaurant: cancelling costs "
                        f"{fee:.2f} ({terms['fee_pct']}% of the {o['subtotal']:.2f} subtotal). Tell the customer and "
                        "call again with accept_fee=true only if they agree")
    refund = money(o["total"] - fee)
    db.execute("UPDATE orders SET status = 'cancelled', cancelled_at = ?, cancel_reason = ?, cancellation_fee = ? "
               "WHERE order_id = ?", [db.now, reason, fee, o["order_id"]])
    db.execute("DELETE FROM promo_redemptions WHERE order_id = ?", [o["order_id"]])
    refund_id = _IDS.next(db, "RF-")
    db.execute("INSERT INTO refunds VALUES (?, ?, NULL, 0, ?, 'card', 'cancellation', ?)",
               [refund_id, o["order_id"], refund, db.now])
    return {"order_id": o["order_id"], "status": "cancelled", "cancellation_fee": fee, "refund_id": refund_id,
            "refunded_to_card": refund}


@tool(writes=True)
def substitute_order_item(db: Database, order_item_id: str, new_dish_id: str) -> dict:
    """Replace one line of an order with another available item of the same restaurant (same quantity), before
    the restaurant starts preparing it; the order is re-priced.

    Args:
        order_item_id: The order line's id, e.g. "OI-900123" (from view_order).
        new_dish_id: The menu item to put in its place, e.g. "MI-1042" (from get_menu).

    Returns:
        The order id, the old and new item, the new line total and the order's new subtotal, discount and total.
    """
    line = _row(db, "order item", order_item_id)
    o = _row(db, "order", line["order_id"])
    _require_status(o, BEFORE_PREPARING, "a substitution")
    new = _row(db, "dish", new_dish_id)
    rest = _row(db, "restaurant", o["restaurant_id"])
    if new["restaurant_id"] != o["restaurant_id"]:
        raise ToolError(f"{new['dish_id']} ({new['name']}) is not on {rest['name']}'s menu; substitutes come from "
                        "the same restaurant")
    if not new["available"]:
        raise ToolError(f"{new['dish_id']} ({new['name']}) is sold out today and cannot be substituted in")
    if new["dish_id"] == line["dish_id"]:
        raise ToolError(f"line {line['order_item_id']} already is {new['name']}")
    if db.scalar("SELECT count(*) FROM order_items WHERE order_id = ? AND dish_id = ?", [o["order_id"], new["dish_id"]]):
        raise ToolError(f"order {o['order_id']} already has a line of {new['name']}; substitute into a new item")
    line_total = money(new["price"] * line["quantity"])
    subtotal = money(o["subtotal"] - line["line_total"] + line_total)
    if subtotal < rest["min_order"]:
        raise ToolError(f"with {new['name']} the subtotal would be {subtotal:.2f}, under {rest['name']}'s minimum "
                        f"order of {rest['min_order']:.2f}")
    promo = _order_promo(db, o)
    if promo and subtotal < promo["min_subtotal"]:
        raise ToolError(f"with {new['name']} the subtotal would be {subtotal:.2f}, under the "
                        f"{promo['min_subtotal']:.2f} minimum of promo code {promo['code']} on this order")
    discount = _discount(promo, subtotal, o["delivery_fee"])
    total = _total(subtotal, discount, o["delivery_fee"], o["tip"])
    db.execute("UPDATE order_items SET dish_id = ?, item_name = ?, unit_price = ?, line_total = ? "
               "WHERE order_item_id = ?", [new["dish_id"], new["name"], new["price"], line_total,
                                           line["order_item_id"]])
    db.execute("UPDATE orders SET subtotal = ?, discount = ?, total = ? WHERE order_id = ?",
               [subtotal, discount, total, o["order_id"]])
    if promo:
        db.execute("UPDATE promo_redemptions SET amount = ? WHERE order_id = ?", [discount, o["order_id"]])
    return {"order_id": o["order_id"], "order_item_id": line["order_item_id"], "old_item": line["item_name"],
            "new_item": new["name"], "quantity": line["quantity"], "line_total": line_total, "subtotal": subtotal,
            "discount": discount, "total": total}


@tool(writes=True)
def change_tip(db: Database, order_id: str, tip: float) -> dict:
    """Change the courier tip of an order that has not been delivered yet.

    Args:
        order_id: The order's id, e.g. "OR-500123".
        tip: The new tip, 0 to 50.

    Returns:
        The order id, the old and new tip and the new total.
    """
    o = _row(db, "order", order_id)
    _require_status(o, BEFORE_DELIVERY, "a tip change")
    if not 0 <= tip <= MAX_TIP:
        raise ToolError(f"the tip must be between 0.00 and {MAX_TIP:.2f}, got {tip}")
    tip = money(tip)
    total = _total(o["subtotal"], o["discount"], o["delivery_fee"], tip)
    db.execute("UPDATE orders SET tip = ?, total = ? WHERE order_id = ?", [tip, total, o["order_id"]])
    return {"order_id": o["order_id"], "old_tip": o["tip"], "tip": tip, "total": total}


@tool(writes=True)
def change_delivery_address(db: Database, order_id: str, address_id: str) -> dict:
    """Send an order to another of the customer's saved addresses, before it is out for delivery.

    The new address must be in a zone the restaurant delivers to; the delivery fee follows the new zone.

    Args:
        order_id: The order's id, e.g. "OR-500123".
        address_id: Another of the customer's saved addresses, e.g. "AD-20311".

    Returns:
        The order id, the new address, the delivery fee and the new total.
    """
    o = _row(db, "order", order_id)
    _require_status(o, BEFORE_DISPATCH, "an address change")
    cust = _row(db, "customer", o["customer_id"])
    addr = _own_address(db, cust["customer_id"], address_id)
    if addr["address_id"] == o["address_id"]:
        raise ToolError(f"order {o['order_id']} already goes to {addr['line1']}")
    _require_zone(db, _row(db, "restaurant", o["restaurant_id"]), addr)
    fee = _fee(db, cust, addr)
    discount = _discount(_order_promo(db, o), o["subtotal"], fee)
    total = _total(o["subtotal"], discount, fee, o["tip"])
    db.execute("UPDATE orders SET address_id = ?, delivery_fee = ?, discount = ?, total = ? WHERE order_id = ?",
               [addr["address_id"], fee, discount, total, o["order_id"]])
    return {"order_id": o["order_id"], "delivery_address": f"{addr['line1']}, {addr['city']} {addr['zip_code']}", "delivery_fee": fee,
            "discount": discount, "total": total}


@tool(writes=True)
def apply_promo_code(db: Database, order_id: str, code: str) -> dict:
    """Apply a promo code to an order that has none, before the restaurant starts preparing it.

    Args:
        order_id: The order's id, e.g. "OR-500123".
        code: The promo code, e.g. "FALL15".

    Returns:
        The order id, the code, the discount and the new total.
    """
    o = _row(db, "order", order_id)
    _require_status(o, BEFORE_PREPARING, "applying a promo code")
    if o["promo_code"]:
        raise ToolError(f"order {o['order_id']} already uses promo code {o['promo_code']}; one code per order")
    p = _promo(db, code, o["customer_id"], _row(db, "restaurant", o["restaurant_id"]), o["subtotal"])
    discount = _discount(p, o["subtotal"], o["delivery_fee"])
    total = _total(o["subtotal"], discount, o["delivery_fee"], o["tip"])
    db.execute("UPDATE orders SET promo_code = ?, discount = ?, total = ? WHERE order_id = ?",
               [p["code"], discount, total, o["order_id"]])
    db.execute("INSERT INTO promo_redemptions VALUES (?, ?, ?, ?, ?, ?)",
               [_IDS.next(db, "PR-"), p["code"], o["customer_id"], o["order_id"], discount, db.now])
    return {"order_id": o["order_id"], "promo_code": p["code"], "discount": discount, "total": total}


@tool(writes=True)
def refund_order_item(db: Database, order_item_id: str, quantity: int,
                      reason: Literal["missing", "wrong_item", "poor_quality", "damaged"],
                      method: Literal["card", "account_credit"] = "card") -> dict:
    """Refund units of one line of a delivered order, within 48 hours of delivery.

    The amount is the line's unit price times the quantity; the units refunded over time cannot exceed the units
    ordered. Account credit is added to the customer's Forkline balance.

    Args:
        order_item_id: The order line's id, e.g. "OI-900123" (from view_order).
        quantity: How many units of the line to refund (at least 1).
        reason: missing, wrong_item, poor_quality or damaged.
        method: card (the card the order was paid with) or account_credit (default card).

    Returns:
        The refund id, the amount, the method and the customer's credit balance.
    """
    line = _row(db, "order item", order_item_id)
    o = _row(db, "order", line["order_id"])
    if o["status"] != "delivered":
        raise ToolError(f"order {o['order_id']} is {o['status']}; only delivered orders can get an item refund")
    deadline = as_datetime(o["delivered_at"]) + timedelta(hours=REFUND_WINDOW_HOURS)
    if _now(db) > deadline:
        raise ToolError(f"order {o['order_id']} was delivered on {_t(o['delivered_at'])}; refunds are possible "
                        f"within {REFUND_WINDOW_HOURS} hours, until {deadline:%Y-%m-%d %H:%M}")
    done = db.scalar("SELECT coalesce(sum(quantity), 0) FROM refunds WHERE order_item_id = ?",
                     [line["order_item_id"]])
    left = line["quantity"] - done
    if not 1 <= quantity <= left:
        raise ToolError(f"line {line['order_item_id']} ({line['quantity']}x {line['item_name']}) has {left} unit(s) "
                        f"left to refund ({done} already refunded); got quantity {quantity}")
    amount = money(line["unit_price"] * quantity)
    refund_id = _IDS.next(db, "RF-")
    db.execute("INSERT INTO refunds VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [refund_id, o["order_id"], line["order_item_id"], quantity, amount, method, reason, db.now])
    if method == "account_credit":
        db.execute("UPDATE customers SET credit_balance = round(credit_balance + ?, 2) WHERE customer_id = ?",
                   [amount, o["customer_id"]])
    balance = db.scalar("SELECT credit_balance FROM customers WHERE customer_id = ?", [o["customer_id"]])
    return {"refund_id": refund_id, "order_id": o["order_id"], "order_item_id": line["order_item_id"],
            "item_name": line["item_name"], "quantity": quantity, "amount": amount, "method": method,
            "credit_balance": balance}


@tool(writes=True)
def rate_order(db: Database, order_id: str, food_stars: int, courier_stars: int, comment: str | None = None) -> dict:
    """Record the customer's rating of a delivered order, within 7 days of delivery, once per order.

    Args:
        order_id: The order's id, e.g. "OR-500123".
        food_stars: The food, 1 to 5 stars.
        courier_stars: The delivery, 1 to 5 stars.
        comment: The customer's words, if any.

    Returns:
        The rating id and what was recorded.
    """
    o = _row(db, "order", order_id)
    if o["status"] != "delivered":
        raise ToolError(f"order {o['order_id']} is {o['status']}; only delivered orders can be rated")
    last = (as_datetime(o["delivered_at"]) + timedelta(days=RATING_WINDOW_DAYS)).date()
    if _now(db).date() > last:
        raise ToolError(f"order {o['order_id']} was delivered on {_t(o['delivered_at'])}; ratings are accepted for "
                        f"{RATING_WINDOW_DAYS} days, until {last.isoformat()}")
    existing = db.scalar("SELECT rating_id FROM ratings WHERE order_id = ?", [o["order_id"]])
    if existing:
        raise ToolError(f"order {o['order_id']} was already rated ({existing}); one rating per order")
    for label, stars in (("food_stars", food_stars), ("courier_stars", courier_stars)):
        if not 1 <= stars <= 5:
            raise ToolError(f"{label} must be 1 to 5, got {stars}")
    rating_id = _IDS.next(db, "RT-")
    text = (comment or "").strip() or None
    db.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
               [rating_id, o["order_id"], food_stars, courier_stars, text, db.now])
    return {"rating_id": rating_id, "order_id": o["order_id"], "food_stars": food_stars,
            "courier_stars": courier_stars, "comment": text}
