-- Cobblestone Pharmacy: the dispensing and patient-services desk of a community pharmacy chain of five stores.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE stores (
    store_id             VARCHAR PRIMARY KEY,   -- e.g. ST-2
    name                 VARCHAR NOT NULL,
    street               VARCHAR NOT NULL,
    city                 VARCHAR NOT NULL,
    zip                  VARCHAR NOT NULL,
    phone                VARCHAR NOT NULL,
    opens                VARCHAR NOT NULL,      -- pharmacy counter hours, e.g. '08:00'
    closes               VARCHAR NOT NULL,      -- e.g. '21:00'
    delivery_zips        VARCHAR,               -- space-separated ZIP codes the store delivers to; NULL = no delivery
    daily_delivery_slots INTEGER NOT NULL       -- home deliveries the store's driver makes per day
);

CREATE TABLE insurance_plans (
    plan_id          VARCHAR PRIMARY KEY,       -- e.g. PLN-3
    name             VARCHAR NOT NULL,
    payer            VARCHAR NOT NULL,
    tier1_copay      DECIMAL(10,2) NOT NULL,    -- per 30-day supply (or part of one), generic drugs
    tier2_copay      DECIMAL(10,2) NOT NULL,    -- preferred brands
    tier3_copay      DECIMAL(10,2) NOT NULL,    -- non-preferred and specialty drugs
    tier3_needs_pa   BOOLEAN NOT NULL,          -- tier-3 drugs need an approved prior authorisation
    covers_vaccines  BOOLEAN NOT NULL           -- vaccines at no cost to the patient
);

CREATE TABLE prescribers (
    prescriber_id VARCHAR PRIMARY KEY,          -- e.g. PRS-214
    name          VARCHAR NOT NULL,
    credentials   VARCHAR NOT NULL,             -- MD | DO | NP | PA
    practice      VARCHAR NOT NULL,
    phone         VARCHAR NOT NULL
);

CREATE TABLE drugs (
    drug_id          VARCHAR PRIMARY KEY,       -- e.g. DRG-118
    name             VARCHAR NOT NULL,          -- generic name
    strength         VARCHAR NOT NULL,
    form             VARCHAR NOT NULL,          -- tablet | capsule | inhaler | pen | ...
    schedule         VARCHAR NOT NULL,          -- none | II | III | IV | V (controlled-substance schedule)
    tier             INTEGER NOT NULL,          -- formulary tier 1 to 3
    unit_cash_price  DECIMAL(10,2) NOT NULL,    -- price per unit without insurance
    allergy_class    VARCHAR NOT NULL,          -- penicillin | cephalosporin | sulfa | nsaid | opioid | none
    refrigerated     BOOLEAN NOT NULL
);

CREATE TABLE inventory (
    store_id  VARCHAR NOT NULL,                 -- -> stores.store_id
    drug_id   VARCHAR NOT NULL,                 -- -> drugs.drug_id
    on_hand   INTEGER NOT NULL,                 -- units on the shelf, not yet committed to a fill
    PRIMARY KEY (store_id, drug_id)
);

CREATE TABLE patients (
    patient_id     VARCHAR PRIMARY KEY,         -- e.g. PT-10042
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    date_of_birth  DATE NOT NULL,
    phone          VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    street         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    zip            VARCHAR NOT NULL,
    home_store_id  VARCHAR NOT NULL,            -- -> stores.store_id
    plan_id        VARCHAR,                     -- -> insurance_plans.plan_id; NULL = no insurance (cash)
    member_number  VARCHAR,
    coverage_end   DATE,                        -- NULL = coverage current
    allergies      VARCHAR                      -- space-separated allergy classes; NULL = none known
);

CREATE TABLE prescriptions (
    rx_id              VARCHAR PRIMARY KEY,     -- e.g. RX-300421
    patient_id         VARCHAR NOT NULL,        -- -> patients.patient_id
    drug_id            VARCHAR NOT NULL,        -- -> drugs.drug_id
    prescriber_id      VARCHAR NOT NULL,        -- -> prescribers.prescriber_id
    store_id           VARCHAR NOT NULL,        -- -> stores.store_id, where it is filled
    directions         VARCHAR NOT NULL,
    quantity           INTEGER NOT NULL,        -- units per fill
    days_supply        INTEGER NOT NULL,        -- days one fill lasts
    refills_authorized INTEGER NOT NULL,
    refills_remaining  INTEGER NOT NULL,        -- refills left after the original fill
    written_on         DATE NOT NULL,
    expires_on         DATE NOT NULL,           -- last day it can be filled
    status             VARCHAR NOT NULL,        -- active | discontinued
    last_filled_on     DATE,                    -- NULL = never filled
    transfer_count     INTEGER NOT NULL
);

CREATE TABLE fills (
    fill_id        VARCHAR PRIMARY KEY,         -- e.g. FL-700123
    rx_id          VARCHAR NOT NULL,            -- -> prescriptions.rx_id
    store_id       VARCHAR NOT NULL,            -- -> stores.store_id
    fill_number    INTEGER NOT NULL,            -- 0 = the original fill, 1 = the first refill, ...
    quantity       INTEGER NOT NULL,
    days_supply    INTEGER NOT NULL,
    billed_to      VARCHAR NOT NULL,            -- insurance | cash
    patient_pays   DECIMAL(10,2) NOT NULL,      -- copay or cash price
    status         VARCHAR NOT NULL,            -- in_progress | ready | picked_up | delivered | returned_to_stock | cancelled
    filled_on      DATE NOT NULL,
    ready_at       TIMESTAMP NOT NULL,
    completed_at   TIMESTAMP,                   -- picked up or delivered
    delivery_id    VARCHAR                      -- -> deliveries.delivery_id
);

CREATE TABLE deliveries (
    delivery_id   VARCHAR PRIMARY KEY,          -- e.g. DLV-5012
    patient_id    VARCHAR NOT NULL,             -- -> patients.patient_id
    store_id      VARCHAR NOT NULL,             -- -> stores.store_id
    delivery_date DATE NOT NULL,
    address       VARCHAR NOT NULL,
    fee           DECIMAL(10,2) NOT NULL,
    status        VARCHAR NOT NULL,             -- scheduled | delivered | cancelled
    scheduled_at  TIMESTAMP NOT NULL
);

CREATE TABLE transfers (
    transfer_id    VARCHAR PRIMARY KEY,         -- e.g. TRF-2031
    rx_id          VARCHAR NOT NULL,            -- -> prescriptions.rx_id
    from_store_id  VARCHAR NOT NULL,            -- -> stores.store_id
    to_store_id    VARCHAR NOT NULL,            -- -> stores.store_id
    transferred_at TIMESTAMP NOT NULL
);

CREATE TABLE prior_authorizations (
    pa_id         VARCHAR PRIMARY KEY,          -- e.g. PA-8014
    patient_id    VARCHAR NOT NULL,             -- -> patients.patient_id
    drug_id       VARCHAR NOT NULL,             -- -> drugs.drug_id
    plan_id       VARCHAR NOT NULL,             -- -> insurance_plans.plan_id
    status        VARCHAR NOT NULL,             -- pending | approved | denied
    submitted_on  DATE NOT NULL,
    decided_on    DATE,
    expires_on    DATE                          -- approved ones: last day they apply
);

CREATE TABLE vaccines (
    vaccine_code      VARCHAR PRIMARY KEY,      -- e.g. FLU
    name              VARCHAR NOT NULL,
    min_age           INTEGER NOT NULL,         -- years, on the day of the appointment
    min_interval_days INTEGER NOT NULL,         -- days since the last dose of the same vaccine
    cash_price        DECIMAL(10,2) NOT NULL
);

CREATE TABLE vaccine_slots (
    slot_id   VARCHAR PRIMARY KEY,              -- e.g. VS-40112
    store_id  VARCHAR NOT NULL,                 -- -> stores.store_id
    starts_at TIMESTAMP NOT NULL,               -- 20-minute appointments
    capacity  INTEGER NOT NULL
);

CREATE TABLE vaccinations (
    appointment_id VARCHAR PRIMARY KEY,         -- e.g. VAX-60231
    patient_id     VARCHAR NOT NULL,            -- -> patients.patient_id
    slot_id        VARCHAR NOT NULL,            -- -> vaccine_slots.slot_id
    vaccine_code   VARCHAR NOT NULL,            -- -> vaccines.vaccine_code
    status         VARCHAR NOT NULL,            -- booked | completed | cancelled | no_show
    patient_pays   DECIMAL(10,2) NOT NULL,
    booked_at      TIMESTAMP NOT NULL
);
