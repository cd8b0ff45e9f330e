"""The train subcommands parse their options and run end to end through ``register``."""

from __future__ import annotations

import argparse
import json

import pytest

from envfactory_gym.train.cli import register


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="envfactory")
    register(parser.add_subparsers(dest="command", required=True))
    return parser


def test_options_and_defaults():
    args = _parser().parse_args(["train", "sft", "--model", "m", "--data", "d.jsonl", "--lora-targets",
                                 "q_proj,k_proj", "--resume"])
    assert args.lora_r == 16 and args.lora_alpha == 32 and args.grad_accum == 4 and args.resume
    rl = _parser().parse_args(["train", "rl", "--model", "m", "--group-size", "2", "--kl-coef", "0.1"])
    assert rl.group_size == 2 and rl.kl_coef == 0.1 and rl.clip == 0.2 and rl.max_new_tokens == 128
    with pytest.raises(SystemExit):
        _parser().parse_args(["train", "sft", "--data", "d.jsonl"])  # --model is required


def test_train_sft_command_runs(tiny_model, sft_file, tmp_path, capsys):
    pytest.importorskip("peft")
    args = _parser().parse_args(["train", "sft", "--model", str(tiny_model), "--data", str(sft_file), "--out",
                                 str(tmp_path / "a"), "--max-steps", "1", "--grad-accum", "1", "--lora-r", "2",
                                 "--threads", "1", "--no-progress", "--max-length", "4096"])
    assert args.func(args) == 0
    assert json.loads(capsys.readouterr().out)["steps"] == 1


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["train", "sft", "--model", "m", "--data", "d", "--lora-r", "0"], "--lora-r"),
        (["train", "sft", "--model", "m", "--data", "d", "--lr", "-1e-4"], "--lr"),
        (["train", "sft", "--model", "m", "--data", "d", "--lora-dropout", "1"], "--lora-dropout"),
        (["train", "sft", "--model", "m", "--data", "d", "--max-length", "0"], "--max-length"),
        (["train", "rl", "--model", "m", "--group-size", "1"], "--group-size"),
        (["train", "rl", "--model", "m", "--steps", "0"], "--steps"),
        (["train", "rl", "--model", "m", "--top-p", "0"], "--top-p"),
        (["train", "rl", "--model", "m", "--min-p", "1.5"], "--min-p"),
        (["train", "rl", "--model", "m", "--envs", "nope-v0"], "--envs"),
    ],
)
def test_out_of_range_options_are_refused_when_parsed(argv, option, capsys):
    with pytest.raises(SystemExit):
        _parser().parse_args(argv)
    assert f"argument {option}:" in capsys.readouterr().err


def test_env_ids_are_resolved():
    args = _parser().parse_args(["train", "rl", "--model", "m", "--envs", "retail-v0"])
    assert args.envs == "EnvFactory/retail-v0"


def test_the_embedded_model_is_taken_by_name(monkeypatch, tmp_path):
    """``--model smollm2`` (any command that takes a model) means the embedded model's cached folder."""
    import envfactory_gym.agents.models as models
    from envfactory_gym.agents.models import resolve_model

    monkeypatch.setattr(models, "ensure_model_folder", lambda target=None: tmp_path / "smollm2-135m-instruct")
    assert resolve_model("smollm2") == resolve_model("SmolLM2-135M-Instruct") == str(tmp_path / "smollm2-135m-instruct")
    assert resolve_model("Qwen/Qwen3-8B") == "Qwen/Qwen3-8B" and resolve_model(str(tmp_path)) == str(tmp_path)


def test_a_model_that_is_nowhere_is_a_one_line_error(tmp_path):
    pytest.importorskip("transformers")
    from transformers import AutoTokenizer

    from envfactory_gym.agents.models import from_pretrained
    from envfactory_gym.errors import EnvFactoryError

    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(EnvFactoryError, match=r"--model .*empty: a folder without a model in it.*--model smollm2"):
        from_pretrained(AutoTokenizer, str(empty))
