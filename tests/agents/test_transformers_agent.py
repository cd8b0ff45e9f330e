"""The local transformers agent with a tiny model built here and loaded through ``from_pretrained(folder)``."""

from __future__ import annotations

import gymnasium as gym
import pytest

from tests.conftest import LIBRARY_ID

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

from envfactory_gym.agents import make_agent  # noqa: E402
from envfactory_gym.eval.harness import plan_episodes, run_eval  # noqa: E402


@pytest.fixture
def env():
    e = gym.make(LIBRARY_ID)
    yield e
    e.close()


def test_prompt_uses_the_chat_template_and_lists_tools(tiny_model, env):
    agent = make_agent("transformers", model=str(tiny_model), max_new_tokens=8, threads=1)
    obs, info = env.reset(options={"task_id": "lib-title"})
    agent.reset(env, obs, info)
    prompt = agent.prompt(obs)
    assert prompt.startswith("<|im_start|>system\n") and prompt.endswith("<|im_start|>assistant\n")
    assert "get_book(" in prompt and "<tool_call>" in prompt  # the env's compact tool list and call format
    action = agent.act(obs, info)
    assert isinstance(action, str)
    env.step(action)  # whatever the model wrote, the env takes it


def test_sampling_is_seeded_and_greedy_is_deterministic(tiny_model, env):
    agent = make_agent("transformers", model=str(tiny_model), max_new_tokens=12, temperature=1.0, threads=1)
    obs, info = env.reset(options={"task_id": "lib-title"})
    agent.reset(env, obs, info)
    agent.set_episode_seed(7)
    first = agent.act(obs, info)
    agent.set_episode_seed(7)
    assert agent.act(obs, info) == first
    greedy = make_agent("transformers", model=str(tiny_model), max_new_tokens=12, threads=1)
    greedy.reset(env, obs, info)
    assert greedy.act(obs, info) == greedy.act(obs, info)


def test_batched_generation_runs_several_envs(tiny_model, tmp_path):
    agent = make_agent("transformers", model=str(tiny_model), max_new_tokens=16, max_steps=3, threads=1)
    calls = []
    original = agent.generate
    agent.generate = lambda prompts, seed=None, keys=None: calls.append(len(prompts)) or original(prompts, seed, keys)
    specs = plan_episodes([LIBRARY_ID], trials=2)
    result = run_eval(specs, lambda: agent, tmp_path / "cached", concurrency=4, progress=False)
    assert result.played == 8 and not result.errors
    assert max(calls) == 4  # four episodes decoded per generate call
    assert all(r["steps"] <= 3 for r in result.records)
    assert all(0.0 <= r["reward"] <= 1.0 for r in result.records)
    assert len(agent.sessions)  # the episodes' caches were kept between turns...
    agent.sessions = None
    plain = run_eval(specs, lambda: agent, tmp_path / "plain", concurrency=4, progress=False)
    key = lambda r: (r["task_id"], r["trial"])  # noqa: E731
    # ...and decoding every turn from scratch plays the very same episodes.
    assert [r["messages"] for r in sorted(plain.records, key=key)] == [
        r["messages"] for r in sorted(result.records, key=key)]


def test_a_folder_that_is_not_an_adapter_is_named_in_the_error(tiny_model, tmp_path):
    from envfactory_gym.errors import EnvFactoryError

    with pytest.raises(EnvFactoryError, match="not a LoRA adapter folder"):
        make_agent("transformers", model=str(tiny_model), adapter=str(tmp_path), threads=1)



def test_an_adapter_stays_unmerged_beside_bfloat16_weights(tiny_model, tmp_path):
    """bfloat16 rounds a merged delta away: the agent must decode with the policy that was trained."""
    pytest.importorskip("peft")
    from peft import LoraConfig, PeftModel, get_peft_model
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    base = AutoModelForCausalLM.from_pretrained(tiny_model)
    lora = get_peft_model(base, LoraConfig(r=4, lora_alpha=8, target_modules=["q_proj", "v_proj"],
                                           init_lora_weights=False))
    with torch.no_grad():  # a delta far below bfloat16's resolution of the base weights
        for name, param in lora.named_parameters():
            if "lora_B" in name:
                param.mul_(1e-3)
    lora.save_pretrained(tmp_path / "adapter")
    ids = torch.tensor([[5, 17, 33, 60, 2, 9]])

    agent = make_agent("transformers", model=str(tiny_model), adapter=str(tmp_path / "adapter"),
                       dtype="bfloat16", threads=1)
    assert isinstance(agent.model, PeftModel)
    trained = PeftModel.from_pretrained(
        AutoModelForCausalLM.from_pretrained(tiny_model, dtype=torch.bfloat16), str(tmp_path / "adapter")).eval()
    with torch.no_grad():
        assert torch.equal(agent.model(input_ids=ids).logits, trained(input_ids=ids).logits)
        merged = trained.merge_and_unload()
        assert not torch.equal(agent.model(input_ids=ids).logits, merged(input_ids=ids).logits)

    full = make_agent("transformers", model=str(tiny_model), adapter=str(tmp_path / "adapter"), threads=1)
    assert not isinstance(full.model, PeftModel)  # float32 merges without loss


def test_eval_command_loads_a_local_model_in_bfloat16(tiny_model, tmp_path):
    from envfactory_gym.cli import main

    report = tmp_path / "run"
    argv = ["eval", "--agent", "transformers", "--model", str(tiny_model), "--dtype", "bfloat16", "--envs",
            LIBRARY_ID, "--limit", "1", "--max-tokens", "4", "--max-steps", "1", "--threads", "1",
            "--report", str(report), "--quiet"]
    assert main(argv) == 0
    assert (report / "episodes.jsonl").read_text().count("\n") == 1
    with pytest.raises(SystemExit):
        main(argv[:5] + ["--dtype", "bf16"] + argv[7:])  # argparse names the valid choices
