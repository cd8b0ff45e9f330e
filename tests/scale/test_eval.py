"""``eval --backend ray``: the same records as the local backend, dead workers replaced, nothing counted twice."""

from __future__ import annotations

import functools
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.eval.cli import main
from envfactory_gym.eval.harness import plan_episodes, run_eval
from envfactory_gym.eval.store import load_records
from envfactory_gym.scale import AgentSpec, RayEvalResult, run_eval_ray
from tests.conftest import LIBRARY_ID

pytestmark = pytest.mark.usefixtures("ray_cluster")


def comparable(records: list[dict]) -> dict:
    """Records by key, without the wall-clock duration (the only field that may differ between runs)."""
    return {(r["env"], r["task_id"], r["trial"]): {k: v for k, v in r.items() if k != "duration_s"} for r in records}


class KillerOracle(OracleAgent):
    """The oracle, except that the first time it starts ``task_id`` it kills its own process (the Ray actor)."""

    def __init__(self, marker: str, task_id: str) -> None:
        super().__init__()
        self.marker, self.task_id = Path(marker), task_id

    def reset(self, env, observation, info) -> None:
        super().reset(env, observation, info)
        if env.unwrapped.task.id == self.task_id and not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.parametrize("agent", ["oracle", "random"])
def test_ray_backend_stores_the_records_of_the_local_backend(tmp_path, agent):
    specs = plan_episodes([LIBRARY_ID, "EnvFactory/retail-v0"], trials=2, seed=3, limit=4)
    factory = AgentSpec(agent, seed=3)
    local = run_eval(specs, factory, tmp_path / "local", concurrency=2, progress=False, agent_name=agent)
    ray = run_eval(specs, factory, tmp_path / "ray", concurrency=2, progress=False, agent_name=agent,
                   backend="ray", workers=2)
    assert isinstance(ray, RayEvalResult) and ray.played == len(specs) == 16 and not ray.errors
    assert comparable(ray.records) == comparable(local.records)
    assert comparable(load_records(tmp_path / "ray")) == comparable(local.records)
    if agent == "oracle":
        assert all(r["reward"] == 1.0 for r in ray.records)


def test_a_killed_worker_is_replaced_and_its_episodes_rerun_once(tmp_path):
    specs = plan_episodes([LIBRARY_ID], trials=3, seed=0)
    marker = tmp_path / "killed"
    factory = functools.partial(KillerOracle, str(marker), "lib-title")
    result = run_eval_ray(specs, factory, tmp_path / "run", workers=2, progress=False, agent_name="oracle")
    assert marker.exists(), "the worker was never killed"
    assert result.replaced == 1 and result.reruns >= 1 and not result.errors
    lines = (tmp_path / "run" / "episodes.jsonl").read_text().splitlines()
    keys = [(r["env"], r["task_id"], r["trial"]) for r in map(json.loads, lines)]
    assert len(keys) == len(set(keys)) == len(specs) == result.played
    assert all(r["reward"] == 1.0 for r in result.records)
    local = run_eval(specs, OracleAgent, tmp_path / "local", progress=False, agent_name="oracle")
    assert comparable(result.records) == comparable(local.records)


def test_a_resumed_run_plays_only_what_is_missing_on_either_backend(tmp_path):
    specs = plan_episodes([LIBRARY_ID], trials=2)
    run_eval(specs[:3], AgentSpec("oracle"), tmp_path, progress=False)
    result = run_eval(specs, AgentSpec("oracle"), tmp_path, progress=False, backend="ray", workers=2)
    assert (result.played, result.skipped) == (len(specs) - 3, 3)
    again = run_eval(specs, AgentSpec("oracle"), tmp_path, progress=False, backend="ray", workers=2)
    assert (again.played, again.skipped) == (0, len(specs))


def test_an_agent_that_cannot_be_built_is_a_one_line_error(tmp_path):
    specs = plan_episodes([LIBRARY_ID])
    with pytest.raises(EnvFactoryError, match="could not build the agent: .*model"):
        run_eval_ray(specs, AgentSpec("openai", options={"model": ""}), tmp_path, workers=1, progress=False)


def test_cli_backend_ray(tmp_path, capsys):
    out = tmp_path / "run"
    argv = ["eval", "--agent", "oracle", "--envs", LIBRARY_ID, "--trials", "2", "--report", str(out), "--quiet"]
    assert main([*argv, "--backend", "ray", "--workers", "2"]) == 0
    assert "pass^2=1.000" in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text())
    assert summary["throughput"]["played"] == 8 and summary["missing"] == 0
    assert (out / "report.md").exists()


def test_missing_ray_is_a_one_line_install_hint(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    argv = ["eval", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(tmp_path), "--quiet"]
    assert main([*argv, "--backend", "ray"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and 'pip install "envfactory-gym[ray]"' in err


def test_address_without_the_ray_backend_is_refused(tmp_path, capsys):
    argv = ["eval", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(tmp_path), "--quiet"]
    assert main([*argv, "--address", "auto"]) == 2
    assert "--address needs --backend ray" in capsys.readouterr().err


class BatchedOracle(OracleAgent):
    """Stands for a local-model agent: it decodes several episodes per call (``act_batch``)."""

    def act_batch(self, slots):
        return [self.act(obs, info) for _env, obs, info in slots]


def test_a_batched_agent_needs_one_episode_at_a_time_per_worker(tmp_path):
    specs = plan_episodes([LIBRARY_ID])
    with pytest.raises(EnvFactoryError, match="concurrency 1 on each worker .not 2. and add workers"):
        run_eval_ray(specs, BatchedOracle, tmp_path, workers=1, concurrency=2, progress=False)
    result = run_eval_ray(specs, BatchedOracle, tmp_path, workers=2, concurrency=1, progress=False)
    assert result.played == len(specs) and all(r["reward"] == 1.0 for r in result.records)


def test_an_unreachable_or_malformed_address_fails_in_one_line():
    from envfactory_gym.scale.cluster import check_address

    with pytest.raises(EnvFactoryError, match="no Ray cluster answers at '127.0.0.1:1'"):
        check_address("127.0.0.1:1")
    with pytest.raises(EnvFactoryError, match="expected HOST:PORT"):
        check_address("head-node")
    check_address("auto")  # left to Ray
