"""``python -m envfactory_gym.serve <env-id> ...``: the ``envfactory serve`` command on its own."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from envfactory_gym.cli_types import ArgumentParser, error_line, known_env_id
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.serve.cli import add_arguments, cmd_serve
from envfactory_gym.serve.sessions import DEFAULT_IDLE_TIMEOUT_S, DEFAULT_MAX_SESSIONS


def main(argv: Sequence[str] | None = None) -> int:
    parser = ArgumentParser(prog="python -m envfactory_gym.serve",
                            description="Serve an environment as an MCP server (see docs/serve.md).")
    add_arguments(parser, known_env_id, DEFAULT_MAX_SESSIONS, DEFAULT_IDLE_TIMEOUT_S)
    args = parser.parse_args(argv)
    try:
        return cmd_serve(args)
    except EnvFactoryError as exc:
        Console(stderr=True, soft_wrap=True).print(error_line(parser.prog, escape(str(exc))), highlight=False)
        return 2


if __name__ == "__main__":
    sys.exit(main())
