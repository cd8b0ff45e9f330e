"""Tools of the billingo environment, compiled from Billingo API v3.

This is a Billingo API v3 documentation. Our API based on REST software architectural style. API has resource-
oriented URLs, accepts JSON-encoded request bodies and returns JSON-encoded responses. To use this API you have to
generate a new API key on our site. After that, you can test your API key on this page.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, next_number, select_rows, update_row

Currency = Literal["AUD",
                   "BGN", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HRK", "HUF", "IDR", "ILS", "INR", "ISK", "JPY", "KRW", "LTL", "LVL", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "RON", "RSD", "RUB", "SEK", "SGD", "THB", "TRY", "UAH", "USD", "ZAR"]
Language = Literal["de", "en", "fr", "hr", "hu", "it", "ro", "sk"]
NotificationStatus = Literal["closed", "downloaded", "failed", "none", "opened", "readed"]
PaymentMethod = Literal["aruhitel",
                        "bankcard", "barion", "barter", "cash", "cash_on_delivery", "coupon", "elore_utalas", "ep_kartya", "kompenzacio", "levonas", "online_bankcard", "payoneer", "paypal", "paypal_utolag", "payu", "pick_pack_pont", "postai_csekk", "postautalvany", "skrill", "szep_card", "transferwise", "upwork", "utalvany", "valto", "wire_transfer"]
PaymentStatus = Literal["expired", "none", "outstanding", "paid", "partially_paid"]
DocumentType = Literal["advance", "canceled", "cancellation", "draft", "invoice", "proforma"]
Vat = Literal["0%",
              "1%", "10%", "11%", "12%", "13%", "14%", "15%", "16%", "17%", "18%", "19%", "2%", "20%", "21%", "22%", "23%", "24%", "25%", "26%", "27%", "3%", "4%", "5%", "6%", "7%", "8%", "9%", "AAM", "AM", "EU", "EUK", "F.AFA", "FAD", "K.AFA", "MAA", "TAM", "ÁKK", "ÁTHK"]

_BANK_ACCOUNTS_SQL = "SELECT t.* FROM bank_accounts t"
_DOCUMENTS_SQL = "SELECT t.* FROM documents t"
_DOCUMENTS_LIST_SQL = ("SELECT t.document_id, t.block_id, t.conversion_rate, t.currency, t.language, "
                       "t.notification_status, t.payment_method, t.payment_status, t.type FROM "
                       "documents t")
_DOCUMENT_BLOCKS_SQL = "SELECT t.* FROM document_blocks t"
_DOCUMENT_ORGANIZATIONS_SQL = "SELECT t.* FROM document_organizations t"
_IDS_SQL = "SELECT t.* FROM ids t"
_PARTNERS_SQL = "SELECT t.* FROM partners t"
_PARTNERS_LIST_SQL = "SELECT t.partner_id, t.name FROM partners t"
_PRODUCTS_SQL = "SELECT t.* FROM products t"
_PRODUCTS_LIST_SQL = "SELECT t.product_id, t.name, t.currency, t.net_unit_price, t.vat FROM products t"


def _bank_account(db: Database, bank_account_id: int) -> dict[str, Any]:
    row = db.query_one(_BANK_ACCOUNTS_SQL + " WHERE t.bank_account_id = ?", [bank_account_id])
    if row is None:
        raise ToolError(f"no bank account with id {bank_account_id!r} (bank account ids look like 1)")
    return row


def _document(db: Database, document_id: int) -> dict[str, Any]:
    row = db.query_one(_DOCUMENTS_SQL + " WHERE t.document_id = ?", [document_id])
    if row is None:
        raise ToolError(f"no document with id {document_id!r} (document ids look like 1)")
    return row


def _partner(db: Database, partner_id: int) -> dict[str, Any]:
    row = db.query_one(_PARTNERS_SQL + " WHERE t.partner_id = ?", [partner_id])
    if row is None:
        raise ToolError(f"no partner with id {partner_id!r} (partner ids look like 1)")
    return row


def _product(db: Database, product_id: int) -> dict[str, Any]:
    row = db.query_one(_PRODUCTS_SQL + " WHERE t.product_id = ?", [product_id])
    if row is None:
        raise ToolError(f"no product with id {product_id!r} (product ids look like 1)")
    return row


@tool
def list_bank_account(db: Database) -> list[dict[str, Any]]:
    """List all bank account.

    Returns a list of your bank accounts. The bank accounts are returned sorted by creation date, with the most
    recent bank account appearing first.

    Returns:
        The matching bank account rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _BANK_ACCOUNTS_SQL, [], [], "t.bank_account_id")


@tool(writes=True)
def create_bank_account(
        db: Database,
        account_number: str,
        currency: Currency,
        name: str,
        account_number_iban: str | None = None,
        need_qr: bool | None = None,
        swift: str | None = None,
) -> dict[str, Any]:
    """Create a bank account.

    Create a new bank account. Returns a bank account object if the create is succeded.

    Args:
        account_number: Account number.
        currency: Currency.
        name: Name.
        account_number_iban: Account number iban.
        need_qr: Need qr.
        swift: Swift.

    Returns:
        The new bank account.
    """
    account_number = account_number.strip()
    if account_number_iban is not None:
        account_number_iban = account_number_iban.strip()
    name = name.strip()
    if swift is not None:
        swift = swift.strip()
    bank_account_id = next_number(db, "bank_accounts", "bank_account_id")
    db.execute("INSERT INTO bank_accounts (account_number, account_number_iban, currency, bank_account_id, name, "
               "need_qr, swift) VALUES (?, ?, ?, ?, ?, ?, ?)",
               [account_number, account_number_iban, currency, bank_account_id, name, need_qr, swift])
    return db.query_one(_BANK_ACCOUNTS_SQL + " WHERE t.bank_account_id = ?", [bank_account_id]) or {}


@tool
def get_bank_account(db: Database, bank_account_id: int) -> dict[str, Any]:
    """Retrieve a bank account.

    Retrieves the details of an existing bank account.

    Args:
        bank_account_id: Bank account id; e.g. 1 (from list_bank_account).

    Returns:
        The bank account with the names of the rows it refers to.
    """
    return _bank_account(db, bank_account_id)


@tool(writes=True)
def update_bank_account(
        db: Database,
        bank_account_id: int,
        account_number: str | None = None,
        account_number_iban: str | None = None,
        currency: Currency | None = None,
        name: str | None = None,
        need_qr: bool | None = None,
        swift: str | None = None,
) -> dict[str, Any]:
    """Update a bank account.

    Update an existing bank accounts. Returns a bank account object if the update is succeded.

    Args:
        bank_account_id: Bank account id; e.g. 1 (from list_bank_account).
        account_number: Account number.
        account_number_iban: Account number iban.
        currency: Currency.
        name: Name.
        need_qr: Need qr.
        swift: Swift.

    Returns:
        The bank account as changed.
    """
    bank_account = _bank_account(db, bank_account_id)
    changes: dict[str, Any] = {}
    if account_number is not None:
        account_number = account_number.strip()
        changes["account_number"] = account_number
    if account_number_iban is not None:
        account_number_iban = account_number_iban.strip()
        changes["account_number_iban"] = account_number_iban
    if currency is not None:
        changes["currency"] = currency
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if need_qr is not None:
        changes["need_qr"] = need_qr
    if swift is not None:
        swift = swift.strip()
        changes["swift"] = swift
    if not changes:
        raise ToolError("update bank account needs at least one of account number, account number iban, currency, "
                        "name, need qr or swift")
    update_row(db, "bank_accounts", "bank_account_id", bank_account["bank_account_id"], changes)
    return _bank_account(db, bank_account["bank_account_id"])


@tool(writes=True)
def delete_bank_account(db: Database, bank_account_id: int) -> dict[str, Any]:
    """Delete a bank account.

    Delete an existing bank account.

    Args:
        bank_account_id: Bank account id; e.g. 1 (from list_bank_account).

    Returns:
        The removed bank account, marked deleted.
    """
    bank_account = _bank_account(db, bank_account_id)
    db.execute("DELETE FROM bank_accounts WHERE bank_account_id = ?", [bank_account["bank_account_id"]])
    return {**bank_account, "deleted": True}


@tool
def list_document_block(db: Database) -> list[dict[str, Any]]:
    """List all document blocks.

    Returns a list of your document blocks. The document blocks are returned sorted by creation date, with the
    most recent document blocks appearing first.

    Returns:
        The matching document block rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _DOCUMENT_BLOCKS_SQL, [], [], "t.document_block_id")


@tool
def list_document(
        db: Database,
        block_id: int | None = None,
        payment_method: PaymentMethod | None = None,
        payment_status: PaymentStatus | None = None,
) -> list[dict[str, Any]]:
    """List all documents.

    Returns a list of your documents. The documents are returned sorted by creation date, with the most recent
    documents appearing first.

    Args:
        block_id: Filter documents by the identifier of your DocumentBlock.
        payment_method: Filter documents by PaymentMethod value.
        payment_status: Filter documents by PaymentStatus value.

    Returns:
        The matching document summaries (document_id, block_id, conversion_rate, currency, language, notification_status, payment_method, payment_status, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if block_id is not None:
        where.append("t.block_id = ?")
        params.append(block_id)
    if payment_method is not None:
        where.append("t.payment_method = ?")
        params.append(payment_method)
    if payment_status is not None:
        where.append("t.payment_status = ?")
        params.append(payment_status)
    return select_rows(db, _DOCUMENTS_LIST_SQL, where, params, "t.document_id")


@tool(writes=True)
def create_document(
        db: Database,
        block_id: int,
        currency: Currency,
        due_date: str,
        fulfillment_date: str,
        language: Language,
        payment_method: PaymentMethod,
        type: DocumentType,
        comment: str | None = None,
        conversion_rate: float | None = None,
        electronic: bool | None = None,
        items: str | None = None,
        settings: str | None = None,
) -> dict[str, Any]:
    """Create a document.

    Create a new document. Returns a document object if the create is succeded.

    Args:
        block_id: DocumentBlock's identifier.
        currency: Currency.
        due_date: Due date; a date YYYY-MM-DD.
        fulfillment_date: Fulfillment date; a date YYYY-MM-DD.
        language: Language.
        payment_method: Payment method.
        type: Type.
        comment: Comment.
        conversion_rate: Conversion rate.
        electronic: Electronic.
        items: Items.
        settings: Settings.

    Returns:
        The new document.
    """
    if comment is not None:
        comment = comment.strip()
    due_date = check_day("due_date", due_date)
    fulfillment_date = check_day("fulfillment_date", fulfillment_date)
    document_id = next_number(db, "documents", "document_id")
    db.execute("INSERT INTO documents (block_id, cancelled, comment, conversion_rate, currency, due_date, "
               "electronic, fulfillment_date, gross_total, document_id, invoice_date, invoice_number, items, "
               "language, notification_status, organization, paid_date, partner, payment_method, payment_status, "
               "settings, summary, tags, type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?)",
               [block_id, None, comment, conversion_rate, currency, due_date, electronic, fulfillment_date, None, document_id, db.now[:10], None, items, language, "closed",
                                                                                                                                                                   None, db.now[:10], None, payment_method, "expired", settings, None, None, type])
    return db.query_one(_DOCUMENTS_SQL + " WHERE t.document_id = ?", [document_id]) or {}


@tool
def get_document(db: Database, document_id: int) -> dict[str, Any]:
    """Retrieve a document.

    Retrieves the details of an existing document.

    Args:
        document_id: The document's unique identifier; e.g. 1 (from list_document).

    Returns:
        The document with the names of the rows it refers to.
    """
    return _document(db, document_id)


@tool(writes=True)
def cancel_document(db: Database, document_id: int) -> dict[str, Any]:
    """Cancel a document.

    Cancel a document. Returns a cancellation document object if the cancellation is succeded.

    Args:
        document_id: The document's unique identifier; e.g. 1 (from list_document).

    Returns:
        The document as changed.
    """
    document = _document(db, document_id)
    if document["type"] not in ("advance", "cancellation", "draft", "invoice", "proforma"):
        raise ToolError(f"document {document['document_id']} is {document['type']}: cancel document applies only to "
                        f"a document whose type is advance, cancellation, draft, invoice or proforma")
    changes: dict[str, Any] = {"type": "canceled"}
    update_row(db, "documents", "document_id", document["document_id"], changes)
    return _document(db, document["document_id"])


@tool
def download_document(db: Database, document_id: int | None = None) -> list[dict[str, Any]]:
    """Download a document in PDF format.

    Download a document. Returns a document in PDF format.

    Args:
        document_id: The document's unique identifier.

    Returns:
        The matching document summaries (document_id, block_id, conversion_rate, currency, language, notification_status, payment_method, payment_status, type; given document_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if document_id is not None:
        where.append("t.document_id = ?")
        params.append(document_id)
    return select_rows(db, _DOCUMENTS_SQL if document_id is not None else _DOCUMENTS_LIST_SQL, where, params, "t.document_id")


@tool
def get_online_szamla_status(db: Database, document_id: int | None = None) -> list[dict[str, Any]]:
    """Retrieve a document Online Számla status.

    Retrieves the details of an existing document status.

    Args:
        document_id: The document's unique identifier.

    Returns:
        The matching document summaries (document_id, block_id, conversion_rate, currency, language, notification_status, payment_method, payment_status, type; given document_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if document_id is not None:
        where.append("t.document_id = ?")
        params.append(document_id)
    return select_rows(db, _DOCUMENTS_SQL if document_id is not None else _DOCUMENTS_LIST_SQL, where, params, "t.document_id")


@tool
def get_organization_data(db: Database) -> list[dict[str, Any]]:
    """Retrieve a organization data.

    Retrieves the data of organization.

    Returns:
        The matching document organization rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _DOCUMENT_ORGANIZATIONS_SQL, [], [], "t.document_organization_name")


@tool
def list_partner(db: Database) -> list[dict[str, Any]]:
    """List all partners.

    Returns a list of your partners. The partners are returned sorted by creation date, with the most recent
    partners appearing first.

    Returns:
        The matching partner summaries (partner_id, name; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PARTNERS_LIST_SQL, [], [], "t.partner_id")


@tool(writes=True)
def create_partner(
        db: Database,
        address: str,
        name: str,
        account_number: str | None = None,
        emails: str | None = None,
        general_ledger_number: str | None = None,
        iban: str | None = None,
        phone: str | None = None,
        swift: str | None = None,
        taxcode: str | None = None,
) -> dict[str, Any]:
    """Create a partner.

    Create a new partner. Returns a partner object if the create is succeded.

    Args:
        address: Address.
        name: Name.
        account_number: Account number.
        emails: Emails.
        general_ledger_number: General ledger number.
        iban: Iban.
        phone: Phone.
        swift: Swift.
        taxcode: Taxcode.

    Returns:
        The new partner.
    """
    if account_number is not None:
        account_number = account_number.strip()
    if general_ledger_number is not None:
        general_ledger_number = general_ledger_number.strip()
    if iban is not None:
        iban = iban.strip()
    name = name.strip()
    if phone is not None:
        phone = phone.strip()
    if swift is not None:
        swift = swift.strip()
    if taxcode is not None:
        taxcode = taxcode.strip()
    partner_id = next_number(db, "partners", "partner_id")
    db.execute("INSERT INTO partners (account_number, address, emails, general_ledger_number, iban, name, phone, "
               "swift, taxcode, partner_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_number, address, emails, general_ledger_number, iban, name, phone, swift, taxcode, partner_id])
    return db.query_one(_PARTNERS_SQL + " WHERE t.partner_id = ?", [partner_id]) or {}


@tool
def get_partner(db: Database, partner_id: int) -> dict[str, Any]:
    """Retrieve a partner.

    Retrieves the details of an existing partner.

    Args:
        partner_id: Partner id; e.g. 1 (from list_partner).

    Returns:
        The partner with the names of the rows it refers to.
    """
    return _partner(db, partner_id)


@tool(writes=True)
def update_partner(
        db: Database,
        partner_id: int,
        account_number: str | None = None,
        address: str | None = None,
        emails: str | None = None,
        general_ledger_number: str | None = None,
        iban: str | None = None,
        name: str | None = None,
        phone: str | None = None,
        swift: str | None = None,
        taxcode: str | None = None,
) -> dict[str, Any]:
    """Update a partner.

    Update an existing partner. Returns a partner object if the update is succeded.

    Args:
        partner_id: Partner id; e.g. 1 (from list_partner).
        account_number: Account number.
        address: Address.
        emails: Emails.
        general_ledger_number: General ledger number.
        iban: Iban.
        name: Name.
        phone: Phone.
        swift: Swift.
        taxcode: Taxcode.

    Returns:
        The partner as changed.
    """
    partner = _partner(db, partner_id)
    changes: dict[str, Any] = {}
    if account_number is not None:
        account_number = account_number.strip()
        changes["account_number"] = account_number
    if address is not None:
        changes["address"] = address
    if emails is not None:
        changes["emails"] = emails
    if general_ledger_number is not None:
        general_ledger_number = general_ledger_number.strip()
        changes["general_ledger_number"] = general_ledger_number
    if iban is not None:
        iban = iban.strip()
        changes["iban"] = iban
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if phone is not None:
        phone = phone.strip()
        changes["phone"] = phone
    if swift is not None:
        swift = swift.strip()
        changes["swift"] = swift
    if taxcode is not None:
        taxcode = taxcode.strip()
        changes["taxcode"] = taxcode
    if not changes:
        raise ToolError("update partner needs at least one of account number, address, emails, general ledger "
                        "number, iban, name, phone, swift or taxcode")
    update_row(db, "partners", "partner_id", partner["partner_id"], changes)
    return _partner(db, partner["partner_id"])


@tool(writes=True)
def delete_partner(db: Database, partner_id: int) -> dict[str, Any]:
    """Delete a partner.

    Delete an existing partner.

    Args:
        partner_id: Partner id; e.g. 1 (from list_partner).

    Returns:
        The removed partner, marked deleted.
    """
    partner = _partner(db, partner_id)
    db.execute("DELETE FROM partners WHERE partner_id = ?", [partner["partner_id"]])
    return {**partner, "deleted": True}


@tool
def list_product(db: Database) -> list[dict[str, Any]]:
    """List all product.

    Returns a list of your products. The partners are returned sorted by creation date, with the most recent
    partners appearing first.

    Returns:
        The matching product summaries (product_id, name, currency, net_unit_price, vat; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PRODUCTS_LIST_SQL, [], [], "t.product_id")


@tool(writes=True)
def create_product(
        db: Database,
        currency: Currency,
        name: str,
        unit: str,
        vat: Vat,
        comment: str | None = None,
        general_ledger_number: str | None = None,
        general_ledger_taxcode: str | None = None,
        net_unit_price: float | None = None,
) -> dict[str, Any]:
    """Create a product.

    Create a new product. Returns a product object if the create is succeded.

    Args:
        currency: Currency.
        name: Name.
        unit: Unit.
        vat: Vat.
        comment: Comment.
        general_ledger_number: General ledger number.
        general_ledger_taxcode: General ledger taxcode.
        net_unit_price: Net unit price.

    Returns:
        The new product.
    """
    if comment is not None:
        comment = comment.strip()
    if general_ledger_number is not None:
        general_ledger_number = general_ledger_number.strip()
    if general_ledger_taxcode is not None:
        general_ledger_taxcode = general_ledger_taxcode.strip()
    name = name.strip()
    unit = unit.strip()
    product_id = next_number(db, "products", "product_id")
    db.execute("INSERT INTO products (comment, currency, general_ledger_number, general_ledger_taxcode, "
               "product_id, name, net_unit_price, unit, vat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [comment, currency, general_ledger_number, general_ledger_taxcode, product_id, name, net_unit_price, unit, vat])
    return db.query_one(_PRODUCTS_SQL + " WHERE t.product_id = ?", [product_id]) or {}


@tool
def get_product(db: Database, product_id: int) -> dict[str, Any]:
    """Retrieve a product.

    Retrieves the details of an existing product.

    Args:
        product_id: Product id; e.g. 1 (from list_product).

    Returns:
        The product with the names of the rows it refers to.
    """
    return _product(db, product_id)


@tool(writes=True)
def update_product(
        db: Database,
        product_id: int,
        comment: str | None = None,
        currency: Currency | None = None,
        general_ledger_number: str | None = None,
        general_ledger_taxcode: str | None = None,
        name: str | None = None,
        net_unit_price: float | None = None,
        unit: str | None = None,
        vat: Vat | None = None,
) -> dict[str, Any]:
    """Update a product.

    Update an existing product. Returns a product object if the update is succeded.

    Args:
        product_id: Product id; e.g. 1 (from list_product).
        comment: Comment.
        currency: Currency.
        general_ledger_number: General ledger number.
        general_ledger_taxcode: General ledger taxcode.
        name: Name.
        net_unit_price: Net unit price.
        unit: Unit.
        vat: Vat.

    Returns:
        The product as changed.
    """
    product = _product(db, product_id)
    changes: dict[str, Any] = {}
    if comment is not None:
        comment = comment.strip()
        changes["comment"] = comment
    if currency is not None:
        changes["currency"] = currency
    if general_ledger_number is not None:
        general_ledger_number = general_ledger_number.strip()
        changes["general_ledger_number"] = general_ledger_number
    if general_ledger_taxcode is not None:
        general_ledger_taxcode = general_ledger_taxcode.strip()
        changes["general_ledger_taxcode"] = general_ledger_taxcode
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if net_unit_price is not None:
        changes["net_unit_price"] = net_unit_price
    if unit is not None:
        unit = unit.strip()
        changes["unit"] = unit
    if vat is not None:
        changes["vat"] = vat
    if not changes:
        raise ToolError("update product needs at least one of comment, currency, general ledger number, general "
                        "ledger taxcode, name, net unit price, unit or vat")
    update_row(db, "products", "product_id", product["product_id"], changes)
    return _product(db, product["product_id"])


@tool(writes=True)
def delete_product(db: Database, product_id: int) -> dict[str, Any]:
    """Delete a product.

    Delete an existing product.

    Args:
        product_id: Product id; e.g. 1 (from list_product).

    Returns:
        The removed product, marked deleted.
    """
    product = _product(db, product_id)
    db.execute("DELETE FROM products WHERE product_id = ?", [product["product_id"]])
    return {**product, "deleted": True}
