"""The part of a specification a compiled environment came from: its compiled operations and what they refer to."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from envfactory_gym.envgen.compile.loader import load_openapi

#: Where a compiled folder keeps it (the manifest's ``source.spec``).
SPEC_FILE = "source/openapi.json"
_METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")


def spec_subset(doc: dict[str, Any], routes: list[tuple[str, str]]) -> dict[str, Any]:
    """``doc`` cut to the operations in ``routes`` (method, path) and every component they reach by ``$ref``.

    The document's own ``info`` (title, version, licence) and ``servers`` stay as they are, so the subset still
    says what it is and where it came from.
    """
    paths: dict[str, Any] = {}
    for method, path in routes:
        item = (doc.get("paths") or {}).get(path)
        if not isinstance(item, dict) or method not in item:
            continue
        kept = paths.setdefault(path, {k: v for k, v in item.items() if k not in _METHODS})
        kept[method] = item[method]
    out: dict[str, Any] = {k: doc[k] for k in ("openapi", "info", "servers") if k in doc}
    out["paths"] = paths
    components: dict[str, dict[str, Any]] = {}
    pending: list[Any] = [paths]
    seen: set[str] = set()
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/components/") and ref not in seen:
                seen.add(ref)
                parts = [p.replace("~1", "/").replace("~0", "~") for p in ref[2:].split("/")]
                if len(parts) >= 3:
                    target = (doc.get("components") or {}).get(parts[1], {}).get(parts[2])
                    if target is not None:
                        components.setdefault(parts[1], {})[parts[2]] = target
                        pending.append(target)
            pending.extend(v for k, v in node.items() if k != "$ref")
        elif isinstance(node, list):
            pending.extend(node)
    if components:
        out["components"] = {kind: dict(sorted(items.items())) for kind, items in sorted(components.items())}
    return out


def source_subset(path: str | Path, routes: list[tuple[str, str]]) -> dict[str, Any]:
    """The subset of the specification at ``path`` (bundled, and as OpenAPI 3 where it was Swagger 2.0)."""
    return spec_subset(load_openapi(Path(path)), routes)
