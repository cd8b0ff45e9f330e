-- Tables of the c_amazonaws_com_amplify environment, one per resource of AWS Amplify.

-- Represents the different branches of a repository for building, deploying, and hosting an Amplify app.
CREATE TABLE apps (
    app_id                        VARCHAR PRIMARY KEY,
    app_arn                       VARCHAR NOT NULL,
    name                          VARCHAR NOT NULL,
    tags                          VARCHAR,
    description                   VARCHAR NOT NULL,
    repository                    VARCHAR NOT NULL,
    platform                      VARCHAR NOT NULL CHECK (platform IN ('WEB', 'WEB_DYNAMIC', 'WEB_COMPUTE')),
    create_time                   TIMESTAMP NOT NULL,
    update_time                   TIMESTAMP NOT NULL,
    iam_service_role_arn          VARCHAR,
    environment_variables         VARCHAR NOT NULL,
    default_domain                VARCHAR NOT NULL,
    enable_branch_auto_build      BOOLEAN NOT NULL,
    enable_branch_auto_deletion   BOOLEAN,
    enable_basic_auth             BOOLEAN NOT NULL,
    basic_auth_credentials        VARCHAR,
    custom_rules                  VARCHAR,
    production_branch             VARCHAR,
    build_spec                    VARCHAR,
    custom_headers                VARCHAR,
    enable_auto_branch_creation   BOOLEAN,
    auto_branch_creation_patterns VARCHAR,
    auto_branch_creation_config   VARCHAR,
    repository_clone_method       VARCHAR CHECK (repository_clone_method IN ('SSH', 'TOKEN', 'SIGV4'))
);

-- Describes an artifact.
CREATE TABLE artifacts (
    artifact_file_name VARCHAR NOT NULL,
    artifact_id        VARCHAR PRIMARY KEY
);

-- The branch for an Amplify app, which maps to a third-party repository branch.
CREATE TABLE branches (
    branch_arn                    VARCHAR NOT NULL,
    branch_name                   VARCHAR PRIMARY KEY,
    description                   VARCHAR NOT NULL,
    tags                          VARCHAR,
    stage                         VARCHAR NOT NULL CHECK (stage IN ('PRODUCTION', 'BETA', 'DEVELOPMENT', 'EXPERIMENTAL', 'PULL_REQUEST')),
    display_name                  VARCHAR NOT NULL,
    enable_notification           BOOLEAN NOT NULL,
    create_time                   TIMESTAMP NOT NULL,
    update_time                   TIMESTAMP NOT NULL,
    environment_variables         VARCHAR NOT NULL,
    enable_auto_build             BOOLEAN NOT NULL,
    custom_domains                VARCHAR NOT NULL,
    framework                     VARCHAR NOT NULL,
    active_job_id                 VARCHAR NOT NULL,
    total_number_of_jobs          VARCHAR NOT NULL,
    enable_basic_auth             BOOLEAN NOT NULL,
    enable_performance_mode       BOOLEAN,
    thumbnail_url                 VARCHAR,
    basic_auth_credentials        VARCHAR,
    build_spec                    VARCHAR,
    ttl                           VARCHAR NOT NULL,
    associated_resources          VARCHAR,
    enable_pull_request_preview   BOOLEAN NOT NULL,
    pull_request_environment_name VARCHAR,
    destination_branch            VARCHAR,
    source_branch                 VARCHAR,
    backend_environment_arn       VARCHAR
);

-- Describes a webhook that connects repository events to an Amplify app.
CREATE TABLE webhooks (
    webhook_arn VARCHAR NOT NULL,
    webhook_id  VARCHAR PRIMARY KEY,
    webhook_url VARCHAR NOT NULL,
    branch_name VARCHAR NOT NULL,
    description VARCHAR NOT NULL,
    create_time TIMESTAMP NOT NULL,
    update_time TIMESTAMP NOT NULL
);

-- Returns the result structure for the get artifact request.
CREATE TABLE artifact_urls (
    artifact_id        VARCHAR PRIMARY KEY,
    artifact_url_value VARCHAR NOT NULL
);

-- Describes the summary for an execution job for an Amplify app.
CREATE TABLE jobs (
    job_arn        VARCHAR NOT NULL,
    job_id         VARCHAR PRIMARY KEY,
    commit_id      VARCHAR NOT NULL,
    commit_message VARCHAR NOT NULL,
    commit_time    TIMESTAMP NOT NULL,
    start_time     TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL CHECK (status IN ('PENDING', 'PROVISIONING', 'RUNNING', 'FAILED', 'SUCCEED', 'CANCELLING', 'CANCELLED')),
    end_time       TIMESTAMP,
    job_type       VARCHAR NOT NULL CHECK (job_type IN ('RELEASE', 'RETRY', 'MANUAL', 'WEB_HOOK'))
);
