"""Discovery and registration of environment folders; malformed folders are rejected, never half-registered."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.errors import EnvFactoryError, EnvFormatError
from envfactory_gym.registration import register_envs

from .conftest import LIBRARY_DIR


def copy_env(tmp_path, name):
    dst = tmp_path / name
    shutil.copytree(LIBRARY_DIR, dst)
    manifest = json.loads((dst / "manifest.json").read_text())
    manifest["name"] = name
    (dst / "manifest.json").write_text(json.dumps(manifest))
    return dst


@pytest.mark.parametrize(
    ("breakage", "file", "needle"),
    [
        (lambda d: (d / "manifest.json").write_text("{not json"), "manifest.json", "not valid JSON"),
        (lambda d: (d / "manifest.json").write_text('{"name": "Bad Name"}'), "manifest.json", "name"),
        (lambda d: (d / "tools.py").unlink(), "tools.py", "missing required file"),
        (lambda d: (d / "tasks.jsonl").write_text('{"id": "x"}\n'), "tasks.jsonl", "line 1"),
        (lambda d: (d / "tasks.jsonl").write_text((d / "tasks.jsonl").read_text().splitlines()[0] + "\n"
                                                  + (d / "tasks.jsonl").read_text().splitlines()[0] + "\n"),
         "tasks.jsonl", "duplicate task id"),
    ],
)
def test_malformed_folders_name_the_file(tmp_path, breakage, file, needle):
    d = copy_env(tmp_path, f"broken_{abs(hash(needle)) % 10000}")
    breakage(d)
    with pytest.raises(EnvFormatError) as err:
        envfactory_gym.register_env_dir(d)
    assert file in str(err.value) and needle in str(err.value)
    assert not any(str(d) in str(s.kwargs.get("env_dir", "")) for s in gym.registry.values())


def test_bad_tools_and_gold_calls_fail_validation(tmp_path):
    d = copy_env(tmp_path, "badtools")
    (d / "tools.py").write_text("import nonexistent_module_xyz\n")
    pkg = envfactory_gym.EnvPackage(d)
    with pytest.raises(EnvFormatError, match="tools.py: import failed"):
        pkg.validate()
    d2 = copy_env(tmp_path, "badgold")
    lines = (d2 / "tasks.jsonl").read_text().splitlines()
    task = json.loads(lines[1])
    task["gold_calls"][0]["arguments"]["loan_id"] = "L-404"
    (d2 / "tasks.jsonl").write_text("\n".join([lines[0], json.dumps(task)]) + "\n")
    with pytest.raises(EnvFormatError, match="lib-return.*fails: no open loan"):
        envfactory_gym.EnvPackage(d2).validate()
    d3 = copy_env(tmp_path, "noop")
    task = json.loads(lines[2])
    task["outputs"] = []
    (d3 / "tasks.jsonl").write_text(json.dumps(task) + "\n")
    with pytest.raises(EnvFormatError, match="changes nothing and lists no outputs"):
        envfactory_gym.EnvPackage(d3).validate()


def test_register_envs_skips_bad_and_unverified_folders(tmp_path):
    good = copy_env(tmp_path, "goodlib")
    bad = copy_env(tmp_path, "badlib")
    (bad / "schema.sql").unlink()
    unverified = copy_env(tmp_path, "draftlib")
    m = json.loads((unverified / "manifest.json").read_text())
    m["verified"] = False
    (unverified / "manifest.json").write_text(json.dumps(m))
    with pytest.warns(UserWarning, match="schema.sql"):
        ids = register_envs([tmp_path])
    assert ids == ["EnvFactory/goodlib-v0"]
    assert "EnvFactory/draftlib-v0" not in gym.registry
    env = gym.make("EnvFactory/goodlib-v0")
    env.reset(seed=0)
    env.close()
    assert good.exists()
    with pytest.raises(EnvFormatError, match="already registered"):
        other = copy_env(tmp_path / "elsewhere", "goodlib")
        envfactory_gym.register_env_dir(other)


def test_get_package_suggests_names():
    with pytest.raises(EnvFactoryError, match="Did you mean"):
        envfactory_gym.get_package("EnvFactory/libary-v0")


def test_env_path_variable_and_module_prefix(tmp_path):
    copy_env(tmp_path, "pathlib_env")
    code = ("import gymnasium as gym; env = gym.make('envfactory_gym:EnvFactory/pathlib_env-v0'); "
            "obs, info = env.reset(seed=0); print(info['env_id'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "ENVFACTORY_ENV_PATH": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "EnvFactory/pathlib_env-v0"
