"""Sampling: determinism, distinct tasks, verified gold calls, oracle reward 1.0 through gym.make."""

from __future__ import annotations

import gymnasium as gym
import pytest

from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.querygen.sampler import TaskSampler, gold_key, task_key
from envfactory_gym.runner import run_episode
from envfactory_gym.tasks import load_tasks, write_tasks

from .conftest import RETAIL_ID, SAMPLE_SIZE


def test_same_seed_same_tasks(retail, retail_graph, sampled):
    again = TaskSampler(retail, seed=0, graph=retail_graph).sample(20)
    assert [t.model_dump() for t in again] == [t.model_dump() for t in sampled[:20]]


def test_different_seed_different_tasks(retail, retail_graph, sampled):
    other = TaskSampler(retail, seed=1, graph=retail_graph).sample(20)
    assert {gold_key(t.gold_calls) for t in other} != {gold_key(t.gold_calls) for t in sampled[:20]}


def test_distinct_and_mixed(retail, sampled):
    assert len(sampled) == SAMPLE_SIZE
    assert len({task_key(t) for t in sampled}) == len(sampled)
    assert len({t.id for t in sampled}) == len(sampled)
    writing = [t for t in sampled if any(retail.tools[c.name].writes for c in t.gold_calls)]
    assert 0 < len(writing) < len(sampled)
    assert all(t.outputs for t in sampled if t not in writing)


def test_respects_call_bounds_and_tools(retail, retail_graph):
    tasks = TaskSampler(retail, seed=3, min_calls=3, max_calls=4, include_tools=["cancel_pending_order"],
                        graph=retail_graph).sample(5)
    assert tasks
    for t in tasks:
        assert 3 <= len(t.gold_calls) <= 4
        assert t.gold_calls[-1].name == "cancel_pending_order"


def test_oracle_solves_every_sampled_task(sampled, tmp_path):
    path = tmp_path / "tasks.jsonl"
    write_tasks(path, sampled)
    assert len(load_tasks(path)) == len(sampled)
    env = gym.make(RETAIL_ID, tasks=str(path))
    try:
        for i in range(len(sampled)):
            result = run_episode(env, OracleAgent(), seed=i, options={"task_index": i})
            assert result.reward == 1.0, (result.task_id, result.components)
    finally:
        env.close()


def test_a_fifth_asks_for_several_goals_sharing_their_lookups(retail, sampled):
    multi = [t for t in sampled if "multi_goal" in t.tags]  # (a share of 0.3 is asked for; some fail to combine)
    assert len(multi) >= len(sampled) / 5
    for t in multi:
        writes = [c for c in t.gold_calls if retail.tools[c.name].writes]
        assert len(writes) >= 2 and f"goals_{len(writes)}" in t.tags
        reads = [c.name for c in t.gold_calls if not retail.tools[c.name].writes]
        assert len(reads) == len(set(reads))  # every lookup is made once and serves every goal
        targets = [{k: v for k, v in c.arguments.items() if k.endswith(("_id", "_ids")) and not k.startswith("new_")}
                   for c in writes]
        assert all(a != b for i, a in enumerate(targets) for b in targets[i + 1:])  # no two goals on one row
        own = {str(v) for k, v in t.gold_calls[0].arguments.items()} | {
            str(v) for v in _ids(retail.gold(t).results[0])}
        for i, a in enumerate(writes):  # nor one tool twice on a row other than the user's own
            for b in writes[i + 1:]:
                if a.name == b.name:
                    assert not (_ids(a.arguments) & _ids(b.arguments)) - own, t.instruction


def _ids(value) -> set[str]:
    """The id values (keys ending in _id or _ids, outside replacements) in a call's arguments or a result."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k.endswith(("_id", "_ids")) and not k.startswith("new_"):
                out |= {str(x) for x in (v if isinstance(v, list) else [v])}
            elif isinstance(v, (dict, list)):
                out |= _ids(v)
    elif isinstance(value, list):
        for v in value:
            out |= _ids(v)
    return out


def _end_state(pkg, calls) -> frozenset:
    state = pkg.new_state()
    try:
        for c in calls:
            tool = pkg.tools[c.name]
            state.run_in_transaction(tool.func, writes=tool.writes, **tool.validate(c.arguments))
        return state.diff().changes(pkg.template.tables)
    finally:
        state.close()


def test_goals_that_must_come_in_sequence_are_marked(retail, sampled):
    multi = [t for t in sampled if "multi_goal" in t.tags][:8]
    assert multi
    for t in multi:
        writes = [c for c in t.gold_calls if retail.tools[c.name].writes]
        gold = _end_state(retail, writes)
        try:
            swapped = _end_state(retail, list(reversed(writes)))
        except Exception:
            swapped = None
        if "goals_in_sequence" not in t.tags:
            assert swapped == gold, t.id  # any sequence of the goals ends in the gold state
        elif len(writes) == 2:
            assert swapped != gold, t.id


def test_spread_over_the_tools(retail, sampled):
    used = {c.name for t in sampled for c in t.gold_calls}
    assert len(used) >= 0.9 * len(retail.tools)
    targets = {t.gold_calls[-1].name for t in sampled}
    assert len(targets) >= 10


def test_bad_settings_are_refused(retail, retail_graph):
    for kwargs, word in (({"write_ratio": 1.5}, "write_ratio"), ({"multi_goal": -0.1}, "multi_goal"),
                         ({"max_goals": 1}, "max_goals"), ({"min_calls": 3, "max_calls": 2}, "min_calls")):
        with pytest.raises(ValueError, match=word):
            TaskSampler(retail, graph=retail_graph, **kwargs)


def test_without_multi_goals_or_writes(retail, retail_graph):
    tasks = TaskSampler(retail, seed=4, graph=retail_graph, multi_goal=0.0).sample(6)
    assert len(tasks) == 6 and not any("multi_goal" in t.tags for t in tasks)
    reads = TaskSampler(retail, seed=4, graph=retail_graph, write_ratio=0.0).sample(4)
    assert len(reads) == 4 and all("read" in t.tags and t.outputs for t in reads)
