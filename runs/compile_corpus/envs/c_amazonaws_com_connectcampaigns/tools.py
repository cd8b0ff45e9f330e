"""Tools of the c_amazonaws_com_connectcampaigns environment, compiled from AmazonConnectCampaignService.

Provide APIs to create and manage Amazon Connect Campaigns.
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool


#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_CAMPAIGNS_SQL = "SELECT t.*, r1.name AS name_name FROM campaigns t LEFT JOIN campaign_names r1 ON r1.name = t.name"
_CAMPAIGN_NAMES_SQL = "SELECT t.* FROM campaign_names t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _next_id(db: Database, table: str, key: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(TRY_CAST(substr({key}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _campaign(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_CAMPAIGNS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no campaign with id {id!r} (campaign ids look like 'C-0001')")
    return row


def _campaign_name(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_CAMPAIGN_NAMES_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no campaign name with id {name!r} (campaign name ids look like 'CN-0001')")
    return row


@tool
def describe_campaign(db: Database, id: str) -> dict[str, Any]:
    """Describes the specific campaign.

    Args:
        id: Identifier representing a Campaign; e.g. "C-0001" (from get_campaign_state).

    Returns:
        The campaign with the names of the rows it refers to.
    """
    return _campaign(db, id)


@tool(writes=True)
def delete_campaign(db: Database, id: str) -> dict[str, Any]:
    """Deletes a campaign from the specified Amazon Connect account.

    Args:
        id: Identifier representing a Campaign; e.g. "C-0001" (from get_campaign_state).

    Returns:
        The removed campaign, marked deleted.
    """
    campaign = _campaign(db, id)
    db.execute("DELETE FROM campaigns WHERE id = ?", [campaign["id"]])
    return {**campaign, "deleted": True}


@tool
def get_campaign_state(db: Database, id: str | None = None) -> list[dict[str, Any]]:
    """Get state of a campaign for the specified Amazon Connect account.

    Args:
        id: Identifier representing a Campaign; 0 to 256 characters.

    Returns:
        The matching campaign rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if id is not None:
        where.append("lower(t.id) = lower(?)")
        params.append(id.strip())
    return _select(db, _CAMPAIGNS_SQL, where, params, "t.id")


@tool
def list_campaigns(db: Database) -> list[dict[str, Any]]:
    """Provides summary information about the campaigns under the specified Amazon Connect account.

    Returns:
        The matching campaign rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _CAMPAIGNS_SQL, [], [], "t.id")


@tool(writes=True)
def update_campaign_name(db: Database) -> dict[str, Any]:
    """Updates the name of a campaign. This API is idempotent.

    Returns:
        The new campaign name.
    """
    name = _next_id(db, "campaign_names", "name", "CN-", 4)
    db.execute("INSERT INTO campaign_names (name) VALUES (?)",
               [name])
    return _campaign_name(db, name)
