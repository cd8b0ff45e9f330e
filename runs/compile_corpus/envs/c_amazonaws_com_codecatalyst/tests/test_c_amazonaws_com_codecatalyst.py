"""The c_amazonaws_com_codecatalyst environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 9


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_list_dev_environments(state: DuckDBState) -> None:
    result = run(state, "list_dev_environments")
    assert isinstance(result, list) and result
    rows = run(state, "list_dev_environments", space_name='S-0033')
    assert rows and all(str(r['space_name']).lower() == 's-0033' for r in rows)
    rows = run(state, "list_dev_environments", project_name='S-0025')
    assert rows and all(str(r['project_name']).lower() == 's-0025' for r in rows)

def test_list_dev_environments_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_dev_environments",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999')

def test_list_projects(state: DuckDBState) -> None:
    result = run(state, "list_projects")
    assert isinstance(result, list) and result
    rows = run(state, "list_projects", space_name='S-0036')
    assert rows and all(str(r['space_name']).lower() == 's-0036' for r in rows)

def test_list_projects_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_projects",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999')

def test_get_source_repository(state: DuckDBState) -> None:
    result = run(state, "get_source_repository", name='SR-0001')
    assert result['name'] == 'SR-0001'

def test_get_source_repository_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_source_repository",
                   re.escape("no source repository with id 'SR-9999' (source repository ids look like 'SR-0001')"),
                   name='SR-9999')

def test_create_source_repository(state: DuckDBState) -> None:
    result = run(state, "create_source_repository",
                 space_name='S-0025',
                 project_name='S-0027',
                 name='SR-0001',
                 description='Significant his himself clearly very')
    assert result['space_name'] == 'S-0025'
    assert result['project_name'] == 'S-0027'
    assert result['description'] == 'Significant his himself clearly very'

def test_create_source_repository_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_source_repository",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999', project_name='S-0027', name='SR-0001',
                   description='Significant his himself clearly very')
    assert_refused(state, "create_source_repository",
                   re.escape("no source repository with id 'SR-9999' (source repository ids look like 'SR-0001')"),
                   space_name='S-0025', project_name='S-0027', name='SR-9999',
                   description='Significant his himself clearly very')
    assert_refused(state, "create_source_repository",
                   re.escape('description must have 1 to 255 characters, got 256'),
                   space_name='S-0025', project_name='S-0027', name='SR-0001',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    assert_refused(state, "create_source_repository",
                   re.escape('description must have 1 to 255 characters, got 0'),
                   space_name='S-0025', project_name='S-0027', name='SR-0001', description='')
    assert_refused(state, "create_source_repository",
                   re.escape('create source repository needs at least one of space name, project name or description'),
                   name='SR-0001')

def test_delete_source_repository(state: DuckDBState) -> None:
    result = run(state, "delete_source_repository", space_name='S-0003', project_name='S-0017', name='SR-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM source_repositories WHERE name = ?", ['SR-0001']) == 0

def test_delete_source_repository_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_source_repository",
                   re.escape("no source repository with id 'SR-9999' (source repository ids look like 'SR-0001')"),
                   space_name='S-0003', project_name='S-0017', name='SR-9999')

def test_get_dev_environment(state: DuckDBState) -> None:
    result = run(state, "get_dev_environment", id='DE-0001')
    assert result['id'] == 'DE-0001'

def test_get_dev_environment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_dev_environment",
                   re.escape("no dev environment with id 'DE-9999' (dev environment ids look like 'DE-0001')"),
                   id='DE-9999')

def test_delete_dev_environment(state: DuckDBState) -> None:
    result = run(state, "delete_dev_environment", space_name='S-0002', project_name='S-0023', id='DE-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM dev_environments WHERE id = ?", ['DE-0001']) == 0

def test_delete_dev_environment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_dev_environment",
                   re.escape("no dev environment with id 'DE-9999' (dev environment ids look like 'DE-0001')"),
                   space_name='S-0002', project_name='S-0023', id='DE-9999')

def test_get_project(state: DuckDBState) -> None:
    result = run(state, "get_project", name='P-0001')
    assert result['name'] == 'P-0001'

def test_get_project_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_project",
                   re.escape("no project with id 'P-9999' (project ids look like 'P-0001')"),
                   name='P-9999')

def test_update_project(state: DuckDBState) -> None:
    result = run(state, "update_project", space_name='S-0023', name='P-0001', description='X-3446')
    assert result['space_name'] == 'S-0023'
    assert result['description'] == 'X-3446'

def test_update_project_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_project",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999', name='P-0001', description='X-3446')
    assert_refused(state, "update_project",
                   re.escape("no project with id 'P-9999' (project ids look like 'P-0001')"),
                   space_name='S-0023', name='P-9999', description='X-3446')
    assert_refused(state, "update_project",
                   re.escape('description must have 0 to 200 characters, got 201'),
                   space_name='S-0023', name='P-0001',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    assert_refused(state, "update_project",
                   re.escape("description '?' does not match the pattern [a-zA-Z0-9]+(?:[-_a-zA-Z0-9.,;:/\\+=?&$%    ])*"),
                   space_name='S-0023', name='P-0001', description='?')
    assert_refused(state, "update_project",
                   re.escape('update project needs at least one of space name or description'),
                   name='P-0001')

def test_delete_project(state: DuckDBState) -> None:
    result = run(state, "delete_project", space_name='S-0012', name='P-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM projects WHERE name = ?", ['P-0001']) == 0

def test_delete_project_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_project",
                   re.escape("no project with id 'P-9999' (project ids look like 'P-0001')"),
                   space_name='S-0012', name='P-9999')

def test_get_space(state: DuckDBState) -> None:
    result = run(state, "get_space", name='S-0001')
    assert result['name'] == 'S-0001'

def test_get_space_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_space",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   name='S-9999')

def test_update_space(state: DuckDBState) -> None:
    result = run(state, "update_space", name='S-0001', description='X-4970')
    assert result['description'] == 'X-4970'

def test_update_space_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_space",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   name='S-9999', description='X-4970')
    assert_refused(state, "update_space",
                   re.escape('description must have 0 to 200 characters, got 201'),
                   name='S-0001',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    assert_refused(state, "update_space",
                   re.escape("description '?' does not match the pattern [a-zA-Z0-9]+(?:[-_a-zA-Z0-9.,;:/\\+=?&$%    ])*"),
                   name='S-0001', description='?')
    assert_refused(state, "update_space",
                   re.escape('update space needs at least one of description'),
                   name='S-0001')

def test_get_source_repository_clone_urls(state: DuckDBState) -> None:
    result = run(state, "get_source_repository_clone_urls")
    assert isinstance(result, list) and result
    rows = run(state, "get_source_repository_clone_urls", space_name='S-0002')
    assert rows and all(str(r['space_name']).lower() == 's-0002' for r in rows)
    rows = run(state, "get_source_repository_clone_urls", project_name='S-0011')
    assert rows and all(str(r['project_name']).lower() == 's-0011' for r in rows)
    rows = run(state, "get_source_repository_clone_urls", name='SR-0021')
    assert rows and all(str(r['name']).lower() == 'sr-0021' for r in rows)

def test_get_source_repository_clone_urls_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_source_repository_clone_urls",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999')

def test_get_subscription(state: DuckDBState) -> None:
    result = run(state, "get_subscription")
    assert isinstance(result, list) and result
    rows = run(state, "get_subscription", name='S-0021')
    assert rows and all(str(r['name']).lower() == 's-0021' for r in rows)

def test_list_spaces(state: DuckDBState) -> None:
    result = run(state, "list_spaces")
    assert isinstance(result, list) and result

def test_start_dev_environment(state: DuckDBState) -> None:
    result = run(state, "start_dev_environment", space_name='S-0001', project_name='S-0015', id='SDE-0001')
    assert result['space_name'] == 'S-0001'
    assert result['project_name'] == 'S-0015'

def test_start_dev_environment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "start_dev_environment",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999', project_name='S-0015', id='SDE-0001')
    assert_refused(state, "start_dev_environment",
                   re.escape("no start dev environment with id 'SDE-9999' (start dev environment ids look like 'SDE-0001')"),
                   space_name='S-0001', project_name='S-0015', id='SDE-9999')
    assert_refused(state, "start_dev_environment",
                   re.escape('start dev environment needs at least one of space name or project name'),
                   id='SDE-0001')

def test_start_dev_environment_session(state: DuckDBState) -> None:
    result = run(state, "start_dev_environment_session", space_name='S-0024', project_name='S-0005', id='SDES-0001')
    assert result['space_name'] == 'S-0024'
    assert result['project_name'] == 'S-0005'

def test_start_dev_environment_session_refusals(state: DuckDBState) -> None:
    assert_refused(state, "start_dev_environment_session",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999', project_name='S-0005', id='SDES-0001')
    assert_refused(state, "start_dev_environment_session",
                   re.escape("no start dev environment session with id 'SDES-9999' (start dev environment session ids look like 'SDES-0001')"),
                   space_name='S-0024', project_name='S-0005', id='SDES-9999')
    assert_refused(state, "start_dev_environment_session",
                   re.escape('start dev environment session needs at least one of space name or project name'),
                   id='SDES-0001')

def test_stop_dev_environment(state: DuckDBState) -> None:
    result = run(state, "stop_dev_environment", space_name='S-0039', project_name='S-0010', id='SDE-0001')
    assert result['space_name'] == 'S-0039'
    assert result['project_name'] == 'S-0010'

def test_stop_dev_environment_refusals(state: DuckDBState) -> None:
    assert_refused(state, "stop_dev_environment",
                   re.escape("no space with id 'S-9999' (space ids look like 'S-0001')"),
                   space_name='S-9999', project_name='S-0010', id='SDE-0001')
    assert_refused(state, "stop_dev_environment",
                   re.escape("no stop dev environment with id 'SDE-9999' (stop dev environment ids look like 'SDE-0001')"),
                   space_name='S-0039', project_name='S-0010', id='SDE-9999')
    assert_refused(state, "stop_dev_environment",
                   re.escape('stop dev environment needs at least one of space name or project name'),
                   id='SDE-0001')

def test_stop_dev_environment_session(state: DuckDBState) -> None:
    result = run(state, "stop_dev_environment_session",
                 space_name='S-0014',
                 project_name='S-0001',
                 id='SDES-0001',
                 session_id='S-9202')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM stop_dev_environment_sessions WHERE id = ?", ['SDES-0001']) == 0

def test_stop_dev_environment_session_refusals(state: DuckDBState) -> None:
    assert_refused(state, "stop_dev_environment_session",
                   re.escape("no stop dev environment session with id 'SDES-9999' (stop dev environment session ids look like 'SDES-0001')"),
                   space_name='S-0014', project_name='S-0001', id='SDES-9999', session_id='S-9202')

def test_verify_session(state: DuckDBState) -> None:
    result = run(state, "verify_session")
    assert isinstance(result, list) and result
