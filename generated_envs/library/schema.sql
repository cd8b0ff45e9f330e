-- Fernhollow City Library: the circulation desk of a city public library system with six branches.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE branches (
    branch_id      VARCHAR PRIMARY KEY,      -- e.g. BR-02
    name           VARCHAR NOT NULL,         -- e.g. 'Riverside Branch'
    street         VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    opens          VARCHAR NOT NULL,         -- opening time on open days, e.g. '09:00'
    closes         VARCHAR NOT NULL,         -- closing time, e.g. '20:00'
    closed_days    VARCHAR NOT NULL,         -- weekdays it is closed, e.g. 'Sun' or 'Sun,Mon'; 'none' = open daily
    accepts_holds  BOOLEAN NOT NULL          -- false: no hold pickups (e.g. closed for renovation)
);

CREATE TABLE card_types (
    card_type      VARCHAR PRIMARY KEY,      -- adult | senior | teen | child | nonresident
    description    VARCHAR NOT NULL,
    loan_limit     INTEGER NOT NULL,         -- items on loan at once
    hold_limit     INTEGER NOT NULL,         -- waiting, in-transit and ready holds at once
    validity_years INTEGER NOT NULL,         -- a renewal extends the card by this many years
    annual_fee     DECIMAL(10,2) NOT NULL,   -- charged at each renewal (nonresident cards only)
    fine_free      BOOLEAN NOT NULL,         -- true: no overdue fines
    can_book_rooms BOOLEAN NOT NULL
);

CREATE TABLE formats (
    format         VARCHAR PRIMARY KEY,      -- book | large_print | audiobook | dvd
    label          VARCHAR NOT NULL,
    loan_days      INTEGER NOT NULL,
    max_renewals   INTEGER NOT NULL,
    daily_fine     DECIMAL(10,2) NOT NULL,
    fine_cap       DECIMAL(10,2) NOT NULL    -- most overdue fine one loan can accrue
);

CREATE TABLE patrons (
    patron_id      VARCHAR PRIMARY KEY,      -- e.g. P-20417
    card_number    VARCHAR NOT NULL,         -- 14 digits printed on the library card
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    birth_date     DATE NOT NULL,
    email          VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    card_type      VARCHAR NOT NULL,         -- -> card_types.card_type
    home_branch_id VARCHAR NOT NULL,         -- -> branches.branch_id
    status         VARCHAR NOT NULL,         -- active | blocked (staff block, e.g. returned mail)
    block_reason   VARCHAR,
    registered_on  DATE NOT NULL,
    card_expires   DATE NOT NULL,            -- valid through this day
    last_waiver_on DATE                      -- last courtesy waiver of an overdue fine
);

CREATE TABLE titles (
    title_id       VARCHAR PRIMARY KEY,      -- e.g. T-1042
    title          VARCHAR NOT NULL,
    author         VARCHAR NOT NULL,         -- author or director
    format         VARCHAR NOT NULL,         -- -> formats.format
    audience       VARCHAR NOT NULL,         -- adult | teen | children
    subject        VARCHAR NOT NULL,
    year           INTEGER NOT NULL,
    isbn           VARCHAR NOT NULL,         -- ISBN-13 or UPC
    min_age        INTEGER NOT NULL,         -- 0 = no restriction; e.g. 17 for R-rated films
    new_release    BOOLEAN NOT NULL,         -- 14-day loan, no renewals
    replacement_cost DECIMAL(10,2) NOT NULL
);

CREATE TABLE copies (
    copy_id        VARCHAR PRIMARY KEY,      -- the item barcode, e.g. C-300412
    title_id       VARCHAR NOT NULL,         -- -> titles.title_id
    branch_id      VARCHAR NOT NULL,         -- -> branches.branch_id, where the copy is shelved / heading
    call_number    VARCHAR NOT NULL,
    collection     VARCHAR NOT NULL,         -- circulating | reference (reference copies never leave the branch)
    status         VARCHAR NOT NULL,         -- available | on_loan | on_hold_shelf | in_transit | lost | damaged
    acquired_on    DATE NOT NULL
);

CREATE TABLE loans (
    loan_id        VARCHAR PRIMARY KEY,      -- e.g. L-500123
    copy_id        VARCHAR NOT NULL,         -- -> copies.copy_id
    patron_id      VARCHAR NOT NULL,         -- -> patrons.patron_id
    branch_id      VARCHAR NOT NULL,         -- -> branches.branch_id, where it was checked out
    checked_out_on DATE NOT NULL,
    due_date       DATE NOT NULL,
    renewals       INTEGER NOT NULL,
    status         VARCHAR NOT NULL,         -- active | returned | lost
    returned_on    DATE,
    return_condition VARCHAR                 -- good | damaged (returned loans)
);

CREATE TABLE holds (
    hold_id          VARCHAR PRIMARY KEY,    -- e.g. H-70031
    patron_id        VARCHAR NOT NULL,       -- -> patrons.patron_id
    title_id         VARCHAR NOT NULL,       -- -> titles.title_id
    pickup_branch_id VARCHAR NOT NULL,       -- -> branches.branch_id
    placed_at        TIMESTAMP NOT NULL,     -- queue order: earliest first
    status           VARCHAR NOT NULL,       -- waiting | in_transit | ready | fulfilled | cancelled | expired
    copy_id          VARCHAR,                -- -> copies.copy_id, once a copy is trapped for the hold
    ready_on         DATE,
    pickup_by        DATE,                   -- ready holds: last day on the hold shelf
    closed_on        DATE
);

CREATE TABLE transfers (
    transfer_id    VARCHAR PRIMARY KEY,      -- e.g. TR-9012
    copy_id        VARCHAR NOT NULL,         -- -> copies.copy_id
    from_branch_id VARCHAR NOT NULL,         -- -> branches.branch_id
    to_branch_id   VARCHAR NOT NULL,         -- -> branches.branch_id
    hold_id        VARCHAR,                  -- -> holds.hold_id, when sent to fill a hold
    sent_on        DATE NOT NULL,
    expected_on    DATE NOT NULL,
    received_on    DATE,
    status         VARCHAR NOT NULL          -- in_transit | received
);

CREATE TABLE fees (
    fee_id         VARCHAR PRIMARY KEY,      -- e.g. F-80211
    patron_id      VARCHAR NOT NULL,         -- -> patrons.patron_id
    loan_id        VARCHAR,                  -- -> loans.loan_id (item fees)
    kind           VARCHAR NOT NULL,         -- overdue | lost_item | processing | damage | card_replacement | annual_card
    description    VARCHAR NOT NULL,
    amount         DECIMAL(10,2) NOT NULL,
    assessed_on    DATE NOT NULL,
    status         VARCHAR NOT NULL,         -- open | paid | waived
    settled_on     DATE,
    payment_id     VARCHAR                   -- -> payments.payment_id when paid
);

CREATE TABLE payments (
    payment_id     VARCHAR PRIMARY KEY,      -- e.g. PAY-60042
    patron_id      VARCHAR NOT NULL,         -- -> patrons.patron_id
    amount         DECIMAL(10,2) NOT NULL,
    method         VARCHAR NOT NULL,         -- card | cash
    paid_at        TIMESTAMP NOT NULL
);

CREATE TABLE rooms (
    room_id        VARCHAR PRIMARY KEY,      -- e.g. RM-21
    branch_id      VARCHAR NOT NULL,         -- -> branches.branch_id
    name           VARCHAR NOT NULL,
    kind           VARCHAR NOT NULL,         -- study | meeting
    capacity       INTEGER NOT NULL,
    max_hours      INTEGER NOT NULL,         -- longest booking
    amenities      VARCHAR NOT NULL
);

CREATE TABLE room_bookings (
    booking_id     VARCHAR PRIMARY KEY,      -- e.g. RB-4107
    room_id        VARCHAR NOT NULL,         -- -> rooms.room_id
    patron_id      VARCHAR NOT NULL,         -- -> patrons.patron_id
    starts_at      TIMESTAMP NOT NULL,
    ends_at        TIMESTAMP NOT NULL,
    attendees      INTEGER NOT NULL,
    purpose        VARCHAR NOT NULL,
    status         VARCHAR NOT NULL,         -- booked | completed | cancelled
    booked_at      TIMESTAMP NOT NULL
);
