-- Tables of the aws_connect_cases environment, one per resource of Amazon Connect Cases.

-- Object for field Options information.
CREATE TABLE field_options (
    active            BOOLEAN NOT NULL,
    field_option_name VARCHAR PRIMARY KEY,
    value             VARCHAR NOT NULL,
    field_id          VARCHAR
);

-- Object for case field values.
CREATE TABLE field_values (
    field_value_id VARCHAR PRIMARY KEY,
    value          VARCHAR NOT NULL,
    case_id        VARCHAR
);

CREATE TABLE fields (
    description VARCHAR,
    field_name  VARCHAR PRIMARY KEY,
    type        VARCHAR NOT NULL CHECK (type IN ('Text', 'Number', 'Boolean', 'DateTime', 'SingleSelect', 'Url'))
);

CREATE TABLE layouts (
    content     VARCHAR NOT NULL,
    layout_name VARCHAR PRIMARY KEY
);

CREATE TABLE templates (
    description          VARCHAR,
    layout_configuration VARCHAR,
    template_name        VARCHAR PRIMARY KEY,
    required_fields      VARCHAR,
    status               VARCHAR CHECK (status IN ('Active', 'Inactive'))
);

-- Object for field related information.
CREATE TABLE field_items (
    field_item_id VARCHAR PRIMARY KEY,
    case_id       VARCHAR
);

-- Case summary information.
CREATE TABLE cases (
    case_id     VARCHAR PRIMARY KEY,
    template_id VARCHAR NOT NULL
);

CREATE TABLE related_items (
    related_item_arn VARCHAR NOT NULL,
    related_item_id  VARCHAR PRIMARY KEY,
    case_id          VARCHAR
);
