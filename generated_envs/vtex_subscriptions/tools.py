"""Tools of the vtex_subscriptions environment, compiled from Subscriptions API (v3).

A **Subscription** is a list of items (SKUs) tied to certain recurring purchase settings: - User profile - Address -
Payment method - Frequency - Cycle Once you have configured subscriptions in your store, the Subscriptions API
allows you to create, manage and monitor your customers' subscriptions. !image To read more about the Subscriptions
feature, check our article How Subscription works.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, select_rows, update_row

SimulationItemStatus = Literal[0, 1, 2, 3, 4]
SubscriptionGroupStatus = Literal["ACTIVE", "PAUSED", "CANCELLED", "EXPIRED", "MISSING"]

_ORDER_ITEMS_SQL = "SELECT t.* FROM order_items t"
_STORE_PLANS_SQL = "SELECT t.* FROM store_plans t"
_SUBSCRIPTION_REPORTS_SQL = "SELECT t.* FROM subscription_reports t"
_CONVERSATION_MESSAGES_SQL = "SELECT t.* FROM conversation_messages t"
_REPORTS_SQL = "SELECT t.* FROM reports t"
_SIMULATION_ITEMS_SQL = "SELECT t.* FROM simulation_items t"
_SUBSCRIPTION_CYCLES_SQL = "SELECT t.* FROM subscription_cycles t"
_SUBSCRIPTION_CYCLES_LIST_SQL = ("SELECT t.subscription_cycle_id, t.date, t.customer_email, "
                                 "t.cycle_count, t.status, t.subscription_id FROM subscription_cycles "
                                 "t")
_SUBSCRIPTION_GROUPS_SQL = "SELECT t.* FROM subscription_groups t"
_SUBSCRIPTION_GROUPS_LIST_SQL = ("SELECT t.subscription_group_id, t.title, t.created_at, "
                                 "t.customer_email, t.cycle_count, t.next_purchase_date, t.status FROM"
                                 " subscription_groups t")


def _subscription_cycle(db: Database, subscription_cycle_id: str) -> dict[str, Any]:
    row = db.query_one(_SUBSCRIPTION_CYCLES_SQL + " WHERE t.subscription_cycle_id = ?",
                                                  [subscription_cycle_id.strip().upper()])
    if row is None:
        raise ToolError(f"no subscription cycle with id {subscription_cycle_id!r} (subscription cycle ids look like "
                        f"'SC-0001')")
    return row


def _subscription_group(db: Database, subscription_group_id: str) -> dict[str, Any]:
    row = db.query_one(_SUBSCRIPTION_GROUPS_SQL + " WHERE t.subscription_group_id = ?",
                                                  [subscription_group_id.strip().upper()])
    if row is None:
        raise ToolError(f"no subscription group with id {subscription_group_id!r} (subscription group ids look like "
                        f"'SG-0001')")
    return row


@tool
def get_api_rns_pub_cycles(
        db: Database,
        subscription_id: str | None = None,
        customer_email: str | None = None,
        status: str | None = None,
) -> list[dict[str, Any]]:
    """List cycles.

    List cycles filtering by some arguments.

    Args:
        subscription_id: Id from the subscription that generated the cycle.
        customer_email: Customer that owns the subscription. Defaults to the current logged user.
        status: Current cycle status.

    Returns:
        The matching subscription cycle summaries (subscription_cycle_id, date, customer_email, cycle_count, status, subscription_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if subscription_id is not None:
        where.append("lower(t.subscription_id) = lower(?)")
        params.append(subscription_id.strip())
    if customer_email is not None:
        where.append("lower(t.customer_email) = lower(?)")
        params.append(customer_email.strip())
    if status is not None:
        where.append("lower(t.status) = lower(?)")
        params.append(status.strip())
    return select_rows(db, _SUBSCRIPTION_CYCLES_LIST_SQL, where, params, "t.subscription_cycle_id")


@tool
def get_api_rns_pub_cycles_cycle_id(db: Database, subscription_cycle_id: str) -> dict[str, Any]:
    """Get cycle details.

    Retrieve a specific cycle by its ID.

    Args:
        subscription_cycle_id: ID from the desired cycle; e.g. "SC-0001" (from get_api_rns_pub_cycles).

    Returns:
        The subscription cycle with the names of the rows it refers to.
    """
    return _subscription_cycle(db, subscription_cycle_id)


@tool
def get_api_rns_pub_subscriptions(
        db: Database,
        customer_email: str | None = None,
        status: SubscriptionGroupStatus | None = None,
        next_purchase_date: str | None = None,
) -> list[dict[str, Any]]:
    """List subscriptions.

    List subscriptions filtering by some arguments.

    Args:
        customer_email: Customer that owns the subscription. Defaults to the current logged user.
        status: Current subscription status.
        next_purchase_date: Date for the next cycle; a date and time YYYY-MM-DDTHH:MM.

    Returns:
        The matching subscription group summaries (subscription_group_id, title, created_at, customer_email, cycle_count, next_purchase_date, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if customer_email is not None:
        where.append("lower(t.customer_email) = lower(?)")
        params.append(customer_email.strip())
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    if next_purchase_date is not None:
        where.append("t.next_purchase_date = ?")
        params.append(check_moment("next_purchase_date", next_purchase_date))
    return select_rows(db, _SUBSCRIPTION_GROUPS_LIST_SQL, where, params, "t.subscription_group_id")


@tool
def post_api_rns_pub_subscriptions_simulate(
        db: Database,
        status: SimulationItemStatus | None = None,
) -> list[dict[str, Any]]:
    """Calculate the current prices for the provided subscription template.

    Simulates an order made by subscriptions on checkout and retrieves the current price for items and shipping.

    Args:
        status: Only simulation item rows with this status.

    Returns:
        The matching simulation item rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _SIMULATION_ITEMS_SQL, where, params, "t.simulation_item_id")


@tool
def get_api_rns_pub_subscriptions_id(db: Database, subscription_group_id: str) -> dict[str, Any]:
    """Get subscription details.

    Retrieve a specific subscription by its ID.

    Args:
        subscription_group_id: ID from the target subscription; e.g. "SG-0001" (from
            get_api_rns_pub_subscriptions).

    Returns:
        The subscription group with the names of the rows it refers to.
    """
    return _subscription_group(db, subscription_group_id)


@tool(writes=True)
def patch_api_rns_pub_subscriptions_id(
        db: Database,
        subscription_group_id: str,
        is_skipped: bool | None = None,
        plan: str | None = None,
        purchase_settings: str | None = None,
        shipping_address: str | None = None,
        status: SubscriptionGroupStatus | None = None,
        title: str | None = None,
) -> dict[str, Any]:
    """Update subscription.

    Update a specific subscription.

    Args:
        subscription_group_id: ID from the given subscription; e.g. "SG-0001" (from
            get_api_rns_pub_subscriptions).
        is_skipped: When set as 'true', it means the shopper asked to skip the next subscription order, and when
            set as 'false', no subscription order is going to be skipped.
        plan: Information about the plan.
        purchase_settings: Object containing purchase settings information.
        shipping_address: Shipping address.
        status: Status to which you wish to update the subscription. The accepted values are: - 'ACTIVE' -
            'PAUSED' - 'CANCELLED' - 'EXPIRED' - 'MISSING'.
        title: Name of the subscription.

    Returns:
        The subscription group as changed.
    """
    subscription_group = _subscription_group(db, subscription_group_id)
    changes: dict[str, Any] = {}
    if is_skipped is not None:
        changes["is_skipped"] = is_skipped
    if plan is not None:
        changes["plan"] = plan
    if purchase_settings is not None:
        changes["purchase_settings"] = purchase_settings
    if shipping_address is not None:
        changes["shipping_address"] = shipping_address
    if status is not None:
        changes["status"] = status
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if not changes:
        raise ToolError("patch api rns pub subscriptions id needs at least one of is skipped, plan, purchase "
                        "settings, shipping address, status or title")
    update_row(db, "subscription_groups", "subscription_group_id", subscription_group["subscription_group_id"], changes)
    return _subscription_group(db, subscription_group["subscription_group_id"])


@tool(writes=True)
def patch_api_rns_pub_subscriptions_id_items_item_id(
        db: Database,
        subscription_group_id: str,
        is_skipped: bool | None = None,
        status: SubscriptionGroupStatus | None = None,
) -> dict[str, Any]:
    """Edit items on a subscription.

    Edit a given item on a specific subscription

    Args:
        subscription_group_id: Id from the target subscription; e.g. "SG-0001" (from
            get_api_rns_pub_subscriptions).
        is_skipped: Is skipped.
        status: Status.

    Returns:
        The subscription group as changed.
    """
    subscription_group = _subscription_group(db, subscription_group_id)
    changes: dict[str, Any] = {}
    if is_skipped is not None:
        changes["is_skipped"] = is_skipped
    if status is not None:
        changes["status"] = status
    if not changes:
        raise ToolError("patch api rns pub subscriptions id items item id needs at least one of is skipped or status")
    update_row(db, "subscription_groups", "subscription_group_id", subscription_group["subscription_group_id"], changes)
    return _subscription_group(db, subscription_group["subscription_group_id"])


@tool
def post_api_rns_pub_subscriptions_id_simulate(
        db: Database,
        simulation_item_id: str | None = None,
) -> list[dict[str, Any]]:
    """Calculate the current prices for a specific subscription.

    Simulates an order made by the specific subscription on checkout and retrieves the current price for items and
    shipping.

    Args:
        simulation_item_id: Id from the target subscription.

    Returns:
        The matching simulation item rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if simulation_item_id is not None:
        where.append("lower(t.simulation_item_id) = lower(?)")
        params.append(simulation_item_id.strip())
    return select_rows(db, _SIMULATION_ITEMS_SQL, where, params, "t.simulation_item_id")


@tool
def get_api_rns_pub_subscriptions_subscription_id_conversation_m(db: Database) -> list[dict[str, Any]]:
    """Get conversation messages.

    Retrieve all conversation messages sent to a customer regarding a given subscription.

    Returns:
        The matching conversation message rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CONVERSATION_MESSAGES_SQL, [], [], "t.conversation_message_id")


@tool
def get_api_rns_pvt_reports(db: Database) -> list[dict[str, Any]]:
    """List report templates.

    List all report templates available.

    Returns:
        The matching subscription report rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _SUBSCRIPTION_REPORTS_SQL, [], [], "t.subscription_report_key")
