"""Tools of the c_ably_net_control environment, compiled from API V1.

API V1
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

RuleType = Literal["amqp/external"]
RuleRuleType = Literal["http"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_AMQP_EXTERNAL_RULES_SQL = ("SELECT t.*, r1.name AS app_name FROM amqp_external_rules t LEFT JOIN apps"
                            " r1 ON r1.id = t.app_id")
_APPS_SQL = "SELECT t.*, r1.name AS name_name FROM apps t LEFT JOIN queues r1 ON r1.name = t.name"
_KEYS_SQL = ("SELECT t.*, r1.name AS app_name, r2.name AS name_name FROM keys t LEFT JOIN apps r1 ON "
             "r1.id = t.app_id LEFT JOIN queues r2 ON r2.name = t.name")
_NAMESPACES_SQL = "SELECT t.*, r1.name AS app_name FROM namespaces t LEFT JOIN apps r1 ON r1.id = t.app_id"
_QUEUES_SQL = "SELECT t.* FROM queues t"
_RULES_SQL = "SELECT t.*, r1.name AS app_name FROM rules t LEFT JOIN apps r1 ON r1.id = t.app_id"


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


def _amqp_external_rule(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_AMQP_EXTERNAL_RULES_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no amqp external rule with id {id!r} (amqp external rule ids look like 'AER-0001')")
    return row


def _app(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_APPS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no app with id {id!r} (app ids look like 'A-0001')")
    return row


def _key(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_KEYS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no key with id {id!r} (key ids look like 'K-0001')")
    return row


def _namespace(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_NAMESPACES_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no namespace with id {id!r} (namespace ids look like 'N-0001')")
    return row


def _queue(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_QUEUES_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no queue with id {name!r} (queue ids look like 'Q-0001')")
    return row


def _rule(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_RULES_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no rule with id {id!r} (rule ids look like 'R-0001')")
    return row


@tool
def get_accounts_account_id_apps(db: Database, account_id: str | None = None) -> list[dict[str, Any]]:
    """Lists account apps.

    Args:
        account_id: Only app rows with this account id.

    Returns:
        The matching app rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if account_id is not None:
        where.append("lower(t.account_id) = lower(?)")
        params.append(account_id.strip())
    return _select(db, _APPS_SQL, where, params, "t.id")


@tool(writes=True)
def post_accounts_account_id_apps(
        db: Database,
        account_id: str,
        name: str,
        apns_use_sandbox_endpoint: bool | None = None,
        status: str | None = None,
        tls_only: bool | None = None,
) -> dict[str, Any]:
    """Creates an app.

    Args:
        account_id: Account id.
        name: Name; e.g. "Q-0001" (from get_apps_app_id_queues).
        apns_use_sandbox_endpoint: Apns use sandbox endpoint.
        status: Status.
        tls_only: Tls only.

    Returns:
        The new app.
    """
    account_id = account_id.strip()
    queue = _queue(db, name)
    if status is not None:
        status = status.strip()
    id = _next_id(db, "apps", "id", "A-", 4)
    db.execute("INSERT INTO apps (links, account_id, apns_use_sandbox_endpoint, created, id, modified, name, "
               "status, tls_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, account_id, apns_use_sandbox_endpoint, None, id, None, queue["name"], status, tls_only])
    return _app(db, id)


@tool
def get_apps_app_id_keys(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists app keys.

    Args:
        app_id: Only key rows with this app id; e.g. "A-0001".

    Returns:
        The matching key rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["id"])
    return _select(db, _KEYS_SQL, where, params, "t.id")


@tool(writes=True)
def post_apps_app_id_keys(db: Database, app_id: str, capability: str, name: str) -> dict[str, Any]:
    """Creates a key.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        capability: Capability.
        name: Name; e.g. "Q-0001" (from get_apps_app_id_queues).

    Returns:
        The new key.
    """
    app = _app(db, app_id)
    queue = _queue(db, name)
    id = _next_id(db, "keys", "id", "K-", 4)
    db.execute("INSERT INTO keys (app_id, capability, created, id, key_value, modified, name, status) VALUES (?, "
               "?, ?, ?, ?, ?, ?, ?)",
               [app["id"], capability, None, id, None, None, queue["name"], None])
    return _key(db, id)


@tool(writes=True)
def patch_apps_app_id_keys_key_id(
        db: Database,
        id: str,
        app_id: str | None = None,
        capability: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Updates a key.

    Args:
        id: Id; e.g. "K-0001" (from get_apps_app_id_keys).
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        capability: Capability.
        name: Name; e.g. "Q-0001" (from get_apps_app_id_queues).

    Returns:
        The key as changed.
    """
    key = _key(db, id)
    changes: dict[str, Any] = {}
    if app_id is not None:
        app = _app(db, app_id)
        changes["app_id"] = app["id"]
    if capability is not None:
        changes["capability"] = capability
    if name is not None:
        queue = _queue(db, name)
        changes["name"] = queue["name"]
    if not changes:
        raise ToolError("patch apps app id keys key id needs at least one of app id, capability or name")
    _update(db, "keys", "id", key["id"], changes)
    return _key(db, key["id"])


@tool
def get_apps_app_id_namespaces(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists namespaces.

    Args:
        app_id: Only namespace rows with this app id; e.g. "A-0001".

    Returns:
        The matching namespace rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["id"])
    return _select(db, _NAMESPACES_SQL, where, params, "t.id")


@tool(writes=True)
def post_apps_app_id_namespaces(
        db: Database,
        app_id: str,
        authenticated: bool | None = None,
        expose_timeserial: bool | None = None,
        persist_last: bool | None = None,
        persisted: bool | None = None,
        push_enabled: bool | None = None,
        tls_only: bool | None = None,
) -> dict[str, Any]:
    """Creates a namespace.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        authenticated: Authenticated.
        expose_timeserial: Expose timeserial.
        persist_last: Persist last.
        persisted: Persisted.
        push_enabled: Push enabled.
        tls_only: Tls only.

    Returns:
        The new namespace.
    """
    app = _app(db, app_id)
    id = _next_id(db, "namespaces", "id", "N-", 4)
    db.execute("INSERT INTO namespaces (app_id, authenticated, created, expose_timeserial, id, modified, "
               "persist_last, persisted, push_enabled, tls_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [app["id"], authenticated, None, expose_timeserial, id, None, persist_last, persisted, push_enabled, tls_only])
    return _namespace(db, id)


@tool(writes=True)
def patch_apps_app_id_namespaces_namespace_id(
        db: Database,
        id: str,
        app_id: str | None = None,
        authenticated: bool | None = None,
        expose_timeserial: bool | None = None,
        persist_last: bool | None = None,
        persisted: bool | None = None,
        push_enabled: bool | None = None,
        tls_only: bool | None = None,
) -> dict[str, Any]:
    """Updates a namespace.

    Args:
        id: Id; e.g. "N-0001" (from get_apps_app_id_namespaces).
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        authenticated: Authenticated.
        expose_timeserial: Expose timeserial.
        persist_last: Persist last.
        persisted: Persisted.
        push_enabled: Push enabled.
        tls_only: Tls only.

    Returns:
        The namespace as changed.
    """
    namespace = _namespace(db, id)
    changes: dict[str, Any] = {}
    if app_id is not None:
        app = _app(db, app_id)
        changes["app_id"] = app["id"]
    if authenticated is not None:
        changes["authenticated"] = authenticated
    if expose_timeserial is not None:
        changes["expose_timeserial"] = expose_timeserial
    if persist_last is not None:
        changes["persist_last"] = persist_last
    if persisted is not None:
        changes["persisted"] = persisted
    if push_enabled is not None:
        changes["push_enabled"] = push_enabled
    if tls_only is not None:
        changes["tls_only"] = tls_only
    if not changes:
        raise ToolError("patch apps app id namespaces namespace id needs at least one of app id, authenticated, "
                        "expose timeserial, persist last, persisted, push enabled or tls only")
    _update(db, "namespaces", "id", namespace["id"], changes)
    return _namespace(db, namespace["id"])


@tool(writes=True)
def delete_apps_app_id_namespaces_namespace_id(db: Database, app_id: str, id: str) -> dict[str, Any]:
    """Deletes a namespace.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        id: Id; e.g. "N-0001" (from get_apps_app_id_namespaces).

    Returns:
        The removed namespace, marked deleted.
    """
    namespace = _namespace(db, id)
    db.execute("DELETE FROM namespaces WHERE id = ?", [namespace["id"]])
    return {**namespace, "deleted": True}


@tool
def get_apps_app_id_queues(db: Database) -> list[dict[str, Any]]:
    """Lists queues.

    Returns:
        The matching queue rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _QUEUES_SQL, [], [], "t.name")


@tool(writes=True)
def post_apps_app_id_queues(db: Database, max_length: int, region: str, ttl: int) -> dict[str, Any]:
    """Creates a queue.

    Args:
        max_length: Max length.
        region: Region.
        ttl: Ttl.

    Returns:
        The new queue.
    """
    region = region.strip()
    name = _next_id(db, "queues", "name", "Q-", 4)
    db.execute("INSERT INTO queues (max_length, name, region, ttl) VALUES (?, ?, ?, ?)",
               [max_length, name, region, ttl])
    return _queue(db, name)


@tool(writes=True)
def delete_apps_app_id_queues_queue_id(db: Database, name: str) -> dict[str, Any]:
    """Deletes a queue.

    Args:
        name: Name; e.g. "Q-0001" (from get_apps_app_id_queues).

    Returns:
        The removed queue, marked deleted.
    """
    queue = _queue(db, name)
    used = db.scalar("SELECT count(*) FROM apps WHERE name = ?", [queue["name"]])
    if used:
        raise ToolError(f"queue {queue['name']} is still referred to by {used} app row(s)")
    used = db.scalar("SELECT count(*) FROM keys WHERE name = ?", [queue["name"]])
    if used:
        raise ToolError(f"queue {queue['name']} is still referred to by {used} key row(s)")
    db.execute("DELETE FROM queues WHERE name = ?", [queue["name"]])
    return {**queue, "deleted": True}


@tool
def get_apps_app_id_rules(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists Integration rules.

    Args:
        app_id: Only rule rows with this app id; e.g. "A-0001".

    Returns:
        The matching rule rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["id"])
    return _select(db, _RULES_SQL, where, params, "t.id")


@tool(writes=True)
def post_apps_app_id_rules(
        db: Database,
        app_id: str,
        request_mode: str,
        rule_type: RuleRuleType,
        source: str,
        target: str,
        status: str | None = None,
) -> dict[str, Any]:
    """Creates a Integration Rule.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        request_mode: Request mode.
        rule_type: Rule type.
        source: Source.
        target: Target.
        status: Status.

    Returns:
        The new rule.
    """
    app = _app(db, app_id)
    request_mode = request_mode.strip()
    if status is not None:
        status = status.strip()
    id = _next_id(db, "rules", "id", "R-", 4)
    db.execute("INSERT INTO rules (links, app_id, created, id, modified, request_mode, rule_type, source, status, "
               "target, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, app["id"], None, id, None, request_mode, rule_type, source, status, target, None])
    return _rule(db, id)


@tool(writes=True)
def delete_apps_app_id_rules_rule_id(db: Database, app_id: str, id: str) -> dict[str, Any]:
    """Deletes a Integration Rule.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        id: Id; e.g. "AER-0001".

    Returns:
        The removed amqp external rule, marked deleted.
    """
    amqp_external_rule = _amqp_external_rule(db, id)
    db.execute("DELETE FROM amqp_external_rules WHERE id = ?", [amqp_external_rule["id"]])
    return {**amqp_external_rule, "deleted": True}


@tool(writes=True)
def patch_apps_id(
        db: Database,
        id: str,
        apns_use_sandbox_endpoint: bool | None = None,
        name: str | None = None,
        status: str | None = None,
        tls_only: bool | None = None,
) -> dict[str, Any]:
    """Updates an app.

    Args:
        id: Id; e.g. "A-0001" (from get_accounts_account_id_apps).
        apns_use_sandbox_endpoint: Apns use sandbox endpoint.
        name: Name; e.g. "Q-0001" (from get_apps_app_id_queues).
        status: Status.
        tls_only: Tls only.

    Returns:
        The app as changed.
    """
    app = _app(db, id)
    changes: dict[str, Any] = {}
    if apns_use_sandbox_endpoint is not None:
        changes["apns_use_sandbox_endpoint"] = apns_use_sandbox_endpoint
    if name is not None:
        queue = _queue(db, name)
        changes["name"] = queue["name"]
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if tls_only is not None:
        changes["tls_only"] = tls_only
    if not changes:
        raise ToolError("patch apps id needs at least one of apns use sandbox endpoint, name, status or tls only")
    _update(db, "apps", "id", app["id"], changes)
    return _app(db, app["id"])


@tool(writes=True)
def delete_apps_id(db: Database, id: str) -> dict[str, Any]:
    """Deletes an app.

    Args:
        id: Id; e.g. "A-0001" (from get_accounts_account_id_apps).

    Returns:
        The removed app, marked deleted.
    """
    app = _app(db, id)
    used = db.scalar("SELECT count(*) FROM amqp_external_rules WHERE app_id = ?", [app["id"]])
    if used:
        raise ToolError(f"app {app['id']} is still referred to by {used} amqp external rule row(s)")
    used = db.scalar("SELECT count(*) FROM keys WHERE app_id = ?", [app["id"]])
    if used:
        raise ToolError(f"app {app['id']} is still referred to by {used} key row(s)")
    used = db.scalar("SELECT count(*) FROM namespaces WHERE app_id = ?", [app["id"]])
    if used:
        raise ToolError(f"app {app['id']} is still referred to by {used} namespace row(s)")
    used = db.scalar("SELECT count(*) FROM rules WHERE app_id = ?", [app["id"]])
    if used:
        raise ToolError(f"app {app['id']} is still referred to by {used} rule row(s)")
    db.execute("DELETE FROM apps WHERE id = ?", [app["id"]])
    return {**app, "deleted": True}
