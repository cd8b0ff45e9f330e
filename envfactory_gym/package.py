"""An environment folder loaded and checked: manifest, policy, schema, seed, tools, tasks and gold states."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import sys
import threading
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from envfactory_gym.database import DuckDBState, StateDiff, Template, keep_if_forked
from envfactory_gym.errors import EnvFormatError, ToolCallError, ToolDefinitionError
from envfactory_gym.read_cache import ReadCache
from envfactory_gym.reward.trace import identity_values, needed_facts, write_key  # noqa: F401  (identity_values: old home)
from envfactory_gym.tasks import Manifest, Task, load_manifest, load_tasks
from envfactory_gym.tools import Tool, collect_tools

REQUIRED_FILES = ("manifest.json", "schema.sql", "tools.py", "tasks.jsonl")


#: SQL that needs a key index on the table it writes (``ON CONFLICT``, ``INSERT OR REPLACE|IGNORE``).
_UPSERT = re.compile(r"\bON\s+CONFLICT\b|\bINSERT\s+OR\s+(?:REPLACE|IGNORE)\b", re.IGNORECASE)


@dataclass(frozen=True)
class GoldOutcome:
    """What the gold trajectory of a task produces: each call's result and the final state's row changes."""

    results: tuple[Any, ...]
    diff: StateDiff
    changes: frozenset[tuple[str, str, str]]
    #: Fingerprints of the gold final state's changed tables (see :meth:`DuckDBState.fingerprints`).
    fingerprints: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    #: The gold's write calls in order, as (tool, its validated arguments in JSON): an episode whose successful
    #: writes are exactly these ends in the gold's state (tools are deterministic functions of state and arguments).
    writes: tuple[tuple[str, str], ...] = ()
    _needed: dict[tuple[Any, ...], dict[int, frozenset[str]]] = field(default_factory=dict, repr=False,
                                                                      compare=False)

    def needed(self, task: Task, writes: Iterable[str]) -> dict[int, frozenset[str]]:
        """What each gold read of ``task`` is for (see :func:`~envfactory_gym.reward.needed_facts`; computed once
        per task: tasks sharing a gold trajectory may ask for other outputs)."""
        said = " ".join([task.instruction, *(f.value for f in task.user_facts.values())])
        key = (tuple(task.outputs), said, tuple(sorted(identity_values(task))))
        found = self._needed.get(key)
        if found is None:
            found = self._needed[key] = needed_facts(task.gold_calls, self.results, writes, task.outputs,
                                                     identity_values(task), said)
        return found

    def expected_fingerprints(self, template: Template, tables: Iterable[str]) -> dict[str, tuple[int, int | None]]:
        """What ``tables`` hold in the gold final state: the gold's copies, else the initial state."""
        base = template.fingerprints
        return {t: self.fingerprints.get(t, base[t]) for t in sorted(set(tables) & set(template.tables))}


def import_tools(path: Path, module_name: str) -> tuple[ModuleType, dict[str, Tool]]:
    """Import the ``tools.py`` at ``path`` as ``module_name`` (left out of ``sys.modules``) and collect its tools."""
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise EnvFormatError(path, "cannot be imported")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        lines = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename) == Path(path)]
        where = f" (line {lines[-1]})" if lines else ""
        raise EnvFormatError(path, f"import failed: {type(exc).__name__}: {exc}{where}",
                             detail=traceback.format_exc()) from None
    try:
        tools = collect_tools(vars(module))
    except ToolDefinitionError as exc:
        raise EnvFormatError(path, str(exc)) from None
    if not tools:
        raise EnvFormatError(path, "defines no @tool functions")
    return module, tools


class EnvPackage:
    """One environment folder. Cheap to open; tools, template and gold states load on first use."""

    def __init__(self, path: str | Path, *, allow_no_tasks: bool = False) -> None:
        self.path = Path(path).resolve()
        if not self.path.is_dir():
            raise EnvFormatError(self.path, "not a directory")
        for name in REQUIRED_FILES:
            if not (self.path / name).is_file():
                raise EnvFormatError(self.path / name, f"missing required file {name}")
        if not (self.path / "seed").is_dir():
            raise EnvFormatError(self.path / "seed", "missing seed/ folder with one CSV per table")
        self.manifest: Manifest = load_manifest(self.path / "manifest.json")
        self.policy: str = _read_policy(self.path / self.manifest.policy_file)
        compact = self.manifest.compact_policy_file
        self.compact_policy: str = _read_policy(self.path / compact) if compact else self.policy
        # An author's new folder may have no tasks yet (QueryGen fills them in); everything else needs them.
        self.tasks: list[Task] = load_tasks(self.path / "tasks.jsonl", allow_empty=allow_no_tasks)
        self._lock = threading.RLock()
        self._tools: dict[str, Tool] | None = None
        self._template: Template | None = None
        self._scratch: DuckDBState | None = None
        #: Read tools' answers on the initial state, shared by this package's envs in the process.
        self.read_cache = ReadCache()
        self._gold: dict[str, GoldOutcome] = {}

    @property
    def env_id(self) -> str:
        """The Gymnasium id, ``EnvFactory/<name>-v<version>``."""
        return f"EnvFactory/{self.manifest.name}-v{self.manifest.version}"

    @property
    def write_tools(self) -> frozenset[str]:
        """The names of the tools that write."""
        return frozenset(name for name, tool in self.tools.items() if tool.writes)

    @property
    def tools(self) -> dict[str, Tool]:
        """The environment's tools by name (imports ``tools.py`` once per process)."""
        with self._lock:
            if self._tools is None:
                self._tools = self._load_tools()
            return self._tools

    @property
    def template(self) -> Template:
        """The initial state, loaded once per process."""
        with self._lock:
            if self._template is None or not self._template.alive:
                if self._scratch is not None:  # the parent's, after a fork: never touch or free it
                    keep_if_forked(self._scratch, self._template.pid if self._template else -1)
                    self._scratch = None
                self._template = Template.load(self.path / "schema.sql", self.path / "seed")
                # Upserts need the key index on the env's copies; every other write is key-checked on commit.
                tools_py = self.path / "tools.py"
                self._template.indexed_copies = tools_py.is_file() and _UPSERT.search(
                    tools_py.read_text(encoding="utf-8", errors="replace")) is not None
            return self._template

    def new_state(self, storage: str = "copy") -> DuckDBState:
        """A fresh, isolated copy of the initial state (``storage``: see :data:`~envfactory_gym.database.state.STORAGES`)."""
        return DuckDBState(self.template, now=self.manifest.now, storage=storage)

    def _load_tools(self) -> dict[str, Tool]:
        mod_name = f"envfactory_gym.envs.{self.manifest.name}_v{self.manifest.version}"
        module, tools = import_tools(self.path / "tools.py", mod_name)
        sys.modules[mod_name] = module
        return tools

    def gold(self, task: Task) -> GoldOutcome:
        """Replay ``task``'s gold calls on a scratch state (once per process) and return the outcome."""
        key = json.dumps([c.model_dump() for c in task.gold_calls], sort_keys=True, default=str)
        with self._lock:
            cached = self._gold.get(key)
            if cached is not None:
                return cached
            template = self.template
            if self._scratch is None:
                self._scratch = DuckDBState(template, now=self.manifest.now)
            state = self._scratch
            state.reset()
            results, writes = [], []
            try:
                for i, call in enumerate(task.gold_calls):
                    tool = self.tools.get(call.name)
                    if tool is None:
                        raise EnvFormatError(self.path / "tasks.jsonl",
                                             f"task {task.id!r}: gold call {i} uses unknown tool {call.name!r}")
                    try:
                        args = tool.validate(call.arguments)
                        results.append(state.run_in_transaction(tool.func, writes=tool.writes, **args))
                        if tool.writes:
                            writes.append((call.name, write_key(args)))
                    except Exception as exc:  # ToolCallError, a tool bug or a database error
                        why = str(exc) if isinstance(exc, ToolCallError) else f"{type(exc).__name__}: {exc}".rstrip(": ")
                        raise EnvFormatError(self.path / "tasks.jsonl",
                                             f"task {task.id!r}: gold call {i} ({call.name}) fails: {why}") from None
                diff = state.diff()
                fingerprints = state.fingerprints(diff.tables)
            finally:
                state.reset()
            if not diff and not task.outputs:
                raise EnvFormatError(
                    self.path / "tasks.jsonl",
                    f"task {task.id!r} changes nothing and lists no outputs: doing nothing would be paid; "
                    "add the facts the user must be told to 'outputs'")
            outcome = GoldOutcome(tuple(results), diff, diff.changes(self.template.tables), fingerprints,
                                  tuple(writes))
            self._gold[key] = outcome
            return outcome

    def validate(self) -> None:
        """Load everything and replay every task's gold trajectory; raise :class:`EnvFormatError` on a problem."""
        _ = self.tools, self.template
        for task in self.tasks:
            self.gold(task)

    def check_task_file(self, path: str | Path) -> list[Task]:
        """Load a task file meant for this environment and replay every task's gold trajectory.

        Raises:
            TaskFileError: naming ``path``, the line and the problem (an unknown tool, with the nearest name;
                a gold call that fails), so a bad file is refused before anything runs.
        """
        from envfactory_gym.errors import TaskFileError, suggest

        tasks = load_tasks(path)
        lines = _task_lines(Path(path))
        for task in tasks:
            where = f"line {lines[task.id]}: " if task.id in lines else ""
            for i, call in enumerate(task.gold_calls):
                if call.name not in self.tools:
                    raise TaskFileError(path, f"{where}task {task.id!r}: gold call {i} uses unknown tool "
                                              f"{call.name!r}, which {self.env_id} does not have."
                                              f"{suggest(call.name, self.tools)}")
            try:
                self.gold(task)
            except EnvFormatError as exc:
                raise TaskFileError(path, where + exc.problem, exc.detail) from None
        return tasks

    def close(self) -> None:
        """Release the scratch state."""
        with self._lock:
            if self._scratch is not None:
                self._scratch.close()
                self._scratch = None


def _task_lines(path: Path) -> dict[str, int]:
    """The line number of each task id in a JSONL task file (for messages)."""
    out: dict[str, int] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            out.setdefault(str(json.loads(line)["id"]), n)
        except (ValueError, KeyError, TypeError):
            continue
    return out


@functools.cache
def _load_package(path: Path) -> EnvPackage:
    return EnvPackage(path)


def load_package(path: str | os.PathLike[str]) -> EnvPackage:
    """The process-wide :class:`EnvPackage` of a folder (shared by every env made from it)."""
    return _load_package(Path(path).resolve())


def _read_policy(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except (FileNotFoundError, UnicodeDecodeError) as exc:
        raise EnvFormatError(path, f"cannot read policy ({exc})") from None
