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
MAIN_COMPONENTS = ("trace", "trace_recall", "state", "communicate", "outcome", "length_penalty", "format_penalty")
#: The folder of a run directory that holds the baseline's run (``envfactory eval --baseline``).
BASELINE_DIR = "baseline"
#: One agent's part of a report: its name, its summary (:func:`summarize_records`) and its episode records.
Run = tuple[str, dict[str, Any], list[dict[str, Any]]]


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


#: What each reported number means: the report's legend (see the README's Reward section).
COMPONENT_LEGEND = {
    "pass^k": "the share of tasks solved (reward 1) in all of k trials, as τ²-bench defines it",
    "mean reward": "max(0, tau × trace + (1 − tau) × outcome − length penalty − format penalty), tau = 0.5 by "
                   "default; 0 on every step but the last",
    "tool calls": "tool calls per episode",
    "trace": "1 when every gold call (name and arguments) is matched by a call of the agent; on a task whose "
             "answer must be told, only as far as it is told",
    "trace_recall": "the share of gold calls matched",
    "state": "1 when the rows the episode changed equal the rows the gold trajectory changes (on a read-only "
             "task: when it changed nothing)",
    "communicate": "the share of the facts the user must be told (an amount, a status, a tracking number...) "
                   "that the agent stated in its own words; 1 on a task with no such fact",
    "outcome": "state × communicate, per episode (0 after a forbidden call)",
    "length_penalty": "0.05 per call beyond the gold count and 3 free calls, 0.1 more per exact repeat (at most 1)",
    "format_penalty": "0.05 per unparsable action or malformed call (at most 0.5)",
}


def write_report(run_dir: str | Path, summary: dict[str, Any], records: Sequence[dict[str, Any]],
                 meta: dict[str, Any], baseline_records: Sequence[dict[str, Any]] | None = None) -> Path:
    """Write ``report.md`` and its PNG plots into ``run_dir``; return the Markdown path.

    With a baseline (``meta["baseline"]``, its episodes in ``baseline_records``) every table, bullet and plot
    shows both agents.
    """
    run_dir = Path(run_dir)
    agent = str(meta.get("agent", "?"))
    runs = [(agent, summary, list(records))]
    if meta.get("baseline"):
        base = meta["baseline"]
        runs.append((str(base["agent"]), base["summary"], list(baseline_records or [])))
    k = summary["trials"]
    lines = [f"# Evaluation: {agent}", "", *_setting(meta, summary, runs), ""]
    if meta.get("missing"):
        lines += [f"**Incomplete:** {meta['missing']} planned episodes of `{agent}` have no result (errors or "
                  "interrupted); rerun the same command to finish them.", ""]
    if meta.get("baseline", {}).get("missing"):
        lines += [f"**Incomplete:** {meta['baseline']['missing']} planned baseline episodes have no result; rerun "
                  "the same command to finish them.", ""]
    stats = [(name, behaviour(rs)) for name, _, rs in runs]
    if stats[0][1]["warning"]:
        lines += [f"**Warning:** {stats[0][1]['warning']}", ""]
    lines += _scores(runs, k)
    lines += _legend(runs)
    lines += _benchmark_table(summary.get("benchmarks", {}), k)
    lines += _domains(runs, k)
    lines += behaviour_lines(stats, behaviour_plot(run_dir, [(name, rs) for name, _, rs in runs]))
    lines += _plots(run_dir, runs)
    lines += _throughput(meta)
    lines += [f"Browse the trajectories: `envfactory view {run_dir}`"
              + (f" (the baseline's: `envfactory view {run_dir / BASELINE_DIR}`)." if len(runs) > 1 else "."), ""]
    path = run_dir / "report.md"
    atomic_write_text(path, "\n".join(lines))
    return path


def _setting(meta: dict[str, Any], summary: dict[str, Any], runs: list[Run]) -> list[str]:
    """What was evaluated: the agents, the adapter, the task set, trials and episodes."""
    config = meta.get("config") or {}
    k = summary["trials"]
    envs = ", ".join(f"`{e}`" for e in summary["envs"]) or "-"
    lines = [f"- Agent: `{runs[0][0]}`" + (f", with the adapter `{config['agent_adapter']}`"
                                          if config.get("agent_adapter") else ""),
             *([f"- Baseline: `{runs[1][0]}` on the same episodes (tasks, seeds, user)"] if len(runs) > 1 else [])]
    tasks = f"`{config['tasks']}`" if config.get("tasks") else "each environment's own tasks"
    limit = f", the first {config['limit']} of each environment" if config.get("limit") else ""
    lines += [f"- Environments: {envs}; tasks: {tasks}{limit}",
              f"- {k} trial{'s' if k != 1 else ''} per task, {summary['overall'].get('episodes', 0)} episodes"
              + (f"; seed {config['seed']}" if "seed" in config else "")
              + (f"; {config['user']} user" if config.get("user") else "")]
    return lines


def _scores(runs: list[Run], k: int) -> list[str]:
    """One table: every env (and all envs together when there are several), each agent beside the other."""
    head = ["env", "agent", "tasks", "episodes", *[f"pass^{j}" for j in range(1, k + 1)], "mean reward",
            "tool calls", *MAIN_COMPONENTS]
    lines = ["## Scores", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    envs = list(dict.fromkeys(e for _, s, _ in runs for e in s["envs"]))
    for env in envs + (["all"] if len(envs) > 1 else []):
        for name, scores, _ in runs:
            g = scores["overall"] if env == "all" else scores["envs"].get(env, {})
            if g.get("episodes"):
                lines.append(_row([f"`{env}`" if env != "all" else "all", f"`{name}`"], g, k))
    return lines + [""]


def _row(label: list[str], g: dict[str, Any], k: int) -> str:
    passes = [_fmt(g["pass_hat"].get(str(j))) for j in range(1, k + 1)]
    comps = [_fmt(g["components"].get(c, 0.0)) for c in ("num_calls", *MAIN_COMPONENTS)]
    return "| " + " | ".join([*label, str(g["tasks"]), str(g["episodes"]), *passes, _fmt(g["mean_reward"]),
                              *comps]) + " |"


def _legend(runs: list[Run]) -> list[str]:
    """What each column means, and why high state or communicate means can go with a reward of 0."""
    lines = ["### What the columns mean", ""]
    lines += [f"- **{name}**: {text}." for name, text in COMPONENT_LEGEND.items()]
    lines += ["", "Each column is a mean over episodes, and outcome = state × communicate is taken per episode. "
              "An agent that does nothing scores state 1 on a read-only task (it changed nothing, as the gold "
              "trajectory does) and communicate 1 on a task with no fact to tell, but never both on one task: its "
              "state and communicate means can be well above 0 while its outcome and reward are 0."]
    zero = [name for name, scores, rs in runs if rs and not _any_component(scores)]
    if zero:
        lines += ["", f"`{'`, `'.join(zero)}`: every reward component is 0 in all of its episodes."]
    return lines + [""]


def _domains(runs: list[Run], k: int) -> list[str]:
    """Per domain, only when some domain holds several envs (else it repeats the per-env rows)."""
    domains = runs[0][1]["domains"]
    by_domain: dict[str, set[str]] = defaultdict(set)
    for _, _, rs in runs:
        for r in rs:
            by_domain[r["domain"]].add(r["env"])
    if not any(len(envs) > 1 for envs in by_domain.values()):
        return []
    head = ["domain", "agent", "tasks", "episodes", *[f"pass^{j}" for j in range(1, k + 1)], "mean reward",
            "tool calls", *MAIN_COMPONENTS]
    lines = ["## Per domain", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for domain in domains:
        for name, scores, _ in runs:
            g = scores["domains"].get(domain, {})
            if g.get("episodes"):
                lines.append(_row([domain, f"`{name}`"], g, k))
    return lines + [""]


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
    base = (meta.get("baseline") or {}).get("throughput")
    if base and base.get("played"):
        lines.append(f"- Baseline `{meta['baseline']['agent']}`, this run: {base['played']} episodes played in "
                     f"{base['wall_s']:.1f} s: {base['episodes_per_s']:.2f} episodes/s, {base['turns_per_s']:.2f} agent "
                     "turns/s.")
    return lines + [""]


def _any_component(summary: dict[str, Any]) -> bool:
    """Whether any main reward component is non-zero in any env."""
    return any(abs(float(g.get("components", {}).get(c, 0.0))) > 1e-12
               for g in summary["envs"].values() for c in MAIN_COMPONENTS)


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


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _plots(run_dir: Path, runs: list[Run]) -> list[str]:
    """``scores.png`` (mean reward, pass^1 and the components of every agent, each bar labelled: a 0 is drawn
    as 0) and ``reward_distribution.png``, with their Markdown; none without matplotlib or episodes."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        return []
    lines: list[str] = []
    series = _series(runs)
    if not series:
        return []
    lines += ["## Plots", ""]
    if any(_any_component({"envs": {"x": g}}) or g.get("mean_reward") for _, g, _ in series):
        names = ["mean reward", "pass^1", *MAIN_COMPONENTS]
        fig, ax = plt.subplots(figsize=(max(8.0, 1.2 * len(names) * max(1, len(series)) / 2), 4.2))
        width = 0.8 / len(series)
        for i, (label, g, _) in enumerate(series):
            values = [g["mean_reward"], g["pass_hat"].get("1") or 0.0,
                      *[g["components"].get(c, 0.0) for c in MAIN_COMPONENTS]]
            bars = ax.bar([j + i * width for j in range(len(names))], values, width=width, label=label)
            ax.bar_label(bars, [f"{v:.2f}".rstrip("0").rstrip(".") or "0" for v in values], fontsize=7, padding=1)
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(names))], names, rotation=20)
        ax.set_ylim(0, 1.12)
        ax.set_title("Scores (means over episodes)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(run_dir / "scores.png", dpi=100)
        plt.close(fig)
        lines += ["![Scores](scores.png)", ""]
    fig, ax = plt.subplots(figsize=(7, 4))
    bins = [i / 10 for i in range(11)]
    data = [[float(r["reward"]) for r in rs] for _, _, rs in series]
    ax.hist(data, bins=bins, label=[label for label, _, _ in series])
    ax.set_xlabel("episode reward")
    ax.set_ylabel("episodes")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title("Reward distribution")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(run_dir / "reward_distribution.png", dpi=100)
    plt.close(fig)
    return lines + ["![Reward distribution](reward_distribution.png)", ""]


def _series(runs: list[Run]) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """What the plots compare: each agent over all its envs, or each env when one agent played several."""
    runs = [r for r in runs if r[2]]
    if len(runs) == 1 and len(runs[0][1]["envs"]) > 1:
        name, scores, rs = runs[0]
        return [(env, g, [r for r in rs if r["env"] == env]) for env, g in scores["envs"].items()]
    return [(name, scores["overall"], rs) for name, scores, rs in runs]
