"""Play adversarial strategies on every task of every env and report the score distribution per strategy."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

import envfactory_gym
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.package import load_package
from envfactory_gym.tasks import atomic_write_text
from envfactory_gym.verify.soundness import (
    DEGENERATE_MEAN_MAX,
    HAYSTACK_MAX,
    HAYSTACK_STRATEGIES,
    NOTHING_MAX,
    check_env,
)


@dataclass
class Args:
    envs: list[str] = field(default_factory=list)
    """env ids or environment folders (default: every registered env)"""
    quick: bool = False
    """at most 10 tasks per env"""
    seed: int = 0
    json: str | None = None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--envs", nargs="*", default=[], help="env ids or environment folders (default: every registered)")
    p.add_argument("--quick", action="store_true", help="about 10 tasks per env")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", default=None, help="write every score and the summaries here")
    args = Args(**vars(p.parse_args()))
    out: dict = {"args": asdict(args), "thresholds": {
        "gold": 1.0, "nothing_max": NOTHING_MAX, "degenerate_mean_max": DEGENERATE_MEAN_MAX,
        "haystack_max_read_only": HAYSTACK_MAX, "haystack_strategies": list(HAYSTACK_STRATEGIES)}, "envs": {}}
    violations: list[str] = []
    for env in args.envs or envfactory_gym.registered_env_ids():
        try:
            folder = Path(env)
            tasks = (load_package(folder) if folder.is_dir() else envfactory_gym.get_package(env)).tasks
            ids = [t.id for t in tasks[:: max(1, len(tasks) // 10)]] if args.quick else None
            report = check_env(env, task_ids=ids, seed=args.seed)
        except EnvFactoryError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        record = report.as_dict()
        print(f"\n{report.env_id} ({record['tasks']} tasks, {record['read_only_tasks']} read-only)")
        print(f"  {'strategy':<18} {'tasks':>5} {'mean':>6} {'min':>6} {'max':>6}   read-only: {'tasks':>5} {'mean':>6}")
        for name, s in record["strategies"].items():
            ro = s["read_only"] or {"tasks": 0, "mean": float("nan")}
            print(f"  {name:<18} {s['tasks']:>5} {s['mean']:>6.3f} {s['min']:>6.3f} {s['max']:>6.3f}"
                  f"              {ro['tasks']:>5} {ro['mean']:>6.3f}")
        out["envs"][report.env_id] = record
        violations += record["violations"]
    out["violations"] = violations
    out["sound"] = not violations
    print("\nsound" if not violations else "\nVIOLATIONS:\n  " + "\n  ".join(violations))
    if args.json:
        atomic_write_text(Path(args.json), json.dumps(out, indent=2))
    return 0 if not violations else 1


if __name__ == "__main__":
    sys.exit(main())
