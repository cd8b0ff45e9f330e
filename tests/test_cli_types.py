"""The command line's argument types: numbers in range, env ids in every form, output paths that stay put."""

from __future__ import annotations

import argparse

import pytest

from envfactory_gym.cli import build_parser
from envfactory_gym.cli_types import (
    below_one,
    fraction,
    int_at_least,
    known_env_id,
    known_env_ids,
    non_negative_float,
    non_negative_int,
    open_fraction,
    output_path,
    positive_float,
    positive_int,
)


@pytest.mark.parametrize(
    ("kind", "good", "bad"),
    [
        (positive_int, [("1", 1), ("40", 40)], ["0", "-3", "1.5", "x", ""]),
        (non_negative_int, [("0", 0), ("7", 7)], ["-1", "2.0", "nan"]),
        (int_at_least(2), [("2", 2)], ["1", "0"]),
        (positive_float, [("0.5", 0.5), ("120", 120.0)], ["0", "-1", "inf", "nan", "x"]),
        (non_negative_float, [("0", 0.0), ("0.7", 0.7)], ["-0.1", "inf"]),
        (fraction, [("0", 0.0), ("1", 1.0), ("0.6", 0.6)], ["1.01", "-0.2"]),
        (open_fraction, [("1", 1.0), ("0.9", 0.9)], ["0", "1.5"]),
        (below_one, [("0", 0.0), ("0.1", 0.1)], ["1", "-0.1"]),
    ],
)
def test_number_types(kind, good, bad):
    for text, value in good:
        assert kind(text) == value
    for text in bad:
        with pytest.raises(argparse.ArgumentTypeError, match="expected"):
            kind(text)


def test_env_ids_in_every_form():
    for name in ("retail-v0", "EnvFactory/retail-v0", "envfactory_gym:EnvFactory/retail-v0", " retail-v0 "):
        assert known_env_id(name) == "EnvFactory/retail-v0"
    assert known_env_ids("retail-v0, EnvFactory/retail-v0") == "EnvFactory/retail-v0"
    with pytest.raises(argparse.ArgumentTypeError, match="Did you mean 'EnvFactory/retail-v0'"):
        known_env_id("retial-v0")
    with pytest.raises(argparse.ArgumentTypeError, match="one or more"):
        known_env_ids(" , ")


def test_output_path_creates_at_most_one_folder_inside_an_existing_tree(tmp_path):
    assert output_path(str(tmp_path / "x.jsonl")) == str(tmp_path / "x.jsonl")
    assert output_path(str(tmp_path / "new" / "x.jsonl")) == str(tmp_path / "new" / "x.jsonl")
    with pytest.raises(argparse.ArgumentTypeError, match=r"folder .*missing does not exist"):
        output_path(str(tmp_path / "missing" / "deeper" / "x.jsonl"))
    with pytest.raises(argparse.ArgumentTypeError, match="/nonexistent_dir_envfactory does not exist"):
        output_path("/nonexistent_dir_envfactory/x.jsonl")
    (tmp_path / "file").write_text("")
    with pytest.raises(argparse.ArgumentTypeError, match="is a file, not a folder"):
        output_path(str(tmp_path / "file" / "x.jsonl"))
    assert not (tmp_path / "new").exists() and not (tmp_path / "missing").exists()  # checking creates nothing


def _numeric_actions(parser: argparse.ArgumentParser, path: str = "envfactory"):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _numeric_actions(sub, f"{path} {name}")
        elif action.type in (int, float) or (
                action.type is None and isinstance(action.default, (int, float)) and not isinstance(action.default, bool)
                and action.nargs != 0):
            yield f"{path} {'/'.join(action.option_strings) or action.dest}"


def test_every_numeric_argument_of_every_command_is_range_checked():
    """A bare int/float type lets 0 or negative values through to code that crashes on them."""
    assert list(_numeric_actions(build_parser())) == []


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["run", "--env", "retail-v0", "--episodes", "-3"], "argument --episodes: expected a positive integer"),
        (["run", "--env", "retail-v0", "--episodes", "0"], "argument --episodes"),
        (["run", "--env", "retail-v0", "--seed", "-1"], "argument --seed"),
        (["eval", "--limit", "-2"], "argument --limit"),
        (["eval", "--trials", "0"], "argument --trials"),
        (["eval", "--concurrency", "0"], "argument --concurrency"),
        (["eval", "--timeout", "0"], "argument --timeout"),
        (["tasks", "sample", "--env", "retail-v0", "-o", "x.jsonl", "-n", "-5"], "argument -n"),
        (["tasks", "sample", "--env", "retail-v0", "-o", "x.jsonl", "--write-ratio", "1.5"], "argument --write-ratio"),
        (["tasks", "sample", "--env", "retail-v0", "-o", "/nonexistent_dir_envfactory/x.jsonl"],
         "argument -o/--output: cannot write"),
        (["train", "sft", "--model", "m", "--data", "d", "--lora-r", "0"], "argument --lora-r"),
        (["train", "rl", "--model", "m", "--group-size", "1"], "argument --group-size: expected an integer of at least 2"),
        (["train", "rl", "--model", "m", "--temperature", "0"], "argument --temperature"),
        (["train", "rl", "--model", "m", "--envs", "retial-v0"], "Did you mean 'EnvFactory/retail-v0'"),
        (["run", "--env", "retial-v0"], "argument --env: unknown environment 'retial-v0'. Did you mean"),
        (["eval", "--envs", "retail-v0,nope-v0"], "argument --envs: unknown environment 'nope-v0'"),
        (["graph", "EnvFactory/retial-v0"], "Did you mean 'EnvFactory/retail-v0'"),
    ],
)
def test_bad_arguments_get_a_one_line_error(argv, needle, capsys):
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1, err


def test_env_id_forms_are_resolved_by_every_command():
    parser = build_parser()
    assert parser.parse_args(["run", "--env", "retail-v0"]).env == "EnvFactory/retail-v0"
    assert parser.parse_args(["show", "envfactory_gym:EnvFactory/retail-v0"]).env_id == "EnvFactory/retail-v0"
    assert parser.parse_args(["eval", "--envs", "retail-v0"]).envs == "EnvFactory/retail-v0"
    assert parser.parse_args(["tasks", "report", "--env", "retail-v0", "--tasks", "t"]).env == "EnvFactory/retail-v0"
    assert parser.parse_args(["train", "rl", "--model", "m", "--envs", "retail-v0"]).envs == "EnvFactory/retail-v0"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["evl"], "envfactory: error: argument command: invalid choice: 'evl' (choose from"),
        (["evl"], ". Did you mean 'eval'?"),
        (["tasks", "smaple"], "Did you mean 'sample'?"),
        (["eval", "--agnt", "oracle"], "envfactory eval: error: unrecognized arguments: --agnt oracle. Did you mean "
                                       "'--agent'?"),
        (["train", "sft", "--model", "m", "--data", "d", "--lora-rank", "8"], "envfactory train sft: error: "
                                                                             "unrecognized arguments: --lora-rank 8. "
                                                                             "Did you mean '--lora-r'?"),
        (["run", "--env", "retail-v0", "--agent", "oracle", "--episdes=3"], "Did you mean '--episodes'?"),
    ],
)
def test_misspelled_commands_and_options_suggest_the_nearest(argv, needle, capsys):
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1, err


def test_output_files_and_folders_are_not_mistaken_for_each_other(tmp_path):
    from envfactory_gym.cli_types import output_dir, output_file

    (tmp_path / "file.json").write_text("{}")
    assert output_file(str(tmp_path / "file.json")) == str(tmp_path / "file.json")  # overwritten atomically
    assert output_dir(str(tmp_path / "new")) == str(tmp_path / "new")
    with pytest.raises(argparse.ArgumentTypeError, match="it is a folder; give a file name"):
        output_file(str(tmp_path))
    with pytest.raises(argparse.ArgumentTypeError, match="it is a file, not a folder"):
        output_dir(str(tmp_path / "file.json"))
