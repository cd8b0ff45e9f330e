"""Draw an environment's tool graph as a PNG: tools in columns by call depth, links coloured by the id they carry."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import networkx as nx


class ToolGraph(Protocol):
    """What drawing needs of :class:`envfactory_gym.querygen.graph.ToolGraph` (named here, not imported)."""

    graph: nx.DiGraph
    pkg: Any

    def depths(self) -> dict[str, int | None]: ...

    def user_only(self, tool: str | None = None) -> list[tuple[str, str]]: ...

DPI = 150
READ_COLOUR = "#cfe8d8"
WRITE_COLOUR = "#f6c9b8"
#: Colours of the links, by the identifier they carry (first come, first served).
LINK_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
                "#bcbd22", "#7f7f7f")


def tool_links(graph: ToolGraph) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """``(src tool, dst tool) -> [(output field, input parameter)]``, parameters in the dst tool's order."""
    links: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for u, v, a in graph.graph.edges(data=True):
        if a["kind"] == "feeds":
            src, dst = graph.graph.nodes[u], graph.graph.nodes[v]
            links[(src["tool"], dst["tool"])].append((src["name"], dst["name"]))
    for (_, dst), pairs in links.items():
        order = list(graph.pkg.tools[dst].parameters)
        pairs.sort(key=lambda pair: (order.index(pair[1]) if pair[1] in order else len(order), pair))
    return dict(links)


def layout(graph: ToolGraph) -> tuple[dict[str, tuple[int, int]], list[list[str]]]:
    """Columns of tools by call depth, each ordered to shorten links; ``(tool -> (column, row), columns)``."""
    depths = graph.depths()
    deepest = max((d for d in depths.values() if d is not None), default=0)
    columns: list[list[str]] = [[] for _ in range(deepest + 1 + any(d is None for d in depths.values()))]
    for name in sorted(depths):
        d = depths[name]
        columns[deepest + 1 if d is None else d].append(name)
    columns = [c for c in columns if c]
    links = tool_links(graph)
    preds: dict[str, list[str]] = defaultdict(list)
    succs: dict[str, list[str]] = defaultdict(list)
    for src, dst in links:
        preds[dst].append(src)
        succs[src].append(dst)

    def centre(col: list[str], k: int) -> float:
        return k - (len(col) - 1) / 2

    def place() -> dict[str, float]:
        return {n: centre(col, k) for col in columns for k, n in enumerate(col)}

    # Barycentre sweeps: order each column by the mean row of its neighbours in the other columns.
    for _ in range(4):
        for ci in list(range(1, len(columns))) + list(range(len(columns) - 2, -1, -1)):
            y = place()
            col_of = {n: i for i, col in enumerate(columns) for n in col}

            def weight(n: str, ci: int = ci, y: dict[str, float] = y, col_of: dict[str, int] = col_of) -> float:
                near = [y[m] for m in preds[n] + succs[n] if col_of[m] != ci]
                return statistics.fmean(near) if near else y[n]

            def key(n: str, weight: Callable[[str], float] = weight) -> tuple[float, str]:
                return weight(n), n

            columns[ci].sort(key=key)
    pos = {n: (ci, k) for ci, col in enumerate(columns) for k, n in enumerate(col)}
    return pos, columns


def draw_tool_graph(graph: ToolGraph, png_path: str | Path) -> None:
    """Write the tool-level graph of ``graph`` to ``png_path``."""
    import matplotlib.pyplot as plt

    fig = tool_graph_figure(graph)
    try:
        # The arrows end at the boxes' edges, which are placed when the boxes are drawn: draw once, at the PNG's
        # size and resolution, so that the saved drawing clips every arrow at the right place.
        fig.canvas.draw()
        fig.savefig(str(png_path), dpi=DPI)
    finally:
        plt.close(fig)


def tool_graph_figure(graph: ToolGraph) -> Any:
    """The matplotlib figure of the tool-level graph (the caller closes it)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.artist import Artist
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch
    except ImportError:
        raise RuntimeError("drawing the graph needs matplotlib, which is not installed "
                           "(pip install matplotlib)") from None
    pos, columns = layout(graph)
    depths = graph.depths()
    links = tool_links(graph)
    user_only: dict[str, list[str]] = defaultdict(list)
    for tool, param in graph.user_only():
        user_only[tool].append(param)
    rows = max(len(c) for c in columns)
    dx, dy = 4.0, 1.0
    fig, ax = plt.subplots(figsize=(3.9 * len(columns) + 0.6, 0.72 * rows + 2.4), dpi=DPI)
    fig.subplots_adjust(left=0.005, right=0.995, top=0.9, bottom=0.09)

    def xy(name: str) -> tuple[float, float]:
        ci, k = pos[name]
        return ci * dx, ((len(columns[ci]) - 1) / 2 - k) * dy

    ax.set_xlim(-dx / 2, dx * (len(columns) - 0.5))
    ax.set_ylim(-(rows / 2 + 0.1) * dy, (rows / 2 + 0.6) * dy)
    ax.set_axis_off()
    boxes: dict[str, Any] = {}
    for name, tool in graph.pkg.tools.items():
        label = name + (f"\nuser gives: {', '.join(user_only[name])}" if user_only.get(name) else "")
        boxes[name] = ax.text(*xy(name), label, ha="center", va="center", fontsize=8, zorder=3,
                              bbox={"boxstyle": "round,pad=0.35", "fc": WRITE_COLOUR if tool.writes else READ_COLOUR,
                                    "ec": "#5b6475", "lw": 0.8})
    for ci, col in enumerate(columns):
        d = depths[col[0]]
        head = ("no earlier call needed" if d == 0 else "an input has no source" if d is None
                else f"{d} earlier call{'s' if d != 1 else ''} needed")
        ax.text(ci * dx, (rows / 2 + 0.45) * dy, head, ha="center", va="center", fontsize=9, style="italic",
                color="#3b4252")
    # Only links to a deeper column are drawn: the others (a lookup that also returns an id an earlier tool
    # takes) would cross every column without telling in which order tools can be called.
    fields: dict[str, str] = {}
    hidden = 0
    rank = {n: len(columns) if d is None else d for n, d in depths.items()}
    for (src, dst), pairs in sorted(links.items()):
        if rank[src] >= rank[dst]:
            hidden += 1
            continue
        colour = fields.setdefault(pairs[0][0], LINK_COLOURS[len(fields) % len(LINK_COLOURS)])
        ax.annotate("", xy=xy(dst), xytext=xy(src), zorder=1,
                    arrowprops={"arrowstyle": "-|>", "mutation_scale": 13, "shrinkA": 1, "shrinkB": 1,
                                "patchA": boxes[src].get_bbox_patch(), "patchB": boxes[dst].get_bbox_patch(),
                                "color": colour, "lw": 1.1, "alpha": 0.8, "connectionstyle": "arc3,rad=0.05"})
    handles: list[Artist] = [Patch(fc=READ_COLOUR, ec="#5b6475", label="read tool"),
               Patch(fc=WRITE_COLOUR, ec="#5b6475", label="write tool")]
    handles += [Line2D([], [], color=c, lw=1.5, label=f"passes {f}") for f, c in sorted(fields.items())]
    fig.legend(handles=handles, loc="lower center", ncol=min(4, len(handles)), fontsize=8, frameon=False)
    writes = sum(1 for t in graph.pkg.tools.values() if t.writes)
    note = (f"; {hidden} links to a tool in the same or an earlier column are not drawn (see --json)"
            if hidden else "")
    ax.set_title(f"Tool graph of {graph.pkg.env_id}: {len(graph.pkg.tools)} tools ({len(graph.pkg.tools) - writes} "
                 f"read, {writes} write), {len(links)} links\nA \u2192 B: an identifier returned by A can be passed "
                 f"to B{note}", fontsize=11)
    return fig
