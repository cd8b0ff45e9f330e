-- Tables of the sakari environment, one per resource of Sakari.

CREATE TABLE campaigns (
    campaign_id VARCHAR PRIMARY KEY
);

CREATE TABLE contacts (
    email      VARCHAR,
    first_name VARCHAR,
    contact_id VARCHAR PRIMARY KEY,
    last_name  VARCHAR,
    mobile     VARCHAR,
    attributes VARCHAR,
    tags       VARCHAR,
    created    VARCHAR,
    error      VARCHAR,
    updated    VARCHAR,
    valid      BOOLEAN
);

CREATE TABLE conversations (
    closed          BOOLEAN,
    contact         VARCHAR,
    created         VARCHAR,
    conversation_id VARCHAR PRIMARY KEY,
    last_message    VARCHAR,
    phone_number    VARCHAR,
    unread          VARCHAR,
    updated         VARCHAR
);

CREATE TABLE messages (
    contact       VARCHAR,
    conversation  VARCHAR,
    created       VARCHAR,
    error         VARCHAR,
    message_id    VARCHAR PRIMARY KEY,
    media         VARCHAR,
    message_value VARCHAR,
    outgoing      BOOLEAN,
    phone_number  VARCHAR,
    price         DOUBLE,
    read          BOOLEAN,
    segments      DOUBLE,
    status        VARCHAR,
    template      VARCHAR,
    updated       VARCHAR
);

CREATE TABLE templates (
    name           VARCHAR,
    template_value VARCHAR,
    type           VARCHAR CHECK (type IN ('SMS', 'Web')),
    template_id    VARCHAR PRIMARY KEY
);
