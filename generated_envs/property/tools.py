"""Tools of the property environment: the resident-services office of Harborline Residential.

Reads look up households, leases, rent ledgers, maintenance requests, technicians, amenities and deposits. Writes
take payments, waive late fees, file and schedule maintenance, book amenities, issue parking permits, accept lease
renewals, record notices to vacate and refund security deposits, each under the company's rules.
"""

from __future__ import annotations

from calendar import monthrange
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, parse_date
from envfactory_gym.authoring.kit import at as _at
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import today as _today

GRACE_DAY = 5
LATE_FEE_RATE = 0.05
WAIVER_WINDOW_DAYS = 60
NOTICE_DAYS = 60
BOOK_MIN_DAYS, BOOK_MAX_DAYS = 2, 60
FREE_CANCEL_HOURS = 72
MAX_PERMITS = 2
DEADLINE_HOURS = {"emergency": 24, "urgent": 72, "routine": 14 * 24}
WINDOWS = {"08:00-10:00": "08:00", "10:00-12:00": "10:00", "13:00-15:00": "13:00", "15:00-17:00": "15:00"}
BLOCKS = {"afternoon": "12:00", "evening": "17:00"}
SUITE_CHECK_IN = "15:00"
LIVE = ("active", "notice_given")

#: Issue code -> (trade, priority, description): the triage table that sets a request's category and priority.
ISSUES = {
    "ceiling_leak": ("plumbing", "emergency", "Water leaking through the ceiling"),
    "burst_pipe": ("plumbing", "emergency", "Burst pipe, water on the floor"),
    "sewage_backup": ("plumbing", "emergency", "Sewage backing up into a tub, shower or sink"),
    "no_hot_water": ("plumbing", "urgent", "No hot water"),
    "toilet_overflowing": ("plumbing", "urgent", "Toilet overflowing or unusable"),
    "dripping_faucet": ("plumbing", "routine", "Faucet drips constantly"),
    "slow_drain": ("plumbing", "routine", "Slow or clogged drain"),
    "running_toilet": ("plumbing", "routine", "Toilet keeps running"),
    "low_water_pressure": ("plumbing", "routine", "Low water pressure"),
    "sparking_outlet": ("electrical", "emergency", "Sparks or burning smell from an outlet or switch"),
    "power_outage": ("electrical", "emergency", "No power in the apartment"),
    "dead_outlets": ("electrical", "urgent", "Several outlets or a whole room without power"),
    "flickering_light": ("electrical", "routine", "Light fixture flickers"),
    "exhaust_fan": ("electrical", "routine", "Bathroom or kitchen exhaust fan not working"),
    "dead_outlet": ("electrical", "routine", "One outlet not working"),
    "no_heat": ("hvac", "emergency", "No heat at all"),
    "heat_blowing_cold": ("hvac", "urgent", "Heater blows only cold air"),
    "thermostat_dead": ("hvac", "urgent", "Thermostat blank and the heat off"),
    "noisy_heater": ("hvac", "routine", "Heater makes a loud noise"),
    "air_filter": ("hvac", "routine", "Air filter needs replacing"),
    "weak_airflow": ("hvac", "routine", "Vent barely blows air"),
    "fridge_not_cooling": ("appliance", "urgent", "Refrigerator not cooling"),
    "oven_not_heating": ("appliance", "urgent", "Oven or stove will not heat"),
    "dishwasher_not_draining": ("appliance", "routine", "Dishwasher leaves standing water"),
    "dryer_not_drying": ("appliance", "routine", "Dryer does not dry"),
    "disposal_jammed": ("appliance", "routine", "Garbage disposal jammed"),
    "microwave_broken": ("appliance", "routine", "Built-in microwave broken"),
    "broken_lock": ("general", "emergency", "Entry door will not lock"),
    "door_off_track": ("general", "urgent", "Sliding patio or balcony door off its track"),
    "door_off_hinge": ("general", "routine", "Interior or closet door off its hinge"),
    "broken_blind": ("general", "routine", "Broken window blind"),
    "cracked_tile": ("general", "routine", "Cracked floor or wall tile"),
    "pests": ("general", "routine", "Ants or other pests"),
    "smoke_detector_chirp": ("general", "routine", "Smoke detector chirps (battery)"),
}
Issue = Literal[tuple(ISSUES)]  # type: ignore[valid-type]
LedgerKind = Literal["rent", "late_fee", "parking_fee", "amenity_fee", "short_notice_fee", "early_termination_fee",
                     "damage_charge", "payment", "late_fee_waiver", "amenity_refund", "deposit_applied"]
#: Ledger entries per get_rent_ledger page: 15 of the longest entries stay well under the 4,000-character result cut.
LEDGER_PAGE = 15
Window = Literal["08:00-10:00", "10:00-12:00", "13:00-15:00", "15:00-17:00"]

_date = partial(parse_date, hint="like '2026-04-18'")
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "LE-": ("ledger_entries", "entry_id", 6),
    "MR-": ("maintenance_requests", "request_id", 4),
    "BK-": ("amenity_bookings", "booking_id", 4),
    "PP-": ("parking_permits", "permit_id", 4),
})


def _lease(db: Database, lease_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT l.*, u.unit_number, u.building_id, b.building_name FROM leases l "
                       "JOIN units u ON u.unit_id = l.unit_id JOIN buildings b ON b.building_id = u.building_id "
                       "WHERE l.lease_id = ?", [lease_id.strip().upper()])
    if row is None:
        raise ToolError(f"no lease with id {lease_id!r} (lease ids look like 'L-40127')")
    return row


def _require_live(lease: dict[str, Any], action: str) -> None:
    if lease["status"] not in LIVE:
        raise ToolError(f"lease {lease['lease_id']} has ended; {action} is only for current residents")


def _one(db: Database, sql: str, key: str, what: str, example: str) -> dict[str, Any]:
    row = db.query_one(sql, [key.strip().upper()])
    if row is None:
        raise ToolError(f"no {what} with id {key!r} ({what} ids look like '{example}')")
    return row


def _account(db: Database, lease_id: str) -> dict[str, Any]:
    """Balance, late fees now due, amount due and past-due amount of a lease's ledger."""
    entries = db.query("SELECT entry_id, posted_on, kind, period, amount, method, reference, memo "
                       "FROM ledger_entries WHERE lease_id = ? ORDER BY posted_on, entry_id", [lease_id])
    today = _today(db)
    charged = {e["period"] for e in entries if e["kind"] == "late_fee"}
    pending = []
    for e in entries:
        if e["kind"] != "rent" or e["period"] in charged:
            continue
        year, month = map(int, e["period"].split("-"))
        grace_end = date(year, month, GRACE_DAY).isoformat()
        owed = sum(x["amount"] for x in entries if x["posted_on"] <= grace_end)
        if today.isoformat() > grace_end and owed > 0.004:
            pending.append({"period": e["period"], "amount": _money(e["amount"] * LATE_FEE_RATE)})
    balance = _money(sum(e["amount"] for e in entries))
    late = _money(sum(p["amount"] for p in pending))
    old = (today - timedelta(days=GRACE_DAY + 1)).isoformat()
    aged = sum(e["amount"] for e in entries if e["amount"] > 0 and e["posted_on"] <= old)
    credits = sum(e["amount"] for e in entries if e["amount"] < 0)
    return {"entries": entries, "balance": balance, "late_fees_due": pending,
            "amount_due": _money(balance + late), "past_due": max(0.0, _money(aged + late + credits))}


def _post(db: Database, lease_id: str, kind: str, amount: float, memo: str, period: str | None = None,
          method: str | None = None, reference: str | None = None) -> str:
    entry_id = _IDS.next(db, "LE-")
    db.execute("INSERT INTO ledger_entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [entry_id, lease_id, _today(db), kind, period, _money(amount), method, reference, memo])
    return entry_id


def _post_late_fees(db: Database, lease_id: str) -> list[dict[str, Any]]:
    fees = _account(db, lease_id)["late_fees_due"]
    for fee in fees:
        fee["entry_id"] = _post(db, lease_id, "late_fee", fee["amount"], f"Late fee for {fee['period']}",
                                period=fee["period"])
    return fees


def _require_no_past_due(db: Database, lease_id: str, action: str) -> None:
    past_due = _account(db, lease_id)["past_due"]
    if past_due > 0:
        raise ToolError(f"lease {lease_id} has a past-due balance of {past_due:.2f}; it must be paid before {action}")


def _household(db: Database, where: str, params: list[Any]) -> dict[str, Any] | None:
    rows = db.query(
        "SELECT r.resident_id, r.first_name, r.last_name, r.lease_id, l.status AS lease_status, u.unit_number, "
        "b.building_id, b.building_name FROM residents r JOIN leases l ON l.lease_id = r.lease_id "
        f"JOIN units u ON u.unit_id = r.unit_id JOIN buildings b ON b.building_id = u.building_id WHERE {where} "
        "ORDER BY r.resident_id", params)
    if not rows:
        return None
    if len({r["lease_id"] for r in rows}) > 1:
        raise ToolError("several households match; ask for the resident's email address instead")
    first = rows[0]
    return {"lease_id": first["lease_id"], "lease_status": first["lease_status"], "building_id": first["building_id"],
            "building_name": first["building_name"], "unit_number": first["unit_number"],
            "residents": [{k: r[k] for k in ("resident_id", "first_name", "last_name")} for r in rows]}


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_resident_by_email(db: Database, email: str) -> dict:
    """Find a resident (current or former) and their household's lease from their email address.

    Args:
        email: The resident's email address, e.g. "dana.whitfield@example.com".

    Returns:
        The lease id and status, building, unit number and the matching resident.
    """
    found = _household(db, "lower(r.email) = lower(?)", [email.strip()])
    if found is None:
        raise ToolError(f"no resident with email {email!r}")
    return found


@tool
def find_household_by_unit(db: Database, building_name: str, unit_number: str, last_name: str) -> dict:
    """Find a household from its building, unit number and the last name of one of its residents.

    Args:
        building_name: The building's name, e.g. "Alder Court".
        unit_number: The apartment number, e.g. "304".
        last_name: The last name of a resident of that unit, e.g. "Whitfield".

    Returns:
        The lease id and status, building, unit number and the residents with that last name.
    """
    found = _household(db, "lower(b.building_name) = lower(?) AND u.unit_number = ? AND lower(r.last_name) = lower(?)",
                       [building_name.strip(), unit_number.strip().lstrip("#"), last_name.strip()])
    if found is None:
        raise ToolError(f"no resident named {last_name} in unit {unit_number} at {building_name}")
    return found


@tool
def get_lease_details(db: Database, lease_id: str) -> dict:
    """Get a lease: unit, dates, rent, deposit, status and notice, residents, parking permits and renewal offers.

    Args:
        lease_id: The lease's id, e.g. "L-40127".

    Returns:
        The lease's details.
    """
    lease = _lease(db, lease_id)
    lid = lease["lease_id"]
    out = {k: v for k, v in lease.items() if v is not None and k != "unit_id"}
    out["residents"] = db.query("SELECT resident_id, first_name, last_name, email, phone, is_primary FROM residents "
                                "WHERE lease_id = ? ORDER BY resident_id", [lid])
    out["parking_permits"] = db.query("SELECT permit_id, license_plate, status, issued_on FROM "
                                      "parking_permits WHERE lease_id = ? ORDER BY permit_id", [lid])
    out["renewal_offers"] = db.query("SELECT offer_id, term_months, monthly_rent, offered_on, expires_on, status "
                                     "FROM renewal_offers WHERE lease_id = ? ORDER BY offer_id", [lid])
    return out


@tool
def get_rent_ledger(db: Database, lease_id: str, kind: LedgerKind | None = None, offset: int = 0,
                    limit: int = LEDGER_PAGE) -> dict:
    """Get a lease's rent ledger: balance, late fees now due, amount due, past-due amount and the entries.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        kind: Only entries of this kind, e.g. "late_fee" or "late_fee_waiver"; omit for all.
        offset: Skip this many of the most recent entries, to page back to older ones (use next_offset).
        limit: At most this many entries (1 to 15, default 15).

    Returns:
        The totals first (balance, late fees due, amount due, past-due amount, date of the last late-fee waiver),
        then the most recent entries, oldest first (charges positive, payments and credits negative); when older
        entries remain, next_offset is the offset that shows them (null when none remain).
    """
    lease = _lease(db, lease_id)
    acct = _account(db, lease["lease_id"])
    rows = [e for e in acct["entries"] if kind is None or e["kind"] == kind]
    offset, limit = max(0, offset), max(1, min(limit, LEDGER_PAGE))
    end = max(0, len(rows) - offset)
    start = max(0, end - limit)
    waivers = [e["posted_on"] for e in acct["entries"] if e["kind"] == "late_fee_waiver"]
    return {"lease_id": lease["lease_id"], "monthly_rent": lease["monthly_rent"], "balance": acct["balance"],
            "late_fees_due": acct["late_fees_due"], "amount_due": acct["amount_due"], "past_due": acct["past_due"],
            "last_waiver_on": max(waivers) if waivers else None, "total_entries": len(rows),
            "next_offset": offset + (end - start) if start > 0 else None, "entries": rows[start:end]}


@tool
def list_maintenance_requests(db: Database, lease_id: str,
                              status: Literal["submitted", "scheduled", "in_progress", "completed",
                                              "cancelled"] | None = None) -> dict:
    """List a household's maintenance requests, most recent first, with their technician and visit window.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        status: Only requests with this status; omit for all.

    Returns:
        Up to 20 requests with category, priority, status, submission time, visit start and technician.
    """
    lease = _lease(db, lease_id)
    rows = db.query(
        "SELECT m.request_id, m.category, m.priority, m.issue, m.status, m.submitted_at, m.entry_permission, "
        "m.visit_start, m.technician_id, t.full_name AS technician_name, m.completed_at, m.cancel_reason "
        "FROM maintenance_requests m LEFT JOIN technicians t ON t.technician_id = m.technician_id "
        "WHERE m.lease_id = ? AND (? IS NULL OR m.status = ?) ORDER BY m.submitted_at DESC LIMIT 20",
        [lease["lease_id"], status, status])
    for r in rows:
        r["description"] = ISSUES[r["issue"]][2]
        if r["status"] in ("submitted", "scheduled"):
            r["schedule_by"] = _deadline(r).isoformat()
    return {"lease_id": lease["lease_id"], "requests": rows}


def _deadline(req: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(req["submitted_at"]) + timedelta(hours=DEADLINE_HOURS[req["priority"]])


def _open_request(db: Database, request_id: str, action: str) -> dict[str, Any]:
    req = _one(db, "SELECT * FROM maintenance_requests WHERE request_id = ?", request_id, "request", "MR-5107")
    if req["status"] not in ("submitted", "scheduled"):
        raise ToolError(f"request {req['request_id']} is {req['status']}; only submitted or scheduled requests "
                        f"can be {action}")
    return req


def _technician_day(db: Database, tech: dict[str, Any], day: date, request_id: str) -> dict[str, Any]:
    taken = db.query("SELECT strftime(visit_start, '%H:%M') AS start FROM maintenance_requests "
                     "WHERE technician_id = ? AND CAST(visit_start AS DATE) = ? AND status <> 'cancelled' "
                     "AND request_id <> ?", [tech["technician_id"], day, request_id])
    return {"booked": len(taken), "taken": {t["start"] for t in taken}}


@tool
def find_available_technicians(db: Database, request_id: str, visit_date: str) -> dict:
    """List the technicians of a request's trade with their free visit windows on a day, and the scheduling deadline.

    Args:
        request_id: The open maintenance request, e.g. "MR-5107" (from list_maintenance_requests).
        visit_date: The day to look at, e.g. "2026-04-09" (Monday to Saturday).

    Returns:
        The request's category, priority and deadline, and per technician their visits that day, daily capacity
        and free windows (only windows in the future and before the deadline).
    """
    req = _open_request(db, request_id, "scheduled")
    day = _date(visit_date, "visit_date")
    if day < _today(db):
        raise ToolError(f"{day.isoformat()} is in the past")
    if day.weekday() == 6:
        raise ToolError("technicians do not make visits on Sundays")
    deadline = _deadline(req)
    techs = db.query("SELECT technician_id, full_name, daily_capacity FROM technicians WHERE trade = ? "
                     "ORDER BY technician_id", [req["category"]])
    out = []
    for t in techs:
        used = _technician_day(db, t, day, req["request_id"])
        free = [w for w, start in WINDOWS.items() if start not in used["taken"]
                and _now(db) < _at(day, start) <= deadline] if used["booked"] < t["daily_capacity"] else []
        out.append({"technician_id": t["technician_id"], "full_name": t["full_name"], "visits_booked": used["booked"],
                    "daily_capacity": t["daily_capacity"], "free_windows": free})
    return {"request_id": req["request_id"], "category": req["category"], "priority": req["priority"],
            "schedule_by": deadline.isoformat(), "visit_date": day.isoformat(), "technicians": out}


@tool
def list_building_amenities(db: Database, building_id: str) -> list:
    """List a building's bookable amenities (party room, guest suite) with capacity, fee and limits.

    Args:
        building_id: The building's id, e.g. "BLD-2" (from the household lookup or get_lease_details).

    Returns:
        Each amenity's id, kind, name, guest capacity, fee (per booking or per night) and monthly limit.
    """
    b = _one(db, "SELECT building_id FROM buildings WHERE building_id = ?", building_id, "building", "BLD-2")
    return db.query("SELECT amenity_id, kind, name, max_guests, fee, monthly_limit, max_nights FROM amenities "
                    "WHERE building_id = ? ORDER BY amenity_id", [b["building_id"]])


def _amenity(db: Database, amenity_id: str) -> dict[str, Any]:
    return _one(db, "SELECT * FROM amenities WHERE amenity_id = ?", amenity_id, "amenity", "AM-21")


def _taken_nights(db: Database, amenity_id: str, first: date, last: date) -> list[str]:
    rows = db.query("SELECT start_date, end_date FROM amenity_bookings WHERE amenity_id = ? AND status <> 'cancelled' "
                    "AND start_date <= ? AND end_date > ?", [amenity_id, last, first])
    nights = set()
    for r in rows:
        d = date.fromisoformat(r["start_date"])
        while d < date.fromisoformat(r["end_date"]):
            if first <= d <= last:
                nights.add(d.isoformat())
            d += timedelta(days=1)
    return sorted(nights)


def _taken_blocks(db: Database, amenity_id: str, day: date) -> list[str]:
    rows = db.query("SELECT time_block FROM amenity_bookings WHERE amenity_id = ? AND start_date = ? "
                    "AND status <> 'cancelled' ORDER BY time_block", [amenity_id, day])
    return [r["time_block"] for r in rows]


@tool
def check_amenity_availability(db: Database, amenity_id: str, start_date: str, nights: int = 1) -> dict:
    """Check whether an amenity is free: the party room's time blocks on a date, or the guest suite's nights.

    Args:
        amenity_id: The amenity, e.g. "AM-21" (from list_building_amenities).
        start_date: The event date or guest-suite arrival date, e.g. "2026-04-18".
        nights: Guest suite only: number of nights from the arrival date (default 1).

    Returns:
        Party room: the free and booked time blocks. Guest suite: the booked nights and whether the stay is free.
        Both with the fee.
    """
    am = _amenity(db, amenity_id)
    day = _date(start_date, "start_date")
    if am["kind"] == "party_room":
        booked = _taken_blocks(db, am["amenity_id"], day)
        return {"amenity_id": am["amenity_id"], "name": am["name"], "date": day.isoformat(),
                "free_blocks": [b for b in BLOCKS if b not in booked], "booked_blocks": booked, "fee": am["fee"]}
    if not 1 <= nights <= 14:
        raise ToolError(f"nights must be between 1 and 14, got {nights}")
    taken = _taken_nights(db, am["amenity_id"], day, day + timedelta(days=nights - 1))
    return {"amenity_id": am["amenity_id"], "name": am["name"], "arrival_date": day.isoformat(),
            "departure_date": (day + timedelta(days=nights)).isoformat(), "available": not taken,
            "booked_nights": taken, "fee": _money(am["fee"] * nights)}


@tool
def list_amenity_bookings(db: Database, lease_id: str) -> dict:
    """List a household's amenity bookings, most recent first.

    Args:
        lease_id: The lease's id, e.g. "L-40127".

    Returns:
        Up to 20 bookings with amenity, dates, time block, guests, fee, status and refund.
    """
    lease = _lease(db, lease_id)
    rows = db.query(
        "SELECT k.booking_id, k.amenity_id, a.name AS amenity_name, k.start_date, k.end_date, k.time_block, k.guests, "
        "k.fee, k.status, k.booked_on, k.cancelled_on, k.refund FROM amenity_bookings k "
        "JOIN amenities a ON a.amenity_id = k.amenity_id WHERE k.lease_id = ? ORDER BY k.start_date DESC, "
        "k.booking_id LIMIT 20", [lease["lease_id"]])
    return {"lease_id": lease["lease_id"], "bookings": rows}


@tool
def get_deposit_settlement(db: Database, lease_id: str) -> dict:
    """Get a lease's security deposit: the amount owed, move-out inspection and damage, and the refund it gives.

    Args:
        lease_id: The lease's id, e.g. "L-40127".

    Returns:
        Deposit, its status, amount owed (late fees due included), inspection status and damage charges, and
        the refund (deposit minus amount owed minus damage, not below zero) with any amount still owed after it.
    """
    lease = _lease(db, lease_id)
    acct = _account(db, lease["lease_id"])
    insp = db.query_one("SELECT inspection_id, scheduled_for, status, damage_charges, notes FROM "
                        "move_out_inspections WHERE lease_id = ?", [lease["lease_id"]])
    out: dict[str, Any] = {"lease_id": lease["lease_id"], "lease_status": lease["status"],
                           "security_deposit": lease["security_deposit"], "deposit_status": lease["deposit_status"],
                           "amount_owed": acct["amount_due"], "inspection": insp}
    if lease["deposit_status"] == "refunded":
        out.update(deposit_refund=lease["deposit_refund"], refunded_on=lease["deposit_refunded_on"])
        return out
    damage = (insp or {}).get("damage_charges") or 0.0
    _, refund, still_owed = _settle(lease["security_deposit"], acct["amount_due"], damage)
    out.update(damage_charges=damage, refund=refund, still_owed=still_owed)
    return out


def _settle(deposit: float, owed: float, damage: float) -> tuple[float, float, float]:
    """(deposit applied to the balance, refund, amount still owed after it)."""
    applied = min(deposit, max(_money(owed + damage), 0.0))
    return applied, _money(deposit - applied), max(_money(owed + damage - deposit), 0.0)


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def record_rent_payment(db: Database, lease_id: str, amount: float,
                        method: Literal["ach", "check", "money_order", "debit_card"]) -> dict:
    """Take a payment on a lease's ledger; late fees now due are posted first and count in the amount due.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        amount: Dollars paid, more than 0 and at most the amount due (see get_rent_ledger).
        method: How the resident pays.

    Returns:
        The payment entry id, the late fees posted, the amount paid and the new balance.
    """
    lease = _lease(db, lease_id)
    amount = _money(amount)
    due = _account(db, lease["lease_id"])["amount_due"]
    if amount <= 0:
        raise ToolError(f"the payment amount must be more than 0, got {amount:.2f}")
    if amount > due + 1e-9:
        raise ToolError(f"the payment of {amount:.2f} is more than the amount due ({due:.2f}); "
                        "payments cannot exceed the amount due")
    fees = _post_late_fees(db, lease["lease_id"])
    entry_id = _post(db, lease["lease_id"], "payment", -amount, f"Payment by {method.replace('_', ' ')}",
                     method=method)
    return {"entry_id": entry_id, "lease_id": lease["lease_id"], "late_fees_posted": fees, "amount_paid": amount,
            "new_balance": _account(db, lease["lease_id"])["balance"]}


@tool(writes=True)
def waive_late_fee(db: Database, entry_id: str) -> dict:
    """Waive a posted late fee as a courtesy: once per lease in 12 months, within 60 days of the fee.

    Args:
        entry_id: The late fee's ledger entry, e.g. "LE-000412" (from get_rent_ledger).

    Returns:
        The waived fee, the credit entry id and the new balance.
    """
    fee = _one(db, "SELECT * FROM ledger_entries WHERE entry_id = ?", entry_id, "ledger entry", "LE-000412")
    if fee["kind"] != "late_fee":
        raise ToolError(f"entry {fee['entry_id']} is not a late fee ({fee['kind']}); only late fees can be waived")
    today = _today(db)
    if db.scalar("SELECT count(*) FROM ledger_entries WHERE kind = 'late_fee_waiver' AND reference = ?",
                 [fee["entry_id"]]):
        raise ToolError(f"the late fee {fee['entry_id']} was already waived")
    posted = date.fromisoformat(fee["posted_on"])
    if (today - posted).days > WAIVER_WINDOW_DAYS:
        raise ToolError(f"the late fee was posted on {fee['posted_on']}; fees can only be waived within "
                        f"{WAIVER_WINDOW_DAYS} days")
    last = db.scalar("SELECT max(posted_on) FROM ledger_entries WHERE lease_id = ? AND kind = 'late_fee_waiver'",
                     [fee["lease_id"]])
    if last and (today - date.fromisoformat(last)).days < 365:
        raise ToolError(f"lease {fee['lease_id']} already had a late fee waived on {last}; only one waiver is "
                        "allowed in 12 months")
    credit = _post(db, fee["lease_id"], "late_fee_waiver", -fee["amount"],
                   f"Courtesy waiver of late fee for {fee['period']}", reference=fee["entry_id"])
    return {"waived_entry_id": fee["entry_id"], "credit_entry_id": credit, "amount": fee["amount"],
            "new_balance": _account(db, fee["lease_id"])["balance"]}


@tool(writes=True)
def submit_maintenance_request(db: Database, lease_id: str, issue: Issue, entry_permission: bool = True) -> dict:
    """File a maintenance request for a household's unit; the issue code sets its trade and priority.

    Emergency issues: ceiling_leak, burst_pipe, sewage_backup, sparking_outlet, power_outage, no_heat, broken_lock.
    Urgent: no_hot_water, toilet_overflowing, dead_outlets, heat_blowing_cold, thermostat_dead, fridge_not_cooling,
    oven_not_heating, door_off_track. Every other issue is routine. One open request per unit and trade.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        issue: The code that best matches the resident's problem.
        entry_permission: Whether the technician may enter when nobody is home (default true).

    Returns:
        The new request id, its category, priority and the deadline by which it must be visited.
    """
    lease = _lease(db, lease_id)
    _require_live(lease, "filing maintenance requests")
    category, priority, description = ISSUES[issue]
    dup = db.query_one("SELECT request_id, status FROM maintenance_requests WHERE unit_id = ? AND category = ? "
                       "AND status IN ('submitted', 'scheduled', 'in_progress')", [lease["unit_id"], category])
    if dup:
        raise ToolError(f"unit {lease['unit_number']} already has an open {category} request ({dup['request_id']}, "
                        f"{dup['status']}); use that one instead of filing another")
    request_id = _IDS.next(db, "MR-")
    db.execute("INSERT INTO maintenance_requests VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?, ?, NULL, NULL, NULL, "
               "NULL, NULL)", [request_id, lease["lease_id"], lease["unit_id"], category, priority, issue,
                               _now(db), entry_permission])
    deadline = _now(db) + timedelta(hours=DEADLINE_HOURS[priority])
    return {"request_id": request_id, "status": "submitted", "issue": issue, "description": description,
            "category": category, "priority": priority, "schedule_by": deadline.isoformat()}


@tool(writes=True)
def schedule_maintenance_visit(db: Database, request_id: str, technician_id: str, visit_date: str,
                               window: Window) -> dict:
    """Schedule (or reschedule) a technician's visit for an open request.

    The technician must work the request's trade, be free in the window and under their daily capacity; the
    visit must start before the request's deadline (emergency 24 h, urgent 72 h, routine 14 days after filing).

    Args:
        request_id: The request, e.g. "MR-5107" (from list_maintenance_requests).
        technician_id: The technician, e.g. "T-04" (from find_available_technicians).
        visit_date: The visit day, e.g. "2026-04-09" (Monday to Saturday).
        window: The two-hour visit window.

    Returns:
        The request id, its status, the technician and the visit start.
    """
    req = _open_request(db, request_id, "scheduled")
    tech = _one(db, "SELECT * FROM technicians WHERE technician_id = ?", technician_id, "technician", "T-04")
    if tech["trade"] != req["category"]:
        raise ToolError(f"{tech['full_name']} works on {tech['trade']}, but request {req['request_id']} needs a "
                        f"{req['category']} technician")
    day = _date(visit_date, "visit_date")
    start = _at(day, WINDOWS[window])
    if day.weekday() == 6:
        raise ToolError("technicians do not make visits on Sundays")
    if start <= _now(db):
        raise ToolError(f"the {window} window on {day.isoformat()} has already started or passed")
    deadline = _deadline(req)
    if start > deadline:
        raise ToolError(f"{req['priority']} request {req['request_id']} must be visited by {deadline.isoformat()}; "
                        f"the {window} window on {day.isoformat()} is too late")
    used = _technician_day(db, tech, day, req["request_id"])
    if WINDOWS[window] in used["taken"]:
        raise ToolError(f"{tech['full_name']} already has a visit in the {window} window on {day.isoformat()}")
    if used["booked"] >= tech["daily_capacity"]:
        raise ToolError(f"{tech['full_name']} is fully booked on {day.isoformat()} ({tech['daily_capacity']} visits)")
    db.execute("UPDATE maintenance_requests SET status = 'scheduled', technician_id = ?, visit_start = ? "
               "WHERE request_id = ?", [tech["technician_id"], start, req["request_id"]])
    return {"request_id": req["request_id"], "status": "scheduled", "technician": tech["full_name"],
            "visit_start": start.isoformat(), "window": window}


@tool(writes=True)
def cancel_maintenance_request(db: Database, request_id: str,
                               reason: Literal["resolved_by_resident", "duplicate_request",
                                               "no_longer_needed"]) -> dict:
    """Cancel a submitted or scheduled maintenance request (a visit under way or done cannot be cancelled).

    Args:
        request_id: The request, e.g. "MR-5107" (from list_maintenance_requests).
        reason: Why it is cancelled.

    Returns:
        The request id and its new status.
    """
    req = _open_request(db, request_id, "cancelled")
    db.execute("UPDATE maintenance_requests SET status = 'cancelled', cancelled_at = ?, cancel_reason = ? "
               "WHERE request_id = ?", [_now(db), reason, req["request_id"]])
    return {"request_id": req["request_id"], "status": "cancelled", "cancel_reason": reason}


def _check_booking(db: Database, lease: dict[str, Any], am: dict[str, Any], kind: str, first: date, last: date,
                   guests: int) -> None:
    """The rules every amenity booking shares."""
    if am["kind"] != kind:
        raise ToolError(f"{am['name']} is a {am['kind'].replace('_', ' ')}, not a {kind.replace('_', ' ')}")
    _require_live(lease, "booking amenities")
    if am["building_id"] != lease["building_id"]:
        raise ToolError(f"{am['name']} is not in {lease['building_name']}; residents book their own building's "
                        "amenities")
    today = _today(db)
    if not BOOK_MIN_DAYS <= (first - today).days <= BOOK_MAX_DAYS:
        raise ToolError(f"bookings must start {BOOK_MIN_DAYS} to {BOOK_MAX_DAYS} days ahead, between "
                        f"{(today + timedelta(days=BOOK_MIN_DAYS)).isoformat()} and "
                        f"{(today + timedelta(days=BOOK_MAX_DAYS)).isoformat()}")
    if lease["move_out_date"] and last > date.fromisoformat(lease["move_out_date"]):
        raise ToolError(f"the household moves out on {lease['move_out_date']}; bookings must end by then")
    if not 1 <= guests <= am["max_guests"]:
        raise ToolError(f"{am['name']} holds at most {am['max_guests']} guests, got {guests}")
    _require_no_past_due(db, lease["lease_id"], "booking amenities")


def _book(db: Database, lease: dict[str, Any], am: dict[str, Any], first: date, end: date, block: str | None,
          guests: int, fee: float) -> dict[str, Any]:
    booking_id = _IDS.next(db, "BK-")
    db.execute("INSERT INTO amenity_bookings VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'booked', ?, NULL, NULL)",
               [booking_id, am["amenity_id"], lease["lease_id"], first, end, block, guests, fee, _today(db)])
    _post(db, lease["lease_id"], "amenity_fee", fee, f"{am['name']}, {first.isoformat()}", reference=booking_id)
    return {"booking_id": booking_id, "amenity": am["name"], "start_date": first.isoformat(),
            "end_date": end.isoformat(), "guests": guests, "fee": fee, "status": "booked"}


@tool(writes=True)
def reserve_party_room(db: Database, lease_id: str, amenity_id: str, event_date: str,
                       time_block: Literal["afternoon", "evening"], guests: int) -> dict:
    """Book the party room of the household's building for a time block; the fee goes on the rent ledger.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        amenity_id: The party room, e.g. "AM-21" (from list_building_amenities).
        event_date: The event date, e.g. "2026-04-18" (2 to 60 days ahead).
        time_block: afternoon (12:00-16:00) or evening (17:00-22:00).
        guests: Number of guests expected.

    Returns:
        The booking id, date, block, guests and fee.
    """
    lease, am = _lease(db, lease_id), _amenity(db, amenity_id)
    day = _date(event_date, "event_date")
    _check_booking(db, lease, am, "party_room", day, day, guests)
    if time_block in _taken_blocks(db, am["amenity_id"], day):
        raise ToolError(f"{am['name']} is already booked on {day.isoformat()} ({time_block})")
    month = day.strftime("%Y-%m")
    used = db.scalar("SELECT count(*) FROM amenity_bookings WHERE lease_id = ? AND amenity_id = ? "
                     "AND status <> 'cancelled' AND strftime(start_date, '%Y-%m') = ?",
                     [lease["lease_id"], am["amenity_id"], month])
    if used >= am["monthly_limit"]:
        raise ToolError(f"the household already has {used} {am['name']} bookings in {month}; the limit is "
                        f"{am['monthly_limit']} a month")
    out = _book(db, lease, am, day, day, time_block, guests, am["fee"])
    return {**out, "time_block": time_block}


@tool(writes=True)
def reserve_guest_suite(db: Database, lease_id: str, amenity_id: str, arrival_date: str, nights: int,
                        guests: int) -> dict:
    """Book the guest suite of the household's building; the nightly fee goes on the rent ledger.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        amenity_id: The guest suite, e.g. "AM-22" (from list_building_amenities).
        arrival_date: The guests' arrival date, e.g. "2026-04-17" (2 to 60 days ahead).
        nights: Number of nights.
        guests: Number of overnight guests.

    Returns:
        The booking id, arrival and departure dates, guests and fee.
    """
    lease, am = _lease(db, lease_id), _amenity(db, amenity_id)
    day = _date(arrival_date, "arrival_date")
    if not 1 <= nights <= (am["max_nights"] or nights):
        raise ToolError(f"a stay in {am['name']} is 1 to {am['max_nights']} nights, got {nights}")
    end = day + timedelta(days=nights)
    _check_booking(db, lease, am, "guest_suite", day, end, guests)
    taken = _taken_nights(db, am["amenity_id"], day, end - timedelta(days=1))
    if taken:
        raise ToolError(f"{am['name']} is already booked on the night(s) of {', '.join(taken)}")
    month = day.strftime("%Y-%m")
    used = db.scalar("SELECT coalesce(sum(date_diff('day', start_date, end_date)), 0) FROM amenity_bookings "
                     "WHERE lease_id = ? AND amenity_id = ? AND status <> 'cancelled' "
                     "AND strftime(start_date, '%Y-%m') = ?", [lease["lease_id"], am["amenity_id"], month])
    if used + nights > am["monthly_limit"]:
        raise ToolError(f"the household has {used} guest-suite nights arriving in {month}; {nights} more would pass "
                        f"the limit of {am['monthly_limit']} nights a month")
    return _book(db, lease, am, day, end, None, guests, _money(am["fee"] * nights))


@tool(writes=True)
def cancel_amenity_booking(db: Database, booking_id: str, accept_forfeit: bool = False) -> dict:
    """Cancel an upcoming amenity booking: the fee is refunded until 72 hours before the start, forfeited after.

    Args:
        booking_id: The booking, e.g. "BK-7034" (from list_amenity_bookings).
        accept_forfeit: Set true only after the resident agreed to cancel without a refund (inside 72 hours).

    Returns:
        The booking id, its new status and the refund.
    """
    bk = _one(db, "SELECT k.*, a.kind, a.name FROM amenity_bookings k JOIN amenities a "
                  "ON a.amenity_id = k.amenity_id WHERE k.booking_id = ?", booking_id, "booking", "BK-7034")
    if bk["status"] != "booked":
        raise ToolError(f"booking {bk['booking_id']} is {bk['status']}; only upcoming bookings can be cancelled")
    start = _at(date.fromisoformat(bk["start_date"]),
                BLOCKS[bk["time_block"]] if bk["kind"] == "party_room" else SUITE_CHECK_IN)
    if start <= _now(db):
        raise ToolError(f"booking {bk['booking_id']} began at {start.isoformat()}; it can no longer be cancelled")
    late = start - _now(db) < timedelta(hours=FREE_CANCEL_HOURS)
    if late and not accept_forfeit:
        raise ToolError(f"booking {bk['booking_id']} starts {start.isoformat()}, less than {FREE_CANCEL_HOURS} hours "
                        f"away: the {bk['fee']:.2f} fee would not be refunded; cancel only if the resident agrees "
                        "(accept_forfeit)")
    refund = 0.0 if late else bk["fee"]
    db.execute("UPDATE amenity_bookings SET status = 'cancelled', cancelled_on = ?, refund = ? WHERE booking_id = ?",
               [_today(db), refund, bk["booking_id"]])
    if refund:
        _post(db, bk["lease_id"], "amenity_refund", -refund, f"Refund: {bk['name']}, {bk['start_date']}",
              reference=bk["booking_id"])
    return {"booking_id": bk["booking_id"], "status": "cancelled", "refund": refund}


@tool(writes=True)
def issue_parking_permit(db: Database, lease_id: str, license_plate: str) -> dict:
    """Issue a garage parking permit for a vehicle's plate; this month's fee is prorated from today and posted.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        license_plate: The vehicle's plate, e.g. "BXR4821" (spaces and dashes are dropped).

    Returns:
        The permit id, plate, monthly fee and the prorated fee charged now.
    """
    lease = _lease(db, lease_id)
    _require_live(lease, "parking")
    plate = "".join(license_plate.split()).replace("-", "").upper()
    if not (2 <= len(plate) <= 8 and plate.isalnum()):
        raise ToolError(f"a license plate has 2 to 8 letters or digits, got {license_plate!r}")
    b = db.query_one("SELECT * FROM buildings WHERE building_id = ?", [lease["building_id"]])
    if not b["parking_spaces"]:
        raise ToolError(f"{b['building_name']} has no resident garage; no parking permits are issued there")
    active = "SELECT count(*) FROM parking_permits WHERE status = 'active' AND "
    if db.scalar(active + "building_id = ?", [b["building_id"]]) >= b["parking_spaces"]:
        raise ToolError(f"the {b['building_name']} garage is full ({b['parking_spaces']} permits issued)")
    if db.scalar(active + "lease_id = ?", [lease["lease_id"]]) >= MAX_PERMITS:
        raise ToolError(f"the household already has {MAX_PERMITS} active permits, the most allowed")
    if db.scalar(active + "license_plate = ?", [plate]):
        raise ToolError(f"plate {plate} already has an active permit")
    today = _today(db)
    days = monthrange(today.year, today.month)[1]
    prorated = _money(b["parking_fee"] * (days - today.day + 1) / days)
    permit_id = _IDS.next(db, "PP-")
    db.execute("INSERT INTO parking_permits VALUES (?, ?, ?, ?, 'active', ?, NULL)",
               [permit_id, lease["lease_id"], b["building_id"], plate, today])
    period = today.strftime("%Y-%m")
    _post(db, lease["lease_id"], "parking_fee", prorated, f"Parking permit {plate}, {period} (prorated)",
          period=period, reference=permit_id)
    return {"permit_id": permit_id, "license_plate": plate, "status": "active", "monthly_fee": b["parking_fee"],
            "prorated_fee": prorated}


@tool(writes=True)
def cancel_parking_permit(db: Database, permit_id: str) -> dict:
    """Cancel an active parking permit (this month's fee is not refunded).

    Args:
        permit_id: The permit, e.g. "PP-0412" (from get_lease_details).

    Returns:
        The permit id, plate and new status.
    """
    p = _one(db, "SELECT * FROM parking_permits WHERE permit_id = ?", permit_id, "permit", "PP-0412")
    if p["status"] != "active":
        raise ToolError(f"permit {p['permit_id']} is already {p['status']}")
    db.execute("UPDATE parking_permits SET status = 'cancelled', cancelled_on = ? WHERE permit_id = ?",
               [_today(db), p["permit_id"]])
    return {"permit_id": p["permit_id"], "license_plate": p["license_plate"], "status": "cancelled"}


@tool(writes=True)
def accept_lease_renewal(db: Database, offer_id: str) -> dict:
    """Accept a renewal offer: the lease is extended by the offer's term at the offer's rent.

    Args:
        offer_id: The renewal offer, e.g. "RO-811" (from get_lease_details).

    Returns:
        The lease id, the new end date, the new rent and the date it starts.
    """
    offer = _one(db, "SELECT * FROM renewal_offers WHERE offer_id = ?", offer_id, "renewal offer", "RO-811")
    lease = _lease(db, offer["lease_id"])
    if lease["status"] != "active":
        raise ToolError(f"lease {lease['lease_id']} is {lease['status']}; only active leases without a notice to "
                        "vacate can be renewed")
    if offer["status"] != "offered":
        raise ToolError(f"offer {offer['offer_id']} is {offer['status']}")
    if offer["expires_on"] < _today(db).isoformat():
        raise ToolError(f"offer {offer['offer_id']} expired on {offer['expires_on']}")
    _require_no_past_due(db, lease["lease_id"], "renewing")
    end = date.fromisoformat(lease["end_date"])
    starts = end + timedelta(days=1)
    year, month = divmod(starts.month - 1 + offer["term_months"], 12)
    new_end = date(starts.year + year, month + 1, 1) - timedelta(days=1)
    db.execute("UPDATE renewal_offers SET status = CASE WHEN offer_id = ? THEN 'accepted' ELSE 'declined' END "
               "WHERE lease_id = ? AND status = 'offered'", [offer["offer_id"], lease["lease_id"]])
    db.execute("UPDATE leases SET end_date = ?, next_rent = ?, next_rent_from = ? WHERE lease_id = ?",
               [new_end, offer["monthly_rent"], starts, lease["lease_id"]])
    return {"lease_id": lease["lease_id"], "offer_id": offer["offer_id"], "term_months": offer["term_months"],
            "new_end_date": new_end.isoformat(), "new_rent": offer["monthly_rent"], "new_rent_from": starts.isoformat()}


@tool(writes=True)
def give_notice_to_vacate(db: Database, lease_id: str, move_out_date: str,
                          reason: Literal["buying_home", "job_relocation", "more_space", "closer_to_family",
                                          "rent_too_high"], accept_fees: bool = False) -> dict:
    """Record a household's notice to vacate and schedule the move-out inspection.

    Notice less than 60 days before the lease end date costs one month's rent; moving out before the lease end
    date costs two months' rent. Fees are posted only when accept_fees is true.

    Args:
        lease_id: The lease's id, e.g. "L-40127".
        move_out_date: The last day in the unit, e.g. "2026-06-30" (after today, no later than the lease end).
        reason: Why the household leaves.
        accept_fees: Set true only after the resident agreed to the fees that apply.

    Returns:
        The lease id, its new status, the move-out date and the fees posted.
    """
    lease = _lease(db, lease_id)
    if lease["status"] != "active":
        raise ToolError(f"lease {lease['lease_id']} is {lease['status']}"
                        + (f" (notice given on {lease['notice_date']})" if lease["notice_date"] else ""))
    today = _today(db)
    move_out, end = _date(move_out_date, "move_out_date"), date.fromisoformat(lease["end_date"])
    if not today < move_out <= end:
        raise ToolError(f"the move-out date must be after today and no later than the lease end date "
                        f"{end.isoformat()}")
    fees = []
    if (end - today).days < NOTICE_DAYS:
        fees.append(("short_notice_fee", lease["monthly_rent"], "Short-notice fee (less than 60 days before lease end)"))
    if move_out < end:
        fees.append(("early_termination_fee", _money(2 * lease["monthly_rent"]),
                     "Early-termination fee (two months' rent)"))
    if fees and not accept_fees:
        listed = " and ".join(f"a {k.replace('_', ' ')} of {a:.2f}" for k, a, _ in fees)
        raise ToolError(f"this notice carries {listed} (total {sum(a for _, a, _ in fees):.2f}); record it only "
                        "after the resident agrees (accept_fees)")
    for kind, amount, memo in fees:
        _post(db, lease["lease_id"], kind, amount, memo)
    db.execute("UPDATE leases SET status = 'notice_given', notice_date = ?, move_out_date = ?, notice_reason = ? "
               "WHERE lease_id = ?", [today, move_out, reason, lease["lease_id"]])
    db.execute("UPDATE renewal_offers SET status = 'declined' WHERE lease_id = ? AND status = 'offered'",
               [lease["lease_id"]])
    last = db.scalar("SELECT max(CAST(substr(inspection_id, 4) AS INTEGER)) FROM move_out_inspections") or 0
    db.execute("INSERT INTO move_out_inspections VALUES (?, ?, ?, 'scheduled', NULL, NULL)",
               [f"MI-{last + 1}", lease["lease_id"], move_out])
    return {"lease_id": lease["lease_id"], "status": "notice_given", "move_out_date": move_out.isoformat(),
            "fees": [{"kind": k, "amount": a} for k, a, _ in fees], "inspection_date": move_out.isoformat()}


@tool(writes=True)
def refund_security_deposit(db: Database, lease_id: str) -> dict:
    """Settle an ended lease's security deposit after the move-out inspection.

    Late fees due and inspection damage are posted, the deposit is applied to what is owed, and the rest is
    refunded: refund = deposit - amount owed - damage charges, never below zero.

    Args:
        lease_id: The ended lease's id, e.g. "L-40127".

    Returns:
        The deposit, amount owed, damage charges, refund and any amount still owed.
    """
    lease = _lease(db, lease_id)
    if lease["status"] != "ended":
        raise ToolError(f"lease {lease['lease_id']} is {lease['status']}; deposits are settled after the lease ends")
    if lease["deposit_status"] != "held":
        raise ToolError(f"the deposit of lease {lease['lease_id']} was already refunded on "
                        f"{lease['deposit_refunded_on']} ({lease['deposit_refund']:.2f})")
    insp = db.query_one("SELECT * FROM move_out_inspections WHERE lease_id = ?", [lease["lease_id"]])
    if insp is None or insp["status"] != "completed":
        when = f" (scheduled for {insp['scheduled_for']})" if insp else ""
        raise ToolError(f"the move-out inspection is not completed{when}; the deposit is settled after it")
    _post_late_fees(db, lease["lease_id"])
    owed = _account(db, lease["lease_id"])["balance"]
    damage = insp["damage_charges"] or 0.0
    if damage:
        _post(db, lease["lease_id"], "damage_charge", damage, f"Move-out damage: {insp['notes']}")
    applied, refund, still_owed = _settle(lease["security_deposit"], owed, damage)
    if applied:
        _post(db, lease["lease_id"], "deposit_applied", -applied, "Security deposit applied to the balance")
    db.execute("UPDATE leases SET deposit_status = 'refunded', deposit_refund = ?, deposit_refunded_on = ? "
               "WHERE lease_id = ?", [refund, _today(db), lease["lease_id"]])
    return {"lease_id": lease["lease_id"], "security_deposit": lease["security_deposit"],
            "amount_owed": max(owed, 0.0), "damage_charges": damage, "refund": refund,
            "still_owed": still_owed}
