"""Eval throughput against a local OpenAI-compatible server answering after a fixed delay: turns/s vs concurrency."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import gymnasium as gym

import envfactory_gym  # noqa: F401  (registers the envs)
from envfactory_gym.agents.openai_agent import OpenAIAgent
from envfactory_gym.eval.harness import plan_episodes, run_eval
from envfactory_gym.llm import LLMClient
from envfactory_gym.testing.replay_server import ReplayServer


def scripted_model(request: dict[str, Any]) -> dict[str, Any]:
    """First turn: one read-only tool call; after its result: a final answer (two requests per episode)."""
    if request["messages"][-1]["role"] == "tool":
        return {"content": "All done, thank you."}
    tool = request["tools"][0]["function"]
    required = tool.get("parameters", {}).get("required", [])
    return {"tool_calls": [{"name": tool["name"], "arguments": {k: "X-1" for k in required}}]}


def _serve(conn: Connection, delay_s: float) -> None:
    with ReplayServer(scripted_model, delay_s=delay_s) as server:
        conn.send(server.base_url)
        conn.recv()  # until the measurement is over
        conn.send({"requests": len(server.requests), "max_in_flight": server.max_in_flight})


def measure(env_id: str, concurrency: int, delay_s: float, episodes: int) -> dict[str, Any]:
    """Play ``episodes`` episodes with ``concurrency`` workers; return turns/s and its ideal.

    The server runs in its own process, as a model server would, so that its CPU does not count against
    the harness.
    """
    ours, theirs = multiprocessing.get_context("fork").Pipe()
    proc = multiprocessing.get_context("fork").Process(target=_serve, args=(theirs, delay_s), daemon=True)
    proc.start()
    try:
        base_url = ours.recv()
        stats = _play(base_url, env_id, concurrency, episodes)
        ours.send("stop")
        stats.update(ours.recv())
    finally:
        proc.join(5)
    wall, played, errors = stats["wall_s"], stats["episodes"], stats["errors"]
    requests = stats["requests"]
    ideal = concurrency / delay_s
    return {"env": env_id, "concurrency": concurrency, "delay_s": delay_s, "episodes": played,
            "errors": errors, "requests": requests, "wall_s": round(wall, 3),
            "episodes_per_s": round(played / wall, 2), "turns_per_s": round(requests / wall, 2),
            "ideal_turns_per_s": ideal, "efficiency": round(requests / wall / ideal, 3),
            "max_in_flight": stats["max_in_flight"],
            # Harness CPU (agent client, envs, episode log) per turn: with the cores, it bounds turns/s.
            "harness_cpu_ms_per_turn": round(1000 * stats["cpu_s"] / max(1, requests), 2),
            "cores": os.cpu_count()}


def _play(base_url: str, env_id: str, concurrency: int, episodes: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as run_dir:
        client = LLMClient(base_url, "bench", concurrency=concurrency, timeout_s=30)
        specs = plan_episodes([env_id])
        specs = [s for i in range(-(-episodes // len(specs))) for s in
                 (type(s)(s.env, s.domain, s.task_id, i, s.seed + 1000 * i) for s in specs)][:episodes]
        start, cpu = time.perf_counter(), time.process_time()
        result = run_eval(specs, lambda: OpenAIAgent(client=client), Path(run_dir), concurrency=concurrency,
                          progress=False)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"wall_s": wall, "cpu_s": cpu, "episodes": result.played, "errors": len(result.errors)}


def warm_up(env_id: str) -> None:
    """Load the env package and replay every gold trajectory once (cached per process), outside the timings."""
    env = gym.make(env_id)
    try:
        u = env.unwrapped
        for task in u.tasks:
            u.package.gold(task)
    finally:
        env.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--env", default="EnvFactory/retail-v0")
    parser.add_argument("--concurrency", default="1,4,16,32", help="comma-separated worker counts")
    parser.add_argument("--delay", type=float, default=0.05, help="server answer delay, seconds")
    parser.add_argument("--episodes", type=int, default=0, help="per setting (default: 4 x concurrency)")
    parser.add_argument("--quick", action="store_true", help="small settings for a smoke test")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    levels = [1, 4] if args.quick else [int(c) for c in args.concurrency.split(",")]
    warm_up(args.env)
    rows = []
    for n in levels:
        episodes = args.episodes or (2 * n if args.quick else 4 * n)
        row = measure(args.env, n, args.delay, episodes)
        rows.append(row)
        print(f"concurrency {n:3d}: {row['turns_per_s']:8.1f} turns/s (ideal {row['ideal_turns_per_s']:.0f}, "
              f"{row['efficiency']:.0%}), {row['episodes_per_s']:.1f} episodes/s, in flight <= {row['max_in_flight']}, "
              f"harness CPU {row['harness_cpu_ms_per_turn']:.1f} ms/turn")
    if args.json:
        Path(args.json).write_text(json.dumps({"results": rows}, indent=2))
    return 0 if all(r["errors"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
