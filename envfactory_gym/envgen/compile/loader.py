"""Load an API description as one OpenAPI 3 document: JSON or YAML, Swagger 2.0 converted, other files bundled in."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from envfactory_gym.errors import MissingDependencyError, ResourceError

#: The Swagger 2.0 converter (APIs-guru's swagger2openapi, run with Node.js) and the version the tests use.
CONVERTER = "swagger2openapi"
CONVERTER_VERSION = "7.0.8"
#: Seconds the converter may take on one document.
CONVERTER_TIMEOUT = 120


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


def converter_command() -> list[str] | None:
    """How to run swagger2openapi here (``ENVFACTORY_SWAGGER2OPENAPI`` overrides), or None when it is missing."""
    given = os.environ.get("ENVFACTORY_SWAGGER2OPENAPI")
    if given:
        return given.split()
    found = shutil.which(CONVERTER)
    return [found] if found else None


def convert_swagger(path: Path) -> dict[str, Any]:
    """The OpenAPI 3.0 form of the Swagger 2.0 document at ``path``, by swagger2openapi (external refs resolved).

    Raises:
        MissingDependencyError: the converter is not installed (the message says how to install it).
        ResourceError: the converter refused the document (its first message line, naming the file).
    """
    command = converter_command()
    if command is None:
        raise MissingDependencyError(f"{path}: Swagger 2.0 needs the converter {CONVERTER} (Node.js): "
                                     f"npm install -g {CONVERTER}@{CONVERTER_VERSION}", package=CONVERTER)
    with tempfile.TemporaryDirectory(prefix="envfactory-s2o-") as tmp:
        out = Path(tmp) / "openapi.json"
        try:
            proc = subprocess.run([*command, "--patch", "--warnOnly", "--resolve", "--outfile", str(out), str(path)],
                                  capture_output=True, text=True, timeout=CONVERTER_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise ResourceError(f"{path}: {CONVERTER} took over {CONVERTER_TIMEOUT} s") from None
        if proc.returncode != 0 or not out.exists():
            lines = [x.strip() for x in (proc.stderr or proc.stdout).splitlines() if x.strip()]
            reason = next((x for x in lines if "rror" in x), lines[0] if lines else f"exit {proc.returncode}")
            raise ResourceError(f"{path}: {CONVERTER} could not convert this Swagger 2.0 document ({reason[:200]})")
        return load_document(out)


def load_openapi(path: Path) -> dict[str, Any]:
    """The document at ``path`` as one self-contained OpenAPI 3 mapping (local ``$ref`` only)."""
    doc = load_document(path)
    if str(doc.get("swagger", "")).startswith("2"):
        doc = convert_swagger(path)
    return Bundler(path, doc).bundle()


class Bundler:
    """Pulls the schemas and parts that other files hold (``other.yaml#/Pet``, ``./pet.json``) into the root."""

    def __init__(self, path: Path, doc: dict[str, Any]) -> None:
        self.root_path, self.doc = path.resolve(), doc
        self.files: dict[Path, Any] = {self.root_path: doc}
        self.names: dict[tuple[Path, str], str] = {}
        schemas = doc.setdefault("components", {}) if isinstance(doc.get("components", {}), dict) else {}
        self.schemas: dict[str, Any] = schemas.setdefault("schemas", {}) if isinstance(
            schemas.get("schemas", {}), dict) else {}

    def bundle(self) -> dict[str, Any]:
        self.visit(self.doc, self.root_path, depth=0)
        return self.doc

    def file(self, path: Path, where: str) -> Any:
        if path not in self.files:
            if not path.exists():
                raise ResourceError(f"{self.root_path}: {where}: $ref to {path.name}, which does not exist "
                                    f"beside the document ({path.parent})")
            self.files[path] = load_document(path)
        return self.files[path]

    def visit(self, node: Any, base: Path, depth: int) -> None:
        """Rewrite every ``$ref`` under ``node`` (read from file ``base``) into a reference of the root."""
        if depth > 200:
            return
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
        for key, value in list(items):
            if isinstance(value, dict) and isinstance(value.get("$ref"), str):
                ref = value["$ref"]
                if not ref.startswith("#") or base != self.root_path:
                    node[key] = self.rewrite(value, ref, base, depth)
                    continue
            self.visit(value, base, depth + 1)

    def rewrite(self, holder: dict[str, Any], ref: str, base: Path, depth: int) -> Any:
        file_part, _, pointer = ref.partition("#")
        path = (base.parent / file_part).resolve() if file_part else base
        if file_part.startswith(("http://", "https://")):
            raise ResourceError(f"{self.root_path}: unsupported $ref {ref!r} (only local files and "
                                "'#/...' references; the compiler works offline)")
        if path == self.root_path:
            return {**holder, "$ref": f"#{pointer}"}
        target = resolve_pointer(self.file(path, ref), pointer, f"{path.name}#{pointer}", self.root_path)
        looks_like_schema = isinstance(target, dict) and any(
            k in target for k in ("type", "properties", "allOf", "oneOf", "anyOf", "items", "enum"))
        if not looks_like_schema:  # parameters, responses, bodies: copied in place
            copied = copy.deepcopy(target)
            self.visit(copied, path, depth + 1)
            return copied
        key = (path, pointer)
        if key not in self.names:
            name = (pointer.rstrip("/").split("/")[-1] if pointer.strip("/") else path.stem) or path.stem
            name, n = name.replace("~1", "_").replace("~0", "_"), 2
            base_name = name
            while name in self.schemas:
                name, n = f"{base_name}{n}", n + 1
            self.names[key] = name
            copied = copy.deepcopy(target)
            self.schemas[name] = copied
            self.visit({"_": copied}, path, depth + 1)
        extra = {k: v for k, v in holder.items() if k != "$ref"}
        return {**extra, "$ref": f"#/components/schemas/{self.names[key]}"}


def resolve_pointer(doc: Any, pointer: str, ref: str, source: Path) -> Any:
    """The node at JSON pointer ``pointer`` (``/components/schemas/Pet``, ``/allOf/0``) of ``doc``."""
    node = doc
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.strip("/").split("/")] if pointer.strip("/") \
        else []
    for i, part in enumerate(parts):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            raise ResourceError(f"{source}: $ref {ref!r} points to nothing ('{'/'.join(parts[:i + 1])}' is missing)")
    return node
