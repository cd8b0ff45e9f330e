"""Run many episodes in one process (oracle and random agents, env churn) and report the RSS curve."""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import platform
import pstats
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import duckdb
import gymnasium as gym

import envfactory_gym
from envfactory_gym.agents import OracleAgent, RandomAgent
from envfactory_gym.runner import run_episode
from envfactory_gym.tasks import atomic_write_text

#: The memory curve counts as flat when the second half grows by less than this.
FLAT_MIB = 20.0


@dataclass
class Args:
    episodes: int = 100_000
    envs: list[str] = field(default_factory=list)
    """env ids (default: every registered env)"""
    quick: bool = False
    """2,000 episodes"""
    seed: int = 0
    json: str | None = None
    profile: bool = False
    """profile the run and print where the time goes (use with a short run)"""


def rss_mib() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--episodes", type=int, default=Args.episodes)
    p.add_argument("--envs", nargs="*", default=[])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", default=None)
    p.add_argument("--profile", action="store_true")
    args = Args(**vars(p.parse_args()))
    if args.quick:
        args.episodes = min(args.episodes, 2_000)
    env_ids = args.envs or envfactory_gym.registered_env_ids()
    rng = random.Random(args.seed)
    envs = {e: gym.make(e) for e in env_ids}
    sentinels = {e: gym.make(e) for e in env_ids}
    clean = {}
    for e, s in sentinels.items():
        s.reset(seed=0)
        clean[e] = s.unwrapped.state.state_hash()
    agents = [OracleAgent(), RandomAgent(seed=args.seed)]
    every = max(1, args.episodes // 50)
    curve: list[tuple[int, float]] = []
    crashes = isolation_breaks = 0
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    t0 = time.perf_counter()
    for i in range(args.episodes):
        if i % every == 0:
            curve.append((i, round(rss_mib(), 1)))
        env_id = env_ids[i % len(env_ids)]
        if rng.random() < 0.01:  # churn: a fresh env replaces the old one, whose database must be released
            envs[env_id].close()
            envs[env_id] = gym.make(env_id)
        try:
            run_episode(envs[env_id], agents[i % 2], seed=i)
        except Exception as exc:  # noqa: BLE001
            crashes += 1
            print(f"crash in episode {i}: {type(exc).__name__}: {exc}", file=sys.stderr)
        if i % every == 0:
            for e, s in sentinels.items():
                isolation_breaks += s.unwrapped.state.state_hash() != clean[e]
    elapsed = time.perf_counter() - t0
    if profiler:
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(r"envfactory_gym|soak", 25)
        print(out.getvalue())
    curve.append((args.episodes, round(rss_mib(), 1)))
    for env in [*envs.values(), *sentinels.values()]:
        env.close()
    half = [r for n, r in curve if n >= args.episodes // 2]
    growth_second_half = round(half[-1] - half[0], 1)
    report = {
        "args": asdict(args), "episodes": args.episodes, "seconds": round(elapsed, 1),
        "episodes_per_s": round(args.episodes / elapsed, 1), "crashes": crashes, "isolation_breaks": isolation_breaks,
        "rss_mib_start": curve[0][1], "rss_mib_end": curve[-1][1], "rss_mib_max": max(r for _, r in curve),
        "rss_growth_second_half_mib": growth_second_half, "flat_threshold_mib": FLAT_MIB,
        "flat": growth_second_half < FLAT_MIB, "rss_curve": curve,
        "versions": {"envfactory_gym": envfactory_gym.__version__, "duckdb": duckdb.__version__,
                     "gymnasium": gym.__version__, "python": platform.python_version()},
    }
    print(f"{args.episodes} episodes in {elapsed:.0f} s ({report['episodes_per_s']}/s), crashes={crashes}, "
          f"isolation_breaks={isolation_breaks}")
    print("RSS MiB: " + " ".join(f"{r:.0f}" for _, r in curve))
    print(f"start={report['rss_mib_start']} end={report['rss_mib_end']} second-half growth={growth_second_half} "
          f"flat={report['flat']}")
    if args.json:
        atomic_write_text(Path(args.json), json.dumps(report, indent=2))
    return 0 if crashes == 0 and isolation_breaks == 0 and report["flat"] else 1


if __name__ == "__main__":
    sys.exit(main())
