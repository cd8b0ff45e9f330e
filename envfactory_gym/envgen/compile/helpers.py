"""The helper functions a compiled ``tools.py`` calls (from ``envfactory_gym.authoring.compiled``), and the wrapping
of its over-long lines."""

from __future__ import annotations

import re

#: The helpers a compiled tool calls, by the name the tool code is written with, and the name it has in
#: ``envfactory_gym.authoring.compiled`` (the module every compiled ``tools.py`` imports them from).
LIBRARY_NAMES = {
    "_select": "select_rows", "_next_number": "next_number", "_update": "update_row", "_copy": "copy_fields",
    "_text": "check_text", "_matches": "check_pattern", "_email": "check_email", "_day": "check_day",
    "_moment": "check_moment", "_within": "check_within", "_time_of": "time_of", "_in_scope": "check_scope",
    "_span": "check_span",
}
_CALL = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, LIBRARY_NAMES)) + r")\(")


def library_names(code: str) -> str:
    """``code`` with each helper call written by its library name (``_day(`` as ``check_day(``)."""
    return _CALL.sub(lambda m: LIBRARY_NAMES[m.group(1)] + "(", code)


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
