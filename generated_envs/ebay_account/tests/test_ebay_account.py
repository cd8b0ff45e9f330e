"""The ebay_account environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 5


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_custom_policies(state: DuckDBState) -> None:
    result = run(state, "get_custom_policies")
    assert isinstance(result, list) and result

def test_create_custom_policy(state: DuckDBState) -> None:
    result = run(state, "create_custom_policy",
                 description='Serious inside else memory if six',
                 label='Floor Me Help',
                 name='Susan Wagner',
                 policy_type='TAKE_BACK')
    assert result['custom_policy_id'] == 'CP-0041'
    assert state.db.scalar("SELECT count(*) FROM custom_policies WHERE custom_policy_id = ?", ['CP-0041']) == 1

def test_get_custom_policy(state: DuckDBState) -> None:
    result = run(state, "get_custom_policy", custom_policy_id='CP-0001')
    assert result['custom_policy_id'] == 'CP-0001'

def test_get_custom_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_custom_policy",
                   re.escape("no custom policy with id 'CP-9999' (custom policy ids look like 'CP-0001')"),
                   custom_policy_id='CP-9999')

def test_update_custom_policy(state: DuckDBState) -> None:
    result = run(state, "update_custom_policy",
                 custom_policy_id='CP-0001',
                 description='Serious inside else memory if six',
                 label='Floor Me Help',
                 name='Susan Wagner')
    assert result['description'] == 'Serious inside else memory if six'
    assert result['label'] == 'Floor Me Help'
    assert result['name'] == 'Susan Wagner'

def test_update_custom_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_custom_policy",
                   re.escape("no custom policy with id 'CP-9999' (custom policy ids look like 'CP-0001')"),
                   custom_policy_id='CP-9999', description='Serious inside else memory if six',
                   label='Floor Me Help', name='Susan Wagner')
    assert_refused(state, "update_custom_policy",
                   re.escape('update custom policy needs at least one of description, label or name'),
                   custom_policy_id='CP-0001')

def test_get_fulfillment_policies(state: DuckDBState) -> None:
    result = run(state, "get_fulfillment_policies")
    assert isinstance(result, list) and result
    rows = run(state, "get_fulfillment_policies", marketplace_id='M-9717')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['marketplace_id']).lower() == 'm-9717' for r in rows)

def test_create_fulfillment_policy(state: DuckDBState) -> None:
    result = run(state, "create_fulfillment_policy",
                 category_types='{}',
                 description='Face house nature fall long dream answer conference',
                 freight_shipping=True,
                 global_shipping=True,
                 handling_time='[]',
                 local_pickup=True,
                 marketplace_id='M-0002',
                 name='Andrea Powell',
                 pickup_drop_off=True,
                 ship_to_locations='{}',
                 shipping_options='{}')
    assert result['fulfillment_policy_id'] == 'FP-0034'
    assert state.db.scalar("SELECT count(*) FROM fulfillment_policies WHERE fulfillment_policy_id = ?", ['FP-0034']) == 1

def test_get_fulfillment_policy(state: DuckDBState) -> None:
    result = run(state, "get_fulfillment_policy", fulfillment_policy_id='FP-0001')
    assert result['fulfillment_policy_id'] == 'FP-0001'

def test_get_fulfillment_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_fulfillment_policy",
                   re.escape("no fulfillment policy with id 'FP-9999' (fulfillment policy ids look like 'FP-0001')"),
                   fulfillment_policy_id='FP-9999')

def test_update_fulfillment_policy(state: DuckDBState) -> None:
    result = run(state, "update_fulfillment_policy",
                 fulfillment_policy_id='FP-0001',
                 category_types='{}',
                 description='Face house nature fall long dream answer conference',
                 freight_shipping=True,
                 global_shipping=True,
                 handling_time='[]',
                 local_pickup=True,
                 marketplace_id='M-0002',
                 name='Andrea Powell',
                 pickup_drop_off=True,
                 ship_to_locations='{}',
                 shipping_options='{}')
    assert result['category_types'] == '{}'
    assert result['description'] == 'Face house nature fall long dream answer conference'
    assert result['freight_shipping'] == True
    assert result['global_shipping'] == True
    assert result['handling_time'] == '[]'
    assert result['local_pickup'] == True
    assert result['marketplace_id'] == 'M-0002'
    assert result['name'] == 'Andrea Powell'
    assert result['pickup_drop_off'] == True
    assert result['ship_to_locations'] == '{}'
    assert result['shipping_options'] == '{}'

def test_update_fulfillment_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_fulfillment_policy",
                   re.escape("no fulfillment policy with id 'FP-9999' (fulfillment policy ids look like 'FP-0001')"),
                   fulfillment_policy_id='FP-9999', category_types='{}',
                   description='Face house nature fall long dream answer conference', freight_shipping=True,
                   global_shipping=True, handling_time='[]', local_pickup=True, marketplace_id='M-0002',
                   name='Andrea Powell', pickup_drop_off=True, ship_to_locations='{}', shipping_options='{}')
    assert_refused(state, "update_fulfillment_policy",
                   re.escape('update fulfillment policy needs at least one of category types, description, freight shipping, global shipping, handling time, local pickup, marketplace id, name, pickup drop off, ship to locations or shipping options'),
                   fulfillment_policy_id='FP-0001')

def test_delete_fulfillment_policy(state: DuckDBState) -> None:
    result = run(state, "delete_fulfillment_policy", fulfillment_policy_id='FP-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM fulfillment_policies WHERE fulfillment_policy_id = ?", ['FP-0001']) == 0

def test_delete_fulfillment_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_fulfillment_policy",
                   re.escape("no fulfillment policy with id 'FP-9999' (fulfillment policy ids look like 'FP-0001')"),
                   fulfillment_policy_id='FP-9999')

def test_get_payment_policies(state: DuckDBState) -> None:
    result = run(state, "get_payment_policies")
    assert isinstance(result, list) and result
    rows = run(state, "get_payment_policies", marketplace_id='M-0416')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['marketplace_id']).lower() == 'm-0416' for r in rows)

def test_create_payment_policy(state: DuckDBState) -> None:
    result = run(state, "create_payment_policy",
                 category_types='[]',
                 deposit='[]',
                 description='Son true their race special million',
                 full_payment_due_in='{}',
                 immediate_pay=True,
                 marketplace_id='M-2222',
                 name='Chelsea Casey',
                 payment_instructions='He couple ground place what top',
                 payment_methods='{}')
    assert result['payment_policy_id'] == 'PP-0041'
    assert state.db.scalar("SELECT count(*) FROM payment_policies WHERE payment_policy_id = ?", ['PP-0041']) == 1

def test_get_payment_policy_by_name(state: DuckDBState) -> None:
    result = run(state, "get_payment_policy_by_name")
    assert isinstance(result, list) and result
    rows = run(state, "get_payment_policy_by_name", marketplace_id='M-0416')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['marketplace_id']).lower() == 'm-0416' for r in rows)
    rows = run(state, "get_payment_policy_by_name", name='Jason Woods')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'jason woods' for r in rows)

def test_get_payment_policy(state: DuckDBState) -> None:
    result = run(state, "get_payment_policy", payment_policy_id='PP-0001')
    assert result['payment_policy_id'] == 'PP-0001'

def test_get_payment_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_payment_policy",
                   re.escape("no payment policy with id 'PP-9999' (payment policy ids look like 'PP-0001')"),
                   payment_policy_id='PP-9999')

def test_update_payment_policy(state: DuckDBState) -> None:
    result = run(state, "update_payment_policy",
                 payment_policy_id='PP-0001',
                 category_types='[]',
                 deposit='[]',
                 description='Son true their race special million',
                 full_payment_due_in='{}',
                 immediate_pay=True,
                 marketplace_id='M-2222',
                 name='Chelsea Casey',
                 payment_instructions='He couple ground place what top',
                 payment_methods='{}')
    assert result['category_types'] == '[]'
    assert result['deposit'] == '[]'
    assert result['description'] == 'Son true their race special million'
    assert result['full_payment_due_in'] == '{}'
    assert result['immediate_pay'] == True
    assert result['marketplace_id'] == 'M-2222'
    assert result['name'] == 'Chelsea Casey'
    assert result['payment_instructions'] == 'He couple ground place what top'
    assert result['payment_methods'] == '{}'

def test_update_payment_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_payment_policy",
                   re.escape("no payment policy with id 'PP-9999' (payment policy ids look like 'PP-0001')"),
                   payment_policy_id='PP-9999', category_types='[]', deposit='[]',
                   description='Son true their race special million', full_payment_due_in='{}', immediate_pay=True,
                   marketplace_id='M-2222', name='Chelsea Casey',
                   payment_instructions='He couple ground place what top', payment_methods='{}')
    assert_refused(state, "update_payment_policy",
                   re.escape('update payment policy needs at least one of category types, deposit, description, full payment due in, immediate pay, marketplace id, name, payment instructions or payment methods'),
                   payment_policy_id='PP-0001')

def test_delete_payment_policy(state: DuckDBState) -> None:
    result = run(state, "delete_payment_policy", payment_policy_id='PP-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM payment_policies WHERE payment_policy_id = ?", ['PP-0001']) == 0

def test_delete_payment_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_payment_policy",
                   re.escape("no payment policy with id 'PP-9999' (payment policy ids look like 'PP-0001')"),
                   payment_policy_id='PP-9999')

def test_get_payments_program_onboarding(state: DuckDBState) -> None:
    result = run(state, "get_payments_program_onboarding")
    assert isinstance(result, list) and result

def test_get_rate_tables(state: DuckDBState) -> None:
    result = run(state, "get_rate_tables")
    assert isinstance(result, list) and result
    rows = run(state, "get_rate_tables", country_code='PS')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['country_code']).lower() == 'ps' for r in rows)

def test_get_return_policies(state: DuckDBState) -> None:
    result = run(state, "get_return_policies")
    assert isinstance(result, list) and result
    rows = run(state, "get_return_policies", marketplace_id='M-8916')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['marketplace_id']).lower() == 'm-8916' for r in rows)

def test_create_return_policy(state: DuckDBState) -> None:
    result = run(state, "create_return_policy",
                 category_types='{}',
                 description='Fall manager idea issue color small notice kind',
                 extended_holiday_returns_offered=True,
                 international_override='[]',
                 marketplace_id='M-6245',
                 name='Adam Griffith',
                 refund_method='MANUAL',
                 restocking_fee_percentage='Where Your',
                 return_instructions='Section could nature interest wear',
                 return_method='MANUAL',
                 return_period='{}',
                 return_shipping_cost_payer='BUYER',
                 returns_accepted=True)
    assert result['return_policy_id'] == 'RP-0041'
    assert state.db.scalar("SELECT count(*) FROM return_policies WHERE return_policy_id = ?", ['RP-0041']) == 1

def test_get_return_policy_by_name(state: DuckDBState) -> None:
    result = run(state, "get_return_policy_by_name")
    assert isinstance(result, list) and result
    rows = run(state, "get_return_policy_by_name", marketplace_id='M-8916')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['marketplace_id']).lower() == 'm-8916' for r in rows)
    rows = run(state, "get_return_policy_by_name", name='Mark Thompson')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'mark thompson' for r in rows)

def test_get_return_policy(state: DuckDBState) -> None:
    result = run(state, "get_return_policy", return_policy_id='RP-0001')
    assert result['return_policy_id'] == 'RP-0001'

def test_get_return_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_return_policy",
                   re.escape("no return policy with id 'RP-9999' (return policy ids look like 'RP-0001')"),
                   return_policy_id='RP-9999')

def test_update_return_policy(state: DuckDBState) -> None:
    result = run(state, "update_return_policy",
                 return_policy_id='RP-0001',
                 category_types='{}',
                 description='Fall manager idea issue color small notice kind',
                 extended_holiday_returns_offered=True,
                 international_override='[]',
                 marketplace_id='M-6245',
                 name='Adam Griffith',
                 refund_method='MANUAL',
                 restocking_fee_percentage='Where Your',
                 return_instructions='Section could nature interest wear',
                 return_method='MANUAL',
                 return_period='{}',
                 return_shipping_cost_payer='BUYER',
                 returns_accepted=True)
    assert result['category_types'] == '{}'
    assert result['description'] == 'Fall manager idea issue color small notice kind'
    assert result['extended_holiday_returns_offered'] == True
    assert result['international_override'] == '[]'
    assert result['marketplace_id'] == 'M-6245'
    assert result['name'] == 'Adam Griffith'
    assert result['refund_method'] == 'MANUAL'
    assert result['restocking_fee_percentage'] == 'Where Your'
    assert result['return_instructions'] == 'Section could nature interest wear'
    assert result['return_method'] == 'MANUAL'
    assert result['return_period'] == '{}'
    assert result['return_shipping_cost_payer'] == 'BUYER'
    assert result['returns_accepted'] == True

def test_update_return_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_return_policy",
                   re.escape("no return policy with id 'RP-9999' (return policy ids look like 'RP-0001')"),
                   return_policy_id='RP-9999', category_types='{}',
                   description='Fall manager idea issue color small notice kind',
                   extended_holiday_returns_offered=True, international_override='[]', marketplace_id='M-6245',
                   name='Adam Griffith', refund_method='MANUAL', restocking_fee_percentage='Where Your',
                   return_instructions='Section could nature interest wear', return_method='MANUAL',
                   return_period='{}', return_shipping_cost_payer='BUYER', returns_accepted=True)
    assert_refused(state, "update_return_policy",
                   re.escape('update return policy needs at least one of category types, description, extended holiday returns offered, international override, marketplace id, name, refund method, restocking fee percentage, return instructions, return method, return period, return shipping cost payer or returns accepted'),
                   return_policy_id='RP-0001')

def test_delete_return_policy(state: DuckDBState) -> None:
    result = run(state, "delete_return_policy", return_policy_id='RP-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM return_policies WHERE return_policy_id = ?", ['RP-0001']) == 0

def test_delete_return_policy_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_return_policy",
                   re.escape("no return policy with id 'RP-9999' (return policy ids look like 'RP-0001')"),
                   return_policy_id='RP-9999')
