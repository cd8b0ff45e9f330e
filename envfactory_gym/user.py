"""User simulators: the interface, and the deterministic scripted user that answers from hidden facts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from envfactory_gym.tasks import Task

#: An agent message containing this token ends the conversation on the agent's side.
STOP_TOKEN = "###STOP###"


@dataclass(frozen=True)
class UserTurn:
    """What the user says, and whether the user ends the conversation with it."""

    content: str
    done: bool = False


@runtime_checkable
class UserSimulator(Protocol):
    """Plays the customer. Implementations must be deterministic given the seed (or record their turns)."""

    def start(self, task: Task, seed: int) -> UserTurn:
        """Begin an episode of ``task`` and return the user's opening message."""
        ...

    def respond(self, agent_message: str) -> UserTurn:
        """Answer the agent's message to the user."""
        ...


_GIVE = ("My {name} is {value}.", "Sure, my {name} is {value}.", "It's {value} (my {name}).")
_REPEAT = ("I already told you: my {name} is {value}.", "As I said, my {name} is {value}.")
_UNKNOWN = (
    "Sorry, I don't have any other details. Please go ahead with what I gave you.",
    "I'm not sure about that; I've told you what I know.",
)
_BYE = ("Thanks, that's all I needed.", "Great, thank you. Bye!", "Perfect, thanks for your help.")
_WORD = re.compile(r"[\w@.\-]+")


class ScriptedUser:
    """A deterministic user: opens with the task's request, answers questions from the hidden facts.

    It gives a fact only when the agent's message asks for it (one of the fact's keywords appears), never
    volunteers the rest, and ends the conversation when the agent's message asks nothing (it is taken as
    the final answer) or after ``max_unanswerable`` questions it cannot answer.
    """

    def __init__(self, max_unanswerable: int = 3) -> None:
        self.max_unanswerable = max_unanswerable
        self._task: Task | None = None
        self._rng = np.random.default_rng(0)
        self._given: set[str] = set()
        self._unanswered = 0

    def start(self, task: Task, seed: int) -> UserTurn:
        self._task = task
        self._rng = np.random.default_rng(seed)
        self._given = set()
        self._unanswered = 0
        return UserTurn(task.instruction)

    def respond(self, agent_message: str) -> UserTurn:
        if self._task is None:
            raise RuntimeError("respond() called before start()")
        text = agent_message.lower()
        asked = [name for name in self._task.user_facts
                 if any(_mentions(text, kw) for kw in self._task.fact_keywords(name))]
        if asked:
            parts = []
            for name in asked:
                template = _REPEAT if name in self._given else _GIVE
                parts.append(self._pick(template).format(
                    name=name.replace("_", " "), value=self._task.user_facts[name].value))
                self._given.add(name)
            return UserTurn(" ".join(parts))
        if "?" in agent_message:
            self._unanswered += 1
            return UserTurn(self._pick(_UNKNOWN), done=self._unanswered >= self.max_unanswerable)
        return UserTurn(self._pick(_BYE), done=True)

    def _pick(self, options: tuple[str, ...]) -> str:
        return options[int(self._rng.integers(len(options)))]


def _mentions(text: str, keyword: str) -> bool:
    # Whole-word match, so that "zip" is not found in "unzipped".
    return re.search(rf"(?<![\w]){re.escape(keyword)}(?![\w])", text) is not None
