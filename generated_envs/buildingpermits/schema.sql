-- City of Marrowfield Department of Building and Development: the permit and inspection counter.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE applicants (
    applicant_id     VARCHAR PRIMARY KEY,      -- e.g. APL-10042 (property owners who file permits)
    first_name       VARCHAR NOT NULL,
    last_name        VARCHAR NOT NULL,
    email            VARCHAR NOT NULL,
    phone            VARCHAR NOT NULL,
    mailing_address  VARCHAR NOT NULL,
    registered_on    DATE NOT NULL
);

CREATE TABLE parcels (
    parcel_id        VARCHAR PRIMARY KEY,      -- e.g. PCL-20417
    address          VARCHAR NOT NULL,         -- street address, e.g. '418 Alder Row'
    zoning           VARCHAR NOT NULL,         -- R-1 | R-2 | MU | C-1 | I-1
    district         VARCHAR NOT NULL,         -- inspection district: north | south | east | west | central
    lot_sqft         INTEGER NOT NULL,
    historic_district BOOLEAN NOT NULL,        -- exterior work adds the historic review fee
    owner_id         VARCHAR NOT NULL,         -- -> applicants.applicant_id
    hold_reason      VARCHAR                   -- open code-enforcement hold: no new applications
);

CREATE TABLE contractors (
    contractor_id    VARCHAR PRIMARY KEY,      -- e.g. CTR-305
    business_name    VARCHAR NOT NULL,
    contact_name     VARCHAR NOT NULL,
    phone            VARCHAR NOT NULL
);

CREATE TABLE licenses (
    license_id       VARCHAR PRIMARY KEY,      -- e.g. LIC-4012
    contractor_id    VARCHAR NOT NULL,         -- -> contractors.contractor_id
    trade            VARCHAR NOT NULL,         -- general | electrical | plumbing | mechanical | roofing
    license_number   VARCHAR NOT NULL,         -- state licence number, e.g. 'EL-118204'
    status           VARCHAR NOT NULL,         -- active | suspended
    issued_on        DATE NOT NULL,
    expires_on       DATE NOT NULL             -- valid through this day
);

CREATE TABLE permit_types (
    type_code        VARCHAR PRIMARY KEY,      -- e.g. DECK
    name             VARCHAR NOT NULL,
    base_fee         DECIMAL(10,2) NOT NULL,
    rate_per_1000    DECIMAL(10,2) NOT NULL,   -- added per started $1,000 of valuation
    min_fee          DECIMAL(10,2) NOT NULL,   -- the permit fee is never below this
    plan_review_pct  DECIMAL(5,2) NOT NULL,    -- plan review fee as a percentage of the permit fee; 0 = none
    required_trade   VARCHAR NOT NULL,         -- the contractor licence trade the work needs
    owner_builder_allowed BOOLEAN NOT NULL,    -- the parcel's owner may do the work without a contractor
    allowed_zones    VARCHAR NOT NULL,         -- comma-separated zoning codes
    inspection_sequence VARCHAR NOT NULL,      -- comma-separated inspection types, in the order they must pass
    validity_days    INTEGER NOT NULL,         -- days from issuance until the permit expires
    max_extensions   INTEGER NOT NULL,
    exterior_work    BOOLEAN NOT NULL          -- needs historic review in the historic district
);

CREATE TABLE applications (
    application_id   VARCHAR PRIMARY KEY,      -- e.g. APP-26104 (also the permit number once issued)
    applicant_id     VARCHAR NOT NULL,         -- -> applicants.applicant_id (the parcel's owner)
    parcel_id        VARCHAR NOT NULL,         -- -> parcels.parcel_id
    type_code        VARCHAR NOT NULL,         -- -> permit_types.type_code
    license_id       VARCHAR,                  -- -> licenses.license_id, the contractor of record; NULL = owner-builder
    description      VARCHAR NOT NULL,
    valuation        DECIMAL(12,2) NOT NULL,   -- declared value of the work
    status           VARCHAR NOT NULL,         -- submitted | in_review | approved | issued | finaled | expired | withdrawn
    submitted_at     TIMESTAMP NOT NULL,
    review_started_at TIMESTAMP,
    approved_at      TIMESTAMP,
    issued_at        TIMESTAMP,
    expires_on       DATE,                     -- issued permits: last valid day
    extensions_used  INTEGER NOT NULL,
    finaled_at       TIMESTAMP,
    withdrawn_at     TIMESTAMP,
    withdraw_reason  VARCHAR
);

CREATE TABLE fees (
    fee_id           VARCHAR PRIMARY KEY,      -- e.g. FEE-50321
    application_id   VARCHAR NOT NULL,         -- -> applications.application_id
    kind             VARCHAR NOT NULL,         -- plan_review | permit | historic_review | reinspection | extension
    amount           DECIMAL(10,2) NOT NULL,
    status           VARCHAR NOT NULL,         -- due | paid | void
    assessed_at      TIMESTAMP NOT NULL,
    paid_at          TIMESTAMP,
    payment_method   VARCHAR,                  -- card | check | ach
    inspection_id    VARCHAR                   -- -> inspections.inspection_id, for re-inspection fees
);

CREATE TABLE refunds (
    refund_id        VARCHAR PRIMARY KEY,      -- e.g. RFD-7012
    application_id   VARCHAR NOT NULL,         -- -> applications.application_id
    stage            VARCHAR NOT NULL,         -- the application's status when it was withdrawn
    amount           DECIMAL(10,2) NOT NULL,
    issued_at        TIMESTAMP NOT NULL
);

CREATE TABLE inspectors (
    inspector_id     VARCHAR PRIMARY KEY,      -- e.g. INSP-03
    name             VARCHAR NOT NULL,
    district         VARCHAR NOT NULL,         -- the district they cover
    phone            VARCHAR NOT NULL
);

CREATE TABLE inspections (
    inspection_id    VARCHAR PRIMARY KEY,      -- e.g. INS-80412
    application_id   VARCHAR NOT NULL,         -- -> applications.application_id
    inspection_type  VARCHAR NOT NULL,         -- footing | foundation | framing | insulation | sheathing | rough_electrical | rough_plumbing | rough_mechanical | excavation | bonding | final
    scheduled_date   DATE NOT NULL,
    time_window      VARCHAR NOT NULL,         -- am (8:00-12:00) | pm (12:00-16:00)
    inspector_id     VARCHAR NOT NULL,         -- -> inspectors.inspector_id
    status           VARCHAR NOT NULL,         -- scheduled | passed | failed | cancelled
    requested_at     TIMESTAMP NOT NULL,
    result_notes     VARCHAR,
    cancelled_at     TIMESTAMP,
    cancel_reason    VARCHAR
);

CREATE TABLE holidays (
    holiday_date     DATE PRIMARY KEY,         -- city offices closed, no inspections
    name             VARCHAR NOT NULL
);
