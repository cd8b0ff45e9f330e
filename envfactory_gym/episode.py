"""play_episode: the one loop in which an agent plays an environment, and the record every runner keeps of it."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import gymnasium as gym

from envfactory_gym.errors import EpisodeTruncated
from envfactory_gym.user import STOP_TOKEN

#: ``end_reason`` of an episode the agent could not go on with (its conversation outgrew the model's context).
AGENT_TRUNCATED = "agent_truncated"


@dataclass
class Episode:
    """One finished episode, the same whichever runner played it (``run``, ``eval``, Ray, MCP's script, QueryGen).

    ``end_reason`` says why it ended (the env's ``info["end_reason"]``: ``agent_stop``, ``user_stop``, ``max_steps``,
    ``max_conversation_chars``, a benchmark's own; or ``agent_truncated`` when the agent could not act, with its
    message in ``truncation_reason``: the episode is then scored as it stands and counted as truncated).
    ``benchmark`` holds a benchmark env's own verdict, ``turns`` the agent's token data per turn where it keeps any.
    """

    task_id: str
    seed: int
    reward: float
    components: dict[str, float | int]
    steps: int
    terminated: bool
    truncated: bool
    messages: list[dict[str, Any]] = field(default_factory=list, repr=False)
    end_reason: str = ""
    truncation_reason: str | None = None
    benchmark: dict[str, Any] | None = None
    duration_s: float = 0.0
    turns: list[dict[str, Any]] = field(default_factory=list, repr=False)

    def as_dict(self, with_messages: bool = False) -> dict[str, Any]:
        """A JSON-friendly dict (the conversation and the token data only when asked for)."""
        d = asdict(self)
        if not with_messages:
            d.pop("messages")
            d.pop("turns")
        return d


#: ``on_step(action, observation_before, observation_after)``: called after every step the agent takes.
StepHook = Callable[[Any, tuple, tuple], None]


class EpisodePlay:
    """An episode in progress, stepped by whoever holds the agent's actions (one loop, or a batch of slots)."""

    def __init__(self, env: gym.Env, agent: Any, seed: int, options: Mapping[str, Any] | None = None,
                 on_step: StepHook | None = None) -> None:
        self.env, self.agent, self.seed, self.on_step = env, agent, seed, on_step
        self._start = time.perf_counter()
        self.obs, self.info = env.reset(seed=seed, options=dict(options or {}))
        if hasattr(agent, "set_episode_seed"):
            agent.set_episode_seed(seed)
        agent.reset(env, self.obs, self.info)
        self.task_id = str(self.info.get("task_id"))
        self.steps, self.reward = 0, 0.0
        self.terminated = self.truncated = False
        self.truncation_reason: str | None = None

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated

    def advance(self, action: Any) -> bool:
        """Step the env with the agent's ``action``; True when the episode has ended."""
        before = self.obs
        self.obs, reward, self.terminated, self.truncated, self.info = self.env.step(action)
        self.reward = float(reward)
        self.steps += 1
        if self.on_step is not None:
            self.on_step(action, before, self.obs)
        return self.done

    def cut(self, exc: BaseException) -> None:
        """The agent could not act (its context overflowed): end the episode, scored as it stands, truncated.

        The record keeps the conversation as the agent left it: the stop sent to have it scored is no turn of its.
        """
        _obs, reward, _terminated, _truncated, self.info = self.env.step(STOP_TOKEN)
        self.reward = float(reward)
        self.terminated, self.truncated, self.truncation_reason = False, True, str(exc)

    def act(self) -> bool:
        """Ask the agent for its action and step with it; True when the episode has ended."""
        try:
            action = self.agent.act(self.obs, self.info)
        except EpisodeTruncated as exc:
            self.cut(exc)
            return True
        return self.advance(action)

    def result(self, keep_messages: bool = True) -> Episode:
        """The finished episode's record (its conversation only with ``keep_messages``)."""
        info = self.info
        reason = AGENT_TRUNCATED if self.truncation_reason is not None else str(info.get("end_reason", ""))
        return Episode(
            task_id=self.task_id, seed=self.seed, reward=self.reward,
            components=dict(info.get("reward_components", {})), steps=self.steps, terminated=bool(self.terminated),
            truncated=bool(self.truncated), messages=jsonable(list(self.obs)) if keep_messages else [], end_reason=reason,
            truncation_reason=self.truncation_reason,
            benchmark=jsonable(info["benchmark"]) if "benchmark" in info else None,
            duration_s=round(time.perf_counter() - self._start, 4), turns=list(getattr(self.agent, "turns", [])),
        )


def play_episode(env: gym.Env, agent: Any, seed: int = 0, options: Mapping[str, Any] | None = None,
                 on_step: StepHook | None = None, keep_messages: bool = True) -> Episode:
    """Play one episode to its end: ``env.reset(seed, options)``, then the agent's actions until it ends.

    An agent that raises :class:`~envfactory_gym.errors.EpisodeTruncated` (its model's context overflowed) ends
    the episode, which is scored as it stands and recorded as truncated (``end_reason="agent_truncated"``).
    """
    play = EpisodePlay(env, agent, seed, options, on_step)
    while not play.act():
        pass
    return play.result(keep_messages)


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON types (what a record stores)."""
    return json.loads(json.dumps(value, default=str))
