-- Tables of the c_amazonaws_com_chime_sdk_messaging environment, one per resource of Amazon Chime SDK Messaging.

-- A tag object containing a key-value pair.
CREATE TABLE tags (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- The details of a user or bot.
CREATE TABLE identities (
    arn  VARCHAR PRIMARY KEY,
    name VARCHAR
);

-- The details of a channel.
CREATE TABLE channels (
    name                          VARCHAR PRIMARY KEY,
    channel_arn                   VARCHAR,
    mode                          VARCHAR CHECK (mode IN ('UNRESTRICTED', 'RESTRICTED')),
    privacy                       VARCHAR CHECK (privacy IN ('PUBLIC', 'PRIVATE')),
    metadata                      VARCHAR,
    created_by                    VARCHAR,
    created_timestamp             TIMESTAMP,
    last_message_timestamp        TIMESTAMP,
    last_updated_timestamp        TIMESTAMP,
    channel_flow_arn              VARCHAR,
    elastic_channel_configuration VARCHAR,
    expiration_settings           VARCHAR
);

-- The details of a channel flow.
CREATE TABLE channel_flows (
    channel_flow_arn       VARCHAR,
    processors             VARCHAR,
    name                   VARCHAR PRIMARY KEY,
    created_timestamp      TIMESTAMP,
    last_updated_timestamp TIMESTAMP
);

-- The details of a message in a channel.
CREATE TABLE channel_messages (
    channel_arn            VARCHAR,
    message_id             VARCHAR PRIMARY KEY,
    content                VARCHAR,
    metadata               VARCHAR,
    type                   VARCHAR CHECK (type IN ('STANDARD', 'CONTROL')),
    created_timestamp      TIMESTAMP,
    last_edited_timestamp  TIMESTAMP,
    last_updated_timestamp TIMESTAMP,
    sender                 VARCHAR,
    redacted               BOOLEAN,
    persistence            VARCHAR CHECK (persistence IN ('PERSISTENT', 'NON_PERSISTENT')),
    status                 VARCHAR,
    message_attributes     VARCHAR,
    sub_channel_id         VARCHAR,
    content_type           VARCHAR,
    target                 VARCHAR
);

-- Summary of details of a channel associated with channel flow.
CREATE TABLE channel_associated_with_flows (
    name        VARCHAR PRIMARY KEY,
    channel_arn VARCHAR,
    mode        VARCHAR CHECK (mode IN ('UNRESTRICTED', 'RESTRICTED')),
    privacy     VARCHAR CHECK (privacy IN ('PUBLIC', 'PRIVATE')),
    metadata    VARCHAR
);

-- Summary of the sub-channels associated with the elastic channel.
CREATE TABLE sub_channels (
    sub_channel_id   VARCHAR PRIMARY KEY,
    membership_count INTEGER
);
