"""GRPO: a couple of updates on library tasks, logged rewards and KL, a reloadable adapter, resume."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("peft")

from envfactory_gym.errors import EnvFactoryError  # noqa: E402
from envfactory_gym.train.config import GRPOConfig  # noqa: E402
from envfactory_gym.train.grpo import group_advantages, resolve_tasks, token_weights, train_grpo  # noqa: E402
from tests.conftest import LIBRARY_ID  # noqa: E402


def test_group_advantages_are_normalised():
    adv = group_advantages([1.0, 0.0, 1.0, 0.0])
    assert adv[0] > 0 > adv[1] and abs(sum(adv)) < 1e-9
    assert group_advantages([0.5, 0.5]) == [0.0, 0.0]


def test_token_weights_per_token_or_per_episode():
    lengths = [10, 30]
    token = token_weights(lengths, "token")
    assert token == [1 / 40, 1 / 40]
    sequence = token_weights(lengths, "sequence")
    # Every episode's tokens sum to the same share, however long it is.
    assert [w * n for w, n in zip(sequence, lengths)] == pytest.approx([0.5, 0.5])
    assert sum(w * n for w, n in zip(token, lengths)) == pytest.approx(1.0)
    with pytest.raises(EnvFactoryError, match="'tokens'"):
        token_weights(lengths, "tokens")


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


@pytest.mark.parametrize("loss_agg", ["token", "sequence"])
def test_min_p_sampling_and_either_loss_average_train(tiny_model, tmp_path, loss_agg):
    out = tmp_path / "grpo"
    config = GRPOConfig(model=str(tiny_model), envs=LIBRARY_ID, out=str(out), group_size=3, steps=1, lr=1e-3,
                        max_new_tokens=8, max_steps_per_episode=2, lora_r=4, lora_alpha=8, threads=1,
                        progress=False, min_p=0.1, loss_agg=loss_agg, temperature=1.5)
    assert train_grpo(config)["steps"] == 1
    (record,) = [json.loads(x) for x in (out / "log.jsonl").read_text().splitlines()]
    assert len(record["rewards"]) == 3 and record["kl"] >= 0.0


def test_several_task_groups_make_one_update(tiny_model, tmp_path):
    from envfactory_gym.train.grpo import tasks_for_update

    refs = resolve_tasks(LIBRARY_ID)
    # Consecutive updates take consecutive tasks of the same seeded order as one task per update would.
    assert tasks_for_update(refs, 3, 1, 2) == tasks_for_update(refs, 3, 2, 1) + tasks_for_update(refs, 3, 3, 1)
    out = tmp_path / "grpo"
    config = GRPOConfig(model=str(tiny_model), envs=LIBRARY_ID, out=str(out), group_size=2, steps=1,
                        tasks_per_step=3, lr=1e-3, max_new_tokens=8, max_steps_per_episode=2, lora_r=4,
                        lora_alpha=8, threads=1, progress=False)
    train_grpo(config)
    (record,) = [json.loads(x) for x in (out / "log.jsonl").read_text().splitlines()]
    assert record["task_ids"] == [r.task_id for r in tasks_for_update(refs, 0, 0, 3)]
    assert len(record["rewards"]) == 6 and record["skipped"] in (0.0, 1 / 3, 2 / 3, 1.0)


def test_tasks_come_from_an_rl_export(tmp_path):
    from envfactory_gym.querygen.export import export_rl
    from tests.conftest import LIBRARY_DIR

    path = tmp_path / "rl.jsonl"
    n = export_rl(LIBRARY_ID, LIBRARY_DIR / "tasks.jsonl", path)
    refs = resolve_tasks(LIBRARY_ID, str(path))
    assert len(refs) == n and refs[0].env_id == LIBRARY_ID


def test_only_generated_tokens_are_scored(tiny_model):
    from transformers import AutoModelForCausalLM

    from envfactory_gym.train.grpo import Segment, sequence_logprobs

    model = AutoModelForCausalLM.from_pretrained(tiny_model)
    seg = Segment(ids=[5, 6, 7, 8, 9, 10, 11, 12, 13, 14], spans=[(3, 5), (7, 10)])
    logprobs = sequence_logprobs(model, seg)
    assert logprobs.shape == (5,) and bool((logprobs <= 0).all())
    # The same numbers as scoring every position and picking the generated ones.
    import torch

    full = torch.log_softmax(model(input_ids=torch.tensor([seg.ids])).logits[0].float(), -1)
    expected = torch.stack([full[p - 1, seg.ids[p]] for p in (3, 4, 7, 8, 9)])
    assert torch.allclose(logprobs, expected, atol=1e-5)
    # At a sampling temperature, the scores are those of the tempered distribution the tokens came from.
    tempered = torch.log_softmax(model(input_ids=torch.tensor([seg.ids])).logits[0].float() / 0.5, -1)
    expected = torch.stack([tempered[p - 1, seg.ids[p]] for p in (3, 4, 7, 8, 9)])
    assert torch.allclose(sequence_logprobs(model, seg, 0.5), expected, atol=1e-5)


def test_episode_tokens_extend_the_sampled_ones_with_the_envs_answer(tiny_model):
    """The next prompt is the sampled tokens verbatim plus the rendered new messages: no re-tokenization."""
    import gymnasium as gym
    from transformers import AutoTokenizer

    from envfactory_gym.train.common import render, template_messages
    from envfactory_gym.train.grpo import Episode, Segment, _encode, _extend

    tok = AutoTokenizer.from_pretrained(tiny_model)
    env = gym.make(LIBRARY_ID, tools_in_system=False)
    obs, _ = env.reset(seed=0, options={"task_index": 0})
    tools = env.unwrapped.tool_schemas
    prompt = _encode(tok, obs, tools)
    episode = Episode(segments=[Segment(list(prompt))])
    call = env.unwrapped.task.gold_calls[0]
    text = f'<tool_call>{{"name": "{call.name}", "arguments": {json.dumps(call.arguments)}}}</tool_call>'
    sampled = tok(text, add_special_tokens=False)["input_ids"]  # cut at the stop string: no EOS yet
    seg = episode.segments[0]
    seg.spans.append((len(seg.ids), len(seg.ids) + len(sampled)))
    seg.ids += sampled
    before = len(obs)
    obs, *_ = env.step(text)
    _extend(tok, episode, obs, before, tools)
    assert len(episode.segments) == 1
    assert seg.ids[: seg.spans[0][1]] == prompt + sampled and seg.ids[seg.spans[0][1]] == tok.eos_token_id
    full = render(tok, template_messages(tok, obs), tools, add_generation_prompt=True)
    head = render(tok, template_messages(tok, obs[: before + 1]), tools)
    # After the sampled turn: the template's end of turn, the tool result and the next generation prompt.
    assert tok.decode(seg.ids[seg.spans[0][1]:]) == "<|im_end|>\n" + full[len(head):]
    assert '"member_id"' in full[len(head):] and full.endswith("<|im_start|>assistant\n")
    env.close()


def test_a_turn_is_cut_right_after_its_first_call(tiny_model):
    from transformers import AutoTokenizer

    from envfactory_gym.train.grpo import CALL_END, _cut_after

    tok = AutoTokenizer.from_pretrained(tiny_model)
    call = '<tool_call>{"name": "get_book", "arguments": {}}</tool_call>'
    ids = tok(call + call + " and more", add_special_tokens=False)["input_ids"]
    cut = _cut_after(tok, ids, CALL_END)
    assert tok.decode(cut) == call and cut == ids[: len(cut)]
    assert _cut_after(tok, ids[:5], CALL_END) == ids[:5]  # no stop string: unchanged
