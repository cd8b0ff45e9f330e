"""Scores of an evaluation run: pass^k and reward components per env and per domain, as JSON, Markdown and PNGs."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.eval.behaviour import behaviour, behaviour_lines, behaviour_plot
from envfactory_gym.tasks import atomic_write_text

#: An episode counts as solved when its reward reaches 1 (up to float noise).
SOLVED = 1.0 - 1e-9
#: Components shown in the report tables, in this order (others stay in the JSON).
MAIN_COMPONENTS = ("trace", "trace_recall", "state", "communicate", "length_penalty", "format_penalty")
#: The folder of a run directory that holds the baseline's run (``envfactory eval --baseline``).
BASELINE_DIR = "baseline"


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
    out = {"trials": k, "overall": _group(records, k),
           "envs": {name: _group(rs, k) for name, rs in sorted(by_env.items())},
           "domains": {name: _group(rs, k) for name, rs in sorted(by_domain.items())}}
    benchmarks = {name: _benchmark(rs, k) for name, rs in sorted(by_env.items()) if any("benchmark" in r for r in rs)}
    if benchmarks:
        out["benchmarks"] = benchmarks
    return out


def _benchmark(records: list[dict[str, Any]], k: int) -> dict[str, Any]:
    """A benchmark env's scores by its own verdicts (``info["benchmark"]["passed"]``): τ²-bench's pass^k over
    trials, and the accuracy (mean of ``passed`` over entries: BFCL's metric), with the package and version."""
    verdicts = [r["benchmark"] for r in records if isinstance(r.get("benchmark"), dict)]
    per_task: dict[str, list[bool]] = defaultdict(list)
    for v in verdicts:
        per_task[str(v.get("task_id"))].append(bool(v.get("passed")))
    counts = [(len(v), sum(v)) for v in per_task.values()]
    first = verdicts[0] if verdicts else {}
    return {"name": first.get("name"), "package": first.get("package"),
            "version": ", ".join(sorted({str(v.get("version")) for v in verdicts})) or None,
            "tasks": len(per_task), "episodes": len(verdicts),
            "accuracy": statistics.fmean(bool(v.get("passed")) for v in verdicts) if verdicts else None,
            "pass_hat": {str(j): pass_hat_k(counts, j) for j in range(1, k + 1)}}


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
    stats = behaviour(records)
    if stats["warning"]:
        lines += [f"**Warning:** {stats['warning']}", ""]
    if meta.get("baseline"):
        lines += _comparison(run_dir, meta, summary, meta["baseline"])
        plot = _comparison_plot(run_dir, meta, summary, meta["baseline"])
        plots[:0] = [("Agent and baseline", plot)] if plot else []
    lines += _benchmark_table(summary.get("benchmarks", {}), k)
    lines += _table("Per env", summary["envs"], k) + _table("Per domain", summary["domains"], k)
    lines += _table("Overall", {"all": summary["overall"]}, k)
    lines += behaviour_lines(stats)
    if records and not _any_component(summary):
        lines += [f"No reward-components chart: every component is 0 in all {len(records)} episodes.", ""]
    if picture := behaviour_plot(run_dir, records):
        plots.append(("What the agent did", picture))
    lines += _throughput(meta)
    for title, name in plots:
        lines += [f"## {title}", "", f"![{title}]({name})", ""]
    lines += ["Browse the trajectories: `envfactory view " + str(run_dir) + "`", ""]
    path = run_dir / "report.md"
    atomic_write_text(path, "\n".join(lines))
    return path


def _throughput(meta: dict[str, Any]) -> list[str]:
    """One line per invocation on the run directory: a rerun adds its line and keeps the earlier ones."""
    runs = meta.get("runs") or ([meta["throughput"]] if meta.get("throughput") else [])
    if not runs:
        return []
    lines = ["## Throughput", ""]
    for i, t in enumerate(runs, 1):
        label = "Run" if i == 1 else f"Rerun {i - 1}"
        concurrency = t.get("concurrency", meta.get("concurrency", 1))
        if t.get("played"):
            text = (f"{t['played']} episodes played in {t['wall_s']:.1f} s: {t['episodes_per_s']:.2f} episodes/s, "
                    f"{t['turns_per_s']:.2f} agent turns/s (concurrency {concurrency})")
        else:
            text = "no episode left to play"
        if t.get("skipped"):
            text += f"; {t['skipped']} already done"
        lines.append(f"- {label}: {text}.")
    return lines + [""]


def _any_component(summary: dict[str, Any]) -> bool:
    """Whether any main reward component is non-zero in any env."""
    return any(abs(float(g.get("components", {}).get(c, 0.0))) > 1e-12
               for g in summary["envs"].values() for c in MAIN_COMPONENTS)


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


def _benchmark_table(benchmarks: dict[str, dict[str, Any]], k: int) -> list[str]:
    """Benchmark envs scored by the benchmarks' own verdicts, naming the package and version that judged them."""
    if not benchmarks:
        return []
    head = ["env", "benchmark", "package", "tasks", "episodes", "accuracy"] + [f"pass^{j}" for j in range(1, k + 1)]
    lines = ["## Benchmarks", "", "Scored by each benchmark's own evaluation (its `passed` verdict per episode): "
             "pass^k as τ²-bench defines it, accuracy as the mean verdict over entries (BFCL's metric).", "",
             "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for env, b in benchmarks.items():
        passes = [_fmt(b["pass_hat"].get(str(j))) for j in range(1, k + 1)]
        lines.append("| " + " | ".join([f"`{env}`", str(b["name"]), f"`{b['package']}=={b['version']}`",
                                        str(b["tasks"]), str(b["episodes"]), _fmt(b["accuracy"]), *passes]) + " |")
    return lines + [""]


def _comparison(run_dir: Path, meta: dict[str, Any], summary: dict[str, Any],
                baseline: dict[str, Any]) -> list[str]:
    """The agent and the baseline side by side, per env (and over all envs when there are several)."""
    k = summary["trials"]
    base = baseline["summary"]
    head = ["env", "agent", "episodes"] + [f"pass^{j}" for j in range(1, k + 1)] + [
        "mean reward", "tool calls", *MAIN_COMPONENTS]
    lines = ["## Against the baseline", "",
             f"`{meta.get('agent', '?')}` and the baseline `{baseline['agent']}` on the same episodes (tasks, "
             "seeds, user). Tool calls: the mean per episode. The baseline's trajectories: "
             f"`envfactory view {run_dir / BASELINE_DIR}`.", ""]
    if baseline.get("missing"):
        lines += [f"**Incomplete:** {baseline['missing']} planned baseline episodes have no result; rerun the "
                  "same command to finish them.", ""]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    groups = list(summary["envs"]) + (["all"] if len(summary["envs"]) > 1 else [])
    for env in groups:
        for agent, scores in ((meta.get("agent", "?"), summary), (baseline["agent"], base)):
            g = scores["overall"] if env == "all" else scores["envs"].get(env, {})
            if not g.get("episodes"):
                continue
            passes = [_fmt(g["pass_hat"].get(str(j))) for j in range(1, k + 1)]
            comps = [_fmt(g["components"].get(c)) for c in ("num_calls", *MAIN_COMPONENTS)]
            lines.append("| " + " | ".join([f"`{env}`", f"`{agent}`", str(g["episodes"]), *passes,
                                            _fmt(g["mean_reward"]), *comps]) + " |")
    return lines + [""]


def _comparison_plot(run_dir: Path, meta: dict[str, Any], summary: dict[str, Any],
                     baseline: dict[str, Any]) -> str | None:
    """Bars of the mean reward, pass^1 and the main components of the agent and the baseline (all envs)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None

    names = ["mean reward", "pass^1", *MAIN_COMPONENTS]
    fig, ax = plt.subplots(figsize=(8, 4))
    for i, (agent, scores) in enumerate(((baseline["agent"], baseline["summary"]), (meta.get("agent", "?"), summary))):
        g = scores["overall"]
        if not g.get("episodes"):
            continue
        values = [g["mean_reward"], g["pass_hat"].get("1") or 0.0] + [g["components"].get(c, 0.0)
                                                                        for c in MAIN_COMPONENTS]
        ax.bar([j + i * 0.4 for j in range(len(names))], values, width=0.4, label=agent)
    ax.set_xticks([j + 0.2 for j in range(len(names))], names, rotation=20)
    ax.set_ylim(0, 1.05)
    ax.set_title("Agent and baseline, same episodes")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(run_dir / "comparison.png", dpi=100)
    plt.close(fig)
    return "comparison.png"


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
    if records and _any_component(summary):
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
