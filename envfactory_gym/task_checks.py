"""What makes a task unfair whatever the agent does: two actors, unused gold reads, leaked answers, results cut."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from envfactory_gym.package import EnvPackage, identity_values
from envfactory_gym.reward import needed_facts, verification_reads
from envfactory_gym.reward.answers import iter_fields, normalise, value_forms, within
from envfactory_gym.reward.renderings import canonical_text
from envfactory_gym.tasks import Task

#: The cut a user's env applies to a tool result (``ToolUseEnv(max_result_chars=...)``'s default).
DEFAULT_RESULT_CHARS = 4000
_DIGIT = re.compile(r"\d")


@dataclass
class TaskProblems:
    """Problems of a task file: task id -> the reasons it is not a fair task."""

    problems: dict[str, list[str]] = field(default_factory=dict)

    def add(self, task_id: str, reason: str) -> None:
        self.problems.setdefault(task_id, []).append(reason)

    def count(self, prefix: str) -> int:
        """Tasks with a problem whose reason starts with ``prefix``."""
        return sum(1 for reasons in self.problems.values() if any(r.startswith(prefix) for r in reasons))


#: The problem classes :func:`task_problems` finds, as the reason's first words.
PROBLEM_CLASSES = ("mixed actors", "unused gold read", "answer in the question", "result past the cut",
                   "template wording")


def task_problems(package: EnvPackage, tasks: Iterable[Task], max_result_chars: int = DEFAULT_RESULT_CHARS
                  ) -> TaskProblems:
    """Check each task for the defects that make an episode unfair, whatever the agent does:

    - *mixed actors*: one user's request gives two values of the same identifying fact (two emails, two
      dates of birth): the gold acts for two people;
    - *unused gold read*: a gold read whose result nothing later uses (no later argument, no output);
    - *answer in the question*: a sampled request writes one of its outputs ("the credentials of Michael
      Buck, DPT");
    - *template wording*: a sampled request with a stored value pasted in ("personal_property"), "a" before
      a vowel, or a sentence said twice;
    - *result past the cut*: a gold result longer than the cut a user's env applies, with a fact the rest of the
      task needs only past it.
    """
    out = TaskProblems()
    writes = package.write_tools
    for task in tasks:
        gold = package.gold(task)
        identifying = set(task.user_facts)
        seen: dict[str, set[str]] = {}
        for call in task.gold_calls:
            if call.name in writes:  # a new address's zip code is no second identity
                continue
            for key, value in call.arguments.items():
                if key in identifying and isinstance(value, (str, int)):
                    seen.setdefault(key, set()).add(normalise(value))
        for key, values in seen.items():
            if len(values) > 1:
                out.add(task.id, f"mixed actors: the gold uses {len(values)} different {key} values")
        found: dict[str, set[str]] = {}
        for i in verification_reads(task.gold_calls, identity_values(task)):
            id_key, value = _first_id(gold.results[i])
            if id_key is not None:
                found.setdefault(id_key, set()).add(str(value))
        for key, people in found.items():
            if len(people) > 1:
                out.add(task.id, f"mixed actors: the user is verified as {len(people)} different people "
                                 f"({key} {', '.join(sorted(people))})")
        needed = gold.needed(task, writes)
        for i, facts in needed.items():
            if not facts and len(task.gold_calls) > 1:  # a lone lookup is the whole task (a refusal)
                out.add(task.id, f"unused gold read: call {i} ({task.gold_calls[i].name}) gives nothing the task "
                                 f"uses")
        asked = normalise(canonical_text(task.instruction, date.fromisoformat(package.manifest.now[:10])))  # "from 3 August" states 08-03
        for o in task.outputs if "querygen" in task.tags else ():  # a sampled request that states its answer
            if within(normalise(o), asked):
                out.add(task.id, f"answer in the question: {o!r}")
        if "querygen" in task.tags and tidy(task.instruction) != task.instruction:
            out.add(task.id, "template wording: a stored value pasted in, 'a' before a vowel or a sentence twice")
        for i, result in enumerate(gold.results):
            text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=str)
            if len(text) <= max_result_chars:
                continue
            shown = normalise(text[:max_result_chars])
            wanted = needed.get(i) or {f for _, v in _scalars(result) for f in value_forms(v)} & {
                normalise(o) for o in task.outputs}
            missing = [f for f in wanted if not within(f, shown)]
            if missing:
                out.add(task.id, f"result past the cut: call {i} ({task.gold_calls[i].name}) returns {len(text)} "
                                 f"characters and {missing[0]!r} comes after the first {max_result_chars}")
    return out


def _first_id(result: Any) -> tuple[str | None, Any]:
    """The first id a lookup returns and its field (``customer_id``, ``holder_id``...): who was found."""
    for key, value in iter_fields(result, "r"):
        if key.endswith("id") and value is not None:
            return key.rsplit(":", 1)[-1], value
    return None, None


def _scalars(result: Any) -> Iterable[tuple[str, Any]]:
    return iter_fields(result, "r")


def prune_unused_reads(task: Task, results: Sequence[Any], writes: Iterable[str]) -> Task:
    """``task`` without the gold reads nothing uses (see :func:`~envfactory_gym.reward.needed_facts`; reads
    that verify the user stay): a gold chain has no call whose result nothing uses."""
    results = list(results)
    while True:  # to a fixed point: a read may be used only by a read that goes
        said = " ".join([task.instruction, *(f.value for f in task.user_facts.values())])
        needed = needed_facts(task.gold_calls, results, writes, task.outputs, identity_values(task), said)
        keep = [i for i in range(len(task.gold_calls)) if i not in needed or needed[i]]
        if len(keep) == len(task.gold_calls) or not keep:
            return task
        task = task.model_copy(update={"gold_calls": [task.gold_calls[i] for i in keep]})
        results = [results[i] for i in keep]


def tidy(text: str) -> str:
    """A request as a person writes it: stored words read apart ("personal_property" -> "personal property", emails
    and ids kept), "an" before a vowel sound, and no sentence said twice."""
    text = _STORED_WORDS.sub(lambda m: m.group(0).replace("_", " "), text)
    text = _A_VOWEL.sub(lambda m: m.group(1) + "n " + m.group(2), text)
    seen: set[str] = set()
    out = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        key = sentence.strip().lower()
        if key and key in seen:
            continue
        seen.add(key)
        out.append(sentence)
    return " ".join(out)


#: Words joined by underscores, not part of an email or an id: a stored value pasted into a request.
_STORED_WORDS = re.compile(r"(?<![\w.@-])[a-z]+(?:_[a-z]+)+(?![\w@.-]*@)(?![\w-]*\d)")
_A_VOWEL = re.compile(r"\b([Aa]) ((?!one\b|once\b)(?:[aeio]|u(?![nr]i|s[eu]))\w+)")
