"""The ``envfactory`` command line, run as a real subprocess."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from envfactory_gym.tasks import current_umask


def envfactory(*args, timeout=300, env=None):
    exe = shutil.which("envfactory")
    cmd = [exe, *args] if exe else [sys.executable, "-m", "envfactory_gym.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})


def test_list_and_show():
    out = envfactory("list")
    assert out.returncode == 0, out.stderr
    assert "EnvFactory/retail-v0" in out.stdout
    out = envfactory("show", "EnvFactory/retail-v0")
    assert out.returncode == 0, out.stderr
    assert "find_customer_by_email" in out.stdout and "orders" in out.stdout and "tasks" in out.stdout


def test_run_writes_json_with_per_episode_components(tmp_path):
    path = tmp_path / "out.json"
    out = envfactory("run", "--env", "EnvFactory/retail-v0", "--agent", "oracle", "--episodes", "5",
                     "--json", str(path))
    assert out.returncode == 0, out.stderr
    assert "mean_reward=1.000" in out.stdout
    data = json.loads(path.read_text())
    assert data["summary"]["episodes"] == 5 and data["summary"]["mean_reward"] == 1.0
    ep = data["episodes"][0]
    assert {"task_id", "reward", "steps", "components"} <= set(ep)
    assert {"trace", "state", "length_penalty", "format_penalty"} <= set(ep["components"])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("show", "EnvFactory/retial-v0"), "Did you mean 'EnvFactory/retail-v0'"),
        (("run", "--env", "EnvFactory/retail-v0", "--agent", "orcale"), "Did you mean 'oracle'"),
    ],
)
def test_errors_are_clear(args, needle):
    out = envfactory(*args)
    assert out.returncode == 2
    assert needle in out.stdout + out.stderr


def test_validate_reports_a_broken_folder(tmp_path):
    (tmp_path / "manifest.json").write_text("{}")
    out = envfactory("validate", str(tmp_path))
    assert out.returncode == 1 and "envfactory validate: error: " in out.stderr
    assert "missing required file" in out.stderr


def test_bad_numbers_and_unknown_env_ids_are_one_line_errors_not_tracebacks(tmp_path):
    for args, needle in [
        (("run", "--env", "EnvFactory/retail-v0", "--episodes", "-3"), "argument --episodes"),
        (("eval", "--envs", "retial-v0", "--report", str(tmp_path / "r")), "Did you mean 'EnvFactory/retail-v0'"),
    ]:
        out = envfactory(*args)
        assert out.returncode == 2, out
        assert needle in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert "Traceback" not in out.stderr and out.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_every_command_takes_the_short_env_id(capsys):
    from envfactory_gym.cli import main

    assert main(["run", "--env", "retail-v0", "--episodes", "1", "--quiet"]) == 0
    assert "mean_reward=1.000" in capsys.readouterr().out
    assert main(["show", "envfactory_gym:EnvFactory/retail-v0"]) == 0
    assert "find_customer_by_email" in capsys.readouterr().out


def test_sample_output_never_creates_a_tree(tmp_path, capsys):
    from envfactory_gym.cli import main

    with pytest.raises(SystemExit):
        main(["tasks", "sample", "--env", "retail-v0", "-n", "2", "-o", "/nonexistent_dir_envfactory/x.jsonl"])
    assert "folder /nonexistent_dir_envfactory does not exist" in capsys.readouterr().err
    assert not Path("/nonexistent_dir_envfactory").exists()
    target = tmp_path / "new" / "x.jsonl"  # one new folder inside an existing one is fine
    assert main(["tasks", "sample", "--env", "retail-v0", "-n", "2", "-o", str(target)]) == 0
    assert len(target.read_text().splitlines()) == 2
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~current_umask()


def test_run_table_fits_80_columns_with_whole_task_ids(tmp_path):
    out = envfactory("run", "--env", "retail-v0", "--episodes", "3", env={"COLUMNS": "80"})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    for task in ("retail-001", "retail-002", "retail-003"):
        assert any(line.split() and line.split()[0] == task for line in lines), out.stdout
    assert "…" not in out.stdout and "reward" in out.stdout and "calls" in out.stdout


class TalkingAgent:
    """Answers every turn in prose: never a tool call."""

    name = "talking"

    def reset(self, env, observation, info):
        pass

    def act(self, observation, info):
        return "I am sorry, I can only talk about it."


def test_run_warns_when_no_episode_made_a_tool_call(monkeypatch, capsys):
    from envfactory_gym.agents.registry import AGENTS
    from envfactory_gym.cli import main

    monkeypatch.setitem(AGENTS, "talking", TalkingAgent)
    assert main(["run", "--env", "retail-v0", "--agent", "talking", "--episodes", "3", "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "warning: no tool call in any of the 3 episodes" in " ".join(err.split())
    assert main(["run", "--env", "retail-v0", "--agent", "oracle", "--episodes", "1", "--quiet"]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_reader_that_leaves_early_ends_the_command_quietly():
    """``envfactory list --markdown | head``: the pipe closes under the writer; no BrokenPipe traceback."""
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written
    exe = shutil.which("envfactory")
    cmd = [exe, "list", "--markdown"] if exe else [sys.executable, "-m", "envfactory_gym.cli", "list", "--markdown"]
    out = subprocess.run(cmd, stdout=write, stderr=subprocess.PIPE, text=True, timeout=300)
    os.close(write)
    assert out.returncode == 141 and "Traceback" not in out.stderr and "Exception ignored" not in out.stderr


def test_validate_says_it_takes_folders_and_names_the_folder_of_an_env_id(capsys):
    from envfactory_gym.cli import main
    from tests.conftest import LIBRARY_DIR, LIBRARY_ID

    assert main(["validate", LIBRARY_ID.rsplit("/", 1)[-1]]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert err.startswith("envfactory validate: error: ")
    assert "validate takes environment folders" in err and f"{LIBRARY_ID} is the folder {LIBRARY_DIR.resolve()}" in err


def _bad_task_file(tmp_path):
    from tests.conftest import LIBRARY_DIR

    lines = (LIBRARY_DIR / "tasks.jsonl").read_text().splitlines()
    task = json.loads(lines[1])
    name = task["gold_calls"][0]["name"]
    task["gold_calls"][0]["name"] = name[:-1] + name[-1].upper() + "x"
    path = tmp_path / "tasks.jsonl"
    path.write_text("\n".join([lines[0], json.dumps(task), *lines[2:]]) + "\n")
    return path, name


def test_run_refuses_a_task_file_it_cannot_play_before_running(tmp_path, capsys):
    from envfactory_gym.cli import main
    from tests.conftest import LIBRARY_ID

    path, name = _bad_task_file(tmp_path)
    out = tmp_path / "out.json"
    assert main(["run", "--env", LIBRARY_ID, "--tasks", str(path), "--json", str(out), "--quiet"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err.startswith(f"envfactory run: error: {path}: line 2: task ")
    assert f"Did you mean {name!r}?" in err and "tasks.jsonl: line" in err and str(path) in err
    assert main(["run", "--env", LIBRARY_ID, "--tasks", str(tmp_path), "--quiet"]) == 2
    assert f"{tmp_path}: is a folder, not a JSONL task file" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tasks.jsonl"]  # nothing written


def test_ctrl_c_during_run_is_one_line_saying_what_is_kept(tmp_path, monkeypatch, capsys):
    import envfactory_gym.runner as runner
    from envfactory_gym.cli import main
    from tests.conftest import LIBRARY_ID

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run_episodes", stop)
    assert main(["run", "--env", LIBRARY_ID, "--quiet"]) == 130
    err = capsys.readouterr().err
    assert err == "envfactory run: interrupted: nothing saved (give --json PATH to keep finished episodes)\n"
