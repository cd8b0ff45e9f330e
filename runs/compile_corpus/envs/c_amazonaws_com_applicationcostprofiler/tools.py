"""Tools of the c_amazonaws_com_applicationcostprofiler environment, compiled from AWS Application Cost Profiler.

This reference provides descriptions of the AWS Application Cost Profiler API. The AWS Application Cost Profiler API
provides programmatic access to view, create, update, and delete application cost report definitions, as well as to
import your usage data into the Application Cost Profiler service. For more information about using this service,
see the AWS Application Cost Profiler User Guide .
"""

from __future__ import annotations

import re
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

ReportFrequency = Literal["MONTHLY", "DAILY", "ALL"]
Format = Literal["CSV", "PARQUET"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_REPORT_DEFINITIONS_SQL = "SELECT t.* FROM report_definitions t"
_IMPORT_APPLICATION_USAGES_SQL = "SELECT t.* FROM import_application_usages t"


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


def _report_definition(db: Database, report_id: str) -> dict[str, Any]:
    row = db.query_one(_REPORT_DEFINITIONS_SQL + " WHERE t.report_id = ?", [report_id.strip().upper()])
    if row is None:
        raise ToolError(f"no report definition with id {report_id!r} (report definition ids look like 'RD-0001')")
    return row


def _import_application_usage(db: Database, import_id: str) -> dict[str, Any]:
    row = db.query_one(_IMPORT_APPLICATION_USAGES_SQL + " WHERE t.import_id = ?", [import_id.strip().upper()])
    if row is None:
        raise ToolError(f"no import application usage with id {import_id!r} (import application usage ids look like "
                        f"'IAU-0001')")
    return row


@tool
def get_report_definition(db: Database, report_id: str) -> dict[str, Any]:
    """Retrieves the definition of a report already configured in AWS Application Cost Profiler.

    Args:
        report_id: ID of the report to retrieve; e.g. "RD-0001" (from list_report_definitions).

    Returns:
        The report definition with the names of the rows it refers to.
    """
    return _report_definition(db, report_id)


@tool(writes=True)
def update_report_definition(
        db: Database,
        report_id: str,
        report_description: str | None = None,
        report_frequency: ReportFrequency | None = None,
        format: Format | None = None,
        destination_s3_location: str | None = None,
) -> dict[str, Any]:
    """Updates existing report in AWS Application Cost Profiler.

    Args:
        report_id: Required. ID of the report to update; e.g. "RD-0001" (from list_report_definitions).
        report_description: Required. Description of the report; 1 to 1024 characters.
        report_frequency: Required. The cadence to generate the report.
        format: Required. The format to use for the generated report.
        destination_s3_location: Represents the Amazon Simple Storage Service (Amazon S3) location where AWS
            Application Cost Profiler reports are generated and then written to.

    Returns:
        The report definition as changed.
    """
    report_definition = _report_definition(db, report_id)
    changes: dict[str, Any] = {}
    if report_description is not None:
        report_description = _text("report_description", report_description, 1, 1024)
        report_description = _matches("report_description", report_description, ".*\\S.*")
        changes["report_description"] = report_description
    if report_frequency is not None:
        changes["report_frequency"] = report_frequency
    if format is not None:
        changes["format"] = format
    if destination_s3_location is not None:
        changes["destination_s3_location"] = destination_s3_location
    if not changes:
        raise ToolError("update report definition needs at least one of report description, report frequency, "
                        "format or destination s3 location")
    _update(db, "report_definitions", "report_id", report_definition["report_id"], changes)
    return _report_definition(db, report_definition["report_id"])


@tool(writes=True)
def delete_report_definition(db: Database, report_id: str) -> dict[str, Any]:
    """Deletes the specified report definition in AWS Application Cost Profiler. This stops the report from being generated.

    Args:
        report_id: Required. ID of the report to delete; e.g. "RD-0001" (from list_report_definitions).

    Returns:
        The removed report definition, marked deleted.
    """
    report_definition = _report_definition(db, report_id)
    db.execute("DELETE FROM report_definitions WHERE report_id = ?", [report_definition["report_id"]])
    return {**report_definition, "deleted": True}


@tool(writes=True)
def import_application_usage(db: Database) -> dict[str, Any]:
    """Ingests application usage data from Amazon Simple Storage Service (Amazon S3). The data must already exist in the S3 location. As part of the action, AWS Application Cost Profiler copies the object from your S3 bucket to an S3 bucket owned by Amazon for processing asynchronously.

    Returns:
        The new import application usage.
    """
    import_id = _next_id(db, "import_application_usages", "import_id", "IAU-", 4)
    db.execute("INSERT INTO import_application_usages (import_id) VALUES (?)",
               [import_id])
    return _import_application_usage(db, import_id)


@tool
def list_report_definitions(db: Database) -> list[dict[str, Any]]:
    """Retrieves a list of all reports and their configurations for your AWS account. The maximum number of reports is one.

    Returns:
        The matching report definition rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _REPORT_DEFINITIONS_SQL, [], [], "t.report_id")


@tool(writes=True)
def put_report_definition(
        db: Database,
        report_description: str,
        report_frequency: ReportFrequency,
        format: Format,
        destination_s3_location: str,
) -> dict[str, Any]:
    """Creates the report definition for a report in Application Cost Profiler.

    Args:
        report_description: Required. Description of the report; 1 to 1024 characters.
        report_frequency: Required. The cadence to generate the report.
        format: Required. The format to use for the generated report.
        destination_s3_location: Represents the Amazon Simple Storage Service (Amazon S3) location where AWS
            Application Cost Profiler reports are generated and then written to.

    Returns:
        The new report definition.
    """
    report_description = _text("report_description", report_description, 1, 1024)
    report_description = _matches("report_description", report_description, ".*\\S.*")
    report_id = _next_id(db, "report_definitions", "report_id", "RD-", 4)
    db.execute("INSERT INTO report_definitions (report_id, report_description, report_frequency, format, "
               "destination_s3_location, created_at, last_updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
               [report_id, report_description, report_frequency, format, destination_s3_location, db.now, db.now])
    return _report_definition(db, report_id)
