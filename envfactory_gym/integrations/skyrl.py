"""SkyRL: a ``skyrl_gym`` ``BaseTextEnv`` over one catalog episode, registered as ``envfactory`` for ``env_class``."""

from __future__ import annotations

from typing import Any

from envfactory_gym.integrations.core import Rollout, TaskRef, component_metrics, route

#: The ``environment.env_class`` (and the rows' ``env_class`` column) the adapter registers under.
ENV_CLASS = "envfactory"
ENTRY_POINT = "envfactory_gym.integrations.skyrl:EnvFactoryTextEnv"

_cls: type | None = None


def register(env_class: str = ENV_CLASS) -> str:
    """Register the adapter with ``skyrl_gym`` (once per process; the trainer's entry point calls it)."""
    from envfactory_gym.integrations.core import require

    envs = require("skyrl_gym.envs", "skyrl")
    registry = require("skyrl_gym", "skyrl").registry
    if env_class not in registry:
        envs.register(id=env_class, entry_point=ENTRY_POINT)
    return env_class


def text_env_class() -> type:
    """The ``BaseTextEnv`` subclass (built on first use, so importing this module needs no SkyRL)."""
    global _cls
    from envfactory_gym.integrations.core import require

    base = require("skyrl_gym.envs.base_text_env", "skyrl")
    if _cls is None or not issubclass(_cls, base.BaseTextEnv):
        _cls = type("EnvFactoryTextEnv", (_TextEnvMixin, base.BaseTextEnv),
                    {"__module__": __name__, "__doc__": _TextEnvMixin.__doc__})
    return _cls


class _TextEnvMixin:
    """One catalog episode per SkyRL trajectory.

    ``skyrl_gym.make("envfactory", env_config=..., extras=row)`` builds it: the row's ``env_id``/``task_id`` (the
    exporter's columns, in ``extras``) pick the environment and task, so one dataset can mix environments.
    ``env_config`` may set ``env_id`` (a default for rows without one), ``env_kwargs`` (for ``gym.make``; the
    system prompt lists the tools, as SkyRL renders the chat without tool schemas) and ``seed``. ``init`` returns
    the env's own opening; ``step(text)`` plays the model's turn (Hermes ``<tool_call>`` blocks, or a message to
    the simulated user) and returns the tool results and the user's reply as observations. The last step carries
    the composite reward; its components are the episode's metrics (``get_metrics``), which SkyRL averages.
    """

    def __init__(self, env_config: Any = None, extras: dict[str, Any] | None = None) -> None:
        super().__init__()
        config = dict(env_config or {})
        extras = dict(extras or {})
        self.ref: TaskRef = route(extras, default_env_id=config.get("env_id"))
        self.max_turns = int(extras.get("max_turns") or config.get("max_turns") or 0) or 1_000_000
        kwargs = {"tools_in_system": True, **dict(config.get("env_kwargs") or {})}
        self.episode = Rollout(self.ref, seed=config.get("seed"), **kwargs)
        self.turns = 0

    def init(self, prompt: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Start the episode; the env's system prompt and user opening replace the row's ``prompt``."""
        messages = self.episode.start()
        return messages, {"env_id": self.ref.env_id, "task_id": self.episode.task_id}

    def step(self, action: str) -> dict[str, Any]:
        """Play one model turn; a turn past ``max_turns`` ends the episode, which is then scored as it stands."""
        self.turns += 1
        out = self.episode.step(action)
        if not out.done and self.turns >= self.max_turns:
            self.episode.finish()
        done = self.episode.done
        metadata: dict[str, Any] = {"env_id": self.ref.env_id, "task_id": self.episode.task_id}
        if done:
            metadata["reward_components"] = dict(self.episode.components)
        return {"observations": [] if done else out.messages,
                "reward": float(self.episode.reward or 0.0) if done else 0.0,
                "done": done, "metadata": metadata}

    def get_metrics(self) -> dict[str, Any]:
        """The episode's numeric reward components (``envfactory/<name>``)."""
        return component_metrics(self.episode.components)

    def close(self) -> None:
        """Release the environment."""
        self.episode.close()


def __getattr__(name: str) -> Any:
    if name == "EnvFactoryTextEnv":
        return text_env_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
