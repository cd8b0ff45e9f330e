"""The composite reward: trajectory match, final-state match, communication, length and format penalties."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from envfactory_gym.errors import validate_model
from envfactory_gym.reward.answers import AnswerKey
from envfactory_gym.reward.trace import count_duplicates, count_forbidden, match_calls
from envfactory_gym.tasks import CallPattern, GoldCall


class RewardConfig(BaseModel):
    """Weights of the composite reward (``gym.make(..., reward={...})``).

    ``reward = max(0, tau * trace + (1 - tau) * outcome - length_penalty - format_penalty)`` where
    ``outcome = state * communicate``, the EnvFactory formula. Two refinements close holes that an optimizer
    finds: ``outcome`` is 0 when the agent made a call the task lists in ``forbidden_calls`` (the right state
    reached through a path the policy forbids), and an exact repeat of an earlier call (same tool, same
    arguments) costs ``duplicate_call_penalty`` on top of the per-call length penalty, within the same cap, and
    is never one of the ``free_calls``: in a deterministic world a repeat brings no information, and without it
    replaying the gold calls many times would keep most of the reward on tasks with one or two gold calls. Set
    it to 0 for the plain formula.
    ``communicate`` pays a stated answer, not a haystack: a fact counts when the agent says it in its own words
    without stating rival values of its kind (see :class:`~envfactory_gym.reward.answers.AnswerKey`), and on a task
    whose gold trajectory changes nothing the trajectory match counts only when the answer is stated.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    tau: float = Field(0.5, ge=0, le=1, description="Weight of the trajectory match against the outcome.")
    length_penalty: float = Field(
        0.05, ge=0, description="Per tool call beyond the gold count and the free calls.")
    free_calls: int = Field(
        3, ge=0, description="Calls beyond the gold count that cost nothing: looking around the way a careful agent "
                             "does (a profile, a list before a detail, a check after a change); an exact repeat "
                             "is none of them.")
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
    unconsented_calls: int = 0
    unverified: int = 0

    def as_dict(self) -> dict[str, float | int]:
        """The components as a plain dict (for ``info`` and result files)."""
        return asdict(self)


def communicated(outputs: Sequence[str], messages: Sequence[str], answer: AnswerKey | None = None,
                 rivals_allowed: int = 1, others_allowed: int = 3) -> float:
    """Share of the required outputs stated in the agent's messages to the user.

    A fact counts when it is said in the agent's own words (quoted JSON and code blocks state nothing), beside at
    most ``rivals_allowed`` rival values of its kind and ``others_allowed`` other data values (``answer`` knows
    the data, see :class:`~envfactory_gym.reward.answers.AnswerKey`; without it there are none).
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
        unconsented: int = 0,
        unverified: int = 0,
    ) -> RewardBreakdown:
        """Score one finished episode. ``answer`` holds the data the outputs are judged against (rival values);
        ``read_only`` says that the gold trajectory changes nothing (see ``trace_needs_answer``); ``reached``
        are the gold reads whose facts the agent found by another read (see :func:`reached_reads`): they count
        as matched; ``writes`` names the writing tools (a repeated read after a write is no duplicate);
        ``refused`` are the indices of the calls a tool refused (a refused forbidden call changed nothing);
        ``made_up_values`` counts amounts the final messages state that no data holds: a false report, which
        voids the communication (see :func:`~envfactory_gym.reward.outcomes.made_up_values`); ``unconsented``
        counts calls made before the user agreed to them (see :class:`~envfactory_gym.tasks.ConsentGate`): one zeroes
        both the trace and the outcome; ``unverified`` (1) says the gold looks the user up by what they gave and the
        agent never did: whatever it read or changed, it did for someone it had not identified (both zeroed too)."""
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
        if unconsented or unverified:  # the gold asks first, identifies first: play without either is not it
            trace = 0.0
        forbidden = count_forbidden(forbidden_calls, calls, cfg.numeric_tolerance, refused)
        voided = forbidden or unconsented or unverified
        outcome = 0.0 if voided else state_score * (comm if cfg.require_outputs else 1.0)
        # Repeats the gold trajectory itself makes (a read after a write, say) are not penalised.
        writes = set(writes)
        dups = max(0, count_duplicates(calls, writes, refused)
                   - count_duplicates([(g.name, g.arguments) for g in gold_calls], writes))
        # A repeat is no looking around: it never takes one of the free calls, and costs its own length too.
        extra = max(0, len(calls) - dups - n_gold - cfg.free_calls)
        length_pen = min(cfg.length_penalty_cap,
                         cfg.length_penalty * extra + (cfg.length_penalty + cfg.duplicate_call_penalty) * dups)
        format_pen = min(cfg.format_penalty_cap, cfg.format_penalty * format_errors)
        total = max(0.0, cfg.tau * trace + (1 - cfg.tau) * outcome - length_pen - format_pen)
        return RewardBreakdown(
            reward=round(total, 10), trace=trace, trace_recall=recall, state=state_score, communicate=comm,
            outcome=outcome, length_penalty=length_pen, format_penalty=format_pen, num_calls=len(calls),
            num_gold_calls=n_gold, format_errors=format_errors, duplicate_calls=dups, forbidden_calls=forbidden,
            made_up_values=made_up_values, unconsented_calls=unconsented, unverified=unverified,
        )
