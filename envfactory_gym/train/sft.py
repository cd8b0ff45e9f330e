"""Supervised LoRA fine-tuning on SFT export records, with the loss on the assistant turns only."""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from envfactory_gym.errors import (
    ChatTemplateError,
    DataFileError,
    UnknownScheduleError,
    UsageError,
    suggest,
)
from envfactory_gym.train.common import (
    append_jsonl,
    interrupted,
    latest_checkpoint,
    load_checkpoint,
    load_policy,
    load_tokenizer,
    render,
    require_training_stack,
    save_adapter,
    save_checkpoint,
    stop_on_sigterm,
    template_messages,
    trainable_parameters,
    trim_log,
)
from envfactory_gym.train.config import SFTConfig

IGNORE_INDEX = -100


def load_records(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The ``{"messages", "tools"}`` records of an SFT JSONL file."""
    records = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = "is a folder, not a JSONL file" if Path(path).is_dir() else getattr(exc, "strerror", None) or str(exc)
        raise DataFileError(f"{path}: {why.lower() if why[:1].isupper() else why}") from None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise DataFileError(f"{path}:{n}: not valid JSON ({exc.msg})") from None
        if not isinstance(record, dict) or not isinstance(record.get("messages"), list):
            raise DataFileError(f"{path}:{n}: a record needs a 'messages' list")
        records.append(record)
    if not records:
        raise DataFileError(f"{path} holds no records")
    return records


def assistant_char_spans(tokenizer: Any, messages: Sequence[Mapping[str, Any]],
                         tools: list[dict[str, Any]] | None = None) -> tuple[str, list[tuple[int, int]]]:
    """The rendered conversation and the character spans of its assistant turns.

    Each span is found by rendering the conversation prefix by prefix: the text that the assistant turn adds
    after the generation prompt of the turns before it (its end-of-turn marker included).
    """
    msgs = template_messages(tokenizer, messages)
    full = render(tokenizer, msgs, tools)
    spans = []
    for i, m in enumerate(msgs):
        if m["role"] != "assistant":
            continue
        before = render(tokenizer, msgs[:i], tools, add_generation_prompt=True)
        upto = render(tokenizer, msgs[: i + 1], tools)
        if not (full.startswith(before) and full.startswith(upto) and len(upto) > len(before)):
            raise ChatTemplateError("the chat template does not render conversations prefix by prefix; "
                                    "assistant turns cannot be located")
        spans.append((len(before), len(upto)))
    return full, spans


def tokenize_record(tokenizer: Any, record: Mapping[str, Any], max_length: int,
                    truncate: str = "left") -> dict[str, list[int]]:
    """Input ids and labels of one record: labels are the ids on assistant tokens and -100 elsewhere.

    A record longer than ``max_length`` keeps its last tokens (``truncate="left"``, so the later assistant
    turns still train when a long system prompt does not fit) or its first ones (``"right"``).
    """
    text, spans = assistant_char_spans(tokenizer, record["messages"], record.get("tools"))
    enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    labels = []
    for tok, (start, end) in zip(enc["input_ids"], enc["offset_mapping"]):
        inside = any(s <= start < e for s, e in spans) if end > start else False
        labels.append(tok if inside else IGNORE_INDEX)
    cut = slice(-max_length, None) if truncate == "left" else slice(0, max_length)
    return {"input_ids": enc["input_ids"][cut], "labels": labels[cut]}


def collate(batch: list[dict[str, list[int]]], pad_id: int) -> dict[str, Any]:
    """Right-pad a batch into tensors (padding is masked out of attention and loss)."""
    import torch

    width = max(len(b["input_ids"]) for b in batch)
    ids = torch.full((len(batch), width), pad_id, dtype=torch.long)
    labels = torch.full((len(batch), width), IGNORE_INDEX, dtype=torch.long)
    mask = torch.zeros((len(batch), width), dtype=torch.long)
    for i, b in enumerate(batch):
        n = len(b["input_ids"])
        ids[i, :n] = torch.tensor(b["input_ids"])
        labels[i, :n] = torch.tensor(b["labels"])
        mask[i, :n] = 1
    return {"input_ids": ids, "labels": labels, "attention_mask": mask}


def epoch_order(n: int, seed: int, epoch: int) -> list[int]:
    """The example order of one epoch (fixed by seed and epoch, so a resumed run sees the same order)."""
    order = list(range(n))
    random.Random(seed * 1_000_003 + epoch).shuffle(order)
    return order


def train_sft(config: SFTConfig) -> dict[str, Any]:
    """Train the adapter; return a summary (steps, last loss, output folder)."""
    require_training_stack()
    import torch
    from tqdm.auto import tqdm

    if config.threads:
        torch.set_num_threads(config.threads)
    torch.manual_seed(config.seed)
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = load_tokenizer(config.model)
    examples = [tokenize_record(tokenizer, r, config.max_length, config.truncate) for r in load_records(config.data)]
    examples = [e for e in examples if any(x != IGNORE_INDEX for x in e["labels"])]
    if not examples:
        raise UsageError("no record keeps an assistant token within --max-length")
    policy = load_policy(config.model, config, device="cuda" if torch.cuda.is_available() else "cpu")
    policy.train()
    optimizer = torch.optim.AdamW(trainable_parameters(policy), lr=config.lr, weight_decay=config.weight_decay)
    batches_per_epoch = math.ceil(len(examples) / config.batch_size)
    steps_per_epoch = math.ceil(batches_per_epoch / config.grad_accum)
    # --max-steps overrides --epochs (beyond the data, further epochs follow in fresh orders).
    total = config.max_steps or steps_per_epoch * config.epochs
    step, log = 0, out / "loss.jsonl"
    checkpoint = latest_checkpoint(out) if config.resume else None
    if checkpoint is not None:
        step = int(load_checkpoint(checkpoint, policy, optimizer)["step"])
        trim_log(log, step)
    elif log.exists():
        log.unlink()
    scale = lr_scale(config.lr_schedule, config.warmup_steps, total)
    bar = tqdm(total=total, initial=step, desc="sft", disable=not config.progress)
    last_loss = float("nan")
    try:
        with stop_on_sigterm():
            while step < total:
                epoch, in_epoch = divmod(step, steps_per_epoch)
                order = epoch_order(len(examples), config.seed, epoch)
                first = in_epoch * config.grad_accum
                chunk = list(range(first, min(first + config.grad_accum, batches_per_epoch)))
                last_loss, tokens = _accumulate(policy, examples, order, chunk, config.batch_size,
                                                tokenizer.pad_token_id)
                lr = config.lr * scale(step)
                for group in optimizer.param_groups:
                    group["lr"] = lr
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                step += 1
                append_jsonl(log, {"step": step, "epoch": epoch, "loss": last_loss, "tokens": tokens, "lr": lr})
                bar.update(1)
                bar.set_postfix(loss=f"{last_loss:.4f}")
                if config.save_steps and step % config.save_steps == 0 and step < total:
                    save_checkpoint(out, policy, optimizer, {"step": step, "config": asdict(config)})
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: keep the adapter of the last finished step
        bar.close()
        state = {"step": step, "config": asdict(config)}
        raise interrupted(out, policy, optimizer, state, total) from None
    bar.close()
    save_checkpoint(out, policy, optimizer, {"step": step, "config": asdict(config)})
    save_adapter(policy, out)
    return {"steps": step, "loss": last_loss, "out": str(out), "examples": len(examples)}


def lr_scale(schedule: str, warmup: int, total: int) -> Callable[[int], float]:
    """The learning-rate multiplier of the optimizer step taken after ``step`` completed steps.

    A pure function of the step, so a resumed run continues the schedule exactly where it stopped.
    """
    if schedule not in ("constant", "linear", "cosine"):
        schedules = ("constant", "linear", "cosine")
        raise UnknownScheduleError(schedule, schedules, f"unknown lr schedule {schedule!r};"
                                   f"{suggest(schedule, schedules)} choose constant, linear or cosine")

    def scale(step: int) -> float:
        if step < warmup:
            return (step + 1) / (warmup + 1)
        if schedule == "constant":
            return 1.0
        done = min(1.0, (step - warmup) / max(1, total - warmup))
        return 1.0 - done if schedule == "linear" else 0.5 * (1.0 + math.cos(math.pi * done))

    return scale


def _accumulate(policy: Any, examples: list[dict[str, list[int]]], order: list[int], chunk: list[int],
                batch_size: int, pad_id: int) -> tuple[float, int]:
    """Backward the token-mean loss of a few batches, weighted by their assistant tokens."""
    batches = [[examples[order[j]] for j in range(b * batch_size, min((b + 1) * batch_size, len(order)))]
               for b in chunk]
    counts = [sum(sum(x != IGNORE_INDEX for x in e["labels"][1:]) for e in b) for b in batches]
    total_tokens = max(sum(counts), 1)
    loss_sum = 0.0
    for batch, count in zip(batches, counts):
        if not count:
            continue
        device = next(policy.parameters()).device
        enc = {k: v.to(device) for k, v in collate(batch, pad_id).items()}
        loss = assistant_loss(policy, enc["input_ids"], enc["attention_mask"], enc["labels"])
        (loss * count / total_tokens).backward()
        loss_sum += loss.item() * count
    return loss_sum / total_tokens, total_tokens


def assistant_loss(model: Any, input_ids: Any, attention_mask: Any, labels: Any) -> Any:
    """Mean next-token cross-entropy on the labelled tokens.

    Logits are computed only where a label follows (``logits_to_keep``): the vocabulary projection is a
    fifth of a small model's compute, and most tokens of a tool conversation are prompt and tool output.
    """
    import torch

    target = labels[:, 1:]
    keep = (target != IGNORE_INDEX).any(0).nonzero().squeeze(-1)
    logits = model(input_ids=input_ids, attention_mask=attention_mask, logits_to_keep=keep).logits
    return torch.nn.functional.cross_entropy(logits.float().flatten(0, 1), target[:, keep].flatten(),
                                             ignore_index=IGNORE_INDEX)
