"""Refined instructions leak no identifiers; the quality report sees a clean, solvable task set."""

from __future__ import annotations

from envfactory_gym.querygen.quality import report
from envfactory_gym.querygen.refine import leaked_identifiers
from envfactory_gym.tasks import Task


def test_refined_instructions_leak_no_identifiers(retail, sampled):
    assert [t.id for t in sampled if leaked_identifiers(t, retail)] == []
    assert not any(t.instruction.startswith("Steps:") for t in sampled)


def test_leak_detector_finds_spelled_out_ids(retail, sampled):
    task = next(t for t in sampled if any("order_id" in c.arguments for c in t.gold_calls))
    order_id = next(c.arguments["order_id"] for c in task.gold_calls if "order_id" in c.arguments)
    leaky = Task.model_validate({**task.model_dump(), "instruction": f"Please look at {order_id}."})
    assert order_id in leaked_identifiers(leaky, retail)


def test_some_facts_are_held_back(sampled):
    assert any(t.user_facts for t in sampled)


def test_report(retail, sampled):
    rep = report(retail, sampled)
    assert rep["oracle_solved_share"] == 1.0
    assert rep["leaking_share"] == 0.0
    assert rep["duplicate_gold_trajectories"] == 0
    assert rep["tasks"] == len(sampled)
    assert rep["distinct_shapes"] >= 5
    assert rep["tool_coverage"] > 0.5
