"""Performance suite: reset, step (against raw DuckDB), reward, oracle episodes, envs per process, vector envs."""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import gymnasium as gym

import envfactory_gym
from envfactory_gym.agents import OracleAgent
from envfactory_gym.runner import run_episode


@dataclass
class Args:
    envs: list[str] = field(default_factory=list)  # default: every registered env
    repeats: int = 200  # timed repetitions per micro-benchmark
    env_counts: tuple[int, ...] = (1, 100, 1000)  # live envs per process for the memory/thread figures
    vector_envs: int = 4
    vector_steps: int = 200
    quick: bool = False
    json: str | None = None


def parse_args() -> Args:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--envs", default="", help="comma-separated env ids (default: all registered)")
    p.add_argument("--repeats", type=int, default=Args.repeats)
    p.add_argument("--quick", action="store_true", help="tiny budget, for smoke tests")
    p.add_argument("--json", help="write every figure to this JSON file")
    a = p.parse_args()
    args = Args(envs=[e for e in a.envs.split(",") if e], repeats=a.repeats, quick=a.quick, json=a.json)
    if args.quick:
        args.repeats, args.env_counts, args.vector_envs, args.vector_steps = 5, (1, 5), 2, 5
    return args


def median_ms(fn, repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def rss_mib() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def os_threads() -> int:
    return len(os.listdir("/proc/self/task"))


class RecordingCursor:
    """Wraps a DuckDB cursor and records the statements a tool runs, to replay them raw."""

    def __init__(self, cur: Any) -> None:
        self._cur, self.calls = cur, []

    def execute(self, stmt: Any, params: Any = None) -> Any:
        self.calls.append((stmt, params))
        return self._cur.execute(stmt, params) if params is not None else self._cur.execute(stmt)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cur, name)


def tool_sql(env: Any, name: str, args: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The statements (with parameters) that one call of a tool executes."""
    state = env.unwrapped.state
    db = state.db
    real, rec = db._cur, RecordingCursor(db._cur)
    db._cur = rec
    try:
        tool = env.unwrapped.package.tools[name]
        state.run_in_transaction(tool.func, writes=tool.writes, **tool.validate(args))
    finally:
        db._cur = real
    return rec.calls


def step_vs_raw(env_id: str, args: Args, writes: bool) -> dict[str, Any]:
    """Median env.step of one gold call of a task against the raw execution of the same SQL."""
    env = gym.make(env_id)
    pkg = env.unwrapped.package
    for task in pkg.tasks:
        calls = [c for c in task.gold_calls if pkg.tools[c.name].writes == writes]
        if calls:
            break
    else:
        env.close()
        return {}
    call = calls[0]
    env.reset(seed=0, options={"task_id": task.id})
    # Replay the calls before it, so the chosen call succeeds.
    for c in task.gold_calls[: task.gold_calls.index(call)]:
        env.step({"name": c.name, "arguments": c.arguments})
    action = {"name": call.name, "arguments": call.arguments}
    state = env.unwrapped.state
    statements = tool_sql(env, call.name, call.arguments)
    written = set(state.dirty)
    state.reset()
    cur = state.db._cur

    def raw() -> None:
        for stmt, params in statements:
            res = cur.execute(stmt, params) if params is not None else cur.execute(stmt)
            res.fetchall()
        if writes:
            state.dirty |= written  # raw SQL bypasses the write tracking that reset relies on
            state.reset()

    def step() -> None:
        env.step(action)
        if writes:
            state.reset()
        env.unwrapped._steps = 0  # keep the episode below its step limit while timing

    env.unwrapped.max_conversation_chars = 10**12
    raw_ms = median_ms(raw, args.repeats)
    step_ms = median_ms(step, args.repeats)
    env.close()
    return {"tool": call.name, "step_ms": step_ms, "raw_sql_ms": raw_ms, "step_over_raw": step_ms / raw_ms,
            "statements": len(statements)}


def reset_costs(env_id: str, args: Args) -> dict[str, float]:
    env = gym.make(env_id)
    pkg = env.unwrapped.package
    write_task = next(t for t in pkg.tasks if pkg.gold(t).diff)
    read_task = next((t for t in pkg.tasks if not pkg.gold(t).diff), write_task)
    env.reset(seed=0, options={"task_id": read_task.id})

    def after_read() -> None:
        env.reset(seed=0, options={"task_id": read_task.id})

    def after_write() -> None:
        env.reset(seed=0, options={"task_id": write_task.id})
        for c in write_task.gold_calls:
            env.step({"name": c.name, "arguments": c.arguments})
        t0 = time.perf_counter()
        env.unwrapped.state.reset()
        samples.append((time.perf_counter() - t0) * 1000)

    read_ms = median_ms(after_read, args.repeats)
    samples: list[float] = []
    for _ in range(max(3, args.repeats // 4)):
        after_write()
    env.close()
    return {"reset_after_read_ms": read_ms, "state_reset_after_write_ms": statistics.median(samples),
            "write_task": write_task.id}


def episode_and_reward(env_id: str, args: Args) -> dict[str, float]:
    env = gym.make(env_id)
    tasks = env.unwrapped.tasks
    agent = OracleAgent()
    for i in range(len(tasks)):  # warm the gold-state cache once, as a training run would
        run_episode(env, agent, seed=i, options={"task_index": i})
    times = []
    n = max(len(tasks), args.repeats) if not args.quick else 5
    for i in range(n):
        t0 = time.perf_counter()
        run_episode(env, agent, seed=i, options={"task_index": i % len(tasks)})
        times.append((time.perf_counter() - t0) * 1000)
    u = env.unwrapped
    reward_ms = median_ms(u._final_reward, args.repeats)
    env.close()
    return {"oracle_episode_ms": statistics.median(times), "terminal_reward_ms": reward_ms}


def envs_per_process(env_id: str, counts: tuple[int, ...]) -> list[dict[str, float]]:
    rows = []
    for n in counts:
        gc.collect()
        before_rss, before_threads = rss_mib(), os_threads()
        envs, create = [], []
        for _ in range(n):
            t0 = time.perf_counter()
            e = gym.make(env_id)
            e.reset(seed=0)
            create.append((time.perf_counter() - t0) * 1000)
            envs.append(e)
        rows.append({"envs": n, "create_ms_median": statistics.median(create), "create_ms_max": max(create),
                     "rss_mib_per_env": (rss_mib() - before_rss) / n, "os_threads": os_threads(),
                     "os_threads_added": os_threads() - before_threads})
        for e in envs:
            e.close()
        del envs
    return rows


def vector_throughput(env_id: str, args: Args) -> dict[str, float]:
    out = {}
    for mode in ("sync", "async"):
        envs = gym.make_vec(env_id, num_envs=args.vector_envs, vectorization_mode=mode)
        envs.reset(seed=0)
        action = [{"name": "no_such_tool_for_timing", "arguments": {}}] * args.vector_envs
        envs.step(action)
        t0 = time.perf_counter()
        for _ in range(args.vector_steps):
            envs.step(action)
        dt = time.perf_counter() - t0
        envs.close()
        out[f"{mode}_env_steps_per_s"] = args.vector_steps * args.vector_envs / dt
    return out


def main() -> None:
    args = parse_args()
    env_ids = args.envs or envfactory_gym.registered_env_ids()
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform()},
        "versions": {"envfactory_gym": envfactory_gym.__version__, "duckdb": duckdb.__version__,
                     "gymnasium": gym.__version__},
        "args": asdict(args),
        "envs": {},
    }
    threading.current_thread().name = "perf"
    for env_id in env_ids:
        r: dict[str, Any] = {}
        r["step_read"] = step_vs_raw(env_id, args, writes=False)
        r["step_write"] = step_vs_raw(env_id, args, writes=True)
        r.update(reset_costs(env_id, args))
        r.update(episode_and_reward(env_id, args))
        r["envs_per_process"] = envs_per_process(env_id, args.env_counts)
        r["vector"] = vector_throughput(env_id, args)
        results["envs"][env_id] = r
        print(f"\n== {env_id}")
        for kind in ("step_read", "step_write"):
            s = r[kind]
            if s:
                print(f"{kind:<12} {s['tool']:<28} step {s['step_ms']:.3f} ms  raw SQL {s['raw_sql_ms']:.3f} ms"
                      f"  ratio {s['step_over_raw']:.2f}x  ({s['statements']} statements)")
        print(f"reset after a read-only episode {r['reset_after_read_ms']:.3f} ms; "
              f"state reset after a writing episode {r['state_reset_after_write_ms']:.3f} ms")
        print(f"oracle episode {r['oracle_episode_ms']:.2f} ms; terminal reward {r['terminal_reward_ms']:.3f} ms")
        for row in r["envs_per_process"]:
            print(f"{row['envs']:>5} envs: create {row['create_ms_median']:.2f} ms (max {row['create_ms_max']:.1f}),"
                  f" {row['rss_mib_per_env']:.2f} MiB/env, {row['os_threads']} OS threads")
        print(f"vector: sync {r['vector']['sync_env_steps_per_s']:.0f} env-steps/s, "
              f"async {r['vector']['async_env_steps_per_s']:.0f} env-steps/s")
    if args.json:
        envfactory_gym.tasks.atomic_write_text(Path(args.json), json.dumps(results, indent=2))
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
