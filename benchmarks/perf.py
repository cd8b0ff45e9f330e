"""Performance suite: step vs raw SQL, reset, reward, oracle episodes, envs per process, vector envs, τ²-bench peer."""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import gymnasium as gym

import envfactory_gym
from envfactory_gym.serve.script import oracle_script

sys.path.insert(0, str(Path(__file__).resolve().parent))
import peer_tau2  # noqa: E402  (a sibling script)


@dataclass
class Args:
    envs: list[str] = field(default_factory=list)  # default: every registered env
    repeats: int = 200  # timed repetitions per micro-benchmark
    rounds: int = 3  # interleaved rounds of step vs raw SQL (medians of medians)
    env_counts: tuple[int, ...] = (1, 100, 1000)  # live envs per process for the memory/thread figures
    vector_envs: int = 4
    vector_steps: int = 200
    quick: bool = False
    json: str | None = None
    peer: bool | None = None  # None: run the peer in a full run, or in --quick when its venv exists
    peer_venv: str = str(peer_tau2.DEFAULT_VENV)
    peer_repeats: int = 20


def parse_args(argv: list[str] | None = None) -> Args:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--envs", default="", help="comma-separated env ids (default: all registered)")
    p.add_argument("--repeats", type=int, default=Args.repeats)
    p.add_argument("--quick", action="store_true", help="tiny budget, for smoke tests")
    p.add_argument("--json", help="write every figure to this JSON file")
    p.add_argument("--peer", action=argparse.BooleanOptionalAction, default=None,
                   help="time τ²-bench's retail environment side by side (installs it into --peer-venv)")
    p.add_argument("--peer-venv", default=Args.peer_venv)
    p.add_argument("--peer-repeats", type=int, default=Args.peer_repeats)
    p.add_argument("--env-counts", default=",".join(map(str, Args.env_counts)),
                   help="live envs per process for the memory and thread figures (default 1,100,1000)")
    p.add_argument("--memory-only", choices=("copy", "rows"), help=argparse.SUPPRESS)  # one storage's envs, alone
    a = p.parse_args(argv)
    if a.memory_only:  # run in a fresh process by the full run, so that memory freed before does not hide growth
        counts = (5,) if a.quick else _counts(a.env_counts)[-1:]
        rows = {e: envs_per_process(e, counts, write=True, storage=a.memory_only) for e in a.envs.split(",") if e}
        Path(a.json).write_text(json.dumps(rows), encoding="utf-8")
        raise SystemExit(0)
    args = Args(envs=[e for e in a.envs.split(",") if e], repeats=a.repeats, quick=a.quick, json=a.json,
                peer=a.peer, peer_venv=a.peer_venv, peer_repeats=a.peer_repeats)
    args.env_counts = _counts(a.env_counts)
    if args.quick:
        args.repeats, args.rounds, args.env_counts, args.vector_envs, args.vector_steps = 5, 1, (1, 5), 2, 5
        args.peer_repeats = 3
    return args


def _counts(text: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(c) for c in text.split(",") if c.strip())
    except ValueError:
        counts = ()
    if not counts or min(counts) < 1:
        raise SystemExit(f"perf.py: --env-counts: expected positive integers separated by commas, got {text!r}")
    return counts


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
    env = gym.make(env_id, read_cache=False)  # time the tool's SQL, not a cached answer
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
    # Every table copied up front: the recorded SQL is then exactly one run of the tool (no first-write retry).
    env.unwrapped.state.materialize(pkg.template.tables)
    # Replay the calls before it, so the chosen call succeeds.
    for c in task.gold_calls[: task.gold_calls.index(call)]:
        env.step({"name": c.name, "arguments": c.arguments})
    action = {"name": call.name, "arguments": call.arguments}
    u = env.unwrapped
    state = u.state
    statements = tool_sql(env, call.name, call.arguments)
    written = set(state.dirty)
    state.reset()
    cur = state.db._cur
    # The conversation is put back after every timed step, so that each step sees an episode-sized one.
    trace_fields = ("calls", "refused", "results", "result_args", "said")
    snapshot = (list(u._messages), u._chars, u._counted, u._num_calls, u._steps,
                {f: list(getattr(u._trace, f)) for f in trace_fields})

    def restore() -> None:
        # Untimed: with writes, put the written tables back (still copied, as after a first write in an
        # episode), so that step and raw SQL run the same statements on the same tables; the one-off copy
        # is timed on its own below, and inside whole episodes.
        msgs, u._chars, u._counted, u._num_calls, u._steps, trace = snapshot
        u._messages[:] = msgs
        for name, items in trace.items():
            getattr(u._trace, name)[:] = items
        if writes:
            state.mark_written(written)  # raw SQL bypasses the write tracking that reset relies on
            state.reset()
            state.materialize(written)

    def timed(fn) -> float:
        samples = []
        for _ in range(args.repeats):
            restore()
            t0 = time.perf_counter()
            fn()
            samples.append((time.perf_counter() - t0) * 1000)
        return statistics.median(samples)

    def raw() -> None:
        for stmt, params in statements:
            res = cur.execute(stmt, params) if params is not None else cur.execute(stmt)
            res.fetchall()

    def step() -> None:
        env.step(action)

    raw_ms, step_ms = [], []
    for _ in range(args.rounds):  # interleaved rounds, so that drift hits both sides alike
        raw_ms.append(timed(raw))
        step_ms.append(timed(step))
    restore()
    out: dict[str, Any] = {"tool": call.name, "statements": len(statements)}
    if writes:
        copies = []
        for _ in range(max(3, args.repeats // 4)):
            fresh = u.package.new_state()
            t0 = time.perf_counter()
            fresh.materialize(written)
            copies.append((time.perf_counter() - t0) * 1000)
            fresh.close()
        out["tables_written"] = sorted(written)
        out["first_write_copy_ms"] = statistics.median(copies)
    env.close()
    r, st = statistics.median(raw_ms), statistics.median(step_ms)
    out.update({"step_ms": st, "raw_sql_ms": r, "step_over_raw": st / r})
    return out


_scripts: dict[tuple[str, str], list[Any]] = {}


def _play(env: Any, task: Any) -> tuple[float, dict[str, Any]]:
    """The oracle's episode after ``reset(seed=0)``: its actions (the gold calls, the questions the policy asks the
    user first, such as consent to a fee, and the final answer), recorded once per task."""
    key = (env.spec.id, task.id)
    if key not in _scripts:
        _scripts[key] = oracle_script(env.spec.id, task.id, 0).actions
    reward, info, term, trunc = 0.0, {}, False, False
    for action in _scripts[key]:
        _, reward, term, trunc, info = env.step(action)
    assert term or trunc, "the oracle's final answer did not end the episode"
    return float(reward), info


def reset_costs(env_id: str, args: Args) -> dict[str, Any]:
    """env.reset() right after a read-only episode and right after a writing one (gold calls replayed)."""
    env = gym.make(env_id)
    pkg = env.unwrapped.package
    write_task = max(pkg.tasks, key=lambda t: len(pkg.gold(t).changes))
    read_task = next((t for t in pkg.tasks if not pkg.gold(t).diff), None)
    n = max(5, args.repeats // 4)

    def after(task: Any) -> float:
        samples = []
        for _ in range(n + 1):
            env.reset(seed=0, options={"task_id": task.id})
            _play(env, task)
            t0 = time.perf_counter()
            env.reset(seed=0, options={"task_id": task.id})
            samples.append((time.perf_counter() - t0) * 1000)
        return statistics.median(samples[1:])

    def state_reset(task: Any) -> float:
        samples = []
        for _ in range(n):
            env.reset(seed=0, options={"task_id": task.id})
            _play(env, task)
            t0 = time.perf_counter()
            env.unwrapped.state.reset()
            samples.append((time.perf_counter() - t0) * 1000)
        return statistics.median(samples)

    out: dict[str, Any] = {
        "read_task": read_task.id if read_task else None, "write_task": write_task.id,
        "write_task_rows_changed": len(pkg.gold(write_task).changes),
        "reset_after_write_ms": after(write_task), "state_reset_after_write_ms": state_reset(write_task),
    }
    if read_task is not None:
        out["reset_after_read_ms"] = after(read_task)
        out["state_reset_after_read_ms"] = state_reset(read_task)
    env.close()
    return out


def episode_and_reward(env_id: str, args: Args, storage: str = "copy", read_cache: bool = True) -> dict[str, Any]:
    """Whole oracle episodes over every task (reset, the gold calls, the final answer and its reward)."""
    env = gym.make(env_id, storage=storage, read_cache=read_cache)
    u = env.unwrapped
    tasks = u.tasks
    for task in tasks:  # warm the gold-state cache once, as a training run would
        env.reset(seed=0, options={"task_id": task.id})
        reward, info = _play(env, task)
        assert reward >= 0.99, f"oracle reward {reward} on {task.id}: {info.get('reward_components')}"
    n = len(tasks) if args.quick else max(len(tasks), args.repeats)
    rounds = max(1, args.rounds)
    times, per_round = [], []
    for _ in range(rounds):
        round_times = []
        for i in range(n):
            task = tasks[i % len(tasks)]
            t0 = time.perf_counter()
            env.reset(seed=0, options={"task_id": task.id})
            _play(env, task)
            round_times.append((time.perf_counter() - t0) * 1000)
        per_round.append(statistics.median(round_times))
        times += round_times
    # The terminal reward on its own, on a finished episode of the task that changes the most rows.
    task = max(tasks, key=lambda t: len(u.package.gold(t).changes))
    env.reset(seed=0, options={"task_id": task.id})
    _play(env, task)
    reward_ms = median_ms(lambda: u._score("agent_stop"), args.repeats)
    gold = u.package.gold(task)
    reward_diff_ms = median_ms(lambda: u.state.diff(set(u.state.dirty) | gold.diff.tables)
                               .changes(u.package.template.tables), args.repeats)
    env.close()
    calls = [len(t.gold_calls) for t in tasks]
    return {"oracle_episode_ms": statistics.median(times), "oracle_episode_ms_rounds": per_round,
            "oracle_episode_ms_p90": statistics.quantiles(times, n=10)[-1] if len(times) > 1 else times[0],
            "oracle_calls_mean": statistics.mean(calls), "oracle_calls_median": statistics.median(calls),
            "tasks": len(tasks), "terminal_reward_ms": reward_ms, "reward_task": task.id,
            "full_row_diff_ms": reward_diff_ms}


def envs_per_process(env_id: str, counts: tuple[int, ...], write: bool, storage: str = "copy") -> list[dict[str, Any]]:
    """Create N envs in this process (gym.make + reset) and keep them alive: time, memory and OS threads."""
    rows = []
    for n in counts:
        gc.collect()
        before_rss, before_threads = rss_mib(), os_threads()
        envs, create = [], []
        for _ in range(n):
            t0 = time.perf_counter()
            e = gym.make(env_id, storage=storage)
            e.reset(seed=0)
            create.append((time.perf_counter() - t0) * 1000)
            envs.append(e)
        row: dict[str, Any] = {
            "envs": n, "create_ms_median": statistics.median(create), "create_ms_mean": statistics.mean(create),
            "create_ms_p95": sorted(create)[int(0.95 * (n - 1))], "create_ms_max": max(create),
            "rss_mib_per_env": (rss_mib() - before_rss) / n, "os_threads": os_threads(),
            "os_threads_added": os_threads() - before_threads}
        if write and n == max(counts):
            # The same envs after each played a writing episode: each now holds copies of the tables it wrote.
            pkg = envs[0].unwrapped.package
            task = max(pkg.tasks, key=lambda t: len(pkg.gold(t).changes))
            for e in envs:
                e.reset(seed=0, options={"task_id": task.id})
                _play(e, task)
            row["rss_mib_per_env_after_write"] = (rss_mib() - before_rss) / n
            row["os_threads_after_write"] = os_threads()
        rows.append(row)
        for e in envs:
            e.close()
        del envs
    return rows


def _fresh_process_memory(env_id: str, storage: str, quick: bool, counts: tuple[int, ...]) -> list[dict[str, Any]]:
    """:func:`envs_per_process` with a writing episode each, in a fresh process (memory freed by the envs measured
    before would otherwise absorb the growth and understate it)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "memory.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--envs", env_id, "--memory-only", storage,
               "--json", str(out), "--env-counts", ",".join(map(str, counts)), *(["--quick"] if quick else [])]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        rows: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))[env_id]
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


ACCEPTANCE_ENV = "EnvFactory/retail-v0"


def summary(r: dict[str, Any], peer: dict[str, Any], retail: dict[str, Any] | None = None,
            is_retail: bool = False) -> dict[str, Any]:
    """The headline figures of one env (at the top level of the JSON for retail-v0). Only retail-v0 is compared with
    τ²-bench's retail episode (like with like); every env's episode is also given as a ratio to retail-v0's."""
    big = r["envs_per_process"][-1]
    out = {
        "step_over_raw_sql": r["step_read"].get("step_over_raw"),
        "step_write_over_raw_sql": r["step_write"].get("step_over_raw"),
        "reset_after_read_ms": r.get("reset_after_read_ms"),
        "reset_after_write_ms": r["reset_after_write_ms"],
        "reward_ms": r["terminal_reward_ms"],
        "oracle_episode_ms": r["oracle_episode_ms"],
        "oracle_episode_ms_uncached": r.get("oracle_episode_ms_uncached"),
        f"envs_{big['envs']}_create_ms_per_env": big["create_ms_mean"],
        f"envs_{big['envs']}_rss_mib_per_env": big["rss_mib_per_env"],
        f"envs_{big['envs']}_threads": big["os_threads"],
    }
    after = [row["rss_mib_per_env_after_write"] for row in r["envs_per_process"] if "rss_mib_per_env_after_write" in row]
    out["rss_mib_per_env_after_write"] = after[-1] if after else None
    fresh = [row.get("rss_mib_per_env_after_write") for row in r.get("copy_fresh_process", [])]
    if fresh and fresh[-1] is not None:  # measured alone in a fresh process, like storage="rows"
        out["rss_mib_per_env_after_write"] = fresh[-1]
    if "rows" in r:
        rows_after = [row.get("rss_mib_per_env_after_write") for row in r["rows"]["envs_per_process"]]
        out["rows_oracle_episode_ms"] = r["rows"]["oracle_episode_ms"]
        out["rows_rss_mib_per_env_after_write"] = rows_after[-1] if rows_after else None
    if retail is not None:
        out["episode_over_retail"] = r["oracle_episode_ms"] / retail["oracle_episode_ms"]
    if not is_retail:
        return out
    if "episode_ms" in peer:
        out["tau2_episode_ms"] = peer["episode_ms"]
        out["episode_speedup_vs_tau2"] = peer["episode_ms"] / r["oracle_episode_ms"]
        if r.get("oracle_episode_ms_uncached"):
            out["episode_speedup_vs_tau2_uncached"] = peer["episode_ms"] / r["oracle_episode_ms_uncached"]
    else:
        out["episode_speedup_vs_tau2"] = None
        out["tau2_skipped"] = peer.get("skipped", "not run")
    return out


def _fmt(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def env_table(results: dict[str, Any]) -> str:
    """Every measured environment's episode, reset, reward and memory as a Markdown table (docs/performance.md)."""
    head = ["env", "oracle episode (ms)", "without the read cache (ms)", "vs retail-v0", "calls", "reset after a write (ms)", "terminal reward (ms)",
            "write step / raw SQL", "MiB per env after a write", "storage=\"rows\": episode (ms)",
            "storage=\"rows\": MiB per env after a write"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for env_id, r in results["envs"].items():
        s = r["summary"]
        ratio = s.get("episode_over_retail")
        mib = s.get("rss_mib_per_env_after_write")
        write = s.get("step_write_over_raw_sql")
        lines.append("| " + " | ".join([
            f"`{env_id}`", f"{r['oracle_episode_ms']:.1f}", _fmt(r.get("oracle_episode_ms_uncached"), ".1f"),
            f"{ratio:.2f}x" if ratio is not None else "-",
            f"{r['oracle_calls_mean']:.1f}", f"{r['reset_after_write_ms']:.2f}", f"{r['terminal_reward_ms']:.2f}",
            f"{write:.2f}x" if write is not None else "-", f"{mib:.2f}" if mib is not None else "-",
            _fmt(s.get("rows_oracle_episode_ms"), ".1f"), _fmt(s.get("rows_rss_mib_per_env_after_write"), ".2f")]) + " |")
    return "\n".join(lines)


def print_env(env_id: str, r: dict[str, Any]) -> None:
    print(f"\n== {env_id}")
    for kind in ("step_read", "step_write"):
        s = r[kind]
        if s:
            print(f"{kind:<12} {s['tool']:<28} step {s['step_ms']:.3f} ms  raw SQL {s['raw_sql_ms']:.3f} ms"
                  f"  ratio {s['step_over_raw']:.2f}x  ({s['statements']} statements)")
    if r["step_write"]:
        s = r["step_write"]
        print(f"first write copies {', '.join(s['tables_written'])}: {s['first_write_copy_ms']:.2f} ms once per env")
    if "reset_after_read_ms" in r:
        print(f"env.reset after a read-only episode {r['reset_after_read_ms']:.3f} ms "
              f"(state {r['state_reset_after_read_ms']:.3f} ms)")
    print(f"env.reset after a writing episode {r['reset_after_write_ms']:.3f} ms "
          f"(state {r['state_reset_after_write_ms']:.3f} ms; {r['write_task_rows_changed']} rows changed)")
    print(f"oracle episode {r['oracle_episode_ms']:.2f} ms (median of {r['tasks']} tasks x rounds, "
          f"{r['oracle_calls_mean']:.1f} calls on average); terminal reward {r['terminal_reward_ms']:.3f} ms "
          f"(full row diff {r['full_row_diff_ms']:.3f} ms); without the read cache "
          f"{r.get('oracle_episode_ms_uncached') or float('nan'):.2f} ms")
    for row in r["envs_per_process"]:
        extra = (f"; after a writing episode each {row['rss_mib_per_env_after_write']:.2f} MiB/env"
                 if "rss_mib_per_env_after_write" in row else "")
        print(f"{row['envs']:>5} envs: create {row['create_ms_mean']:.2f} ms mean (median {row['create_ms_median']:.2f},"
              f" p95 {row['create_ms_p95']:.2f}, max {row['create_ms_max']:.1f}), {row['rss_mib_per_env']:.3f} MiB/env,"
              f" {row['os_threads']} OS threads{extra}")
    if "rows" in r:
        after = r["rows"]["envs_per_process"][-1]
        extra = (f", after a writing episode each {after['rss_mib_per_env_after_write']:.2f} MiB/env"
                 if "rss_mib_per_env_after_write" in after else "")
        print(f"storage=\"rows\": oracle episode {r['rows']['oracle_episode_ms']:.2f} ms; {after['envs']} envs "
              f"{after['rss_mib_per_env']:.3f} MiB/env idle{extra}")
    print(f"vector: sync {r['vector']['sync_env_steps_per_s']:.0f} env-steps/s, "
          f"async {r['vector']['async_env_steps_per_s']:.0f} env-steps/s")


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    env_ids = args.envs or envfactory_gym.registered_env_ids()
    results: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "platform": platform.platform(),
                    "memory_gib": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)},
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
        # Without the read cache: every read runs its SQL (an RL group whose rollouts open differently).
        r["oracle_episode_ms_uncached"] = episode_and_reward(env_id, args, read_cache=False)["oracle_episode_ms"]
        r["envs_per_process"] = envs_per_process(env_id, args.env_counts, write=not args.quick)
        # The same with storage="rows" (an env keeps only the rows it changed): its episode and its memory.
        r["rows"] = {"oracle_episode_ms": episode_and_reward(env_id, args, storage="rows")["oracle_episode_ms"],
                     "envs_per_process": _fresh_process_memory(env_id, "rows", args.quick, args.env_counts)}
        r["copy_fresh_process"] = _fresh_process_memory(env_id, "copy", args.quick, args.env_counts)
        r["vector"] = vector_throughput(env_id, args)
        results["envs"][env_id] = r
        print_env(env_id, r)
    # The peer, in the same run: τ²-bench's retail episode against ours on retail-v0 (like with like), with
    # about as many tool calls as ours.
    retail = results["envs"].get(ACCEPTANCE_ENV)
    venv_dir = Path(args.peer_venv)
    run_peer = args.peer if args.peer is not None else (not args.quick or peer_tau2.ensure_venv(venv_dir, False) is None)
    if retail is None:
        peer = {"skipped": f"{ACCEPTANCE_ENV} was not measured (--envs): the peer is compared with it alone"}
    elif run_peer:
        peer = peer_tau2.run_peer(round(retail["oracle_calls_mean"]), args.peer_repeats, venv_dir)
    else:
        peer = {"skipped": "not requested in --quick mode (pass --peer)"}
    results["tau2"] = peer
    for env_id, r in results["envs"].items():
        r["summary"] = summary(r, peer, retail, is_retail=env_id == ACCEPTANCE_ENV)
    if retail is not None:
        results.update(retail["summary"])
        ratios = [r["summary"]["episode_over_retail"] for r in results["envs"].values()]
        results["episode_over_retail_max"] = max(ratios)
    results["env_table"] = env_table(results)
    print("\n== every environment\n" + results["env_table"])
    print("\n== τ²-bench peer")
    if "episode_ms" in peer and retail is not None:
        ours = retail["oracle_episode_ms"]
        print(f"τ²-bench {peer['version']} retail task {peer['task_id']} ({peer['tool_calls']} calls): episode "
              f"{peer['episode_ms']:.1f} ms = create {peer['create_ms']:.1f} + calls {peer['calls_ms']:.2f} + reward "
              f"{peer['reward_ms']:.1f} ms; ours {ours:.2f} ms: {peer['episode_ms'] / ours:.1f}x faster")
        uncached = retail.get("oracle_episode_ms_uncached")
        if uncached:
            print(f"without the read cache: ours {uncached:.2f} ms: {peer['episode_ms'] / uncached:.1f}x faster")
    else:
        print(f"skipped: {peer['skipped']}")
    if args.json:
        envfactory_gym.tasks.atomic_write_text(Path(args.json), json.dumps(results, indent=2))
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
