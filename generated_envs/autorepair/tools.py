"""Tools of the autorepair environment: the front desk of Kestrel Auto Care, an independent repair shop.

Reads find customers, their vehicles, work orders with estimate lines, warranties, invoices, open appointment slots,
certified technicians, parts stock and loaner cars. Writes book and cancel appointments, record the customer's
decision on an estimate, add parts and labour to an estimate, assign technicians, start repairs, apply warranties,
take payments, release vehicles and lend loaner cars, each under the shop's rules.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, as_date, as_datetime, format_time, parse_date, parse_time
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

LABOUR_RATE = 140.0
PARTS_TAX_PCT = 8.0
APPROVAL_TOLERANCE_PCT = 10
LOANER_MIN_HOURS = 4.0
BOOKING_HORIZON_DAYS = 60
WORK_ORDERS_PAGE = 8
PARTS_LIMIT = 10

Category = Literal["maintenance", "brakes", "suspension", "electrical", "engine", "transmission", "hvac", "tires"]
WorkOrderStatus = Literal["estimate", "approved", "in_progress", "completed", "picked_up", "declined"]
PaymentMethod = Literal["card", "cash", "check"]

_IDS = IdScheme({
    "APT-": ("appointments", "appointment_id", 0),
    "EL-": ("estimate_lines", "line_id", 0),
    "INV-": ("invoices", "invoice_id", 0),
    "PAY-": ("payments", "payment_id", 0),
    "LA-": ("loaner_assignments", "assignment_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def _customer(db: Database, customer_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM customers WHERE customer_id = ?", [customer_id.strip().upper()])
    if row is None:
        raise ToolError(f"no customer with id {customer_id!r} (customer ids look like 'CUS-1042')")
    return row


def _vehicle(db: Database, vehicle_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM vehicles WHERE vehicle_id = ?", [vehicle_id.strip().upper()])
    if row is None:
        raise ToolError(f"no vehicle with id {vehicle_id!r} (vehicle ids look like 'VEH-2107')")
    return row


def _label(v: dict[str, Any]) -> str:
    return f"{v['year']} {v['make']} {v['model']}"


def _work_order(db: Database, work_order_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM work_orders WHERE work_order_id = ?", [work_order_id.strip().upper()])
    if row is None:
        raise ToolError(f"no work order with id {work_order_id!r} (work order ids look like 'WO-30412')")
    return row


def _require(wo: dict[str, Any], allowed: tuple[str, ...], action: str) -> None:
    if wo["status"] not in allowed:
        raise ToolError(f"work order {wo['work_order_id']} is {wo['status']}; only {' or '.join(allowed)} work "
                        f"orders can {action}")


def _totals(db: Database, wo: dict[str, Any]) -> dict[str, Any]:
    """The estimate's figures: labour, parts, tax on parts, the total, and what the customer pays after a warranty."""
    row = db.query_one("SELECT coalesce(sum(CASE WHEN kind = 'labour' THEN amount END), 0) AS labour, "
                       "coalesce(sum(CASE WHEN kind = 'part' THEN amount END), 0) AS parts, "
                       "coalesce(sum(CASE WHEN kind = 'labour' THEN quantity END), 0) AS hours "
                       "FROM estimate_lines WHERE work_order_id = ?", [wo["work_order_id"]])
    labour, parts = _money(row["labour"]), _money(row["parts"])
    tax = _money(parts * PARTS_TAX_PCT / 100)
    total = _money(labour + parts + tax)
    credit = total if wo["warranty_id"] else 0.0
    return {"labour_hours": round(float(row["hours"]), 2), "labour_total": labour, "parts_total": parts,
            "parts_tax": tax, "estimate_total": total, "warranty_credit": credit,
            "customer_total": _money(total - credit)}


def _lines(db: Database, wo_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT line_id, kind, description, part_id, quantity, unit_price, amount, part_status, eta "
                    "FROM estimate_lines WHERE work_order_id = ? ORDER BY line_id", [wo_id])


def _warranty_status(db: Database, w: dict[str, Any], mileage: int) -> dict[str, Any]:
    start = as_date(w["starts_on"])
    year, month = start.year + (start.month - 1 + w["months"]) // 12, (start.month - 1 + w["months"]) % 12 + 1
    try:
        expires = date(year, month, start.day)
    except ValueError:  # e.g. 31 January + 1 month: the last day of the month
        expires = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    mile_limit = w["start_mileage"] + w["miles"]
    today = _now(db).date()
    return {"warranty_id": w["warranty_id"], "category": w["category"], "original_work_order_id": w["work_order_id"],
            "starts_on": w["starts_on"], "expires_on": expires.isoformat(), "months": w["months"],
            "miles": w["miles"], "start_mileage": w["start_mileage"], "mile_limit": mile_limit,
            "expired_by_date": today > expires, "over_mileage": mileage > mile_limit}


def _shop_hours(day: date) -> list[int]:
    """Drop-off slot starts: Monday to Friday 08:00-16:00, Saturday 08:00-11:00, closed Sunday."""
    wd = day.weekday()
    return [] if wd == 6 else list(range(8, 12)) if wd == 5 else list(range(8, 17))


def _bays(db: Database) -> int:
    return int(db.scalar("SELECT count(*) FROM service_bays WHERE in_service"))


def _booked_at(db: Database, at: datetime) -> int:
    return int(db.scalar("SELECT count(*) FROM appointments WHERE status = 'booked' AND starts_at = ?",
                         [at.strftime("%Y-%m-%d %H:%M:%S")]))


def _invoice(db: Database, wo_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT * FROM invoices WHERE work_order_id = ? ORDER BY invoice_id DESC LIMIT 1", [wo_id])


def _paid(db: Database, invoice_id: str) -> float:
    return _money(db.scalar("SELECT coalesce(sum(amount), 0) FROM payments WHERE invoice_id = ?", [invoice_id]))


def _loaner_out(db: Database, customer_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT a.assignment_id, a.loaner_id, a.work_order_id, a.out_at, c.make, c.model, c.plate "
                        "FROM loaner_assignments a JOIN loaner_cars c ON c.loaner_id = a.loaner_id "
                        "WHERE a.customer_id = ? AND a.returned_at IS NULL", [customer_id])


def _check_change(db: Database, wo: dict[str, Any], added: float, customer_approved: bool) -> float | None:
    """Refuse a change that lifts an approved estimate more than 10% unless the customer approved the new total.

    Returns the new approved total to store (None: unchanged)."""
    if wo["status"] == "estimate":
        return None
    before = _totals(db, wo)
    new_total = _money(before["customer_total"] + added)
    limit = _money(wo["approved_total"] * (100 + APPROVAL_TOLERANCE_PCT) / 100)
    if new_total <= limit:
        return None
    if not customer_approved:
        raise ToolError(f"this change raises work order {wo['work_order_id']} to ${new_total:.2f}, more than 10% "
                        f"over the ${wo['approved_total']:.2f} the customer approved (limit ${limit:.2f}); tell the "
                        "customer the new total and, once they approve it, repeat the call with "
                        "customer_approved=true")
    return new_total


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_customer(db: Database, first_name: str, last_name: str, phone: str) -> dict:
    """Find a customer's id from their name and the phone number on file (this verifies the caller).

    Args:
        first_name: The customer's first name, e.g. "Dana".
        last_name: The customer's last name, e.g. "Whitfield".
        phone: The phone number on file, e.g. "503-555-0142" (any punctuation).

    Returns:
        The customer id and name.
    """
    row = db.query_one("SELECT customer_id, first_name, last_name FROM customers WHERE lower(first_name) = lower(?) "
                       "AND lower(last_name) = lower(?) AND regexp_replace(phone, '[^0-9]', '', 'g') = ?",
                       [first_name.strip(), last_name.strip(), _digits(phone)[-10:]])
    if row is None:
        raise ToolError(f"no customer named {first_name} {last_name} with phone {phone!r}")
    return row


@tool
def get_customer_profile(db: Database, customer_id: str) -> dict:
    """Get a customer's profile: contact details, vehicles, upcoming appointments and any loaner car they have.

    Args:
        customer_id: The customer's id, e.g. "CUS-1042".

    Returns:
        Name, phone, email, vehicles (id, year, make, model, color, plate, VIN, mileage), booked appointments
        from now on, and the loaner car currently out with them (or null).
    """
    c = _customer(db, customer_id)
    vehicles = db.query("SELECT vehicle_id, year, make, model, color, plate, vin, mileage FROM vehicles "
                        "WHERE customer_id = ? ORDER BY vehicle_id", [c["customer_id"]])
    appts = db.query("SELECT a.appointment_id, a.vehicle_id, v.year || ' ' || v.make || ' ' || v.model AS vehicle, "
                     "strftime(a.starts_at, '%Y-%m-%d %H:%M') AS starts_at, a.category, a.concern, a.status "
                     "FROM appointments a JOIN vehicles v ON v.vehicle_id = a.vehicle_id WHERE a.customer_id = ? "
                     "AND a.status = 'booked' AND a.starts_at > ? ORDER BY a.starts_at",
                     [c["customer_id"], db.now])
    loaner = _loaner_out(db, c["customer_id"])
    if loaner:
        loaner["out_at"] = format_time(loaner["out_at"])
    return {"customer_id": c["customer_id"], "name": f"{c['first_name']} {c['last_name']}", "phone": c["phone"],
            "email": c["email"], "address": f"{c['street']}, {c['city']}", "customer_since": c["customer_since"],
            "vehicles": vehicles, "appointments": appts, "loaner_out": loaner}


@tool
def list_work_orders(db: Database, customer_id: str, vehicle_id: str | None = None,
                     status: WorkOrderStatus | None = None, offset: int = 0) -> dict:
    """List a customer's work orders, newest first, 8 at a time.

    Args:
        customer_id: The customer's id, e.g. "CUS-1042".
        vehicle_id: Only this vehicle's work orders, e.g. "VEH-2107"; omit for all the customer's vehicles.
        status: Only work orders with this status; omit for all.
        offset: How many work orders to skip (the "next_offset" of the previous page); 0 for the first page.

    Returns:
        Up to 8 work orders (id, vehicle, category, concern, status, opened and completed dates); "more" is true
        when there are others, fetched with offset set to "next_offset".
    """
    c = _customer(db, customer_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    vid = vehicle_id.strip().upper() if vehicle_id else None
    if vid and _vehicle(db, vid)["customer_id"] != c["customer_id"]:
        raise ToolError(f"vehicle {vid} is not one of customer {c['customer_id']}'s vehicles")
    rows = db.query(
        "SELECT w.work_order_id, w.vehicle_id, v.year || ' ' || v.make || ' ' || v.model AS vehicle, w.category, "
        "w.concern, w.status, strftime(w.opened_at, '%Y-%m-%d') AS opened_on, "
        "strftime(w.completed_at, '%Y-%m-%d') AS completed_on FROM work_orders w "
        "JOIN vehicles v ON v.vehicle_id = w.vehicle_id WHERE w.customer_id = ? AND (? IS NULL OR w.vehicle_id = ?) "
        "AND (? IS NULL OR w.status = ?) ORDER BY w.opened_at DESC, w.work_order_id "
        f"LIMIT {WORK_ORDERS_PAGE + 1} OFFSET ?", [c["customer_id"], vid, vid, status, status, offset])
    out: dict[str, Any] = {"customer_id": c["customer_id"], "work_orders": rows[:WORK_ORDERS_PAGE],
                           "more": len(rows) > WORK_ORDERS_PAGE}
    if out["more"]:
        out["next_offset"] = offset + WORK_ORDERS_PAGE
    return out


@tool
def get_work_order(db: Database, work_order_id: str) -> dict:
    """Get one work order in full: vehicle, status, technician, estimate lines, totals, approval, warranty and invoice.

    Args:
        work_order_id: The work order's id, e.g. "WO-30412".

    Returns:
        The work order with its lines (labour hours x rate, parts with stock status), labour hours, labour, parts,
        tax and estimate totals, the approved total and the most it may grow without a new approval, the
        diagnostic fee and whether it is waived, the warranty applied, loaner eligibility and the invoice.
    """
    wo = _work_order(db, work_order_id)
    v = _vehicle(db, wo["vehicle_id"])
    tech = db.query_one("SELECT name FROM technicians WHERE tech_id = ?", [wo["tech_id"]]) if wo["tech_id"] else None
    totals = _totals(db, wo)
    inv = _invoice(db, wo["work_order_id"])
    out: dict[str, Any] = {
        "work_order_id": wo["work_order_id"], "customer_id": wo["customer_id"], "vehicle_id": wo["vehicle_id"],
        "vehicle": _label(v), "category": wo["category"], "concern": wo["concern"], "status": wo["status"],
        "opened_at": format_time(wo["opened_at"]), "mileage_in": wo["mileage_in"], "tech_id": wo["tech_id"],
        "technician": tech["name"] if tech else None, "lines": _lines(db, wo["work_order_id"]), **totals,
        "diagnostic_fee": wo["diagnostic_fee"], "diagnostic_waived": wo["diagnostic_waived"],
        "approved_total": wo["approved_total"],
        "approved_at": format_time(wo["approved_at"]) if wo["approved_at"] else None,
        "approval_limit": _money(wo["approved_total"] * (100 + APPROVAL_TOLERANCE_PCT) / 100)
        if wo["approved_total"] is not None else None,
        "warranty_id": wo["warranty_id"], "loaner_eligible": totals["labour_hours"] > LOANER_MIN_HOURS,
        "completed_at": format_time(wo["completed_at"]) if wo["completed_at"] else None,
        "released_at": format_time(wo["released_at"]) if wo["released_at"] else None,
        "invoice": None}
    if inv:
        paid = _paid(db, inv["invoice_id"])
        out["invoice"] = {"invoice_id": inv["invoice_id"], "total": inv["total"], "status": inv["status"],
                          "balance_due": _money(inv["total"] - paid)}
    return out


@tool
def list_vehicle_warranties(db: Database, vehicle_id: str) -> dict:
    """List the warranties on a vehicle's past repairs, with their time and mileage limits.

    Args:
        vehicle_id: The vehicle's id, e.g. "VEH-2107".

    Returns:
        The vehicle's mileage and each warranty: category, original work order, start date, expiry date, mile
        limit, and whether it has expired by date or by mileage.
    """
    v = _vehicle(db, vehicle_id)
    rows = db.query("SELECT * FROM warranties WHERE vehicle_id = ? ORDER BY starts_on DESC, warranty_id",
                    [v["vehicle_id"]])
    return {"vehicle_id": v["vehicle_id"], "vehicle": _label(v), "mileage": v["mileage"],
            "warranties": [_warranty_status(db, w, v["mileage"]) for w in rows]}


@tool
def list_open_slots(db: Database, day: str) -> dict:
    """List the drop-off times still open on one day (slots on the hour, limited by the bays in service).

    Args:
        day: The day, e.g. "2026-05-18".

    Returns:
        The shop's hours that day and each open start time with the number of bays still free.
    """
    d = parse_date(day, "day", hint="like '2026-05-18'")
    bays = _bays(db)
    slots = []
    for h in _shop_hours(d):
        at = datetime(d.year, d.month, d.day, h)
        if at <= _now(db):
            continue
        free = bays - _booked_at(db, at)
        if free > 0:
            slots.append({"starts_at": at.strftime("%Y-%m-%d %H:%M"), "bays_free": free})
    hours = _shop_hours(d)
    return {"day": d.isoformat(), "weekday": d.strftime("%A"),
            "shop_hours": f"drop-offs {hours[0]:02d}:00-{hours[-1]:02d}:00" if hours else "closed",
            "open_slots": slots}


@tool
def list_technicians(db: Database, category_filter: Category | None = None) -> list:
    """List the shop's active technicians with their certified job categories and their jobs in progress.

    Args:
        category_filter: Only technicians certified for this job category, e.g. "brakes"; omit for all.

    Returns:
        Each active technician's id, name, level, certified categories and number of in-progress work orders.
    """
    rows = db.query("SELECT t.tech_id, t.name, t.level, (SELECT string_agg(c.category, ', ' ORDER BY c.category) "
                    "FROM tech_certifications c WHERE c.tech_id = t.tech_id) AS certified_for, (SELECT count(*) "
                    "FROM work_orders w WHERE w.tech_id = t.tech_id AND w.status = 'in_progress') AS jobs_in_progress "
                    "FROM technicians t WHERE t.active AND (? IS NULL OR EXISTS (SELECT 1 FROM tech_certifications c "
                    "WHERE c.tech_id = t.tech_id AND c.category = ?)) ORDER BY t.tech_id",
                    [category_filter, category_filter])
    return rows


@tool
def search_parts(db: Database, keyword: str, category: Category | None = None) -> dict:
    """Search the parts catalogue by a word of the part's name or brand (at most 10 matches).

    Args:
        keyword: A word of the part's name or brand, e.g. "rotor" or "Bosch".
        category: Only parts of this job category; omit for all.

    Returns:
        Matching parts: id, name, brand, price, quantity on hand and, when out of stock, the back-order date
        (null when the supplier gave none); "more" is true when more than 10 matched.
    """
    if len(keyword.strip()) < 3:
        raise ToolError("keyword must be at least 3 characters")
    rows = db.query("SELECT part_id, name, brand, category, unit_price, qty_on_hand, backorder_eta FROM parts "
                    "WHERE (lower(name) LIKE ? OR lower(brand) LIKE ?) AND (? IS NULL OR category = ?) "
                    f"ORDER BY name, brand LIMIT {PARTS_LIMIT + 1}",
                    [f"%{keyword.strip().lower()}%"] * 2 + [category, category])
    return {"parts": rows[:PARTS_LIMIT], "more": len(rows) > PARTS_LIMIT}


@tool
def get_invoice(db: Database, work_order_id: str) -> dict:
    """Get a work order's invoice with its payments and the balance due.

    Args:
        work_order_id: The work order's id, e.g. "WO-30412".

    Returns:
        The invoice (labour, parts, diagnostic fee, warranty credit, tax, total, status), its payments and the
        balance due.
    """
    wo = _work_order(db, work_order_id)
    inv = _invoice(db, wo["work_order_id"])
    if inv is None:
        raise ToolError(f"work order {wo['work_order_id']} ({wo['status']}) has no invoice yet; invoices are issued "
                        "when a repair is completed or an estimate with a diagnostic fee is declined")
    pays = db.query("SELECT payment_id, method, amount, strftime(paid_at, '%Y-%m-%d %H:%M') AS paid_at FROM payments "
                    "WHERE invoice_id = ? ORDER BY payment_id", [inv["invoice_id"]])
    inv["issued_at"] = format_time(inv["issued_at"])
    return {**inv, "payments": pays, "balance_due": _money(inv["total"] - _paid(db, inv["invoice_id"]))}


@tool
def list_loaner_cars(db: Database) -> list:
    """List the shop's loaner cars and whether each is available.

    Returns:
        Each loaner's id, make, model, plate and status (available, out or maintenance).
    """
    return db.query("SELECT loaner_id, make, model, plate, status FROM loaner_cars ORDER BY loaner_id")


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_service_appointment(db: Database, customer_id: str, vehicle_id: str, starts_at: str, category: Category,
                             concern: str) -> dict:
    """Book a drop-off appointment for one of the customer's vehicles in an open slot.

    Slots start on the hour: Monday to Friday 08:00-16:00, Saturday 08:00-11:00, closed Sunday; from now up to 60
    days ahead; each slot holds as many vehicles as there are bays in service. A vehicle holds one booked
    appointment at a time.

    Args:
        customer_id: The customer's id, e.g. "CUS-1042".
        vehicle_id: The customer's vehicle, e.g. "VEH-2107".
        starts_at: The drop-off time, e.g. "2026-05-18 09:00".
        category: The kind of job, e.g. "brakes".
        concern: The customer's description of the problem, e.g. "squealing brakes".

    Returns:
        The new appointment's id, vehicle, time and category.
    """
    c = _customer(db, customer_id)
    v = _vehicle(db, vehicle_id)
    if v["customer_id"] != c["customer_id"]:
        raise ToolError(f"vehicle {v['vehicle_id']} is not one of customer {c['customer_id']}'s vehicles")
    at = parse_time(starts_at, "starts_at", hint="and time like '2026-05-18 09:00'")
    if at.minute or at.second:
        raise ToolError("appointments start on the hour, e.g. 09:00")
    if at <= _now(db):
        raise ToolError(f"{at:%Y-%m-%d %H:%M} is in the past (it is now {_now(db):%Y-%m-%d %H:%M})")
    if at.date() > _now(db).date() + timedelta(days=BOOKING_HORIZON_DAYS):
        raise ToolError(f"appointments can be booked at most {BOOKING_HORIZON_DAYS} days ahead")
    hours = _shop_hours(at.date())
    if at.hour not in hours:
        when = "the shop is closed on Sundays" if not hours else \
            f"drop-offs on {at:%A}s are {hours[0]:02d}:00 to {hours[-1]:02d}:00"
        raise ToolError(f"{at:%Y-%m-%d %H:%M} is outside shop hours: {when}")
    if _booked_at(db, at) >= _bays(db):
        raise ToolError(f"the {at:%Y-%m-%d %H:%M} slot is full (all {_bays(db)} bays booked); see list_open_slots")
    other = db.query_one("SELECT appointment_id, starts_at FROM appointments WHERE vehicle_id = ? AND status = "
                         "'booked' AND starts_at > ?", [v["vehicle_id"], db.now])
    if other:
        raise ToolError(f"the {_label(v)} already has appointment {other['appointment_id']} on "
                        f"{format_time(other['starts_at'])}; a vehicle holds one booked appointment at a time")
    if len(concern.strip()) < 3:
        raise ToolError("describe the concern in a few words")
    aid = _IDS.next(db, "APT-")
    db.execute("INSERT INTO appointments VALUES (?, ?, ?, ?, ?, ?, 'booked', ?)",
               [aid, c["customer_id"], v["vehicle_id"], at.strftime("%Y-%m-%d %H:%M:%S"), category, concern.strip(),
                db.now])
    return {"appointment_id": aid, "vehicle": _label(v), "starts_at": at.strftime("%Y-%m-%d %H:%M"),
            "category": category, "status": "booked"}


@tool(writes=True)
def cancel_service_appointment(db: Database, appointment_id: str) -> dict:
    """Cancel a booked appointment that has not started yet.

    Args:
        appointment_id: The appointment, e.g. "APT-5012" (from get_customer_profile).

    Returns:
        The appointment id and its new status.
    """
    row = db.query_one("SELECT * FROM appointments WHERE appointment_id = ?", [appointment_id.strip().upper()])
    if row is None:
        raise ToolError(f"no appointment with id {appointment_id!r} (ids look like 'APT-5012')")
    if row["status"] != "booked" or as_datetime(row["starts_at"]) <= _now(db):
        raise ToolError(f"appointment {row['appointment_id']} is {row['status']} for "
                        f"{format_time(row['starts_at'])}; only booked appointments still ahead can be cancelled")
    db.execute("UPDATE appointments SET status = 'cancelled' WHERE appointment_id = ?", [row["appointment_id"]])
    return {"appointment_id": row["appointment_id"], "status": "cancelled"}


@tool(writes=True)
def approve_estimate(db: Database, work_order_id: str) -> dict:
    """Record that the customer approved the work order's estimate; the diagnostic fee is then waived.

    Args:
        work_order_id: The work order in estimate status, e.g. "WO-30412".

    Returns:
        The work order's new status, the approved total and the diagnostic fee waived.
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("estimate",), "be approved")
    if not db.scalar("SELECT count(*) FROM estimate_lines WHERE work_order_id = ?", [wo["work_order_id"]]):
        raise ToolError(f"work order {wo['work_order_id']} has no estimate lines yet")
    totals = _totals(db, wo)
    db.execute("UPDATE work_orders SET status = 'approved', approved_total = ?, approved_at = ?, "
               "diagnostic_waived = diagnostic_fee > 0 WHERE work_order_id = ?",
               [totals["customer_total"], db.now, wo["work_order_id"]])
    return {"work_order_id": wo["work_order_id"], "status": "approved", "approved_total": totals["customer_total"],
            "diagnostic_fee_waived": wo["diagnostic_fee"]}


@tool(writes=True)
def decline_estimate(db: Database, work_order_id: str) -> dict:
    """Record that the customer declined the estimate; a diagnostic fee, if the job has one, is invoiced.

    Args:
        work_order_id: The work order in estimate status, e.g. "WO-30412".

    Returns:
        The work order's new status and the invoice for the diagnostic fee (null when there is none).
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("estimate",), "be declined")
    db.execute("UPDATE work_orders SET status = 'declined' WHERE work_order_id = ?", [wo["work_order_id"]])
    invoice = None
    if wo["diagnostic_fee"] > 0:
        iid = _IDS.next(db, "INV-")
        db.execute("INSERT INTO invoices VALUES (?, ?, ?, 0, 0, ?, 0, 0, ?, 'open')",
                   [iid, wo["work_order_id"], db.now, wo["diagnostic_fee"], wo["diagnostic_fee"]])
        invoice = {"invoice_id": iid, "diagnostic_fee": wo["diagnostic_fee"], "total": wo["diagnostic_fee"]}
    return {"work_order_id": wo["work_order_id"], "status": "declined", "invoice": invoice}


@tool(writes=True)
def add_part_to_estimate(db: Database, work_order_id: str, part_id: str, quantity: int,
                         customer_approved: bool = False) -> dict:
    """Add a part to a work order's estimate, from stock or back-ordered when the supplier gave a date.

    On an approved or in-progress work order, a change that lifts the total more than 10% above the approved
    total needs the customer's approval of the new total first (customer_approved=true).

    Args:
        work_order_id: The work order, e.g. "WO-30412".
        part_id: The part, e.g. "PRT-0311" (from search_parts).
        quantity: How many units, 1 or more.
        customer_approved: True only once the customer has approved the new total; it becomes the approved total.

    Returns:
        The new line (in stock or back-ordered with its date) and the work order's new totals.
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("estimate", "approved", "in_progress"), "take new estimate lines")
    part = db.query_one("SELECT * FROM parts WHERE part_id = ?", [part_id.strip().upper()])
    if part is None:
        raise ToolError(f"no part with id {part_id!r} (part ids look like 'PRT-0311'); see search_parts")
    if quantity < 1:
        raise ToolError(f"quantity must be 1 or more, got {quantity}")
    if part["qty_on_hand"] >= quantity:
        status, eta = "in_stock", None
    elif part["backorder_eta"] is not None:
        status, eta = "backordered", part["backorder_eta"]
    else:
        raise ToolError(f"{part['brand']} {part['name']} ({part['part_id']}) has {part['qty_on_hand']} on hand and "
                        "no back-order date from the supplier; it cannot be added")
    amount = _money(part["unit_price"] * quantity)
    new_approved = _check_change(db, wo, _money(amount * (100 + PARTS_TAX_PCT) / 100)
                                 if not wo["warranty_id"] else 0.0, customer_approved)
    lid = _IDS.next(db, "EL-")
    db.execute("INSERT INTO estimate_lines VALUES (?, ?, 'part', ?, ?, ?, ?, ?, ?, ?, ?)",
               [lid, wo["work_order_id"], f"{part['brand']} {part['name']}", part["part_id"], quantity,
                part["unit_price"], amount, status, eta, db.now])
    if status == "in_stock":
        db.execute("UPDATE parts SET qty_on_hand = qty_on_hand - ? WHERE part_id = ?", [quantity, part["part_id"]])
    if new_approved is not None:
        db.execute("UPDATE work_orders SET approved_total = ?, approved_at = ? WHERE work_order_id = ?",
                   [new_approved, db.now, wo["work_order_id"]])
    wo = _work_order(db, wo["work_order_id"])
    return {"work_order_id": wo["work_order_id"], "line_id": lid, "part": f"{part['brand']} {part['name']}",
            "quantity": quantity, "amount": amount, "part_status": status, "eta": eta, **_totals(db, wo),
            "approved_total": wo["approved_total"]}


@tool(writes=True)
def add_labour_to_estimate(db: Database, work_order_id: str, description: str, hours: float,
                           customer_approved: bool = False) -> dict:
    """Add labour to a work order's estimate at the shop rate of $140.00 an hour.

    On an approved or in-progress work order, a change that lifts the total more than 10% above the approved
    total needs the customer's approval of the new total first (customer_approved=true).

    Args:
        work_order_id: The work order, e.g. "WO-30412".
        description: What the labour is for, e.g. "Replace serpentine belt".
        hours: Hours of labour, from 0.1 to 12.
        customer_approved: True only once the customer has approved the new total; it becomes the approved total.

    Returns:
        The new line and the work order's new totals.
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("estimate", "approved", "in_progress"), "take new estimate lines")
    if not 0.1 <= hours <= 12:
        raise ToolError(f"hours must be between 0.1 and 12, got {hours}")
    if len(description.strip()) < 3:
        raise ToolError("describe the labour in a few words")
    hours = round(hours, 1)
    amount = _money(hours * LABOUR_RATE)
    new_approved = _check_change(db, wo, amount if not wo["warranty_id"] else 0.0, customer_approved)
    lid = _IDS.next(db, "EL-")
    db.execute("INSERT INTO estimate_lines VALUES (?, ?, 'labour', ?, NULL, ?, ?, ?, NULL, NULL, ?)",
               [lid, wo["work_order_id"], description.strip(), hours, LABOUR_RATE, amount, db.now])
    if new_approved is not None:
        db.execute("UPDATE work_orders SET approved_total = ?, approved_at = ? WHERE work_order_id = ?",
                   [new_approved, db.now, wo["work_order_id"]])
    wo = _work_order(db, wo["work_order_id"])
    return {"work_order_id": wo["work_order_id"], "line_id": lid, "description": description.strip(),
            "hours": hours, "amount": amount, **_totals(db, wo), "approved_total": wo["approved_total"]}


@tool(writes=True)
def assign_technician(db: Database, work_order_id: str, tech_id: str) -> dict:
    """Assign an active technician certified for the work order's category.

    Args:
        work_order_id: The work order, e.g. "WO-30412" (estimate, approved or in progress).
        tech_id: The technician, e.g. "TEC-03" (from list_technicians).

    Returns:
        The work order, the technician and the category.
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("estimate", "approved", "in_progress"), "have a technician assigned")
    tech = db.query_one("SELECT * FROM technicians WHERE tech_id = ?", [tech_id.strip().upper()])
    if tech is None:
        raise ToolError(f"no technician with id {tech_id!r} (ids look like 'TEC-03'); see list_technicians")
    if not tech["active"]:
        raise ToolError(f"{tech['name']} ({tech['tech_id']}) is not active at the shop")
    if not db.scalar("SELECT count(*) FROM tech_certifications WHERE tech_id = ? AND category = ?",
                     [tech["tech_id"], wo["category"]]):
        raise ToolError(f"{tech['name']} ({tech['tech_id']}) is not certified for {wo['category']} work; see "
                        "find_technicians")
    if wo["tech_id"] == tech["tech_id"]:
        raise ToolError(f"{tech['name']} is already assigned to work order {wo['work_order_id']}")
    db.execute("UPDATE work_orders SET tech_id = ? WHERE work_order_id = ?", [tech["tech_id"], wo["work_order_id"]])
    return {"work_order_id": wo["work_order_id"], "tech_id": tech["tech_id"], "technician": tech["name"],
            "category": wo["category"]}


@tool(writes=True)
def begin_repair(db: Database, work_order_id: str) -> dict:
    """Start the repair on an approved work order that has a certified technician assigned.

    Args:
        work_order_id: The approved work order, e.g. "WO-30412".

    Returns:
        The work order's new status and its technician.
    """
    wo = _work_order(db, work_order_id)
    if wo["status"] == "estimate":
        raise ToolError(f"work order {wo['work_order_id']} is still an estimate; no work starts before the "
                        "customer approves it")
    _require(wo, ("approved",), "be started")
    if not wo["tech_id"]:
        raise ToolError(f"work order {wo['work_order_id']} has no technician; assign a certified one first")
    db.execute("UPDATE work_orders SET status = 'in_progress' WHERE work_order_id = ?", [wo["work_order_id"]])
    return {"work_order_id": wo["work_order_id"], "status": "in_progress", "tech_id": wo["tech_id"]}


@tool(writes=True)
def apply_warranty(db: Database, work_order_id: str, warranty_id: str) -> dict:
    """Cover a work order under a warranty from an earlier repair of the same vehicle and category (labour, parts
    and tax become free), only within the warranty's months and miles.

    Args:
        work_order_id: The work order, e.g. "WO-30412" (estimate or approved).
        warranty_id: The warranty, e.g. "WAR-7013" (from list_vehicle_warranties).

    Returns:
        The work order, the warranty and the new totals (what the customer pays).
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("estimate", "approved"), "be put under warranty")
    if wo["warranty_id"]:
        raise ToolError(f"work order {wo['work_order_id']} is already covered by {wo['warranty_id']}")
    w = db.query_one("SELECT * FROM warranties WHERE warranty_id = ?", [warranty_id.strip().upper()])
    if w is None:
        raise ToolError(f"no warranty with id {warranty_id!r} (ids look like 'WAR-7013')")
    if w["vehicle_id"] != wo["vehicle_id"]:
        raise ToolError(f"warranty {w['warranty_id']} is on another vehicle, not on {wo['vehicle_id']}")
    if w["category"] != wo["category"]:
        raise ToolError(f"warranty {w['warranty_id']} covers {w['category']} repairs; this work order is "
                        f"{wo['category']}")
    st = _warranty_status(db, w, wo["mileage_in"])
    if st["expired_by_date"]:
        raise ToolError(f"warranty {w['warranty_id']} expired on {st['expires_on']} ({w['months']} months from "
                        f"{w['starts_on']})")
    if st["over_mileage"]:
        raise ToolError(f"warranty {w['warranty_id']} covers up to {st['mile_limit']} miles; the vehicle came in at "
                        f"{wo['mileage_in']}")
    db.execute("UPDATE work_orders SET warranty_id = ? WHERE work_order_id = ?", [w["warranty_id"], wo["work_order_id"]])
    if wo["status"] == "approved":
        db.execute("UPDATE work_orders SET approved_total = 0 WHERE work_order_id = ?", [wo["work_order_id"]])
    wo = _work_order(db, wo["work_order_id"])
    return {"work_order_id": wo["work_order_id"], "warranty_id": w["warranty_id"], **_totals(db, wo)}


@tool(writes=True)
def pay_invoice(db: Database, invoice_id: str, method: PaymentMethod) -> dict:
    """Take payment of an open invoice's full balance.

    Args:
        invoice_id: The invoice, e.g. "INV-60211" (from get_invoice or get_work_order).
        method: How the customer pays: card, cash or check.

    Returns:
        The payment id, the amount paid and the invoice's new status.
    """
    inv = db.query_one("SELECT * FROM invoices WHERE invoice_id = ?", [invoice_id.strip().upper()])
    if inv is None:
        raise ToolError(f"no invoice with id {invoice_id!r} (ids look like 'INV-60211')")
    balance = _money(inv["total"] - _paid(db, inv["invoice_id"]))
    if inv["status"] == "paid" or balance <= 0:
        raise ToolError(f"invoice {inv['invoice_id']} is already paid")
    pid = _IDS.next(db, "PAY-")
    db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?)", [pid, inv["invoice_id"], method, balance, db.now])
    db.execute("UPDATE invoices SET status = 'paid' WHERE invoice_id = ?", [inv["invoice_id"]])
    return {"payment_id": pid, "invoice_id": inv["invoice_id"], "amount": balance, "method": method,
            "status": "paid"}


@tool(writes=True)
def release_vehicle(db: Database, work_order_id: str) -> dict:
    """Hand the vehicle back to the customer once its invoice is paid; a loaner they took for this job is returned.

    Args:
        work_order_id: A completed (or declined) work order, e.g. "WO-30412".

    Returns:
        The work order's new status, the release time and the loaner returned (if any).
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("completed", "declined"), "be released")
    if wo["released_at"]:
        raise ToolError(f"the vehicle of work order {wo['work_order_id']} was already released")
    inv = _invoice(db, wo["work_order_id"])
    if inv is not None and inv["status"] != "paid":
        raise ToolError(f"invoice {inv['invoice_id']} has ${_money(inv['total'] - _paid(db, inv['invoice_id'])):.2f} "
                        "due; the vehicle is released only after the invoice is paid")
    status = "picked_up" if wo["status"] == "completed" else "declined"
    db.execute("UPDATE work_orders SET status = ?, released_at = ? WHERE work_order_id = ?",
               [status, db.now, wo["work_order_id"]])
    loaner = db.query_one("SELECT assignment_id, loaner_id FROM loaner_assignments WHERE work_order_id = ? "
                          "AND returned_at IS NULL", [wo["work_order_id"]])
    if loaner:
        db.execute("UPDATE loaner_assignments SET returned_at = ? WHERE assignment_id = ?",
                   [db.now, loaner["assignment_id"]])
        db.execute("UPDATE loaner_cars SET status = 'available' WHERE loaner_id = ?", [loaner["loaner_id"]])
    return {"work_order_id": wo["work_order_id"], "status": status,
            "released_at": _now(db).strftime("%Y-%m-%d %H:%M"),
            "loaner_returned": loaner["loaner_id"] if loaner else None}


@tool(writes=True)
def assign_loaner(db: Database, work_order_id: str, loaner_id: str) -> dict:
    """Lend an available loaner car for an approved or in-progress job of more than 4 labour hours.

    A customer has at most one loaner at a time.

    Args:
        work_order_id: The work order, e.g. "WO-30412".
        loaner_id: An available loaner, e.g. "LNR-02" (from list_loaner_cars).

    Returns:
        The assignment id, the loaner and the work order.
    """
    wo = _work_order(db, work_order_id)
    _require(wo, ("approved", "in_progress"), "get a loaner")
    hours = _totals(db, wo)["labour_hours"]
    if hours <= LOANER_MIN_HOURS:
        raise ToolError(f"work order {wo['work_order_id']} has {hours:g} labour hours; loaners are only for jobs "
                        f"over {LOANER_MIN_HOURS:g} hours")
    out = _loaner_out(db, wo["customer_id"])
    if out:
        raise ToolError(f"the customer already has loaner {out['loaner_id']} ({out['make']} {out['model']}); one "
                        "loaner per customer")
    car = db.query_one("SELECT * FROM loaner_cars WHERE loaner_id = ?", [loaner_id.strip().upper()])
    if car is None:
        raise ToolError(f"no loaner with id {loaner_id!r} (ids look like 'LNR-02'); see list_loaner_cars")
    if car["status"] != "available":
        raise ToolError(f"loaner {car['loaner_id']} is {car['status']}, not available")
    aid = _IDS.next(db, "LA-")
    db.execute("INSERT INTO loaner_assignments VALUES (?, ?, ?, ?, ?, NULL)",
               [aid, car["loaner_id"], wo["customer_id"], wo["work_order_id"], db.now])
    db.execute("UPDATE loaner_cars SET status = 'out' WHERE loaner_id = ?", [car["loaner_id"]])
    return {"assignment_id": aid, "loaner_id": car["loaner_id"], "loaner": f"{car['make']} {car['model']}",
            "plate": car["plate"], "work_order_id": wo["work_order_id"]}
