"""Tools of the ecwid environment, compiled from ecwid.

ecwid
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, next_number, select_rows, update_row

_BULK_JOB_LISTS_SQL = "SELECT t.* FROM bulk_job_lists t"
_CATEGORIES_SQL = "SELECT t.* FROM categories t"
_CUSTOMERS_SQL = "SELECT t.* FROM customers t"
_CUSTOMERS_LIST_SQL = "SELECT t.customer_id, t.name, t.customer_group_id, t.registered FROM customers t"
_ITEMS_SQL = ("SELECT t.*, r1.name AS category_name, r2.name AS product_name FROM items t LEFT JOIN "
              "categories r1 ON r1.category_id = t.category_id LEFT JOIN products r2 ON r2.product_id "
              "= t.product_id")
_ITEMS_LIST_SQL = ("SELECT t.item_id, t.name, t.category_id, t.fixed_shipping_rate, t.price, "
                   "t.product_id, t.tax, r1.name AS category_name, r2.name AS product_name FROM items "
                   "t LEFT JOIN categories r1 ON r1.category_id = t.category_id LEFT JOIN products r2 "
                   "ON r2.product_id = t.product_id")
_PRODUCTS_SQL = "SELECT t.* FROM products t"
_PRODUCTS_LIST_SQL = "SELECT t.product_id, t.name, t.compare_at_price, t.compare_to_price FROM products t"
_SWAGGERTAGS_SQL = "SELECT t.* FROM swaggertags t"


def _customer(db: Database, customer_id: int) -> dict[str, Any]:
    row = db.query_one(_CUSTOMERS_SQL + " WHERE t.customer_id = ?", [customer_id])
    if row is None:
        raise ToolError(f"no customer with id {customer_id!r} (customer ids look like 1)")
    return row


def _item(db: Database, item_id: int) -> dict[str, Any]:
    row = db.query_one(_ITEMS_SQL + " WHERE t.item_id = ?", [item_id])
    if row is None:
        raise ToolError(f"no item with id {item_id!r} (item ids look like 1)")
    return row


def _product(db: Database, product_id: int) -> dict[str, Any]:
    row = db.query_one(_PRODUCTS_SQL + " WHERE t.product_id = ?", [product_id])
    if row is None:
        raise ToolError(f"no product with id {product_id!r} (product ids look like 1)")
    return row


@tool
def get_bulk_jobs(db: Database) -> list[dict[str, Any]]:
    """Fetch all the bulk jobs for an instance.

    Returns:
        The matching bulk job list rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _BULK_JOB_LISTS_SQL, [], [], "t.bulk_job_list_id")


@tool
def get_customers(db: Database) -> list[dict[str, Any]]:
    """Find customers in the eCommerce system, using the provided CEQL search expression. If no search expression is provided, all records will be retrieved.

    Returns:
        The matching customer summaries (customer_id, name, customer_group_id, registered; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CUSTOMERS_LIST_SQL, [], [], "t.customer_id")


@tool(writes=True)
def create_customer(
        db: Database,
        email: str,
        billing_person: str | None = None,
        customer_group_id: int | None = None,
        shipping_addresses: str | None = None,
        tax_exempt: bool | None = None,
        tax_id: float | None = None,
        tax_id_valid: bool | None = None,
) -> dict[str, Any]:
    """Create a new customer in eCommerce system.With the exception of the 'id' field, the required fields indicated in the 'Customer' model are those required to create a new customer.

    Args:
        email: customer email.
        billing_person: Billing person.
        customer_group_id: Customer group id.
        shipping_addresses: Shipping addresses.
        tax_exempt: Tax exempt.
        tax_id: Tax id.
        tax_id_valid: Tax id valid.

    Returns:
        The new customer.
    """
    email = email.strip()
    customer_id = next_number(db, "customers", "customer_id")
    db.execute("INSERT INTO customers (billing_person, customer_group_id, customer_group_name, email, customer_id, "
               "name, registered, shipping_addresses, tax_exempt, tax_id, tax_id_valid, total_order_count, "
               "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [billing_person, customer_group_id, None, email, customer_id, None, db.now, shipping_addresses, tax_exempt, tax_id, tax_id_valid, None, db.now])
    return db.query_one(_CUSTOMERS_SQL + " WHERE t.customer_id = ?", [customer_id]) or {}


@tool
def get_customer_by_id(db: Database, customer_id: int) -> dict[str, Any]:
    """Retrieve a customer associated with a given ID from the eCommerce system. Specifying a customer with an ID that does not exist will result in an error response.

    Args:
        customer_id: The ID of the customer to retrieve from the eCommerce system; e.g. 1 (from get_customers).

    Returns:
        The customer with the names of the rows it refers to.
    """
    return _customer(db, customer_id)


@tool(writes=True)
def update_customer_by_id(
        db: Database,
        customer_id: int,
        billing_person: str | None = None,
        customer_group_id: int | None = None,
        email: str | None = None,
        shipping_addresses: str | None = None,
        tax_exempt: bool | None = None,
        tax_id: float | None = None,
        tax_id_valid: bool | None = None,
) -> dict[str, Any]:
    """Update an customer associated with a given ID in the eCommerce system.The update API uses the PATCH HTTP verb, so only those fields provided in the customer object will be updated, and those fields.

    Args:
        customer_id: The ID of the customer to update in the eCommerce system; e.g. 1 (from get_customers).
        billing_person: Billing person.
        customer_group_id: Customer group id.
        email: customer email.
        shipping_addresses: Shipping addresses.
        tax_exempt: Tax exempt.
        tax_id: Tax id.
        tax_id_valid: Tax id valid.

    Returns:
        The customer as changed.
    """
    customer = _customer(db, customer_id)
    changes: dict[str, Any] = {}
    if billing_person is not None:
        changes["billing_person"] = billing_person
    if customer_group_id is not None:
        changes["customer_group_id"] = customer_group_id
    if email is not None:
        email = email.strip()
        changes["email"] = email
    if shipping_addresses is not None:
        changes["shipping_addresses"] = shipping_addresses
    if tax_exempt is not None:
        changes["tax_exempt"] = tax_exempt
    if tax_id is not None:
        changes["tax_id"] = tax_id
    if tax_id_valid is not None:
        changes["tax_id_valid"] = tax_id_valid
    if not changes:
        raise ToolError("update customer by id needs at least one of billing person, customer group id, email, "
                        "shipping addresses, tax exempt, tax id or tax id valid")
    update_row(db, "customers", "customer_id", customer["customer_id"], changes)
    return _customer(db, customer["customer_id"])


@tool(writes=True)
def delete_customer_by_id(db: Database, customer_id: int) -> dict[str, Any]:
    """Delete a customer associated with a given ID from your eCommerce system. Specifying a customer associated with a given ID that does not exist will result in an error message.

    Args:
        customer_id: The ID of the customer to delete from the eCommerce system; e.g. 1 (from get_customers).

    Returns:
        The removed customer, marked deleted.
    """
    customer = _customer(db, customer_id)
    db.execute("DELETE FROM customers WHERE customer_id = ?", [customer["customer_id"]])
    return {**customer, "deleted": True}


@tool
def create_order(db: Database, tax: float | None = None) -> list[dict[str, Any]]:
    """Create an order in the eCommerce system.With the exception of the 'id' field, the required fields indicated in the 'Order' model are those required to create a new order.The paymentStatus can only be.

    Args:
        tax: Only item rows with this tax.

    Returns:
        The matching item summaries (item_id, name, category_id, fixed_shipping_rate, price, product_id, tax; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if tax is not None:
        where.append("t.tax = ?")
        params.append(tax)
    return select_rows(db, _ITEMS_LIST_SQL, where, params, "t.item_id")


@tool
def get_order_by_id(db: Database, item_id: int | None = None) -> list[dict[str, Any]]:
    """Retrieve an order associated with a given ID from the eCommerce system. Specifying an order with an ID that does not exist will result in an error response.

    Args:
        item_id: The ID of the order to retrieve from the eCommerce system.

    Returns:
        The matching item summaries (item_id, name, category_id, fixed_shipping_rate, price, product_id, tax; given item_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if item_id is not None:
        where.append("t.item_id = ?")
        params.append(item_id)
    return select_rows(db, _ITEMS_SQL if item_id is not None else _ITEMS_LIST_SQL, where, params, "t.item_id")


@tool(writes=True)
def update_order_by_id(db: Database, item_id: int, tax: float | None = None) -> dict[str, Any]:
    """Update an order associated with a given ID in the eCommerce system. The update API uses the PATCH HTTP verb, so only those fields provided in the order object will be updated, and those fields not.

    Args:
        item_id: The ID of the order to update in the eCommerce system; e.g. 1 (from create_order).
        tax: Tax.

    Returns:
        The item as changed.
    """
    item = _item(db, item_id)
    changes: dict[str, Any] = {}
    if tax is not None:
        changes["tax"] = tax
    if not changes:
        raise ToolError("update order by id needs at least one of tax")
    update_row(db, "items", "item_id", item["item_id"], changes)
    return _item(db, item["item_id"])


@tool
def get_products(db: Database) -> list[dict[str, Any]]:
    """Find products in the eCommerce system, using the provided CEQL search expression. The search expression in CEQL is the WHERE clause in a typical SQL query, but without the WHERE keyword. If no search.

    Returns:
        The matching product summaries (product_id, name, compare_at_price, compare_to_price; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PRODUCTS_LIST_SQL, [], [], "t.product_id")


@tool(writes=True)
def create_product(
        db: Database,
        attributes: str | None = None,
        category_ids: str | None = None,
        compare_at_price: float | None = None,
        compare_to_price: float | None = None,
        created: str | None = None,
        default_category_id: int | None = None,
        description: str | None = None,
        dimensions: str | None = None,
        enabled: bool | None = None,
        favorites: str | None = None,
        fixed_shipping_rate: float | None = None,
        fixed_shipping_rate_only: bool | None = None,
        gallery_images: str | None = None,
        google_item_condition: str | None = None,
        is_shipping_required: bool | None = None,
        name: str | None = None,
        options: str | None = None,
        price: float | None = None,
        product_class_id: int | None = None,
        quantity: int | None = None,
        related_products: str | None = None,
        seo_description: str | None = None,
        seo_title: str | None = None,
        shipping: str | None = None,
        show_on_frontpage: float | None = None,
        sku: str | None = None,
        tax: str | None = None,
        taxes: str | None = None,
        warning_limit: int | None = None,
        weight: float | None = None,
        wholesale_prices: str | None = None,
) -> dict[str, Any]:
    """Create a new product in eCommerce system.With the exception of the 'id' field, the required fields indicated in the 'Product' model are those required to create a new product.

    Args:
        attributes: Attributes.
        category_ids: Category ids.
        compare_at_price: Product’s sale price displayed strike-out in the customer.
        compare_to_price: Compare to price.
        created: Ex: 2014-09-24 06:43:06; a date and time YYYY-MM-DDTHH:MM.
        default_category_id: Default category id.
        description: Product description in HTML.
        dimensions: Dimensions.
        enabled: true/false.
        favorites: Favorites.
        fixed_shipping_rate: Fixed shipping rate.
        fixed_shipping_rate_only: true/false.
        gallery_images: Gallery images.
        google_item_condition: Google Item Condition Status.
        is_shipping_required: Is shipping required.
        name: Product title.
        options: Options.
        price: Base Product price.
        product_class_id: Id of the product type that this product belongs to.
        quantity: Amount of product items in stock.
        related_products: Related products.
        seo_description: Seo description.
        seo_title: Seo title.
        shipping: Shipping.
        show_on_frontpage: Show on frontpage.
        sku: Product SKU.
        tax: Tax.
        taxes: Taxes.
        warning_limit: Warning limit.
        weight: Product weight in the units defined in store settings.
        wholesale_prices: Wholesale prices.

    Returns:
        The new product.
    """
    if created is not None:
        created = check_moment("created", created)
    if description is not None:
        description = description.strip()
    if google_item_condition is not None:
        google_item_condition = google_item_condition.strip()
    if name is not None:
        name = name.strip()
    if seo_description is not None:
        seo_description = seo_description.strip()
    if seo_title is not None:
        seo_title = seo_title.strip()
    if sku is not None:
        sku = sku.strip()
    product_id = next_number(db, "products", "product_id")
    db.execute("INSERT INTO products (attributes, border_info, categories, category_ids, combinations, "
               "compare_at_price, compare_to_price, compare_to_price_discount, "
               "compare_to_price_discount_formatted, compare_to_price_discount_percent, "
               "compare_to_price_discount_percent_formatted, compare_to_price_formatted, create_timestamp, "
               "created, default_category_id, default_combination_id, default_displayed_price, "
               "default_displayed_price_formatted, description, description_truncated, dimensions, enabled, "
               "favorites, files, fixed_shipping_rate, fixed_shipping_rate_only, gallery_images, "
               "google_item_condition, hd_thumbnail_url, product_id, image_url, in_stock, is_sample_product, "
               "is_shipping_required, media, name, options, original_image, original_image_url, price, "
               "price_in_product_list, product_class_id, quantity, quantity_delta, related_products, "
               "seo_description, seo_title, shipping, show_on_frontpage, sku, small_thumbnail_url, tangible, tax, "
               "taxes, thumbnail_url, track_quantity, unlimited, update_timestamp, updated, url, warning_limit, "
               "weight, wholesale_prices) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [attributes, None, None, category_ids, None, compare_at_price, compare_to_price, None, None, None, None, None, None, created, default_category_id, None, None, None, description, None, dimensions, enabled, favorites, None, fixed_shipping_rate, fixed_shipping_rate_only, gallery_images, google_item_condition, None, product_id, None, None, None, is_shipping_required, None, name, options, None, None, price, None, product_class_id, quantity, None, related_products, seo_description, seo_title, shipping, show_on_frontpage, sku, None, None, tax, taxes, None, None, None, None, db.now, None, warning_limit, weight, wholesale_prices])
    return db.query_one(_PRODUCTS_SQL + " WHERE t.product_id = ?", [product_id]) or {}


@tool
def get_product_by_id(db: Database, product_id: int) -> dict[str, Any]:
    """Retrieve a product associated with a given ID from the eCommerce system. Specifying a product with an ID that does not exist will result in an error response.

    Args:
        product_id: The ID of the product to retrieve from the eCommerce system; e.g. 1 (from get_products).

    Returns:
        The product with the names of the rows it refers to.
    """
    return _product(db, product_id)


@tool(writes=True)
def update_product_by_id(
        db: Database,
        product_id: int,
        attributes: str | None = None,
        category_ids: str | None = None,
        compare_at_price: float | None = None,
        compare_to_price: float | None = None,
        default_category_id: int | None = None,
        description: str | None = None,
        dimensions: str | None = None,
        enabled: bool | None = None,
        fixed_shipping_rate: float | None = None,
        fixed_shipping_rate_only: bool | None = None,
        gallery_images: str | None = None,
        google_item_condition: str | None = None,
        is_shipping_required: bool | None = None,
        name: str | None = None,
        options: str | None = None,
        price: float | None = None,
        product_class_id: int | None = None,
        quantity: int | None = None,
        related_products: str | None = None,
        seo_description: str | None = None,
        seo_title: str | None = None,
        shipping: str | None = None,
        show_on_frontpage: float | None = None,
        sku: str | None = None,
        tax: str | None = None,
        taxes: str | None = None,
        warning_limit: int | None = None,
        weight: float | None = None,
        wholesale_prices: str | None = None,
) -> dict[str, Any]:
    """Update a product associated with a given ID in the eCommerce system. The update API uses the PATCH HTTP verb, so only those fields provided in the product object will be updated, and those fields not.

    Args:
        product_id: The ID of the product to update in the eCommerce system; e.g. 1 (from get_products).
        attributes: Attributes.
        category_ids: Category ids.
        compare_at_price: Product’s sale price displayed strike-out in the customer.
        compare_to_price: Compare to price.
        default_category_id: Default category id.
        description: Product description in HTML.
        dimensions: Dimensions.
        enabled: true/false.
        fixed_shipping_rate: Fixed shipping rate.
        fixed_shipping_rate_only: true/false.
        gallery_images: Gallery images.
        google_item_condition: Google Item Condition Status.
        is_shipping_required: Is shipping required.
        name: Product title.
        options: Options.
        price: Base Product price.
        product_class_id: Id of the product type that this product belongs to.
        quantity: Amount of product items in stock.
        related_products: Related products.
        seo_description: Seo description.
        seo_title: Seo title.
        shipping: Shipping.
        show_on_frontpage: Show on frontpage.
        sku: Product SKU.
        tax: Tax.
        taxes: Taxes.
        warning_limit: Warning limit.
        weight: Product weight in the units defined in store settings.
        wholesale_prices: Wholesale prices.

    Returns:
        The product as changed.
    """
    product = _product(db, product_id)
    changes: dict[str, Any] = {}
    if attributes is not None:
        changes["attributes"] = attributes
    if category_ids is not None:
        changes["category_ids"] = category_ids
    if compare_at_price is not None:
        changes["compare_at_price"] = compare_at_price
    if compare_to_price is not None:
        changes["compare_to_price"] = compare_to_price
    if default_category_id is not None:
        changes["default_category_id"] = default_category_id
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if dimensions is not None:
        changes["dimensions"] = dimensions
    if enabled is not None:
        changes["enabled"] = enabled
    if fixed_shipping_rate is not None:
        changes["fixed_shipping_rate"] = fixed_shipping_rate
    if fixed_shipping_rate_only is not None:
        changes["fixed_shipping_rate_only"] = fixed_shipping_rate_only
    if gallery_images is not None:
        changes["gallery_images"] = gallery_images
    if google_item_condition is not None:
        google_item_condition = google_item_condition.strip()
        changes["google_item_condition"] = google_item_condition
    if is_shipping_required is not None:
        changes["is_shipping_required"] = is_shipping_required
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if options is not None:
        changes["options"] = options
    if price is not None:
        changes["price"] = price
    if product_class_id is not None:
        changes["product_class_id"] = product_class_id
    if quantity is not None:
        changes["quantity"] = quantity
    if related_products is not None:
        changes["related_products"] = related_products
    if seo_description is not None:
        seo_description = seo_description.strip()
        changes["seo_description"] = seo_description
    if seo_title is not None:
        seo_title = seo_title.strip()
        changes["seo_title"] = seo_title
    if shipping is not None:
        changes["shipping"] = shipping
    if show_on_frontpage is not None:
        changes["show_on_frontpage"] = show_on_frontpage
    if sku is not None:
        sku = sku.strip()
        changes["sku"] = sku
    if tax is not None:
        changes["tax"] = tax
    if taxes is not None:
        changes["taxes"] = taxes
    if warning_limit is not None:
        changes["warning_limit"] = warning_limit
    if weight is not None:
        changes["weight"] = weight
    if wholesale_prices is not None:
        changes["wholesale_prices"] = wholesale_prices
    if not changes:
        raise ToolError("update product by id needs at least one of attributes, category ids, compare at price, "
                        "compare to price, default category id, description, dimensions, enabled, fixed shipping "
                        "rate, fixed shipping rate only, gallery images, google item condition, is shipping "
                        "required, name, options, price, product class id, quantity, related products, seo "
                        "description, seo title, shipping, show on frontpage, sku, tax, taxes, warning limit, "
                        "weight or wholesale prices")
    update_row(db, "products", "product_id", product["product_id"], changes)
    return _product(db, product["product_id"])


@tool(writes=True)
def delete_product_by_id(db: Database, product_id: int) -> dict[str, Any]:
    """Delete a product associated with a given ID from your eCommerce system. Specifying a product associated with a given ID that does not exist will result in an error message.

    Args:
        product_id: The ID of the product to delete from the eCommerce system; e.g. 1 (from get_products).

    Returns:
        The removed product, marked deleted.
    """
    product = _product(db, product_id)
    used = db.scalar("SELECT count(*) FROM items WHERE product_id = ?", [product["product_id"]])
    if used:
        raise ToolError(f"product {product['product_id']} is still referred to by {used} item row(s)")
    db.execute("DELETE FROM products WHERE product_id = ?", [product["product_id"]])
    return {**product, "deleted": True}
