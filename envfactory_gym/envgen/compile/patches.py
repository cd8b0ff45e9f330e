"""Patch-style updates: ``UpdateGroup {GroupId, Operations: [{AttributePath, AttributeValue}]}``.

The request names no field of the resource: it carries a list of (path, value) changes. The compiled update tool
takes the resource's updatable fields instead, each optional (a change of ``display_name`` is the operation
``{AttributePath: "displayName", AttributeValue: ...}``), so the update is an ordinary one rather than an update
"with no field to change".
"""

from __future__ import annotations

from typing import Any

from envfactory_gym.envgen.compile.openapi import SchemaReader, snake
from envfactory_gym.envgen.digest import Entity, Parameter

#: The value types a patch may set on a field (lists and objects are left out: a path into them is no column).
_SETTABLE = ("string", "integer", "number", "boolean")


def is_patch_list(schemas: SchemaReader, raw: Any, where: str) -> bool:
    """Whether a request property is a list of changes: an array of objects with a path and a value
    (``{AttributePath, AttributeValue}``, JSON Patch's ``{op, path, value}``)."""
    flat, _ = schemas.flatten(raw, where)
    if flat.get("type") != "array" or not isinstance(flat.get("items"), dict):
        return False
    items, _ = schemas.flatten(flat["items"], f"{where}.items")
    names = [snake(str(p)) for p in items.get("properties") or {}]
    return any(n == "path" or n.endswith("_path") for n in names) and \
        any(n == "value" or n.endswith("_value") for n in names)


def expand_patches(params: list[Parameter], entity: Entity, op_name: str, notes: list[str]) -> list[Parameter]:
    """``params`` with each patch list replaced by one optional input per settable field of ``entity`` (not its
    key, not a reference, not a field another input already sets)."""
    patches = [p for p in params if p.extensions.get("patch")]
    if not patches:
        return params
    out = [p for p in params if not p.extensions.get("patch")]
    taken = {p.name for p in out}
    given = str(patches[0].extensions.get("given") or patches[0].name)
    added = []
    for f in entity.fields:
        if f.primary_key or f.references or f.type not in _SETTABLE or f.name in taken:
            continue
        data = {k: v for k, v in f.model_dump().items() if k in Parameter.model_fields}
        data.update(required=False, extensions={"in": "body", "given": f"{given}[{f.name}]", "patch": given})
        out.append(Parameter(**data))
        added.append(f.name)
    notes.append(f"{op_name}: body field {given!r} (a list of attribute path/value changes) compiled as one "
                 f"optional input per field of {entity.name}: {', '.join(added) or 'none'}")
    return out
