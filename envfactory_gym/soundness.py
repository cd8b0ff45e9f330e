"""Reward soundness: play adversarial strategies on every task and check they score below the gold trajectory."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym

from envfactory_gym.env import ToolUseEnv
from envfactory_gym.tasks import Task
from envfactory_gym.user import STOP_TOKEN

#: Strategies that must score at most :data:`NOTHING_MAX` on every task.
NOTHING_STRATEGIES = ("nothing", "end_at_once")
NOTHING_MAX = 0.1
#: The highest mean score any degenerate strategy may reach on an env.
DEGENERATE_MEAN_MAX = 0.5
REPEATS = 5

Action = Any
Plan = list[Action]


def _call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "arguments": dict(arguments)}


def _gold_calls(task: Task) -> Plan:
    return [_call(c.name, c.arguments) for c in task.gold_calls]


def _final_answer(task: Task) -> str:
    facts = "; ".join(task.outputs)
    return f"All done. {facts}. {STOP_TOKEN}" if facts else f"All done, your request is complete. {STOP_TOKEN}"


@dataclass
class Context:
    """What a strategy may look at: the env (reset to the task), the task, the other tasks, a seeded rng."""

    env: ToolUseEnv
    task: Task
    tasks: Sequence[Task]
    rng: random.Random
    probe: Callable[[Plan, Sequence[Action]], Action | None]


def gold(ctx: Context) -> Plan | None:
    return [*_gold_calls(ctx.task), _final_answer(ctx.task)]


def nothing(ctx: Context) -> Plan | None:
    return ["Thank you for contacting us, goodbye."]


def end_at_once(ctx: Context) -> Plan | None:
    return [STOP_TOKEN]


def talk(ctx: Context) -> Plan | None:
    # Asks for every fact, echoes the request back and claims success, but never calls a tool.
    facts = ", ".join(n.replace("_", " ") for n in ctx.task.user_facts) or "details"
    return [f"Could you give me your {facts}?", f"Done: {ctx.task.instruction} Anything else? {STOP_TOKEN}"]


def every_tool(ctx: Context) -> Plan | None:
    gold_args = {}
    for c in ctx.task.gold_calls:
        gold_args.setdefault(c.name, c.arguments)
    space = ctx.env.action_space
    space.seed(ctx.rng.randrange(2**31))
    calls = []
    for tool in ctx.env.package.tools.values():
        if tool.name in gold_args:
            calls.append(_call(tool.name, gold_args[tool.name]))
            continue
        sample = space.sample()
        while not isinstance(sample, dict) or sample["name"] != tool.name:
            sample = space.sample()
        calls.append(sample)
    return [*calls, f"All done, your request is complete. {STOP_TOKEN}"]


def repeat_gold(ctx: Context) -> Plan | None:
    return [*(_gold_calls(ctx.task) * REPEATS), _final_answer(ctx.task)]


def wrong_argument(ctx: Context) -> Plan | None:
    calls = _gold_calls(ctx.task)
    slots = [(i, k) for i, c in enumerate(ctx.task.gold_calls) for k in c.arguments if k not in c.masked]
    if not slots:
        return None
    i, key = ctx.rng.choice(slots)
    calls[i]["arguments"][key] = perturb(calls[i]["arguments"][key])
    return [*calls, _final_answer(ctx.task)]


def destructive_write(ctx: Context) -> Plan | None:
    writes = {t.name for t in ctx.env.package.tools.values() if t.writes}
    seen: set[str] = set()
    candidates = []
    for other in ctx.tasks:
        if other.id == ctx.task.id:
            continue
        for c in other.gold_calls:
            key = repr((c.name, sorted(c.arguments.items())))
            if c.name in writes and key not in seen:
                seen.add(key)
                candidates.append(_call(c.name, c.arguments))
    ctx.rng.shuffle(candidates)
    extra = ctx.probe(_gold_calls(ctx.task), candidates)
    if extra is None:
        return None
    return [*_gold_calls(ctx.task), extra, _final_answer(ctx.task)]


def forbidden_path(ctx: Context) -> Plan | None:
    if not ctx.task.forbidden_calls:
        return None
    calls = _gold_calls(ctx.task)
    pattern = ctx.task.forbidden_calls[0]
    for c in calls:
        if c["name"] == pattern.name:
            c["arguments"].update(pattern.arguments)
            break
    else:
        calls.append(_call(pattern.name, pattern.arguments))
    return [*calls, _final_answer(ctx.task)]


STRATEGIES: dict[str, Callable[[Context], Plan | None]] = {
    "gold": gold, "nothing": nothing, "end_at_once": end_at_once, "talk": talk, "every_tool": every_tool,
    "repeat_gold": repeat_gold, "wrong_argument": wrong_argument, "destructive_write": destructive_write,
    "forbidden_path": forbidden_path,
}


def perturb(value: Any) -> Any:
    """A plausible but wrong value of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return round(value + 1.0, 2)
    if isinstance(value, str):
        digits = [i for i, ch in enumerate(value) if ch.isdigit()]
        if digits:
            i = digits[-1]
            return value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1:]
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if len(value) > 1 else [perturb(v) for v in value] or ["x"]
    if isinstance(value, dict):
        return {k: perturb(v) for k, v in value.items()}
    return "x"


@dataclass
class SoundnessReport:
    """Scores of every strategy on every task of one env."""

    env_id: str
    scores: dict[str, dict[str, float]] = field(default_factory=dict)  # strategy -> task id -> reward

    def summary(self) -> dict[str, dict[str, float | int]]:
        """Per strategy: tasks played, mean, min and max score."""
        out: dict[str, dict[str, float | int]] = {}
        for name, by_task in self.scores.items():
            vals = list(by_task.values())
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
            for task_id, r in self.scores[name].items():
                if task_id in gold_scores and r >= gold_scores[task_id]:
                    bad.append(f"{self.env_id} {task_id}: {name} scores {r}, not below gold")
        return bad


def play(env: gym.Env, task_id: str, plan: Iterable[Action], seed: int = 0) -> tuple[float, list[tuple]]:
    """Reset ``env`` to the task, play the actions (then stop), return the final reward and the steps."""
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


def check_env(env_id: str, task_ids: Sequence[str] | None = None, strategies: Sequence[str] | None = None,
              seed: int = 0, max_steps: int = 1000) -> SoundnessReport:
    """Play every strategy on every task (or ``task_ids``) of ``env_id`` through ``gym.make``."""
    env = gym.make(env_id, max_steps=max_steps)
    try:
        base: ToolUseEnv = env.unwrapped
        tasks = base.tasks
        report = SoundnessReport(env_id, {name: {} for name in strategies or STRATEGIES})

        def probe(prefix: Plan, candidates: Sequence[Action]) -> Action | None:
            env.reset(seed=seed, options={"task_id": ctx.task.id})
            for action in prefix:
                env.step(action)
            for cand in candidates[:200]:
                obs, *_ = env.step(cand)
                if _succeeded(obs):
                    return cand
            return None

        for task in tasks:
            if task_ids is not None and task.id not in task_ids:
                continue
            for name in report.scores:
                ctx = Context(base, task, tasks, random.Random(f"{seed}:{task.id}:{name}"), probe)
                plan = STRATEGIES[name](ctx)
                if plan is not None:
                    report.scores[name][task.id] = play(env, task.id, plan, seed)[0]
        return report
    finally:
        env.close()
