"""Shared pieces of the benchmark envs: their base on the conversation loop, task views and the benchmark info contract."""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gymnasium.utils import EzPickle

from envfactory_gym.conversation import CALL_FORMAT, ENV_ERROR_PREFIX, FORMAT_HINT, ConversationEnv  # noqa: F401
from envfactory_gym.errors import UsageError
from envfactory_gym.tasks import GoldCall, UserFact

#: ``full``: every tool's JSON schema in the system prompt; ``compact``: one signature line per tool.
PROMPT_STYLES = ("full", "compact")


def package_version(distribution: str) -> str:
    """The installed version of a distribution (``"not installed"`` when it is not)."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def benchmark_info(name: str, package: str, task_id: str, passed: bool, score: float,
                   details: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The terminal ``info["benchmark"]`` of every benchmark env (the contract the eval report reads)."""
    return {"name": name, "package": package, "version": package_version(package), "task_id": str(task_id),
            "passed": bool(passed), "score": float(score), "details": dict(details or {})}


@dataclass
class BenchTask:
    """A benchmark task seen through our task interface (what the oracle and the user simulators read).

    ``gold_calls`` are the benchmark's own expected calls, ``outputs`` what the agent must tell the user,
    ``instruction`` the scripted user's opening message; ``user_system_prompt`` is the benchmark's own user
    simulator prompt (for an LLM user), ``source`` the benchmark's task object.
    """

    id: str
    instruction: str
    gold_calls: list[GoldCall] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    user_facts: dict[str, UserFact] = field(default_factory=dict)
    user_system_prompt: str | None = None
    source: Any = None

    def fact_keywords(self, name: str) -> list[str]:
        """The words that ask for fact ``name`` (its own name if none were given)."""
        fact = self.user_facts[name]
        return [k.lower() for k in fact.keywords] or [name.replace("_", " ").lower()]


def tools_section(schemas: Sequence[Mapping[str, Any]], compact: bool = False) -> str:
    """The system prompt's tool list: JSON schemas (``full``) or signature lines (``compact``), and the call format."""
    lines = []
    for schema in schemas:
        fn = schema.get("function", schema)
        if compact:
            props = fn.get("parameters", {}).get("properties", {})
            args = ", ".join(f"{k}: {v.get('type', 'any')}" for k, v in props.items())
            lines.append(f"- {fn['name']}({args})")
        else:
            lines.append("- " + json.dumps({k: fn[k] for k in ("name", "description", "parameters") if k in fn},
                                           ensure_ascii=False))
    return "# Tools\n" + "\n".join(lines) + "\n\n" + CALL_FORMAT


class BenchEnv(ConversationEnv, EzPickle):
    """A benchmark as a tool environment: the conversation loop of :class:`~envfactory_gym.conversation.ConversationEnv`
    with the benchmark's own state, user and scoring.

    Subclasses set ``tasks``, ``tool_schemas``, ``system_prompt``, ``max_steps`` and ``report_domain`` before calling
    :meth:`_init_spaces`, and implement the loop's hooks :meth:`_start`, :meth:`_call` and :meth:`_reply`, and
    :meth:`_evaluate` (score the finished episode with the benchmark's own code). Actions take every form
    ``ToolUseEnv`` accepts (``envfactory_gym.actions``).
    """

    #: ``info["benchmark"]["name"]`` and the distribution whose version is reported.
    benchmark_name: ClassVar[str] = ""
    benchmark_package: ClassVar[str] = ""
    #: The ``domain`` of this env's episodes in eval reports (e.g. ``tau2-retail``).
    report_domain: str = ""

    tasks: Sequence[BenchTask]
    task: BenchTask | None

    def _init_spaces(self, max_result_chars: int, max_conversation_chars: int) -> None:
        """Build the spaces and the episode bookkeeping (see :meth:`ConversationEnv._init_loop`)."""
        if not self.tasks:
            raise UsageError(f"{type(self).__name__}: no tasks to play")
        self._init_loop(max_result_chars, max_conversation_chars)

    def _evaluate(self, reason: str) -> tuple[bool, float, dict[str, Any], dict[str, float | int]]:
        """Score the finished episode (``reason``: one of :data:`~envfactory_gym.conversation.END_REASONS` or
        the benchmark's own, such as ``too_many_errors``): ``(passed, score, details, reward_components)``."""
        raise NotImplementedError

    def _score(self, reason: str) -> tuple[float, dict[str, Any]]:
        assert self.task is not None
        passed, score, details, components = self._evaluate(reason)
        reward = float(score)
        return reward, {"benchmark": benchmark_info(self.benchmark_name, self.benchmark_package, self.task.id,
                                                    passed, score, details),
                        "reward_components": {"reward": reward, **components, "num_calls": self._num_calls,
                                              "format_errors": self._format_errors}}

    def episode_record(self) -> dict[str, Any]:
        """What an eval record stores about the task beside the trajectory (for the report and the viewer)."""
        task = self.task
        return {"instruction": task.instruction if task else "", "state_diff": {}, "gold_diff": {},
                "gold_calls": [{"name": c.name, "arguments": c.arguments} for c in (task.gold_calls if task else [])]}
