"""The twilio_taskrouter environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_list_workspace(state: DuckDBState) -> None:
    result = run(state, "list_workspace")
    assert isinstance(result, list) and result
    rows = run(state, "list_workspace", friendly_name='Customer Support')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['friendly_name']).lower() == 'customer support' for r in rows)

def test_create_workspace(state: DuckDBState) -> None:
    result = run(state, "create_workspace",
                 event_callback_url='https://www.sheppard-tucker.com/',
                 events_filter='Me Help',
                 friendly_name='Customer Support',
                 multi_task_enabled=True,
                 prioritize_queue_order='FIFO')
    assert result['taskrouter_v1_workspace_sid'] == 'TVW-0017'
    assert state.db.scalar("SELECT count(*) FROM taskrouter_v1_workspaces WHERE taskrouter_v1_workspace_sid = ?", ['TVW-0017']) == 1

def test_fetch_workspace(state: DuckDBState) -> None:
    result = run(state, "fetch_workspace", taskrouter_v1_workspace_sid='TVW-0001')
    assert result['taskrouter_v1_workspace_sid'] == 'TVW-0001'

def test_fetch_workspace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "fetch_workspace",
                   re.escape("no taskrouter v1 workspace with id 'TVW-9999' (taskrouter v1 workspace ids look like 'TVW-0001')"),
                   taskrouter_v1_workspace_sid='TVW-9999')

def test_delete_workspace(state: DuckDBState) -> None:
    result = run(state, "delete_workspace", taskrouter_v1_workspace_sid='TVW-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM taskrouter_v1_workspaces WHERE taskrouter_v1_workspace_sid = ?", ['TVW-0001']) == 0

def test_delete_workspace_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_workspace",
                   re.escape("no taskrouter v1 workspace with id 'TVW-9999' (taskrouter v1 workspace ids look like 'TVW-0001')"),
                   taskrouter_v1_workspace_sid='TVW-9999')

def test_list_task(state: DuckDBState) -> None:
    result = run(state, "list_task")
    assert isinstance(result, list) and result
    rows = run(state, "list_task", priority=46)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['priority']).lower() == '46' for r in rows)
    rows = run(state, "list_task", workflow_sid='WWaE8A2BFbcFE8ee62fCC1beFaCd96F4ba')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['workflow_sid']).lower() == 'wwae8a2bfbcfe8ee62fcc1befacd96f4ba' for r in rows)
    rows = run(state, "list_task", task_queue_sid='WQ677d3C665cf8d5a7dcFEB69EDEd1dbBc')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['task_queue_sid']).lower() == 'wq677d3c665cf8d5a7dcfeb69eded1dbbc' for r in rows)

def test_list_task_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_task",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_fetch_task(state: DuckDBState) -> None:
    result = run(state, "fetch_task", taskrouter_v1_workspace_task_sid='TVWT-0001')
    assert result['taskrouter_v1_workspace_task_sid'] == 'TVWT-0001'

def test_fetch_task_refusals(state: DuckDBState) -> None:
    assert_refused(state, "fetch_task",
                   re.escape("no taskrouter v1 workspace task with id 'TVWT-9999' (taskrouter v1 workspace task ids look like 'TVWT-0001')"),
                   taskrouter_v1_workspace_task_sid='TVWT-9999')
    assert_refused(state, "fetch_task",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   taskrouter_v1_workspace_task_sid='TVWT-0001',
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_list_task_reservation(state: DuckDBState) -> None:
    result = run(state, "list_task_reservation")
    assert isinstance(result, list) and result
    rows = run(state, "list_task_reservation", task_sid='TVWT-0002')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['task_sid']).lower() == 'tvwt-0002' for r in rows)
    rows = run(state, "list_task_reservation", reservation_status='pending')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['reservation_status']).lower() == 'pending' for r in rows)
    rows = run(state, "list_task_reservation", worker_sid='WKDEAB2eD70FdeB44Ea7A45ae6de0FE111')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['worker_sid']).lower() == 'wkdeab2ed70fdeb44ea7a45ae6de0fe111' for r in rows)

def test_list_task_reservation_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_task_reservation",
                   re.escape("no taskrouter v1 workspace task with id 'TVWT-9999' (taskrouter v1 workspace task ids look like 'TVWT-0001')"),
                   task_sid='TVWT-9999')
    assert_refused(state, "list_task_reservation",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_fetch_task_reservation(state: DuckDBState) -> None:
    result = run(state, "fetch_task_reservation",
                 task_sid='TVWT-0004',
                 taskrouter_v1_workspace_task_task_reservation_sid='TVWTTR-0001')
    assert result['taskrouter_v1_workspace_task_task_reservation_sid'] == 'TVWTTR-0001'

def test_fetch_task_reservation_refusals(state: DuckDBState) -> None:
    assert_refused(state, "fetch_task_reservation",
                   re.escape("no taskrouter v1 workspace task with id 'TVWT-9999' (taskrouter v1 workspace task ids look like 'TVWT-0001')"),
                   task_sid='TVWT-9999', taskrouter_v1_workspace_task_task_reservation_sid='TVWTTR-0001')
    assert_refused(state, "fetch_task_reservation",
                   re.escape("no taskrouter v1 workspace task task reservation with id 'TVWTTR-9999' (taskrouter v1 workspace task task reservation ids look like 'TVWTTR-0001')"),
                   task_sid='TVWT-0004', taskrouter_v1_workspace_task_task_reservation_sid='TVWTTR-9999')
    assert_refused(state, "fetch_task_reservation",
                   re.escape('taskrouter v1 workspace task task reservation TVWTTR-0001 is not under taskrouter v1 workspace task TVWT-0001 (it belongs to taskrouter v1 workspace task TVWT-0004)'),
                   task_sid='TVWT-0001', taskrouter_v1_workspace_task_task_reservation_sid='TVWTTR-0001')
    assert_refused(state, "fetch_task_reservation",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   task_sid='TVWT-0004', taskrouter_v1_workspace_task_task_reservation_sid='TVWTTR-0001',
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_list_worker(state: DuckDBState) -> None:
    result = run(state, "list_worker")
    assert isinstance(result, list) and result
    rows = run(state, "list_worker", activity_name='International Site')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['activity_name']).lower() == 'international site' for r in rows)
    rows = run(state, "list_worker", activity_sid='WA1bD9513C7F27bA023E2bd5b5B24E3CeA')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['activity_sid']).lower() == 'wa1bd9513c7f27ba023e2bd5b5b24e3cea' for r in rows)
    rows = run(state, "list_worker", available=True)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['available']).lower() == 'true' for r in rows)
    rows = run(state, "list_worker", friendly_name='Traditional Figure')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['friendly_name']).lower() == 'traditional figure' for r in rows)

def test_list_worker_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_worker",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_create_worker(state: DuckDBState) -> None:
    result = run(state, "create_worker",
                 activity_sid='WAba52D7155e8AE3e8BEF009eAaC306b6e',
                 attributes='{}',
                 friendly_name='Of Sound')
    assert result['taskrouter_v1_workspace_worker_sid'] == 'TVWW-0010'
    assert state.db.scalar("SELECT count(*) FROM taskrouter_v1_workspace_workers WHERE taskrouter_v1_workspace_worker_sid = ?", ['TVWW-0010']) == 1

def test_create_worker_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_worker",
                   re.escape('activity_sid must have 34 to 34 characters, got 35'),
                   activity_sid='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', attributes='{}', friendly_name='Of Sound')
    assert_refused(state, "create_worker",
                   re.escape('activity_sid must have 34 to 34 characters, got 0'),
                   activity_sid='', attributes='{}', friendly_name='Of Sound')
    assert_refused(state, "create_worker",
                   re.escape("activity_sid '??????????????????????????????????' does not match the pattern ^WA[0-9a-fA-F]{32}$"),
                   activity_sid='??????????????????????????????????', attributes='{}', friendly_name='Of Sound')
    assert_refused(state, "create_worker",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   activity_sid='WAba52D7155e8AE3e8BEF009eAaC306b6e', attributes='{}', friendly_name='Of Sound',
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_fetch_worker(state: DuckDBState) -> None:
    result = run(state, "fetch_worker", taskrouter_v1_workspace_worker_sid='TVWW-0001')
    assert result['taskrouter_v1_workspace_worker_sid'] == 'TVWW-0001'

def test_fetch_worker_refusals(state: DuckDBState) -> None:
    assert_refused(state, "fetch_worker",
                   re.escape("no taskrouter v1 workspace worker with id 'TVWW-9999' (taskrouter v1 workspace worker ids look like 'TVWW-0001')"),
                   taskrouter_v1_workspace_worker_sid='TVWW-9999')
    assert_refused(state, "fetch_worker",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   taskrouter_v1_workspace_worker_sid='TVWW-0001',
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_list_worker_channel(state: DuckDBState) -> None:
    result = run(state, "list_worker_channel")
    assert isinstance(result, list) and result
    rows = run(state, "list_worker_channel", worker_sid='TVWW-0001')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['worker_sid']).lower() == 'tvww-0001' for r in rows)

def test_list_worker_channel_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_worker_channel",
                   re.escape("no taskrouter v1 workspace worker with id 'TVWW-9999' (taskrouter v1 workspace worker ids look like 'TVWW-0001')"),
                   worker_sid='TVWW-9999')
    assert_refused(state, "list_worker_channel",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_list_worker_reservation(state: DuckDBState) -> None:
    result = run(state, "list_worker_reservation")
    assert isinstance(result, list) and result
    rows = run(state, "list_worker_reservation", worker_sid='TVWW-0006')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['worker_sid']).lower() == 'tvww-0006' for r in rows)
    rows = run(state, "list_worker_reservation", reservation_status='pending')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['reservation_status']).lower() == 'pending' for r in rows)

def test_list_worker_reservation_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_worker_reservation",
                   re.escape("no taskrouter v1 workspace worker with id 'TVWW-9999' (taskrouter v1 workspace worker ids look like 'TVWW-0001')"),
                   worker_sid='TVWW-9999')
    assert_refused(state, "list_worker_reservation",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_list_workflow(state: DuckDBState) -> None:
    result = run(state, "list_workflow")
    assert isinstance(result, list) and result
    rows = run(state, "list_workflow", friendly_name='2014 Election Campaign')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['friendly_name']).lower() == '2014 election campaign' for r in rows)

def test_list_workflow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_workflow",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_fetch_workflow(state: DuckDBState) -> None:
    result = run(state, "fetch_workflow", taskrouter_v1_workspace_workflow_sid='TVWW-0001')
    assert result['taskrouter_v1_workspace_workflow_sid'] == 'TVWW-0001'

def test_fetch_workflow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "fetch_workflow",
                   re.escape("no taskrouter v1 workspace workflow with id 'TVWW-9999' (taskrouter v1 workspace workflow ids look like 'TVWW-0001')"),
                   taskrouter_v1_workspace_workflow_sid='TVWW-9999')
    assert_refused(state, "fetch_workflow",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   taskrouter_v1_workspace_workflow_sid='TVWW-0001',
                   workspace_sid='other-WS12345678901234567890123456789012')

def test_delete_workflow(state: DuckDBState) -> None:
    result = run(state, "delete_workflow", taskrouter_v1_workspace_workflow_sid='TVWW-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM taskrouter_v1_workspace_workflows WHERE taskrouter_v1_workspace_workflow_sid = ?", ['TVWW-0001']) == 0

def test_delete_workflow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_workflow",
                   re.escape("no taskrouter v1 workspace workflow with id 'TVWW-9999' (taskrouter v1 workspace workflow ids look like 'TVWW-0001')"),
                   taskrouter_v1_workspace_workflow_sid='TVWW-9999')
    assert_refused(state, "delete_workflow",
                   re.escape("workspace_sid 'other-WS12345678901234567890123456789012' is not this deployment's: it has only 'WS12345678901234567890123456789012' (or leave workspace_sid out)"),
                   taskrouter_v1_workspace_workflow_sid='TVWW-0001',
                   workspace_sid='other-WS12345678901234567890123456789012')
