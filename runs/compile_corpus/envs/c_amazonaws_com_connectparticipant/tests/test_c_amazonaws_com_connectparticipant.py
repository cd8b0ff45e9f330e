"""The c_amazonaws_com_connectparticipant environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

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


def test_get_transcript(state: DuckDBState) -> None:
    result = run(state, "get_transcript")
    assert isinstance(result, list) and result
    rows = run(state, "get_transcript", contact_id='C-5284')
    assert rows and all(str(r['contact_id']).lower() == 'c-5284' for r in rows)

def test_send_event(state: DuckDBState) -> None:
    result = run(state, "send_event")
    assert result['id'] == 'SE-0041'
    assert state.db.scalar("SELECT count(*) FROM send_events WHERE id = ?", ['SE-0041']) == 1

def test_send_message(state: DuckDBState) -> None:
    result = run(state, "send_message")
    assert result['id'] == 'SM-0041'
    assert state.db.scalar("SELECT count(*) FROM send_messages WHERE id = ?", ['SM-0041']) == 1
