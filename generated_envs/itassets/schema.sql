-- Halvorsen Labs IT service desk: employees and departments, hardware assets with their assignments, software
-- licenses, hardware requests, repair orders, the loaner pool and access groups.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE departments (
    department_id   VARCHAR PRIMARY KEY,       -- e.g. DEP-03
    name            VARCHAR NOT NULL,
    cost_center     VARCHAR NOT NULL,          -- e.g. CC-4130
    head_employee_id VARCHAR NOT NULL,         -- -> employees.employee_id, the department head
    repair_budget   DECIMAL(10,2) NOT NULL,    -- yearly budget for out-of-warranty repairs
    repair_spent    DECIMAL(10,2) NOT NULL     -- charged to it so far this year
);

CREATE TABLE employees (
    employee_id   VARCHAR PRIMARY KEY,         -- e.g. EMP-1042
    first_name    VARCHAR NOT NULL,
    last_name     VARCHAR NOT NULL,
    email         VARCHAR NOT NULL,            -- work email, unique
    department_id VARCHAR NOT NULL,            -- -> departments.department_id
    title         VARCHAR NOT NULL,
    manager_id    VARCHAR,                     -- -> employees.employee_id; NULL for department heads
    office        VARCHAR NOT NULL,            -- Oslo | Bergen | Remote
    hire_date     DATE NOT NULL,
    status        VARCHAR NOT NULL,            -- active | offboarded
    offboarded_on DATE
);

CREATE TABLE device_models (
    model_id       VARCHAR PRIMARY KEY,        -- e.g. MDL-03
    category       VARCHAR NOT NULL,           -- laptop | phone | monitor | tablet
    vendor         VARCHAR NOT NULL,
    model_name     VARCHAR NOT NULL,
    unit_cost      DECIMAL(10,2) NOT NULL,     -- purchase price of a new unit
    warranty_months INTEGER NOT NULL,
    refresh_months INTEGER NOT NULL            -- months a device must have been assigned before a refresh
);

CREATE TABLE devices (
    asset_tag      VARCHAR PRIMARY KEY,        -- e.g. AST-10042, the sticker on the device
    model_id       VARCHAR NOT NULL,           -- -> device_models.model_id
    serial_number  VARCHAR NOT NULL,
    status         VARCHAR NOT NULL,           -- in_stock | assigned | in_repair | retired
    loaner_pool    BOOLEAN NOT NULL,           -- true: only lent out short term as a loaner
    purchase_date  DATE NOT NULL,
    warranty_end   DATE NOT NULL,              -- repairs are free through this date
    location       VARCHAR NOT NULL            -- stock room or where the device is: Oslo | Bergen | Remote | Vendor
);

CREATE TABLE device_assignments (
    assignment_id VARCHAR PRIMARY KEY,         -- e.g. ASG-20042
    asset_tag     VARCHAR NOT NULL,            -- -> devices.asset_tag
    employee_id   VARCHAR NOT NULL,            -- -> employees.employee_id
    kind          VARCHAR NOT NULL,            -- standard | loaner
    assigned_on   DATE NOT NULL,
    due_back      DATE,                        -- loaners only
    returned_on   DATE,                        -- NULL while active
    status        VARCHAR NOT NULL             -- active | returned
);

CREATE TABLE software_titles (
    software_id   VARCHAR PRIMARY KEY,         -- e.g. SW-07
    name          VARCHAR NOT NULL,
    vendor        VARCHAR NOT NULL,
    seats_total   INTEGER NOT NULL,            -- seats the company owns
    cost_per_seat DECIMAL(10,2) NOT NULL,      -- yearly
    restricted_to VARCHAR                      -- -> departments.department_id; NULL: any department
);

CREATE TABLE license_assignments (
    license_id    VARCHAR PRIMARY KEY,         -- e.g. LIC-30042
    software_id   VARCHAR NOT NULL,            -- -> software_titles.software_id
    employee_id   VARCHAR NOT NULL,            -- -> employees.employee_id
    assigned_on   DATE NOT NULL,
    released_on   DATE,
    status        VARCHAR NOT NULL             -- active | released
);

CREATE TABLE hardware_requests (
    request_id         VARCHAR PRIMARY KEY,    -- e.g. REQ-40042
    employee_id        VARCHAR NOT NULL,       -- -> employees.employee_id
    model_id           VARCHAR NOT NULL,       -- -> device_models.model_id
    request_kind       VARCHAR NOT NULL,       -- new | refresh
    estimated_cost     DECIMAL(10,2) NOT NULL,
    status             VARCHAR NOT NULL,       -- pending | approved | fulfilled | rejected | cancelled
    submitted_at       TIMESTAMP NOT NULL,
    manager_approved_by VARCHAR,               -- -> employees.employee_id, the manager's recorded approval
    manager_approved_at TIMESTAMP,
    approved_at        TIMESTAMP,              -- IT approval
    fulfilled_at       TIMESTAMP,
    fulfilled_asset_tag VARCHAR,               -- -> devices.asset_tag
    cancelled_at       TIMESTAMP
);

CREATE TABLE repair_orders (
    repair_id      VARCHAR PRIMARY KEY,        -- e.g. RPR-50042
    asset_tag      VARCHAR NOT NULL,           -- -> devices.asset_tag
    employee_id    VARCHAR NOT NULL,           -- -> employees.employee_id, who reported it
    fault          VARCHAR NOT NULL,           -- screen | battery | keyboard | charging_port | no_power | other
    opened_at      TIMESTAMP NOT NULL,
    under_warranty BOOLEAN NOT NULL,
    charge         DECIMAL(10,2) NOT NULL,     -- 0 under warranty, else the flat repair fee
    charged_to     VARCHAR,                    -- -> departments.department_id
    status         VARCHAR NOT NULL,           -- open | completed
    closed_at      TIMESTAMP
);

CREATE TABLE access_groups (
    group_id      VARCHAR PRIMARY KEY,         -- e.g. GRP-05
    name          VARCHAR NOT NULL,
    description   VARCHAR NOT NULL,
    restricted_to VARCHAR                      -- -> departments.department_id; NULL: open to all departments
);

CREATE TABLE group_memberships (
    employee_id VARCHAR NOT NULL,              -- -> employees.employee_id
    group_id    VARCHAR NOT NULL,              -- -> access_groups.group_id
    added_on    DATE NOT NULL,
    PRIMARY KEY (employee_id, group_id)
);
