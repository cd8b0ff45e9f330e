"""The gate on real folders: a skeleton passes; misbehaving environments are rejected; the caller survives."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from envfactory_gym.authoring import new_environment
from envfactory_gym.verification import RECORD_FILE, content_hash, status
from envfactory_gym.verify.gate import verify
from envfactory_gym.verify.sandbox import Limits

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FAST = Limits(cpu_s=60, wall_s=60, memory_mb=4096)


@pytest.fixture(scope="module")
def skeleton(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_environment("demo", "test", tmp_path_factory.mktemp("skeleton"))


@pytest.fixture
def env_copy(skeleton: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(skeleton, tmp_path / "demo"))


def _break_cancel(folder: Path, code: str) -> None:
    """Make the write tool run ``code`` first (the oracle calls it in every writing task)."""
    tools = folder / "tools.py"
    text = tools.read_text(encoding="utf-8")
    marker = '    row = db.query_one("SELECT request_id, status FROM requests WHERE request_id = ?"'
    assert marker in text
    indented = "\n".join("    " + line for line in code.strip().splitlines())
    tools.write_text(text.replace(marker, indented + "\n" + marker, 1), encoding="utf-8")


def _failed(record, name: str) -> str:
    check = record.check(name)
    assert check is not None and not check.passed, [c.model_dump() for c in record.checks]
    assert not record.passed
    return check.reason


def test_the_skeleton_passes_the_whole_gate_and_the_record_vouches_for_it(env_copy: Path) -> None:
    record = verify(env_copy)
    assert record.passed, [(c.name, c.reason) for c in record.failures()]
    assert {c.name for c in record.checks} == {"load", "tests", "env_api", "agents", "querygen", "soundness",
                                                "fairness", "overlap"}
    saved = json.loads((env_copy / RECORD_FILE).read_text())
    assert saved["content_hash"] == content_hash(env_copy) and saved["versions"]["duckdb"]
    assert saved["catalog"]["tools"] == 4 and saved["catalog"]["line_coverage"] >= 0.9
    assert status(env_copy).verified
    (env_copy / "policy.md").write_text("edited\n", encoding="utf-8")
    st = status(env_copy)
    assert not st.verified and "edited since it was verified" in st.reason


@pytest.mark.parametrize("code, expect", [
    ("import socket\nsocket.create_connection(('93.184.216.34', 80), timeout=2)", "network"),
    ("import os\nwhile True:\n    os.fork()", "process"),
    ("blob = bytearray(20 * 1024 ** 3)", "MemoryError"),
    ("open('/tmp/envfactory-escape.txt', 'w').write('x')", "outside"),
])
def test_a_misbehaving_tool_is_rejected_and_the_caller_survives(env_copy: Path, code: str, expect: str) -> None:
    _break_cancel(env_copy, code)
    before = content_hash(env_copy)
    pid = os.getpid()
    record = verify(env_copy, checks_to_run=["load"], limits=FAST)
    reason = _failed(record, "load")
    assert expect in reason and "cancel_request" in reason
    assert os.getpid() == pid and content_hash(env_copy) == before
    assert not Path("/tmp/envfactory-escape.txt").exists()


def test_a_tool_that_sleeps_forever_is_killed_at_the_wall_clock_limit(env_copy: Path) -> None:
    tools = env_copy / "tools.py"
    tools.write_text(tools.read_text(encoding="utf-8") + "\nimport time\ntime.sleep(10_000)\n", encoding="utf-8")
    record = verify(env_copy, checks_to_run=["load"], limits=Limits(wall_s=8))
    assert "wall-clock limit" in _failed(record, "load")


def test_failing_and_missing_tests_are_rejected(env_copy: Path) -> None:
    test_file = next((env_copy / "tests").glob("test_*.py"))
    test_file.write_text(test_file.read_text(encoding="utf-8") + "\n\ndef test_broken():\n    assert 1 == 2\n",
                         encoding="utf-8")
    record = verify(env_copy, checks_to_run=["load", "tests"], limits=FAST)
    assert "tests fail" in _failed(record, "tests") and "test_broken" in record.check("tests").reason


def test_an_uncovered_tool_is_rejected(env_copy: Path) -> None:
    tools = env_copy / "tools.py"
    tools.write_text(tools.read_text(encoding="utf-8") + '''

@tool
def count_requests(db: Database, status: str) -> dict:
    """Count requests by status.

    Args:
        status: open, done or cancelled.
    """
    if status not in ("open", "done", "cancelled"):
        raise ToolError(f"unknown status {status!r}")
    rows = db.query("SELECT request_id, title FROM requests WHERE status = ? ORDER BY request_id", [status])
    titles = sorted({r["title"] for r in rows})
    by_title = {t: sum(1 for r in rows if r["title"] == t) for t in titles}
    return {"status": status, "count": len(rows), "by_title": by_title, "first": rows[0] if rows else None}
''', encoding="utf-8")
    record = verify(env_copy, checks_to_run=["load", "tests"], limits=FAST)
    reason = _failed(record, "tests")
    assert "count_requests" in reason or "of tools.py" in reason


def test_an_unsolvable_task_is_rejected(env_copy: Path) -> None:
    tasks = env_copy / "tasks.jsonl"
    first = json.loads(tasks.read_text(encoding="utf-8").splitlines()[0])
    first["id"] = "demo-broken"
    first["gold_calls"] = [{"name": "cancel_request", "arguments": {"request_id": "R-9999"}}]
    with tasks.open("a", encoding="utf-8") as f:
        f.write(json.dumps(first) + "\n")
    record = verify(env_copy, checks_to_run=["load"], limits=FAST)
    reason = _failed(record, "load")
    assert "demo-broken" in reason and "no request" in reason and record.check("load").file.endswith("tasks.jsonl")


def test_a_benchmark_clone_is_rejected(tmp_path: Path) -> None:
    clone = Path(shutil.copytree(FIXTURES / "bench_clone", tmp_path / "bench_clone"))
    record = verify(clone, checks_to_run=["load", "overlap"], limits=FAST)
    assert "re-create" in _failed(record, "overlap")


def test_a_partial_run_never_passes(env_copy: Path) -> None:
    record = verify(env_copy, checks_to_run=["load", "overlap"], limits=FAST, write=False)
    assert all(c.passed for c in record.checks) and not record.passed
    assert not (env_copy / RECORD_FILE).exists()
