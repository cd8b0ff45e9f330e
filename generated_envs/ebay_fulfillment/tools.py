"""Tools of the ebay_fulfillment environment, compiled from Fulfillment API.

Use the Fulfillment API to complete the process of packaging, addressing, handling, and shipping each order on
behalf of the seller, in accordance with the payment method and timing specified at checkout.
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

_ORDERS_SQL = "SELECT t.* FROM orders t"
_ORDERS_LIST_SQL = "SELECT t.order_id, t.cancel_status, t.order_fulfillment_status FROM orders t"
_PAYMENT_DISPUTES_SQL = "SELECT t.* FROM payment_disputes t"
_PAYMENT_DISPUTES_LIST_SQL = ("SELECT t.payment_dispute_id, t.buyer_username, t.order_id, "
                              "t.payment_dispute_status, t.revision FROM payment_disputes t")
_REFUNDS_SQL = "SELECT t.* FROM refunds t"
_SHIPPING_FULFILLMENTS_SQL = "SELECT t.* FROM shipping_fulfillments t"
_EVIDENCE_PAYMENT_DISPUTES_SQL = "SELECT t.* FROM evidence_payment_disputes t"
_EVIDENCES_SQL = "SELECT t.* FROM evidences t"


def _order(db: Database, order_id: str) -> dict[str, Any]:
    row = db.query_one(_ORDERS_SQL + " WHERE t.order_id = ?", [order_id.strip().upper()])
    if row is None:
        raise ToolError(f"no order with id {order_id!r} (order ids look like 'O-0001')")
    return row


def _payment_dispute(db: Database, payment_dispute_id: str) -> dict[str, Any]:
    row = db.query_one(_PAYMENT_DISPUTES_SQL + " WHERE t.payment_dispute_id = ?",
                                               [payment_dispute_id.strip().upper()])
    if row is None:
        raise ToolError(f"no payment dispute with id {payment_dispute_id!r} (payment dispute ids look like "
                        f"'PD-0001')")
    return row


def _shipping_fulfillment(db: Database, fulfillment_id: str) -> dict[str, Any]:
    row = db.query_one(_SHIPPING_FULFILLMENTS_SQL + " WHERE t.fulfillment_id = ?", [fulfillment_id.strip().upper()])
    if row is None:
        raise ToolError(f"no shipping fulfillment with id {fulfillment_id!r} (shipping fulfillment ids look like "
                        f"'SF-0001')")
    return row


def _evidence(db: Database, evidence_id: str) -> dict[str, Any]:
    row = db.query_one(_EVIDENCES_SQL + " WHERE t.evidence_id = ?", [evidence_id.strip().upper()])
    if row is None:
        raise ToolError(f"no evidence with id {evidence_id!r} (evidence ids look like 'E-0001')")
    return row


@tool
def get_orders(db: Database) -> list[dict[str, Any]]:
    """Use this call to search for and retrieve one or more orders based on their creation date, last modification date, or fulfillment status using the filter parameter. You can alternatively specify a list of orders using the orderIds parameter. Include the optional fieldGroups query parameter set to TAX_BREAKDOWN to return a breakdown of the taxes and fees. The returned Order objects contain information you can use to create and process fulfillments, including: Information about the buyer and.

    Returns:
        The matching order summaries (order_id, cancel_status, order_fulfillment_status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _ORDERS_LIST_SQL, [], [], "t.order_id")


@tool
def get_order(db: Database, order_id: str) -> dict[str, Any]:
    """Use this call to retrieve the contents of an order based on its unique identifier, orderId . This value was returned in the getOrders call's orders.orderId field when you searched for orders by creation date, modification date, or fulfillment status. Include the optional fieldGroups query parameter set to TAX_BREAKDOWN to return a breakdown of the taxes and fees. The returned Order object contains information you can use to create and process fulfillments, including: Information about the buyer.

    Args:
        order_id: The unique identifier of the order. Order ID values are shown in My eBay/Seller Hub, and are
            also returned by the getOrders method in the orders.orderId field. Note: getOrders can return orders up to
            two years old. Do not provide the orderId for an order created more than two years in the past; e.g.
            "O-0001" (from get_orders).

    Returns:
        The order with the names of the rows it refers to.
    """
    return _order(db, order_id)


@tool
def get_shipping_fulfillments(db: Database, order_id: str | None = None) -> list[dict[str, Any]]:
    """Use this call to retrieve the contents of all fulfillments currently defined for a specified order based on the order's unique identifier, orderId . This value is returned in the getOrders call's members.orderId field when you search for orders by creation date or shipment status.

    Args:
        order_id: The unique identifier of the order. Order ID values are shown in My eBay/Seller Hub, and are
            also returned by the getOrders method in the orders.orderId field; e.g. "O-0001".

    Returns:
        The matching shipping fulfillment rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if order_id is not None:
        order = _order(db, order_id)
        where.append("t.order_id = ?")
        params.append(order["order_id"])
    return select_rows(db, _SHIPPING_FULFILLMENTS_SQL, where, params, "t.fulfillment_id")


@tool(writes=True)
def create_shipping_fulfillment(
        db: Database,
        order_id: str,
        line_items: str | None = None,
        shipped_date: str | None = None,
        shipping_carrier_code: str | None = None,
) -> dict[str, Any]:
    """When you group an order's line items into one or more packages, each package requires a corresponding plan for handling, addressing, and shipping; this is a shipping fulfillment . For each package, execute this call once to generate a shipping fulfillment associated with that package. Note: A single line item in an order can consist of multiple units of a purchased item, and one unit can consist of multiple parts or components. Although these components might be provided by the manufacturer in.

    Args:
        order_id: The unique identifier of the order. Order ID values are shown in My eBay/Seller Hub, and are
            also returned by the getOrders method in the orders.orderId field; e.g. "O-0001" (from get_orders).
        line_items: This array contains a list of or more line items and the quantity that will be shipped in the
            same package.
        shipped_date: This is the actual date and time that the fulfillment package was shipped. This timestamp is
            in ISO 8601 format, which uses the 24-hour Universal Coordinated Time (UTC) clock. The seller should use
            the actual date/time that the package was shipped, but if this field is omitted, it will default to.
        shipping_carrier_code: The unique identifier of the shipping carrier being used to ship the line item(s).
            Technically, the shippingCarrierCode and trackingNumber fields are optional, but generally these fields
            will be provided if the shipping carrier and tracking number are known. Note: Use the Trading API's.

    Returns:
        The new shipping fulfillment.
    """
    order = _order(db, order_id)
    if shipped_date is not None:
        shipped_date = shipped_date.strip()
    if shipping_carrier_code is not None:
        shipping_carrier_code = shipping_carrier_code.strip()
    fulfillment_id = next_id(db, "shipping_fulfillments", "fulfillment_id", "SF-", 4)
    db.execute("INSERT INTO shipping_fulfillments (fulfillment_id, line_items, shipment_tracking_number, "
               "shipped_date, shipping_carrier_code, order_id) VALUES (?, ?, ?, ?, ?, ?)",
               [fulfillment_id, line_items, None, shipped_date, shipping_carrier_code, order["order_id"]])
    return db.query_one(_SHIPPING_FULFILLMENTS_SQL + " WHERE t.fulfillment_id = ?", [fulfillment_id]) or {}


@tool
def get_shipping_fulfillment(db: Database, fulfillment_id: str) -> dict[str, Any]:
    """Use this call to retrieve the contents of a fulfillment based on its unique identifier, fulfillmentId (combined with the associated order's orderId ). The fulfillmentId value was originally generated by the createShippingFulfillment call, and is returned by the getShippingFulfillments call in the members.fulfillmentId field.

    Args:
        fulfillment_id: The unique identifier of the fulfillment. This eBay-generated value was created by the
            Create Shipping Fulfillment call, and returned by the getShippingFulfillments call in the
            fulfillments.fulfillmentId field; for example, 9405509699937003457459 ; e.g. "SF-0001" (from
            get_shipping_fulfillments).

    Returns:
        The shipping fulfillment with the names of the rows it refers to.
    """
    return _shipping_fulfillment(db, fulfillment_id)


@tool(writes=True)
def issue_refund(db: Database, order_id: str) -> dict[str, Any]:
    """Issue Refund.

    Important! Due to EU &amp; UK Payments regulatory requirements, an additional security verification via
    Digital Signatures is required for certain API calls that are made on behalf of EU/UK sellers, including
    issueRefund . Please refer to Digital Signatures for APIs to learn more on the impacted APIs and the process
    to create signatures to be included in the HTTP payload. This method allows a seller to issue a full or
    partial refund to a buyer for an order. Full or partial refunds can be issued...

    Args:
        order_id: The unique identifier of the order. Order IDs are returned in the getOrders method (and
            GetOrders call of Trading API). The issueRefund method supports the legacy API Order IDs and REST API
            order IDs; e.g. "O-0001" (from get_orders).

    Returns:
        The new refund.
    """
    order = _order(db, order_id)
    refund_id = next_id(db, "refunds", "refund_id", "R-", 4)
    db.execute("INSERT INTO refunds (refund_id, refund_status, order_id) VALUES (?, ?, ?)",
               [refund_id, None, order["order_id"]])
    return db.query_one(_REFUNDS_SQL + " WHERE t.refund_id = ?", [refund_id]) or {}


@tool
def get_payment_dispute(db: Database, payment_dispute_id: str) -> dict[str, Any]:
    """Get Payment Dispute Details.

    This method retrieves detailed information on a specific payment dispute. The payment dispute identifier is
    passed in as path parameter at the end of the call URI. Below is a summary of the information that is
    retrieved: Current status of payment dispute Amount of the payment dispute Reason the payment dispute was
    opened Order and line items associated with the payment dispute Seller response options if an action is
    currently required on the payment dispute Details on the results of the payment...

    Args:
        payment_dispute_id: This is the unique identifier of the payment dispute. This path parameter must be
            passed in at the end of the call URI to identify the payment dispute to retrieve. This identifier is
            automatically created by eBay once the payment dispute comes into the eBay system. The unique identifier
            for payment; e.g. "PD-0001" (from get_activities).

    Returns:
        The payment dispute with the names of the rows it refers to.
    """
    return _payment_dispute(db, payment_dispute_id)


@tool
def get_activities(db: Database, payment_dispute_id: str | None = None) -> list[dict[str, Any]]:
    """Get Payment Dispute Activity.

    This method retrieve a log of activity for a payment dispute. The identifier of the payment dispute is passed
    in as a path parameter. The output includes a timestamp for each action of the payment dispute, from creation
    to resolution, and all steps in between.

    Args:
        payment_dispute_id: This is the unique identifier of the payment dispute. This path parameter must be
            passed in at the end of the call URI to identify the payment dispute for which the user wishes to see all
            activity. This identifier is automatically created by eBay once the payment dispute comes into the eBay
            system.

    Returns:
        The matching payment dispute summaries (payment_dispute_id, buyer_username, order_id, payment_dispute_status, revision; given payment_dispute_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if payment_dispute_id is not None:
        where.append("lower(t.payment_dispute_id) = lower(?)")
        params.append(payment_dispute_id.strip())
    return select_rows(db, _PAYMENT_DISPUTES_SQL if payment_dispute_id is not None else _PAYMENT_DISPUTES_LIST_SQL, where, params, "t.payment_dispute_id")


@tool(writes=True)
def add_evidence(
        db: Database,
        payment_dispute_id: str,
        evidence_type: str | None = None,
        files: str | None = None,
        line_items: str | None = None,
) -> dict[str, Any]:
    """Add an Evidence File.

    This method is used by the seller to add one or more evidence files to address a payment dispute initiated by
    the buyer. The unique identifier of the payment dispute is passed in as a path parameter, and unique
    identifiers for payment disputes can be retrieved with the getPaymentDisputeSummaries method. Note: All
    evidence files should be uploaded using addEvidence and updateEvidence before the seller decides to contest
    the payment dispute. Once the seller has officially contested the dispute...

    Args:
        payment_dispute_id: This is the unique identifier of the payment dispute. This path parameter must be
            passed into the call URI to identify the payment dispute for which the user plans to add evidence for a
            contested payment dispute. This identifier is automatically created by eBay once the payment dispute comes
            into; e.g. "PD-0001" (from get_activities).
        evidence_type: This field is used to indicate the type of evidence being provided through one or more
            evidence files. All evidence files (if more than one) should be associated with the evidence type passed
            in this field. See the EvidenceTypeEnum type for the supported evidence types. For implementation help.
        files: This array is used to specify one or more evidence files that will become part of a new evidence
            set associated with a payment dispute. At least one evidence file must be specified in the files array.
            The unique identifier of an evidence file is returned in the response payload of the.
        line_items: This required array identifies the order line item(s) for which the evidence file(s) will be
            applicable. Both the itemId and lineItemID fields are needed to identify each order line item, and both of
            these values are returned under the evidenceRequests.lineItems array in the getPaymentDispute.

    Returns:
        The new evidence payment dispute.
    """
    payment_dispute = _payment_dispute(db, payment_dispute_id)
    if evidence_type is not None:
        evidence_type = evidence_type.strip()
    evidence_id = next_id(db, "evidence_payment_disputes", "evidence_id", "EPD-", 4)
    db.execute("INSERT INTO evidence_payment_disputes (evidence_id, evidence_type, files, line_items, "
               "payment_dispute_id) VALUES (?, ?, ?, ?, ?)",
               [evidence_id, evidence_type, files, line_items, payment_dispute["payment_dispute_id"]])
    return db.query_one(_EVIDENCE_PAYMENT_DISPUTES_SQL + " WHERE t.evidence_id = ?", [evidence_id]) or {}


@tool
def fetch_evidence_content(
        db: Database,
        payment_dispute_id: str | None = None,
        evidence_id: str | None = None,
) -> list[dict[str, Any]]:
    """Get Payment Dispute Evidence File.

    This call retrieves a specific evidence file for a payment dispute. The following three identifying parameters
    are needed in the call URI: payment_dispute_id : the identifier of the payment dispute. The identifier of each
    payment dispute is returned in the getPaymentDisputeSummaries response. evidence_id : the identifier of the
    evidential file set. The identifier of an evidential file set for a payment dispute is returned under the
    evidence array in the getPaymentDispute response. file_id : the...

    Args:
        payment_dispute_id: The identifier of the payment dispute. The identifier of each payment dispute is
            returned in the getPaymentDisputeSummaries response. This identifier is passed in as a path parameter at
            the end of the call URI; e.g. "PD-0001".
        evidence_id: The identifier of the evidential file set. The identifier of an evidential file set for a
            payment dispute is returned under the evidence array in the getPaymentDispute response. Below is an
            example of the syntax to use for this query parameter: evidence_id=12345678.

    Returns:
        The matching evidence rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if payment_dispute_id is not None:
        payment_dispute = _payment_dispute(db, payment_dispute_id)
        where.append("t.payment_dispute_id = ?")
        params.append(payment_dispute["payment_dispute_id"])
    if evidence_id is not None:
        where.append("lower(t.evidence_id) = lower(?)")
        params.append(evidence_id.strip())
    return select_rows(db, _EVIDENCES_SQL, where, params, "t.evidence_id")


@tool(writes=True)
def update_evidence(
        db: Database,
        evidence_id: str,
        payment_dispute_id: str | None = None,
        evidence_type: str | None = None,
        line_items: str | None = None,
) -> dict[str, Any]:
    """Update evidence.

    This method is used by the seller to update an existing evidence set for a payment dispute with one or more
    evidence files. The unique identifier of the payment dispute is passed in as a path parameter, and unique
    identifiers for payment disputes can be retrieved with the getPaymentDisputeSummaries method. Note: All
    evidence files should be uploaded using addEvidence and updateEvidence before the seller decides to contest
    the payment dispute. Once the seller has officially contested the dispute...

    Args:
        evidence_id: The unique identifier of the evidence set that is being updated with new evidence files; e.g.
            "E-0001" (from fetch_evidence_content).
        payment_dispute_id: This is the unique identifier of the payment dispute. This path parameter must be
            passed into the call URI to identify the payment dispute for which the user plans to update the evidence
            set for a contested payment dispute. This identifier is automatically created by eBay once the payment
            dispute; e.g. "PD-0001" (from get_activities).
        evidence_type: This field is used to indicate the type of evidence being provided through one or more
            evidence files. All evidence files (if more than one) should be associated with the evidence type passed
            in this field. See the EvidenceTypeEnum type for the supported evidence types. For implementation help.
        line_items: This required array identifies the order line item(s) for which the evidence file(s) will be
            applicable. Both the itemId and lineItemID fields are needed to identify each order line item, and both of
            these values are returned under the evidenceRequests.lineItems array in the getPaymentDispute.

    Returns:
        The evidence as changed.
    """
    evidence = _evidence(db, evidence_id)
    changes: dict[str, Any] = {}
    if payment_dispute_id is not None:
        payment_dispute = _payment_dispute(db, payment_dispute_id)
        changes["payment_dispute_id"] = payment_dispute["payment_dispute_id"]
    if evidence_type is not None:
        evidence_type = evidence_type.strip()
        changes["evidence_type"] = evidence_type
    if line_items is not None:
        changes["line_items"] = line_items
    if not changes:
        raise ToolError("update evidence needs at least one of payment dispute id, evidence type or line items")
    update_row(db, "evidences", "evidence_id", evidence["evidence_id"], changes)
    return _evidence(db, evidence["evidence_id"])


@tool
def get_payment_dispute_summaries(
        db: Database,
        order_id: str | None = None,
        buyer_username: str | None = None,
        payment_dispute_status: str | None = None,
) -> list[dict[str, Any]]:
    """Search Payment Dispute by Filters.

    This method is used retrieve one or more payment disputes filed against the seller. These payment disputes can
    be open or recently closed. The following filter types are available in the request payload to control the
    payment disputes that are returned: Dispute filed against a specific order ( order_id parameter is used)
    Dispute(s) filed by a specific buyer ( buyer_username parameter is used) Dispute(s) filed within a specific
    date range ( open_date_from and/or open_date_to parameters are used)...

    Args:
        order_id: This filter is used if the seller wishes to retrieve one or more payment disputes filed against
            a specific order. It is possible that there can be more than one dispute filed against an order if the
            order has multiple line items. If this filter is used, any other filters are ignored; e.g. "O-0001".
        buyer_username: This filter is used if the seller wishes to retrieve one or more payment disputes opened
            by a specific seller. The string that is passed in to this query parameter is the eBay user ID of the
            buyer.
        payment_dispute_status: This filter is used if the seller wishes to only retrieve payment disputes in a
            specific state. More than one value can be specified. If no payment_dispute_status filter is used, payment
            disputes in all states are returned in the response. See DisputeStateEnum type for supported values.

    Returns:
        The matching payment dispute summaries (payment_dispute_id, buyer_username, order_id, payment_dispute_status, revision; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if order_id is not None:
        order = _order(db, order_id)
        where.append("t.order_id = ?")
        params.append(order["order_id"])
    if buyer_username is not None:
        where.append("lower(t.buyer_username) = lower(?)")
        params.append(buyer_username.strip())
    if payment_dispute_status is not None:
        where.append("lower(t.payment_dispute_status) = lower(?)")
        params.append(payment_dispute_status.strip())
    return select_rows(db, _PAYMENT_DISPUTES_LIST_SQL, where, params, "t.payment_dispute_id")
