-- Tables of the ably_control environment, one per resource of API V1.

CREATE TABLE apps (
    links                     VARCHAR,
    account_id                VARCHAR,
    apns_use_sandbox_endpoint BOOLEAN,
    created                   INTEGER,
    app_id                    VARCHAR PRIMARY KEY,
    modified                  INTEGER,
    name                      VARCHAR,
    status                    VARCHAR,
    tls_only                  BOOLEAN
);

CREATE TABLE keys (
    app_id     VARCHAR,
    capability VARCHAR,
    created    INTEGER,
    key_id     VARCHAR PRIMARY KEY,
    key_value  VARCHAR,
    modified   INTEGER,
    name       VARCHAR,
    status     INTEGER
);

CREATE TABLE namespaces (
    app_id            VARCHAR,
    authenticated     BOOLEAN,
    created           INTEGER,
    expose_timeserial BOOLEAN,
    namespace_id      VARCHAR PRIMARY KEY,
    modified          INTEGER,
    persist_last      BOOLEAN,
    persisted         BOOLEAN,
    push_enabled      BOOLEAN,
    tls_only          BOOLEAN
);

CREATE TABLE queues (
    max_length INTEGER NOT NULL,
    queue_name VARCHAR PRIMARY KEY,
    region     VARCHAR NOT NULL,
    ttl        INTEGER NOT NULL,
    app_id     VARCHAR
);

CREATE TABLE rules (
    links        VARCHAR,
    app_id       VARCHAR,
    created      DOUBLE,
    rule_id      VARCHAR PRIMARY KEY,
    modified     DOUBLE,
    request_mode VARCHAR NOT NULL,
    rule_type    VARCHAR NOT NULL CHECK (rule_type IN ('http')),
    source       VARCHAR NOT NULL,
    status       VARCHAR,
    target       VARCHAR NOT NULL,
    version      VARCHAR
);
