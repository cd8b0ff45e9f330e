"""Tools of the apideck_crm environment, compiled from CRM API.

Welcome to the CRM API. You can use this API to access all CRM API endpoints. ## Base URL The base URL for all API
requests is 'https://unify.apideck.com' ## Headers Custom headers that are expected as part of the request. Note
that RFC7230 states header names are case insensitive. | Name | Type | Required | Description | |
--------------------- | ------- | -------- | -----------------------------------------------------------------------
--------------------------------------------------------------------------------------- | | x-apideck-consumer-id |
String | Yes | The id of the...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, check_text, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

Currency = Literal["UNKNOWN_CURRENCY",
                   "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYR", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HRK", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LTL", "LVL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRO", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLL", "SOS", "SRD", "SSP", "STD", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRC", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USN", "USS", "UYI", "UYU", "UZS", "VEF", "VND", "VUV", "WST", "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XDR", "XOF", "XPD", "XPF", "XPT", "XTS", "XXX", "YER", "ZAR", "ZMK", "ZMW", "BTC", "ETH"]
Gender = Literal["male", "female", "unisex"]
ContactType = Literal["customer", "supplier", "employee", "personal"]

_COMPANIES_SQL = "SELECT t.* FROM companies t"
_COMPANIES_LIST_SQL = "SELECT t.company_id, t.name, t.birthday, t.currency FROM companies t"
_CONTACTS_SQL = ("SELECT t.*, r1.name AS company_name, r2.name AS lead_name FROM contacts t LEFT JOIN "
                 "companies r1 ON r1.company_id = t.company_id LEFT JOIN leads r2 ON r2.lead_id = "
                 "t.lead_id")
_CONTACTS_LIST_SQL = ("SELECT t.contact_id, t.name, t.company_id, t.current_balance, t.gender, "
                      "t.lead_id, t.type, r1.name AS company_name, r2.name AS lead_name FROM contacts "
                      "t LEFT JOIN companies r1 ON r1.company_id = t.company_id LEFT JOIN leads r2 ON "
                      "r2.lead_id = t.lead_id")
_LEADS_SQL = ("SELECT t.*, r1.name AS company_name FROM leads t LEFT JOIN companies r1 ON "
              "r1.company_id = t.company_id")
_LEADS_LIST_SQL = ("SELECT t.lead_id, t.name, t.company_id, t.currency, t.monetary_amount, r1.name AS "
                   "company_name FROM leads t LEFT JOIN companies r1 ON r1.company_id = t.company_id")
_PIPELINES_SQL = "SELECT t.* FROM pipelines t"
_PIPELINES_LIST_SQL = "SELECT t.pipeline_id, t.name, t.currency, t.display_order FROM pipelines t"


def _company(db: Database, company_id: str) -> dict[str, Any]:
    row = db.query_one(_COMPANIES_SQL + " WHERE t.company_id = ?", [company_id.strip()])
    if row is None:
        raise ToolError(f"no company with id {company_id!r} (company ids look like '12345')")
    return row


def _contact(db: Database, contact_id: str) -> dict[str, Any]:
    row = db.query_one(_CONTACTS_SQL + " WHERE t.contact_id = ?", [contact_id.strip()])
    if row is None:
        raise ToolError(f"no contact with id {contact_id!r} (contact ids look like '12345')")
    return row


def _lead(db: Database, lead_id: str) -> dict[str, Any]:
    row = db.query_one(_LEADS_SQL + " WHERE t.lead_id = ?", [lead_id.strip()])
    if row is None:
        raise ToolError(f"no lead with id {lead_id!r} (lead ids look like '2')")
    return row


def _pipeline(db: Database, pipeline_id: str) -> dict[str, Any]:
    row = db.query_one(_PIPELINES_SQL + " WHERE t.pipeline_id = ?", [pipeline_id.strip().upper()])
    if row is None:
        raise ToolError(f"no pipeline with id {pipeline_id!r} (pipeline ids look like 'P-0001')")
    return row


@tool
def companies_all(db: Database) -> list[dict[str, Any]]:
    """List companies.

    List companies

    Returns:
        The matching company summaries (company_id, name, birthday, currency; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _COMPANIES_LIST_SQL, [], [], "t.company_id")


@tool(writes=True)
def companies_add(
        db: Database,
        name: str,
        abn_branch: str | None = None,
        abn_or_tfn: str | None = None,
        acn: str | None = None,
        addresses: str | None = None,
        annual_revenue: str | None = None,
        bank_accounts: str | None = None,
        birthday: str | None = None,
        currency: Currency | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        description: str | None = None,
        emails: str | None = None,
        fax: str | None = None,
        first_name: str | None = None,
        image: str | None = None,
        industry: str | None = None,
        last_name: str | None = None,
        number_of_employees: str | None = None,
        owner_id: str | None = None,
        ownership: str | None = None,
        payee_number: str | None = None,
        phone_numbers: str | None = None,
        read_only: bool | None = None,
        row_type: str | None = None,
        sales_tax_number: str | None = None,
        salutation: str | None = None,
        social_links: str | None = None,
        status: str | None = None,
        tags: str | None = None,
        vat_number: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Create company.

    Create company

    Args:
        name: Name of the company; at least 1 characters.
        abn_branch: An ABN Branch (also known as a GST Branch) is used if part of your business needs to account
            for GST separately from its parent entity.
        abn_or_tfn: An ABN is necessary for operating a business, while a TFN (Tax File Number) is required for
            any person working in Australia.
        acn: The Australian Company Number (ACN) is a nine digit number with the last digit being a check digit
            calculated using a modified modulus 10 calculation. ASIC has adopted a convention of always printing and
            displaying the ACN in the format XXX XXX XXX; three blocks of three characters, each block.
        addresses: Addresses.
        annual_revenue: The annual revenue of the company.
        bank_accounts: Bank accounts.
        birthday: The date of birth of the person; a date YYYY-MM-DD.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: A description of the company.
        emails: Emails.
        fax: The fax number of the company.
        first_name: The first name of the person.
        image: The Image URL of the company.
        industry: The industry represents the type of business the company is in.
        last_name: The last name of the person.
        number_of_employees: Number of employees.
        owner_id: Owner ID.
        ownership: The ownership indicates the type of ownership of the company.
        payee_number: A payee number is a unique number that identifies a payee for tax purposes.
        phone_numbers: Phone numbers.
        read_only: Whether the company is read-only or not.
        row_type: Row type.
        sales_tax_number: A sales tax number is a unique number that identifies a company for tax purposes.
        salutation: A formal salutation for the person. For example, 'Mr', 'Mrs'.
        social_links: Social links.
        status: The status of the company.
        tags: Tags.
        vat_number: The VAT number of the company.
        websites: Websites.

    Returns:
        The new company.
    """
    if abn_branch is not None:
        abn_branch = abn_branch.strip()
    if abn_or_tfn is not None:
        abn_or_tfn = abn_or_tfn.strip()
    if acn is not None:
        acn = acn.strip()
    if annual_revenue is not None:
        annual_revenue = annual_revenue.strip()
    if birthday is not None:
        birthday = check_day("birthday", birthday)
    if description is not None:
        description = description.strip()
    if fax is not None:
        fax = fax.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if image is not None:
        image = image.strip()
    if industry is not None:
        industry = industry.strip()
    if last_name is not None:
        last_name = last_name.strip()
    name = check_text("name", name, 1, None)
    if number_of_employees is not None:
        number_of_employees = number_of_employees.strip()
    if owner_id is not None:
        owner_id = owner_id.strip()
    if ownership is not None:
        ownership = ownership.strip()
    if payee_number is not None:
        payee_number = payee_number.strip()
    if sales_tax_number is not None:
        sales_tax_number = sales_tax_number.strip()
    if salutation is not None:
        salutation = salutation.strip()
    if status is not None:
        status = status.strip()
    if vat_number is not None:
        vat_number = vat_number.strip()
    company_id = next_id(db, "companies", "company_id", "", 5)
    db.execute("INSERT INTO companies (abn_branch, abn_or_tfn, acn, addresses, annual_revenue, bank_accounts, "
               "birthday, created_at, created_by, currency, custom_fields, custom_mappings, deleted, description, "
               "emails, fax, first_name, company_id, image, industry, interaction_count, last_activity_at, "
               "last_name, name, number_of_employees, owner_id, ownership, parent_id, payee_number, phone_numbers, "
               "read_only, row_type, sales_tax_number, salutation, social_links, status, tags, updated_at, "
               "updated_by, vat_number, websites) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [abn_branch, abn_or_tfn, acn, addresses, annual_revenue, bank_accounts, birthday, db.now, None, currency, custom_fields, custom_mappings, None, description, emails, fax, first_name, company_id, image, industry, None, db.now, last_name, name, number_of_employees, owner_id, ownership, None, payee_number, phone_numbers, read_only, row_type, sales_tax_number, salutation, social_links, status, tags, db.now, None, vat_number, websites])
    return db.query_one(_COMPANIES_SQL + " WHERE t.company_id = ?", [company_id]) or {}


@tool
def companies_one(db: Database, company_id: str) -> dict[str, Any]:
    """Get company.

    Get company

    Args:
        company_id: ID of the record you are acting upon; e.g. "12345" (from companies_all).

    Returns:
        The company with the names of the rows it refers to.
    """
    return _company(db, company_id)


@tool(writes=True)
def companies_update(
        db: Database,
        company_id: str,
        abn_branch: str | None = None,
        abn_or_tfn: str | None = None,
        acn: str | None = None,
        addresses: str | None = None,
        annual_revenue: str | None = None,
        bank_accounts: str | None = None,
        birthday: str | None = None,
        currency: Currency | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        description: str | None = None,
        emails: str | None = None,
        fax: str | None = None,
        first_name: str | None = None,
        image: str | None = None,
        industry: str | None = None,
        last_name: str | None = None,
        name: str | None = None,
        number_of_employees: str | None = None,
        owner_id: str | None = None,
        ownership: str | None = None,
        payee_number: str | None = None,
        phone_numbers: str | None = None,
        read_only: bool | None = None,
        row_type: str | None = None,
        sales_tax_number: str | None = None,
        salutation: str | None = None,
        social_links: str | None = None,
        status: str | None = None,
        tags: str | None = None,
        vat_number: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Update company.

    Update company

    Args:
        company_id: ID of the record you are acting upon; e.g. "12345" (from companies_all).
        abn_branch: An ABN Branch (also known as a GST Branch) is used if part of your business needs to account
            for GST separately from its parent entity.
        abn_or_tfn: An ABN is necessary for operating a business, while a TFN (Tax File Number) is required for
            any person working in Australia.
        acn: The Australian Company Number (ACN) is a nine digit number with the last digit being a check digit
            calculated using a modified modulus 10 calculation. ASIC has adopted a convention of always printing and
            displaying the ACN in the format XXX XXX XXX; three blocks of three characters, each block.
        addresses: Addresses.
        annual_revenue: The annual revenue of the company.
        bank_accounts: Bank accounts.
        birthday: The date of birth of the person; a date YYYY-MM-DD.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: A description of the company.
        emails: Emails.
        fax: The fax number of the company.
        first_name: The first name of the person.
        image: The Image URL of the company.
        industry: The industry represents the type of business the company is in.
        last_name: The last name of the person.
        name: Name of the company; at least 1 characters.
        number_of_employees: Number of employees.
        owner_id: Owner ID.
        ownership: The ownership indicates the type of ownership of the company.
        payee_number: A payee number is a unique number that identifies a payee for tax purposes.
        phone_numbers: Phone numbers.
        read_only: Whether the company is read-only or not.
        row_type: Row type.
        sales_tax_number: A sales tax number is a unique number that identifies a company for tax purposes.
        salutation: A formal salutation for the person. For example, 'Mr', 'Mrs'.
        social_links: Social links.
        status: The status of the company.
        tags: Tags.
        vat_number: The VAT number of the company.
        websites: Websites.

    Returns:
        The company as changed.
    """
    company = _company(db, company_id)
    changes: dict[str, Any] = {}
    if abn_branch is not None:
        abn_branch = abn_branch.strip()
        changes["abn_branch"] = abn_branch
    if abn_or_tfn is not None:
        abn_or_tfn = abn_or_tfn.strip()
        changes["abn_or_tfn"] = abn_or_tfn
    if acn is not None:
        acn = acn.strip()
        changes["acn"] = acn
    if addresses is not None:
        changes["addresses"] = addresses
    if annual_revenue is not None:
        annual_revenue = annual_revenue.strip()
        changes["annual_revenue"] = annual_revenue
    if bank_accounts is not None:
        changes["bank_accounts"] = bank_accounts
    if birthday is not None:
        birthday = check_day("birthday", birthday)
        changes["birthday"] = birthday
    if currency is not None:
        changes["currency"] = currency
    if custom_fields is not None:
        changes["custom_fields"] = custom_fields
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if emails is not None:
        changes["emails"] = emails
    if fax is not None:
        fax = fax.strip()
        changes["fax"] = fax
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if image is not None:
        image = image.strip()
        changes["image"] = image
    if industry is not None:
        industry = industry.strip()
        changes["industry"] = industry
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if name is not None:
        name = check_text("name", name, 1, None)
        changes["name"] = name
    if number_of_employees is not None:
        number_of_employees = number_of_employees.strip()
        changes["number_of_employees"] = number_of_employees
    if owner_id is not None:
        owner_id = owner_id.strip()
        changes["owner_id"] = owner_id
    if ownership is not None:
        ownership = ownership.strip()
        changes["ownership"] = ownership
    if payee_number is not None:
        payee_number = payee_number.strip()
        changes["payee_number"] = payee_number
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if read_only is not None:
        changes["read_only"] = read_only
    if row_type is not None:
        changes["row_type"] = row_type
    if sales_tax_number is not None:
        sales_tax_number = sales_tax_number.strip()
        changes["sales_tax_number"] = sales_tax_number
    if salutation is not None:
        salutation = salutation.strip()
        changes["salutation"] = salutation
    if social_links is not None:
        changes["social_links"] = social_links
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if tags is not None:
        changes["tags"] = tags
    if vat_number is not None:
        vat_number = vat_number.strip()
        changes["vat_number"] = vat_number
    if websites is not None:
        changes["websites"] = websites
    if not changes:
        raise ToolError("companies update needs at least one of abn branch, abn or tfn, acn, addresses, annual "
                        "revenue, bank accounts, birthday, currency, custom fields, custom mappings, description, "
                        "emails, fax, first name, image, industry, last name, name, number of employees, owner id, "
                        "ownership, payee number, phone numbers, read only, row type, sales tax number, "
                        "salutation, social links, status, tags, vat number or websites")
    update_row(db, "companies", "company_id", company["company_id"], changes)
    return _company(db, company["company_id"])


@tool(writes=True)
def companies_delete(db: Database, company_id: str) -> dict[str, Any]:
    """Delete company.

    Delete company

    Args:
        company_id: ID of the record you are acting upon; e.g. "12345" (from companies_all).

    Returns:
        The removed company, marked deleted.
    """
    company = _company(db, company_id)
    used = db.scalar("SELECT count(*) FROM contacts WHERE company_id = ?", [company["company_id"]])
    if used:
        raise ToolError(f"company {company['company_id']} is still referred to by {used} contact row(s)")
    used = db.scalar("SELECT count(*) FROM leads WHERE company_id = ?", [company["company_id"]])
    if used:
        raise ToolError(f"company {company['company_id']} is still referred to by {used} lead row(s)")
    db.execute("DELETE FROM companies WHERE company_id = ?", [company["company_id"]])
    return {**company, "deleted": True}


@tool
def contacts_all(db: Database) -> list[dict[str, Any]]:
    """List contacts.

    List contacts

    Returns:
        The matching contact summaries (contact_id, name, company_id, current_balance, gender, lead_id, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CONTACTS_LIST_SQL, [], [], "t.contact_id")


@tool(writes=True)
def contacts_add(
        db: Database,
        name: str,
        active: bool | None = None,
        addresses: str | None = None,
        birthday: str | None = None,
        company_id: str | None = None,
        company_name: str | None = None,
        current_balance: float | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        department: str | None = None,
        description: str | None = None,
        email_domain: str | None = None,
        emails: str | None = None,
        fax: str | None = None,
        first_name: str | None = None,
        gender: Gender | None = None,
        image: str | None = None,
        language: str | None = None,
        last_name: str | None = None,
        lead_id: str | None = None,
        lead_source: str | None = None,
        middle_name: str | None = None,
        owner_id: str | None = None,
        phone_numbers: str | None = None,
        photo_url: str | None = None,
        prefix: str | None = None,
        social_links: str | None = None,
        status: str | None = None,
        suffix: str | None = None,
        tags: str | None = None,
        title: str | None = None,
        type: ContactType | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Create contact.

    Create contact

    Args:
        name: Full name of the contact; at least 1 characters.
        active: The active status of the contact.
        addresses: Addresses.
        birthday: The birthday of the contact.
        company_id: The company the contact is associated with; e.g. "12345" (from companies_all).
        company_name: The name of the company the contact is associated with.
        current_balance: The current balance of the contact.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        department: The department of the contact.
        description: The description of the contact.
        email_domain: Email domain.
        emails: Emails.
        fax: The fax number of the contact.
        first_name: The first name of the contact.
        gender: The gender of the contact.
        image: Image.
        language: language code according to ISO 639-1. For the United States - EN.
        last_name: The last name of the contact.
        lead_id: The lead the contact is associated with; e.g. "2" (from leads_all).
        lead_source: The lead source of the contact.
        middle_name: The middle name of the contact.
        owner_id: The owner of the contact.
        phone_numbers: Phone numbers.
        photo_url: The URL of the photo of a person.
        prefix: The prefix of the contact.
        social_links: Social links.
        status: The status of the contact.
        suffix: The suffix of the contact.
        tags: Tags.
        title: The job title of the contact.
        type: The type of the contact.
        websites: Websites.

    Returns:
        The new contact.
    """
    if birthday is not None:
        birthday = birthday.strip()
    if company_id is not None:
        company = _company(db, company_id)
    if company_name is not None:
        company_name = company_name.strip()
    if department is not None:
        department = department.strip()
    if description is not None:
        description = description.strip()
    if email_domain is not None:
        email_domain = email_domain.strip()
    if fax is not None:
        fax = fax.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if image is not None:
        image = image.strip()
    if language is not None:
        language = language.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if lead_id is not None:
        lead = _lead(db, lead_id)
    if lead_source is not None:
        lead_source = lead_source.strip()
    if middle_name is not None:
        middle_name = middle_name.strip()
    name = check_text("name", name, 1, None)
    if owner_id is not None:
        owner_id = owner_id.strip()
    if photo_url is not None:
        photo_url = photo_url.strip()
    if prefix is not None:
        prefix = prefix.strip()
    if status is not None:
        status = status.strip()
    if suffix is not None:
        suffix = suffix.strip()
    if title is not None:
        title = title.strip()
    contact_id = next_id(db, "contacts", "contact_id", "", 5)
    db.execute("INSERT INTO contacts (active, addresses, birthday, company_id, company_name, created_at, "
               "current_balance, custom_fields, custom_mappings, department, description, email_domain, emails, "
               "fax, first_call_at, first_email_at, first_name, gender, contact_id, image, language, "
               "last_activity_at, last_name, lead_id, lead_source, middle_name, name, owner_id, phone_numbers, "
               "photo_url, prefix, social_links, status, suffix, tags, title, type, updated_at, websites) VALUES "
               "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?)",
               [active, addresses, birthday, company["company_id"] if company_id is not None else None, company_name, db.now, current_balance, custom_fields, custom_mappings, department, description, email_domain, emails, fax, db.now, db.now, first_name, gender, contact_id, image, language, db.now, last_name, lead["lead_id"] if lead_id is not None else None, lead_source, middle_name, name, owner_id, phone_numbers, photo_url, prefix, social_links, status, suffix, tags, title, type, db.now, websites])
    return db.query_one(_CONTACTS_SQL + " WHERE t.contact_id = ?", [contact_id]) or {}


@tool
def contacts_one(db: Database, contact_id: str) -> dict[str, Any]:
    """Get contact.

    Get contact

    Args:
        contact_id: ID of the record you are acting upon; e.g. "12345" (from contacts_all).

    Returns:
        The contact with the names of the rows it refers to.
    """
    return _contact(db, contact_id)


@tool(writes=True)
def contacts_update(
        db: Database,
        contact_id: str,
        active: bool | None = None,
        addresses: str | None = None,
        birthday: str | None = None,
        company_id: str | None = None,
        company_name: str | None = None,
        current_balance: float | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        department: str | None = None,
        description: str | None = None,
        email_domain: str | None = None,
        emails: str | None = None,
        fax: str | None = None,
        first_name: str | None = None,
        gender: Gender | None = None,
        image: str | None = None,
        language: str | None = None,
        last_name: str | None = None,
        lead_id: str | None = None,
        lead_source: str | None = None,
        middle_name: str | None = None,
        name: str | None = None,
        owner_id: str | None = None,
        phone_numbers: str | None = None,
        photo_url: str | None = None,
        prefix: str | None = None,
        social_links: str | None = None,
        status: str | None = None,
        suffix: str | None = None,
        tags: str | None = None,
        title: str | None = None,
        type: ContactType | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Update contact.

    Update contact

    Args:
        contact_id: ID of the record you are acting upon; e.g. "12345" (from contacts_all).
        active: The active status of the contact.
        addresses: Addresses.
        birthday: The birthday of the contact.
        company_id: The company the contact is associated with; e.g. "12345" (from companies_all).
        company_name: The name of the company the contact is associated with.
        current_balance: The current balance of the contact.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        department: The department of the contact.
        description: The description of the contact.
        email_domain: Email domain.
        emails: Emails.
        fax: The fax number of the contact.
        first_name: The first name of the contact.
        gender: The gender of the contact.
        image: Image.
        language: language code according to ISO 639-1. For the United States - EN.
        last_name: The last name of the contact.
        lead_id: The lead the contact is associated with; e.g. "2" (from leads_all).
        lead_source: The lead source of the contact.
        middle_name: The middle name of the contact.
        name: Full name of the contact; at least 1 characters.
        owner_id: The owner of the contact.
        phone_numbers: Phone numbers.
        photo_url: The URL of the photo of a person.
        prefix: The prefix of the contact.
        social_links: Social links.
        status: The status of the contact.
        suffix: The suffix of the contact.
        tags: Tags.
        title: The job title of the contact.
        type: The type of the contact.
        websites: Websites.

    Returns:
        The contact as changed.
    """
    contact = _contact(db, contact_id)
    changes: dict[str, Any] = {}
    if active is not None:
        changes["active"] = active
    if addresses is not None:
        changes["addresses"] = addresses
    if birthday is not None:
        birthday = birthday.strip()
        changes["birthday"] = birthday
    if company_id is not None:
        company = _company(db, company_id)
        changes["company_id"] = company["company_id"]
    if company_name is not None:
        company_name = company_name.strip()
        changes["company_name"] = company_name
    if current_balance is not None:
        changes["current_balance"] = current_balance
    if custom_fields is not None:
        changes["custom_fields"] = custom_fields
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if department is not None:
        department = department.strip()
        changes["department"] = department
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if email_domain is not None:
        email_domain = email_domain.strip()
        changes["email_domain"] = email_domain
    if emails is not None:
        changes["emails"] = emails
    if fax is not None:
        fax = fax.strip()
        changes["fax"] = fax
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if gender is not None:
        changes["gender"] = gender
    if image is not None:
        image = image.strip()
        changes["image"] = image
    if language is not None:
        language = language.strip()
        changes["language"] = language
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if lead_id is not None:
        lead = _lead(db, lead_id)
        changes["lead_id"] = lead["lead_id"]
    if lead_source is not None:
        lead_source = lead_source.strip()
        changes["lead_source"] = lead_source
    if middle_name is not None:
        middle_name = middle_name.strip()
        changes["middle_name"] = middle_name
    if name is not None:
        name = check_text("name", name, 1, None)
        changes["name"] = name
    if owner_id is not None:
        owner_id = owner_id.strip()
        changes["owner_id"] = owner_id
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if photo_url is not None:
        photo_url = photo_url.strip()
        changes["photo_url"] = photo_url
    if prefix is not None:
        prefix = prefix.strip()
        changes["prefix"] = prefix
    if social_links is not None:
        changes["social_links"] = social_links
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if suffix is not None:
        suffix = suffix.strip()
        changes["suffix"] = suffix
    if tags is not None:
        changes["tags"] = tags
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if type is not None:
        changes["type"] = type
    if websites is not None:
        changes["websites"] = websites
    if not changes:
        raise ToolError("contacts update needs at least one of active, addresses, birthday, company id, company "
                        "name, current balance, custom fields, custom mappings, department, description, email "
                        "domain, emails, fax, first name, gender, image, language, last name, lead id, lead "
                        "source, middle name, name, owner id, phone numbers, photo url, prefix, social links, "
                        "status, suffix, tags, title, type or websites")
    update_row(db, "contacts", "contact_id", contact["contact_id"], changes)
    return _contact(db, contact["contact_id"])


@tool(writes=True)
def contacts_delete(db: Database, contact_id: str) -> dict[str, Any]:
    """Delete contact.

    Delete contact

    Args:
        contact_id: ID of the record you are acting upon; e.g. "12345" (from contacts_all).

    Returns:
        The removed contact, marked deleted.
    """
    contact = _contact(db, contact_id)
    db.execute("DELETE FROM contacts WHERE contact_id = ?", [contact["contact_id"]])
    return {**contact, "deleted": True}


@tool
def leads_all(db: Database) -> list[dict[str, Any]]:
    """List leads.

    List leads

    Returns:
        The matching lead summaries (lead_id, name, company_id, currency, monetary_amount; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _LEADS_LIST_SQL, [], [], "t.lead_id")


@tool(writes=True)
def leads_add(
        db: Database,
        company_name: str,
        name: str,
        addresses: str | None = None,
        company_id: str | None = None,
        currency: Currency | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        description: str | None = None,
        emails: str | None = None,
        fax: str | None = None,
        first_name: str | None = None,
        language: str | None = None,
        last_name: str | None = None,
        lead_source: str | None = None,
        monetary_amount: float | None = None,
        owner_id: str | None = None,
        phone_numbers: str | None = None,
        prefix: str | None = None,
        social_links: str | None = None,
        status: str | None = None,
        tags: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Create lead.

    Create lead

    Args:
        company_name: The name of the company the lead is associated with.
        name: Full name of the lead; at least 1 characters.
        addresses: Addresses.
        company_id: The company the lead is associated with; e.g. "12345" (from companies_all).
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: The description of the lead.
        emails: Emails.
        fax: The fax number of the lead.
        first_name: The first name of the lead.
        language: language code according to ISO 639-1. For the United States - EN.
        last_name: The last name of the lead.
        lead_source: The source of the lead.
        monetary_amount: The monetary amount of the lead.
        owner_id: The owner of the lead.
        phone_numbers: Phone numbers.
        prefix: The prefix of the lead.
        social_links: Social links.
        status: Status.
        tags: Tags.
        title: The job title of the lead.
        websites: Websites.

    Returns:
        The new lead.
    """
    if company_id is not None:
        company = _company(db, company_id)
    company_name = company_name.strip()
    if description is not None:
        description = description.strip()
    if fax is not None:
        fax = fax.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if language is not None:
        language = language.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if lead_source is not None:
        lead_source = lead_source.strip()
    name = check_text("name", name, 1, None)
    if owner_id is not None:
        owner_id = owner_id.strip()
    if prefix is not None:
        prefix = prefix.strip()
    if status is not None:
        status = status.strip()
    if title is not None:
        title = title.strip()
    lead_id = next_id(db, "leads", "lead_id", "", 1)
    db.execute("INSERT INTO leads (addresses, company_id, company_name, created_at, currency, custom_fields, "
               "custom_mappings, description, emails, fax, first_name, id, language, last_name, lead_id, "
               "lead_source, monetary_amount, name, owner_id, phone_numbers, prefix, social_links, status, tags, "
               "title, updated_at, websites) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?)",
               [addresses, company["company_id"] if company_id is not None else None, company_name, None, currency, custom_fields, custom_mappings, description, emails, fax, first_name, None, language, last_name, lead_id, lead_source, monetary_amount, name, owner_id, phone_numbers, prefix, social_links, status, tags, title, None, websites])
    return db.query_one(_LEADS_SQL + " WHERE t.lead_id = ?", [lead_id]) or {}


@tool
def leads_one(db: Database, lead_id: str) -> dict[str, Any]:
    """Get lead.

    Get lead

    Args:
        lead_id: ID of the record you are acting upon; e.g. "2" (from leads_all).

    Returns:
        The lead with the names of the rows it refers to.
    """
    return _lead(db, lead_id)


@tool(writes=True)
def leads_update(
        db: Database,
        lead_id: str,
        addresses: str | None = None,
        company_id: str | None = None,
        company_name: str | None = None,
        currency: Currency | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        description: str | None = None,
        emails: str | None = None,
        fax: str | None = None,
        first_name: str | None = None,
        language: str | None = None,
        last_name: str | None = None,
        lead_source: str | None = None,
        monetary_amount: float | None = None,
        name: str | None = None,
        owner_id: str | None = None,
        phone_numbers: str | None = None,
        prefix: str | None = None,
        social_links: str | None = None,
        status: str | None = None,
        tags: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Update lead.

    Update lead

    Args:
        lead_id: ID of the record you are acting upon; e.g. "2" (from leads_all).
        addresses: Addresses.
        company_id: The company the lead is associated with; e.g. "12345" (from companies_all).
        company_name: The name of the company the lead is associated with.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: The description of the lead.
        emails: Emails.
        fax: The fax number of the lead.
        first_name: The first name of the lead.
        language: language code according to ISO 639-1. For the United States - EN.
        last_name: The last name of the lead.
        lead_source: The source of the lead.
        monetary_amount: The monetary amount of the lead.
        name: Full name of the lead; at least 1 characters.
        owner_id: The owner of the lead.
        phone_numbers: Phone numbers.
        prefix: The prefix of the lead.
        social_links: Social links.
        status: Status.
        tags: Tags.
        title: The job title of the lead.
        websites: Websites.

    Returns:
        The lead as changed.
    """
    lead = _lead(db, lead_id)
    changes: dict[str, Any] = {}
    if addresses is not None:
        changes["addresses"] = addresses
    if company_id is not None:
        company = _company(db, company_id)
        changes["company_id"] = company["company_id"]
    if company_name is not None:
        company_name = company_name.strip()
        changes["company_name"] = company_name
    if currency is not None:
        changes["currency"] = currency
    if custom_fields is not None:
        changes["custom_fields"] = custom_fields
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if emails is not None:
        changes["emails"] = emails
    if fax is not None:
        fax = fax.strip()
        changes["fax"] = fax
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if language is not None:
        language = language.strip()
        changes["language"] = language
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if lead_source is not None:
        lead_source = lead_source.strip()
        changes["lead_source"] = lead_source
    if monetary_amount is not None:
        changes["monetary_amount"] = monetary_amount
    if name is not None:
        name = check_text("name", name, 1, None)
        changes["name"] = name
    if owner_id is not None:
        owner_id = owner_id.strip()
        changes["owner_id"] = owner_id
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if prefix is not None:
        prefix = prefix.strip()
        changes["prefix"] = prefix
    if social_links is not None:
        changes["social_links"] = social_links
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if tags is not None:
        changes["tags"] = tags
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if websites is not None:
        changes["websites"] = websites
    if not changes:
        raise ToolError("leads update needs at least one of addresses, company id, company name, currency, custom "
                        "fields, custom mappings, description, emails, fax, first name, language, last name, lead "
                        "source, monetary amount, name, owner id, phone numbers, prefix, social links, status, "
                        "tags, title or websites")
    update_row(db, "leads", "lead_id", lead["lead_id"], changes)
    return _lead(db, lead["lead_id"])


@tool(writes=True)
def leads_delete(db: Database, lead_id: str) -> dict[str, Any]:
    """Delete lead.

    Delete lead

    Args:
        lead_id: ID of the record you are acting upon; e.g. "2" (from leads_all).

    Returns:
        The removed lead, marked deleted.
    """
    lead = _lead(db, lead_id)
    used = db.scalar("SELECT count(*) FROM contacts WHERE lead_id = ?", [lead["lead_id"]])
    if used:
        raise ToolError(f"lead {lead['lead_id']} is still referred to by {used} contact row(s)")
    db.execute("DELETE FROM leads WHERE lead_id = ?", [lead["lead_id"]])
    return {**lead, "deleted": True}


@tool
def pipelines_all(db: Database) -> list[dict[str, Any]]:
    """List pipelines.

    List pipelines

    Returns:
        The matching pipeline summaries (pipeline_id, name, currency, display_order; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PIPELINES_LIST_SQL, [], [], "t.pipeline_id")


@tool(writes=True)
def pipelines_add(
        db: Database,
        name: str,
        active: bool | None = None,
        archived: bool | None = None,
        currency: Currency | None = None,
        display_order: int | None = None,
        stages: str | None = None,
        win_probability_enabled: bool | None = None,
) -> dict[str, Any]:
    """Create pipeline.

    Create pipeline

    Args:
        name: The name of the Pipeline; at least 1 characters.
        active: Whether the Pipeline is active or not.
        archived: Whether the Pipeline is archived or not.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        display_order: The order in which the Pipeline is displayed in the UI.
        stages: The Pipeline Stages.
        win_probability_enabled: Whether the Pipeline has win probability enabled or not.

    Returns:
        The new pipeline.
    """
    name = check_text("name", name, 1, None)
    pipeline_id = next_id(db, "pipelines", "pipeline_id", "P-", 4)
    db.execute("INSERT INTO pipelines (active, archived, created_at, currency, display_order, pipeline_id, name, "
               "stages, updated_at, win_probability_enabled) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [active, archived, db.now, currency, display_order, pipeline_id, name, stages, db.now, win_probability_enabled])
    return db.query_one(_PIPELINES_SQL + " WHERE t.pipeline_id = ?", [pipeline_id]) or {}


@tool
def pipelines_one(db: Database, pipeline_id: str) -> dict[str, Any]:
    """Get pipeline.

    Get pipeline

    Args:
        pipeline_id: ID of the record you are acting upon; e.g. "P-0001" (from pipelines_all).

    Returns:
        The pipeline with the names of the rows it refers to.
    """
    return _pipeline(db, pipeline_id)


@tool(writes=True)
def pipelines_update(
        db: Database,
        pipeline_id: str,
        active: bool | None = None,
        archived: bool | None = None,
        currency: Currency | None = None,
        display_order: int | None = None,
        name: str | None = None,
        stages: str | None = None,
        win_probability_enabled: bool | None = None,
) -> dict[str, Any]:
    """Update pipeline.

    Update pipeline

    Args:
        pipeline_id: ID of the record you are acting upon; e.g. "P-0001" (from pipelines_all).
        active: Whether the Pipeline is active or not.
        archived: Whether the Pipeline is archived or not.
        currency: Indicates the associated currency for an amount of money. Values correspond to ISO 4217.
        display_order: The order in which the Pipeline is displayed in the UI.
        name: The name of the Pipeline; at least 1 characters.
        stages: The Pipeline Stages.
        win_probability_enabled: Whether the Pipeline has win probability enabled or not.

    Returns:
        The pipeline as changed.
    """
    pipeline = _pipeline(db, pipeline_id)
    changes: dict[str, Any] = {}
    if active is not None:
        changes["active"] = active
    if archived is not None:
        changes["archived"] = archived
    if currency is not None:
        changes["currency"] = currency
    if display_order is not None:
        changes["display_order"] = display_order
    if name is not None:
        name = check_text("name", name, 1, None)
        changes["name"] = name
    if stages is not None:
        changes["stages"] = stages
    if win_probability_enabled is not None:
        changes["win_probability_enabled"] = win_probability_enabled
    if not changes:
        raise ToolError("pipelines update needs at least one of active, archived, currency, display order, name, "
                        "stages or win probability enabled")
    update_row(db, "pipelines", "pipeline_id", pipeline["pipeline_id"], changes)
    return _pipeline(db, pipeline["pipeline_id"])


@tool(writes=True)
def pipelines_delete(db: Database, pipeline_id: str) -> dict[str, Any]:
    """Delete pipeline.

    Delete pipeline

    Args:
        pipeline_id: ID of the record you are acting upon; e.g. "P-0001" (from pipelines_all).

    Returns:
        The removed pipeline, marked deleted.
    """
    pipeline = _pipeline(db, pipeline_id)
    db.execute("DELETE FROM pipelines WHERE pipeline_id = ?", [pipeline["pipeline_id"]])
    return {**pipeline, "deleted": True}
