"""The traccar_fleet environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 10


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_calendars(state: DuckDBState) -> None:
    result = run(state, "get_calendars")
    assert isinstance(result, list) and result

def test_post_calendars(state: DuckDBState) -> None:
    result = run(state, "post_calendars", attributes='{}', data='Three Image', name='Jennifer Green')
    assert result['calendar_id'] == 34
    assert state.db.scalar("SELECT count(*) FROM calendars WHERE calendar_id = ?", [34]) == 1

def test_put_calendars_id(state: DuckDBState) -> None:
    result = run(state, "put_calendars_id",
                 calendar_id=1,
                 attributes='{}',
                 data='Three Image',
                 name='Jennifer Green')
    assert result['attributes'] == '{}'
    assert result['data'] == 'Three Image'
    assert result['name'] == 'Jennifer Green'

def test_put_calendars_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_calendars_id",
                   re.escape('no calendar with id 999999 (calendar ids look like 1)'),
                   calendar_id=999999, attributes='{}', data='Three Image', name='Jennifer Green')
    assert_refused(state, "put_calendars_id",
                   re.escape('put calendars id needs at least one of attributes, data or name'),
                   calendar_id=1)

def test_delete_calendars_id(state: DuckDBState) -> None:
    result = run(state, "delete_calendars_id", calendar_id=2)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM calendars WHERE calendar_id = ?", [2]) == 0

def test_delete_calendars_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_calendars_id",
                   re.escape('no calendar with id 999999 (calendar ids look like 1)'),
                   calendar_id=999999)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 1 is still referred to by 2 geofence row(s)'),
                   calendar_id=1)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 6 is still referred to by 1 geofence row(s)'),
                   calendar_id=6)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 7 is still referred to by 1 geofence row(s)'),
                   calendar_id=7)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 12 is still referred to by 1 geofence row(s)'),
                   calendar_id=12)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 18 is still referred to by 1 geofence row(s)'),
                   calendar_id=18)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 22 is still referred to by 1 geofence row(s)'),
                   calendar_id=22)
    assert_refused(state, "delete_calendars_id",
                   re.escape('calendar 23 is still referred to by 1 geofence row(s)'),
                   calendar_id=23)

def test_get_commands(state: DuckDBState) -> None:
    result = run(state, "get_commands")
    assert isinstance(result, list) and result
    rows = run(state, "get_commands", device_id=6)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['device_id']).lower() == '6' for r in rows)

def test_get_commands_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_commands",
                   re.escape('no device with id 999999 (device ids look like 1)'),
                   device_id=999999)

def test_post_commands(state: DuckDBState) -> None:
    result = run(state, "post_commands",
                 attributes='[]',
                 description='Line indeed live reason five present art feel',
                 device_id=13,
                 type='standard')
    assert result['command_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM commands WHERE command_id = ?", [41]) == 1

def test_post_commands_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_commands",
                   re.escape('no device with id 999999 (device ids look like 1)'),
                   attributes='[]', description='Line indeed live reason five present art feel', device_id=999999,
                   type='standard')

def test_put_commands_id(state: DuckDBState) -> None:
    result = run(state, "put_commands_id",
                 command_id=1,
                 attributes='[]',
                 description='Line indeed live reason five present art feel',
                 device_id=14,
                 type='standard')
    assert result['attributes'] == '[]'
    assert result['description'] == 'Line indeed live reason five present art feel'
    assert result['device_id'] == 14
    assert result['type'] == 'standard'

def test_put_commands_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_commands_id",
                   re.escape('no command with id 999999 (command ids look like 1)'),
                   command_id=999999, attributes='[]', description='Line indeed live reason five present art feel',
                   device_id=14, type='standard')
    assert_refused(state, "put_commands_id",
                   re.escape('no device with id 999999 (device ids look like 1)'),
                   command_id=1, attributes='[]', description='Line indeed live reason five present art feel',
                   device_id=999999, type='standard')
    assert_refused(state, "put_commands_id",
                   re.escape('put commands id needs at least one of attributes, description, device id or type'),
                   command_id=1)

def test_delete_commands_id(state: DuckDBState) -> None:
    result = run(state, "delete_commands_id", command_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM commands WHERE command_id = ?", [1]) == 0

def test_delete_commands_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_commands_id",
                   re.escape('no command with id 999999 (command ids look like 1)'),
                   command_id=999999)

def test_get_devices(state: DuckDBState) -> None:
    result = run(state, "get_devices")
    assert isinstance(result, list) and result
    rows = run(state, "get_devices", device_id=9)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['device_id']).lower() == '9' for r in rows)
    rows = run(state, "get_devices", unique_id='U-0355')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['unique_id']).lower() == 'u-0355' for r in rows)

def test_post_devices(state: DuckDBState) -> None:
    result = run(state, "post_devices",
                 attributes='[]',
                 category='special',
                 contact='Andrea Anderson',
                 disabled=True,
                 geofence_ids='{}',
                 group_id=3,
                 last_update='2026-03-02T09:00:00',
                 model='First Administration',
                 name='Joan Atkins',
                 phone='889-916-3489',
                 position_id=6,
                 status='active',
                 unique_id='U-2175')
    assert result['device_id'] == 18
    assert state.db.scalar("SELECT count(*) FROM devices WHERE device_id = ?", [18]) == 1

def test_post_devices_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_devices",
                   re.escape('no group with id 999999 (group ids look like 1)'),
                   attributes='[]', category='special', contact='Andrea Anderson', disabled=True, geofence_ids='{}',
                   group_id=999999, last_update='2026-03-02T09:00:00', model='First Administration',
                   name='Joan Atkins', phone='889-916-3489', position_id=6, status='active', unique_id='U-2175')
    assert_refused(state, "post_devices",
                   re.escape("last_update 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   attributes='[]', category='special', contact='Andrea Anderson', disabled=True, geofence_ids='{}',
                   group_id=3, last_update='someday', model='First Administration', name='Joan Atkins',
                   phone='889-916-3489', position_id=6, status='active', unique_id='U-2175')

def test_put_devices_id(state: DuckDBState) -> None:
    result = run(state, "put_devices_id",
                 device_id=1,
                 attributes='[]',
                 category='special',
                 contact='Andrea Anderson',
                 disabled=True,
                 geofence_ids='{}',
                 group_id=17,
                 last_update='2026-03-02T09:00:00',
                 model='First Administration',
                 name='Joan Atkins',
                 phone='889-916-3489',
                 position_id=6,
                 status='active',
                 unique_id='U-2175')
    assert result['attributes'] == '[]'
    assert result['category'] == 'special'
    assert result['contact'] == 'Andrea Anderson'
    assert result['disabled'] == True
    assert result['geofence_ids'] == '{}'
    assert result['group_id'] == 17
    assert result['last_update'] == '2026-03-02T09:00:00'
    assert result['model'] == 'First Administration'
    assert result['name'] == 'Joan Atkins'
    assert result['phone'] == '889-916-3489'
    assert result['position_id'] == 6
    assert result['status'] == 'active'
    assert result['unique_id'] == 'U-2175'

def test_put_devices_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_devices_id",
                   re.escape('no device with id 999999 (device ids look like 1)'),
                   device_id=999999, attributes='[]', category='special', contact='Andrea Anderson', disabled=True,
                   geofence_ids='{}', group_id=17, last_update='2026-03-02T09:00:00', model='First Administration',
                   name='Joan Atkins', phone='889-916-3489', position_id=6, status='active', unique_id='U-2175')
    assert_refused(state, "put_devices_id",
                   re.escape('no group with id 999999 (group ids look like 1)'),
                   device_id=1, attributes='[]', category='special', contact='Andrea Anderson', disabled=True,
                   geofence_ids='{}', group_id=999999, last_update='2026-03-02T09:00:00',
                   model='First Administration', name='Joan Atkins', phone='889-916-3489', position_id=6,
                   status='active', unique_id='U-2175')
    assert_refused(state, "put_devices_id",
                   re.escape("last_update 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   device_id=1, attributes='[]', category='special', contact='Andrea Anderson', disabled=True,
                   geofence_ids='{}', group_id=17, last_update='someday', model='First Administration',
                   name='Joan Atkins', phone='889-916-3489', position_id=6, status='active', unique_id='U-2175')
    assert_refused(state, "put_devices_id",
                   re.escape('put devices id needs at least one of attributes, category, contact, disabled, geofence ids, group id, last update, model, name, phone, position id, status or unique id'),
                   device_id=1)

def test_delete_devices_id(state: DuckDBState) -> None:
    result = run(state, "delete_devices_id", device_id=3)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM devices WHERE device_id = ?", [3]) == 0

def test_delete_devices_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_devices_id",
                   re.escape('no device with id 999999 (device ids look like 1)'),
                   device_id=999999)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 1 is still referred to by 2 command row(s)'),
                   device_id=1)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 2 is still referred to by 3 command row(s)'),
                   device_id=2)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 4 is still referred to by 1 command row(s)'),
                   device_id=4)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 5 is still referred to by 2 command row(s)'),
                   device_id=5)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 6 is still referred to by 4 command row(s)'),
                   device_id=6)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 7 is still referred to by 2 command row(s)'),
                   device_id=7)
    assert_refused(state, "delete_devices_id",
                   re.escape('device 8 is still referred to by 1 command row(s)'),
                   device_id=8)

def test_get_geofences(state: DuckDBState) -> None:
    result = run(state, "get_geofences")
    assert isinstance(result, list) and result

def test_post_geofences(state: DuckDBState) -> None:
    result = run(state, "post_geofences",
                 area='South Christopherville',
                 attributes='[]',
                 calendar_id=33,
                 description='Painting create wife',
                 name='Karen Acosta')
    assert result['geofence_id'] == 17
    assert state.db.scalar("SELECT count(*) FROM geofences WHERE geofence_id = ?", [17]) == 1

def test_post_geofences_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_geofences",
                   re.escape('no calendar with id 999999 (calendar ids look like 1)'),
                   area='South Christopherville', attributes='[]', calendar_id=999999,
                   description='Painting create wife', name='Karen Acosta')

def test_put_geofences_id(state: DuckDBState) -> None:
    result = run(state, "put_geofences_id",
                 geofence_id=1,
                 area='South Christopherville',
                 attributes='[]',
                 calendar_id=32,
                 description='Painting create wife',
                 name='Karen Acosta')
    assert result['area'] == 'South Christopherville'
    assert result['attributes'] == '[]'
    assert result['calendar_id'] == 32
    assert result['description'] == 'Painting create wife'
    assert result['name'] == 'Karen Acosta'

def test_put_geofences_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_geofences_id",
                   re.escape('no geofence with id 999999 (geofence ids look like 1)'),
                   geofence_id=999999, area='South Christopherville', attributes='[]', calendar_id=32,
                   description='Painting create wife', name='Karen Acosta')
    assert_refused(state, "put_geofences_id",
                   re.escape('no calendar with id 999999 (calendar ids look like 1)'),
                   geofence_id=1, area='South Christopherville', attributes='[]', calendar_id=999999,
                   description='Painting create wife', name='Karen Acosta')
    assert_refused(state, "put_geofences_id",
                   re.escape('put geofences id needs at least one of area, attributes, calendar id, description or name'),
                   geofence_id=1)

def test_delete_geofences_id(state: DuckDBState) -> None:
    result = run(state, "delete_geofences_id", geofence_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM geofences WHERE geofence_id = ?", [1]) == 0

def test_delete_geofences_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_geofences_id",
                   re.escape('no geofence with id 999999 (geofence ids look like 1)'),
                   geofence_id=999999)

def test_get_groups(state: DuckDBState) -> None:
    result = run(state, "get_groups")
    assert isinstance(result, list) and result

def test_post_groups(state: DuckDBState) -> None:
    result = run(state, "post_groups", attributes='{}', id=6, name='Cassandra Bennett')
    assert result['group_id'] == 40
    assert state.db.scalar("SELECT count(*) FROM groups WHERE group_id = ?", [40]) == 1

def test_put_groups_id(state: DuckDBState) -> None:
    result = run(state, "put_groups_id", group_id=1, attributes='{}', id=6, name='Cassandra Bennett')
    assert result['attributes'] == '{}'
    assert result['id'] == 6
    assert result['name'] == 'Cassandra Bennett'

def test_put_groups_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_groups_id",
                   re.escape('no group with id 999999 (group ids look like 1)'),
                   group_id=999999, attributes='{}', id=6, name='Cassandra Bennett')
    assert_refused(state, "put_groups_id",
                   re.escape('put groups id needs at least one of attributes, id or name'),
                   group_id=1)

def test_delete_groups_id(state: DuckDBState) -> None:
    result = run(state, "delete_groups_id", group_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM groups WHERE group_id = ?", [1]) == 0

def test_delete_groups_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_groups_id",
                   re.escape('no group with id 999999 (group ids look like 1)'),
                   group_id=999999)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 6 is still referred to by 1 device row(s)'),
                   group_id=6)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 8 is still referred to by 1 device row(s)'),
                   group_id=8)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 15 is still referred to by 2 device row(s)'),
                   group_id=15)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 19 is still referred to by 1 device row(s)'),
                   group_id=19)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 20 is still referred to by 1 device row(s)'),
                   group_id=20)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 22 is still referred to by 1 device row(s)'),
                   group_id=22)
    assert_refused(state, "delete_groups_id",
                   re.escape('group 26 is still referred to by 1 device row(s)'),
                   group_id=26)

def test_get_maintenance(state: DuckDBState) -> None:
    result = run(state, "get_maintenance")
    assert isinstance(result, list) and result

def test_post_maintenance(state: DuckDBState) -> None:
    result = run(state, "post_maintenance",
                 attributes='{}',
                 name='Billy Simmons',
                 period=6.0,
                 start=6.0,
                 type='other')
    assert result['maintenance_id'] == 25
    assert state.db.scalar("SELECT count(*) FROM maintenances WHERE maintenance_id = ?", [25]) == 1

def test_put_maintenance_id(state: DuckDBState) -> None:
    result = run(state, "put_maintenance_id",
                 maintenance_id=1,
                 attributes='{}',
                 name='Billy Simmons',
                 period=6.0,
                 start=6.0,
                 type='other')
    assert result['attributes'] == '{}'
    assert result['name'] == 'Billy Simmons'
    assert result['period'] == 6.0
    assert result['start'] == 6.0
    assert result['type'] == 'other'

def test_put_maintenance_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_maintenance_id",
                   re.escape('no maintenance with id 999999 (maintenance ids look like 1)'),
                   maintenance_id=999999, attributes='{}', name='Billy Simmons', period=6.0, start=6.0,
                   type='other')
    assert_refused(state, "put_maintenance_id",
                   re.escape('put maintenance id needs at least one of attributes, name, period, start or type'),
                   maintenance_id=1)

def test_delete_maintenance_id(state: DuckDBState) -> None:
    result = run(state, "delete_maintenance_id", maintenance_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM maintenances WHERE maintenance_id = ?", [1]) == 0

def test_delete_maintenance_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_maintenance_id",
                   re.escape('no maintenance with id 999999 (maintenance ids look like 1)'),
                   maintenance_id=999999)
