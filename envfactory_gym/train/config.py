"""Training configurations as dataclasses whose field help texts build the command-line options."""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from envfactory_gym.precision import DTYPES

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def _opt(default: Any, help: str, **extra: Any) -> Any:
    return field(default=default, metadata={"help": help, **extra})


@dataclass
class LoraOptions:
    """The LoRA adapter shared by SFT and RL."""

    lora_r: int = _opt(16, "LoRA rank.")
    lora_alpha: int = _opt(32, "LoRA scaling numerator (scale = alpha / r).")
    lora_dropout: float = _opt(0.0, "Dropout on the LoRA input.")
    lora_targets: str = _opt("q_proj,v_proj", "Comma-separated module names that get LoRA weights.")
    lora_top_layers: int = _opt(0, "LoRA only in the last N decoder layers (0: every layer). Backpropagation "
                                   "then stops below them: the top half of a model trains ~1.7x faster.")
    dtype: str = _opt("auto", "Base model weights: auto (float32 on a CPU, the checkpoint's dtype on a GPU), "
                      "float32, bfloat16 or float16. LoRA weights stay float32.",
                      choices=DTYPES)

    def target_modules(self) -> list[str]:
        return [t.strip() for t in self.lora_targets.split(",") if t.strip()]

    def layers(self, num_layers: int) -> list[int] | None:
        """The decoder layers that get LoRA weights (None: all of them)."""
        if self.lora_top_layers < 0:
            raise ValueError(f"lora_top_layers must be >= 0, got {self.lora_top_layers}")
        if not self.lora_top_layers:
            return None
        if num_layers <= 0:
            raise ValueError("lora_top_layers needs a model config with num_hidden_layers")
        if self.lora_top_layers >= num_layers:
            return None
        return list(range(num_layers - self.lora_top_layers, num_layers))


@dataclass
class SFTConfig(LoraOptions):
    """Supervised fine-tuning of a LoRA adapter on SFT export records (``{"messages", "tools"}``)."""

    model: str = _opt("", "Model folder or hub id that from_pretrained can load.", required=True)
    data: str = _opt("", "SFT JSONL file (envfactory tasks export-sft).", required=True)
    out: str = _opt("adapter", "Output folder: the final adapter, checkpoints and loss.jsonl.")
    lr: float = _opt(2e-4, "AdamW learning rate (the peak, after warmup).")
    lr_schedule: str = _opt("constant", "Learning rate after warmup: constant, or a linear or cosine decay to 0 "
                            "at the last step.", choices=("constant", "linear", "cosine"))
    warmup_steps: int = _opt(0, "Optimizer steps of linear warmup from 0 to --lr.")
    weight_decay: float = _opt(0.0, "AdamW weight decay.")
    epochs: int = _opt(1, "Passes over the data.")
    max_steps: int = _opt(0, "Stop after this many optimizer steps (0: run every epoch).")
    max_length: int = _opt(1024, "Tokens per example.")
    truncate: str = _opt("left", "How longer examples are cut: 'left' keeps their end, 'right' their start.",
                         choices=("left", "right"))
    batch_size: int = _opt(1, "Examples per forward pass.")
    grad_accum: int = _opt(4, "Forward passes per optimizer step.")
    save_steps: int = _opt(0, "Checkpoint every N optimizer steps (0: only at the end).")
    resume: bool = _opt(False, "Continue from the latest checkpoint in --out.")
    seed: int = _opt(0, "Seed of the data order and the adapter's initialisation.")
    threads: int = _opt(0, "torch CPU threads (0: torch's default).")
    progress: bool = _opt(True, "Show a progress bar.")


@dataclass
class GRPOConfig(LoraOptions):
    """Group-relative policy optimisation of a LoRA adapter against the environments' composite reward."""

    model: str = _opt("", "Model folder or hub id that from_pretrained can load.", required=True)
    adapter: str = _opt("", "Start from this LoRA adapter (e.g. the SFT output) instead of a fresh one.")
    envs: str = _opt("EnvFactory/retail-v0", "Comma-separated env ids.")
    tasks: str = _opt("", "Task JSONL (or an RL export) to train on instead of the env's own tasks.")
    out: str = _opt("grpo", "Output folder: the adapter, checkpoints and log.jsonl.")
    group_size: int = _opt(4, "Rollouts per task; advantages are normalised within the group.")
    steps: int = _opt(10, "Policy updates.")
    tasks_per_step: int = _opt(1, "Task groups per update: their rollouts are decoded together and all their "
                               "tokens make one gradient step.")
    lr: float = _opt(1e-5, "AdamW learning rate.")
    kl_coef: float = _opt(0.05, "Weight of the KL penalty to the reference policy.")
    kl_ref: str = _opt("start", "KL reference: 'start' (the policy RL starts from: the --adapter, else the base "
                       "model) or 'base' (the base model, the adapter switched off).", choices=("start", "base"))
    clip: float = _opt(0.2, "PPO ratio clipping range.")
    inner_epochs: int = _opt(1, "Gradient passes over each group's rollouts.")
    max_new_tokens: int = _opt(128, "Generated tokens per turn.")
    max_prompt_tokens: int = _opt(2048, "Prompt tokens kept per turn (the end of the conversation).")
    max_steps_per_episode: int = _opt(6, "Env max_steps: agent turns per episode.")
    reward: str = _opt("", "JSON of RewardConfig fields for the training envs, e.g. "
                       '\'{"partial_trace_credit": true}\' (default: the env\'s reward).')
    prompt: str = _opt("full", "The env's system prompt: full, or compact for small context budgets.",
                       choices=("full", "compact"))
    temperature: float = _opt(1.0, "Sampling temperature of the rollouts.")
    top_p: float = _opt(1.0, "Nucleus sampling of the rollouts.")
    min_p: float = _opt(0.0, "Min-p sampling of the rollouts: drop tokens less likely than min_p times the most "
                        "likely one (0: off). Keeps the alternatives at a decision, drops the long tail that "
                        "breaks call syntax at high temperature.")
    loss_agg: str = _opt("token", "How the policy loss averages: 'token' (every generated token of the update "
                         "weighs the same) or 'sequence' (every episode weighs the same: the mean of its "
                         "tokens, as in the original GRPO).", choices=("token", "sequence"))
    stop_after_call: bool = _opt(False, "End a turn at its first complete </tool_call> (one call per turn).")
    rollout_backend: str = _opt("local", "Where the rollouts' envs run: in this process, or on Ray actors "
                                "(generation stays in the trainer; same episodes for the same seed).",
                                choices=("local", "ray"))
    rollout_workers: int = _opt(2, "Ray actors holding the rollouts' envs (--rollout-backend ray).")
    ray_address: str = _opt("", "Ray cluster to connect to (default: start a local one; --rollout-backend ray).")
    save_steps: int = _opt(0, "Checkpoint every N updates (0: only at the end).")
    resume: bool = _opt(False, "Continue from the latest checkpoint in --out.")
    seed: int = _opt(0, "Seed of the task order, the sampling and the adapter's initialisation.")
    threads: int = _opt(0, "torch CPU threads (0: torch's default).")
    progress: bool = _opt(True, "Show a progress bar.")


def add_arguments(parser: argparse.ArgumentParser, cls: type) -> None:
    """Add one ``--option`` per dataclass field (``lora_r`` -> ``--lora-r``; booleans get ``--no-...``)."""
    for f in dataclasses.fields(cls):
        flag = "--" + f.name.replace("_", "-")
        help_text = f.metadata.get("help", "")
        if f.type in (bool, "bool"):
            parser.add_argument(flag, dest=f.name, action=argparse.BooleanOptionalAction, default=f.default,
                                help=help_text)
            continue
        kind = {"int": int, "float": float, "str": str}.get(str(f.type), str)
        required = bool(f.metadata.get("required"))
        parser.add_argument(flag, dest=f.name, type=kind, required=required, choices=f.metadata.get("choices"),
                            default=None if required else f.default,
                            help=help_text + ("" if required else " (default: %(default)s)"))


def from_namespace(cls: type[T], args: argparse.Namespace) -> T:
    """Build the dataclass from parsed arguments (unknown attributes ignored)."""
    names = {f.name for f in dataclasses.fields(cls)}
    return cls(**{k: v for k, v in vars(args).items() if k in names})
