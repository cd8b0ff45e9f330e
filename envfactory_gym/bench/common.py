"""Shared pieces of the benchmark envs: the conversation loop, spaces, task views and the benchmark info contract."""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, SupportsFloat

import gymnasium as gym
from gymnasium.utils import EzPickle

from envfactory_gym.actions import (
    MAX_ACTION_CHARS,
    MAX_CALLS_PER_ACTION,
    ParsedAction,
    ToolCall,
    clip_text,
    parse_action,
)
from envfactory_gym.errors import EnvFactoryError, UnknownTaskError
from envfactory_gym.spaces import Conversation, Message, ToolCallAction, render_conversation
from envfactory_gym.tasks import GoldCall, UserFact
from envfactory_gym.user import STOP_TOKEN, UserTurn

#: Prefix of the observation lines the environment itself writes (format errors), as in ``ToolUseEnv``.
ENV_ERROR_PREFIX = "[environment] "
FORMAT_HINT = (' Call a tool as {"name": "<tool>", "arguments": {...}} (or <tool_call>...</tool_call>), '
               "or write plain text to the user.")
CALL_FORMAT = 'Call a tool by replying with <tool_call>{"name": "<tool>", "arguments": {...}}</tool_call>.'
#: ``full``: every tool's JSON schema in the system prompt; ``compact``: one signature line per tool.
PROMPT_STYLES = ("full", "compact")


def package_version(distribution: str) -> str:
    """The installed version of a distribution (``"not installed"`` when it is not)."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def benchmark_info(name: str, package: str, task_id: str, passed: bool, score: float,
                   details: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The terminal ``info["benchmark"]`` of every benchmark env (the contract the eval report reads)."""
    return {"name": name, "package": package, "version": package_version(package), "task_id": str(task_id),
            "passed": bool(passed), "score": float(score), "details": dict(details or {})}


@dataclass
class BenchTask:
    """A benchmark task seen through our task interface (what the oracle and the user simulators read).

    ``gold_calls`` are the benchmark's own expected calls, ``outputs`` what the agent must tell the user,
    ``instruction`` the scripted user's opening message; ``user_system_prompt`` is the benchmark's own user
    simulator prompt (for an LLM user), ``source`` the benchmark's task object.
    """

    id: str
    instruction: str
    gold_calls: list[GoldCall] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    user_facts: dict[str, UserFact] = field(default_factory=dict)
    user_system_prompt: str | None = None
    source: Any = None

    def fact_keywords(self, name: str) -> list[str]:
        """The words that ask for fact ``name`` (its own name if none were given)."""
        fact = self.user_facts[name]
        return [k.lower() for k in fact.keywords] or [name.replace("_", " ").lower()]


def tools_section(schemas: Sequence[Mapping[str, Any]], compact: bool = False) -> str:
    """The system prompt's tool list: JSON schemas (``full``) or signature lines (``compact``), and the call format."""
    lines = []
    for schema in schemas:
        fn = schema.get("function", schema)
        if compact:
            props = fn.get("parameters", {}).get("properties", {})
            args = ", ".join(f"{k}: {v.get('type', 'any')}" for k, v in props.items())
            lines.append(f"- {fn['name']}({args})")
        else:
            lines.append("- " + json.dumps({k: fn[k] for k in ("name", "description", "parameters") if k in fn},
                                           ensure_ascii=False))
    return "# Tools\n" + "\n".join(lines) + "\n\n" + CALL_FORMAT


class BenchEnv(gym.Env[tuple, Any], EzPickle):
    """The conversation loop of a benchmark env, with our observation and action spaces.

    Subclasses set ``tasks``, ``tool_schemas``, ``system_prompt``, ``max_steps`` and ``report_domain`` before calling
    :meth:`_init_spaces`, and implement :meth:`_start` (begin a task), :meth:`_call` (run one tool call),
    :meth:`_reply` (answer a message to the user) and :meth:`_evaluate` (score the finished episode with the
    benchmark's own code). Actions take every form ``ToolUseEnv`` accepts (``envfactory_gym.actions``).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}
    #: ``info["benchmark"]["name"]`` and the distribution whose version is reported.
    benchmark_name: ClassVar[str] = ""
    benchmark_package: ClassVar[str] = ""
    #: The ``domain`` of this env's episodes in eval reports (e.g. ``tau2-retail``).
    report_domain: str = ""

    tasks: list[BenchTask]
    tool_schemas: list[dict[str, Any]]
    system_prompt: str
    max_steps: int

    def _init_spaces(self, max_result_chars: int, max_conversation_chars: int) -> None:
        """Build the spaces the way ``ToolUseEnv`` does, and the episode bookkeeping."""
        if not self.tasks:
            raise EnvFactoryError(f"{type(self).__name__}: no tasks to play")
        self.max_result_chars = max_result_chars
        self.max_conversation_chars = max_conversation_chars
        self._task_index = {t.id: i for i, t in enumerate(self.tasks)}
        step_chars = 3 * MAX_ACTION_CHARS + MAX_CALLS_PER_ACTION * (2 * MAX_ACTION_CHARS + max_result_chars + 400)
        bound_chars = max_conversation_chars + step_chars + len(self.system_prompt)
        self.observation_space = Conversation(max_messages=(MAX_CALLS_PER_ACTION + 3) * self.max_steps + 2,
                                              shared_memory_bytes=4 * bound_chars + (1 << 16))
        self.action_space = ToolCallAction(self.tool_schemas)
        self.task: BenchTask | None = None
        self._reset_episode()

    # -- hooks --------------------------------------------------------------------------------

    def _start(self, task: BenchTask, seed: int) -> str:
        """Begin ``task`` (fresh state) and return the user's opening message."""
        raise NotImplementedError

    def _call(self, call: ToolCall) -> str:
        """Run one well-formed tool call and return its result text (errors as text, never raised)."""
        raise NotImplementedError

    def _reply(self, message: str) -> UserTurn:
        """The user's answer to the agent's message."""
        raise NotImplementedError

    def _evaluate(self, reason: str) -> tuple[bool, float, dict[str, Any], dict[str, float | int]]:
        """Score the finished episode (``reason``: agent_stop, user_stop, max_steps, too_many_errors):
        ``(passed, score, details, reward_components)``."""
        raise NotImplementedError

    def _on_message(self, parsed: ParsedAction, calls: list[ToolCall]) -> None:
        """Record the agent's turn before anything runs: its well-formed ``calls`` with the text beside them
        (``parsed.aside``), or its message to the user (``parsed.message``); optional."""

    # -- gymnasium API ------------------------------------------------------------------------

    @property
    def messages(self) -> tuple[Message, ...]:
        """The conversation so far (the current observation): fresh dicts."""
        return tuple(_copy_message(m) for m in self._messages)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[tuple, dict[str, Any]]:
        """Start an episode: a task drawn with the seed, ``options={"task_id": ...}`` or ``{"task_index": i}``."""
        super().reset(seed=seed)
        options = options or {}
        if "task_id" in options:
            task_id = str(options["task_id"])
            if task_id not in self._task_index:
                raise UnknownTaskError(task_id, self._task_index)
            task = self.tasks[self._task_index[task_id]]
        elif "task_index" in options:
            task = self.tasks[int(options["task_index"]) % len(self.tasks)]
        else:
            task = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        self._reset_episode()
        self.task = task
        opening = self._start(task, int(self.np_random.integers(2**31 - 1)))
        self._messages = [{"role": "system", "content": self.system_prompt}, {"role": "user", "content": opening}]
        return self.messages, self._info()

    def step(self, action: Any) -> tuple[tuple, SupportsFloat, bool, bool, dict[str, Any]]:
        """Run the action's tool calls or deliver its message to the user; the benchmark's score on the last step."""
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
        if not self._terminated and self._steps >= self.max_steps:
            self._truncated, self._reason = True, "max_steps"
        elif not self._terminated and self._conversation_chars() > self.max_conversation_chars:
            self._truncated, self._reason = True, "max_steps"
        reward = 0.0
        info = self._info()
        if self._terminated or self._truncated:
            passed, score, details, components = self._evaluate(self._reason)
            reward = float(score)
            info["benchmark"] = benchmark_info(self.benchmark_name, self.benchmark_package, self.task.id, passed,
                                               score, details)
            info["reward_components"] = {"reward": reward, **components, "num_calls": self._num_calls,
                                         "format_errors": self._format_errors}
        return self.messages, reward, self._terminated, self._truncated, info

    def render(self) -> str | None:
        """Render the conversation as text (``ansi``) or print it (``human``)."""
        return render_conversation(self._messages, self.render_mode)

    def episode_record(self) -> dict[str, Any]:
        """What an eval record stores about the task beside the trajectory (for the report and the viewer)."""
        task = self.task
        return {"instruction": task.instruction if task else "", "state_diff": {}, "gold_diff": {},
                "gold_calls": [{"name": c.name, "arguments": c.arguments} for c in (task.gold_calls if task else [])]}

    # -- internals ----------------------------------------------------------------------------

    def _reset_episode(self) -> None:
        self._messages: list[Message] = []
        self._steps = 0
        self._format_errors = 0
        self._num_calls = 0
        self._chars = 0
        self._counted = 0
        self._terminated = False
        self._truncated = False
        self._reason = ""

    def _apply(self, parsed: ParsedAction) -> None:
        content = parsed.aside if parsed.calls else parsed.message or parsed.raw_text
        assistant: Message = {"role": "assistant", "content": content or ""}
        if parsed.calls:
            assistant["tool_calls"] = [c.to_openai() for c in parsed.calls]
        self._messages.append(assistant)
        good = [c for c in parsed.calls if c.error is None and isinstance(c.arguments, Mapping)]
        if good or (not parsed.calls and not parsed.errors):
            self._on_message(parsed, good)
        for call in parsed.calls:
            self._num_calls += 1
            if call.error is not None or not isinstance(call.arguments, Mapping):
                self._format_errors += 1
                text = f"Error: {call.error or 'arguments must be a JSON object'}"
            else:
                text = self._call(call)
            if len(text) > self.max_result_chars:
                text = text[: self.max_result_chars] + f"... [truncated {len(text) - self.max_result_chars} characters]"
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
            self._terminated, self._reason = True, "agent_stop"
            return
        turn = self._reply(message)
        self._messages.append({"role": "user", "content": clip_text(turn.content)})
        if turn.done:
            self._terminated, self._reason = True, "user_stop"

    def _end(self, reason: str) -> None:
        """End the episode from inside a hook (a termination the benchmark defines)."""
        self._terminated, self._reason = True, reason

    def _conversation_chars(self) -> int:
        while self._counted < len(self._messages):
            m = self._messages[self._counted]
            self._chars += len(m["content"]) + sum(len(c["function"]["arguments"]) for c in m.get("tool_calls", ()))
            self._counted += 1
        return self._chars

    def _info(self) -> dict[str, Any]:
        return {"task_id": self.task.id if self.task else None, "env_id": self.spec.id if self.spec else None,
                "step": self._steps, "num_calls": self._num_calls, "format_errors": self._format_errors}


def _copy_message(m: Message) -> Message:
    out = dict(m)
    if "tool_calls" in out:
        out["tool_calls"] = [{**c, "function": dict(c["function"])} for c in out["tool_calls"]]
    return out
