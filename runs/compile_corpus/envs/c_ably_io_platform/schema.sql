-- Tables of the c_ably_io_platform environment, one per resource of Platform API.

-- Message object.
CREATE TABLE messages (
    client_id     VARCHAR,
    connection_id VARCHAR,
    data          VARCHAR,
    encoding      VARCHAR,
    extras        VARCHAR,
    id            VARCHAR PRIMARY KEY,
    name          VARCHAR,
    timestamp     INTEGER
);

CREATE TABLE presence_messages (
    action        VARCHAR CHECK (action IN ('ABSENT', 'PRESENT', 'ENTER', 'LEAVE', 'UPDATE')),
    client_id     VARCHAR,
    connection_id VARCHAR,
    data          VARCHAR,
    encoding      VARCHAR,
    extras        VARCHAR,
    id            VARCHAR PRIMARY KEY,
    timestamp     INTEGER
);

CREATE TABLE channels (
    channel_id       VARCHAR PRIMARY KEY,
    is_global_master BOOLEAN,
    region           VARCHAR,
    status           VARCHAR
);

CREATE TABLE devices (
    client_id      VARCHAR,
    device_secret  VARCHAR,
    form_factor    VARCHAR CHECK (form_factor IN ('phone', 'tablet', 'desktop', 'tv', 'watch', 'car', 'embedded')),
    id             VARCHAR PRIMARY KEY,
    metadata       VARCHAR,
    platform       VARCHAR CHECK (platform IN ('ios', 'android')),
    push_recipient VARCHAR,
    push_state     VARCHAR CHECK (push_state IN ('Active', 'Failing', 'Failed'))
);
