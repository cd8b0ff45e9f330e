"""Tools of the adyen_accounts environment, compiled from Account API.

This API is used for the classic integration. If you are just starting your implementation, refer to our new
integration guide instead. The Account API provides endpoints for managing account-related entities on your
platform. These related entities include account holders, accounts, bank accounts, shareholders, and verification-
related documents. The management operations include actions such as creation, retrieval, updating, and deletion of
them. For more information, refer to our documentation. ## Authentication Your Adyen contact will provide your API
credential and an API key. To...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

PayoutSpeed = Literal["INSTANT", "SAME_DAY", "STANDARD"]
AccountStatus = Literal["Active", "Inactive", "Suspended", "Closed"]
LegalEntity = Literal["Business", "Individual", "NonProfit", "Partnership", "PublicCompany"]
PayoutSchedule = Literal["BIWEEKLY_ON_1ST_AND_15TH_AT_MIDNIGHT",
                         "DAILY", "DAILY_AU", "DAILY_EU", "DAILY_SG", "DAILY_US", "HOLD", "MONTHLY", "WEEKLY", "WEEKLY_MON_TO_FRI_AU", "WEEKLY_MON_TO_FRI_EU", "WEEKLY_MON_TO_FRI_US", "WEEKLY_ON_TUE_FRI_MIDNIGHT", "WEEKLY_SUN_TO_THU_AU", "WEEKLY_SUN_TO_THU_US"]

_ACCOUNTS_SQL = "SELECT t.* FROM accounts t"
_PAYOUT_METHODS_SQL = "SELECT t.* FROM payout_methods t"
_ACCOUNT_HOLDERS_SQL = "SELECT t.* FROM account_holders t"
_ACCOUNT_HOLDERS_LIST_SQL = ("SELECT t.account_holder_code, t.system_up_to_date_time, "
                             "t.account_holder_status, t.legal_entity FROM account_holders t")


def _payout_method(db: Database, payout_method_code: str) -> dict[str, Any]:
    row = db.query_one(_PAYOUT_METHODS_SQL + " WHERE t.payout_method_code = ?", [payout_method_code.strip().upper()])
    if row is None:
        raise ToolError(f"no payout method with id {payout_method_code!r} (payout method ids look like 'PM-0001')")
    return row


def _account_holder(db: Database, account_holder_code: str) -> dict[str, Any]:
    row = db.query_one(_ACCOUNT_HOLDERS_SQL + " WHERE t.account_holder_code = ?",
                                              [account_holder_code.strip().upper()])
    if row is None:
        raise ToolError(f"no account holder with id {account_holder_code!r} (account holder ids look like 'AH-0001')")
    return row


@tool(writes=True)
def post_create_account(
        db: Database,
        bank_account_uuid: str | None = None,
        description: str | None = None,
        metadata: str | None = None,
        payout_method_code: str | None = None,
        payout_schedule: PayoutSchedule | None = None,
        payout_speed: PayoutSpeed | None = None,
) -> dict[str, Any]:
    """Create an account.

    Creates an account under an account holder. An account holder can have multiple accounts.

    Args:
        bank_account_uuid: The bankAccountUUID of the bank account held by the account holder to couple the
            account with. Scheduled payouts in currencies matching the currency of this bank account will be sent to
            this bank account. Payouts in different currencies will be sent to a matching bank account of the account
            holder.
        description: A description of the account, maximum 256 characters. You can use alphanumeric characters
            (A-Z, a-z, 0-9), white spaces, and underscores '_'.
        metadata: A set of key and value pairs for general use by the merchant. The keys do not have specific
            names and may be used for storing miscellaneous data as desired. > Note that during an update of metadata,
            the omission of existing key-value pairs will result in the deletion of those key-value pairs.
        payout_method_code: The payout method code held by the account holder to couple the account with.
            Scheduled card payouts will be sent using this payout method code; e.g. "PM-0001".
        payout_schedule: The payout schedule of the prospective account. >Permitted values: 'DEFAULT', 'HOLD',
            'DAILY', 'WEEKLY', 'MONTHLY'.
        payout_speed: Speed with which payouts for this account are processed. Permitted values: 'STANDARD',
            'SAME_DAY'.

    Returns:
        The new account.
    """
    if bank_account_uuid is not None:
        bank_account_uuid = bank_account_uuid.strip()
    if description is not None:
        description = description.strip()
    if payout_method_code is not None:
        payout_method = _payout_method(db, payout_method_code)
    account_code = next_id(db, "accounts", "account_code", "A-", 4)
    db.execute("INSERT INTO accounts (account_code, bank_account_uuid, beneficiary_account, "
               "beneficiary_merchant_reference, description, metadata, payout_method_code, payout_schedule, "
               "payout_speed, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_code, bank_account_uuid, None, None, description, metadata, payout_method["payout_method_code"] if payout_method_code is not None else None, payout_schedule, payout_speed, "Active"])
    return db.query_one(_ACCOUNTS_SQL + " WHERE t.account_code = ?", [account_code]) or {}


@tool(writes=True)
def post_create_account_holder(
        db: Database,
        account_holder_details: str,
        legal_entity: LegalEntity,
        description: str | None = None,
        primary_currency: str | None = None,
        verification_profile: str | None = None,
) -> dict[str, Any]:
    """Create an account holder.

    Creates an account holder that represents the sub-merchant's entity in your platform. The details that you
    need to provide in the request depend on the sub-merchant's legal entity type. For more information, refer to
    Account holder and accounts.

    Args:
        account_holder_details: The details of the prospective account holder.
        legal_entity: The legal entity type of the account holder. This determines the information that should be
            provided in the request. Possible values: **Business**, **Individual**, or **NonProfit**. * If set to
            **Business** or **NonProfit**, then 'accountHolderDetails.businessDetails' must be provided, with at.
        description: A description of the prospective account holder, maximum 256 characters. You can use
            alphanumeric characters (A-Z, a-z, 0-9), white spaces, and underscores '_'.
        primary_currency: The three-character ISO currency code, with which the prospective account holder
            primarily deals.
        verification_profile: The identifier of the profile that applies to this entity.

    Returns:
        The new account holder.
    """
    if description is not None:
        description = description.strip()
    if primary_currency is not None:
        primary_currency = primary_currency.strip()
    if verification_profile is not None:
        verification_profile = verification_profile.strip()
    account_holder_code = next_id(db, "account_holders", "account_holder_code", "AH-", 4)
    db.execute("INSERT INTO account_holders (account_holder_code, account_holder_details, account_holder_status, "
               "accounts, description, invalid_fields, legal_entity, migration_data, primary_currency, "
               "psp_reference, result_code, system_up_to_date_time, verification, verification_profile) VALUES (?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_holder_code, account_holder_details, None, None, description, None, legal_entity, None, primary_currency, None, None, db.now, None, verification_profile])
    return db.query_one(_ACCOUNT_HOLDERS_SQL + " WHERE t.account_holder_code = ?", [account_holder_code]) or {}


@tool
def post_get_account_holder(db: Database, account_holder_code: str | None = None) -> list[dict[str, Any]]:
    """Get an account holder.

    Returns the details of an account holder.

    Args:
        account_holder_code: The code of the account holder of which to retrieve the details. > Required if no
            'accountCode' is provided.

    Returns:
        The matching account holder summaries (account_holder_code, system_up_to_date_time, account_holder_status, legal_entity; given account_holder_code, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if account_holder_code is not None:
        where.append("lower(t.account_holder_code) = lower(?)")
        params.append(account_holder_code.strip())
    return select_rows(db, _ACCOUNT_HOLDERS_SQL if account_holder_code is not None else _ACCOUNT_HOLDERS_LIST_SQL, where, params, "t.account_holder_code")


@tool(writes=True)
def post_update_account_holder(
        db: Database,
        account_holder_code: str,
        account_holder_details: str | None = None,
        description: str | None = None,
        legal_entity: LegalEntity | None = None,
        primary_currency: str | None = None,
        verification_profile: str | None = None,
) -> dict[str, Any]:
    """Update an account holder.

    Updates the 'accountHolderDetails' and 'processingTier' of an account holder, and adds bank accounts and
    shareholders. When updating 'accountHolderDetails', parameters that are not included in the request are left
    unchanged except for the following object: * 'metadata': Updating the metadata replaces the entire object.
    This means that to update an existing key-value pair, you must provide the changes, as well as other existing
    key-value pairs. When updating any field in the following...

    Args:
        account_holder_code: The code of the Account Holder to be updated; e.g. "AH-0001" (from
            post_get_account_holder).
        account_holder_details: The details to which the Account Holder should be updated. Required if a
            processingTier is not provided.
        description: A description of the account holder, maximum 256 characters. You can use alphanumeric
            characters (A-Z, a-z, 0-9), white spaces, and underscores '_'.
        legal_entity: The legal entity type of the account holder. This determines the information that should be
            provided in the request. Possible values: **Business**, **Individual**, or **NonProfit**. * If set to
            **Business** or **NonProfit**, then 'accountHolderDetails.businessDetails' must be provided, with at.
        primary_currency: The primary three-character ISO currency code, to which the account holder should be
            updated.
        verification_profile: The identifier of the profile that applies to this entity.

    Returns:
        The account holder as changed.
    """
    account_holder = _account_holder(db, account_holder_code)
    changes: dict[str, Any] = {}
    if account_holder_details is not None:
        changes["account_holder_details"] = account_holder_details
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if legal_entity is not None:
        changes["legal_entity"] = legal_entity
    if primary_currency is not None:
        primary_currency = primary_currency.strip()
        changes["primary_currency"] = primary_currency
    if verification_profile is not None:
        verification_profile = verification_profile.strip()
        changes["verification_profile"] = verification_profile
    if not changes:
        raise ToolError("post update account holder needs at least one of account holder details, description, "
                        "legal entity, primary currency or verification profile")
    update_row(db, "account_holders", "account_holder_code", account_holder["account_holder_code"], changes)
    return _account_holder(db, account_holder["account_holder_code"])
