"""The compiler's plan of an environment: tables, columns and tools derived from a digest, before any code is written."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from envfactory_gym.envgen.digest import Digest, Entity, Operation, Parameter
from envfactory_gym.errors import CompileError, suggest

DEFAULT_NOW = "2026-03-02T09:00:00"
DEFAULT_SEED_ROWS = 40


def snake(name: str) -> str:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name))
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def plural(word: str) -> str:
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh", "z")):
        return word + "es"
    return word + "s"


def article(noun: str) -> str:
    """The noun with its indefinite article ("a plot", "an assignment")."""
    return f"{'an' if noun[:1].lower() in 'aeio' else 'a'} {noun}"


def words(name: str) -> str:
    return name.replace("_", " ")


def join_or(values: list[Any], last: str = "or") -> str:
    items = [words(str(v)) for v in values]
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


@dataclass
class Column:
    """A table column (or a tool argument): its type and every constraint the tools enforce."""

    name: str
    kind: str  # string, integer, number, boolean, date, datetime, json
    required: bool = False
    description: str = ""
    enum: list[Any] | None = None
    fmt: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    references: str | None = None  # a table name
    read_only: bool = False
    unique: bool = False
    default: Any = None
    ext: dict[str, Any] = field(default_factory=dict)

    @property
    def sql_type(self) -> str:
        return {"integer": "INTEGER", "number": "DOUBLE", "boolean": "BOOLEAN", "date": "DATE",
                "datetime": "TIMESTAMP"}.get(self.kind, "VARCHAR")

    @property
    def py_type(self) -> str:
        return {"integer": "int", "number": "float", "boolean": "bool"}.get(self.kind, "str")

    def constraints(self) -> list[str]:
        """The constraints as phrases ("one of a, b", "at most 200 characters")."""
        out = []
        if self.enum:
            out.append(f"one of {', '.join(map(str, self.enum))}")
        if self.fmt in ("email", "date", "date-time"):
            out.append({"email": "an email address", "date": "a date YYYY-MM-DD",
                        "date-time": "a date and time YYYY-MM-DDTHH:MM"}[self.fmt])
        if self.min_length is not None and self.max_length is not None:
            out.append(f"{self.min_length} to {self.max_length} characters")
        elif self.max_length is not None:
            out.append(f"at most {self.max_length} characters")
        elif self.min_length is not None:
            out.append(f"at least {self.min_length} characters")
        if self.minimum is not None and self.maximum is not None:
            out.append(f"from {_num(self.minimum)} to {_num(self.maximum)}")
        elif self.minimum is not None:
            out.append(f"at least {_num(self.minimum)}")
        elif self.maximum is not None:
            out.append(f"at most {_num(self.maximum)}")
        return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@dataclass
class Table:
    name: str
    entity: str
    noun: str
    description: str
    columns: list[Column]
    key: Column
    prefix: str = ""
    width: int = 0
    start: int = 1
    unique: list[dict[str, Any]] = field(default_factory=list)
    seed_rows: int = DEFAULT_SEED_ROWS
    examples: list[dict[str, Any]] = field(default_factory=list)
    #: Statuses seeded only on rows whose time has passed (``x-past-statuses``); derived when empty.
    past: list[Any] = field(default_factory=list)

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name == name), None)

    @property
    def upper_ids(self) -> bool:
        return self.key.kind == "string" and bool(self.prefix) and self.prefix == self.prefix.upper() \
            and any(ch.isalpha() for ch in self.prefix)

    def example_id(self) -> Any:
        if self.key.kind == "integer":
            return self.start
        return f"{self.prefix}{self.start:0{self.width}d}" if self.width else f"{self.prefix}{self.start}"

    def missing_id(self) -> Any:
        if self.key.kind == "integer":
            return 10 ** 6 - 1
        return f"{self.prefix}{'9' * max(self.width, 4)}"

    def label(self) -> list[str]:
        """The columns that name a row for people: a name or title, else first and last name."""
        for name in ("name", "title", "label"):
            if self.column(name):
                return [name]
        if self.column("first_name") and self.column("last_name"):
            return ["first_name", "last_name"]
        dated = [c.name for c in self.columns if c.kind == "datetime" and not c.read_only]
        return dated[:1]


@dataclass
class Arg:
    """One tool argument: the column it stands for and how it is used."""

    column: Column
    role: str  # key, filter, value
    match: str = "eq"  # for filters: eq or date
    target: str | None = None  # the column a filter compares
    requires: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.column.name


@dataclass
class ToolPlan:
    name: str
    verb: str
    table: Table
    summary: str
    details: str
    args: list[Arg]
    transition: dict[str, Any] | None = None
    capacity: dict[str, Any] | None = None

    @property
    def writes(self) -> bool:
        return self.verb not in ("get", "list")

    def arg(self, name: str) -> Arg | None:
        return next((a for a in self.args if a.name == name), None)


@dataclass
class Plan:
    name: str
    domain: str
    title: str
    description: str
    now: str
    source: str
    tables: list[Table]
    tools: list[ToolPlan]
    enums: dict[tuple[Any, ...], str] = field(default_factory=dict)

    def table(self, name: str) -> Table:
        return next(t for t in self.tables if t.name == name)

    def referrers(self, table: Table) -> list[tuple[Table, Column]]:
        return [(t, c) for t in self.tables for c in t.columns if c.references == table.name and t is not table]


def _column(p: Parameter, tables: dict[str, str]) -> Column:
    kind = {"date": "date", "date-time": "datetime"}.get(p.format or "", p.type) if p.type == "string" else p.type
    if kind in ("array", "object"):
        kind = "json"
    ext = dict(p.extensions)
    return Column(name=p.name, kind=kind, required=p.required, description=p.description.rstrip("."),
                  enum=list(p.enum) if p.enum else None, fmt=p.format, minimum=p.minimum, maximum=p.maximum,
                  min_length=p.min_length, max_length=p.max_length, pattern=p.pattern,
                  references=tables.get(p.references or ""), read_only=bool(getattr(p, "read_only", False)),
                  unique=bool(ext.get("unique") is True), default=p.default, ext=ext)


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


def build_plan(digest: Digest, *, name: str | None = None, domain: str | None = None) -> Plan:
    """Turn a digest into tables and tools; a digest without operations gets the standard ones per table."""
    if not digest.entities:
        raise CompileError(f"{_source(digest)}: no resources (entities) to make tables of")
    tables_by_entity = {e.name: str(e.extensions.get("table") or plural(snake(e.name))) for e in digest.entities}
    tables: list[Table] = []
    for e in digest.entities:
        pk = e.primary_key()
        if pk is None:
            raise CompileError(f"{_source(digest)}: resource {e.name!r} has no primary key field")
        columns = [_column(f, tables_by_entity) for f in e.fields]
        key = next(c for c in columns if c.name == pk.name)
        key.required = True
        prefix, width, start = _id_shape(e) if pk.type == "string" else ("", 0, 1)
        ext = e.extensions
        unique = [u for u in ext.get("unique") or [] if isinstance(u, dict) and u.get("fields")]
        unique += [{"fields": u} for u in ext.get("unique") or [] if isinstance(u, list)]
        for u in unique:
            for f in [*u["fields"], *(u.get("where") or {})]:
                if not any(c.name == f for c in columns):
                    raise CompileError(f"{_source(digest)}: {e.name} x-unique names no field {f!r}"
                                       f"{suggest(f, [c.name for c in columns])}")
        tables.append(Table(name=tables_by_entity[e.name], entity=e.name, noun=words(snake(e.name)),
                            description=e.description, columns=columns, key=key, prefix=prefix, width=width,
                            start=start, unique=unique, seed_rows=int(ext.get("seed-rows") or DEFAULT_SEED_ROWS),
                            examples=e.examples, past=list(ext.get("past-statuses") or [])))
    by_name = {t.entity: t for t in tables}
    operations = digest.operations or [op for t in tables for op in default_operations(t)]
    tools = [_tool(op, by_name, tables_by_entity, digest) for op in operations]
    plan = Plan(name=name or digest.name, domain=domain or digest.domain, title=digest.title or digest.name,
                description=digest.description, now=str(digest.extensions.get("now") or DEFAULT_NOW),
                source=", ".join(digest.sources), tables=tables, tools=tools)
    plan.enums = _enum_names(plan)
    return plan


def _source(digest: Digest) -> str:
    return digest.sources[0] if digest.sources else digest.name


def _tool(op: Operation, by_name: dict[str, Table], tables_by_entity: dict[str, str], digest: Digest) -> ToolPlan:
    where = f"{_source(digest)}: operation {op.name!r}"
    if op.entity not in by_name:
        raise CompileError(f"{where} acts on no known resource{suggest(op.entity or '', by_name)}")
    table = by_name[op.entity]
    verb = op.verb or ("list" if op.kind == "read" else "action")
    summary, _, details = op.description.partition("\n\n")
    args: list[Arg] = []
    for p in op.parameters:
        col = _column(p, tables_by_entity)
        own = table.column(p.name)
        if own is not None:  # the table's constraints apply where the operation does not restate them
            for attr in ("enum", "fmt", "minimum", "maximum", "min_length", "max_length", "pattern", "references"):
                if getattr(col, attr) is None:
                    setattr(col, attr, getattr(own, attr))
            col.kind = own.kind if col.kind == "string" and own.kind in ("date", "datetime") else col.kind
            col.unique = own.unique
            col.description = col.description or own.description
        if p.name == table.key.name and verb in ("get", "update", "delete", "action"):
            col.references = table.name
            args.append(Arg(col, "key"))
            continue
        if verb in ("list", "get"):
            filt = p.extensions.get("filter") or {}
            target = filt.get("field", p.name)
            if table.column(target) is None:
                raise CompileError(f"{where}: the filter {p.name!r} matches no field of {op.entity}"
                                   f"{suggest(target, [c.name for c in table.columns])}")
            args.append(Arg(col, "filter", match=filt.get("match", "eq"), target=target))
            continue
        if own is None:
            raise CompileError(f"{where}: the input {p.name!r} is no field of {op.entity}"
                               f"{suggest(p.name, [c.name for c in table.columns])}")
        args.append(Arg(col, "value", requires=dict(p.extensions.get("requires") or {})))
    if verb in ("get", "update", "delete", "action") and not any(a.role == "key" for a in args):
        raise CompileError(f"{where}: a {verb} needs the {op.entity} id {table.key.name!r} as a parameter")
    transition = op.extensions.get("transition")
    if verb == "action" and not transition:
        raise CompileError(f"{where}: an action needs x-transition {{field, from, to}} to say what it changes")
    if transition:
        changed = table.column(str(transition.get("field")))
        if changed is None or not transition.get("to"):
            raise CompileError(f"{where}: x-transition needs a field of {op.entity} and a 'to' value"
                               f"{suggest(str(transition.get('field')), [c.name for c in table.columns])}")
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
                    details=details.strip(), args=args, transition=transition, capacity=capacity)


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


def _enum_names(plan: Plan) -> dict[tuple[Any, ...], str]:
    """A ``Literal`` alias name per distinct enum (``status`` of orders -> ``OrderStatus``)."""
    names: dict[tuple[Any, ...], str] = {}
    taken: set[str] = set()
    for t in plan.tables:
        for c in t.columns:
            if c.enum and tuple(c.enum) not in names:
                base = "".join(w.title() for w in c.name.split("_"))
                prefix = "".join(w.title() for w in t.noun.split())
                generic = c.name in ("status", "state", "type", "kind")
                alias = base if base not in taken and not generic else prefix + base
                names[tuple(c.enum)] = alias
                taken.add(alias)
    for tp in plan.tools:
        for a in tp.args:
            if a.column.enum and tuple(a.column.enum) not in names:
                alias = "".join(w.title() for w in a.name.split("_"))
                alias = alias if alias not in taken else alias + "Choice"
                names[tuple(a.column.enum)] = alias
                taken.add(alias)
    return names
