-- Lanternfield Box Office: the box office of four live-event venues (concerts, theatre, sports).
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE venues (
    venue_id   VARCHAR PRIMARY KEY,        -- e.g. VEN-1
    name       VARCHAR NOT NULL,
    city       VARCHAR NOT NULL,
    street     VARCHAR NOT NULL,
    phone      VARCHAR NOT NULL
);

CREATE TABLE sections (
    section_id VARCHAR PRIMARY KEY,        -- e.g. SEC-12 (venue digit + section number)
    venue_id   VARCHAR NOT NULL,           -- -> venues.venue_id
    name       VARCHAR NOT NULL,
    code       VARCHAR NOT NULL,           -- short code printed in seat labels, e.g. ORCH
    capacity   INTEGER NOT NULL,           -- admissions per performance
    accessible BOOLEAN NOT NULL            -- wheelchair / accessible seating: patrons with an accessibility flag only
);

CREATE TABLE series (
    series_id  VARCHAR PRIMARY KEY,        -- e.g. SER-07
    title      VARCHAR NOT NULL,
    category   VARCHAR NOT NULL,           -- concert | theatre | sports
    performer  VARCHAR NOT NULL,
    venue_id   VARCHAR NOT NULL            -- -> venues.venue_id (a series plays one venue)
);

CREATE TABLE performances (
    performance_id      VARCHAR PRIMARY KEY, -- e.g. PRF-1031
    series_id           VARCHAR NOT NULL,    -- -> series.series_id
    venue_id            VARCHAR NOT NULL,    -- -> venues.venue_id
    starts_at           TIMESTAMP NOT NULL,  -- the (possibly new) start time
    doors_at            TIMESTAMP NOT NULL,
    presale_at          TIMESTAMP NOT NULL,  -- members with presale access may book from here
    onsale_at           TIMESTAMP NOT NULL,  -- everyone may book from here
    status              VARCHAR NOT NULL,    -- scheduled | postponed | cancelled
    original_starts_at  TIMESTAMP,           -- postponed performances: the date first announced
    refund_deadline     TIMESTAMP,           -- postponed performances: refunds until then
    purchase_limit      INTEGER NOT NULL     -- admissions one patron may buy for the performance
);

CREATE TABLE price_tiers (
    tier_id        VARCHAR PRIMARY KEY,    -- e.g. TIER-10311
    performance_id VARCHAR NOT NULL,       -- -> performances.performance_id
    section_id     VARCHAR NOT NULL,       -- -> sections.section_id
    name           VARCHAR NOT NULL,
    price          DECIMAL(10,2) NOT NULL, -- face value per admission
    service_fee    DECIMAL(10,2) NOT NULL, -- per admission
    transferable   BOOLEAN NOT NULL
);

CREATE TABLE membership_plans (
    plan_code      VARCHAR PRIMARY KEY,    -- e.g. FRIENDS
    name           VARCHAR NOT NULL,
    annual_fee     DECIMAL(10,2) NOT NULL,
    presale_access BOOLEAN NOT NULL,
    fees_waived    BOOLEAN NOT NULL,       -- no service fees on bookings
    description    VARCHAR NOT NULL
);

CREATE TABLE patrons (
    patron_id         VARCHAR PRIMARY KEY, -- e.g. PAT-10042
    first_name        VARCHAR NOT NULL,
    last_name         VARCHAR NOT NULL,
    email             VARCHAR NOT NULL,
    phone             VARCHAR NOT NULL,
    city              VARCHAR NOT NULL,
    accessibility_flag BOOLEAN NOT NULL,   -- may book accessible sections
    joined_on         DATE NOT NULL
);

CREATE TABLE memberships (
    membership_id VARCHAR PRIMARY KEY,     -- e.g. MEM-6012
    patron_id     VARCHAR NOT NULL,        -- -> patrons.patron_id
    plan_code     VARCHAR NOT NULL,        -- -> membership_plans.plan_code
    starts_on     DATE NOT NULL,
    ends_on       DATE NOT NULL,           -- active through this day
    fee_paid      DECIMAL(10,2) NOT NULL
);

CREATE TABLE bookings (
    booking_id     VARCHAR PRIMARY KEY,    -- e.g. BKG-50231
    patron_id      VARCHAR NOT NULL,       -- -> patrons.patron_id, the purchaser
    performance_id VARCHAR NOT NULL,       -- -> performances.performance_id
    status         VARCHAR NOT NULL,       -- active | refunded
    booked_at      TIMESTAMP NOT NULL,
    face_total     DECIMAL(10,2) NOT NULL, -- face value of its admissions
    fees_total     DECIMAL(10,2) NOT NULL, -- service fees paid
    exchange_fees  DECIMAL(10,2) NOT NULL  -- fees paid for exchanges
);

CREATE TABLE admissions (
    admission_id     VARCHAR PRIMARY KEY,  -- e.g. ADM-700123
    booking_id       VARCHAR NOT NULL,     -- -> bookings.booking_id
    tier_id          VARCHAR NOT NULL,     -- -> price_tiers.tier_id
    section_id       VARCHAR NOT NULL,     -- -> sections.section_id
    seat_label       VARCHAR NOT NULL,     -- e.g. ORCH-112
    holder_patron_id VARCHAR NOT NULL,     -- -> patrons.patron_id, who holds it now
    price            DECIMAL(10,2) NOT NULL,
    service_fee      DECIMAL(10,2) NOT NULL,
    status           VARCHAR NOT NULL      -- active | refunded
);

CREATE TABLE transfers (
    transfer_id    VARCHAR PRIMARY KEY,    -- e.g. TRF-3012
    admission_id   VARCHAR NOT NULL,       -- -> admissions.admission_id
    from_patron_id VARCHAR NOT NULL,       -- -> patrons.patron_id
    to_patron_id   VARCHAR NOT NULL,       -- -> patrons.patron_id
    transferred_at TIMESTAMP NOT NULL
);

CREATE TABLE refunds (
    refund_id   VARCHAR PRIMARY KEY,       -- e.g. RFD-2014
    booking_id  VARCHAR NOT NULL,          -- -> bookings.booking_id
    kind        VARCHAR NOT NULL,          -- cancelled_full | postponed_face_value
    amount      DECIMAL(10,2) NOT NULL,
    refunded_at TIMESTAMP NOT NULL
);

CREATE TABLE waitlist_entries (
    entry_id       VARCHAR PRIMARY KEY,    -- e.g. WL-4012
    patron_id      VARCHAR NOT NULL,       -- -> patrons.patron_id
    performance_id VARCHAR NOT NULL,       -- -> performances.performance_id
    section_id     VARCHAR NOT NULL,       -- -> sections.section_id
    quantity       INTEGER NOT NULL,
    joined_at      TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL        -- waiting | withdrawn
);
