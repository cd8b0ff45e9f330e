"""The resource digest: what every reader makes of an authentic resource, and what the prompts and compiler use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from envfactory_gym.errors import ResourceError

#: JSON-schema scalar and container types a field or parameter may have.
ValueType = Literal["string", "integer", "number", "boolean", "array", "object"]
SourceKind = Literal["docs", "openapi", "mcp", "sql"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Parameter(_Model):
    """One input of an operation, or one column of an entity."""

    name: str
    type: ValueType = "string"
    required: bool = False
    description: str = ""
    enum: list[Any] | None = None
    format: str | None = None
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    #: The entity this value refers to (a foreign key), by entity name.
    references: str | None = None
    #: For array values: the type of the items.
    items: ValueType | None = None
    #: The resource's vendor extensions (``x-unique`` -> ``unique``), kept as given for the compiler.
    extensions: dict[str, Any] = Field(default_factory=dict)


class EntityField(Parameter):
    """A column of an entity; ``primary_key`` marks its identifier."""

    primary_key: bool = False
    read_only: bool = False


class Entity(_Model):
    """A kind of record the resource manages (a table in the environment)."""

    name: str
    description: str = ""
    fields: list[EntityField] = Field(default_factory=list)
    #: Example records from the resource, as given there.
    examples: list[dict[str, Any]] = Field(default_factory=list)
    #: The resource's vendor extensions (``x-seed-rows`` -> ``seed-rows``), kept as given for the compiler.
    extensions: dict[str, Any] = Field(default_factory=dict)

    def primary_key(self) -> EntityField | None:
        return next((f for f in self.fields if f.primary_key), None)


class Operation(_Model):
    """One thing a client can do: a read (get, list, search) or a write (create, update, delete, action)."""

    name: str
    kind: Literal["read", "write"]
    description: str = ""
    #: create, update, delete, get, list, search or action; ``None`` when the resource does not say.
    verb: str | None = None
    entity: str | None = None
    method: str | None = None
    path: str | None = None
    parameters: list[Parameter] = Field(default_factory=list)
    returns: str = ""
    #: The resource's stated failure cases for this operation (e.g. "409 when the class is full").
    errors: list[str] = Field(default_factory=list)
    #: The resource's vendor extensions (``x-transition`` -> ``transition``), kept as given for the compiler.
    extensions: dict[str, Any] = Field(default_factory=dict)


class Digest(_Model):
    """The normalized content of one resource set: entities, operations, constraints and examples."""

    name: str
    domain: str
    source_kind: SourceKind
    #: Where the content came from: file paths, a URL or an MCP command.
    sources: list[str] = Field(default_factory=list)
    title: str = ""
    description: str = ""
    entities: list[Entity] = Field(default_factory=list)
    operations: list[Operation] = Field(default_factory=list)
    #: Business rules and limits stated by the resource, one sentence each.
    constraints: list[str] = Field(default_factory=list)
    #: Free-text examples (request/response samples, usage notes), kept short.
    examples: list[str] = Field(default_factory=list)
    #: Raw text excerpts for readers that cannot structure their input (documentation pages), bounded in size.
    text: str = ""
    #: The resource's top-level vendor extensions (``x-now`` -> ``now``), kept as given for the compiler.
    extensions: dict[str, Any] = Field(default_factory=dict)

    def entity(self, name: str) -> Entity:
        for e in self.entities:
            if e.name == name:
                return e
        from envfactory_gym.errors import UnknownEntityError, suggest

        names = [e.name for e in self.entities]
        raise UnknownEntityError(name, names, f"digest {self.name!r} has no entity {name!r}{suggest(name, names)}")

    def to_json(self) -> str:
        return self.model_dump_json(indent=2, exclude_defaults=True)

    @classmethod
    def load(cls, path: str | Path) -> Digest:
        """Read a digest written by :meth:`to_json`; a bad file is a one-line error naming it."""
        path = Path(path)
        try:
            return cls.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            raise ResourceError(f"{path}: no such digest file") from None
        except (ValueError, TypeError) as exc:
            first = str(exc).strip().splitlines()
            raise ResourceError(f"{path}: not a resource digest ({' '.join(first[:2])})") from None
