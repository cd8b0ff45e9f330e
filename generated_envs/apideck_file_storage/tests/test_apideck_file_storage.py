"""The apideck_file_storage environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 5


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_drive_groups_all(state: DuckDBState) -> None:
    result = run(state, "drive_groups_all")
    assert isinstance(result, list) and result

def test_drive_groups_add(state: DuckDBState) -> None:
    result = run(state, "drive_groups_add",
                 custom_mappings='[]',
                 description='Sign third in approach recent',
                 display_name='Mariah Payne',
                 name='Jessica Gibson')
    assert result['drive_group_id'] == '12385'
    assert state.db.scalar("SELECT count(*) FROM drive_groups WHERE drive_group_id = ?", ['12385']) == 1

def test_drive_groups_one(state: DuckDBState) -> None:
    result = run(state, "drive_groups_one", drive_group_id='12345')
    assert result['drive_group_id'] == '12345'

def test_drive_groups_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "drive_groups_one",
                   re.escape("no drive group with id '99999' (drive group ids look like '12345')"),
                   drive_group_id='99999')

def test_drive_groups_update(state: DuckDBState) -> None:
    result = run(state, "drive_groups_update",
                 drive_group_id='12345',
                 custom_mappings='[]',
                 description='Sign third in approach recent',
                 display_name='Mariah Payne',
                 name='Jessica Gibson')
    assert result['custom_mappings'] == '[]'
    assert result['description'] == 'Sign third in approach recent'
    assert result['display_name'] == 'Mariah Payne'
    assert result['name'] == 'Jessica Gibson'

def test_drive_groups_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "drive_groups_update",
                   re.escape("no drive group with id '99999' (drive group ids look like '12345')"),
                   drive_group_id='99999', custom_mappings='[]', description='Sign third in approach recent',
                   display_name='Mariah Payne', name='Jessica Gibson')
    assert_refused(state, "drive_groups_update",
                   re.escape('drive groups update needs at least one of custom mappings, description, display name or name'),
                   drive_group_id='12345')

def test_drive_groups_delete(state: DuckDBState) -> None:
    result = run(state, "drive_groups_delete", drive_group_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM drive_groups WHERE drive_group_id = ?", ['12345']) == 0

def test_drive_groups_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "drive_groups_delete",
                   re.escape("no drive group with id '99999' (drive group ids look like '12345')"),
                   drive_group_id='99999')

def test_drives_all(state: DuckDBState) -> None:
    result = run(state, "drives_all")
    assert isinstance(result, list) and result

def test_drives_add(state: DuckDBState) -> None:
    result = run(state, "drives_add",
                 custom_mappings='[]',
                 description='Nearly scientist central instead PM',
                 name='Jeremy Wood')
    assert result['drive_id'] == '12357'
    assert state.db.scalar("SELECT count(*) FROM drives WHERE drive_id = ?", ['12357']) == 1

def test_drives_one(state: DuckDBState) -> None:
    result = run(state, "drives_one", drive_id='12345')
    assert result['drive_id'] == '12345'

def test_drives_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "drives_one",
                   re.escape("no drive with id '99999' (drive ids look like '12345')"),
                   drive_id='99999')

def test_drives_update(state: DuckDBState) -> None:
    result = run(state, "drives_update",
                 drive_id='12345',
                 custom_mappings='[]',
                 description='Nearly scientist central instead PM',
                 name='Jeremy Wood')
    assert result['custom_mappings'] == '[]'
    assert result['description'] == 'Nearly scientist central instead PM'
    assert result['name'] == 'Jeremy Wood'

def test_drives_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "drives_update",
                   re.escape("no drive with id '99999' (drive ids look like '12345')"),
                   drive_id='99999', custom_mappings='[]', description='Nearly scientist central instead PM',
                   name='Jeremy Wood')
    assert_refused(state, "drives_update",
                   re.escape('drives update needs at least one of custom mappings, description or name'),
                   drive_id='12345')

def test_drives_delete(state: DuckDBState) -> None:
    result = run(state, "drives_delete", drive_id='12347')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM drives WHERE drive_id = ?", ['12347']) == 0

def test_drives_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "drives_delete",
                   re.escape("no drive with id '99999' (drive ids look like '12345')"),
                   drive_id='99999')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12345 is still referred to by 1 file row(s)'),
                   drive_id='12345')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12346 is still referred to by 2 file row(s)'),
                   drive_id='12346')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12348 is still referred to by 1 file row(s)'),
                   drive_id='12348')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12349 is still referred to by 3 file row(s)'),
                   drive_id='12349')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12350 is still referred to by 1 file row(s)'),
                   drive_id='12350')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12352 is still referred to by 3 file row(s)'),
                   drive_id='12352')
    assert_refused(state, "drives_delete",
                   re.escape('drive 12353 is still referred to by 1 file row(s)'),
                   drive_id='12353')

def test_files_all(state: DuckDBState) -> None:
    result = run(state, "files_all")
    assert isinstance(result, list) and result

def test_files_search(state: DuckDBState) -> None:
    result = run(state, "files_search")
    assert isinstance(result, list) and result

def test_files_one(state: DuckDBState) -> None:
    result = run(state, "files_one", unified_file_id='12345')
    assert result['unified_file_id'] == '12345'

def test_files_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "files_one",
                   re.escape("no unified file with id '99999' (unified file ids look like '12345')"),
                   unified_file_id='99999')

def test_files_update(state: DuckDBState) -> None:
    result = run(state, "files_update",
                 file_name='F-0001',
                 description='Can effort bad measure star tell',
                 parent_folder_id='PF-3704')
    assert result['description'] == 'Can effort bad measure star tell'
    assert result['parent_folder_id'] == 'PF-3704'

def test_files_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "files_update",
                   re.escape("no file with id 'F-9999' (file ids look like 'F-0001')"),
                   file_name='F-9999', description='Can effort bad measure star tell', parent_folder_id='PF-3704')
    assert_refused(state, "files_update",
                   re.escape('files update needs at least one of description or parent folder id'),
                   file_name='F-0001')

def test_files_delete(state: DuckDBState) -> None:
    result = run(state, "files_delete", file_name='F-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM files WHERE file_name = ?", ['F-0001']) == 0

def test_files_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "files_delete",
                   re.escape("no file with id 'F-9999' (file ids look like 'F-0001')"),
                   file_name='F-9999')

def test_files_download(state: DuckDBState) -> None:
    result = run(state, "files_download")
    assert isinstance(result, list) and result
    rows = run(state, "files_download", file_name='F-0011')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['file_name']).lower() == 'f-0011' for r in rows)

def test_files_export(state: DuckDBState) -> None:
    result = run(state, "files_export")
    assert isinstance(result, list) and result
    rows = run(state, "files_export", file_name='F-0011')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['file_name']).lower() == 'f-0011' for r in rows)

def test_folders_add(state: DuckDBState) -> None:
    result = run(state, "folders_add", description='Else memory if', name='Elizabeth Woods')
    assert result['folder_id'] == '12385'
    assert state.db.scalar("SELECT count(*) FROM folders WHERE folder_id = ?", ['12385']) == 1
