"""Tools of the courses environment: the registrar's office of Kestrel Valley Community College.

Reads look up students, the catalog, sections, the term calendar, transcripts and student accounts. Writes register
students for sections or waitlists, drop, withdraw and switch sections, change the grading basis or the program,
and take payments on past-due balances, each under the college's registration rules.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import as_date as _day
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import today as _today

CREDIT_CAPS = {"good": 18, "warning": 15, "probation": 12}
GRADE_RANK = {"A": 4, "B": 3, "C": 2, "P": 2, "D": 1, "F": 0}
ACTIVE = ("enrolled", "waitlisted")
#: Rows per page of get_student_schedule, get_account_statement and get_course_sections: a page stays well
#: under the 4,000 characters an agent is shown of one tool result.
SCHEDULE_PAGE = 6
STATEMENT_PAGE = 20
SECTIONS_PAGE = 10

Subject = Literal["ACC", "ART", "BIO", "BUS", "CHM", "CIS", "COM", "ECE", "ENG", "HIS", "HPE", "HVA", "MAT", "MUS",
                  "PHI", "PSY", "SOC", "SPA", "WLD"]

_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "ENR-": ("enrollments", "enrollment_id", 6),
    "TXN-": ("account_entries", "entry_id", 6),
})

_SECTION_SQL = (
    "SELECT s.*, c.title, c.credits, c.lab_fee, c.pass_fail_allowed, t.name AS term_name, t.semester, "
    "t.starts_on, t.ends_on, t.registration_opens, t.add_drop_deadline, t.partial_refund_until, "
    "t.withdrawal_deadline, t.grades_posted, i.title || ' ' || i.first_name || ' ' || i.last_name AS instructor, "
    "coalesce(n.enrolled, 0) AS enrolled, coalesce(n.waitlisted, 0) AS waitlisted "
    "FROM sections s JOIN courses c ON c.course_id = s.course_id JOIN terms t ON t.term_id = s.term_id "
    "JOIN instructors i ON i.instructor_id = s.instructor_id LEFT JOIN (SELECT section_id, "
    "count(*) FILTER (WHERE status = 'enrolled') AS enrolled, count(*) FILTER (WHERE status = 'waitlisted') "
    "AS waitlisted FROM enrollments GROUP BY section_id) n ON n.section_id = s.section_id")
# A student's enrollments joined with their sections (the section's columns, then the enrollment's).
_ENROLLED_SQL = ("SELECT x.*, e.enrollment_id, e.status AS enrollment_status, e.grading_basis, e.registered_at "
                 f"FROM enrollments e JOIN ({_SECTION_SQL}) x ON x.section_id = e.section_id WHERE e.student_id = ? ")


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _course_code(course_id: str) -> str:
    """'bio121', 'BIO-121' and 'BIO 121' all name the catalog code 'BIO 121'."""
    m = re.fullmatch(r"\s*([A-Za-z]{2,4})[\s\-_]*(\d{3})\s*", course_id)
    return f"{m.group(1).upper()} {m.group(2)}" if m else course_id.strip().upper()


def _student(db: Database, student_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM students WHERE student_id = ?", [student_id.strip().upper()])
    if row is None:
        raise ToolError(f"no student with id {student_id!r} (student ids look like 'S-10042'; use "
                        "find_student_record)")
    return row


def _section(db: Database, section_id: str) -> dict[str, Any]:
    row = db.query_one(_SECTION_SQL + " WHERE s.section_id = ?", [section_id.strip().upper()])
    if row is None:
        raise ToolError(f"no section with id {section_id!r} (section ids look like 'SEC-50123'; see "
                        "get_course_sections)")
    return row


def _enrollment(db: Database, enrollment_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM enrollments WHERE enrollment_id = ?", [enrollment_id.strip().upper()])
    if row is None:
        raise ToolError(f"no enrollment with id {enrollment_id!r} (enrollment ids look like 'ENR-200417'; see "
                        "get_student_schedule)")
    return {**row, "section": _section(db, row["section_id"])}


def _meets(s: dict[str, Any]) -> str:
    return f"{s['days']} {s['start_time']}-{s['end_time']}" if s["days"] else "online, no set meeting time"


def _section_view(s: dict[str, Any]) -> dict[str, Any]:
    return {"section_id": s["section_id"], "course_id": s["course_id"], "title": s["title"],
            "term_id": s["term_id"], "term_name": s["term_name"], "section_number": s["section_number"],
            "modality": s["modality"], "days": s["days"], "start_time": s["start_time"], "end_time": s["end_time"],
            "room": s["room"], "instructor": s["instructor"], "capacity": s["capacity"],
            "seats_open": max(0, s["capacity"] - s["enrolled"]), "waitlisted": s["waitlisted"],
            "waitlist_capacity": s["waitlist_capacity"]}


def _prerequisites(db: Database, course_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT p.prereq_course_id, c.title, p.min_grade FROM course_prerequisites p JOIN courses c "
                    "ON c.course_id = p.prereq_course_id WHERE p.course_id = ? ORDER BY 1", [course_id])


def _best_grade(db: Database, student_id: str, course_id: str) -> str | None:
    grades = db.query("SELECT e.grade FROM enrollments e JOIN sections s ON s.section_id = e.section_id "
                      "WHERE e.student_id = ? AND s.course_id = ? AND e.status = 'completed'",
                      [student_id, course_id])
    ranked = [g["grade"] for g in grades if g["grade"] in GRADE_RANK]
    return max(ranked, key=GRADE_RANK.__getitem__) if ranked else None


def _active(db: Database, student_id: str) -> list[dict[str, Any]]:
    return db.query(_ENROLLED_SQL + "AND e.status IN ('enrolled', 'waitlisted') ORDER BY e.enrollment_id",
                    [student_id])


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a["starts_on"] > b["ends_on"] or b["starts_on"] > a["ends_on"]:
        return False
    if not a["days"] or not b["days"] or not set(a["days"]) & set(b["days"]):
        return False
    return a["start_time"] < b["end_time"] and b["start_time"] < a["end_time"]


def _semester_credits(active: list[dict[str, Any]], semester: str) -> int:
    return sum(s["credits"] for s in active if s["semester"] == semester)


def _check_window(db: Database, s: dict[str, Any]) -> None:
    today = _today(db)
    if today < _day(s["registration_opens"]):
        raise ToolError(f"registration for {s['term_name']} opens on {s['registration_opens']}")
    if today > _day(s["add_drop_deadline"]):
        raise ToolError(f"the add/drop deadline for {s['term_name']} was {s['add_drop_deadline']}; sections can no "
                        "longer be added or switched")


def _check_holds(db: Database, student: dict[str, Any]) -> None:
    holds = db.query("SELECT hold_type, office, reason FROM holds WHERE student_id = ? AND released_on IS NULL "
                     "AND blocks_registration ORDER BY hold_id", [student["student_id"]])
    if holds:
        h = holds[0]
        raise ToolError(f"{student['first_name']} {student['last_name']} has an active {h['hold_type']} hold "
                        f"({h['reason']}) that blocks registration; the {h['office']} must release it first")


def _check_registration(db: Database, student: dict[str, Any], s: dict[str, Any], replacing: str | None = None
                        ) -> list[dict[str, Any]]:
    """Every rule of adding section ``s`` except seats; returns the student's other active sections."""
    _check_window(db, s)
    _check_holds(db, student)
    sid, course = student["student_id"], s["course_id"]
    active = [a for a in _active(db, sid) if a["enrollment_id"] != replacing]
    if replacing is None:
        best = _best_grade(db, sid, course)
        if best is not None and GRADE_RANK[best] >= GRADE_RANK["C"]:
            raise ToolError(f"the student already passed {course} (grade {best}); a passed course cannot be "
                            "repeated")
        same = [a for a in active if a["course_id"] == course]
        if same:
            raise ToolError(f"the student is already {same[0]['enrollment_status']} in {course} "
                            f"({same[0]['section_id']}, {same[0]['term_name']}); use switch_section to change "
                            "sections")
        for p in _prerequisites(db, course):
            got = _best_grade(db, sid, p["prereq_course_id"])
            if got is None or GRADE_RANK[got] < GRADE_RANK[p["min_grade"]]:
                have = f"best grade {got}" if got else "not completed"
                raise ToolError(f"{course} requires {p['prereq_course_id']} with a grade of {p['min_grade']} or better "
                                f"({have}; courses in progress do not count)")
    for a in active:
        if _overlap(s, a):
            raise ToolError(f"{s['section_id']} ({_meets(s)}) conflicts with the student's {a['course_id']} "
                            f"section {a['section_id']} ({_meets(a)}, {a['term_name']})")
    if replacing is None:
        cap = CREDIT_CAPS[student["standing"]]
        load = _semester_credits(active, s["semester"])
        if load + s["credits"] > cap:
            raise ToolError(f"{s['credits']} more credits would bring {s['semester']} to {load + s['credits']}; the "
                            f"cap for {student['standing']} standing is {cap} (enrolled and waitlisted credits count)")
    return active


def _post(db: Database, student_id: str, term_id: str | None, enrollment_id: str | None, kind: str, amount: float,
          memo: str) -> None:
    db.execute("INSERT INTO account_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [_IDS.next(db, "TXN-"), student_id, term_id, enrollment_id, kind, _money(amount), db.now, memo])


def _charge(db: Database, student_id: str, enrollment_id: str, s: dict[str, Any]) -> dict[str, float]:
    rate = db.scalar("SELECT r.per_credit FROM students st JOIN tuition_rates r ON r.residency = st.residency "
                     "WHERE st.student_id = ?", [student_id])
    tuition = _money(s["credits"] * rate)
    _post(db, student_id, s["term_id"], enrollment_id, "tuition", tuition,
          f"Tuition {s['course_id']} ({s['credits']} cr x {rate:.2f})")
    if s["lab_fee"]:
        _post(db, student_id, s["term_id"], enrollment_id, "course_fee", s["lab_fee"], f"Course fee {s['course_id']}")
    return {"tuition": tuition, "course_fee": s["lab_fee"], "total_charged": _money(tuition + s["lab_fee"])}


def _net_charged(db: Database, enrollment_id: str) -> float:
    return _money(db.scalar(
        "SELECT coalesce(sum(CASE WHEN kind = 'refund' THEN -amount ELSE amount END), 0) FROM account_entries "
        "WHERE enrollment_id = ? AND kind IN ('tuition', 'course_fee', 'refund')", [enrollment_id]))


def _refund_plan(db: Database, e: dict[str, Any]) -> tuple[str, int]:
    """('drop' or 'withdraw', refund percent) for an active enrollment today, or ToolError."""
    s, today = e["section"], _today(db)
    if e["status"] not in ACTIVE:
        raise ToolError(f"enrollment {e['enrollment_id']} is {e['status']}; only enrolled or waitlisted "
                        "enrollments can be dropped or withdrawn")
    if today <= _day(s["add_drop_deadline"]):
        return "drop", 100
    if today > _day(s["withdrawal_deadline"]):
        raise ToolError(f"the withdrawal deadline for {s['term_name']} was {s['withdrawal_deadline']}; the student "
                        "stays enrolled and receives a final grade")
    return "withdraw", 50 if today <= _day(s["partial_refund_until"]) else 0


def _promote(db: Database, section_id: str) -> bool:
    """Give a freed seat to the first student on the section's waitlist (charged like any registration)."""
    first = db.query_one("SELECT enrollment_id, student_id FROM enrollments WHERE section_id = ? AND status = "
                         "'waitlisted' ORDER BY registered_at, enrollment_id LIMIT 1", [section_id])
    if first is None:
        return False
    db.execute("UPDATE enrollments SET status = 'enrolled', updated_at = ? WHERE enrollment_id = ?",
               [db.now, first["enrollment_id"]])
    _charge(db, first["student_id"], first["enrollment_id"], _section(db, section_id))
    return True


def _waitlist_position(db: Database, e: dict[str, Any]) -> int:
    return db.scalar("SELECT count(*) FROM enrollments WHERE section_id = ? AND status = 'waitlisted' AND "
                     "(registered_at < CAST(? AS TIMESTAMP) OR (registered_at = CAST(? AS TIMESTAMP) AND "
                     "enrollment_id <= ?))", [e["section_id"], e["registered_at"], e["registered_at"],
                                              e["enrollment_id"]])


def _new_enrollment(db: Database, student_id: str, section_id: str, status: str, basis: str = "letter") -> str:
    eid = _IDS.next(db, "ENR-")
    db.execute("INSERT INTO enrollments VALUES (?, ?, ?, ?, ?, NULL, ?, ?)",
               [eid, student_id, section_id, status, basis, db.now, db.now])
    return eid


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_student_record(db: Database, student_number: str, date_of_birth: str) -> dict:
    """Verify a student: find their record from the student number on their ID card and their date of birth.

    Args:
        student_number: The 7-digit student number, e.g. "4821907".
        date_of_birth: Date of birth as YYYY-MM-DD (or MM/DD/YYYY), e.g. "2006-03-14".

    Returns:
        The student id and name.
    """
    row = db.query_one("SELECT student_id, first_name, last_name, CAST(date_of_birth AS VARCHAR) AS dob FROM "
                       "students WHERE student_number = ?", [re.sub(r"\D", "", student_number)])
    us = re.fullmatch(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*", date_of_birth)  # MM/DD/YYYY is accepted too
    dob = f"{us.group(3)}-{int(us.group(1)):02d}-{int(us.group(2)):02d}" if us else date_of_birth.strip()
    if row is None or row["dob"] != dob:
        raise ToolError("no student matches that student number and date of birth")
    return {"student_id": row["student_id"], "first_name": row["first_name"], "last_name": row["last_name"]}


@tool
def get_student_profile(db: Database, student_id: str) -> dict:
    """A student's program, academic standing, credit cap, residency and tuition rate, advisor and active holds.

    Args:
        student_id: The student's id, e.g. "S-10042" (from find_student_record).
    """
    st = _student(db, student_id)
    extra = db.query_one(
        "SELECT p.name AS program_name, p.award, r.per_credit, i.title || ' ' || i.first_name || ' ' || i.last_name "
        "AS advisor FROM students s JOIN programs p ON p.program_id = s.program_id JOIN tuition_rates r ON "
        "r.residency = s.residency JOIN instructors i ON i.instructor_id = s.advisor_id WHERE s.student_id = ?",
        [st["student_id"]])
    holds = db.query("SELECT hold_id, hold_type, office, reason, blocks_registration, amount_due, placed_on FROM "
                     "holds WHERE student_id = ? AND released_on IS NULL ORDER BY hold_id", [st["student_id"]])
    for h in holds:
        if h["hold_type"] != "financial":
            del h["amount_due"]
    return {"student_id": st["student_id"], "first_name": st["first_name"], "last_name": st["last_name"],
            "email": st["email"], "phone": st["phone"], "program_id": st["program_id"],
            "program_name": extra["program_name"], "award": extra["award"],
            "program_declared_on": st["program_declared_on"], "standing": st["standing"],
            "credit_cap": CREDIT_CAPS[st["standing"]], "residency": st["residency"],
            "tuition_per_credit": extra["per_credit"], "advisor": extra["advisor"], "holds": holds}


@tool
def get_transcript(db: Database, student_id: str) -> dict:
    """A student's unofficial transcript: graded and withdrawn courses of past terms, credits earned and GPA.

    Args:
        student_id: The student's id, e.g. "S-10042".
    """
    st = _student(db, student_id)
    rows = db.query(
        "SELECT t.term_id, t.name AS term_name, s.course_id, c.title, c.credits, e.grading_basis, e.grade "
        "FROM enrollments e JOIN sections s ON s.section_id = e.section_id JOIN courses c ON c.course_id = "
        "s.course_id JOIN terms t ON t.term_id = s.term_id WHERE e.student_id = ? AND e.status IN ('completed', "
        "'withdrawn') AND t.grades_posted ORDER BY t.starts_on, s.course_id", [st["student_id"]])
    graded = [r for r in rows if r["grading_basis"] == "letter" and r["grade"] in GRADE_RANK]
    hours = sum(r["credits"] for r in graded)
    gpa = round(sum(GRADE_RANK[r["grade"]] * r["credits"] for r in graded) / hours, 2) if hours else None
    earned = sum(r["credits"] for r in rows if r["grade"] in ("A", "B", "C", "D", "P"))
    return {"student_id": st["student_id"], "gpa": gpa, "credits_earned": earned, "courses": rows}


@tool
def get_student_schedule(db: Database, student_id: str, term_id: str | None = None,
                         status: Literal["enrolled", "waitlisted", "dropped", "withdrawn"] | None = None,
                         offset: int = 0) -> dict:
    """A student's current and upcoming registrations, waitlist positions and semester credits, 6 per page.

    Args:
        student_id: The student's id, e.g. "S-10042".
        term_id: Only this term, e.g. "SP27" (from list_terms); "FA26" also covers the Fall 2026 sessions (FA26-8A,
            FA26-LS, FA26-8B). Omit for every current and upcoming term.
        status: Only the enrollments with this status; omit for all of them.
        offset: Skip this many enrollments: the next_offset of the previous page (0, the default, is the first page).

    Returns:
        Per semester the enrolled plus waitlisted credits against the student's credit cap, then the enrollments
        (enrolled, waitlisted, dropped, withdrawn) of terms without posted grades, at most 6 per page: "total" says
        how many match, and "next_offset" (present only when more remain) is the offset of the next page.
    """
    st = _student(db, student_id)
    if offset < 0:
        raise ToolError("offset must be 0 or more")
    rows = db.query(_ENROLLED_SQL + "AND NOT x.grades_posted ORDER BY x.starts_on, e.enrollment_id",
                    [st["student_id"]])
    credits: dict[str, int] = {}
    for s in rows:
        if s["enrollment_status"] in ACTIVE:
            credits[s["semester"]] = credits.get(s["semester"], 0) + s["credits"]
    if term_id:
        term = term_id.strip().upper()
        if db.scalar("SELECT count(*) FROM terms WHERE term_id = ?", [term]) == 0:
            raise ToolError(f"no term {term_id!r}; see list_terms")
        rows = [s for s in rows if s["term_id"] == term or s["term_id"].startswith(term + "-")]
    if status:
        rows = [s for s in rows if s["enrollment_status"] == status]
    out = []
    for s in rows[offset:offset + SCHEDULE_PAGE]:
        view = _section_view(s)
        item = {"enrollment_id": s["enrollment_id"], "status": s["enrollment_status"],
                "grading_basis": s["grading_basis"], "registered_at": s["registered_at"],
                **{k: view.pop(k) for k in ("course_id", "title", "term_id", "term_name")}, "credits": s["credits"],
                "section": view}
        if s["enrollment_status"] == "waitlisted":
            item["waitlist_position"] = _waitlist_position(db, s)
        out.append(item)
    cap = CREDIT_CAPS[st["standing"]]
    result = {"student_id": st["student_id"],
              "semesters": [{"semester": k, "credits": v, "credit_cap": cap} for k, v in credits.items()],
              "total": len(rows), "offset": offset, "enrollments": out}
    if offset + SCHEDULE_PAGE < len(rows):
        result["next_offset"] = offset + SCHEDULE_PAGE
    return result


@tool
def list_terms(db: Database) -> list:
    """The academic calendar: every term and session with its dates, deadlines and registration status today.

    Returns:
        Terms with start and end dates, registration opening, add/drop deadline (last day to add, drop with a 100%
        refund or switch sections), the last day of 50% refunds for withdrawals, and the withdrawal deadline.
    """
    today = _today(db)
    rows = db.query("SELECT term_id, name, semester, starts_on, ends_on, registration_opens, add_drop_deadline, "
                    "partial_refund_until, withdrawal_deadline, grades_posted FROM terms ORDER BY starts_on, term_id")
    for r in rows:
        r["registration"] = ("not_yet_open" if today < _day(r["registration_opens"]) else
                             "open" if today <= _day(r["add_drop_deadline"]) else "closed")
    return rows


@tool
def browse_course_catalog(db: Database, subject: Subject) -> list:
    """The catalog courses of one subject, with credits, course fee, pass/fail option and prerequisites.

    Args:
        subject: The subject code, e.g. "BIO" (biology) or "CIS" (computer information systems).
    """
    rows = db.query("SELECT course_id, title, credits, lab_fee, pass_fail_allowed, description FROM courses WHERE "
                    "subject = ? ORDER BY course_id", [subject])
    for r in rows:
        r["prerequisites"] = _prerequisites(db, r["course_id"])
    return rows


@tool
def get_course_sections(db: Database, course_id: str, term_id: str | None = None, offset: int = 0) -> dict:
    """A course's details and its sections in current and upcoming terms (or one term), with open seats, 10 per page.

    Args:
        course_id: The catalog code, e.g. "BIO 121".
        term_id: Only this term, e.g. "SP27" (from list_terms); omit for every current and upcoming term.
        offset: Skip this many sections: the next_offset of the previous page (0, the default, is the first page).

    Returns:
        The course (credits, course fee, pass/fail option, prerequisites) and its sections by term, at most 10 per
        page: "total" says how many match, and "next_offset" (present only when more remain) is the offset of the
        next page.
    """
    code = _course_code(course_id)
    course = db.query_one("SELECT course_id, title, credits, lab_fee, pass_fail_allowed, description FROM courses "
                          "WHERE course_id = ?", [code])
    if course is None:
        raise ToolError(f"no course {course_id!r} in the catalog (codes look like 'BIO 121'; see "
                        "browse_course_catalog)")
    if term_id:
        if db.scalar("SELECT count(*) FROM terms WHERE term_id = ?", [term_id.strip().upper()]) == 0:
            raise ToolError(f"no term {term_id!r}; see list_terms")
        where, params = "t.term_id = ?", [code, term_id.strip().upper()]
    else:
        where, params = "NOT t.grades_posted", [code]
    sections = db.query(_SECTION_SQL + f" WHERE s.course_id = ? AND {where} ORDER BY t.starts_on, s.section_id",
                        params)
    if offset < 0:
        raise ToolError("offset must be 0 or more")
    views = [_section_view(s) for s in sections[offset:offset + SECTIONS_PAGE]]
    for v in views:  # the course's code and title head the result: not repeated in every section
        del v["course_id"], v["title"]
    result = {**course, "prerequisites": _prerequisites(db, code), "total": len(sections), "offset": offset,
              "sections": views}
    if offset + SECTIONS_PAGE < len(sections):
        result["next_offset"] = offset + SECTIONS_PAGE
    return result


@tool
def get_account_statement(db: Database, student_id: str, term_id: str | None = None, offset: int = 0) -> dict:
    """A student's account: tuition, course fees, refunds and payments (20 per page), the balance and past-due amount.

    Args:
        student_id: The student's id, e.g. "S-10042".
        term_id: Only the entries of this term, e.g. "SP27" ("FA26" also covers its sessions); omit for all.
        offset: Skip this many entries: the next_offset of the previous page (0, the default, is the first page).

    Returns:
        The balance and past-due amount of the whole account, then its entries oldest first, at most 20 per page:
        "total" says how many match, and "next_offset" (present only when more remain) is the offset of the next
        page.
    """
    st = _student(db, student_id)
    if offset < 0:
        raise ToolError("offset must be 0 or more")
    entries = db.query("SELECT posted_at, term_id, kind, amount, memo FROM account_entries WHERE "
                       "student_id = ? ORDER BY posted_at, entry_id", [st["student_id"]])
    balance = _money(sum(-e["amount"] if e["kind"] in ("refund", "payment") else e["amount"] for e in entries))
    past_due = db.scalar("SELECT coalesce(sum(amount_due), 0) FROM holds WHERE student_id = ? AND hold_type = "
                         "'financial' AND released_on IS NULL", [st["student_id"]])
    if term_id:
        term = term_id.strip().upper()
        if db.scalar("SELECT count(*) FROM terms WHERE term_id = ?", [term]) == 0:
            raise ToolError(f"no term {term_id!r}; see list_terms")
        entries = [e for e in entries if e["term_id"] and (e["term_id"] == term or e["term_id"].startswith(term + "-"))]
    result = {"student_id": st["student_id"], "balance": balance, "past_due": _money(past_due),
              "total": len(entries), "offset": offset, "entries": entries[offset:offset + STATEMENT_PAGE]}
    if offset + STATEMENT_PAGE < len(entries):
        result["next_offset"] = offset + STATEMENT_PAGE
    return result


@tool
def estimate_drop_refund(db: Database, enrollment_id: str) -> dict:
    """What leaving a class today would mean: a drop or a withdrawal with a W, and the refund percent and amount.

    A drop through the add/drop deadline, a withdrawal after it, and after the withdrawal deadline "none" (the
    student stays in the class); the deadlines come with the estimate.

    Args:
        enrollment_id: The enrollment, e.g. "ENR-200417" (from get_student_schedule).
    """
    e = _enrollment(db, enrollment_id)
    s = e["section"]
    if e["status"] in ACTIVE and _today(db) > _day(s["withdrawal_deadline"]):
        # Past the withdrawal deadline the estimate is the answer, not an error: the class can no longer be left.
        action, pct = "none", 0
    else:
        action, pct = _refund_plan(db, e)
    charged = _net_charged(db, e["enrollment_id"]) if e["status"] == "enrolled" else 0.0
    out = {"enrollment_id": e["enrollment_id"], "course_id": s["course_id"], "term_name": s["term_name"],
           "status": e["status"], "action": action, "grade_if_done": "W" if action == "withdraw" else None,
           "refund_percent": pct, "amount_charged": charged, "refund_amount": _money(charged * pct / 100),
           "add_drop_deadline": s["add_drop_deadline"], "partial_refund_until": s["partial_refund_until"],
           "withdrawal_deadline": s["withdrawal_deadline"]}
    if action == "none":
        out["note"] = (f"the withdrawal deadline for {s['term_name']} was {s['withdrawal_deadline']}; the student "
                       "stays enrolled and receives a final grade")
    return out


@tool
def list_programs(db: Database) -> list:
    """The college's degree and certificate programs, and whether each accepts new students."""
    return db.query("SELECT program_id, name, award, department, credits_required, accepting_students FROM programs "
                    "ORDER BY program_id")


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def enroll_in_section(db: Database, student_id: str, section_id: str) -> dict:
    """Register a student for a section with an open seat; tuition and any course fee are charged at once.

    Args:
        student_id: The student's id, e.g. "S-10042".
        section_id: The section, e.g. "SEC-50123" (from get_course_sections).
    """
    st, s = _student(db, student_id), _section(db, section_id)
    active = _check_registration(db, st, s)
    if s["enrolled"] >= s["capacity"]:
        raise ToolError(f"{s['section_id']} is full ({s['enrolled']} of {s['capacity']} seats taken, "
                        f"{s['waitlisted']} of {s['waitlist_capacity']} waitlist places used); the student may join "
                        "the waitlist instead")
    eid = _new_enrollment(db, st["student_id"], s["section_id"], "enrolled")
    money = _charge(db, st["student_id"], eid, s)
    return {"enrollment_id": eid, "status": "enrolled", "section_id": s["section_id"], "course_id": s["course_id"],
            "title": s["title"], "term_name": s["term_name"], "meets": _meets(s), "credits": s["credits"], **money,
            "semester_credits": _semester_credits(active, s["semester"]) + s["credits"],
            "credit_cap": CREDIT_CAPS[st["standing"]]}


@tool(writes=True)
def join_section_waitlist(db: Database, student_id: str, section_id: str) -> dict:
    """Put a student on the waitlist of a full section; nothing is charged until a seat is given to them.

    Args:
        student_id: The student's id, e.g. "S-10042".
        section_id: The full section, e.g. "SEC-50123".
    """
    st, s = _student(db, student_id), _section(db, section_id)
    _check_registration(db, st, s)
    if s["enrolled"] < s["capacity"]:
        raise ToolError(f"{s['section_id']} still has {s['capacity'] - s['enrolled']} open seats; enroll the "
                        "student instead of waitlisting")
    if s["waitlisted"] >= s["waitlist_capacity"]:
        raise ToolError(f"the waitlist of {s['section_id']} is full ({s['waitlisted']} of {s['waitlist_capacity']})")
    eid = _new_enrollment(db, st["student_id"], s["section_id"], "waitlisted")
    return {"enrollment_id": eid, "status": "waitlisted", "section_id": s["section_id"], "course_id": s["course_id"],
            "term_name": s["term_name"], "waitlist_position": s["waitlisted"] + 1}


@tool(writes=True)
def drop_enrollment(db: Database, enrollment_id: str) -> dict:
    """Drop a class or leave a waitlist, through the term's add/drop deadline: a 100% refund, no transcript entry.

    A freed seat goes to the first student on the waitlist.

    Args:
        enrollment_id: The enrollment to drop, e.g. "ENR-200417" (from get_student_schedule).
    """
    e = _enrollment(db, enrollment_id)
    action, _ = _refund_plan(db, e)
    s = e["section"]
    if action != "drop":
        raise ToolError(f"the add/drop deadline for {s['term_name']} was {s['add_drop_deadline']}; the student can "
                        f"only withdraw (grade W) until {s['withdrawal_deadline']}")
    refund = _net_charged(db, e["enrollment_id"]) if e["status"] == "enrolled" else 0.0
    db.execute("UPDATE enrollments SET status = 'dropped', updated_at = ? WHERE enrollment_id = ?",
               [db.now, e["enrollment_id"]])
    if refund:
        _post(db, e["student_id"], s["term_id"], e["enrollment_id"], "refund", refund,
              f"Refund 100% drop {s['course_id']}")
    promoted = _promote(db, s["section_id"]) if e["status"] == "enrolled" else False
    return {"enrollment_id": e["enrollment_id"], "course_id": s["course_id"], "term_name": s["term_name"],
            "status": "dropped", "refund_amount": refund, "seat_given_to_waitlist": promoted}


@tool(writes=True)
def withdraw_from_section(db: Database, enrollment_id: str) -> dict:
    """Withdraw from a class after the add/drop deadline, through the withdrawal deadline: grade W, maybe a refund.

    A 50% refund within 14 days after the add/drop deadline, none later.

    Args:
        enrollment_id: The enrollment, e.g. "ENR-200417" (from get_student_schedule).
    """
    e = _enrollment(db, enrollment_id)
    action, pct = _refund_plan(db, e)
    s = e["section"]
    if action != "withdraw":
        raise ToolError(f"{s['term_name']} is still before its add/drop deadline ({s['add_drop_deadline']}): drop "
                        "the class instead, with a full refund and no W")
    refund = _money(_net_charged(db, e["enrollment_id"]) * pct / 100)
    db.execute("UPDATE enrollments SET status = 'withdrawn', grade = 'W', updated_at = ? WHERE enrollment_id = ?",
               [db.now, e["enrollment_id"]])
    if refund:
        _post(db, e["student_id"], s["term_id"], e["enrollment_id"], "refund", refund,
              f"Refund {pct}% withdrawal {s['course_id']}")
    return {"enrollment_id": e["enrollment_id"], "course_id": s["course_id"], "term_name": s["term_name"],
            "status": "withdrawn", "grade": "W", "refund_percent": pct, "refund_amount": refund}


@tool(writes=True)
def switch_section(db: Database, enrollment_id: str, new_section_id: str) -> dict:
    """Move an enrolled student to another section of the same course and term, through the add/drop deadline.

    The charges move with the student; the freed seat goes to the old section's waitlist.

    Args:
        enrollment_id: The current enrollment, e.g. "ENR-200417".
        new_section_id: The section to move to, e.g. "SEC-50131" (from get_course_sections).
    """
    e = _enrollment(db, enrollment_id)
    old, new = e["section"], _section(db, new_section_id)
    if e["status"] != "enrolled":
        raise ToolError(f"enrollment {e['enrollment_id']} is {e['status']}; only enrolled students switch sections")
    if new["section_id"] == old["section_id"]:
        raise ToolError(f"the student is already in {old['section_id']}")
    if new["course_id"] != old["course_id"] or new["term_id"] != old["term_id"]:
        raise ToolError(f"{new['section_id']} is {new['course_id']} in {new['term_name']}; a switch must stay in "
                        f"{old['course_id']} in {old['term_name']}")
    st = _student(db, e["student_id"])
    _check_registration(db, st, new, replacing=e["enrollment_id"])
    if new["enrolled"] >= new["capacity"]:
        raise ToolError(f"{new['section_id']} is full ({new['enrolled']} of {new['capacity']} seats taken)")
    charged = _net_charged(db, e["enrollment_id"])
    db.execute("UPDATE enrollments SET status = 'dropped', updated_at = ? WHERE enrollment_id = ?",
               [db.now, e["enrollment_id"]])
    if charged:
        _post(db, st["student_id"], old["term_id"], e["enrollment_id"], "refund", charged,
              f"Refund 100% section switch {old['course_id']}")
    eid = _new_enrollment(db, st["student_id"], new["section_id"], "enrolled", e["grading_basis"])
    _charge(db, st["student_id"], eid, new)
    promoted = _promote(db, old["section_id"])
    return {"old_enrollment_id": e["enrollment_id"], "enrollment_id": eid, "section_id": new["section_id"],
            "course_id": new["course_id"], "term_name": new["term_name"], "meets": _meets(new),
            "instructor": new["instructor"], "seat_given_to_waitlist": promoted}


@tool(writes=True)
def change_grading_basis(db: Database, enrollment_id: str,
                         grading_basis: Literal["letter", "pass_fail", "audit"]) -> dict:
    """Change how an enrolled class is graded, through the term's add/drop deadline.

    Pass/fail only where the course allows it; an audited class earns no credit. Tuition is unchanged.

    Args:
        enrollment_id: The enrollment, e.g. "ENR-200417".
        grading_basis: "letter" (A-F), "pass_fail" (P or F) or "audit" (no grade, no credit).
    """
    e = _enrollment(db, enrollment_id)
    s = e["section"]
    if e["status"] != "enrolled":
        raise ToolError(f"enrollment {e['enrollment_id']} is {e['status']}; only enrolled classes change grading")
    if _today(db) > _day(s["add_drop_deadline"]):
        raise ToolError(f"the grading basis of {s['term_name']} classes could be changed until "
                        f"{s['add_drop_deadline']}")
    if e["grading_basis"] == grading_basis:
        raise ToolError(f"{s['course_id']} is already graded {grading_basis}")
    if grading_basis == "pass_fail" and not s["pass_fail_allowed"]:
        raise ToolError(f"{s['course_id']} {s['title']} cannot be taken pass/fail")
    db.execute("UPDATE enrollments SET grading_basis = ?, updated_at = ? WHERE enrollment_id = ?",
               [grading_basis, db.now, e["enrollment_id"]])
    return {"enrollment_id": e["enrollment_id"], "course_id": s["course_id"], "term_name": s["term_name"],
            "old_grading_basis": e["grading_basis"], "grading_basis": grading_basis}


@tool(writes=True)
def change_program(db: Database, student_id: str, program_id: str) -> dict:
    """Change a student's declared program (once per semester); they get an advisor of its department.

    Args:
        student_id: The student's id, e.g. "S-10042".
        program_id: The new program, e.g. "AAS-CIS" (from list_programs).
    """
    st = _student(db, student_id)
    p = db.query_one("SELECT * FROM programs WHERE program_id = ?", [program_id.strip().upper()])
    if p is None:
        raise ToolError(f"no program {program_id!r}; see list_programs")
    if p["program_id"] == st["program_id"]:
        raise ToolError(f"the student is already in {p['name']} ({p['program_id']})")
    if not p["accepting_students"]:
        raise ToolError(f"{p['name']} ({p['program_id']}) is not accepting new students")
    if st["standing"] == "probation":
        raise ToolError("students on academic probation cannot change programs; they must see their advisor first")
    today = _today(db)
    semester = db.query_one("SELECT semester, min(starts_on) AS starts_on FROM terms WHERE semester IN (SELECT "
                            "semester FROM terms WHERE starts_on <= ? AND ends_on >= ?) GROUP BY semester",
                            [today, today])
    if semester and _day(st["program_declared_on"]) >= _day(semester["starts_on"]):
        raise ToolError(f"the student already changed programs this semester (on {st['program_declared_on']}); one "
                        f"program change is allowed per semester")
    advisor = db.query_one(
        "SELECT i.instructor_id, i.title || ' ' || i.first_name || ' ' || i.last_name AS name FROM instructors i "
        "WHERE i.department = ? ORDER BY (SELECT count(*) FROM students s WHERE s.advisor_id = i.instructor_id), "
        "i.instructor_id LIMIT 1", [p["department"]])
    db.execute("UPDATE students SET program_id = ?, advisor_id = ?, program_declared_on = ? WHERE student_id = ?",
               [p["program_id"], advisor["instructor_id"], today, st["student_id"]])
    return {"student_id": st["student_id"], "program_id": p["program_id"], "program_name": p["name"],
            "award": p["award"], "advisor": advisor["name"]}


@tool(writes=True)
def pay_past_due_balance(db: Database, hold_id: str, amount: float) -> dict:
    """Take a payment toward the past-due balance of a financial hold; the hold is released when nothing is due.

    Args:
        hold_id: The financial hold, e.g. "HLD-0031" (from get_student_profile).
        amount: Dollars to pay, more than 0 and at most the amount due.
    """
    h = db.query_one("SELECT * FROM holds WHERE hold_id = ?", [hold_id.strip().upper()])
    if h is None:
        raise ToolError(f"no hold with id {hold_id!r}; see get_student_profile")
    if h["released_on"] is not None:
        raise ToolError(f"hold {h['hold_id']} was already released on {h['released_on']}")
    if h["hold_type"] != "financial":
        raise ToolError(f"hold {h['hold_id']} is a {h['hold_type']} hold with nothing to pay; only the "
                        f"{h['office']} can release it")
    amount = _money(amount)
    if not 0 < amount <= h["amount_due"]:
        raise ToolError(f"the payment must be more than 0.00 and at most the {h['amount_due']:.2f} due, "
                        f"got {amount:.2f}")
    due = _money(h["amount_due"] - amount)
    released = db.now[:10] if due == 0 else None
    db.execute("UPDATE holds SET amount_due = ?, released_on = ? WHERE hold_id = ?", [due, released, h["hold_id"]])
    _post(db, h["student_id"], None, None, "payment", amount, f"Past-due payment ({h['hold_id']})")
    return {"hold_id": h["hold_id"], "paid": amount, "amount_still_due": due,
            "hold_status": "released" if released else "active"}
