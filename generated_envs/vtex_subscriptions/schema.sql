-- Tables of the vtex_subscriptions environment, one per resource of Subscriptions API (v3).

CREATE TABLE order_items (
    attachments     VARCHAR,
    order_item_id   VARCHAR PRIMARY KEY,
    is_gift         BOOLEAN,
    name            VARCHAR,
    price           INTEGER,
    price_tags      VARCHAR,
    quantity        INTEGER,
    seller          VARCHAR,
    selling_price   INTEGER,
    unit_multiplier DOUBLE
);

CREATE TABLE store_plans (
    frequencies   VARCHAR,
    store_plan_id VARCHAR PRIMARY KEY
);

CREATE TABLE subscription_reports (
    account                 VARCHAR,
    description             VARCHAR,
    entity                  VARCHAR,
    subscription_report_key VARCHAR PRIMARY KEY,
    name                    VARCHAR,
    params_                 VARCHAR,
    query                   VARCHAR,
    requester_email         VARCHAR,
    schema                  VARCHAR
);

CREATE TABLE conversation_messages (
    attachment_names        VARCHAR,
    body                    VARCHAR,
    date                    DATE,
    first_words             VARCHAR,
    from_                   VARCHAR,
    has_attachment          BOOLEAN,
    conversation_message_id VARCHAR PRIMARY KEY,
    subject                 VARCHAR,
    to_                     VARCHAR
);

CREATE TABLE reports (
    canceled             BOOLEAN,
    completed_date       TIMESTAMP,
    email                VARCHAR,
    enqueue_date         TIMESTAMP,
    error_count          INTEGER,
    finished             BOOLEAN,
    report_id            VARCHAR PRIMARY KEY,
    last_error_message   VARCHAR,
    last_update_time     TIMESTAMP,
    link_to_download     VARCHAR,
    output_type          VARCHAR,
    percentage_processed INTEGER,
    records_processed    INTEGER,
    records_sum          INTEGER,
    start_date           TIMESTAMP,
    status_message       VARCHAR,
    zipped               BOOLEAN
);

CREATE TABLE simulation_items (
    simulation_item_id VARCHAR PRIMARY KEY,
    quantity           INTEGER,
    status             INTEGER,
    status_name        VARCHAR,
    unit_price         INTEGER
);

CREATE TABLE subscription_cycles (
    context               VARCHAR,
    customer_email        VARCHAR,
    cycle_count           INTEGER,
    date                  TIMESTAMP,
    subscription_cycle_id VARCHAR PRIMARY KEY,
    is_in_retry           BOOLEAN,
    last_update           TIMESTAMP,
    message               VARCHAR,
    order_info            VARCHAR,
    simulation_items      VARCHAR,
    status                VARCHAR,
    subscription_id       VARCHAR
);

CREATE TABLE subscription_groups (
    created_at            TIMESTAMP NOT NULL,
    customer_email        VARCHAR NOT NULL,
    customer_id           VARCHAR NOT NULL,
    cycle_count           INTEGER NOT NULL,
    subscription_group_id VARCHAR PRIMARY KEY,
    is_skipped            BOOLEAN NOT NULL,
    items                 VARCHAR NOT NULL,
    last_purchase_date    TIMESTAMP,
    last_update           TIMESTAMP NOT NULL,
    next_purchase_date    TIMESTAMP NOT NULL,
    plan                  VARCHAR NOT NULL,
    purchase_settings     VARCHAR NOT NULL,
    shipping_address      VARCHAR NOT NULL,
    status                VARCHAR NOT NULL CHECK (status IN ('ACTIVE', 'PAUSED', 'CANCELLED', 'EXPIRED', 'MISSING')),
    title                 VARCHAR
);
