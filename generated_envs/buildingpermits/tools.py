"""Tools of the permits environment: the permit and inspection counter of the City of Marrowfield.

Reads identify applicants, describe parcels, permit types, contractors' licences and applications, quote fees and
list inspection openings. Writes file applications, take fee payments, issue permits, change the contractor of
record, withdraw applications with a refund by stage, book, move and cancel inspections and extend permits, each
under the department's rules: zoning, licensing, the application state machine, the inspection sequence, the
scheduling window and cut-off, re-inspection and extension fees.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, as_date, at, format_time, parse_date
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import today as _today

HISTORIC_REVIEW_FEE = 125.00
REINSPECTION_FEE = 95.00
EXTENSION_DAYS = 90
EXTENSION_WINDOW_DAYS = 30
EXTENSION_FEE_PCT = 10
EXTENSION_FEE_MIN = 50.00
PER_INSPECTOR = 3
AHEAD = 10
CUTOFF = "15:00"
MIN_VALUATION, MAX_VALUATION = 500, 5_000_000
#: Refund share of each paid submission fee when an application is withdrawn, by its status then.
REFUND_PCT = {
    "submitted": {"plan_review": 100, "historic_review": 100, "permit": 100},
    "in_review": {"plan_review": 0, "historic_review": 0, "permit": 100},
    "approved": {"plan_review": 0, "historic_review": 0, "permit": 100},
    "issued": {"plan_review": 0, "historic_review": 0, "permit": 75},
}
ACTIVE = ("submitted", "in_review", "approved", "issued")
APPLICATIONS_PAGE = 8

InspectionType = Literal["footing", "foundation", "framing", "insulation", "sheathing", "rough_electrical",
                         "rough_plumbing", "rough_mechanical", "excavation", "bonding", "final"]
Window = Literal["am", "pm"]
Status = Literal["submitted", "in_review", "approved", "issued", "finaled", "expired", "withdrawn"]
Method = Literal["card", "check", "ach"]
CancelReason = Literal["not_ready", "weather", "contractor_unavailable", "owner_unavailable"]
WithdrawReason = Literal["project_cancelled", "applied_in_error", "budget", "hired_other_contractor"]

_day = partial(parse_date, hint="like '2026-10-14'")
_IDS = IdScheme({
    "APP-": ("applications", "application_id", 0),
    "FEE-": ("fees", "fee_id", 0),
    "RFD-": ("refunds", "refund_id", 0),
    "INS-": ("inspections", "inspection_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _applicant(db: Database, applicant_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM applicants WHERE applicant_id = ?", [applicant_id.strip().upper()])
    if row is None:
        raise ToolError(f"no applicant with id {applicant_id!r} (ids look like 'APL-10042')")
    return row


def _parcel(db: Database, parcel_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM parcels WHERE parcel_id = ?", [parcel_id.strip().upper()])
    if row is None:
        raise ToolError(f"no parcel with id {parcel_id!r} (ids look like 'PCL-20417')")
    return row


def _type(db: Database, type_code: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM permit_types WHERE type_code = ?", [type_code.strip().upper()])
    if row is None:
        raise ToolError(f"no permit type {type_code!r}; see list_permit_types")
    return row


def _application(db: Database, application_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM applications WHERE application_id = ?", [application_id.strip().upper()])
    if row is None:
        raise ToolError(f"no application with id {application_id!r} (ids look like 'APP-26104')")
    return row


def _inspection(db: Database, inspection_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM inspections WHERE inspection_id = ?", [inspection_id.strip().upper()])
    if row is None:
        raise ToolError(f"no inspection with id {inspection_id!r} (ids look like 'INS-80412')")
    return row


def _license(db: Database, license_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT l.*, c.business_name FROM licenses l JOIN contractors c "
                       "ON c.contractor_id = l.contractor_id WHERE l.license_id = ?", [license_id.strip().upper()])
    if row is None:
        raise ToolError(f"no contractor licence with id {license_id!r} (ids look like 'LIC-4012'); "
                        "see find_contractor")
    return row


def _check_license(db: Database, lic: dict[str, Any], trade: str, action: str) -> None:
    if lic["trade"] != trade:
        raise ToolError(f"{lic['business_name']}'s licence {lic['license_number']} is a {lic['trade']} licence; "
                        f"this work needs a {trade} contractor")
    if lic["status"] != "active":
        raise ToolError(f"{lic['business_name']}'s {trade} licence {lic['license_number']} is {lic['status']}; "
                        f"it cannot be used to {action}")
    if as_date(lic["expires_on"]) < _today(db):
        raise ToolError(f"{lic['business_name']}'s {trade} licence {lic['license_number']} expired on "
                        f"{lic['expires_on']}; it cannot be used to {action}")


def _fee_lines(t: dict[str, Any], parcel: dict[str, Any], valuation: float) -> list[tuple[str, float]]:
    """The submission fees: plan review (if any), historic review (exterior work in the district), the permit fee."""
    permit = _money(max(t["min_fee"], t["base_fee"] + t["rate_per_1000"] * math.ceil(valuation / 1000)))
    lines = []
    if t["plan_review_pct"]:
        lines.append(("plan_review", _money(permit * t["plan_review_pct"] / 100)))
    if parcel["historic_district"] and t["exterior_work"]:
        lines.append(("historic_review", HISTORIC_REVIEW_FEE))
    lines.append(("permit", permit))
    return lines


def _permit_fee(db: Database, app: dict[str, Any]) -> float:
    return _money(db.scalar("SELECT amount FROM fees WHERE application_id = ? AND kind = 'permit'",
                            [app["application_id"]]))


def _extension_fee(db: Database, app: dict[str, Any]) -> float:
    return max(EXTENSION_FEE_MIN, _money(_permit_fee(db, app) * EXTENSION_FEE_PCT / 100))


def _is_business(db: Database, day: date) -> bool:
    return day.weekday() < 5 and not db.scalar("SELECT count(*) FROM holidays WHERE holiday_date = ?",
                                               [day.isoformat()])


def _next_business(db: Database, day: date) -> date:
    day += timedelta(days=1)
    while not _is_business(db, day):
        day += timedelta(days=1)
    return day


def _prev_business(db: Database, day: date) -> date:
    day -= timedelta(days=1)
    while not _is_business(db, day):
        day -= timedelta(days=1)
    return day


def _booking_window(db: Database) -> tuple[date, date]:
    """First and last day an inspection can be booked now: from the next business day (the one after when it is
    past the 15:00 cut-off) to 10 business days after today."""
    today = _today(db)
    first = _next_business(db, today)
    if _now(db) >= at(today, CUTOFF):
        first = _next_business(db, first)
    last = today
    for _ in range(AHEAD):
        last = _next_business(db, last)
    return first, last


def _cutoff(db: Database, day: date) -> datetime:
    return at(_prev_business(db, day), CUTOFF)


def _window_load(db: Database, district: str, day: date, window: str, exclude: str = "") -> list[dict[str, Any]]:
    return db.query("SELECT i.inspector_id, i.name, (SELECT count(*) FROM inspections x WHERE x.inspector_id = "
                    "i.inspector_id AND x.scheduled_date = ? AND x.time_window = ? AND x.status = 'scheduled' AND "
                    "x.inspection_id <> ?) AS booked FROM inspectors i WHERE i.district = ? ORDER BY booked, "
                    "i.inspector_id", [day.isoformat(), window, exclude, district])


def _check_day(db: Database, day: date, app: dict[str, Any]) -> None:
    first, last = _booking_window(db)
    if not _is_business(db, day):
        holiday = db.scalar("SELECT name FROM holidays WHERE holiday_date = ?", [day.isoformat()])
        why = f"a city holiday ({holiday})" if holiday else "a weekend"
        raise ToolError(f"{day.isoformat()} is {why}; inspections are done on business days only")
    if day < first:
        raise ToolError(f"the earliest inspection date that can be booked now is {first.isoformat()} (requests "
                        f"for the next business day close at {CUTOFF})")
    if day > last:
        raise ToolError(f"inspections can be booked at most {AHEAD} business days ahead, through {last.isoformat()}")
    if app["expires_on"] and day > as_date(app["expires_on"]):
        raise ToolError(f"permit {app['application_id']} expires on {app['expires_on']}; an inspection must be on or "
                        "before that day (request an extension first)")


def _pick_inspector(db: Database, district: str, day: date, window: str, exclude: str = "") -> dict[str, Any]:
    load = _window_load(db, district, day, window, exclude)
    if load[0]["booked"] >= PER_INSPECTOR:
        raise ToolError(f"the {district} district is fully booked on {day.isoformat()} in the {window} window "
                        f"({PER_INSPECTOR * len(load)} inspections); see find_inspection_openings")
    return load[0]


def _progress(db: Database, app: dict[str, Any], t: dict[str, Any]) -> dict[str, Any]:
    """Where the permit is in its inspection sequence: passed types, the next one, an open booking, a failure."""
    seq = t["inspection_sequence"].split(",")
    rows = db.query("SELECT * FROM inspections WHERE application_id = ? ORDER BY scheduled_date, inspection_id",
                    [app["application_id"]])
    passed = {r["inspection_type"] for r in rows if r["status"] == "passed"}
    nxt = next((k for k in seq if k not in passed), None)
    open_ = next((r for r in rows if r["status"] == "scheduled"), None)
    failed = nxt is not None and any(r["inspection_type"] == nxt and r["status"] == "failed" for r in rows)
    return {"sequence": seq, "passed": [k for k in seq if k in passed], "next": nxt, "open": open_,
            "reinspection": failed, "rows": rows}


def _due(db: Database, application_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT fee_id, kind, amount FROM fees WHERE application_id = ? AND status = 'due' "
                    "ORDER BY fee_id", [application_id])


def _require_issued(db: Database, app: dict[str, Any], action: str) -> None:
    if app["status"] != "issued":
        raise ToolError(f"application {app['application_id']} is {app['status']}; only issued permits can {action}")
    if as_date(app["expires_on"]) < _today(db):
        raise ToolError(f"permit {app['application_id']} expired on {app['expires_on']}; it cannot {action}")


def _contractor_ok_for_inspection(db: Database, app: dict[str, Any], t: dict[str, Any]) -> None:
    if app["license_id"]:
        _check_license(db, _license(db, app["license_id"]), t["required_trade"], "book inspections; the owner must "
                       "name a currently licensed contractor first")


def _refund_preview(db: Database, app: dict[str, Any]) -> tuple[float, list[dict[str, Any]]]:
    pct = REFUND_PCT[app["status"]]
    lines = []
    for f in db.query("SELECT fee_id, kind, amount FROM fees WHERE application_id = ? AND status = 'paid' "
                      "ORDER BY fee_id", [app["application_id"]]):
        share = pct.get(f["kind"], 0)
        lines.append({"fee_id": f["fee_id"], "kind": f["kind"], "paid": f["amount"], "refund_pct": share,
                      "refund": _money(f["amount"] * share / 100)})
    return _money(sum(x["refund"] for x in lines)), lines


def _withdraw_block(db: Database, app: dict[str, Any]) -> str | None:
    if app["status"] not in ACTIVE:
        return f"application {app['application_id']} is {app['status']}; only submitted, in-review, approved or " \
               "issued applications can be withdrawn"
    if app["status"] == "issued":
        done = db.scalar("SELECT count(*) FROM inspections WHERE application_id = ? AND status IN "
                         "('passed', 'failed')", [app["application_id"]])
        if done:
            return f"permit {app['application_id']} already has inspection results; an issued permit can only be " \
                   "withdrawn before any inspection is performed"
    return None


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_applicant(db: Database, first_name: str, last_name: str, email: str) -> dict:
    """Identify an applicant (a property owner) by name and the email address on file.

    Args:
        first_name: The applicant's first name, e.g. "Dana".
        last_name: The applicant's last name, e.g. "Whitfield".
        email: The email address on file, e.g. "dana.whitfield@example.org".

    Returns:
        The applicant id and name.
    """
    row = db.query_one("SELECT applicant_id, first_name, last_name FROM applicants WHERE lower(first_name) = "
                       "lower(?) AND lower(last_name) = lower(?) AND lower(email) = lower(?)",
                       [first_name.strip(), last_name.strip(), email.strip()])
    if row is None:
        raise ToolError("no applicant matches that name and email address")
    return row


@tool
def get_applicant_profile(db: Database, applicant_id: str) -> dict:
    """Get an applicant's contact details and the parcels they own (zoning, district, historic district, holds).

    Args:
        applicant_id: The applicant's id, e.g. "APL-10042" (from find_applicant).

    Returns:
        Name, email, phone, mailing address and the owned parcels.
    """
    a = _applicant(db, applicant_id)
    parcels = db.query("SELECT parcel_id, address, zoning, district, lot_sqft, historic_district, hold_reason "
                       "FROM parcels WHERE owner_id = ? ORDER BY parcel_id", [a["applicant_id"]])
    return {"applicant_id": a["applicant_id"], "name": f"{a['first_name']} {a['last_name']}", "email": a["email"],
            "phone": a["phone"], "mailing_address": a["mailing_address"], "parcels": parcels}


@tool
def lookup_parcel(db: Database, address: str) -> dict:
    """Look up a parcel by its street address (public record): zoning, district, historic district and holds.

    Args:
        address: The street address, e.g. "418 Alder Row" (number and street, without the city).

    Returns:
        The parcel's id, address, zoning, inspection district, lot size, historic district flag and any hold.
    """
    text = " ".join(address.replace(",", " ").split()).lower()
    row = db.query_one("SELECT parcel_id, address, zoning, district, lot_sqft, historic_district, hold_reason "
                       "FROM parcels WHERE lower(address) = ? OR ? LIKE lower(address) || ' %'", [text, text])
    if row is None:
        raise ToolError(f"no parcel at {address!r}; give the street number and street name, e.g. '418 Alder Row'")
    return row


@tool
def list_permit_types(db: Database, zoning: str | None = None) -> list:
    """List the permit types: code, name, the contractor trade they need, owner-builder and allowed zones.

    Args:
        zoning: Only types allowed in this zoning code (R-1, R-2, MU, C-1 or I-1); omit for all.

    Returns:
        Each type's code, name, required contractor trade, whether owners may build it themselves and its allowed
        zones (fees and inspections: get_permit_type).
    """
    rows = db.query("SELECT type_code, name, required_trade, owner_builder_allowed, allowed_zones "
                    "FROM permit_types ORDER BY type_code")
    if zoning:
        code = zoning.strip().upper()
        rows = [r for r in rows if code in r["allowed_zones"].split(",")]
        if not rows:
            raise ToolError(f"unknown zoning code {zoning!r}; codes are R-1, R-2, MU, C-1 and I-1")
    return rows


@tool
def get_permit_type(db: Database, type_code: str) -> dict:
    """Get one permit type in full: fee schedule, licensing, zones, inspection sequence, validity and extensions.

    Args:
        type_code: The permit type, e.g. "DECK" (from list_permit_types).

    Returns:
        The fee formula (base fee, rate per started $1,000 of valuation, minimum permit fee, plan review
        percentage, whether historic review applies), required trade, owner-builder, allowed zones, the inspections
        in order, validity in days, extensions allowed and the extension and re-inspection fee rules.
    """
    t = _type(db, type_code)
    return {**t, "inspection_sequence": t["inspection_sequence"].split(","),
            "historic_review_fee": HISTORIC_REVIEW_FEE if t["exterior_work"] else 0.0,
            "reinspection_fee": REINSPECTION_FEE, "extension_days": EXTENSION_DAYS,
            "extension_fee": f"{EXTENSION_FEE_PCT}% of the permit fee, at least ${EXTENSION_FEE_MIN:.2f}"}


@tool
def quote_permit_fees(db: Database, type_code: str, valuation: float, parcel_id: str | None = None) -> dict:
    """Quote the submission fees of a permit type for a declared valuation (and parcel, for historic review).

    Args:
        type_code: The permit type, e.g. "DECK" (from list_permit_types).
        valuation: The declared value of the work in dollars, e.g. 18500.
        parcel_id: The parcel, e.g. "PCL-20417", to include the historic review fee where it applies; optional.

    Returns:
        The fee lines (plan review, historic review, permit) and their total.
    """
    t = _type(db, type_code)
    if not MIN_VALUATION <= valuation <= MAX_VALUATION:
        raise ToolError(f"valuation must be between ${MIN_VALUATION:,} and ${MAX_VALUATION:,}, got {valuation}")
    parcel = _parcel(db, parcel_id) if parcel_id else {"historic_district": False}
    lines = _fee_lines(t, parcel, valuation)
    out = {"type_code": t["type_code"], "permit_type": t["name"], "valuation": _money(valuation),
           **{f"{k}_fee": v for k, v in lines}, "total": _money(sum(v for _, v in lines))}
    if parcel_id:
        out["parcel_id"] = parcel["parcel_id"]
    return out


@tool
def find_contractor(db: Database, business_name: str) -> list:
    """Find contractors by business name (or part of it) with their licences: trade, number, status and expiry.

    Args:
        business_name: The contractor's business name or a word of it, e.g. "Brightline".

    Returns:
        Up to 5 contractors, each with its licences (license id, trade, number, status, expiry, whether it is
        valid today).
    """
    words = business_name.strip().lower()
    if len(words) < 3:
        raise ToolError("give at least 3 letters of the business name")
    rows = db.query("SELECT contractor_id, business_name, contact_name, phone FROM contractors WHERE "
                    "contains(lower(business_name), ?) ORDER BY business_name LIMIT 5", [words])
    if not rows:
        raise ToolError(f"no contractor whose business name contains {business_name!r}")
    today = _today(db)
    for r in rows:
        lics = db.query("SELECT license_id, trade, license_number, status, expires_on FROM licenses "
                        "WHERE contractor_id = ? ORDER BY license_id", [r["contractor_id"]])
        for lic in lics:
            lic["business_name"] = r["business_name"]
            lic["valid_today"] = lic["status"] == "active" and as_date(lic["expires_on"]) >= today
        r["licenses"] = lics
    return rows


@tool
def list_applications(db: Database, applicant_id: str, status: Status | None = None, offset: int = 0) -> dict:
    """List an applicant's applications and permits, latest submission first, 8 at a time.

    Args:
        applicant_id: The applicant's id, e.g. "APL-10042".
        status: Only applications with this status; omit for all.
        offset: How many to skip, for the next page (the "next_offset" of the previous result); 0 for the first.

    Returns:
        Up to 8 applications: id, parcel address, permit type, description, status, submission date and expiry;
        "more" is true when there are others, fetched with offset set to "next_offset".
    """
    a = _applicant(db, applicant_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query(
        "SELECT x.application_id, x.parcel_id, p.address, t.name AS permit_type, x.description, "
        "x.status, CAST(x.submitted_at AS DATE) AS submitted_on, x.expires_on FROM applications x "
        "JOIN parcels p ON p.parcel_id = x.parcel_id JOIN permit_types t ON t.type_code = x.type_code "
        "WHERE x.applicant_id = ? AND (? IS NULL OR x.status = ?) ORDER BY x.submitted_at DESC, x.application_id "
        f"LIMIT {APPLICATIONS_PAGE + 1} OFFSET ?", [a["applicant_id"], status, status, offset])
    out: dict[str, Any] = {"applicant_id": a["applicant_id"], "applications": rows[:APPLICATIONS_PAGE],
                           "more": len(rows) > APPLICATIONS_PAGE}
    if out["more"]:
        out["next_offset"] = offset + APPLICATIONS_PAGE
    return out


@tool
def get_application(db: Database, application_id: str) -> dict:
    """Get one application or permit in full: parcel, type, contractor, status and dates, fees, inspections.

    Args:
        application_id: The application (permit) id, e.g. "APP-26104".

    Returns:
        The application with its contractor licence, fees (due and paid) and amount due, inspections in date
        order, the next inspection required, extension terms for issued permits and the refund if withdrawn now.
    """
    app = _application(db, application_id)
    t = _type(db, app["type_code"])
    parcel = _parcel(db, app["parcel_id"])
    out: dict[str, Any] = {
        "application_id": app["application_id"], "applicant_id": app["applicant_id"],
        "parcel_id": parcel["parcel_id"], "address": parcel["address"], "district": parcel["district"],
        "permit_type": t["name"], "description": app["description"],
        "valuation": app["valuation"], "status": app["status"], "submitted_at": format_time(app["submitted_at"])}
    for key in ("review_started_at", "approved_at", "issued_at", "finaled_at", "withdrawn_at"):
        if app[key]:
            out[key] = format_time(app[key])
    if app["license_id"]:
        lic = _license(db, app["license_id"])
        out["contractor"] = {"license_id": lic["license_id"], "business_name": lic["business_name"],
                             "trade": lic["trade"], "license_number": lic["license_number"],
                             "license_status": lic["status"], "license_expires_on": lic["expires_on"]}
    else:
        out["contractor"] = "owner-builder"
    out["fees"] = db.query("SELECT fee_id, kind, amount, status, CAST(assessed_at AS DATE) AS assessed_on, "
                           "CAST(paid_at AS DATE) AS paid_on FROM fees WHERE application_id = ? ORDER BY fee_id",
                           [app["application_id"]])
    out["amount_due"] = _money(sum(f["amount"] for f in out["fees"] if f["status"] == "due"))
    prog = _progress(db, app, t)
    out["inspection_sequence"] = prog["sequence"]
    out["inspections"] = [{"inspection_id": r["inspection_id"], "inspection_type": r["inspection_type"],
                           "scheduled_date": r["scheduled_date"], "time_window": r["time_window"],
                           "status": r["status"], "result_notes": r["result_notes"]} for r in prog["rows"]]
    if app["status"] == "issued":
        out["next_inspection"] = prog["next"]
        out["expires_on"] = app["expires_on"]
        out["extensions_used"] = app["extensions_used"]
        out["extensions_allowed"] = t["max_extensions"]
        out["extension_fee"] = _extension_fee(db, app)
    elif app["expires_on"]:
        out["expires_on"] = app["expires_on"]
    if _withdraw_block(db, app) is None:
        out["refund_if_withdrawn"] = _refund_preview(db, app)[0]
    return out


@tool
def find_inspection_openings(db: Database, application_id: str) -> dict:
    """List the bookable inspection days for a permit's district: every business day in the booking window with
    the places left in the morning (am, 8:00-12:00) and afternoon (pm, 12:00-16:00) windows.

    Args:
        application_id: The permit, e.g. "APP-26104" (its parcel's district is used).

    Returns:
        The district, the next inspection the permit needs, and per business day the places left per window.
    """
    app = _application(db, application_id)
    parcel = _parcel(db, app["parcel_id"])
    first, last = _booking_window(db)
    days = []
    day = first
    while day <= last:
        if _is_business(db, day) and not (app["expires_on"] and day > as_date(app["expires_on"])):
            entry: dict[str, Any] = {"date": day.isoformat(), "weekday": day.strftime("%A")}
            for w in ("am", "pm"):
                load = _window_load(db, parcel["district"], day, w)
                entry[f"{w}_places_left"] = sum(PER_INSPECTOR - x["booked"] for x in load)
            days.append(entry)
        day += timedelta(days=1)
    t = _type(db, app["type_code"])
    return {"application_id": app["application_id"], "district": parcel["district"],
            "next_inspection": _progress(db, app, t)["next"] if app["status"] == "issued" else None,
            "days": days}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def submit_application(db: Database, applicant_id: str, parcel_id: str, type_code: str, valuation: float,
                       license_id: str | None = None) -> dict:
    """File a permit application for a parcel the applicant owns; the submission fees are assessed (due).

    Args:
        applicant_id: The applicant (the parcel's owner), e.g. "APL-10042".
        parcel_id: The parcel, e.g. "PCL-20417" (from get_applicant_profile).
        type_code: The permit type, e.g. "DECK" (from list_permit_types).
        valuation: The declared value of the work in dollars, e.g. 18500.
        license_id: The contractor of record's licence, e.g. "LIC-4012" (from find_contractor); omit when the owner
            does the work (owner-builder, only for types that allow it).

    Returns:
        The new application id, its status and the fees due.
    """
    a = _applicant(db, applicant_id)
    parcel = _parcel(db, parcel_id)
    t = _type(db, type_code)
    if parcel["owner_id"] != a["applicant_id"]:
        raise ToolError(f"parcel {parcel['parcel_id']} ({parcel['address']}) is not owned by applicant "
                        f"{a['applicant_id']}; only the owner of record can apply")
    if parcel["hold_reason"]:
        raise ToolError(f"parcel {parcel['parcel_id']} ({parcel['address']}) is on hold: {parcel['hold_reason']}; "
                        "no new applications until it is cleared")
    if parcel["zoning"] not in t["allowed_zones"].split(","):
        raise ToolError(f"a {t['name']} permit is not allowed in zoning {parcel['zoning']} (allowed: "
                        f"{t['allowed_zones']})")
    if not MIN_VALUATION <= valuation <= MAX_VALUATION:
        raise ToolError(f"valuation must be between ${MIN_VALUATION:,} and ${MAX_VALUATION:,}, got {valuation}")
    dup = db.query_one("SELECT application_id, status FROM applications WHERE parcel_id = ? AND type_code = ? AND "
                       f"status IN {ACTIVE}", [parcel["parcel_id"], t["type_code"]])
    if dup:
        raise ToolError(f"parcel {parcel['parcel_id']} already has an active {t['name']} application "
                        f"({dup['application_id']}, {dup['status']})")
    lic_id = None
    if license_id:
        lic = _license(db, license_id)
        _check_license(db, lic, t["required_trade"], "file an application")
        lic_id = lic["license_id"]
    elif not t["owner_builder_allowed"]:
        raise ToolError(f"a {t['name']} permit needs a licensed {t['required_trade']} contractor; owners cannot "
                        "build it themselves")
    app_id = _IDS.next(db, "APP-")
    db.execute("INSERT INTO applications VALUES (?, ?, ?, ?, ?, ?, ?, 'submitted', ?, NULL, NULL, NULL, NULL, 0, "
               "NULL, NULL, NULL)", [app_id, a["applicant_id"], parcel["parcel_id"], t["type_code"], lic_id,
                                     t["name"], _money(valuation), db.now])
    fees = []
    for kind, amount in _fee_lines(t, parcel, valuation):
        fee_id = _IDS.next(db, "FEE-")
        db.execute("INSERT INTO fees VALUES (?, ?, ?, ?, 'due', ?, NULL, NULL, NULL)",
                   [fee_id, app_id, kind, amount, db.now])
        fees.append({"fee_id": fee_id, "kind": kind, "amount": amount})
    return {"application_id": app_id, "status": "submitted", "permit_type": t["name"], "address": parcel["address"],
            "contractor": lic_id or "owner-builder", "fees": fees,
            "amount_due": _money(sum(f["amount"] for f in fees))}


@tool(writes=True)
def pay_fees(db: Database, application_id: str, method: Method) -> dict:
    """Pay every fee due on an application at once (submission, re-inspection and extension fees).

    Args:
        application_id: The application, e.g. "APP-26104".
        method: How the applicant pays: "card", "check" or "ach".

    Returns:
        The fees paid and the total.
    """
    app = _application(db, application_id)
    if app["status"] in ("withdrawn", "finaled"):
        raise ToolError(f"application {app['application_id']} is {app['status']}; it takes no payments")
    due = _due(db, app["application_id"])
    if not due:
        raise ToolError(f"application {app['application_id']} has no fees due")
    db.execute("UPDATE fees SET status = 'paid', paid_at = ?, payment_method = ? WHERE application_id = ? AND "
               "status = 'due'", [db.now, method, app["application_id"]])
    return {"application_id": app["application_id"], "paid": due, "total_paid": _money(sum(f["amount"] for f in due)),
            "method": method}


@tool(writes=True)
def issue_permit(db: Database, application_id: str) -> dict:
    """Issue the permit of an approved application once every fee is paid and the contractor's licence is valid.

    Args:
        application_id: The approved application, e.g. "APP-26104".

    Returns:
        The permit number, issue time, expiry date and the first inspection needed.
    """
    app = _application(db, application_id)
    if app["status"] != "approved":
        raise ToolError(f"application {app['application_id']} is {app['status']}; only approved applications can "
                        "be issued")
    due = _due(db, app["application_id"])
    if due:
        raise ToolError(f"application {app['application_id']} has ${_money(sum(f['amount'] for f in due)):.2f} in "
                        "fees due; every fee must be paid before the permit is issued")
    t = _type(db, app["type_code"])
    if app["license_id"]:
        _check_license(db, _license(db, app["license_id"]), t["required_trade"], "issue a permit; name a currently "
                       "licensed contractor first")
    expires = _today(db) + timedelta(days=t["validity_days"])
    db.execute("UPDATE applications SET status = 'issued', issued_at = ?, expires_on = ? WHERE application_id = ?",
               [db.now, expires.isoformat(), app["application_id"]])
    return {"application_id": app["application_id"], "status": "issued", "issued_at": format_time(db.now),
            "expires_on": expires.isoformat(), "first_inspection": t["inspection_sequence"].split(",")[0]}


@tool(writes=True)
def change_contractor(db: Database, application_id: str, new_license_id: str) -> dict:
    """Replace the contractor of record on an open application or issued permit (or name one for an owner-builder).

    Args:
        application_id: The application or permit, e.g. "APP-26104".
        new_license_id: The new contractor's licence, e.g. "LIC-4012" (from find_contractor).

    Returns:
        The previous and new contractor.
    """
    app = _application(db, application_id)
    if app["status"] not in ACTIVE:
        raise ToolError(f"application {app['application_id']} is {app['status']}; the contractor can only change on "
                        "submitted, in-review, approved or issued applications")
    t = _type(db, app["type_code"])
    lic = _license(db, new_license_id)
    if lic["license_id"] == app["license_id"]:
        raise ToolError(f"{lic['business_name']} ({lic['license_id']}) already is the contractor of record")
    _check_license(db, lic, t["required_trade"], "be named contractor of record")
    old = _license(db, app["license_id"])["business_name"] if app["license_id"] else "owner-builder"
    db.execute("UPDATE applications SET license_id = ? WHERE application_id = ?",
               [lic["license_id"], app["application_id"]])
    return {"application_id": app["application_id"], "previous_contractor": old,
            "contractor": lic["business_name"], "license_id": lic["license_id"]}


@tool(writes=True)
def withdraw_application(db: Database, application_id: str, reason: WithdrawReason) -> dict:
    """Withdraw an application or an issued permit without inspection results; paid fees are refunded by stage.

    Submitted: every paid fee back. In review or approved: the permit fee back, plan and historic review kept.
    Issued (no inspection performed yet): 75% of the permit fee back. Unpaid fees are voided.

    Args:
        application_id: The application, e.g. "APP-26104".
        reason: project_cancelled, applied_in_error, budget or hired_other_contractor.

    Returns:
        The new status, the refund (with its lines) and the fees voided.
    """
    app = _application(db, application_id)
    block = _withdraw_block(db, app)
    if block:
        raise ToolError(block)
    refund, lines = _refund_preview(db, app)
    voided = db.query("SELECT fee_id, amount FROM fees WHERE application_id = ? AND status = 'due' ORDER BY fee_id",
                      [app["application_id"]])
    db.execute("UPDATE fees SET status = 'void' WHERE application_id = ? AND status = 'due'", [app["application_id"]])
    db.execute("UPDATE inspections SET status = 'cancelled', cancelled_at = ?, cancel_reason = 'not_ready' WHERE "
               "application_id = ? AND status = 'scheduled'", [db.now, app["application_id"]])
    db.execute("UPDATE applications SET status = 'withdrawn', withdrawn_at = ?, withdraw_reason = ? WHERE "
               "application_id = ?", [db.now, reason, app["application_id"]])
    out: dict[str, Any] = {"application_id": app["application_id"], "status": "withdrawn", "stage": app["status"],
                           "refund": refund, "refund_lines": [x for x in lines if x["refund"]],
                           "voided_fees": voided}
    if refund:
        refund_id = _IDS.next(db, "RFD-")
        db.execute("INSERT INTO refunds VALUES (?, ?, ?, ?, ?)",
                   [refund_id, app["application_id"], app["status"], refund, db.now])
        out["refund_id"] = refund_id
    return out


@tool(writes=True)
def schedule_inspection(db: Database, application_id: str, inspection_type: InspectionType, inspection_date: str,
                        time_window: Window) -> dict:
    """Book the next inspection of an issued permit on a business day in the booking window.

    Inspections follow the permit type's sequence (a failed one is repeated); one booking per permit at a time;
    no booking while fees are due.

    Args:
        application_id: The issued permit, e.g. "APP-26104".
        inspection_type: The inspection to book, e.g. "framing" (the permit's next one).
        inspection_date: The day, e.g. "2026-10-14".
        time_window: "am" (8:00-12:00) or "pm" (12:00-16:00).

    Returns:
        The inspection id, date, window and inspector.
    """
    app = _application(db, application_id)
    _require_issued(db, app, "be inspected")
    t = _type(db, app["type_code"])
    prog = _progress(db, app, t)
    if prog["open"]:
        o = prog["open"]
        raise ToolError(f"permit {app['application_id']} already has the {o['inspection_type']} inspection "
                        f"{o['inspection_id']} booked on {o['scheduled_date']} ({o['time_window']}); move or cancel "
                        "it instead")
    if inspection_type not in prog["sequence"]:
        raise ToolError(f"a {t['name']} permit has no {inspection_type} inspection; its sequence is "
                        f"{', '.join(prog['sequence'])}")
    if inspection_type != prog["next"]:
        if inspection_type in prog["passed"]:
            raise ToolError(f"the {inspection_type} inspection of {app['application_id']} already passed; the next "
                            f"one is {prog['next']}")
        raise ToolError(f"inspections go in order ({', '.join(prog['sequence'])}); {app['application_id']} needs "
                        f"its {prog['next']} inspection to pass before {inspection_type}")
    due = _due(db, app["application_id"])
    if due:
        kinds = ", ".join(sorted({f["kind"].replace("_", " ") for f in due}))
        raise ToolError(f"permit {app['application_id']} has ${_money(sum(f['amount'] for f in due)):.2f} due "
                        f"({kinds}); no inspection can be booked until it is paid")
    _contractor_ok_for_inspection(db, app, t)
    day = _day(inspection_date, "inspection_date")
    _check_day(db, day, app)
    parcel = _parcel(db, app["parcel_id"])
    inspector = _pick_inspector(db, parcel["district"], day, time_window)
    ins_id = _IDS.next(db, "INS-")
    db.execute("INSERT INTO inspections VALUES (?, ?, ?, ?, ?, ?, 'scheduled', ?, NULL, NULL, NULL)",
               [ins_id, app["application_id"], inspection_type, day.isoformat(), time_window,
                inspector["inspector_id"], db.now])
    return {"inspection_id": ins_id, "application_id": app["application_id"], "inspection_type": inspection_type,
            "scheduled_date": day.isoformat(), "time_window": time_window, "inspector": inspector["name"],
            "reinspection": prog["reinspection"]}


def _open_inspection(db: Database, inspection_id: str, action: str) -> dict[str, Any]:
    ins = _inspection(db, inspection_id)
    if ins["status"] != "scheduled":
        raise ToolError(f"inspection {ins['inspection_id']} is {ins['status']}; only scheduled inspections can be "
                        f"{action}")
    cutoff = _cutoff(db, as_date(ins["scheduled_date"]))
    if _now(db) >= cutoff:
        raise ToolError(f"inspection {ins['inspection_id']} on {ins['scheduled_date']} can no longer be {action}: "
                        f"changes close at {format_time(cutoff)} (15:00 on the business day before)")
    return ins


@tool(writes=True)
def reschedule_inspection(db: Database, inspection_id: str, new_date: str, time_window: Window) -> dict:
    """Move a scheduled inspection to another day or window, before 15:00 on the business day before it.

    Args:
        inspection_id: The scheduled inspection, e.g. "INS-80412".
        new_date: The new day, e.g. "2026-10-15".
        time_window: "am" (8:00-12:00) or "pm" (12:00-16:00).

    Returns:
        The inspection's new date, window and inspector.
    """
    ins = _open_inspection(db, inspection_id, "moved")
    app = _application(db, ins["application_id"])
    day = _day(new_date, "new_date")
    if day.isoformat() == str(ins["scheduled_date"]) and time_window == ins["time_window"]:
        raise ToolError(f"inspection {ins['inspection_id']} already is on {day.isoformat()} ({time_window})")
    _require_issued(db, app, "be inspected")
    _check_day(db, day, app)
    parcel = _parcel(db, app["parcel_id"])
    inspector = _pick_inspector(db, parcel["district"], day, time_window, exclude=ins["inspection_id"])
    db.execute("UPDATE inspections SET scheduled_date = ?, time_window = ?, inspector_id = ? WHERE inspection_id = ?",
               [day.isoformat(), time_window, inspector["inspector_id"], ins["inspection_id"]])
    return {"inspection_id": ins["inspection_id"], "inspection_type": ins["inspection_type"],
            "previous_date": ins["scheduled_date"], "scheduled_date": day.isoformat(), "time_window": time_window,
            "inspector": inspector["name"]}


@tool(writes=True)
def cancel_inspection(db: Database, inspection_id: str, reason: CancelReason) -> dict:
    """Cancel a scheduled inspection, before 15:00 on the business day before it.

    Args:
        inspection_id: The scheduled inspection, e.g. "INS-80412".
        reason: not_ready, weather, contractor_unavailable or owner_unavailable.

    Returns:
        The cancelled inspection.
    """
    ins = _open_inspection(db, inspection_id, "cancelled")
    db.execute("UPDATE inspections SET status = 'cancelled', cancelled_at = ?, cancel_reason = ? "
               "WHERE inspection_id = ?", [db.now, reason, ins["inspection_id"]])
    return {"inspection_id": ins["inspection_id"], "status": "cancelled", "inspection_type": ins["inspection_type"],
            "scheduled_date": ins["scheduled_date"]}


@tool(writes=True)
def request_extension(db: Database, application_id: str) -> dict:
    """Extend an issued permit by 90 days, within 30 days before it expires; the extension fee is assessed (due).

    Args:
        application_id: The issued permit, e.g. "APP-26104".

    Returns:
        The new expiry date, extensions used and allowed, and the extension fee due.
    """
    app = _application(db, application_id)
    _require_issued(db, app, "be extended")
    t = _type(db, app["type_code"])
    if app["extensions_used"] >= t["max_extensions"]:
        raise ToolError(f"permit {app['application_id']} has used {app['extensions_used']} of "
                        f"{t['max_extensions']} extensions allowed for a {t['name']} permit")
    expires = as_date(app["expires_on"])
    opens = expires - timedelta(days=EXTENSION_WINDOW_DAYS)
    if _today(db) < opens:
        raise ToolError(f"permit {app['application_id']} expires on {expires.isoformat()}; extensions can be "
                        f"requested only in the last {EXTENSION_WINDOW_DAYS} days, from {opens.isoformat()}")
    fee = _extension_fee(db, app)
    new_expiry = expires + timedelta(days=EXTENSION_DAYS)
    db.execute("UPDATE applications SET expires_on = ?, extensions_used = extensions_used + 1 WHERE "
               "application_id = ?", [new_expiry.isoformat(), app["application_id"]])
    fee_id = _IDS.next(db, "FEE-")
    db.execute("INSERT INTO fees VALUES (?, ?, 'extension', ?, 'due', ?, NULL, NULL, NULL)",
               [fee_id, app["application_id"], fee, db.now])
    return {"application_id": app["application_id"], "previous_expiry": expires.isoformat(),
            "expires_on": new_expiry.isoformat(), "extensions_used": app["extensions_used"] + 1,
            "extensions_allowed": t["max_extensions"], "fee_id": fee_id, "extension_fee": fee}
