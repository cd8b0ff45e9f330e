"""Tools of the learnifier environment, compiled from Learnifier.

Learnifier
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_email, next_number, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

ProjectStatus = Literal["ACTIVATED", "NEW", "DISABLED"]

_PROJECTS_SQL = ("SELECT t.*, r1.name AS orgid_name FROM projects t LEFT JOIN org_units r1 ON "
                 "r1.org_unit_id = t.orgid")
_PROJECTS_LIST_SQL = ("SELECT t.project_id, t.name, t.created, t.design_id, t.status, t.orgid, r1.name"
                      " AS orgid_name FROM projects t LEFT JOIN org_units r1 ON r1.org_unit_id = "
                      "t.orgid")
_USER_GROUPS_SQL = ("SELECT t.*, r1.name AS orgid_name FROM user_groups t LEFT JOIN org_units r1 ON "
                    "r1.org_unit_id = t.orgid")
_USERS_SQL = ("SELECT t.*, r1.name AS groupid_name, r2.name AS orgid_name FROM users t LEFT JOIN "
              "global_user_groups r1 ON r1.global_user_group_id = t.groupid LEFT JOIN org_units r2 ON "
              "r2.org_unit_id = t.orgid")
_USERS_LIST_SQL = ("SELECT t.user_id, t.display_name, t.first_login, t.home_org, t.groupid, t.orgid, "
                   "r1.name AS groupid_name, r2.name AS orgid_name FROM users t LEFT JOIN "
                   "global_user_groups r1 ON r1.global_user_group_id = t.groupid LEFT JOIN org_units "
                   "r2 ON r2.org_unit_id = t.orgid")
_GLOBAL_USER_GROUPS_SQL = "SELECT t.* FROM global_user_groups t"
_ORG_UNITS_SQL = "SELECT t.* FROM org_units t"
_PARTICIPATIONS_SQL = ("SELECT t.*, r1.name AS project_name, r2.display_name AS user_display_name, "
                       "r3.name AS orgid_name FROM participations t LEFT JOIN projects r1 ON "
                       "r1.project_id = t.project_id LEFT JOIN users r2 ON r2.user_id = t.user_id LEFT"
                       " JOIN org_units r3 ON r3.org_unit_id = t.orgid")
_USER_GROUP_MEMBERS_SQL = ("SELECT t.*, r1.name AS orgid_name, r2.name AS groupid_name FROM "
                           "user_group_members t LEFT JOIN org_units r1 ON r1.org_unit_id = t.orgid "
                           "LEFT JOIN user_groups r2 ON r2.group_id = t.groupid")
_USER_PARTICIPATIONS_SQL = ("SELECT t.*, r1.name AS project_name, r2.display_name AS "
                            "userid_display_name FROM user_participations t LEFT JOIN projects r1 ON "
                            "r1.project_id = t.project_id LEFT JOIN users r2 ON r2.user_id = t.userid")


def _project(db: Database, project_id: int) -> dict[str, Any]:
    row = db.query_one(_PROJECTS_SQL + " WHERE t.project_id = ?", [project_id])
    if row is None:
        raise ToolError(f"no project with id {project_id!r} (project ids look like 1)")
    return row


def _user_group(db: Database, group_id: int) -> dict[str, Any]:
    row = db.query_one(_USER_GROUPS_SQL + " WHERE t.group_id = ?", [group_id])
    if row is None:
        raise ToolError(f"no user group with id {group_id!r} (user group ids look like 1)")
    return row


def _user(db: Database, user_id: str) -> dict[str, Any]:
    row = db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id.strip().upper()])
    if row is None:
        raise ToolError(f"no user with id {user_id!r} (user ids look like 'U-0001')")
    return row


def _global_user_group(db: Database, global_user_group_id: int) -> dict[str, Any]:
    row = db.query_one(_GLOBAL_USER_GROUPS_SQL + " WHERE t.global_user_group_id = ?", [global_user_group_id])
    if row is None:
        raise ToolError(f"no global user group with id {global_user_group_id!r} (global user group ids look like 1)")
    return row


def _org_unit(db: Database, org_unit_id: int) -> dict[str, Any]:
    row = db.query_one(_ORG_UNITS_SQL + " WHERE t.org_unit_id = ?", [org_unit_id])
    if row is None:
        raise ToolError(f"no org unit with id {org_unit_id!r} (org unit ids look like 1)")
    return row


@tool
def get_extorgunit(db: Database) -> list[dict[str, Any]]:
    """Get Organization Unit with External Id.

    Returns information about the organization unit with the specified external id.

    Returns:
        The matching org unit rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _ORG_UNITS_SQL, [], [], "t.org_unit_id")


@tool
def get_extparticipation(db: Database) -> list[dict[str, Any]]:
    """Gets a participation by external id.

    Gets a participation by external id.

    Returns:
        The matching participation rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PARTICIPATIONS_SQL, [], [], "t.participation_id")


@tool
def get_extproject(db: Database) -> list[dict[str, Any]]:
    """Gets Organization Unit by external id.

    Gets an Organization Unit by external id

    Returns:
        The matching project summaries (project_id, name, created, design_id, status, orgid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PROJECTS_LIST_SQL, [], [], "t.project_id")


@tool
def get_extuser(db: Database) -> list[dict[str, Any]]:
    """Gets a user by external id.

    Gets a user by external id.

    Returns:
        The matching user summaries (user_id, display_name, first_login, home_org, groupid, orgid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _USERS_LIST_SQL, [], [], "t.user_id")


@tool
def get_globalusergroups(db: Database) -> list[dict[str, Any]]:
    """List Global User Groups.

    Returns a list of Global User Groups. Global User Groups are set up for the realm, and will generate groups
    that can be used on the client level.

    Returns:
        The matching global user group rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _GLOBAL_USER_GROUPS_SQL, [], [], "t.global_user_group_id")


@tool
def get_globalusergroups_groupid_members(db: Database, groupid: int | None = None) -> list[dict[str, Any]]:
    """List of all users in group.

    Returns a list of all members in User Groups that are based on the Global Group with this groupid.

    Args:
        groupid: ID of group; e.g. 1.

    Returns:
        The matching user summaries (user_id, display_name, first_login, home_org, groupid, orgid; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if groupid is not None:
        global_user_group = _global_user_group(db, groupid)
        where.append("t.groupid = ?")
        params.append(global_user_group["global_user_group_id"])
    return select_rows(db, _USERS_LIST_SQL, where, params, "t.user_id")


@tool
def get_orgunits(db: Database) -> list[dict[str, Any]]:
    """Organization Units.

    The orgunits endpoint returns information about the available organization units (orgunits). The response
    includes the display name, internal and external id and client number.

    Returns:
        The matching org unit rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _ORG_UNITS_SQL, [], [], "t.org_unit_id")


@tool(writes=True)
def patch_orgunits_orgid(db: Database, org_unit_id: int, external_id: str | None = None) -> dict[str, Any]:
    """Updates an Organization Unit.

    Adds an Organization Unit

    Args:
        org_unit_id: Unique identifier representing a specific organization unit. Id numbers are never reused;
            e.g. 1 (from get_extorgunit).
        external_id: The external id (foreign key). Must not exceed 255 characters.

    Returns:
        The org unit as changed.
    """
    org_unit = _org_unit(db, org_unit_id)
    changes: dict[str, Any] = {}
    if external_id is not None:
        external_id = external_id.strip()
        changes["external_id"] = external_id
    if not changes:
        raise ToolError("patch orgunits orgid needs at least one of external id")
    update_row(db, "org_units", "org_unit_id", org_unit["org_unit_id"], changes)
    return _org_unit(db, org_unit["org_unit_id"])


@tool(writes=True)
def post_orgunits_orgid_projects(
        db: Database,
        orgid: int,
        design_id: int,
        name: str,
        country: str | None = None,
        created_by: str | None = None,
        locale: str | None = None,
        note: str | None = None,
        timezone: str | None = None,
        user_description: str | None = None,
        user_title: str | None = None,
) -> dict[str, Any]:
    """Create project.

    Creates a new project

    Args:
        orgid: Id of the organization unit; e.g. 1 (from get_extorgunit).
        design_id: The id of the design this project should be based on.
        name: The internal name of the project.
        country: The country code. Default value will be used if not specified.
        created_by: The id of the user that created the project. If the creator is not known this value can be
            *null* or not specified.
        locale: The primary locale for this project. Default value will be used if not specified.
        note: The internal note field.
        timezone: The main timezone for the project. Do not specify for default timezone.
        user_description: The description presented to participants. Do not specify for default value from design.
        user_title: The title presented to participants. Do not specify for default value from design.

    Returns:
        The new project.
    """
    org_unit = _org_unit(db, orgid)
    if country is not None:
        country = country.strip()
    if created_by is not None:
        created_by = created_by.strip()
    if locale is not None:
        locale = locale.strip()
    name = name.strip()
    if note is not None:
        note = note.strip()
    if timezone is not None:
        timezone = timezone.strip()
    if user_description is not None:
        user_description = user_description.strip()
    if user_title is not None:
        user_title = user_title.strip()
    project_id = next_number(db, "projects", "project_id")
    db.execute("INSERT INTO projects (admin_url, country, created, created_by, design_id, external_id, project_id, "
               "locale, name, note, org_id, status, timezone, user_description, user_title, orgid) VALUES (?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, country, db.now, created_by, design_id, None, project_id, locale, name, note, None, "ACTIVATED",
                                                                                                          timezone, user_description, user_title, org_unit["org_unit_id"]])
    return db.query_one(_PROJECTS_SQL + " WHERE t.project_id = ?", [project_id]) or {}


@tool
def get_orgunits_orgid_projects_projectid(db: Database, orgid: int, project_id: int) -> dict[str, Any]:
    """Project information.

    Returns project information

    Args:
        orgid: Id of the organization unit; e.g. 1 (from get_extorgunit).
        project_id: Id of the project; e.g. 1 (from get_extproject).

    Returns:
        The project with the names of the rows it refers to.
    """
    project = _project(db, project_id)
    org_unit = _org_unit(db, orgid)
    if project["orgid"] != org_unit["org_unit_id"]:
        raise ToolError(f"project {project['project_id']} is not under org unit {org_unit['org_unit_id']} (it "
                        f"belongs to org unit {project['orgid']})")
    return project


@tool(writes=True)
def patch_orgunits_orgid_projects_projectid(
        db: Database,
        orgid: int,
        project_id: int,
        country: str | None = None,
        locale: str | None = None,
        name: str | None = None,
        note: str | None = None,
        status: ProjectStatus | None = None,
        timezone: str | None = None,
        user_description: str | None = None,
        user_title: str | None = None,
) -> dict[str, Any]:
    """Update project information.

    Updates information about a project. Values are only updated if the fields are specified in the input

    Args:
        orgid: Id of the organization unit; e.g. 1 (from get_extorgunit).
        project_id: Id of the project; e.g. 1 (from get_extproject).
        country: The country code.
        locale: The primary locale for this project.
        name: The internal name of the project.
        note: The internal note field.
        status: Project status. Can be either ACTIVATED, NEW or DISABLED.
        timezone: The main timezone for the project.
        user_description: The description presented to participants. This value can be *null*.
        user_title: The title presented to participants.

    Returns:
        The project as changed.
    """
    project = _project(db, project_id)
    org_unit = _org_unit(db, orgid)
    if project["orgid"] != org_unit["org_unit_id"]:
        raise ToolError(f"project {project['project_id']} is not under org unit {org_unit['org_unit_id']} (it "
                        f"belongs to org unit {project['orgid']})")
    changes: dict[str, Any] = {}
    if country is not None:
        country = country.strip()
        changes["country"] = country
    if locale is not None:
        locale = locale.strip()
        changes["locale"] = locale
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if note is not None:
        note = note.strip()
        changes["note"] = note
    if status is not None:
        changes["status"] = status
    if timezone is not None:
        timezone = timezone.strip()
        changes["timezone"] = timezone
    if user_description is not None:
        user_description = user_description.strip()
        changes["user_description"] = user_description
    if user_title is not None:
        user_title = user_title.strip()
        changes["user_title"] = user_title
    if not changes:
        raise ToolError("patch orgunits orgid projects projectid needs at least one of country, locale, name, "
                        "note, status, timezone, user description or user title")
    update_row(db, "projects", "project_id", project["project_id"], changes)
    return _project(db, project["project_id"])


@tool
def get_orgunits_orgid_projects_projectid_participants(
        db: Database,
        orgid: int | None = None,
        project_id: int | None = None,
) -> list[dict[str, Any]]:
    """Project participants.

    Returns project participants

    Args:
        orgid: Id of the organization unit; e.g. 1.
        project_id: Id of the project; e.g. 1.

    Returns:
        The matching participation rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if orgid is not None:
        org_unit = _org_unit(db, orgid)
        where.append("t.orgid = ?")
        params.append(org_unit["org_unit_id"])
    if project_id is not None:
        project = _project(db, project_id)
        where.append("t.project_id = ?")
        params.append(project["project_id"])
    return select_rows(db, _PARTICIPATIONS_SQL, where, params, "t.participation_id")


@tool(writes=True)
def post_orgunits_orgid_usergroups_groupid_members(db: Database, orgid: int, groupid: int) -> dict[str, Any]:
    """Add user group member.

    Adds a user to user group.

    Args:
        orgid: ID of organization; e.g. 1 (from get_extorgunit).
        groupid: ID of group; e.g. 1.

    Returns:
        The new user group member.
    """
    org_unit = _org_unit(db, orgid)
    user_group = _user_group(db, groupid)
    if user_group["orgid"] is not None and user_group["orgid"] != org_unit["org_unit_id"]:
        raise ToolError(f"user group {user_group['group_id']} belongs to org unit {user_group['orgid']}, not org "
                        f"unit {org_unit['org_unit_id']}")
    user_group_member_uuid = next_id(db, "user_group_members", "user_group_member_uuid", "UGM-", 4)
    db.execute("INSERT INTO user_group_members (user_group_member_uuid, orgid, groupid) VALUES (?, ?, ?)",
               [user_group_member_uuid, org_unit["org_unit_id"], user_group["group_id"]])
    return db.query_one(_USER_GROUP_MEMBERS_SQL + " WHERE t.user_group_member_uuid = ?",
                                                  [user_group_member_uuid]) or {}


@tool(writes=True)
def post_users(
        db: Database,
        display_name: str | None = None,
        external_id: str | None = None,
        first_name: str | None = None,
        hard_lock: bool | None = None,
        home_org: int | None = None,
        last_name: str | None = None,
        primary_email: str | None = None,
) -> dict[str, Any]:
    """Adds a user.

    Adds a user. No two users can have the same email address. Email is saved WITH case but compared regardless of
    case. Email can be changed for a user assuming it doesn't cause a conflict.

    Args:
        display_name: The name shown when the user is listed.
        external_id: The external id (foreign key). Must not exceed 255 characters.
        first_name: The first (given) name of the user.
        hard_lock: True if the user should be locked from the system.
        home_org: The primary organization for the user. Must match the id of an Organization Unit.
        last_name: The last name (surname) of the user.
        primary_email: The primary email for the user. Used for communication from the platform; an email address.

    Returns:
        The new user.
    """
    if display_name is not None:
        display_name = display_name.strip()
    if external_id is not None:
        external_id = external_id.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if primary_email is not None:
        primary_email = check_email("primary_email", primary_email)
    user_id = next_id(db, "users", "user_id", "U-", 4)
    db.execute("INSERT INTO users (authorization_possible, display_name, external_id, first_login, first_name, "
               "hard_lock, home_org, user_id, last_login, last_name, locked, prefs, primary_email, groupid, orgid) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, display_name, external_id, db.now, first_name, hard_lock, home_org, user_id, db.now, last_name, None, None, primary_email, None, None])
    return db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id]) or {}


@tool
def get_users_userid(db: Database, user_id: str) -> dict[str, Any]:
    """User information.

    Returns information about a user

    Args:
        user_id: A user id; e.g. "U-0001" (from get_extuser).

    Returns:
        The user with the names of the rows it refers to.
    """
    return _user(db, user_id)


@tool(writes=True)
def patch_users_userid(
        db: Database,
        user_id: str,
        display_name: str | None = None,
        external_id: str | None = None,
        first_name: str | None = None,
        hard_lock: bool | None = None,
        home_org: int | None = None,
        last_name: str | None = None,
        primary_email: str | None = None,
) -> dict[str, Any]:
    """Updates user information.

    Updates a user. All values that have a key defined in the input will be set. So if a value should not be
    updated omit it totally from the input, otherwise it will be unset.

    Args:
        user_id: The user id; e.g. "U-0001" (from get_extuser).
        display_name: The name shown when the user is listed.
        external_id: The external id (foreign key). Must not exceed 255 characters.
        first_name: The first (given) name of the user.
        hard_lock: True if the user should be locked from the system.
        home_org: The primary organization for the user. Must match the id of an Organization Unit.
        last_name: The last name (surname) of the user.
        primary_email: The primary email for the user. Used for communication from the platform; an email address.

    Returns:
        The user as changed.
    """
    user = _user(db, user_id)
    changes: dict[str, Any] = {}
    if display_name is not None:
        display_name = display_name.strip()
        changes["display_name"] = display_name
    if external_id is not None:
        external_id = external_id.strip()
        changes["external_id"] = external_id
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if hard_lock is not None:
        changes["hard_lock"] = hard_lock
    if home_org is not None:
        changes["home_org"] = home_org
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if primary_email is not None:
        primary_email = check_email("primary_email", primary_email)
        changes["primary_email"] = primary_email
    if not changes:
        raise ToolError("patch users userid needs at least one of display name, external id, first name, hard "
                        "lock, home org, last name or primary email")
    update_row(db, "users", "user_id", user["user_id"], changes)
    return _user(db, user["user_id"])


@tool
def get_users_userid_project_participations(db: Database, userid: str | None = None) -> list[dict[str, Any]]:
    """Returns information about the projects the user is a participant in.

    Returns information about the projects the user is a participant in. Only the projects that the current token
    have access to will be listed.

    Args:
        userid: A user id; e.g. "U-0001".

    Returns:
        The matching user participation rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if userid is not None:
        user = _user(db, userid)
        where.append("t.userid = ?")
        params.append(user["user_id"])
    return select_rows(db, _USER_PARTICIPATIONS_SQL, where, params, "t.user_participation_id")
