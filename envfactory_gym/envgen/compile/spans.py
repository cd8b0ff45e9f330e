"""Pairs of dates that bound a span: a start and its end (from/to, begin/end, check-in/check-out, arrival/departure).

A row's end never comes before its start: seeded rows keep it (the end is drawn after the start), the tools that
write either date refuse a change that breaks it, and the policy says so.
"""

from __future__ import annotations

import re

from envfactory_gym.envgen.compile.blueprint import Column, Table

#: The word that starts a span and the words that end it.
SPAN_WORDS: dict[str, tuple[str, ...]] = {
    "start": ("end", "finish", "stop"), "starts": ("ends",), "started": ("ended", "finished", "stopped"),
    "begin": ("end",), "begins": ("ends",), "from": ("to", "until", "till", "through", "thru"),
    "in": ("out",), "checkin": ("checkout",), "arrival": ("departure",), "arrive": ("depart",),
    "open": ("close",), "opens": ("closes",), "opened": ("closed",), "earliest": ("latest",), "min": ("max",),
    "first": ("last",), "since": ("until",), "effective": ("expiry", "expiration", "expires"),
}


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]


def date_pairs(t: Table, text: bool = False) -> list[tuple[Column, Column]]:
    """The (start, end) pairs of date or date-time fields of ``t``: names alike but for the word that starts or
    ends the span (``start_date``/``end_date``, ``check_in``/``check_out``, ``valid_from``/``valid_to``); with
    ``text``, of text fields seeded with dates too (the tools check only typed ones)."""
    from envfactory_gym.envgen.compile.valueclass import moment_kind

    dated = {"_".join(_words(c.name)): c for c in t.columns if c is not t.key and (
        c.kind in ("date", "datetime") or text and c.kind == "string" and not c.enum and moment_kind(c))}
    out: list[tuple[Column, Column]] = []
    for name, start in dated.items():
        words = name.split("_")
        for i, w in enumerate(words):
            for end_word in SPAN_WORDS.get(w, ()):
                end = dated.get("_".join([*words[:i], end_word, *words[i + 1:]]))
                if end is not None and end is not start and not any(end is e for _, e in out):
                    out.append((start, end))
    return out


def said(c: Column) -> str:
    """A field's name in words (``end_`` as ``end``)."""
    return " ".join(_words(c.name))
