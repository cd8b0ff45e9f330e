"""The shipped example recordings replay into environments that pass the gate, play, and that the oracle solves."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.envgen.pipeline import EnvSpec, generate
from envfactory_gym.envgen.replay import load_recording, read_recording
from envfactory_gym.testing.replay_server import ReplayServer
from envfactory_gym.verification import status
from tests.envgen._helpers import config

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "envgen"
#: example -> (its resources, the domain)
RESOURCES = {"permits": ("docs", "permits"), "fitness": ("openapi.yaml", "fitness")}


@pytest.mark.slow
@pytest.mark.parametrize("example", sorted(RESOURCES))
def test_example_recording_lands_a_verified_environment(example: str, tmp_path: Path) -> None:
    recording = EXAMPLES / example / "recording.jsonl"
    if not recording.is_file():
        pytest.skip(f"{recording} is not in this checkout")
    envs = {env for _, env, _ in read_recording(recording)}
    assert len(envs) == 1, envs
    name = envs.pop()
    resources, domain = RESOURCES[example]
    with ReplayServer(load_recording(recording)) as server:
        outcome = generate(EnvSpec(str(EXAMPLES / example / resources), name, domain),
                           config(tmp_path, server.base_url, max_repairs=3, tasks=60))
    assert outcome.status == "landed", outcome.reasons
    assert status(outcome.folder).verified
    env_id = envfactory_gym.register_env_dir(outcome.folder)
    env = gym.make(env_id)
    try:
        env.reset(seed=0)
    finally:
        env.close()
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episodes

    results = run_episodes(env_id, OracleAgent(), progress=False)
    assert results and all(r.reward == 1.0 for r in results)
