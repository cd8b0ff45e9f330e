"""``envfactory generate``: argument errors are one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from envfactory_gym.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = main(["generate", *argv])
    except SystemExit as exc:
        code = int(exc.code or 0)
    err = capsys.readouterr().err.strip()
    return code, err


BASE = ("--base-url", "http://127.0.0.1:9/v1", "--model", "m")


@pytest.mark.parametrize(("args", "message"), [
    (("--out", "o", "--run-dir", "r"), "give --resources, --name, --domain (or --batch FILE)"),
    (("--resources", "docs", "--out", "o", "--run-dir", "r"), "give --name, --domain"),
    (("--batch", "b.jsonl", "--name", "x", "--out", "o", "--run-dir", "r"), "--batch lists the environments: drop "
                                                                            "--name"),
    (("--resources", "docs", "--name", "Bad", "--domain", "d", "--out", "o", "--run-dir", "r"), "name 'Bad'"),
    (("--resources", "doc", "--name", "a", "--domain", "d", "--out", "o", "--run-dir", "r"),
     "--resources 'doc': no such file or folder Did you mean 'docs'?"),
])
def test_errors_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                             args: tuple[str, ...], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    code, err = _run(capsys, *BASE, *args)
    assert code == 2 and message in err and "\n" not in err
    assert not (tmp_path / "r").exists()


def test_bad_base_url_and_numbers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, err = _run(capsys, "--base-url", "localhost", "--model", "m", "--resources", ".", "--name", "a",
                     "--domain", "d", "--out", "o", "--run-dir", "r")
    assert code == 2 and "--base-url 'localhost': expected an http:// or https:// URL" in err and "\n" not in err
    code, err = _run(capsys, *BASE, "--concurrency", "0", "--out", "o", "--run-dir", "r")
    assert code == 2 and "--concurrency: expected a positive integer" in err and "\n" not in err
    code, err = _run(capsys, *BASE, "--price-in", "-1", "--out", "o", "--run-dir", "r")
    assert code == 2 and "--price-in" in err and "\n" not in err
