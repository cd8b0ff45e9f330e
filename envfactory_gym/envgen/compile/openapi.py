"""Read an OpenAPI 3 specification (JSON or YAML) into a resource :class:`~envfactory_gym.envgen.digest.Digest`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.digest import Digest, Entity, EntityField, Operation, Parameter
from envfactory_gym.errors import ResourceError, suggest

_METHODS = ("get", "post", "put", "patch", "delete")
_SCALARS = ("string", "integer", "number", "boolean", "array", "object")
_KEYS = ("description", "enum", "format", "default", "minimum", "maximum", "pattern")


def snake(name: str) -> str:
    """``listOpenOrders``, ``check-in`` and ``LineItem`` as ``list_open_orders``, ``check_in``, ``line_item``."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name))
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def load_document(path: Path) -> dict[str, Any]:
    """The parsed JSON or YAML document at ``path``; a one-line error naming it when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResourceError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ResourceError(f"{path}: cannot be read ({exc})") from None
    try:
        if path.suffix.lower() == ".json" or text.lstrip().startswith("{"):
            data = json.loads(text)
        else:
            import yaml

            data = yaml.safe_load(text)
    except Exception as exc:  # JSON and YAML parsers raise their own error types
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise ResourceError(f"{path}: not valid JSON or YAML ({first})") from None
    if not isinstance(data, dict):
        raise ResourceError(f"{path}: an OpenAPI document must be a mapping, not {type(data).__name__}")
    return data


class _Reader:
    """One document's references, schemas and operations, turned into digest parts."""

    def __init__(self, path: Path, doc: dict[str, Any]) -> None:
        self.path, self.doc = path, doc
        version = str(doc.get("openapi", ""))
        if not version.startswith("3."):
            found = f"version {version!r}" if version else "no 'openapi' version"
            raise self.error(f"{found}: only OpenAPI 3.0 and 3.1 are supported")
        schemas = (doc.get("components") or {}).get("schemas") or {}
        if not isinstance(schemas, dict) or not schemas:
            raise self.error("no components.schemas: the compiler needs one schema per resource")
        self.schemas: dict[str, Any] = schemas
        self.entities: dict[str, Entity] = {}
        self.id_schemas: dict[str, str] = {}  # '#/components/schemas/MemberId' -> 'Member'

    def error(self, problem: str) -> ResourceError:
        return ResourceError(f"{self.path}: {problem}", path=self.path)

    # -- references ----------------------------------------------------------------------------------------

    def target(self, ref: Any, where: str) -> Any:
        """The node a local ``$ref`` points to."""
        if not isinstance(ref, str) or not ref.startswith("#/"):
            raise self.error(f"{where}: unsupported $ref {ref!r} (only local references like "
                             "'#/components/schemas/Name' are supported)")
        node: Any = self.doc
        parts = [p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/")]
        for i, part in enumerate(parts):
            if not isinstance(node, dict) or part not in node:
                known = list(node) if isinstance(node, dict) else []
                raise self.error(f"{where}: $ref {ref!r} points to nothing ('{'/'.join(parts[:i + 1])}' is "
                                 f"missing){suggest(part, known)}")
            node = node[part]
        return node

    def flatten(self, schema: Any, where: str, depth: int = 0) -> tuple[dict[str, Any], str | None]:
        """A schema with ``$ref`` and ``allOf`` merged in (local keys win), and the last schema ref followed."""
        if depth > 20:
            raise self.error(f"{where}: $ref cycle")
        if not isinstance(schema, dict):
            return {}, None
        merged: dict[str, Any] = {}
        ref_name = None
        if "$ref" in schema:
            ref = schema["$ref"]
            merged, ref_name = self.flatten(self.target(ref, where), where, depth + 1)
            ref_name = ref if ref.startswith("#/components/schemas/") and ref_name is None else ref_name
            ref_name = ref_name or ref
        for part in schema.get("allOf") or []:
            sub, sub_ref = self.flatten(part, where, depth + 1)
            merged.update(sub)
            ref_name = sub_ref or ref_name
        for key in ("oneOf", "anyOf"):
            variants = [v for v in schema.get(key) or [] if not (isinstance(v, dict) and v.get("type") == "null")]
            if len(variants) == 1:
                sub, sub_ref = self.flatten(variants[0], where, depth + 1)
                merged.update(sub)
                ref_name = sub_ref or ref_name
        merged.update({k: v for k, v in schema.items() if k not in ("$ref", "allOf", "oneOf", "anyOf")})
        if isinstance(merged.get("type"), list):  # 3.1: ["string", "null"]
            kinds = [t for t in merged["type"] if t != "null"]
            merged["type"] = kinds[0] if kinds else "string"
        return merged, ref_name

    def direct_ref(self, schema: Any) -> str | None:
        """The first schema ``$ref`` of a property, directly or through ``allOf``."""
        if not isinstance(schema, dict):
            return None
        if isinstance(schema.get("$ref"), str):
            return schema["$ref"]
        for part in schema.get("allOf") or []:
            found = self.direct_ref(part)
            if found:
                return found
        return None

    # -- entities ------------------------------------------------------------------------------------------

    def primary_key_name(self, name: str, props: dict[str, Any]) -> str | None:
        marked = [p for p, s in props.items() if isinstance(s, dict) and s.get("x-primary-key")]
        if marked:
            return marked[0]
        for candidate in (f"{snake(name)}_id", "id"):
            if candidate in props:
                return candidate
        # A schema named WaitlistEntry may key its rows by entry_id: the last word of its name.
        last = snake(name).split("_")[-1] + "_id"
        return last if last in props else None

    def read_entities(self) -> list[Entity]:
        found: dict[str, tuple[dict[str, Any], str]] = {}
        for name, raw in self.schemas.items():
            schema, _ = self.flatten(raw, f"components.schemas.{name}")
            props = schema.get("properties")
            if schema.get("type", "object") != "object" or not isinstance(props, dict):
                continue
            pk = self.primary_key_name(name, props)
            if pk is None:
                continue
            found[name] = (schema, pk)
            ref = self.direct_ref(props[pk])
            if ref:
                self.id_schemas[ref] = name
            self.id_schemas[f"#/components/schemas/{name}"] = name
        if not found:
            raise self.error("no resource schema: give each resource an object schema with an id property "
                             "('id' or '<name>_id', e.g. 'member_id' in 'Member')")
        for name, (schema, _pk) in found.items():
            self.entities[name] = Entity(name=name, description=str(schema.get("description", "")).strip())
        by_key = {found[n][1]: n for n in found if found[n][1] != "id"}
        for name, (schema, pk) in found.items():
            required = set(schema.get("required") or [])
            fields = [EntityField(**self.parameter(prop, sub, f"components.schemas.{name}.properties.{prop}",
                                                   required=prop in required or prop == pk, by_key=by_key,
                                                   own=name),
                                  primary_key=prop == pk, read_only=bool(self.flatten(sub, name)[0].get("readOnly")))
                      for prop, sub in schema["properties"].items()]
            examples: list[Any] = schema["examples"] if isinstance(schema.get("examples"), list) else []
            if isinstance(schema.get("example"), dict):
                examples = [schema["example"], *examples]
            entity = self.entities[name]
            entity.fields = fields
            entity.examples = [e for e in examples if isinstance(e, dict)]
            entity.extensions = _extensions(schema)
        return list(self.entities.values())

    def parameter(self, name: str, raw: Any, where: str, *, required: bool, by_key: dict[str, str],
                  own: str | None = None) -> dict[str, Any]:
        """The digest fields of one property or parameter."""
        schema, _ = self.flatten(raw, where)
        kind = schema.get("type") or ("object" if "properties" in schema else "string")
        if kind not in _SCALARS:
            raise self.error(f"{where}: unsupported type {kind!r}{suggest(str(kind), _SCALARS)}")
        out: dict[str, Any] = {"name": name, "type": kind, "required": required}
        for key in _KEYS:
            if schema.get(key) is not None:
                out[key] = schema[key]
        out["description"] = str(out.get("description", "")).strip()
        if isinstance(schema.get("exclusiveMinimum"), (int, float)) and not isinstance(schema["exclusiveMinimum"], bool):
            out["minimum"] = schema["exclusiveMinimum"]
        for src, dst in (("minLength", "min_length"), ("maxLength", "max_length")):
            if schema.get(src) is not None:
                out[dst] = schema[src]
        if kind == "array":
            items, _ = self.flatten(schema.get("items") or {}, f"{where}.items")
            out["items"] = items.get("type") if items.get("type") in _SCALARS else "string"
        ref = self.direct_ref(raw)
        target = self.id_schemas.get(ref or "")
        if target is None and name in by_key:
            target = by_key[name]
        if target is not None and target != own:
            out["references"] = target
        ext = _extensions(schema)
        if isinstance(raw, dict):
            ext.update(_extensions(raw))
        if schema.get("multipleOf") is not None:
            ext["multiple-of"] = schema["multipleOf"]
        if schema.get("examples") or schema.get("example") is not None:
            values: list[Any] = schema["examples"] if isinstance(schema.get("examples"), list) else \
                [schema.get("example")]
            ext.setdefault("examples", [v for v in values if v is not None])
        out["extensions"] = ext
        return out

    # -- operations ----------------------------------------------------------------------------------------

    def read_operations(self) -> list[Operation]:
        paths = self.doc.get("paths") or {}
        if not isinstance(paths, dict):
            raise self.error("'paths' must be a mapping of paths to operations")
        ops: list[Operation] = []
        by_key = {pk.name: e.name for e in self.entities.values() if (pk := e.primary_key())}
        for path, item in paths.items():
            if not isinstance(item, dict):
                raise self.error(f"paths.{path}: must be a mapping of methods to operations")
            shared = item.get("parameters") or []
            for method in _METHODS:
                op = item.get(method)
                if isinstance(op, dict):
                    ops.append(self.operation(path, method, op, shared, by_key))
        names = [o.name for o in ops]
        for name in names:
            if names.count(name) > 1:
                raise self.error(f"two operations are called {name!r}: give them distinct operationIds")
        return ops

    def operation(self, path: str, method: str, op: dict[str, Any], shared: list[Any],
                  by_key: dict[str, str]) -> Operation:
        where = f"paths.{path}.{method}"
        name = snake(str(op.get("operationId") or f"{method}_{path}"))
        params: list[Parameter] = []
        for i, raw in enumerate([*shared, *(op.get("parameters") or [])]):
            p = self.target(raw["$ref"], f"{where}.parameters[{i}]") if isinstance(raw, dict) and "$ref" in raw else raw
            if not isinstance(p, dict) or "name" not in p:
                raise self.error(f"{where}.parameters[{i}]: a parameter needs a name")
            if p.get("in") not in ("path", "query"):
                continue  # headers and cookies are transport, not part of the tool
            fields = self.parameter(p["name"], p.get("schema") or {}, f"{where}.parameters.{p['name']}",
                                    required=bool(p.get("required")) or p.get("in") == "path", by_key=by_key)
            fields["description"] = str(p.get("description") or fields["description"]).strip()
            fields["extensions"] = {**fields["extensions"], **_extensions(p), "in": p["in"]}
            params.append(Parameter(**fields))
        body_ref = None
        body = op.get("requestBody")
        if isinstance(body, dict) and "$ref" in body:
            body = self.target(body["$ref"], f"{where}.requestBody")
        if isinstance(body, dict):
            content = body.get("content") or {}
            media: Any = content.get("application/json") or next(iter(content.values()), {}) if content else {}
            raw = (media or {}).get("schema") or {}
            body_ref = self.direct_ref(raw)
            schema, _ = self.flatten(raw, f"{where}.requestBody")
            required = set(schema.get("required") or [])
            for prop, sub in (schema.get("properties") or {}).items():
                if self.flatten(sub, prop)[0].get("readOnly"):
                    continue
                fields = self.parameter(prop, sub, f"{where}.requestBody.{prop}", required=prop in required,
                                        by_key=by_key)
                fields["extensions"] = {**fields["extensions"], "in": "body"}
                params.append(Parameter(**fields))
        entity, returns = self.operation_entity(path, op, params, body_ref, where)
        verb = _verb(method, path, returns)
        errors = [f"{code} {(r.get('description') if isinstance(r, dict) else '') or ''}".strip()
                  for code, r in (op.get("responses") or {}).items() if str(code)[:1] in "45"]
        description = "\n\n".join(str(op[k]).strip() for k in ("summary", "description") if op.get(k))
        return Operation(name=name, kind="read" if method == "get" else "write", description=description,
                         verb=verb, entity=entity, method=method.upper(), path=path, parameters=params,
                         returns=returns, errors=errors, extensions=_extensions(op))

    def operation_entity(self, path: str, op: dict[str, Any], params: list[Parameter], body_ref: str | None,
                         where: str) -> tuple[str, str]:
        """The resource an operation acts on, and ``"list"``/``"one"``/``""`` for what it returns."""
        for code in ("200", "201", "202"):
            resp = (op.get("responses") or {}).get(code) or (op.get("responses") or {}).get(int(code))
            if isinstance(resp, dict) and "$ref" in resp:
                resp = self.target(resp["$ref"], f"{where}.responses.{code}")
            content = (resp or {}).get("content") or {}
            for media in content.values():
                raw = (media or {}).get("schema") or {}
                schema, _ = self.flatten(raw, f"{where}.responses.{code}")
                many = schema.get("type") == "array"
                ref = self.direct_ref(schema.get("items") if many else raw)
                name = self.id_schemas.get(ref or "")
                if name:
                    return name, "list" if many else "one"
        segments = [s for s in path.split("/") if s and not s.startswith("{")]
        tables = {snake(n): n for n in self.entities}
        for seg in segments:
            key = snake(seg)
            for candidate in (key, key[:-1], key[:-3] + "y" if key.endswith("ies") else key, key.rstrip("s")):
                if candidate in tables:
                    return tables[candidate], ""
        path_keys = [p.references for p in params if (p.extensions or {}).get("in") == "path" and p.references]
        if path_keys:
            return path_keys[-1], ""
        if body_ref and body_ref in self.id_schemas:
            return self.id_schemas[body_ref], ""
        last = segments[0] if segments else path
        raise self.error(f"{where}: the path {path!r} names no resource schema{suggest(_camel(last), self.entities)}")


def _camel(segment: str) -> str:
    words = snake(segment).split("_")
    if words and words[-1].endswith("s"):
        words[-1] = words[-1][:-1]
    return "".join(w.title() for w in words)


def _verb(method: str, path: str, returns: str) -> str:
    last = path.rstrip("/").split("/")[-1]
    ends_with_id = last.startswith("{")
    if method == "get":
        return "list" if returns == "list" or not ends_with_id else "get"
    if method in ("put", "patch"):
        return "update"
    if method == "delete":
        return "delete"
    return "create" if not ends_with_id and "{" not in path else "action"


def _extensions(node: Any) -> dict[str, Any]:
    if not isinstance(node, dict):
        return {}
    return {k[2:]: v for k, v in node.items() if isinstance(k, str) and k.startswith("x-")}


def read_openapi(path: str | Path) -> Digest:
    """Read an OpenAPI 3.0/3.1 document (JSON or YAML): one entity per resource schema, one operation per method.

    Raises:
        EnvFactoryError: one line naming the file and the problem (unsupported or dangling ``$ref``, no
            resource schemas, a path with no resource), with the nearest name where there is one.
    """
    path = Path(path)
    doc = load_document(path)
    reader = _Reader(path, doc)
    entities = reader.read_entities()
    operations = reader.read_operations()
    info = doc.get("info") or {}
    title = str(info.get("title", "")).strip()
    constraints = [o.description.split("\n\n", 1)[1].strip() for o in operations
                   if "\n\n" in o.description]
    ext = _extensions(info)
    ext.update(_extensions(doc))
    return Digest(name=snake(str(ext.get("name") or title or path.stem))[:40] or "api",
                  domain=str(ext.get("domain") or "general"), source_kind="openapi", sources=[str(path)],
                  title=title, description=str(info.get("description", "")).strip(), entities=entities,
                  operations=operations, constraints=list(dict.fromkeys(constraints)), extensions=ext)
