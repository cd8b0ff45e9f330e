"""Offline refiner: one natural request from the environment's declarations, referring to rows without their ids."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection
from datetime import datetime
from typing import Any

from envfactory_gym.errors import (
    UnphraseableTask,
)
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.checks import leaked_identifiers, missing_values, user_values, value_forms
from envfactory_gym.querygen.describe import References, is_reference
from envfactory_gym.querygen.goals import structured
from envfactory_gym.querygen.graph import iter_fields
from envfactory_gym.querygen.spec import QueryGenSpec, declarations_for
from envfactory_gym.querygen.template import Group, Slot, as_datetime, join_words, parse, render, slots
from envfactory_gym.task_checks import tidy
from envfactory_gym.tasks import Task, UserFact

__all__ = ["TAG_IN_SEQUENCE", "TAG_MULTI", "UnphraseableTask", "empty_value", "leaked_identifiers",
           "refine_task"]

#: Tags of a task with several write goals, and of one whose goals must be done in the sequence asked.
TAG_MULTI = "multi_goal"
TAG_IN_SEQUENCE = "goals_in_sequence"

_GREETINGS = ("Hi", "Hello", "Hi there", "Good morning")
_NEXT = ("Also, ", "And ", "One more thing: ", "While you're at it, ")
_AFTER = ("Once that's done, ", "After that, ", "Then ")
#: Plain verbs for tools without declared goals (a tool named ``change_x`` asks to "change" it).
_VERBS = {"modify": "change", "update": "update", "set": "set", "cancel": "cancel", "delete": "delete",
          "remove": "remove", "add": "add", "create": "create", "book": "book", "make": "make"}


def refine_task(task: Task, pkg: EnvPackage, results: list[Any] | None = None,
                rng: random.Random | None = None) -> Task:
    """Rewrite ``task``'s instruction as one natural request; identity details become hidden ``user_facts``.

    Raises :class:`UnphraseableTask` when a row the task acts on cannot be described unambiguously.
    """
    rng = rng or random.Random(task.id)
    results = list(results) if results is not None else list(pkg.gold(task).results)
    return _Writer(task, pkg, declarations_for(pkg), results, rng).refined()


class _Writer:
    """Writes one task's request: the opening, a sentence per goal (or the question), and what must be said."""

    def __init__(self, task: Task, pkg: EnvPackage, spec: QueryGenSpec, results: list[Any],
                 rng: random.Random) -> None:
        self.task, self.pkg, self.spec, self.results, self.rng = task, pkg, spec, results, rng
        # rows are described as they were before a goal changed them (never by the value a goal gives them)
        self.refs = References(pkg, spec, results, task.gold_calls)
        self.ids = self.refs.ids
        self.said: set[str] = set()
        self.facts: dict[str, UserFact] = {}
        self.own: set[str] = set()

    def refined(self) -> Task:
        calls = self.task.gold_calls
        for call in calls:
            if self.pkg.tools[call.name].writes:
                continue
            for key, value in call.arguments.items():
                fact = self.spec.user.facts.get(key)
                if fact is not None and key not in self.facts and not isinstance(value, (list, dict)):
                    self.facts[key] = UserFact(value=str(value), keywords=fact.keywords or [self.spec.label(key)])
                    self.said.add(str(value))
        opening = self._opening()
        # The rows a lookup by what the user gives of themself finds are the user's: a question about them says "my"
        self.own = {str(v) for c, r in zip(calls, self.results) if not self.pkg.tools[c.name].writes and c.arguments
                    and all(k in self.facts or str(x) in self.said for k, x in c.arguments.items())
                    for v in _ids_in(r, self.ids)}
        writes = [i for i, c in enumerate(calls) if self.pkg.tools[c.name].writes]
        goals = [self._goal(i) for i in writes] or [self._question()]
        mentions = [m for i, c in enumerate(calls) if not self.pkg.tools[c.name].writes
                    for m in [self._mention(i)] if m]
        refined = self._with_text(" ".join([opening, *mentions, self._join(goals)]))
        missing = self._missing(refined)
        if missing and writes:  # each goal says the values it needs, in its own sentence
            goals = self._details(goals, writes, missing)
            refined = self._with_text(" ".join([opening, *mentions, self._join(goals)]))
            missing = self._missing(refined)
            if missing:
                raise UnphraseableTask(f"task {self.task.id}: no goal of the request says {missing[0]!r}")
        text = refined.instruction
        if missing:
            where = {str(v): k for c in calls for k, v in c.arguments.items() if not isinstance(v, list)}
            extra = join_words([f"{self.spec.label(where.get(v, 'detail'))} {v}" for v in missing], limit=len(missing))
            refined = refined.model_copy(update={"instruction": f"{text} My details: {extra}."})
        return refined

    # -- parts -------------------------------------------------------------------------------------------

    def _opening(self) -> str:
        greeting = self.rng.choice(_GREETINGS)
        if greeting == "Good morning":  # the time of day of the environment's clock, not always the morning
            hour = datetime.fromisoformat(self.pkg.manifest.now).hour
            greeting = "Good morning" if hour < 12 else "Good afternoon" if hour < 17 else "Good evening"
        intro = self.spec.user.introduce
        if intro:
            args = {k: v for c in self.task.gold_calls if not self.pkg.tools[c.name].writes
                    for k, v in c.arguments.items()}
            parts = parse(intro)
            text = render(parts, lambda s: None if args.get(s.head) is None else str(args[s.head]))
            if text:
                self.said.update(str(args[s.head]) for s, _ in slots(parts) if s.head in args)
                return f"{greeting}, {text}."
        return f"{greeting}."

    def _goal(self, i: int) -> str:
        call = self.task.gold_calls[i]
        templates = self.spec.tool(call.name).goal or [self._generic_goal(i)]
        return self._say(i, templates, {})

    def _question(self) -> str:
        i = len(self.task.gold_calls) - 1
        call = self.task.gold_calls[i]
        record, keys = self._answer_record(self.results[i])
        subject = ""
        own = self.refs.own_key(record) if record else None
        named = None  # the row the call names: the request must say which (or the user gives it)
        if record is not None and own is not None:
            called = {str(v) for k, v in call.arguments.items() if self.refs.key_of(k) == own}
            if str(record[own]) not in called:
                subject = self.refs.describe(own, record[own], avoid=[record[k] for k in keys]) or ""
                if not subject:
                    raise UnphraseableTask(f"task {self.task.id}: no description tells the {own} "
                                           f"{record[own]} apart")
            elif str(record[own]) not in self.said and str(record[own]) not in self.own:
                named = str(record[own])
        fields = join_words([self.spec.label(k, call.name) for k in keys]) if keys else "details"
        templates = self.spec.tool(call.name).question or [self._generic_question(i)]
        text = self._say(i, templates, {"fields": fields, "record": subject}, needs_record=bool(subject))
        if named is not None and not any(value == named for _, value in self.refs.said):
            raise UnphraseableTask(f"task {self.task.id}: the question does not say which {own} it is about "
                                   f"({named})")
        return text

    def _mention(self, i: int) -> str:
        call = self.task.gold_calls[i]
        todo = self._to_say(i)
        if not todo:
            return ""
        templates = self.spec.tool(call.name).mention
        if not templates:
            return ""  # said at the end, if no later sentence says it
        return self._say(i, templates, {}, optional=True)

    def _with_text(self, text: str) -> Task:
        return self.task.model_copy(update={"instruction": _sentences(text),
                                            "user_facts": {**self.task.user_facts, **self.facts}})

    def _missing(self, task: Task) -> list[str]:
        """The user values the request does not say yet; empty ones ([], {}) are never said."""
        return [v for v in missing_values(task, user_values(task, self.pkg), value_forms(task, self.pkg))
                if not empty_value(v)]

    def _details(self, goals: list[str], writes: list[int], missing: list[str]) -> list[str]:
        """Each goal with the ``missing`` values it needs in its own sentence ("..., with colour red"): the
        values of its call and of the lookups since the previous goal."""
        details: list[list[str]] = [[] for _ in goals]
        for value in missing:
            for j, call in enumerate(self.task.gold_calls):
                k = next((k for k, v in call.arguments.items() if not is_reference(k, self.ids)
                          and value in [str(x) for x in (v if isinstance(v, list) else [v])]), None)
                if k is not None:
                    g = next((g for g, i in enumerate(writes) if i >= j), len(writes) - 1)
                    words = quoted(value, self.spec.say_value(call.name, k, value))
                    details[g].append(f"{self.spec.label(k, call.name)} {words}")
                    break
        out = []
        for goal, said in zip(goals, details):
            if said:
                stop = goal[-1] if goal[-1:] in (".", "!", "?") else "."
                goal = f"{goal.rstrip('.!?')}, with {join_words(said, limit=len(said))}{stop}"
            out.append(goal)
        return out

    def _join(self, goals: list[str]) -> str:
        if len(goals) == 1:
            return _cap(goals[0])
        leads = list(_AFTER if TAG_IN_SEQUENCE in self.task.tags else _NEXT)
        self.rng.shuffle(leads)
        return " ".join([_cap(goals[0]), *(lead + _uncap(g) for lead, g in zip(leads, goals[1:]))])

    # -- templates ---------------------------------------------------------------------------------------

    def _to_say(self, i: int) -> list[str]:
        """The user values of call ``i`` that the request must still say."""
        call = self.task.gold_calls[i]
        return [k for k, v in call.arguments.items()
                if not self._row_id(call.name, k) and k not in call.masked and not empty_value(v)
                and str(v) not in self.said]

    def _row_id(self, tool: str, name: str) -> bool:
        """Whether a parameter of ``tool`` names a row (said by describing it), not a value the user chooses: a
        key with choices of its own is a new record's (a new queue's name), said as it is."""
        return is_reference(name, self.ids) and not self.spec.own_value(tool, name)

    def _say(self, i: int, templates: list[str], extra: dict[str, str], needs_record: bool = False,
             optional: bool = False) -> str:
        """Render the best of ``templates`` for call ``i``: one that says every value still to say."""
        todo = set(self._to_say(i))
        options = []
        for text in templates:
            parts = parse(text)
            names = {s.head: opt for s, opt in slots(parts)}
            if needs_record and "record" not in names:
                continue
            marks: list[tuple[str, str]] = []
            said: list[tuple[str, str]] = []
            lost: list[str] = []  # a goal's own row value its optional part could not describe: left unsaid
            rendered = render(parts, self._resolver(i, extra, marks, said, _in_quotes(parts), lost))
            if rendered is None or lost:
                continue
            covered = len(todo & {name for name, _ in said})
            options.append((covered, rendered, marks, said))
        if not options:
            if optional:
                return ""
            raise UnphraseableTask(f"task {self.task.id}: no request template of {self.task.gold_calls[i].name} "
                                   "could name its rows")
        best = max(o[0] for o in options)
        covered, text, marks, said = self.rng.choice([o for o in options if o[0] == best])
        self.refs.said.update(marks)
        self.said.update(value for _, value in said)
        return text

    def _resolver(self, i: int, extra: dict[str, str], marks: list[tuple[str, str]],
                  said: list[tuple[str, str]], in_quotes: Collection[str] = (),
                  lost: list[str] | None = None) -> Callable[[Slot], str | None]:
        calls = self.task.gold_calls
        writes = self.pkg.tools[calls[i].name].writes

        def resolve(slot: Slot) -> str | None:
            if slot.head in extra:
                return extra[slot.head] or None
            for j in range(i, -1, -1):  # the call's own value, else the nearest earlier call's
                if slot.head in calls[j].arguments:
                    owner, value = calls[j].name, calls[j].arguments[slot.head]
                    break
            else:
                return None
            if j != i and slot.optional and writes:
                return None  # an optional detail of a goal is its own call's: a lookup's filter is no new value
            if value is None or (slot.optional and empty_value(value)):
                return None  # an empty value ([], {}) is no detail to state
            if slot.head in calls[j].masked and structured(value):
                return None  # a structured value (a location as JSON) is no thing to say: any value passes
            if self._row_id(owner, slot.head):
                key = self.refs.key_of(slot.head)
                values = value if isinstance(value, list) else [value]
                words = []
                for v in values:
                    before = set(self.refs.said)
                    self.refs.said.update(marks)
                    w = self.refs.describe(key or slot.head, v, avoid=self.task.outputs)  # not the answer
                    self.refs.said = before
                    if w is None:
                        if lost is not None and j == i and writes:
                            lost.append(slot.head)  # the goal would not say a value it sets
                        return None
                    marks.append((key or slot.head, str(v)))
                    words.append(w)
                return join_words(words, limit=len(words))
            if slot.optional and str(value) in self.said:
                return None  # an optional detail the request already gave is not repeated
            said.append((slot.head, str(value)))
            if slot.fmt:
                return self.refs.word(value, slot)
            text = self.spec.say_value(owner, slot.head, value)
            return text if slot.name in in_quotes else quoted(value, text)

        return resolve

    def _answer_record(self, result: Any) -> tuple[dict[str, Any] | None, list[str]]:
        """The result record holding every output, and the fields the outputs come from."""
        outputs = [str(o) for o in self.task.outputs]
        for _, _, record in iter_fields(result):
            values = {str(v): k for k, v in record.items() if not isinstance(v, (dict, list))}
            if outputs and all(o in values for o in outputs):
                return record, [values[o] for o in outputs]
        return None, []

    # -- defaults for tools without declarations -----------------------------------------------------------

    def _generic_goal(self, i: int) -> str:
        call = self.task.gold_calls[i]
        words = call.name.split("_")
        verb = _VERBS.get(words[0], words[0])
        refs = ", ".join(f"{{{k}}}" for k in call.arguments if is_reference(k, self.ids)) or " ".join(words[1:])
        return f"Please {verb} {refs}{self._generic_details(i)}."

    def _generic_question(self, i: int) -> str:
        call = self.task.gold_calls[i]
        refs = [k for k in call.arguments if is_reference(k, self.ids)]
        subject = f"[ of {{{refs[-1]}}}]" if refs else ""
        return f"Could you tell me the {{fields}}[ of {{record}}]{subject}{self._generic_details(i)}?"

    def _generic_details(self, i: int) -> str:
        """The call's other values as optional clauses (", amount 15"); numbers in plain words."""
        call = self.task.gold_calls[i]
        out = []
        for k, v in call.arguments.items():
            if is_reference(k, self.ids):
                continue
            fmt = ":number" if isinstance(v, (int, float)) and not isinstance(v, bool) else ""
            out.append(f"[, {self.spec.label(k, call.name)} {{{k}{fmt}}}]")
        return "".join(out)


def quoted(value: Any, text: str) -> str:
    """A value as said: text of several words in quotes (its end is not the sentence's: 'new description "Use
    the side door."'), anything else (a name of one word, a number, a date, a declared phrasing) as it is."""
    if isinstance(value, str) and text == value and len(value.split()) > 1 and as_datetime(value) is None:
        return f'"{value}"'
    return text


def _in_quotes(parts: tuple[Any, ...]) -> set[str]:
    """The placeholders a template already puts in quotes ('the event "{summary}"')."""
    flat: list[Any] = []

    def walk(items: tuple[Any, ...]) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.parts)
            else:
                flat.append(item)

    walk(parts)
    marks = ('"', "'", "\u201c", "\u201d", "\u2018", "\u2019")
    return {p.name for i, p in enumerate(flat) if isinstance(p, Slot)
            and (i > 0 and isinstance(flat[i - 1], str) and flat[i - 1].endswith(marks)
                 or i + 1 < len(flat) and isinstance(flat[i + 1], str) and flat[i + 1].startswith(marks))}


def empty_value(value: Any) -> bool:
    """Whether a value says nothing (None, "", an empty list or record, or its JSON text): never a detail."""
    if value is None or (isinstance(value, (list, dict, tuple)) and not value):
        return True
    return isinstance(value, str) and value.strip() in ("", "[]", "{}", "null")


def _sentences(text: str) -> str:
    """Every sentence starting with a capital letter, and the wording tidied (see :func:`tidy`)."""
    return re.sub(r"([.?!] )([a-z])", lambda m: m.group(1) + m.group(2).upper(), _cap(tidy(text)))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _uncap(text: str) -> str:
    first = text.split(" ", 1)[0]
    if first in ("I", "I'd", "I'm", "I've", "I'll") or first[1:2].isupper():
        return text
    return text[:1].lower() + text[1:]


def _ids_in(result: Any, ids: Any) -> list[Any]:
    """The identifier values (keys in ``ids``) at the top of a result: a record, or each record of a list."""
    rows = result if isinstance(result, list) else [result]
    return [v for row in rows if isinstance(row, dict) for k, v in row.items() if k in ids and v is not None]
