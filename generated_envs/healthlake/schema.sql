-- Tables of the healthlake environment, one per resource of Amazon HealthLake.

-- A tag is a label consisting of a user-defined key and value. The form for tags is "Key", "Value"
CREATE TABLE tags (
    tag_key VARCHAR PRIMARY KEY,
    value   VARCHAR NOT NULL
);

CREATE TABLE fhir_export_jobs (
    datastore_id VARCHAR NOT NULL,
    job_id       VARCHAR PRIMARY KEY
);

CREATE TABLE fhir_import_jobs (
    datastore_id VARCHAR NOT NULL,
    job_id       VARCHAR PRIMARY KEY
);

CREATE TABLE start_fhir_export_jobs (
    job_id       VARCHAR PRIMARY KEY,
    job_status   VARCHAR NOT NULL CHECK (job_status IN ('SUBMITTED', 'IN_PROGRESS', 'COMPLETED_WITH_ERRORS', 'COMPLETED', 'FAILED', 'CANCEL_SUBMITTED', 'CANCEL_IN_PROGRESS', 'CANCEL_COMPLETED', 'CANCEL_FAILED')),
    datastore_id VARCHAR
);

CREATE TABLE start_fhir_import_jobs (
    job_id       VARCHAR PRIMARY KEY,
    job_status   VARCHAR NOT NULL CHECK (job_status IN ('SUBMITTED', 'IN_PROGRESS', 'COMPLETED_WITH_ERRORS', 'COMPLETED', 'FAILED', 'CANCEL_SUBMITTED', 'CANCEL_IN_PROGRESS', 'CANCEL_COMPLETED', 'CANCEL_FAILED')),
    datastore_id VARCHAR
);

-- Displays the properties of the data store, including the ID, ARN, name, and the status of the data store.
CREATE TABLE datastore_properties (
    datastore_id                    VARCHAR PRIMARY KEY,
    datastore_arn                   VARCHAR NOT NULL,
    datastore_name                  VARCHAR,
    datastore_status                VARCHAR NOT NULL CHECK (datastore_status IN ('CREATING', 'ACTIVE', 'DELETING', 'DELETED')),
    created_at                      TIMESTAMP,
    datastore_type_version          VARCHAR NOT NULL CHECK (datastore_type_version IN ('R4')),
    datastore_endpoint              VARCHAR NOT NULL,
    sse_configuration               VARCHAR,
    preload_data_config             VARCHAR,
    identity_provider_configuration VARCHAR
);
