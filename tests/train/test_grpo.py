"""GRPO: a couple of updates on library tasks, logged rewards and KL, a reloadable adapter, resume."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("peft")

from envfactory_gym.train.config import GRPOConfig  # noqa: E402
from envfactory_gym.train.grpo import group_advantages, resolve_tasks, train_grpo  # noqa: E402
from tests.conftest import LIBRARY_ID  # noqa: E402


def test_group_advantages_are_normalised():
    adv = group_advantages([1.0, 0.0, 1.0, 0.0])
    assert adv[0] > 0 > adv[1] and abs(sum(adv)) < 1e-9
    assert group_advantages([0.5, 0.5]) == [0.0, 0.0]


def test_two_updates_log_rewards_and_kl_and_save_a_reloadable_adapter(tiny_model, tmp_path):
    from peft import PeftModel
    from transformers import AutoModelForCausalLM

    out = tmp_path / "grpo"
    config = GRPOConfig(model=str(tiny_model), envs=LIBRARY_ID, out=str(out), group_size=2, steps=2, lr=1e-3,
                        max_new_tokens=8, max_steps_per_episode=2, max_prompt_tokens=256, lora_r=4,
                        lora_alpha=8, threads=1, progress=False, save_steps=1)
    summary = train_grpo(config)
    assert summary["steps"] == 2
    lines = [json.loads(x) for x in (out / "log.jsonl").read_text().splitlines()]
    assert [r["step"] for r in lines] == [1, 2]
    for r in lines:
        assert len(r["rewards"]) == 2 and 1 <= r["episode_len"] <= 2
        assert {"reward", "trace", "state", "format_penalty"} <= set(r["components"])
        assert r["kl"] >= 0.0 and "clip_frac" in r
    base = AutoModelForCausalLM.from_pretrained(tiny_model)
    PeftModel.from_pretrained(base, str(out))
    config.steps, config.resume = 3, True
    assert train_grpo(config)["steps"] == 3
    assert [json.loads(x)["step"] for x in (out / "log.jsonl").read_text().splitlines()] == [1, 2, 3]


def test_tasks_come_from_an_rl_export(tmp_path):
    from envfactory_gym.querygen.export import export_rl
    from tests.conftest import LIBRARY_DIR

    path = tmp_path / "rl.jsonl"
    n = export_rl(LIBRARY_ID, LIBRARY_DIR / "tasks.jsonl", path)
    refs = resolve_tasks(LIBRARY_ID, str(path))
    assert len(refs) == n and refs[0].env_id == LIBRARY_ID


def test_only_generated_tokens_are_scored(tiny_model):
    from transformers import AutoModelForCausalLM

    from envfactory_gym.train.grpo import Turn, completion_logprobs

    model = AutoModelForCausalLM.from_pretrained(tiny_model)
    turn = Turn(prompt_ids=[5, 6, 7, 8, 9], completion_ids=[10, 11, 12])
    logprobs = completion_logprobs(model, turn)
    assert logprobs.shape == (3,) and bool((logprobs <= 0).all())
