"""Tools of the events environment: the Lanternfield Box Office for four live-event venues.

Reads find patrons and their bookings, describe venues, series, performances (sections, price tiers, seats left),
membership plans and waitlists. Writes book admissions, transfer an admission to another patron, exchange a booking
to another performance of the same series, refund bookings of cancelled or postponed performances, join and leave
waitlists, and enroll patrons in membership plans, each under the box office's rules: on-sale and presale windows,
purchase limits, section capacity, accessible seating, transferability, the exchange window and fee, the refund
windows, and frozen bookings on cancelled performances.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import format_time as _ts
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

#: Exchanges close this many hours before the performance starts.
EXCHANGE_CUTOFF_HOURS = 48
#: Fee per admission for an exchange, on top of any increase in face value.
EXCHANGE_FEE = 5.00
#: Rows per page of list_patron_bookings (well under the 4,000-character result cut).
BOOKINGS_PAGE = 8

BookingStatus = Literal["active", "refunded"]
PlanCode = Literal["FRIENDS", "PATRON_CIRCLE", "CULTURE_CARD"]

_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "BKG-": ("bookings", "booking_id", 0),
    "ADM-": ("admissions", "admission_id", 0),
    "TRF-": ("transfers", "transfer_id", 0),
    "RFD-": ("refunds", "refund_id", 0),
    "WL-": ("waitlist_entries", "entry_id", 0),
    "MEM-": ("memberships", "membership_id", 0),
})

PERF_SQL = ("SELECT p.*, s.title, s.category, s.performer, v.name AS venue_name, v.city FROM performances p "
            "JOIN series s ON s.series_id = p.series_id JOIN venues v ON v.venue_id = p.venue_id ")


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _dt(value: str) -> datetime:
    return datetime.fromisoformat(value)


def _patron(db: Database, patron_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM patrons WHERE patron_id = ?", [patron_id.strip().upper()])
    if row is None:
        raise ToolError(f"no patron with id {patron_id!r} (patron ids look like 'PAT-10042')")
    return row


def _performance(db: Database, performance_id: str) -> dict[str, Any]:
    row = db.query_one(PERF_SQL + "WHERE p.performance_id = ?", [performance_id.strip().upper()])
    if row is None:
        raise ToolError(f"no performance with id {performance_id!r} (ids look like 'PRF-1031'); see "
                        "get_series_schedule")
    return row


def _booking(db: Database, booking_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM bookings WHERE booking_id = ?", [booking_id.strip().upper()])
    if row is None:
        raise ToolError(f"no booking with id {booking_id!r} (booking ids look like 'BKG-50231')")
    return row


def _tier(db: Database, perf: dict[str, Any], section_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT t.*, c.name AS section_name, c.code, c.capacity, c.accessible FROM price_tiers t "
                       "JOIN sections c ON c.section_id = t.section_id WHERE t.performance_id = ? "
                       "AND t.section_id = ?", [perf["performance_id"], section_id.strip().upper()])
    if row is None:
        raise ToolError(f"section {section_id!r} is not sold for {perf['title']} on {_ts(perf['starts_at'])} at "
                        f"{perf['venue_name']}; see get_performance for its sections")
    return row


def _active_plan(db: Database, patron_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT m.membership_id, m.plan_code, m.starts_on, m.ends_on, p.name, p.presale_access, "
                        "p.fees_waived FROM memberships m JOIN membership_plans p ON p.plan_code = m.plan_code "
                        "WHERE m.patron_id = ? AND m.starts_on <= ? AND m.ends_on >= ? ORDER BY m.ends_on DESC "
                        "LIMIT 1", [patron_id, _now(db).date().isoformat(), _now(db).date().isoformat()])


def _sold(db: Database, performance_id: str, section_id: str) -> int:
    return db.scalar("SELECT count(*) FROM admissions a JOIN bookings b ON b.booking_id = a.booking_id "
                     "WHERE b.performance_id = ? AND a.section_id = ? AND a.status = 'active'",
                     [performance_id, section_id])


def _bought(db: Database, patron_id: str, performance_id: str) -> int:
    return db.scalar("SELECT count(*) FROM admissions a JOIN bookings b ON b.booking_id = a.booking_id "
                     "WHERE b.patron_id = ? AND b.performance_id = ? AND a.status = 'active'",
                     [patron_id, performance_id])


def _sales_state(db: Database, perf: dict[str, Any]) -> str:
    now = _now(db)
    if perf["status"] != "scheduled":
        return perf["status"]
    if _dt(perf["starts_at"]) <= now:
        return "past"
    if now < _dt(perf["presale_at"]):
        return "not_yet_on_sale"
    if now < _dt(perf["onsale_at"]):
        return "members_presale"
    return "on_sale"


def _check_bookable(db: Database, perf: dict[str, Any], patron: dict[str, Any]) -> dict[str, Any] | None:
    """Refuse unless the patron may buy for the performance now; returns the patron's active plan."""
    state = _sales_state(db, perf)
    what = f"{perf['title']} on {_ts(perf['starts_at'])}"
    if state == "cancelled":
        raise ToolError(f"{what} is cancelled; it cannot be booked and its bookings are frozen (refunds only)")
    if state == "postponed":
        raise ToolError(f"{what} is postponed; sales are paused until it is confirmed")
    if state == "past":
        raise ToolError(f"{what} has already started or taken place")
    if state == "not_yet_on_sale":
        raise ToolError(f"{what} is not on sale yet: the members' presale opens {_ts(perf['presale_at'])} and "
                        f"general sale {_ts(perf['onsale_at'])}")
    plan = _active_plan(db, patron["patron_id"])
    if state == "members_presale" and not (plan and plan["presale_access"]):
        have = f" (their {plan['name']} plan has no presale access)" if plan else ""
        raise ToolError(f"{what} is in its members' presale until {_ts(perf['onsale_at'])}: only patrons with an "
                        f"active membership with presale access can book before then{have}")
    return plan


def _check_seat_rules(db: Database, perf: dict[str, Any], tier: dict[str, Any], patron: dict[str, Any],
                      quantity: int, already: int) -> None:
    if tier["accessible"] and not patron["accessibility_flag"]:
        raise ToolError(f"the {tier['section_name']} section is accessible seating, reserved for patrons with an "
                        "accessibility need on their profile")
    if quantity < 1:
        raise ToolError(f"quantity must be at least 1, got {quantity}")
    if already + quantity > perf["purchase_limit"]:
        raise ToolError(f"the purchase limit for {perf['title']} on {_ts(perf['starts_at'])} is "
                        f"{perf['purchase_limit']} admissions per patron; {patron['first_name']} "
                        f"{patron['last_name']} already has {already}, so at most "
                        f"{max(0, perf['purchase_limit'] - already)} more")
    left = tier["capacity"] - _sold(db, perf["performance_id"], tier["section_id"])
    if quantity > left:
        more = " (the section is sold out; the patron may join its waitlist)" if left == 0 else ""
        raise ToolError(f"the {tier['section_name']} section has {left} admissions left for this performance, "
                        f"fewer than {quantity}{more}")


def _seat_labels(db: Database, perf_id: str, tier: dict[str, Any], quantity: int) -> list[str]:
    taken = {r["seat_label"] for r in db.query(
        "SELECT a.seat_label FROM admissions a JOIN bookings b ON b.booking_id = a.booking_id WHERE "
        "b.performance_id = ? AND a.section_id = ? AND a.status = 'active'", [perf_id, tier["section_id"]])}
    free = [f"{tier['code']}-{n}" for n in range(1, tier["capacity"] + 1) if f"{tier['code']}-{n}" not in taken]
    return free[:quantity]


def _admissions(db: Database, booking_id: str) -> list[dict[str, Any]]:
    return db.query(
        "SELECT a.admission_id, c.name AS section_name, a.seat_label, t.name AS tier, a.price, a.service_fee, "
        "t.transferable, a.holder_patron_id, h.first_name || ' ' || h.last_name AS holder_name, a.status "
        "FROM admissions a JOIN sections c ON c.section_id = a.section_id JOIN price_tiers t ON t.tier_id = a.tier_id "
        "JOIN patrons h ON h.patron_id = a.holder_patron_id WHERE a.booking_id = ? ORDER BY a.admission_id",
        [booking_id])


def _refund_terms(db: Database, booking: dict[str, Any], perf: dict[str, Any]) -> tuple[str, float]:
    """The refund a booking gets now (kind, amount), or a ToolError saying why none."""
    what = f"{perf['title']} on {_ts(perf['starts_at'])}"
    if booking["status"] != "active":
        raise ToolError(f"booking {booking['booking_id']} is {booking['status']}; only active bookings can be "
                        "refunded")
    live = db.query_one("SELECT coalesce(sum(price), 0) AS face, coalesce(sum(service_fee), 0) AS fees FROM "
                        "admissions WHERE booking_id = ? AND status = 'active'", [booking["booking_id"]])
    if perf["status"] == "cancelled":
        return "cancelled_full", _money(live["face"] + live["fees"] + booking["exchange_fees"])
    if perf["status"] == "postponed":
        if _now(db) > _dt(perf["refund_deadline"]):
            raise ToolError(f"{what} was postponed, and its refund window closed {_ts(perf['refund_deadline'])}; "
                            "the booking stays valid for the new date")
        return "postponed_face_value", _money(live["face"])
    raise ToolError(f"{what} is {perf['status']}: refunds are only given for cancelled performances, or for "
                    "postponed ones within their refund window (an exchange to another date of the series may be "
                    "possible)")


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_patron_by_email(db: Database, email: str) -> dict:
    """Find a patron's account from their email address (this identifies the caller).

    Args:
        email: The patron's email address, e.g. "dana.whitfield@example.com".

    Returns:
        The patron id and name.
    """
    row = db.query_one("SELECT patron_id, first_name, last_name FROM patrons WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no patron account with email {email!r}")
    return row


@tool
def get_patron_profile(db: Database, patron_id: str) -> dict:
    """Get a patron's account: contact details, accessibility flag, and memberships (current and past).

    Args:
        patron_id: The patron's id, e.g. "PAT-10042".

    Returns:
        Name, email, phone, city, whether they may book accessible seating, the active membership (plan, end date,
        presale access, fees waived) or null, and every membership on file.
    """
    p = _patron(db, patron_id)
    plan = _active_plan(db, p["patron_id"])
    history = db.query("SELECT m.membership_id, m.plan_code, pl.name AS plan_name, m.starts_on, m.ends_on, m.fee_paid "
                       "FROM memberships m JOIN membership_plans pl ON pl.plan_code = m.plan_code WHERE m.patron_id = ? "
                       "ORDER BY m.starts_on", [p["patron_id"]])
    return {"patron_id": p["patron_id"], "name": f"{p['first_name']} {p['last_name']}", "email": p["email"],
            "phone": p["phone"], "city": p["city"], "accessibility_flag": p["accessibility_flag"],
            "joined_on": p["joined_on"],
            "active_membership": None if plan is None else {
                "membership_id": plan["membership_id"], "plan_code": plan["plan_code"], "plan_name": plan["name"],
                "ends_on": plan["ends_on"], "presale_access": plan["presale_access"],
                "fees_waived": plan["fees_waived"]},
            "memberships": history}


@tool
def list_patron_bookings(db: Database, patron_id: str, status: BookingStatus | None = None, offset: int = 0) -> dict:
    """List the bookings a patron bought, latest performance first, 8 at a time, and admissions others gave them.

    Args:
        patron_id: The patron's id, e.g. "PAT-10042".
        status: Only bookings with this status (active or refunded); omit for all.
        offset: How many bookings to skip, for the next page (the "next_offset" of the previous result); 0 for the
            first page.

    Returns:
        Up to 8 bookings (id, performance, series, venue, start, performance status, admissions held, booking
        status); "more" is true when there are others, fetched with offset set to "next_offset"; and
        "received_admissions": admissions transferred to this patron from someone else's booking.
    """
    p = _patron(db, patron_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query(
        "SELECT b.booking_id, s.title, v.name AS venue_name, p.starts_at, "
        "p.status AS performance_status, (SELECT count(*) FROM admissions a WHERE a.booking_id = b.booking_id AND "
        "a.status = 'active') AS admissions, b.status FROM bookings b JOIN performances p ON p.performance_id = "
        "b.performance_id JOIN series s ON s.series_id = p.series_id JOIN venues v ON v.venue_id = p.venue_id "
        "WHERE b.patron_id = ? AND (? IS NULL OR b.status = ?) ORDER BY p.starts_at DESC, b.booking_id "
        f"LIMIT {BOOKINGS_PAGE + 1} OFFSET ?", [p["patron_id"], status, status, offset])
    for r in rows:
        r["starts_at"] = _ts(r["starts_at"])
    received = db.query(
        "SELECT a.admission_id, a.booking_id, s.title, p.starts_at, c.name AS section_name, a.seat_label FROM "
        "admissions a JOIN bookings b ON b.booking_id = a.booking_id JOIN performances p ON p.performance_id = "
        "b.performance_id JOIN series s ON s.series_id = p.series_id JOIN sections c ON c.section_id = a.section_id "
        "WHERE a.holder_patron_id = ? AND b.patron_id <> ? AND a.status = 'active' ORDER BY p.starts_at DESC",
        [p["patron_id"], p["patron_id"]])
    for r in received:
        r["starts_at"] = _ts(r["starts_at"])
    out: dict[str, Any] = {"patron_id": p["patron_id"], "bookings": rows[:BOOKINGS_PAGE],
                           "more": len(rows) > BOOKINGS_PAGE, "received_admissions": received}
    if out["more"]:
        out["next_offset"] = offset + BOOKINGS_PAGE
    return out


@tool
def get_booking_details(db: Database, booking_id: str) -> dict:
    """Get one booking in full: performance, admissions (seats, tiers, holders), amounts, refund and exchange terms.

    Args:
        booking_id: The booking's id, e.g. "BKG-50231".

    Returns:
        The booking with its performance (start, doors, status, original date and refund deadline when
        postponed), its admissions, what was paid, any refund, the refund it could get now (or why none) and until
        when it can be exchanged.
    """
    b = _booking(db, booking_id)
    perf = _performance(db, b["performance_id"])
    buyer = _patron(db, b["patron_id"])
    out: dict[str, Any] = {
        "booking_id": b["booking_id"], "status": b["status"], "patron_id": b["patron_id"],
        "purchaser": f"{buyer['first_name']} {buyer['last_name']}", "booked_at": _ts(b["booked_at"]),
        "title": perf["title"],
        "venue_name": perf["venue_name"], "starts_at": _ts(perf["starts_at"]), "doors_at": _ts(perf["doors_at"]),
        "performance_status": perf["status"], "admissions": _admissions(db, b["booking_id"]),
        "face_total": b["face_total"], "fees_total": b["fees_total"], "exchange_fees": b["exchange_fees"],
        "amount_paid": _money(b["face_total"] + b["fees_total"] + b["exchange_fees"])}
    if perf["status"] == "postponed":
        out.update(original_starts_at=_ts(perf["original_starts_at"]), refund_deadline=_ts(perf["refund_deadline"]))
    refund = db.query_one("SELECT refund_id, kind, amount, refunded_at FROM refunds WHERE booking_id = ?",
                          [b["booking_id"]])
    if refund:
        out["refund"] = {**refund, "refunded_at": _ts(refund["refunded_at"])}
    if b["status"] == "active":
        try:
            kind, amount = _refund_terms(db, b, perf)
            out["refund_available"] = {"kind": kind, "amount": amount}
        except ToolError as why:
            out["refund_available"] = None
            out["no_refund_because"] = str(why)
        if perf["status"] != "cancelled" and _dt(perf["starts_at"]) > _now(db):
            out["exchange_until"] = _ts((_dt(perf["starts_at"]) - timedelta(hours=EXCHANGE_CUTOFF_HOURS)).isoformat())
    return out


@tool
def list_venues(db: Database, city: str | None = None) -> list:
    """List the box office's venues, optionally in one city.

    Args:
        city: Only venues in this city, e.g. "Boise"; omit for all four.

    Returns:
        Each venue's id, name, city, street address and phone.
    """
    return db.query("SELECT venue_id, name, city, street, phone FROM venues WHERE (? IS NULL OR lower(city) = "
                    "lower(?)) ORDER BY venue_id", [city and city.strip(), city and city.strip()])


@tool
def list_series(db: Database) -> list:
    """List every series of the season (a concert run, a play, a team's home games) at the four venues.

    Returns:
        Each series' id, title, category (concert, theatre, sports), performer and venue, with its number of
        performances.
    """
    return db.query(
        "SELECT s.series_id, s.title, s.category, s.performer, v.name AS venue_name, (SELECT count(*) FROM "
        "performances p WHERE p.series_id = s.series_id) AS performances FROM series s JOIN venues v ON "
        "v.venue_id = s.venue_id ORDER BY s.series_id")


@tool
def get_series_schedule(db: Database, series_id: str) -> dict:
    """Get a series and all its performances with their dates, statuses and sale windows.

    Args:
        series_id: The series' id, e.g. "SER-07" (from list_series).

    Returns:
        The series and each performance: id, start, status (scheduled, postponed, cancelled), the original date
        of a postponed one, when the members' presale and the general sale open, and the purchase limit.
    """
    s = db.query_one("SELECT s.*, v.name AS venue_name FROM series s JOIN venues v ON v.venue_id = s.venue_id "
                     "WHERE s.series_id = ?", [series_id.strip().upper()])
    if s is None:
        raise ToolError(f"no series with id {series_id!r} (ids look like 'SER-07'); see list_series")
    perfs = db.query(PERF_SQL + "WHERE p.series_id = ? ORDER BY p.starts_at", [s["series_id"]])
    return {"series_id": s["series_id"], "title": s["title"], "category": s["category"], "performer": s["performer"],
            "venue_name": s["venue_name"],
            "performances": [{"performance_id": p["performance_id"], "title": p["title"],
                              "starts_at": _ts(p["starts_at"]),
                              "status": p["status"], "sales": _sales_state(db, p),
                              "original_starts_at": _ts(p["original_starts_at"]),
                              "presale_at": _ts(p["presale_at"]), "onsale_at": _ts(p["onsale_at"]),
                              "purchase_limit": p["purchase_limit"]} for p in perfs]}


@tool
def get_performance(db: Database, performance_id: str) -> dict:
    """Get one performance: times, status, sale windows, purchase limit, and each section's tier, price and seats left.

    Args:
        performance_id: The performance's id, e.g. "PRF-1031" (from get_series_schedule).

    Returns:
        The performance (title, venue, start, doors, status, sales state, presale and general on-sale times,
        purchase limit) and its sections: id, name, accessible or not, tier name, price, service fee, whether
        admissions are transferable, capacity, admissions left and whether it is sold out.
    """
    p = _performance(db, performance_id)
    sections = db.query(
        "SELECT c.section_id, c.name AS section_name, c.accessible, t.name AS tier, t.price, t.service_fee, "
        "t.transferable, c.capacity, c.capacity - (SELECT count(*) FROM admissions a JOIN bookings b ON "
        "b.booking_id = a.booking_id WHERE b.performance_id = t.performance_id AND a.section_id = c.section_id AND "
        "a.status = 'active') AS admissions_left FROM price_tiers t JOIN sections c ON c.section_id = t.section_id "
        "WHERE t.performance_id = ? ORDER BY c.section_id", [p["performance_id"]])
    for c in sections:
        c["sold_out"] = c["admissions_left"] <= 0
    out = {"performance_id": p["performance_id"], "title": p["title"],
           "category": p["category"], "venue_name": p["venue_name"], "starts_at": _ts(p["starts_at"]),
           "doors_at": _ts(p["doors_at"]), "status": p["status"], "sales": _sales_state(db, p),
           "presale_at": _ts(p["presale_at"]), "onsale_at": _ts(p["onsale_at"]),
           "purchase_limit": p["purchase_limit"], "sections": sections}
    if p["status"] == "postponed":
        out.update(original_starts_at=_ts(p["original_starts_at"]), refund_deadline=_ts(p["refund_deadline"]))
    return out


@tool
def list_membership_plans(db: Database) -> list:
    """List the membership plans a patron can join, with their annual fee and benefits.

    Returns:
        Each plan's code, name, annual fee, presale access, whether service fees are waived, and description.
    """
    return db.query("SELECT plan_code, name, annual_fee, presale_access, fees_waived, description FROM "
                    "membership_plans ORDER BY annual_fee")


@tool
def list_waitlist_entries(db: Database, patron_id: str) -> dict:
    """List a patron's waitlist entries (waiting and withdrawn) for sold-out sections.

    Args:
        patron_id: The patron's id, e.g. "PAT-10042".

    Returns:
        Each entry's id, performance, start, section, quantity, when it was joined and its status.
    """
    p = _patron(db, patron_id)
    rows = db.query(
        "SELECT w.entry_id, s.title, p.starts_at, c.name AS section_name, w.quantity, w.joined_at, "
        "w.status FROM waitlist_entries w JOIN performances p ON p.performance_id = w.performance_id JOIN series s ON "
        "s.series_id = p.series_id JOIN sections c ON c.section_id = w.section_id WHERE w.patron_id = ? "
        "ORDER BY w.joined_at DESC", [p["patron_id"]])
    for r in rows:
        r["starts_at"], r["joined_at"] = _ts(r["starts_at"]), _ts(r["joined_at"])
    return {"patron_id": p["patron_id"], "entries": rows}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_admissions(db: Database, patron_id: str, performance_id: str, section_id: str, quantity: int) -> dict:
    """Book admissions in one section of a performance for a patron, at the section's tier price plus service fees.

    Args:
        patron_id: The purchasing patron's id, e.g. "PAT-10042".
        performance_id: The performance, e.g. "PRF-1031" (from get_series_schedule).
        section_id: The section, e.g. "SEC-21" (from get_performance).
        quantity: How many admissions, at least 1 (within the performance's purchase limit).

    Returns:
        The new booking id, the seats, the face value, the service fees (waived for Patron Circle members) and
        the total charged.
    """
    patron = _patron(db, patron_id)
    perf = _performance(db, performance_id)
    plan = _check_bookable(db, perf, patron)
    tier = _tier(db, perf, section_id)
    _check_seat_rules(db, perf, tier, patron, quantity, _bought(db, patron["patron_id"], perf["performance_id"]))
    fee = 0.0 if plan and plan["fees_waived"] else tier["service_fee"]
    seats = _seat_labels(db, perf["performance_id"], tier, quantity)
    booking_id = _IDS.next(db, "BKG-")
    face, fees = _money(tier["price"] * quantity), _money(fee * quantity)
    db.execute("INSERT INTO bookings VALUES (?, ?, ?, 'active', ?, ?, ?, 0)",
               [booking_id, patron["patron_id"], perf["performance_id"], db.now, face, fees])
    for seat in seats:
        db.execute("INSERT INTO admissions VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active')",
                   [_IDS.next(db, "ADM-"), booking_id, tier["tier_id"], tier["section_id"], seat,
                    patron["patron_id"], tier["price"], fee])
    return {"booking_id": booking_id, "title": perf["title"], "starts_at": _ts(perf["starts_at"]),
            "section_name": tier["section_name"], "seats": seats, "price_each": tier["price"],
            "service_fee_each": fee, "face_total": face, "fees_total": fees, "total_charged": _money(face + fees)}


@tool(writes=True)
def transfer_admission(db: Database, patron_id: str, admission_id: str, recipient_email: str) -> dict:
    """Transfer one admission the patron holds to another patron's account, found by their email.

    Args:
        patron_id: The id of the patron who holds the admission now, e.g. "PAT-10042".
        admission_id: The admission to give away, e.g. "ADM-700123" (from get_booking_details).
        recipient_email: The email address of the recipient's patron account, e.g. "sam.ortiz@example.org".

    Returns:
        The admission, its seat, and the new holder's name.
    """
    holder = _patron(db, patron_id)
    a = db.query_one("SELECT a.*, t.transferable, t.name AS tier, c.name AS section_name, c.accessible, "
                     "b.performance_id FROM admissions a JOIN price_tiers t ON t.tier_id = a.tier_id JOIN sections c "
                     "ON c.section_id = a.section_id JOIN bookings b ON b.booking_id = a.booking_id "
                     "WHERE a.admission_id = ?", [admission_id.strip().upper()])
    if a is None:
        raise ToolError(f"no admission with id {admission_id!r} (ids look like 'ADM-700123')")
    if a["holder_patron_id"] != holder["patron_id"]:
        raise ToolError(f"admission {a['admission_id']} is not held by {holder['patron_id']}; only its current "
                        "holder can transfer it")
    if a["status"] != "active":
        raise ToolError(f"admission {a['admission_id']} is {a['status']}; only active admissions can be transferred")
    perf = _performance(db, a["performance_id"])
    if perf["status"] == "cancelled":
        raise ToolError(f"{perf['title']} on {_ts(perf['starts_at'])} is cancelled; its bookings are frozen and "
                        "can only be refunded")
    if _dt(perf["starts_at"]) <= _now(db):
        raise ToolError(f"{perf['title']} on {_ts(perf['starts_at'])} has already taken place")
    if not a["transferable"]:
        raise ToolError(f"admission {a['admission_id']} is a {a['tier']} admission, which cannot be transferred")
    to = db.query_one("SELECT * FROM patrons WHERE lower(email) = lower(?)", [recipient_email.strip()])
    if to is None:
        raise ToolError(f"no patron account with email {recipient_email!r}; the recipient must have an account")
    if to["patron_id"] == holder["patron_id"]:
        raise ToolError("the recipient is the holder themself")
    if a["accessible"] and not to["accessibility_flag"]:
        raise ToolError(f"the {a['section_name']} section is accessible seating; the recipient's account has no "
                        "accessibility need on file, so it cannot be transferred to them")
    db.execute("UPDATE admissions SET holder_patron_id = ? WHERE admission_id = ?", [to["patron_id"],
                                                                                    a["admission_id"]])
    transfer_id = _IDS.next(db, "TRF-")
    db.execute("INSERT INTO transfers VALUES (?, ?, ?, ?, ?)",
               [transfer_id, a["admission_id"], holder["patron_id"], to["patron_id"], db.now])
    return {"transfer_id": transfer_id, "admission_id": a["admission_id"], "title": perf["title"],
            "starts_at": _ts(perf["starts_at"]), "seat_label": a["seat_label"],
            "new_holder": f"{to['first_name']} {to['last_name']}"}


@tool(writes=True)
def exchange_booking(db: Database, booking_id: str, new_performance_id: str) -> dict:
    """Move a whole booking to another performance of the same series, same section, for an exchange fee.

    Allowed until 48 hours before the booked performance; the fee is $5.00 per admission plus any increase in
    face value (a cheaper performance is not refunded the difference).

    Args:
        booking_id: The booking to exchange, e.g. "BKG-50231".
        new_performance_id: The performance to move to, e.g. "PRF-1032" (from get_series_schedule).

    Returns:
        The booking, the new performance and seats, and the exchange fee charged.
    """
    b = _booking(db, booking_id)
    if b["status"] != "active":
        raise ToolError(f"booking {b['booking_id']} is {b['status']}; only active bookings can be exchanged")
    old = _performance(db, b["performance_id"])
    if old["status"] == "cancelled":
        raise ToolError(f"{old['title']} on {_ts(old['starts_at'])} is cancelled; its bookings are frozen and can "
                        "only be refunded")
    cutoff = _dt(old["starts_at"]) - timedelta(hours=EXCHANGE_CUTOFF_HOURS)
    if _now(db) >= cutoff:
        raise ToolError(f"exchanges close {EXCHANGE_CUTOFF_HOURS} hours before the performance; for "
                        f"{old['title']} on {_ts(old['starts_at'])} that was {_ts(cutoff.isoformat())}")
    new = _performance(db, new_performance_id)
    if new["series_id"] != old["series_id"]:
        raise ToolError(f"{new['title']} is a different series; a booking can only be exchanged to another "
                        f"performance of {old['title']}")
    if new["performance_id"] == old["performance_id"]:
        raise ToolError(f"booking {b['booking_id']} already is for that performance")
    rows = db.query("SELECT * FROM admissions WHERE booking_id = ? AND status = 'active' ORDER BY admission_id",
                    [b["booking_id"]])
    if any(r["holder_patron_id"] != b["patron_id"] for r in rows):
        raise ToolError(f"booking {b['booking_id']} has an admission transferred to another patron; it cannot "
                        "be exchanged as a whole")
    patron = _patron(db, b["patron_id"])
    _check_bookable(db, new, patron)
    if _dt(new["starts_at"]) - timedelta(hours=EXCHANGE_CUTOFF_HOURS) <= _now(db):
        raise ToolError(f"{new['title']} on {_ts(new['starts_at'])} starts within {EXCHANGE_CUTOFF_HOURS} hours; "
                        "exchanges must be to a later performance")
    tier = _tier(db, new, rows[0]["section_id"])
    _check_seat_rules(db, new, tier, patron, len(rows), _bought(db, patron["patron_id"], new["performance_id"]))
    seats = _seat_labels(db, new["performance_id"], tier, len(rows))
    fee = _money(sum(EXCHANGE_FEE + max(0.0, tier["price"] - r["price"]) for r in rows))
    for r, seat in zip(rows, seats):
        db.execute("UPDATE admissions SET tier_id = ?, seat_label = ?, price = ? WHERE admission_id = ?",
                   [tier["tier_id"], seat, tier["price"], r["admission_id"]])
    face = _money(tier["price"] * len(rows))
    db.execute("UPDATE bookings SET performance_id = ?, face_total = ?, exchange_fees = ? WHERE booking_id = ?",
               [new["performance_id"], face, _money(b["exchange_fees"] + fee), b["booking_id"]])
    return {"booking_id": b["booking_id"], "title": new["title"], "old_starts_at": _ts(old["starts_at"]),
            "new_performance_id": new["performance_id"], "new_starts_at": _ts(new["starts_at"]),
            "section_name": tier["section_name"], "seats": seats, "exchange_fee": fee}


@tool(writes=True)
def refund_booking(db: Database, booking_id: str) -> dict:
    """Refund a booking of a cancelled performance (in full) or of a postponed one within its refund window.

    Cancelled: face value, service fees and exchange fees are refunded. Postponed: face value only, until the
    performance's refund deadline.

    Args:
        booking_id: The booking to refund, e.g. "BKG-50231".

    Returns:
        The refund id, its kind and amount, and the booking's new status.
    """
    b = _booking(db, booking_id)
    perf = _performance(db, b["performance_id"])
    kind, amount = _refund_terms(db, b, perf)
    refund_id = _IDS.next(db, "RFD-")
    db.execute("INSERT INTO refunds VALUES (?, ?, ?, ?, ?)", [refund_id, b["booking_id"], kind, amount, db.now])
    db.execute("UPDATE admissions SET status = 'refunded' WHERE booking_id = ? AND status = 'active'",
               [b["booking_id"]])
    db.execute("UPDATE bookings SET status = 'refunded' WHERE booking_id = ?", [b["booking_id"]])
    return {"refund_id": refund_id, "booking_id": b["booking_id"], "kind": kind, "amount": amount,
            "status": "refunded"}


@tool(writes=True)
def join_waitlist(db: Database, patron_id: str, performance_id: str, section_id: str, quantity: int) -> dict:
    """Put a patron on the waitlist of a sold-out section of a performance.

    Args:
        patron_id: The patron's id, e.g. "PAT-10042".
        performance_id: The performance, e.g. "PRF-1031".
        section_id: The sold-out section, e.g. "SEC-24" (from get_performance).
        quantity: How many admissions they want, 1 up to the purchase limit.

    Returns:
        The new waitlist entry id and its place among those waiting.
    """
    patron = _patron(db, patron_id)
    perf = _performance(db, performance_id)
    if perf["status"] == "cancelled":
        raise ToolError(f"{perf['title']} on {_ts(perf['starts_at'])} is cancelled; no waitlist is kept for it")
    if _dt(perf["starts_at"]) <= _now(db):
        raise ToolError(f"{perf['title']} on {_ts(perf['starts_at'])} has already taken place")
    tier = _tier(db, perf, section_id)
    if tier["accessible"] and not patron["accessibility_flag"]:
        raise ToolError(f"the {tier['section_name']} section is accessible seating, reserved for patrons with an "
                        "accessibility need on their profile")
    if not 1 <= quantity <= perf["purchase_limit"]:
        raise ToolError(f"quantity must be 1 to {perf['purchase_limit']} (the purchase limit), got {quantity}")
    left = tier["capacity"] - _sold(db, perf["performance_id"], tier["section_id"])
    if left > 0:
        raise ToolError(f"the {tier['section_name']} section is not sold out ({left} admissions left); the waitlist "
                        "is only for sold-out sections, so book instead")
    if db.scalar("SELECT count(*) FROM waitlist_entries WHERE patron_id = ? AND performance_id = ? AND section_id = ? "
                 "AND status = 'waiting'", [patron["patron_id"], perf["performance_id"], tier["section_id"]]):
        raise ToolError(f"{patron['first_name']} {patron['last_name']} is already on the waitlist for that section")
    entry_id = _IDS.next(db, "WL-")
    db.execute("INSERT INTO waitlist_entries VALUES (?, ?, ?, ?, ?, ?, 'waiting')",
               [entry_id, patron["patron_id"], perf["performance_id"], tier["section_id"], quantity, db.now])
    place = db.scalar("SELECT count(*) FROM waitlist_entries WHERE performance_id = ? AND section_id = ? AND "
                      "status = 'waiting'", [perf["performance_id"], tier["section_id"]])
    return {"entry_id": entry_id, "title": perf["title"], "starts_at": _ts(perf["starts_at"]),
            "section_name": tier["section_name"], "quantity": quantity, "place_in_line": place}


@tool(writes=True)
def leave_waitlist(db: Database, entry_id: str) -> dict:
    """Withdraw a patron's waiting waitlist entry.

    Args:
        entry_id: The waitlist entry, e.g. "WL-4012" (from list_waitlist_entries).

    Returns:
        The entry id and its new status.
    """
    row = db.query_one("SELECT * FROM waitlist_entries WHERE entry_id = ?", [entry_id.strip().upper()])
    if row is None:
        raise ToolError(f"no waitlist entry with id {entry_id!r} (ids look like 'WL-4012')")
    if row["status"] != "waiting":
        raise ToolError(f"waitlist entry {row['entry_id']} is {row['status']}; only waiting entries can be withdrawn")
    db.execute("UPDATE waitlist_entries SET status = 'withdrawn' WHERE entry_id = ?", [row["entry_id"]])
    return {"entry_id": row["entry_id"], "status": "withdrawn"}


@tool(writes=True)
def enroll_membership(db: Database, patron_id: str, plan_code: PlanCode) -> dict:
    """Enroll a patron in a membership plan for one year from today, charging the plan's annual fee.

    Args:
        patron_id: The patron's id, e.g. "PAT-10042".
        plan_code: The plan: FRIENDS, PATRON_CIRCLE or CULTURE_CARD (from list_membership_plans).

    Returns:
        The new membership id, its plan, start and end dates, the fee charged and its benefits.
    """
    patron = _patron(db, patron_id)
    plan = db.query_one("SELECT * FROM membership_plans WHERE plan_code = ?", [plan_code])
    current = _active_plan(db, patron["patron_id"])
    if current is not None:
        raise ToolError(f"{patron['first_name']} {patron['last_name']} already has an active {current['name']} "
                        f"membership until {current['ends_on']}; a patron holds one membership at a time")
    today = _now(db).date()
    ends = date(today.year + 1, today.month, today.day) - timedelta(days=1)
    membership_id = _IDS.next(db, "MEM-")
    db.execute("INSERT INTO memberships VALUES (?, ?, ?, ?, ?, ?)",
               [membership_id, patron["patron_id"], plan["plan_code"], today.isoformat(), ends.isoformat(),
                plan["annual_fee"]])
    return {"membership_id": membership_id, "plan_code": plan["plan_code"], "plan_name": plan["name"],
            "starts_on": today.isoformat(), "ends_on": ends.isoformat(), "fee_charged": plan["annual_fee"],
            "presale_access": plan["presale_access"], "fees_waived": plan["fees_waived"]}
