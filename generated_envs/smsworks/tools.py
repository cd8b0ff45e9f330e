"""Tools of the smsworks environment, compiled from The SMS Works API.

The SMS Works provides a low-cost, reliable SMS API for developers. Pay only for delivered texts, all failed
messages are refunded.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows

MessageStatus = Literal["SENT", "DELIVERED", "EXPIRED", "UNDELIVERABLE", "REJECTED", "INCOMING"]
ScheduledMessageStatus = Literal["SCHEDULED", "PROCESSED", "CANCELLED"]

_MESSAGES_SQL = "SELECT t.* FROM messages t"
_MESSAGES_LIST_SQL = ("SELECT t.message_id, t.created, t.batchid, t.destination, t.keyword, t.sender, "
                      "t.status FROM messages t")
_SCHEDULED_MESSAGES_SQL = "SELECT t.* FROM scheduled_messages t"


def _message(db: Database, message_id: str) -> dict[str, Any]:
    row = db.query_one(_MESSAGES_SQL + " WHERE t.message_id = ?", [message_id.strip().upper()])
    if row is None:
        raise ToolError(f"no message with id {message_id!r} (message ids look like 'M-0001')")
    return row


@tool
def get_batch_batchid(db: Database, batchid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve all messages in a batch with the given batch ID.

    Args:
        batchid: The ID of the batch you would like returned.

    Returns:
        The matching message summaries (message_id, created, batchid, destination, keyword, sender, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if batchid is not None:
        where.append("lower(t.batchid) = lower(?)")
        params.append(batchid.strip())
    return select_rows(db, _MESSAGES_LIST_SQL, where, params, "t.message_id")


@tool
def post_messages(
        db: Database,
        destination: float | None = None,
        keyword: str | None = None,
        sender: str | None = None,
        status: MessageStatus | None = None,
) -> list[dict[str, Any]]:
    """Retrieve up to 1000 messages matching your search criteria.

    Args:
        destination: The phone number of the recipient. Start UK numbers with 44 and drop the leading 0.
        keyword: The keyword used in the inbound message.
        sender: The sender of the message (this can be the configured sender name for an outbound message or the
            senders phone number for an inbound message).
        status: The status of the messages you would like returned (either 'SENT', 'DELIVERED', 'EXPIRED',
            'UNDELIVERABLE', 'REJECTED' or 'INCOMING').

    Returns:
        The matching message summaries (message_id, created, batchid, destination, keyword, sender, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if destination is not None:
        where.append("t.destination = ?")
        params.append(destination)
    if keyword is not None:
        where.append("lower(t.keyword) = lower(?)")
        params.append(keyword.strip())
    if sender is not None:
        where.append("lower(t.sender) = lower(?)")
        params.append(sender.strip())
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _MESSAGES_LIST_SQL, where, params, "t.message_id")


@tool
def post_messages_failed(
        db: Database,
        destination: float | None = None,
        keyword: str | None = None,
        sender: str | None = None,
        status: MessageStatus | None = None,
) -> list[dict[str, Any]]:
    """Get failed messages matching your search criteria.

    Args:
        destination: The phone number of the recipient. Start UK numbers with 44 and drop the leading 0.
        keyword: The keyword used in the inbound message.
        sender: The sender of the message (this can be the configured sender name for an outbound message or the
            senders phone number for an inbound message).
        status: The status of the messages you would like returned (either 'SENT', 'DELIVERED', 'EXPIRED',
            'UNDELIVERABLE', 'REJECTED' or 'INCOMING').

    Returns:
        The matching message summaries (message_id, created, batchid, destination, keyword, sender, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if destination is not None:
        where.append("t.destination = ?")
        params.append(destination)
    if keyword is not None:
        where.append("lower(t.keyword) = lower(?)")
        params.append(keyword.strip())
    if sender is not None:
        where.append("lower(t.sender) = lower(?)")
        params.append(sender.strip())
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _MESSAGES_LIST_SQL, where, params, "t.message_id")


@tool
def post_messages_inbox(
        db: Database,
        destination: float | None = None,
        keyword: str | None = None,
        sender: str | None = None,
        status: MessageStatus | None = None,
) -> list[dict[str, Any]]:
    """Get unread uncoming messages matching your search criteria.

    Args:
        destination: The phone number of the recipient. Start UK numbers with 44 and drop the leading 0.
        keyword: The keyword used in the inbound message.
        sender: The sender of the message (this can be the configured sender name for an outbound message or the
            senders phone number for an inbound message).
        status: The status of the messages you would like returned (either 'SENT', 'DELIVERED', 'EXPIRED',
            'UNDELIVERABLE', 'REJECTED' or 'INCOMING').

    Returns:
        The matching message summaries (message_id, created, batchid, destination, keyword, sender, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if destination is not None:
        where.append("t.destination = ?")
        params.append(destination)
    if keyword is not None:
        where.append("lower(t.keyword) = lower(?)")
        params.append(keyword.strip())
    if sender is not None:
        where.append("lower(t.sender) = lower(?)")
        params.append(sender.strip())
    if status is not None:
        where.append("t.status = ?")
        params.append(status)
    return select_rows(db, _MESSAGES_LIST_SQL, where, params, "t.message_id")


@tool(writes=True)
def delete_messages_schedule_messageid(db: Database, message_id: str) -> dict[str, Any]:
    """Cancels a scheduled SMS message.

    Args:
        message_id: The ID of the message you would like returned; e.g. "M-0001" (from get_batch_batchid).

    Returns:
        The removed message, marked deleted.
    """
    message = _message(db, message_id)
    db.execute("DELETE FROM messages WHERE message_id = ?", [message["message_id"]])
    return {**message, "deleted": True}


@tool
def get_messages_messageid(db: Database, message_id: str) -> dict[str, Any]:
    """Retrieve a logged message by the message ID.

    Args:
        message_id: The ID of the message you would like returned; e.g. "M-0001" (from get_batch_batchid).

    Returns:
        The message with the names of the rows it refers to.
    """
    return _message(db, message_id)


@tool(writes=True)
def delete_messages_messageid(db: Database, message_id: str) -> dict[str, Any]:
    """Delete the message with the mathcing messageid.

    Args:
        message_id: The ID of the message you would like returned; e.g. "M-0001" (from get_batch_batchid).

    Returns:
        The removed message, marked deleted.
    """
    message = _message(db, message_id)
    db.execute("DELETE FROM messages WHERE message_id = ?", [message["message_id"]])
    return {**message, "deleted": True}
