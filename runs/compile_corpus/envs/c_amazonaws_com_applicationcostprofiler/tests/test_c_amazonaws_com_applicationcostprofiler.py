"""The c_amazonaws_com_applicationcostprofiler environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_report_definition(state: DuckDBState) -> None:
    result = run(state, "get_report_definition", report_id='RD-0001')
    assert result['report_id'] == 'RD-0001'

def test_get_report_definition_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_report_definition",
                   re.escape("no report definition with id 'RD-9999' (report definition ids look like 'RD-0001')"),
                   report_id='RD-9999')

def test_update_report_definition(state: DuckDBState) -> None:
    result = run(state, "update_report_definition",
                 report_id='RD-0001',
                 report_description='Serious inside else memory if six',
                 report_frequency='MONTHLY',
                 format='CSV',
                 destination_s3_location='{}')
    assert result['report_description'] == 'Serious inside else memory if six'
    assert result['report_frequency'] == 'MONTHLY'
    assert result['format'] == 'CSV'
    assert result['destination_s3_location'] == '{}'

def test_update_report_definition_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_report_definition",
                   re.escape("no report definition with id 'RD-9999' (report definition ids look like 'RD-0001')"),
                   report_id='RD-9999', report_description='Serious inside else memory if six',
                   report_frequency='MONTHLY', format='CSV', destination_s3_location='{}')
    assert_refused(state, "update_report_definition",
                   re.escape('report_description must have 1 to 1024 characters, got 1025'),
                   report_id='RD-0001',
                   report_description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   report_frequency='MONTHLY', format='CSV', destination_s3_location='{}')
    assert_refused(state, "update_report_definition",
                   re.escape('report_description must have 1 to 1024 characters, got 0'),
                   report_id='RD-0001', report_description='', report_frequency='MONTHLY', format='CSV',
                   destination_s3_location='{}')
    assert_refused(state, "update_report_definition",
                   re.escape('update report definition needs at least one of report description, report frequency, format or destination s3 location'),
                   report_id='RD-0001')

def test_delete_report_definition(state: DuckDBState) -> None:
    result = run(state, "delete_report_definition", report_id='RD-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM report_definitions WHERE report_id = ?", ['RD-0001']) == 0

def test_delete_report_definition_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_report_definition",
                   re.escape("no report definition with id 'RD-9999' (report definition ids look like 'RD-0001')"),
                   report_id='RD-9999')

def test_import_application_usage(state: DuckDBState) -> None:
    result = run(state, "import_application_usage")
    assert result['import_id'] == 'IAU-0041'
    assert state.db.scalar("SELECT count(*) FROM import_application_usages WHERE import_id = ?", ['IAU-0041']) == 1

def test_list_report_definitions(state: DuckDBState) -> None:
    result = run(state, "list_report_definitions")
    assert isinstance(result, list) and result

def test_put_report_definition(state: DuckDBState) -> None:
    result = run(state, "put_report_definition",
                 report_description='Serious inside else memory if six',
                 report_frequency='MONTHLY',
                 format='CSV',
                 destination_s3_location='{}')
    assert result['report_id'] == 'RD-0041'
    assert state.db.scalar("SELECT count(*) FROM report_definitions WHERE report_id = ?", ['RD-0041']) == 1

def test_put_report_definition_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_report_definition",
                   re.escape('report_description must have 1 to 1024 characters, got 1025'),
                   report_description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   report_frequency='MONTHLY', format='CSV', destination_s3_location='{}')
    assert_refused(state, "put_report_definition",
                   re.escape('report_description must have 1 to 1024 characters, got 0'),
                   report_description='', report_frequency='MONTHLY', format='CSV', destination_s3_location='{}')
