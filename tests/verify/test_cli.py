"""``envfactory verify``: what the gate needs is checked before any work, in one line with the install command."""

from __future__ import annotations

import envfactory_gym.extras as extras
from envfactory_gym.cli import main


def test_a_missing_test_runner_is_named_before_any_check_runs(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "env"
    folder.mkdir()
    (folder / "manifest.json").write_text("{}")
    monkeypatch.setitem(extras.EXTRAS, "verify", (("pytest", "pytest"), ("no_such_module_envfactory", "coverage")))
    assert main(["verify", str(folder)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert err == ("envfactory verify: error: the verification gate (its tests check) needs coverage, not installed "
                   "here: pip install \"envfactory-gym[verify]\" (in a clone: pip install -e \".[verify]\")")
    assert sorted(p.name for p in folder.iterdir()) == ["manifest.json"]  # no check ran, no record written


def test_the_skeleton_names_what_its_tests_need(tmp_path, capsys):
    assert main(["new", "pharmacy", "--domain", "healthcare", "--dir", str(tmp_path)]) == 0
    assert 'pip install "envfactory-gym[verify]"' in capsys.readouterr().out
