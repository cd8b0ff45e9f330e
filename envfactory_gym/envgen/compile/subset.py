"""Choose a coherent, connected subset of a large specification's resources and operations within a budget."""

from __future__ import annotations

from dataclasses import dataclass, field

from envfactory_gym.envgen.compile.blueprint import Table, ToolPlan

#: The most tables and tools a compiled environment gets by default.
MAX_TABLES = 8
MAX_TOOLS = 24
#: The order tools of one table are taken in when the tool budget is short.
VERB_ORDER = ("create", "list", "get", "update", "action", "delete")


@dataclass
class Subset:
    """The chosen tables and tools (in the specification's order) and what was left out, with reasons."""

    tables: list[Table]
    tools: list[ToolPlan]
    left_out: list[dict[str, str]] = field(default_factory=list)


def _score(t: Table, tools: list[ToolPlan], links: dict[str, set[str]]) -> tuple[int, int, str]:
    writes = sum(1 for tp in tools if tp.table is t and tp.writes)
    reads = sum(1 for tp in tools if tp.table is t and not tp.writes)
    return (3 * writes + reads + 2 * len(links.get(t.name, ())), writes, t.name)


def choose(tables: list[Table], tools: list[ToolPlan], max_tables: int = MAX_TABLES,
           max_tools: int = MAX_TOOLS) -> Subset:
    """Grow the subset from the resource with the most writes and links, through references, while the budget
    lasts; tables that chosen ones refer to come along when they fit (else those references become plain ids)."""
    links: dict[str, set[str]] = {t.name: set() for t in tables}
    for t in tables:
        for c in t.columns:
            if c.references and c.references != t.name and c.references in links:
                links[t.name].add(c.references)
                links[c.references].add(t.name)
    with_tools = {tp.table.name for tp in tools}
    by_name = {t.name: t for t in tables}
    order = sorted((t for t in tables if t.name in with_tools), key=lambda t: _score(t, tools, links), reverse=True)
    chosen: list[str] = []
    while order and len(chosen) < max_tables:
        near = [t for t in order if t.name not in chosen and (not chosen or links[t.name] & set(chosen))]
        pick = near[0] if near else next((t for t in order if t.name not in chosen), None)
        if pick is None:
            break
        chosen.append(pick.name)
    for name in list(chosen):  # the tables chosen ones refer to, while they fit
        for c in by_name[name].columns:
            if c.references and c.references not in chosen and c.references in by_name and len(chosen) < max_tables:
                chosen.append(c.references)
    picked = {id(tp) for tp in _pick_tools([tp for tp in tools if tp.table.name in chosen], chosen, max_tools)}
    left_out = [{"table": t.name, "reason": "outside the chosen resources (budget of "
                 f"{max_tables} tables)" if t.name in with_tools else "no operation of its own and no chosen "
                 "resource refers to it"} for t in tables if t.name not in chosen]
    left_out += [{"tool": tp.name, "reason": f"its resource {tp.table.entity} was not chosen"
                  if tp.table.name not in chosen else f"over the budget of {max_tools} tools"}
                 for tp in tools if id(tp) not in picked]
    return Subset(tables=[t for t in tables if t.name in chosen], tools=[tp for tp in tools if id(tp) in picked],
                  left_out=left_out)


def _pick_tools(tools: list[ToolPlan], chosen: list[str], max_tools: int) -> list[ToolPlan]:
    """Round-robin over the chosen tables, each table's tools in :data:`VERB_ORDER`, until the budget is spent."""
    if len(tools) <= max_tools:
        return tools
    queues = {name: sorted((tp for tp in tools if tp.table.name == name),
                           key=lambda tp: VERB_ORDER.index(tp.verb) if tp.verb in VERB_ORDER else len(VERB_ORDER))
              for name in chosen}
    picked: list[ToolPlan] = []
    while len(picked) < max_tools and any(queues.values()):
        for name in chosen:
            if queues[name] and len(picked) < max_tools:
                picked.append(queues[name].pop(0))
    return picked
