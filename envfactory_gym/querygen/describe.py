"""Rows in words: refer to a row by a description that tells it apart from its siblings, never by its id."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from envfactory_gym.database.connection import shared_connection
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.graph import feeds, identifier_columns
from envfactory_gym.querygen.spec import QueryGenSpec
from envfactory_gym.querygen.template import Slot, as_datetime, format_value, join_words, lookup, parse, render, slots
from envfactory_gym.reward.answers import normalise, within
from envfactory_gym.tasks import GoldCall

#: Result fields whose names suggest that they name a row (used when a table declares no descriptions).
_NAMING = ("name", "title", "label")
#: How :meth:`References.describe` marks a record a write returned (the row as the write left it).
_AFTER = "after"
#: Fields no one names a row by: what they hold is kept secret.
_SECRET = re.compile(r"password|secret|private|credential")


def noun(table: str, spec: QueryGenSpec) -> str:
    """What one row of ``table`` is called: the declared noun, else the table name made singular."""
    decl = spec.tables.get(table)
    if decl is not None and decl.noun:
        return decl.noun
    words = table.split("_")
    last = words[-1]
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif last.endswith(("sses", "shes", "ches", "xes", "uses")):
        last = last[:-2]
    elif last.endswith("s") and not last.endswith(("ss", "us", "is")):
        last = last[:-1]
    return " ".join([*words[:-1], last])


def is_reference(key: str, ids: set[str]) -> bool:
    """Whether a parameter or field holds a row's identifier."""
    return key in ids or key.endswith(("_id", "_ids"))


def key_of(param: str, ids: set[str], keys: set[str] | None = None) -> str | None:
    """The identifier a parameter takes its values from (``new_slot_id`` -> ``slot_id``), primary keys first."""
    for pool in (keys or set(), ids):
        fed = [k for k in pool if k == param or feeds(k, param)]
        if fed:
            return max(fed, key=len)
    return param[:-1] if param.endswith("_ids") else param if param.endswith("_id") else None


class References:
    """Descriptions of the rows seen in a chain's results.

    A row of table T (primary key ``k``) is described from a result record holding ``k`` with the first of T's
    declared descriptions (then generic ones) that renders and that no sibling record (another record of the
    same result list) shares; a row met again in the same request is "that <noun>".
    """

    def __init__(self, pkg: EnvPackage, spec: QueryGenSpec, results: Sequence[Any],
                 calls: Sequence[GoldCall] | None = None) -> None:
        self.pkg, self.spec = pkg, spec
        self.ids = identifier_columns(pkg)
        self.keys = {t.primary_key[0] for t in pkg.template.tables.values() if len(t.primary_key) == 1}
        self.now = as_datetime(pkg.manifest.now) or datetime(2026, 1, 1)
        self.said: set[tuple[str, str]] = set()
        self._rows: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        self.occurrences: dict[tuple[str, str], list[tuple[dict[str, Any], list[dict[str, Any]]]]] = {}
        self._table_rows: dict[str, list[dict[str, Any]]] = {}
        self._cut: set[int] = set()  # the record lists a tool cut short ("... 22 more rows match")
        self._after: set[int] = set()  # the records a write returned: rows as the write left them
        self._named: set[int] = set()  # the records a lookup by values the user says returned alone
        for i, result in enumerate(results):
            call = calls[i] if calls is not None and i < len(calls) else None
            wrote = call is not None and pkg.tools[call.name].writes
            if call is not None and not wrote and isinstance(result, dict) and any(
                    not is_reference(k, self.ids) and v not in (None, "", [], {}) for k, v in call.arguments.items()):
                self._named.add(id(result))
            for record, siblings in _records(result, cut=self._cut):
                if wrote:
                    self._after.add(id(record))
                for k, v in record.items():
                    if k in self.ids and isinstance(v, (str, int)) and not isinstance(v, bool):
                        self.occurrences.setdefault((k, str(v)), []).append((record, siblings))

    # -- tables ------------------------------------------------------------------------------------------

    def table_for(self, key: str) -> str | None:
        """The table whose primary key is ``key`` (a declared one first)."""
        tables = [t.name for t in self.pkg.template.tables.values() if list(t.primary_key) == [key]]
        declared = [t for t in tables if t in self.spec.tables]
        return next(iter(declared or tables), None)

    def own_key(self, record: dict[str, Any]) -> str | None:
        """The identifier of the row a record is about: the key whose table shares most columns with it."""
        best, score = None, -1
        for k in record:
            if k not in self.ids:
                continue
            table = self.table_for(k)
            overlap = len(set(record) & set(self.pkg.template.tables[table].columns)) if table else 0
            if overlap > score:
                best, score = k, overlap
        return best

    def refer_fields(self, table: str | None) -> set[str]:
        """The result fields a table's declared descriptions use (not worth asking about)."""
        decl = self.spec.tables.get(table or "")
        if decl is None:
            return set()
        return {s.head for text in decl.refer for s, _ in _slots(text)}

    # -- descriptions ------------------------------------------------------------------------------------

    def describe(self, key: str, value: Any, again: bool = True, avoid: Iterable[Any] = ()) -> str | None:
        """A description of the row whose ``key`` is ``value``; None when none tells it apart. A description that
        says one of the ``avoid`` values (the answer to the question asked about the row) is never used.

        A description says what is true of the row itself: it is filled from a record of the row's own table, or
        from a record of another table only with the fields that hold the row's own values (a joined
        ``parent_name``); a field of that other record (its own name, its own date) is said only as that
        record's ("the <noun> whose <other noun> has <field> 22 June")."""
        avoided = [normalise(a) for a in avoid if normalise(a)]
        mark = (key, str(value))
        found = self.occurrences.get(mark, [])
        table = self._keyed_table(key)
        decl = self.spec.tables.get(table or "")
        if again and mark in self.said:
            if decl is not None and decl.again:
                return decl.again
            if decl is not None and decl.refer and not _slots(decl.refer[0]):
                return decl.refer[0]  # a fixed phrase ("my account") is said the same way again
            return f"that {noun(table or key.removesuffix('_id'), self.spec)}"
        own = [r for r, _ in found if self._is_row(r, key, table)]
        # a record a write returned says the row as the write left it: never another row's (nor its own new value)
        foreign = [r for r, _ in found if not any(r is o for o in own) and id(r) not in self._after]
        before = [r for r in own if id(r) not in self._after]
        rows = self._target_rows(table, key, value, before) if foreign else before
        options: list[tuple[str, list[tuple[dict[str, Any], list[dict[str, Any]] | bool | str | None]]]] = [
            (text, [(r, _AFTER if id(r) in self._after else None) for r in own or ([] if found else [{}])]
             + [(r, rows) for r in foreign])
            for text in self._candidates(table, key, own, foreign)]
        options += [(text, [(r, False) for r in records]) for text, records in self._via(table, key, foreign)]
        for text, sources in options:
            parts = parse(text)
            desc, record, check = next(((d, r, c) for r, c in sources for d in [self._render(parts, r, key, c)] if d),
                                       (None, {}, None))
            if desc is None or any(within(a, normalise(desc)) for a in avoided):
                continue
            if any(_same(lookup(record, s.name), a, s.fmt == "date") for s, _ in slots(parts) for a in avoid):
                continue  # the answer in other words ("10 April" for 2025-04-10)
            mine = check is None or check == _AFTER
            home = table if mine else self._record_table(record)  # the table the record is a row of
            declared = mine and decl is not None and text in decl.refer
            shown = (any(sib and id(sib) not in self._cut for _, sib in found)  # a whole listing of its siblings
                     or any(id(r) in self._named for r in own))  # or the one row a lookup by the user's words gave
            if self._unique(parts, desc, key, value, found) and (
                    shown or self._unique_in_table(parts, record, home, key, value, declared)):
                self.said.add(mark)
                return desc
        return None

    def _candidates(self, table: str | None, key: str, own: list[dict[str, Any]],
                    foreign: list[dict[str, Any]]) -> list[str]:
        """The declared descriptions, then generic ones from the fields of the row's own records (and the fields
        of other records that join the row's own name: ``parent_name`` beside ``parent_id``)."""
        decl = self.spec.tables.get(table or "")
        out = list(decl.refer) if decl is not None else []
        word = noun(table or key.removesuffix("_id"), self.spec)
        if not own and not foreign:
            return out  # a row no result shows can only be named by a fixed phrase
        base = _base(key)
        fields = [(k, v) for r in own for k, v in r.items() if not self._joined(k, r, key)]
        fields += [(k, v) for r in foreign for k, v in r.items() if k.startswith(f"{base}_")]
        names = [k for k, v in fields
                 if isinstance(v, str) and any(n in k for n in _NAMING) and not is_reference(k, self.ids)]
        dates = [k for k, v in fields if as_datetime(v) is not None and not is_reference(k, self.ids)]
        dates = sorted(dict.fromkeys(dates), key=lambda k: "creat" not in k)  # its creation first

        def when(k: str, fmt: str) -> str:  # "from" a row's only date or its creation; else the date's name
            return f"from {{{k}:{fmt}}}" if len(dates) == 1 or "creat" in k else \
                f"with {self.spec.label(k)} {{{k}:{fmt}}}"

        out += [f'the {word} "{{{k}}}"' for k in dict.fromkeys(names)]
        out += [f"the {word} {when(k, 'date')}" for k in dates]
        out += [f"the {word} {when(k, 'datetime')}" for k in dates]
        if names and dates:
            out.append(f'the {word} "{{{names[0]}}}" {when(dates[0], "datetime")}')
        if (not out or decl is None) and own:  # (a record of another row says nothing of this one's)
            out.append(f"the {word}")
        # Last: a field value of its own ("the manifest with tag TAG-0403"), for rows with no name or date
        out += [f"the {word} with {self.spec.label(k)} {{{k}}}" for k in dict.fromkeys(
            k for k, v in fields if self._trait(k, v))]
        return out

    def _via(self, table: str | None, key: str, foreign: list[dict[str, Any]]) -> list[tuple[str, list[Any]]]:
        """Descriptions through a record of another table that refers to the row, said as that record's own
        ("the <noun> whose <other noun> has <field> 22 June 2025"), with the records to fill them."""
        word = noun(table or key.removesuffix("_id"), self.spec)
        out: dict[str, list[dict[str, Any]]] = {}
        for r in foreign:
            other = self._record_table(r)
            if other is None or other == table:
                continue
            columns = set(self.pkg.template.tables[other].columns)
            whose = noun(other, self.spec)
            said = f"the {word} whose {whose} has"
            for k, v in r.items():
                if k not in columns or is_reference(k, self.ids) or not self.spec.askable(k) or _SECRET.search(k):
                    continue
                label = self.spec.label(k)
                label = label[len(whose) + 1:] if label.startswith(f"{whose} ") else label  # "<x> has status",
                # not "<x> has <x> status"
                if as_datetime(v) is not None:
                    texts = [f"{said} {label} {{{k}:date}}", f"{said} {label} {{{k}:datetime}}"]
                elif isinstance(v, str) and any(n in k for n in _NAMING) and self._trait(k, v):
                    texts = [f'{said} {label} "{{{k}}}"']
                elif self._trait(k, v):
                    texts = [f"{said} {label} {{{k}}}"]
                else:
                    continue
                for text in texts:
                    out.setdefault(text, []).append(r)
        return sorted(out.items(), key=lambda item: ('"' not in item[0], ":date" not in item[0]
                                                     and ":datetime" not in item[0]))

    # -- whose record is it --------------------------------------------------------------------------------

    def _record_table(self, record: dict[str, Any]) -> str | None:
        """The table a record is a row of: the one sharing most of its fields (None when none shares one, or
        several share as many)."""
        scores = {t.name: len(set(record) & set(t.columns)) for t in self.pkg.template.tables.values()}
        best = max(scores.values(), default=0)
        tops = [t for t, n in scores.items() if n == best]
        return tops[0] if best and len(tops) == 1 else None

    def _keyed_table(self, key: str) -> str | None:
        """The table of the rows ``key`` names; where several tables have that key (variants of one record:
        a compact one, a request's), the one of the plainest noun, else :meth:`table_for`'s."""
        first = self.table_for(key)
        keyed = [t.name for t in self.pkg.template.tables.values() if list(t.primary_key) == [key]]
        if len(keyed) < 2:
            return first
        return min(keyed, key=lambda t: (len(noun(t, self.spec).split()), t != first))

    def _is_row(self, record: dict[str, Any], key: str, table: str | None) -> bool:
        """Whether ``record`` is a record of the row ``key`` names (not of another row that refers to it): the
        tables sharing most of its fields include one keyed by ``key``."""
        if self.own_key(record) != key:
            return False
        if table is None:
            return True
        tables = self.pkg.template.tables.values()
        best = max((len(set(record) & set(t.columns)) for t in tables), default=0)
        return any(list(t.primary_key) == [key] for t in tables if len(set(record) & set(t.columns)) == best)

    def _joined(self, field: str, record: dict[str, Any], key: str) -> bool:
        """Whether a field of a row's record holds another row's value (``customer_name`` beside
        ``customer_id``): the row's description names it only through a declared one."""
        return any(field.startswith(f"{_base(k)}_") for k in record
                   if k != key and k in self.ids and k.endswith("_id") and field != k)

    def _target_rows(self, table: str | None, key: str, value: Any,
                     own: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The row's own values: its records in the results and its row of the initial state."""
        rows = list(own)
        if table is not None and key in self.pkg.template.tables[table].columns:
            cache = self._rows
            mark = (table, key, str(value))
            if mark not in cache:
                cache[mark] = _initial_rows(self.pkg, table, key, value)
            rows += cache[mark]
        return rows

    def _vouched(self, record: dict[str, Any], slot: Slot, key: str, rows: list[dict[str, Any]]) -> bool:
        """Whether a field of another row's ``record`` may describe the row ``key`` names: it holds a value of
        that row (``parent_name`` = the parent's ``name``), or, where the row has no such field, a value the
        tool joined in (no field of the record's own table, nor one named for a third row)."""
        field, base = slot.head, _base(key)
        value = lookup(record, slot.name)
        if value is None:
            return True  # nothing said: the description does not render
        names = {field, field.removeprefix(f"{base}_")}
        matched = [v for row in rows for c, v in row.items()
                   if (c in names or field == base) and not is_reference(c, self.ids)]
        if any(_same(value, v) for v in matched):
            return True
        if matched and field != base:
            return False  # the row has this field, with another value
        other = self._record_table(record)
        if other is None:
            return field.startswith(f"{base}_")
        return field not in self.pkg.template.tables[other].columns and not self._joined(field, record, key)

    def _as_before(self, parts: tuple[Any, ...], record: dict[str, Any], key: str) -> bool:
        """Whether every field ``parts`` say of a record a write returned holds the row's value before the write."""
        table = self._keyed_table(key)
        if table is None or key not in record:
            return False
        before = self._target_rows(table, key, record[key], [])
        columns = self.pkg.template.tables[table].columns
        return bool(before) and all(
            s.head in columns and lookup(record, s.name) is not None
            and _same(lookup(record, s.name), lookup(before[0], s.name)) for s, _ in slots(parts))

    def _trait(self, key: str, value: Any) -> bool:
        """Whether a field value may tell a row apart: a short scalar that is no id, date, code, secret or user
        detail."""
        if (is_reference(key, self.ids) or not self.spec.askable(key) or key in self.spec.user.facts
                or _SECRET.search(key)):
            return False
        if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
            return True
        return (isinstance(value, str) and 2 <= len(value) <= 40 and as_datetime(value) is None
                and not re.fullmatch(r"[\[{].*|\W*|[a-z]+(_[a-z]+)+", value, re.DOTALL) and "\n" not in value)

    def _render(self, parts: tuple[Any, ...], record: dict[str, Any], key: str = "",
                rows: list[dict[str, Any]] | None | bool | str = None) -> str | None:
        """``parts`` filled from ``record``; with ``rows`` (the described row's own values), a record of another
        row whose every slot must be vouched for (see :meth:`_vouched`); with :data:`_AFTER`, the row as a write
        left it, whose every slot must hold what the row held before (its initial state)."""
        if isinstance(rows, list) and not all(self._vouched(record, s, key, rows) for s, _ in slots(parts)):
            return None
        if rows == _AFTER and not self._as_before(parts, record, key):
            return None
        return render(parts, lambda s: self.word(lookup(record, s.name), s))

    def word(self, value: Any, slot: Slot) -> str | None:
        """A field value in words (its format applied)."""
        return format_value(value, slot.fmt, self.now, self.spec.currency)

    def _unique(self, parts: tuple[Any, ...], desc: str, key: str, value: Any,
                found: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> bool:
        for _, siblings in found:
            for s in siblings:
                if str(s.get(key)) != str(value) and key in s and self._render(parts, s) == desc:
                    return False
        return True

    def _unique_in_table(self, parts: tuple[Any, ...], record: dict[str, Any], table: str | None, key: str,
                         value: Any, declared: bool) -> bool:
        """Where no result lists the row among all its siblings (a lone record, or a listing cut short: "... 22
        more rows match"), whether no other row of ``table`` (the one ``record`` is a row of) in the initial state
        fits the description, comparing the fields it says that are the table's. A phrase with no field tells a
        row apart only in a table of one row, or when declared (a fixed phrase, "my account", is the user's own)."""
        fields = [s for s, _ in slots(parts)]
        if not fields:
            return declared or (table is not None and len(self.rows_of(table)) == 1)
        columns = self.pkg.template.tables[table].columns if table is not None else {}
        said = [s for s in fields if s.head in columns]
        if not said or key not in columns:
            return True  # nothing it says is a field of that table: nothing to compare
        for row in self.rows_of(table or ""):
            if row.get(key) is None or str(row[key]) == str(value):
                continue
            if all(_same(lookup(row, s.name), lookup(record, s.name), s.fmt == "date") for s in said):
                return False
        return True

    def rows_of(self, table: str) -> list[dict[str, Any]]:
        """Every row of ``table`` in the environment's initial state (read once)."""
        if table not in self._table_rows:
            self._table_rows[table] = _initial_rows(self.pkg, table)
        return self._table_rows[table]

    def constant(self, table: str | None, field: str) -> bool:
        """Whether ``field`` holds one value in every row of ``table`` (of every table with that column when
        ``table`` is None or lacks it): a deployment's constant, or a default no row changed, is no fact to ask."""
        tables = [table] if table and field in self.pkg.template.tables[table].columns else [
            t.name for t in self.pkg.template.tables.values() if field in t.columns]
        if not tables:
            return False
        for name in tables:
            values = {normalise(str(r[field])) for r in self.rows_of(name) if r.get(field) is not None}
            if len(values) > 1 or len(self.rows_of(name)) < 2:
                return False
        return True

    def key_of(self, param: str) -> str | None:
        """The identifier column a parameter takes its values from."""
        return key_of(param, self.ids, self.keys)

    def describe_param(self, param: str, value: Any) -> str | None:
        """The description of a reference parameter's value (a list of rows joined in words)."""
        key = self.key_of(param)
        if key is None:
            return None
        values = value if isinstance(value, list) else [value]
        words = [self.describe(key, v) for v in values]
        if not words or any(w is None for w in words):
            return None
        return join_words([w for w in words if w], limit=len(words))


def _slots(text: str) -> list[tuple[Slot, bool]]:
    return slots(parse(text))


def _base(key: str) -> str:
    """The name a key's joined fields start with (``parent_id`` -> ``parent``)."""
    return key[:-3] if key.endswith("_id") else key


def same_value(a: Any, b: Any) -> bool:
    """Whether an argument and a stored field value say the same (see :func:`_same`; flags as flags)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return _same(a, b)


def _same(a: Any, b: Any, day: bool = False) -> bool:
    """Whether two field values say the same (dates as dates, or as days with ``day``; numbers as numbers;
    text case-blind)."""
    if a is None or b is None or isinstance(a, (bool, dict, list)) or isinstance(b, (bool, dict, list)):
        return False
    when_a, when_b = as_datetime(a), as_datetime(b)
    if when_a is not None or when_b is not None:
        if day and when_a is not None and when_b is not None:
            return when_a.date() == when_b.date()
        return when_a == when_b
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return str(a).strip().casefold() == str(b).strip().casefold()


def _initial_rows(pkg: EnvPackage, table: str, key: str | None = None, value: Any = None) -> list[dict[str, Any]]:
    """The rows of ``table`` whose ``key`` is ``value`` (every row without a ``key``) in the environment's initial
    state."""
    template = pkg.template
    cur = shared_connection().cursor()
    try:
        if key is None:
            cur.execute(f'SELECT * FROM {template.catalog}."{table}"')
        else:
            cur.execute(f'SELECT * FROM {template.catalog}."{table}" WHERE CAST("{key}" AS VARCHAR) = ? LIMIT 5',
                        [str(value)])
        names = [d[0] for d in cur.description or []]
        return [dict(zip(names, row)) for row in cur.fetchall()]
    except Exception:  # noqa: BLE001 - a key the initial state cannot be searched by: only the results say
        return []
    finally:
        cur.close()


def _records(value: Any, siblings: list[dict[str, Any]] | None = None, cut: set[int] | None = None
             ) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Every record (dict) in a result, with the records of the list it is in (empty when not in a list); the
    lists that hold something besides records (a line saying how many more rows match) are added to ``cut``."""
    if isinstance(value, dict):
        yield value, siblings or []
        for v in value.values():
            yield from _records(v, cut=cut)
    elif isinstance(value, (list, tuple)):
        records = [v for v in value if isinstance(v, dict)]
        if cut is not None and records and len(records) < len(value):
            cut.add(id(records))
        for v in value:
            yield from _records(v, records, cut)


# -- answers -----------------------------------------------------------------------------------------------

def answer_lists(result: Any, keys: Sequence[str]) -> list[list[dict[str, Any]]]:
    """The record lists an answer may come from: the declared keys ('' = the result), else a default."""
    def at(key: str) -> list[dict[str, Any]]:
        value = result if not key else result.get(key) if isinstance(result, dict) else None
        if isinstance(value, dict):
            return [value]
        if isinstance(value, list):
            return [v for v in value if isinstance(v, dict)]
        return []

    if keys:
        return [lst for lst in (at(k) for k in keys) if lst]
    if isinstance(result, list):
        return [at("")] if at("") else []
    if isinstance(result, dict):
        nested = [k for k, v in result.items() if isinstance(v, list) and any(isinstance(x, dict) for x in v)]
        return [lst for lst in (at(""), *(at(k) for k in nested)) if lst]
    return []


def answer_fields(record: dict[str, Any], refs: References, exclude: set[str]) -> list[str]:
    """The fields of ``record`` worth asking about: short scalar facts, no identifiers, none the user said, none
    that every row shares."""
    table = refs.table_for(refs.own_key(record) or "")
    skip = refs.refer_fields(table)
    out = []
    for key, value in record.items():
        if is_reference(key, refs.ids) or key in skip or not refs.spec.askable(key):
            continue
        if value is None or isinstance(value, (bool, dict, list)):
            continue
        if refs.constant(table, key):
            continue  # one value in every row (the deployment's own id): known without looking anything up
        text = str(value)
        if re.fullmatch(r"[a-z]+(_[a-z]+)+", text):
            continue  # a code ("in_transit"), not a fact a person says
        if 3 <= len(text) <= 40 and text not in exclude and not re.fullmatch(r"\W*", text):
            out.append(key)
            exclude = {*exclude, text}  # two fields with one value would be one answer twice
    return out


def pick_answer(result: Any, keys: Sequence[str], refs: References, exclude: set[str], rng: random.Random,
                k: int = 2) -> tuple[dict[str, Any], list[str]] | None:
    """A record of the result and 1-``k`` of its fields to ask about (None when nothing is worth asking)."""
    lists = answer_lists(result, keys)
    rng.shuffle(lists)
    for records in lists:
        order = list(records)
        rng.shuffle(order)
        for record in order[:5]:
            fields = answer_fields(record, refs, exclude)
            if fields:
                rng.shuffle(fields)
                return record, fields[: rng.randint(1, min(k, len(fields)))]
    return None
