"""The compiler's plan of an environment: tables, columns and tools derived from a digest, before any code is written."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from envfactory_gym.envgen.compile.blueprint import (  # noqa: F401  (the plan's data, re-exported)
    DEFAULT_SEED_ROWS,
    Arg,
    Column,
    Plan,
    Table,
    ToolPlan,
    article,
    join_or,
    plural,
    singular,
    snake,
    words,
)
from envfactory_gym.envgen.digest import Digest, Entity, Operation, Parameter
from envfactory_gym.errors import CompileError, suggest

DEFAULT_NOW = "2026-03-02T09:00:00"


#: Key names that say nothing of their resource: a table keyed so is keyed ``<resource>_<key>`` instead.
GENERIC_KEYS = frozenset({"id", "name", "key", "uuid", "uid", "sid", "gid", "arn", "code", "slug"})


def _column(p: Parameter, tables: dict[str, str]) -> Column:
    kind = {"date": "date", "date-time": "datetime"}.get(p.format or "", p.type) if p.type == "string" else p.type
    if kind in ("array", "object"):
        kind = "json"
    ext = dict(p.extensions)
    default = p.default if kind != "json" and not isinstance(p.default, (dict, list)) else None
    return Column(name=p.name, kind=kind, required=p.required, description=p.description.rstrip("."),
                  enum=list(p.enum) if p.enum else None, fmt=p.format, minimum=p.minimum, maximum=p.maximum,
                  min_length=p.min_length, max_length=p.max_length, pattern=p.pattern,
                  references=tables.get(p.references or ""), read_only=bool(getattr(p, "read_only", False)),
                  unique=bool(ext.get("unique") is True), default=default, ext=ext)


def _id_shape(entity: Entity) -> tuple[str, int, int]:
    """An id's prefix, digit count and first number, from the examples or the pattern."""
    pk = entity.primary_key()
    assert pk is not None
    values = [e.get(pk.name) for e in entity.examples if e.get(pk.name) is not None]
    values += list(pk.extensions.get("examples") or [])
    for v in values:
        m = re.fullmatch(r"(.*?)(\d+)", str(v))
        if m:
            return m.group(1), len(m.group(2)), int(m.group(2))
    m = re.fullmatch(r"\^?([A-Za-z_\-]*)\[0-9\]\{(\d+)\}\$?", pk.pattern or "")
    if m:
        return m.group(1), int(m.group(2)), 1
    prefix = "".join(w[0] for w in snake(entity.name).split("_")).upper() + "-"
    return prefix, 4, 1


def _focus_table(given: str, tables: list[Table], digest: Digest) -> str:
    """The table ``--focus`` names: by table, resource (schema) or noun, in either number, case-insensitively."""
    forms = {given.strip().lower(), snake(given), singular(snake(given)), plural(snake(given))}
    for t in tables:
        if forms & {t.name, t.entity.lower(), snake(t.entity), singular(snake(t.entity)), t.noun.replace(" ", "_")}:
            return t.name
    raise CompileError(f"--focus {given!r}: no such resource in {_source(digest)}"
                       f"{suggest(given, [t.entity for t in tables] + [t.name for t in tables])}")


def build_plan(digest: Digest, *, name: str | None = None, domain: str | None = None,
               max_tables: int | None = None, max_tools: int | None = None,
               focus: list[str] | None = None) -> Plan:
    """Turn a digest into tables and tools; a digest without operations gets the standard ones per table.

    An operation that cannot become a tool is skipped with its reason (``plan.skipped``); of what remains, a
    coherent subset within the budget (``max_tables``/``max_tools``, default 8 and 24) is kept and the rest listed
    in ``plan.left_out`` (``focus``: the resources the subset is built around). Only when no tool remains is that an
    error.
    """
    from envfactory_gym.envgen.compile.filters import fit_described, fit_filters
    from envfactory_gym.envgen.compile.links import name_references
    from envfactory_gym.envgen.compile.openapi import sql_reserved
    from envfactory_gym.envgen.compile.samewrites import same_reads, same_writes
    from envfactory_gym.envgen.compile.scope import container_of, find_scope
    from envfactory_gym.envgen.compile.subset import MAX_TABLES, MAX_TOOLS, choose
    from envfactory_gym.envgen.compile.valueclass import typed_moments

    if not digest.entities:
        raise CompileError(f"{_source(digest)}: no resources (entities) to make tables of")
    tables_by_entity: dict[str, str] = {}
    for e in digest.entities:
        table_name = str(e.extensions.get("table") or plural(snake(e.name))) or "records"
        if table_name in sql_reserved() or table_name[0].isdigit():
            table_name = f"t_{table_name}"
        base, n = table_name, 2
        while table_name in tables_by_entity.values():
            table_name, n = f"{base}_{n}", n + 1
        tables_by_entity[e.name] = table_name
    tables: list[Table] = []
    for e in digest.entities:
        pk = e.primary_key()
        if pk is None:
            raise CompileError(f"{_source(digest)}: resource {e.name!r} has no primary key field")
        columns = [_column(f, tables_by_entity) for f in e.fields]
        key = next(c for c in columns if c.name == pk.name)
        key.required = True
        key.references = None
        examples = e.examples
        own = f"{snake(e.name)}_{pk.name}"
        if pk.name in GENERIC_KEYS and not any(c.name == own for c in columns):
            # ``id`` in every table would make any list's ids look like any tool's ``*_id`` input: the key is
            # named after its resource (``pet_id``), as the references to it are
            key.ext = {**key.ext, "field": pk.name}
            key.name = own
            examples = [{(own if k == pk.name else k): v for k, v in x.items()} for x in e.examples]
        prefix, width, start = _id_shape(e) if pk.type == "string" else ("", 0, 1)
        ext = e.extensions
        unique = [u for u in ext.get("unique") or [] if isinstance(u, dict) and u.get("fields")]
        unique += [{"fields": u} for u in ext.get("unique") or [] if isinstance(u, list)]
        for u in unique:
            for f in [*u["fields"], *(u.get("where") or {})]:
                if not any(c.name == f for c in columns):
                    raise CompileError(f"{_source(digest)}: {e.name} x-unique names no field {f!r}"
                                       f"{suggest(f, [c.name for c in columns])}")
        tables.append(Table(name=tables_by_entity[e.name], entity=e.name, noun=words(singular(snake(e.name))),
                            description=e.description, columns=columns, key=key, prefix=prefix, width=width,
                            start=start, unique=unique, seed_rows=int(ext.get("seed-rows") or DEFAULT_SEED_ROWS),
                            examples=examples, past=list(ext.get("past-statuses") or [])))
    keys = {t.name: t.key for t in tables}
    for t in tables:  # a reference holds a value of the key it names (an integer id of a string-keyed table is not)
        for c in t.columns:
            if c.references in keys and c is not t.key and keys[c.references].kind in ("string", "integer"):
                c.kind = keys[c.references].kind
    by_name = {t.entity: t for t in tables}
    operations = digest.operations or [op for t in tables for op in default_operations(t)]
    scope = find_scope(digest)
    for t in tables:  # every row lives in the deployment's scope
        for c in t.columns:
            if c.name in scope and c is not t.key:
                c.enum, c.default, c.required, c.references = [scope[c.name]], scope[c.name], True, None
    skipped: list[dict[str, str]] = list(digest.extensions.get("skipped") or [])
    notes: list[str] = list(digest.extensions.get("notes") or [])
    name_references(tables, notes)  # ``course_id`` beside a ``courses`` table refers to it
    for t in tables:  # ``timestamp``, ``time_created``: a date and time, in the tables and in the tools
        typed_moments([c for c in t.columns if c is not t.key], notes, t.entity)
    tools: list[ToolPlan] = []
    containers = container_of(digest, scope)
    for op in operations:
        if op.entity in containers:  # create, read or delete the domain every call works in: it is fixed
            fixed = containers[op.entity]
            skipped.append({"operation": op.name, "method": op.method or "", "path": op.path or "",
                            "reason": f"acts on the deployment's {fixed.replace('_', ' ')} itself, which is fixed "
                                      f"({scope[fixed]!r}: the scope every call works in)"})
            continue
        scoped = list(dict.fromkeys([p.name for p in op.parameters if p.name in scope] + [
            str(raw["name"]) for raw in op.extensions.get("path-scope") or [] if raw["name"] in scope]))
        op = op.model_copy(update={"parameters": [p for p in op.parameters if p.name not in scope]})
        try:
            tools.append(_tool(op, by_name, tables_by_entity, digest, notes))
            tools[-1].scope = scoped
        except CompileError as exc:
            skipped.append({"operation": op.name, "method": op.method or "", "path": op.path or "",
                            "reason": str(exc).split(f"operation {op.name!r} ", 1)[-1].split(": ", 1)[-1]})
    fit_described(tables, tools, notes)
    fit_filters(tools, notes)
    tools = same_reads(same_writes(tools, skipped), skipped)  # PUT and PATCH of one record, views of it: one tool
    if not any(tp.writes for tp in tools):  # a stateful environment needs something to change
        reasons = [s["reason"] for s in skipped if s.get("method", "GET") != "GET"]
        top = max(set(reasons), key=reasons.count) if reasons else "its POST operations read as searches"
        what = "no operation" if not tools else "no write operation"
        raise CompileError(f"{_source(digest)}: {what} could be compiled ({len(skipped)} skipped; "
                           f"most often: {top})")
    subset = choose(tables, tools, max_tables or MAX_TABLES, max_tools or MAX_TOOLS,
                    focus=[_focus_table(f, tables, digest) for f in focus or ()])
    kept = {t.name for t in subset.tables}
    name_references(subset.tables, notes)  # a field naming a kept resource's key refers to it, not to one left out
    for tp in subset.tools:  # inputs follow the fields they write or filter
        for a in tp.args:
            field = tp.table.column(a.target or a.name) if a.role != "key" else None
            if field is not None and field.references in kept and a.column.references not in kept:
                a.column.references, a.column.kind = field.references, field.kind
    for t in subset.tables:  # references to resources left out become plain ids
        for c in t.columns:
            if c.references and c.references not in kept:
                c.references, c.ext = None, {**c.ext, "id-like": True}
    for tp in subset.tools:
        for a in tp.args:
            if a.column.references and a.column.references not in kept:
                a.column.references, a.column.ext = None, {**a.column.ext, "id-like": True}
                a.requires = {}
    _break_cycles(subset.tables)
    _optional_inputs(subset.tools, notes)
    subset.tools = _fixed_keys(subset.tools, skipped)
    plan = Plan(name=name or digest.name, domain=domain or digest.domain, title=digest.title or digest.name,
                description=digest.description, now=str(digest.extensions.get("now") or DEFAULT_NOW),
                source=", ".join(digest.sources), tables=subset.tables, tools=subset.tools, skipped=skipped,
                left_out=subset.left_out, notes=notes, origin=_origin(digest), scope=scope)
    plan.enums = enum_names(plan)
    return plan


def _origin(digest: Digest) -> dict[str, str]:
    """The manifest's ``source``: what the specification is, as its own ``info`` says."""
    ext = digest.extensions
    out = {"kind": str(digest.source_kind), "api": digest.title or digest.name,
           "version": str(ext.get("source-version") or ""), "license": str(ext.get("source-license") or ""),
           "provider": str(ext.get("providerName") or "")}
    return {k: v for k, v in out.items() if v}


def _fixed_keys(tools: list[ToolPlan], skipped: list[dict[str, str]]) -> list[ToolPlan]:
    """A key path parameter with an enum (``/supportPlanTypes/{planTypeName}``, one of Essential, Standard,
    Advanced) says the resource has a fixed set of keys: the table's key takes that enum, so its seeded rows are
    those keys and every tool naming the key agrees with them."""
    for tp in tools:
        for a in tp.args:
            if a.role == "key" and a.column.enum and a.column is not tp.table.key:
                known = list(tp.table.key.enum or [])
                tp.table.key.enum = known + [v for v in a.column.enum if v not in known]
    for tp in tools:  # every tool's key argument accepts every fixed key
        for a in tp.args:
            if a.role == "key" and tp.table.key.enum and a.column is not tp.table.key:
                a.column.enum = list(tp.table.key.enum)
    kept = []
    for tp in tools:
        if tp.verb == "create" and tp.table.key.enum:  # PUT of a fixed key: every key exists, so it updates one
            if not any(a.role == "value" for a in tp.args):
                method, path = tp.route or ("", "")
                skipped.append({"operation": tp.name, "method": method.upper(), "path": path,
                                "reason": f"creates {plural(tp.table.noun)}, whose keys the specification fixes "
                                          f"({join_or(tp.table.key.enum)}), with nothing to set"})
                continue
            key = dataclasses.replace(tp.table.key, references=tp.table.name, enum=list(tp.table.key.enum))
            tp.verb, tp.args = "update", [Arg(key, "key"), *tp.args]
        kept.append(tp)
    return kept


def _break_cycles(tables: list[Table]) -> None:
    """References that close a cycle (a table referring to itself or to one seeded after it) become optional, so
    that every table can be seeded after the ones it needs."""
    done: set[str] = set()
    pending = list(tables)
    while pending:
        ready = [t for t in pending if all(c.references in done or c.references in (None, t.name)
                                           for c in t.columns)]
        pick = ready[0] if ready else pending[0]
        for c in pick.columns:
            if c.references and c is not pick.key and (c.references not in done or c.references == pick.name):
                c.required = False
        done.add(pick.name)
        pending.remove(pick)


def _optional_inputs(tools: list[ToolPlan], notes: list[str]) -> None:
    """A field a create takes as an optional input may be left empty (a language auto-detected when omitted): its
    column does not demand a value, or a call leaving it out would fail in the database instead of being served."""
    for tp in tools:
        if tp.verb != "create":
            continue
        for a in tp.args:
            col = tp.table.column(a.name)
            if a.role == "value" and not a.column.required and col is not None and col is not tp.table.key \
                    and col.required:
                col.required = False
                notes.append(f"{tp.name}: {a.name!r} is optional, so {tp.table.name}.{col.name} may be empty")


def _source(digest: Digest) -> str:
    return digest.sources[0] if digest.sources else digest.name


def _made_id(key: Column) -> bool:
    """Whether a key is an id the service makes (``id``, ``order_id``, a UUID or ARN) rather than a name or code
    the caller chooses (``queue_name``, ``domain_name``, ``slug``)."""
    name = str(key.ext.get("field") or key.name)
    return key.fmt == "uuid" or name in ("id", "uuid", "arn", "sid", "gid", "guid") or \
        name.endswith(("_id", "_uuid", "_arn", "_sid", "_gid", "_guid"))


def _tool(op: Operation, by_name: dict[str, Table], tables_by_entity: dict[str, str], digest: Digest,
          notes: list[str] | None = None) -> ToolPlan:
    """One tool; inputs the table cannot hold are dropped with a note, a tool that cannot work is a CompileError."""
    notes = notes if notes is not None else []
    where = f"{_source(digest)}: operation {op.name!r}"
    if op.entity not in by_name:
        raise CompileError(f"{where} acts on no known resource{suggest(op.entity or '', by_name)}")
    table = by_name[op.entity]
    verb = op.verb or ("list" if op.kind == "read" else "action")
    summary, _, details = op.description.partition("\n\n")
    args: list[Arg] = []
    seen: set[str] = set()
    tables = {t.name: t for t in by_name.values()}
    for p in op.parameters:
        if p.name in seen:
            notes.append(f"{op.name}: a second input named {p.name!r}; dropped")
            continue
        seen.add(p.name)
        if p.name == table.key.ext.get("field"):  # the key, renamed after its resource
            p = p.model_copy(update={"name": table.key.name})
        col = _column(p, tables_by_entity)
        own = table.column(p.name)
        if own is not None:  # the table's constraints apply where the operation does not restate them
            for attr in ("enum", "fmt", "minimum", "maximum", "min_length", "max_length", "pattern", "references"):
                if getattr(col, attr) is None:
                    setattr(col, attr, getattr(own, attr))
            col.kind = own.kind if col.kind == "string" and own.kind in ("date", "datetime") else col.kind
            if own.kind != col.kind and {own.kind, col.kind} <= {"string", "integer", "number"}:
                col.kind = own.kind  # what the table stores decides (a string path id of an integer key)
            if own.enum and col.enum != own.enum:
                col.enum = list(own.enum)  # a value outside the table's enum could never be stored
            col.unique = own.unique
            col.description = col.description or own.description
        if col.references and col.references in tables:  # an id has the type of the key it names
            col.kind = tables[col.references].key.kind
        if p.name == table.key.name and verb in ("get", "update", "delete", "action"):
            col.references = table.name
            args.append(Arg(col, "key"))
            continue
        if p.name == table.key.name and verb == "create":
            if p.extensions.get("chosen") or p.required and col.kind == "string" and not _made_id(table.key):
                col.unique = table.key.unique = True  # the caller names the record (a queue's name): a new one
                args.append(Arg(col, "value"))
                continue
            notes.append(f"{op.name}: the {op.entity} id {p.name!r} is given by the tool, not asked for")
            continue
        if p.extensions.get("in") == "path" and own is not None and own.references:
            own.ext["nested"] = True  # every row belongs to one (seeded so)
            if verb in ("get", "update", "delete", "action"):  # /parents/{p}/children/{c}: c must be p's
                args.append(Arg(col, "parent"))
                continue
        if verb in ("list", "get"):
            filt = p.extensions.get("filter") or {}
            target = filt.get("field", p.name)
            if verb == "get" and p.extensions.get("given"):
                notes.append(f"{op.name}: input {p.name!r} of a single-record read; dropped")
                continue
            if table.column(target) is None:
                if not p.extensions.get("given"):  # our own dialect: an error
                    raise CompileError(f"{where}: the filter {p.name!r} matches no field of {op.entity}"
                                       f"{suggest(target, [c.name for c in table.columns])}")
                notes.append(f"{op.name}: input {p.name!r} matches no field of {op.entity}; dropped")
                continue
            if table.column(target).kind == "json" or col.kind == "json":  # type: ignore[union-attr]
                notes.append(f"{op.name}: filter {p.name!r} on a structured field; dropped")
                continue
            col.required = False  # a list answers without its filters
            args.append(Arg(col, "filter", match=filt.get("match", "eq"), target=target))
            continue
        if own is None:
            if not p.extensions.get("given"):  # our own dialect: an error
                raise CompileError(f"{where}: the input {p.name!r} is no field of {op.entity}"
                                   f"{suggest(p.name, [c.name for c in table.columns])}")
            notes.append(f"{op.name}: input {p.name!r} is no field of {op.entity}; dropped")
            continue
        if own.read_only and not (own.references and p.extensions.get("in") == "path"):
            continue  # (the record a create's path nests it under is given, though the server sets the field)
        if verb == "update" and p.extensions.get("given"):
            col.required = False  # a change names the fields it changes
        args.append(Arg(col, "value", requires=dict(p.extensions.get("requires") or {})))
    for i, a in reversed(list(enumerate(args))):  # a query parameter and a body field naming one column: one
        if any(b.name == a.name for b in args[:i]):  # input, the first one
            del args[i]
            notes.append(f"{op.name}: two inputs name {a.name!r}; the first one is used")
    if verb in ("get", "update", "delete", "action") and not any(a.role == "key" for a in args):
        raise CompileError(f"{where}: a {verb} needs the {op.entity} id {table.key.name!r} as a parameter")
    if verb == "create" and not args:  # blind play: such a call scores like the task it is the whole of
        raise CompileError(f"{where}: a create that takes no input (every call makes the same empty "
                           f"{op.entity}, so no request can ask for anything)")
    if verb == "update" and not any(a.role == "value" for a in args):
        raise CompileError(f"{where}: an update with no field of {op.entity} to change")
    transition = op.extensions.get("transition")
    if verb == "action" and not transition:
        raise CompileError(f"{where}: an action needs x-transition {{field, from, to}} to say what it changes")
    if transition:
        changed = table.column(str(transition.get("field")))
        if changed is None or not transition.get("to"):
            raise CompileError(f"{where}: x-transition needs a field of {op.entity} and a 'to' value"
                               f"{suggest(str(transition.get('field')), [c.name for c in table.columns])}")
        args = [a for a in args if a.name != changed.name]
    capacity = op.extensions.get("capacity")
    if capacity:
        ref = next((a for a in args if a.name == capacity.get("reference") and a.column.references), None)
        if ref is None:
            raise CompileError(f"{where}: x-capacity.reference must name a reference input"
                               f"{suggest(str(capacity.get('reference')), [a.name for a in args])}")
        parent = next(t for t in by_name.values() if t.name == ref.column.references)
        if parent.column(str(capacity.get("limit"))) is None:
            raise CompileError(f"{where}: x-capacity.limit names no field of {parent.entity}"
                               f"{suggest(str(capacity.get('limit')), [c.name for c in parent.columns])}")
    return ToolPlan(name=op.name, verb=verb, table=table, summary=summary.strip() or f"{verb} {table.noun}",
                    details=details.strip(), args=args, transition=transition, capacity=capacity,
                    route=(op.method.lower(), op.path) if op.method and op.path else None)


def default_operations(table: Table) -> list[Operation]:
    """Get, list (filtered by enum and reference columns), create, update and delete for a table without any."""
    from envfactory_gym.envgen.digest import Parameter as P

    def param(c: Column, required: bool) -> P:
        return P(name=c.name, type="string" if c.kind in ("date", "datetime", "json") else c.kind,
                 required=required, description=c.description, enum=c.enum,
                 format={"date": "date", "datetime": "date-time"}.get(c.kind, c.fmt), minimum=c.minimum,
                 maximum=c.maximum, min_length=c.min_length, max_length=c.max_length, pattern=c.pattern)

    entity, key, noun = table.entity, table.key, table.noun
    filters = [c for c in table.columns if c is not key and (c.enum or c.references or c.unique
                                                             or c.name in ("name", "title", "label", "last_name"))]
    by = f", optionally by {join_or([c.name for c in filters])}" if filters else ""
    values = [c for c in table.columns if c is not key and not c.read_only]
    editable = [c for c in values if not c.references or c.enum]
    return [
        Operation(name=f"list_{table.name}", kind="read", verb="list", entity=entity,
                  description=f"List {plural(noun)}{by}.",
                  parameters=[param(c, False) for c in filters]),
        Operation(name=f"get_{snake(entity)}", kind="read", verb="get", entity=entity,
                  description=f"Get one {noun}.", parameters=[param(key, True)]),
        Operation(name=f"add_{snake(entity)}", kind="write", verb="create", entity=entity,
                  description=f"Add {article(noun)}.", parameters=[param(c, c.required) for c in values]),
        Operation(name=f"change_{snake(entity)}", kind="write", verb="update", entity=entity,
                  description=f"Change fields of {article(noun)}; give at least one.",
                  parameters=[param(key, True), *[param(c, False) for c in editable]]),
        Operation(name=f"remove_{snake(entity)}", kind="write", verb="delete", entity=entity,
                  description=f"Remove {article(noun)} that no other record refers to.", parameters=[param(key, True)]),
    ]


def enum_names(plan: Plan) -> dict[tuple[Any, ...], str]:
    """A ``Literal`` alias name per distinct enum (``status`` of orders -> ``OrderStatus``)."""
    names: dict[tuple[Any, ...], str] = {}
    taken: set[str] = set()
    for t in plan.tables:
        for c in t.columns:
            if c.enum and tuple(c.enum) not in names:
                base = "".join(w.title() for w in c.name.split("_"))
                prefix = "".join(w.title() for w in t.noun.split())
                generic = c.name in ("status", "state", "type", "kind", "id")
                alias = _free(base if base not in taken and not generic else prefix + base, taken)
                names[tuple(c.enum)] = alias
                taken.add(alias)
    for tp in plan.tools:
        for a in tp.args:
            if a.column.enum and tuple(a.column.enum) not in names:
                alias = "".join(w.title() for w in a.name.split("_"))
                alias = _free(alias if alias not in taken else alias + "Choice", taken)
                names[tuple(a.column.enum)] = alias
                taken.add(alias)
    return names


def _free(alias: str, taken: set[str]) -> str:
    """``alias``, or ``alias2``, ``alias3``... when an earlier enum already has that name."""
    out, n = alias, 2
    while out in taken:
        out, n = f"{alias}{n}", n + 1
    return out
