"""verifiers / prime-rl: ``load_environment()`` rolled out through the legacy ``vf.MultiTurnEnv`` loop. verifiers
is not installed here (every release pins mcp<2 or mcp==2.0.0, against this package's mcp>=2.3, and 0.4 drops
the legacy API), so the loop is a stand-in of verifiers 0.3.x (standins.py); where verifiers is importable,
the adapter is built on it but these tests still drive the stand-in's loop."""

from __future__ import annotations

import asyncio
import json
import re

from envfactory_gym.integrations.core import component_metrics
from envfactory_gym.integrations.export import task_rows, write_rows

from .conftest import BANKING, RETAIL, reference
from .standins import install_verifiers

_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.DOTALL)


def client(actions):
    """The policy behind an OpenAI endpoint: each turn an assistant message whose tool calls the server parsed
    (verifiers' flat ``{id, name, arguments}`` form)."""
    pending = list(actions)

    def reply(messages, tools):
        assert tools and {"name", "description", "parameters"} <= set(tools[0])
        text = pending.pop(0)
        calls = [json.loads(c) for c in _CALL.findall(text)]
        if not calls:
            return {"role": "assistant", "content": text}
        return {"role": "assistant", "content": _CALL.sub("", text) or None,
                "tool_calls": [{"id": f"c{len(messages)}_{i}", "name": c["name"],
                                "arguments": json.dumps(c["arguments"])} for i, c in enumerate(calls)]}

    return reply


def test_episode_gives_the_gyms_reward_and_components(monkeypatch, tmp_path):
    install_verifiers(monkeypatch)
    from envfactory_gym.integrations.verifiers import load_environment

    ref = reference(RETAIL)
    path = write_rows(task_rows(RETAIL, "verifiers", task_ids=[ref.task_id]), tmp_path / "rows.jsonl")
    env = load_environment(dataset=str(path))
    state = asyncio.run(env.rollout(env.dataset[0], client(ref.actions)))
    assert state["reward"] == ref.reward == 1.0
    metrics = {f"envfactory/{k.removeprefix('envfactory_')}": v for k, v in state["metrics"].items()}
    expected = component_metrics(ref.components)
    assert metrics.pop("envfactory/reward") == ref.reward
    assert metrics == {k: v for k, v in expected.items() if k != "envfactory/reward"}
    roles = [m["role"] for m in state["completion"]]
    assert roles.count("tool") == sum("<tool_call>" in a for a in ref.actions) and roles[-1] == "user"
    assert "envfactory_episode" not in state  # the env is closed and dropped when the rollout ends


def test_mixed_dataset_routes_each_row(monkeypatch):
    install_verifiers(monkeypatch)
    from envfactory_gym.integrations.verifiers import load_environment

    env = load_environment(env_ids=[RETAIL, BANKING], limit=1, max_turns=40)
    assert [r["task"] for r in env.dataset] == [RETAIL, BANKING]
    for row in env.dataset:
        info = json.loads(row["info"])
        ref = reference(info["env_id"], info["task_id"])
        state = asyncio.run(env.rollout(row, client(ref.actions)))
        assert state["reward"] == ref.reward
        assert state["metrics"]["envfactory_trace"] == ref.components["trace"]


def test_running_out_of_turns_scores_the_episode_as_it_stands(monkeypatch):
    install_verifiers(monkeypatch)
    from envfactory_gym.integrations.verifiers import load_environment

    ref = reference(RETAIL)
    env = load_environment(env_ids=RETAIL, task_ids=[ref.task_id], max_turns=2)
    state = asyncio.run(env.rollout(env.dataset[0], client(ref.actions)))
    assert len(state["trajectory"]) == 2 and state["reward"] < 1.0
    assert "envfactory_episode" not in state
