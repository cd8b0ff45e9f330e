"""Patterns the compiled tools check, and the text of an accepted length that shows a pattern's refusal.

A tool checks a pattern only when some text a person could type breaks it: ``[\\s\\S]*`` or ``.*`` (any text)
allows every value, so a check of it would be a refusal no call reaches (and no test could show). A pattern Python
cannot read (``\\p{L}``) is not checked either. The same probes give the compiled tests their refused value.
"""

from __future__ import annotations

import functools
import re
import warnings

from envfactory_gym.envgen.compile.blueprint import Column

#: Characters a probe repeats, most often refused first (a spaced text and an accented one after them).
_CHARS = ("?", "~", "#", "!", "é", "-", "_", ".", "0", "x", "X")


def _probes(low: int, high: int | None) -> list[str]:
    """Texts of a length the tool accepts (``low`` to ``high`` characters), without leading or trailing space."""
    n = max(low, 1)
    if high is not None and n > high:
        return []
    out = [ch * n for ch in _CHARS]
    if n >= 3:
        out.append(("x " * n)[: n - 1] + "x")
    if low <= 0:
        out.append("")
    long = min(high, 300) if high is not None else 300
    if long > n:
        out.append("x" * long)
    return out


@functools.cache
def _refused(pattern: str, low: int, high: int | None) -> str | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a FutureWarning of a set Python may read differently one day
            compiled = re.compile(pattern.strip("^$"))  # as the tools' _matches reads it
    except re.error:
        return None
    return next((p for p in _probes(low, high) if not compiled.fullmatch(p)), None)


def refused_text(c: Column) -> str | None:
    """A text of an accepted length that column ``c``'s pattern refuses; None when no such text is found (the
    pattern allows any text, or Python cannot read it): then no tool checks the pattern."""
    if not c.pattern or c.kind != "string":
        return None
    return _refused(c.pattern, c.min_length or 0, c.max_length)


def checks_pattern(c: Column) -> bool:
    """Whether the tools check column ``c``'s pattern (a plain text of a pattern some typed text breaks)."""
    return bool(c.pattern) and c.kind == "string" and not c.enum and not c.references and c.fmt is None \
        and refused_text(c) is not None
