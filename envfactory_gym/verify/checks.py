"""The gate's checks on one environment folder; they run inside the sandboxed child, never in the caller."""

from __future__ import annotations

import ast
import math
import pickle
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from envfactory_gym.syntax import parse_python
from envfactory_gym.verification import CheckResult

#: Thresholds of the gate (documented in docs/authoring.md).
MIN_TOOL_COVERAGE = 0.90
MIN_REFUSAL_COVERAGE = 0.80
MAX_RANDOM_MEAN = 0.2
MIN_SAMPLED_TASKS = 100
MIN_SAMPLED_TOOL_SHARE = 0.90
#: Natural renderings the gate plays per task (every style is played across the tasks; the fairness benchmark
#: plays them all).
NATURAL_PER_TASK = 2

Check = Callable[["Context"], CheckResult]


class Context:
    """What the checks share: the folder, its package and its env id (registered in the child only)."""

    def __init__(self, folder: Path) -> None:
        import envfactory_gym
        from envfactory_gym.package import EnvPackage

        self.folder = folder
        self.package = EnvPackage(folder)
        #: The tasks the querygen check sampled (the fairness check judges the same ones).
        self.sampled: list[Any] = []
        # The private copy is the folder under test, even when an installed environment has the same name.
        self.env_id = envfactory_gym.register_env_dir(folder, allow_unverified=True, replace=True)


def _result(name: str, passed: bool, reason: str = "", file: str | None = None, **figures: Any) -> CheckResult:
    return CheckResult(name=name, passed=passed, reason=reason, file=file, figures=figures)


def check_load(folder: Path) -> tuple[CheckResult, Context | None]:
    """The folder loads: manifest, policy, schema, seed, tools, tasks (every gold trajectory replays)."""
    from envfactory_gym.errors import EnvFactoryError

    try:
        ctx = Context(folder)
        ctx.package.validate()
        _load_declarations(folder)
    except EnvFactoryError as exc:
        path = getattr(exc, "path", None)
        return _result("load", False, str(getattr(exc, "problem", exc)), str(path) if path else None), None
    return _result("load", True, **catalog_figures(ctx)), ctx


def _load_declarations(folder: Path) -> None:
    try:
        from envfactory_gym.querygen.spec import load_declarations
    except ImportError:
        return
    load_declarations(folder)


def catalog_figures(ctx: Context) -> dict[str, Any]:
    """What the catalog table shows of an environment."""
    pkg = ctx.package
    writes = sum(1 for t in pkg.tools.values() if t.writes)
    state = pkg.new_state()
    try:
        rows = sum(int(state.db.scalar(f"SELECT count(*) FROM {t}")) for t in pkg.template.tables)
    finally:
        state.close()
    kinds = {"read_only": 0, "single_write": 0, "multi_goal": 0}
    for task in pkg.tasks:
        n = sum(1 for c in task.gold_calls if c.name in pkg.tools and pkg.tools[c.name].writes)
        kinds["read_only" if n == 0 else "single_write" if n == 1 else "multi_goal"] += 1
    return {"domain": pkg.manifest.domain, "tools": len(pkg.tools), "read_tools": len(pkg.tools) - writes,
            "write_tools": writes, "tables": len(pkg.template.tables), "rows": rows, "tasks": len(pkg.tasks),
            **{f"tasks_{k}": v for k, v in kinds.items()}, "rules": len(getattr(pkg.manifest, "rules", []) or [])}


def check_env_api(ctx: Context) -> CheckResult:
    """Gymnasium's check_env, two seeded runs alike, pickling, sync and async vector envs."""
    import gymnasium as gym
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    env = gym.make(ctx.env_id)
    try:
        check_env(env.unwrapped, skip_render_check=True)
    finally:
        env.close()

    def trace(seed: int) -> list[Any]:
        e = gym.make(ctx.env_id)
        e.action_space.seed(seed)
        out: list[Any] = [e.reset(seed=seed)[0]]
        for _ in range(6):
            obs, reward, term, trunc, _ = e.step(e.action_space.sample())
            out.append((obs, reward, term, trunc))
            if term or trunc:
                break
        e.close()
        return out

    if trace(3) != trace(3):
        return _result("env_api", False, "two runs with the same seed and actions differ")
    env = gym.make(ctx.env_id)
    env.reset(seed=0)
    clone = pickle.loads(pickle.dumps(env))
    same = env.reset(seed=4)[0] == clone.reset(seed=4)[0]
    env.close()
    clone.close()
    if not same:
        return _result("env_api", False, "a pickled copy resets differently")
    for mode in ("sync", "async"):
        envs = gym.make_vec(ctx.env_id, num_envs=2, vectorization_mode=mode)
        try:
            envs.reset(seed=[1, 2])  # type: ignore[arg-type]  # one seed per env; gymnasium's stub says int
            actions = [envs.single_action_space.sample() for _ in range(2)]
            for _ in range(2):
                _, rewards, *_ = envs.step(actions)
            if not np.all(np.isfinite(rewards)):
                return _result("env_api", False, f"{mode} vector env returned a non-finite reward")
        finally:
            envs.close()
    return _result("env_api", True, checks=["check_env", "determinism", "pickle", "sync", "async"])


def check_agents(ctx: Context) -> CheckResult:
    """The oracle scores 1.0 on every shipped task; the random agent averages below the threshold."""
    from envfactory_gym.agents import OracleAgent, RandomAgent
    from envfactory_gym.runner import run_episodes

    oracle = run_episodes(ctx.env_id, OracleAgent(), progress=False, keep_messages=True)
    failed = [r.task_id for r in oracle if not math.isclose(r.reward, 1.0, abs_tol=1e-9)]
    rand = run_episodes(ctx.env_id, RandomAgent(seed=0), progress=False)
    random_mean = sum(r.reward for r in rand) / max(len(rand), 1)
    figures: dict[str, Any] = {"oracle_mean": sum(r.reward for r in oracle) / max(len(oracle), 1), "oracle_failed": failed[:20],
               "random_mean": round(random_mean, 4), "episodes": len(oracle)}
    if failed:
        why = _first_error(oracle, failed[0])
        return _result("agents", False, f"the oracle scores below 1.0 on {len(failed)} task(s): "
                                        f"{', '.join(failed[:5])}{why}", "tasks.jsonl", **figures)
    if random_mean >= MAX_RANDOM_MEAN:
        return _result("agents", False, f"the random agent averages {random_mean:.3f} (must be below "
                                        f"{MAX_RANDOM_MEAN})", "tasks.jsonl", **figures)
    return _result("agents", True, **figures)


def _first_error(results: list[Any], task_id: str) -> str:
    """The first tool error the oracle met in ``task_id``'s episode, as ``' (first error: ...)'``."""
    for r in results:
        if r.task_id != task_id:
            continue
        for m in getattr(r, "messages", None) or []:
            content = m.get("content") if isinstance(m, dict) else None
            if m.get("role") == "tool" and isinstance(content, str) and content.startswith("Error"):
                return f" (first error: {content[:200]})"
    return ""


def check_querygen(ctx: Context, n: int = MIN_SAMPLED_TASKS) -> CheckResult:
    """QueryGen samples enough distinct oracle-solvable tasks over most of the tools."""
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.querygen.sampler import TaskSampler, task_key
    from envfactory_gym.runner import run_episodes

    sampler = TaskSampler(ctx.package, seed=0)
    tasks = sampler.sample(int(n * 1.2))
    distinct = {task_key(t): t for t in tasks}  # goals that need no sequence, in another order, are no new task
    tasks = list(distinct.values())
    ctx.sampled = tasks  # the fairness check judges these too
    results = run_episodes(ctx.env_id, OracleAgent(), env_kwargs={"tasks": tasks}, progress=False) if tasks else []
    solved = [r for r in results if math.isclose(r.reward, 1.0, abs_tol=1e-9)]
    solved_ids = {r.task_id for r in solved}
    # Tools the solved tasks' chains called: a read the gold dropped as unused was still explored.
    used = {name for t in tasks if t.id in solved_ids for name in sampler.chain_tools.get(t.id, ())} | {
        c.name for t in tasks if t.id in solved_ids for c in t.gold_calls}
    share = len(used) / len(ctx.package.tools)
    multi = sum(1 for t in tasks if t.id in solved_ids and "multi_goal" in (t.tags or []))
    figures: dict[str, Any] = {"sampled": len(tasks), "solvable": len(solved), "tool_share": round(share, 3),
               "unused_tools": sorted(set(ctx.package.tools) - used), "multi_goal": multi}
    if len(solved) < n:
        return _result("querygen", False, f"only {len(solved)} distinct oracle-solvable tasks sampled (need {n})",
                       **figures)
    if share < MIN_SAMPLED_TOOL_SHARE:
        return _result("querygen", False, f"sampled tasks use {share:.0%} of the tools (need "
                                          f"{MIN_SAMPLED_TOOL_SHARE:.0%}); unused: "
                                          f"{', '.join(figures['unused_tools'][:6])}", "tools.py", **figures)
    return _result("querygen", True, **figures)


def check_soundness(ctx: Context) -> CheckResult:
    """Reward-hacking strategies stay at or below their bounds; doing nothing scores 0."""
    from envfactory_gym.verify import soundness

    report = soundness.check_env(ctx.env_id)
    violations = report.violations()
    figures: dict[str, Any] = {"strategies": report.summary()}
    if violations:
        more = f" (and {len(violations) - 3} more)" if len(violations) > 3 else ""
        return _result("soundness", False, "; ".join(violations[:3]) + more, **figures)
    return _result("soundness", True, **figures)


def check_fairness(ctx: Context, sampled: int = MIN_SAMPLED_TASKS) -> CheckResult:
    """Fair to a good agent, with the defaults a user gets: no unfair task (shipped, or sampled by the querygen
    check, at least ``sampled`` of them), natural
    renderings of correct answers paid, the user simulator answers paraphrased questions and never consents by
    default, and the recorded blind-play episodes score what they should."""
    import gymnasium as gym

    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.verify import fairness

    pkg = ctx.package
    shipped = fairness.task_problems(pkg, pkg.tasks)
    drawn = ctx.sampled or TaskSampler(pkg, seed=1).sample(sampled)
    sampled_problems = fairness.task_problems(pkg, drawn)
    env = gym.make(ctx.env_id)
    try:
        natural = fairness.check_natural_answers(env, pkg.tasks, per_task=NATURAL_PER_TASK)
        blind = fairness.replay_blind_play(ctx.folder, env)
    finally:
        env.close()
    battery = fairness.user_battery(pkg.tasks)
    figures: dict[str, Any] = {"task_problems": {c: shipped.count(c) for c in fairness.PROBLEM_CLASSES},
               "sampled": len(drawn), "sampled_problems": {c: sampled_problems.count(c)
                                                           for c in fairness.PROBLEM_CLASSES},
               "natural_answers": {k: v for k, v in natural.items() if k != "examples"},
               "user_battery": {k: v for k, v in battery.items() if k != "misses"}, "blind_play": blind}
    reasons = []
    if shipped.problems:
        tid, why = next(iter(shipped.problems.items()))
        reasons.append(f"{len(shipped.problems)} unfair task(s), e.g. {tid}: {why[0]}")
    if sampled_problems.problems:
        tid, why = next(iter(sampled_problems.problems.items()))
        reasons.append(f"{len(sampled_problems.problems)} of {len(drawn)} sampled tasks unfair, e.g. {why[0]}")
    if natural["share_below_one"] > fairness.MAX_NATURAL_FAILURES:
        reasons.append(f"{natural['below_one']} of {natural['episodes']} natural answers score below 1.0, e.g. "
                       f"{natural['examples'][0]}")
    if battery["answered"] < battery["questions"] or battery["ended"] < battery["final_answers"]:
        reasons.append(f"the user simulator answered {battery['answered']} of {battery['questions']} paraphrased "
                       f"questions and ended {battery['ended']} of {battery['final_answers']} final answers")
    if battery["consent_given"]:
        reasons.append(f"the user simulator consented to {battery['consent_given']} undeclared yes/no questions")
    if blind["below_expected"]:
        reasons.append(f"blind play: {len(blind['below_expected'])} correct episode(s) below their reward, e.g. "
                       f"{blind['below_expected'][0]}")
    if blind["shortcut_max"] is not None and blind["shortcut_max"] > 0.1:
        reasons.append(f"blind play: a shortcut episode scores {blind['shortcut_max']:.2f} (at most 0.1)")
    if reasons:
        return _result("fairness", False, "; ".join(reasons), "tasks.jsonl", **figures)
    return _result("fairness", True, **figures)


def check_overlap(ctx: Context) -> CheckResult:
    """The tools do not re-create a public benchmark's tool surface."""
    from envfactory_gym.verify.overlap import overlap_report

    report = overlap_report(ctx.package.tools)
    figures = {k: v for k, v in report.as_dict().items() if k not in ("passed", "name", "reason", "file")}
    if not report.passed:
        return _result("overlap", False, f"tools re-create {report.closest} (overlap {report.score:.2f} > "
                                         f"{report.threshold:.2f})", "tools.py", **figures)
    return _result("overlap", True, **figures)


def refusal_lines(tools_py: Path) -> dict[str, list[int]]:
    """Per function of ``tools.py``, the line numbers of its ``raise ToolError(...)`` statements."""
    tree = parse_python(tools_py.read_text(encoding="utf-8"), str(tools_py))
    out: dict[str, list[int]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = [n.lineno for n in ast.walk(node) if isinstance(n, ast.Raise) and n.exc is not None
                     and "ToolError" in ast.unparse(n.exc)]
            if lines:
                out[node.name] = lines
    return out


def coverage_figures(tools_py: Path, executed: set[int], missing: set[int]) -> tuple[dict[str, Any], list[str]]:
    """Line coverage of ``tools.py`` and which refusals the tests never reach."""
    total = len(executed | missing)
    pct = len(executed) / total if total else 1.0
    refusals = refusal_lines(tools_py)
    all_lines = [ln for lines in refusals.values() for ln in lines]
    hit = [ln for ln in all_lines if ln in executed]
    untested = [f"{name} (line {', '.join(str(ln) for ln in lines if ln not in executed)})"
                for name, lines in refusals.items() if not any(ln in executed for ln in lines)]
    figures = {"line_coverage": round(pct, 4), "lines": total,
               "refusals": len(all_lines), "refusals_tested": len(hit),
               "refusal_coverage": round(len(hit) / len(all_lines), 4) if all_lines else 1.0,
               "untested_refusals": untested}
    problems = []
    if pct < MIN_TOOL_COVERAGE:
        problems.append(f"tests execute {pct:.0%} of tools.py (need {MIN_TOOL_COVERAGE:.0%})")
    if untested:
        problems.append(f"refusals never tested in: {', '.join(untested[:5])}")
    elif all_lines and len(hit) / len(all_lines) < MIN_REFUSAL_COVERAGE:
        problems.append(f"tests reach {len(hit)} of {len(all_lines)} refusals (need {MIN_REFUSAL_COVERAGE:.0%})")
    return figures, problems


def timed(name: str, fn: Callable[[], CheckResult]) -> CheckResult:
    """Run one check; an exception becomes a failed check naming it."""
    start = time.monotonic()
    try:
        result = fn()
    except Exception as exc:  # the check of an unverified folder may fail in any way
        tb = traceback.extract_tb(exc.__traceback__)
        where = next((f for f in reversed(tb) if "envfactory_gym" not in f.filename), tb[-1] if tb else None)
        file = where.filename if where else None
        line = f" (line {where.lineno})" if where else ""
        result = _result(name, False, f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}{line}"
                         [:400], file)
    result.seconds = round(time.monotonic() - start, 2)
    return result
