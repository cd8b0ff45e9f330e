"""SFT: the assistant-only label mask, training steps, a decreasing loss, checkpoints and resume."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("torch")
pytest.importorskip("peft")

from envfactory_gym.train.config import SFTConfig  # noqa: E402
from envfactory_gym.train.sft import (  # noqa: E402
    IGNORE_INDEX,
    assistant_char_spans,
    load_records,
    tokenize_record,
    train_sft,
)


def _config(tiny_model, data, out, **kw) -> SFTConfig:
    base = dict(model=str(tiny_model), data=str(data), out=str(out), lora_r=4, lora_alpha=8, batch_size=1,
                grad_accum=1, max_length=4096, threads=1, progress=False)
    base.update(kw)
    return SFTConfig(**base)


def test_label_mask_is_exactly_the_assistant_tokens(tiny_model, sft_file):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    record = next(r for r in load_records(sft_file) if sum(m["role"] == "assistant" for m in r["messages"]) >= 2)
    text, spans = assistant_char_spans(tokenizer, record["messages"], record["tools"])
    assert len(spans) == sum(m["role"] == "assistant" for m in record["messages"])
    assert all(text[s:e].endswith("<|im_end|>\n") for s, e in spans)
    assert "<tool_call>" in "".join(text[s:e] for s, e in spans)  # tool calls carry loss
    enc = tokenize_record(tokenizer, record, max_length=10_000)
    assert enc["input_ids"] == tokenizer(text, add_special_tokens=False)["input_ids"]
    kept = [t for t, lab in zip(enc["input_ids"], enc["labels"]) if lab != IGNORE_INDEX]
    assert all(lab in (t, IGNORE_INDEX) for t, lab in zip(enc["input_ids"], enc["labels"]))
    assert tokenizer.decode(kept) == "".join(text[s:e] for s, e in spans)
    masked = tokenizer.decode([t for t, lab in zip(enc["input_ids"], enc["labels"]) if lab == IGNORE_INDEX])
    assert "<|im_start|>user" in masked and "<|im_start|>tool" in masked and "<|im_start|>system" in masked
    assert "<|im_start|>assistant" in masked  # the generation prompt is context, not target


def test_two_steps_then_resume_continues_the_step_count(tiny_model, sft_file, tmp_path):
    out = tmp_path / "adapter"
    first = train_sft(_config(tiny_model, sft_file, out, max_steps=2, save_steps=1))
    assert first["steps"] == 2 and (out / "adapter_config.json").is_file()
    assert (out / "checkpoint-2" / "optimizer.pt").is_file()
    resumed = train_sft(_config(tiny_model, sft_file, out, max_steps=3, resume=True))
    assert resumed["steps"] == 3
    steps = [json.loads(line)["step"] for line in (out / "loss.jsonl").read_text().splitlines()]
    assert steps == [1, 2, 3]


def test_loss_decreases_on_a_repeated_record(tiny_model, sft_file, tmp_path):
    data = tmp_path / "one.jsonl"
    data.write_text(sft_file.read_text().splitlines()[0] + "\n")
    train_sft(_config(tiny_model, data, tmp_path / "out", max_steps=8, lr=1e-2, lora_r=8, lora_alpha=16,
                      lora_targets="q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj"))
    losses = [json.loads(line)["loss"] for line in (tmp_path / "out" / "loss.jsonl").read_text().splitlines()]
    assert len(losses) == 8 and losses[-1] < losses[0] - 0.3, losses


def test_long_records_keep_their_last_tokens(tiny_model, sft_file):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    record = load_records(sft_file)[0]
    full = tokenize_record(tokenizer, record, max_length=10_000)
    left = tokenize_record(tokenizer, record, max_length=64)
    right = tokenize_record(tokenizer, record, max_length=64, truncate="right")
    assert left["input_ids"] == full["input_ids"][-64:] and left["labels"] == full["labels"][-64:]
    assert right["input_ids"] == full["input_ids"][:64]
    assert any(x != IGNORE_INDEX for x in left["labels"])
