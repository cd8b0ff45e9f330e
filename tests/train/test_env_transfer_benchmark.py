"""The cross-environment transfer benchmark: a quick run on the tiny local model, and its pieces (no score targets)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "env_transfer.py"


def load_script():
    spec = importlib.util.spec_from_file_location("env_transfer", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_quick_run_holds_out_whole_envs_and_resumes(tiny_model, tmp_path):
    pytest.importorskip("peft")
    pytest.importorskip("matplotlib")
    out, result = tmp_path / "work", tmp_path / "transfer.json"
    cmd = [sys.executable, str(SCRIPT), "--quick", "--model", str(tiny_model), "--out", str(out), "--json",
           str(result), "--threads", "1", "--plot", str(tmp_path / "plot.png")]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads(result.read_text())
    heldout = ["EnvFactory/retail-v0", "EnvFactory/clinic-v0"]
    assert data["heldout"] == heldout and data["sizes"] == [1, 3] and len(data["runs"]) == 2
    order = data["orders"]["0"]
    assert sorted(order) == sorted(data["train_envs"]) and not set(order) & set(heldout)
    for run in data["runs"]:
        assert run["train_envs"] == order[:run["size"]]  # nested subsets
        assert sum(run["examples_per_env"].values()) == data["sft_steps"] == 2  # same number of examples
        assert run["indomain_env"] == order[0]
        for env in heldout:
            r = run["per_env"][env]
            assert r["tasks"] == 2 and 0.0 <= r["mean_reward"] <= 1.0
            # Every episode that lost reward is explained by one failure kind.
            assert sum(r["failures"].values()) <= 2 and set(r["failures"]) <= set(data["failure_kinds"])
        # Training data comes from the run's own envs only: no held-out env's task reaches SFT.
        records = [json.loads(x) for x in (out / "seed0" / f"envs{run['size']}" / "sft.jsonl").read_text().splitlines()]
        assert {r["env"] for r in records} <= set(run["train_envs"])
    assert data["by_size"][0]["heldout_reward"]["n"] == 1
    assert (tmp_path / "plot.png").stat().st_size > 0 and "| 0 (base model) |" in proc.stdout
    # A rerun finds every stage finished: the same figures, nothing trained or played again.
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    again = json.loads(result.read_text())
    assert again["by_size"] == data["by_size"] and again["base"] == data["base"]
    assert data["resumed_stages"] == 0 and again["resumed_stages"] == 3 + 2 * 4  # base evals; SFT + 3 evals per run


def test_bad_arguments_are_one_line_errors(tmp_path):
    module = load_script()
    for argv, needle in ((["--heldout", "retail-v0"], "at least 2"),
                         (["--heldout", "retail-v0,clinc-v0"], "clinic-v0"),
                         (["--train-envs", "retail-v0", "--heldout", "clinic-v0,hotel-v0", "--sizes", "2"], "'2'"),
                         (["--train-envs", "retail-v0", "--heldout", "retail-v0,hotel-v0"], "both held out")):
        with pytest.raises(SystemExit) as exc:
            module.resolve_envs(module.parse_args(["--out", str(tmp_path), *argv]))
        assert needle in str(exc.value) and "\n" not in str(exc.value), (argv, exc.value)


def test_failure_kinds_follow_the_episode():
    fail = load_script().failure
    tools = {"find_customer", "cancel_order"}

    def record(reward, messages, **components):
        return {"reward": reward, "messages": messages,
                "components": {"trace": 0.0, "state": 0.0, "communicate": 0.0, "format_errors": 0, **components}}

    def call(name):
        return {"role": "assistant", "content": None, "tool_calls": [{"function": {"name": name, "arguments": "{}"}}]}

    assert fail(record(1.0, [call("find_customer")]), tools) is None
    assert fail(record(0.0, [{"role": "assistant", "content": "Sure!"}]), tools) == "no_tool_call"
    assert fail(record(0.0, [{"role": "assistant", "content": "<tool_call>{"}], format_errors=1), tools) == \
        "malformed_calls"
    assert fail(record(0.0, [call("book_flight")]), tools) == "unknown_tool"
    assert fail(record(0.0, [call("find_customer"), {"role": "tool", "content": "Error: no such customer"}]),
                tools) == "tool_errors"
    assert fail(record(0.0, [call("find_customer"), {"role": "tool", "content": "{}"}]), tools) == "wrong_calls"
    assert fail(record(0.4, [call("cancel_order")], trace=1.0), tools) == "wrong_state"
    assert fail(record(0.8, [call("cancel_order")], trace=1.0, state=1.0), tools) == "wrong_answer"
    assert fail(record(0.95, [call("cancel_order")], trace=1.0, state=1.0, communicate=1.0), tools) == "partial"
