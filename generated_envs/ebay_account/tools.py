"""Tools of the ebay_account environment, compiled from Account API.

The Account API gives sellers the ability to configure their eBay seller accounts, including the seller's policies
(eBay business policies and seller-defined custom policies), opt in and out of eBay seller programs, configure sales
tax tables, and get account information. For details on the availability of the methods in this API, see Account API
requirements and restrictions .
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows, update_row
from envfactory_gym.authoring.kit import next_id

ReturnShippingCostPayer = Literal["BUYER", "SELLER"]

_CUSTOM_POLICIES_SQL = "SELECT t.* FROM custom_policies t"
_FULFILLMENT_POLICIES_SQL = "SELECT t.* FROM fulfillment_policies t"
_FULFILLMENT_POLICIES_LIST_SQL = ("SELECT t.fulfillment_policy_id, t.name, t.marketplace_id FROM "
                                  "fulfillment_policies t")
_PAYMENT_POLICIES_SQL = "SELECT t.* FROM payment_policies t"
_PAYMENT_POLICIES_LIST_SQL = "SELECT t.payment_policy_id, t.name, t.marketplace_id FROM payment_policies t"
_RATE_TABLES_SQL = "SELECT t.* FROM rate_tables t"
_RETURN_POLICIES_SQL = "SELECT t.* FROM return_policies t"
_RETURN_POLICIES_LIST_SQL = ("SELECT t.return_policy_id, t.name, t.marketplace_id, t.refund_method, "
                             "t.return_method, t.return_shipping_cost_payer FROM return_policies t")
_SUBSCRIPTIONS_SQL = "SELECT t.* FROM subscriptions t"
_COMPACT_CUSTOM_POLICIES_SQL = ("SELECT t.*, r1.name AS custom_policy_name FROM "
                                "compact_custom_policies t LEFT JOIN custom_policies r1 ON "
                                "r1.custom_policy_id = t.custom_policy_id")
_PAYMENTS_PROGRAM_ONBOARDING_STEPS_SQL = "SELECT t.* FROM payments_program_onboarding_steps t"


def _custom_policy(db: Database, custom_policy_id: str) -> dict[str, Any]:
    row = db.query_one(_CUSTOM_POLICIES_SQL + " WHERE t.custom_policy_id = ?", [custom_policy_id.strip().upper()])
    if row is None:
        raise ToolError(f"no custom policy with id {custom_policy_id!r} (custom policy ids look like 'CP-0001')")
    return row


def _fulfillment_policy(db: Database, fulfillment_policy_id: str) -> dict[str, Any]:
    row = db.query_one(_FULFILLMENT_POLICIES_SQL + " WHERE t.fulfillment_policy_id = ?",
                                                   [fulfillment_policy_id.strip().upper()])
    if row is None:
        raise ToolError(f"no fulfillment policy with id {fulfillment_policy_id!r} (fulfillment policy ids look like "
                        f"'FP-0001')")
    return row


def _payment_policy(db: Database, payment_policy_id: str) -> dict[str, Any]:
    row = db.query_one(_PAYMENT_POLICIES_SQL + " WHERE t.payment_policy_id = ?", [payment_policy_id.strip().upper()])
    if row is None:
        raise ToolError(f"no payment policy with id {payment_policy_id!r} (payment policy ids look like 'PP-0001')")
    return row


def _return_policy(db: Database, return_policy_id: str) -> dict[str, Any]:
    row = db.query_one(_RETURN_POLICIES_SQL + " WHERE t.return_policy_id = ?", [return_policy_id.strip().upper()])
    if row is None:
        raise ToolError(f"no return policy with id {return_policy_id!r} (return policy ids look like 'RP-0001')")
    return row


@tool
def get_custom_policies(db: Database) -> list[dict[str, Any]]:
    """This method retrieves the list of custom policies specified by the policy_types query parameter for the selected eBay marketplace. Note: The following eBay marketplaces support Custom Policies: Germany (EBAY_DE) Canada (EBAY_CA) Australia (EBAY_AU) United States (EBAY_US) France (EBAY_FR) Important! As a part of Digital Services Act (DSA) requirements, all custom policies will become global (and no longer marketplace-specific) on April 3, 2023. A seller will be able to apply any custom policy.

    Returns:
        The matching compact custom policy rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _COMPACT_CUSTOM_POLICIES_SQL, [], [], "t.compact_custom_policy_name")


@tool(writes=True)
def create_custom_policy(
        db: Database,
        description: str | None = None,
        label: str | None = None,
        name: str | None = None,
        policy_type: str | None = None,
) -> dict[str, Any]:
    """This method creates a new custom policy in which a seller specifies their terms for complying with local governmental regulations. Two Custom Policy types are supported: Product Compliance (PRODUCT_COMPLIANCE) Takeback (TAKE_BACK) Each Custom Policy targets a policyType and eBay marketplace combination. Multiple policies may be created as follows: Product Compliance : a maximum of 10 policies per eBay marketplace may be created Takeback : a maximum of 3 policies per eBay marketplace may be.

    Args:
        description: Details of the seller's specific policy and terms for this policy. Max length: 15,000.
        label: Customer-facing label shown on View Item pages for items to which the policy applies. This seller-
            defined string is displayed as a system-generated hyperlink pointing to detailed policy information. Max
            length: 65.
        name: The seller-defined name for the custom policy. Names must be unique for policies assigned to the
            same seller, policy type, and eBay marketplace. Note: This field is visible only to the seller. Max
            length: 65.
        policy_type: Specifies the type of custom policy being created. Two Custom Policy types are supported:
            Product Compliance (PRODUCT_COMPLIANCE) Takeback (TAKE_BACK) For implementation help, refer to eBay API
            documentation.

    Returns:
        The new custom policy.
    """
    if description is not None:
        description = description.strip()
    if label is not None:
        label = label.strip()
    if name is not None:
        name = name.strip()
    if policy_type is not None:
        policy_type = policy_type.strip()
    custom_policy_id = next_id(db, "custom_policies", "custom_policy_id", "CP-", 4)
    db.execute("INSERT INTO custom_policies (custom_policy_id, description, label, name, policy_type) VALUES (?, "
               "?, ?, ?, ?)",
               [custom_policy_id, description, label, name, policy_type])
    return db.query_one(_CUSTOM_POLICIES_SQL + " WHERE t.custom_policy_id = ?", [custom_policy_id]) or {}


@tool
def get_custom_policy(db: Database, custom_policy_id: str) -> dict[str, Any]:
    """This method retrieves the custom policy specified by the custom_policy_id path parameter for the selected eBay marketplace. Note: The following eBay marketplaces support Custom Policies: Germany (EBAY_DE) Canada (EBAY_CA) Australia (EBAY_AU) United States (EBAY_US) France (EBAY_FR) Important! As a part of Digital Services Act (DSA) requirements, all custom policies will become global (and no longer marketplace-specific) on April 3, 2023. A seller will be able to apply any custom policy to.

    Args:
        custom_policy_id: This path parameter is the unique custom policy identifier for the policy to be
            returned. Note: This value is automatically assigned by the system when the policy is created; e.g.
            "CP-0001".

    Returns:
        The custom policy with the names of the rows it refers to.
    """
    return _custom_policy(db, custom_policy_id)


@tool(writes=True)
def update_custom_policy(
        db: Database,
        custom_policy_id: str,
        description: str | None = None,
        label: str | None = None,
        name: str | None = None,
) -> dict[str, Any]:
    """This method updates an existing custom policy specified by the custom_policy_id path parameter for the selected marketplace. This method overwrites the policy's Name , Label , and Description fields. Therefore, the complete, current text of all three policy fields must be included in the request payload even when one or two of these fields will not actually be updated. For example, the value for the Label field is to be updated, but the Name and Description values will remain unchanged. The.

    Args:
        custom_policy_id: This path parameter is the unique custom policy identifier for the policy to be
            returned. Note: This value is automatically assigned by the system when the policy is created; e.g.
            "CP-0001".
        description: Details of the seller's specific policy and terms for this policy. Max length: 15,000.
        label: Customer-facing label shown on View Item pages for items to which the policy applies. This seller-
            defined string is displayed as a system-generated hyperlink pointing to detailed policy information. Max
            length: 65.
        name: The seller-defined name for the custom policy. Names must be unique for policies assigned to the
            same seller, policy type, and eBay marketplace. Note: This field is visible only to the seller. Max
            length: 65.

    Returns:
        The custom policy as changed.
    """
    custom_policy = _custom_policy(db, custom_policy_id)
    changes: dict[str, Any] = {}
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if label is not None:
        label = label.strip()
        changes["label"] = label
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("update custom policy needs at least one of description, label or name")
    update_row(db, "custom_policies", "custom_policy_id", custom_policy["custom_policy_id"], changes)
    return _custom_policy(db, custom_policy["custom_policy_id"])


@tool
def get_fulfillment_policies(db: Database, marketplace_id: str | None = None) -> list[dict[str, Any]]:
    """This method retrieves all the fulfillment policies configured for the marketplace you specify using the marketplace_id query parameter. Marketplaces and locales Get the correct policies for a marketplace that supports multiple locales using the Content-Language request header. For example, get the policies for the French locale of the Canadian marketplace by specifying fr-CA for the Content-Language header. Likewise, target the Dutch locale of the Belgium marketplace by setting.

    Args:
        marketplace_id: This query parameter specifies the eBay marketplace of the policies you want to retrieve.
            For implementation help, refer to eBay API documentation at https://developer.ebay.com/api-
            docs/sell/account/types/ba:MarketplaceIdEnum.

    Returns:
        The matching fulfillment policy summaries (fulfillment_policy_id, name, marketplace_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if marketplace_id is not None:
        where.append("lower(t.marketplace_id) = lower(?)")
        params.append(marketplace_id.strip())
    return select_rows(db, _FULFILLMENT_POLICIES_LIST_SQL, where, params, "t.fulfillment_policy_id")


@tool(writes=True)
def create_fulfillment_policy(
        db: Database,
        category_types: str | None = None,
        description: str | None = None,
        freight_shipping: bool | None = None,
        global_shipping: bool | None = None,
        handling_time: str | None = None,
        local_pickup: bool | None = None,
        marketplace_id: str | None = None,
        name: str | None = None,
        pickup_drop_off: bool | None = None,
        ship_to_locations: str | None = None,
        shipping_options: str | None = None,
) -> dict[str, Any]:
    """This method creates a new fulfillment policy where the policy encapsulates seller's terms for fulfilling item purchases. Fulfillment policies include the shipment options that the seller offers to buyers. Each policy targets a specific eBay marketplace and a category group type, and you can create multiple policies for each combination. A successful request returns the getFulfillmentPolicy URI to the new policy in the Location response header and the ID for the new policy is returned in the.

    Args:
        category_types: This container is used to specify whether the fulfillment business policy applies to motor
            vehicle listings, or if it applies to non-motor vehicle listings.
        description: A seller-defined description of the fulfillment policy. This description is only for the
            seller's use, and is not exposed on any eBay pages. Max length : 250.
        freight_shipping: This field is included and set to true if freight shipping is available for the item.
            Freight shipping can be used for large items over 150 lbs. Default : false.
        global_shipping: This field is included and set to true if the seller wants to use the Global Shipping
            Program for international shipments. See the Global Shipping Program help topic for more details and
            requirements on the Global Shipping Program. It is possible for a seller to use a combination of the
            Global.
        handling_time: This container is used to specify the maximum number of business days the seller commits to
            for preparing and shipping an order after receiving a cleared payment for the order. This time does not
            include the transit time it takes the shipping carrier to deliver the order. Valid values can vary by.
        local_pickup: This field should be included and set to true if local pickup is one of the fulfillment
            options available to the buyer. It is possible for the seller to make local pickup and some shipping
            service options available to the buyer. With local pickup, the buyer and seller make arrangements for
            pickup.
        marketplace_id: The ID of the eBay marketplace to which this fulfillment policy applies. For
            implementation help, refer to eBay API documentation.
        name: A seller-defined name for this fulfillment policy. Names must be unique for policies assigned to the
            same marketplace. Max length : 64.
        pickup_drop_off: This field should be included and set to true if the seller offers the "Click and
            Collect" feature for an item. To enable "Click and Collect" on a listing, a seller must be eligible for
            Click and Collect. Currently, Click and Collect is available to only large retail merchants selling in the
            eBay.
        ship_to_locations: This container consists of the regionIncluded and regionExcluded arrays, which are used
            to define the geographical regions/countries/states or provinces/domestic regions that a seller does and
            does not ship to for the associated fulfillment policy. Note that this container can be considered the.
        shipping_options: This array is used to provide detailed information on the domestic and international
            shipping options available for the policy. A separate ShippingOption object is required for domestic
            shipping service options and for international shipping service options (if the seller ships to
            international.

    Returns:
        The new fulfillment policy.
    """
    if description is not None:
        description = description.strip()
    if marketplace_id is not None:
        marketplace_id = marketplace_id.strip()
    if name is not None:
        name = name.strip()
    fulfillment_policy_id = next_id(db, "fulfillment_policies", "fulfillment_policy_id", "FP-", 4)
    db.execute("INSERT INTO fulfillment_policies (category_types, description, freight_shipping, "
               "fulfillment_policy_id, global_shipping, handling_time, local_pickup, marketplace_id, name, "
               "pickup_drop_off, ship_to_locations, shipping_options) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [category_types, description, freight_shipping, fulfillment_policy_id, global_shipping, handling_time, local_pickup, marketplace_id, name, pickup_drop_off, ship_to_locations, shipping_options])
    return db.query_one(_FULFILLMENT_POLICIES_SQL + " WHERE t.fulfillment_policy_id = ?",
                                                    [fulfillment_policy_id]) or {}


@tool
def get_fulfillment_policy(db: Database, fulfillment_policy_id: str) -> dict[str, Any]:
    """This method retrieves the complete details of a fulfillment policy. Supply the ID of the policy you want to retrieve using the fulfillmentPolicyId path parameter.

    Args:
        fulfillment_policy_id: This path parameter specifies the ID of the fulfillment policy you want to
            retrieve; e.g. "FP-0001" (from get_fulfillment_policies).

    Returns:
        The fulfillment policy with the names of the rows it refers to.
    """
    return _fulfillment_policy(db, fulfillment_policy_id)


@tool(writes=True)
def update_fulfillment_policy(
        db: Database,
        fulfillment_policy_id: str,
        category_types: str | None = None,
        description: str | None = None,
        freight_shipping: bool | None = None,
        global_shipping: bool | None = None,
        handling_time: str | None = None,
        local_pickup: bool | None = None,
        marketplace_id: str | None = None,
        name: str | None = None,
        pickup_drop_off: bool | None = None,
        ship_to_locations: str | None = None,
        shipping_options: str | None = None,
) -> dict[str, Any]:
    """This method updates an existing fulfillment policy. Specify the policy you want to update using the fulfillment_policy_id path parameter. Supply a complete policy payload with the updates you want to make; this call overwrites the existing policy with the new details specified in the payload.

    Args:
        fulfillment_policy_id: This path parameter specifies the ID of the fulfillment policy you want to update;
            e.g. "FP-0001" (from get_fulfillment_policies).
        category_types: This container is used to specify whether the fulfillment business policy applies to motor
            vehicle listings, or if it applies to non-motor vehicle listings.
        description: A seller-defined description of the fulfillment policy. This description is only for the
            seller's use, and is not exposed on any eBay pages. Max length : 250.
        freight_shipping: This field is included and set to true if freight shipping is available for the item.
            Freight shipping can be used for large items over 150 lbs. Default : false.
        global_shipping: This field is included and set to true if the seller wants to use the Global Shipping
            Program for international shipments. See the Global Shipping Program help topic for more details and
            requirements on the Global Shipping Program. It is possible for a seller to use a combination of the
            Global.
        handling_time: This container is used to specify the maximum number of business days the seller commits to
            for preparing and shipping an order after receiving a cleared payment for the order. This time does not
            include the transit time it takes the shipping carrier to deliver the order. Valid values can vary by.
        local_pickup: This field should be included and set to true if local pickup is one of the fulfillment
            options available to the buyer. It is possible for the seller to make local pickup and some shipping
            service options available to the buyer. With local pickup, the buyer and seller make arrangements for
            pickup.
        marketplace_id: The ID of the eBay marketplace to which this fulfillment policy applies. For
            implementation help, refer to eBay API documentation.
        name: A seller-defined name for this fulfillment policy. Names must be unique for policies assigned to the
            same marketplace. Max length : 64.
        pickup_drop_off: This field should be included and set to true if the seller offers the "Click and
            Collect" feature for an item. To enable "Click and Collect" on a listing, a seller must be eligible for
            Click and Collect. Currently, Click and Collect is available to only large retail merchants selling in the
            eBay.
        ship_to_locations: This container consists of the regionIncluded and regionExcluded arrays, which are used
            to define the geographical regions/countries/states or provinces/domestic regions that a seller does and
            does not ship to for the associated fulfillment policy. Note that this container can be considered the.
        shipping_options: This array is used to provide detailed information on the domestic and international
            shipping options available for the policy. A separate ShippingOption object is required for domestic
            shipping service options and for international shipping service options (if the seller ships to
            international.

    Returns:
        The fulfillment policy as changed.
    """
    fulfillment_policy = _fulfillment_policy(db, fulfillment_policy_id)
    changes: dict[str, Any] = {}
    if category_types is not None:
        changes["category_types"] = category_types
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if freight_shipping is not None:
        changes["freight_shipping"] = freight_shipping
    if global_shipping is not None:
        changes["global_shipping"] = global_shipping
    if handling_time is not None:
        changes["handling_time"] = handling_time
    if local_pickup is not None:
        changes["local_pickup"] = local_pickup
    if marketplace_id is not None:
        marketplace_id = marketplace_id.strip()
        changes["marketplace_id"] = marketplace_id
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if pickup_drop_off is not None:
        changes["pickup_drop_off"] = pickup_drop_off
    if ship_to_locations is not None:
        changes["ship_to_locations"] = ship_to_locations
    if shipping_options is not None:
        changes["shipping_options"] = shipping_options
    if not changes:
        raise ToolError("update fulfillment policy needs at least one of category types, description, freight "
                        "shipping, global shipping, handling time, local pickup, marketplace id, name, pickup drop "
                        "off, ship to locations or shipping options")
    update_row(db, "fulfillment_policies", "fulfillment_policy_id", fulfillment_policy["fulfillment_policy_id"], changes)
    return _fulfillment_policy(db, fulfillment_policy["fulfillment_policy_id"])


@tool(writes=True)
def delete_fulfillment_policy(db: Database, fulfillment_policy_id: str) -> dict[str, Any]:
    """This method deletes a fulfillment policy. Supply the ID of the policy you want to delete in the fulfillmentPolicyId path parameter.

    Args:
        fulfillment_policy_id: This path parameter specifies the ID of the fulfillment policy to delete; e.g.
            "FP-0001" (from get_fulfillment_policies).

    Returns:
        The removed fulfillment policy, marked deleted.
    """
    fulfillment_policy = _fulfillment_policy(db, fulfillment_policy_id)
    db.execute("DELETE FROM fulfillment_policies WHERE fulfillment_policy_id = ?",
               [fulfillment_policy["fulfillment_policy_id"]])
    return {**fulfillment_policy, "deleted": True}


@tool
def get_payment_policies(db: Database, marketplace_id: str | None = None) -> list[dict[str, Any]]:
    """This method retrieves all the payment policies configured for the marketplace you specify using the marketplace_id query parameter. Marketplaces and locales Get the correct policies for a marketplace that supports multiple locales using the Content-Language request header. For example, get the policies for the French locale of the Canadian marketplace by specifying fr-CA for the Content-Language header. Likewise, target the Dutch locale of the Belgium marketplace by setting Content-Language.

    Args:
        marketplace_id: This query parameter specifies the eBay marketplace of the policies you want to retrieve.
            For implementation help, refer to eBay API documentation at https://developer.ebay.com/api-
            docs/sell/account/types/ba:MarketplaceIdEnum.

    Returns:
        The matching payment policy summaries (payment_policy_id, name, marketplace_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if marketplace_id is not None:
        where.append("lower(t.marketplace_id) = lower(?)")
        params.append(marketplace_id.strip())
    return select_rows(db, _PAYMENT_POLICIES_LIST_SQL, where, params, "t.payment_policy_id")


@tool(writes=True)
def create_payment_policy(
        db: Database,
        category_types: str | None = None,
        deposit: str | None = None,
        description: str | None = None,
        full_payment_due_in: str | None = None,
        immediate_pay: bool | None = None,
        marketplace_id: str | None = None,
        name: str | None = None,
        payment_instructions: str | None = None,
        payment_methods: str | None = None,
) -> dict[str, Any]:
    """This method creates a new payment policy where the policy encapsulates seller's terms for order payments. Each policy targets a specific eBay marketplace and category group, and you can create multiple policies for each combination. A successful request returns the getPaymentPolicy URI to the new policy in the Location response header and the ID for the new policy is returned in the response payload. Tip: For details on creating and using the business policies supported by the Account API, see.

    Args:
        category_types: This container is used to specify whether the payment business policy applies to motor
            vehicle listings, or if it applies to non-motor vehicle listings.
        deposit: This container is used if the seller wants to require an initial deposit on a motor vehicle
            listing. In this container, the seller sets the deposit amount and the due date for the deposit. Because
            eBay controls all electronic payment methods, sellers do not need to specify a payment method and the.
        description: A seller-defined description of the payment business policy. This description is only for the
            seller's use, and is not exposed on any eBay pages. Max length : 250.
        full_payment_due_in: This container is used to specify the number of days that a buyer has to make their
            full payment to the seller and close the remaining balance on a motor vehicle transaction. This container
            must be specified for motor vehicles listings. The period starts when the buyer commits to buy. The valid.
        immediate_pay: This field should be included and set to true if the seller wants to require immediate
            payment from the buyer for: A fixed-price item An auction item where the buyer is using the 'Buy it Now'
            option A deposit for a motor vehicle listing Default: False.
        marketplace_id: The ID of the eBay marketplace to which this payment business policy applies. For
            implementation help, refer to eBay API documentation.
        name: A seller-defined name for this payment business policy. Names must be unique for policies assigned
            to the same marketplace. Max length: 64.
        payment_instructions: Note: DO NOT USE THIS FIELD. Payment instructions are no longer supported by payment
            business policies. A free-form string field that allows sellers to add detailed payment instructions to
            their listings.
        payment_methods: Note: This field applies only when the seller needs to specify one or more offline
            payment methods. eBay now manages the electronic payment options available to buyers to pay for the item.
            This array is used to specify one or more offline payment methods that will be accepted for payment that.

    Returns:
        The new payment policy.
    """
    if description is not None:
        description = description.strip()
    if marketplace_id is not None:
        marketplace_id = marketplace_id.strip()
    if name is not None:
        name = name.strip()
    if payment_instructions is not None:
        payment_instructions = payment_instructions.strip()
    payment_policy_id = next_id(db, "payment_policies", "payment_policy_id", "PP-", 4)
    db.execute("INSERT INTO payment_policies (category_types, deposit, description, full_payment_due_in, "
               "immediate_pay, marketplace_id, name, payment_instructions, payment_methods, payment_policy_id) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [category_types, deposit, description, full_payment_due_in, immediate_pay, marketplace_id, name, payment_instructions, payment_methods, payment_policy_id])
    return db.query_one(_PAYMENT_POLICIES_SQL + " WHERE t.payment_policy_id = ?", [payment_policy_id]) or {}


@tool
def get_payment_policy_by_name(
        db: Database,
        marketplace_id: str | None = None,
        name: str | None = None,
) -> list[dict[str, Any]]:
    """This method retrieves the details of a specific payment policy. Supply both the policy name and its associated marketplace_id in the request query parameters. Marketplaces and locales Get the correct policy for a marketplace that supports multiple locales using the Content-Language request header. For example, get a policy for the French locale of the Canadian marketplace by specifying fr-CA for the Content-Language header. Likewise, target the Dutch locale of the Belgium marketplace by setting.

    Args:
        marketplace_id: This query parameter specifies the eBay marketplace of the policy you want to retrieve.
            For implementation help, refer to eBay API documentation at https://developer.ebay.com/api-
            docs/sell/account/types/ba:MarketplaceIdEnum.
        name: This query parameter specifies the seller-defined name of the payment policy you want to retrieve.

    Returns:
        The matching payment policy summaries (payment_policy_id, name, marketplace_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if marketplace_id is not None:
        where.append("lower(t.marketplace_id) = lower(?)")
        params.append(marketplace_id.strip())
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return select_rows(db, _PAYMENT_POLICIES_LIST_SQL, where, params, "t.payment_policy_id")


@tool
def get_payment_policy(db: Database, payment_policy_id: str) -> dict[str, Any]:
    """This method retrieves the complete details of a payment policy. Supply the ID of the policy you want to retrieve using the paymentPolicyId path parameter.

    Args:
        payment_policy_id: This path parameter specifies the ID of the payment policy you want to retrieve; e.g.
            "PP-0001" (from get_payment_policies).

    Returns:
        The payment policy with the names of the rows it refers to.
    """
    return _payment_policy(db, payment_policy_id)


@tool(writes=True)
def update_payment_policy(
        db: Database,
        payment_policy_id: str,
        category_types: str | None = None,
        deposit: str | None = None,
        description: str | None = None,
        full_payment_due_in: str | None = None,
        immediate_pay: bool | None = None,
        marketplace_id: str | None = None,
        name: str | None = None,
        payment_instructions: str | None = None,
        payment_methods: str | None = None,
) -> dict[str, Any]:
    """This method updates an existing payment policy. Specify the policy you want to update using the payment_policy_id path parameter. Supply a complete policy payload with the updates you want to make; this call overwrites the existing policy with the new details specified in the payload.

    Args:
        payment_policy_id: This path parameter specifies the ID of the payment policy you want to update; e.g.
            "PP-0001" (from get_payment_policies).
        category_types: This container is used to specify whether the payment business policy applies to motor
            vehicle listings, or if it applies to non-motor vehicle listings.
        deposit: This container is used if the seller wants to require an initial deposit on a motor vehicle
            listing. In this container, the seller sets the deposit amount and the due date for the deposit. Because
            eBay controls all electronic payment methods, sellers do not need to specify a payment method and the.
        description: A seller-defined description of the payment business policy. This description is only for the
            seller's use, and is not exposed on any eBay pages. Max length : 250.
        full_payment_due_in: This container is used to specify the number of days that a buyer has to make their
            full payment to the seller and close the remaining balance on a motor vehicle transaction. This container
            must be specified for motor vehicles listings. The period starts when the buyer commits to buy. The valid.
        immediate_pay: This field should be included and set to true if the seller wants to require immediate
            payment from the buyer for: A fixed-price item An auction item where the buyer is using the 'Buy it Now'
            option A deposit for a motor vehicle listing Default: False.
        marketplace_id: The ID of the eBay marketplace to which this payment business policy applies. For
            implementation help, refer to eBay API documentation.
        name: A seller-defined name for this payment business policy. Names must be unique for policies assigned
            to the same marketplace. Max length: 64.
        payment_instructions: Note: DO NOT USE THIS FIELD. Payment instructions are no longer supported by payment
            business policies. A free-form string field that allows sellers to add detailed payment instructions to
            their listings.
        payment_methods: Note: This field applies only when the seller needs to specify one or more offline
            payment methods. eBay now manages the electronic payment options available to buyers to pay for the item.
            This array is used to specify one or more offline payment methods that will be accepted for payment that.

    Returns:
        The payment policy as changed.
    """
    payment_policy = _payment_policy(db, payment_policy_id)
    changes: dict[str, Any] = {}
    if category_types is not None:
        changes["category_types"] = category_types
    if deposit is not None:
        changes["deposit"] = deposit
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if full_payment_due_in is not None:
        changes["full_payment_due_in"] = full_payment_due_in
    if immediate_pay is not None:
        changes["immediate_pay"] = immediate_pay
    if marketplace_id is not None:
        marketplace_id = marketplace_id.strip()
        changes["marketplace_id"] = marketplace_id
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if payment_instructions is not None:
        payment_instructions = payment_instructions.strip()
        changes["payment_instructions"] = payment_instructions
    if payment_methods is not None:
        changes["payment_methods"] = payment_methods
    if not changes:
        raise ToolError("update payment policy needs at least one of category types, deposit, description, full "
                        "payment due in, immediate pay, marketplace id, name, payment instructions or payment "
                        "methods")
    update_row(db, "payment_policies", "payment_policy_id", payment_policy["payment_policy_id"], changes)
    return _payment_policy(db, payment_policy["payment_policy_id"])


@tool(writes=True)
def delete_payment_policy(db: Database, payment_policy_id: str) -> dict[str, Any]:
    """This method deletes a payment policy. Supply the ID of the policy you want to delete in the paymentPolicyId path parameter.

    Args:
        payment_policy_id: This path parameter specifies the ID of the payment policy you want to delete; e.g.
            "PP-0001" (from get_payment_policies).

    Returns:
        The removed payment policy, marked deleted.
    """
    payment_policy = _payment_policy(db, payment_policy_id)
    db.execute("DELETE FROM payment_policies WHERE payment_policy_id = ?", [payment_policy["payment_policy_id"]])
    return {**payment_policy, "deleted": True}


@tool
def get_payments_program_onboarding(db: Database) -> list[dict[str, Any]]:
    """Note: This method is no longer applicable, as all seller accounts globally have been enabled for the new eBay payment and checkout flow. This method retrieves a seller's onboarding status for a payments program for a specified marketplace. The overall onboarding status of the seller and the status of each onboarding step is returned.

    Returns:
        The matching payments program onboarding step rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PAYMENTS_PROGRAM_ONBOARDING_STEPS_SQL, [], [], "t.payments_program_onboarding_step_name")


@tool
def get_rate_tables(db: Database, country_code: str | None = None) -> list[dict[str, Any]]:
    """This method retrieves a seller's shipping rate tables for the country specified in the country_code query parameter. If you call this method without specifying a country code, the call returns all of the seller's shipping rate tables. The method's response includes a rateTableId for each table defined by the seller. This rateTableId value is used in add/revise item call or in create/update fulfillment business policy call to specify the shipping rate table to use for that policy's domestic or.

    Args:
        country_code: This query parameter specifies the two-letter ISO 3166 code of country for which you want
            shipping rate table information. If you do not specify a country code, the request returns all of the
            seller's defined shipping rate tables for all eBay marketplaces. For implementation help, refer to eBay
            API.

    Returns:
        The matching rate table rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if country_code is not None:
        where.append("lower(t.country_code) = lower(?)")
        params.append(country_code.strip())
    return select_rows(db, _RATE_TABLES_SQL, where, params, "t.rate_table_id")


@tool
def get_return_policies(db: Database, marketplace_id: str | None = None) -> list[dict[str, Any]]:
    """This method retrieves all the return policies configured for the marketplace you specify using the marketplace_id query parameter. Marketplaces and locales Get the correct policies for a marketplace that supports multiple locales using the Content-Language request header. For example, get the policies for the French locale of the Canadian marketplace by specifying fr-CA for the Content-Language header. Likewise, target the Dutch locale of the Belgium marketplace by setting Content-Language.

    Args:
        marketplace_id: This query parameter specifies the ID of the eBay marketplace of the policy you want to
            retrieve. For implementation help, refer to eBay API documentation at https://developer.ebay.com/api-
            docs/sell/account/types/ba:MarketplaceIdEnum.

    Returns:
        The matching return policy summaries (return_policy_id, name, marketplace_id, refund_method, return_method, return_shipping_cost_payer; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if marketplace_id is not None:
        where.append("lower(t.marketplace_id) = lower(?)")
        params.append(marketplace_id.strip())
    return select_rows(db, _RETURN_POLICIES_LIST_SQL, where, params, "t.return_policy_id")


@tool(writes=True)
def create_return_policy(
        db: Database,
        category_types: str | None = None,
        description: str | None = None,
        extended_holiday_returns_offered: bool | None = None,
        international_override: str | None = None,
        marketplace_id: str | None = None,
        name: str | None = None,
        refund_method: str | None = None,
        restocking_fee_percentage: str | None = None,
        return_instructions: str | None = None,
        return_method: str | None = None,
        return_period: str | None = None,
        return_shipping_cost_payer: ReturnShippingCostPayer | None = None,
        returns_accepted: bool | None = None,
) -> dict[str, Any]:
    """This method creates a new return policy where the policy encapsulates seller's terms for returning items. Each policy targets a specific marketplace, and you can create multiple policies for each marketplace. Return policies are not applicable to motor-vehicle listings. A successful request returns the getReturnPolicy URI to the new policy in the Location response header and the ID for the new policy is returned in the response payload. Tip: For details on creating and using the business.

    Args:
        category_types: This container indicates which category group that the return policy applies to. Note :
            Return business policies are not applicable to motor vehicle listings, so the categoryTypes.name value
            must be set to ALL_EXCLUDING_MOTORS_VEHICLES for return business policies.
        description: A seller-defined description of the return business policy. This description is only for the
            seller's use, and is not exposed on any eBay pages. Max length : 250.
        extended_holiday_returns_offered: Important! This field is deprecated, since eBay no longer supports
            extended holiday returns. Any value supplied in this field is neither read nor returned.
        international_override: This container is used by the seller to specify a separate international return
            policy. If a separate international return policy is not defined by a seller, all of the domestic return
            policy settings will also apply to international orders.
        marketplace_id: The ID of the eBay marketplace to which this return business policy applies. For
            implementation help, refer to eBay API documentation.
        name: A seller-defined name for this return business policy. Names must be unique for policies assigned to
            the same marketplace. Max length : 64.
        refund_method: This value indicates the refund method that will be used by the seller for buyer returns.
            Important! If this field is not included in a return business policy, it will default to MONEY_BACK. For
            implementation help, refer to eBay API documentation.
        restocking_fee_percentage: Important! This field is deprecated, since eBay no longer allows sellers to
            charge a restocking fee for buyer remorse returns. If this field is included, it is ignored.
        return_instructions: This text-based field provides more details on seller-specified return instructions.
            Important! This field is no longer supported on many eBay marketplaces. To see if a marketplace and eBay
            category does support this field, call getReturnPolicies method of the Metadata API . Then you will look
            for.
        return_method: This field can be used if the seller is willing and able to offer a replacement item as an
            alternative to 'Money Back'. For implementation help, refer to eBay API documentation.
        return_period: This container is used to specify the number of days that the buyer has to return an item.
            The return period begins when the item is marked "delivered" at the buyer's specified ship-to location.
            You must set the value to one that's accepted by the marketplace and category where the item is listed.
        return_shipping_cost_payer: This field indicates who is responsible for paying for the shipping charges
            for returned items. The field can be set to either BUYER or SELLER . Depending on the return policy and
            specifics of the return, either the buyer or the seller can be responsible for the return shipping costs.
            Note that the.
        returns_accepted: If set to true , the seller accepts returns. Note: Top-Rated sellers must accept item
            returns and the handlingTime should be set to zero days or one day for a listing to receive a Top-Rated
            Plus badge on the View Item or search result pages. For more information on eBay's Top-Rated seller
            program.

    Returns:
        The new return policy.
    """
    if description is not None:
        description = description.strip()
    if marketplace_id is not None:
        marketplace_id = marketplace_id.strip()
    if name is not None:
        name = name.strip()
    if refund_method is not None:
        refund_method = refund_method.strip()
    if restocking_fee_percentage is not None:
        restocking_fee_percentage = restocking_fee_percentage.strip()
    if return_instructions is not None:
        return_instructions = return_instructions.strip()
    if return_method is not None:
        return_method = return_method.strip()
    return_policy_id = next_id(db, "return_policies", "return_policy_id", "RP-", 4)
    db.execute("INSERT INTO return_policies (category_types, description, extended_holiday_returns_offered, "
               "international_override, marketplace_id, name, refund_method, restocking_fee_percentage, "
               "return_instructions, return_method, return_period, return_policy_id, return_shipping_cost_payer, "
               "returns_accepted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [category_types, description, extended_holiday_returns_offered, international_override, marketplace_id, name, refund_method, restocking_fee_percentage, return_instructions, return_method, return_period, return_policy_id, return_shipping_cost_payer, returns_accepted])
    return db.query_one(_RETURN_POLICIES_SQL + " WHERE t.return_policy_id = ?", [return_policy_id]) or {}


@tool
def get_return_policy_by_name(
        db: Database,
        marketplace_id: str | None = None,
        name: str | None = None,
) -> list[dict[str, Any]]:
    """This method retrieves the details of a specific return policy. Supply both the policy name and its associated marketplace_id in the request query parameters. Marketplaces and locales Get the correct policy for a marketplace that supports multiple locales using the Content-Language request header. For example, get a policy for the French locale of the Canadian marketplace by specifying fr-CA for the Content-Language header. Likewise, target the Dutch locale of the Belgium marketplace by setting.

    Args:
        marketplace_id: This query parameter specifies the ID of the eBay marketplace of the policy you want to
            retrieve. For implementation help, refer to eBay API documentation at https://developer.ebay.com/api-
            docs/sell/account/types/ba:MarketplaceIdEnum.
        name: This query parameter specifies the seller-defined name of the return policy you want to retrieve.

    Returns:
        The matching return policy summaries (return_policy_id, name, marketplace_id, refund_method, return_method, return_shipping_cost_payer; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if marketplace_id is not None:
        where.append("lower(t.marketplace_id) = lower(?)")
        params.append(marketplace_id.strip())
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return select_rows(db, _RETURN_POLICIES_LIST_SQL, where, params, "t.return_policy_id")


@tool
def get_return_policy(db: Database, return_policy_id: str) -> dict[str, Any]:
    """This method retrieves the complete details of the return policy specified by the returnPolicyId path parameter.

    Args:
        return_policy_id: This path parameter specifies the of the return policy you want to retrieve; e.g.
            "RP-0001" (from get_return_policies).

    Returns:
        The return policy with the names of the rows it refers to.
    """
    return _return_policy(db, return_policy_id)


@tool(writes=True)
def update_return_policy(
        db: Database,
        return_policy_id: str,
        category_types: str | None = None,
        description: str | None = None,
        extended_holiday_returns_offered: bool | None = None,
        international_override: str | None = None,
        marketplace_id: str | None = None,
        name: str | None = None,
        refund_method: str | None = None,
        restocking_fee_percentage: str | None = None,
        return_instructions: str | None = None,
        return_method: str | None = None,
        return_period: str | None = None,
        return_shipping_cost_payer: ReturnShippingCostPayer | None = None,
        returns_accepted: bool | None = None,
) -> dict[str, Any]:
    """This method updates an existing return policy. Specify the policy you want to update using the return_policy_id path parameter. Supply a complete policy payload with the updates you want to make; this call overwrites the existing policy with the new details specified in the payload.

    Args:
        return_policy_id: This path parameter specifies the ID of the return policy you want to update; e.g.
            "RP-0001" (from get_return_policies).
        category_types: This container indicates which category group that the return policy applies to. Note :
            Return business policies are not applicable to motor vehicle listings, so the categoryTypes.name value
            must be set to ALL_EXCLUDING_MOTORS_VEHICLES for return business policies.
        description: A seller-defined description of the return business policy. This description is only for the
            seller's use, and is not exposed on any eBay pages. Max length : 250.
        extended_holiday_returns_offered: Important! This field is deprecated, since eBay no longer supports
            extended holiday returns. Any value supplied in this field is neither read nor returned.
        international_override: This container is used by the seller to specify a separate international return
            policy. If a separate international return policy is not defined by a seller, all of the domestic return
            policy settings will also apply to international orders.
        marketplace_id: The ID of the eBay marketplace to which this return business policy applies. For
            implementation help, refer to eBay API documentation.
        name: A seller-defined name for this return business policy. Names must be unique for policies assigned to
            the same marketplace. Max length : 64.
        refund_method: This value indicates the refund method that will be used by the seller for buyer returns.
            Important! If this field is not included in a return business policy, it will default to MONEY_BACK. For
            implementation help, refer to eBay API documentation.
        restocking_fee_percentage: Important! This field is deprecated, since eBay no longer allows sellers to
            charge a restocking fee for buyer remorse returns. If this field is included, it is ignored.
        return_instructions: This text-based field provides more details on seller-specified return instructions.
            Important! This field is no longer supported on many eBay marketplaces. To see if a marketplace and eBay
            category does support this field, call getReturnPolicies method of the Metadata API . Then you will look
            for.
        return_method: This field can be used if the seller is willing and able to offer a replacement item as an
            alternative to 'Money Back'. For implementation help, refer to eBay API documentation.
        return_period: This container is used to specify the number of days that the buyer has to return an item.
            The return period begins when the item is marked "delivered" at the buyer's specified ship-to location.
            You must set the value to one that's accepted by the marketplace and category where the item is listed.
        return_shipping_cost_payer: This field indicates who is responsible for paying for the shipping charges
            for returned items. The field can be set to either BUYER or SELLER . Depending on the return policy and
            specifics of the return, either the buyer or the seller can be responsible for the return shipping costs.
            Note that the.
        returns_accepted: If set to true , the seller accepts returns. Note: Top-Rated sellers must accept item
            returns and the handlingTime should be set to zero days or one day for a listing to receive a Top-Rated
            Plus badge on the View Item or search result pages. For more information on eBay's Top-Rated seller
            program.

    Returns:
        The return policy as changed.
    """
    return_policy = _return_policy(db, return_policy_id)
    changes: dict[str, Any] = {}
    if category_types is not None:
        changes["category_types"] = category_types
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if extended_holiday_returns_offered is not None:
        changes["extended_holiday_returns_offered"] = extended_holiday_returns_offered
    if international_override is not None:
        changes["international_override"] = international_override
    if marketplace_id is not None:
        marketplace_id = marketplace_id.strip()
        changes["marketplace_id"] = marketplace_id
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if refund_method is not None:
        refund_method = refund_method.strip()
        changes["refund_method"] = refund_method
    if restocking_fee_percentage is not None:
        restocking_fee_percentage = restocking_fee_percentage.strip()
        changes["restocking_fee_percentage"] = restocking_fee_percentage
    if return_instructions is not None:
        return_instructions = return_instructions.strip()
        changes["return_instructions"] = return_instructions
    if return_method is not None:
        return_method = return_method.strip()
        changes["return_method"] = return_method
    if return_period is not None:
        changes["return_period"] = return_period
    if return_shipping_cost_payer is not None:
        changes["return_shipping_cost_payer"] = return_shipping_cost_payer
    if returns_accepted is not None:
        changes["returns_accepted"] = returns_accepted
    if not changes:
        raise ToolError("update return policy needs at least one of category types, description, extended holiday "
                        "returns offered, international override, marketplace id, name, refund method, restocking "
                        "fee percentage, return instructions, return method, return period, return shipping cost "
                        "payer or returns accepted")
    update_row(db, "return_policies", "return_policy_id", return_policy["return_policy_id"], changes)
    return _return_policy(db, return_policy["return_policy_id"])


@tool(writes=True)
def delete_return_policy(db: Database, return_policy_id: str) -> dict[str, Any]:
    """This method deletes a return policy. Supply the ID of the policy you want to delete in the returnPolicyId path parameter.

    Args:
        return_policy_id: This path parameter specifies the ID of the return policy you want to delete; e.g.
            "RP-0001" (from get_return_policies).

    Returns:
        The removed return policy, marked deleted.
    """
    return_policy = _return_policy(db, return_policy_id)
    db.execute("DELETE FROM return_policies WHERE return_policy_id = ?", [return_policy["return_policy_id"]])
    return {**return_policy, "deleted": True}
