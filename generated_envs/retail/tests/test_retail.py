"""The retail environment's own checks: tool schemas, seed determinism, task replay and business rules."""

from __future__ import annotations

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


NOW = "2026-03-15T10:00:00"


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tools=15, min_writes=7, min_rows=1000, max_rows=5000, min_tasks=60, min_user_fact_tasks=15)


def test_manifest_clock_and_policy_length() -> None:
    assert ENV.manifest.now == NOW
    assert len((ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8").split()) <= 480


def test_task_chain_lengths() -> None:
    lengths = [len(t.gold_calls) for t in ENV.tasks]
    assert sum(n >= 6 for n in lengths) >= 8 and sum(n <= 2 for n in lengths) >= 10 and all(lengths)


# -- tasks --------------------------------------------------------------------------------------------------

# -- business rules -----------------------------------------------------------------------------------------

def test_cancel_delivered_order_is_refused(state: DuckDBState) -> None:
    order = one(state, "SELECT order_id FROM orders WHERE status = 'delivered' ORDER BY order_id LIMIT 1")
    assert_refused(state, "cancel_pending_order", "only pending", order_id=order["order_id"],
                   reason="no_longer_needed")


def test_cancel_refunds_original_payment_and_restocks(state: DuckDBState) -> None:
    order = one(state, "SELECT * FROM orders WHERE status = 'pending' ORDER BY order_id LIMIT 1")
    item = one(state, "SELECT variant_id, quantity FROM order_items WHERE order_id = ? ORDER BY order_item_id",
               [order["order_id"]])
    stock = state.db.scalar("SELECT stock FROM inventory WHERE variant_id = ?", [item["variant_id"]])
    result = run(state, "cancel_pending_order", order_id=order["order_id"], reason="ordered_by_mistake")
    assert result["refund_amount"] == order["total"]
    refund = one(state, "SELECT * FROM transactions WHERE order_id = ? AND kind = 'refund'", [order["order_id"]])
    assert refund["payment_id"] == order["payment_id"] and refund["amount"] == order["total"]
    assert state.db.scalar("SELECT stock FROM inventory WHERE variant_id = ?", [item["variant_id"]]) \
        == stock + item["quantity"]
    details = run(state, "get_order_details", order_id=order["order_id"])
    assert details["status"] == "cancelled" and {i["status"] for i in details["items"]} == {"cancelled"}


def _delivered_item(state: DuckDBState, inside_window: bool) -> dict[str, Any]:
    cmp = ">=" if inside_window else "<"
    return one(state, "SELECT o.order_id, o.payment_id, o.customer_id, i.order_item_id, i.unit_price, i.quantity "
                      "FROM orders o JOIN shipments s ON s.order_id = o.order_id "
                      "JOIN order_items i ON i.order_id = o.order_id WHERE o.status = 'delivered' "
                      f"AND i.status = 'ordered' AND s.delivered_at {cmp} TIMESTAMP '2026-02-13 10:00:00' "
                      "ORDER BY i.order_item_id LIMIT 1")


def test_return_after_30_days_is_refused(state: DuckDBState) -> None:
    item = _delivered_item(state, inside_window=False)
    assert_refused(state, "return_delivered_items", "return window closed", order_id=item["order_id"],
                   order_item_ids=[item["order_item_id"]], reason="changed_mind")


def test_return_of_undelivered_order_is_refused(state: DuckDBState) -> None:
    order = one(state, "SELECT order_id FROM orders WHERE status = 'shipped' ORDER BY order_id LIMIT 1")
    item = one(state, "SELECT order_item_id FROM order_items WHERE order_id = ?", [order["order_id"]])
    assert_refused(state, "return_delivered_items", "only delivered", order_id=order["order_id"],
                   order_item_ids=[item["order_item_id"]], reason="damaged")


def test_return_refunds_original_payment(state: DuckDBState) -> None:
    item = _delivered_item(state, inside_window=True)
    result = run(state, "return_delivered_items", order_id=item["order_id"],
                 order_item_ids=[item["order_item_id"]], reason="damaged")
    ret = one(state, "SELECT * FROM returns WHERE return_id = ?", [result["return_id"]])
    assert ret["refund_payment_id"] == item["payment_id"] and ret["refund_method"] == "original_payment"
    assert ret["refund_amount"] == round(item["unit_price"] * item["quantity"], 2)
    seen = run(state, "get_returns_and_exchanges", order_id=item["order_id"])
    assert result["return_id"] in [r["return_id"] for r in seen["returns"]]
    # The same item cannot be returned twice.
    assert_refused(state, "return_delivered_items", "cannot be returned", order_id=item["order_id"],
                   order_item_ids=[item["order_item_id"]], reason="damaged")


def test_return_to_store_credit_opens_an_account_when_missing(state: DuckDBState) -> None:
    item = one(state, "SELECT o.order_id, o.customer_id, i.order_item_id FROM orders o "
                      "JOIN shipments s ON s.order_id = o.order_id JOIN order_items i ON i.order_id = o.order_id "
                      "WHERE o.status = 'delivered' AND i.status = 'ordered' "
                      "AND s.delivered_at >= TIMESTAMP '2026-02-13 10:00:00' AND NOT EXISTS (SELECT 1 FROM "
                      "payment_methods p WHERE p.customer_id = o.customer_id AND p.method_type = 'store_credit') "
                      "ORDER BY i.order_item_id LIMIT 1")
    result = run(state, "return_delivered_items", order_id=item["order_id"], order_item_ids=[item["order_item_id"]],
                 reason="changed_mind", refund_method="store_credit")
    assert result["refund_to"] == "Store credit"
    methods = run(state, "get_customer_details", customer_id=item["customer_id"])["payment_methods"]
    assert [m["balance"] for m in methods if m["method_type"] == "store_credit"] == [0.0]


def _exchangeable(state: DuckDBState, in_stock: bool) -> dict[str, Any]:
    cmp = ">" if in_stock else "="
    return one(state, "SELECT i.order_id, i.order_item_id, w.variant_id AS new_variant_id FROM order_items i "
                      "JOIN orders o ON o.order_id = i.order_id JOIN shipments s ON s.order_id = o.order_id "
                      "JOIN variants v ON v.variant_id = i.variant_id "
                      "JOIN variants w ON w.product_id = v.product_id AND w.variant_id <> v.variant_id "
                      "JOIN inventory n ON n.variant_id = w.variant_id WHERE o.status = 'delivered' "
                      "AND i.status = 'ordered' AND s.delivered_at >= TIMESTAMP '2026-02-13 10:00:00' "
                      f"AND n.stock {cmp} 0 ORDER BY i.order_item_id, w.variant_id LIMIT 1")


def test_exchange_to_out_of_stock_variant_is_refused(state: DuckDBState) -> None:
    x = _exchangeable(state, in_stock=False)
    assert_refused(state, "exchange_delivered_item", "out of stock", **x)


def test_exchange_to_other_product_is_refused(state: DuckDBState) -> None:
    x = _exchangeable(state, in_stock=True)
    other = one(state, "SELECT v.variant_id FROM variants v JOIN inventory n ON n.variant_id = v.variant_id "
                       "WHERE n.stock > 0 AND v.product_id <> (SELECT w.product_id FROM variants w "
                       "WHERE w.variant_id = ?) ORDER BY v.variant_id LIMIT 1", [x["new_variant_id"]])
    assert_refused(state, "exchange_delivered_item", "same product", order_id=x["order_id"],
                   order_item_id=x["order_item_id"], new_variant_id=other["variant_id"])


def test_exchange_reserves_stock_and_is_visible(state: DuckDBState) -> None:
    x = _exchangeable(state, in_stock=True)
    stock = state.db.scalar("SELECT stock FROM inventory WHERE variant_id = ?", [x["new_variant_id"]])
    result = run(state, "exchange_delivered_item", **x)
    assert state.db.scalar("SELECT stock FROM inventory WHERE variant_id = ?", [x["new_variant_id"]]) < stock
    seen = run(state, "get_returns_and_exchanges", order_id=x["order_id"])
    assert result["exchange_id"] in [e["exchange_id"] for e in seen["exchanges"]]
    items = run(state, "get_order_details", order_id=x["order_id"])["items"]
    assert {i["order_item_id"]: i["status"] for i in items}[x["order_item_id"]] == "exchange_requested"


def test_processing_order_cannot_be_modified(state: DuckDBState) -> None:
    order = one(state, "SELECT order_id FROM orders WHERE status = 'processing' ORDER BY order_id LIMIT 1")
    assert_refused(state, "modify_pending_order_address", "only pending", order_id=order["order_id"],
                   line1="1 Main St", city="Boulder", state="CO", zip_code="80302")


def test_modify_item_updates_total_and_settles_difference(state: DuckDBState) -> None:
    x = one(state, "SELECT o.order_id, o.total, o.payment_id, i.order_item_id, i.quantity, i.unit_price, "
                   "w.variant_id, w.price FROM orders o JOIN order_items i ON i.order_id = o.order_id "
                   "JOIN variants v ON v.variant_id = i.variant_id JOIN variants w ON w.product_id = v.product_id "
                   "JOIN inventory n ON n.variant_id = w.variant_id JOIN payment_methods p "
                   "ON p.payment_id = o.payment_id WHERE o.status = 'pending' AND w.price <> v.price "
                   "AND n.stock >= i.quantity AND p.method_type <> 'store_credit' ORDER BY i.order_item_id LIMIT 1")
    result = run(state, "modify_pending_order_item", order_id=x["order_id"], order_item_id=x["order_item_id"],
                 new_variant_id=x["variant_id"])
    diff = round((x["price"] - x["unit_price"]) * x["quantity"], 2)
    assert result["price_difference"] == diff
    assert run(state, "get_order_details", order_id=x["order_id"])["total"] == round(x["total"] + diff, 2)
    txn = one(state, "SELECT * FROM transactions WHERE order_id = ? AND reason = 'item_change'", [x["order_id"]])
    assert txn["payment_id"] == x["payment_id"] and txn["kind"] == ("charge" if diff > 0 else "refund")


def test_payment_change_needs_enough_store_credit(state: DuckDBState) -> None:
    x = one(state, "SELECT o.order_id, p.payment_id FROM orders o JOIN payment_methods p "
                   "ON p.customer_id = o.customer_id WHERE o.status = 'pending' AND p.method_type = 'store_credit' "
                   "AND p.balance < o.total ORDER BY o.order_id LIMIT 1")
    assert_refused(state, "modify_pending_order_payment", "does not cover", **x)


def test_payment_of_another_customer_is_refused(state: DuckDBState) -> None:
    x = one(state, "SELECT o.order_id, p.payment_id FROM orders o JOIN payment_methods p "
                   "ON p.customer_id <> o.customer_id WHERE o.status = 'pending' ORDER BY o.order_id, p.payment_id "
                   "LIMIT 1")
    assert_refused(state, "modify_pending_order_payment", "does not belong", **x)


def test_goodwill_credit_is_capped_and_once_per_order(state: DuckDBState) -> None:
    order = one(state, "SELECT order_id, customer_id FROM orders WHERE status = 'delivered' ORDER BY order_id "
                       "LIMIT 1")
    assert_refused(state, "issue_store_credit", "at most 25", order_id=order["order_id"], amount=40.0,
                   reason="service_issue")
    result = run(state, "issue_store_credit", order_id=order["order_id"], amount=12.5, reason="damaged_item")
    methods = run(state, "get_customer_details", customer_id=order["customer_id"])["payment_methods"]
    assert [m["balance"] for m in methods if m["method_type"] == "store_credit"] == [result["store_credit_balance"]]
    assert_refused(state, "issue_store_credit", "only one credit", order_id=order["order_id"], amount=5.0,
                   reason="service_issue")


def test_default_address_update_is_visible_to_lookups(state: DuckDBState) -> None:
    c = one(state, "SELECT customer_id, first_name, last_name FROM customers ORDER BY customer_id LIMIT 1")
    result = run(state, "update_default_address", customer_id=c["customer_id"], line1="12 Alder Way",
                 city="Boise", state="id", zip_code="83702")
    details = run(state, "get_customer_details", customer_id=c["customer_id"])
    assert details["addresses"][0]["address_id"] == result["default_address_id"]
    assert details["addresses"][0]["is_default"] and details["addresses"][0]["state"] == "ID"
    found = run(state, "find_customer_by_name_zip", first_name=c["first_name"].lower(), last_name=c["last_name"],
                zip_code="83702")
    assert found["customer_id"] == c["customer_id"]
    assert_refused(state, "update_default_address", "five digits", customer_id=c["customer_id"],
                   line1="1 Elm St", city="Boise", state="ID", zip_code="8370")


def test_new_ids_are_deterministic() -> None:
    ids = []
    for _ in range(2):
        state = ENV.new_state()
        try:
            item = _delivered_item(state, inside_window=True)
            ids.append(run(state, "return_delivered_items", order_id=item["order_id"],
                           order_item_ids=[item["order_item_id"]], reason="wrong_size")["return_id"])
            ids.append(state.state_hash())
        finally:
            state.close()
    assert ids[0] == ids[2] and ids[1] == ids[3]


def test_read_tools_reject_unknown_ids(state: DuckDBState) -> None:
    for name, args in [("get_order_details", {"order_id": "ORD-1"}), ("get_product", {"product_id": "P-1"}),
                       ("find_customer_by_email", {"email": "nobody@example.com"}),
                       ("get_customer_details", {"customer_id": "C-99999"})]:
        with pytest.raises(ToolError):
            run(state, name, **args)
    with pytest.raises(ToolError, match="no shipment"):
        order = one(state, "SELECT order_id FROM orders WHERE status = 'pending' ORDER BY order_id LIMIT 1")
        run(state, "track_shipment", **order)


def test_lookup_refusals(state: DuckDBState) -> None:
    assert_refused(state, "find_customer_by_name_zip", "no customer named",
                   first_name="Nobody", last_name="Atall", zip_code="00000")
    assert_refused(state, "search_products", "give a keyword")


def test_item_variant_and_payment_ids_are_checked(state: DuckDBState) -> None:
    pending = one(state, "SELECT o.order_id, i.order_item_id, i.variant_id, o.customer_id, o.payment_id "
                         "FROM orders o JOIN order_items i ON i.order_id = o.order_id "
                         "WHERE o.status = 'pending' ORDER BY o.order_id, i.order_item_id LIMIT 1")
    assert_refused(state, "modify_pending_order_item", "has no item", order_id=pending["order_id"],
                   order_item_id="OI-1", new_variant_id=pending["variant_id"])
    assert_refused(state, "modify_pending_order_item", "no product variant", order_id=pending["order_id"],
                   order_item_id=pending["order_item_id"], new_variant_id="V-0")
    assert_refused(state, "modify_pending_order_item", "already is variant", order_id=pending["order_id"],
                   order_item_id=pending["order_item_id"], new_variant_id=pending["variant_id"])
    assert_refused(state, "modify_pending_order_payment", "no payment method", order_id=pending["order_id"],
                   payment_id="PAY-0")
    assert_refused(state, "modify_pending_order_payment", "already paid with", order_id=pending["order_id"],
                   payment_id=pending["payment_id"])


def test_address_rules(state: DuckDBState) -> None:
    c = one(state, "SELECT c.customer_id, a.line1, a.line2, a.city, a.state, a.zip_code FROM customers c "
                   "JOIN addresses a ON a.address_id = c.default_address_id ORDER BY c.customer_id LIMIT 1")
    address = {k: c[k] for k in ("line1", "city", "state", "zip_code")}
    if c["line2"]:
        address["line2"] = c["line2"]
    assert_refused(state, "update_default_address", "already is the customer's default",
                   customer_id=c["customer_id"], **address)
    assert_refused(state, "update_default_address", "two-letter", customer_id=c["customer_id"],
                   **{**address, "state": "Colorado"})


def test_exchanged_item_cannot_be_exchanged_again(state: DuckDBState) -> None:
    row = one(state, "SELECT i.order_id, i.order_item_id FROM order_items i JOIN orders o ON o.order_id = i.order_id "
                     "JOIN shipments s ON s.order_id = o.order_id WHERE o.status = 'delivered' "
                     "AND i.status <> 'ordered' AND s.delivered_at >= TIMESTAMP '2026-02-14' "
                     "ORDER BY i.order_item_id LIMIT 1")
    assert_refused(state, "exchange_delivered_item", "cannot be exchanged", order_id=row["order_id"],
                   order_item_id=row["order_item_id"], new_variant_id="V-0")


def test_cancelled_order_gets_no_goodwill_credit(state: DuckDBState) -> None:
    order = one(state, "SELECT order_id FROM orders WHERE status = 'cancelled' ORDER BY order_id LIMIT 1")
    assert_refused(state, "issue_store_credit", "no compensation", order_id=order["order_id"], amount=10,
                   reason="service_issue")
