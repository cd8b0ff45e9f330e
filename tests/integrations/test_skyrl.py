"""SkyRL: the adapter made and stepped through the real ``skyrl_gym`` (``skyrl_gym.make(env_class, env_config=...,
extras=row)``, ``init``/``step``/``close``, ``get_metrics``), as SkyRL's generator drives it."""

from __future__ import annotations

import pytest

from envfactory_gym.integrations.core import component_metrics
from envfactory_gym.integrations.export import task_rows

from .conftest import BANKING, RETAIL, reference

skyrl_gym = pytest.importorskip("skyrl_gym")
omegaconf = pytest.importorskip("omegaconf")


def play(row: dict, actions: list[str], max_turns: int = 30, env_config: dict | None = None):
    """One trajectory the way SkyRL's generator runs it: the row's ``prompt`` and ``env_class`` are taken out,
    every other column is ``env_extras`` (plus ``max_turns``); the model's turns go to ``step`` until done."""
    from envfactory_gym.integrations import skyrl

    skyrl.register()
    row = dict(row)
    prompt, env_class = row.pop("prompt"), row.pop("env_class")
    extras = {**row, "max_turns": max_turns}
    env = skyrl_gym.make(env_class, env_config=omegaconf.DictConfig(env_config or {}), extras=extras)
    chat, _ = env.init(prompt)
    assert [m["role"] for m in chat] == ["system", "user"]
    outputs = []
    for action in actions:
        out = env.step(action)
        outputs.append(out)
        if out["done"]:
            break
    metrics = env.get_metrics()
    env.close()
    return chat, outputs, metrics


def test_episode_gives_the_gyms_reward_and_components():
    from skyrl_gym.envs.base_text_env import BaseTextEnv

    ref = reference(RETAIL)
    row = task_rows(RETAIL, "skyrl", task_ids=[ref.task_id])[0]
    chat, outputs, metrics = play(row, ref.actions)
    assert "<tool_call>" in chat[0]["content"]  # SkyRL renders no tool schemas: the system prompt lists the tools
    assert len(outputs) == len(ref.actions) and outputs[-1]["done"]
    assert outputs[-1]["reward"] == ref.reward == 1.0
    assert outputs[-1]["metadata"]["reward_components"] == ref.components
    assert metrics == component_metrics(ref.components)
    assert BaseTextEnv.aggregate_metrics([metrics, metrics])["envfactory/trace"] == ref.components["trace"]
    # state held across steps: tool results come back as tool messages, the simulated user answers text
    roles = [m["role"] for out in outputs[:-1] for m in out["observations"]]
    assert roles.count("tool") == sum("<tool_call>" in a for a in ref.actions) and "user" in roles


def test_mixed_dataset_routes_each_row():
    rows = task_rows([RETAIL, BANKING], "skyrl", limit=1)
    assert {r["env_class"] for r in rows} == {"envfactory"}
    for row in rows:
        ref = reference(row["env_id"], row["task_id"])
        _, outputs, metrics = play(row, ref.actions)
        assert outputs[-1]["metadata"]["env_id"] == ref.env_id
        assert (outputs[-1]["reward"], metrics) == (ref.reward, component_metrics(ref.components))


def test_max_turns_ends_and_scores_the_episode():
    ref = reference(RETAIL)
    row = task_rows(RETAIL, "skyrl", task_ids=[ref.task_id])[0]
    _, outputs, _ = play(row, ref.actions, max_turns=2)
    assert len(outputs) == 2 and outputs[-1]["done"] and outputs[-1]["reward"] < 1.0
