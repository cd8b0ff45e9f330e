"""The tool graph of retail: discovered outputs, parameter-level edges, user-only parameters and exports."""

from __future__ import annotations

import json

import networkx as nx
import pytest


def test_expected_edges(retail_graph):
    g = retail_graph
    assert g.has_edge("find_customer_by_email", "customer_id", "list_customer_orders", "customer_id")
    assert g.has_edge("list_customer_orders", "order_id", "cancel_pending_order", "order_id")
    assert g.has_edge("get_order_details", "order_item_id", "return_delivered_items", "order_item_ids")
    assert g.has_edge("get_product", "variant_id", "modify_pending_order_item", "new_variant_id")
    assert g.has_edge("get_customer_details", "payment_id", "modify_pending_order_payment", "payment_id")
    assert not g.has_edge("get_customer_details", "email", "find_customer_by_email", "email")


def test_outputs_found_by_running_read_tools(retail_graph):
    assert {"order_id", "orders", "items"} <= set(retail_graph.outputs("list_customer_orders"))
    assert "variant_id" in retail_graph.outputs("get_product")
    assert retail_graph.outputs("cancel_pending_order") == []


def test_user_only_parameters(retail_graph):
    user_only = set(retail_graph.user_only())
    assert ("find_customer_by_email", "email") in user_only
    assert ("find_customer_by_name_zip", "zip_code") in user_only
    assert ("cancel_pending_order", "reason") in user_only
    assert ("cancel_pending_order", "order_id") not in user_only
    assert ("list_customer_orders", "customer_id") not in user_only


def test_exports(retail_graph, tmp_path):
    data = retail_graph.to_json()
    json.dumps(data)
    assert any(n["id"] == "tool:get_order_details" for n in data["nodes"])
    retail_graph.write_graphml(tmp_path / "g.graphml")
    back = nx.read_graphml(tmp_path / "g.graphml")
    assert back.number_of_edges() == retail_graph.graph.number_of_edges()


def test_depths_count_the_calls_a_tool_needs_first(retail_graph):
    depths = retail_graph.depths()
    assert depths["find_customer_by_email"] == 0 and depths["search_products"] == 0
    assert depths["list_customer_orders"] == 1 and depths["get_product"] == 1
    assert depths["get_order_details"] == 2 and depths["cancel_pending_order"] == 2
    assert depths["return_delivered_items"] == 3


def test_layout_separates_tools_into_columns_by_depth(retail_graph):
    from envfactory_gym.querygen.graph_plot import layout

    pos, columns = layout(retail_graph)
    assert sorted(pos) == sorted(retail_graph.pkg.tools) and len(set(pos.values())) == len(pos)
    depths = retail_graph.depths()
    assert [sorted({depths[n] for n in col}) for col in columns] == [[0], [1], [2], [3]]


def test_draw_needs_matplotlib(retail_graph, tmp_path):
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        with pytest.raises(RuntimeError, match="matplotlib"):
            retail_graph.draw(tmp_path / "g.png")
        return
    import matplotlib.pyplot as plt

    from envfactory_gym.querygen.graph_plot import tool_graph_figure

    retail_graph.draw(tmp_path / "g.png")
    assert (tmp_path / "g.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    fig = tool_graph_figure(retail_graph)
    ax = fig.axes[0]
    assert ax.get_title().startswith("Tool graph of EnvFactory/retail-v0: 17 tools (9 read, 8 write)")
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert {"read tool", "write tool", "passes order_id", "passes customer_id"} <= set(labels)
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in ax.texts if t.get_bbox_patch() is not None]
    assert len(boxes) == 17
    assert [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.overlaps(b)] == []
    plt.close(fig)
