"""End to end through the gate: a repaired environment lands and plays; an escaping one is contained and rejected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.envgen.pipeline import BatchResult, EnvSpec, env_store, generate_batch
from envfactory_gym.testing.replay_server import ReplayServer
from envfactory_gym.verification import status
from tests.envgen._helpers import SKETCH, Script, answer, config, docs_folder, skeleton_files

USAGE = {"prompt_tokens": 1000, "completion_tokens": 100}


def _item(value: Any) -> dict[str, Any]:
    return {"content": answer(value), "usage": USAGE}


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[BatchResult, Script, Path, Path]:
    root = tmp_path_factory.mktemp("envgen")
    probe = tmp_path_factory.mktemp("outside") / "escaped.txt"
    code, tests = skeleton_files("desk")
    broken_seed = code["seed/generate.py"].replace("import argparse", "import argparse\nimport no_such_seed_helper", 1)
    leaky_code, leaky_tests = skeleton_files("leaky")
    socket_tools = leaky_code["tools.py"].replace(
        "MAX_OPEN_REQUESTS = 3", "MAX_OPEN_REQUESTS = 3\nimport socket\nsocket.create_connection(('10.1.2.3', 80), 2)")
    writer_tools = leaky_code["tools.py"].replace(
        "MAX_OPEN_REQUESTS = 3", f"MAX_OPEN_REQUESTS = 3\nopen({str(probe)!r}, 'w').write('out')")
    script = Script({
        ("explore", "desk", 0): [_item(SKETCH)],
        ("code", "desk", 0): [_item({"files": {**code, "seed/generate.py": broken_seed}})],
        ("test", "desk", 0): [_item({"files": tests})],
        ("repair", "desk", 1): [_item({"files": {"seed/generate.py": code["seed/generate.py"]},
                                       "notes": "drop the unknown import"})],
        ("explore", "leaky", 0): [_item(SKETCH)],
        ("code", "leaky", 0): [_item({"files": {**leaky_code, "tools.py": socket_tools}})],
        ("test", "leaky", 0): [_item({"files": leaky_tests})],
        ("repair", "leaky", 1): [_item({"files": {"tools.py": writer_tools}, "notes": "no network"})],
    })
    docs = str(docs_folder(root))
    specs = [EnvSpec(docs, "leaky", "requests"), EnvSpec(docs, "desk", "requests")]
    with ReplayServer(script) as server:
        result = generate_batch(specs, config(root, server.base_url, concurrency=2, price_in=2.0, price_out=10.0))
    return result, script, root, probe


def test_the_repaired_environment_lands_verified_and_plays(batch: tuple[BatchResult, Script, Path, Path]) -> None:
    result, _, root, _ = batch
    desk = next(o for o in result.outcomes if o.name == "desk")
    assert desk.status == "landed" and desk.repair_rounds == 1, desk.reasons
    assert desk.folder == root / "out" / "desk" and status(desk.folder).verified
    assert sorted(p.name for p in (root / "out").iterdir()) == ["desk"]
    store = env_store(root / "run", "desk")
    assert store.load("seed", 0).reason.startswith("seed/generate.py exited with status 1")
    assert "no_such_seed_helper" in store.load("seed", 0).result["detail"]
    env_id = envfactory_gym.register_env_dir(desk.folder)
    env = gym.make(env_id)
    try:
        obs, _ = env.reset(seed=0)
        assert obs[-1]["role"] == "user"
    finally:
        env.close()
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episodes

    rewards = [r.reward for r in run_episodes(env_id, OracleAgent(), progress=False)]
    assert len(rewards) == 40 and min(rewards) == 1.0


def test_escaping_tools_are_contained_and_rejected(batch: tuple[BatchResult, Script, Path, Path]) -> None:
    result, _, root, probe = batch
    leaky = next(o for o in result.outcomes if o.name == "leaky")
    assert leaky.status == "rejected" and leaky.repair_rounds == 1
    assert "network access is not allowed" in env_store(root / "run", "leaky").load("tasks", 0).reason
    assert leaky.reasons[0].startswith("tasks: task sampling failed") and "outside the environment" in \
        leaky.reasons[0]
    assert not probe.exists() and not (root / "out" / "leaky").exists()
    assert (root / "run" / "envs" / "leaky" / "round-1" / "leaky" / "tools.py").is_file()


def test_the_report_counts_stages_tokens_and_cost(batch: tuple[BatchResult, Script, Path, Path]) -> None:
    result, _, root, _ = batch
    report = json.loads(result.report_json.read_text())
    t = report["totals"]
    assert (t["envs"], t["landed"], t["rejected"], t["errors"], t["requests"]) == (2, 1, 1, 0, 8)
    assert (t["prompt_tokens"], t["completion_tokens"]) == (8000, 800)
    assert t["cost_usd"] == pytest.approx(8000 / 1e6 * 2.0 + 800 / 1e6 * 10.0)
    stages = report["stages"]
    assert {s: (stages[s]["runs"], stages[s]["passed"]) for s in ("seed", "tasks", "verify", "repair")} == \
        {"seed": (4, 3), "tasks": (3, 1), "verify": (1, 1), "repair": (2, 2)}
    assert report["repair_rounds_of_landed"] == {"1": 1}
    assert report["prompt_versions"]["code"] == "2"
    md = result.report_md.read_text()
    assert "**1 of 2 environments landed**" in md and "## Rejections" in md and "`leaky` (rejected)" in md


def test_rerunning_a_finished_batch_asks_nothing(batch: tuple[BatchResult, Script, Path, Path]) -> None:
    result, _, root, _ = batch
    again = Script({})
    docs = str(root / "docs")
    with ReplayServer(again) as server:
        rerun = generate_batch([EnvSpec(docs, "leaky", "requests"), EnvSpec(docs, "desk", "requests")],
                               config(root, server.base_url, price_in=2.0, price_out=10.0))
    assert sum(again.asked.values()) == 0
    assert [(o.name, o.status) for o in rerun.outcomes] == [("leaky", "rejected"), ("desk", "landed")]
    assert json.loads(rerun.report_json.read_text())["totals"] == json.loads(result.report_json.read_text())["totals"]
