"""The composite reward: trajectory match, final-state match, communication, length and format penalties."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field

from envfactory_gym.answers import AnswerKey
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
    length_penalty: float = Field(0.05, ge=0, description="Per tool call beyond the gold count.")
    duplicate_call_penalty: float = Field(
        0.1, ge=0, description="Extra length penalty per exact repeat of an earlier call (same name and arguments).")
    length_penalty_cap: float = Field(0.5, ge=0)
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
        True, description="On a task whose gold trajectory changes nothing, the trajectory match counts only as "
                          "far as the answer is stated (trace x communicate): the gold reads are only a means "
                          "to the answer.")


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

    def as_dict(self) -> dict[str, float | int]:
        """The components as a plain dict (for ``info`` and result files)."""
        return asdict(self)


def values_match(gold: Any, pred: Any, tol: float = 1e-6) -> bool:
    """Compare two argument values: numbers within ``tol``, lists of scalars as multisets, dicts by key."""
    if isinstance(gold, bool) or isinstance(pred, bool):
        return gold is pred or gold == pred and type(gold) is type(pred)
    if isinstance(gold, (int, float)) and isinstance(pred, (int, float)):
        return math.isclose(gold, pred, rel_tol=0, abs_tol=tol)
    if isinstance(gold, str) and isinstance(pred, str):
        return gold.strip() == pred.strip()
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
                    tol: float = 1e-6) -> int:
    """How many of the agent's calls match one of the forbidden call patterns."""
    if not patterns:
        return 0
    return sum(1 for name, args in calls if any(
        name == p.name and isinstance(args, Mapping)
        and all(k in args and values_match(v, args[k], tol) for k, v in p.arguments.items())
        for p in patterns))


def count_duplicates(calls: Sequence[tuple[str, Mapping[str, Any]]]) -> int:
    """How many calls exactly repeat an earlier call (same name and same arguments)."""
    seen: set[str] = set()
    dups = 0
    for name, args in calls:
        key = name + "\x00" + json.dumps(args, sort_keys=True, default=str)
        dups += key in seen
        seen.add(key)
    return dups


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
            config = RewardConfig(**config)
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
    ) -> RewardBreakdown:
        """Score one finished episode. ``answer`` holds the data the outputs are judged against (rival values);
        ``read_only`` says that the gold trajectory changes nothing (see ``trace_needs_answer``)."""
        cfg = self.config
        matched = match_calls(gold_calls, calls, cfg.numeric_tolerance)
        n_gold = len(gold_calls)
        recall = matched / n_gold if n_gold else 1.0
        trace = recall if cfg.partial_trace_credit else (1.0 if matched == n_gold else 0.0)
        comm = communicated(outputs, messages, answer, cfg.rival_values_allowed, cfg.other_values_allowed)
        if not cfg.partial_state_credit:
            comm = 1.0 if comm == 1.0 else 0.0
        if read_only and outputs and cfg.require_outputs and cfg.trace_needs_answer:
            trace *= comm
        forbidden = count_forbidden(forbidden_calls, calls, cfg.numeric_tolerance)
        outcome = 0.0 if forbidden else state_score * (comm if cfg.require_outputs else 1.0)
        # Repeats the gold trajectory itself makes (a read after a write, say) are not penalised.
        dups = max(0, count_duplicates(calls) - count_duplicates([(g.name, g.arguments) for g in gold_calls]))
        length_pen = min(cfg.length_penalty_cap, cfg.length_penalty * max(0, len(calls) - n_gold)
                         + cfg.duplicate_call_penalty * dups)
        format_pen = min(cfg.format_penalty_cap, cfg.format_penalty * format_errors)
        total = max(0.0, cfg.tau * trace + (1 - cfg.tau) * outcome - length_pen - format_pen)
        return RewardBreakdown(
            reward=round(total, 10), trace=trace, trace_recall=recall, state=state_score, communicate=comm,
            outcome=outcome, length_penalty=length_pen, format_penalty=format_pen, num_calls=len(calls),
            num_gold_calls=n_gold, format_errors=format_errors, duplicate_calls=dups, forbidden_calls=forbidden,
        )
