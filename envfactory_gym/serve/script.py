"""``oracle_script``: an episode the oracle plays through ``gym.make``, to replay over MCP and compare answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gymnasium as gym


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

    env = gym.make(env_id)
    try:
        obs, info = env.reset(seed=seed, options={"task_id": task_id})
        agent = OracleAgent()
        agent.reset(env, obs, info)
        actions, answers = [], []
        while True:
            action = agent.act(obs, info)
            before = len(obs)
            obs, reward, terminated, truncated, info = env.step(action)
            actions.append(action)
            answers.append("\n".join(m["content"] for m in obs[before + 1:] if m["role"] in ("tool", "user")))
            if terminated or truncated:
                return EpisodeScript(task_id, seed, actions, answers, float(reward), dict(info["reward_components"]))
    finally:
        env.close()
