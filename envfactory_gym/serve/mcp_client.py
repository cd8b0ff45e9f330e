"""The MCP client side: read any MCP server's tools with the official client (``envgen`` reads MCP listings so)."""

from __future__ import annotations

import asyncio
import shlex
import tempfile
import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import anyio
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from envfactory_gym.errors import EnvFactoryError, ServerError, UsageError


def list_server_tools(command: Sequence[str], *, timeout_s: float = 30.0,
                      env: Mapping[str, str] | None = None) -> list[dict]:
    """Start the MCP server ``command`` (over stdio, with the official client) and list its tools, every page.

    Each tool is ``{"name", "description", "inputSchema"}``. ``env`` adds environment variables for the
    server on top of the MCP SDK's minimal inherited set (``HOME``, ``PATH``, ...). The server is stopped
    before returning.

    Raises:
        EnvFactoryError: one line naming the command and the problem: the command is empty or not found,
            the server exited or broke the protocol, or it did not answer within ``timeout_s`` seconds.
    """
    argv = [str(part) for part in command]
    shown = shlex.join(argv) if argv else "''"
    if not argv or not argv[0].strip():
        raise UsageError("list_server_tools: the command is empty")
    if not timeout_s > 0:
        raise UsageError(f"list_server_tools: timeout_s must be positive, got {timeout_s!r}")
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=dict(env) if env else None)
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            return _run_sync(lambda: _list_tools(params, errlog, timeout_s))
        except EnvFactoryError:
            raise
        except TimeoutError:
            raise ServerError(f"MCP server {shown}: no answer within {timeout_s:g} s") from None
        except FileNotFoundError:
            raise ServerError(f"MCP server {shown}: command not found: {argv[0]}") from None
        except OSError as exc:
            raise ServerError(f"MCP server {shown}: cannot start it: {exc.strerror or exc}") from None
        except BaseException as exc:  # noqa: B036 - an ExceptionGroup from the client's task group included
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
            raise ServerError(f"MCP server {shown}: {_problem(exc, errlog)}") from None


async def _list_tools(params: StdioServerParameters, errlog: Any, timeout_s: float) -> list[dict]:
    tools: list[dict] = []
    with anyio.fail_after(timeout_s):
        async with Client(stdio_client(params, errlog=errlog), mode="auto", cache=None) as client:
            cursor: str | None = None
            seen: set[str] = set()
            while True:
                page = await client.list_tools(cursor=cursor)
                for tool in page.tools:
                    tools.append({"name": tool.name, "description": tool.description or "",
                                  "inputSchema": tool.input_schema})
                cursor = page.next_cursor
                if not cursor:
                    break
                if cursor in seen:
                    raise ServerError(f"the server repeated the page cursor {cursor!r} of tools/list")
                seen.add(cursor)
    return tools


def _problem(exc: BaseException, errlog: Any) -> str:
    """One line for a failed listing: the innermost error, and the server's last stderr line if it left one."""
    inner = getattr(exc, "exceptions", None)
    while isinstance(inner, (list, tuple)) and inner:  # an ExceptionGroup: its first error
        exc = inner[0]
        inner = getattr(exc, "exceptions", None)
    if isinstance(exc, TimeoutError):
        return "no answer in time"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    try:
        errlog.flush()
        errlog.seek(0)
        lines = [line.strip() for line in errlog.read().splitlines() if line.strip()]
    except (OSError, ValueError):
        lines = []
    tail = f" (server stderr: {lines[-1][:300]})" if lines else ""
    return f"the server stopped or broke the protocol: {text[:300]}{tail}"


def _run_sync(fn: Callable[[], Awaitable[Any]]) -> Any:
    """Run an async function to completion from sync code, in a fresh thread when a loop already runs here."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return anyio.run(fn)
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = anyio.run(fn)
        except BaseException as exc:  # noqa: B036 - re-raised in the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=target, name="envfactory-list-server-tools")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["value"]
