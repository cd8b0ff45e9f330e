"""The ``verify`` command (``register(subparsers)``): run the gate on environment folders."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from envfactory_gym.errors import UsageError


def register(subparsers: Any) -> None:
    """Add ``verify`` to the ``envfactory`` command line."""
    from envfactory_gym.verify.gate import ALL_CHECKS

    p = subparsers.add_parser("verify", help="run the verification gate on environment folders and write "
                                             "verification.json")
    p.add_argument("folders", nargs="*", help="environment folders")
    p.add_argument("--all", action="store_true", help="every folder under the shipped environments and "
                                                      "$ENVFACTORY_ENV_PATH")
    p.add_argument("--json", help="also write the record(s) to this file (one JSON list)")
    p.add_argument("--checks", help=f"comma-separated subset (a partial run writes no record): {', '.join(ALL_CHECKS)}")
    p.add_argument("--no-write", action="store_true", help="do not write verification.json into the folder")
    p.add_argument("--quiet", action="store_true", help="one line per folder")
    p.set_defaults(func=cmd_verify)


def _folders(args: argparse.Namespace) -> list[Path]:
    import os

    from envfactory_gym.registration import ENV_PATH_VAR, discover, shipped_envs_dir

    folders = [Path(f) for f in args.folders]
    for f in folders:
        if not f.is_dir():
            raise UsageError(f"verify: {str(f)!r} is not a folder")
        if not (f / "manifest.json").is_file():
            raise UsageError(f"verify: {str(f)!r} has no manifest.json (not an environment folder)")
    if args.all:
        roots: list[str | Path] = [shipped_envs_dir(), *[p for p in os.environ.get(ENV_PATH_VAR, "").split(os.pathsep) if p]]
        for root in roots:
            folders.extend(discover(root))
    if not folders:
        raise UsageError("verify: give environment folders, or --all")
    return list(dict.fromkeys(f.resolve() for f in folders))


def cmd_verify(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape

    from envfactory_gym.tasks import atomic_write_text
    from envfactory_gym.verify.gate import ALL_CHECKS, verify

    console = Console(soft_wrap=True)
    wanted = None
    if args.checks:
        wanted = [c.strip() for c in args.checks.split(",") if c.strip()]
        for c in wanted:
            if c not in ALL_CHECKS:
                from envfactory_gym.errors import UnknownCheckError, suggest

                raise UnknownCheckError(c, ALL_CHECKS, f"--checks: unknown check {c!r}.{suggest(c, ALL_CHECKS)} "
                                                       f"Checks: {', '.join(ALL_CHECKS)}")
    folders = _folders(args)
    if wanted is None or "tests" in wanted:  # checked before any work: the tests check runs pytest under coverage
        from envfactory_gym.extras import require_extra

        require_extra("verify", "the verification gate (its tests check)")
    records = []
    failed = 0
    for folder in folders:
        progress = None if args.quiet else (lambda msg, f=folder: console.print(f"[dim]{f.name}: {msg}[/dim]"))
        record = verify(folder, checks_to_run=wanted, write=not args.no_write and wanted is None,
                        progress=progress)
        records.append(record)
        if not args.quiet:
            for c in record.checks:
                mark = "[green]pass[/green]" if c.passed else "[red]FAIL[/red]"
                where = f" ({c.file})" if c.file and not c.passed else ""
                console.print(f"  {mark} {c.name:<10} {c.seconds:6.1f} s  {escape(c.reason)}{escape(where)}")
        ok = record.passed or (wanted is not None and all(c.passed for c in record.checks))
        failed += not ok
        verdict = "[green]verified[/green]" if ok else "[red]rejected[/red]"
        fails = "; ".join(f"{c.name}: {c.reason}" for c in record.failures())
        console.print(f"{verdict} {record.env_id} ({folder}){escape(': ' + fails) if fails else ''}")
    if args.json:
        atomic_write_text(Path(args.json), json.dumps([r.model_dump() for r in records], indent=2) + "\n")
    return 1 if failed else 0
