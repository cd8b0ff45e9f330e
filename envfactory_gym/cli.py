"""The ``envfactory`` command line: list, show, validate and run environments."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

import envfactory_gym
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.eval.cli import register as register_eval
from envfactory_gym.querygen.cli import register as register_querygen
from envfactory_gym.registration import get_package, register_env_dir, registered_env_ids
from envfactory_gym.tasks import atomic_write_text
from envfactory_gym.train.cli import register as register_train

console = Console()
err_console = Console(stderr=True, soft_wrap=True)


def cmd_list(args: argparse.Namespace) -> int:
    table = Table(title="Registered environments")
    for col in ("env id", "domain", "tools", "tasks", "description"):
        table.add_column(col)
    for env_id in registered_env_ids():
        pkg = get_package(env_id)
        table.add_row(env_id, pkg.manifest.domain, str(len(pkg.tools)), str(len(pkg.tasks)),
                      pkg.manifest.description[:70])
    console.print(table)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    pkg = get_package(args.env_id)
    console.print(f"[bold]{pkg.env_id}[/bold]  domain={pkg.manifest.domain}  folder={pkg.path}")
    console.print(pkg.manifest.description)
    tools = Table(title=f"{len(pkg.tools)} tools")
    tools.add_column("tool")
    tools.add_column("kind")
    tools.add_column("signature")
    for t in pkg.tools.values():
        tools.add_row(t.name, "write" if t.writes else "read", t.signature_line())
    console.print(tools)
    tables = Table(title=f"{len(pkg.template.tables)} tables")
    tables.add_column("table")
    tables.add_column("primary key")
    tables.add_column("rows", justify="right")
    state = pkg.new_state()
    try:
        for t in pkg.template.tables.values():
            rows = state.db.scalar(f"SELECT count(*) FROM {t.name}")
            tables.add_row(t.name, ", ".join(t.primary_key), str(rows))
    finally:
        state.close()
    console.print(tables)
    console.print(f"{len(pkg.tasks)} tasks")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    failed = 0
    for folder in args.folders:
        try:
            env_id = register_env_dir(folder, allow_unverified=True)
            pkg = get_package(env_id)
            pkg.validate()
            console.print(f"[green]ok[/green] {env_id}: {len(pkg.tools)} tools, {len(pkg.tasks)} tasks replay")
        except EnvFactoryError as exc:
            failed += 1
            console.print(f"[red]invalid[/red] {escape(str(exc))}", soft_wrap=True)
    return 1 if failed else 0


def cmd_run(args: argparse.Namespace) -> int:
    from envfactory_gym.agents.registry import make_agent
    from envfactory_gym.runner import run_episodes, summarize

    agent = make_agent(args.agent, seed=args.seed)
    env_kwargs = {"tasks": args.tasks} if args.tasks else {}
    # Local models bring their own env settings (e.g. a step cap that keeps CPU runs bounded).
    env_kwargs = {**getattr(agent, "env_kwargs", {}), **env_kwargs}
    # With --json, episodes are also appended to a sidecar as they end, so a killed run resumes where it stopped.
    record = Path(f"{args.json}.episodes.jsonl") if args.json else None
    results = run_episodes(args.env, agent, episodes=args.episodes, seed=args.seed, env_kwargs=env_kwargs,
                           progress=not args.quiet, record=record)
    summary = summarize(results)
    if not args.quiet:
        table = Table(title=f"{args.agent} on {args.env}")
        cols = ("task", "reward", "trace", "state", "communicate", "len pen", "fmt pen", "calls", "steps")
        for c in cols:
            table.add_column(c, justify="left" if c == "task" else "right")
        for r in results:
            c = r.components
            table.add_row(r.task_id, f"{r.reward:.3f}", f"{c['trace']:.2f}", f"{c['state']:.2f}",
                          f"{c['communicate']:.2f}", f"{c['length_penalty']:.2f}", f"{c['format_penalty']:.2f}",
                          str(c["num_calls"]), str(r.steps))
        console.print(table)
    console.print(f"episodes={summary['episodes']}  mean_reward={summary['mean_reward']:.3f}  "
                  f"solved={summary['solved']:.1%}  mean_steps={summary['mean_steps']:.1f}")
    if args.json:
        payload = {"env": args.env, "agent": args.agent, "seed": args.seed, "version": envfactory_gym.__version__,
                   "summary": summary, "episodes": [r.as_dict() for r in results]}
        atomic_write_text(Path(args.json), json.dumps(payload, indent=2))
        if record is not None:
            record.unlink(missing_ok=True)
        console.print(f"wrote {args.json}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="envfactory", description=__doc__)
    parser.add_argument("--version", action="version", version=envfactory_gym.__version__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list registered environments").set_defaults(func=cmd_list)
    p = sub.add_parser("show", help="tools, tables and task count of an environment")
    p.add_argument("env_id")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("validate", help="load environment folders and replay every gold trajectory")
    p.add_argument("folders", nargs="+")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("run", help="run an agent and print per-episode reward components")
    p.add_argument("--env", required=True, help="env id, e.g. EnvFactory/retail-v0")
    p.add_argument("--agent", default="oracle", help="oracle or random")
    p.add_argument("--episodes", type=int, default=None, help="default: one episode per task")
    p.add_argument("--tasks", help="JSONL task file to use instead of the env's own tasks")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", help="write per-episode results and the summary to this file (a rerun of a killed "
                                  "run resumes from PATH.episodes.jsonl)")
    p.add_argument("--quiet", action="store_true", help="only the summary line")
    p.set_defaults(func=cmd_run)
    register_querygen(sub)
    register_eval(sub)
    register_train(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except EnvFactoryError as exc:
        err_console.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
        return 2


if __name__ == "__main__":
    sys.exit(main())
