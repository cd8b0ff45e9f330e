"""Facts an agent has without the gold's read: what a tool's refusal states (an agent that tries the change and relays
why it was refused has read them), and what the policy itself states."""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest

from envfactory_gym.env import ToolUseEnv
from envfactory_gym.reward.episode import message_values, policy_values
from envfactory_gym.reward.trace import reached_reads
from envfactory_gym.reward.values import value_forms
from envfactory_gym.user import STOP_TOKEN
from tests.conftest import LIBRARY_DIR

TOOLS = '''

@tool
def loan_status(db: Database, loan_id: str) -> dict:
    """How long a loan has been out.

    Args:
        loan_id: The loan's id.
    """
    return {"loan_id": loan_id, "days_out": 45, "renewal_limit_days": 30}


@tool(writes=True)
def renew_loan(db: Database, loan_id: str) -> dict:
    """Renew a loan for another period.

    Args:
        loan_id: The loan's id.
    """
    raise ToolError(f"loan {loan_id} has been out 45 days; only loans out at most 30 days can be renewed")
'''
TASK = {"id": "lib-renew", "instruction": "Please renew my loan L-001.", "tags": ["refusal"],
        "gold_calls": [{"name": "loan_status", "arguments": {"loan_id": "L-001"}}], "outputs": ["45"],
        "forbidden_calls": [{"name": "renew_loan"}]}


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("refusal") / "library"
    shutil.copytree(LIBRARY_DIR, folder)
    with (folder / "tools.py").open("a", encoding="utf-8") as fh:
        fh.write(TOOLS)
    with (folder / "tasks.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(TASK) + "\n")
    e = ToolUseEnv(folder)
    yield e
    e.close()


def play(env: ToolUseEnv, actions: list[Any]) -> dict[str, Any]:
    env.reset(options={"task_id": "lib-renew"})
    for action in actions:
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            return dict(info["reward_components"])
    raise AssertionError("the episode did not end")


def test_relaying_a_refusal_counts_as_the_read_it_states(env: ToolUseEnv) -> None:
    tried = {"name": "renew_loan", "arguments": {"loan_id": "L-001"}}
    got = play(env, [tried, f"I couldn't renew it: it has been out 45 days, and only loans out at most 30 days "
                            f"can be renewed. {STOP_TOKEN}"])
    assert got["trace"] == 1.0 and got["communicate"] == 1.0 and got["reward"] == 1.0


def test_the_gold_read_scores_the_same(env: ToolUseEnv) -> None:
    got = play(env, [{"name": "loan_status", "arguments": {"loan_id": "L-001"}},
                     f"It has been out 45 days; at most 30 can be renewed, so I can't renew it. {STOP_TOKEN}"])
    assert got["reward"] == 1.0


def test_a_refusal_read_nothing_the_answer_needs_when_it_says_nothing(env: ToolUseEnv) -> None:
    got = play(env, [f"Your loan cannot be renewed. {STOP_TOKEN}"])
    assert got["trace"] == 0.0 and got["reward"] == 0.0


def test_message_values_are_amounts_dates_and_ids() -> None:
    text = "needs 72.00 hours but only 13.75 are left on 2026-06-08 for E-10016: $1,250.00 (30%)."
    assert message_values(text) == ["72.00", "13.75", "2026-06-08", "E-10016", "$1,250.00", "30%"]


def test_a_read_whose_facts_the_policy_states_is_reached_without_it() -> None:
    needed = {0: frozenset(value_forms("HOS-2"))}
    assert reached_reads(needed, [policy_values("Maple Hill (HOS-2) is in Montpelier.")]) == {0}
    assert reached_reads(needed, [policy_values("Maple Hill is in Montpelier.")]) == set()
    dated = {0: frozenset(value_forms("2026-09-15"))}  # today's date in a policy is no record's fact
    assert reached_reads(dated, [policy_values("It is now 2026-09-15; HOS-2 is Maple Hill.")]) == set()
