"""Tools of the c_amazonaws_com_chime_sdk_messaging environment, compiled from Amazon Chime SDK Messaging.

The Amazon Chime SDK messaging APIs in this section allow software developers to send and receive messages in custom
messaging applications. These APIs depend on the frameworks provided by the Amazon Chime SDK identity APIs. For more
information about the messaging APIs, see Amazon Chime SDK messaging .
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

Mode = Literal["UNRESTRICTED", "RESTRICTED"]
Privacy = Literal["PUBLIC", "PRIVATE"]
ChannelMessageType = Literal["STANDARD", "CONTROL"]
Persistence = Literal["PERSISTENT", "NON_PERSISTENT"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_TAGS_SQL = "SELECT t.* FROM tags t"
_IDENTITIES_SQL = ("SELECT t.*, r1.name AS name_name FROM identities t LEFT JOIN "
                   "channel_associated_with_flows r1 ON r1.name = t.name")
_CHANNELS_SQL = ("SELECT t.*, r1.name AS channel_arn_name, r2.name AS channel_flow_arn_name FROM "
                 "channels t LEFT JOIN identities r1 ON r1.arn = t.channel_arn LEFT JOIN identities r2"
                 " ON r2.arn = t.channel_flow_arn")
_CHANNEL_FLOWS_SQL = ("SELECT t.*, r1.name AS channel_flow_arn_name FROM channel_flows t LEFT JOIN "
                      "identities r1 ON r1.arn = t.channel_flow_arn")
_CHANNEL_MESSAGES_SQL = ("SELECT t.*, r1.name AS channel_arn_name FROM channel_messages t LEFT JOIN "
                         "identities r1 ON r1.arn = t.channel_arn")
_CHANNEL_ASSOCIATED_WITH_FLOWS_SQL = ("SELECT t.*, r1.name AS channel_arn_name FROM "
                                      "channel_associated_with_flows t LEFT JOIN identities r1 ON "
                                      "r1.arn = t.channel_arn")
_SUB_CHANNELS_SQL = "SELECT t.* FROM sub_channels t"


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


def _identity(db: Database, arn: str) -> dict[str, Any]:
    row = db.query_one(_IDENTITIES_SQL + " WHERE t.arn = ?", [arn.strip().upper()])
    if row is None:
        raise ToolError(f"no identity with id {arn!r} (identity ids look like 'I-0001')")
    return row


def _channel(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_CHANNELS_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no channel with id {name!r} (channel ids look like 'C-0001')")
    return row


def _channel_flow(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_CHANNEL_FLOWS_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no channel flow with id {name!r} (channel flow ids look like 'CF-0001')")
    return row


def _sub_channel(db: Database, sub_channel_id: str) -> dict[str, Any]:
    row = db.query_one(_SUB_CHANNELS_SQL + " WHERE t.sub_channel_id = ?", [sub_channel_id.strip().upper()])
    if row is None:
        raise ToolError(f"no sub channel with id {sub_channel_id!r} (sub channel ids look like 'SC-0001')")
    return row


@tool(writes=True)
def associate_channel_flow(db: Database, name: str, channel_flow_arn: str | None = None) -> dict[str, Any]:
    """Associates a channel flow with a channel. Once associated, all messages to that channel go through channel flow processors. To stop processing, use the DisassociateChannelFlow API. Only administrators or channel moderators can associate a channel flow. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel; e.g. "C-0001" (from list_channel_bans).
        channel_flow_arn: The ARN of the channel flow; e.g. "I-0001".

    Returns:
        The channel as changed.
    """
    channel = _channel(db, name)
    changes: dict[str, Any] = {}
    if channel_flow_arn is not None:
        identity = _identity(db, channel_flow_arn)
        changes["channel_flow_arn"] = identity["arn"]
    if not changes:
        raise ToolError("associate channel flow needs at least one of channel flow arn")
    _update(db, "channels", "name", channel["name"], changes)
    return _channel(db, channel["name"])


@tool
def list_channel_bans(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Lists all the users and bots banned from a particular channel. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel; 5 to 1600 characters.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _CHANNELS_SQL, where, params, "t.name")


@tool(writes=True)
def create_channel_flow(db: Database, processors: str) -> dict[str, Any]:
    """Creates a channel flow, a container for processors. Processors are AWS Lambda functions that perform actions on chat messages, such as stripping out profanity. You can associate channel flows with channels, and the processors in the channel flow then take action on all messages sent to that channel. This is a developer API. Channel flows process the following items: New and updated messages Persistent and non-persistent messages The Standard message type Channel flows don't process Control or.

    Args:
        processors: Information about the processor Lambda functions.

    Returns:
        The new channel flow.
    """
    name = _next_id(db, "channel_flows", "name", "CF-", 4)
    db.execute("INSERT INTO channel_flows (channel_flow_arn, processors, name, created_timestamp, "
               "last_updated_timestamp) VALUES (?, ?, ?, ?, ?)",
               [None, processors, name, db.now, db.now])
    return _channel_flow(db, name)


@tool
def list_channel_memberships(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Lists all channel memberships in a channel. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header. If you want to list the channels to which a specific app instance user belongs, see the ListChannelMembershipsForAppInstanceUser API.

    Args:
        name: The maximum number of channel memberships that you want returned; 5 to 1600 characters.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _CHANNELS_SQL, where, params, "t.name")


@tool
def list_channel_moderators(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Lists all the moderators for a channel. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel; 5 to 1600 characters.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _CHANNELS_SQL, where, params, "t.name")


@tool(writes=True)
def update_channel(
        db: Database,
        name: str,
        mode: Mode | None = None,
        metadata: str | None = None,
) -> dict[str, Any]:
    """Update a channel's attributes. Restriction : You can't change a channel's privacy. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The name of the channel; e.g. "C-0001" (from list_channel_bans).
        mode: The mode of the update request.
        metadata: The metadata for the update request; 0 to 1024 characters.

    Returns:
        The channel as changed.
    """
    channel = _channel(db, name)
    changes: dict[str, Any] = {}
    if mode is not None:
        changes["mode"] = mode
    if metadata is not None:
        metadata = _text("metadata", metadata, 0, 1024)
        changes["metadata"] = metadata
    if not changes:
        raise ToolError("update channel needs at least one of mode or metadata")
    _update(db, "channels", "name", channel["name"], changes)
    return _channel(db, channel["name"])


@tool
def describe_channel_ban(db: Database, name: str) -> dict[str, Any]:
    """Returns the full details of a channel ban. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel from which the user is banned; e.g. "C-0001" (from list_channel_bans).

    Returns:
        The channel with the names of the rows it refers to.
    """
    return _channel(db, name)


@tool(writes=True)
def delete_channel_ban(db: Database, name: str) -> dict[str, Any]:
    """Removes a member from a channel's ban list. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel from which the AppInstanceUser was banned; e.g. "C-0001" (from
            list_channel_bans).

    Returns:
        The removed channel, marked deleted.
    """
    channel = _channel(db, name)
    db.execute("DELETE FROM channels WHERE name = ?", [channel["name"]])
    return {**channel, "deleted": True}


@tool
def describe_channel_flow(db: Database, name: str) -> dict[str, Any]:
    """Returns the full details of a channel flow in an Amazon Chime AppInstance . This is a developer API.

    Args:
        name: The ARN of the channel flow; e.g. "CF-0001" (from list_channel_flows).

    Returns:
        The channel flow with the names of the rows it refers to.
    """
    return _channel_flow(db, name)


@tool(writes=True)
def update_channel_flow(db: Database, name: str, processors: str | None = None) -> dict[str, Any]:
    """Updates channel flow attributes. This is a developer API.

    Args:
        name: The ARN of the channel flow; e.g. "CF-0001" (from list_channel_flows).
        processors: Information about the processor Lambda functions.

    Returns:
        The channel flow as changed.
    """
    channel_flow = _channel_flow(db, name)
    changes: dict[str, Any] = {}
    if processors is not None:
        changes["processors"] = processors
    if not changes:
        raise ToolError("update channel flow needs at least one of processors")
    _update(db, "channel_flows", "name", channel_flow["name"], changes)
    return _channel_flow(db, channel_flow["name"])


@tool(writes=True)
def delete_channel_flow(db: Database, name: str) -> dict[str, Any]:
    """Deletes a channel flow, an irreversible process. This is a developer API. This API works only when the channel flow is not associated with any channel. To get a list of all channels that a channel flow is associated with, use the ListChannelsAssociatedWithChannelFlow API. Use the DisassociateChannelFlow API to disassociate a channel flow from all channels.

    Args:
        name: The ARN of the channel flow; e.g. "CF-0001" (from list_channel_flows).

    Returns:
        The removed channel flow, marked deleted.
    """
    channel_flow = _channel_flow(db, name)
    db.execute("DELETE FROM channel_flows WHERE name = ?", [channel_flow["name"]])
    return {**channel_flow, "deleted": True}


@tool
def describe_channel_membership(db: Database, name: str) -> dict[str, Any]:
    """Returns the full details of a user's channel membership. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel; e.g. "C-0001" (from list_channel_bans).

    Returns:
        The channel with the names of the rows it refers to.
    """
    return _channel(db, name)


@tool(writes=True)
def delete_channel_membership(db: Database, name: str) -> dict[str, Any]:
    """Removes a member from a channel. The x-amz-chime-bearer request header is mandatory. Use the AppInstanceUserArn of the user that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel from which you want to remove the user; e.g. "C-0001" (from
            list_channel_bans).

    Returns:
        The removed channel, marked deleted.
    """
    channel = _channel(db, name)
    db.execute("DELETE FROM channels WHERE name = ?", [channel["name"]])
    return {**channel, "deleted": True}


@tool
def describe_channel_moderator(db: Database, name: str) -> dict[str, Any]:
    """Returns the full details of a single ChannelModerator. The x-amz-chime-bearer request header is mandatory. Use the AppInstanceUserArn of the user that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel; e.g. "C-0001" (from list_channel_bans).

    Returns:
        The channel with the names of the rows it refers to.
    """
    return _channel(db, name)


@tool(writes=True)
def delete_channel_moderator(db: Database, name: str) -> dict[str, Any]:
    """Deletes a channel moderator. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        name: The ARN of the channel; e.g. "C-0001" (from list_channel_bans).

    Returns:
        The removed channel, marked deleted.
    """
    channel = _channel(db, name)
    db.execute("DELETE FROM channels WHERE name = ?", [channel["name"]])
    return {**channel, "deleted": True}


@tool
def get_channel_membership_preferences(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Gets the membership preferences of an AppInstanceUser or AppInstanceBot for the specified channel. A user or a bot must be a member of the channel and own the membership in order to retrieve membership preferences. Users or bots in the AppInstanceAdmin and channel moderator roles can't retrieve preferences for other users or bots. Banned users or bots can't retrieve membership preferences for the channel from which they are banned. The x-amz-chime-bearer request header is mandatory. Use the ARN.

    Args:
        name: The ARN of the channel; 5 to 1600 characters.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _CHANNELS_SQL, where, params, "t.name")


@tool
def list_channel_flows(db: Database) -> list[dict[str, Any]]:
    """Returns a paginated lists of all the channel flows created under a single Chime. This is a developer API.

    Returns:
        The matching channel flow rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _CHANNEL_FLOWS_SQL, [], [], "t.name")


@tool
def list_channel_messages(
        db: Database,
        channel_arn: str | None = None,
        sub_channel_id: str | None = None,
) -> list[dict[str, Any]]:
    """List all the messages in a channel. Returns a paginated list of ChannelMessages . By default, sorted by creation timestamp in descending order. Redacted messages appear in the results as empty, since they are only redacted, not deleted. Deleted messages do not appear in the results. This action always returns the latest version of an edited message. Also, the x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value.

    Args:
        channel_arn: The ARN of the channel; e.g. "I-0001".
        sub_channel_id: The ID of the SubChannel in the request. Only required when listing the messages in a
            SubChannel that the user belongs to; e.g. "SC-0001".

    Returns:
        The matching channel message rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if channel_arn is not None:
        identity = _identity(db, channel_arn)
        where.append("t.channel_arn = ?")
        params.append(identity["arn"])
    if sub_channel_id is not None:
        sub_channel = _sub_channel(db, sub_channel_id)
        where.append("t.sub_channel_id = ?")
        params.append(sub_channel["sub_channel_id"])
    return _select(db, _CHANNEL_MESSAGES_SQL, where, params, "t.message_id")


@tool
def list_channels(db: Database, privacy: Privacy | None = None) -> list[dict[str, Any]]:
    """Lists all Channels created under a single Chime App as a paginated list. You can specify filters to narrow results. Functionality &amp; restrictions Use privacy = PUBLIC to retrieve all public channels in the account. Only an AppInstanceAdmin can set privacy = PRIVATE to list the private channels in an account. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Args:
        privacy: The privacy setting. PUBLIC retrieves all the public channels. PRIVATE retrieves private
            channels. Only an AppInstanceAdmin can retrieve private channels.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if privacy is not None:
        where.append("t.privacy = ?")
        params.append(privacy)
    return _select(db, _CHANNELS_SQL, where, params, "t.name")


@tool
def list_channels_associated_with_channel_flow(db: Database) -> list[dict[str, Any]]:
    """Lists all channels associated with a specified channel flow. You can associate a channel flow with multiple channels, but you can only associate a channel with one channel flow. This is a developer API.

    Returns:
        The matching channel associated with flow rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _CHANNEL_ASSOCIATED_WITH_FLOWS_SQL, [], [], "t.name")


@tool
def list_sub_channels(db: Database) -> list[dict[str, Any]]:
    """Lists all the SubChannels in an elastic channel when given a channel ID. Available only to the app instance admins and channel moderators of elastic channels.

    Returns:
        The matching sub channel rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _SUB_CHANNELS_SQL, [], [], "t.sub_channel_id")


@tool
def list_tags_for_resource(db: Database) -> list[dict[str, Any]]:
    """Lists the tags applied to an Amazon Chime SDK messaging resource.

    Returns:
        The matching tag rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _TAGS_SQL, [], [], "t.key")


@tool
def search_channels(db: Database) -> list[dict[str, Any]]:
    """Allows the ChimeBearer to search channels by channel members. Users or bots can search across the channels that they belong to. Users in the AppInstanceAdmin role can search across all channels. The x-amz-chime-bearer request header is mandatory. Use the ARN of the AppInstanceUser or AppInstanceBot that makes the API call as the value in the header.

    Returns:
        The matching channel rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _CHANNELS_SQL, [], [], "t.name")
