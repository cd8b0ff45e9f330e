"""Tools of the c_amazonaws_com_codecatalyst environment, compiled from Amazon CodeCatalyst.

Welcome to the Amazon CodeCatalyst API reference. This reference provides descriptions of operations and data types
for Amazon CodeCatalyst. You can use the Amazon CodeCatalyst API to work with the following objects. Spaces, by
calling the following: DeleteSpace , which deletes a space. GetSpace , which returns information about a space.
GetSubscription , which returns information about the Amazon Web Services account used for billing purposes and the
billing plan for the space. ListSpaces , which retrieves a list of spaces. UpdateSpace , which hanges one or more
values for a space. Projects...
"""

from __future__ import annotations

import re
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

DevEnvironmentStatus = Literal["PENDING",
                               "RUNNING", "STARTING", "STOPPING", "STOPPED", "FAILED", "DELETING", "DELETED"]
InstanceType = Literal["dev.standard1.small", "dev.standard1.medium", "dev.standard1.large", "dev.standard1.xlarge"]

#: The most rows a list returns; narrower filters find the rest.
LIST_LIMIT = 50
_DEV_ENVIRONMENTS_SQL = ("SELECT t.*, r1.name AS space_name_name, r2.name AS project_name_name FROM "
                         "dev_environments t LEFT JOIN spaces r1 ON r1.name = t.space_name LEFT JOIN "
                         "spaces r2 ON r2.name = t.project_name")
_PROJECTS_SQL = ("SELECT t.*, r1.name AS space_name_name FROM projects t LEFT JOIN spaces r1 ON "
                 "r1.name = t.space_name")
_SOURCE_REPOSITORIES_SQL = ("SELECT t.*, r1.name AS space_name_name, r2.name AS project_name_name FROM"
                            " source_repositories t LEFT JOIN spaces r1 ON r1.name = t.space_name LEFT"
                            " JOIN spaces r2 ON r2.name = t.project_name")
_SPACES_SQL = "SELECT t.* FROM spaces t"
_START_DEV_ENVIRONMENTS_SQL = ("SELECT t.*, r1.name AS space_name_name, r2.name AS project_name_name "
                               "FROM start_dev_environments t LEFT JOIN spaces r1 ON r1.name = "
                               "t.space_name LEFT JOIN spaces r2 ON r2.name = t.project_name")
_START_DEV_ENVIRONMENT_SESSIONS_SQL = ("SELECT t.*, r1.name AS space_name_name, r2.name AS "
                                       "project_name_name FROM start_dev_environment_sessions t LEFT "
                                       "JOIN spaces r1 ON r1.name = t.space_name LEFT JOIN spaces r2 "
                                       "ON r2.name = t.project_name")
_STOP_DEV_ENVIRONMENTS_SQL = ("SELECT t.*, r1.name AS space_name_name, r2.name AS project_name_name "
                              "FROM stop_dev_environments t LEFT JOIN spaces r1 ON r1.name = "
                              "t.space_name LEFT JOIN spaces r2 ON r2.name = t.project_name")
_STOP_DEV_ENVIRONMENT_SESSIONS_SQL = ("SELECT t.*, r1.name AS space_name_name, r2.name AS "
                                      "project_name_name FROM stop_dev_environment_sessions t LEFT "
                                      "JOIN spaces r1 ON r1.name = t.space_name LEFT JOIN spaces r2 ON"
                                      " r2.name = t.project_name")


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    return db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)


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


def _matches(name: str, value: str, pattern: str) -> str:
    if not re.fullmatch(pattern.strip("^$"), value):
        raise ToolError(f"{name} {value!r} does not match the pattern {pattern}")
    return value


def _within(name: str, value: float, low: float | None, high: float | None) -> float:
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low:g} to {high:g}" if low is not None and high is not None else \
            f"at least {low:g}" if low is not None else f"at most {high:g}"
        raise ToolError(f"{name} must be {span}, got {value:g}")
    return value


def _dev_environment(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_DEV_ENVIRONMENTS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no dev environment with id {id!r} (dev environment ids look like 'DE-0001')")
    return row


def _project(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_PROJECTS_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no project with id {name!r} (project ids look like 'P-0001')")
    return row


def _source_repository(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_SOURCE_REPOSITORIES_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no source repository with id {name!r} (source repository ids look like 'SR-0001')")
    return row


def _space(db: Database, name: str) -> dict[str, Any]:
    row = db.query_one(_SPACES_SQL + " WHERE t.name = ?", [name.strip().upper()])
    if row is None:
        raise ToolError(f"no space with id {name!r} (space ids look like 'S-0001')")
    return row


def _start_dev_environment(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_START_DEV_ENVIRONMENTS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no start dev environment with id {id!r} (start dev environment ids look like 'SDE-0001')")
    return row


def _start_dev_environment_session(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_START_DEV_ENVIRONMENT_SESSIONS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no start dev environment session with id {id!r} (start dev environment session ids look "
                        f"like 'SDES-0001')")
    return row


def _stop_dev_environment(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_STOP_DEV_ENVIRONMENTS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no stop dev environment with id {id!r} (stop dev environment ids look like 'SDE-0001')")
    return row


def _stop_dev_environment_session(db: Database, id: str) -> dict[str, Any]:
    row = db.query_one(_STOP_DEV_ENVIRONMENT_SESSIONS_SQL + " WHERE t.id = ?", [id.strip().upper()])
    if row is None:
        raise ToolError(f"no stop dev environment session with id {id!r} (stop dev environment session ids look "
                        f"like 'SDES-0001')")
    return row


@tool
def list_dev_environments(
        db: Database,
        space_name: str | None = None,
        project_name: str | None = None,
) -> list[dict[str, Any]]:
    """Retrieves a list of Dev Environments in a project.

    Args:
        space_name: The name of the space; e.g. "S-0001".
        project_name: The name of the project in the space; e.g. "S-0001".

    Returns:
        The matching dev environment rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if space_name is not None:
        space = _space(db, space_name)
        where.append("t.space_name = ?")
        params.append(space["name"])
    if project_name is not None:
        space = _space(db, project_name)
        where.append("t.project_name = ?")
        params.append(space["name"])
    return _select(db, _DEV_ENVIRONMENTS_SQL, where, params, "t.id")


@tool
def list_projects(db: Database, space_name: str | None = None) -> list[dict[str, Any]]:
    """Retrieves a list of projects.

    Args:
        space_name: The name of the space; e.g. "S-0001".

    Returns:
        The matching project rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if space_name is not None:
        space = _space(db, space_name)
        where.append("t.space_name = ?")
        params.append(space["name"])
    return _select(db, _PROJECTS_SQL, where, params, "t.name")


@tool
def get_source_repository(db: Database, name: str) -> dict[str, Any]:
    """Returns information about a source repository.

    Args:
        name: The name of the source repository; e.g. "SR-0001" (from get_source_repository_clone_urls).

    Returns:
        The source repository with the names of the rows it refers to.
    """
    return _source_repository(db, name)


@tool(writes=True)
def create_source_repository(
        db: Database,
        name: str,
        space_name: str | None = None,
        project_name: str | None = None,
        description: str | None = None,
) -> dict[str, Any]:
    """Creates an empty Git-based source repository in a specified project. The repository is created with an initial empty commit with a default branch named main .

    Args:
        name: The name of the source repository. For more information about name requirements, see Quotas for
            source repositories ; e.g. "SR-0001" (from get_source_repository_clone_urls).
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).
        description: The description of the source repository; 1 to 255 characters.

    Returns:
        The source repository as changed.
    """
    source_repository = _source_repository(db, name)
    changes: dict[str, Any] = {}
    if space_name is not None:
        space = _space(db, space_name)
        changes["space_name"] = space["name"]
    if project_name is not None:
        space = _space(db, project_name)
        changes["project_name"] = space["name"]
    if description is not None:
        description = _text("description", description, 1, 255)
        changes["description"] = description
    if not changes:
        raise ToolError("create source repository needs at least one of space name, project name or description")
    _update(db, "source_repositories", "name", source_repository["name"], changes)
    return _source_repository(db, source_repository["name"])


@tool(writes=True)
def delete_source_repository(db: Database, space_name: str, project_name: str, name: str) -> dict[str, Any]:
    """Deletes a source repository in Amazon CodeCatalyst. You cannot use this API to delete a linked repository. It can only be used to delete a Amazon CodeCatalyst source repository.

    Args:
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).
        name: The name of the source repository; e.g. "SR-0001" (from get_source_repository_clone_urls).

    Returns:
        The removed source repository, marked deleted.
    """
    source_repository = _source_repository(db, name)
    db.execute("DELETE FROM source_repositories WHERE name = ?", [source_repository["name"]])
    return {**source_repository, "deleted": True}


@tool
def get_dev_environment(db: Database, id: str) -> dict[str, Any]:
    """Returns information about a Dev Environment for a source repository in a project. Dev Environments are specific to the user who creates them.

    Args:
        id: The system-generated unique ID of the Dev Environment for which you want to view information. To
            retrieve a list of Dev Environment IDs, use ListDevEnvironments ; e.g. "DE-0001" (from
            list_dev_environments).

    Returns:
        The dev environment with the names of the rows it refers to.
    """
    return _dev_environment(db, id)


@tool(writes=True)
def update_dev_environment(
        db: Database,
        id: str,
        space_name: str | None = None,
        project_name: str | None = None,
        alias: str | None = None,
        ides: str | None = None,
        instance_type: InstanceType | None = None,
        inactivity_timeout_minutes: int | None = None,
) -> dict[str, Any]:
    """Changes one or more values for a Dev Environment. Updating certain values of the Dev Environment will cause a restart.

    Args:
        id: The system-generated unique ID of the Dev Environment; e.g. "DE-0001" (from list_dev_environments).
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).
        alias: The user-specified alias for the Dev Environment. Changing this value will not cause a restart; 0
            to 128 characters.
        ides: Information about the integrated development environment (IDE) configured for a Dev Environment.
        instance_type: The Amazon EC2 instace type to use for the Dev Environment. Changing this value will cause
            a restart of the Dev Environment if it is running.
        inactivity_timeout_minutes: The amount of time the Dev Environment will run without any activity detected
            before stopping, in minutes. Only whole integers are allowed. Dev Environments consume compute minutes
            when running. Changing this value will cause a restart of the Dev Environment if it is running; from 0 to
            1200.

    Returns:
        The dev environment as changed.
    """
    dev_environment = _dev_environment(db, id)
    changes: dict[str, Any] = {}
    if space_name is not None:
        space = _space(db, space_name)
        changes["space_name"] = space["name"]
    if project_name is not None:
        space = _space(db, project_name)
        changes["project_name"] = space["name"]
    if alias is not None:
        alias = _text("alias", alias, 0, 128)
        alias = _matches("alias", alias, "$|^[a-zA-Z0-9]+(?:[-_\\.][a-zA-Z0-9]+)*")
        changes["alias"] = alias
    if ides is not None:
        changes["ides"] = ides
    if instance_type is not None:
        changes["instance_type"] = instance_type
    if inactivity_timeout_minutes is not None:
        inactivity_timeout_minutes = _within("inactivity_timeout_minutes", inactivity_timeout_minutes, 0.0, 1200.0)
        changes["inactivity_timeout_minutes"] = inactivity_timeout_minutes
    if not changes:
        raise ToolError("update dev environment needs at least one of space name, project name, alias, ides, "
                        "instance type or inactivity timeout minutes")
    _update(db, "dev_environments", "id", dev_environment["id"], changes)
    return _dev_environment(db, dev_environment["id"])


@tool(writes=True)
def delete_dev_environment(db: Database, space_name: str, project_name: str, id: str) -> dict[str, Any]:
    """Deletes a Dev Environment.

    Args:
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).
        id: The system-generated unique ID of the Dev Environment you want to delete. To retrieve a list of Dev
            Environment IDs, use ListDevEnvironments ; e.g. "DE-0001" (from list_dev_environments).

    Returns:
        The removed dev environment, marked deleted.
    """
    dev_environment = _dev_environment(db, id)
    db.execute("DELETE FROM dev_environments WHERE id = ?", [dev_environment["id"]])
    return {**dev_environment, "deleted": True}


@tool
def get_project(db: Database, name: str) -> dict[str, Any]:
    """Returns information about a project.

    Args:
        name: The name of the project in the space; e.g. "P-0001" (from list_projects).

    Returns:
        The project with the names of the rows it refers to.
    """
    return _project(db, name)


@tool(writes=True)
def update_project(
        db: Database,
        name: str,
        space_name: str | None = None,
        description: str | None = None,
) -> dict[str, Any]:
    """Changes one or more values for a project.

    Args:
        name: The name of the project; e.g. "P-0001" (from list_projects).
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        description: The description of the project; 0 to 200 characters.

    Returns:
        The project as changed.
    """
    project = _project(db, name)
    changes: dict[str, Any] = {}
    if space_name is not None:
        space = _space(db, space_name)
        changes["space_name"] = space["name"]
    if description is not None:
        description = _text("description", description, 0, 200)
        description = _matches("description", description, "[a-zA-Z0-9]+(?:[-_a-zA-Z0-9.,;:/\\+=?&$%    ])*")
        changes["description"] = description
    if not changes:
        raise ToolError("update project needs at least one of space name or description")
    _update(db, "projects", "name", project["name"], changes)
    return _project(db, project["name"])


@tool(writes=True)
def delete_project(db: Database, space_name: str, name: str) -> dict[str, Any]:
    """Deletes a project in a space.

    Args:
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        name: The name of the project in the space. To retrieve a list of project names, use ListProjects ; e.g.
            "P-0001" (from list_projects).

    Returns:
        The removed project, marked deleted.
    """
    project = _project(db, name)
    db.execute("DELETE FROM projects WHERE name = ?", [project["name"]])
    return {**project, "deleted": True}


@tool
def get_space(db: Database, name: str) -> dict[str, Any]:
    """Returns information about an space.

    Args:
        name: The name of the space; e.g. "S-0001" (from get_subscription).

    Returns:
        The space with the names of the rows it refers to.
    """
    return _space(db, name)


@tool(writes=True)
def update_space(db: Database, name: str, description: str | None = None) -> dict[str, Any]:
    """Changes one or more values for a space.

    Args:
        name: The name of the space; e.g. "S-0001" (from get_subscription).
        description: The description of the space; 0 to 200 characters.

    Returns:
        The space as changed.
    """
    space = _space(db, name)
    changes: dict[str, Any] = {}
    if description is not None:
        description = _text("description", description, 0, 200)
        description = _matches("description", description, "[a-zA-Z0-9]+(?:[-_a-zA-Z0-9.,;:/\\+=?&$%    ])*")
        changes["description"] = description
    if not changes:
        raise ToolError("update space needs at least one of description")
    _update(db, "spaces", "name", space["name"], changes)
    return _space(db, space["name"])


@tool(writes=True)
def delete_space(db: Database, name: str) -> dict[str, Any]:
    """Deletes a space. Deleting a space cannot be undone. Additionally, since space names must be unique across Amazon CodeCatalyst, you cannot reuse names of deleted spaces.

    Args:
        name: The name of the space. To retrieve a list of space names, use ListSpaces ; e.g. "S-0001" (from
            get_subscription).

    Returns:
        The removed space, marked deleted.
    """
    space = _space(db, name)
    used = db.scalar("SELECT count(*) FROM dev_environments WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} dev environment row(s)")
    used = db.scalar("SELECT count(*) FROM dev_environments WHERE project_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} dev environment row(s)")
    used = db.scalar("SELECT count(*) FROM projects WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} project row(s)")
    used = db.scalar("SELECT count(*) FROM source_repositories WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} source repository row(s)")
    used = db.scalar("SELECT count(*) FROM source_repositories WHERE project_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} source repository row(s)")
    used = db.scalar("SELECT count(*) FROM start_dev_environments WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} start dev environment row(s)")
    used = db.scalar("SELECT count(*) FROM start_dev_environments WHERE project_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} start dev environment row(s)")
    used = db.scalar("SELECT count(*) FROM start_dev_environment_sessions WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} start dev environment session row(s)")
    used = db.scalar("SELECT count(*) FROM start_dev_environment_sessions WHERE project_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} start dev environment session row(s)")
    used = db.scalar("SELECT count(*) FROM stop_dev_environments WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} stop dev environment row(s)")
    used = db.scalar("SELECT count(*) FROM stop_dev_environments WHERE project_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} stop dev environment row(s)")
    used = db.scalar("SELECT count(*) FROM stop_dev_environment_sessions WHERE space_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} stop dev environment session row(s)")
    used = db.scalar("SELECT count(*) FROM stop_dev_environment_sessions WHERE project_name = ?", [space["name"]])
    if used:
        raise ToolError(f"space {space['name']} is still referred to by {used} stop dev environment session row(s)")
    db.execute("DELETE FROM spaces WHERE name = ?", [space["name"]])
    return {**space, "deleted": True}


@tool
def get_source_repository_clone_urls(
        db: Database,
        space_name: str | None = None,
        project_name: str | None = None,
        name: str | None = None,
) -> list[dict[str, Any]]:
    """Returns information about the URLs that can be used with a Git client to clone a source repository.

    Args:
        space_name: The name of the space; e.g. "S-0001".
        project_name: The name of the project in the space; e.g. "S-0001".
        name: The name of the source repository; 1 to 100 characters.

    Returns:
        The matching source repository rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if space_name is not None:
        space = _space(db, space_name)
        where.append("t.space_name = ?")
        params.append(space["name"])
    if project_name is not None:
        space = _space(db, project_name)
        where.append("t.project_name = ?")
        params.append(space["name"])
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _SOURCE_REPOSITORIES_SQL, where, params, "t.name")


@tool
def get_subscription(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """Returns information about the Amazon Web Services account used for billing purposes and the billing plan for the space.

    Args:
        name: The name of the space; 3 to 63 characters.

    Returns:
        The matching space rows (at most 50), each with the names of the rows it refers to.
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return _select(db, _SPACES_SQL, where, params, "t.name")


@tool
def list_spaces(db: Database) -> list[dict[str, Any]]:
    """Retrieves a list of spaces.

    Returns:
        The matching space rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _SPACES_SQL, [], [], "t.name")


@tool(writes=True)
def start_dev_environment(
        db: Database,
        id: str,
        space_name: str | None = None,
        project_name: str | None = None,
) -> dict[str, Any]:
    """Starts a specified Dev Environment and puts it into an active state.

    Args:
        id: The system-generated unique ID of the Dev Environment; e.g. "SDE-0001".
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).

    Returns:
        The start dev environment as changed.
    """
    start_dev_environment = _start_dev_environment(db, id)
    changes: dict[str, Any] = {}
    if space_name is not None:
        space = _space(db, space_name)
        changes["space_name"] = space["name"]
    if project_name is not None:
        space = _space(db, project_name)
        changes["project_name"] = space["name"]
    if not changes:
        raise ToolError("start dev environment needs at least one of space name or project name")
    _update(db, "start_dev_environments", "id", start_dev_environment["id"], changes)
    return _start_dev_environment(db, start_dev_environment["id"])


@tool(writes=True)
def start_dev_environment_session(
        db: Database,
        id: str,
        space_name: str | None = None,
        project_name: str | None = None,
) -> dict[str, Any]:
    """Starts a session for a specified Dev Environment.

    Args:
        id: The system-generated unique ID of the Dev Environment; e.g. "SDES-0001" (from verify_session).
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).

    Returns:
        The start dev environment session as changed.
    """
    start_dev_environment_session = _start_dev_environment_session(db, id)
    changes: dict[str, Any] = {}
    if space_name is not None:
        space = _space(db, space_name)
        changes["space_name"] = space["name"]
    if project_name is not None:
        space = _space(db, project_name)
        changes["project_name"] = space["name"]
    if not changes:
        raise ToolError("start dev environment session needs at least one of space name or project name")
    _update(db, "start_dev_environment_sessions", "id", start_dev_environment_session["id"], changes)
    return _start_dev_environment_session(db, start_dev_environment_session["id"])


@tool(writes=True)
def stop_dev_environment(
        db: Database,
        id: str,
        space_name: str | None = None,
        project_name: str | None = None,
) -> dict[str, Any]:
    """Pauses a specified Dev Environment and places it in a non-running state. Stopped Dev Environments do not consume compute minutes.

    Args:
        id: The system-generated unique ID of the Dev Environment; e.g. "SDE-0001".
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).

    Returns:
        The stop dev environment as changed.
    """
    stop_dev_environment = _stop_dev_environment(db, id)
    changes: dict[str, Any] = {}
    if space_name is not None:
        space = _space(db, space_name)
        changes["space_name"] = space["name"]
    if project_name is not None:
        space = _space(db, project_name)
        changes["project_name"] = space["name"]
    if not changes:
        raise ToolError("stop dev environment needs at least one of space name or project name")
    _update(db, "stop_dev_environments", "id", stop_dev_environment["id"], changes)
    return _stop_dev_environment(db, stop_dev_environment["id"])


@tool(writes=True)
def stop_dev_environment_session(
        db: Database,
        space_name: str,
        project_name: str,
        id: str,
        session_id: str,
) -> dict[str, Any]:
    """Stops a session for a specified Dev Environment.

    Args:
        space_name: The name of the space; e.g. "S-0001" (from get_subscription).
        project_name: The name of the project in the space; e.g. "S-0001" (from get_subscription).
        id: The system-generated unique ID of the Dev Environment. To obtain this ID, use ListDevEnvironments ;
            e.g. "SDES-0001".
        session_id: The system-generated unique ID of the Dev Environment session. This ID is returned by
            StartDevEnvironmentSession ; 1 to 96 characters.

    Returns:
        The removed stop dev environment session, marked deleted.
    """
    stop_dev_environment_session = _stop_dev_environment_session(db, id)
    db.execute("DELETE FROM stop_dev_environment_sessions WHERE id = ?", [stop_dev_environment_session["id"]])
    return {**stop_dev_environment_session, "deleted": True}


@tool
def verify_session(db: Database) -> list[dict[str, Any]]:
    """Verifies whether the calling user has a valid Amazon CodeCatalyst login and session. If successful, this returns the ID of the user in Amazon CodeCatalyst.

    Returns:
        The matching start dev environment session rows (at most 50), each with the names of the rows it refers to.
    """
    return _select(db, _START_DEV_ENVIRONMENT_SESSIONS_SQL, [], [], "t.id")
