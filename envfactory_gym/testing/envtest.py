"""An environment folder as its own tests see it: tools imported from tools.py, tasks, and a state reset per test."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from envfactory_gym.database import DuckDBState, Template
from envfactory_gym.errors import EnvFormatError, ToolError, UnknownToolError
from envfactory_gym.package import import_tools
from envfactory_gym.tasks import Manifest, Task, load_manifest, load_tasks
from envfactory_gym.tools import Tool


class EnvUnderTest:
    """One environment folder under test; the scaffolding of ``<folder>/tests/test_<name>.py`` in one object.

    ``ENV = EnvUnderTest(__file__)`` finds the folder from the test file (its grandparent; a folder is taken as
    is), reads ``manifest.json`` and ``tasks.jsonl``, and imports ``tools.py`` by path, so that coverage of that
    file counts what the tests execute. ``state = ENV.state_fixture()`` at module level declares the ``state``
    fixture: the seeded state at the manifest's clock, made once per test module and reset before each test.
    Tools are called with ``ENV.run(state, "tool_name", arg=value)``, refusals checked with
    ``ENV.assert_refused(state, "tool_name", "regex", arg=value)``. ``TestStructure = ENV.standard_tests(...)``
    adds the structural tests every folder runs (schemas, seed, task mix, gold replay).
    """

    def __init__(self, path: str | Path) -> None:
        path = Path(path).resolve()
        #: The environment folder.
        self.root: Path = path if path.is_dir() else path.parents[1]
        self.manifest: Manifest = load_manifest(self.root / "manifest.json")
        tools_py = self.root / "tools.py"
        if not tools_py.is_file():
            raise EnvFormatError(tools_py, "missing tools.py")
        #: The imported ``tools.py`` module (for its constants and helpers).
        self.module: ModuleType
        self.tools: dict[str, Tool]
        self.module, self.tools = import_tools(tools_py, f"{self.manifest.name}_tools_under_test")
        #: The tasks of ``tasks.jsonl`` (none while the folder has no tasks yet).
        self.tasks: list[Task] = load_tasks(self.root / "tasks.jsonl", allow_empty=True)
        self._states: dict[str, DuckDBState] = {}

    def __repr__(self) -> str:
        return f"EnvUnderTest({str(self.root)!r})"

    @cached_property
    def template(self) -> Template:
        """The seeded initial state (``schema.sql`` and ``seed/*.csv``), loaded on first use."""
        return Template.load(self.root / "schema.sql", self.root / "seed")

    def new_state(self, now: str | None = None) -> DuckDBState:
        """A fresh seeded state at the manifest's clock (or at ``now``); the caller closes it."""
        return DuckDBState(self.template, now=now or self.manifest.now)

    def state_fixture(self, now: str | None = None) -> Any:
        """A pytest fixture (named after the module attribute it is assigned to) giving each test the seeded state.

        The state is made once per test module, at the manifest's clock or at ``now``, reset before every test
        and closed when the module's tests are done.
        """
        import pytest  # only test modules need pytest

        def state(request: pytest.FixtureRequest) -> DuckDBState:
            return self.shared_state(request, now)

        return pytest.fixture(state)

    def shared_state(self, request: Any, now: str | None = None) -> DuckDBState:
        """The state behind :meth:`state_fixture`, for a fixture's ``request``: made once per test module at the
        manifest's clock (or ``now``), reset on every call, closed when the module's tests are done."""
        import pytest

        clock = now or self.manifest.now
        shared = self._states.get(clock)
        if shared is None or shared.closed:
            shared = self._states[clock] = self.new_state(clock)
            holder = request.node.getparent(pytest.Module) or request.session
            holder.addfinalizer(shared.close)
        shared.reset()
        return shared

    def standard_tests(self, **limits: Any) -> type:
        """The nine structural tests every environment runs, as a test class to bind at module level:
        ``TestStructure = ENV.standard_tests(min_tools=15, min_tasks=60)``. ``limits`` are the fields of
        :class:`envfactory_gym.testing.standard.Limits` (tool, table, row and task counts the folder promises)."""
        from envfactory_gym.testing.standard import standard_tests

        return standard_tests(self, **limits)

    def tool(self, name: str) -> Tool:
        """The tool called ``name``; an unknown name raises :class:`UnknownToolError` with the nearest one."""
        try:
            return self.tools[name]
        except KeyError:
            raise UnknownToolError(name, self.tools) from None

    def run(self, state: DuckDBState, name: str, /, **arguments: Any) -> Any:
        """Call tool ``name`` on ``state`` as an episode does: arguments validated, writes in one transaction."""
        tool = self.tool(name)
        return state.run_in_transaction(tool.func, writes=tool.writes, **tool.validate(arguments))

    def one(self, state: DuckDBState, sql: str, params: Sequence[Any] | None = None) -> dict[str, Any]:
        """The first row of a read query; fails the test when there is none."""
        row = state.db.query_one(sql, list(params or []))
        if row is None:
            raise AssertionError(f"no row for: {sql}")
        return row

    def assert_refused(self, state: DuckDBState, name: str, match: str, /, **arguments: Any) -> ToolError:
        """Assert that the call raises :class:`ToolError` with a message matching the regular expression ``match``
        (searched, as ``pytest.raises`` does) and leaves every table unchanged; returns the error."""
        tables = list(state.template.tables)
        before = state.fingerprints(tables)
        try:
            self.run(state, name, **arguments)
        except ToolError as exc:
            error = exc
        else:
            raise AssertionError(f"{name}({_args(arguments)}) was not refused (expected a ToolError matching "
                                 f"{match!r})")
        if not re.search(match, str(error)):
            raise AssertionError(f"{name}({_args(arguments)}) was refused with {str(error)!r}, which does not match "
                                 f"{match!r}")
        changed = [t for t, fp in state.fingerprints(tables).items() if fp != before[t]]
        if changed:
            raise AssertionError(f"{name}({_args(arguments)}) was refused but changed {', '.join(changed)}")
        return error


def _args(arguments: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in arguments.items())
