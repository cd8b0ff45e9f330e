-- Silverlarch Power & Water: the customer-service desk of a regional electricity and water utility.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE customers (
    customer_id         VARCHAR PRIMARY KEY,   -- e.g. C-20041
    first_name          VARCHAR NOT NULL,
    last_name           VARCHAR NOT NULL,
    email               VARCHAR NOT NULL,
    phone               VARCHAR NOT NULL,
    mailing_address     VARCHAR NOT NULL,      -- street, city and state of the billing address
    zip_code            VARCHAR NOT NULL,      -- five-digit zip code of the billing address
    customer_since      DATE NOT NULL,
    assistance_enrolled BOOLEAN NOT NULL       -- income-qualified for the assistance tariffs
);

CREATE TABLE premises (
    premise_id   VARCHAR PRIMARY KEY,          -- e.g. PR-5107: a service address
    street       VARCHAR NOT NULL,             -- e.g. '418 Juniper Ln'
    unit         VARCHAR,                      -- e.g. 'Apt 2B'
    city         VARCHAR NOT NULL,
    state        VARCHAR NOT NULL,
    zip_code     VARCHAR NOT NULL,
    premise_type VARCHAR NOT NULL              -- residential | commercial
);

CREATE TABLE meters (
    meter_id      VARCHAR PRIMARY KEY,         -- e.g. MTR-40213
    premise_id    VARCHAR NOT NULL,            -- -> premises.premise_id (one meter per premise and service)
    service_type  VARCHAR NOT NULL,            -- electric | water (water only inside the water district)
    serial_number VARCHAR NOT NULL,
    meter_kind    VARCHAR NOT NULL,            -- smart (read remotely) | manual (read on site, sometimes estimated)
    installed_on  DATE NOT NULL
);

CREATE TABLE tariffs (
    tariff_id           VARCHAR PRIMARY KEY,   -- e.g. E-RES
    name                VARCHAR NOT NULL,
    service_type        VARCHAR NOT NULL,      -- electric | water
    customer_class      VARCHAR NOT NULL,      -- residential | commercial
    unit                VARCHAR NOT NULL,      -- kWh | CCF (hundred cubic feet)
    fixed_charge        DECIMAL(8,2) NOT NULL, -- charged on every bill
    requires_assistance BOOLEAN NOT NULL,      -- only for customers enrolled in the assistance program
    description         VARCHAR NOT NULL
);

CREATE TABLE tariff_tiers (
    tariff_id VARCHAR NOT NULL,                -- -> tariffs.tariff_id
    tier      INTEGER NOT NULL,                -- 1, 2, 3
    up_to     INTEGER,                         -- usage (kWh or CCF) where the tier ends; NULL for the last tier
    rate      DECIMAL(8,4) NOT NULL,           -- dollars per unit within the tier
    PRIMARY KEY (tariff_id, tier)
);

CREATE TABLE service_accounts (
    account_id        VARCHAR PRIMARY KEY,     -- e.g. ACC-30118
    customer_id       VARCHAR NOT NULL,        -- -> customers.customer_id
    premise_id        VARCHAR NOT NULL,        -- -> premises.premise_id
    service_type      VARCHAR NOT NULL,        -- electric | water
    tariff_id         VARCHAR NOT NULL,        -- -> tariffs.tariff_id
    status            VARCHAR NOT NULL,        -- pending_start | active | disconnected | closed
    start_date        DATE NOT NULL,
    end_date          DATE,                    -- service end (scheduled while a stop order is open)
    disconnected_on   DATE,
    cycle_day         INTEGER NOT NULL,        -- day of the month the meter is read
    tariff_changed_on DATE,
    credit_balance    DECIMAL(10,2) NOT NULL   -- overpayments left after a rebill
);

CREATE TABLE meter_readings (
    reading_id    VARCHAR PRIMARY KEY,         -- e.g. RD-004127
    meter_id      VARCHAR NOT NULL,            -- -> meters.meter_id
    account_id    VARCHAR NOT NULL,            -- -> service_accounts.account_id
    read_date     DATE NOT NULL,
    reading_value INTEGER NOT NULL,            -- the meter register (kWh or CCF)
    usage         INTEGER,                     -- since the account's previous reading; NULL for a start reading
    read_type     VARCHAR NOT NULL             -- actual | estimated | corrected (an estimate replaced after a dispute)
);

CREATE TABLE customer_reads (
    customer_read_id VARCHAR PRIMARY KEY,      -- e.g. CR-9012: a reading the customer sent in
    meter_id         VARCHAR NOT NULL,         -- -> meters.meter_id
    read_date        DATE NOT NULL,
    reading_value    INTEGER NOT NULL,
    source           VARCHAR NOT NULL          -- app_photo | phone
);

CREATE TABLE payment_plans (
    plan_id            VARCHAR PRIMARY KEY,    -- e.g. PP-3007
    account_id         VARCHAR NOT NULL,       -- -> service_accounts.account_id
    created_on         DATE NOT NULL,
    total_amount       DECIMAL(10,2) NOT NULL, -- the overdue balance the plan took over
    months             INTEGER NOT NULL,       -- number of monthly installments (2 to 6)
    installment_amount DECIMAL(10,2) NOT NULL, -- every installment but the last, which takes the rounding
    installments_paid  INTEGER NOT NULL,
    next_due_date      DATE,                   -- NULL once the plan is completed or cancelled
    status             VARCHAR NOT NULL        -- active | completed | defaulted
);

CREATE TABLE bills (
    bill_id            VARCHAR PRIMARY KEY,    -- e.g. B-104412
    account_id         VARCHAR NOT NULL,       -- -> service_accounts.account_id
    reading_id         VARCHAR NOT NULL,       -- -> meter_readings.reading_id (the reading that closed the period)
    tariff_id          VARCHAR NOT NULL,       -- -> tariffs.tariff_id (the tariff the bill was computed with)
    period_start       DATE NOT NULL,
    period_end         DATE NOT NULL,
    usage              INTEGER NOT NULL,
    usage_charge       DECIMAL(10,2) NOT NULL,
    fixed_charge       DECIMAL(10,2) NOT NULL,
    late_fee           DECIMAL(10,2) NOT NULL,
    total              DECIMAL(10,2) NOT NULL, -- usage_charge + fixed_charge + late_fee
    amount_paid        DECIMAL(10,2) NOT NULL,
    issued_on          DATE NOT NULL,
    due_date           DATE NOT NULL,
    status             VARCHAR NOT NULL,       -- open | overdue | paid | in_plan | rebilled
    late_fee_waived_on DATE,
    plan_id            VARCHAR,                -- -> payment_plans.plan_id (bills a plan took over)
    replaces_bill_id   VARCHAR                 -- -> bills.bill_id (a rebill after a dispute)
);

CREATE TABLE payments (
    payment_id VARCHAR PRIMARY KEY,            -- e.g. PMT-61234
    account_id VARCHAR NOT NULL,               -- -> service_accounts.account_id
    paid_on    DATE NOT NULL,
    amount     DECIMAL(10,2) NOT NULL,
    method     VARCHAR NOT NULL,               -- card | bank_account | autopay | pay_station
    purpose    VARCHAR NOT NULL,               -- bills | plan_installment | reconnection_fee
    plan_id    VARCHAR                         -- -> payment_plans.plan_id
);

CREATE TABLE service_orders (
    order_id        VARCHAR PRIMARY KEY,       -- e.g. SO-8044
    account_id      VARCHAR NOT NULL,          -- -> service_accounts.account_id
    order_type      VARCHAR NOT NULL,          -- start | stop | disconnect | reconnect
    scheduled_date  DATE NOT NULL,
    status          VARCHAR NOT NULL,          -- scheduled | completed | cancelled
    created_on      DATE NOT NULL,
    fee             DECIMAL(8,2) NOT NULL,
    linked_order_id VARCHAR                    -- -> service_orders.order_id (the other half of a transfer)
);

CREATE TABLE disputes (
    dispute_id      VARCHAR PRIMARY KEY,       -- e.g. DSP-611
    reading_id      VARCHAR NOT NULL,          -- -> meter_readings.reading_id
    account_id      VARCHAR NOT NULL,          -- -> service_accounts.account_id
    opened_on       DATE NOT NULL,
    customer_value  INTEGER NOT NULL,          -- the customer's meter reading the dispute used
    estimated_value INTEGER NOT NULL,
    corrected_value INTEGER,                   -- NULL when rejected
    status          VARCHAR NOT NULL,          -- rebilled | rejected
    old_bill_id     VARCHAR,                   -- -> bills.bill_id
    new_bill_id     VARCHAR,                   -- -> bills.bill_id
    adjustment      DECIMAL(10,2)              -- new bill total minus old bill total
);
