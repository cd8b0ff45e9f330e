"""Strict parsing of the model's answers: one JSON object per stage, checked against the stage's schema."""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from envfactory_gym.errors import (
    ResponseError,
    suggest,
)
from envfactory_gym.syntax import parse_python

#: The stages that ask the model, in order (repair repeats).
MODEL_STAGES = ("explore", "code", "test", "repair")
#: The files the code stage writes, exactly.
CODE_FILES = ("manifest.json", "schema.sql", "seed/generate.py", "tools.py", "policy.md", "policy_compact.md",
              "querygen.json")
_FENCE = re.compile(r"^```[\w-]*[ \t]*\n(.*?)\n```[ \t]*$", re.MULTILINE | re.DOTALL)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SketchTable(_Strict):
    name: str = Field(min_length=1)
    description: str
    columns: list[str] = Field(min_length=1)


class SketchTool(_Strict):
    name: str = Field(min_length=1)
    kind: Literal["read", "write"]
    signature: str
    doc: str


class Sketch(_Strict):
    """The explore stage's design of an environment."""

    tables: list[SketchTable] = Field(min_length=1)
    tools: list[SketchTool] = Field(min_length=1)
    rules: list[str]
    policy: str
    seed: list[str]


class _SketchAnswer(_Strict):
    sketch: Sketch


class _FilesAnswer(_Strict):
    files: dict[str, str]


class _RepairAnswer(_Strict):
    files: dict[str, str]
    notes: str


class RepairAnswer(BaseModel):
    """The repair stage's answer: the files it changes (each whole) and its notes."""

    files: dict[str, str]
    notes: str


def env_test_path(env: str) -> str:
    """The one test file of environment ``env``."""
    return f"tests/test_{env}.py"


def allowed_paths(env: str) -> tuple[str, ...]:
    """The files a model may write for ``env``: the code files and its test file."""
    return (*CODE_FILES, env_test_path(env))


def extract_json(text: str | None) -> dict[str, Any]:
    """The one JSON object of an answer: the whole text, or the body of its single fenced block."""
    if text is None or not text.strip():
        raise ResponseError("empty answer")
    stripped = text.strip()
    try:
        value = json.loads(stripped)
    except ValueError as exc:
        blocks = _FENCE.findall(stripped)
        if len(blocks) > 1:
            raise ResponseError(f"{len(blocks)} fenced blocks; expected one JSON object") from None
        if not blocks:
            raise ResponseError(f"not JSON ({_json_error(exc)}) and no fenced JSON block") from None
        try:
            value = json.loads(blocks[0])
        except ValueError as inner:
            raise ResponseError(f"the fenced block is not JSON ({_json_error(inner)})") from None
    if not isinstance(value, dict):
        raise ResponseError(f"expected one JSON object, got a JSON {type(value).__name__}")
    return value


def _json_error(exc: ValueError) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    return str(exc).splitlines()[0]


def _validate(model: type[BaseModel], value: dict[str, Any]) -> Any:
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        errs = exc.errors()
        err = next((e for e in errs if e["type"] == "extra_forbidden"), errs[0])
        where = ".".join(str(p) for p in err["loc"]) or "answer"
        extra = f" ({len(errs) - 1} more problems)" if len(errs) > 1 else ""
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            known = list(model.model_fields) if len(err["loc"]) == 1 else []
            msg = f"unknown key.{suggest(str(err['loc'][-1]), known)}".rstrip(".") if known else "unknown key"
        raise ResponseError(f"{where}: {msg}{extra}") from None


def check_path(path: str) -> str:
    """``path`` if it is a plain relative path inside the folder; else a :class:`ResponseError`."""
    if not path or path != path.strip() or "\\" in path or "\0" in path:
        raise ResponseError(f"file path {path!r} is not a plain relative path")
    if path.startswith("/") or re.match(r"^[A-Za-z]:", path):
        raise ResponseError(f"file path {path!r} is absolute; paths are relative to the environment folder")
    parts = path.split("/")
    if any(p in ("", ".", "..") for p in parts) or posixpath.normpath(path) != path:
        raise ResponseError(f"file path {path!r} leaves the folder or is not normalized")
    return path


def check_file(path: str, content: str) -> None:
    """A file's content is usable: not empty; Python parses; JSON files hold one JSON object."""
    if not content.strip():
        raise ResponseError(f"{path} is empty")
    if path.endswith(".py"):
        try:
            parse_python(content, filename=path)
        except SyntaxError as exc:
            raise ResponseError(f"{path} does not parse: line {exc.lineno}: {exc.msg}") from None
    elif path.endswith(".json"):
        try:
            value = json.loads(content)
        except ValueError as exc:
            raise ResponseError(f"{path} is not JSON ({_json_error(exc)})") from None
        if not isinstance(value, dict):
            raise ResponseError(f"{path} must hold a JSON object, not a {type(value).__name__}")


def _check_files(files: dict[str, str], env: str, allowed: tuple[str, ...]) -> None:
    for path, content in files.items():
        check_path(path)
        if path not in allowed:
            raise ResponseError(f"file {path!r} is not allowed.{suggest(path, allowed)} Allowed: {', '.join(allowed)}")
        check_file(path, content)
    manifest = files.get("manifest.json")
    if manifest is not None:
        name = json.loads(manifest).get("name")
        if name != env:
            raise ResponseError(f"manifest.json: name is {name!r}, expected {env!r}")


def parse_explore(text: str | None) -> Sketch:
    """The sketch of an explore answer."""
    return _validate(_SketchAnswer, extract_json(text)).sketch


def parse_code(text: str | None, env: str) -> dict[str, str]:
    """The seven files of a code answer."""
    files = _validate(_FilesAnswer, extract_json(text)).files
    missing = [p for p in CODE_FILES if p not in files]
    if missing:
        raise ResponseError(f"files missing: {', '.join(missing)}")
    _check_files(files, env, CODE_FILES)
    return {p: files[p] for p in CODE_FILES}


def parse_test(text: str | None, env: str) -> dict[str, str]:
    """The test file of a test answer."""
    files = _validate(_FilesAnswer, extract_json(text)).files
    want = env_test_path(env)
    if want not in files:
        raise ResponseError(f"files: expected {want!r}, got {', '.join(map(repr, files)) or 'none'}")
    _check_files(files, env, (want,))
    return {want: files[want]}


def parse_repair(text: str | None, env: str) -> RepairAnswer:
    """The changed files and notes of a repair answer."""
    answer = _validate(_RepairAnswer, extract_json(text))
    if not answer.files:
        raise ResponseError("files: the repair changes no file")
    _check_files(answer.files, env, allowed_paths(env))
    return RepairAnswer(files=dict(answer.files), notes=answer.notes)
