-- Tables of the postmark_account environment, one per resource of Postmark Account-level API.

CREATE TABLE domain_extended_information (
    dkim_host                           VARCHAR,
    dkim_pending_host                   VARCHAR,
    dkim_pending_text_value             VARCHAR,
    dkim_revoked_host                   VARCHAR,
    dkim_revoked_text_value             VARCHAR,
    dkim_test_value                     VARCHAR,
    dkim_update_status                  VARCHAR,
    dkim_verified                       BOOLEAN,
    domain_extended_information_id      INTEGER PRIMARY KEY,
    name                                VARCHAR,
    return_path_domain                  VARCHAR,
    return_path_domain_cname_value      VARCHAR,
    return_path_domain_verified         BOOLEAN,
    spf_host                            VARCHAR,
    spf_text_value                      VARCHAR,
    spf_verified                        BOOLEAN,
    safe_to_remove_revoked_key_from_dns BOOLEAN,
    weak_dkim                           BOOLEAN
);

CREATE TABLE domain_information (
    dkim_verified               BOOLEAN,
    domain_information_id       INTEGER PRIMARY KEY,
    name                        VARCHAR,
    return_path_domain_verified BOOLEAN,
    spf_verified                BOOLEAN,
    weak_dkim                   BOOLEAN
);

CREATE TABLE sender_signature_extended_information (
    confirmed                                BOOLEAN,
    dkim_host                                VARCHAR,
    dkim_pending_host                        VARCHAR,
    dkim_pending_text_value                  VARCHAR,
    dkim_revoked_host                        VARCHAR,
    dkim_revoked_text_value                  VARCHAR,
    dkim_test_value                          VARCHAR,
    dkim_update_status                       VARCHAR,
    dkim_verified                            BOOLEAN,
    domain                                   VARCHAR,
    email_address                            VARCHAR,
    sender_signature_extended_information_id INTEGER PRIMARY KEY,
    name                                     VARCHAR,
    reply_to_email_address                   VARCHAR,
    return_path_domain                       VARCHAR,
    return_path_domain_cname_value           VARCHAR,
    return_path_domain_verified              BOOLEAN,
    spf_host                                 VARCHAR,
    spf_text_value                           VARCHAR,
    spf_verified                             BOOLEAN,
    safe_to_remove_revoked_key_from_dns      BOOLEAN,
    weak_dkim                                BOOLEAN
);

CREATE TABLE sender_signature_information (
    confirmed                       BOOLEAN,
    domain                          VARCHAR,
    email_address                   VARCHAR,
    sender_signature_information_id INTEGER PRIMARY KEY,
    name                            VARCHAR,
    reply_to_email_address          VARCHAR
);

CREATE TABLE servers (
    bounce_hook_url        VARCHAR,
    click_hook_url         VARCHAR,
    color                  VARCHAR,
    delivery_hook_url      VARCHAR,
    inbound_domain         VARCHAR,
    inbound_hook_url       VARCHAR,
    inbound_spam_threshold INTEGER,
    server_name            VARCHAR PRIMARY KEY,
    open_hook_url          VARCHAR,
    post_first_open_only   BOOLEAN,
    raw_email_enabled      BOOLEAN,
    smtp_api_activated     BOOLEAN,
    track_links            VARCHAR CHECK (track_links IN ('None', 'HtmlAndTextTracking', 'HtmlOnlyTracking', 'TextOnlyTracking')),
    track_opens            BOOLEAN
);

CREATE TABLE extended_servers (
    api_tokens             VARCHAR,
    bounce_hook_url        VARCHAR,
    click_hook_url         VARCHAR,
    color                  VARCHAR,
    delivery_hook_url      VARCHAR,
    extended_server_id     INTEGER PRIMARY KEY,
    inbound_address        VARCHAR,
    inbound_domain         VARCHAR,
    inbound_hash           VARCHAR,
    inbound_hook_url       VARCHAR,
    inbound_spam_threshold INTEGER,
    name                   VARCHAR,
    open_hook_url          VARCHAR,
    post_first_open_only   BOOLEAN,
    raw_email_enabled      BOOLEAN,
    server_link            VARCHAR,
    smtp_api_activated     BOOLEAN,
    track_links            VARCHAR CHECK (track_links IN ('None', 'HtmlAndTextTracking', 'HtmlOnlyTracking', 'TextOnlyTracking')),
    track_opens            BOOLEAN
);
