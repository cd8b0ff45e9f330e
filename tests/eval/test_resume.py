"""A real eval process killed with SIGKILL mid-run, then rerun: same results as an uninterrupted run, no duplicates."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

ARGS = ["--agent", "random", "--envs", "EnvFactory/retail-v0", "--limit", "24", "--trials", "2",
        "--concurrency", "2", "--quiet"]


def eval_process(run_dir: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "envfactory_gym.eval", "eval", *ARGS, "--report", str(run_dir)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def lines(run_dir: Path) -> list[bytes]:
    path = run_dir / "episodes.jsonl"
    return path.read_bytes().splitlines() if path.exists() else []


def results(run_dir: Path) -> dict[tuple, tuple]:
    out = {}
    for raw in lines(run_dir):
        r = json.loads(raw)
        key = (r["env"], r["task_id"], r["trial"])
        assert key not in out, f"duplicated episode {key}"
        out[key] = (r["reward"], r["steps"], r["components"], r["messages"][-1]["content"])
    return out


def test_killed_run_resumes_to_the_same_result_set(tmp_path):
    killed = tmp_path / "killed"
    proc = eval_process(killed)
    deadline = time.monotonic() + 120
    while len(lines(killed)) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    assert proc.returncode == -signal.SIGKILL, "the run finished before it could be killed"
    partial = len(lines(killed))
    assert 3 <= partial < 48

    resumed = subprocess.run([sys.executable, "-m", "envfactory_gym.eval", "eval", *ARGS, "--report", str(killed)],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert "already done" in resumed.stdout
    clean = tmp_path / "clean"
    ref = subprocess.run([sys.executable, "-m", "envfactory_gym.eval", "eval", *ARGS, "--report", str(clean)],
                         capture_output=True, text=True, timeout=300)
    assert ref.returncode == 0, ref.stderr

    got, want = results(killed), results(clean)
    assert len(got) == 48 and got == want
    summary = json.loads((killed / "summary.json").read_text())
    assert summary["throughput"]["skipped"] >= partial - 1 and summary["missing"] == 0
    assert summary["summary"] == json.loads((clean / "summary.json").read_text())["summary"]
