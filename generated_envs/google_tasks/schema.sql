-- Tables of the google_tasks environment, one per resource of Google Tasks API.

CREATE TABLE tasks (
    completed TIMESTAMP,
    deleted   BOOLEAN,
    due       VARCHAR,
    etag      VARCHAR,
    hidden    BOOLEAN,
    task_id   VARCHAR PRIMARY KEY,
    kind      VARCHAR,
    links     VARCHAR,
    notes     VARCHAR,
    parent    VARCHAR,
    position  VARCHAR,
    self_link VARCHAR,
    status    VARCHAR CHECK (status IN ('needsAction', 'completed')),
    title     VARCHAR,
    updated   TIMESTAMP,
    tasklist  VARCHAR
);

CREATE TABLE task_lists (
    etag         VARCHAR,
    task_list_id VARCHAR PRIMARY KEY,
    kind         VARCHAR,
    self_link    VARCHAR,
    title        VARCHAR,
    updated      TIMESTAMP
);
