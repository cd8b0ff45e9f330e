"""The sampler on an environment shaped like a compiled API's: rows told apart by a value of their own, questions
that say which row they are about, argument-less writes combined, and one key for goals asked in either order."""

from __future__ import annotations

import random

import pytest

from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.refine import TAG_IN_SEQUENCE, TAG_MULTI, UnphraseableTask, refine_task
from envfactory_gym.querygen.sampler import TaskSampler, task_key
from envfactory_gym.tasks import GoldCall, Task

from ._registry_env import write_registry_env


@pytest.fixture(scope="module")
def registry(tmp_path_factory) -> EnvPackage:
    return EnvPackage(write_registry_env(tmp_path_factory.mktemp("registry")))


@pytest.fixture(scope="module")
def sampler_tasks(registry) -> tuple[TaskSampler, list[Task]]:
    sampler = TaskSampler(registry, seed=0)
    return sampler, sampler.sample(40)


def _question(registry: EnvPackage, listing: list[dict], record: dict) -> Task:
    task = Task(id="q", instruction="Steps: ...", outputs=[str(record["layers"])], tags=["querygen", "read"],
                gold_calls=[GoldCall(name="list_manifests", arguments={}),
                            GoldCall(name="get_manifest", arguments={"manifest_id": "MF-0003"})])
    return refine_task(task, registry, [listing, record], random.Random(0))


def test_a_question_names_the_row_its_call_looks_up(registry):
    listing = [{"manifest_id": f"MF-{i:04d}", "schema_version": 4, "tag": f"TAG-{1000 + i}"} for i in range(1, 6)]
    record = {"manifest_id": "MF-0003", "schema_version": 4, "tag": "TAG-1003", "layers": 808}
    asked = _question(registry, listing, record)
    assert "tag TAG-1003" in asked.instruction, asked.instruction
    # Nothing tells the rows apart: "Could you tell me the layers?" would not say of which manifest.
    with pytest.raises(UnphraseableTask, match="does not say which"):
        _question(registry, [{**r, "tag": None} for r in listing], {**record, "tag": None})


def test_rows_without_names_are_reached_through_their_own_values(registry, sampler_tasks):
    _, tasks = sampler_tasks
    deletes = [t for t in tasks if t.gold_calls[-1].name == "delete_manifest" and TAG_MULTI not in t.tags]
    assert len(deletes) >= 3
    for t in deletes:
        row = next(r for r in registry.new_state().db.query("SELECT * FROM manifests WHERE manifest_id = ?",
                                                            [t.gold_calls[-1].arguments["manifest_id"]]))
        assert f"tag {row['tag']}" in t.instruction and row["manifest_id"] not in t.instruction


def test_writes_that_take_nothing_combine_into_one_request(sampler_tasks):
    _, tasks = sampler_tasks
    both = [t for t in tasks if {c.name for c in t.gold_calls} >= {"issue_income_certificate",
                                                                    "issue_residence_certificate"}]
    assert both and all(TAG_MULTI in t.tags for t in both)


def test_a_lookup_the_listing_answers_leaves_the_gold(sampler_tasks):
    sampler, tasks = sampler_tasks
    # Every question about a manifest is answered by the listing: the lookup the sampler made leaves the gold, and
    # questions about different manifests (or fields) are different tasks.
    asked = [t for t in tasks if "get_manifest" in sampler.chain_tools.get(t.id, ())]
    assert len(asked) >= 2 and all(t.gold_calls[-1].name == "list_manifests" for t in asked)
    assert len({task_key(t) for t in asked}) == len(asked)
    assert not any(t.gold_calls[-1].name == "get_manifest" for t in tasks)


def test_goals_asked_in_either_order_are_one_task():
    a, b = GoldCall(name="issue_a", arguments={}), GoldCall(name="issue_b", arguments={"n": 1})
    either = [Task(id=f"t{i}", instruction="x", gold_calls=calls, tags=["querygen", "write", TAG_MULTI])
              for i, calls in enumerate(([a, b], [b, a]))]
    assert task_key(either[0]) == task_key(either[1])
    ordered = [t.model_copy(update={"tags": [*t.tags, TAG_IN_SEQUENCE]}) for t in either]
    assert task_key(ordered[0]) != task_key(ordered[1])
    single = Task(id="s", instruction="x", gold_calls=[a, b], tags=["querygen", "write"])
    assert task_key(single) != task_key(single.model_copy(update={"gold_calls": [b, a]}))
