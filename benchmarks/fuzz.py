"""Fuzz every registered env with hostile actions; count crashes, invalid state changes and isolation breaks."""

from __future__ import annotations

import argparse
import json
import platform
import random
import string
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import gymnasium as gym

import envfactory_gym
from envfactory_gym.tasks import atomic_write_text

SQL = ["'; DROP TABLE orders; --", "\" OR 1=1 --", "' OR '1'='1", "%", "_", "\\", "\x00", "Robert'); --",
       "1; DELETE FROM customers", "') UNION SELECT * FROM customers --", "NULL", "${x}", "{{}}", "*/", "/*"]
UNICODE = ["ü" * 50, "中文字符", "🙂" * 20, "\u202e\u200b", "\ud7ff", "é\u0301", "\U0010ffff", "ﷺ"]


@dataclass
class Args:
    actions: int = 100_000
    """actions per env"""
    envs: list[str] = field(default_factory=list)
    """env ids (default: every registered env)"""
    seed: int = 0
    quick: bool = False
    """2,000 actions per env (a smoke run)"""
    json: str | None = None
    """write the report to this file"""
    hash_every: int = 500
    """compare every table with the expected state every this many actions (dirty tables: when they change)"""
    max_steps: int = 200
    min_episode: int = 5
    """episodes end after a seeded random number of actions in [min_episode, max_episode] (or earlier)"""
    max_episode: int = 40


def parse_args() -> Args:
    p = argparse.ArgumentParser(description=__doc__)
    d = Args()
    p.add_argument("--actions", type=int, default=d.actions)
    p.add_argument("--envs", nargs="*", default=[])
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--json", default=None)
    p.add_argument("--hash-every", type=int, default=d.hash_every)
    p.add_argument("--max-steps", type=int, default=d.max_steps)
    p.add_argument("--min-episode", type=int, default=d.min_episode)
    p.add_argument("--max-episode", type=int, default=d.max_episode)
    args = Args(**vars(p.parse_args()))
    if args.quick:
        args.actions = min(args.actions, 2_000)
    return args


class Hostile:
    """Seeded generator of every kind of bad action, plus some valid calls (so that writes happen)."""

    def __init__(self, env: Any, rng: random.Random) -> None:
        self.rng = rng
        self.tools = list(env.unwrapped.package.tools.values())
        self.gold = [c for t in env.unwrapped.tasks for c in t.gold_calls]
        self.space = env.action_space
        self.space.seed(rng.randrange(2**31))

    def text(self) -> str:
        r = self.rng
        kind = r.random()
        if kind < 0.3:
            return "".join(r.choice(string.printable) for _ in range(r.randrange(0, 80)))
        if kind < 0.5:
            return r.choice(SQL) + r.choice(["", "x", "ORD-1"])
        if kind < 0.7:
            return r.choice(UNICODE)
        if kind < 0.75:
            return r.choice(["x", "ü", "'"]) * r.choice([20_000, 100_000])
        return str(r.randrange(-10**6, 10**6))

    def value(self, depth: int = 0) -> Any:
        r = self.rng
        kind = r.randrange(8 if depth < 3 else 5)
        if kind == 0:
            return None
        if kind == 1:
            return r.random() < 0.5
        if kind == 2:
            return r.randrange(-2**63, 2**63)
        if kind == 3:
            return r.choice([1e308, -0.0, float("nan"), 3.5])
        if kind == 5:
            return [self.value(depth + 1) for _ in range(r.randrange(3))]
        if kind == 6:
            return {self.text()[:10]: self.value(depth + 1) for _ in range(r.randrange(3))}
        return self.text()

    def call(self) -> dict[str, Any]:
        r = self.rng
        if r.random() < 0.5 and self.gold:
            g = r.choice(self.gold)
            args = dict(g.arguments)
            if args and r.random() < 0.7:  # SQL, quotes or junk in one argument of a real call
                args[r.choice(list(args))] = self.value() if r.random() < 0.5 else r.choice(SQL)
            return {"name": g.name, "arguments": args}
        tool = r.choice(self.tools)
        keys = [*tool.parameters, "extra"]
        return {"name": tool.name, "arguments": {r.choice(keys): self.value() for _ in range(r.randrange(4))}}

    def action(self) -> Any:
        r = self.rng
        kind = r.randrange(16)
        if kind == 14:  # Python objects nested around and past the interpreter's recursion limit
            nested: Any = 1
            for _ in range(r.choice([50, 900, 5_000])):
                nested = [nested] if r.random() < 0.5 else {"a": nested}
            return {"name": r.choice(self.tools).name, "arguments": {"x": nested}}
        if kind == 15:  # a megabyte name with arguments that are not an object
            return {"name": r.choice(["x", "'", "ü"]) * (1 << 20), "arguments": r.choice([1, "[", None, [1]])}
        if kind == 0:
            return self.text()
        if kind == 1:
            return json.dumps(self.call())[: r.randrange(1, 60)]  # truncated JSON
        if kind == 2:
            depth = r.choice([50, 1_000, 100_000])
            return "[" * depth + "]" * (depth if r.random() < 0.5 else 0)
        if kind == 3:
            return self.value()  # wrong types, including ones outside the action space
        if kind == 4:
            return {"name": self.text()[:40], "arguments": {"x": self.value()}}  # unknown tool
        if kind == 5:
            return f"<tool_call>{json.dumps(self.call())[: r.randrange(0, 200)]}</tool_call>"
        if kind == 6:
            return {"role": "assistant", "content": self.value(), "tool_calls": [
                {"id": self.text()[:10], "function": {"name": c["name"], "arguments": json.dumps(c["arguments"])}}
                for c in (self.call() for _ in range(r.randrange(3)))]}
        if kind == 7:
            return [self.call() for _ in range(r.randrange(0, 20))]
        if kind == 8:
            return {"name": r.choice(self.tools).name, "arguments": self.text()}
        if kind == 9:
            return self.space.sample()
        if kind == 10 and r.random() < 0.2:
            return "Thanks, goodbye. ###STOP###"
        if kind == 11:
            g = r.choice(self.gold) if self.gold else None
            return {"name": g.name, "arguments": dict(g.arguments)} if g else self.call()
        return self.call()


Fingerprints = dict[str, tuple[int, int]]


def describe(action: Any) -> str:
    """A short repr for the report, even of objects nested past the recursion limit."""
    try:
        return repr(action)[:200]
    except RecursionError:
        return f"<{type(action).__name__} nested past the recursion limit>"


def fingerprints(state: Any, tables: Any) -> Fingerprints:
    """Row count and XOR of row hashes per table: computed inside DuckDB, so far cheaper than a row diff."""
    out = {}
    for t in sorted(tables):
        row = state.db.query(f"SELECT count(*) AS n, bit_xor(hash(r)) AS h FROM {t} AS r")[0]
        out[t] = (row["n"], row["h"])
    return out


@dataclass
class Tracker:
    """One fuzzed env and what its state is allowed to be (table fingerprints after the last good write)."""

    env: Any
    gen: Hostile
    write_tools: set[str]
    episode_lengths: tuple[int, int]
    template: Fingerprints = field(default_factory=dict)
    expected: Fingerprints = field(default_factory=dict)
    episode_budget: int = 0
    n_messages: int = 0
    crashes: int = 0
    invalid_changes: int = 0
    obs_outside_space: int = 0
    episodes: int = 0
    steps_in_episode: int = 0
    examples: list[str] = field(default_factory=list)

    def reset(self, seed: int, full: bool) -> int:
        """Reset; return 1 if the previous episode's writes are still visible (checked in full when asked)."""
        obs, _ = self.env.reset(seed=seed)
        state = self.env.unwrapped.state
        if not self.template:
            self.template = fingerprints(state, state.template.tables)
        self.episodes += 1
        self.steps_in_episode = 0
        self.n_messages = len(obs)
        # Realistic episodes: the observation is the whole conversation, so a step costs O(its length).
        self.episode_budget = self.gen.rng.randint(*self.episode_lengths)
        self.expected = dict(self.template)
        return int(bool(state.dirty) or (full and fingerprints(state, state.template.tables) != self.template))

    def check_full(self, action: Any) -> None:
        """Compare every table with what the successful writes so far explain."""
        state = self.env.unwrapped.state
        if fingerprints(state, state.template.tables) != self.expected:
            self._invalid(action, "full state")

    def step(self, action: Any) -> bool:
        """Step one action and check it; return whether the episode ended (or used up its length)."""
        env, state = self.env, self.env.unwrapped.state
        n_before, dirty_before = self.n_messages, set(state.dirty)
        try:
            obs, _, term, trunc, _ = env.step(action)
        except Exception as exc:  # noqa: BLE001  (counting exactly these is the point)
            self.crashes += 1
            if len(self.examples) < 5:
                self.examples.append(f"crash: {type(exc).__name__}: {str(exc)[:200]} on {describe(action)}")
            return True
        self.steps_in_episode += 1
        if not env.observation_space.contains(obs):
            self.obs_outside_space += 1
            if len(self.examples) < 5:
                self.examples.append(f"observation outside the space after {describe(action)}")
        new = obs[n_before:]
        self.n_messages = len(obs)
        wrote = any(m["role"] == "tool" and m.get("name") in self.write_tools and not m["content"].startswith("Error")
                    for m in new)
        attempted = any(m["role"] == "tool" and m.get("name") in self.write_tools for m in new)
        ended = bool(term or trunc) or self.steps_in_episode >= self.episode_budget
        if wrote:
            self.expected.update(fingerprints(state, state.dirty))
        elif state.dirty and (attempted or ended or state.dirty != dirty_before):
            # Rows can only have moved where a failed write rolled back or a table newly turned dirty;
            # writes that bypass the dirty set are for the full check every hash_every actions.
            now = fingerprints(state, state.dirty)
            if any(now[t] != self.expected[t] for t in now):
                self._invalid(action, "row changes")
        return ended

    def _invalid(self, action: Any, what: str) -> None:
        self.invalid_changes += 1
        state = self.env.unwrapped.state
        self.expected = fingerprints(state, state.template.tables)
        if len(self.examples) < 5:
            self.examples.append(f"state changed ({what}) by {describe(action)}")


def fuzz_env(env_id: str, args: Args) -> dict[str, Any]:
    rng = random.Random(f"{args.seed}:{env_id}")
    # Two fuzzed envs stepped in turn, and a sentinel that only ever resets: none may see another's writes.
    envs = [gym.make(env_id, max_steps=args.max_steps) for _ in range(3)]
    sentinel = envs[2]
    sentinel.reset(seed=0)
    template_hash = sentinel.unwrapped.state.state_hash()
    sentinel_state = sentinel.unwrapped.state
    write_tools = {t.name for t in envs[0].unwrapped.package.tools.values() if t.writes}
    lengths = (args.min_episode, args.max_episode)
    trackers = [Tracker(e, Hostile(e, rng), write_tools, lengths) for e in envs[:2]]
    isolation_breaks = 0
    for t in trackers:
        isolation_breaks += t.reset(rng.randrange(2**31), full=True)
    t0 = time.perf_counter()
    for i in range(1, args.actions + 1):
        t = trackers[i % 2]
        action = t.gen.action()
        if t.step(action):
            isolation_breaks += t.reset(rng.randrange(2**31), full=t.episodes % 5 == 0)
        if i % args.hash_every == 0:
            for other in trackers:
                other.check_full(action)
            isolation_breaks += fingerprints(sentinel_state, sentinel_state.template.tables) != trackers[0].template
    elapsed = time.perf_counter() - t0
    for t in trackers:
        t.check_full(None)
    if sentinel_state.state_hash() != template_hash:
        isolation_breaks += 1
    for e in envs:
        e.close()
    return {
        "env": env_id, "actions": args.actions, "seconds": round(elapsed, 2),
        "actions_per_s": round(args.actions / elapsed, 1),
        "episodes": sum(t.episodes for t in trackers),
        "crashes": sum(t.crashes for t in trackers),
        "observations_outside_space": sum(t.obs_outside_space for t in trackers),
        "state_changes_from_invalid_actions": sum(t.invalid_changes for t in trackers),
        "isolation_breaks": isolation_breaks,
        "examples": [x for t in trackers for x in t.examples],
    }


def main() -> int:
    args = parse_args()
    env_ids = args.envs or envfactory_gym.registered_env_ids()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    rows = []
    for env_id in env_ids:
        print(f"fuzzing {env_id} with {args.actions} actions ...", flush=True)
        rows.append(fuzz_env(env_id, args))
    cols = ["env", "actions", "actions_per_s", "episodes", "crashes", "observations_outside_space",
            "state_changes_from_invalid_actions", "isolation_breaks"]
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in cols]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for r in rows:
        print("  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)))
        for ex in r["examples"]:
            print("   ", ex)
    report = {
        "args": asdict(args), "envs": rows,
        "crashes": sum(r["crashes"] for r in rows),
        "observations_outside_space": sum(r["observations_outside_space"] for r in rows),
        "state_changes_from_invalid_actions": sum(r["state_changes_from_invalid_actions"] for r in rows),
        "isolation_breaks": sum(r["isolation_breaks"] for r in rows),
        "actions_per_s": round(sum(r["actions"] for r in rows) / sum(r["seconds"] for r in rows), 1),
        "versions": {"envfactory_gym": envfactory_gym.__version__, "duckdb": duckdb.__version__,
                     "gymnasium": gym.__version__, "python": platform.python_version()},
    }
    if args.json:
        atomic_write_text(Path(args.json), json.dumps(report, indent=2))
    bad = report["crashes"] + report["observations_outside_space"] + report["state_changes_from_invalid_actions"] \
        + report["isolation_breaks"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
