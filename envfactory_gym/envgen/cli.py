"""The ``generate`` command (``register(subparsers)``): resources in, verified environments out."""

from __future__ import annotations

import argparse
import os
import threading
from pathlib import Path
from typing import Any

from envfactory_gym.errors import ResourceError, UsageError


def register(subparsers: Any) -> None:
    """Add ``generate`` to the ``envfactory`` command line."""
    from envfactory_gym.cli_types import non_negative_float, non_negative_int, output_dir, positive_float, positive_int

    p = subparsers.add_parser("generate", help="generate verified environments from authentic resources with a model "
                                               "(EnvGen)")
    src = p.add_argument_group("what to generate (one environment, or --batch)")
    src.add_argument("--resources", help="a documentation folder or page, an OpenAPI file, a .sql schema, a URL, or "
                                         "mcp:COMMAND ARGS... (an MCP server)")
    src.add_argument("--name", help="the environment's name (lowercase letters, digits, underscores)")
    src.add_argument("--domain", help="the environment's domain, e.g. 'permits'")
    src.add_argument("--batch", help="a JSONL, CSV or YAML list of {resources, name, domain}")
    m = p.add_argument_group("the model")
    m.add_argument("--base-url", required=True, help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    m.add_argument("--model", required=True, help="the model name the endpoint serves")
    m.add_argument("--api-key", default=None, help="default: $OPENAI_API_KEY, else 'EMPTY'")
    m.add_argument("--seed", type=non_negative_int, default=0, help="the requests' seed (temperature is 0)")
    m.add_argument("--max-tokens", type=positive_int, default=None, help="the completion limit per request")
    m.add_argument("--timeout-s", type=positive_float, default=600.0, help="seconds per connect or read of a request")
    m.add_argument("--max-retries", type=non_negative_int, default=3,
                   help="retries of a request after a timeout, connection error or HTTP 5xx (never after another 4xx)")
    m.add_argument("--parse-retries", type=non_negative_int, default=2,
                   help="how often a malformed answer is asked again, per stage request")
    r = p.add_argument_group("the run")
    r.add_argument("--out", required=True, type=output_dir, help="where verified environments land (one folder each)")
    r.add_argument("--run-dir", required=True, type=output_dir,
                   help="the run folder: every stage's result (rerun to resume), rejected candidates, the report")
    r.add_argument("--concurrency", type=positive_int, default=1, help="environments generated at once")
    r.add_argument("--max-repairs", type=non_negative_int, default=3, help="repair rounds after a failed verification")
    r.add_argument("--tasks", type=positive_int, default=60, help="QueryGen tasks sampled into each environment")
    r.add_argument("--price-in", type=non_negative_float, default=0.0, help="USD per million prompt tokens")
    r.add_argument("--price-out", type=non_negative_float, default=0.0, help="USD per million completion tokens")
    r.add_argument("--sandbox-cpu-s", type=positive_int, default=300, help="CPU seconds per sandboxed child")
    r.add_argument("--sandbox-wall-s", type=positive_float, default=600.0, help="wall seconds per sandboxed child")
    r.add_argument("--sandbox-memory-mb", type=positive_int, default=4096, help="memory per sandboxed child")
    r.add_argument("--quiet", action="store_true", help="no progress bars; one line per environment")
    p.set_defaults(func=cmd_generate)


def _specs(args: argparse.Namespace) -> list[Any]:
    from envfactory_gym.envgen.pipeline import EnvSpec, read_batch

    single = [k for k in ("resources", "name", "domain") if getattr(args, k)]
    if args.batch:
        if single:
            raise UsageError(f"--batch lists the environments: drop --{single[0]}")
        return read_batch(args.batch)
    missing = [f"--{k}" for k in ("resources", "name", "domain") if not getattr(args, k)]
    if missing:
        raise UsageError(f"generate: give {', '.join(missing)} (or --batch FILE)")
    _check_local_resource(args.resources)
    return [EnvSpec(resources=args.resources, name=args.name, domain=args.domain)]


def _check_local_resource(text: str) -> None:
    """A local ``--resources`` path must exist (a URL or ``mcp:`` command is checked when read)."""
    from envfactory_gym.errors import suggest

    if text.startswith(("mcp:", "http://", "https://")):
        return
    path = Path(text).expanduser()
    if not path.exists():
        siblings = [c.name for c in path.parent.iterdir()] if path.parent.is_dir() else []
        raise ResourceError(f"--resources {text!r}: no such file or folder{suggest(path.name, siblings)}")


class _Bars:
    """Rich progress bars: one per stage, counting the environments (and rounds) through it, and the tokens."""

    def __init__(self, model: Any) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        from envfactory_gym.envgen.stages import STAGES

        self.model = model
        self.progress = Progress(TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), transient=False)
        self.tasks = {s: self.progress.add_task(s, total=0) for s in STAGES}
        self.fails = dict.fromkeys(STAGES, 0)
        self.tokens = self.progress.add_task("tokens", total=None)
        self.lock = threading.Lock()

    def __call__(self, env: str, stage: str, round_: int, event: str) -> None:
        with self.lock:
            task = self.tasks[stage]
            if event in ("start", "reused"):
                self.progress.update(task, total=(self.progress.tasks[task].total or 0) + 1)
            if event in ("pass", "fail", "reused"):
                self.fails[stage] += event == "fail"
                failed = f" ({self.fails[stage]} failed)" if self.fails[stage] else ""
                self.progress.update(task, advance=1, description=f"{stage}{failed}")
            t = self.model.totals()
            self.progress.update(self.tokens, description=f"tokens {t['prompt_tokens']:,} in / "
                                                          f"{t['completion_tokens']:,} out")


def cmd_generate(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape

    from envfactory_gym.envgen.model import ModelConfig, StageModel
    from envfactory_gym.envgen.pipeline import GenerateConfig, generate_batch
    from envfactory_gym.extras import require_extra
    from envfactory_gym.verify.sandbox import Limits

    require_extra("verify", "generate (its verify stage runs the gate)")
    specs = _specs(args)
    model_config = ModelConfig(base_url=args.base_url, model=args.model,
                               api_key=args.api_key or os.environ.get("OPENAI_API_KEY"), timeout_s=args.timeout_s,
                               max_retries=args.max_retries, seed=args.seed, max_tokens=args.max_tokens,
                               concurrency=max(1, args.concurrency) * 2)
    config = GenerateConfig(out=Path(args.out), run_dir=Path(args.run_dir), model=model_config,
                            max_repairs=args.max_repairs, concurrency=args.concurrency,
                            parse_retries=args.parse_retries, tasks=args.tasks,
                            limits=Limits(cpu_s=args.sandbox_cpu_s, memory_mb=args.sandbox_memory_mb,
                                          wall_s=args.sandbox_wall_s),
                            price_in=args.price_in, price_out=args.price_out)
    console = Console(soft_wrap=True)
    model = StageModel(model_config)
    if args.quiet:
        result = generate_batch(specs, config, model=model)
    else:
        bars = _Bars(model)
        with bars.progress:
            result = generate_batch(specs, config, model=model, progress=bars)
    for o in result.outcomes:
        if o.status == "landed":
            console.print(f"[green]landed[/green] {o.name}: {escape(str(o.folder))} (repair rounds: {o.repair_rounds})")
        else:
            colour = "red" if o.status == "rejected" else "yellow"
            console.print(f"[{colour}]{o.status}[/{colour}] {o.name}: {escape('; '.join(o.reasons)[:600])}")
    console.print(f"report: {escape(str(result.report_md))}")
    return 0 if len(result.landed) == len(result.outcomes) else 1
