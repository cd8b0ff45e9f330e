"""Tools of the c_ably_io_platform environment, compiled from Platform API.

The REST API specification for Ably.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

Action = Literal["ABSENT", "PRESENT", "ENTER", "LEAVE", "UPDATE"]
FormFactor = Literal["phone", "tablet", "desktop", "tv", "watch", "car", "embedded"]
Platform = Literal["ios", "android"]
PushState = Literal["Active", "Failing", "Failed"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_MESSAGES_SQL = "SELECT t.* FROM messages t"
_PRESENCE_MESSAGES_SQL = "SELECT t.* FROM presence_messages t"
_CHANNELS_SQL = "SELECT t.* FROM channels t"
_DEVICES_SQL = "SELECT t.* FROM devices t"


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


def _message(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_MESSAGES_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no message with id {id!r} (message ids look like 'M-0001')")
    return row


def _channel(db: Database, channel_id: str) -> dict[str, Any]:
    row = db.query_one(_CHANNELS_SQL + " WHERE t.channel_id = ?", [channel_id.strip().upper()])
    if row is None:
        raise ToolError(f"no channel with id {channel_id!r} (channel ids look like 'C-0001')")
    return row


def _device(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_DEVICES_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no device with id {id!r} (device ids look like 'D-0001')")
    return row


@tool
def get_metadata_of_all_channels(db: Database) -> list[dict[str, Any]]:
    """Enumerate all active channels of the application.

    Enumerate all active channels of the application

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _CHANNELS_SQL, [], [], "t.channel_id")


@tool
def get_metadata_of_channel(db: Database, channel_id: str) -> dict[str, Any]:
    """Get metadata of a channel.

    Get metadata of a channel

    Args:
        channel_id: The Channel's ID; e.g. "C-0001" (from get_metadata_of_all_channels).

    Returns:
        The channel with the names of the rows it refers to.
    """
    return _channel(db, channel_id)


@tool
def get_messages_by_channel(db: Database) -> list[dict[str, Any]]:
    """Get message history for a channel.

    Get message history for a channel

    Returns:
        The matching message rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _MESSAGES_SQL, [], [], "t.id")


@tool(writes=True)
def publish_messages_to_channel(
        db: Database,
        client_id: str | None = None,
        connection_id: str | None = None,
        data: str | None = None,
        encoding: str | None = None,
        extras: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """Publish a message to a channel.

    Publish a message to the specified channel

    Args:
        client_id: The client ID of the publisher of this message.
        connection_id: The connection ID of the publisher of this message.
        data: The string encoded payload, with the encoding specified below.
        encoding: This will typically be empty as all messages received from Ably are automatically decoded
            client-side using this value. However, if the message encoding cannot be processed, this attribute will
            contain the remaining transformations not applied to the data payload.
        extras: Extras object. Currently only allows for push extra.
        name: The event name, if provided.

    Returns:
        The new message.
    """
    if client_id is not None:
        client_id = client_id.strip()
    if connection_id is not None:
        connection_id = connection_id.strip()
    if data is not None:
        data = data.strip()
    if encoding is not None:
        encoding = encoding.strip()
    if name is not None:
        name = name.strip()
    id = _next_id(db, "messages", "id", "M-", 4)
    db.execute("INSERT INTO messages (client_id, connection_id, data, encoding, extras, id, name, timestamp) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [client_id, connection_id, data, encoding, extras, id, name, None])
    return _message(db, id)


@tool
def get_presence_of_channel(db: Database, connection_id: str | None = None) -> list[dict[str, Any]]:
    """Get presence of a channel.

    Get presence on a channel

    Args:
        connection_id: The connection ID of the publisher of this presence update.

    Returns:
        The matching presence message rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if connection_id is not None:
        where.append("lower(t.connection_id) = lower(?)")
        params.append(connection_id.strip())
    return _select(db, _PRESENCE_MESSAGES_SQL, where, params, "t.id")


@tool
def get_presence_history_of_channel(db: Database) -> list[dict[str, Any]]:
    """Get presence history of a channel.

    Get presence on a channel

    Returns:
        The matching presence message rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _PRESENCE_MESSAGES_SQL, [], [], "t.id")


@tool
def get_push_subscriptions_on_channels(db: Database) -> list[dict[str, Any]]:
    """List channel subscriptions.

    Get a list of push notification subscriptions to channels.

    Returns:
        The matching device rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _DEVICES_SQL, [], [], "t.id")


@tool
def get_channels_with_push_subscribers(db: Database) -> list[dict[str, Any]]:
    """List all channels with at least one subscribed device.

    Returns a paginated response of channel names.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _CHANNELS_SQL, [], [], "t.channel_id")


@tool
def get_registered_push_devices(db: Database) -> list[dict[str, Any]]:
    """List devices registered for receiving push notifications.

    List of device details of devices registed for push notifications.

    Returns:
        The matching device rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _DEVICES_SQL, [], [], "t.id")


@tool(writes=True)
def register_push_device(
        db: Database,
        client_id: str | None = None,
        device_secret: str | None = None,
        form_factor: FormFactor | None = None,
        metadata: str | None = None,
        platform: Platform | None = None,
        push_recipient: str | None = None,
) -> dict[str, Any]:
    """Register a device for receiving push notifications.

    Register a device’s details, including the information necessary to deliver push notifications to it. Requires
    "push-admin" capability.

    Args:
        client_id: Optional trusted client identifier for the device.
        device_secret: Secret value for the device.
        form_factor: Form factor of the push device.
        metadata: Optional metadata object for this device. The metadata for a device may only be set by clients
            with push-admin privileges and will be used more extensively in the future with smart notifications.
        platform: Platform of the push device.
        push_recipient: Push recipient details for a device.

    Returns:
        The new device.
    """
    if client_id is not None:
        client_id = client_id.strip()
    if device_secret is not None:
        device_secret = device_secret.strip()
    id = _next_id(db, "devices", "id", "D-", 4)
    db.execute("INSERT INTO devices (client_id, device_secret, form_factor, id, metadata, platform, "
               "push_recipient, push_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [client_id, device_secret, form_factor, id, metadata, platform, push_recipient, "Active"])
    return _device(db, id)


@tool
def get_push_device_details(db: Database, id: str) -> dict[str, Any]:
    """Get a device registration.

    Get the full details of a device.

    Args:
        id: Device's ID; e.g. "D-0001" (from get_push_subscriptions_on_channels).

    Returns:
        The device with the names of the rows it refers to.
    """
    return _device(db, id)


@tool(writes=True)
def put_push_device_details(
        db: Database,
        id: str,
        client_id: str | None = None,
        device_secret: str | None = None,
        form_factor: FormFactor | None = None,
        metadata: str | None = None,
        platform: Platform | None = None,
        push_recipient: str | None = None,
) -> dict[str, Any]:
    """Update a device registration.

    Device registrations can be upserted (the existing registration is replaced entirely) with a PUT operation.
    Only clientId, metadata and push.recipient are mutable.

    Args:
        id: Device's ID; e.g. "D-0001" (from get_push_subscriptions_on_channels).
        client_id: Optional trusted client identifier for the device.
        device_secret: Secret value for the device.
        form_factor: Form factor of the push device.
        metadata: Optional metadata object for this device. The metadata for a device may only be set by clients
            with push-admin privileges and will be used more extensively in the future with smart notifications.
        platform: Platform of the push device.
        push_recipient: Push recipient details for a device.

    Returns:
        The device as changed.
    """
    device = _device(db, id)
    changes: dict[str, Any] = {}
    if client_id is not None:
        client_id = client_id.strip()
        changes["client_id"] = client_id
    if device_secret is not None:
        device_secret = device_secret.strip()
        changes["device_secret"] = device_secret
    if form_factor is not None:
        changes["form_factor"] = form_factor
    if metadata is not None:
        changes["metadata"] = metadata
    if platform is not None:
        changes["platform"] = platform
    if push_recipient is not None:
        changes["push_recipient"] = push_recipient
    if not changes:
        raise ToolError("put push device details needs at least one of client id, device secret, form factor, "
                        "metadata, platform or push recipient")
    _update(db, "devices", "id", device["id"], changes)
    return _device(db, device["id"])


@tool(writes=True)
def patch_push_device_details(
        db: Database,
        id: str,
        client_id: str | None = None,
        device_secret: str | None = None,
        form_factor: FormFactor | None = None,
        metadata: str | None = None,
        platform: Platform | None = None,
        push_recipient: str | None = None,
) -> dict[str, Any]:
    """Update a device registration.

    Specific attributes of an existing registration can be updated. Only clientId, metadata and push.recipient are
    mutable.

    Args:
        id: Device's ID; e.g. "D-0001" (from get_push_subscriptions_on_channels).
        client_id: Optional trusted client identifier for the device.
        device_secret: Secret value for the device.
        form_factor: Form factor of the push device.
        metadata: Optional metadata object for this device. The metadata for a device may only be set by clients
            with push-admin privileges and will be used more extensively in the future with smart notifications.
        platform: Platform of the push device.
        push_recipient: Push recipient details for a device.

    Returns:
        The device as changed.
    """
    device = _device(db, id)
    changes: dict[str, Any] = {}
    if client_id is not None:
        client_id = client_id.strip()
        changes["client_id"] = client_id
    if device_secret is not None:
        device_secret = device_secret.strip()
        changes["device_secret"] = device_secret
    if form_factor is not None:
        changes["form_factor"] = form_factor
    if metadata is not None:
        changes["metadata"] = metadata
    if platform is not None:
        changes["platform"] = platform
    if push_recipient is not None:
        changes["push_recipient"] = push_recipient
    if not changes:
        raise ToolError("patch push device details needs at least one of client id, device secret, form factor, "
                        "metadata, platform or push recipient")
    _update(db, "devices", "id", device["id"], changes)
    return _device(db, device["id"])


@tool
def update_push_device_details(db: Database) -> list[dict[str, Any]]:
    """Reset a registered device's update token.

    Gets an updated device details object.

    Returns:
        The matching device rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _DEVICES_SQL, [], [], "t.id")
