"""Tool schema derivation and argument validation."""

from __future__ import annotations

from typing import Literal

import pytest

from envfactory_gym.errors import ToolArgumentError, ToolDefinitionError
from envfactory_gym.tools import Tool, collect_tools, tool


@tool(writes=True)
def set_price(db, product_id: str, price: float, tags: list[str] | None = None,
              mode: Literal["fixed", "discount"] = "fixed") -> dict:
    """Set a product's price.

    Longer explanation of the rules.

    Args:
        product_id: The product's id.
        price: The new price in dollars.
        tags: Optional labels.
        mode: How the price applies.

    Returns:
        The updated product.
    """
    return {}


def test_schema_is_derived_from_signature_and_docstring():
    t = Tool.from_function(set_price)
    schema = t.openai_schema
    fn = schema["function"]
    assert schema["type"] == "function" and fn["name"] == "set_price"
    assert fn["description"].startswith("Set a product's price.")
    props = fn["parameters"]["properties"]
    assert props["product_id"] == {"type": "string", "description": "The product's id."}
    assert props["price"]["type"] == "number"
    assert props["tags"]["type"] == "array" and props["tags"]["items"] == {"type": "string"}
    assert props["mode"]["enum"] == ["fixed", "discount"] and props["mode"]["default"] == "fixed"
    assert fn["parameters"]["required"] == ["product_id", "price"]
    assert fn["parameters"]["additionalProperties"] is False
    assert t.writes is True and t.returns == "The updated product."
    assert t.signature_line().startswith("set_price(product_id: string, price: number, tags?: string[]")


def test_validate_coerces_and_fills_defaults():
    t = Tool.from_function(set_price)
    assert t.validate({"product_id": "P1", "price": 3}) == {
        "product_id": "P1", "price": 3.0, "tags": None, "mode": "fixed"}


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ({"price": 1.0}, "missing required argument 'product_id'"),
        ({"product_id": "P1", "price": "cheap"}, "price"),
        ({"product_id": ["x"], "price": 1.0}, "product_id"),
        ({"product_id": "P1", "price": 1.0, "prise": 2}, "unexpected argument 'prise'. Did you mean 'price'?"),
        ({"product_id": "P1", "price": 1.0, "zzz": 2}, "unexpected argument 'zzz'"),
        ({"product_id": "P1", "price": 1.0, "mode": "free"}, "mode"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_validate_rejects_bad_arguments_with_readable_message(args, needle):
    t = Tool.from_function(set_price)
    with pytest.raises(ToolArgumentError) as err:
        t.validate(args)
    assert needle in str(err.value)
    assert err.value.is_format_error


def test_definition_errors_are_loud():
    def no_doc(db, x: int):
        return x

    def undocumented(db, x: int):
        """Does things.

        Args:
            y: not x.
        """

    def untyped(db, x):
        """Does things.

        Args:
            x: a thing.
        """

    for f, needle in ((no_doc, "no docstring"), (undocumented, "not described"), (untyped, "no type annotation")):
        with pytest.raises(ToolDefinitionError, match=needle):
            Tool.from_function(tool(f))


def test_collect_tools_keeps_only_decorated_functions():
    def helper(db):
        """Not a tool."""

    tools = collect_tools({"set_price": set_price, "helper": helper, "x": 3})
    assert list(tools) == ["set_price"]
