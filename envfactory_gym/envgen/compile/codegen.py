"""Write ``schema.sql`` and ``tools.py`` of a compiled environment from its plan, as readable hand-style code."""

from __future__ import annotations

import ast
import json
import keyword
import textwrap
from typing import Any

from envfactory_gym.envgen.compile.helpers import LIBRARY_NAMES, library_names, wrap_long_lines
from envfactory_gym.envgen.compile.links import copied_references, extension_of, shared_columns
from envfactory_gym.envgen.compile.listing import (
    key_filter,
    list_returns,
    list_sql,
    ref_labels,
    summary_columns,
)
from envfactory_gym.envgen.compile.patterns import checks_pattern
from envfactory_gym.envgen.compile.plan import (
    Arg,
    Column,
    Plan,
    Table,
    ToolPlan,
    article,
    join_or,
    plural,
    snake,
    words,
)
from envfactory_gym.envgen.compile.scope import scope_checks, scope_docs, scope_signature
from envfactory_gym.envgen.compile.spans import date_pairs, said


def _free_names(code: str) -> set[str]:
    """The names the functions of ``code`` use that are not their own arguments (what the module must import)."""
    out: set[str] = set()
    for fn in ast.parse(code).body:
        own = {a.arg for a in ast.walk(fn) if isinstance(a, ast.arg)}
        out |= {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)} - own
    return out


def q(value: Any) -> str:
    """A Python literal, strings in double quotes."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


def _var(name: str) -> str:
    """A local variable named after a record (``import`` -> ``import_``: a keyword is no name)."""
    return f"{name}_" if keyword.iskeyword(name) else name


def sql_list(values: list[Any]) -> str:
    return ", ".join("'" + str(v).replace("'", "''") + "'" for v in values)


# -- schema.sql -------------------------------------------------------------------------------------------------

def schema_sql(plan: Plan) -> str:
    out = [f"-- Tables of the {plan.name} environment, one per resource of {plan.title}."]
    for t in plan.tables:
        width = max(len(c.name) for c in t.columns)
        lines = []
        for c in t.columns:
            parts = [c.name.ljust(width), c.sql_type]
            if c is t.key:
                parts.append("PRIMARY KEY")
            elif c.required:
                parts.append("NOT NULL")
            if c.enum and c.kind == "string":
                parts.append(f"CHECK ({c.name} IN ({sql_list(c.enum)}))")
            lines.append("    " + " ".join(parts))
        comment = f"-- {' '.join(t.description.split())[:300]}\n" if t.description else ""
        out.append(f"\n{comment}CREATE TABLE {t.name} (\n" + ",\n".join(lines) + "\n);")
    return "\n".join(out) + "\n"


# -- tools.py ---------------------------------------------------------------------------------------------------

class ToolsWriter:
    """Writes ``tools.py``: constants, one lookup per table, the checks that are used, then one function per tool."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.lookups: set[str] = set()

    def sql_name(self, t: Table, listed: bool = False) -> str:
        return f"_{t.name.upper()}_{'LIST_' if listed and summary_columns(self.plan, t) else ''}SQL"

    def lookup_name(self, t: Table) -> str:
        return f"_{snake(t.entity)}"

    def joins(self, t: Table) -> tuple[list[str], list[str]]:
        """The label columns of referenced rows (``plan_name``) and the joins that give them."""
        return ref_labels(self.plan, t)

    def render(self) -> str:
        tools = [library_names(self.tool(tp)) for tp in self.plan.tools]
        lookups = [self.lookup(t) for t in self.plan.tables if t.name in self.lookups]
        head = self.header("\n".join([*lookups, *tools]))
        sep = "\n\n\n"
        return head + sep + sep.join([*lookups, *tools]) + "\n"

    def header(self, body: str) -> str:
        """The module's docstring, imports and constants; ``body`` (the functions) says which imports it needs."""
        p = self.plan
        intro = textwrap.fill(p.description or p.title, 116) if (p.description or p.title) else ""
        doc = f'"""Tools of the {p.name} environment, compiled from {p.title}.\n\n{intro}\n"""\n'
        imports = ["from __future__ import annotations", ""]
        names = _free_names(body)
        std = [f"import {m}" for m in ("json", "re") if m in names]
        dt = [n for n in ("date", "datetime") if n in names]
        if dt:
            std.append(f"from datetime import {', '.join(dt)}")
        std.append("from typing import Any, Literal" if p.enums else "from typing import Any")
        imports += [*std, "", f"from envfactory_gym import Database, {'ToolError, ' * ('ToolError' in names)}tool"]
        kit = sorted(n for n in LIBRARY_NAMES.values() if n in names)
        line = f"from envfactory_gym.authoring.compiled import {', '.join(kit)}"
        imports += ([line] if len(line) <= 120 else ["from envfactory_gym.authoring.compiled import (",
                                                     *[f"    {n}," for n in kit], ")"]) if kit else []
        imports += ["from envfactory_gym.authoring.kit import next_id"] if "next_id" in names else []
        aliases = [f"{alias} = Literal[{', '.join(q(v) for v in values)}]" for values, alias in p.enums.items()]
        consts = ["", *aliases, ""] if aliases else [""]
        for t in p.tables:
            fields, joins = self.joins(t)
            select = ", ".join(["t.*", *fields])
            sql = f"SELECT {select} FROM {t.name} t" + "".join(f" {j}" for j in joins)
            consts.append(f"{self.sql_name(t)} = {_wrap_str(sql, len(self.sql_name(t)) + 3)}")
            listed = list_sql(p, t, fields, joins)  # a list of wide rows shows their summaries (see listing.py)
            if listed:
                consts.append(f"{self.sql_name(t, True)} = {_wrap_str(listed, len(self.sql_name(t, True)) + 3)}")
        return doc + "\n" + "\n".join(imports) + "\n" + "\n".join(consts)

    def lookup(self, t: Table) -> str:
        key = t.key
        norm = f"{key.name}.strip().upper()" if t.upper_ids else f"{key.name}.strip()" if key.kind == "string" \
            else key.name
        return (f"def {self.lookup_name(t)}(db: Database, {key.name}: {key.py_type}) -> dict[str, Any]:\n"
                f"    row = db.query_one({self.sql_name(t)} + \" WHERE t.{key.name} = ?\", [{norm}])\n"
                f"    if row is None:\n"
                f"        raise ToolError(f\"no {t.noun} with id {{{key.name}!r}} ({t.noun} ids look like "
                f"{t.example_id()!r})\")\n"
                f"    return row")

    # -- one tool ------------------------------------------------------------------------------------------

    def annotation(self, a: Arg, optional: bool) -> str:
        c = a.column
        base = self.plan.enums.get(tuple(c.enum)) if c.enum else None
        base = base or c.py_type
        return f"{base} | None = None" if optional else base

    def arg_doc(self, tp: ToolPlan, a: Arg) -> str:
        c = a.column
        text = c.description or words(c.name).capitalize()
        extra = [x for x in c.constraints() if not x.startswith("one of")] if not c.references else []
        if c.references:
            ref = self.plan.table(c.references)
            producers = [o.name for o in self.plan.tools if o.table is ref and o.verb == "list"]
            src = f" (from {producers[0]})" if producers and a.role != "filter" else ""
            extra.append(f"e.g. {q(ref.example_id())}{src}")
        if a.role == "filter":
            text = f"Only {tp.table.noun} rows with this {words(a.target or a.name)}" if not c.description \
                else c.description
        line = text.rstrip(".") + ("; " + "; ".join(extra) if extra else "") + "."
        return line

    def tool(self, tp: ToolPlan) -> str:
        required = [a for a in tp.args if a.column.required or a.role == "key"]
        optional = [a for a in tp.args if a not in required]
        sig = ["db: Database", *[f"{a.name}: {self.annotation(a, False)}" for a in required],
               *[f"{a.name}: {self.annotation(a, True)}" for a in optional], *scope_signature(self.plan.scope, tp.scope)]
        ret = "list[dict[str, Any]]" if tp.verb == "list" else "dict[str, Any]"
        deco = "@tool(writes=True)" if tp.writes else "@tool"
        head = f"def {tp.name}({', '.join(sig)}) -> {ret}:"
        if len(head) > 116:
            head = f"def {tp.name}(\n        " + ",\n        ".join(sig) + f",\n) -> {ret}:"
        summary = tp.summary.rstrip(".") + "."
        doc = [summary]
        if tp.details:
            doc += ["", *textwrap.wrap(tp.details, 110)]
        if tp.args or tp.scope:
            doc += ["", "Args:"]
            said = [f"{a.name}: {self.arg_doc(tp, a)}" for a in [*required, *optional]]
            for text in [*said, *scope_docs(self.plan.scope, tp.scope)]:
                lines = textwrap.wrap(text, 106)
                doc += [f"    {lines[0]}", *[f"        {x}" for x in lines[1:]]]
        doc += ["", "Returns:", f"    {self.returns(tp)}"]
        docstring = '    """' + "\n    ".join(doc).replace("\n    \n", "\n\n") + '\n    """'
        body = [*scope_checks(self.plan.scope, tp.scope), *getattr(self, f"body_{tp.verb}")(tp)]
        return f"{deco}\n{head}\n{docstring}\n" + "\n".join(f"    {x}" if x else "" for x in body)

    def returns(self, tp: ToolPlan) -> str:
        noun = tp.table.noun
        return {"list": list_returns(self.plan, tp),
                "get": f"The {noun} with the names of the rows it refers to.",
                "create": f"The new {noun}.", "update": f"The {noun} as changed.",
                "delete": f"The removed {noun}, marked deleted."}.get(tp.verb, f"The {noun} as changed.")

    def ref_value(self, a: Arg, var: str | None = None, avoid: set[str] | None = None) -> tuple[list[str], str]:
        """Lines that look up a reference argument's row, and the expression of its key (``avoid``: the tool's
        argument names, which the row's variable must not shadow)."""
        ref = self.plan.table(a.column.references or "")
        self.lookups.add(ref.name)
        var = var or _var(a.name[:-3] if a.name.endswith("_id") else snake(ref.entity))
        if var in (avoid or set()) or var == a.name:
            var = f"{var}_row"
        return [f"{var} = {self.lookup_name(ref)}(db, {a.name})"], f'{var}["{ref.key.name}"]'

    def checked(self, a: Arg, target: str) -> list[str]:
        """Lines that check a plain value argument and leave it (normalized) in ``target``."""
        c, name = a.column, a.name
        lines: list[str] = []
        if c.kind == "string" and c.fmt == "email":
            lines.append(f"{target} = _email({q(name)}, {name})")
        elif c.kind == "date":
            lines.append(f"{target} = _day({q(name)}, {name})")
        elif c.kind == "datetime":
            lines.append(f"{target} = _moment({q(name)}, {name})")
        elif c.kind == "string" and not c.enum and (c.min_length is not None or c.max_length is not None):
            lines.append(f"{target} = _text({q(name)}, {name}, {q(c.min_length)}, {q(c.max_length)})")
        elif c.kind == "string" and not c.enum:
            lines.append(f"{target} = {name}.strip()")
        elif c.kind in ("integer", "number") and (c.minimum is not None or c.maximum is not None):
            lines.append(f"{target} = _within({q(name)}, {name}, {q(c.minimum)}, {q(c.maximum)})")
        else:
            lines.append(f"{target} = {name}")
        if checks_pattern(c):  # a pattern that allows any text is not checked (patterns.py)
            lines.append(f"{target} = _matches({q(name)}, {target}, {q(c.pattern)})")
        return [x for x in lines if x != f"{target} = {name}" or target != name]

    def requires(self, tp: ToolPlan, a: Arg, var: str) -> list[str]:
        ref = self.plan.table(a.column.references or "")
        lines = []
        for col, cond in a.requires.items():
            what = f"{words(tp.name)} needs {article(ref.noun)}"
            if isinstance(cond, list):
                lines += [f'if {var}["{col}"] not in ({", ".join(q(v) for v in cond)}{"," if len(cond) == 1 else ""}):',
                          f'    raise ToolError(f"{ref.noun} {{{var}[\'{ref.key.name}\']}} is {{{var}[\'{col}\']}}: '
                          f'{what} whose {words(col)} is {join_or(cond)}")']
            elif isinstance(cond, dict) and cond.get("after") == "now":
                lines += [f'if _time_of({var}["{col}"]) <= _time_of(db.now):',
                          f'    raise ToolError(f"{ref.noun} {{{var}[\'{ref.key.name}\']}} has {col} '
                          f'{{{var}[\'{col}\']}}: {what} whose {col} is after now ({{db.now}})")']
            elif isinstance(cond, dict) and cond.get("before") == "now":
                lines += [f'if _time_of({var}["{col}"]) >= _time_of(db.now):',
                          f'    raise ToolError(f"{ref.noun} {{{var}[\'{ref.key.name}\']}} has {col} '
                          f'{{{var}[\'{col}\']}}: {what} whose {col} is before now ({{db.now}})")']
        return lines

    def body_get(self, tp: ToolPlan) -> list[str]:
        key = next(a for a in tp.args if a.role == "key")
        self.lookups.add(tp.table.name)
        if not any(a.role == "parent" for a in tp.args):
            return [f"return {self.lookup_name(tp.table)}(db, {key.name})"]
        var = _var(snake(tp.table.entity))
        return [f"{var} = {self.lookup_name(tp.table)}(db, {key.name})", *self.parent_lines(tp, var), f"return {var}"]

    def parent_lines(self, tp: ToolPlan, var: str) -> list[str]:
        """Lines refusing a row that is not the one of the parent its path names (``/channels/{c}/members/{m}``:
        member ``m`` must be channel ``c``'s)."""
        t, lines = tp.table, []
        for a in tp.args:
            if a.role != "parent":
                continue
            if a.column.references:
                look, given = self.ref_value(a, avoid={x.name for x in tp.args} | {var})
                lines += look
                parent = self.plan.table(a.column.references).noun
            else:
                lines += self.checked(a, a.name)
                given, parent = a.name, words(a.name)
            lines += [f'if {var}["{a.name}"] != {given}:',
                      f'    raise ToolError(f"{t.noun} {{{var}[\'{t.key.name}\']}} is not under {parent} '
                      f'{{{_inner(given)}}} (it belongs to {parent} {{{var}[\'{a.name}\']}})")']
        return lines

    def agree_lines(self, tp: ToolPlan, row: dict[str, str]) -> list[str]:
        """Lines refusing two records that disagree: a reference given beside another record that holds its own
        copy of it (a submission's course and course work: the course work's own course)."""
        tables = {t.name: t for t in self.plan.tables}
        lines = []
        for name, via in copied_references(tp.table, tables).items():
            a, b = tp.arg(name), tp.arg(via)
            if a is None or b is None or a.role == "key" or b.role not in ("value", "parent") or name not in row \
                    or via not in row or not a.column.references or not b.column.references:
                continue
            var = row[via].split("[")[0]
            other, ref = self.plan.table(b.column.references or ""), self.plan.table(a.column.references or "")
            check = [f'if {var}["{name}"] is not None and {var}["{name}"] != {row[name].split(" if ")[0]}:',
                     f'    raise ToolError(f"{other.noun} {{{var}[\'{other.key.name}\']}} belongs to {ref.noun} '
                     f'{{{var}[\'{name}\']}}, not {ref.noun} {{{_inner(row[name].split(" if ")[0])}}}")']
            optional = [x.name for x in (a, b) if not x.column.required]
            lines += [f"if {' and '.join(f'{x} is not None' for x in optional)}:", *[f"    {x}" for x in check]] \
                if optional else check
        return lines

    def span_lines(self, tp: ToolPlan, var: str | None = None) -> list[str]:
        """Lines refusing an end before its start (``var``: the row an update changes)."""
        t, lines = tp.table, []
        for start, end in date_pairs(t):
            given = [c.name for c in (start, end) if (a := tp.arg(c.name)) is not None and a.role == "value"]
            if not given or (var is None and len(given) < 2):
                continue
            first, last = ((f'changes.get("{c.name}", {var}["{c.name}"])' if var else c.name) for c in (start, end))
            lines += [f'_span("{article(t.noun)}", "{said(start)}", {first},', f'      "{said(end)}", {last})']
        return lines

    def copy_lines(self, tp: ToolPlan, var: str) -> list[str]:
        """Lines keeping the copies of changed fields in a table holding the same record (see :mod:`.links`)."""
        t, lines = tp.table, []
        for other in self.plan.tables:
            if other is t or not (extension_of(other, self.plan.tables) is t or extension_of(t, self.plan.tables)
                                  is other):
                continue
            fields = [f for f in shared_columns(t, other) if tp.arg(f) is not None or (
                tp.transition and tp.transition["field"] == f)]
            if fields:
                lines += [f'_copy(db, "{other.name}", "{other.key.name}", {var}["{t.key.name}"], changes,',
                          f'      {tuple(fields)!r})']
        return lines

    def body_list(self, tp: ToolPlan) -> list[str]:
        t = tp.table
        if not tp.args:
            return [f'return _select(db, {self.sql_name(t, True)}, [], [], "t.{t.key.name}")']
        lines = ["where: list[str] = []", "params: list[Any] = []"]
        for a in tp.args:
            col = a.target or a.name
            lines.append(f"if {a.name} is not None:")
            if a.column.references:
                look, expr = self.ref_value(a, avoid={x.name for x in tp.args})
                lines += [f"    {x}" for x in look]
                lines += [f'    where.append("t.{col} = ?")', f"    params.append({expr})"]
            elif a.match == "date":
                lines += [f'    where.append("CAST(t.{col} AS DATE) = CAST(? AS DATE)")',
                          f"    params.append(_day({q(a.name)}, {a.name}))"]
            elif a.column.fmt == "email":
                lines += [f'    where.append("lower(t.{col}) = ?")', f"    params.append(_email({q(a.name)}, {a.name}))"]
            elif a.column.kind in ("date", "datetime"):  # a malformed date is the caller's error, not a crash
                check = "_day" if a.column.kind == "date" else "_moment"
                lines += [f'    where.append("t.{col} = ?")', f"    params.append({check}({q(a.name)}, {a.name}))"]
            elif a.column.kind == "string" and not a.column.enum:
                lines += [f'    where.append("lower(t.{col}) = lower(?)")', f"    params.append({a.name}.strip())"]
            else:
                lines += [f'    where.append("t.{col} = ?")', f"    params.append({a.name})"]
        sql = self.sql_name(t, True)
        if key_filter(tp) and sql != self.sql_name(t):  # given the key, the whole row (the list shows summaries)
            sql = f"{self.sql_name(t)} if {key_filter(tp)} is not None else {sql}"
        lines.append(f'return _select(db, {sql}, where, params, "t.{t.key.name}")')
        return lines

    def value_lines(self, tp: ToolPlan, a: Arg, row: dict[str, str]) -> list[str]:
        """Check one value argument and record its column expression in ``row``."""
        if a.column.references:
            look, expr = self.ref_value(a, avoid={x.name for x in tp.args} | {_var(snake(tp.table.entity))})
            var = look[0].split(" = ")[0]
            row[a.name] = expr
            return look + self.requires(tp, a, var)
        lines = self.checked(a, a.name)
        row[a.name] = a.name
        return lines

    def unique_lines(self, tp: ToolPlan, row: dict[str, str], exclude: str | None = None) -> list[str]:
        t = tp.table
        lines = []
        for c in t.columns:
            if c.unique and c.name in row:
                cmp = f"lower({c.name}) = lower(?)" if c.kind == "string" else f"{c.name} = ?"
                params = [row[c.name]]
                if exclude:
                    cmp += f" AND {t.key.name} <> ?"
                    params.append(exclude)
                lines += [f'if db.scalar("SELECT count(*) FROM {t.name} WHERE {cmp}", [{", ".join(params)}]):',
                          f'    raise ToolError(f"another {t.noun} already has the {words(c.name)} {{{_inner(row[c.name])}!r}}")']
        if exclude:
            return lines
        for u in t.unique:
            if not all(f in row for f in u["fields"]):
                continue
            cond = " AND ".join(f"{f} = ?" for f in u["fields"])
            params = [row[f] for f in u["fields"]]
            among = ""
            for col, values in (u.get("where") or {}).items():
                cond += f" AND {col} IN ({sql_list(values)})"
                among = f" whose {words(col)} is {join_or(values)}"
            said = " and ".join(f"{words(f)} {{{_inner(row[f])}}}" for f in u["fields"])
            lines += [f'if db.scalar("SELECT count(*) FROM {t.name} WHERE {cond}", [{", ".join(params)}]):',
                      f'    raise ToolError(f"there is already {article(t.noun)}{among} for {said}")']
        return lines

    def capacity_lines(self, tp: ToolPlan, row: dict[str, str]) -> list[str]:
        cap = tp.capacity or {}
        t = tp.table
        a = tp.arg(cap["reference"])
        assert a is not None
        parent = self.plan.table(a.column.references or "")
        var = row[a.name].split("[")[0]
        cond = f"{a.name} = ?"
        among = ""
        for col, values in (cap.get("count_where") or {}).items():
            cond += f" AND {col} IN ({sql_list(values)})"
            among = f" whose {words(col)} is {join_or(values)}"
        limit = cap["limit"]
        return [f'taken = db.scalar("SELECT count(*) FROM {t.name} WHERE {cond}", [{row[a.name]}])',
                f'if taken >= {var}["{limit}"]:',
                f'    raise ToolError(f"{parent.noun} {{{_inner(row[a.name])}}} is full: {{taken}} of its {words(limit)} of '
                f'{{{var}[\'{limit}\']}} {plural(t.noun.split()[-1])}{among} are taken")']

    def new_key(self, t: Table) -> str:
        if t.key.kind == "integer":
            return f'_next_number(db, "{t.name}", "{t.key.name}")'
        return f'next_id(db, "{t.name}", "{t.key.name}", {q(t.prefix)}, {max(t.width, 1)})'

    def default_expr(self, c: Column) -> str:
        if c.default is not None:
            return q(c.default)
        if c.enum:
            return q(c.enum[0])
        if c.kind == "date":
            return "db.now[:10]"
        if c.kind == "datetime":
            return "db.now"
        if c.required:
            return {"integer": q(int(c.minimum or 0)), "number": q(float(c.minimum or 0)),
                    "boolean": "False"}.get(c.kind, '""')
        return "None"

    def body_create(self, tp: ToolPlan) -> list[str]:
        t = tp.table
        row: dict[str, str] = {}
        lines: list[str] = []
        required = [a for a in tp.args if a.column.required]
        for a in tp.args:
            if a in required:
                lines += self.value_lines(tp, a, row)
            else:
                inner = self.value_lines(tp, a, row)
                if inner:
                    lines += [f"if {a.name} is not None:", *[f"    {x}" for x in inner]]
                if a.column.references:  # the looked-up row exists only when the reference is given
                    row[a.name] = f"{row[a.name]} if {a.name} is not None else None"
        lines += self.agree_lines(tp, row) + self.span_lines(tp)
        lines += self.unique_lines(tp, row)
        if tp.capacity:
            lines += self.capacity_lines(tp, row)
        key = t.key.name
        if not tp.arg(key):  # a key the caller chooses is an argument of that name, checked unique above
            lines.append(f"{key} = {self.new_key(t)}")
        values = []
        for c in t.columns:
            values.append(key if c is t.key else row.get(c.name, self.default_expr(c)))
        cols = ", ".join(c.name for c in t.columns)
        marks = ", ".join("?" for _ in t.columns)
        lines.append(f'db.execute("INSERT INTO {t.name} ({cols}) VALUES ({marks})",')
        lines.append(f"           [{', '.join(values)}])")
        # The row just inserted: read back without the lookup's not-found refusal, which no call could reach here.
        lines.append(f'return db.query_one({self.sql_name(t)} + " WHERE t.{key} = ?", [{key}]) or {{}}')
        return lines

    def body_update(self, tp: ToolPlan) -> list[str]:
        t = tp.table
        key = next(a for a in tp.args if a.role == "key")
        var = _var(snake(t.entity))
        self.lookups.add(t.name)
        lines = [f"{var} = {self.lookup_name(t)}(db, {key.name})", *self.parent_lines(tp, var),
                 "changes: dict[str, Any] = {}"]
        values = [a for a in tp.args if a.role == "value"]
        looked: dict[str, str] = {a.name: f'{self.ref_value(a, avoid={x.name for x in tp.args} | {var})[1]}'
                                  for a in tp.args if a.role == "parent" and a.column.references}
        for a in values:
            row: dict[str, str] = {}
            inner = self.value_lines(tp, a, row)
            inner += self.unique_lines(tp, row, exclude=f'{var}["{t.key.name}"]')
            inner.append(f'changes["{a.name}"] = {row[a.name]}')
            looked[a.name] = row[a.name]
            if a.column.required:
                lines += inner
            else:
                lines += [f"if {a.name} is not None:", *[f"    {x}" for x in inner]]
        if values and not any(a.column.required for a in values):
            lines += ["if not changes:",
                      f'    raise ToolError("{words(tp.name)} needs at least one of {join_or([a.name for a in values])}")']
        lines += self.agree_lines(tp, looked) + self.span_lines(tp, var)
        lines += [f'_update(db, "{t.name}", "{t.key.name}", {var}["{t.key.name}"], changes)', *self.copy_lines(tp, var),
                  f'return {self.lookup_name(t)}(db, {var}["{t.key.name}"])']
        return lines

    def body_action(self, tp: ToolPlan) -> list[str]:
        t = tp.table
        key = next(a for a in tp.args if a.role == "key")
        var = _var(snake(t.entity))
        self.lookups.add(t.name)
        tr = tp.transition or {}
        col, allowed, to = tr["field"], list(tr.get("from") or []), tr["to"]
        lines = [f"{var} = {self.lookup_name(t)}(db, {key.name})", *self.parent_lines(tp, var)]
        if allowed:
            tup = ", ".join(q(v) for v in allowed) + ("," if len(allowed) == 1 else "")
            lines += [f'if {var}["{col}"] not in ({tup}):',
                      f'    raise ToolError(f"{t.noun} {{{var}[\'{t.key.name}\']}} is {{{var}[\'{col}\']}}: '
                      f'{words(tp.name)} applies only to {article(t.noun)} whose {words(col)} is {join_or(allowed)}")']
        lines.append(f"changes: dict[str, Any] = {{{q(col)}: {q(to)}}}")
        for a in tp.args:
            if a.role != "value":
                continue
            row: dict[str, str] = {}
            inner = [*self.value_lines(tp, a, row), f'changes["{a.name}"] = {row[a.name]}']
            lines += inner if a.column.required else [f"if {a.name} is not None:", *[f"    {x}" for x in inner]]
        lines += self.span_lines(tp, var)
        lines += [f'_update(db, "{t.name}", "{t.key.name}", {var}["{t.key.name}"], changes)', *self.copy_lines(tp, var),
                  f'return {self.lookup_name(t)}(db, {var}["{t.key.name}"])']
        return lines

    def body_delete(self, tp: ToolPlan) -> list[str]:
        t = tp.table
        key = next(a for a in tp.args if a.role == "key")
        var = _var(snake(t.entity))
        self.lookups.add(t.name)
        lines = [f"{var} = {self.lookup_name(t)}(db, {key.name})", *self.parent_lines(tp, var)]
        for other, c in self.plan.referrers(t):
            lines += [f'used = db.scalar("SELECT count(*) FROM {other.name} WHERE {c.name} = ?", '
                      f'[{var}["{t.key.name}"]])',
                      "if used:",
                      f'    raise ToolError(f"{t.noun} {{{var}[\'{t.key.name}\']}} is still referred to by '
                      f'{{used}} {other.noun} row(s)")']
        lines += [f'db.execute("DELETE FROM {t.name} WHERE {t.key.name} = ?", [{var}["{t.key.name}"]])',
                  f'return {{**{var}, "deleted": True}}']
        return lines


def _inner(expr: str) -> str:
    """An expression placed inside a double-quoted f-string (Python 3.11 cannot reuse the quote)."""
    return expr.replace('"', "'")


def _wrap_str(sql: str, indent: int) -> str:
    if len(sql) + indent < 116:
        return q(sql)
    parts = textwrap.wrap(sql, 100 - indent, drop_whitespace=False, break_on_hyphens=False)
    pad = " " * (indent + 1)
    return "(" + f"\n{pad}".join(q(p) for p in parts) + ")"


def tools_py(plan: Plan) -> str:
    return wrap_long_lines(ToolsWriter(plan).render())
