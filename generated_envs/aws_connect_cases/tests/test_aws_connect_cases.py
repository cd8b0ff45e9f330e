"""The aws_connect_cases environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_batch_get_field(state: DuckDBState) -> None:
    result = run(state, "batch_get_field")
    assert isinstance(result, list) and result

def test_create_field(state: DuckDBState) -> None:
    result = run(state, "create_field", description='Serious inside else memory if six', type='Text')
    assert result['field_name'] == 'F-0037'
    assert state.db.scalar("SELECT count(*) FROM fields WHERE field_name = ?", ['F-0037']) == 1

def test_create_field_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_field",
                   re.escape('description must have 0 to 255 characters, got 256'),
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   type='Text')

def test_create_layout(state: DuckDBState) -> None:
    result = run(state, "create_layout", content='{}')
    assert result['layout_name'] == 'L-0041'
    assert state.db.scalar("SELECT count(*) FROM layouts WHERE layout_name = ?", ['L-0041']) == 1

def test_create_template(state: DuckDBState) -> None:
    result = run(state, "create_template",
                 description='Attorney author feeling job article',
                 layout_configuration='{}',
                 required_fields='{}',
                 status='Active')
    assert result['template_name'] == 'T-0022'
    assert state.db.scalar("SELECT count(*) FROM templates WHERE template_name = ?", ['T-0022']) == 1

def test_create_template_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_template",
                   re.escape('description must have 0 to 255 characters, got 256'),
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   layout_configuration='{}', required_fields='{}', status='Active')

def test_update_template(state: DuckDBState) -> None:
    result = run(state, "update_template",
                 template_name='T-0001',
                 description='Attorney author feeling job article',
                 layout_configuration='{}',
                 required_fields='{}',
                 status='Active')
    assert result['description'] == 'Attorney author feeling job article'
    assert result['layout_configuration'] == '{}'
    assert result['required_fields'] == '{}'
    assert result['status'] == 'Active'

def test_update_template_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_template",
                   re.escape("no template with id 'T-9999' (template ids look like 'T-0001')"),
                   template_name='T-9999', description='Attorney author feeling job article',
                   layout_configuration='{}', required_fields='{}', status='Active')
    assert_refused(state, "update_template",
                   re.escape('description must have 0 to 255 characters, got 256'),
                   template_name='T-0001',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   layout_configuration='{}', required_fields='{}', status='Active')
    assert_refused(state, "update_template",
                   re.escape('update template needs at least one of description, layout configuration, required fields or status'),
                   template_name='T-0001')

def test_list_fields(state: DuckDBState) -> None:
    result = run(state, "list_fields")
    assert isinstance(result, list) and result

def test_list_templates(state: DuckDBState) -> None:
    result = run(state, "list_templates")
    assert isinstance(result, list) and result

def test_update_field(state: DuckDBState) -> None:
    result = run(state, "update_field", field_name='F-0001', description='Serious inside else memory if six')
    assert result['description'] == 'Serious inside else memory if six'

def test_update_field_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_field",
                   re.escape("no field with id 'F-9999' (field ids look like 'F-0001')"),
                   field_name='F-9999', description='Serious inside else memory if six')
    assert_refused(state, "update_field",
                   re.escape('description must have 0 to 255 characters, got 256'),
                   field_name='F-0001',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    assert_refused(state, "update_field",
                   re.escape('update field needs at least one of description'),
                   field_name='F-0001')
