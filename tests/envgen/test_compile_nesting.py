"""Records nested under another in their paths belong to it; write goals are said in words, not documentation."""

from __future__ import annotations

import json
from pathlib import Path

from envfactory_gym.errors import ToolError
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "shop_refunds.yaml"


def test_a_nested_record_refers_to_its_parent(tmp_path: Path) -> None:
    folder = compile_spec(SPEC, tmp_path / "shop", tasks=8)
    schema = (folder / "schema.sql").read_text(encoding="utf-8")
    refunds = schema[schema.index("CREATE TABLE refunds"):].split(");")[0]
    assert "order_id" in refunds  # the reference is checked by the tools (a refusal below)
    report = (folder / "report.md").read_text(encoding="utf-8")
    assert "refers to Order (its path nests it)" in report and "'orderId' names no field of Refund" not in report
    orders = run_calls(folder, [("list_orders", {})])[0]
    first = orders["orders"][0]["order_id"] if isinstance(orders, dict) else orders[0]["order_id"]
    made, listed, missing = run_calls(folder, [
        ("issue_refund", {"order_id": first, "amount": 20}),
        ("list_refunds", {"order_id": first}),
        ("issue_refund", {"order_id": "O-9999", "amount": 20}),
    ])
    assert made["order_id"] == first
    rows = listed["refunds"] if isinstance(listed, dict) else listed
    assert made["refund_id"] in {r["refund_id"] for r in rows} and all(r["order_id"] == first for r in rows)
    assert isinstance(missing, ToolError)  # a refund of an order that does not exist is refused


def test_write_goals_are_said_in_words_not_documentation(tmp_path: Path) -> None:
    folder = compile_spec(SPEC, tmp_path / "shop", tasks=8)
    goals = {name: decl["goal"][0] for name, decl in json.loads(
        (folder / "querygen.json").read_text(encoding="utf-8"))["tools"].items() if "goal" in decl}
    assert goals["issue_refund"].startswith("Issue Refund: {order_id}")
    assert goals["add_order_note"].startswith("Add a note: {order_id}")  # the summary is prose: verb and noun
    assert "[; items" not in goals["issue_refund"]  # a list value is nothing a person says in a request
    for line in (folder / "tasks.jsonl").read_text(encoding="utf-8").splitlines():
        assert "this method" not in json.loads(line)["instruction"].lower()
