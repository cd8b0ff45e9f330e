-- Tables of the billingo environment, one per resource of Billingo API v3.

CREATE TABLE bank_accounts (
    account_number      VARCHAR NOT NULL,
    account_number_iban VARCHAR,
    currency            VARCHAR NOT NULL CHECK (currency IN ('AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HRK', 'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JPY', 'KRW', 'LTL', 'LVL', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'RON', 'RSD', 'RUB', 'SEK', 'SGD', 'THB', 'TRY', 'UAH', 'USD', 'ZAR')),
    bank_account_id     INTEGER PRIMARY KEY,
    name                VARCHAR NOT NULL,
    need_qr             BOOLEAN,
    swift               VARCHAR
);

-- Document object representing your invoice.
CREATE TABLE documents (
    block_id            INTEGER,
    cancelled           BOOLEAN,
    comment             VARCHAR,
    conversion_rate     DOUBLE,
    currency            VARCHAR CHECK (currency IN ('AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HRK', 'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JPY', 'KRW', 'LTL', 'LVL', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'RON', 'RSD', 'RUB', 'SEK', 'SGD', 'THB', 'TRY', 'UAH', 'USD', 'ZAR')),
    due_date            DATE,
    electronic          BOOLEAN,
    fulfillment_date    DATE,
    gross_total         DOUBLE,
    document_id         INTEGER PRIMARY KEY,
    invoice_date        DATE,
    invoice_number      VARCHAR,
    items               VARCHAR,
    language            VARCHAR CHECK (language IN ('de', 'en', 'fr', 'hr', 'hu', 'it', 'ro', 'sk')),
    notification_status VARCHAR CHECK (notification_status IN ('closed', 'downloaded', 'failed', 'none', 'opened', 'readed')),
    organization        VARCHAR,
    paid_date           DATE,
    partner             VARCHAR,
    payment_method      VARCHAR CHECK (payment_method IN ('aruhitel', 'bankcard', 'barion', 'barter', 'cash', 'cash_on_delivery', 'coupon', 'elore_utalas', 'ep_kartya', 'kompenzacio', 'levonas', 'online_bankcard', 'payoneer', 'paypal', 'paypal_utolag', 'payu', 'pick_pack_pont', 'postai_csekk', 'postautalvany', 'skrill', 'szep_card', 'transferwise', 'upwork', 'utalvany', 'valto', 'wire_transfer')),
    payment_status      VARCHAR CHECK (payment_status IN ('expired', 'none', 'outstanding', 'paid', 'partially_paid')),
    settings            VARCHAR,
    summary             VARCHAR,
    tags                VARCHAR,
    type                VARCHAR CHECK (type IN ('advance', 'canceled', 'cancellation', 'draft', 'invoice', 'proforma'))
);

CREATE TABLE document_blocks (
    custom_field1     VARCHAR,
    custom_field2     VARCHAR,
    document_block_id INTEGER PRIMARY KEY,
    name              VARCHAR,
    prefix            VARCHAR
);

CREATE TABLE document_organizations (
    address                    VARCHAR,
    bank_account               VARCHAR,
    cash_settled               BOOLEAN,
    eu_tax_number              VARCHAR,
    ev_number                  VARCHAR,
    document_organization_name VARCHAR PRIMARY KEY,
    small_taxpayer             BOOLEAN,
    tax_number                 VARCHAR
);

CREATE TABLE ids (
    id_id     INTEGER PRIMARY KEY,
    legacy_id INTEGER
);

CREATE TABLE partners (
    account_number        VARCHAR,
    address               VARCHAR NOT NULL,
    emails                VARCHAR,
    general_ledger_number VARCHAR,
    iban                  VARCHAR,
    name                  VARCHAR NOT NULL,
    phone                 VARCHAR,
    swift                 VARCHAR,
    taxcode               VARCHAR,
    partner_id            INTEGER PRIMARY KEY
);

CREATE TABLE products (
    comment                VARCHAR,
    currency               VARCHAR NOT NULL CHECK (currency IN ('AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HRK', 'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JPY', 'KRW', 'LTL', 'LVL', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'RON', 'RSD', 'RUB', 'SEK', 'SGD', 'THB', 'TRY', 'UAH', 'USD', 'ZAR')),
    general_ledger_number  VARCHAR,
    general_ledger_taxcode VARCHAR,
    product_id             INTEGER PRIMARY KEY,
    name                   VARCHAR NOT NULL,
    net_unit_price         DOUBLE,
    unit                   VARCHAR NOT NULL,
    vat                    VARCHAR NOT NULL CHECK (vat IN ('0%', '1%', '10%', '11%', '12%', '13%', '14%', '15%', '16%', '17%', '18%', '19%', '2%', '20%', '21%', '22%', '23%', '24%', '25%', '26%', '27%', '3%', '4%', '5%', '6%', '7%', '8%', '9%', 'AAM', 'AM', 'EU', 'EUK', 'F.AFA', 'FAD', 'K.AFA', 'MAA', 'TAM', 'ÁKK', 'ÁTHK'))
);
