"""Refined requests: natural, identifier-free, one message per task; the quality report sees them solvable."""

from __future__ import annotations

import re

from envfactory_gym.querygen.checks import missing_values, user_values, value_forms
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


def test_requests_read_like_a_person_wrote_them(retail, sampled):
    for t in sampled:
        text = t.instruction
        assert text[0].isupper() and text.rstrip()[-1] in ".?", text
        assert "  " not in text and " ," not in text and "Details" not in text, text
        raw = [str(v) for c in t.gold_calls for v in c.arguments.values() if isinstance(v, str) and "_" in v]
        assert not [v for v in raw if v in text and "@" not in v], text  # enum values are said in words
        assert "price from" not in text and "placed at" not in text, text  # field names become words
        assert missing_values(t, user_values(t, retail), value_forms(t, retail)) == [], text


def test_a_multi_goal_request_is_one_message_naming_every_goal(retail, sampled):
    for t in (t for t in sampled if "multi_goal" in t.tags):
        goals = sum(1 for c in t.gold_calls if retail.tools[c.name].writes)
        sentences = [s for s in re.split(r"(?<=[.?!])\s+", t.instruction) if s]
        assert len(sentences) >= goals + 1, t.instruction  # a greeting, then at least a sentence per goal
        assert len(re.findall(r"\b(?:Hi|Hello|Good (?:morning|afternoon|evening))\b", t.instruction)) <= 1, \
            t.instruction


def test_the_greeting_fits_the_time_of_day_of_the_clock(tmp_path):
    import json
    import shutil

    from envfactory_gym.package import EnvPackage
    from envfactory_gym.querygen.sampler import TaskSampler
    from tests.conftest import LIBRARY_DIR

    folder = tmp_path / "library"
    shutil.copytree(LIBRARY_DIR, folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    (folder / "manifest.json").write_text(json.dumps({**manifest, "now": "2026-02-01T19:30:00"}), encoding="utf-8")
    pkg = EnvPackage(folder)
    try:
        texts = [t.instruction for t in TaskSampler(pkg, seed=0).sample(40)]
    finally:
        pkg.close()
    assert not [t for t in texts if "Good morning" in t or "Good afternoon" in t]
    assert any("Good evening" in t for t in texts)  # the greeting that says the time of day is still used


def test_identity_details_are_held_back_with_keywords(sampled):
    for t in sampled:
        for name, fact in t.user_facts.items():
            assert fact.keywords and fact.value not in t.instruction, (name, t.instruction)
