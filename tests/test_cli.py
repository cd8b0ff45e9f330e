"""The ``envfactory`` command line, run as a real subprocess."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest


def envfactory(*args, timeout=300):
    exe = shutil.which("envfactory")
    cmd = [exe, *args] if exe else [sys.executable, "-m", "envfactory_gym.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


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
    assert out.returncode == 1 and "missing required file" in out.stdout
