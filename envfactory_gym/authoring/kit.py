"""Helpers every ``tools.py`` needs: new ids that continue a table's numbering, money to the cent, dates and times."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Literal, overload

from envfactory_gym.database import Database
from envfactory_gym.errors import ToolError, UsageError

__all__ = ["IdScheme", "as_date", "as_datetime", "at", "format_time", "money", "next_id", "now", "parse_date",
           "parse_time", "today"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: Added before rounding so that a value stored as 2.675 (really 2.67499...) rounds up to 2.68, as on paper.
_NUDGE = 1e-9


def next_id(db: Database, table: str, column: str, prefix: str, width: int = 0) -> str:
    """The id after the highest ``prefix<number>`` in ``table.column``: ``prefix`` then that number plus one,
    zero-padded to ``width`` digits (0: not padded). It depends on the state alone, so replays give the same ids.

    Raises:
        UsageError: a table or column that is not a plain SQL name, or a negative width.
    """
    for what, name in (("table", table), ("column", column)):
        if not _NAME.match(name):
            raise UsageError(f"next_id: {what} {name!r} is not a plain SQL name (letters, digits, underscores)")
    if width < 0:
        raise UsageError(f"next_id: width {width!r} must be 0 (no padding) or more digits")
    # TRY_CAST: a key of another shape (seeded from a specification's examples) is no number to follow
    last = db.scalar(f"SELECT max(TRY_CAST(substr({column}, {len(prefix) + 1}) AS BIGINT)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}" if width else f"{prefix}{last + 1}"


class IdScheme:
    """An environment's id formats, one per prefix: ``IDS = IdScheme({"TX-": ("transactions", "transaction_id",
    6)})`` then ``IDS.next(db, "TX-")`` gives ``TX-000043`` after ``TX-000042``. A width of 0 does not pad."""

    def __init__(self, formats: Mapping[str, tuple[str, str, int]]) -> None:
        self.formats: dict[str, tuple[str, str, int]] = dict(formats)
        for prefix, spec in self.formats.items():
            if len(spec) != 3:
                raise UsageError(f"IdScheme: prefix {prefix!r} needs (table, column, width), got {spec!r}")

    def __repr__(self) -> str:
        return f"IdScheme({self.formats!r})"

    def next(self, db: Database, prefix: str) -> str:
        """The next id of ``prefix`` (see :func:`next_id`).

        Raises:
            UsageError: a prefix the scheme does not have.
        """
        try:
            table, column, width = self.formats[prefix]
        except KeyError:
            raise UsageError(f"IdScheme: unknown id prefix {prefix!r}; known: "
                                  f"{', '.join(map(repr, self.formats))}") from None
        return next_id(db, table, column, prefix, width)


def money(x: float, *, half: Literal["away", "up"] = "away") -> float:
    """``x`` rounded to cents, a half cent rounding away from zero (``half="away"``: -2.345 -> -2.35) or
    towards plus infinity (``half="up"``: -2.345 -> -2.34); positive amounts round the same either way.

    Raises:
        UsageError: an unknown ``half``.
    """
    if half == "away":
        return round(x + _NUDGE if x >= 0 else x - _NUDGE, 2)
    if half == "up":
        return round(x + _NUDGE, 2)
    raise UsageError(f"money: half={half!r} must be 'away' or 'up'")


def now(db: Database) -> datetime:
    """The state's clock (``db.now``) as a datetime."""
    return datetime.fromisoformat(db.now)


def today(db: Database) -> date:
    """The day of the state's clock."""
    return datetime.fromisoformat(db.now).date()


def as_datetime(value: str | datetime) -> datetime:
    """A stored timestamp (a datetime, or ISO text as ``'2026-07-20 09:30:00'``) as a datetime."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def as_date(value: str | date) -> date:
    """The day of a stored date or timestamp (a date, a datetime, or ISO text; only its first 10 characters count)."""
    return date.fromisoformat(str(value)[:10])


@overload
def format_time(value: str | datetime) -> str: ...


@overload
def format_time(value: None) -> None: ...


def format_time(value: str | datetime | None) -> str | None:
    """A stored timestamp as the agent reads it: ``'YYYY-MM-DD HH:MM'`` (an empty one stays None)."""
    return None if value is None or value == "" else as_datetime(value).strftime("%Y-%m-%d %H:%M")


def at(day: date, clock: str) -> datetime:
    """The moment ``clock`` (``'HH:MM'``) on ``day``."""
    hours, minutes = clock.split(":")
    return datetime(day.year, day.month, day.day, int(hours), int(minutes))


def parse_date(value: str, name: str, *, hint: str = "written YYYY-MM-DD", strict: bool = False) -> date:
    """A date the agent gave as argument ``name``; ``strict`` accepts only ``YYYY-MM-DD`` (not ``20260518``).

    Raises:
        ToolError: not a date: "``name`` must be a date ``hint``, got ``value``" (the agent reads it).
    """
    text = value.strip()
    try:
        if strict and not _ISO_DATE.match(text):
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise ToolError(f"{name} must be a date {hint}, got {value!r}") from None


def parse_time(value: str, name: str, *, hint: str = "and time like '2026-07-20 09:30'") -> datetime:
    """A date and time the agent gave as argument ``name`` (``'2026-07-20 09:30'``; a ``T`` may separate them).

    Raises:
        ToolError: not a date and time: "``name`` must be a date ``hint``, got ``value``" (the agent reads it).
    """
    try:
        return datetime.fromisoformat(value.strip().replace("T", " "))
    except ValueError:
        raise ToolError(f"{name} must be a date {hint}, got {value!r}") from None
