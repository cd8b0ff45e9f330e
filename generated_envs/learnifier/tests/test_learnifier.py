"""The learnifier environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 6


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_extorgunit(state: DuckDBState) -> None:
    result = run(state, "get_extorgunit")
    assert isinstance(result, list) and result

def test_get_extparticipation(state: DuckDBState) -> None:
    result = run(state, "get_extparticipation")
    assert isinstance(result, list) and result

def test_get_extproject(state: DuckDBState) -> None:
    result = run(state, "get_extproject")
    assert isinstance(result, list) and result

def test_get_extuser(state: DuckDBState) -> None:
    result = run(state, "get_extuser")
    assert isinstance(result, list) and result

def test_get_globalusergroups(state: DuckDBState) -> None:
    result = run(state, "get_globalusergroups")
    assert isinstance(result, list) and result

def test_get_globalusergroups_groupid_members(state: DuckDBState) -> None:
    result = run(state, "get_globalusergroups_groupid_members")
    assert isinstance(result, list) and result
    rows = run(state, "get_globalusergroups_groupid_members", groupid=9)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['groupid']).lower() == '9' for r in rows)

def test_get_globalusergroups_groupid_members_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_globalusergroups_groupid_members",
                   re.escape('no global user group with id 999999 (global user group ids look like 1)'),
                   groupid=999999)

def test_get_orgunits(state: DuckDBState) -> None:
    result = run(state, "get_orgunits")
    assert isinstance(result, list) and result

def test_patch_orgunits_orgid(state: DuckDBState) -> None:
    result = run(state, "patch_orgunits_orgid", org_unit_id=1, external_id='E-0438')
    assert result['external_id'] == 'E-0438'

def test_patch_orgunits_orgid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_orgunits_orgid",
                   re.escape('no org unit with id 999999 (org unit ids look like 1)'),
                   org_unit_id=999999, external_id='E-0438')
    assert_refused(state, "patch_orgunits_orgid",
                   re.escape('patch orgunits orgid needs at least one of external id'),
                   org_unit_id=1)

def test_post_orgunits_orgid_projects(state: DuckDBState) -> None:
    result = run(state, "post_orgunits_orgid_projects",
                 orgid=13,
                 country='Solomon Islands',
                 created_by='47e7f593-8b58-45ca-8bb2-c3f0bd30291a',
                 design_id=6,
                 locale='wae_CH',
                 name='Gloria King',
                 note='Add senior woman put partner',
                 timezone='Africa/Kampala',
                 user_description='Actually race tonight themselves',
                 user_title='Whose Foreign Range')
    assert result['project_id'] == 19
    assert state.db.scalar("SELECT count(*) FROM projects WHERE project_id = ?", [19]) == 1

def test_post_orgunits_orgid_projects_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_orgunits_orgid_projects",
                   re.escape('no org unit with id 999999 (org unit ids look like 1)'),
                   orgid=999999, country='Solomon Islands', created_by='47e7f593-8b58-45ca-8bb2-c3f0bd30291a',
                   design_id=6, locale='wae_CH', name='Gloria King', note='Add senior woman put partner',
                   timezone='Africa/Kampala', user_description='Actually race tonight themselves',
                   user_title='Whose Foreign Range')

def test_get_orgunits_orgid_projects_projectid(state: DuckDBState) -> None:
    result = run(state, "get_orgunits_orgid_projects_projectid", orgid=17, project_id=1)
    assert result['project_id'] == 1

def test_get_orgunits_orgid_projects_projectid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_orgunits_orgid_projects_projectid",
                   re.escape('no org unit with id 999999 (org unit ids look like 1)'),
                   orgid=999999, project_id=1)
    assert_refused(state, "get_orgunits_orgid_projects_projectid",
                   re.escape('no project with id 999999 (project ids look like 1)'),
                   orgid=17, project_id=999999)
    assert_refused(state, "get_orgunits_orgid_projects_projectid",
                   re.escape('project 1 is not under org unit 1 (it belongs to org unit 17)'),
                   orgid=1, project_id=1)

def test_patch_orgunits_orgid_projects_projectid(state: DuckDBState) -> None:
    result = run(state, "patch_orgunits_orgid_projects_projectid",
                 orgid=17,
                 project_id=1,
                 country='Solomon Islands',
                 locale='wae_CH',
                 name='Gloria King',
                 note='Add senior woman put partner',
                 status='ACTIVATED',
                 timezone='Africa/Kampala',
                 user_description='Actually race tonight themselves',
                 user_title='Whose Foreign Range')
    assert result['orgid'] == 17
    assert result['country'] == 'Solomon Islands'
    assert result['locale'] == 'wae_CH'
    assert result['name'] == 'Gloria King'
    assert result['note'] == 'Add senior woman put partner'
    assert result['status'] == 'ACTIVATED'
    assert result['timezone'] == 'Africa/Kampala'
    assert result['user_description'] == 'Actually race tonight themselves'
    assert result['user_title'] == 'Whose Foreign Range'

def test_patch_orgunits_orgid_projects_projectid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_orgunits_orgid_projects_projectid",
                   re.escape('no org unit with id 999999 (org unit ids look like 1)'),
                   orgid=999999, project_id=1, country='Solomon Islands', locale='wae_CH', name='Gloria King',
                   note='Add senior woman put partner', status='ACTIVATED', timezone='Africa/Kampala',
                   user_description='Actually race tonight themselves', user_title='Whose Foreign Range')
    assert_refused(state, "patch_orgunits_orgid_projects_projectid",
                   re.escape('no project with id 999999 (project ids look like 1)'),
                   orgid=17, project_id=999999, country='Solomon Islands', locale='wae_CH', name='Gloria King',
                   note='Add senior woman put partner', status='ACTIVATED', timezone='Africa/Kampala',
                   user_description='Actually race tonight themselves', user_title='Whose Foreign Range')
    assert_refused(state, "patch_orgunits_orgid_projects_projectid",
                   re.escape('project 1 is not under org unit 1 (it belongs to org unit 17)'),
                   orgid=1, project_id=1, country='Solomon Islands', locale='wae_CH', name='Gloria King',
                   note='Add senior woman put partner', status='ACTIVATED', timezone='Africa/Kampala',
                   user_description='Actually race tonight themselves', user_title='Whose Foreign Range')
    assert_refused(state, "patch_orgunits_orgid_projects_projectid",
                   re.escape('patch orgunits orgid projects projectid needs at least one of country, locale, name, note, status, timezone, user description or user title'),
                   orgid=17, project_id=1)

def test_get_orgunits_orgid_projects_projectid_participants(state: DuckDBState) -> None:
    result = run(state, "get_orgunits_orgid_projects_projectid_participants")
    assert isinstance(result, list) and result
    rows = run(state, "get_orgunits_orgid_projects_projectid_participants", orgid=22)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['orgid']).lower() == '22' for r in rows)
    rows = run(state, "get_orgunits_orgid_projects_projectid_participants", project_id=18)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['project_id']).lower() == '18' for r in rows)

def test_get_orgunits_orgid_projects_projectid_participants_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_orgunits_orgid_projects_projectid_participants",
                   re.escape('no org unit with id 999999 (org unit ids look like 1)'),
                   orgid=999999)
    assert_refused(state, "get_orgunits_orgid_projects_projectid_participants",
                   re.escape('no project with id 999999 (project ids look like 1)'),
                   project_id=999999)

def test_post_orgunits_orgid_usergroups_groupid_members(state: DuckDBState) -> None:
    result = run(state, "post_orgunits_orgid_usergroups_groupid_members", orgid=24, groupid=27)
    assert result['user_group_member_uuid'] == 'UGM-0041'
    assert state.db.scalar("SELECT count(*) FROM user_group_members WHERE user_group_member_uuid = ?", ['UGM-0041']) == 1

def test_post_orgunits_orgid_usergroups_groupid_members_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_orgunits_orgid_usergroups_groupid_members",
                   re.escape('no org unit with id 999999 (org unit ids look like 1)'),
                   orgid=999999, groupid=27)
    assert_refused(state, "post_orgunits_orgid_usergroups_groupid_members",
                   re.escape('no user group with id 999999 (user group ids look like 1)'),
                   orgid=24, groupid=999999)
    assert_refused(state, "post_orgunits_orgid_usergroups_groupid_members",
                   re.escape('user group 2 belongs to org unit 9, not org unit 24'),
                   orgid=24, groupid=2)

def test_post_users(state: DuckDBState) -> None:
    result = run(state, "post_users",
                 display_name='Andrea Callahan',
                 external_id='E-4322',
                 first_name='Justin',
                 hard_lock=True,
                 home_org=6,
                 last_name='Taylor',
                 primary_email='justin.taylor@example.org')
    assert result['user_id'] == 'U-0041'
    assert state.db.scalar("SELECT count(*) FROM users WHERE user_id = ?", ['U-0041']) == 1

def test_post_users_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_users",
                   re.escape("primary_email 'not-an-address' is not an email address"),
                   display_name='Andrea Callahan', external_id='E-4322', first_name='Justin', hard_lock=True,
                   home_org=6, last_name='Taylor', primary_email='not-an-address')

def test_get_users_userid(state: DuckDBState) -> None:
    result = run(state, "get_users_userid", user_id='U-0001')
    assert result['user_id'] == 'U-0001'

def test_get_users_userid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_users_userid",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')

def test_patch_users_userid(state: DuckDBState) -> None:
    result = run(state, "patch_users_userid",
                 user_id='U-0001',
                 display_name='Andrea Callahan',
                 external_id='E-4322',
                 first_name='Justin',
                 hard_lock=True,
                 home_org=6,
                 last_name='Taylor',
                 primary_email='justin.taylor@example.org')
    assert result['display_name'] == 'Andrea Callahan'
    assert result['external_id'] == 'E-4322'
    assert result['first_name'] == 'Justin'
    assert result['hard_lock'] == True
    assert result['home_org'] == 6
    assert result['last_name'] == 'Taylor'
    assert result['primary_email'] == 'justin.taylor@example.org'

def test_patch_users_userid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_users_userid",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999', display_name='Andrea Callahan', external_id='E-4322', first_name='Justin',
                   hard_lock=True, home_org=6, last_name='Taylor', primary_email='justin.taylor@example.org')
    assert_refused(state, "patch_users_userid",
                   re.escape("primary_email 'not-an-address' is not an email address"),
                   user_id='U-0001', display_name='Andrea Callahan', external_id='E-4322', first_name='Justin',
                   hard_lock=True, home_org=6, last_name='Taylor', primary_email='not-an-address')
    assert_refused(state, "patch_users_userid",
                   re.escape('patch users userid needs at least one of display name, external id, first name, hard lock, home org, last name or primary email'),
                   user_id='U-0001')

def test_get_users_userid_project_participations(state: DuckDBState) -> None:
    result = run(state, "get_users_userid_project_participations")
    assert isinstance(result, list) and result
    rows = run(state, "get_users_userid_project_participations", userid='U-0038')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['userid']).lower() == 'u-0038' for r in rows)

def test_get_users_userid_project_participations_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_users_userid_project_participations",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   userid='U-9999')
