"""Every environment as an MCP server: its tools, plus control tools that play a whole episode over MCP.

``envfactory serve EnvFactory/retail-v0 [--transport stdio|http]`` runs one; :func:`list_server_tools` reads
any MCP server's tools with the official client. See ``docs/serve.md`` for the protocol. The names that need
the ``mcp`` package (the ``mcp`` extra) are imported when first used.
"""

from __future__ import annotations

from typing import Any

from envfactory_gym.serve.script import EpisodeScript, oracle_script
from envfactory_gym.serve.sessions import (
    CONTROL_TOOLS,
    FINISH_TOOL,
    SAY_TOOL,
    START_TOOL,
    SessionLimitError,
    SessionPool,
)

_MCP_NAMES = ("build_server", "http_app", "serve_http", "serve_stdio")

__all__ = ["CONTROL_TOOLS", "FINISH_TOOL", "SAY_TOOL", "START_TOOL", "EpisodeScript", "SessionLimitError",
           "SessionPool", "list_server_tools", "oracle_script", *_MCP_NAMES]


def __getattr__(name: str) -> Any:
    if name in _MCP_NAMES:
        from envfactory_gym.serve import mcp_protocol

        return getattr(mcp_protocol, name)
    if name == "list_server_tools":  # the client side, apart from the server
        from envfactory_gym.serve.mcp_client import list_server_tools

        return list_server_tools
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
