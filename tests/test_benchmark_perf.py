"""Smoke-run of the performance benchmark in its quick mode."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_perf_quick_writes_every_figure(tmp_path):
    out = tmp_path / "perf.json"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "perf.py"), "--quick", "--envs",
                           "EnvFactory/retail-v0", "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(out.read_text())
    r = data["envs"]["EnvFactory/retail-v0"]
    assert r["step_read"]["step_ms"] > 0 and r["step_read"]["raw_sql_ms"] > 0
    assert r["step_write"]["statements"] >= 1
    assert r["oracle_episode_ms"] > 0 and r["terminal_reward_ms"] > 0
    assert [row["envs"] for row in r["envs_per_process"]] == [1, 5]
    assert r["vector"]["async_env_steps_per_s"] > 0
    assert data["versions"]["duckdb"]
