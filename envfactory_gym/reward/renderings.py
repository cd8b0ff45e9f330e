"""Values as people write them: dates, times, percentages, list markers and number words read into canonical forms."""

from __future__ import annotations

import calendar
import functools
import re
from datetime import date, datetime

from dateutil import parser as date_parser
from number_parser import parse as parse_number_words

_MONTHS = sorted({m.lower() for m in [*calendar.month_name[1:], *calendar.month_abbr[1:], "sept"]}, key=len,
                 reverse=True)
_MONTH = "(?:" + "|".join(_MONTHS) + r")\.?"
_WEEKDAY = r"(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+)?"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s*(?:\d{4}))"
#: "June 13, 2026", "Jun 13th", "Saturday, June 13", "June 13-15, 2026" (a range gives both ends).
_MONTH_FIRST = re.compile(rf"\b{_WEEKDAY}(?P<m>{_MONTH})\s+(?P<d>{_DAY})(?:\s*(?:-|–|to|through)\s*(?P<d2>{_DAY})\b)?"
                          rf"(?P<y>{_YEAR})?(?!\d)", re.IGNORECASE)
#: "13 June 2026", "13th of Jun", "13-15 June".
_DAY_FIRST = re.compile(rf"\b{_WEEKDAY}(?P<d>{_DAY})(?:\s*(?:-|–|to)\s*(?P<d2>{_DAY}))?\s+(?:of\s+)?(?P<m>{_MONTH})"
                        rf"(?![a-z])(?P<y>{_YEAR})?(?!\d)", re.IGNORECASE)
#: "6/13/2026", "13/06/2026", "2026/06/13", "6/13/26".
_NUMERIC = re.compile(r"(?<![\d/.-])(?:(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<c>\d{4}|\d{2})|(?P<iy>\d{4})/(?P<im>\d{1,2})/"
                      r"(?P<id>\d{1,2}))(?![\d/])")
#: "on 6/21", "by 6/21", "due 6/21": a month/day without a year, read as a date only after a word that says so
#: (so that "6/8 full" or "1/2" stay numbers).
_SHORT_NUMERIC = re.compile(r"(?P<lead>\b(?:on|by|until|till|through|thru|from|to|due|before|after|since|of)\s+)"
                            r"(?P<a>1[0-2]|0?[1-9])/(?P<b>[12]\d|3[01]|0?[1-9])(?![\d/])", re.IGNORECASE)
#: "Monday, the 15th", "this coming Friday the 3rd": a weekday and a day of the month.
_WEEKDAY_ORDINAL = re.compile(r"\b(?P<w>mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+the\s+"
                              r"(?P<d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)\b", re.IGNORECASE)
#: "2:30 PM", "2 pm", "9:00 a.m."; "14:30" is already canonical.
_TIME_12H = re.compile(r"\b(?P<h>1[0-2]|0?[1-9])(?::(?P<min>[0-5]\d))?\s*(?P<ap>[ap])\.?\s?m\b\.?", re.IGNORECASE)
_NOON = re.compile(r"\bnoon\b|\bmidday\b", re.IGNORECASE)
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
#: "(1)", "1)" and "1." when they number a list, and "#" before an id ("order #W123").
_LIST_MARKER = re.compile(r"\(\d{1,2}\)|(?m:^[ \t]*\d{1,2}[.)](?=\s))|(?<=[:;]\s)\d{1,2}\)(?=\s)|(?m:^[ \t]*[-*•]\s)")


def canonical_text(text: str, clock: datetime | date | None = None) -> str:
    """``text`` with every date it spells out rewritten as ISO ``YYYY-MM-DD`` and every 12-hour time as ``HH:MM``;
    percentages as ``N percent``; rates as ``N per unit`` ("$46.99/day"); list markers removed. A date without a year takes the year that puts it
    nearest to ``clock`` (the environment's fixed clock; the current year when None)."""
    return _canonical(text, _as_date(clock))


#: A rate written with a slash ("$46.99/day", "12/hr"): the amount, then "per" and the unit.
_PER_UNIT = re.compile(r"(?<=\d)/(?=[^\W\d_])")


@functools.lru_cache(maxsize=4096)
def _canonical(text: str, today: date) -> str:
    text = _LIST_MARKER.sub(" ", text)
    text = _NUMERIC.sub(lambda m: _numeric(m, today), text)
    text = _SHORT_NUMERIC.sub(lambda m: _short_numeric(m, today), text)
    text = _WEEKDAY_ORDINAL.sub(lambda m: _weekday_ordinal(m, today), text)
    text = _MONTH_FIRST.sub(lambda m: _named(m, today), text)
    text = _DAY_FIRST.sub(lambda m: _named(m, today), text)
    text = _TIME_12H.sub(_time, text)
    text = _NOON.sub("12:00", text)
    text = _PER_UNIT.sub(" per ", text)
    return _PERCENT.sub(r"\1 percent", text)


#: Halves of a unit, as people say them: "an hour and a half", "2 and a half days", "half an hour".
_UNITS = r"(?P<u>minute|hour|day|night|week|month|year|mile|kilometer|kilometre|pound|kilo|gallon|liter|litre)s?"
_A_UNIT_AND_A_HALF = re.compile(rf"\b(?:an?|one)\s+{_UNITS}\s+and\s+a\s+half\b", re.IGNORECASE)
_N_AND_A_HALF = re.compile(rf"\b(?P<n>\d+)\s+and\s+a\s+half\s+{_UNITS}\b", re.IGNORECASE)
_HALF_A_UNIT = re.compile(rf"\bhalf\s+an?\s+{_UNITS}\b", re.IGNORECASE)


def with_number_words(text: str) -> str:
    """``text`` with numbers written in words as digits ("two nights" -> "2 nights", "an hour and a half" ->
    "1.5 hours"); the text unchanged when it has none. Used only to find facts, never to count rival values (so
    "one of your orders" adds no number)."""
    try:
        text = parse_number_words(text, "en")  # our envs speak English: no per-call language detection
    except Exception:  # the parser is best effort: a text it cannot read keeps its words
        pass
    text = _A_UNIT_AND_A_HALF.sub(lambda m: f"1.5 {m.group('u')}s", text)
    text = _N_AND_A_HALF.sub(lambda m: f"{m.group('n')}.5 {m.group('u')}s", text)
    return _HALF_A_UNIT.sub(lambda m: f"0.5 {m.group('u')}s", text)


def _as_date(clock: datetime | date | str | None) -> date:
    if clock is None:
        return date.today()
    if isinstance(clock, str):
        clock = datetime.fromisoformat(clock)
    return clock.date() if isinstance(clock, datetime) else clock


def nearest_year(month: int, day: int, today: date) -> date | None:
    """The date of that month and day nearest ``today`` (last year, this year or next)."""
    best = None
    for year in (today.year - 1, today.year, today.year + 1):
        try:
            d = date(year, month, day)
        except ValueError:
            continue
        if best is None or abs((d - today).days) < abs((best - today).days):
            best = d
    return best


def _parse(text: str, today: date) -> date | None:
    try:
        return date_parser.parse(text, default=datetime(today.year, 1, 1)).date()
    except (ValueError, OverflowError):
        return None


def _named(m: re.Match[str], today: date) -> str:
    day = re.sub(r"(st|nd|rd|th)$", "", m.group("d"), flags=re.IGNORECASE)
    year = (m.group("y") or "").strip(", \t")
    month = m.group("m").rstrip(".")
    first = _parse(f"{month} {day} {year}".strip(), today)
    if first is None:
        return m.group(0)
    if not year:
        first = nearest_year(first.month, first.day, today) or first
    out = first.isoformat()
    if m.group("d2"):
        end = re.sub(r"(st|nd|rd|th)$", "", m.group("d2"), flags=re.IGNORECASE)
        try:
            last = first.replace(day=int(end))
        except ValueError:
            return out
        out += f" to {last.isoformat()}"
    return out


def _numeric(m: re.Match[str], today: date) -> str:
    if m.group("iy"):
        parts = (int(m.group("iy")), int(m.group("im")), int(m.group("id")))
        candidates = [parts]
    else:
        a, b, c = int(m.group("a")), int(m.group("b")), int(m.group("c"))
        year = c + 2000 if c < 100 else c
        candidates = [(year, a, b), (year, b, a)]  # month/day first (US), then day/month
    for y, mo, d in candidates:
        try:
            return date(y, mo, d).isoformat()
        except ValueError:
            continue
    return m.group(0)


def _short_numeric(m: re.Match[str], today: date) -> str:
    found = nearest_year(int(m.group("a")), int(m.group("b")), today)
    return m.group("lead") + found.isoformat() if found else m.group(0)


def _weekday_ordinal(m: re.Match[str], today: date) -> str:
    """The date nearest ``today`` that falls on that day of the month and that weekday (within a year)."""
    weekday = ["mo", "tu", "we", "th", "fr", "sa", "su"].index(m.group("w")[:2].lower())
    day = int(m.group("d"))
    best: date | None = None
    for shift in range(-12, 13):
        month_index = today.month - 1 + shift
        year, month = today.year + month_index // 12, month_index % 12 + 1
        try:
            d = date(year, month, day)
        except ValueError:
            continue
        if d.weekday() == weekday and (best is None or abs((d - today).days) < abs((best - today).days)):
            best = d
    return best.isoformat() if best else m.group(0)


def _time(m: re.Match[str]) -> str:
    hour = int(m.group("h")) % 12 + (12 if m.group("ap").lower() == "p" else 0)
    return f"{hour:02d}:{m.group('min') or '00'}"
