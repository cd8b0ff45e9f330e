"""Tools of the twilio_taskrouter environment, compiled from Twilio - Taskrouter.

This is the public Twilio REST API.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_pattern, check_scope, check_text, select_rows
from envfactory_gym.authoring.kit import next_id

PrioritizeQueueOrder = Literal["FIFO", "LIFO"]
AssignmentStatus = Literal["pending", "reserved", "assigned", "canceled", "completed", "wrapping"]
WorkspaceSid = Literal["WS12345678901234567890123456789012"]
ReservationStatus = Literal["pending",
                            "accepted", "rejected", "timeout", "canceled", "rescinded", "wrapping", "completed"]

_TASKROUTER_V1_WORKSPACES_SQL = "SELECT t.* FROM taskrouter_v1_workspaces t"
_TASKROUTER_V1_WORKSPACES_LIST_SQL = ("SELECT t.taskrouter_v1_workspace_sid, t.date_created, "
                                      "t.date_updated, t.friendly_name, t.prioritize_queue_order FROM "
                                      "taskrouter_v1_workspaces t")
_TASKROUTER_V1_WORKSPACE_TASKS_SQL = "SELECT t.* FROM taskrouter_v1_workspace_tasks t"
_TASKROUTER_V1_WORKSPACE_TASKS_LIST_SQL = ("SELECT t.taskrouter_v1_workspace_task_sid, t.date_created,"
                                           " t.age, t.assignment_status, t.priority, t.task_queue_sid,"
                                           " t.workflow_sid, t.workspace_sid FROM "
                                           "taskrouter_v1_workspace_tasks t")
_TASKROUTER_V1_WORKSPACE_TASK_TASK_RESERVATIONS_SQL = ("SELECT t.*, r1.date_created AS "
                                                       "task_sid_date_created FROM "
                                                       "taskrouter_v1_workspace_task_task_reservations"
                                                       " t LEFT JOIN taskrouter_v1_workspace_tasks r1 "
                                                       "ON r1.taskrouter_v1_workspace_task_sid = "
                                                       "t.task_sid")
_TASKROUTER_V1_WORKSPACE_TASK_TASK_RESERVATIONS_LIST_SQL = ("SELECT t.taskrouter_v1_workspace_task_tas"
                                                            "k_reservation_sid, t.date_created, "
                                                            "t.date_updated, t.reservation_status, "
                                                            "t.task_sid, t.worker_sid, "
                                                            "t.workspace_sid, r1.date_created AS "
                                                            "task_sid_date_created FROM taskrouter_v1_"
                                                            "workspace_task_task_reservations t LEFT "
                                                            "JOIN taskrouter_v1_workspace_tasks r1 ON "
                                                            "r1.taskrouter_v1_workspace_task_sid = "
                                                            "t.task_sid")
_TASKROUTER_V1_WORKSPACE_WORKERS_SQL = "SELECT t.* FROM taskrouter_v1_workspace_workers t"
_TASKROUTER_V1_WORKSPACE_WORKERS_LIST_SQL = ("SELECT t.taskrouter_v1_workspace_worker_sid, "
                                             "t.date_created, t.activity_name, t.activity_sid, "
                                             "t.available, t.date_status_changed, t.friendly_name, "
                                             "t.workspace_sid FROM taskrouter_v1_workspace_workers t")
_TASKROUTER_V1_WORKSPACE_WORKER_WORKER_CHANNELS_SQL = ("SELECT t.*, r1.date_created AS "
                                                       "worker_sid_date_created FROM "
                                                       "taskrouter_v1_workspace_worker_worker_channels"
                                                       " t LEFT JOIN taskrouter_v1_workspace_workers "
                                                       "r1 ON r1.taskrouter_v1_workspace_worker_sid = "
                                                       "t.worker_sid")
_TASKROUTER_V1_WORKSPACE_WORKER_WORKER_RESERVATIONS_SQL = ("SELECT t.*, r1.date_created AS "
                                                           "worker_sid_date_created FROM taskrouter_v1"
                                                           "_workspace_worker_worker_reservations t "
                                                           "LEFT JOIN taskrouter_v1_workspace_workers "
                                                           "r1 ON "
                                                           "r1.taskrouter_v1_workspace_worker_sid = "
                                                           "t.worker_sid")
_TASKROUTER_V1_WORKSPACE_WORKFLOWS_SQL = "SELECT t.* FROM taskrouter_v1_workspace_workflows t"
_TASKROUTER_V1_WORKSPACE_WORKFLOWS_LIST_SQL = ("SELECT t.taskrouter_v1_workspace_workflow_sid, "
                                               "t.date_created, t.date_updated, t.friendly_name, "
                                               "t.workspace_sid FROM taskrouter_v1_workspace_workflows"
                                               " t")


def _taskrouter_v1_workspace(db: Database, taskrouter_v1_workspace_sid: str) -> dict[str, Any]:
    row = db.query_one(_TASKROUTER_V1_WORKSPACES_SQL + " WHERE t.taskrouter_v1_workspace_sid = ?",
                                                       [taskrouter_v1_workspace_sid.strip().upper()])
    if row is None:
        raise ToolError(f"no taskrouter v1 workspace with id {taskrouter_v1_workspace_sid!r} (taskrouter v1 "
                        f"workspace ids look like 'TVW-0001')")
    return row


def _taskrouter_v1_workspace_task(db: Database, taskrouter_v1_workspace_task_sid: str) -> dict[str, Any]:
    row = db.query_one(_TASKROUTER_V1_WORKSPACE_TASKS_SQL + " WHERE t.taskrouter_v1_workspace_task_sid = ?",
                                                            [taskrouter_v1_workspace_task_sid.strip().upper()])
    if row is None:
        raise ToolError(f"no taskrouter v1 workspace task with id {taskrouter_v1_workspace_task_sid!r} (taskrouter "
                        f"v1 workspace task ids look like 'TVWT-0001')")
    return row


def _taskrouter_v1_workspace_task_task_reservation(db: Database, taskrouter_v1_workspace_task_task_reservation_sid: str) -> dict[str, Any]:
    row = db.query_one(_TASKROUTER_V1_WORKSPACE_TASK_TASK_RESERVATIONS_SQL + " WHERE "
                                                                             "t.taskrouter_v1_workspace_task_task_reservation_sid "
                                                                             "= ?",
                                                                             [taskrouter_v1_workspace_task_task_reservation_sid.strip().upper()])
    if row is None:
        raise ToolError(f"no taskrouter v1 workspace task task reservation with id "
                        f"{taskrouter_v1_workspace_task_task_reservation_sid!r} (taskrouter v1 workspace task task "
                        f"reservation ids look like 'TVWTTR-0001')")
    return row


def _taskrouter_v1_workspace_worker(db: Database, taskrouter_v1_workspace_worker_sid: str) -> dict[str, Any]:
    row = db.query_one(_TASKROUTER_V1_WORKSPACE_WORKERS_SQL + " WHERE t.taskrouter_v1_workspace_worker_sid = ?",
                                                              [taskrouter_v1_workspace_worker_sid.strip().upper()])
    if row is None:
        raise ToolError(f"no taskrouter v1 workspace worker with id {taskrouter_v1_workspace_worker_sid!r} "
                        f"(taskrouter v1 workspace worker ids look like 'TVWW-0001')")
    return row


def _taskrouter_v1_workspace_workflow(db: Database, taskrouter_v1_workspace_workflow_sid: str) -> dict[str, Any]:
    row = db.query_one(_TASKROUTER_V1_WORKSPACE_WORKFLOWS_SQL + " WHERE t.taskrouter_v1_workspace_workflow_sid = ?",
                                                                [taskrouter_v1_workspace_workflow_sid.strip().upper()])
    if row is None:
        raise ToolError(f"no taskrouter v1 workspace workflow with id {taskrouter_v1_workspace_workflow_sid!r} "
                        f"(taskrouter v1 workspace workflow ids look like 'TVWW-0001')")
    return row


@tool
def list_workspace(db: Database, friendly_name: str | None = None) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace.

    Args:
        friendly_name: The 'friendly_name' of the Workspace resources to read. For example 'Customer Support' or
            '2014 Election Campaign'.

    Returns:
        The matching taskrouter v1 workspace summaries (taskrouter_v1_workspace_sid, date_created, date_updated, friendly_name, prioritize_queue_order; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if friendly_name is not None:
        where.append("lower(t.friendly_name) = lower(?)")
        params.append(friendly_name.strip())
    return select_rows(db, _TASKROUTER_V1_WORKSPACES_LIST_SQL, where, params, "t.taskrouter_v1_workspace_sid")


@tool(writes=True)
def create_workspace(
        db: Database,
        friendly_name: str,
        event_callback_url: str | None = None,
        events_filter: str | None = None,
        multi_task_enabled: bool | None = None,
        prioritize_queue_order: PrioritizeQueueOrder | None = None,
) -> dict[str, Any]:
    """create taskrouter v1 workspace.

    Args:
        friendly_name: A descriptive string that you create to describe the Workspace resource. It can be up to 64
            characters long. For example: 'Customer Support' or '2014 Election Campaign'.
        event_callback_url: The URL we should call when an event occurs. If provided, the Workspace will publish
            events to this URL, for example, to collect data for reporting. See Workspace Events for more information.
            This parameter supports Twilio's Webhooks (HTTP callbacks) Connection Overrides.
        events_filter: The list of Workspace events for which to call event_callback_url. For example, if
            'EventsFilter=task.created, task.canceled, worker.activity.update', then TaskRouter will call
            event_callback_url only when a task is created, canceled, or a Worker activity is updated.
        multi_task_enabled: Whether to enable multi-tasking. Can be: 'true' to enable multi-tasking, or 'false' to
            disable it. However, all workspaces should be created as multi-tasking. The default is 'true'. Multi-
            tasking allows Workers to handle multiple Tasks simultaneously. When enabled ('true'), each Worker can
            receive.
        prioritize_queue_order: The type of TaskQueue to prioritize when Workers are receiving Tasks from both
            types of TaskQueues. Can be: 'LIFO' or 'FIFO' and the default is 'FIFO'. For more information, see Queue
            Ordering.

    Returns:
        The new taskrouter v1 workspace.
    """
    if event_callback_url is not None:
        event_callback_url = event_callback_url.strip()
    if events_filter is not None:
        events_filter = events_filter.strip()
    friendly_name = friendly_name.strip()
    taskrouter_v1_workspace_sid = next_id(db, "taskrouter_v1_workspaces", "taskrouter_v1_workspace_sid", "TVW-", 4)
    db.execute("INSERT INTO taskrouter_v1_workspaces (account_sid, date_created, date_updated, "
               "default_activity_name, default_activity_sid, event_callback_url, events_filter, friendly_name, "
               "links, multi_task_enabled, prioritize_queue_order, taskrouter_v1_workspace_sid, "
               "timeout_activity_name, timeout_activity_sid, url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?)",
               [None, db.now, db.now, None, None, event_callback_url, events_filter, friendly_name, None, multi_task_enabled, prioritize_queue_order, taskrouter_v1_workspace_sid, None, None, None])
    return db.query_one(_TASKROUTER_V1_WORKSPACES_SQL + " WHERE t.taskrouter_v1_workspace_sid = ?",
                                                        [taskrouter_v1_workspace_sid]) or {}


@tool
def fetch_workspace(db: Database, taskrouter_v1_workspace_sid: str) -> dict[str, Any]:
    """get taskrouter v1 workspace.

    Args:
        taskrouter_v1_workspace_sid: The SID of the Workspace resource to fetch; e.g. "TVW-0001" (from
            list_workspace).

    Returns:
        The taskrouter v1 workspace with the names of the rows it refers to.
    """
    return _taskrouter_v1_workspace(db, taskrouter_v1_workspace_sid)


@tool(writes=True)
def delete_workspace(db: Database, taskrouter_v1_workspace_sid: str) -> dict[str, Any]:
    """delete taskrouter v1 workspace.

    Args:
        taskrouter_v1_workspace_sid: The SID of the Workspace resource to delete; e.g. "TVW-0001" (from
            list_workspace).

    Returns:
        The removed taskrouter v1 workspace, marked deleted.
    """
    taskrouter_v1_workspace = _taskrouter_v1_workspace(db, taskrouter_v1_workspace_sid)
    db.execute("DELETE FROM taskrouter_v1_workspaces WHERE taskrouter_v1_workspace_sid = ?",
               [taskrouter_v1_workspace["taskrouter_v1_workspace_sid"]])
    return {**taskrouter_v1_workspace, "deleted": True}


@tool
def list_task(
        db: Database,
        priority: int | None = None,
        workflow_sid: str | None = None,
        task_queue_sid: str | None = None,
        workspace_sid: str | None = None,
) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace task.

    Args:
        priority: The priority value of the Tasks to read. Returns the list of all Tasks in the Workspace with the
            specified priority.
        workflow_sid: The SID of the Workflow with the Tasks to read. Returns the Tasks controlled by the Workflow
            identified by this SID; 34 to 34 characters.
        task_queue_sid: The SID of the TaskQueue with the Tasks to read. Returns the Tasks waiting in the
            TaskQueue identified by this SID; 34 to 34 characters.
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The matching taskrouter v1 workspace task summaries (taskrouter_v1_workspace_task_sid, date_created, age, assignment_status, priority, task_queue_sid, workflow_sid, workspace_sid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    where: list[str] = []
    params: list[Any] = []
    if priority is not None:
        where.append("t.priority = ?")
        params.append(priority)
    if workflow_sid is not None:
        where.append("lower(t.workflow_sid) = lower(?)")
        params.append(workflow_sid.strip())
    if task_queue_sid is not None:
        where.append("lower(t.task_queue_sid) = lower(?)")
        params.append(task_queue_sid.strip())
    return select_rows(db, _TASKROUTER_V1_WORKSPACE_TASKS_LIST_SQL, where, params, "t.taskrouter_v1_workspace_task_sid")


@tool
def fetch_task(
        db: Database,
        taskrouter_v1_workspace_task_sid: str,
        workspace_sid: str | None = None,
) -> dict[str, Any]:
    """get taskrouter v1 workspace task.

    Args:
        taskrouter_v1_workspace_task_sid: The SID of the Task resource to fetch; e.g. "TVWT-0001" (from
            list_task).
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The taskrouter v1 workspace task with the names of the rows it refers to.
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    return _taskrouter_v1_workspace_task(db, taskrouter_v1_workspace_task_sid)


@tool
def list_task_reservation(
        db: Database,
        task_sid: str | None = None,
        reservation_status: ReservationStatus | None = None,
        worker_sid: str | None = None,
        workspace_sid: str | None = None,
) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace task task reservation.

    Args:
        task_sid: The SID of the reserved Task resource with the TaskReservation resources to read; e.g.
            "TVWT-0001".
        reservation_status: Returns the list of reservations for a task with a specified ReservationStatus. Can
            be: 'pending', 'accepted', 'rejected', or 'timeout'.
        worker_sid: The SID of the reserved Worker resource to read; 34 to 34 characters.
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The matching taskrouter v1 workspace task task reservation summaries (taskrouter_v1_workspace_task_task_reservation_sid, date_created, date_updated, reservation_status, task_sid, worker_sid, workspace_sid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    where: list[str] = []
    params: list[Any] = []
    if task_sid is not None:
        taskrouter_v1_workspace_task = _taskrouter_v1_workspace_task(db, task_sid)
        where.append("t.task_sid = ?")
        params.append(taskrouter_v1_workspace_task["taskrouter_v1_workspace_task_sid"])
    if reservation_status is not None:
        where.append("t.reservation_status = ?")
        params.append(reservation_status)
    if worker_sid is not None:
        where.append("lower(t.worker_sid) = lower(?)")
        params.append(worker_sid.strip())
    return select_rows(db, _TASKROUTER_V1_WORKSPACE_TASK_TASK_RESERVATIONS_LIST_SQL, where, params, "t.taskrouter_v1_workspace_task_task_reservation_sid")


@tool
def fetch_task_reservation(
        db: Database,
        task_sid: str,
        taskrouter_v1_workspace_task_task_reservation_sid: str,
        workspace_sid: str | None = None,
) -> dict[str, Any]:
    """get taskrouter v1 workspace task task reservation.

    Args:
        task_sid: The SID of the reserved Task resource with the TaskReservation resource to fetch; e.g.
            "TVWT-0001" (from list_task).
        taskrouter_v1_workspace_task_task_reservation_sid: The SID of the TaskReservation resource to fetch; e.g.
            "TVWTTR-0001" (from list_task_reservation).
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The taskrouter v1 workspace task task reservation with the names of the rows it refers to.
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    taskrouter_v1_workspace_task_task_reservation = _taskrouter_v1_workspace_task_task_reservation(db, taskrouter_v1_workspace_task_task_reservation_sid)
    taskrouter_v1_workspace_task = _taskrouter_v1_workspace_task(db, task_sid)
    if taskrouter_v1_workspace_task_task_reservation["task_sid"] != taskrouter_v1_workspace_task["taskrouter_v1_workspace_task_sid"]:
        raise ToolError(f"taskrouter v1 workspace task task reservation "
                        f"{taskrouter_v1_workspace_task_task_reservation['taskrouter_v1_workspace_task_task_reservation_sid']} "
                        f"is not under taskrouter v1 workspace task "
                        f"{taskrouter_v1_workspace_task['taskrouter_v1_workspace_task_sid']} (it belongs to "
                        f"taskrouter v1 workspace task {taskrouter_v1_workspace_task_task_reservation['task_sid']})")
    return taskrouter_v1_workspace_task_task_reservation


@tool
def list_worker(
        db: Database,
        activity_name: str | None = None,
        activity_sid: str | None = None,
        available: bool | None = None,
        friendly_name: str | None = None,
        workspace_sid: str | None = None,
) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace worker.

    Args:
        activity_name: The 'activity_name' of the Worker resources to read.
        activity_sid: The 'activity_sid' of the Worker resources to read; 34 to 34 characters.
        available: Whether to return only Worker resources that are available or unavailable. Can be 'true', '1',
            or 'yes' to return Worker resources that are available, and 'false', or any value returns the Worker
            resources that are not available.
        friendly_name: The 'friendly_name' of the Worker resources to read.
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The matching taskrouter v1 workspace worker summaries (taskrouter_v1_workspace_worker_sid, date_created, activity_name, activity_sid, available, date_status_changed, friendly_name, workspace_sid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    where: list[str] = []
    params: list[Any] = []
    if activity_name is not None:
        where.append("lower(t.activity_name) = lower(?)")
        params.append(activity_name.strip())
    if activity_sid is not None:
        where.append("lower(t.activity_sid) = lower(?)")
        params.append(activity_sid.strip())
    if available is not None:
        where.append("t.available = ?")
        params.append(available)
    if friendly_name is not None:
        where.append("lower(t.friendly_name) = lower(?)")
        params.append(friendly_name.strip())
    return select_rows(db, _TASKROUTER_V1_WORKSPACE_WORKERS_LIST_SQL, where, params, "t.taskrouter_v1_workspace_worker_sid")


@tool(writes=True)
def create_worker(
        db: Database,
        friendly_name: str,
        activity_sid: str | None = None,
        attributes: str | None = None,
        workspace_sid: str | None = None,
) -> dict[str, Any]:
    """create taskrouter v1 workspace worker.

    Args:
        friendly_name: A descriptive string that you create to describe the new Worker. It can be up to 64
            characters long.
        activity_sid: The SID of a valid Activity that will describe the new Worker's initial state. See
            Activities for more information. If not provided, the new Worker's initial state is the
            'default_activity_sid' configured on the Workspace; 34 to 34 characters.
        attributes: A valid JSON string that describes the new Worker. For example: ' "email": "Bob@example.com",
            "phone": "+5095551234" '. This data is passed to the 'assignment_callback_url' when TaskRouter assigns a
            Task to the Worker. Defaults to .
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The new taskrouter v1 workspace worker.
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    if activity_sid is not None:
        activity_sid = check_text("activity_sid", activity_sid, 34, 34)
        activity_sid = check_pattern("activity_sid", activity_sid, "^WA[0-9a-fA-F]{32}$")
    if attributes is not None:
        attributes = attributes.strip()
    friendly_name = friendly_name.strip()
    taskrouter_v1_workspace_worker_sid = next_id(db, "taskrouter_v1_workspace_workers",
                                                     "taskrouter_v1_workspace_worker_sid", "TVWW-", 4)
    db.execute("INSERT INTO taskrouter_v1_workspace_workers (account_sid, activity_name, activity_sid, attributes, "
               "available, date_created, date_status_changed, date_updated, friendly_name, links, "
               "taskrouter_v1_workspace_worker_sid, url, workspace_sid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?)",
               [None, None, activity_sid, attributes, None, db.now, db.now, db.now, friendly_name, None, taskrouter_v1_workspace_worker_sid, None, "WS12345678901234567890123456789012"])
    return db.query_one(_TASKROUTER_V1_WORKSPACE_WORKERS_SQL + " WHERE t.taskrouter_v1_workspace_worker_sid = ?",
                                                               [taskrouter_v1_workspace_worker_sid]) or {}


@tool
def fetch_worker(
        db: Database,
        taskrouter_v1_workspace_worker_sid: str,
        workspace_sid: str | None = None,
) -> dict[str, Any]:
    """get taskrouter v1 workspace worker.

    Args:
        taskrouter_v1_workspace_worker_sid: The SID of the Worker resource to fetch; e.g. "TVWW-0001" (from
            list_worker).
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The taskrouter v1 workspace worker with the names of the rows it refers to.
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    return _taskrouter_v1_workspace_worker(db, taskrouter_v1_workspace_worker_sid)


@tool
def list_worker_channel(
        db: Database,
        worker_sid: str | None = None,
        workspace_sid: str | None = None,
) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace worker worker channel.

    Args:
        worker_sid: The SID of the Worker with the WorkerChannels to read; e.g. "TVWW-0001".
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The matching taskrouter v1 workspace worker worker channel rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    where: list[str] = []
    params: list[Any] = []
    if worker_sid is not None:
        taskrouter_v1_workspace_worker = _taskrouter_v1_workspace_worker(db, worker_sid)
        where.append("t.worker_sid = ?")
        params.append(taskrouter_v1_workspace_worker["taskrouter_v1_workspace_worker_sid"])
    return select_rows(db, _TASKROUTER_V1_WORKSPACE_WORKER_WORKER_CHANNELS_SQL, where, params, "t.taskrouter_v1_workspace_worker_worker_channel_sid")


@tool
def list_worker_reservation(
        db: Database,
        worker_sid: str | None = None,
        reservation_status: ReservationStatus | None = None,
        workspace_sid: str | None = None,
) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace worker worker reservation.

    Args:
        worker_sid: The SID of the reserved Worker resource with the WorkerReservation resources to read; e.g.
            "TVWW-0001".
        reservation_status: Returns the list of reservations for a worker with a specified ReservationStatus. Can
            be: 'pending', 'accepted', 'rejected', 'timeout', 'canceled', or 'rescinded'.
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The matching taskrouter v1 workspace worker worker reservation rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    where: list[str] = []
    params: list[Any] = []
    if worker_sid is not None:
        taskrouter_v1_workspace_worker = _taskrouter_v1_workspace_worker(db, worker_sid)
        where.append("t.worker_sid = ?")
        params.append(taskrouter_v1_workspace_worker["taskrouter_v1_workspace_worker_sid"])
    if reservation_status is not None:
        where.append("t.reservation_status = ?")
        params.append(reservation_status)
    return select_rows(db, _TASKROUTER_V1_WORKSPACE_WORKER_WORKER_RESERVATIONS_SQL, where, params, "t.taskrouter_v1_workspace_worker_worker_reservation_sid")


@tool
def list_workflow(
        db: Database,
        friendly_name: str | None = None,
        workspace_sid: str | None = None,
) -> list[dict[str, Any]]:
    """list taskrouter v1 workspace workflow.

    Args:
        friendly_name: The 'friendly_name' of the Workflow resources to read.
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The matching taskrouter v1 workspace workflow summaries (taskrouter_v1_workspace_workflow_sid, date_created, date_updated, friendly_name, workspace_sid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    where: list[str] = []
    params: list[Any] = []
    if friendly_name is not None:
        where.append("lower(t.friendly_name) = lower(?)")
        params.append(friendly_name.strip())
    return select_rows(db, _TASKROUTER_V1_WORKSPACE_WORKFLOWS_LIST_SQL, where, params, "t.taskrouter_v1_workspace_workflow_sid")


@tool
def fetch_workflow(
        db: Database,
        taskrouter_v1_workspace_workflow_sid: str,
        workspace_sid: str | None = None,
) -> dict[str, Any]:
    """get taskrouter v1 workspace workflow.

    Args:
        taskrouter_v1_workspace_workflow_sid: The SID of the Workflow resource to fetch; e.g. "TVWW-0001" (from
            list_workflow).
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The taskrouter v1 workspace workflow with the names of the rows it refers to.
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    return _taskrouter_v1_workspace_workflow(db, taskrouter_v1_workspace_workflow_sid)


@tool(writes=True)
def delete_workflow(
        db: Database,
        taskrouter_v1_workspace_workflow_sid: str,
        workspace_sid: str | None = None,
) -> dict[str, Any]:
    """delete taskrouter v1 workspace workflow.

    Args:
        taskrouter_v1_workspace_workflow_sid: The SID of the Workflow resource to delete; e.g. "TVWW-0001" (from
            list_workflow).
        workspace_sid: This deployment's workspace sid, 'WS12345678901234567890123456789012' (the only one; may be
            left out).

    Returns:
        The removed taskrouter v1 workspace workflow, marked deleted.
    """
    check_scope("workspace_sid", workspace_sid, "WS12345678901234567890123456789012")
    taskrouter_v1_workspace_workflow = _taskrouter_v1_workspace_workflow(db, taskrouter_v1_workspace_workflow_sid)
    db.execute("DELETE FROM taskrouter_v1_workspace_workflows WHERE taskrouter_v1_workspace_workflow_sid = ?",
               [taskrouter_v1_workspace_workflow["taskrouter_v1_workspace_workflow_sid"]])
    return {**taskrouter_v1_workspace_workflow, "deleted": True}
