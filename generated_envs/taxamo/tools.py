"""Tools of the taxamo environment, compiled from Taxamo.

Taxamo’s elegant suite of APIs and comprehensive reporting dashboard enables digital merchants to easily comply with
EU regulatory requirements on tax calculation, evidence collection, tax return creation and data storage.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, check_moment, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

TransactionKind = Literal["eu-b2c", "eu-b2b", "domestic", "untaxed"]
TransactionStatus = Literal["N", "C"]

_COUNTRIES_SQL = "SELECT t.* FROM countries t"
_CURRENCIES_SQL = "SELECT t.* FROM currencies t"
_PRODUCT_TYPES_SQL = "SELECT t.* FROM product_types t"
_TRANSACTIONS_SQL = "SELECT t.* FROM transactions t"
_TRANSACTIONS_LIST_SQL = ("SELECT t.transaction_key, t.confirm_timestamp, t.amount, t.currency_code, "
                          "t.invoice_number, t.kind, t.original_transaction_key, t.status, "
                          "t.tax_country_code FROM transactions t")


def _currency(db: Database, currency_code: str) -> dict[str, Any]:
    row = db.query_one(_CURRENCIES_SQL + " WHERE t.currency_code = ?", [currency_code.strip().upper()])
    if row is None:
        raise ToolError(f"no currency with id {currency_code!r} (currency ids look like 'C-0001')")
    return row


def _transaction(db: Database, transaction_key: str) -> dict[str, Any]:
    row = db.query_one(_TRANSACTIONS_SQL + " WHERE t.transaction_key = ?", [transaction_key.strip().upper()])
    if row is None:
        raise ToolError(f"no transaction with id {transaction_key!r} (transaction ids look like 'T-0001')")
    return row


@tool
def get_countries_dict(db: Database, tax_supported: bool | None = None) -> list[dict[str, Any]]:
    """Countries.

    Args:
        tax_supported: Should only countries with tax supported be listed?.

    Returns:
        The matching country rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if tax_supported is not None:
        where.append("t.tax_supported = ?")
        params.append(tax_supported)
    return select_rows(db, _COUNTRIES_SQL, where, params, "t.country_name")


@tool
def get_currencies_dict(db: Database) -> list[dict[str, Any]]:
    """Currencies.

    Returns:
        The matching currency rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CURRENCIES_SQL, [], [], "t.currency_code")


@tool
def get_transactions_stats(db: Database) -> list[dict[str, Any]]:
    """Transaction stats.

    Returns:
        The matching transaction summaries (transaction_key, confirm_timestamp, amount, currency_code, invoice_number, kind, original_transaction_key, status, tax_country_code; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TRANSACTIONS_LIST_SQL, [], [], "t.transaction_key")


@tool
def get_transactions_stats_by_country(db: Database) -> list[dict[str, Any]]:
    """Settlement by country.

    Returns:
        The matching transaction summaries (transaction_key, confirm_timestamp, amount, currency_code, invoice_number, kind, original_transaction_key, status, tax_country_code; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TRANSACTIONS_LIST_SQL, [], [], "t.transaction_key")


@tool
def list_transactions(
        db: Database,
        currency_code: str | None = None,
        invoice_number: str | None = None,
        original_transaction_key: str | None = None,
        tax_country_code: str | None = None,
) -> list[dict[str, Any]]:
    """Browse transactions.

    Args:
        currency_code: Three letter ISO currency code; e.g. "C-0001".
        invoice_number: Transaction invoice number.
        original_transaction_key: Taxamo provided original transaction key.
        tax_country_code: Two letter ISO tax country code.

    Returns:
        The matching transaction summaries (transaction_key, confirm_timestamp, amount, currency_code, invoice_number, kind, original_transaction_key, status, tax_country_code; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if currency_code is not None:
        currency = _currency(db, currency_code)
        where.append("t.currency_code = ?")
        params.append(currency["currency_code"])
    if invoice_number is not None:
        where.append("lower(t.invoice_number) = lower(?)")
        params.append(invoice_number.strip())
    if original_transaction_key is not None:
        where.append("lower(t.original_transaction_key) = lower(?)")
        params.append(original_transaction_key.strip())
    if tax_country_code is not None:
        where.append("lower(t.tax_country_code) = lower(?)")
        params.append(tax_country_code.strip())
    return select_rows(db, _TRANSACTIONS_LIST_SQL, where, params, "t.transaction_key")


@tool
def get_transaction(db: Database, transaction_key: str) -> dict[str, Any]:
    """Retrieve transaction data.

    Args:
        transaction_key: Transaction key; e.g. "T-0001" (from get_transactions_stats).

    Returns:
        The transaction with the names of the rows it refers to.
    """
    return _transaction(db, transaction_key)


@tool(writes=True)
def update_transaction(
        db: Database,
        transaction_key: str,
        additional_currencies: str | None = None,
        amount: float | None = None,
        billing_country_code: str | None = None,
        buyer_credit_card_prefix: str | None = None,
        buyer_email: str | None = None,
        buyer_ip: str | None = None,
        buyer_name: str | None = None,
        buyer_tax_number: str | None = None,
        buyer_tax_number_valid: bool | None = None,
        comments: str | None = None,
        confirm_timestamp: str | None = None,
        countries: str | None = None,
        create_timestamp: str | None = None,
        currency_code: str | None = None,
        custom_data: str | None = None,
        custom_fields: str | None = None,
        custom_id: str | None = None,
        customer_id: str | None = None,
        deducted_tax_amount: float | None = None,
        description: str | None = None,
        evidence: str | None = None,
        external_key: str | None = None,
        force_country_code: str | None = None,
        fully_informative: bool | None = None,
        invoice_address: str | None = None,
        invoice_date: str | None = None,
        invoice_image_url: str | None = None,
        invoice_number: str | None = None,
        invoice_place: str | None = None,
        kind: TransactionKind | None = None,
        manual: bool | None = None,
        note: str | None = None,
        order_date: str | None = None,
        original_transaction_key: str | None = None,
        refunded_tax_amount: float | None = None,
        refunded_total_amount: float | None = None,
        source: str | None = None,
        status: TransactionStatus | None = None,
        sub_account_id: str | None = None,
        supply_date: str | None = None,
        tax_amount: float | None = None,
        tax_country_code: str | None = None,
        tax_data: str | None = None,
        tax_deducted: bool | None = None,
        tax_entity_name: str | None = None,
        tax_number_service: str | None = None,
        tax_supported: bool | None = None,
        tax_timezone: str | None = None,
        test: bool | None = None,
        total_amount: float | None = None,
        transaction_lines: str | None = None,
        verification_token: str | None = None,
) -> dict[str, Any]:
    """Update transaction.

    Args:
        transaction_key: Transaction key; e.g. "T-0001" (from get_transactions_stats).
        additional_currencies: Additional currencies.
        amount: Amount of transaction without tax.
        billing_country_code: Billing two letter ISO country code.
        buyer_credit_card_prefix: First 6 digits of buyer's credit card prefix.
        buyer_email: Buyer's declared email address.
        buyer_ip: IP address of the buyer in dotted decimal (IPv4) or text format (IPv6).
        buyer_name: Buyer's name - first name and last name or company name.
        buyer_tax_number: Buyer's tax number - EU VAT number for example. If using EU VAT number, it is possible
            to provide country code in it (e.g. IE1234567X) or simply use billing_country_code field for that. In the
            first case, if billing_country_code value was provided, it will be overwritten with country code value.
        buyer_tax_number_valid: If the buyer tax number has been provided and was validated successfully. Always
            true for domestic transactions (billing country same as merchant's country), tax number doesn't get
            validated in that case.
        comments: Additional information about the transaction - for example if the evidence has been amended.
        confirm_timestamp: Date and time of transaction confirmation.
        countries: Countries.
        create_timestamp: Date and time of transaction creation.
        currency_code: Currency code for transaction - e.g. EUR; e.g. "C-0001" (from get_currencies_dict).
        custom_data: Custom data related to transaction.
        custom_fields: Custom fields, stored as key-value pairs. This property is not processed and used mostly
            with Taxamo-built helpers.
        custom_id: Custom identifier provided upon transaction creation.
        customer_id: Free-form field for storing customer id.
        deducted_tax_amount: How much tax has been deducted.
        description: Transaction description.
        evidence: Evidence.
        external_key: Transaction external key.
        force_country_code: Two-letter ISO country code, e.g. FR. Use it to force country code for tax
            calculation.
        fully_informative: Set to true if transaction has only informative lines.
        invoice_address: Invoice address.
        invoice_date: Invoice date of issue.
        invoice_image_url: Invoice image URL - provided by Taxamo.
        invoice_number: Invoice number.
        invoice_place: Invoice place of issue.
        kind: Transaction kind: eu-b2c, eu-b2b, domestic, untaxed.
        manual: Is the transaction created manually - using private token. In manual mode, it is the merchant who
            calculates tax country and validates evidence. If you need API to do that when accessing the API with
            private token, just skip the 'manual' flag or use false value there and provide customer's ip.
        note: Additional note related to transaction state - for example if the transaction was created in a
            'catch-all' mode or the VAT number re-check for subscriptions has failed.
        order_date: Order date in yyyy-MM-dd format, in merchant's timezone. If provided by the API caller, no
            timezone conversion is performed. Default value is current date and time. When using public token, the
            default value is used.
        original_transaction_key: Use data and evidence from original transaction. Tax will be re-calculated, but
            evidence won't be re-checked. This parameter is taken into account only when 'manual' flag is raised.
        refunded_tax_amount: Refunded tax amount.
        refunded_total_amount: Total amount refunde (including tax).
        source: Transaction source software - e.g. plugin.
        status: Transaction status: 'N' - new, 'C' - confirmed. Can use 'C' in store-transaction! with private-
            token to create confirmed transaction, otherwise 'N' is default status. Not applicable for update-
            transaction!.
        sub_account_id: Sub account identifier.
        supply_date: Supply date in yyyy-MM-dd format.
        tax_amount: Tax amount of transaction.
        tax_country_code: Two-letter ISO country code, e.g. FR. This code applies to detected/set country for
            transaction, but can be set using manual mode.
        tax_data: Tax data.
        tax_deducted: If the transaction is in a country supported by Taxamo, but the tax is not calculated due to
            merchant settings or EU B2B transaction for example.
        tax_entity_name: To which entity is the tax due.
        tax_number_service: Tax number service identifier - if available for a given region and the region is
            enabled.
        tax_supported: Is tax calculation supported for a detected tax location?.
        tax_timezone: Timezone name for tax transaction.
        test: Was this transaction created in test mode?.
        total_amount: Total amount of transaction.
        transaction_lines: Transaction lines.
        verification_token: Verification token.

    Returns:
        The transaction as changed.
    """
    transaction = _transaction(db, transaction_key)
    changes: dict[str, Any] = {}
    if additional_currencies is not None:
        changes["additional_currencies"] = additional_currencies
    if amount is not None:
        changes["amount"] = amount
    if billing_country_code is not None:
        billing_country_code = billing_country_code.strip()
        changes["billing_country_code"] = billing_country_code
    if buyer_credit_card_prefix is not None:
        buyer_credit_card_prefix = buyer_credit_card_prefix.strip()
        changes["buyer_credit_card_prefix"] = buyer_credit_card_prefix
    if buyer_email is not None:
        buyer_email = buyer_email.strip()
        changes["buyer_email"] = buyer_email
    if buyer_ip is not None:
        buyer_ip = buyer_ip.strip()
        changes["buyer_ip"] = buyer_ip
    if buyer_name is not None:
        buyer_name = buyer_name.strip()
        changes["buyer_name"] = buyer_name
    if buyer_tax_number is not None:
        buyer_tax_number = buyer_tax_number.strip()
        changes["buyer_tax_number"] = buyer_tax_number
    if buyer_tax_number_valid is not None:
        changes["buyer_tax_number_valid"] = buyer_tax_number_valid
    if comments is not None:
        comments = comments.strip()
        changes["comments"] = comments
    if confirm_timestamp is not None:
        confirm_timestamp = check_moment("confirm_timestamp", confirm_timestamp)
        changes["confirm_timestamp"] = confirm_timestamp
    if countries is not None:
        changes["countries"] = countries
    if create_timestamp is not None:
        create_timestamp = check_moment("create_timestamp", create_timestamp)
        changes["create_timestamp"] = create_timestamp
    if currency_code is not None:
        currency = _currency(db, currency_code)
        changes["currency_code"] = currency["currency_code"]
    if custom_data is not None:
        custom_data = custom_data.strip()
        changes["custom_data"] = custom_data
    if custom_fields is not None:
        changes["custom_fields"] = custom_fields
    if custom_id is not None:
        custom_id = custom_id.strip()
        changes["custom_id"] = custom_id
    if customer_id is not None:
        customer_id = customer_id.strip()
        changes["customer_id"] = customer_id
    if deducted_tax_amount is not None:
        changes["deducted_tax_amount"] = deducted_tax_amount
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if evidence is not None:
        changes["evidence"] = evidence
    if external_key is not None:
        external_key = external_key.strip()
        changes["external_key"] = external_key
    if force_country_code is not None:
        force_country_code = force_country_code.strip()
        changes["force_country_code"] = force_country_code
    if fully_informative is not None:
        changes["fully_informative"] = fully_informative
    if invoice_address is not None:
        changes["invoice_address"] = invoice_address
    if invoice_date is not None:
        invoice_date = check_day("invoice_date", invoice_date)
        changes["invoice_date"] = invoice_date
    if invoice_image_url is not None:
        invoice_image_url = invoice_image_url.strip()
        changes["invoice_image_url"] = invoice_image_url
    if invoice_number is not None:
        invoice_number = invoice_number.strip()
        changes["invoice_number"] = invoice_number
    if invoice_place is not None:
        invoice_place = invoice_place.strip()
        changes["invoice_place"] = invoice_place
    if kind is not None:
        changes["kind"] = kind
    if manual is not None:
        changes["manual"] = manual
    if note is not None:
        note = note.strip()
        changes["note"] = note
    if order_date is not None:
        order_date = check_moment("order_date", order_date)
        changes["order_date"] = order_date
    if original_transaction_key is not None:
        original_transaction_key = original_transaction_key.strip()
        changes["original_transaction_key"] = original_transaction_key
    if refunded_tax_amount is not None:
        changes["refunded_tax_amount"] = refunded_tax_amount
    if refunded_total_amount is not None:
        changes["refunded_total_amount"] = refunded_total_amount
    if source is not None:
        source = source.strip()
        changes["source"] = source
    if status is not None:
        changes["status"] = status
    if sub_account_id is not None:
        sub_account_id = sub_account_id.strip()
        changes["sub_account_id"] = sub_account_id
    if supply_date is not None:
        supply_date = check_day("supply_date", supply_date)
        changes["supply_date"] = supply_date
    if tax_amount is not None:
        changes["tax_amount"] = tax_amount
    if tax_country_code is not None:
        tax_country_code = tax_country_code.strip()
        changes["tax_country_code"] = tax_country_code
    if tax_data is not None:
        changes["tax_data"] = tax_data
    if tax_deducted is not None:
        changes["tax_deducted"] = tax_deducted
    if tax_entity_name is not None:
        tax_entity_name = tax_entity_name.strip()
        changes["tax_entity_name"] = tax_entity_name
    if tax_number_service is not None:
        tax_number_service = tax_number_service.strip()
        changes["tax_number_service"] = tax_number_service
    if tax_supported is not None:
        changes["tax_supported"] = tax_supported
    if tax_timezone is not None:
        tax_timezone = tax_timezone.strip()
        changes["tax_timezone"] = tax_timezone
    if test is not None:
        changes["test"] = test
    if total_amount is not None:
        changes["total_amount"] = total_amount
    if transaction_lines is not None:
        changes["transaction_lines"] = transaction_lines
    if verification_token is not None:
        verification_token = verification_token.strip()
        changes["verification_token"] = verification_token
    if not changes:
        raise ToolError("update transaction needs at least one of additional currencies, amount, billing country "
                        "code, buyer credit card prefix, buyer email, buyer ip, buyer name, buyer tax number, "
                        "buyer tax number valid, comments, confirm timestamp, countries, create timestamp, "
                        "currency code, custom data, custom fields, custom id, customer id, deducted tax amount, "
                        "description, evidence, external key, force country code, fully informative, invoice "
                        "address, invoice date, invoice image url, invoice number, invoice place, kind, manual, "
                        "note, order date, original transaction key, refunded tax amount, refunded total amount, "
                        "source, status, sub account id, supply date, tax amount, tax country code, tax data, tax "
                        "deducted, tax entity name, tax number service, tax supported, tax timezone, test, total "
                        "amount, transaction lines or verification token")
    update_row(db, "transactions", "transaction_key", transaction["transaction_key"], changes)
    return _transaction(db, transaction["transaction_key"])


@tool(writes=True)
def cancel_transaction(db: Database, transaction_key: str) -> dict[str, Any]:
    """Delete transaction.

    Args:
        transaction_key: Transaction key; e.g. "T-0001" (from get_transactions_stats).

    Returns:
        The removed transaction, marked deleted.
    """
    transaction = _transaction(db, transaction_key)
    db.execute("DELETE FROM transactions WHERE transaction_key = ?", [transaction["transaction_key"]])
    return {**transaction, "deleted": True}


@tool(writes=True)
def email_invoice(db: Database, buyer_email: str | None = None) -> dict[str, Any]:
    """Email invoice.

    Args:
        buyer_email: Email to send the invoice. If not provided, transaction.buyer_email will be used.

    Returns:
        The new transaction.
    """
    if buyer_email is not None:
        buyer_email = buyer_email.strip()
    transaction_key = next_id(db, "transactions", "transaction_key", "T-", 4)
    db.execute("INSERT INTO transactions (additional_currencies, amount, billing_country_code, "
               "buyer_credit_card_prefix, buyer_email, buyer_ip, buyer_name, buyer_tax_number, "
               "buyer_tax_number_valid, comments, confirm_timestamp, countries, create_timestamp, currency_code, "
               "custom_data, custom_fields, custom_id, customer_id, deducted_tax_amount, description, evidence, "
               "external_key, force_country_code, fully_informative, invoice_address, invoice_date, "
               "invoice_image_url, invoice_number, invoice_place, transaction_key, kind, manual, note, order_date, "
               "original_transaction_key, refunded_tax_amount, refunded_total_amount, source, status, "
               "sub_account_id, supply_date, tax_amount, tax_country_code, tax_data, tax_deducted, "
               "tax_entity_name, tax_number_service, tax_supported, tax_timezone, test, total_amount, "
               "transaction_lines, verification_token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?)",
               [None, None, None, None, buyer_email, None, None, None, None, None, db.now, None, db.now, "", None, None, None, None, None, None, None, None, None, None, None, db.now[:10], None, None, None, transaction_key, "eu-b2c", None, None, db.now, None, None, None, None, "N", None, db.now[:10], None, None, None, None, None, None, None, None, None, None, "", None])
    return db.query_one(_TRANSACTIONS_SQL + " WHERE t.transaction_key = ?", [transaction_key]) or {}
