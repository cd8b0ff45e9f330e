-- Tables of the pocketsmith environment, one per resource of PocketSmith.

CREATE TABLE categories (
    children         VARCHAR,
    colour           VARCHAR,
    created_at       VARCHAR,
    category_id      INTEGER PRIMARY KEY,
    is_bill          BOOLEAN,
    is_transfer      BOOLEAN,
    parent_id        INTEGER,
    refund_behaviour VARCHAR CHECK (refund_behaviour IN ('debits_are_deductions', 'credits_are_refunds')),
    roll_up          BOOLEAN,
    title            VARCHAR,
    updated_at       VARCHAR
);

CREATE TABLE events (
    amount                  DOUBLE,
    amount_in_base_currency DOUBLE,
    category                VARCHAR,
    colour                  VARCHAR,
    currency_code           VARCHAR,
    date                    DATE,
    event_id                VARCHAR PRIMARY KEY,
    infinite_series         BOOLEAN,
    note                    VARCHAR,
    repeat_interval         INTEGER,
    repeat_type             VARCHAR CHECK (repeat_type IN ('once', 'daily', 'weekly', 'fortnightly', 'monthly', 'yearly', 'each weekday')),
    scenario                VARCHAR,
    series_id               INTEGER,
    series_start_id         VARCHAR
);

CREATE TABLE institutions (
    created_at     TIMESTAMP,
    currency_code  VARCHAR,
    institution_id INTEGER PRIMARY KEY,
    title          VARCHAR,
    updated_at     TIMESTAMP
);

CREATE TABLE transactions (
    amount                  DOUBLE,
    amount_in_base_currency DOUBLE,
    category                VARCHAR,
    cheque_number           VARCHAR,
    closing_balance         DOUBLE,
    created_at              TIMESTAMP,
    date                    DATE,
    transaction_id          INTEGER PRIMARY KEY,
    is_transfer             BOOLEAN,
    labels                  VARCHAR,
    memo                    VARCHAR,
    needs_review            BOOLEAN,
    note                    VARCHAR,
    original_payee          VARCHAR,
    payee                   VARCHAR,
    status                  VARCHAR CHECK (status IN ('pending', 'posted')),
    transaction_account     VARCHAR,
    type                    VARCHAR CHECK (type IN ('debit', 'credit')),
    updated_at              TIMESTAMP,
    upload_source           VARCHAR
);
