"""Smoke test of the Ray scaling benchmark: every setting plays the same episodes with the local records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "ray_scaling.py"


@pytest.mark.slow  # a subprocess that starts its own Ray cluster and three pools: ~15-25 s on 2 cores
def test_quick_benchmark_runs_every_setting(tmp_path):
    pytest.importorskip("ray")
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, str(BENCH), "--quick", "--json", str(out)], capture_output=True,
                          text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    payload = json.loads(out.read_text())
    rows = {(r["backend"], r["workers"]): r for r in payload["results"]}
    assert set(rows) == {("local", 1), ("ray", 1), ("ray", 2)}
    assert all(r["episodes"] == payload["episodes"] == 8 and r["errors"] == 0 for r in rows.values())
    assert rows["ray", 1]["identical"] and rows["ray", 2]["identical"]
    assert set(payload["ratios"]) == {"ray1_vs_local", "ray2_vs_local", "ray2_vs_ray1"}
