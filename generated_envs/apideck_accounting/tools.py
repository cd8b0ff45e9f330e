"""Tools of the apideck_accounting environment, compiled from Accounting API.

Welcome to the Accounting API. You can use this API to access all Accounting API endpoints. ## Base URL The base URL
for all API requests is 'https://unify.apideck.com' ## Headers Custom headers that are expected as part of the
request. Note that RFC7230 states header names are case insensitive. | Name | Type | Required | Description | |
--------------------- | ------- | -------- | -----------------------------------------------------------------------
--------------------------------------------------------------------------------------- | | x-apideck-consumer-id |
String | Yes | The id...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, check_text, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

Currency = Literal["UNKNOWN_CURRENCY",
                   "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYR", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LTL", "LVL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRO", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLL", "SOS", "SRD", "SSP", "STD", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRC", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USN", "USS", "UYI", "UYU", "UZS", "VEF", "VND", "VUV", "WST", "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XDR", "XOF", "XPD", "XPF", "XPT", "XTS", "XXX", "YER", "ZAR", "ZMK", "ZMW", "BTC", "ETH"]
CustomerStatus = Literal["active", "inactive", "archived", "gdpr-erasure-request", "unknown"]
PurchaseOrderStatus = Literal["draft", "open", "closed", "deleted", "billed", "other"]
TaxRateStatus = Literal["active", "inactive", "archived"]

_CUSTOMERS_SQL = "SELECT t.* FROM customers t"
_CUSTOMERS_LIST_SQL = "SELECT t.customer_id, t.display_name, t.currency, t.payment_method, t.status FROM customers t"
_PROFIT_AND_LOSSES_SQL = ("SELECT t.*, r1.display_name AS customer_display_name FROM profit_and_losses"
                          " t LEFT JOIN customers r1 ON r1.customer_id = t.customer_id")
_PURCHASE_ORDERS_SQL = "SELECT t.* FROM purchase_orders t"
_PURCHASE_ORDERS_LIST_SQL = ("SELECT t.purchase_order_id, t.currency, t.currency_rate, t.status FROM "
                             "purchase_orders t")
_SUPPLIERS_SQL = "SELECT t.* FROM suppliers t"
_SUPPLIERS_LIST_SQL = "SELECT t.supplier_id, t.display_name, t.currency, t.payment_method, t.status FROM suppliers t"
_TAX_RATES_SQL = "SELECT t.* FROM tax_rates t"
_TAX_RATES_LIST_SQL = ("SELECT t.tax_rate_id, t.name, t.effective_tax_rate, t.report_tax_type, "
                       "t.status FROM tax_rates t")


def _customer(db: Database, customer_id: str) -> dict[str, Any]:
    row = db.query_one(_CUSTOMERS_SQL + " WHERE t.customer_id = ?", [customer_id.strip()])
    if row is None:
        raise ToolError(f"no customer with id {customer_id!r} (customer ids look like '12345')")
    return row


def _purchase_order(db: Database, purchase_order_id: str) -> dict[str, Any]:
    row = db.query_one(_PURCHASE_ORDERS_SQL + " WHERE t.purchase_order_id = ?", [purchase_order_id.strip()])
    if row is None:
        raise ToolError(f"no purchase order with id {purchase_order_id!r} (purchase order ids look like '12345')")
    return row


def _supplier(db: Database, supplier_id: str) -> dict[str, Any]:
    row = db.query_one(_SUPPLIERS_SQL + " WHERE t.supplier_id = ?", [supplier_id.strip()])
    if row is None:
        raise ToolError(f"no supplier with id {supplier_id!r} (supplier ids look like '12345')")
    return row


def _tax_rate(db: Database, tax_rate_id: str) -> dict[str, Any]:
    row = db.query_one(_TAX_RATES_SQL + " WHERE t.tax_rate_id = ?", [tax_rate_id.strip()])
    if row is None:
        raise ToolError(f"no tax rate with id {tax_rate_id!r} (tax rate ids look like '1234')")
    return row


@tool
def customers_all(db: Database) -> list[dict[str, Any]]:
    """List Customers.

    List Customers

    Returns:
        The matching customer summaries (customer_id, display_name, currency, payment_method, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CUSTOMERS_LIST_SQL, [], [], "t.customer_id")


@tool(writes=True)
def customers_add(
        db: Database,
        account: str | None = None,
        addresses: str | None = None,
        bank_accounts: str | None = None,
        channel: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        custom_mappings: str | None = None,
        display_id: str | None = None,
        display_name: str | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        individual: bool | None = None,
        last_name: str | None = None,
        middle_name: str | None = None,
        notes: str | None = None,
        parent: str | None = None,
        payment_method: str | None = None,
        phone_numbers: str | None = None,
        project: bool | None = None,
        row_version: str | None = None,
        status: CustomerStatus | None = None,
        suffix: str | None = None,
        tax_number: str | None = None,
        tax_rate: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Create Customer.

    Create Customer

    Args:
        account: Account.
        addresses: Addresses.
        bank_accounts: Bank accounts.
        channel: The channel through which the transaction is processed.
        company_name: The name of the company.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        display_id: Display ID.
        display_name: Display name.
        emails: Emails.
        first_name: The first name of the person.
        individual: Is this an individual or business customer.
        last_name: The last name of the person.
        middle_name: Middle name of the person.
        notes: Some notes about this customer.
        parent: The parent customer this entity is linked to.
        payment_method: Payment method used for the transaction, such as cash, credit card, bank transfer, or
            check.
        phone_numbers: Phone numbers.
        project: If true, indicates this is a Project.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        status: Customer status.
        suffix: Suffix.
        tax_number: Tax number.
        tax_rate: Tax rate.
        title: The job title of the person.
        websites: Websites.

    Returns:
        The new customer.
    """
    if channel is not None:
        channel = channel.strip()
    if company_name is not None:
        company_name = company_name.strip()
    if display_id is not None:
        display_id = display_id.strip()
    if display_name is not None:
        display_name = display_name.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if middle_name is not None:
        middle_name = middle_name.strip()
    if notes is not None:
        notes = notes.strip()
    if payment_method is not None:
        payment_method = payment_method.strip()
    if row_version is not None:
        row_version = row_version.strip()
    if suffix is not None:
        suffix = suffix.strip()
    if tax_number is not None:
        tax_number = tax_number.strip()
    if title is not None:
        title = title.strip()
    customer_id = next_id(db, "customers", "customer_id", "", 5)
    db.execute("INSERT INTO customers (account, addresses, bank_accounts, channel, company_name, created_at, "
               "created_by, currency, custom_mappings, display_id, display_name, downstream_id, emails, "
               "first_name, customer_id, individual, last_name, middle_name, notes, parent, payment_method, "
               "phone_numbers, project, row_version, status, suffix, tax_number, tax_rate, title, updated_at, "
               "updated_by, websites) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account, addresses, bank_accounts, channel, company_name, db.now, None, currency, custom_mappings, display_id, display_name, None, emails, first_name, customer_id, individual, last_name, middle_name, notes, parent, payment_method, phone_numbers, project, row_version, status, suffix, tax_number, tax_rate, title, db.now, None, websites])
    return db.query_one(_CUSTOMERS_SQL + " WHERE t.customer_id = ?", [customer_id]) or {}


@tool
def customers_one(db: Database, customer_id: str) -> dict[str, Any]:
    """Get Customer.

    Get Customer

    Args:
        customer_id: ID of the record you are acting upon; e.g. "12345" (from customers_all).

    Returns:
        The customer with the names of the rows it refers to.
    """
    return _customer(db, customer_id)


@tool(writes=True)
def customers_update(
        db: Database,
        customer_id: str,
        account: str | None = None,
        addresses: str | None = None,
        bank_accounts: str | None = None,
        channel: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        custom_mappings: str | None = None,
        display_id: str | None = None,
        display_name: str | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        individual: bool | None = None,
        last_name: str | None = None,
        middle_name: str | None = None,
        notes: str | None = None,
        parent: str | None = None,
        payment_method: str | None = None,
        phone_numbers: str | None = None,
        project: bool | None = None,
        row_version: str | None = None,
        status: CustomerStatus | None = None,
        suffix: str | None = None,
        tax_number: str | None = None,
        tax_rate: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Update Customer.

    Update Customer

    Args:
        customer_id: ID of the record you are acting upon; e.g. "12345" (from customers_all).
        account: Account.
        addresses: Addresses.
        bank_accounts: Bank accounts.
        channel: The channel through which the transaction is processed.
        company_name: The name of the company.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        display_id: Display ID.
        display_name: Display name.
        emails: Emails.
        first_name: The first name of the person.
        individual: Is this an individual or business customer.
        last_name: The last name of the person.
        middle_name: Middle name of the person.
        notes: Some notes about this customer.
        parent: The parent customer this entity is linked to.
        payment_method: Payment method used for the transaction, such as cash, credit card, bank transfer, or
            check.
        phone_numbers: Phone numbers.
        project: If true, indicates this is a Project.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        status: Customer status.
        suffix: Suffix.
        tax_number: Tax number.
        tax_rate: Tax rate.
        title: The job title of the person.
        websites: Websites.

    Returns:
        The customer as changed.
    """
    customer = _customer(db, customer_id)
    changes: dict[str, Any] = {}
    if account is not None:
        changes["account"] = account
    if addresses is not None:
        changes["addresses"] = addresses
    if bank_accounts is not None:
        changes["bank_accounts"] = bank_accounts
    if channel is not None:
        channel = channel.strip()
        changes["channel"] = channel
    if company_name is not None:
        company_name = company_name.strip()
        changes["company_name"] = company_name
    if currency is not None:
        changes["currency"] = currency
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if display_id is not None:
        display_id = display_id.strip()
        changes["display_id"] = display_id
    if display_name is not None:
        display_name = display_name.strip()
        changes["display_name"] = display_name
    if emails is not None:
        changes["emails"] = emails
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if individual is not None:
        changes["individual"] = individual
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if middle_name is not None:
        middle_name = middle_name.strip()
        changes["middle_name"] = middle_name
    if notes is not None:
        notes = notes.strip()
        changes["notes"] = notes
    if parent is not None:
        changes["parent"] = parent
    if payment_method is not None:
        payment_method = payment_method.strip()
        changes["payment_method"] = payment_method
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if project is not None:
        changes["project"] = project
    if row_version is not None:
        row_version = row_version.strip()
        changes["row_version"] = row_version
    if status is not None:
        changes["status"] = status
    if suffix is not None:
        suffix = suffix.strip()
        changes["suffix"] = suffix
    if tax_number is not None:
        tax_number = tax_number.strip()
        changes["tax_number"] = tax_number
    if tax_rate is not None:
        changes["tax_rate"] = tax_rate
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if websites is not None:
        changes["websites"] = websites
    if not changes:
        raise ToolError("customers update needs at least one of account, addresses, bank accounts, channel, "
                        "company name, currency, custom mappings, display id, display name, emails, first name, "
                        "individual, last name, middle name, notes, parent, payment method, phone numbers, "
                        "project, row version, status, suffix, tax number, tax rate, title or websites")
    update_row(db, "customers", "customer_id", customer["customer_id"], changes)
    return _customer(db, customer["customer_id"])


@tool(writes=True)
def customers_delete(db: Database, customer_id: str) -> dict[str, Any]:
    """Delete Customer.

    Delete Customer

    Args:
        customer_id: ID of the record you are acting upon; e.g. "12345" (from customers_all).

    Returns:
        The removed customer, marked deleted.
    """
    customer = _customer(db, customer_id)
    used = db.scalar("SELECT count(*) FROM profit_and_losses WHERE customer_id = ?", [customer["customer_id"]])
    if used:
        raise ToolError(f"customer {customer['customer_id']} is still referred to by {used} profit and loss row(s)")
    db.execute("DELETE FROM customers WHERE customer_id = ?", [customer["customer_id"]])
    return {**customer, "deleted": True}


@tool
def profit_and_loss_one(db: Database) -> list[dict[str, Any]]:
    """Get Profit and Loss.

    Get Profit and Loss

    Returns:
        The matching profit and loss rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PROFIT_AND_LOSSES_SQL, [], [], "t.profit_and_loss_id")


@tool
def purchase_orders_all(db: Database) -> list[dict[str, Any]]:
    """List Purchase Orders.

    List Purchase Orders

    Returns:
        The matching purchase order summaries (purchase_order_id, currency, currency_rate, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PURCHASE_ORDERS_LIST_SQL, [], [], "t.purchase_order_id")


@tool(writes=True)
def purchase_orders_add(
        db: Database,
        accounting_by_row: bool | None = None,
        bank_account: str | None = None,
        channel: str | None = None,
        currency: Currency | None = None,
        currency_rate: float | None = None,
        custom_mappings: str | None = None,
        delivery_date: str | None = None,
        discount_percentage: float | None = None,
        due_date: str | None = None,
        expected_arrival_date: str | None = None,
        issued_date: str | None = None,
        ledger_account: str | None = None,
        line_items: str | None = None,
        memo: str | None = None,
        payment_method: str | None = None,
        po_number: str | None = None,
        reference: str | None = None,
        row_version: str | None = None,
        shipping_address: str | None = None,
        status: PurchaseOrderStatus | None = None,
        sub_total: float | None = None,
        supplier: str | None = None,
        tax_code: str | None = None,
        tax_inclusive: bool | None = None,
        template_id: str | None = None,
        total: float | None = None,
        total_tax: float | None = None,
) -> dict[str, Any]:
    """Create Purchase Order.

    Create Purchase Order

    Args:
        accounting_by_row: Indicates if accounting by row is used (true) or not (false). Accounting by row means
            that a separate ledger transaction is created for each row.
        bank_account: Bank account.
        channel: The channel through which the transaction is processed.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        currency_rate: Currency Exchange Rate at the time entity was recorded/generated.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        delivery_date: The date on which the purchase order is to be delivered - YYYY-MM-DD; a date YYYY-MM-DD.
        discount_percentage: Discount percentage applied to this transaction.
        due_date: The due date is the date on which a payment is scheduled to be received - YYYY-MM-DD; a date
            YYYY-MM-DD.
        expected_arrival_date: The date on which the order is expected to arrive - YYYY-MM-DD; a date YYYY-MM-DD.
        issued_date: Date purchase order was issued - YYYY-MM-DD; a date YYYY-MM-DD.
        ledger_account: Ledger account.
        line_items: Line items.
        memo: Message for the supplier. This text appears on the Purchase Order.
        payment_method: Payment method used for the transaction, such as cash, credit card, bank transfer, or
            check.
        po_number: A PO Number uniquely identifies a purchase order and is generally defined by the buyer.
        reference: Optional purchase order reference.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        shipping_address: Shipping address.
        status: Status.
        sub_total: Sub-total amount, normally before tax.
        supplier: The supplier this entity is linked to.
        tax_code: Applicable tax id/code override if tax is not supplied on a line item basis.
        tax_inclusive: Amounts are including tax.
        template_id: Optional purchase order template.
        total: Total amount of invoice, including tax.
        total_tax: Total tax amount applied to this invoice.

    Returns:
        The new purchase order.
    """
    if channel is not None:
        channel = channel.strip()
    if delivery_date is not None:
        delivery_date = check_day("delivery_date", delivery_date)
    if due_date is not None:
        due_date = check_day("due_date", due_date)
    if expected_arrival_date is not None:
        expected_arrival_date = check_day("expected_arrival_date", expected_arrival_date)
    if issued_date is not None:
        issued_date = check_day("issued_date", issued_date)
    if memo is not None:
        memo = memo.strip()
    if payment_method is not None:
        payment_method = payment_method.strip()
    if po_number is not None:
        po_number = po_number.strip()
    if reference is not None:
        reference = reference.strip()
    if row_version is not None:
        row_version = row_version.strip()
    if tax_code is not None:
        tax_code = tax_code.strip()
    if template_id is not None:
        template_id = template_id.strip()
    purchase_order_id = next_id(db, "purchase_orders", "purchase_order_id", "", 5)
    db.execute("INSERT INTO purchase_orders (accounting_by_row, bank_account, channel, created_at, created_by, "
               "currency, currency_rate, custom_mappings, delivery_date, discount_percentage, downstream_id, "
               "due_date, expected_arrival_date, purchase_order_id, issued_date, ledger_account, line_items, memo, "
               "payment_method, po_number, reference, row_version, shipping_address, status, sub_total, supplier, "
               "tax_code, tax_inclusive, template_id, total, total_tax, updated_at, updated_by) VALUES (?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [accounting_by_row, bank_account, channel, db.now, None, currency, currency_rate, custom_mappings, delivery_date, discount_percentage, None, due_date, expected_arrival_date, purchase_order_id, issued_date, ledger_account, line_items, memo, payment_method, po_number, reference, row_version, shipping_address, status, sub_total, supplier, tax_code, tax_inclusive, template_id, total, total_tax, db.now, None])
    return db.query_one(_PURCHASE_ORDERS_SQL + " WHERE t.purchase_order_id = ?", [purchase_order_id]) or {}


@tool
def purchase_orders_one(db: Database, purchase_order_id: str) -> dict[str, Any]:
    """Get Purchase Order.

    Get Purchase Order

    Args:
        purchase_order_id: ID of the record you are acting upon; e.g. "12345" (from purchase_orders_all).

    Returns:
        The purchase order with the names of the rows it refers to.
    """
    return _purchase_order(db, purchase_order_id)


@tool(writes=True)
def purchase_orders_update(
        db: Database,
        purchase_order_id: str,
        accounting_by_row: bool | None = None,
        bank_account: str | None = None,
        channel: str | None = None,
        currency: Currency | None = None,
        currency_rate: float | None = None,
        custom_mappings: str | None = None,
        delivery_date: str | None = None,
        discount_percentage: float | None = None,
        due_date: str | None = None,
        expected_arrival_date: str | None = None,
        issued_date: str | None = None,
        ledger_account: str | None = None,
        line_items: str | None = None,
        memo: str | None = None,
        payment_method: str | None = None,
        po_number: str | None = None,
        reference: str | None = None,
        row_version: str | None = None,
        shipping_address: str | None = None,
        status: PurchaseOrderStatus | None = None,
        sub_total: float | None = None,
        supplier: str | None = None,
        tax_code: str | None = None,
        tax_inclusive: bool | None = None,
        template_id: str | None = None,
        total: float | None = None,
        total_tax: float | None = None,
) -> dict[str, Any]:
    """Update Purchase Order.

    Update Purchase Order

    Args:
        purchase_order_id: ID of the record you are acting upon; e.g. "12345" (from purchase_orders_all).
        accounting_by_row: Indicates if accounting by row is used (true) or not (false). Accounting by row means
            that a separate ledger transaction is created for each row.
        bank_account: Bank account.
        channel: The channel through which the transaction is processed.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        currency_rate: Currency Exchange Rate at the time entity was recorded/generated.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        delivery_date: The date on which the purchase order is to be delivered - YYYY-MM-DD; a date YYYY-MM-DD.
        discount_percentage: Discount percentage applied to this transaction.
        due_date: The due date is the date on which a payment is scheduled to be received - YYYY-MM-DD; a date
            YYYY-MM-DD.
        expected_arrival_date: The date on which the order is expected to arrive - YYYY-MM-DD; a date YYYY-MM-DD.
        issued_date: Date purchase order was issued - YYYY-MM-DD; a date YYYY-MM-DD.
        ledger_account: Ledger account.
        line_items: Line items.
        memo: Message for the supplier. This text appears on the Purchase Order.
        payment_method: Payment method used for the transaction, such as cash, credit card, bank transfer, or
            check.
        po_number: A PO Number uniquely identifies a purchase order and is generally defined by the buyer.
        reference: Optional purchase order reference.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        shipping_address: Shipping address.
        status: Status.
        sub_total: Sub-total amount, normally before tax.
        supplier: The supplier this entity is linked to.
        tax_code: Applicable tax id/code override if tax is not supplied on a line item basis.
        tax_inclusive: Amounts are including tax.
        template_id: Optional purchase order template.
        total: Total amount of invoice, including tax.
        total_tax: Total tax amount applied to this invoice.

    Returns:
        The purchase order as changed.
    """
    purchase_order = _purchase_order(db, purchase_order_id)
    changes: dict[str, Any] = {}
    if accounting_by_row is not None:
        changes["accounting_by_row"] = accounting_by_row
    if bank_account is not None:
        changes["bank_account"] = bank_account
    if channel is not None:
        channel = channel.strip()
        changes["channel"] = channel
    if currency is not None:
        changes["currency"] = currency
    if currency_rate is not None:
        changes["currency_rate"] = currency_rate
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if delivery_date is not None:
        delivery_date = check_day("delivery_date", delivery_date)
        changes["delivery_date"] = delivery_date
    if discount_percentage is not None:
        changes["discount_percentage"] = discount_percentage
    if due_date is not None:
        due_date = check_day("due_date", due_date)
        changes["due_date"] = due_date
    if expected_arrival_date is not None:
        expected_arrival_date = check_day("expected_arrival_date", expected_arrival_date)
        changes["expected_arrival_date"] = expected_arrival_date
    if issued_date is not None:
        issued_date = check_day("issued_date", issued_date)
        changes["issued_date"] = issued_date
    if ledger_account is not None:
        changes["ledger_account"] = ledger_account
    if line_items is not None:
        changes["line_items"] = line_items
    if memo is not None:
        memo = memo.strip()
        changes["memo"] = memo
    if payment_method is not None:
        payment_method = payment_method.strip()
        changes["payment_method"] = payment_method
    if po_number is not None:
        po_number = po_number.strip()
        changes["po_number"] = po_number
    if reference is not None:
        reference = reference.strip()
        changes["reference"] = reference
    if row_version is not None:
        row_version = row_version.strip()
        changes["row_version"] = row_version
    if shipping_address is not None:
        changes["shipping_address"] = shipping_address
    if status is not None:
        changes["status"] = status
    if sub_total is not None:
        changes["sub_total"] = sub_total
    if supplier is not None:
        changes["supplier"] = supplier
    if tax_code is not None:
        tax_code = tax_code.strip()
        changes["tax_code"] = tax_code
    if tax_inclusive is not None:
        changes["tax_inclusive"] = tax_inclusive
    if template_id is not None:
        template_id = template_id.strip()
        changes["template_id"] = template_id
    if total is not None:
        changes["total"] = total
    if total_tax is not None:
        changes["total_tax"] = total_tax
    if not changes:
        raise ToolError("purchase orders update needs at least one of accounting by row, bank account, channel, "
                        "currency, currency rate, custom mappings, delivery date, discount percentage, due date, "
                        "expected arrival date, issued date, ledger account, line items, memo, payment method, po "
                        "number, reference, row version, shipping address, status, sub total, supplier, tax code, "
                        "tax inclusive, template id, total or total tax")
    update_row(db, "purchase_orders", "purchase_order_id", purchase_order["purchase_order_id"], changes)
    return _purchase_order(db, purchase_order["purchase_order_id"])


@tool(writes=True)
def purchase_orders_delete(db: Database, purchase_order_id: str) -> dict[str, Any]:
    """Delete Purchase Order.

    Delete Purchase Order

    Args:
        purchase_order_id: ID of the record you are acting upon; e.g. "12345" (from purchase_orders_all).

    Returns:
        The removed purchase order, marked deleted.
    """
    purchase_order = _purchase_order(db, purchase_order_id)
    db.execute("DELETE FROM purchase_orders WHERE purchase_order_id = ?", [purchase_order["purchase_order_id"]])
    return {**purchase_order, "deleted": True}


@tool
def suppliers_all(db: Database) -> list[dict[str, Any]]:
    """List Suppliers.

    List Suppliers

    Returns:
        The matching supplier summaries (supplier_id, display_name, currency, payment_method, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _SUPPLIERS_LIST_SQL, [], [], "t.supplier_id")


@tool(writes=True)
def suppliers_add(
        db: Database,
        account: str | None = None,
        addresses: str | None = None,
        bank_accounts: str | None = None,
        channel: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        custom_mappings: str | None = None,
        display_id: str | None = None,
        display_name: str | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        individual: bool | None = None,
        last_name: str | None = None,
        middle_name: str | None = None,
        notes: str | None = None,
        payment_method: str | None = None,
        phone_numbers: str | None = None,
        row_version: str | None = None,
        status: CustomerStatus | None = None,
        suffix: str | None = None,
        tax_number: str | None = None,
        tax_rate: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Create Supplier.

    Create Supplier

    Args:
        account: Account.
        addresses: Addresses.
        bank_accounts: Bank accounts.
        channel: The channel through which the transaction is processed.
        company_name: The name of the company.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        display_id: Display ID.
        display_name: Display name.
        emails: Emails.
        first_name: The first name of the person.
        individual: Is this an individual or business supplier.
        last_name: The last name of the person.
        middle_name: Middle name of the person.
        notes: Some notes about this supplier.
        payment_method: Payment method used for the transaction, such as cash, credit card, bank transfer, or
            check.
        phone_numbers: Phone numbers.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        status: Supplier status.
        suffix: Suffix.
        tax_number: Tax number.
        tax_rate: Tax rate.
        title: The job title of the person.
        websites: Websites.

    Returns:
        The new supplier.
    """
    if channel is not None:
        channel = channel.strip()
    if company_name is not None:
        company_name = company_name.strip()
    if display_id is not None:
        display_id = display_id.strip()
    if display_name is not None:
        display_name = display_name.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if middle_name is not None:
        middle_name = middle_name.strip()
    if notes is not None:
        notes = notes.strip()
    if payment_method is not None:
        payment_method = payment_method.strip()
    if row_version is not None:
        row_version = row_version.strip()
    if suffix is not None:
        suffix = suffix.strip()
    if tax_number is not None:
        tax_number = tax_number.strip()
    if title is not None:
        title = title.strip()
    supplier_id = next_id(db, "suppliers", "supplier_id", "", 5)
    db.execute("INSERT INTO suppliers (account, addresses, bank_accounts, channel, company_name, created_at, "
               "created_by, currency, custom_mappings, display_id, display_name, downstream_id, emails, "
               "first_name, supplier_id, individual, last_name, middle_name, notes, payment_method, phone_numbers, "
               "row_version, status, suffix, tax_number, tax_rate, title, updated_at, updated_by, websites) VALUES "
               "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account, addresses, bank_accounts, channel, company_name, db.now, None, currency, custom_mappings, display_id, display_name, None, emails, first_name, supplier_id, individual, last_name, middle_name, notes, payment_method, phone_numbers, row_version, status, suffix, tax_number, tax_rate, title, db.now, None, websites])
    return db.query_one(_SUPPLIERS_SQL + " WHERE t.supplier_id = ?", [supplier_id]) or {}


@tool
def suppliers_one(db: Database, supplier_id: str) -> dict[str, Any]:
    """Get Supplier.

    Get Supplier

    Args:
        supplier_id: ID of the record you are acting upon; e.g. "12345" (from suppliers_all).

    Returns:
        The supplier with the names of the rows it refers to.
    """
    return _supplier(db, supplier_id)


@tool(writes=True)
def suppliers_update(
        db: Database,
        supplier_id: str,
        account: str | None = None,
        addresses: str | None = None,
        bank_accounts: str | None = None,
        channel: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        custom_mappings: str | None = None,
        display_id: str | None = None,
        display_name: str | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        individual: bool | None = None,
        last_name: str | None = None,
        middle_name: str | None = None,
        notes: str | None = None,
        payment_method: str | None = None,
        phone_numbers: str | None = None,
        row_version: str | None = None,
        status: CustomerStatus | None = None,
        suffix: str | None = None,
        tax_number: str | None = None,
        tax_rate: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Update Supplier.

    Update Supplier

    Args:
        supplier_id: ID of the record you are acting upon; e.g. "12345" (from suppliers_all).
        account: Account.
        addresses: Addresses.
        bank_accounts: Bank accounts.
        channel: The channel through which the transaction is processed.
        company_name: The name of the company.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        display_id: Display ID.
        display_name: Display name.
        emails: Emails.
        first_name: The first name of the person.
        individual: Is this an individual or business supplier.
        last_name: The last name of the person.
        middle_name: Middle name of the person.
        notes: Some notes about this supplier.
        payment_method: Payment method used for the transaction, such as cash, credit card, bank transfer, or
            check.
        phone_numbers: Phone numbers.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        status: Supplier status.
        suffix: Suffix.
        tax_number: Tax number.
        tax_rate: Tax rate.
        title: The job title of the person.
        websites: Websites.

    Returns:
        The supplier as changed.
    """
    supplier = _supplier(db, supplier_id)
    changes: dict[str, Any] = {}
    if account is not None:
        changes["account"] = account
    if addresses is not None:
        changes["addresses"] = addresses
    if bank_accounts is not None:
        changes["bank_accounts"] = bank_accounts
    if channel is not None:
        channel = channel.strip()
        changes["channel"] = channel
    if company_name is not None:
        company_name = company_name.strip()
        changes["company_name"] = company_name
    if currency is not None:
        changes["currency"] = currency
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if display_id is not None:
        display_id = display_id.strip()
        changes["display_id"] = display_id
    if display_name is not None:
        display_name = display_name.strip()
        changes["display_name"] = display_name
    if emails is not None:
        changes["emails"] = emails
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if individual is not None:
        changes["individual"] = individual
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if middle_name is not None:
        middle_name = middle_name.strip()
        changes["middle_name"] = middle_name
    if notes is not None:
        notes = notes.strip()
        changes["notes"] = notes
    if payment_method is not None:
        payment_method = payment_method.strip()
        changes["payment_method"] = payment_method
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if row_version is not None:
        row_version = row_version.strip()
        changes["row_version"] = row_version
    if status is not None:
        changes["status"] = status
    if suffix is not None:
        suffix = suffix.strip()
        changes["suffix"] = suffix
    if tax_number is not None:
        tax_number = tax_number.strip()
        changes["tax_number"] = tax_number
    if tax_rate is not None:
        changes["tax_rate"] = tax_rate
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if websites is not None:
        changes["websites"] = websites
    if not changes:
        raise ToolError("suppliers update needs at least one of account, addresses, bank accounts, channel, "
                        "company name, currency, custom mappings, display id, display name, emails, first name, "
                        "individual, last name, middle name, notes, payment method, phone numbers, row version, "
                        "status, suffix, tax number, tax rate, title or websites")
    update_row(db, "suppliers", "supplier_id", supplier["supplier_id"], changes)
    return _supplier(db, supplier["supplier_id"])


@tool(writes=True)
def suppliers_delete(db: Database, supplier_id: str) -> dict[str, Any]:
    """Delete Supplier.

    Delete Supplier

    Args:
        supplier_id: ID of the record you are acting upon; e.g. "12345" (from suppliers_all).

    Returns:
        The removed supplier, marked deleted.
    """
    supplier = _supplier(db, supplier_id)
    db.execute("DELETE FROM suppliers WHERE supplier_id = ?", [supplier["supplier_id"]])
    return {**supplier, "deleted": True}


@tool
def tax_rates_all(db: Database) -> list[dict[str, Any]]:
    """List Tax Rates.

    List Tax Rates. Note: Not all connectors return the actual rate/percentage value. In this case, only the tax
    code or reference is returned. Connectors Affected: Quickbooks

    Returns:
        The matching tax rate summaries (tax_rate_id, name, effective_tax_rate, report_tax_type, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TAX_RATES_LIST_SQL, [], [], "t.tax_rate_id")


@tool(writes=True)
def tax_rates_add(
        db: Database,
        code: str | None = None,
        components: str | None = None,
        custom_mappings: str | None = None,
        description: str | None = None,
        effective_tax_rate: float | None = None,
        name: str | None = None,
        original_tax_rate_id: str | None = None,
        report_tax_type: str | None = None,
        row_version: str | None = None,
        status: TaxRateStatus | None = None,
        tax_payable_account_id: str | None = None,
        tax_remitted_account_id: str | None = None,
        total_tax_rate: float | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Create Tax Rate.

    Create Tax Rate

    Args:
        code: Tax code assigned to identify this tax rate.
        components: Components.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: Description of tax rate.
        effective_tax_rate: Effective tax rate.
        name: Name assigned to identify this tax rate; at least 1 characters.
        original_tax_rate_id: ID of the original tax rate from which the new tax rate is derived. Helps to
            understand the relationship between corresponding tax rate entities.
        report_tax_type: Report Tax type to aggregate tax collected or paid for reporting purposes.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        status: Tax rate status.
        tax_payable_account_id: Unique identifier for the account for tax collected.
        tax_remitted_account_id: Unique identifier for the account for tax remitted.
        total_tax_rate: Not compounded sum of the components of a tax rate.
        type: Tax type used to indicate the source of tax collected or paid.

    Returns:
        The new tax rate.
    """
    if code is not None:
        code = code.strip()
    if description is not None:
        description = description.strip()
    if name is not None:
        name = check_text("name", name, 1, None)
    if original_tax_rate_id is not None:
        original_tax_rate_id = original_tax_rate_id.strip()
    if report_tax_type is not None:
        report_tax_type = report_tax_type.strip()
    if row_version is not None:
        row_version = row_version.strip()
    if tax_payable_account_id is not None:
        tax_payable_account_id = tax_payable_account_id.strip()
    if tax_remitted_account_id is not None:
        tax_remitted_account_id = tax_remitted_account_id.strip()
    if type is not None:
        type = type.strip()
    tax_rate_id = next_id(db, "tax_rates", "tax_rate_id", "", 4)
    db.execute("INSERT INTO tax_rates (code, components, created_at, created_by, custom_mappings, description, "
               "effective_tax_rate, tax_rate_id, name, original_tax_rate_id, report_tax_type, row_version, status, "
               "tax_payable_account_id, tax_remitted_account_id, total_tax_rate, type, updated_at, updated_by) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [code, components, db.now, None, custom_mappings, description, effective_tax_rate, tax_rate_id, name, original_tax_rate_id, report_tax_type, row_version, status, tax_payable_account_id, tax_remitted_account_id, total_tax_rate, type, db.now, None])
    return db.query_one(_TAX_RATES_SQL + " WHERE t.tax_rate_id = ?", [tax_rate_id]) or {}


@tool
def tax_rates_one(db: Database, tax_rate_id: str) -> dict[str, Any]:
    """Get Tax Rate.

    Get Tax Rate. Note: Not all connectors return the actual rate/percentage value. In this case, only the tax
    code or reference is returned. Support will soon be added to return the actual rate/percentage by doing
    additional calls in the background to provide the full view of a given tax rate. Connectors Affected:
    Quickbooks

    Args:
        tax_rate_id: ID of the record you are acting upon; e.g. "1234" (from tax_rates_all).

    Returns:
        The tax rate with the names of the rows it refers to.
    """
    return _tax_rate(db, tax_rate_id)


@tool(writes=True)
def tax_rates_update(
        db: Database,
        tax_rate_id: str,
        code: str | None = None,
        components: str | None = None,
        custom_mappings: str | None = None,
        description: str | None = None,
        effective_tax_rate: float | None = None,
        name: str | None = None,
        original_tax_rate_id: str | None = None,
        report_tax_type: str | None = None,
        row_version: str | None = None,
        status: TaxRateStatus | None = None,
        tax_payable_account_id: str | None = None,
        tax_remitted_account_id: str | None = None,
        total_tax_rate: float | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Update Tax Rate.

    Update Tax Rate

    Args:
        tax_rate_id: ID of the record you are acting upon; e.g. "1234" (from tax_rates_all).
        code: Tax code assigned to identify this tax rate.
        components: Components.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: Description of tax rate.
        effective_tax_rate: Effective tax rate.
        name: Name assigned to identify this tax rate; at least 1 characters.
        original_tax_rate_id: ID of the original tax rate from which the new tax rate is derived. Helps to
            understand the relationship between corresponding tax rate entities.
        report_tax_type: Report Tax type to aggregate tax collected or paid for reporting purposes.
        row_version: A binary value used to detect updates to a object and prevent data conflicts. It is
            incremented each time an update is made to the object.
        status: Tax rate status.
        tax_payable_account_id: Unique identifier for the account for tax collected.
        tax_remitted_account_id: Unique identifier for the account for tax remitted.
        total_tax_rate: Not compounded sum of the components of a tax rate.
        type: Tax type used to indicate the source of tax collected or paid.

    Returns:
        The tax rate as changed.
    """
    tax_rate = _tax_rate(db, tax_rate_id)
    changes: dict[str, Any] = {}
    if code is not None:
        code = code.strip()
        changes["code"] = code
    if components is not None:
        changes["components"] = components
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if effective_tax_rate is not None:
        changes["effective_tax_rate"] = effective_tax_rate
    if name is not None:
        name = check_text("name", name, 1, None)
        changes["name"] = name
    if original_tax_rate_id is not None:
        original_tax_rate_id = original_tax_rate_id.strip()
        changes["original_tax_rate_id"] = original_tax_rate_id
    if report_tax_type is not None:
        report_tax_type = report_tax_type.strip()
        changes["report_tax_type"] = report_tax_type
    if row_version is not None:
        row_version = row_version.strip()
        changes["row_version"] = row_version
    if status is not None:
        changes["status"] = status
    if tax_payable_account_id is not None:
        tax_payable_account_id = tax_payable_account_id.strip()
        changes["tax_payable_account_id"] = tax_payable_account_id
    if tax_remitted_account_id is not None:
        tax_remitted_account_id = tax_remitted_account_id.strip()
        changes["tax_remitted_account_id"] = tax_remitted_account_id
    if total_tax_rate is not None:
        changes["total_tax_rate"] = total_tax_rate
    if type is not None:
        type = type.strip()
        changes["type"] = type
    if not changes:
        raise ToolError("tax rates update needs at least one of code, components, custom mappings, description, "
                        "effective tax rate, name, original tax rate id, report tax type, row version, status, tax "
                        "payable account id, tax remitted account id, total tax rate or type")
    update_row(db, "tax_rates", "tax_rate_id", tax_rate["tax_rate_id"], changes)
    return _tax_rate(db, tax_rate["tax_rate_id"])


@tool(writes=True)
def tax_rates_delete(db: Database, tax_rate_id: str) -> dict[str, Any]:
    """Delete Tax Rate.

    Delete Tax Rate

    Args:
        tax_rate_id: ID of the record you are acting upon; e.g. "1234" (from tax_rates_all).

    Returns:
        The removed tax rate, marked deleted.
    """
    tax_rate = _tax_rate(db, tax_rate_id)
    db.execute("DELETE FROM tax_rates WHERE tax_rate_id = ?", [tax_rate["tax_rate_id"]])
    return {**tax_rate, "deleted": True}
