"""The c_amazonaws_com_batch environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

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


def test_cancel_job(state: DuckDBState) -> None:
    result = run(state, "cancel_job", reason='X-9171')
    assert result['job_id'] == 'CJ-0041'
    assert state.db.scalar("SELECT count(*) FROM cancel_jobs WHERE job_id = ?", ['CJ-0041']) == 1

def test_create_compute_environment(state: DuckDBState) -> None:
    result = run(state, "create_compute_environment",
                 compute_environment_name='CE-5646',
                 type='MANAGED',
                 state_='ENABLED',
                 unmanagedv_cpus=6,
                 compute_resources='{}',
                 service_role='S-4221',
                 tags='{}',
                 eks_configuration='[]')
    assert result['uuid'] == 'CE-0041'
    assert state.db.scalar("SELECT count(*) FROM compute_environments WHERE uuid = ?", ['CE-0041']) == 1

def test_create_job_queue(state: DuckDBState) -> None:
    result = run(state, "create_job_queue",
                 state_='ENABLED',
                 scheduling_policy_arn='SP-4939',
                 priority=6,
                 compute_environment_order='{}',
                 tags='[]')
    assert result['job_queue_name'] == 'JQ-0041'
    assert state.db.scalar("SELECT count(*) FROM job_queues WHERE job_queue_name = ?", ['JQ-0041']) == 1

def test_create_scheduling_policy(state: DuckDBState) -> None:
    result = run(state, "create_scheduling_policy", name='X-0570', fairshare_policy='[]', tags='{}')
    assert result['arn'] == 'SP-0041'
    assert state.db.scalar("SELECT count(*) FROM scheduling_policies WHERE arn = ?", ['SP-0041']) == 1

def test_describe_compute_environments(state: DuckDBState) -> None:
    result = run(state, "describe_compute_environments")
    assert isinstance(result, list) and result

def test_describe_job_definitions(state: DuckDBState) -> None:
    result = run(state, "describe_job_definitions")
    assert isinstance(result, list) and result
    rows = run(state, "describe_job_definitions", job_definition_name='JD-0021')
    assert rows and all(str(r['job_definition_name']).lower() == 'jd-0021' for r in rows)
    rows = run(state, "describe_job_definitions", status='X-8137')
    assert rows and all(str(r['status']).lower() == 'x-8137' for r in rows)

def test_describe_job_queues(state: DuckDBState) -> None:
    result = run(state, "describe_job_queues")
    assert isinstance(result, list) and result

def test_describe_jobs(state: DuckDBState) -> None:
    result = run(state, "describe_jobs")
    assert isinstance(result, list) and result

def test_describe_scheduling_policies(state: DuckDBState) -> None:
    result = run(state, "describe_scheduling_policies")
    assert isinstance(result, list) and result

def test_list_jobs(state: DuckDBState) -> None:
    result = run(state, "list_jobs")
    assert isinstance(result, list) and result
    rows = run(state, "list_jobs", job_queue='J-4829')
    assert rows and all(str(r['job_queue']).lower() == 'j-4829' for r in rows)

def test_submit_job(state: DuckDBState) -> None:
    result = run(state, "submit_job", job_name='J-1753')
    assert result['job_id'] == '876da822-4198-45f2-a252-6cea32512ea48'
    assert state.db.scalar("SELECT count(*) FROM submit_jobs WHERE job_id = ?", ['876da822-4198-45f2-a252-6cea32512ea48']) == 1

def test_terminate_job(state: DuckDBState) -> None:
    result = run(state, "terminate_job", reason='X-3161')
    assert result['job_id'] == 'TJ-0041'
    assert state.db.scalar("SELECT count(*) FROM terminate_jobs WHERE job_id = ?", ['TJ-0041']) == 1

def test_update_compute_environment(state: DuckDBState) -> None:
    result = run(state, "update_compute_environment",
                 state_='ENABLED',
                 unmanagedv_cpus=6,
                 compute_resources='{}',
                 service_role='S-4221',
                 update_policy='[]')
    assert result['uuid'] == 'CE-0041'
    assert state.db.scalar("SELECT count(*) FROM compute_environments WHERE uuid = ?", ['CE-0041']) == 1

def test_update_job_queue(state: DuckDBState) -> None:
    result = run(state, "update_job_queue",
                 state_='ENABLED',
                 scheduling_policy_arn='SP-4939',
                 priority=6,
                 compute_environment_order='{}')
    assert result['job_queue_name'] == 'JQ-0041'
    assert state.db.scalar("SELECT count(*) FROM job_queues WHERE job_queue_name = ?", ['JQ-0041']) == 1
