"""The helper functions a compiled ``tools.py`` defines (each written only where a tool uses it), and the wrapping
of its over-long lines."""

from __future__ import annotations

from envfactory_gym.envgen.compile.listing import SELECT_HELPER
from envfactory_gym.envgen.compile.scope import SCOPE_HELPER

HELPERS = {
    "_select": SELECT_HELPER,
    "_next_number": '''
def _next_number(db: Database, table: str, key: str) -> int:
    return int(db.scalar(f"SELECT max({key}) FROM {table}") or 0) + 1
''',
    "_update": '''
def _update(db: Database, table: str, key: str, value: Any, changes: dict[str, Any]) -> None:
    assignments = ", ".join(f"{column} = ?" for column in changes)
    db.execute(f"UPDATE {table} SET {assignments} WHERE {key} = ?", [*changes.values(), value])
''',
    "_text": '''
def _text(name: str, value: str, low: int | None = None, high: int | None = None) -> str:
    value = value.strip()
    if (low is not None and len(value) < low) or (high is not None and len(value) > high):
        span = f"{low} to {high}" if low is not None and high is not None else \\
            f"at least {low}" if low is not None else f"at most {high}"
        raise ToolError(f"{name} must have {span} characters, got {len(value)}")
    return value
''',
    "_matches": '''
def _matches(name: str, value: str, pattern: str) -> str:
    if not re.fullmatch(pattern.strip("^$"), value):
        raise ToolError(f"{name} {value!r} does not match the pattern {pattern}")
    return value
''',
    "_email": '''
def _email(name: str, value: str) -> str:
    value = value.strip().lower()
    if not EMAIL.fullmatch(value):
        raise ToolError(f"{name} {value!r} is not an email address")
    return value
''',
    "_day": '''
def _day(name: str, value: str) -> str:
    try:
        return date.fromisoformat(value.strip()[:10]).isoformat()
    except ValueError:
        raise ToolError(f"{name} {value!r} is not a date (use YYYY-MM-DD)") from None
''',
    "_moment": '''
def _moment(name: str, value: str) -> str:
    try:
        return datetime.fromisoformat(value.strip()).isoformat(timespec="seconds")
    except ValueError:
        raise ToolError(f"{name} {value!r} is not a date and time (use YYYY-MM-DDTHH:MM)") from None
''',
    "_within": '''
def _within(name: str, value: float, low: float | None, high: float | None) -> float:
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low:g} to {high:g}" if low is not None and high is not None else \\
            f"at least {low:g}" if low is not None else f"at most {high:g}"
        raise ToolError(f"{name} must be {span}, got {value:g}")
    return value
''',
    "_time_of": '''
def _time_of(value: Any) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
''',
}


HELPERS["_in_scope"] = SCOPE_HELPER
HELPERS["_span"] = '''
def _span(what: str, first: str, start: Any, last: str, end: Any) -> None:
    if start is not None and end is not None and _time_of(end).replace(tzinfo=None) < \\
            _time_of(start).replace(tzinfo=None):
        raise ToolError(f"{last} {end} is before {first} {start}: the {last} of {what} cannot come before its {first}")
'''
HELPERS["_copy"] = '''
def _copy(db: Database, table: str, key: str, value: Any, changes: dict[str, Any], fields: tuple[str, ...]) -> None:
    shared = {column: changes[column] for column in fields if column in changes}
    if shared:  # the same record's fields held in another table stay the same
        _update(db, table, key, value, shared)
'''


def wrap_long_lines(code: str, limit: int = 118) -> str:
    """Split over-long lines holding one string literal at a space outside any ``{...}``."""
    out = []
    for line in code.split("\n"):
        if len(line) <= limit:
            out.append(line)
            continue
        quote = line.find('"')
        start = quote - 1 if quote > 0 and line[quote - 1] == "f" else quote
        prefix = 'f"' if start != quote else '"'
        body_start = quote + 1
        end, depth = body_start, 0
        while end < len(line) and not (line[end] == '"' and depth == 0 and line[end - 1] != "\\"):
            depth += (line[end] == "{") - (line[end] == "}") if prefix == 'f"' else 0
            end += 1
        if quote < 0 or end >= len(line) or end <= body_start:
            out.append(line)
            continue
        indent = " " * start
        budget = limit - start - 4
        segments, current, depth = [], "", 0
        for ch in line[body_start:end]:
            depth += ch == "{"
            depth -= ch == "}"
            current += ch
            if ch == " " and depth == 0:
                segments.append(current)
                current = ""
        segments.append(current)
        pieces = [""]
        for seg in segments:
            if pieces[-1] and len(pieces[-1]) + len(seg) > budget:
                pieces.append("")
            pieces[-1] += seg
        rest = line[end + 1:]
        lines = [line[:start] + prefix + pieces[0] + '"']
        lines += [indent + prefix + piece + '"' for piece in pieces[1:]]
        if len(lines[-1]) + len(rest) > limit and rest.startswith(", "):
            lines[-1] += ","
            lines.append(indent + rest[2:])
        else:
            lines[-1] += rest
        out.extend(lines)
    return "\n".join(out)
