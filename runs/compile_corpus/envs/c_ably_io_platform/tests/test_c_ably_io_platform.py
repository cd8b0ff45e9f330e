"""The c_ably_io_platform environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_metadata_of_all_channels(state: DuckDBState) -> None:
    result = run(state, "get_metadata_of_all_channels")
    assert isinstance(result, list) and result

def test_get_metadata_of_channel(state: DuckDBState) -> None:
    result = run(state, "get_metadata_of_channel", channel_id='C-0001')
    assert result['channel_id'] == 'C-0001'

def test_get_metadata_of_channel_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_metadata_of_channel",
                   re.escape("no channel with id 'C-9999' (channel ids look like 'C-0001')"),
                   channel_id='C-9999')

def test_get_messages_by_channel(state: DuckDBState) -> None:
    result = run(state, "get_messages_by_channel")
    assert isinstance(result, list) and result

def test_publish_messages_to_channel(state: DuckDBState) -> None:
    result = run(state, "publish_messages_to_channel",
                 client_id='C-6891',
                 connection_id='C-1554',
                 data='Serious inside else memory if six',
                 encoding='Policy daughter need kind miss artist truth trouble',
                 extras='{}',
                 name='John Silva')
    assert result['id'] == 'M-0041'
    assert state.db.scalar("SELECT count(*) FROM messages WHERE id = ?", ['M-0041']) == 1

def test_get_presence_of_channel(state: DuckDBState) -> None:
    result = run(state, "get_presence_of_channel")
    assert isinstance(result, list) and result
    rows = run(state, "get_presence_of_channel", connection_id='C-2574')
    assert rows and all(str(r['connection_id']).lower() == 'c-2574' for r in rows)

def test_get_presence_history_of_channel(state: DuckDBState) -> None:
    result = run(state, "get_presence_history_of_channel")
    assert isinstance(result, list) and result

def test_get_push_subscriptions_on_channels(state: DuckDBState) -> None:
    result = run(state, "get_push_subscriptions_on_channels")
    assert isinstance(result, list) and result

def test_get_channels_with_push_subscribers(state: DuckDBState) -> None:
    result = run(state, "get_channels_with_push_subscribers")
    assert isinstance(result, list) and result

def test_get_registered_push_devices(state: DuckDBState) -> None:
    result = run(state, "get_registered_push_devices")
    assert isinstance(result, list) and result

def test_register_push_device(state: DuckDBState) -> None:
    result = run(state, "register_push_device",
                 client_id='C-2598',
                 device_secret='Source firm drug senior',
                 form_factor='phone',
                 metadata='{}',
                 platform='ios',
                 push_recipient='{}')
    assert result['id'] == 'D-0041'
    assert state.db.scalar("SELECT count(*) FROM devices WHERE id = ?", ['D-0041']) == 1

def test_get_push_device_details(state: DuckDBState) -> None:
    result = run(state, "get_push_device_details", id='D-0001')
    assert result['id'] == 'D-0001'

def test_get_push_device_details_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_push_device_details",
                   re.escape("no device with id 'D-9999' (device ids look like 'D-0001')"),
                   id='D-9999')

def test_put_push_device_details(state: DuckDBState) -> None:
    result = run(state, "put_push_device_details",
                 id='D-0001',
                 client_id='C-2598',
                 device_secret='Source firm drug senior',
                 form_factor='phone',
                 metadata='{}',
                 platform='ios',
                 push_recipient='{}')
    assert result['client_id'] == 'C-2598'
    assert result['device_secret'] == 'Source firm drug senior'
    assert result['form_factor'] == 'phone'
    assert result['metadata'] == '{}'
    assert result['platform'] == 'ios'
    assert result['push_recipient'] == '{}'

def test_put_push_device_details_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_push_device_details",
                   re.escape("no device with id 'D-9999' (device ids look like 'D-0001')"),
                   id='D-9999', client_id='C-2598', device_secret='Source firm drug senior', form_factor='phone',
                   metadata='{}', platform='ios', push_recipient='{}')
    assert_refused(state, "put_push_device_details",
                   re.escape('put push device details needs at least one of client id, device secret, form factor, metadata, platform or push recipient'),
                   id='D-0001')

def test_patch_push_device_details(state: DuckDBState) -> None:
    result = run(state, "patch_push_device_details",
                 id='D-0001',
                 client_id='C-2598',
                 device_secret='Source firm drug senior',
                 form_factor='phone',
                 metadata='{}',
                 platform='ios',
                 push_recipient='{}')
    assert result['client_id'] == 'C-2598'
    assert result['device_secret'] == 'Source firm drug senior'
    assert result['form_factor'] == 'phone'
    assert result['metadata'] == '{}'
    assert result['platform'] == 'ios'
    assert result['push_recipient'] == '{}'

def test_patch_push_device_details_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_push_device_details",
                   re.escape("no device with id 'D-9999' (device ids look like 'D-0001')"),
                   id='D-9999', client_id='C-2598', device_secret='Source firm drug senior', form_factor='phone',
                   metadata='{}', platform='ios', push_recipient='{}')
    assert_refused(state, "patch_push_device_details",
                   re.escape('patch push device details needs at least one of client id, device secret, form factor, metadata, platform or push recipient'),
                   id='D-0001')

def test_update_push_device_details(state: DuckDBState) -> None:
    result = run(state, "update_push_device_details")
    assert isinstance(result, list) and result
