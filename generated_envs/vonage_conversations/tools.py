"""Tools of the vonage_conversations environment, compiled from Conversation API.

The Conversation API enables you to build conversation features where communication can take place across multiple
mediums including IP Messaging, PSTN Voice, SMS and WebRTC Audio and Video. The context of the conversations is
maintained though each communication event taking place within a conversation, no matter the medium.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows
from envfactory_gym.authoring.kit import next_id

State = Literal["invited", "joined", "left", "unknown"]

_CONVERSATIONS_SQL = "SELECT t.* FROM conversations t"
_EVENTS_SQL = ("SELECT t.*, r1.name AS conversation_name FROM events t LEFT JOIN conversations r1 ON "
               "r1.conversation_uuid = t.conversation_id")
_MEMBERS_SQL = "SELECT t.*, r1.name AS user_name FROM members t LEFT JOIN users r1 ON r1.user_id = t.user_id"
_MEMBER2S_SQL = ("SELECT t.*, r1.name AS user_name, r2.name AS conversation_name FROM member2s t LEFT "
                 "JOIN users r1 ON r1.user_id = t.user_id LEFT JOIN conversations r2 ON "
                 "r2.conversation_uuid = t.conversation_id")
_USERS_SQL = "SELECT t.* FROM users t"
_CONVERSATION2S_SQL = ("SELECT t.*, r1.user_name AS member_user_name, r2.name AS user_name FROM "
                       "conversation2s t LEFT JOIN members r1 ON r1.member_name = t.member_id LEFT "
                       "JOIN users r2 ON r2.user_id = t.user_id")


def _user(db: Database, user_id: str) -> dict[str, Any]:
    row = db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id.strip()])
    if row is None:
        raise ToolError(f"no user with id {user_id!r} (user ids look like "
                        f"'USR-63f61863-4a51-4f6b-86e1-46edebio0391')")
    return row


@tool(writes=True)
def create_conversation(db: Database, display_name: str | None = None, name: str | None = None) -> dict[str, Any]:
    """Create a conversation.

    Args:
        display_name: The display name for the conversation. It does not have to be unique.
        name: Unique name for a conversation.

    Returns:
        The new conversation.
    """
    if display_name is not None:
        display_name = display_name.strip()
    if name is not None:
        name = name.strip()
    conversation_uuid = next_id(db, "conversations", "conversation_uuid", "CON-63f61863-4a51-4f6b-86e1-46edebio", 4)
    db.execute("INSERT INTO conversations (links, api_key, display_name, members, name, numbers, video, "
               "sequence_number, timestamp, conversation_uuid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, None, display_name, None, name, None, None, None, None, conversation_uuid])
    return db.query_one(_CONVERSATIONS_SQL + " WHERE t.conversation_uuid = ?", [conversation_uuid]) or {}


@tool
def getuser_conversations(db: Database, user_id: str | None = None) -> list[dict[str, Any]]:
    """List user conversations.

    Args:
        user_id: User ID; e.g. "USR-63f61863-4a51-4f6b-86e1-46edebio0391".

    Returns:
        The matching conversation2 rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if user_id is not None:
        user = _user(db, user_id)
        where.append("t.user_id = ?")
        params.append(user["user_id"])
    return select_rows(db, _CONVERSATION2S_SQL, where, params, "t.conversation2_id")
