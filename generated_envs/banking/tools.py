"""Tools of the banking environment: the customer-support back office of Kestrel Valley Bank.

Reads look up customers, accounts, transactions, debit cards, saved payees, standing orders and card disputes.
Writes move money, manage debit cards, open card disputes, refund fees, and manage payees, standing orders and
accounts, each under the bank's rules (funds and overdraft fees, daily payee limits, the 24-hour hold on new
payees, the 60-day dispute window, one courtesy fee refund per account per 12 months).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import parse_date as _parse_date

OVERDRAFT_FEE = 35.00
CARD_REPLACEMENT_FEE = 12.00
DISPUTE_WINDOW_DAYS = 60
PROVISIONAL_CREDIT_MAX = 100.00
COURTESY_REFUND_INTERVAL_DAYS = 365
FEE_REFUND_WINDOW_DAYS = 90
PAYEE_HOLD = timedelta(hours=24)
STANDING_ORDER_MAX_LEAD_DAYS = 90
DAILY_PAYEE_LIMIT = {"standard": 2500.00, "premier": 7500.00}
#: Transactions per page: a full page of realistic rows stays under the 4,000 characters an agent sees.
TRANSACTION_PAGE = 19

TransactionKind = Literal["card_purchase", "atm_withdrawal", "direct_deposit", "transfer_in", "transfer_out",
                          "payee_payment", "standing_order", "fee", "fee_refund", "dispute_credit", "interest"]

# New ids continue the numbering of existing rows, so they depend on the state alone.
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "TX-": ("transactions", "transaction_id", 6),
    "TR-": ("transfers", "transfer_id", 6),
    "DC-": ("debit_cards", "card_id", 5),
    "PY-": ("payees", "payee_id", 4),
    "SO-": ("standing_orders", "standing_order_id", 4),
    "DP-": ("card_disputes", "dispute_id", 4),
    "FR-": ("fee_refunds", "refund_id", 4),
})


def _amount(amount: float) -> float:
    value = _money(amount)
    if value <= 0:
        raise ToolError(f"amount must be more than 0.00, got {amount}")
    return value


def _label(acc: dict[str, Any]) -> str:
    return f"{acc['nickname']} ({acc['account_type']} ending {acc['number_last4']})"


def _available(acc: dict[str, Any]) -> float:
    return _money(acc["balance"] + (acc["overdraft_limit"] if acc["account_type"] == "checking" else 0.0))


_ROWS = {  # what: (SQL of one row by id, what the id looks like)
    "customer": ("SELECT * FROM customers WHERE customer_id = ?", "CU-1042"),
    "account": ("SELECT * FROM accounts WHERE account_id = ?", "AC-20117"),
    "debit card": ("SELECT c.*, a.customer_id, a.status AS account_status FROM debit_cards c "
                   "JOIN accounts a ON a.account_id = c.account_id WHERE c.card_id = ?", "DC-50123"),
    "saved payee": ("SELECT * FROM payees WHERE payee_id = ?", "PY-3007"),
    "transaction": ("SELECT * FROM transactions WHERE transaction_id = ?", "TX-004512"),
    "standing order": ("SELECT s.*, p.payee_name FROM standing_orders s JOIN payees p ON p.payee_id = s.payee_id "
                       "WHERE s.standing_order_id = ?", "SO-0042"),
}


def _row(db: Database, what: str, row_id: str) -> dict[str, Any]:
    sql, example = _ROWS[what]
    row = db.query_one(sql, [row_id.strip().upper()])
    if row is None:
        raise ToolError(f"no {what} with id {row_id!r} ({what} ids look like {example!r})")
    return row


def _require_sending(acc: dict[str, Any]) -> None:
    if acc["status"] == "restricted":
        raise ToolError(f"account {acc['account_id']} is restricted: outgoing transfers and payments are blocked "
                        "during a compliance review; the customer must visit a branch with photo ID")
    if acc["status"] != "open":
        raise ToolError(f"account {acc['account_id']} is {acc['status']}")


def _post(db: Database, account_id: str, kind: str, description: str, amount: float, fee_type: str | None = None,
          transfer_id: str | None = None) -> dict[str, Any]:
    """Book a signed transaction and move the account's balance with it."""
    balance = _money(db.scalar("SELECT balance FROM accounts WHERE account_id = ?", [account_id]) + amount)
    db.execute("UPDATE accounts SET balance = ? WHERE account_id = ?", [balance, account_id])
    txn_id = _IDS.next(db, "TX-")
    db.execute("INSERT INTO transactions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [txn_id, account_id, db.now, kind, description, _money(amount), balance, None, fee_type, transfer_id])
    return {"transaction_id": txn_id, "balance_after": balance}


def _debit(db: Database, acc: dict[str, Any], amount: float, accept_overdraft_fee: bool, kind: str,
           description: str, transfer_id: str) -> float:
    """Take ``amount`` out of ``acc`` under the funds and overdraft rules; return the overdraft fee charged."""
    available = _available(acc)
    if amount > available + 1e-9:
        raise ToolError(f"insufficient funds: {_label(acc)} has {available:.2f} available (balance "
                        f"{acc['balance']:.2f}, overdraft limit {acc['overdraft_limit']:.2f}); {amount:.2f} "
                        "cannot be sent")
    after = _money(acc["balance"] - amount)
    if after < 0 and not accept_overdraft_fee:
        raise ToolError(f"this would overdraw {_label(acc)} to {after:.2f} and incur a {OVERDRAFT_FEE:.2f} "
                        "overdraft fee; tell the customer and, only if they accept the fee, retry with "
                        "accept_overdraft_fee=true")
    _post(db, acc["account_id"], kind, description, -amount, transfer_id=transfer_id)
    if after < 0:
        _post(db, acc["account_id"], "fee", "Overdraft fee", -OVERDRAFT_FEE, fee_type="overdraft")
        return OVERDRAFT_FEE
    return 0.0


def _payee_limit(db: Database, customer: dict[str, Any]) -> dict[str, float]:
    limit = DAILY_PAYEE_LIMIT[customer["segment"]]
    used = db.scalar("SELECT coalesce(sum(amount), 0) FROM transfers WHERE customer_id = ? AND payee_id IS NOT NULL "
                     "AND standing_order_id IS NULL AND CAST(created_at AS DATE) = CAST(CAST(? AS TIMESTAMP) AS DATE)",
                     [customer["customer_id"], db.now])
    return {"daily_payee_limit": limit, "payee_payments_today": _money(used),
            "payee_limit_remaining": _money(max(limit - used, 0.0))}


def _courtesy(db: Database, account_id: str) -> dict[str, Any]:
    last = db.scalar("SELECT max(refunded_at) FROM fee_refunds WHERE account_id = ?", [account_id])
    if last is None:
        return {"courtesy_refund_available": True, "last_courtesy_refund": None}
    next_ok = datetime.fromisoformat(last) + timedelta(days=COURTESY_REFUND_INTERVAL_DAYS)
    return {"courtesy_refund_available": _now(db) >= next_ok, "last_courtesy_refund": last[:10],
            "next_courtesy_refund_from": next_ok.date().isoformat()}


def _transfer_row(db: Database, customer_id: str, from_id: str, amount: float, to_id: str | None = None,
                  payee_id: str | None = None) -> str:
    tid = _IDS.next(db, "TR-")
    db.execute("INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?, ?, 'support', NULL)",
               [tid, customer_id, from_id, to_id, payee_id, amount, db.now])
    return tid


def _routing_ok(routing: str) -> bool:
    if len(routing) != 9 or not routing.isdigit():
        return False
    d = [int(c) for c in routing]
    return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5] + d[8]) % 10 == 0


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def lookup_customer_by_email(db: Database, email: str) -> dict:
    """Identify a customer from the email address on file.

    Args:
        email: The customer's email address, e.g. "maria.lopez@example.com".

    Returns:
        The customer id and full name.
    """
    row = db.query_one("SELECT customer_id, first_name || ' ' || last_name AS name FROM customers "
                       "WHERE lower(email) = lower(?)", [email.strip()])
    if row is None:
        raise ToolError(f"no customer with email {email!r}")
    return row


@tool
def lookup_customer_by_name_dob(db: Database, first_name: str, last_name: str, date_of_birth: str) -> dict:
    """Identify a customer from their full name and date of birth.

    Args:
        first_name: The customer's first name, e.g. "Maria".
        last_name: The customer's last name, e.g. "Lopez".
        date_of_birth: The customer's date of birth, written YYYY-MM-DD, e.g. "1984-07-21".

    Returns:
        The customer id and full name.
    """
    born = _parse_date(date_of_birth, "date_of_birth")
    row = db.query_one("SELECT customer_id, first_name || ' ' || last_name AS name FROM customers "
                       "WHERE lower(first_name) = lower(?) AND lower(last_name) = lower(?) AND date_of_birth = ?",
                       [first_name.strip(), last_name.strip(), born])
    if row is None:
        raise ToolError(f"no customer named {first_name} {last_name} born on {born.isoformat()}")
    return row


@tool
def get_customer_overview(db: Database, customer_id: str) -> dict:
    """Get a customer's profile, all their accounts with balances, and today's payee-payment allowance.

    Args:
        customer_id: The customer's id, e.g. "CU-1042".

    Returns:
        Name, contact details, segment, accounts (id, label, type, status, balance, overdraft limit, available
        funds) and the daily payee limit with how much of it is used today.
    """
    c = _row(db, "customer", customer_id)
    accounts = db.query("SELECT account_id, account_type, nickname, number_last4, status, balance, overdraft_limit "
                        "FROM accounts WHERE customer_id = ? ORDER BY account_id", [c["customer_id"]])
    for acc in accounts:
        acc["label"] = _label(acc)
        acc["available"] = _available(acc) if acc["status"] != "closed" else 0.0
    return {"customer_id": c["customer_id"], "name": f"{c['first_name']} {c['last_name']}", "email": c["email"],
            "phone": c["phone"], "segment": c["segment"], "member_since": c["member_since"], "accounts": accounts,
            **_payee_limit(db, c)}


@tool
def get_account_details(db: Database, account_id: str) -> dict:
    """Get one account: balance, overdraft limit, available funds, status, debit cards and fee-refund eligibility.

    Args:
        account_id: The account's id, e.g. "AC-20117".

    Returns:
        The account's details, its debit cards and whether a courtesy fee refund is available.
    """
    acc = _row(db, "account", account_id)
    cards = db.query("SELECT card_id, last4, status FROM debit_cards WHERE account_id = ? ORDER BY card_id",
                     [acc["account_id"]])
    return {"account_id": acc["account_id"], "customer_id": acc["customer_id"], "label": _label(acc),
            "account_type": acc["account_type"], "status": acc["status"], "balance": acc["balance"],
            "overdraft_limit": acc["overdraft_limit"],
            "available": _available(acc) if acc["status"] != "closed" else 0.0, "opened_on": acc["opened_on"],
            "closed_on": acc["closed_on"], "debit_cards": cards, **_courtesy(db, acc["account_id"])}


@tool
def list_account_transactions(db: Database, account_id: str, kind: TransactionKind | None = None,
                              search: str | None = None, since: str | None = None, offset: int = 0) -> dict:
    """List an account's transactions, most recent first, 19 per page, with dispute and refund markers.

    Args:
        account_id: The account's id, e.g. "AC-20117".
        kind: Only transactions of this kind; omit for all kinds.
        search: Only transactions whose description contains this text, e.g. a merchant name like "Lumen".
        since: Only transactions posted on or after this date, written YYYY-MM-DD.
        offset: How many matching transactions to skip: 0 for the first page, else the next_offset of the
            previous page.

    Returns:
        The transactions (id, time, kind, description, signed amount, balance after, card, fee type, dispute id,
        whether a fee was refunded), whether more matched and, if so, the next_offset of the next page.
    """
    acc = _row(db, "account", account_id)
    start = _parse_date(since, "since") if since else None
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query(
        "SELECT t.transaction_id, strftime(t.posted_at, '%Y-%m-%dT%H:%M') AS posted_at, t.kind, t.description, "
        "t.amount, t.balance_after, "
        "c.last4 AS card_last4, t.fee_type, d.dispute_id, (r.refund_id IS NOT NULL) AS fee_refunded "
        "FROM transactions t LEFT JOIN debit_cards c ON c.card_id = t.card_id "
        "LEFT JOIN card_disputes d ON d.transaction_id = t.transaction_id "
        "LEFT JOIN fee_refunds r ON r.fee_transaction_id = t.transaction_id "
        "WHERE t.account_id = ? AND (? IS NULL OR t.kind = ?) AND (? IS NULL OR lower(t.description) LIKE ?) "
        "AND (? IS NULL OR t.posted_at >= ?) ORDER BY t.posted_at DESC, t.transaction_id DESC LIMIT ? OFFSET ?",
        [acc["account_id"], kind, kind, search, f"%{(search or '').strip().lower()}%", start, start,
         TRANSACTION_PAGE + 1, offset])
    for r in rows:
        for key in ("card_last4", "fee_type", "dispute_id"):
            if r[key] is None:
                del r[key]
        if r["kind"] != "fee":
            del r["fee_refunded"]
    page = {"account_id": acc["account_id"], "label": _label(acc), "transactions": rows[:TRANSACTION_PAGE],
            "more": len(rows) > TRANSACTION_PAGE}
    if page["more"]:
        page["next_offset"] = offset + TRANSACTION_PAGE
    return page


@tool
def list_debit_cards(db: Database, customer_id: str) -> dict:
    """List a customer's debit cards (all accounts): status, expiry, freeze or cancellation reason and replacement.

    Args:
        customer_id: The customer's id, e.g. "CU-1042".

    Returns:
        The cards with the account each one draws on.
    """
    c = _row(db, "customer", customer_id)
    cards = db.query(
        "SELECT d.card_id, d.account_id, a.nickname AS account_nickname, d.last4, d.status, d.issued_on, d.expires, "
        "d.freeze_reason, d.cancel_reason, d.cancelled_at, d.replacement_card_id FROM debit_cards d "
        "JOIN accounts a ON a.account_id = d.account_id WHERE a.customer_id = ? ORDER BY d.card_id",
        [c["customer_id"]])
    for card in cards:
        card["label"] = f"debit card ending {card['last4']}"
        for key in ("freeze_reason", "cancel_reason", "cancelled_at", "replacement_card_id"):
            if card[key] is None:
                del card[key]
    return {"customer_id": c["customer_id"], "cards": cards}


@tool
def list_saved_payees(db: Database, customer_id: str) -> dict:
    """List a customer's saved payees and when each can first be paid (24 hours after it was added).

    Args:
        customer_id: The customer's id, e.g. "CU-1042".

    Returns:
        The payees (id, name, bank, last digits of their account, when added, when payable).
    """
    c = _row(db, "customer", customer_id)
    rows = db.query("SELECT payee_id, payee_name, bank_name, right(account_number, 4) AS account_ending, added_at "
                    "FROM payees WHERE customer_id = ? ORDER BY payee_id", [c["customer_id"]])
    now = _now(db)
    for r in rows:
        payable = datetime.fromisoformat(r["added_at"]) + PAYEE_HOLD
        r["payable_from"] = payable.isoformat()
        r["payable_now"] = now >= payable
    return {"customer_id": c["customer_id"], "payees": rows}


@tool
def list_standing_orders(db: Database, customer_id: str, status: Literal["active", "cancelled"] | None = None) -> dict:
    """List a customer's standing orders (recurring payments to saved payees).

    Args:
        customer_id: The customer's id, e.g. "CU-1042".
        status: Only standing orders with this status; omit for all.

    Returns:
        The standing orders: id, paying account, payee, amount, frequency, next payment date and status.
    """
    c = _row(db, "customer", customer_id)
    rows = db.query(
        "SELECT s.standing_order_id, s.from_account_id, a.nickname AS from_account, s.payee_id, p.payee_name, "
        "s.amount, s.frequency, s.next_run_date, s.status, s.created_at, s.cancelled_at FROM standing_orders s "
        "JOIN accounts a ON a.account_id = s.from_account_id JOIN payees p ON p.payee_id = s.payee_id "
        "WHERE s.customer_id = ? AND (? IS NULL OR s.status = ?) ORDER BY s.standing_order_id",
        [c["customer_id"], status, status])
    for r in rows:
        if r["cancelled_at"] is None:
            del r["cancelled_at"]
    return {"customer_id": c["customer_id"], "standing_orders": rows}


@tool
def list_card_disputes(db: Database, customer_id: str) -> dict:
    """List a customer's card disputes with their status and any credit given.

    Args:
        customer_id: The customer's id, e.g. "CU-1042".

    Returns:
        The disputes: id, disputed transaction (merchant, date), reason, amount, status, provisional credit.
    """
    c = _row(db, "customer", customer_id)
    rows = db.query(
        "SELECT d.dispute_id, d.transaction_id, d.account_id, t.description AS merchant, t.posted_at, d.reason, "
        "d.amount, d.status, d.provisional_credit, d.opened_at, d.resolved_at FROM card_disputes d "
        "JOIN transactions t ON t.transaction_id = d.transaction_id JOIN accounts a ON a.account_id = d.account_id "
        "WHERE a.customer_id = ? ORDER BY d.dispute_id", [c["customer_id"]])
    return {"customer_id": c["customer_id"], "disputes": rows}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def transfer_between_own_accounts(db: Database, from_account_id: str, to_account_id: str, amount: float,
                                  accept_overdraft_fee: bool = False) -> dict:
    """Move money between two accounts of the same customer, right away.

    A transfer that takes a checking account below zero (within its overdraft limit) costs a 35.00 overdraft
    fee and needs the customer's explicit acceptance.

    Args:
        from_account_id: The account the money leaves, e.g. "AC-20117".
        to_account_id: The customer's account the money goes to, e.g. "AC-20118".
        amount: Dollars to move, more than 0.
        accept_overdraft_fee: True only after the customer accepted the overdraft fee for this transfer.

    Returns:
        The transfer id, the amount, both new balances and any overdraft fee charged.
    """
    src, dst = _row(db, "account", from_account_id), _row(db, "account", to_account_id)
    amount = _amount(amount)
    if src["customer_id"] != dst["customer_id"]:
        raise ToolError("both accounts must belong to the same customer; to pay someone else use a saved payee")
    if src["account_id"] == dst["account_id"]:
        raise ToolError("the two accounts are the same account")
    _require_sending(src)
    if dst["status"] == "closed":
        raise ToolError(f"account {dst['account_id']} is closed and cannot receive money")
    tid = _transfer_row(db, src["customer_id"], src["account_id"], amount, to_id=dst["account_id"])
    fee = _debit(db, src, amount, accept_overdraft_fee, "transfer_out",
                 f"Transfer to {dst['nickname']} ...{dst['number_last4']}", tid)
    _post(db, dst["account_id"], "transfer_in", f"Transfer from {src['nickname']} ...{src['number_last4']}", amount,
          transfer_id=tid)
    balances = {r["account_id"]: r["balance"] for r in db.query(
        "SELECT account_id, balance FROM accounts WHERE account_id IN (?, ?)", [src["account_id"], dst["account_id"]])}
    return {"transfer_id": tid, "amount": amount, "from_account_id": src["account_id"],
            "from_balance": balances[src["account_id"]], "to_account_id": dst["account_id"],
            "to_balance": balances[dst["account_id"]], "overdraft_fee": fee}


@tool(writes=True)
def pay_saved_payee(db: Database, from_account_id: str, payee_id: str, amount: float,
                    accept_overdraft_fee: bool = False) -> dict:
    """Send a one-off payment from a checking account to one of the customer's saved payees, right away.

    Payments count against the customer's daily payee limit (2,500.00 standard, 7,500.00 premier); a payee can
    be paid 24 hours after it was added; going below zero costs a 35.00 overdraft fee the customer must accept.

    Args:
        from_account_id: The customer's checking account to pay from, e.g. "AC-20117".
        payee_id: The saved payee to pay, e.g. "PY-3007" (from list_saved_payees).
        amount: Dollars to send, more than 0.
        accept_overdraft_fee: True only after the customer accepted the overdraft fee for this payment.

    Returns:
        The transfer id, payee, amount, the account's new balance, any overdraft fee and the daily limit left.
    """
    acc, payee = _row(db, "account", from_account_id), _row(db, "saved payee", payee_id)
    amount = _amount(amount)
    if payee["customer_id"] != acc["customer_id"]:
        raise ToolError(f"payee {payee['payee_id']} is not saved by the owner of account {acc['account_id']}")
    if acc["account_type"] != "checking":
        raise ToolError(f"{_label(acc)} is a savings account; payees can only be paid from a checking account "
                        "(move the money to checking first)")
    _require_sending(acc)
    payable = datetime.fromisoformat(payee["added_at"]) + PAYEE_HOLD
    if _now(db) < payable:
        raise ToolError(f"payee {payee['payee_name']} was added at {payee['added_at']}; new payees can be paid "
                        f"from {payable.isoformat()} (24 hours after they were added)")
    limits = _payee_limit(db, _row(db, "customer", acc["customer_id"]))
    if amount > limits["payee_limit_remaining"] + 1e-9:
        raise ToolError(f"{amount:.2f} exceeds the daily payee limit: {limits['daily_payee_limit']:.2f} per day, "
                        f"{limits['payee_payments_today']:.2f} already sent today, "
                        f"{limits['payee_limit_remaining']:.2f} left")
    tid = _transfer_row(db, acc["customer_id"], acc["account_id"], amount, payee_id=payee["payee_id"])
    fee = _debit(db, acc, amount, accept_overdraft_fee, "payee_payment", f"Payment to {payee['payee_name']}", tid)
    return {"transfer_id": tid, "payee_name": payee["payee_name"], "amount": amount,
            "from_account_id": acc["account_id"],
            "balance": db.scalar("SELECT balance FROM accounts WHERE account_id = ?", [acc["account_id"]]),
            "overdraft_fee": fee, "payee_limit_remaining": _money(limits["payee_limit_remaining"] - amount)}


@tool(writes=True)
def add_saved_payee(db: Database, customer_id: str, payee_name: str, bank_name: str, routing_number: str,
                    account_number: str) -> dict:
    """Save a new payee for a customer; it can receive payments 24 hours after being added.

    Args:
        customer_id: The customer's id, e.g. "CU-1042".
        payee_name: The person or business to pay, e.g. "Oakridge Property Management".
        bank_name: The payee's bank, e.g. "Granite Ridge Credit Union".
        routing_number: The nine-digit routing number of the payee's bank.
        account_number: The payee's account number (6 to 17 digits).

    Returns:
        The new payee id and when it can first be paid.
    """
    c = _row(db, "customer", customer_id)
    name, bank = payee_name.strip(), bank_name.strip()
    routing, number = routing_number.strip(), account_number.strip().replace(" ", "")
    db.require(name and bank, "payee_name and bank_name must not be empty")
    if not _routing_ok(routing):
        raise ToolError(f"routing number {routing_number!r} is not valid: it must be nine digits with a valid "
                        "checksum; ask the customer to read it again")
    if not (number.isdigit() and 6 <= len(number) <= 17):
        raise ToolError(f"account number must be 6 to 17 digits, got {account_number!r}")
    same = db.query_one("SELECT payee_id, payee_name FROM payees WHERE customer_id = ? AND routing_number = ? "
                        "AND account_number = ?", [c["customer_id"], routing, number])
    if same:
        raise ToolError(f"this account is already saved as payee {same['payee_id']} ({same['payee_name']})")
    payee_id = _IDS.next(db, "PY-")
    db.execute("INSERT INTO payees VALUES (?, ?, ?, ?, ?, ?, ?)",
               [payee_id, c["customer_id"], name, bank, routing, number, db.now])
    return {"payee_id": payee_id, "payee_name": name, "account_ending": number[-4:],
            "payable_from": (_now(db) + PAYEE_HOLD).isoformat()}


@tool(writes=True)
def place_card_freeze(db: Database, card_id: str,
                      reason: Literal["misplaced", "suspected_fraud", "travel", "customer_request"]) -> dict:
    """Temporarily freeze an active debit card: purchases and withdrawals are declined until the freeze is lifted.

    Args:
        card_id: The card's id, e.g. "DC-50123" (from list_debit_cards).
        reason: Why the card is frozen.

    Returns:
        The card id, its last four digits and its new status.
    """
    card = _row(db, "debit card", card_id)
    if card["status"] != "active":
        raise ToolError(f"card {card['card_id']} is {card['status']}; only active cards can be frozen")
    db.execute("UPDATE debit_cards SET status = 'frozen', freeze_reason = ? WHERE card_id = ?",
               [reason, card["card_id"]])
    return {"card_id": card["card_id"], "last4": card["last4"], "status": "frozen", "freeze_reason": reason}


@tool(writes=True)
def lift_card_freeze(db: Database, card_id: str) -> dict:
    """Unfreeze a frozen debit card so that it works again (not for cards frozen by the fraud team).

    Args:
        card_id: The card's id, e.g. "DC-50123" (from list_debit_cards).

    Returns:
        The card id, its last four digits and its new status.
    """
    card = _row(db, "debit card", card_id)
    if card["status"] != "frozen":
        raise ToolError(f"card {card['card_id']} is {card['status']}; only frozen cards can be unfrozen")
    if card["freeze_reason"] == "suspected_fraud":
        raise ToolError(f"card {card['card_id']} is frozen for suspected fraud; support cannot lift that freeze. "
                        "The card can be replaced, or the customer can call the fraud team")
    db.execute("UPDATE debit_cards SET status = 'active', freeze_reason = NULL WHERE card_id = ?", [card["card_id"]])
    return {"card_id": card["card_id"], "last4": card["last4"], "status": "active"}


@tool(writes=True)
def reissue_debit_card(db: Database, card_id: str, reason: Literal["lost", "stolen", "damaged", "defective"]) -> dict:
    """Cancel a debit card (if not cancelled yet) and issue a replacement on the same account.

    A 12.00 replacement fee is charged to the account unless the card is defective (a chip or magnetic stripe
    that stopped working).

    Args:
        card_id: The card to replace, e.g. "DC-50123" (from list_debit_cards).
        reason: Why it is replaced.

    Returns:
        The cancelled card, the new card (id, last four digits, expiry) and the fee charged.
    """
    card = _row(db, "debit card", card_id)
    if card["replacement_card_id"]:
        raise ToolError(f"card {card['card_id']} was already replaced by card {card['replacement_card_id']}")
    if card["account_status"] == "closed":
        raise ToolError(f"the account of card {card['card_id']} is closed; no replacement can be issued")
    now = _now(db)
    new_id = _IDS.next(db, "DC-")
    last4 = f"{(int(new_id[3:]) * 7919 + 4051) % 10000:04d}"
    expires = f"{now.year + 4}-{now.month:02d}"
    if card["status"] != "cancelled":
        db.execute("UPDATE debit_cards SET status = 'cancelled', freeze_reason = NULL, cancel_reason = ?, "
                   "cancelled_at = ? WHERE card_id = ?", [reason, db.now, card["card_id"]])
    db.execute("UPDATE debit_cards SET replacement_card_id = ? WHERE card_id = ?", [new_id, card["card_id"]])
    db.execute("INSERT INTO debit_cards VALUES (?, ?, ?, 'active', ?, ?, NULL, NULL, NULL, NULL)",
               [new_id, card["account_id"], last4, now.date(), expires])
    fee = 0.0 if reason == "defective" else CARD_REPLACEMENT_FEE
    if fee:
        _post(db, card["account_id"], "fee", "Card replacement fee", -fee, fee_type="card_replacement")
    return {"cancelled_card_id": card["card_id"], "new_card_id": new_id, "new_last4": last4, "expires": expires,
            "replacement_fee": fee, "account_id": card["account_id"]}


@tool(writes=True)
def open_card_dispute(db: Database, transaction_id: str,
                      reason: Literal["unauthorized", "duplicate_charge", "not_received", "wrong_amount"]) -> dict:
    """Dispute a debit card purchase posted within the last 60 days (one dispute per transaction).

    Disputes of 100.00 or less get a provisional credit right away. An unauthorized charge can only be disputed
    once the card that made it is frozen or cancelled.

    Args:
        transaction_id: The card purchase to dispute, e.g. "TX-004512" (from list_account_transactions).
        reason: What is wrong with the charge.

    Returns:
        The dispute id, its status, the amount and any provisional credit with the account's new balance.
    """
    txn = _row(db, "transaction", transaction_id)
    if txn["kind"] != "card_purchase":
        raise ToolError(f"transaction {txn['transaction_id']} is a {txn['kind']}; only debit card purchases can be "
                        "disputed")
    posted = datetime.fromisoformat(txn["posted_at"])
    deadline = posted + timedelta(days=DISPUTE_WINDOW_DAYS)
    if _now(db) > deadline:
        raise ToolError(f"transaction {txn['transaction_id']} was posted on {posted.date().isoformat()}; the "
                        f"{DISPUTE_WINDOW_DAYS}-day dispute window closed on {deadline.date().isoformat()}")
    existing = db.query_one("SELECT dispute_id, status FROM card_disputes WHERE transaction_id = ?",
                            [txn["transaction_id"]])
    if existing:
        raise ToolError(f"transaction {txn['transaction_id']} is already disputed in {existing['dispute_id']} "
                        f"({existing['status']}); a transaction can be disputed only once")
    if reason == "unauthorized":
        card = _row(db, "debit card", txn["card_id"])
        if card["status"] == "active":
            raise ToolError(f"card ending {card['last4']} ({card['card_id']}) made this charge and is still active; "
                            "freeze or replace it before disputing an unauthorized charge")
    amount = _money(-txn["amount"])
    credit = amount if amount <= PROVISIONAL_CREDIT_MAX else 0.0
    dispute_id = _IDS.next(db, "DP-")
    db.execute("INSERT INTO card_disputes VALUES (?, ?, ?, ?, ?, 'under_review', ?, ?, NULL)",
               [dispute_id, txn["transaction_id"], txn["account_id"], reason, amount, credit, db.now])
    out = {"dispute_id": dispute_id, "status": "under_review", "merchant": txn["description"], "amount": amount,
           "provisional_credit": credit}
    if credit:
        out["balance"] = _post(db, txn["account_id"], "dispute_credit",
                               f"Provisional credit - dispute of {txn['description']}", credit)["balance_after"]
    return out


@tool(writes=True)
def grant_courtesy_fee_refund(db: Database, transaction_id: str) -> dict:
    """Refund a fee as a courtesy: fees posted within the last 90 days, at most one refund per account per 12 months.

    Args:
        transaction_id: The fee transaction to refund, e.g. "TX-004518" (from list_account_transactions).

    Returns:
        The refund id, the amount returned, the account's new balance and when the next courtesy refund is possible.
    """
    fee = _row(db, "transaction", transaction_id)
    if fee["kind"] != "fee":
        raise ToolError(f"transaction {fee['transaction_id']} is a {fee['kind']}, not a fee; only fees can be refunded")
    done = db.scalar("SELECT refund_id FROM fee_refunds WHERE fee_transaction_id = ?", [fee["transaction_id"]])
    if done:
        raise ToolError(f"fee {fee['transaction_id']} was already refunded ({done})")
    now = _now(db)
    posted = datetime.fromisoformat(fee["posted_at"])
    if now - posted > timedelta(days=FEE_REFUND_WINDOW_DAYS):
        raise ToolError(f"fee {fee['transaction_id']} was charged on {posted.date().isoformat()}; only fees from the "
                        f"last {FEE_REFUND_WINDOW_DAYS} days can be refunded")
    if _row(db, "account", fee["account_id"])["status"] == "closed":
        raise ToolError(f"account {fee['account_id']} is closed")
    courtesy = _courtesy(db, fee["account_id"])
    if not courtesy["courtesy_refund_available"]:
        raise ToolError(f"account {fee['account_id']} already had a courtesy refund on "
                        f"{courtesy['last_courtesy_refund']}; only one per 12 months, the next is possible from "
                        f"{courtesy['next_courtesy_refund_from']}")
    amount = _money(-fee["amount"])
    refund_id = _IDS.next(db, "FR-")
    db.execute("INSERT INTO fee_refunds VALUES (?, ?, ?, ?, ?)",
               [refund_id, fee["account_id"], fee["transaction_id"], amount, db.now])
    posted_refund = _post(db, fee["account_id"], "fee_refund", f"Courtesy refund - {fee['description']}", amount)
    return {"refund_id": refund_id, "amount": amount, "account_id": fee["account_id"],
            "balance": posted_refund["balance_after"],
            "next_courtesy_refund_from": (now + timedelta(days=COURTESY_REFUND_INTERVAL_DAYS)).date().isoformat()}


@tool(writes=True)
def create_standing_order(db: Database, from_account_id: str, payee_id: str, amount: float,
                          frequency: Literal["weekly", "monthly"], first_payment_date: str | None = None) -> dict:
    """Set up a recurring payment from a checking account to a saved payee.

    The amount may not exceed the customer's daily payee limit, the first payment is 1 to 90 days ahead and
    after the payee's 24-hour hold, and an account can have only one active standing order per payee.

    Args:
        from_account_id: The customer's checking account to pay from, e.g. "AC-20117".
        payee_id: The saved payee, e.g. "PY-3007" (from list_saved_payees).
        amount: Dollars per payment, more than 0.
        frequency: How often it is paid.
        first_payment_date: The first payment's date, written YYYY-MM-DD; omit for tomorrow.

    Returns:
        The standing order id, amount, frequency and first payment date.
    """
    acc, payee = _row(db, "account", from_account_id), _row(db, "saved payee", payee_id)
    amount = _amount(amount)
    if payee["customer_id"] != acc["customer_id"]:
        raise ToolError(f"payee {payee['payee_id']} is not saved by the owner of account {acc['account_id']}")
    if acc["account_type"] != "checking":
        raise ToolError(f"{_label(acc)} is a savings account; standing orders are paid from a checking account")
    _require_sending(acc)
    today = _now(db).date()
    first = _parse_date(first_payment_date, "first_payment_date") if first_payment_date else today + timedelta(days=1)
    if not today < first <= today + timedelta(days=STANDING_ORDER_MAX_LEAD_DAYS):
        raise ToolError(f"the first payment must be 1 to {STANDING_ORDER_MAX_LEAD_DAYS} days from today "
                        f"({today.isoformat()}), got {first.isoformat()}")
    hold_end = (datetime.fromisoformat(payee["added_at"]) + PAYEE_HOLD).date()
    if first <= hold_end:
        raise ToolError(f"payee {payee['payee_name']} is new; the first payment can be on "
                        f"{hold_end + timedelta(days=1)} at the earliest")
    limit = DAILY_PAYEE_LIMIT[_row(db, "customer", acc["customer_id"])["segment"]]
    if amount > limit:
        raise ToolError(f"{amount:.2f} is more than the customer's daily payee limit of {limit:.2f}")
    dup = db.scalar("SELECT standing_order_id FROM standing_orders WHERE from_account_id = ? AND payee_id = ? "
                    "AND status = 'active'", [acc["account_id"], payee["payee_id"]])
    if dup:
        raise ToolError(f"standing order {dup} already pays {payee['payee_name']} from this account; cancel it first "
                        "to change it")
    so_id = _IDS.next(db, "SO-")
    db.execute("INSERT INTO standing_orders VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?, NULL)",
               [so_id, acc["customer_id"], acc["account_id"], payee["payee_id"], amount, frequency, first, db.now])
    return {"standing_order_id": so_id, "payee_name": payee["payee_name"], "amount": amount, "frequency": frequency,
            "next_run_date": first.isoformat(), "from_account_id": acc["account_id"]}


@tool(writes=True)
def cancel_standing_order(db: Database, standing_order_id: str) -> dict:
    """Cancel an active standing order; no further payments are made.

    Args:
        standing_order_id: The standing order's id, e.g. "SO-0042" (from list_standing_orders).

    Returns:
        The standing order id, payee, amount and new status.
    """
    so = _row(db, "standing order", standing_order_id)
    if so["status"] != "active":
        raise ToolError(f"standing order {so['standing_order_id']} is already {so['status']}")
    db.execute("UPDATE standing_orders SET status = 'cancelled', next_run_date = NULL, cancelled_at = ? "
               "WHERE standing_order_id = ?", [db.now, so["standing_order_id"]])
    return {"standing_order_id": so["standing_order_id"], "payee_name": so["payee_name"], "amount": so["amount"],
            "status": "cancelled"}


@tool(writes=True)
def close_deposit_account(db: Database, account_id: str) -> dict:
    """Close an account whose balance is exactly 0.00 and that pays no active standing order; its cards are cancelled.

    Args:
        account_id: The account to close, e.g. "AC-20117".

    Returns:
        The account id, its new status and the cards cancelled with it.
    """
    acc = _row(db, "account", account_id)
    if acc["status"] == "closed":
        raise ToolError(f"account {acc['account_id']} is already closed")
    if acc["status"] == "restricted":
        raise ToolError(f"account {acc['account_id']} is restricted by a compliance review and cannot be closed now")
    if abs(acc["balance"]) > 1e-9:
        what = "overdrawn by" if acc["balance"] < 0 else "still holds"
        raise ToolError(f"{_label(acc)} {what} {abs(acc['balance']):.2f}; only an account with a balance of exactly "
                        "0.00 can be closed")
    orders = [r["standing_order_id"] for r in db.query(
        "SELECT standing_order_id FROM standing_orders WHERE from_account_id = ? AND status = 'active' "
        "ORDER BY standing_order_id", [acc["account_id"]])]
    if orders:
        raise ToolError(f"{_label(acc)} still pays active standing orders {', '.join(orders)}; cancel them first")
    cards = [r["card_id"] for r in db.query("SELECT card_id FROM debit_cards WHERE account_id = ? AND status <> "
                                            "'cancelled' ORDER BY card_id", [acc["account_id"]])]
    db.execute("UPDATE debit_cards SET status = 'cancelled', freeze_reason = NULL, cancel_reason = 'account_closed', "
               "cancelled_at = ? WHERE account_id = ? AND status <> 'cancelled'", [db.now, acc["account_id"]])
    db.execute("UPDATE accounts SET status = 'closed', closed_on = ? WHERE account_id = ?",
               [_now(db).date(), acc["account_id"]])
    return {"account_id": acc["account_id"], "label": _label(acc), "status": "closed", "cards_cancelled": cards}
