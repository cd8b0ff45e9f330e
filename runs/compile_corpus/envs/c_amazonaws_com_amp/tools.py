"""Tools of the c_amazonaws_com_amp environment, compiled from Amazon Prometheus Service.

Amazon Managed Service for Prometheus
"""

from __future__ import annotations

import re
from typing import Any

from envfactory_gym import Database, ToolError, tool


#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_RULE_GROUPS_NAMESPACES_SQL = "SELECT t.* FROM rule_groups_namespaces t"
_WORKSPACES_SQL = ("SELECT t.*, r1.name AS arn_name FROM workspaces t LEFT JOIN rule_groups_namespaces"
                   " r1 ON r1.arn = t.arn")


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


def _matches(name: str, value: str, pattern: str) -> str:
    if not re.fullmatch(pattern.strip("^$"), value):
        raise ToolError(f"{name} {value!r} does not match the pattern {pattern}")
    return value


def _rule_groups_namespace(db: Database, arn: str) -> dict[str, Any]:
    row = db.query_one(_RULE_GROUPS_NAMESPACES_SQL + " WHERE t.arn = ?", [arn.strip().upper()])
    if row is None:
        raise ToolError(f"no rule groups namespace with id {arn!r} (rule groups namespace ids look like 'RGN-0001')")
    return row


def _workspace(db: Database, workspace_id: str) -> dict[str, Any]:
    row = db.query_one(_WORKSPACES_SQL + " WHERE t.workspace_id = ?", [workspace_id.strip().upper()])
    if row is None:
        raise ToolError(f"no workspace with id {workspace_id!r} (workspace ids look like 'W-0001')")
    return row


@tool
def describe_alert_manager_definition(db: Database, workspace_id: str | None = None) -> list[dict[str, Any]]:
    """Describes an alert manager definition.

    Args:
        workspace_id: The ID of the workspace to describe; 1 to 64 characters.

    Returns:
        The matching workspace rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if workspace_id is not None:
        where.append("lower(t.workspace_id) = lower(?)")
        params.append(workspace_id.strip())
    return _select(db, _WORKSPACES_SQL, where, params, "t.workspace_id")


@tool(writes=True)
def delete_alert_manager_definition(db: Database, workspace_id: str) -> dict[str, Any]:
    """Deletes an alert manager definition.

    Args:
        workspace_id: The ID of the workspace in which to delete the alert manager definition; e.g. "W-0001" (from
            describe_alert_manager_definition).

    Returns:
        The removed workspace, marked deleted.
    """
    workspace = _workspace(db, workspace_id)
    db.execute("DELETE FROM workspaces WHERE workspace_id = ?", [workspace["workspace_id"]])
    return {**workspace, "deleted": True}


@tool
def describe_logging_configuration(db: Database, workspace_id: str | None = None) -> list[dict[str, Any]]:
    """Describes logging configuration.

    Args:
        workspace_id: The ID of the workspace to vend logs to; 1 to 64 characters.

    Returns:
        The matching workspace rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if workspace_id is not None:
        where.append("lower(t.workspace_id) = lower(?)")
        params.append(workspace_id.strip())
    return _select(db, _WORKSPACES_SQL, where, params, "t.workspace_id")


@tool(writes=True)
def delete_logging_configuration(db: Database, workspace_id: str) -> dict[str, Any]:
    """Delete logging configuration.

    Args:
        workspace_id: The ID of the workspace to vend logs to; e.g. "W-0001" (from
            describe_alert_manager_definition).

    Returns:
        The removed workspace, marked deleted.
    """
    workspace = _workspace(db, workspace_id)
    db.execute("DELETE FROM workspaces WHERE workspace_id = ?", [workspace["workspace_id"]])
    return {**workspace, "deleted": True}


@tool
def list_rule_groups_namespaces(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Lists rule groups namespaces.

    Args:
        name: Optional filter for rule groups namespace name. Only the rule groups namespace that begin with this
            value will be returned; 1 to 64 characters.

    Returns:
        The matching rule groups namespace rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _RULE_GROUPS_NAMESPACES_SQL, where, params, "t.arn")


@tool(writes=True)
def create_rule_groups_namespace(db: Database, name: str, data: str, tags: str | None = None) -> dict[str, Any]:
    """Create a rule group namespace.

    Args:
        name: The namespace name that the rule group belong to; 1 to 64 characters.
        data: The rule groups namespace data.
        tags: The list of tags assigned to the resource.

    Returns:
        The new rule groups namespace.
    """
    name = _text("name", name, 1, 64)
    name = _matches("name", name, ".*[0-9A-Za-z][-.0-9A-Z_a-z]*.*")
    data = data.strip()
    arn = _next_id(db, "rule_groups_namespaces", "arn", "RGN-", 4)
    db.execute("INSERT INTO rule_groups_namespaces (arn, name, status, data, created_at, modified_at, tags) VALUES "
               "(?, ?, ?, ?, ?, ?, ?)",
               [arn, name, "", data, db.now, db.now, tags])
    return _rule_groups_namespace(db, arn)


@tool
def list_workspaces(db: Database, alias: str | None = None) -> list[dict[str, Any]]:
    """Lists all AMP workspaces, including workspaces being created or deleted.

    Args:
        alias: Optional filter for workspace alias. Only the workspaces with aliases that begin with this value
            will be returned; 1 to 100 characters.

    Returns:
        The matching workspace rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if alias is not None:
        where.append("lower(t.alias) = lower(?)")
        params.append(alias.strip())
    return _select(db, _WORKSPACES_SQL, where, params, "t.workspace_id")


@tool(writes=True)
def create_workspace(db: Database, alias: str | None = None, tags: str | None = None) -> dict[str, Any]:
    """Creates a new AMP workspace.

    Args:
        alias: A user-assigned workspace alias; 1 to 100 characters.
        tags: The list of tags assigned to the resource.

    Returns:
        The new workspace.
    """
    if alias is not None:
        alias = _text("alias", alias, 1, 100)
    workspace_id = _next_id(db, "workspaces", "workspace_id", "W-", 4)
    db.execute("INSERT INTO workspaces (workspace_id, alias, arn, status, prometheus_endpoint, created_at, tags) "
               "VALUES (?, ?, ?, ?, ?, ?, ?)",
               [workspace_id, alias, "", "", None, db.now, tags])
    return _workspace(db, workspace_id)


@tool
def describe_rule_groups_namespace(db: Database, arn: str) -> dict[str, Any]:
    """Describe a rule groups namespace.

    Args:
        arn: The rule groups namespace; e.g. "RGN-0001" (from list_rule_groups_namespaces).

    Returns:
        The rule groups namespace with the names of the rows it refers to.
    """
    return _rule_groups_namespace(db, arn)


@tool(writes=True)
def put_rule_groups_namespace(db: Database, arn: str, data: str | None = None) -> dict[str, Any]:
    """Update a rule groups namespace.

    Args:
        arn: The rule groups namespace name; e.g. "RGN-0001" (from list_rule_groups_namespaces).
        data: The rule groups namespace data.

    Returns:
        The rule groups namespace as changed.
    """
    rule_groups_namespace = _rule_groups_namespace(db, arn)
    changes: dict[str, Any] = {}
    if data is not None:
        data = data.strip()
        changes["data"] = data
    if not changes:
        raise ToolError("put rule groups namespace needs at least one of data")
    _update(db, "rule_groups_namespaces", "arn", rule_groups_namespace["arn"], changes)
    return _rule_groups_namespace(db, rule_groups_namespace["arn"])


@tool(writes=True)
def delete_rule_groups_namespace(db: Database, arn: str) -> dict[str, Any]:
    """Delete a rule groups namespace.

    Args:
        arn: The rule groups namespace name; e.g. "RGN-0001" (from list_rule_groups_namespaces).

    Returns:
        The removed rule groups namespace, marked deleted.
    """
    rule_groups_namespace = _rule_groups_namespace(db, arn)
    used = db.scalar("SELECT count(*) FROM workspaces WHERE arn = ?", [rule_groups_namespace["arn"]])
    if used:
        raise ToolError(f"rule groups namespace {rule_groups_namespace['arn']} is still referred to by {used} "
                        f"workspace row(s)")
    db.execute("DELETE FROM rule_groups_namespaces WHERE arn = ?", [rule_groups_namespace["arn"]])
    return {**rule_groups_namespace, "deleted": True}


@tool
def describe_workspace(db: Database, workspace_id: str) -> dict[str, Any]:
    """Describes an existing AMP workspace.

    Args:
        workspace_id: The ID of the workspace to describe; e.g. "W-0001" (from describe_alert_manager_definition).

    Returns:
        The workspace with the names of the rows it refers to.
    """
    return _workspace(db, workspace_id)


@tool(writes=True)
def delete_workspace(db: Database, workspace_id: str) -> dict[str, Any]:
    """Deletes an AMP workspace.

    Args:
        workspace_id: The ID of the workspace to delete; e.g. "W-0001" (from describe_alert_manager_definition).

    Returns:
        The removed workspace, marked deleted.
    """
    workspace = _workspace(db, workspace_id)
    db.execute("DELETE FROM workspaces WHERE workspace_id = ?", [workspace["workspace_id"]])
    return {**workspace, "deleted": True}
