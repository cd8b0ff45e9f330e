"""Sampling: determinism, distinct tasks, verified gold calls, oracle reward 1.0 through gym.make."""

from __future__ import annotations

import gymnasium as gym

from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.querygen.sampler import TaskSampler, gold_key
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
    assert len({gold_key(t.gold_calls) for t in sampled}) == len(sampled)
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
