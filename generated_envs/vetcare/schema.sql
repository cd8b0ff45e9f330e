-- Hollowbrook Veterinary Partners: the front desk of a group of three animal hospitals in Vermont.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE hospitals (
    hospital_id    VARCHAR PRIMARY KEY,       -- e.g. HOS-1
    name           VARCHAR NOT NULL,
    street         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    hours          VARCHAR NOT NULL,          -- opening hours as said on the phone
    condo_spaces   INTEGER NOT NULL,          -- boarding spaces per night, by kennel size
    small_kennels  INTEGER NOT NULL,
    medium_kennels INTEGER NOT NULL,
    large_kennels  INTEGER NOT NULL
);

CREATE TABLE kennel_sizes (
    size_code     VARCHAR PRIMARY KEY,        -- CONDO | SMALL | MEDIUM | LARGE
    name          VARCHAR NOT NULL,
    species       VARCHAR NOT NULL,           -- comma-separated species that board in it
    min_weight_kg DECIMAL(6,2) NOT NULL,      -- inclusive
    max_weight_kg DECIMAL(6,2) NOT NULL,      -- exclusive
    nightly_rate  DECIMAL(10,2) NOT NULL
);

CREATE TABLE staff (
    staff_id    VARCHAR PRIMARY KEY,          -- e.g. VET-11 or GRM-13
    name        VARCHAR NOT NULL,
    role        VARCHAR NOT NULL,             -- veterinarian | groomer
    hospital_id VARCHAR NOT NULL,             -- -> hospitals.hospital_id
    species     VARCHAR NOT NULL,             -- comma-separated species the person treats or grooms
    work_days   VARCHAR NOT NULL              -- e.g. 'Mon,Tue,Thu,Fri'
);

CREATE TABLE visit_types (
    type_code     VARCHAR PRIMARY KEY,        -- e.g. WELLNESS_EXAM
    name          VARCHAR NOT NULL,
    slot_kind     VARCHAR NOT NULL,           -- exam | procedure | grooming: the kind of slot it is booked into
    duration_min  INTEGER NOT NULL,
    species       VARCHAR NOT NULL,           -- comma-separated species it is offered for
    fee           DECIMAL(10,2) NOT NULL,
    deposit       DECIMAL(10,2) NOT NULL,     -- paid at booking, part of the fee
    plan_included BOOLEAN NOT NULL,           -- a wellness plan visit covers it
    needs_vaccines BOOLEAN NOT NULL,          -- grooming: required vaccines current on the day
    needs_recent_exam BOOLEAN NOT NULL        -- anesthesia: a vet exam within 180 days
);

CREATE TABLE slots (
    slot_id     VARCHAR PRIMARY KEY,          -- e.g. SL-004211
    staff_id    VARCHAR NOT NULL,             -- -> staff.staff_id
    hospital_id VARCHAR NOT NULL,             -- -> hospitals.hospital_id
    slot_kind   VARCHAR NOT NULL,             -- exam | procedure | grooming
    starts_at   TIMESTAMP NOT NULL,
    ends_at     TIMESTAMP NOT NULL,
    status      VARCHAR NOT NULL              -- open | booked
);

CREATE TABLE owners (
    owner_id    VARCHAR PRIMARY KEY,          -- e.g. OWN-2041
    first_name  VARCHAR NOT NULL,
    last_name   VARCHAR NOT NULL,
    email       VARCHAR NOT NULL,
    phone       VARCHAR NOT NULL,
    city        VARCHAR NOT NULL,
    card_brand  VARCHAR NOT NULL,             -- the card on file
    card_last4  VARCHAR NOT NULL,
    card_expires VARCHAR NOT NULL,            -- 'YYYY-MM': valid through the end of that month
    client_since DATE NOT NULL
);

CREATE TABLE pets (
    pet_id       VARCHAR PRIMARY KEY,         -- e.g. PET-3107
    owner_id     VARCHAR NOT NULL,            -- -> owners.owner_id
    name         VARCHAR NOT NULL,
    species      VARCHAR NOT NULL,            -- dog | cat | rabbit
    breed        VARCHAR NOT NULL,
    sex          VARCHAR NOT NULL,            -- male | female
    neutered     BOOLEAN NOT NULL,
    birth_date   DATE NOT NULL,
    weight_kg    DECIMAL(6,2) NOT NULL,       -- last recorded weight
    last_exam_on DATE,                        -- last completed visit with a veterinarian
    status       VARCHAR NOT NULL             -- active | deceased
);

CREATE TABLE vaccines (
    vaccine_code VARCHAR PRIMARY KEY,         -- e.g. DOG_RABIES
    name         VARCHAR NOT NULL,
    species      VARCHAR NOT NULL,
    valid_months INTEGER NOT NULL,            -- a dose is good for this long
    for_boarding BOOLEAN NOT NULL,            -- required to board
    for_grooming BOOLEAN NOT NULL             -- required for grooming
);

CREATE TABLE vaccinations (
    vaccination_id VARCHAR PRIMARY KEY,       -- e.g. VX-100231
    pet_id         VARCHAR NOT NULL,          -- -> pets.pet_id
    vaccine_code   VARCHAR NOT NULL,          -- -> vaccines.vaccine_code
    given_on       DATE NOT NULL,
    due_on         DATE NOT NULL              -- the dose covers days before this date
);

CREATE TABLE wellness_plans (
    plan_code        VARCHAR PRIMARY KEY,     -- e.g. PUPPY_START
    name             VARCHAR NOT NULL,
    species          VARCHAR NOT NULL,
    min_age_months   INTEGER NOT NULL,        -- inclusive
    max_age_months   INTEGER NOT NULL,        -- exclusive
    monthly_fee      DECIMAL(10,2) NOT NULL,
    included_visits  INTEGER NOT NULL         -- wellness exams and vaccine visits per plan year
);

CREATE TABLE plan_enrollments (
    enrollment_id VARCHAR PRIMARY KEY,        -- e.g. ENR-5012
    pet_id        VARCHAR NOT NULL,           -- -> pets.pet_id
    plan_code     VARCHAR NOT NULL,           -- -> wellness_plans.plan_code
    start_date    DATE NOT NULL,
    end_date      DATE NOT NULL,              -- last day of the plan year
    visits_used   INTEGER NOT NULL,
    status        VARCHAR NOT NULL            -- active | ended
);

CREATE TABLE visits (
    visit_id          VARCHAR PRIMARY KEY,    -- e.g. VIS-70311
    pet_id            VARCHAR NOT NULL,       -- -> pets.pet_id
    slot_id           VARCHAR NOT NULL,       -- -> slots.slot_id
    type_code         VARCHAR NOT NULL,       -- -> visit_types.type_code
    status            VARCHAR NOT NULL,       -- booked | completed | cancelled | no_show
    fee               DECIMAL(10,2) NOT NULL, -- 0 when a wellness plan visit covers it
    deposit_paid      DECIMAL(10,2) NOT NULL,
    enrollment_id     VARCHAR,                -- -> plan_enrollments.enrollment_id when a plan visit covers it
    reschedule_count  INTEGER NOT NULL,
    booked_at         TIMESTAMP NOT NULL,
    cancelled_at      TIMESTAMP,
    cancel_reason     VARCHAR,
    deposit_refunded  BOOLEAN
);

CREATE TABLE kennel_stays (
    stay_id       VARCHAR PRIMARY KEY,        -- e.g. KS-8104
    pet_id        VARCHAR NOT NULL,           -- -> pets.pet_id
    hospital_id   VARCHAR NOT NULL,           -- -> hospitals.hospital_id
    size_code     VARCHAR NOT NULL,           -- -> kennel_sizes.size_code
    check_in      DATE NOT NULL,
    check_out     DATE NOT NULL,
    nightly_rate  DECIMAL(10,2) NOT NULL,
    total         DECIMAL(10,2) NOT NULL,
    status        VARCHAR NOT NULL,           -- reserved | checked_in | completed | cancelled
    booked_at     TIMESTAMP NOT NULL,
    cancelled_at  TIMESTAMP,
    cancellation_fee DECIMAL(10,2)
);

CREATE TABLE prescriptions (
    rx_id              VARCHAR PRIMARY KEY,   -- e.g. RX-60112
    pet_id             VARCHAR NOT NULL,      -- -> pets.pet_id
    staff_id           VARCHAR NOT NULL,      -- -> staff.staff_id, the prescribing veterinarian
    drug               VARCHAR NOT NULL,
    strength           VARCHAR NOT NULL,
    quantity           INTEGER NOT NULL,      -- units per fill
    days_supply        INTEGER NOT NULL,      -- days one fill lasts
    price              DECIMAL(10,2) NOT NULL,-- per fill
    controlled         BOOLEAN NOT NULL,
    refills_authorized INTEGER NOT NULL,
    refills_used       INTEGER NOT NULL,
    written_on         DATE NOT NULL,
    expires_on         DATE NOT NULL,
    status             VARCHAR NOT NULL       -- active | discontinued
);

CREATE TABLE rx_fills (
    fill_id   VARCHAR PRIMARY KEY,            -- e.g. FIL-90231
    rx_id     VARCHAR NOT NULL,               -- -> prescriptions.rx_id
    filled_on DATE NOT NULL,
    quantity  INTEGER NOT NULL,
    price     DECIMAL(10,2) NOT NULL,
    kind      VARCHAR NOT NULL                -- original | refill
);

CREATE TABLE estimates (
    estimate_id VARCHAR PRIMARY KEY,          -- e.g. EST-4011
    pet_id      VARCHAR NOT NULL,             -- -> pets.pet_id
    staff_id    VARCHAR NOT NULL,             -- -> staff.staff_id
    description VARCHAR NOT NULL,
    low_total   DECIMAL(10,2) NOT NULL,
    high_total  DECIMAL(10,2) NOT NULL,
    created_on  DATE NOT NULL,
    expires_on  DATE NOT NULL,                -- can be approved through this day
    status      VARCHAR NOT NULL              -- pending | approved | declined
);

CREATE TABLE invoices (
    invoice_id  VARCHAR PRIMARY KEY,          -- e.g. INV-30412
    owner_id    VARCHAR NOT NULL,             -- -> owners.owner_id
    pet_id      VARCHAR NOT NULL,             -- -> pets.pet_id
    kind        VARCHAR NOT NULL,             -- visit | boarding | pharmacy | plan | estimate_deposit | cancellation
    description VARCHAR NOT NULL,
    issued_on   DATE NOT NULL,
    due_on      DATE NOT NULL,
    amount      DECIMAL(10,2) NOT NULL,
    status      VARCHAR NOT NULL,             -- open | paid
    paid_on     DATE
);
