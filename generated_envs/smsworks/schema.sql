-- Tables of the smsworks environment, one per resource of The SMS Works API.

CREATE TABLE messages (
    batchid           VARCHAR,
    content           VARCHAR NOT NULL,
    created           TIMESTAMP NOT NULL,
    customerid        VARCHAR NOT NULL,
    deliveryreporturl VARCHAR,
    destination       DOUBLE NOT NULL,
    failurereason     VARCHAR,
    message_id        VARCHAR PRIMARY KEY,
    identifier        VARCHAR,
    keyword           VARCHAR,
    messageid         VARCHAR NOT NULL,
    modified          TIMESTAMP NOT NULL,
    schedule          VARCHAR NOT NULL,
    sender            VARCHAR NOT NULL,
    status            VARCHAR NOT NULL CHECK (status IN ('SENT', 'DELIVERED', 'EXPIRED', 'UNDELIVERABLE', 'REJECTED', 'INCOMING')),
    tag               VARCHAR NOT NULL
);

-- details of a message scheduled to be sent at a specified date and time
CREATE TABLE scheduled_messages (
    batch                BOOLEAN,
    scheduled_message_id VARCHAR PRIMARY KEY,
    message              VARCHAR,
    status               VARCHAR CHECK (status IN ('SCHEDULED', 'PROCESSED', 'CANCELLED'))
);
