-- Kestrel Valley Community College: the registrar's office (students, catalog, terms, sections, enrollments,
-- holds and the student account). References between tables are documented in comments, not enforced.

CREATE TABLE programs (
    program_id         VARCHAR PRIMARY KEY,   -- e.g. AAS-CIS
    name               VARCHAR NOT NULL,      -- e.g. 'Computer Information Systems'
    award              VARCHAR NOT NULL,      -- AA | AS | AAS | Certificate | Non-degree
    department         VARCHAR NOT NULL,
    credits_required   INTEGER NOT NULL,
    accepting_students BOOLEAN NOT NULL       -- false: closed to new declarations
);

CREATE TABLE instructors (
    instructor_id VARCHAR PRIMARY KEY,        -- e.g. INS-017
    first_name    VARCHAR NOT NULL,
    last_name     VARCHAR NOT NULL,
    title         VARCHAR NOT NULL,           -- Professor | Associate Professor | Assistant Professor | Instructor | Adjunct Instructor
    department    VARCHAR NOT NULL,
    email         VARCHAR NOT NULL
);

CREATE TABLE tuition_rates (
    residency   VARCHAR PRIMARY KEY,          -- in_district | out_of_district | out_of_state
    per_credit  DECIMAL(10,2) NOT NULL,
    description VARCHAR NOT NULL
);

CREATE TABLE students (
    student_id     VARCHAR PRIMARY KEY,       -- internal id, e.g. S-10042
    student_number VARCHAR NOT NULL,          -- the 7-digit number on the student's ID card
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    date_of_birth  DATE NOT NULL,
    program_id     VARCHAR NOT NULL,          -- -> programs.program_id
    program_declared_on DATE NOT NULL,        -- last program declaration; one change per semester
    standing       VARCHAR NOT NULL,          -- good | warning | probation
    residency      VARCHAR NOT NULL,          -- -> tuition_rates.residency
    advisor_id     VARCHAR NOT NULL,          -- -> instructors.instructor_id
    admitted_term  VARCHAR NOT NULL           -- -> terms.term_id
);

CREATE TABLE terms (
    term_id               VARCHAR PRIMARY KEY, -- e.g. FA26, FA26-8B, SP27
    name                  VARCHAR NOT NULL,    -- e.g. 'Fall 2026 Second 8-Week'
    semester              VARCHAR NOT NULL,    -- sessions of one semester share its credit cap, e.g. 'Fall 2026'
    starts_on             DATE NOT NULL,
    ends_on               DATE NOT NULL,
    registration_opens    DATE NOT NULL,
    add_drop_deadline     DATE NOT NULL,       -- last day to add, drop (100% refund) or switch sections
    partial_refund_until  DATE NOT NULL,       -- withdrawals through this day get a 50% refund
    withdrawal_deadline   DATE NOT NULL,       -- last day to withdraw with a W
    grades_posted         BOOLEAN NOT NULL
);

CREATE TABLE courses (
    course_id         VARCHAR PRIMARY KEY,     -- the catalog code, e.g. 'BIO 121'
    subject           VARCHAR NOT NULL,        -- e.g. BIO
    title             VARCHAR NOT NULL,
    credits           INTEGER NOT NULL,
    lab_fee           DECIMAL(10,2) NOT NULL,  -- course fee charged with tuition (0.00 when none)
    pass_fail_allowed BOOLEAN NOT NULL,
    description       VARCHAR NOT NULL
);

CREATE TABLE course_prerequisites (
    course_id        VARCHAR NOT NULL,         -- -> courses.course_id
    prereq_course_id VARCHAR NOT NULL,         -- -> courses.course_id
    min_grade        VARCHAR NOT NULL,         -- C or D
    PRIMARY KEY (course_id, prereq_course_id)
);

CREATE TABLE sections (
    section_id        VARCHAR PRIMARY KEY,     -- e.g. SEC-41207
    course_id         VARCHAR NOT NULL,        -- -> courses.course_id
    term_id           VARCHAR NOT NULL,        -- -> terms.term_id
    section_number    VARCHAR NOT NULL,        -- e.g. 01, N1 (evening), W1 (online)
    instructor_id     VARCHAR NOT NULL,        -- -> instructors.instructor_id
    modality          VARCHAR NOT NULL,        -- in_person | hybrid | online
    days              VARCHAR,                 -- M T W R F S letters, e.g. MW, TR; NULL for online
    start_time        VARCHAR,                 -- HH:MM, 24-hour; NULL for online
    end_time          VARCHAR,
    room              VARCHAR,                 -- NULL for online
    capacity          INTEGER NOT NULL,
    waitlist_capacity INTEGER NOT NULL
);

CREATE TABLE enrollments (
    enrollment_id VARCHAR PRIMARY KEY,         -- e.g. ENR-200417
    student_id    VARCHAR NOT NULL,            -- -> students.student_id
    section_id    VARCHAR NOT NULL,            -- -> sections.section_id
    status        VARCHAR NOT NULL,            -- enrolled | waitlisted | dropped | withdrawn | completed
    grading_basis VARCHAR NOT NULL,            -- letter | pass_fail | audit
    grade         VARCHAR,                     -- A B C D F P (completed), W (withdrawn); NULL otherwise
    registered_at TIMESTAMP NOT NULL,          -- waitlist order is by this time
    updated_at    TIMESTAMP                    -- last status change
);

CREATE TABLE holds (
    hold_id             VARCHAR PRIMARY KEY,   -- e.g. HLD-0031
    student_id          VARCHAR NOT NULL,      -- -> students.student_id
    hold_type           VARCHAR NOT NULL,      -- financial | advising | immunization | library | conduct | admissions
    office              VARCHAR NOT NULL,      -- the office that placed it and can release it
    reason              VARCHAR NOT NULL,
    blocks_registration BOOLEAN NOT NULL,
    amount_due          DECIMAL(10,2) NOT NULL, -- financial holds: the past-due amount still owed
    placed_on           DATE NOT NULL,
    released_on         DATE                   -- NULL while active
);

CREATE TABLE account_entries (
    entry_id      VARCHAR PRIMARY KEY,         -- e.g. TXN-000123
    student_id    VARCHAR NOT NULL,            -- -> students.student_id
    term_id       VARCHAR,                     -- -> terms.term_id
    enrollment_id VARCHAR,                     -- -> enrollments.enrollment_id (tuition, fees, refunds)
    kind          VARCHAR NOT NULL,            -- tuition | course_fee | refund | payment
    amount        DECIMAL(10,2) NOT NULL,      -- always positive; refunds and payments lower the balance
    posted_at     TIMESTAMP NOT NULL,
    memo          VARCHAR NOT NULL
);
