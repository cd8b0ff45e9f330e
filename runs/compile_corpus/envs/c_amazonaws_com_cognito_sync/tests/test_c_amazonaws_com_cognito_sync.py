"""The c_amazonaws_com_cognito_sync environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 1


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_describe_dataset(state: DuckDBState) -> None:
    result = run(state, "describe_dataset", dataset_name='D-0001')
    assert result['dataset_name'] == 'D-0001'

def test_describe_dataset_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_dataset",
                   re.escape("no dataset with id 'D-9999' (dataset ids look like 'D-0001')"),
                   dataset_name='D-9999')

def test_update_records(state: DuckDBState) -> None:
    result = run(state, "update_records")
    assert isinstance(result, list) and result

def test_delete_dataset(state: DuckDBState) -> None:
    result = run(state, "delete_dataset", identity_id='IU-0025', dataset_name='D-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM datasets WHERE dataset_name = ?", ['D-0001']) == 0

def test_delete_dataset_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_dataset",
                   re.escape("no dataset with id 'D-9999' (dataset ids look like 'D-0001')"),
                   identity_id='IU-0025', dataset_name='D-9999')

def test_describe_identity_usage(state: DuckDBState) -> None:
    result = run(state, "describe_identity_usage", identity_id='IU-0001')
    assert result['identity_id'] == 'IU-0001'

def test_describe_identity_usage_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_identity_usage",
                   re.escape("no identity usage with id 'IU-9999' (identity usage ids look like 'IU-0001')"),
                   identity_id='IU-9999')

def test_list_datasets(state: DuckDBState) -> None:
    result = run(state, "list_datasets")
    assert isinstance(result, list) and result
    rows = run(state, "list_datasets", identity_id='IU-0032')
    assert rows and all(str(r['identity_id']).lower() == 'iu-0032' for r in rows)

def test_list_datasets_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_datasets",
                   re.escape("no identity usage with id 'IU-9999' (identity usage ids look like 'IU-0001')"),
                   identity_id='IU-9999')

def test_list_records(state: DuckDBState) -> None:
    result = run(state, "list_records")
    assert isinstance(result, list) and result

def test_register_device(state: DuckDBState) -> None:
    result = run(state, "register_device")
    assert result['device_id'] == 'RD-0041'
    assert state.db.scalar("SELECT count(*) FROM register_devices WHERE device_id = ?", ['RD-0041']) == 1

def test_unsubscribe_from_dataset(state: DuckDBState) -> None:
    result = run(state, "unsubscribe_from_dataset", identity_id='IU-0027', dataset_name='D-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM datasets WHERE dataset_name = ?", ['D-0001']) == 0

def test_unsubscribe_from_dataset_refusals(state: DuckDBState) -> None:
    assert_refused(state, "unsubscribe_from_dataset",
                   re.escape("no dataset with id 'D-9999' (dataset ids look like 'D-0001')"),
                   identity_id='IU-0027', dataset_name='D-9999')
