"""The c_amazonaws_com_amp environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_describe_alert_manager_definition(state: DuckDBState) -> None:
    result = run(state, "describe_alert_manager_definition")
    assert isinstance(result, list) and result
    rows = run(state, "describe_alert_manager_definition", workspace_id='W-0021')
    assert rows and all(str(r['workspace_id']).lower() == 'w-0021' for r in rows)

def test_delete_alert_manager_definition(state: DuckDBState) -> None:
    result = run(state, "delete_alert_manager_definition", workspace_id='W-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM workspaces WHERE workspace_id = ?", ['W-0001']) == 0

def test_delete_alert_manager_definition_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_alert_manager_definition",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   workspace_id='W-9999')

def test_describe_logging_configuration(state: DuckDBState) -> None:
    result = run(state, "describe_logging_configuration")
    assert isinstance(result, list) and result
    rows = run(state, "describe_logging_configuration", workspace_id='W-0021')
    assert rows and all(str(r['workspace_id']).lower() == 'w-0021' for r in rows)

def test_delete_logging_configuration(state: DuckDBState) -> None:
    result = run(state, "delete_logging_configuration", workspace_id='W-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM workspaces WHERE workspace_id = ?", ['W-0001']) == 0

def test_delete_logging_configuration_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_logging_configuration",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   workspace_id='W-9999')

def test_list_rule_groups_namespaces(state: DuckDBState) -> None:
    result = run(state, "list_rule_groups_namespaces")
    assert isinstance(result, list) and result
    rows = run(state, "list_rule_groups_namespaces", name='Angela Wheeler')
    assert rows and all(str(r['name']).lower() == 'angela wheeler' for r in rows)

def test_create_rule_groups_namespace(state: DuckDBState) -> None:
    result = run(state, "create_rule_groups_namespace",
                 name='Norma Fisher',
                 data='Whole magazine truth stop whose',
                 tags='{}')
    assert result['arn'] == 'RGN-0041'
    assert state.db.scalar("SELECT count(*) FROM rule_groups_namespaces WHERE arn = ?", ['RGN-0041']) == 1

def test_create_rule_groups_namespace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_rule_groups_namespace",
                   re.escape('name must have 1 to 64 characters, got 65'),
                   name='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   data='Whole magazine truth stop whose', tags='{}')
    assert_refused(state, "create_rule_groups_namespace",
                   re.escape('name must have 1 to 64 characters, got 0'),
                   name='', data='Whole magazine truth stop whose', tags='{}')
    assert_refused(state, "create_rule_groups_namespace",
                   re.escape("name '?' does not match the pattern .*[0-9A-Za-z][-.0-9A-Z_a-z]*.*"),
                   name='?', data='Whole magazine truth stop whose', tags='{}')

def test_list_workspaces(state: DuckDBState) -> None:
    result = run(state, "list_workspaces")
    assert isinstance(result, list) and result
    rows = run(state, "list_workspaces", alias='He couple ground place what top')
    assert rows and all(str(r['alias']).lower() == 'he couple ground place what top' for r in rows)

def test_create_workspace(state: DuckDBState) -> None:
    result = run(state, "create_workspace", alias='At be than always different American address', tags='[]')
    assert result['workspace_id'] == 'W-0041'
    assert state.db.scalar("SELECT count(*) FROM workspaces WHERE workspace_id = ?", ['W-0041']) == 1

def test_create_workspace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_workspace",
                   re.escape('alias must have 1 to 100 characters, got 101'),
                   alias='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   tags='[]')
    assert_refused(state, "create_workspace",
                   re.escape('alias must have 1 to 100 characters, got 0'),
                   alias='', tags='[]')

def test_describe_rule_groups_namespace(state: DuckDBState) -> None:
    result = run(state, "describe_rule_groups_namespace", arn='RGN-0001')
    assert result['arn'] == 'RGN-0001'

def test_describe_rule_groups_namespace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_rule_groups_namespace",
                   re.escape("no rule groups namespace with id 'RGN-9999' (rule groups namespace ids look like 'RGN-0001')"),
                   arn='RGN-9999')

def test_put_rule_groups_namespace(state: DuckDBState) -> None:
    result = run(state, "put_rule_groups_namespace", arn='RGN-0001', data='Whole magazine truth stop whose')
    assert result['data'] == 'Whole magazine truth stop whose'

def test_put_rule_groups_namespace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_rule_groups_namespace",
                   re.escape("no rule groups namespace with id 'RGN-9999' (rule groups namespace ids look like 'RGN-0001')"),
                   arn='RGN-9999', data='Whole magazine truth stop whose')
    assert_refused(state, "put_rule_groups_namespace",
                   re.escape('put rule groups namespace needs at least one of data'),
                   arn='RGN-0001')

def test_delete_rule_groups_namespace(state: DuckDBState) -> None:
    result = run(state, "delete_rule_groups_namespace", arn='RGN-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM rule_groups_namespaces WHERE arn = ?", ['RGN-0001']) == 0

def test_delete_rule_groups_namespace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape("no rule groups namespace with id 'RGN-9999' (rule groups namespace ids look like 'RGN-0001')"),
                   arn='RGN-9999')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0002 is still referred to by 1 workspace row(s)'),
                   arn='RGN-0002')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0003 is still referred to by 3 workspace row(s)'),
                   arn='RGN-0003')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0004 is still referred to by 1 workspace row(s)'),
                   arn='RGN-0004')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0006 is still referred to by 2 workspace row(s)'),
                   arn='RGN-0006')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0010 is still referred to by 2 workspace row(s)'),
                   arn='RGN-0010')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0013 is still referred to by 2 workspace row(s)'),
                   arn='RGN-0013')
    assert_refused(state, "delete_rule_groups_namespace",
                   re.escape('rule groups namespace RGN-0014 is still referred to by 1 workspace row(s)'),
                   arn='RGN-0014')

def test_describe_workspace(state: DuckDBState) -> None:
    result = run(state, "describe_workspace", workspace_id='W-0001')
    assert result['workspace_id'] == 'W-0001'

def test_describe_workspace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_workspace",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   workspace_id='W-9999')

def test_delete_workspace(state: DuckDBState) -> None:
    result = run(state, "delete_workspace", workspace_id='W-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM workspaces WHERE workspace_id = ?", ['W-0001']) == 0

def test_delete_workspace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_workspace",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   workspace_id='W-9999')
