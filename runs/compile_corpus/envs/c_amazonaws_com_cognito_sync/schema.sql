-- Tables of the c_amazonaws_com_cognito_sync environment, one per resource of Amazon Cognito Sync.

-- A collection of data for an identity pool. An identity pool can have multiple datasets. A dataset is per identity and can be general or associated with a particular entity in an application (like a saved game). Datasets are automatically created if they don't exist. Data is synced by dataset, and a.
CREATE TABLE datasets (
    identity_id        VARCHAR,
    dataset_name       VARCHAR PRIMARY KEY,
    creation_date      TIMESTAMP,
    last_modified_date TIMESTAMP,
    last_modified_by   VARCHAR,
    data_storage       INTEGER,
    num_records        INTEGER
);

-- Usage information for the identity.
CREATE TABLE identity_usages (
    identity_id        VARCHAR PRIMARY KEY,
    identity_pool_id   VARCHAR,
    last_modified_date TIMESTAMP,
    dataset_count      INTEGER,
    data_storage       INTEGER
);

-- The basic data structure of a dataset.
CREATE TABLE records (
    key                       VARCHAR PRIMARY KEY,
    value                     VARCHAR,
    sync_count                INTEGER,
    last_modified_date        TIMESTAMP,
    last_modified_by          VARCHAR,
    device_last_modified_date TIMESTAMP
);

-- Response to a RegisterDevice request.
CREATE TABLE register_devices (
    device_id VARCHAR PRIMARY KEY
);
