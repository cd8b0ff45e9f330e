-- Tables of the vonage_conversations environment, one per resource of Conversation API.

-- Conversation Object
CREATE TABLE conversations (
    links             VARCHAR,
    api_key           VARCHAR,
    display_name      VARCHAR,
    members           VARCHAR,
    name              VARCHAR,
    numbers           VARCHAR,
    video             BOOLEAN,
    sequence_number   VARCHAR,
    timestamp         VARCHAR,
    conversation_uuid VARCHAR PRIMARY KEY
);

-- Create New Event Response Payload Object
CREATE TABLE events (
    href            VARCHAR,
    event_id        VARCHAR PRIMARY KEY,
    timestamp       TIMESTAMP,
    conversation_id VARCHAR
);

CREATE TABLE members (
    member_name VARCHAR PRIMARY KEY,
    state_      VARCHAR NOT NULL CHECK (state_ IN ('invited', 'joined', 'left', 'unknown')),
    user_id     VARCHAR NOT NULL,
    user_name   VARCHAR NOT NULL
);

CREATE TABLE member2s (
    channel         VARCHAR,
    href            VARCHAR,
    member2_id      VARCHAR PRIMARY KEY,
    initiator       VARCHAR,
    state_          VARCHAR CHECK (state_ IN ('invited', 'joined', 'left', 'unknown')),
    timestamp       VARCHAR,
    user_id         VARCHAR,
    conversation_id VARCHAR
);

CREATE TABLE users (
    href    VARCHAR,
    user_id VARCHAR PRIMARY KEY,
    name    VARCHAR
);

CREATE TABLE conversation2s (
    display_name     VARCHAR,
    href             VARCHAR,
    conversation2_id VARCHAR PRIMARY KEY,
    image_url        VARCHAR,
    member_id        VARCHAR,
    name             VARCHAR,
    sequence_number  INTEGER,
    state_           VARCHAR CHECK (state_ IN ('invited', 'joined', 'left', 'unknown')),
    timestamp        VARCHAR,
    user_id          VARCHAR
);
