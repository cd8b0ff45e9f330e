-- Tables of the ynab environment, one per resource of YNAB API Endpoints.

CREATE TABLE accounts (
    balance                INTEGER NOT NULL,
    cleared_balance        INTEGER NOT NULL,
    closed                 BOOLEAN NOT NULL,
    debt_escrow_amounts    VARCHAR,
    debt_interest_rates    VARCHAR,
    debt_minimum_payments  VARCHAR,
    debt_original_balance  INTEGER,
    deleted                BOOLEAN NOT NULL,
    direct_import_in_error BOOLEAN,
    direct_import_linked   BOOLEAN,
    account_id             VARCHAR PRIMARY KEY,
    last_reconciled_at     TIMESTAMP,
    name                   VARCHAR NOT NULL,
    note                   VARCHAR,
    on_budget              BOOLEAN NOT NULL,
    transfer_payee_id      VARCHAR NOT NULL,
    type                   VARCHAR NOT NULL CHECK (type IN ('checking', 'savings', 'cash', 'creditCard', 'lineOfCredit', 'otherAsset', 'otherLiability', 'mortgage', 'autoLoan', 'studentLoan', 'personalLoan', 'medicalDebt', 'otherDebt')),
    uncleared_balance      INTEGER NOT NULL
);

CREATE TABLE categories (
    activity                   INTEGER NOT NULL,
    balance                    INTEGER NOT NULL,
    budgeted                   INTEGER NOT NULL,
    category_group_id          VARCHAR NOT NULL,
    deleted                    BOOLEAN NOT NULL,
    goal_cadence               INTEGER,
    goal_cadence_frequency     INTEGER,
    goal_creation_month        DATE,
    goal_day                   INTEGER,
    goal_months_to_budget      INTEGER,
    goal_overall_funded        INTEGER,
    goal_overall_left          INTEGER,
    goal_percentage_complete   INTEGER,
    goal_target                INTEGER,
    goal_target_month          DATE,
    goal_type                  VARCHAR CHECK (goal_type IN ('TB', 'TBD', 'MF', 'NEED', 'DEBT')),
    goal_under_funded          INTEGER,
    hidden                     BOOLEAN NOT NULL,
    category_id                VARCHAR PRIMARY KEY,
    name                       VARCHAR NOT NULL,
    note                       VARCHAR,
    original_category_group_id VARCHAR
);

CREATE TABLE payees (
    deleted             BOOLEAN NOT NULL,
    payee_id            VARCHAR PRIMARY KEY,
    name                VARCHAR NOT NULL,
    transfer_account_id VARCHAR
);

CREATE TABLE payee_locations (
    deleted           BOOLEAN NOT NULL,
    payee_location_id VARCHAR PRIMARY KEY,
    latitude          VARCHAR NOT NULL,
    longitude         VARCHAR NOT NULL,
    payee_id          VARCHAR NOT NULL
);

CREATE TABLE users (
    user_id VARCHAR PRIMARY KEY
);

CREATE TABLE budgets (
    accounts                  VARCHAR,
    currency_format           VARCHAR,
    date_format               VARCHAR,
    first_month               DATE,
    budget_id                 VARCHAR PRIMARY KEY,
    last_modified_on          TIMESTAMP,
    last_month                DATE,
    name                      VARCHAR NOT NULL,
    categories                VARCHAR,
    category_groups           VARCHAR,
    months                    VARCHAR,
    payee_locations           VARCHAR,
    payees                    VARCHAR,
    scheduled_subtransactions VARCHAR,
    scheduled_transactions    VARCHAR,
    subtransactions           VARCHAR,
    transactions              VARCHAR
);

CREATE TABLE scheduled_transactions (
    account_id               VARCHAR NOT NULL,
    amount                   INTEGER NOT NULL,
    category_id              VARCHAR,
    date_first               DATE NOT NULL,
    date_next                DATE NOT NULL,
    deleted                  BOOLEAN NOT NULL,
    flag_color               VARCHAR CHECK (flag_color IN ('red', 'orange', 'yellow', 'green', 'blue', 'purple')),
    frequency                VARCHAR NOT NULL CHECK (frequency IN ('never', 'daily', 'weekly', 'everyOtherWeek', 'twiceAMonth', 'every4Weeks', 'monthly', 'everyOtherMonth', 'every3Months', 'every4Months', 'twiceAYear', 'yearly', 'everyOtherYear')),
    scheduled_transaction_id VARCHAR PRIMARY KEY,
    memo                     VARCHAR,
    payee_id                 VARCHAR,
    transfer_account_id      VARCHAR,
    account_name             VARCHAR NOT NULL,
    category_name            VARCHAR,
    payee_name               VARCHAR,
    subtransactions          VARCHAR NOT NULL
);

CREATE TABLE transactions (
    account_id                 VARCHAR NOT NULL,
    amount                     INTEGER NOT NULL,
    approved                   BOOLEAN NOT NULL,
    category_id                VARCHAR,
    cleared                    VARCHAR NOT NULL CHECK (cleared IN ('cleared', 'uncleared', 'reconciled')),
    date                       DATE NOT NULL,
    debt_transaction_type      VARCHAR CHECK (debt_transaction_type IN ('payment', 'refund', 'fee', 'interest', 'escrow', 'balancedAdjustment', 'credit', 'charge')),
    deleted                    BOOLEAN NOT NULL,
    flag_color                 VARCHAR CHECK (flag_color IN ('red', 'orange', 'yellow', 'green', 'blue', 'purple')),
    transaction_id             VARCHAR PRIMARY KEY,
    import_id                  VARCHAR,
    import_payee_name          VARCHAR,
    import_payee_name_original VARCHAR,
    matched_transaction_id     VARCHAR,
    memo                       VARCHAR,
    payee_id                   VARCHAR,
    transfer_account_id        VARCHAR,
    transfer_transaction_id    VARCHAR,
    account_name               VARCHAR NOT NULL,
    category_name              VARCHAR,
    payee_name                 VARCHAR,
    subtransactions            VARCHAR NOT NULL
);
