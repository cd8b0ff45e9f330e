-- Tables of the traccar_fleet environment, one per resource of Traccar.

CREATE TABLE calendars (
    attributes  VARCHAR,
    data        VARCHAR,
    calendar_id INTEGER PRIMARY KEY,
    name        VARCHAR
);

CREATE TABLE commands (
    attributes  VARCHAR,
    description VARCHAR,
    device_id   INTEGER,
    command_id  INTEGER PRIMARY KEY,
    type        VARCHAR
);

CREATE TABLE devices (
    attributes   VARCHAR,
    category     VARCHAR,
    contact      VARCHAR,
    disabled     BOOLEAN,
    geofence_ids VARCHAR,
    group_id     INTEGER,
    device_id    INTEGER PRIMARY KEY,
    last_update  TIMESTAMP,
    model        VARCHAR,
    name         VARCHAR,
    phone        VARCHAR,
    position_id  INTEGER,
    status       VARCHAR,
    unique_id    VARCHAR
);

CREATE TABLE geofences (
    area        VARCHAR,
    attributes  VARCHAR,
    calendar_id INTEGER,
    description VARCHAR,
    geofence_id INTEGER PRIMARY KEY,
    name        VARCHAR
);

CREATE TABLE groups (
    attributes VARCHAR,
    group_id   INTEGER PRIMARY KEY,
    id         INTEGER,
    name       VARCHAR
);

CREATE TABLE maintenances (
    attributes     VARCHAR,
    maintenance_id INTEGER PRIMARY KEY,
    name           VARCHAR,
    period         DOUBLE,
    start          DOUBLE,
    type           VARCHAR
);
