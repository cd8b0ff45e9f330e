"""The catalog table: per environment, the figures its verification record holds (never typed by hand)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from envfactory_gym.verification import Status, status

#: Columns of the catalog, as ``envfactory list`` and the README show them.
COLUMNS = ("env id", "domain", "tools (read / write)", "tables", "seeded rows",
           "tasks (read-only / single-write / multi-goal)", "rules", "tools.py coverage",
           "blind play (episodes, mean, known defects)", "verified")


@dataclass(frozen=True)
class CatalogRow:
    """One environment's line of the catalog."""

    env_id: str
    folder: Path
    status: Status

    @property
    def figures(self) -> dict[str, Any]:
        return dict(self.status.record.catalog) if self.status.record else {}

    @property
    def members(self) -> list[str]:
        """A composite's member folders' names ([] for a plain environment)."""
        import json

        spec = self.folder / "composite.json"
        if not spec.is_file():
            return []
        try:
            return [Path(str(m.get("env", ""))).name for m in json.loads(spec.read_text(encoding="utf-8"))["members"]]
        except (ValueError, KeyError, TypeError, AttributeError):
            return ["?"]

    @property
    def origin(self) -> str:
        """For a compiled environment, the specification it came from ("Petstore 1.0.2"); "" otherwise."""
        import json

        try:
            source = json.loads((self.folder / "manifest.json").read_text(encoding="utf-8")).get("source") or {}
        except (OSError, ValueError, AttributeError):
            return ""
        return " ".join(str(source.get(k) or "") for k in ("api", "version")).strip() if isinstance(
            source, dict) else ""

    def cells(self) -> list[str]:
        f = self.figures
        if not f:
            return [f"`{self.env_id}`", "?", "?", "?", "?", "?", "?", "?", "?", "no"]
        cov = f.get("line_coverage")
        return [
            f"`{self.env_id}`", str(f.get("domain", "?")) + (
                f" (composite: {' + '.join(self.members)})" if self.members else
                f" (compiled from {self.origin})" if self.origin else ""),
            f"{f.get('tools', 0)} ({f.get('read_tools', 0)} / {f.get('write_tools', 0)})",
            str(f.get("tables", 0)), f"{f.get('rows', 0):,}",
            f"{f.get('tasks', 0)} ({f.get('tasks_read_only', 0)} / {f.get('tasks_single_write', 0)} / "
            f"{f.get('tasks_multi_goal', 0)})",
            str(f.get("rules", 0)), f"{cov:.0%}" if isinstance(cov, float) else "?", _blind(f.get("blind_play")),
            (self.status.date or "")[:10] if self.status.verified else "no",
        ]


def _blind(blind: Any) -> str:
    """The blind-play cell: correct episodes, their mean reward and the known defects they still show."""
    if not isinstance(blind, dict) or not blind.get("episodes"):
        return "none"
    return f"{blind['episodes']}, {blind.get('mean_reward') or 0:.2f}, {blind.get('known_defects') or 0}"


def catalog(folders: dict[str, Path]) -> list[CatalogRow]:
    """Rows for ``env id -> folder``, sorted by id."""
    return [CatalogRow(env_id, folder, status(folder)) for env_id, folder in sorted(folders.items())]


def totals(rows: list[CatalogRow]) -> list[str]:
    """The totals line of the catalog."""
    figs = [r.figures for r in rows if r.figures]
    # A composite's tools, tables, rows and rules are its members': counted once, with the members.
    plain = [r.figures for r in rows if r.figures and not r.members]
    composites = sum(1 for r in rows if r.members)

    def s(key: str, of: list[dict[str, Any]] = plain) -> int:
        return sum(int(f.get(key, 0)) for f in of)

    domains = len({f.get("domain") for f in plain})
    envs = f"**{len(rows) - composites} environments" + (f" + {composites} composite" if composites else "") + "**"
    return [envs, f"{domains} domains",
            f"{s('tools')} ({s('read_tools')} / {s('write_tools')})", str(s("tables")), f"{s('rows'):,}",
            f"{s('tasks', figs)} ({s('tasks_read_only', figs)} / {s('tasks_single_write', figs)} / "
            f"{s('tasks_multi_goal', figs)})",
            str(s("rules")), "", _blind_total(figs), f"{sum(1 for r in rows if r.status.verified)} verified"]


def _blind_total(figs: list[dict[str, Any]]) -> str:
    blinds = [f["blind_play"] for f in figs if isinstance(f.get("blind_play"), dict) and f["blind_play"].get("episodes")]
    if not blinds:
        return ""
    n = sum(b["episodes"] for b in blinds)
    mean = sum(b["episodes"] * (b.get("mean_reward") or 0) for b in blinds) / n
    return f"{n}, {mean:.2f}, {sum(b.get('known_defects') or 0 for b in blinds)}"


def markdown(rows: list[CatalogRow]) -> str:
    """The catalog as Markdown tables with a totals line each (what the README shows): the authored environments,
    then, where there are any, those compiled from public API specifications."""
    authored = [r for r in rows if not r.origin]
    compiled = [r for r in rows if r.origin]
    parts = [_table(authored)] if authored or not compiled else []
    if compiled:
        parts.append(f"Compiled from public API specifications ({len(compiled)}, `envfactory compile`; the domain "
                     "column names the API and version each was compiled from):")
        parts.append(_table(compiled))
    return "\n\n".join(parts)


def _table(rows: list[CatalogRow]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(r.cells()) + " |" for r in rows]
    if len(rows) > 1:
        lines.append("| " + " | ".join(totals(rows)) + " |")
    return "\n".join(lines)


START, END = "<!-- catalog:start -->", "<!-- catalog:end -->"


def replace_block(text: str, table: str) -> str:
    """``text`` with the Markdown between the catalog markers replaced by ``table``.

    Raises:
        ValueError: the markers are missing or out of order.
    """
    i, j = text.find(START), text.find(END)
    if i < 0 or j < i:
        raise ValueError(f"no {START} ... {END} block")
    return text[: i + len(START)] + "\n" + table + "\n" + text[j:]


def current_block(text: str) -> str:
    """The Markdown between the catalog markers ('' when there are none)."""
    i, j = text.find(START), text.find(END)
    return text[i + len(START): j].strip() if 0 <= i < j else ""
