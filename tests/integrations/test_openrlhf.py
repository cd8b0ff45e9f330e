"""OpenRLHF: the agent file's ``AgentExecutor``/``AgentInstance`` run through OpenRLHF's multi-turn executor
loop. OpenRLHF does not install here (it builds deepspeed and flash-attn), so the loop is a stand-in of
``openrlhf.utils.agent`` 0.11.2 (standins.py); where OpenRLHF is importable, its own module is used."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest

from envfactory_gym.integrations.core import component_metrics
from envfactory_gym.integrations.export import task_rows

from .conftest import BANKING, RETAIL, reference
from .standins import install_openrlhf

AGENT_FILE = Path(__file__).parents[2] / "examples" / "openrlhf" / "agent_func.py"


@pytest.fixture
def executor(monkeypatch):
    """``AgentExecutor()`` loaded from the example agent file, as ``--train.agent_func_path`` loads it."""
    try:
        import openrlhf.utils.agent  # noqa: F401
    except ImportError:
        install_openrlhf(monkeypatch)
    spec = importlib.util.spec_from_file_location("agent_module", AGENT_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.AgentExecutor()


class Engine:
    """vLLM as OpenRLHF calls it (``skip_special_tokens=False``: the text keeps the end-of-turn token)."""

    def __init__(self, tokenizer, actions):
        self.tokenizer, self.actions = tokenizer, list(actions)

    async def generate(self, token_ids, sampling_params, **_):
        text = self.actions.pop(0) + self.tokenizer.eos_token
        return SimpleNamespace(outputs=[SimpleNamespace(token_ids=self.tokenizer.encode(text), text=text,
                                                        finish_reason="stop", logprobs=None)])


def run(executor, row, tokenizer, actions):
    params = SimpleNamespace(max_tokens=None, logprobs=None)
    return asyncio.run(executor.execute(row["prompt"], row["label"], params, 1 << 20, tokenizer,
                                        Engine(tokenizer, actions)))


def test_episode_gives_the_gyms_reward_and_components(executor, tokenizer):
    ref = reference(RETAIL)
    row = task_rows(RETAIL, "openrlhf", task_ids=[ref.task_id])[0]
    out = run(executor, row, tokenizer, ref.actions)
    assert out["reward"] == out["scores"].item() == ref.reward == 1.0
    assert {k: v.item() for k, v in out["extra_logs"].items()} == component_metrics(ref.components)
    text = tokenizer.decode(out["observation_tokens"])
    assert text.startswith("<|im_start|>system\n") and "<tools>" in text  # chat-template text with tools
    # the env's replies follow each turn as template text, ending in the next generation prompt
    assert text.count("<|im_start|>assistant\n") == len(ref.actions)
    assert "<|im_end|><|im_end|>" not in text


def test_mixed_dataset_routes_each_row(executor, tokenizer):
    for row in task_rows([RETAIL, BANKING], "openrlhf", limit=1):
        from envfactory_gym.integrations.core import route

        ref = reference(route(row).env_id, route(row).task_id)
        out = run(executor, row, tokenizer, ref.actions)
        assert out["reward"] == ref.reward
        assert {k: v.item() for k, v in out["extra_logs"].items()} == component_metrics(ref.components)
