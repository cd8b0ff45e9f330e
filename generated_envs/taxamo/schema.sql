-- Tables of the taxamo environment, one per resource of Taxamo.

CREATE TABLE countries (
    calling_code            VARCHAR,
    cca2                    VARCHAR,
    cca3                    VARCHAR,
    ccn3                    VARCHAR,
    code                    VARCHAR,
    code_long               VARCHAR,
    codenum                 VARCHAR,
    currency                VARCHAR,
    country_name            VARCHAR PRIMARY KEY,
    tax_number_country_code VARCHAR,
    tax_region              VARCHAR,
    tax_supported           BOOLEAN
);

CREATE TABLE currencies (
    currency_code VARCHAR PRIMARY KEY,
    description   VARCHAR,
    isocode       VARCHAR,
    isonum        INTEGER,
    minorunits    INTEGER
);

CREATE TABLE product_types (
    product_type_code VARCHAR PRIMARY KEY
);

CREATE TABLE transactions (
    additional_currencies    VARCHAR,
    amount                   DOUBLE,
    billing_country_code     VARCHAR,
    buyer_credit_card_prefix VARCHAR,
    buyer_email              VARCHAR,
    buyer_ip                 VARCHAR,
    buyer_name               VARCHAR,
    buyer_tax_number         VARCHAR,
    buyer_tax_number_valid   BOOLEAN,
    comments                 VARCHAR,
    confirm_timestamp        TIMESTAMP,
    countries                VARCHAR,
    create_timestamp         TIMESTAMP,
    currency_code            VARCHAR NOT NULL,
    custom_data              VARCHAR,
    custom_fields            VARCHAR,
    custom_id                VARCHAR,
    customer_id              VARCHAR,
    deducted_tax_amount      DOUBLE,
    description              VARCHAR,
    evidence                 VARCHAR,
    external_key             VARCHAR,
    force_country_code       VARCHAR,
    fully_informative        BOOLEAN,
    invoice_address          VARCHAR,
    invoice_date             DATE,
    invoice_image_url        VARCHAR,
    invoice_number           VARCHAR,
    invoice_place            VARCHAR,
    transaction_key          VARCHAR PRIMARY KEY,
    kind                     VARCHAR CHECK (kind IN ('eu-b2c', 'eu-b2b', 'domestic', 'untaxed')),
    manual                   BOOLEAN,
    note                     VARCHAR,
    order_date               TIMESTAMP,
    original_transaction_key VARCHAR,
    refunded_tax_amount      DOUBLE,
    refunded_total_amount    DOUBLE,
    source                   VARCHAR,
    status                   VARCHAR CHECK (status IN ('N', 'C')),
    sub_account_id           VARCHAR,
    supply_date              DATE,
    tax_amount               DOUBLE,
    tax_country_code         VARCHAR,
    tax_data                 VARCHAR,
    tax_deducted             BOOLEAN,
    tax_entity_name          VARCHAR,
    tax_number_service       VARCHAR,
    tax_supported            BOOLEAN,
    tax_timezone             VARCHAR,
    test                     BOOLEAN,
    total_amount             DOUBLE,
    transaction_lines        VARCHAR NOT NULL,
    verification_token       VARCHAR
);
