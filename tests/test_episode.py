"""play_episode: one loop for every runner; ``run`` and ``eval`` keep the same record of the same episode."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import pytest

import envfactory_gym  # noqa: F401  (registers the envs)
from envfactory_gym.agents import OracleAgent
from envfactory_gym.episode import AGENT_TRUNCATED, EpisodePlay, play_episode
from envfactory_gym.errors import EpisodeTruncated
from envfactory_gym.eval.harness import plan_episodes, run_eval
from envfactory_gym.runner import run_episodes

ENV_ID = "EnvFactory/retail-v0"
SHARED = ("task_id", "seed", "reward", "components", "steps", "terminated", "truncated", "end_reason",
          "truncation_reason", "messages")


class OverflowAfter:
    """Makes the task's first gold call, then finds its context full (as a model endpoint refusing would)."""

    name = "overflow"

    def __init__(self, calls: int = 1) -> None:
        self.calls = calls

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self._gold = list(env.unwrapped.task.gold_calls)
        self._made = 0

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        if self._made >= self.calls:
            raise EpisodeTruncated("the conversation needs 9000 tokens; the model's maximum context length is 8192")
        call = self._gold[self._made]
        self._made += 1
        return {"name": call.name, "arguments": call.arguments}


@pytest.mark.parametrize("agent", [OracleAgent, OverflowAfter], ids=["finished", "context_overflow"])
def test_run_and_eval_keep_the_same_record(agent: Any, tmp_path) -> None:
    run_log = tmp_path / "run.jsonl"
    run_episodes(ENV_ID, agent(), episodes=1, seed=7, progress=False, record=run_log)
    ran = json.loads(run_log.read_text().splitlines()[0])["result"]
    result = run_eval(plan_episodes([ENV_ID], seed=7, limit=1), agent, tmp_path / "eval", progress=False)
    evaluated = result.records[0]
    assert {k: ran[k] for k in SHARED} == {k: evaluated[k] for k in SHARED}
    if agent is OverflowAfter:
        assert ran["truncated"] and not ran["terminated"] and ran["end_reason"] == AGENT_TRUNCATED
        assert "maximum context length" in ran["truncation_reason"]
        assert ran["messages"][-1]["role"] == "tool"  # the conversation as the agent left it, scored
        assert ran["components"]["num_calls"] == 1
    else:
        assert ran["reward"] == 1.0 and ran["end_reason"] in ("agent_stop", "user_stop")


def test_an_episode_ends_with_its_reason_and_the_hook_sees_every_step() -> None:
    env = gym.make(ENV_ID)
    steps: list[tuple[Any, int, int]] = []
    try:
        episode = play_episode(env, OracleAgent(), seed=3, options={"task_index": 0},
                               on_step=lambda action, before, after: steps.append((action, len(before), len(after))))
    finally:
        env.close()
    assert episode.steps == len(steps) and all(after > before for _, before, after in steps)
    assert episode.reward == 1.0 and episode.terminated and not episode.truncated
    assert episode.end_reason in ("agent_stop", "user_stop") and episode.truncation_reason is None


def test_a_step_budget_truncates_with_its_reason() -> None:
    env = gym.make(ENV_ID, max_steps=1)
    try:
        play = EpisodePlay(env, OverflowAfter(calls=5), seed=0, options={"task_index": 0})
        assert play.act() and play.truncated and not play.terminated
        assert play.result().end_reason == "max_steps"
    finally:
        env.close()
