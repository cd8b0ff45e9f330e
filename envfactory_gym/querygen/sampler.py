"""Topology-aware task sampling: grounded tool chains run forward on a fresh state, kept only when every call succeeds."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.graph import ToolGraph, identifier_columns, iter_fields
from envfactory_gym.tasks import GoldCall, Task

#: Small goodwill-style amounts for numeric parameters that have no seed column to draw from.
NUMBER_CHOICES = (5.0, 10.0, 12.5, 15.0, 20.0, 25.0)


@dataclass
class Plan:
    """Tools in call order, and for each ``(tool, param)`` the ``(producer tool, output key)`` feeding it."""

    tools: list[str]
    sources: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)


@dataclass
class Chain:
    """A chain that ran: its calls with arguments and results."""

    calls: list[GoldCall]
    results: list[Any]


class TaskSampler:
    """Samples distinct, verified tasks from an environment's tool graph and seed data (same seed, same tasks)."""

    def __init__(self, pkg: EnvPackage, seed: int = 0, min_calls: int = 1, max_calls: int = 6,
                 write_ratio: float = 0.6, include_tools: Iterable[str] | None = None, max_depth: int = 4,
                 refine: bool = True, graph: ToolGraph | None = None,
                 refiner: Callable[..., Task] | None = None) -> None:
        if min_calls > max_calls:
            raise ValueError(f"min_calls ({min_calls}) is more than max_calls ({max_calls})")
        self.pkg = pkg
        self.seed = seed
        self.min_calls, self.max_calls, self.max_depth = min_calls, max_calls, max_depth
        self.write_ratio = write_ratio
        self.refine = refine
        #: ``(task, pkg, results, rng) -> Task``; the offline :func:`refine_task` when None.
        self.refiner = refiner
        self.graph = graph or ToolGraph.from_package(pkg)
        tools = list(include_tools) if include_tools else list(pkg.tools)
        unknown = [t for t in tools if t not in pkg.tools]
        if unknown:
            raise ValueError(f"unknown tools: {', '.join(unknown)}")
        self.targets = tools
        self.ids = identifier_columns(pkg)
        self.rng = random.Random(seed)
        self.duplicates = 0
        self.failed = 0

    # -- public ------------------------------------------------------------------------------------

    def sample(self, n: int, max_attempts: int | None = None) -> list[Task]:
        """Up to ``n`` distinct tasks whose gold calls all succeed on a fresh state."""
        from envfactory_gym.querygen.refine import refine_task

        state = self.pkg.new_state()
        try:
            seen: set[str] = set()
            tasks: list[Task] = []
            for _ in range(max_attempts or 40 * n):
                if len(tasks) >= n:
                    break
                chain = self._one_chain(state)
                if chain is None:
                    self.failed += 1
                    continue
                key = gold_key(chain.calls)
                if key in seen:
                    self.duplicates += 1
                    continue
                task = self._to_task(chain, len(tasks))
                if task is None:
                    self.failed += 1
                    continue
                seen.add(key)
                if self.refine:
                    task = (self.refiner or refine_task)(task, self.pkg, chain.results, self.rng)
                tasks.append(task)
            return tasks
        finally:
            state.close()

    # -- planning ----------------------------------------------------------------------------------

    def _pick_target(self) -> str:
        writes = [t for t in self.targets if self.pkg.tools[t].writes]
        reads = [t for t in self.targets if not self.pkg.tools[t].writes]
        pool = writes if writes and (not reads or self.rng.random() < self.write_ratio) else reads
        return self.rng.choice(pool)

    def _plan(self, target: str) -> Plan | None:
        plan = Plan([])
        if not self._resolve(target, plan, frozenset(), 0):
            return None
        self._cohere(plan)
        return plan

    def _cohere(self, plan: Plan) -> None:
        """Feed each parameter from the latest earlier producer, so sibling ids come from one record."""
        for (tool, p), _ in list(plan.sources.items()):
            pos = plan.tools.index(tool)
            earlier = [pr for pr in self.graph.producers(tool, p) if pr[0] in plan.tools[:pos]]
            if earlier and not p.startswith("new_") and self.rng.random() < 0.85:
                plan.sources[(tool, p)] = max(earlier, key=lambda pr: plan.tools.index(pr[0]))

    def _resolve(self, tool: str, plan: Plan, resolving: frozenset[str], depth: int) -> bool:
        """Add ``tool`` and (first) the producers of its identifier parameters to ``plan``."""
        if depth > self.max_depth:
            return False
        t = self.pkg.tools[tool]
        for p in t.required:
            producers = [pr for pr in self.graph.producers(tool, p)
                         if not self.pkg.tools[pr[0]].writes and pr[0] != tool]
            if not producers:
                continue  # the user gives it
            if p.startswith("new_"):
                # A replacement comes from a lookup of the alternatives, not from the record being changed.
                producers = [pr for pr in producers if pr[0] not in plan.tools] or producers
            in_plan = [pr for pr in producers if pr[0] in plan.tools]
            if in_plan and self.rng.random() < 0.7:
                plan.sources[(tool, p)] = self.rng.choice(in_plan)
                continue
            self.rng.shuffle(producers)
            for src, key in producers:
                needs = set(self.pkg.tools[src].required)
                if needs & (resolving | {p}):
                    continue
                trial = Plan(list(plan.tools), dict(plan.sources))
                if src in trial.tools or self._resolve(src, trial, resolving | {p}, depth + 1):
                    plan.tools[:], plan.sources = trial.tools, trial.sources
                    plan.sources[(tool, p)] = (src, key)
                    break
            else:
                return False
        if tool not in plan.tools:
            plan.tools.append(tool)
        return True

    # -- running -----------------------------------------------------------------------------------

    def _one_chain(self, state: DuckDBState) -> Chain | None:
        target = self._pick_target()
        for _ in range(3):  # a few plans for the same target keep the read/write mix
            plan = self._plan(target)
            if plan is None or not self.min_calls <= len(plan.tools) <= self.max_calls:
                continue
            chain = self._run(state, plan, 0, [], [], {}, [30])
            if chain is not None:
                return chain
        return None

    def _run(self, state: DuckDBState, plan: Plan, i: int, calls: list[GoldCall], results: list[Any],
             pool: dict[tuple[str, str], list[Any]], budget: list[int]) -> Chain | None:
        if i == len(plan.tools):
            return Chain(list(calls), list(results))
        name = plan.tools[i]
        t = self.pkg.tools[name]
        last = i == len(plan.tools) - 1
        for args in self._candidates(state, name, plan, pool, limit=12 if last else 5):
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            try:
                result = state.run_in_transaction(t.func, writes=t.writes, **t.validate(args))
            except Exception:  # business rules reject many grounded values: try the next candidate
                continue
            finally:
                if t.writes:
                    state.reset()
            new_pool = dict(pool)
            for key, value, _ in iter_fields(result):
                if key in self.ids and isinstance(value, (str, int)):
                    new_pool.setdefault((name, key), [])
                    if value not in new_pool[(name, key)]:
                        new_pool[(name, key)] = [*new_pool[(name, key)], value]
            call = GoldCall(name=name, arguments=args, masked=self._masked(name, args))
            out = self._run(state, plan, i + 1, [*calls, call], [*results, result], new_pool, budget)
            if out is not None:
                return out
        return None

    def _candidates(self, state: DuckDBState, tool: str, plan: Plan, pool: dict[tuple[str, str], list[Any]],
                    limit: int) -> list[dict[str, Any]]:
        t = self.pkg.tools[tool]
        last = tool == plan.tools[-1]
        fed: dict[str, list[Any]] = {}
        for p in t.required:
            src = plan.sources.get((tool, p))
            if src is None:
                continue
            values = list(pool.get(src, []))
            self.rng.shuffle(values)
            is_list = t.parameters[p].get("type") == "array"
            fed[p] = [[v] for v in values] if is_list else values
            if not fed[p]:
                return []
        user = [self._user_args(state, tool, set(fed), last) for _ in range(limit)]
        combos = list(itertools.islice(itertools.product(*fed.values()), 4 * limit)) if fed else [()]
        self.rng.shuffle(combos)
        out = []
        for j, combo in enumerate(combos[:limit]):
            out.append({**user[j % len(user)], **dict(zip(fed, combo))})
        return out

    def _user_args(self, state: DuckDBState, tool: str, skip: set[str], last: bool) -> dict[str, Any]:
        """Values the user knows, drawn from one coherent seed row (joined through shared columns)."""
        t = self.pkg.tools[tool]
        args: dict[str, Any] = {}
        row: dict[str, Any] = {}
        for p in t.required:
            if p in skip:
                continue
            prop = t.parameters[p]
            if "enum" in prop:
                args[p] = self.rng.choice(prop["enum"])
            elif prop.get("type") in ("number", "integer"):
                args[p] = self.rng.choice(NUMBER_CHOICES)
            else:
                if p not in row:
                    row.update(self._related_row(state, p, row))
                if p in row and row[p] is not None:
                    args[p] = row[p]
        if not t.required:
            enums = [(p, prop["enum"]) for p, prop in t.parameters.items() if "enum" in prop]
            if enums:
                p, values = self.rng.choice(enums)
                args[p] = self.rng.choice(values)
        elif last and self.rng.random() < 0.3:
            optional = [(p, prop["enum"]) for p, prop in t.parameters.items()
                        if p not in t.required and "enum" in prop and p not in self.ids]
            if optional:
                p, values = self.rng.choice(optional)
                args[p] = self.rng.choice(values)
        return args

    def _related_row(self, state: DuckDBState, column: str, row: dict[str, Any]) -> dict[str, Any]:
        tables = [t for t in self.pkg.template.tables.values() if column in t.columns]
        if not tables:
            return {}
        for t in tables:
            shared = [c for c in t.columns if c in row and c in self.ids and row[c] is not None]
            if shared:
                rows = state.db.query(f"SELECT * FROM {t.name} WHERE {shared[0]} = ? ORDER BY "
                                      f"{', '.join(t.primary_key)}", [row[shared[0]]])
                if rows:
                    return self.rng.choice(rows)
        t = tables[0]
        count = state.db.scalar(f"SELECT count(*) FROM {t.name}")
        if not count:
            return {}
        return state.db.query(f"SELECT * FROM {t.name} ORDER BY {', '.join(t.primary_key)} LIMIT 1 OFFSET ?",
                              [self.rng.randrange(count)])[0]

    def _masked(self, tool: str, args: dict[str, Any]) -> list[str]:
        """Free-text arguments: strings with no enum, no seed column and no producer."""
        t = self.pkg.tools[tool]
        columns = {c for tb in self.pkg.template.tables.values() for c in tb.columns}
        return sorted(p for p in args if t.parameters[p].get("type") == "string" and "enum" not in t.parameters[p]
                      and p not in columns and not self.graph.producers(tool, p))

    # -- tasks -------------------------------------------------------------------------------------

    def _to_task(self, chain: Chain, index: int) -> Task | None:
        writes = [c.name for c in chain.calls if self.pkg.tools[c.name].writes]
        outputs = [] if writes else answer_facts(chain.results[-1], self.ids, self.rng)
        if not writes and not outputs:
            return None  # nothing to tell the user: doing nothing would be paid
        steps = "; ".join(f"{c.name}({json.dumps(c.arguments, default=str)})" for c in chain.calls)
        shape = "write" if writes else "read"
        return Task(id=f"{self.pkg.manifest.name}-qg{self.seed}-{index:05d}", instruction=f"Steps: {steps}",
                    gold_calls=chain.calls, outputs=outputs,
                    tags=["querygen", shape, chain.calls[-1].name, f"calls_{len(chain.calls)}"])


def gold_key(calls: Sequence[GoldCall]) -> str:
    """A canonical key of a gold trajectory (tasks with the same key are duplicates)."""
    return json.dumps([[c.name, c.arguments] for c in calls], sort_keys=True, default=str)


def answer_facts(result: Any, ids: set[str], rng: random.Random, k: int = 2) -> list[str]:
    """1-2 short facts taken verbatim from a result: non-identifier scalars of its first record."""
    record = result
    while isinstance(record, list) and record:
        record = record[0]
    if isinstance(record, dict) and isinstance(record.get("orders"), list) and record["orders"]:
        record = record["orders"][0]
    facts = []
    if isinstance(record, dict):
        for key, value in record.items():
            if key in ids or isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
                continue
            text = str(value)
            if 3 <= len(text) <= 40:
                facts.append(text)
    if not facts:
        facts = [str(v) for key, v, _ in iter_fields(result)
                 if key not in ids and isinstance(v, (str, int, float)) and not isinstance(v, bool)
                 and 3 <= len(str(v)) <= 40][:k]
    rng.shuffle(facts)
    return facts[:k]
