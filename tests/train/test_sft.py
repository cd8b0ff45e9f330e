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


def test_lr_schedule_warms_up_then_decays_and_is_a_function_of_the_step():
    from envfactory_gym.errors import EnvFactoryError
    from envfactory_gym.train.sft import lr_scale

    cosine = lr_scale("cosine", warmup=4, total=20)
    assert [round(cosine(s), 3) for s in range(4)] == [0.2, 0.4, 0.6, 0.8]
    assert cosine(4) == 1.0 and cosine(19) < 0.02 and cosine(12) == pytest.approx(0.5)
    assert all(cosine(s) >= cosine(s + 1) for s in range(4, 19))
    linear = lr_scale("linear", warmup=0, total=10)
    assert linear(5) == pytest.approx(0.5) and linear(9) == pytest.approx(0.1)
    assert lr_scale("constant", warmup=0, total=10)(9) == 1.0
    with pytest.raises(EnvFactoryError, match="'step'"):
        lr_scale("step", warmup=0, total=10)


def test_logged_learning_rate_follows_the_schedule_across_a_resume(tiny_model, sft_file, tmp_path):
    from envfactory_gym.train.sft import lr_scale

    out = tmp_path / "adapter"
    kw = dict(lr=1e-2, max_steps=4, lr_schedule="cosine", warmup_steps=1)
    train_sft(_config(tiny_model, sft_file, out, save_steps=2, **{**kw, "max_steps": 4}))
    whole = [json.loads(x)["lr"] for x in (out / "loss.jsonl").read_text().splitlines()]
    scale = lr_scale("cosine", 1, 4)
    assert whole == pytest.approx([1e-2 * scale(s) for s in range(4)])
    resumed = tmp_path / "resumed"
    train_sft(_config(tiny_model, sft_file, resumed, **{**kw, "max_steps": 2}, save_steps=2))
    # The second invocation asks for 4 steps in all: the schedule is over 4 steps from the start.
    train_sft(_config(tiny_model, sft_file, resumed, resume=True, **kw))
    again = [json.loads(x)["lr"] for x in (resumed / "loss.jsonl").read_text().splitlines()]
    assert again[2:] == pytest.approx(whole[2:])


def test_lora_top_layers_trains_only_the_last_layers(tiny_model, sft_file, tmp_path):
    from envfactory_gym.train.common import load_policy

    everywhere = load_policy(str(tiny_model), _config(tiny_model, sft_file, tmp_path))
    top = load_policy(str(tiny_model), _config(tiny_model, sft_file, tmp_path, lora_top_layers=1))

    def lora_layers(policy) -> set[int]:
        return {int(n.split(".layers.")[1].split(".")[0]) for n, p in policy.named_parameters()
                if p.requires_grad and "lora_" in n}

    assert lora_layers(everywhere) == {0, 1} and lora_layers(top) == {1}
    out = tmp_path / "top"
    train_sft(_config(tiny_model, sft_file, out, max_steps=1, lora_top_layers=1))
    saved = json.loads((out / "adapter_config.json").read_text())
    assert saved["layers_to_transform"] == [1]
    with pytest.raises(ValueError, match="lora_top_layers"):
        SFTConfig(model="m", data="d", lora_top_layers=-1).layers(30)


def test_an_interrupted_run_keeps_the_adapter_of_its_last_step(tiny_model, sft_file, tmp_path, monkeypatch):
    """Ctrl-C (or SIGTERM, which raises the same) in step 3 keeps step 2's adapter and checkpoint; --resume goes on."""
    import envfactory_gym.train.sft as sft
    from envfactory_gym.errors import Interrupted

    real, calls = sft._accumulate, []

    def stop_in_third_step(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sft, "_accumulate", stop_in_third_step)
    out = tmp_path / "adapter"
    with pytest.raises(Interrupted, match=r"interrupted after step 2 of 5: the adapter of step 2 is in .*--resume"):
        train_sft(_config(tiny_model, sft_file, out, max_steps=5))
    assert (out / "adapter_config.json").is_file() and (out / "adapter_model.safetensors").is_file()
    assert (out / "checkpoint-2" / "state.json").is_file() and not (out / ".adapter.tmp").exists()
    monkeypatch.setattr(sft, "_accumulate", real)
    assert train_sft(_config(tiny_model, sft_file, out, max_steps=5, resume=True))["steps"] == 5


def test_sigterm_stops_training_like_ctrl_c():
    import os
    import signal
    import time

    from envfactory_gym.train.common import stop_on_sigterm

    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt), stop_on_sigterm():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler interrupts the sleep
    assert signal.getsignal(signal.SIGTERM) is before  # the previous handler is back


def test_a_data_file_that_cannot_be_read_is_one_line(tmp_path):
    from envfactory_gym.errors import EnvFactoryError

    (tmp_path / "bad.jsonl").write_text('{"messages": []}\n{oops\n')
    for path, needle in ((tmp_path / "missing.jsonl", "missing.jsonl: no such file or directory"),
                         (tmp_path, "is a folder, not a JSONL file"),
                         (tmp_path / "bad.jsonl", "bad.jsonl:2: not valid JSON")):
        with pytest.raises(EnvFactoryError, match=needle):
            load_records(path)
