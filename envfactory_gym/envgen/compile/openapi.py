"""Read an OpenAPI 3 or Swagger 2.0 description (JSON or YAML) into a resource :class:`~envfactory_gym.envgen.digest.Digest`."""

from __future__ import annotations

import functools
import keyword
import re
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.compile.blueprint import singular
from envfactory_gym.envgen.compile.inline import NESTED, hoist_inline_schemas
from envfactory_gym.envgen.compile.loader import load_document, resolve_pointer
from envfactory_gym.envgen.digest import Entity, EntityField
from envfactory_gym.errors import ResourceError, suggest

__all__ = ["SchemaReader", "clean_text", "field_name", "load_document", "snake"]

_SCALARS = ("string", "integer", "number", "boolean", "array", "object")
_KEYS = ("description", "enum", "format", "default", "minimum", "maximum", "pattern")
#: Key property names other than ``id`` and ``<name>_id``, in the order they are tried.
ID_NAMES = ("uuid", "uid", "guid", "sid", "gid", "key", "slug", "handle")
#: Key names that are also every record's own attributes: a field so named refers to no other resource.
GENERIC_NAMES = ("name", "code", "arn", "title", "label", "type", "number")
#: Names the generated tools use for their own variables: a field of that name is renamed ``<name>_``.
CODE_NAMES = frozenset({"db", "where", "params", "changes", "used", "taken", "row", "result", "state", "self"})
#: Integer bounds beyond DuckDB's INTEGER are dropped (``int64`` limits say nothing about the resource).
INT_LIMIT = 2 ** 31 - 1


def snake(name: str) -> str:
    """``listOpenOrders``, ``check-in`` and ``LineItem`` as ``list_open_orders``, ``check_in``, ``line_item``."""
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name))
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


@functools.lru_cache(maxsize=1)
def sql_reserved() -> frozenset[str]:
    """DuckDB's keywords that cannot name a column unquoted."""
    import duckdb

    rows = duckdb.execute("SELECT keyword_name FROM duckdb_keywords() "
                          "WHERE keyword_category IN ('reserved', 'type_function')").fetchall()
    return frozenset(r[0] for r in rows)


def field_name(name: str) -> str:
    """A property or parameter name as a column and Python argument (``petId`` -> ``pet_id``, ``from`` -> ``from_``)."""
    out = snake(name) or "value"
    if out[0].isdigit():
        out = f"f_{out}"
    if keyword.iskeyword(out) or out in sql_reserved() or out in CODE_NAMES:
        out += "_"
    return out


#: Words around a resource's name in wrapper schemas (``CreateWorkspaceResponse``, ``WorkspaceSummary``).
VERB_WORDS = frozenset({"create", "get", "update", "put", "delete", "describe", "list", "add", "remove", "new",
                        "patch", "post", "modify", "batch", "retrieve", "fetch", "read"})
WRAPPER_WORDS = frozenset({"response", "request", "result", "results", "output", "input", "description", "summary",
                           "details", "detail", "info", "dto", "model", "payload", "body", "resource", "data",
                           "object", "schema", "view", "representation", "metadata"})


#: Last words of an operation's own message schemas (``DeleteThingRequest``, ``ListThingsOutput``).
MESSAGE_WORDS = frozenset({"request", "response", "input", "output", "result", "params", "parameters", "body"})
ERROR_WORDS = frozenset({"error", "errors", "problem", "exception", "fault"})
ERROR_NAMES = frozenset({"not_found", "invalid", "bad_request", "unauthorized", "forbidden", "conflict"})
#: A property only a page of a list holds: the token of the next page (``NextToken``, ``nextPageToken``).
_PAGE_TOKEN = re.compile(r"next_(?:page_)?(?:token|cursor|marker)|continuation_token")


def core_name(name: str) -> str:
    """A schema's resource name without wrapper words, in the singular (``CreateWorkspaceResponse`` -> ``workspace``,
    ``Labels`` -> ``label``)."""
    words = snake(name).split("_")
    while len(words) > 1 and words[0] in VERB_WORDS:
        words = words[1:]
    while len(words) > 1 and words[-1] in WRAPPER_WORDS:
        words = words[:-1]
    return singular("_".join(words))  # Labels and NewLabel: one resource, label


def camel(name: str) -> str:
    return "".join(w.title() for w in snake(name).split("_")) or "Record"


def clean_text(text: Any, limit: int = 600) -> str:
    """Prose safe for docstrings, SQL comments and request templates: no markup, braces or backslashes."""
    s = str(text or "")
    s = re.sub(r"<[^>]{0,200}>", " ", s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s)
    s = s.replace("\\", "/").replace("{", "").replace("}", "").replace('"""', '"').replace("`", "'")
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", s)]
    out = "\n\n".join(p for p in paragraphs if p)
    return out if len(out) <= limit else out[:limit].rsplit(" ", 1)[0].rstrip(".,;:") + "..."


class SchemaReader:
    """One document's references and schemas, turned into entities; operations are read by ``operations``."""

    def __init__(self, path: Path, doc: dict[str, Any]) -> None:
        self.path, self.doc = path, doc
        version = str(doc.get("openapi", ""))
        if not version.startswith("3."):
            found = f"version {version!r}" if version else "no 'openapi' or 'swagger' version"
            raise self.error(f"{found}: only OpenAPI 3.0/3.1 and Swagger 2.0 are supported")
        hoisted = hoist_inline_schemas(doc)
        schemas = (doc.get("components") or {}).get("schemas") or {}
        if not isinstance(schemas, dict) or not schemas:
            raise self.error("no components.schemas: the compiler needs one schema per resource")
        self.schemas: dict[str, Any] = schemas
        self.entities: dict[str, Entity] = {}
        self.id_schemas: dict[str, str] = {}  # '#/components/schemas/MemberId' -> 'Member'
        self.entity_refs: dict[str, str] = {}  # '#/components/schemas/Member' -> 'Member'
        self.cores: dict[str, str] = {}  # entity -> its resource name in snake case
        self.notes: list[str] = [f"inline schema named {n} (written in place in the document)" for n in hoisted]

    def error(self, problem: str) -> ResourceError:
        return ResourceError(f"{self.path}: {problem}", path=self.path)

    # -- references ----------------------------------------------------------------------------------------

    def target(self, ref: Any, where: str) -> Any:
        """The node a local ``$ref`` points to (array indices such as ``.../allOf/0`` included)."""
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise self.error(f"{where}: unsupported $ref {ref!r} (only references inside the document or to "
                             "local files)")
        try:
            return resolve_pointer(self.doc, ref[1:], ref, self.path)
        except ResourceError:
            parts = [p for p in ref[2:].split("/")]
            known = list(self.schemas) if ref.startswith("#/components/schemas/") else []
            raise self.error(f"{where}: $ref {ref!r} points to nothing{suggest(parts[-1], known)}") from None

    def flatten(self, schema: Any, where: str, depth: int = 0) -> tuple[dict[str, Any], str | None]:
        """A schema with ``$ref``, ``allOf`` and ``oneOf``/``anyOf`` merged in (local keys win), and its last ref."""
        if depth > 20 or not isinstance(schema, dict):
            return {}, None
        merged: dict[str, Any] = {}
        ref_name = None
        if isinstance(schema.get("$ref"), str):
            ref = schema["$ref"]
            merged, ref_name = self.flatten(self.target(ref, where), where, depth + 1)
            ref_name = ref_name or ref
        for part in schema.get("allOf") or []:
            sub, sub_ref = self.flatten(part, where, depth + 1)
            _merge(merged, sub)
            ref_name = sub_ref or ref_name
        for key in ("oneOf", "anyOf"):
            variants = [v for v in schema.get(key) or [] if not (isinstance(v, dict) and v.get("type") == "null")]
            flat = [self.flatten(v, where, depth + 1) for v in variants]
            if len(flat) == 1:
                _merge(merged, flat[0][0])
                ref_name = flat[0][1] or ref_name
            elif flat:  # variants: their properties together, required only where all require it
                objects = [f for f, _ in flat if f.get("properties")]
                if objects:
                    props: dict[str, Any] = {}
                    for f in objects:
                        for k, v in f["properties"].items():
                            props.setdefault(k, v)
                    required = set.intersection(*(set(f.get("required") or []) for f in objects))
                    _merge(merged, {"type": "object", "properties": props, "required": sorted(required)})
                else:
                    _merge(merged, {k: v for k, v in flat[0][0].items() if k in ("type", "format")})
        _merge(merged, {k: v for k, v in schema.items() if k not in ("$ref", "allOf", "oneOf", "anyOf")})
        if isinstance(merged.get("type"), list):  # 3.1: ["string", "null"]
            kinds = [t for t in merged["type"] if t != "null"]
            merged["type"] = kinds[0] if kinds else "string"
        return merged, ref_name

    def direct_ref(self, schema: Any) -> str | None:
        """The first schema ``$ref`` of a property, directly or through ``allOf``/a single ``oneOf``."""
        if not isinstance(schema, dict):
            return None
        if isinstance(schema.get("$ref"), str):
            return str(schema["$ref"])
        for key in ("allOf", "oneOf", "anyOf"):
            parts = [p for p in schema.get(key) or [] if not (isinstance(p, dict) and p.get("type") == "null")]
            if key != "allOf" and len(parts) != 1:
                continue
            for part in parts:
                found = self.direct_ref(part)
                if found:
                    return found
        return None

    def entity_of_ref(self, ref: str | None) -> str | None:
        """The entity a schema ``$ref`` is (or whose chain of refs reaches one)."""
        seen = 0
        while ref and seen < 10:
            if ref in self.entity_refs:
                return self.entity_refs[ref]
            node = self.target(ref, ref) if ref.startswith("#") else None
            ref = self.direct_ref(node) if isinstance(node, dict) and set(node) <= {"$ref", "description"} else None
            seen += 1
        return None

    # -- entities ------------------------------------------------------------------------------------------

    def primary_key_name(self, name: str, props: dict[str, Any]) -> str | None:
        """The key property (normalized name): ``x-primary-key``, else ``<name>_id``, ``id``, ``<last word>_id``,
        then other id conventions (``uuid``, ``sid``, ``gid``, ``key``...)."""
        marked = [p for p, s in props.items() if isinstance(s, dict) and s.get("x-primary-key")]
        if marked:
            return marked[0]
        core = core_name(name)
        first, last = core.split("_")[0], core.split("_")[-1]
        for candidate in (f"{snake(name)}_id", f"{core}_id", "id", f"{last}_id", f"{first}_id", *ID_NAMES,
                          f"{core}_key", "arn", f"{core}_arn", f"{last}_arn", f"{core}_name", f"{core}_code", "name", "code"):
            if candidate in props:
                schema, _ = self.flatten(props[candidate], candidate)
                if schema.get("type", "string") in ("string", "integer"):
                    return candidate
        return None

    @functools.cached_property
    def path_keys(self) -> dict[str, list[tuple[str, dict[str, Any]]]]:
        """``{noun: [(parameter, schema)...]}``: the parameters the paths name one record of a collection by, in the
        order first seen (``/changelogs/{slug}``: changelog by slug; ``/users/username/{username}``: user by
        username)."""
        out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
        for path, item in (self.doc.get("paths") or {}).items():
            if not isinstance(item, dict):
                continue
            raws = [p for op in item.values() if isinstance(op, dict) for p in op.get("parameters") or []]
            given: dict[str, Any] = {str(p.get("name")): p.get("schema") if isinstance(p.get("schema"), dict) else {}
                     for raw in [*(item.get("parameters") or []), *raws]
                     for p in [self.target(raw["$ref"], path) if isinstance(raw, dict) and "$ref" in raw else raw]
                     if isinstance(p, dict) and p.get("in") == "path"}
            segments = [s for s in str(path).split("/") if s]
            for i, seg in enumerate(segments[:-1]):
                if seg.startswith("{") or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", seg):
                    continue
                after = segments[i + 1]
                if after.startswith("{") and after.endswith("}"):
                    param = after[1:-1]
                elif i + 2 < len(segments) and segments[i + 2] == "{" + after + "}":
                    param = after  # /users/username/{username}
                else:
                    continue
                found = out.setdefault(singular(snake(seg)).replace("_", ""), [])  # custompages: custom page
                if param not in [p for p, _ in found]:
                    found.append((param, given.get(param) or {"type": "string"}))
        return out

    def path_key(self, name: str, props: dict[str, Any]) -> str | None:
        """The key of a schema with no key field that the paths name records of by a parameter the schema does not
        hold: a field of its own the compiler adds (``slug`` of ``/changelogs/{slug}``, a Changelog's key though its
        schema never holds it). A parameter naming a field it holds (``/users/email/{email}``) is a lookup by a
        value its owner chose, which no create could make up: no key."""
        noun = singular(snake(name))  # the schema a collection is named after (Changelog), not a wrapper of it
        found = self.path_keys.get(noun.replace("_", ""))
        if not found or name in self.messages:  # DescribeWorkspaceResponse: a call's message, no resource
            return None
        if any(field_name(p) in props for p, _ in found):
            return None  # /users/email/{email}: a lookup by a field it holds (a person's), no key of a record
        param, schema = found[0]
        key = field_name(param)
        props[key] = {"type": schema.get("type") if schema.get("type") in ("integer", "string") else "string",
                      "description": f"The key the paths name {noun.replace('_', ' ')} records by."}
        self.notes.append(f"schema {name}: keyed by the path parameter {param!r}, a field its schema does not hold")
        return key

    @functools.cached_property
    def messages(self) -> frozenset[str]:
        """Schema names that are one operation's request or response (``DeleteThingRequest`` of ``DeleteThing``):
        messages of a call, a resource only where the document has no other schema for it."""
        ids = {snake(str(op["operationId"])) for item in (self.doc.get("paths") or {}).values()
               if isinstance(item, dict) for op in item.values() if isinstance(op, dict) and op.get("operationId")}
        out = set()
        for name in self.schemas:
            words = snake(name).split("_")
            if len(words) > 1 and words[-1] in MESSAGE_WORDS and "_".join(words[:-1]) in ids:
                out.add(name)
        return frozenset(out)

    def read_entities(self) -> list[Entity]:
        found: dict[str, tuple[dict[str, Any], dict[str, Any], str]] = {}
        messages = self.messages
        for name, raw in self.schemas.items():
            try:
                schema, _ = self.flatten(raw, f"components.schemas.{name}")
            except ResourceError as exc:
                self.notes.append(f"schema {name}: skipped ({str(exc).split(': ', 1)[-1]})")
                continue
            raw_props = schema.get("properties")
            if schema.get("type", "object") != "object" or not isinstance(raw_props, dict) or not raw_props:
                continue
            props: dict[str, Any] = {}
            for prop, sub in raw_props.items():
                nested = self.flatten(sub, name)[0] if prop in NESTED else {}
                if isinstance(nested.get("properties"), dict) and nested["properties"]:
                    for inner, inner_sub in nested["properties"].items():  # ARM: the fields one level down
                        props.setdefault(field_name(str(inner)), inner_sub)
                    continue
                props.setdefault(field_name(str(prop)), sub)
            if set(snake(name).split("_")) & ERROR_WORDS or snake(name) in ERROR_NAMES:
                continue  # error bodies are no resource
            pk = self.primary_key_name(name, props)
            if pk is None:  # no key field: the parameter its collection's paths name a record by (a slug)
                pk = self.path_key(name, props)
            if pk is None:
                continue
            if any(_PAGE_TOKEN.fullmatch(p) for p in props):
                self.notes.append(f"schema {name}: a page of a list (it holds the next page's token), no resource")
                continue
            found[name] = (schema, props, pk)
        groups: dict[str, list[str]] = {}
        for name in found:  # Workspace, WorkspaceSummary, CreateWorkspaceResponse: one resource, Workspace
            groups.setdefault(core_name(name), []).append(name)
        # A call's messages stand for a resource only where no other schema does: a message group keyed by another
        # resource's key (AddTagsToThingRequest has ThingArn) or beside a plain schema of its own is left out.
        plain_keys = {found[n][2] for names in groups.values() for n in names if n not in messages}
        for core in list(groups):
            names = groups[core]
            if all(n in messages for n in names) and any(found[n][2] in plain_keys for n in names):
                del groups[core]
            elif any(n not in messages for n in names):
                groups[core] = [n for n in names if n not in messages]
        found = {n: found[n] for names in groups.values() for n in names}
        canonical: dict[str, str] = {}
        for core, names in groups.items():
            best = max(names, key=lambda n: (snake(n) == core, not set(snake(n).split("_")) & (
                WRAPPER_WORDS | VERB_WORDS), len(found[n][1]), n))
            entity = camel(core) if len(names) > 1 or snake(best) != core else best
            for n in names:
                canonical[n] = entity
            found[entity] = found.pop(best) if entity != best else found[best]
            for n in names:
                if n not in (best, entity):
                    found.pop(n, None)
                self.entity_refs[f"#/components/schemas/{n}"] = entity
            ref = self.direct_ref(found[entity][1][found[entity][2]])
            if ref:  # an id schema several resources' keys share (ResourceId) names none of them
                self.id_schemas[ref] = entity if self.id_schemas.get(ref, entity) == entity else ""
        self.cores = {canonical[n]: core for core, names in groups.items() for n in names}
        if not found:
            raise self.error("no resource schema: give each resource an object schema with an id property "
                             "('id', '<name>_id', or 'uuid', 'sid', 'key'...; e.g. 'member_id' in 'Member')")
        for name, (schema, _props, _pk) in found.items():
            self.entities[name] = Entity(name=name, description=clean_text(schema.get("description"), 300))
        self.id_schemas = {ref: n for ref, n in self.id_schemas.items() if n}
        # A key names the resource it is named after (thing_id is Thing's, not ThingCheckResult's); a key of a
        # generic name (``name``, ``code``) names nothing else: another schema's ``name`` is its own
        by_key = {pk: n for n, (_s, _p, pk) in sorted(found.items(), key=lambda x: x[1][2].startswith(
            f"{self.cores.get(x[0], snake(x[0]))}_")) if pk not in ("id", *ID_NAMES, *GENERIC_NAMES)}
        by_ref_name = {f"{snake(n)}_{suffix}": n for n, (_s, _p, pk) in found.items() for suffix in ("id", pk)
                       if pk != f"{snake(n)}_id"}
        by_ref_name.update({f"{snake(n)}_id": n for n in found})
        # Issues (a schema named in the plural) is what issue_id refers to
        by_ref_name.update({f"{one}_id": n for n in found if (one := singular(snake(n))) != snake(n)
                            and f"{one}_id" not in by_ref_name})
        # a key borrowed from the resource it is named after (CourseWorkChange keyed course_id) names that resource
        by_key = {k: n for k, n in by_key.items() if by_ref_name.get(k, n) == n
                  or k.startswith((f"{self.cores.get(n, snake(n))}_", f"{snake(n)}_"))}
        for name, (schema, props, pk) in found.items():
            required = {field_name(str(r)) for r in schema.get("required") or [] if isinstance(r, str)}
            fields = []
            for prop, sub in props.items():
                fname = prop if prop != snake(name) or prop == pk else f"{prop}_value"
                try:
                    data = self.parameter(fname, sub, f"components.schemas.{name}.properties.{prop}",
                                          required=prop in required or prop == pk,
                                          by_key={**by_ref_name, **by_key}, own=name)
                except ResourceError as exc:
                    self.notes.append(f"{name}.{prop}: left out ({str(exc).split(': ', 1)[-1]})")
                    continue
                read_only = bool(self.flatten(sub, name)[0].get("readOnly"))
                fields.append(EntityField(**data, primary_key=prop == pk, read_only=read_only and prop != pk))
            examples: list[Any] = schema["examples"] if isinstance(schema.get("examples"), list) else []
            if isinstance(schema.get("example"), dict):
                examples = [schema["example"], *examples]
            record = self.entities[name]
            record.fields = fields
            record.examples = [{field_name(str(k)): v for k, v in e.items()} for e in examples if isinstance(e, dict)]
            record.extensions = _extensions(schema)
        return list(self.entities.values())

    def parameter(self, name: str, raw: Any, where: str, *, required: bool, by_key: dict[str, str],
                  own: str | None = None) -> dict[str, Any]:
        """The digest fields of one property or parameter (``name`` already normalized)."""
        schema, _ = self.flatten(raw, where)
        kind = schema.get("type") or ("object" if "properties" in schema else "string")
        if kind == "file":
            kind = "string"
        if kind not in _SCALARS:
            raise self.error(f"{where}: unsupported type {kind!r}{suggest(str(kind), _SCALARS)}")
        out: dict[str, Any] = {"name": name, "type": kind, "required": required}
        for key in _KEYS:
            if schema.get(key) is not None:
                out[key] = schema[key]
        out["description"] = clean_text(out.get("description", ""), 300).replace("\n\n", " ")
        if isinstance(out.get("enum"), list):
            allowed = [v for v in out["enum"] if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
            out["enum"] = list(dict.fromkeys(allowed)) or None
            if out["enum"] is None or kind not in ("string", "integer", "number"):
                out.pop("enum")
        else:
            out.pop("enum", None)
        if isinstance(schema.get("exclusiveMinimum"), (int, float)) and not isinstance(schema["exclusiveMinimum"], bool):
            out["minimum"] = schema["exclusiveMinimum"]
        for bound in ("minimum", "maximum"):
            if bound in out and (not isinstance(out[bound], (int, float)) or isinstance(out[bound], bool)
                                 or abs(out[bound]) > INT_LIMIT):
                out.pop(bound)
        if out.get("default") is not None and not _fits(out["default"], kind):
            out.pop("default")
        if "pattern" in out and not _valid_pattern(out["pattern"]):
            out.pop("pattern")
        if not isinstance(out.get("format", ""), str):
            out.pop("format")
        for src, dst in (("minLength", "min_length"), ("maxLength", "max_length")):
            if isinstance(schema.get(src), int) and not isinstance(schema[src], bool):
                out[dst] = schema[src]
        if kind == "array":
            items, _ = self.flatten(schema.get("items") or {}, f"{where}.items")
            out["items"] = items.get("type") if items.get("type") in _SCALARS else "string"
        if kind in ("string", "integer"):  # an id value; an embedded object is a copy, not a reference
            target = self.id_schemas.get(self.direct_ref(raw) or "")
            if target is None and name in by_key:
                target = by_key[name]
            if target is not None and target != own:
                out["references"] = target
        ext = _extensions(schema)
        if isinstance(raw, dict):
            ext.update(_extensions(raw))
        step = schema.get("multipleOf")
        if isinstance(step, int) and not isinstance(step, bool) and step >= 1 and kind == "integer":
            ext["multiple-of"] = step
        if schema.get("examples") or schema.get("example") is not None:
            values: list[Any] = schema["examples"] if isinstance(schema.get("examples"), list) else \
                [schema.get("example")]
            ext.setdefault("examples", [v for v in values if isinstance(v, (str, int, float))
                                        and _fits(v, kind)][:10])
        out["extensions"] = ext
        return out


def _merge(into: dict[str, Any], sub: dict[str, Any]) -> None:
    """Merge a sub-schema into ``into``: properties and required lists combine, other keys are set."""
    for k, v in sub.items():
        if k == "properties" and isinstance(v, dict) and isinstance(into.get(k), dict):
            into[k] = {**into[k], **v}
        elif k == "required" and isinstance(v, list) and isinstance(into.get(k), list):
            into[k] = list(dict.fromkeys([*into[k], *v]))
        else:
            into[k] = v


def _fits(value: Any, kind: str) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    return False


def _valid_pattern(pattern: Any) -> bool:
    if not isinstance(pattern, str) or len(pattern) > 300:
        return False
    try:
        re.compile(pattern.strip("^$"))
    except re.error:
        return False
    return True


def _extensions(node: Any) -> dict[str, Any]:
    if not isinstance(node, dict):
        return {}
    return {k[2:]: v for k, v in node.items() if isinstance(k, str) and k.startswith("x-")}
