"""Agents by name, for the command line; model-backed agents are imported only when asked for."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from envfactory_gym.agents.base import Agent
from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.agents.random_agent import RandomAgent
from envfactory_gym.errors import EnvFactoryError, suggest


class EpisodeSeededRandomAgent(RandomAgent):
    """The random agent, seeded per episode when a harness asks, so results do not depend on episode order."""

    def set_episode_seed(self, seed: int) -> None:
        self.seed = seed
        self._episodes = 0


def _lazy(module: str, cls: str) -> Callable[..., Agent]:
    def factory(**kwargs: Any) -> Agent:
        return getattr(importlib.import_module(f"envfactory_gym.agents.{module}"), cls)(**kwargs)

    factory.__qualname__ = cls
    return factory


AGENTS: dict[str, Callable[..., Agent]] = {
    "oracle": OracleAgent,
    "random": EpisodeSeededRandomAgent,
    "openai": _lazy("openai_agent", "OpenAIAgent"),
    "transformers": _lazy("transformers_agent", "TransformersAgent"),
    "smollm2": _lazy("smollm2", "SmolLM2Agent"),
    "smollm2-sft": _lazy("smollm2", "SmolLM2SFTAgent"),
}

#: Agents whose constructor takes a ``seed``.
_SEEDED = frozenset({"random", "openai", "transformers", "smollm2", "smollm2-sft"})


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """Build the agent called ``name``; ``options`` go to its constructor (e.g. ``model=``, ``base_url=``)."""
    if name not in AGENTS:
        raise EnvFactoryError(f"unknown agent {name!r}.{suggest(name, AGENTS)} Available: {', '.join(AGENTS)}")
    if name in _SEEDED:
        options["seed"] = seed
    return AGENTS[name](**options)
