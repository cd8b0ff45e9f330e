"""``composite.json``: which catalog environments a composite joins, under which prefixes, at which clock."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from envfactory_gym.errors import EnvFormatError

SPEC_FILE = "composite.json"
#: A member's files the composite is built from; a change to any of them needs ``envfactory compose`` again.
MEMBER_FILES = ("manifest.json", "schema.sql", "tools.py")


class Member(BaseModel):
    """One environment of the composite."""

    model_config = ConfigDict(extra="forbid")

    env: str = Field(description="The member's folder, relative to the composite's (e.g. '../hotel').")
    prefix: str = Field(pattern=r"^[a-z][a-z0-9]*$",
                        description="Its tables are '<prefix>_<table>'; its tools keep their names unless two "
                                    "members share one, then '<prefix>_<tool>'.")
    label: str = Field(description="How the policy and the catalog name it, e.g. 'Wrenfield Hotels'.")
    content_hash: str | None = Field(None, description="Written by `envfactory compose`: the member files it read.")

    def folder(self, composite: Path) -> Path:
        return (composite / self.env).resolve()


class CompositeSpec(BaseModel):
    """A composite environment: one conversation, one clock and one user over several catalog environments."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    version: int = Field(0, ge=0)
    domain: str
    description: str
    now: str = Field(description="The composite's clock; every member's dates move by whole days to it.")
    max_steps: int = Field(40, ge=1)
    members: list[Member] = Field(min_length=2)
    rules: list[str] = Field(default_factory=list, description="Rules of the composite's own (its policy says them).")

    @field_validator("now")
    @classmethod
    def _iso(cls, value: str) -> str:
        datetime.fromisoformat(value)
        return value

    @field_validator("members")
    @classmethod
    def _distinct(cls, members: list[Member]) -> list[Member]:
        for attr in ("prefix", "env"):
            seen = [getattr(m, attr) for m in members]
            dup = sorted({v for v in seen if seen.count(v) > 1})
            if dup:
                raise ValueError(f"two members share the {attr} {dup[0]!r}")
        return members


def load_spec(folder: str | Path) -> CompositeSpec:
    """The composite spec of ``folder``, checked (one-line :class:`EnvFormatError` naming the file and field)."""
    path = Path(folder) / SPEC_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EnvFormatError(path, "missing: a composite folder needs composite.json") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise EnvFormatError(path, f"not valid JSON: {exc}") from None
    try:
        spec = CompositeSpec.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise EnvFormatError(path, f"{where}: {err['msg']}") from None
    for m in spec.members:
        member = m.folder(path.parent)
        if not (member / "manifest.json").is_file():
            from envfactory_gym.errors import suggest

            near = [p.name for p in path.parent.parent.iterdir() if (p / "manifest.json").is_file()] \
                if path.parent.parent.is_dir() else []
            raise EnvFormatError(path, f"member {m.prefix!r}: {m.env!r} is no environment folder."
                                       f"{suggest(Path(m.env).name, near)}")
    return spec


def member_hash(folder: Path) -> str:
    """A SHA-256 over the member files a composite is built from (its seed CSVs included)."""
    digest = hashlib.sha256()
    files = [folder / f for f in MEMBER_FILES] + sorted((folder / "seed").glob("*.csv"))
    for f in files:
        digest.update(f.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(f.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return "sha256:" + digest.hexdigest()


def day_shift(member_now: str, composite_now: str) -> int:
    """Whole days from a member's clock to the composite's (dates move by this; times of day stay)."""
    return (datetime.fromisoformat(composite_now).date() - datetime.fromisoformat(member_now).date()).days


def shift_text(text: str, days: int) -> str:
    """ISO dates (``2026-06-03``, with or without a time) in ``text`` moved by ``days``; weekdays named before
    them move too (``Wednesday 2026-06-03`` -> ``Friday 2026-06-05``)."""
    from datetime import timedelta

    names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    def move(m: re.Match[str]) -> str:
        day = datetime.strptime(m.group("date"), "%Y-%m-%d").date() + timedelta(days=days)
        said = m.group("weekday") or ""
        if said:
            word = said.rstrip(", ")
            full = names[day.weekday()]
            said = (full if len(word) > 3 else full[:3]) + said[len(word):]
        return f"{said}{day.isoformat()}"

    if not days:
        return text
    pattern = r"(?P<weekday>(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? )?(?P<date>\d{4}-\d{2}-\d{2})"
    return re.sub(pattern, move, text)
