"""Tools of the apideck_file_storage environment, compiled from File storage API.

Welcome to the File Storage API. You can use this API to access all File Storage API endpoints. ## Base URL The base
URL for all API requests is 'https://unify.apideck.com' ## Headers Custom headers that are expected as part of the
request. Note that RFC7230 states header names are case insensitive. | Name | Type | Required | Description | |
--------------------- | ------- | -------- | -----------------------------------------------------------------------
--------------------------------------------------------------------------------------- | | x-apideck-consumer-id |
String | Yes |...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

UnifiedFileType = Literal["file", "folder", "url"]

_FOLDERS_SQL = "SELECT t.* FROM folders t"
_UPLOAD_SESSIONS_SQL = "SELECT t.* FROM upload_sessions t"
_DRIVES_SQL = "SELECT t.* FROM drives t"
_DRIVE_GROUPS_SQL = "SELECT t.* FROM drive_groups t"
_DRIVE_GROUPS_LIST_SQL = "SELECT t.drive_group_id, t.name FROM drive_groups t"
_UNIFIED_FILES_SQL = "SELECT t.* FROM unified_files t"
_UNIFIED_FILES_LIST_SQL = "SELECT t.unified_file_id, t.name, t.mime_type, t.size, t.type FROM unified_files t"
_UNIFIED_IDS_SQL = "SELECT t.* FROM unified_ids t"
_FILES_SQL = "SELECT t.*, r1.name AS drive_name FROM files t LEFT JOIN drives r1 ON r1.drive_id = t.drive_id"


def _drive(db: Database, drive_id: str) -> dict[str, Any]:
    row = db.query_one(_DRIVES_SQL + " WHERE t.drive_id = ?", [drive_id.strip()])
    if row is None:
        raise ToolError(f"no drive with id {drive_id!r} (drive ids look like '12345')")
    return row


def _drive_group(db: Database, drive_group_id: str) -> dict[str, Any]:
    row = db.query_one(_DRIVE_GROUPS_SQL + " WHERE t.drive_group_id = ?", [drive_group_id.strip()])
    if row is None:
        raise ToolError(f"no drive group with id {drive_group_id!r} (drive group ids look like '12345')")
    return row


def _unified_file(db: Database, unified_file_id: str) -> dict[str, Any]:
    row = db.query_one(_UNIFIED_FILES_SQL + " WHERE t.unified_file_id = ?", [unified_file_id.strip()])
    if row is None:
        raise ToolError(f"no unified file with id {unified_file_id!r} (unified file ids look like '12345')")
    return row


def _file(db: Database, file_name: str) -> dict[str, Any]:
    row = db.query_one(_FILES_SQL + " WHERE t.file_name = ?", [file_name.strip().upper()])
    if row is None:
        raise ToolError(f"no file with id {file_name!r} (file ids look like 'F-0001')")
    return row


@tool
def drive_groups_all(db: Database) -> list[dict[str, Any]]:
    """List DriveGroups.

    List DriveGroups

    Returns:
        The matching drive group summaries (drive_group_id, name; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _DRIVE_GROUPS_LIST_SQL, [], [], "t.drive_group_id")


@tool(writes=True)
def drive_groups_add(
        db: Database,
        name: str,
        custom_mappings: str | None = None,
        description: str | None = None,
        display_name: str | None = None,
) -> dict[str, Any]:
    """Create DriveGroup.

    Create DriveGroup

    Args:
        name: The name of the drive group.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: A description of the object.
        display_name: The display name of the drive group.

    Returns:
        The new drive group.
    """
    if description is not None:
        description = description.strip()
    if display_name is not None:
        display_name = display_name.strip()
    name = name.strip()
    drive_group_id = next_id(db, "drive_groups", "drive_group_id", "", 5)
    db.execute("INSERT INTO drive_groups (created_at, created_by, custom_mappings, description, display_name, "
               "drive_group_id, name, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [db.now, None, custom_mappings, description, display_name, drive_group_id, name, db.now, None])
    return db.query_one(_DRIVE_GROUPS_SQL + " WHERE t.drive_group_id = ?", [drive_group_id]) or {}


@tool
def drive_groups_one(db: Database, drive_group_id: str) -> dict[str, Any]:
    """Get DriveGroup.

    Get DriveGroup

    Args:
        drive_group_id: ID of the record you are acting upon; e.g. "12345" (from drive_groups_all).

    Returns:
        The drive group with the names of the rows it refers to.
    """
    return _drive_group(db, drive_group_id)


@tool(writes=True)
def drive_groups_update(
        db: Database,
        drive_group_id: str,
        custom_mappings: str | None = None,
        description: str | None = None,
        display_name: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Update DriveGroup.

    Update DriveGroup

    Args:
        drive_group_id: ID of the record you are acting upon; e.g. "12345" (from drive_groups_all).
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: A description of the object.
        display_name: The display name of the drive group.
        name: The name of the drive group.

    Returns:
        The drive group as changed.
    """
    drive_group = _drive_group(db, drive_group_id)
    changes: dict[str, Any] = {}
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if display_name is not None:
        display_name = display_name.strip()
        changes["display_name"] = display_name
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("drive groups update needs at least one of custom mappings, description, display name or "
                        "name")
    update_row(db, "drive_groups", "drive_group_id", drive_group["drive_group_id"], changes)
    return _drive_group(db, drive_group["drive_group_id"])


@tool(writes=True)
def drive_groups_delete(db: Database, drive_group_id: str) -> dict[str, Any]:
    """Delete DriveGroup.

    Delete DriveGroup

    Args:
        drive_group_id: ID of the record you are acting upon; e.g. "12345" (from drive_groups_all).

    Returns:
        The removed drive group, marked deleted.
    """
    drive_group = _drive_group(db, drive_group_id)
    db.execute("DELETE FROM drive_groups WHERE drive_group_id = ?", [drive_group["drive_group_id"]])
    return {**drive_group, "deleted": True}


@tool
def drives_all(db: Database) -> list[dict[str, Any]]:
    """List Drives.

    List Drives

    Returns:
        The matching drive rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _DRIVES_SQL, [], [], "t.drive_id")


@tool(writes=True)
def drives_add(
        db: Database,
        name: str,
        custom_mappings: str | None = None,
        description: str | None = None,
) -> dict[str, Any]:
    """Create Drive.

    Create Drive

    Args:
        name: The name of the drive.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: A description of the object.

    Returns:
        The new drive.
    """
    if description is not None:
        description = description.strip()
    name = name.strip()
    drive_id = next_id(db, "drives", "drive_id", "", 5)
    db.execute("INSERT INTO drives (created_at, created_by, custom_mappings, description, drive_id, name, "
               "updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [db.now, None, custom_mappings, description, drive_id, name, db.now, None])
    return db.query_one(_DRIVES_SQL + " WHERE t.drive_id = ?", [drive_id]) or {}


@tool
def drives_one(db: Database, drive_id: str) -> dict[str, Any]:
    """Get Drive.

    Get Drive

    Args:
        drive_id: ID of the record you are acting upon; e.g. "12345" (from drives_all).

    Returns:
        The drive with the names of the rows it refers to.
    """
    return _drive(db, drive_id)


@tool(writes=True)
def drives_update(
        db: Database,
        drive_id: str,
        custom_mappings: str | None = None,
        description: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Update Drive.

    Update Drive

    Args:
        drive_id: ID of the record you are acting upon; e.g. "12345" (from drives_all).
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        description: A description of the object.
        name: The name of the drive.

    Returns:
        The drive as changed.
    """
    drive = _drive(db, drive_id)
    changes: dict[str, Any] = {}
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("drives update needs at least one of custom mappings, description or name")
    update_row(db, "drives", "drive_id", drive["drive_id"], changes)
    return _drive(db, drive["drive_id"])


@tool(writes=True)
def drives_delete(db: Database, drive_id: str) -> dict[str, Any]:
    """Delete Drive.

    Delete Drive

    Args:
        drive_id: ID of the record you are acting upon; e.g. "12345" (from drives_all).

    Returns:
        The removed drive, marked deleted.
    """
    drive = _drive(db, drive_id)
    used = db.scalar("SELECT count(*) FROM files WHERE drive_id = ?", [drive["drive_id"]])
    if used:
        raise ToolError(f"drive {drive['drive_id']} is still referred to by {used} file row(s)")
    db.execute("DELETE FROM drives WHERE drive_id = ?", [drive["drive_id"]])
    return {**drive, "deleted": True}


@tool
def files_all(db: Database) -> list[dict[str, Any]]:
    """List Files.

    List Files

    Returns:
        The matching unified file summaries (unified_file_id, name, mime_type, size, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _UNIFIED_FILES_LIST_SQL, [], [], "t.unified_file_id")


@tool
def files_search(db: Database) -> list[dict[str, Any]]:
    """Search Files.

    Search Files

    Returns:
        The matching unified file summaries (unified_file_id, name, mime_type, size, type; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _UNIFIED_FILES_LIST_SQL, [], [], "t.unified_file_id")


@tool
def files_one(db: Database, unified_file_id: str) -> dict[str, Any]:
    """Get File.

    Get File

    Args:
        unified_file_id: ID of the record you are acting upon; e.g. "12345" (from files_all).

    Returns:
        The unified file with the names of the rows it refers to.
    """
    return _unified_file(db, unified_file_id)


@tool(writes=True)
def files_update(
        db: Database,
        file_name: str,
        description: str | None = None,
        parent_folder_id: str | None = None,
) -> dict[str, Any]:
    """Rename or move File.

    Rename or move File

    Args:
        file_name: ID of the record you are acting upon; e.g. "F-0001" (from files_download).
        description: Optional description of the file.
        parent_folder_id: The parent folder to create the new file within.

    Returns:
        The file as changed.
    """
    file = _file(db, file_name)
    changes: dict[str, Any] = {}
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if parent_folder_id is not None:
        parent_folder_id = parent_folder_id.strip()
        changes["parent_folder_id"] = parent_folder_id
    if not changes:
        raise ToolError("files update needs at least one of description or parent folder id")
    update_row(db, "files", "file_name", file["file_name"], changes)
    return _file(db, file["file_name"])


@tool(writes=True)
def files_delete(db: Database, file_name: str) -> dict[str, Any]:
    """Delete File.

    Delete File

    Args:
        file_name: ID of the record you are acting upon; e.g. "F-0001" (from files_download).

    Returns:
        The removed file, marked deleted.
    """
    file = _file(db, file_name)
    db.execute("DELETE FROM files WHERE file_name = ?", [file["file_name"]])
    return {**file, "deleted": True}


@tool
def files_download(db: Database, file_name: str | None = None) -> list[dict[str, Any]]:
    """Download File.

    Download File

    Args:
        file_name: ID of the record you are acting upon.

    Returns:
        The matching file rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if file_name is not None:
        where.append("lower(t.file_name) = lower(?)")
        params.append(file_name.strip())
    return select_rows(db, _FILES_SQL, where, params, "t.file_name")


@tool
def files_export(db: Database, file_name: str | None = None) -> list[dict[str, Any]]:
    """Export File.

    Export File

    Args:
        file_name: ID of the record you are acting upon.

    Returns:
        The matching file rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if file_name is not None:
        where.append("lower(t.file_name) = lower(?)")
        params.append(file_name.strip())
    return select_rows(db, _FILES_SQL, where, params, "t.file_name")


@tool(writes=True)
def folders_add(db: Database, name: str, description: str | None = None) -> dict[str, Any]:
    """Create Folder.

    Create Folder

    Args:
        name: The name of the folder.
        description: Optional description of the folder.

    Returns:
        The new folder.
    """
    if description is not None:
        description = description.strip()
    name = name.strip()
    folder_id = next_id(db, "folders", "folder_id", "", 5)
    db.execute("INSERT INTO folders (created_at, created_by, custom_mappings, description, folder_id, name, owner, "
               "parent_folders, parent_folders_complete, path, size, updated_at, updated_by) VALUES (?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [db.now, None, None, description, folder_id, name, None, "", None, None, None, db.now, None])
    return db.query_one(_FOLDERS_SQL + " WHERE t.folder_id = ?", [folder_id]) or {}
