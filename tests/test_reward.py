"""The composite reward: formula, matching rules, penalties and the do-nothing hole."""

from __future__ import annotations

import pytest

from envfactory_gym.reward import CompositeReward, RewardConfig, call_matches, match_calls, values_match
from envfactory_gym.tasks import GoldCall

GOLD = [GoldCall(name="find", arguments={"email": "a@b.c"}),
        GoldCall(name="pay", arguments={"amount": 10.5, "note": "thanks"}, masked=["note"])]


def reward(calls, state=1.0, outputs=(), messages=(), format_errors=0, **cfg):
    return CompositeReward(cfg or None)(gold_calls=GOLD, calls=calls, state_score=state, outputs=list(outputs),
                                        messages=list(messages), format_errors=format_errors)


def test_gold_trajectory_scores_one():
    r = reward([("find", {"email": "a@b.c"}), ("pay", {"amount": 10.5, "note": "other"})])
    assert r.reward == 1.0 and r.trace == 1.0 and r.state == 1.0


def test_formula_components():
    calls = [("pay", {"amount": 10.5000000001}), ("find", {"email": "a@b.c"}), *[("x", {"i": i}) for i in range(5)]]
    r = reward(calls, format_errors=3)
    assert r.trace == 1.0  # order ignored, masked argument ignored, numeric tolerance
    assert r.length_penalty == pytest.approx(0.10)  # five extra calls, three of them free
    assert r.format_penalty == pytest.approx(0.15)
    assert r.reward == pytest.approx(1.0 - 0.25)


def test_penalties_are_capped_and_reward_floored_at_zero():
    r = reward([("x", {})] * 40, state=0.0, format_errors=40)
    assert r.length_penalty == 1.0 and r.format_penalty == 0.5 and r.reward == 0.0


def test_the_length_penalty_keeps_growing_past_ten_exploratory_reads():
    gold = [("find", {"email": "a@b.c"}), ("pay", {"amount": 10.5})]
    ten = reward([*gold, *[("look", {"i": i}) for i in range(13)]])
    many = reward([*gold, *[("look", {"i": i}) for i in range(48)]])
    assert ten.length_penalty == pytest.approx(0.5) and ten.reward == pytest.approx(0.5)
    assert many.length_penalty == 1.0 and many.reward == 0.0
    assert reward([*gold, *[("look", {"i": i}) for i in range(3)]]).reward == 1.0  # three free calls


def test_a_repeated_read_after_a_write_is_no_duplicate():
    from envfactory_gym.reward import count_duplicates

    calls = [("get", {"id": 1}), ("cancel", {"id": 1}), ("get", {"id": 1}), ("get", {"id": 1})]
    assert count_duplicates(calls) == 2 and count_duplicates(calls, writes={"cancel"}) == 1


def test_arguments_are_compared_the_way_a_tool_reads_them():
    assert values_match("BTR5528", "BTR 5528") and values_match("a@b.c", "A@B.C ") and values_match("ORD-1", "ord1")
    assert not values_match("BTR5528", "BTR5529") and not values_match("x", "")
    # A date and time is the instant it stores: seconds left out, a space for the T, UTC for no zone.
    assert values_match("2026-03-02T19:45:00", "2026-03-02T19:45") and values_match("2026-03-02T19:45:00Z",
                                                                                    "2026-03-02 19:45")
    assert not values_match("2026-03-02T19:45:00", "2026-03-02T19:46") and not values_match(
        "2026-03-02T19:45:00+02:00", "2026-03-02T19:45") and not values_match("2026-03-02", "2026-03-02T00:00")


def test_another_read_that_reaches_the_same_facts_counts_as_the_gold_read():
    from envfactory_gym.reward import needed_facts, reached_reads

    gold = [GoldCall(name="get_claim", arguments={"claim_id": "C-1"}),
            GoldCall(name="cancel", arguments={"policy": "P-9"}),
            GoldCall(name="detail", arguments={"policy": "P-9"})]
    results = [{"claim_id": "C-1", "policy": "P-9", "date": "2026-01-02"}, {"ok": True}, {"policy": "P-9"}]
    needed = needed_facts(gold, results, writes={"cancel"})
    assert needed == {0: frozenset({"p-9"}), 2: frozenset()}  # the detail read adds nothing anyone uses
    assert reached_reads(needed, [{"holder": "H", "policies": [{"number": "P-9"}]}]) == {0, 2}
    assert reached_reads(needed, [{"holder": "H"}]) == {2}
    r = CompositeReward()(gold_calls=gold, calls=[("summary", {"holder": "H"}), ("cancel", {"policy": "P-9"})],
                          state_score=1.0, outputs=[], messages=[], format_errors=0, reached={0, 2})
    assert r.trace == 1.0 and r.reward == 1.0


def test_trace_needs_distinct_calls():
    gold = [GoldCall(name="a", arguments={"x": 1}), GoldCall(name="a", arguments={"x": 1})]
    assert match_calls(gold, [("a", {"x": 1})]) == 1
    assert match_calls(gold, [("a", {"x": 1}), ("a", {"x": 1.0})]) == 2


def test_wrong_argument_breaks_trace():
    r = reward([("find", {"email": "z@b.c"}), ("pay", {"amount": 10.5})])
    assert r.trace == 0.0 and r.trace_recall == 0.5 and r.reward == 0.5


def test_do_nothing_is_never_paid_on_read_only_tasks():
    # Nothing changed, like the gold: the state matches, but the facts never reached the user.
    r = reward([], state=1.0, outputs=["Tracking 1Z999"])
    assert r.reward == 0.0 and r.communicate == 0.0
    ok = reward([], state=1.0, outputs=["Tracking 1Z999"], messages=["Here you go: tracking  1z999."])
    assert ok.communicate == 1.0 and ok.reward == 0.5


def test_config_weights_and_validation():
    r = reward([], state=1.0, tau=0.2)
    assert r.reward == pytest.approx(0.8)
    with pytest.raises(ValueError):
        RewardConfig(tau=2)
    with pytest.raises(ValueError):
        CompositeReward({"tua": 0.5})


def test_value_matching_rules():
    assert values_match(["b", "a"], ["a", "b"])
    assert not values_match(["a"], ["a", "a"])
    assert values_match({"k": 1}, {"k": 1.0})
    assert not values_match(True, 1)
    assert not values_match("1", 1)
    assert call_matches(GOLD[1], "pay", {"amount": 10.5})
    assert not call_matches(GOLD[1], "pay", {"amount": 11})


def test_partial_trace_credit_pays_the_share_of_gold_calls_matched():
    half = [("find", {"email": "a@b.c"})]
    assert reward(half, state=0.0).trace == 0.0 and reward(half, state=0.0).reward == 0.0
    shaped = reward(half, state=0.0, partial_trace_credit=True)
    assert shaped.trace == 0.5 and shaped.trace_recall == 0.5 and shaped.reward == pytest.approx(0.25)
    full = reward([("find", {"email": "a@b.c"}), ("pay", {"amount": 10.5})], partial_trace_credit=True)
    assert full.reward == 1.0


def test_grpo_reward_overrides_are_checked_early():
    from envfactory_gym.errors import EnvFactoryError
    from envfactory_gym.train.grpo import reward_overrides

    assert reward_overrides("") is None
    assert reward_overrides('{"partial_trace_credit": true}') == {"partial_trace_credit": True}
    with pytest.raises(EnvFactoryError, match="partial_trace_credt"):
        reward_overrides('{"partial_trace_credt": true}')
    with pytest.raises(EnvFactoryError, match="not a valid"):
        reward_overrides("{nope")


def test_a_pasted_result_is_no_answer():
    gold = [("find", {"email": "a@b.c"}), ("pay", {"amount": 10.5})]
    dump = reward(gold, outputs=["Tracking 1Z999"], messages=['Here: {"tracking": "Tracking 1Z999"}'])
    assert dump.communicate == 0.0 and dump.reward == 0.0  # the right calls without the answer are no success
    assert reward(gold, outputs=["Tracking 1Z999"], messages=["Your tracking 1Z999 is on its way."]).reward == 1.0


def test_on_a_read_only_task_the_trace_counts_only_with_the_answer():
    def read_only(messages, **cfg):
        return CompositeReward(cfg or None)(
            gold_calls=GOLD, calls=[("find", {"email": "a@b.c"}), ("pay", {"amount": 10.5})], state_score=1.0,
            outputs=["42.5", "shipped"], messages=messages, format_errors=0, read_only=True)

    assert read_only(["It is shipped and costs 42.5."]).reward == 1.0
    silent = read_only(["I looked it up."])
    assert silent.trace == 0.0 and silent.trace_recall == 1.0 and silent.reward == 0.0
    assert read_only(["I looked it up."], trace_needs_answer=False).reward == 0.5
    half = read_only(["It is shipped."], partial_state_credit=True)
    assert half.communicate == 0.5 and half.trace == 0.5 and half.reward == pytest.approx(0.5)


def test_rival_values_come_from_the_answer_key():
    from envfactory_gym.reward.answers import AnswerKey

    key = AnswerKey(["shipped"], results=[("get", {"orders": [{"status": "shipped"}, {"status": "pending"},
                                                              {"status": "delivered"}]})])
    hedge = reward([], outputs=["shipped"], messages=["Either shipped, pending or delivered."])
    assert hedge.communicate == 1.0  # no data to judge against: only the own-words rule applies
    judged = CompositeReward()(gold_calls=GOLD, calls=[], state_score=1.0, outputs=["shipped"],
                               messages=["Either shipped, pending or delivered."], format_errors=0, answer=key)
    assert judged.communicate == 0.0
    assert CompositeReward({"rival_values_allowed": 2})(
        gold_calls=GOLD, calls=[], state_score=1.0, outputs=["shipped"], messages=["Shipped (not pending)."],
        format_errors=0, answer=key).communicate == 1.0
    with pytest.raises(ValueError, match="other outputs"):
        CompositeReward()(gold_calls=GOLD, calls=[], state_score=1.0, outputs=["x"], messages=[], format_errors=0,
                          answer=key)


def test_a_misspelled_reward_setting_is_one_line_with_the_nearest_name():
    import gymnasium as gym

    from envfactory_gym.errors import ConfigError
    from tests.conftest import LIBRARY_ID

    with pytest.raises(ConfigError) as exc:
        gym.make(LIBRARY_ID, reward={"tua": 0.7})
    assert str(exc.value) == "reward: unknown setting 'tua'. Did you mean 'tau'?"
    with pytest.raises(ValueError, match=r"^reward: tau: Input should be a valid number.*\(got 'high'\)$"):
        CompositeReward({"tau": "high"})  # ConfigError is a ValueError, as pydantic's error was
    assert CompositeReward({"tau": 0.7}).config.tau == 0.7


def _retail_writing_task():
    import gymnasium as gym

    env = gym.make("EnvFactory/retail-v0")
    pkg = env.unwrapped.package
    task = max(pkg.tasks, key=lambda t: len(pkg.gold(t).changes))
    return env, pkg, task


def _spy_fingerprints(env, monkeypatch):
    calls = []
    state = env.unwrapped.state
    real = state.fingerprints

    def spy(tables):
        calls.append(sorted(tables))
        return real(tables)

    monkeypatch.setattr(state, "fingerprints", spy)
    return calls


def test_the_gold_s_writes_in_its_order_need_no_state_comparison(monkeypatch):
    env, pkg, task = _retail_writing_task()
    try:
        env.reset(seed=0, options={"task_id": task.id})
        calls = _spy_fingerprints(env, monkeypatch)
        writes = pkg.write_tools
        for i, c in enumerate(task.gold_calls):
            if c.name in writes and i == next(j for j, g in enumerate(task.gold_calls) if g.name in writes):
                # a refused write first (an unknown order id): it changes nothing, so the shortcut still holds
                bad = {**c.arguments, **{k: "NO-SUCH-ID" for k in c.arguments if k.endswith("_id")}}
                env.step({"name": c.name, "arguments": bad})
            env.step({"name": c.name, "arguments": dict(c.arguments)})
        _, reward, term, _, info = env.step("All done. " + "; ".join(task.outputs))
        assert term and reward == 1.0 and calls == []
        assert info["reward_components"]["state"] == 1.0
    finally:
        env.close()


def test_other_writes_are_compared_by_state(monkeypatch):
    env, pkg, task = _retail_writing_task()
    try:
        env.reset(seed=0, options={"task_id": task.id})
        calls = _spy_fingerprints(env, monkeypatch)
        writes = [c for c in task.gold_calls if c.name in pkg.write_tools]
        for c in task.gold_calls:
            if c is not writes[-1]:  # leave the last write out
                env.step({"name": c.name, "arguments": dict(c.arguments)})
        _, reward, term, _, info = env.step("All done. " + "; ".join(task.outputs))
        assert term and calls and info["reward_components"]["state"] < 1.0 and reward < 1.0
    finally:
        env.close()
