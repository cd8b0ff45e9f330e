-- Tables of the apideck_file_storage environment, one per resource of File storage API.

CREATE TABLE folders (
    created_at              TIMESTAMP,
    created_by              VARCHAR,
    custom_mappings         VARCHAR,
    description             VARCHAR,
    folder_id               VARCHAR PRIMARY KEY,
    name                    VARCHAR NOT NULL,
    owner                   VARCHAR,
    parent_folders          VARCHAR NOT NULL,
    parent_folders_complete BOOLEAN,
    path                    VARCHAR,
    size                    INTEGER,
    updated_at              TIMESTAMP,
    updated_by              VARCHAR
);

CREATE TABLE upload_sessions (
    expires_at                TIMESTAMP,
    upload_session_id         VARCHAR PRIMARY KEY,
    parallel_upload_supported BOOLEAN,
    part_size                 DOUBLE,
    success                   BOOLEAN,
    uploaded_byte_range       VARCHAR
);

CREATE TABLE drives (
    created_at      TIMESTAMP,
    created_by      VARCHAR,
    custom_mappings VARCHAR,
    description     VARCHAR,
    drive_id        VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL,
    updated_at      TIMESTAMP,
    updated_by      VARCHAR
);

CREATE TABLE drive_groups (
    created_at      TIMESTAMP,
    created_by      VARCHAR,
    custom_mappings VARCHAR,
    description     VARCHAR,
    display_name    VARCHAR,
    drive_group_id  VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL,
    updated_at      TIMESTAMP,
    updated_by      VARCHAR
);

CREATE TABLE unified_files (
    created_at              TIMESTAMP,
    created_by              VARCHAR,
    custom_mappings         VARCHAR,
    description             VARCHAR,
    downloadable            BOOLEAN,
    downstream_id           VARCHAR,
    export_formats          VARCHAR,
    exportable              BOOLEAN,
    unified_file_id         VARCHAR PRIMARY KEY,
    mime_type               VARCHAR,
    name                    VARCHAR NOT NULL,
    owner                   VARCHAR,
    parent_folders          VARCHAR,
    parent_folders_complete BOOLEAN,
    path                    VARCHAR,
    permissions             VARCHAR,
    size                    INTEGER,
    type                    VARCHAR NOT NULL CHECK (type IN ('file', 'folder', 'url')),
    updated_at              TIMESTAMP,
    updated_by              VARCHAR
);

CREATE TABLE unified_ids (
    unified_id_id VARCHAR PRIMARY KEY
);

CREATE TABLE files (
    description      VARCHAR,
    drive_id         VARCHAR,
    file_name        VARCHAR PRIMARY KEY,
    parent_folder_id VARCHAR NOT NULL
);
