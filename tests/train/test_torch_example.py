"""The plain PyTorch vector-env example runs a tiny budget."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("torch")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "torch_vector_loop.py"


def test_torch_vector_loop_smoke_run():
    spec = importlib.util.spec_from_file_location("torch_vector_loop", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    log = module.train(num_envs=4, updates=2, horizon=6, max_steps=3)
    assert len(log) == 2 and sum(r["episodes"] for r in log) >= 4
