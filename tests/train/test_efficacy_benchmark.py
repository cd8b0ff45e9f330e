"""Smoke-run of the training efficacy benchmark in its quick mode on the tiny local model (no score targets)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("peft")
pytest.importorskip("matplotlib")

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("heldout_reward_before", "heldout_reward_after_sft", "heldout_reward_after_rl", "heldout_pass1_after_rl",
        "minutes")


def test_quick_run_writes_every_figure_and_resumes(tiny_model, tmp_path):
    out, result = tmp_path / "work", tmp_path / "efficacy.json"
    cmd = [sys.executable, str(ROOT / "benchmarks" / "train_efficacy.py"), "--quick", "--model", str(tiny_model),
           "--out", str(out), "--json", str(result), "--threads", "1"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads(result.read_text())
    for key in KEYS:
        assert key in data and key in data["per_seed"]["0"], key
        assert 0.0 <= data[key] <= 1.0 or key == "minutes"
    train = [json.loads(x)["id"] for x in (out / "train_tasks.jsonl").read_text().splitlines()]
    heldout = [json.loads(x)["id"] for x in (out / "heldout_tasks.jsonl").read_text().splitlines()]
    assert len(train) == 6 and len(heldout) == 3 and not set(train) & set(heldout)
    sft_ids = {json.loads(x)["task_id"] for x in (out / "sft.jsonl").read_text().splitlines()}
    assert sft_ids == set(train)  # the held-out tasks never reach training
    assert (out / "train_efficacy.png").stat().st_size > 0
    for stage in ("eval_before", "seed0/eval_sft", "seed0/eval_rl"):
        assert len((out / stage / "episodes.jsonl").read_text().splitlines()) == 3
    # A rerun finds every stage done: same figures, nothing trained again.
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    again = json.loads(result.read_text())
    assert [again[k] for k in KEYS[:4]] == [data[k] for k in KEYS[:4]]
    assert data["resumed_stages"] == 0 and again["resumed_stages"] == 5  # before + SFT, RL and their evals
    # The reported compute is what the stages cost when they ran, not the near-zero time of the rerun.
    assert again["per_seed"]["0"]["minutes"] == data["per_seed"]["0"]["minutes"] > 0
