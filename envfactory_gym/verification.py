"""The verification record (``verification.json``): what the gate measured, and the content hash it vouches for."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

RECORD_FILE = "verification.json"
#: Names never part of an environment's content (caches and the record itself).
_SKIP_NAMES = {RECORD_FILE, "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", ".DS_Store"}
_SKIP_SUFFIXES = (".pyc", ".pyo")


class CheckResult(BaseModel):
    """One check of the gate."""

    name: str
    passed: bool
    reason: str = ""
    file: str | None = None
    figures: dict[str, Any] = Field(default_factory=dict)
    seconds: float = 0.0


class VerificationRecord(BaseModel):
    """What ``envfactory verify`` writes into an environment folder."""

    env_id: str
    passed: bool
    date: str
    content_hash: str
    versions: dict[str, str] = Field(default_factory=dict)
    sandbox: dict[str, Any] = Field(default_factory=dict)
    catalog: dict[str, Any] = Field(default_factory=dict)
    checks: list[CheckResult] = Field(default_factory=list)

    def check(self, name: str) -> CheckResult | None:
        return next((c for c in self.checks if c.name == name), None)

    def failures(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.passed]


@dataclass(frozen=True)
class Status:
    """Whether a folder's record vouches for the folder as it is now."""

    verified: bool
    reason: str
    date: str | None = None
    record: VerificationRecord | None = None


def content_files(folder: Path) -> list[Path]:
    """The files that make up an environment, sorted (caches and the record excluded)."""
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_NAMES and not d.startswith("."))
        for name in sorted(files):
            if name in _SKIP_NAMES or name.endswith(_SKIP_SUFFIXES) or name.startswith(".coverage"):
                continue
            out.append(Path(root) / name)
    return sorted(out, key=lambda p: p.relative_to(folder).as_posix())


def content_hash(folder: str | os.PathLike[str]) -> str:
    """A SHA-256 over the relative paths and bytes of the folder's files (line endings normalized)."""
    folder = Path(folder)
    digest = hashlib.sha256()
    for path in content_files(folder):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes().replace(b"\r\n", b"\n"))
        digest.update(b"\0")
    return "sha256:" + digest.hexdigest()


def read_record(folder: str | os.PathLike[str]) -> VerificationRecord | None:
    """The folder's record, or None when it has none. Raises ValueError (one line) on a malformed one."""
    path = Path(folder) / RECORD_FILE
    if not path.is_file():
        return None
    try:
        return VerificationRecord.model_validate_json(path.read_text(encoding="utf-8"))
    except (ValidationError, UnicodeDecodeError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ValueError(f"{path}: malformed verification record ({first})") from None


def status(folder: str | os.PathLike[str]) -> Status:
    """Verified only when the record exists, passed, and its hash matches the files as they are now."""
    folder = Path(folder)
    try:
        record = read_record(folder)
    except ValueError as exc:
        return Status(False, str(exc))
    if record is None:
        return Status(False, f"not verified: no {RECORD_FILE} (run `envfactory verify {folder}`)")
    if not record.passed:
        failed = ", ".join(c.name for c in record.failures()) or "unknown"
        return Status(False, f"failed verification on {record.date[:10]} (checks: {failed})", record.date, record)
    if record.content_hash != content_hash(folder):
        return Status(False, f"edited since it was verified on {record.date[:10]}: run `envfactory verify {folder}` "
                             "again", record.date, record)
    return Status(True, "verified", record.date, record)


def write_record(folder: str | os.PathLike[str], record: VerificationRecord, path: Path | None = None) -> Path:
    """Write the record atomically (into the folder unless ``path`` is given)."""
    from envfactory_gym.tasks import atomic_write_text

    target = path or Path(folder) / RECORD_FILE
    atomic_write_text(target, json.dumps(record.model_dump(), indent=2) + "\n")
    return target
