"""Tools of a compiled environment that no sampled request uses, found by asking QueryGen for one per tool.

A tool is reachable when some request a user could make leads an agent to it. Three kinds of tool are not, and are
left out of the environment with the reason in the compile report:

- an id it needs is listed by no other tool and known to no user (``TaskSampler.unreachable``);
- a write that needs values no user could give (a create that requires none and takes no name, title or contact
  of the record it makes: every call would make the same empty record);
- no fair request using it can be phrased: the rows it acts on or lists are told apart by no field a user could
  name (a table of an id and a type), its result holds nothing a person would ask (a lookup of a row whose only
  facts are ids, flags and JSON), or the only ids an agent could learn make every call refused (the ids of
  accounts read from the statuses that refer to them, which keep those accounts from being removed); a lookup
  that gives another kept tool an id it needs stays (QueryGen calls it on the way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from envfactory_gym.package import EnvPackage

#: Attempts at a request for one tool before it counts as unphrasable.
PROBE_ATTEMPTS = 40

UNREACHABLE = "unreachable: an id it needs is listed by no other tool, so no agent could learn it"
NO_GOAL = ("no goal: it requires no value and takes none a user could give (no name, title or contact of what it "
           "makes), so every call would make the same empty record and no request asks for one")
UNPHRASABLE = (f"unphrasable: QueryGen sampled no fair request using it in {PROBE_ATTEMPTS} tries (no field tells "
               "the rows it needs apart, its result holds nothing a person would ask, or every id an agent could "
               "learn for it is refused), and it gives no kept tool an id")


def unreached(pkg: EnvPackage) -> dict[str, str]:
    """The tools of ``pkg`` no request reaches, with the reason (same package, same answer).

    Each tool is asked for as the goal of one request; a lookup no request ends with still serves when it gives
    the ids another kept tool needs (QueryGen calls it on the way), and is left out only when it feeds none."""
    from envfactory_gym.querygen.graph import ToolGraph
    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.querygen.spec import declarations_for

    out = {name: UNREACHABLE for name in TaskSampler(pkg, seed=0).unreachable()}
    used: set[str] = set()
    for name in pkg.tools:
        if name in used or name in out:
            continue
        sampler = TaskSampler(pkg, seed=0, include_tools=[name])
        for task in sampler.sample(1, max_attempts=PROBE_ATTEMPTS):
            used |= sampler.chain_tools.get(task.id, set()) | {c.name for c in task.gold_calls}
    failed = {name for name in pkg.tools if name not in used and name not in out}
    graph = ToolGraph.from_package(pkg)
    spec = declarations_for(pkg)
    # the tools a lookup gives a needed id (a lookup by that very id gives it nothing: it must know it first)
    feeds = {name: {tool for tool in pkg.tools for p in pkg.tools[tool].required if p not in pkg.tools[name].required
                    and not spec.own_value(tool, p) and any(src == name for src, _ in graph.producers(tool, p))}
             for name in failed}
    while True:  # a lookup feeding only tools left out goes too
        live = set(pkg.tools) - set(out) - failed
        spared = {name for name in failed if not pkg.tools[name].writes and feeds[name] & live}
        if not spared:
            break
        failed -= spared
    out.update({name: NO_GOAL if pkg.tools[name].writes and not spec.tool(name).target else UNPHRASABLE
                for name in sorted(failed)})
    return out
