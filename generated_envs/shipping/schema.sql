-- Larkspur Parcel: the customer desk of a regional parcel carrier in the Pacific Northwest.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE depots (
    depot_id              VARCHAR PRIMARY KEY,   -- e.g. DEP-SEA
    name                  VARCHAR NOT NULL,
    city                  VARCHAR NOT NULL,
    state                 VARCHAR NOT NULL,
    zip_code              VARCHAR NOT NULL,
    daily_pickup_capacity INTEGER NOT NULL       -- pickups the depot's drivers can make per day
);

CREATE TABLE service_areas (
    zip_code VARCHAR PRIMARY KEY,                -- five digits; only these ZIP codes are delivered to
    city     VARCHAR NOT NULL,
    state    VARCHAR NOT NULL,
    depot_id VARCHAR NOT NULL                    -- -> depots.depot_id (the delivering depot)
);

CREATE TABLE service_levels (
    level_code    VARCHAR PRIMARY KEY,           -- ground | express | overnight
    name          VARCHAR NOT NULL,
    transit_days  INTEGER NOT NULL,              -- business days (Mon-Fri) after the ship date
    cutoff_time   VARCHAR NOT NULL               -- HH:MM; a label created later ships the next business day
);

CREATE TABLE rate_cards (
    rate_id       VARCHAR PRIMARY KEY,           -- e.g. GRD-Z3
    service_level VARCHAR NOT NULL,              -- -> service_levels.level_code
    zone          INTEGER NOT NULL,              -- 2..6
    base_charge   DECIMAL(10,2) NOT NULL,        -- per parcel
    per_lb        DECIMAL(10,2) NOT NULL         -- per billable pound
);

CREATE TABLE shippers (
    shipper_id    VARCHAR PRIMARY KEY,           -- e.g. SH-1042
    account_type  VARCHAR NOT NULL,              -- business | personal
    company_name  VARCHAR,                       -- business accounts only
    first_name    VARCHAR NOT NULL,              -- the account holder or business contact
    last_name     VARCHAR NOT NULL,
    email         VARCHAR NOT NULL,
    phone         VARCHAR NOT NULL,
    line1         VARCHAR NOT NULL,              -- the pickup address
    city          VARCHAR NOT NULL,
    state         VARCHAR NOT NULL,
    zip_code      VARCHAR NOT NULL,
    home_depot_id VARCHAR NOT NULL,              -- -> depots.depot_id (ships from and picks up at)
    discount_pct  INTEGER NOT NULL,              -- contract discount on shipping charges
    status        VARCHAR NOT NULL,              -- active | credit_hold
    opened_on     DATE NOT NULL
);

CREATE TABLE shipments (
    shipment_id       VARCHAR PRIMARY KEY,       -- the tracking number, e.g. LP40012345
    shipper_id        VARCHAR NOT NULL,          -- -> shippers.shipper_id
    service_level     VARCHAR NOT NULL,          -- -> service_levels.level_code
    status            VARCHAR NOT NULL,          -- label_created | in_transit | at_depot | out_for_delivery |
                                                 -- delivered | held_at_depot | exception | returned
    recipient_name    VARCHAR NOT NULL,
    recipient_line1   VARCHAR NOT NULL,
    recipient_city    VARCHAR NOT NULL,
    recipient_state   VARCHAR NOT NULL,
    recipient_zip     VARCHAR NOT NULL,          -- -> service_areas.zip_code
    origin_depot_id   VARCHAR NOT NULL,          -- -> depots.depot_id
    dest_depot_id     VARCHAR NOT NULL,          -- -> depots.depot_id
    zone              INTEGER NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    ship_date         DATE NOT NULL,
    expected_delivery DATE NOT NULL,
    delivered_at      TIMESTAMP,
    declared_value    DECIMAL(10,2) NOT NULL,    -- the most a claim pays
    shipping_charge   DECIMAL(10,2) NOT NULL,
    hold_depot_id     VARCHAR                    -- -> depots.depot_id while held for pickup
);

CREATE TABLE parcels (
    parcel_id       VARCHAR PRIMARY KEY,         -- e.g. PC-700123
    shipment_id     VARCHAR NOT NULL,            -- -> shipments.shipment_id
    weight_lb       DECIMAL(6,1) NOT NULL,
    length_in       INTEGER NOT NULL,
    width_in        INTEGER NOT NULL,
    height_in       INTEGER NOT NULL,
    billable_weight INTEGER NOT NULL,            -- whole pounds: the greater of actual and dimensional weight
    contents        VARCHAR NOT NULL
);

CREATE TABLE tracking_events (
    event_id    VARCHAR PRIMARY KEY,             -- e.g. TE-0004512
    shipment_id VARCHAR NOT NULL,                -- -> shipments.shipment_id
    event_time  TIMESTAMP NOT NULL,
    event_type  VARCHAR NOT NULL,                -- label_created | picked_up | departed_depot | arrived_depot |
                                                 -- out_for_delivery | delivery_attempted | delivered | held |
                                                 -- address_corrected | exception | returned
    location    VARCHAR NOT NULL,
    note        VARCHAR
);

CREATE TABLE delivery_attempts (
    attempt_id   VARCHAR PRIMARY KEY,            -- e.g. DA-00123
    shipment_id  VARCHAR NOT NULL,               -- -> shipments.shipment_id
    attempted_at TIMESTAMP NOT NULL,
    outcome      VARCHAR NOT NULL                -- no_one_home | access_denied | business_closed | refused
);

CREATE TABLE pickups (
    pickup_id    VARCHAR PRIMARY KEY,            -- e.g. PU-3012
    shipper_id   VARCHAR NOT NULL,               -- -> shippers.shipper_id
    depot_id     VARCHAR NOT NULL,               -- -> depots.depot_id
    pickup_date  DATE NOT NULL,
    time_window  VARCHAR NOT NULL,               -- morning (08:00-12:00) | afternoon (13:00-17:00)
    parcel_count INTEGER NOT NULL,
    status       VARCHAR NOT NULL,               -- scheduled | completed | cancelled
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE claims (
    claim_id       VARCHAR PRIMARY KEY,          -- e.g. CL-0042
    shipment_id    VARCHAR NOT NULL,             -- -> shipments.shipment_id
    claim_type     VARCHAR NOT NULL,             -- lost | damaged
    amount_claimed DECIMAL(10,2) NOT NULL,
    amount_payable DECIMAL(10,2) NOT NULL,       -- capped by the declared value
    status         VARCHAR NOT NULL,             -- submitted | approved | denied | paid
    filed_at       TIMESTAMP NOT NULL
);

CREATE TABLE invoices (
    invoice_id  VARCHAR PRIMARY KEY,             -- e.g. INV-260501
    shipper_id  VARCHAR NOT NULL,                -- -> shippers.shipper_id
    period      VARCHAR NOT NULL,                -- YYYY-MM billed
    issued_on   DATE NOT NULL,
    due_on      DATE NOT NULL,
    amount_due  DECIMAL(10,2) NOT NULL,
    amount_paid DECIMAL(10,2) NOT NULL,
    status      VARCHAR NOT NULL                 -- open | paid | overdue
);

CREATE TABLE charges (
    charge_id   VARCHAR PRIMARY KEY,             -- e.g. CH-000812
    shipper_id  VARCHAR NOT NULL,                -- -> shippers.shipper_id
    shipment_id VARCHAR NOT NULL,                -- -> shipments.shipment_id
    charge_type VARCHAR NOT NULL,                -- shipping | address_correction | redirect
    amount      DECIMAL(10,2) NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    invoice_id  VARCHAR                          -- -> invoices.invoice_id; NULL until billed
);

CREATE TABLE zone_chart (
    lane_id         VARCHAR PRIMARY KEY,         -- e.g. DEP-SEA>DEP-PDX
    origin_depot_id VARCHAR NOT NULL,            -- -> depots.depot_id
    dest_depot_id   VARCHAR NOT NULL,            -- -> depots.depot_id
    zone            INTEGER NOT NULL             -- 2 (same depot) .. 5
);
