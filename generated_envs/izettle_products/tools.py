"""Tools of the izettle_products environment, compiled from Product Library API.

The Product Library API is used for managing merchant's product information and product images.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_scope, check_text, check_within, update_row
from envfactory_gym.authoring.kit import next_id

State = Literal["IMPORTING", "FINISHED_SUCCESS", "FINISHED_FAILED"]

LIST_LIMIT = 50
LIST_CHARS = 3600
_OPTIONS_SQL = "SELECT t.* FROM options t"
_TAX_RATES_SQL = "SELECT t.* FROM tax_rates t"
_CATEGORIES_SQL = "SELECT t.* FROM categories t"
_DISCOUNTS_SQL = "SELECT t.* FROM discounts t"
_DISCOUNTS_LIST_SQL = "SELECT t.discount_uuid, t.name, t.percentage FROM discounts t"
_IMPORTS_SQL = "SELECT t.* FROM imports t"
_PRODUCTS_SQL = "SELECT t.* FROM products t"
_PRODUCTS_LIST_SQL = "SELECT t.product_uuid, t.name, t.vat_percentage FROM products t"
_SLUGS_SQL = "SELECT t.* FROM slugs t"


def _select(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[dict[str, Any]]:
    if where:
        sql += " WHERE " + " AND ".join(where)
    rows = db.query(f"{sql} ORDER BY {order} LIMIT {LIST_LIMIT}", params)
    size = 2
    for i, row in enumerate(rows):  # no more rows than an agent is shown of the result
        size += len(json.dumps(row, ensure_ascii=False, default=str)) + 2
        if size > LIST_CHARS and i:
            return rows[:i]
    return rows


def _tax_rate(db: Database, tax_rate_uuid: str) -> dict[str, Any]:
    row = db.query_one(_TAX_RATES_SQL + " WHERE t.tax_rate_uuid = ?", [tax_rate_uuid.strip().upper()])
    if row is None:
        raise ToolError(f"no tax rate with id {tax_rate_uuid!r} (tax rate ids look like 'TR-0001')")
    return row


def _category(db: Database, category_uuid: str) -> dict[str, Any]:
    row = db.query_one(_CATEGORIES_SQL + " WHERE t.category_uuid = ?", [category_uuid.strip().upper()])
    if row is None:
        raise ToolError(f"no category with id {category_uuid!r} (category ids look like 'C-0001')")
    return row


def _discount(db: Database, discount_uuid: str) -> dict[str, Any]:
    row = db.query_one(_DISCOUNTS_SQL + " WHERE t.discount_uuid = ?", [discount_uuid.strip().upper()])
    if row is None:
        raise ToolError(f"no discount with id {discount_uuid!r} (discount ids look like 'D-0001')")
    return row


def _import(db: Database, import_uuid: str) -> dict[str, Any]:
    row = db.query_one(_IMPORTS_SQL + " WHERE t.import_uuid = ?", [import_uuid.strip().upper()])
    if row is None:
        raise ToolError(f"no import with id {import_uuid!r} (import ids look like 'I-0001')")
    return row


def _product(db: Database, product_uuid: str) -> dict[str, Any]:
    row = db.query_one(_PRODUCTS_SQL + " WHERE t.product_uuid = ?", [product_uuid.strip().upper()])
    if row is None:
        raise ToolError(f"no product with id {product_uuid!r} (product ids look like 'P-0001')")
    return row


@tool
def get_product_types(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve all categories.

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching category rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _CATEGORIES_SQL, [], [], "t.category_uuid")


@tool(writes=True)
def rename_category(
        db: Database,
        category_uuid: str,
        name: str | None = None,
        organization_uuid: str | None = None,
) -> dict[str, Any]:
    """Rename a category.

    Args:
        category_uuid: Category uuid; e.g. "C-0001" (from get_product_types).
        name: Name; 1 to 100 characters.
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The category as changed.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    category = _category(db, category_uuid)
    changes: dict[str, Any] = {}
    if name is not None:
        name = check_text("name", name, 1, 100)
        changes["name"] = name
    if not changes:
        raise ToolError("rename category needs at least one of name")
    update_row(db, "categories", "category_uuid", category["category_uuid"], changes)
    return _category(db, category["category_uuid"])


@tool(writes=True)
def delete_category(db: Database, category_uuid: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Delete a category.

    Args:
        category_uuid: Category uuid; e.g. "C-0001" (from get_product_types).
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The removed category, marked deleted.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    category = _category(db, category_uuid)
    db.execute("DELETE FROM categories WHERE category_uuid = ?", [category["category_uuid"]])
    return {**category, "deleted": True}


@tool
def get_all_discounts(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve all discounts.

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching discount summaries (discount_uuid, name, percentage; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _DISCOUNTS_LIST_SQL, [], [], "t.discount_uuid")


@tool
def get_discount(db: Database, discount_uuid: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Retrieve a single discount.

    Get the full discount with the provided UUID. The method supports conditional GET through providing a
    HttpHeaders.IF_NONE_MATCH header. If the conditional prerequisite is fullfilled, the full discount is
    returned: otherwise a 304 not modified will be returned with an empty body.

    Args:
        discount_uuid: Discount uuid; e.g. "D-0001" (from get_all_discounts).
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The discount with the names of the rows it refers to.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _discount(db, discount_uuid)


@tool(writes=True)
def update_discount(
        db: Database,
        discount_uuid: str,
        amount: str | None = None,
        description: str | None = None,
        external_reference: str | None = None,
        image_lookup_keys: str | None = None,
        name: str | None = None,
        percentage: float | None = None,
        organization_uuid: str | None = None,
) -> dict[str, Any]:
    """Update a single discount.

    Updates a discount entity using JSON merge patch (https://tools.ietf.org/html/rfc7386). This means that only
    included fields will be changed: null values removes the field on the target entity, and other values updates
    the field. Conditional updates are supported through the HttpHeaders.IF_MATCH header. If the conditional
    prerequisite is fullfilled, the discount is updated: otherwise a 412 precondition failed will be returned with
    an empty body.

    Args:
        discount_uuid: Discount uuid; e.g. "D-0001" (from get_all_discounts).
        amount: Amount.
        description: Description; 0 to 128 characters.
        external_reference: External reference; 0 to 128 characters.
        image_lookup_keys: Image lookup keys.
        name: Name; 0 to 64 characters.
        percentage: Percentage; from 0 to 100.
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The discount as changed.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    discount = _discount(db, discount_uuid)
    changes: dict[str, Any] = {}
    if amount is not None:
        changes["amount"] = amount
    if description is not None:
        description = check_text("description", description, 0, 128)
        changes["description"] = description
    if external_reference is not None:
        external_reference = check_text("external_reference", external_reference, 0, 128)
        changes["external_reference"] = external_reference
    if image_lookup_keys is not None:
        changes["image_lookup_keys"] = image_lookup_keys
    if name is not None:
        name = check_text("name", name, 0, 64)
        changes["name"] = name
    if percentage is not None:
        percentage = check_within("percentage", percentage, 0.0, 100.0)
        changes["percentage"] = percentage
    if not changes:
        raise ToolError("update discount needs at least one of amount, description, external reference, image "
                        "lookup keys, name or percentage")
    update_row(db, "discounts", "discount_uuid", discount["discount_uuid"], changes)
    return _discount(db, discount["discount_uuid"])


@tool(writes=True)
def delete_discount(db: Database, discount_uuid: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Delete a single discount.

    Args:
        discount_uuid: Discount uuid; e.g. "D-0001" (from get_all_discounts).
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The removed discount, marked deleted.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    discount = _discount(db, discount_uuid)
    db.execute("DELETE FROM discounts WHERE discount_uuid = ?", [discount["discount_uuid"]])
    return {**discount, "deleted": True}


@tool
def get_latest_import_status(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Get status for latest import.

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching import rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _IMPORTS_SQL, [], [], "t.import_uuid")


@tool
def get_status_by_uuid(db: Database, import_uuid: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Get status for an import.

    Args:
        import_uuid: Import uuid; e.g. "I-0001" (from get_latest_import_status).
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The import with the names of the rows it refers to.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _import(db, import_uuid)


@tool
def get_library(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve the entire library.

    Will return the entire library for the authenticated user. If size of the library exceeds server preferences
    (normally 500) or the value of the optional limit parameter, the result will be paginated. Paginated responses
    return a Link header, indicating the next URI to fetch. The resulting header value will look something like: ;
    rel="next" where limit is number of items in response, and offset is the current position in pagination. The
    rel-part in the header is the links relation to the data...

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching discount summaries (discount_uuid, name, percentage; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _DISCOUNTS_LIST_SQL, [], [], "t.discount_uuid")


@tool
def get_all_products_in_pos(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve all products visible in POS.

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching product summaries (product_uuid, name, vat_percentage; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _PRODUCTS_LIST_SQL, [], [], "t.product_uuid")


@tool(writes=True)
def create_product_slug(db: Database, product_name: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Create a product identifier.

    Creates a unique slug (identifier) for a product. The slug is used to create a product URL

    Args:
        product_name: Product name; 1 to 256 characters.
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The new slug.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    product_name = check_text("product_name", product_name, 1, 256)
    slug_slug = next_id(db, "slugs", "slug_slug", "S-", 4)
    db.execute("INSERT INTO slugs (product_name, slug_slug) VALUES (?, ?)",
               [product_name, slug_slug])
    return db.query_one(_SLUGS_SQL + " WHERE t.slug_slug = ?", [slug_slug]) or {}


@tool
def get_all_products_v2(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve all products visible in POS – v2.

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching product summaries (product_uuid, name, vat_percentage; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _PRODUCTS_LIST_SQL, [], [], "t.product_uuid")


@tool
def count_all_products(db: Database, organization_uuid: str | None = None) -> list[dict[str, Any]]:
    """Retrieve the count of existing products.

    Args:
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The matching product summaries (product_uuid, name, vat_percentage; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _select(db, _PRODUCTS_LIST_SQL, [], [], "t.product_uuid")


@tool(writes=True)
def update_product(
        db: Database,
        product_uuid: str,
        categories: str | None = None,
        category: str | None = None,
        description: str | None = None,
        external_reference: str | None = None,
        image_lookup_keys: str | None = None,
        metadata: str | None = None,
        name: str | None = None,
        online: str | None = None,
        presentation: str | None = None,
        tax_code: str | None = None,
        tax_exempt: bool | None = None,
        tax_rates: str | None = None,
        unit_name: str | None = None,
        variant_option_definitions: str | None = None,
        variants: str | None = None,
        vat_percentage: float | None = None,
        organization_uuid: str | None = None,
) -> dict[str, Any]:
    """Update a single product.

    Updates a product entity using JSON merge patch (https://tools.ietf.org/html/rfc7386). This means that only
    included fields will be changed: null values removes the field on the target entity, and other values updates
    the field. Conditional updates are supported through the HttpHeaders.IF_MATCH header. If the conditional
    prerequisite is fullfilled, the product is updated: otherwise a 412 (precondition failed) will be returned
    with an empty body.

    Args:
        product_uuid: Product uuid; e.g. "P-0001" (from get_all_products_in_pos).
        categories: Categories.
        category: Category.
        description: Description; 0 to 1024 characters.
        external_reference: External reference.
        image_lookup_keys: Image lookup keys.
        metadata: Metadata.
        name: Name; 1 to 256 characters.
        online: Online.
        presentation: Presentation.
        tax_code: Tax code.
        tax_exempt: Tax exempt.
        tax_rates: Tax rates.
        unit_name: Unit name.
        variant_option_definitions: Variant option definitions.
        variants: Variants.
        vat_percentage: Vat percentage; from 0 to 100.
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The product as changed.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    product = _product(db, product_uuid)
    changes: dict[str, Any] = {}
    if categories is not None:
        changes["categories"] = categories
    if category is not None:
        changes["category"] = category
    if description is not None:
        description = check_text("description", description, 0, 1024)
        changes["description"] = description
    if external_reference is not None:
        external_reference = external_reference.strip()
        changes["external_reference"] = external_reference
    if image_lookup_keys is not None:
        changes["image_lookup_keys"] = image_lookup_keys
    if metadata is not None:
        changes["metadata"] = metadata
    if name is not None:
        name = check_text("name", name, 1, 256)
        changes["name"] = name
    if online is not None:
        changes["online"] = online
    if presentation is not None:
        changes["presentation"] = presentation
    if tax_code is not None:
        tax_code = tax_code.strip()
        changes["tax_code"] = tax_code
    if tax_exempt is not None:
        changes["tax_exempt"] = tax_exempt
    if tax_rates is not None:
        changes["tax_rates"] = tax_rates
    if unit_name is not None:
        unit_name = unit_name.strip()
        changes["unit_name"] = unit_name
    if variant_option_definitions is not None:
        changes["variant_option_definitions"] = variant_option_definitions
    if variants is not None:
        changes["variants"] = variants
    if vat_percentage is not None:
        vat_percentage = check_within("vat_percentage", vat_percentage, 0.0, 100.0)
        changes["vat_percentage"] = vat_percentage
    if not changes:
        raise ToolError("update product needs at least one of categories, category, description, external "
                        "reference, image lookup keys, metadata, name, online, presentation, tax code, tax exempt, "
                        "tax rates, unit name, variant option definitions, variants or vat percentage")
    update_row(db, "products", "product_uuid", product["product_uuid"], changes)
    return _product(db, product["product_uuid"])


@tool
def get_product(db: Database, product_uuid: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Retrieve a single product.

    Get the full product with the provided UUID. The method supports conditional GET through providing a
    HttpHeaders.IF_NONE_MATCH header. If the conditional prerequisite is fullfilled, the full product is returned,
    otherwise a 304 not modified will be returned with an empty body.

    Args:
        product_uuid: Product uuid; e.g. "P-0001" (from get_all_products_in_pos).
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The product with the names of the rows it refers to.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    return _product(db, product_uuid)


@tool(writes=True)
def delete_product(db: Database, product_uuid: str, organization_uuid: str | None = None) -> dict[str, Any]:
    """Delete a single product.

    Args:
        product_uuid: Product uuid; e.g. "P-0001" (from get_all_products_in_pos).
        organization_uuid: This deployment's organization uuid, 'organization-uuid-1' (the only one; may be left
            out).

    Returns:
        The removed product, marked deleted.
    """
    check_scope("organization_uuid", organization_uuid, "organization-uuid-1")
    product = _product(db, product_uuid)
    db.execute("DELETE FROM products WHERE product_uuid = ?", [product["product_uuid"]])
    return {**product, "deleted": True}


@tool
def create_tax_rates(db: Database) -> list[dict[str, Any]]:
    """Create new tax rates.

    Returns:
        The matching tax rate rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters (narrower filters find the rest).
    """
    return _select(db, _TAX_RATES_SQL, [], [], "t.tax_rate_uuid")


@tool
def get_tax_rate(db: Database, tax_rate_uuid: str) -> dict[str, Any]:
    """Get a single tax rate.

    Args:
        tax_rate_uuid: Tax rate uuid; e.g. "TR-0001" (from create_tax_rates).

    Returns:
        The tax rate with the names of the rows it refers to.
    """
    return _tax_rate(db, tax_rate_uuid)


@tool(writes=True)
def update_tax_rate(
        db: Database,
        tax_rate_uuid: str,
        default_: bool | None = None,
        label: str | None = None,
        percentage: float | None = None,
) -> dict[str, Any]:
    """Update a single tax rate.

    Args:
        tax_rate_uuid: Tax rate uuid; e.g. "TR-0001" (from create_tax_rates).
        default_: Default .
        label: Label; 0 to 512 characters.
        percentage: Percentage; at most 100.

    Returns:
        The tax rate as changed.
    """
    tax_rate = _tax_rate(db, tax_rate_uuid)
    changes: dict[str, Any] = {}
    if default_ is not None:
        changes["default_"] = default_
    if label is not None:
        label = check_text("label", label, 0, 512)
        changes["label"] = label
    if percentage is not None:
        percentage = check_within("percentage", percentage, None, 100.0)
        changes["percentage"] = percentage
    if not changes:
        raise ToolError("update tax rate needs at least one of default , label or percentage")
    update_row(db, "tax_rates", "tax_rate_uuid", tax_rate["tax_rate_uuid"], changes)
    return _tax_rate(db, tax_rate["tax_rate_uuid"])
