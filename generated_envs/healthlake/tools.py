"""Tools of the healthlake environment, compiled from Amazon HealthLake.

AWS HealthLake is a HIPAA eligibile service that allows customers to store, transform, query, and analyze their
FHIR-formatted data in a consistent fashion in the cloud.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows
from envfactory_gym.authoring.kit import next_id

JobStatus = Literal["SUBMITTED",
                    "IN_PROGRESS", "COMPLETED_WITH_ERRORS", "COMPLETED", "FAILED", "CANCEL_SUBMITTED", "CANCEL_IN_PROGRESS", "CANCEL_COMPLETED", "CANCEL_FAILED"]
DatastoreStatus = Literal["CREATING", "ACTIVE", "DELETING", "DELETED"]
DatastoreTypeVersion = Literal["R4"]

_TAGS_SQL = "SELECT t.* FROM tags t"
_FHIR_EXPORT_JOBS_SQL = ("SELECT t.*, r1.created_at AS datastore_created_at FROM fhir_export_jobs t "
                         "LEFT JOIN datastore_properties r1 ON r1.datastore_id = t.datastore_id")
_FHIR_IMPORT_JOBS_SQL = ("SELECT t.*, r1.created_at AS datastore_created_at FROM fhir_import_jobs t "
                         "LEFT JOIN datastore_properties r1 ON r1.datastore_id = t.datastore_id")
_START_FHIR_EXPORT_JOBS_SQL = ("SELECT t.*, r1.created_at AS datastore_created_at FROM "
                               "start_fhir_export_jobs t LEFT JOIN datastore_properties r1 ON "
                               "r1.datastore_id = t.datastore_id")
_START_FHIR_IMPORT_JOBS_SQL = ("SELECT t.*, r1.created_at AS datastore_created_at FROM "
                               "start_fhir_import_jobs t LEFT JOIN datastore_properties r1 ON "
                               "r1.datastore_id = t.datastore_id")
_DATASTORE_PROPERTIES_SQL = "SELECT t.* FROM datastore_properties t"
_DATASTORE_PROPERTIES_LIST_SQL = ("SELECT t.datastore_id, t.created_at, t.datastore_status, "
                                  "t.datastore_type_version FROM datastore_properties t")


def _fhir_export_job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_FHIR_EXPORT_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip().upper()])
    if row is None:
        raise ToolError(f"no fhir export job with id {job_id!r} (fhir export job ids look like 'FEJ-0001')")
    return row


def _datastore_property(db: Database, datastore_id: str) -> dict[str, Any]:
    row = db.query_one(_DATASTORE_PROPERTIES_SQL + " WHERE t.datastore_id = ?", [datastore_id.strip().upper()])
    if row is None:
        raise ToolError(f"no datastore property with id {datastore_id!r} (datastore property ids look like "
                        f"'DP-0001')")
    return row


@tool
def describe_fhir_datastore(db: Database, datastore_id: str) -> dict[str, Any]:
    """Gets the properties associated with the FHIR data store, including the data store ID, data store ARN, data store name, data store status, when the data store was created, data store type version, and the data store's endpoint.

    Args:
        datastore_id: The AWS-generated data store ID; e.g. "DP-0001" (from list_fhir_datastores).

    Returns:
        The datastore property with the names of the rows it refers to.
    """
    return _datastore_property(db, datastore_id)


@tool
def describe_fhir_export_job(db: Database, job_id: str) -> dict[str, Any]:
    """Displays the properties of a FHIR export job, including the ID, ARN, name, and the status of the job.

    Args:
        job_id: The AWS generated ID for an export job; e.g. "FEJ-0001" (from list_fhir_export_jobs).

    Returns:
        The fhir export job with the names of the rows it refers to.
    """
    return _fhir_export_job(db, job_id)


@tool
def list_fhir_datastores(db: Database) -> list[dict[str, Any]]:
    """Lists all FHIR data stores that are in the user’s account, regardless of data store status.

    Returns:
        The matching datastore property summaries (datastore_id, created_at, datastore_status, datastore_type_version; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _DATASTORE_PROPERTIES_LIST_SQL, [], [], "t.datastore_id")


@tool
def list_fhir_export_jobs(db: Database, datastore_id: str | None = None) -> list[dict[str, Any]]:
    """Lists all FHIR export jobs associated with an account and their statuses.

    Args:
        datastore_id: This parameter limits the response to the export job with the specified data store ID; e.g.
            "DP-0001".

    Returns:
        The matching fhir export job rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if datastore_id is not None:
        datastore = _datastore_property(db, datastore_id)
        where.append("t.datastore_id = ?")
        params.append(datastore["datastore_id"])
    return select_rows(db, _FHIR_EXPORT_JOBS_SQL, where, params, "t.job_id")


@tool
def list_fhir_import_jobs(db: Database, datastore_id: str | None = None) -> list[dict[str, Any]]:
    """Lists all FHIR import jobs associated with an account and their statuses.

    Args:
        datastore_id: This parameter limits the response to the import job with the specified data store ID; e.g.
            "DP-0001".

    Returns:
        The matching fhir import job rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if datastore_id is not None:
        datastore = _datastore_property(db, datastore_id)
        where.append("t.datastore_id = ?")
        params.append(datastore["datastore_id"])
    return select_rows(db, _FHIR_IMPORT_JOBS_SQL, where, params, "t.job_id")


@tool(writes=True)
def start_fhir_export_job(db: Database, datastore_id: str) -> dict[str, Any]:
    """Begins a FHIR export job.

    Args:
        datastore_id: The AWS generated ID for the data store from which files are being exported for an export
            job; e.g. "DP-0001" (from list_fhir_datastores).

    Returns:
        The new start fhir export job.
    """
    datastore = _datastore_property(db, datastore_id)
    job_id = next_id(db, "start_fhir_export_jobs", "job_id", "SFEJ-", 4)
    db.execute("INSERT INTO start_fhir_export_jobs (job_id, job_status, datastore_id) VALUES (?, ?, ?)",
               [job_id, "SUBMITTED", datastore["datastore_id"]])
    return db.query_one(_START_FHIR_EXPORT_JOBS_SQL + " WHERE t.job_id = ?", [job_id]) or {}


@tool(writes=True)
def start_fhir_import_job(db: Database, datastore_id: str) -> dict[str, Any]:
    """Begins a FHIR Import job.

    Args:
        datastore_id: The AWS-generated data store ID; e.g. "DP-0001" (from list_fhir_datastores).

    Returns:
        The new start fhir import job.
    """
    datastore = _datastore_property(db, datastore_id)
    job_id = next_id(db, "start_fhir_import_jobs", "job_id", "SFIJ-", 4)
    db.execute("INSERT INTO start_fhir_import_jobs (job_id, job_status, datastore_id) VALUES (?, ?, ?)",
               [job_id, "SUBMITTED", datastore["datastore_id"]])
    return db.query_one(_START_FHIR_IMPORT_JOBS_SQL + " WHERE t.job_id = ?", [job_id]) or {}
