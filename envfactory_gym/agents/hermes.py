"""Hermes-format text rendering of a conversation, for models and servers without native tool calls."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from envfactory_gym.actions import parse_action

#: The keys an OpenAI chat endpoint accepts on a message; the env adds others (e.g. ``name`` on tool results).
_CHAT_KEYS = ("role", "content", "tool_calls", "tool_call_id")


def chat_messages(conversation: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The conversation as plain OpenAI chat messages (native tool calls kept)."""
    out = []
    for m in conversation:
        msg = {k: m[k] for k in _CHAT_KEYS if k in m}
        if msg.get("tool_calls"):
            msg["tool_calls"] = [{"id": c["id"], "type": "function",
                                  "function": {"name": c["function"]["name"],
                                               "arguments": c["function"]["arguments"]}} for c in msg["tool_calls"]]
            msg["content"] = msg.get("content") or None
        out.append(msg)
    return out


def text_messages(conversation: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The conversation with tool calls as ``<tool_call>`` text and results as ``<tool_response>`` user turns.

    Only system/user/assistant roles remain, so any chat template or tool-less server accepts it; results
    that follow one another are merged into one user turn, as Hermes-style templates do.
    """
    out: list[dict[str, str]] = []
    for m in conversation:
        role = m.get("role")
        if role == "tool":
            block = f"<tool_response>\n{m.get('content') or ''}\n</tool_response>"
            if out and out[-1]["role"] == "user" and out[-1]["content"].endswith("</tool_response>"):
                out[-1]["content"] += "\n" + block
            else:
                out.append({"role": "user", "content": block})
        elif role == "assistant":
            parts = [m.get("content") or ""] if m.get("content") else []
            parts += [tool_call_text(c["function"]["name"], c["function"]["arguments"]) for c in m.get("tool_calls") or []]
            out.append({"role": "assistant", "content": "\n".join(parts)})
        else:
            out.append({"role": str(role), "content": str(m.get("content") or "")})
    return out


def tool_call_text(name: str, arguments: str | Mapping[str, Any]) -> str:
    """One call as a Hermes block; arguments that are not valid JSON are kept as the model wrote them."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError:
            return f'<tool_call>{{"name": {json.dumps(name)}, "arguments": {arguments}}}</tool_call>'
    return "<tool_call>" + json.dumps({"name": name, "arguments": arguments}, ensure_ascii=False) + "</tool_call>"


def parse_tool_calls(text: str) -> tuple[str, list[dict[str, Any]], list[str]]:
    """Split model text into (message, calls as ``{"name", "arguments"}``, parse errors), as the env reads it."""
    parsed = parse_action(text)
    calls = [{"name": c.name, "arguments": c.arguments} for c in parsed.calls if c.error is None]
    errors = list(parsed.errors) + [c.error for c in parsed.calls if c.error is not None]
    return parsed.message or "", calls, errors
