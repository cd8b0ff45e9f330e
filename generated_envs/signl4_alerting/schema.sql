-- Tables of the signl4_alerting environment, one per resource of SIGNL4 API.

CREATE TABLE categories (
    augmentations    VARCHAR,
    color            VARCHAR,
    category_id      VARCHAR PRIMARY KEY,
    image_name       VARCHAR,
    is_default       BOOLEAN,
    keyword_matching INTEGER,
    keywords         VARCHAR,
    last_match       TIMESTAMP,
    name             VARCHAR,
    options          INTEGER,
    order_           INTEGER
);

CREATE TABLE schedules (
    end_        TIMESTAMP,
    schedule_id VARCHAR PRIMARY KEY,
    options     INTEGER,
    start       TIMESTAMP,
    user_id     VARCHAR,
    team_id     VARCHAR
);

CREATE TABLE script_instances (
    config                    VARCHAR,
    custom_script_description VARCHAR,
    custom_script_name        VARCHAR,
    enabled                   BOOLEAN,
    event_pattern             VARCHAR,
    instance_id               VARCHAR PRIMARY KEY,
    last_modified             TIMESTAMP,
    runtime_information       VARCHAR,
    script_id                 VARCHAR,
    script_name               VARCHAR,
    subscription_id           VARCHAR,
    team_id                   VARCHAR
);

CREATE TABLE teams (
    team_id         VARCHAR PRIMARY KEY,
    member_ids      VARCHAR,
    name            VARCHAR,
    subscription_id VARCHAR,
    timezone        VARCHAR
);

CREATE TABLE users (
    color_index              INTEGER,
    contact_addresses        VARCHAR,
    duty_info                VARCHAR,
    user_id                  VARCHAR PRIMARY KEY,
    is_deactivated           BOOLEAN,
    is_invite                BOOLEAN,
    mail                     VARCHAR,
    name                     VARCHAR,
    role_id                  VARCHAR,
    subscription_id          VARCHAR,
    time_zone                VARCHAR,
    user_image_last_modified TIMESTAMP
);

CREATE TABLE webhooks (
    enabled          BOOLEAN,
    external_address VARCHAR,
    webhook_id       VARCHAR PRIMARY KEY,
    name             VARCHAR,
    subscription_id  VARCHAR,
    team_id          VARCHAR
);
