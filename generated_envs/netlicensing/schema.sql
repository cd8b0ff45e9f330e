-- Tables of the netlicensing environment, one per resource of Labs64 NetLicensing RESTful API Test Center.

CREATE TABLE licenses (
    active       BOOLEAN,
    currency     VARCHAR,
    hidden       BOOLEAN,
    license_name VARCHAR PRIMARY KEY,
    number       VARCHAR,
    price        DOUBLE
);

CREATE TABLE license_templates (
    active                BOOLEAN,
    automatic             BOOLEAN,
    currency              VARCHAR,
    hidden                BOOLEAN,
    hidden_licenses       BOOLEAN,
    license_type          VARCHAR CHECK (license_type IN ('FEATURE', 'TIMEVOLUME')),
    license_template_name VARCHAR PRIMARY KEY,
    number                VARCHAR,
    price                 DOUBLE
);

CREATE TABLE products (
    active               BOOLEAN,
    licensee_auto_create BOOLEAN,
    product_name         VARCHAR PRIMARY KEY,
    number               VARCHAR,
    version              VARCHAR
);

CREATE TABLE product_modules (
    active              BOOLEAN,
    licensing_info      VARCHAR,
    product_module_name VARCHAR PRIMARY KEY,
    number              VARCHAR
);

CREATE TABLE licensee2s (
    active              BOOLEAN NOT NULL,
    marked_for_transfer BOOLEAN,
    licensee2_name      VARCHAR PRIMARY KEY,
    number              VARCHAR,
    product_number      VARCHAR NOT NULL
);
