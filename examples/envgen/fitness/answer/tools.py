"""Tools of the fitness environment: the front desk of Ironbark Fitness (members, timetable, bookings, waitlists).

Reads identify members and show their plan, bookings and waitlist places, the membership plans, the class types
and the upcoming sessions with free places. Writes book, cancel and check in class places, manage waitlist
entries, freeze and reactivate memberships and change plans, under the studio's booking rules.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

CHECK_IN_OPENS_MIN = 60     # check-in opens this many minutes before the start
CHECK_IN_CLOSES_MIN = 15    # and closes this many minutes after it
CANCEL_CUTOFF_HOURS = 2     # bookings can be cancelled until this long before the start
HORIZON_DAYS = 14           # the timetable shows and books this many days ahead
ACTIVE = ("booked", "checked_in")

Category = Literal["yoga", "pilates", "spin", "hiit", "strength", "boxing"]
Tier = Literal["off_peak", "standard", "unlimited", "class_pack"]

_SESSION_SQL = (
    "SELECT s.session_id, s.class_type_id, c.name AS class_name, c.category, c.intensity, c.duration_minutes, "
    "s.starts_at, s.room, s.capacity, s.status, i.first_name || ' ' || i.last_name AS instructor, "
    "(SELECT count(*) FROM bookings b WHERE b.session_id = s.session_id AND b.status IN ('booked', 'checked_in')) "
    "AS booked, (SELECT count(*) FROM waitlist_entries w WHERE w.session_id = s.session_id) AS waitlisted "
    "FROM sessions s JOIN class_types c ON c.class_type_id = s.class_type_id "
    "JOIN instructors i ON i.instructor_id = s.instructor_id ")


def _now(db: Database) -> datetime:
    return datetime.fromisoformat(db.now)


def _at(value: str) -> datetime:
    return datetime.fromisoformat(str(value))


def _next_id(db: Database, table: str, column: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(CAST(substr({column}, {len(prefix) + 1}) AS INTEGER)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _member(db: Database, member_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT m.*, p.name AS plan_name, p.tier, p.classes_per_week, p.peak_hours FROM members m "
                       "JOIN membership_plans p ON p.plan_id = m.plan_id WHERE m.member_id = ?",
                       [member_id.strip().upper()])
    if row is None:
        raise ToolError(f"no member {member_id!r} (ids look like 'MEM-1001'; use look_up_member)")
    return row


def _session(db: Database, session_id: str) -> dict[str, Any]:
    row = db.query_one(_SESSION_SQL + "WHERE s.session_id = ?", [session_id.strip().upper()])
    if row is None:
        raise ToolError(f"no session {session_id!r} (ids look like 'SES-2001'; see find_class_sessions)")
    row["places_left"] = max(0, row["capacity"] - row["booked"])
    return row


def _booking(db: Database, booking_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM bookings WHERE booking_id = ?", [booking_id.strip().upper()])
    if row is None:
        raise ToolError(f"no booking {booking_id!r} (ids look like 'BKG-30001'; see get_member_profile)")
    return {**row, "session": _session(db, row["session_id"])}


def _upcoming(db: Database, member_id: str) -> list[dict[str, Any]]:
    """The member's booked and checked-in places in sessions from today on."""
    today = _now(db).replace(hour=0, minute=0, second=0)
    return db.query("SELECT b.booking_id, b.status, b.note, s.session_id, c.name AS class_name, s.starts_at, s.room "
                    "FROM bookings b JOIN sessions s ON s.session_id = b.session_id JOIN class_types c ON "
                    "c.class_type_id = s.class_type_id WHERE b.member_id = ? AND s.starts_at >= ? AND b.status IN "
                    "('booked', 'checked_in') ORDER BY s.starts_at", [member_id, today])


def _is_peak(starts_at: datetime) -> bool:
    return starts_at.weekday() < 5 and (starts_at.hour < 9 or starts_at.hour >= 17)


def _week_count(db: Database, member_id: str, starts_at: datetime) -> int:
    monday = (starts_at - timedelta(days=starts_at.weekday())).date()
    return db.scalar("SELECT count(*) FROM bookings b JOIN sessions s ON s.session_id = b.session_id WHERE "
                     "b.member_id = ? AND b.status IN ('booked', 'checked_in') AND CAST(s.starts_at AS DATE) "
                     "BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)", [member_id, monday, monday + timedelta(days=6)])


def _check_can_book(db: Database, m: dict[str, Any], s: dict[str, Any]) -> None:
    """Rules shared by booking and waitlisting: active member, open session, plan hours, no double place."""
    if m["status"] != "active":
        raise ToolError(f"{m['first_name']} {m['last_name']}'s membership is {m['status']}; only active members "
                        "can book or join waitlists")
    starts = _at(s["starts_at"])
    if s["status"] != "scheduled":
        raise ToolError(f"session {s['session_id']} is {s['status']}")
    if starts <= _now(db):
        raise ToolError(f"session {s['session_id']} started at {s['starts_at']}; only future sessions can be booked")
    if not m["peak_hours"] and _is_peak(starts):
        raise ToolError(f"the {m['plan_name']} plan does not include weekday classes before 09:00 or from 17:00 "
                        f"({s['class_name']} starts at {s['starts_at']})")
    if db.scalar("SELECT count(*) FROM bookings WHERE member_id = ? AND session_id = ? AND status IN "
                 "('booked', 'checked_in')", [m["member_id"], s["session_id"]]):
        raise ToolError(f"{m['first_name']} {m['last_name']} already has a place in session {s['session_id']}")
    if db.scalar("SELECT count(*) FROM waitlist_entries WHERE member_id = ? AND session_id = ?",
                 [m["member_id"], s["session_id"]]):
        raise ToolError(f"{m['first_name']} {m['last_name']} is already on the waitlist of session "
                        f"{s['session_id']}")


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def look_up_member(db: Database, email: str, birth_date: str) -> dict:
    """Identify a member by their email address and date of birth.

    Args:
        email: The member's email address, e.g. "aroha.whitcombe@example.net".
        birth_date: The member's date of birth as YYYY-MM-DD, e.g. "1991-06-23".
    """
    row = db.query_one("SELECT member_id, first_name, last_name, status FROM members WHERE lower(email) = ? AND "
                       "CAST(birth_date AS VARCHAR) = ?", [email.strip().lower(), birth_date.strip()])
    if row is None:
        raise ToolError("no member matches that email address and date of birth")
    return row


@tool
def get_member_profile(db: Database, member_id: str) -> dict:
    """A member's plan (weekly class limit, peak hours), status, upcoming bookings and waitlist places.

    Args:
        member_id: The member's id, e.g. "MEM-1001" (from look_up_member).
    """
    m = _member(db, member_id)
    bookings = _upcoming(db, m["member_id"])
    waitlist = db.query("SELECT w.entry_id, w.session_id, c.name AS class_name, s.starts_at, w.added_at FROM "
                        "waitlist_entries w JOIN sessions s ON s.session_id = w.session_id JOIN class_types c ON "
                        "c.class_type_id = s.class_type_id WHERE w.member_id = ? ORDER BY s.starts_at",
                        [m["member_id"]])
    for w in waitlist:
        w["position"] = db.scalar("SELECT count(*) FROM waitlist_entries WHERE session_id = ? AND (added_at < "
                                  "CAST(? AS TIMESTAMP) OR (added_at = CAST(? AS TIMESTAMP) AND entry_id <= ?))",
                                  [w["session_id"], w["added_at"], w["added_at"], w["entry_id"]])
    return {"member_id": m["member_id"], "first_name": m["first_name"], "last_name": m["last_name"],
            "email": m["email"], "phone": m["phone"], "status": m["status"], "joined_on": m["joined_on"],
            "plan_id": m["plan_id"], "plan_name": m["plan_name"], "classes_per_week": m["classes_per_week"],
            "peak_hours": m["peak_hours"], "classes_this_week": _week_count(db, m["member_id"], _now(db)),
            "bookings": bookings, "waitlist": waitlist}


@tool
def list_membership_plans(db: Database, tier: Tier | None = None) -> list:
    """The membership plans with monthly fee, weekly class limit and whether peak hours are included.

    Args:
        tier: Only plans of this tier: "off_peak", "standard", "unlimited" or "class_pack"; omit for all.
    """
    return db.query("SELECT * FROM membership_plans WHERE ? IS NULL OR tier = ? ORDER BY plan_id", [tier, tier])


@tool
def list_class_types(db: Database, category: Category | None = None) -> list:
    """The class types on the timetable with category, intensity and duration.

    Args:
        category: Only this category: "yoga", "pilates", "spin", "hiit", "strength" or "boxing"; omit for all.
    """
    return db.query("SELECT * FROM class_types WHERE ? IS NULL OR category = ? ORDER BY class_type_id",
                    [category, category])


@tool
def find_class_sessions(db: Database, class_type_id: str) -> dict:
    """The scheduled sessions of one class type from now through 14 days ahead, with instructor, room and free
    places.

    Args:
        class_type_id: The class type, e.g. "CLS-03" (from list_class_types).
    """
    ct = db.query_one("SELECT * FROM class_types WHERE class_type_id = ?", [class_type_id.strip().upper()])
    if ct is None:
        raise ToolError(f"no class type {class_type_id!r} (ids look like 'CLS-01'; see list_class_types)")
    now = _now(db)
    sessions = db.query(_SESSION_SQL + "WHERE s.class_type_id = ? AND s.status = 'scheduled' AND s.starts_at > ? "
                        "AND s.starts_at <= ? ORDER BY s.starts_at", [ct["class_type_id"], now,
                                                                      now + timedelta(days=HORIZON_DAYS)])
    for s in sessions:
        s["places_left"] = max(0, s["capacity"] - s["booked"])
    return {"class_type_id": ct["class_type_id"], "class_name": ct["name"], "sessions": sessions}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_class_session(db: Database, member_id: str, session_id: str, note: str | None = None) -> dict:
    """Book an active member into a future scheduled session with a free place, within their plan's hours and
    weekly class limit.

    Args:
        member_id: The member, e.g. "MEM-1001".
        session_id: The session, e.g. "SES-2001" (from find_class_sessions).
        note: A note for the instructor (injuries, first visit), at most 200 characters.
    """
    m, s = _member(db, member_id), _session(db, session_id)
    _check_can_book(db, m, s)
    if s["booked"] >= s["capacity"]:
        raise ToolError(f"session {s['session_id']} is full ({s['booked']} of {s['capacity']} places); the member "
                        "can join its waitlist")
    used = _week_count(db, m["member_id"], _at(s["starts_at"]))
    if used >= m["classes_per_week"]:
        raise ToolError(f"the {m['plan_name']} plan allows {m['classes_per_week']} classes a week and "
                        f"{m['first_name']} {m['last_name']} already has {used} that week")
    if note is not None and len(note) > 200:
        raise ToolError("a note has at most 200 characters")
    bid = _next_id(db, "bookings", "booking_id", "BKG-", 5)
    db.execute("INSERT INTO bookings VALUES (?, ?, ?, 'booked', ?, ?)", [bid, m["member_id"], s["session_id"],
                                                                         db.now, note])
    return {"booking_id": bid, "status": "booked", "session_id": s["session_id"], "class_name": s["class_name"],
            "starts_at": s["starts_at"], "room": s["room"], "places_left": s["places_left"] - 1,
            "classes_that_week": used + 1, "classes_per_week": m["classes_per_week"]}


@tool(writes=True)
def cancel_class_booking(db: Database, booking_id: str) -> dict:
    """Cancel a booked place, no later than 2 hours before the session starts.

    Args:
        booking_id: The booking, e.g. "BKG-30001" (from get_member_profile).
    """
    b = _booking(db, booking_id)
    s = b["session"]
    if b["status"] != "booked":
        raise ToolError(f"booking {b['booking_id']} is {b['status']}; only booked places can be cancelled")
    if _at(s["starts_at"]) - _now(db) < timedelta(hours=CANCEL_CUTOFF_HOURS):
        raise ToolError(f"{s['class_name']} starts at {s['starts_at']}; bookings can be cancelled until "
                        f"{CANCEL_CUTOFF_HOURS} hours before the start")
    db.execute("UPDATE bookings SET status = 'cancelled' WHERE booking_id = ?", [b["booking_id"]])
    return {"booking_id": b["booking_id"], "status": "cancelled", "class_name": s["class_name"],
            "starts_at": s["starts_at"]}


@tool(writes=True)
def check_in_member(db: Database, booking_id: str) -> dict:
    """Check a member in at the front desk for a booked session, from 60 minutes before its start until 15
    minutes after.

    Args:
        booking_id: The booking, e.g. "BKG-30001" (from get_member_profile).
    """
    b = _booking(db, booking_id)
    s = b["session"]
    if b["status"] != "booked":
        raise ToolError(f"booking {b['booking_id']} is {b['status']}; only booked places can be checked in")
    starts, now = _at(s["starts_at"]), _now(db)
    opens, closes = starts - timedelta(minutes=CHECK_IN_OPENS_MIN), starts + timedelta(minutes=CHECK_IN_CLOSES_MIN)
    if not opens <= now <= closes:
        raise ToolError(f"check-in for {s['class_name']} at {s['starts_at']} is open from {opens.isoformat()} to "
                        f"{closes.isoformat()}")
    db.execute("UPDATE bookings SET status = 'checked_in' WHERE booking_id = ?", [b["booking_id"]])
    return {"booking_id": b["booking_id"], "status": "checked_in", "class_name": s["class_name"],
            "starts_at": s["starts_at"], "room": s["room"]}


@tool(writes=True)
def join_session_waitlist(db: Database, member_id: str, session_id: str) -> dict:
    """Put an active member on the waitlist of a full future session.

    Args:
        member_id: The member, e.g. "MEM-1001".
        session_id: The full session, e.g. "SES-2002" (from find_class_sessions).
    """
    m, s = _member(db, member_id), _session(db, session_id)
    _check_can_book(db, m, s)
    if s["booked"] < s["capacity"]:
        raise ToolError(f"session {s['session_id']} still has {s['capacity'] - s['booked']} free places; book it "
                        "instead")
    eid = _next_id(db, "waitlist_entries", "entry_id", "WL-", 4)
    db.execute("INSERT INTO waitlist_entries VALUES (?, ?, ?, ?)", [eid, m["member_id"], s["session_id"], db.now])
    return {"entry_id": eid, "session_id": s["session_id"], "class_name": s["class_name"],
            "starts_at": s["starts_at"], "position": s["waitlisted"] + 1}


@tool(writes=True)
def leave_session_waitlist(db: Database, entry_id: str) -> dict:
    """Take a member off a session's waitlist.

    Args:
        entry_id: The waitlist entry, e.g. "WL-4001" (from get_member_profile).
    """
    row = db.query_one("SELECT * FROM waitlist_entries WHERE entry_id = ?", [entry_id.strip().upper()])
    if row is None:
        raise ToolError(f"no waitlist entry {entry_id!r} (ids look like 'WL-4001'; see get_member_profile)")
    db.execute("DELETE FROM waitlist_entries WHERE entry_id = ?", [row["entry_id"]])
    return {"entry_id": row["entry_id"], "session_id": row["session_id"], "removed": True}


@tool(writes=True)
def freeze_membership(db: Database, member_id: str) -> dict:
    """Freeze an active membership: booking pauses, upcoming booked places are cancelled and waitlist entries
    removed.

    Args:
        member_id: The member, e.g. "MEM-1001".
    """
    m = _member(db, member_id)
    if m["status"] != "active":
        raise ToolError(f"the membership of {m['first_name']} {m['last_name']} is {m['status']}; only an active "
                        "membership can be frozen")
    cancelled = db.execute("UPDATE bookings SET status = 'cancelled' WHERE member_id = ? AND status = 'booked' AND "
                           "session_id IN (SELECT session_id FROM sessions WHERE starts_at > ?)",
                           [m["member_id"], _now(db)])
    removed = db.execute("DELETE FROM waitlist_entries WHERE member_id = ?", [m["member_id"]])
    db.execute("UPDATE members SET status = 'frozen' WHERE member_id = ?", [m["member_id"]])
    return {"member_id": m["member_id"], "status": "frozen", "bookings_cancelled": cancelled,
            "waitlist_entries_removed": removed}


@tool(writes=True)
def unfreeze_membership(db: Database, member_id: str) -> dict:
    """Reactivate a frozen membership.

    Args:
        member_id: The member, e.g. "MEM-1001".
    """
    m = _member(db, member_id)
    if m["status"] != "frozen":
        raise ToolError(f"the membership of {m['first_name']} {m['last_name']} is {m['status']}; only a frozen "
                        "membership can be reactivated")
    db.execute("UPDATE members SET status = 'active' WHERE member_id = ?", [m["member_id"]])
    return {"member_id": m["member_id"], "status": "active", "plan_name": m["plan_name"]}


@tool(writes=True)
def change_membership_plan(db: Database, member_id: str, plan_id: str) -> dict:
    """Move an active or frozen member to another plan; refused when their booked places this week exceed the
    new plan's weekly limit, or when an upcoming booked class falls in peak hours the new plan excludes.

    Args:
        member_id: The member, e.g. "MEM-1001".
        plan_id: The new plan, e.g. "PLN-02" (from list_membership_plans).
    """
    m = _member(db, member_id)
    p = db.query_one("SELECT * FROM membership_plans WHERE plan_id = ?", [plan_id.strip().upper()])
    if p is None:
        raise ToolError(f"no membership plan {plan_id!r}; see list_membership_plans")
    if m["status"] == "cancelled":
        raise ToolError(f"the membership of {m['first_name']} {m['last_name']} is cancelled; a cancelled member "
                        "rejoins with a new membership")
    if p["plan_id"] == m["plan_id"]:
        raise ToolError(f"{m['first_name']} {m['last_name']} is already on {p['name']}")
    used = _week_count(db, m["member_id"], _now(db))
    if used > p["classes_per_week"]:
        raise ToolError(f"{p['name']} allows {p['classes_per_week']} classes a week and {m['first_name']} "
                        f"{m['last_name']} has {used} this week; cancel some first")
    if not p["peak_hours"]:
        peak = [b for b in _upcoming(db, m["member_id"])
                if b["status"] == "booked" and _is_peak(_at(b["starts_at"]))]
        if peak:
            raise ToolError(f"{p['name']} excludes peak hours and {m['first_name']} {m['last_name']} has a booked "
                            f"peak-hour class ({peak[0]['class_name']} at {peak[0]['starts_at']})")
    db.execute("UPDATE members SET plan_id = ? WHERE member_id = ?", [p["plan_id"], m["member_id"]])
    return {"member_id": m["member_id"], "old_plan": m["plan_name"], "plan_id": p["plan_id"], "plan_name": p["name"],
            "monthly_fee": p["monthly_fee"], "classes_per_week": p["classes_per_week"]}
