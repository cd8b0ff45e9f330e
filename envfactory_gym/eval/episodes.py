"""What an eval plays and keeps: episode specs, the record of each episode, and the result of a run."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym

from envfactory_gym.agents.base import Agent
from envfactory_gym.conversation import conversation_env
from envfactory_gym.episode import Episode, jsonable, play_episode
from envfactory_gym.eval.store import Key
from envfactory_gym.registration import resolve_env_id

AgentFactory = Callable[[], Agent]
#: The progress bar: done/total and elapsed time, no ETA (batched episodes end together, so a rate says little).
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} episodes [{elapsed} elapsed]"
UserFactory = Callable[[], Any]


@dataclass(frozen=True)
class EpisodeSpec:
    """One episode to play: a task of an env, in one trial, with its seed."""

    env: str
    domain: str
    task_id: str
    trial: int
    seed: int

    @property
    def key(self) -> Key:
        return (self.env, self.task_id, self.trial)


@dataclass
class EvalResult:
    """What a call of :func:`run_eval` did: every stored record, the episodes it played now, the failures."""

    records: list[dict[str, Any]]
    played: int
    skipped: int
    errors: list[dict[str, Any]] = field(default_factory=list)
    wall_s: float = 0.0
    turns: int = 0

    @property
    def episodes_per_s(self) -> float:
        return self.played / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def turns_per_s(self) -> float:
        return self.turns / self.wall_s if self.wall_s > 0 else 0.0


def plan_episodes(envs: Sequence[str], trials: int = 1, seed: int = 0, env_kwargs: Mapping[str, Any] | None = None,
                  limit: int | None = None) -> list[EpisodeSpec]:
    """Every (env, task, trial) to play, trial-major so that a partial run covers every task once first."""
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    tasks: list[tuple[str, str, int, str]] = []
    for env_id in dict.fromkeys(resolve_env_id(e) for e in envs):
        env = gym.make(env_id, **dict(env_kwargs or {}))
        try:
            u = conversation_env(env)
            tasks += [(env_id, u.report_domain, i, t.id) for i, t in enumerate(u.tasks[:limit])]
        finally:
            env.close()
    return [EpisodeSpec(env_id, domain, task_id, trial, seed + 1000 * trial + index)
            for trial in range(trials) for env_id, domain, index, task_id in tasks]


def play_spec(env: gym.Env, agent: Agent, spec: EpisodeSpec) -> dict[str, Any]:
    """Play one episode to its end and return its eval record (the episode, and the task's diffs and gold)."""
    return eval_record(env, spec, play_episode(env, agent, spec.seed, {"task_id": spec.task_id}))


# -- records -------------------------------------------------------------------------------------


def eval_record(env: gym.Env, spec: EpisodeSpec, episode: Episode) -> dict[str, Any]:
    """The eval record: the episode's own record (as every runner keeps it) with the spec and the task's gold."""
    task_part = conversation_env(env).episode_record()  # our envs' state diffs; a benchmark env's gold (its verdict is in info)
    record = {"env": spec.env, "domain": spec.domain, "task_id": spec.task_id, "trial": spec.trial,
              **episode.as_dict(with_messages=True)}
    record.pop("turns")
    if record["benchmark"] is None:
        del record["benchmark"]
    record.update(instruction=task_part["instruction"], state_diff=jsonable(task_part["state_diff"]),
                  gold_diff=jsonable(task_part["gold_diff"]), gold_calls=jsonable(task_part["gold_calls"]))
    return record
