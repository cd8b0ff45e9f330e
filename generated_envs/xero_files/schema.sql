-- Tables of the xero_files environment, one per resource of Xero Files API.

CREATE TABLE files (
    body      VARCHAR,
    filename  VARCHAR,
    mime_type VARCHAR,
    file_name VARCHAR PRIMARY KEY
);

CREATE TABLE folders (
    email      VARCHAR,
    file_count INTEGER,
    folder_id  VARCHAR PRIMARY KEY,
    is_inbox   BOOLEAN,
    name       VARCHAR NOT NULL
);
