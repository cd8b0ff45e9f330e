"""Topology-aware task sampling: grounded tool chains (one goal, or several sharing lookups) kept when they run."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.chains import Chain, Plan, chain_key, count_writes, gold_key, kind_of, plain, task_key
from envfactory_gym.querygen.chains import dump as _dump
from envfactory_gym.querygen.describe import References, is_reference, pick_answer
from envfactory_gym.querygen.goals import (
    conflicts,
    duplicates_a_name,
    fresh_name,
    recombinable,
    structured,
    target_rows,
    verdict,
)
from envfactory_gym.querygen.graph import ToolGraph, identifier_columns, iter_fields
from envfactory_gym.querygen.refine import TAG_IN_SEQUENCE, TAG_MULTI, UnphraseableTask, refine_task
from envfactory_gym.querygen.spec import declarations_for
from envfactory_gym.reward.outcomes import held_references, report_facts
from envfactory_gym.task_checks import prune_unused_reads, task_problems
from envfactory_gym.tasks import GoldCall, Task

#: Small amounts for numeric parameters that declare no choices and have no seed column to draw from.
NUMBER_CHOICES = (5.0, 10.0, 12.5, 15.0, 20.0, 25.0)
#: Task kinds the sampler mixes.
KINDS = ("read", "write", "multi")
#: Consecutive failures after which a kind of task is impossible here (a fifth for a kind that never succeeded).
GIVE_UP_AFTER = 150
__all__ = ["GIVE_UP_AFTER", "KINDS", "NUMBER_CHOICES", "Chain", "Plan", "TaskSampler", "gold_key", "task_key"]


class TaskSampler:
    """Samples distinct, verified tasks from an environment's tool graph and seed data (same seed, same tasks).

    ``write_ratio`` is the share of tasks that change the state and ``multi_goal`` the share (taken from the
    writing ones) that asks for 2 to ``max_goals`` changes in one request. Targets are drawn so that rarely
    used tools come up more often. What the user says and holds back comes from the environment's
    ``querygen.json`` (:mod:`envfactory_gym.querygen.spec`; defaults when it has none).
    """

    def __init__(self, pkg: EnvPackage, seed: int = 0, min_calls: int = 1, max_calls: int = 6,
                 write_ratio: float = 0.6, include_tools: Iterable[str] | None = None, max_depth: int = 4,
                 refine: bool = True, graph: ToolGraph | None = None,
                 refiner: Callable[..., Task] | None = None, multi_goal: float = 0.3, max_goals: int = 3) -> None:
        if min_calls > max_calls:
            raise ValueError(f"min_calls ({min_calls}) is more than max_calls ({max_calls})")
        for name, value in (("write_ratio", write_ratio), ("multi_goal", multi_goal)):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, got {value}")
        if max_goals < 2:
            raise ValueError(f"max_goals must be at least 2, got {max_goals}")
        self.pkg = pkg
        self.seed, self._held = seed, frozenset[str]()
        self.min_calls, self.max_calls, self.max_depth = min_calls, max_calls, max_depth
        self.write_ratio, self.multi_goal, self.max_goals = write_ratio, min(multi_goal, write_ratio), max_goals
        self.refine = refine
        #: ``(task, pkg, results, rng) -> Task``; the offline :func:`refine_task` when None.
        self.refiner = refiner
        self.spec = declarations_for(pkg)
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
        #: Sampled tasks rejected as unfair (see :func:`~envfactory_gym.task_checks.task_problems`).
        self.unfair = 0
        #: Task id -> the tools its sampled chain called, unused reads the gold dropped included.
        self.chain_tools: dict[str, set[str]] = {}
        self.used: Counter[str] = Counter()
        self.misses: Counter[str] = Counter()
        self._reuse = 0.7
        self._counts: dict[str, int] = {}
        self._reads: dict[str, tuple[bool, Any]] = {}
        self._base: frozenset[Any] = frozenset()  # the changes of the goals already applied
        self._created: set[str] = set()  # ids of the rows those goals created
        self._identity: set[str] = set()  # ids of the user's own rows

    # -- public ------------------------------------------------------------------------------------

    def unreachable(self) -> list[str]:
        """Tools no request could lead to: an id they need is given by no read tool and is no user fact."""
        return [t for t in self.targets if not any(self._plan(t) is not None for _ in range(5))]

    def sample(self, n: int, max_attempts: int | None = None) -> list[Task]:
        """Up to ``n`` distinct tasks whose gold calls all succeed on a fresh state."""
        state = self.pkg.new_state()
        try:
            self._held = held_references(state.db, self.pkg.template.tables.values())
            seen: set[str] = set()
            tasks: list[Task] = []
            counts: Counter[str] = Counter()
            streak: Counter[str] = Counter()
            for _ in range(max_attempts or 60 * n):
                if len(tasks) >= n:
                    break
                kind = self._pick_kind(counts, streak)
                if kind is None:
                    break
                task, key = self._attempt(state, kind, len(tasks), seen)
                got = kind_of(task)
                if got != kind:
                    streak[kind] += 1
                if task is None or got is None:  # got is None exactly when task is
                    continue
                seen.add(key)
                tasks.append(task)
                counts[got] += 1
                streak[got] = 0
                self.used.update(c.name for c in task.gold_calls)
            return tasks
        finally:
            state.close()

    def _attempt(self, state: DuckDBState, kind: str, index: int, seen: set[str]) -> tuple[Task | None, str]:
        chain = self._chain(state, kind)
        if chain is None:
            self.failed += 1
            return None, ""
        task, key = self._task_of(chain, index, seen)
        if task is None:  # a goal whose chains give no new fair task (unphraseable, or all sampled) comes up less
            self.misses[chain.calls[-1].name] += 1
        return task, key

    def _task_of(self, chain: Chain, index: int, seen: set[str]) -> tuple[Task | None, str]:
        key = chain_key(self.pkg, chain)
        if key in seen:
            self.duplicates += 1
            return None, key
        task = self._to_task(chain, index)
        if task is not None and self.refine:
            try:
                task = (self.refiner or refine_task)(task, self.pkg, chain.results, self.rng)
            except UnphraseableTask:
                task = None
        if task is not None:  # fair by construction: no unused read, one actor, no leaked answer, nothing cut
            self.chain_tools[task.id] = {c.name for c in chain.calls}  # the reads pruned below were explored
            task = prune_unused_reads(task, chain.results, self.pkg.write_tools)
            key = task_key(task)  # pruned: it may now be a trajectory already sampled
            if key in seen:
                self.duplicates += 1
                return None, key
            given_away = any(f.value in task.instruction for f in task.user_facts.values())
            if given_away or task_problems(self.pkg, [task]).problems:  # a fact the user gives only when asked
                self.unfair += 1
                task = None
        if task is None:
            self.failed += 1
        return task, key

    # -- what to sample ------------------------------------------------------------------------------

    def _goals(self, writes: bool) -> list[str]:
        """The tools a task may end with: reading ones or writing ones, unless declared never a goal."""
        return [t for t in self.targets if self.pkg.tools[t].writes == writes and self.spec.tool(t).target]

    def _pick_kind(self, counts: Counter[str], streak: Counter[str]) -> str | None:
        """The kind furthest below its share (kinds this environment cannot give drop out)."""
        writes, reads = bool(self._goals(True)), bool(self._goals(False))
        share = {"read": 1.0 - self.write_ratio if reads else 0.0,
                 "write": self.write_ratio - self.multi_goal if writes else 0.0,
                 "multi": self.multi_goal if writes else 0.0}
        live = {k: v for k, v in share.items() if v > 0 and streak[k] < (GIVE_UP_AFTER // (1 if counts[k] else 5))}
        if not live:
            return None
        total = sum(live.values())
        done = sum(counts.values()) + 1
        return max(live, key=lambda k: (live[k] / total * done - counts[k], -KINDS.index(k)))

    def _weighted(self, tools: list[str]) -> str:
        """A tool, rarely used and rarely failing ones first: a good spread over the tools."""
        weights = [1.0 / (1.0 + self.used[t] + 0.3 * self.misses[t]) for t in tools]
        return self.rng.choices(tools, weights=weights)[0]

    def _chain(self, state: DuckDBState, kind: str) -> Chain | None:
        writes = self._goals(True)
        if kind == "read":
            chain = self._one_chain(state, self._weighted(self._goals(False)))
        elif kind == "write":
            chain = self._one_chain(state, self._weighted(writes))
        else:
            chain = self._one_chain(state, self._weighted(writes), bounded=False)
            goals = 2 + sum(self.rng.random() < 0.3 for _ in range(self.max_goals - 2))
            for _ in range(goals - 1):
                longer = self._extend(state, chain, writes) if chain is not None else None
                if longer is None:
                    break
                chain = longer
            if chain is not None and count_writes(self.pkg, chain) < 2:
                # No second goal fits: the first one is still a good single-goal task.
                chain = chain if self.min_calls <= len(chain.calls) else None
        if chain is None or count_writes(self.pkg, chain) < 2:
            return chain
        in_sequence = self._verify(state, chain)
        if in_sequence is None:
            return None
        chain.in_sequence = in_sequence
        return chain

    # -- planning ----------------------------------------------------------------------------------

    def _plan(self, target: str, prefix: Sequence[str] = ()) -> Plan | None:
        plan = Plan(list(prefix))
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
            if self.spec.own_value(tool, p):
                continue  # a new record's own value (a queue's name): the user gives it, whatever lookups list
            producers = [pr for pr in self.graph.producers(tool, p)
                         if not self.pkg.tools[pr[0]].writes and pr[0] != tool]
            named = bool(t.parameters.get(p, {}).get("enum"))  # one of a few fixed keys: a user can name it
            if not producers:  # an id no lookup gives: the user could not know it (unless it is a fixed name)
                if is_reference(p, self.ids) and p not in self.spec.user.facts and not named:
                    return False
                continue  # the user gives it
            if p.startswith("new_"):
                # A replacement comes from a lookup of the alternatives, not from the record being changed.
                producers = [pr for pr in producers if pr[0] not in plan.tools] or producers
            in_plan = [pr for pr in producers if pr[0] in plan.tools]
            if in_plan and self.rng.random() < self._reuse:
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
                if not named:
                    return False
        if tool not in plan.tools:
            plan.tools.append(tool)
        return True

    # -- running -----------------------------------------------------------------------------------

    def _one_chain(self, state: DuckDBState, target: str, bounded: bool = True) -> Chain | None:
        for _ in range(3):  # a few plans for the same target keep the mix of kinds
            plan = self._plan(target)
            if plan is None or len(plan.tools) > self.max_calls or (bounded and len(plan.tools) < self.min_calls):
                continue
            chain = self._run(state, plan, 0, [], [], {}, [30], [])
            if chain is not None:
                return chain
        self.misses[target] += 1
        return None

    def _extend(self, state: DuckDBState, chain: Chain, writes: list[str]) -> Chain | None:
        """``chain`` with one more write goal after it, fed by the same lookups where it can be."""
        prefix = [c.name for c in chain.calls if not self.pkg.tools[c.name].writes]
        done = [c for c in chain.calls if self.pkg.tools[c.name].writes]
        pool: dict[tuple[str, str], list[Any]] = {}
        seen: set[str] = set()
        created: set[str] = set()
        # The rows the first lookup finds are the user's own (their account): every goal may act on them.
        first = chain.calls[0]
        identity = set() if self.pkg.tools[first.name].writes else {
            str(v) for values in self._found(first.name, chain.results[0]).values() for v in values}
        for call, result in zip(chain.calls, chain.results):
            found = self._found(call.name, result)
            ids = {str(v) for values in found.values() for v in values}
            if self.pkg.tools[call.name].writes:
                created |= ids - seen  # rows an earlier goal made are not the user's to name
            else:
                pool.update(found)
            seen |= ids | {str(v) for v in call.arguments.values() if not isinstance(v, list)}
        for _ in range(3):
            target = self._weighted(writes)
            self._reuse = 1.0  # share the lookups already made
            try:
                plan = self._plan(target, prefix)
            finally:
                self._reuse = 0.7
            if plan is None or len(chain.calls) + len(plan.tools) - len(prefix) > self.max_calls:
                continue
            self._restore(state, done)
            self._base, self._created = state.diff().changes(self.pkg.template.tables), created
            self._identity = identity
            try:
                more = self._run(state, plan, len(prefix), [], [], pool, [30], done)
            finally:
                self._base, self._created, self._identity = frozenset(), set(), set()
                state.reset()
            if more is not None:
                return Chain([*chain.calls, *more.calls], [*chain.results, *more.results])
        return None

    def _run(self, state: DuckDBState, plan: Plan, i: int, calls: list[GoldCall], results: list[Any],
             pool: dict[tuple[str, str], list[Any]], budget: list[int], done: list[GoldCall]) -> Chain | None:
        """Run ``plan`` from step ``i`` (earlier write goals ``done`` already applied), backtracking on refusals."""
        if i == len(plan.tools):
            return Chain(list(calls), list(results))
        name = plan.tools[i]
        t = self.pkg.tools[name]
        last = i == len(plan.tools) - 1
        candidates = self._candidates(state, name, plan, pool, limit=12 if last else 5)
        agreeing: list[dict[str, Any]] = []  # a candidate's arguments made to agree with its row: tried next
        while (args := agreeing.pop() if agreeing else next(candidates, None)) is not None:
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            call = GoldCall(name=name, arguments=args, masked=self._masked(name, args))
            if t.writes and conflicts(call, done, self.ids, self._created, self._identity):
                continue
            before = target_rows(self.pkg, state, args, self.ids) if t.writes else {}
            try:
                result = self._read(state, call) if not t.writes and not done else self._call(state, call)
            except Exception:  # business rules reject many grounded values: try the next candidate
                continue  # (a refused call changed nothing: its transaction was rolled back)
            if t.writes:
                now = state.diff().changes(self.pkg.template.tables)
                changed = now != self._base
                after = target_rows(self.pkg, state, args, self.ids)
                twice = duplicates_a_name(state, now - self._base, args, self._choices(name))
                self._restore(state, done)
                if not changed:
                    continue  # a goal that changes nothing is no goal
                # (a single word, a code or a handle, has no new value of its form: it stays, as a person asks)
                twice = [(table, p) for table, p in twice if recombinable(str(args[p]))]
                if twice:  # a value another record holds names two records: give this one a name of its own
                    fresh = {p: fresh_name(state, table, p, str(args[p]), self.rng) for table, p in twice}
                    if all(fresh.values()):
                        agreeing.append({**args, **fresh})
                    continue
                agrees = verdict(self.pkg, before, after, args, call.masked)
                if isinstance(agrees, dict):
                    agreeing.append(agrees)  # it said a field of its row that the row does not hold
                if agrees is not None:
                    continue  # (or it asked for the values the row holds already: no change)
            new_pool = {**pool, **self._found(name, result)}
            out = self._run(state, plan, i + 1, [*calls, call], [*results, result], new_pool, budget, done)
            if out is not None:
                return out
        return None

    def _found(self, tool: str, result: Any) -> dict[tuple[str, str], list[Any]]:
        """The identifier values in a result, by ``(tool, key)``."""
        found: dict[tuple[str, str], list[Any]] = {}
        for key, value, _ in iter_fields(result):
            if key in self.ids and isinstance(value, (str, int)) and not isinstance(value, bool):
                values = found.setdefault((tool, key), [])
                if value not in values:
                    values.append(value)
        return found

    def _restore(self, state: DuckDBState, done: list[GoldCall]) -> None:
        """The fresh state with the write goals ``done`` applied again."""
        state.reset()
        for call in done:
            t = self.pkg.tools[call.name]
            state.run_in_transaction(t.func, writes=t.writes, **t.validate(call.arguments))

    def _verify(self, state: DuckDBState, chain: Chain) -> bool | None:
        """Replay a chain of several goals from a fresh state: None when it does not give the same results;
        else whether its write goals must be done in the sequence asked (another one ends elsewhere)."""
        tables = self.pkg.template.tables
        writes = [c for c in chain.calls if self.pkg.tools[c.name].writes]
        try:
            state.reset()
            results = [self._call(state, c) for c in chain.calls]
            if _dump(results) != _dump(chain.results):
                return None
            changes = state.diff().changes(tables)
            if writes and not changes:
                return None
            for other in itertools.islice(itertools.permutations(writes), 1, None):
                state.reset()
                try:
                    for c in other:
                        self._call(state, c)
                except Exception:
                    return True
                if state.diff().changes(tables) != changes:
                    return True
            return False
        except Exception:
            return None
        finally:
            state.reset()

    def _read(self, state: DuckDBState, call: GoldCall) -> Any:
        """A read call on the fresh state, answered once per sampler (reads of one state give one result)."""
        key = _dump([call.name, call.arguments])
        if key not in self._reads:
            try:
                self._reads[key] = (True, self._call(state, call))
            except Exception as exc:
                self._reads[key] = (False, exc)
        ok, value = self._reads[key]
        if not ok:
            raise value
        return value

    def _call(self, state: DuckDBState, call: GoldCall) -> Any:
        t = self.pkg.tools[call.name]
        return state.run_in_transaction(t.func, writes=t.writes, **t.validate(call.arguments))

    # -- arguments ---------------------------------------------------------------------------------

    def _candidates(self, state: DuckDBState, tool: str, plan: Plan, pool: dict[tuple[str, str], list[Any]],
                    limit: int) -> Iterator[dict[str, Any]]:
        """Up to ``limit`` distinct argument sets, drawn as they are asked for (the first success ends the search)."""
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
                return
        combos = list(itertools.islice(itertools.product(*fed.values()), 4 * limit)) if fed else []
        self.rng.shuffle(combos)
        seen: set[str] = set()
        for j in range(min(limit, len(combos)) if fed else limit):
            args = self._user_args(state, tool, set(fed), last)
            if fed:
                args.update(zip(fed, combos[j]))
            if any(p not in args for p in self._needed(tool)):
                continue  # a record made without what it needs: no request could ask for it
            key = _dump(args)
            if key not in seen:
                seen.add(key)
                yield args

    def _user_args(self, state: DuckDBState, tool: str, skip: set[str], last: bool) -> dict[str, Any]:
        """Values the user knows: declared choices or columns, else one coherent seed row (joined on shared ids)."""
        t = self.pkg.tools[tool]
        args: dict[str, Any] = {}
        row: dict[str, Any] = {}
        for p in t.required:
            if p in skip:
                continue
            prop = t.parameters[p]
            decl = self.spec.parameter(tool, p)
            if "enum" in prop:
                args[p] = self.rng.choice(prop["enum"])
            elif decl is not None and (decl.choices or decl.column):
                value = self._declared_value(state, tool, p)
                if value is not None:
                    args[p] = value
            elif prop.get("type") in ("number", "integer"):
                args[p] = self.rng.choice(NUMBER_CHOICES)
            else:
                if p not in row:
                    row.update(self._related_row(state, p, row))
                if p in row and row[p] is not None:
                    args[p] = plain(row[p], prop)
        declared = self.spec.tool(tool).parameters
        for p in self._needed(tool):  # what the record needs though the tool does not require it: always said
            value = self._declared_value(state, tool, p) if p not in skip else None
            if value is not None and not structured(value):
                args[p] = value
        given = [p for p, decl in declared.items() if last and p not in t.required and p not in skip
                 and (decl.choices or decl.column) and not decl.needed]
        if given:  # an optional parameter the tool's declarations give values for: the user states one
            p = self.rng.choice(given)
            value = self._declared_value(state, tool, p)
            if value is not None and not structured(value):  # a record or list of them is no thing to say
                args[p] = value
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

    def _choices(self, tool: str) -> set[str]:
        """The parameters of ``tool`` whose values are choices (an enum, declared choices): no names."""
        decls = self.spec.tool(tool).parameters
        return {p for p, prop in self.pkg.tools[tool].parameters.items()
                if "enum" in prop or (p in decls and decls[p].choices)}

    def _needed(self, tool: str) -> list[str]:
        """The optional parameters of ``tool`` every request for it states (see ``Parameter.needed``)."""
        return [p for p, decl in self.spec.tool(tool).parameters.items()
                if decl.needed and p not in self.pkg.tools[tool].required]

    def _declared_value(self, state: DuckDBState, tool: str, param: str) -> Any:
        decl = self.spec.parameter(tool, param)
        if decl is None:
            return None
        if decl.choices:
            return self.rng.choice(decl.choices)
        table, _, column = (decl.column or "").partition(".")
        info = self.pkg.template.tables[table]
        # an empty value ('', [], {}) is nothing a user asks for
        said = f"{column} IS NOT NULL AND trim(CAST({column} AS VARCHAR)) NOT IN ('', '[]', '{{}}', 'null')"
        count = state.db.scalar(f"SELECT count(*) FROM {table} WHERE {said}")
        if not count:
            return None
        value = state.db.scalar(f"SELECT {column} FROM {table} WHERE {said} ORDER BY "
                                f"{', '.join(info.primary_key)} LIMIT 1 OFFSET ?", [self.rng.randrange(count)])
        if decl.part == "word":
            words = [w for w in re.findall(r"[\w'-]+", str(value)) if len(w) >= 2]
            return self.rng.choice(words) if words else None
        return plain(value, self.pkg.tools[tool].parameters[param])

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
        count = self._count(state, t.name)
        rows = state.db.query(f"SELECT * FROM {t.name} ORDER BY {', '.join(t.primary_key)} LIMIT 1 OFFSET ?",
                              [self.rng.randrange(count)]) if count else []
        return rows[0] if rows else {}

    def _count(self, state: DuckDBState, table: str) -> int:
        """Rows of a seed table (counted once)."""
        if table not in self._counts:
            self._counts[table] = int(state.db.scalar(f"SELECT count(*) FROM {table}") or 0)
        return self._counts[table]

    def _masked(self, tool: str, args: dict[str, Any]) -> list[str]:
        """Free-text arguments: strings with no enum, no seed column and no producer, and those declared
        ``free_text`` (a concern the user describes, stored in a column of that name); and structured values (a
        location as JSON text), which no user says in words: any value passes."""
        t, spec = self.pkg.tools[tool], self.spec
        columns = {c for tb in self.pkg.template.tables.values() for c in tb.columns}
        return sorted(p for p in args if t.parameters[p].get("type") == "string" and "enum" not in t.parameters[p]
                      and (getattr(spec.parameter(tool, p), "free_text", False) or structured(args[p])
                           or p not in columns and not self.graph.producers(tool, p)))

    # -- tasks -------------------------------------------------------------------------------------

    def _to_task(self, chain: Chain, index: int) -> Task | None:
        writes, outputs = [c.name for c in chain.calls if self.pkg.tools[c.name].writes], list[str]()
        if not writes:
            said = {str(v) for c in chain.calls for k, v in c.arguments.items() if not is_reference(k, self.ids)}
            refs = References(self.pkg, self.spec, chain.results, chain.calls)
            picked = pick_answer(chain.results[-1], self.spec.tool(chain.calls[-1].name).answer_from, refs, said,
                                 self.rng)
            if picked is None:
                return None  # nothing to tell the user: doing nothing would be paid
            record, keys = picked
            outputs = [str(record[k]) for k in keys]
        else:  # what the user must be told of the changes: fees, refunds, new codes (refine drops leaks later)
            outputs = report_facts([(c.name, c.arguments) for c in chain.calls], chain.results,
                                   self.pkg.write_tools, held=self._held)
        steps = "; ".join(f"{c.name}({json.dumps(c.arguments, default=str)})" for c in chain.calls)
        tags = ["querygen", "write" if writes else "read", chain.calls[-1].name, f"calls_{len(chain.calls)}"]
        if len(writes) > 1:
            tags += [TAG_MULTI, f"goals_{len(writes)}", *([TAG_IN_SEQUENCE] if chain.in_sequence else [])]
        return Task(id=f"{self.pkg.manifest.name}-qg{self.seed}-{index:05d}", instruction=f"Steps: {steps}",
                    gold_calls=chain.calls, outputs=outputs, tags=tags)

