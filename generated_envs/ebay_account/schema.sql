-- Tables of the ebay_account environment, one per resource of Account API.

-- This container defines a seller's custom policy identified by policy ID for the selected eBay marketplace. A successful call returns the requested policy information.
CREATE TABLE custom_policies (
    custom_policy_id VARCHAR PRIMARY KEY,
    description      VARCHAR,
    label            VARCHAR,
    name             VARCHAR,
    policy_type      VARCHAR
);

-- This type is used by the fulfillmentPolicy response container, a container which defines a seller's fulfillment policy for a specific marketplace.
CREATE TABLE fulfillment_policies (
    category_types        VARCHAR,
    description           VARCHAR,
    freight_shipping      BOOLEAN,
    fulfillment_policy_id VARCHAR PRIMARY KEY,
    global_shipping       BOOLEAN,
    handling_time         VARCHAR,
    local_pickup          BOOLEAN,
    marketplace_id        VARCHAR,
    name                  VARCHAR,
    pickup_drop_off       BOOLEAN,
    ship_to_locations     VARCHAR,
    shipping_options      VARCHAR
);

-- This type is used by the paymentPolicy response container, a container which defines a seller's payment business policy for a specific marketplace.
CREATE TABLE payment_policies (
    category_types       VARCHAR,
    deposit              VARCHAR,
    description          VARCHAR,
    full_payment_due_in  VARCHAR,
    immediate_pay        BOOLEAN,
    marketplace_id       VARCHAR,
    name                 VARCHAR,
    payment_instructions VARCHAR,
    payment_methods      VARCHAR,
    payment_policy_id    VARCHAR PRIMARY KEY
);

-- This type is used to provide details about each shipping rate table that is returned in the getRateTables response.
CREATE TABLE rate_tables (
    country_code  VARCHAR,
    locality      VARCHAR,
    name          VARCHAR,
    rate_table_id VARCHAR PRIMARY KEY
);

-- This type is used by the returnPolicy response container, a container which defines a seller's return business policy for a specific marketplace.
CREATE TABLE return_policies (
    category_types                   VARCHAR,
    description                      VARCHAR,
    extended_holiday_returns_offered BOOLEAN,
    international_override           VARCHAR,
    marketplace_id                   VARCHAR,
    name                             VARCHAR,
    refund_method                    VARCHAR,
    restocking_fee_percentage        VARCHAR,
    return_instructions              VARCHAR,
    return_method                    VARCHAR,
    return_period                    VARCHAR,
    return_policy_id                 VARCHAR PRIMARY KEY,
    return_shipping_cost_payer       VARCHAR CHECK (return_shipping_cost_payer IN ('BUYER', 'SELLER')),
    returns_accepted                 BOOLEAN
);

-- This type is used by the getSubscription response container, which defines the subscription types and levels for the seller account.
CREATE TABLE subscriptions (
    marketplace_id     VARCHAR,
    subscription_id    VARCHAR PRIMARY KEY,
    subscription_level VARCHAR,
    subscription_type  VARCHAR,
    term               VARCHAR
);

-- The response payload for requests that return a list of custom policies.
CREATE TABLE compact_custom_policies (
    custom_policy_id           VARCHAR,
    label                      VARCHAR,
    compact_custom_policy_name VARCHAR PRIMARY KEY,
    policy_type                VARCHAR
);

-- The payments program onboarding steps, status, and link.
CREATE TABLE payments_program_onboarding_steps (
    payments_program_onboarding_step_name VARCHAR PRIMARY KEY,
    status                                VARCHAR,
    web_url                               VARCHAR
);
