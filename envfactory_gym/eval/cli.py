"""The ``eval`` and ``view`` commands (``register(subparsers)``; also ``python -m envfactory_gym.eval``)."""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.cli_types import (
    ArgumentParser,
    error_line,
    known_env_ids,
    non_negative_float,
    non_negative_int,
    output_dir,
    output_file,
    positive_float,
    positive_int,
)
from envfactory_gym.errors import DataFileError, EnvFactoryError, Interrupted, UnknownAgentError, UsageError
from envfactory_gym.eval.store import load_records, record_key
from envfactory_gym.precision import DTYPES
from envfactory_gym.tasks import atomic_write_text

CONFIG_FILE = "config.json"
SUMMARY_FILE = "summary.json"
#: Run settings that must match when a run directory is resumed.
_RESUME_KEYS = ("agent", "envs", "tasks", "trials", "seed", "limit", "user", "model", "mode", "adapter", "prompt",
                "baseline", "tool_choice")
#: The folder that holds the default run directories (one per agent, envs and settings).
DEFAULT_REPORT_ROOT = "eval-results"
#: How the command names itself in its messages.
PROG = "envfactory eval"
#: Ray actors of ``--backend ray`` without ``--workers``.
DEFAULT_WORKERS = 2


def register(subparsers: Any) -> None:
    """Add ``eval`` and ``view`` to the ``envfactory`` command line."""
    p = subparsers.add_parser("eval", help="evaluate an agent on envs: pass^k, reward components, report")
    p.add_argument("--agent", default="oracle",
                   help="oracle, random, openai, transformers, smollm2, or smollm2-sft (smollm2 with the shipped "
                        "adapter trained on retail-v0)")
    p.add_argument("--baseline", help="also evaluate this agent on the same episodes, with the same options but no "
                                      "--adapter, and report both side by side (e.g. --agent smollm2-sft "
                                      "--baseline smollm2)")
    p.add_argument("--envs", type=known_env_ids, default="EnvFactory/retail-v0", help="comma-separated env ids")
    p.add_argument("--tasks", help="JSONL task file to use instead of each env's own tasks")
    p.add_argument("--trials", type=positive_int, default=1, help="trials per task (k of pass^k)")
    p.add_argument("--concurrency", type=positive_int, default=1,
                   help="episodes at once (threads, or batch for local models)")
    p.add_argument("--limit", type=positive_int, help="only the first N tasks of each env")
    p.add_argument("--seed", type=non_negative_int, default=0)
    p.add_argument("--json", type=output_file, help="write the summary to this file too")
    p.add_argument("--report", type=output_dir,
                   help="run directory: episodes, report.md, plots; rerun to resume (default: "
                        f"{DEFAULT_REPORT_ROOT}/AGENT-ENVS-HASH, one folder per agent, envs and settings)")
    p.add_argument("--user", choices=("scripted", "llm"), default="scripted", help="user simulator")
    p.add_argument("--user-base-url", help="endpoint of the LLM user (default: the agent's --base-url)")
    p.add_argument("--user-model", help="model of the LLM user (default: the agent's --model)")
    p.add_argument("--base-url", help="OpenAI-compatible endpoint (openai agent); key from OPENAI_API_KEY")
    p.add_argument("--model", help="model name (openai) or folder / hub id (transformers)")
    p.add_argument("--adapter", help="LoRA adapter folder for the transformers/smollm2 agent (envfactory train output)")
    p.add_argument("--prompt", choices=("full", "compact"),
                   help="the env's system prompt: full, or compact for small context budgets "
                        "(default: compact for the smollm2 agents, else full)")
    p.add_argument("--mode", choices=("tools", "text"), default="tools", help="openai agent: native or Hermes text")
    p.add_argument("--temperature", type=non_negative_float, default=0.0)
    p.add_argument("--max-tokens", type=positive_int, help="new tokens per turn (model agents)")
    p.add_argument("--max-steps", type=positive_int, help="agent actions per episode (default: the env's)")
    p.add_argument("--threads", type=positive_int, help="CPU threads for local models (torch)")
    p.add_argument("--dtype", choices=DTYPES, default="auto",
                   help="local model weights: auto is float32 on a CPU (bfloat16 is several times faster on CPUs "
                        "with native bf16 instructions) and the checkpoint's dtype on a GPU")
    p.add_argument("--timeout", type=positive_float, default=120.0, help="seconds per request (openai agent)")
    p.add_argument("--retries", type=non_negative_int, default=3, help="retries per request (openai agent)")
    p.add_argument("--tool-choice", choices=("auto", "required", "none"), default="auto",
                   help="openai agent, tools mode: the tool_choice sent with the tools (some servers render no "
                        "tools without one); required forces a call every turn")
    p.add_argument("--request-deadline", type=non_negative_float, default=300.0,
                   help="overall seconds for one request, its retries and a slow answer included (openai agent, "
                        "LLM user); 0 for none")
    p.add_argument("--episode-deadline", type=non_negative_float, default=0.0,
                   help="overall seconds for the requests of one episode (openai agent); 0 for none (default)")
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where episodes run: threads in this process, or Ray actors (pip install "
                        "\"envfactory-gym[ray]\"); both store the same records")
    p.add_argument("--address", help="ray backend: the cluster to connect to (default: start a local one)")
    p.add_argument("--workers", type=positive_int,
                   help=f"ray backend: actors, each with its own agent and envs (--concurrency episodes each; "
                        f"default {DEFAULT_WORKERS})")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_eval)
    p = subparsers.add_parser("view", help="write a static HTML page to browse the episodes of an eval run")
    p.add_argument("run_dir", help="an eval run directory (eval --report)")
    p.add_argument("--output", type=output_file, help="HTML file (default: RUN_DIR/index.html)")
    p.set_defaults(func=cmd_view)


def cmd_eval(args: argparse.Namespace) -> int:
    from envfactory_gym.eval.harness import plan_episodes, run_eval
    from envfactory_gym.eval.report import BASELINE_DIR, summarize_records, write_report

    # Everything is checked before anything is written: a refused command leaves no run directory behind.
    config = _config(args)
    if args.address and args.backend != "ray":
        raise UsageError("--address needs --backend ray (it names the Ray cluster to connect to)")
    if args.workers is not None and args.backend != "ray":
        raise UsageError("--workers needs --backend ray (it counts Ray actors); without Ray, --concurrency "
                         "sets how many episodes run at once")
    run_dir = Path(args.report) if args.report else default_run_dir(config)
    _check_resume(run_dir, config)
    factory, user_factory, name = _factories(args)
    baseline = _baseline(args, name)
    if args.tasks:
        check_task_files(config["envs"], args.tasks)
    if args.backend == "ray":
        from envfactory_gym.scale.cluster import check_address, require_ray

        require_ray()
        if args.address:
            check_address(args.address)
    env_kwargs: dict[str, Any] = {}
    if args.tasks:
        env_kwargs["tasks"] = args.tasks
    if args.max_steps:
        env_kwargs["max_steps"] = args.max_steps
    if args.prompt:
        env_kwargs["prompt"] = args.prompt
    specs = plan_episodes(config["envs"], args.trials, args.seed, env_kwargs={"tasks": args.tasks} if args.tasks else {},
                          limit=args.limit)
    created = not run_dir.exists()
    atomic_write_text(run_dir / CONFIG_FILE, json.dumps(config, indent=2))
    backend = {"backend": args.backend, "workers": args.workers or DEFAULT_WORKERS, "address": args.address}
    dirs = [(name, run_dir)] + ([(baseline[1], run_dir / BASELINE_DIR)] if baseline is not None else [])
    try:
        result = run_eval(specs, factory, run_dir, concurrency=args.concurrency, env_kwargs=env_kwargs,
                          user_factory=user_factory, progress=not args.quiet, agent_name=name, **backend)
        base = None
        if baseline is not None:
            base = run_eval(specs, baseline[0], run_dir / BASELINE_DIR, concurrency=args.concurrency,
                            env_kwargs=env_kwargs, user_factory=user_factory, progress=not args.quiet,
                            agent_name=baseline[1], **backend)
    except KeyboardInterrupt:
        raise Interrupted(_interrupted(dirs, specs)) from None
    except BaseException:
        if created and not any(load_records(d) for _, d in dirs):
            shutil.rmtree(run_dir, ignore_errors=True)  # nothing played: leave no run directory behind
        raise
    summary = summarize_records(result.records, args.trials)
    throughput = {"played": result.played, "skipped": result.skipped, "wall_s": round(result.wall_s, 3),
                  "episodes_per_s": result.episodes_per_s, "turns_per_s": result.turns_per_s}
    missing = len(specs) - len(result.records)
    runs = _previous_runs(run_dir) + [{**throughput, "concurrency": args.concurrency}]
    meta = {"agent": name, "concurrency": args.concurrency, "missing": missing, "throughput": throughput,
            "runs": runs, "config": config}
    payload = {"config": config, "summary": summary, "planned": len(specs), "missing": missing,
               "throughput": throughput, "runs": runs, "errors": result.errors[:50]}
    printed = [(name, summary, result, missing)]
    if base is not None:
        assert baseline is not None  # base is the baseline's run
        base_name = baseline[1]
        base_summary, base_missing = summarize_records(base.records, args.trials), len(specs) - len(base.records)
        meta["baseline"] = payload["baseline"] = {
            "agent": base_name, "summary": base_summary, "missing": base_missing,
            "throughput": {"played": base.played, "skipped": base.skipped, "wall_s": round(base.wall_s, 3),
                           "episodes_per_s": base.episodes_per_s, "turns_per_s": base.turns_per_s},
            "errors": base.errors[:50]}
        printed.append((f"baseline {base_name}", base_summary, base, base_missing))
    write_report(run_dir, summary, result.records, meta, baseline_records=base.records if base else None)
    text = json.dumps(payload, indent=2, default=str)
    atomic_write_text(run_dir / SUMMARY_FILE, text)
    if args.json:
        atomic_write_text(Path(args.json), text)
    for title, scores, outcome, left in printed:
        if baseline is not None:
            print(f"{title}:")
        _print_summary(scores, outcome, left, agent=title if baseline is not None else None)
    print(f"report: {run_dir / 'report.md'}")
    return 1 if any(m for *_, m in printed) else 0


def check_task_files(envs: Sequence[str], tasks: str) -> None:
    """Refuse a ``--tasks`` file that an environment cannot play (unknown tool, failing gold call), naming the
    file and the line, before anything runs. Benchmark envs take a split name there instead of a file."""
    from envfactory_gym.registration import _registered, get_package

    for env_id in envs:
        if env_id in _registered:
            get_package(env_id).check_task_file(tasks)


def _interrupted(dirs: Sequence[tuple[str, Path]], specs: Sequence[Any]) -> str:
    """The one line a Ctrl-C leaves: what each agent has saved, and how to continue."""
    keys = {s.key for s in specs}
    parts = []
    for agent, folder in dirs:
        saved = sum(1 for r in load_records(folder) if record_key(r) in keys)
        parts.append(f"{saved} of {len(specs)} episodes of {agent} are saved in {folder}")
    return f"interrupted: {'; '.join(parts)}; rerun the same command to play the rest"


def cmd_view(args: argparse.Namespace) -> int:
    from envfactory_gym.eval.viewer import write_viewer

    path = write_viewer(args.run_dir, args.output)
    print(f"wrote {path}")
    return 0


def _config(args: argparse.Namespace) -> dict[str, Any]:
    envs = [e.strip() for e in args.envs.split(",") if e.strip()]
    if not envs:
        raise UsageError("--envs needs at least one env id")
    return {"agent": args.agent, "envs": envs, "tasks": str(Path(args.tasks).resolve()) if args.tasks else None,
            "trials": args.trials, "seed": args.seed, "limit": args.limit, "user": args.user,
            "model": args.model, "mode": args.mode if args.agent == "openai" else None,
            "tool_choice": args.tool_choice if args.agent == "openai" and args.mode == "tools" else None,
            "adapter": str(Path(args.adapter).resolve()) if args.adapter else None, "prompt": args.prompt,
            "baseline": args.baseline, "agent_adapter": _agent_adapter(args.agent, args.adapter)}


def _agent_adapter(agent: str, adapter: str | None) -> str | None:
    """The LoRA adapter the agent plays with: ``--adapter``, else the one an agent ships with (``smollm2-sft``)."""
    if adapter:
        return str(Path(adapter).resolve())
    if agent == "smollm2-sft":
        from envfactory_gym.agents.smollm2 import ADAPTERS_DIR, SFT_ADAPTER

        return str(ADAPTERS_DIR / SFT_ADAPTER)
    return None


def _check_resume(run_dir: Path, config: dict[str, Any]) -> None:
    """Refuse a run directory that holds episodes of a run with other settings (one without any is reused)."""
    from envfactory_gym.eval.report import BASELINE_DIR

    path = run_dir / CONFIG_FILE
    if run_dir.exists() and not run_dir.is_dir():
        raise UsageError(f"--report {run_dir}: it is a file, not a folder")
    if not path.exists() or not (load_records(run_dir) or load_records(run_dir / BASELINE_DIR)):
        return  # a new folder, or one whose run stopped before its first episode
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise DataFileError(f"{path}: unreadable run settings; pick another --report directory") from None
    diff = [k for k in _RESUME_KEYS if old.get(k) != config.get(k)]
    if diff:
        raise UsageError(f"{run_dir} holds a run with other settings ({', '.join(diff)} differ): "
                         "pick another --report directory to start a new run")


def _previous_runs(run_dir: Path) -> list[dict[str, Any]]:
    """The throughput of every earlier invocation on this run directory (from its ``summary.json``)."""
    try:
        old = json.loads((run_dir / SUMMARY_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    runs = old.get("runs") if isinstance(old, dict) else None
    if isinstance(runs, list):
        return [r for r in runs if isinstance(r, dict)]
    return [old["throughput"]] if isinstance(old, dict) and isinstance(old.get("throughput"), dict) else []


def default_run_dir(config: dict[str, Any]) -> Path:
    """``eval-results/<agent>-<envs>-<hash>``: runs with other settings never share (and refuse) a folder.

    The hash covers every setting a resumed run must share, so rerunning the same command resumes its run.
    """
    settings = json.dumps({k: config.get(k) for k in _RESUME_KEYS}, sort_keys=True, default=str)
    digest = hashlib.sha256(settings.encode()).hexdigest()[:6]
    agent = str(config["agent"]) + (f"-{Path(str(config['model'])).name}" if config.get("model") else "")
    envs = [str(e).rsplit("/", 1)[-1] for e in config["envs"]]
    label = "+".join(envs) if len(envs) <= 2 else f"{envs[0]}+{len(envs) - 1}more"
    name = re.sub(r"[^A-Za-z0-9._+-]+", "-", f"{agent}-{label}").strip("-.")[:80]
    return Path(DEFAULT_REPORT_ROOT) / f"{name}-{digest}"


def _factories(args: argparse.Namespace) -> tuple[Any, Any, str]:
    from envfactory_gym.agents.registry import AGENTS, make_agent
    from envfactory_gym.scale.spec import AgentSpec

    options: dict[str, Any] = {}
    name = args.agent
    if name not in AGENTS:
        make_agent(name)  # raises the unknown-agent error, with a suggestion
    if name == "openai":
        from envfactory_gym.llm import LLMClient

        if not args.model:
            raise UsageError("--agent openai needs --model (and --base-url for a local server)")
        client = LLMClient(args.base_url or "https://api.openai.com/v1", args.model, timeout_s=args.timeout,
                           max_retries=args.retries, concurrency=max(1, args.concurrency), seed=args.seed,
                           deadline_s=args.request_deadline or None)
        options = {"client": client, "mode": args.mode, "temperature": args.temperature,
                   "max_tokens": args.max_tokens or 1024, "tool_choice": args.tool_choice,
                   "episode_deadline_s": args.episode_deadline or None}
        name = f"openai:{args.model}"
    elif name in ("transformers", "smollm2", "smollm2-sft"):
        if name == "transformers":
            if not args.model:
                raise UsageError("--agent transformers needs --model (a folder or hub id)")
            options["model"] = args.model
            name = f"transformers:{args.model}"
        options["temperature"] = args.temperature
        if args.adapter:
            options["adapter"] = args.adapter
        if args.threads:
            options["threads"] = args.threads
        if args.dtype != "auto":
            options["dtype"] = args.dtype
        if args.max_tokens:
            options["max_new_tokens"] = args.max_tokens
    user_factory = _user_factory(args) if args.user == "llm" else None
    seed = args.seed
    # A picklable factory (name and options), so Ray actors can build their own agents.
    return AgentSpec(args.agent, seed, options), user_factory, name


def _baseline(args: argparse.Namespace, name: str) -> tuple[Any, str] | None:
    """The ``--baseline`` agent's factory and name: the same options as the agent's, without ``--adapter``."""
    from envfactory_gym.agents.registry import AGENTS
    from envfactory_gym.errors import suggest

    if not args.baseline:
        return None
    if args.baseline not in AGENTS:
        raise UnknownAgentError(args.baseline, AGENTS, f"--baseline: unknown agent {args.baseline!r}."
                                f"{suggest(args.baseline, AGENTS)} Available: {', '.join(AGENTS)}")
    factory, _, base_name = _factories(argparse.Namespace(**{**vars(args), "agent": args.baseline, "adapter": None}))
    if base_name == name:
        if not args.adapter:
            raise UsageError(f"--baseline {args.baseline} is the evaluated agent itself: name another agent "
                             "(e.g. --agent smollm2-sft --baseline smollm2)")
        base_name += " (no adapter)"
    return factory, base_name


def _user_factory(args: argparse.Namespace) -> Any:
    from envfactory_gym.llm import LLMClient
    from envfactory_gym.llm_user import LLMUserSimulator

    base_url = args.user_base_url or args.base_url
    model = args.user_model or args.model
    if not base_url or not model:
        raise UsageError("--user llm needs --user-base-url and --user-model (or the agent's)")
    client = LLMClient(base_url, model, timeout_s=args.timeout, max_retries=args.retries,
                       deadline_s=args.request_deadline or None,
                       concurrency=max(1, args.concurrency), seed=args.seed)
    return functools.partial(LLMUserSimulator, client)


def _print_summary(summary: dict[str, Any], result: Any, missing: int, agent: str | None = None) -> None:
    """The summary lines of one agent's run; ``agent`` names it in the warnings when two agents ran."""
    for env_id, g in summary["envs"].items():
        passes = "  ".join(f"pass^{j}={v:.3f}" for j, v in g["pass_hat"].items() if v is not None)
        print(f"{env_id}: tasks={g['tasks']} episodes={g['episodes']} {passes} mean_reward={g['mean_reward']:.3f}")
    print(f"played {result.played} episodes ({result.skipped} already done) in {result.wall_s:.1f} s: "
          f"{result.episodes_per_s:.2f} episodes/s, {result.turns_per_s:.2f} turns/s")
    for err in result.errors[:5]:
        print(error_line(PROG, f"episode {err['env']} {err['task_id']} trial {err['trial']} failed: {err['error']}"),
              file=sys.stderr)
    if missing:
        print(f"{missing} episodes have no result: rerun the same command to play them again", file=sys.stderr)
    from envfactory_gym.runner import no_tool_call_warning

    warning = no_tool_call_warning([int(r.get("components", {}).get("num_calls", 0)) for r in result.records])
    if warning:
        print(f"warning: {agent + ': ' if agent else ''}{warning}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(prog="python -m envfactory_gym.eval", description=__doc__)
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    import envfactory_gym  # noqa: F401  (registers the envs)

    try:
        return int(args.func(args))
    except Interrupted as exc:
        print(f"{parser.prog} {args.command}: {exc}", file=sys.stderr)
        return 130
    except EnvFactoryError as exc:
        print(error_line(f"{parser.prog} {args.command}", str(exc)), file=sys.stderr)
        return 2
