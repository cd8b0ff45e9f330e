"""The ``compile`` command (``register(subparsers)``): an OpenAPI or SQL specification to an environment, no model."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from envfactory_gym.cli_types import positive_int
from envfactory_gym.errors import UsageError


def register(subparsers: Any) -> None:
    """Add ``compile`` to the ``envfactory`` command line."""
    p = subparsers.add_parser("compile", help="compile an OpenAPI 3 or SQL specification into an environment folder "
                                              "(deterministic, no model; see docs/envgen.md)")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--openapi", help="an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML; Swagger 2.0 "
                                       "needs Node.js and swagger2openapi)")
    src.add_argument("--schema", help="a SQL file of CREATE TABLE statements")
    p.add_argument("--rows", help="with --schema: a folder of <table>.csv sample rows")
    p.add_argument("--name", help="environment name (default: the specification's x-name, else its title as "
                                  "lowercase_words without a trailing 'api'; for --schema the file's name, or its "
                                  "folder's when the file is schema.sql)")
    p.add_argument("--domain", help="domain (default: the specification's x-domain, else 'general')")
    p.add_argument("--out", help="the environment folder to write (must not exist; default: ./NAME)")
    p.add_argument("--tasks", type=positive_int, default=60, help="QueryGen tasks sampled into tasks.jsonl")
    p.add_argument("--force", action="store_true", help="replace an existing --out folder")
    p.add_argument("--max-tables", type=positive_int, default=None,
                   help="most tables: a larger specification is cut to a connected subset (default 8)")
    p.add_argument("--max-tools", type=positive_int, default=None, help="most tools (default 24)")
    p.add_argument("--focus", default=None, metavar="RESOURCES",
                   help="comma-separated resources a large specification's subset is built around (schema or "
                        "table names, e.g. 'issue,issue-comment,label'); default: the resources with the most writes")
    p.add_argument("--verify", action="store_true", help="run the gate (envfactory verify) on the result")
    p.set_defaults(func=cmd_compile)


def cmd_compile(args: argparse.Namespace) -> int:
    from envfactory_gym.envgen.compile import compile_digest, read_openapi, read_sql

    if args.rows and not args.schema:
        raise UsageError("--rows: only with --schema")
    from envfactory_gym.extras import require_extra

    require_extra("author", "envfactory compile (seed data and nouns)")
    if args.verify:
        require_extra("verify", "--verify (the verification gate)")
    start = time.monotonic()
    digest = read_openapi(args.openapi) if args.openapi else read_sql(args.schema, args.rows)
    folder = compile_digest(digest, args.out, name=args.name, domain=args.domain, tasks=args.tasks,
                            force=args.force, max_tables=args.max_tables, max_tools=args.max_tools,
                            focus=[f.strip() for f in args.focus.split(",") if f.strip()] if args.focus else None)
    report = json.loads((Path(folder) / "report.json").read_text(encoding="utf-8"))
    print(f"wrote {folder} ({len(report['tables'])} tables, {len(report['tools'])} tools; "
          f"{len(report['skipped'])} operations skipped, {len(report['left_out'])} left out: see "
          f"{Path(folder) / 'report.md'}) in {time.monotonic() - start:.1f} s")
    if not args.verify:
        print(f"next: envfactory verify {folder}")
        return 0
    from envfactory_gym.verify.gate import verify

    record = verify(Path(folder))
    for c in record.checks:
        print(f"  {'pass' if c.passed else 'FAIL'} {c.name:<10} {c.seconds:6.1f} s  {c.reason}")
    print(f"{'verified' if record.passed else 'rejected'} {record.env_id} ({folder})")
    return 0 if record.passed else 1
