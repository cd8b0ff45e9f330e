"""Identification: acting for a user the agent never looked up by what they gave scores nothing."""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from envfactory_gym.user import STOP_TOKEN
from tests.conftest import LIBRARY_ID

FIND = {"name": "find_member", "arguments": {"email": "member3@example.org"}}
BORROW = {"name": "borrow_book", "arguments": {"member_id": "M-003", "book_id": "B-002"}}


def play(actions: list[Any], task_id: str = "lib-borrow") -> dict[str, Any]:
    env = gym.make(LIBRARY_ID)
    try:
        env.reset(options={"task_id": task_id})
        for action in actions:
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                return dict(info["reward_components"])
    finally:
        env.close()
    raise AssertionError("the episode did not end")


def test_the_change_after_the_lookup_scores_full() -> None:
    got = play(["What is your email?", FIND, BORROW, f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["unverified"] == 0 and got["reward"] == 1.0


def test_the_same_change_for_an_unidentified_user_scores_nothing() -> None:
    got = play([BORROW, f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["unverified"] == 1 and got["state"] == 1.0 and got["outcome"] == 0.0 and got["reward"] == 0.0


def test_a_refused_lookup_is_no_identification() -> None:
    wrong = {"name": "find_member", "arguments": {"email": "member3@example.org.uk"}}
    got = play(["What is your email?", wrong, BORROW, f"Done: B-002 is lent to you. {STOP_TOKEN}"])
    assert got["unverified"] == 1 and got["reward"] == 0.0


def test_tasks_whose_gold_identifies_no_one_have_no_such_gate() -> None:
    got = play([{"name": "get_book", "arguments": {"book_id": "B-005"}},
                f"It is called Book about topic 5. {STOP_TOKEN}"], task_id="lib-title")
    assert got["unverified"] == 0 and got["reward"] == 1.0
