"""Choose a coherent, connected subset of a large specification's resources and operations within a budget."""

from __future__ import annotations

from dataclasses import dataclass, field

from envfactory_gym.envgen.compile.blueprint import Table, ToolPlan

#: The most tables and tools a compiled environment gets by default.
MAX_TABLES = 8
MAX_TOOLS = 24
#: The order tools of one table are taken in when the tool budget is short: one read to find records, then the
#: writes (where the rules are), then the lookup by key.
VERB_ORDER = ("list", "create", "update", "action", "delete", "get")
#: The fewest tables a subset is cut to so that each chosen table keeps its whole lifecycle within the tool budget.
MIN_TABLES = 3


@dataclass
class Subset:
    """The chosen tables and tools (in the specification's order) and what was left out, with reasons."""

    tables: list[Table]
    tools: list[ToolPlan]
    left_out: list[dict[str, str]] = field(default_factory=list)


def _score(t: Table, tools: list[ToolPlan], links: dict[str, set[str]]) -> tuple[int, int, str]:
    """Resources with writes first, then by distinct write verbs (create, update, cancel...), a little for reads
    and links: a resource with fifty read-only calls (GitHub's repositories) is no better than one with a list and
    a get, and worse than one people create, update and close (its issues)."""
    verbs = {tp.verb for tp in tools if tp.table is t}
    writes = len({v for v in verbs if v not in ("list", "get")} | {tp.name for tp in tools if tp.table is t
                                                                     and tp.verb == "action"})
    reads = len(verbs & {"list", "get"})
    return (int(writes > 0), 3 * min(writes, 4) + reads + 2 * min(len(links.get(t.name, ())), 3), t.name)


def choose(tables: list[Table], tools: list[ToolPlan], max_tables: int = MAX_TABLES,
           max_tools: int = MAX_TOOLS, focus: list[str] | None = None) -> Subset:
    """Grow the subset from the ``focus`` tables (default: the resource with the most writes and links), through
    references, while the budget lasts; tables that chosen ones refer to come along when they fit (else those
    references become plain ids)."""
    links: dict[str, set[str]] = {t.name: set() for t in tables}
    for t in tables:
        for c in t.columns:
            if c.references and c.references != t.name and c.references in links:
                links[t.name].add(c.references)
                links[c.references].add(t.name)
    with_tools = {tp.table.name for tp in tools}
    by_name = {t.name: t for t in tables}
    order = sorted((t for t in tables if t.name in with_tools), key=lambda t: _score(t, tools, links), reverse=True)
    chosen: list[str] = list(dict.fromkeys(focus or ()))[:max_tables]
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
    trimmed = _fit(chosen, tools, by_name, max_tools, keep=set(focus or ()))
    picked = {id(tp) for tp in _pick_tools([tp for tp in tools if tp.table.name in chosen], chosen, max_tools)}
    left_out = [{"table": t.name, "reason": f"left out so that the chosen resources keep their writes within the "
                 f"budget of {max_tools} tools" if t.name in trimmed else "outside the chosen resources (budget of "
                 f"{max_tables} tables)" if t.name in with_tools else "no operation of its own and no chosen "
                 "resource refers to it"} for t in tables if t.name not in chosen]
    left_out += [{"tool": tp.name, "reason": f"its resource {tp.table.entity} was not chosen"
                  if tp.table.name not in chosen else f"over the budget of {max_tools} tools"}
                 for tp in tools if id(tp) not in picked]
    return Subset(tables=[t for t in tables if t.name in chosen], tools=[tp for tp in tools if id(tp) in picked],
                  left_out=left_out)


def _fit(chosen: list[str], tools: list[ToolPlan], by_name: dict[str, Table], max_tools: int,
         keep: set[str] | None = None) -> set[str]:
    """Drop chosen tables (in place; the last chosen first, never one a kept table refers to) until every kept
    table's tools, up to one of each verb, fit ``max_tools`` (``keep``: never dropped): a few resources with their whole lifecycle (create,
    update, cancel, delete) make better tasks than many with only reads and creates. Returns the dropped tables."""
    verbs: dict[str, set[str]] = {}
    for tp in tools:
        verbs.setdefault(tp.table.name, set()).add(tp.verb)
    dropped: set[str] = set()
    while sum(len(verbs.get(n, ())) for n in chosen) > max_tools and \
            sum(1 for n in chosen if verbs.get(n)) > MIN_TABLES:
        referred = {c.references for n in chosen for c in by_name[n].columns if c.references and c.references != n}
        victim = next((n for n in reversed(chosen) if verbs.get(n) and n not in referred and n not in (keep or ())),
                      None)
        if victim is None:
            break
        chosen.remove(victim)
        dropped.add(victim)
    referred = {c.references for n in chosen for c in by_name[n].columns if c.references and c.references != n}
    for n in [n for n in chosen if not verbs.get(n) and n not in referred]:  # only there for a dropped table
        chosen.remove(n)
        dropped.add(n)
    return dropped


def _pick_tools(tools: list[ToolPlan], chosen: list[str], max_tools: int) -> list[ToolPlan]:
    """Round-robin over the chosen tables, each table's tools one per verb in :data:`VERB_ORDER` (then a second of
    each...), until the budget is spent."""
    if len(tools) <= max_tools:
        return tools
    def order(mine: list[ToolPlan]) -> list[ToolPlan]:  # one of each verb first, then the second of each...
        seen: dict[str, int] = {}
        ranked: list[tuple[int, int, int, ToolPlan]] = []
        for tp in mine:
            ranked.append((seen.get(tp.verb, 0), VERB_ORDER.index(tp.verb) if tp.verb in VERB_ORDER
                           else len(VERB_ORDER), len(ranked), tp))
            seen[tp.verb] = seen.get(tp.verb, 0) + 1
        return [r[-1] for r in sorted(ranked, key=lambda r: r[:3])]

    queues = {name: order([tp for tp in tools if tp.table.name == name]) for name in chosen}
    picked: list[ToolPlan] = []
    while len(picked) < max_tools and any(queues.values()):
        for name in chosen:
            if queues[name] and len(picked) < max_tools:
                picked.append(queues[name].pop(0))
    return picked
