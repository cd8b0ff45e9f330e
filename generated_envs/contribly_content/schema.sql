-- Tables of the contribly_content environment, one per resource of Contribly.

CREATE TABLE assignments (
    allows_anonymous_contributions BOOLEAN,
    call_to_action                 VARCHAR,
    cover                          VARCHAR,
    created                        TIMESTAMP,
    description                    VARCHAR,
    embargo                        TIMESTAMP,
    ends                           TIMESTAMP,
    featured                       BOOLEAN,
    assignment_id                  VARCHAR PRIMARY KEY,
    media_required                 BOOLEAN,
    moderator                      VARCHAR,
    name                           VARCHAR,
    open                           BOOLEAN,
    receipt_message                VARCHAR,
    starts                         TIMESTAMP,
    tags                           VARCHAR,
    url_words                      VARCHAR,
    web_url                        VARCHAR
);

CREATE TABLE contributions (
    assignment         VARCHAR,
    attribution        VARCHAR,
    body               VARCHAR,
    created            TIMESTAMP,
    headline           VARCHAR,
    contribution_id    VARCHAR PRIMARY KEY,
    media_usages       VARCHAR,
    moderation_history VARCHAR,
    place              VARCHAR,
    url_words          VARCHAR,
    via                VARCHAR
);

CREATE TABLE flags (
    date    TIMESTAMP,
    email   VARCHAR,
    flag_id VARCHAR PRIMARY KEY,
    notes   VARCHAR,
    type    VARCHAR
);

CREATE TABLE forms (
    call_to_action VARCHAR,
    css_url        VARCHAR,
    fields         VARCHAR,
    heading        VARCHAR,
    form_id        VARCHAR PRIMARY KEY,
    name           VARCHAR,
    no_css         BOOLEAN,
    owned_by       VARCHAR,
    tags           VARCHAR
);

CREATE TABLE subscriptions (
    assignment         VARCHAR,
    email              VARCHAR,
    subscription_id    VARCHAR PRIMARY KEY,
    include_body       BOOLEAN NOT NULL,
    include_thumbenail BOOLEAN,
    slack_channel      VARCHAR,
    token              VARCHAR NOT NULL,
    types              VARCHAR NOT NULL,
    user               VARCHAR NOT NULL
);

CREATE TABLE tags (
    colour    VARCHAR,
    tag_id    VARCHAR PRIMARY KEY,
    name      VARCHAR NOT NULL,
    tag_set   VARCHAR,
    url_words VARCHAR
);

CREATE TABLE tag_sets (
    tag_set_id VARCHAR PRIMARY KEY,
    name       VARCHAR NOT NULL
);

CREATE TABLE users (
    bio          VARCHAR,
    display_name VARCHAR,
    user_id      VARCHAR PRIMARY KEY,
    registered   TIMESTAMP,
    username     VARCHAR
);
