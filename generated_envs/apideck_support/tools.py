"""Tools of the apideck_support environment, compiled from Customer Support.

Welcome to the Customer Support API. You can use this API to access all Customer Support API endpoints. ## Base URL
The base URL for all API requests is 'https://unify.apideck.com' We also provide a Mock API that can be used for
testing purposes: 'https://mock-api.apideck.com' ## Headers Custom headers that are expected as part of the request.
Note that RFC7230 states header names are case insensitive. | Name | Type | Required | Description | |
--------------------- | ------- | -------- |...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

Currency = Literal["UNKNOWN_CURRENCY",
                   "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYR", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LTL", "LVL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRO", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLL", "SOS", "SRD", "SSP", "STD", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRC", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USN", "USS", "UYI", "UYU", "UZS", "VEF", "VND", "VUV", "WST", "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XDR", "XOF", "XPD", "XPF", "XPT", "XTS", "XXX", "YER", "ZAR", "ZMK", "ZMW", "BTC", "ETH"]
CustomerSupportCustomerStatus = Literal["active", "archived", "gdpr-erasure-request", "unknown"]

_CUSTOMER_SUPPORT_CUSTOMERS_SQL = "SELECT t.* FROM customer_support_customers t"
_CUSTOMER_SUPPORT_CUSTOMERS_LIST_SQL = ("SELECT t.customer_support_customer_id, t.first_name, "
                                        "t.last_name, t.currency, t.status FROM "
                                        "customer_support_customers t")


def _customer_support_customer(db: Database, customer_support_customer_id: str) -> dict[str, Any]:
    row = db.query_one(_CUSTOMER_SUPPORT_CUSTOMERS_SQL + " WHERE t.customer_support_customer_id = ?",
                                                         [customer_support_customer_id.strip()])
    if row is None:
        raise ToolError(f"no customer support customer with id {customer_support_customer_id!r} (customer support "
                        f"customer ids look like '12345')")
    return row


@tool
def customers_all(db: Database) -> list[dict[str, Any]]:
    """List Customer Support Customers.

    List Customer Support Customers

    Returns:
        The matching customer support customer summaries (customer_support_customer_id, first_name, last_name, currency, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CUSTOMER_SUPPORT_CUSTOMERS_LIST_SQL, [], [], "t.customer_support_customer_id")


@tool(writes=True)
def customers_add(
        db: Database,
        addresses: str | None = None,
        bank_accounts: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        individual: bool | None = None,
        last_name: str | None = None,
        notes: str | None = None,
        phone_numbers: str | None = None,
        status: CustomerSupportCustomerStatus | None = None,
        tax_number: str | None = None,
) -> dict[str, Any]:
    """Create Customer Support Customer.

    Create Customer Support Customer

    Args:
        addresses: Addresses.
        bank_accounts: Bank accounts.
        company_name: The name of the company.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        emails: Emails.
        first_name: The first name of the person.
        individual: Individual.
        last_name: The last name of the person.
        notes: Notes.
        phone_numbers: Phone numbers.
        status: Customer status.
        tax_number: Tax number.

    Returns:
        The new customer support customer.
    """
    if company_name is not None:
        company_name = company_name.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if notes is not None:
        notes = notes.strip()
    if tax_number is not None:
        tax_number = tax_number.strip()
    customer_support_customer_id = next_id(db, "customer_support_customers", "customer_support_customer_id", "", 5)
    db.execute("INSERT INTO customer_support_customers (addresses, bank_accounts, company_name, created_at, "
               "created_by, currency, emails, first_name, customer_support_customer_id, individual, last_name, "
               "notes, phone_numbers, status, tax_number, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [addresses, bank_accounts, company_name, db.now, None, currency, emails, first_name, customer_support_customer_id, individual, last_name, notes, phone_numbers, status, tax_number, db.now, None])
    return db.query_one(_CUSTOMER_SUPPORT_CUSTOMERS_SQL + " WHERE t.customer_support_customer_id = ?",
                                                          [customer_support_customer_id]) or {}


@tool
def customers_one(db: Database, customer_support_customer_id: str) -> dict[str, Any]:
    """Get Customer Support Customer.

    Get Customer Support Customer

    Args:
        customer_support_customer_id: ID of the record you are acting upon; e.g. "12345" (from customers_all).

    Returns:
        The customer support customer with the names of the rows it refers to.
    """
    return _customer_support_customer(db, customer_support_customer_id)


@tool(writes=True)
def customers_update(
        db: Database,
        customer_support_customer_id: str,
        addresses: str | None = None,
        bank_accounts: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        individual: bool | None = None,
        last_name: str | None = None,
        notes: str | None = None,
        phone_numbers: str | None = None,
        status: CustomerSupportCustomerStatus | None = None,
        tax_number: str | None = None,
) -> dict[str, Any]:
    """Update Customer Support Customer.

    Update Customer Support Customer

    Args:
        customer_support_customer_id: ID of the record you are acting upon; e.g. "12345" (from customers_all).
        addresses: Addresses.
        bank_accounts: Bank accounts.
        company_name: The name of the company.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        emails: Emails.
        first_name: The first name of the person.
        individual: Individual.
        last_name: The last name of the person.
        notes: Notes.
        phone_numbers: Phone numbers.
        status: Customer status.
        tax_number: Tax number.

    Returns:
        The customer support customer as changed.
    """
    customer_support_customer = _customer_support_customer(db, customer_support_customer_id)
    changes: dict[str, Any] = {}
    if addresses is not None:
        changes["addresses"] = addresses
    if bank_accounts is not None:
        changes["bank_accounts"] = bank_accounts
    if company_name is not None:
        company_name = company_name.strip()
        changes["company_name"] = company_name
    if currency is not None:
        changes["currency"] = currency
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
    if notes is not None:
        notes = notes.strip()
        changes["notes"] = notes
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if status is not None:
        changes["status"] = status
    if tax_number is not None:
        tax_number = tax_number.strip()
        changes["tax_number"] = tax_number
    if not changes:
        raise ToolError("customers update needs at least one of addresses, bank accounts, company name, currency, "
                        "emails, first name, individual, last name, notes, phone numbers, status or tax number")
    update_row(db, "customer_support_customers",
                "customer_support_customer_id", customer_support_customer["customer_support_customer_id"], changes)
    return _customer_support_customer(db, customer_support_customer["customer_support_customer_id"])


@tool(writes=True)
def customers_delete(db: Database, customer_support_customer_id: str) -> dict[str, Any]:
    """Delete Customer Support Customer.

    Delete Customer Support Customer

    Args:
        customer_support_customer_id: ID of the record you are acting upon; e.g. "12345" (from customers_all).

    Returns:
        The removed customer support customer, marked deleted.
    """
    customer_support_customer = _customer_support_customer(db, customer_support_customer_id)
    db.execute("DELETE FROM customer_support_customers WHERE customer_support_customer_id = ?",
               [customer_support_customer["customer_support_customer_id"]])
    return {**customer_support_customer, "deleted": True}
