"""The google_tasks environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 4


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_tasks_tasks_list(state: DuckDBState) -> None:
    result = run(state, "tasks_tasks_list")
    assert isinstance(result, list) and result
    rows = run(state, "tasks_tasks_list", tasklist='TL-0008')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tasklist']).lower() == 'tl-0008' for r in rows)

def test_tasks_tasks_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasks_list",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   tasklist='TL-9999')

def test_tasks_tasks_insert(state: DuckDBState) -> None:
    result = run(state, "tasks_tasks_insert",
                 tasklist='TL-0014',
                 parent='Do Away',
                 completed='2026-03-02T09:00:00',
                 deleted=True,
                 due='Call Include',
                 etag='5d6f95ccb10a4e77ff64f879f00f00b5',
                 hidden=True,
                 kind='tasks#task',
                 links='[]',
                 notes='Already against which continue',
                 position='Radio Fish',
                 self_link='http://acosta.com/',
                 status='needsAction',
                 title='Off Large Pressure',
                 updated='2026-03-02T09:00:00')
    assert result['task_id'] == 'T-0041'
    assert state.db.scalar("SELECT count(*) FROM tasks WHERE task_id = ?", ['T-0041']) == 1

def test_tasks_tasks_insert_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasks_insert",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   tasklist='TL-9999', parent='Do Away', completed='2026-03-02T09:00:00', deleted=True,
                   due='Call Include', etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task',
                   links='[]', notes='Already against which continue', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasks_insert",
                   re.escape("completed 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   tasklist='TL-0014', parent='Do Away', completed='someday', deleted=True, due='Call Include',
                   etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task', links='[]',
                   notes='Already against which continue', position='Radio Fish', self_link='http://acosta.com/',
                   status='needsAction', title='Off Large Pressure', updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasks_insert",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   tasklist='TL-0014', parent='Do Away', completed='2026-03-02T09:00:00', deleted=True,
                   due='Call Include', etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task',
                   links='[]', notes='Already against which continue', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='someday')

def test_tasks_tasks_get(state: DuckDBState) -> None:
    result = run(state, "tasks_tasks_get", tasklist='TL-0009', task_id='T-0001')
    assert result['task_id'] == 'T-0001'

def test_tasks_tasks_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasks_get",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   tasklist='TL-9999', task_id='T-0001')
    assert_refused(state, "tasks_tasks_get",
                   re.escape("no task with id 'T-9999' (task ids look like 'T-0001')"),
                   tasklist='TL-0009', task_id='T-9999')
    assert_refused(state, "tasks_tasks_get",
                   re.escape('task T-0001 is not under task list TL-0001 (it belongs to task list TL-0009)'),
                   tasklist='TL-0001', task_id='T-0001')

def test_tasks_tasks_patch(state: DuckDBState) -> None:
    result = run(state, "tasks_tasks_patch",
                 tasklist='TL-0009',
                 task_id='T-0001',
                 completed='2026-03-02T09:00:00',
                 deleted=True,
                 due='Call Include',
                 etag='5d6f95ccb10a4e77ff64f879f00f00b5',
                 hidden=True,
                 kind='tasks#task',
                 links='[]',
                 notes='Already against which continue',
                 parent='Do Away',
                 position='Radio Fish',
                 self_link='http://acosta.com/',
                 status='needsAction',
                 title='Off Large Pressure',
                 updated='2026-03-02T09:00:00')
    assert result['tasklist'] == 'TL-0009'
    assert result['completed'] == '2026-03-02T09:00:00'
    assert result['deleted'] == True
    assert result['due'] == 'Call Include'
    assert result['etag'] == '5d6f95ccb10a4e77ff64f879f00f00b5'
    assert result['hidden'] == True
    assert result['kind'] == 'tasks#task'
    assert result['links'] == '[]'
    assert result['notes'] == 'Already against which continue'
    assert result['parent'] == 'Do Away'
    assert result['position'] == 'Radio Fish'
    assert result['self_link'] == 'http://acosta.com/'
    assert result['status'] == 'needsAction'
    assert result['title'] == 'Off Large Pressure'
    assert result['updated'] == '2026-03-02T09:00:00'

def test_tasks_tasks_patch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasks_patch",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   tasklist='TL-9999', task_id='T-0001', completed='2026-03-02T09:00:00', deleted=True,
                   due='Call Include', etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task',
                   links='[]', notes='Already against which continue', parent='Do Away', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasks_patch",
                   re.escape("no task with id 'T-9999' (task ids look like 'T-0001')"),
                   tasklist='TL-0009', task_id='T-9999', completed='2026-03-02T09:00:00', deleted=True,
                   due='Call Include', etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task',
                   links='[]', notes='Already against which continue', parent='Do Away', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasks_patch",
                   re.escape("completed 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   tasklist='TL-0009', task_id='T-0001', completed='someday', deleted=True, due='Call Include',
                   etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task', links='[]',
                   notes='Already against which continue', parent='Do Away', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasks_patch",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   tasklist='TL-0009', task_id='T-0001', completed='2026-03-02T09:00:00', deleted=True,
                   due='Call Include', etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task',
                   links='[]', notes='Already against which continue', parent='Do Away', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='someday')
    assert_refused(state, "tasks_tasks_patch",
                   re.escape('task T-0001 is not under task list TL-0001 (it belongs to task list TL-0009)'),
                   tasklist='TL-0001', task_id='T-0001', completed='2026-03-02T09:00:00', deleted=True,
                   due='Call Include', etag='5d6f95ccb10a4e77ff64f879f00f00b5', hidden=True, kind='tasks#task',
                   links='[]', notes='Already against which continue', parent='Do Away', position='Radio Fish',
                   self_link='http://acosta.com/', status='needsAction', title='Off Large Pressure',
                   updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasks_patch",
                   re.escape('tasks tasks patch needs at least one of completed, deleted, due, etag, hidden, kind, links, notes, parent, position, self link, status, title or updated'),
                   tasklist='TL-0009', task_id='T-0001')

def test_tasks_tasks_delete(state: DuckDBState) -> None:
    result = run(state, "tasks_tasks_delete", tasklist='TL-0009', task_id='T-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM tasks WHERE task_id = ?", ['T-0001']) == 0

def test_tasks_tasks_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasks_delete",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   tasklist='TL-9999', task_id='T-0001')
    assert_refused(state, "tasks_tasks_delete",
                   re.escape("no task with id 'T-9999' (task ids look like 'T-0001')"),
                   tasklist='TL-0009', task_id='T-9999')
    assert_refused(state, "tasks_tasks_delete",
                   re.escape('task T-0001 is not under task list TL-0001 (it belongs to task list TL-0009)'),
                   tasklist='TL-0001', task_id='T-0001')

def test_tasks_tasklists_list(state: DuckDBState) -> None:
    result = run(state, "tasks_tasklists_list")
    assert isinstance(result, list) and result

def test_tasks_tasklists_insert(state: DuckDBState) -> None:
    result = run(state, "tasks_tasklists_insert",
                 etag='f112d652ecf13dacd9c78c11e1e7f987',
                 kind='tasks#taskList',
                 self_link='https://faulkner-howard.com/',
                 title='Son Voice Kitchen',
                 updated='2026-03-02T09:00:00')
    assert result['task_list_id'] == 'TL-0016'
    assert state.db.scalar("SELECT count(*) FROM task_lists WHERE task_list_id = ?", ['TL-0016']) == 1

def test_tasks_tasklists_insert_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasklists_insert",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   etag='f112d652ecf13dacd9c78c11e1e7f987', kind='tasks#taskList',
                   self_link='https://faulkner-howard.com/', title='Son Voice Kitchen', updated='someday')

def test_tasks_tasklists_get(state: DuckDBState) -> None:
    result = run(state, "tasks_tasklists_get", task_list_id='TL-0001')
    assert result['task_list_id'] == 'TL-0001'

def test_tasks_tasklists_get_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasklists_get",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   task_list_id='TL-9999')

def test_tasks_tasklists_patch(state: DuckDBState) -> None:
    result = run(state, "tasks_tasklists_patch",
                 task_list_id='TL-0001',
                 etag='f112d652ecf13dacd9c78c11e1e7f987',
                 kind='tasks#taskList',
                 self_link='https://faulkner-howard.com/',
                 title='Son Voice Kitchen',
                 updated='2026-03-02T09:00:00')
    assert result['etag'] == 'f112d652ecf13dacd9c78c11e1e7f987'
    assert result['kind'] == 'tasks#taskList'
    assert result['self_link'] == 'https://faulkner-howard.com/'
    assert result['title'] == 'Son Voice Kitchen'
    assert result['updated'] == '2026-03-02T09:00:00'

def test_tasks_tasklists_patch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tasks_tasklists_patch",
                   re.escape("no task list with id 'TL-9999' (task list ids look like 'TL-0001')"),
                   task_list_id='TL-9999', etag='f112d652ecf13dacd9c78c11e1e7f987', kind='tasks#taskList',
                   self_link='https://faulkner-howard.com/', title='Son Voice Kitchen',
                   updated='2026-03-02T09:00:00')
    assert_refused(state, "tasks_tasklists_patch",
                   re.escape("updated 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   task_list_id='TL-0001', etag='f112d652ecf13dacd9c78c11e1e7f987', kind='tasks#taskList',
                   self_link='https://faulkner-howard.com/', title='Son Voice Kitchen', updated='someday')
    assert_refused(state, "tasks_tasklists_patch",
                   re.escape('tasks tasklists patch needs at least one of etag, kind, self link, title or updated'),
                   task_list_id='TL-0001')
