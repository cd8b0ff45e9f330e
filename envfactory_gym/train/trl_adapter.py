"""The environments for TRL's ``GRPOTrainer(environment_factory=..., reward_funcs=reward_func)`` (TRL >= 1.16)."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, cast

import gymnasium as gym

from envfactory_gym.conversation import conversation_env

if TYPE_CHECKING:
    from envfactory_gym.env import ToolUseEnv

#: Sent to finish an episode that is still running when its reward is asked for.
FINISH_MESSAGE = "###STOP###"

#: Names a tool may not take: TRL skips ``reset``/``get_reward`` as tools, and the rest are taken here.
_RESERVED = frozenset({"reset", "get_reward", "env", "reward_components"})


class ToolEnvironment:
    """One episode of an env seen as tools: ``reset()`` opens a task, each tool method runs through ``step()``.

    TRL calls the class with no argument (one instance per rollout, reused across batches), calls
    ``reset(**row)`` with the dataset row and appends the returned text to the prompt's last message, then
    exposes every public function of the class but ``reset`` and ``get_reward`` as a tool, its schema taken
    from the type hints and Google-style docstring. So the only public methods are ``reset`` and the env's
    tools (one per tool, made by :func:`environment_factory`); the reward comes from :func:`reward_func`
    (or :func:`finish_episode`), and the class defines no ``get_reward``, which TRL would call without the
    rollout's final answer. Close the env with ``environment.env.close()``.
    """

    env_id: ClassVar[str] = ""
    env_kwargs: ClassVar[dict[str, Any]] = {}

    def __init__(self) -> None:
        self.env = gym.make(self.env_id, **self.env_kwargs)
        self._done = False
        self._reward: float | None = None
        self.reward_components: dict[str, Any] = {}

    def reset(self, task_id: str | None = None, seed: int | None = None, **_: Any) -> str:
        """Start an episode (the row's ``task_id`` if it has one, else a drawn task); return the user's opening."""
        options = {"task_id": task_id} if task_id else None
        obs, _info = self.env.reset(seed=seed, options=options)
        self._done, self._reward, self.reward_components = False, None, {}
        return str(obs[-1]["content"])

    def _finish(self, final_answer: str | None) -> float:
        if not self._done and final_answer:
            self._step(final_answer)
        if not self._done:  # no answer, or one the user replied to: end the conversation
            self._step(FINISH_MESSAGE)
        return float(self._reward or 0.0)

    def _call(self, name: str, arguments: dict[str, Any]) -> str:
        if self._done:
            return "Error: the episode has ended"
        obs = self._step({"name": name, "arguments": arguments})
        results = [m for m in obs if m.get("role") == "tool"]
        return str(results[-1]["content"]) if results else str(obs[-1].get("content", ""))

    def _step(self, action: Any) -> tuple:
        obs, reward, terminated, truncated, info = self.env.step(action)
        if terminated or truncated:
            self._done, self._reward = True, float(reward)
            self.reward_components = dict(info.get("reward_components", {}))
        return obs


def environment_factory(env_id: str = "EnvFactory/retail-v0", **env_kwargs: Any) -> type[ToolEnvironment]:
    """A ``ToolEnvironment`` subclass for ``env_id`` (the class itself is the factory TRL calls).

    ``env_kwargs`` go to ``gym.make``; ``tools_in_system`` defaults to False, as TRL renders the tools itself.
    """
    env_kwargs = {"tools_in_system": False, **env_kwargs}
    probe = gym.make(env_id, **env_kwargs)
    try:
        tools = dict(cast("ToolUseEnv", probe.unwrapped).package.tools)
    finally:
        probe.close()
    namespace: dict[str, Any] = {"env_id": env_id, "env_kwargs": dict(env_kwargs)}
    for name, tool in tools.items():
        if name in _RESERVED or name.startswith("_") or hasattr(ToolEnvironment, name):
            raise ValueError(f"tool {name!r} clashes with a ToolEnvironment name or is not public")
        namespace[name] = _tool_method(name, tool.func)
    cls_name = "".join(p.capitalize() for p in env_id.split("/")[-1].replace("-", "_").split("_")) + "Environment"
    return type(cls_name, (ToolEnvironment,), namespace)


def task_rows(env_id: str, task_ids: Iterable[str] | None = None, **env_kwargs: Any) -> list[dict[str, Any]]:
    """Dataset rows (for ``datasets.Dataset.from_list``): the env's system prompt, an empty user turn that
    ``reset`` fills with the task's opening, and the ``task_id`` TRL passes to ``reset``.

    The system prompt leaves out the env's compact tool list (``tools_in_system=False`` unless ``env_kwargs``
    says otherwise): the trainer renders every tool's schema from the environment class, once.
    """
    env = gym.make(env_id, **{"tools_in_system": False, **env_kwargs})
    try:
        system, tasks = conversation_env(env).system_prompt, [t.id for t in conversation_env(env).tasks]
    finally:
        env.close()
    prompt = [{"role": "system", "content": system}, {"role": "user", "content": ""}]
    return [{"prompt": prompt, "task_id": t} for t in (tasks if task_ids is None else task_ids)]


def finish_episode(environment: ToolEnvironment, final_answer: str | None = None) -> float:
    """End the episode (sending ``final_answer`` to the user first, if any) and return its composite reward."""
    return environment._finish(final_answer)


def reward_func(completions: list[Any], environments: list[Any], log_metric: Callable[[str, float], None] | None = None,
                **_: Any) -> list[float | None]:
    """A TRL reward function: each rollout's final answer goes to its environment, which returns its composite reward.

    The mean of each reward component is logged as ``reward_components/<name>`` through TRL's ``log_metric``.
    Rollouts of other environments (a ``dict`` ``environment_factory``) get ``None``.
    """
    rewards = [finish_episode(env, _final_answer(c)) if isinstance(env, ToolEnvironment) else None
               for c, env in zip(completions, environments, strict=True)]
    if log_metric is not None:
        parts = [env.reward_components for env in environments if isinstance(env, ToolEnvironment)]
        for key in sorted({k for p in parts for k, v in p.items() if isinstance(v, (int, float))}):
            values = [float(p[key]) for p in parts if isinstance(p.get(key), (int, float))]
            log_metric(f"reward_components/{key}", sum(values) / len(values))
    return rewards


def _final_answer(completion: Any) -> str | None:
    """The text of a rollout's last assistant turn, or None when it ends on a tool call or a tool result."""
    if isinstance(completion, str):
        return completion
    last = completion[-1] if completion else {}
    if last.get("role") != "assistant" or last.get("tool_calls"):
        return None
    return str(last.get("content") or "")


def _tool_method(name: str, func: Callable[..., Any]) -> Callable[..., str]:
    params = list(inspect.signature(func).parameters.values())[1:]  # the first parameter is the database
    hints = typing.get_type_hints(func)
    names = [p.name for p in params]

    def method(self: ToolEnvironment, *args: Any, **kwargs: Any) -> str:
        arguments = dict(zip(names, args))
        arguments.update(kwargs)
        return self._call(name, arguments)

    self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
    method.__signature__ = inspect.Signature([self_param, *params], return_annotation=str)  # type: ignore[attr-defined]
    method.__annotations__ = {p.name: hints[p.name] for p in params} | {"return": str}
    method.__doc__ = inspect.cleandoc(func.__doc__ or name)
    method.__name__ = method.__qualname__ = name
    return method
