"""MCP server load: N concurrent sessions over streamable HTTP, each playing an oracle episode; throughput, latency,
server memory and isolation breaks.

The server is ``envfactory serve <env> --transport http`` in its own process on 127.0.0.1. Each session connects
with the official ``mcp`` client, starts an episode (a task and seed of its own), waits until every session has
started (so all N environments are alive at once), plays the oracle's actions and finishes. Every tool result,
user reply and the final reward with its components must equal what the same actions give through ``gym.make``
in this process: a difference is an isolation break (another session's state leaking in). The server's resident
memory is read before the sessions, at the peak (all open) and after every session closed.

    python benchmarks/mcp_load.py                 # 1000 sessions
    python benchmarks/mcp_load.py --rounds 2      # the same load twice on one server (memory must not grow)
    python benchmarks/mcp_load.py --quick         # 20 sessions, for the test suite
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

import envfactory_gym  # noqa: F401  (registers the envs)
from envfactory_gym.registration import get_package
from envfactory_gym.serve.script import EpisodeScript, oracle_script


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    breaks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    played: int = 0


def plan(env_id: str, sessions: int, distinct: int) -> list[EpisodeScript]:
    """``sessions`` scripts over ``distinct`` tasks, write and read-only tasks in turn (writes are what could
    leak from one session into another; reads are where a leak would show)."""
    package = get_package(env_id)
    writes = [t for t in package.tasks if package.gold(t).diff]
    reads = [t for t in package.tasks if not package.gold(t).diff]
    tasks = [t for pair in zip(writes, reads) for t in pair][:distinct]
    scripts = [oracle_script(env_id, t.id, seed) for seed, t in enumerate(tasks)]
    return [scripts[i % len(scripts)] for i in range(sessions)]


def rss_bytes(pid: int) -> int:
    """Resident memory of process ``pid``."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


class PeakSampler:
    """Samples a process's resident memory in a thread; ``peak`` is the largest value seen."""

    def __init__(self, pid: int, every_s: float = 0.1) -> None:
        self.pid, self.every_s, self.peak = pid, every_s, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, rss_bytes(self.pid))
            self._stop.wait(self.every_s)

    def __enter__(self) -> PeakSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def start_server(env_id: str, sessions: int, idle_timeout_s: float,
                 storage: str = "rows") -> tuple[subprocess.Popen, str]:
    cmd = [sys.executable, "-m", "envfactory_gym.serve", env_id, "--transport", "http", "--port", "0",
           "--max-sessions", str(sessions), "--idle-timeout", str(idle_timeout_s), "--storage", storage]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    match = re.search(r"(http://\S+/mcp)", line)
    if match is None:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line}{proc.stderr.read()[-2000:]}")
    threading.Thread(target=proc.stderr.read, daemon=True).start()  # keep draining its stderr
    return proc, match.group(1)


async def play(url: str, episode: EpisodeScript, index: int, stats: Stats, started: list[int], all_started: anyio.Event,
               total: int) -> None:
    """One session: start, wait for every session to have started, play the script, finish and compare."""
    reached = False
    try:
        async with Client(url) as client:

            async def call(name: str, arguments: dict[str, Any]) -> Any:
                t0 = time.perf_counter()
                result = await client.call_tool(name, arguments)
                stats.latencies.append(time.perf_counter() - t0)
                return result

            result = await call("episode_start", {"task_id": episode.task_id, "seed": episode.seed})
            if result.is_error:
                raise RuntimeError(result.content[0].text)
            started[0] += 1
            reached = True
            if started[0] >= total:
                all_started.set()
            await all_started.wait()
            for step, (action, answer) in enumerate(zip(episode.actions, episode.answers)):
                if isinstance(action, str):
                    result = await call("episode_say", {"message": action})
                else:
                    result = await call(action["name"], action["arguments"])
                got = result.content[0].text
                if got != answer:
                    stats.breaks.append(f"session {index} ({episode.task_id}) step {step}: {got[:120]!r} != "
                                        f"{answer[:120]!r}")
                    return
            final = (await call("episode_finish", {})).structured_content
            if final["reward"] != episode.reward or final["reward_components"] != episode.components:
                stats.breaks.append(f"session {index} ({episode.task_id}): reward {final['reward']} != "
                                    f"{episode.reward}")
                return
            stats.played += 1
    except Exception as exc:  # a failed session is counted, not fatal
        stats.errors.append(f"session {index}: {type(exc).__name__}: {str(exc)[:200]}")
    finally:
        if not reached:
            started[0] += 1
            if started[0] >= total:
                all_started.set()


async def run_sessions(url: str, episodes: list[EpisodeScript], pid: int) -> tuple[Stats, float, int]:
    stats, started, all_started = Stats(), [0], anyio.Event()
    at_barrier = 0
    t0 = time.perf_counter()
    async with anyio.create_task_group() as tg:
        for i, episode in enumerate(episodes):
            tg.start_soon(play, url, episode, i, stats, started, all_started, len(episodes))
        await all_started.wait()
        at_barrier = rss_bytes(pid)
    return stats, time.perf_counter() - t0, at_barrier


def settle(pid: int, quiet_s: float = 3.0, most_s: float = 30.0) -> int:
    """The process's resident memory once it has settled: no change over 1 MB for ``quiet_s`` seconds (freed
    memory goes back to the OS gradually), or after ``most_s`` seconds."""
    samples = [rss_bytes(pid)]
    window = int(quiet_s / 0.25)
    end = time.monotonic() + most_s
    while time.monotonic() < end:
        time.sleep(0.25)
        samples.append(rss_bytes(pid))
        recent = samples[-window:]
        if len(samples) > window and max(recent) - min(recent) < 2**20:
            break
    return samples[-1]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time process ``pid`` has used."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(env_id: str, sessions: int, distinct: int, rounds: int = 1, quiet_s: float = 3.0,
            storage: str = "rows") -> dict[str, Any]:
    episodes = plan(env_id, sessions, distinct)
    proc, url = start_server(env_id, sessions, idle_timeout_s=600, storage=storage)
    mb = 1 / 2**20
    runs = []
    try:
        rss_start = settle(proc.pid, 1.0)
        # Each task once first, so the server's per-task caches (gold outcomes, answer keys) are in the baseline.
        anyio.run(run_sessions, url, episodes[:distinct], proc.pid)
        rss_before = settle(proc.pid, quiet_s)
        for _ in range(rounds):
            server_cpu, client_cpu = cpu_seconds(proc.pid), time.process_time()
            with PeakSampler(proc.pid) as sampler:
                stats, wall, rss_all_open = anyio.run(run_sessions, url, episodes, proc.pid)
            server_cpu, client_cpu = cpu_seconds(proc.pid) - server_cpu, time.process_time() - client_cpu
            rss_peak = max(sampler.peak, rss_all_open)
            runs.append((stats, wall, rss_all_open, rss_peak, settle(proc.pid, quiet_s), server_cpu, client_cpu))
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
    stats, wall, rss_all_open, rss_peak, rss_after, server_cpu, client_cpu = runs[0]
    calls = len(stats.latencies)
    result = {
        "env": env_id, "storage": storage, "sessions": sessions, "distinct_tasks": len({e.task_id for e in episodes}),
        "episodes_played": stats.played, "errors": len(stats.errors), "isolation_breaks": len(stats.breaks),
        "wall_s": round(wall, 2), "episodes_per_s": round(stats.played / wall, 2), "tool_calls": calls,
        "tool_calls_per_s": round(calls / wall, 1),
        "latency_p50_ms": round(1000 * percentile(stats.latencies, 0.50), 2),
        "latency_p99_ms": round(1000 * percentile(stats.latencies, 0.99), 2),
        "server_cpu_s": round(server_cpu, 1), "client_cpu_s": round(client_cpu, 1),
        "rss_start_mb": round(rss_start * mb, 1), "rss_before_mb": round(rss_before * mb, 1),
        "rss_all_open_mb": round(rss_all_open * mb, 1), "rss_peak_mb": round(rss_peak * mb, 1),
        "rss_after_mb": round(rss_after * mb, 1),
        "rss_after_minus_before_mb": round((rss_after - rss_before) * mb, 1),
        "cores": os.cpu_count(), "first_errors": stats.errors[:5], "first_breaks": stats.breaks[:5],
    }
    if rounds > 1:  # the same load again on the same server: memory that keeps growing would be a leak
        result["later_rounds"] = [
            {"episodes_played": r[0].played, "errors": len(r[0].errors), "isolation_breaks": len(r[0].breaks),
             "episodes_per_s": round(r[0].played / r[1], 2), "rss_peak_mb": round(r[3] * mb, 1),
             "rss_after_mb": round(r[4] * mb, 1)} for r in runs[1:]]
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--env", default="EnvFactory/retail-v0")
    parser.add_argument("--sessions", type=int, default=1000, help="concurrent sessions (default 1000)")
    parser.add_argument("--distinct-tasks", type=int, default=40, help="tasks the sessions cycle through")
    parser.add_argument("--rounds", type=int, default=1, help="play the load this many times on one server")
    parser.add_argument("--quick", action="store_true", help="20 sessions over 10 tasks (the test suite's run)")
    parser.add_argument("--json", type=Path, help="also write the result to this file")
    parser.add_argument("--storage", choices=("rows", "copy"), default="rows", help="the server's --storage")
    args = parser.parse_args()
    sessions, distinct = (20, 10) if args.quick else (args.sessions, args.distinct_tasks)
    if min(sessions, distinct, args.rounds) < 1:
        parser.error("--sessions, --distinct-tasks and --rounds must be at least 1")
    result = measure(args.env, sessions, min(distinct, sessions), args.rounds, quiet_s=1.5 if args.quick else 3.0,
                     storage=args.storage)
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    rounds = [result, *result.get("later_rounds", [])]
    ok = all(r["errors"] == 0 and r["isolation_breaks"] == 0 and r["episodes_played"] == sessions for r in rounds)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
