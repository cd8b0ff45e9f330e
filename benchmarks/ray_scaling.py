"""Episodes/s of eval on Ray with 1 and 2 workers vs the local in-process backend, on the same episodes, in one run.

Every setting plays the same episodes (the oracle on every task of the envs, ``--trials`` times). The local
baseline is the harness's in-process backend on one thread, after the gold trajectories are cached. Each Ray
setting starts its actors (``start_s``) and plays the episodes once cold (every actor loads the envs and
caches the gold trajectories it meets: ``cold_s``). Then ``--rounds`` timed passes of every setting run
interleaved, so that a busy moment of a shared machine hits every setting alike; ``episodes_per_s`` is from
the median pass. The records of every pass are compared with the local ones (``identical``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import gymnasium as gym

import envfactory_gym  # noqa: F401  (registers the envs)
from envfactory_gym.eval.harness import plan_episodes, play_spec, run_eval
from envfactory_gym.eval.store import record_key
from envfactory_gym.scale import AgentSpec
from envfactory_gym.scale.cluster import registrations
from envfactory_gym.scale.worker import Job, RayPool


def comparable(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in ("duration_s", "agent")}


def warm_up(env_ids: list[str]) -> None:
    """Load the env packages and replay every gold trajectory once (cached per process), outside the timings."""
    for env_id in env_ids:
        env = gym.make(env_id)
        try:
            for task in env.unwrapped.tasks:
                env.unwrapped.package.gold(task)
        finally:
            env.close()


def local_pass(specs: list, agent: AgentSpec) -> tuple[float, dict]:
    """One timed pass of the harness's in-process backend (one thread): wall seconds and records."""
    with tempfile.TemporaryDirectory() as run_dir:
        start = time.perf_counter()
        result = run_eval(specs, agent, Path(run_dir), concurrency=1, progress=False)
        wall = time.perf_counter() - start
    return wall, {record_key(r): comparable(r) for r in result.records}


def ray_pass(pool: RayPool, specs: list) -> tuple[float, dict, int]:
    """One timed pass on a started pool: wall seconds, records, failed episodes."""
    start, cpu = time.perf_counter(), time.process_time()
    outcomes = list(pool.run(Job(s.key, s.env, s) for s in specs))
    wall = time.perf_counter() - start
    DRIVER_CPU.setdefault(pool.workers, []).append(time.process_time() - cpu)
    return wall, {o.key: comparable(o.result) for o in outcomes if o.ok}, sum(not o.ok for o in outcomes)


#: The driver's CPU seconds of each timed Ray pass, per worker count: its share of the work (scheduling,
#: receiving records) that the workers do not take off it.
DRIVER_CPU: dict[int, list[float]] = {}


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", default="EnvFactory/retail-v0,EnvFactory/banking-v0",
                        help="comma-separated env ids")
    parser.add_argument("--trials", type=int, default=3, help="trials of every task")
    parser.add_argument("--limit", type=int, default=0, help="only the first N tasks of each env (0: all)")
    parser.add_argument("--workers", default="1,2", help="comma-separated Ray worker counts")
    parser.add_argument("--rounds", type=int, default=3, help="timed passes of every setting (median)")
    parser.add_argument("--quick", action="store_true", help="a few episodes, for a smoke test")
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    import ray

    envs = ["EnvFactory/retail-v0"] if args.quick else [e.strip() for e in args.envs.split(",") if e.strip()]
    trials, limit = (2, 4) if args.quick else (args.trials, args.limit or None)
    rounds = 1 if args.quick else args.rounds
    levels = [int(w) for w in args.workers.split(",")]
    specs = plan_episodes(envs, trials=trials, limit=limit)
    agent = AgentSpec("oracle")
    warm_up(envs)
    _, expected = local_pass(specs, agent)  # warm-up pass of the baseline (and the reference records)
    walls: dict[str, list[float]] = {"local": []}
    rows: list[dict[str, Any]] = []
    ray.init(num_cpus=sum(levels), include_dashboard=False, object_store_memory=100 * 1024 * 1024,
             log_to_driver=False, logging_level="WARNING")
    pools: dict[int, RayPool] = {}
    try:
        regs = registrations(s.env for s in specs)
        for n in levels:
            pools[n] = RayPool({"agent_factory": agent, "runner": play_spec, "registrations": regs}, n)
            start = time.perf_counter()
            pools[n].start()
            cold, records, errors = ray_pass(pools[n], specs)  # every actor loads the envs, caches gold states
            DRIVER_CPU[n].clear()
            rows.append({"backend": "ray", "workers": n, "episodes": len(records), "errors": errors,
                         "start_s": round(time.perf_counter() - start - cold, 3), "cold_s": round(cold, 3),
                         "identical": records == expected})
            walls[f"ray{n}"] = []
        for _ in range(rounds):  # interleaved, so that a busy moment of the shared machine hits every setting
            wall, records = local_pass(specs, agent)
            walls["local"].append(wall)
            for n, row in zip(levels, rows):
                wall, records, errors = ray_pass(pools[n], specs)
                walls[f"ray{n}"].append(wall)
                row["identical"] = row["identical"] and records == expected
                row["errors"] += errors
    finally:
        for pool in pools.values():
            pool.shutdown()
        ray.shutdown()
    base = {"backend": "local", "workers": 1, "episodes": len(expected), "errors": 0}
    rows.insert(0, base)
    for row in rows:
        name = "local" if row["backend"] == "local" else f"ray{row['workers']}"
        row["wall_s"] = [round(w, 3) for w in walls[name]]
        row["episodes_per_s"] = round(len(specs) / median(walls[name]), 2)
        if name != "local":
            row["driver_cpu_ms_per_episode"] = round(1000 * median(DRIVER_CPU[row["workers"]]) / len(specs), 2)
        extra = "" if name == "local" else (f" (start {row['start_s']:.1f} s, cold pass {row['cold_s']:.1f} s, "
                                            f"driver CPU {row['driver_cpu_ms_per_episode']:.1f} ms/episode, "
                                            f"identical to local: {row['identical']})")
        print(f"{name:6s}: {row['episodes_per_s']:7.1f} episodes/s, median of {rounds}{extra}")
    base = rows[0]
    by_workers = {r["workers"]: r for r in rows[1:]}
    ratios = {f"ray{n}_vs_local": round(r["episodes_per_s"] / base["episodes_per_s"], 3) for n, r in by_workers.items()}
    if 1 in by_workers:
        for n, r in by_workers.items():
            if n != 1:
                ratios[f"ray{n}_vs_ray1"] = round(r["episodes_per_s"] / by_workers[1]["episodes_per_s"], 3)
    print("ratios: " + ", ".join(f"{k} {v:.2f}" for k, v in ratios.items()))
    payload = {"command": " ".join([Path(sys.argv[0]).name, *(argv if argv is not None else sys.argv[1:])]),
               "machine": {"cores": os.cpu_count(), "platform": platform.platform(),
                           "python": platform.python_version(), "ray": ray.__version__},
               "envs": envs, "trials": trials, "episodes": len(specs), "rounds": rounds, "results": rows,
               "ratios": ratios}
    if args.json:
        Path(args.json).write_text(json.dumps(payload, indent=2))
    ok = all(r["errors"] == 0 for r in rows) and all(r.get("identical", True) for r in rows)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
