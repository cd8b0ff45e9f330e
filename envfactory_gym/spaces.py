"""Gymnasium spaces for chat: a conversation of OpenAI-format messages, and tool-call actions."""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium.spaces import Space

_ROLES = ("system", "user", "assistant", "tool")
_MESSAGE_KEYS = {"role", "content", "tool_calls", "tool_call_id", "name"}
_SAMPLE_CHARS = string.ascii_letters + string.digits + " .,?!-_@'\"{}[]:é中🙂"

Message = dict[str, Any]


class Conversation(Space[tuple]):
    """Conversations: tuples of OpenAI chat messages (``role``, ``content``, optional ``tool_calls``...).

    An element can be passed as-is to ``tokenizer.apply_chat_template(list(obs), tools=...)`` or to an
    OpenAI-compatible ``chat.completions.create(messages=list(obs))``.
    """

    def __init__(self, max_messages: int = 512, max_content_chars: int = 1_000_000,
                 shared_memory_bytes: int = 4 << 20, seed: int | None = None) -> None:
        self.max_messages = max_messages
        self.max_content_chars = max_content_chars
        #: Size of one env's slot when ``AsyncVectorEnv`` passes conversations through shared memory.
        self.shared_memory_bytes = shared_memory_bytes
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        if not isinstance(x, tuple) or len(x) > self.max_messages:
            return False
        return all(self._valid_message(m) for m in x)

    def _valid_message(self, m: Any) -> bool:
        if not isinstance(m, Mapping) or not set(m) <= _MESSAGE_KEYS or m.get("role") not in _ROLES:
            return False
        content = m.get("content")
        if not isinstance(content, str) or len(content) > self.max_content_chars:
            return False
        calls = m.get("tool_calls")
        if calls is not None:
            if m["role"] != "assistant" or not isinstance(calls, list):
                return False
            for c in calls:
                fn = c.get("function") if isinstance(c, Mapping) else None
                if not isinstance(fn, Mapping) or not isinstance(fn.get("name"), str) \
                        or not isinstance(fn.get("arguments"), str) or not isinstance(c.get("id"), str):
                    return False
        if m["role"] == "tool" and not isinstance(m.get("tool_call_id"), str):
            return False
        return True

    def sample(self, mask: Any = None, probability: Any = None) -> tuple:
        rng = self.np_random
        n = int(rng.integers(1, min(self.max_messages, 8) + 1))
        msgs: list[Message] = [{"role": "system", "content": _random_text(rng)}]
        for i in range(n - 1):
            role = ("user", "assistant")[i % 2]
            msgs.append({"role": role, "content": _random_text(rng)})
        return tuple(msgs)

    def __repr__(self) -> str:
        return f"Conversation(max_messages={self.max_messages})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Conversation) and (self.max_messages, self.max_content_chars) == (
            other.max_messages, other.max_content_chars)


class ToolCallAction(Space[Any]):
    """Agent actions: a tool call ``{"name", "arguments"}``, a list of them, an assistant message or text.

    ``contains`` accepts every form the environment parses (malformed content is the environment's to
    judge, with an error observation and a format penalty). ``sample`` draws a random tool call with
    arguments of the right types, or now and then a short message to the user.
    """

    def __init__(self, tools: Sequence[Mapping[str, Any]] = (), message_prob: float = 0.1,
                 seed: int | None = None) -> None:
        self.tools = [t["function"] if "function" in t else t for t in tools]
        self.message_prob = message_prob
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        return isinstance(x, (str, Mapping, list, tuple))

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        rng = self.np_random
        if not self.tools or rng.random() < self.message_prob:
            return _random_text(rng)
        fn = self.tools[int(rng.integers(len(self.tools)))]
        props = fn.get("parameters", {}).get("properties", {})
        return {"name": fn["name"], "arguments": {k: _random_value(rng, v) for k, v in props.items()}}

    def __repr__(self) -> str:
        return f"ToolCallAction({len(self.tools)} tools)"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToolCallAction) and json.dumps(self.tools, sort_keys=True) == json.dumps(
            other.tools, sort_keys=True)


def _random_text(rng: np.random.Generator, max_len: int = 24) -> str:
    n = int(rng.integers(1, max_len + 1))
    return "".join(_SAMPLE_CHARS[i] for i in rng.integers(len(_SAMPLE_CHARS), size=n))


def _random_value(rng: np.random.Generator, prop: Mapping[str, Any]) -> Any:
    if "enum" in prop:
        return prop["enum"][int(rng.integers(len(prop["enum"])))]
    t = prop.get("type")
    if t == "integer":
        return int(rng.integers(0, 10_000))
    if t == "number":
        return float(np.round(rng.uniform(0, 500), 2))
    if t == "boolean":
        return bool(rng.integers(2))
    if t == "array":
        return [_random_value(rng, prop.get("items", {})) for _ in range(int(rng.integers(1, 3)))]
    return _random_text(rng, 12)


def render_conversation(messages: Sequence[Message], render_mode: str | None) -> str | None:
    """A conversation as text, one ``[role] content`` line per message (system prompts left out), with each tool
    call as ``-> name(arguments)``: returned for ``ansi``, printed for ``human``; ``None`` warns (no render mode)."""
    if render_mode is None:
        import gymnasium as gym

        gym.logger.warn("render() called without a render_mode; pass render_mode='ansi' to gym.make")
        return None
    lines = []
    for m in messages:
        if m["role"] == "system":
            continue
        text = m.get("content", "") or ""
        for c in m.get("tool_calls", []) or []:
            text += f"\n  -> {c['function']['name']}({c['function']['arguments']})"
        lines.append(f"[{m['role']}] {text}")
    out = "\n".join(lines)
    if render_mode == "human":
        print(out)
        return None
    return out
