"""Tools of the postmark_server environment, compiled from Postmark API.

Postmark makes sending and receiving email incredibly easy.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_email, next_number, select_rows, update_row

BounceType = Literal["HardBounce",
                     "Transient", "Unsubscribe", "Subscribe", "AutoResponder", "AddressChange", "DnsError", "SpamNotification", "OpenRelayTest", "Unknown", "SoftBounce", "VirusNotification", "MailFrontier Matador.", "BadEmailAddress", "SpamComplaint", "ManuallyDeactivated", "Unconfirmed", "Blocked", "SMTPApiError", "InboundError", "DMARCPolicy", "TemplateRenderingFailed"]
InboundMessageStatus = Literal["blocked", "processed", "queued", "failed", "scheduled"]
OutboundMessageStatus = Literal["queued", "sent"]
TrackLinks = Literal["None", "HtmlAndText", "HtmlOnly", "TextOnly"]
Color = Literal["purple", "blue", "turqoise", "green", "red", "yellow", "grey"]

_INBOUNDRULES_SQL = "SELECT t.* FROM inboundrules t"
_INBOUNDRULE2S_SQL = "SELECT t.* FROM inboundrule2s t"
_BOUNCES_SQL = ("SELECT t.*, r1.subject AS message_subject FROM bounces t LEFT JOIN outbound_messages "
                "r1 ON r1.message_id = t.message_id")
_BOUNCES_LIST_SQL = ("SELECT t.bounce_id, t.name, t.bounced_at, t.inactive, t.message_id, t.tag, "
                     "t.type, r1.subject AS message_subject FROM bounces t LEFT JOIN outbound_messages"
                     " r1 ON r1.message_id = t.message_id")
_TEMPLATES_SQL = "SELECT t.* FROM templates t"
_INBOUND_MESSAGES_SQL = "SELECT t.* FROM inbound_messages t"
_OUTBOUND_MESSAGES_SQL = "SELECT t.* FROM outbound_messages t"
_SERVER_CONFIGURATIONS_SQL = "SELECT t.* FROM server_configurations t"
_TEMPLATE_RECORDS_SQL = "SELECT t.* FROM template_records t"


def _bounce(db: Database, bounce_id: str) -> dict[str, Any]:
    row = db.query_one(_BOUNCES_SQL + " WHERE t.bounce_id = ?", [bounce_id.strip().upper()])
    if row is None:
        raise ToolError(f"no bounce with id {bounce_id!r} (bounce ids look like 'B-0001')")
    return row


def _outbound_message(db: Database, message_id: str) -> dict[str, Any]:
    row = db.query_one(_OUTBOUND_MESSAGES_SQL + " WHERE t.message_id = ?", [message_id.strip().upper()])
    if row is None:
        raise ToolError(f"no outbound message with id {message_id!r} (outbound message ids look like 'OM-0001')")
    return row


def _template_record(db: Database, template_record_name: str) -> dict[str, Any]:
    row = db.query_one(_TEMPLATE_RECORDS_SQL + " WHERE t.template_record_name = ?",
                                               [template_record_name.strip().upper()])
    if row is None:
        raise ToolError(f"no template record with id {template_record_name!r} (template record ids look like "
                        f"'TR-0001')")
    return row


@tool
def get_bounces(
        db: Database,
        type: BounceType | None = None,
        inactive: bool | None = None,
        message_id: str | None = None,
        tag: str | None = None,
) -> list[dict[str, Any]]:
    """Get bounces.

    Args:
        type: Filter by type of bounce.
        inactive: Filter by emails that were deactivated by Postmark due to the bounce. Set to true or false. If
            this isn't specified it will return both active and inactive.
        message_id: Filter by messageID; e.g. "OM-0001".
        tag: Filter by tag.

    Returns:
        The matching bounce summaries (bounce_id, name, bounced_at, inactive, message_id, tag, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if type is not None:
        where.append("t.type = ?")
        params.append(type)
    if inactive is not None:
        where.append("t.inactive = ?")
        params.append(inactive)
    if message_id is not None:
        message = _outbound_message(db, message_id)
        where.append("t.message_id = ?")
        params.append(message["message_id"])
    if tag is not None:
        where.append("lower(t.tag) = lower(?)")
        params.append(tag.strip())
    return select_rows(db, _BOUNCES_LIST_SQL, where, params, "t.bounce_id")


@tool
def get_single_bounce(db: Database, bounce_id: str) -> dict[str, Any]:
    """Get a single bounce.

    Args:
        bounce_id: The ID of the bounce to retrieve; e.g. "B-0001" (from get_bounces).

    Returns:
        The bounce with the names of the rows it refers to.
    """
    return _bounce(db, bounce_id)


@tool
def get_bounces_bounceid_dump(db: Database, bounce_id: str | None = None) -> list[dict[str, Any]]:
    """Get bounce dump.

    Args:
        bounce_id: The ID for the bounce dump to retrieve.

    Returns:
        The matching bounce summaries (bounce_id, name, bounced_at, inactive, message_id, tag, type; given bounce_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if bounce_id is not None:
        where.append("lower(t.bounce_id) = lower(?)")
        params.append(bounce_id.strip())
    return select_rows(db, _BOUNCES_SQL if bounce_id is not None else _BOUNCES_LIST_SQL, where, params, "t.bounce_id")


@tool
def search_inbound_messages(
        db: Database,
        subject: str | None = None,
        tag: str | None = None,
        status: InboundMessageStatus | None = None,
) -> list[dict[str, Any]]:
    """Inbound message search.

    Args:
        subject: Filter by email subject.
        tag: Filter by tag.
        status: Filter by status ('blocked', 'processed', 'queued', 'failed', 'scheduled').

    Returns:
        The matching inbound message rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if subject is not None:
        where.append("lower(t.subject) = lower(?)")
        params.append(subject.strip())
    if tag is not None:
        where.append("lower(t.tag) = lower(?)")
        params.append(tag.strip())
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _INBOUND_MESSAGES_SQL, where, params, "t.message_id")


@tool
def search_outbound_messages(
        db: Database,
        tag: str | None = None,
        status: OutboundMessageStatus | None = None,
) -> list[dict[str, Any]]:
    """Outbound message search.

    Args:
        tag: Filter by tag.
        status: Filter by status ('queued' or 'sent').

    Returns:
        The matching outbound message rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if tag is not None:
        where.append("lower(t.tag) = lower(?)")
        params.append(tag.strip())
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _OUTBOUND_MESSAGES_SQL, where, params, "t.message_id")


@tool
def get_outbound_message_details(db: Database) -> list[dict[str, Any]]:
    """Outbound message details.

    Returns:
        The matching outbound message rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _OUTBOUND_MESSAGES_SQL, [], [], "t.message_id")


@tool
def get_outbound_message_dump(db: Database) -> list[dict[str, Any]]:
    """Outbound message dump.

    Returns:
        The matching inbound message rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _INBOUND_MESSAGES_SQL, [], [], "t.message_id")


@tool
def get_current_server_configuration(db: Database) -> list[dict[str, Any]]:
    """Get Server Configuration.

    Returns:
        The matching server configuration rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _SERVER_CONFIGURATIONS_SQL, [], [], "t.server_configuration_id")


@tool
def get_bounce_counts(db: Database, tag: str | None = None) -> list[dict[str, Any]]:
    """Get bounce counts.

    Args:
        tag: Filter by tag.

    Returns:
        The matching bounce summaries (bounce_id, name, bounced_at, inactive, message_id, tag, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if tag is not None:
        where.append("lower(t.tag) = lower(?)")
        params.append(tag.strip())
    return select_rows(db, _BOUNCES_LIST_SQL, where, params, "t.bounce_id")


@tool
def list_templates(db: Database) -> list[dict[str, Any]]:
    """Get the Templates associated with this Server.

    Returns:
        The matching template record rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TEMPLATE_RECORDS_SQL, [], [], "t.template_record_name")


@tool(writes=True)
def post_templates(
        db: Database,
        name: str,
        subject: str,
        alias: str | None = None,
        html_body: str | None = None,
        text_body: str | None = None,
) -> dict[str, Any]:
    """Create a Template.

    Args:
        name: The friendly display name for the template.
        subject: The Subject template definition for this Template.
        alias: The optional string identifier for referring to this Template (numbers, letters, and '.', '-', '_'
            characters, starts with a letter).
        html_body: The HTML template definition for this Template.
        text_body: The Text template definition for this Template.

    Returns:
        The new template.
    """
    if alias is not None:
        alias = alias.strip()
    if html_body is not None:
        html_body = html_body.strip()
    name = name.strip()
    subject = subject.strip()
    if text_body is not None:
        text_body = text_body.strip()
    template_id = next_number(db, "templates", "template_id")
    db.execute("INSERT INTO templates (active, alias, associated_server_id, html_body, name, subject, template_id, "
               "text_body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [None, alias, None, html_body, name, subject, template_id, text_body])
    return db.query_one(_TEMPLATES_SQL + " WHERE t.template_id = ?", [template_id]) or {}


@tool(writes=True)
def update_template(db: Database, template_record_name: str, alias: str | None = None) -> dict[str, Any]:
    """Update a Template.

    Args:
        template_record_name: The friendly display name for the template; e.g. "TR-0001" (from list_templates).
        alias: The optional string identifier for referring to this Template (numbers, letters, and '.', '-', '_'
            characters, starts with a letter).

    Returns:
        The template record as changed.
    """
    template_record = _template_record(db, template_record_name)
    changes: dict[str, Any] = {}
    if alias is not None:
        alias = alias.strip()
        changes["alias"] = alias
    if not changes:
        raise ToolError("update template needs at least one of alias")
    update_row(db, "template_records", "template_record_name", template_record["template_record_name"], changes)
    return _template_record(db, template_record["template_record_name"])


@tool(writes=True)
def create_inbound_rule(db: Database, rule: str | None = None) -> dict[str, Any]:
    """Create an inbound rule trigger.

    Args:
        rule: Rule; an email address.

    Returns:
        The new inboundrule2.
    """
    if rule is not None:
        rule = check_email("rule", rule)
    inboundrule2_id = next_number(db, "inboundrule2s", "inboundrule2_id")
    db.execute("INSERT INTO inboundrule2s (inboundrule2_id, rule) VALUES (?, ?)",
               [inboundrule2_id, rule])
    return db.query_one(_INBOUNDRULE2S_SQL + " WHERE t.inboundrule2_id = ?", [inboundrule2_id]) or {}
