"""Compile a digest into an environment folder (no model): schema, seed, tools, tests, policy, QueryGen tasks."""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.compile.codegen import schema_sql, tools_py
from envfactory_gym.envgen.compile.phrasing import goal_phrase
from envfactory_gym.envgen.compile.plan import (
    Arg,
    Column,
    Plan,
    Table,
    ToolPlan,
    build_plan,
    enum_names,
    plural,
    words,
)
from envfactory_gym.envgen.compile.policy import rules
from envfactory_gym.envgen.compile.report import report_data, report_json, report_text
from envfactory_gym.envgen.compile.scope import scope_phrase
from envfactory_gym.envgen.compile.seeding import generate_py
from envfactory_gym.envgen.compile.source import SPEC_FILE, source_subset
from envfactory_gym.envgen.compile.testgen import explore_all, render_tests
from envfactory_gym.envgen.digest import Digest
from envfactory_gym.errors import CompileError, UsageError

NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
#: Tasks sampled into the folder's tasks.jsonl.
TASKS = 60


def manifest(plan: Plan) -> str:
    data = {"name": plan.name, "version": 0, "domain": plan.domain,
            "description": " ".join((plan.description or plan.title).split()),
            "now": plan.now, "max_steps": 20, "policy_file": "policy.md", "compact_policy_file": "policy_compact.md",
            "rules": rules(plan)}
    if plan.origin:
        data["source"] = dict(plan.origin)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def policy(plan: Plan) -> tuple[str, str]:
    """The full policy and the compact one."""
    lines = [f"You are the assistant of {plan.title}. {' '.join(plan.description.split())}".strip(), "",
             "## How to work", "",
             "- Find records with the lookup tools; ids, names, statuses and dates come from tool results, "
             "never from guesses.",
             "- Do what the user asks, one call per change, and end with the outcome and its key facts "
             "(ids, statuses, dates as YYYY-MM-DD, amounts as 12.50).",
             "- When a tool refuses, explain the reason to the user and do not try to work around it.",
             *[f"- {scope_phrase(n, v)}" for n, v in plan.scope.items()], "", "## Rules", ""]
    lines += [f"- {r}" for r in rules(plan)]
    lines += ["", "## Records", ""]
    for t in plan.tables:
        desc = f": {t.description.rstrip('.')}" if t.description else ""
        lines.append(f"- {t.noun.capitalize()}{desc}. Ids look like {t.example_id()}.")
    lines += ["", "## Tools", ""]
    for tp in plan.tools:
        extra = f" {' '.join(tp.details.split())}" if tp.details else ""
        lines.append(f"- `{tp.name}`: {tp.summary.rstrip('.')}.{extra}")
    full = "\n".join(lines) + "\n"
    compact = textwrap.fill(f"Assistant of {plan.title}. Facts come from tool results only; one call per change; "
                            "explain refusals. Rules: " + " ".join(rules(plan)[:-1]), 116) + "\n"
    return full, compact


def _label_refer(plan: Plan, t: Table, prefix: str = "") -> str | None:
    """How a row of ``t`` is named from its label fields (``prefix``: the joined names in a referring row)."""
    label = t.label()
    if len(label) == 2:  # a person's first and last name
        return f"{{{prefix}{label[0]}}} {{{prefix}{label[1]}}}" if not prefix else f"{{{prefix}name}}"
    if t.text_label():
        return f'the {t.noun} "{{{prefix}{label[0]}}}"'
    if label:
        return f"the {t.noun} on {{{prefix}{label[0]}:datetime}}"
    return None


def _refers(plan: Plan, t: Table) -> list[str]:
    """Descriptions of a row of ``t``: from its own record, then from the joined names of a row referring to it."""
    refer = []
    own = _label_refer(plan, t)
    if own:
        refer.append(own)
    named = []
    for c in t.columns:
        if c.references and c is not t.key:
            ref = plan.table(c.references)
            label, base = ref.label(), c.name[:-3] if c.name.endswith("_id") else c.name
            if len(label) == 2 or ref.text_label():
                named.append(f"{{{base}_{'name' if len(label) == 2 else label[0]}}}")
            elif label:
                named.append(f"the {ref.noun} on {{{base}_{label[0]}:datetime}}")
    traits = [c.name for c in t.columns if c is not t.key and not c.references and not c.read_only
              and (c.enum or c.kind in ("integer", "number", "date"))]
    if own and named:
        refer.append(f"{own} of {named[0]}")
    if len(named) >= 2:
        refer.append(f"the {t.noun} of {named[0]} for {named[1]}")
    if named and not own:  # no label of its own: named by the rows it refers to and a trait, most specific first
        refer += [f"the {t.noun} of {named[0]}, {words(c)} {{{c}}}" for c in traits[:2]]
        refer.append(f"the {t.noun} of {named[0]}")
    elif not own and len(traits) >= 2:
        refer.append(f"the {t.noun} with {words(traits[0])} {{{traits[0]}}} and {words(traits[1])} {{{traits[1]}}}")
    for other in plan.tables:  # a row named in another table's results by the joined label fields
        for c in other.columns:
            if c.references == t.name and c is not other.key:
                base = c.name[:-3] if c.name.endswith("_id") else c.name
                said = _label_refer(plan, t, f"{base}_")
                if said and said not in refer:
                    refer.append(said)
    return refer


def _fresh(rows: list[dict[str, str]], c: Column, count: int = 8) -> list[str]:
    """Values of a unique column no seeded row holds yet, made from the seeded ones: the next codes of a column of
    codes (``Q-0041`` after ``Q-0040``), else a seeded value with a number."""
    taken = {str(r.get(c.name) or "").lower() for r in rows}
    values = [str(r[c.name]) for r in rows if r.get(c.name)]
    codes = [re.fullmatch(r"([A-Za-z]{1,4}-)(\d{3,})", v) for v in values]
    if values and all(codes):
        prefix, width = codes[0].group(1), len(codes[0].group(2))  # type: ignore[union-attr]
        top = max(int(m.group(2)) for m in codes if m)
        return [f"{prefix}{n:0{width}d}" for n in range(top + 1, top + 1 + count)]
    out: list[str] = []
    for i in range(len(rows)):
        if len(out) >= count or not values:
            break
        if c.fmt == "email" and rows[0].get("first_name") is not None and rows[0].get("last_name") is not None:
            first, last = rows[i].get("first_name") or "", rows[(i * 7 + 3) % len(rows)].get("last_name") or ""
            head = re.sub(r"[^a-z0-9.]", "", f"{first}.{last}".lower())
            value = f"{head}@example.com"
        elif c.fmt == "email":
            head, _, tail = values[i % len(values)].partition("@")
            value = f"{head}{i + 2}@{tail or 'example.com'}"
        else:
            value = f"{values[i % len(values)]} {i + 2}"
        if value.lower() not in taken and (c.max_length is None or len(value) <= c.max_length):
            taken.add(value.lower())
            out.append(value)
    return out


def _values(plan: Plan, tp: ToolPlan, a: Arg, rows: dict[str, list[dict[str, str]]]) -> dict[str, Any] | None:
    """Where the sampler draws a write tool's value the user gives (None: its own default does well)."""
    c = a.column
    if a.role != "value" or c.references:
        return None
    own = tp.table.column(c.name)
    if not c.required and (tp.verb != "update" or c.kind == "json"):
        return None  # optional values of other writes stay the user's choice; a structured one is not said
    if c.enum:
        return {"choices": list(c.enum)} if not c.required else None
    if c.unique:
        fresh = _fresh(rows.get(tp.table.name, []), c)
        return {"choices": fresh} if fresh else None
    if own is not None and any(r.get(c.name) for r in rows.get(tp.table.name, [])):
        if c.kind in ("integer", "number") or not c.required:
            return {"column": f"{tp.table.name}.{c.name}"}
        return None
    if c.kind in ("integer", "number") and (c.minimum is not None or c.maximum is not None):
        low = c.minimum if c.minimum is not None else 0
        high = c.maximum if c.maximum is not None else low + 10
        picks = sorted({low, (low + high) / 2, high})
        return {"choices": [int(v) if c.kind == "integer" else float(v) for v in picks]}
    return None


#: Names of the values a new record is known by, when the tool requires none: what it is called (the table's
#: label columns first), else what it says; and how it is reached (the first kind found).
_CALLED = re.compile(r"(^|_)(name|title|subject|label|summary|headline)$")
_CONTENT = re.compile(r"(^|_)(body|text|content|message|description|notes?|comment)$")
_CONTACT = (re.compile(r"(^|_)(email|email_address)$"), re.compile(r"(^|_)(number|phone|phone_number)$"),
            re.compile(r"^address$|(^|_)url$"))


def _needed(tp: ToolPlan, rows: dict[str, list[dict[str, str]]]) -> dict[str, dict[str, Any]] | None:
    """The optional values of a create that requires none a user gives, that every request for it states (its
    name or what it says, and how it is reached), with where the sampler draws them: ``{}`` when the tool
    requires a value or none of these is found; None when it takes nothing a user could say at all, no such
    value, no choice and no row (no goal: every call would make the same empty record)."""
    if tp.verb != "create" or any(a.column.required and a.role == "value" and not a.column.references
                                  for a in tp.args):
        return {}
    values = [a for a in tp.args if a.role == "value" and not a.column.references and a.column.kind == "string"
              and not a.column.enum and not a.name.endswith(("_id", "_ids"))]
    label = [a for a in values if a.name in tp.table.label()]
    called = [a for a in values if _CALLED.search(a.name)] or [a for a in values if _CONTENT.search(a.name)]
    picks = label or called[:1]
    picks += next(([a] for i, rx in enumerate(_CONTACT) for a in values if a not in picks
                   and (rx.search(a.name) or i == 0 and a.column.fmt == "email")), [])
    out = {a.name: {**source, "needed": True} for a in picks for source in [_source(tp, a, rows)] if source}
    if not out and not any(a.column.required or a.column.enum for a in tp.args):
        return None
    return out


def _source(tp: ToolPlan, a: Arg, rows: dict[str, list[dict[str, str]]]) -> dict[str, Any] | None:
    """Where the sampler draws a value of ``a`` for a new row: fresh ones for a unique field, else the seeded
    rows' values of the field."""
    c = a.column
    if c.unique:
        fresh = _fresh(rows.get(tp.table.name, []), c)
        return {"choices": fresh} if fresh else None
    if tp.table.column(c.name) is not None and any(r.get(c.name) for r in rows.get(tp.table.name, [])):
        return {"column": f"{tp.table.name}.{c.name}"}
    return None


def _say(a: Arg, optional: bool = False) -> str:
    """How a goal says the value of ``a``: rows by their descriptions ("the <noun> whose ..."; an optional one after
    its name: "new <noun>: the <noun> whose ..."), other values after their names; a structured one is left to the
    agent (the sampler masks it)."""
    if a.column.kind == "json":  # no thing a person says in words: the agent may give any (the gold masks it)
        return f"{words(a.name)} of your choice"
    if a.column.references or a.role == "key" or a.name.endswith(("_id", "_ids")):
        said = re.sub(r" ids?$", "", words(a.name))
        return f"{said}: {{{a.name}}}" if optional else f"{{{a.name}}}"  # not "<noun> id the <noun> ..."
    return f"{words(a.name)} {{{a.name}}}"


def querygen(plan: Plan, rows: dict[str, list[dict[str, str]]] | None = None) -> str:
    """Declarations so that sampled requests name rows by their labels, say goals in the specification's words,
    and give values the tools accept (fresh ones for unique fields, values in range for bounded numbers)."""
    rows = rows or {}
    tables: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    for t in plan.tables:
        entry: dict[str, Any] = {"noun": t.noun}
        refer = _refers(plan, t)
        if refer:
            entry["refer"] = refer
        tables[t.name] = entry
        for c in t.columns:
            if c.fmt == "email" or c.name in ("first_name", "last_name", "phone"):
                fields[c.name] = None
    for name in plan.scope:  # the deployment's constant, printed in the policy: no fact to look up
        fields[name] = None
    tools: dict[str, Any] = {}
    for tp in plan.tools:
        decl: dict[str, Any] = {}
        if tp.writes:
            needed = _needed(tp, rows)  # values a new record is known by: said as if required
            required = [a for a in tp.args if a.column.required or a.role == "key" or a.name in (needed or {})]
            # a structured value ([], {}) is no thing a person asks for in words
            optional = [a for a in tp.args if a not in required and not a.column.references and a.column.kind != "json"]
            said = ": " + ", ".join(_say(a) for a in required) if required else ""
            extra = "".join(f"[; {'new ' if tp.verb == 'update' else ''}{_say(a, True)}]" for a in optional)
            decl["goal"] = [f"{goal_phrase(tp)}{said}{extra}."]
            params = {a.name: v for a in tp.args for v in [_values(plan, tp, a, rows)] if v}
            if needed is None:
                decl["target"] = False  # nothing a user could say fills it: no request asks for it
            else:
                params.update(needed)
            if params:
                decl["parameters"] = params
        elif tp.verb == "list" and tp.args:
            parts = []
            for a in tp.args:
                if a.column.references:
                    parts.append(f"[ of {{{a.name}}}]")
                elif a.match == "date":
                    parts.append(f"[ on {{{a.name}:date}}]")
                else:
                    parts.append(f"[ with {words(a.name)} {{{a.name}}}]")
            decl["mention"] = [f"I'm looking at {plural(tp.table.noun)}{''.join(parts)}."]
        if decl:
            tools[tp.name] = decl
    data = {"tables": tables, "fields": fields, "tools": tools}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def default_name(digest: Digest) -> str:
    """The environment name a specification gives: its ``x-name``, else its title as lowercase words joined by
    underscores (a trailing ``api`` dropped), for SQL the schema file's name."""
    name = re.sub(r"_api$", "", digest.name) or digest.name
    return name if NAME_PATTERN.match(name) else f"env_{name}".strip("_")


def compile_digest(digest: Digest, out: str | Path | None = None, *, name: str | None = None,
                   domain: str | None = None, tasks: int = TASKS, force: bool = False,
                   max_tables: int | None = None, max_tools: int | None = None,
                   focus: list[str] | None = None) -> Path:
    """Write the environment folder ``out`` for ``digest``; assembled in a temporary sibling, then moved into place.

    ``name`` defaults to :func:`default_name`, ``out`` to a folder of that name in the current folder. A large
    specification is cut to a coherent subset of ``max_tables`` tables and ``max_tools`` tools; the folder's
    ``report.json`` and ``report.md`` say what was compiled, skipped (with reasons) and left out. ``focus`` names
    the resources the subset is built around (default: those with the most writes).

    Raises:
        EnvFactoryError: a bad name, an existing folder (without ``force``), or a digest the compiler cannot turn
            into tables and tools (one line naming the source and the problem).
    """
    name = name or default_name(digest)
    out = Path(out) if out is not None else Path(name)
    if not NAME_PATTERN.match(name):
        raise UsageError(f"--name {name!r}: use lowercase letters, digits and underscores, starting with a "
                         f"letter (e.g. {re.sub(r'[^a-z0-9_]', '_', name.lower()).strip('_') or 'my_env'!r})")
    if out.exists() and not force:
        raise UsageError(f"--out {out}: already exists (remove it or pass --force)")
    if not out.parent.is_dir():
        raise UsageError(f"--out {out}: the parent folder {out.parent} does not exist")
    plan = build_plan(digest, name=name, domain=domain, max_tables=max_tables, max_tools=max_tools, focus=focus)
    work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=out.parent))
    try:
        folder = work / name
        if digest.source_kind == "openapi" and digest.sources and Path(digest.sources[0]).is_file():
            plan.origin["spec"] = SPEC_FILE
        write_folder(plan, folder, tasks)
        if _drop_unreachable(plan, folder):  # written again without the tools no request can reach
            shutil.rmtree(folder)
            write_folder(plan, folder, tasks)
        if plan.origin.get("spec"):  # the compiled operations of the specification, with its info and licence
            routes = [tp.route for tp in plan.tools if tp.route]
            _write(folder / SPEC_FILE, json.dumps(source_subset(digest.sources[0], routes), indent=1,
                                                  ensure_ascii=False) + "\n")
        data = report_data(plan)  # no wall time in the folder: a compile is deterministic
        _write(folder / "report.json", report_json(data))
        _write(folder / "report.md", report_text(data))
        if out.exists():
            shutil.rmtree(out)
        shutil.move(str(folder), str(out))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def _drop_unreachable(plan: Plan, folder: Path) -> bool:
    """Leave out the tools an agent could never be asked to use (an id they need is listed by no other tool and
    known to no user, or no fair request using them can be phrased: see :mod:`.reach`), with the reason in the
    report; False when every tool is reachable.

    Raises:
        CompileError: no write is reachable (a request could change nothing: no stateful environment remains).
    """
    from envfactory_gym.envgen.compile.reach import unreached
    from envfactory_gym.package import EnvPackage

    pkg = EnvPackage(folder, allow_no_tasks=True)
    try:
        dead = unreached(pkg)
    finally:
        pkg.close()
    kept = [tp for tp in plan.tools if tp.name not in dead]
    if not dead:
        return False
    if not any(tp.writes for tp in kept):  # nothing a request could change: no stateful environment remains
        writes = [f"{tp.name} ({dead[tp.name].split(':', 1)[0]})" for tp in plan.tools if tp.writes]
        raise CompileError(f"{plan.source}: no write operation can be reached: {', '.join(writes[:4])}"
                           f"{' ...' if len(writes) > 4 else ''}")
    for tp in plan.tools:
        if tp.name in dead:
            method, path = tp.route or ("", "")
            plan.skipped.append({"operation": tp.name, "method": method.upper(), "path": path,
                                 "reason": dead[tp.name]})
    plan.tools = kept
    plan.enums = enum_names(plan)
    return True


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def write_folder(plan: Plan, folder: Path, tasks: int) -> None:
    """Every file of the environment, in dependency order: code, seed, tests (from runs), then sampled tasks."""
    from envfactory_gym.package import EnvPackage
    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.tasks import append_tasks

    _write(folder / "manifest.json", manifest(plan))
    _write(folder / "schema.sql", schema_sql(plan))
    _write(folder / "tools.py", tools_py(plan))
    full, compact = policy(plan)
    _write(folder / "policy.md", full)
    _write(folder / "policy_compact.md", compact)
    _write(folder / "seed" / "generate.py", generate_py(plan))
    _write(folder / "tasks.jsonl", "")
    proc = subprocess.run([sys.executable, str(folder / "seed" / "generate.py")], capture_output=True, text=True,
                          timeout=300)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise CompileError(f"{plan.source}: the compiled seed script failed: {last}")
    rows = {}
    for t in plan.tables:
        with (folder / "seed" / f"{t.name}.csv").open(newline="", encoding="utf-8") as f:
            rows[t.name] = list(csv.DictReader(f))
    _write(folder / "querygen.json", querygen(plan, rows))
    pkg = EnvPackage(folder, allow_no_tasks=True)
    try:
        cases = explore_all(plan, pkg)
        append_tasks(folder / "tasks.jsonl", TaskSampler(pkg, seed=0).sample(tasks))
    finally:
        pkg.close()
    _write(folder / "tests" / f"test_{plan.name}.py", render_tests(plan, cases))
