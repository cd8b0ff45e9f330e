"""The signl4_alerting environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 7


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_categories_team_id(state: DuckDBState) -> None:
    result = run(state, "get_categories_team_id")
    assert isinstance(result, list) and result
    rows = run(state, "get_categories_team_id", category_id='C-0013')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['category_id']).lower() == 'c-0013' for r in rows)

def test_get_categories_team_id_category_id(state: DuckDBState) -> None:
    result = run(state, "get_categories_team_id_category_id", category_id='C-0001')
    assert result['category_id'] == 'C-0001'

def test_get_categories_team_id_category_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_categories_team_id_category_id",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999')

def test_put_categories_team_id_category_id(state: DuckDBState) -> None:
    result = run(state, "put_categories_team_id_category_id",
                 category_id='C-0001',
                 augmentations='{}',
                 color='OliveDrab',
                 image_name='Son Voice',
                 keyword_matching=0,
                 keywords='{}',
                 last_match='2026-03-02T09:00:00',
                 name='David Dixon',
                 options=0,
                 order_=6)
    assert result['augmentations'] == '{}'
    assert result['color'] == 'OliveDrab'
    assert result['image_name'] == 'Son Voice'
    assert result['keyword_matching'] == 0
    assert result['keywords'] == '{}'
    assert result['last_match'] == '2026-03-02T09:00:00'
    assert result['name'] == 'David Dixon'
    assert result['options'] == 0
    assert result['order_'] == 6

def test_put_categories_team_id_category_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_categories_team_id_category_id",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999', augmentations='{}', color='OliveDrab', image_name='Son Voice',
                   keyword_matching=0, keywords='{}', last_match='2026-03-02T09:00:00', name='David Dixon',
                   options=0, order_=6)
    assert_refused(state, "put_categories_team_id_category_id",
                   re.escape("last_match 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   category_id='C-0001', augmentations='{}', color='OliveDrab', image_name='Son Voice',
                   keyword_matching=0, keywords='{}', last_match='someday', name='David Dixon', options=0, order_=6)
    assert_refused(state, "put_categories_team_id_category_id",
                   re.escape('put categories team id category id needs at least one of augmentations, color, image name, keyword matching, keywords, last match, name, options or order '),
                   category_id='C-0001')

def test_delete_categories_team_id_category_id(state: DuckDBState) -> None:
    result = run(state, "delete_categories_team_id_category_id", category_id='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM categories WHERE category_id = ?", ['C-0001']) == 0

def test_delete_categories_team_id_category_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_categories_team_id_category_id",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999')

def test_get_scripts_instances(state: DuckDBState) -> None:
    result = run(state, "get_scripts_instances")
    assert isinstance(result, list) and result
    rows = run(state, "get_scripts_instances", team_id='T-0019')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['team_id']).lower() == 't-0019' for r in rows)

def test_get_scripts_instances_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_scripts_instances",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999')

def test_post_scripts_instances(state: DuckDBState) -> None:
    result = run(state, "post_scripts_instances",
                 config='Company Like',
                 custom_script_description='Traditional page a although for study anyone',
                 custom_script_name='Attack Event',
                 enabled=True,
                 event_pattern='Science Coach',
                 last_modified='2026-03-02T09:00:00',
                 runtime_information='{}',
                 script_id='S-3016',
                 script_name='S-1324',
                 subscription_id='S-9517',
                 team_id='T-0013')
    assert result['instance_id'] == 'SI-0041'
    assert state.db.scalar("SELECT count(*) FROM script_instances WHERE instance_id = ?", ['SI-0041']) == 1

def test_post_scripts_instances_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_scripts_instances",
                   re.escape("last_modified 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   config='Company Like', custom_script_description='Traditional page a although for study anyone',
                   custom_script_name='Attack Event', enabled=True, event_pattern='Science Coach',
                   last_modified='someday', runtime_information='{}', script_id='S-3016', script_name='S-1324',
                   subscription_id='S-9517', team_id='T-0013')
    assert_refused(state, "post_scripts_instances",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   config='Company Like', custom_script_description='Traditional page a although for study anyone',
                   custom_script_name='Attack Event', enabled=True, event_pattern='Science Coach',
                   last_modified='2026-03-02T09:00:00', runtime_information='{}', script_id='S-3016',
                   script_name='S-1324', subscription_id='S-9517', team_id='T-9999')

def test_put_scripts_instances_instance_id(state: DuckDBState) -> None:
    result = run(state, "put_scripts_instances_instance_id",
                 instance_id='SI-0001',
                 config='Company Like',
                 custom_script_description='Traditional page a although for study anyone',
                 custom_script_name='Attack Event',
                 enabled=True,
                 event_pattern='Science Coach',
                 last_modified='2026-03-02T09:00:00',
                 runtime_information='{}',
                 script_id='S-3016',
                 script_name='S-1324',
                 subscription_id='S-9517',
                 team_id='T-0014')
    assert result['config'] == 'Company Like'
    assert result['custom_script_description'] == 'Traditional page a although for study anyone'
    assert result['custom_script_name'] == 'Attack Event'
    assert result['enabled'] == True
    assert result['event_pattern'] == 'Science Coach'
    assert result['last_modified'] == '2026-03-02T09:00:00'
    assert result['runtime_information'] == '{}'
    assert result['script_id'] == 'S-3016'
    assert result['script_name'] == 'S-1324'
    assert result['subscription_id'] == 'S-9517'
    assert result['team_id'] == 'T-0014'

def test_put_scripts_instances_instance_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_scripts_instances_instance_id",
                   re.escape("no script instance with id 'SI-9999' (script instance ids look like 'SI-0001')"),
                   instance_id='SI-9999', config='Company Like',
                   custom_script_description='Traditional page a although for study anyone',
                   custom_script_name='Attack Event', enabled=True, event_pattern='Science Coach',
                   last_modified='2026-03-02T09:00:00', runtime_information='{}', script_id='S-3016',
                   script_name='S-1324', subscription_id='S-9517', team_id='T-0014')
    assert_refused(state, "put_scripts_instances_instance_id",
                   re.escape("last_modified 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   instance_id='SI-0001', config='Company Like',
                   custom_script_description='Traditional page a although for study anyone',
                   custom_script_name='Attack Event', enabled=True, event_pattern='Science Coach',
                   last_modified='someday', runtime_information='{}', script_id='S-3016', script_name='S-1324',
                   subscription_id='S-9517', team_id='T-0014')
    assert_refused(state, "put_scripts_instances_instance_id",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   instance_id='SI-0001', config='Company Like',
                   custom_script_description='Traditional page a although for study anyone',
                   custom_script_name='Attack Event', enabled=True, event_pattern='Science Coach',
                   last_modified='2026-03-02T09:00:00', runtime_information='{}', script_id='S-3016',
                   script_name='S-1324', subscription_id='S-9517', team_id='T-9999')
    assert_refused(state, "put_scripts_instances_instance_id",
                   re.escape('put scripts instances instance id needs at least one of config, custom script description, custom script name, enabled, event pattern, last modified, runtime information, script id, script name, subscription id or team id'),
                   instance_id='SI-0001')

def test_delete_scripts_instances_instance_id(state: DuckDBState) -> None:
    result = run(state, "delete_scripts_instances_instance_id", instance_id='SI-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM script_instances WHERE instance_id = ?", ['SI-0001']) == 0

def test_delete_scripts_instances_instance_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_scripts_instances_instance_id",
                   re.escape("no script instance with id 'SI-9999' (script instance ids look like 'SI-0001')"),
                   instance_id='SI-9999')

def test_get_subscriptions_subscription_id_teams(state: DuckDBState) -> None:
    result = run(state, "get_subscriptions_subscription_id_teams")
    assert isinstance(result, list) and result
    rows = run(state, "get_subscriptions_subscription_id_teams", subscription_id='S-1992')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['subscription_id']).lower() == 's-1992' for r in rows)

def test_get_teams(state: DuckDBState) -> None:
    result = run(state, "get_teams")
    assert isinstance(result, list) and result

def test_get_teams_team_id(state: DuckDBState) -> None:
    result = run(state, "get_teams_team_id", team_id='T-0001')
    assert result['team_id'] == 'T-0001'

def test_get_teams_team_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_teams_team_id",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999')

def test_put_teams_team_id_profile(state: DuckDBState) -> None:
    result = run(state, "put_teams_team_id_profile", team_id='T-0001', name='Susan Ferguson')
    assert result['name'] == 'Susan Ferguson'

def test_put_teams_team_id_profile_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_teams_team_id_profile",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999', name='Susan Ferguson')
    assert_refused(state, "put_teams_team_id_profile",
                   re.escape('put teams team id profile needs at least one of name'),
                   team_id='T-0001')

def test_get_teams_team_id_schedules(state: DuckDBState) -> None:
    result = run(state, "get_teams_team_id_schedules")
    assert isinstance(result, list) and result
    rows = run(state, "get_teams_team_id_schedules", team_id='T-0009')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['team_id']).lower() == 't-0009' for r in rows)
    rows = run(state, "get_teams_team_id_schedules", user_id='U-0011')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['user_id']).lower() == 'u-0011' for r in rows)

def test_get_teams_team_id_schedules_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_teams_team_id_schedules",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999')
    assert_refused(state, "get_teams_team_id_schedules",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')

def test_post_teams_team_id_schedules(state: DuckDBState) -> None:
    result = run(state, "post_teams_team_id_schedules",
                 team_id='T-0002',
                 end_='2026-03-02T09:00:00',
                 options=6,
                 start='2026-03-02T09:00:00',
                 user_id='U-0009')
    assert result['schedule_id'] == 'S-0041'
    assert state.db.scalar("SELECT count(*) FROM schedules WHERE schedule_id = ?", ['S-0041']) == 1

def test_post_teams_team_id_schedules_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_teams_team_id_schedules",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999', end_='2026-03-02T09:00:00', options=6, start='2026-03-02T09:00:00',
                   user_id='U-0009')
    assert_refused(state, "post_teams_team_id_schedules",
                   re.escape("end_ 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   team_id='T-0002', end_='someday', options=6, start='2026-03-02T09:00:00', user_id='U-0009')
    assert_refused(state, "post_teams_team_id_schedules",
                   re.escape("start 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   team_id='T-0002', end_='2026-03-02T09:00:00', options=6, start='someday', user_id='U-0009')
    assert_refused(state, "post_teams_team_id_schedules",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   team_id='T-0002', end_='2026-03-02T09:00:00', options=6, start='2026-03-02T09:00:00',
                   user_id='U-9999')
    assert_refused(state, "post_teams_team_id_schedules",
                   re.escape('end 2026-03-01T09:00:00 is before start 2026-03-02T09:00:00: the end of a schedule cannot come before its start'),
                   team_id='T-0002', end_='2026-03-01T09:00:00', options=6, start='2026-03-02T09:00:00',
                   user_id='U-0009')

def test_delete_teams_team_id_schedules_duty_id(state: DuckDBState) -> None:
    result = run(state, "delete_teams_team_id_schedules_duty_id", team_id='T-0011', schedule_id='S-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM schedules WHERE schedule_id = ?", ['S-0001']) == 0

def test_delete_teams_team_id_schedules_duty_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_teams_team_id_schedules_duty_id",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999', schedule_id='S-0001')
    assert_refused(state, "delete_teams_team_id_schedules_duty_id",
                   re.escape("no schedule with id 'S-9999' (schedule ids look like 'S-0001')"),
                   team_id='T-0011', schedule_id='S-9999')
    assert_refused(state, "delete_teams_team_id_schedules_duty_id",
                   re.escape('schedule S-0001 is not under team T-0001 (it belongs to team T-0011)'),
                   team_id='T-0001', schedule_id='S-0001')

def test_get_teams_team_id_schedules_schedule_id(state: DuckDBState) -> None:
    result = run(state, "get_teams_team_id_schedules_schedule_id", team_id='T-0011', schedule_id='S-0001')
    assert result['schedule_id'] == 'S-0001'

def test_get_teams_team_id_schedules_schedule_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_teams_team_id_schedules_schedule_id",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999', schedule_id='S-0001')
    assert_refused(state, "get_teams_team_id_schedules_schedule_id",
                   re.escape("no schedule with id 'S-9999' (schedule ids look like 'S-0001')"),
                   team_id='T-0011', schedule_id='S-9999')
    assert_refused(state, "get_teams_team_id_schedules_schedule_id",
                   re.escape('schedule S-0001 is not under team T-0001 (it belongs to team T-0011)'),
                   team_id='T-0001', schedule_id='S-0001')

def test_get_users(state: DuckDBState) -> None:
    result = run(state, "get_users")
    assert isinstance(result, list) and result

def test_get_users_user_id(state: DuckDBState) -> None:
    result = run(state, "get_users_user_id", user_id='U-0001')
    assert result['user_id'] == 'U-0001'

def test_get_users_user_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_users_user_id",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')

def test_get_users_user_id_duty_status(state: DuckDBState) -> None:
    result = run(state, "get_users_user_id_duty_status")
    assert isinstance(result, list) and result
    rows = run(state, "get_users_user_id_duty_status", user_id='U-0013')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['user_id']).lower() == 'u-0013' for r in rows)

def test_get_webhooks(state: DuckDBState) -> None:
    result = run(state, "get_webhooks")
    assert isinstance(result, list) and result
    rows = run(state, "get_webhooks", team_id='T-0003')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['team_id']).lower() == 't-0003' for r in rows)

def test_get_webhooks_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_webhooks",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   team_id='T-9999')

def test_post_webhooks(state: DuckDBState) -> None:
    result = run(state, "post_webhooks",
                 external_address='1126 Pierce Streets',
                 name='Leslie Evans',
                 team_id='T-0017')
    assert result['webhook_id'] == 'W-0041'
    assert state.db.scalar("SELECT count(*) FROM webhooks WHERE webhook_id = ?", ['W-0041']) == 1

def test_post_webhooks_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_webhooks",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   external_address='1126 Pierce Streets', name='Leslie Evans', team_id='T-9999')

def test_put_webhooks_webhook_id(state: DuckDBState) -> None:
    result = run(state, "put_webhooks_webhook_id",
                 webhook_id='W-0001',
                 external_address='1126 Pierce Streets',
                 name='Leslie Evans',
                 team_id='T-0016')
    assert result['external_address'] == '1126 Pierce Streets'
    assert result['name'] == 'Leslie Evans'
    assert result['team_id'] == 'T-0016'

def test_put_webhooks_webhook_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_webhooks_webhook_id",
                   re.escape("no webhook with id 'W-9999' (webhook ids look like 'W-0001')"),
                   webhook_id='W-9999', external_address='1126 Pierce Streets', name='Leslie Evans',
                   team_id='T-0016')
    assert_refused(state, "put_webhooks_webhook_id",
                   re.escape("no team with id 'T-9999' (team ids look like 'T-0001')"),
                   webhook_id='W-0001', external_address='1126 Pierce Streets', name='Leslie Evans',
                   team_id='T-9999')
    assert_refused(state, "put_webhooks_webhook_id",
                   re.escape('put webhooks webhook id needs at least one of external address, name or team id'),
                   webhook_id='W-0001')

def test_delete_webhooks_webhook_id(state: DuckDBState) -> None:
    result = run(state, "delete_webhooks_webhook_id", webhook_id='W-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM webhooks WHERE webhook_id = ?", ['W-0001']) == 0

def test_delete_webhooks_webhook_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_webhooks_webhook_id",
                   re.escape("no webhook with id 'W-9999' (webhook ids look like 'W-0001')"),
                   webhook_id='W-9999')
