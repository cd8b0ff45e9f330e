"""Command-line entry points of QueryGen: ``tasks sample|report|export-sft|export-rl`` and ``graph``."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from envfactory_gym.cli_types import (
    env_id_or_folder,
    fraction,
    known_env_id,
    non_negative_int,
    output_file,
    positive_float,
    positive_int,
)
from envfactory_gym.errors import UsageError
from envfactory_gym.registration import get_package
from envfactory_gym.tasks import append_tasks, atomic_write_text, load_tasks, write_tasks


def cmd_sample(args: argparse.Namespace) -> int:
    from envfactory_gym.querygen.sampler import TaskSampler

    if args.min_calls > args.max_calls:
        raise UsageError(f"--min-calls {args.min_calls} is more than --max-calls {args.max_calls}")
    pkg = _package(args.env)
    if args.output is None and args.into is None:
        raise UsageError("tasks sample: give -o/--output FILE or --into FOLDER")
    start = time.perf_counter()
    refiner = _refiner(args)
    sampler = TaskSampler(pkg, seed=args.seed, min_calls=args.min_calls, max_calls=args.max_calls,
                          write_ratio=args.write_ratio, include_tools=args.tools or None, refiner=refiner,
                          multi_goal=args.multi_goal)
    tasks = sampler.sample(args.n)
    if args.into is not None:
        added = append_tasks(Path(args.into) / "tasks.jsonl", tasks)
        print(f"added {added} new tasks to {Path(args.into) / 'tasks.jsonl'} ({len(tasks) - added} already there)")
    if args.output is not None:
        write_tasks(args.output, tasks)
    writing = sum(1 for t in tasks if "write" in t.tags)
    multi = sum(1 for t in tasks if "multi_goal" in t.tags)
    print(f"sampled {len(tasks)} tasks ({writing} writing, {multi} of them with several goals, "
          f"{len(tasks) - writing} read-only) "
          f"{'to ' + str(args.output) + ' ' if args.output else ''}"
          f"in {time.perf_counter() - start:.1f} s; {sampler.duplicates} duplicates and {sampler.failed} "
          "failed chains dropped")
    if refiner is not None:
        from envfactory_gym.querygen.llm_refine import TAG_FALLBACK

        fallback = sum(1 for t in tasks if TAG_FALLBACK in t.tags)
        print(f"llm refiner: {len(tasks) - fallback} accepted, {fallback} fell back to the offline refiner; "
              f"tokens: {refiner.client.usage_summary()}")
    return 0 if len(tasks) == args.n else 1


def _package(env: str) -> Any:
    """The package of an env id, or of an environment folder (for authors: it need not be verified yet)."""
    if Path(env).is_dir():
        from envfactory_gym.package import EnvPackage

        return EnvPackage(env, allow_no_tasks=True)
    return get_package(env)


def _into_folder(text: str) -> str:
    folder = Path(text)
    if not (folder.is_dir() and (folder / "manifest.json").is_file()):
        raise argparse.ArgumentTypeError(f"{text!r} is not an environment folder (no manifest.json)")
    return str(folder)


def _refiner(args: argparse.Namespace) -> Any:
    if args.refiner == "offline":
        return None
    from envfactory_gym.llm import LLMClient
    from envfactory_gym.querygen.llm_refine import LLMRefiner

    if not args.base_url or not args.model:
        raise UsageError("--refiner llm needs --base-url and --model")
    client = LLMClient(args.base_url, args.model, timeout_s=args.timeout, concurrency=1)
    return LLMRefiner(client)


def cmd_export(args: argparse.Namespace) -> int:
    """``tasks export-sft`` (``export-rl`` is the trainers' exporter, ``envfactory_gym.integrations.export``)."""
    from envfactory_gym.querygen.export import export_sft

    n = export_sft(args.env, args.tasks, args.output, prompt=args.prompt, plan=args.plan)
    print(f"wrote {n} SFT records to {args.output}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from envfactory_gym.querygen.quality import report

    pkg = get_package(args.env)
    rep = report(pkg, load_tasks(args.tasks), tasks_file=args.tasks, replay=not args.no_replay)
    if args.json:
        print(json.dumps(rep, indent=2))
    else:
        for k, v in rep.items():
            print(f"{k}: {v}")
    return 0 if rep.get("oracle_solved_share", 1.0) >= 1.0 else 1


def cmd_graph(args: argparse.Namespace) -> int:
    from envfactory_gym.querygen.graph import ToolGraph

    g = ToolGraph.from_package(get_package(args.env_id))
    if args.json:
        atomic_write_text(Path(args.json), json.dumps(g.to_json(), indent=2))
    if args.graphml:
        g.write_graphml(args.graphml)
    if args.png:
        try:
            g.draw(args.png)
        except RuntimeError as exc:
            raise UsageError(f"--png {args.png}: {exc}") from None
    tg = g.tool_level()
    print(f"{g.graph.number_of_nodes()} nodes, {g.graph.number_of_edges()} edges; "
          f"{tg.number_of_edges()} tool-to-tool links")
    for tool, param in g.user_only():
        print(f"user-only: {tool}.{param}")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``tasks`` (sample, report, export-sft, export-rl) and ``graph`` to a parser's subcommands."""
    tasks = subparsers.add_parser("tasks", help="sample and check generated tasks")
    tsub = tasks.add_subparsers(dest="tasks_command", required=True)
    p = tsub.add_parser("sample", help="sample verified tasks from an environment's tool graph")
    p.add_argument("--env", required=True, type=env_id_or_folder,
                   help="env id, e.g. EnvFactory/retail-v0, or an environment folder")
    p.add_argument("-n", type=positive_int, default=500, help="number of tasks")
    p.add_argument("--seed", type=non_negative_int, default=0)
    p.add_argument("-o", "--output", type=output_file, help="JSONL file to write")
    p.add_argument("--into", type=_into_folder,
                   help="append the new tasks to this environment folder's tasks.jsonl (atomically, no duplicates)")
    p.add_argument("--min-calls", type=positive_int, default=1, help="fewest tool calls in a task's gold chain")
    p.add_argument("--max-calls", type=positive_int, default=6, help="most tool calls in a task's gold chain")
    p.add_argument("--write-ratio", type=fraction, default=0.6, help="share of tasks whose target tool writes")
    p.add_argument("--multi-goal", type=fraction, default=0.3,
                   help="share of tasks asking for several changes in one request (at most --write-ratio)")
    p.add_argument("--tools", nargs="*", help="only these target tools")
    p.add_argument("--refiner", choices=("offline", "llm"), default="offline",
                   help="rewrite requests with rules (offline) or an OpenAI-compatible model (llm)")
    p.add_argument("--base-url", help="OpenAI-compatible endpoint for --refiner llm, e.g. http://localhost:8000/v1")
    p.add_argument("--model", help="model name for --refiner llm")
    p.add_argument("--timeout", type=positive_float, default=60.0, help="seconds per LLM request")
    p.set_defaults(func=cmd_sample)
    p = tsub.add_parser("report", help="quality report of a task file (oracle replay, coverage, leaks)")
    p.add_argument("--env", required=True, type=known_env_id, help="env id, e.g. EnvFactory/retail-v0")
    p.add_argument("--tasks", required=True)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-replay", action="store_true", help="skip the oracle replay")
    p.set_defaults(func=cmd_report)
    for name, what in (("export-sft", "oracle conversations (OpenAI chat format) for SFT"),):
        p = tsub.add_parser(name, help=f"write {what} as JSONL")
        p.add_argument("--env", required=True, type=known_env_id, help="env id, e.g. EnvFactory/retail-v0")
        p.add_argument("--tasks", required=True, help="JSONL task file")
        p.add_argument("-o", "--output", required=True, type=output_file, help="JSONL file to write")
        p.add_argument("--prompt", choices=("full", "compact"), default="full",
                       help="the env's system prompt in the records (compact for small context budgets)")
        if name == "export-sft":
            p.add_argument("--plan", action="store_true",
                           help="the oracle names its tool chain in its first turn ('Plan: a, b, c.')")
        p.set_defaults(func=cmd_export)
    from envfactory_gym.integrations.export import add_arguments as add_export_rl

    add_export_rl(tsub.add_parser("export-rl", help="write RL task rows: QueryGen's records (plain) or a trainer's "
                                                    "dataset rows (verl, skyrl, verifiers, openrlhf)"))
    p = subparsers.add_parser("graph", help="the tool graph of an environment")
    p.add_argument("env_id", type=known_env_id, help="env id, e.g. EnvFactory/retail-v0")
    p.add_argument("--json", type=output_file, help="write the node-link JSON here")
    p.add_argument("--graphml", type=output_file, help="write GraphML here")
    p.add_argument("--png", type=output_file, help="draw the tool-level graph here (needs matplotlib)")
    p.set_defaults(func=cmd_graph)
