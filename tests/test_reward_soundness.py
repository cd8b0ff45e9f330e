"""Adversarial strategies score strictly below the gold trajectory on every task of every env."""

from __future__ import annotations

import json
import shutil
import statistics

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.reward import CompositeReward
from envfactory_gym.tasks import CallPattern, GoldCall
from envfactory_gym.verify.soundness import (
    HAYSTACK_MAX,
    HAYSTACK_STRATEGIES,
    NOTHING_MAX,
    SoundnessReport,
    check_env,
    play,
)
from tests.conftest import LIBRARY_DIR, LIBRARY_ID
from tests.suite_envs import SUITE_IDS

ENV_IDS = SUITE_IDS
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
    report = check_env("EnvFactory/minilib-v0", task_ids=["lib-title"], strategies=["gold", "forbidden_path"])
    assert report.scores["gold"]["lib-title"] == 1.0
    # The trace is kept but the outcome is zeroed (the extra call is one of the free ones).
    assert report.scores["forbidden_path"]["lib-title"] == 0.5


def test_duplicate_calls_are_penalised_but_gold_repeats_are_not():
    reward = CompositeReward()
    gold = [GoldCall(name="get", arguments={"id": 1})]
    once = reward(gold_calls=gold, calls=[("get", {"id": 1})], state_score=1.0, outputs=[], messages=[],
                  format_errors=0)
    five = reward(gold_calls=gold, calls=[("get", {"id": 1})] * 5, state_score=1.0, outputs=[], messages=[],
                  format_errors=0)
    # Four repeats: never free calls, each 0.05 + 0.1 (a single-call task's gold replayed keeps less than half).
    assert once.reward == 1.0 and five.duplicate_calls == 4 and five.reward == pytest.approx(0.4)
    twice_gold = [GoldCall(name="get", arguments={"id": 1})] * 2
    assert reward(gold_calls=twice_gold, calls=[("get", {"id": 1})] * 2, state_score=1.0, outputs=[], messages=[],
                  format_errors=0).reward == 1.0


def test_forbidden_call_zeroes_the_outcome():
    reward = CompositeReward()
    gold = [GoldCall(name="lend", arguments={"id": 1, "channel": "desk"}, masked=["channel"])]
    bad = reward(gold_calls=gold, calls=[("lend", {"id": 1, "channel": "online"})], state_score=1.0, outputs=[],
                 messages=[], format_errors=0, forbidden_calls=[CallPattern(name="lend", arguments={"channel": "online"})])
    assert bad.forbidden_calls == 1 and bad.outcome == 0.0 and bad.reward == 0.5


RETAIL = "EnvFactory/retail-v0"
needs_retail = pytest.mark.skipif(RETAIL not in ENV_IDS, reason="retail-v0 is not registered")


@needs_retail
def test_haystacks_score_nothing_on_read_only_tasks():
    package = envfactory_gym.get_package(RETAIL)
    read_only = [t.id for t in package.tasks if not package.gold(t).diff]
    sample = [*read_only[::5], package.tasks[0].id]  # benchmarks/reward_soundness.py plays them all
    report = check_env(RETAIL, task_ids=sample, strategies=["gold", *HAYSTACK_STRATEGIES])
    assert report.read_only == set(read_only[::5]) and len(report.read_only) >= 6
    for name in HAYSTACK_STRATEGIES:
        scores = list(report.scores[name].values())
        # A strategy may not apply to a task (record_dump needs a record with more than the answer in it).
        assert len(scores) <= len(report.read_only) and statistics.fmean(scores or [0.0]) <= HAYSTACK_MAX, (
            name, scores)
    assert min(report.scores["gold"].values()) == 1.0 and not report.violations()


@needs_retail
@pytest.mark.parametrize("task_id", ["retail-027", "retail-035", "retail-040", "retail-043", "retail-047"])
def test_a_plain_answer_keeps_full_credit(task_id):
    task = next(t for t in envfactory_gym.get_package(RETAIL).tasks if t.id == task_id)
    gold = [{"name": c.name, "arguments": c.arguments} for c in task.gold_calls]
    facts = " and ".join(task.outputs)
    env = gym.make(RETAIL)
    try:
        *_, steps = play(env, task_id, gold)
        last_result = steps[-1][0][-1]["content"]
        answers = {
            "polite": f"Thanks for your patience! I checked this for you: {facts}. Have a wonderful day.",
            "after a quoted record": f"Here is what the system shows: {last_result}. In short: {facts}.",
        }
        for name, answer in answers.items():
            reward, _ = play(env, task_id, [*gold, answer])
            assert reward == 1.0, name
        reward, _ = play(env, task_id, [*gold, f"Here is what the system shows: {last_result}."])
        assert reward == 0.0  # the record alone answers nothing
    finally:
        env.close()


def test_an_unregistered_folder_is_checked_like_an_id(tmp_path):
    folder = tmp_path / "lending"
    shutil.copytree(LIBRARY_DIR, folder, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = json.loads((folder / "manifest.json").read_text())
    (folder / "manifest.json").write_text(json.dumps({**manifest, "name": "lending", "verified": False}))
    report = check_env(folder)
    assert report.env_id == "EnvFactory/lending-v0" and report.env_id not in envfactory_gym.registered_env_ids()
    assert report.read_only == {"lib-title", "lib-search"} and not report.violations()
    record = json.loads(json.dumps(report.as_dict()))
    assert record["source"] == str(folder) and record["tasks"] == 4 and record["read_only_tasks"] == 2
    assert record["strategies"]["nothing"] == {"tasks": 4, "mean": 0.0, "min": 0.0, "max": 0.0,
                                               "read_only": {"tasks": 2, "mean": 0.0, "min": 0.0, "max": 0.0}}
    assert record["strategies"]["spray"]["tasks"] == 2 and record["thresholds"]["haystack_max"] == HAYSTACK_MAX
    assert record["sound"] and record["scores"]["gold"] == {t: 1.0 for t in ("lib-borrow", "lib-return",
                                                                             "lib-title", "lib-search")}
    assert "scores" not in report.as_dict(include_scores=False)
    assert check_env(str(folder), strategies=["gold"]).scores["gold"]["lib-title"] == 1.0


def test_a_broken_threshold_is_reported():
    report = SoundnessReport("EnvFactory/x-v0", {"gold": {"a": 1.0, "b": 1.0}, "nothing": {"a": 0.0, "b": 0.05},
                                                 "spray": {"a": 0.3, "b": 0.0}}, read_only={"a"})
    bad = report.violations()
    assert any("nothing scores 0.05" in b for b in bad)
    assert any("spray averages 0.300 on read-only tasks" in b for b in bad)
    assert report.as_dict()["strategies"]["spray"]["read_only"]["mean"] == 0.3 and not report.as_dict()["sound"]


def test_bad_env_and_strategy_names_are_one_line_errors(tmp_path):
    with pytest.raises(EnvFactoryError, match="minilib-v0") as err:
        check_env("EnvFactory/librar-v0")
    assert "\n" not in str(err.value)
    with pytest.raises(EnvFactoryError, match="no such environment folder"):
        check_env(tmp_path / "missing")
    with pytest.raises(EnvFactoryError, match="Did you mean 'spray'"):
        check_env(LIBRARY_ID, strategies=["spary"])
