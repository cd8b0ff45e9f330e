"""The oracle agent: replays the task's gold trajectory, then tells the user the required facts."""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class OracleAgent:
    """Plays the gold calls one per step, then sends a final answer carrying the task's outputs.

    It proves every task solvable through the public env API: its reward must be 1.0 on every task.
    """

    name = "oracle"

    def __init__(self) -> None:
        self._plan: list[Any] = []

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        task = env.unwrapped.task
        self._plan = [{"name": c.name, "arguments": dict(c.arguments)} for c in task.gold_calls]
        facts = "; ".join(task.outputs)
        self._plan.append(f"All done. {facts}." if facts else "All done, your request is complete.")

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        return self._plan.pop(0) if self._plan else "All done."
