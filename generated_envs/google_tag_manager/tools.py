"""Tools of the google_tag_manager environment, compiled from Tag Manager API.

This API allows clients to access and modify container and tag configuration.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_scope, select_rows
from envfactory_gym.authoring.kit import next_id

TagFiringOption = Literal["tagFiringOptionUnspecified", "unlimited", "oncePerEvent", "oncePerLoad"]
TriggerType = Literal["eventTypeUnspecified",
                      "pageview", "domReady", "windowLoaded", "customEvent", "triggerGroup", "init", "consentInit", "serverPageview", "always", "firebaseAppException", "firebaseAppUpdate", "firebaseCampaign", "firebaseFirstOpen", "firebaseInAppPurchase", "firebaseNotificationDismiss", "firebaseNotificationForeground", "firebaseNotificationOpen", "firebaseNotificationReceive", "firebaseOsUpdate", "firebaseSessionStart", "firebaseUserEngagement", "formSubmission", "click", "linkClick", "jsError", "historyChange", "timer", "ampClick", "ampTimer", "ampScroll", "ampVisibility", "youTubeVideo", "scrollDepth", "elementVisibility"]

_FOLDERS_SQL = ("SELECT t.*, r1.name AS workspace_name FROM folders t LEFT JOIN workspaces r1 ON "
                "r1.workspace_id = t.workspace_id")
_GTAG_CONFIGS_SQL = ("SELECT t.*, r1.name AS workspace_name FROM gtag_configs t LEFT JOIN workspaces "
                     "r1 ON r1.workspace_id = t.workspace_id")
_TAGS_SQL = ("SELECT t.*, r1.name AS workspace_name FROM tags t LEFT JOIN workspaces r1 ON "
             "r1.workspace_id = t.workspace_id")
_TRANSFORMATIONS_SQL = ("SELECT t.*, r1.name AS workspace_name FROM transformations t LEFT JOIN "
                        "workspaces r1 ON r1.workspace_id = t.workspace_id")
_TRIGGERS_SQL = ("SELECT t.*, r1.name AS workspace_name FROM triggers t LEFT JOIN workspaces r1 ON "
                 "r1.workspace_id = t.workspace_id")
_VARIABLES_SQL = ("SELECT t.*, r1.name AS workspace_name FROM variables t LEFT JOIN workspaces r1 ON "
                  "r1.workspace_id = t.workspace_id")
_WORKSPACES_SQL = "SELECT t.* FROM workspaces t"
_ZONES_SQL = ("SELECT t.*, r1.name AS workspace_name FROM zones t LEFT JOIN workspaces r1 ON "
              "r1.workspace_id = t.workspace_id")


def _workspace(db: Database, workspace_id: str) -> dict[str, Any]:
    row = db.query_one(_WORKSPACES_SQL + " WHERE t.workspace_id = ?", [workspace_id.strip().upper()])
    if row is None:
        raise ToolError(f"no workspace with id {workspace_id!r} (workspace ids look like 'W-0001')")
    return row


@tool
def tagmanager_accounts_containers_workspaces_folders_list(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all GTM Folders of a Container.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching folder rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _FOLDERS_SQL, [], [], "t.folder_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_folders_create(
        db: Database,
        account_id: str | None = None,
        container_id: str | None = None,
        fingerprint: str | None = None,
        name: str | None = None,
        notes: str | None = None,
        path: str | None = None,
        tag_manager_url: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a GTM Folder.

    Args:
        account_id: GTM Account ID.
        container_id: GTM Container ID.
        fingerprint: The fingerprint of the GTM Folder as computed at storage time. This value is recomputed
            whenever the folder is modified.
        name: Folder display name. @mutable tagmanager.accounts.containers.workspaces.folders.create @mutable
            tagmanager.accounts.containers.workspaces.folders.update.
        notes: User notes on how to apply this folder in the container. @mutable
            tagmanager.accounts.containers.workspaces.folders.create @mutable
            tagmanager.accounts.containers.workspaces.folders.update.
        path: GTM Folder's API relative path.
        tag_manager_url: Auto generated link to the tag manager UI.
        workspace_id: GTM Workspace ID; e.g. "W-0001" (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new folder.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if name is not None:
        name = name.strip()
    if notes is not None:
        notes = notes.strip()
    if path is not None:
        path = path.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    folder_id = next_id(db, "folders", "folder_id", "F-", 4)
    db.execute("INSERT INTO folders (account_id, container_id, fingerprint, folder_id, name, notes, path, "
               "tag_manager_url, workspace_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, container_id, fingerprint, folder_id, name, notes, path, tag_manager_url, workspace["workspace_id"] if workspace_id is not None else None])
    return db.query_one(_FOLDERS_SQL + " WHERE t.folder_id = ?", [folder_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_gtag_config_list(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all Google tag configs in a Container.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching gtag config rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _GTAG_CONFIGS_SQL, [], [], "t.gtag_config_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_gtag_config_create(
        db: Database,
        account_id: str | None = None,
        container_id: str | None = None,
        fingerprint: str | None = None,
        parameter: str | None = None,
        path: str | None = None,
        tag_manager_url: str | None = None,
        type: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a Google tag config.

    Args:
        account_id: Google tag account ID.
        container_id: Google tag container ID.
        fingerprint: The fingerprint of the Google tag config as computed at storage time. This value is
            recomputed whenever the config is modified.
        parameter: The Google tag config's parameters. @mutable
            tagmanager.accounts.containers.workspaces.gtag_config.create @mutable
            tagmanager.accounts.containers.workspaces.gtag_config.update.
        path: Google tag config's API relative path.
        tag_manager_url: Auto generated link to the tag manager UI.
        type: Google tag config type. @required tagmanager.accounts.containers.workspaces.gtag_config.create
            @required tagmanager.accounts.containers.workspaces.gtag_config.update @mutable
            tagmanager.accounts.containers.workspaces.gtag_config.create @mutable.
        workspace_id: Google tag workspace ID. Only used by GTM containers. Set to 0 otherwise; e.g. "W-0001"
            (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new gtag config.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if path is not None:
        path = path.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if type is not None:
        type = type.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    gtag_config_id = next_id(db, "gtag_configs", "gtag_config_id", "GC-", 4)
    db.execute("INSERT INTO gtag_configs (account_id, container_id, fingerprint, gtag_config_id, parameter, path, "
               "tag_manager_url, type, workspace_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, container_id, fingerprint, gtag_config_id, parameter, path, tag_manager_url, type, workspace["workspace_id"] if workspace_id is not None else None])
    return db.query_one(_GTAG_CONFIGS_SQL + " WHERE t.gtag_config_id = ?", [gtag_config_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_tags_list(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all GTM Tags of a Container.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching tag rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _TAGS_SQL, [], [], "t.tag_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_tags_create(
        db: Database,
        account_id: str | None = None,
        blocking_rule_id: str | None = None,
        blocking_trigger_id: str | None = None,
        consent_settings: str | None = None,
        container_id: str | None = None,
        fingerprint: str | None = None,
        firing_rule_id: str | None = None,
        firing_trigger_id: str | None = None,
        live_only: bool | None = None,
        monitoring_metadata: str | None = None,
        monitoring_metadata_tag_name_key: str | None = None,
        name: str | None = None,
        notes: str | None = None,
        parameter: str | None = None,
        parent_folder_id: str | None = None,
        path: str | None = None,
        paused: bool | None = None,
        priority: str | None = None,
        schedule_end_ms: str | None = None,
        schedule_start_ms: str | None = None,
        setup_tag: str | None = None,
        tag_firing_option: TagFiringOption | None = None,
        tag_manager_url: str | None = None,
        teardown_tag: str | None = None,
        type: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a GTM Tag.

    Args:
        account_id: GTM Account ID.
        blocking_rule_id: Blocking rule IDs. If any of the listed rules evaluate to true, the tag will not fire.
            @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        blocking_trigger_id: Blocking trigger IDs. If any of the listed triggers evaluate to true, the tag will
            not fire. @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        consent_settings: Consent settings of a tag. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        container_id: GTM Container ID.
        fingerprint: The fingerprint of the GTM Tag as computed at storage time. This value is recomputed whenever
            the tag is modified.
        firing_rule_id: Firing rule IDs. A tag will fire when any of the listed rules are true and all of its
            blockingRuleIds (if any specified) are false. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        firing_trigger_id: Firing trigger IDs. A tag will fire when any of the listed triggers are true and all of
            its blockingTriggerIds (if any specified) are false. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        live_only: If set to true, this tag will only fire in the live environment (e.g. not in preview or debug
            mode). @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        monitoring_metadata: A map of key-value pairs of tag metadata to be included in the event data for tag
            monitoring. Notes: - This parameter must be type MAP. - Each parameter in the map are type TEMPLATE,
            however cannot contain variable references. @mutable tagmanager.accounts.containers.workspaces.tags.create
            @mutable.
        monitoring_metadata_tag_name_key: If non-empty, then the tag display name will be included in the
            monitoring metadata map using the key specified. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        name: Tag display name. @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        notes: User notes on how to apply this tag in the container. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        parameter: The tag's parameters. @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        parent_folder_id: Parent folder id.
        path: GTM Tag's API relative path.
        paused: Indicates whether the tag is paused, which prevents the tag from firing. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        priority: User defined numeric priority of the tag. Tags are fired asynchronously in order of priority.
            Tags with higher numeric value fire first. A tag's priority can be a positive or negative value. The
            default value is 0. @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable.
        schedule_end_ms: The end timestamp in milliseconds to schedule a tag. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        schedule_start_ms: The start timestamp in milliseconds to schedule a tag. @mutable
            tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        setup_tag: The list of setup tags. Currently we only allow one.
        tag_firing_option: Option to fire this tag.
        tag_manager_url: Auto generated link to the tag manager UI.
        teardown_tag: The list of teardown tags. Currently we only allow one.
        type: GTM Tag Type. @mutable tagmanager.accounts.containers.workspaces.tags.create @mutable
            tagmanager.accounts.containers.workspaces.tags.update.
        workspace_id: GTM Workspace ID; e.g. "W-0001" (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new tag.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if monitoring_metadata_tag_name_key is not None:
        monitoring_metadata_tag_name_key = monitoring_metadata_tag_name_key.strip()
    if name is not None:
        name = name.strip()
    if notes is not None:
        notes = notes.strip()
    if parent_folder_id is not None:
        parent_folder_id = parent_folder_id.strip()
    if path is not None:
        path = path.strip()
    if schedule_end_ms is not None:
        schedule_end_ms = schedule_end_ms.strip()
    if schedule_start_ms is not None:
        schedule_start_ms = schedule_start_ms.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if type is not None:
        type = type.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    tag_id = next_id(db, "tags", "tag_id", "T-", 4)
    db.execute("INSERT INTO tags (account_id, blocking_rule_id, blocking_trigger_id, consent_settings, "
               "container_id, fingerprint, firing_rule_id, firing_trigger_id, live_only, monitoring_metadata, "
               "monitoring_metadata_tag_name_key, name, notes, parameter, parent_folder_id, path, paused, "
               "priority, schedule_end_ms, schedule_start_ms, setup_tag, tag_firing_option, tag_id, "
               "tag_manager_url, teardown_tag, type, workspace_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, blocking_rule_id, blocking_trigger_id, consent_settings, container_id, fingerprint, firing_rule_id, firing_trigger_id, live_only, monitoring_metadata, monitoring_metadata_tag_name_key, name, notes, parameter, parent_folder_id, path, paused, priority, schedule_end_ms, schedule_start_ms, setup_tag, tag_firing_option, tag_id, tag_manager_url, teardown_tag, type, workspace["workspace_id"] if workspace_id is not None else None])
    return db.query_one(_TAGS_SQL + " WHERE t.tag_id = ?", [tag_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_transformations_li(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all GTM Transformations of a GTM container workspace.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching transformation rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _TRANSFORMATIONS_SQL, [], [], "t.transformation_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_transformations_cr(
        db: Database,
        account_id: str | None = None,
        container_id: str | None = None,
        fingerprint: str | None = None,
        name: str | None = None,
        notes: str | None = None,
        parameter: str | None = None,
        parent_folder_id: str | None = None,
        path: str | None = None,
        tag_manager_url: str | None = None,
        type: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a GTM Transformation.

    Args:
        account_id: GTM Account ID.
        container_id: GTM Container ID.
        fingerprint: The fingerprint of the GTM Transformation as computed at storage time. This value is
            recomputed whenever the transformation is modified.
        name: Transformation display name. @mutable
            tagmanager.accounts.containers.workspaces.transformations.create @mutable
            tagmanager.accounts.containers.workspaces.transformations.update.
        notes: User notes on how to apply this transformation in the container. @mutable
            tagmanager.accounts.containers.workspaces.transformations.create @mutable
            tagmanager.accounts.containers.workspaces.transformations.update.
        parameter: The transformation's parameters. @mutable
            tagmanager.accounts.containers.workspaces.transformations.create @mutable
            tagmanager.accounts.containers.workspaces.transformations.update.
        parent_folder_id: Parent folder id.
        path: GTM transformation's API relative path.
        tag_manager_url: Auto generated link to the tag manager UI.
        type: Transformation type. @mutable tagmanager.accounts.containers.workspaces.transformations.create
            @mutable tagmanager.accounts.containers.workspaces.transformations.update.
        workspace_id: GTM Workspace ID; e.g. "W-0001" (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new transformation.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if name is not None:
        name = name.strip()
    if notes is not None:
        notes = notes.strip()
    if parent_folder_id is not None:
        parent_folder_id = parent_folder_id.strip()
    if path is not None:
        path = path.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if type is not None:
        type = type.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    transformation_id = next_id(db, "transformations", "transformation_id", "T-", 4)
    db.execute("INSERT INTO transformations (account_id, container_id, fingerprint, name, notes, parameter, "
               "parent_folder_id, path, tag_manager_url, transformation_id, type, workspace_id) VALUES (?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, container_id, fingerprint, name, notes, parameter, parent_folder_id, path, tag_manager_url, transformation_id, type, workspace["workspace_id"] if workspace_id is not None else None])
    return db.query_one(_TRANSFORMATIONS_SQL + " WHERE t.transformation_id = ?", [transformation_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_triggers_list(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all GTM Triggers of a Container.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching trigger rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _TRIGGERS_SQL, [], [], "t.trigger_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_triggers_create(
        db: Database,
        account_id: str | None = None,
        auto_event_filter: str | None = None,
        check_validation: str | None = None,
        container_id: str | None = None,
        continuous_time_min_milliseconds: str | None = None,
        custom_event_filter: str | None = None,
        event_name: str | None = None,
        filter: str | None = None,
        fingerprint: str | None = None,
        horizontal_scroll_percentage_list: str | None = None,
        interval: str | None = None,
        interval_seconds: str | None = None,
        limit_: str | None = None,
        max_timer_length_seconds: str | None = None,
        name: str | None = None,
        notes: str | None = None,
        parameter: str | None = None,
        parent_folder_id: str | None = None,
        path: str | None = None,
        selector: str | None = None,
        tag_manager_url: str | None = None,
        total_time_min_milliseconds: str | None = None,
        type: TriggerType | None = None,
        unique_trigger_id: str | None = None,
        vertical_scroll_percentage_list: str | None = None,
        visibility_selector: str | None = None,
        visible_percentage_max: str | None = None,
        visible_percentage_min: str | None = None,
        wait_for_tags: str | None = None,
        wait_for_tags_timeout: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a GTM Trigger.

    Args:
        account_id: GTM Account ID.
        auto_event_filter: Used in the case of auto event tracking. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        check_validation: Whether or not we should only fire tags if the form submit or link click event is not
            cancelled by some other event handler (e.g. because of validation). Only valid for Form Submission and
            Link Click triggers. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable.
        container_id: GTM Container ID.
        continuous_time_min_milliseconds: A visibility trigger minimum continuous visible time (in milliseconds).
            Only valid for AMP Visibility trigger. @mutable tagmanager.accounts.containers.workspaces.triggers.create
            @mutable tagmanager.accounts.containers.workspaces.triggers.update.
        custom_event_filter: Used in the case of custom event, which is fired iff all Conditions are true.
            @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        event_name: Name of the GTM event that is fired. Only valid for Timer triggers. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        filter: The trigger will only fire iff all Conditions are true. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        fingerprint: The fingerprint of the GTM Trigger as computed at storage time. This value is recomputed
            whenever the trigger is modified.
        horizontal_scroll_percentage_list: List of integer percentage values for scroll triggers. The trigger will
            fire when each percentage is reached when the view is scrolled horizontally. Only valid for AMP scroll
            triggers. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable.
        interval: Time between triggering recurring Timer Events (in milliseconds). Only valid for Timer triggers.
            @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        interval_seconds: Time between Timer Events to fire (in seconds). Only valid for AMP Timer trigger.
            @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        limit_: Limit of the number of GTM events this Timer Trigger will fire. If no limit is set, we will
            continue to fire GTM events until the user leaves the page. Only valid for Timer triggers. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable.
        max_timer_length_seconds: Max time to fire Timer Events (in seconds). Only valid for AMP Timer trigger.
            @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        name: Trigger display name. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        notes: User notes on how to apply this trigger in the container. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        parameter: Additional parameters. @mutable tagmanager.accounts.containers.workspaces.triggers.create
            @mutable tagmanager.accounts.containers.workspaces.triggers.update.
        parent_folder_id: Parent folder id.
        path: GTM Trigger's API relative path.
        selector: A click trigger CSS selector (i.e. "a", "button" etc.). Only valid for AMP Click trigger.
            @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        tag_manager_url: Auto generated link to the tag manager UI.
        total_time_min_milliseconds: A visibility trigger minimum total visible time (in milliseconds). Only valid
            for AMP Visibility trigger. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        type: Defines the data layer event that causes this trigger. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        unique_trigger_id: Globally unique id of the trigger that auto-generates this (a Form Submit, Link Click
            or Timer listener) if any. Used to make incompatible auto-events work together with trigger filtering
            based on trigger ids. This value is populated during output generation since the tags implied by triggers
            don't.
        vertical_scroll_percentage_list: List of integer percentage values for scroll triggers. The trigger will
            fire when each percentage is reached when the view is scrolled vertically. Only valid for AMP scroll
            triggers. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable.
        visibility_selector: A visibility trigger CSS selector (i.e. "#id"). Only valid for AMP Visibility
            trigger. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        visible_percentage_max: A visibility trigger maximum percent visibility. Only valid for AMP Visibility
            trigger. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        visible_percentage_min: A visibility trigger minimum percent visibility. Only valid for AMP Visibility
            trigger. @mutable tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        wait_for_tags: Whether or not we should delay the form submissions or link opening until all of the tags
            have fired (by preventing the default action and later simulating the default action). Only valid for Form
            Submission and Link Click triggers. @mutable tagmanager.accounts.containers.workspaces.triggers.create.
        wait_for_tags_timeout: How long to wait (in milliseconds) for tags to fire when 'waits_for_tags' above
            evaluates to true. Only valid for Form Submission and Link Click triggers. @mutable
            tagmanager.accounts.containers.workspaces.triggers.create @mutable
            tagmanager.accounts.containers.workspaces.triggers.update.
        workspace_id: GTM Workspace ID; e.g. "W-0001" (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new trigger.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if name is not None:
        name = name.strip()
    if notes is not None:
        notes = notes.strip()
    if parent_folder_id is not None:
        parent_folder_id = parent_folder_id.strip()
    if path is not None:
        path = path.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    trigger_id = next_id(db, "triggers", "trigger_id", "T-", 4)
    db.execute("INSERT INTO triggers (account_id, auto_event_filter, check_validation, container_id, "
               "continuous_time_min_milliseconds, custom_event_filter, event_name, filter, fingerprint, "
               "horizontal_scroll_percentage_list, interval, interval_seconds, limit_, max_timer_length_seconds, "
               "name, notes, parameter, parent_folder_id, path, selector, tag_manager_url, "
               "total_time_min_milliseconds, trigger_id, type, unique_trigger_id, vertical_scroll_percentage_list, "
               "visibility_selector, visible_percentage_max, visible_percentage_min, wait_for_tags, "
               "wait_for_tags_timeout, workspace_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, auto_event_filter, check_validation, container_id, continuous_time_min_milliseconds, custom_event_filter, event_name, filter, fingerprint, horizontal_scroll_percentage_list, interval, interval_seconds, limit_, max_timer_length_seconds, name, notes, parameter, parent_folder_id, path, selector, tag_manager_url, total_time_min_milliseconds, trigger_id, type, unique_trigger_id, vertical_scroll_percentage_list, visibility_selector, visible_percentage_max, visible_percentage_min, wait_for_tags, wait_for_tags_timeout, workspace["workspace_id"] if workspace_id is not None else None])
    return db.query_one(_TRIGGERS_SQL + " WHERE t.trigger_id = ?", [trigger_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_variables_list(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all GTM Variables of a Container.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching variable rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _VARIABLES_SQL, [], [], "t.variable_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_variables_create(
        db: Database,
        account_id: str | None = None,
        container_id: str | None = None,
        disabling_trigger_id: str | None = None,
        enabling_trigger_id: str | None = None,
        fingerprint: str | None = None,
        format_value: str | None = None,
        name: str | None = None,
        notes: str | None = None,
        parameter: str | None = None,
        parent_folder_id: str | None = None,
        path: str | None = None,
        schedule_end_ms: str | None = None,
        schedule_start_ms: str | None = None,
        tag_manager_url: str | None = None,
        type: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a GTM Variable.

    Args:
        account_id: GTM Account ID.
        container_id: GTM Container ID.
        disabling_trigger_id: For mobile containers only: A list of trigger IDs for disabling conditional
            variables; the variable is enabled if one of the enabling trigger is true while all the disabling trigger
            are false. Treated as an unordered set. @mutable
            tagmanager.accounts.containers.workspaces.variables.create @mutable.
        enabling_trigger_id: For mobile containers only: A list of trigger IDs for enabling conditional variables;
            the variable is enabled if one of the enabling triggers is true while all the disabling triggers are
            false. Treated as an unordered set. @mutable tagmanager.accounts.containers.workspaces.variables.create
            @mutable.
        fingerprint: The fingerprint of the GTM Variable as computed at storage time. This value is recomputed
            whenever the variable is modified.
        format_value: Option to convert a variable value to other value.
        name: Variable display name. @mutable tagmanager.accounts.containers.workspaces.variables.create @mutable
            tagmanager.accounts.containers.workspaces.variables.update.
        notes: User notes on how to apply this variable in the container. @mutable
            tagmanager.accounts.containers.workspaces.variables.create @mutable
            tagmanager.accounts.containers.workspaces.variables.update.
        parameter: The variable's parameters. @mutable tagmanager.accounts.containers.workspaces.variables.create
            @mutable tagmanager.accounts.containers.workspaces.variables.update.
        parent_folder_id: Parent folder id.
        path: GTM Variable's API relative path.
        schedule_end_ms: The end timestamp in milliseconds to schedule a variable. @mutable
            tagmanager.accounts.containers.workspaces.variables.create @mutable
            tagmanager.accounts.containers.workspaces.variables.update.
        schedule_start_ms: The start timestamp in milliseconds to schedule a variable. @mutable
            tagmanager.accounts.containers.workspaces.variables.create @mutable
            tagmanager.accounts.containers.workspaces.variables.update.
        tag_manager_url: Auto generated link to the tag manager UI.
        type: GTM Variable Type. @mutable tagmanager.accounts.containers.workspaces.variables.create @mutable
            tagmanager.accounts.containers.workspaces.variables.update.
        workspace_id: GTM Workspace ID; e.g. "W-0001" (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new variable.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if name is not None:
        name = name.strip()
    if notes is not None:
        notes = notes.strip()
    if parent_folder_id is not None:
        parent_folder_id = parent_folder_id.strip()
    if path is not None:
        path = path.strip()
    if schedule_end_ms is not None:
        schedule_end_ms = schedule_end_ms.strip()
    if schedule_start_ms is not None:
        schedule_start_ms = schedule_start_ms.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if type is not None:
        type = type.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    variable_id = next_id(db, "variables", "variable_id", "V-", 4)
    db.execute("INSERT INTO variables (account_id, container_id, disabling_trigger_id, enabling_trigger_id, "
               "fingerprint, format_value, name, notes, parameter, parent_folder_id, path, schedule_end_ms, "
               "schedule_start_ms, tag_manager_url, type, variable_id, workspace_id) VALUES (?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, container_id, disabling_trigger_id, enabling_trigger_id, fingerprint, format_value, name, notes, parameter, parent_folder_id, path, schedule_end_ms, schedule_start_ms, tag_manager_url, type, variable_id, workspace["workspace_id"] if workspace_id is not None else None])
    return db.query_one(_VARIABLES_SQL + " WHERE t.variable_id = ?", [variable_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_list(db: Database, parent: str | None = None) -> list[dict[str, Any]]:
    """Lists all Workspaces that belong to a GTM Container.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching workspace rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _WORKSPACES_SQL, [], [], "t.workspace_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_create(
        db: Database,
        account_id: str | None = None,
        container_id: str | None = None,
        description: str | None = None,
        fingerprint: str | None = None,
        name: str | None = None,
        path: str | None = None,
        tag_manager_url: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a Workspace.

    Args:
        account_id: GTM Account ID.
        container_id: GTM Container ID.
        description: Workspace description. @mutable tagmanager.accounts.containers.workspaces.create @mutable
            tagmanager.accounts.containers.workspaces.update.
        fingerprint: The fingerprint of the GTM Workspace as computed at storage time. This value is recomputed
            whenever the workspace is modified.
        name: Workspace display name. @mutable tagmanager.accounts.containers.workspaces.create @mutable
            tagmanager.accounts.containers.workspaces.update.
        path: GTM Workspace's API relative path.
        tag_manager_url: Auto generated link to the tag manager UI.
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new workspace.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if description is not None:
        description = description.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if name is not None:
        name = name.strip()
    if path is not None:
        path = path.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    workspace_id = next_id(db, "workspaces", "workspace_id", "W-", 4)
    db.execute("INSERT INTO workspaces (account_id, container_id, description, fingerprint, name, path, "
               "tag_manager_url, workspace_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [account_id, container_id, description, fingerprint, name, path, tag_manager_url, workspace_id])
    return db.query_one(_WORKSPACES_SQL + " WHERE t.workspace_id = ?", [workspace_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_zones_list(
        db: Database,
        parent: str | None = None,
) -> list[dict[str, Any]]:
    """Lists all GTM Zones of a GTM container workspace.

    Args:
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The matching zone rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("parent", parent, "parent-1")
    return select_rows(db, _ZONES_SQL, [], [], "t.zone_id")


@tool(writes=True)
def tagmanager_accounts_containers_workspaces_zones_create(
        db: Database,
        account_id: str | None = None,
        boundary: str | None = None,
        child_container: str | None = None,
        container_id: str | None = None,
        fingerprint: str | None = None,
        name: str | None = None,
        notes: str | None = None,
        path: str | None = None,
        tag_manager_url: str | None = None,
        type_restriction: str | None = None,
        workspace_id: str | None = None,
        parent: str | None = None,
) -> dict[str, Any]:
    """Creates a GTM Zone.

    Args:
        account_id: GTM Account ID.
        boundary: This Zone's boundary.
        child_container: Containers that are children of this Zone.
        container_id: GTM Container ID.
        fingerprint: The fingerprint of the GTM Zone as computed at storage time. This value is recomputed
            whenever the zone is modified.
        name: Zone display name.
        notes: User notes on how to apply this zone in the container.
        path: GTM Zone's API relative path.
        tag_manager_url: Auto generated link to the tag manager UI.
        type_restriction: This Zone's type restrictions.
        workspace_id: GTM Workspace ID; e.g. "W-0001" (from tagmanager_accounts_containers_workspaces_list).
        parent: This deployment's parent, 'parent-1' (the only one; may be left out).

    Returns:
        The new zone.
    """
    check_scope("parent", parent, "parent-1")
    if account_id is not None:
        account_id = account_id.strip()
    if container_id is not None:
        container_id = container_id.strip()
    if fingerprint is not None:
        fingerprint = fingerprint.strip()
    if name is not None:
        name = name.strip()
    if notes is not None:
        notes = notes.strip()
    if path is not None:
        path = path.strip()
    if tag_manager_url is not None:
        tag_manager_url = tag_manager_url.strip()
    if workspace_id is not None:
        workspace = _workspace(db, workspace_id)
    zone_id = next_id(db, "zones", "zone_id", "Z-", 4)
    db.execute("INSERT INTO zones (account_id, boundary, child_container, container_id, fingerprint, name, notes, "
               "path, tag_manager_url, type_restriction, workspace_id, zone_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?)",
               [account_id, boundary, child_container, container_id, fingerprint, name, notes, path, tag_manager_url, type_restriction, workspace["workspace_id"] if workspace_id is not None else None, zone_id])
    return db.query_one(_ZONES_SQL + " WHERE t.zone_id = ?", [zone_id]) or {}


@tool
def tagmanager_accounts_containers_workspaces_folders_entities(db: Database) -> list[dict[str, Any]]:
    """List all entities in a GTM Folder.

    Returns:
        The matching tag rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TAGS_SQL, [], [], "t.tag_id")
