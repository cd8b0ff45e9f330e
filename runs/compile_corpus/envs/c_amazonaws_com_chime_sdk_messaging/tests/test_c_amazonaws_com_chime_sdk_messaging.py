"""The c_amazonaws_com_chime_sdk_messaging environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 4


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_associate_channel_flow(state: DuckDBState) -> None:
    result = run(state, "associate_channel_flow", name='C-0001', channel_flow_arn='I-0025')
    assert result['channel_flow_arn'] == 'I-0025'

def test_associate_channel_flow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "associate_channel_flow",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999', channel_flow_arn='I-0025')
    assert_refused(state, "associate_channel_flow",
                   re.escape("no identity with id 'I-9999' (identity ids look like 'I-0001')"),
                   name='C-0001', channel_flow_arn='I-9999')
    assert_refused(state, "associate_channel_flow",
                   re.escape('associate channel flow needs at least one of channel flow arn'),
                   name='C-0001')

def test_list_channel_bans(state: DuckDBState) -> None:
    result = run(state, "list_channel_bans")
    assert isinstance(result, list) and result
    rows = run(state, "list_channel_bans", name='C-0021')
    assert rows and all(str(r['name']).lower() == 'c-0021' for r in rows)

def test_create_channel_flow(state: DuckDBState) -> None:
    result = run(state, "create_channel_flow", processors='[]')
    assert result['name'] == 'CF-0041'
    assert state.db.scalar("SELECT count(*) FROM channel_flows WHERE name = ?", ['CF-0041']) == 1

def test_list_channel_memberships(state: DuckDBState) -> None:
    result = run(state, "list_channel_memberships")
    assert isinstance(result, list) and result
    rows = run(state, "list_channel_memberships", name='C-0021')
    assert rows and all(str(r['name']).lower() == 'c-0021' for r in rows)

def test_list_channel_moderators(state: DuckDBState) -> None:
    result = run(state, "list_channel_moderators")
    assert isinstance(result, list) and result
    rows = run(state, "list_channel_moderators", name='C-0021')
    assert rows and all(str(r['name']).lower() == 'c-0021' for r in rows)

def test_update_channel(state: DuckDBState) -> None:
    result = run(state, "update_channel", name='C-0001', mode='UNRESTRICTED', metadata='!!QPmcgb!5')
    assert result['mode'] == 'UNRESTRICTED'
    assert result['metadata'] == '!!QPmcgb!5'

def test_update_channel_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_channel",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999', mode='UNRESTRICTED', metadata='!!QPmcgb!5')
    assert_refused(state, "update_channel",
                   re.escape('update channel needs at least one of mode or metadata'),
                   name='C-0001')

def test_describe_channel_ban(state: DuckDBState) -> None:
    result = run(state, "describe_channel_ban", name='C-0001')
    assert result['name'] == 'C-0001'

def test_describe_channel_ban_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_channel_ban",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999')

def test_delete_channel_ban(state: DuckDBState) -> None:
    result = run(state, "delete_channel_ban", name='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM channels WHERE name = ?", ['C-0001']) == 0

def test_delete_channel_ban_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_channel_ban",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999')

def test_describe_channel_flow(state: DuckDBState) -> None:
    result = run(state, "describe_channel_flow", name='CF-0001')
    assert result['name'] == 'CF-0001'

def test_describe_channel_flow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_channel_flow",
                   re.escape("no channel flow with id 'CF-9999' (channel flow ids look like 'CF-0001')"),
                   name='CF-9999')

def test_update_channel_flow(state: DuckDBState) -> None:
    result = run(state, "update_channel_flow", name='CF-0001', processors='[]')
    assert result['processors'] == '[]'

def test_update_channel_flow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_channel_flow",
                   re.escape("no channel flow with id 'CF-9999' (channel flow ids look like 'CF-0001')"),
                   name='CF-9999', processors='[]')
    assert_refused(state, "update_channel_flow",
                   re.escape('update channel flow needs at least one of processors'),
                   name='CF-0001')

def test_delete_channel_flow(state: DuckDBState) -> None:
    result = run(state, "delete_channel_flow", name='CF-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM channel_flows WHERE name = ?", ['CF-0001']) == 0

def test_delete_channel_flow_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_channel_flow",
                   re.escape("no channel flow with id 'CF-9999' (channel flow ids look like 'CF-0001')"),
                   name='CF-9999')

def test_describe_channel_membership(state: DuckDBState) -> None:
    result = run(state, "describe_channel_membership", name='C-0001')
    assert result['name'] == 'C-0001'

def test_describe_channel_membership_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_channel_membership",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999')

def test_delete_channel_membership(state: DuckDBState) -> None:
    result = run(state, "delete_channel_membership", name='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM channels WHERE name = ?", ['C-0001']) == 0

def test_delete_channel_membership_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_channel_membership",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999')

def test_describe_channel_moderator(state: DuckDBState) -> None:
    result = run(state, "describe_channel_moderator", name='C-0001')
    assert result['name'] == 'C-0001'

def test_describe_channel_moderator_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_channel_moderator",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999')

def test_delete_channel_moderator(state: DuckDBState) -> None:
    result = run(state, "delete_channel_moderator", name='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM channels WHERE name = ?", ['C-0001']) == 0

def test_delete_channel_moderator_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_channel_moderator",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   name='C-9999')

def test_get_channel_membership_preferences(state: DuckDBState) -> None:
    result = run(state, "get_channel_membership_preferences")
    assert isinstance(result, list) and result
    rows = run(state, "get_channel_membership_preferences", name='C-0021')
    assert rows and all(str(r['name']).lower() == 'c-0021' for r in rows)

def test_list_channel_flows(state: DuckDBState) -> None:
    result = run(state, "list_channel_flows")
    assert isinstance(result, list) and result

def test_list_channel_messages(state: DuckDBState) -> None:
    result = run(state, "list_channel_messages")
    assert isinstance(result, list) and result
    rows = run(state, "list_channel_messages", channel_arn='I-0004')
    assert rows and all(str(r['channel_arn']).lower() == 'i-0004' for r in rows)
    rows = run(state, "list_channel_messages", sub_channel_id='SC-0020')
    assert rows and all(str(r['sub_channel_id']).lower() == 'sc-0020' for r in rows)

def test_list_channel_messages_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_channel_messages",
                   re.escape("no identity with id 'I-9999' (identity ids look like 'I-0001')"),
                   channel_arn='I-9999')
    assert_refused(state, "list_channel_messages",
                   re.escape("no sub channel with id 'SC-9999' (sub channel ids look like 'SC-0001')"),
                   sub_channel_id='SC-9999')

def test_list_channels(state: DuckDBState) -> None:
    result = run(state, "list_channels")
    assert isinstance(result, list) and result
    rows = run(state, "list_channels", privacy='PUBLIC')
    assert rows and all(str(r['privacy']).lower() == 'public' for r in rows)

def test_list_channels_associated_with_channel_flow(state: DuckDBState) -> None:
    result = run(state, "list_channels_associated_with_channel_flow")
    assert isinstance(result, list) and result

def test_list_sub_channels(state: DuckDBState) -> None:
    result = run(state, "list_sub_channels")
    assert isinstance(result, list) and result

def test_list_tags_for_resource(state: DuckDBState) -> None:
    result = run(state, "list_tags_for_resource")
    assert isinstance(result, list) and result

def test_search_channels(state: DuckDBState) -> None:
    result = run(state, "search_channels")
    assert isinstance(result, list) and result
