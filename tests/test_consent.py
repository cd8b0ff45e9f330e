"""Consent gates: a change the policy makes only once the user agreed counts only after the agreement."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pydantic
import pytest

from envfactory_gym.agents import OracleAgent
from envfactory_gym.env import ToolUseEnv
from envfactory_gym.runner import run_episode
from envfactory_gym.tasks import Task
from envfactory_gym.user import AGREEMENT_QUESTION, STOP_TOKEN
from tests.conftest import LIBRARY_DIR

EMAIL = "member3@example.org"
AGREE = {"value": "Yes, that's fine, please go ahead.", "keywords": ["confirm", "go ahead", "proceed"]}
GATED = {"id": "lib-consent", "instruction": "Hi, I'd like to borrow book B-002 please.",
         "user_facts": {"email": {"value": EMAIL, "keywords": ["email"]}, "confirmation": AGREE},
         "gold_calls": [{"name": "find_member", "arguments": {"email": EMAIL}},
                        {"name": "borrow_book", "arguments": {"member_id": "M-003", "book_id": "B-002"}}],
         "consent": [{"fact": "confirmation", "calls": [{"name": "borrow_book"}]}], "tags": ["write"]}
FIND = {"name": "find_member", "arguments": {"email": EMAIL}}
BORROW = {"name": "borrow_book", "arguments": {"member_id": "M-003", "book_id": "B-002"}}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("consent") / "library"
    shutil.copytree(LIBRARY_DIR, folder)
    with (folder / "tasks.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(GATED) + "\n")
    e = ToolUseEnv(folder)
    yield e
    e.close()


def play(env: ToolUseEnv, actions: list[Any]) -> dict[str, Any]:
    """The reward components of the episode the actions play (it must end)."""
    env.reset(options={"task_id": "lib-consent"})
    for action in actions:
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return dict(info["reward_components"])
    raise AssertionError("the episode did not end")


def test_the_change_after_the_agreement_scores_full(env: ToolUseEnv) -> None:
    got = play(env, ["What is your email?", FIND, "It costs nothing. Shall I go ahead and lend it?",
                    BORROW, f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["reward"] == 1.0 and got["unconsented_calls"] == 0


def test_the_same_change_before_the_agreement_scores_nothing(env: ToolUseEnv) -> None:
    got = play(env, ["What is your email?", FIND, BORROW,
                    f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["unconsented_calls"] == 1 and got["outcome"] == 0.0 and got["trace"] == 0.0 and got["reward"] == 0.0


def test_asking_after_the_change_does_not_make_it_consented(env: ToolUseEnv) -> None:
    got = play(env, ["What is your email?", FIND, BORROW, "Shall I go ahead?",
                    f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["unconsented_calls"] == 1 and got["reward"] == 0.0


def test_a_refused_change_before_the_agreement_is_no_violation(env: ToolUseEnv) -> None:
    refused = {"name": "borrow_book", "arguments": {"member_id": "M-999", "book_id": "B-002"}}
    got = play(env, ["What is your email?", FIND, refused, AGREEMENT_QUESTION, BORROW,
                    f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["unconsented_calls"] == 0 and got["outcome"] == 1.0


def test_the_oracle_asks_for_the_agreement_on_its_own_and_scores_full(env: ToolUseEnv) -> None:
    result = run_episode(env, OracleAgent(), seed=0, options={"task_id": "lib-consent"}, keep_messages=True)
    assert result.reward == 1.0
    said = [m["content"] for m in result.messages if m["role"] == "assistant" and m.get("content")]
    assert AGREEMENT_QUESTION in said


def test_a_gate_must_name_a_fact_the_user_holds() -> None:
    bad = {**GATED, "consent": [{"fact": "confirmaton", "calls": [{"name": "borrow_book"}]}]}
    with pytest.raises(pydantic.ValidationError, match="confirmaton.*email, confirmation"):
        Task.model_validate(bad)


def test_tasks_without_gates_keep_their_file_form(tmp_path: Path) -> None:
    plain = Task.model_validate({**GATED, "consent": []})
    assert "consent" not in plain.model_dump(exclude_defaults=True)
