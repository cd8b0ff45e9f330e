"""The adyen_accounts environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_post_create_account(state: DuckDBState) -> None:
    result = run(state, "post_create_account",
                 bank_account_uuid='BA-1902',
                 description='Serious inside else memory if six',
                 metadata='[]',
                 payout_method_code='PM-0025',
                 payout_schedule='BIWEEKLY_ON_1ST_AND_15TH_AT_MIDNIGHT',
                 payout_speed='INSTANT')
    assert result['account_code'] == 'A-0041'
    assert state.db.scalar("SELECT count(*) FROM accounts WHERE account_code = ?", ['A-0041']) == 1

def test_post_create_account_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_create_account",
                   re.escape("no payout method with id 'PM-9999' (payout method ids look like 'PM-0001')"),
                   bank_account_uuid='BA-1902', description='Serious inside else memory if six', metadata='[]',
                   payout_method_code='PM-9999', payout_schedule='BIWEEKLY_ON_1ST_AND_15TH_AT_MIDNIGHT',
                   payout_speed='INSTANT')

def test_post_create_account_holder(state: DuckDBState) -> None:
    result = run(state, "post_create_account_holder",
                 account_holder_details='[]',
                 description='Manage political record word group food break',
                 legal_entity='Business',
                 primary_currency='VUV',
                 verification_profile='Professor Government')
    assert result['account_holder_code'] == 'AH-0021'
    assert state.db.scalar("SELECT count(*) FROM account_holders WHERE account_holder_code = ?", ['AH-0021']) == 1

def test_post_get_account_holder(state: DuckDBState) -> None:
    result = run(state, "post_get_account_holder")
    assert isinstance(result, list) and result
    rows = run(state, "post_get_account_holder", account_holder_code='AH-0011')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['account_holder_code']).lower() == 'ah-0011' for r in rows)

def test_post_update_account_holder(state: DuckDBState) -> None:
    result = run(state, "post_update_account_holder",
                 account_holder_code='AH-0001',
                 account_holder_details='[]',
                 description='Manage political record word group food break',
                 legal_entity='Business',
                 primary_currency='VUV',
                 verification_profile='Professor Government')
    assert result['account_holder_details'] == '[]'
    assert result['description'] == 'Manage political record word group food break'
    assert result['legal_entity'] == 'Business'
    assert result['primary_currency'] == 'VUV'
    assert result['verification_profile'] == 'Professor Government'

def test_post_update_account_holder_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_update_account_holder",
                   re.escape("no account holder with id 'AH-9999' (account holder ids look like 'AH-0001')"),
                   account_holder_code='AH-9999', account_holder_details='[]',
                   description='Manage political record word group food break', legal_entity='Business',
                   primary_currency='VUV', verification_profile='Professor Government')
    assert_refused(state, "post_update_account_holder",
                   re.escape('post update account holder needs at least one of account holder details, description, legal entity, primary currency or verification profile'),
                   account_holder_code='AH-0001')
