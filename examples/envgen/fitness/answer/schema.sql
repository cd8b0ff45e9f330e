-- Ironbark Fitness: membership plans, members, instructors, class types, scheduled sessions, bookings and
-- waitlists. Links between tables are documented in comments (-> table.column), not enforced.

CREATE TABLE membership_plans (
    plan_id          VARCHAR PRIMARY KEY,   -- e.g. PLN-01
    name             VARCHAR NOT NULL,
    tier             VARCHAR NOT NULL,      -- off_peak | standard | unlimited | class_pack
    monthly_fee      DECIMAL(8,2) NOT NULL,
    classes_per_week INTEGER NOT NULL,      -- booked and attended classes per Monday-Sunday week
    peak_hours       BOOLEAN NOT NULL       -- false: no weekday classes before 09:00 or from 17:00
);

CREATE TABLE members (
    member_id  VARCHAR PRIMARY KEY,         -- e.g. MEM-1001
    first_name VARCHAR NOT NULL,
    last_name  VARCHAR NOT NULL,
    email      VARCHAR NOT NULL,
    phone      VARCHAR NOT NULL,
    birth_date DATE NOT NULL,
    plan_id    VARCHAR NOT NULL,            -- -> membership_plans.plan_id
    status     VARCHAR NOT NULL,            -- active | frozen | cancelled
    joined_on  DATE NOT NULL
);

CREATE TABLE instructors (
    instructor_id   VARCHAR PRIMARY KEY,    -- e.g. INS-01
    first_name      VARCHAR NOT NULL,
    last_name       VARCHAR NOT NULL,
    specialty       VARCHAR NOT NULL,       -- yoga | pilates | spin | hiit | strength | boxing
    certified_since DATE NOT NULL
);

CREATE TABLE class_types (
    class_type_id    VARCHAR PRIMARY KEY,   -- e.g. CLS-01
    name             VARCHAR NOT NULL,
    category         VARCHAR NOT NULL,
    intensity        VARCHAR NOT NULL,      -- low | moderate | high
    duration_minutes INTEGER NOT NULL
);

CREATE TABLE sessions (
    session_id    VARCHAR PRIMARY KEY,      -- e.g. SES-2001
    class_type_id VARCHAR NOT NULL,         -- -> class_types.class_type_id
    instructor_id VARCHAR NOT NULL,         -- -> instructors.instructor_id
    room          VARCHAR NOT NULL,         -- studio_a | studio_b | cycle_room
    starts_at     TIMESTAMP NOT NULL,
    capacity      INTEGER NOT NULL,
    status        VARCHAR NOT NULL          -- scheduled | cancelled | completed
);

CREATE TABLE bookings (
    booking_id VARCHAR PRIMARY KEY,         -- e.g. BKG-30001
    member_id  VARCHAR NOT NULL,            -- -> members.member_id
    session_id VARCHAR NOT NULL,            -- -> sessions.session_id
    status     VARCHAR NOT NULL,            -- booked | checked_in | cancelled | no_show
    booked_at  TIMESTAMP NOT NULL,
    note       VARCHAR
);

CREATE TABLE waitlist_entries (
    entry_id   VARCHAR PRIMARY KEY,         -- e.g. WL-4001
    member_id  VARCHAR NOT NULL,            -- -> members.member_id
    session_id VARCHAR NOT NULL,            -- -> sessions.session_id
    added_at   TIMESTAMP NOT NULL
);
