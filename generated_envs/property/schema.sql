-- Harborline Residential: the resident-services office of a residential property management company.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE buildings (
    building_id    VARCHAR PRIMARY KEY,          -- e.g. BLD-2
    building_name  VARCHAR NOT NULL,             -- e.g. 'Bayview Lofts'
    street_address VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    state          VARCHAR NOT NULL,
    zip_code       VARCHAR NOT NULL,
    parking_spaces INTEGER NOT NULL,             -- garage spaces for resident permits; 0 = no garage
    parking_fee    DECIMAL(10,2),                -- monthly permit fee; NULL without a garage
    office_phone   VARCHAR NOT NULL
);

CREATE TABLE units (
    unit_id     VARCHAR PRIMARY KEY,             -- e.g. U-2304
    building_id VARCHAR NOT NULL,                -- -> buildings.building_id
    unit_number VARCHAR NOT NULL,                -- e.g. '304', unique within a building
    floor       INTEGER NOT NULL,
    bedrooms    INTEGER NOT NULL,                -- 0 = studio
    bathrooms   DECIMAL(3,1) NOT NULL,
    square_feet INTEGER NOT NULL,
    market_rent DECIMAL(10,2) NOT NULL
);

CREATE TABLE leases (
    lease_id            VARCHAR PRIMARY KEY,     -- e.g. L-40127
    unit_id             VARCHAR NOT NULL,        -- -> units.unit_id
    status              VARCHAR NOT NULL,        -- active | notice_given | ended
    start_date          DATE NOT NULL,
    end_date            DATE NOT NULL,           -- last day of the term (extended by an accepted renewal)
    monthly_rent        DECIMAL(10,2) NOT NULL,
    security_deposit    DECIMAL(10,2) NOT NULL,
    notice_date         DATE,                    -- when notice to vacate was given
    move_out_date       DATE,
    notice_reason       VARCHAR,
    next_rent           DECIMAL(10,2),           -- rent of an accepted renewal term
    next_rent_from      DATE,                    -- first day of that term
    deposit_status      VARCHAR NOT NULL,        -- held | refunded
    deposit_refund      DECIMAL(10,2),           -- amount returned to the resident
    deposit_refunded_on DATE
);

CREATE TABLE residents (
    resident_id VARCHAR PRIMARY KEY,             -- e.g. R-3012
    lease_id    VARCHAR NOT NULL,                -- -> leases.lease_id (the household's lease)
    unit_id     VARCHAR NOT NULL,                -- -> units.unit_id
    first_name  VARCHAR NOT NULL,
    last_name   VARCHAR NOT NULL,
    email       VARCHAR NOT NULL,
    phone       VARCHAR NOT NULL,
    is_primary  BOOLEAN NOT NULL                 -- the leaseholder who signed first
);

CREATE TABLE ledger_entries (
    entry_id  VARCHAR PRIMARY KEY,               -- e.g. LE-000412
    lease_id  VARCHAR NOT NULL,                  -- -> leases.lease_id
    posted_on DATE NOT NULL,
    kind      VARCHAR NOT NULL,                  -- rent | late_fee | parking_fee | amenity_fee | short_notice_fee |
                                                 -- early_termination_fee | damage_charge | payment |
                                                 -- late_fee_waiver | amenity_refund | deposit_applied
    period    VARCHAR,                           -- 'YYYY-MM' for rent, parking and late fees
    amount    DECIMAL(10,2) NOT NULL,            -- charges positive; payments and credits negative
    method    VARCHAR,                           -- payments: ach | check | money_order | debit_card
    reference VARCHAR,                           -- booking, permit or waived entry this entry belongs to
    memo      VARCHAR NOT NULL
);

CREATE TABLE renewal_offers (
    offer_id     VARCHAR PRIMARY KEY,            -- e.g. RO-811
    lease_id     VARCHAR NOT NULL,               -- -> leases.lease_id
    term_months  INTEGER NOT NULL,               -- 6 or 12
    monthly_rent DECIMAL(10,2) NOT NULL,
    offered_on   DATE NOT NULL,
    expires_on   DATE NOT NULL,                  -- last day it can be accepted
    status       VARCHAR NOT NULL                -- offered | accepted | declined
);

CREATE TABLE technicians (
    technician_id  VARCHAR PRIMARY KEY,          -- e.g. T-04
    full_name      VARCHAR NOT NULL,
    trade          VARCHAR NOT NULL,             -- plumbing | electrical | hvac | appliance | general
    daily_capacity INTEGER NOT NULL,             -- visits per working day (Monday to Saturday)
    phone          VARCHAR NOT NULL
);

CREATE TABLE maintenance_requests (
    request_id       VARCHAR PRIMARY KEY,        -- e.g. MR-5107
    lease_id         VARCHAR NOT NULL,           -- -> leases.lease_id
    unit_id          VARCHAR NOT NULL,           -- -> units.unit_id
    category         VARCHAR NOT NULL,           -- plumbing | electrical | hvac | appliance | general
    priority         VARCHAR NOT NULL,           -- emergency | urgent | routine
    issue            VARCHAR NOT NULL,           -- issue code, e.g. dripping_faucet (sets category and priority)
    status           VARCHAR NOT NULL,           -- submitted | scheduled | in_progress | completed | cancelled
    submitted_at     TIMESTAMP NOT NULL,
    entry_permission BOOLEAN NOT NULL,           -- technician may enter when nobody is home
    technician_id    VARCHAR,                    -- -> technicians.technician_id
    visit_start      TIMESTAMP,                  -- start of the two-hour visit window
    completed_at     TIMESTAMP,
    cancelled_at     TIMESTAMP,
    cancel_reason    VARCHAR
);

CREATE TABLE amenities (
    amenity_id    VARCHAR PRIMARY KEY,           -- e.g. AM-21
    building_id   VARCHAR NOT NULL,              -- -> buildings.building_id
    kind          VARCHAR NOT NULL,              -- party_room | guest_suite
    name          VARCHAR NOT NULL,
    max_guests    INTEGER NOT NULL,
    fee           DECIMAL(10,2) NOT NULL,        -- per booking (party room) or per night (guest suite)
    monthly_limit INTEGER NOT NULL,              -- party room: bookings per household per month; suite: nights
    max_nights    INTEGER                        -- guest suite: nights per stay
);

CREATE TABLE amenity_bookings (
    booking_id   VARCHAR PRIMARY KEY,            -- e.g. BK-7034
    amenity_id   VARCHAR NOT NULL,               -- -> amenities.amenity_id
    lease_id     VARCHAR NOT NULL,               -- -> leases.lease_id
    start_date   DATE NOT NULL,                  -- event date, or guest suite arrival
    end_date     DATE NOT NULL,                  -- event date, or guest suite departure
    time_block   VARCHAR,                        -- party room: afternoon (12:00-16:00) | evening (17:00-22:00)
    guests       INTEGER NOT NULL,
    fee          DECIMAL(10,2) NOT NULL,
    status       VARCHAR NOT NULL,               -- booked | completed | cancelled
    booked_on    DATE NOT NULL,
    cancelled_on DATE,
    refund       DECIMAL(10,2)                   -- fee returned on cancellation
);

CREATE TABLE parking_permits (
    permit_id     VARCHAR PRIMARY KEY,           -- e.g. PP-0412
    lease_id      VARCHAR NOT NULL,              -- -> leases.lease_id
    building_id   VARCHAR NOT NULL,              -- -> buildings.building_id
    license_plate VARCHAR NOT NULL,              -- upper case, no spaces, e.g. 'BXR4821'
    status        VARCHAR NOT NULL,              -- active | cancelled
    issued_on     DATE NOT NULL,
    cancelled_on  DATE
);

CREATE TABLE move_out_inspections (
    inspection_id  VARCHAR PRIMARY KEY,          -- e.g. MI-305
    lease_id       VARCHAR NOT NULL,             -- -> leases.lease_id
    scheduled_for  DATE NOT NULL,
    status         VARCHAR NOT NULL,             -- scheduled | completed
    damage_charges DECIMAL(10,2),                -- set when completed
    notes          VARCHAR
);
