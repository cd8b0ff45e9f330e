-- Tables of the c_amazonaws_com_connectcampaigns environment, one per resource of AmazonConnectCampaignService.

-- An Amazon Connect campaign.
CREATE TABLE campaigns (
    arn                  VARCHAR NOT NULL,
    connect_instance_id  VARCHAR NOT NULL,
    dialer_config        VARCHAR NOT NULL,
    id                   VARCHAR PRIMARY KEY,
    name                 VARCHAR NOT NULL,
    outbound_call_config VARCHAR NOT NULL,
    tags                 VARCHAR
);

-- UpdateCampaignNameRequest
CREATE TABLE campaign_names (
    name VARCHAR PRIMARY KEY
);
