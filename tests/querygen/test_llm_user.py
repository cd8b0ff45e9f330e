"""The LLM user simulator through gym.make: recorded against the replay server, then replayed without it."""

from __future__ import annotations

import json
import pickle

import gymnasium as gym
import pytest

from envfactory_gym.llm import LLMClient
from envfactory_gym.llm_user import LLMUserSimulator, MissingRecordError
from envfactory_gym.testing import ReplayServer
from envfactory_gym.user import STOP_TOKEN, UserSimulator

from .conftest import RETAIL_ID

TASK = "retail-001"


def _customer(request: dict) -> str:
    messages = request["messages"]
    if len(messages) == 2:
        return "Hi, I'm Ines Haddad and I need help with a few of my orders."
    if "zip" in messages[-1]["content"].lower():
        return "My zip code is 14887."
    return f"Great, thanks for your help! {STOP_TOKEN}"


def _episode(user: LLMUserSimulator) -> tuple[list, float, bool]:
    env = gym.make(RETAIL_ID, user=user)
    try:
        obs, _ = env.reset(seed=7, options={"task_id": TASK})
        task = env.unwrapped.task
        obs, reward, terminated, truncated, _ = env.step("Could you tell me your zip code?")
        for call in task.gold_calls:
            obs, reward, terminated, truncated, _ = env.step({"name": call.name, "arguments": call.arguments})
        obs, reward, terminated, truncated, _ = env.step("All done. " + "; ".join(task.outputs) + ".")
        return list(obs), float(reward), terminated
    finally:
        env.close()


def test_record_then_replay_gives_the_same_episode(tmp_path):
    record = tmp_path / "user.jsonl"
    with ReplayServer(_customer) as server:
        client = LLMClient(server.base_url, "user-model", timeout_s=2.0, max_retries=1, backoff_s=0.01)
        user = LLMUserSimulator(client, record_path=record)
        assert isinstance(user, UserSimulator)
        recorded = _episode(user)
    obs, reward, terminated = recorded
    assert terminated and reward == pytest.approx(1.0)
    assert obs[1]["content"].startswith("Hi, I'm Ines") and obs[3]["content"] == "My zip code is 14887."
    assert obs[-1]["content"] == "Great, thanks for your help!"
    seeds = {r["seed"] for r in server.requests}
    assert len(seeds) == 1 and None not in seeds and {r["temperature"] for r in server.requests} == {0.0}
    system = server.requests[0]["messages"][0]["content"]
    assert "14887" in system and STOP_TOKEN in system
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert [x["turn"] for x in lines] == [0, 1, 2] and {x["task_id"] for x in lines} == {TASK}

    replayed = _episode(LLMUserSimulator(replay_path=record))  # the server is gone
    assert replayed == recorded


def test_missing_turn_names_file_task_and_turn(tmp_path):
    record = tmp_path / "empty.jsonl"
    record.write_text("")
    env = gym.make(RETAIL_ID, user=LLMUserSimulator(replay_path=record))
    with pytest.raises(MissingRecordError, match=rf"empty\.jsonl.*{TASK}.*turn 0"):
        env.reset(seed=1, options={"task_id": TASK})
    env.close()


def test_env_with_llm_user_pickles():
    with ReplayServer(_customer) as server:
        user = LLMUserSimulator(LLMClient(server.base_url, "m", timeout_s=2.0))
        env = gym.make(RETAIL_ID, user=user)
        clone = pickle.loads(pickle.dumps(env))
        obs, _ = clone.reset(seed=0, options={"task_id": TASK})
        assert obs[-1]["content"].startswith("Hi, I'm Ines")
        env.close()
        clone.close()
