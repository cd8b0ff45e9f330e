"""Tools of the ably_control environment, compiled from API V1.

API V1
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

RuleType = Literal["http"]

_APPS_SQL = "SELECT t.* FROM apps t"
_KEYS_SQL = "SELECT t.*, r1.name AS app_name FROM keys t LEFT JOIN apps r1 ON r1.app_id = t.app_id"
_NAMESPACES_SQL = "SELECT t.*, r1.name AS app_name FROM namespaces t LEFT JOIN apps r1 ON r1.app_id = t.app_id"
_QUEUES_SQL = "SELECT t.*, r1.name AS app_name FROM queues t LEFT JOIN apps r1 ON r1.app_id = t.app_id"
_RULES_SQL = "SELECT t.*, r1.name AS app_name FROM rules t LEFT JOIN apps r1 ON r1.app_id = t.app_id"
_RULES_LIST_SQL = ("SELECT t.rule_id, t.app_id, t.created, t.modified, t.rule_type, r1.name AS "
                   "app_name FROM rules t LEFT JOIN apps r1 ON r1.app_id = t.app_id")


def _app(db: Database, app_id: str) -> dict[str, Any]:
    row = db.query_one(_APPS_SQL + " WHERE t.app_id = ?", [app_id.strip().upper()])
    if row is None:
        raise ToolError(f"no app with id {app_id!r} (app ids look like 'A-0001')")
    return row


def _key(db: Database, key_id: str) -> dict[str, Any]:
    row = db.query_one(_KEYS_SQL + " WHERE t.key_id = ?", [key_id.strip().upper()])
    if row is None:
        raise ToolError(f"no key with id {key_id!r} (key ids look like 'K-0001')")
    return row


def _namespace(db: Database, namespace_id: str) -> dict[str, Any]:
    row = db.query_one(_NAMESPACES_SQL + " WHERE t.namespace_id = ?", [namespace_id.strip().upper()])
    if row is None:
        raise ToolError(f"no namespace with id {namespace_id!r} (namespace ids look like 'N-0001')")
    return row


def _queue(db: Database, queue_name: str) -> dict[str, Any]:
    row = db.query_one(_QUEUES_SQL + " WHERE t.queue_name = ?", [queue_name.strip().upper()])
    if row is None:
        raise ToolError(f"no queue with id {queue_name!r} (queue ids look like 'Q-0001')")
    return row


def _rule(db: Database, rule_id: str) -> dict[str, Any]:
    row = db.query_one(_RULES_SQL + " WHERE t.rule_id = ?", [rule_id.strip().upper()])
    if row is None:
        raise ToolError(f"no rule with id {rule_id!r} (rule ids look like 'R-0001')")
    return row


@tool
def get_accounts_account_id_apps(db: Database, account_id: str | None = None) -> list[dict[str, Any]]:
    """Lists account apps.

    Args:
        account_id: Only app rows with this account id.

    Returns:
        The matching app rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if account_id is not None:
        where.append("lower(t.account_id) = lower(?)")
        params.append(account_id.strip())
    return select_rows(db, _APPS_SQL, where, params, "t.app_id")


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
        name: Name.
        apns_use_sandbox_endpoint: Apns use sandbox endpoint.
        status: Status.
        tls_only: Tls only.

    Returns:
        The new app.
    """
    account_id = account_id.strip()
    name = name.strip()
    if status is not None:
        status = status.strip()
    app_id = next_id(db, "apps", "app_id", "A-", 4)
    db.execute("INSERT INTO apps (links, account_id, apns_use_sandbox_endpoint, created, app_id, modified, name, "
               "status, tls_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, account_id, apns_use_sandbox_endpoint, None, app_id, None, name, status, tls_only])
    return db.query_one(_APPS_SQL + " WHERE t.app_id = ?", [app_id]) or {}


@tool
def get_apps_app_id_keys(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists app keys.

    Args:
        app_id: Only key rows with this app id; e.g. "A-0001".

    Returns:
        The matching key rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["app_id"])
    return select_rows(db, _KEYS_SQL, where, params, "t.key_id")


@tool(writes=True)
def post_apps_app_id_keys(db: Database, app_id: str, capability: str, name: str) -> dict[str, Any]:
    """Creates a key.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        capability: Capability.
        name: Name.

    Returns:
        The new key.
    """
    app = _app(db, app_id)
    name = name.strip()
    key_id = next_id(db, "keys", "key_id", "K-", 4)
    db.execute("INSERT INTO keys (app_id, capability, created, key_id, key_value, modified, name, status) VALUES "
               "(?, ?, ?, ?, ?, ?, ?, ?)",
               [app["app_id"], capability, None, key_id, None, None, name, None])
    return db.query_one(_KEYS_SQL + " WHERE t.key_id = ?", [key_id]) or {}


@tool(writes=True)
def patch_apps_app_id_keys_key_id(
        db: Database,
        app_id: str,
        key_id: str,
        capability: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Updates a key.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        key_id: Key id; e.g. "K-0001" (from get_apps_app_id_keys).
        capability: Capability.
        name: Name.

    Returns:
        The key as changed.
    """
    key = _key(db, key_id)
    app = _app(db, app_id)
    if key["app_id"] != app["app_id"]:
        raise ToolError(f"key {key['key_id']} is not under app {app['app_id']} (it belongs to app {key['app_id']})")
    changes: dict[str, Any] = {}
    if capability is not None:
        changes["capability"] = capability
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("patch apps app id keys key id needs at least one of capability or name")
    update_row(db, "keys", "key_id", key["key_id"], changes)
    return _key(db, key["key_id"])


@tool
def get_apps_app_id_namespaces(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists namespaces.

    Args:
        app_id: Only namespace rows with this app id; e.g. "A-0001".

    Returns:
        The matching namespace rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["app_id"])
    return select_rows(db, _NAMESPACES_SQL, where, params, "t.namespace_id")


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
    namespace_id = next_id(db, "namespaces", "namespace_id", "N-", 4)
    db.execute("INSERT INTO namespaces (app_id, authenticated, created, expose_timeserial, namespace_id, modified, "
               "persist_last, persisted, push_enabled, tls_only) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [app["app_id"], authenticated, None, expose_timeserial, namespace_id, None, persist_last, persisted, push_enabled, tls_only])
    return db.query_one(_NAMESPACES_SQL + " WHERE t.namespace_id = ?", [namespace_id]) or {}


@tool(writes=True)
def patch_apps_app_id_namespaces_namespace_id(
        db: Database,
        app_id: str,
        namespace_id: str,
        authenticated: bool | None = None,
        expose_timeserial: bool | None = None,
        persist_last: bool | None = None,
        persisted: bool | None = None,
        push_enabled: bool | None = None,
        tls_only: bool | None = None,
) -> dict[str, Any]:
    """Updates a namespace.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        namespace_id: Namespace id; e.g. "N-0001" (from get_apps_app_id_namespaces).
        authenticated: Authenticated.
        expose_timeserial: Expose timeserial.
        persist_last: Persist last.
        persisted: Persisted.
        push_enabled: Push enabled.
        tls_only: Tls only.

    Returns:
        The namespace as changed.
    """
    namespace = _namespace(db, namespace_id)
    app = _app(db, app_id)
    if namespace["app_id"] != app["app_id"]:
        raise ToolError(f"namespace {namespace['namespace_id']} is not under app {app['app_id']} (it belongs to app "
                        f"{namespace['app_id']})")
    changes: dict[str, Any] = {}
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
        raise ToolError("patch apps app id namespaces namespace id needs at least one of authenticated, expose "
                        "timeserial, persist last, persisted, push enabled or tls only")
    update_row(db, "namespaces", "namespace_id", namespace["namespace_id"], changes)
    return _namespace(db, namespace["namespace_id"])


@tool(writes=True)
def delete_apps_app_id_namespaces_namespace_id(db: Database, app_id: str, namespace_id: str) -> dict[str, Any]:
    """Deletes a namespace.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        namespace_id: Namespace id; e.g. "N-0001" (from get_apps_app_id_namespaces).

    Returns:
        The removed namespace, marked deleted.
    """
    namespace = _namespace(db, namespace_id)
    app = _app(db, app_id)
    if namespace["app_id"] != app["app_id"]:
        raise ToolError(f"namespace {namespace['namespace_id']} is not under app {app['app_id']} (it belongs to app "
                        f"{namespace['app_id']})")
    db.execute("DELETE FROM namespaces WHERE namespace_id = ?", [namespace["namespace_id"]])
    return {**namespace, "deleted": True}


@tool
def get_apps_app_id_queues(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists queues.

    Args:
        app_id: The app this queue belongs to; e.g. "A-0001".

    Returns:
        The matching queue rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["app_id"])
    return select_rows(db, _QUEUES_SQL, where, params, "t.queue_name")


@tool(writes=True)
def post_apps_app_id_queues(db: Database, app_id: str, max_length: int, region: str, ttl: int) -> dict[str, Any]:
    """Creates a queue.

    Args:
        app_id: The app this queue belongs to; e.g. "A-0001" (from get_accounts_account_id_apps).
        max_length: Max length.
        region: Region.
        ttl: Ttl.

    Returns:
        The new queue.
    """
    app = _app(db, app_id)
    region = region.strip()
    queue_name = next_id(db, "queues", "queue_name", "Q-", 4)
    db.execute("INSERT INTO queues (max_length, queue_name, region, ttl, app_id) VALUES (?, ?, ?, ?, ?)",
               [max_length, queue_name, region, ttl, app["app_id"]])
    return db.query_one(_QUEUES_SQL + " WHERE t.queue_name = ?", [queue_name]) or {}


@tool(writes=True)
def delete_apps_app_id_queues_queue_id(db: Database, app_id: str, queue_name: str) -> dict[str, Any]:
    """Deletes a queue.

    Args:
        app_id: The app this queue belongs to; e.g. "A-0001" (from get_accounts_account_id_apps).
        queue_name: Queue name; e.g. "Q-0001" (from get_apps_app_id_queues).

    Returns:
        The removed queue, marked deleted.
    """
    queue = _queue(db, queue_name)
    app = _app(db, app_id)
    if queue["app_id"] != app["app_id"]:
        raise ToolError(f"queue {queue['queue_name']} is not under app {app['app_id']} (it belongs to app "
                        f"{queue['app_id']})")
    db.execute("DELETE FROM queues WHERE queue_name = ?", [queue["queue_name"]])
    return {**queue, "deleted": True}


@tool
def get_apps_app_id_rules(db: Database, app_id: str | None = None) -> list[dict[str, Any]]:
    """Lists Integration rules.

    Args:
        app_id: Only rule rows with this app id; e.g. "A-0001".

    Returns:
        The matching rule summaries (rule_id, app_id, created, modified, rule_type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if app_id is not None:
        app = _app(db, app_id)
        where.append("t.app_id = ?")
        params.append(app["app_id"])
    return select_rows(db, _RULES_LIST_SQL, where, params, "t.rule_id")


@tool(writes=True)
def post_apps_app_id_rules(
        db: Database,
        app_id: str,
        request_mode: str,
        rule_type: RuleType,
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
    rule_id = next_id(db, "rules", "rule_id", "R-", 4)
    db.execute("INSERT INTO rules (links, app_id, created, rule_id, modified, request_mode, rule_type, source, "
               "status, target, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, app["app_id"], None, rule_id, None, request_mode, rule_type, source, status, target, None])
    return db.query_one(_RULES_SQL + " WHERE t.rule_id = ?", [rule_id]) or {}


@tool
def get_apps_app_id_rules_rule_id(db: Database, app_id: str, rule_id: str) -> dict[str, Any]:
    """Gets a Integration Rule by ID.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        rule_id: Rule id; e.g. "R-0001" (from get_apps_app_id_rules).

    Returns:
        The rule with the names of the rows it refers to.
    """
    rule = _rule(db, rule_id)
    app = _app(db, app_id)
    if rule["app_id"] != app["app_id"]:
        raise ToolError(f"rule {rule['rule_id']} is not under app {app['app_id']} (it belongs to app "
                        f"{rule['app_id']})")
    return rule


@tool(writes=True)
def patch_apps_app_id_rules_rule_id(
        db: Database,
        app_id: str,
        rule_id: str,
        request_mode: str | None = None,
        rule_type: RuleType | None = None,
        source: str | None = None,
        status: str | None = None,
        target: str | None = None,
) -> dict[str, Any]:
    """Updates a Integration Rule.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        rule_id: Rule id; e.g. "R-0001" (from get_apps_app_id_rules).
        request_mode: Request mode.
        rule_type: Rule type.
        source: Source.
        status: Status.
        target: Target.

    Returns:
        The rule as changed.
    """
    rule = _rule(db, rule_id)
    app = _app(db, app_id)
    if rule["app_id"] != app["app_id"]:
        raise ToolError(f"rule {rule['rule_id']} is not under app {app['app_id']} (it belongs to app "
                        f"{rule['app_id']})")
    changes: dict[str, Any] = {}
    if request_mode is not None:
        request_mode = request_mode.strip()
        changes["request_mode"] = request_mode
    if rule_type is not None:
        changes["rule_type"] = rule_type
    if source is not None:
        changes["source"] = source
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if target is not None:
        changes["target"] = target
    if not changes:
        raise ToolError("patch apps app id rules rule id needs at least one of request mode, rule type, source, "
                        "status or target")
    update_row(db, "rules", "rule_id", rule["rule_id"], changes)
    return _rule(db, rule["rule_id"])


@tool(writes=True)
def delete_apps_app_id_rules_rule_id(db: Database, app_id: str, rule_id: str) -> dict[str, Any]:
    """Deletes a Integration Rule.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        rule_id: Rule id; e.g. "R-0001" (from get_apps_app_id_rules).

    Returns:
        The removed rule, marked deleted.
    """
    rule = _rule(db, rule_id)
    app = _app(db, app_id)
    if rule["app_id"] != app["app_id"]:
        raise ToolError(f"rule {rule['rule_id']} is not under app {app['app_id']} (it belongs to app "
                        f"{rule['app_id']})")
    db.execute("DELETE FROM rules WHERE rule_id = ?", [rule["rule_id"]])
    return {**rule, "deleted": True}


@tool(writes=True)
def patch_apps_id(
        db: Database,
        app_id: str,
        apns_use_sandbox_endpoint: bool | None = None,
        name: str | None = None,
        status: str | None = None,
        tls_only: bool | None = None,
) -> dict[str, Any]:
    """Updates an app.

    Args:
        app_id: App id; e.g. "A-0001" (from get_accounts_account_id_apps).
        apns_use_sandbox_endpoint: Apns use sandbox endpoint.
        name: Name.
        status: Status.
        tls_only: Tls only.

    Returns:
        The app as changed.
    """
    app = _app(db, app_id)
    changes: dict[str, Any] = {}
    if apns_use_sandbox_endpoint is not None:
        changes["apns_use_sandbox_endpoint"] = apns_use_sandbox_endpoint
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if tls_only is not None:
        changes["tls_only"] = tls_only
    if not changes:
        raise ToolError("patch apps id needs at least one of apns use sandbox endpoint, name, status or tls only")
    update_row(db, "apps", "app_id", app["app_id"], changes)
    return _app(db, app["app_id"])
