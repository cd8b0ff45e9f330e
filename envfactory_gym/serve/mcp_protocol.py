"""The MCP side of envfactory: an environment as an MCP server (stdio or streamable HTTP), and an MCP tool reader."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any

import anyio
import gymnasium as gym
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

import envfactory_gym
from envfactory_gym.conversation import conversation_env
from envfactory_gym.errors import ServerError, UsageError
from envfactory_gym.registration import get_package, resolve_env_id
from envfactory_gym.serve.sessions import (
    CONTROL_TOOLS,
    DEFAULT_IDLE_TIMEOUT_S,
    DEFAULT_MAX_SESSIONS,
    FINISH_TOOL,
    SAY_TOOL,
    START_TOOL,
    EpisodeStateError,
    Outcome,
    SessionLimitError,
    SessionPool,
)

logger = logging.getLogger(__name__)

#: The session key of a stdio server: the process serves one client, which is its one session.
STDIO_SESSION = "stdio"
SESSION_HEADER = "mcp-session-id"
HTTP_PATH = "/mcp"

_CONTROL_SCHEMAS: dict[str, tuple[str, dict[str, Any]]] = {
    START_TOOL: (
        "Start an episode: one customer task, in this session's own copy of the environment (any episode in "
        "progress is dropped). Give task_id for a given task, or seed to draw one reproducibly; neither draws "
        "one at random. Returns the customer's opening message.",
        {"type": "object", "properties": {
            "task_id": {"type": "string", "description": "The task to play, e.g. \"retail-036\"."},
            "seed": {"type": "integer", "minimum": 0, "description": "Draw the task with this seed."}},
         "additionalProperties": False}),
    SAY_TOOL: (
        "Send a message to the customer and return their reply. Ask for what you need; a message that asks "
        "no question is your final answer and ends the episode (the result then carries the reward).",
        {"type": "object", "properties": {
            "message": {"type": "string", "description": "Your message to the customer (plain text)."}},
         "required": ["message"], "additionalProperties": False}),
    FINISH_TOOL: (
        "End the episode if it has not ended and return its reward with every component (trace, state, "
        "communicate, penalties). Ending it here is the gym action ###STOP###.",
        {"type": "object", "properties": {}, "additionalProperties": False}),
}


def check_tool_names(names: Sequence[str], env_id: str = "the environment") -> None:
    """Raise :class:`EnvFactoryError` when an environment tool would shadow one of the control tools."""
    clash = sorted(set(names) & set(CONTROL_TOOLS))
    if clash:
        raise ServerError(f"{env_id} has a tool named {clash[0]!r}, which is one of the MCP server's control "
                          f"tools ({', '.join(CONTROL_TOOLS)}): rename the tool to serve it over MCP")


def server_tools(env_id: str) -> list[types.Tool]:
    """The tools an environment's MCP server lists: the env's own (its agent schemas), then the control tools."""
    package = get_package(env_id)
    check_tool_names(list(package.tools), package.env_id)
    tools = []
    for tool in package.tools.values():
        fn = tool.openai_schema["function"]
        tools.append(types.Tool(name=fn["name"], description=fn["description"], input_schema=fn["parameters"],
                                annotations=types.ToolAnnotations(read_only_hint=not tool.writes)))
    for name, (description, schema) in _CONTROL_SCHEMAS.items():
        tools.append(types.Tool(name=name, description=description, input_schema=schema))
    return tools


def _control_arguments(name: str, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
    """Check a control tool's arguments against its schema; one-line error naming the argument."""
    args = dict(arguments or {})
    schema = _CONTROL_SCHEMAS[name][1]
    props = schema["properties"]
    for key in args:
        if key not in props:
            from envfactory_gym.errors import suggest

            raise EpisodeStateError(f"invalid arguments for {name!r}: unexpected argument {key!r}."
                                    f"{suggest(key, props)}".rstrip("."))
    for key in schema.get("required", []):
        if key not in args:
            raise EpisodeStateError(f"invalid arguments for {name!r}: missing required argument {key!r}")
    for key, value in args.items():
        kind = props[key]["type"]
        ok = (isinstance(value, str) if kind == "string"
              else isinstance(value, int) and not isinstance(value, bool) and value >= 0)
        if value is not None and not ok:
            want = "a string" if kind == "string" else "a non-negative integer"
            raise EpisodeStateError(f"invalid arguments for {name!r}: {key} must be {want}, got {value!r}")
    return args


def _result(outcome: Outcome) -> types.CallToolResult:
    content = [types.TextContent(text=outcome.text)]
    if outcome.note:
        content.append(types.TextContent(text=outcome.note))
    return types.CallToolResult(content=content, structured_content=outcome.structured, is_error=outcome.is_error)


def _session_key(ctx: ServerRequestContext[Any, Any]) -> str:
    request = ctx.request
    if request is None:  # stdio: the process is the session
        return STDIO_SESSION
    key = request.headers.get(SESSION_HEADER)
    if not key:
        raise EpisodeStateError("this request carries no Mcp-Session-Id: connect with the initialize handshake, "
                                "which opens a session")
    return key


def build_server(pool: SessionPool) -> Server[SessionPool]:
    """The low-level MCP server of ``pool``'s environment: list its tools, route calls to sessions' envs.

    The server's lifespan owns the pool: it sweeps idle sessions while serving and releases every session
    when the server stops.
    """
    tools = server_tools(pool.env_id)
    listing = types.ListToolsResult(tools=tools)
    probe = gym.make(pool.env_id, **pool.env_kwargs)
    try:
        instructions = conversation_env(probe).system_prompt
    finally:
        probe.close()

    @contextlib.asynccontextmanager
    async def lifespan(_server: Server[SessionPool]) -> AsyncIterator[SessionPool]:
        async with anyio.create_task_group() as tg:
            tg.start_soon(pool.run_sweeper)
            try:
                yield pool
            finally:
                tg.cancel_scope.cancel()
                with anyio.CancelScope(shield=True):
                    await pool.aclose()

    async def list_tools(ctx: ServerRequestContext[SessionPool, Any],
                         params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return listing

    async def call_tool(ctx: ServerRequestContext[SessionPool, Any],
                        params: types.CallToolRequestParams) -> types.CallToolResult:
        name = params.name
        try:
            key = _session_key(ctx)
            if name in CONTROL_TOOLS:
                args = _control_arguments(name, params.arguments)
                if name == START_TOOL:
                    outcome = await pool.start(key, task_id=args.get("task_id"), seed=args.get("seed"))
                elif name == SAY_TOOL:
                    outcome = await pool.say(key, args["message"])
                else:
                    outcome = await pool.finish(key)
            else:  # the env's own tools, and names it does not have: the gym answers both
                outcome = await pool.call(key, name, params.arguments)
        except (EpisodeStateError, SessionLimitError) as exc:
            outcome = Outcome(str(exc), is_error=True)
        except Exception as exc:  # an env bug must not take the server (or other sessions) down
            logger.exception("tool call %r failed", name)
            outcome = Outcome(f"Error: {name} failed on the server: {type(exc).__name__}: {str(exc)[:500]}",
                              is_error=True)
        return _result(outcome)

    return Server(f"envfactory {pool.env_id}", version=envfactory_gym.__version__,
                  title=f"{pool.env_id} (envfactory-gym)", instructions=instructions, lifespan=lifespan,
                  on_list_tools=list_tools, on_call_tool=call_tool)


# -- transports ----------------------------------------------------------------------------------


async def serve_stdio(pool: SessionPool) -> None:
    """Serve ``pool``'s environment to the one client on this process's stdin and stdout."""
    server = build_server(pool)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


class _SessionGate:
    """ASGI wrapper of the streamable HTTP app: every client gets a session, and a closed session's env goes.

    The stateless 2026-07-28 protocol has no session to own an environment, so its requests are answered
    with UNSUPPORTED_PROTOCOL_VERSION naming the handshake versions (an ``auto`` client then falls back to
    the initialize handshake). A ``DELETE`` that ends a session releases its env at once.
    """

    def __init__(self, app: ASGIApp, pool: SessionPool) -> None:
        self.app = app
        self.pool = pool

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        version = headers.get("mcp-protocol-version")
        if version in MODERN_PROTOCOL_VERSIONS:
            await _refuse_stateless(version, scope, receive, send)
            return
        await self.app(scope, receive, send)
        key = headers.get(SESSION_HEADER)
        if scope["method"] == "DELETE" and key:
            await self.pool.release(key, "the client closed the session")


async def _refuse_stateless(version: str, scope: Scope, receive: Receive, send: Send) -> None:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body") or len(body) > 1 << 20:
            break
    try:
        request_id = json.loads(body).get("id")
    except (ValueError, AttributeError):
        request_id = None
    error = {"code": types.UNSUPPORTED_PROTOCOL_VERSION,
             "message": "this server keeps one environment per MCP session, which the stateless protocol "
                        f"{version} does not have: connect with the initialize handshake",
             "data": {"supported": list(HANDSHAKE_PROTOCOL_VERSIONS), "requested": version}}
    await JSONResponse({"jsonrpc": "2.0", "id": request_id, "error": error}, status_code=400)(scope, receive, send)


def http_app(pool: SessionPool, *, host: str = "127.0.0.1") -> ASGIApp:
    """The streamable HTTP ASGI app (at ``/mcp``) serving ``pool``'s environment, one env per MCP session."""
    server = build_server(pool)
    app = server.streamable_http_app(
        streamable_http_path=HTTP_PATH, json_response=True, host=host,
        # The pool enforces the cap (with a message saying how to raise it); the transport's own limit
        # only bounds sessions that never start an episode.
        max_sessions=4 * pool.max_sessions + 64, session_idle_timeout=pool.idle_timeout_s)
    return _SessionGate(app, pool)


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: a free one), or a one-line error."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not the default 0: asyncio turns Nagle off (TCP_NODELAY) only on sockets that name TCP, and
    # with Nagle on, each response waits out the client's delayed ACK (about 40 ms a request).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise ServerError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


async def serve_http(pool: SessionPool, *, host: str = "127.0.0.1", port: int = 8000,
                     ready: Callable[[str], Awaitable[None] | None] | None = None) -> None:
    """Serve ``pool``'s environment over streamable HTTP until cancelled; ``ready(url)`` once listening."""
    import uvicorn

    sock = bind_socket(host, port)
    bound = sock.getsockname()[1]
    url = f"http://{host if ':' not in host else f'[{host}]'}:{bound}{HTTP_PATH}"
    config = uvicorn.Config(http_app(pool, host=host), log_level="warning", lifespan="on",
                            timeout_keep_alive=30, backlog=2048)
    server = uvicorn.Server(config)
    stopped = anyio.Event()
    # Stopping cuts the event streams of open sessions; uvicorn then logs each as an error. It is not one.
    quiet = _ShutdownFilter(server)
    logging.getLogger("uvicorn.error").addFilter(quiet)

    async def run() -> None:
        try:
            await server.serve([sock])
        finally:
            stopped.set()
            sock.close()
            logging.getLogger("uvicorn.error").removeFilter(quiet)

    async with anyio.create_task_group() as tg:
        tg.start_soon(run)
        while not server.started:
            if stopped.is_set():
                raise ServerError(f"the HTTP server on {host}:{bound} stopped while starting")
            await anyio.sleep(0.02)
        if ready is not None:
            result = ready(url)
            if result is not None:
                await result


class _ShutdownFilter(logging.Filter):
    """Drops uvicorn's "ASGI callable returned without completing response" once the server is stopping."""

    def __init__(self, server: Any) -> None:
        super().__init__()
        self.server = server

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self.server.should_exit and "without completing response" in record.getMessage())


def make_pool(env_id: str, *, max_sessions: int = DEFAULT_MAX_SESSIONS,
              idle_timeout_s: float = DEFAULT_IDLE_TIMEOUT_S, cap_hint: str = "--max-sessions",
              storage: str = "rows") -> SessionPool:
    """A session pool for a registered env (any id form); checks its tool names against the control tools.
    ``storage``: how each session's env keeps what it writes (``"rows"``, the default for serving: only the rows it
    changed, so a thousand sessions fit in little memory; ``"copy"``: a copy per table, faster reads)."""
    pool = SessionPool(resolve_env_id(env_id), max_sessions=max_sessions, idle_timeout_s=idle_timeout_s,
                       cap_hint=cap_hint, env_kwargs={"storage": storage})
    check_tool_names(list(get_package(pool.env_id).tools), pool.env_id)
    return pool


# -- reading another server's tools -------------------------------------------------------------


def serve_main(env_id: str, *, transport: str = "stdio", host: str = "127.0.0.1", port: int = 8000,
               max_sessions: int = DEFAULT_MAX_SESSIONS, idle_timeout_s: float = DEFAULT_IDLE_TIMEOUT_S,
               storage: str = "rows") -> int:
    """Run the server of ``env_id`` until interrupted (the ``envfactory serve`` command)."""
    pool = make_pool(env_id, max_sessions=max_sessions, idle_timeout_s=idle_timeout_s, storage=storage)
    if transport == "stdio":
        with contextlib.suppress(KeyboardInterrupt):
            anyio.run(serve_stdio, pool)
        return 0
    if transport != "http":
        raise UsageError(f"--transport: expected stdio or http, got {transport!r}")

    def announce(url: str) -> None:
        print(f"envfactory serve: {pool.env_id} on {url} (streamable HTTP; at most {pool.max_sessions} sessions, "
              f"idle timeout {pool.idle_timeout_s:g} s)", file=sys.stderr, flush=True)

    with contextlib.suppress(KeyboardInterrupt):
        anyio.run(lambda: serve_http(pool, host=host, port=port, ready=announce))
    return 0
