"""The append-only episode log of a run: one JSON line per finished episode, safe to kill at any moment."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

EPISODES_FILE = "episodes.jsonl"

Key = tuple[str, str, int]


def record_key(record: dict[str, Any]) -> Key:
    """The identity of an episode in a run: (env id, task id, trial)."""
    return (str(record["env"]), str(record["task_id"]), int(record["trial"]))


class EpisodeStore:
    """``<run dir>/episodes.jsonl``: loaded on open (a torn last line is cut off), appended one line at a time."""

    def __init__(self, run_dir: str | os.PathLike[str]) -> None:
        self.path = Path(run_dir) / EPISODES_FILE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self.records: dict[Key, dict[str, Any]] = {}
        self._load()

    def __contains__(self, key: Key) -> bool:
        return key in self.records

    def append(self, record: dict[str, Any]) -> bool:
        """Store a finished episode; False (and nothing written) if its key is already stored."""
        key = record_key(record)
        line = (json.dumps(record, ensure_ascii=False, default=str) + "\n").encode()
        with self._lock:
            if key in self.records:
                return False
            # One write of the whole line, synced: a kill leaves whole lines and at most one torn tail.
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)
            self.records[key] = record
        return True

    def _load(self) -> None:
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            # The last line was cut by a kill mid-write: drop it so the next append starts a clean line.
            with open(self.path, "r+b") as fh:
                fh.truncate(end)
        for raw in data[:end].splitlines():
            try:
                record = json.loads(raw)
                self.records.setdefault(record_key(record), record)
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                continue


def load_records(run_dir: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every whole episode record of a run directory, first copy of each key, in file order."""
    path = Path(run_dir) / EPISODES_FILE
    if not path.exists():
        return []
    out: dict[Key, dict[str, Any]] = {}
    for raw in path.read_bytes().splitlines():
        try:
            record = json.loads(raw)
            out.setdefault(record_key(record), record)
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            continue
    return list(out.values())
