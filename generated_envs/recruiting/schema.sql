-- Larkspur Systems: the recruiting coordination desk of a mid-size software company.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE employees (
    employee_id VARCHAR PRIMARY KEY,          -- e.g. E-1042
    first_name  VARCHAR NOT NULL,
    last_name   VARCHAR NOT NULL,
    work_email  VARCHAR NOT NULL,             -- first.last@larkspur.io
    title       VARCHAR NOT NULL,
    department  VARCHAR NOT NULL,
    role        VARCHAR NOT NULL,             -- staff | hiring_manager | recruiter | department_head | executive
    manager_id  VARCHAR,                      -- -> employees.employee_id
    status      VARCHAR NOT NULL,             -- active | on_leave | terminated
    hire_date   DATE NOT NULL
);

CREATE TABLE interviewers (
    employee_id     VARCHAR PRIMARY KEY,      -- -> employees.employee_id
    weekly_capacity INTEGER NOT NULL,         -- interviews per Monday-Sunday week (scheduled and completed)
    trained_on      DATE NOT NULL
);

CREATE TABLE interviewer_qualifications (
    qualification_id VARCHAR PRIMARY KEY,     -- e.g. Q-0107
    employee_id      VARCHAR NOT NULL,        -- -> interviewers.employee_id
    interview_type   VARCHAR NOT NULL,        -- screen | technical | portfolio | behavioral | leadership
    certified_on     DATE NOT NULL
);

CREATE TABLE requisitions (
    req_id            VARCHAR PRIMARY KEY,    -- e.g. REQ-2041
    title             VARCHAR NOT NULL,
    department        VARCHAR NOT NULL,
    location          VARCHAR NOT NULL,       -- Denver | Austin | Raleigh | Remote
    level             VARCHAR NOT NULL,       -- P2..P5 (individual contributor), M1..M2 (manager)
    status            VARCHAR NOT NULL,       -- open | on_hold | filled | closed
    headcount         INTEGER NOT NULL,
    hires             INTEGER NOT NULL,       -- hired applications so far
    salary_min        DECIMAL(10,2) NOT NULL, -- base salary band
    salary_max        DECIMAL(10,2) NOT NULL,
    hiring_manager_id VARCHAR NOT NULL,       -- -> employees.employee_id
    recruiter_id      VARCHAR NOT NULL,       -- -> employees.employee_id
    approver_id       VARCHAR NOT NULL,       -- -> employees.employee_id (department head; approves offers above midpoint)
    opened_on         DATE NOT NULL,
    closed_on         DATE
);

CREATE TABLE candidates (
    candidate_id     VARCHAR PRIMARY KEY,     -- e.g. CAN-50012
    first_name       VARCHAR NOT NULL,
    last_name        VARCHAR NOT NULL,
    email            VARCHAR NOT NULL,
    phone            VARCHAR NOT NULL,
    city             VARCHAR NOT NULL,
    current_employer VARCHAR,
    created_on       DATE NOT NULL
);

CREATE TABLE applications (
    application_id   VARCHAR PRIMARY KEY,     -- e.g. APP-70015
    candidate_id     VARCHAR NOT NULL,        -- -> candidates.candidate_id
    req_id           VARCHAR NOT NULL,        -- -> requisitions.req_id
    source           VARCHAR NOT NULL,        -- career_site | linkedin | job_board | agency | event | referral
    referral_id      VARCHAR,                 -- -> referrals.referral_id (source = referral)
    stage            VARCHAR NOT NULL,        -- applied | screen | interview | offer | hired | rejected | withdrawn
    applied_at       TIMESTAMP NOT NULL,
    stage_changed_at TIMESTAMP NOT NULL,
    closed_reason    VARCHAR,                 -- why it was rejected or withdrawn
    closed_at        TIMESTAMP
);

CREATE TABLE interview_slots (
    slot_id        VARCHAR PRIMARY KEY,       -- e.g. SLOT-30412
    interviewer_id VARCHAR NOT NULL,          -- -> interviewers.employee_id
    starts_at      TIMESTAMP NOT NULL,
    duration_min   INTEGER NOT NULL,
    status         VARCHAR NOT NULL           -- open | booked
);

CREATE TABLE interviews (
    interview_id   VARCHAR PRIMARY KEY,       -- e.g. INT-40233
    application_id VARCHAR NOT NULL,          -- -> applications.application_id
    slot_id        VARCHAR NOT NULL,          -- -> interview_slots.slot_id
    interviewer_id VARCHAR NOT NULL,          -- -> interviewers.employee_id
    interview_type VARCHAR NOT NULL,          -- screen | technical | portfolio | behavioral | leadership
    starts_at      TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL,          -- scheduled | completed | cancelled
    recommendation VARCHAR,                   -- strong_no | no | yes | strong_yes (completed only)
    feedback_at    TIMESTAMP,
    cancel_reason  VARCHAR
);

CREATE TABLE offers (
    offer_id       VARCHAR PRIMARY KEY,       -- e.g. OFR-9012
    application_id VARCHAR NOT NULL,          -- -> applications.application_id
    base_salary    DECIMAL(10,2) NOT NULL,
    signing_bonus  DECIMAL(10,2) NOT NULL,
    start_date     DATE NOT NULL,
    status         VARCHAR NOT NULL,          -- pending_approval | approved | extended | accepted | declined | rescinded
    created_at     TIMESTAMP NOT NULL,
    approved_by    VARCHAR,                   -- -> employees.employee_id
    approved_at    TIMESTAMP,
    extended_at    TIMESTAMP,
    expires_on     DATE,                      -- an extended offer can be answered through this date
    responded_at   TIMESTAMP
);

CREATE TABLE referrals (
    referral_id       VARCHAR PRIMARY KEY,    -- e.g. REF-6021
    referrer_id       VARCHAR NOT NULL,       -- -> employees.employee_id
    candidate_id      VARCHAR NOT NULL,       -- -> candidates.candidate_id
    req_id            VARCHAR NOT NULL,       -- -> requisitions.req_id
    referred_at       TIMESTAMP NOT NULL,
    status            VARCHAR NOT NULL,       -- submitted | hired | not_hired | paid
    bonus_eligible_on DATE,                   -- hire start date + 90-day probation
    bonus_amount      DECIMAL(10,2),
    paid_at           TIMESTAMP
);
