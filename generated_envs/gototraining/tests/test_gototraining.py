"""The gototraining environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_all_trainings(state: DuckDBState) -> None:
    result = run(state, "get_all_trainings")
    assert isinstance(result, list) and result

def test_get_all_trainings_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_all_trainings",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   organizer_key=2)

def test_get_training(state: DuckDBState) -> None:
    result = run(state, "get_training", training_id='T-0001')
    assert result['training_id'] == 'T-0001'

def test_get_training_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_training",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_id='T-9999')
    assert_refused(state, "get_training",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   training_id='T-0001', organizer_key=2)

def test_cancel_training(state: DuckDBState) -> None:
    result = run(state, "cancel_training", training_id='T-0023')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM trainings WHERE training_id = ?", ['T-0023']) == 0

def test_cancel_training_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_training",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_id='T-9999')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0001 is still referred to by 1 session row(s)'),
                   training_id='T-0001')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0002 is still referred to by 2 recording row(s)'),
                   training_id='T-0002')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0003 is still referred to by 3 recording row(s)'),
                   training_id='T-0003')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0004 is still referred to by 1 recording row(s)'),
                   training_id='T-0004')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0005 is still referred to by 1 registrant row(s)'),
                   training_id='T-0005')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0006 is still referred to by 2 recording row(s)'),
                   training_id='T-0006')
    assert_refused(state, "cancel_training",
                   re.escape('training T-0007 is still referred to by 1 recording row(s)'),
                   training_id='T-0007')
    assert_refused(state, "cancel_training",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   training_id='T-0023', organizer_key=2)

def test_get_manage_training_url(state: DuckDBState) -> None:
    result = run(state, "get_manage_training_url")
    assert isinstance(result, list) and result
    rows = run(state, "get_manage_training_url", training_id='T-0020')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['training_id']).lower() == 't-0020' for r in rows)

def test_get_manage_training_url_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_manage_training_url",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   organizer_key=2)

def test_update_training_name_description(state: DuckDBState) -> None:
    result = run(state, "update_training_name_description",
                 training_id='T-0001',
                 description='Serious inside else memory if six',
                 name='John Silva')
    assert result['description'] == 'Serious inside else memory if six'
    assert result['name'] == 'John Silva'

def test_update_training_name_description_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_training_name_description",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_id='T-9999', description='Serious inside else memory if six', name='John Silva')
    assert_refused(state, "update_training_name_description",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   training_id='T-0001', description='Serious inside else memory if six', name='John Silva',
                   organizer_key=2)
    assert_refused(state, "update_training_name_description",
                   re.escape('update training name description needs at least one of description or name'),
                   training_id='T-0001')

def test_get_registrants(state: DuckDBState) -> None:
    result = run(state, "get_registrants")
    assert isinstance(result, list) and result
    rows = run(state, "get_registrants", training_key='T-0016')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['training_key']).lower() == 't-0016' for r in rows)

def test_get_registrants_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_registrants",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999')
    assert_refused(state, "get_registrants",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   organizer_key=2)

def test_register_for_training(state: DuckDBState) -> None:
    result = run(state, "register_for_training",
                 training_key='T-0025',
                 email='aguilarmichael@example.net',
                 given_name='David',
                 surname='Williams')
    assert result['registrant_key'] == 'R-0041'
    assert state.db.scalar("SELECT count(*) FROM registrants WHERE registrant_key = ?", ['R-0041']) == 1

def test_register_for_training_refusals(state: DuckDBState) -> None:
    assert_refused(state, "register_for_training",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999', email='aguilarmichael@example.net', given_name='David',
                   surname='Williams')
    assert_refused(state, "register_for_training",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   training_key='T-0025', email='aguilarmichael@example.net', given_name='David',
                   surname='Williams', organizer_key=2)

def test_get_registrant(state: DuckDBState) -> None:
    result = run(state, "get_registrant", training_key='T-0013', registrant_key='R-0001')
    assert result['registrant_key'] == 'R-0001'

def test_get_registrant_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_registrant",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999', registrant_key='R-0001')
    assert_refused(state, "get_registrant",
                   re.escape("no registrant with id 'R-9999' (registrant ids look like 'R-0001')"),
                   training_key='T-0013', registrant_key='R-9999')
    assert_refused(state, "get_registrant",
                   re.escape('registrant R-0001 is not under training T-0001 (it belongs to training T-0013)'),
                   training_key='T-0001', registrant_key='R-0001')
    assert_refused(state, "get_registrant",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   training_key='T-0013', registrant_key='R-0001', organizer_key=2)

def test_cancel_registration(state: DuckDBState) -> None:
    result = run(state, "cancel_registration", training_key='T-0013', registrant_key='R-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM registrants WHERE registrant_key = ?", ['R-0001']) == 0

def test_cancel_registration_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_registration",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999', registrant_key='R-0001')
    assert_refused(state, "cancel_registration",
                   re.escape("no registrant with id 'R-9999' (registrant ids look like 'R-0001')"),
                   training_key='T-0013', registrant_key='R-9999')
    assert_refused(state, "cancel_registration",
                   re.escape('registrant R-0001 is not under training T-0001 (it belongs to training T-0013)'),
                   training_key='T-0001', registrant_key='R-0001')
    assert_refused(state, "cancel_registration",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   training_key='T-0013', registrant_key='R-0001', organizer_key=2)

def test_get_start_url(state: DuckDBState) -> None:
    result = run(state, "get_start_url")
    assert isinstance(result, list) and result
    rows = run(state, "get_start_url", training_id='T-0020')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['training_id']).lower() == 't-0020' for r in rows)

def test_get_start_url_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_start_url",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   organizer_key=2)

def test_get_session_details_for_date_range(state: DuckDBState) -> None:
    result = run(state, "get_session_details_for_date_range")
    assert isinstance(result, list) and result

def test_get_session_details_for_date_range_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_session_details_for_date_range",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   organizer_key=2)

def test_get_session_details_for_training(state: DuckDBState) -> None:
    result = run(state, "get_session_details_for_training")
    assert isinstance(result, list) and result
    rows = run(state, "get_session_details_for_training", training_key='T-0014')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['training_key']).lower() == 't-0014' for r in rows)

def test_get_session_details_for_training_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_session_details_for_training",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999')
    assert_refused(state, "get_session_details_for_training",
                   re.escape("organizer_key 2 is not this deployment's: it has only 1 (or leave organizer_key out)"),
                   organizer_key=2)

def test_get_recordings_for_training(state: DuckDBState) -> None:
    result = run(state, "get_recordings_for_training")
    assert isinstance(result, list) and result
    rows = run(state, "get_recordings_for_training", training_key='T-0002')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['training_key']).lower() == 't-0002' for r in rows)

def test_get_recordings_for_training_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_recordings_for_training",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999')

def test_get_recording_download_by_id(state: DuckDBState) -> None:
    result = run(state, "get_recording_download_by_id", training_key='T-0037', recording_id=1)
    assert result['recording_id'] == 1

def test_get_recording_download_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_recording_download_by_id",
                   re.escape("no training with id 'T-9999' (training ids look like 'T-0001')"),
                   training_key='T-9999', recording_id=1)
    assert_refused(state, "get_recording_download_by_id",
                   re.escape('no recording with id 999999 (recording ids look like 1)'),
                   training_key='T-0037', recording_id=999999)
    assert_refused(state, "get_recording_download_by_id",
                   re.escape('recording 1 is not under training T-0001 (it belongs to training T-0037)'),
                   training_key='T-0001', recording_id=1)

def test_start_training(state: DuckDBState) -> None:
    result = run(state, "start_training")
    assert isinstance(result, list) and result
    rows = run(state, "start_training", training_id='T-0020')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['training_id']).lower() == 't-0020' for r in rows)
