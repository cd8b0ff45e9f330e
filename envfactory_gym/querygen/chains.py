"""What the sampler plans and runs: tool plans, chains that ran, and the key that tells two gold trajectories apart."""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.refine import TAG_IN_SEQUENCE, TAG_MULTI
from envfactory_gym.tasks import GoldCall, Task

dump = functools.partial(json.dumps, sort_keys=True, default=str)


@dataclass
class Plan:
    """Tools in call sequence, and for each ``(tool, param)`` the ``(producer tool, output key)`` feeding it."""

    tools: list[str]
    sources: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)


@dataclass
class Chain:
    """A chain that ran: its calls with arguments and results."""

    calls: list[GoldCall]
    results: list[Any]
    in_sequence: bool = False


def gold_key(calls: Sequence[GoldCall], any_order: bool = False) -> str:
    """A canonical key of a gold trajectory (tasks with the same key are duplicates). ``any_order``: its goals may
    be done in any order, and the reward matches calls in any order: the calls are a set ("A, also B" is "B, also
    A")."""
    items = [[c.name, c.arguments] for c in calls]
    return dump(sorted(items, key=dump) if any_order else items)


def task_key(task: Task) -> str:
    """:func:`gold_key` of a task (a request whose several goals need no sequence is the same in any order), with
    the facts it asks for: two questions answered by the same lookup about different rows or fields are two tasks
    (one list serves "the url of the config made on 12 April" and "the value of the one at bolton.com")."""
    key = gold_key(task.gold_calls, TAG_MULTI in task.tags and TAG_IN_SEQUENCE not in task.tags)
    return dump([key, sorted(task.outputs)]) if task.outputs else key


def chain_key(pkg: EnvPackage, chain: Chain) -> str:
    """:func:`gold_key` of a chain that ran (see :func:`task_key`)."""
    return gold_key(chain.calls, count_writes(pkg, chain) > 1 and not chain.in_sequence)


def kind_of(task: Task | None) -> str | None:
    return None if task is None else "multi" if TAG_MULTI in task.tags else "write" if "write" in task.tags else "read"


def count_writes(pkg: EnvPackage, chain: Chain) -> int:
    return sum(1 for c in chain.calls if pkg.tools[c.name].writes)


def plain(value: Any, prop: dict[str, Any]) -> Any:
    """A seed value as the JSON value a tool call carries (dates as ISO text for string parameters)."""
    if prop.get("type") == "string" and isinstance(value, (date, datetime, Decimal, int, float)):
        return value.isoformat() if isinstance(value, (date, datetime)) else str(value)
    if isinstance(value, Decimal):
        return float(value)
    return value
