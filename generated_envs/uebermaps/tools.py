"""Tools of the uebermaps environment, compiled from uebermaps API endpoints.

Enable people to store spots on public and private maps
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import next_number, select_rows, update_row

AttachmentStatus = Literal["approved", "unapproved"]
Group = Literal["admin", "editor"]
Visibility = Literal["public", "link", "private"]

_ATTACHMENTS_SQL = "SELECT t.*, r1.title AS map_title FROM attachments t LEFT JOIN maps r1 ON r1.map_id = t.map_id"
_ATTACHMENTS_LIST_SQL = ("SELECT t.attachment_id, t.created_at, t.attachable_id, t.attachable_type, "
                         "t.map_id, t.status, r1.title AS map_title FROM attachments t LEFT JOIN maps "
                         "r1 ON r1.map_id = t.map_id")
_COLLABORATORS_SQL = ("SELECT t.*, r1.title AS map_title, r2.name AS user_name FROM collaborators t "
                      "LEFT JOIN maps r1 ON r1.map_id = t.map_id LEFT JOIN users r2 ON r2.user_id = "
                      "t.user_id")
_MAPS_SQL = "SELECT t.*, r1.name AS user_name FROM maps t LEFT JOIN users r1 ON r1.user_id = t.user_id"
_RESPOTS_SQL = "SELECT t.*, r1.title AS map_title FROM respots t LEFT JOIN maps r1 ON r1.map_id = t.map_id"
_SPOTS_SQL = "SELECT t.*, r1.title AS map_title FROM spots t LEFT JOIN maps r1 ON r1.map_id = t.map_id"
_SUBSCRIPTIONS_SQL = ("SELECT t.*, r1.name AS user_name FROM subscriptions t LEFT JOIN users r1 ON "
                      "r1.user_id = t.user_id")
_USERS_SQL = "SELECT t.* FROM users t"
_USERS_LIST_SQL = "SELECT t.user_id, t.name FROM users t"


def _attachment(db: Database, attachment_id: int) -> dict[str, Any]:
    row = db.query_one(_ATTACHMENTS_SQL + " WHERE t.attachment_id = ?", [attachment_id])
    if row is None:
        raise ToolError(f"no attachment with id {attachment_id!r} (attachment ids look like 1)")
    return row


def _collaborator(db: Database, collaborator_id: int) -> dict[str, Any]:
    row = db.query_one(_COLLABORATORS_SQL + " WHERE t.collaborator_id = ?", [collaborator_id])
    if row is None:
        raise ToolError(f"no collaborator with id {collaborator_id!r} (collaborator ids look like 1)")
    return row


def _map(db: Database, map_id: int) -> dict[str, Any]:
    row = db.query_one(_MAPS_SQL + " WHERE t.map_id = ?", [map_id])
    if row is None:
        raise ToolError(f"no map with id {map_id!r} (map ids look like 1)")
    return row


def _respot(db: Database, respot_id: int) -> dict[str, Any]:
    row = db.query_one(_RESPOTS_SQL + " WHERE t.respot_id = ?", [respot_id])
    if row is None:
        raise ToolError(f"no respot with id {respot_id!r} (respot ids look like 1)")
    return row


def _spot(db: Database, spot_id: int) -> dict[str, Any]:
    row = db.query_one(_SPOTS_SQL + " WHERE t.spot_id = ?", [spot_id])
    if row is None:
        raise ToolError(f"no spot with id {spot_id!r} (spot ids look like 1)")
    return row


def _subscription(db: Database, subscription_id: int) -> dict[str, Any]:
    row = db.query_one(_SUBSCRIPTIONS_SQL + " WHERE t.subscription_id = ?", [subscription_id])
    if row is None:
        raise ToolError(f"no subscription with id {subscription_id!r} (subscription ids look like 1)")
    return row


def _user(db: Database, user_id: int) -> dict[str, Any]:
    row = db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id])
    if row is None:
        raise ToolError(f"no user with id {user_id!r} (user ids look like 1)")
    return row


@tool(writes=True)
def delete_attachments_id(db: Database, attachment_id: int) -> dict[str, Any]:
    """Delete attachment.

    Delete attachment.

    Args:
        attachment_id: Attachment id; e.g. 1 (from get_maps_id_attachments).

    Returns:
        The removed attachment, marked deleted.
    """
    attachment = _attachment(db, attachment_id)
    db.execute("DELETE FROM attachments WHERE attachment_id = ?", [attachment["attachment_id"]])
    return {**attachment, "deleted": True}


@tool(writes=True)
def patch_events_id(
        db: Database,
        map_id: int,
        description: str | None = None,
        title: str | None = None,
        user_id: int | None = None,
) -> dict[str, Any]:
    """Update event.

    Update event. Wrap event parameters in [event].

    Args:
        map_id: Event id; e.g. 1 (from get_maps).
        description: Description.
        title: Title.
        user_id: The user this map belongs to; e.g. 1 (from get_users_search).

    Returns:
        The map as changed.
    """
    map = _map(db, map_id)
    changes: dict[str, Any] = {}
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if user_id is not None:
        user = _user(db, user_id)
        changes["user_id"] = user["user_id"]
    if not changes:
        raise ToolError("patch events id needs at least one of description, title or user id")
    update_row(db, "maps", "map_id", map["map_id"], changes)
    return _map(db, map["map_id"])


@tool
def get_maps(db: Database) -> list[dict[str, Any]]:
    """List your own maps.

    List your own maps.

    Returns:
        The matching map rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _MAPS_SQL, [], [], "t.map_id")


@tool(writes=True)
def post_maps(
        db: Database,
        description: str | None = None,
        map_settings: str | None = None,
        title: str | None = None,
        visibility: Visibility | None = None,
) -> dict[str, Any]:
    """Create map.

    Create map. Wrap map parameters in [map]. To add a map header picture pass a base64 encoded string to
    [map][picture].

    Args:
        description: Description.
        map_settings: Map settings.
        title: Title.
        visibility: Visibility.

    Returns:
        The new map.
    """
    if description is not None:
        description = description.strip()
    if title is not None:
        title = title.strip()
    map_id = next_number(db, "maps", "map_id")
    db.execute("INSERT INTO maps (counts, created_at, description, map_id, map_settings, owner_id, picture_url, "
               "title, updated_at, visibility, user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, db.now, description, map_id, map_settings, None, None, title, db.now, visibility, None])
    return db.query_one(_MAPS_SQL + " WHERE t.map_id = ?", [map_id]) or {}


@tool
def get_maps_search(db: Database) -> list[dict[str, Any]]:
    """Search maps.

    Search maps

    Returns:
        The matching map rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _MAPS_SQL, [], [], "t.map_id")


@tool
def get_maps_id_attachments(db: Database, map_id: int | None = None) -> list[dict[str, Any]]:
    """List attachments for a given map.

    List attachments for a given map.

    Args:
        map_id: Map id; e.g. 1.

    Returns:
        The matching attachment summaries (attachment_id, created_at, attachable_id, attachable_type, map_id, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if map_id is not None:
        map = _map(db, map_id)
        where.append("t.map_id = ?")
        params.append(map["map_id"])
    return select_rows(db, _ATTACHMENTS_LIST_SQL, where, params, "t.attachment_id")


@tool(writes=True)
def post_maps_id_attachments(db: Database, map_id: int) -> dict[str, Any]:
    """Upload map attachment.

    Upload map attachment. Wrap attachment parameters in [attachment]

    Args:
        map_id: Map id; e.g. 1 (from get_maps).

    Returns:
        The new attachment.
    """
    map = _map(db, map_id)
    attachment_id = next_number(db, "attachments", "attachment_id")
    db.execute("INSERT INTO attachments (attachable_id, attachable_type, created_at, description, file_url, "
               "attachment_id, map_id, sizes, spot, status, user) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, None, db.now, None, None, attachment_id, map["map_id"], None, None, "approved", None])
    return db.query_one(_ATTACHMENTS_SQL + " WHERE t.attachment_id = ?", [attachment_id]) or {}


@tool
def get_maps_id_collaborators(db: Database, map_id: int | None = None) -> list[dict[str, Any]]:
    """List collaborators of a map.

    List collaborators of a map.

    Args:
        map_id: Map id; e.g. 1.

    Returns:
        The matching collaborator rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if map_id is not None:
        map = _map(db, map_id)
        where.append("t.map_id = ?")
        params.append(map["map_id"])
    return select_rows(db, _COLLABORATORS_SQL, where, params, "t.collaborator_id")


@tool(writes=True)
def patch_maps_id_collaborators_user_id(
        db: Database,
        map_id: int,
        collaborator_id: int,
        group_: Group | None = None,
) -> dict[str, Any]:
    """Update collaborator.

    Update collaborator. Wrap collaborator parameters in [collaborator]

    Args:
        map_id: map id; e.g. 1 (from get_maps).
        collaborator_id: user id; e.g. 1 (from get_maps_id_collaborators).
        group_: Group .

    Returns:
        The collaborator as changed.
    """
    collaborator = _collaborator(db, collaborator_id)
    map = _map(db, map_id)
    if collaborator["map_id"] != map["map_id"]:
        raise ToolError(f"collaborator {collaborator['collaborator_id']} is not under map {map['map_id']} (it "
                        f"belongs to map {collaborator['map_id']})")
    changes: dict[str, Any] = {}
    if group_ is not None:
        changes["group_"] = group_
    if not changes:
        raise ToolError("patch maps id collaborators user id needs at least one of group ")
    update_row(db, "collaborators", "collaborator_id", collaborator["collaborator_id"], changes)
    return _collaborator(db, collaborator["collaborator_id"])


@tool(writes=True)
def delete_maps_id_collaborators_user_id(db: Database, map_id: int, collaborator_id: int) -> dict[str, Any]:
    """Delete collaboration.

    Delete collaboration.

    Args:
        map_id: map id; e.g. 1 (from get_maps).
        collaborator_id: user id; e.g. 1 (from get_maps_id_collaborators).

    Returns:
        The removed collaborator, marked deleted.
    """
    collaborator = _collaborator(db, collaborator_id)
    map = _map(db, map_id)
    if collaborator["map_id"] != map["map_id"]:
        raise ToolError(f"collaborator {collaborator['collaborator_id']} is not under map {map['map_id']} (it "
                        f"belongs to map {collaborator['map_id']})")
    db.execute("DELETE FROM collaborators WHERE collaborator_id = ?", [collaborator["collaborator_id"]])
    return {**collaborator, "deleted": True}


@tool
def get_maps_id_respots(db: Database, map_id: int | None = None) -> list[dict[str, Any]]:
    """List respots of a map.

    List respots of a map.

    Args:
        map_id: Map Id; e.g. 1.

    Returns:
        The matching respot rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if map_id is not None:
        map = _map(db, map_id)
        where.append("t.map_id = ?")
        params.append(map["map_id"])
    return select_rows(db, _RESPOTS_SQL, where, params, "t.respot_id")


@tool
def get_maps_id_spots(db: Database, map_id: int | None = None) -> list[dict[str, Any]]:
    """List spots for a given map.

    List spots for a given map.

    Args:
        map_id: Id of map; e.g. 1.

    Returns:
        The matching spot rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if map_id is not None:
        map = _map(db, map_id)
        where.append("t.map_id = ?")
        params.append(map["map_id"])
    return select_rows(db, _SPOTS_SQL, where, params, "t.spot_id")


@tool(writes=True)
def post_maps_id_spots(
        db: Database,
        map_id: int,
        description: str | None = None,
        lat: float | None = None,
        lon: float | None = None,
        time_zone: str | None = None,
        title: str | None = None,
) -> dict[str, Any]:
    """Create spot.

    Create spot. Wrap parameters in [spot]. To add a spot picture pass a base64 encoded string to [spot][picture].

    Args:
        map_id: Id of map; e.g. 1 (from get_maps).
        description: Description.
        lat: Lat.
        lon: Lon.
        time_zone: Time zone.
        title: Title.

    Returns:
        The new spot.
    """
    map = _map(db, map_id)
    if description is not None:
        description = description.strip()
    if time_zone is not None:
        time_zone = time_zone.strip()
    if title is not None:
        title = title.strip()
    spot_id = next_number(db, "spots", "spot_id")
    db.execute("INSERT INTO spots (counts, created_at, description, spot_id, lat, lon, map_id, picture_url, "
               "status, time_zone, title, updated_at, user) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, db.now, description, spot_id, lat, lon, map["map_id"], None, "approved", time_zone, title, db.now, None])
    return db.query_one(_SPOTS_SQL + " WHERE t.spot_id = ?", [spot_id]) or {}


@tool
def get_maps_id_subscriptions(db: Database, subscription_id: int | None = None) -> list[dict[str, Any]]:
    """List subscriptions for a given map.

    List subscriptions for a given map.

    Args:
        subscription_id: Id of map.

    Returns:
        The matching subscription rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if subscription_id is not None:
        where.append("t.subscription_id = ?")
        params.append(subscription_id)
    return select_rows(db, _SUBSCRIPTIONS_SQL, where, params, "t.subscription_id")


@tool(writes=True)
def delete_maps_id_subscriptions(db: Database, subscription_id: int) -> dict[str, Any]:
    """Unsubscribe from map.

    Unsubscribe from map.

    Args:
        subscription_id: map id; e.g. 1 (from get_maps_id_subscriptions).

    Returns:
        The removed subscription, marked deleted.
    """
    subscription = _subscription(db, subscription_id)
    db.execute("DELETE FROM subscriptions WHERE subscription_id = ?", [subscription["subscription_id"]])
    return {**subscription, "deleted": True}


@tool
def get_respots_id(db: Database, respot_id: int) -> dict[str, Any]:
    """Get respot.

    Get basic information about a respot

    Args:
        respot_id: Id of respot; e.g. 1 (from get_maps_id_respots).

    Returns:
        The respot with the names of the rows it refers to.
    """
    return _respot(db, respot_id)


@tool(writes=True)
def delete_respots_id(db: Database, respot_id: int) -> dict[str, Any]:
    """Delete respot.

    Delete respot.

    Args:
        respot_id: Respot Id; e.g. 1 (from get_maps_id_respots).

    Returns:
        The removed respot, marked deleted.
    """
    respot = _respot(db, respot_id)
    db.execute("DELETE FROM respots WHERE respot_id = ?", [respot["respot_id"]])
    return {**respot, "deleted": True}


@tool(writes=True)
def patch_spots_id(
        db: Database,
        spot_id: int,
        description: str | None = None,
        lat: float | None = None,
        lon: float | None = None,
        time_zone: str | None = None,
        title: str | None = None,
) -> dict[str, Any]:
    """Update spot.

    Update spot. Wrap parameters in [spot]. To update the spot picture pass a base64 encoded string to
    [spot][picture].

    Args:
        spot_id: spot id; e.g. 1 (from get_maps_id_spots).
        description: Description.
        lat: Lat.
        lon: Lon.
        time_zone: Time zone.
        title: Title.

    Returns:
        The spot as changed.
    """
    spot = _spot(db, spot_id)
    changes: dict[str, Any] = {}
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if lat is not None:
        changes["lat"] = lat
    if lon is not None:
        changes["lon"] = lon
    if time_zone is not None:
        time_zone = time_zone.strip()
        changes["time_zone"] = time_zone
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if not changes:
        raise ToolError("patch spots id needs at least one of description, lat, lon, time zone or title")
    update_row(db, "spots", "spot_id", spot["spot_id"], changes)
    return _spot(db, spot["spot_id"])


@tool(writes=True)
def delete_spots_id(db: Database, spot_id: int) -> dict[str, Any]:
    """Delete spot.

    Delete spot.

    Args:
        spot_id: spot id; e.g. 1 (from get_maps_id_spots).

    Returns:
        The removed spot, marked deleted.
    """
    spot = _spot(db, spot_id)
    db.execute("DELETE FROM spots WHERE spot_id = ?", [spot["spot_id"]])
    return {**spot, "deleted": True}


@tool
def get_spots_id_attachments(db: Database, attachment_id: int | None = None) -> list[dict[str, Any]]:
    """List attachments for a given spot.

    List attachments for a given spot.

    Args:
        attachment_id: Spot id.

    Returns:
        The matching attachment summaries (attachment_id, created_at, attachable_id, attachable_type, map_id, status; given attachment_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if attachment_id is not None:
        where.append("t.attachment_id = ?")
        params.append(attachment_id)
    return select_rows(db, _ATTACHMENTS_SQL if attachment_id is not None else _ATTACHMENTS_LIST_SQL, where, params, "t.attachment_id")


@tool
def get_subscriptions(db: Database, user_id: int | None = None) -> list[dict[str, Any]]:
    """List subscriptions. Pass no parameters to get own subscriptions.

    List subscriptions.

    Args:
        user_id: Id of user; e.g. 1.

    Returns:
        The matching subscription rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if user_id is not None:
        user = _user(db, user_id)
        where.append("t.user_id = ?")
        params.append(user["user_id"])
    return select_rows(db, _SUBSCRIPTIONS_SQL, where, params, "t.subscription_id")


@tool
def get_users_search(db: Database) -> list[dict[str, Any]]:
    """Search users.

    Search users

    Returns:
        The matching user summaries (user_id, name; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _USERS_LIST_SQL, [], [], "t.user_id")


@tool
def get_users_id(db: Database, user_id: int) -> dict[str, Any]:
    """Get user profile.

    Get profile a user

    Args:
        user_id: Id of user; e.g. 1 (from get_users_search).

    Returns:
        The user with the names of the rows it refers to.
    """
    return _user(db, user_id)
