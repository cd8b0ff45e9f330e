"""The one exporter of trainer rows (``tasks export-rl --format ...``), as QueryGen's ``tasks`` command has it."""

from __future__ import annotations

import argparse
import json

import pytest

from envfactory_gym.errors import ConfigError
from envfactory_gym.integrations.core import route
from envfactory_gym.integrations.export import FORMATS, export_rl, task_rows

from .conftest import BANKING, RETAIL


def _parser() -> argparse.ArgumentParser:
    from envfactory_gym.cli_types import ArgumentParser
    from envfactory_gym.querygen.cli import register as register_querygen

    parser = ArgumentParser(prog="envfactory")
    sub = parser.add_subparsers(dest="command", required=True)
    register_querygen(sub)
    return parser


def _run(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    return args.func(args)


@pytest.mark.parametrize("fmt", [f for f in FORMATS if f != "plain"])
def test_every_format_routes_rows_of_several_envs(fmt):
    rows = task_rows([RETAIL, "banking-v0"], fmt, limit=2)
    assert [(route(r).env_id, bool(route(r).task_id)) for r in rows] == [(RETAIL, True)] * 2 + [(BANKING, True)] * 2
    assert all([m["role"] for m in r["prompt"]] == ["system", "user"] for r in rows)


def test_cli_writes_parquet_for_verl_atomically(tmp_path, capsys):
    import pyarrow.parquet as pq

    out = tmp_path / "train.parquet"
    assert _run(["tasks", "export-rl", "--env", RETAIL, BANKING, "--format", "verl", "--limit", "1", "-o",
                 str(out)]) == 0
    rows = pq.read_table(out).to_pylist()
    assert [r["extra_info"]["env_id"] for r in rows] == [RETAIL, BANKING]
    assert {r["agent_name"] for r in rows} == {"envfactory_gym"}
    assert "wrote 2 verl rows from 2 environments" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["train.parquet"]  # no temp file left behind


def test_plain_keeps_querygens_records(tmp_path):
    from envfactory_gym.querygen.export import rl_records
    from envfactory_gym.registration import get_package

    tasks_file = get_package(RETAIL).path / "tasks.jsonl"
    out = tmp_path / "rl.jsonl"
    assert _run(["tasks", "export-rl", "--env", RETAIL, "--tasks", str(tasks_file), "--task-id", "retail-001",
                 "-o", str(out)]) == 0
    record = json.loads(out.read_text())
    assert record == json.loads(json.dumps([r for r in rl_records(RETAIL, tasks_file)
                                            if r["task_id"] == "retail-001"][0], default=str))


def test_a_task_file_travels_with_the_rows(tmp_path):
    from envfactory_gym.registration import get_package

    lines = (get_package(RETAIL).path / "tasks.jsonl").read_text().splitlines()[:1]
    tasks_file = tmp_path / "mine.jsonl"
    tasks_file.write_text("\n".join(lines) + "\n")
    n = export_rl(RETAIL, tmp_path / "rows.jsonl", "openrlhf", tasks_files=[tasks_file])
    ref = route(json.loads((tmp_path / "rows.jsonl").read_text()))
    assert n == 1 and ref.env_kwargs == {"tasks": str(tasks_file.resolve())}


def test_bad_arguments_are_one_line_with_the_nearest_name(capsys):
    with pytest.raises(SystemExit):
        _parser().parse_args(["tasks", "export-rl", "--env", RETAIL, "--format", "verll", "-o", "x.parquet"])
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--format" in err and "Did you mean 'verl'?" in err
    with pytest.raises(SystemExit):
        _parser().parse_args(["tasks", "export-rl", "--env", "retial-v0", "--format", "verl", "-o", "x.parquet"])
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--env" in err and "retail-v0" in err
    with pytest.raises(ConfigError, match="unknown format 'skyrll'. Did you mean 'skyrl'"):
        task_rows(RETAIL, "skyrll")
    with pytest.raises(ConfigError, match="--task-id: no env given has task 'retail-999'"):
        task_rows(RETAIL, "verl", task_ids=["retail-999"])
