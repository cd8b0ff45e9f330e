"""Tools of the google_tasks environment, compiled from Google Tasks API.

The Google Tasks API lets you manage your tasks and task lists.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

TaskStatus = Literal["needsAction", "completed"]

_TASKS_SQL = ("SELECT t.*, r1.title AS tasklist_title FROM tasks t LEFT JOIN task_lists r1 ON "
              "r1.task_list_id = t.tasklist")
_TASKS_LIST_SQL = ("SELECT t.task_id, t.title, t.completed, t.kind, t.status, t.tasklist, r1.title AS "
                   "tasklist_title FROM tasks t LEFT JOIN task_lists r1 ON r1.task_list_id = "
                   "t.tasklist")
_TASK_LISTS_SQL = "SELECT t.* FROM task_lists t"


def _task(db: Database, task_id: str) -> dict[str, Any]:
    row = db.query_one(_TASKS_SQL + " WHERE t.task_id = ?", [task_id.strip().upper()])
    if row is None:
        raise ToolError(f"no task with id {task_id!r} (task ids look like 'T-0001')")
    return row


def _task_list(db: Database, task_list_id: str) -> dict[str, Any]:
    row = db.query_one(_TASK_LISTS_SQL + " WHERE t.task_list_id = ?", [task_list_id.strip().upper()])
    if row is None:
        raise ToolError(f"no task list with id {task_list_id!r} (task list ids look like 'TL-0001')")
    return row


@tool
def tasks_tasks_list(db: Database, tasklist: str | None = None) -> list[dict[str, Any]]:
    """Returns all tasks in the specified task list.

    Args:
        tasklist: Task list identifier; e.g. "TL-0001".

    Returns:
        The matching task summaries (task_id, title, completed, kind, status, tasklist; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if tasklist is not None:
        task_list = _task_list(db, tasklist)
        where.append("t.tasklist = ?")
        params.append(task_list["task_list_id"])
    return select_rows(db, _TASKS_LIST_SQL, where, params, "t.task_id")


@tool(writes=True)
def tasks_tasks_insert(
        db: Database,
        tasklist: str,
        parent: str | None = None,
        completed: str | None = None,
        deleted: bool | None = None,
        due: str | None = None,
        etag: str | None = None,
        hidden: bool | None = None,
        kind: str | None = None,
        links: str | None = None,
        notes: str | None = None,
        position: str | None = None,
        self_link: str | None = None,
        status: TaskStatus | None = None,
        title: str | None = None,
        updated: str | None = None,
) -> dict[str, Any]:
    """Creates a new task on the specified task list.

    Args:
        tasklist: Task list identifier; e.g. "TL-0001" (from tasks_tasklists_list).
        parent: Parent task identifier. If the task is created at the top level, this parameter is omitted.
            Optional.
        completed: Completion date of the task (as a RFC 3339 timestamp). This field is omitted if the task has
            not been completed.
        deleted: Flag indicating whether the task has been deleted. The default is False.
        due: Due date of the task (as a RFC 3339 timestamp). Optional. The due date only records date information;
            the time portion of the timestamp is discarded when setting the due date. It isn't possible to read or
            write the time that a task is due via the API.
        etag: ETag of the resource.
        hidden: Flag indicating whether the task is hidden. This is the case if the task had been marked completed
            when the task list was last cleared. The default is False. This field is read-only.
        kind: Type of the resource. This is always "tasks#task".
        links: Collection of links. This collection is read-only.
        notes: Notes describing the task. Optional.
        position: String indicating the position of the task among its sibling tasks under the same parent task or
            at the top level. If this string is greater than another task's corresponding position string according to
            lexicographical ordering, the task is positioned after the other task under the same parent.
        self_link: URL pointing to this task. Used to retrieve, update, or delete this task.
        status: Status of the task. This is either "needsAction" or "completed".
        title: Title of the task.
        updated: Last modification time of the task (as a RFC 3339 timestamp).

    Returns:
        The new task.
    """
    task_list = _task_list(db, tasklist)
    if parent is not None:
        parent = parent.strip()
    if completed is not None:
        completed = check_moment("completed", completed)
    if due is not None:
        due = due.strip()
    if etag is not None:
        etag = etag.strip()
    if kind is not None:
        kind = kind.strip()
    if notes is not None:
        notes = notes.strip()
    if position is not None:
        position = position.strip()
    if self_link is not None:
        self_link = self_link.strip()
    if title is not None:
        title = title.strip()
    if updated is not None:
        updated = check_moment("updated", updated)
    task_id = next_id(db, "tasks", "task_id", "T-", 4)
    db.execute("INSERT INTO tasks (completed, deleted, due, etag, hidden, task_id, kind, links, notes, parent, "
               "position, self_link, status, title, updated, tasklist) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?)",
               [completed, deleted, due, etag, hidden, task_id, kind, links, notes, parent, position, self_link, status, title, updated, task_list["task_list_id"]])
    return db.query_one(_TASKS_SQL + " WHERE t.task_id = ?", [task_id]) or {}


@tool
def tasks_tasks_get(db: Database, tasklist: str, task_id: str) -> dict[str, Any]:
    """Returns the specified task.

    Args:
        tasklist: Task list identifier; e.g. "TL-0001" (from tasks_tasklists_list).
        task_id: Task identifier; e.g. "T-0001" (from tasks_tasks_list).

    Returns:
        The task with the names of the rows it refers to.
    """
    task = _task(db, task_id)
    task_list = _task_list(db, tasklist)
    if task["tasklist"] != task_list["task_list_id"]:
        raise ToolError(f"task {task['task_id']} is not under task list {task_list['task_list_id']} (it belongs to "
                        f"task list {task['tasklist']})")
    return task


@tool(writes=True)
def tasks_tasks_patch(
        db: Database,
        tasklist: str,
        task_id: str,
        completed: str | None = None,
        deleted: bool | None = None,
        due: str | None = None,
        etag: str | None = None,
        hidden: bool | None = None,
        kind: str | None = None,
        links: str | None = None,
        notes: str | None = None,
        parent: str | None = None,
        position: str | None = None,
        self_link: str | None = None,
        status: TaskStatus | None = None,
        title: str | None = None,
        updated: str | None = None,
) -> dict[str, Any]:
    """Updates the specified task. This method supports patch semantics.

    Args:
        tasklist: Task list identifier; e.g. "TL-0001" (from tasks_tasklists_list).
        task_id: Task identifier; e.g. "T-0001" (from tasks_tasks_list).
        completed: Completion date of the task (as a RFC 3339 timestamp). This field is omitted if the task has
            not been completed.
        deleted: Flag indicating whether the task has been deleted. The default is False.
        due: Due date of the task (as a RFC 3339 timestamp). Optional. The due date only records date information;
            the time portion of the timestamp is discarded when setting the due date. It isn't possible to read or
            write the time that a task is due via the API.
        etag: ETag of the resource.
        hidden: Flag indicating whether the task is hidden. This is the case if the task had been marked completed
            when the task list was last cleared. The default is False. This field is read-only.
        kind: Type of the resource. This is always "tasks#task".
        links: Collection of links. This collection is read-only.
        notes: Notes describing the task. Optional.
        parent: Parent task identifier. This field is omitted if it is a top-level task. This field is read-only.
            Use the "move" method to move the task under a different parent or to the top level.
        position: String indicating the position of the task among its sibling tasks under the same parent task or
            at the top level. If this string is greater than another task's corresponding position string according to
            lexicographical ordering, the task is positioned after the other task under the same parent.
        self_link: URL pointing to this task. Used to retrieve, update, or delete this task.
        status: Status of the task. This is either "needsAction" or "completed".
        title: Title of the task.
        updated: Last modification time of the task (as a RFC 3339 timestamp).

    Returns:
        The task as changed.
    """
    task = _task(db, task_id)
    task_list = _task_list(db, tasklist)
    if task["tasklist"] != task_list["task_list_id"]:
        raise ToolError(f"task {task['task_id']} is not under task list {task_list['task_list_id']} (it belongs to "
                        f"task list {task['tasklist']})")
    changes: dict[str, Any] = {}
    if completed is not None:
        completed = check_moment("completed", completed)
        changes["completed"] = completed
    if deleted is not None:
        changes["deleted"] = deleted
    if due is not None:
        due = due.strip()
        changes["due"] = due
    if etag is not None:
        etag = etag.strip()
        changes["etag"] = etag
    if hidden is not None:
        changes["hidden"] = hidden
    if kind is not None:
        kind = kind.strip()
        changes["kind"] = kind
    if links is not None:
        changes["links"] = links
    if notes is not None:
        notes = notes.strip()
        changes["notes"] = notes
    if parent is not None:
        parent = parent.strip()
        changes["parent"] = parent
    if position is not None:
        position = position.strip()
        changes["position"] = position
    if self_link is not None:
        self_link = self_link.strip()
        changes["self_link"] = self_link
    if status is not None:
        changes["status"] = status
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if updated is not None:
        updated = check_moment("updated", updated)
        changes["updated"] = updated
    if not changes:
        raise ToolError("tasks tasks patch needs at least one of completed, deleted, due, etag, hidden, kind, "
                        "links, notes, parent, position, self link, status, title or updated")
    update_row(db, "tasks", "task_id", task["task_id"], changes)
    return _task(db, task["task_id"])


@tool(writes=True)
def tasks_tasks_delete(db: Database, tasklist: str, task_id: str) -> dict[str, Any]:
    """Deletes the specified task from the task list.

    Args:
        tasklist: Task list identifier; e.g. "TL-0001" (from tasks_tasklists_list).
        task_id: Task identifier; e.g. "T-0001" (from tasks_tasks_list).

    Returns:
        The removed task, marked deleted.
    """
    task = _task(db, task_id)
    task_list = _task_list(db, tasklist)
    if task["tasklist"] != task_list["task_list_id"]:
        raise ToolError(f"task {task['task_id']} is not under task list {task_list['task_list_id']} (it belongs to "
                        f"task list {task['tasklist']})")
    db.execute("DELETE FROM tasks WHERE task_id = ?", [task["task_id"]])
    return {**task, "deleted": True}


@tool
def tasks_tasklists_list(db: Database) -> list[dict[str, Any]]:
    """Returns all the authenticated user's task lists.

    Returns:
        The matching task list rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TASK_LISTS_SQL, [], [], "t.task_list_id")


@tool(writes=True)
def tasks_tasklists_insert(
        db: Database,
        etag: str | None = None,
        kind: str | None = None,
        self_link: str | None = None,
        title: str | None = None,
        updated: str | None = None,
) -> dict[str, Any]:
    """Creates a new task list and adds it to the authenticated user's task lists.

    Args:
        etag: ETag of the resource.
        kind: Type of the resource. This is always "tasks#taskList".
        self_link: URL pointing to this task list. Used to retrieve, update, or delete this task list.
        title: Title of the task list.
        updated: Last modification time of the task list (as a RFC 3339 timestamp).

    Returns:
        The new task list.
    """
    if etag is not None:
        etag = etag.strip()
    if kind is not None:
        kind = kind.strip()
    if self_link is not None:
        self_link = self_link.strip()
    if title is not None:
        title = title.strip()
    if updated is not None:
        updated = check_moment("updated", updated)
    task_list_id = next_id(db, "task_lists", "task_list_id", "TL-", 4)
    db.execute("INSERT INTO task_lists (etag, task_list_id, kind, self_link, title, updated) VALUES (?, ?, ?, ?, "
               "?, ?)",
               [etag, task_list_id, kind, self_link, title, updated])
    return db.query_one(_TASK_LISTS_SQL + " WHERE t.task_list_id = ?", [task_list_id]) or {}


@tool
def tasks_tasklists_get(db: Database, task_list_id: str) -> dict[str, Any]:
    """Returns the authenticated user's specified task list.

    Args:
        task_list_id: Task list identifier; e.g. "TL-0001" (from tasks_tasklists_list).

    Returns:
        The task list with the names of the rows it refers to.
    """
    return _task_list(db, task_list_id)


@tool(writes=True)
def tasks_tasklists_patch(
        db: Database,
        task_list_id: str,
        etag: str | None = None,
        kind: str | None = None,
        self_link: str | None = None,
        title: str | None = None,
        updated: str | None = None,
) -> dict[str, Any]:
    """Updates the authenticated user's specified task list. This method supports patch semantics.

    Args:
        task_list_id: Task list identifier; e.g. "TL-0001" (from tasks_tasklists_list).
        etag: ETag of the resource.
        kind: Type of the resource. This is always "tasks#taskList".
        self_link: URL pointing to this task list. Used to retrieve, update, or delete this task list.
        title: Title of the task list.
        updated: Last modification time of the task list (as a RFC 3339 timestamp).

    Returns:
        The task list as changed.
    """
    task_list = _task_list(db, task_list_id)
    changes: dict[str, Any] = {}
    if etag is not None:
        etag = etag.strip()
        changes["etag"] = etag
    if kind is not None:
        kind = kind.strip()
        changes["kind"] = kind
    if self_link is not None:
        self_link = self_link.strip()
        changes["self_link"] = self_link
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if updated is not None:
        updated = check_moment("updated", updated)
        changes["updated"] = updated
    if not changes:
        raise ToolError("tasks tasklists patch needs at least one of etag, kind, self link, title or updated")
    update_row(db, "task_lists", "task_list_id", task_list["task_list_id"], changes)
    return _task_list(db, task_list["task_list_id"])
