"""Shared pieces of the trainers: model and LoRA loading, chat rendering, checkpoints and JSONL logs."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.agents.hermes import chat_messages, text_messages
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.train.config import LoraOptions

CHECKPOINT_PREFIX = "checkpoint-"


def require_training_stack() -> None:
    """Fail with the install line when torch, transformers or peft is missing."""
    try:
        import peft  # noqa: F401
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        raise EnvFactoryError(f"training needs torch, transformers and peft ({exc}): "
                              "pip install torch==2.13.0, then pip install -e '.[train]'") from None


def load_tokenizer(model: str) -> Any:
    """The model's tokenizer, with a pad token (its EOS when it has none)."""
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(model)
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    if not getattr(tokenizer, "chat_template", None):
        raise EnvFactoryError(f"{model} has no chat template: training renders every record with it")
    return tokenizer


def load_policy(model: str, lora: LoraOptions, adapter: str | os.PathLike[str] | None = None,
                device: str = "cpu") -> Any:
    """The base model wrapped in a trainable LoRA adapter (a fresh one, or ``adapter`` loaded for training)."""
    from peft import LoraConfig, PeftModel, get_peft_model
    from transformers import AutoModelForCausalLM

    from envfactory_gym.precision import resolve_dtype

    base = AutoModelForCausalLM.from_pretrained(model, dtype=resolve_dtype(lora.dtype, device))
    if adapter:
        policy = PeftModel.from_pretrained(base, str(adapter), is_trainable=True)
    else:
        layers = lora.layers(int(getattr(base.config, "num_hidden_layers", 0) or 0))
        config = LoraConfig(r=lora.lora_r, lora_alpha=lora.lora_alpha, lora_dropout=lora.lora_dropout,
                            target_modules=lora.target_modules(), layers_to_transform=layers,
                            task_type="CAUSAL_LM")
        policy = get_peft_model(base, config)
    return policy.to(device)


def template_messages(tokenizer: Any, messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Messages in the form the model's template renders: native tool calls if it knows them, else Hermes text."""
    template = str(tokenizer.chat_template)
    if "tool_calls" not in template:
        return text_messages(messages)
    out = chat_messages(messages)
    for m in out:
        for call in m.get("tool_calls") or []:
            args = call["function"]["arguments"]
            if isinstance(args, str):
                try:
                    call["function"]["arguments"] = json.loads(args)
                except json.JSONDecodeError:
                    pass  # the template prints what the model wrote
    return out


def render(tokenizer: Any, messages: Sequence[Mapping[str, Any]], tools: list[dict[str, Any]] | None,
           add_generation_prompt: bool = False) -> str:
    """The chat-template text of already converted messages (``tools=`` passed when the template uses it)."""
    kwargs: dict[str, Any] = {"tokenize": False, "add_generation_prompt": add_generation_prompt}
    if tools and "tools" in str(tokenizer.chat_template):
        kwargs["tools"] = tools
    return tokenizer.apply_chat_template(list(messages), **kwargs)


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
