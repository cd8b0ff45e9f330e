"""The google_android_management environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_androidmanagement_enterprises_list(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_list")
    assert isinstance(result, list) and result

def test_androidmanagement_enterprises_create(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_create",
                 app_auto_approval_enabled=True,
                 contact_info='[]',
                 enabled_notification_types='[]',
                 enterprise_display_name='Norma Fisher',
                 logo='[]',
                 primary_color=6,
                 pubsub_topic='Event Much Mention',
                 signin_details='{}',
                 terms_and_conditions='[]')
    assert result['enterprise_name'] == 'E-0011'
    assert state.db.scalar("SELECT count(*) FROM enterprises WHERE enterprise_name = ?", ['E-0011']) == 1

def test_androidmanagement_enterprises_web_apps_patch(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_web_apps_patch",
                 web_app_name='WA-0001',
                 display_mode='DISPLAY_MODE_UNSPECIFIED',
                 icons='[]',
                 start_url='http://www.moore.com/',
                 title='Picture Will Letter',
                 version_code='V-301397')
    assert result['display_mode'] == 'DISPLAY_MODE_UNSPECIFIED'
    assert result['icons'] == '[]'
    assert result['start_url'] == 'http://www.moore.com/'
    assert result['title'] == 'Picture Will Letter'
    assert result['version_code'] == 'V-301397'

def test_androidmanagement_enterprises_web_apps_patch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "androidmanagement_enterprises_web_apps_patch",
                   re.escape("no web app with id 'WA-9999' (web app ids look like 'WA-0001')"),
                   web_app_name='WA-9999', display_mode='DISPLAY_MODE_UNSPECIFIED', icons='[]',
                   start_url='http://www.moore.com/', title='Picture Will Letter', version_code='V-301397')
    assert_refused(state, "androidmanagement_enterprises_web_apps_patch",
                   re.escape('androidmanagement enterprises web apps patch needs at least one of display mode, icons, start url, title or version code'),
                   web_app_name='WA-0001')

def test_androidmanagement_enterprises_devices_list(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_devices_list")
    assert isinstance(result, list) and result

def test_androidmanagement_enterprises_enrollment_tokens_list(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_enrollment_tokens_list")
    assert isinstance(result, list) and result

def test_androidmanagement_enterprises_enrollment_tokens_create(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_enrollment_tokens_create",
                 additional_data='Type Movie',
                 allow_personal_usage='ALLOW_PERSONAL_USAGE_UNSPECIFIED',
                 duration='Ok Film',
                 expiration_timestamp='2026-03-02T09:00:00',
                 one_time_only=True,
                 policy_name='P-0004',
                 qr_code='QR-900148',
                 user='[]',
                 value='Worker Might')
    assert result['enrollment_token_name'] == 'ET-0010'
    assert state.db.scalar("SELECT count(*) FROM enrollment_tokens WHERE enrollment_token_name = ?", ['ET-0010']) == 1

def test_androidmanagement_enterprises_enrollment_tokens_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "androidmanagement_enterprises_enrollment_tokens_create",
                   re.escape("expiration_timestamp 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   additional_data='Type Movie', allow_personal_usage='ALLOW_PERSONAL_USAGE_UNSPECIFIED',
                   duration='Ok Film', expiration_timestamp='someday', one_time_only=True, policy_name='P-0004',
                   qr_code='QR-900148', user='[]', value='Worker Might')
    assert_refused(state, "androidmanagement_enterprises_enrollment_tokens_create",
                   re.escape("no policy with id 'P-9999' (policy ids look like 'P-0001')"),
                   additional_data='Type Movie', allow_personal_usage='ALLOW_PERSONAL_USAGE_UNSPECIFIED',
                   duration='Ok Film', expiration_timestamp='2026-03-02T09:00:00', one_time_only=True,
                   policy_name='P-9999', qr_code='QR-900148', user='[]', value='Worker Might')

def test_androidmanagement_enterprises_migration_tokens_list(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_migration_tokens_list")
    assert isinstance(result, list) and result

def test_androidmanagement_enterprises_migration_tokens_create(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_migration_tokens_create",
                 additional_data='Technology Painting',
                 device_id='D-0004',
                 expire_time='2026-03-14T08:00:00',
                 management_mode='MANAGEMENT_MODE_UNSPECIFIED',
                 policy='Would Nor',
                 ttl='Play Response',
                 user_id='U-2513')
    assert result['migration_token_name'] == 'MT-0009'
    assert state.db.scalar("SELECT count(*) FROM migration_tokens WHERE migration_token_name = ?", ['MT-0009']) == 1

def test_androidmanagement_enterprises_migration_tokens_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "androidmanagement_enterprises_migration_tokens_create",
                   re.escape("no device with id 'D-9999' (device ids look like 'D-0001')"),
                   additional_data='Technology Painting', device_id='D-9999', expire_time='2026-03-14T08:00:00',
                   management_mode='MANAGEMENT_MODE_UNSPECIFIED', policy='Would Nor', ttl='Play Response',
                   user_id='U-2513')

def test_androidmanagement_enterprises_policies_list(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_policies_list")
    assert isinstance(result, list) and result

def test_androidmanagement_enterprises_web_apps_list(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_web_apps_list")
    assert isinstance(result, list) and result

def test_androidmanagement_enterprises_web_apps_create(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_web_apps_create",
                 display_mode='DISPLAY_MODE_UNSPECIFIED',
                 icons='[]',
                 start_url='http://www.moore.com/',
                 title='Picture Will Letter',
                 version_code='V-301397')
    assert result['web_app_name'] == 'WA-0018'
    assert state.db.scalar("SELECT count(*) FROM web_apps WHERE web_app_name = ?", ['WA-0018']) == 1

def test_androidmanagement_enterprises_web_tokens_create(state: DuckDBState) -> None:
    result = run(state, "androidmanagement_enterprises_web_tokens_create",
                 enabled_features='[]',
                 parent_frame_url='https://hays-anderson.com/',
                 permissions='[]',
                 value='Mean Side')
    assert result['web_token_name'] == 'WT-0041'
    assert state.db.scalar("SELECT count(*) FROM web_tokens WHERE web_token_name = ?", ['WT-0041']) == 1
