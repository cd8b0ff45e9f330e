-- Tables of the c_amazonaws_com_customer_profiles environment, one per resource of Amazon Connect Customer Profiles.

-- Information about the Identity Resolution Job.
CREATE TABLE identity_resolution_jobs (
    domain_name        VARCHAR,
    job_id             VARCHAR PRIMARY KEY,
    status             VARCHAR CHECK (status IN ('PENDING', 'PREPROCESSING', 'FIND_MATCHING', 'MERGING', 'COMPLETED', 'PARTIAL_SUCCESS', 'FAILED')),
    job_start_time     TIMESTAMP,
    job_end_time       TIMESTAMP,
    job_stats          VARCHAR,
    exporting_location VARCHAR,
    message            VARCHAR
);

-- The Match group object.
CREATE TABLE match_items (
    match_id         VARCHAR PRIMARY KEY,
    profile_ids      VARCHAR,
    confidence_score DOUBLE
);

-- The standard profile of a customer.
CREATE TABLE profiles (
    profile_id             VARCHAR PRIMARY KEY,
    account_number         VARCHAR,
    additional_information VARCHAR,
    party_type             VARCHAR CHECK (party_type IN ('INDIVIDUAL', 'BUSINESS', 'OTHER')),
    business_name          VARCHAR,
    first_name             VARCHAR,
    middle_name            VARCHAR,
    last_name              VARCHAR,
    birth_date             VARCHAR,
    gender                 VARCHAR CHECK (gender IN ('MALE', 'FEMALE', 'UNSPECIFIED')),
    phone_number           VARCHAR,
    mobile_phone_number    VARCHAR,
    home_phone_number      VARCHAR,
    business_phone_number  VARCHAR,
    email_address          VARCHAR,
    personal_email_address VARCHAR,
    business_email_address VARCHAR,
    address                VARCHAR,
    shipping_address       VARCHAR,
    mailing_address        VARCHAR,
    billing_address        VARCHAR,
    attributes             VARCHAR,
    found_by_items         VARCHAR,
    party_type_string      VARCHAR,
    gender_string          VARCHAR
);

CREATE TABLE domains (
    domain_name             VARCHAR PRIMARY KEY,
    default_expiration_days INTEGER,
    default_encryption_key  VARCHAR,
    dead_letter_queue_url   VARCHAR,
    stats                   VARCHAR,
    matching                VARCHAR,
    rule_based_matching     VARCHAR,
    created_at              TIMESTAMP NOT NULL,
    last_updated_at         TIMESTAMP NOT NULL,
    tags                    VARCHAR
);

CREATE TABLE integration_workflows (
    workflow_id VARCHAR PRIMARY KEY,
    message     VARCHAR NOT NULL
);

CREATE TABLE profile_object_type_templates (
    template_id                          VARCHAR PRIMARY KEY,
    source_name                          VARCHAR,
    source_object                        VARCHAR,
    allow_profile_creation               BOOLEAN,
    source_last_updated_timestamp_format VARCHAR,
    fields                               VARCHAR,
    keys                                 VARCHAR
);

CREATE TABLE profile_keys (
    profile_id VARCHAR PRIMARY KEY,
    key_name   VARCHAR NOT NULL,
    values     VARCHAR NOT NULL
);

-- An instance of EventStream in a list of EventStreams.
CREATE TABLE event_streams (
    domain_name         VARCHAR NOT NULL,
    event_stream_name   VARCHAR PRIMARY KEY,
    event_stream_arn    VARCHAR NOT NULL,
    state_              VARCHAR NOT NULL CHECK (state_ IN ('RUNNING', 'STOPPED')),
    stopped_since       TIMESTAMP,
    destination_summary VARCHAR,
    tags                VARCHAR
);
