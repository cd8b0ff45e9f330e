"""Smoke-run of the decoding benchmark in its quick mode on the tiny local model (figures only, no timing targets)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_run_compares_both_settings(tiny_model, tmp_path):
    out = tmp_path / "decoding.json"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "decoding.py"), "--quick", "--model",
                           str(tiny_model), "--dtype", "float32", "--json", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(out.read_text())
    assert data["episodes"] == 2 and data["one_call_minutes"] > 0 and data["chunked_ragged_minutes"] > 0
    assert data["speedup"] > 0
    assert data["identical_conversations"] == 2  # float32: the two settings decode the same tokens
