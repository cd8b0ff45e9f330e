-- Tables of the c_amazonaws_com_codecatalyst environment, one per resource of Amazon CodeCatalyst.

CREATE TABLE dev_environments (
    space_name                 VARCHAR NOT NULL,
    project_name               VARCHAR NOT NULL,
    id                         VARCHAR PRIMARY KEY,
    last_updated_time          TIMESTAMP NOT NULL,
    creator_id                 VARCHAR NOT NULL,
    status                     VARCHAR NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'STARTING', 'STOPPING', 'STOPPED', 'FAILED', 'DELETING', 'DELETED')),
    status_reason              VARCHAR,
    repositories               VARCHAR NOT NULL,
    alias                      VARCHAR,
    ides                       VARCHAR,
    instance_type              VARCHAR NOT NULL CHECK (instance_type IN ('dev.standard1.small', 'dev.standard1.medium', 'dev.standard1.large', 'dev.standard1.xlarge')),
    inactivity_timeout_minutes INTEGER NOT NULL,
    persistent_storage         VARCHAR NOT NULL
);

CREATE TABLE projects (
    space_name   VARCHAR,
    name         VARCHAR PRIMARY KEY,
    display_name VARCHAR,
    description  VARCHAR
);

CREATE TABLE source_repositories (
    space_name        VARCHAR NOT NULL,
    project_name      VARCHAR NOT NULL,
    name              VARCHAR PRIMARY KEY,
    description       VARCHAR,
    last_updated_time TIMESTAMP NOT NULL,
    created_time      TIMESTAMP NOT NULL
);

-- Information about an space.
CREATE TABLE spaces (
    name         VARCHAR PRIMARY KEY,
    region_name  VARCHAR NOT NULL,
    display_name VARCHAR,
    description  VARCHAR
);

CREATE TABLE start_dev_environments (
    space_name   VARCHAR NOT NULL,
    project_name VARCHAR NOT NULL,
    id           VARCHAR PRIMARY KEY,
    status       VARCHAR NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'STARTING', 'STOPPING', 'STOPPED', 'FAILED', 'DELETING', 'DELETED'))
);

CREATE TABLE start_dev_environment_sessions (
    access_details VARCHAR NOT NULL,
    session_id     VARCHAR,
    space_name     VARCHAR NOT NULL,
    project_name   VARCHAR NOT NULL,
    id             VARCHAR PRIMARY KEY
);

CREATE TABLE stop_dev_environments (
    space_name   VARCHAR NOT NULL,
    project_name VARCHAR NOT NULL,
    id           VARCHAR PRIMARY KEY,
    status       VARCHAR NOT NULL CHECK (status IN ('PENDING', 'RUNNING', 'STARTING', 'STOPPING', 'STOPPED', 'FAILED', 'DELETING', 'DELETED'))
);

CREATE TABLE stop_dev_environment_sessions (
    space_name   VARCHAR NOT NULL,
    project_name VARCHAR NOT NULL,
    id           VARCHAR PRIMARY KEY,
    session_id   VARCHAR NOT NULL
);
