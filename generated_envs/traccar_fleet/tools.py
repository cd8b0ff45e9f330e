"""Tools of the traccar_fleet environment, compiled from Traccar.

Open Source GPS Tracking Platform
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, next_number, select_rows, update_row

_CALENDARS_SQL = "SELECT t.* FROM calendars t"
_COMMANDS_SQL = ("SELECT t.*, r1.name AS device_name FROM commands t LEFT JOIN devices r1 ON "
                 "r1.device_id = t.device_id")
_DEVICES_SQL = "SELECT t.*, r1.name AS group_name FROM devices t LEFT JOIN groups r1 ON r1.group_id = t.group_id"
_DEVICES_LIST_SQL = ("SELECT t.device_id, t.name, t.category, t.group_id, t.last_update, t.unique_id, "
                     "r1.name AS group_name FROM devices t LEFT JOIN groups r1 ON r1.group_id = "
                     "t.group_id")
_GEOFENCES_SQL = ("SELECT t.*, r1.name AS calendar_name FROM geofences t LEFT JOIN calendars r1 ON "
                  "r1.calendar_id = t.calendar_id")
_GROUPS_SQL = "SELECT t.* FROM groups t"
_MAINTENANCES_SQL = "SELECT t.* FROM maintenances t"


def _calendar(db: Database, calendar_id: int) -> dict[str, Any]:
    row = db.query_one(_CALENDARS_SQL + " WHERE t.calendar_id = ?", [calendar_id])
    if row is None:
        raise ToolError(f"no calendar with id {calendar_id!r} (calendar ids look like 1)")
    return row


def _command(db: Database, command_id: int) -> dict[str, Any]:
    row = db.query_one(_COMMANDS_SQL + " WHERE t.command_id = ?", [command_id])
    if row is None:
        raise ToolError(f"no command with id {command_id!r} (command ids look like 1)")
    return row


def _device(db: Database, device_id: int) -> dict[str, Any]:
    row = db.query_one(_DEVICES_SQL + " WHERE t.device_id = ?", [device_id])
    if row is None:
        raise ToolError(f"no device with id {device_id!r} (device ids look like 1)")
    return row


def _geofence(db: Database, geofence_id: int) -> dict[str, Any]:
    row = db.query_one(_GEOFENCES_SQL + " WHERE t.geofence_id = ?", [geofence_id])
    if row is None:
        raise ToolError(f"no geofence with id {geofence_id!r} (geofence ids look like 1)")
    return row


def _group(db: Database, group_id: int) -> dict[str, Any]:
    row = db.query_one(_GROUPS_SQL + " WHERE t.group_id = ?", [group_id])
    if row is None:
        raise ToolError(f"no group with id {group_id!r} (group ids look like 1)")
    return row


def _maintenance(db: Database, maintenance_id: int) -> dict[str, Any]:
    row = db.query_one(_MAINTENANCES_SQL + " WHERE t.maintenance_id = ?", [maintenance_id])
    if row is None:
        raise ToolError(f"no maintenance with id {maintenance_id!r} (maintenance ids look like 1)")
    return row


@tool
def get_calendars(db: Database) -> list[dict[str, Any]]:
    """Fetch a list of Calendars.

    Without params, it returns a list of Calendars the user has access to

    Returns:
        The matching calendar rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CALENDARS_SQL, [], [], "t.calendar_id")


@tool(writes=True)
def post_calendars(
        db: Database,
        attributes: str | None = None,
        data: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Create a Calendar.

    Args:
        attributes: Attributes.
        data: base64 encoded in iCalendar format.
        name: Name.

    Returns:
        The new calendar.
    """
    if data is not None:
        data = data.strip()
    if name is not None:
        name = name.strip()
    calendar_id = next_number(db, "calendars", "calendar_id")
    db.execute("INSERT INTO calendars (attributes, data, calendar_id, name) VALUES (?, ?, ?, ?)",
               [attributes, data, calendar_id, name])
    return db.query_one(_CALENDARS_SQL + " WHERE t.calendar_id = ?", [calendar_id]) or {}


@tool(writes=True)
def put_calendars_id(
        db: Database,
        calendar_id: int,
        attributes: str | None = None,
        data: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Update a Calendar.

    Args:
        calendar_id: Calendar id; e.g. 1 (from get_calendars).
        attributes: Attributes.
        data: base64 encoded in iCalendar format.
        name: Name.

    Returns:
        The calendar as changed.
    """
    calendar = _calendar(db, calendar_id)
    changes: dict[str, Any] = {}
    if attributes is not None:
        changes["attributes"] = attributes
    if data is not None:
        data = data.strip()
        changes["data"] = data
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("put calendars id needs at least one of attributes, data or name")
    update_row(db, "calendars", "calendar_id", calendar["calendar_id"], changes)
    return _calendar(db, calendar["calendar_id"])


@tool(writes=True)
def delete_calendars_id(db: Database, calendar_id: int) -> dict[str, Any]:
    """Delete a Calendar.

    Args:
        calendar_id: Calendar id; e.g. 1 (from get_calendars).

    Returns:
        The removed calendar, marked deleted.
    """
    calendar = _calendar(db, calendar_id)
    used = db.scalar("SELECT count(*) FROM geofences WHERE calendar_id = ?", [calendar["calendar_id"]])
    if used:
        raise ToolError(f"calendar {calendar['calendar_id']} is still referred to by {used} geofence row(s)")
    db.execute("DELETE FROM calendars WHERE calendar_id = ?", [calendar["calendar_id"]])
    return {**calendar, "deleted": True}


@tool
def get_commands(db: Database, device_id: int | None = None) -> list[dict[str, Any]]:
    """Fetch a list of Saved Commands.

    Without params, it returns a list of Saved Commands the user has access to

    Args:
        device_id: Standard users can use this only with _deviceId_s, they have access to; e.g. 1.

    Returns:
        The matching command rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if device_id is not None:
        device = _device(db, device_id)
        where.append("t.device_id = ?")
        params.append(device["device_id"])
    return select_rows(db, _COMMANDS_SQL, where, params, "t.command_id")


@tool(writes=True)
def post_commands(
        db: Database,
        attributes: str | None = None,
        description: str | None = None,
        device_id: int | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Create a Saved Command.

    Args:
        attributes: Attributes.
        description: Description.
        device_id: Device id; e.g. 1 (from get_devices).
        type: Type.

    Returns:
        The new command.
    """
    if description is not None:
        description = description.strip()
    if device_id is not None:
        device = _device(db, device_id)
    if type is not None:
        type = type.strip()
    command_id = next_number(db, "commands", "command_id")
    db.execute("INSERT INTO commands (attributes, description, device_id, command_id, type) VALUES (?, ?, ?, ?, ?)",
               [attributes, description, device["device_id"] if device_id is not None else None, command_id, type])
    return db.query_one(_COMMANDS_SQL + " WHERE t.command_id = ?", [command_id]) or {}


@tool(writes=True)
def put_commands_id(
        db: Database,
        command_id: int,
        attributes: str | None = None,
        description: str | None = None,
        device_id: int | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Update a Saved Command.

    Args:
        command_id: Command id; e.g. 1 (from get_commands).
        attributes: Attributes.
        description: Description.
        device_id: Device id; e.g. 1 (from get_devices).
        type: Type.

    Returns:
        The command as changed.
    """
    command = _command(db, command_id)
    changes: dict[str, Any] = {}
    if attributes is not None:
        changes["attributes"] = attributes
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if device_id is not None:
        device = _device(db, device_id)
        changes["device_id"] = device["device_id"]
    if type is not None:
        type = type.strip()
        changes["type"] = type
    if not changes:
        raise ToolError("put commands id needs at least one of attributes, description, device id or type")
    update_row(db, "commands", "command_id", command["command_id"], changes)
    return _command(db, command["command_id"])


@tool(writes=True)
def delete_commands_id(db: Database, command_id: int) -> dict[str, Any]:
    """Delete a Saved Command.

    Args:
        command_id: Command id; e.g. 1 (from get_commands).

    Returns:
        The removed command, marked deleted.
    """
    command = _command(db, command_id)
    db.execute("DELETE FROM commands WHERE command_id = ?", [command["command_id"]])
    return {**command, "deleted": True}


@tool
def get_devices(db: Database, device_id: int | None = None, unique_id: str | None = None) -> list[dict[str, Any]]:
    """Fetch a list of Devices.

    Without any params, returns a list of the user's devices

    Args:
        device_id: To fetch one or more devices. Multiple params can be passed like 'id=31&id=42'.
        unique_id: To fetch one or more devices. Multiple params can be passed like
            'uniqueId=333331&uniqieId=44442'.

    Returns:
        The matching device summaries (device_id, name, category, group_id, last_update, unique_id; given device_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if device_id is not None:
        where.append("t.device_id = ?")
        params.append(device_id)
    if unique_id is not None:
        where.append("lower(t.unique_id) = lower(?)")
        params.append(unique_id.strip())
    return select_rows(db, _DEVICES_SQL if device_id is not None else _DEVICES_LIST_SQL, where, params, "t.device_id")


@tool(writes=True)
def post_devices(
        db: Database,
        attributes: str | None = None,
        category: str | None = None,
        contact: str | None = None,
        disabled: bool | None = None,
        geofence_ids: str | None = None,
        group_id: int | None = None,
        last_update: str | None = None,
        model: str | None = None,
        name: str | None = None,
        phone: str | None = None,
        position_id: int | None = None,
        status: str | None = None,
        unique_id: str | None = None,
) -> dict[str, Any]:
    """Create a Device.

    Args:
        attributes: Attributes.
        category: Category.
        contact: Contact.
        disabled: Disabled.
        geofence_ids: Geofence ids.
        group_id: Group id; e.g. 1 (from get_groups).
        last_update: in IS0 8601 format. eg. '1963-11-22T18:30:00Z'; a date and time YYYY-MM-DDTHH:MM.
        model: Model.
        name: Name.
        phone: Phone.
        position_id: Position id.
        status: Status.
        unique_id: Unique id.

    Returns:
        The new device.
    """
    if category is not None:
        category = category.strip()
    if contact is not None:
        contact = contact.strip()
    if group_id is not None:
        group = _group(db, group_id)
    if last_update is not None:
        last_update = check_moment("last_update", last_update)
    if model is not None:
        model = model.strip()
    if name is not None:
        name = name.strip()
    if phone is not None:
        phone = phone.strip()
    if status is not None:
        status = status.strip()
    if unique_id is not None:
        unique_id = unique_id.strip()
    device_id = next_number(db, "devices", "device_id")
    db.execute("INSERT INTO devices (attributes, category, contact, disabled, geofence_ids, group_id, device_id, "
               "last_update, model, name, phone, position_id, status, unique_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?)",
               [attributes, category, contact, disabled, geofence_ids, group["group_id"] if group_id is not None else None, device_id, last_update, model, name, phone, position_id, status, unique_id])
    return db.query_one(_DEVICES_SQL + " WHERE t.device_id = ?", [device_id]) or {}


@tool(writes=True)
def put_devices_id(
        db: Database,
        device_id: int,
        attributes: str | None = None,
        category: str | None = None,
        contact: str | None = None,
        disabled: bool | None = None,
        geofence_ids: str | None = None,
        group_id: int | None = None,
        last_update: str | None = None,
        model: str | None = None,
        name: str | None = None,
        phone: str | None = None,
        position_id: int | None = None,
        status: str | None = None,
        unique_id: str | None = None,
) -> dict[str, Any]:
    """Update a Device.

    Args:
        device_id: Device id; e.g. 1 (from get_devices).
        attributes: Attributes.
        category: Category.
        contact: Contact.
        disabled: Disabled.
        geofence_ids: Geofence ids.
        group_id: Group id; e.g. 1 (from get_groups).
        last_update: in IS0 8601 format. eg. '1963-11-22T18:30:00Z'; a date and time YYYY-MM-DDTHH:MM.
        model: Model.
        name: Name.
        phone: Phone.
        position_id: Position id.
        status: Status.
        unique_id: Unique id.

    Returns:
        The device as changed.
    """
    device = _device(db, device_id)
    changes: dict[str, Any] = {}
    if attributes is not None:
        changes["attributes"] = attributes
    if category is not None:
        category = category.strip()
        changes["category"] = category
    if contact is not None:
        contact = contact.strip()
        changes["contact"] = contact
    if disabled is not None:
        changes["disabled"] = disabled
    if geofence_ids is not None:
        changes["geofence_ids"] = geofence_ids
    if group_id is not None:
        group = _group(db, group_id)
        changes["group_id"] = group["group_id"]
    if last_update is not None:
        last_update = check_moment("last_update", last_update)
        changes["last_update"] = last_update
    if model is not None:
        model = model.strip()
        changes["model"] = model
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if phone is not None:
        phone = phone.strip()
        changes["phone"] = phone
    if position_id is not None:
        changes["position_id"] = position_id
    if status is not None:
        status = status.strip()
        changes["status"] = status
    if unique_id is not None:
        unique_id = unique_id.strip()
        changes["unique_id"] = unique_id
    if not changes:
        raise ToolError("put devices id needs at least one of attributes, category, contact, disabled, geofence "
                        "ids, group id, last update, model, name, phone, position id, status or unique id")
    update_row(db, "devices", "device_id", device["device_id"], changes)
    return _device(db, device["device_id"])


@tool(writes=True)
def delete_devices_id(db: Database, device_id: int) -> dict[str, Any]:
    """Delete a Device.

    Args:
        device_id: Device id; e.g. 1 (from get_devices).

    Returns:
        The removed device, marked deleted.
    """
    device = _device(db, device_id)
    used = db.scalar("SELECT count(*) FROM commands WHERE device_id = ?", [device["device_id"]])
    if used:
        raise ToolError(f"device {device['device_id']} is still referred to by {used} command row(s)")
    db.execute("DELETE FROM devices WHERE device_id = ?", [device["device_id"]])
    return {**device, "deleted": True}


@tool
def get_geofences(db: Database) -> list[dict[str, Any]]:
    """Fetch a list of Geofences.

    Without params, it returns a list of Geofences the user has access to

    Returns:
        The matching geofence rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _GEOFENCES_SQL, [], [], "t.geofence_id")


@tool(writes=True)
def post_geofences(
        db: Database,
        area: str | None = None,
        attributes: str | None = None,
        calendar_id: int | None = None,
        description: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Create a Geofence.

    Args:
        area: Area.
        attributes: Attributes.
        calendar_id: Calendar id; e.g. 1 (from get_calendars).
        description: Description.
        name: Name.

    Returns:
        The new geofence.
    """
    if area is not None:
        area = area.strip()
    if calendar_id is not None:
        calendar = _calendar(db, calendar_id)
    if description is not None:
        description = description.strip()
    if name is not None:
        name = name.strip()
    geofence_id = next_number(db, "geofences", "geofence_id")
    db.execute("INSERT INTO geofences (area, attributes, calendar_id, description, geofence_id, name) VALUES (?, "
               "?, ?, ?, ?, ?)",
               [area, attributes, calendar["calendar_id"] if calendar_id is not None else None, description, geofence_id, name])
    return db.query_one(_GEOFENCES_SQL + " WHERE t.geofence_id = ?", [geofence_id]) or {}


@tool(writes=True)
def put_geofences_id(
        db: Database,
        geofence_id: int,
        area: str | None = None,
        attributes: str | None = None,
        calendar_id: int | None = None,
        description: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Update a Geofence.

    Args:
        geofence_id: Geofence id; e.g. 1 (from get_geofences).
        area: Area.
        attributes: Attributes.
        calendar_id: Calendar id; e.g. 1 (from get_calendars).
        description: Description.
        name: Name.

    Returns:
        The geofence as changed.
    """
    geofence = _geofence(db, geofence_id)
    changes: dict[str, Any] = {}
    if area is not None:
        area = area.strip()
        changes["area"] = area
    if attributes is not None:
        changes["attributes"] = attributes
    if calendar_id is not None:
        calendar = _calendar(db, calendar_id)
        changes["calendar_id"] = calendar["calendar_id"]
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("put geofences id needs at least one of area, attributes, calendar id, description or name")
    update_row(db, "geofences", "geofence_id", geofence["geofence_id"], changes)
    return _geofence(db, geofence["geofence_id"])


@tool(writes=True)
def delete_geofences_id(db: Database, geofence_id: int) -> dict[str, Any]:
    """Delete a Geofence.

    Args:
        geofence_id: Geofence id; e.g. 1 (from get_geofences).

    Returns:
        The removed geofence, marked deleted.
    """
    geofence = _geofence(db, geofence_id)
    db.execute("DELETE FROM geofences WHERE geofence_id = ?", [geofence["geofence_id"]])
    return {**geofence, "deleted": True}


@tool
def get_groups(db: Database) -> list[dict[str, Any]]:
    """Fetch a list of Groups.

    Without any params, returns a list of the Groups the user belongs to

    Returns:
        The matching group rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _GROUPS_SQL, [], [], "t.group_id")


@tool(writes=True)
def post_groups(
        db: Database,
        attributes: str | None = None,
        id: int | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Create a Group.

    Args:
        attributes: Attributes.
        id: Id.
        name: Name.

    Returns:
        The new group.
    """
    if name is not None:
        name = name.strip()
    group_id = next_number(db, "groups", "group_id")
    db.execute("INSERT INTO groups (attributes, group_id, id, name) VALUES (?, ?, ?, ?)",
               [attributes, group_id, id, name])
    return db.query_one(_GROUPS_SQL + " WHERE t.group_id = ?", [group_id]) or {}


@tool(writes=True)
def put_groups_id(
        db: Database,
        group_id: int,
        attributes: str | None = None,
        id: int | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Update a Group.

    Args:
        group_id: Group id; e.g. 1 (from get_groups).
        attributes: Attributes.
        id: Id.
        name: Name.

    Returns:
        The group as changed.
    """
    group = _group(db, group_id)
    changes: dict[str, Any] = {}
    if attributes is not None:
        changes["attributes"] = attributes
    if id is not None:
        changes["id"] = id
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("put groups id needs at least one of attributes, id or name")
    update_row(db, "groups", "group_id", group["group_id"], changes)
    return _group(db, group["group_id"])


@tool(writes=True)
def delete_groups_id(db: Database, group_id: int) -> dict[str, Any]:
    """Delete a Group.

    Args:
        group_id: Group id; e.g. 1 (from get_groups).

    Returns:
        The removed group, marked deleted.
    """
    group = _group(db, group_id)
    used = db.scalar("SELECT count(*) FROM devices WHERE group_id = ?", [group["group_id"]])
    if used:
        raise ToolError(f"group {group['group_id']} is still referred to by {used} device row(s)")
    db.execute("DELETE FROM groups WHERE group_id = ?", [group["group_id"]])
    return {**group, "deleted": True}


@tool
def get_maintenance(db: Database) -> list[dict[str, Any]]:
    """Fetch a list of Maintenance.

    Without params, it returns a list of Maintenance the user has access to

    Returns:
        The matching maintenance rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _MAINTENANCES_SQL, [], [], "t.maintenance_id")


@tool(writes=True)
def post_maintenance(
        db: Database,
        attributes: str | None = None,
        name: str | None = None,
        period: float | None = None,
        start: float | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Create a Maintenance.

    Args:
        attributes: Attributes.
        name: Name.
        period: Period.
        start: Start.
        type: Type.

    Returns:
        The new maintenance.
    """
    if name is not None:
        name = name.strip()
    if type is not None:
        type = type.strip()
    maintenance_id = next_number(db, "maintenances", "maintenance_id")
    db.execute("INSERT INTO maintenances (attributes, maintenance_id, name, period, start, type) VALUES (?, ?, ?, "
               "?, ?, ?)",
               [attributes, maintenance_id, name, period, start, type])
    return db.query_one(_MAINTENANCES_SQL + " WHERE t.maintenance_id = ?", [maintenance_id]) or {}


@tool(writes=True)
def put_maintenance_id(
        db: Database,
        maintenance_id: int,
        attributes: str | None = None,
        name: str | None = None,
        period: float | None = None,
        start: float | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Update a Maintenance.

    Args:
        maintenance_id: Maintenance id; e.g. 1 (from get_maintenance).
        attributes: Attributes.
        name: Name.
        period: Period.
        start: Start.
        type: Type.

    Returns:
        The maintenance as changed.
    """
    maintenance = _maintenance(db, maintenance_id)
    changes: dict[str, Any] = {}
    if attributes is not None:
        changes["attributes"] = attributes
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if period is not None:
        changes["period"] = period
    if start is not None:
        changes["start"] = start
    if type is not None:
        type = type.strip()
        changes["type"] = type
    if not changes:
        raise ToolError("put maintenance id needs at least one of attributes, name, period, start or type")
    update_row(db, "maintenances", "maintenance_id", maintenance["maintenance_id"], changes)
    return _maintenance(db, maintenance["maintenance_id"])


@tool(writes=True)
def delete_maintenance_id(db: Database, maintenance_id: int) -> dict[str, Any]:
    """Delete a Maintenance.

    Args:
        maintenance_id: Maintenance id; e.g. 1 (from get_maintenance).

    Returns:
        The removed maintenance, marked deleted.
    """
    maintenance = _maintenance(db, maintenance_id)
    db.execute("DELETE FROM maintenances WHERE maintenance_id = ?", [maintenance["maintenance_id"]])
    return {**maintenance, "deleted": True}
