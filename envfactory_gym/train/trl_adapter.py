"""The environments in the shape of TRL's ``GRPOTrainer(environment_factory=...)``: reset, tools, reward."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

import gymnasium as gym

#: Sent to finish an episode that is still running when its reward is asked for.
FINISH_MESSAGE = "###STOP###"


class ToolEnvironment:
    """One episode of an env seen as tools: ``reset()`` opens a task, each tool method runs through ``step()``.

    Subclasses made by :func:`environment_factory` carry one public method per tool of the env, with the
    tool's typed signature and docstring, so TRL can derive the tool schemas from them.
    """

    env_id: str = ""
    env_kwargs: dict[str, Any] = {}

    def __init__(self) -> None:
        self.env = gym.make(self.env_id, **self.env_kwargs)
        self._done = False
        self._reward: float | None = None
        self.reward_components: dict[str, Any] = {}

    def reset(self, task_id: str | None = None, seed: int | None = None, **_: Any) -> str:
        """Start an episode (the dataset row's ``task_id`` if it has one); return the user's opening message."""
        options = {"task_id": task_id} if task_id else None
        obs, _info = self.env.reset(seed=seed, options=options)
        self._done, self._reward, self.reward_components = False, None, {}
        return str(obs[-1]["content"])

    def get_reward(self, final_answer: str | None = None) -> float:
        """The episode's composite reward; a running episode is first ended (with ``final_answer`` if given)."""
        if not self._done and final_answer:
            self._step(final_answer)
        if not self._done:  # no answer, or one the user replied to: end the conversation
            self._step(FINISH_MESSAGE)
        return float(self._reward or 0.0)

    def close(self) -> None:
        """Release the env's database."""
        self.env.close()

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
    """A ``ToolEnvironment`` subclass for ``env_id`` (the class itself is the factory TRL calls)."""
    probe = gym.make(env_id, **env_kwargs)
    try:
        tools = dict(probe.unwrapped.package.tools)
    finally:
        probe.close()
    namespace: dict[str, Any] = {"env_id": env_id, "env_kwargs": dict(env_kwargs)}
    for name, tool in tools.items():
        if hasattr(ToolEnvironment, name):
            raise ValueError(f"tool {name!r} clashes with a ToolEnvironment method")
        namespace[name] = _tool_method(name, tool.func)
    cls_name = "".join(p.capitalize() for p in env_id.split("/")[-1].replace("-", "_").split("_")) + "Environment"
    return type(cls_name, (ToolEnvironment,), namespace)


def reward_func(environments: list[ToolEnvironment], **_: Any) -> list[float]:
    """A TRL reward function: the composite reward of each rollout's environment."""
    return [env.get_reward() for env in environments]


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
