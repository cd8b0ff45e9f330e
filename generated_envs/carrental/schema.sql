-- Larkspur Car Rental: the reservations and counter desk of a regional car-rental company.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE branches (
    branch_id   VARCHAR PRIMARY KEY,        -- e.g. DEN-APT
    name        VARCHAR NOT NULL,
    city        VARCHAR NOT NULL,
    state       VARCHAR NOT NULL,           -- two-letter US state code
    street      VARCHAR NOT NULL,
    phone       VARCHAR NOT NULL,
    is_airport  BOOLEAN NOT NULL,
    opens       VARCHAR NOT NULL,           -- counter opening time, e.g. '07:30'
    closes      VARCHAR NOT NULL,           -- counter closing time, e.g. '18:00'
    sunday_open BOOLEAN NOT NULL            -- city branches close on Sundays
);

CREATE TABLE one_way_routes (
    from_branch_id VARCHAR NOT NULL,        -- -> branches.branch_id (pickup)
    to_branch_id   VARCHAR NOT NULL,        -- -> branches.branch_id (return)
    drop_fee       DECIMAL(10,2) NOT NULL,  -- charged once per one-way rental
    PRIMARY KEY (from_branch_id, to_branch_id)
);

CREATE TABLE vehicle_classes (
    class_code     VARCHAR PRIMARY KEY,     -- e.g. MIDSIZE
    name           VARCHAR NOT NULL,
    example_model  VARCHAR NOT NULL,        -- 'or similar'
    seats          INTEGER NOT NULL,
    bags           INTEGER NOT NULL,
    min_age        INTEGER NOT NULL,        -- minimum renter age at pickup
    miles_per_day  INTEGER NOT NULL,        -- included miles per rental day; 0 = unlimited
    excess_per_mile DECIMAL(10,2) NOT NULL  -- charged per mile over the allowance
);

CREATE TABLE branch_fleet (
    branch_id   VARCHAR NOT NULL,           -- -> branches.branch_id
    class_code  VARCHAR NOT NULL,           -- -> vehicle_classes.class_code
    fleet_count INTEGER NOT NULL,           -- cars of the class bookable from the branch on any day
    daily_rate  DECIMAL(10,2) NOT NULL,
    PRIMARY KEY (branch_id, class_code)
);

CREATE TABLE vehicles (
    vehicle_id   VARCHAR PRIMARY KEY,       -- e.g. V-3012
    plate        VARCHAR NOT NULL,
    class_code   VARCHAR NOT NULL,          -- -> vehicle_classes.class_code
    branch_id    VARCHAR NOT NULL,          -- -> branches.branch_id, where the car is (or was picked up)
    make         VARCHAR NOT NULL,
    model        VARCHAR NOT NULL,
    model_year   INTEGER NOT NULL,
    color        VARCHAR NOT NULL,
    odometer     INTEGER NOT NULL,          -- miles
    fuel_eighths INTEGER NOT NULL,          -- 0 (empty) to 8 (full)
    status       VARCHAR NOT NULL           -- available | rented | maintenance
);

CREATE TABLE renters (
    renter_id      VARCHAR PRIMARY KEY,     -- e.g. R-1042
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    date_of_birth  DATE NOT NULL,
    licence_number VARCHAR NOT NULL,
    licence_state  VARCHAR NOT NULL,
    licence_expiry DATE NOT NULL            -- valid through this day
);

CREATE TABLE extras (
    extra_code  VARCHAR PRIMARY KEY,        -- e.g. CHILD_SEAT
    name        VARCHAR NOT NULL,
    daily_price DECIMAL(10,2) NOT NULL,
    description VARCHAR NOT NULL
);

CREATE TABLE coverage_options (
    coverage_code VARCHAR PRIMARY KEY,      -- NONE | BASIC | PLUS | PREMIUM
    name          VARCHAR NOT NULL,
    daily_price   DECIMAL(10,2) NOT NULL,
    deductible    DECIMAL(10,2) NOT NULL,   -- what the renter pays towards damage
    description   VARCHAR NOT NULL
);

CREATE TABLE reservations (
    reservation_id   VARCHAR PRIMARY KEY,   -- e.g. RSV-50231
    renter_id        VARCHAR NOT NULL,      -- -> renters.renter_id
    class_code       VARCHAR NOT NULL,      -- -> vehicle_classes.class_code
    pickup_branch_id VARCHAR NOT NULL,      -- -> branches.branch_id
    return_branch_id VARCHAR NOT NULL,      -- -> branches.branch_id (differs for one-way rentals)
    pickup_at        TIMESTAMP NOT NULL,
    return_at        TIMESTAMP NOT NULL,    -- pickup_at + days
    days             INTEGER NOT NULL,
    status           VARCHAR NOT NULL,      -- quoted | confirmed | picked_up | returned | cancelled | no_show
    coverage_code    VARCHAR NOT NULL,      -- -> coverage_options.coverage_code
    daily_rate       DECIMAL(10,2) NOT NULL,
    base_charge      DECIMAL(10,2) NOT NULL,  -- days x daily_rate
    young_driver_fee DECIMAL(10,2) NOT NULL,  -- renters under 25 at pickup
    extras_total     DECIMAL(10,2) NOT NULL,
    coverage_total   DECIMAL(10,2) NOT NULL,
    drop_fee         DECIMAL(10,2) NOT NULL,
    estimated_total  DECIMAL(10,2) NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    quote_expires_at TIMESTAMP,             -- quotes only
    cancelled_at     TIMESTAMP,
    cancel_reason    VARCHAR,
    cancellation_fee DECIMAL(10,2)
);

CREATE TABLE reservation_extras (
    reservation_id VARCHAR NOT NULL,        -- -> reservations.reservation_id
    extra_code     VARCHAR NOT NULL,        -- -> extras.extra_code
    daily_price    DECIMAL(10,2) NOT NULL,
    total          DECIMAL(10,2) NOT NULL,  -- daily_price x reservation days
    PRIMARY KEY (reservation_id, extra_code)
);

CREATE TABLE rentals (
    rental_id      VARCHAR PRIMARY KEY,     -- e.g. RNT-70012
    reservation_id VARCHAR NOT NULL,        -- -> reservations.reservation_id
    vehicle_id     VARCHAR NOT NULL,        -- -> vehicles.vehicle_id
    picked_up_at   TIMESTAMP NOT NULL,
    odometer_out   INTEGER NOT NULL,
    fuel_out       INTEGER NOT NULL,        -- eighths of a tank
    returned_at    TIMESTAMP,
    odometer_in    INTEGER,
    fuel_in        INTEGER,
    late_hours     INTEGER                  -- started hours charged as late
);

CREATE TABLE charges (
    charge_id      VARCHAR PRIMARY KEY,     -- e.g. CHG-80031
    reservation_id VARCHAR NOT NULL,        -- -> reservations.reservation_id
    kind           VARCHAR NOT NULL,        -- rental | young_driver | extras | coverage | drop_fee | late_return | fuel | mileage | cancellation | no_show
    description    VARCHAR NOT NULL,
    amount         DECIMAL(10,2) NOT NULL,
    posted_at      TIMESTAMP NOT NULL
);
