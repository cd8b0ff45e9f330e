"""prime-rl / verifiers: ``load_environment()`` giving a ``vf.MultiTurnEnv`` with one catalog env per rollout."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from envfactory_gym.integrations.core import FINISH_MESSAGE, Rollout, TaskRef, function_tools, require, route

#: The state key the rollout's episode lives under (removed when the rollout is cleaned up).
EPISODE_KEY = "envfactory_episode"
REWARD_KEY = "envfactory_reward"
COMPONENTS_KEY = "envfactory_components"

_cls: type | None = None


def environment_class() -> type:
    """The ``vf.MultiTurnEnv`` subclass (built on first use, so importing this module needs no verifiers)."""
    global _cls
    vf = require("verifiers", "verifiers")
    if _cls is None or not issubclass(_cls, vf.MultiTurnEnv):
        namespace = {name: value for name, value in vars(_EnvMixin).items()
                     if name not in ("__dict__", "__weakref__")}
        namespace["finish_episode"] = vf.cleanup(namespace["finish_episode"], priority=50)
        _cls = type("EnvFactoryEnv", (vf.MultiTurnEnv,), {**namespace, "__module__": __name__})
    return _cls


class _EnvMixin:
    """One catalog episode per verifiers rollout, the simulated user in the loop.

    Each dataset row's ``info`` (``env_id``, ``task_id`` and the env's ``tool_defs``, as written by
    ``envfactory tasks export-rl --format verifiers``) picks its environment, task and tools, so one dataset can
    mix environments. ``setup_state`` opens the episode; ``env_response`` plays the model's turn (its OpenAI
    tool calls, or text to the simulated user) and returns the tool results and the user's reply; when the
    episode ends, that reply is the final env response and the rollout stops. A rollout that runs out of turns
    is scored as it stands. The rubric's reward is the env's composite reward; each component is a metric.
    """

    async def setup_state(self, state: Any, **kwargs: Any) -> Any:
        info = state.get("info") or {}
        episode = Rollout(route(info, default_env_id=getattr(self, "default_env_id", None)),
                          tools_in_system=False)
        messages = episode.start()
        state[EPISODE_KEY] = episode
        if not state.get("prompt"):
            state["prompt"] = messages
        return state

    async def env_response(self, messages: Any, state: Any, **kwargs: Any) -> list[dict[str, Any]]:
        episode: Rollout = state[EPISODE_KEY]
        last = messages[-1] if messages else {"role": "assistant", "content": FINISH_MESSAGE}
        out = episode.step(last)
        reply = [_chat_message(m) for m in out.messages]
        if out.done:
            state["final_env_response"] = reply or [{"role": "user", "content": FINISH_MESSAGE}]
        return reply

    async def finish_episode(self, state: Any) -> None:
        """End the episode (scored as it stands if the rollout stopped first) and keep its reward in the state."""
        episode: Rollout | None = state.pop(EPISODE_KEY, None)
        if episode is None:
            return
        try:
            state[REWARD_KEY] = episode.finish()
            state[COMPONENTS_KEY] = dict(episode.components)
        finally:
            episode.close()


def _chat_message(m: dict[str, Any]) -> dict[str, Any]:
    if m.get("role") == "tool":
        return {"role": "tool", "tool_call_id": str(m.get("tool_call_id") or ""), "content": str(m.get("content"))}
    return {"role": str(m.get("role")), "content": str(m.get("content") or "")}


def reward_funcs(component_names: Sequence[str]) -> tuple[list[Callable[..., float]], list[float]]:
    """The rubric's functions and weights: the composite reward (weight 1) and one metric per component (0)."""

    def envfactory_reward(state: Any, **_: Any) -> float:
        return float(state.get(REWARD_KEY) or 0.0)

    funcs: list[Callable[..., float]] = [envfactory_reward]
    for name in component_names:
        funcs.append(_metric(name))
    return funcs, [1.0] + [0.0] * (len(funcs) - 1)


def _metric(name: str) -> Callable[..., float]:
    def metric(state: Any, **_: Any) -> float:
        value = (state.get(COMPONENTS_KEY) or {}).get(name, 0.0)
        return float(value) if isinstance(value, (int, float)) else 0.0

    metric.__name__ = metric.__qualname__ = f"envfactory_{name}"
    return metric


def component_names(env_id: str) -> list[str]:
    """The numeric reward components an env reports (read off one episode stopped at once)."""
    with Rollout(TaskRef(env_id), seed=0) as episode:
        episode.start()
        episode.finish()
        return [k for k, v in episode.components.items() if isinstance(v, (int, float)) and k != "reward"]


def rows(env_ids: Sequence[str] | str = "EnvFactory/retail-v0", task_ids: Sequence[str] | None = None,
         limit: int | None = None) -> list[dict[str, Any]]:
    """Dataset rows of verifiers' shape (``prompt``, ``info`` with ``env_id``/``task_id``/``tool_defs``,
    ``task``), made from the catalog (see :mod:`envfactory_gym.integrations.export`)."""
    from envfactory_gym.integrations.export import task_rows

    return task_rows(env_ids, "verifiers", task_ids=task_ids, limit=limit)


def load_environment(dataset: Any = None, env_ids: Sequence[str] | str | None = None,
                     task_ids: Sequence[str] | None = None, max_turns: int = 30, limit: int | None = None,
                     **kwargs: Any) -> Any:
    """The verifiers environment (what ``vf-eval``/prime-rl load by name).

    ``dataset`` is a ``datasets.Dataset`` or a JSONL path of exported rows (``envfactory tasks export-rl
    --format verifiers``); without it, rows are made here for ``env_ids`` (default ``EnvFactory/retail-v0``, or
    ``$ENVFACTORY_DATASET`` when set), limited to ``task_ids``/``limit``. Other keywords go to
    ``vf.MultiTurnEnv`` (e.g. ``eval_dataset``).
    """
    vf = require("verifiers", "verifiers")
    datasets = require("datasets", "verifiers")
    dataset = dataset or os.environ.get("ENVFACTORY_DATASET") or None
    if dataset is None:
        data = rows(env_ids or "EnvFactory/retail-v0", task_ids, limit)
    elif isinstance(dataset, (str, os.PathLike)):
        with open(dataset, encoding="utf-8") as f:
            data = [json.loads(line) for line in f if line.strip()]
    else:
        data = None
    if data is not None:
        for r in data:  # verifiers decodes a string ``info``; a string keeps mixed tool lists in one column
            r["info"] = json.dumps(r["info"]) if not isinstance(r.get("info"), str) else r["info"]
        dataset = datasets.Dataset.from_list(data)
    first = route(dataset[0]["info"]).env_id
    funcs, weights = reward_funcs(component_names(first))
    env = environment_class()(dataset=dataset, rubric=vf.Rubric(funcs=funcs, weights=weights),
                              max_turns=max_turns, **kwargs)
    env.default_env_id = first
    return env


def tool_defs(env_id: str) -> list[dict[str, Any]]:
    """An env's tools as verifiers' provider-agnostic tool definitions."""
    with Rollout(TaskRef(env_id)) as episode:
        return function_tools(episode.tools)
