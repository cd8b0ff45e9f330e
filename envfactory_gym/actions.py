"""Parse agent actions (dicts, OpenAI messages, JSON strings, Hermes text) into tool calls and messages."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

_TOOL_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL)
#: Longest action text kept in the conversation; longer text is cut with a marker.
MAX_ACTION_CHARS = 16_384
#: Most tool calls one action may carry; further calls are a format error.
MAX_CALLS_PER_ACTION = 16


@dataclass
class ToolCall:
    """One call the agent asked for. ``error`` is set when the call itself is malformed."""

    id: str
    name: str
    arguments: Any
    error: str | None = None

    def to_openai(self) -> dict[str, Any]:
        """The call in OpenAI's ``tool_calls`` entry format."""
        args = clip_text(self.arguments if isinstance(self.arguments, str) else _dumps(self.arguments))
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": args}}


@dataclass
class ParsedAction:
    """What an action amounts to: tool calls to run, text for the user, and format errors."""

    calls: list[ToolCall] = field(default_factory=list)
    message: str | None = None
    errors: list[str] = field(default_factory=list)
    raw_text: str = ""
    #: Text written alongside tool calls, outside their blocks (the ``content`` of the assistant message).
    aside: str = ""


def parse_action(action: Any, call_prefix: str = "call") -> ParsedAction:
    """Turn any accepted action form into a :class:`ParsedAction`; never raises.

    Accepted forms: ``{"name", "arguments"}``; a list of those (parallel calls); an OpenAI assistant
    message (``{"role": "assistant", "content", "tool_calls"}``); a JSON string of any of these; raw
    model text with Hermes ``<tool_call>{...}</tool_call>`` blocks, where text outside the blocks is a
    message to the user; plain text (a message to the user).
    """
    out = ParsedAction()
    try:
        _parse_into(out, action, call_prefix)
    except RecursionError:
        out.calls.clear()
        out.errors.append("action is nested too deeply")
    except Exception as exc:  # the parser must never take an episode down
        out.calls.clear()
        out.errors.append(f"could not parse action ({type(exc).__name__})")
    if len(out.calls) > MAX_CALLS_PER_ACTION:
        out.errors.append(f"{len(out.calls)} tool calls in one action; at most {MAX_CALLS_PER_ACTION} run")
        del out.calls[MAX_CALLS_PER_ACTION:]
    for i, call in enumerate(out.calls):
        if not call.id:
            call.id = f"{call_prefix}_{i}"
    return out


def _parse_into(out: ParsedAction, action: Any, prefix: str) -> None:
    if isinstance(action, str):
        _parse_text(out, action, prefix)
    elif isinstance(action, Mapping):
        _parse_mapping(out, action, prefix)
    elif isinstance(action, (list, tuple)):
        if not action:
            out.errors.append("empty list: expected one or more tool calls")
        for item in action:
            if isinstance(item, Mapping):
                _parse_mapping(out, item, prefix)
            else:
                out.errors.append(f"list items must be tool-call objects, got {type(item).__name__}")
    else:
        out.errors.append(
            f"unsupported action type {type(action).__name__}: send a tool call "
            '{"name": ..., "arguments": {...}}, an assistant message, or text'
        )


def _parse_text(out: ParsedAction, text: str, prefix: str) -> None:
    out.raw_text = clip_text(text)
    stripped = text.strip()
    if not stripped:
        out.errors.append("empty action: send a tool call {\"name\": ..., \"arguments\": {...}} or a message "
                          "to the user")
        return
    if stripped[0] in "{[":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            out.errors.append(f"action looks like JSON but does not parse: {exc.msg} at char {exc.pos}")
            return
        _parse_into(out, data, prefix)
        return
    visible = _THINK.sub("", text)
    blocks = _TOOL_CALL.findall(visible)
    rest = _TOOL_CALL.sub("", visible)
    if "<tool_call>" in rest or "</tool_call>" in rest:
        out.errors.append("unbalanced <tool_call> tag: write <tool_call>{\"name\": ..., \"arguments\": {...}}</tool_call>")
        rest = rest.replace("<tool_call>", "").replace("</tool_call>", "")
    for block in blocks:
        try:
            data = json.loads(block.strip())
        except json.JSONDecodeError as exc:
            out.errors.append(f"<tool_call> content is not valid JSON: {exc.msg} at char {exc.pos}")
            continue
        if isinstance(data, Mapping):
            _parse_call(out, data, prefix)
        else:
            out.errors.append("<tool_call> must contain a JSON object with 'name' and 'arguments'")
    rest = rest.strip()
    if rest and not blocks and not out.errors:
        out.message = clip_text(rest)
    elif rest and not out.errors:
        out.raw_text = clip_text(visible.strip())
    if blocks and rest:
        out.aside = clip_text(rest)


def _parse_mapping(out: ParsedAction, data: Mapping[str, Any], prefix: str) -> None:
    if "tool_calls" in data or data.get("role") == "assistant" or ("content" in data and "name" not in data):
        calls = data.get("tool_calls") or []
        if not isinstance(calls, list):
            out.errors.append("'tool_calls' must be a list")
            return
        for call in calls:
            if not isinstance(call, Mapping):
                out.errors.append("each entry of 'tool_calls' must be an object")
                continue
            fn = call.get("function", call)
            if not isinstance(fn, Mapping):
                out.errors.append("'function' must be an object with 'name' and 'arguments'")
                continue
            _parse_call(out, fn, prefix, call_id=call.get("id"))
        content = data.get("content")
        if isinstance(content, list):  # OpenAI content parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, Mapping))
        if content is not None and not isinstance(content, str):
            out.errors.append(f"'content' must be a string, got {type(content).__name__}")
            return
        if content and not calls:
            _parse_text(out, content, prefix)
        elif content:
            out.raw_text = out.aside = clip_text(content)
        elif not calls:
            out.errors.append("assistant message has neither content nor tool_calls")
        return
    if "name" in data:
        _parse_call(out, data, prefix)
        return
    out.errors.append(f"unrecognised action object with keys {sorted(map(str, data))[:8]}: expected 'name' and 'arguments'")


def _parse_call(out: ParsedAction, data: Mapping[str, Any], prefix: str, call_id: Any = None) -> None:
    name = data.get("name")
    if isinstance(name, str):
        name = clip_text(name, 200)  # error messages quote it; a 1 MB name must not bloat them
    call_id = clip_text(call_id, 64) if isinstance(call_id, str) and call_id else f"{prefix}_{len(out.calls)}"
    if not isinstance(name, str) or not name:
        out.errors.append("tool call without a string 'name'")
        return
    args = data.get("arguments", data.get("parameters", {}))
    error = None
    if isinstance(args, str):
        try:
            args = json.loads(args) if args.strip() else {}
        except json.JSONDecodeError as exc:
            error = f"arguments of {name!r} are not valid JSON: {exc.msg} at char {exc.pos}"
    if error is None and not isinstance(args, Mapping):
        error = f"arguments of {name!r} must be a JSON object, got {type(args).__name__}"
    if error is None:
        try:
            json.dumps(args, default=str)
        except (RecursionError, TypeError, ValueError):
            error = f"arguments of {name!r} are nested too deeply or are not JSON values"
    if error is not None:
        args = _short_repr(args)
    out.calls.append(ToolCall(call_id, name, args, error))


def clip_text(text: str, limit: int = MAX_ACTION_CHARS) -> str:
    """Cut ``text`` to ``limit`` characters with a marker saying how much was cut."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"... [truncated {len(text) - limit} characters]"


def _short_repr(value: Any, limit: int = 2000) -> str:
    try:
        return repr(value)[:limit]
    except RecursionError:
        return f"<{type(value).__name__} nested too deeply>"


def _dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError, RecursionError):
        return _short_repr(value, MAX_ACTION_CHARS)
