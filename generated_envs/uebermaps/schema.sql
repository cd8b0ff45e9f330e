-- Tables of the uebermaps environment, one per resource of uebermaps API endpoints.

CREATE TABLE attachments (
    attachable_id   INTEGER,
    attachable_type VARCHAR,
    created_at      TIMESTAMP,
    description     VARCHAR,
    file_url        VARCHAR,
    attachment_id   INTEGER PRIMARY KEY,
    map_id          INTEGER,
    sizes           VARCHAR,
    spot            VARCHAR,
    status          VARCHAR CHECK (status IN ('approved', 'unapproved')),
    user            VARCHAR
);

CREATE TABLE collaborators (
    created_at      TIMESTAMP,
    group_          VARCHAR CHECK (group_ IN ('admin', 'editor')),
    collaborator_id INTEGER PRIMARY KEY,
    is_admin        BOOLEAN,
    map_            VARCHAR,
    map_id          INTEGER,
    updated_at      TIMESTAMP,
    user            VARCHAR,
    user_id         INTEGER
);

CREATE TABLE maps (
    counts       VARCHAR,
    created_at   TIMESTAMP,
    description  VARCHAR,
    map_id       INTEGER PRIMARY KEY,
    map_settings VARCHAR,
    owner_id     INTEGER,
    picture_url  VARCHAR,
    title        VARCHAR,
    updated_at   TIMESTAMP,
    visibility   VARCHAR CHECK (visibility IN ('public', 'link', 'private')),
    user_id      INTEGER
);

CREATE TABLE respots (
    created_at TIMESTAMP,
    respot_id  INTEGER PRIMARY KEY,
    map_       VARCHAR,
    map_id     INTEGER,
    spot       VARCHAR,
    updated_at TIMESTAMP,
    user       VARCHAR
);

CREATE TABLE spots (
    counts      VARCHAR,
    created_at  TIMESTAMP,
    description VARCHAR,
    spot_id     INTEGER PRIMARY KEY,
    lat         DOUBLE,
    lon         DOUBLE,
    map_id      INTEGER,
    picture_url VARCHAR,
    status      VARCHAR CHECK (status IN ('approved', 'unapproved')),
    time_zone   VARCHAR,
    title       VARCHAR,
    updated_at  TIMESTAMP,
    user        VARCHAR
);

CREATE TABLE subscriptions (
    created_at      TIMESTAMP,
    subscription_id INTEGER PRIMARY KEY,
    map_            VARCHAR,
    updated_at      TIMESTAMP,
    user            VARCHAR,
    user_id         INTEGER
);

CREATE TABLE users (
    about          VARCHAR,
    counts         VARCHAR,
    header_picture VARCHAR,
    user_id        INTEGER PRIMARY KEY,
    location       VARCHAR,
    name           VARCHAR,
    picture_url    VARCHAR,
    screen_name    VARCHAR,
    url            VARCHAR
);
