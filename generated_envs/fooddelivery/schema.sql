-- Forkline Delivery: the customer operations desk of a food-delivery platform in the Twin Cities.
-- References between tables are documented in comments; they are not enforced as constraints.

CREATE TABLE zones (
    zone_id        VARCHAR PRIMARY KEY,        -- e.g. Z-DT
    name           VARCHAR NOT NULL,           -- e.g. Downtown Minneapolis
    city           VARCHAR NOT NULL,
    delivery_fee   DECIMAL(10,2) NOT NULL      -- charged per order delivered into the zone (0 for Plus members)
);

CREATE TABLE customers (
    customer_id    VARCHAR PRIMARY KEY,        -- e.g. CU-10042
    first_name     VARCHAR NOT NULL,
    last_name      VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    phone          VARCHAR NOT NULL,
    membership     VARCHAR NOT NULL,           -- basic | plus (Plus: no delivery fee)
    credit_balance DECIMAL(10,2) NOT NULL,     -- Forkline account credit
    joined_on      DATE NOT NULL
);

CREATE TABLE addresses (
    address_id     VARCHAR PRIMARY KEY,        -- e.g. AD-20311
    customer_id    VARCHAR NOT NULL,           -- -> customers.customer_id
    label          VARCHAR NOT NULL,           -- home | work | other
    line1          VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    zip_code       VARCHAR NOT NULL,
    zone_id        VARCHAR NOT NULL            -- -> zones.zone_id
);

CREATE TABLE restaurants (
    restaurant_id     VARCHAR PRIMARY KEY,     -- e.g. RS-104
    name              VARCHAR NOT NULL,
    cuisine           VARCHAR NOT NULL,
    zone_id           VARCHAR NOT NULL,        -- -> zones.zone_id, where the kitchen is
    min_order         DECIMAL(10,2) NOT NULL,  -- the smallest food subtotal accepted
    prep_minutes      INTEGER NOT NULL,        -- typical preparation time
    cancel_fee_pct    INTEGER NOT NULL,        -- share of the subtotal charged when an accepted order is cancelled
    status            VARCHAR NOT NULL,        -- active | paused
    rating            DECIMAL(3,2) NOT NULL
);

CREATE TABLE restaurant_zones (
    restaurant_id  VARCHAR NOT NULL,           -- -> restaurants.restaurant_id
    zone_id        VARCHAR NOT NULL,           -- -> zones.zone_id, a zone the restaurant delivers to
    PRIMARY KEY (restaurant_id, zone_id)
);

CREATE TABLE opening_hours (
    hours_id       VARCHAR PRIMARY KEY,        -- e.g. OH-104-5 (restaurant number, weekday)
    restaurant_id  VARCHAR NOT NULL,           -- -> restaurants.restaurant_id
    weekday        VARCHAR NOT NULL,           -- Monday .. Sunday
    opens_at       VARCHAR,                    -- HH:MM; NULL when closed all day
    closes_at      VARCHAR                     -- HH:MM, the same day; orders at or after it are refused
);

CREATE TABLE menu_items (
    dish_id        VARCHAR PRIMARY KEY,        -- e.g. MI-10423
    restaurant_id  VARCHAR NOT NULL,           -- -> restaurants.restaurant_id
    name           VARCHAR NOT NULL,
    category       VARCHAR NOT NULL,           -- starter | main | side | dessert | drink
    price          DECIMAL(10,2) NOT NULL,
    available      BOOLEAN NOT NULL            -- false: sold out today
);

CREATE TABLE couriers (
    courier_id     VARCHAR PRIMARY KEY,        -- e.g. CR-301
    first_name     VARCHAR NOT NULL,
    vehicle        VARCHAR NOT NULL,           -- bicycle | scooter | car
    zone_id        VARCHAR NOT NULL,           -- -> zones.zone_id, home zone
    rating         DECIMAL(3,2) NOT NULL
);

CREATE TABLE promo_codes (
    code           VARCHAR PRIMARY KEY,        -- e.g. FALL15
    description    VARCHAR NOT NULL,
    kind           VARCHAR NOT NULL,           -- percent | fixed | free_delivery
    value          DECIMAL(10,2) NOT NULL,     -- percent off, or amount off
    max_discount   DECIMAL(10,2),              -- cap of a percent discount
    min_subtotal   DECIMAL(10,2) NOT NULL,     -- the smallest food subtotal it applies to
    restaurant_id  VARCHAR,                    -- -> restaurants.restaurant_id; NULL = any restaurant
    starts_on      DATE NOT NULL,
    expires_on     DATE NOT NULL               -- last valid day
);

CREATE TABLE orders (
    order_id          VARCHAR PRIMARY KEY,     -- e.g. OR-500123
    customer_id       VARCHAR NOT NULL,        -- -> customers.customer_id
    restaurant_id     VARCHAR NOT NULL,        -- -> restaurants.restaurant_id
    address_id        VARCHAR NOT NULL,        -- -> addresses.address_id
    courier_id        VARCHAR,                 -- -> couriers.courier_id, once out for delivery
    status            VARCHAR NOT NULL,        -- placed | accepted | preparing | out_for_delivery | delivered | cancelled
    placed_at         TIMESTAMP NOT NULL,
    deliver_at        TIMESTAMP NOT NULL,      -- the requested delivery time (placed_at for ASAP orders)
    accepted_at       TIMESTAMP,
    delivered_at      TIMESTAMP,
    subtotal          DECIMAL(10,2) NOT NULL,  -- the food: sum of the line totals
    discount          DECIMAL(10,2) NOT NULL,  -- from promo_code
    delivery_fee      DECIMAL(10,2) NOT NULL,
    tip               DECIMAL(10,2) NOT NULL,
    total             DECIMAL(10,2) NOT NULL,  -- subtotal - discount + delivery_fee + tip
    promo_code        VARCHAR,                 -- -> promo_codes.code
    cancelled_at      TIMESTAMP,
    cancel_reason     VARCHAR,
    cancellation_fee  DECIMAL(10,2)
);

CREATE TABLE order_items (
    order_item_id  VARCHAR PRIMARY KEY,        -- e.g. OI-900123
    order_id       VARCHAR NOT NULL,           -- -> orders.order_id
    dish_id        VARCHAR NOT NULL,           -- -> menu_items.dish_id
    item_name      VARCHAR NOT NULL,
    quantity       INTEGER NOT NULL,
    unit_price     DECIMAL(10,2) NOT NULL,
    line_total     DECIMAL(10,2) NOT NULL
);

CREATE TABLE promo_redemptions (
    redemption_id  VARCHAR PRIMARY KEY,        -- e.g. PR-0042
    code           VARCHAR NOT NULL,           -- -> promo_codes.code
    customer_id    VARCHAR NOT NULL,           -- -> customers.customer_id
    order_id       VARCHAR NOT NULL,           -- -> orders.order_id
    amount         DECIMAL(10,2) NOT NULL,
    redeemed_at    TIMESTAMP NOT NULL
);

CREATE TABLE refunds (
    refund_id      VARCHAR PRIMARY KEY,        -- e.g. RF-0042
    order_id       VARCHAR NOT NULL,           -- -> orders.order_id
    order_item_id  VARCHAR,                    -- -> order_items.order_item_id; NULL for a cancellation refund
    quantity       INTEGER NOT NULL,           -- units refunded (0 for a cancellation refund)
    amount         DECIMAL(10,2) NOT NULL,
    method         VARCHAR NOT NULL,           -- card | account_credit
    reason         VARCHAR NOT NULL,           -- missing | wrong_item | poor_quality | damaged | cancellation
    created_at     TIMESTAMP NOT NULL
);

CREATE TABLE ratings (
    rating_id      VARCHAR PRIMARY KEY,        -- e.g. RT-0042
    order_id       VARCHAR NOT NULL,           -- -> orders.order_id
    food_stars     INTEGER NOT NULL,           -- 1..5
    courier_stars  INTEGER NOT NULL,           -- 1..5
    comment        VARCHAR,
    created_at     TIMESTAMP NOT NULL
);
