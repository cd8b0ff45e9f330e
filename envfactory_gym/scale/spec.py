"""Picklable factories: what a worker process needs to build its own agent (a name and options, not a live object)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class AgentSpec:
    """An agent by registry name (``oracle``, ``random``, ``openai``...), its seed and constructor options.

    Calling it builds the agent (``make_agent(name, seed=seed, **options)``), so it serves wherever an agent
    factory is expected. It pickles as its name and options: a Ray actor unpickles it and builds its own
    agent; an :class:`~envfactory_gym.llm.LLMClient` among the options unpickles as a fresh client with its own
    connection pool, so each actor talks to the endpoint through its own client.
    """

    name: str
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def __call__(self) -> Any:
        from envfactory_gym.agents.registry import make_agent

        return make_agent(self.name, seed=self.seed, **dict(self.options))
