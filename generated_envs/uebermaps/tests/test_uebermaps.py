"""The uebermaps environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_delete_attachments_id(state: DuckDBState) -> None:
    result = run(state, "delete_attachments_id", attachment_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM attachments WHERE attachment_id = ?", [1]) == 0

def test_delete_attachments_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_attachments_id",
                   re.escape('no attachment with id 999999 (attachment ids look like 1)'),
                   attachment_id=999999)

def test_patch_events_id(state: DuckDBState) -> None:
    result = run(state, "patch_events_id",
                 map_id=1,
                 description='Push region produce develop story',
                 title='Since Other Her',
                 user_id=25)
    assert result['description'] == 'Push region produce develop story'
    assert result['title'] == 'Since Other Her'
    assert result['user_id'] == 25

def test_patch_events_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_events_id",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999, description='Push region produce develop story', title='Since Other Her',
                   user_id=25)
    assert_refused(state, "patch_events_id",
                   re.escape('no user with id 999999 (user ids look like 1)'),
                   map_id=1, description='Push region produce develop story', title='Since Other Her',
                   user_id=999999)
    assert_refused(state, "patch_events_id",
                   re.escape('patch events id needs at least one of description, title or user id'),
                   map_id=1)

def test_get_maps(state: DuckDBState) -> None:
    result = run(state, "get_maps")
    assert isinstance(result, list) and result

def test_post_maps(state: DuckDBState) -> None:
    result = run(state, "post_maps",
                 description='Push region produce develop story',
                 map_settings='{}',
                 title='Since Other Her',
                 visibility='public')
    assert result['map_id'] == 10
    assert state.db.scalar("SELECT count(*) FROM maps WHERE map_id = ?", [10]) == 1

def test_get_maps_search(state: DuckDBState) -> None:
    result = run(state, "get_maps_search")
    assert isinstance(result, list) and result

def test_get_maps_id_attachments(state: DuckDBState) -> None:
    result = run(state, "get_maps_id_attachments")
    assert isinstance(result, list) and result
    rows = run(state, "get_maps_id_attachments", map_id=3)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['map_id']).lower() == '3' for r in rows)

def test_get_maps_id_attachments_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_maps_id_attachments",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999)

def test_post_maps_id_attachments(state: DuckDBState) -> None:
    result = run(state, "post_maps_id_attachments", map_id=7)
    assert result['attachment_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM attachments WHERE attachment_id = ?", [41]) == 1

def test_post_maps_id_attachments_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_maps_id_attachments",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999)

def test_get_maps_id_collaborators(state: DuckDBState) -> None:
    result = run(state, "get_maps_id_collaborators")
    assert isinstance(result, list) and result
    rows = run(state, "get_maps_id_collaborators", map_id=2)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['map_id']).lower() == '2' for r in rows)

def test_get_maps_id_collaborators_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_maps_id_collaborators",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999)

def test_patch_maps_id_collaborators_user_id(state: DuckDBState) -> None:
    result = run(state, "patch_maps_id_collaborators_user_id", map_id=1, collaborator_id=1, group_='admin')
    assert result['map_id'] == 1
    assert result['group_'] == 'admin'

def test_patch_maps_id_collaborators_user_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_maps_id_collaborators_user_id",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999, collaborator_id=1, group_='admin')
    assert_refused(state, "patch_maps_id_collaborators_user_id",
                   re.escape('no collaborator with id 999999 (collaborator ids look like 1)'),
                   map_id=1, collaborator_id=999999, group_='admin')
    assert_refused(state, "patch_maps_id_collaborators_user_id",
                   re.escape('collaborator 1 is not under map 2 (it belongs to map 1)'),
                   map_id=2, collaborator_id=1, group_='admin')
    assert_refused(state, "patch_maps_id_collaborators_user_id",
                   re.escape('patch maps id collaborators user id needs at least one of group '),
                   map_id=1, collaborator_id=1)

def test_delete_maps_id_collaborators_user_id(state: DuckDBState) -> None:
    result = run(state, "delete_maps_id_collaborators_user_id", map_id=1, collaborator_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM collaborators WHERE collaborator_id = ?", [1]) == 0

def test_delete_maps_id_collaborators_user_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_maps_id_collaborators_user_id",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999, collaborator_id=1)
    assert_refused(state, "delete_maps_id_collaborators_user_id",
                   re.escape('no collaborator with id 999999 (collaborator ids look like 1)'),
                   map_id=1, collaborator_id=999999)
    assert_refused(state, "delete_maps_id_collaborators_user_id",
                   re.escape('collaborator 1 is not under map 2 (it belongs to map 1)'),
                   map_id=2, collaborator_id=1)

def test_get_maps_id_respots(state: DuckDBState) -> None:
    result = run(state, "get_maps_id_respots")
    assert isinstance(result, list) and result
    rows = run(state, "get_maps_id_respots", map_id=4)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['map_id']).lower() == '4' for r in rows)

def test_get_maps_id_respots_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_maps_id_respots",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999)

def test_get_maps_id_spots(state: DuckDBState) -> None:
    result = run(state, "get_maps_id_spots")
    assert isinstance(result, list) and result
    rows = run(state, "get_maps_id_spots", map_id=5)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['map_id']).lower() == '5' for r in rows)

def test_get_maps_id_spots_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_maps_id_spots",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999)

def test_post_maps_id_spots(state: DuckDBState) -> None:
    result = run(state, "post_maps_id_spots",
                 map_id=1,
                 description='Receive civil single city quite wall various',
                 lat=6.0,
                 lon=6.0,
                 time_zone='Europe/Luxembourg',
                 title='Effect Prove Father')
    assert result['spot_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM spots WHERE spot_id = ?", [41]) == 1

def test_post_maps_id_spots_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_maps_id_spots",
                   re.escape('no map with id 999999 (map ids look like 1)'),
                   map_id=999999, description='Receive civil single city quite wall various', lat=6.0, lon=6.0,
                   time_zone='Europe/Luxembourg', title='Effect Prove Father')

def test_get_maps_id_subscriptions(state: DuckDBState) -> None:
    result = run(state, "get_maps_id_subscriptions")
    assert isinstance(result, list) and result
    rows = run(state, "get_maps_id_subscriptions", subscription_id=21)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['subscription_id']).lower() == '21' for r in rows)

def test_delete_maps_id_subscriptions(state: DuckDBState) -> None:
    result = run(state, "delete_maps_id_subscriptions", subscription_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM subscriptions WHERE subscription_id = ?", [1]) == 0

def test_delete_maps_id_subscriptions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_maps_id_subscriptions",
                   re.escape('no subscription with id 999999 (subscription ids look like 1)'),
                   subscription_id=999999)

def test_get_respots_id(state: DuckDBState) -> None:
    result = run(state, "get_respots_id", respot_id=1)
    assert result['respot_id'] == 1

def test_get_respots_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_respots_id",
                   re.escape('no respot with id 999999 (respot ids look like 1)'),
                   respot_id=999999)

def test_delete_respots_id(state: DuckDBState) -> None:
    result = run(state, "delete_respots_id", respot_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM respots WHERE respot_id = ?", [1]) == 0

def test_delete_respots_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_respots_id",
                   re.escape('no respot with id 999999 (respot ids look like 1)'),
                   respot_id=999999)

def test_patch_spots_id(state: DuckDBState) -> None:
    result = run(state, "patch_spots_id",
                 spot_id=1,
                 description='Receive civil single city quite wall various',
                 lat=6.0,
                 lon=6.0,
                 time_zone='Europe/Luxembourg',
                 title='Effect Prove Father')
    assert result['description'] == 'Receive civil single city quite wall various'
    assert result['lat'] == 6.0
    assert result['lon'] == 6.0
    assert result['time_zone'] == 'Europe/Luxembourg'
    assert result['title'] == 'Effect Prove Father'

def test_patch_spots_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_spots_id",
                   re.escape('no spot with id 999999 (spot ids look like 1)'),
                   spot_id=999999, description='Receive civil single city quite wall various', lat=6.0, lon=6.0,
                   time_zone='Europe/Luxembourg', title='Effect Prove Father')
    assert_refused(state, "patch_spots_id",
                   re.escape('patch spots id needs at least one of description, lat, lon, time zone or title'),
                   spot_id=1)

def test_delete_spots_id(state: DuckDBState) -> None:
    result = run(state, "delete_spots_id", spot_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM spots WHERE spot_id = ?", [1]) == 0

def test_delete_spots_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_spots_id",
                   re.escape('no spot with id 999999 (spot ids look like 1)'),
                   spot_id=999999)

def test_get_spots_id_attachments(state: DuckDBState) -> None:
    result = run(state, "get_spots_id_attachments")
    assert isinstance(result, list) and result
    rows = run(state, "get_spots_id_attachments", attachment_id=21)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['attachment_id']).lower() == '21' for r in rows)

def test_get_subscriptions(state: DuckDBState) -> None:
    result = run(state, "get_subscriptions")
    assert isinstance(result, list) and result
    rows = run(state, "get_subscriptions", user_id=32)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['user_id']).lower() == '32' for r in rows)

def test_get_subscriptions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_subscriptions",
                   re.escape('no user with id 999999 (user ids look like 1)'),
                   user_id=999999)

def test_get_users_search(state: DuckDBState) -> None:
    result = run(state, "get_users_search")
    assert isinstance(result, list) and result

def test_get_users_id(state: DuckDBState) -> None:
    result = run(state, "get_users_id", user_id=1)
    assert result['user_id'] == 1

def test_get_users_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_users_id",
                   re.escape('no user with id 999999 (user ids look like 1)'),
                   user_id=999999)
