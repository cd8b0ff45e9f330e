"""The {{name}} environment's own checks: schemas, seed determinism, gold replay and every refusal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)  # this folder: its manifest, tools.py (imported by path) and tasks
state = ENV.state_fixture()  # the seeded state, shared by this module's tests and reset before each one
run, assert_refused = ENV.run, ENV.assert_refused
#: Episodes played blind (tests/blind_play.jsonl, see docs/authoring.md): correct play 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


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


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_find_requests(state: DuckDBState) -> None:
    email = state.db.scalar("SELECT email FROM members ORDER BY member_id LIMIT 1")
    found = run(state, "find_requests_by_email", email=email.upper())
    assert found["member_id"] == "M-001" and isinstance(found["requests"], list)
    assert_refused(state, "find_requests_by_email", "no member", email="nobody@example.org")


def test_cancel_open_request(state: DuckDBState) -> None:
    rid = state.db.scalar("SELECT request_id FROM requests WHERE status = 'open' ORDER BY request_id LIMIT 1")
    assert run(state, "cancel_request", request_id=rid) == {"request_id": rid, "status": "cancelled"}
    assert state.db.scalar("SELECT status FROM requests WHERE request_id = ?", [rid]) == "cancelled"


def test_cancel_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_request", "no request", request_id="R-9999")
    done = state.db.scalar("SELECT request_id FROM requests WHERE status = 'done' ORDER BY request_id LIMIT 1")
    assert_refused(state, "cancel_request", "only open requests", request_id=done)


def test_get_request(state: DuckDBState) -> None:
    assert run(state, "get_request", request_id="r-0001")["request_id"] == "R-0001"
    assert_refused(state, "get_request", "no request", request_id="R-9999")


def test_file_request(state: DuckDBState) -> None:
    member = state.db.scalar("SELECT member_id FROM members m WHERE (SELECT count(*) FROM requests r WHERE "
                             "r.member_id = m.member_id AND r.status = 'open') < 3 ORDER BY member_id LIMIT 1")
    new = run(state, "file_request", member_id=member, title="Replace the kettle")
    assert new["status"] == "open"
    assert state.db.scalar("SELECT member_id FROM requests WHERE request_id = ?", [new["request_id"]]) == member


def test_file_request_refusals(state: DuckDBState) -> None:
    assert_refused(state, "file_request", "no member", member_id="M-999", title="Replace the kettle")
    assert_refused(state, "file_request", "3 to 80", member_id="M-001", title="x")
    busy = state.db.scalar("SELECT member_id FROM requests WHERE status = 'open' GROUP BY member_id "
                           "HAVING count(*) >= 3 ORDER BY member_id LIMIT 1")
    assert_refused(state, "file_request", "open requests", member_id=busy, title="Replace the kettle")
