"""Minimal stand-ins for trainers that do not install on a CPU machine, written from their published interfaces.

Each mirrors the signatures and the call order of the release named beside it (read from its source); none
copies its code. They are used only when the real package is not importable:

- verl 0.9.1 (``pip install verl`` would replace transformers 5.24 with 5.10): ``AgentLoopBase.__init__(
  trainer_config, server_manager, tokenizer, processor, dataset_cls, data_config, **kwargs)``, ``run(
  sampling_params, **row) -> AgentLoopOutput``, ``@register(name)`` filling ``_agent_loop_registry[name] =
  {"_target_": "module.Class"}``, which the worker instantiates (hydra) and runs; ``server_manager.generate(
  request_id, *, prompt_ids, sampling_params) -> TokenOutput(token_ids, log_probs)``.
- OpenRLHF 0.11.2 (needs deepspeed and flash-attn builds): ``AgentInstanceBase``, ``AgentExecutorBase``,
  ``MultiTurnAgentExecutor(agent_instance_cls).execute(prompt, label, sampling_params, max_length,
  hf_tokenizer, llm_engine)``: ``reset({"observation", "label"})``, then generate / ``step({"observation_text",
  "action_text", "label", "sampling_params"})`` until ``done``, summing ``rewards.item()``.
- verifiers 0.3.x legacy API (every release pins mcp<2 or ==2.0, against this package's mcp>=2.3):
  ``MultiTurnEnv(dataset, rubric, max_turns)``, ``setup_state``, ``env_response(messages, state)``,
  ``state["final_env_response"]`` ending the rollout, ``@cleanup`` handlers after it, ``Rubric(funcs, weights)``
  calling each function with the arguments it names.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import sys
import types
from collections.abc import Callable
from typing import Any

import pydantic


def _module(monkeypatch: Any, name: str, **attrs: Any) -> types.ModuleType:
    """Put a stand-in module (and any missing parent packages) into ``sys.modules`` for the test's duration."""
    parts = name.split(".")
    for i in range(1, len(parts)):
        parent = ".".join(parts[:i])
        if parent not in sys.modules:
            package = types.ModuleType(parent)
            package.__path__ = []  # type: ignore[attr-defined]
            monkeypatch.setitem(sys.modules, parent, package)
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    monkeypatch.setitem(sys.modules, name, mod)
    return mod


# ---------------------------------------------------------------- verl


def install_verl(monkeypatch: Any) -> types.ModuleType:
    """``verl.experimental.agent_loop.agent_loop`` (and the ``TokenOutput`` of ``verl.workers.rollout.replica``)."""
    registry: dict[str, dict[str, Any]] = {}

    class AgentLoopMetrics(pydantic.BaseModel):
        generate_sequences: float = 0.0
        tool_calls: float = 0.0

    class AgentLoopOutput(pydantic.BaseModel):
        prompt_ids: list[int]
        response_ids: list[int]
        response_mask: list[int]
        response_logprobs: list[float] | None = None
        reward_score: float | None = None
        num_turns: int = 0
        metrics: AgentLoopMetrics
        extra_fields: dict[str, Any] = {}

    class AgentLoopBase:
        def __init__(self, trainer_config: Any, server_manager: Any, tokenizer: Any, processor: Any,
                     dataset_cls: Any, data_config: Any, hf_model_type: str | None = None, **kwargs: Any) -> None:
            self.config = trainer_config.config
            self.rollout_config = self.config.actor_rollout_ref.rollout
            self.server_manager, self.tokenizer, self.processor = server_manager, tokenizer, processor
            self.data_config = data_config.config
            self.apply_chat_template_kwargs = self.data_config.get("apply_chat_template_kwargs", {})

        async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> AgentLoopOutput:
            raise NotImplementedError

    def register(agent_name: str) -> Callable[[type], type]:
        def decorator(cls: type) -> type:
            registry[agent_name] = {"_target_": f"{cls.__module__}.{cls.__qualname__}"}
            return cls
        return decorator

    class TokenOutput(pydantic.BaseModel):
        token_ids: list[int]
        log_probs: list[float] | None = None

    _module(monkeypatch, "verl.workers.rollout.replica", TokenOutput=TokenOutput)
    return _module(monkeypatch, "verl.experimental.agent_loop.agent_loop", AgentLoopBase=AgentLoopBase,
                   AgentLoopOutput=AgentLoopOutput, AgentLoopMetrics=AgentLoopMetrics, register=register,
                   _agent_loop_registry=registry)


class _Wrap:
    def __init__(self, config: Any) -> None:
        self.config = config


def run_verl_row(agent_loop: types.ModuleType, row: dict[str, Any], tokenizer: Any, server: Any,
                 response_length: int = 1 << 16, agent_loop_config: list[dict[str, Any]] | None = None) -> Any:
    """What verl's ``AgentLoopWorker`` does for one row: add the entries of ``agent_loop_config_path`` (a list of
    ``{name, _target_, ...}``) to the registry, look the row's ``agent_name`` up, instantiate its ``_target_``
    (hydra's way: import the dotted path, pass the other keys and the worker's objects), run it."""
    for entry in agent_loop_config or []:
        agent_loop._agent_loop_registry[entry["name"]] = dict(entry)
    config_entry = dict(agent_loop._agent_loop_registry[row["agent_name"]])
    module, _, name = config_entry.pop("_target_").rpartition(".")
    config_entry.pop("name", None)
    cls = getattr(importlib.import_module(module), name)
    rollout = types.SimpleNamespace(response_length=response_length, prompt_length=1 << 16)
    config = types.SimpleNamespace(actor_rollout_ref=types.SimpleNamespace(rollout=rollout))
    loop = cls(trainer_config=_Wrap(config), server_manager=server, tokenizer=tokenizer, processor=None,
               dataset_cls=None, data_config=_Wrap({}), hf_model_type=None, **config_entry)
    kwargs = {**row, "raw_prompt": row["prompt"]}
    return asyncio.run(loop.run({"temperature": 1.0}, **kwargs))


# ---------------------------------------------------------------- OpenRLHF


def install_openrlhf(monkeypatch: Any) -> types.ModuleType:
    """``openrlhf.utils.agent``: the base classes and the multi-turn executor's loop."""

    class AgentExecutorBase:
        async def execute(self, prompt: Any, label: Any, sampling_params: Any, max_length: int, hf_tokenizer: Any,
                          llm_engine: Any, images: Any = None) -> Any:
            raise NotImplementedError

    class AgentInstanceBase:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        async def reset(self, states: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
            return states

        async def step(self, state_dict: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
            raise NotImplementedError

    class MultiTurnAgentExecutor(AgentExecutorBase):
        def __init__(self, agent_instance_cls: type) -> None:
            assert issubclass(agent_instance_cls, AgentInstanceBase)
            self.agent_instance_cls = agent_instance_cls

        async def execute(self, prompt: Any, label: Any, sampling_params: Any, max_length: int, hf_tokenizer: Any,
                          llm_engine: Any, images: Any = None) -> dict[str, Any]:
            agent = self.agent_instance_cls()
            text = (await agent.reset({"observation": prompt, "label": label}))["observation"]
            tokens = hf_tokenizer.encode(text, add_special_tokens=False)
            total, score, logs, ranges = 0.0, 0.0, {}, []
            while len(tokens) < max_length:
                out = (await llm_engine.generate(tokens, sampling_params)).outputs[0]
                ranges.append((len(tokens), len(tokens) + len(out.token_ids)))
                result = await agent.step({"observation_text": text, "action_text": out.text, "label": label,
                                           "sampling_params": sampling_params})
                total += result["rewards"].item()
                score = result.get("scores", total)
                logs = result.get("extra_logs", {})
                feedback = result["environment_feedback"]
                text += out.text + feedback
                tokens += list(out.token_ids) + hf_tokenizer.encode(feedback, add_special_tokens=False)
                if result["done"]:
                    break
            return {"prompt": prompt, "label": label, "reward": total, "scores": score, "extra_logs": logs,
                    "observation_tokens": tokens, "action_ranges": ranges, "observation_text": text}

    return _module(monkeypatch, "openrlhf.utils.agent", AgentExecutorBase=AgentExecutorBase,
                   AgentInstanceBase=AgentInstanceBase, MultiTurnAgentExecutor=MultiTurnAgentExecutor)


# ---------------------------------------------------------------- verifiers


def install_verifiers(monkeypatch: Any) -> types.ModuleType:
    """``verifiers`` (the legacy ``import verifiers as vf`` surface): MultiTurnEnv's rollout loop, Rubric."""

    def cleanup(func: Callable[..., Any] | None = None, priority: int = 0, stage: str = "rollout") -> Any:
        def mark(f: Callable[..., Any]) -> Callable[..., Any]:
            f.cleanup, f.cleanup_priority = True, priority  # type: ignore[attr-defined]
            return f
        return mark(func) if func is not None else mark

    class Rubric:
        def __init__(self, funcs: list[Callable[..., Any]] | None = None, weights: list[float] | None = None,
                     parser: Any = None) -> None:
            self.funcs = list(funcs or [])
            self.weights = list(weights or [1.0] * len(self.funcs))

        async def score_rollout(self, state: dict[str, Any]) -> None:
            given = {"state": state, "prompt": state["prompt"], "completion": state.get("completion"),
                     "info": state.get("info"), "answer": state.get("answer", "")}
            metrics = {}
            for f in self.funcs:
                params = inspect.signature(f).parameters
                takes_all = any(p.kind is p.VAR_KEYWORD for p in params.values())
                metrics[f.__name__] = float(f(**{k: v for k, v in given.items() if takes_all or k in params}))
            state["metrics"] = metrics
            state["reward"] = sum(w * metrics[f.__name__] for f, w in zip(self.funcs, self.weights))

    class MultiTurnEnv:
        def __init__(self, dataset: Any = None, rubric: Rubric | None = None, max_turns: int = -1,
                     **kwargs: Any) -> None:
            self.dataset, self.rubric, self.max_turns = dataset, rubric or Rubric(), max_turns

        async def setup_state(self, state: dict[str, Any]) -> dict[str, Any]:
            return state

        async def env_response(self, messages: list[Any], state: dict[str, Any], **kwargs: Any) -> list[Any]:
            raise NotImplementedError

        async def rollout(self, row: dict[str, Any], client: Callable[[list[Any], list[Any]], Any]) -> dict:
            import json

            info = row.get("info")
            state: dict[str, Any] = {"prompt": list(row["prompt"]), "info": json.loads(info) if isinstance(
                info, str) else info, "answer": row.get("answer", ""), "trajectory": [], "final_env_response": None}
            state = await self.setup_state(state) or state
            messages = list(state["prompt"])
            tools = state["info"].get("tool_defs", [])
            while not (state["final_env_response"] is not None
                       or (self.max_turns > 0 and len(state["trajectory"]) >= self.max_turns)):
                if state["trajectory"]:
                    messages += await self.env_response(messages, state)
                    if state["final_env_response"] is not None:
                        break
                reply = client(messages, tools)
                messages.append(reply)
                state["trajectory"].append(reply)
            state["completion"] = messages[len(state["prompt"]):]
            handlers = [getattr(self, n) for n in dir(type(self)) if getattr(getattr(self, n, None), "cleanup", 0)]
            for h in sorted(handlers, key=lambda h: -h.cleanup_priority):
                await h(state)
            await self.rubric.score_rollout(state)
            return state

    return _module(monkeypatch, "verifiers", MultiTurnEnv=MultiTurnEnv, Rubric=Rubric, cleanup=cleanup)
