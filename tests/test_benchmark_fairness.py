"""Smoke-run of the fairness benchmark: its quick mode on a small env, and the table of the gate's records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import LIBRARY_DIR

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "fairness.py"


def test_quick_mode_writes_every_figure(tmp_path):
    out = tmp_path / "fairness.json"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--envs", str(LIBRARY_DIR), "--json", str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    figures = next(iter(json.loads(out.read_text())["envs"].values()))
    assert set(figures["task_problems"]) >= {"mixed actors", "unused gold read", "result past the cut"}
    assert figures["natural_answers"]["episodes"] > 0 and figures["exploits"]
    table = tmp_path / "fairness.md"
    assert subprocess.run([sys.executable, str(SCRIPT), "--json", str(out), "--markdown", str(table)],
                          capture_output=True, timeout=60).returncode == 0
    assert figures["env_id"] in table.read_text()


def test_the_table_of_the_gates_records(tmp_path):
    table = tmp_path / "records.md"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--envs", str(ROOT / "generated_envs" / "banking"),
                           "--from-records", str(table)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    row = [line for line in table.read_text().splitlines() if "banking-v0" in line]
    assert len(row) == 1 and row[0].count("|") == 10


def test_a_bad_env_is_one_line(tmp_path):
    proc = subprocess.run([sys.executable, str(SCRIPT), "--envs", "nope-v0", "--json", str(tmp_path / "x.json")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.strip().splitlines()[-1].startswith("error: --envs")
