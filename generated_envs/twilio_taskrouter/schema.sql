-- Tables of the twilio_taskrouter environment, one per resource of Twilio - Taskrouter.

CREATE TABLE taskrouter_v1_workspaces (
    account_sid                 VARCHAR,
    date_created                TIMESTAMP,
    date_updated                TIMESTAMP,
    default_activity_name       VARCHAR,
    default_activity_sid        VARCHAR,
    event_callback_url          VARCHAR,
    events_filter               VARCHAR,
    friendly_name               VARCHAR,
    links                       VARCHAR,
    multi_task_enabled          BOOLEAN,
    prioritize_queue_order      VARCHAR CHECK (prioritize_queue_order IN ('FIFO', 'LIFO')),
    taskrouter_v1_workspace_sid VARCHAR PRIMARY KEY,
    timeout_activity_name       VARCHAR,
    timeout_activity_sid        VARCHAR,
    url                         VARCHAR
);

CREATE TABLE taskrouter_v1_workspace_tasks (
    account_sid                      VARCHAR,
    addons                           VARCHAR,
    age                              INTEGER,
    assignment_status                VARCHAR CHECK (assignment_status IN ('pending', 'reserved', 'assigned', 'canceled', 'completed', 'wrapping')),
    attributes                       VARCHAR,
    date_created                     TIMESTAMP,
    date_updated                     TIMESTAMP,
    links                            VARCHAR,
    priority                         INTEGER,
    reason                           VARCHAR,
    taskrouter_v1_workspace_task_sid VARCHAR PRIMARY KEY,
    task_channel_sid                 VARCHAR,
    task_channel_unique_name         VARCHAR,
    task_queue_entered_date          TIMESTAMP,
    task_queue_friendly_name         VARCHAR,
    task_queue_sid                   VARCHAR,
    timeout                          INTEGER,
    url                              VARCHAR,
    virtual_start_time               TIMESTAMP,
    workflow_friendly_name           VARCHAR,
    workflow_sid                     VARCHAR,
    workspace_sid                    VARCHAR NOT NULL CHECK (workspace_sid IN ('WS12345678901234567890123456789012'))
);

CREATE TABLE taskrouter_v1_workspace_task_task_reservations (
    account_sid                                       VARCHAR,
    date_created                                      TIMESTAMP,
    date_updated                                      TIMESTAMP,
    links                                             VARCHAR,
    reservation_status                                VARCHAR CHECK (reservation_status IN ('pending', 'accepted', 'rejected', 'timeout', 'canceled', 'rescinded', 'wrapping', 'completed')),
    taskrouter_v1_workspace_task_task_reservation_sid VARCHAR PRIMARY KEY,
    task_sid                                          VARCHAR,
    url                                               VARCHAR,
    worker_name                                       VARCHAR,
    worker_sid                                        VARCHAR,
    workspace_sid                                     VARCHAR NOT NULL CHECK (workspace_sid IN ('WS12345678901234567890123456789012'))
);

CREATE TABLE taskrouter_v1_workspace_workers (
    account_sid                        VARCHAR,
    activity_name                      VARCHAR,
    activity_sid                       VARCHAR,
    attributes                         VARCHAR,
    available                          BOOLEAN,
    date_created                       TIMESTAMP,
    date_status_changed                TIMESTAMP,
    date_updated                       TIMESTAMP,
    friendly_name                      VARCHAR,
    links                              VARCHAR,
    taskrouter_v1_workspace_worker_sid VARCHAR PRIMARY KEY,
    url                                VARCHAR,
    workspace_sid                      VARCHAR NOT NULL CHECK (workspace_sid IN ('WS12345678901234567890123456789012'))
);

CREATE TABLE taskrouter_v1_workspace_worker_worker_channels (
    account_sid                                       VARCHAR,
    assigned_tasks                                    INTEGER,
    available                                         BOOLEAN,
    available_capacity_percentage                     INTEGER,
    configured_capacity                               INTEGER,
    date_created                                      TIMESTAMP,
    date_updated                                      TIMESTAMP,
    taskrouter_v1_workspace_worker_worker_channel_sid VARCHAR PRIMARY KEY,
    task_channel_sid                                  VARCHAR,
    task_channel_unique_name                          VARCHAR,
    url                                               VARCHAR,
    worker_sid                                        VARCHAR,
    workspace_sid                                     VARCHAR NOT NULL CHECK (workspace_sid IN ('WS12345678901234567890123456789012'))
);

CREATE TABLE taskrouter_v1_workspace_worker_worker_reservations (
    account_sid                                           VARCHAR,
    date_created                                          TIMESTAMP,
    date_updated                                          TIMESTAMP,
    links                                                 VARCHAR,
    reservation_status                                    VARCHAR CHECK (reservation_status IN ('pending', 'accepted', 'rejected', 'timeout', 'canceled', 'rescinded', 'wrapping', 'completed')),
    taskrouter_v1_workspace_worker_worker_reservation_sid VARCHAR PRIMARY KEY,
    task_sid                                              VARCHAR,
    url                                                   VARCHAR,
    worker_name                                           VARCHAR,
    worker_sid                                            VARCHAR,
    workspace_sid                                         VARCHAR NOT NULL CHECK (workspace_sid IN ('WS12345678901234567890123456789012'))
);

CREATE TABLE taskrouter_v1_workspace_workflows (
    account_sid                          VARCHAR,
    assignment_callback_url              VARCHAR,
    configuration                        VARCHAR,
    date_created                         TIMESTAMP,
    date_updated                         TIMESTAMP,
    document_content_type                VARCHAR,
    fallback_assignment_callback_url     VARCHAR,
    friendly_name                        VARCHAR,
    links                                VARCHAR,
    taskrouter_v1_workspace_workflow_sid VARCHAR PRIMARY KEY,
    task_reservation_timeout             INTEGER,
    url                                  VARCHAR,
    workspace_sid                        VARCHAR NOT NULL CHECK (workspace_sid IN ('WS12345678901234567890123456789012'))
);
