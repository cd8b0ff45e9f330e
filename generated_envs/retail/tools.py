"""Tools of the retail environment: the customer-service back office of Timberline & Hearth.

Reads look up customers, orders, products, shipments, returns and exchanges. Writes change pending orders,
start returns and exchanges of delivered items, and issue goodwill store credit, each under the store's rules.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import money as _money

RETURN_WINDOW_DAYS = 30
MAX_GOODWILL_CREDIT = 25.00
MAX_LIST = 20

OrderStatus = Literal["pending", "processing", "shipped", "delivered", "cancelled"]
Category = Literal["tents", "sleeping bags", "backpacks", "footwear", "apparel", "camp kitchen", "lighting",
                   "home textiles", "kitchen", "home decor", "outdoor furniture", "accessories"]

# New ids continue the numbering of existing rows, so they depend on the state alone.
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "ADR-": ("addresses", "address_id", 5),
    "PAY-": ("payment_methods", "payment_id", 5),
    "RMA-": ("returns", "return_id", 4),
    "EXC-": ("exchanges", "exchange_id", 4),
    "TXN-": ("transactions", "transaction_id", 6),
})


def _variant_label(color: str | None, size: str | None) -> str:
    return ", ".join(p for p in (color, f"size {size}" if size else None) if p)


def _get_order(db: Database, order_id: str) -> dict[str, Any]:
    order = db.query_one("SELECT * FROM orders WHERE order_id = ?", [order_id.strip().upper()])
    if order is None:
        raise ToolError(f"no order with id {order_id!r} (order ids look like 'ORD-10231')")
    return order


def _require_customer(db: Database, customer_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM customers WHERE customer_id = ?", [customer_id.strip().upper()])
    if row is None:
        raise ToolError(f"no customer with id {customer_id!r} (customer ids look like 'C-00042')")
    return row


def _require_status(order: dict[str, Any], allowed: str, action: str) -> None:
    if order["status"] != allowed:
        raise ToolError(f"order {order['order_id']} is {order['status']}; only {allowed} orders can {action}")


def _get_item(db: Database, order_id: str, order_item_id: str) -> dict[str, Any]:
    item = db.query_one(
        "SELECT i.*, v.product_id FROM order_items i JOIN variants v ON v.variant_id = i.variant_id "
        "WHERE i.order_item_id = ? AND i.order_id = ?", [order_item_id.strip().upper(), order_id])
    if item is None:
        raise ToolError(f"order {order_id} has no item {order_item_id!r}; see get_order_details for item ids")
    return item


def _get_variant(db: Database, variant_id: str) -> dict[str, Any]:
    row = db.query_one(
        "SELECT v.variant_id, v.product_id, v.color, v.size, v.price, i.stock FROM variants v "
        "JOIN inventory i ON i.variant_id = v.variant_id WHERE v.variant_id = ?", [variant_id.strip().upper()])
    if row is None:
        raise ToolError(f"no product variant with id {variant_id!r} (variant ids look like 'V-5531')")
    return row


def _check_swap(item: dict[str, Any], new: dict[str, Any]) -> None:
    if new["product_id"] != item["product_id"]:
        raise ToolError(f"{new['variant_id']} is a different product; items can only be swapped for another "
                        f"variant of the same product ({item['product_id']})")
    if new["variant_id"] == item["variant_id"]:
        raise ToolError(f"item {item['order_item_id']} already is variant {new['variant_id']}")
    if new["stock"] < item["quantity"]:
        raise ToolError(f"variant {new['variant_id']} is out of stock ({new['stock']} available, "
                        f"{item['quantity']} needed)")


def _payment(db: Database, payment_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM payment_methods WHERE payment_id = ?", [payment_id])
    if row is None:
        raise ToolError(f"no payment method with id {payment_id!r}")
    return row


def _check_can_charge(pay: dict[str, Any], amount: float) -> None:
    if pay["method_type"] == "store_credit" and (pay["balance"] or 0) < amount - 1e-9:
        raise ToolError(f"store credit balance {pay['balance']:.2f} does not cover {amount:.2f}")


def _record(db: Database, order_id: str | None, pay: dict[str, Any], kind: str, amount: float, reason: str) -> None:
    """Book a charge, refund or credit; store credit balances move with it."""
    db.execute("INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, ?)",
               [_IDS.next(db, "TXN-"), order_id, pay["payment_id"], kind, _money(amount), reason, db.now])
    if pay["method_type"] == "store_credit":
        delta = -amount if kind == "charge" else amount
        db.execute("UPDATE payment_methods SET balance = balance + ? WHERE payment_id = ?",
                   [_money(delta), pay["payment_id"]])


def _settle(db: Database, order_id: str, pay: dict[str, Any], difference: float, reason: str) -> None:
    """Charge a positive price difference or refund a negative one to ``pay``."""
    if difference > 0:
        _record(db, order_id, pay, "charge", difference, reason)
    elif difference < 0:
        _record(db, order_id, pay, "refund", -difference, reason)


def _store_credit_account(db: Database, customer_id: str) -> dict[str, Any]:
    """The customer's store credit account, opened with a zero balance if they have none."""
    row = db.query_one("SELECT * FROM payment_methods WHERE customer_id = ? AND method_type = 'store_credit'",
                       [customer_id])
    if row is None:
        pid = _IDS.next(db, "PAY-")
        db.execute("INSERT INTO payment_methods VALUES (?, ?, 'store_credit', 'Store credit', 0)", [pid, customer_id])
        row = _payment(db, pid)
    return row


def _check_address(state: str, zip_code: str) -> None:
    if not (len(state) == 2 and state.isalpha()):
        raise ToolError(f"state must be a two-letter code such as 'CO', got {state!r}")
    if not (len(zip_code) == 5 and zip_code.isdigit()):
        raise ToolError(f"zip code must be five digits, got {zip_code!r}")


def _within_return_window(db: Database, order: dict[str, Any]) -> None:
    _require_status(order, "delivered", "be returned or exchanged")
    delivered = db.scalar("SELECT delivered_at FROM shipments WHERE order_id = ?", [order["order_id"]])
    deadline = datetime.fromisoformat(delivered) + timedelta(days=RETURN_WINDOW_DAYS)
    if datetime.fromisoformat(db.now) > deadline:
        raise ToolError(f"order {order['order_id']} was delivered on {delivered[:10]}; the {RETURN_WINDOW_DAYS}-day "
                        f"return window closed on {deadline.date().isoformat()}")


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_customer_by_email(db: Database, email: str) -> dict:
    """Find a customer's id from their email address.

    Args:
        email: The customer's email address, e.g. "nadia.okafor@example.com".

    Returns:
        The customer id and name.
    """
    row = db.query_one("SELECT customer_id, first_name, last_name FROM customers WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no customer with email {email!r}")
    return row


@tool
def find_customer_by_name_zip(db: Database, first_name: str, last_name: str, zip_code: str) -> dict:
    """Find a customer's id from their full name and the zip code of one of their saved addresses.

    Args:
        first_name: The customer's first name, e.g. "Nadia".
        last_name: The customer's last name, e.g. "Okafor".
        zip_code: A five-digit zip code of one of the customer's addresses, e.g. "80302".

    Returns:
        The customer id and name.
    """
    row = db.query_one(
        "SELECT DISTINCT c.customer_id, c.first_name, c.last_name FROM customers c "
        "JOIN addresses a ON a.customer_id = c.customer_id "
        "WHERE lower(c.first_name) = lower(?) AND lower(c.last_name) = lower(?) AND a.zip_code = ?",
        [first_name.strip(), last_name.strip(), zip_code.strip()])
    if row is None:
        raise ToolError(f"no customer named {first_name} {last_name} with an address in zip code {zip_code}")
    return row


@tool
def get_customer_details(db: Database, customer_id: str) -> dict:
    """Get a customer's profile: contact details, saved addresses and payment methods (with store credit balance).

    Args:
        customer_id: The customer's id, e.g. "C-00042".

    Returns:
        Name, email, phone, addresses (the default one flagged) and payment methods.
    """
    c = _require_customer(db, customer_id)
    addresses = db.query(
        "SELECT address_id, line1, line2, city, state, zip_code, address_id = ? AS is_default FROM addresses "
        "WHERE customer_id = ? ORDER BY is_default DESC, address_id", [c["default_address_id"], c["customer_id"]])
    payments = db.query("SELECT payment_id, method_type, label, balance FROM payment_methods "
                        "WHERE customer_id = ? ORDER BY payment_id", [c["customer_id"]])
    for p in payments:
        if p["balance"] is None:
            del p["balance"]
    return {"customer_id": c["customer_id"], "name": f"{c['first_name']} {c['last_name']}", "email": c["email"],
            "phone": c["phone"], "member_since": c["member_since"], "addresses": addresses,
            "payment_methods": payments}


@tool
def list_customer_orders(db: Database, customer_id: str, status: OrderStatus | None = None) -> dict:
    """List a customer's orders, most recent first, with the product names in each.

    Args:
        customer_id: The customer's id, e.g. "C-00042".
        status: Only orders with this status; omit for all orders.

    Returns:
        Up to 20 orders: order id, date placed, status, total and item names.
    """
    c = _require_customer(db, customer_id)
    orders = db.query(
        "SELECT o.order_id, o.placed_at, o.status, o.total, "
        "list(p.name ORDER BY i.order_item_id) AS items FROM orders o "
        "JOIN order_items i ON i.order_id = o.order_id JOIN variants v ON v.variant_id = i.variant_id "
        "JOIN products p ON p.product_id = v.product_id "
        "WHERE o.customer_id = ? AND (? IS NULL OR o.status = ?) "
        "GROUP BY ALL ORDER BY o.placed_at DESC LIMIT 21", [c["customer_id"], status, status])
    return {"customer_id": c["customer_id"], "orders": orders[:MAX_LIST], "more": len(orders) > MAX_LIST}


@tool
def get_order_details(db: Database, order_id: str) -> dict:
    """Get one order: status, items (with item and variant ids), totals, payment method, shipping address and shipment.

    Args:
        order_id: The order's id, e.g. "ORD-10231".

    Returns:
        The order's details.
    """
    o = _get_order(db, order_id)
    items = db.query(
        "SELECT i.order_item_id, v.product_id, p.name AS product_name, i.variant_id, v.color, v.size, i.quantity, "
        "i.unit_price, i.status FROM order_items i JOIN variants v ON v.variant_id = i.variant_id "
        "JOIN products p ON p.product_id = v.product_id WHERE i.order_id = ? ORDER BY i.order_item_id",
        [o["order_id"]])
    pay = db.query_one("SELECT payment_id, method_type, label FROM payment_methods WHERE payment_id = ?",
                       [o["payment_id"]])
    shipment = db.query_one("SELECT carrier, tracking_number, status, estimated_delivery, delivered_at "
                            "FROM shipments WHERE order_id = ?", [o["order_id"]])
    address = ", ".join(x for x in (o["ship_line1"], o["ship_line2"], o["ship_city"],
                                    f"{o['ship_state']} {o['ship_zip']}") if x)
    out = {"order_id": o["order_id"], "customer_id": o["customer_id"], "placed_at": o["placed_at"],
           "status": o["status"], "items": items, "subtotal": o["subtotal"], "shipping_fee": o["shipping_fee"],
           "total": o["total"], "payment": pay, "shipping_address": address, "shipment": shipment}
    if o["status"] == "cancelled":
        out["cancel_reason"] = o["cancel_reason"]
    return out


@tool
def track_shipment(db: Database, order_id: str) -> dict:
    """Get the shipment of an order: carrier, tracking number, status and (estimated) delivery date.

    Args:
        order_id: The order's id, e.g. "ORD-10231".

    Returns:
        The shipment's carrier, tracking number, status, ship date, estimated delivery and delivery time.
    """
    o = _get_order(db, order_id)
    row = db.query_one("SELECT carrier, tracking_number, status, shipped_at, estimated_delivery, delivered_at "
                       "FROM shipments WHERE order_id = ?", [o["order_id"]])
    if row is None:
        raise ToolError(f"order {o['order_id']} is {o['status']} and has no shipment")
    return {"order_id": o["order_id"], **row}


@tool
def search_products(db: Database, keyword: str | None = None, category: Category | None = None) -> list:
    """Search the catalog by keyword (in the product name or brand) and/or category.

    Args:
        keyword: A word from the product name or brand, e.g. "tent" or "Lumenridge".
        category: Only products in this category.

    Returns:
        Up to 20 products with their price range and whether any variant is in stock.
    """
    if not keyword and not category:
        raise ToolError("give a keyword, a category or both")
    pattern = f"%{(keyword or '').strip().lower()}%"
    return db.query(
        "SELECT p.product_id, p.name, p.category, p.brand, min(v.price) AS price_from, max(v.price) AS price_to, "
        "bool_or(i.stock > 0) AS in_stock FROM products p JOIN variants v ON v.product_id = p.product_id "
        "JOIN inventory i ON i.variant_id = v.variant_id "
        "WHERE (lower(p.name) LIKE ? OR lower(p.brand) LIKE ?) AND (? IS NULL OR p.category = ?) "
        "GROUP BY ALL ORDER BY p.product_id LIMIT 20", [pattern, pattern, category, category])


@tool
def get_product(db: Database, product_id: str) -> dict:
    """Get a product with all its variants (color, size), prices and stock.

    Args:
        product_id: The product's id, e.g. "P-210".

    Returns:
        The product and its variants; out-of-stock variants show their expected restock date.
    """
    p = db.query_one("SELECT * FROM products WHERE product_id = ?", [product_id.strip().upper()])
    if p is None:
        raise ToolError(f"no product with id {product_id!r} (product ids look like 'P-210'); try search_products")
    variants = db.query(
        "SELECT v.variant_id, v.color, v.size, v.price, i.stock, i.restock_date FROM variants v "
        "JOIN inventory i ON i.variant_id = v.variant_id WHERE v.product_id = ? ORDER BY v.variant_id",
        [p["product_id"]])
    for v in variants:
        for key in ("size", "restock_date"):
            if v[key] is None:
                del v[key]
    return {**p, "variants": variants}


@tool
def get_returns_and_exchanges(db: Database, order_id: str) -> dict:
    """Get the returns and exchanges of an order with their status and refund details.

    Args:
        order_id: The order's id, e.g. "ORD-10231".

    Returns:
        The order's returns (status, items, refund amount and method) and exchanges (status, new variant).
    """
    o = _get_order(db, order_id)
    returns = db.query(
        "SELECT r.return_id, r.status, r.reason, r.refund_method, r.refund_amount, r.created_at, "
        "list(ri.order_item_id ORDER BY ri.order_item_id) AS order_item_ids FROM returns r "
        "JOIN return_items ri ON ri.return_id = r.return_id WHERE r.order_id = ? GROUP BY ALL ORDER BY r.return_id",
        [o["order_id"]])
    exchanges = db.query(
        "SELECT exchange_id, order_item_id, new_variant_id, status, price_difference, created_at FROM exchanges "
        "WHERE order_id = ? ORDER BY exchange_id", [o["order_id"]])
    return {"order_id": o["order_id"], "returns": returns, "exchanges": exchanges}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def cancel_pending_order(db: Database, order_id: str,
                         reason: Literal["no_longer_needed", "ordered_by_mistake", "found_better_price",
                                         "delivery_too_slow"]) -> dict:
    """Cancel a pending order; the full total is refunded to the order's payment method.

    Args:
        order_id: The order's id, e.g. "ORD-10231".
        reason: Why the customer cancels.

    Returns:
        The cancelled order id, the refund amount and where it went.
    """
    o = _get_order(db, order_id)
    _require_status(o, "pending", "be cancelled")
    pay = _payment(db, o["payment_id"])
    items = db.query("SELECT variant_id, quantity FROM order_items WHERE order_id = ?", [o["order_id"]])
    for it in items:
        db.execute("UPDATE inventory SET stock = stock + ? WHERE variant_id = ?", [it["quantity"], it["variant_id"]])
    db.execute("UPDATE order_items SET status = 'cancelled' WHERE order_id = ?", [o["order_id"]])
    db.execute("UPDATE orders SET status = 'cancelled', cancel_reason = ?, cancelled_at = ? WHERE order_id = ?",
               [reason, db.now, o["order_id"]])
    _record(db, o["order_id"], pay, "refund", o["total"], "cancellation")
    return {"order_id": o["order_id"], "status": "cancelled", "refund_amount": o["total"],
            "refunded_to": pay["label"]}


@tool(writes=True)
def modify_pending_order_address(db: Database, order_id: str, line1: str, city: str, state: str, zip_code: str,
                                 line2: str | None = None) -> dict:
    """Change the shipping address of a pending order.

    Args:
        order_id: The order's id, e.g. "ORD-10231".
        line1: Street address, e.g. "418 Juniper Ln".
        city: City, e.g. "Boulder".
        state: Two-letter state code, e.g. "CO".
        zip_code: Five-digit zip code, e.g. "80302".
        line2: Apartment, unit or suite, e.g. "Apt 4"; omit if none.

    Returns:
        The order id and its new shipping address.
    """
    o = _get_order(db, order_id)
    _require_status(o, "pending", "have their address changed")
    state = state.strip().upper()
    _check_address(state, zip_code.strip())
    db.execute("UPDATE orders SET ship_line1 = ?, ship_line2 = ?, ship_city = ?, ship_state = ?, ship_zip = ? "
               "WHERE order_id = ?", [line1.strip(), (line2 or "").strip() or None, city.strip(), state,
                                      zip_code.strip(), o["order_id"]])
    address = ", ".join(x for x in (line1.strip(), (line2 or "").strip(), city.strip(), f"{state} {zip_code.strip()}")
                        if x)
    return {"order_id": o["order_id"], "shipping_address": address}


@tool(writes=True)
def modify_pending_order_item(db: Database, order_id: str, order_item_id: str, new_variant_id: str) -> dict:
    """Swap an item of a pending order for another in-stock variant (color/size) of the same product.

    The price difference is charged to, or refunded to, the order's payment method.

    Args:
        order_id: The order's id, e.g. "ORD-10231".
        order_item_id: The item to change, e.g. "OI-20457" (from get_order_details).
        new_variant_id: The variant to switch to, e.g. "V-5531" (from get_product).

    Returns:
        The item, its new variant, the price difference and the order's new total.
    """
    o = _get_order(db, order_id)
    _require_status(o, "pending", "have their items changed")
    item = _get_item(db, o["order_id"], order_item_id)
    new = _get_variant(db, new_variant_id)
    _check_swap(item, new)
    difference = _money((new["price"] - item["unit_price"]) * item["quantity"])
    pay = _payment(db, o["payment_id"])
    if difference > 0:
        _check_can_charge(pay, difference)
    db.execute("UPDATE inventory SET stock = stock + ? WHERE variant_id = ?", [item["quantity"], item["variant_id"]])
    db.execute("UPDATE inventory SET stock = stock - ? WHERE variant_id = ?", [item["quantity"], new["variant_id"]])
    db.execute("UPDATE order_items SET variant_id = ?, unit_price = ? WHERE order_item_id = ?",
               [new["variant_id"], new["price"], item["order_item_id"]])
    subtotal = _money(o["subtotal"] + difference)
    total = _money(subtotal + o["shipping_fee"])
    db.execute("UPDATE orders SET subtotal = ?, total = ? WHERE order_id = ?", [subtotal, total, o["order_id"]])
    _settle(db, o["order_id"], pay, difference, "item_change")
    return {"order_id": o["order_id"], "order_item_id": item["order_item_id"], "new_variant_id": new["variant_id"],
            "new_variant": _variant_label(new["color"], new["size"]), "price_difference": difference,
            "new_total": total, "payment": pay["label"]}


@tool(writes=True)
def modify_pending_order_payment(db: Database, order_id: str, payment_id: str) -> dict:
    """Pay a pending order with another of the customer's payment methods.

    The old method is refunded the order total and the new one charged; store credit must cover the whole total.

    Args:
        order_id: The order's id, e.g. "ORD-10231".
        payment_id: The customer's payment method to use, e.g. "PAY-00311" (from get_customer_details).

    Returns:
        The order id, the new payment method and the amount moved.
    """
    o = _get_order(db, order_id)
    _require_status(o, "pending", "change payment method")
    new = _payment(db, payment_id.strip().upper())
    if new["customer_id"] != o["customer_id"]:
        raise ToolError(f"payment method {new['payment_id']} does not belong to the order's customer")
    if new["payment_id"] == o["payment_id"]:
        raise ToolError(f"order {o['order_id']} is already paid with {new['payment_id']}")
    _check_can_charge(new, o["total"])
    old = _payment(db, o["payment_id"])
    _record(db, o["order_id"], old, "refund", o["total"], "payment_change")
    _record(db, o["order_id"], new, "charge", o["total"], "payment_change")
    db.execute("UPDATE orders SET payment_id = ? WHERE order_id = ?", [new["payment_id"], o["order_id"]])
    return {"order_id": o["order_id"], "payment_id": new["payment_id"], "payment": new["label"],
            "amount": o["total"], "refunded_to": old["label"]}


@tool(writes=True)
def update_default_address(db: Database, customer_id: str, line1: str, city: str, state: str, zip_code: str,
                           line2: str | None = None) -> dict:
    """Set a customer's default address (saved as a new address unless it is already saved).

    Existing orders keep their shipping address.

    Args:
        customer_id: The customer's id, e.g. "C-00042".
        line1: Street address, e.g. "418 Juniper Ln".
        city: City, e.g. "Boulder".
        state: Two-letter state code, e.g. "CO".
        zip_code: Five-digit zip code, e.g. "80302".
        line2: Apartment, unit or suite, e.g. "Apt 4"; omit if none.

    Returns:
        The customer id and the new default address id.
    """
    c = _require_customer(db, customer_id)
    state, zip_code, line1, city = state.strip().upper(), zip_code.strip(), line1.strip(), city.strip()
    line2 = (line2 or "").strip() or None
    _check_address(state, zip_code)
    existing = db.query_one(
        "SELECT address_id FROM addresses WHERE customer_id = ? AND lower(line1) = lower(?) "
        "AND coalesce(lower(line2), '') = coalesce(lower(?), '') AND lower(city) = lower(?) AND state = ? "
        "AND zip_code = ?", [c["customer_id"], line1, line2, city, state, zip_code])
    if existing and existing["address_id"] == c["default_address_id"]:
        raise ToolError("that address already is the customer's default address")
    address_id = existing["address_id"] if existing else _IDS.next(db, "ADR-")
    if not existing:
        db.execute("INSERT INTO addresses VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [address_id, c["customer_id"], line1, line2, city, state, zip_code])
    db.execute("UPDATE customers SET default_address_id = ? WHERE customer_id = ?", [address_id, c["customer_id"]])
    return {"customer_id": c["customer_id"], "default_address_id": address_id}


@tool(writes=True)
def return_delivered_items(db: Database, order_id: str, order_item_ids: list[str],
                           reason: Literal["damaged", "wrong_size", "not_as_described", "changed_mind"],
                           refund_method: Literal["original_payment", "store_credit"] = "original_payment") -> dict:
    """Start a return of items from a delivered order (within 30 days of delivery).

    The refund is issued when the items reach the warehouse: to the order's original payment method, or to the
    customer's store credit if they ask for it.

    Args:
        order_id: The order's id, e.g. "ORD-10231".
        order_item_ids: The items to return, e.g. ["OI-20457"] (from get_order_details).
        reason: Why the items are returned.
        refund_method: "original_payment" (the default) or "store_credit".

    Returns:
        The return id, its status, the refund amount and where the refund will go.
    """
    o = _get_order(db, order_id)
    _within_return_window(db, o)
    ids = sorted({i.strip().upper() for i in order_item_ids})
    db.require(ids, "give at least one order item id to return")
    items = [_get_item(db, o["order_id"], i) for i in ids]
    for it in items:
        if it["status"] != "ordered":
            raise ToolError(f"item {it['order_item_id']} cannot be returned: its status is {it['status']}")
    amount = _money(sum(it["unit_price"] * it["quantity"] for it in items))
    if refund_method == "store_credit":
        pay = _store_credit_account(db, o["customer_id"])
    else:
        pay = _payment(db, o["payment_id"])
    return_id = _IDS.next(db, "RMA-")
    db.execute("INSERT INTO returns VALUES (?, ?, 'awaiting_item', ?, ?, ?, ?, ?)",
               [return_id, o["order_id"], reason, refund_method, pay["payment_id"], amount, db.now])
    for it in items:
        db.execute("INSERT INTO return_items VALUES (?, ?)", [return_id, it["order_item_id"]])
        db.execute("UPDATE order_items SET status = 'return_requested' WHERE order_item_id = ?",
                   [it["order_item_id"]])
    return {"return_id": return_id, "status": "awaiting_item", "order_item_ids": ids, "refund_amount": amount,
            "refund_to": pay["label"]}


@tool(writes=True)
def exchange_delivered_item(db: Database, order_id: str, order_item_id: str, new_variant_id: str) -> dict:
    """Exchange an item of a delivered order (within 30 days of delivery) for another in-stock variant of the same product.

    A price difference is charged to, or refunded to, the order's payment method.

    Args:
        order_id: The order's id, e.g. "ORD-10231".
        order_item_id: The item to exchange, e.g. "OI-20457" (from get_order_details).
        new_variant_id: The variant the customer wants instead, e.g. "V-5531" (from get_product).

    Returns:
        The exchange id, its status, the new variant and the price difference.
    """
    o = _get_order(db, order_id)
    _within_return_window(db, o)
    item = _get_item(db, o["order_id"], order_item_id)
    if item["status"] != "ordered":
        raise ToolError(f"item {item['order_item_id']} cannot be exchanged: its status is {item['status']}")
    new = _get_variant(db, new_variant_id)
    _check_swap(item, new)
    difference = _money((new["price"] - item["unit_price"]) * item["quantity"])
    pay = _payment(db, o["payment_id"])
    if difference > 0:
        _check_can_charge(pay, difference)
    exchange_id = _IDS.next(db, "EXC-")
    db.execute("INSERT INTO exchanges VALUES (?, ?, ?, ?, 'awaiting_item', ?, ?)",
               [exchange_id, o["order_id"], item["order_item_id"], new["variant_id"], difference, db.now])
    db.execute("UPDATE order_items SET status = 'exchange_requested' WHERE order_item_id = ?",
               [item["order_item_id"]])
    db.execute("UPDATE inventory SET stock = stock - ? WHERE variant_id = ?", [item["quantity"], new["variant_id"]])
    _settle(db, o["order_id"], pay, difference, "exchange")
    return {"exchange_id": exchange_id, "status": "awaiting_item", "order_item_id": item["order_item_id"],
            "new_variant_id": new["variant_id"], "new_variant": _variant_label(new["color"], new["size"]),
            "price_difference": difference}


@tool(writes=True)
def issue_store_credit(db: Database, order_id: str, amount: float,
                       reason: Literal["late_delivery", "damaged_item", "missing_item", "service_issue"]) -> dict:
    """Give a customer goodwill store credit for a problem with one of their orders (at most $25, once per order).

    Args:
        order_id: The order the problem concerns, e.g. "ORD-10231".
        amount: Credit in dollars, more than 0 and at most 25.
        reason: What went wrong.

    Returns:
        The amount credited and the customer's new store credit balance.
    """
    o = _get_order(db, order_id)
    if o["status"] == "cancelled":
        raise ToolError(f"order {o['order_id']} is cancelled; no compensation is given for cancelled orders")
    amount = _money(amount)
    if not 0 < amount <= MAX_GOODWILL_CREDIT:
        raise ToolError(f"amount must be more than 0 and at most {MAX_GOODWILL_CREDIT:.2f}, got {amount:.2f}")
    given = db.scalar("SELECT count(*) FROM transactions WHERE order_id = ? AND kind = 'credit'", [o["order_id"]])
    if given:
        raise ToolError(f"order {o['order_id']} already received goodwill credit; only one credit per order")
    pay = _store_credit_account(db, o["customer_id"])
    _record(db, o["order_id"], pay, "credit", amount, reason)
    balance = db.scalar("SELECT balance FROM payment_methods WHERE payment_id = ?", [pay["payment_id"]])
    return {"order_id": o["order_id"], "credited": amount, "store_credit_balance": balance}
