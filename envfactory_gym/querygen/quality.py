"""Quality report of a task set: oracle solvability, chain lengths, tool coverage, shapes and identifier leaks."""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.checks import leaked_identifiers
from envfactory_gym.querygen.sampler import task_key
from envfactory_gym.runner import run_episodes
from envfactory_gym.tasks import Task, write_tasks


def oracle_rewards(env_id: str, tasks: list[Task] | None = None, tasks_file: str | os.PathLike[str] | None = None
                   ) -> dict[str, float]:
    """Each task's reward with the oracle agent, played through ``gym.make(env_id, tasks=...)``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tasks_file) if tasks_file else Path(tmp) / "tasks.jsonl"
        if tasks_file is None:
            write_tasks(path, tasks or [])
        results = run_episodes(env_id, OracleAgent(), env_kwargs={"tasks": str(path)}, progress=False)
        return {r.task_id: r.reward for r in results}


def report(pkg: EnvPackage, tasks: list[Task], tasks_file: str | os.PathLike[str] | None = None,
           replay: bool = True) -> dict[str, Any]:
    """The report as a JSON-friendly dict."""
    lengths = Counter(len(t.gold_calls) for t in tasks)
    tools = Counter(c.name for t in tasks for c in t.gold_calls)
    shapes = Counter(" > ".join(c.name for c in t.gold_calls) for t in tasks)
    keys = Counter(task_key(t) for t in tasks)
    leaking = [t.id for t in tasks if leaked_identifiers(t, pkg)]
    out: dict[str, Any] = {
        "env_id": pkg.env_id,
        "tasks": len(tasks),
        "writing": sum(1 for t in tasks if any(pkg.tools[c.name].writes for c in t.gold_calls)),
        "chain_lengths": dict(sorted(lengths.items())),
        "mean_chain_length": sum(k * v for k, v in lengths.items()) / max(1, len(tasks)),
        "tool_coverage": len(tools) / max(1, len(pkg.tools)),
        "tools_used": dict(tools.most_common()),
        "tools_unused": sorted(set(pkg.tools) - set(tools)),
        "distinct_shapes": len(shapes),
        "top_shapes": dict(shapes.most_common(10)),
        "duplicate_gold_trajectories": sum(v - 1 for v in keys.values()),
        "leaking_share": len(leaking) / max(1, len(tasks)),
        "leaking_tasks": leaking[:20],
    }
    if replay:
        rewards = oracle_rewards(pkg.env_id, tasks, tasks_file)
        out["oracle_solved_share"] = sum(1 for r in rewards.values() if r >= 1.0 - 1e-9) / max(1, len(rewards))
        out["oracle_unsolved"] = sorted(k for k, r in rewards.items() if r < 1.0 - 1e-9)[:20]
    return out
