"""One suite over every registered environment: check_env, vector envs, pickling, determinism, oracle, fuzz."""

from __future__ import annotations

import pickle

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import envfactory_gym
from envfactory_gym.agents import OracleAgent, RandomAgent
from envfactory_gym.registration import shipped_envs_dir
from envfactory_gym.runner import run_episode, run_episodes, summarize
from envfactory_gym.verification import status
from tests.suite_envs import SUITE_IDS

ENV_IDS = SUITE_IDS


@pytest.fixture(params=ENV_IDS)
def env_id(request):
    return request.param


def test_check_env(env_id):
    env = gym.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_envs(env_id, mode):
    envs = gym.make_vec(env_id, num_envs=2, vectorization_mode=mode)
    try:
        obs, info = envs.reset(seed=[1, 2])
        assert len(obs) == 2 and all(envs.single_observation_space.contains(o) for o in obs)
        actions = [envs.single_action_space.sample() for _ in range(2)]
        for _ in range(3):
            obs, rewards, term, trunc, info = envs.step(actions)
        assert len(obs) == 2 and np.all(np.isfinite(rewards))
    finally:
        envs.close()


def test_pickles(env_id):
    env = gym.make(env_id)
    env.reset(seed=0)
    clone = pickle.loads(pickle.dumps(env))
    a, _ = env.reset(seed=4)
    b, _ = clone.reset(seed=4)
    assert a == b
    env.close()
    clone.close()


def test_same_seed_same_actions_same_everything(env_id):
    def trace(seed):
        env = gym.make(env_id)
        env.action_space.seed(seed)
        out = [env.reset(seed=seed)]
        for _ in range(8):
            out.append(env.step(env.action_space.sample()))
            if out[-1][2] or out[-1][3]:
                break
        env.close()
        return out

    assert trace(11) == trace(11)


@pytest.mark.parametrize("env_id", [e for e in envfactory_gym.registered_env_ids() if envfactory_gym.get_package(e).path.is_relative_to(
    shipped_envs_dir().resolve())])
def test_the_verification_record_vouches_for_the_folder(env_id):
    # The gate ran every check on these exact files (envfactory verify --all reruns it); the suite re-checks a
    # sample below, so it stays fast as the catalog grows.
    folder = envfactory_gym.get_package(env_id).path
    st = status(folder)
    assert st.verified, st.reason
    assert st.record.env_id == env_id
    figures = st.record.check("agents").figures
    assert figures["oracle_mean"] == 1.0 and figures["random_mean"] < 0.2


def test_oracle_solves_a_sample_of_tasks(env_id):
    n = len(envfactory_gym.get_package(env_id).tasks)
    results = run_episodes(env_id, OracleAgent(), episodes=min(n, 12), progress=False)
    failures = [(r.task_id, r.reward, r.components) for r in results if r.reward != 1.0]
    assert not failures, failures[:3]


def test_random_agent_scores_low(env_id):
    env = gym.make(env_id)
    n = len(env.unwrapped.tasks)
    agent = RandomAgent(seed=0)
    rewards = [run_episode(env, agent, seed=i, options={"task_index": i}).reward for i in range(min(n, 20))]
    env.close()
    assert np.mean(rewards) < 0.2


def test_summary_of_a_real_run(env_id):
    s = summarize(run_episodes(env_id, OracleAgent(), episodes=3, progress=False))
    assert s["episodes"] == 3 and s["mean_reward"] == 1.0 and s["components"]["trace"] == 1.0


hostile_strings = st.one_of(
    st.text(max_size=300),
    st.sampled_from(["'; DROP TABLE orders; --", "\" OR 1=1 --", "%", "_", "\\", "\x00", "Robert'); --",
                     "x" * 100_000, "ü" * 5000, "{{}}", "<tool_call>", "NULL"]),
)
values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | hostile_strings,
                      lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                      max_leaves=10)


@pytest.mark.parametrize("env_id", ENV_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_garbage_never_raises_or_changes_state(env_id, data):
    env = _fuzz_env(env_id)
    env.reset(seed=0)
    state = env.unwrapped.state
    tools = list(env.unwrapped.package.tools.values())
    h0 = state.state_hash()
    tool = data.draw(st.sampled_from(tools))
    bad_args = data.draw(st.dictionaries(st.sampled_from([*tool.parameters, "extra"]), values, max_size=4))
    action = data.draw(st.one_of(
        st.just({"name": tool.name, "arguments": bad_args}),
        st.just({"name": data.draw(hostile_strings), "arguments": bad_args}),
        values,
        hostile_strings.map(lambda s: "{" + s),
        hostile_strings.map(lambda s: f"<tool_call>{s}</tool_call>"),
    ))
    obs, reward, term, trunc, info = env.step(action)
    assert env.observation_space.contains(obs)
    if not tool.writes or state.state_hash() != h0:
        # Only a valid, successful write may change the state.
        last = obs[-1]
        changed = state.state_hash() != h0
        assert not changed or (last["role"] == "tool" and not last["content"].startswith("Error"))


_FUZZ_ENVS: dict[str, gym.Env] = {}


def _fuzz_env(env_id):
    if env_id not in _FUZZ_ENVS:
        _FUZZ_ENVS[env_id] = gym.make(env_id, max_steps=10_000)
    return _FUZZ_ENVS[env_id]
