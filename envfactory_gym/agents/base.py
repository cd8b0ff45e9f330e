"""The agent interface: observe the conversation, return an action."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import gymnasium as gym


@runtime_checkable
class Agent(Protocol):
    """Anything that plays episodes through ``gym.make`` envs."""

    name: str

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        """Prepare for a new episode of ``env`` (after ``env.reset()``)."""
        ...

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        """Return the next action for the current observation."""
        ...
