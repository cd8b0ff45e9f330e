"""The ebay_fulfillment environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, assert_refused = ENV.run, ENV.assert_refused


def test_every_parameter_is_described() -> None:
    for tool in ENV.tools.values():
        fn = tool.openai_schema["function"]
        assert fn["description"].strip(), tool.name
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (tool.name, name)


def test_seed_script_is_deterministic(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ENV.root / "seed" / "generate.py"), "--out", str(tmp_path)], check=True)
    for csv in (ENV.root / "seed").glob("*.csv"):
        assert (tmp_path / csv.name).read_bytes() == csv.read_bytes(), csv.name


def test_manifest_states_the_rules() -> None:
    assert len(ENV.manifest.rules) >= 2


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_orders(state: DuckDBState) -> None:
    result = run(state, "get_orders")
    assert isinstance(result, list) and result

def test_get_order(state: DuckDBState) -> None:
    result = run(state, "get_order", order_id='O-0001')
    assert result['order_id'] == 'O-0001'

def test_get_order_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_order",
                   re.escape("no order with id 'O-9999' (order ids look like 'O-0001')"),
                   order_id='O-9999')

def test_get_shipping_fulfillments(state: DuckDBState) -> None:
    result = run(state, "get_shipping_fulfillments")
    assert isinstance(result, list) and result
    rows = run(state, "get_shipping_fulfillments", order_id='O-0026')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['order_id']).lower() == 'o-0026' for r in rows)

def test_get_shipping_fulfillments_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_shipping_fulfillments",
                   re.escape("no order with id 'O-9999' (order ids look like 'O-0001')"),
                   order_id='O-9999')

def test_create_shipping_fulfillment(state: DuckDBState) -> None:
    result = run(state, "create_shipping_fulfillment",
                 order_id='O-0025',
                 line_items='{}',
                 shipped_date='2025-05-06',
                 shipping_carrier_code='SC-129946')
    assert result['fulfillment_id'] == 'SF-0041'
    assert state.db.scalar("SELECT count(*) FROM shipping_fulfillments WHERE fulfillment_id = ?", ['SF-0041']) == 1

def test_create_shipping_fulfillment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_shipping_fulfillment",
                   re.escape("no order with id 'O-9999' (order ids look like 'O-0001')"),
                   order_id='O-9999', line_items='{}', shipped_date='2025-05-06', shipping_carrier_code='SC-129946')

def test_get_shipping_fulfillment(state: DuckDBState) -> None:
    result = run(state, "get_shipping_fulfillment", fulfillment_id='SF-0001')
    assert result['fulfillment_id'] == 'SF-0001'

def test_get_shipping_fulfillment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_shipping_fulfillment",
                   re.escape("no shipping fulfillment with id 'SF-9999' (shipping fulfillment ids look like 'SF-0001')"),
                   fulfillment_id='SF-9999')

def test_issue_refund(state: DuckDBState) -> None:
    result = run(state, "issue_refund", order_id='O-0027')
    assert result['refund_id'] == 'R-0041'
    assert state.db.scalar("SELECT count(*) FROM refunds WHERE refund_id = ?", ['R-0041']) == 1

def test_issue_refund_refusals(state: DuckDBState) -> None:
    assert_refused(state, "issue_refund",
                   re.escape("no order with id 'O-9999' (order ids look like 'O-0001')"),
                   order_id='O-9999')

def test_get_payment_dispute(state: DuckDBState) -> None:
    result = run(state, "get_payment_dispute", payment_dispute_id='PD-0001')
    assert result['payment_dispute_id'] == 'PD-0001'

def test_get_payment_dispute_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_payment_dispute",
                   re.escape("no payment dispute with id 'PD-9999' (payment dispute ids look like 'PD-0001')"),
                   payment_dispute_id='PD-9999')

def test_get_activities(state: DuckDBState) -> None:
    result = run(state, "get_activities")
    assert isinstance(result, list) and result
    rows = run(state, "get_activities", payment_dispute_id='PD-0021')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payment_dispute_id']).lower() == 'pd-0021' for r in rows)

def test_add_evidence(state: DuckDBState) -> None:
    result = run(state, "add_evidence",
                 payment_dispute_id='PD-0003',
                 evidence_type='standard',
                 files='[]',
                 line_items='[]')
    assert result['evidence_id'] == 'EPD-0041'
    assert state.db.scalar("SELECT count(*) FROM evidence_payment_disputes WHERE evidence_id = ?", ['EPD-0041']) == 1

def test_add_evidence_refusals(state: DuckDBState) -> None:
    assert_refused(state, "add_evidence",
                   re.escape("no payment dispute with id 'PD-9999' (payment dispute ids look like 'PD-0001')"),
                   payment_dispute_id='PD-9999', evidence_type='standard', files='[]', line_items='[]')

def test_fetch_evidence_content(state: DuckDBState) -> None:
    result = run(state, "fetch_evidence_content")
    assert isinstance(result, list) and result
    rows = run(state, "fetch_evidence_content", payment_dispute_id='PD-0035')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payment_dispute_id']).lower() == 'pd-0035' for r in rows)
    rows = run(state, "fetch_evidence_content", evidence_id='E-0021')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['evidence_id']).lower() == 'e-0021' for r in rows)

def test_fetch_evidence_content_refusals(state: DuckDBState) -> None:
    assert_refused(state, "fetch_evidence_content",
                   re.escape("no payment dispute with id 'PD-9999' (payment dispute ids look like 'PD-0001')"),
                   payment_dispute_id='PD-9999')

def test_update_evidence(state: DuckDBState) -> None:
    result = run(state, "update_evidence",
                 payment_dispute_id='PD-0017',
                 evidence_id='E-0001',
                 evidence_type='standard',
                 line_items='{}')
    assert result['payment_dispute_id'] == 'PD-0017'
    assert result['evidence_type'] == 'standard'
    assert result['line_items'] == '{}'

def test_update_evidence_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_evidence",
                   re.escape("no payment dispute with id 'PD-9999' (payment dispute ids look like 'PD-0001')"),
                   payment_dispute_id='PD-9999', evidence_id='E-0001', evidence_type='standard', line_items='{}')
    assert_refused(state, "update_evidence",
                   re.escape("no evidence with id 'E-9999' (evidence ids look like 'E-0001')"),
                   payment_dispute_id='PD-0017', evidence_id='E-9999', evidence_type='standard', line_items='{}')
    assert_refused(state, "update_evidence",
                   re.escape('update evidence needs at least one of payment dispute id, evidence type or line items'),
                   evidence_id='E-0001')

def test_get_payment_dispute_summaries(state: DuckDBState) -> None:
    result = run(state, "get_payment_dispute_summaries")
    assert isinstance(result, list) and result
    rows = run(state, "get_payment_dispute_summaries", order_id='O-0029')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['order_id']).lower() == 'o-0029' for r in rows)
    rows = run(state, "get_payment_dispute_summaries", buyer_username='B-344019')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['buyer_username']).lower() == 'b-344019' for r in rows)
    rows = run(state, "get_payment_dispute_summaries", payment_dispute_status='pending')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payment_dispute_status']).lower() == 'pending' for r in rows)

def test_get_payment_dispute_summaries_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_payment_dispute_summaries",
                   re.escape("no order with id 'O-9999' (order ids look like 'O-0001')"),
                   order_id='O-9999')
