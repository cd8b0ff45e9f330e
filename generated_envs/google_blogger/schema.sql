-- Tables of the google_blogger environment, one per resource of Blogger API.

CREATE TABLE blogs (
    custom_meta_data VARCHAR,
    description      VARCHAR,
    blog_id          VARCHAR PRIMARY KEY,
    kind             VARCHAR,
    locale           VARCHAR,
    name             VARCHAR,
    pages            VARCHAR,
    posts            VARCHAR,
    published        TIMESTAMP,
    self_link        VARCHAR,
    status           VARCHAR CHECK (status IN ('LIVE', 'DELETED')),
    updated          TIMESTAMP,
    url              VARCHAR,
    user_id          VARCHAR
);

CREATE TABLE comments (
    author      VARCHAR,
    blog        VARCHAR,
    content     VARCHAR,
    comment_id  VARCHAR PRIMARY KEY,
    in_reply_to VARCHAR,
    kind        VARCHAR,
    post        VARCHAR,
    published   TIMESTAMP,
    self_link   VARCHAR,
    status      VARCHAR CHECK (status IN ('LIVE', 'EMPTIED', 'PENDING', 'SPAM')),
    updated     TIMESTAMP,
    post_id     VARCHAR
);

CREATE TABLE pages (
    author    VARCHAR,
    blog      VARCHAR,
    content   VARCHAR,
    etag      VARCHAR,
    page_id   VARCHAR PRIMARY KEY,
    kind      VARCHAR,
    published TIMESTAMP,
    self_link VARCHAR,
    status    VARCHAR CHECK (status IN ('LIVE', 'DRAFT', 'SOFT_TRASHED')),
    title     VARCHAR,
    trashed   VARCHAR,
    updated   TIMESTAMP,
    url       VARCHAR
);

CREATE TABLE posts (
    author           VARCHAR,
    blog             VARCHAR,
    content          VARCHAR,
    custom_meta_data VARCHAR,
    etag             VARCHAR,
    post_id          VARCHAR PRIMARY KEY,
    images           VARCHAR,
    kind             VARCHAR,
    labels           VARCHAR,
    location         VARCHAR,
    published        TIMESTAMP,
    reader_comments  VARCHAR CHECK (reader_comments IN ('ALLOW', 'DONT_ALLOW_SHOW_EXISTING', 'DONT_ALLOW_HIDE_EXISTING')),
    replies          VARCHAR,
    self_link        VARCHAR,
    status           VARCHAR CHECK (status IN ('LIVE', 'DRAFT', 'SCHEDULED', 'SOFT_TRASHED')),
    title            VARCHAR,
    title_link       VARCHAR,
    trashed          VARCHAR,
    updated          TIMESTAMP,
    url              VARCHAR,
    user_id          VARCHAR
);

CREATE TABLE users (
    about        VARCHAR,
    blogs        VARCHAR,
    created      VARCHAR,
    display_name VARCHAR,
    user_id      VARCHAR PRIMARY KEY,
    kind         VARCHAR,
    locale       VARCHAR,
    self_link    VARCHAR,
    url          VARCHAR
);
