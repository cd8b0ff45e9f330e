"""Tools of the sakari environment, compiled from Sakari.

# Introduction Welcome to the documentation for the Sakari Messaging REST API. Sakari provides an advanced platform
to drive large scale customized SMS communication REST is a web-service protocol that lends itself to rapid
development by using everyday HTTP and JSON technology. To find out more about our product offering, please visit
https://sakari.io. # Quickstart For your convenience we have created a quickstart guide to get you up and running in
5 minutes. https://sakari.io/blog/sakari-api-quickstart # PostMan Collection We've created a simple set of examples
using PostMan...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_scope, select_rows
from envfactory_gym.authoring.kit import next_id

TemplateType = Literal["SMS", "Web"]

_CAMPAIGNS_SQL = "SELECT t.* FROM campaigns t"
_CONTACTS_SQL = "SELECT t.* FROM contacts t"
_CONTACTS_LIST_SQL = "SELECT t.contact_id, t.first_name, t.last_name, t.email FROM contacts t"
_CONVERSATIONS_SQL = "SELECT t.* FROM conversations t"
_MESSAGES_SQL = "SELECT t.* FROM messages t"
_MESSAGES_LIST_SQL = "SELECT t.message_id, t.price, t.segments FROM messages t"
_TEMPLATES_SQL = "SELECT t.* FROM templates t"


def _contact(db: Database, contact_id: str) -> dict[str, Any]:
    row = db.query_one(_CONTACTS_SQL + " WHERE t.contact_id = ?", [contact_id.strip().upper()])
    if row is None:
        raise ToolError(f"no contact with id {contact_id!r} (contact ids look like 'C-0001')")
    return row


def _message(db: Database, message_id: str) -> dict[str, Any]:
    row = db.query_one(_MESSAGES_SQL + " WHERE t.message_id = ?", [message_id.strip().upper()])
    if row is None:
        raise ToolError(f"no message with id {message_id!r} (message ids look like 'M-0001')")
    return row


def _template(db: Database, template_id: str) -> dict[str, Any]:
    row = db.query_one(_TEMPLATES_SQL + " WHERE t.template_id = ?", [template_id.strip().upper()])
    if row is None:
        raise ToolError(f"no template with id {template_id!r} (template ids look like 'T-0001')")
    return row


@tool
def contacts_fetch_all(
        db: Database,
        first_name: str | None = None,
        last_name: str | None = None,
        email: str | None = None,
        account_id: str | None = None,
) -> list[dict[str, Any]]:
    """Fetch contacts.

    Args:
        first_name: Filter by first name or part of.
        last_name: Filter by last name or part of.
        email: Filter by email or part of.
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The matching contact summaries (contact_id, first_name, last_name, email; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("account_id", account_id, "account-1")
    where: list[str] = []
    params: list[Any] = []
    if first_name is not None:
        where.append("lower(t.first_name) = lower(?)")
        params.append(first_name.strip())
    if last_name is not None:
        where.append("lower(t.last_name) = lower(?)")
        params.append(last_name.strip())
    if email is not None:
        where.append("lower(t.email) = lower(?)")
        params.append(email.strip())
    return select_rows(db, _CONTACTS_LIST_SQL, where, params, "t.contact_id")


@tool
def contacts_create(
        db: Database,
        email: str | None = None,
        first_name: str | None = None,
        contact_id: str | None = None,
        last_name: str | None = None,
        account_id: str | None = None,
) -> list[dict[str, Any]]:
    """Create contact.

    Args:
        email: Only contact rows with this email.
        first_name: Only contact rows with this first name.
        contact_id: Only contact rows with this contact id.
        last_name: Only contact rows with this last name.
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The matching contact summaries (contact_id, first_name, last_name, email; given contact_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("account_id", account_id, "account-1")
    where: list[str] = []
    params: list[Any] = []
    if email is not None:
        where.append("lower(t.email) = lower(?)")
        params.append(email.strip())
    if first_name is not None:
        where.append("lower(t.first_name) = lower(?)")
        params.append(first_name.strip())
    if contact_id is not None:
        where.append("lower(t.contact_id) = lower(?)")
        params.append(contact_id.strip())
    if last_name is not None:
        where.append("lower(t.last_name) = lower(?)")
        params.append(last_name.strip())
    return select_rows(db, _CONTACTS_SQL if contact_id is not None else _CONTACTS_LIST_SQL, where, params, "t.contact_id")


@tool
def contacts_fetch(db: Database, contact_id: str, account_id: str | None = None) -> dict[str, Any]:
    """Fetch contact by ID.

    Args:
        contact_id: ID of contact to return; e.g. "C-0001" (from contacts_fetch_all).
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The contact with the names of the rows it refers to.
    """
    check_scope("account_id", account_id, "account-1")
    return _contact(db, contact_id)


@tool(writes=True)
def contacts_remove(db: Database, contact_id: str, account_id: str | None = None) -> dict[str, Any]:
    """Deletes a contact.

    Args:
        contact_id: Contact id to delete; e.g. "C-0001" (from contacts_fetch_all).
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The removed contact, marked deleted.
    """
    check_scope("account_id", account_id, "account-1")
    contact = _contact(db, contact_id)
    db.execute("DELETE FROM contacts WHERE contact_id = ?", [contact["contact_id"]])
    return {**contact, "deleted": True}


@tool
def messages_fetch_all(db: Database, account_id: str | None = None) -> list[dict[str, Any]]:
    """Fetch messages.

    Args:
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The matching message summaries (message_id, price, segments; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("account_id", account_id, "account-1")
    return select_rows(db, _MESSAGES_LIST_SQL, [], [], "t.message_id")


@tool(writes=True)
def messages_send(
        db: Database,
        media: str | None = None,
        template: str | None = None,
        account_id: str | None = None,
) -> dict[str, Any]:
    """Send Messages.

    Args:
        media: List of media objects to attach to message.
        template: Template.
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The new message.
    """
    check_scope("account_id", account_id, "account-1")
    if template is not None:
        template = template.strip()
    message_id = next_id(db, "messages", "message_id", "M-", 4)
    db.execute("INSERT INTO messages (contact, conversation, created, error, message_id, media, message_value, "
               "outgoing, phone_number, price, read, segments, status, template, updated) VALUES (?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, None, None, None, message_id, media, None, None, None, None, None, None, None, template, None])
    return db.query_one(_MESSAGES_SQL + " WHERE t.message_id = ?", [message_id]) or {}


@tool
def messages_fetch(db: Database, message_id: str, account_id: str | None = None) -> dict[str, Any]:
    """Fetch message by id.

    Returns a single messag

    Args:
        message_id: ID of message to return; e.g. "M-0001" (from messages_fetch_all).
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The message with the names of the rows it refers to.
    """
    check_scope("account_id", account_id, "account-1")
    return _message(db, message_id)


@tool
def templates_fetch_all(
        db: Database,
        name: str | None = None,
        account_id: str | None = None,
) -> list[dict[str, Any]]:
    """Fetch templates.

    Args:
        name: Filter by name or part of.
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The matching template rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("account_id", account_id, "account-1")
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return select_rows(db, _TEMPLATES_SQL, where, params, "t.template_id")


@tool
def templates_create(
        db: Database,
        name: str | None = None,
        type: TemplateType | None = None,
        account_id: str | None = None,
) -> list[dict[str, Any]]:
    """Create template.

    Args:
        name: Only template rows with this name.
        type: Only template rows with this type.
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The matching template rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("account_id", account_id, "account-1")
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    if type is not None:
        where.append("t.type = ?")
        params.append(type)
    return select_rows(db, _TEMPLATES_SQL, where, params, "t.template_id")


@tool
def templates_fetch(db: Database, template_id: str, account_id: str | None = None) -> dict[str, Any]:
    """Fetch template by ID.

    Args:
        template_id: ID of template to return; e.g. "T-0001" (from templates_fetch_all).
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The template with the names of the rows it refers to.
    """
    check_scope("account_id", account_id, "account-1")
    return _template(db, template_id)


@tool(writes=True)
def templates_remove(db: Database, template_id: str, account_id: str | None = None) -> dict[str, Any]:
    """Deletes a template.

    Args:
        template_id: Template id to delete; e.g. "T-0001" (from templates_fetch_all).
        account_id: This deployment's account id, 'account-1' (the only one; may be left out).

    Returns:
        The removed template, marked deleted.
    """
    check_scope("account_id", account_id, "account-1")
    template = _template(db, template_id)
    db.execute("DELETE FROM templates WHERE template_id = ?", [template["template_id"]])
    return {**template, "deleted": True}
