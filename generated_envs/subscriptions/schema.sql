-- Tallyhand Software: the billing support desk of a company selling Tallyhand Workspace subscriptions.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE plans (
    plan_code              VARCHAR PRIMARY KEY,   -- STARTER | TEAM | BUSINESS | ENTERPRISE
    name                   VARCHAR NOT NULL,
    tier_rank              INTEGER NOT NULL,      -- 1 (lowest) to 4 (highest): a higher rank is an upgrade
    monthly_price_per_seat DECIMAL(10,2) NOT NULL,
    annual_price_per_seat  DECIMAL(10,2) NOT NULL,
    min_seats              INTEGER NOT NULL,
    max_seats              INTEGER NOT NULL,
    trial_days             INTEGER NOT NULL,      -- 0: no free trial
    storage_gb_per_seat    INTEGER NOT NULL,
    description            VARCHAR NOT NULL
);

CREATE TABLE addons (
    addon_code     VARCHAR PRIMARY KEY,           -- e.g. SSO
    name           VARCHAR NOT NULL,
    per_seat       BOOLEAN NOT NULL,              -- priced per seat of the subscription, else a flat price
    monthly_price  DECIMAL(10,2) NOT NULL,        -- per seat or flat, for a month
    annual_price   DECIMAL(10,2) NOT NULL,        -- per seat or flat, for a year
    min_tier_rank  INTEGER NOT NULL,              -- the lowest plan tier that can take it
    description    VARCHAR NOT NULL
);

CREATE TABLE accounts (
    account_id          VARCHAR PRIMARY KEY,      -- e.g. ACC-1042
    account_type        VARCHAR NOT NULL,         -- business | personal
    company_name        VARCHAR,                  -- NULL for personal accounts
    contact_first_name  VARCHAR NOT NULL,         -- the billing contact
    contact_last_name   VARCHAR NOT NULL,
    billing_email       VARCHAR NOT NULL,
    phone               VARCHAR NOT NULL,
    country             VARCHAR NOT NULL,
    tax_rate_pct        DECIMAL(5,2) NOT NULL,    -- sales tax / VAT applied to every invoice
    trial_used          BOOLEAN NOT NULL,         -- one free trial per account
    default_payment_method_id VARCHAR,            -- -> payment_methods.payment_method_id
    created_on          DATE NOT NULL
);

CREATE TABLE payment_methods (
    payment_method_id VARCHAR PRIMARY KEY,        -- e.g. PM-3107
    account_id        VARCHAR NOT NULL,           -- -> accounts.account_id
    kind              VARCHAR NOT NULL,           -- card | bank_debit
    brand             VARCHAR NOT NULL,           -- Visa | Mastercard | Amex | ACH
    last4             VARCHAR NOT NULL,
    exp_month         INTEGER,                    -- cards only; valid through the end of that month
    exp_year          INTEGER,
    added_on          DATE NOT NULL
);

CREATE TABLE coupons (
    coupon_code        VARCHAR PRIMARY KEY,       -- e.g. WELCOME20
    description        VARCHAR NOT NULL,
    percent_off        INTEGER NOT NULL,          -- off plan and add-on charges of renewal invoices
    duration_months    INTEGER NOT NULL,          -- how many billing months it lasts (an annual period counts 12)
    valid_until        DATE NOT NULL,             -- last day it can be redeemed
    min_tier_rank      INTEGER NOT NULL,
    billing_interval   VARCHAR NOT NULL,          -- month | year | any
    new_customers_only BOOLEAN NOT NULL,          -- only subscriptions still in their trial
    max_redemptions    INTEGER NOT NULL,
    times_redeemed     INTEGER NOT NULL
);

CREATE TABLE subscriptions (
    subscription_id        VARCHAR PRIMARY KEY,   -- e.g. SUB-20415
    account_id             VARCHAR NOT NULL,      -- -> accounts.account_id
    workspace_name         VARCHAR NOT NULL,      -- what the customer calls it, e.g. 'Marketing'
    plan_code              VARCHAR NOT NULL,      -- -> plans.plan_code
    billing_interval       VARCHAR NOT NULL,      -- month | year
    seats                  INTEGER NOT NULL,
    status                 VARCHAR NOT NULL,      -- trialing | active | past_due | unpaid | paused | cancelled
    started_on             DATE NOT NULL,
    trial_ends_on          DATE,                  -- trialing subscriptions
    current_period_start   DATE NOT NULL,
    current_period_end     DATE NOT NULL,         -- the renewal date (end of the paid period)
    cancel_at_period_end   BOOLEAN NOT NULL,
    cancelled_on           DATE,
    cancel_reason          VARCHAR,
    scheduled_plan_code    VARCHAR,               -- a downgrade taking effect at the renewal
    scheduled_seats        INTEGER,               -- a seat reduction taking effect at the renewal
    pause_starts_on        DATE,                  -- a scheduled or running pause
    resume_on              DATE,
    pauses_this_year       INTEGER NOT NULL       -- pauses started in the calendar year (limit 2)
);

CREATE TABLE subscription_addons (
    subscription_id VARCHAR NOT NULL,             -- -> subscriptions.subscription_id
    addon_code      VARCHAR NOT NULL,             -- -> addons.addon_code
    quantity        INTEGER NOT NULL,             -- seats for per-seat add-ons, else 1
    added_on        DATE NOT NULL,
    PRIMARY KEY (subscription_id, addon_code)
);

CREATE TABLE coupon_redemptions (
    redemption_id   VARCHAR PRIMARY KEY,          -- e.g. RDM-7012
    subscription_id VARCHAR NOT NULL,             -- -> subscriptions.subscription_id
    coupon_code     VARCHAR NOT NULL,             -- -> coupons.coupon_code
    redeemed_on     DATE NOT NULL,
    months_left     INTEGER NOT NULL              -- billing months still discounted; 0 = used up
);

CREATE TABLE invoices (
    invoice_id      VARCHAR PRIMARY KEY,          -- e.g. INV-50231
    account_id      VARCHAR NOT NULL,             -- -> accounts.account_id
    subscription_id VARCHAR NOT NULL,             -- -> subscriptions.subscription_id
    kind            VARCHAR NOT NULL,             -- renewal | proration | late_fee
    issued_on       DATE NOT NULL,
    due_on          DATE NOT NULL,
    period_start    DATE NOT NULL,
    period_end      DATE NOT NULL,
    subtotal        DECIMAL(10,2) NOT NULL,
    discount        DECIMAL(10,2) NOT NULL,
    tax             DECIMAL(10,2) NOT NULL,
    total           DECIMAL(10,2) NOT NULL,
    status          VARCHAR NOT NULL,             -- paid | open | refunded | void
    paid_on         DATE
);

CREATE TABLE invoice_lines (
    line_id     VARCHAR PRIMARY KEY,              -- e.g. LN-90412
    invoice_id  VARCHAR NOT NULL,                 -- -> invoices.invoice_id
    description VARCHAR NOT NULL,
    quantity    INTEGER NOT NULL,
    amount      DECIMAL(10,2) NOT NULL
);

CREATE TABLE payments (
    payment_id        VARCHAR PRIMARY KEY,        -- e.g. PAY-60233
    invoice_id        VARCHAR NOT NULL,           -- -> invoices.invoice_id
    payment_method_id VARCHAR NOT NULL,           -- -> payment_methods.payment_method_id
    amount            DECIMAL(10,2) NOT NULL,
    attempted_on      DATE NOT NULL,
    outcome           VARCHAR NOT NULL,           -- succeeded | failed
    failure_reason    VARCHAR                     -- card_declined | insufficient_funds | expired_card
);

CREATE TABLE refunds (
    refund_id         VARCHAR PRIMARY KEY,        -- e.g. RF-8014
    invoice_id        VARCHAR NOT NULL,           -- -> invoices.invoice_id
    payment_id        VARCHAR NOT NULL,           -- -> payments.payment_id (the original payment)
    amount            DECIMAL(10,2) NOT NULL,
    reason            VARCHAR NOT NULL,
    refunded_on       DATE NOT NULL
);
