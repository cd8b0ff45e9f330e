"""Tools of the signl4_alerting environment, compiled from SIGNL4 API.

Use our API for systems integration or to build your own use cases. Sample scenarios include but are not limited to:
2-way integration: Triggering of Signls and updates in the third party systems when alert state changes occur
Retrieving alarms for logging purposes Calendar integrations: Creation and management of on-call duties Punch users
in and out based on external calendars etc. AUTHENTICATION Using the API requires an API key, which you can generate
in the SIGNL4 portal under 'Developers'. This key must then be specified in a special header in every HTTP request.
This header is called...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, check_span, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

KeywordMatching = Literal[0, 1]
Options = Literal[0, 1, 2, 4, 8]

_CATEGORIES_SQL = "SELECT t.* FROM categories t"
_CATEGORIES_LIST_SQL = "SELECT t.category_id, t.name, t.keyword_matching, t.last_match, t.options FROM categories t"
_SCHEDULES_SQL = ("SELECT t.*, r1.name AS user_name, r2.name AS team_name FROM schedules t LEFT JOIN "
                  "users r1 ON r1.user_id = t.user_id LEFT JOIN teams r2 ON r2.team_id = t.team_id")
_SCRIPT_INSTANCES_SQL = ("SELECT t.*, r1.name AS team_name FROM script_instances t LEFT JOIN teams r1 "
                         "ON r1.team_id = t.team_id")
_TEAMS_SQL = "SELECT t.* FROM teams t"
_USERS_SQL = "SELECT t.* FROM users t"
_USERS_LIST_SQL = "SELECT t.user_id, t.name, t.color_index, t.user_image_last_modified FROM users t"
_WEBHOOKS_SQL = "SELECT t.*, r1.name AS team_name FROM webhooks t LEFT JOIN teams r1 ON r1.team_id = t.team_id"


def _category(db: Database, category_id: str) -> dict[str, Any]:
    row = db.query_one(_CATEGORIES_SQL + " WHERE t.category_id = ?", [category_id.strip().upper()])
    if row is None:
        raise ToolError(f"no category with id {category_id!r} (category ids look like 'C-0001')")
    return row


def _schedule(db: Database, schedule_id: str) -> dict[str, Any]:
    row = db.query_one(_SCHEDULES_SQL + " WHERE t.schedule_id = ?", [schedule_id.strip().upper()])
    if row is None:
        raise ToolError(f"no schedule with id {schedule_id!r} (schedule ids look like 'S-0001')")
    return row


def _script_instance(db: Database, instance_id: str) -> dict[str, Any]:
    row = db.query_one(_SCRIPT_INSTANCES_SQL + " WHERE t.instance_id = ?", [instance_id.strip().upper()])
    if row is None:
        raise ToolError(f"no script instance with id {instance_id!r} (script instance ids look like 'SI-0001')")
    return row


def _team(db: Database, team_id: str) -> dict[str, Any]:
    row = db.query_one(_TEAMS_SQL + " WHERE t.team_id = ?", [team_id.strip().upper()])
    if row is None:
        raise ToolError(f"no team with id {team_id!r} (team ids look like 'T-0001')")
    return row


def _user(db: Database, user_id: str) -> dict[str, Any]:
    row = db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id.strip().upper()])
    if row is None:
        raise ToolError(f"no user with id {user_id!r} (user ids look like 'U-0001')")
    return row


def _webhook(db: Database, webhook_id: str) -> dict[str, Any]:
    row = db.query_one(_WEBHOOKS_SQL + " WHERE t.webhook_id = ?", [webhook_id.strip().upper()])
    if row is None:
        raise ToolError(f"no webhook with id {webhook_id!r} (webhook ids look like 'W-0001')")
    return row


@tool
def get_categories_team_id(db: Database, category_id: str | None = None) -> list[dict[str, Any]]:
    """Get all categories.

    Sample Request: GET /categories/cbb70402-1359-477f-ac92-0171cf2b5ff7

    Args:
        category_id: ID of the team the categories belong to.

    Returns:
        The matching category summaries (category_id, name, keyword_matching, last_match, options; given category_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if category_id is not None:
        where.append("lower(t.category_id) = lower(?)")
        params.append(category_id.strip())
    return select_rows(db, _CATEGORIES_SQL if category_id is not None else _CATEGORIES_LIST_SQL, where, params, "t.category_id")


@tool
def get_categories_team_id_category_id(db: Database, category_id: str) -> dict[str, Any]:
    """Get a specific category.

    Sample Request: GET /categories/cbb70402-1359-477f-ac92-0171cf2b5ff7/c0054336-cd89-4abf-882d-ba69b5adb25e

    Args:
        category_id: ID of the team the category belongs to; e.g. "C-0001" (from get_categories_team_id).

    Returns:
        The category with the names of the rows it refers to.
    """
    return _category(db, category_id)


@tool(writes=True)
def put_categories_team_id_category_id(
        db: Database,
        category_id: str,
        augmentations: str | None = None,
        color: str | None = None,
        image_name: str | None = None,
        keyword_matching: KeywordMatching | None = None,
        keywords: str | None = None,
        last_match: str | None = None,
        name: str | None = None,
        options: Options | None = None,
        order_: int | None = None,
) -> dict[str, Any]:
    """Update an existing category.

    Sample Request: PUT /categories/cbb70402-1359-477f-ac92-0171cf2b5ff7/c0054336-cd89-4abf-882d-ba69b5adb25e
    "name": "Water-Updated", "imageName": "water.svg", "color": "#0000cc", "keywordMatching": "All", "keywords": [
    "value": "H2O" , "value": "Water" , "value": "Wet" ]

    Args:
        category_id: ID of the team the category belongs to; e.g. "C-0001" (from get_categories_team_id).
        augmentations: Augmentations.
        color: Color.
        image_name: Image name.
        keyword_matching: Keyword matching.
        keywords: Keywords.
        last_match: Last match; a date and time YYYY-MM-DDTHH:MM.
        name: Name.
        options: Options.
        order_: Order .

    Returns:
        The category as changed.
    """
    category = _category(db, category_id)
    changes: dict[str, Any] = {}
    if augmentations is not None:
        changes["augmentations"] = augmentations
    if color is not None:
        color = color.strip()
        changes["color"] = color
    if image_name is not None:
        image_name = image_name.strip()
        changes["image_name"] = image_name
    if keyword_matching is not None:
        changes["keyword_matching"] = keyword_matching
    if keywords is not None:
        changes["keywords"] = keywords
    if last_match is not None:
        last_match = check_moment("last_match", last_match)
        changes["last_match"] = last_match
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if options is not None:
        changes["options"] = options
    if order_ is not None:
        changes["order_"] = order_
    if not changes:
        raise ToolError("put categories team id category id needs at least one of augmentations, color, image "
                        "name, keyword matching, keywords, last match, name, options or order ")
    update_row(db, "categories", "category_id", category["category_id"], changes)
    return _category(db, category["category_id"])


@tool(writes=True)
def delete_categories_team_id_category_id(db: Database, category_id: str) -> dict[str, Any]:
    """Delete an existing category.

    Sample Request: DELETE /categories/cbb70402-1359-477f-ac92-0171cf2b5ff7/c0054336-cd89-4abf-882d-ba69b5adb25e

    Args:
        category_id: ID of the team the category belongs to; e.g. "C-0001" (from get_categories_team_id).

    Returns:
        The removed category, marked deleted.
    """
    category = _category(db, category_id)
    db.execute("DELETE FROM categories WHERE category_id = ?", [category["category_id"]])
    return {**category, "deleted": True}


@tool
def get_scripts_instances(db: Database, team_id: str | None = None) -> list[dict[str, Any]]:
    """Returns all script instances of the SIGNL4 team.

    Returns all script instances in the subscription.

    Args:
        team_id: Only script instance rows with this team id; e.g. "T-0001".

    Returns:
        The matching script instance rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if team_id is not None:
        team = _team(db, team_id)
        where.append("t.team_id = ?")
        params.append(team["team_id"])
    return select_rows(db, _SCRIPT_INSTANCES_SQL, where, params, "t.instance_id")


@tool(writes=True)
def post_scripts_instances(
        db: Database,
        config: str | None = None,
        custom_script_description: str | None = None,
        custom_script_name: str | None = None,
        enabled: bool | None = None,
        event_pattern: str | None = None,
        last_modified: str | None = None,
        runtime_information: str | None = None,
        script_id: str | None = None,
        script_name: str | None = None,
        subscription_id: str | None = None,
        team_id: str | None = None,
) -> dict[str, Any]:
    """Creates a new script instance in the in the SIGNL4 team.

    Creates a new script instance of the script specified in the request body.

    Args:
        config: Config.
        custom_script_description: Custom script description.
        custom_script_name: Custom script name.
        enabled: Enabled.
        event_pattern: Event pattern.
        last_modified: Last modified; a date and time YYYY-MM-DDTHH:MM.
        runtime_information: Runtime information.
        script_id: Script id.
        script_name: Script name.
        subscription_id: Subscription id.
        team_id: Team id; e.g. "T-0001" (from get_subscriptions_subscription_id_teams).

    Returns:
        The new script instance.
    """
    if config is not None:
        config = config.strip()
    if custom_script_description is not None:
        custom_script_description = custom_script_description.strip()
    if custom_script_name is not None:
        custom_script_name = custom_script_name.strip()
    if event_pattern is not None:
        event_pattern = event_pattern.strip()
    if last_modified is not None:
        last_modified = check_moment("last_modified", last_modified)
    if script_id is not None:
        script_id = script_id.strip()
    if script_name is not None:
        script_name = script_name.strip()
    if subscription_id is not None:
        subscription_id = subscription_id.strip()
    if team_id is not None:
        team = _team(db, team_id)
    instance_id = next_id(db, "script_instances", "instance_id", "SI-", 4)
    db.execute("INSERT INTO script_instances (config, custom_script_description, custom_script_name, enabled, "
               "event_pattern, instance_id, last_modified, runtime_information, script_id, script_name, "
               "subscription_id, team_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [config, custom_script_description, custom_script_name, enabled, event_pattern, instance_id, last_modified, runtime_information, script_id, script_name, subscription_id, team["team_id"] if team_id is not None else None])
    return db.query_one(_SCRIPT_INSTANCES_SQL + " WHERE t.instance_id = ?", [instance_id]) or {}


@tool(writes=True)
def put_scripts_instances_instance_id(
        db: Database,
        instance_id: str,
        config: str | None = None,
        custom_script_description: str | None = None,
        custom_script_name: str | None = None,
        enabled: bool | None = None,
        event_pattern: str | None = None,
        last_modified: str | None = None,
        runtime_information: str | None = None,
        script_id: str | None = None,
        script_name: str | None = None,
        subscription_id: str | None = None,
        team_id: str | None = None,
) -> dict[str, Any]:
    """Updates a given script instance, typically used for updating the configuration of a script.

    Updates the specified script instance.

    Args:
        instance_id: InstanceId of the script to be updated; e.g. "SI-0001" (from get_scripts_instances).
        config: Config.
        custom_script_description: Custom script description.
        custom_script_name: Custom script name.
        enabled: Enabled.
        event_pattern: Event pattern.
        last_modified: Last modified; a date and time YYYY-MM-DDTHH:MM.
        runtime_information: Runtime information.
        script_id: Script id.
        script_name: Script name.
        subscription_id: Subscription id.
        team_id: Team id; e.g. "T-0001" (from get_subscriptions_subscription_id_teams).

    Returns:
        The script instance as changed.
    """
    script_instance = _script_instance(db, instance_id)
    changes: dict[str, Any] = {}
    if config is not None:
        config = config.strip()
        changes["config"] = config
    if custom_script_description is not None:
        custom_script_description = custom_script_description.strip()
        changes["custom_script_description"] = custom_script_description
    if custom_script_name is not None:
        custom_script_name = custom_script_name.strip()
        changes["custom_script_name"] = custom_script_name
    if enabled is not None:
        changes["enabled"] = enabled
    if event_pattern is not None:
        event_pattern = event_pattern.strip()
        changes["event_pattern"] = event_pattern
    if last_modified is not None:
        last_modified = check_moment("last_modified", last_modified)
        changes["last_modified"] = last_modified
    if runtime_information is not None:
        changes["runtime_information"] = runtime_information
    if script_id is not None:
        script_id = script_id.strip()
        changes["script_id"] = script_id
    if script_name is not None:
        script_name = script_name.strip()
        changes["script_name"] = script_name
    if subscription_id is not None:
        subscription_id = subscription_id.strip()
        changes["subscription_id"] = subscription_id
    if team_id is not None:
        team = _team(db, team_id)
        changes["team_id"] = team["team_id"]
    if not changes:
        raise ToolError("put scripts instances instance id needs at least one of config, custom script "
                        "description, custom script name, enabled, event pattern, last modified, runtime "
                        "information, script id, script name, subscription id or team id")
    update_row(db, "script_instances", "instance_id", script_instance["instance_id"], changes)
    return _script_instance(db, script_instance["instance_id"])


@tool(writes=True)
def delete_scripts_instances_instance_id(db: Database, instance_id: str) -> dict[str, Any]:
    """Deletes a script instance.

    Gets the script instance specified by the passed instance id.

    Args:
        instance_id: Instance Id of script instance to be returned; e.g. "SI-0001" (from get_scripts_instances).

    Returns:
        The removed script instance, marked deleted.
    """
    script_instance = _script_instance(db, instance_id)
    db.execute("DELETE FROM script_instances WHERE instance_id = ?", [script_instance["instance_id"]])
    return {**script_instance, "deleted": True}


@tool
def get_subscriptions_subscription_id_teams(
        db: Database,
        subscription_id: str | None = None,
) -> list[dict[str, Any]]:
    """Get infos for all teams of the subscription.

    Args:
        subscription_id: Only team rows with this subscription id.

    Returns:
        The matching team rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if subscription_id is not None:
        where.append("lower(t.subscription_id) = lower(?)")
        params.append(subscription_id.strip())
    return select_rows(db, _TEAMS_SQL, where, params, "t.team_id")


@tool
def get_teams(db: Database) -> list[dict[str, Any]]:
    """Get infos of all teams.

    Returns:
        The matching team rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TEAMS_SQL, [], [], "t.team_id")


@tool
def get_teams_team_id(db: Database, team_id: str) -> dict[str, Any]:
    """Gets infos of a specific team.

    Args:
        team_id: ID of the team that should be retrieved; e.g. "T-0001" (from
            get_subscriptions_subscription_id_teams).

    Returns:
        The team with the names of the rows it refers to.
    """
    return _team(db, team_id)


@tool(writes=True)
def put_teams_team_id_profile(db: Database, team_id: str, name: str | None = None) -> dict[str, Any]:
    """Updates team profile of a team.

    Args:
        team_id: Team ID of team which should be updated; e.g. "T-0001" (from
            get_subscriptions_subscription_id_teams).
        name: Name.

    Returns:
        The team as changed.
    """
    team = _team(db, team_id)
    changes: dict[str, Any] = {}
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("put teams team id profile needs at least one of name")
    update_row(db, "teams", "team_id", team["team_id"], changes)
    return _team(db, team["team_id"])


@tool
def get_teams_team_id_schedules(
        db: Database,
        team_id: str | None = None,
        user_id: str | None = None,
) -> list[dict[str, Any]]:
    """Returns information about all duties that belong to the team.

    Args:
        team_id: Id of the team the schedules user belongs to; e.g. "T-0001".
        user_id: Only schedule rows with this user id; e.g. "U-0001".

    Returns:
        The matching schedule rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if team_id is not None:
        team = _team(db, team_id)
        where.append("t.team_id = ?")
        params.append(team["team_id"])
    if user_id is not None:
        user = _user(db, user_id)
        where.append("t.user_id = ?")
        params.append(user["user_id"])
    return select_rows(db, _SCHEDULES_SQL, where, params, "t.schedule_id")


@tool(writes=True)
def post_teams_team_id_schedules(
        db: Database,
        team_id: str,
        end_: str | None = None,
        options: int | None = None,
        start: str | None = None,
        user_id: str | None = None,
) -> dict[str, Any]:
    """Create/Update given duty schedule.

    Args:
        team_id: Id of the team the duty is to be assigned to; e.g. "T-0001" (from
            get_subscriptions_subscription_id_teams).
        end_: End ; a date and time YYYY-MM-DDTHH:MM.
        options: Options.
        start: Start; a date and time YYYY-MM-DDTHH:MM.
        user_id: User id; e.g. "U-0001" (from get_users).

    Returns:
        The new schedule.
    """
    team = _team(db, team_id)
    if end_ is not None:
        end_ = check_moment("end_", end_)
    if start is not None:
        start = check_moment("start", start)
    if user_id is not None:
        user = _user(db, user_id)
    check_span("a schedule", "start", start,
          "end", end_)
    schedule_id = next_id(db, "schedules", "schedule_id", "S-", 4)
    db.execute("INSERT INTO schedules (end_, schedule_id, options, start, user_id, team_id) VALUES (?, ?, ?, ?, ?, "
               "?)",
               [end_, schedule_id, options, start, user["user_id"] if user_id is not None else None, team["team_id"]])
    return db.query_one(_SCHEDULES_SQL + " WHERE t.schedule_id = ?", [schedule_id]) or {}


@tool(writes=True)
def delete_teams_team_id_schedules_duty_id(db: Database, team_id: str, schedule_id: str) -> dict[str, Any]:
    """Delete a specific duty.

    Args:
        team_id: ID of the team the duty belongs to; e.g. "T-0001" (from get_subscriptions_subscription_id_teams).
        schedule_id: ID of the duty to be deleted; e.g. "S-0001" (from get_teams_team_id_schedules).

    Returns:
        The removed schedule, marked deleted.
    """
    schedule = _schedule(db, schedule_id)
    team = _team(db, team_id)
    if schedule["team_id"] != team["team_id"]:
        raise ToolError(f"schedule {schedule['schedule_id']} is not under team {team['team_id']} (it belongs to "
                        f"team {schedule['team_id']})")
    db.execute("DELETE FROM schedules WHERE schedule_id = ?", [schedule["schedule_id"]])
    return {**schedule, "deleted": True}


@tool
def get_teams_team_id_schedules_schedule_id(db: Database, team_id: str, schedule_id: str) -> dict[str, Any]:
    """Returns information of the duty schedule with the specified Id.

    Args:
        team_id: Id of the team the duty belongs to; e.g. "T-0001" (from get_subscriptions_subscription_id_teams).
        schedule_id: Id of the requested duty schedule; e.g. "S-0001" (from get_teams_team_id_schedules).

    Returns:
        The schedule with the names of the rows it refers to.
    """
    schedule = _schedule(db, schedule_id)
    team = _team(db, team_id)
    if schedule["team_id"] != team["team_id"]:
        raise ToolError(f"schedule {schedule['schedule_id']} is not under team {team['team_id']} (it belongs to "
                        f"team {schedule['team_id']})")
    return schedule


@tool
def get_users(db: Database) -> list[dict[str, Any]]:
    """Get all Users.

    Returns a list of user objects with details such as their email address and duty information. Only users who
    are part of your team will be returned.

    Returns:
        The matching user summaries (user_id, name, color_index, user_image_last_modified; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _USERS_LIST_SQL, [], [], "t.user_id")


@tool
def get_users_user_id(db: Database, user_id: str) -> dict[str, Any]:
    """Get User by Id.

    Returns a user object with details such as his email address and duty information.

    Args:
        user_id: Identifier of the user to get. Use 'Me' to get information about the currently logged in user.
            This is not possible with an api key. Can also be an email address of a user in the team or the unique id
            of an according user object.”; e.g. "U-0001" (from get_users).

    Returns:
        The user with the names of the rows it refers to.
    """
    return _user(db, user_id)


@tool
def get_users_user_id_duty_status(db: Database, user_id: str | None = None) -> list[dict[str, Any]]:
    """Get duty status by user Id.

    Returns a object with duty information.

    Args:
        user_id: Identifier of the user to get. Use 'Me' to get information about the currently logged in user.
            This is not possible with an api key. Can also be an email address of a user in the team or the unique id
            of an according user object.”.

    Returns:
        The matching user summaries (user_id, name, color_index, user_image_last_modified; given user_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if user_id is not None:
        where.append("lower(t.user_id) = lower(?)")
        params.append(user_id.strip())
    return select_rows(db, _USERS_SQL if user_id is not None else _USERS_LIST_SQL, where, params, "t.user_id")


@tool
def get_webhooks(db: Database, team_id: str | None = None) -> list[dict[str, Any]]:
    """Get Webhooks.

    Returns a collection of defined outbound webhooks in the system.

    Args:
        team_id: Only webhook rows with this team id; e.g. "T-0001".

    Returns:
        The matching webhook rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if team_id is not None:
        team = _team(db, team_id)
        where.append("t.team_id = ?")
        params.append(team["team_id"])
    return select_rows(db, _WEBHOOKS_SQL, where, params, "t.webhook_id")


@tool(writes=True)
def post_webhooks(
        db: Database,
        external_address: str | None = None,
        name: str | None = None,
        team_id: str | None = None,
) -> dict[str, Any]:
    """Create Webhook.

    Creates a new outbound webhook that will be notified when certain events occur.

    Args:
        external_address: External address.
        name: Name.
        team_id: Team id; e.g. "T-0001" (from get_subscriptions_subscription_id_teams).

    Returns:
        The new webhook.
    """
    if external_address is not None:
        external_address = external_address.strip()
    if name is not None:
        name = name.strip()
    if team_id is not None:
        team = _team(db, team_id)
    webhook_id = next_id(db, "webhooks", "webhook_id", "W-", 4)
    db.execute("INSERT INTO webhooks (enabled, external_address, webhook_id, name, subscription_id, team_id) "
               "VALUES (?, ?, ?, ?, ?, ?)",
               [None, external_address, webhook_id, name, None, team["team_id"] if team_id is not None else None])
    return db.query_one(_WEBHOOKS_SQL + " WHERE t.webhook_id = ?", [webhook_id]) or {}


@tool(writes=True)
def put_webhooks_webhook_id(
        db: Database,
        webhook_id: str,
        external_address: str | None = None,
        name: str | None = None,
        team_id: str | None = None,
) -> dict[str, Any]:
    """Update Webhook by Id.

    Updates the specified webhook.

    Args:
        webhook_id: Id of the outbound webhook to be updated; e.g. "W-0001" (from get_webhooks).
        external_address: External address.
        name: Name.
        team_id: Team id; e.g. "T-0001" (from get_subscriptions_subscription_id_teams).

    Returns:
        The webhook as changed.
    """
    webhook = _webhook(db, webhook_id)
    changes: dict[str, Any] = {}
    if external_address is not None:
        external_address = external_address.strip()
        changes["external_address"] = external_address
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if team_id is not None:
        team = _team(db, team_id)
        changes["team_id"] = team["team_id"]
    if not changes:
        raise ToolError("put webhooks webhook id needs at least one of external address, name or team id")
    update_row(db, "webhooks", "webhook_id", webhook["webhook_id"], changes)
    return _webhook(db, webhook["webhook_id"])


@tool(writes=True)
def delete_webhooks_webhook_id(db: Database, webhook_id: str) -> dict[str, Any]:
    """Delete Webhook by Id.

    Deletes the specified webhook so that it will no longer be notified.

    Args:
        webhook_id: Id of the outbound webhook that will be deleted; e.g. "W-0001" (from get_webhooks).

    Returns:
        The removed webhook, marked deleted.
    """
    webhook = _webhook(db, webhook_id)
    db.execute("DELETE FROM webhooks WHERE webhook_id = ?", [webhook["webhook_id"]])
    return {**webhook, "deleted": True}
