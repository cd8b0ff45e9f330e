"""Tools of the c_amazonaws_com_customer_profiles environment, compiled from Amazon Connect Customer Profiles.

Amazon Connect Customer Profiles Amazon Connect Customer Profiles is a unified customer profile for your contact
center that has pre-built connectors powered by AppFlow that make it easy to combine customer information from third
party applications, such as Salesforce (CRM), ServiceNow (ITSM), and your enterprise resource planning (ERP), with
contact history from your Amazon Connect contact center. If you're new to Amazon Connect, you might find it helpful
to review the Amazon Connect Administrator Guide .
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

IdentityResolutionJobStatus = Literal["PENDING",
                                      "PREPROCESSING", "FIND_MATCHING", "MERGING", "COMPLETED", "PARTIAL_SUCCESS", "FAILED"]
PartyType = Literal["INDIVIDUAL", "BUSINESS", "OTHER"]
Gender = Literal["MALE", "FEMALE", "UNSPECIFIED"]
State = Literal["RUNNING", "STOPPED"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_IDENTITY_RESOLUTION_JOBS_SQL = ("SELECT t.*, r1.stopped_since AS domain_name_stopped_since FROM "
                                 "identity_resolution_jobs t LEFT JOIN event_streams r1 ON "
                                 "r1.event_stream_name = t.domain_name")
_MATCH_ITEMS_SQL = "SELECT t.* FROM match_items t"
_PROFILES_SQL = "SELECT t.* FROM profiles t"
_DOMAINS_SQL = "SELECT t.* FROM domains t"
_INTEGRATION_WORKFLOWS_SQL = "SELECT t.* FROM integration_workflows t"
_PROFILE_OBJECT_TYPE_TEMPLATES_SQL = ("SELECT t.*, r1.stopped_since AS source_name_stopped_since, "
                                      "r2.stopped_since AS source_object_stopped_since FROM "
                                      "profile_object_type_templates t LEFT JOIN event_streams r1 ON "
                                      "r1.event_stream_name = t.source_name LEFT JOIN event_streams r2"
                                      " ON r2.event_stream_name = t.source_object")
_PROFILE_KEYS_SQL = ("SELECT t.*, r1.stopped_since AS key_name_stopped_since FROM profile_keys t LEFT "
                     "JOIN event_streams r1 ON r1.event_stream_name = t.key_name")
_EVENT_STREAMS_SQL = "SELECT t.* FROM event_streams t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _update(db: Database, table: str, key: str, value: Any, changes: dict[str, Any]) -> None:
    assignments = ", ".join(f"{column} = ?" for column in changes)
    db.execute(f"UPDATE {table} SET {assignments} WHERE {key} = ?", [*changes.values(), value])


def _text(name: str, value: str, low: int | None = None, high: int | None = None) -> str:
    value = value.strip()
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        span = f"{low} to {high}" if low is not None and high is not None else \
            f"at least {low}" if low is not None else f"at most {high}"
        raise ToolError(f"{name} must have {span} characters, got {len(value)}")
    return value


def _identity_resolution_job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_IDENTITY_RESOLUTION_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip().upper()])
    if row is None:
        raise ToolError(f"no identity resolution job with id {job_id!r} (identity resolution job ids look like "
                        f"'IRJ-0001')")
    return row


def _match_item(db: Database, match_id: str) -> dict[str, Any]:
    row = db.query_one(_MATCH_ITEMS_SQL + " WHERE t.match_id = ?", [match_id.strip().upper()])
    if row is None:
        raise ToolError(f"no match item with id {match_id!r} (match item ids look like 'MI-0001')")
    return row


def _profile(db: Database, profile_id: str) -> dict[str, Any]:
    row = db.query_one(_PROFILES_SQL + " WHERE t.profile_id = ?", [profile_id.strip().upper()])
    if row is None:
        raise ToolError(f"no profile with id {profile_id!r} (profile ids look like 'P-0001')")
    return row


def _domain(db: Database, domain_name: str) -> dict[str, Any]:
    row = db.query_one(_DOMAINS_SQL + " WHERE t.domain_name = ?", [domain_name.strip().upper()])
    if row is None:
        raise ToolError(f"no domain with id {domain_name!r} (domain ids look like 'D-0001')")
    return row


def _integration_workflow(db: Database, workflow_id: str) -> dict[str, Any]:
    row = db.query_one(_INTEGRATION_WORKFLOWS_SQL + " WHERE t.workflow_id = ?", [workflow_id.strip().upper()])
    if row is None:
        raise ToolError(f"no integration workflow with id {workflow_id!r} (integration workflow ids look like "
                        f"'IW-0001')")
    return row


def _profile_object_type_template(db: Database, template_id: str) -> dict[str, Any]:
    row = db.query_one(_PROFILE_OBJECT_TYPE_TEMPLATES_SQL + " WHERE t.template_id = ?", [template_id.strip().upper()])
    if row is None:
        raise ToolError(f"no profile object type template with id {template_id!r} (profile object type template ids "
                        f"look like 'POTT-0001')")
    return row


def _profile_key(db: Database, profile_id: str) -> dict[str, Any]:
    row = db.query_one(_PROFILE_KEYS_SQL + " WHERE t.profile_id = ?", [profile_id.strip().upper()])
    if row is None:
        raise ToolError(f"no profile key with id {profile_id!r} (profile key ids look like 'PK-0001')")
    return row


def _event_stream(db: Database, event_stream_name: str) -> dict[str, Any]:
    row = db.query_one(_EVENT_STREAMS_SQL + " WHERE t.event_stream_name = ?", [event_stream_name.strip().upper()])
    if row is None:
        raise ToolError(f"no event stream with id {event_stream_name!r} (event stream ids look like 'ES-0001')")
    return row


@tool(writes=True)
def add_profile_key(db: Database, key_name: str, values: str) -> dict[str, Any]:
    """Associates a new key value with a specific profile, such as a Contact Record ContactId. A profile object can have a single unique key and any number of additional keys that can be used to identify the profile that it belongs to.

    Args:
        key_name: A searchable identifier of a customer profile. The predefined keys you can use include:
            _account, _profileId, _assetId, _caseId, _orderId, _fullName, _phone, _email, _ctrContactId,
            _marketoLeadId, _salesforceAccountId, _salesforceContactId, _salesforceAssetId, _zendeskUserId,
            _zendeskExternalId; e.g. "ES-0001" (from list_event_streams).
        values: A list of key values.

    Returns:
        The new profile key.
    """
    event_stream = _event_stream(db, key_name)
    profile_id = _next_id(db, "profile_keys", "profile_id", "PK-", 4)
    db.execute("INSERT INTO profile_keys (profile_id, key_name, values) VALUES (?, ?, ?)",
               [profile_id, event_stream["event_stream_name"], values])
    return _profile_key(db, profile_id)


@tool
def get_calculated_attribute_definition(db: Database, domain_name: str) -> dict[str, Any]:
    """Provides more information on a calculated attribute definition for Customer Profiles.

    Args:
        domain_name: The unique name of the domain; e.g. "D-0001" (from list_integrations).

    Returns:
        The domain with the names of the rows it refers to.
    """
    return _domain(db, domain_name)


@tool
def get_domain(db: Database, domain_name: str) -> dict[str, Any]:
    """Returns information about a specific domain.

    Args:
        domain_name: The unique name of the domain; e.g. "D-0001" (from list_integrations).

    Returns:
        The domain with the names of the rows it refers to.
    """
    return _domain(db, domain_name)


@tool
def get_event_stream(db: Database, event_stream_name: str) -> dict[str, Any]:
    """Returns information about the specified event stream in a specific domain.

    Args:
        event_stream_name: The name of the event stream provided during create operations; e.g. "ES-0001" (from
            list_event_streams).

    Returns:
        The event stream with the names of the rows it refers to.
    """
    return _event_stream(db, event_stream_name)


@tool(writes=True)
def delete_event_stream(db: Database, domain_name: str, event_stream_name: str) -> dict[str, Any]:
    """Disables and deletes the specified event stream.

    Args:
        domain_name: The unique name of the domain; 1 to 64 characters.
        event_stream_name: The name of the event stream; e.g. "ES-0001" (from list_event_streams).

    Returns:
        The removed event stream, marked deleted.
    """
    event_stream = _event_stream(db, event_stream_name)
    used = db.scalar("SELECT count(*) FROM identity_resolution_jobs WHERE domain_name = ?",
                     [event_stream["event_stream_name"]])
    if used:
        raise ToolError(f"event stream {event_stream['event_stream_name']} is still referred to by {used} identity "
                        f"resolution job row(s)")
    used = db.scalar("SELECT count(*) FROM profile_object_type_templates WHERE source_name = ?",
                     [event_stream["event_stream_name"]])
    if used:
        raise ToolError(f"event stream {event_stream['event_stream_name']} is still referred to by {used} profile "
                        f"object type template row(s)")
    used = db.scalar("SELECT count(*) FROM profile_object_type_templates WHERE source_object = ?",
                     [event_stream["event_stream_name"]])
    if used:
        raise ToolError(f"event stream {event_stream['event_stream_name']} is still referred to by {used} profile "
                        f"object type template row(s)")
    used = db.scalar("SELECT count(*) FROM profile_keys WHERE key_name = ?", [event_stream["event_stream_name"]])
    if used:
        raise ToolError(f"event stream {event_stream['event_stream_name']} is still referred to by {used} profile "
                        f"key row(s)")
    db.execute("DELETE FROM event_streams WHERE event_stream_name = ?", [event_stream["event_stream_name"]])
    return {**event_stream, "deleted": True}


@tool(writes=True)
def create_profile(
        db: Database,
        account_number: str | None = None,
        additional_information: str | None = None,
        party_type: PartyType | None = None,
        business_name: str | None = None,
        first_name: str | None = None,
        middle_name: str | None = None,
        last_name: str | None = None,
        birth_date: str | None = None,
        gender: Gender | None = None,
        phone_number: str | None = None,
        mobile_phone_number: str | None = None,
        home_phone_number: str | None = None,
        business_phone_number: str | None = None,
        email_address: str | None = None,
        personal_email_address: str | None = None,
        business_email_address: str | None = None,
        address: str | None = None,
        shipping_address: str | None = None,
        mailing_address: str | None = None,
        billing_address: str | None = None,
        attributes: str | None = None,
        party_type_string: str | None = None,
        gender_string: str | None = None,
) -> dict[str, Any]:
    """Creates a standard profile. A standard profile represents the following attributes for a customer profile in a domain.

    Args:
        account_number: A unique account number that you have given to the customer; e.g. "MI-0001" (from
            get_matches).
        additional_information: Any additional information relevant to the customer’s profile; 1 to 1000
            characters.
        party_type: The type of profile used to describe the customer.
        business_name: The name of the customer’s business; e.g. "MI-0001" (from get_matches).
        first_name: The customer’s first name; e.g. "MI-0001" (from get_matches).
        middle_name: The customer’s middle name; e.g. "MI-0001" (from get_matches).
        last_name: The customer’s last name; e.g. "MI-0001" (from get_matches).
        birth_date: The customer’s birth date; e.g. "MI-0001" (from get_matches).
        gender: The gender with which the customer identifies.
        phone_number: The customer’s phone number, which has not been specified as a mobile, home, or business
            number; e.g. "MI-0001" (from get_matches).
        mobile_phone_number: The customer’s mobile phone number; e.g. "MI-0001" (from get_matches).
        home_phone_number: The customer’s home phone number; e.g. "MI-0001" (from get_matches).
        business_phone_number: The customer’s business phone number; e.g. "MI-0001" (from get_matches).
        email_address: The customer’s email address, which has not been specified as a personal or business
            address; e.g. "MI-0001" (from get_matches).
        personal_email_address: The customer’s personal email address; e.g. "MI-0001" (from get_matches).
        business_email_address: The customer’s business email address; e.g. "MI-0001" (from get_matches).
        address: A generic address associated with the customer that is not mailing, shipping, or billing.
        shipping_address: A generic address associated with the customer that is not mailing, shipping, or
            billing.
        mailing_address: A generic address associated with the customer that is not mailing, shipping, or billing.
        billing_address: A generic address associated with the customer that is not mailing, shipping, or billing.
        attributes: A key value pair of attributes of a customer profile.
        party_type_string: An alternative to PartyType which accepts any string as input; e.g. "MI-0001" (from
            get_matches).
        gender_string: An alternative to Gender which accepts any string as input; e.g. "MI-0001" (from
            get_matches).

    Returns:
        The new profile.
    """
    if account_number is not None:
        match_item = _match_item(db, account_number)
    if additional_information is not None:
        additional_information = _text("additional_information", additional_information, 1, 1000)
    if business_name is not None:
        match_item = _match_item(db, business_name)
    if first_name is not None:
        match_item = _match_item(db, first_name)
    if middle_name is not None:
        match_item = _match_item(db, middle_name)
    if last_name is not None:
        match_item = _match_item(db, last_name)
    if birth_date is not None:
        match_item = _match_item(db, birth_date)
    if phone_number is not None:
        match_item = _match_item(db, phone_number)
    if mobile_phone_number is not None:
        match_item = _match_item(db, mobile_phone_number)
    if home_phone_number is not None:
        match_item = _match_item(db, home_phone_number)
    if business_phone_number is not None:
        match_item = _match_item(db, business_phone_number)
    if email_address is not None:
        match_item = _match_item(db, email_address)
    if personal_email_address is not None:
        match_item = _match_item(db, personal_email_address)
    if business_email_address is not None:
        match_item = _match_item(db, business_email_address)
    if party_type_string is not None:
        match_item = _match_item(db, party_type_string)
    if gender_string is not None:
        match_item = _match_item(db, gender_string)
    profile_id = _next_id(db, "profiles", "profile_id", "P-", 4)
    db.execute("INSERT INTO profiles (profile_id, account_number, additional_information, party_type, "
               "business_name, first_name, middle_name, last_name, birth_date, gender, phone_number, "
               "mobile_phone_number, home_phone_number, business_phone_number, email_address, "
               "personal_email_address, business_email_address, address, shipping_address, mailing_address, "
               "billing_address, attributes, found_by_items, party_type_string, gender_string) VALUES (?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [profile_id, match_item["match_id"], additional_information, party_type, match_item["match_id"], match_item["match_id"], match_item["match_id"], match_item["match_id"], match_item["match_id"], gender, match_item["match_id"], match_item["match_id"], match_item["match_id"], match_item["match_id"], match_item["match_id"], match_item["match_id"], match_item["match_id"], address, shipping_address, mailing_address, billing_address, attributes, None, match_item["match_id"], match_item["match_id"]])
    return _profile(db, profile_id)


@tool(writes=True)
def update_profile(
        db: Database,
        profile_id: str,
        additional_information: str | None = None,
        account_number: str | None = None,
        party_type: PartyType | None = None,
        business_name: str | None = None,
        first_name: str | None = None,
        middle_name: str | None = None,
        last_name: str | None = None,
        birth_date: str | None = None,
        gender: Gender | None = None,
        phone_number: str | None = None,
        mobile_phone_number: str | None = None,
        home_phone_number: str | None = None,
        business_phone_number: str | None = None,
        email_address: str | None = None,
        personal_email_address: str | None = None,
        business_email_address: str | None = None,
        address: str | None = None,
        shipping_address: str | None = None,
        mailing_address: str | None = None,
        billing_address: str | None = None,
        attributes: str | None = None,
        party_type_string: str | None = None,
        gender_string: str | None = None,
) -> dict[str, Any]:
    """Updates the properties of a profile. The ProfileId is required for updating a customer profile. When calling the UpdateProfile API, specifying an empty string value means that any existing value will be removed. Not specifying a string value means that any value already there will be kept.

    Args:
        profile_id: The unique identifier of a customer profile; e.g. "P-0001" (from
            list_calculated_attributes_for_profile).
        additional_information: Any additional information relevant to the customer’s profile; 0 to 1000
            characters.
        account_number: A unique account number that you have given to the customer; e.g. "MI-0001" (from
            get_matches).
        party_type: The type of profile used to describe the customer.
        business_name: The name of the customer’s business; e.g. "MI-0001" (from get_matches).
        first_name: The customer’s first name; e.g. "MI-0001" (from get_matches).
        middle_name: The customer’s middle name; e.g. "MI-0001" (from get_matches).
        last_name: The customer’s last name; e.g. "MI-0001" (from get_matches).
        birth_date: The customer’s birth date; e.g. "MI-0001" (from get_matches).
        gender: The gender with which the customer identifies.
        phone_number: The customer’s phone number, which has not been specified as a mobile, home, or business
            number; e.g. "MI-0001" (from get_matches).
        mobile_phone_number: The customer’s mobile phone number; e.g. "MI-0001" (from get_matches).
        home_phone_number: The customer’s home phone number; e.g. "MI-0001" (from get_matches).
        business_phone_number: The customer’s business phone number; e.g. "MI-0001" (from get_matches).
        email_address: The customer’s email address, which has not been specified as a personal or business
            address; e.g. "MI-0001" (from get_matches).
        personal_email_address: The customer’s personal email address; e.g. "MI-0001" (from get_matches).
        business_email_address: The customer’s business email address; e.g. "MI-0001" (from get_matches).
        address: Updates associated with the address properties of a customer profile.
        shipping_address: Updates associated with the address properties of a customer profile.
        mailing_address: Updates associated with the address properties of a customer profile.
        billing_address: Updates associated with the address properties of a customer profile.
        attributes: A key value pair of attributes of a customer profile.
        party_type_string: An alternative to PartyType which accepts any string as input; e.g. "MI-0001" (from
            get_matches).
        gender_string: An alternative to Gender which accepts any string as input; e.g. "MI-0001" (from
            get_matches).

    Returns:
        The profile as changed.
    """
    profile = _profile(db, profile_id)
    changes: dict[str, Any] = {}
    if additional_information is not None:
        additional_information = _text("additional_information", additional_information, 0, 1000)
        changes["additional_information"] = additional_information
    if account_number is not None:
        match_item = _match_item(db, account_number)
        changes["account_number"] = match_item["match_id"]
    if party_type is not None:
        changes["party_type"] = party_type
    if business_name is not None:
        match_item = _match_item(db, business_name)
        changes["business_name"] = match_item["match_id"]
    if first_name is not None:
        match_item = _match_item(db, first_name)
        changes["first_name"] = match_item["match_id"]
    if middle_name is not None:
        match_item = _match_item(db, middle_name)
        changes["middle_name"] = match_item["match_id"]
    if last_name is not None:
        match_item = _match_item(db, last_name)
        changes["last_name"] = match_item["match_id"]
    if birth_date is not None:
        match_item = _match_item(db, birth_date)
        changes["birth_date"] = match_item["match_id"]
    if gender is not None:
        changes["gender"] = gender
    if phone_number is not None:
        match_item = _match_item(db, phone_number)
        changes["phone_number"] = match_item["match_id"]
    if mobile_phone_number is not None:
        match_item = _match_item(db, mobile_phone_number)
        changes["mobile_phone_number"] = match_item["match_id"]
    if home_phone_number is not None:
        match_item = _match_item(db, home_phone_number)
        changes["home_phone_number"] = match_item["match_id"]
    if business_phone_number is not None:
        match_item = _match_item(db, business_phone_number)
        changes["business_phone_number"] = match_item["match_id"]
    if email_address is not None:
        match_item = _match_item(db, email_address)
        changes["email_address"] = match_item["match_id"]
    if personal_email_address is not None:
        match_item = _match_item(db, personal_email_address)
        changes["personal_email_address"] = match_item["match_id"]
    if business_email_address is not None:
        match_item = _match_item(db, business_email_address)
        changes["business_email_address"] = match_item["match_id"]
    if address is not None:
        changes["address"] = address
    if shipping_address is not None:
        changes["shipping_address"] = shipping_address
    if mailing_address is not None:
        changes["mailing_address"] = mailing_address
    if billing_address is not None:
        changes["billing_address"] = billing_address
    if attributes is not None:
        changes["attributes"] = attributes
    if party_type_string is not None:
        match_item = _match_item(db, party_type_string)
        changes["party_type_string"] = match_item["match_id"]
    if gender_string is not None:
        match_item = _match_item(db, gender_string)
        changes["gender_string"] = match_item["match_id"]
    if not changes:
        raise ToolError("update profile needs at least one of additional information, account number, party type, "
                        "business name, first name, middle name, last name, birth date, gender, phone number, "
                        "mobile phone number, home phone number, business phone number, email address, personal "
                        "email address, business email address, address, shipping address, mailing address, "
                        "billing address, attributes, party type string or gender string")
    _update(db, "profiles", "profile_id", profile["profile_id"], changes)
    return _profile(db, profile["profile_id"])


@tool(writes=True)
def delete_profile_key(db: Database, profile_id: str, key_name: str, values: str) -> dict[str, Any]:
    """Removes a searchable key from a customer profile.

    Args:
        profile_id: The unique identifier of a customer profile; e.g. "PK-0001".
        key_name: A searchable identifier of a customer profile; e.g. "ES-0001" (from list_event_streams).
        values: A list of key values.

    Returns:
        The removed profile key, marked deleted.
    """
    profile_key = _profile_key(db, profile_id)
    db.execute("DELETE FROM profile_keys WHERE profile_id = ?", [profile_key["profile_id"]])
    return {**profile_key, "deleted": True}


@tool
def get_profile_object_type(db: Database, domain_name: str) -> dict[str, Any]:
    """Returns the object types for a specific domain.

    Args:
        domain_name: The unique name of the domain; e.g. "D-0001" (from list_integrations).

    Returns:
        The domain with the names of the rows it refers to.
    """
    return _domain(db, domain_name)


@tool(writes=True)
def delete_workflow(db: Database, workflow_id: str) -> dict[str, Any]:
    """Deletes the specified workflow and all its corresponding resources. This is an async process.

    Args:
        workflow_id: Unique identifier for the workflow; e.g. "IW-0001".

    Returns:
        The removed integration workflow, marked deleted.
    """
    integration_workflow = _integration_workflow(db, workflow_id)
    db.execute("DELETE FROM integration_workflows WHERE workflow_id = ?", [integration_workflow["workflow_id"]])
    return {**integration_workflow, "deleted": True}


@tool
def get_calculated_attribute_for_profile(db: Database, profile_id: str) -> dict[str, Any]:
    """Retrieve a calculated attribute for a customer profile.

    Args:
        profile_id: The unique identifier of a customer profile; e.g. "P-0001" (from
            list_calculated_attributes_for_profile).

    Returns:
        The profile with the names of the rows it refers to.
    """
    return _profile(db, profile_id)


@tool
def get_identity_resolution_job(db: Database, job_id: str) -> dict[str, Any]:
    """Returns information about an Identity Resolution Job in a specific domain. Identity Resolution Jobs are set up using the Amazon Connect admin console. For more information, see Use Identity Resolution to consolidate similar profiles .

    Args:
        job_id: The unique identifier of the Identity Resolution Job; e.g. "IRJ-0001" (from
            list_identity_resolution_jobs).

    Returns:
        The identity resolution job with the names of the rows it refers to.
    """
    return _identity_resolution_job(db, job_id)


@tool
def list_integrations(db: Database, domain_name: str | None = None) -> list[dict[str, Any]]:
    """Lists all of the integrations in your domain.

    Args:
        domain_name: The unique name of the domain; 1 to 64 characters.

    Returns:
        The matching domain rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if domain_name is not None:
        where.append("lower(t.domain_name) = lower(?)")
        params.append(domain_name.strip())
    return _select(db, _DOMAINS_SQL, where, params, "t.domain_name")


@tool
def get_matches(db: Database) -> list[dict[str, Any]]:
    """Before calling this API, use CreateDomain or UpdateDomain to enable identity resolution: set Matching to true. GetMatches returns potentially matching profiles, based on the results of the latest run of a machine learning process. The process of matching duplicate profiles. If Matching = true , Amazon Connect Customer Profiles starts a weekly batch process called Identity Resolution Job. If you do not specify a date and time for Identity Resolution Job to run, by default it runs every Saturday.

    Returns:
        The matching match item rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _MATCH_ITEMS_SQL, [], [], "t.match_id")


@tool
def get_profile_object_type_template(db: Database, template_id: str) -> dict[str, Any]:
    """Returns the template information for a specific object type. A template is a predefined ProfileObjectType, such as “Salesforce-Account” or “Salesforce-Contact.” When a user sends a ProfileObject, using the PutProfileObject API, with an ObjectTypeName that matches one of the TemplateIds, it uses the mappings from the template.

    Args:
        template_id: A unique identifier for the object template; e.g. "POTT-0001" (from
            list_profile_object_type_templates).

    Returns:
        The profile object type template with the names of the rows it refers to.
    """
    return _profile_object_type_template(db, template_id)


@tool
def list_calculated_attribute_definitions(db: Database, domain_name: str | None = None) -> list[dict[str, Any]]:
    """Lists calculated attribute definitions for Customer Profiles.

    Args:
        domain_name: The unique name of the domain; 1 to 64 characters.

    Returns:
        The matching domain rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if domain_name is not None:
        where.append("lower(t.domain_name) = lower(?)")
        params.append(domain_name.strip())
    return _select(db, _DOMAINS_SQL, where, params, "t.domain_name")


@tool
def list_calculated_attributes_for_profile(db: Database, profile_id: str | None = None) -> list[dict[str, Any]]:
    """Retrieve a list of calculated attributes for a customer profile.

    Args:
        profile_id: The unique identifier of a customer profile.

    Returns:
        The matching profile rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if profile_id is not None:
        where.append("lower(t.profile_id) = lower(?)")
        params.append(profile_id.strip())
    return _select(db, _PROFILES_SQL, where, params, "t.profile_id")


@tool
def list_domains(db: Database) -> list[dict[str, Any]]:
    """Returns a list of all the domains for an AWS account that have been created.

    Returns:
        The matching domain rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _DOMAINS_SQL, [], [], "t.domain_name")


@tool
def list_event_streams(db: Database, domain_name: str | None = None) -> list[dict[str, Any]]:
    """Returns a list of all the event streams in a specific domain.

    Args:
        domain_name: The unique name of the domain; 1 to 64 characters.

    Returns:
        The matching event stream rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if domain_name is not None:
        where.append("lower(t.domain_name) = lower(?)")
        params.append(domain_name.strip())
    return _select(db, _EVENT_STREAMS_SQL, where, params, "t.event_stream_name")


@tool
def list_identity_resolution_jobs(db: Database, domain_name: str | None = None) -> list[dict[str, Any]]:
    """Lists all of the Identity Resolution Jobs in your domain. The response sorts the list by JobStartTime .

    Args:
        domain_name: The unique name of the domain; e.g. "ES-0001".

    Returns:
        The matching identity resolution job rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if domain_name is not None:
        event_stream = _event_stream(db, domain_name)
        where.append("t.domain_name = ?")
        params.append(event_stream["event_stream_name"])
    return _select(db, _IDENTITY_RESOLUTION_JOBS_SQL, where, params, "t.job_id")


@tool
def list_profile_object_type_templates(db: Database) -> list[dict[str, Any]]:
    """Lists all of the template information for object types.

    Returns:
        The matching profile object type template rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _PROFILE_OBJECT_TYPE_TEMPLATES_SQL, [], [], "t.template_id")


@tool
def list_profile_object_types(db: Database, domain_name: str | None = None) -> list[dict[str, Any]]:
    """Lists all of the templates available within the service.

    Args:
        domain_name: The unique name of the domain; 1 to 64 characters.

    Returns:
        The matching domain rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if domain_name is not None:
        where.append("lower(t.domain_name) = lower(?)")
        params.append(domain_name.strip())
    return _select(db, _DOMAINS_SQL, where, params, "t.domain_name")


@tool
def list_rule_based_matches(db: Database) -> list[dict[str, Any]]:
    """Returns a set of MatchIds that belong to the given domain.

    Returns:
        The matching profile rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _PROFILES_SQL, [], [], "t.profile_id")


@tool
def search_profiles(db: Database) -> list[dict[str, Any]]:
    """Searches for profiles within a specific domain using one or more predefined search keys (e.g., _fullName, _phone, _email, _account, etc.) and/or custom-defined search keys. A search key is a data type pair that consists of a KeyName and Values list. This operation supports searching for profiles with a minimum of 1 key-value(s) pair and up to 5 key-value(s) pairs using either AND or OR logic.

    Returns:
        The matching profile rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _PROFILES_SQL, [], [], "t.profile_id")
