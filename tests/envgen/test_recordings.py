"""Fixture recordings replayed through the whole pipeline: repaired lands, never-passes and escapes are rejected."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.envgen.pipeline import EnvSpec, env_store, generate, generate_batch
from envfactory_gym.envgen.replay import load_recording
from envfactory_gym.testing.replay_server import ReplayServer
from envfactory_gym.verification import status
from envfactory_gym.verify.sandbox import Limits
from tests.envgen._helpers import config

ROOT = Path(__file__).resolve().parents[2]
RECORDINGS = ROOT / "tests" / "fixtures" / "envgen_recordings"
DOCS = str(ROOT / "examples" / "envgen" / "permits" / "docs")


def _recording(name: str) -> Path:
    path = RECORDINGS / name
    if not path.is_file():
        pytest.skip(f"{path} is not in this checkout")
    return path


@pytest.mark.slow
def test_a_repaired_environment_lands_and_the_oracle_solves_it(tmp_path: Path) -> None:
    with ReplayServer(load_recording(_recording("repaired.jsonl"))) as server:
        outcome = generate(EnvSpec(DOCS, "permits_repaired", "permits"), config(tmp_path, server.base_url,
                                                                                max_repairs=3))
    assert outcome.status == "landed" and outcome.repair_rounds == 1, outcome.reasons
    first = env_store(tmp_path / "run", "permits_repaired").load("verify", 0)
    assert not first.ok and first.result["failures"][0]["step"] == "tests"
    assert status(outcome.folder).verified
    env_id = envfactory_gym.register_env_dir(outcome.folder)
    gym.make(env_id).close()
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episodes

    results = run_episodes(env_id, OracleAgent(), progress=False)
    assert results and all(r.reward == 1.0 for r in results)


@pytest.mark.slow
def test_an_environment_that_never_passes_is_rejected_with_reasons(tmp_path: Path) -> None:
    with ReplayServer(load_recording(_recording("never_passes.jsonl"))) as server:
        outcome = generate(EnvSpec(DOCS, "permits_broken", "permits"), config(tmp_path, server.base_url,
                                                                              max_repairs=1))
    assert outcome.status == "rejected" and outcome.repair_rounds == 1
    assert outcome.reasons and outcome.reasons[0].startswith("tests: the environment's tests fail")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    store = env_store(tmp_path / "run", "permits_broken")
    assert [store.load("verify", r).ok for r in range(2)] == [False, False]
    assert store.load("repair", 1).result["notes"]
    assert (store.root / "round-1" / "permits_broken" / "tools.py").is_file()


@pytest.mark.slow
def test_escaping_tools_are_contained_and_the_next_environment_lands(tmp_path: Path) -> None:
    recording = _recording("escape.jsonl")
    names = ["escape_network", "escape_write", "escape_fork", "escape_memory", "escape_loop", "escape_good"]
    home = Path.home() / "escaped.txt"
    existed = home.exists(), Path("/tmp/escaped").exists()
    cfg = config(tmp_path, "", max_repairs=0, concurrency=2,
                 build_limits=Limits(cpu_s=20, memory_mb=2048, wall_s=30.0, processes=32))
    with ReplayServer(load_recording(recording)) as server:
        cfg = config(tmp_path, server.base_url, max_repairs=0, concurrency=2, build_limits=cfg.build_limits)
        result = generate_batch([EnvSpec(DOCS, n, "permits") for n in names], cfg)
    outcomes = {o.name: o for o in result.outcomes}
    assert outcomes["escape_good"].status == "landed", outcomes["escape_good"].reasons
    for name in names[:-1]:
        assert outcomes[name].status == "rejected", (name, outcomes[name].reasons)
    assert "network" in outcomes["escape_network"].reasons[0] or "socket" in outcomes["escape_network"].reasons[0]
    assert "outside" in " ".join(outcomes["escape_write"].reasons)
    assert "wall-clock" in outcomes["escape_loop"].reasons[0] or "CPU" in outcomes["escape_loop"].reasons[0]
    assert (home.exists(), Path("/tmp/escaped").exists()) == existed
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["escape_good"]
