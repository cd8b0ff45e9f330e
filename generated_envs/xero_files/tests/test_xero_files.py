"""The xero_files environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_files(state: DuckDBState) -> None:
    result = run(state, "get_files")
    assert isinstance(result, list) and result

def test_upload_file(state: DuckDBState) -> None:
    result = run(state, "upload_file",
                 body='6857c2be98a03b43b55193cc43cbf293039c8349',
                 filename='event.css',
                 mime_type='video/x-ms-wmv')
    assert result['file_name'] == 'F-0023'
    assert state.db.scalar("SELECT count(*) FROM files WHERE file_name = ?", ['F-0023']) == 1

def test_get_file(state: DuckDBState) -> None:
    result = run(state, "get_file", file_name='F-0001')
    assert result['file_name'] == 'F-0001'

def test_get_file_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_file",
                   re.escape("no file with id 'F-9999' (file ids look like 'F-0001')"),
                   file_name='F-9999')

def test_update_file(state: DuckDBState) -> None:
    result = run(state, "update_file", file_name='F-0001', mime_type='video/x-ms-wmv')
    assert result['mime_type'] == 'video/x-ms-wmv'

def test_update_file_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_file",
                   re.escape("no file with id 'F-9999' (file ids look like 'F-0001')"),
                   file_name='F-9999', mime_type='video/x-ms-wmv')
    assert_refused(state, "update_file",
                   re.escape('update file needs at least one of mime type'),
                   file_name='F-0001')

def test_delete_file(state: DuckDBState) -> None:
    result = run(state, "delete_file", file_name='F-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM files WHERE file_name = ?", ['F-0001']) == 0

def test_delete_file_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_file",
                   re.escape("no file with id 'F-9999' (file ids look like 'F-0001')"),
                   file_name='F-9999')

def test_get_file_content(state: DuckDBState) -> None:
    result = run(state, "get_file_content")
    assert isinstance(result, list) and result
    rows = run(state, "get_file_content", file_name='F-0012')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['file_name']).lower() == 'f-0012' for r in rows)

def test_get_folders(state: DuckDBState) -> None:
    result = run(state, "get_folders")
    assert isinstance(result, list) and result

def test_create_folder(state: DuckDBState) -> None:
    result = run(state, "create_folder",
                 email='gcabrera@example.org',
                 file_count=6,
                 is_inbox=True,
                 name='Colleen Montoya')
    assert result['folder_id'] == 'F-0025'
    assert state.db.scalar("SELECT count(*) FROM folders WHERE folder_id = ?", ['F-0025']) == 1

def test_get_folder(state: DuckDBState) -> None:
    result = run(state, "get_folder", folder_id='F-0001')
    assert result['folder_id'] == 'F-0001'

def test_get_folder_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_folder",
                   re.escape("no folder with id 'F-9999' (folder ids look like 'F-0001')"),
                   folder_id='F-9999')

def test_update_folder(state: DuckDBState) -> None:
    result = run(state, "update_folder",
                 folder_id='F-0001',
                 email='gcabrera@example.org',
                 file_count=6,
                 is_inbox=True,
                 name='Colleen Montoya')
    assert result['email'] == 'gcabrera@example.org'
    assert result['file_count'] == 6
    assert result['is_inbox'] == True
    assert result['name'] == 'Colleen Montoya'

def test_update_folder_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_folder",
                   re.escape("no folder with id 'F-9999' (folder ids look like 'F-0001')"),
                   folder_id='F-9999', email='gcabrera@example.org', file_count=6, is_inbox=True,
                   name='Colleen Montoya')
    assert_refused(state, "update_folder",
                   re.escape('update folder needs at least one of email, file count, is inbox or name'),
                   folder_id='F-0001')

def test_delete_folder(state: DuckDBState) -> None:
    result = run(state, "delete_folder", folder_id='F-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM folders WHERE folder_id = ?", ['F-0001']) == 0

def test_delete_folder_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_folder",
                   re.escape("no folder with id 'F-9999' (folder ids look like 'F-0001')"),
                   folder_id='F-9999')

def test_get_inbox(state: DuckDBState) -> None:
    result = run(state, "get_inbox")
    assert isinstance(result, list) and result
