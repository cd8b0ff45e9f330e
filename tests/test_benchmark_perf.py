"""Smoke-run of the performance benchmark in its quick mode (figures only, no timing assertions)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE_KEYS = ("episode_speedup_vs_tau2", "step_over_raw_sql", "reset_after_read_ms", "reset_after_write_ms",
                   "reward_ms")


def test_perf_quick_writes_every_figure(tmp_path):
    out = tmp_path / "perf.json"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "perf.py"), "--quick", "--no-peer", "--envs",
                           "EnvFactory/retail-v0", "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(out.read_text())
    r = data["envs"]["EnvFactory/retail-v0"]
    assert r["step_read"]["step_ms"] > 0 and r["step_read"]["raw_sql_ms"] > 0
    assert r["step_write"]["statements"] >= 1 and r["step_write"]["first_write_copy_ms"] > 0
    assert r["oracle_episode_ms"] > 0 and r["terminal_reward_ms"] > 0
    assert [row["envs"] for row in r["envs_per_process"]] == [1, 5]
    assert r["vector"]["async_env_steps_per_s"] > 0
    assert data["versions"]["duckdb"]
    for key in ACCEPTANCE_KEYS:
        assert key in data, key
    assert data["envs_5_create_ms_per_env"] > 0 and data["envs_5_threads"] > 0
    assert "envs_5_rss_mib_per_env" in data
    assert data["episode_speedup_vs_tau2"] is None and data["tau2_skipped"]
    assert "τ²-bench peer" in proc.stdout
    # Every env's episode beside retail-v0's, in the per-environment table (docs/performance.md).
    assert r["summary"]["episode_over_retail"] == 1.0 and data["episode_over_retail_max"] == 1.0
    assert "| `EnvFactory/retail-v0` |" in data["env_table"] and data["env_table"] in proc.stdout


def test_peer_skips_cleanly_without_its_venv(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import peer_tau2
    finally:
        sys.path.pop(0)
    out = peer_tau2.run_peer(4, 1, tmp_path / "no-venv", install=False)
    assert "skipped" in out and "no-venv" in out["skipped"]
