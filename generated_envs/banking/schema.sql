-- Kestrel Valley Bank: the customer-support back office of a personal bank.
-- References between tables are documented in comments; they are not enforced as constraints.
-- Amounts are US dollars. Transaction amounts are signed: money in is positive, money out negative.

CREATE TABLE customers (
    customer_id   VARCHAR PRIMARY KEY,        -- e.g. CU-1042
    first_name    VARCHAR NOT NULL,
    last_name     VARCHAR NOT NULL,
    email         VARCHAR NOT NULL,
    phone         VARCHAR NOT NULL,
    date_of_birth DATE NOT NULL,
    segment       VARCHAR NOT NULL,           -- standard | premier (sets the daily payee-payment limit)
    member_since  DATE NOT NULL
);

CREATE TABLE accounts (
    account_id      VARCHAR PRIMARY KEY,      -- e.g. AC-20117
    customer_id     VARCHAR NOT NULL,         -- -> customers.customer_id
    account_type    VARCHAR NOT NULL,         -- checking | savings
    nickname        VARCHAR NOT NULL,         -- e.g. 'Everyday Checking'
    number_last4    VARCHAR NOT NULL,         -- last four digits of the account number
    status          VARCHAR NOT NULL,         -- open | restricted (outgoing money blocked) | closed
    balance         DECIMAL(12,2) NOT NULL,
    overdraft_limit DECIMAL(10,2) NOT NULL,   -- how far below zero a checking account may go; 0 for savings
    opened_on       DATE NOT NULL,
    closed_on       DATE
);

CREATE TABLE debit_cards (
    card_id             VARCHAR PRIMARY KEY,  -- e.g. DC-50123
    account_id          VARCHAR NOT NULL,     -- -> accounts.account_id (a checking account)
    last4               VARCHAR NOT NULL,
    status              VARCHAR NOT NULL,     -- active | frozen | cancelled
    issued_on           DATE NOT NULL,
    expires             VARCHAR NOT NULL,     -- YYYY-MM
    freeze_reason       VARCHAR,              -- misplaced | suspected_fraud | travel | customer_request
    cancel_reason       VARCHAR,              -- lost | stolen | damaged | defective | account_closed
    cancelled_at        TIMESTAMP,
    replacement_card_id VARCHAR               -- -> debit_cards.card_id of the card issued in its place
);

CREATE TABLE payees (
    payee_id       VARCHAR PRIMARY KEY,       -- e.g. PY-3007
    customer_id    VARCHAR NOT NULL,          -- -> customers.customer_id
    payee_name     VARCHAR NOT NULL,
    bank_name      VARCHAR NOT NULL,
    routing_number VARCHAR NOT NULL,          -- nine digits (ABA checksum)
    account_number VARCHAR NOT NULL,
    added_at       TIMESTAMP NOT NULL         -- payments are possible 24 hours after this
);

CREATE TABLE transfers (
    transfer_id       VARCHAR PRIMARY KEY,    -- e.g. TR-000311
    customer_id       VARCHAR NOT NULL,       -- -> customers.customer_id
    from_account_id   VARCHAR NOT NULL,       -- -> accounts.account_id
    to_account_id     VARCHAR,                -- -> accounts.account_id (own-account transfers)
    payee_id          VARCHAR,                -- -> payees.payee_id (payments to a saved payee)
    amount            DECIMAL(12,2) NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    channel           VARCHAR NOT NULL,       -- online | branch | support | standing_order
    standing_order_id VARCHAR                 -- -> standing_orders.standing_order_id when it ran one
);

CREATE TABLE transactions (
    transaction_id VARCHAR PRIMARY KEY,       -- e.g. TX-004512
    account_id     VARCHAR NOT NULL,          -- -> accounts.account_id
    posted_at      TIMESTAMP NOT NULL,
    kind           VARCHAR NOT NULL,          -- card_purchase | atm_withdrawal | direct_deposit | transfer_in |
                                              -- transfer_out | payee_payment | standing_order | fee |
                                              -- fee_refund | dispute_credit | interest
    description    VARCHAR NOT NULL,
    amount         DECIMAL(12,2) NOT NULL,    -- signed
    balance_after  DECIMAL(12,2) NOT NULL,
    card_id        VARCHAR,                   -- -> debit_cards.card_id (card purchases, ATM withdrawals)
    fee_type       VARCHAR,                   -- fees: overdraft | monthly_maintenance | atm | foreign_transaction |
                                              -- card_replacement
    transfer_id    VARCHAR                    -- -> transfers.transfer_id
);

CREATE TABLE standing_orders (
    standing_order_id VARCHAR PRIMARY KEY,    -- e.g. SO-0042
    customer_id       VARCHAR NOT NULL,       -- -> customers.customer_id
    from_account_id   VARCHAR NOT NULL,       -- -> accounts.account_id (a checking account)
    payee_id          VARCHAR NOT NULL,       -- -> payees.payee_id
    amount            DECIMAL(12,2) NOT NULL,
    frequency         VARCHAR NOT NULL,       -- weekly | monthly
    next_run_date     DATE,                   -- NULL once cancelled
    status            VARCHAR NOT NULL,       -- active | cancelled
    created_at        TIMESTAMP NOT NULL,
    cancelled_at      TIMESTAMP
);

CREATE TABLE card_disputes (
    dispute_id         VARCHAR PRIMARY KEY,   -- e.g. DP-0107
    transaction_id     VARCHAR NOT NULL,      -- -> transactions.transaction_id (a card purchase)
    account_id         VARCHAR NOT NULL,      -- -> accounts.account_id
    reason             VARCHAR NOT NULL,      -- unauthorized | duplicate_charge | not_received | wrong_amount
    amount             DECIMAL(12,2) NOT NULL,
    status             VARCHAR NOT NULL,      -- under_review | resolved_refunded | resolved_denied
    provisional_credit DECIMAL(12,2) NOT NULL,
    opened_at          TIMESTAMP NOT NULL,
    resolved_at        TIMESTAMP
);

CREATE TABLE fee_refunds (
    refund_id          VARCHAR PRIMARY KEY,   -- e.g. FR-0031
    account_id         VARCHAR NOT NULL,      -- -> accounts.account_id
    fee_transaction_id VARCHAR NOT NULL,      -- -> transactions.transaction_id (the fee refunded)
    amount             DECIMAL(12,2) NOT NULL,
    refunded_at        TIMESTAMP NOT NULL
);
