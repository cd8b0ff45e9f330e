"""The discrete SB3 view of an env: candidates, SB3's env checker, and PPO running on it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from envfactory_gym.train.sb3 import ASK_EMAIL, make_discrete_env, value_shape
from tests.conftest import LIBRARY_ID


@pytest.fixture
def env():
    e = make_discrete_env(LIBRARY_ID, max_candidates=32, features=128, max_steps=6)
    yield e
    e.close()


def test_value_shapes():
    assert value_shape("ORD-10231") == "ORD-9" and value_shape("a.b@example.com") == "email"


def test_candidates_come_from_the_user_turn_and_tool_results(env):
    obs, _ = env.reset(options={"task_id": "lib-title"})
    assert obs.shape == env.observation_space.shape and env.observation_space.contains(obs)
    calls = [c for c in env.candidates if isinstance(c, dict)]
    assert {"name": "get_book", "arguments": {"book_id": "B-005"}} in calls
    assert env.candidates[1] == ASK_EMAIL
    index = env.candidates.index({"name": "get_book", "arguments": {"book_id": "B-005"}})
    obs, reward, terminated, truncated, _ = env.step(index)
    assert not terminated and "Book about topic 5" in env.candidates[0]
    obs, reward, terminated, truncated, info = env.step(0)  # the final answer with the facts seen
    assert terminated and reward == 1.0 and info["reward_components"]["trace"] == 1.0


def test_sb3_env_checker_passes(env):
    checker = pytest.importorskip("stable_baselines3.common.env_checker")
    checker.check_env(env, warn=True)


def test_ppo_runs_a_few_hundred_steps(env):
    sb3 = pytest.importorskip("stable_baselines3")
    model = sb3.PPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=2, seed=0, device="cpu", verbose=0)
    model.learn(total_timesteps=256)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, deterministic=True)
    assert 0 <= int(action) < env.action_space.n
    assert np.asarray(env.action_masks()).any()


def test_the_final_answer_states_one_record_not_everything_seen():
    import envfactory_gym
    from envfactory_gym.reward.answers import record_text, records
    from envfactory_gym.train.sb3 import ANSWER_SLOTS

    if "EnvFactory/retail-v0" not in envfactory_gym.registered_env_ids():
        pytest.skip("retail-v0 is not registered")
    env = make_discrete_env("EnvFactory/retail-v0", max_candidates=64, features=64)
    try:
        task = next(t for t in env.env.unwrapped.tasks if t.id == "retail-047")  # "processing", from a list
        env.reset(options={"task_id": task.id})
        for call in task.gold_calls:
            env.step(env.candidates.index({"name": call.name, "arguments": call.arguments}))
        answers = [env.candidates[i] for i in ANSWER_SLOTS if env.candidates[i] is not None]
        assert len(answers) >= 3 and all(a.startswith("Here is what I found: ") for a in answers)
        # Saying everything seen, as one message, is a haystack; the record of the right order is an answer.
        seen = [record_text(r) for m in env.env.unwrapped.messages if m["role"] == "tool"
                for r in records(json.loads(m["content"]))]
        *_, info = env.env.unwrapped.step("Here is what I found: " + "; ".join(seen) + ".")
        assert info["reward_components"]["communicate"] == 0.0
        rewards = []
        for slot in ANSWER_SLOTS:
            if env.candidates[slot] is None:
                continue
            env.reset(options={"task_id": task.id})
            for call in task.gold_calls:
                env.step(env.candidates.index({"name": call.name, "arguments": call.arguments}))
            rewards.append(env.step(slot)[1])
        assert max(rewards) == 1.0 and min(rewards) == 0.0
    finally:
        env.close()
