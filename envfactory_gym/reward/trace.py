"""The trace side of the reward: which gold calls an episode made, and which gold reads it reached another way."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import networkx as nx

from envfactory_gym.reward.values import iter_fields, normalise, value_forms, within
from envfactory_gym.tasks import CallPattern, GoldCall, Task
from envfactory_gym.user import is_decision


def write_key(args: Mapping[str, Any]) -> str:
    """A write call's validated arguments as comparable text."""
    return json.dumps(args, sort_keys=True, default=str)


def values_match(gold: Any, pred: Any, tol: float = 1e-6) -> bool:
    """Compare two argument values the way a tool reads them: numbers within ``tol``, text without regard to case,
    spacing and punctuation ("BTR 5528" is "btr5528"), lists of scalars as multisets, dicts by key."""
    if isinstance(gold, bool) or isinstance(pred, bool):
        return gold is pred or gold == pred and type(gold) is type(pred)
    if isinstance(gold, (int, float)) and isinstance(pred, (int, float)):
        return math.isclose(gold, pred, rel_tol=0, abs_tol=tol)
    if isinstance(gold, str) and isinstance(pred, str):
        if gold.strip() == pred.strip() or _folded(gold) == _folded(pred) != "":
            return True
        moment = _moment(gold)
        return moment is not None and moment == _moment(pred)
    if isinstance(gold, Mapping) and isinstance(pred, Mapping):
        return gold.keys() == pred.keys() and all(values_match(gold[k], pred[k], tol) for k in gold)
    if isinstance(gold, (list, tuple)) and isinstance(pred, (list, tuple)):
        if len(gold) != len(pred):
            return False
        if all(isinstance(v, (str, int, float)) for v in [*gold, *pred]):
            return sorted(map(str, gold)) == sorted(map(str, pred)) or all(
                values_match(g, p, tol) for g, p in zip(gold, pred))
        return all(values_match(g, p, tol) for g, p in zip(gold, pred))
    return gold == pred


def _folded(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


_ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?")


def _moment(text: str) -> datetime | None:
    """An ISO date and time as the instant a tool stores ("2026-03-02T19:45" is "2026-03-02T19:45:00"; UTC and
    no zone are the same clock), or None for any other text."""
    text = text.strip()
    if not _ISO_MOMENT.fullmatch(text):
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is not None and moment.utcoffset() == timedelta(0):
        moment = moment.replace(tzinfo=None)
    return moment


def call_matches(gold: GoldCall, name: str, arguments: Mapping[str, Any], tol: float = 1e-6) -> bool:
    """Whether an agent call matches a gold call on the name and every unmasked argument."""
    if name != gold.name or not isinstance(arguments, Mapping):
        return False
    masked = set(gold.masked)
    for key, value in gold.arguments.items():
        if key in masked:
            continue
        if key not in arguments or not values_match(value, arguments[key], tol):
            return False
    return True


def match_calls(gold: Sequence[GoldCall], calls: Sequence[tuple[str, Mapping[str, Any]]], tol: float = 1e-6) -> int:
    """Size of the largest matching of gold calls to distinct agent calls (order ignored)."""
    if not gold:
        return 0
    graph = nx.Graph()
    gold_nodes = [("g", i) for i in range(len(gold))]
    graph.add_nodes_from(gold_nodes)
    for i, g in enumerate(gold):
        for j, (name, args) in enumerate(calls):
            if call_matches(g, name, args, tol):
                graph.add_edge(("g", i), ("c", j))
    matching = nx.bipartite.maximum_matching(graph, top_nodes=gold_nodes)
    return sum(1 for node in matching if node[0] == "g")


def count_forbidden(patterns: Sequence[CallPattern], calls: Sequence[tuple[str, Mapping[str, Any]]],
                    tol: float = 1e-6, refused: Iterable[int] = ()) -> int:
    """How many of the agent's calls match one of the forbidden call patterns; calls the tool refused
    (``refused``: their indices) changed nothing and do not count."""
    if not patterns:
        return 0
    refused = set(refused)
    return sum(1 for i, (name, args) in enumerate(calls) if i not in refused and any(
        name == p.name and isinstance(args, Mapping)
        and all(k in args and values_match(v, args[k], tol) for k, v in p.arguments.items())
        for p in patterns))


def count_duplicates(calls: Sequence[tuple[str, Mapping[str, Any]]], writes: Iterable[str] = (),
                     refused: Iterable[int] = ()) -> int:
    """How many calls exactly repeat an earlier call (same name and same arguments) with no change made between
    them (a call of a writing tool, ``writes``, that its tool did not refuse, ``refused``: indices): a read after
    a change may show something new."""
    writes, refused = set(writes), set(refused)
    seen: set[str] = set()
    dups = 0
    for i, (name, args) in enumerate(calls):
        key = name + "\x00" + json.dumps(args, sort_keys=True, default=str)
        dups += key in seen
        seen.add(key)
        if name in writes and i not in refused:
            seen = {key}
    return dups


def needed_facts(gold_calls: Sequence[GoldCall], gold_results: Sequence[Any], writes: Iterable[str],
                 outputs: Sequence[str] = (), identity: Iterable[str] = (), said: str = "") -> dict[int, frozenset[str]]:
    """For each gold read, the values of its result the rest of the task uses (a later call's argument or an
    output) that no earlier gold result gave: what the read is for. An empty set is a read nothing uses.

    A read that verifies the user (its arguments hold one of the ``identity`` values the user gives, see
    :func:`verification_reads`) is for the record it finds too: its result's ids are needed as well. What the
    user says (``said``: the request and the facts it gives) needs no read. When an
    output is worked out rather than read (held by no gold result), the last gold read is for the numbers it
    returns.
    """
    writes = set(writes)
    heard = normalise(said)
    checks = verification_reads(gold_calls, identity)
    held = set().union(*map(result_forms, gold_results)) if gold_results else set()
    wanted = [normalise(o) for o in outputs]
    # An output held whole, inside a value ("William Oliver" in "Dr. William Oliver") or word by word (from a first
    # and a last name) is read, not worked out.
    computed = any(not _held(o, held) for o in wanted)
    reads = [i for i, c in enumerate(gold_calls) if c.name not in writes]
    last_read = reads[-1] if reads else -1
    out: dict[int, frozenset[str]] = {}
    for i, (call, result) in enumerate(zip(gold_calls, gold_results)):
        if call.name in writes:
            continue
        later: set[str] = {normalise(o) for o in outputs} | {w for o in outputs for w in normalise(o).split()}
        for c in gold_calls[i + 1:]:
            for _, v in iter_fields(c.arguments, c.name):
                later |= value_forms(v)
        earlier: set[str] = set()
        for r in gold_results[:i]:
            earlier |= result_forms(r)
        forms = result_forms(result)
        fresh = [o for o in wanted if not _held(o, earlier)]  # an output an earlier read gave needs no more
        facts = ({f for f in forms if f in later or any(within(o, f) for o in fresh)}) - earlier
        facts = {f for f in facts if not within(f, heard)}  # what the user said needs no read
        if i == last_read and computed:  # a worked-out answer: the amounts it is worked out from
            facts |= {f for _, v in iter_fields(result, "r") if isinstance(v, (int, float)) and not isinstance(v, bool)
                      for f in value_forms(v)} - earlier
        if i in checks:
            facts |= {f for key, v in iter_fields(result, "r") if key.endswith("id") for f in value_forms(v)}
        out[i] = frozenset(facts)
    return out


def _held(output: str, forms: set[str]) -> bool:
    return output in forms or any(within(output, f) for f in forms) or set(output.split()) <= forms


def verification_reads(gold_calls: Sequence[GoldCall], identity: Iterable[str]) -> set[int]:
    """The gold calls that look the user up by what the user gave (``identity``: normalised values)."""
    identity = set(identity)
    if not identity:
        return set()
    return {i for i, c in enumerate(gold_calls)
            if any(value_forms(v) & identity for _, v in iter_fields(c.arguments, c.name))}


def result_forms(result: Any) -> set[str]:
    """The normalised forms of every scalar of a tool result."""
    forms: set[str] = set()
    for _, v in iter_fields(result, "r"):
        forms |= value_forms(v)
    return forms


def reached_reads(needed: Mapping[int, frozenset[str]], results: Iterable[Any], verified: Iterable[Any] = (),
                  checks: Iterable[int] = ()) -> set[int]:
    """The gold reads whose needed facts the agent's own results hold, whatever read found them. A result is a
    ``(arguments, result)`` pair or a bare result: a value a call was given and its result only echoes was not
    found by it. A verification read (``checks``) is reached only by the agent's own verification: the results
    of its calls that passed a value the user gave (``verified``)."""
    mine: set[str] = set()
    for r in results:
        mine |= _found(r)
    own: set[str] = set()
    for r in verified:
        own |= _found(r)
    checks = set(checks)
    return {i for i, facts in needed.items() if facts <= (own if i in checks else mine)}


def _found(item: Any) -> set[str]:
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Mapping):
        args, result = item
        given = {f for _, v in iter_fields(dict(args), "a") for f in value_forms(v)}
        return result_forms(result) - given
    return result_forms(item)


def through_reached(gold_calls: Sequence[GoldCall], needed: Mapping[int, frozenset[str]], reached: Iterable[int],
                    outputs: Sequence[str] = ()) -> set[int]:
    """``reached`` plus the gold reads whose facts only feed later reads that are reached: a lookup whose result
    only leads to a record the agent found another way is not needed either."""
    reached = set(reached)
    wanted = {normalise(o) for o in outputs} | {w for o in outputs for w in normalise(o).split()}
    changed = True
    while changed:
        changed = False
        for i, facts in needed.items():
            if i in reached or not facts or facts & wanted:
                continue
            users = {j for j, c in enumerate(gold_calls) if j > i
                     and any(value_forms(v) & facts for _, v in iter_fields(c.arguments, c.name))}
            if users and users <= reached:
                reached.add(i)
                changed = True
    return reached


def identity_values(task: Task) -> set[str]:
    """The normalised values the user of ``task`` identifies with: its facts (decisions, and facts about someone
    else such as a "candidate's email", left out), and the email addresses its request gives."""
    out = {f for name, fact in task.user_facts.items() if not is_decision(task, name)
           and not any("'s " in kw for kw in task.fact_keywords(name))  # "candidate's email": someone else's
           for f in value_forms(fact.value)}
    asked = normalise(task.instruction)
    for call in task.gold_calls:
        for value in call.arguments.values():
            if isinstance(value, str) and "@" in value and within(normalise(value), asked):
                out |= value_forms(value)
    return out
