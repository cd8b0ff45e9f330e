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
    """What the user says, and whether the user ends the conversation with it. ``gave`` names the task's facts
    this turn gives (None: the simulator does not say, as an LLM user's free text does not; a task's consent
    gates are then not checked)."""

    content: str
    done: bool = False
    gave: tuple[str, ...] | None = None


@runtime_checkable
class UserSimulator(Protocol):
    """Plays the customer. Implementations must be deterministic given the seed (or record their turns)."""

    def start(self, task: Task, seed: int) -> UserTurn:
        """Begin an episode of ``task`` and return the user's opening message."""
        ...

    def respond(self, agent_message: str) -> UserTurn:
        """Answer the agent's message to the user."""
        ...


_GIVE = ("The {name} is {value}.", "Sure, the {name} is {value}.", "It's {value} (the {name}).")
_REPEAT = ("I already told you: the {name} is {value}.", "As I said, the {name} is {value}.")
_UNKNOWN = (
    "I'm not sure about that; I've told you what I know.",
    "Sorry, I don't know. I've given you the details I have.",
)
#: The answer to a yes/no question the task declares no decision for: honest, never consent (no "just do it": an
#: agent that asks because the records disagree with the request must not be pushed past its doubt), and never a
#: doubt the user does not have (a user asked "shall I go ahead?" about their own request does not take it back).
_UNDECIDED = ("I can only tell you what I asked for; whether the records allow it is for you to check.",
              "I don't know about that; I can only tell you what I asked for.")
#: The answer on a task whose policy forbids a change the agent offers (the task lists forbidden calls).
_DECLINE = ("No, please don't do that.", "No thanks, please leave it as it is.")
#: A question that asks for the user's agreement (a decision fact) on its own, before any change.
AGREEMENT_QUESTION = "Before I make any change: do you confirm that I should go ahead?"
_BYE = ("Thanks, that's all I needed.", "Great, thank you. Bye!", "Perfect, thanks for your help.")
#: Words of a keyword list that make a fact the user's decision on a yes/no question.
_DECISION_WORDS = ("proceed", "go ahead", "confirm", "shall i", "should i", "would you like", "do you want",
                   "want me to", "ok to", "okay to", "agree", "still want")
#: A sentence that asks without a question mark: a request ("Please provide your email.", "I'll need your zip").
_REQUEST = re.compile(
    r"^(?:(?:ok(?:ay)?|so|and|now|first|also),?\s+)?(?:(?:please|kindly)\s+)?(?:provide|share|give|send|tell\s+me|"
    r"confirm|let\s+me\s+know|i(?:'ll|\s+will|\s+would)?\s+(?:just\s+|also\s+)?need)\b"
    r"|\bplease\s+(?:provide|share|give|send|tell\s+me|confirm|let\s+me\s+know)\b", re.IGNORECASE)
_YES_NO = re.compile(r"^(?:so\s+|and\s+|ok(?:ay)?,?\s+)?(?:shall|should|do|does|would|will|can|may|is|are|"
                     r"could|want)\b", re.IGNORECASE)
_ASKS_FOR = re.compile(r"\b(?:provide|give|share|tell|send)\b(?:\s+\w+){0,3}?\s+your\b|\bwhat(?:'s| is| are)\b",
                       re.IGNORECASE)
#: A closing question: an offer of more help ("Anything else I can do for you?", "Any other questions?"), not a
#: question that names "anything else" or "question" of the matter at hand ("its id, or anything else about it?").
_CLOSING = re.compile(r"\b(?:anything|something) else (?:i can|i could|i may|you(?:'d)? (?:need|like|want))\b|"
                      r"\b(?:anything|something) else\s*(?:for you|today)?\s*\?\s*$|\b(?:any|other|more|further) "
                      r"questions?\b|\bhelp (?:you )?with anything\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
#: The ways people name the facts users are asked for: each group's spellings ask for the same thing.
SYNONYMS: tuple[frozenset[str], ...] = tuple(frozenset(g) for g in (
    {"date of birth", "birth date", "birthdate", "birthday", "dob", "born"},
    {"zip", "zip code", "zipcode", "postal code", "postcode", "post code"},
    {"email", "e-mail", "email address", "e-mail address", "mail"},
    {"phone", "phone number", "telephone", "mobile", "cell"},
    {"confirmation code", "confirmation number", "booking reference", "reservation code", "booking code"},
))


class ScriptedUser:
    """A deterministic user: opens with the task's request, answers questions from the hidden facts.

    It reads the agent's message sentence by sentence. A sentence asks something when it ends with a question
    mark or opens as a request ("Please provide your email."); a message that asks nothing is the agent's final
    answer and ends the conversation, whatever words it contains. An asked fact is given when one of its keywords
    (or a common spelling of it: "birthdate", "zip code", "e-mail") is in an asking sentence, and never
    volunteered otherwise. A yes/no question gets the task's declared decision (a fact whose keywords are consent
    words), a refusal on a task that forbids calls, and otherwise an honest "I'm not sure", never consent.
    Questions it cannot answer end the conversation after ``max_unanswerable`` of them; a closing "anything
    else?" ends it at once.
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
        task = self._task
        asking = asking_sentences(agent_message)
        if not asking:
            return UserTurn(self._pick(_BYE), done=True, gave=())
        if all(_CLOSING.search(s) for s in asking):
            return UserTurn(self._pick(_BYE), done=True, gave=())
        text = " ".join(asking).lower()
        decisions = [n for n in task.user_facts if is_decision(task, n)]
        asked = [n for n in task.user_facts if n not in decisions
                 and any(mentions(text, kw) for kw in task.fact_keywords(n))]
        # A question that asks for information ("Could you give me your email?") is no yes/no question.
        yes_no = any(_YES_NO.match(s.strip()) and not _ASKS_FOR.search(s) for s in asking)
        if not asked:  # a yes/no question (any wording) gets the declared decision; else one naming its words
            asked = [n for n in decisions if yes_no or any(mentions(text, kw) for kw in task.fact_keywords(n))]
        if asked:
            parts = []
            for name in asked:
                value = task.user_facts[name].value
                if name in decisions:
                    parts.append(value)
                    continue
                template = _REPEAT if name in self._given else _GIVE
                parts.append(self._pick(template).format(name=name.replace("_", " "), value=value))
                self._given.add(name)
            return UserTurn(" ".join(parts), gave=tuple(asked))
        self._unanswered += 1
        done = self._unanswered >= self.max_unanswerable
        if yes_no:
            return UserTurn(self._pick(_DECLINE if task.forbidden_calls else _UNDECIDED), done=done, gave=())
        return UserTurn(self._pick(_UNKNOWN), done=done, gave=())

    def _pick(self, options: tuple[str, ...]) -> str:
        return options[int(self._rng.integers(len(options)))]


def asking_sentences(message: str) -> list[str]:
    """The sentences of an agent's message that ask the user something (a question, or a request)."""
    out = []
    for part in _SENTENCE_END.split(message):
        sentence = part.strip(" \t-*•")
        if sentence and (sentence.endswith("?") or _REQUEST.search(sentence)):
            out.append(sentence)
    return out


def is_decision(task: Task, name: str) -> bool:
    """Whether fact ``name`` is the user's decision on a yes/no question (its keywords are consent words)."""
    return any(kw in _DECISION_WORDS for kw in task.fact_keywords(name))


def mentions(text: str, keyword: str) -> bool:
    """Whether ``text`` asks for ``keyword``: as whole words, spaces and hyphens between them optional, a plural
    allowed, or as one of its common spellings (:data:`SYNONYMS`)."""
    keyword = keyword.lower().strip()
    spellings = {keyword}
    for group in SYNONYMS:
        if keyword in group:
            spellings |= group
    for kw in spellings:
        words = re.split(r"[\s\-]+", kw)
        pattern = r"[\s\-]*".join(re.escape(w) for w in words)
        if re.search(rf"(?<![\w]){pattern}s?(?![\w])", text):
            return True
    return False
