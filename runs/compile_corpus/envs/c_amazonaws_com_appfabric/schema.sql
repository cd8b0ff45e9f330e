-- Tables of the c_amazonaws_com_appfabric environment, one per resource of AppFabric.

-- The key or keys of the key-value pairs for the tag or tags assigned to a resource.
CREATE TABLE tags (
    key   VARCHAR PRIMARY KEY,
    value VARCHAR NOT NULL
);

-- Contains information about an app bundle.
CREATE TABLE app_bundles (
    arn                      VARCHAR PRIMARY KEY,
    customer_managed_key_arn VARCHAR
);

-- Contains information about an ingestion destination.
CREATE TABLE ingestion_destinations (
    arn                       VARCHAR PRIMARY KEY,
    ingestion_arn             VARCHAR NOT NULL,
    processing_configuration  VARCHAR NOT NULL,
    destination_configuration VARCHAR NOT NULL,
    status                    VARCHAR CHECK (status IN ('Active', 'Failed')),
    status_reason             VARCHAR,
    created_at                TIMESTAMP,
    updated_at                TIMESTAMP
);

-- Contains information about an ingestion.
CREATE TABLE ingestions (
    arn            VARCHAR PRIMARY KEY,
    app_bundle_arn VARCHAR NOT NULL,
    app            VARCHAR NOT NULL,
    tenant_id      VARCHAR NOT NULL,
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    state_         VARCHAR NOT NULL CHECK (state_ IN ('enabled', 'disabled')),
    ingestion_type VARCHAR NOT NULL CHECK (ingestion_type IN ('auditLog'))
);

-- Contains information about a user's access to an application.
CREATE TABLE user_access_result_items (
    app                 VARCHAR,
    tenant_id           VARCHAR,
    tenant_display_name VARCHAR,
    task_id             VARCHAR,
    result_status       VARCHAR CHECK (result_status IN ('IN_PROGRESS', 'COMPLETED', 'FAILED', 'EXPIRED')),
    email               VARCHAR,
    user_id             VARCHAR PRIMARY KEY,
    user_full_name      VARCHAR,
    user_first_name     VARCHAR,
    user_last_name      VARCHAR,
    user_status         VARCHAR,
    task_error          VARCHAR
);
