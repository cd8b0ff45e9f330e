"""The oracle agent: replays the task's gold trajectory, then tells the user the required facts."""

from __future__ import annotations

from typing import Any

import gymnasium as gym

from envfactory_gym.conversation import conversation_env
from envfactory_gym.user import AGREEMENT_QUESTION, is_decision


class OracleAgent:
    """Asks for the user's hidden facts, plays the gold calls one per step, then sends a final answer.

    On a multi-turn benchmark task (one with ``gold_turns``, e.g. BFCL's), it plays each turn's gold calls, then
    a message that ends the turn.

    It proves every task solvable through the public env API (its reward must be 1.0 on every task), and its
    episodes are the SFT demonstrations: so it asks for what the request leaves out, as a good agent would,
    instead of using facts it could not know.

    With ``plan=True`` its first turn also names the tools it will call, in order ("Plan: a, b, c."), as
    text beside that turn's question or call. A policy trained on these demonstrations decides the whole
    chain right after the request, where the request is nearest, and later turns only follow the plan in
    their context: small models pick the right tool far more often that way.
    """

    name = "oracle"

    def __init__(self, plan: bool = False) -> None:
        self.plan = plan
        self._plan: list[Any] = []

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        task = conversation_env(env).task
        turns = getattr(task, "gold_turns", None)
        if turns is not None:  # a multi-turn benchmark (BFCL): each turn's gold calls, then a message ending it
            self._plan = [a for calls in turns for a in [*({"name": c.name, "arguments": dict(c.arguments)}
                                                           for c in calls), "Done."]]
            return
        decisions = [name for name in task.user_facts if is_decision(task, name)]
        missing = [task.fact_keywords(name)[0] for name in task.user_facts if name not in decisions]
        self._plan = [f"Could you please tell me your {' and '.join(missing)}?"] if missing else []
        if decisions:  # the user's agreement, asked on its own before any change (see Task.consent)
            self._plan.append(AGREEMENT_QUESTION)
        self._plan += [{"name": c.name, "arguments": dict(c.arguments)} for c in task.gold_calls]
        if self.plan and task.gold_calls:
            text = plan_text([c.name for c in task.gold_calls])
            first = self._plan[0]
            self._plan[0] = (f"{text} {first}" if isinstance(first, str)
                             else {"role": "assistant", "content": text, "tool_calls": [first]})
        facts = "; ".join(task.outputs)
        self._plan.append(f"All done. {facts}." if facts else "All done, your request is complete.")

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        return self._plan.pop(0) if self._plan else "All done."


def plan_text(tools: list[str]) -> str:
    """The plan line of a first turn: the tools to call, in order."""
    return "Plan: " + ", ".join(tools) + "."
