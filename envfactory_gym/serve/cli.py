"""The ``serve`` command (``register(subparsers)``): an environment as an MCP server over stdio or HTTP."""

from __future__ import annotations

import argparse
from typing import Any

from envfactory_gym.cli_types import known_env_id, non_negative_int, positive_float, positive_int


def tcp_port(text: str) -> int:
    """A TCP port from 0 (any free port) to 65535."""
    value = non_negative_int(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text!r}")
    return value


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``envfactory`` command line."""
    from envfactory_gym.serve.sessions import DEFAULT_IDLE_TIMEOUT_S, DEFAULT_MAX_SESSIONS

    p = subparsers.add_parser(
        "serve", help="serve an environment as an MCP server: its tools plus episode_start / episode_say / "
                      "episode_finish, one isolated environment per MCP session (see docs/serve.md)")
    add_arguments(p, known_env_id, DEFAULT_MAX_SESSIONS, DEFAULT_IDLE_TIMEOUT_S)
    p.set_defaults(func=cmd_serve)


def add_arguments(p: argparse.ArgumentParser, env_type: Any, max_sessions: int, idle_timeout_s: float) -> None:
    """The ``serve`` arguments (shared with ``python -m envfactory_gym.serve``)."""
    p.add_argument("env_id", type=env_type, help="env id, e.g. EnvFactory/retail-v0 or retail-v0")
    p.add_argument("--transport", choices=("stdio", "http"), default="stdio",
                   help="stdio: one client on stdin/stdout (default); http: streamable HTTP at /mcp")
    p.add_argument("--host", default="127.0.0.1", help="HTTP address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=tcp_port, default=8000, help="HTTP port (default 8000; 0: any free port)")
    p.add_argument("--max-sessions", type=positive_int, default=max_sessions,
                   help=f"sessions holding an environment at once; more are refused (default {max_sessions})")
    p.add_argument("--idle-timeout", type=positive_float, default=idle_timeout_s, metavar="S",
                   help=f"release a session's environment after S seconds without a request "
                        f"(default {idle_timeout_s:g})")
    p.add_argument("--storage", choices=("rows", "copy"), default="rows",
                   help="how each session's environment keeps its writes: rows (default: only the rows it changed, "
                        "the least memory per session) or copy (a copy of each table it writes, faster reads)")


def cmd_serve(args: argparse.Namespace) -> int:
    from envfactory_gym.errors import MissingDependencyError

    try:
        from envfactory_gym.serve.mcp_protocol import serve_main
    except ImportError as exc:
        raise MissingDependencyError(f"serve needs the MCP SDK ({exc.name or exc}): pip install 'envfactory-gym[mcp]'",
                                     package=exc.name or "mcp", extra="mcp") from None

    return serve_main(args.env_id, transport=args.transport, host=args.host, port=args.port,
                      max_sessions=args.max_sessions, idle_timeout_s=args.idle_timeout, storage=args.storage)
