"""The oracle agent: replays the task's gold trajectory, then tells the user the required facts."""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class OracleAgent:
    """Asks for the user's hidden facts, plays the gold calls one per step, then sends a final answer.

    It proves every task solvable through the public env API (its reward must be 1.0 on every task), and its
    episodes are the SFT demonstrations: so it asks for what the request leaves out, as a good agent would,
    instead of using facts it could not know.
    """

    name = "oracle"

    def __init__(self) -> None:
        self._plan: list[Any] = []

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        task = env.unwrapped.task
        missing = [task.fact_keywords(name)[0] for name in task.user_facts]
        self._plan = [f"Could you please tell me your {' and '.join(missing)}?"] if missing else []
        self._plan += [{"name": c.name, "arguments": dict(c.arguments)} for c in task.gold_calls]
        facts = "; ".join(task.outputs)
        self._plan.append(f"All done. {facts}." if facts else "All done, your request is complete.")

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        return self._plan.pop(0) if self._plan else "All done."
