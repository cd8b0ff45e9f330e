"""The courses environment's own checks: schemas, seed determinism, gold replay and every registration rule."""

from __future__ import annotations

import json
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import ToolError
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


def enrolled_in(state: DuckDBState, term_id: str, extra: str = "") -> dict[str, Any]:
    """The first enrolled enrollment of a term (with its student, section and course)."""
    return one(state, "SELECT e.*, s.course_id, s.term_id FROM enrollments e JOIN sections s ON s.section_id = "
                      f"e.section_id WHERE s.term_id = ? AND e.status = 'enrolled' {extra} ORDER BY e.enrollment_id "
                      "LIMIT 1", [term_id])


def open_section_for(state: DuckDBState, student_id: str, term_id: str = "SP27") -> str:
    """A section of the term the student can enroll in (found by trying, state left unchanged)."""
    for row in state.db.query("SELECT section_id FROM sections WHERE term_id = ? ORDER BY section_id", [term_id]):
        try:
            run(state, "enroll_in_section", student_id=student_id, section_id=row["section_id"])
        except ToolError:
            continue
        state.reset()
        return row["section_id"]
    raise AssertionError(f"no open section for {student_id} in {term_id}")


def full_section(state: DuckDBState, waitlist_room: bool) -> dict[str, Any]:
    cmp = "<" if waitlist_room else ">="
    return one(state, "SELECT s.* FROM sections s WHERE s.term_id = 'SP27' AND s.capacity <= (SELECT count(*) FROM "
                      "enrollments e WHERE e.section_id = s.section_id AND e.status = 'enrolled') AND (SELECT count(*) "
                      "FROM enrollments e WHERE e.section_id = s.section_id AND e.status = 'waitlisted') "
                      f"{cmp} s.waitlist_capacity ORDER BY s.section_id LIMIT 1")


FREE = ("SELECT st.student_id FROM students st WHERE st.standing = 'good' AND NOT EXISTS (SELECT 1 FROM holds h "
        "WHERE h.student_id = st.student_id AND h.released_on IS NULL AND h.blocks_registration) ")


def student_for(state: DuckDBState, tool: str, section_id: str, match: str | None = None) -> str:
    """A student without blocking holds for whom ``tool`` on the section succeeds (or fails with ``match``)."""
    for sid in [r["student_id"] for r in state.db.query(FREE + "ORDER BY st.student_id")]:
        try:
            run(state, tool, student_id=sid, section_id=section_id)
        except ToolError as exc:
            if match is not None and match in str(exc):
                return sid
            continue
        state.reset()
        if match is None:
            return sid
    raise AssertionError(f"no student for {tool} on {section_id}")


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tasks=60, min_read_tasks=10, min_single_write_tasks=10, min_multi_write_tasks=10,
                                   min_user_fact_tasks=20)


def test_manifest_clock() -> None:
    assert ENV.manifest.now == "2026-10-07T10:00:00"


def test_seed_is_consistent(state: DuckDBState) -> None:
    db = state.db
    assert len(ENV.template.tables) >= 5
    assert sum(db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables) >= 500
    # No section holds more enrolled students than seats, and waitlists only exist on full sections.
    assert db.scalar("SELECT count(*) FROM sections s WHERE s.capacity < (SELECT count(*) FROM enrollments e "
                     "WHERE e.section_id = s.section_id AND e.status = 'enrolled')") == 0
    assert db.scalar("SELECT count(*) FROM sections s WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.section_id "
                     "= s.section_id AND e.status = 'waitlisted') AND s.capacity > (SELECT count(*) FROM enrollments "
                     "e WHERE e.section_id = s.section_id AND e.status = 'enrolled')") == 0
    # Every financial hold's amount is what the student's ledger still owes for that term at least.
    for h in db.query("SELECT * FROM holds WHERE hold_type = 'financial' AND released_on IS NULL"):
        assert h["amount_due"] > 0
        assert run(state, "get_account_statement", student_id=h["student_id"])["balance"] >= h["amount_due"]


# -- tasks --------------------------------------------------------------------------------------------------

# -- reads --------------------------------------------------------------------------------------------------

def test_find_student_record(state: DuckDBState) -> None:
    s = one(state, "SELECT student_id, student_number, CAST(date_of_birth AS VARCHAR) AS dob FROM students "
                   "ORDER BY student_id LIMIT 1")
    assert run(state, "find_student_record", student_number=s["student_number"],
               date_of_birth=s["dob"])["student_id"] == s["student_id"]
    year, month, day = s["dob"].split("-")
    us = f"{int(month)}/{int(day)}/{year}"
    assert run(state, "find_student_record", student_number=f" {s['student_number']} ",
               date_of_birth=us)["student_id"] == s["student_id"]
    assert_refused(state, "find_student_record", "no student matches", student_number=s["student_number"],
                   date_of_birth="1900-01-01")


def test_profile_transcript_and_unknown_ids(state: DuckDBState) -> None:
    h = one(state, "SELECT * FROM holds WHERE hold_type = 'library' AND released_on IS NULL ORDER BY hold_id")
    profile = run(state, "get_student_profile", student_id=h["student_id"].lower())
    assert profile["holds"][0]["hold_id"] == h["hold_id"] and "amount_due" not in profile["holds"][0]
    assert profile["credit_cap"] == {"good": 18, "warning": 15, "probation": 12}[profile["standing"]]
    transcript = run(state, "get_transcript", student_id=h["student_id"])
    assert all(c["term_id"] in ("FA25", "SP26", "SU26") for c in transcript["courses"])
    assert_refused(state, "get_student_profile", "no student", student_id="S-1")
    assert_refused(state, "estimate_drop_refund", "no enrollment", enrollment_id="ENR-1")
    assert_refused(state, "enroll_in_section", "no section", student_id=h["student_id"], section_id="SEC-1")


def test_terms_catalog_and_sections(state: DuckDBState) -> None:
    terms = {t["term_id"]: t["registration"] for t in run(state, "list_terms")}
    assert terms["FA26-8B"] == terms["SP27"] == "open" and terms["SU27"] == "not_yet_open" and terms["FA26"] == "closed"
    catalog = run(state, "browse_course_catalog", subject="BIO")
    assert {"BIO 105", "BIO 121"} <= {c["course_id"] for c in catalog}
    a_and_p = next(c for c in catalog if c["course_id"] == "BIO 121")
    assert a_and_p["prerequisites"][0]["prereq_course_id"] == "BIO 105"
    sections = run(state, "get_course_sections", course_id="bio-121")
    assert sections["course_id"] == "BIO 121" and sections["sections"]
    assert {s["term_id"] for s in sections["sections"]} <= {"FA26", "FA26-8A", "FA26-LS", "FA26-8B", "SP27", "SU27"}
    past = run(state, "get_course_sections", course_id="BIO 121", term_id="fa25")
    assert {s["term_id"] for s in past["sections"]} == {"FA25"}
    assert_refused(state, "get_course_sections", "no course", course_id="BIO 999")
    assert_refused(state, "get_course_sections", "no term", course_id="BIO 121", term_id="WI27")
    programs = run(state, "list_programs")
    assert any(not p["accepting_students"] for p in programs)


def test_schedule_and_account(state: DuckDBState) -> None:
    w = one(state, "SELECT student_id FROM enrollments WHERE status = 'waitlisted' ORDER BY enrollment_id LIMIT 1")
    schedule = run(state, "get_student_schedule", student_id=w["student_id"])
    waiting = [e for e in schedule["enrollments"] if e["status"] == "waitlisted"]
    assert waiting and all(e["waitlist_position"] >= 1 for e in waiting)
    assert all(s["credits"] <= s["credit_cap"] for s in schedule["semesters"])
    account = run(state, "get_account_statement", student_id=w["student_id"])
    assert account["entries"] and account["past_due"] == 0


def test_long_results_are_paged_under_the_cut(state: DuckDBState) -> None:
    """Schedules, statements and section lists page (next_offset) and filter so that no result an agent sees is
    cut at 4,000 characters, and every row is reachable."""
    for st in state.db.query("SELECT student_id FROM students ORDER BY student_id"):
        sid = st["student_id"]
        for tool, key in (("get_student_schedule", "enrollments"), ("get_account_statement", "entries")):
            rows, offset = [], 0
            while offset is not None:
                page = run(state, tool, student_id=sid, offset=offset)
                assert len(json.dumps(page)) < 3800, (tool, sid, offset)
                rows += page[key]
                offset = page.get("next_offset")
            assert len(rows) == page["total"], (tool, sid)
        spring = run(state, "get_student_schedule", student_id=sid, term_id="sp27")
        assert all(e["term_id"] == "SP27" for e in spring["enrollments"])
        fall = run(state, "get_student_schedule", student_id=sid, term_id="FA26", status="enrolled")
        assert all(e["term_id"].startswith("FA26") and e["status"] == "enrolled" for e in fall["enrollments"])
    for c in state.db.query("SELECT course_id FROM courses ORDER BY course_id"):
        page = run(state, "get_course_sections", course_id=c["course_id"])
        assert len(json.dumps(page)) < 3800 and len(page["sections"]) == min(page["total"], 10), c
    assert_refused(state, "get_student_schedule", "no term", student_id="S-10042", term_id="WI27")
    assert_refused(state, "get_account_statement", "offset", student_id="S-10042", offset=-1)


# -- registration rules -----------------------------------------------------------------------------------------

def test_enroll_charges_tuition_and_fee(state: DuckDBState) -> None:
    sid = state.db.scalar(FREE + "AND st.residency = 'out_of_state' ORDER BY st.student_id LIMIT 1")
    section_id = open_section_for(state, sid)
    section = one(state, "SELECT c.credits, c.lab_fee FROM sections s JOIN courses c ON c.course_id = s.course_id "
                         "WHERE s.section_id = ?", [section_id])
    result = run(state, "enroll_in_section", student_id=sid, section_id=section_id)
    assert result["tuition"] == round(section["credits"] * 391.00, 2)
    assert result["total_charged"] == round(result["tuition"] + section["lab_fee"], 2)
    assert result["enrollment_id"] in [e["enrollment_id"] for e in
                                       run(state, "get_student_schedule", student_id=sid, term_id="SP27")["enrollments"]]
    charged = state.db.scalar("SELECT sum(amount) FROM account_entries WHERE enrollment_id = ?",
                              [result["enrollment_id"]])
    assert charged == result["total_charged"]
    # The same course cannot be taken twice at once.
    assert_refused(state, "enroll_in_section", "already enrolled", student_id=sid, section_id=section_id)


def test_registration_window(state: DuckDBState) -> None:
    sid = state.db.scalar(FREE + "ORDER BY st.student_id LIMIT 1")
    summer = one(state, "SELECT section_id FROM sections WHERE term_id = 'SU27' ORDER BY section_id LIMIT 1")
    assert_refused(state, "enroll_in_section", "opens on 2027-03-29", student_id=sid, **summer)
    fall = one(state, "SELECT section_id FROM sections WHERE term_id = 'FA26' ORDER BY section_id LIMIT 1")
    assert_refused(state, "enroll_in_section", "add/drop deadline for Fall 2026 was 2026-09-11", student_id=sid,
                   **fall)


def test_blocking_hold_stops_registration(state: DuckDBState) -> None:
    h = one(state, "SELECT student_id FROM holds WHERE hold_type = 'advising' AND released_on IS NULL "
                   "ORDER BY hold_id LIMIT 1")
    section = one(state, "SELECT section_id FROM sections WHERE term_id = 'SP27' ORDER BY section_id LIMIT 1")
    assert_refused(state, "enroll_in_section", "advising hold", student_id=h["student_id"], **section)
    assert_refused(state, "join_section_waitlist", "advising hold", student_id=h["student_id"],
                   section_id=full_section(state, waitlist_room=True)["section_id"])


def test_passed_course_cannot_be_repeated(state: DuckDBState) -> None:
    row = one(state, "SELECT e.student_id FROM enrollments e JOIN sections s ON s.section_id = e.section_id WHERE "
                     "e.status = 'completed' AND e.grade IN ('A', 'B') AND s.course_id = 'MAT 095' AND e.student_id "
                     f"IN ({FREE}) ORDER BY e.enrollment_id LIMIT 1")
    section = one(state, "SELECT section_id FROM sections WHERE term_id = 'SP27' AND course_id = 'MAT 095' "
                         "ORDER BY section_id LIMIT 1")
    assert_refused(state, "enroll_in_section", "already passed MAT 095", student_id=row["student_id"], **section)


def test_prerequisite_needs_the_minimum_grade(state: DuckDBState) -> None:
    row = one(state, "SELECT e.student_id FROM enrollments e JOIN sections s ON s.section_id = e.section_id WHERE "
                     "s.course_id = 'BIO 105' AND e.grade = 'D' AND e.student_id NOT IN (SELECT e2.student_id FROM "
                     "enrollments e2 JOIN sections s2 ON s2.section_id = e2.section_id WHERE s2.course_id = 'BIO 105' "
                     f"AND e2.grade IN ('A', 'B', 'C')) AND e.student_id IN ({FREE}) ORDER BY 1 LIMIT 1")
    section = one(state, "SELECT section_id FROM sections WHERE term_id = 'SP27' AND course_id = 'BIO 121' "
                         "ORDER BY section_id LIMIT 1")
    assert_refused(state, "enroll_in_section", "requires BIO 105 with a grade of C or better \\(best grade D",
                   student_id=row["student_id"], **section)


def test_time_conflict_is_refused(state: DuckDBState) -> None:
    for e in state.db.query("SELECT e.student_id, s.days, s.start_time, s.section_id FROM enrollments e JOIN "
                            "sections s ON s.section_id = e.section_id WHERE s.term_id = 'SP27' AND e.status = "
                            f"'enrolled' AND s.days IS NOT NULL AND e.student_id IN ({FREE}) ORDER BY 1, 4"):
        clash = state.db.query_one(
            "SELECT section_id FROM sections WHERE term_id = 'SP27' AND days = ? AND start_time = ? AND section_id "
            "<> ? ORDER BY section_id LIMIT 1", [e["days"], e["start_time"], e["section_id"]])
        if clash is None:
            continue
        try:
            run(state, "enroll_in_section", student_id=e["student_id"], section_id=clash["section_id"])
        except ToolError as exc:
            if "conflicts with" in str(exc):
                assert_refused(state, "enroll_in_section", "conflicts with", student_id=e["student_id"], **clash)
                return
        state.reset()
    raise AssertionError("no time conflict found")


def test_credit_cap_depends_on_standing(state: DuckDBState) -> None:
    sid = state.db.scalar(
        "SELECT st.student_id FROM students st WHERE st.standing = 'probation' AND NOT EXISTS (SELECT 1 FROM holds h "
        "WHERE h.student_id = st.student_id AND h.released_on IS NULL AND h.blocks_registration) AND (SELECT sum("
        "c.credits) FROM enrollments e JOIN sections s ON s.section_id = e.section_id JOIN courses c ON c.course_id = "
        "s.course_id JOIN terms t ON t.term_id = s.term_id WHERE e.student_id = st.student_id AND e.status IN "
        "('enrolled', 'waitlisted') AND t.semester = 'Fall 2026') = 12 ORDER BY 1 LIMIT 1")
    for row in state.db.query("SELECT section_id FROM sections WHERE term_id = 'FA26-8B' ORDER BY section_id"):
        try:
            run(state, "enroll_in_section", student_id=sid, section_id=row["section_id"])
        except ToolError as exc:
            if "the cap for probation standing is 12" in str(exc):
                assert_refused(state, "enroll_in_section", "cap for probation", student_id=sid, **row)
                return
    raise AssertionError("no cap refusal found")


def test_full_section_waitlist_and_promotion(state: DuckDBState) -> None:
    full = full_section(state, waitlist_room=True)
    sid = student_for(state, "join_section_waitlist", full["section_id"])
    assert_refused(state, "enroll_in_section", "is full", student_id=sid, section_id=full["section_id"])
    waiting = state.db.scalar("SELECT count(*) FROM enrollments WHERE section_id = ? AND status = 'waitlisted'",
                              [full["section_id"]])
    joined = run(state, "join_section_waitlist", student_id=sid, section_id=full["section_id"])
    assert joined["waitlist_position"] == waiting + 1
    assert state.db.scalar("SELECT count(*) FROM account_entries WHERE enrollment_id = ?",
                           [joined["enrollment_id"]]) == 0
    first = one(state, "SELECT enrollment_id, student_id FROM enrollments WHERE section_id = ? AND status = "
                       "'waitlisted' ORDER BY registered_at, enrollment_id LIMIT 1", [full["section_id"]])
    seat = one(state, "SELECT enrollment_id FROM enrollments WHERE section_id = ? AND status = 'enrolled' "
                      "ORDER BY enrollment_id LIMIT 1", [full["section_id"]])
    dropped = run(state, "drop_enrollment", **seat)
    assert dropped["seat_given_to_waitlist"] and dropped["refund_amount"] > 0
    assert state.db.scalar("SELECT status FROM enrollments WHERE enrollment_id = ?",
                           [first["enrollment_id"]]) == "enrolled"
    assert state.db.scalar("SELECT count(*) FROM account_entries WHERE enrollment_id = ? AND kind = 'tuition'",
                           [first["enrollment_id"]]) == 1
    # Leaving a waitlist refunds nothing and promotes nobody.
    left = run(state, "drop_enrollment", enrollment_id=joined["enrollment_id"])
    assert left["refund_amount"] == 0 and not left["seat_given_to_waitlist"]


def test_waitlist_refusals(state: DuckDBState) -> None:
    closed = full_section(state, waitlist_room=False)["section_id"]
    sid = student_for(state, "join_section_waitlist", closed, match="is full")
    assert_refused(state, "join_section_waitlist", "waitlist of .* is full", student_id=sid, section_id=closed)
    assert_refused(state, "join_section_waitlist", "open seats", student_id=sid,
                   section_id=open_section_for(state, sid))


# -- leaving a class ---------------------------------------------------------------------------------------------

def test_drop_before_the_deadline_refunds_everything(state: DuckDBState) -> None:
    e = enrolled_in(state, "FA26-8B")
    estimate = run(state, "estimate_drop_refund", enrollment_id=e["enrollment_id"])
    assert estimate["action"] == "drop" and estimate["refund_percent"] == 100
    assert_refused(state, "withdraw_from_section", "drop the class instead", enrollment_id=e["enrollment_id"])
    result = run(state, "drop_enrollment", enrollment_id=e["enrollment_id"])
    assert result["refund_amount"] == estimate["refund_amount"] == estimate["amount_charged"] > 0
    assert_refused(state, "drop_enrollment", "is dropped", enrollment_id=e["enrollment_id"])


def test_withdrawal_refunds_by_date(state: DuckDBState) -> None:
    late = enrolled_in(state, "FA26-LS")
    estimate = run(state, "estimate_drop_refund", enrollment_id=late["enrollment_id"])
    assert estimate["action"] == "withdraw" and estimate["refund_percent"] == 50
    assert_refused(state, "drop_enrollment", "can only withdraw", enrollment_id=late["enrollment_id"])
    result = run(state, "withdraw_from_section", enrollment_id=late["enrollment_id"])
    assert result["grade"] == "W" and result["refund_amount"] == round(estimate["amount_charged"] / 2, 2)
    full = enrolled_in(state, "FA26")
    result = run(state, "withdraw_from_section", enrollment_id=full["enrollment_id"])
    assert result["refund_percent"] == 0 and result["refund_amount"] == 0
    assert state.db.scalar("SELECT count(*) FROM account_entries WHERE enrollment_id = ? AND kind = 'refund'",
                           [full["enrollment_id"]]) == 0


def test_withdrawal_deadline(state: DuckDBState) -> None:
    e = enrolled_in(state, "FA26-8A")
    assert_refused(state, "withdraw_from_section", "withdrawal deadline .* was 2026-10-02",
                   enrollment_id=e["enrollment_id"])
    estimate = run(state, "estimate_drop_refund", enrollment_id=e["enrollment_id"])
    assert estimate["action"] == "none" and estimate["refund_amount"] == 0 and "stays enrolled" in estimate["note"]
    assert estimate["withdrawal_deadline"] == "2026-10-02"


def test_switch_section(state: DuckDBState) -> None:
    rows = state.db.query(
        "SELECT e.enrollment_id, e.student_id, e.section_id, n.section_id AS new_section_id FROM enrollments e JOIN "
        "sections s ON s.section_id = e.section_id JOIN sections n ON n.course_id = s.course_id AND n.term_id = "
        "s.term_id AND n.section_id <> s.section_id WHERE e.status = 'enrolled' AND s.term_id = 'SP27' ORDER BY 1, 4")
    done = {"ok": False, "full": False, "conflict": False}
    for r in rows:
        try:
            result = run(state, "switch_section", enrollment_id=r["enrollment_id"], new_section_id=r["new_section_id"])
        except ToolError as exc:
            if "is full" in str(exc) and not done["full"]:
                assert_refused(state, "switch_section", "is full", enrollment_id=r["enrollment_id"],
                               new_section_id=r["new_section_id"])
                done["full"] = True
            if "conflicts with" in str(exc):
                done["conflict"] = True
            continue
        if not done["ok"]:
            old = state.db.scalar("SELECT status FROM enrollments WHERE enrollment_id = ?", [r["enrollment_id"]])
            assert old == "dropped" and result["section_id"] == r["new_section_id"]
            assert state.db.scalar("SELECT sum(CASE WHEN kind = 'refund' THEN -amount ELSE amount END) FROM "
                                   "account_entries WHERE enrollment_id IN (?, ?)",
                                   [r["enrollment_id"], result["enrollment_id"]]) > 0
            done["ok"] = True
        state.reset()
        if all(done.values()):
            break
    assert all(done.values()), done
    e = enrolled_in(state, "SP27")
    other = one(state, "SELECT section_id FROM sections WHERE term_id = 'SP27' AND course_id <> ? ORDER BY "
                       "section_id LIMIT 1", [e["course_id"]])
    assert_refused(state, "switch_section", "must stay in", enrollment_id=e["enrollment_id"],
                   new_section_id=other["section_id"])
    assert_refused(state, "switch_section", "already in", enrollment_id=e["enrollment_id"],
                   new_section_id=e["section_id"])
    w = one(state, "SELECT enrollment_id, section_id FROM enrollments WHERE status = 'waitlisted' ORDER BY 1 LIMIT 1")
    assert_refused(state, "switch_section", "only enrolled students", enrollment_id=w["enrollment_id"],
                   new_section_id=w["section_id"])
    fall = enrolled_in(state, "FA26")
    sibling = one(state, "SELECT section_id FROM sections WHERE term_id = 'FA26' AND course_id = ? AND section_id "
                         "<> ? ORDER BY section_id LIMIT 1", [fall["course_id"], fall["section_id"]])
    assert_refused(state, "switch_section", "add/drop deadline", enrollment_id=fall["enrollment_id"],
                   new_section_id=sibling["section_id"])


# -- grading basis, program, payments ----------------------------------------------------------------------------

def test_grading_basis_rules(state: DuckDBState) -> None:
    ok = enrolled_in(state, "SP27", "AND e.grading_basis = 'letter' AND s.course_id IN (SELECT course_id FROM "
                                    "courses WHERE pass_fail_allowed)")
    result = run(state, "change_grading_basis", enrollment_id=ok["enrollment_id"], grading_basis="pass_fail")
    assert result["old_grading_basis"] == "letter" and result["grading_basis"] == "pass_fail"
    assert_refused(state, "change_grading_basis", "already graded pass_fail", enrollment_id=ok["enrollment_id"],
                   grading_basis="pass_fail")
    no = enrolled_in(state, "SP27", "AND s.course_id IN (SELECT course_id FROM courses WHERE NOT pass_fail_allowed)")
    assert_refused(state, "change_grading_basis", "cannot be taken pass/fail", enrollment_id=no["enrollment_id"],
                   grading_basis="pass_fail")
    assert run(state, "change_grading_basis", enrollment_id=no["enrollment_id"],
               grading_basis="audit")["grading_basis"] == "audit"
    late = enrolled_in(state, "FA26")
    assert_refused(state, "change_grading_basis", "could be changed until 2026-09-11",
                   enrollment_id=late["enrollment_id"], grading_basis="audit")
    w = one(state, "SELECT enrollment_id FROM enrollments WHERE status = 'waitlisted' ORDER BY 1 LIMIT 1")
    assert_refused(state, "change_grading_basis", "only enrolled classes", grading_basis="audit", **w)


def test_program_change_rules(state: DuckDBState) -> None:
    st = one(state, "SELECT student_id, program_id FROM students WHERE standing = 'good' AND program_declared_on < "
                    "'2026-08-31' AND program_id <> 'AAS-CIS' ORDER BY student_id LIMIT 1")
    result = run(state, "change_program", student_id=st["student_id"], program_id="aas-cis")
    advisor_dept = state.db.scalar("SELECT i.department FROM students s JOIN instructors i ON i.instructor_id = "
                                   "s.advisor_id WHERE s.student_id = ?", [st["student_id"]])
    assert result["program_id"] == "AAS-CIS" and advisor_dept == "Computer Information Systems"
    assert_refused(state, "change_program", "already changed programs this semester", student_id=st["student_id"],
                   program_id="AA-GEN")
    state.reset()
    assert_refused(state, "change_program", "already in", student_id=st["student_id"], program_id=st["program_id"])
    assert_refused(state, "change_program", "not accepting", student_id=st["student_id"], program_id="AAS-PHO")
    assert_refused(state, "change_program", "no program", student_id=st["student_id"], program_id="AAS-XYZ")
    prob = one(state, "SELECT student_id FROM students WHERE standing = 'probation' AND program_id <> 'AA-GEN' "
                      "ORDER BY student_id LIMIT 1")
    assert_refused(state, "change_program", "academic probation", program_id="AA-GEN", **prob)


def test_past_due_payments_release_the_hold(state: DuckDBState) -> None:
    h = one(state, "SELECT * FROM holds WHERE hold_type = 'financial' AND released_on IS NULL ORDER BY hold_id")
    assert_refused(state, "pay_past_due_balance", "at most the", hold_id=h["hold_id"], amount=h["amount_due"] + 1)
    assert_refused(state, "pay_past_due_balance", "more than 0.00", hold_id=h["hold_id"], amount=0)
    part = run(state, "pay_past_due_balance", hold_id=h["hold_id"], amount=25)
    assert part["hold_status"] == "active" and part["amount_still_due"] == round(h["amount_due"] - 25, 2)
    section = one(state, "SELECT section_id FROM sections WHERE term_id = 'SP27' ORDER BY section_id LIMIT 1")
    assert_refused(state, "enroll_in_section", "financial hold", student_id=h["student_id"], **section)
    rest = run(state, "pay_past_due_balance", hold_id=h["hold_id"], amount=part["amount_still_due"])
    assert rest["hold_status"] == "released" and rest["amount_still_due"] == 0
    assert run(state, "get_account_statement", student_id=h["student_id"])["past_due"] == 0
    holds = run(state, "get_student_profile", student_id=h["student_id"])["holds"]
    assert h["hold_id"] not in [x["hold_id"] for x in holds]
    assert_refused(state, "pay_past_due_balance", "already released", hold_id=h["hold_id"], amount=5)


def test_payment_refusals(state: DuckDBState) -> None:
    other = one(state, "SELECT hold_id FROM holds WHERE hold_type = 'advising' ORDER BY hold_id LIMIT 1")
    assert_refused(state, "pay_past_due_balance", "nothing to pay", amount=10, **other)
    assert_refused(state, "pay_past_due_balance", "no hold", hold_id="HLD-9999", amount=10)


def test_new_ids_are_deterministic() -> None:
    seen = []
    for _ in range(2):
        state = ENV.new_state()
        try:
            e = enrolled_in(state, "SP27")
            seen.append(run(state, "drop_enrollment", enrollment_id=e["enrollment_id"]))
            seen.append(state.state_hash())
        finally:
            state.close()
    assert seen[0] == seen[2] and seen[1] == seen[3]
