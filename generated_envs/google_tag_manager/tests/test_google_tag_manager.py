"""The google_tag_manager environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 1


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_tagmanager_accounts_containers_workspaces_folders_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_folders_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_folders_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_folders_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_folders_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_folders_create",
                 account_id='A-9498',
                 container_id='C-8072',
                 fingerprint='1f8a0e1d668a9276abb9b5ed85c14869',
                 name='Caroline Chambers',
                 notes='Small citizen class morning',
                 path='Buy Picture',
                 tag_manager_url='http://miller.com/',
                 workspace_id='W-0007')
    assert result['folder_id'] == 'F-0010'
    assert state.db.scalar("SELECT count(*) FROM folders WHERE folder_id = ?", ['F-0010']) == 1

def test_tagmanager_accounts_containers_workspaces_folders_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_folders_create",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-9498', container_id='C-8072', fingerprint='1f8a0e1d668a9276abb9b5ed85c14869',
                   name='Caroline Chambers', notes='Small citizen class morning', path='Buy Picture',
                   tag_manager_url='http://miller.com/', workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_folders_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-9498', container_id='C-8072', fingerprint='1f8a0e1d668a9276abb9b5ed85c14869',
                   name='Caroline Chambers', notes='Small citizen class morning', path='Buy Picture',
                   tag_manager_url='http://miller.com/', workspace_id='W-0007', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_gtag_config_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_gtag_config_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_gtag_config_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_gtag_config_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_gtag_config_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_gtag_config_create",
                 account_id='A-5886',
                 container_id='C-2169',
                 fingerprint='c5ad95cd64ba1d2159db7ec96048033f',
                 parameter='[]',
                 path='Ground State',
                 tag_manager_url='http://www.roberts.com/',
                 type='custom',
                 workspace_id='W-0007')
    assert result['gtag_config_id'] == 'GC-0011'
    assert state.db.scalar("SELECT count(*) FROM gtag_configs WHERE gtag_config_id = ?", ['GC-0011']) == 1

def test_tagmanager_accounts_containers_workspaces_gtag_config_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_gtag_config_create",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-5886', container_id='C-2169', fingerprint='c5ad95cd64ba1d2159db7ec96048033f',
                   parameter='[]', path='Ground State', tag_manager_url='http://www.roberts.com/', type='custom',
                   workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_gtag_config_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-5886', container_id='C-2169', fingerprint='c5ad95cd64ba1d2159db7ec96048033f',
                   parameter='[]', path='Ground State', tag_manager_url='http://www.roberts.com/', type='custom',
                   workspace_id='W-0007', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_tags_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_tags_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_tags_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_tags_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_tags_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_tags_create",
                 account_id='A-8155',
                 blocking_rule_id='[]',
                 blocking_trigger_id='{}',
                 consent_settings='{}',
                 container_id='C-1425',
                 fingerprint='fa95433f954133ca174ffc3a890c9e03',
                 firing_rule_id='{}',
                 firing_trigger_id='[]',
                 live_only=True,
                 monitoring_metadata='{}',
                 monitoring_metadata_tag_name_key='MMTN-8006',
                 name='Yolanda Salinas',
                 notes='Chair cup her national character writer work chance',
                 parameter='[]',
                 parent_folder_id='PF-4275',
                 path='Into Pull',
                 paused=True,
                 priority='{}',
                 schedule_end_ms='Response Land',
                 schedule_start_ms='Surface Many',
                 setup_tag='{}',
                 tag_firing_option='tagFiringOptionUnspecified',
                 tag_manager_url='https://bolton-reid.com/',
                 teardown_tag='{}',
                 type='other',
                 workspace_id='W-0001')
    assert result['tag_id'] == 'T-0007'
    assert state.db.scalar("SELECT count(*) FROM tags WHERE tag_id = ?", ['T-0007']) == 1

def test_tagmanager_accounts_containers_workspaces_tags_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_tags_create",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-8155', blocking_rule_id='[]', blocking_trigger_id='{}', consent_settings='{}',
                   container_id='C-1425', fingerprint='fa95433f954133ca174ffc3a890c9e03', firing_rule_id='{}',
                   firing_trigger_id='[]', live_only=True, monitoring_metadata='{}',
                   monitoring_metadata_tag_name_key='MMTN-8006', name='Yolanda Salinas',
                   notes='Chair cup her national character writer work chance', parameter='[]',
                   parent_folder_id='PF-4275', path='Into Pull', paused=True, priority='{}',
                   schedule_end_ms='Response Land', schedule_start_ms='Surface Many', setup_tag='{}',
                   tag_firing_option='tagFiringOptionUnspecified', tag_manager_url='https://bolton-reid.com/',
                   teardown_tag='{}', type='other', workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_tags_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-8155', blocking_rule_id='[]', blocking_trigger_id='{}', consent_settings='{}',
                   container_id='C-1425', fingerprint='fa95433f954133ca174ffc3a890c9e03', firing_rule_id='{}',
                   firing_trigger_id='[]', live_only=True, monitoring_metadata='{}',
                   monitoring_metadata_tag_name_key='MMTN-8006', name='Yolanda Salinas',
                   notes='Chair cup her national character writer work chance', parameter='[]',
                   parent_folder_id='PF-4275', path='Into Pull', paused=True, priority='{}',
                   schedule_end_ms='Response Land', schedule_start_ms='Surface Many', setup_tag='{}',
                   tag_firing_option='tagFiringOptionUnspecified', tag_manager_url='https://bolton-reid.com/',
                   teardown_tag='{}', type='other', workspace_id='W-0001', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_transformations_li(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_transformations_li")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_transformations_li_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_transformations_li",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_transformations_cr(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_transformations_cr",
                 account_id='A-4883',
                 container_id='C-1386',
                 fingerprint='ab320cb09fc51326d3545b7b13dfbe55',
                 name='Brandi Nguyen',
                 notes='Power crime situation since book art red',
                 parameter='[]',
                 parent_folder_id='PF-6910',
                 path='Possible Project',
                 tag_manager_url='https://www.reeves.biz/',
                 type='custom',
                 workspace_id='W-0005')
    assert result['transformation_id'] == 'T-0008'
    assert state.db.scalar("SELECT count(*) FROM transformations WHERE transformation_id = ?", ['T-0008']) == 1

def test_tagmanager_accounts_containers_workspaces_transformations_cr_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_transformations_cr",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-4883', container_id='C-1386', fingerprint='ab320cb09fc51326d3545b7b13dfbe55',
                   name='Brandi Nguyen', notes='Power crime situation since book art red', parameter='[]',
                   parent_folder_id='PF-6910', path='Possible Project', tag_manager_url='https://www.reeves.biz/',
                   type='custom', workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_transformations_cr",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-4883', container_id='C-1386', fingerprint='ab320cb09fc51326d3545b7b13dfbe55',
                   name='Brandi Nguyen', notes='Power crime situation since book art red', parameter='[]',
                   parent_folder_id='PF-6910', path='Possible Project', tag_manager_url='https://www.reeves.biz/',
                   type='custom', workspace_id='W-0005', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_triggers_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_triggers_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_triggers_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_triggers_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_triggers_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_triggers_create",
                 account_id='A-0166',
                 auto_event_filter='{}',
                 check_validation='[]',
                 container_id='C-6474',
                 continuous_time_min_milliseconds='[]',
                 custom_event_filter='[]',
                 event_name='{}',
                 filter='{}',
                 fingerprint='d3f58497b2a9f11ce4659b7633e1344d',
                 horizontal_scroll_percentage_list='{}',
                 interval='[]',
                 interval_seconds='[]',
                 limit_='[]',
                 max_timer_length_seconds='[]',
                 name='John Zimmerman',
                 notes='Candidate whom gun list fall',
                 parameter='[]',
                 parent_folder_id='PF-7277',
                 path='Write Unit',
                 selector='[]',
                 tag_manager_url='https://www.kaiser.com/',
                 total_time_min_milliseconds='{}',
                 type='eventTypeUnspecified',
                 unique_trigger_id='{}',
                 vertical_scroll_percentage_list='[]',
                 visibility_selector='{}',
                 visible_percentage_max='{}',
                 visible_percentage_min='[]',
                 wait_for_tags='[]',
                 wait_for_tags_timeout='{}',
                 workspace_id='W-0009')
    assert result['trigger_id'] == 'T-0007'
    assert state.db.scalar("SELECT count(*) FROM triggers WHERE trigger_id = ?", ['T-0007']) == 1

def test_tagmanager_accounts_containers_workspaces_triggers_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_triggers_create",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-0166', auto_event_filter='{}', check_validation='[]', container_id='C-6474',
                   continuous_time_min_milliseconds='[]', custom_event_filter='[]', event_name='{}', filter='{}',
                   fingerprint='d3f58497b2a9f11ce4659b7633e1344d', horizontal_scroll_percentage_list='{}',
                   interval='[]', interval_seconds='[]', limit_='[]', max_timer_length_seconds='[]',
                   name='John Zimmerman', notes='Candidate whom gun list fall', parameter='[]',
                   parent_folder_id='PF-7277', path='Write Unit', selector='[]',
                   tag_manager_url='https://www.kaiser.com/', total_time_min_milliseconds='{}',
                   type='eventTypeUnspecified', unique_trigger_id='{}', vertical_scroll_percentage_list='[]',
                   visibility_selector='{}', visible_percentage_max='{}', visible_percentage_min='[]',
                   wait_for_tags='[]', wait_for_tags_timeout='{}', workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_triggers_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-0166', auto_event_filter='{}', check_validation='[]', container_id='C-6474',
                   continuous_time_min_milliseconds='[]', custom_event_filter='[]', event_name='{}', filter='{}',
                   fingerprint='d3f58497b2a9f11ce4659b7633e1344d', horizontal_scroll_percentage_list='{}',
                   interval='[]', interval_seconds='[]', limit_='[]', max_timer_length_seconds='[]',
                   name='John Zimmerman', notes='Candidate whom gun list fall', parameter='[]',
                   parent_folder_id='PF-7277', path='Write Unit', selector='[]',
                   tag_manager_url='https://www.kaiser.com/', total_time_min_milliseconds='{}',
                   type='eventTypeUnspecified', unique_trigger_id='{}', vertical_scroll_percentage_list='[]',
                   visibility_selector='{}', visible_percentage_max='{}', visible_percentage_min='[]',
                   wait_for_tags='[]', wait_for_tags_timeout='{}', workspace_id='W-0009', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_variables_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_variables_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_variables_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_variables_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_variables_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_variables_create",
                 account_id='A-2664',
                 container_id='C-2508',
                 disabling_trigger_id='{}',
                 enabling_trigger_id='[]',
                 fingerprint='2ac7c0559f58198c9ead137c4090f225',
                 format_value='{}',
                 name='Brian Irwin',
                 notes='Nation choose relationship likely question',
                 parameter='{}',
                 parent_folder_id='PF-2786',
                 path='Light Blue',
                 schedule_end_ms='Soon Each',
                 schedule_start_ms='Health Federal',
                 tag_manager_url='https://riggs.com/',
                 type='other',
                 workspace_id='W-0008')
    assert result['variable_id'] == 'V-0007'
    assert state.db.scalar("SELECT count(*) FROM variables WHERE variable_id = ?", ['V-0007']) == 1

def test_tagmanager_accounts_containers_workspaces_variables_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_variables_create",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-2664', container_id='C-2508', disabling_trigger_id='{}', enabling_trigger_id='[]',
                   fingerprint='2ac7c0559f58198c9ead137c4090f225', format_value='{}', name='Brian Irwin',
                   notes='Nation choose relationship likely question', parameter='{}', parent_folder_id='PF-2786',
                   path='Light Blue', schedule_end_ms='Soon Each', schedule_start_ms='Health Federal',
                   tag_manager_url='https://riggs.com/', type='other', workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_variables_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-2664', container_id='C-2508', disabling_trigger_id='{}', enabling_trigger_id='[]',
                   fingerprint='2ac7c0559f58198c9ead137c4090f225', format_value='{}', name='Brian Irwin',
                   notes='Nation choose relationship likely question', parameter='{}', parent_folder_id='PF-2786',
                   path='Light Blue', schedule_end_ms='Soon Each', schedule_start_ms='Health Federal',
                   tag_manager_url='https://riggs.com/', type='other', workspace_id='W-0008',
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_create",
                 account_id='A-6891',
                 container_id='C-4618',
                 description='Serious inside else memory if six',
                 fingerprint='86118076074c9f6f043ed381dcd6486d',
                 name='Kevin Odonnell',
                 path='Mother Chair',
                 tag_manager_url='https://www.montgomery.net/')
    assert result['workspace_id'] == 'W-0012'
    assert state.db.scalar("SELECT count(*) FROM workspaces WHERE workspace_id = ?", ['W-0012']) == 1

def test_tagmanager_accounts_containers_workspaces_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-6891', container_id='C-4618', description='Serious inside else memory if six',
                   fingerprint='86118076074c9f6f043ed381dcd6486d', name='Kevin Odonnell', path='Mother Chair',
                   tag_manager_url='https://www.montgomery.net/', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_zones_list(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_zones_list")
    assert isinstance(result, list) and result

def test_tagmanager_accounts_containers_workspaces_zones_list_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_zones_list",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_zones_create(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_zones_create",
                 account_id='A-7879',
                 boundary='{}',
                 child_container='{}',
                 container_id='C-9093',
                 fingerprint='9b945b99238333bf49b6524840b4e2f3',
                 name='Matthew Mcdaniel',
                 notes='Face according as',
                 path='Choose Line',
                 tag_manager_url='http://clark.info/',
                 type_restriction='[]',
                 workspace_id='W-0007')
    assert result['zone_id'] == 'Z-0009'
    assert state.db.scalar("SELECT count(*) FROM zones WHERE zone_id = ?", ['Z-0009']) == 1

def test_tagmanager_accounts_containers_workspaces_zones_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tagmanager_accounts_containers_workspaces_zones_create",
                   re.escape("no workspace with id 'W-9999' (workspace ids look like 'W-0001')"),
                   account_id='A-7879', boundary='{}', child_container='{}', container_id='C-9093',
                   fingerprint='9b945b99238333bf49b6524840b4e2f3', name='Matthew Mcdaniel',
                   notes='Face according as', path='Choose Line', tag_manager_url='http://clark.info/',
                   type_restriction='[]', workspace_id='W-9999')
    assert_refused(state, "tagmanager_accounts_containers_workspaces_zones_create",
                   re.escape("parent 'other-parent-1' is not this deployment's: it has only 'parent-1' (or leave parent out)"),
                   account_id='A-7879', boundary='{}', child_container='{}', container_id='C-9093',
                   fingerprint='9b945b99238333bf49b6524840b4e2f3', name='Matthew Mcdaniel',
                   notes='Face according as', path='Choose Line', tag_manager_url='http://clark.info/',
                   type_restriction='[]', workspace_id='W-0007', parent='other-parent-1')

def test_tagmanager_accounts_containers_workspaces_folders_entities(state: DuckDBState) -> None:
    result = run(state, "tagmanager_accounts_containers_workspaces_folders_entities")
    assert isinstance(result, list) and result
