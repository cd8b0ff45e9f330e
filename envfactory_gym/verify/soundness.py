"""Reward soundness: play adversarial strategies on every task and check they score below the gold trajectory."""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import gymnasium as gym

from envfactory_gym.env import ToolUseEnv
from envfactory_gym.errors import UnknownStrategyError, UsageError, suggest
from envfactory_gym.registration import resolve_env_id
from envfactory_gym.user import STOP_TOKEN
from envfactory_gym.verify.strategies import STRATEGIES, Action, Context, Plan, seed_haystack

#: Strategies that must score at most :data:`NOTHING_MAX` on every task.
NOTHING_STRATEGIES = ("nothing", "end_at_once")
NOTHING_MAX = 0.0
#: The highest mean score any degenerate strategy may reach on an env.
DEGENERATE_MEAN_MAX = 0.5
#: Strategies that answer with a haystack instead of an answer; played on read-only tasks only, where their
#: mean must stay at or below :data:`HAYSTACK_MAX`.
HAYSTACK_STRATEGIES = ("dump_everything", "kitchen_sink", "spray", "dump_instead", "record_dump")
#: Strategies bounded by their mean only: pasting a small record whole is sometimes just the answer.
PER_TASK_EXEMPT = ("record_dump",)
#: Strategies that report a change falsely; their mean on writing tasks must stay at or below :data:`HAYSTACK_MAX`.
FALSE_REPORT_STRATEGIES = ("false_report",)
HAYSTACK_MAX = 0.1
__all__ = ["STRATEGIES", "Action", "Context", "Plan", "SoundnessReport", "check_env", "open_env", "play",
           "seed_haystack"]


# -- the report ---------------------------------------------------------------------------------------------


@dataclass
class SoundnessReport:
    """Scores of every strategy on every task of one env."""

    env_id: str
    scores: dict[str, dict[str, float]] = field(default_factory=dict)  # strategy -> task id -> reward
    #: Ids of the tasks whose gold trajectory changes nothing (the haystack strategies play only those).
    read_only: set[str] = field(default_factory=set)
    #: What was checked: the env id, or the environment folder's path.
    source: str = ""

    def summary(self, read_only: bool = False) -> dict[str, dict[str, float | int]]:
        """Per strategy: tasks played, mean, min and max score (on the read-only tasks only when asked)."""
        out: dict[str, dict[str, float | int]] = {}
        for name, by_task in self.scores.items():
            vals = [r for t, r in by_task.items() if not read_only or t in self.read_only]
            if vals:
                out[name] = {"tasks": len(vals), "mean": statistics.fmean(vals), "min": min(vals), "max": max(vals)}
        return out

    def violations(self) -> list[str]:
        """Every broken threshold, as readable lines (empty when the reward is sound)."""
        bad = []
        for task_id, r in self.scores.get("gold", {}).items():
            if r != 1.0:
                bad.append(f"{self.env_id} {task_id}: gold scores {r}, not 1.0")
        for name in NOTHING_STRATEGIES:
            for task_id, r in self.scores.get(name, {}).items():
                if r > NOTHING_MAX:
                    bad.append(f"{self.env_id} {task_id}: {name} scores {r} > {NOTHING_MAX}")
        gold_scores = self.scores.get("gold", {})
        for name, stats in self.summary().items():
            if name == "gold":
                continue
            if stats["mean"] > DEGENERATE_MEAN_MAX:
                bad.append(f"{self.env_id}: {name} averages {stats['mean']:.3f} > {DEGENERATE_MEAN_MAX}")
            if name in PER_TASK_EXEMPT:
                continue  # bounded by its mean only
            for task_id, r in self.scores[name].items():
                if task_id in gold_scores and r >= gold_scores[task_id]:
                    bad.append(f"{self.env_id} {task_id}: {name} scores {r}, not below gold")
        for name in FALSE_REPORT_STRATEGIES:
            probe = self.summary().get(name)
            if probe and probe["mean"] > HAYSTACK_MAX:
                bad.append(f"{self.env_id}: {name} averages {probe['mean']:.3f} > {HAYSTACK_MAX}")
        read_only = self.summary(read_only=True)
        for name in HAYSTACK_STRATEGIES:
            if name in read_only and read_only[name]["mean"] > HAYSTACK_MAX:
                bad.append(f"{self.env_id}: {name} averages {read_only[name]['mean']:.3f} on read-only tasks "
                           f"> {HAYSTACK_MAX}")
        return bad

    def as_dict(self, include_scores: bool = True) -> dict[str, Any]:
        """A JSON-ready record: per strategy the tasks played and the mean, min and max score, on all tasks and
        on the read-only ones; the thresholds, the violations, and (by default) every score."""
        every, read_only = self.summary(), self.summary(read_only=True)
        tasks = {t for by_task in self.scores.values() for t in by_task}
        out: dict[str, Any] = {
            "env_id": self.env_id, "source": self.source or self.env_id, "tasks": len(tasks),
            "read_only_tasks": len(tasks & self.read_only),
            "thresholds": {"gold": 1.0, "nothing_max": NOTHING_MAX, "nothing_strategies": list(NOTHING_STRATEGIES),
                           "degenerate_mean_max": DEGENERATE_MEAN_MAX, "haystack_max": HAYSTACK_MAX,
                           "haystack_strategies": list(HAYSTACK_STRATEGIES)},
            "strategies": {name: {**every[name], "read_only": read_only.get(name)} for name in every},
            "violations": self.violations(),
        }
        out["sound"] = not out["violations"]
        if include_scores:
            out["scores"] = self.scores
        return out


def play(env: gym.Env, task_id: str, plan: Iterable[Action], seed: int = 0,
         reset: bool = True) -> tuple[float, list[tuple]]:
    """Reset ``env`` to the task (unless ``reset`` is False: go on with the episode under way), play the actions
    (then stop), return the final reward and the steps."""
    if reset:
        env.reset(seed=seed, options={"task_id": task_id})
    steps = []
    for action in [*plan, STOP_TOKEN]:
        out = env.step(action)
        steps.append(out)
        if out[2] or out[3]:
            return float(out[1]), steps
    raise RuntimeError("episode did not end after a stop message")


def _succeeded(obs: tuple) -> bool:
    last = obs[-1]
    return last["role"] == "tool" and not last["content"].startswith("Error")


def open_env(env: str | os.PathLike[str], max_steps: int = 1000) -> tuple[gym.Env, str]:
    """An env to check, from a registered env id or an environment folder (registered or not), and its label.

    Raises:
        EnvFactoryError: ``env`` is neither a folder nor a registered env id (one line, nearest id suggested);
            a malformed folder raises :class:`~envfactory_gym.errors.EnvFormatError` naming the file.
    """
    # Tool results are never cut here: the dumping strategies paste whole results.
    kwargs: dict[str, Any] = {"max_steps": max_steps, "max_result_chars": 1_000_000}
    path = Path(env)
    if isinstance(env, os.PathLike) or path.is_dir():
        if not path.is_dir():
            raise UsageError(f"{env}: no such environment folder")
        return ToolUseEnv(path, **kwargs), str(path)
    return gym.make(resolve_env_id(str(env)), **kwargs), str(env)


def check_env(env: str | os.PathLike[str], task_ids: Sequence[str] | None = None,
              strategies: Sequence[str] | None = None, seed: int = 0, max_steps: int = 1000) -> SoundnessReport:
    """Play every strategy (or ``strategies``) on every task (or ``task_ids``) of ``env``: a registered env id
    (through ``gym.make``) or an environment folder, registered or not (the verification gate checks folders
    before they are registered)."""
    for name in strategies or ():
        if name not in STRATEGIES:
            raise UnknownStrategyError(name, STRATEGIES, f"unknown strategy {name!r}.{suggest(name, STRATEGIES)} "
                                                         f"Known: {', '.join(STRATEGIES)}")
    handle, source = open_env(env, max_steps)
    try:
        base = cast(ToolUseEnv, handle.unwrapped)
        tasks = base.tasks
        report = SoundnessReport(base.package.env_id, {name: {} for name in strategies or STRATEGIES},
                                 source=source)
        haystack: list[str] | None = None

        ran: list[Action] = []  # the actions played so far in the strategy's scratch episode

        def probe(prefix: Plan, candidates: Sequence[Action]) -> Action | None:
            ran.append(None)  # the scratch episode is no longer the plan's beginning
            handle.reset(seed=seed, options={"task_id": ctx.task.id})
            for action in prefix:
                handle.step(action)
            for cand in candidates[:200]:
                obs, *_ = handle.step(cand)
                if _succeeded(obs):
                    return cand
            return None

        def run(action: Action) -> str | None:
            ran.append(action)
            obs, *_ = handle.step(action)
            return obs[-1]["content"] if _succeeded(obs) else None

        def seed_values() -> list[str]:
            nonlocal haystack
            if haystack is None:
                haystack = seed_haystack(base.package)
            return haystack

        for task in tasks:
            if task_ids is not None and task.id not in task_ids:
                continue
            read_only = not base.package.gold(task).diff
            if read_only:
                report.read_only.add(task.id)
            for name in report.scores:
                handle.reset(seed=seed, options={"task_id": task.id})
                ran.clear()
                ctx = Context(base, task, tasks, random.Random(f"{seed}:{task.id}:{name}"), probe, run, read_only,
                              seed_values)
                plan = STRATEGIES[name](ctx)
                if plan is None:
                    continue
                # A deterministic world: calls the strategy made in its fresh scratch episode need no replay.
                done = len(ran) if ran and plan[:len(ran)] == ran else 0
                report.scores[name][task.id] = play(handle, task.id, plan[done:], seed, reset=not done)[0]
        return report
    finally:
        handle.close()
