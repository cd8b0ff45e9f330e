-- Tables of the c_amazonaws_com_connectparticipant environment, one per resource of Amazon Connect Participant Service.

-- An item - message or event - that has been sent.
CREATE TABLE items (
    absolute_time      VARCHAR,
    content            VARCHAR,
    content_type       VARCHAR,
    id                 VARCHAR PRIMARY KEY,
    type               VARCHAR CHECK (type IN ('TYPING', 'PARTICIPANT_JOINED', 'PARTICIPANT_LEFT', 'CHAT_ENDED', 'TRANSFER_SUCCEEDED', 'TRANSFER_FAILED', 'MESSAGE', 'EVENT', 'ATTACHMENT', 'CONNECTION_ACK', 'MESSAGE_DELIVERED', 'MESSAGE_READ')),
    participant_id     VARCHAR,
    display_name       VARCHAR,
    participant_role   VARCHAR CHECK (participant_role IN ('AGENT', 'CUSTOMER', 'SYSTEM')),
    attachments        VARCHAR,
    message_metadata   VARCHAR,
    related_contact_id VARCHAR,
    contact_id         VARCHAR
);

CREATE TABLE send_events (
    id            VARCHAR PRIMARY KEY,
    absolute_time VARCHAR
);

CREATE TABLE send_messages (
    id            VARCHAR PRIMARY KEY,
    absolute_time VARCHAR
);
