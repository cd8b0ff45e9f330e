"""Tools of the carrental environment: the reservations and counter desk of Larkspur Car Rental.

Reads find renters and their bookings, describe branches, classes, extras and coverage, and quote rentals. Writes
book, confirm, change, extend and cancel reservations, hand cars over at pickup and take them back at return, each
under the company's rules: class availability per branch and day, driver age and licence checks, opening hours,
allowed one-way routes, the free-cancellation window and the charges computed at return.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme
from envfactory_gym.authoring.kit import format_time as _show
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import parse_time as _parse_time

MIN_AGE = 21
YOUNG_DRIVER_UNDER = 25
YOUNG_DRIVER_FEE = 27.00
MAX_DAYS = 30
FREE_CANCEL_HOURS = 24
PICKUP_EARLY_MINUTES = 60
GRACE_MINUTES = 30
REFUEL_PER_EIGHTH = 9.50
ACTIVE = ("confirmed", "picked_up")
#: Reservations per page of a renter's profile: a full page stays well under an agent's 4000-character result cut.
PROFILE_PAGE = 8

CoverageCode = Literal["NONE", "BASIC", "PLUS", "PREMIUM"]
ExtraCode = Literal["CHILD_SEAT", "GPS", "ADDITIONAL_DRIVER", "TOLL_PASS"]
CancelReason = Literal["change_of_plans", "found_cheaper", "trip_cancelled", "flight_changed", "booked_by_mistake"]
Status = Literal["quoted", "confirmed", "picked_up", "returned", "cancelled", "no_show"]

_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "RSV-": ("reservations", "reservation_id", 0),
    "RNT-": ("rentals", "rental_id", 0),
    "CHG-": ("charges", "charge_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _age(dob: str, day: date) -> int:
    born = date.fromisoformat(dob)
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def _renter(db: Database, renter_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM renters WHERE renter_id = ?", [renter_id.strip().upper()])
    if row is None:
        raise ToolError(f"no renter with id {renter_id!r} (renter ids look like 'R-1042')")
    return row


def _branch(db: Database, branch_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM branches WHERE branch_id = ?", [branch_id.strip().upper()])
    if row is None:
        raise ToolError(f"no branch with id {branch_id!r} (branch ids look like 'DEN-APT'); see list_branches")
    return row


def _fleet(db: Database, branch_id: str, class_code: str) -> dict[str, Any]:
    row = db.query_one("SELECT f.*, c.name, c.min_age, c.miles_per_day, c.excess_per_mile FROM branch_fleet f "
                       "JOIN vehicle_classes c USING (class_code) WHERE f.branch_id = ? AND f.class_code = ?",
                       [branch_id, class_code.strip().upper()])
    if row is None:
        raise ToolError(f"branch {branch_id} does not rent class {class_code!r}; see get_branch_details")
    return row


def _reservation(db: Database, reservation_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM reservations WHERE reservation_id = ?", [reservation_id.strip().upper()])
    if row is None:
        raise ToolError(f"no reservation with id {reservation_id!r} (ids look like 'RSV-50231')")
    return row


def _require_status(r: dict[str, Any], allowed: tuple[str, ...], action: str) -> None:
    if r["status"] not in allowed:
        raise ToolError(f"reservation {r['reservation_id']} is {r['status']}; only {' or '.join(allowed)} "
                        f"reservations can {action}")


def _check_open(branch: dict[str, Any], when: datetime, what: str) -> None:
    if when.weekday() == 6 and not branch["sunday_open"]:
        raise ToolError(f"{branch['name']} is closed on Sundays; the {what} on {when.date().isoformat()} is a Sunday")
    if not branch["opens"] <= when.strftime("%H:%M") <= branch["closes"]:
        raise ToolError(f"{branch['name']} is open {branch['opens']}-{branch['closes']}; a {what} at "
                        f"{when.strftime('%H:%M')} is outside its hours")


def _check_driver(renter: dict[str, Any], fleet: dict[str, Any], pickup: datetime, back: datetime,
                  today: date) -> None:
    age = _age(renter["date_of_birth"], pickup.date())
    need = max(MIN_AGE, fleet["min_age"])
    if age < need:
        raise ToolError(f"the renter will be {age} at pickup; the {fleet['name']} class needs a driver aged {need} "
                        "or older")
    expiry = date.fromisoformat(renter["licence_expiry"])
    if expiry < max(back.date(), today):
        raise ToolError(f"the renter's driver's licence expires {expiry.isoformat()}; it must be valid through the "
                        f"return date {back.date().isoformat()}")


def _booked(db: Database, branch_id: str, class_code: str, first: date, days: int, exclude: str) -> list[int]:
    """Cars of the class out or promised from the branch on each day (overdue cars count until they are back)."""
    rows = db.query("SELECT pickup_at, days, status FROM reservations WHERE pickup_branch_id = ? AND class_code = ? "
                    "AND status IN ('confirmed', 'picked_up') AND reservation_id <> ?", [branch_id, class_code, exclude])
    today = datetime.fromisoformat(db.now).date()
    counts = []
    for k in range(days):
        day = first + timedelta(days=k)
        n = 0
        for r in rows:
            start = datetime.fromisoformat(r["pickup_at"]).date()
            end = start + timedelta(days=r["days"] - 1)
            if r["status"] == "picked_up":
                end = max(end, today)
            n += start <= day <= end
        counts.append(n)
    return counts


def _check_available(db: Database, fleet: dict[str, Any], first: date, days: int, exclude: str = "") -> None:
    for k, n in enumerate(_booked(db, fleet["branch_id"], fleet["class_code"], first, days, exclude)):
        if n >= fleet["fleet_count"]:
            raise ToolError(f"the {fleet['name']} class at {fleet['branch_id']} is fully booked on "
                            f"{(first + timedelta(days=k)).isoformat()} (all {fleet['fleet_count']} cars)")


def _drop_fee(db: Database, pickup: dict[str, Any], ret: dict[str, Any]) -> float:
    if pickup["branch_id"] == ret["branch_id"]:
        return 0.0
    fee = db.scalar("SELECT drop_fee FROM one_way_routes WHERE from_branch_id = ? AND to_branch_id = ?",
                    [pickup["branch_id"], ret["branch_id"]])
    if fee is None:
        raise ToolError(f"one-way rentals from {pickup['name']} to {ret['name']} are not offered; see "
                        "get_branch_details for allowed drop-off branches")
    return fee


def _check_trip(db: Database, pickup_branch: dict[str, Any], return_branch: dict[str, Any], pickup: datetime,
                days: int) -> datetime:
    if pickup <= _now(db):
        raise ToolError(f"pickup {_show(pickup)} is not in the future (now is {_show(db.now)})")
    if not 1 <= days <= MAX_DAYS:
        raise ToolError(f"a rental is 1 to {MAX_DAYS} days, got {days}")
    back = pickup + timedelta(days=days)
    _check_open(pickup_branch, pickup, "pickup")
    _check_open(return_branch, back, "return")
    return back


def _coverage(db: Database, code: str) -> dict[str, Any]:
    return db.query_one("SELECT * FROM coverage_options WHERE coverage_code = ?", [code])


def _check_coverage(renter: dict[str, Any], code: str, pickup: date) -> None:
    if code == "NONE" and _age(renter["date_of_birth"], pickup) < YOUNG_DRIVER_UNDER:
        raise ToolError(f"renters under {YOUNG_DRIVER_UNDER} cannot decline coverage; choose BASIC, PLUS or PREMIUM")


def _young_fee(renter: dict[str, Any], pickup: date, days: int) -> float:
    return _money(YOUNG_DRIVER_FEE * days) if _age(renter["date_of_birth"], pickup) < YOUNG_DRIVER_UNDER else 0.0


def _reprice(db: Database, r: dict[str, Any], days: int) -> dict[str, Any]:
    """Price the reservation again for `days` days and write the new figures."""
    renter = _renter(db, r["renter_id"])
    pickup = datetime.fromisoformat(r["pickup_at"])
    db.execute("UPDATE reservation_extras SET total = round(daily_price * ?, 2) WHERE reservation_id = ?",
               [days, r["reservation_id"]])
    extras = _money(db.scalar("SELECT coalesce(sum(total), 0) FROM reservation_extras WHERE reservation_id = ?",
                              [r["reservation_id"]]))
    base = _money(r["daily_rate"] * days)
    young = _young_fee(renter, pickup.date(), days)
    cover = _money(_coverage(db, r["coverage_code"])["daily_price"] * days)
    total = _money(base + young + extras + cover + r["drop_fee"])
    db.execute("UPDATE reservations SET days = ?, return_at = ?, base_charge = ?, young_driver_fee = ?, "
               "extras_total = ?, coverage_total = ?, estimated_total = ? WHERE reservation_id = ?",
               [days, pickup + timedelta(days=days), base, young, extras, cover, total, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "days": days, "return_at": _show(pickup + timedelta(days=days)),
            "base_charge": base, "young_driver_fee": young, "extras_total": extras, "coverage_total": cover,
            "previous_total": r["estimated_total"], "estimated_total": total,
            "difference": _money(total - r["estimated_total"])}


def _post(db: Database, reservation_id: str, kind: str, description: str, amount: float) -> dict[str, Any] | None:
    if not amount:
        return None
    db.execute("INSERT INTO charges VALUES (?, ?, ?, ?, ?, ?)",
               [_IDS.next(db, "CHG-"), reservation_id, kind, description, _money(amount), db.now])
    return {"kind": kind, "description": description, "amount": _money(amount)}


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_renter_by_email(db: Database, email: str) -> dict:
    """Find a renter's id from their email address.

    Args:
        email: The renter's email address, e.g. "dana.whitfield@example.com".

    Returns:
        The renter id and name.
    """
    row = db.query_one("SELECT renter_id, first_name, last_name FROM renters WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no renter with email {email!r}")
    return row


@tool
def get_renter_profile(db: Database, renter_id: str, status: Status | None = None, offset: int = 0) -> dict:
    """Get a renter's profile (age, driver's licence) and their reservations, latest pickup first.

    Args:
        renter_id: The renter's id, e.g. "R-1042".
        status: Only reservations with this status; omit for all.
        offset: How many reservations to skip, for the next page (the `next_offset` of the previous result).

    Returns:
        Contact details, date of birth and age today, licence number, state and expiry, and up to 8 reservations;
        `more` says whether there are further ones, and `next_offset` (only then) is the offset of the next page.
    """
    if offset < 0:
        raise ToolError("offset must be 0 or more")
    p = _renter(db, renter_id)
    today = _now(db).date()
    rows = db.query(
        "SELECT r.reservation_id, r.status, r.class_code, c.name AS class_name, r.pickup_branch_id, "
        "b.name AS pickup_branch, r.pickup_at, r.return_branch_id, e.name AS return_branch, r.return_at, r.days, "
        "r.estimated_total FROM reservations r JOIN vehicle_classes c USING (class_code) "
        "JOIN branches b ON b.branch_id = r.pickup_branch_id JOIN branches e ON e.branch_id = r.return_branch_id "
        "WHERE r.renter_id = ? AND (? IS NULL OR r.status = ?) ORDER BY r.pickup_at DESC, r.reservation_id "
        "LIMIT ? OFFSET ?",
        [p["renter_id"], status, status, PROFILE_PAGE + 1, offset])
    for r in rows:
        r["pickup_at"], r["return_at"] = _show(r["pickup_at"]), _show(r["return_at"])
    out = {"renter_id": p["renter_id"], "name": f"{p['first_name']} {p['last_name']}", "email": p["email"],
           "phone": p["phone"], "date_of_birth": p["date_of_birth"], "age": _age(p["date_of_birth"], today),
           "licence_number": p["licence_number"], "licence_state": p["licence_state"],
           "licence_expiry": p["licence_expiry"], "licence_valid_today": p["licence_expiry"] >= today.isoformat(),
           "reservations": rows[:PROFILE_PAGE], "more": len(rows) > PROFILE_PAGE}
    if out["more"]:
        out["next_offset"] = offset + PROFILE_PAGE
    return out


@tool
def get_rental_booking(db: Database, reservation_id: str) -> dict:
    """Get one reservation in full: trip, class, price lines, extras, coverage, cancellation terms, car and charges.

    Args:
        reservation_id: The reservation's id, e.g. "RSV-50231".

    Returns:
        The reservation; open ones show the free-cancellation deadline and late fee, quotes their expiry, rentals
        the car handed over, and posted charges with their total.
    """
    r = _reservation(db, reservation_id)
    p = _renter(db, r["renter_id"])
    cls = db.query_one("SELECT * FROM vehicle_classes WHERE class_code = ?", [r["class_code"]])
    cov = _coverage(db, r["coverage_code"])
    names = {b["branch_id"]: b["name"] for b in db.query("SELECT branch_id, name FROM branches")}
    out: dict[str, Any] = {
        "reservation_id": r["reservation_id"], "status": r["status"], "renter_id": r["renter_id"],
        "renter_name": f"{p['first_name']} {p['last_name']}", "class_code": r["class_code"],
        "class_name": cls["name"], "example_model": cls["example_model"],
        "miles_per_day": cls["miles_per_day"] or "unlimited",
        "pickup_branch_id": r["pickup_branch_id"], "pickup_branch": names[r["pickup_branch_id"]],
        "pickup_at": _show(r["pickup_at"]), "return_branch_id": r["return_branch_id"],
        "return_branch": names[r["return_branch_id"]], "return_at": _show(r["return_at"]), "days": r["days"],
        "daily_rate": r["daily_rate"], "base_charge": r["base_charge"], "young_driver_fee": r["young_driver_fee"],
        "extras": db.query("SELECT x.extra_code, e.name, x.daily_price, x.total FROM reservation_extras x JOIN extras "
                           "e USING (extra_code) WHERE x.reservation_id = ? ORDER BY x.extra_code",
                           [r["reservation_id"]]),
        "extras_total": r["extras_total"], "coverage_code": r["coverage_code"], "coverage_name": cov["name"],
        "deductible": cov["deductible"], "coverage_total": r["coverage_total"], "drop_fee": r["drop_fee"],
        "estimated_total": r["estimated_total"], "created_at": _show(r["created_at"])}
    if r["status"] in ("quoted", "confirmed"):
        deadline = datetime.fromisoformat(r["pickup_at"]) - timedelta(hours=FREE_CANCEL_HOURS)
        out["free_cancellation_until"] = _show(deadline)
        out["late_cancellation_fee"] = r["daily_rate"] if r["status"] == "confirmed" else 0.0
    if r["status"] == "quoted":
        out["quote_expires_at"] = _show(r["quote_expires_at"])
        out["quote_expired"] = r["quote_expires_at"] <= db.now
    if r["status"] == "cancelled":
        out.update(cancelled_at=_show(r["cancelled_at"]), cancel_reason=r["cancel_reason"],
                   cancellation_fee=r["cancellation_fee"])
    rental = db.query_one("SELECT t.*, v.plate, v.make, v.model, v.color FROM rentals t JOIN vehicles v "
                          "USING (vehicle_id) WHERE t.reservation_id = ?", [r["reservation_id"]])
    if rental:
        out["vehicle"] = {"vehicle_id": rental["vehicle_id"], "plate": rental["plate"], "color": rental["color"],
                          "make_model": f"{rental['make']} {rental['model']}"}
        out["rental"] = {k: _show(rental[k]) if k.endswith("_at") and rental[k] else rental[k]
                         for k in ("rental_id", "picked_up_at", "odometer_out", "fuel_out", "returned_at",
                                   "odometer_in", "fuel_in", "late_hours")}
    charges = db.query("SELECT charge_id, kind, description, amount, posted_at FROM charges WHERE reservation_id = ? "
                       "ORDER BY charge_id", [r["reservation_id"]])
    for c in charges:
        c["posted_at"] = _show(c["posted_at"])
    out["charges"], out["charges_total"] = charges, _money(sum(c["amount"] for c in charges))
    return out


@tool
def list_branches(db: Database, city: str | None = None) -> list:
    """List Larkspur's branches with their opening hours, optionally in one city.

    Args:
        city: Only branches in this city, e.g. "Denver"; omit for all branches.

    Returns:
        Each branch's id, name, city, whether it is at an airport, opening and closing time, and Sunday opening.
    """
    return db.query("SELECT branch_id, name, city, state, is_airport, opens, closes, sunday_open FROM branches "
                    "WHERE (? IS NULL OR lower(city) = lower(?)) ORDER BY branch_id",
                    [city and city.strip(), city and city.strip()])


@tool
def get_branch_details(db: Database, branch_id: str) -> dict:
    """Get a branch: address, hours, classes with daily rates and fleet size, one-way drop-offs, extras and coverage.

    Args:
        branch_id: The branch's id, e.g. "DEN-APT" (from list_branches).

    Returns:
        The branch, its vehicle classes (rate, seats, bags, minimum age, mileage allowance, fleet count), the
        branches a one-way rental may end at with their drop fees, and the extras and coverage options.
    """
    b = _branch(db, branch_id)
    classes = db.query("SELECT c.class_code, c.name, c.example_model, c.seats, c.bags, c.min_age, c.miles_per_day, "
                       "c.excess_per_mile, f.daily_rate, f.fleet_count FROM branch_fleet f JOIN vehicle_classes c "
                       "USING (class_code) WHERE f.branch_id = ? ORDER BY f.daily_rate", [b["branch_id"]])
    routes = db.query("SELECT o.to_branch_id AS branch_id, b.name, o.drop_fee FROM one_way_routes o JOIN branches b "
                      "ON b.branch_id = o.to_branch_id WHERE o.from_branch_id = ? ORDER BY o.drop_fee, b.branch_id",
                      [b["branch_id"]])
    return {**b, "classes": classes, "one_way_drop_offs": routes,
            "extras": db.query("SELECT * FROM extras ORDER BY extra_code"),
            "coverage_options": db.query("SELECT * FROM coverage_options ORDER BY daily_price")}


@tool
def quote_rental(db: Database, pickup_branch_id: str, class_code: str, pickup_at: str, days: int,
                 return_branch_id: str | None = None) -> dict:
    """Quote a class for a trip: whether cars are free every day, the rate, base charge and any drop fee.

    Renter-specific items (young-driver fee, extras, coverage) are not included.

    Args:
        pickup_branch_id: The pickup branch, e.g. "DEN-APT".
        class_code: The vehicle class, e.g. "MIDSIZE" (from get_branch_details).
        pickup_at: Pickup date and time, e.g. "2026-07-20 09:30"; the car is due back the same time `days` later.
        days: Number of rental days, 1 to 30.
        return_branch_id: Drop-off branch for a one-way rental; omit to return where picked up.

    Returns:
        Availability (cars left, fully booked days), daily rate, base charge, drop fee and their total.
    """
    start = _branch(db, pickup_branch_id)
    end = _branch(db, return_branch_id) if return_branch_id else start
    fleet = _fleet(db, start["branch_id"], class_code)
    pickup = _parse_time(pickup_at, "pickup_at")
    back = _check_trip(db, start, end, pickup, days)
    drop = _drop_fee(db, start, end)
    booked = _booked(db, start["branch_id"], fleet["class_code"], pickup.date(), days, "")
    full = [(pickup.date() + timedelta(days=k)).isoformat() for k, n in enumerate(booked)
            if n >= fleet["fleet_count"]]
    base = _money(fleet["daily_rate"] * days)
    return {"pickup_branch_id": start["branch_id"], "return_branch_id": end["branch_id"],
            "class_code": fleet["class_code"], "class_name": fleet["name"], "pickup_at": _show(pickup),
            "return_at": _show(back), "days": days, "available": not full,
            "cars_left": max(0, fleet["fleet_count"] - max(booked)), "fully_booked_days": full,
            "daily_rate": fleet["daily_rate"], "base_charge": base, "drop_fee": drop,
            "total_before_extras": _money(base + drop), "min_age": max(MIN_AGE, fleet["min_age"])}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_rental(db: Database, renter_id: str, pickup_branch_id: str, class_code: str, pickup_at: str, days: int,
                coverage_code: CoverageCode = "NONE", return_branch_id: str | None = None) -> dict:
    """Book a class for a renter as a confirmed reservation, priced from the branch's daily rate.

    Args:
        renter_id: The renter's id, e.g. "R-1042".
        pickup_branch_id: The pickup branch, e.g. "DEN-APT".
        class_code: The vehicle class, e.g. "MIDSIZE" (from get_branch_details).
        pickup_at: Pickup date and time, e.g. "2026-07-20 09:30"; the car is due back the same time `days` later.
        days: Number of rental days, 1 to 30.
        coverage_code: Damage coverage: NONE (own insurance), BASIC, PLUS or PREMIUM.
        return_branch_id: Drop-off branch for a one-way rental; omit to return where picked up.

    Returns:
        The new reservation id, the trip and every price line with the estimated total.
    """
    p = _renter(db, renter_id)
    start = _branch(db, pickup_branch_id)
    end = _branch(db, return_branch_id) if return_branch_id else start
    fleet = _fleet(db, start["branch_id"], class_code)
    pickup = _parse_time(pickup_at, "pickup_at")
    back = _check_trip(db, start, end, pickup, days)
    drop = _drop_fee(db, start, end)
    _check_driver(p, fleet, pickup, back, _now(db).date())
    _check_coverage(p, coverage_code, pickup.date())
    _check_available(db, fleet, pickup.date(), days)
    base = _money(fleet["daily_rate"] * days)
    young = _young_fee(p, pickup.date(), days)
    cover = _money(_coverage(db, coverage_code)["daily_price"] * days)
    total = _money(base + young + cover + drop)
    rid = _IDS.next(db, "RSV-")
    db.execute("INSERT INTO reservations (reservation_id, renter_id, class_code, pickup_branch_id, return_branch_id, "
               "pickup_at, return_at, days, status, coverage_code, daily_rate, base_charge, young_driver_fee, "
               "extras_total, coverage_total, drop_fee, estimated_total, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
               "'confirmed', ?, ?, ?, ?, 0, ?, ?, ?, ?)",
               [rid, p["renter_id"], fleet["class_code"], start["branch_id"], end["branch_id"], pickup, back, days,
                coverage_code, fleet["daily_rate"], base, young, cover, drop, total, db.now])
    return {"reservation_id": rid, "status": "confirmed", "class_name": fleet["name"], "pickup_branch": start["name"],
            "pickup_at": _show(pickup), "return_branch": end["name"], "return_at": _show(back), "days": days,
            "daily_rate": fleet["daily_rate"], "base_charge": base, "young_driver_fee": young,
            "coverage_total": cover, "drop_fee": drop, "estimated_total": total,
            "free_cancellation_until": _show(pickup - timedelta(hours=FREE_CANCEL_HOURS))}


@tool(writes=True)
def confirm_quote(db: Database, reservation_id: str) -> dict:
    """Turn a saved online quote into a confirmed reservation at the quoted price, before the quote expires.

    The renter's age and licence and the class's availability are checked as for a new booking.

    Args:
        reservation_id: The quoted reservation, e.g. "RSV-50231".

    Returns:
        The reservation id, its new status and estimated total.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("quoted",), "be confirmed")
    if r["quote_expires_at"] <= db.now:
        raise ToolError(f"quote {r['reservation_id']} expired at {_show(r['quote_expires_at'])}; its price is no "
                        "longer held, so a new booking is needed")
    p = _renter(db, r["renter_id"])
    fleet = _fleet(db, r["pickup_branch_id"], r["class_code"])
    pickup, back = datetime.fromisoformat(r["pickup_at"]), datetime.fromisoformat(r["return_at"])
    _check_driver(p, fleet, pickup, back, _now(db).date())
    _check_coverage(p, r["coverage_code"], pickup.date())
    _check_available(db, fleet, pickup.date(), r["days"], r["reservation_id"])
    db.execute("UPDATE reservations SET status = 'confirmed', quote_expires_at = NULL WHERE reservation_id = ?",
               [r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": "confirmed", "estimated_total": r["estimated_total"],
            "free_cancellation_until": _show(pickup - timedelta(hours=FREE_CANCEL_HOURS))}


@tool(writes=True)
def add_rental_extra(db: Database, reservation_id: str, extra_code: ExtraCode) -> dict:
    """Add an extra to a quoted or confirmed reservation, priced per rental day.

    Args:
        reservation_id: The reservation, e.g. "RSV-50231".
        extra_code: The extra: CHILD_SEAT, GPS, ADDITIONAL_DRIVER or TOLL_PASS.

    Returns:
        The extra's line (daily price, total) and the reservation's new estimated total.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("quoted", "confirmed"), "get extras")
    if db.scalar("SELECT count(*) FROM reservation_extras WHERE reservation_id = ? AND extra_code = ?",
                 [r["reservation_id"], extra_code]):
        raise ToolError(f"reservation {r['reservation_id']} already has {extra_code}")
    extra = db.query_one("SELECT * FROM extras WHERE extra_code = ?", [extra_code])
    line = _money(extra["daily_price"] * r["days"])
    db.execute("INSERT INTO reservation_extras VALUES (?, ?, ?, ?)",
               [r["reservation_id"], extra_code, extra["daily_price"], line])
    extras, total = _money(r["extras_total"] + line), _money(r["estimated_total"] + line)
    db.execute("UPDATE reservations SET extras_total = ?, estimated_total = ? WHERE reservation_id = ?",
               [extras, total, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "extra_code": extra_code, "name": extra["name"],
            "daily_price": extra["daily_price"], "total": line, "extras_total": extras, "estimated_total": total}


@tool(writes=True)
def change_coverage(db: Database, reservation_id: str, coverage_code: CoverageCode) -> dict:
    """Change the damage coverage of a quoted or confirmed reservation, re-priced per rental day.

    Args:
        reservation_id: The reservation, e.g. "RSV-50231".
        coverage_code: The new coverage: NONE (own insurance), BASIC, PLUS or PREMIUM.

    Returns:
        The new coverage, its deductible and total, and the reservation's previous and new estimated totals.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("quoted", "confirmed"), "change coverage")
    if r["coverage_code"] == coverage_code:
        raise ToolError(f"reservation {r['reservation_id']} already has {coverage_code} coverage")
    _check_coverage(_renter(db, r["renter_id"]), coverage_code, datetime.fromisoformat(r["pickup_at"]).date())
    cov = _coverage(db, coverage_code)
    line = _money(cov["daily_price"] * r["days"])
    total = _money(r["estimated_total"] - r["coverage_total"] + line)
    db.execute("UPDATE reservations SET coverage_code = ?, coverage_total = ?, estimated_total = ? "
               "WHERE reservation_id = ?", [coverage_code, line, total, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "coverage_code": coverage_code, "coverage_name": cov["name"],
            "deductible": cov["deductible"], "coverage_total": line, "previous_total": r["estimated_total"],
            "estimated_total": total}


@tool(writes=True)
def cancel_rental_booking(db: Database, reservation_id: str, reason: CancelReason) -> dict:
    """Cancel a quoted or confirmed reservation; within 24 hours of pickup a confirmed one costs one day's rate.

    Args:
        reservation_id: The reservation to cancel, e.g. "RSV-50231".
        reason: Why the renter cancels.

    Returns:
        The reservation id, its status and the cancellation fee (0 when free).
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("quoted", "confirmed"), "be cancelled")
    late = _now(db) >= datetime.fromisoformat(r["pickup_at"]) - timedelta(hours=FREE_CANCEL_HOURS)
    fee = r["daily_rate"] if r["status"] == "confirmed" and late else 0.0
    _post(db, r["reservation_id"], "cancellation", "Late cancellation (one day's rate)", fee)
    db.execute("UPDATE reservations SET status = 'cancelled', cancelled_at = ?, cancel_reason = ?, "
               "cancellation_fee = ? WHERE reservation_id = ?", [db.now, reason, fee, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": "cancelled", "cancellation_fee": fee}


@tool(writes=True)
def pick_up_vehicle(db: Database, reservation_id: str) -> dict:
    """Hand a car of the booked class to the renter at the pickup counter and start the rental.

    Only for confirmed reservations picking up today, from one hour before the reserved time; the licence must be
    valid through the return date.

    Args:
        reservation_id: The confirmed reservation, e.g. "RSV-50231".

    Returns:
        The rental id, the car (plate, make, model, colour), odometer and fuel out, and when it is due back.
    """
    r = _reservation(db, reservation_id)
    if r["status"] == "quoted":
        raise ToolError(f"reservation {r['reservation_id']} is only a quote; confirm it before pickup")
    _require_status(r, ("confirmed",), "be picked up")
    now, pickup = _now(db), datetime.fromisoformat(r["pickup_at"])
    if pickup.date() != now.date():
        raise ToolError(f"reservation {r['reservation_id']} picks up on {pickup.date().isoformat()}, not today "
                        f"({now.date().isoformat()})")
    if now < pickup - timedelta(minutes=PICKUP_EARLY_MINUTES):
        raise ToolError(f"pickup is reserved for {_show(pickup)}; the car can be handed over from "
                        f"{_show(pickup - timedelta(minutes=PICKUP_EARLY_MINUTES))}")
    fleet = _fleet(db, r["pickup_branch_id"], r["class_code"])
    _check_driver(_renter(db, r["renter_id"]), fleet, pickup, datetime.fromisoformat(r["return_at"]), now.date())
    car = db.query_one("SELECT * FROM vehicles WHERE branch_id = ? AND class_code = ? AND status = 'available' "
                       "ORDER BY fuel_eighths DESC, odometer, vehicle_id LIMIT 1",
                       [r["pickup_branch_id"], r["class_code"]])
    if car is None:
        raise ToolError(f"no {fleet['name']} car is ready at {r['pickup_branch_id']} right now")
    rental_id = _IDS.next(db, "RNT-")
    db.execute("INSERT INTO rentals (rental_id, reservation_id, vehicle_id, picked_up_at, odometer_out, fuel_out) "
               "VALUES (?, ?, ?, ?, ?, ?)", [rental_id, r["reservation_id"], car["vehicle_id"], db.now,
                                             car["odometer"], car["fuel_eighths"]])
    db.execute("UPDATE vehicles SET status = 'rented' WHERE vehicle_id = ?", [car["vehicle_id"]])
    db.execute("UPDATE reservations SET status = 'picked_up' WHERE reservation_id = ?", [r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": "picked_up", "rental_id": rental_id,
            "plate": car["plate"], "make_model": f"{car['make']} {car['model']}", "color": car["color"],
            "odometer_out": car["odometer"], "fuel_out": car["fuel_eighths"], "due_back": _show(r["return_at"]),
            "return_branch_id": r["return_branch_id"]}


@tool(writes=True)
def extend_rental(db: Database, reservation_id: str, extra_days: int) -> dict:
    """Extend a confirmed or picked-up rental by whole days, re-priced for the new length.

    Refused when the class is fully booked on an added day, when the licence expires before the new return date,
    when the return branch is closed at the new return time, or when the car is already overdue.

    Args:
        reservation_id: The reservation to extend, e.g. "RSV-50231".
        extra_days: Days to add, at least 1 (a rental lasts at most 30 days).

    Returns:
        The new return time and days, every price line and the previous and new estimated totals.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ACTIVE, "be extended")
    due = datetime.fromisoformat(r["return_at"])
    if due <= _now(db):
        raise ToolError(f"rental {r['reservation_id']} was due back {_show(due)}; an overdue rental cannot be "
                        "extended, it must be returned")
    if extra_days < 1 or r["days"] + extra_days > MAX_DAYS:
        raise ToolError(f"extra_days must be at least 1 and the rental at most {MAX_DAYS} days (now {r['days']})")
    back = due + timedelta(days=extra_days)
    _check_open(_branch(db, r["return_branch_id"]), back, "return")
    fleet = _fleet(db, r["pickup_branch_id"], r["class_code"])
    pickup = datetime.fromisoformat(r["pickup_at"])
    _check_driver(_renter(db, r["renter_id"]), fleet, pickup, back, _now(db).date())
    first = pickup.date() + timedelta(days=r["days"])
    _check_available(db, fleet, first, extra_days, r["reservation_id"])
    return _reprice(db, r, r["days"] + extra_days)


@tool(writes=True)
def return_vehicle(db: Database, reservation_id: str, miles_driven: int, fuel_eighths: int) -> dict:
    """Take a car back at the return counter now, close the rental and post its final charges.

    Charges: the days booked, young-driver fee, extras, coverage and drop fee, plus a third of the daily rate per
    started hour late once past the 30-minute grace period, 9.50 per missing eighth of fuel, and miles over the
    class's allowance.

    Args:
        miles_driven: Miles driven since pickup, read from the odometer.
        reservation_id: The picked-up reservation, e.g. "RSV-50231".
        fuel_eighths: Fuel level at return in eighths of a tank, 0 (empty) to 8 (full).

    Returns:
        Late hours, every charge posted and the final total.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("picked_up",), "be returned")
    if not 0 <= fuel_eighths <= 8:
        raise ToolError(f"fuel_eighths must be 0 to 8, got {fuel_eighths}")
    if not 0 <= miles_driven <= 1000 * (r["days"] + 2):
        raise ToolError(f"miles_driven must be between 0 and {1000 * (r['days'] + 2)}, got {miles_driven}")
    rental = db.query_one("SELECT * FROM rentals WHERE reservation_id = ?", [r["reservation_id"]])
    fleet = _fleet(db, r["pickup_branch_id"], r["class_code"])
    late = _now(db) - datetime.fromisoformat(r["return_at"])
    hours = math.ceil(late.total_seconds() / 3600) if late > timedelta(minutes=GRACE_MINUTES) else 0
    lines = [_post(db, r["reservation_id"], "rental", f"{r['days']} days at {r['daily_rate']:.2f}", r["base_charge"]),
             _post(db, r["reservation_id"], "young_driver", "Young-driver fee", r["young_driver_fee"]),
             _post(db, r["reservation_id"], "extras", "Extras", r["extras_total"]),
             _post(db, r["reservation_id"], "coverage", f"Coverage {r['coverage_code']}", r["coverage_total"]),
             _post(db, r["reservation_id"], "drop_fee", "One-way drop fee", r["drop_fee"]),
             _post(db, r["reservation_id"], "late_return", f"{hours} late hours",
                   hours * _money(r["daily_rate"] / 3)),
             _post(db, r["reservation_id"], "fuel", f"Refuel {rental['fuel_out'] - fuel_eighths}/8 tank",
                   max(0, rental["fuel_out"] - fuel_eighths) * REFUEL_PER_EIGHTH)]
    if fleet["miles_per_day"]:
        over = max(0, miles_driven - fleet["miles_per_day"] * r["days"])
        lines.append(_post(db, r["reservation_id"], "mileage", f"{over} miles over allowance",
                           over * fleet["excess_per_mile"]))
    charges = [c for c in lines if c]
    db.execute("UPDATE rentals SET returned_at = ?, odometer_in = ?, fuel_in = ?, late_hours = ? "
               "WHERE rental_id = ?", [db.now, rental["odometer_out"] + miles_driven, fuel_eighths, hours,
                                       rental["rental_id"]])
    db.execute("UPDATE vehicles SET status = 'available', branch_id = ?, odometer = ?, fuel_eighths = 8 "
               "WHERE vehicle_id = ?", [r["return_branch_id"], rental["odometer_out"] + miles_driven,
                                        rental["vehicle_id"]])
    db.execute("UPDATE reservations SET status = 'returned' WHERE reservation_id = ?", [r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": "returned", "late_hours": hours, "charges": charges,
            "total_charged": _money(sum(c["amount"] for c in charges))}
