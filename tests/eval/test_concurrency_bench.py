"""Smoke test of the eval throughput benchmark against the local delayed chat server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "eval_concurrency.py"


def test_quick_benchmark_overlaps_requests(tmp_path):
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, str(BENCH), "--quick", "--json", str(out)], capture_output=True,
                          text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = {r["concurrency"]: r for r in json.loads(out.read_text())["results"]}
    assert set(rows) == {1, 4} and all(r["errors"] == 0 for r in rows.values())
    assert rows[4]["max_in_flight"] == 4 and rows[1]["max_in_flight"] == 1
    assert rows[4]["turns_per_s"] > 1.5 * rows[1]["turns_per_s"]
