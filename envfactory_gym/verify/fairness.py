"""Fairness checks of the gate: valid tasks, natural answers paid, the user simulator's answers, blind play replayed."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from envfactory_gym.package import EnvPackage
from envfactory_gym.reward.answers import normalise, records, value_forms
from envfactory_gym.reward.renderings import nearest_year as _nearest_year
from envfactory_gym.task_checks import PROBLEM_CLASSES, TaskProblems, task_problems
from envfactory_gym.tasks import Task
from envfactory_gym.user import AGREEMENT_QUESTION, STOP_TOKEN, SYNONYMS, ScriptedUser, is_decision

__all__ = ["PROBLEM_CLASSES", "TaskProblems", "task_problems", "check_natural_answers", "user_battery",
           "replay_blind_play", "natural_answers", "render"]

#: Most natural renderings of correct answers may score below 1.0 on at most this share of episodes.
MAX_NATURAL_FAILURES = 0.02


# -- natural renderings of correct answers ---------------------------------------------------------------------

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_DATETIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?$")
_MONEY = re.compile(r"^-?\d+\.\d{1,2}$")
STYLES = ("long", "short", "numeric", "list", "context", "two_messages")


def render(value: str, style: str, today: date | None = None) -> str:
    """A fact as a person writes it in one of :data:`STYLES` (dates, times, amounts, small numbers, words)."""
    v = str(value).strip()
    m = _ISO_DATETIME.match(v)
    if m:
        day = render(m.group(1), style, today)
        hour, minute = int(m.group(2)), m.group(3)
        return f"{day} at {hour % 12 or 12}:{minute} {'PM' if hour >= 12 else 'AM'}"
    if _ISO_DATE.match(v):
        d = date.fromisoformat(v)
        if style == "short":  # the year left out only where a reader would take the right one
            year = "" if today is None or _nearest_year(d.month, d.day, today) == d else f" {d.year}"
            return f"{d.day} {_MONTHS[d.month - 1][:3]}{year}"
        if style == "numeric":
            return f"{d.month}/{d.day}/{d.year}"
        suffix = "th" if 10 <= d.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
        return f"{_MONTHS[d.month - 1]} {d.day}{suffix}, {d.year}" if style == "list" else \
            f"{_MONTHS[d.month - 1]} {d.day}, {d.year}"
    if _MONEY.match(v):
        amount = float(v)
        return f"${amount:,.2f}" if style != "numeric" else f"{amount:,.2f} dollars"
    if v.isdigit() and int(v) < len(_WORDS) and style in ("long", "list"):
        return _WORDS[int(v)]
    return v.replace("_", " ")


def natural_answers(task: Task, package: EnvPackage) -> list[list[str]]:
    """Final answers a good agent might give to ``task`` (each a list of messages), in every style."""
    facts = list(task.outputs)
    if not facts:
        return []
    out: list[list[str]] = []
    today = datetime.fromisoformat(package.manifest.now).date()
    for style in STYLES:
        said = [render(f, style, today) for f in facts]
        if style == "list":
            out.append(["Here is what I found:\n" + "\n".join(f"({i}) {s}" for i, s in enumerate(said, 1))])
        elif style == "context":
            context = _context_of(task, package)
            out.append([f"As of today, {render(today.isoformat(), 'long')}, I checked your records"
                        f"{' (' + context + ')' if context else ''}. Answer: {', '.join(said)}."])
        elif style == "two_messages" and len(said) > 1:
            out.append([f"First, {said[0]}. Would you like the rest as well?",
                        f"And the rest: {', '.join(said[1:])}. That's everything."])
        else:
            out.append([f"I looked into it for you: {', '.join(said)}. Thanks for waiting."])
    return out


def _context_of(task: Task, package: EnvPackage, most: int = 3) -> str:
    """A few other values of the record the first fact comes from, the way an answer names what it is about."""
    gold = package.gold(task)
    form = normalise(task.outputs[0])
    for result in reversed(gold.results):
        for record in records(result):
            forms = {k: value_forms(v) for k, v in record.items()}
            if any(form in f for f in forms.values()):
                picked = [f"{k.replace('_', ' ')} {render(str(v), 'long')}" for k, v in record.items()
                          if v is not None and not isinstance(v, bool) and form not in forms[k]
                          and (k.endswith("id") or k.endswith("code") or k.endswith("number") or "date" in k)]
                return ", ".join(picked[:most])
    return ""


def check_natural_answers(env: Any, tasks: Sequence[Task], per_task: int | None = None) -> dict[str, Any]:
    """Play the gold calls of every task with outputs, then each natural answer (or ``per_task`` of them, the
    styles taken in turn across the tasks); count the episodes below 1.0."""
    from envfactory_gym.verify.soundness import play

    package = env.unwrapped.package
    total = failed = 0
    failures: list[str] = []
    for n, task in enumerate(tasks):
        answers = natural_answers(task, package)
        if per_task and len(answers) > per_task:  # every style across the tasks, a few of them on each
            answers = [answers[(n + k * len(answers) // per_task) % len(answers)] for k in range(per_task)]
        for answer in answers:
            plan: list[Any] = [AGREEMENT_QUESTION] if task.consent else []  # agreement before a gated change
            plan += [{"name": c.name, "arguments": c.arguments} for c in task.gold_calls]
            reward, _ = play(env, task.id, [*plan, *answer[:-1], answer[-1] + " " + STOP_TOKEN])
            total += 1
            if not math.isclose(reward, 1.0, abs_tol=1e-9):
                failed += 1
                if len(failures) < 20:
                    failures.append(f"{task.id}: {answer[-1][:120]!r} scored {reward:.2f}")
    tasks_with = sum(1 for t in tasks if t.outputs)
    return {"episodes": total, "below_one": failed, "tasks": tasks_with,
            "share_below_one": round(failed / total, 4) if total else 0.0, "examples": failures}


# -- the user simulator on paraphrased questions ---------------------------------------------------------------

_ASK = ("What is your {k}?", "Could you tell me your {k}?", "Please provide your {k}.", "I'll need your {k}.",
        "Can you share your {k} with me?")


def user_battery(tasks: Sequence[Task]) -> dict[str, Any]:
    """Ask every fact of every task in several paraphrases (and common spellings); check that each is answered
    with the fact, that a final answer naming the fact's keywords ends the episode, and that a yes/no question
    without a declared decision is never answered with consent."""
    asked = answered = ended = endings = consent = yes_no = 0
    misses: list[str] = []
    for task in tasks:
        for name in task.user_facts:
            if is_decision(task, name):
                continue
            spellings = {task.fact_keywords(name)[0]}
            for group in SYNONYMS:
                if spellings & group:
                    spellings |= group
            for spelling in sorted(spellings):
                for template in _ASK:
                    user = ScriptedUser()
                    user.start(task, 0)
                    turn = user.respond(template.format(k=spelling))
                    asked += 1
                    if task.user_facts[name].value in turn.content:
                        answered += 1
                    elif len(misses) < 10:
                        misses.append(f"{task.id}: {template.format(k=spelling)!r} -> {turn.content!r}")
            user = ScriptedUser()
            user.start(task, 0)
            endings += 1
            ended += user.respond(f"All set: I used your {' and '.join(task.fact_keywords(name)[:2])} and "
                                  f"your request is done. Have a great day.").done
        if not any(is_decision(task, n) for n in task.user_facts):
            user = ScriptedUser()
            user.start(task, 0)
            yes_no += 1
            reply = user.respond("Should I go ahead and make that change for you?").content.lower()
            consent += bool(re.search(r"\b(yes|sure|go ahead with what|please do|okay, do it)\b", reply))
    return {"questions": asked, "answered": answered, "final_answers": endings, "ended": ended,
            "yes_no_without_decision": yes_no, "consent_given": consent, "misses": misses}


# -- blind play ----------------------------------------------------------------------------------------------

def replay_blind_play(folder: Path, env: Any) -> dict[str, Any]:
    """Replay ``tests/blind_play.jsonl``: correct play must score its expected reward, shortcuts at most 0.1."""
    from envfactory_gym.testing.blind import BLIND_FILE, load_episodes

    episodes = load_episodes(folder / "tests" / BLIND_FILE)
    correct = [e for e in episodes if e.kind != "shortcut" and not e.extra.get("known_defect")]
    known = [e for e in episodes if e.extra.get("known_defect")]
    shortcuts = [e for e in episodes if e.kind == "shortcut" and not e.extra.get("known_defect")]
    wrong: list[str] = []
    scores: list[float] = []
    for e in correct:
        reward, _, _ = e.replay(env)
        scores.append(reward)
        if not math.isclose(reward, e.expected_reward, abs_tol=1e-6):
            wrong.append(f"{e.task_id}: {reward:.2f} (expected {e.expected_reward:.2f})")
    cheats = [e.replay(env)[0] for e in shortcuts]
    return {"episodes": len(correct), "mean_reward": round(sum(scores) / len(scores), 4) if scores else None,
            "below_expected": wrong, "known_defects": len(known), "shortcuts": len(shortcuts),
            "shortcut_mean": round(sum(cheats) / len(cheats), 4) if cheats else None,
            "shortcut_max": max(cheats) if cheats else None}
