"""Run an agent over episodes of a registered env and collect per-episode reward components."""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import gymnasium as gym
from tqdm.auto import tqdm

from envfactory_gym.agents.base import Agent


@dataclass
class EpisodeResult:
    """One finished episode."""

    task_id: str
    seed: int
    reward: float
    components: dict[str, float | int]
    steps: int
    terminated: bool
    truncated: bool
    messages: list[dict[str, Any]] = field(default_factory=list, repr=False)

    def as_dict(self, with_messages: bool = False) -> dict[str, Any]:
        """A JSON-friendly dict (the conversation only when asked for)."""
        d = asdict(self)
        if not with_messages:
            d.pop("messages")
        return d


def run_episode(env: gym.Env, agent: Agent, seed: int, options: Mapping[str, Any] | None = None,
                keep_messages: bool = False) -> EpisodeResult:
    """Play one episode to its end and return its result."""
    obs, info = env.reset(seed=seed, options=dict(options or {}))
    agent.reset(env, obs, info)
    task_id = info["task_id"]
    steps, reward, terminated, truncated = 0, 0.0, False, False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(agent.act(obs, info))
        steps += 1
    return EpisodeResult(task_id, seed, float(reward), dict(info.get("reward_components", {})), steps,
                         terminated, truncated, list(obs) if keep_messages else [])


def run_episodes(env_id: str, agent: Agent, episodes: int | None = None, seed: int = 0,
                 env_kwargs: Mapping[str, Any] | None = None, progress: bool = True,
                 keep_messages: bool = False) -> list[EpisodeResult]:
    """Run ``episodes`` episodes (default: one per task), cycling through the tasks in order."""
    env = gym.make(env_id, **dict(env_kwargs or {}))
    try:
        n_tasks = len(env.unwrapped.tasks)
        episodes = n_tasks if episodes is None else episodes
        results = []
        for i in tqdm(range(episodes), desc=f"{agent.name} on {env_id}", disable=not progress, unit="ep"):
            results.append(run_episode(env, agent, seed=seed + i, options={"task_index": i % n_tasks},
                                       keep_messages=keep_messages))
        return results
    finally:
        env.close()


def summarize(results: list[EpisodeResult]) -> dict[str, Any]:
    """Mean reward, mean of each component, share of episodes solved (reward 1.0) and mean steps."""
    if not results:
        return {"episodes": 0}
    keys = [k for k, v in results[0].components.items() if isinstance(v, (int, float))]
    return {
        "episodes": len(results),
        "mean_reward": statistics.fmean(r.reward for r in results),
        "solved": sum(1 for r in results if r.reward >= 1.0 - 1e-9) / len(results),
        "mean_steps": statistics.fmean(r.steps for r in results),
        "components": {k: statistics.fmean(float(r.components.get(k, 0)) for r in results) for k in keys},
    }
