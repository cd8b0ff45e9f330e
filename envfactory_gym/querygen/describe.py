"""Rows in words: refer to a row by a description that tells it apart from its siblings, never by its id."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.graph import feeds, identifier_columns
from envfactory_gym.querygen.spec import QueryGenSpec
from envfactory_gym.querygen.template import Slot, as_datetime, format_value, join_words, lookup, parse, render, slots
from envfactory_gym.reward.answers import normalise, within

#: Result fields whose names suggest that they name a row (used when a table declares no descriptions).
_NAMING = ("name", "title", "label")
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

    def __init__(self, pkg: EnvPackage, spec: QueryGenSpec, results: Sequence[Any]) -> None:
        self.pkg, self.spec = pkg, spec
        self.ids = identifier_columns(pkg)
        self.keys = {t.primary_key[0] for t in pkg.template.tables.values() if len(t.primary_key) == 1}
        self.now = as_datetime(pkg.manifest.now) or datetime(2026, 1, 1)
        self.said: set[tuple[str, str]] = set()
        self.occurrences: dict[tuple[str, str], list[tuple[dict[str, Any], list[dict[str, Any]]]]] = {}
        for result in results:
            for record, siblings in _records(result):
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
        says one of the ``avoid`` values (the answer to the question asked about the row) is never used."""
        avoided = [normalise(a) for a in avoid if normalise(a)]
        table = self.table_for(key)
        decl = self.spec.tables.get(table or "")
        mark = (key, str(value))
        if again and mark in self.said:
            if decl is not None and decl.again:
                return decl.again
            if decl is not None and decl.refer and not _slots(decl.refer[0]):
                return decl.refer[0]  # a fixed phrase ("my account") is said the same way again
            return f"that {noun(table or key.removesuffix('_id'), self.spec)}"
        found = self.occurrences.get(mark, [])
        records = [r for r, _ in found] or [{}]
        for text in self._candidates(table, key, found):
            parts = parse(text)
            desc = next((d for d in (self._render(parts, r) for r in records) if d), None)
            if desc is None or any(within(a, normalise(desc)) for a in avoided):
                continue
            if self._unique(parts, desc, key, value, found):
                self.said.add(mark)
                return desc
        return None

    def _candidates(self, table: str | None, key: str, found: list[tuple[dict[str, Any], list[Any]]]) -> list[str]:
        decl = self.spec.tables.get(table or "")
        out = list(decl.refer) if decl is not None else []
        word = noun(table or key.removesuffix("_id"), self.spec)
        records = [r for r, _ in found]
        names = [k for r in records for k, v in r.items()
                 if isinstance(v, str) and any(n in k for n in _NAMING) and not is_reference(k, self.ids)]
        dates = [k for r in records for k, v in r.items()
                 if as_datetime(v) is not None and not is_reference(k, self.ids)]
        if not records:
            return out  # a row no result shows can only be named by a fixed phrase
        out += [f'the {word} "{{{k}}}"' for k in dict.fromkeys(names)]
        out += [f"the {word} from {{{k}:date}}" for k in dict.fromkeys(dates)]
        out += [f"the {word} from {{{k}:datetime}}" for k in dict.fromkeys(dates)]
        if names and dates:
            out.append(f'the {word} "{{{names[0]}}}" from {{{dates[0]}:datetime}}')
        if not out or decl is None:
            out.append(f"the {word}")
        # Last: a field value of its own ("the manifest with tag TAG-0403"), for rows with no name or date
        out += [f"the {word} with {self.spec.label(k)} {{{k}}}" for k in dict.fromkeys(
            k for r in records for k, v in r.items() if self._trait(k, v))]
        return out

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

    def _render(self, parts: tuple[Any, ...], record: dict[str, Any]) -> str | None:
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


def _records(value: Any, siblings: list[dict[str, Any]] | None = None
             ) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Every record (dict) in a result, with the records of the list it is in (empty when not in a list)."""
    if isinstance(value, dict):
        yield value, siblings or []
        for v in value.values():
            yield from _records(v)
    elif isinstance(value, (list, tuple)):
        records = [v for v in value if isinstance(v, dict)]
        for v in value:
            yield from _records(v, records)


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
    """The fields of ``record`` worth asking about: short scalar facts, no identifiers, none the user said."""
    table = refs.table_for(refs.own_key(record) or "")
    skip = refs.refer_fields(table)
    out = []
    for key, value in record.items():
        if is_reference(key, refs.ids) or key in skip or not refs.spec.askable(key):
            continue
        if value is None or isinstance(value, (bool, dict, list)):
            continue
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
