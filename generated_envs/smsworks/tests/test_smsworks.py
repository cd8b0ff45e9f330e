"""The smsworks environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_batch_batchid(state: DuckDBState) -> None:
    result = run(state, "get_batch_batchid")
    assert isinstance(result, list) and result
    rows = run(state, "get_batch_batchid", batchid='B-439798')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['batchid']).lower() == 'b-439798' for r in rows)

def test_post_messages(state: DuckDBState) -> None:
    result = run(state, "post_messages")
    assert isinstance(result, list) and result
    rows = run(state, "post_messages", destination=398.29)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['destination']).lower() == '398.29' for r in rows)
    rows = run(state, "post_messages", keyword='Stay Child')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['keyword']).lower() == 'stay child' for r in rows)
    rows = run(state, "post_messages", sender='Robert Walters')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['sender']).lower() == 'robert walters' for r in rows)
    rows = run(state, "post_messages", status='SENT')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'sent' for r in rows)

def test_post_messages_failed(state: DuckDBState) -> None:
    result = run(state, "post_messages_failed")
    assert isinstance(result, list) and result
    rows = run(state, "post_messages_failed", destination=398.29)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['destination']).lower() == '398.29' for r in rows)
    rows = run(state, "post_messages_failed", keyword='Stay Child')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['keyword']).lower() == 'stay child' for r in rows)
    rows = run(state, "post_messages_failed", sender='Robert Walters')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['sender']).lower() == 'robert walters' for r in rows)
    rows = run(state, "post_messages_failed", status='SENT')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'sent' for r in rows)

def test_post_messages_inbox(state: DuckDBState) -> None:
    result = run(state, "post_messages_inbox")
    assert isinstance(result, list) and result
    rows = run(state, "post_messages_inbox", destination=398.29)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['destination']).lower() == '398.29' for r in rows)
    rows = run(state, "post_messages_inbox", keyword='Stay Child')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['keyword']).lower() == 'stay child' for r in rows)
    rows = run(state, "post_messages_inbox", sender='Robert Walters')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['sender']).lower() == 'robert walters' for r in rows)
    rows = run(state, "post_messages_inbox", status='SENT')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'sent' for r in rows)

def test_delete_messages_schedule_messageid(state: DuckDBState) -> None:
    result = run(state, "delete_messages_schedule_messageid", message_id='M-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM messages WHERE message_id = ?", ['M-0001']) == 0

def test_delete_messages_schedule_messageid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_messages_schedule_messageid",
                   re.escape("no message with id 'M-9999' (message ids look like 'M-0001')"),
                   message_id='M-9999')

def test_get_messages_messageid(state: DuckDBState) -> None:
    result = run(state, "get_messages_messageid", message_id='M-0001')
    assert result['message_id'] == 'M-0001'

def test_get_messages_messageid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_messages_messageid",
                   re.escape("no message with id 'M-9999' (message ids look like 'M-0001')"),
                   message_id='M-9999')

def test_delete_messages_messageid(state: DuckDBState) -> None:
    result = run(state, "delete_messages_messageid", message_id='M-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM messages WHERE message_id = ?", ['M-0001']) == 0

def test_delete_messages_messageid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_messages_messageid",
                   re.escape("no message with id 'M-9999' (message ids look like 'M-0001')"),
                   message_id='M-9999')
