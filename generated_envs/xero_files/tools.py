"""Tools of the xero_files environment, compiled from Xero Files API.

These endpoints are specific to Xero Files API
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

_FILES_SQL = "SELECT t.* FROM files t"
_FOLDERS_SQL = "SELECT t.* FROM folders t"


def _file(db: Database, file_name: str) -> dict[str, Any]:
    row = db.query_one(_FILES_SQL + " WHERE t.file_name = ?", [file_name.strip().upper()])
    if row is None:
        raise ToolError(f"no file with id {file_name!r} (file ids look like 'F-0001')")
    return row


def _folder(db: Database, folder_id: str) -> dict[str, Any]:
    row = db.query_one(_FOLDERS_SQL + " WHERE t.folder_id = ?", [folder_id.strip().upper()])
    if row is None:
        raise ToolError(f"no folder with id {folder_id!r} (folder ids look like 'F-0001')")
    return row


@tool
def get_files(db: Database) -> list[dict[str, Any]]:
    """Retrieves files.

    Returns:
        The matching file rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _FILES_SQL, [], [], "t.file_name")


@tool(writes=True)
def upload_file(
        db: Database,
        body: str | None = None,
        filename: str | None = None,
        mime_type: str | None = None,
) -> dict[str, Any]:
    """Uploads a File.

    Args:
        body: Body.
        filename: Filename.
        mime_type: Mime type.

    Returns:
        The new file.
    """
    if body is not None:
        body = body.strip()
    if filename is not None:
        filename = filename.strip()
    if mime_type is not None:
        mime_type = mime_type.strip()
    file_name = next_id(db, "files", "file_name", "F-", 4)
    db.execute("INSERT INTO files (body, filename, mime_type, file_name) VALUES (?, ?, ?, ?)",
               [body, filename, mime_type, file_name])
    return db.query_one(_FILES_SQL + " WHERE t.file_name = ?", [file_name]) or {}


@tool
def get_file(db: Database, file_name: str) -> dict[str, Any]:
    """Retrieves a file by a unique file ID.

    Args:
        file_name: File id for single object; e.g. "F-0001" (from get_files).

    Returns:
        The file with the names of the rows it refers to.
    """
    return _file(db, file_name)


@tool(writes=True)
def update_file(db: Database, file_name: str, mime_type: str | None = None) -> dict[str, Any]:
    """Update a file.

    Updates file properties of a single file

    Args:
        file_name: File id for single object; e.g. "F-0001" (from get_files).
        mime_type: MimeType of the file (image/png, image/jpeg, application/pdf, etc..).

    Returns:
        The file as changed.
    """
    file = _file(db, file_name)
    changes: dict[str, Any] = {}
    if mime_type is not None:
        mime_type = mime_type.strip()
        changes["mime_type"] = mime_type
    if not changes:
        raise ToolError("update file needs at least one of mime type")
    update_row(db, "files", "file_name", file["file_name"], changes)
    return _file(db, file["file_name"])


@tool(writes=True)
def delete_file(db: Database, file_name: str) -> dict[str, Any]:
    """Deletes a specific file.

    Delete a specific file

    Args:
        file_name: File id for single object; e.g. "F-0001" (from get_files).

    Returns:
        The removed file, marked deleted.
    """
    file = _file(db, file_name)
    db.execute("DELETE FROM files WHERE file_name = ?", [file["file_name"]])
    return {**file, "deleted": True}


@tool
def get_file_content(db: Database, file_name: str | None = None) -> list[dict[str, Any]]:
    """Retrieves the content of a specific file.

    By passing in the appropriate options, retrieve data for specific file

    Args:
        file_name: File id for single object.

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
def get_folders(db: Database) -> list[dict[str, Any]]:
    """Retrieves folders.

    By passing in the appropriate options, you can search for available folders

    Returns:
        The matching folder rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _FOLDERS_SQL, [], [], "t.folder_id")


@tool(writes=True)
def create_folder(
        db: Database,
        name: str,
        email: str | None = None,
        file_count: int | None = None,
        is_inbox: bool | None = None,
) -> dict[str, Any]:
    """Creates a new folder.

    By passing in the appropriate properties, you can create a new folder

    Args:
        name: The name of the folder.
        email: The email address used to email files to the inbox. Only the inbox will have this element.
        file_count: The number of files in the folder.
        is_inbox: to indicate if the folder is the Inbox. The Inbox cannot be renamed or deleted.

    Returns:
        The new folder.
    """
    if email is not None:
        email = email.strip()
    name = name.strip()
    folder_id = next_id(db, "folders", "folder_id", "F-", 4)
    db.execute("INSERT INTO folders (email, file_count, folder_id, is_inbox, name) VALUES (?, ?, ?, ?, ?)",
               [email, file_count, folder_id, is_inbox, name])
    return db.query_one(_FOLDERS_SQL + " WHERE t.folder_id = ?", [folder_id]) or {}


@tool
def get_folder(db: Database, folder_id: str) -> dict[str, Any]:
    """Retrieves specific folder by using a unique folder ID.

    By passing in the appropriate ID, you can search for specific folder

    Args:
        folder_id: Folder id for single object; e.g. "F-0001" (from get_folders).

    Returns:
        The folder with the names of the rows it refers to.
    """
    return _folder(db, folder_id)


@tool(writes=True)
def update_folder(
        db: Database,
        folder_id: str,
        email: str | None = None,
        file_count: int | None = None,
        is_inbox: bool | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Updates an existing folder.

    By passing in the appropriate ID and properties, you can update a folder

    Args:
        folder_id: Folder id for single object; e.g. "F-0001" (from get_folders).
        email: The email address used to email files to the inbox. Only the inbox will have this element.
        file_count: The number of files in the folder.
        is_inbox: to indicate if the folder is the Inbox. The Inbox cannot be renamed or deleted.
        name: The name of the folder.

    Returns:
        The folder as changed.
    """
    folder = _folder(db, folder_id)
    changes: dict[str, Any] = {}
    if email is not None:
        email = email.strip()
        changes["email"] = email
    if file_count is not None:
        changes["file_count"] = file_count
    if is_inbox is not None:
        changes["is_inbox"] = is_inbox
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("update folder needs at least one of email, file count, is inbox or name")
    update_row(db, "folders", "folder_id", folder["folder_id"], changes)
    return _folder(db, folder["folder_id"])


@tool(writes=True)
def delete_folder(db: Database, folder_id: str) -> dict[str, Any]:
    """Deletes a folder.

    By passing in the appropriate ID, you can delete a folder

    Args:
        folder_id: Folder id for single object; e.g. "F-0001" (from get_folders).

    Returns:
        The removed folder, marked deleted.
    """
    folder = _folder(db, folder_id)
    db.execute("DELETE FROM folders WHERE folder_id = ?", [folder["folder_id"]])
    return {**folder, "deleted": True}


@tool
def get_inbox(db: Database) -> list[dict[str, Any]]:
    """Retrieves inbox folder.

    Search for the user inbox

    Returns:
        The matching folder rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _FOLDERS_SQL, [], [], "t.folder_id")
