-- Tables of the gototraining environment, one per resource of GoToTraining.

-- Describes an online recording of a training
CREATE TABLE recordings (
    description      VARCHAR,
    download_url     VARCHAR,
    end_date         TIMESTAMP NOT NULL,
    name             VARCHAR NOT NULL,
    recording_id     INTEGER PRIMARY KEY,
    registration_url VARCHAR,
    start_date       TIMESTAMP NOT NULL,
    training_key     VARCHAR
);

-- Describes a training registrant.
CREATE TABLE registrants (
    confirmation_url  VARCHAR NOT NULL,
    email             VARCHAR NOT NULL,
    given_name        VARCHAR NOT NULL,
    join_url          VARCHAR NOT NULL,
    registrant_key    VARCHAR PRIMARY KEY,
    registration_date TIMESTAMP NOT NULL,
    status            VARCHAR NOT NULL CHECK (status IN ('WAITING', 'APPROVED', 'DENIED')),
    surname           VARCHAR NOT NULL,
    organizer_key     VARCHAR NOT NULL CHECK (organizer_key IN ('1')),
    training_key      VARCHAR
);

-- Describes a completed training session.
CREATE TABLE sessions (
    attendance_count   INTEGER NOT NULL,
    duration           INTEGER NOT NULL,
    organizers         VARCHAR NOT NULL,
    session_end_time   TIMESTAMP NOT NULL,
    session_key        VARCHAR PRIMARY KEY,
    session_start_time TIMESTAMP NOT NULL,
    training_name      VARCHAR NOT NULL,
    organizer_key      VARCHAR NOT NULL CHECK (organizer_key IN ('1')),
    training_key       VARCHAR
);

-- Describes a scheduled training.
CREATE TABLE trainings (
    description           VARCHAR NOT NULL,
    name                  VARCHAR NOT NULL,
    organizers            VARCHAR NOT NULL,
    registration_settings VARCHAR NOT NULL,
    time_zone             VARCHAR NOT NULL,
    times                 VARCHAR NOT NULL,
    training_id           VARCHAR PRIMARY KEY,
    training_key          VARCHAR NOT NULL,
    organizer_key         VARCHAR NOT NULL CHECK (organizer_key IN ('1'))
);
