"""The compiler's blueprint of an environment: tables, columns, arguments and tools, and the rules they enforce."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from envfactory_gym.errors import MissingDependencyError

DEFAULT_SEED_ROWS = 40
#: Text columns that name a row for people, in order of preference: a plain name, the row's own ``<noun>_name``
#: (``team_name``), a shown name, first and last name, then titles (a person's ``title`` is their job's).
TEXT_LABELS = ("name", "display_name", "full_name", "title", "label", "username", "user_name", "subject", "summary")
#: How a person's first and last names are spelled as two fields.
PERSON_NAMES = (("first_name", "last_name"), ("name_first", "name_last"), ("given_name", "family_name"),
                ("firstname", "lastname"), ("forename", "surname"))



def snake(name: str) -> str:
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name))
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


@functools.cache
def _inflect() -> Any:
    try:
        import inflect
    except ImportError as exc:
        raise MissingDependencyError("compiling a specification needs inflect (plural and singular nouns): "
                                     "pip install 'envfactory-gym[author]'") from exc
    return inflect.engine()


#: Endings of singular words that inflect would read as plurals (status, alias, analysis, canvas, process).
_SINGULAR_ENDINGS = ("ss", "us", "is", "as", "os")
_LAST_WORD = re.compile(r"(.*[ _])?([^ _]+)$")


def singular(word: str) -> str:
    """``word`` (snake_case or words; its last word counts) in the singular: ``flows`` -> ``flow``, ``match_items``
    -> ``match_item``; a singular word stays (``status``, ``address``, ``news``)."""
    m = _LAST_WORD.match(word)
    if not m:
        return word
    head, last = m.group(1) or "", m.group(2)
    if last.endswith(_SINGULAR_ENDINGS) or not last.isalpha():
        return word
    one = _inflect().singular_noun(last)
    if not one or len(one) < 3 or _inflect().plural_noun(one) != last:
        return word
    return head + one


def plural(word: str) -> str:
    """``word`` in the plural (its last word): plot -> plots, category -> categories, person -> people; a word
    already plural stays (``flows``: Directus names its schemas so)."""
    m = _LAST_WORD.match(word)
    if not m or not m.group(2).isalpha():
        return word + "s"
    if singular(word) != word:
        return word
    return (m.group(1) or "") + _inflect().plural_noun(m.group(2))


def article(noun: str) -> str:
    """The noun with its indefinite article ("a plot", "an assignment", "a user", "an hour")."""
    return str(_inflect().a(noun))


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
            and any(ch.isalpha() for ch in self.prefix) and not self.key.enum

    def example_id(self) -> Any:
        if self.key.enum:  # the specification fixes the keys
            return self.key.enum[0]
        if self.key.kind == "integer":
            return self.start
        return f"{self.prefix}{self.start:0{self.width}d}" if self.width else f"{self.prefix}{self.start}"

    def missing_id(self) -> Any:
        if self.key.kind == "integer":
            return 10 ** 6 - 1
        return f"{self.prefix}{'9' * max(self.width, 4)}"

    def person(self) -> list[str]:
        """A person's first and last name columns (``first_name`` and ``last_name``, ``name_first`` and
        ``name_last``, ``given_name`` and ``family_name``...), or none."""
        for pair in PERSON_NAMES:
            cols = [self.column(n) for n in pair]
            if all(c is not None and c.kind == "string" and not c.references for c in cols):
                return list(pair)
        return []

    def label(self) -> list[str]:
        """The columns that name a row for people: a name or title (``display_name``, ``team_name`` for a team,
        ``subject``... when the row has no plain ``name``; always text), else first and last name."""
        entity = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", self.entity).lower()
        own = [f"{w}_name" for w in dict.fromkeys((entity, self.noun.replace(" ", "_")))]
        person = self.person()
        for name in (TEXT_LABELS[0], *own, *TEXT_LABELS[1:]):
            if name == "title" and person:
                return person
            c = self.column(name)
            if c is not None and c.kind == "string" and c is not self.key and not c.references:
                return [name]
        if person:
            return person
        dated = [c.name for c in self.columns if c.kind == "datetime" and not c.read_only]
        return dated[:1]

    def text_label(self) -> str | None:
        """The one text column that names a row (``name``, ``display_name``...), if its label is one."""
        label = self.label()
        c = self.column(label[0]) if len(label) == 1 else None
        return c.name if c is not None and c.kind == "string" else None


@dataclass
class Arg:
    """One tool argument: the column it stands for and how it is used."""

    column: Column
    role: str  # key, filter, value, parent (a path's enclosing record, checked, never changed)
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
    #: The operation it came from (``("put", "/plans/{planType}")``), when the source has routes.
    route: tuple[str, str] | None = None
    #: The deployment's scope parameters it accepts (see :mod:`envfactory_gym.envgen.compile.scope`).
    scope: list[str] = field(default_factory=list)

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
    #: Operations left out with their reason, resources and tools outside the budget, and what was adapted.
    skipped: list[dict[str, str]] = field(default_factory=list)
    left_out: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Where the specification came from (the manifest's ``source``): API title, version, licence, provider.
    origin: dict[str, str] = field(default_factory=dict)
    #: Scope parameters and the deployment's one value of each (``{"identity_store_id": "d-1234567890"}``).
    scope: dict[str, Any] = field(default_factory=dict)

    def table(self, name: str) -> Table:
        return next(t for t in self.tables if t.name == name)

    def referrers(self, table: Table) -> list[tuple[Table, Column]]:
        return [(t, c) for t in self.tables for c in t.columns if c.references == table.name and t is not table]
