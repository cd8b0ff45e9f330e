"""The composite reward: trajectory match, final-state match, communication, length and format penalties."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field

from envfactory_gym.answers import AnswerKey, iter_fields, normalise, value_forms, within
from envfactory_gym.errors import validate_model
from envfactory_gym.tasks import CallPattern, GoldCall


class RewardConfig(BaseModel):
    """Weights of the composite reward (``gym.make(..., reward={...})``).

    ``reward = max(0, tau * trace + (1 - tau) * outcome - length_penalty - format_penalty)`` where
    ``outcome = state * communicate``, the EnvFactory formula. Two refinements close holes that an optimizer
    finds: ``outcome`` is 0 when the agent made a call the task lists in ``forbidden_calls`` (the right state
    reached through a path the policy forbids), and an exact repeat of an earlier call (same tool, same
    arguments) costs ``duplicate_call_penalty`` on top of the per-call length penalty, within the same cap:
    in a deterministic world a repeat brings no information, and without it replaying the gold calls many
    times would keep most of the reward on tasks with one or two gold calls. Set it to 0 for the plain formula.
    ``communicate`` pays a stated answer, not a haystack: a fact counts when the agent says it in its own words
    without stating rival values of its kind (see :class:`~envfactory_gym.answers.AnswerKey`), and on a task
    whose gold trajectory changes nothing the trajectory match counts only when the answer is stated.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    tau: float = Field(0.5, ge=0, le=1, description="Weight of the trajectory match against the outcome.")
    length_penalty: float = Field(
        0.05, ge=0, description="Per tool call beyond the gold count and the free calls.")
    free_calls: int = Field(
        3, ge=0, description="Calls beyond the gold count that cost nothing: looking around the way a careful agent "
                             "does (a profile, a list before a detail, a check after a change).")
    duplicate_call_penalty: float = Field(
        0.1, ge=0, description="Extra length penalty per exact repeat of an earlier call (same name and arguments).")
    length_penalty_cap: float = Field(
        1.0, ge=0, description="The most the length penalty takes: at 1.0, brute exploration ends at reward 0.")
    format_penalty: float = Field(0.05, ge=0, description="Per unparsable action or malformed tool call.")
    format_penalty_cap: float = Field(0.5, ge=0)
    numeric_tolerance: float = Field(1e-6, ge=0, description="Absolute tolerance when matching numbers.")
    partial_state_credit: bool = Field(
        False, description="Score the state by the overlap of row changes instead of exact equality, and the "
                           "communication by the share of outputs said.")
    partial_trace_credit: bool = Field(
        False, description="Score the trajectory by the share of gold calls matched (trace recall) instead of "
                           "1 only when all are: a denser signal for RL on weak policies.")
    require_outputs: bool = Field(
        True, description="The outcome also needs the task's outputs said to the user (closes the "
                          "do-nothing hole on read-only tasks).")
    rival_values_allowed: int = Field(
        1, ge=0, description="Rival values (other values of a fact's kind: other statuses, dates, amounts, ids of "
                             "the same seed column or tool-result field) the answer may state beside the facts; "
                             "more, or every value of the kind, and the fact does not count as stated.")
    other_values_allowed: int = Field(
        3, ge=0, description="Data values carrying a digit (ids, dates, amounts...) the answer may state besides the "
                             "facts, the tool-result records holding them and what the user said; more and the "
                             "answer is a haystack: no fact counts as stated.")
    trace_needs_answer: bool = Field(
        True, description="On a task with outputs (the answer to a question, the fee or code a change produced), "
                          "the trajectory match counts only as far as they are stated (trace x communicate), and "
                          "not at all when the final report states a made-up amount: the right calls with a false "
                          "or missing report are not a success.")


@dataclass(frozen=True)
class RewardBreakdown:
    """Every component of one episode's reward; ``reward`` is the scalar returned by ``step()``."""

    reward: float
    trace: float
    trace_recall: float
    state: float
    communicate: float
    outcome: float
    length_penalty: float
    format_penalty: float
    num_calls: int
    num_gold_calls: int
    format_errors: int
    duplicate_calls: int = 0
    forbidden_calls: int = 0
    made_up_values: int = 0

    def as_dict(self) -> dict[str, float | int]:
        """The components as a plain dict (for ``info`` and result files)."""
        return asdict(self)


def values_match(gold: Any, pred: Any, tol: float = 1e-6) -> bool:
    """Compare two argument values the way a tool reads them: numbers within ``tol``, text without regard to case,
    spacing and punctuation ("BTR 5528" is "btr5528"), lists of scalars as multisets, dicts by key."""
    if isinstance(gold, bool) or isinstance(pred, bool):
        return gold is pred or gold == pred and type(gold) is type(pred)
    if isinstance(gold, (int, float)) and isinstance(pred, (int, float)):
        return math.isclose(gold, pred, rel_tol=0, abs_tol=tol)
    if isinstance(gold, str) and isinstance(pred, str):
        return gold.strip() == pred.strip() or _folded(gold) == _folded(pred) != ""
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


def communicated(outputs: Sequence[str], messages: Sequence[str], answer: AnswerKey | None = None,
                 rivals_allowed: int = 1, others_allowed: int = 3) -> float:
    """Share of the required outputs stated in the agent's messages to the user.

    A fact counts when it is said in the agent's own words (quoted JSON and code blocks state nothing), beside at
    most ``rivals_allowed`` rival values of its kind and ``others_allowed`` other data values (``answer`` knows
    the data, see :class:`~envfactory_gym.answers.AnswerKey`; without it there are none).
    """
    if not outputs:
        return 1.0
    key = answer if answer is not None else AnswerKey(list(outputs))
    if list(key.facts) != list(outputs):
        raise ValueError("the answer key was built for other outputs")
    return sum(key.judge(messages, rivals_allowed, others_allowed)) / len(outputs)


class CompositeReward:
    """Computes the EnvFactory composite reward of a finished episode."""

    def __init__(self, config: RewardConfig | Mapping[str, Any] | None = None) -> None:
        if config is None:
            config = RewardConfig()
        elif isinstance(config, Mapping):
            config = validate_model(RewardConfig, config, "reward")  # one line, nearest field suggested
        self.config = config

    def __call__(
        self,
        *,
        gold_calls: Sequence[GoldCall],
        calls: Sequence[tuple[str, Mapping[str, Any]]],
        state_score: float,
        outputs: Sequence[str],
        messages: Sequence[str],
        format_errors: int,
        forbidden_calls: Sequence[CallPattern] = (),
        answer: AnswerKey | None = None,
        read_only: bool = False,
        reached: Iterable[int] = (),
        writes: Iterable[str] = (),
        made_up_values: int = 0,
        refused: Iterable[int] = (),
    ) -> RewardBreakdown:
        """Score one finished episode. ``answer`` holds the data the outputs are judged against (rival values);
        ``read_only`` says that the gold trajectory changes nothing (see ``trace_needs_answer``); ``reached``
        are the gold reads whose facts the agent found by another read (see :func:`reached_reads`): they count
        as matched; ``writes`` names the writing tools (a repeated read after a write is no duplicate);
        ``refused`` are the indices of the calls a tool refused (a refused forbidden call changed nothing);
        ``made_up_values`` counts amounts the final messages state that no data holds: a false report, which
        voids the communication (see :func:`~envfactory_gym.outcomes.made_up_values`)."""
        cfg = self.config
        reached, refused = set(reached), set(refused)
        rest = [g for i, g in enumerate(gold_calls) if i not in reached]
        matched = len(gold_calls) - len(rest) + match_calls(rest, calls, cfg.numeric_tolerance)
        n_gold = len(gold_calls)
        recall = matched / n_gold if n_gold else 1.0
        trace = recall if cfg.partial_trace_credit else (1.0 if matched == n_gold else 0.0)
        comm = communicated(outputs, messages, answer, cfg.rival_values_allowed, cfg.other_values_allowed)
        if made_up_values:
            comm = 0.0
        if not cfg.partial_state_credit:
            comm = 1.0 if comm == 1.0 else 0.0
        if cfg.trace_needs_answer and cfg.require_outputs and (outputs or made_up_values):
            trace *= comm
        forbidden = count_forbidden(forbidden_calls, calls, cfg.numeric_tolerance, refused)
        outcome = 0.0 if forbidden else state_score * (comm if cfg.require_outputs else 1.0)
        # Repeats the gold trajectory itself makes (a read after a write, say) are not penalised.
        writes = set(writes)
        dups = max(0, count_duplicates(calls, writes, refused)
                   - count_duplicates([(g.name, g.arguments) for g in gold_calls], writes))
        length_pen = min(cfg.length_penalty_cap, cfg.length_penalty * max(0, len(calls) - n_gold - cfg.free_calls)
                         + cfg.duplicate_call_penalty * dups)
        format_pen = min(cfg.format_penalty_cap, cfg.format_penalty * format_errors)
        total = max(0.0, cfg.tau * trace + (1 - cfg.tau) * outcome - length_pen - format_pen)
        return RewardBreakdown(
            reward=round(total, 10), trace=trace, trace_recall=recall, state=state_score, communicate=comm,
            outcome=outcome, length_penalty=length_pen, format_penalty=format_pen, num_calls=len(calls),
            num_gold_calls=n_gold, format_errors=format_errors, duplicate_calls=dups, forbidden_calls=forbidden,
            made_up_values=made_up_values,
        )
