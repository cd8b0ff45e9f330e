-- Tables of the learnifier environment, one per resource of Learnifier.

CREATE TABLE projects (
    admin_url        VARCHAR,
    country          VARCHAR,
    created          TIMESTAMP,
    created_by       VARCHAR,
    design_id        INTEGER,
    external_id      VARCHAR,
    project_id       INTEGER PRIMARY KEY,
    locale           VARCHAR,
    name             VARCHAR,
    note             VARCHAR,
    org_id           INTEGER,
    status           VARCHAR CHECK (status IN ('ACTIVATED', 'NEW', 'DISABLED')),
    timezone         VARCHAR,
    user_description VARCHAR,
    user_title       VARCHAR,
    orgid            INTEGER
);

CREATE TABLE user_groups (
    children         VARCHAR,
    global_id        INTEGER,
    group_id         INTEGER PRIMARY KEY,
    name             VARCHAR NOT NULL,
    parent           INTEGER,
    user_group_value INTEGER,
    orgid            INTEGER
);

CREATE TABLE users (
    authorization_possible BOOLEAN,
    display_name           VARCHAR,
    external_id            VARCHAR,
    first_login            TIMESTAMP,
    first_name             VARCHAR,
    hard_lock              BOOLEAN,
    home_org               INTEGER,
    user_id                VARCHAR PRIMARY KEY,
    last_login             TIMESTAMP,
    last_name              VARCHAR,
    locked                 BOOLEAN,
    prefs                  VARCHAR,
    primary_email          VARCHAR,
    groupid                INTEGER,
    orgid                  INTEGER
);

CREATE TABLE global_user_groups (
    created              TIMESTAMP NOT NULL,
    created_by           VARCHAR,
    global_user_group_id INTEGER PRIMARY KEY,
    name                 VARCHAR,
    parent               INTEGER,
    softi_id             VARCHAR,
    updated              TIMESTAMP,
    updated_by           VARCHAR
);

CREATE TABLE org_units (
    external_id VARCHAR,
    org_unit_id INTEGER PRIMARY KEY,
    name        VARCHAR,
    parent_id   INTEGER,
    type        VARCHAR NOT NULL
);

CREATE TABLE participations (
    access_link          VARCHAR,
    activated            BOOLEAN,
    activities_completed DOUBLE,
    activities_total     DOUBLE,
    error_message        VARCHAR,
    expiration           TIMESTAMP,
    external_id          VARCHAR,
    first_access         TIMESTAMP,
    first_activation     TIMESTAMP,
    first_mail           TIMESTAMP,
    participation_id     INTEGER PRIMARY KEY,
    in_error             BOOLEAN,
    last_access          TIMESTAMP,
    last_activation      TIMESTAMP,
    last_mail            TIMESTAMP,
    project_id           INTEGER,
    user_id              VARCHAR,
    orgid                INTEGER
);

CREATE TABLE user_group_members (
    user_group_member_uuid VARCHAR PRIMARY KEY,
    orgid                  INTEGER,
    groupid                INTEGER
);

CREATE TABLE user_participations (
    access_link           VARCHAR,
    activated             BOOLEAN,
    activities_completed  DOUBLE,
    activities_total      DOUBLE,
    error_message         VARCHAR,
    expiration            TIMESTAMP,
    external_id           VARCHAR,
    first_access          TIMESTAMP,
    first_activation      TIMESTAMP,
    first_mail            TIMESTAMP,
    user_participation_id INTEGER PRIMARY KEY,
    in_error              BOOLEAN,
    last_access           TIMESTAMP,
    last_activation       TIMESTAMP,
    last_mail             TIMESTAMP,
    project_id            INTEGER,
    project_name          VARCHAR,
    project_org_id        INTEGER,
    project_status        VARCHAR CHECK (project_status IN ('ACTIVATED', 'NEW', 'DISABLED')),
    project_thumbnail     VARCHAR,
    project_user_title    VARCHAR,
    userid                VARCHAR
);
