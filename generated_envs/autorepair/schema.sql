-- Kestrel Auto Care: the front desk of an independent car-repair shop.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE customers (
    customer_id   VARCHAR PRIMARY KEY,       -- e.g. CUS-1042
    first_name    VARCHAR NOT NULL,
    last_name     VARCHAR NOT NULL,
    phone         VARCHAR NOT NULL,          -- e.g. 503-555-0142
    email         VARCHAR NOT NULL,
    street        VARCHAR NOT NULL,
    city          VARCHAR NOT NULL,
    customer_since DATE NOT NULL
);

CREATE TABLE vehicles (
    vehicle_id    VARCHAR PRIMARY KEY,       -- e.g. VEH-2107
    customer_id   VARCHAR NOT NULL,          -- -> customers.customer_id
    vin           VARCHAR NOT NULL,          -- 17 characters
    make          VARCHAR NOT NULL,
    model         VARCHAR NOT NULL,
    year          INTEGER NOT NULL,
    color         VARCHAR NOT NULL,
    plate         VARCHAR NOT NULL,
    mileage       INTEGER NOT NULL           -- odometer at the last visit
);

CREATE TABLE technicians (
    tech_id       VARCHAR PRIMARY KEY,       -- e.g. TEC-03
    name          VARCHAR NOT NULL,
    level         VARCHAR NOT NULL,          -- apprentice | technician | master
    active        BOOLEAN NOT NULL
);

CREATE TABLE tech_certifications (
    certification_no VARCHAR PRIMARY KEY,    -- e.g. CRT-104
    tech_id       VARCHAR NOT NULL,          -- -> technicians.tech_id
    category      VARCHAR NOT NULL,          -- a job category, e.g. brakes
    certified_on  DATE NOT NULL
);

CREATE TABLE service_bays (
    bay_id        VARCHAR PRIMARY KEY,       -- e.g. BAY-1
    name          VARCHAR NOT NULL,
    lift_type     VARCHAR NOT NULL,
    in_service    BOOLEAN NOT NULL           -- a bay out of service takes no appointments
);

CREATE TABLE appointments (
    appointment_id VARCHAR PRIMARY KEY,      -- e.g. APT-5012
    customer_id   VARCHAR NOT NULL,          -- -> customers.customer_id
    vehicle_id    VARCHAR NOT NULL,          -- -> vehicles.vehicle_id
    starts_at     TIMESTAMP NOT NULL,        -- drop-off slot, on the hour
    category      VARCHAR NOT NULL,
    concern       VARCHAR NOT NULL,
    status        VARCHAR NOT NULL,          -- booked | arrived | no_show | cancelled
    booked_at     TIMESTAMP NOT NULL
);

CREATE TABLE parts (
    part_id       VARCHAR PRIMARY KEY,       -- e.g. PRT-0311
    name          VARCHAR NOT NULL,
    category      VARCHAR NOT NULL,
    brand         VARCHAR NOT NULL,
    unit_price    DECIMAL(10,2) NOT NULL,
    qty_on_hand   INTEGER NOT NULL,
    backorder_eta DATE                       -- when out of stock: the supplier's promised date, NULL if none
);

CREATE TABLE work_orders (
    work_order_id VARCHAR PRIMARY KEY,       -- e.g. WO-30412
    customer_id   VARCHAR NOT NULL,          -- -> customers.customer_id
    vehicle_id    VARCHAR NOT NULL,          -- -> vehicles.vehicle_id
    category      VARCHAR NOT NULL,
    concern       VARCHAR NOT NULL,
    status        VARCHAR NOT NULL,          -- estimate | approved | in_progress | completed | picked_up | declined
    opened_at     TIMESTAMP NOT NULL,
    mileage_in    INTEGER NOT NULL,
    tech_id       VARCHAR,                   -- -> technicians.tech_id
    diagnostic_fee DECIMAL(10,2) NOT NULL,   -- 0 when none was charged or it was waived
    diagnostic_waived BOOLEAN NOT NULL,
    warranty_id   VARCHAR,                   -- -> warranties.warranty_id, when the repair is a warranty claim
    approved_total DECIMAL(10,2),            -- the estimate total the customer approved
    approved_at   TIMESTAMP,
    completed_at  TIMESTAMP,
    released_at   TIMESTAMP
);

CREATE TABLE estimate_lines (
    line_id       VARCHAR PRIMARY KEY,       -- e.g. EL-80231
    work_order_id VARCHAR NOT NULL,          -- -> work_orders.work_order_id
    kind          VARCHAR NOT NULL,          -- labour | part
    description   VARCHAR NOT NULL,
    part_id       VARCHAR,                   -- -> parts.part_id, part lines
    quantity      DECIMAL(10,2) NOT NULL,    -- hours for labour, units for parts
    unit_price    DECIMAL(10,2) NOT NULL,    -- the labour rate or the part price
    amount        DECIMAL(10,2) NOT NULL,
    part_status   VARCHAR,                   -- part lines: in_stock | backordered
    eta           DATE,                      -- backordered part lines: expected date
    added_at      TIMESTAMP NOT NULL
);

CREATE TABLE warranties (
    warranty_id   VARCHAR PRIMARY KEY,       -- e.g. WAR-7013
    vehicle_id    VARCHAR NOT NULL,          -- -> vehicles.vehicle_id
    work_order_id VARCHAR NOT NULL,          -- -> work_orders.work_order_id, the original repair
    category      VARCHAR NOT NULL,          -- repairs of this category are covered
    starts_on     DATE NOT NULL,
    months        INTEGER NOT NULL,
    miles         INTEGER NOT NULL,
    start_mileage INTEGER NOT NULL
);

CREATE TABLE invoices (
    invoice_id    VARCHAR PRIMARY KEY,       -- e.g. INV-60211
    work_order_id VARCHAR NOT NULL,          -- -> work_orders.work_order_id
    issued_at     TIMESTAMP NOT NULL,
    labour        DECIMAL(10,2) NOT NULL,
    parts         DECIMAL(10,2) NOT NULL,
    diagnostic_fee DECIMAL(10,2) NOT NULL,
    warranty_credit DECIMAL(10,2) NOT NULL,
    tax           DECIMAL(10,2) NOT NULL,
    total         DECIMAL(10,2) NOT NULL,
    status        VARCHAR NOT NULL           -- open | paid
);

CREATE TABLE payments (
    payment_id    VARCHAR PRIMARY KEY,       -- e.g. PAY-70112
    invoice_id    VARCHAR NOT NULL,          -- -> invoices.invoice_id
    method        VARCHAR NOT NULL,          -- card | cash | check
    amount        DECIMAL(10,2) NOT NULL,
    paid_at       TIMESTAMP NOT NULL
);

CREATE TABLE loaner_cars (
    loaner_id     VARCHAR PRIMARY KEY,       -- e.g. LNR-04
    make          VARCHAR NOT NULL,
    model         VARCHAR NOT NULL,
    plate         VARCHAR NOT NULL,
    status        VARCHAR NOT NULL           -- available | out | maintenance
);

CREATE TABLE loaner_assignments (
    assignment_id VARCHAR PRIMARY KEY,       -- e.g. LA-9012
    loaner_id     VARCHAR NOT NULL,          -- -> loaner_cars.loaner_id
    customer_id   VARCHAR NOT NULL,          -- -> customers.customer_id
    work_order_id VARCHAR NOT NULL,          -- -> work_orders.work_order_id
    out_at        TIMESTAMP NOT NULL,
    returned_at   TIMESTAMP                  -- NULL while the customer has it
);
