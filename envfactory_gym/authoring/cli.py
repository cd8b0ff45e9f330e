"""The ``new`` command (``register(subparsers)``): start an environment from the authoring kit's skeleton."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    """Add ``new`` to the ``envfactory`` command line."""
    p = subparsers.add_parser("new", help="write a skeleton environment folder to start from (see docs/authoring.md)")
    p.add_argument("name", help="environment name: lowercase letters, digits, underscores (the id is EnvFactory/NAME-v0)")
    p.add_argument("--domain", required=True, help="the domain, e.g. healthcare")
    p.add_argument("--dir", default=".", help="parent folder (default: the current folder)")
    p.set_defaults(func=cmd_new)


def cmd_new(args: argparse.Namespace) -> int:
    from envfactory_gym.authoring.skeleton import new_environment

    folder = new_environment(args.name, args.domain, args.dir)
    print(f"wrote {folder}\nnext: edit schema.sql, seed/generate.py, tools.py and policy.md; then\n"
          f"  python {folder}/seed/generate.py\n"
          f"  envfactory tasks sample --env {folder} -n 60 --into {folder}\n"
          f"  python -m pytest -q {folder}/tests\n"
          f"  envfactory verify {folder}\n"
          f"(the tests and the gate need pytest and coverage: pip install \"envfactory-gym[verify]\"; "
          f"docs/authoring.md walks through each step)")
    return 0
