"""The ``compose`` command (``register(subparsers)``): build a composite environment folder from its members."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from envfactory_gym.errors import UsageError


def register(subparsers: Any) -> None:
    """Add ``compose`` to the ``envfactory`` command line."""
    p = subparsers.add_parser("compose", help="build a composite environment (several catalog environments, one "
                                              "conversation) from the composite.json in FOLDER")
    p.add_argument("folder", help="the composite's folder, holding composite.json (and overlay/, policy.md, tasks)")
    p.set_defaults(func=cmd_compose)


def cmd_compose(args: argparse.Namespace) -> int:
    from envfactory_gym.composite.build import compose

    folder = Path(args.folder)
    if not folder.is_dir():
        raise UsageError(f"folder: {args.folder!r} is not a directory")
    found = compose(folder)
    shifts = ", ".join(f"{k} {v:+d} days" for k, v in found["day_shift"].items())
    print(f"composed {folder}: {found['tables']} tables, {found['rows']:,} rows (dates moved: {shifts})")
    print(f"next: envfactory verify {folder}")
    return 0
