"""The mailscript environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 6


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_update_action(state: DuckDBState) -> None:
    result = run(state, "update_action", key_id='K-0001', name='Jamie Hutchinson')
    assert result['name'] == 'Jamie Hutchinson'

def test_update_action_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_action",
                   re.escape("no key with id 'K-9999' (key ids look like 'K-0001')"),
                   key_id='K-9999', name='Jamie Hutchinson')
    assert_refused(state, "update_action",
                   re.escape('update action needs at least one of name'),
                   key_id='K-0001')

def test_get_all_addresses(state: DuckDBState) -> None:
    result = run(state, "get_all_addresses")
    assert isinstance(result, list) and result

def test_delete_address(state: DuckDBState) -> None:
    result = run(state, "delete_address", address_id='A-0004')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM addresses WHERE address_id = ?", ['A-0004']) == 0

def test_delete_address_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_address",
                   re.escape("no address with id 'A-9999' (address ids look like 'A-0001')"),
                   address_id='A-9999')
    assert_refused(state, "delete_address",
                   re.escape('address A-0001 is still referred to by 3 key row(s)'),
                   address_id='A-0001')
    assert_refused(state, "delete_address",
                   re.escape('address A-0002 is still referred to by 2 key row(s)'),
                   address_id='A-0002')
    assert_refused(state, "delete_address",
                   re.escape('address A-0003 is still referred to by 1 key row(s)'),
                   address_id='A-0003')
    assert_refused(state, "delete_address",
                   re.escape('address A-0005 is still referred to by 1 key row(s)'),
                   address_id='A-0005')
    assert_refused(state, "delete_address",
                   re.escape('address A-0006 is still referred to by 1 key row(s)'),
                   address_id='A-0006')
    assert_refused(state, "delete_address",
                   re.escape('address A-0007 is still referred to by 3 key row(s)'),
                   address_id='A-0007')
    assert_refused(state, "delete_address",
                   re.escape('address A-0008 is still referred to by 1 key row(s)'),
                   address_id='A-0008')

def test_get_all_keys(state: DuckDBState) -> None:
    result = run(state, "get_all_keys")
    assert isinstance(result, list) and result
    rows = run(state, "get_all_keys", address='A-0007')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['address']).lower() == 'a-0007' for r in rows)

def test_get_all_keys_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_all_keys",
                   re.escape("no address with id 'A-9999' (address ids look like 'A-0001')"),
                   address='A-9999')

def test_add_key(state: DuckDBState) -> None:
    result = run(state, "add_key", address='A-0013', name='Jamie Hutchinson', read=True, write=True)
    assert result['key_id'] == 'K-0041'
    assert state.db.scalar("SELECT count(*) FROM keys WHERE key_id = ?", ['K-0041']) == 1

def test_add_key_refusals(state: DuckDBState) -> None:
    assert_refused(state, "add_key",
                   re.escape("no address with id 'A-9999' (address ids look like 'A-0001')"),
                   address='A-9999', name='Jamie Hutchinson', read=True, write=True)

def test_get_key(state: DuckDBState) -> None:
    result = run(state, "get_key", key_id='K-0001')
    assert result['key_id'] == 'K-0001'

def test_get_key_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_key",
                   re.escape("no key with id 'K-9999' (key ids look like 'K-0001')"),
                   key_id='K-9999')

def test_update_key(state: DuckDBState) -> None:
    result = run(state, "update_key",
                 address='A-0014',
                 key_id='K-0001',
                 name='Jamie Hutchinson',
                 read=True,
                 write=True)
    assert result['address'] == 'A-0014'
    assert result['name'] == 'Jamie Hutchinson'
    assert result['read'] == True
    assert result['write'] == True

def test_update_key_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_key",
                   re.escape("no address with id 'A-9999' (address ids look like 'A-0001')"),
                   address='A-9999', key_id='K-0001', name='Jamie Hutchinson', read=True, write=True)
    assert_refused(state, "update_key",
                   re.escape("no key with id 'K-9999' (key ids look like 'K-0001')"),
                   address='A-0014', key_id='K-9999', name='Jamie Hutchinson', read=True, write=True)
    assert_refused(state, "update_key",
                   re.escape('update key needs at least one of address, name, read or write'),
                   key_id='K-0001')

def test_delete_key(state: DuckDBState) -> None:
    result = run(state, "delete_key", address='A-0002', key_id='K-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM keys WHERE key_id = ?", ['K-0001']) == 0

def test_delete_key_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_key",
                   re.escape("no key with id 'K-9999' (key ids look like 'K-0001')"),
                   address='A-0002', key_id='K-9999')

def test_get_all_inputs(state: DuckDBState) -> None:
    result = run(state, "get_all_inputs")
    assert isinstance(result, list) and result
    rows = run(state, "get_all_inputs", name='Michael Wade')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'michael wade' for r in rows)

def test_get_all_integrations(state: DuckDBState) -> None:
    result = run(state, "get_all_integrations")
    assert isinstance(result, list) and result

def test_delete_integration(state: DuckDBState) -> None:
    result = run(state, "delete_integration", integration_id='I-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM integrations WHERE integration_id = ?", ['I-0001']) == 0

def test_delete_integration_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_integration",
                   re.escape("no integration with id 'I-9999' (integration ids look like 'I-0001')"),
                   integration_id='I-9999')

def test_get_all_triggers(state: DuckDBState) -> None:
    result = run(state, "get_all_triggers")
    assert isinstance(result, list) and result

def test_add_trigger(state: DuckDBState) -> None:
    result = run(state, "add_trigger", criteria='[]', name='Jorge Sullivan')
    assert result['trigger_id'] == 'T-0017'
    assert state.db.scalar("SELECT count(*) FROM triggers WHERE trigger_id = ?", ['T-0017']) == 1

def test_update_trigger(state: DuckDBState) -> None:
    result = run(state, "update_trigger", trigger_id='T-0001', criteria='[]', name='Jorge Sullivan')
    assert result['criteria'] == '[]'
    assert result['name'] == 'Jorge Sullivan'

def test_update_trigger_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_trigger",
                   re.escape("no trigger with id 'T-9999' (trigger ids look like 'T-0001')"),
                   trigger_id='T-9999', criteria='[]', name='Jorge Sullivan')
    assert_refused(state, "update_trigger",
                   re.escape('update trigger needs at least one of criteria or name'),
                   trigger_id='T-0001')

def test_delete_trigger(state: DuckDBState) -> None:
    result = run(state, "delete_trigger", trigger_id='T-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM triggers WHERE trigger_id = ?", ['T-0001']) == 0

def test_delete_trigger_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_trigger",
                   re.escape("no trigger with id 'T-9999' (trigger ids look like 'T-0001')"),
                   trigger_id='T-9999')

def test_get_authenticated_user(state: DuckDBState) -> None:
    result = run(state, "get_authenticated_user")
    assert isinstance(result, list) and result

def test_get_all_workflows(state: DuckDBState) -> None:
    result = run(state, "get_all_workflows")
    assert isinstance(result, list) and result

def test_update_workflow(state: DuckDBState) -> None:
    result = run(state, "update_workflow",
                 workflow_id='W-0001',
                 action='A-332448',
                 active=True,
                 input='I-034575',
                 name='Lauren Hayes',
                 trigger='T-688558')
    assert result['action'] == 'A-332448'
    assert result['active'] == True
    assert result['input'] == 'I-034575'
    assert result['name'] == 'Lauren Hayes'
    assert result['trigger'] == 'T-688558'

def test_update_workflow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_workflow",
                   re.escape("no workflow with id 'W-9999' (workflow ids look like 'W-0001')"),
                   workflow_id='W-9999', action='A-332448', active=True, input='I-034575', name='Lauren Hayes',
                   trigger='T-688558')
    assert_refused(state, "update_workflow",
                   re.escape('update workflow needs at least one of action, active, input, name or trigger'),
                   workflow_id='W-0001')

def test_delete_workflow(state: DuckDBState) -> None:
    result = run(state, "delete_workflow", workflow_id='W-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM workflows WHERE workflow_id = ?", ['W-0001']) == 0

def test_delete_workflow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_workflow",
                   re.escape("no workflow with id 'W-9999' (workflow ids look like 'W-0001')"),
                   workflow_id='W-9999')

def test_get_all_workspaces(state: DuckDBState) -> None:
    result = run(state, "get_all_workspaces")
    assert isinstance(result, list) and result
