"""ConversationEnv: the one conversation loop every tool environment runs (ours and the public benchmarks')."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, SupportsFloat, cast

import gymnasium as gym

from envfactory_gym.actions import (
    MAX_ACTION_CHARS,
    MAX_CALLS_PER_ACTION,
    ParsedAction,
    ToolCall,
    clip_text,
    parse_action,
)
from envfactory_gym.errors import UnknownTaskError
from envfactory_gym.spaces import Conversation, Message, ToolCallAction, render_conversation
from envfactory_gym.user import STOP_TOKEN, UserTurn

#: Prefix of the observation lines the environment itself writes (format errors).
ENV_ERROR_PREFIX = "[environment] "
FORMAT_HINT = (' Call a tool as {"name": "<tool>", "arguments": {...}} (or <tool_call>...</tool_call>), '
               "or write plain text to the user.")
CALL_FORMAT = 'Call a tool by replying with <tool_call>{"name": "<tool>", "arguments": {...}}</tool_call>.'
#: Why an episode ended (``info["end_reason"]`` on the last step): the agent said ``###STOP###`` or wrote a
#: final answer the user closed on, the step budget ran out, the conversation outgrew ``max_conversation_chars``;
#: environments add their own (a benchmark's ``too_many_errors``).
END_REASONS = ("agent_stop", "user_stop", "max_steps", "max_conversation_chars")


class HasId(Protocol):
    """A task as the loop sees it: anything with an ``id``."""

    id: str


def conversation_env(env: gym.Env[Any, Any]) -> ConversationEnv:
    """``env.unwrapped`` typed as the conversation core that every env of this package (benchmark envs included)
    is built on: its ``tasks``, ``tool_schemas``, ``system_prompt``..."""
    return cast(ConversationEnv, env.unwrapped)


class ConversationEnv(gym.Env[tuple, Any]):
    """The conversation loop: actions parsed, tool calls run, messages answered, the episode ended and scored.

    Subclasses set ``tasks``, ``tool_schemas``, ``system_prompt`` and ``max_steps``, call :meth:`_init_loop`, and
    implement the hooks: :meth:`_start` (begin a task, return the user's opening), :meth:`_call` (run one
    well-formed tool call, return its result text), :meth:`_reply` (the user's answer to a message) and
    :meth:`_score` (the finished episode's reward and terminal info); optionally :meth:`_bad_call` (a call that
    could not be read) and :meth:`_on_message` (see the agent's turn before anything runs). A hook may end the
    episode with :meth:`_end`. Action forms are those of :func:`envfactory_gym.actions.parse_action`.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    tasks: Sequence[Any]
    tool_schemas: list[dict[str, Any]]
    system_prompt: str
    max_steps: int
    max_result_chars: int
    max_conversation_chars: int
    task: Any
    _messages: list[Message]
    _terminated: bool
    _truncated: bool

    @property
    def report_domain(self) -> str:
        """The domain eval reports group this env's episodes under (each env says which)."""
        raise NotImplementedError

    def episode_record(self) -> dict[str, Any]:
        """What an eval record stores about the episode beside its trajectory (each env says what)."""
        raise NotImplementedError

    def _init_loop(self, max_result_chars: int, max_conversation_chars: int) -> None:
        """Build the observation and action spaces and the episode bookkeeping."""
        self.max_result_chars = max_result_chars
        self.max_conversation_chars = max_conversation_chars
        self._task_index = {str(t.id): i for i, t in enumerate(self.tasks)}
        # One step adds at most: the action text, its calls' arguments and results, an error and a reply.
        step_chars = 3 * MAX_ACTION_CHARS + MAX_CALLS_PER_ACTION * (2 * MAX_ACTION_CHARS + max_result_chars + 400)
        bound_chars = max_conversation_chars + step_chars + len(self.system_prompt)
        self.observation_space = Conversation(
            max_messages=(MAX_CALLS_PER_ACTION + 3) * self.max_steps + 2,
            shared_memory_bytes=4 * bound_chars + (1 << 16),  # UTF-8 needs at most 4 bytes a character
        )
        self.action_space = ToolCallAction(self.tool_schemas)
        self.task = None
        self._reset_loop()

    # -- hooks --------------------------------------------------------------------------------

    def _start(self, task: Any, seed: int) -> str:
        """Begin ``task`` on a fresh state and return the user's opening message."""
        raise NotImplementedError

    def _call(self, call: ToolCall) -> str:
        """Run one well-formed tool call and return its result text (errors as text, never raised)."""
        raise NotImplementedError

    def _bad_call(self, call: ToolCall) -> str:
        """The result text of a call whose name or arguments could not be read (a format error, counted)."""
        return f"Error: {call.error or 'arguments must be a JSON object'}"

    def _reply(self, message: str) -> UserTurn:
        """The user's answer to the agent's message."""
        raise NotImplementedError

    def _score(self, reason: str) -> tuple[float, dict[str, Any]]:
        """The finished episode's reward and the entries its last ``info`` adds (``reward_components`` at least)."""
        raise NotImplementedError

    def _on_message(self, parsed: ParsedAction, calls: list[ToolCall]) -> None:
        """See the agent's turn before anything runs: its well-formed ``calls`` with the text beside them
        (``parsed.aside``), or its message to the user (``parsed.message``)."""

    @property
    def env_id(self) -> str | None:
        """The id ``info["env_id"]`` reports."""
        return self.spec.id if self.spec else None

    # -- gymnasium API ------------------------------------------------------------------------

    @property
    def messages(self) -> tuple[Message, ...]:
        """The conversation so far (the current observation): fresh dicts, safe for the caller to keep or edit."""
        return tuple(_copy_message(m) for m in self._messages)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[tuple, dict[str, Any]]:
        """Start an episode: a task drawn with the seed, ``options={"task_id": ...}`` or ``{"task_index": i}``."""
        super().reset(seed=seed)
        task = self._pick_task(options or {})
        self._reset_loop()
        self.task = task
        opening = self._start(task, int(self.np_random.integers(2**31 - 1)))
        self._messages = [{"role": "system", "content": self.system_prompt}, {"role": "user", "content": opening}]
        return self.messages, self._info()

    def step(self, action: Any) -> tuple[tuple, SupportsFloat, bool, bool, dict[str, Any]]:
        """Run the action's tool calls or deliver its message to the user; the reward on the last step."""
        if self.task is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if self._terminated or self._truncated:
            info = self._info()
            info["warning"] = "episode already ended; call reset()"
            return self.messages, 0.0, self._terminated, self._truncated, info
        self._steps += 1
        parsed = parse_action(action, call_prefix=f"call_{self._steps}")
        self._format_errors += len(parsed.errors)
        self._apply(parsed)
        if not self._terminated:
            if self._steps >= self.max_steps:
                self._truncated, self._reason = True, "max_steps"
            elif self._conversation_chars() > self.max_conversation_chars:
                self._truncated, self._reason = True, "max_conversation_chars"
        reward = 0.0
        info = self._info()
        if self._terminated or self._truncated:
            reward, extra = self._score(self._reason)
            info.update(extra)
            info["end_reason"] = self._reason
        return self.messages, reward, self._terminated, self._truncated, info

    def render(self) -> str | None:
        """Render the conversation as text (``ansi``) or print it (``human``)."""
        return render_conversation(self._messages, self.render_mode)

    # -- the loop -----------------------------------------------------------------------------

    def _pick_task(self, options: Mapping[str, Any]) -> Any:
        if "task_id" in options:
            task_id = str(options["task_id"])
            if task_id not in self._task_index:
                raise UnknownTaskError(task_id, self._task_index)
            return self.tasks[self._task_index[task_id]]
        if "task_index" in options:
            return self.tasks[int(options["task_index"]) % len(self.tasks)]
        return self.tasks[int(self.np_random.integers(len(self.tasks)))]

    def _reset_loop(self) -> None:
        self._messages = []
        self._steps = 0
        self._format_errors = 0
        self._num_calls = 0
        self._chars = 0
        self._counted = 0
        self._terminated = False
        self._truncated = False
        self._reason = ""

    def _add_turn(self, parsed: ParsedAction) -> None:
        """Append the agent's turn to the conversation. A turn with calls keeps only the text around them as
        content: the calls live in ``tool_calls``, and a template that writes both would show each call twice."""
        content = parsed.aside if parsed.calls else parsed.message or parsed.raw_text
        assistant: Message = {"role": "assistant", "content": content or ""}
        if parsed.calls:
            assistant["tool_calls"] = [c.to_openai() for c in parsed.calls]
        self._messages.append(assistant)

    def _apply(self, parsed: ParsedAction) -> None:
        self._add_turn(parsed)
        good = [c for c in parsed.calls if c.error is None and isinstance(c.arguments, Mapping)]
        if good or (not parsed.calls and not parsed.errors):
            self._on_message(parsed, good)
        for call in parsed.calls:
            self._num_calls += 1
            if call.error is not None or not isinstance(call.arguments, Mapping):
                self._format_errors += 1
                text = self._bad_call(call)
            else:
                text = self._call(call)
            if len(text) > self.max_result_chars:
                cut = len(text) - self.max_result_chars
                text = text[: self.max_result_chars] + f"... [truncated {cut} characters]"
            self._messages.append({"role": "tool", "tool_call_id": call.id, "name": call.name, "content": text})
        if self._terminated:  # a hook ended the episode (e.g. too many failed tool calls)
            return
        if parsed.errors:
            self._messages.append({"role": "user", "content": ENV_ERROR_PREFIX + "Error: "
                                   + clip_text("; ".join(parsed.errors), 4000) + FORMAT_HINT})
            return
        if parsed.calls:
            return
        message = parsed.message or ""
        if STOP_TOKEN in message:
            self._end("agent_stop")
            return
        turn = self._reply(message)
        self._messages.append({"role": "user", "content": clip_text(turn.content)})
        if turn.done:
            self._end("user_stop")

    def _end(self, reason: str) -> None:
        """End the episode from inside a hook, for ``reason``."""
        self._terminated, self._reason = True, reason

    def _conversation_chars(self) -> int:
        while self._counted < len(self._messages):
            m = self._messages[self._counted]
            self._chars += len(m["content"]) + sum(len(c["function"]["arguments"]) for c in m.get("tool_calls", ()))
            self._counted += 1
        return self._chars

    def _info(self) -> dict[str, Any]:
        return {"task_id": self.task.id if self.task is not None else None, "env_id": self.env_id,
                "step": self._steps, "num_calls": self._num_calls, "format_errors": self._format_errors}


def _copy_message(m: Message) -> Message:
    out = dict(m)
    if "tool_calls" in out:
        out["tool_calls"] = [{**c, "function": dict(c["function"])} for c in out["tool_calls"]]
    return out
