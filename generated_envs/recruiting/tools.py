"""Tools of the recruiting environment: the recruiting coordination desk of Larkspur Systems.

Reads look up candidates, applications, requisitions, interview slots, employees and referrals. Writes move
applications through the hiring stages, book and cancel interviews, record feedback, draft, approve and extend
offers, record the candidate's answer, change requisitions, log referrals and pay referral bonuses.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, money, parse_date
from envfactory_gym.authoring.kit import as_date as _day
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import today as _today

STAGES = ("applied", "screen", "interview", "offer", "hired")
CLOSED_STAGES = ("hired", "rejected", "withdrawn")
PANEL_TYPES = ("technical", "portfolio", "behavioral", "leadership")
REAPPLY_DAYS = 90
MAX_ACTIVE_APPLICATIONS = 3
OFFER_VALID_DAYS = 7
MIN_START_DAYS, MAX_START_DAYS = 14, 120
MAX_SIGNING_SHARE = 0.10
PROBATION_DAYS = 90
REFERRAL_BONUS = {"P2": 1500.0, "P3": 2500.0, "P4": 4000.0, "P5": 4000.0, "M1": 5000.0, "M2": 5000.0}
MAX_LIST = 20
#: Slots per page of find_interview_slots.
SLOT_PAGE = 15

InterviewType = Literal["screen", "technical", "portfolio", "behavioral", "leadership"]
ReqStatus = Literal["open", "on_hold", "filled", "closed"]

_parse_date = partial(parse_date, hint="like '2026-05-18'")
_money = partial(money, half="up")
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "APP-": ("applications", "application_id", 5),
    "INT-": ("interviews", "interview_id", 5),
    "OFR-": ("offers", "offer_id", 4),
    "REF-": ("referrals", "referral_id", 4),
})


def _name(db: Database, employee_id: str | None) -> str | None:
    row = db.query_one("SELECT first_name || ' ' || last_name AS n FROM employees WHERE employee_id = ?",
                       [employee_id])
    return row["n"] if row else None


_ROWS = {  # what -> (query by id, an example id)
    "candidate": ("SELECT * FROM candidates WHERE candidate_id = ?", "CAN-50012"),
    "requisition": ("SELECT * FROM requisitions WHERE req_id = ?", "REQ-2041"),
    "application": ("SELECT * FROM applications WHERE application_id = ?", "APP-70015"),
    "interview": ("SELECT * FROM interviews WHERE interview_id = ?", "INT-40233"),
    "offer": ("SELECT o.*, a.req_id FROM offers o JOIN applications a USING (application_id) WHERE o.offer_id = ?",
              "OFR-9012"),
    "employee": ("SELECT * FROM employees WHERE employee_id = ?", "E-1042"),
    "slot": ("SELECT * FROM interview_slots WHERE slot_id = ?", "SLOT-30412"),
    "referral": ("SELECT f.*, r.level FROM referrals f JOIN requisitions r USING (req_id) WHERE f.referral_id = ?",
                 "REF-6021"),
}


def _row(db: Database, what: str, key: str) -> dict[str, Any]:
    sql, example = _ROWS[what]
    row = db.query_one(sql, [key.strip().upper()])
    if row is None:
        raise ToolError(f"no {what} with id {key!r} ({what} ids look like '{example}')")
    return row


def _offer_status(offer: dict[str, Any], today: date) -> str:
    """The offer's status as of today: an extended offer past its expiry date is expired."""
    if offer["status"] == "extended" and offer["expires_on"] and _day(offer["expires_on"]) < today:
        return "expired"
    return offer["status"]


def _live_offers(db: Database, application_id: str) -> list[dict[str, Any]]:
    """Offers of an application still in play: pending approval, approved, extended (unexpired) or accepted."""
    today = _today(db)
    rows = db.query("SELECT * FROM offers WHERE application_id = ? ORDER BY offer_id", [application_id])
    return [o for o in rows if _offer_status(o, today) in ("pending_approval", "approved", "extended", "accepted")]


def _require_active(app: dict[str, Any], action: str) -> None:
    if app["stage"] in CLOSED_STAGES:
        raise ToolError(f"application {app['application_id']} is {app['stage']}; closed applications cannot {action}")


def _require_open(req: dict[str, Any], action: str) -> None:
    if req["status"] == "open":
        return
    why = {"on_hold": "is on hold; nothing moves until it is reopened",
           "filled": f"is filled ({req['hires']} of {req['headcount']} hired); raise the headcount first",
           "closed": "is closed"}[req["status"]]
    raise ToolError(f"requisition {req['req_id']} {why}, so {action} is not possible")


def _week_load(db: Database, interviewer_id: str, starts_at: datetime) -> tuple[date, int]:
    monday = starts_at.date() - timedelta(days=starts_at.weekday())
    n = db.scalar("SELECT count(*) FROM interviews WHERE interviewer_id = ? AND status IN ('scheduled', 'completed') "
                  "AND starts_at >= ? AND starts_at < ?", [interviewer_id, monday, monday + timedelta(days=7)])
    return monday, int(n or 0)


def _check_can_apply(db: Database, candidate_id: str, req: dict[str, Any]) -> None:
    """Open requisition, no active or past hire on it, 90 days after a rejection, at most 3 active applications."""
    _require_open(req, "a new application")
    rows = db.query("SELECT application_id, stage, closed_at FROM applications WHERE candidate_id = ? AND req_id = ? "
                    "ORDER BY applied_at DESC", [candidate_id, req["req_id"]])
    for a in rows:
        if a["stage"] not in ("rejected", "withdrawn"):
            raise ToolError(f"candidate {candidate_id} already has application {a['application_id']} ({a['stage']}) "
                            f"for requisition {req['req_id']}")
    rejected = [a for a in rows if a["stage"] == "rejected"]
    if rejected:
        allowed = _day(rejected[0]["closed_at"]) + timedelta(days=REAPPLY_DAYS)
        if _today(db) < allowed:
            raise ToolError(f"candidate {candidate_id} was rejected for requisition {req['req_id']} on "
                            f"{rejected[0]['closed_at'][:10]}; they can re-apply from {allowed.isoformat()} "
                            f"({REAPPLY_DAYS} days later)")
    active = db.scalar("SELECT count(*) FROM applications WHERE candidate_id = ? AND stage NOT IN "
                       "('hired', 'rejected', 'withdrawn')", [candidate_id])
    if active >= MAX_ACTIVE_APPLICATIONS:
        raise ToolError(f"candidate {candidate_id} already has {active} active applications (at most "
                        f"{MAX_ACTIVE_APPLICATIONS})")


def _new_application(db: Database, candidate_id: str, req_id: str, source: str, referral_id: str | None) -> str:
    app_id = _IDS.next(db, "APP-")
    db.execute("INSERT INTO applications VALUES (?, ?, ?, ?, ?, 'applied', ?, ?, NULL, NULL)",
               [app_id, candidate_id, req_id, source, referral_id, db.now, db.now])
    return app_id


def _cancel_upcoming(db: Database, application_id: str, reason: str) -> int:
    """Cancel an application's interviews that have not started yet and reopen their slots."""
    rows = db.query("SELECT interview_id, slot_id FROM interviews WHERE application_id = ? AND status = 'scheduled' "
                    "AND starts_at > ?", [application_id, db.now])
    for r in rows:
        db.execute("UPDATE interviews SET status = 'cancelled', cancel_reason = ? WHERE interview_id = ?",
                   [reason, r["interview_id"]])
        db.execute("UPDATE interview_slots SET status = 'open' WHERE slot_id = ?", [r["slot_id"]])
    return len(rows)


def _close(db: Database, app: dict[str, Any], stage: str, reason: str) -> dict[str, Any]:
    """Reject or withdraw an application: open offers end, upcoming interviews are cancelled."""
    ended = []
    for o in _live_offers(db, app["application_id"]):
        new = "declined" if o["status"] in ("extended", "accepted") else "rescinded"
        db.execute("UPDATE offers SET status = ?, responded_at = CASE WHEN ? = 'declined' THEN ? ELSE responded_at "
                   "END WHERE offer_id = ?", [new, new, db.now, o["offer_id"]])
        ended.append({"offer_id": o["offer_id"], "status": new})
    cancelled = _cancel_upcoming(db, app["application_id"], "application_closed")
    db.execute("UPDATE applications SET stage = ?, stage_changed_at = ?, closed_reason = ?, closed_at = ? "
               "WHERE application_id = ?", [stage, db.now, reason, db.now, app["application_id"]])
    db.execute("UPDATE referrals SET status = 'not_hired' WHERE referral_id = ?", [app["referral_id"]])
    return {"application_id": app["application_id"], "stage": stage, "previous_stage": app["stage"],
            "reason": reason, "cancelled_interviews": cancelled, "ended_offers": ended}


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_candidate(db: Database, first_name: str, last_name: str, email: str) -> dict:
    """Find a candidate by full name and email address (both must match the candidate record).

    Args:
        first_name: The candidate's first name, e.g. "Priya".
        last_name: The candidate's last name, e.g. "Shah".
        email: The candidate's email address, e.g. "priya.shah@example.com".

    Returns:
        The candidate id and name.
    """
    row = db.query_one("SELECT candidate_id, first_name, last_name FROM candidates WHERE lower(email) = lower(?) "
                       "AND lower(first_name) = lower(?) AND lower(last_name) = lower(?)",
                       [email.strip(), first_name.strip(), last_name.strip()])
    if row is None:
        raise ToolError(f"no candidate named {first_name} {last_name} with email {email!r}")
    return row


@tool
def get_candidate_profile(db: Database, candidate_id: str) -> dict:
    """Get a candidate's contact details, all their applications and the referrals made for them.

    Args:
        candidate_id: The candidate's id, e.g. "CAN-50012".

    Returns:
        Contact details, the number of active applications, the applications (requisition, stage, dates; rejected
        ones with the date the candidate may re-apply from) and referrals.
    """
    c = _row(db, "candidate", candidate_id)
    apps = db.query(
        "SELECT a.application_id, a.req_id, r.title, r.location, a.stage, a.source, a.applied_at, a.closed_reason, "
        "a.closed_at FROM applications a JOIN requisitions r ON r.req_id = a.req_id WHERE a.candidate_id = ? "
        "ORDER BY a.applied_at DESC", [c["candidate_id"]])
    for a in apps:
        if a["stage"] == "rejected":
            a["reapply_from"] = (_day(a["closed_at"]) + timedelta(days=REAPPLY_DAYS)).isoformat()
    refs = db.query(
        "SELECT f.referral_id, r.title, r.location, e.first_name || ' ' || e.last_name AS referrer, f.status "
        "FROM referrals f JOIN requisitions r ON r.req_id = f.req_id JOIN employees e ON e.employee_id = f.referrer_id "
        "WHERE f.candidate_id = ? ORDER BY f.referral_id", [c["candidate_id"]])
    return {"candidate_id": c["candidate_id"], "name": f"{c['first_name']} {c['last_name']}", "email": c["email"],
            "phone": c["phone"], "city": c["city"], "current_employer": c["current_employer"],
            "active_applications": sum(a["stage"] not in CLOSED_STAGES for a in apps), "applications": apps,
            "referrals": refs}


@tool
def get_application(db: Database, application_id: str) -> dict:
    """Get one application: its requisition, stage and next stage, interviews (with feedback) and offers.

    Args:
        application_id: The application's id, e.g. "APP-70015" (from get_candidate_profile or get_requisition).

    Returns:
        The application with its interviews and offers (an extended offer past its expiry date shows as expired).
    """
    a = _row(db, "application", application_id)
    c = _row(db, "candidate", a["candidate_id"])
    name = f"{c['first_name']} {c['last_name']}"
    r = _row(db, "requisition", a["req_id"])
    interviews = db.query(
        "SELECT i.interview_id, ? AS candidate_name, i.interview_type, i.interviewer_id, e.first_name || ' ' || e.last_name AS "
        "interviewer_name, i.starts_at, i.status, i.recommendation FROM interviews i JOIN employees e ON "
        "e.employee_id = i.interviewer_id WHERE i.application_id = ? ORDER BY i.starts_at", [name, a["application_id"]])
    today = _today(db)
    offers = []
    for o in db.query("SELECT * FROM offers WHERE application_id = ? ORDER BY offer_id", [a["application_id"]]):
        offers.append({"offer_id": o["offer_id"], "candidate_name": name, "status": _offer_status(o, today),
                       "base_salary": o["base_salary"],
                       "signing_bonus": o["signing_bonus"], "start_date": o["start_date"],
                       "expires_on": o["expires_on"]})
    nxt = None if a["stage"] in CLOSED_STAGES else STAGES[STAGES.index(a["stage"]) + 1]
    return {"application_id": a["application_id"], "candidate_name": name, "req_id": r["req_id"], "title": r["title"],
            "location": r["location"], "requisition_status": r["status"], "stage": a["stage"], "next_stage": nxt,
            "source": a["source"], "applied_at": a["applied_at"], "stage_changed_at": a["stage_changed_at"],
            "closed_reason": a["closed_reason"], "closed_at": a["closed_at"], "interviews": interviews,
            "offers": offers}


@tool
def search_requisitions(db: Database, keyword: str, location: str | None = None,
                        status: ReqStatus | None = None) -> list:
    """Search job requisitions by a word of the job title, optionally only in one location or with one status.

    Args:
        keyword: A word from the job title, e.g. "engineer" or "analyst".
        location: Denver, Austin, Raleigh or Remote; omit for every location.
        status: Only requisitions with this status; omit for every status.

    Returns:
        Up to 20 requisitions: id, title, department, location, level, status, headcount and hires so far.
    """
    word = keyword.strip().lower()
    if len(word) < 2:
        raise ToolError(f"give a word of the job title (at least 2 letters), got {keyword!r}")
    place = location.strip() if location else None
    return db.query(
        "SELECT req_id, title, department, location, level, status, headcount, hires FROM requisitions "
        "WHERE lower(title) LIKE ? AND (? IS NULL OR lower(location) = lower(?)) AND (? IS NULL OR status = ?) "
        "ORDER BY req_id LIMIT 20", [f"%{word}%", place, place, status, status])


@tool
def get_requisition(db: Database, req_id: str) -> dict:
    """Get a requisition: status, headcount, salary band and midpoint, hiring team, offer approver and active pipeline.

    Args:
        req_id: The requisition's id, e.g. "REQ-2041".

    Returns:
        The requisition, its people (hiring manager, recruiter, approver) and its active applications.
    """
    r = _row(db, "requisition", req_id)
    pipeline = db.query(
        "SELECT a.application_id, c.first_name || ' ' || c.last_name AS candidate_name, r.title, r.location, "
        "a.stage, a.applied_at FROM applications a JOIN requisitions r ON r.req_id = a.req_id JOIN candidates c "
        "ON c.candidate_id = a.candidate_id WHERE a.req_id = ? "
        "AND a.stage NOT IN ('hired', 'rejected', 'withdrawn') ORDER BY a.applied_at", [r["req_id"]])
    return {"req_id": r["req_id"], "title": r["title"], "department": r["department"], "location": r["location"],
            "level": r["level"], "status": r["status"], "headcount": r["headcount"], "hires": r["hires"],
            "salary_min": r["salary_min"], "salary_max": r["salary_max"],
            "salary_midpoint": _money((r["salary_min"] + r["salary_max"]) / 2),
            "hiring_manager_id": r["hiring_manager_id"], "hiring_manager": _name(db, r["hiring_manager_id"]),
            "recruiter_id": r["recruiter_id"], "recruiter": _name(db, r["recruiter_id"]),
            "approver_id": r["approver_id"], "approver": _name(db, r["approver_id"]), "opened_on": r["opened_on"],
            "pipeline": pipeline}


@tool
def find_interview_slots(db: Database, interview_type: InterviewType, from_date: str | None = None,
                         offset: int = 0) -> dict:
    """List open interview slots of interviewers qualified for an interview type, earliest first.

    Each slot shows its interviewer's weekly capacity and how many interviews they already have that week.

    Args:
        interview_type: The kind of interview: screen (recruiter screen), technical, portfolio, behavioral or
            leadership.
        from_date: Only slots on or after this date, e.g. "2026-04-20"; omit for the next available ones.
        offset: How many of the matching slots to skip, for the next page (the next_offset of a previous result).

    Returns:
        Up to 15 open future slots: slot id, start, duration, interviewer, weekly capacity, booked and left, and
        next_offset, the offset of the next page when more slots match (null when none do).
    """
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise ToolError(f"offset must be a whole number of slots, 0 or more, got {offset!r}")
    start = _now(db)
    if from_date:
        start = max(start, datetime.combine(_parse_date(from_date, "from_date"), datetime.min.time()))
    rows = db.query(
        "SELECT s.slot_id, s.starts_at, s.duration_min, s.interviewer_id, e.first_name || ' ' || e.last_name AS "
        "interviewer_name, i.weekly_capacity FROM interview_slots s JOIN interviewers i ON i.employee_id = "
        "s.interviewer_id JOIN employees e ON e.employee_id = s.interviewer_id JOIN interviewer_qualifications q ON "
        "q.employee_id = s.interviewer_id AND q.interview_type = ? WHERE s.status = 'open' AND s.starts_at > ? "
        "AND s.starts_at >= ? AND e.status = 'active' ORDER BY s.starts_at, s.slot_id LIMIT ? OFFSET ?",
        [interview_type, db.now, start, SLOT_PAGE + 1, offset])
    more = len(rows) > SLOT_PAGE
    rows = rows[:SLOT_PAGE]
    for s in rows:
        _, booked = _week_load(db, s["interviewer_id"], datetime.fromisoformat(s["starts_at"]))
        s["booked_that_week"] = booked
        s["capacity_left"] = max(0, s["weekly_capacity"] - booked)
    return {"interview_type": interview_type, "slots": rows, "next_offset": offset + SLOT_PAGE if more else None}


@tool
def find_employee(db: Database, work_email: str) -> dict:
    """Find a Larkspur employee (a referrer, hiring manager or approver) by their work email.

    Args:
        work_email: The employee's work email, e.g. "dana.whitfield@larkspur.io".

    Returns:
        The employee id, name, title, department and employment status.
    """
    row = db.query_one("SELECT employee_id, first_name || ' ' || last_name AS name, title, department, status "
                       "FROM employees WHERE lower(work_email) = lower(?)", [work_email.strip()])
    if row is None:
        raise ToolError(f"no employee with work email {work_email!r}")
    return row


@tool
def list_employee_referrals(db: Database, employee_id: str) -> dict:
    """List the referrals an employee made, with each one's status and bonus eligibility.

    Args:
        employee_id: The referring employee's id, e.g. "E-1042" (from find_employee).

    Returns:
        The referrals: candidate, requisition, status, the date the bonus becomes payable, the bonus amount and when
        it was paid.
    """
    e = _row(db, "employee", employee_id)
    refs = db.query(
        "SELECT f.referral_id, c.first_name || ' ' || c.last_name AS candidate_name, r.title, r.location, r.level, "
        "f.status, f.referred_at, f.bonus_eligible_on, f.bonus_amount, f.paid_at FROM referrals f "
        "JOIN candidates c ON c.candidate_id = f.candidate_id JOIN requisitions r ON r.req_id = f.req_id "
        "WHERE f.referrer_id = ? ORDER BY f.referred_at DESC", [e["employee_id"]])
    for f in refs:
        level = f.pop("level")
        if f["bonus_amount"] is None and f["status"] == "hired":
            f["bonus_amount"] = REFERRAL_BONUS[level]
    return {"employee_id": e["employee_id"], "name": f"{e['first_name']} {e['last_name']}", "status": e["status"],
            "referrals": refs[:MAX_LIST]}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def submit_application(db: Database, candidate_id: str, req_id: str,
                       source: Literal["career_site", "linkedin", "job_board", "agency", "event"]) -> dict:
    """Submit a candidate's application to an open requisition (it starts in the applied stage).

    Args:
        candidate_id: The candidate's id, e.g. "CAN-50012".
        req_id: The requisition's id, e.g. "REQ-2041".
        source: Where the candidate came from.

    Returns:
        The new application id and its stage.
    """
    c = _row(db, "candidate", candidate_id)
    r = _row(db, "requisition", req_id)
    _check_can_apply(db, c["candidate_id"], r)
    app_id = _new_application(db, c["candidate_id"], r["req_id"], source, None)
    return {"application_id": app_id, "candidate_id": c["candidate_id"], "req_id": r["req_id"], "title": r["title"],
            "stage": "applied"}


@tool(writes=True)
def advance_application_stage(db: Database, application_id: str,
                              to_stage: Literal["screen", "interview", "offer", "hired"]) -> dict:
    """Move an application to the next hiring stage (applied > screen > interview > offer > hired, one at a time).

    Interview needs a passed recruiter screen; offer needs two completed panel interviews and no strong_no; hired
    needs an accepted offer and an open seat on the requisition.

    Args:
        application_id: The application's id, e.g. "APP-70015".
        to_stage: The stage to move to; it must be the one right after the current stage.

    Returns:
        The application's new and previous stage (for a hire, the start date and the requisition's fill).
    """
    a = _row(db, "application", application_id)
    _require_active(a, "move")
    current = STAGES.index(a["stage"])
    target = STAGES.index(to_stage)
    if target <= current:
        raise ToolError(f"application {a['application_id']} is already in the {a['stage']} stage; stages never "
                        "move back")
    if target > current + 1:
        raise ToolError(f"stages advance one at a time: application {a['application_id']} is in {a['stage']}, so "
                        f"its next stage is {STAGES[current + 1]}, not {to_stage}")
    r = _row(db, "requisition", a["req_id"])
    _require_open(r, f"moving an application to {to_stage}")
    done = db.query("SELECT interview_type, recommendation FROM interviews WHERE application_id = ? AND "
                    "status = 'completed'", [a["application_id"]])
    out: dict[str, Any] = {}
    if to_stage == "interview" and not any(i["interview_type"] == "screen" and i["recommendation"] in
                                           ("yes", "strong_yes") for i in done):
        raise ToolError(f"application {a['application_id']} has no passed recruiter screen (a completed screen "
                        "with a yes or strong_yes)")
    if to_stage == "offer":
        panel = [i for i in done if i["interview_type"] in PANEL_TYPES]
        if len(panel) < 2:
            raise ToolError(f"application {a['application_id']} has {len(panel)} completed panel interview(s); "
                            "the offer stage needs at least 2")
        if any(i["recommendation"] == "strong_no" for i in panel):
            raise ToolError(f"application {a['application_id']} has a strong_no panel recommendation and cannot "
                            "move to offer")
    if to_stage == "hired":
        accepted = db.query_one("SELECT offer_id, start_date FROM offers WHERE application_id = ? AND "
                                "status = 'accepted'", [a["application_id"]])
        if accepted is None:
            raise ToolError(f"application {a['application_id']} has no accepted offer; only a candidate who "
                            "accepted an offer can be hired")
        hires = r["hires"] + 1
        status = "filled" if hires >= r["headcount"] else "open"
        db.execute("UPDATE requisitions SET hires = ?, status = ?, closed_on = ? WHERE req_id = ?",
                   [hires, status, _today(db) if status == "filled" else None, r["req_id"]])
        eligible = _day(accepted["start_date"]) + timedelta(days=PROBATION_DAYS)
        db.execute("UPDATE referrals SET status = 'hired', bonus_eligible_on = ? WHERE referral_id = ?",
                   [eligible, a["referral_id"]])
        out = {"start_date": accepted["start_date"], "hires": hires, "headcount": r["headcount"],
               "requisition_status": status}
    db.execute("UPDATE applications SET stage = ?, stage_changed_at = ? WHERE application_id = ?",
               [to_stage, db.now, a["application_id"]])
    return {"application_id": a["application_id"], "stage": to_stage, "previous_stage": a["stage"], **out}


@tool(writes=True)
def reject_application(db: Database, application_id: str,
                       reason: Literal["not_qualified", "skills_gap", "failed_interviews", "salary_expectations",
                                       "position_filled"]) -> dict:
    """Reject an active application; upcoming interviews are cancelled and unextended offers rescinded.

    Not possible while the candidate holds an extended (unexpired) or accepted offer. The candidate may re-apply
    to the same requisition 90 days later.

    Args:
        application_id: The application's id, e.g. "APP-70015".
        reason: Why the company rejects the candidate.

    Returns:
        The rejected application, the interviews cancelled, the offers ended and the re-apply date.
    """
    a = _row(db, "application", application_id)
    _require_active(a, "be rejected")
    for o in _live_offers(db, a["application_id"]):
        if o["status"] in ("extended", "accepted"):
            raise ToolError(f"the candidate holds offer {o['offer_id']} ({o['status']}); an application with an "
                            "extended or accepted offer cannot be rejected")
    out = _close(db, a, "rejected", reason)
    out["reapply_from"] = (_today(db) + timedelta(days=REAPPLY_DAYS)).isoformat()
    return out


@tool(writes=True)
def withdraw_application(db: Database, application_id: str,
                         reason: Literal["accepted_other_offer", "compensation", "relocation", "personal",
                                         "not_interested"]) -> dict:
    """Withdraw an active application at the candidate's request; upcoming interviews are cancelled and open offers
    end (extended or accepted ones as declined, others rescinded).

    Args:
        application_id: The application's id, e.g. "APP-70015".
        reason: Why the candidate withdraws.

    Returns:
        The withdrawn application, the interviews cancelled and the offers ended.
    """
    a = _row(db, "application", application_id)
    _require_active(a, "be withdrawn")
    return _close(db, a, "withdrawn", reason)


@tool(writes=True)
def schedule_interview(db: Database, application_id: str, slot_id: str, interview_type: InterviewType) -> dict:
    """Book an interview for an application in an open slot of a qualified interviewer with weekly capacity left.

    A screen is for applications in the screen stage; technical, portfolio, behavioral and leadership interviews are
    for the interview stage. An application gets each interview type once.

    Args:
        application_id: The application's id, e.g. "APP-70015".
        slot_id: An open slot, e.g. "SLOT-30412" (from find_interview_slots).
        interview_type: The kind of interview: screen, technical, portfolio, behavioral or leadership.

    Returns:
        The new interview: id, type, interviewer, start time and duration.
    """
    a = _row(db, "application", application_id)
    _require_active(a, "get interviews")
    _require_open(_row(db, "requisition", a["req_id"]), "scheduling interviews")
    needed = "screen" if interview_type == "screen" else "interview"
    if a["stage"] != needed:
        raise ToolError(f"a {interview_type} interview is for applications in the {needed} stage; application "
                        f"{a['application_id']} is in {a['stage']}")
    twin = db.query_one("SELECT interview_id, status FROM interviews WHERE application_id = ? AND interview_type = ? "
                        "AND status IN ('scheduled', 'completed')", [a["application_id"], interview_type])
    if twin:
        raise ToolError(f"application {a['application_id']} already has a {interview_type} interview "
                        f"({twin['interview_id']}, {twin['status']})")
    s = _row(db, "slot", slot_id)
    if s["status"] != "open":
        raise ToolError(f"slot {s['slot_id']} is already booked")
    starts = datetime.fromisoformat(s["starts_at"])
    if starts <= _now(db):
        raise ToolError(f"slot {s['slot_id']} at {s['starts_at'].replace('T', ' ')} has already passed")
    who = s["interviewer_id"]
    types = [r["interview_type"] for r in db.query(
        "SELECT interview_type FROM interviewer_qualifications WHERE employee_id = ? ORDER BY interview_type", [who])]
    if interview_type not in types:
        raise ToolError(f"{_name(db, who)} ({who}) is not qualified for {interview_type} interviews (qualified for: "
                        f"{', '.join(types)})")
    monday, booked = _week_load(db, who, starts)
    capacity = db.scalar("SELECT weekly_capacity FROM interviewers WHERE employee_id = ?", [who])
    if booked >= capacity:
        raise ToolError(f"{_name(db, who)} already has {booked} interviews in the week of {monday.isoformat()} "
                        f"(weekly capacity {capacity})")
    iv_id = _IDS.next(db, "INT-")
    db.execute("INSERT INTO interviews VALUES (?, ?, ?, ?, ?, ?, 'scheduled', NULL, NULL, NULL)",
               [iv_id, a["application_id"], s["slot_id"], who, interview_type, starts])
    db.execute("UPDATE interview_slots SET status = 'booked' WHERE slot_id = ?", [s["slot_id"]])
    return {"interview_id": iv_id, "application_id": a["application_id"], "interview_type": interview_type,
            "interviewer": _name(db, who), "starts_at": s["starts_at"], "duration_min": s["duration_min"],
            "status": "scheduled"}


@tool(writes=True)
def cancel_interview(db: Database, interview_id: str,
                     reason: Literal["candidate_request", "interviewer_unavailable", "rescheduling"]) -> dict:
    """Cancel a scheduled interview that has not started yet; its slot opens again.

    Args:
        interview_id: The interview's id, e.g. "INT-40233" (from get_application).
        reason: Why it is cancelled.

    Returns:
        The cancelled interview and the reopened slot.
    """
    iv = _row(db, "interview", interview_id)
    if iv["status"] != "scheduled":
        raise ToolError(f"interview {iv['interview_id']} is {iv['status']}; only scheduled interviews can be "
                        "cancelled")
    if datetime.fromisoformat(iv["starts_at"]) <= _now(db):
        raise ToolError(f"interview {iv['interview_id']} started at {iv['starts_at'].replace('T', ' ')}; record its "
                        "feedback instead of cancelling it")
    db.execute("UPDATE interviews SET status = 'cancelled', cancel_reason = ? WHERE interview_id = ?",
               [reason, iv["interview_id"]])
    db.execute("UPDATE interview_slots SET status = 'open' WHERE slot_id = ?", [iv["slot_id"]])
    return {"interview_id": iv["interview_id"], "status": "cancelled", "slot_id": iv["slot_id"],
            "slot_status": "open"}


@tool(writes=True)
def record_interview_feedback(db: Database, interview_id: str,
                              recommendation: Literal["strong_no", "no", "yes", "strong_yes"]) -> dict:
    """Record the interviewer's recommendation for an interview that has taken place (it becomes completed).

    Args:
        interview_id: The interview's id, e.g. "INT-40233" (from get_application).
        recommendation: The interviewer's hiring recommendation.

    Returns:
        The completed interview with its recommendation.
    """
    iv = _row(db, "interview", interview_id)
    if iv["status"] != "scheduled":
        raise ToolError(f"interview {iv['interview_id']} is {iv['status']}; feedback is recorded once, for a "
                        "scheduled interview")
    if datetime.fromisoformat(iv["starts_at"]) > _now(db):
        raise ToolError(f"interview {iv['interview_id']} has not taken place yet (it starts "
                        f"{iv['starts_at'].replace('T', ' ')})")
    db.execute("UPDATE interviews SET status = 'completed', recommendation = ?, feedback_at = ? WHERE "
               "interview_id = ?", [recommendation, db.now, iv["interview_id"]])
    return {"interview_id": iv["interview_id"], "application_id": iv["application_id"],
            "interview_type": iv["interview_type"], "status": "completed", "recommendation": recommendation}


@tool(writes=True)
def draft_offer(db: Database, application_id: str, base_salary: float, start_date: str,
                signing_bonus: float = 0.0) -> dict:
    """Draft an offer for an application in the offer stage, on an open requisition.

    The base salary must lie within the requisition's band; above the band midpoint the offer waits for the
    department head's approval, otherwise it is approved at once. One open offer per application.

    Args:
        application_id: The application's id, e.g. "APP-70015".
        base_salary: Yearly base salary in dollars, e.g. 128000.
        start_date: The first working day, 14 to 120 days from today, e.g. "2026-05-18".
        signing_bonus: One-time signing bonus in dollars, at most 10% of the base salary; 0 when none.

    Returns:
        The offer id, its status (pending_approval or approved), the band midpoint and the approver.
    """
    a = _row(db, "application", application_id)
    _require_active(a, "get offers")
    if a["stage"] != "offer":
        raise ToolError(f"application {a['application_id']} is in the {a['stage']} stage; offers are drafted only "
                        "in the offer stage")
    r = _row(db, "requisition", a["req_id"])
    _require_open(r, "making an offer")
    live = _live_offers(db, a["application_id"])
    if live:
        raise ToolError(f"application {a['application_id']} already has offer {live[0]['offer_id']} "
                        f"({live[0]['status']})")
    base, bonus = _money(base_salary), _money(signing_bonus)
    if not r["salary_min"] <= base <= r["salary_max"]:
        raise ToolError(f"base salary {base:.2f} is outside the band of {r['req_id']} ({r['salary_min']:.2f} to "
                        f"{r['salary_max']:.2f})")
    if bonus < 0 or bonus > _money(base * MAX_SIGNING_SHARE):
        raise ToolError(f"signing bonus must be between 0 and 10% of the base salary ({base * MAX_SIGNING_SHARE:.2f})"
                        f", got {bonus:.2f}")
    start = _parse_date(start_date, "start_date")
    today = _today(db)
    earliest, latest = today + timedelta(days=MIN_START_DAYS), today + timedelta(days=MAX_START_DAYS)
    if not earliest <= start <= latest:
        raise ToolError(f"start date must be between {earliest.isoformat()} and {latest.isoformat()} "
                        f"({MIN_START_DAYS} to {MAX_START_DAYS} days from today), got {start.isoformat()}")
    midpoint = _money((r["salary_min"] + r["salary_max"]) / 2)
    status = "pending_approval" if base > midpoint else "approved"
    offer_id = _IDS.next(db, "OFR-")
    db.execute("INSERT INTO offers VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, NULL)",
               [offer_id, a["application_id"], base, bonus, start, status, db.now])
    return {"offer_id": offer_id, "application_id": a["application_id"], "status": status, "base_salary": base,
            "signing_bonus": bonus, "start_date": start.isoformat(), "salary_midpoint": midpoint,
            "approver": _name(db, r["approver_id"]) if status == "pending_approval" else None}


@tool(writes=True)
def approve_offer(db: Database, offer_id: str, approver_id: str) -> dict:
    """Record the approval of an offer above the band midpoint; only the requisition's approver can give it.

    Args:
        offer_id: The offer's id, e.g. "OFR-9012" (from get_application).
        approver_id: The employee id of the person who approved it, e.g. "E-1004" (the requisition's approver is
            shown by get_requisition).

    Returns:
        The approved offer and who approved it.
    """
    o = _row(db, "offer", offer_id)
    if o["status"] != "pending_approval":
        raise ToolError(f"offer {o['offer_id']} is {_offer_status(o, _today(db))}; only offers pending approval can "
                        "be approved")
    r = _row(db, "requisition", o["req_id"])
    approver = _row(db, "employee", approver_id)
    if approver["employee_id"] != r["approver_id"]:
        raise ToolError(f"offers on {r['req_id']} are approved by {_name(db, r['approver_id'])} "
                        f"({r['approver_id']}); {approver['first_name']} {approver['last_name']} cannot approve them")
    db.execute("UPDATE offers SET status = 'approved', approved_by = ?, approved_at = ? WHERE offer_id = ?",
               [approver["employee_id"], db.now, o["offer_id"]])
    return {"offer_id": o["offer_id"], "status": "approved", "approved_by": _name(db, approver["employee_id"])}


@tool(writes=True)
def extend_offer(db: Database, offer_id: str) -> dict:
    """Send an approved offer to the candidate; they can answer it for 7 days (through the expiry date).

    Args:
        offer_id: The offer's id, e.g. "OFR-9012" (from get_application).

    Returns:
        The extended offer and the date it expires.
    """
    o = _row(db, "offer", offer_id)
    if o["status"] == "pending_approval":
        raise ToolError(f"offer {o['offer_id']} is above the band midpoint and still needs approval")
    if o["status"] != "approved":
        raise ToolError(f"offer {o['offer_id']} is {_offer_status(o, _today(db))}; only approved offers can be "
                        "extended")
    _require_open(_row(db, "requisition", o["req_id"]), "extending an offer")
    expires = _today(db) + timedelta(days=OFFER_VALID_DAYS)
    db.execute("UPDATE offers SET status = 'extended', extended_at = ?, expires_on = ? WHERE offer_id = ?",
               [db.now, expires, o["offer_id"]])
    return {"offer_id": o["offer_id"], "status": "extended", "base_salary": o["base_salary"],
            "expires_on": expires.isoformat()}


@tool(writes=True)
def record_offer_response(db: Database, offer_id: str, response: Literal["accepted", "declined"]) -> dict:
    """Record the candidate's answer to an extended offer, on or before its expiry date.

    Args:
        offer_id: The offer's id, e.g. "OFR-9012" (from get_application).
        response: accepted or declined.

    Returns:
        The offer's new status and start date.
    """
    o = _row(db, "offer", offer_id)
    status = _offer_status(o, _today(db))
    if status == "expired":
        raise ToolError(f"offer {o['offer_id']} expired on {o['expires_on']}; it can no longer be answered (draft a "
                        "new offer)")
    if status != "extended":
        raise ToolError(f"offer {o['offer_id']} is {status}; only extended offers can be answered")
    db.execute("UPDATE offers SET status = ?, responded_at = ? WHERE offer_id = ?", [response, db.now, o["offer_id"]])
    return {"offer_id": o["offer_id"], "application_id": o["application_id"], "status": response,
            "start_date": o["start_date"]}


@tool(writes=True)
def change_requisition_status(db: Database, req_id: str, status: Literal["open", "on_hold", "closed"]) -> dict:
    """Put a requisition on hold, reopen it, or close it.

    Closing rejects every active application (reason position_closed), cancels their upcoming interviews and
    rescinds unextended offers; it is refused while a candidate holds an extended or accepted offer. Closed is final;
    a filled requisition reopens only by raising its headcount.

    Args:
        req_id: The requisition's id, e.g. "REQ-2041".
        status: open, on_hold or closed.

    Returns:
        The new and previous status and what closing rejected and cancelled.
    """
    r = _row(db, "requisition", req_id)
    if r["status"] == status:
        raise ToolError(f"requisition {r['req_id']} is already {status}")
    if r["status"] == "closed":
        raise ToolError(f"requisition {r['req_id']} is closed; closed requisitions cannot be reopened")
    if r["status"] == "filled" and status != "closed":
        raise ToolError(f"requisition {r['req_id']} is filled; raise its headcount to reopen it")
    out = {"req_id": r["req_id"], "status": status, "previous_status": r["status"]}
    if status == "closed":
        apps = db.query("SELECT * FROM applications WHERE req_id = ? AND stage NOT IN ('hired', 'rejected', "
                        "'withdrawn') ORDER BY application_id", [r["req_id"]])
        for a in apps:
            held = [o for o in _live_offers(db, a["application_id"]) if o["status"] in ("extended", "accepted")]
            if held:
                raise ToolError(f"offer {held[0]['offer_id']} is {held[0]['status']}; a requisition cannot close "
                                "while a candidate holds an extended or accepted offer")
        closed = [_close(db, a, "rejected", "position_closed") for a in apps]
        out["rejected_applications"] = len(closed)
        out["cancelled_interviews"] = sum(c["cancelled_interviews"] for c in closed)
    db.execute("UPDATE requisitions SET status = ?, closed_on = ? WHERE req_id = ?",
               [status, _today(db) if status == "closed" else None, r["req_id"]])
    return out


@tool(writes=True)
def change_requisition_headcount(db: Database, req_id: str, headcount: int) -> dict:
    """Change how many people a requisition hires (1 to 20, never below the hires made).

    A filled requisition reopens when the headcount rises above its hires; one whose hires reach the new headcount
    becomes filled.

    Args:
        req_id: The requisition's id, e.g. "REQ-2041".
        headcount: The new number of openings.

    Returns:
        The requisition's headcount, hires and status.
    """
    r = _row(db, "requisition", req_id)
    if r["status"] == "closed":
        raise ToolError(f"requisition {r['req_id']} is closed; its headcount cannot change")
    if not 1 <= headcount <= 20:
        raise ToolError(f"headcount must be between 1 and 20, got {headcount}")
    if headcount == r["headcount"]:
        raise ToolError(f"requisition {r['req_id']} already has a headcount of {headcount}")
    if headcount < r["hires"]:
        raise ToolError(f"requisition {r['req_id']} already hired {r['hires']}; the headcount cannot go below that")
    status = r["status"]
    if headcount == r["hires"]:
        status = "filled"
    elif status == "filled":
        status = "open"
    db.execute("UPDATE requisitions SET headcount = ?, status = ?, closed_on = ? WHERE req_id = ?",
               [headcount, status, _today(db) if status == "filled" else None, r["req_id"]])
    return {"req_id": r["req_id"], "headcount": headcount, "previous_headcount": r["headcount"], "hires": r["hires"],
            "status": status}


@tool(writes=True)
def log_referral(db: Database, referrer_employee_id: str, candidate_id: str, req_id: str) -> dict:
    """Log an employee's referral of a candidate for a requisition; it also submits the candidate's application.

    The referrer must be an active employee and not the requisition's hiring manager or recruiter; the candidate
    must not already be in process for it (the usual application rules apply).

    Args:
        referrer_employee_id: The referring employee's id, e.g. "E-1042" (from find_employee).
        candidate_id: The candidate's id, e.g. "CAN-50012".
        req_id: The requisition's id, e.g. "REQ-2041".

    Returns:
        The referral id and the new application id.
    """
    e = _row(db, "employee", referrer_employee_id)
    if e["status"] != "active":
        raise ToolError(f"{e['first_name']} {e['last_name']} is {e['status']}; only active employees can refer")
    c = _row(db, "candidate", candidate_id)
    r = _row(db, "requisition", req_id)
    if e["employee_id"] in (r["hiring_manager_id"], r["recruiter_id"]):
        raise ToolError(f"{e['first_name']} {e['last_name']} is on the hiring team of {r['req_id']} and cannot "
                        "refer candidates to it")
    dup = db.scalar("SELECT referral_id FROM referrals WHERE candidate_id = ? AND req_id = ?",
                    [c["candidate_id"], r["req_id"]])
    if dup:
        raise ToolError(f"candidate {c['candidate_id']} was already referred for {r['req_id']} ({dup})")
    _check_can_apply(db, c["candidate_id"], r)
    ref_id = _IDS.next(db, "REF-")
    db.execute("INSERT INTO referrals VALUES (?, ?, ?, ?, ?, 'submitted', NULL, NULL, NULL)",
               [ref_id, e["employee_id"], c["candidate_id"], r["req_id"], db.now])
    app_id = _new_application(db, c["candidate_id"], r["req_id"], "referral", ref_id)
    return {"referral_id": ref_id, "application_id": app_id, "referrer": f"{e['first_name']} {e['last_name']}",
            "req_id": r["req_id"], "title": r["title"], "status": "submitted"}


@tool(writes=True)
def pay_referral_bonus(db: Database, referral_id: str) -> dict:
    """Pay the bonus of a referral whose candidate was hired and passed the 90-day probation after their start date.

    The amount follows the requisition level (P2 1,500; P3 2,500; P4-P5 4,000; M1-M2 5,000 dollars); the referrer
    must still be employed.

    Args:
        referral_id: The referral's id, e.g. "REF-6021" (from list_employee_referrals).

    Returns:
        The paid referral and the bonus amount.
    """
    f = _row(db, "referral", referral_id)
    if f["status"] == "paid":
        raise ToolError(f"referral {f['referral_id']} was already paid on {f['paid_at'][:10]}")
    if f["status"] != "hired":
        raise ToolError(f"referral {f['referral_id']} is {f['status']}; a bonus is paid only for hired candidates")
    if _today(db) < _day(f["bonus_eligible_on"]):
        raise ToolError(f"the hire's 90-day probation ends on {f['bonus_eligible_on']}; the bonus can be paid from "
                        "that date")
    e = _row(db, "employee", f["referrer_id"])
    if e["status"] == "terminated":
        raise ToolError(f"{e['first_name']} {e['last_name']} no longer works at Larkspur; referral bonuses go only "
                        "to current employees")
    amount = REFERRAL_BONUS[f["level"]]
    db.execute("UPDATE referrals SET status = 'paid', bonus_amount = ?, paid_at = ? WHERE referral_id = ?",
               [amount, db.now, f["referral_id"]])
    return {"referral_id": f["referral_id"], "status": "paid", "bonus_amount": amount,
            "referrer": f"{e['first_name']} {e['last_name']}"}
