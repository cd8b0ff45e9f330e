"""The ``envfactory`` command line: list, show, validate, verify, create and run environments."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import envfactory_gym
from envfactory_gym.authoring.cli import register as register_authoring
from envfactory_gym.cli_types import (
    ArgumentParser,
    error_line,
    innermost_parser,
    known_env_id,
    non_negative_int,
    output_file,
    positive_int,
)
from envfactory_gym.composite.cli import register as register_compose
from envfactory_gym.envgen.cli import register as register_envgen
from envfactory_gym.envgen.compile.cli import register as register_compile
from envfactory_gym.errors import EnvFactoryError, Interrupted, UsageError
from envfactory_gym.eval.cli import register as register_eval
from envfactory_gym.querygen.cli import register as register_querygen
from envfactory_gym.registration import get_package, registered_env_ids
from envfactory_gym.serve.cli import register as register_serve
from envfactory_gym.tasks import atomic_write_text
from envfactory_gym.train.cli import register as register_train
from envfactory_gym.verify.cli import register as register_verify

if TYPE_CHECKING:
    from envfactory_gym.runner import EpisodeResult

console = Console()
err_console = Console(stderr=True, soft_wrap=True)


def cmd_list(args: argparse.Namespace) -> int:
    from envfactory_gym.registration import registration_problems
    from envfactory_gym.verify.catalog import catalog, markdown, replace_block, totals

    rows = catalog({env_id: get_package(env_id).path for env_id in registered_env_ids()})
    if args.update:
        path = Path(args.update)
        try:
            text = replace_block(path.read_text(encoding="utf-8"), markdown(rows))
        except (OSError, ValueError) as exc:
            raise UsageError(f"--update {args.update}: {exc}") from None
        atomic_write_text(path, text)
        console.print(f"updated the catalog table in {path}")
    elif args.markdown:
        print(markdown(rows))
    else:
        wide = console.width >= 120
        cols = ["env id", "domain", "tools (r / w)", "tables", "rows", "tasks (ro / sw / mg)", "rules", "cov",
                "blind play", "verified"]
        keep = range(len(cols)) if wide else [0, 1, 2, 4, 5, 7, 9]
        table = Table(title="Registered environments", box=box.SIMPLE_HEAD if wide else None,
                      pad_edge=False, padding=(0, 1),
                      caption="tasks: read-only / single-write / multi-goal; cov: line coverage of tools.py by the "
                              "env's tests" + ("; blind play: episodes, mean reward, known defects" if wide else
                                               "; wider terminals show tables, rules and blind play"))
        short = {2: "r/w", 5: "ro/sw/mg", 9: "date"}
        for i in keep:
            table.add_column(cols[i] if wide else short.get(i, cols[i]), no_wrap=True)

        def compact(cells: list[str]) -> list[str]:
            out = [c.strip("`*") for c in cells]
            if not wide:  # "17 (9 / 8)" -> "9/8", "78 (30 / 33 / 15)" -> "30/33/15", dates without the year
                out = [c.split("(", 1)[1].rstrip(")").replace(" / ", "/") if "(" in c else c for c in out]
                out[9] = out[9][5:] if out[9][:2] == "20" else out[9]
                out[4] = out[4].replace(" ", "")
                out[0] = out[0].replace("environments", "envs")
            return [out[i] for i in keep]

        for row in rows:
            table.add_row(*compact(row.cells()))
        if len(rows) > 1 and wide:
            table.add_row(*compact(totals(rows)))
        console.print(table)
        if len(rows) > 1 and not wide:
            t = totals(rows)
            console.print(f"{t[0].strip('*')} in {t[1]}, {t[5].replace(' (', ' tasks (', 1)}, {t[9]}",
                          highlight=False)
    for folder, problem in sorted(registration_problems().items()):
        err_console.print(f"[yellow]not registered:[/yellow] {escape(str(folder))}: {escape(problem)}",
                          highlight=False)
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
        for info in pkg.template.tables.values():
            rows = state.db.scalar(f"SELECT count(*) FROM {info.name}")
            tables.add_row(info.name, ", ".join(info.primary_key), str(rows))
    finally:
        state.close()
    console.print(tables)
    console.print(f"{len(pkg.tasks)} tasks")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from envfactory_gym.package import EnvPackage
    from envfactory_gym.registration import _registered

    failed = 0
    for folder in args.folders:
        try:
            if not Path(folder).is_dir():
                raise UsageError(_not_a_folder(folder))
            pkg = EnvPackage(folder)
            pkg.validate()
            console.print(f"[green]ok[/green] {pkg.env_id}: {len(pkg.tools)} tools, {len(pkg.tasks)} tasks replay")
            other = _registered.get(pkg.env_id)
            if other is not None and other != pkg.path:
                console.print(f"[yellow]warning:[/yellow] {pkg.env_id} is also the id of the registered folder "
                              f"{escape(str(other))}: change the manifest's name or version to register both",
                              soft_wrap=True)
        except EnvFactoryError as exc:
            failed += 1
            err_console.print(error_line("envfactory validate", escape(str(exc))), highlight=False)
            detail = getattr(exc, "detail", None)
            if args.verbose and detail:
                err_console.print(escape(detail), highlight=False)
    return 1 if failed else 0


def _not_a_folder(text: str) -> str:
    """Why ``validate`` refuses ``text``: it takes folders; an env id is named with its folder."""
    from envfactory_gym.errors import EnvNotVerifiedError
    from envfactory_gym.registration import _registered, resolve_env_id

    where = "no such file or folder" if not Path(text).exists() else "not a folder"
    message = f"{text}: {where}; validate takes environment folders (e.g. generated_envs/retail)"
    try:
        env_id = resolve_env_id(text)
        folder = _registered.get(env_id)
    except EnvNotVerifiedError as exc:
        env_id, folder = text, exc.path
    except EnvFactoryError:
        return message
    return f"{message}: {env_id} is the folder {folder}" if folder else message


def cmd_run(args: argparse.Namespace) -> int:
    from envfactory_gym.agents.registry import make_agent
    from envfactory_gym.runner import no_tool_call_warning, run_episodes, summarize

    agent = make_agent(args.agent, seed=args.seed)
    if args.tasks:
        get_package(args.env).check_task_file(args.tasks)  # a bad file is refused before anything runs
    env_kwargs = {"tasks": args.tasks} if args.tasks else {}
    # Local models bring their own env settings (e.g. a step cap that keeps CPU runs bounded).
    env_kwargs = {**getattr(agent, "env_kwargs", {}), **env_kwargs}
    # With --json, episodes are also appended to a sidecar as they end, so a killed run resumes where it stopped.
    record = Path(f"{args.json}.episodes.jsonl") if args.json else None
    try:
        results = run_episodes(args.env, agent, episodes=args.episodes, seed=args.seed, env_kwargs=env_kwargs,
                               progress=not args.quiet, record=record)
    except KeyboardInterrupt:
        if record is None or not record.is_file():
            raise Interrupted("interrupted: nothing saved (give --json PATH to keep finished episodes)") from None
        saved = sum(1 for line in record.read_text(encoding="utf-8").splitlines() if line.strip())
        raise Interrupted(f"interrupted: {saved} finished episodes are saved in {record}; rerun the same command "
                          "to continue from there") from None
    summary = summarize(results)
    if not args.quiet:
        console.print(_results_table(f"{args.agent} on {args.env}", results, console.width))
    console.print(f"episodes={summary['episodes']}  mean_reward={summary['mean_reward']:.3f}  "
                  f"solved={summary['solved']:.1%}  mean_steps={summary['mean_steps']:.1f}")
    warning = no_tool_call_warning([int(r.components.get("num_calls", 0)) for r in results])
    if warning:
        err_console.print(f"[yellow]warning:[/yellow] {escape(warning)}", highlight=False)
    if args.json:
        payload = {"env": args.env, "agent": args.agent, "seed": args.seed, "version": envfactory_gym.__version__,
                   "summary": summary, "episodes": [r.as_dict() for r in results]}
        atomic_write_text(Path(args.json), json.dumps(payload, indent=2))
        if record is not None:
            record.unlink(missing_ok=True)
        console.print(f"wrote {args.json}")
    return 0


#: The per-episode table's score columns after the task id: (header, reward component, format); the reward
#: and steps come from the episode itself. ``_DROP_ORDER``: which go first when the table would not fit.
_RUN_COLUMNS = (("reward", None, "{:.3f}"), ("trace", "trace", "{:.2f}"), ("state", "state", "{:.2f}"),
                ("comm", "communicate", "{:.2f}"), ("calls", "num_calls", "{}"), ("steps", None, "{}"),
                ("len", "length_penalty", "{:.2f}"), ("fmt", "format_penalty", "{:.2f}"))
_DROP_ORDER = ("fmt", "len", "comm", "state", "trace", "steps")


def _results_table(title: str, results: Sequence[EpisodeResult], width: int) -> Table:
    """The per-episode table: the task id in full, then as many score columns as fit in ``width``."""
    shown = [c[0] for c in _RUN_COLUMNS]
    for drop in (None, *_DROP_ORDER):
        if drop is not None:
            shown.remove(drop)
        table = _build_results_table(title, results, shown)
        if Console(width=10_000).measure(table).maximum <= width:
            break
    return table


def _build_results_table(title: str, results: Sequence[EpisodeResult], shown: list[str]) -> Table:
    notes = {"comm": "comm: communicate", "len": "len: length penalty", "fmt": "fmt: format penalty"}
    caption = "; ".join(v for k, v in notes.items() if k in shown)
    table = Table(title=title, caption=caption or None, box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("task", no_wrap=True, min_width=max((len(r.task_id) for r in results), default=4))
    columns = [c for c in _RUN_COLUMNS if c[0] in shown]
    for header, *_ in columns:
        table.add_column(header, justify="right", no_wrap=True)
    for r in results:
        cells = []
        for header, key, fmt in columns:
            value = r.reward if header == "reward" else r.steps if header == "steps" else r.components.get(key or "", 0)
            cells.append(fmt.format(value))
        table.add_row(r.task_id, *cells)
    return table


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(prog="envfactory", description=__doc__)
    parser.add_argument("--version", action="version", version=envfactory_gym.__version__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("list", help="the catalog: registered environments with their verified figures")
    p.add_argument("--markdown", action="store_true", help="print the catalog as the README's Markdown table")
    p.add_argument("--update", metavar="FILE", help="replace the table between the catalog markers of a Markdown file")
    p.set_defaults(func=cmd_list)
    p = sub.add_parser("show", help="tools, tables and task count of an environment")
    p.add_argument("env_id", type=known_env_id, help="env id, e.g. EnvFactory/retail-v0 or retail-v0")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("validate", help="load environment folders and replay every gold trajectory")
    p.add_argument("folders", nargs="+")
    p.add_argument("--verbose", action="store_true", help="the underlying library's full message for each problem")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("run", help="run an agent and print per-episode reward components")
    p.add_argument("--env", required=True, type=known_env_id, help="env id, e.g. EnvFactory/retail-v0")
    p.add_argument("--agent", default="oracle", help="oracle, random, or an agent of your own: path/to/file.py:Class")
    p.add_argument("--episodes", type=positive_int, default=None, help="default: one episode per task")
    p.add_argument("--tasks", help="JSONL task file to use instead of the env's own tasks")
    p.add_argument("--seed", type=non_negative_int, default=0)
    p.add_argument("--json", type=output_file, help="write per-episode results and the summary to this file (a rerun of a killed "
                                  "run resumes from PATH.episodes.jsonl)")
    p.add_argument("--quiet", action="store_true", help="only the summary line")
    p.set_defaults(func=cmd_run)
    register_querygen(sub)
    register_eval(sub)
    register_train(sub)
    register_verify(sub)
    register_authoring(sub)
    register_envgen(sub)
    register_compile(sub)
    register_compose(sub)
    register_serve(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["train"]:
        from envfactory_gym.precision import passive_thread_wait

        passive_thread_wait()  # before torch is imported: on a small or busy machine, waiting threads sleep
    parser = build_parser()
    args = parser.parse_args(argv)
    prog = innermost_parser(parser, argv).prog
    try:
        return int(args.func(args))
    except Interrupted as exc:
        err_console.print(f"{prog}: {escape(str(exc))}", highlight=False)
        return 130
    except EnvFactoryError as exc:
        err_console.print(error_line(prog, escape(str(exc))), highlight=False)
        return 2
    except KeyboardInterrupt:
        err_console.print(f"{prog}: interrupted", highlight=False)
        return 130
    except BrokenPipeError:  # e.g. `envfactory list --markdown | head`: the reader left, nothing more to say
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the interpreter's last flush does not fail again
        return 141


if __name__ == "__main__":
    sys.exit(main())
