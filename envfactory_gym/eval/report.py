"""Scores of an evaluation run: pass^k and reward components per env and per domain, as JSON, Markdown and PNGs."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.tasks import atomic_write_text

#: An episode counts as solved when its reward reaches 1 (up to float noise).
SOLVED = 1.0 - 1e-9
#: Components shown in the report tables, in this order (others stay in the JSON).
MAIN_COMPONENTS = ("trace", "trace_recall", "state", "communicate", "length_penalty", "format_penalty")


def pass_hat_k(successes: Sequence[tuple[int, int]], k: int) -> float | None:
    """τ²-bench's pass^k: the mean over tasks of C(c, k) / C(n, k) for c successes in n trials.

    With n = k trials it is the share of tasks solved in every trial; tasks with fewer than k trials are left out.
    """
    scores = [math.comb(c, k) / math.comb(n, k) for n, c in successes if n >= k]
    return statistics.fmean(scores) if scores else None


def summarize_records(records: Iterable[dict[str, Any]], trials: int | None = None) -> dict[str, Any]:
    """Overall, per-env and per-domain scores of a run's episode records."""
    records = list(records)
    k = trials or max((int(r["trial"]) + 1 for r in records), default=1)
    by_env: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_domain: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_env[r["env"]].append(r)
        by_domain[r["domain"]].append(r)
    return {"trials": k, "overall": _group(records, k),
            "envs": {name: _group(rs, k) for name, rs in sorted(by_env.items())},
            "domains": {name: _group(rs, k) for name, rs in sorted(by_domain.items())}}


def _group(records: list[dict[str, Any]], k: int) -> dict[str, Any]:
    if not records:
        return {"episodes": 0, "tasks": 0}
    per_task: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for r in records:
        per_task[(r["env"], r["task_id"])].append(float(r["reward"]) >= SOLVED)
    counts = [(len(v), sum(v)) for v in per_task.values()]
    keys = sorted({key for r in records for key, v in r["components"].items() if isinstance(v, (int, float))})
    return {
        "episodes": len(records),
        "tasks": len(per_task),
        "pass_hat": {str(j): pass_hat_k(counts, j) for j in range(1, k + 1)},
        "mean_reward": statistics.fmean(float(r["reward"]) for r in records),
        "solved": sum(float(r["reward"]) >= SOLVED for r in records) / len(records),
        "mean_steps": statistics.fmean(int(r["steps"]) for r in records),
        "truncated": sum(bool(r["truncated"]) for r in records) / len(records),
        "components": {key: statistics.fmean(float(r["components"].get(key, 0.0)) for r in records) for key in keys},
    }


def write_report(run_dir: str | Path, summary: dict[str, Any], records: Sequence[dict[str, Any]],
                 meta: dict[str, Any]) -> Path:
    """Write ``report.md`` and its PNG plots into ``run_dir``; return the Markdown path."""
    run_dir = Path(run_dir)
    plots = _plots(run_dir, summary, records)
    k = summary["trials"]
    lines = [f"# Evaluation: {meta.get('agent', '?')}", "",
             f"Envs: {', '.join(summary['envs']) or '-'}; {k} trial{'s' if k != 1 else ''} per task; "
             f"{summary['overall'].get('episodes', 0)} episodes.", ""]
    if meta.get("missing"):
        lines += [f"**Incomplete:** {meta['missing']} planned episodes have no result (errors or interrupted); "
                  "rerun the same command to finish them.", ""]
    lines += _table("Per env", summary["envs"], k) + _table("Per domain", summary["domains"], k)
    lines += _table("Overall", {"all": summary["overall"]}, k)
    if meta.get("throughput"):
        t = meta["throughput"]
        lines += ["## Throughput", "", f"{t['played']} episodes played in {t['wall_s']:.1f} s: "
                  f"{t['episodes_per_s']:.2f} episodes/s, {t['turns_per_s']:.2f} agent turns/s "
                  f"(concurrency {meta.get('concurrency', 1)}).", ""]
    for title, name in plots:
        lines += [f"## {title}", "", f"![{title}]({name})", ""]
    lines += ["Browse the trajectories: `envfactory view " + str(run_dir) + "`", ""]
    path = run_dir / "report.md"
    atomic_write_text(path, "\n".join(lines))
    return path


def _table(title: str, groups: dict[str, dict[str, Any]], k: int) -> list[str]:
    head = ["", "tasks", "episodes"] + [f"pass^{j}" for j in range(1, k + 1)] + ["mean reward", *MAIN_COMPONENTS]
    lines = [f"## {title}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, g in groups.items():
        if not g.get("episodes"):
            continue
        passes = [_fmt(g["pass_hat"].get(str(j))) for j in range(1, k + 1)]
        comps = [_fmt(g["components"].get(c)) for c in MAIN_COMPONENTS]
        lines.append("| " + " | ".join([f"`{name}`", str(g["tasks"]), str(g["episodes"]), *passes,
                                        _fmt(g["mean_reward"]), *comps]) + " |")
    return lines + [""]


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _plots(run_dir: Path, summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    out = []
    envs = list(summary["envs"])
    if records:
        fig, ax = plt.subplots(figsize=(7, 4))
        data = [[float(r["reward"]) for r in records if r["env"] == e] for e in envs]
        ax.hist(data, bins=[i / 10 for i in range(11)], label=envs, stacked=True)
        ax.set_xlabel("episode reward")
        ax.set_ylabel("episodes")
        ax.set_title("Reward distribution")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(run_dir / "reward_distribution.png", dpi=100)
        plt.close(fig)
        out.append(("Reward distribution", "reward_distribution.png"))

        fig, ax = plt.subplots(figsize=(8, 4))
        width = 0.8 / max(1, len(envs))
        for i, e in enumerate(envs):
            comps = summary["envs"][e]["components"]
            xs = [j + i * width for j in range(len(MAIN_COMPONENTS))]
            ax.bar(xs, [comps.get(c, 0.0) for c in MAIN_COMPONENTS], width=width, label=e)
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(MAIN_COMPONENTS))], MAIN_COMPONENTS, rotation=20)
        ax.set_ylim(0, 1.05)
        ax.set_title("Mean reward components per env")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(run_dir / "components.png", dpi=100)
        plt.close(fig)
        out.append(("Reward components per env", "components.png"))
    return out
