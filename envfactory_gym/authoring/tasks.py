"""``TaskBuilder``: hand-written tasks of one environment, their gold calls played on the seed state, then written."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.errors import UsageError
from envfactory_gym.tasks import Task, load_tasks, write_tasks
from envfactory_gym.testing.standard import said

__all__ = ["TaskBuilder", "said"]


class TaskBuilder:
    """The tasks an author writes by hand for the environment folder ``folder`` (``seed/make_tasks.py``).

    Its tools are imported by path and played on the seeded state at the manifest's clock (or ``now``), so that ids,
    amounts and dates in a task come from the tools themselves. Per task: :meth:`begin` (a fresh state), then
    :meth:`call` for each gold call (its result returned to pick the next step), then :meth:`add_task`.
    :meth:`write` writes ``tasks.jsonl``; :meth:`main` is a script's whole ``main()`` with ``--out``.
    Subclass it to give scenarios their own helpers.
    """

    def __init__(self, folder: str | Path, *, now: str | None = None, prefix: str | None = None) -> None:
        from envfactory_gym.testing.envtest import EnvUnderTest

        self.env = EnvUnderTest(Path(folder).resolve())
        #: The environment folder.
        self.root: Path = self.env.root
        self.tools = self.env.tools
        self.manifest = self.env.manifest
        self.now: str = now or self.manifest.now
        self.state = self.env.new_state(self.now)
        #: Task ids are ``<prefix>-001``, ``<prefix>-002``, ... unless given.
        self.prefix: str = prefix or self.manifest.name
        self.tasks: list[Task] = []
        #: The gold calls of the task being written, and their results.
        self.calls: list[dict[str, Any]] = []
        self.results: list[Any] = []

    def __repr__(self) -> str:
        return f"TaskBuilder({str(self.root)!r}, tasks={len(self.tasks)})"

    # -- the seed ----------------------------------------------------------------------------------------------

    def rows(self, sql: str, params: Sequence[Any] | None = None) -> list[dict[str, Any]]:
        """The rows of a read query on the current state."""
        return self.state.db.query(sql, list(params or []))

    def row(self, sql: str, params: Sequence[Any] | None = None, skip: int = 0) -> dict[str, Any]:
        """Row ``skip`` (0: the first) of a read query.

        Raises:
            UsageError: the query has no such row (the message shows the query).
        """
        found = self.rows(sql, params)
        if len(found) <= skip:
            raise UsageError(f"{self.root.name}: no row {skip} for {sql[:120]!r} (params {list(params or [])})")
        return found[skip]

    # -- gold calls --------------------------------------------------------------------------------------------

    def begin(self) -> None:
        """Start a task: the seeded state again, no gold calls yet."""
        self.state.reset()
        self.calls = []
        self.results = []

    def call(self, name: str, /, masked: Sequence[str] | None = None, **arguments: Any) -> Any:
        """Play gold call ``name(**arguments)`` as an episode does, record it (``masked``: arguments the agent may
        choose freely) and return its result; a refusal raises :class:`~envfactory_gym.errors.ToolError`."""
        tool = self.env.tool(name)
        result = self.state.run_in_transaction(tool.func, writes=tool.writes, **tool.validate(arguments))
        self.calls.append({"name": name, "arguments": arguments, **({"masked": list(masked)} if masked else {})})
        self.results.append(result)
        return result

    def play(self, calls: Iterable[Mapping[str, Any]]) -> list[Any]:
        """:meth:`begin`, then play ``calls`` (mappings with ``name``, ``arguments`` and maybe ``masked``);
        returns their results."""
        self.begin()
        for c in calls:
            self.call(c["name"], c.get("masked"), **c.get("arguments", {}))
        return list(self.results)

    # -- tasks -------------------------------------------------------------------------------------------------

    def add_task(self, instruction: str, *, tags: Sequence[str] = (), outputs: Sequence[Any] = (),
                 user_facts: Mapping[str, Any] | None = None, forbidden_calls: Sequence[Mapping[str, Any]] = (),
                 task_id: str | None = None, check_outputs: bool = True,
                 consent: Sequence[Mapping[str, Any]] = ()) -> Task:
        """Add the task whose gold calls were played since :meth:`begin`; returns it.

        ``user_facts`` maps a fact to ``{"value": ..., "keywords": [...]}``; outputs are written as text;
        ``consent`` holds ``{"fact": ..., "calls": [{"name": ..., "arguments": {...}}]}`` gates (calls the agent may
        make only after the user gave that decision fact).

        Raises:
            UsageError: with ``check_outputs``, an output that no gold call's result holds (as text or as
                the same number); the message names the task and the output.
        """
        texts = [str(o) for o in outputs]
        task_id = task_id or f"{self.prefix}-{len(self.tasks) + 1:03d}"
        if check_outputs:
            missing = [o for o in texts if not said(o, self.results)]
            if missing:
                raise UsageError(f"{task_id}: outputs {missing} are in no gold call's result")
        task = Task.model_validate({"id": task_id, "instruction": instruction, "user_facts": dict(user_facts or {}),
                                    "gold_calls": list(self.calls), "outputs": texts,
                                    "forbidden_calls": list(forbidden_calls), "consent": list(consent),
                                    "tags": list(tags)})
        self.tasks.append(task)
        return task

    def write(self, path: str | Path | None = None, *, keep: Callable[[Task], bool] | None = None) -> Path:
        """Write the tasks to ``path`` (default: the folder's ``tasks.jsonl``); tasks already in the file for which
        ``keep`` is true (e.g. sampled ones) follow them unless one of the new tasks has their id."""
        path = Path(path) if path is not None else self.root / "tasks.jsonl"
        ids = {t.id for t in self.tasks}
        kept = [t for t in load_tasks(path, allow_empty=True) if keep(t) and t.id not in ids] \
            if keep is not None and path.is_file() else []
        write_tasks(path, [*self.tasks, *kept])
        return path

    def close(self) -> None:
        """Close the state (the builder cannot play calls afterwards)."""
        self.state.close()

    def main(self, build: Callable[[], Any], argv: Sequence[str] | None = None, *,
             keep: Callable[[Task], bool] | None = None, description: str | None = None) -> int:
        """A ``make_tasks.py`` script's ``main``: ``build()`` adds the tasks, then they are written to ``--out``
        (default: the folder's ``tasks.jsonl``) as :meth:`write` does. Returns 0."""
        parser = argparse.ArgumentParser(description=description or f"Write the {self.prefix} tasks.")
        parser.add_argument("--out", type=Path, default=self.root / "tasks.jsonl", help="task file to write")
        args = parser.parse_args(argv)
        try:
            build()
            path = self.write(args.out, keep=keep)
        finally:
            self.close()
        print(f"wrote {len(self.tasks)} tasks to {path}")
        return 0
