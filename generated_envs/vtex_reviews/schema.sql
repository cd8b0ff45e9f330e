-- Tables of the vtex_reviews environment, one per resource of Reviews and Ratings API.

CREATE TABLE reviews (
    approved           BOOLEAN,
    review_id          VARCHAR PRIMARY KEY,
    locale             VARCHAR,
    location           VARCHAR,
    past_reviews       VARCHAR,
    product_id         VARCHAR,
    rating             DOUBLE,
    review_date_time   VARCHAR,
    reviewer_name      VARCHAR,
    search_date        VARCHAR,
    shopper_id         VARCHAR,
    sku                VARCHAR,
    text               VARCHAR,
    title              VARCHAR,
    verified_purchaser BOOLEAN
);

-- Review's information.
CREATE TABLE review4s (
    approved           BOOLEAN,
    review4_id         VARCHAR PRIMARY KEY,
    locale             VARCHAR,
    location           VARCHAR,
    past_reviews       VARCHAR,
    product_id         VARCHAR,
    rating             DOUBLE,
    review_date_time   VARCHAR,
    reviewer_name      VARCHAR,
    search_date        VARCHAR,
    shopper_id         VARCHAR,
    sku                VARCHAR,
    text               VARCHAR,
    title              VARCHAR,
    verified_purchaser BOOLEAN
);
