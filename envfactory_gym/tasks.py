"""Data models of an environment folder: the manifest, tasks, gold calls and hidden user facts."""

from __future__ import annotations

import json
import os
import stat
import tempfile
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pydantic
from pydantic import BaseModel, ConfigDict, Field, model_validator

from envfactory_gym.errors import EnvFormatError, TaskFileError


class Source(BaseModel):
    """Where a compiled environment came from: the specification's own title, version and licence."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="What was compiled: openapi, sql, docs or mcp.")
    api: str = Field(description="The API's title, as its specification gives it.")
    version: str | None = Field(None, description="The specification's own version (info.version).")
    license: str | None = Field(None, description="The licence the specification states (info.license.name).")
    provider: str | None = Field(None, description="The API's provider (x-providerName), where given.")
    spec: str | None = Field(None, description="The compiled part of the specification, in the folder.")


class Manifest(BaseModel):
    """``manifest.json``: who the environment is and how it runs."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Environment name, used in the env id.")
    version: int = Field(ge=0, description="Registered as EnvFactory/<name>-v<version>.")
    domain: str = Field(description="Domain, e.g. 'retail' (for per-domain reports).")
    description: str = Field(description="One paragraph on what the environment simulates.")
    verified: bool | None = Field(
        None, description="Ignored (kept so older manifests load): verification is earned by passing "
        "`envfactory verify`, which writes verification.json.")
    now: str = Field("2026-01-01T00:00:00", description="The environment's fixed clock (ISO 8601).")
    max_steps: int = Field(30, ge=1, description="Agent actions per episode before truncation.")
    policy_file: str = Field("policy.md", description="Agent policy text, shown in the system prompt.")
    rules: list[str] = Field(
        default_factory=list, description="The business rules the tools enforce, one short line each (each written "
        "in the policy and tested by a refusal test); counted in the catalog.")
    compact_policy_file: str | None = Field(
        None, description="A short version of the policy for small context budgets (the env's prompt='compact'); "
        "the full policy is used when absent.")
    source: Source | None = Field(
        None, description="For an environment compiled from a specification: which one (shown in the catalog).")


class GoldCall(BaseModel):
    """One call of a task's gold trajectory."""

    model_config = ConfigDict(extra="forbid")

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    masked: list[str] = Field(default_factory=list, description="Non-essential arguments the reward ignores.")


class CallPattern(BaseModel):
    """A call the policy forbids: a tool name and the arguments (a subset) that make it a violation."""

    model_config = ConfigDict(extra="forbid")

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict, description="Empty: any call of the tool.")


class ConsentGate(BaseModel):
    """Calls the policy allows only once the user has agreed: the agreement is the user's answer ``fact`` (a
    decision fact, given to a yes/no question); a matching call made before that answer counts as forbidden."""

    model_config = ConfigDict(extra="forbid")

    fact: str
    calls: list[CallPattern] = Field(min_length=1)


class UserFact(BaseModel):
    """A fact the user knows but gives only when the agent asks for it."""

    model_config = ConfigDict(extra="forbid")

    value: str
    keywords: list[str] = Field(default_factory=list, description="Words in a question that ask for this fact.")


class Task(BaseModel):
    """One episode: the user's request, what the user knows, and the gold trajectory."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    instruction: str = Field(min_length=1, description="The user's opening message.")
    user_facts: dict[str, UserFact] = Field(default_factory=dict)
    gold_calls: list[GoldCall] = Field(min_length=1, description="The calls a perfect agent makes, in order.")
    outputs: list[str] = Field(
        default_factory=list,
        description="Facts the agent must tell the user (required when the gold calls change nothing).",
    )
    forbidden_calls: list[CallPattern] = Field(
        default_factory=list,
        description="Calls the policy forbids on this task; making one zeroes the outcome even when the final "
                    "state is right (reaching it through a forbidden path is not a success).")
    consent: list[ConsentGate] = Field(
        default_factory=list,
        description="Calls that need the user's agreement first (see ConsentGate): making one before the user "
                    "agreed zeroes the outcome, as a forbidden call does.")
    tags: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consent_names_a_fact(self) -> Task:
        for gate in self.consent:
            if gate.fact not in self.user_facts:
                known = ", ".join(self.user_facts) or "none"
                raise ValueError(f"consent names fact {gate.fact!r}, which user_facts does not hold (they: {known})")
        return self

    def fact_keywords(self, name: str) -> list[str]:
        """The words that ask for fact ``name`` (its own name if none were given)."""
        fact = self.user_facts[name]
        return [k.lower() for k in fact.keywords] or [name.replace("_", " ").lower()]


def load_manifest(path: Path) -> Manifest:
    """Read and validate ``manifest.json``; errors name the file and the problem."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EnvFormatError(path, "missing manifest.json") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise EnvFormatError(path, f"not valid JSON ({exc})") from None
    try:
        return Manifest.model_validate(data)
    except pydantic.ValidationError as exc:
        raise EnvFormatError(path, _pydantic_problem(exc)) from None


def load_tasks(path: str | os.PathLike[str], allow_empty: bool = False) -> list[Task]:
    """Read a JSONL task file; every malformed line is reported with its line number."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TaskFileError(path, "task file not found") from None
    except IsADirectoryError:
        raise TaskFileError(path, "is a folder, not a JSONL task file") from None
    except UnicodeDecodeError as exc:
        raise TaskFileError(path, f"not UTF-8 text ({exc})") from None
    except OSError as exc:
        raise TaskFileError(path, f"cannot read it ({exc.strerror or exc})") from None
    tasks: list[Task] = []
    seen: set[str] = set()
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            task = Task.model_validate_json(line)
        except pydantic.ValidationError as exc:
            raise TaskFileError(path, f"line {lineno}: {_pydantic_problem(exc)}") from None
        if task.id in seen:
            raise TaskFileError(path, f"line {lineno}: duplicate task id {task.id!r}")
        seen.add(task.id)
        tasks.append(task)
    if not tasks and not allow_empty:
        raise TaskFileError(path, "contains no tasks")
    return tasks


def write_tasks(path: str | os.PathLike[str], tasks: Iterable[Task]) -> None:
    """Write tasks as JSONL atomically (a temporary file renamed into place)."""
    atomic_write_text(Path(path), "".join(t.model_dump_json(exclude_defaults=True) + "\n" for t in tasks))


def append_tasks(path: str | os.PathLike[str], tasks: Iterable[Task]) -> int:
    """Append tasks to a task file atomically, skipping any whose gold trajectory the file already has.

    A new task whose id is taken gets the next free ``<prefix>-NNN`` id. Returns how many tasks were added.
    """
    path = Path(path)
    existing = load_tasks(path) if path.is_file() and path.read_text(encoding="utf-8").strip() else []

    def key(task: Task) -> str:
        return json.dumps([[c.name, c.arguments] for c in task.gold_calls], sort_keys=True, default=str)

    seen = {key(t) for t in existing}
    ids = {t.id for t in existing}
    prefix = path.parent.name or "task"
    counter = len(existing)
    added = []
    for task in tasks:
        k = key(task)
        if k in seen:
            continue
        seen.add(k)
        if task.id in ids:
            while f"{prefix}-{counter:03d}" in ids:
                counter += 1
            task = task.model_copy(update={"id": f"{prefix}-{counter:03d}"})
        ids.add(task.id)
        added.append(task)
    if added:
        write_tasks(path, [*existing, *added])
    return len(added)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one, never a torn one.

    The file gets the mode a plain ``open(path, "w")`` would give it: an existing file keeps its mode, a new
    one gets ``0o666`` minus the umask (not the private mode of the temporary file it is renamed from).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~current_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            os.fchmod(fh.fileno(), mode)
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


_umask_lock = threading.Lock()


def current_umask() -> int:
    """The process's umask, read without changing it where the OS allows (Linux ``/proc``)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _umask_lock:  # elsewhere: set and restore it at once
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _pydantic_problem(exc: pydantic.ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False)[:5]:
        loc = ".".join(str(x) for x in err["loc"]) or "(root)"
        parts.append(f"{loc}: {err['msg']}")
    return "; ".join(parts)
