-- One table per CSV file in seed/; every table needs a PRIMARY KEY (the reward compares rows by key).
CREATE TABLE members (
    member_id  VARCHAR PRIMARY KEY,
    name       VARCHAR NOT NULL,
    email      VARCHAR NOT NULL UNIQUE
);

CREATE TABLE requests (
    request_id VARCHAR PRIMARY KEY,
    member_id  VARCHAR NOT NULL,
    title      VARCHAR NOT NULL,
    status     VARCHAR NOT NULL CHECK (status IN ('open', 'done', 'cancelled')),
    filed_on   DATE NOT NULL
);
