"""The LLM refiner: accepts an answer that keeps the gold calls determined, falls back on a leaking one."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.llm import LLMClient
from envfactory_gym.querygen.llm_refine import TAG_FALLBACK, TAG_LLM, LLMRefiner, check, user_values
from envfactory_gym.querygen.sampler import TaskSampler
from envfactory_gym.testing import ReplayServer


@pytest.fixture(scope="module")
def case(retail, retail_graph, sampled):
    """A sampled task that holds facts back, and its unrefined form (the step list)."""
    refined = next(t for t in sampled if t.user_facts and "write" in t.tags
                   and not check(t, retail, user_values(t, retail, retail_graph)))
    raw = refined.model_copy(update={"instruction": "Steps: ...", "user_facts": {}})
    return raw, refined


def _answer(instruction: str, facts: dict) -> str:
    return "```json\n" + json.dumps({"instruction": instruction, "user_facts": facts}) + "\n```"


def _refiner(server: ReplayServer, graph, attempts: int = 2) -> LLMRefiner:
    client = LLMClient(server.base_url, "m", timeout_s=2.0, max_retries=0)
    return LLMRefiner(client, max_attempts=attempts, graph=graph)


def test_accepts_a_good_answer(retail, retail_graph, case):
    raw, refined = case
    facts = {k: f.model_dump() for k, f in refined.user_facts.items()}
    with ReplayServer([_answer(refined.instruction, facts)]) as server:
        out = _refiner(server, retail_graph)(raw, retail)
    assert out.instruction == refined.instruction and TAG_LLM in out.tags
    assert out.user_facts == refined.user_facts and out.gold_calls == raw.gold_calls
    prompt = server.requests[0]["messages"][0]["content"]
    assert all(v in prompt for v in user_values(raw, retail, retail_graph))


def test_falls_back_on_leaking_answers(retail, retail_graph, case):
    raw, refined = case
    ident = next(str(v) for c in raw.gold_calls for k, v in c.arguments.items() if k.endswith("_id"))
    facts = {k: f.model_dump() for k, f in refined.user_facts.items()}
    leaking = _answer(f"{refined.instruction} It is {ident}.", facts)
    with ReplayServer([leaking, leaking, "never"]) as server:
        refiner = _refiner(server, retail_graph, attempts=2)
        out = refiner(raw, retail)
    assert len(server.requests) == 2 and TAG_FALLBACK in out.tags and TAG_LLM not in out.tags
    assert ident in refiner.rejections[0] and not out.instruction.startswith("Steps:")
    assert not check(out, retail, user_values(raw, retail, retail_graph))
    assert ident in server.requests[1]["messages"][-1]["content"]  # the retry says what was wrong


def test_retries_an_answer_that_drops_a_user_value(retail, retail_graph, case):
    raw, refined = case
    facts = {k: f.model_dump() for k, f in refined.user_facts.items()}
    with ReplayServer(["not json at all", _answer(refined.instruction, {}), _answer(refined.instruction, facts)]
                      ) as server:
        out = _refiner(server, retail_graph, attempts=3)(raw, retail)
    assert TAG_LLM in out.tags and len(server.requests) == 3


def test_sampler_uses_the_refiner(retail, retail_graph):
    with ReplayServer(lambda _req: {"status": 400}) as server:
        tasks = TaskSampler(retail, seed=3, graph=retail_graph, refiner=_refiner(server, retail_graph)).sample(3)
    assert len(tasks) == 3 and all(TAG_FALLBACK in t.tags for t in tasks)
