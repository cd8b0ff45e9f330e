-- Wrenfield Hotels: the front desk and reservations office of a small group of four hotels.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE hotels (
    hotel_id         VARCHAR PRIMARY KEY,      -- e.g. HTL-01
    name             VARCHAR NOT NULL,
    street           VARCHAR NOT NULL,
    city             VARCHAR NOT NULL,
    state            VARCHAR NOT NULL,         -- two-letter US state code
    phone            VARCHAR NOT NULL,
    check_in_time    VARCHAR NOT NULL,         -- standard check-in, e.g. '15:00'
    check_out_time   VARCHAR NOT NULL,         -- standard check-out, e.g. '11:00'
    lodging_tax_pct  DECIMAL(5,2) NOT NULL,    -- charged on room charges at check-out
    parking_spaces   INTEGER NOT NULL,         -- on-site spaces per night; 0 = no parking
    pet_friendly     BOOLEAN NOT NULL
);

CREATE TABLE room_types (
    room_type_id     VARCHAR PRIMARY KEY,      -- e.g. RT-102
    hotel_id         VARCHAR NOT NULL,         -- -> hotels.hotel_id
    name             VARCHAR NOT NULL,
    beds             VARCHAR NOT NULL,
    max_adults       INTEGER NOT NULL,
    max_occupancy    INTEGER NOT NULL,         -- adults + children
    rollaway_allowed BOOLEAN NOT NULL,         -- a rollaway bed adds one guest to both limits
    accessible       BOOLEAN NOT NULL,
    square_feet      INTEGER NOT NULL
);

CREATE TABLE rooms (
    room_id      VARCHAR PRIMARY KEY,          -- e.g. RM-1214 (hotel digit + room number)
    hotel_id     VARCHAR NOT NULL,             -- -> hotels.hotel_id
    room_type_id VARCHAR NOT NULL,             -- -> room_types.room_type_id
    room_number  VARCHAR NOT NULL,
    floor        INTEGER NOT NULL,
    status       VARCHAR NOT NULL              -- vacant_clean | vacant_dirty | occupied | out_of_order
);

CREATE TABLE seasonal_rates (
    rate_id      VARCHAR PRIMARY KEY,          -- e.g. RATE-0042
    room_type_id VARCHAR NOT NULL,             -- -> room_types.room_type_id
    season       VARCHAR NOT NULL,
    start_date   DATE NOT NULL,                -- first night the rate applies to
    end_date     DATE NOT NULL,                -- last night the rate applies to
    weekday_rate DECIMAL(10,2) NOT NULL,       -- Sunday to Thursday nights
    weekend_rate DECIMAL(10,2) NOT NULL        -- Friday and Saturday nights
);

CREATE TABLE stay_restrictions (
    restriction_id VARCHAR PRIMARY KEY,        -- e.g. MS-03
    hotel_id       VARCHAR NOT NULL,           -- -> hotels.hotel_id
    event_name     VARCHAR NOT NULL,
    start_date     DATE NOT NULL,              -- first restricted night
    end_date       DATE NOT NULL,              -- last restricted night
    min_nights     INTEGER NOT NULL            -- a stay covering any restricted night needs at least this many nights
);

CREATE TABLE addons (
    addon_code  VARCHAR PRIMARY KEY,           -- e.g. BREAKFAST
    name        VARCHAR NOT NULL,
    pricing     VARCHAR NOT NULL,              -- per_stay | per_night | per_guest_night
    price       DECIMAL(10,2) NOT NULL,
    description VARCHAR NOT NULL
);

CREATE TABLE guests (
    guest_id       VARCHAR PRIMARY KEY,        -- e.g. G-10042
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    loyalty_tier   VARCHAR NOT NULL,           -- member | silver | gold | platinum
    loyalty_points INTEGER NOT NULL,
    member_since   DATE NOT NULL
);

CREATE TABLE payment_cards (
    card_id   VARCHAR PRIMARY KEY,             -- e.g. CARD-0311
    guest_id  VARCHAR NOT NULL,                -- -> guests.guest_id
    brand     VARCHAR NOT NULL,                -- Visa | Mastercard | Amex | Discover
    last4     VARCHAR NOT NULL,
    exp_month INTEGER NOT NULL,
    exp_year  INTEGER NOT NULL                 -- valid through the last day of exp_month/exp_year
);

CREATE TABLE reservations (
    reservation_id    VARCHAR PRIMARY KEY,     -- e.g. RES-40231
    confirmation_code VARCHAR NOT NULL,        -- what the guest was given, e.g. WF7K2QPX
    guest_id          VARCHAR NOT NULL,        -- -> guests.guest_id
    guest_last_name   VARCHAR NOT NULL,        -- the name the reservation is held under
    hotel_id          VARCHAR NOT NULL,        -- -> hotels.hotel_id
    room_type_id      VARCHAR NOT NULL,        -- -> room_types.room_type_id
    room_id           VARCHAR,                 -- -> rooms.room_id, assigned at check-in
    check_in          DATE NOT NULL,
    check_out         DATE NOT NULL,
    adults            INTEGER NOT NULL,
    children          INTEGER NOT NULL,
    status            VARCHAR NOT NULL,        -- held | confirmed | checked_in | checked_out | cancelled
    card_id           VARCHAR,                 -- -> payment_cards.card_id, the guarantee (NULL while held)
    booked_at         TIMESTAMP NOT NULL,
    hold_expires_at   TIMESTAMP,               -- held reservations only
    room_subtotal     DECIMAL(10,2) NOT NULL,  -- nightly rates summed
    loyalty_discount  DECIMAL(10,2) NOT NULL,
    room_total        DECIMAL(10,2) NOT NULL,  -- room_subtotal - loyalty_discount
    addons_total      DECIMAL(10,2) NOT NULL,
    cancel_reason     VARCHAR,
    cancelled_at      TIMESTAMP,
    cancellation_fee  DECIMAL(10,2),
    checked_in_at     TIMESTAMP,
    checked_out_at    TIMESTAMP
);

CREATE TABLE reservation_addons (
    reservation_id VARCHAR NOT NULL,           -- -> reservations.reservation_id
    addon_code     VARCHAR NOT NULL,           -- -> addons.addon_code
    quantity       INTEGER NOT NULL,           -- stays, nights or guest-nights, by the add-on's pricing
    unit_price     DECIMAL(10,2) NOT NULL,     -- 0 when a loyalty perk makes it free
    total_price    DECIMAL(10,2) NOT NULL,
    added_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (reservation_id, addon_code)
);

CREATE TABLE folio_charges (
    charge_id      VARCHAR PRIMARY KEY,        -- e.g. CHG-70012
    reservation_id VARCHAR NOT NULL,           -- -> reservations.reservation_id
    posted_at      TIMESTAMP NOT NULL,
    category       VARCHAR NOT NULL,           -- restaurant | bar | minibar | spa | laundry | gift_shop
    description    VARCHAR NOT NULL,
    amount         DECIMAL(10,2) NOT NULL
);

CREATE TABLE invoices (
    invoice_id         VARCHAR PRIMARY KEY,    -- e.g. INV-50007
    reservation_id     VARCHAR NOT NULL,       -- -> reservations.reservation_id
    kind               VARCHAR NOT NULL,       -- stay | cancellation
    issued_at          TIMESTAMP NOT NULL,
    nights_charged     INTEGER NOT NULL,
    room_charges       DECIMAL(10,2) NOT NULL,
    addon_charges      DECIMAL(10,2) NOT NULL,
    incidental_charges DECIMAL(10,2) NOT NULL,
    fees               DECIMAL(10,2) NOT NULL, -- late-cancellation or early-departure fee
    tax                DECIMAL(10,2) NOT NULL,
    total              DECIMAL(10,2) NOT NULL
);

CREATE TABLE payments (
    payment_id VARCHAR PRIMARY KEY,            -- e.g. PAY-60019
    invoice_id VARCHAR NOT NULL,               -- -> invoices.invoice_id
    card_id    VARCHAR NOT NULL,               -- -> payment_cards.card_id
    amount     DECIMAL(10,2) NOT NULL,
    paid_at    TIMESTAMP NOT NULL
);
