-- Tables of the c_amazonaws_com_amp environment, one per resource of Amazon Prometheus Service.

-- Represents a description of the rule groups namespace.
CREATE TABLE rule_groups_namespaces (
    arn         VARCHAR PRIMARY KEY,
    name        VARCHAR NOT NULL,
    status      VARCHAR NOT NULL,
    data        VARCHAR NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    modified_at TIMESTAMP NOT NULL,
    tags        VARCHAR
);

-- Represents the properties of a workspace.
CREATE TABLE workspaces (
    workspace_id        VARCHAR PRIMARY KEY,
    alias               VARCHAR,
    arn                 VARCHAR NOT NULL,
    status              VARCHAR NOT NULL,
    prometheus_endpoint VARCHAR,
    created_at          TIMESTAMP NOT NULL,
    tags                VARCHAR
);
