"""The ``envfactory train sft|rl`` subcommands (torch, transformers and peft are imported only when they run)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from envfactory_gym.train.config import GRPOConfig, SFTConfig, add_arguments, from_namespace


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``train`` with its ``sft`` and ``rl`` subcommands to the CLI's subparsers."""
    train = subparsers.add_parser("train", help="Train a LoRA policy on the environments (SFT, GRPO).",
                                  description="Train a LoRA policy on the environments (SFT, GRPO).")
    sub = train.add_subparsers(dest="train_command", required=True)
    sft = sub.add_parser("sft", help="Supervised LoRA fine-tuning on an SFT export (assistant turns only).",
                         description=SFTConfig.__doc__, )
    add_arguments(sft, SFTConfig)
    sft.set_defaults(func=run_sft)
    rl = sub.add_parser("rl", help="GRPO with the environments' composite reward on a LoRA adapter.",
                        description=GRPOConfig.__doc__)
    add_arguments(rl, GRPOConfig)
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
    parser = argparse.ArgumentParser(prog="envfactory")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["train", *(argv if argv is not None else sys.argv[1:])])
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
