-- Cedar & Finch Provisions: the HR and payroll service desk of a mid-size food distributor (about 200 staff).
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE departments (
    department_id   VARCHAR PRIMARY KEY,      -- e.g. DEP-04
    name            VARCHAR NOT NULL,
    cost_center     VARCHAR NOT NULL,
    location        VARCHAR NOT NULL,
    manager_name    VARCHAR NOT NULL
);

CREATE TABLE employees (
    employee_id     VARCHAR PRIMARY KEY,      -- e.g. E-10042
    first_name      VARCHAR NOT NULL,
    last_name       VARCHAR NOT NULL,
    date_of_birth   DATE NOT NULL,
    work_email      VARCHAR NOT NULL,
    department_id   VARCHAR NOT NULL,         -- -> departments.department_id
    job_title       VARCHAR NOT NULL,
    employment_type VARCHAR NOT NULL,         -- full_time | part_time | seasonal
    pay_type        VARCHAR NOT NULL,         -- salaried | hourly
    annual_salary   DECIMAL(10,2),            -- salaried only
    hourly_rate     DECIMAL(10,2),            -- hourly only
    weekly_hours    INTEGER NOT NULL,         -- scheduled hours per week
    hire_date       DATE NOT NULL,
    status          VARCHAR NOT NULL,         -- active | on_leave | terminated
    termination_date DATE,
    work_state      VARCHAR NOT NULL          -- two-letter US state code
);

CREATE TABLE pay_periods (
    period_id       VARCHAR PRIMARY KEY,      -- e.g. PP-2026-06
    start_date      DATE NOT NULL,            -- a Monday
    end_date        DATE NOT NULL,            -- the Sunday two weeks later
    pay_date        DATE NOT NULL,            -- the Friday after the period ends
    lock_at         TIMESTAMP NOT NULL        -- payroll locks at 17:00 on the Tuesday before the pay date
);

CREATE TABLE pay_stubs (
    stub_id          VARCHAR PRIMARY KEY,     -- e.g. PS-300412
    employee_id      VARCHAR NOT NULL,        -- -> employees.employee_id
    period_id        VARCHAR NOT NULL,        -- -> pay_periods.period_id
    regular_hours    DECIMAL(6,2) NOT NULL,
    overtime_hours   DECIMAL(6,2) NOT NULL,   -- paid at 1.5 times the hourly rate
    leave_hours      DECIMAL(6,2) NOT NULL,   -- paid time off taken in the period
    gross_pay        DECIMAL(10,2) NOT NULL,
    pretax_deductions DECIMAL(10,2) NOT NULL, -- benefit premiums and 401(k)
    federal_tax      DECIMAL(10,2) NOT NULL,
    state_tax        DECIMAL(10,2) NOT NULL,
    social_security  DECIMAL(10,2) NOT NULL,
    medicare         DECIMAL(10,2) NOT NULL,
    expense_reimbursement DECIMAL(10,2) NOT NULL, -- approved expense claims paid with this check (not taxed)
    net_pay          DECIMAL(10,2) NOT NULL
);

CREATE TABLE holidays (
    holiday_date    DATE PRIMARY KEY,
    name            VARCHAR NOT NULL
);

CREATE TABLE time_off_balances (
    balance_id      VARCHAR PRIMARY KEY,      -- e.g. TB-0412
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    leave_type      VARCHAR NOT NULL,         -- vacation | sick | personal
    balance_hours   DECIMAL(6,2) NOT NULL,    -- hours on hand today (leave already taken is deducted)
    accrual_per_period DECIMAL(6,2) NOT NULL, -- hours added each pay period
    max_balance     DECIMAL(6,2) NOT NULL     -- accrual stops at this balance
);

CREATE TABLE time_off_requests (
    request_id      VARCHAR PRIMARY KEY,      -- e.g. TO-5012
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    leave_type      VARCHAR NOT NULL,         -- vacation | sick | personal
    start_date      DATE NOT NULL,
    end_date        DATE NOT NULL,
    hours           DECIMAL(6,2) NOT NULL,    -- working hours covered (weekends and holidays excluded)
    status          VARCHAR NOT NULL,         -- pending | approved | denied | cancelled | taken
    submitted_at    TIMESTAMP NOT NULL,
    decided_at      TIMESTAMP
);

CREATE TABLE blackout_periods (
    blackout_id     VARCHAR PRIMARY KEY,      -- e.g. BO-07
    department_id   VARCHAR NOT NULL,         -- -> departments.department_id
    start_date      DATE NOT NULL,
    end_date        DATE NOT NULL,
    reason          VARCHAR NOT NULL
);

CREATE TABLE benefit_plans (
    plan_id         VARCHAR PRIMARY KEY,      -- e.g. MED-PPO
    kind            VARCHAR NOT NULL,         -- medical | dental | vision
    name            VARCHAR NOT NULL,
    carrier         VARCHAR NOT NULL,
    cost_employee   DECIMAL(8,2) NOT NULL,    -- employee share per paycheck, by coverage level
    cost_employee_spouse   DECIMAL(8,2) NOT NULL,
    cost_employee_children DECIMAL(8,2) NOT NULL,
    cost_family     DECIMAL(8,2) NOT NULL,
    deductible      DECIMAL(8,2) NOT NULL
);

CREATE TABLE benefit_enrollments (
    enrollment_id   VARCHAR PRIMARY KEY,      -- e.g. BEN-20311
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    plan_id         VARCHAR NOT NULL,         -- -> benefit_plans.plan_id
    coverage_level  VARCHAR NOT NULL,         -- employee | employee_spouse | employee_children | family
    start_date      DATE NOT NULL,
    end_date        DATE,                     -- NULL while the coverage runs
    per_paycheck_cost DECIMAL(8,2) NOT NULL
);

CREATE TABLE dependents (
    dependent_id    VARCHAR PRIMARY KEY,      -- e.g. DEP-3104
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    given_name      VARCHAR NOT NULL,
    family_name     VARCHAR NOT NULL,
    relationship    VARCHAR NOT NULL,         -- spouse | domestic_partner | child
    birth_date      DATE NOT NULL,
    added_at        TIMESTAMP NOT NULL
);

CREATE TABLE life_events (
    event_id        VARCHAR PRIMARY KEY,      -- e.g. LE-0412
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    event_type      VARCHAR NOT NULL,         -- marriage | birth | adoption | divorce | loss_of_other_coverage
    event_date      DATE NOT NULL,
    reported_at     TIMESTAMP NOT NULL
);

CREATE TABLE banks (
    bank_code       VARCHAR PRIMARY KEY,      -- e.g. BK-03
    routing_number  VARCHAR NOT NULL,         -- nine digits, ABA checksum
    bank_name       VARCHAR NOT NULL,
    city            VARCHAR NOT NULL
);

CREATE TABLE deposit_accounts (
    account_id      VARCHAR PRIMARY KEY,      -- e.g. DD-7012
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    bank_name       VARCHAR NOT NULL,
    routing_number  VARCHAR NOT NULL,         -- nine digits, ABA checksum
    account_last4   VARCHAR NOT NULL,
    account_type    VARCHAR NOT NULL,         -- checking | savings
    allocation_type VARCHAR NOT NULL,         -- remainder | fixed | percent
    allocation_value DECIMAL(10,2),           -- dollars (fixed) or percent of net pay (percent); NULL for remainder
    status          VARCHAR NOT NULL,         -- active | removed
    added_at        TIMESTAMP NOT NULL,
    first_pay_date  DATE NOT NULL,            -- first pay date the account receives money
    removed_at      TIMESTAMP
);

CREATE TABLE expense_categories (
    category        VARCHAR PRIMARY KEY,      -- e.g. meals
    name            VARCHAR NOT NULL,
    per_claim_limit DECIMAL(8,2) NOT NULL,
    receipt_over    DECIMAL(8,2) NOT NULL,    -- a receipt is required above this amount (0: always)
    submit_within_days INTEGER NOT NULL,      -- days after the expense date a claim is accepted
    annual_cap      DECIMAL(8,2)              -- per employee per calendar year; NULL: none
);

CREATE TABLE expense_claims (
    claim_id        VARCHAR PRIMARY KEY,      -- e.g. EXP-8123
    employee_id     VARCHAR NOT NULL,         -- -> employees.employee_id
    category        VARCHAR NOT NULL,         -- -> expense_categories.category
    expense_date    DATE NOT NULL,
    amount          DECIMAL(8,2) NOT NULL,
    has_receipt     BOOLEAN NOT NULL,
    purpose         VARCHAR NOT NULL,         -- the business purpose, e.g. 'Kroger account review, Cincinnati'
    status          VARCHAR NOT NULL,         -- submitted | approved | rejected | paid | withdrawn
    submitted_at    TIMESTAMP NOT NULL,
    paid_on         DATE                      -- pay date of the paycheck that reimbursed it
);

CREATE TABLE tax_elections (
    employee_id     VARCHAR PRIMARY KEY,      -- -> employees.employee_id
    filing_status   VARCHAR NOT NULL,         -- single | married_jointly | head_of_household
    dependents_credit DECIMAL(8,2) NOT NULL,  -- W-4 step 3, dollars per year
    extra_withholding DECIMAL(8,2) NOT NULL,  -- W-4 step 4(c), dollars per paycheck
    updated_at      TIMESTAMP NOT NULL,
    first_pay_date  DATE NOT NULL             -- first pay date these settings apply to
);
