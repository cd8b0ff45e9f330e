"""Tools of the netlicensing environment, compiled from Labs64 NetLicensing RESTful API Test Center.

The Labs64 NetLicensing RESTful API gives you access to NetLicensing’s core features. Authentication You
authenticate to the NetLicensing API by providing your account credentials or simply use our demo account -
demo:demo Find out more about Labs64 NetLicensing at netlicensing.io
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import select_rows
from envfactory_gym.authoring.kit import next_id

LicenseType = Literal["FEATURE", "TIMEVOLUME"]

_LICENSES_SQL = "SELECT t.* FROM licenses t"
_LICENSE_TEMPLATES_SQL = "SELECT t.* FROM license_templates t"
_LICENSE_TEMPLATES_LIST_SQL = "SELECT t.license_template_name, t.license_type, t.price FROM license_templates t"
_PRODUCTS_SQL = "SELECT t.* FROM products t"
_PRODUCT_MODULES_SQL = "SELECT t.* FROM product_modules t"
_LICENSEE2S_SQL = "SELECT t.* FROM licensee2s t"


def _license(db: Database, license_name: str) -> dict[str, Any]:
    row = db.query_one(_LICENSES_SQL + " WHERE t.license_name = ?", [license_name.strip().upper()])
    if row is None:
        raise ToolError(f"no license with id {license_name!r} (license ids look like 'L-0001')")
    return row


def _license_template(db: Database, license_template_name: str) -> dict[str, Any]:
    row = db.query_one(_LICENSE_TEMPLATES_SQL + " WHERE t.license_template_name = ?",
                                                [license_template_name.strip().upper()])
    if row is None:
        raise ToolError(f"no license template with id {license_template_name!r} (license template ids look like "
                        f"'LT-0001')")
    return row


def _product(db: Database, product_name: str) -> dict[str, Any]:
    row = db.query_one(_PRODUCTS_SQL + " WHERE t.product_name = ?", [product_name.strip().upper()])
    if row is None:
        raise ToolError(f"no product with id {product_name!r} (product ids look like 'P-0001')")
    return row


def _product_module(db: Database, product_module_name: str) -> dict[str, Any]:
    row = db.query_one(_PRODUCT_MODULES_SQL + " WHERE t.product_module_name = ?",
                                              [product_module_name.strip().upper()])
    if row is None:
        raise ToolError(f"no product module with id {product_module_name!r} (product module ids look like 'PM-0001')")
    return row


@tool
def list_licenses(db: Database) -> list[dict[str, Any]]:
    """List Licenses.

    Return a list of all Licenses for the current Vendor

    Returns:
        The matching license rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _LICENSES_SQL, [], [], "t.license_name")


@tool(writes=True)
def create_license(
        db: Database,
        active: bool,
        currency: str | None = None,
        hidden: bool | None = None,
        number: str | None = None,
        price: float | None = None,
) -> dict[str, Any]:
    """Create License.

    Creates a new License

    Args:
        active: If set to 'false', the License is disabled. License can be re-enabled, but as long as it is
            disabled, the License is excluded from the validation process.
        currency: Specifies currency for the License price. Check data types to discover which currencies are
            supported. Read-only, set from License Template on creation.
        hidden: If set to 'true', this License is not shown in NetLicensing Shop as purchased License. Set from
            License Template on creation, if not specified explicitly.
        number: Unique number (across all Products/Licensees of a Vendor) that identifies the License. Vendor can
            assign this number when creating a License or let NetLicensing generate one. Read-only after corresponding
            creation Transaction status is set to closed.
        price: Price for the License. If >0, it must always be accompanied by the currency specification. Read-
            only, set from License Template on creation.

    Returns:
        The new license.
    """
    if currency is not None:
        currency = currency.strip()
    if number is not None:
        number = number.strip()
    license_name = next_id(db, "licenses", "license_name", "L-", 4)
    db.execute("INSERT INTO licenses (active, currency, hidden, license_name, number, price) VALUES (?, ?, ?, ?, "
               "?, ?)",
               [active, currency, hidden, license_name, number, price])
    return db.query_one(_LICENSES_SQL + " WHERE t.license_name = ?", [license_name]) or {}


@tool
def get_license(db: Database, license_name: str) -> dict[str, Any]:
    """Get License.

    Get License by a 'licenseNumber'

    Args:
        license_name: Unique number (across all Products/Licensees of a Vendor) that identifies the License.
            Vendor can assign this number when creating a License or let NetLicensing generate one. Read-only after
            corresponding creation Transaction status is set to closed; e.g. "L-0001" (from list_licenses).

    Returns:
        The license with the names of the rows it refers to.
    """
    return _license(db, license_name)


@tool(writes=True)
def delete_license(db: Database, license_name: str) -> dict[str, Any]:
    """Delete License.

    Delete License by a 'licenseNumber'

    Args:
        license_name: Unique number (across all Products/Licensees of a Vendor) that identifies the License.
            Vendor can assign this number when creating a License or let NetLicensing generate one. Read-only after
            corresponding creation Transaction status is set to closed; e.g. "L-0001" (from list_licenses).

    Returns:
        The removed license, marked deleted.
    """
    license = _license(db, license_name)
    db.execute("DELETE FROM licenses WHERE license_name = ?", [license["license_name"]])
    return {**license, "deleted": True}


@tool(writes=True)
def create_licensee(
        db: Database,
        active: bool,
        product_number: str,
        marked_for_transfer: bool | None = None,
        number: str | None = None,
) -> dict[str, Any]:
    """Create Licensee.

    Creates a new Licensee

    Args:
        active: If set to 'false', the Licensee is disabled. Licensee can not obtain new Licenses, and validation
            is disabled.
        product_number: 'productNumber' to assign new Licensee object.
        marked_for_transfer: Mark Licensee for transfer.
        number: Unique number (across all Products of a Vendor) that identifies the Licensee. Vendor can assign
            this number when creating a Licensee or let NetLicensing generate one. Read-only after creation of the
            first License for the Licensee.

    Returns:
        The new licensee2.
    """
    if number is not None:
        number = number.strip()
    product_number = product_number.strip()
    licensee2_name = next_id(db, "licensee2s", "licensee2_name", "L-", 4)
    db.execute("INSERT INTO licensee2s (active, marked_for_transfer, licensee2_name, number, product_number) "
               "VALUES (?, ?, ?, ?, ?)",
               [active, marked_for_transfer, licensee2_name, number, product_number])
    return db.query_one(_LICENSEE2S_SQL + " WHERE t.licensee2_name = ?", [licensee2_name]) or {}


@tool
def list_license_templates(db: Database) -> list[dict[str, Any]]:
    """List License Templates.

    Return a list of all License Templates for the current Vendor

    Returns:
        The matching license template summaries (license_template_name, license_type, price; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _LICENSE_TEMPLATES_LIST_SQL, [], [], "t.license_template_name")


@tool(writes=True)
def create_license_template(
        db: Database,
        active: bool,
        license_type: LicenseType,
        automatic: bool | None = None,
        currency: str | None = None,
        hidden: bool | None = None,
        number: str | None = None,
        price: float | None = None,
) -> dict[str, Any]:
    """Create License Template.

    Creates a new License Template

    Args:
        active: If set to 'false', the License Template is disabled. Licensee can not obtain any new Licenses off
            this License Template.
        license_type: Type of Licenses created from this License Template. Supported types: FEATURE, TIMEVOLUME,
            FLOATING, QUANTITY.
        automatic: If set to 'true', every new Licensee automatically gets one License out of this License
            Template on creation. Automatic Licenses must have their price set to 0.
        currency: Specifies currency for the License price. Check data types to discover which currencies are
            supported.
        hidden: If set to 'true', this License Template is not shown in NetLicensing Shop as offered for purchase.
        number: Unique number (across all Products of a Vendor) that identifies the License Template. Vendor can
            assign this number when creating a License Template or let NetLicensing generate one. Read-only after
            creation of the first License from this License Template.
        price: Price for the License. If >0, it must always be accompanied by the currency specification.

    Returns:
        The new license template.
    """
    if currency is not None:
        currency = currency.strip()
    if number is not None:
        number = number.strip()
    license_template_name = next_id(db, "license_templates", "license_template_name", "LT-", 4)
    db.execute("INSERT INTO license_templates (active, automatic, currency, hidden, hidden_licenses, license_type, "
               "license_template_name, number, price) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [active, automatic, currency, hidden, None, license_type, license_template_name, number, price])
    return db.query_one(_LICENSE_TEMPLATES_SQL + " WHERE t.license_template_name = ?", [license_template_name]) or {}


@tool
def get_license_template(db: Database, license_template_name: str) -> dict[str, Any]:
    """Get License Template.

    Return a License Template by 'licenseTemplateNumber'

    Args:
        license_template_name: Unique number (across all Products of a Vendor) that identifies the License
            Template. Vendor can assign this number when creating a License Template or let NetLicensing generate one.
            Read-only after creation of the first License from this License Template; e.g. "LT-0001" (from
            list_license_templates).

    Returns:
        The license template with the names of the rows it refers to.
    """
    return _license_template(db, license_template_name)


@tool(writes=True)
def delete_license_template(db: Database, license_template_name: str) -> dict[str, Any]:
    """Delete License Template.

    Delete a License Template by 'number'.

    Args:
        license_template_name: Unique number (across all Products of a Vendor) that identifies the License
            Template; e.g. "LT-0001" (from list_license_templates).

    Returns:
        The removed license template, marked deleted.
    """
    license_template = _license_template(db, license_template_name)
    db.execute("DELETE FROM license_templates WHERE license_template_name = ?",
               [license_template["license_template_name"]])
    return {**license_template, "deleted": True}


@tool
def list_products(db: Database) -> list[dict[str, Any]]:
    """List Products.

    Return a list of all configured Products for the current Vendor

    Returns:
        The matching product rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PRODUCTS_SQL, [], [], "t.product_name")


@tool(writes=True)
def create_product(
        db: Database,
        active: bool,
        version: str,
        licensee_auto_create: bool | None = None,
        number: str | None = None,
) -> dict[str, Any]:
    """Create Product.

    Creates a new Product

    Args:
        active: If set to 'false', the Product is disabled. No new Licensees can be registered for the Product,
            existing Licensees can not obtain new Licenses.
        version: Product version. Convenience parameter, additional to the Product name.
        licensee_auto_create: If set to 'true', non-existing Licensees will be created at first validation
            attempt.
        number: Unique number that identifies the Product. Vendor can assign this number when creating a Product
            or let NetLicensing generate one.

    Returns:
        The new product.
    """
    if number is not None:
        number = number.strip()
    version = version.strip()
    product_name = next_id(db, "products", "product_name", "P-", 4)
    db.execute("INSERT INTO products (active, licensee_auto_create, product_name, number, version) VALUES (?, ?, "
               "?, ?, ?)",
               [active, licensee_auto_create, product_name, number, version])
    return db.query_one(_PRODUCTS_SQL + " WHERE t.product_name = ?", [product_name]) or {}


@tool
def product_number(db: Database, product_name: str) -> dict[str, Any]:
    """Get Product.

    Return a Product by 'productNumber'

    Args:
        product_name: Unique number that identifies the Product; e.g. "P-0001" (from list_products).

    Returns:
        The product with the names of the rows it refers to.
    """
    return _product(db, product_name)


@tool(writes=True)
def delete_product(db: Database, product_name: str) -> dict[str, Any]:
    """Delete Product.

    Delete a Product by 'number'

    Args:
        product_name: Unique number that identifies the Product; e.g. "P-0001" (from list_products).

    Returns:
        The removed product, marked deleted.
    """
    product = _product(db, product_name)
    db.execute("DELETE FROM products WHERE product_name = ?", [product["product_name"]])
    return {**product, "deleted": True}


@tool
def list_product_modules(db: Database) -> list[dict[str, Any]]:
    """List Product Modules.

    Return a list of all Product Modules for the current Vendor

    Returns:
        The matching product module rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _PRODUCT_MODULES_SQL, [], [], "t.product_module_name")


@tool(writes=True)
def create_product_module(db: Database, active: bool, number: str | None = None) -> dict[str, Any]:
    """Create Product Module.

    Creates a new Product Module

    Args:
        active: If set to 'false', the Product Module is disabled. Licensees can not obtain any new Licenses for
            this Product Module.
        number: Unique number (across all Products of a Vendor) that identifies the Product Module. Vendor can
            assign this number when creating a Product Module or let NetLicensing generate one. Read-only after
            creation of the first Licensee for the Product.

    Returns:
        The new product module.
    """
    if number is not None:
        number = number.strip()
    product_module_name = next_id(db, "product_modules", "product_module_name", "PM-", 4)
    db.execute("INSERT INTO product_modules (active, licensing_info, product_module_name, number) VALUES (?, ?, ?, "
               "?)",
               [active, None, product_module_name, number])
    return db.query_one(_PRODUCT_MODULES_SQL + " WHERE t.product_module_name = ?", [product_module_name]) or {}


@tool
def get_product_module(db: Database, product_module_name: str) -> dict[str, Any]:
    """Get Product Module.

    Return a Product Module by 'productModuleNumber'

    Args:
        product_module_name: Unique number (across all Products of a Vendor) that identifies the Product Module.
            Vendor can assign this number when creating a Product Module or let NetLicensing generate one. Read-only
            after creation of the first Licensee for the Product; e.g. "PM-0001" (from list_product_modules).

    Returns:
        The product module with the names of the rows it refers to.
    """
    return _product_module(db, product_module_name)


@tool(writes=True)
def delete_product_module(db: Database, product_module_name: str) -> dict[str, Any]:
    """Delete Product Module.

    Delete a Product Module by 'number'

    Args:
        product_module_name: Unique number (across all Products of a Vendor) that identifies the Product Module;
            e.g. "PM-0001" (from list_product_modules).

    Returns:
        The removed product module, marked deleted.
    """
    product_module = _product_module(db, product_module_name)
    db.execute("DELETE FROM product_modules WHERE product_module_name = ?", [product_module["product_module_name"]])
    return {**product_module, "deleted": True}
