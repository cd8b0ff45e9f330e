"""Every registered compiled environment, lightly: where it came from, the env checker, and its gold replayed.

The heavy per-environment suites run a seeded sample of the compiled tier (``tests/suite_envs.py``); each compiled
folder also runs its own generated tests (``generated_envs/<name>/tests``).
"""

from __future__ import annotations

import json
import subprocess
import sys

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

import envfactory_gym
from envfactory_gym.agents import OracleAgent, RandomAgent
from envfactory_gym.runner import run_episodes
from envfactory_gym.testing.blind import BLIND_FILE, SHORTCUT_MAX, load_episodes
from tests.suite_envs import COMPILED

pytestmark = pytest.mark.skipif(not COMPILED, reason="no compiled environment is registered")


@pytest.fixture(params=COMPILED or ["none"])
def env_id(request):
    return request.param


def test_the_source_is_named_and_kept(env_id):
    package = envfactory_gym.get_package(env_id)
    source = package.manifest.source
    assert source is not None and source.kind == "openapi" and source.api and source.version and source.spec
    spec = json.loads((package.path / source.spec).read_text(encoding="utf-8"))
    info = spec.get("info", {})
    assert info.get("title") == source.api and str(info.get("version")) == source.version
    # the kept subset holds the operations the tools were compiled from, and nothing the env does not use
    report = json.loads((package.path / "report.json").read_text(encoding="utf-8"))
    compiled = {(t["method"].lower(), t["path"]) for t in report["tools"] if t.get("path")}
    kept = {(m, p) for p, ops in spec.get("paths", {}).items() for m in ops if m in ("get", "post", "put",
                                                                                      "patch", "delete")}
    assert compiled and compiled <= kept and len(kept) <= len(compiled) + len(report.get("skipped", []))


def test_the_seed_script_gives_the_shipped_rows(env_id, tmp_path):
    """The seed drawing lives in the package (``authoring.specseed``): it must not drift from what was shipped."""
    seed = envfactory_gym.get_package(env_id).path / "seed"
    subprocess.run([sys.executable, str(seed / "generate.py"), "--out", str(tmp_path)], check=True, timeout=120)
    shipped = sorted(p.name for p in seed.glob("*.csv"))
    assert shipped == sorted(p.name for p in tmp_path.glob("*.csv"))
    changed = [n for n in shipped if (seed / n).read_bytes() != (tmp_path / n).read_bytes()]
    assert not changed, f"{env_id}: seed/generate.py now draws other rows for {changed}"


def test_check_env(env_id):
    env = gym.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


def test_the_oracle_solves_every_task_and_random_play_does_not(env_id):
    results = run_episodes(env_id, OracleAgent(), progress=False)
    assert results and all(r.reward == 1.0 for r in results), [(r.task_id, r.reward) for r in results
                                                               if r.reward != 1.0][:3]
    random = run_episodes(env_id, RandomAgent(seed=0), episodes=min(10, len(results)), progress=False)
    assert sum(r.reward for r in random) / len(random) < 0.2


def _blind_episodes() -> list:
    """Every compiled env's kept blind play (``tests/blind_play.jsonl``), one parameter per episode."""
    params = []
    for env_id in COMPILED:
        path = envfactory_gym.get_package(env_id).path / "tests" / BLIND_FILE
        for i, episode in enumerate(load_episodes(path) if path.is_file() else ()):
            marks = [pytest.mark.xfail(reason=episode.extra["known_defect"], strict=True)] \
                if episode.extra.get("known_defect") else []
            params.append(pytest.param(env_id, episode, marks=marks, id=f"{episode.task_id}-{i}"))
    return params


def test_every_compiled_env_keeps_blind_play():
    missing = [e for e in COMPILED if not (envfactory_gym.get_package(e).path / "tests" / BLIND_FILE).is_file()]
    assert not missing, f"compiled envs registered without blind play: {missing}"


@pytest.mark.parametrize("env_id, episode", _blind_episodes() or [pytest.param(None, None, marks=pytest.mark.skip)])
def test_blind_play_replays(env_id, episode):
    env = gym.make(env_id)
    try:
        reward, components, _ = episode.replay(env.unwrapped)
    finally:
        env.close()
    assert components is not None, f"{episode.task_id}: the episode did not end"
    if episode.kind == "shortcut":
        assert reward <= SHORTCUT_MAX, (episode.task_id, components)
    else:
        assert reward == pytest.approx(episode.expected_reward, abs=1e-6), (episode.task_id, components)
