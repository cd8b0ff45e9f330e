"""The compiled environment's own tests: each tool's success and refusals, found by running the tools on the seed."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.envgen.compile.links import copied_references
from envfactory_gym.envgen.compile.patterns import checks_pattern, refused_text
from envfactory_gym.envgen.compile.plan import Arg, Column, Plan, ToolPlan
from envfactory_gym.envgen.compile.spans import date_pairs
from envfactory_gym.errors import ToolArgumentError, ToolError
from envfactory_gym.package import EnvPackage

#: Candidate argument sets tried per tool when looking for a call that succeeds.
TRIES = 300


@dataclass
class ToolCases:
    """What the tests of one tool call: a success (with its result) and refusals (arguments, message)."""

    success: dict[str, Any] | None = None
    result: Any = None
    refusals: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    fill: list[dict[str, Any]] = field(default_factory=list)  # calls that fill a capacity before its refusal
    full: tuple[dict[str, Any], str] | None = None
    filters: list[tuple[dict[str, Any], str, Any]] = field(default_factory=list)


class Explorer:
    """Runs a compiled environment's tools on fresh seed states to find the arguments its tests use."""

    def __init__(self, plan: Plan, pkg: EnvPackage) -> None:
        self.plan, self.pkg = plan, pkg
        self.state: DuckDBState = pkg.new_state()
        self.rng = random.Random(0)
        self._seed_rows: dict[str, list[dict[str, Any]]] = {}

    def close(self) -> None:
        self.state.close()

    def rows(self, table: str) -> list[dict[str, Any]]:
        t = self.plan.table(table)
        return self.state.db.query(f"SELECT * FROM {table} ORDER BY {t.key.name}")

    def seed_rows(self, table: str) -> list[dict[str, Any]]:
        """The table's rows as seeded (what a test's fresh state holds), read once."""
        if table not in self._seed_rows:
            self.state.reset()
            self._seed_rows[table] = self.rows(table)
        return self._seed_rows[table]

    def call(self, tool: str, args: dict[str, Any], fresh: bool = True) -> tuple[bool, Any]:
        """Whether the call succeeds, and its result or refusal (None: arguments the tool's types refuse, which
        no test asserts on)."""
        if fresh:
            self.state.reset()
        t = self.pkg.tools[tool]
        try:
            checked = t.validate(args)
        except ToolArgumentError:
            return False, None
        try:
            return True, self.state.run_in_transaction(t.func, writes=t.writes, **checked)
        except ToolError as exc:
            return False, str(exc)

    # -- values ----------------------------------------------------------------------------------------------

    def plain(self, value: Any) -> Any:
        if hasattr(value, "isoformat"):
            return value.isoformat()
        if type(value).__name__ == "Decimal":
            return float(value)
        return value

    def fresh(self, tp: ToolPlan, a: Arg, i: int) -> Any:
        """A value no row has yet, for unique columns."""
        existing = [r[a.name] for r in self.seed_rows(tp.table.name) if r.get(a.name)]
        base = str(existing[i % len(existing)]) if existing else "value"
        if a.column.fmt == "email":
            head, _, tail = base.partition("@")
            return f"{head}.new{i}@{tail or 'example.com'}"
        return f"{base} {i + 2}"

    def value(self, tp: ToolPlan, a: Arg, i: int) -> Any:
        c = a.column
        if c.references:
            rows = self.seed_rows(c.references)
            key = self.plan.table(c.references).key.name
            return self.plain(self.rng.choice(rows)[key]) if rows else None
        if c.enum:
            return c.enum[i % len(c.enum)]
        if c.unique:
            return self.fresh(tp, a, i)
        source = [r[c.name] for r in self.seed_rows(tp.table.name) if r.get(c.name) is not None] \
            if tp.table.column(c.name) else []
        if c.kind == "date":
            return self.plan.now[:10]
        if c.kind == "datetime":
            return self.plan.now
        if c.kind in ("integer", "number"):
            low = c.minimum if c.minimum is not None else 1
            high = c.maximum if c.maximum is not None else low + 10
            v = (low + high) / 2
            return int(v) if c.kind == "integer" else round(float(v), 2)
        if c.kind == "boolean":
            return True
        if source:
            return self.plain(source[(i * 7) % len(source)])
        text = "Sample text"
        return text[: c.max_length] if c.max_length else text

    def arguments(self, tp: ToolPlan, i: int) -> dict[str, Any]:
        args: dict[str, Any] = {}
        for a in tp.args:
            if a.role == "filter":
                continue
            if a.role in ("key", "parent"):  # the row's own, set with its key
                args[a.name] = None
                continue
            args[a.name] = self.value(tp, a, i)
        for name, via in self.copies(tp).items():  # a reference another one given holds too: the same
            held = self.held(tp, via, args.get(via), name)
            if name in args and held is not None:
                args[name] = held
        return args

    def copies(self, tp: ToolPlan) -> dict[str, str]:
        tables = {t.name: t for t in self.plan.tables}
        return {k: v for k, v in copied_references(tp.table, tables).items()
                if (a := tp.arg(k)) is not None and (b := tp.arg(v)) is not None and a.role != "key"
                and b.role in ("value", "parent") and a.column.references and b.column.references}

    def held(self, tp: ToolPlan, via: str, value: Any, name: str) -> Any:
        """The field ``name`` of the row the reference ``via`` names (``value``), as seeded."""
        a = tp.arg(via)
        if value is None or a is None or not a.column.references:
            return None
        ref = self.plan.table(a.column.references)
        row = next((r for r in self.seed_rows(ref.name) if self.plain(r[ref.key.name]) == value), None)
        return self.plain(row[name]) if row is not None and row.get(name) is not None else None

    def own(self, tp: ToolPlan, args: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
        """``args`` naming ``row``: its key, and the parents its path names (the row's own)."""
        for a in tp.args:
            if a.role == "key":
                args[a.name] = self.plain(row[tp.table.key.name])
            elif a.role == "parent":
                args[a.name] = self.plain(row.get(a.name))
        for name, via in self.copies(tp).items():
            held = self.held(tp, via, args.get(via), name)
            if held is not None:
                args[name] = held
        return args

    # -- cases -----------------------------------------------------------------------------------------------

    def explore(self, tp: ToolPlan) -> ToolCases:
        cases = ToolCases()
        getattr(self, f"success_{tp.verb}")(tp, cases)
        # without a success, the refusals of calls that need nothing more (a delete of a row still referred to)
        self.refusals(tp, cases)
        return cases

    def key_rows(self, tp: ToolPlan) -> list[dict[str, Any]]:
        return self.seed_rows(tp.table.name)

    def success_get(self, tp: ToolPlan, cases: ToolCases) -> None:
        self.try_success(tp, cases, (self.own(tp, {}, row) for row in self.key_rows(tp)[:TRIES]))

    def success_list(self, tp: ToolPlan, cases: ToolCases) -> None:
        self.try_success(tp, cases, [{}])
        rows = self.seed_rows(tp.table.name)
        for a in tp.args:
            target = a.target or a.name
            values = [r[target] for r in rows if r.get(target) is not None]
            if not values:
                continue
            v = self.plain(values[len(values) // 2])
            if a.match == "date":
                v = str(v)[:10]
            ok, result = self.call(tp.name, {a.name: v})
            if ok and result:
                cases.filters.append(({a.name: v}, target, v))

    def success_create(self, tp: ToolPlan, cases: ToolCases) -> None:
        self.try_success(tp, cases, self.leaner(tp, (self.arguments(tp, i) for i in range(TRIES))))

    def success_update(self, tp: ToolPlan, cases: ToolCases) -> None:
        rows = self.key_rows(tp)

        def candidates() -> Any:
            for i in range(TRIES):
                yield self.own(tp, self.arguments(tp, i), rows[i % len(rows)])
        self.try_success(tp, cases, self.leaner(tp, candidates()))

    def leaner(self, tp: ToolPlan, candidates: Any) -> Any:
        """``candidates``, then the first few with only their required arguments and one optional one, then with
        only the required ones: a value this explorer cannot make (a text a pattern refuses) is left out rather than
        leave the tool without a tested success (and so its refusals untested)."""
        first: list[dict[str, Any]] = []
        for args in candidates:
            if len(first) < 3:
                first.append(dict(args))
            yield args
        required = {a.name for a in tp.args if a.column.required or a.role in ("key", "parent")}
        for args in first:
            needed = {k: v for k, v in args.items() if k in required}
            for name in (k for k in args if k not in required):
                yield {**needed, name: args[name]}
            yield needed

    def success_action(self, tp: ToolPlan, cases: ToolCases) -> None:
        self.success_update(tp, cases)

    def success_delete(self, tp: ToolPlan, cases: ToolCases) -> None:
        self.success_update(tp, cases)

    def try_success(self, tp: ToolPlan, cases: ToolCases, candidates: Any) -> None:
        for args in candidates:
            if any(v is None for v in args.values()):
                continue
            ok, result = self.call(tp.name, args)
            if ok:
                cases.success, cases.result = args, result
                return

    def refuse(self, tp: ToolPlan, cases: ToolCases, args: dict[str, Any]) -> bool:
        ok, message = self.call(tp.name, args)
        if ok or message is None or any(m == message for _, m in cases.refusals):
            return False
        cases.refusals.append((args, message))
        return True

    def refusals(self, tp: ToolPlan, cases: ToolCases) -> None:
        base = dict(cases.success or {})
        for a in tp.args:
            c = a.column
            missing = self.missing_id(a) if c.references else None
            if missing is not None:
                self.refuse(tp, cases, {**base, a.name: missing})
            for bad in self.bad_values(a):
                self.refuse(tp, cases, {**base, a.name: bad})
            if a.requires or (a.role == "key" and tp.transition) or (a.role == "key" and tp.verb == "delete"):
                for row in self.seed_rows(c.references or tp.table.name)[:400]:
                    key = self.plan.table(c.references or tp.table.name).key.name
                    before = len(cases.refusals)
                    self.refuse(tp, cases, self.own(tp, dict(base), row) if a.role == "key" else
                                {**base, a.name: self.plain(row[key])})
                    if len(cases.refusals) > before and len(cases.refusals) >= len(a.requires) + 8:
                        break
            if c.unique and tp.verb in ("create", "update"):
                others = [r[c.name] for r in self.seed_rows(tp.table.name) if r.get(c.name)]
                for v in others[:3]:
                    if self.refuse(tp, cases, {**base, a.name: self.plain(v)}):
                        break
        if cases.success is None and any(a.role == "parent" for a in tp.args):  # a row of its own to cross
            rows = [self.own(tp, {}, r) for r in self.key_rows(tp)]
            base = next((r for r in rows if None not in r.values()), base)
        if base:
            self.crossed(tp, cases, base)
        for name in tp.scope:  # another deployment's store, queue or domain
            fixed = self.plan.scope[name]
            self.refuse(tp, cases, {**base, name: fixed + 1 if isinstance(fixed, int) else f"other-{fixed}"})
        key_arg = next((a for a in tp.args if a.role == "key"), None)
        if tp.verb == "update" and key_arg is not None and key_arg.name in base:
            self.refuse(tp, cases, {a.name: base[a.name] for a in tp.args if a.role in ("key", "parent")})
        if tp.verb == "create" and tp.table.unique:
            for u in tp.table.unique:
                where = u.get("where") or {}
                for row in self.seed_rows(tp.table.name)[:400]:
                    if all(row.get(col) in vals for col, vals in where.items()):
                        args = {**base, **{f: self.plain(row[f]) for f in u["fields"] if f in base}}
                        ok, message = self.call(tp.name, args)
                        if not ok and message and message.startswith("there is already"):
                            cases.refusals.append((args, message))
                            break
        if tp.capacity and cases.success is not None:
            self.fill_capacity(tp, cases)

    def crossed(self, tp: ToolPlan, cases: ToolCases, base: dict[str, Any]) -> None:
        """Refusals of records that do not go together: a parent the row is not under, a reference beside another
        record that holds a different one, an end before its start."""
        for a in tp.args:
            if a.role == "parent":
                ref = self.plan.table(a.column.references) if a.column.references else tp.table
                column = ref.key.name if a.column.references else a.name
                others = [self.plain(r[column]) for r in self.seed_rows(ref.name) if r.get(column) is not None]
                other = next((v for v in others if v != base.get(a.name)), None)
                if other is not None:
                    self.refuse(tp, cases, {**base, a.name: other})
        for name, via in self.copies(tp).items():
            ref = self.plan.table(tp.arg(via).column.references or "")  # type: ignore[union-attr]
            for r in self.seed_rows(ref.name):
                if r.get(name) is not None and self.plain(r[name]) != base.get(name):
                    self.refuse(tp, cases, {**base, via: self.plain(r[ref.key.name])})
                    break
        for start, end in date_pairs(tp.table):
            crossed = self.crossing(tp, base, start, end)
            if crossed:
                self.refuse(tp, cases, {**base, **crossed})

    def crossing(self, tp: ToolPlan, base: dict[str, Any], start: Column, end: Column) -> dict[str, Any] | None:
        """Arguments giving ``tp`` an end before its start (from the row it changes where it takes one of them)."""
        given = [c for c in (start, end) if (a := tp.arg(c.name)) is not None and a.role == "value"]
        key = next((a.name for a in tp.args if a.role == "key"), None)

        def shift(value: Any, c: Column, days: int) -> str:
            when = datetime.fromisoformat(str(value)) + timedelta(days=days)
            return when.date().isoformat() if c.kind == "date" else when.isoformat(timespec="seconds")

        if len(given) == 2:
            return {start.name: shift(self.plan.now, start, 0), end.name: shift(self.plan.now, end, -1)}
        if len(given) != 1 or key is None or key not in base or tp.verb == "create":
            return None
        row = next((r for r in self.seed_rows(tp.table.name) if self.plain(r[tp.table.key.name]) == base[key]), {})
        fixed = end if given[0] is start else start
        if row.get(fixed.name) is None:
            return None
        return {given[0].name: shift(self.plain(row[fixed.name]), given[0], 1 if given[0] is start else -1)}

    def missing_id(self, a: Arg) -> Any:
        """An id of the table argument ``a`` refers to that no seeded row has, of a type the tool takes: any
        unused id, or for a table of fixed keys (an argument allowing only those) a fixed key without a row; None
        when every key it allows has one."""
        ref = self.plan.table(a.column.references or "")
        if not ref.key.enum or not a.column.enum:
            return ref.missing_id()
        seeded = {self.plain(r[ref.key.name]) for r in self.seed_rows(ref.name)}
        return next((v for v in a.column.enum if v not in seeded), None)

    def bad_values(self, a: Arg) -> list[Any]:
        c = a.column
        if c.references or c.enum or a.role == "key":
            return []
        out: list[Any] = []
        if c.fmt == "email":
            out.append("not-an-address")
        if c.kind in ("date", "datetime"):
            out.append("someday")
        # the tool checks a length unless the value is an address (format password, uri... are plain text)
        if c.kind == "string" and c.max_length is not None and c.fmt != "email":
            out.append("x" * (c.max_length + 1))
        if c.kind == "string" and c.min_length and c.fmt != "email":
            out.append("")
        if c.kind in ("integer", "number") and c.maximum is not None:
            out.append(int(c.maximum) + 1 if c.kind == "integer" else float(c.maximum) + 1)
        if c.kind in ("integer", "number") and c.minimum is not None:
            out.append(int(c.minimum) - 1 if c.kind == "integer" else float(c.minimum) - 1)
        if checks_pattern(c):  # of a length the tool takes: the pattern refuses it
            out.append(refused_text(c))
        return out

    def fill_capacity(self, tp: ToolPlan, cases: ToolCases) -> None:
        """Fill the parent row of the success call to its limit with other calls, then find the refusal."""
        cap = tp.capacity or {}
        ref = cap["reference"]
        base = dict(cases.success or {})
        others = [a for a in tp.args if a.role == "value" and a.column.references and a.name != ref]
        self.state.reset()
        done: list[dict[str, Any]] = []
        tool = self.pkg.tools[tp.name]
        for i in range(TRIES):
            args = dict(base)
            for a in others:
                args[a.name] = self.value(tp, a, i)
            try:
                self.state.run_in_transaction(tool.func, writes=True, **tool.validate(args))
                done.append(args)
            except ToolArgumentError:
                continue
            except ToolError as exc:
                if " is full" in str(exc):
                    cases.fill, cases.full = done, (args, str(exc))
                    return
            if len(done) > 60:
                return


# -- rendering ----------------------------------------------------------------------------------------------------

HEADER = '''"""The {name} environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, assert_refused = ENV.run, ENV.assert_refused


def test_every_parameter_is_described() -> None:
    for tool in ENV.tools.values():
        fn = tool.openai_schema["function"]
        assert fn["description"].strip(), tool.name
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (tool.name, name)


def test_seed_script_is_deterministic(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ENV.root / "seed" / "generate.py"), "--out", str(tmp_path)], check=True)
    for csv in (ENV.root / "seed").glob("*.csv"):
        assert (tmp_path / csv.name).read_bytes() == csv.read_bytes(), csv.name


def test_manifest_states_the_rules() -> None:
    assert len(ENV.manifest.rules) >= {rules}


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)
'''


def _kwargs(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in args.items())


def _call_line(tool: str, args: dict[str, Any], head: str, indent: str = "    ") -> list[str]:
    text = f'{head}(state, "{tool}"' + (f", {_kwargs(args)})" if args else ")")
    if len(indent) + len(text) <= 116:
        return [indent + text]
    lines = [indent + f'{head}(state, "{tool}",']
    pad = indent + " " * (len(head) + 1)
    items = [f"{k}={v!r}" for k, v in args.items()]
    for i, item in enumerate(items):
        lines.append(pad + item + ("," if i < len(items) - 1 else ")"))
    return lines


def _refused_line(tool: str, args: dict[str, Any], message: str, indent: str = "    ") -> list[str]:
    lines = [indent + f'assert_refused(state, "{tool}",']
    pad = indent + " " * len("assert_refused(")
    lines.append(pad + f"re.escape({message!r}),")
    items = [f"{k}={v!r}" for k, v in args.items()]
    line = pad
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else ")")
        if len(line) + len(piece) > 116 and line.strip():
            lines.append(line.rstrip())
            line = pad
        line += piece + " "
    lines.append(line.rstrip() if items else pad + ")")
    return lines


def render_tests(plan: Plan, cases: dict[str, ToolCases]) -> str:
    from envfactory_gym.envgen.compile.policy import rules

    out = [HEADER.replace("{name}", plan.name).replace("{rules}", str(len(rules(plan))))]
    for tp in plan.tools:
        c = cases[tp.name]
        if c.success is None:  # refusals only (every call the explorer made was refused)
            if c.refusals:
                lines = [x for args, msg in c.refusals for x in _refused_line(tp.name, args, msg)]
                out.append(f"\n\ndef test_{tp.name}_refusals(state: DuckDBState) -> None:\n" + "\n".join(lines))
            continue
        t = tp.table
        body = _call_line(tp.name, c.success, "result = run")
        if tp.verb == "list":
            body.append("    assert isinstance(result, list) and result")
            for args, target, value in c.filters:
                body += _call_line(tp.name, args, "rows = run")
                body.append("    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more")
                if list(args)[0] != target or isinstance(value, str) and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
                    body.append(f"    assert rows and all(str(r[{target!r}]).startswith({value!r}) for r in rows)")
                else:
                    body.append(f"    assert rows and all(str(r[{target!r}]).lower() == {str(value).lower()!r} "
                                "for r in rows)")
        elif tp.verb == "get":
            body.append(f"    assert result[{t.key.name!r}] == {c.success[t.key.name]!r}")
        elif tp.verb == "create":
            key = c.result[t.key.name]
            body.append(f"    assert result[{t.key.name!r}] == {key!r}")
            body.append(f'    assert state.db.scalar("SELECT count(*) FROM {t.name} WHERE {t.key.name} = ?", '
                        f"[{key!r}]) == 1")
        elif tp.verb == "delete":
            key = c.success[t.key.name] if t.key.name in c.success else list(c.success.values())[0]
            body.append("    assert result['deleted']")
            body.append(f'    assert state.db.scalar("SELECT count(*) FROM {t.name} WHERE {t.key.name} = ?", '
                        f"[{key!r}]) == 0")
        else:
            changed = {k: c.result[k] for k in c.success if k in c.result and k != t.key.name}
            if tp.transition:
                changed[tp.transition["field"]] = tp.transition["to"]
            for k, v in changed.items():
                body.append(f"    assert result[{k!r}] {'is' if isinstance(v, bool) or v is None else '=='} {v!r}")
        out.append(f"\n\ndef test_{tp.name}(state: DuckDBState) -> None:\n" + "\n".join(body))
        if c.refusals:
            lines = [x for args, msg in c.refusals for x in _refused_line(tp.name, args, msg)]
            out.append(f"\n\ndef test_{tp.name}_refusals(state: DuckDBState) -> None:\n" + "\n".join(lines))
        if c.full:
            lines = [f"    for arguments in {c.fill!r}:".replace("}, {", "},\n                      {")
                     if len(repr(c.fill)) > 90 else f"    for arguments in {c.fill!r}:",
                     f'        run(state, "{tp.name}", **arguments)']
            args, msg = c.full
            lines += _refused_line(tp.name, args, msg)
            out.append(f"\n\ndef test_{tp.name}_refuses_beyond_capacity(state: DuckDBState) -> None:\n"
                       + "\n".join(lines))
    text = "".join(out) + "\n"
    return text if "re.escape(" in text else text.replace("\nimport re\n", "\n", 1)


def explore_all(plan: Plan, pkg: EnvPackage) -> dict[str, ToolCases]:
    explorer = Explorer(plan, pkg)
    try:
        return {tp.name: explorer.explore(tp) for tp in plan.tools}
    finally:
        explorer.close()
