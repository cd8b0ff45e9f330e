"""Two operations that make the same change, or read the same rows the same way, compile to one tool.

APIs often offer ``PUT /things/{id}`` (replace) beside ``PATCH /things/{id}`` (change the fields given) for the same
record. The compiler turns both into the same update (every field optional, the fields given change), so two tools
would do one thing: a task's gold uses one of them at random and an agent that picks the other is scored as wrong.
Two creates of one table from the same inputs (``createnewschedule`` and ``syncschedule``) make the same record.
One tool is kept per change, the PATCH one where there is one (its semantics are what the compiled tool does); the
others are listed in the report's skipped operations with the reason. Two updates of the same table taking the same
inputs (whatever their paths) are the same change too.

Reads alike: specifications often describe one resource through several views (``describe_domain_config`` and
``describe_domain_health``), which compile to the same rows filtered by the same inputs. Of such reads the first is
kept (a task's gold would otherwise name one at random, and the others would never be needed).
"""

from __future__ import annotations

import re

from envfactory_gym.envgen.compile.blueprint import ToolPlan

#: Which method's operation is kept when several make the same change (the first is preferred).
PREFERRED = ("patch", "put", "post")


def _path_shape(path: str) -> str:
    """A path with its parameters' names left out (``/things/{id}`` and ``/things/{thingId}`` are one path)."""
    return re.sub(r"\{[^}]*\}", "{}", path.rstrip("/"))


def _inputs(tp: ToolPlan) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((a.name, a.role) for a in tp.args))


def _rank(tp: ToolPlan) -> int:
    method = (tp.route or ("", ""))[0].lower()
    return PREFERRED.index(method) if method in PREFERRED else len(PREFERRED)


def same_writes(tools: list[ToolPlan], skipped: list[dict[str, str]]) -> list[ToolPlan]:
    """``tools`` with one write kept per change: updates of one table on the same path (PUT and PATCH), or updates
    or creates with the same inputs, keep the PATCH one (else the first); the others go to ``skipped`` with the
    reason."""
    groups: dict[tuple[str, str], list[ToolPlan]] = {}
    for tp in tools:
        if tp.verb != "update":
            continue
        path = _path_shape(tp.route[1]) if tp.route else ""
        groups.setdefault((tp.table.name, f"path {path}" if path else f"tool {tp.name}"), []).append(tp)
    same: dict[str, ToolPlan] = {}  # a tool left out -> the one kept
    for group in groups.values():
        kept = min(group, key=_rank)
        same.update({tp.name: kept for tp in group if tp is not kept})
    by_inputs: dict[tuple[str, str, tuple[tuple[str, str], ...]], ToolPlan] = {}
    for tp in sorted((tp for tp in tools if tp.verb in ("update", "create") and tp.name not in same), key=_rank):
        sig = (tp.table.name, tp.verb, _inputs(tp))
        if sig in by_inputs:
            same[tp.name] = by_inputs[sig]
        else:
            by_inputs[sig] = tp
    kept_tools = []
    for tp in tools:
        other = same.get(tp.name)
        if other is None:
            kept_tools.append(tp)
            continue
        method, path = tp.route or ("", "")
        where = f" ({other.route[0].upper()} {other.route[1]})" if other.route else ""
        skipped.append({"operation": tp.name, "method": method.upper(), "path": path,
                        "reason": f"makes the same change as {other.name}{where}, which is compiled: one tool per "
                                  + ("change (the fields given change, the others stay)" if tp.verb == "update"
                                     else "kind of record made from the same inputs")})
    return kept_tools


def _read_shape(tp: ToolPlan) -> tuple[str, str, tuple[tuple[str, str, str | None, str], ...]]:
    return tp.table.name, tp.verb, tuple(sorted((a.name, a.role, a.target, a.match) for a in tp.args))


def same_reads(tools: list[ToolPlan], skipped: list[dict[str, str]]) -> list[ToolPlan]:
    """``tools`` with one read kept of those that return the same rows of one table through the same inputs (the
    first); the others go to ``skipped`` with the reason."""
    first: dict[tuple[str, str, tuple[tuple[str, str, str | None, str], ...]], ToolPlan] = {}
    kept_tools = []
    for tp in tools:
        if tp.writes:
            kept_tools.append(tp)
            continue
        other = first.setdefault(_read_shape(tp), tp)
        if other is tp:
            kept_tools.append(tp)
            continue
        method, path = tp.route or ("", "")
        where = f" ({other.route[0].upper()} {other.route[1]})" if other.route else ""
        inputs = ", ".join(a.name for a in tp.args) or "no input"
        skipped.append({"operation": tp.name, "method": method.upper(), "path": path,
                        "reason": f"reads the same {tp.table.noun} rows as {other.name}{where}, through the same "
                                  f"inputs ({inputs}), which is compiled: one tool per way of reading"})
    return kept_tools
