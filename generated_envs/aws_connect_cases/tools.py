"""Tools of the aws_connect_cases environment, compiled from Amazon Connect Cases.

With Amazon Connect Cases, your agents can track and manage customer issues that require multiple interactions,
follow-up tasks, and teams in your contact center. A case represents a customer issue. It records the issue, the
steps and interactions taken to resolve the issue, and the outcome. For more information, see Amazon Connect Cases
in the Amazon Connect Administrator Guide .
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_text, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

FieldType = Literal["Text", "Number", "Boolean", "DateTime", "SingleSelect", "Url"]
TemplateStatus = Literal["Active", "Inactive"]

_FIELD_OPTIONS_SQL = "SELECT t.* FROM field_options t"
_FIELD_VALUES_SQL = "SELECT t.* FROM field_values t"
_FIELDS_SQL = "SELECT t.* FROM fields t"
_LAYOUTS_SQL = "SELECT t.* FROM layouts t"
_TEMPLATES_SQL = "SELECT t.* FROM templates t"
_FIELD_ITEMS_SQL = "SELECT t.* FROM field_items t"
_CASES_SQL = "SELECT t.* FROM cases t"
_RELATED_ITEMS_SQL = "SELECT t.* FROM related_items t"


def _field(db: Database, field_name: str) -> dict[str, Any]:
    row = db.query_one(_FIELDS_SQL + " WHERE t.field_name = ?", [field_name.strip().upper()])
    if row is None:
        raise ToolError(f"no field with id {field_name!r} (field ids look like 'F-0001')")
    return row


def _template(db: Database, template_name: str) -> dict[str, Any]:
    row = db.query_one(_TEMPLATES_SQL + " WHERE t.template_name = ?", [template_name.strip().upper()])
    if row is None:
        raise ToolError(f"no template with id {template_name!r} (template ids look like 'T-0001')")
    return row


@tool
def batch_get_field(db: Database) -> list[dict[str, Any]]:
    """Returns the description for the list of fields in the request parameters.

    Returns:
        The matching field rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _FIELDS_SQL, [], [], "t.field_name")


@tool(writes=True)
def create_field(db: Database, type: FieldType, description: str | None = None) -> dict[str, Any]:
    """Creates a field in the Cases domain. This field is used to define the case object model (that is, defines what data can be captured on cases) in a Cases domain.

    Args:
        type: Defines the data type, some system constraints, and default display of the field.
        description: The description of the field; 0 to 255 characters.

    Returns:
        The new field.
    """
    if description is not None:
        description = check_text("description", description, 0, 255)
    field_name = next_id(db, "fields", "field_name", "F-", 4)
    db.execute("INSERT INTO fields (description, field_name, type) VALUES (?, ?, ?)",
               [description, field_name, type])
    return db.query_one(_FIELDS_SQL + " WHERE t.field_name = ?", [field_name]) or {}


@tool(writes=True)
def create_layout(db: Database, content: str) -> dict[str, Any]:
    """Creates a layout in the Cases domain. Layouts define the following configuration in the top section and More Info tab of the Cases user interface: Fields to display to the users Field ordering Title and Status fields cannot be part of layouts since they are not configurable.

    Args:
        content: Object to store union of different versions of layout content.

    Returns:
        The new layout.
    """
    layout_name = next_id(db, "layouts", "layout_name", "L-", 4)
    db.execute("INSERT INTO layouts (content, layout_name) VALUES (?, ?)",
               [content, layout_name])
    return db.query_one(_LAYOUTS_SQL + " WHERE t.layout_name = ?", [layout_name]) or {}


@tool(writes=True)
def create_template(
        db: Database,
        description: str | None = None,
        layout_configuration: str | None = None,
        required_fields: str | None = None,
        status: TemplateStatus | None = None,
) -> dict[str, Any]:
    """Creates a template in the Cases domain. This template is used to define the case object model (that is, to define what data can be captured on cases) in a Cases domain. A template must have a unique name within a domain, and it must reference existing field IDs and layout IDs. Additionally, multiple fields with same IDs are not allowed within the same Template. A template can be either Active or Inactive, as indicated by its status. Inactive templates cannot be used to create cases.

    Args:
        description: A brief description of the template; 0 to 255 characters.
        layout_configuration: Object to store configuration of layouts associated to the template.
        required_fields: A list of fields that must contain a value for a case to be successfully created with
            this template.
        status: The status of the template.

    Returns:
        The new template.
    """
    if description is not None:
        description = check_text("description", description, 0, 255)
    template_name = next_id(db, "templates", "template_name", "T-", 4)
    db.execute("INSERT INTO templates (description, layout_configuration, template_name, required_fields, status) "
               "VALUES (?, ?, ?, ?, ?)",
               [description, layout_configuration, template_name, required_fields, status])
    return db.query_one(_TEMPLATES_SQL + " WHERE t.template_name = ?", [template_name]) or {}


@tool(writes=True)
def update_template(
        db: Database,
        template_name: str,
        description: str | None = None,
        layout_configuration: str | None = None,
        required_fields: str | None = None,
        status: TemplateStatus | None = None,
) -> dict[str, Any]:
    """Updates the attributes of an existing template. The template attributes that can be modified include name , description , layoutConfiguration , requiredFields , and status . At least one of these attributes must not be null. If a null value is provided for a given attribute, that attribute is ignored and its current value is preserved.

    Args:
        template_name: A unique identifier for the template; e.g. "T-0001" (from list_templates).
        description: A brief description of the template; 0 to 255 characters.
        layout_configuration: Object to store configuration of layouts associated to the template.
        required_fields: A list of fields that must contain a value for a case to be successfully created with
            this template.
        status: The status of the template.

    Returns:
        The template as changed.
    """
    template = _template(db, template_name)
    changes: dict[str, Any] = {}
    if description is not None:
        description = check_text("description", description, 0, 255)
        changes["description"] = description
    if layout_configuration is not None:
        changes["layout_configuration"] = layout_configuration
    if required_fields is not None:
        changes["required_fields"] = required_fields
    if status is not None:
        changes["status"] = status
    if not changes:
        raise ToolError("update template needs at least one of description, layout configuration, required fields "
                        "or status")
    update_row(db, "templates", "template_name", template["template_name"], changes)
    return _template(db, template["template_name"])


@tool
def list_fields(db: Database) -> list[dict[str, Any]]:
    """Lists all fields in a Cases domain.

    Returns:
        The matching field rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _FIELDS_SQL, [], [], "t.field_name")


@tool
def list_templates(db: Database) -> list[dict[str, Any]]:
    """Lists all of the templates in a Cases domain. Each list item is a condensed summary object of the template.

    Returns:
        The matching template rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _TEMPLATES_SQL, [], [], "t.template_name")


@tool(writes=True)
def update_field(db: Database, field_name: str, description: str | None = None) -> dict[str, Any]:
    """Updates the properties of an existing field.

    Args:
        field_name: The unique identifier of a field; e.g. "F-0001" (from batch_get_field).
        description: The description of a field; 0 to 255 characters.

    Returns:
        The field as changed.
    """
    field = _field(db, field_name)
    changes: dict[str, Any] = {}
    if description is not None:
        description = check_text("description", description, 0, 255)
        changes["description"] = description
    if not changes:
        raise ToolError("update field needs at least one of description")
    update_row(db, "fields", "field_name", field["field_name"], changes)
    return _field(db, field["field_name"])
