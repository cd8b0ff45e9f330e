"""Tools of the mailscript environment, compiled from Mailscript.

Mailscript
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

IntegrationType = Literal["google"]
MailscriptEmailType = Literal["mailescript-email"]

_KEYS_SQL = ("SELECT t.*, r1.display_name AS address_display_name FROM keys t LEFT JOIN addresses r1 "
             "ON r1.address_id = t.address")
_TRIGGERS_SQL = "SELECT t.* FROM triggers t"
_WORKFLOWS_SQL = "SELECT t.* FROM workflows t"
_ADDRESSES_SQL = "SELECT t.* FROM addresses t"
_INTEGRATIONS_SQL = "SELECT t.* FROM integrations t"
_USERS_SQL = "SELECT t.* FROM users t"
_WORKSPACES_SQL = "SELECT t.* FROM workspaces t"
_MAILSCRIPT_EMAILS_SQL = "SELECT t.* FROM mailscript_emails t"


def _key(db: Database, key_id: str) -> dict[str, Any]:
    row = db.query_one(_KEYS_SQL + " WHERE t.key_id = ?", [key_id.strip().upper()])
    if row is None:
        raise ToolError(f"no key with id {key_id!r} (key ids look like 'K-0001')")
    return row


def _trigger(db: Database, trigger_id: str) -> dict[str, Any]:
    row = db.query_one(_TRIGGERS_SQL + " WHERE t.trigger_id = ?", [trigger_id.strip().upper()])
    if row is None:
        raise ToolError(f"no trigger with id {trigger_id!r} (trigger ids look like 'T-0001')")
    return row


def _workflow(db: Database, workflow_id: str) -> dict[str, Any]:
    row = db.query_one(_WORKFLOWS_SQL + " WHERE t.workflow_id = ?", [workflow_id.strip().upper()])
    if row is None:
        raise ToolError(f"no workflow with id {workflow_id!r} (workflow ids look like 'W-0001')")
    return row


def _address(db: Database, address_id: str) -> dict[str, Any]:
    row = db.query_one(_ADDRESSES_SQL + " WHERE t.address_id = ?", [address_id.strip().upper()])
    if row is None:
        raise ToolError(f"no address with id {address_id!r} (address ids look like 'A-0001')")
    return row


def _integration(db: Database, integration_id: str) -> dict[str, Any]:
    row = db.query_one(_INTEGRATIONS_SQL + " WHERE t.integration_id = ?", [integration_id.strip().upper()])
    if row is None:
        raise ToolError(f"no integration with id {integration_id!r} (integration ids look like 'I-0001')")
    return row


@tool(writes=True)
def update_action(db: Database, key_id: str, name: str | None = None) -> dict[str, Any]:
    """Update an action key.

    Args:
        key_id: ID of action; e.g. "K-0001" (from get_all_keys).
        name: Name.

    Returns:
        The key as changed.
    """
    key = _key(db, key_id)
    changes: dict[str, Any] = {}
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("update action needs at least one of name")
    update_row(db, "keys", "key_id", key["key_id"], changes)
    return _key(db, key["key_id"])


@tool
def get_all_addresses(db: Database) -> list[dict[str, Any]]:
    """Get all addresses you have access to.

    Returns:
        The matching address rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _ADDRESSES_SQL, [], [], "t.address_id")


@tool(writes=True)
def delete_address(db: Database, address_id: str) -> dict[str, Any]:
    """Delete a mailscript address.

    Args:
        address_id: ID of address; e.g. "A-0001" (from get_all_addresses).

    Returns:
        The removed address, marked deleted.
    """
    address = _address(db, address_id)
    used = db.scalar("SELECT count(*) FROM keys WHERE address = ?", [address["address_id"]])
    if used:
        raise ToolError(f"address {address['address_id']} is still referred to by {used} key row(s)")
    db.execute("DELETE FROM addresses WHERE address_id = ?", [address["address_id"]])
    return {**address, "deleted": True}


@tool
def get_all_keys(db: Database, address: str | None = None) -> list[dict[str, Any]]:
    """List address keys.

    Args:
        address: ID of address; e.g. "A-0001".

    Returns:
        The matching key rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if address is not None:
        address_row = _address(db, address)
        where.append("t.address = ?")
        params.append(address_row["address_id"])
    return select_rows(db, _KEYS_SQL, where, params, "t.key_id")


@tool(writes=True)
def add_key(db: Database, address: str, name: str, read: bool, write: bool) -> dict[str, Any]:
    """Add address key.

    Args:
        address: ID of address; e.g. "A-0001" (from get_all_addresses).
        name: Name.
        read: Read.
        write: Write.

    Returns:
        The new key.
    """
    address_row = _address(db, address)
    name = name.strip()
    key_id = next_id(db, "keys", "key_id", "K-", 4)
    db.execute("INSERT INTO keys (created_at, created_by, key_id, name, read, write, address) VALUES (?, ?, ?, ?, "
               "?, ?, ?)",
               [db.now, "", key_id, name, read, write, address_row["address_id"]])
    return db.query_one(_KEYS_SQL + " WHERE t.key_id = ?", [key_id]) or {}


@tool
def get_key(db: Database, key_id: str) -> dict[str, Any]:
    """Get address key.

    Args:
        key_id: ID of key; e.g. "K-0001" (from get_all_keys).

    Returns:
        The key with the names of the rows it refers to.
    """
    return _key(db, key_id)


@tool(writes=True)
def update_key(
        db: Database,
        key_id: str,
        address: str | None = None,
        name: str | None = None,
        read: bool | None = None,
        write: bool | None = None,
) -> dict[str, Any]:
    """Update an address key.

    Args:
        key_id: ID of key; e.g. "K-0001" (from get_all_keys).
        address: ID of address; e.g. "A-0001" (from get_all_addresses).
        name: Name.
        read: Read.
        write: Write.

    Returns:
        The key as changed.
    """
    key = _key(db, key_id)
    changes: dict[str, Any] = {}
    if address is not None:
        address_row = _address(db, address)
        changes["address"] = address_row["address_id"]
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if read is not None:
        changes["read"] = read
    if write is not None:
        changes["write"] = write
    if not changes:
        raise ToolError("update key needs at least one of address, name, read or write")
    update_row(db, "keys", "key_id", key["key_id"], changes)
    return _key(db, key["key_id"])


@tool(writes=True)
def delete_key(db: Database, address: str, key_id: str) -> dict[str, Any]:
    """Delete address key.

    Args:
        address: ID of address; e.g. "A-0001" (from get_all_addresses).
        key_id: ID of key; e.g. "K-0001" (from get_all_keys).

    Returns:
        The removed key, marked deleted.
    """
    key = _key(db, key_id)
    db.execute("DELETE FROM keys WHERE key_id = ?", [key["key_id"]])
    return {**key, "deleted": True}


@tool
def get_all_inputs(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Get all inputs you have access to.

    Args:
        name: Only mailscript email rows with this name.

    Returns:
        The matching mailscript email rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return select_rows(db, _MAILSCRIPT_EMAILS_SQL, where, params, "t.mailscript_email_id")


@tool
def get_all_integrations(db: Database) -> list[dict[str, Any]]:
    """Get all integrations for the user.

    Returns:
        The matching integration rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _INTEGRATIONS_SQL, [], [], "t.integration_id")


@tool(writes=True)
def delete_integration(db: Database, integration_id: str) -> dict[str, Any]:
    """Delete an integration.

    Args:
        integration_id: ID of the integration; e.g. "I-0001" (from get_all_integrations).

    Returns:
        The removed integration, marked deleted.
    """
    integration = _integration(db, integration_id)
    db.execute("DELETE FROM integrations WHERE integration_id = ?", [integration["integration_id"]])
    return {**integration, "deleted": True}


@tool
def get_all_triggers(db: Database) -> list[dict[str, Any]]:
    """Get all triggers you have access to.

    Returns:
        The matching trigger rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TRIGGERS_SQL, [], [], "t.trigger_id")


@tool(writes=True)
def add_trigger(db: Database, criteria: str, name: str) -> dict[str, Any]:
    """Setup a trigger.

    Args:
        criteria: Criteria.
        name: Name.

    Returns:
        The new trigger.
    """
    name = name.strip()
    trigger_id = next_id(db, "triggers", "trigger_id", "T-", 4)
    db.execute("INSERT INTO triggers (created_at, created_by, criteria, display_name, trigger_id, name, owner) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)",
               [db.now, "", criteria, None, trigger_id, name, ""])
    return db.query_one(_TRIGGERS_SQL + " WHERE t.trigger_id = ?", [trigger_id]) or {}


@tool(writes=True)
def update_trigger(
        db: Database,
        trigger_id: str,
        criteria: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Update a trigger.

    Args:
        trigger_id: ID of the trigger; e.g. "T-0001" (from get_all_triggers).
        criteria: Criteria.
        name: Name.

    Returns:
        The trigger as changed.
    """
    trigger = _trigger(db, trigger_id)
    changes: dict[str, Any] = {}
    if criteria is not None:
        changes["criteria"] = criteria
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("update trigger needs at least one of criteria or name")
    update_row(db, "triggers", "trigger_id", trigger["trigger_id"], changes)
    return _trigger(db, trigger["trigger_id"])


@tool(writes=True)
def delete_trigger(db: Database, trigger_id: str) -> dict[str, Any]:
    """Delete a trigger.

    Args:
        trigger_id: ID of the trigger; e.g. "T-0001" (from get_all_triggers).

    Returns:
        The removed trigger, marked deleted.
    """
    trigger = _trigger(db, trigger_id)
    db.execute("DELETE FROM triggers WHERE trigger_id = ?", [trigger["trigger_id"]])
    return {**trigger, "deleted": True}


@tool
def get_authenticated_user(db: Database) -> list[dict[str, Any]]:
    """Get the authenticated user.

    Returns:
        The matching user rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _USERS_SQL, [], [], "t.user_id")


@tool
def get_all_workflows(db: Database) -> list[dict[str, Any]]:
    """Get all workflows you have access to.

    Returns:
        The matching workflow rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _WORKFLOWS_SQL, [], [], "t.workflow_id")


@tool(writes=True)
def update_workflow(
        db: Database,
        workflow_id: str,
        action: str | None = None,
        active: bool | None = None,
        input: str | None = None,
        name: str | None = None,
        trigger: str | None = None,
) -> dict[str, Any]:
    """Update an workflow.

    Args:
        workflow_id: ID of the workflow; e.g. "W-0001" (from get_all_workflows).
        action: Action.
        active: Active.
        input: Input.
        name: Name.
        trigger: Trigger.

    Returns:
        The workflow as changed.
    """
    workflow = _workflow(db, workflow_id)
    changes: dict[str, Any] = {}
    if action is not None:
        action = action.strip()
        changes["action"] = action
    if active is not None:
        changes["active"] = active
    if input is not None:
        input = input.strip()
        changes["input"] = input
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if trigger is not None:
        trigger = trigger.strip()
        changes["trigger"] = trigger
    if not changes:
        raise ToolError("update workflow needs at least one of action, active, input, name or trigger")
    update_row(db, "workflows", "workflow_id", workflow["workflow_id"], changes)
    return _workflow(db, workflow["workflow_id"])


@tool(writes=True)
def delete_workflow(db: Database, workflow_id: str) -> dict[str, Any]:
    """Delete a workflow.

    Args:
        workflow_id: ID of the workflow; e.g. "W-0001" (from get_all_workflows).

    Returns:
        The removed workflow, marked deleted.
    """
    workflow = _workflow(db, workflow_id)
    db.execute("DELETE FROM workflows WHERE workflow_id = ?", [workflow["workflow_id"]])
    return {**workflow, "deleted": True}


@tool
def get_all_workspaces(db: Database) -> list[dict[str, Any]]:
    """Get all workspaces you have access to.

    Returns:
        The matching workspace rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _WORKSPACES_SQL, [], [], "t.workspace_id")
