"""The helpers a compiled environment's ``tools.py`` calls: listing, updating and checking values, written once."""

from __future__ import annotations

import json
import re
from datetime import date, datetime
from typing import Any

from envfactory_gym.database import Database
from envfactory_gym.errors import ToolError

__all__ = [
    "EMAIL", "LIST_CHARS", "LIST_LIMIT", "check_day", "check_email", "check_moment", "check_pattern", "check_scope",
    "check_span", "check_text", "check_within", "copy_fields", "next_number", "select_rows", "time_of", "update_row",
]

#: The most rows a list returns, and the most characters of them (below the 4,000 an agent is shown of a result,
#: with room to spare); narrower filters find the rest.
LIST_LIMIT = 50
LIST_CHARS = 3600
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[a-z]{2,}")


def select_rows(db: Database, sql: str, where: list[str], params: list[Any], order: str) -> list[Any]:
    """The rows of ``sql`` filtered by ``where``, as many as an agent is shown; a cut list says how many it left out."""
    if where:
        sql += " WHERE " + " AND ".join(where)
    rows = db.query(f"{sql} ORDER BY {order}", params)
    shown: list[Any] = []
    size = 2
    for row in rows[:LIST_LIMIT]:  # no more rows than an agent is shown of the result
        size += len(json.dumps(row, ensure_ascii=False, default=str)) + 2
        if size > LIST_CHARS - (0 if len(rows) == len(shown) + 1 else 100) and shown:
            break
        shown.append(row)
    if len(shown) < len(rows):  # said, not hidden: the agent knows to narrow the list
        return [*shown, f"... {len(rows) - len(shown)} more rows match, not shown: narrower filters find them"]
    return shown


def next_number(db: Database, table: str, key: str) -> int:
    """The next integer key of ``table``."""
    return int(db.scalar(f"SELECT max({key}) FROM {table}") or 0) + 1


def update_row(db: Database, table: str, key: str, value: Any, changes: dict[str, Any]) -> None:
    """Set ``changes`` on the row of ``table`` whose ``key`` is ``value``."""
    assignments = ", ".join(f"{column} = ?" for column in changes)
    db.execute(f"UPDATE {table} SET {assignments} WHERE {key} = ?", [*changes.values(), value])


def copy_fields(db: Database, table: str, key: str, value: Any, changes: dict[str, Any],
                fields: tuple[str, ...]) -> None:
    """The same record's fields held in another table stay the same: copy the ``fields`` among ``changes``."""
    shared = {column: changes[column] for column in fields if column in changes}
    if shared:
        update_row(db, table, key, value, shared)


def check_text(name: str, value: str, low: int | None = None, high: int | None = None) -> str:
    """``value`` stripped, refused outside ``low``..``high`` characters."""
    value = value.strip()
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        span = f"{low} to {high}" if low is not None and high is not None else \
            f"at least {low}" if low is not None else f"at most {high}"
        raise ToolError(f"{name} must have {span} characters, got {len(value)}")
    return value


def check_pattern(name: str, value: str, pattern: str) -> str:
    """``value``, refused unless it matches the specification's ``pattern``."""
    if not re.fullmatch(pattern.strip("^$"), value):
        raise ToolError(f"{name} {value!r} does not match the pattern {pattern}")
    return value


def check_email(name: str, value: str) -> str:
    """``value`` as a lower-case email address, refused if it is none."""
    value = value.strip().lower()
    if not EMAIL.fullmatch(value):
        raise ToolError(f"{name} {value!r} is not an email address")
    return value


def check_day(name: str, value: str) -> str:
    """``value`` as an ISO date (a date-time's date), refused if it is none."""
    try:
        return date.fromisoformat(value.strip()[:10]).isoformat()
    except ValueError:
        raise ToolError(f"{name} {value!r} is not a date (use YYYY-MM-DD)") from None


def check_moment(name: str, value: str) -> str:
    """``value`` as an ISO date-time to the second, refused if it is none."""
    try:
        return datetime.fromisoformat(value.strip()).isoformat(timespec="seconds")
    except ValueError:
        raise ToolError(f"{name} {value!r} is not a date and time (use YYYY-MM-DDTHH:MM)") from None


def check_within(name: str, value: float, low: float | None, high: float | None) -> float:
    """``value``, refused outside ``low``..``high``."""
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low:g} to {high:g}" if low is not None and high is not None else \
            f"at least {low:g}" if low is not None else f"at most {high:g}"
        raise ToolError(f"{name} must be {span}, got {value:g}")
    return value


def time_of(value: Any) -> datetime:
    """A stored date or date-time value as a ``datetime``."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))


def check_scope(name: str, value: Any, fixed: Any) -> None:
    """Refuse a scope value (an account, a site) other than the deployment's one; None means the deployment's."""
    if value is not None and str(value).strip() != str(fixed):
        raise ToolError(f"{name} {value!r} is not this deployment's: it has only {fixed!r} (or leave {name} out)")


def check_span(what: str, first: str, start: Any, last: str, end: Any) -> None:
    """Refuse an end (``last``) before its start (``first``) on ``what``."""
    if start is not None and end is not None and time_of(end).replace(tzinfo=None) < \
            time_of(start).replace(tzinfo=None):
        raise ToolError(f"{last} {end} is before {first} {start}: the {last} of {what} cannot come before its {first}")
