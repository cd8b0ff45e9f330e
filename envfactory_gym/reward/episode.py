"""The whole score of a finished episode of a tool environment: its state, its trace and what it told the user."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from envfactory_gym.reward.answers import AnswerKey, DataValues, own_words, user_text, value_forms
from envfactory_gym.reward.composite import CompositeReward, RewardBreakdown
from envfactory_gym.reward.outcomes import claims_change, made_up_values
from envfactory_gym.reward.trace import (
    count_forbidden,
    identity_values,
    reached_reads,
    through_reached,
    verification_reads,
    write_key,
)
from envfactory_gym.tasks import Task

if TYPE_CHECKING:  # the package imports the reward, not the other way round
    from envfactory_gym.database import DuckDBState
    from envfactory_gym.package import EnvPackage, GoldOutcome


@dataclass
class EpisodeTrace:
    """What an episode did, as the conversation loop records it for the reward.

    ``calls`` holds every call the agent made (name and arguments, validated where the tool took them),
    ``refused`` the indices in ``calls`` of those that failed; ``results`` the ``(tool, result)`` of each call that
    ran and ``result_args`` its arguments; ``said`` the agent's words to the user; ``agreed`` the number of calls
    made when the user gave each decision fact (None: the user simulator does not report what it gave);
    ``refusals`` the arguments and message of each call a tool refused by its business rules.
    """

    calls: list[tuple[str, Mapping[str, Any]]] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)
    results: list[tuple[str, Any]] = field(default_factory=list)
    result_args: list[Mapping[str, Any]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)
    format_errors: int = 0
    agreed: dict[str, int] | None = field(default_factory=dict)
    refusals: list[tuple[Mapping[str, Any], str]] = field(default_factory=list)


def state_changes(package: EnvPackage, gold: GoldOutcome, state: DuckDBState,
                  trace: EpisodeTrace | None = None) -> frozenset[tuple[str, str, str]]:
    """The row changes the episode made, over the tables either it or the gold trajectory wrote."""
    if trace is not None and gold.writes == successful_writes(package, trace):
        return gold.changes  # the gold's writes, in its order, from the same initial state: the gold's state
    tables = state.dirty | gold.diff.tables
    # Tables neither side wrote hold the template's rows by construction; the rest compare by fingerprint, so
    # the row diff is only built when the states differ.
    if state.fingerprints(tables) == gold.expected_fingerprints(package.template, tables):
        return gold.changes
    return state.diff(set(tables)).changes(package.template.tables)


def successful_writes(package: EnvPackage, trace: EpisodeTrace) -> tuple[tuple[str, str], ...]:
    """The episode's write calls that went through (a refused one changed nothing), as :attr:`GoldOutcome.writes`."""
    refused, writes = set(trace.refused), package.write_tools
    return tuple((name, write_key(args)) for i, (name, args) in enumerate(trace.calls)
                 if name in writes and i not in refused)


def state_score(package: EnvPackage, gold: GoldOutcome, state: DuckDBState, mine: frozenset[Any],
                partial: bool, free: frozenset[str] = frozenset()) -> float:
    """1.0 when the episode's changes are the gold's (independent writes in another order included), else 0 or,
    with ``partial``, the Jaccard share of the changes. ``free``: the gold's free-text argument values (masked
    calls): the columns that hold them in the gold's rows are compared without their wording."""
    if mine == gold.changes:
        return 1.0
    columns = free_columns(gold.changes, free)
    if columns:
        mine, expected = without_columns(mine, columns), without_columns(gold.changes, columns)
        if mine == expected:
            return 1.0
        return len(mine & expected) / len(mine | expected) if partial else 0.0
    if len(mine) == len(gold.changes):
        # Independent writes made in another order give new rows other sequential ids: compare without them.
        tables = package.template.tables
        if state.diff(set(state.dirty) | gold.diff.tables).loose_changes(tables) == gold.diff.loose_changes(tables):
            return 1.0
    return len(mine & gold.changes) / len(mine | gold.changes) if partial else 0.0


def free_columns(changes: frozenset[tuple[str, str, str]], free: frozenset[str]) -> set[tuple[str, str]]:
    """``(table, column)`` of the changed rows that hold one of the ``free`` texts."""
    out: set[tuple[str, str]] = set()
    if not free:
        return out
    for table, _key, row in changes:
        if row != "-":
            out |= {(table, c) for c, v in json.loads(row).items() if isinstance(v, str) and v in free}
    return out


def without_columns(changes: frozenset[tuple[str, str, str]],
                    columns: set[tuple[str, str]]) -> frozenset[tuple[str, str, str]]:
    """``changes`` with the values of ``columns`` blanked."""
    def blank(table: str, row: str) -> str:
        if row == "-":
            return row
        data = json.loads(row)
        return json.dumps({c: "<free text>" if (table, c) in columns else v for c, v in data.items()},
                          sort_keys=True, default=str)
    return frozenset((t, k, blank(t, r)) for t, k, r in changes)


def free_texts(task: Task) -> frozenset[str]:
    """The gold's free-text argument values: strings of masked arguments."""
    return frozenset(v for c in task.gold_calls for k, v in c.arguments.items()
                     if k in c.masked and isinstance(v, str) and v.strip())


def answer_key(package: EnvPackage, task: Task, gold: GoldOutcome, results: list[tuple[str, Any]]) -> AnswerKey | None:
    """What the task's outputs are judged against: the seed data, the gold results and this episode's."""
    if not task.outputs:
        return None
    known = list(zip((c.name for c in task.gold_calls), gold.results))
    # A result the gold also read adds nothing (the key's sets and records ignore repeats): skip walking it again.
    fresh = [r for r in results if r not in known]
    return AnswerKey(task.outputs, DataValues.from_template(package.template), [*known, *fresh],
                     user_text(task.instruction, task.user_facts), clock=package.manifest.now,
                     free_text=package.policy, derived_from=gold.results[-1] if gold.results else None,
                     read_only=not gold.diff)


def score_episode(package: EnvPackage, task: Task, gold: GoldOutcome, state: DuckDBState, trace: EpisodeTrace,
                  reward: CompositeReward) -> tuple[RewardBreakdown, int]:
    """The composite reward of the finished episode, and how many row changes it made."""
    mine = state_changes(package, gold, state, trace)
    score = state_score(package, gold, state, mine, reward.config.partial_state_credit, free_texts(task))
    writes = package.write_tools
    identity = identity_values(task)
    ran: list[Any] = list(zip(trace.result_args, (r for _, r in trace.results)))  # (arguments, result) of each
    # A refusal states facts too ("needs 72.00 hours but only 13.75 are available"): what it says was read.
    found = ran + [(args, message_values(text)) for args, text in trace.refusals]
    found.append(policy_values(package.policy))  # the ids the policy names need no read (a branch's id)
    checks = verification_reads(task.gold_calls, identity)
    own_lookups = [r for args, r in ran
                   if any(value_forms(v) & identity for v in args.values() if not isinstance(v, dict))]
    # The gold looks the user up by what they gave: an agent that never did has not verified whose records it used.
    unverified = int(bool(checks) and not own_lookups)
    reached = reached_reads(gold.needed(task, writes), found, own_lookups, checks)
    needed = {i: f for i, f in gold.needed(task, writes).items() if i not in checks}
    reached = through_reached(task.gold_calls, needed, reached, task.outputs)
    said = [own_words(m) for m in trace.said]
    wrote = any(name in writes for name, _ in trace.results)
    false = int(not wrote and claims_change(said))  # "I've extended it" with no change made
    if gold.diff:  # a writing task: the amounts its report states must come from the data
        sources = [*(r for _, r in trace.results), *gold.results, *(a for _, a in trace.calls),
                   *(text for _, text in trace.refusals), user_text(task.instruction, task.user_facts),
                   package.policy]
        false += len(made_up_values(said, sources, clock=package.manifest.now))
    breakdown = reward(gold_calls=task.gold_calls, calls=trace.calls, state_score=score, outputs=task.outputs,
                       messages=trace.said, format_errors=trace.format_errors, forbidden_calls=task.forbidden_calls,
                       answer=answer_key(package, task, gold, [*trace.results, *refusal_results(trace)]),
                       read_only=not gold.diff,
                       reached=reached, writes=writes, made_up_values=false, refused=trace.refused,
                       unconsented=unconsented_calls(task, trace), unverified=unverified)
    return breakdown, len(mine)


def unconsented_calls(task: Task, trace: EpisodeTrace) -> int:
    """How many calls of the task's consent gates the agent made (and its tool did not refuse) before the user
    gave the agreement; 0 when the user simulator does not report the facts it gave."""
    if not task.consent or trace.agreed is None:
        return 0
    n = 0
    for gate in task.consent:
        before = trace.agreed.get(gate.fact, len(trace.calls))
        n += count_forbidden(gate.calls, trace.calls[:before], refused=trace.refused)
    return n


#: Word-initial only (``\b``), so a long run of letters is scanned once, not once per letter.
_TOKEN = re.compile(r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2})?|\b[A-Za-z]+-\d[\w-]*|[$€£]?\b\d[\d,]*(?:\.\d+)?%?")
#: A message is read as far as an agent reads a tool's output (its first 4,000 characters).
MESSAGE_CHARS = 4000


def refusal_results(trace: EpisodeTrace) -> list[tuple[str, Any]]:
    """The episode's refusals as ``(tool, record)`` results, one record of the values each states: an answer may
    repeat what a refusal said, as it may quote the record its fact comes from."""
    return [("refusal", {f"value_{i}": v for i, v in enumerate(message_values(text))}) for _, text in trace.refusals]


_ID = re.compile(r"\b[A-Za-z]+-\d[\w-]*")


@functools.lru_cache(maxsize=64)
def policy_values(policy: str) -> dict[str, str]:
    """The ids the policy names (``HOS-2`` for a hospital it lists), as one record: references an agent has
    without a read. Its dates and amounts are not (today's date and a fee are no record's facts)."""
    return {f"value_{i}": m.group() for i, m in enumerate(_ID.finditer(policy))}


def message_values(text: str) -> list[str]:
    """The values a tool's message states as separate fields: amounts, counts, dates and ids (``PR-5364``)."""
    return [m.group().rstrip(".,") for m in _TOKEN.finditer(text[:MESSAGE_CHARS])]
