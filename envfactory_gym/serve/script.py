"""``oracle_script``: an episode the oracle plays through ``gym.make``, to replay over MCP and compare answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gymnasium as gym

from envfactory_gym.episode import play_episode


@dataclass
class EpisodeScript:
    """The oracle's actions on one task and seed, what the gym answered to each, and the episode's reward."""

    task_id: str
    seed: int
    actions: list[Any]
    #: Per action, the text of the tool results and user replies it got (the messages after the action's own).
    answers: list[str]
    reward: float
    components: dict[str, Any]


def oracle_script(env_id: str, task_id: str, seed: int = 0) -> EpisodeScript:
    """Play the oracle on ``task_id`` through ``gym.make(env_id)`` and record each action and the env's answer.

    A server is faithful when the same actions, sent over MCP (tool calls as tools, messages as
    ``episode_say``), get the same answers and ``episode_finish`` the same reward and components.
    """
    from envfactory_gym.agents.oracle import OracleAgent

    actions: list[Any] = []
    answers: list[str] = []

    def record(action: Any, before: tuple, after: tuple) -> None:
        actions.append(action)
        answers.append("\n".join(m["content"] for m in after[len(before) + 1:] if m["role"] in ("tool", "user")))

    env = gym.make(env_id)
    try:
        ep = play_episode(env, OracleAgent(), seed, {"task_id": task_id}, on_step=record, keep_messages=False)
    finally:
        env.close()
    return EpisodeScript(task_id, seed, actions, answers, ep.reward, ep.components)
