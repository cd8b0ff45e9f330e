-- Tables of the impala_hotels environment, one per resource of Impala Hotel Booking API.

-- Details of an existing booking.
CREATE TABLE bookings (
    booked_rooms            VARCHAR NOT NULL,
    booking_id              VARCHAR PRIMARY KEY,
    cancellation            VARCHAR,
    contact                 VARCHAR NOT NULL,
    created_at              TIMESTAMP NOT NULL,
    end_                    DATE NOT NULL,
    hotel                   VARCHAR NOT NULL,
    hotel_confirmation_code VARCHAR,
    notes                   VARCHAR NOT NULL,
    payment_bearer_token    VARCHAR,
    payment_client_secret   VARCHAR,
    start                   DATE NOT NULL,
    status                  VARCHAR NOT NULL CHECK (status IN ('CANCELLED', 'PENDING', 'ACCEPTED', 'PAYMENT_REQUIRED', 'PAYMENT_ABANDONED')),
    updated_at              TIMESTAMP NOT NULL
);

CREATE TABLE rate_adjustments (
    adjustment_id VARCHAR PRIMARY KEY,
    amount        DOUBLE NOT NULL,
    conditions    VARCHAR NOT NULL,
    type          VARCHAR NOT NULL CHECK (type IN ('PERCENTAGE'))
);

-- Full details on a hotel, including its room types and available rates
CREATE TABLE hotel_fulls (
    address              VARCHAR NOT NULL,
    amenities            VARCHAR NOT NULL,
    check_in             VARCHAR NOT NULL,
    check_out            VARCHAR NOT NULL,
    contractable         BOOLEAN NOT NULL,
    created_at           TIMESTAMP,
    currency             VARCHAR NOT NULL,
    description          VARCHAR,
    emails               VARCHAR NOT NULL,
    external_urls        VARCHAR NOT NULL,
    hotel_id             VARCHAR PRIMARY KEY,
    images               VARCHAR NOT NULL,
    location             VARCHAR NOT NULL,
    name                 VARCHAR NOT NULL,
    phone_numbers        VARCHAR NOT NULL,
    room_count           DOUBLE NOT NULL,
    room_types           VARCHAR NOT NULL,
    star_rating          DOUBLE NOT NULL,
    terms_and_conditions VARCHAR NOT NULL,
    timezone             VARCHAR,
    updated_at           TIMESTAMP,
    website_url          VARCHAR NOT NULL
);
