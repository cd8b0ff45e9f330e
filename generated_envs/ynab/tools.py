"""Tools of the ynab environment, compiled from YNAB API Endpoints.

Our API uses a REST based design, leverages the JSON data format, and relies upon HTTPS for transport. We respond
with meaningful HTTP response codes and if an error occurs, we include error details in the response body. API
Documentation is at https://api.ynab.com
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, check_scope, check_text, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

AccountType = Literal["checking",
                      "savings", "cash", "creditCard", "lineOfCredit", "otherAsset", "otherLiability", "mortgage", "autoLoan", "studentLoan", "personalLoan", "medicalDebt", "otherDebt"]
GoalType = Literal["TB", "TBD", "MF", "NEED", "DEBT"]
FlagColor = Literal["red", "orange", "yellow", "green", "blue", "purple"]
Frequency = Literal["never",
                    "daily", "weekly", "everyOtherWeek", "twiceAMonth", "every4Weeks", "monthly", "everyOtherMonth", "every3Months", "every4Months", "twiceAYear", "yearly", "everyOtherYear"]
Cleared = Literal["cleared", "uncleared", "reconciled"]
DebtTransactionType = Literal["payment",
                              "refund", "fee", "interest", "escrow", "balancedAdjustment", "credit", "charge"]

_ACCOUNTS_SQL = "SELECT t.* FROM accounts t"
_ACCOUNTS_LIST_SQL = "SELECT t.account_id, t.name, t.balance, t.cleared_balance, t.type FROM accounts t"
_CATEGORIES_SQL = "SELECT t.* FROM categories t"
_CATEGORIES_LIST_SQL = "SELECT t.category_id, t.name, t.activity, t.balance, t.goal_type FROM categories t"
_PAYEES_SQL = "SELECT t.* FROM payees t"
_PAYEE_LOCATIONS_SQL = ("SELECT t.*, r1.name AS payee_name FROM payee_locations t LEFT JOIN payees r1 "
                        "ON r1.payee_id = t.payee_id")
_USERS_SQL = "SELECT t.* FROM users t"
_BUDGETS_SQL = "SELECT t.* FROM budgets t"
_BUDGETS_LIST_SQL = "SELECT t.budget_id, t.name, t.first_month, t.last_modified_on FROM budgets t"
_SCHEDULED_TRANSACTIONS_SQL = ("SELECT t.*, r1.name AS account_name, r2.name AS category_name, r3.name"
                               " AS payee_name FROM scheduled_transactions t LEFT JOIN accounts r1 ON "
                               "r1.account_id = t.account_id LEFT JOIN categories r2 ON r2.category_id"
                               " = t.category_id LEFT JOIN payees r3 ON r3.payee_id = t.payee_id")
_SCHEDULED_TRANSACTIONS_LIST_SQL = ("SELECT t.scheduled_transaction_id, t.account_id, t.amount, "
                                    "t.category_id, t.date_first, t.flag_color, t.frequency, "
                                    "t.payee_id, r1.name AS account_name, r2.name AS category_name, "
                                    "r3.name AS payee_name FROM scheduled_transactions t LEFT JOIN "
                                    "accounts r1 ON r1.account_id = t.account_id LEFT JOIN categories "
                                    "r2 ON r2.category_id = t.category_id LEFT JOIN payees r3 ON "
                                    "r3.payee_id = t.payee_id")
_TRANSACTIONS_SQL = ("SELECT t.*, r1.name AS account_name, r2.name AS category_name, r3.name AS "
                     "payee_name FROM transactions t LEFT JOIN accounts r1 ON r1.account_id = "
                     "t.account_id LEFT JOIN categories r2 ON r2.category_id = t.category_id LEFT JOIN"
                     " payees r3 ON r3.payee_id = t.payee_id")
_TRANSACTIONS_LIST_SQL = ("SELECT t.transaction_id, t.account_id, t.amount, t.category_id, t.cleared, "
                          "t.debt_transaction_type, t.flag_color, t.payee_id, r1.name AS account_name,"
                          " r2.name AS category_name, r3.name AS payee_name FROM transactions t LEFT "
                          "JOIN accounts r1 ON r1.account_id = t.account_id LEFT JOIN categories r2 ON"
                          " r2.category_id = t.category_id LEFT JOIN payees r3 ON r3.payee_id = "
                          "t.payee_id")


def _account(db: Database, account_id: str) -> dict[str, Any]:
    row = db.query_one(_ACCOUNTS_SQL + " WHERE t.account_id = ?", [account_id.strip().upper()])
    if row is None:
        raise ToolError(f"no account with id {account_id!r} (account ids look like 'A-0001')")
    return row


def _category(db: Database, category_id: str) -> dict[str, Any]:
    row = db.query_one(_CATEGORIES_SQL + " WHERE t.category_id = ?", [category_id.strip().upper()])
    if row is None:
        raise ToolError(f"no category with id {category_id!r} (category ids look like 'C-0001')")
    return row


def _payee(db: Database, payee_id: str) -> dict[str, Any]:
    row = db.query_one(_PAYEES_SQL + " WHERE t.payee_id = ?", [payee_id.strip().upper()])
    if row is None:
        raise ToolError(f"no payee with id {payee_id!r} (payee ids look like 'P-0001')")
    return row


def _payee_location(db: Database, payee_location_id: str) -> dict[str, Any]:
    row = db.query_one(_PAYEE_LOCATIONS_SQL + " WHERE t.payee_location_id = ?", [payee_location_id.strip().upper()])
    if row is None:
        raise ToolError(f"no payee location with id {payee_location_id!r} (payee location ids look like 'PL-0001')")
    return row


def _budget(db: Database, budget_id: str) -> dict[str, Any]:
    row = db.query_one(_BUDGETS_SQL + " WHERE t.budget_id = ?", [budget_id.strip().upper()])
    if row is None:
        raise ToolError(f"no budget with id {budget_id!r} (budget ids look like 'B-0001')")
    return row


def _scheduled_transaction(db: Database, scheduled_transaction_id: str) -> dict[str, Any]:
    row = db.query_one(_SCHEDULED_TRANSACTIONS_SQL + " WHERE t.scheduled_transaction_id = ?",
                                                     [scheduled_transaction_id.strip().upper()])
    if row is None:
        raise ToolError(f"no scheduled transaction with id {scheduled_transaction_id!r} (scheduled transaction ids "
                        f"look like 'ST-0001')")
    return row


def _transaction(db: Database, transaction_id: str) -> dict[str, Any]:
    row = db.query_one(_TRANSACTIONS_SQL + " WHERE t.transaction_id = ?", [transaction_id.strip().upper()])
    if row is None:
        raise ToolError(f"no transaction with id {transaction_id!r} (transaction ids look like 'T-0001')")
    return row


@tool
def get_budgets(db: Database) -> list[dict[str, Any]]:
    """List budgets.

    Returns budgets list with summary information

    Returns:
        The matching budget summaries (budget_id, name, first_month, last_modified_on; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _BUDGETS_LIST_SQL, [], [], "t.budget_id")


@tool
def get_budget_by_id(db: Database, budget_id: str) -> dict[str, Any]:
    """Single budget.

    Returns a single budget with all related entities. This resource is effectively a full budget export.

    Args:
        budget_id: The id of the budget. "last-used" can be used to specify the last used budget and "default" can
            be used if default budget selection is enabled (see: https://api.ynab.com/#oauth-default-budget); e.g.
            "B-0001" (from get_budgets).

    Returns:
        The budget with the names of the rows it refers to.
    """
    return _budget(db, budget_id)


@tool
def get_accounts(db: Database, budget_id: str | None = None) -> list[dict[str, Any]]:
    """Account list.

    Returns all accounts

    Args:
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching account summaries (account_id, name, balance, cleared_balance, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    return select_rows(db, _ACCOUNTS_LIST_SQL, [], [], "t.account_id")


@tool(writes=True)
def create_account(
        db: Database,
        balance: int,
        name: str,
        type: AccountType,
        budget_id: str | None = None,
) -> dict[str, Any]:
    """Create a new account.

    Creates a new account

    Args:
        balance: The current balance of the account in milliunits format.
        name: The name of the account.
        type: The type of account.
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The new account.
    """
    check_scope("budget_id", budget_id, "budget-1")
    name = name.strip()
    account_id = next_id(db, "accounts", "account_id", "A-", 4)
    db.execute("INSERT INTO accounts (balance, cleared_balance, closed, debt_escrow_amounts, debt_interest_rates, "
               "debt_minimum_payments, debt_original_balance, deleted, direct_import_in_error, "
               "direct_import_linked, account_id, last_reconciled_at, name, note, on_budget, transfer_payee_id, "
               "type, uncleared_balance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [balance, 0, False, None, None, None, None, False, None, None, account_id, db.now, name, None, False, "", type, 0])
    return db.query_one(_ACCOUNTS_SQL + " WHERE t.account_id = ?", [account_id]) or {}


@tool
def get_account_by_id(db: Database, account_id: str, budget_id: str | None = None) -> dict[str, Any]:
    """Single account.

    Returns a single account

    Args:
        account_id: The id of the account; e.g. "A-0001" (from get_accounts).
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The account with the names of the rows it refers to.
    """
    check_scope("budget_id", budget_id, "budget-1")
    return _account(db, account_id)


@tool
def get_transactions_by_account(
        db: Database,
        account_id: str | None = None,
        budget_id: str | None = None,
) -> list[dict[str, Any]]:
    """List account transactions.

    Returns all transactions for a specified account

    Args:
        account_id: The id of the account; e.g. "A-0001".
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching transaction summaries (transaction_id, account_id, amount, category_id, cleared, debt_transaction_type, flag_color, payee_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    where: list[str] = []
    params: list[Any] = []
    if account_id is not None:
        account = _account(db, account_id)
        where.append("t.account_id = ?")
        params.append(account["account_id"])
    return select_rows(db, _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")


@tool
def get_categories(db: Database, budget_id: str | None = None) -> list[dict[str, Any]]:
    """List categories.

    Returns all categories grouped by category group. Amounts (budgeted, activity, balance, etc.) are specific to
    the current budget month (UTC).

    Args:
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching category summaries (category_id, name, activity, balance, goal_type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    return select_rows(db, _CATEGORIES_LIST_SQL, [], [], "t.category_id")


@tool
def get_category_by_id(db: Database, category_id: str, budget_id: str | None = None) -> dict[str, Any]:
    """Single category.

    Returns a single category. Amounts (budgeted, activity, balance, etc.) are specific to the current budget
    month (UTC).

    Args:
        category_id: The id of the category; e.g. "C-0001" (from get_categories).
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The category with the names of the rows it refers to.
    """
    check_scope("budget_id", budget_id, "budget-1")
    return _category(db, category_id)


@tool
def get_transactions_by_category(
        db: Database,
        category_id: str | None = None,
        budget_id: str | None = None,
) -> list[dict[str, Any]]:
    """List category transactions.

    Returns all transactions for a specified category

    Args:
        category_id: The id of the category; e.g. "C-0001".
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching transaction summaries (transaction_id, account_id, amount, category_id, cleared, debt_transaction_type, flag_color, payee_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    where: list[str] = []
    params: list[Any] = []
    if category_id is not None:
        category = _category(db, category_id)
        where.append("t.category_id = ?")
        params.append(category["category_id"])
    return select_rows(db, _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")


@tool
def get_month_category_by_id(db: Database, category_id: str, budget_id: str | None = None) -> dict[str, Any]:
    """Single category for a specific budget month.

    Returns a single category for a specific budget month. Amounts (budgeted, activity, balance, etc.) are
    specific to the current budget month (UTC).

    Args:
        category_id: The id of the category; e.g. "C-0001" (from get_categories).
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The category with the names of the rows it refers to.
    """
    check_scope("budget_id", budget_id, "budget-1")
    return _category(db, category_id)


@tool(writes=True)
def update_month_category(
        db: Database,
        category_id: str,
        budgeted: int | None = None,
        budget_id: str | None = None,
) -> dict[str, Any]:
    """Update a category for a specific month.

    Update a category for a specific month. Only 'budgeted' amount can be updated.

    Args:
        category_id: The id of the category; e.g. "C-0001" (from get_categories).
        budgeted: Budgeted amount in milliunits format.
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The category as changed.
    """
    check_scope("budget_id", budget_id, "budget-1")
    category = _category(db, category_id)
    changes: dict[str, Any] = {}
    if budgeted is not None:
        changes["budgeted"] = budgeted
    if not changes:
        raise ToolError("update month category needs at least one of budgeted")
    update_row(db, "categories", "category_id", category["category_id"], changes)
    return _category(db, category["category_id"])


@tool
def get_payee_locations(db: Database, budget_id: str | None = None) -> list[dict[str, Any]]:
    """List payee locations.

    Returns all payee locations

    Args:
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching payee location rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    return select_rows(db, _PAYEE_LOCATIONS_SQL, [], [], "t.payee_location_id")


@tool
def get_payee_location_by_id(db: Database, payee_location_id: str, budget_id: str | None = None) -> dict[str, Any]:
    """Single payee location.

    Returns a single payee location

    Args:
        payee_location_id: id of payee location; e.g. "PL-0001" (from get_payee_locations).
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The payee location with the names of the rows it refers to.
    """
    check_scope("budget_id", budget_id, "budget-1")
    return _payee_location(db, payee_location_id)


@tool
def get_payee_locations_by_payee(
        db: Database,
        payee_id: str | None = None,
        budget_id: str | None = None,
) -> list[dict[str, Any]]:
    """List locations for a payee.

    Returns all payee locations for a specified payee

    Args:
        payee_id: id of payee; e.g. "P-0001".
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching payee location rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    where: list[str] = []
    params: list[Any] = []
    if payee_id is not None:
        payee = _payee(db, payee_id)
        where.append("t.payee_id = ?")
        params.append(payee["payee_id"])
    return select_rows(db, _PAYEE_LOCATIONS_SQL, where, params, "t.payee_location_id")


@tool
def get_transactions_by_payee(
        db: Database,
        payee_id: str | None = None,
        budget_id: str | None = None,
) -> list[dict[str, Any]]:
    """List payee transactions.

    Returns all transactions for a specified payee

    Args:
        payee_id: The id of the payee; e.g. "P-0001".
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching transaction summaries (transaction_id, account_id, amount, category_id, cleared, debt_transaction_type, flag_color, payee_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    where: list[str] = []
    params: list[Any] = []
    if payee_id is not None:
        payee = _payee(db, payee_id)
        where.append("t.payee_id = ?")
        params.append(payee["payee_id"])
    return select_rows(db, _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_id")


@tool
def get_scheduled_transactions(db: Database, budget_id: str | None = None) -> list[dict[str, Any]]:
    """List scheduled transactions.

    Returns all scheduled transactions

    Args:
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching scheduled transaction summaries (scheduled_transaction_id, account_id, amount, category_id, date_first, flag_color, frequency, payee_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    return select_rows(db, _SCHEDULED_TRANSACTIONS_LIST_SQL, [], [], "t.scheduled_transaction_id")


@tool
def get_scheduled_transaction_by_id(
        db: Database,
        scheduled_transaction_id: str,
        budget_id: str | None = None,
) -> dict[str, Any]:
    """Single scheduled transaction.

    Returns a single scheduled transaction

    Args:
        scheduled_transaction_id: The id of the scheduled transaction; e.g. "ST-0001" (from
            get_scheduled_transactions).
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The scheduled transaction with the names of the rows it refers to.
    """
    check_scope("budget_id", budget_id, "budget-1")
    return _scheduled_transaction(db, scheduled_transaction_id)


@tool
def get_transactions(db: Database, budget_id: str | None = None) -> list[dict[str, Any]]:
    """List transactions.

    Returns budget transactions

    Args:
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The matching transaction summaries (transaction_id, account_id, amount, category_id, cleared, debt_transaction_type, flag_color, payee_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("budget_id", budget_id, "budget-1")
    return select_rows(db, _TRANSACTIONS_LIST_SQL, [], [], "t.transaction_id")


@tool
def get_transaction_by_id(db: Database, transaction_id: str, budget_id: str | None = None) -> dict[str, Any]:
    """Single transaction.

    Returns a single transaction

    Args:
        transaction_id: The id of the transaction; e.g. "T-0001" (from get_transactions_by_account).
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The transaction with the names of the rows it refers to.
    """
    check_scope("budget_id", budget_id, "budget-1")
    return _transaction(db, transaction_id)


@tool(writes=True)
def update_transaction(
        db: Database,
        transaction_id: str,
        account_id: str | None = None,
        amount: int | None = None,
        approved: bool | None = None,
        category_id: str | None = None,
        cleared: Cleared | None = None,
        date: str | None = None,
        flag_color: FlagColor | None = None,
        import_id: str | None = None,
        memo: str | None = None,
        payee_id: str | None = None,
        payee_name: str | None = None,
        subtransactions: str | None = None,
        budget_id: str | None = None,
) -> dict[str, Any]:
    """Updates an existing transaction.

    Updates a single transaction

    Args:
        transaction_id: The id of the transaction; e.g. "T-0001" (from get_transactions_by_account).
        account_id: Account id; e.g. "A-0001" (from get_accounts).
        amount: The transaction amount in milliunits format. Split transaction amounts cannot be changed and if a
            different amount is supplied it will be ignored.
        approved: Whether or not the transaction is approved. If not supplied, transaction will be unapproved by
            default.
        category_id: The category for the transaction. To configure a split transaction, you can specify null for
            'category_id' and provide a 'subtransactions' array as part of the transaction object. If an existing
            transaction is a split, the 'category_id' cannot be changed. Credit Card Payment categories are not; e.g.
            "C-0001" (from get_categories).
        cleared: The cleared status of the transaction.
        date: The transaction date in ISO format (e.g. 2016-12-01). Future dates (scheduled transactions) are not
            permitted. Split transaction dates cannot be changed and if a different date is supplied it will be
            ignored; a date YYYY-MM-DD.
        flag_color: The transaction flag.
        import_id: If specified, the new transaction will be assigned this 'import_id' and considered "imported".
            We will also attempt to match this imported transaction to an existing "user-entered" transation on the
            same account, with the same amount, and with a date +/-10 days from the imported transaction date; at most
            36 characters.
        memo: Memo; at most 200 characters.
        payee_id: The payee for the transaction. To create a transfer between two accounts, use the account
            transfer payee pointing to the target account. Account transfer payees are specified as 'tranfer_payee_id'
            on the account resource; e.g. "P-0001".
        payee_name: The payee name. If a 'payee_name' value is provided and 'payee_id' has a null value, the
            'payee_name' value will be used to resolve the payee by either (1) a matching payee rename rule (only if
            'import_id' is also specified) or (2) a payee with the same name or (3) creation of a new payee; at most
            50 characters.
        subtransactions: An array of subtransactions to configure a transaction as a split. Updating
            'subtransactions' on an existing split transaction is not supported.
        budget_id: This deployment's budget id, 'budget-1' (the only one; may be left out).

    Returns:
        The transaction as changed.
    """
    check_scope("budget_id", budget_id, "budget-1")
    transaction = _transaction(db, transaction_id)
    changes: dict[str, Any] = {}
    if account_id is not None:
        account = _account(db, account_id)
        changes["account_id"] = account["account_id"]
    if amount is not None:
        changes["amount"] = amount
    if approved is not None:
        changes["approved"] = approved
    if category_id is not None:
        category = _category(db, category_id)
        changes["category_id"] = category["category_id"]
    if cleared is not None:
        changes["cleared"] = cleared
    if date is not None:
        date = check_day("date", date)
        changes["date"] = date
    if flag_color is not None:
        changes["flag_color"] = flag_color
    if import_id is not None:
        import_id = check_text("import_id", import_id, None, 36)
        changes["import_id"] = import_id
    if memo is not None:
        memo = check_text("memo", memo, None, 200)
        changes["memo"] = memo
    if payee_id is not None:
        payee = _payee(db, payee_id)
        changes["payee_id"] = payee["payee_id"]
    if payee_name is not None:
        payee_name = check_text("payee_name", payee_name, None, 50)
        changes["payee_name"] = payee_name
    if subtransactions is not None:
        changes["subtransactions"] = subtransactions
    if not changes:
        raise ToolError("update transaction needs at least one of account id, amount, approved, category id, "
                        "cleared, date, flag color, import id, memo, payee id, payee name or subtransactions")
    update_row(db, "transactions", "transaction_id", transaction["transaction_id"], changes)
    return _transaction(db, transaction["transaction_id"])
