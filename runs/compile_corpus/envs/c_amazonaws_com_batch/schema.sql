-- Tables of the c_amazonaws_com_batch environment, one per resource of AWS Batch.

-- An object that represents an Batch job definition.
CREATE TABLE job_definitions (
    job_definition_name          VARCHAR PRIMARY KEY,
    job_definition_arn           VARCHAR NOT NULL,
    revision                     INTEGER NOT NULL,
    status                       VARCHAR,
    type                         VARCHAR NOT NULL,
    scheduling_priority          INTEGER,
    parameters                   VARCHAR,
    retry_strategy               VARCHAR,
    container_properties         VARCHAR,
    timeout                      VARCHAR,
    node_properties              VARCHAR,
    tags                         VARCHAR,
    propagate_tags               BOOLEAN,
    platform_capabilities        VARCHAR,
    eks_properties               VARCHAR,
    container_orchestration_type VARCHAR CHECK (container_orchestration_type IN ('ECS', 'EKS'))
);

-- An object that represents an Batch compute environment.
CREATE TABLE compute_environments (
    compute_environment_name     VARCHAR NOT NULL,
    compute_environment_arn      VARCHAR NOT NULL,
    unmanagedv_cpus              INTEGER,
    ecs_cluster_arn              VARCHAR,
    tags                         VARCHAR,
    type                         VARCHAR CHECK (type IN ('MANAGED', 'UNMANAGED')),
    state_                       VARCHAR CHECK (state_ IN ('ENABLED', 'DISABLED')),
    status                       VARCHAR CHECK (status IN ('CREATING', 'UPDATING', 'DELETING', 'DELETED', 'VALID', 'INVALID')),
    status_reason                VARCHAR,
    compute_resources            VARCHAR,
    service_role                 VARCHAR,
    update_policy                VARCHAR,
    eks_configuration            VARCHAR,
    container_orchestration_type VARCHAR CHECK (container_orchestration_type IN ('ECS', 'EKS')),
    uuid                         VARCHAR PRIMARY KEY
);

-- An object that represents the details for an Batch job queue.
CREATE TABLE job_queues (
    job_queue_name            VARCHAR PRIMARY KEY,
    job_queue_arn             VARCHAR NOT NULL,
    state_                    VARCHAR NOT NULL CHECK (state_ IN ('ENABLED', 'DISABLED')),
    scheduling_policy_arn     VARCHAR,
    status                    VARCHAR CHECK (status IN ('CREATING', 'UPDATING', 'DELETING', 'DELETED', 'VALID', 'INVALID')),
    status_reason             VARCHAR,
    priority                  INTEGER NOT NULL,
    compute_environment_order VARCHAR NOT NULL,
    tags                      VARCHAR
);

-- An object that represents a scheduling policy.
CREATE TABLE scheduling_policies (
    name             VARCHAR NOT NULL,
    arn              VARCHAR PRIMARY KEY,
    fairshare_policy VARCHAR,
    tags             VARCHAR
);

CREATE TABLE submit_jobs (
    job_arn  VARCHAR,
    job_name VARCHAR NOT NULL,
    job_id   VARCHAR PRIMARY KEY
);

-- Contains the parameters for CancelJob .
CREATE TABLE cancel_jobs (
    job_id VARCHAR PRIMARY KEY,
    reason VARCHAR NOT NULL
);

-- An object that represents an Batch job.
CREATE TABLE jobs (
    job_arn               VARCHAR,
    job_name              VARCHAR NOT NULL,
    job_id                VARCHAR PRIMARY KEY,
    job_queue             VARCHAR NOT NULL,
    status                VARCHAR NOT NULL CHECK (status IN ('SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'RUNNING', 'SUCCEEDED', 'FAILED')),
    share_identifier      VARCHAR,
    scheduling_priority   INTEGER,
    attempts              VARCHAR,
    status_reason         VARCHAR,
    created_at            INTEGER,
    retry_strategy        VARCHAR,
    started_at            INTEGER NOT NULL,
    stopped_at            INTEGER,
    depends_on            VARCHAR,
    job_definition        VARCHAR NOT NULL,
    parameters            VARCHAR,
    container             VARCHAR,
    node_details          VARCHAR,
    node_properties       VARCHAR,
    array_properties      VARCHAR,
    timeout               VARCHAR,
    tags                  VARCHAR,
    propagate_tags        BOOLEAN,
    platform_capabilities VARCHAR,
    eks_properties        VARCHAR,
    eks_attempts          VARCHAR,
    is_cancelled          BOOLEAN,
    is_terminated         BOOLEAN
);

-- Contains the parameters for TerminateJob .
CREATE TABLE terminate_jobs (
    job_id VARCHAR PRIMARY KEY,
    reason VARCHAR NOT NULL
);
