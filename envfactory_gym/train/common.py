"""Shared pieces of the trainers: model and LoRA loading, chat rendering, checkpoints and JSONL logs."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from envfactory_gym.chat import render, template_messages  # noqa: F401  (the trainers' rendering)
from envfactory_gym.errors import ChatTemplateError, Interrupted, MissingDependencyError
from envfactory_gym.train.config import LoraOptions

CHECKPOINT_PREFIX = "checkpoint-"


def require_training_stack() -> None:
    """Fail with the install line when torch, transformers or peft is missing."""
    try:
        import peft  # noqa: F401
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError(f"training needs torch, transformers and peft ({exc}): "
                                     "pip install torch==2.13.0, then pip install -e '.[train]'",
                                     package=exc.name, extra="train") from None


def load_tokenizer(model: str) -> Any:
    """The model's tokenizer, with a pad token (its EOS when it has none)."""
    from transformers import AutoTokenizer

    from envfactory_gym.agents.models import from_pretrained, resolve_model

    model = resolve_model(model)  # "smollm2": the embedded model's folder
    tokenizer = from_pretrained(AutoTokenizer, model)
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    if not getattr(tokenizer, "chat_template", None):
        raise ChatTemplateError(f"{model} has no chat template: training renders every record with it")
    return tokenizer


def load_policy(model: str, lora: LoraOptions, adapter: str | os.PathLike[str] | None = None,
                device: str = "cpu") -> Any:
    """The base model wrapped in a trainable LoRA adapter (a fresh one, or ``adapter`` loaded for training)."""
    from peft import LoraConfig, PeftModel, get_peft_model
    from transformers import AutoModelForCausalLM

    from envfactory_gym.agents.models import from_pretrained, resolve_model
    from envfactory_gym.precision import resolve_dtype

    base = from_pretrained(AutoModelForCausalLM, resolve_model(model), dtype=resolve_dtype(lora.dtype, device))
    if adapter:
        policy = PeftModel.from_pretrained(base, str(adapter), is_trainable=True)
    else:
        layers = lora.layers(int(getattr(base.config, "num_hidden_layers", 0) or 0))
        config = LoraConfig(r=lora.lora_r, lora_alpha=lora.lora_alpha, lora_dropout=lora.lora_dropout,
                            target_modules=lora.target_modules(), layers_to_transform=layers,
                            task_type="CAUSAL_LM")
        policy = get_peft_model(base, config)
    return policy.to(device)


def latest_checkpoint(out: str | os.PathLike[str]) -> Path | None:
    """The checkpoint folder with the highest step under ``out``, if any."""
    found = []
    for p in Path(out).glob(CHECKPOINT_PREFIX + "*"):
        m = re.fullmatch(CHECKPOINT_PREFIX + r"(\d+)", p.name)
        if m and (p / "state.json").is_file():
            found.append((int(m.group(1)), p))
    return max(found)[1] if found else None


def save_checkpoint(out: str | os.PathLike[str], policy: Any, optimizer: Any, state: dict[str, Any],
                    keep: int = 2) -> Path:
    """Write adapter + optimizer + trainer state as ``checkpoint-<step>``; older ones beyond ``keep`` go."""
    import torch

    folder = Path(out) / f"{CHECKPOINT_PREFIX}{state['step']}"
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    policy.save_pretrained(tmp, selected_adapters=["default"])  # not a frozen reference adapter
    torch.save(optimizer.state_dict(), tmp / "optimizer.pt")
    (tmp / "state.json").write_text(json.dumps(state, indent=1))
    shutil.rmtree(folder, ignore_errors=True)
    os.replace(tmp, folder)
    older = sorted((int(p.name[len(CHECKPOINT_PREFIX):]), p) for p in Path(out).glob(CHECKPOINT_PREFIX + "*")
                   if p.name[len(CHECKPOINT_PREFIX):].isdigit())
    for _, p in older[:-keep]:
        shutil.rmtree(p, ignore_errors=True)
    return folder


def save_adapter(policy: Any, out: str | os.PathLike[str], **kwargs: Any) -> None:
    """``policy.save_pretrained(out)``, atomically per file: a kill mid-save leaves the previous adapter whole."""
    out = Path(out)
    tmp = out / ".adapter.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    policy.save_pretrained(tmp, **kwargs)
    for path in sorted(tmp.iterdir()):
        os.replace(path, out / path.name)
    shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """Within the block, SIGTERM (``kill``, a job scheduler's stop) raises ``KeyboardInterrupt`` like Ctrl-C, so a
    trainer that keeps its adapter on Ctrl-C keeps it then too. Only in the main thread (signals go there)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def interrupted(out: str | os.PathLike[str], policy: Any, optimizer: Any, state: dict[str, Any], total: int,
                **save_kwargs: Any) -> Interrupted:
    """Keep a stopped run's work: its checkpoint and adapter as of the last finished step; the error to raise."""
    step = int(state["step"])
    if step == 0:
        return Interrupted(f"interrupted before the first step of {total}: no adapter written to {out}")
    save_checkpoint(out, policy, optimizer, state)
    save_adapter(policy, out, **save_kwargs)
    return Interrupted(f"interrupted after step {step} of {total}: the adapter of step {step} is in {out} "
                       "(add --resume to the same command to continue)")


def load_checkpoint(folder: Path, policy: Any, optimizer: Any) -> dict[str, Any]:
    """Restore the adapter weights and the optimizer from a checkpoint; return its trainer state."""
    import torch
    from peft import set_peft_model_state_dict
    from peft.utils import load_peft_weights

    set_peft_model_state_dict(policy, load_peft_weights(str(folder), device="cpu"))
    optimizer.load_state_dict(torch.load(folder / "optimizer.pt", map_location="cpu", weights_only=True))
    return json.loads((folder / "state.json").read_text())


def append_jsonl(path: Path, record: Mapping[str, Any]) -> None:
    """Append one record to a JSONL log."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(record, default=float) + "\n")


def trim_log(path: Path, step: int) -> None:
    """Drop log lines past ``step`` (written after the checkpoint a resumed run starts from)."""
    if not path.is_file():
        return
    keep = [line for line in path.read_text().splitlines() if line and json.loads(line).get("step", 0) <= step]
    path.write_text("".join(line + "\n" for line in keep))


def trainable_parameters(policy: Any) -> list[Any]:
    """The parameters the optimizer updates (the LoRA weights)."""
    return [p for p in policy.parameters() if p.requires_grad]
