"""Name the resource schemas a document only writes inline, so that they read like ``components.schemas`` ones.

Many real documents (bundled directories, generated SDK specifications, cloud resource managers) spell every
response and request body out in place instead of referring to a named schema. Each object schema found in a 2xx
response or a request body (directly, as a list's items, or as the one list of a paged wrapper) is given a name
(from a ``title``, an ``Resource_Verb`` operation id, or the path's last collection) and moved under
``components.schemas``, the operation then referring to it; the same schema seen twice gets one name.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["hoist_inline_schemas", "spelled_call"]

_METHODS = ("get", "post", "put", "patch", "delete")
#: Properties that hold a resource's own fields one level down (Azure Resource Manager's ``properties``).
NESTED = ("properties",)


def hoist_inline_schemas(doc: dict[str, Any]) -> list[str]:
    """Name the inline resource schemas of ``doc`` in place; return the names given (for the compile report)."""
    components = doc.setdefault("components", {})
    if not isinstance(components, dict):
        return []
    schemas = components.setdefault("schemas", {})
    if not isinstance(schemas, dict):
        return []
    seen: dict[str, str] = {}  # canonical JSON of a schema -> its name
    added: list[str] = []
    given = doc.get("paths")
    paths: dict[str, Any] = given if isinstance(given, dict) else {}
    for path, item in paths.items():
        if not isinstance(item, dict):
            continue
        for method in _METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            base = _resource_name(str(path), op)
            if not base:
                continue
            call = spelled_call(str(path), op.get("operationId"))  # the call's own messages, as AWS names them
            for code, resp in (op.get("responses") or {}).items():
                if str(code).startswith("2") and isinstance(resp, dict):
                    for media in (resp.get("content") or {}).values():
                        if isinstance(media, dict):
                            _hoist_at(media, "schema", f"{call}Response" if call else base, schemas, seen, added)
            body = op.get("requestBody")
            if isinstance(body, dict):
                for media in (body.get("content") or {}).values():
                    if isinstance(media, dict):
                        _hoist_at(media, "schema", f"{call}Request" if call else base, schemas, seen, added)
    return added


def spelled_call(path: str, operation_id: object) -> str | None:
    """The operation id a path's last segment spells in lower case (``/v1/createschedulingpolicy`` of
    ``CreateSchedulingPolicy``): the path names the call, its words lost to the case; None otherwise."""
    op_id = str(operation_id or "")
    segments = [s for s in path.split("/") if s]
    if not segments or not re.fullmatch(r"[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+", op_id):
        return None
    last = re.split(r"[#?]", segments[-1])[0]  # /deleteapp#app&domain: the query parameters it requires
    if last != last.lower() or re.sub(r"[^a-z0-9]", "", last) != op_id.lower():
        return None
    return op_id


def _hoist_at(parent: dict[str, Any], key: str, base: str, schemas: dict[str, Any], seen: dict[str, str],
              added: list[str]) -> None:
    """Hoist the resource schema held at ``parent[key]``: itself, a list's items, or a paged wrapper's one list."""
    node = parent.get(key)
    if not isinstance(node, dict) or "$ref" in node:
        return
    if node.get("type") == "array" and isinstance(node.get("items"), dict):
        _hoist_at(node, "items", base, schemas, seen, added)
        return
    found = node.get("properties")
    props: dict[str, Any] = found if isinstance(found, dict) else {}
    lists = [k for k, v in props.items() if isinstance(v, dict) and v.get("type") == "array"
             and isinstance(v.get("items"), dict)]
    if len(lists) == 1 and len(props) <= 4 and not _has_id(node):  # {"value": [...], "nextLink": ...}
        _hoist_at(props[lists[0]], "items", base, schemas, seen, added)
        return
    if not _has_id(node):
        return
    text = json.dumps(node, sort_keys=True, default=str)
    name = seen.get(text)
    if name is None:
        name = str(node.get("title") or base)
        name = re.sub(r"[^A-Za-z0-9]", "", name.title() if not re.search(r"[A-Z]", name) else name) or base
        candidate, n = name, 2
        while candidate in schemas:
            if json.dumps(schemas[candidate], sort_keys=True, default=str) == text:
                break
            candidate, n = f"{name}{n}", n + 1
        name = candidate
        schemas.setdefault(name, node)
        seen[text] = name
        added.append(name)
    parent[key] = {"$ref": f"#/components/schemas/{name}"}


def _has_id(node: dict[str, Any]) -> bool:
    """Whether an object schema has properties that look like a resource's (an id-like property among them)."""
    keys: set[str] = set()

    def collect(n: Any, depth: int) -> None:
        if not isinstance(n, dict) or depth > 3:
            return
        for k in (n.get("properties") or {}) if isinstance(n.get("properties"), dict) else {}:
            keys.add(str(k).lower())
        for part in n.get("allOf") or []:
            collect(part, depth + 1)

    collect(node, 0)
    return any(k == "id" or k.endswith(("id", "_id", "uuid", "arn", "key")) or k in ("name", "slug", "code")
               for k in keys)


def _resource_name(path: str, op: dict[str, Any]) -> str:
    """A resource's name for an operation: ``Cache`` for ``Cache_Get`` or ``.../caches/{cacheId}``."""
    op_id = str(op.get("operationId") or "")
    if "_" in op_id and re.fullmatch(r"[A-Za-z0-9]+_[A-Za-z0-9]+", op_id):
        word = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", op_id.split("_", 1)[0])
    else:
        literal = [s for s in path.split("/") if s and not s.startswith("{") and "=" not in s]
        if not literal:
            return ""
        word = re.sub(r"[^A-Za-z0-9]+", " ", literal[-1]).strip()
    if not word:
        return ""
    last = word.split()[-1]
    if last.endswith("ies"):
        last = last[:-3] + "y"
    elif last.endswith("ses") or last.endswith("xes"):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith("ss"):
        last = last[:-1]
    words = [*word.split()[:-1], last]
    return "".join(w[:1].upper() + w[1:] for w in words)
