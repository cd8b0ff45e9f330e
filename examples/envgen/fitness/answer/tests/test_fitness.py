"""The fitness environment's own checks: schemas, seed determinism, gold replay and every booking rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import ToolError
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused


NOW = "2025-03-12T08:00:00"
FREE = ("SELECT s.session_id FROM sessions s WHERE s.status = 'scheduled' AND s.starts_at > TIMESTAMP "
        "'2025-03-12 10:00:00' AND s.capacity > (SELECT count(*) FROM bookings b WHERE b.session_id = s.session_id "
        "AND b.status IN ('booked', 'checked_in')) ")
FULL = FREE.replace("s.capacity >", "s.capacity <=")


def bookable_pair(state: DuckDBState) -> tuple[str, str]:
    """An unlimited-plan active member and a free off-peak session they can book (found by trying)."""
    members = [r["member_id"] for r in state.db.query(
        "SELECT member_id FROM members WHERE status = 'active' AND plan_id = 'PLN-03' ORDER BY member_id")]
    for sid in [r["session_id"] for r in state.db.query(FREE + "ORDER BY s.session_id")]:
        for mid in members:
            try:
                run(state, "book_class_session", member_id=mid, session_id=sid)
            except ToolError:
                continue
            state.reset()
            return mid, sid
    raise AssertionError("no bookable session in the seed")


# -- structure ----------------------------------------------------------------------------------------------

def test_manifest_policy_and_schemas() -> None:
    assert ENV.manifest.name == "fitness" and ENV.manifest.now == NOW and len(ENV.manifest.rules) >= 3
    assert (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8").strip()
    assert len(ENV.tools) >= 10 and sum(t.writes for t in ENV.tools.values()) >= 5
    for tool in ENV.tools.values():
        fn = tool.openai_schema["function"]
        assert fn["description"].strip(), tool.name
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (tool.name, name)


def test_seed_script_is_deterministic(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ENV.root / "seed" / "generate.py"), "--out", str(tmp_path)], check=True)
    for csv in (ENV.root / "seed").glob("*.csv"):
        assert (tmp_path / csv.name).read_bytes() == csv.read_bytes(), csv.name


def test_seed_respects_capacity(state: DuckDBState) -> None:
    assert state.db.scalar("SELECT count(*) FROM sessions s WHERE s.capacity < (SELECT count(*) FROM bookings b "
                           "WHERE b.session_id = s.session_id AND b.status IN ('booked', 'checked_in'))") == 0
    assert state.db.scalar("SELECT count(*) FROM bookings") >= 500


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


# -- reads --------------------------------------------------------------------------------------------------

def test_look_up_member_and_profile(state: DuckDBState) -> None:
    m = one(state, "SELECT member_id, email, CAST(birth_date AS VARCHAR) AS dob FROM members ORDER BY member_id "
                   "LIMIT 1")
    assert run(state, "look_up_member", email=m["email"].upper(), birth_date=m["dob"])["member_id"] == m["member_id"]
    assert_refused(state, "look_up_member", "no member matches", email=m["email"], birth_date="1900-01-01")
    busy = one(state, "SELECT member_id FROM waitlist_entries ORDER BY entry_id LIMIT 1")["member_id"]
    profile = run(state, "get_member_profile", member_id=busy.lower())
    assert profile["waitlist"] and all(w["position"] >= 1 for w in profile["waitlist"])
    assert_refused(state, "get_member_profile", "no member", member_id="MEM-9999")


def test_plans_class_types_and_sessions(state: DuckDBState) -> None:
    assert len(run(state, "list_membership_plans")) > len(run(state, "list_membership_plans", tier="off_peak")) > 0
    yoga = run(state, "list_class_types", category="yoga")
    assert yoga and all(c["category"] == "yoga" for c in yoga)
    found = run(state, "find_class_sessions", class_type_id=yoga[0]["class_type_id"])
    assert found["sessions"] and all(s["starts_at"] > NOW and s["status"] == "scheduled" for s in found["sessions"])
    assert all(s["places_left"] == max(0, s["capacity"] - s["booked"]) for s in found["sessions"])
    assert_refused(state, "find_class_sessions", "no class type", class_type_id="CLS-99")


# -- booking ------------------------------------------------------------------------------------------------

def test_book_and_cancel(state: DuckDBState) -> None:
    mid, sid = bookable_pair(state)
    got = run(state, "book_class_session", member_id=mid, session_id=sid, note="First class here")
    assert got["status"] == "booked"
    assert got["booking_id"] in {b["booking_id"] for b in run(state, "get_member_profile", member_id=mid)["bookings"]}
    assert_refused(state, "book_class_session", "already has a place", member_id=mid, session_id=sid)
    assert run(state, "cancel_class_booking", booking_id=got["booking_id"])["status"] == "cancelled"
    assert_refused(state, "cancel_class_booking", "only booked places", booking_id=got["booking_id"])
    assert_refused(state, "book_class_session", "at most 200", member_id=mid, session_id=sid, note="x" * 201)


def test_booking_refusals(state: DuckDBState) -> None:
    mid, sid = bookable_pair(state)
    assert_refused(state, "book_class_session", "no session", member_id=mid, session_id="SES-9999")
    frozen = one(state, "SELECT member_id FROM members WHERE status = 'frozen' ORDER BY 1 LIMIT 1")["member_id"]
    assert_refused(state, "book_class_session", "only active members", member_id=frozen, session_id=sid)
    full = one(state, FULL + "ORDER BY 1 LIMIT 1")["session_id"]
    assert_refused(state, "book_class_session", "is full", member_id=mid, session_id=full)
    cancelled = one(state, "SELECT session_id FROM sessions WHERE status = 'cancelled' AND starts_at > TIMESTAMP "
                           "'2025-03-12 08:00:00' ORDER BY 1 LIMIT 1")["session_id"]
    assert_refused(state, "book_class_session", "is cancelled", member_id=mid, session_id=cancelled)
    started = one(state, "SELECT session_id FROM sessions WHERE status = 'scheduled' AND starts_at <= TIMESTAMP "
                         "'2025-03-12 08:00:00' ORDER BY 1 LIMIT 1")["session_id"]
    assert_refused(state, "book_class_session", "only future sessions", member_id=mid, session_id=started)


def test_off_peak_plan_excludes_peak_hours(state: DuckDBState) -> None:
    off = one(state, "SELECT member_id FROM members WHERE status = 'active' AND plan_id = 'PLN-01' ORDER BY 1 "
                     "LIMIT 1")["member_id"]
    peak = one(state, FREE + "AND dayofweek(s.starts_at) BETWEEN 1 AND 5 AND hour(s.starts_at) >= 17 ORDER BY 1 "
                             "LIMIT 1")["session_id"]
    assert_refused(state, "book_class_session", "does not include weekday classes", member_id=off, session_id=peak)


def test_weekly_class_limit(state: DuckDBState) -> None:
    row = one(state, "SELECT b.member_id, date_trunc('week', s.starts_at) AS week FROM bookings b JOIN sessions s ON "
                     "s.session_id = b.session_id JOIN members m ON m.member_id = b.member_id JOIN membership_plans p "
                     "ON p.plan_id = m.plan_id WHERE m.status = 'active' AND p.peak_hours AND b.status IN ('booked', "
                     "'checked_in') AND s.starts_at > TIMESTAMP '2025-03-13 00:00:00' GROUP BY b.member_id, week, "
                     "p.classes_per_week HAVING count(*) >= p.classes_per_week ORDER BY 1 LIMIT 1")
    sid = one(state, FREE + "AND date_trunc('week', s.starts_at) = CAST(? AS TIMESTAMP) AND s.session_id NOT IN "
                            "(SELECT session_id FROM bookings WHERE member_id = ?) ORDER BY 1 LIMIT 1",
              [row["week"], row["member_id"]])["session_id"]
    assert_refused(state, "book_class_session", "classes a week", member_id=row["member_id"], session_id=sid)


def test_cancel_too_late(state: DuckDBState) -> None:
    soon = one(state, "SELECT b.booking_id FROM bookings b JOIN sessions s ON s.session_id = b.session_id WHERE "
                      "b.status = 'booked' AND s.starts_at > TIMESTAMP '2025-03-12 08:00:00' AND s.starts_at < "
                      "TIMESTAMP '2025-03-12 10:00:00' ORDER BY 1 LIMIT 1")
    assert_refused(state, "cancel_class_booking", "until 2 hours", booking_id=soon["booking_id"])
    assert_refused(state, "cancel_class_booking", "no booking", booking_id="BKG-99999")


def test_check_in(state: DuckDBState) -> None:
    now = one(state, "SELECT b.booking_id FROM bookings b JOIN sessions s ON s.session_id = b.session_id WHERE "
                     "b.status = 'booked' AND s.starts_at BETWEEN TIMESTAMP '2025-03-12 07:45:00' AND TIMESTAMP "
                     "'2025-03-12 09:00:00' ORDER BY 1 LIMIT 1")["booking_id"]
    assert run(state, "check_in_member", booking_id=now)["status"] == "checked_in"
    assert_refused(state, "check_in_member", "only booked places", booking_id=now)
    later = one(state, "SELECT b.booking_id FROM bookings b JOIN sessions s ON s.session_id = b.session_id WHERE "
                       "b.status = 'booked' AND s.starts_at > TIMESTAMP '2025-03-13 00:00:00' ORDER BY 1 LIMIT 1")
    assert_refused(state, "check_in_member", "check-in for", booking_id=later["booking_id"])


def test_waitlist(state: DuckDBState) -> None:
    full = [r["session_id"] for r in state.db.query(FULL + "ORDER BY 1")]
    members = [r["member_id"] for r in state.db.query(
        "SELECT member_id FROM members WHERE status = 'active' AND plan_id = 'PLN-03' ORDER BY 1")]
    for sid in full:
        for mid in members:
            try:
                got = run(state, "join_session_waitlist", member_id=mid, session_id=sid)
            except ToolError:
                continue
            assert got["position"] >= 1
            assert_refused(state, "join_session_waitlist", "already on the waitlist", member_id=mid, session_id=sid)
            assert run(state, "leave_session_waitlist", entry_id=got["entry_id"])["removed"] is True
            assert_refused(state, "leave_session_waitlist", "no waitlist entry", entry_id=got["entry_id"])
            mid2, free = bookable_pair(state)
            assert_refused(state, "join_session_waitlist", "free places", member_id=mid2, session_id=free)
            return
    raise AssertionError("no full session to wait for")


# -- memberships --------------------------------------------------------------------------------------------

def test_freeze_and_unfreeze(state: DuckDBState) -> None:
    mid = one(state, "SELECT b.member_id FROM bookings b JOIN sessions s ON s.session_id = b.session_id JOIN members "
                     "m ON m.member_id = b.member_id WHERE m.status = 'active' AND b.status = 'booked' AND "
                     "s.starts_at > TIMESTAMP '2025-03-12 08:00:00' ORDER BY 1 LIMIT 1")["member_id"]
    got = run(state, "freeze_membership", member_id=mid)
    assert got["status"] == "frozen" and got["bookings_cancelled"] >= 1
    assert_refused(state, "freeze_membership", "only an active membership", member_id=mid)
    assert run(state, "unfreeze_membership", member_id=mid)["status"] == "active"
    assert_refused(state, "unfreeze_membership", "only a frozen membership", member_id=mid)


def test_change_plan(state: DuckDBState) -> None:
    m = one(state, "SELECT member_id FROM members WHERE status = 'active' AND plan_id = 'PLN-02' ORDER BY 1 LIMIT 1")
    got = run(state, "change_membership_plan", member_id=m["member_id"], plan_id="pln-03")
    assert got["plan_id"] == "PLN-03" and got["classes_per_week"] == 14
    assert_refused(state, "change_membership_plan", "already on", member_id=m["member_id"], plan_id="PLN-03")
    assert_refused(state, "change_membership_plan", "no membership plan", member_id=m["member_id"], plan_id="PLN-99")
    gone = one(state, "SELECT member_id FROM members WHERE status = 'cancelled' ORDER BY 1 LIMIT 1")["member_id"]
    assert_refused(state, "change_membership_plan", "is cancelled", member_id=gone, plan_id="PLN-02")


def test_change_plan_limits(state: DuckDBState) -> None:
    busy = one(state, "SELECT b.member_id FROM bookings b JOIN sessions s ON s.session_id = b.session_id JOIN members "
                      "m ON m.member_id = b.member_id WHERE m.status = 'active' AND m.plan_id IN ('PLN-02', 'PLN-03') "
                      "AND b.status IN ('booked', 'checked_in') AND s.starts_at BETWEEN TIMESTAMP '2025-03-10 "
                      "00:00:00' AND TIMESTAMP '2025-03-16 23:59:59' GROUP BY b.member_id HAVING count(*) > 2 "
                      "ORDER BY 1 LIMIT 1")["member_id"]
    assert_refused(state, "change_membership_plan", "classes a week", member_id=busy, plan_id="PLN-04")
    peak = one(state, "SELECT b.member_id FROM bookings b JOIN sessions s ON s.session_id = b.session_id JOIN members "
                      "m ON m.member_id = b.member_id WHERE m.status = 'active' AND m.plan_id = 'PLN-03' AND b.status "
                      "= 'booked' AND s.starts_at > TIMESTAMP '2025-03-17 00:00:00' AND dayofweek(s.starts_at) "
                      "BETWEEN 1 AND 5 AND hour(s.starts_at) >= 17 AND b.member_id NOT IN (SELECT b2.member_id FROM "
                      "bookings b2 JOIN sessions s2 ON s2.session_id = b2.session_id WHERE b2.status IN ('booked', "
                      "'checked_in') AND s2.starts_at BETWEEN TIMESTAMP '2025-03-10 00:00:00' AND TIMESTAMP "
                      "'2025-03-16 23:59:59' GROUP BY b2.member_id HAVING count(*) > 5) ORDER BY 1 LIMIT 1")
    assert_refused(state, "change_membership_plan", "excludes peak hours", member_id=peak["member_id"],
                   plan_id="PLN-05")
