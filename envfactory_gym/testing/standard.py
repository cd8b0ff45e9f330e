"""The structural tests every environment folder runs, as one test class: ``TestStructure = ENV.standard_tests()``."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from envfactory_gym.errors import ConfigError

__all__ = ["Limits", "said", "standard_tests"]

#: An :class:`~envfactory_gym.testing.envtest.EnvUnderTest` (named, not imported: it imports this module).
EnvUnderTest = Any


def said(output: str, results: Any) -> bool:
    """Whether tool results hold ``output``: as text (any case), or as the same number ("75.00" for 75.0)."""
    if output.lower() in json.dumps(results, default=str).lower():
        return True
    try:
        number = float(output.replace(",", "").removeprefix("$"))
    except ValueError:
        return False
    stack: list[Any] = [results]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value - number) < 1e-9:
            return True
    return False


@dataclass(frozen=True)
class Limits:
    """The figures an environment promises; each structural test fails when the folder falls short of one."""

    #: The manifest and policies: at least this many rules; the compact policy at most this share of the full
    #: policy's words.
    min_rules: int = 3
    compact_share: float = 1.0
    #: Tools: at least this many in all, writing and read-only.
    min_tools: int = 10
    min_writes: int = 5
    min_reads: int = 0
    #: ``schema.sql``: at least this many tables.
    min_tables: int = 5
    #: The seed: total rows within [min_rows, max_rows]; ``every_table_filled``: no table is empty.
    min_rows: int = 500
    max_rows: int | None = None
    every_table_filled: bool = False
    #: ``tasks.jsonl``: at least this many tasks, of them read-only, with one write and with two or more writes;
    #: with user facts, forbidden calls and the ``refusal`` tag.
    min_tasks: int = 20
    min_read_tasks: int = 5
    min_single_write_tasks: int = 5
    min_multi_write_tasks: int = 5
    min_user_fact_tasks: int = 0
    min_forbidden_tasks: int = 0
    min_refusal_tasks: int = 0
    #: Gold replay: every output is said by the gold calls' results, except in tasks with one of these tags
    #: (their outputs come from a refusal's message or from reasoning); ``check_outputs=False`` checks none.
    check_outputs: bool = True
    unchecked_output_tags: tuple[str, ...] = ()


def _write_counts(env: EnvUnderTest) -> list[int]:
    return [sum(env.tool(c.name).writes for c in t.gold_calls) for t in env.tasks]


def standard_tests(env: EnvUnderTest, **limits: Any) -> type:
    """A test class with the nine structural tests of ``env``'s folder, checked against :class:`Limits`.

    Bind it at module level (``TestStructure = ENV.standard_tests(min_tools=15)``) so that pytest collects it:
    manifest and policies, tool schemas, no foreign keys, primary keys, a deterministic seed script, the seed's
    size, the QueryGen declarations, the task mix, and the replay of every task's gold calls.

    Raises:
        ConfigError: an unknown limit (the message names it and the nearest one).
    """
    import pytest  # only test modules need pytest

    known = {f.name for f in fields(Limits)}
    for key in limits:
        if key not in known:
            from envfactory_gym.errors import suggest

            raise ConfigError(f"standard_tests: unknown limit {key!r}.{suggest(key, known)} "
                              f"Limits: {', '.join(sorted(known))}")
    lim = Limits(**limits)

    class TestStructure:
        """The structural checks of the environment folder (see :func:`envfactory_gym.testing.standard_tests`)."""

        limits = lim

        @pytest.fixture
        def state(self, request: pytest.FixtureRequest) -> Any:
            return env.shared_state(request)

        def test_manifest_and_policies(self) -> None:
            m = env.manifest
            assert m.name == env.root.name, f"manifest name {m.name!r} is not the folder's name {env.root.name!r}"
            assert len(m.rules) >= lim.min_rules, f"{len(m.rules)} rules, fewer than {lim.min_rules}"
            full = (env.root / m.policy_file).read_text(encoding="utf-8").split()
            compact = (env.root / m.compact_policy_file).read_text(encoding="utf-8").split()
            assert full and compact, "a policy file is empty"
            assert len(compact) <= len(full) * lim.compact_share, (
                f"the compact policy has {len(compact)} words, more than {lim.compact_share} of the full "
                f"policy's {len(full)}")

        def test_every_tool_has_a_schema(self) -> None:
            writes = sum(t.writes for t in env.tools.values())
            reads = len(env.tools) - writes
            assert len(env.tools) >= lim.min_tools, f"{len(env.tools)} tools, fewer than {lim.min_tools}"
            assert writes >= lim.min_writes, f"{writes} writing tools, fewer than {lim.min_writes}"
            assert reads >= lim.min_reads, f"{reads} read-only tools, fewer than {lim.min_reads}"
            for tool in env.tools.values():
                fn = tool.openai_schema["function"]
                assert fn["description"].strip(), f"tool {tool.name!r} has no description"
                for name, prop in fn["parameters"]["properties"].items():
                    assert prop.get("description"), f"parameter {name!r} of {tool.name!r} has no description"

        def test_schema_has_no_foreign_keys(self) -> None:
            text = (env.root / "schema.sql").read_text(encoding="utf-8")
            code = "\n".join(line.split("--")[0] for line in text.splitlines()).upper()
            assert "FOREIGN KEY" not in code and "REFERENCES" not in code, "schema.sql declares a foreign key"

        def test_tables_have_primary_keys(self) -> None:
            tables = env.template.tables
            assert len(tables) >= lim.min_tables, f"{len(tables)} tables, fewer than {lim.min_tables}"
            assert [t for t, info in tables.items() if not info.primary_key] == []

        def test_seed_script_is_deterministic(self, tmp_path: Path) -> None:
            if (env.root / "composite.json").is_file():  # a composite's seed is `envfactory compose`'s output
                from envfactory_gym.composite.build import recompose_matches

                assert recompose_matches(env.root, tmp_path) == []
                return
            done = subprocess.run([sys.executable, str(env.root / "seed" / "generate.py"), "--out", str(tmp_path)],
                                  capture_output=True, text=True)
            assert done.returncode == 0, done.stderr[-2000:]
            committed = sorted(p.name for p in (env.root / "seed").glob("*.csv"))
            assert sorted(p.name for p in tmp_path.glob("*.csv")) == committed
            for name in committed:
                assert (tmp_path / name).read_bytes() == (env.root / "seed" / name).read_bytes(), name

        def test_seed_size(self, state: Any) -> None:
            counts = {t: state.db.scalar(f"SELECT count(*) FROM {t}") for t in env.template.tables}
            total = sum(counts.values())
            assert total >= lim.min_rows, f"{total} seed rows, fewer than {lim.min_rows}"
            assert lim.max_rows is None or total <= lim.max_rows, f"{total} seed rows, more than {lim.max_rows}"
            if lim.every_table_filled:
                assert [t for t, n in counts.items() if not n] == [], "empty tables"

        def test_querygen_declarations_load(self) -> None:
            from envfactory_gym.querygen.spec import load_declarations

            spec = load_declarations(env.root)
            assert set(spec.tools) <= set(env.tools), sorted(set(spec.tools) - set(env.tools))
            assert spec.user.facts, "querygen.json declares no user facts"

        def test_task_mix(self) -> None:
            counts = _write_counts(env)
            assert len(env.tasks) >= lim.min_tasks, f"{len(env.tasks)} tasks, fewer than {lim.min_tasks}"
            mix = {"read-only": (sum(n == 0 for n in counts), lim.min_read_tasks),
                   "single-write": (sum(n == 1 for n in counts), lim.min_single_write_tasks),
                   "multi-write": (sum(n >= 2 for n in counts), lim.min_multi_write_tasks),
                   "user-fact": (sum(bool(t.user_facts) for t in env.tasks), lim.min_user_fact_tasks),
                   "forbidden-call": (sum(bool(t.forbidden_calls) for t in env.tasks), lim.min_forbidden_tasks),
                   "refusal": (sum("refusal" in t.tags for t in env.tasks), lim.min_refusal_tasks)}
            for kind, (have, need) in mix.items():
                assert have >= need, f"{have} {kind} tasks, fewer than {need}"
            assert [t.id for t, n in zip(env.tasks, counts) if not n and not t.outputs] == [], \
                "read-only tasks without outputs (they are scored on their outputs)"

        @pytest.mark.parametrize("task", env.tasks, ids=[t.id for t in env.tasks])
        def test_gold_calls_replay(self, task: Any, state: Any) -> None:
            results = [env.run(state, c.name, **c.arguments) for c in task.gold_calls]
            writes = any(env.tool(c.name).writes for c in task.gold_calls)
            assert bool(state.diff()) == writes, "writing tasks must change the state and read-only ones must not"
            if lim.check_outputs and not set(lim.unchecked_output_tags) & set(task.tags):
                for output in task.outputs:
                    assert said(output, results), f"output {output!r} is in no gold call's result"

    return TestStructure
