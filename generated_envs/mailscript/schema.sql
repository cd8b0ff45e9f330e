-- Tables of the mailscript environment, one per resource of Mailscript.

CREATE TABLE keys (
    created_at TIMESTAMP NOT NULL,
    created_by VARCHAR NOT NULL,
    key_id     VARCHAR PRIMARY KEY,
    name       VARCHAR NOT NULL,
    read       BOOLEAN NOT NULL,
    write      BOOLEAN NOT NULL,
    address    VARCHAR
);

CREATE TABLE triggers (
    created_at   TIMESTAMP NOT NULL,
    created_by   VARCHAR NOT NULL,
    criteria     VARCHAR NOT NULL,
    display_name VARCHAR,
    trigger_id   VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL,
    owner        VARCHAR NOT NULL
);

CREATE TABLE workflows (
    action      VARCHAR NOT NULL,
    active      BOOLEAN,
    created_at  TIMESTAMP NOT NULL,
    created_by  VARCHAR NOT NULL,
    workflow_id VARCHAR PRIMARY KEY,
    input       VARCHAR NOT NULL,
    name        VARCHAR NOT NULL,
    owner       VARCHAR NOT NULL,
    trigger     VARCHAR NOT NULL
);

CREATE TABLE addresses (
    created_at   TIMESTAMP NOT NULL,
    created_by   VARCHAR NOT NULL,
    display_name VARCHAR,
    address_id   VARCHAR PRIMARY KEY,
    owner        VARCHAR NOT NULL
);

CREATE TABLE integrations (
    created_at     TIMESTAMP NOT NULL,
    integration_id VARCHAR PRIMARY KEY,
    type           VARCHAR NOT NULL CHECK (type IN ('google'))
);

CREATE TABLE users (
    created_at   TIMESTAMP NOT NULL,
    display_name VARCHAR NOT NULL,
    email        VARCHAR NOT NULL,
    user_id      VARCHAR PRIMARY KEY,
    photo_url    VARCHAR
);

CREATE TABLE workspaces (
    created_at   TIMESTAMP NOT NULL,
    created_by   VARCHAR NOT NULL,
    workspace_id VARCHAR PRIMARY KEY,
    owner        VARCHAR NOT NULL
);

CREATE TABLE mailscript_emails (
    address             VARCHAR NOT NULL,
    created_at          TIMESTAMP NOT NULL,
    created_by          VARCHAR NOT NULL,
    mailscript_email_id VARCHAR PRIMARY KEY,
    name                VARCHAR NOT NULL,
    owner               VARCHAR NOT NULL,
    type                VARCHAR NOT NULL CHECK (type IN ('mailescript-email'))
);
