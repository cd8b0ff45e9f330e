"""The c_amazonaws_com_appfabric environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_batch_get_user_access_tasks(state: DuckDBState) -> None:
    result = run(state, "batch_get_user_access_tasks")
    assert isinstance(result, list) and result

def test_list_app_authorizations(state: DuckDBState) -> None:
    result = run(state, "list_app_authorizations")
    assert isinstance(result, list) and result
    rows = run(state, "list_app_authorizations", arn='AB-0021')
    assert rows and all(str(r['arn']).lower() == 'ab-0021' for r in rows)

def test_list_app_bundles(state: DuckDBState) -> None:
    result = run(state, "list_app_bundles")
    assert isinstance(result, list) and result

def test_create_app_bundle(state: DuckDBState) -> None:
    result = run(state, "create_app_bundle")
    assert result['arn'] == 'AB-0041'
    assert state.db.scalar("SELECT count(*) FROM app_bundles WHERE arn = ?", ['AB-0041']) == 1

def test_list_ingestions(state: DuckDBState) -> None:
    result = run(state, "list_ingestions")
    assert isinstance(result, list) and result

def test_create_ingestion(state: DuckDBState) -> None:
    result = run(state, "create_ingestion",
                 app='Fire happen nothing support suffer which parent',
                 tenant_id='T-6312',
                 ingestion_type='auditLog')
    assert result['arn'] == 'I-0041'
    assert state.db.scalar("SELECT count(*) FROM ingestions WHERE arn = ?", ['I-0041']) == 1

def test_create_ingestion_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_ingestion",
                   re.escape('app must have 1 to 255 characters, got 256'),
                   app='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   tenant_id='T-6312', ingestion_type='auditLog')
    assert_refused(state, "create_ingestion",
                   re.escape('app must have 1 to 255 characters, got 0'),
                   app='', tenant_id='T-6312', ingestion_type='auditLog')
    assert_refused(state, "create_ingestion",
                   re.escape('tenant_id must have 1 to 1024 characters, got 1025'),
                   app='Fire happen nothing support suffer which parent',
                   tenant_id='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   ingestion_type='auditLog')
    assert_refused(state, "create_ingestion",
                   re.escape('tenant_id must have 1 to 1024 characters, got 0'),
                   app='Fire happen nothing support suffer which parent', tenant_id='', ingestion_type='auditLog')

def test_list_ingestion_destinations(state: DuckDBState) -> None:
    result = run(state, "list_ingestion_destinations")
    assert isinstance(result, list) and result
    rows = run(state, "list_ingestion_destinations", arn='ID-0021')
    assert rows and all(str(r['arn']).lower() == 'id-0021' for r in rows)

def test_create_ingestion_destination(state: DuckDBState) -> None:
    result = run(state, "create_ingestion_destination",
                 processing_configuration='{}',
                 destination_configuration='[]')
    assert result['arn'] == 'ID-0041'
    assert state.db.scalar("SELECT count(*) FROM ingestion_destinations WHERE arn = ?", ['ID-0041']) == 1

def test_get_app_authorization(state: DuckDBState) -> None:
    result = run(state, "get_app_authorization", arn='AB-0001')
    assert result['arn'] == 'AB-0001'

def test_get_app_authorization_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_app_authorization",
                   re.escape("no app bundle with id 'AB-9999' (app bundle ids look like 'AB-0001')"),
                   arn='AB-9999')

def test_delete_app_authorization(state: DuckDBState) -> None:
    result = run(state, "delete_app_authorization", arn='AB-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM app_bundles WHERE arn = ?", ['AB-0001']) == 0

def test_delete_app_authorization_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_app_authorization",
                   re.escape("no app bundle with id 'AB-9999' (app bundle ids look like 'AB-0001')"),
                   arn='AB-9999')

def test_get_app_bundle(state: DuckDBState) -> None:
    result = run(state, "get_app_bundle", arn='AB-0001')
    assert result['arn'] == 'AB-0001'

def test_get_app_bundle_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_app_bundle",
                   re.escape("no app bundle with id 'AB-9999' (app bundle ids look like 'AB-0001')"),
                   arn='AB-9999')

def test_delete_app_bundle(state: DuckDBState) -> None:
    result = run(state, "delete_app_bundle", arn='AB-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM app_bundles WHERE arn = ?", ['AB-0001']) == 0

def test_delete_app_bundle_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_app_bundle",
                   re.escape("no app bundle with id 'AB-9999' (app bundle ids look like 'AB-0001')"),
                   arn='AB-9999')

def test_get_ingestion(state: DuckDBState) -> None:
    result = run(state, "get_ingestion", arn='I-0001')
    assert result['arn'] == 'I-0001'

def test_get_ingestion_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_ingestion",
                   re.escape("no ingestion with id 'I-9999' (ingestion ids look like 'I-0001')"),
                   arn='I-9999')

def test_delete_ingestion(state: DuckDBState) -> None:
    result = run(state, "delete_ingestion", arn='I-0005')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM ingestions WHERE arn = ?", ['I-0005']) == 0

def test_delete_ingestion_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_ingestion",
                   re.escape("no ingestion with id 'I-9999' (ingestion ids look like 'I-0001')"),
                   arn='I-9999')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0001 is still referred to by 1 ingestion destination row(s)'),
                   arn='I-0001')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0002 is still referred to by 1 app bundle row(s)'),
                   arn='I-0002')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0003 is still referred to by 3 app bundle row(s)'),
                   arn='I-0003')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0004 is still referred to by 1 ingestion destination row(s)'),
                   arn='I-0004')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0006 is still referred to by 1 ingestion destination row(s)'),
                   arn='I-0006')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0007 is still referred to by 2 ingestion destination row(s)'),
                   arn='I-0007')
    assert_refused(state, "delete_ingestion",
                   re.escape('ingestion I-0008 is still referred to by 1 app bundle row(s)'),
                   arn='I-0008')

def test_get_ingestion_destination(state: DuckDBState) -> None:
    result = run(state, "get_ingestion_destination", arn='ID-0001')
    assert result['arn'] == 'ID-0001'

def test_get_ingestion_destination_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_ingestion_destination",
                   re.escape("no ingestion destination with id 'ID-9999' (ingestion destination ids look like 'ID-0001')"),
                   arn='ID-9999')

def test_delete_ingestion_destination(state: DuckDBState) -> None:
    result = run(state, "delete_ingestion_destination", arn='ID-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM ingestion_destinations WHERE arn = ?", ['ID-0001']) == 0

def test_delete_ingestion_destination_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_ingestion_destination",
                   re.escape("no ingestion destination with id 'ID-9999' (ingestion destination ids look like 'ID-0001')"),
                   arn='ID-9999')

def test_list_tags_for_resource(state: DuckDBState) -> None:
    result = run(state, "list_tags_for_resource")
    assert isinstance(result, list) and result
    rows = run(state, "list_tags_for_resource", key='T-0021')
    assert rows and all(str(r['key']).lower() == 't-0021' for r in rows)
