"""Crash safety of files: a killed ``envfactory run`` resumes without duplicates or torn records."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from envfactory_gym.agents import RandomAgent
from envfactory_gym.runner import run_episodes, summarize
from envfactory_gym.tasks import Task, atomic_write_text, load_tasks, write_tasks

RUN = ["run", "--env", "EnvFactory/retail-v0", "--agent", "random", "--episodes", "150", "--seed", "3", "--quiet"]


def envfactory_cmd(*args: str) -> list[str]:
    exe = shutil.which("envfactory")
    return [exe, *args] if exe else [sys.executable, "-m", "envfactory_gym.cli", *args]


def lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_killed_run_resumes_without_duplicates(tmp_path):
    out = tmp_path / "run.json"
    sidecar = Path(f"{out}.episodes.jsonl")
    proc = subprocess.Popen(envfactory_cmd(*RUN, "--json", str(out)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while lines(sidecar) < 15 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert proc.poll() is None, "the run ended before it could be killed; make it longer"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert not out.exists() and 15 <= lines(sidecar) < 150
    with open(sidecar, "ab") as fh:  # what a kill in the middle of a write would leave
        fh.write(b'{"run": "EnvFactory/retail-v0|random", "index": 99')
    done = subprocess.run(envfactory_cmd(*RUN, "--json", str(out)), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    resumed = json.loads(out.read_text())
    assert not sidecar.exists()

    fresh = run_episodes("EnvFactory/retail-v0", RandomAgent(seed=3), episodes=150, seed=3, progress=False)
    expected = json.loads(json.dumps({"summary": summarize(fresh), "episodes": [r.as_dict() for r in fresh]}))
    keys = [(e["task_id"], e["seed"]) for e in resumed["episodes"]]
    assert len(keys) == 150 and len(set(keys)) == 150
    def timeless(episodes):  # wall time is the one field two plays of an episode do not share
        return [{k: v for k, v in e.items() if k != "duration_s"} for e in episodes]

    assert timeless(resumed["episodes"]) == timeless(expected["episodes"])
    assert resumed["summary"] == expected["summary"]


def test_atomic_writes_leave_the_old_file_or_the_new_one(tmp_path, monkeypatch):
    path = tmp_path / "tasks.jsonl"
    task = Task(id="t1", instruction="hi", gold_calls=[{"name": "x"}], outputs=["y"])
    write_tasks(path, [task])
    before = path.read_text()

    def boom(fd: int) -> None:  # fails after the temporary file is written, before it replaces the old one
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_text(path, "garbage")
    assert path.read_text() == before and load_tasks(path)[0].id == "t1"
    assert [p.name for p in tmp_path.iterdir()] == ["tasks.jsonl"]  # no temporary file left behind
