"""How values are written: normalised text, the forms a value takes, and the records a tool result holds."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Hashable, Iterator, Mapping
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, cast

MAX_VALUE_TOKENS = 8
MAX_VALUE_CHARS = 120
#: Own words beyond this length are a haystack by size: they state nothing (and are never scanned).
MAX_ANSWER_CHARS = 65_536

_TOKEN = re.compile(r"[^\W_]+(?:[-./:@+'][^\W_]+)*")
_ISO_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2})")
_DIGIT_COMMA = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_DECIMAL = re.compile(r"\d+\.\d+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_DATE_PREFIX = re.compile(r"(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}")
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
#: A hyphen between two letters joins words ("late-cancellation", "no-show"): they are read apart.
_WORD_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
#: A camelCase code's word break (``needsAction``: needs action), not the capitals of a name or an id (McKay, kJ8sLm).
_CAMEL = re.compile(r"(?<=[a-z]{2})(?=[A-Z][a-z])")
#: Spellings read as one ("cancelled" and "canceled").
_SPELLINGS = {"cancelled": "canceled", "cancelling": "canceling", "cancellation": "cancelation"}
#: A record stated in at least this share of its fields, most of them labelled (below), is pasted, not an
#: answer: the facts it holds count only when the answer states them again on their own.
PASTED_SHARE = 0.8
#: A record stated whole (this share of its fields, this many beside the facts) is pasted, labelled or not.
PASTED_WHOLE_SHARE = 0.95
PASTED_WHOLE_EXTRA = 6
#: A result whose top record has this many fields of its own is a detail read (one record, whatever it nests).
DETAIL_MIN_FIELDS = 6
#: A record counts as pasted when most of the fields stated are labelled with their field names and at least
#: this many of them are neither facts nor the user's words.
PASTED_MIN_LABELLED = 2
PASTED_LABEL_SHARE = 0.6
#: Rival values a report of changes may state beside each fact (a breakdown of what was paid, say), and other
#: data values in all (what was left as it was).
WRITE_RIVALS_ALLOWED = 3
WRITE_OTHERS_ALLOWED = 8
#: "No charge", "free of charge", "at no cost": an amount of 0 in words.
_NO_CHARGE = re.compile(r"\b(?:no (?:charge|fee|cost)|free of charge|at no cost|for free|nothing to pay)\b",
                        re.IGNORECASE)


def normalise(text: Any) -> str:
    """A value or a text as space-separated lowercase tokens, so that values match whatever their punctuation.

    Underscores, hyphens between letters and camelCase breaks separate words (``in_transit``, ``in-transit`` and
    ``inTransit`` read as ``in transit``), an ISO time is split from its date,
    thousands separators go (``1,234.50``) and decimals lose trailing zeros (``64.90`` is ``64.9``).
    """
    return _normalise(text if isinstance(text, str) else str(text))


@functools.lru_cache(maxsize=1 << 16)
def _normalise(text: str) -> str:
    text = _DIGIT_COMMA.sub("", _ISO_TIME.sub(r"\1 \2", text))
    text = _CAMEL.sub(" ", _WORD_HYPHEN.sub(" ", text))
    tokens = []
    for tok in _TOKEN.findall(text.lower()):
        if _DECIMAL.fullmatch(tok):
            tok = tok.rstrip("0").rstrip(".")
        if tok.endswith("'s"):  # a possessive: "Dana Miller's claim" names Dana Miller
            tok = tok[:-2]
        tokens.append(_SPELLINGS.get(tok, tok))
    return " ".join(tokens)


def within(needle: str, hay: str) -> bool:
    """Whether normalised ``needle`` is a run of whole tokens of normalised ``hay``."""
    return bool(needle) and f" {needle} " in f" {hay} "


def own_words(text: str) -> str:
    """``text`` without the data it quotes: fenced code blocks and JSON objects or arrays (a pasted tool result
    states nothing; a fact counts only where the agent says it in its own words). Linear in the text's length."""
    text = _FENCE.sub(" ", text)
    n = len(text)
    close: dict[int, int] = {}  # bracket -> the index after the one closing it (unclosed: the end of the text)
    stack: list[int] = []
    i = 0
    while i < n:
        ch = text[i]
        if ch == '"' and stack:  # a JSON string inside brackets: brackets in it do not count
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif ch in "{[":
            stack.append(i)
        elif ch in "}]" and stack:
            close[stack.pop()] = i + 1
        i += 1
    marks = list(itertools.accumulate((c in "{\"':," for c in text), initial=0))
    out: list[str] = []
    i = 0
    while i < n:
        ch = text[i]
        if ch in "{[":
            end = close.get(i, n)
            if ch == "{" or marks[end] > marks[i + 1]:  # an object, or a list holding more than words
                out.append(" ")
                i = end
                continue
        out.append(ch)
        i += 1
    return "".join(out)


def value_forms(value: Any) -> frozenset[str]:
    """The normalised forms a data value is stated in: the value itself, plus the date of a timestamp."""
    if value is None or isinstance(value, (bool, dict, list, tuple, bytes)):
        return frozenset()
    return _forms(cast(Hashable, type(value)), value)  # a class is hashable; typeshed's type[Any] says not


@functools.lru_cache(maxsize=1 << 16)
def _forms(_type: Hashable, value: Any) -> frozenset[str]:  # keyed by type too: 1, 1.0 and Decimal(1) hash alike
    if isinstance(value, (datetime, date, time)):
        value = value.isoformat()
    elif isinstance(value, Decimal):
        value = format(value, "f")
    text = normalise(value)
    if not text or len(text) > MAX_VALUE_CHARS or text.count(" ") >= MAX_VALUE_TOKENS:
        return frozenset()
    m = _DATE_PREFIX.match(text)
    return frozenset((text, m.group(1)) if m else (text,))


def iter_fields(result: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    """Every scalar of a tool result with its field id, ``prefix:key.key`` (list positions dropped)."""
    if isinstance(result, Mapping):
        for k, v in result.items():
            yield from iter_fields(v, f"{prefix}.{k}" if ":" in prefix else f"{prefix}:{k}")
    elif isinstance(result, (list, tuple)):
        for v in result:
            yield from iter_fields(v, prefix)
    else:
        yield prefix, result


def records(result: Any) -> list[dict[str, Any]]:
    """The records of a tool result: each object's scalar fields, nested objects' fields folded in by dotted key
    (a list of scalars joined by commas); every object inside a list is a record of its own."""
    out: list[dict[str, Any]] = []

    def fold(obj: Mapping[str, Any], record: dict[str, Any], prefix: str) -> None:
        for k, v in obj.items():
            key = f"{prefix}{k}"
            if isinstance(v, Mapping):
                fold(v, record, key + ".")
            elif isinstance(v, (list, tuple)):
                if all(not isinstance(x, (Mapping, list, tuple)) for x in v):
                    if v:
                        record[key] = ", ".join(str(x) for x in v)
                else:
                    for x in v:
                        visit(x)
            else:
                record[key] = v

    def visit(obj: Any) -> None:
        if isinstance(obj, Mapping):
            record: dict[str, Any] = {}
            out.append(record)
            fold(obj, record, "")
        elif isinstance(obj, (list, tuple)):
            for x in obj:
                visit(x)

    visit(result)
    return [r for r in out if r]


def record_text(record: Mapping[str, Any]) -> str:
    """One record as plain text, ``key value; key value`` (keys with spaces for underscores)."""
    return "; ".join(f"{k.replace('_', ' ')} {v}" for k, v in record.items() if v is not None)
