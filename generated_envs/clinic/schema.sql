-- Larkspur Health Partners: the patient-services desk of an outpatient clinic group.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE sites (
    site_id  VARCHAR PRIMARY KEY,             -- e.g. SITE-2
    name     VARCHAR NOT NULL,                -- e.g. 'Northgate Family Clinic'
    address  VARCHAR NOT NULL,
    city     VARCHAR NOT NULL,
    phone    VARCHAR NOT NULL,
    hours    VARCHAR NOT NULL                 -- opening hours, e.g. 'Mon-Fri 08:00-17:00'
);

CREATE TABLE insurance_plans (
    plan_id          VARCHAR PRIMARY KEY,     -- e.g. PLN-12
    payer            VARCHAR NOT NULL,
    plan_name        VARCHAR NOT NULL,
    plan_type        VARCHAR NOT NULL,        -- HMO | PPO | EPO | Medicare Advantage | Medicaid | Self-pay
    contracted       BOOLEAN NOT NULL,        -- false: the clinic group is out of network with the plan
    primary_copay    DECIMAL(10,2) NOT NULL,  -- primary care and nutrition visits
    specialist_copay DECIMAL(10,2) NOT NULL,  -- specialist visits
    telehealth_copay DECIMAL(10,2) NOT NULL   -- any telehealth visit
);

CREATE TABLE clinicians (
    clinician_id           VARCHAR PRIMARY KEY,   -- e.g. CLN-214
    name                   VARCHAR NOT NULL,      -- e.g. 'Maya Okafor'
    credentials            VARCHAR NOT NULL,      -- MD | DO | NP | PA | DPT | RD
    specialty              VARCHAR NOT NULL,      -- family_medicine | internal_medicine | cardiology | ...
    site_id                VARCHAR NOT NULL,      -- -> sites.site_id (home site)
    accepting_new_patients BOOLEAN NOT NULL,
    offers_telehealth      BOOLEAN NOT NULL
);

CREATE TABLE patients (
    patient_id           VARCHAR PRIMARY KEY,  -- e.g. PT-1042
    first_name           VARCHAR NOT NULL,
    last_name            VARCHAR NOT NULL,
    date_of_birth        DATE NOT NULL,
    phone                VARCHAR NOT NULL,
    email                VARCHAR NOT NULL,
    plan_id              VARCHAR NOT NULL,     -- -> insurance_plans.plan_id
    member_number        VARCHAR,              -- NULL for self-pay
    coverage_end         DATE,                 -- last day of coverage; NULL while coverage is current
    primary_clinician_id VARCHAR,              -- -> clinicians.clinician_id; NULL: no primary care clinician yet
    registered_on        DATE NOT NULL
);

CREATE TABLE slots (
    slot_id       VARCHAR PRIMARY KEY,        -- e.g. SL-40217
    clinician_id  VARCHAR NOT NULL,           -- -> clinicians.clinician_id
    site_id       VARCHAR NOT NULL,           -- -> sites.site_id
    starts_at     TIMESTAMP NOT NULL,
    duration_min  INTEGER NOT NULL,
    mode          VARCHAR NOT NULL,           -- in_person | telehealth
    capacity      INTEGER NOT NULL,           -- 1, or more for group classes
    session_title VARCHAR                     -- group classes only, e.g. 'Diabetes Nutrition Workshop'
);

CREATE TABLE referrals (
    referral_id            VARCHAR PRIMARY KEY,  -- e.g. REF-7031
    patient_id             VARCHAR NOT NULL,     -- -> patients.patient_id
    specialty              VARCHAR NOT NULL,     -- a specialty that needs a referral
    referring_clinician_id VARCHAR NOT NULL,     -- -> clinicians.clinician_id
    status                 VARCHAR NOT NULL,     -- requested | active | expired | declined
    requested_on           DATE NOT NULL,
    issued_on              DATE,                 -- NULL while requested or declined
    expires_on             DATE,                 -- last day an appointment may take place under it
    visits_authorized      INTEGER NOT NULL,
    visits_used            INTEGER NOT NULL      -- booked, checked-in, completed and no-show visits under it
);

CREATE TABLE appointments (
    appointment_id   VARCHAR PRIMARY KEY,     -- e.g. APT-60412
    patient_id       VARCHAR NOT NULL,        -- -> patients.patient_id
    slot_id          VARCHAR NOT NULL,        -- -> slots.slot_id
    visit_kind       VARCHAR NOT NULL,        -- standard | annual_physical
    status           VARCHAR NOT NULL,        -- booked | checked_in | completed | cancelled | no_show
    referral_id      VARCHAR,                 -- -> referrals.referral_id (specialist visits)
    copay            DECIMAL(10,2) NOT NULL,  -- due at check-in
    booked_at        TIMESTAMP NOT NULL,
    reschedule_count INTEGER NOT NULL,
    checked_in_at    TIMESTAMP,
    cancelled_at     TIMESTAMP,
    cancel_reason    VARCHAR
);

CREATE TABLE payments (
    payment_id VARCHAR PRIMARY KEY,           -- e.g. PAY-90077
    patient_id VARCHAR NOT NULL,              -- -> patients.patient_id
    amount     DECIMAL(10,2) NOT NULL,
    method     VARCHAR NOT NULL,              -- card | hsa_card | cash | check
    paid_at    TIMESTAMP NOT NULL
);

CREATE TABLE charges (
    charge_id      VARCHAR PRIMARY KEY,       -- e.g. CHG-80311
    patient_id     VARCHAR NOT NULL,          -- -> patients.patient_id
    appointment_id VARCHAR NOT NULL,          -- -> appointments.appointment_id
    kind           VARCHAR NOT NULL,          -- copay | late_cancel_fee | no_show_fee
    amount         DECIMAL(10,2) NOT NULL,
    status         VARCHAR NOT NULL,          -- open | paid | waived
    created_at     TIMESTAMP NOT NULL,
    resolved_at    TIMESTAMP,                 -- when paid or waived
    payment_id     VARCHAR,                   -- -> payments.payment_id when paid
    waiver_reason  VARCHAR                    -- when waived
);
