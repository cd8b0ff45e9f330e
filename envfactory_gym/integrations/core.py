"""The core every trainer adapter shares: one env per rollout, routed from a dataset row, stepped by model output."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym

from envfactory_gym.conversation import conversation_env
from envfactory_gym.errors import (
    ChatTemplateError,
    ConfigError,
    EpisodeStateError,
    MissingDependencyError,
)

#: Sent to end an episode that is still running when the trainer stops it (a turn or token budget): the env
#: then scores the conversation as it stands, so every rollout gets the env's composite reward.
FINISH_MESSAGE = "###STOP###"

#: Keys a dataset row may carry its environment and task under (first found wins, at the top level or in one
#: of :data:`ROW_CONTAINERS`).
ENV_KEYS = ("env_id", "env")
TASK_KEYS = ("task_id",)
#: Where trainers tuck a row's extra columns: verl ``extra_info``, verifiers ``info``, OpenRLHF ``label``.
ROW_CONTAINERS = ("extra_info", "info", "env_extras", "label", "reward_spec")

#: The prefix of the reward components in the trainers' logs (``envfactory/trace``, ``envfactory/state``, ...).
METRIC_PREFIX = "envfactory/"


@dataclass(frozen=True)
class TaskRef:
    """Which environment and task a dataset row stands for, and the extra ``gym.make`` keywords it needs."""

    env_id: str
    task_id: str | None = None
    env_kwargs: Mapping[str, Any] = field(default_factory=dict)

    def to_row(self) -> dict[str, Any]:
        """The routing columns of a task row (``env_id``, ``task_id`` and, when set, ``env_kwargs``)."""
        row: dict[str, Any] = {"env_id": self.env_id, "task_id": self.task_id}
        if self.env_kwargs:
            row["env_kwargs"] = dict(self.env_kwargs)
        return row


def route(row: Mapping[str, Any] | str | None, default_env_id: str | None = None) -> TaskRef:
    """The :class:`TaskRef` of a dataset row, whichever trainer's shape it comes in.

    Looks for ``env_id`` and ``task_id`` at the top level, then in ``extra_info`` (verl), ``info`` (verifiers),
    ``env_extras`` (SkyRL) and ``label`` (OpenRLHF; a JSON string is decoded). A row without an ``env_id`` uses
    ``default_env_id``; the env id is resolved (``retail-v0`` means ``EnvFactory/retail-v0``), and an unknown one
    is a one-line error with the nearest registered id.
    """
    found = _find(_as_mapping(row))
    env = found.get("env_id") or default_env_id
    if not env:
        raise ConfigError("the dataset row names no environment: give it an 'env_id' column (export the rows with "
                          "`envfactory tasks export-rl`) or set the adapter's default env id")
    from envfactory_gym.registration import resolve_env_id

    kwargs = found.get("env_kwargs") or {}
    if isinstance(kwargs, str):
        kwargs = json.loads(kwargs) if kwargs.strip() else {}
    if not isinstance(kwargs, Mapping):
        raise ConfigError(f"the row's 'env_kwargs' must be an object, got {type(kwargs).__name__}")
    task = found.get("task_id")
    return TaskRef(resolve_env_id(str(env)), str(task) if task not in (None, "") else None, dict(kwargs))


def _as_mapping(value: Any) -> Mapping[str, Any]:
    if value is None:
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip().startswith("{") else {}
        except json.JSONDecodeError:
            return {}
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    return value if isinstance(value, Mapping) else {}


def _find(row: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    scopes = [row, *(_as_mapping(row.get(k)) for k in ROW_CONTAINERS)]
    for name, keys in (("env_id", ENV_KEYS), ("task_id", TASK_KEYS), ("env_kwargs", ("env_kwargs",))):
        for scope in scopes:
            hit = next((scope[k] for k in keys if scope.get(k) not in (None, "")), None)
            if hit is not None:
                out[name] = hit
                break
    return out


@dataclass
class StepOutcome:
    """What one model turn did: the env's new messages (tool results, the user's reply), and the end if it came."""

    messages: list[dict[str, Any]]
    reward: float
    done: bool
    terminated: bool
    truncated: bool
    info: dict[str, Any]


class Rollout:
    """One environment held for one rollout: state persists across its tool calls; the simulated user replies to
    text without tool calls; the last step carries the composite reward and its components.

    ``env_kwargs`` go to ``gym.make`` (``tools_in_system=False`` when the trainer renders the tool schemas through
    the chat template itself). Close it with :meth:`close` (or use it as a context manager).
    """

    def __init__(self, ref: TaskRef, *, seed: int | None = None, **env_kwargs: Any) -> None:
        self.ref = ref
        self.env = gym.make(ref.env_id, **{**dict(ref.env_kwargs), **env_kwargs})
        self.seed = seed
        self.messages: list[dict[str, Any]] = []
        self.done = False
        self.terminated = False
        self.truncated = False
        self.reward: float | None = None
        self.components: dict[str, Any] = {}
        self.info: dict[str, Any] = {}
        self.turns = 0

    @property
    def tools(self) -> list[dict[str, Any]]:
        """The env's tools as OpenAI function schemas (``{"type": "function", "function": {...}}``)."""
        return [dict(t) for t in conversation_env(self.env).tool_schemas]

    def start(self) -> list[dict[str, Any]]:
        """Open the row's task (a drawn one if the row names none); return the system and user opening messages."""
        options = {"task_id": self.ref.task_id} if self.ref.task_id else None
        obs, info = self.env.reset(seed=self.seed, options=options)
        self.messages = [dict(m) for m in obs]
        self.info = dict(info)
        self.done = self.terminated = self.truncated = False
        self.reward, self.components, self.turns = None, {}, 0
        return [dict(m) for m in self.messages]

    @property
    def task_id(self) -> str:
        """The id of the task being played."""
        return str(conversation_env(self.env).task.id)

    def step(self, action: Any) -> StepOutcome:
        """Play one model turn: raw text (Hermes ``<tool_call>`` blocks), an OpenAI assistant message (a dict or
        a pydantic message) or tool-call dicts. Returns the env's messages that follow the turn."""
        if self.done:
            raise EpisodeStateError(f"the episode of {self.ref.env_id} task {self.task_id} has ended; start a new one")
        obs, reward, terminated, truncated, info = self.env.step(as_action(action))
        self.turns += 1
        new = [dict(m) for m in obs[len(self.messages):]]
        self.messages = [dict(m) for m in obs]
        self.info = dict(info)
        feedback = _after_assistant(new)
        if terminated or truncated:
            self.done, self.terminated, self.truncated = True, bool(terminated), bool(truncated)
            self.reward = float(reward)
            self.components = dict(info.get("reward_components", {}))
        return StepOutcome(feedback, float(reward), self.done, bool(terminated), bool(truncated), dict(info))

    def finish(self) -> float:
        """End the episode if it still runs (it is scored as it stands) and return its composite reward."""
        if not self.done:
            self.step(FINISH_MESSAGE)
        if not self.done:  # the user replied to the stop instead of ending: send it once more
            self.step(FINISH_MESSAGE)
        return float(self.reward or 0.0)

    def metrics(self, prefix: str = METRIC_PREFIX) -> dict[str, float]:
        """The episode's numeric reward components (``prefix + name``), for the trainer's metric log."""
        return component_metrics(self.components, prefix)

    def close(self) -> None:
        """Release the environment (its database)."""
        self.env.close()

    def __enter__(self) -> Rollout:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _after_assistant(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The env's reply to a turn: its messages after the echo of the assistant's own turn."""
    i = 0
    while i < len(messages) and messages[i].get("role") == "assistant":
        i += 1
    return messages[i:]


def as_action(action: Any) -> Any:
    """An env action from a trainer's model output: text and dicts pass through; a pydantic message (verifiers,
    OpenAI SDK objects) becomes a dict, its flat tool calls (``{id, name, arguments}``) the OpenAI nested form."""
    if isinstance(action, str):
        return action
    if hasattr(action, "model_dump"):
        action = action.model_dump(exclude_none=True)
    if isinstance(action, Mapping):
        message = dict(action)
        calls = message.get("tool_calls")
        if isinstance(calls, list):
            message["tool_calls"] = [_nested_call(c) for c in calls]
        return message
    if isinstance(action, list):
        return [as_action(a) for a in action]
    return action


def _nested_call(call: Any) -> Any:
    if hasattr(call, "model_dump"):
        call = call.model_dump(exclude_none=True)
    if isinstance(call, Mapping) and "function" not in call and "name" in call:
        return {"id": call.get("id"), "type": "function",
                "function": {"name": call["name"], "arguments": call.get("arguments", {})}}
    return call


def component_metrics(components: Mapping[str, Any], prefix: str = METRIC_PREFIX) -> dict[str, float]:
    """The numeric reward components as ``{prefix + name: float}`` (booleans count as 0/1)."""
    return {f"{prefix}{k}": float(v) for k, v in components.items()
            if isinstance(v, (int, float)) and not isinstance(v, complex)}


def function_tools(schemas: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI tool schemas flattened to ``{name, description, parameters}`` (verifiers' provider-agnostic form)."""
    out = []
    for s in schemas:
        fn = s.get("function", s)
        out.append({"name": fn["name"], "description": fn.get("description", ""),
                    "parameters": fn.get("parameters", {"type": "object", "properties": {}})})
    return out


def continuation_text(tokenizer: Any, messages: list[dict[str, Any]], *, closed: bool = True,
                      **template_kwargs: Any) -> str:
    """The chat-template text that follows a generated assistant turn: ``messages`` (tool results, the user's
    reply) and the generation prompt of the next assistant turn.

    Rendered against a fixed base conversation (a system and a user turn) so the template's per-turn markup is
    exact; the text between the base's last end-of-turn token and its end (``"\\n"`` for ChatML) leads the
    result. ``closed`` says the generated turn already ends with the end-of-turn token (it stopped on EOS); when
    False (a stop string or a length cut) that token is added first.
    """
    base = [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}]
    head = tokenizer.apply_chat_template(base, tokenize=False, add_generation_prompt=False, **template_kwargs)
    full = tokenizer.apply_chat_template([*base, *messages], tokenize=False, add_generation_prompt=True,
                                         **template_kwargs)
    if not full.startswith(head):
        raise ChatTemplateError("the tokenizer's chat template renders a conversation's start differently when "
                                "turns follow it; cannot append the env's messages as a continuation")
    eos = str(getattr(tokenizer, "eos_token", "") or "")
    cut = head.rfind(eos) if eos else -1
    gap = head[cut + len(eos):] if cut >= 0 else ""
    return ("" if closed else eos) + gap + full[len(head):]


def continuation_ids(tokenizer: Any, messages: list[dict[str, Any]], *, closed: bool = True,
                     **template_kwargs: Any) -> list[int]:
    """:func:`continuation_text` as token ids (no special tokens added)."""
    text = continuation_text(tokenizer, messages, closed=closed, **template_kwargs)
    return list(tokenizer.encode(text, add_special_tokens=False))


def require(module: str, extra: str) -> Any:
    """Import a trainer's module, or fail with the install line of the extra that brings it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(f"this adapter needs {module.split('.')[0]} ({exc}): "
                                     f"pip install 'envfactory-gym[{extra}]'", package=module.split(".")[0],
                                     extra=extra) from None
