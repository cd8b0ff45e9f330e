-- Tables of the google_tag_manager environment, one per resource of Tag Manager API.

-- Represents a Google Tag Manager Folder.
CREATE TABLE folders (
    account_id      VARCHAR,
    container_id    VARCHAR,
    fingerprint     VARCHAR,
    folder_id       VARCHAR PRIMARY KEY,
    name            VARCHAR,
    notes           VARCHAR,
    path            VARCHAR,
    tag_manager_url VARCHAR,
    workspace_id    VARCHAR
);

-- Represents a Google tag configuration.
CREATE TABLE gtag_configs (
    account_id      VARCHAR,
    container_id    VARCHAR,
    fingerprint     VARCHAR,
    gtag_config_id  VARCHAR PRIMARY KEY,
    parameter       VARCHAR,
    path            VARCHAR,
    tag_manager_url VARCHAR,
    type            VARCHAR,
    workspace_id    VARCHAR
);

-- Represents a Google Tag Manager Tag.
CREATE TABLE tags (
    account_id                       VARCHAR,
    blocking_rule_id                 VARCHAR,
    blocking_trigger_id              VARCHAR,
    consent_settings                 VARCHAR,
    container_id                     VARCHAR,
    fingerprint                      VARCHAR,
    firing_rule_id                   VARCHAR,
    firing_trigger_id                VARCHAR,
    live_only                        BOOLEAN,
    monitoring_metadata              VARCHAR,
    monitoring_metadata_tag_name_key VARCHAR,
    name                             VARCHAR,
    notes                            VARCHAR,
    parameter                        VARCHAR,
    parent_folder_id                 VARCHAR,
    path                             VARCHAR,
    paused                           BOOLEAN,
    priority                         VARCHAR,
    schedule_end_ms                  VARCHAR,
    schedule_start_ms                VARCHAR,
    setup_tag                        VARCHAR,
    tag_firing_option                VARCHAR CHECK (tag_firing_option IN ('tagFiringOptionUnspecified', 'unlimited', 'oncePerEvent', 'oncePerLoad')),
    tag_id                           VARCHAR PRIMARY KEY,
    tag_manager_url                  VARCHAR,
    teardown_tag                     VARCHAR,
    type                             VARCHAR,
    workspace_id                     VARCHAR
);

-- Represents a Google Tag Manager Transformation.
CREATE TABLE transformations (
    account_id        VARCHAR,
    container_id      VARCHAR,
    fingerprint       VARCHAR,
    name              VARCHAR,
    notes             VARCHAR,
    parameter         VARCHAR,
    parent_folder_id  VARCHAR,
    path              VARCHAR,
    tag_manager_url   VARCHAR,
    transformation_id VARCHAR PRIMARY KEY,
    type              VARCHAR,
    workspace_id      VARCHAR
);

-- Represents a Google Tag Manager Trigger
CREATE TABLE triggers (
    account_id                        VARCHAR,
    auto_event_filter                 VARCHAR,
    check_validation                  VARCHAR,
    container_id                      VARCHAR,
    continuous_time_min_milliseconds  VARCHAR,
    custom_event_filter               VARCHAR,
    event_name                        VARCHAR,
    filter                            VARCHAR,
    fingerprint                       VARCHAR,
    horizontal_scroll_percentage_list VARCHAR,
    interval                          VARCHAR,
    interval_seconds                  VARCHAR,
    limit_                            VARCHAR,
    max_timer_length_seconds          VARCHAR,
    name                              VARCHAR,
    notes                             VARCHAR,
    parameter                         VARCHAR,
    parent_folder_id                  VARCHAR,
    path                              VARCHAR,
    selector                          VARCHAR,
    tag_manager_url                   VARCHAR,
    total_time_min_milliseconds       VARCHAR,
    trigger_id                        VARCHAR PRIMARY KEY,
    type                              VARCHAR CHECK (type IN ('eventTypeUnspecified', 'pageview', 'domReady', 'windowLoaded', 'customEvent', 'triggerGroup', 'init', 'consentInit', 'serverPageview', 'always', 'firebaseAppException', 'firebaseAppUpdate', 'firebaseCampaign', 'firebaseFirstOpen', 'firebaseInAppPurchase', 'firebaseNotificationDismiss', 'firebaseNotificationForeground', 'firebaseNotificationOpen', 'firebaseNotificationReceive', 'firebaseOsUpdate', 'firebaseSessionStart', 'firebaseUserEngagement', 'formSubmission', 'click', 'linkClick', 'jsError', 'historyChange', 'timer', 'ampClick', 'ampTimer', 'ampScroll', 'ampVisibility', 'youTubeVideo', 'scrollDepth', 'elementVisibility')),
    unique_trigger_id                 VARCHAR,
    vertical_scroll_percentage_list   VARCHAR,
    visibility_selector               VARCHAR,
    visible_percentage_max            VARCHAR,
    visible_percentage_min            VARCHAR,
    wait_for_tags                     VARCHAR,
    wait_for_tags_timeout             VARCHAR,
    workspace_id                      VARCHAR
);

-- Represents a Google Tag Manager Variable.
CREATE TABLE variables (
    account_id           VARCHAR,
    container_id         VARCHAR,
    disabling_trigger_id VARCHAR,
    enabling_trigger_id  VARCHAR,
    fingerprint          VARCHAR,
    format_value         VARCHAR,
    name                 VARCHAR,
    notes                VARCHAR,
    parameter            VARCHAR,
    parent_folder_id     VARCHAR,
    path                 VARCHAR,
    schedule_end_ms      VARCHAR,
    schedule_start_ms    VARCHAR,
    tag_manager_url      VARCHAR,
    type                 VARCHAR,
    variable_id          VARCHAR PRIMARY KEY,
    workspace_id         VARCHAR
);

-- Represents a Google Tag Manager Container Workspace.
CREATE TABLE workspaces (
    account_id      VARCHAR,
    container_id    VARCHAR,
    description     VARCHAR,
    fingerprint     VARCHAR,
    name            VARCHAR,
    path            VARCHAR,
    tag_manager_url VARCHAR,
    workspace_id    VARCHAR PRIMARY KEY
);

-- Represents a Google Tag Manager Zone's contents.
CREATE TABLE zones (
    account_id       VARCHAR,
    boundary         VARCHAR,
    child_container  VARCHAR,
    container_id     VARCHAR,
    fingerprint      VARCHAR,
    name             VARCHAR,
    notes            VARCHAR,
    path             VARCHAR,
    tag_manager_url  VARCHAR,
    type_restriction VARCHAR,
    workspace_id     VARCHAR,
    zone_id          VARCHAR PRIMARY KEY
);
