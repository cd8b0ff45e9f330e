"""ReadCache: a read tool's answer on an env's initial state, computed once per process and shared by its envs."""

from __future__ import annotations

import json
import threading
from typing import Any


class ReadCache:
    """Results of read-only tool calls made while an env's state is still the template's (no write since its
    reset), keyed by tool, arguments, clock and rendering.

    Such a call is a pure function of its key: every env of a template answers it alike, so RL rollouts of one task
    (which open with the same lookups) and repeated evaluations pay for its SQL once. A result is kept only when its
    JSON text reads back as the same value, so a hit gives each env its own, equal object.
    """

    def __init__(self, max_entries: int = 4096) -> None:
        self.max_entries = max_entries
        self.hits = 0
        self.misses = 0
        self._entries: dict[tuple[Any, ...], tuple[str, bool]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def key(tool: str, args: dict[str, Any], now: str, separators: Any) -> tuple[Any, ...] | None:
        """The cache key of a call, or None when its arguments have no stable JSON form."""
        try:
            return tool, now, separators, json.dumps(args, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):
            return None

    def get(self, key: tuple[Any, ...]) -> tuple[Any, str] | None:
        """(a fresh copy of the result, its rendered text), or None."""
        entry = self._entries.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        text, is_json = entry
        return (json.loads(text) if is_json else text), text

    def put(self, key: tuple[Any, ...], result: Any, text: str) -> None:
        """Keep ``result`` (rendered as ``text``) if its text reads back as the same value."""
        if len(self._entries) >= self.max_entries:
            return
        if isinstance(result, str):
            entry = (text, False) if text == result else None
        else:
            try:
                entry = (text, True) if json.loads(text) == result else None
            except ValueError:
                entry = None
        if entry is not None:
            with self._lock:
                self._entries.setdefault(key, entry)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
