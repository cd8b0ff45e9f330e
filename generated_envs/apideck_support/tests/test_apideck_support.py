"""The apideck_support environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_customers_all(state: DuckDBState) -> None:
    result = run(state, "customers_all")
    assert isinstance(result, list) and result

def test_customers_add(state: DuckDBState) -> None:
    result = run(state, "customers_add",
                 addresses='{}',
                 bank_accounts='[]',
                 company_name='Chang-Fisher',
                 currency='UNKNOWN_CURRENCY',
                 emails='[]',
                 first_name='Janet',
                 individual=True,
                 last_name='Hull',
                 notes='Whose group through despite cause',
                 phone_numbers='[]',
                 status='active',
                 tax_number='88135332')
    assert result['customer_support_customer_id'] == '12367'
    assert state.db.scalar("SELECT count(*) FROM customer_support_customers WHERE customer_support_customer_id = ?", ['12367']) == 1

def test_customers_one(state: DuckDBState) -> None:
    result = run(state, "customers_one", customer_support_customer_id='12345')
    assert result['customer_support_customer_id'] == '12345'

def test_customers_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "customers_one",
                   re.escape("no customer support customer with id '99999' (customer support customer ids look like '12345')"),
                   customer_support_customer_id='99999')

def test_customers_update(state: DuckDBState) -> None:
    result = run(state, "customers_update",
                 customer_support_customer_id='12345',
                 addresses='{}',
                 bank_accounts='[]',
                 company_name='Chang-Fisher',
                 currency='UNKNOWN_CURRENCY',
                 emails='[]',
                 first_name='Janet',
                 individual=True,
                 last_name='Hull',
                 notes='Whose group through despite cause',
                 phone_numbers='[]',
                 status='active',
                 tax_number='88135332')
    assert result['addresses'] == '{}'
    assert result['bank_accounts'] == '[]'
    assert result['company_name'] == 'Chang-Fisher'
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['emails'] == '[]'
    assert result['first_name'] == 'Janet'
    assert result['individual'] == True
    assert result['last_name'] == 'Hull'
    assert result['notes'] == 'Whose group through despite cause'
    assert result['phone_numbers'] == '[]'
    assert result['status'] == 'active'
    assert result['tax_number'] == '88135332'

def test_customers_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "customers_update",
                   re.escape("no customer support customer with id '99999' (customer support customer ids look like '12345')"),
                   customer_support_customer_id='99999', addresses='{}', bank_accounts='[]',
                   company_name='Chang-Fisher', currency='UNKNOWN_CURRENCY', emails='[]', first_name='Janet',
                   individual=True, last_name='Hull', notes='Whose group through despite cause', phone_numbers='[]',
                   status='active', tax_number='88135332')
    assert_refused(state, "customers_update",
                   re.escape('customers update needs at least one of addresses, bank accounts, company name, currency, emails, first name, individual, last name, notes, phone numbers, status or tax number'),
                   customer_support_customer_id='12345')

def test_customers_delete(state: DuckDBState) -> None:
    result = run(state, "customers_delete", customer_support_customer_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM customer_support_customers WHERE customer_support_customer_id = ?", ['12345']) == 0

def test_customers_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "customers_delete",
                   re.escape("no customer support customer with id '99999' (customer support customer ids look like '12345')"),
                   customer_support_customer_id='99999')
