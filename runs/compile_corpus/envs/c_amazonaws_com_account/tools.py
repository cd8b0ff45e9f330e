"""Tools of the c_amazonaws_com_account environment, compiled from AWS Account.

Operations for Amazon Web Services Account Management
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

RegionOptStatus = Literal["ENABLED", "ENABLING", "DISABLING", "DISABLED", "ENABLED_BY_DEFAULT"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_REGIONS_SQL = "SELECT t.* FROM regions t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


def _update(db: Database, table: str, key: str, value: Any, changes: dict[str, Any]) -> None:
    assignments = ", ".join(f"{column} = ?" for column in changes)
    db.execute(f"UPDATE {table} SET {assignments} WHERE {key} = ?", [*changes.values(), value])


def _region(db: Database, region_name: str) -> dict[str, Any]:
    row = db.query_one(_REGIONS_SQL + " WHERE t.region_name = ?", [region_name.strip().upper()])
    if row is None:
        raise ToolError(f"no region with id {region_name!r} (region ids look like 'R-0001')")
    return row


@tool(writes=True)
def disable_region(db: Database, region_name: str) -> dict[str, Any]:
    """Disables (opts-out) a particular Region for an account.

    Args:
        region_name: Specifies the Region-code for a given Region name (for example, af-south-1 ). When you
            disable a Region, Amazon Web Services performs actions to deactivate that Region in your account, such as
            destroying IAM resources in the Region. This process takes a few minutes for most accounts, but this can;
            e.g. "R-0001" (from list_regions).

    Returns:
        The region as changed.
    """
    region = _region(db, region_name)
    if region["region_opt_status"] not in ("ENABLED", "ENABLING", "DISABLING", "ENABLED_BY_DEFAULT"):
        raise ToolError(f"region {region['region_name']} is {region['region_opt_status']}: disable region applies "
                        f"only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY "
                        f"DEFAULT")
    changes: dict[str, Any] = {"region_opt_status": "DISABLED"}
    _update(db, "regions", "region_name", region["region_name"], changes)
    return _region(db, region["region_name"])


@tool(writes=True)
def enable_region(db: Database, region_name: str) -> dict[str, Any]:
    """Enables (opts-in) a particular Region for an account.

    Args:
        region_name: Specifies the Region-code for a given Region name (for example, af-south-1 ). When you enable
            a Region, Amazon Web Services performs actions to prepare your account in that Region, such as
            distributing your IAM resources to the Region. This process takes a few minutes for most accounts, but it
            can; e.g. "R-0001" (from list_regions).

    Returns:
        The region as changed.
    """
    region = _region(db, region_name)
    if region["region_opt_status"] not in ("ENABLING", "DISABLING", "DISABLED", "ENABLED_BY_DEFAULT"):
        raise ToolError(f"region {region['region_name']} is {region['region_opt_status']}: enable region applies "
                        f"only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY "
                        f"DEFAULT")
    changes: dict[str, Any] = {"region_opt_status": "ENABLED"}
    _update(db, "regions", "region_name", region["region_name"], changes)
    return _region(db, region["region_name"])


@tool
def list_regions(db: Database) -> list[dict[str, Any]]:
    """Lists all the Regions for a given account and their respective opt-in statuses. Optionally, this list can be filtered by the region-opt-status-contains parameter.

    Returns:
        The matching region rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _REGIONS_SQL, [], [], "t.region_name")
