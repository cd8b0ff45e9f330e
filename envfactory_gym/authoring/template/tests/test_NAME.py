"""The {{name}} environment's own checks: the structural ones every folder runs, then every business rule."""

from __future__ import annotations

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)  # this folder: its manifest, tools.py (imported by path) and tasks
state = ENV.state_fixture()  # the seeded state, shared by this module's tests and reset before each one
run, assert_refused = ENV.run, ENV.assert_refused
#: Episodes played blind (tests/blind_play.jsonl, see docs/authoring.md): correct play 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


#: The structural tests every environment runs (schemas, seed, task mix, gold replay), against this folder's figures:
#: raise them as the environment grows (a finished one has 10+ tools, 5+ tables, 500+ rows, 20+ tasks).
TestStructure = ENV.standard_tests(min_rules=2, min_tools=4, min_writes=2, min_tables=2, min_rows=200, min_tasks=20,
                                   min_read_tasks=1, min_single_write_tasks=1, min_multi_write_tasks=0)


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
