"""The sentence templates of QueryGen declarations: ``{name}``, ``{path.to.field:format}`` and optional ``[...]``."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from envfactory_gym.errors import TemplateError

#: Value formats a placeholder may ask for (``{when:date}``).
FORMATS = ("date", "time", "datetime", "money", "number")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


@dataclass(frozen=True)
class Slot:
    """A placeholder: a name (dotted for nested fields), an optional format, and whether it is in a ``[...]``."""

    name: str
    fmt: str | None = None
    optional: bool = False

    @property
    def head(self) -> str:
        """The first part of the name (the parameter or field it starts from)."""
        return self.name.split(".", 1)[0]


@dataclass(frozen=True)
class Group:
    """An optional part: said only when every placeholder in it has a value."""

    parts: tuple[Any, ...]


def parse(text: str) -> tuple[Any, ...]:
    """Parse ``text`` into literal strings, :class:`Slot` and :class:`Group` parts; :class:`TemplateError` if bad."""
    parts, pos = _parse(text, 0, closing=False)
    return parts


def _parse(text: str, pos: int, closing: bool) -> tuple[tuple[Any, ...], int]:
    """Parts up to the end (or the ``]`` closing a group when ``closing``); slots in a group are optional."""
    parts: list[Any] = []
    buf: list[str] = []
    while pos < len(text):
        ch = text[pos]
        if ch == "{":
            end = text.find("}", pos)
            if end < 0:
                raise TemplateError(f"unclosed '{{' at character {pos + 1}")
            name, _, fmt_text = text[pos + 1:end].strip().partition(":")
            name = name.strip()
            fmt = fmt_text.strip() or None
            if not _NAME.match(name):
                raise TemplateError(f"bad placeholder {text[pos:end + 1]!r}: use {{name}} or {{name:format}}")
            if fmt is not None and fmt not in FORMATS:
                raise TemplateError(f"unknown format {fmt!r} in {text[pos:end + 1]!r} (formats: {', '.join(FORMATS)})")
            if buf:
                parts.append("".join(buf))
                buf = []
            parts.append(Slot(name, fmt, closing))
            pos = end + 1
        elif ch == "[":
            if buf:
                parts.append("".join(buf))
                buf = []
            inner, pos = _parse(text, pos + 1, closing=True)
            parts.append(Group(inner))
        elif ch == "]":
            if not closing:
                raise TemplateError(f"']' without '[' at character {pos + 1}")
            if buf:
                parts.append("".join(buf))
            return tuple(parts), pos + 1
        elif ch == "}":
            raise TemplateError(f"'}}' without '{{' at character {pos + 1}")
        else:
            buf.append(ch)
            pos += 1
    if closing:
        raise TemplateError("unclosed '['")
    if buf:
        parts.append("".join(buf))
    return tuple(parts), pos


def slots(parts: tuple[Any, ...], optional: bool = False) -> list[tuple[Slot, bool]]:
    """Every placeholder with whether it sits in an optional group."""
    out: list[tuple[Slot, bool]] = []
    for p in parts:
        if isinstance(p, Slot):
            out.append((p, optional))
        elif isinstance(p, Group):
            out.extend(slots(p.parts, True))
    return out


def render(parts: tuple[Any, ...], resolve: Callable[[Slot], str | None]) -> str | None:
    """The text, or None when a placeholder outside the optional groups has no value."""
    text = _render(parts, resolve)
    return None if text is None else re.sub(r"\s+([,.;:?!)])", r"\1", re.sub(r" {2,}", " ", text)).strip()


def _render(parts: tuple[Any, ...], resolve: Callable[[Slot], str | None]) -> str | None:
    out: list[str] = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        elif isinstance(p, Slot):
            value = resolve(p)
            if value is None or value == "":
                return None
            out.append(value)
        else:
            inner = _render(p.parts, resolve)
            if inner is not None:
                out.append(inner)
    return "".join(out)


# -- values in words ---------------------------------------------------------------------------------------

def as_datetime(value: Any) -> datetime | None:
    """``value`` as a datetime when it is a date, a datetime or an ISO 8601 string of one."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day)
    if isinstance(value, str) and re.match(r"^\d{4}-\d{2}-\d{2}", value):
        try:
            return datetime.fromisoformat(value.strip().replace("Z", "+00:00")).replace(tzinfo=None)
        except ValueError:
            return None
    return None


def format_value(value: Any, fmt: str | None, now: datetime, currency: str = "$") -> str | None:
    """``value`` in words: dates as "14 March" (the year when it is not this year), money as "$12.50"."""
    if value is None or isinstance(value, (dict, bool)):
        return None
    if isinstance(value, (list, tuple)):
        words = [w for w in (format_value(v, fmt, now, currency) for v in value) if w]
        return join_words(words) if words else None
    if fmt in ("date", "time", "datetime"):
        when = as_datetime(value)
        if when is None:
            return None
        day = f"{when.day} {_MONTHS[when.month - 1]}" + (f" {when.year}" if when.year != now.year else "")
        clock = f"{when.hour}:{when.minute:02d}"
        return {"date": day, "time": clock, "datetime": f"{day} at {clock}"}[fmt]
    if fmt in ("money", "number"):
        try:
            number = float(value)
        except (TypeError, ValueError):
            return None
        text = f"{number:.2f}" if fmt == "money" and number != int(number) else f"{number:g}"
        return f"{currency}{text}" if fmt == "money" else text
    return str(value)


def join_words(words: list[str], limit: int = 3) -> str:
    """"A", "A and B", "A, B and C"; beyond ``limit`` items, "A, B, C and 2 others"."""
    if len(words) > limit:
        rest = len(words) - limit
        return f"{', '.join(words[:limit])} and {rest} other{'s' if rest > 1 else ''}"
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def lookup(record: Any, path: str) -> Any:
    """The value at a dotted ``path`` in a record; a list along the way maps the rest of the path over it."""
    value = record
    for i, key in enumerate(path.split(".")):
        if isinstance(value, list):
            rest = ".".join(path.split(".")[i:])
            items = [lookup(v, rest) for v in value]
            items = [v for v in items if v is not None and v != ""]
            return items or None
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return None  # a list of records is not words
    return value
