"""Tools of the c_amazonaws_com_cognito_sync environment, compiled from Amazon Cognito Sync.

Amazon Cognito Sync Amazon Cognito Sync provides an AWS service and client library that enable cross-device syncing
of application-related user data. High-level client libraries are available for both iOS and Android. You can use
these libraries to persist data locally so that it's available even if the device is offline. Developer credentials
don't need to be stored on the mobile device to access the service. You can use Amazon Cognito to obtain a
normalized user ID and credentials. User data is persisted in a dataset that can store up to 1 MB of key-value
pairs, and you can have up to 20...
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool


#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_DATASETS_SQL = ("SELECT t.*, r1.last_modified_date AS identity_last_modified_date FROM datasets t "
                 "LEFT JOIN identity_usages r1 ON r1.identity_id = t.identity_id")
_IDENTITY_USAGES_SQL = "SELECT t.* FROM identity_usages t"
_RECORDS_SQL = "SELECT t.* FROM records t"
_REGISTER_DEVICES_SQL = "SELECT t.* FROM register_devices t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _dataset(db: Database, dataset_name: str) -> dict[str, Any]:
    row = db.query_one(_DATASETS_SQL + " WHERE t.dataset_name = ?", [dataset_name.strip().upper()])
    if row is None:
        raise ToolError(f"no dataset with id {dataset_name!r} (dataset ids look like 'D-0001')")
    return row


def _identity_usage(db: Database, identity_id: str) -> dict[str, Any]:
    row = db.query_one(_IDENTITY_USAGES_SQL + " WHERE t.identity_id = ?", [identity_id.strip().upper()])
    if row is None:
        raise ToolError(f"no identity usage with id {identity_id!r} (identity usage ids look like 'IU-0001')")
    return row


def _register_device(db: Database, device_id: str) -> dict[str, Any]:
    row = db.query_one(_REGISTER_DEVICES_SQL + " WHERE t.device_id = ?", [device_id.strip().upper()])
    if row is None:
        raise ToolError(f"no register device with id {device_id!r} (register device ids look like 'RD-0001')")
    return row


@tool
def describe_dataset(db: Database, dataset_name: str) -> dict[str, Any]:
    """Gets meta data about a dataset by identity and dataset name. With Amazon Cognito Sync, each identity has access only to its own data. Thus, the credentials used to make this API call need to have access to the identity data. This API can be called with temporary user credentials provided by Cognito Identity or with developer credentials. You should use Cognito Identity credentials to make this API call.

    Args:
        dataset_name: A string of up to 128 characters. Allowed characters are a-z, A-Z, 0-9, '_' (underscore),
            '-' (dash), and '.' (dot); e.g. "D-0001" (from list_datasets).

    Returns:
        The dataset with the names of the rows it refers to.
    """
    return _dataset(db, dataset_name)


@tool
def update_records(db: Database) -> list[dict[str, Any]]:
    """Posts updates to records and adds and deletes records for a dataset and user. The sync count in the record patch is your last known sync count for that record. The server will reject an UpdateRecords request with a ResourceConflictException if you try to patch a record with a new value but a stale sync count. For example, if the sync count on the server is 5 for a key called highScore and you try and submit a new highScore with sync count of 4, the request will be rejected. To obtain the.

    Returns:
        The matching record rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _RECORDS_SQL, [], [], "t.key")


@tool(writes=True)
def delete_dataset(db: Database, identity_id: str, dataset_name: str) -> dict[str, Any]:
    """Deletes the specific dataset. The dataset will be deleted permanently, and the action can't be undone. Datasets that this dataset was merged with will no longer report the merge. Any subsequent operation on this dataset will result in a ResourceNotFoundException. This API can be called with temporary user credentials provided by Cognito Identity or with developer credentials.

    Args:
        identity_id: A name-spaced GUID (for example, us-east-1:23EC4050-6AEA-7089-A2DD-08002EXAMPLE) created by
            Amazon Cognito. GUID generation is unique within a region; e.g. "IU-0001".
        dataset_name: A string of up to 128 characters. Allowed characters are a-z, A-Z, 0-9, '_' (underscore),
            '-' (dash), and '.' (dot); e.g. "D-0001" (from list_datasets).

    Returns:
        The removed dataset, marked deleted.
    """
    dataset = _dataset(db, dataset_name)
    db.execute("DELETE FROM datasets WHERE dataset_name = ?", [dataset["dataset_name"]])
    return {**dataset, "deleted": True}


@tool
def describe_identity_usage(db: Database, identity_id: str) -> dict[str, Any]:
    """Gets usage information for an identity, including number of datasets and data usage. This API can be called with temporary user credentials provided by Cognito Identity or with developer credentials.

    Args:
        identity_id: A name-spaced GUID (for example, us-east-1:23EC4050-6AEA-7089-A2DD-08002EXAMPLE) created by
            Amazon Cognito. GUID generation is unique within a region; e.g. "IU-0001".

    Returns:
        The identity usage with the names of the rows it refers to.
    """
    return _identity_usage(db, identity_id)


@tool
def list_datasets(db: Database, identity_id: str | None = None) -> list[dict[str, Any]]:
    """Lists datasets for an identity. With Amazon Cognito Sync, each identity has access only to its own data. Thus, the credentials used to make this API call need to have access to the identity data. ListDatasets can be called with temporary user credentials provided by Cognito Identity or with developer credentials. You should use the Cognito Identity credentials to make this API call.

    Args:
        identity_id: A name-spaced GUID (for example, us-east-1:23EC4050-6AEA-7089-A2DD-08002EXAMPLE) created by
            Amazon Cognito. GUID generation is unique within a region; e.g. "IU-0001".

    Returns:
        The matching dataset rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if identity_id is not None:
        identity = _identity_usage(db, identity_id)
        where.append("t.identity_id = ?")
        params.append(identity["identity_id"])
    return _select(db, _DATASETS_SQL, where, params, "t.dataset_name")


@tool
def list_records(db: Database) -> list[dict[str, Any]]:
    """Gets paginated records, optionally changed after a particular sync count for a dataset and identity. With Amazon Cognito Sync, each identity has access only to its own data. Thus, the credentials used to make this API call need to have access to the identity data. ListRecords can be called with temporary user credentials provided by Cognito Identity or with developer credentials. You should use Cognito Identity credentials to make this API call.

    Returns:
        The matching record rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _RECORDS_SQL, [], [], "t.key")


@tool(writes=True)
def register_device(db: Database) -> dict[str, Any]:
    """Registers a device to receive push sync notifications. This API can only be called with temporary credentials provided by Cognito Identity. You cannot call this API with developer credentials.

    Returns:
        The new register device.
    """
    device_id = _next_id(db, "register_devices", "device_id", "RD-", 4)
    db.execute("INSERT INTO register_devices (device_id) VALUES (?)",
               [device_id])
    return _register_device(db, device_id)


@tool(writes=True)
def unsubscribe_from_dataset(db: Database, identity_id: str, dataset_name: str) -> dict[str, Any]:
    """Unsubscribes from receiving notifications when a dataset is modified by another device. This API can only be called with temporary credentials provided by Cognito Identity. You cannot call this API with developer credentials.

    Args:
        identity_id: Unique ID for this identity; e.g. "IU-0001".
        dataset_name: The name of the dataset from which to unsubcribe; e.g. "D-0001" (from list_datasets).

    Returns:
        The removed dataset, marked deleted.
    """
    dataset = _dataset(db, dataset_name)
    db.execute("DELETE FROM datasets WHERE dataset_name = ?", [dataset["dataset_name"]])
    return {**dataset, "deleted": True}
