"""Tools of the shipping environment: the customer desk of Larkspur Parcel, a regional parcel carrier.

Reads look up shippers, shipments with their parcels, tracking events and delivery attempts, rate quotes, depots,
pickup capacity, pickups and invoices. Writes create shipments, schedule and cancel pickups, correct delivery
addresses, hold or redirect shipments to a depot, and file claims, each under the carrier's rules (service area,
parcel limits, cut-off times, pickup windows and depot capacity, fees, the 30-day claim window).
"""

from __future__ import annotations

import math
from datetime import date, time, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import parse_date as _parse_date

ADDRESS_CORRECTION_FEE = 12.50
REDIRECT_FEE = 9.75
CLAIM_WINDOW_DAYS = 30
PICKUP_MAX_LEAD_DAYS = 14
MAX_PARCELS_PER_PICKUP = 50
MAX_WEIGHT_LB = 70.0
MAX_SIDE_IN = 48
MAX_DECLARED_VALUE = 5000.00
DIM_DIVISOR = 139
BEFORE_OUT_FOR_DELIVERY = ("label_created", "in_transit", "at_depot")
MAX_ROWS = 30
#: Shipments per page of list_shipments: 10 rows stay well under the 4,000 characters a tool result is cut at.
SHIPMENTS_PAGE = 10

ServiceLevel = Literal["ground", "express", "overnight"]
ShipmentStatus = Literal["label_created", "in_transit", "at_depot", "out_for_delivery", "delivered", "held_at_depot",
                         "exception"]

_money = partial(money, half="up")
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "LP": ("shipments", "shipment_id", 8),
    "PC-": ("parcels", "parcel_id", 6),
    "TE-": ("tracking_events", "event_id", 7),
    "PU-": ("pickups", "pickup_id", 4),
    "CL-": ("claims", "claim_id", 4),
    "CH-": ("charges", "charge_id", 6),
})

_ROWS = {  # what: (SQL of one row by id, what the id looks like)
    "shipper": ("SELECT * FROM shippers WHERE shipper_id = ?", "SH-1042"),
    "shipment": ("SELECT * FROM shipments WHERE shipment_id = ?", "LP40010123"),
    "depot": ("SELECT * FROM depots WHERE depot_id = ?", "DEP-SEA"),
    "pickup": ("SELECT * FROM pickups WHERE pickup_id = ?", "PU-3012"),
}


def _row(db: Database, what: str, row_id: str) -> dict[str, Any]:
    sql, example = _ROWS[what]
    row = db.query_one(sql, [row_id.strip().upper()])
    if row is None:
        raise ToolError(f"no {what} with id {row_id!r} ({what} ids look like {example!r})")
    return row


def _add_business_days(day: date, n: int) -> date:
    while n > 0:
        day += timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


def _name(s: dict[str, Any]) -> str:
    return s["company_name"] or f"{s['first_name']} {s['last_name']}"


def _charge(db: Database, shipment: dict[str, Any], kind: str, amount: float) -> str:
    charge_id = _IDS.next(db, "CH-")
    db.execute("INSERT INTO charges VALUES (?, ?, ?, ?, ?, ?, NULL)",
               [charge_id, shipment["shipper_id"], shipment["shipment_id"], kind, amount, db.now])
    return charge_id


def _event(db: Database, shipment_id: str, kind: str, location: str, note: str | None = None) -> None:
    db.execute("INSERT INTO tracking_events VALUES (?, ?, ?, ?, ?, ?)",
               [_IDS.next(db, "TE-"), shipment_id, db.now, kind, location, note])


def _area(db: Database, zip_code: str, city: str | None = None, state: str | None = None) -> dict[str, Any]:
    """The service area of a ZIP code (refused outside the service area or when city/state disagree)."""
    area = db.query_one("SELECT * FROM service_areas WHERE zip_code = ?", [zip_code.strip()])
    if area is None:
        raise ToolError(f"ZIP code {zip_code!r} is outside Larkspur Parcel's service area (Washington, Oregon and "
                        "southern Idaho ZIP codes listed by the carrier); it cannot be delivered to")
    if city is not None and (city.strip().lower() != area["city"].lower()
                             or (state or "").strip().upper() != area["state"]):
        raise ToolError(f"ZIP code {area['zip_code']} belongs to {area['city']}, {area['state']}, not "
                        f"{city.strip()}, {(state or '').strip().upper()}; check the address with the customer")
    return area


def _require_active(shipper: dict[str, Any]) -> None:
    if shipper["status"] == "credit_hold":
        raise ToolError(f"account {shipper['shipper_id']} ({_name(shipper)}) is on credit hold for an overdue "
                        "invoice; no new shipments or pickups until it is paid")


def _require_before_out_for_delivery(shipment: dict[str, Any], action: str) -> None:
    if shipment["status"] not in BEFORE_OUT_FOR_DELIVERY:
        where = f" at {shipment['hold_depot_id']}" if shipment["status"] == "held_at_depot" else ""
        raise ToolError(f"shipment {shipment['shipment_id']} is {shipment['status']}{where}; {action} is only "
                        "possible before it is out for delivery (label_created, in_transit or at_depot)")


def _ship_dates(db: Database, level: str) -> tuple[date, date]:
    """Ship date and expected delivery of a label created now: the cut-off and transit days of the level."""
    svc = db.query_one("SELECT * FROM service_levels WHERE level_code = ?", [level])
    now = _now(db)
    ship = now.date()
    if ship.weekday() >= 5 or now.time() >= time.fromisoformat(svc["cutoff_time"]):
        ship = _add_business_days(ship, 1)
    return ship, _add_business_days(ship, svc["transit_days"])


def _quote(db: Database, shipper: dict[str, Any], level: str, recipient_zip: str, weight_lb: float,
           length_in: int, width_in: int, height_in: int) -> dict[str, Any]:
    if weight_lb <= 0 or min(length_in, width_in, height_in) <= 0:
        raise ToolError("weight and dimensions must be more than 0")
    if weight_lb > MAX_WEIGHT_LB or max(length_in, width_in, height_in) > MAX_SIDE_IN:
        raise ToolError(f"a parcel may weigh at most {MAX_WEIGHT_LB:.0f} lb with no side over {MAX_SIDE_IN} in; "
                        f"this one is {weight_lb} lb, {length_in}x{width_in}x{height_in} in")
    area = _area(db, recipient_zip)
    zone = db.scalar("SELECT zone FROM zone_chart WHERE origin_depot_id = ? AND dest_depot_id = ?",
                     [shipper["home_depot_id"], area["depot_id"]])
    rate = db.query_one("SELECT * FROM rate_cards WHERE service_level = ? AND zone = ?", [level, zone])
    dim = round(length_in * width_in * height_in / DIM_DIVISOR, 1)
    billable = math.ceil(max(weight_lb, length_in * width_in * height_in / DIM_DIVISOR) - 1e-9)
    listed = _money(rate["base_charge"] + rate["per_lb"] * billable)
    ship, expected = _ship_dates(db, level)
    return {"service_level": level, "zone": zone, "delivering_depot": area["depot_id"], "dimensional_weight": dim,
            "billable_weight": billable, "list_charge": listed, "discount_pct": shipper["discount_pct"],
            "charge": _money(listed * (100 - shipper["discount_pct"]) / 100), "ship_date": ship.isoformat(),
            "expected_delivery": expected.isoformat()}


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_shipper_by_email(db: Database, email: str) -> dict:
    """Identify a shipper's account from the email address on file.

    Args:
        email: The account holder's email address, e.g. "dana.holt@example.net".

    Returns:
        The shipper id, account type, contact name and company name.
    """
    row = db.query_one("SELECT shipper_id, account_type, first_name, last_name, company_name FROM shippers "
                       "WHERE lower(email) = lower(?)", [email.strip()])
    if row is None:
        raise ToolError(f"no shipper account with email {email!r}")
    return row


@tool
def get_shipper_account(db: Database, shipper_id: str) -> dict:
    """Get a shipper's account: contact, pickup address, home depot, contract discount, status and balance.

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".

    Returns:
        The account, its home depot (depot_id, name), the open invoice balance and the unbilled charges.
    """
    s = _row(db, "shipper", shipper_id)
    depot = _row(db, "depot", s["home_depot_id"])
    owed = db.scalar("SELECT coalesce(sum(amount_due - amount_paid), 0) FROM invoices WHERE shipper_id = ? "
                     "AND status <> 'paid'", [s["shipper_id"]])
    unbilled = db.scalar("SELECT coalesce(sum(amount), 0) FROM charges WHERE shipper_id = ? AND invoice_id IS NULL",
                         [s["shipper_id"]])
    return {"shipper_id": s["shipper_id"], "account_type": s["account_type"], "company_name": s["company_name"],
            "contact_name": f"{s['first_name']} {s['last_name']}", "email": s["email"], "phone": s["phone"],
            "pickup_address": f"{s['line1']}, {s['city']}, {s['state']} {s['zip_code']}", "status": s["status"],
            "discount_pct": s["discount_pct"], "opened_on": s["opened_on"], "depot_id": depot["depot_id"],
            "depot_name": depot["name"], "open_invoice_balance": _money(owed), "unbilled_charges": _money(unbilled)}


@tool
def list_shipments(db: Database, shipper_id: str, status: ShipmentStatus | None = None,
                   recipient: str | None = None, offset: int = 0) -> dict:
    """List a shipper's shipments, most recent first, 10 per page (next_offset gives the next page).

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".
        status: Only shipments in this status; omit for all.
        recipient: Only shipments whose recipient name or destination city contains this text, e.g. "Webb" or
            "Portland"; omit for all.
        offset: How many matching shipments to skip, for the next page (the next_offset of the previous one).

    Returns:
        The shipments (tracking number as shipment_id, recipient, destination city, service level, status, ship
        date, expected delivery, declared value, charge), how many matched in all, and next_offset (null on the
        last page).
    """
    s = _row(db, "shipper", shipper_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    text = (recipient or "").strip().lower() or None
    where = ("WHERE shipper_id = ? AND (? IS NULL OR status = ?) AND (? IS NULL OR contains(lower(recipient_name), ?) "
             "OR contains(lower(recipient_city), ?))")
    params = [s["shipper_id"], status, status, text, text, text]
    total = db.scalar(f"SELECT count(*) FROM shipments {where}", params)
    rows = db.query("SELECT shipment_id, recipient_name, recipient_city, service_level, status, ship_date, "
                    f"expected_delivery, delivered_at, declared_value, shipping_charge FROM shipments {where} "
                    f"ORDER BY created_at DESC, shipment_id DESC LIMIT {SHIPMENTS_PAGE} OFFSET {int(offset)}", params)
    nxt = offset + len(rows)
    return {"shipper_id": s["shipper_id"], "shipments": rows, "total": total,
            "next_offset": nxt if nxt < total else None}


@tool
def get_shipment_details(db: Database, shipment_id: str) -> dict:
    """Get one shipment with its parcels, tracking events, delivery attempts, charges and any claim.

    Args:
        shipment_id: The tracking number, e.g. "LP40010123".

    Returns:
        The shipment's fields, its parcels (weights, dimensions, billable weight), tracking events (oldest first),
        failed delivery attempts, charges, its claim (or null) and the last day a claim can be filed.
    """
    sh = _row(db, "shipment", shipment_id)
    sid = sh["shipment_id"]
    parcels = db.query("SELECT parcel_id, weight_lb, length_in, width_in, height_in, billable_weight, contents "
                       "FROM parcels WHERE shipment_id = ? ORDER BY parcel_id", [sid])
    events = db.query("SELECT event_time, event_type, location, note FROM tracking_events WHERE shipment_id = ? "
                      "ORDER BY event_time, event_id", [sid])
    attempts = db.query("SELECT attempted_at, outcome FROM delivery_attempts WHERE shipment_id = ? "
                        "ORDER BY attempted_at", [sid])
    charges = db.query("SELECT charge_id, charge_type, amount, created_at, invoice_id FROM charges "
                       "WHERE shipment_id = ? ORDER BY charge_id", [sid])
    claim = db.query_one("SELECT claim_id, claim_type, amount_claimed, amount_payable, status, filed_at FROM claims "
                         "WHERE shipment_id = ?", [sid])
    deadline = date.fromisoformat(str(sh["ship_date"])[:10]) + timedelta(days=CLAIM_WINDOW_DAYS)
    return {**sh, "parcels": parcels, "tracking_events": events, "delivery_attempts": attempts, "charges": charges,
            "claim": claim, "claim_deadline": deadline.isoformat()}


@tool
def quote_shipping_rate(db: Database, shipper_id: str, service_level: ServiceLevel, recipient_zip: str,
                        weight_lb: float, length_in: int, width_in: int, height_in: int) -> dict:
    """Quote one parcel from the shipper's home depot: zone, billable weight, charge and delivery date.

    Billable weight is the greater of the actual weight and the dimensional weight (length x width x height / 139),
    rounded up to a whole pound; the charge is the rate card's base charge plus its per-pound rate times the
    billable weight, less the shipper's contract discount.

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".
        service_level: ground (3 business days), express (2) or overnight (1).
        recipient_zip: The destination's five-digit ZIP code, e.g. "97214".
        weight_lb: The parcel's actual weight in pounds (at most 70).
        length_in: Its length in inches (no side over 48).
        width_in: Its width in inches.
        height_in: Its height in inches.

    Returns:
        Zone, dimensional and billable weight, list charge, discount, charge, ship date and expected delivery.
    """
    return _quote(db, _row(db, "shipper", shipper_id), service_level, recipient_zip, weight_lb, length_in, width_in,
                  height_in)


@tool
def list_depots(db: Database, state: Literal["WA", "OR", "ID"] | None = None) -> dict:
    """List Larkspur Parcel's depots, where shipments can be held for pickup.

    Args:
        state: Only depots in this state; omit for all.

    Returns:
        The depots (id, name, city, state, ZIP code, daily pickup capacity).
    """
    rows = db.query("SELECT * FROM depots WHERE (? IS NULL OR state = ?) ORDER BY depot_id", [state, state])
    return {"depots": rows}


@tool
def check_pickup_capacity(db: Database, depot_id: str, pickup_date: str) -> dict:
    """How many pickups a depot's drivers can still take on a date.

    Args:
        depot_id: The depot's id, e.g. "DEP-SEA" (a shipper's home depot is in get_shipper_account).
        pickup_date: The date, written YYYY-MM-DD.

    Returns:
        The depot's daily capacity, the pickups booked that day, the places left, and the first weekday from that
        date (and from tomorrow, within 14 days) with a place left.
    """
    depot = _row(db, "depot", depot_id)
    day = _parse_date(pickup_date, "pickup_date")
    capacity = depot["daily_pickup_capacity"]

    def booked_on(d: date) -> int:
        return db.scalar("SELECT count(*) FROM pickups WHERE depot_id = ? AND pickup_date = ? AND status <> "
                         "'cancelled'", [depot["depot_id"], d])

    booked = booked_on(day)
    today = _now(db).date()
    free = next((d for d in (max(day, today + timedelta(days=1)) + timedelta(days=k) for k in range(15))
                 if d.weekday() < 5 and d <= today + timedelta(days=PICKUP_MAX_LEAD_DAYS) and booked_on(d) < capacity),
                None)
    return {"depot_id": depot["depot_id"], "depot_name": depot["name"], "pickup_date": day.isoformat(),
            "weekday": day.strftime("%A"), "daily_capacity": capacity, "booked": booked,
            "remaining": max(capacity - booked, 0), "next_bookable_date": free.isoformat() if free else None}


@tool
def list_pickups(db: Database, shipper_id: str, status: Literal["scheduled", "completed", "cancelled"] | None = None
                 ) -> dict:
    """List a shipper's pickups, latest date first (at most 30).

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".
        status: Only pickups in this status; omit for all.

    Returns:
        The pickups (id, depot, date, time window, parcel count, status).
    """
    s = _row(db, "shipper", shipper_id)
    rows = db.query("SELECT pickup_id, depot_id, pickup_date, time_window, parcel_count, status FROM pickups "
                    "WHERE shipper_id = ? AND (? IS NULL OR status = ?) ORDER BY pickup_date DESC, pickup_id DESC "
                    f"LIMIT {MAX_ROWS}", [s["shipper_id"], status, status])
    return {"shipper_id": s["shipper_id"], "pickups": rows}


@tool
def list_invoices(db: Database, shipper_id: str) -> dict:
    """List a shipper's monthly invoices and the charges not billed yet.

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".

    Returns:
        The invoices (id, period, issue and due dates, amount due, amount paid, balance, status) and the unbilled
        charges (with the tracking number they belong to) and their total.
    """
    s = _row(db, "shipper", shipper_id)
    invoices = db.query("SELECT invoice_id, period, issued_on, due_on, amount_due, amount_paid, "
                        "round(amount_due - amount_paid, 2) AS balance, status FROM invoices WHERE shipper_id = ? "
                        "ORDER BY period DESC", [s["shipper_id"]])
    unbilled = db.query("SELECT charge_id, shipment_id AS tracking_number, charge_type, amount, created_at FROM charges "
                        "WHERE shipper_id = ? AND invoice_id IS NULL ORDER BY charge_id", [s["shipper_id"]])
    return {"shipper_id": s["shipper_id"], "invoices": invoices, "unbilled_charges": unbilled,
            "unbilled_total": _money(sum(c["amount"] for c in unbilled))}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def create_shipment(db: Database, shipper_id: str, service_level: ServiceLevel, recipient_name: str,
                    recipient_line1: str, recipient_city: str, recipient_state: str, recipient_zip: str,
                    weight_lb: float, length_in: int, width_in: int, height_in: int, declared_value: float = 100.0,
                    contents: str = "General merchandise") -> dict:
    """Create a one-parcel shipment (a label) from the shipper's home depot; the charge goes on the next invoice.

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".
        service_level: ground (3 business days), express (2) or overnight (1).
        recipient_name: Who receives it, e.g. "Marcus Webb".
        recipient_line1: The street address, e.g. "1420 SE Alder St".
        recipient_city: The city, e.g. "Portland".
        recipient_state: The two-letter state code, e.g. "OR".
        recipient_zip: The five-digit ZIP code, inside the service area, e.g. "97214".
        weight_lb: The parcel's weight in pounds (at most 70).
        length_in: Its length in inches (no side over 48).
        width_in: Its width in inches.
        height_in: Its height in inches.
        declared_value: The value declared for claims, 0.01 to 5000.00 (default 100.00).
        contents: A short description of the contents.

    Returns:
        The new tracking number (shipment_id), billable weight, charge, ship date and expected delivery.
    """
    s = _row(db, "shipper", shipper_id)
    _require_active(s)
    _area(db, recipient_zip, recipient_city, recipient_state)
    if not 0 < declared_value <= MAX_DECLARED_VALUE:
        raise ToolError(f"declared value must be more than 0 and at most {MAX_DECLARED_VALUE:.2f}, got "
                        f"{declared_value}")
    q = _quote(db, s, service_level, recipient_zip, weight_lb, length_in, width_in, height_in)
    origin = s["home_depot_id"]
    sid = _IDS.next(db, "LP")
    db.execute("INSERT INTO shipments VALUES (?, ?, ?, 'label_created', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, "
               "NULL)", [sid, s["shipper_id"], service_level, recipient_name.strip(), recipient_line1.strip(),
                         recipient_city.strip().title(), recipient_state.strip().upper(), recipient_zip.strip(),
                         origin, q["delivering_depot"], q["zone"], db.now, q["ship_date"], q["expected_delivery"],
                         _money(declared_value), q["charge"]])
    db.execute("INSERT INTO parcels VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [_IDS.next(db, "PC-"), sid, round(weight_lb, 1), length_in, width_in, height_in, q["billable_weight"],
                contents.strip() or "General merchandise"])
    _event(db, sid, "label_created", _row(db, "depot", origin)["name"])
    _charge(db, {"shipper_id": s["shipper_id"], "shipment_id": sid}, "shipping", q["charge"])
    return {"shipment_id": sid, "status": "label_created", "zone": q["zone"], "billable_weight": q["billable_weight"],
            "charge": q["charge"], "ship_date": q["ship_date"], "expected_delivery": q["expected_delivery"]}


@tool(writes=True)
def schedule_pickup(db: Database, shipper_id: str, pickup_date: str, time_window: Literal["morning", "afternoon"],
                    parcel_count: int) -> dict:
    """Book a driver pickup at the shipper's address, served by their home depot.

    Pickups are booked on weekdays from tomorrow up to 14 days ahead, one per shipper per day, while the depot
    has drivers left that day.

    Args:
        shipper_id: The shipper's id, e.g. "SH-1042".
        pickup_date: The day, written YYYY-MM-DD.
        time_window: morning (08:00-12:00) or afternoon (13:00-17:00).
        parcel_count: How many parcels the driver collects, 1 to 50.

    Returns:
        The pickup id, depot, date, window and parcel count.
    """
    s = _row(db, "shipper", shipper_id)
    _require_active(s)
    day = _parse_date(pickup_date, "pickup_date")
    today = _now(db).date()
    if not today < day <= today + timedelta(days=PICKUP_MAX_LEAD_DAYS):
        raise ToolError(f"pickups are booked from tomorrow up to {PICKUP_MAX_LEAD_DAYS} days ahead (today is "
                        f"{today.isoformat()}), got {day.isoformat()}")
    if day.weekday() >= 5:
        raise ToolError(f"{day.isoformat()} is a {day.strftime('%A')}; drivers pick up on weekdays only")
    if not 1 <= parcel_count <= MAX_PARCELS_PER_PICKUP:
        raise ToolError(f"a pickup collects 1 to {MAX_PARCELS_PER_PICKUP} parcels, got {parcel_count}")
    dup = db.scalar("SELECT pickup_id FROM pickups WHERE shipper_id = ? AND pickup_date = ? AND status = "
                    "'scheduled'", [s["shipper_id"], day])
    if dup:
        raise ToolError(f"pickup {dup} is already scheduled for {day.isoformat()}; one pickup per day")
    cap = check_pickup_capacity(db, s["home_depot_id"], day.isoformat())
    if cap["remaining"] <= 0:
        raise ToolError(f"{cap['depot_name']} is fully booked on {day.isoformat()} ({cap['booked']} of "
                        f"{cap['daily_capacity']} pickups); offer another weekday")
    pickup_id = _IDS.next(db, "PU-")
    db.execute("INSERT INTO pickups VALUES (?, ?, ?, ?, ?, ?, 'scheduled', ?)",
               [pickup_id, s["shipper_id"], s["home_depot_id"], day, time_window, parcel_count, db.now])
    return {"pickup_id": pickup_id, "depot_id": s["home_depot_id"], "pickup_date": day.isoformat(),
            "time_window": time_window, "parcel_count": parcel_count, "status": "scheduled"}


@tool(writes=True)
def cancel_pickup(db: Database, pickup_id: str) -> dict:
    """Cancel a scheduled pickup, at the latest the day before it.

    Args:
        pickup_id: The pickup's id, e.g. "PU-3012" (from list_pickups).

    Returns:
        The pickup id, its date and its new status.
    """
    p = _row(db, "pickup", pickup_id)
    if p["status"] != "scheduled":
        raise ToolError(f"pickup {p['pickup_id']} is {p['status']}; only scheduled pickups can be cancelled")
    day = date.fromisoformat(str(p["pickup_date"])[:10])
    if day <= _now(db).date():
        raise ToolError(f"pickup {p['pickup_id']} is today ({day.isoformat()}) and its driver is already routed; "
                        "pickups can be cancelled until the day before")
    db.execute("UPDATE pickups SET status = 'cancelled' WHERE pickup_id = ?", [p["pickup_id"]])
    return {"pickup_id": p["pickup_id"], "pickup_date": day.isoformat(), "status": "cancelled"}


@tool(writes=True)
def correct_delivery_address(db: Database, shipment_id: str, recipient_line1: str, recipient_city: str,
                             recipient_state: str, recipient_zip: str) -> dict:
    """Correct the delivery address of a shipment that is not yet out for delivery, for a 12.50 fee.

    The new address must be in the service area; the shipping charge and zone stay as they were.

    Args:
        shipment_id: The tracking number, e.g. "LP40010123".
        recipient_line1: The corrected street address.
        recipient_city: The corrected city.
        recipient_state: The corrected two-letter state code.
        recipient_zip: The corrected five-digit ZIP code.

    Returns:
        The shipment id, the new address, the delivering depot and the fee charged.
    """
    sh = _row(db, "shipment", shipment_id)
    _require_before_out_for_delivery(sh, "an address correction")
    area = _area(db, recipient_zip, recipient_city, recipient_state)
    line1 = recipient_line1.strip()
    if (line1.lower(), area["zip_code"]) == (sh["recipient_line1"].lower(), sh["recipient_zip"]):
        raise ToolError(f"shipment {sh['shipment_id']} already goes to {sh['recipient_line1']}, {area['zip_code']}")
    db.execute("UPDATE shipments SET recipient_line1 = ?, recipient_city = ?, recipient_state = ?, recipient_zip = ?, "
               "dest_depot_id = ? WHERE shipment_id = ?",
               [line1, area["city"], area["state"], area["zip_code"], area["depot_id"], sh["shipment_id"]])
    address = f"{line1}, {area['city']}, {area['state']} {area['zip_code']}"
    _event(db, sh["shipment_id"], "address_corrected", _row(db, "depot", area["depot_id"])["name"], address)
    charge_id = _charge(db, sh, "address_correction", ADDRESS_CORRECTION_FEE)
    return {"shipment_id": sh["shipment_id"], "new_address": address, "dest_depot_id": area["depot_id"],
            "fee": ADDRESS_CORRECTION_FEE, "charge_id": charge_id}


@tool(writes=True)
def hold_at_depot(db: Database, shipment_id: str, depot_id: str) -> dict:
    """Stop delivery and hold a shipment for pickup at a depot (before it is out for delivery).

    Holding at the shipment's delivering depot is free; redirecting it to another depot costs 9.75.

    Args:
        shipment_id: The tracking number, e.g. "LP40010123".
        depot_id: The depot to hold it at, e.g. "DEP-PDX" (from list_depots).

    Returns:
        The shipment id, the holding depot, its address and the fee charged.
    """
    sh = _row(db, "shipment", shipment_id)
    depot = _row(db, "depot", depot_id)
    _require_before_out_for_delivery(sh, "a hold at a depot")
    fee = 0.0 if depot["depot_id"] == sh["dest_depot_id"] else REDIRECT_FEE
    db.execute("UPDATE shipments SET status = 'held_at_depot', hold_depot_id = ? WHERE shipment_id = ?",
               [depot["depot_id"], sh["shipment_id"]])
    _event(db, sh["shipment_id"], "held", depot["name"], "Held for pickup at customer request")
    if fee:
        _charge(db, sh, "redirect", fee)
    return {"shipment_id": sh["shipment_id"], "status": "held_at_depot", "hold_depot_id": depot["depot_id"],
            "depot_address": f"{depot['name']}, {depot['city']}, {depot['state']} {depot['zip_code']}", "fee": fee}


@tool(writes=True)
def file_claim(db: Database, shipment_id: str, claim_type: Literal["lost", "damaged"], amount_claimed: float) -> dict:
    """File a claim for a lost or damaged shipment within 30 days of its ship date (one claim per shipment).

    A damaged claim needs a delivered shipment; a lost claim needs a shipment in exception (trace opened). The
    payable amount is capped at the declared value.

    Args:
        shipment_id: The tracking number, e.g. "LP40010123".
        claim_type: lost or damaged.
        amount_claimed: The amount the shipper claims, more than 0.

    Returns:
        The claim id, amount claimed, amount payable and status.
    """
    sh = _row(db, "shipment", shipment_id)
    existing = db.query_one("SELECT claim_id, status FROM claims WHERE shipment_id = ?", [sh["shipment_id"]])
    if existing:
        raise ToolError(f"shipment {sh['shipment_id']} already has claim {existing['claim_id']} "
                        f"({existing['status']}); one claim per shipment")
    ship = date.fromisoformat(str(sh["ship_date"])[:10])
    deadline = ship + timedelta(days=CLAIM_WINDOW_DAYS)
    if _now(db).date() > deadline:
        raise ToolError(f"shipment {sh['shipment_id']} shipped on {ship.isoformat()}; the {CLAIM_WINDOW_DAYS}-day "
                        f"claim window closed on {deadline.isoformat()}")
    if claim_type == "damaged" and sh["status"] != "delivered":
        raise ToolError(f"shipment {sh['shipment_id']} is {sh['status']}; a damage claim needs a delivered shipment")
    if claim_type == "lost" and sh["status"] != "exception":
        raise ToolError(f"shipment {sh['shipment_id']} is {sh['status']}, not missing; a lost claim needs a shipment "
                        "in exception (a trace opened by the network)")
    claimed = _money(amount_claimed)
    if claimed <= 0:
        raise ToolError(f"amount_claimed must be more than 0.00, got {amount_claimed}")
    payable = min(claimed, _money(sh["declared_value"]))
    claim_id = _IDS.next(db, "CL-")
    db.execute("INSERT INTO claims VALUES (?, ?, ?, ?, ?, 'submitted', ?)",
               [claim_id, sh["shipment_id"], claim_type, claimed, payable, db.now])
    return {"claim_id": claim_id, "shipment_id": sh["shipment_id"], "claim_type": claim_type,
            "amount_claimed": claimed, "amount_payable": payable, "declared_value": sh["declared_value"],
            "status": "submitted"}
