"""Typed tool functions: the ``@tool`` decorator, schema derivation and argument validation."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import docstring_parser
import pydantic

from envfactory_gym.errors import ToolArgumentError, ToolDefinitionError

_TOOL_ATTR = "__envfactory_tool__"


@dataclass(frozen=True)
class ToolMeta:
    """What the ``@tool`` decorator records on a function."""

    writes: bool


def tool(func: Callable[..., Any] | None = None, *, writes: bool = False) -> Any:
    """Mark a function as an environment tool.

    The function's first parameter receives the environment's :class:`~envfactory_gym.database.Database`;
    the remaining typed parameters are the tool's arguments. The OpenAI function-calling schema is derived
    from the signature and the Google-style docstring, so it is never written twice.

    Args:
        func: The function (when used as ``@tool`` without parentheses).
        writes: Whether the tool may change the database. Read tools that try to write fail loudly.

    Example:
        >>> @tool
        ... def get_order(db, order_id: str) -> dict:
        ...     '''Look up one order.
        ...
        ...     Args:
        ...         order_id: The order's id, e.g. "O-1001".
        ...     '''
        ...     return db.query_one("SELECT * FROM orders WHERE order_id = ?", [order_id])
    """

    def mark(f: Callable[..., Any]) -> Callable[..., Any]:
        setattr(f, _TOOL_ATTR, ToolMeta(writes=writes))
        return f

    return mark(func) if func is not None else mark


def is_tool(obj: object) -> bool:
    """Whether ``obj`` was decorated with :func:`tool`."""
    return callable(obj) and isinstance(getattr(obj, _TOOL_ATTR, None), ToolMeta)


@dataclass
class Tool:
    """A tool ready to be called: its function, schema and argument validator."""

    name: str
    func: Callable[..., Any]
    description: str
    writes: bool
    parameters: dict[str, Any]
    required: tuple[str, ...]
    returns: str
    _model: type[pydantic.BaseModel] = field(repr=False)

    @classmethod
    def from_function(cls, func: Callable[..., Any]) -> Tool:
        """Build a tool from a ``@tool``-decorated function, deriving its schema."""
        meta = getattr(func, _TOOL_ATTR, None) or ToolMeta(writes=False)
        name = func.__name__
        if not func.__doc__ or not func.__doc__.strip():
            raise ToolDefinitionError(f"tool {name!r} has no docstring; its description comes from it")
        doc = docstring_parser.parse(inspect.cleandoc(func.__doc__))
        description = "\n\n".join(p for p in (doc.short_description, doc.long_description) if p)
        arg_docs = {p.arg_name: (p.description or "").strip() for p in doc.params}

        try:
            hints = typing.get_type_hints(func)
        except Exception as exc:  # unresolvable annotations are a definition bug
            raise ToolDefinitionError(f"tool {name!r}: cannot resolve type hints ({exc})") from exc
        params = list(inspect.signature(func).parameters.values())
        if not params:
            raise ToolDefinitionError(f"tool {name!r} must take the database as its first parameter")
        fields: dict[str, Any] = {}
        for p in params[1:]:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                raise ToolDefinitionError(f"tool {name!r}: *args/**kwargs are not allowed ({p.name})")
            if p.name not in hints:
                raise ToolDefinitionError(f"tool {name!r}: parameter {p.name!r} has no type annotation")
            if p.name not in arg_docs:
                raise ToolDefinitionError(f"tool {name!r}: parameter {p.name!r} is not described in the docstring")
            default = ... if p.default is inspect.Parameter.empty else p.default
            fields[p.name] = (hints[p.name], pydantic.Field(default, description=arg_docs[p.name]))
        model = pydantic.create_model(
            f"{name}_arguments",
            __config__=pydantic.ConfigDict(extra="forbid"),
            **fields,
        )
        schema = model.model_json_schema()
        properties = {k: _clean_property(v) for k, v in schema.get("properties", {}).items()}
        required = tuple(schema.get("required", []))
        returns = (doc.returns.description or "").strip() if doc.returns else ""
        return cls(name, func, description, meta.writes, properties, required, returns, model)

    @property
    def openai_schema(self) -> dict[str, Any]:
        """The tool in the OpenAI function-calling format."""
        return {
            "type": "function",
            "function": {
                "name": self.name,
                "description": self.description,
                "parameters": {
                    "type": "object",
                    "properties": self.parameters,
                    "required": list(self.required),
                    "additionalProperties": False,
                },
            },
        }

    def validate(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Validate and coerce arguments; raise :class:`ToolArgumentError` with a readable message."""
        if not isinstance(arguments, Mapping):
            raise ToolArgumentError(
                f"arguments of {self.name!r} must be a JSON object, got {type(arguments).__name__}"
            )
        try:
            parsed = self._model.model_validate(dict(arguments))
        except pydantic.ValidationError as exc:
            problems = []
            for err in exc.errors(include_url=False):
                loc = ".".join(str(x) for x in err["loc"]) or "(arguments)"
                if err["type"] == "extra_forbidden":
                    problems.append(f"unexpected argument {loc!r}.{_nearest(loc, self.parameters)}".rstrip("."))
                elif err["type"] == "missing":
                    problems.append(f"missing required argument {loc!r}")
                else:
                    problems.append(f"{loc}: {err['msg']} (got {_short(err.get('input'))})")
            raise ToolArgumentError(f"invalid arguments for {self.name!r}: " + "; ".join(problems)) from None
        return {k: getattr(parsed, k) for k in self._model.model_fields}

    def signature_line(self, compact: bool = False) -> str:
        """A one-line rendering, e.g. ``get_order(order_id: string) - Look up one order.``

        ``compact=True`` drops the description, the ``string`` type (the common case) and the quotes of
        enum values: ``cancel(order_id, reason: late|damaged)``, about half the tokens.
        """
        args = []
        for pname, prop in self.parameters.items():
            opt = "" if pname in self.required else "?"
            kind = _type_name(prop, quote=not compact)
            args.append(f"{pname}{opt}" if compact and kind == "string" else f"{pname}{opt}: {kind}")
        first_line = self.description.splitlines()[0] if self.description and not compact else ""
        signature = f"{self.name}({', '.join(args)})"
        return f"{signature} - {first_line}" if first_line else signature


def _clean_property(prop: dict[str, Any]) -> dict[str, Any]:
    """Drop pydantic's titles and flatten ``Optional[X]`` into the shape LLM tool schemas usually have."""
    prop = {k: v for k, v in prop.items() if k != "title"}
    if "anyOf" in prop:
        variants = [v for v in prop["anyOf"] if v.get("type") != "null"]
        if len(variants) == 1:
            rest = {k: v for k, v in prop.items() if k != "anyOf"}
            prop = {**_clean_property(variants[0]), **rest}
    if "items" in prop and isinstance(prop["items"], dict):
        prop["items"] = _clean_property(prop["items"])
    return prop


def _type_name(prop: dict[str, Any], quote: bool = True) -> str:
    if "enum" in prop:
        return "|".join(repr(v) if quote else str(v) for v in prop["enum"])
    t = prop.get("type", "any")
    if t == "array":
        return f"{_type_name(prop.get('items', {}), quote)}[]"
    return str(t)


def _nearest(name: str, params: Mapping[str, Any]) -> str:
    from envfactory_gym.errors import suggest

    return suggest(name, params)


def _short(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def collect_tools(namespace: Mapping[str, Any]) -> dict[str, Tool]:
    """Build every ``@tool`` function found in a module namespace, keyed by name, in definition order."""
    return {name: Tool.from_function(obj) for name, obj in namespace.items() if is_tool(obj)}
