"""Tools of the c_amazonaws_com_connectparticipant environment, compiled from Amazon Connect Participant Service.

Amazon Connect is an easy-to-use omnichannel cloud contact center service that enables companies of any size to
deliver superior customer service at a lower cost. Amazon Connect communications capabilities make it easy for
companies to deliver personalized interactions across communication channels, including chat. Use the Amazon Connect
Participant Service to manage participants (for example, agents, customers, and managers listening in), and to send
messages and events within a chat contact. The APIs in the service enable the following: sending chat messages,
attachment sharing, managing a...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

ItemType = Literal["TYPING",
                   "PARTICIPANT_JOINED", "PARTICIPANT_LEFT", "CHAT_ENDED", "TRANSFER_SUCCEEDED", "TRANSFER_FAILED", "MESSAGE", "EVENT", "ATTACHMENT", "CONNECTION_ACK", "MESSAGE_DELIVERED", "MESSAGE_READ"]
ParticipantRole = Literal["AGENT", "CUSTOMER", "SYSTEM"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_ITEMS_SQL = "SELECT t.* FROM items t"
_SEND_EVENTS_SQL = "SELECT t.* FROM send_events t"
_SEND_MESSAGES_SQL = "SELECT t.* FROM send_messages t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _send_event(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_SEND_EVENTS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no send event with id {id!r} (send event ids look like 'SE-0001')")
    return row


def _send_message(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_SEND_MESSAGES_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no send message with id {id!r} (send message ids look like 'SM-0001')")
    return row


@tool
def get_transcript(db: Database, contact_id: str | None = None) -> list[dict[str, Any]]:
    """Retrieves a transcript of the session, including details about any attachments. For information about accessing past chat contact transcripts for a persistent chat, see Enable persistent chat . ConnectionToken is used for invoking this API instead of ParticipantToken . The Amazon Connect Participant Service APIs do not use Signature Version 4 authentication .

    Args:
        contact_id: The contactId from the current contact chain for which transcript is needed; 1 to 256
            characters.

    Returns:
        The matching item rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if contact_id is not None:
        where.append("lower(t.contact_id) = lower(?)")
        params.append(contact_id.strip())
    return _select(db, _ITEMS_SQL, where, params, "t.id")


@tool(writes=True)
def send_event(db: Database) -> dict[str, Any]:
    """Sends an event. ConnectionToken is used for invoking this API instead of ParticipantToken . The Amazon Connect Participant Service APIs do not use Signature Version 4 authentication .

    Returns:
        The new send event.
    """
    id = _next_id(db, "send_events", "id", "SE-", 4)
    db.execute("INSERT INTO send_events (id, absolute_time) VALUES (?, ?)",
               [id, None])
    return _send_event(db, id)


@tool(writes=True)
def send_message(db: Database) -> dict[str, Any]:
    """Sends a message. ConnectionToken is used for invoking this API instead of ParticipantToken . The Amazon Connect Participant Service APIs do not use Signature Version 4 authentication .

    Returns:
        The new send message.
    """
    id = _next_id(db, "send_messages", "id", "SM-", 4)
    db.execute("INSERT INTO send_messages (id, absolute_time) VALUES (?, ?)",
               [id, None])
    return _send_message(db, id)
