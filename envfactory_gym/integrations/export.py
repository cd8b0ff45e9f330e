"""Task rows for every trainer from one exporter: ``envfactory tasks export-rl --format verl|skyrl|verifiers|openrlhf``."""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym

from envfactory_gym.conversation import conversation_env
from envfactory_gym.errors import ConfigError, suggest
from envfactory_gym.integrations.core import TaskRef, function_tools

#: ``plain`` is QueryGen's RL record (prompt, gold calls); the others are the trainers' dataset rows.
FORMATS = ("plain", "verl", "skyrl", "verifiers", "openrlhf")
#: The file type each format is written as when ``-o`` has no telling suffix (verl reads parquet).
DEFAULT_SUFFIX = {"plain": ".jsonl", "verl": ".parquet", "skyrl": ".parquet", "verifiers": ".jsonl",
                  "openrlhf": ".jsonl"}


def check_format(name: str) -> str:
    """``name`` if it is a known format, else a one-line :class:`ConfigError` naming the nearest."""
    if name not in FORMATS:
        raise ConfigError(f"--format: unknown format {name!r}.{suggest(name, FORMATS)} Formats: {', '.join(FORMATS)}")
    return name


def task_rows(env_ids: Sequence[str] | str, fmt: str, *, task_ids: Sequence[str] | None = None,
              tasks_files: Sequence[str | os.PathLike[str] | None] | None = None, limit: int | None = None,
              prompt: str = "full") -> list[dict[str, Any]]:
    """The dataset rows of ``fmt`` for the tasks of ``env_ids`` (all of each env's tasks, or those in
    ``task_ids``; at most ``limit`` per env), in env order.

    ``tasks_files`` (one per env, or one for all) replaces an env's own tasks; the rows then carry
    ``env_kwargs: {"tasks": <file>}`` so each adapter opens the same tasks. Every row names its ``env_id`` and
    ``task_id`` where its trainer routes from (top level, ``extra_info``, ``info`` or ``label``).
    """
    from envfactory_gym.registration import resolve_env_id

    check_format(fmt)
    ids = [env_ids] if isinstance(env_ids, str) else list(env_ids)
    if not ids:
        raise ConfigError("--env: give at least one env id, e.g. EnvFactory/retail-v0")
    files = list(tasks_files or [])
    if len(files) not in (0, 1, len(ids)):
        raise ConfigError(f"--tasks: give one task file per --env ({len(ids)}), or one for all; got {len(files)}")
    files = files * len(ids) if len(files) == 1 else (files or [None] * len(ids))
    rows: list[dict[str, Any]] = []
    wanted = set(task_ids) if task_ids else None
    for raw, tasks_file in zip(ids, files, strict=True):
        env_id = resolve_env_id(raw)
        kwargs = {"tasks": str(Path(tasks_file).resolve())} if tasks_file else {}
        if fmt == "plain":
            rows += _plain_rows(env_id, tasks_file, prompt, wanted, limit)
        else:
            rows += _env_rows(env_id, fmt, kwargs, prompt, wanted, limit, start=len(rows))
    if wanted is not None:
        missing = sorted(wanted - {r.get("task_id") or _routed_task(r) for r in rows})
        if missing:
            raise ConfigError(f"--task-id: no env given has task {missing[0]!r}")
    return rows


def _routed_task(row: dict[str, Any]) -> str | None:
    from envfactory_gym.integrations.core import route

    return route(row).task_id


def _plain_rows(env_id: str, tasks_file: Any, prompt: str, wanted: set[str] | None,
                limit: int | None) -> list[dict[str, Any]]:
    from envfactory_gym.querygen.export import rl_records
    from envfactory_gym.registration import get_package

    records = rl_records(env_id, tasks_file or get_package(env_id).path / "tasks.jsonl", prompt)
    records = [r for r in records if wanted is None or r["task_id"] in wanted]
    return records[:limit] if limit else records


def _env_rows(env_id: str, fmt: str, kwargs: dict[str, Any], prompt: str, wanted: set[str] | None,
              limit: int | None, start: int) -> list[dict[str, Any]]:
    in_system = fmt == "skyrl"  # SkyRL renders the chat without tool schemas: the system prompt lists the tools
    env = gym.make(env_id, tools_in_system=in_system, prompt=prompt, **kwargs)
    try:
        u = conversation_env(env)
        tasks = [t.id for t in u.tasks if wanted is None or t.id in wanted]
        tasks = tasks[:limit] if limit else tasks
        tools = [dict(s) for s in u.tool_schemas]
        rows = []
        for i, task_id in enumerate(tasks):
            obs, _ = env.reset(seed=0, options={"task_id": task_id})
            ref = TaskRef(env_id, task_id, dict(kwargs))
            messages = [{"role": m["role"], "content": m["content"]} for m in obs[:2]]
            rows.append(_ROW[fmt](ref, messages, tools, start + i))
        return rows
    finally:
        env.close()


def _verl(ref: TaskRef, messages: list[dict[str, Any]], tools: list[dict[str, Any]], index: int) -> dict[str, Any]:
    from envfactory_gym.integrations.verl import AGENT_NAME

    extra = {**ref.to_row(), "index": index}
    if "env_kwargs" in extra:
        extra["env_kwargs"] = json.dumps(extra["env_kwargs"])  # one parquet type for every row
    return {"data_source": ref.env_id, "agent_name": AGENT_NAME, "prompt": messages, "ability": "tool_use",
            "reward_model": {"style": "env", "ground_truth": ref.task_id}, "extra_info": extra}


def _skyrl(ref: TaskRef, messages: list[dict[str, Any]], tools: list[dict[str, Any]], index: int) -> dict[str, Any]:
    from envfactory_gym.integrations.skyrl import ENV_CLASS

    row = {"prompt": messages, "env_class": ENV_CLASS, "data_source": ref.env_id, **ref.to_row()}
    if "env_kwargs" in row:
        row["env_kwargs"] = json.dumps(row["env_kwargs"])
    return row


def _verifiers(ref: TaskRef, messages: list[dict[str, Any]], tools: list[dict[str, Any]],
               index: int) -> dict[str, Any]:
    info = {**ref.to_row(), "tool_defs": function_tools(tools)}
    return {"prompt": messages, "answer": "", "task": ref.env_id, "info": info}


def _openrlhf(ref: TaskRef, messages: list[dict[str, Any]], tools: list[dict[str, Any]],
              index: int) -> dict[str, Any]:
    return {"prompt": messages, "label": json.dumps(ref.to_row()), "datasource": ref.env_id}


_ROW = {"verl": _verl, "skyrl": _skyrl, "verifiers": _verifiers, "openrlhf": _openrlhf}


def write_rows(rows: list[dict[str, Any]], out: str | os.PathLike[str]) -> Path:
    """Write rows atomically (a temp file beside ``out``, then ``os.replace``): parquet for ``.parquet``, else
    JSONL. Returns the path written."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent)
    try:
        if out.suffix == ".parquet":
            os.close(fd)
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.Table.from_pylist(rows), tmp)
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in rows)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


def export_rl(env_ids: Sequence[str] | str, out: str | os.PathLike[str], fmt: str = "plain", **kwargs: Any) -> int:
    """Write ``fmt`` rows for ``env_ids`` to ``out`` (see :func:`task_rows` for the keywords); return the count."""
    rows = task_rows(env_ids, fmt, **kwargs)
    write_rows(rows, out)
    return len(rows)


def cmd_export_rl(args: argparse.Namespace) -> int:
    """``envfactory tasks export-rl``."""
    out = Path(args.output)
    if fmt_suffix := (DEFAULT_SUFFIX[args.format] if out.suffix not in (".jsonl", ".json", ".parquet") else ""):
        out = out.with_name(out.name + fmt_suffix)
    n = export_rl(args.env, out, args.format, task_ids=args.task_id or None, tasks_files=args.tasks or None,
                  limit=args.limit, prompt=args.prompt)
    envs = len(args.env)
    print(f"wrote {n} {args.format} rows from {envs} environment{'s' if envs > 1 else ''} to {out}")
    return 0


def _format_arg(text: str) -> str:
    try:
        return check_format(text)
    except ConfigError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--format: ")) from None


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``tasks export-rl`` (a superset of QueryGen's: its calls keep working unchanged)."""
    from envfactory_gym.cli_types import known_env_id, output_file, positive_int

    p.add_argument("--env", required=True, action="extend", nargs="+", type=known_env_id,
                   help="env id(s), e.g. EnvFactory/retail-v0 (repeat or list several for a mixed dataset)")
    p.add_argument("--tasks", action="extend", nargs="+",
                   help="JSONL task file(s) instead of the envs' own tasks: one per --env, or one for all")
    p.add_argument("-o", "--output", required=True, type=output_file,
                   help="file to write: .parquet or .jsonl (default by format: parquet for verl/skyrl)")
    p.add_argument("--format", type=_format_arg, default="plain", metavar="{" + ",".join(FORMATS) + "}",
                   help="plain: QueryGen's RL records (prompt, gold calls); or a trainer's dataset rows")
    p.add_argument("--task-id", action="extend", nargs="+", help="only these task ids")
    p.add_argument("--limit", type=positive_int, help="at most this many tasks per environment")
    p.add_argument("--prompt", choices=("full", "compact"), default="full",
                   help="the env's system prompt in the rows (compact for small context budgets)")
    p.set_defaults(func=cmd_export_rl)
