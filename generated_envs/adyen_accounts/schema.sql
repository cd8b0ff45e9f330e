-- Tables of the adyen_accounts environment, one per resource of Account API.

CREATE TABLE accounts (
    account_code                   VARCHAR PRIMARY KEY,
    bank_account_uuid              VARCHAR,
    beneficiary_account            VARCHAR,
    beneficiary_merchant_reference VARCHAR,
    description                    VARCHAR,
    metadata                       VARCHAR,
    payout_method_code             VARCHAR,
    payout_schedule                VARCHAR,
    payout_speed                   VARCHAR CHECK (payout_speed IN ('INSTANT', 'SAME_DAY', 'STANDARD')),
    status                         VARCHAR CHECK (status IN ('Active', 'Inactive', 'Suspended', 'Closed'))
);

CREATE TABLE payout_methods (
    merchant_account           VARCHAR NOT NULL,
    payout_method_code         VARCHAR PRIMARY KEY,
    payout_method_reference    VARCHAR,
    recurring_detail_reference VARCHAR NOT NULL,
    shopper_reference          VARCHAR NOT NULL
);

CREATE TABLE account_holders (
    account_holder_code    VARCHAR PRIMARY KEY,
    account_holder_details VARCHAR,
    account_holder_status  VARCHAR,
    accounts               VARCHAR,
    description            VARCHAR,
    invalid_fields         VARCHAR,
    legal_entity           VARCHAR CHECK (legal_entity IN ('Business', 'Individual', 'NonProfit', 'Partnership', 'PublicCompany')),
    migration_data         VARCHAR,
    primary_currency       VARCHAR,
    psp_reference          VARCHAR,
    result_code            VARCHAR,
    system_up_to_date_time TIMESTAMP,
    verification           VARCHAR,
    verification_profile   VARCHAR
);
