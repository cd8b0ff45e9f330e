"""The c_amazonaws_com_connectcampaigns environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_describe_campaign(state: DuckDBState) -> None:
    result = run(state, "describe_campaign", id='C-0001')
    assert result['id'] == 'C-0001'

def test_describe_campaign_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_campaign",
                   re.escape("no campaign with id 'C-9999' (campaign ids look like 'C-0001')"),
                   id='C-9999')

def test_delete_campaign(state: DuckDBState) -> None:
    result = run(state, "delete_campaign", id='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM campaigns WHERE id = ?", ['C-0001']) == 0

def test_delete_campaign_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_campaign",
                   re.escape("no campaign with id 'C-9999' (campaign ids look like 'C-0001')"),
                   id='C-9999')

def test_get_campaign_state(state: DuckDBState) -> None:
    result = run(state, "get_campaign_state")
    assert isinstance(result, list) and result
    rows = run(state, "get_campaign_state", id='C-0021')
    assert rows and all(str(r['id']).lower() == 'c-0021' for r in rows)

def test_list_campaigns(state: DuckDBState) -> None:
    result = run(state, "list_campaigns")
    assert isinstance(result, list) and result

def test_update_campaign_name(state: DuckDBState) -> None:
    result = run(state, "update_campaign_name")
    assert result['name'] == 'CN-0041'
    assert state.db.scalar("SELECT count(*) FROM campaign_names WHERE name = ?", ['CN-0041']) == 1
