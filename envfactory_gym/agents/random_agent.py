"""The random agent: tool calls with random, well-typed arguments, and now and then a message."""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class RandomAgent:
    """Samples the env's action space (a seeded random tool call, or a short message to the user)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._space: gym.Space | None = None
        self._episodes = 0

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self._space = env.action_space
        self._space.seed(self.seed + self._episodes)
        self._episodes += 1

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        assert self._space is not None, "reset() first"
        return self._space.sample()
