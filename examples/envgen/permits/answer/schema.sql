-- Westmere Permit Center: applicants, permit types, contractors, applications, fees and inspections.
-- Links between tables are documented in comments (-> table.column), not enforced.

CREATE TABLE applicants (
    applicant_id    VARCHAR PRIMARY KEY,      -- e.g. APL-0042
    first_name      VARCHAR NOT NULL,
    last_name       VARCHAR NOT NULL,
    email           VARCHAR NOT NULL,
    phone           VARCHAR NOT NULL,
    mailing_address VARCHAR NOT NULL,
    postal_code     VARCHAR NOT NULL          -- five digits
);

CREATE TABLE permit_types (
    permit_type         VARCHAR PRIMARY KEY,  -- e.g. RES-ADD
    name                VARCHAR NOT NULL,
    category            VARCHAR NOT NULL,     -- residential | commercial | trade
    licence_class       VARCHAR,              -- general | electrical | plumbing | mechanical | roofing; NULL: owner-builder allowed
    plan_review_pct     DECIMAL(6,2) NOT NULL,
    plan_review_min     DECIMAL(10,2) NOT NULL,
    permit_fee_base     DECIMAL(10,2) NOT NULL,
    permit_fee_per_1000 DECIMAL(10,2) NOT NULL,
    validity_days       INTEGER NOT NULL,
    inspections         VARCHAR NOT NULL      -- required inspection types in order, comma-separated
);

CREATE TABLE contractors (
    contractor_id     VARCHAR PRIMARY KEY,    -- e.g. CTR-018
    business_name     VARCHAR NOT NULL,
    licence_class     VARCHAR NOT NULL,
    licence_number    VARCHAR NOT NULL,
    licence_expires   DATE NOT NULL,
    insurance_expires DATE NOT NULL,
    status            VARCHAR NOT NULL,       -- active | suspended
    phone             VARCHAR NOT NULL
);

CREATE TABLE applications (
    application_id    VARCHAR PRIMARY KEY,    -- e.g. APP-26-0137
    applicant_id      VARCHAR NOT NULL,       -- -> applicants.applicant_id
    permit_type       VARCHAR NOT NULL,       -- -> permit_types.permit_type
    site_address      VARCHAR NOT NULL,
    district          VARCHAR NOT NULL,       -- North | South | East | West | Central
    description       VARCHAR NOT NULL,
    valuation         DECIMAL(12,2) NOT NULL,
    contractor_id     VARCHAR,                -- -> contractors.contractor_id
    status            VARCHAR NOT NULL,       -- draft | submitted | under_review | approved | issued | finaled | rejected | withdrawn
    created_on        DATE NOT NULL,
    submitted_on      DATE,
    decided_on        DATE,
    issued_on         DATE,
    expires_on        DATE,
    permit_number     VARCHAR,
    extended          BOOLEAN NOT NULL,
    withdrawal_reason VARCHAR
);

CREATE TABLE fees (
    fee_id             VARCHAR PRIMARY KEY,   -- e.g. FEE-00412
    application_id     VARCHAR NOT NULL,      -- -> applications.application_id
    kind               VARCHAR NOT NULL,      -- plan_review | permit | reinspection | extension
    amount             DECIMAL(10,2) NOT NULL,
    status             VARCHAR NOT NULL,      -- due | paid | waived | refunded
    assessed_on        DATE NOT NULL,
    paid_on            DATE,
    payment_method     VARCHAR,               -- card | echeck
    convenience_charge DECIMAL(10,2) NOT NULL -- 2.5% of card payments
);

CREATE TABLE inspectors (
    inspector_id VARCHAR PRIMARY KEY,         -- e.g. INSP-04
    first_name   VARCHAR NOT NULL,
    last_name    VARCHAR NOT NULL,
    trade        VARCHAR NOT NULL             -- building | electrical | plumbing_mechanical
);

CREATE TABLE inspection_slots (
    slot_id      VARCHAR PRIMARY KEY,         -- e.g. SLT-01234
    inspector_id VARCHAR NOT NULL,            -- -> inspectors.inspector_id
    district     VARCHAR NOT NULL,
    starts_at    TIMESTAMP NOT NULL,
    ends_at      TIMESTAMP NOT NULL
);

CREATE TABLE inspections (
    inspection_id   VARCHAR PRIMARY KEY,      -- e.g. INS-00781
    application_id  VARCHAR NOT NULL,         -- -> applications.application_id
    inspection_type VARCHAR NOT NULL,         -- footing | framing | electrical_rough | plumbing_rough | mechanical_rough | insulation | final
    sequence        INTEGER NOT NULL,         -- order among the permit's inspections
    status          VARCHAR NOT NULL,         -- pending | scheduled | passed | failed
    slot_id         VARCHAR,                  -- -> inspection_slots.slot_id (booked or last visit)
    failed_count    INTEGER NOT NULL,
    result_on       DATE
);
