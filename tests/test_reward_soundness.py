"""Adversarial strategies score strictly below the gold trajectory on every task of every env."""

from __future__ import annotations

import pytest

import envfactory_gym
from envfactory_gym.reward import CompositeReward
from envfactory_gym.soundness import NOTHING_MAX, check_env
from envfactory_gym.tasks import CallPattern, GoldCall

ENV_IDS = envfactory_gym.registered_env_ids()
#: Tasks per env in the suite (benchmarks/reward_soundness.py plays them all).
SAMPLE = 12


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_degenerate_strategies_score_below_gold(env_id):
    tasks = envfactory_gym.get_package(env_id).tasks
    step = max(1, len(tasks) // SAMPLE)
    report = check_env(env_id, task_ids=[t.id for t in tasks[::step]])
    assert not report.violations(), report.violations()
    summary = report.summary()
    assert summary["gold"]["min"] == 1.0
    assert summary["nothing"]["max"] <= NOTHING_MAX and summary["end_at_once"]["max"] <= NOTHING_MAX


def test_forbidden_path_reaches_the_right_state_but_not_the_reward():
    report = check_env("EnvFactory/library-v0", task_ids=["lib-title"], strategies=["gold", "forbidden_path"])
    assert report.scores["gold"]["lib-title"] == 1.0
    # The trace is kept but the outcome is zeroed, and the extra call costs the length penalty.
    assert report.scores["forbidden_path"]["lib-title"] == 0.45


def test_duplicate_calls_are_penalised_but_gold_repeats_are_not():
    reward = CompositeReward()
    gold = [GoldCall(name="get", arguments={"id": 1})]
    once = reward(gold_calls=gold, calls=[("get", {"id": 1})], state_score=1.0, outputs=[], messages=[],
                  format_errors=0)
    five = reward(gold_calls=gold, calls=[("get", {"id": 1})] * 5, state_score=1.0, outputs=[], messages=[],
                  format_errors=0)
    assert once.reward == 1.0 and five.duplicate_calls == 4 and five.reward == 0.5
    twice_gold = [GoldCall(name="get", arguments={"id": 1})] * 2
    assert reward(gold_calls=twice_gold, calls=[("get", {"id": 1})] * 2, state_score=1.0, outputs=[], messages=[],
                  format_errors=0).reward == 1.0


def test_forbidden_call_zeroes_the_outcome():
    reward = CompositeReward()
    gold = [GoldCall(name="lend", arguments={"id": 1, "channel": "desk"}, masked=["channel"])]
    bad = reward(gold_calls=gold, calls=[("lend", {"id": 1, "channel": "online"})], state_score=1.0, outputs=[],
                 messages=[], format_errors=0, forbidden_calls=[CallPattern(name="lend", arguments={"channel": "online"})])
    assert bad.forbidden_calls == 1 and bad.outcome == 0.0 and bad.reward == 0.5
