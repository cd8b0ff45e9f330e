"""OpenRLHF: ``AgentInstance``/``AgentExecutor`` for ``--train.agent_func_path``, one catalog env per sample."""

from __future__ import annotations

import contextvars
from typing import Any

from envfactory_gym.errors import UsageError
from envfactory_gym.integrations.core import Rollout, continuation_text, require, route

_AGENT_MODULE = "openrlhf.utils.agent"
#: The tokenizer of the executor running the current sample (OpenRLHF builds ``AgentInstance()`` bare).
_tokenizer: contextvars.ContextVar[Any] = contextvars.ContextVar("envfactory_openrlhf_tokenizer", default=None)

_classes: tuple[type, type] | None = None


def agent_classes() -> tuple[type, type]:
    """``(AgentInstance, AgentExecutor)`` over ``openrlhf.utils.agent`` (built on first use, so importing this
    module needs no OpenRLHF). An agent file re-exports them: ``from envfactory_gym.integrations.openrlhf
    import AgentExecutor, AgentInstance``."""
    global _classes
    agent = require(_AGENT_MODULE, "openrlhf")
    if _classes is None or not issubclass(_classes[0], agent.AgentInstanceBase):
        instance = type("AgentInstance", (_InstanceMixin, agent.AgentInstanceBase),
                        {"__module__": __name__, "__doc__": _InstanceMixin.__doc__})
        executor = type("AgentExecutor", (_ExecutorMixin, agent.MultiTurnAgentExecutor),
                        {"__module__": __name__, "__doc__": _ExecutorMixin.__doc__, "instance_cls": instance})
        _classes = (instance, executor)
    return _classes


class _ExecutorMixin:
    """OpenRLHF's multi-turn executor with :class:`AgentInstance` as the environment; it hands the rollout's
    tokenizer to the instance, which renders the env's messages with the chat template and tool schemas."""

    instance_cls: type

    def __init__(self) -> None:
        super().__init__(self.instance_cls)  # type: ignore[call-arg]

    async def execute(self, prompt: Any, label: Any, sampling_params: Any, max_length: int, hf_tokenizer: Any,
                      llm_engine: Any, *args: Any, **kwargs: Any) -> Any:
        token = _tokenizer.set(hf_tokenizer)
        try:
            return await super().execute(prompt, label, sampling_params, max_length,  # type: ignore[misc]
                                         hf_tokenizer, llm_engine, *args, **kwargs)
        finally:
            _tokenizer.reset(token)


class _InstanceMixin:
    """One catalog episode per OpenRLHF sample, the simulated user in the loop.

    The sample's ``label`` (a JSON object string written by ``envfactory tasks export-rl --format openrlhf``:
    ``{"env_id": ..., "task_id": ...}``) routes it, so one dataset can mix environments. ``reset`` renders the
    env's opening (system prompt, user request) and tool schemas with the tokenizer's chat template: the
    observation is raw text, as OpenRLHF wants. ``step`` plays the model's turn (Hermes ``<tool_call>`` blocks,
    or a message to the simulated user); the feedback is the env's reply rendered as the template's next turns,
    ending in the assistant's generation prompt. The last step returns the composite reward (``rewards`` and
    ``scores``) and the reward components in ``extra_logs`` (``envfactory/<name>``), which OpenRLHF logs.
    Set ``ENVFACTORY_MAX_TURNS`` (default 30) to cap turns; a capped episode is scored as it stands.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.episode: Rollout | None = None
        self.tokenizer: Any = None

    async def reset(self, states: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """Open the labelled task; return its chat-template text as the observation."""
        import os

        self.tokenizer = _tokenizer.get()
        if self.tokenizer is None:
            raise UsageError(
                "AgentInstance needs the rollout tokenizer: run it through this module's AgentExecutor")
        self.max_turns = int(os.environ.get("ENVFACTORY_MAX_TURNS", "30"))
        self.episode = Rollout(route(states.get("label")), tools_in_system=False)
        messages = self.episode.start()
        text = self.tokenizer.apply_chat_template(messages, tools=self.episode.tools, tokenize=False,
                                                  add_generation_prompt=True)
        return {"observation": text}

    async def step(self, states: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """Play the model's turn; return reward, feedback text and done (OpenRLHF's step dict)."""
        import torch

        assert self.episode is not None, "reset() first"
        eos = str(getattr(self.tokenizer, "eos_token", "") or "")
        action = str(states.get("action_text", ""))
        closed = bool(eos) and action.rstrip().endswith(eos)
        if closed:
            action = action.rstrip()[: -len(eos)]
        out = self.episode.step(action)
        if not out.done and self.episode.turns >= self.max_turns:
            self.episode.finish()
        if self.episode.done:
            reward = float(self.episode.reward or 0.0)
            logs = {k: torch.tensor(v) for k, v in self.episode.metrics().items()}
            self.episode.close()
            return {"rewards": torch.tensor(reward), "scores": torch.tensor(reward), "environment_feedback": "",
                    "done": True, "sampling_params": states.get("sampling_params"), "extra_logs": logs}
        feedback = continuation_text(self.tokenizer, out.messages, closed=closed)
        return {"rewards": torch.tensor(0.0), "scores": torch.tensor(0.0), "environment_feedback": feedback,
                "done": False, "sampling_params": states.get("sampling_params"), "extra_logs": {}}


def __getattr__(name: str) -> Any:
    if name == "AgentInstance":
        return agent_classes()[0]
    if name == "AgentExecutor":
        return agent_classes()[1]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
