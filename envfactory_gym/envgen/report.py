"""The run report of EnvGen (JSON and Markdown): pass rates per stage, repair rounds, tokens, time, cost, rejections."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.stages import STAGES, EnvStore
from envfactory_gym.tasks import atomic_write_text


def cost(prompt_tokens: int, completion_tokens: int, price_in: float, price_out: float) -> float:
    """US dollars for the tokens at the given prices per million tokens."""
    return prompt_tokens / 1e6 * price_in + completion_tokens / 1e6 * price_out


def build_report(run_dir: Path, names: list[str] | None = None, price_in: float = 0.0,
                 price_out: float = 0.0) -> dict[str, Any]:
    """The report's figures, from the run folder's saved records (so a resumed run reports the whole run)."""
    run_dir = Path(run_dir)
    info = _json(run_dir / "run.json") or {}
    if names is None:
        names = sorted(p.name for p in (run_dir / "envs").iterdir() if p.is_dir()) if (run_dir / "envs").is_dir() \
            else []
    stage_rows: dict[str, dict[str, Any]] = {s: {"runs": 0, "passed": 0, "attempts": 0, "requests": 0,
                                                 "prompt_tokens": 0, "completion_tokens": 0, "seconds": 0.0}
                                             for s in STAGES}
    envs = []
    for name in names:
        store = EnvStore(run_dir / "envs" / name, name)
        spec = store.read_json("spec.json") or {}
        result = store.read_json("result.json") or {"status": "unfinished", "reasons": []}
        records = store.records()
        tokens_in = tokens_out = requests = 0
        seconds = 0.0
        for r in records:
            row = stage_rows[r.stage]
            row["runs"] += 1
            row["passed"] += r.ok
            row["attempts"] += len(r.attempts)
            row["requests"] += r.requests
            row["prompt_tokens"] += r.prompt_tokens
            row["completion_tokens"] += r.completion_tokens
            row["seconds"] += r.seconds
            tokens_in += r.prompt_tokens
            tokens_out += r.completion_tokens
            requests += r.requests
            seconds += r.seconds
        verify = [r for r in records if r.stage == "verify"]
        envs.append({"name": name, "domain": spec.get("domain"), "resources": spec.get("resources"),
                     "status": result.get("status"), "reasons": result.get("reasons", []),
                     "repair_rounds": sum(1 for r in records if r.stage == "repair"),
                     "rounds_built": len({r.round for r in records if r.stage == "seed"}),
                     "verify_runs": len(verify), "prompt_tokens": tokens_in, "completion_tokens": tokens_out,
                     "requests": requests, "seconds": round(seconds, 3),
                     "cost_usd": round(cost(tokens_in, tokens_out, price_in, price_out), 6),
                     "folder": result.get("folder"),
                     "catalog": next((r.result.get("catalog") for r in verify if r.ok), None)})
    for row in stage_rows.values():
        row["pass_rate"] = round(row["passed"] / row["runs"], 4) if row["runs"] else None
        row["seconds"] = round(row["seconds"], 3)
        row["cost_usd"] = round(cost(row["prompt_tokens"], row["completion_tokens"], price_in, price_out), 6)
    statuses = Counter(e["status"] for e in envs)
    tin = sum(e["prompt_tokens"] for e in envs)
    tout = sum(e["completion_tokens"] for e in envs)
    landed = [e for e in envs if e["status"] == "landed"]
    return {
        "run_dir": str(run_dir), "model": info.get("model"), "base_url": info.get("base_url"),
        "prompt_versions": info.get("prompt_versions", {}), "max_repairs": info.get("max_repairs"),
        "prices_per_million": {"input": price_in, "output": price_out},
        "totals": {"envs": len(envs), "landed": statuses.get("landed", 0), "rejected": statuses.get("rejected", 0),
                   "errors": statuses.get("error", 0), "unfinished": statuses.get("unfinished", 0),
                   "landed_rate": round(len(landed) / len(envs), 4) if envs else None,
                   "prompt_tokens": tin, "completion_tokens": tout,
                   "requests": sum(e["requests"] for e in envs),
                   "seconds": round(sum(e["seconds"] for e in envs), 3),
                   "cost_usd": round(cost(tin, tout, price_in, price_out), 6)},
        "repair_rounds_of_landed": {str(k): v for k, v in sorted(Counter(e["repair_rounds"] for e in landed).items())},
        "stages": {s: row for s, row in stage_rows.items() if row["runs"]},
        "envs": envs,
        "rejections": [{"name": e["name"], "status": e["status"], "reasons": e["reasons"]} for e in envs
                       if e["status"] in ("rejected", "error")],
    }


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown."""
    t = report["totals"]
    prices = report["prices_per_million"]
    lines = ["# EnvGen run report", "",
             f"Model `{report.get('model')}` at `{report.get('base_url')}`; prompts "
             + ", ".join(f"{k} v{v}" for k, v in report.get("prompt_versions", {}).items()) + ".", "",
             f"**{t['landed']} of {t['envs']} environments landed** ({t['rejected']} rejected, {t['errors']} errors"
             + (f", {t['unfinished']} unfinished" if t["unfinished"] else "") + f"); {t['requests']} model requests, "
             f"{t['prompt_tokens']:,} prompt + {t['completion_tokens']:,} completion tokens, {t['seconds']:.1f} s of "
             f"stage time, estimated cost ${t['cost_usd']:.4f} (at ${prices['input']:g} / ${prices['output']:g} per "
             "million input / output tokens).", "",
             "## Stages", "",
             "| stage | runs | passed | pass rate | model answers | prompt tokens | completion tokens | seconds |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, row in report["stages"].items():
        rate = f"{row['pass_rate']:.0%}" if row["pass_rate"] is not None else "-"
        lines.append(f"| {name} | {row['runs']} | {row['passed']} | {rate} | {row['attempts']} | "
                     f"{row['prompt_tokens']:,} | {row['completion_tokens']:,} | {row['seconds']:.1f} |")
    lines += ["", "## Environments", "",
              "| env | domain | status | repair rounds | tokens (in / out) | cost | seconds |",
              "|---|---|---|---:|---:|---:|---:|"]
    for e in report["envs"]:
        lines.append(f"| `{e['name']}` | {e['domain']} | {e['status']} | {e['repair_rounds']} | "
                     f"{e['prompt_tokens']:,} / {e['completion_tokens']:,} | ${e['cost_usd']:.4f} | "
                     f"{e['seconds']:.1f} |")
    rounds = report["repair_rounds_of_landed"]
    if rounds:
        lines += ["", "Repair rounds used by landed environments: "
                  + ", ".join(f"{k} round{'s' if k != '1' else ''}: {v}" for k, v in rounds.items()) + "."]
    if report["rejections"]:
        lines += ["", "## Rejections", ""]
        for r in report["rejections"]:
            lines.append(f"- `{r['name']}` ({r['status']}):")
            lines += [f"  - {reason}" for reason in r["reasons"]] or ["  - (no reason recorded)"]
    return "\n".join(lines) + "\n"


def write_report(run_dir: Path, names: list[str] | None = None, price_in: float = 0.0,
                 price_out: float = 0.0) -> tuple[Path, Path]:
    """Write ``report.json`` and ``report.md`` into the run folder (atomically); return their paths."""
    report = build_report(run_dir, names, price_in, price_out)
    js, md = Path(run_dir) / "report.json", Path(run_dir) / "report.md"
    atomic_write_text(js, json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    atomic_write_text(md, markdown(report))
    return js, md


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
