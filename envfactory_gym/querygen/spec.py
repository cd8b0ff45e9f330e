"""QueryGen declarations of an environment (``querygen.json``): who the user is and how things are said."""

from __future__ import annotations

import functools
import json
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field

from envfactory_gym.errors import EnvFormatError, suggest
from envfactory_gym.querygen.template import TemplateError, parse, slots

if TYPE_CHECKING:
    from envfactory_gym.package import EnvPackage

#: The declarations file of an environment folder.
FILE_NAME = "querygen.json"
#: Placeholders every request template may use besides the tools' parameters.
REQUEST_SLOTS = ("fields", "record")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Fact(_Strict):
    """A parameter that identifies the user: held back, given only when the agent asks with a keyword."""

    keywords: list[str] = Field(default_factory=list, description="Words in a question that ask for it.")
    label: str | None = Field(None, description="How the user names it ('email address').")


class User(_Strict):
    """Who the user is: how they introduce themselves and which of their details they hold back."""

    introduce: str | None = Field(None, description="Said in the opening, e.g. \"I'm {first_name} {last_name}\".")
    facts: dict[str, Fact] = Field(default_factory=dict, description="Parameter name -> a held-back fact.")


class Table(_Strict):
    """How the user refers to a row of a table without its id."""

    noun: str | None = Field(None, description="What one row is called ('appointment'); default: from the name.")
    refer: list[str] = Field(default_factory=list, description="Descriptions from the fields of a result record "
                             "holding the row's key, shortest first; the first one that tells it apart is used.")
    again: str | None = Field(None, description="A second mention in the same request ('that appointment').")


class Parameter(_Strict):
    """How a tool parameter's values are said, and where the sampler draws the values a user knows."""

    label: str | None = Field(None, description="How the user names the parameter.")
    values: dict[str, str] = Field(default_factory=dict, description="Value -> words ('feeling_better' -> "
                                   "\"I'm feeling better\"); the request must make the value clear.")
    column: str | None = Field(None, description="'table.column' to draw the user's values from.")
    part: Literal["whole", "word"] = Field("whole", description="'word': one word of the column's value.")
    choices: list[str | int | float] = Field(default_factory=list, description="Values to draw from instead.")
    free_text: bool = Field(False, description="The user says it in their own words (a concern, a note, a reason) "
                            "and an agent may put it in its own: the reward ignores its wording, in the call and in "
                            "the row it writes.")
    needed: bool = Field(False, description="An optional parameter the record needs all the same (its name, its "
                         "title): every request for this tool states it; the tool is no goal when no value is found.")


class Tool(_Strict):
    """How a task ending with this tool is asked for, and where its answer is taken from."""

    goal: list[str] = Field(default_factory=list, description="Write tools: the request, e.g. "
                            "'Please cancel {appointment_id}: {reason}.'")
    question: list[str] = Field(default_factory=list, description="Read tools: the question, with {fields} "
                                "(what is asked) and {record} (the row the answer comes from).")
    mention: list[str] = Field(default_factory=list, description="A sentence giving this tool's user values when "
                               "it is a lookup on the way to another goal.")
    answer_from: list[str] = Field(default_factory=list, description="Keys of the result lists an answer may be "
                                   "taken from; '' is the result itself. Default: the result, or its first list.")
    target: bool = Field(True, description="False: never the goal of a task (still used as a lookup).")
    parameters: dict[str, Parameter] = Field(default_factory=dict, description="Overrides of 'parameters'; an "
                                             "optional one given choices or a column here is stated in requests "
                                             "for this tool (one such per request).")


class QueryGenSpec(_Strict):
    """The whole declarations file; every part is optional (a missing file means all defaults)."""

    user: User = Field(default_factory=User)
    tables: dict[str, Table] = Field(default_factory=dict)
    tools: dict[str, Tool] = Field(default_factory=dict)
    parameters: dict[str, Parameter] = Field(default_factory=dict)
    fields: dict[str, str | None] = Field(default_factory=dict, description="Result field -> how the user names "
                                          "it in a question; null: never asked about.")
    currency: str = Field("$", description="Put before amounts formatted with ':money'.")

    def tool(self, name: str) -> Tool:
        """The declarations of tool ``name`` (defaults when it has none)."""
        return self.tools.get(name) or _NO_TOOL

    def parameter(self, tool: str, name: str) -> Parameter | None:
        """The declarations of a parameter: the tool's own, else the file-wide ones."""
        return self.tool(tool).parameters.get(name) or self.parameters.get(name)

    def own_value(self, tool: str, name: str) -> bool:
        """Whether ``tool`` declares choices of its own for parameter ``name``: a value the user gives (a new
        record's name), never one a lookup finds, even when it is named like a key."""
        declared = self.tool(tool).parameters.get(name)
        return declared is not None and bool(declared.choices)

    def label(self, key: str, tool: str | None = None) -> str:
        """How the user names a field or parameter."""
        param = self.parameter(tool, key) if tool else self.parameters.get(key)
        if param is not None and param.label:
            return param.label
        fact = self.user.facts.get(key)
        if fact is not None and fact.label:
            return fact.label
        return self.fields.get(key) or key.replace("_", " ")

    def askable(self, key: str) -> bool:
        """Whether a result field may be asked about."""
        return key not in self.fields or self.fields[key] is not None

    def say_value(self, tool: str, param: str, value: Any) -> str:
        """A parameter value in the user's words."""
        decl = self.parameter(tool, param)
        if decl is not None and str(value) in decl.values:
            return decl.values[str(value)]
        return str(value).replace("_", " ") if isinstance(value, str) else str(value)


_NO_TOOL = Tool()


def load_declarations(folder: str | Path, pkg: EnvPackage | None = None) -> QueryGenSpec:
    """Read and check ``folder/querygen.json`` (all defaults when the file is missing).

    Names are checked against the environment (``pkg``, or the folder's own package when it has a manifest):
    tools, tables, columns, parameters and template placeholders. Raises :class:`EnvFormatError` with one
    line naming the file, the key and the nearest valid name.
    """
    path = Path(folder) / FILE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return QueryGenSpec()
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise EnvFormatError(path, f"not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise EnvFormatError(path, f"must hold a JSON object, not {type(data).__name__}")
    try:
        spec = QueryGenSpec.model_validate(data)
    except pydantic.ValidationError as exc:
        raise EnvFormatError(path, _problem(exc)) from None
    problem = _check_templates(spec)
    if problem is None:
        if pkg is None and (Path(folder) / "manifest.json").is_file():
            from envfactory_gym.package import load_package

            pkg = load_package(folder)
        if pkg is not None:
            problem = _check_names(spec, pkg)
    if problem:
        raise EnvFormatError(path, problem)
    return spec


def declarations_for(pkg: EnvPackage) -> QueryGenSpec:
    """The checked declarations of a loaded environment (read once per folder)."""
    return _cached(str(pkg.path), pkg)


@functools.lru_cache(maxsize=32)
def _cached(path: str, pkg: EnvPackage) -> QueryGenSpec:
    return load_declarations(path, pkg)


# -- checks ------------------------------------------------------------------------------------------------

def _templates(spec: QueryGenSpec) -> list[tuple[str, str]]:
    out = [("user.introduce", spec.user.introduce)] if spec.user.introduce else []
    for name, t in spec.tables.items():
        out += [(f"tables.{name}.refer.{i}", x) for i, x in enumerate(t.refer)]
        out += [(f"tables.{name}.again", t.again)] if t.again else []
    for name, tool in spec.tools.items():
        for kind in ("goal", "question", "mention"):
            out += [(f"tools.{name}.{kind}.{i}", x) for i, x in enumerate(getattr(tool, kind))]
    return out


def _check_templates(spec: QueryGenSpec) -> str | None:
    for where, text in _templates(spec):
        try:
            parse(text)
        except TemplateError as exc:
            return f"{where}: {exc}"
    return None


def _check_names(spec: QueryGenSpec, pkg: EnvPackage) -> str | None:
    tools, tables = pkg.tools, pkg.template.tables
    params = sorted({p for t in tools.values() for p in t.parameters})
    for name in spec.tools:
        if name not in tools:
            return f"tools.{name}: no such tool.{suggest(name, tools)}"
    for name in spec.tables:
        if name not in tables:
            return f"tables.{name}: no such table.{suggest(name, tables)}"
    scopes: list[tuple[str, Mapping[str, Any], list[str]]] = [("parameters", spec.parameters, params)]
    scopes += [(f"tools.{t}.parameters", d.parameters, list(tools[t].parameters)) for t, d in spec.tools.items()]
    scopes += [("user.facts", spec.user.facts, params)]
    for where, decls, known in scopes:
        for name in decls:
            if name not in known:
                return f"{where}.{name}: no such parameter.{suggest(name, known)}"
    for where, decls, _ in scopes[:-1]:
        for name, decl in decls.items():
            if decl.column:
                table, _, column = decl.column.partition(".")
                if table not in tables:
                    return f"{where}.{name}.column: no table {table!r}.{suggest(table, tables)}"
                if column not in tables[table].columns:
                    return (f"{where}.{name}.column: table {table!r} has no column {column!r}."
                            f"{suggest(column, tables[table].columns)}")
    for where, text in _templates(spec):
        if not where.startswith(("tools.", "user.")):
            continue  # row descriptions name result fields, which only the results show
        known = [*params, *REQUEST_SLOTS] if where.startswith("tools.") else params
        for slot, _ in slots(parse(text)):
            if slot.head not in known:
                return f"{where}: unknown placeholder {{{slot.name}}}.{suggest(slot.head, known)}"
    return None


def _problem(exc: pydantic.ValidationError) -> str:
    err = exc.errors(include_url=False)[0]
    loc = [str(x) for x in err["loc"]]
    where = ".".join(loc) or "(top level)"
    if err["type"] == "extra_forbidden":
        allowed = _allowed_keys(QueryGenSpec, loc[:-1])
        return f"{where}: unknown key.{suggest(loc[-1], allowed)} Valid keys: {', '.join(allowed)}"
    return f"{where}: {err['msg']}"


def _allowed_keys(model: Any, loc: list[str]) -> list[str]:
    """The keys valid at ``loc`` (a path through models and dicts of models)."""
    current: Any = model
    for part in loc:
        if isinstance(current, type) and issubclass(current, BaseModel):
            field = current.model_fields.get(part)
            current = field.annotation if field else None
        elif typing.get_origin(current) is dict:
            current = typing.get_args(current)[1]
        else:
            return []
        while typing.get_origin(current) in (typing.Union, types.UnionType):
            current = next((a for a in typing.get_args(current) if a is not type(None)), None)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []
