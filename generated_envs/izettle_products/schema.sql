-- Tables of the izettle_products environment, one per resource of Product Library API.

CREATE TABLE options (
    option_name VARCHAR PRIMARY KEY,
    values      VARCHAR
);

CREATE TABLE tax_rates (
    default_      BOOLEAN,
    label         VARCHAR NOT NULL,
    percentage    DOUBLE,
    tax_rate_uuid VARCHAR PRIMARY KEY
);

CREATE TABLE categories (
    name          VARCHAR NOT NULL,
    category_uuid VARCHAR PRIMARY KEY
);

CREATE TABLE discounts (
    amount             VARCHAR,
    created            TIMESTAMP NOT NULL,
    description        VARCHAR,
    etag               VARCHAR NOT NULL,
    external_reference VARCHAR,
    image_lookup_keys  VARCHAR,
    name               VARCHAR NOT NULL,
    percentage         DOUBLE,
    updated            TIMESTAMP NOT NULL,
    updated_by         VARCHAR,
    discount_uuid      VARCHAR PRIMARY KEY
);

CREATE TABLE imports (
    created       TIMESTAMP,
    error_message VARCHAR,
    finished      TIMESTAMP,
    items         INTEGER,
    state_        VARCHAR CHECK (state_ IN ('IMPORTING', 'FINISHED_SUCCESS', 'FINISHED_FAILED')),
    import_uuid   VARCHAR PRIMARY KEY
);

CREATE TABLE products (
    categories                 VARCHAR,
    category                   VARCHAR,
    created                    TIMESTAMP NOT NULL,
    description                VARCHAR,
    etag                       VARCHAR NOT NULL,
    external_reference         VARCHAR,
    image_lookup_keys          VARCHAR,
    metadata                   VARCHAR,
    name                       VARCHAR NOT NULL,
    online                     VARCHAR,
    presentation               VARCHAR,
    tax_code                   VARCHAR,
    tax_exempt                 BOOLEAN,
    tax_rates                  VARCHAR,
    unit_name                  VARCHAR,
    updated                    TIMESTAMP NOT NULL,
    updated_by                 VARCHAR,
    product_uuid               VARCHAR PRIMARY KEY,
    variant_option_definitions VARCHAR,
    variants                   VARCHAR NOT NULL,
    vat_percentage             DOUBLE
);

CREATE TABLE slugs (
    product_name VARCHAR,
    slug_slug    VARCHAR PRIMARY KEY
);
