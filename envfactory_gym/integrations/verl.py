"""verl: an agent loop (``@register("envfactory_gym")``) that holds one catalog env per trajectory."""

from __future__ import annotations

import asyncio
import functools
import uuid
from typing import Any

from envfactory_gym.integrations.core import Rollout, continuation_ids, require, route

#: The ``agent_name`` the rows carry (the exporter writes it) and the loop registers under.
AGENT_NAME = "envfactory_gym"
_AGENT_LOOP_MODULE = "verl.experimental.agent_loop.agent_loop"

_cls: type | None = None


def agent_loop_class() -> type:
    """The ``AgentLoopBase`` subclass, registered as :data:`AGENT_NAME` (built on first use, so importing this
    module needs no verl). verl's hydra loader reaches it as ``envfactory_gym.integrations.verl.EnvFactoryAgentLoop``.
    """
    global _cls
    agent_loop = require(_AGENT_LOOP_MODULE, "verl")
    if _cls is None or not issubclass(_cls, agent_loop.AgentLoopBase):
        cls = type("EnvFactoryAgentLoop", (_LoopMixin, agent_loop.AgentLoopBase),
                   {"__module__": __name__, "__qualname__": "EnvFactoryAgentLoop", "__doc__": _LoopMixin.__doc__})
        _cls = agent_loop.register(AGENT_NAME)(cls)
    return _cls


class _LoopMixin:
    """One catalog episode per verl trajectory, the simulated user in the loop.

    verl picks it per row by ``agent_name: envfactory_gym``; the row's ``extra_info`` (``env_id``, ``task_id``,
    written by ``envfactory tasks export-rl --format verl``) routes it to its environment and task, so one
    dataset may mix environments. The loop renders the env's opening with the env's tool schemas through the
    tokenizer's chat template, then alternates: the policy generates a turn (token ids from verl's server
    manager), the env plays it (tool calls in Hermes ``<tool_call>`` blocks, or text to the simulated user), and
    the env's reply (tool results, the user's answer) is appended as template tokens masked out of the loss.
    It stops when the episode ends, after ``max_turns`` turns (then the episode is scored as it stands) or when
    the response budget is spent. ``reward_score`` is the env's composite reward; ``extra_fields`` carries
    ``reward_extra_info`` (the reward components, ``envfactory/<name>``, which verl logs per sample).

    Settings (keys of the agent loop's YAML entry, next to ``_target_``): ``max_turns`` (default 30),
    ``env_id`` (for rows without one), ``env_kwargs`` (for ``gym.make``).
    """

    def __init__(self, *args: Any, max_turns: int = 30, env_id: str | None = None,
                 env_kwargs: dict[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_turns = int(max_turns)
        self.default_env_id = env_id
        self.env_kwargs = {"tools_in_system": False, **dict(env_kwargs or {})}
        rollout = getattr(self, "rollout_config", None)
        self.response_length = int(getattr(rollout, "response_length", 0) or 0) or 1 << 30
        self.template_kwargs = dict(getattr(self, "apply_chat_template_kwargs", None) or {})

    async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> Any:
        """Play one trajectory; return verl's ``AgentLoopOutput``."""
        agent_loop = require(_AGENT_LOOP_MODULE, "verl")
        tokenizer = self.tokenizer  # type: ignore[attr-defined]
        ref = route(kwargs, default_env_id=self.default_env_id)
        loop = asyncio.get_running_loop()
        episode = await loop.run_in_executor(None, lambda: Rollout(ref, **self.env_kwargs))
        try:
            messages = await loop.run_in_executor(None, episode.start)
            prompt_ids = await loop.run_in_executor(None, lambda: _ids(tokenizer.apply_chat_template(
                messages, tools=episode.tools, add_generation_prompt=True, tokenize=True, **self.template_kwargs)))
            response_ids: list[int] = []
            mask: list[int] = []
            logprobs: list[float] | None = []
            request_id = uuid.uuid4().hex
            eos = getattr(tokenizer, "eos_token_id", None)
            while episode.turns < self.max_turns and len(response_ids) < self.response_length:
                out = await self.server_manager.generate(  # type: ignore[attr-defined]
                    request_id=request_id, prompt_ids=prompt_ids + response_ids, sampling_params=sampling_params)
                ids = list(getattr(out, "token_ids", out))
                response_ids += ids
                mask += [1] * len(ids)
                got = getattr(out, "log_probs", None)
                logprobs = None if logprobs is None or got is None else logprobs + list(got)
                text = tokenizer.decode(ids, skip_special_tokens=True)
                step = await loop.run_in_executor(None, episode.step, text)
                if step.done:
                    break
                closed = bool(ids) and ids[-1] == eos
                obs_ids = await loop.run_in_executor(None, functools.partial(
                    continuation_ids, tokenizer, step.messages, closed=closed, **self.template_kwargs))
                response_ids += obs_ids
                mask += [0] * len(obs_ids)
                logprobs = None if logprobs is None else logprobs + [0.0] * len(obs_ids)
            reward = await loop.run_in_executor(None, episode.finish)
            n = self.response_length
            return agent_loop.AgentLoopOutput(
                prompt_ids=prompt_ids, response_ids=response_ids[:n], response_mask=mask[:n],
                response_logprobs=logprobs[:n] if logprobs else None, reward_score=reward,
                num_turns=len(episode.messages), metrics={},
                extra_fields={"reward_extra_info": episode.metrics(), "env_id": ref.env_id,
                              "task_id": episode.task_id, "turn_scores": [], "tool_rewards": []})
        finally:
            episode.close()


def _ids(rendered: Any) -> list[int]:
    """Token ids from ``apply_chat_template(tokenize=True)``: a list, or (transformers 5) a mapping of them."""
    if isinstance(rendered, dict) or hasattr(rendered, "keys"):
        rendered = rendered["input_ids"]
    return [int(i) for i in rendered]


def __getattr__(name: str) -> Any:
    if name == "EnvFactoryAgentLoop":
        return agent_loop_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
