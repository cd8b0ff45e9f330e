"""The ``envfactory train sft|rl`` subcommands (torch, transformers and peft are imported only when they run)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from envfactory_gym.cli_types import (
    ArgumentParser,
    below_one,
    int_at_least,
    known_env_ids,
    non_negative_float,
    non_negative_int,
    open_fraction,
    output_dir,
    positive_float,
    positive_int,
)
from envfactory_gym.train.config import GRPOConfig, SFTConfig, add_arguments, from_namespace

#: The parse-time type of each option whose values are restricted (out of range: a one-line usage error).
ARGUMENT_TYPES: dict[str, Any] = {
    "lora_r": positive_int, "lora_alpha": positive_int, "lora_dropout": below_one,
    "lora_top_layers": non_negative_int, "lr": positive_float, "warmup_steps": non_negative_int,
    "weight_decay": non_negative_float, "epochs": positive_int, "max_steps": non_negative_int,
    "max_length": positive_int, "batch_size": positive_int, "grad_accum": positive_int,
    "save_steps": non_negative_int, "seed": non_negative_int, "threads": non_negative_int,
    "group_size": int_at_least(2), "steps": positive_int, "tasks_per_step": positive_int,
    "kl_coef": non_negative_float, "clip": positive_float, "inner_epochs": positive_int,
    "max_new_tokens": positive_int, "max_prompt_tokens": non_negative_int, "max_steps_per_episode": positive_int,
    "temperature": positive_float, "top_p": open_fraction, "min_p": below_one,
    "envs": known_env_ids, "out": output_dir, "rollout_workers": positive_int,
}


def _set_types(parser: argparse.ArgumentParser) -> None:
    for action in parser._actions:
        if action.dest in ARGUMENT_TYPES:
            action.type = ARGUMENT_TYPES[action.dest]


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``train`` with its ``sft`` and ``rl`` subcommands to the CLI's subparsers."""
    train = subparsers.add_parser("train", help="Train a LoRA policy on the environments (SFT, GRPO).",
                                  description="Train a LoRA policy on the environments (SFT, GRPO).")
    sub = train.add_subparsers(dest="train_command", required=True)
    sft = sub.add_parser("sft", help="Supervised LoRA fine-tuning on an SFT export (assistant turns only).",
                         description=SFTConfig.__doc__, )
    add_arguments(sft, SFTConfig)
    _set_types(sft)
    sft.set_defaults(func=run_sft)
    rl = sub.add_parser("rl", help="GRPO with the environments' composite reward on a LoRA adapter.",
                        description=GRPOConfig.__doc__)
    add_arguments(rl, GRPOConfig)
    _set_types(rl)
    rl.set_defaults(func=run_rl)
    return train


def run_sft(args: argparse.Namespace) -> int:
    """Run ``train sft``; print its summary as JSON."""
    from envfactory_gym.train.sft import train_sft

    print(json.dumps(train_sft(from_namespace(SFTConfig, args))))
    return 0


def run_rl(args: argparse.Namespace) -> int:
    """Run ``train rl``; print its summary as JSON."""
    from envfactory_gym.train.grpo import train_grpo

    print(json.dumps(train_grpo(from_namespace(GRPOConfig, args))))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the train commands alone (``python -m envfactory_gym.train.cli sft ...``)."""
    parser = ArgumentParser(prog="envfactory")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["train", *(argv if argv is not None else sys.argv[1:])])
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
