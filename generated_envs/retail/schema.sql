-- Timberline & Hearth: an online home-goods and outdoor-gear store's back office.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE customers (
    customer_id        VARCHAR PRIMARY KEY,   -- e.g. C-00042
    first_name         VARCHAR NOT NULL,
    last_name          VARCHAR NOT NULL,
    email              VARCHAR NOT NULL,
    phone              VARCHAR,
    default_address_id VARCHAR,               -- -> addresses.address_id
    member_since       DATE NOT NULL
);

CREATE TABLE addresses (
    address_id  VARCHAR PRIMARY KEY,          -- e.g. ADR-00107
    customer_id VARCHAR NOT NULL,             -- -> customers.customer_id
    line1       VARCHAR NOT NULL,
    line2       VARCHAR,
    city        VARCHAR NOT NULL,
    state       VARCHAR NOT NULL,             -- two-letter US state code
    zip_code    VARCHAR NOT NULL              -- five digits
);

CREATE TABLE payment_methods (
    payment_id  VARCHAR PRIMARY KEY,          -- e.g. PAY-00311
    customer_id VARCHAR NOT NULL,             -- -> customers.customer_id
    method_type VARCHAR NOT NULL,             -- credit_card | paypal | store_credit
    label       VARCHAR NOT NULL,             -- e.g. 'Visa ending 4412'
    balance     DECIMAL(10,2)                 -- store_credit only; NULL otherwise
);

CREATE TABLE products (
    product_id VARCHAR PRIMARY KEY,           -- e.g. P-204
    name       VARCHAR NOT NULL,
    category   VARCHAR NOT NULL,
    brand      VARCHAR NOT NULL
);

CREATE TABLE variants (
    variant_id VARCHAR PRIMARY KEY,           -- e.g. V-5531
    product_id VARCHAR NOT NULL,              -- -> products.product_id
    color      VARCHAR,
    size       VARCHAR,
    price      DECIMAL(10,2) NOT NULL
);

CREATE TABLE inventory (
    variant_id   VARCHAR PRIMARY KEY,         -- -> variants.variant_id
    stock        INTEGER NOT NULL,            -- units available to sell
    restock_date DATE                         -- expected restock when stock is 0
);

CREATE TABLE orders (
    order_id     VARCHAR PRIMARY KEY,         -- e.g. ORD-10231
    customer_id  VARCHAR NOT NULL,            -- -> customers.customer_id
    placed_at    TIMESTAMP NOT NULL,
    status       VARCHAR NOT NULL,            -- pending | processing | shipped | delivered | cancelled
    payment_id   VARCHAR NOT NULL,            -- -> payment_methods.payment_id
    ship_line1   VARCHAR NOT NULL,
    ship_line2   VARCHAR,
    ship_city    VARCHAR NOT NULL,
    ship_state   VARCHAR NOT NULL,
    ship_zip     VARCHAR NOT NULL,
    subtotal     DECIMAL(10,2) NOT NULL,
    shipping_fee DECIMAL(10,2) NOT NULL,
    total        DECIMAL(10,2) NOT NULL,
    cancel_reason VARCHAR,
    cancelled_at TIMESTAMP
);

CREATE TABLE order_items (
    order_item_id VARCHAR PRIMARY KEY,        -- e.g. OI-20457
    order_id      VARCHAR NOT NULL,           -- -> orders.order_id
    variant_id    VARCHAR NOT NULL,           -- -> variants.variant_id
    quantity      INTEGER NOT NULL,
    unit_price    DECIMAL(10,2) NOT NULL,
    status        VARCHAR NOT NULL            -- ordered | cancelled | return_requested | returned | exchange_requested | exchanged
);

CREATE TABLE shipments (
    shipment_id        VARCHAR PRIMARY KEY,   -- e.g. SHP-30012
    order_id           VARCHAR NOT NULL,      -- -> orders.order_id (one shipment per order)
    carrier            VARCHAR NOT NULL,
    tracking_number    VARCHAR NOT NULL,
    status             VARCHAR NOT NULL,      -- label_created | in_transit | out_for_delivery | delivered
    shipped_at         TIMESTAMP,
    estimated_delivery DATE,
    delivered_at       TIMESTAMP
);

CREATE TABLE returns (
    return_id         VARCHAR PRIMARY KEY,    -- e.g. RMA-4007
    order_id          VARCHAR NOT NULL,       -- -> orders.order_id
    status            VARCHAR NOT NULL,       -- awaiting_item | received | refunded
    reason            VARCHAR NOT NULL,
    refund_method     VARCHAR NOT NULL,       -- original_payment | store_credit
    refund_payment_id VARCHAR NOT NULL,       -- -> payment_methods.payment_id
    refund_amount     DECIMAL(10,2) NOT NULL,
    created_at        TIMESTAMP NOT NULL
);

CREATE TABLE return_items (
    return_id     VARCHAR NOT NULL,           -- -> returns.return_id
    order_item_id VARCHAR NOT NULL,           -- -> order_items.order_item_id
    PRIMARY KEY (return_id, order_item_id)
);

CREATE TABLE exchanges (
    exchange_id      VARCHAR PRIMARY KEY,     -- e.g. EXC-7003
    order_id         VARCHAR NOT NULL,        -- -> orders.order_id
    order_item_id    VARCHAR NOT NULL,        -- -> order_items.order_item_id
    new_variant_id   VARCHAR NOT NULL,        -- -> variants.variant_id
    status           VARCHAR NOT NULL,        -- awaiting_item | replacement_shipped | completed
    price_difference DECIMAL(10,2) NOT NULL,  -- new price minus old price, settled with the order's payment method
    created_at       TIMESTAMP NOT NULL
);

CREATE TABLE transactions (
    transaction_id VARCHAR PRIMARY KEY,       -- e.g. TXN-000123
    order_id       VARCHAR,                   -- -> orders.order_id (NULL for goodwill credit without an order)
    payment_id     VARCHAR NOT NULL,          -- -> payment_methods.payment_id
    kind           VARCHAR NOT NULL,          -- charge | refund | credit
    amount         DECIMAL(10,2) NOT NULL,
    reason         VARCHAR NOT NULL,
    created_at     TIMESTAMP NOT NULL
);
