-- Harborline Mutual: the claims desk of a home-and-auto insurer.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE policyholders (
    holder_id      VARCHAR PRIMARY KEY,       -- e.g. PH-10042
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    date_of_birth  DATE NOT NULL,
    street         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    state          VARCHAR NOT NULL,          -- two-letter US state code
    zip_code       VARCHAR NOT NULL,
    payout_method  VARCHAR NOT NULL,          -- direct_deposit | check: how claim payouts and refunds are sent
    customer_since DATE NOT NULL
);

CREATE TABLE policies (
    policy_number  VARCHAR PRIMARY KEY,       -- e.g. HO-482913 (home) or AU-301742 (auto)
    holder_id      VARCHAR NOT NULL,          -- -> policyholders.holder_id
    line           VARCHAR NOT NULL,          -- home | auto
    insured_item   VARCHAR NOT NULL,          -- the insured address, or the vehicle ('2021 Toyota RAV4')
    status         VARCHAR NOT NULL,          -- active | lapsed | cancelled
    term_start     DATE NOT NULL,
    term_end       DATE NOT NULL,             -- last day of the one-year term
    annual_premium DECIMAL(10,2) NOT NULL,
    billing_plan   VARCHAR NOT NULL,          -- annual | monthly
    lapsed_on      DATE,                      -- first day without cover after an unpaid bill's grace period
    reinstated_on  DATE,                      -- cover resumed on this day after a lapse
    cancelled_on   DATE,                      -- last day of cover of a cancelled policy
    cancel_reason  VARCHAR
);

CREATE TABLE coverages (
    coverage_id    VARCHAR PRIMARY KEY,       -- e.g. CV-40017
    policy_number  VARCHAR NOT NULL,          -- -> policies.policy_number
    coverage_type  VARCHAR NOT NULL,          -- home: dwelling | personal_property | water_backup | liability;
                                              -- auto: collision | comprehensive | liability
    coverage_limit DECIMAL(12,2) NOT NULL,    -- most paid per term for this coverage
    deductible     DECIMAL(10,2) NOT NULL     -- subtracted from each claim's covered amount (0 for liability)
);

CREATE TABLE premium_bills (
    bill_id        VARCHAR PRIMARY KEY,       -- e.g. BL-60231
    policy_number  VARCHAR NOT NULL,          -- -> policies.policy_number
    period_start   DATE NOT NULL,
    period_end     DATE NOT NULL,
    due_date       DATE NOT NULL,
    amount         DECIMAL(10,2) NOT NULL,
    status         VARCHAR NOT NULL,          -- paid | due | overdue | void
    paid_on        DATE,
    paid_method    VARCHAR                    -- autopay | card | bank_transfer
);

CREATE TABLE adjusters (
    staff_id        VARCHAR PRIMARY KEY,      -- e.g. ADJ-104 (claims.adjuster_id holds it)
    name            VARCHAR NOT NULL,
    work_email      VARCHAR NOT NULL,         -- used to verify an adjuster
    specialty       VARCHAR NOT NULL,         -- home | auto: the line of claims they handle
    caseload_cap    INTEGER NOT NULL,         -- most open claims (under review or approved) at once
    authority_limit DECIMAL(12,2) NOT NULL    -- largest payout they may approve
);

CREATE TABLE claims (
    claim_id        VARCHAR PRIMARY KEY,      -- e.g. CLM-70231
    policy_number   VARCHAR NOT NULL,         -- -> policies.policy_number
    coverage_id     VARCHAR NOT NULL,         -- -> coverages.coverage_id
    incident_type   VARCHAR NOT NULL,         -- collision | theft | vandalism | fire | hail | windstorm | leak |
                                              -- glass | animal | injury
    incident_date   DATE NOT NULL,
    description     VARCHAR NOT NULL,
    filed_on        DATE NOT NULL,
    status          VARCHAR NOT NULL,         -- filed | under_review | approved | denied | paid | withdrawn
    adjuster_id     VARCHAR,                  -- -> adjusters.staff_id (NULL until assigned)
    deductible      DECIMAL(10,2) NOT NULL,   -- the coverage's deductible when the claim was filed
    approved_amount DECIMAL(12,2),            -- the payout, set on approval
    denial_reason   VARCHAR,
    decided_on      DATE,
    closed_on       DATE
);

CREATE TABLE claim_items (
    item_id        VARCHAR PRIMARY KEY,       -- e.g. CI-90412
    claim_id       VARCHAR NOT NULL,          -- -> claims.claim_id
    description    VARCHAR NOT NULL,
    claimed_amount DECIMAL(12,2) NOT NULL,
    added_on       DATE NOT NULL
);

CREATE TABLE disbursements (
    disbursement_id VARCHAR PRIMARY KEY,      -- e.g. DSB-30118
    policy_number   VARCHAR NOT NULL,         -- -> policies.policy_number
    claim_id        VARCHAR,                  -- -> claims.claim_id (NULL for a premium refund)
    kind            VARCHAR NOT NULL,         -- claim_payout | premium_refund
    amount          DECIMAL(12,2) NOT NULL,
    method          VARCHAR NOT NULL,         -- direct_deposit | check
    issued_on       DATE NOT NULL
);
