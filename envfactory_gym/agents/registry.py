"""Agents by name, for the command line; model-backed agents are imported only when asked for."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any

from envfactory_gym.agents.base import Agent
from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.agents.random_agent import RandomAgent
from envfactory_gym.errors import AgentSpecError, UnknownAgentError, suggest


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
    """Build the agent called ``name``; ``options`` go to its constructor (e.g. ``model=``, ``base_url=``).

    ``name`` is one of :data:`AGENTS`, or an agent of your own as ``path/to/file.py:ClassName`` or
    ``package.module:ClassName`` (built with ``options`` only).
    """
    if ":" in name and name not in AGENTS:
        return load_agent_class(name)(**options)
    if name not in AGENTS:
        raise UnknownAgentError(name, AGENTS)
    if name in _SEEDED:
        options["seed"] = seed
    return AGENTS[name](**options)


def load_agent_class(spec: str) -> Callable[..., Agent]:
    """The agent class named by ``file.py:ClassName`` or ``module:ClassName``."""
    where, _, cls = spec.rpartition(":")
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise AgentSpecError(spec, f"no file {where}")
        module_spec = importlib.util.spec_from_file_location(f"_envfactory_user_agent_{path.stem}", path)
        if module_spec is None or module_spec.loader is None:
            raise AgentSpecError(spec, f"{where} cannot be imported")
        module = importlib.util.module_from_spec(module_spec)
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            raise AgentSpecError(spec, f"importing {where} failed: {type(exc).__name__}: {exc}") from exc
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as exc:
            raise AgentSpecError(spec, f"no module {where!r} ({exc})") from exc
    if not hasattr(module, cls):
        names = [n for n in vars(module) if not n.startswith("_")]
        raise AgentSpecError(spec, f"{where} has no {cls!r}.{suggest(cls, names)}")
    return getattr(module, cls)
