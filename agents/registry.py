"""Agents by name, for the command line."""

from __future__ import annotations

from collections.abc import Callable

from envfactory_gym.agents.base import Agent
from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.agents.random_agent import RandomAgent
from envfactory_gym.errors import EnvFactoryError, suggest

AGENTS: dict[str, Callable[..., Agent]] = {"oracle": OracleAgent, "random": RandomAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    """Build the agent called ``name``."""
    if name not in AGENTS:
        raise EnvFactoryError(f"unknown agent {name!r}.{suggest(name, AGENTS)} Available: {', '.join(AGENTS)}")
    factory = AGENTS[name]
    return factory(seed=seed) if name == "random" else factory()
