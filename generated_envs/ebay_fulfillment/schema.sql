-- Tables of the ebay_fulfillment environment, one per resource of Fulfillment API.

-- This type contains the details of an order, including information about the buyer, order history, shipping fulfillments, line items, costs, payments, and order fulfillment status.
CREATE TABLE orders (
    buyer                          VARCHAR,
    buyer_checkout_notes           VARCHAR,
    cancel_status                  VARCHAR,
    creation_date                  VARCHAR,
    ebay_collect_and_remit_tax     BOOLEAN,
    fulfillment_hrefs              VARCHAR,
    fulfillment_start_instructions VARCHAR,
    last_modified_date             VARCHAR,
    legacy_order_id                VARCHAR,
    line_items                     VARCHAR,
    order_fulfillment_status       VARCHAR,
    order_id                       VARCHAR PRIMARY KEY,
    order_payment_status           VARCHAR,
    payment_summary                VARCHAR,
    pricing_summary                VARCHAR,
    program                        VARCHAR,
    sales_record_reference         VARCHAR,
    seller_id                      VARCHAR,
    total_fee_basis_amount         VARCHAR,
    total_marketplace_fee          VARCHAR
);

-- This type is used by the base response of the getPaymentDispute method. The getPaymentDispute method retrieves detailed information on a specific payment dispute.
CREATE TABLE payment_disputes (
    amount                 VARCHAR,
    available_choices      VARCHAR,
    buyer_provided         VARCHAR,
    buyer_username         VARCHAR,
    closed_date            VARCHAR,
    evidence               VARCHAR,
    evidence_requests      VARCHAR,
    line_items             VARCHAR,
    monetary_transactions  VARCHAR,
    note                   VARCHAR,
    open_date              VARCHAR,
    order_id               VARCHAR,
    payment_dispute_id     VARCHAR PRIMARY KEY,
    payment_dispute_status VARCHAR,
    reason                 VARCHAR,
    resolution             VARCHAR,
    respond_by_date        VARCHAR,
    return_address         VARCHAR,
    revision               INTEGER,
    seller_response        VARCHAR
);

-- This is the base type of the issueRefund response payload. As long as the issueRefund method does not trigger an error, a response payload will be returned.
CREATE TABLE refunds (
    refund_id     VARCHAR PRIMARY KEY,
    refund_status VARCHAR,
    order_id      VARCHAR
);

-- This type contains the complete details of an existing fulfillment for an order.
CREATE TABLE shipping_fulfillments (
    fulfillment_id           VARCHAR PRIMARY KEY,
    line_items               VARCHAR,
    shipment_tracking_number VARCHAR,
    shipped_date             VARCHAR,
    shipping_carrier_code    VARCHAR,
    order_id                 VARCHAR
);

-- This type is used by the request payload of the updateEvidence method. The updateEvidence method is used to update an existing evidence set against a payment dispute with one or more evidence files.
CREATE TABLE evidence_payment_disputes (
    evidence_id        VARCHAR PRIMARY KEY,
    evidence_type      VARCHAR,
    files              VARCHAR,
    line_items         VARCHAR,
    payment_dispute_id VARCHAR
);

-- This type is used by the evidenceRequests array that is returned in the getPaymentDispute response if one or more evidential documents are being requested to help resolve the payment dispute.
CREATE TABLE evidences (
    evidence_id        VARCHAR PRIMARY KEY,
    evidence_type      VARCHAR,
    line_items         VARCHAR,
    request_date       VARCHAR,
    respond_by_date    VARCHAR,
    payment_dispute_id VARCHAR
);
