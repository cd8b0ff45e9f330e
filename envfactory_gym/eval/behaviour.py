"""What the agent did in a run's episodes (tool calls, turns, how episodes ended), as Markdown and a PNG."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.runner import no_tool_call_warning
from envfactory_gym.user import STOP_TOKEN

#: How an episode ended, from its record.
FINAL_ANSWER = "final answer (a message asking nothing)"
USER_GAVE_UP = "the user ended it (questions it could not answer)"
AGENT_STOP = f"the agent sent {STOP_TOKEN}"
TRUNCATED = "cut at the step or conversation-length limit"


def tool_calls(record: dict[str, Any]) -> int:
    """The tool calls an episode made (well-formed or not)."""
    components = record.get("components") or {}
    if "num_calls" in components:
        return int(components["num_calls"])
    return sum(len(m.get("tool_calls") or ()) for m in record.get("messages", ()) if m.get("role") == "assistant")


def ending(record: dict[str, Any]) -> str:
    """How an episode ended: a final answer, the user giving up, the agent's stop token, or truncation."""
    if record.get("truncated"):
        return TRUNCATED
    said = [m for m in record.get("messages", ()) if m.get("role") == "assistant"]
    last = str(said[-1].get("content") or "") if said else ""
    if STOP_TOKEN in last:
        return AGENT_STOP
    if said and not said[-1].get("tool_calls") and "?" in last:
        return USER_GAVE_UP
    return FINAL_ANSWER


def behaviour(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Counts of what the agent did: episodes without tool calls, mean calls and turns, endings."""
    calls = [tool_calls(r) for r in records]
    endings = Counter(ending(r) for r in records)
    return {
        "episodes": len(records),
        "without_tool_calls": sum(1 for c in calls if c == 0),
        "mean_tool_calls": statistics.fmean(calls) if calls else 0.0,
        "mean_turns": statistics.fmean(int(r["steps"]) for r in records) if records else 0.0,
        "endings": dict(endings.most_common()),
        "warning": no_tool_call_warning(calls),
    }


def behaviour_lines(stats: Sequence[tuple[str, dict[str, Any]]], picture: str | None = None) -> list[str]:
    """The report's section on what each agent did (the evaluated one, then the baseline), and its chart."""
    stats = [(name, st) for name, st in stats if st["episodes"]]
    if not stats:
        return []
    lines = ["## What the agent did" if len(stats) == 1 else "## What the agents did", ""]
    for name, st in stats:
        n = st["episodes"]
        common, count = next(iter(st["endings"].items()))
        lead = f"- `{name}`: no" if len(stats) > 1 else "- No"
        lines += [f"{lead} tool call in {st['without_tool_calls']} of {n} episodes; "
                  f"{st['mean_tool_calls']:.2f} tool calls and {st['mean_turns']:.2f} agent turns per episode on "
                  f"average. Most frequent ending: {common}, in {count} of {n} episodes."]
        lines += [f"  - {ending}: {k}" for ending, k in list(st["endings"].items())[1:]]
    return lines + ([""] + [f"![What the agent did]({picture})"] if picture else []) + [""]


def behaviour_plot(run_dir: Path, runs: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> str | None:
    """``behaviour.png``: tool calls per episode and how episodes ended, one bar per agent (each labelled, a 0 as
    0); None without matplotlib or records."""
    runs = [(name, rs) for name, rs in runs if rs]
    if not runs:
        return None
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    from matplotlib.ticker import MaxNLocator

    calls = [Counter(tool_calls(r) for r in rs) for _, rs in runs]
    endings = [Counter(ending(r) for r in rs) for _, rs in runs]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8 + 0.3 * len(runs)), gridspec_kw={"width_ratios": [1, 1.2]})
    xs = list(range(max(max(max(c) for c in calls), 5) + 1))
    width = 0.8 / len(runs)
    names = [name for name, _ in sum((list(e.items()) for e in endings), [])]
    names = sorted(set(names), key=lambda n: -sum(e.get(n, 0) for e in endings))[::-1]
    for i, ((label, _), count, end) in enumerate(zip(runs, calls, endings)):
        bars = left.bar([x + (i - (len(runs) - 1) / 2) * width for x in xs], [count.get(x, 0) for x in xs],
                        width=width, label=label)
        left.bar_label(bars, [str(count[x]) if count.get(x) else "" for x in xs], fontsize=7)
        ys = [y + (i - (len(runs) - 1) / 2) * width for y in range(len(names))]
        bars = right.barh(ys, [end.get(name, 0) for name in names], height=width, label=label)
        right.bar_label(bars, [str(end.get(name, 0)) for name in names], fontsize=7, padding=2)
    left.set_xlabel("tool calls in the episode")
    left.set_ylabel("episodes")
    left.set_title("Tool calls per episode")
    left.xaxis.set_major_locator(MaxNLocator(integer=True))
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    left.set_ylim(0, max(max(c.values()) for c in calls) * 1.15)
    right.set_yticks(range(len(names)), [_wrap(name) for name in names], fontsize=8)
    right.set_ylim(-0.75, max(len(names), 3) - 0.25)
    right.set_xlim(0, max(max(e.values()) for e in endings) * 1.15)
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.set_xlabel("episodes")
    right.set_title("How the episodes ended")
    if len(runs) > 1:
        left.legend(fontsize=8)
    episodes = ", ".join(f"{label}: {len(rs)}" for label, rs in runs) if len(runs) > 1 else str(len(runs[0][1]))
    fig.suptitle(f"What the agent did (episodes: {episodes})")
    fig.tight_layout()
    fig.savefig(run_dir / "behaviour.png", dpi=100)
    plt.close(fig)
    return "behaviour.png"


def _wrap(text: str, width: int = 28) -> str:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join([*lines, line])
