"""The vonage_conversations environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_create_conversation(state: DuckDBState) -> None:
    result = run(state, "create_conversation", display_name='Norma Fisher', name='Jorge Sullivan')
    assert result['conversation_uuid'] == 'CON-63f61863-4a51-4f6b-86e1-46edebio0431'
    assert state.db.scalar("SELECT count(*) FROM conversations WHERE conversation_uuid = ?", ['CON-63f61863-4a51-4f6b-86e1-46edebio0431']) == 1

def test_getuser_conversations(state: DuckDBState) -> None:
    result = run(state, "getuser_conversations")
    assert isinstance(result, list) and result
    rows = run(state, "getuser_conversations", user_id='USR-63f61863-4a51-4f6b-86e1-46edebio0393')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['user_id']).lower() == 'usr-63f61863-4a51-4f6b-86e1-46edebio0393' for r in rows)

def test_getuser_conversations_refusals(state: DuckDBState) -> None:
    assert_refused(state, "getuser_conversations",
                   re.escape("no user with id 'USR-63f61863-4a51-4f6b-86e1-46edebio9999' (user ids look like 'USR-63f61863-4a51-4f6b-86e1-46edebio0391')"),
                   user_id='USR-63f61863-4a51-4f6b-86e1-46edebio9999')
