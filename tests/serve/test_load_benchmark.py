"""Smoke run of benchmarks/mcp_load.py: 20 concurrent HTTP sessions play oracle episodes, no isolation break."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "mcp_load.py"


@pytest.mark.slow
def test_quick_load_run_has_no_isolation_break_and_gives_memory_back(tmp_path):
    out = tmp_path / "load.json"
    proc = subprocess.run([sys.executable, str(BENCH), "--quick", "--json", str(out)], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    result = json.loads(out.read_text())
    assert result["sessions"] == result["episodes_played"] == 20
    assert result["errors"] == 0 and result["isolation_breaks"] == 0
    assert result["tool_calls"] >= 20 * 4 and result["latency_p50_ms"] <= result["latency_p99_ms"]
    # 20 sessions with their own tables raise the server's memory; closing them hands most of it back.
    grown = result["rss_peak_mb"] - result["rss_before_mb"]
    kept = result["rss_after_mb"] - result["rss_before_mb"]
    assert grown > 0 and kept < max(0.5 * grown, 30), result
