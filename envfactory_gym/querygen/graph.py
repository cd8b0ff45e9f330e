"""The tool graph of an environment: which tool outputs feed which tool inputs, found by running the read tools."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx

from envfactory_gym.package import EnvPackage
from envfactory_gym.tools import Tool

#: How many seed rows are tried per read tool when probing its outputs.
PROBE_ROWS = 8


def tool_node(name: str) -> str:
    """The node id of a tool."""
    return f"tool:{name}"


def param_node(tool: str, param: str) -> str:
    """The node id of a tool's input parameter."""
    return f"in:{tool}.{param}"


def output_node(tool: str, key: str) -> str:
    """The node id of a field in a tool's results."""
    return f"out:{tool}.{key}"


def iter_fields(value: Any) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """Every ``(key, value, enclosing dict)`` in a result, recursively into nested dicts and lists."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k), v, value
            yield from iter_fields(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from iter_fields(v)


def seed_values(pkg: EnvPackage, column: str, limit: int | None = None) -> list[Any]:
    """Distinct non-null seed values of every column called ``column`` (sorted, for determinism)."""
    state = pkg.new_state()
    try:
        values: set[Any] = set()
        for t in pkg.template.tables.values():
            if column in t.columns:
                rows = state.db.query(f"SELECT DISTINCT {column} AS v FROM {t.name} WHERE {column} IS NOT NULL")
                values.update(r["v"] for r in rows)
        out = sorted(values, key=str)
        return out[:limit] if limit else out
    finally:
        state.close()


def identifier_columns(pkg: EnvPackage) -> set[str]:
    """Columns that name an entity: primary keys and ``*_id`` columns."""
    cols: set[str] = set()
    for t in pkg.template.tables.values():
        cols.update(t.primary_key)
        cols.update(c for c in t.columns if c.endswith("_id"))
    return cols


def feeds(key: str, param: str) -> bool:
    """Whether an output field ``key`` can supply the input ``param`` (by name)."""
    return param == key or param == f"{key}s" or param.endswith(f"_{key}") or param.endswith(f"_{key}s")


class ToolGraph:
    """A DiGraph of tools, their input parameters and their discovered output fields.

    Edges: ``in:T.p -> tool:T`` (T consumes p), ``tool:T -> out:T.k`` (T returns k) and ``out:A.k -> in:B.p``
    (A's output k can supply B's parameter p). Only identifiers flow between tools: the values a user
    cannot be expected to know, so that a parameter without producers is one the user must give.
    """

    def __init__(self, pkg: EnvPackage, graph: nx.DiGraph) -> None:
        self.pkg = pkg
        self.graph = graph

    @classmethod
    def from_package(cls, pkg: EnvPackage) -> ToolGraph:
        """Build the graph, probing every read tool on the seed state to learn its output fields."""
        g = nx.DiGraph(env_id=pkg.env_id)
        ids = identifier_columns(pkg)
        outputs = _probe_outputs(pkg)
        for name, t in pkg.tools.items():
            g.add_node(tool_node(name), kind="tool", name=name, writes=t.writes)
            for p, prop in t.parameters.items():
                g.add_node(param_node(name, p), kind="param", tool=name, name=p, required=p in t.required,
                           type=prop.get("type", "any"), enum=prop.get("enum"))
                g.add_edge(param_node(name, p), tool_node(name), kind="input")
            for key in outputs.get(name, ()):
                g.add_node(output_node(name, key), kind="output", tool=name, name=key, identifier=key in ids)
                g.add_edge(tool_node(name), output_node(name, key), kind="returns")
        for src, sattr in list(g.nodes(data=True)):
            if sattr["kind"] != "output" or not sattr["identifier"]:
                continue
            for dst, dattr in list(g.nodes(data=True)):
                if dattr["kind"] == "param" and dattr["tool"] != sattr["tool"] and feeds(sattr["name"], dattr["name"]):
                    g.add_edge(src, dst, kind="feeds")
        for n, attr in g.nodes(data=True):
            if attr["kind"] == "param":
                attr["user_only"] = attr["required"] and not any(True for _ in g.predecessors(n))
        return cls(pkg, g)

    # -- queries ----------------------------------------------------------------------------------

    def outputs(self, tool: str) -> list[str]:
        """The output fields discovered for ``tool``."""
        return sorted(self.graph.nodes[n]["name"] for n in self.graph.successors(tool_node(tool)))

    def producers(self, tool: str, param: str) -> list[tuple[str, str]]:
        """``(tool, output field)`` pairs that can supply ``tool``'s parameter ``param``."""
        return sorted((self.graph.nodes[n]["tool"], self.graph.nodes[n]["name"])
                      for n in self.graph.predecessors(param_node(tool, param)))

    def user_only(self, tool: str | None = None) -> list[tuple[str, str]]:
        """Required ``(tool, param)`` pairs that no tool produces: the user must give them."""
        return sorted((a["tool"], a["name"]) for _, a in self.graph.nodes(data=True)
                      if a["kind"] == "param" and a.get("user_only") and (tool is None or a["tool"] == tool))

    def depths(self) -> dict[str, int | None]:
        """Per tool, the fewest earlier calls needed before it can be called (None: some input has no source).

        0 when every required input comes from the user; otherwise one more than the deepest of its inputs,
        each taken from its shallowest producer. Cycles between tools do not matter: depths only decrease.
        """
        depth: dict[str, int | None] = {name: None for name in self.pkg.tools}
        changed = True
        while changed:
            changed = False
            for name, t in self.pkg.tools.items():
                need, reachable = 0, True
                for p in t.required:
                    node = self.graph.nodes[param_node(name, p)]
                    if node.get("user_only"):
                        continue
                    found = [depth[self.graph.nodes[n]["tool"]] for n in self.graph.predecessors(param_node(name, p))]
                    known = [d for d in found if d is not None]
                    if not known:
                        reachable = False
                        break
                    need = max(need, min(known) + 1)
                current = depth[name]
                if reachable and (current is None or need < current):
                    depth[name] = need
                    changed = True
        return depth

    def has_edge(self, src_tool: str, key: str, dst_tool: str, param: str) -> bool:
        """Whether ``src_tool``'s output ``key`` feeds ``dst_tool``'s parameter ``param``."""
        return self.graph.has_edge(output_node(src_tool, key), param_node(dst_tool, param))

    # -- export -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The graph in networkx's node-link format (JSON-serialisable)."""
        return json.loads(json.dumps(nx.node_link_data(self.graph, edges="links"), default=str))

    def write_graphml(self, path: str | Path) -> None:
        """Write GraphML; attributes GraphML cannot hold (None, lists) are stringified."""
        g = nx.DiGraph()
        g.graph.update({k: str(v) for k, v in self.graph.graph.items()})
        for n, a in self.graph.nodes(data=True):
            g.add_node(n, **{k: _graphml_value(v) for k, v in a.items()})
        for u, v, a in self.graph.edges(data=True):
            g.add_edge(u, v, **{k: _graphml_value(x) for k, x in a.items()})
        nx.write_graphml(g, str(path))

    def draw(self, png_path: str | Path) -> None:
        """Draw the tool-level graph to a PNG, layered by :meth:`depths`; needs matplotlib."""
        from envfactory_gym.querygen.graph_plot import draw_tool_graph

        draw_tool_graph(self, png_path)

    def tool_level(self) -> nx.DiGraph:
        """Tools only: an edge A -> B labelled with the fields through which A feeds B."""
        tg = nx.DiGraph()
        for name, t in self.pkg.tools.items():
            tg.add_node(name, writes=t.writes)
        for u, v, a in self.graph.edges(data=True):
            if a["kind"] == "feeds":
                src, dst = self.graph.nodes[u], self.graph.nodes[v]
                via = tg.edges[src["tool"], dst["tool"]]["via"] + ", " if tg.has_edge(src["tool"], dst["tool"]) else ""
                tg.add_edge(src["tool"], dst["tool"], via=f"{via}{src['name']}->{dst['name']}")
        return tg


def _graphml_value(v: Any) -> Any:
    return v if isinstance(v, (str, int, float, bool)) else json.dumps(v, default=str)


def _probe_outputs(pkg: EnvPackage) -> dict[str, list[str]]:
    """Output keys of each read tool, from calls with seed values whose column matches the parameter name."""
    state = pkg.new_state()
    try:
        found: dict[str, list[str]] = {}
        for name, t in pkg.tools.items():
            if t.writes:
                continue
            keys: set[str] = set()
            for args in _probe_args(pkg, state, t):
                try:
                    result = state.run_in_transaction(t.func, writes=False, **t.validate(args))
                except Exception:  # a business-rule refusal: try the next seed row
                    continue
                keys.update(k for k, _, _ in iter_fields(result))
            found[name] = sorted(keys)
        return found
    finally:
        state.close()


def _probe_args(pkg: EnvPackage, state: Any, t: Tool) -> Iterator[dict[str, Any]]:
    required = list(t.required)
    if not required:
        yield {}
        for p, prop in t.parameters.items():
            for v in prop.get("enum", [])[:3]:
                yield {p: v}
        return
    columns = {p: _column_values(pkg, state, p) or _declared_values(pkg, state, t.name, p) for p in required}
    for i in range(PROBE_ROWS):
        args = {}
        for p in required:
            prop, vals = t.parameters[p], columns[p]
            if "enum" in prop:
                args[p] = prop["enum"][i % len(prop["enum"])]
            elif vals:
                args[p] = [vals[i % len(vals)]] if prop.get("type") == "array" else vals[i % len(vals)]
            else:
                return
        yield args


def _column_values(pkg: EnvPackage, state: Any, param: str) -> list[Any]:
    for t in pkg.template.tables.values():
        col = param if param in t.columns else param[:-1] if param.endswith("s") and param[:-1] in t.columns else None
        if col:
            rows = state.db.query(f"SELECT {col} AS v FROM {t.name} WHERE {col} IS NOT NULL "
                                  f"ORDER BY {', '.join(t.primary_key)} LIMIT 200")
            # Spread the probes over the table rather than its first rows.
            return [r["v"] for r in rows[:: max(1, len(rows) // PROBE_ROWS)]]
    return []


def _declared_values(pkg: EnvPackage, state: Any, tool: str, param: str) -> list[Any]:
    """Values of a parameter that the environment's querygen.json says where to draw from."""
    from envfactory_gym.querygen.spec import declarations_for

    decl = declarations_for(pkg).parameter(tool, param)
    if decl is None:
        return []
    if decl.choices:
        return list(decl.choices)
    if not decl.column:
        return []
    table, _, column = decl.column.partition(".")
    rows = state.db.query(f"SELECT {column} AS v FROM {table} WHERE {column} IS NOT NULL LIMIT 200")
    values = [r["v"] for r in rows[:: max(1, len(rows) // PROBE_ROWS)]]
    if decl.part == "word":
        values = [max(str(v).split(), key=len) for v in values if str(v).split()]
    return values

