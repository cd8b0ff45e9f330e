"""The c_amazonaws_com_amplify environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_list_apps(state: DuckDBState) -> None:
    result = run(state, "list_apps")
    assert isinstance(result, list) and result

def test_list_backend_environments(state: DuckDBState) -> None:
    result = run(state, "list_backend_environments")
    assert isinstance(result, list) and result
    rows = run(state, "list_backend_environments", app_id='A-0021')
    assert rows and all(str(r['app_id']).lower() == 'a-0021' for r in rows)

def test_list_branches(state: DuckDBState) -> None:
    result = run(state, "list_branches")
    assert isinstance(result, list) and result

def test_list_domain_associations(state: DuckDBState) -> None:
    result = run(state, "list_domain_associations")
    assert isinstance(result, list) and result
    rows = run(state, "list_domain_associations", app_id='A-0021')
    assert rows and all(str(r['app_id']).lower() == 'a-0021' for r in rows)

def test_list_webhooks(state: DuckDBState) -> None:
    result = run(state, "list_webhooks")
    assert isinstance(result, list) and result

def test_get_app(state: DuckDBState) -> None:
    result = run(state, "get_app", app_id='A-0001')
    assert result['app_id'] == 'A-0001'

def test_get_app_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_app",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_delete_app(state: DuckDBState) -> None:
    result = run(state, "delete_app", app_id='A-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM apps WHERE app_id = ?", ['A-0001']) == 0

def test_delete_app_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_app",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_get_backend_environment(state: DuckDBState) -> None:
    result = run(state, "get_backend_environment", app_id='A-0001')
    assert result['app_id'] == 'A-0001'

def test_get_backend_environment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_backend_environment",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_get_branch(state: DuckDBState) -> None:
    result = run(state, "get_branch", branch_name='B-0001')
    assert result['branch_name'] == 'B-0001'

def test_get_branch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_branch",
                   re.escape("no branch with id 'B-9999' (branch ids look like 'B-0001')"),
                   branch_name='B-9999')

def test_delete_branch(state: DuckDBState) -> None:
    result = run(state, "delete_branch", branch_name='B-0003')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM branches WHERE branch_name = ?", ['B-0003']) == 0

def test_delete_branch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_branch",
                   re.escape("no branch with id 'B-9999' (branch ids look like 'B-0001')"),
                   branch_name='B-9999')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0001 is still referred to by 1 webhook row(s)'),
                   branch_name='B-0001')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0002 is still referred to by 1 webhook row(s)'),
                   branch_name='B-0002')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0004 is still referred to by 1 webhook row(s)'),
                   branch_name='B-0004')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0009 is still referred to by 3 webhook row(s)'),
                   branch_name='B-0009')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0011 is still referred to by 2 webhook row(s)'),
                   branch_name='B-0011')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0012 is still referred to by 3 webhook row(s)'),
                   branch_name='B-0012')
    assert_refused(state, "delete_branch",
                   re.escape('branch B-0013 is still referred to by 1 webhook row(s)'),
                   branch_name='B-0013')

def test_get_domain_association(state: DuckDBState) -> None:
    result = run(state, "get_domain_association", app_id='A-0001')
    assert result['app_id'] == 'A-0001'

def test_get_domain_association_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_domain_association",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_get_job(state: DuckDBState) -> None:
    result = run(state, "get_job", job_id='J-0001')
    assert result['job_id'] == 'J-0001'

def test_get_job_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_job",
                   re.escape("no job with id 'J-9999' (job ids look like 'J-0001')"),
                   job_id='J-9999')

def test_delete_job(state: DuckDBState) -> None:
    result = run(state, "delete_job", job_id='J-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM jobs WHERE job_id = ?", ['J-0001']) == 0

def test_delete_job_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_job",
                   re.escape("no job with id 'J-9999' (job ids look like 'J-0001')"),
                   job_id='J-9999')

def test_get_webhook(state: DuckDBState) -> None:
    result = run(state, "get_webhook", webhook_id='W-0001')
    assert result['webhook_id'] == 'W-0001'

def test_get_webhook_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_webhook",
                   re.escape("no webhook with id 'W-9999' (webhook ids look like 'W-0001')"),
                   webhook_id='W-9999')

def test_delete_webhook(state: DuckDBState) -> None:
    result = run(state, "delete_webhook", webhook_id='W-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM webhooks WHERE webhook_id = ?", ['W-0001']) == 0

def test_delete_webhook_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_webhook",
                   re.escape("no webhook with id 'W-9999' (webhook ids look like 'W-0001')"),
                   webhook_id='W-9999')

def test_get_artifact_url(state: DuckDBState) -> None:
    result = run(state, "get_artifact_url", artifact_id='AU-0001')
    assert result['artifact_id'] == 'AU-0001'

def test_get_artifact_url_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_artifact_url",
                   re.escape("no artifact url with id 'AU-9999' (artifact url ids look like 'AU-0001')"),
                   artifact_id='AU-9999')

def test_list_artifacts(state: DuckDBState) -> None:
    result = run(state, "list_artifacts")
    assert isinstance(result, list) and result

def test_list_jobs(state: DuckDBState) -> None:
    result = run(state, "list_jobs")
    assert isinstance(result, list) and result

def test_start_deployment(state: DuckDBState) -> None:
    result = run(state, "start_deployment", job_id='J-0001')
    assert result['status'] == 'RUNNING'

def test_start_deployment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "start_deployment",
                   re.escape("no job with id 'J-9999' (job ids look like 'J-0001')"),
                   job_id='J-9999')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0005 is RUNNING: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0005')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0007 is CANCELLED: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0007')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0011 is FAILED: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0011')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0016 is FAILED: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0016')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0017 is CANCELLED: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0017')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0018 is FAILED: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0018')
    assert_refused(state, "start_deployment",
                   re.escape('job J-0026 is FAILED: start deployment applies only to a job whose status is PENDING, PROVISIONING, SUCCEED or CANCELLING'),
                   job_id='J-0026')

def test_stop_job(state: DuckDBState) -> None:
    result = run(state, "stop_job", job_id='J-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM jobs WHERE job_id = ?", ['J-0001']) == 0

def test_stop_job_refusals(state: DuckDBState) -> None:
    assert_refused(state, "stop_job",
                   re.escape("no job with id 'J-9999' (job ids look like 'J-0001')"),
                   job_id='J-9999')
