-- Tables of the postmark_server environment, one per resource of Postmark API.

CREATE TABLE inboundrules (
    inboundrule_id INTEGER PRIMARY KEY,
    rule           VARCHAR
);

CREATE TABLE inboundrule2s (
    inboundrule2_id INTEGER PRIMARY KEY,
    rule            VARCHAR
);

CREATE TABLE bounces (
    bounced_at     TIMESTAMP,
    can_activate   BOOLEAN,
    content        VARCHAR,
    description    VARCHAR,
    details        VARCHAR,
    dump_available BOOLEAN,
    email          VARCHAR,
    bounce_id      VARCHAR PRIMARY KEY,
    inactive       BOOLEAN,
    message_id     VARCHAR,
    name           VARCHAR,
    subject        VARCHAR,
    tag            VARCHAR,
    type           VARCHAR CHECK (type IN ('HardBounce', 'Transient', 'Unsubscribe', 'Subscribe', 'AutoResponder', 'AddressChange', 'DnsError', 'SpamNotification', 'OpenRelayTest', 'Unknown', 'SoftBounce', 'VirusNotification', 'MailFrontier Matador.', 'BadEmailAddress', 'SpamComplaint', 'ManuallyDeactivated', 'Unconfirmed', 'Blocked', 'SMTPApiError', 'InboundError', 'DMARCPolicy', 'TemplateRenderingFailed')),
    type_code      INTEGER
);

CREATE TABLE templates (
    active               BOOLEAN,
    alias                VARCHAR,
    associated_server_id INTEGER,
    html_body            VARCHAR,
    name                 VARCHAR,
    subject              VARCHAR,
    template_id          INTEGER PRIMARY KEY,
    text_body            VARCHAR
);

CREATE TABLE inbound_messages (
    attachments        VARCHAR,
    cc                 VARCHAR,
    cc_full            VARCHAR,
    date               VARCHAR,
    from_              VARCHAR,
    from_full          VARCHAR,
    from_name          VARCHAR,
    mailbox_hash       VARCHAR,
    message_id         VARCHAR PRIMARY KEY,
    original_recipient VARCHAR,
    reply_to           VARCHAR,
    status             VARCHAR CHECK (status IN ('blocked', 'processed', 'queued', 'failed', 'scheduled')),
    subject            VARCHAR,
    tag                VARCHAR,
    to_                VARCHAR,
    to_full            VARCHAR
);

CREATE TABLE outbound_messages (
    attachments    VARCHAR,
    bcc            VARCHAR,
    body           VARCHAR,
    cc             VARCHAR,
    from_          VARCHAR,
    html_body      VARCHAR,
    message_events VARCHAR,
    message_id     VARCHAR PRIMARY KEY,
    received_at    TIMESTAMP,
    recipients     VARCHAR,
    status         VARCHAR CHECK (status IN ('queued', 'sent')),
    subject        VARCHAR,
    tag            VARCHAR,
    text_body      VARCHAR,
    to_            VARCHAR,
    track_links    VARCHAR CHECK (track_links IN ('None', 'HtmlAndText', 'HtmlOnly', 'TextOnly')),
    track_opens    BOOLEAN
);

CREATE TABLE server_configurations (
    api_tokens              VARCHAR,
    bounce_hook_url         VARCHAR,
    click_hook_url          VARCHAR,
    color                   VARCHAR CHECK (color IN ('purple', 'blue', 'turqoise', 'green', 'red', 'yellow', 'grey')),
    delivery_hook_url       VARCHAR,
    server_configuration_id INTEGER PRIMARY KEY,
    inbound_address         VARCHAR,
    inbound_domain          VARCHAR,
    inbound_hash            VARCHAR,
    inbound_hook_url        VARCHAR,
    inbound_spam_threshold  INTEGER,
    name                    VARCHAR,
    open_hook_url           VARCHAR,
    post_first_open_only    BOOLEAN,
    raw_email_enabled       BOOLEAN,
    server_link             VARCHAR,
    smtp_api_activated      BOOLEAN,
    track_links             VARCHAR CHECK (track_links IN ('None', 'HtmlAndText', 'HtmlOnly', 'TextOnly')),
    track_opens             BOOLEAN
);

CREATE TABLE template_records (
    active               BOOLEAN,
    alias                VARCHAR,
    template_record_name VARCHAR PRIMARY KEY,
    template_id          DOUBLE
);
