"""Tools of the c_amazonaws_com_appfabric environment, compiled from AppFabric.

Amazon Web Services AppFabric quickly connects software as a service (SaaS) applications across your organization.
This allows IT and security teams to easily manage and secure applications using a standard schema, and employees
can complete everyday tasks faster using generative artificial intelligence (AI). You can use these APIs to complete
AppFabric tasks, such as setting up audit log ingestions or viewing user access. For more information about
AppFabric, including the required permissions to use the service, see the Amazon Web Services AppFabric
Administration Guide . For more...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

IngestionDestinationStatus = Literal["Active", "Failed"]
State = Literal["enabled", "disabled"]
IngestionType = Literal["auditLog"]
ResultStatus = Literal["IN_PROGRESS", "COMPLETED", "FAILED", "EXPIRED"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_TAGS_SQL = "SELECT t.* FROM tags t"
_APP_BUNDLES_SQL = ("SELECT t.*, r1.created_at AS customer_managed_key_arn_created_at FROM app_bundles"
                    " t LEFT JOIN ingestions r1 ON r1.arn = t.customer_managed_key_arn")
_INGESTION_DESTINATIONS_SQL = ("SELECT t.*, r1.created_at AS ingestion_arn_created_at FROM "
                               "ingestion_destinations t LEFT JOIN ingestions r1 ON r1.arn = "
                               "t.ingestion_arn")
_INGESTIONS_SQL = "SELECT t.* FROM ingestions t"
_USER_ACCESS_RESULT_ITEMS_SQL = "SELECT t.* FROM user_access_result_items t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _text(name: str, value: str, low: int | None = None, high: int | None = None) -> str:
    value = value.strip()
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        span = f"{low} to {high}" if low is not None and high is not None else \
            f"at least {low}" if low is not None else f"at most {high}"
        raise ToolError(f"{name} must have {span} characters, got {len(value)}")
    return value


def _app_bundle(db: Database, arn: str) -> dict[str, Any]:
    row = db.query_one(_APP_BUNDLES_SQL + " WHERE t.arn = ?", [arn.strip().upper()])
    if row is None:
        raise ToolError(f"no app bundle with id {arn!r} (app bundle ids look like 'AB-0001')")
    return row


def _ingestion_destination(db: Database, arn: str) -> dict[str, Any]:
    row = db.query_one(_INGESTION_DESTINATIONS_SQL + " WHERE t.arn = ?", [arn.strip().upper()])
    if row is None:
        raise ToolError(f"no ingestion destination with id {arn!r} (ingestion destination ids look like 'ID-0001')")
    return row


def _ingestion(db: Database, arn: str) -> dict[str, Any]:
    row = db.query_one(_INGESTIONS_SQL + " WHERE t.arn = ?", [arn.strip().upper()])
    if row is None:
        raise ToolError(f"no ingestion with id {arn!r} (ingestion ids look like 'I-0001')")
    return row


@tool
def batch_get_user_access_tasks(db: Database) -> list[dict[str, Any]]:
    """Gets user access details in a batch request. This action polls data from the tasks that are kicked off by the StartUserAccessTasks action.

    Returns:
        The matching user access result item rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _USER_ACCESS_RESULT_ITEMS_SQL, [], [], "t.user_id")


@tool
def list_app_authorizations(db: Database, arn: str | None = None) -> list[dict[str, Any]]:
    """Returns a list of all app authorizations configured for an app bundle.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the app bundle to use for the
            request; 1 to 1011 characters.

    Returns:
        The matching app bundle rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if arn is not None:
        where.append("lower(t.arn) = lower(?)")
        params.append(arn.strip())
    return _select(db, _APP_BUNDLES_SQL, where, params, "t.arn")


@tool
def list_app_bundles(db: Database) -> list[dict[str, Any]]:
    """Returns a list of app bundles.

    Returns:
        The matching app bundle rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _APP_BUNDLES_SQL, [], [], "t.arn")


@tool(writes=True)
def create_app_bundle(db: Database) -> dict[str, Any]:
    """Creates an app bundle to collect data from an application using AppFabric.

    Returns:
        The new app bundle.
    """
    arn = _next_id(db, "app_bundles", "arn", "AB-", 4)
    db.execute("INSERT INTO app_bundles (arn, customer_managed_key_arn) VALUES (?, ?)",
               [arn, None])
    return _app_bundle(db, arn)


@tool
def list_ingestions(db: Database) -> list[dict[str, Any]]:
    """Returns a list of all ingestions configured for an app bundle.

    Returns:
        The matching ingestion rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _INGESTIONS_SQL, [], [], "t.arn")


@tool(writes=True)
def create_ingestion(db: Database, app: str, tenant_id: str, ingestion_type: IngestionType) -> dict[str, Any]:
    """Creates a data ingestion for an application.

    Args:
        app: The name of the application. Valid values are: SLACK ASANA JIRA M365 M365AUDITLOGS ZOOM ZENDESK OKTA
            GOOGLE DROPBOX SMARTSHEET CISCO; 1 to 255 characters.
        tenant_id: The ID of the application tenant; 1 to 1024 characters.
        ingestion_type: The ingestion type.

    Returns:
        The new ingestion.
    """
    app = _text("app", app, 1, 255)
    tenant_id = _text("tenant_id", tenant_id, 1, 1024)
    arn = _next_id(db, "ingestions", "arn", "I-", 4)
    db.execute("INSERT INTO ingestions (arn, app_bundle_arn, app, tenant_id, created_at, updated_at, state_, "
               "ingestion_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [arn, "", app, tenant_id, db.now, db.now, "enabled", ingestion_type])
    return _ingestion(db, arn)


@tool
def list_ingestion_destinations(db: Database, arn: str | None = None) -> list[dict[str, Any]]:
    """Returns a list of all ingestion destinations configured for an ingestion.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the ingestion to use for the
            request; 1 to 1011 characters.

    Returns:
        The matching ingestion destination rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if arn is not None:
        where.append("lower(t.arn) = lower(?)")
        params.append(arn.strip())
    return _select(db, _INGESTION_DESTINATIONS_SQL, where, params, "t.arn")


@tool(writes=True)
def create_ingestion_destination(
        db: Database,
        processing_configuration: str,
        destination_configuration: str,
) -> dict[str, Any]:
    """Creates an ingestion destination, which specifies how an application's ingested data is processed by Amazon Web Services AppFabric and where it's delivered.

    Args:
        processing_configuration: Contains information about how ingested data is processed.
        destination_configuration: Contains information about the destination of ingested data.

    Returns:
        The new ingestion destination.
    """
    arn = _next_id(db, "ingestion_destinations", "arn", "ID-", 4)
    db.execute("INSERT INTO ingestion_destinations (arn, ingestion_arn, processing_configuration, "
               "destination_configuration, status, status_reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, "
               "?, ?, ?)",
               [arn, "", processing_configuration, destination_configuration, "Active", None, db.now, db.now])
    return _ingestion_destination(db, arn)


@tool
def get_app_authorization(db: Database, arn: str) -> dict[str, Any]:
    """Returns information about an app authorization.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the app bundle to use for the
            request; e.g. "AB-0001" (from list_app_authorizations).

    Returns:
        The app bundle with the names of the rows it refers to.
    """
    return _app_bundle(db, arn)


@tool(writes=True)
def delete_app_authorization(db: Database, arn: str) -> dict[str, Any]:
    """Deletes an app authorization. You must delete the associated ingestion before you can delete an app authorization.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the app bundle to use for the
            request; e.g. "AB-0001" (from list_app_authorizations).

    Returns:
        The removed app bundle, marked deleted.
    """
    app_bundle = _app_bundle(db, arn)
    db.execute("DELETE FROM app_bundles WHERE arn = ?", [app_bundle["arn"]])
    return {**app_bundle, "deleted": True}


@tool
def get_app_bundle(db: Database, arn: str) -> dict[str, Any]:
    """Returns information about an app bundle.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the app bundle to use for the
            request; e.g. "AB-0001" (from list_app_authorizations).

    Returns:
        The app bundle with the names of the rows it refers to.
    """
    return _app_bundle(db, arn)


@tool(writes=True)
def delete_app_bundle(db: Database, arn: str) -> dict[str, Any]:
    """Deletes an app bundle. You must delete all associated app authorizations before you can delete an app bundle.

    Args:
        arn: The ID or Amazon Resource Name (ARN) of the app bundle that needs to be deleted; e.g. "AB-0001" (from
            list_app_authorizations).

    Returns:
        The removed app bundle, marked deleted.
    """
    app_bundle = _app_bundle(db, arn)
    db.execute("DELETE FROM app_bundles WHERE arn = ?", [app_bundle["arn"]])
    return {**app_bundle, "deleted": True}


@tool
def get_ingestion(db: Database, arn: str) -> dict[str, Any]:
    """Returns information about an ingestion.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the ingestion to use for the
            request; e.g. "I-0001" (from list_ingestions).

    Returns:
        The ingestion with the names of the rows it refers to.
    """
    return _ingestion(db, arn)


@tool(writes=True)
def delete_ingestion(db: Database, arn: str) -> dict[str, Any]:
    """Deletes an ingestion. You must stop (disable) the ingestion and you must delete all associated ingestion destinations before you can delete an app ingestion.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the ingestion to use for the
            request; e.g. "I-0001" (from list_ingestions).

    Returns:
        The removed ingestion, marked deleted.
    """
    ingestion = _ingestion(db, arn)
    used = db.scalar("SELECT count(*) FROM app_bundles WHERE customer_managed_key_arn = ?", [ingestion["arn"]])
    if used:
        raise ToolError(f"ingestion {ingestion['arn']} is still referred to by {used} app bundle row(s)")
    used = db.scalar("SELECT count(*) FROM ingestion_destinations WHERE ingestion_arn = ?", [ingestion["arn"]])
    if used:
        raise ToolError(f"ingestion {ingestion['arn']} is still referred to by {used} ingestion destination row(s)")
    db.execute("DELETE FROM ingestions WHERE arn = ?", [ingestion["arn"]])
    return {**ingestion, "deleted": True}


@tool
def get_ingestion_destination(db: Database, arn: str) -> dict[str, Any]:
    """Returns information about an ingestion destination.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the ingestion to use for the
            request; e.g. "ID-0001" (from list_ingestion_destinations).

    Returns:
        The ingestion destination with the names of the rows it refers to.
    """
    return _ingestion_destination(db, arn)


@tool(writes=True)
def delete_ingestion_destination(db: Database, arn: str) -> dict[str, Any]:
    """Deletes an ingestion destination. This deletes the association between an ingestion and it's destination. It doesn't delete previously ingested data or the storage destination, such as the Amazon S3 bucket where the data is delivered. If the ingestion destination is deleted while the associated ingestion is enabled, the ingestion will fail and is eventually disabled.

    Args:
        arn: The Amazon Resource Name (ARN) or Universal Unique Identifier (UUID) of the ingestion to use for the
            request; e.g. "ID-0001" (from list_ingestion_destinations).

    Returns:
        The removed ingestion destination, marked deleted.
    """
    ingestion_destination = _ingestion_destination(db, arn)
    db.execute("DELETE FROM ingestion_destinations WHERE arn = ?", [ingestion_destination["arn"]])
    return {**ingestion_destination, "deleted": True}


@tool
def list_tags_for_resource(db: Database, key: str | None = None) -> list[dict[str, Any]]:
    """Returns a list of tags for a resource.

    Args:
        key: The Amazon Resource Name (ARN) of the resource for which you want to retrieve tags; 1 to 1011
            characters.

    Returns:
        The matching tag rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if key is not None:
        where.append("lower(t.key) = lower(?)")
        params.append(key.strip())
    return _select(db, _TAGS_SQL, where, params, "t.key")
