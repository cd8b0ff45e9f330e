"""Fairness of every environment: unfair tasks (shipped and sampled), natural answers, exploits, blind play."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import envfactory_gym
from envfactory_gym.env import ToolUseEnv
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.sampler import TaskSampler
from envfactory_gym.tasks import atomic_write_text
from envfactory_gym.verify import fairness
from envfactory_gym.verify.soundness import check_env

#: Strategies that do no real work: each must average at most this on read-only and on writing tasks.
EXPLOIT_MAX = 0.1
#: ... and pay 0.5 or more on at most this share of tasks.
EXPLOIT_HIGH_SHARE = 0.02
EXPLOITS = ("nothing", "end_at_once", "talk", "every_tool", "repeat_gold", "dump_everything", "kitchen_sink",
            "spray", "dump_instead", "record_dump", "false_report")


def measure(folder: Path, sampled: int, quick: bool) -> dict[str, Any]:
    """Every fairness figure of one environment folder."""
    pkg = EnvPackage(folder)
    started = time.perf_counter()
    tasks = pkg.tasks[:: max(1, len(pkg.tasks) // 10)] if quick else pkg.tasks
    shipped = fairness.task_problems(pkg, pkg.tasks)
    drawn = TaskSampler(pkg, seed=7).sample(sampled)
    problems = fairness.task_problems(pkg, drawn)
    env = ToolUseEnv(folder)
    try:
        natural = fairness.check_natural_answers(env, tasks)
        blind = fairness.replay_blind_play(folder, env)
    finally:
        env.close()
    report = check_env(folder, task_ids=[t.id for t in tasks], strategies=["gold", *EXPLOITS])
    exploits: dict[str, dict[str, Any]] = {}
    for name in EXPLOITS:
        by_task = report.scores.get(name, {})
        for part, ids in (("read_only", report.read_only), ("writing", set(by_task) - report.read_only)):
            vals = [r for t, r in by_task.items() if t in ids]
            if vals:
                exploits.setdefault(name, {})[part] = {
                    "tasks": len(vals), "mean": round(statistics.fmean(vals), 4),
                    "share_at_least_half": round(sum(v >= 0.5 for v in vals) / len(vals), 4)}
    worst = [f"{n} {p} mean {s['mean']:.3f}" for n, parts in exploits.items() for p, s in parts.items()
             if s["mean"] > EXPLOIT_MAX or s["share_at_least_half"] > EXPLOIT_HIGH_SHARE]
    return {"env_id": pkg.env_id, "tasks": len(pkg.tasks), "tasks_played": len(tasks),
            "task_problems": {c: shipped.count(c) for c in fairness.PROBLEM_CLASSES},
            "sampled": len(drawn), "sampled_problems": {c: problems.count(c) for c in fairness.PROBLEM_CLASSES},
            "natural_answers": {k: v for k, v in natural.items() if k != "examples"},
            "natural_examples": natural["examples"][:5], "blind_play": blind, "exploits": exploits,
            "exploits_over_bound": worst, "seconds": round(time.perf_counter() - started, 1)}


def markdown(figures: dict[str, Any]) -> str:
    """The figures as the table of docs/fairness.md."""
    lines = ["# Fairness of the catalog (measured)", "",
             "Written by `python benchmarks/fairness.py --json docs/fairness.json --markdown docs/fairness.md` from "
             "the figures in `docs/fairness.json`. Unfair tasks: shipped / sampled by QueryGen (mixed actors, "
             "unused gold reads, answers in the request, needed values past the result cut). Natural answers: "
             "episodes of gold calls plus a natural final answer scoring below 1.0. Blind play: correct episodes "
             "(their mean reward), known defects (strict expected failures) and shortcut episodes (their best "
             f"score). Exploits: the highest mean of {len(EXPLOITS)} strategies that do no real work, on read-only "
             "and on writing tasks, and the share of tasks where any of them pays 0.5 or more.", "",
             "| env | unfair tasks | natural answers below 1.0 | blind play: episodes, mean | known defects | "
             "best shortcut | worst exploit mean (read-only / writing) | tasks an exploit pays >= 0.5 |",
             "|---|---|---|---|---|---|---|---|"]
    for f in sorted(figures["envs"].values(), key=lambda f: f["env_id"]):
        nat, blind, ex = f["natural_answers"], f["blind_play"], f["exploits"]
        worst = {part: max((s[part]["mean"] for s in ex.values() if part in s), default=0.0)
                 for part in ("read_only", "writing")}
        high = max((s[part]["share_at_least_half"] for s in ex.values() for part in s), default=0.0)
        lines.append(
            f"| `{f['env_id']}` | {sum(f['task_problems'].values())} / {sum(f['sampled_problems'].values())} of "
            f"{f['sampled']} | {nat['below_one']} of {nat['episodes']} | {blind['episodes']}, "
            f"{blind['mean_reward'] if blind['mean_reward'] is not None else '-'} | {blind['known_defects']} | "
            f"{blind['shortcut_max'] if blind['shortcut_max'] is not None else '-'} | "
            f"{worst['read_only']:.3f} / {worst['writing']:.3f} | {high:.1%} |")
    return "\n".join(lines) + "\n"


def records_markdown(folders: list[Path]) -> str:
    """The fairness and soundness figures the gate recorded in each folder's verification.json, as a table."""
    lines = ["# Fairness of the catalog (measured by the gate)", "",
             "Written by `python benchmarks/fairness.py --from-records docs/fairness.md` from each environment's "
             "`verification.json` (the `fairness` and `soundness` checks of `envfactory verify`, with the defaults a "
             "user gets). Unfair tasks: shipped / sampled by the gate's QueryGen check. Natural answers: gold calls "
             "plus six natural renderings of the answer, episodes below 1.0. User: paraphrased questions answered, "
             "final answers that ended the episode, consent given without a declared decision. Blind play: correct "
             "episodes, their mean reward, known defects (strict expected failures), best shortcut. Haystacks: the "
             "highest mean of the five haystack strategies on read-only tasks; false report: its mean on writing tasks; "
             "then the means of calling every tool, repeating the gold calls five times, one wrong argument that "
             "matters and one destructive extra write.", "",
             "| env | unfair tasks | natural answers below 1.0 | user: answered, ended, consent | blind play | "
             "best shortcut | haystacks | false report | every tool / repeat / wrong arg / destructive |",
             "|---|---|---|---|---|---|---|---|---|"]
    for folder in sorted(folders):
        record = json.loads((folder / "verification.json").read_text(encoding="utf-8"))
        checks = {c["name"]: c["figures"] for c in record["checks"]}
        fair, sound = checks.get("fairness", {}), checks.get("soundness", {}).get("strategies", {})
        if not fair:
            continue
        nat, user, blind = fair["natural_answers"], fair["user_battery"], fair["blind_play"]
        hay = max((sound[n]["mean"] for n in ("dump_everything", "kitchen_sink", "spray", "dump_instead",
                                              "record_dump") if n in sound), default=0.0)

        def mean(name: str, sound: dict[str, Any] = sound) -> str:
            return f"{sound[name]['mean']:.2f}" if name in sound else "-"

        lines.append(
            f"| `{record['env_id']}` | {sum(fair['task_problems'].values())} / "
            f"{sum(fair['sampled_problems'].values())} of {fair['sampled']} | {nat['below_one']} of "
            f"{nat['episodes']} | {user['answered']}/{user['questions']}, {user['ended']}/{user['final_answers']}, "
            f"{user['consent_given']} | {blind['episodes']} at {blind['mean_reward'] or 0:.2f}, "
            f"{blind['known_defects']} known | {blind['shortcut_max'] if blind['shortcut_max'] is not None else '-'}"
            f" | {hay:.2f} | {mean('false_report')} | {mean('every_tool')} / {mean('repeat_gold')} / "
            f"{mean('wrong_argument')} / {mean('destructive_write')} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--envs", nargs="*", default=[], help="environment folders or env ids (default: every registered)")
    p.add_argument("--sampled", type=int, default=200, help="QueryGen tasks sampled per env for the task checks")
    p.add_argument("--quick", action="store_true", help="a tenth of the tasks and 10 sampled ones per env")
    p.add_argument("--json", default=None, help="write the figures here (updated after each env: a rerun resumes)")
    p.add_argument("--markdown", default=None, help="write the table of the figures in --json here and stop")
    p.add_argument("--from-records", default=None, metavar="PATH",
                   help="write the table of what the gate measured (each env's verification.json) here and stop")
    args = p.parse_args()
    if args.from_records:
        folders = [Path(e) if Path(e).is_dir() else envfactory_gym.get_package(e).path
                   for e in args.envs or envfactory_gym.registered_env_ids()]
        atomic_write_text(Path(args.from_records), records_markdown(folders))
        return 0
    if args.markdown:
        if not args.json or not Path(args.json).is_file():
            print("error: --markdown needs --json naming an existing figures file", file=sys.stderr)
            return 2
        atomic_write_text(Path(args.markdown), markdown(json.loads(Path(args.json).read_text(encoding="utf-8"))))
        return 0
    out: dict[str, Any] = {"envs": {}}
    if args.json and Path(args.json).is_file():
        out = json.loads(Path(args.json).read_text(encoding="utf-8"))
    for env in args.envs or envfactory_gym.registered_env_ids():
        try:
            folder = Path(env) if Path(env).is_dir() else envfactory_gym.get_package(env).path
        except EnvFactoryError as exc:
            print(f"error: --envs: {exc}", file=sys.stderr)
            return 2
        if str(folder) in out["envs"] and not args.quick:
            continue
        figures = measure(folder, 10 if args.quick else args.sampled, args.quick)
        out["envs"][str(folder)] = figures
        nat = figures["natural_answers"]
        blind = figures["blind_play"]
        print(f"{figures['env_id']}: unfair shipped {sum(figures['task_problems'].values())}, sampled "
              f"{sum(figures['sampled_problems'].values())}/{figures['sampled']}; natural answers below 1.0 "
              f"{nat['below_one']}/{nat['episodes']}; blind play {blind['episodes']} episodes, mean "
              f"{blind['mean_reward']}, known defects {blind['known_defects']}; exploits over bound: "
              f"{', '.join(figures['exploits_over_bound']) or 'none'} ({figures['seconds']} s)", flush=True)
        if args.json:
            atomic_write_text(Path(args.json), json.dumps(out, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
