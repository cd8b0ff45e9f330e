"""Tools of the library environment: the circulation desk of Fernhollow City Library (six branches).

Reads find a patron by library card, show their account, loans, holds, fees and room bookings, search the
catalogue, show a title's copies per branch, the branches and a branch's rooms. Writes check titles out, take
returns (fines computed at return), renew loans, report items lost, place, cancel and re-route holds, take fee
payments, grant the yearly courtesy waiver, book and cancel rooms, renew cards and replace lost ones, each under
the library's rules: account standing, loan and hold limits, age ratings, renewal limits, hold queues, fine
grace and caps, room hours and capacity.
"""

from __future__ import annotations

import hashlib
from datetime import date, timedelta
from functools import partial
from typing import Any, Literal

import envfactory_gym.authoring.kit as kit
from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, parse_date, parse_time
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

FEE_BLOCK = 10.00            # open fees at or above this block borrowing, renewing and holds
GRACE_DAYS = 2               # returned up to this many days late: no fine
DVD_LIMIT = 4                # DVDs on loan at once, any card
NEW_RELEASE_DAYS = 14        # new releases: 14-day loan, no renewals
PROCESSING_FEE = 5.00        # added to the replacement cost of a lost item
DAMAGE_SHARE = 0.5           # damage fee: half the replacement cost
CARD_REPLACEMENT_FEE = 3.00
HOLD_SHELF_DAYS = 7          # a ready hold waits this many days on the hold shelf
TRANSIT_DAYS = 2             # a copy sent between branches arrives in two days
CARD_RENEWAL_WINDOW = 30     # cards renew from 30 days before they expire
WAIVER_DAYS = 365            # one courtesy waiver of an overdue fine per 365 days
ROOM_AHEAD_DAYS = 30         # rooms are booked at most 30 days ahead
MAX_UPCOMING_BOOKINGS = 2
PAGE = 10
ADULT_CARDS = ("adult", "senior", "nonresident")
OPEN_HOLDS = ("waiting", "in_transit", "ready")

Format = Literal["book", "large_print", "audiobook", "dvd"]
Audience = Literal["adult", "teen", "children"]
LoanStatus = Literal["active", "returned", "lost"]
FeeStatus = Literal["open", "paid", "waived"]
Method = Literal["card", "cash"]
Condition = Literal["good", "damaged"]
Purpose = Literal["study", "tutoring", "meeting", "interview", "event"]

_day = partial(parse_date, hint="like '2026-05-20'")
_IDS = IdScheme({
    "L-": ("loans", "loan_id", 0),
    "H-": ("holds", "hold_id", 0),
    "F-": ("fees", "fee_id", 0),
    "PAY-": ("payments", "payment_id", 0),
    "TR-": ("transfers", "transfer_id", 0),
    "RB-": ("room_bookings", "booking_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------


def _patron(db: Database, patron_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT p.*, c.loan_limit, c.hold_limit, c.validity_years, c.annual_fee, c.fine_free, "
                       "c.can_book_rooms FROM patrons p JOIN card_types c ON c.card_type = p.card_type "
                       "WHERE p.patron_id = ?", [patron_id.strip().upper()])
    if row is None:
        raise ToolError(f"no patron with id {patron_id!r} (patron ids look like 'P-20417'); see find_patron")
    return row


def _branch(db: Database, branch_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM branches WHERE branch_id = ?", [branch_id.strip().upper()])
    if row is None:
        raise ToolError(f"no branch with id {branch_id!r} (branch ids look like 'BR-02'); see list_branches")
    return row


def _title(db: Database, title_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT t.*, f.label AS format_label, f.loan_days, f.max_renewals, f.daily_fine, f.fine_cap "
                       "FROM titles t JOIN formats f ON f.format = t.format WHERE t.title_id = ?",
                       [title_id.strip().upper()])
    if row is None:
        raise ToolError(f"no title with id {title_id!r} (title ids look like 'T-1042'); see search_catalog")
    if row["new_release"]:
        row["loan_days"], row["max_renewals"] = NEW_RELEASE_DAYS, 0
    return row


def _loan(db: Database, loan_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT l.*, c.title_id, c.branch_id AS copy_branch_id FROM loans l "
                       "JOIN copies c ON c.copy_id = l.copy_id WHERE l.loan_id = ?", [loan_id.strip().upper()])
    if row is None:
        raise ToolError(f"no loan with id {loan_id!r} (loan ids look like 'L-500123'); see list_patron_loans")
    return row


def _hold(db: Database, hold_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM holds WHERE hold_id = ?", [hold_id.strip().upper()])
    if row is None:
        raise ToolError(f"no hold with id {hold_id!r} (hold ids look like 'H-70031'); see list_patron_holds")
    return row


def _a(card_type: str) -> str:
    return ("an " if card_type[0] in "aeiou" else "a ") + card_type


def _age(birth: str, on: date) -> int:
    b = date.fromisoformat(birth)
    return on.year - b.year - ((on.month, on.day) < (b.month, b.day))


def _open_fees(db: Database, patron_id: str) -> float:
    return _money(db.scalar("SELECT coalesce(sum(amount), 0) FROM fees WHERE patron_id = ? AND status = 'open'",
                            [patron_id]))


def _standing_problems(db: Database, p: dict[str, Any]) -> list[str]:
    """Why the account may not borrow, renew or place holds (empty when it may)."""
    out = []
    if p["status"] != "active":
        out.append(f"the account is blocked ({p['block_reason']}); the patron must see staff at a branch with ID")
    if p["card_expires"] < kit.today(db).isoformat():
        out.append(f"the library card expired on {p['card_expires']}; renew the card first")
    owed = _open_fees(db, p["patron_id"])
    if owed >= FEE_BLOCK:
        out.append(f"the patron owes {owed:.2f} in open fees (the limit is {FEE_BLOCK:.2f}); pay the fees down below "
                   f"{FEE_BLOCK:.2f} first")
    return out


def _require_standing(db: Database, p: dict[str, Any], action: str) -> None:
    problems = _standing_problems(db, p)
    if problems:
        raise ToolError(f"{p['first_name']} {p['last_name']} cannot {action}: {problems[0]}")


def _fine(title: dict[str, Any], due: str, returned: date, fine_free: bool) -> tuple[int, float]:
    """Days late and the overdue fine for a return on ``returned``: none within the grace period, else every day
    late at the format's daily rate, capped per item; fine-free cards pay nothing."""
    late = max(0, (returned - date.fromisoformat(due)).days)
    if late <= GRACE_DAYS or fine_free:
        return late, 0.0
    return late, _money(min(late * title["daily_fine"], title["fine_cap"]))


def _add_fee(db: Database, patron_id: str, loan_id: str | None, kind: str, text: str, amount: float) -> str:
    fee_id = _IDS.next(db, "F-")
    db.execute("INSERT INTO fees VALUES (?, ?, ?, ?, ?, ?, ?, 'open', NULL, NULL)",
               [fee_id, patron_id, loan_id, kind, text, amount, kit.today(db).isoformat()])
    return fee_id


def _route_copy(db: Database, copy: dict[str, Any]) -> str:
    """A copy back on hand fills the title's earliest waiting hold (on the hold shelf, or sent to the pickup
    branch); without one it goes back on the shelf. Returns where it went."""
    today = kit.today(db)
    nxt = db.query_one("SELECT * FROM holds WHERE title_id = ? AND status = 'waiting' ORDER BY placed_at, hold_id "
                       "LIMIT 1", [copy["title_id"]])
    if nxt is None:
        db.execute("UPDATE copies SET status = 'available' WHERE copy_id = ?", [copy["copy_id"]])
        return "back on the shelf"
    if nxt["pickup_branch_id"] == copy["branch_id"]:
        db.execute("UPDATE copies SET status = 'on_hold_shelf' WHERE copy_id = ?", [copy["copy_id"]])
        db.execute("UPDATE holds SET status = 'ready', copy_id = ?, ready_on = ?, pickup_by = ? WHERE hold_id = ?",
                   [copy["copy_id"], today.isoformat(), (today + timedelta(days=HOLD_SHELF_DAYS)).isoformat(),
                    nxt["hold_id"]])
        return "on the hold shelf for the next patron in the queue"
    db.execute("INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 'in_transit')",
               [_IDS.next(db, "TR-"), copy["copy_id"], copy["branch_id"], nxt["pickup_branch_id"], nxt["hold_id"],
                today.isoformat(), (today + timedelta(days=TRANSIT_DAYS)).isoformat()])
    db.execute("UPDATE copies SET status = 'in_transit', branch_id = ? WHERE copy_id = ?",
               [nxt["pickup_branch_id"], copy["copy_id"]])
    db.execute("UPDATE holds SET status = 'in_transit', copy_id = ? WHERE hold_id = ?",
               [copy["copy_id"], nxt["hold_id"]])
    return "sent to another branch for the next patron in the queue"


def _branch_open_on(branch: dict[str, Any], day: date) -> bool:
    closed = [d for d in branch["closed_days"].split(",") if d != "none"]
    return day.strftime("%a") not in closed


def _card_number(patron_id: str, salt: int) -> str:
    digest = hashlib.sha256(f"{patron_id}:{salt}".encode()).hexdigest()
    return "2973" + "".join(str(int(ch, 16) % 10) for ch in digest[:10])


def _loan_row(db: Database, r: dict[str, Any]) -> dict[str, Any]:
    t = _title(db, r["title_id"])
    out = {"loan_id": r["loan_id"], "title_id": r["title_id"], "title": t["title"], "format": t["format"],
           "checked_out_on": r["checked_out_on"], "due_date": r["due_date"], "renewals_used": r["renewals"]}
    if r["status"] == "active":
        today = kit.today(db)
        late, fine = _fine(t, r["due_date"], today, r["fine_free"])
        out.update(renewals_left=max(0, t["max_renewals"] - r["renewals"]), days_overdue=late,
                   fine_if_returned_today=fine,
                   holds_waiting=db.scalar("SELECT count(*) FROM holds WHERE title_id = ? AND status = 'waiting'",
                                           [r["title_id"]]))
    elif r["status"] == "returned":
        out.update(returned_on=r["returned_on"], return_condition=r["return_condition"])
    return out


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_patron(db: Database, card_number: str, last_name: str) -> dict:
    """Find a patron from their library card number and last name (this verifies the caller).

    Args:
        card_number: The 14-digit number on the library card, e.g. "29731234567890" (spaces are ignored).
        last_name: The patron's last name, e.g. "Okafor".

    Returns:
        The patron id, name, card type and account status.
    """
    digits = "".join(ch for ch in card_number if ch.isdigit())
    row = db.query_one("SELECT patron_id, first_name, last_name, card_type, status FROM patrons "
                       "WHERE card_number = ? AND lower(last_name) = lower(?)", [digits, last_name.strip()])
    if row is None:
        raise ToolError(f"no patron with card number {card_number!r} and last name {last_name!r}")
    return row


@tool
def get_patron_account(db: Database, patron_id: str) -> dict:
    """Get a patron's account: card type and its limits, card expiry, items out, holds, fees owed and standing.

    Args:
        patron_id: The patron's id, e.g. "P-20417" (from find_patron).

    Returns:
        Contact details, card type, limits, card expiry and renewal window, counts of loans (DVDs too), open
        holds and upcoming room bookings, open fee total, the courtesy waiver's availability, and the reasons (if
        any) the account may not borrow, renew or place holds.
    """
    p = _patron(db, patron_id)
    today = kit.today(db)
    pid = p["patron_id"]
    loans = db.query("SELECT t.format FROM loans l JOIN copies c ON c.copy_id = l.copy_id JOIN titles t "
                     "ON t.title_id = c.title_id WHERE l.patron_id = ? AND l.status = 'active'", [pid])
    expires = date.fromisoformat(p["card_expires"])
    waiver_ok = p["last_waiver_on"] is None or (today - date.fromisoformat(p["last_waiver_on"])).days >= WAIVER_DAYS
    return {
        "patron_id": pid, "name": f"{p['first_name']} {p['last_name']}", "email": p["email"], "phone": p["phone"],
        "birth_date": p["birth_date"], "age": _age(p["birth_date"], today), "card_type": p["card_type"],
        "status": p["status"], "block_reason": p["block_reason"],
        "home_branch": db.scalar("SELECT name FROM branches WHERE branch_id = ?", [p["home_branch_id"]]),
        "registered_on": p["registered_on"], "card_expires": p["card_expires"], "card_expired": expires < today,
        "card_renewable_from": (expires - timedelta(days=CARD_RENEWAL_WINDOW)).isoformat(),
        "card_renewal_fee": p["annual_fee"], "loan_limit": p["loan_limit"], "hold_limit": p["hold_limit"],
        "dvd_limit": DVD_LIMIT, "items_on_loan": len(loans), "dvds_on_loan": sum(1 for x in loans if x["format"] == "dvd"),
        "overdue_items": db.scalar("SELECT count(*) FROM loans WHERE patron_id = ? AND status = 'active' "
                                   "AND due_date < ?", [pid, today.isoformat()]),
        "open_holds": db.scalar("SELECT count(*) FROM holds WHERE patron_id = ? AND status IN ('waiting', "
                                "'in_transit', 'ready')", [pid]),
        "upcoming_room_bookings": db.scalar("SELECT count(*) FROM room_bookings WHERE patron_id = ? AND status = "
                                            "'booked' AND starts_at > ?", [pid, db.now]),
        "fine_free_card": p["fine_free"], "open_fees_total": _open_fees(db, pid),
        "last_courtesy_waiver": p["last_waiver_on"], "courtesy_waiver_available": waiver_ok,
        "can_book_rooms": bool(p["can_book_rooms"]), "borrowing_blocked_because": _standing_problems(db, p)}


@tool
def list_patron_loans(db: Database, patron_id: str, status: LoanStatus = "active", offset: int = 0) -> dict:
    """List a patron's loans of one status, 10 at a time: active ones by due date, returned ones latest first.

    Args:
        patron_id: The patron's id, e.g. "P-20417".
        status: "active" (items out now, the default), "returned" (history) or "lost".
        offset: How many loans to skip, for the next page (the "next_offset" of the previous result); 0 first.

    Returns:
        Up to 10 loans: id, title, format, checkout and due dates, renewals used; active loans also show renewals
        left, days overdue, the fine if returned today and how many holds wait on the title; "next_offset" is
        there when more loans follow.
    """
    p = _patron(db, patron_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    order = "l.returned_on DESC, l.loan_id DESC" if status == "returned" else "l.due_date, l.loan_id"
    rows = db.query(f"SELECT l.*, c.title_id, ? AS fine_free FROM loans l JOIN copies c ON c.copy_id = l.copy_id "
                    f"WHERE l.patron_id = ? AND l.status = ? ORDER BY {order} LIMIT {PAGE + 1} OFFSET ?",
                    [p["fine_free"], p["patron_id"], status, offset])
    out: dict[str, Any] = {"patron_id": p["patron_id"], "status": status,
                           "loans": [_loan_row(db, r) for r in rows[:PAGE]]}
    if len(rows) > PAGE:
        out["next_offset"] = offset + PAGE
    return out


@tool
def list_patron_holds(db: Database, patron_id: str, include_closed: bool = False) -> dict:
    """List a patron's holds: open ones (waiting, in transit, ready for pickup), or all of them.

    Args:
        patron_id: The patron's id, e.g. "P-20417".
        include_closed: True to add fulfilled, cancelled and expired holds (the 5 most recent).

    Returns:
        Each hold's id, title, pickup branch, when it was placed and its status; waiting holds show their place
        in the title's queue, ready ones the last pickup day.
    """
    p = _patron(db, patron_id)
    base = ("SELECT h.hold_id, h.title_id, t.title, b.name AS pickup_branch, h.pickup_branch_id, "
            "h.placed_at, h.status, h.ready_on, h.pickup_by, h.closed_on FROM holds h JOIN titles t ON "
            "t.title_id = h.title_id JOIN branches b ON b.branch_id = h.pickup_branch_id WHERE h.patron_id = ? ")
    rows = db.query(base + "AND h.status IN ('waiting', 'in_transit', 'ready') ORDER BY h.placed_at",
                    [p["patron_id"]])
    for r in rows:
        if r["status"] == "waiting":
            r["queue_position"] = db.scalar("SELECT count(*) FROM holds WHERE title_id = ? AND status = 'waiting' "
                                            "AND (placed_at < CAST(? AS TIMESTAMP) OR (placed_at = CAST(? AS TIMESTAMP) "
                                            "AND hold_id <= ?))",
                                            [r["title_id"], r["placed_at"], r["placed_at"], r["hold_id"]])
        if r["status"] == "in_transit":
            r["expected_on"] = db.scalar("SELECT max(expected_on) FROM transfers WHERE hold_id = ?", [r["hold_id"]])
        for k in ("ready_on", "pickup_by", "closed_on"):
            if r[k] is None:
                del r[k]
    out: dict[str, Any] = {"patron_id": p["patron_id"], "open_holds": rows}
    if include_closed:
        out["closed_holds"] = db.query(base + "AND h.status IN ('fulfilled', 'cancelled', 'expired') "
                                       "ORDER BY h.closed_on DESC, h.hold_id DESC LIMIT 5", [p["patron_id"]])
    return out


@tool
def list_patron_fees(db: Database, patron_id: str, status: FeeStatus | None = "open") -> dict:
    """List a patron's fees of one status (open by default), newest first, at most 15.

    Args:
        patron_id: The patron's id, e.g. "P-20417".
        status: "open" (the default), "paid" or "waived"; null for all.

    Returns:
        Each fee's id, kind, description, amount, date assessed and status, and the patron's open total.
    """
    p = _patron(db, patron_id)
    rows = db.query("SELECT fee_id, kind, description, amount, assessed_on, status, settled_on, loan_id FROM fees "
                    "WHERE patron_id = ? AND (? IS NULL OR status = ?) ORDER BY assessed_on DESC, fee_id DESC "
                    "LIMIT 15", [p["patron_id"], status, status])
    return {"patron_id": p["patron_id"], "fees": rows, "open_total": _open_fees(db, p["patron_id"])}


@tool
def search_catalog(db: Database, query: str, format: Format | None = None, audience: Audience | None = None,
                   offset: int = 0) -> dict:
    """Search the catalogue by words of the title or the author's name, 10 results at a time.

    Args:
        query: Words of the title or author, e.g. "silent orchard" or "Okafor".
        format: Only this format: book, large_print, audiobook or dvd; omit for all.
        audience: Only titles for this audience: adult, teen or children; omit for all.
        offset: How many results to skip, for the next page (the "next_offset" of the previous result).

    Returns:
        Up to 10 titles: id, title, author, format, year, audience, copies on the shelf and holds waiting.
    """
    words = [w for w in query.lower().split() if w]
    if not words:
        raise ToolError("give at least one word of the title or the author's name")
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    cond = " AND ".join(["(lower(t.title) LIKE ? OR lower(t.author) LIKE ?)"] * len(words))
    params: list[Any] = []
    for w in words:
        params += [f"%{w}%", f"%{w}%"]
    rows = db.query(
        "SELECT t.title_id, t.title, t.author, t.format, t.year, t.audience, t.new_release, "
        "(SELECT count(*) FROM copies c WHERE c.title_id = t.title_id AND c.status = 'available' AND "
        "c.collection = 'circulating') AS copies_on_shelf, (SELECT count(*) FROM holds h WHERE h.title_id = "
        f"t.title_id AND h.status = 'waiting') AS holds_waiting FROM titles t WHERE {cond} "
        "AND (? IS NULL OR t.format = ?) AND (? IS NULL OR t.audience = ?) ORDER BY t.title, t.title_id "
        f"LIMIT {PAGE + 1} OFFSET ?", [*params, format, format, audience, audience, offset])
    out: dict[str, Any] = {"results": rows[:PAGE]}
    if len(rows) > PAGE:
        out["next_offset"] = offset + PAGE
    return out


@tool
def get_title_availability(db: Database, title_id: str) -> dict:
    """Get one title: loan rules (loan period, renewals, age rating) and every copy with its branch and status.

    Args:
        title_id: The title's id, e.g. "T-1042" (from search_catalog).

    Returns:
        The title, its format's loan period, renewals and fines, the minimum age, the holds waiting, and its copies:
        barcode, branch, call number, collection (reference copies never leave the branch), status and due date.
    """
    t = _title(db, title_id)
    copies = db.query("SELECT c.copy_id, c.branch_id, b.name AS branch, c.call_number, c.collection, c.status, "
                      "(SELECT l.due_date FROM loans l WHERE l.copy_id = c.copy_id AND l.status = 'active') AS due_date "
                      "FROM copies c JOIN branches b ON b.branch_id = c.branch_id WHERE c.title_id = ? "
                      "ORDER BY c.branch_id, c.copy_id", [t["title_id"]])
    for c in copies:
        if c["due_date"] is None:
            del c["due_date"]
    return {"title_id": t["title_id"], "title": t["title"], "author": t["author"], "format": t["format_label"],
            "audience": t["audience"], "subject": t["subject"], "year": t["year"], "isbn": t["isbn"],
            "new_release": t["new_release"], "min_age": t["min_age"], "loan_days": t["loan_days"],
            "renewals_allowed": t["max_renewals"], "daily_fine": t["daily_fine"], "fine_cap": t["fine_cap"],
            "replacement_cost": t["replacement_cost"],
            "holds_waiting": db.scalar("SELECT count(*) FROM holds WHERE title_id = ? AND status = 'waiting'",
                                       [t["title_id"]]), "copies": copies}


@tool
def list_branches(db: Database) -> list:
    """List the library's branches: address, phone, opening hours, closed days and whether they take hold pickups.

    Returns:
        Each branch's id, name, address, phone, opening and closing time, closed weekdays and hold pickup.
    """
    return db.query("SELECT branch_id, name, street AS address, phone, opens, closes, closed_days, accepts_holds "
                    "FROM branches ORDER BY branch_id")


@tool
def get_room_schedule(db: Database, branch_id: str, date: str) -> dict:
    """Show a branch's bookable rooms and what is already booked in each on one day.

    Args:
        branch_id: The branch, e.g. "BR-01" (from list_branches).
        date: The day, e.g. "2026-05-20".

    Returns:
        The branch's hours that day (or that it is closed) and each room's kind, capacity, longest booking,
        amenities and booked times.
    """
    b = _branch(db, branch_id)
    day = _day(date, "date")
    rooms = db.query("SELECT room_id, name, kind, capacity, max_hours, amenities FROM rooms WHERE branch_id = ? "
                     "ORDER BY room_id", [b["branch_id"]])
    for r in rooms:
        r["booked"] = [{"from": x["starts_at"][11:16], "to": x["ends_at"][11:16]} for x in db.query(
            "SELECT starts_at, ends_at FROM room_bookings WHERE room_id = ? AND status = 'booked' AND "
            "CAST(starts_at AS DATE) = ? ORDER BY starts_at", [r["room_id"], day.isoformat()])]
    is_open = _branch_open_on(b, day)
    return {"branch_id": b["branch_id"], "branch": b["name"], "date": day.isoformat(), "weekday": day.strftime("%A"),
            "open": is_open, "opens": b["opens"] if is_open else None, "closes": b["closes"] if is_open else None,
            "rooms": rooms}


@tool
def list_patron_room_bookings(db: Database, patron_id: str, include_past: bool = False) -> dict:
    """List a patron's room bookings: upcoming ones, or the last 10 of all.

    Args:
        patron_id: The patron's id, e.g. "P-20417".
        include_past: True to list past and cancelled bookings too (latest first, at most 10).

    Returns:
        Each booking's id, room, branch, start and end, attendees, purpose and status.
    """
    p = _patron(db, patron_id)
    base = ("SELECT k.booking_id, k.room_id, r.name AS room, b.name AS branch, k.starts_at, k.ends_at, k.attendees, "
            "k.purpose, k.status FROM room_bookings k JOIN rooms r ON r.room_id = k.room_id JOIN branches b "
            "ON b.branch_id = r.branch_id WHERE k.patron_id = ? ")
    if include_past:
        rows = db.query(base + "ORDER BY k.starts_at DESC LIMIT 10", [p["patron_id"]])
    else:
        rows = db.query(base + "AND k.status = 'booked' AND k.starts_at > ? ORDER BY k.starts_at",
                        [p["patron_id"], db.now])
    return {"patron_id": p["patron_id"], "bookings": rows}


# ---------------------------------------------------------------------------------------------------------
# Writes: circulation
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def check_out_title(db: Database, patron_id: str, title_id: str, branch_id: str) -> dict:
    """Check out a title to a patron at a branch's desk: their ready hold copy there, else a copy on the shelf.

    Args:
        patron_id: The borrowing patron, e.g. "P-20417".
        title_id: The title, e.g. "T-1042" (from search_catalog).
        branch_id: The branch where the patron is, e.g. "BR-02".

    Returns:
        The new loan: id, copy barcode, due date and whether it filled the patron's hold.
    """
    p = _patron(db, patron_id)
    t = _title(db, title_id)
    b = _branch(db, branch_id)
    _require_standing(db, p, "borrow")
    today = kit.today(db)
    if _age(p["birth_date"], today) < t["min_age"]:
        raise ToolError(f"{t['title']} is rated for ages {t['min_age']} and up; {p['first_name']} is "
                        f"{_age(p['birth_date'], today)}")
    out_now = db.query("SELECT t.format, t.title_id FROM loans l JOIN copies c ON c.copy_id = l.copy_id JOIN titles t "
                       "ON t.title_id = c.title_id WHERE l.patron_id = ? AND l.status = 'active'", [p["patron_id"]])
    if any(x["title_id"] == t["title_id"] for x in out_now):
        raise ToolError(f"{p['first_name']} already has a copy of {t['title']} on loan")
    if len(out_now) >= p["loan_limit"]:
        raise ToolError(f"{_a(p['card_type'])} card may have {p['loan_limit']} items out at once; "
                        f"{p['first_name']} has {len(out_now)}")
    if t["format"] == "dvd" and sum(1 for x in out_now if x["format"] == "dvd") >= DVD_LIMIT:
        raise ToolError(f"at most {DVD_LIMIT} DVDs may be out at once on any card")
    hold = db.query_one("SELECT h.* FROM holds h JOIN copies c ON c.copy_id = h.copy_id WHERE h.patron_id = ? AND "
                        "h.title_id = ? AND h.status = 'ready' AND c.branch_id = ?",
                        [p["patron_id"], t["title_id"], b["branch_id"]])
    if hold is not None:
        copy_id = hold["copy_id"]
    else:
        copy_id = db.scalar("SELECT copy_id FROM copies WHERE title_id = ? AND branch_id = ? AND status = 'available' "
                            "AND collection = 'circulating' ORDER BY copy_id LIMIT 1", [t["title_id"], b["branch_id"]])
        if copy_id is None:
            ref = db.scalar("SELECT count(*) FROM copies WHERE title_id = ? AND branch_id = ? AND collection = "
                            "'reference'", [t["title_id"], b["branch_id"]])
            if ref:
                raise ToolError(f"the copy of {t['title']} at {b['name']} is a reference copy and cannot be borrowed")
            raise ToolError(f"no copy of {t['title']} is on the shelf at {b['name']}; see get_title_availability "
                            "or place a hold")
    due = today + timedelta(days=t["loan_days"])
    loan_id = _IDS.next(db, "L-")
    db.execute("INSERT INTO loans VALUES (?, ?, ?, ?, ?, ?, 0, 'active', NULL, NULL)",
               [loan_id, copy_id, p["patron_id"], b["branch_id"], today.isoformat(), due.isoformat()])
    db.execute("UPDATE copies SET status = 'on_loan' WHERE copy_id = ?", [copy_id])
    if hold is not None:
        db.execute("UPDATE holds SET status = 'fulfilled', closed_on = ? WHERE hold_id = ?",
                   [today.isoformat(), hold["hold_id"]])
    return {"loan_id": loan_id, "title": t["title"], "copy_id": copy_id, "branch": b["name"],
            "due_date": due.isoformat(), "loan_days": t["loan_days"], "filled_hold": hold["hold_id"] if hold else None}


@tool(writes=True)
def return_loan(db: Database, loan_id: str, condition: Condition = "good") -> dict:
    """Check in a returned item: close the loan, charge any overdue fine (or a damage fee) and route the copy.

    An item returned up to 2 days after its due date owes nothing; later, every day late is charged at the
    format's daily rate up to its cap (fine-free cards pay nothing). A damaged item costs half its replacement cost.
    A copy returned after being reported lost closes that loan and waives its unpaid replacement charge.

    Args:
        loan_id: The loan, e.g. "L-500123" (from list_patron_loans).
        condition: "good" (the default) or "damaged" when the item comes back damaged.

    Returns:
        Days late, the overdue fine and damage fee charged (with fee ids) and where the copy goes next.
    """
    ln = _loan(db, loan_id)
    today = kit.today(db)
    if ln["status"] == "returned":
        raise ToolError(f"loan {ln['loan_id']} was already returned on {ln['returned_on']}")
    p = _patron(db, ln["patron_id"])
    t = _title(db, ln["title_id"])
    copy = db.query_one("SELECT * FROM copies WHERE copy_id = ?", [ln["copy_id"]])
    out: dict[str, Any] = {"loan_id": ln["loan_id"], "title": t["title"], "returned_on": today.isoformat()}
    if ln["status"] == "lost":
        waived = db.query("SELECT fee_id, amount FROM fees WHERE loan_id = ? AND kind = 'lost_item' AND status = "
                          "'open'", [ln["loan_id"]])
        for f in waived:
            db.execute("UPDATE fees SET status = 'waived', settled_on = ? WHERE fee_id = ?",
                       [today.isoformat(), f["fee_id"]])
        out.update(was_reported_lost=True, replacement_charge_waived=_money(sum(f["amount"] for f in waived)))
        late, fine = 0, 0.0
    else:
        late, fine = _fine(t, ln["due_date"], today, p["fine_free"])
    out.update(due_date=ln["due_date"], days_late=late, overdue_fine=fine)
    if fine:
        out["fine_fee_id"] = _add_fee(db, p["patron_id"], ln["loan_id"], "overdue",
                                      f"Overdue fine: {t['title']} ({late} days late)", fine)
    db.execute("UPDATE loans SET status = 'returned', returned_on = ?, return_condition = ? WHERE loan_id = ?",
               [today.isoformat(), condition, ln["loan_id"]])
    if condition == "damaged":
        damage = _money(t["replacement_cost"] * DAMAGE_SHARE)
        out.update(damage_fee=damage, damage_fee_id=_add_fee(db, p["patron_id"], ln["loan_id"], "damage",
                                                              f"Damaged item: {t['title']}", damage))
        db.execute("UPDATE copies SET status = 'damaged' WHERE copy_id = ?", [copy["copy_id"]])
        out["copy_goes"] = "withdrawn for repair"
    else:
        out["copy_goes"] = _route_copy(db, copy)
    out["open_fees_total"] = _open_fees(db, p["patron_id"])
    return out


@tool(writes=True)
def renew_loan(db: Database, loan_id: str) -> dict:
    """Renew an active loan: the new due date is today plus the loan period; an overdue item's fine so far is billed.

    Args:
        loan_id: The loan, e.g. "L-500123" (from list_patron_loans).

    Returns:
        The old and new due dates, renewals used and left, and any overdue fine billed.
    """
    ln = _loan(db, loan_id)
    if ln["status"] != "active":
        raise ToolError(f"loan {ln['loan_id']} is {ln['status']}; only active loans can be renewed")
    p = _patron(db, ln["patron_id"])
    t = _title(db, ln["title_id"])
    _require_standing(db, p, "renew loans")
    if t["max_renewals"] == 0:
        raise ToolError(f"{t['title']} is a new release: new releases cannot be renewed")
    if ln["renewals"] >= t["max_renewals"]:
        raise ToolError(f"loan {ln['loan_id']} has used all {t['max_renewals']} renewals allowed for a "
                        f"{t['format_label'].lower()}")
    waiting = db.scalar("SELECT count(*) FROM holds WHERE title_id = ? AND status = 'waiting'", [t["title_id"]])
    if waiting:
        raise ToolError(f"{waiting} other patron(s) are waiting for {t['title']}; items with holds cannot be renewed")
    today = kit.today(db)
    new_due = today + timedelta(days=t["loan_days"])
    if new_due.isoformat() <= ln["due_date"]:
        raise ToolError(f"renewing today would not extend the due date ({ln['due_date']})")
    late, fine = _fine(t, ln["due_date"], today, p["fine_free"])
    out: dict[str, Any] = {"loan_id": ln["loan_id"], "title": t["title"], "previous_due_date": ln["due_date"],
                           "new_due_date": new_due.isoformat(), "renewals_used": ln["renewals"] + 1,
                           "renewals_left": t["max_renewals"] - ln["renewals"] - 1, "overdue_fine_billed": fine}
    if fine:
        out["fine_fee_id"] = _add_fee(db, p["patron_id"], ln["loan_id"], "overdue",
                                      f"Overdue fine: {t['title']} ({late} days late, billed at renewal)", fine)
    db.execute("UPDATE loans SET due_date = ?, renewals = renewals + 1 WHERE loan_id = ?",
               [new_due.isoformat(), ln["loan_id"]])
    return out


@tool(writes=True)
def report_loan_lost(db: Database, loan_id: str) -> dict:
    """Declare an item on loan lost: the patron is charged its replacement cost plus a 5.00 processing fee.

    Args:
        loan_id: The active loan, e.g. "L-500123" (from list_patron_loans).

    Returns:
        The replacement charge, the processing fee, their fee ids and the patron's new open total.
    """
    ln = _loan(db, loan_id)
    if ln["status"] != "active":
        raise ToolError(f"loan {ln['loan_id']} is {ln['status']}; only items on loan can be reported lost")
    t = _title(db, ln["title_id"])
    replacement = _add_fee(db, ln["patron_id"], ln["loan_id"], "lost_item", f"Lost item replacement: {t['title']}",
                           t["replacement_cost"])
    processing = _add_fee(db, ln["patron_id"], ln["loan_id"], "processing", f"Lost item processing: {t['title']}",
                          PROCESSING_FEE)
    db.execute("UPDATE loans SET status = 'lost' WHERE loan_id = ?", [ln["loan_id"]])
    db.execute("UPDATE copies SET status = 'lost' WHERE copy_id = ?", [ln["copy_id"]])
    return {"loan_id": ln["loan_id"], "title": t["title"], "replacement_cost": t["replacement_cost"],
            "processing_fee": PROCESSING_FEE, "total_charged": _money(t["replacement_cost"] + PROCESSING_FEE),
            "fee_ids": [replacement, processing], "open_fees_total": _open_fees(db, ln["patron_id"])}


# ---------------------------------------------------------------------------------------------------------
# Writes: holds
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def place_hold(db: Database, patron_id: str, title_id: str, pickup_branch_id: str) -> dict:
    """Put a patron in the queue for a title, to be picked up at a branch that takes hold pickups.

    Args:
        patron_id: The patron, e.g. "P-20417".
        title_id: The title, e.g. "T-1042" (from search_catalog).
        pickup_branch_id: The pickup branch, e.g. "BR-02" (from list_branches).

    Returns:
        The new hold's id, the pickup branch and the patron's place in the queue.
    """
    p = _patron(db, patron_id)
    t = _title(db, title_id)
    b = _branch(db, pickup_branch_id)
    _require_standing(db, p, "place holds")
    if not b["accepts_holds"]:
        raise ToolError(f"{b['name']} does not take hold pickups at the moment; choose another branch")
    if _age(p["birth_date"], kit.today(db)) < t["min_age"]:
        raise ToolError(f"{t['title']} is rated for ages {t['min_age']} and up; {p['first_name']} is "
                        f"{_age(p['birth_date'], kit.today(db))}")
    if not db.scalar("SELECT count(*) FROM copies WHERE title_id = ? AND collection = 'circulating' AND status NOT IN "
                     "('lost', 'damaged')", [t["title_id"]]):
        raise ToolError(f"{t['title']} has no copy that can be lent (reference only, lost or damaged); "
                        "it cannot be held")
    if db.scalar("SELECT count(*) FROM holds WHERE patron_id = ? AND title_id = ? AND status IN ('waiting', "
                 "'in_transit', 'ready')", [p["patron_id"], t["title_id"]]):
        raise ToolError(f"{p['first_name']} already has a hold on {t['title']}")
    if db.scalar("SELECT count(*) FROM loans l JOIN copies c ON c.copy_id = l.copy_id WHERE l.patron_id = ? AND "
                 "c.title_id = ? AND l.status = 'active'", [p["patron_id"], t["title_id"]]):
        raise ToolError(f"{p['first_name']} already has {t['title']} on loan")
    held = db.scalar("SELECT count(*) FROM holds WHERE patron_id = ? AND status IN ('waiting', 'in_transit', "
                     "'ready')", [p["patron_id"]])
    if held >= p["hold_limit"]:
        raise ToolError(f"{_a(p['card_type'])} card may have {p['hold_limit']} open holds; {p['first_name']} has "
                        f"{held}")
    if db.scalar("SELECT count(*) FROM copies WHERE title_id = ? AND branch_id = ? AND status = 'available' AND "
                 "collection = 'circulating'", [t["title_id"], b["branch_id"]]):
        raise ToolError(f"a copy of {t['title']} is on the shelf at {b['name']} now; holds are only for titles not "
                        "on the shelf at the pickup branch: borrow it there")
    hold_id = _IDS.next(db, "H-")
    db.execute("INSERT INTO holds VALUES (?, ?, ?, ?, ?, 'waiting', NULL, NULL, NULL, NULL)",
               [hold_id, p["patron_id"], t["title_id"], b["branch_id"], db.now])
    position = db.scalar("SELECT count(*) FROM holds WHERE title_id = ? AND status = 'waiting'", [t["title_id"]])
    return {"hold_id": hold_id, "title": t["title"], "pickup_branch": b["name"], "status": "waiting",
            "queue_position": position}


@tool(writes=True)
def cancel_hold(db: Database, hold_id: str) -> dict:
    """Cancel a waiting hold, or a ready one (its copy then goes to the next patron in the queue or the shelf).

    Args:
        hold_id: The hold, e.g. "H-70031" (from list_patron_holds).

    Returns:
        The cancelled hold and, for a ready hold, where its copy went.
    """
    h = _hold(db, hold_id)
    if h["status"] == "in_transit":
        raise ToolError(f"hold {h['hold_id']} has a copy on its way to the pickup branch; it can be cancelled once it "
                        "is ready for pickup")
    if h["status"] not in ("waiting", "ready"):
        raise ToolError(f"hold {h['hold_id']} is {h['status']}; only waiting or ready holds can be cancelled")
    db.execute("UPDATE holds SET status = 'cancelled', closed_on = ? WHERE hold_id = ?",
               [kit.today(db).isoformat(), h["hold_id"]])
    out = {"hold_id": h["hold_id"], "status": "cancelled",
           "title": db.scalar("SELECT title FROM titles WHERE title_id = ?", [h["title_id"]])}
    if h["status"] == "ready":
        copy = db.query_one("SELECT * FROM copies WHERE copy_id = ?", [h["copy_id"]])
        out["copy_goes"] = _route_copy(db, copy)
    return out


@tool(writes=True)
def change_hold_pickup(db: Database, hold_id: str, pickup_branch_id: str) -> dict:
    """Move a waiting hold's pickup to another branch (its place in the queue stays).

    Args:
        hold_id: The waiting hold, e.g. "H-70031".
        pickup_branch_id: The new pickup branch, e.g. "BR-04".

    Returns:
        The hold with its old and new pickup branch.
    """
    h = _hold(db, hold_id)
    if h["status"] != "waiting":
        raise ToolError(f"hold {h['hold_id']} is {h['status']}; only waiting holds can change pickup branch (a copy "
                        "is already assigned)" if h["status"] in ("in_transit", "ready") else
                        f"hold {h['hold_id']} is {h['status']}; only waiting holds can change pickup branch")
    b = _branch(db, pickup_branch_id)
    if b["branch_id"] == h["pickup_branch_id"]:
        raise ToolError(f"hold {h['hold_id']} is already for pickup at {b['name']}")
    if not b["accepts_holds"]:
        raise ToolError(f"{b['name']} does not take hold pickups at the moment; choose another branch")
    old = db.scalar("SELECT name FROM branches WHERE branch_id = ?", [h["pickup_branch_id"]])
    db.execute("UPDATE holds SET pickup_branch_id = ? WHERE hold_id = ?", [b["branch_id"], h["hold_id"]])
    return {"hold_id": h["hold_id"], "previous_pickup_branch": old, "pickup_branch": b["name"], "status": "waiting"}


# ---------------------------------------------------------------------------------------------------------
# Writes: fees
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def pay_fees(db: Database, patron_id: str, fee_ids: list[str], method: Method) -> dict:
    """Take a payment that settles some of a patron's open fees in full.

    Args:
        patron_id: The paying patron, e.g. "P-20417".
        fee_ids: The open fees to pay, e.g. ["F-80211", "F-80230"] (from list_patron_fees).
        method: "card" or "cash".

    Returns:
        The payment id, the amount paid, the fees settled and the open total left.
    """
    p = _patron(db, patron_id)
    ids = sorted({f.strip().upper() for f in fee_ids})
    if not ids:
        raise ToolError("name at least one open fee to pay")
    fees = []
    for fid in ids:
        f = db.query_one("SELECT * FROM fees WHERE fee_id = ?", [fid])
        if f is None or f["patron_id"] != p["patron_id"]:
            raise ToolError(f"fee {fid} is not one of {p['first_name']} {p['last_name']}'s fees; see list_patron_fees")
        if f["status"] != "open":
            raise ToolError(f"fee {fid} is already {f['status']}; only open fees can be paid")
        fees.append(f)
    total = _money(sum(f["amount"] for f in fees))
    pay_id = _IDS.next(db, "PAY-")
    db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?)", [pay_id, p["patron_id"], total, method, db.now])
    for f in fees:
        db.execute("UPDATE fees SET status = 'paid', settled_on = ?, payment_id = ? WHERE fee_id = ?",
                   [kit.today(db).isoformat(), pay_id, f["fee_id"]])
    return {"payment_id": pay_id, "amount": total, "method": method, "fees_paid": ids,
            "open_fees_total": _open_fees(db, p["patron_id"])}


@tool(writes=True)
def waive_overdue_fine(db: Database, fee_id: str) -> dict:
    """Grant a patron's courtesy waiver on one open overdue fine (one waiver per patron in 365 days).

    Args:
        fee_id: The open overdue fine, e.g. "F-80211" (from list_patron_fees).

    Returns:
        The waived fine, its amount and the patron's open total left.
    """
    f = db.query_one("SELECT * FROM fees WHERE fee_id = ?", [fee_id.strip().upper()])
    if f is None:
        raise ToolError(f"no fee with id {fee_id!r} (fee ids look like 'F-80211'); see list_patron_fees")
    if f["kind"] != "overdue":
        raise ToolError(f"fee {f['fee_id']} is a {f['kind'].replace('_', ' ')} charge; only overdue fines can be "
                        "waived")
    if f["status"] != "open":
        raise ToolError(f"fee {f['fee_id']} is already {f['status']}; only open fines can be waived")
    p = _patron(db, f["patron_id"])
    today = kit.today(db)
    if p["last_waiver_on"] and (today - date.fromisoformat(p["last_waiver_on"])).days < WAIVER_DAYS:
        again = date.fromisoformat(p["last_waiver_on"]) + timedelta(days=WAIVER_DAYS)
        raise ToolError(f"{p['first_name']} {p['last_name']} had a courtesy waiver on {p['last_waiver_on']}; the "
                        f"next one is possible from {again.isoformat()}")
    db.execute("UPDATE fees SET status = 'waived', settled_on = ? WHERE fee_id = ?", [today.isoformat(), f["fee_id"]])
    db.execute("UPDATE patrons SET last_waiver_on = ? WHERE patron_id = ?", [today.isoformat(), p["patron_id"]])
    return {"fee_id": f["fee_id"], "status": "waived", "amount": f["amount"], "description": f["description"],
            "open_fees_total": _open_fees(db, p["patron_id"])}


# ---------------------------------------------------------------------------------------------------------
# Writes: rooms and cards
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_room(db: Database, patron_id: str, room_id: str, starts_at: str, hours: int, attendees: int,
              purpose: Purpose) -> dict:
    """Book a library room for a patron: on the hour, within the branch's hours, up to 30 days ahead.

    Args:
        patron_id: The patron booking, e.g. "P-20417".
        room_id: The room, e.g. "RM-12" (from get_room_schedule).
        starts_at: Start date and time on the hour, e.g. "2026-05-20 14:00".
        hours: Length in whole hours, 1 up to the room's longest booking.
        attendees: How many people will use the room, the patron included.
        purpose: What the room is for: "study" (studying, homework, a study group), "tutoring", "meeting" (a club,
            board, association or book club meeting), "interview" (a job interview or video call) or "event" (a
            workshop, class or presentation).

    Returns:
        The booking id, room, branch, start and end.
    """
    p = _patron(db, patron_id)
    room = db.query_one("SELECT * FROM rooms WHERE room_id = ?", [room_id.strip().upper()])
    if room is None:
        raise ToolError(f"no room with id {room_id!r} (room ids look like 'RM-12'); see get_room_schedule")
    b = _branch(db, room["branch_id"])
    start = parse_time(starts_at, "starts_at", hint="like '2026-05-20 14:00'")
    now = _now(db)
    if p["status"] != "active" or p["card_expires"] < now.date().isoformat():
        raise ToolError(f"{p['first_name']} {p['last_name']}'s account is not in good standing (blocked or expired "
                        "card); rooms need an active, unexpired card")
    if not p["can_book_rooms"]:
        raise ToolError(f"{p['card_type']} cards cannot book rooms; a parent or guardian with an adult card can")
    if room["kind"] == "meeting" and p["card_type"] not in ADULT_CARDS:
        raise ToolError(f"meeting rooms are booked by adult cards only; {_a(p['card_type'])} card can book study rooms")
    if start <= now:
        raise ToolError(f"{start.isoformat(sep=' ')[:16]} is in the past (now is {now.isoformat(sep=' ')[:16]})")
    if (start.date() - now.date()).days > ROOM_AHEAD_DAYS:
        raise ToolError(f"rooms can be booked at most {ROOM_AHEAD_DAYS} days ahead (until "
                        f"{(now.date() + timedelta(days=ROOM_AHEAD_DAYS)).isoformat()})")
    if start.minute or start.second:
        raise ToolError("bookings start on the hour, e.g. 14:00")
    if not 1 <= hours <= room["max_hours"]:
        raise ToolError(f"the {room['name']} can be booked for 1 to {room['max_hours']} hours, got {hours}")
    if not _branch_open_on(b, start.date()):
        raise ToolError(f"{b['name']} is closed on {start.strftime('%A')}s")
    end = start + timedelta(hours=hours)
    if start.strftime("%H:%M") < b["opens"] or end.strftime("%H:%M") > b["closes"] or end.date() != start.date():
        raise ToolError(f"{b['name']} is open {b['opens']} to {b['closes']}; a booking must fit within those hours")
    if not 1 <= attendees <= room["capacity"]:
        raise ToolError(f"the {room['name']} holds at most {room['capacity']} people, got {attendees}")
    clash = db.query_one("SELECT starts_at, ends_at FROM room_bookings WHERE room_id = ? AND status = 'booked' AND "
                         "starts_at < ? AND ends_at > ?", [room["room_id"], end.isoformat(), start.isoformat()])
    if clash:
        raise ToolError(f"the {room['name']} is already booked from {clash['starts_at'][11:16]} to "
                        f"{clash['ends_at'][11:16]} that day")
    upcoming = db.scalar("SELECT count(*) FROM room_bookings WHERE patron_id = ? AND status = 'booked' AND "
                         "starts_at > ?", [p["patron_id"], db.now])
    if upcoming >= MAX_UPCOMING_BOOKINGS:
        raise ToolError(f"{p['first_name']} already has {upcoming} upcoming room bookings (the most allowed is "
                        f"{MAX_UPCOMING_BOOKINGS})")
    booking_id = _IDS.next(db, "RB-")
    db.execute("INSERT INTO room_bookings VALUES (?, ?, ?, ?, ?, ?, ?, 'booked', ?)",
               [booking_id, room["room_id"], p["patron_id"], start.isoformat(), end.isoformat(), attendees,
                purpose, db.now])
    return {"booking_id": booking_id, "room": room["name"], "branch": b["name"], "starts_at": start.isoformat(),
            "ends_at": end.isoformat(), "attendees": attendees, "status": "booked"}


@tool(writes=True)
def cancel_room_booking(db: Database, booking_id: str) -> dict:
    """Cancel an upcoming room booking.

    Args:
        booking_id: The booking, e.g. "RB-4107" (from list_patron_room_bookings).

    Returns:
        The cancelled booking.
    """
    k = db.query_one("SELECT * FROM room_bookings WHERE booking_id = ?", [booking_id.strip().upper()])
    if k is None:
        raise ToolError(f"no room booking with id {booking_id!r} (ids look like 'RB-4107')")
    if k["status"] != "booked":
        raise ToolError(f"booking {k['booking_id']} is {k['status']}; only booked rooms can be cancelled")
    if k["starts_at"] <= db.now:
        raise ToolError(f"booking {k['booking_id']} started at {k['starts_at'].replace('T', ' ')[:16]}; only "
                        "upcoming bookings can be cancelled")
    db.execute("UPDATE room_bookings SET status = 'cancelled' WHERE booking_id = ?", [k["booking_id"]])
    return {"booking_id": k["booking_id"], "status": "cancelled", "starts_at": k["starts_at"]}


@tool(writes=True)
def renew_library_card(db: Database, patron_id: str, payment_method: Method | None = None) -> dict:
    """Renew a patron's library card for its card type's validity period (nonresident cards pay the annual fee).

    Cards renew from 30 days before they expire, or any time after; the new expiry counts from the old one, or
    from today for a card already expired.

    Args:
        patron_id: The patron, e.g. "P-20417".
        payment_method: For nonresident cards only: "card" or "cash" to pay the 45.00 annual fee.

    Returns:
        The old and new expiry dates and any fee paid.
    """
    p = _patron(db, patron_id)
    today = kit.today(db)
    if p["status"] != "active":
        raise ToolError(f"the account is blocked ({p['block_reason']}); a blocked card is renewed only in person "
                        "at a branch")
    expires = date.fromisoformat(p["card_expires"])
    opens = expires - timedelta(days=CARD_RENEWAL_WINDOW)
    if today < opens:
        raise ToolError(f"the card is valid until {p['card_expires']}; it can be renewed from {opens.isoformat()}")
    owed = _open_fees(db, p["patron_id"])
    if owed >= FEE_BLOCK:
        raise ToolError(f"the patron owes {owed:.2f} in open fees; cards are renewed only below {FEE_BLOCK:.2f}")
    fee = p["annual_fee"]
    if fee and payment_method is None:
        raise ToolError(f"a nonresident card renewal costs {fee:.2f}; ask how the patron pays (card or cash)")
    base = max(expires, today)
    new = base.replace(year=base.year + p["validity_years"]) if not (base.month == 2 and base.day == 29) else \
        date(base.year + p["validity_years"], 2, 28)
    db.execute("UPDATE patrons SET card_expires = ? WHERE patron_id = ?", [new.isoformat(), p["patron_id"]])
    out: dict[str, Any] = {"patron_id": p["patron_id"], "card_type": p["card_type"], "previous_expiry": p["card_expires"],
                           "new_expiry": new.isoformat(), "fee_paid": fee}
    if fee:
        pay_id = _IDS.next(db, "PAY-")
        db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?)", [pay_id, p["patron_id"], fee, payment_method, db.now])
        fee_id = _IDS.next(db, "F-")
        db.execute("INSERT INTO fees VALUES (?, ?, NULL, 'annual_card', 'Nonresident card annual fee', ?, ?, 'paid', "
                   "?, ?)", [fee_id, p["patron_id"], fee, today.isoformat(), today.isoformat(), pay_id])
        out["payment_id"] = pay_id
    return out


@tool(writes=True)
def replace_lost_card(db: Database, patron_id: str) -> dict:
    """Issue a new card number for a lost or stolen library card (the old number stops working); fee 3.00.

    Args:
        patron_id: The patron, e.g. "P-20417".

    Returns:
        The new card number, the replacement fee (added to open fees) and its fee id.
    """
    p = _patron(db, patron_id)
    if p["status"] != "active":
        raise ToolError(f"the account is blocked ({p['block_reason']}); a replacement card is issued only in person "
                        "at a branch with ID")
    salt, number = 0, _card_number(p["patron_id"], 0)
    while number == p["card_number"] or db.scalar("SELECT count(*) FROM patrons WHERE card_number = ?", [number]):
        salt += 1
        number = _card_number(p["patron_id"], salt)
    db.execute("UPDATE patrons SET card_number = ? WHERE patron_id = ?", [number, p["patron_id"]])
    fee_id = _add_fee(db, p["patron_id"], None, "card_replacement", "Replacement library card", CARD_REPLACEMENT_FEE)
    return {"patron_id": p["patron_id"], "new_card_number": number, "replacement_fee": CARD_REPLACEMENT_FEE,
            "fee_id": fee_id, "open_fees_total": _open_fees(db, p["patron_id"])}
