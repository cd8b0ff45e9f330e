"""Tools of the pocketsmith environment, compiled from PocketSmith.

The PocketSmith API
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, next_number, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

RefundBehaviour = Literal["debits_are_deductions", "credits_are_refunds"]
RepeatType = Literal["once", "daily", "weekly", "fortnightly", "monthly", "yearly", "each weekday"]
TransactionStatus = Literal["pending", "posted"]
TransactionType = Literal["debit", "credit"]

_CATEGORIES_SQL = "SELECT t.* FROM categories t"
_CATEGORIES_LIST_SQL = "SELECT t.category_id, t.title, t.parent_id, t.refund_behaviour FROM categories t"
_EVENTS_SQL = "SELECT t.* FROM events t"
_EVENTS_LIST_SQL = "SELECT t.event_id, t.amount, t.amount_in_base_currency, t.repeat_type FROM events t"
_INSTITUTIONS_SQL = "SELECT t.* FROM institutions t"
_TRANSACTIONS_SQL = "SELECT t.* FROM transactions t"
_TRANSACTIONS_LIST_SQL = ("SELECT t.transaction_id, t.created_at, t.amount, t.amount_in_base_currency,"
                          " t.status, t.type FROM transactions t")


def _category(db: Database, category_id: int) -> dict[str, Any]:
    row = db.query_one(_CATEGORIES_SQL + " WHERE t.category_id = ?", [category_id])
    if row is None:
        raise ToolError(f"no category with id {category_id!r} (category ids look like 1)")
    return row


def _event(db: Database, event_id: str) -> dict[str, Any]:
    row = db.query_one(_EVENTS_SQL + " WHERE t.event_id = ?", [event_id.strip()])
    if row is None:
        raise ToolError(f"no event with id {event_id!r} (event ids look like '42-1601942400')")
    return row


def _institution(db: Database, institution_id: int) -> dict[str, Any]:
    row = db.query_one(_INSTITUTIONS_SQL + " WHERE t.institution_id = ?", [institution_id])
    if row is None:
        raise ToolError(f"no institution with id {institution_id!r} (institution ids look like 1)")
    return row


def _transaction(db: Database, transaction_id: int) -> dict[str, Any]:
    row = db.query_one(_TRANSACTIONS_SQL + " WHERE t.transaction_id = ?", [transaction_id])
    if row is None:
        raise ToolError(f"no transaction with id {transaction_id!r} (transaction ids look like 1)")
    return row


@tool
def get_accounts_id_transactions(
        db: Database,
        transaction_id: int | None = None,
        type: TransactionType | None = None,
) -> list[dict[str, Any]]:
    """List transactions in account.

    Lists transactions belonging to an account by its ID.

    Args:
        transaction_id: The unique identifier of the account.
        type: Limit to transactions of this type.

    Returns:
        The matching transaction summaries (transaction_id, created_at, amount, amount_in_base_currency, status, type; given transaction_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if transaction_id is not None:
        where.append("t.transaction_id = ?")
        params.append(transaction_id)
    if type is not None:
        where.append("t.type = ?")
        params.append(type)
    return select_rows(db, _TRANSACTIONS_SQL if transaction_id is not None else _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")


@tool
def get_categories_id(db: Database, category_id: int) -> dict[str, Any]:
    """Get category.

    Gets a particular category by its ID.

    Args:
        category_id: The unique identifier of the category; e.g. 1 (from get_users_id_categories).

    Returns:
        The category with the names of the rows it refers to.
    """
    return _category(db, category_id)


@tool(writes=True)
def put_categories_id(
        db: Database,
        category_id: int,
        colour: str | None = None,
        is_bill: bool | None = None,
        is_transfer: bool | None = None,
        parent_id: int | None = None,
        refund_behaviour: RefundBehaviour | None = None,
        roll_up: bool | None = None,
        title: str | None = None,
) -> dict[str, Any]:
    """Update category.

    Updates a category by its ID.

    Args:
        category_id: The unique identifier of the category; e.g. 1 (from get_users_id_categories).
        colour: A new CSS-style hex colour for the category.
        is_bill: Set the category as a bill category.
        is_transfer: Set the category as a transfer category.
        parent_id: The unique identifier of a parent category for the category, making this category a child of
            that category.
        refund_behaviour: Set the refund behaviour of the category.
        roll_up: Set the category to be rolled up into its parent category.
        title: A new title for the category.

    Returns:
        The category as changed.
    """
    category = _category(db, category_id)
    changes: dict[str, Any] = {}
    if colour is not None:
        colour = colour.strip()
        changes["colour"] = colour
    if is_bill is not None:
        changes["is_bill"] = is_bill
    if is_transfer is not None:
        changes["is_transfer"] = is_transfer
    if parent_id is not None:
        changes["parent_id"] = parent_id
    if refund_behaviour is not None:
        changes["refund_behaviour"] = refund_behaviour
    if roll_up is not None:
        changes["roll_up"] = roll_up
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if not changes:
        raise ToolError("put categories id needs at least one of colour, is bill, is transfer, parent id, refund "
                        "behaviour, roll up or title")
    update_row(db, "categories", "category_id", category["category_id"], changes)
    return _category(db, category["category_id"])


@tool(writes=True)
def delete_categories_id(db: Database, category_id: int) -> dict[str, Any]:
    """Delete category.

    Deletes a particular category by its ID. This will delete all budgets within the category, and uncategorize
    all transactions assigned to the category.

    Args:
        category_id: The unique identifier of the category; e.g. 1 (from get_users_id_categories).

    Returns:
        The removed category, marked deleted.
    """
    category = _category(db, category_id)
    db.execute("DELETE FROM categories WHERE category_id = ?", [category["category_id"]])
    return {**category, "deleted": True}


@tool
def get_categories_id_transactions(
        db: Database,
        transaction_id: int | None = None,
        type: TransactionType | None = None,
) -> list[dict[str, Any]]:
    """List transactions in categories.

    Lists transactions belonging to one or more categories by their IDs.

    Args:
        transaction_id: A comma-separated list of category IDs.
        type: Limit to transactions of this type.

    Returns:
        The matching transaction summaries (transaction_id, created_at, amount, amount_in_base_currency, status, type; given transaction_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if transaction_id is not None:
        where.append("t.transaction_id = ?")
        params.append(transaction_id)
    if type is not None:
        where.append("t.type = ?")
        params.append(type)
    return select_rows(db, _TRANSACTIONS_SQL if transaction_id is not None else _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")


@tool
def get_events_id(db: Database, event_id: str) -> dict[str, Any]:
    """Get event.

    Gets a particular event by its ID.

    Args:
        event_id: The unique identifier of the event; e.g. "42-1601942400" (from get_scenarios_id_events).

    Returns:
        The event with the names of the rows it refers to.
    """
    return _event(db, event_id)


@tool(writes=True)
def put_events_id(
        db: Database,
        event_id: str,
        amount: float | None = None,
        note: str | None = None,
        repeat_interval: int | None = None,
        repeat_type: RepeatType | None = None,
) -> dict[str, Any]:
    """Update event.

    Updates an event by its ID.

    Args:
        event_id: The unique identifier of the event; e.g. "42-1601942400" (from get_scenarios_id_events).
        amount: The amount of the event. A positive amount is a credit, and a negative amount is a debit.
        note: A note for the event.
        repeat_interval: The repeat interval of the event.
        repeat_type: The repeat type of the event.

    Returns:
        The event as changed.
    """
    event = _event(db, event_id)
    changes: dict[str, Any] = {}
    if amount is not None:
        changes["amount"] = amount
    if note is not None:
        note = note.strip()
        changes["note"] = note
    if repeat_interval is not None:
        changes["repeat_interval"] = repeat_interval
    if repeat_type is not None:
        changes["repeat_type"] = repeat_type
    if not changes:
        raise ToolError("put events id needs at least one of amount, note, repeat interval or repeat type")
    update_row(db, "events", "event_id", event["event_id"], changes)
    return _event(db, event["event_id"])


@tool(writes=True)
def delete_events_id(db: Database, event_id: str) -> dict[str, Any]:
    """Delete event.

    Deletes an event by its ID.

    Args:
        event_id: The unique identifier of the event; e.g. "42-1601942400" (from get_scenarios_id_events).

    Returns:
        The removed event, marked deleted.
    """
    event = _event(db, event_id)
    db.execute("DELETE FROM events WHERE event_id = ?", [event["event_id"]])
    return {**event, "deleted": True}


@tool
def get_institutions_id(db: Database, institution_id: int) -> dict[str, Any]:
    """Get institution.

    Gets an institution by its ID.

    Args:
        institution_id: The unique identifier of the institution; e.g. 1 (from get_users_id_institutions).

    Returns:
        The institution with the names of the rows it refers to.
    """
    return _institution(db, institution_id)


@tool(writes=True)
def put_institutions_id(
        db: Database,
        institution_id: int,
        currency_code: str | None = None,
        title: str | None = None,
) -> dict[str, Any]:
    """Update institution.

    Updates the title and currency code for an institution.

    Args:
        institution_id: The unique identifier of the institution; e.g. 1 (from get_users_id_institutions).
        currency_code: A new currency code for the institution.
        title: A new title for the institution.

    Returns:
        The institution as changed.
    """
    institution = _institution(db, institution_id)
    changes: dict[str, Any] = {}
    if currency_code is not None:
        currency_code = currency_code.strip()
        changes["currency_code"] = currency_code
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if not changes:
        raise ToolError("put institutions id needs at least one of currency code or title")
    update_row(db, "institutions", "institution_id", institution["institution_id"], changes)
    return _institution(db, institution["institution_id"])


@tool(writes=True)
def delete_institutions_id(db: Database, institution_id: int) -> dict[str, Any]:
    """Delete institution.

    Deletes an institution and all data within. Alternatively, another institution can be provided to merge the
    data into to avoid losing it.

    Args:
        institution_id: The unique identifier of the institution; e.g. 1 (from get_users_id_institutions).

    Returns:
        The removed institution, marked deleted.
    """
    institution = _institution(db, institution_id)
    db.execute("DELETE FROM institutions WHERE institution_id = ?", [institution["institution_id"]])
    return {**institution, "deleted": True}


@tool
def get_scenarios_id_events(db: Database, event_id: str | None = None) -> list[dict[str, Any]]:
    """List events in scenario.

    Lists events belonging to a scenario by their ID.

    Args:
        event_id: The unique identifier of the scenario.

    Returns:
        The matching event summaries (event_id, amount, amount_in_base_currency, repeat_type; given event_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if event_id is not None:
        where.append("lower(t.event_id) = lower(?)")
        params.append(event_id.strip())
    return select_rows(db, _EVENTS_SQL if event_id is not None else _EVENTS_LIST_SQL, where, params, "t.event_id")


@tool(writes=True)
def post_scenarios_id_events(
        db: Database,
        amount: float,
        date: str,
        repeat_type: RepeatType,
        note: str | None = None,
        repeat_interval: int | None = None,
) -> dict[str, Any]:
    """Create event in scenario.

    Creates an event in a scenario by its ID.

    Args:
        amount: The amount of the event. A positive amount is a credit, and a negative amount is a debit.
        date: The starting date of the event.
        repeat_type: The repeat type of the event.
        note: A note for the event.
        repeat_interval: The repeat interval of the event.

    Returns:
        The new event.
    """
    date = check_day("date", date)
    if note is not None:
        note = note.strip()
    event_id = next_id(db, "events", "event_id", "42-", 10)
    db.execute("INSERT INTO events (amount, amount_in_base_currency, category, colour, currency_code, date, "
               "event_id, infinite_series, note, repeat_interval, repeat_type, scenario, series_id, "
               "series_start_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [amount, None, None, None, None, date, event_id, None, note, repeat_interval, repeat_type, None, None, None])
    return db.query_one(_EVENTS_SQL + " WHERE t.event_id = ?", [event_id]) or {}


@tool
def get_transaction_accounts_id_transactions(
        db: Database,
        transaction_id: int | None = None,
        type: TransactionType | None = None,
) -> list[dict[str, Any]]:
    """List transactions in transaction account.

    Lists transactions belonging to a transaction account by its ID.

    Args:
        transaction_id: The unique identifier of the transaction account.
        type: Limit to transactions of this type.

    Returns:
        The matching transaction summaries (transaction_id, created_at, amount, amount_in_base_currency, status, type; given transaction_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if transaction_id is not None:
        where.append("t.transaction_id = ?")
        params.append(transaction_id)
    if type is not None:
        where.append("t.type = ?")
        params.append(type)
    return select_rows(db, _TRANSACTIONS_SQL if transaction_id is not None else _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")


@tool(writes=True)
def post_transaction_accounts_id_transactions(
        db: Database,
        amount: float,
        date: str,
        payee: str,
        cheque_number: str | None = None,
        is_transfer: bool | None = None,
        labels: str | None = None,
        memo: str | None = None,
        needs_review: bool | None = None,
        note: str | None = None,
) -> dict[str, Any]:
    """Create a transaction in transaction account.

    Creates a transaction in a transaction account by its ID.

    Args:
        amount: The amount of the transaction. A positive amount is a credit, and a negative amount is a debit.
        date: The date when the transaction occurred.
        payee: The payee/merchant of the transaction.
        cheque_number: A cheque number for the transaction.
        is_transfer: Whether the transaction should be indicated as a transfer.
        labels: A set of comma-separated labels for the transaction.
        memo: A memo for the transaction.
        needs_review: Whether the transaction needs to be reviewed or not.
        note: A note for the transaction.

    Returns:
        The new transaction.
    """
    if cheque_number is not None:
        cheque_number = cheque_number.strip()
    date = check_day("date", date)
    if labels is not None:
        labels = labels.strip()
    if memo is not None:
        memo = memo.strip()
    if note is not None:
        note = note.strip()
    payee = payee.strip()
    transaction_id = next_number(db, "transactions", "transaction_id")
    db.execute("INSERT INTO transactions (amount, amount_in_base_currency, category, cheque_number, "
               "closing_balance, created_at, date, transaction_id, is_transfer, labels, memo, needs_review, note, "
               "original_payee, payee, status, transaction_account, type, updated_at, upload_source) VALUES (?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [amount, None, None, cheque_number, None, db.now, date, transaction_id, is_transfer, labels, memo, needs_review, note, None, payee, "pending",
                                                                                                                                                   None, "debit", db.now, None])
    return db.query_one(_TRANSACTIONS_SQL + " WHERE t.transaction_id = ?", [transaction_id]) or {}


@tool
def get_transactions_id(db: Database, transaction_id: int) -> dict[str, Any]:
    """Get a transaction.

    Gets a transaction by its ID.

    Args:
        transaction_id: The unique identifier of the transaction; e.g. 1 (from get_accounts_id_transactions).

    Returns:
        The transaction with the names of the rows it refers to.
    """
    return _transaction(db, transaction_id)


@tool(writes=True)
def put_transactions_id(
        db: Database,
        transaction_id: int,
        amount: float | None = None,
        cheque_number: str | None = None,
        date: str | None = None,
        is_transfer: bool | None = None,
        labels: str | None = None,
        memo: str | None = None,
        needs_review: bool | None = None,
        note: str | None = None,
        payee: str | None = None,
) -> dict[str, Any]:
    """Update a transaction.

    Updates a transaction by its ID.

    Args:
        transaction_id: The unique identifier of the transaction; e.g. 1 (from get_accounts_id_transactions).
        amount: A new amount for the transaction.
        cheque_number: A new cheque number for the transaction.
        date: A new date for the transaction.
        is_transfer: Whether the transaction is a transfer or not.
        labels: A new comma-separated set of labels for the transaction.
        memo: A new memo for the transaction.
        needs_review: Whether the transaction needs to be reviewed or not.
        note: A new note for the transaction.
        payee: A new payee for the transaction.

    Returns:
        The transaction as changed.
    """
    transaction = _transaction(db, transaction_id)
    changes: dict[str, Any] = {}
    if amount is not None:
        changes["amount"] = amount
    if cheque_number is not None:
        cheque_number = cheque_number.strip()
        changes["cheque_number"] = cheque_number
    if date is not None:
        date = check_day("date", date)
        changes["date"] = date
    if is_transfer is not None:
        changes["is_transfer"] = is_transfer
    if labels is not None:
        labels = labels.strip()
        changes["labels"] = labels
    if memo is not None:
        memo = memo.strip()
        changes["memo"] = memo
    if needs_review is not None:
        changes["needs_review"] = needs_review
    if note is not None:
        note = note.strip()
        changes["note"] = note
    if payee is not None:
        payee = payee.strip()
        changes["payee"] = payee
    if not changes:
        raise ToolError("put transactions id needs at least one of amount, cheque number, date, is transfer, "
                        "labels, memo, needs review, note or payee")
    update_row(db, "transactions", "transaction_id", transaction["transaction_id"], changes)
    return _transaction(db, transaction["transaction_id"])


@tool(writes=True)
def delete_transactions_id(db: Database, transaction_id: int) -> dict[str, Any]:
    """Delete transaction.

    Deletes a transaction and all its data by ID.

    Args:
        transaction_id: The unique identifier of the transaction; e.g. 1 (from get_accounts_id_transactions).

    Returns:
        The removed transaction, marked deleted.
    """
    transaction = _transaction(db, transaction_id)
    db.execute("DELETE FROM transactions WHERE transaction_id = ?", [transaction["transaction_id"]])
    return {**transaction, "deleted": True}


@tool
def get_users_id_categories(db: Database, category_id: int | None = None) -> list[dict[str, Any]]:
    """List categories in user.

    Lists all categories belonging to a user by their ID.

    Args:
        category_id: The unique identifier of the user.

    Returns:
        The matching category summaries (category_id, title, parent_id, refund_behaviour; given category_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if category_id is not None:
        where.append("t.category_id = ?")
        params.append(category_id)
    return select_rows(db, _CATEGORIES_SQL if category_id is not None else _CATEGORIES_LIST_SQL, where, params, "t.category_id")


@tool(writes=True)
def post_users_id_categories(
        db: Database,
        title: str,
        colour: str | None = None,
        is_bill: bool | None = None,
        is_transfer: bool | None = None,
        parent_id: int | None = None,
        refund_behaviour: RefundBehaviour | None = None,
        roll_up: bool | None = None,
) -> dict[str, Any]:
    """Create category in user.

    Creates a category belonging to the user by their ID.

    Args:
        title: A title for the category.
        colour: A CSS-style hex colour for the category.
        is_bill: Set the category as a bill category.
        is_transfer: Set the category as a transfer category.
        parent_id: The unique identifier of a category to be the parent of this category.
        refund_behaviour: Set the refund behaviour of the category.
        roll_up: Set the category to be rolled up into its parent category.

    Returns:
        The new category.
    """
    if colour is not None:
        colour = colour.strip()
    title = title.strip()
    category_id = next_number(db, "categories", "category_id")
    db.execute("INSERT INTO categories (children, colour, created_at, category_id, is_bill, is_transfer, "
               "parent_id, refund_behaviour, roll_up, title, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, colour, None, category_id, is_bill, is_transfer, parent_id, refund_behaviour, roll_up, title, None])
    return db.query_one(_CATEGORIES_SQL + " WHERE t.category_id = ?", [category_id]) or {}


@tool
def get_users_id_events(db: Database, event_id: str | None = None) -> list[dict[str, Any]]:
    """List events in user.

    Lists events belonging to a user by their ID.

    Args:
        event_id: The unique identifier of the user.

    Returns:
        The matching event summaries (event_id, amount, amount_in_base_currency, repeat_type; given event_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if event_id is not None:
        where.append("lower(t.event_id) = lower(?)")
        params.append(event_id.strip())
    return select_rows(db, _EVENTS_SQL if event_id is not None else _EVENTS_LIST_SQL, where, params, "t.event_id")


@tool
def get_users_id_institutions(db: Database, institution_id: int | None = None) -> list[dict[str, Any]]:
    """List institutions in user.

    Lists all the institutions belonging to the user.

    Args:
        institution_id: The unique identifier of the user.

    Returns:
        The matching institution rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if institution_id is not None:
        where.append("t.institution_id = ?")
        params.append(institution_id)
    return select_rows(db, _INSTITUTIONS_SQL, where, params, "t.institution_id")


@tool(writes=True)
def post_users_id_institutions(db: Database, currency_code: str, title: str) -> dict[str, Any]:
    """Create institution in user.

    Creates an institution belonging to a user.

    Args:
        currency_code: A currency code for the institution.
        title: A title for the institution.

    Returns:
        The new institution.
    """
    currency_code = currency_code.strip()
    title = title.strip()
    institution_id = next_number(db, "institutions", "institution_id")
    db.execute("INSERT INTO institutions (created_at, currency_code, institution_id, title, updated_at) VALUES (?, "
               "?, ?, ?, ?)",
               [db.now, currency_code, institution_id, title, db.now])
    return db.query_one(_INSTITUTIONS_SQL + " WHERE t.institution_id = ?", [institution_id]) or {}


@tool
def get_users_id_transactions(
        db: Database,
        transaction_id: int | None = None,
        type: TransactionType | None = None,
) -> list[dict[str, Any]]:
    """List transactions in user.

    Lists transactions belonging to a user by their ID.

    Args:
        transaction_id: The unique identifier of the account.
        type: Limit to transactions of this type.

    Returns:
        The matching transaction summaries (transaction_id, created_at, amount, amount_in_base_currency, status, type; given transaction_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if transaction_id is not None:
        where.append("t.transaction_id = ?")
        params.append(transaction_id)
    if type is not None:
        where.append("t.type = ?")
        params.append(type)
    return select_rows(db, _TRANSACTIONS_SQL if transaction_id is not None else _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")
