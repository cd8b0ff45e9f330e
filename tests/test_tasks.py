"""Task files and the atomic writer: written files get the usual mode, and a failed write leaves the old file."""

from __future__ import annotations

import os
import stat

import pytest

from envfactory_gym.tasks import atomic_write_text, current_umask


@pytest.fixture
def umask():
    old = os.umask(0o027)
    yield 0o027
    os.umask(old)


def test_new_files_get_0666_minus_the_umask(tmp_path, umask):
    assert current_umask() == umask
    path = tmp_path / "report.md"
    atomic_write_text(path, "hello")
    assert path.read_text() == "hello" and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["report.md"]  # no temporary file left


def test_rewriting_keeps_the_file_mode(tmp_path):
    path = tmp_path / "summary.json"
    atomic_write_text(path, "{}")
    os.chmod(path, 0o600)
    atomic_write_text(path, '{"a": 1}')
    assert path.read_text() == '{"a": 1}' and stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_failed_write_leaves_the_old_file(tmp_path):
    path = tmp_path / "tasks.jsonl"
    atomic_write_text(path, "old\n")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(path, "new \ud800 unencodable")
    assert path.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == ["tasks.jsonl"]
