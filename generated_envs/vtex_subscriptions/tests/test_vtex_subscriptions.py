"""The vtex_subscriptions environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 3


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_api_rns_pub_cycles(state: DuckDBState) -> None:
    result = run(state, "get_api_rns_pub_cycles")
    assert isinstance(result, list) and result
    rows = run(state, "get_api_rns_pub_cycles", subscription_id='S-3605')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['subscription_id']).lower() == 's-3605' for r in rows)
    rows = run(state, "get_api_rns_pub_cycles", customer_email='michael45@example.com')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['customer_email']).lower() == 'michael45@example.com' for r in rows)
    rows = run(state, "get_api_rns_pub_cycles", status='cancelled')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'cancelled' for r in rows)

def test_get_api_rns_pub_cycles_cycle_id(state: DuckDBState) -> None:
    result = run(state, "get_api_rns_pub_cycles_cycle_id", subscription_cycle_id='SC-0001')
    assert result['subscription_cycle_id'] == 'SC-0001'

def test_get_api_rns_pub_cycles_cycle_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_api_rns_pub_cycles_cycle_id",
                   re.escape("no subscription cycle with id 'SC-9999' (subscription cycle ids look like 'SC-0001')"),
                   subscription_cycle_id='SC-9999')

def test_get_api_rns_pub_subscriptions(state: DuckDBState) -> None:
    result = run(state, "get_api_rns_pub_subscriptions")
    assert isinstance(result, list) and result
    rows = run(state, "get_api_rns_pub_subscriptions", customer_email='lisaharris@example.com')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['customer_email']).lower() == 'lisaharris@example.com' for r in rows)
    rows = run(state, "get_api_rns_pub_subscriptions", status='PAUSED')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'paused' for r in rows)
    rows = run(state, "get_api_rns_pub_subscriptions", next_purchase_date='2026-03-02T14:45:00')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['next_purchase_date']).lower() == '2026-03-02t14:45:00' for r in rows)

def test_get_api_rns_pub_subscriptions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_api_rns_pub_subscriptions",
                   re.escape("next_purchase_date 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   next_purchase_date='someday')

def test_post_api_rns_pub_subscriptions_simulate(state: DuckDBState) -> None:
    result = run(state, "post_api_rns_pub_subscriptions_simulate")
    assert isinstance(result, list) and result
    rows = run(state, "post_api_rns_pub_subscriptions_simulate", status=4)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == '4' for r in rows)

def test_get_api_rns_pub_subscriptions_id(state: DuckDBState) -> None:
    result = run(state, "get_api_rns_pub_subscriptions_id", subscription_group_id='SG-0001')
    assert result['subscription_group_id'] == 'SG-0001'

def test_get_api_rns_pub_subscriptions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_api_rns_pub_subscriptions_id",
                   re.escape("no subscription group with id 'SG-9999' (subscription group ids look like 'SG-0001')"),
                   subscription_group_id='SG-9999')

def test_patch_api_rns_pub_subscriptions_id(state: DuckDBState) -> None:
    result = run(state, "patch_api_rns_pub_subscriptions_id",
                 subscription_group_id='SG-0001',
                 is_skipped=True,
                 plan='{}',
                 purchase_settings='{}',
                 shipping_address='{}',
                 status='ACTIVE',
                 title='Through According Social')
    assert result['is_skipped'] == True
    assert result['plan'] == '{}'
    assert result['purchase_settings'] == '{}'
    assert result['shipping_address'] == '{}'
    assert result['status'] == 'ACTIVE'
    assert result['title'] == 'Through According Social'

def test_patch_api_rns_pub_subscriptions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_api_rns_pub_subscriptions_id",
                   re.escape("no subscription group with id 'SG-9999' (subscription group ids look like 'SG-0001')"),
                   subscription_group_id='SG-9999', is_skipped=True, plan='{}', purchase_settings='{}',
                   shipping_address='{}', status='ACTIVE', title='Through According Social')
    assert_refused(state, "patch_api_rns_pub_subscriptions_id",
                   re.escape('patch api rns pub subscriptions id needs at least one of is skipped, plan, purchase settings, shipping address, status or title'),
                   subscription_group_id='SG-0001')

def test_patch_api_rns_pub_subscriptions_id_items_item_id(state: DuckDBState) -> None:
    result = run(state, "patch_api_rns_pub_subscriptions_id_items_item_id",
                 subscription_group_id='SG-0001',
                 is_skipped=True,
                 status='ACTIVE')
    assert result['is_skipped'] == True
    assert result['status'] == 'ACTIVE'

def test_patch_api_rns_pub_subscriptions_id_items_item_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_api_rns_pub_subscriptions_id_items_item_id",
                   re.escape("no subscription group with id 'SG-9999' (subscription group ids look like 'SG-0001')"),
                   subscription_group_id='SG-9999', is_skipped=True, status='ACTIVE')
    assert_refused(state, "patch_api_rns_pub_subscriptions_id_items_item_id",
                   re.escape('patch api rns pub subscriptions id items item id needs at least one of is skipped or status'),
                   subscription_group_id='SG-0001')

def test_post_api_rns_pub_subscriptions_id_simulate(state: DuckDBState) -> None:
    result = run(state, "post_api_rns_pub_subscriptions_id_simulate")
    assert isinstance(result, list) and result
    rows = run(state, "post_api_rns_pub_subscriptions_id_simulate", simulation_item_id='SI-0013')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['simulation_item_id']).lower() == 'si-0013' for r in rows)

def test_get_api_rns_pub_subscriptions_subscription_id_conversation_m(state: DuckDBState) -> None:
    result = run(state, "get_api_rns_pub_subscriptions_subscription_id_conversation_m")
    assert isinstance(result, list) and result

def test_get_api_rns_pvt_reports(state: DuckDBState) -> None:
    result = run(state, "get_api_rns_pvt_reports")
    assert isinstance(result, list) and result
