"""Tools of the permits environment: the Westmere Permit Center (building permits, fees and inspections).

Reads identify applicants and look up their applications, the permit types, the contractor registry and the free
inspection slots. Writes assign contractors, submit, withdraw, issue and extend permits, take fee payments, and
book or cancel inspections, each under the office's rules.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool

CARD_RATE = Decimal("0.025")
EXTENSION_FEE = 75.00
EXTENSION_DAYS = 90
EXTENSION_WINDOW_DAYS = 30
BOOKING_HORIZON_DAYS = 14
TRADES = {"footing": "building", "framing": "building", "insulation": "building", "final": "building",
          "electrical_rough": "electrical", "plumbing_rough": "plumbing_mechanical",
          "mechanical_rough": "plumbing_mechanical"}
BEFORE_APPROVAL = ("draft", "submitted", "under_review")
WITHDRAWABLE = (*BEFORE_APPROVAL, "approved")

LicenceClass = Literal["general", "electrical", "plumbing", "mechanical", "roofing"]
Category = Literal["residential", "commercial", "trade"]
WithdrawalReason = Literal["project_cancelled", "changing_scope", "wrong_permit_type", "other"]

_APPLICATION_SQL = (
    "SELECT a.*, t.name AS permit_type_name, t.licence_class AS required_licence, t.validity_days, t.inspections "
    "AS required_inspections, t.plan_review_pct, t.plan_review_min, c.business_name AS contractor "
    "FROM applications a JOIN permit_types t ON t.permit_type = a.permit_type "
    "LEFT JOIN contractors c ON c.contractor_id = a.contractor_id WHERE a.application_id = ?")
_INSPECTION_SQL = (
    "SELECT i.*, s.starts_at, s.ends_at, p.first_name || ' ' || p.last_name AS inspector FROM inspections i "
    "LEFT JOIN inspection_slots s ON s.slot_id = i.slot_id LEFT JOIN inspectors p ON p.inspector_id = s.inspector_id ")
_OPEN_SLOTS_SQL = (
    "SELECT s.slot_id, s.starts_at, s.ends_at, s.district, p.first_name || ' ' || p.last_name AS inspector, "
    "p.trade FROM inspection_slots s JOIN inspectors p ON p.inspector_id = s.inspector_id WHERE NOT EXISTS "
    "(SELECT 1 FROM inspections i WHERE i.slot_id = s.slot_id AND i.status = 'scheduled') ")


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _money(x: Any) -> float:
    return float(Decimal(str(x)).quantize(Decimal("0.01"), ROUND_HALF_UP))


def _today(db: Database) -> date:
    return datetime.fromisoformat(db.now).date()


def _day(value: Any) -> date:
    return date.fromisoformat(str(value)[:10])


def _next_id(db: Database, table: str, column: str, prefix: str, width: int) -> str:
    last = db.scalar(f"SELECT max(CAST(substr({column}, {len(prefix) + 1}) AS INTEGER)) FROM {table}") or 0
    return f"{prefix}{last + 1:0{width}d}"


def _application(db: Database, application_id: str) -> dict[str, Any]:
    row = db.query_one(_APPLICATION_SQL, [application_id.strip().upper()])
    if row is None:
        raise ToolError(f"no application {application_id!r} (ids look like 'APP-26-0137'; see list_applications)")
    return row


def _inspection(db: Database, inspection_id: str) -> dict[str, Any]:
    row = db.query_one(_INSPECTION_SQL + "WHERE i.inspection_id = ?", [inspection_id.strip().upper()])
    if row is None:
        raise ToolError(f"no inspection {inspection_id!r} (ids look like 'INS-00781'; see get_application_details)")
    return row


def _contractor_status(db: Database, c: dict[str, Any]) -> str:
    if c["status"] != "active":
        return "suspended"
    today = _today(db)
    return "valid" if _day(c["licence_expires"]) >= today and _day(c["insurance_expires"]) >= today else "expired"


def _check_contractor(db: Database, app: dict[str, Any], c: dict[str, Any]) -> None:
    """Refuse a contractor that does not qualify for the application's permit type today."""
    needed = app["required_licence"] or "general"
    if c["licence_class"] != needed:
        raise ToolError(f"{c['business_name']} holds a {c['licence_class']} licence; a {app['permit_type_name']} "
                        f"permit needs a {needed} contractor")
    if c["status"] != "active":
        raise ToolError(f"{c['business_name']} is suspended by the licensing board and cannot be named on a permit")
    today = _today(db)
    if _day(c["licence_expires"]) < today:
        raise ToolError(f"the licence of {c['business_name']} expired on {c['licence_expires']}")
    if _day(c["insurance_expires"]) < today:
        raise ToolError(f"the liability insurance of {c['business_name']} expired on {c['insurance_expires']}")


def _fees(db: Database, application_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT f.fee_id, f.kind, replace(f.kind, '_', ' ') || ' fee' AS fee, f.amount, f.status, f.assessed_on, f.paid_on, f.payment_method, "
                    "a.description, a.site_address FROM fees f JOIN applications a ON a.application_id = f.application_id "
                    "WHERE f.application_id = ? ORDER BY f.fee_id", [application_id])


def _assess(db: Database, application_id: str, kind: str, amount: float) -> dict[str, Any]:
    fee_id = _next_id(db, "fees", "fee_id", "FEE-", 5)
    db.execute("INSERT INTO fees VALUES (?, ?, ?, ?, 'due', CAST(? AS DATE), NULL, NULL, 0)",
               [fee_id, application_id, kind, _money(amount), _today(db)])
    return {"fee_id": fee_id, "kind": kind, "amount": _money(amount), "status": "due"}


def _due(db: Database, application_id: str) -> list[dict[str, Any]]:
    return [f for f in _fees(db, application_id) if f["status"] == "due"]


def _describe_due(due: list[dict[str, Any]]) -> str:
    return ", ".join(f"{f['fee_id']} {f['kind']} {f['amount']:.2f}" for f in due)


def _check_booking(db: Database, insp: dict[str, Any], slot_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every rule of booking ``insp`` into a slot; returns (application, slot)."""
    app = _application(db, insp["application_id"])
    if app["status"] != "issued":
        raise ToolError(f"{app['application_id']} is {app['status']}; inspections are booked only on issued permits")
    if insp["status"] not in ("pending", "failed"):
        raise ToolError(f"inspection {insp['inspection_id']} is {insp['status']}; only pending or failed "
                        "inspections can be booked")
    due = _due(db, app["application_id"])
    if due:
        raise ToolError(f"{app['permit_number']} has unpaid fees ({_describe_due(due)}); they must be paid before "
                        "an inspection is booked")
    if insp["inspection_type"] == "final":
        others = db.query("SELECT inspection_type, status FROM inspections WHERE application_id = ? AND "
                          "inspection_type <> 'final' AND status <> 'passed' ORDER BY sequence",
                          [app["application_id"]])
        if others:
            left = ", ".join(f"{o['inspection_type']}: {o['status']}" for o in others)
            raise ToolError(f"the final inspection needs every other inspection passed first ({left})")
    slot = db.query_one(_OPEN_SLOTS_SQL.replace("WHERE NOT", "WHERE s.slot_id = ? AND NOT"), [slot_id.strip().upper()])
    if slot is None:
        if db.scalar("SELECT count(*) FROM inspection_slots WHERE slot_id = ?", [slot_id.strip().upper()]):
            raise ToolError(f"slot {slot_id.strip().upper()} is already booked; see find_inspection_openings")
        raise ToolError(f"no inspection slot {slot_id!r} (ids look like 'SLT-01234'; see find_inspection_openings)")
    trade = TRADES[insp["inspection_type"]]
    if slot["trade"] != trade or slot["district"] != app["district"]:
        raise ToolError(f"slot {slot['slot_id']} is a {slot['trade']} inspector's slot in the {slot['district']} "
                        f"district; a {insp['inspection_type']} inspection at {app['site_address']} needs a {trade} "
                        f"inspector in the {app['district']} district")
    day, today = _day(slot["starts_at"]), _today(db)
    if day <= today or day > today + timedelta(days=BOOKING_HORIZON_DAYS):
        raise ToolError(f"slot {slot['slot_id']} is on {day}; inspections are booked from tomorrow through "
                        f"{today + timedelta(days=BOOKING_HORIZON_DAYS)}")
    if day > _day(app["expires_on"]):
        raise ToolError(f"permit {app['permit_number']} expires on {app['expires_on']}, before that slot")
    return app, slot


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_applicant(db: Database, email: str, postal_code: str) -> dict:
    """Identify an applicant by the email address on file and the postal code of their mailing address.

    Args:
        email: The applicant's email address, e.g. "maya.ortiz@example.net".
        postal_code: The five-digit postal code of the mailing address, e.g. "58114".
    """
    row = db.query_one("SELECT applicant_id, first_name, last_name FROM applicants WHERE lower(email) = ? AND "
                       "postal_code = ?", [email.strip().lower(), postal_code.strip()])
    if row is None:
        raise ToolError("no applicant matches that email address and postal code")
    return row


@tool
def list_applications(db: Database, applicant_id: str) -> dict:
    """An applicant's permit applications, newest first, with status, site, work, contractor and permit dates.

    Args:
        applicant_id: The applicant's id, e.g. "APL-0042" (from find_applicant).
    """
    applicant = db.query_one("SELECT applicant_id, first_name, last_name FROM applicants WHERE applicant_id = ?",
                             [applicant_id.strip().upper()])
    if applicant is None:
        raise ToolError(f"no applicant {applicant_id!r}; use find_applicant")
    rows = db.query("SELECT a.application_id, a.permit_type, t.name AS permit_type_name, a.site_address, "
                    "a.district, a.description, a.valuation, a.status, c.business_name AS contractor, "
                    "a.submitted_on, a.issued_on, a.permit_number, a.expires_on FROM applications a JOIN "
                    "permit_types t ON t.permit_type = a.permit_type LEFT JOIN contractors c ON c.contractor_id = "
                    "a.contractor_id WHERE a.applicant_id = ? ORDER BY a.created_on DESC, a.application_id DESC",
                    [applicant["applicant_id"]])
    return {**applicant, "applications": rows}


@tool
def get_application_details(db: Database, application_id: str) -> dict:
    """One application in full: permit type, contractor and licence, fees with their status, inspections and
    the total still due.

    Args:
        application_id: The application, e.g. "APP-26-0137" (from list_applications).
    """
    app = _application(db, application_id)
    contractor = None
    if app["contractor_id"]:
        c = db.query_one("SELECT * FROM contractors WHERE contractor_id = ?", [app["contractor_id"]])
        contractor = {"contractor_id": c["contractor_id"], "business_name": c["business_name"],
                      "licence_class": c["licence_class"], "licence_expires": c["licence_expires"],
                      "licence_status": _contractor_status(db, c)}
    fees = _fees(db, app["application_id"])
    inspections = db.query(_INSPECTION_SQL.replace("i.*", "i.inspection_id, i.inspection_type, i.status, "
                                                   "i.result_on, replace(i.inspection_type, '_', ' ') || ' inspection' AS inspection, "
                                                   "a.description, a.site_address")
                           + "JOIN applications a ON a.application_id = i.application_id "
                           "WHERE i.application_id = ? ORDER BY i.sequence", [app["application_id"]])
    for i in inspections:
        if i["status"] != "scheduled":
            i["starts_at"] = i["ends_at"] = i["inspector"] = None
    return {"application_id": app["application_id"], "permit_type": app["permit_type"],
            "permit_type_name": app["permit_type_name"], "site_address": app["site_address"],
            "district": app["district"], "description": app["description"], "valuation": app["valuation"],
            "status": app["status"], "submitted_on": app["submitted_on"], "decided_on": app["decided_on"],
            "issued_on": app["issued_on"], "permit_number": app["permit_number"], "expires_on": app["expires_on"],
            "extended": app["extended"], "contractor": contractor, "fees": fees, "inspections": inspections,
            "total_due": _money(sum(f["amount"] for f in fees if f["status"] == "due"))}


@tool
def list_permit_types(db: Database, category: Category | None = None) -> list:
    """The permit types with their contractor licence, fee schedule, validity and required inspections.

    Args:
        category: Only this category: "residential", "commercial" or "trade"; omit for all.
    """
    rows = db.query("SELECT * FROM permit_types WHERE ? IS NULL OR category = ? ORDER BY permit_type",
                    [category, category])
    for r in rows:
        r["inspections"] = r["inspections"].split(",")
    return rows


@tool
def search_contractors(db: Database, licence_class: LicenceClass) -> list:
    """The registered contractors of one licence class, with licence and insurance expiry and whether they can
    be named on a permit today (licence_status valid, expired or suspended).

    Args:
        licence_class: "general", "electrical", "plumbing", "mechanical" or "roofing".
    """
    rows = db.query("SELECT * FROM contractors WHERE licence_class = ? ORDER BY business_name", [licence_class])
    return [{"contractor_id": c["contractor_id"], "business_name": c["business_name"],
             "licence_number": c["licence_number"], "licence_expires": c["licence_expires"],
             "insurance_expires": c["insurance_expires"], "licence_status": _contractor_status(db, c),
             "phone": c["phone"]} for c in rows]


@tool
def find_inspection_openings(db: Database, inspection_id: str) -> dict:
    """The free slots in which an inspection can be booked: inspectors of its trade in the site's district,
    from tomorrow through 14 days ahead.

    Args:
        inspection_id: The inspection, e.g. "INS-00781" (from get_application_details).
    """
    insp = _inspection(db, inspection_id)
    app = _application(db, insp["application_id"])
    today = _today(db)
    slots = db.query(_OPEN_SLOTS_SQL + "AND p.trade = ? AND s.district = ? AND CAST(s.starts_at AS DATE) > ? AND "
                     "CAST(s.starts_at AS DATE) <= ? ORDER BY s.starts_at, s.slot_id",
                     [TRADES[insp["inspection_type"]], app["district"], today,
                      today + timedelta(days=BOOKING_HORIZON_DAYS)])
    for s in slots:
        del s["trade"]
    return {"inspection_id": insp["inspection_id"], "inspection_type": insp["inspection_type"],
            "inspection": f"{insp['inspection_type'].replace('_', ' ')} inspection", "status": insp["status"],
            "description": app["description"], "site_address": app["site_address"], "openings": slots}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def assign_contractor(db: Database, application_id: str, contractor_id: str) -> dict:
    """Name (or replace) the contractor of record of an application before approval; the contractor must be
    active, hold the licence class the permit type needs, with licence and insurance not expired.

    Args:
        application_id: The application, e.g. "APP-26-0137".
        contractor_id: The contractor, e.g. "CTR-018" (from search_contractors).
    """
    app = _application(db, application_id)
    c = db.query_one("SELECT * FROM contractors WHERE contractor_id = ?", [contractor_id.strip().upper()])
    if c is None:
        raise ToolError(f"no contractor {contractor_id!r} (ids look like 'CTR-018'; see search_contractors)")
    if app["status"] not in BEFORE_APPROVAL:
        raise ToolError(f"{app['application_id']} is {app['status']}; the contractor can be changed only before "
                        "approval")
    if app["contractor_id"] == c["contractor_id"]:
        raise ToolError(f"{c['business_name']} is already the contractor of {app['application_id']}")
    _check_contractor(db, app, c)
    db.execute("UPDATE applications SET contractor_id = ? WHERE application_id = ?",
               [c["contractor_id"], app["application_id"]])
    return {"application_id": app["application_id"], "contractor_id": c["contractor_id"],
            "contractor": c["business_name"], "previous_contractor": app["contractor"]}


@tool(writes=True)
def submit_application(db: Database, application_id: str) -> dict:
    """Submit a draft application for plan review; the plan review fee is assessed at once.

    Args:
        application_id: The draft application, e.g. "APP-26-0137".
    """
    app = _application(db, application_id)
    if app["status"] != "draft":
        raise ToolError(f"{app['application_id']} is {app['status']}; only drafts can be submitted")
    if app["required_licence"] and not app["contractor_id"]:
        raise ToolError(f"a {app['permit_type_name']} permit needs a {app['required_licence']} contractor; assign a "
                        "contractor first")
    amount = max(app["plan_review_min"], _money(Decimal(str(app["valuation"])) * Decimal(str(app["plan_review_pct"]))
                                                / 100))
    db.execute("UPDATE applications SET status = 'submitted', submitted_on = CAST(? AS DATE) WHERE "
               "application_id = ?", [_today(db), app["application_id"]])
    fee = _assess(db, app["application_id"], "plan_review", amount)
    return {"application_id": app["application_id"], "status": "submitted", "plan_review_fee": fee}


@tool(writes=True)
def pay_fee(db: Database, fee_id: str, payment_method: Literal["card", "echeck"]) -> dict:
    """Pay one due fee in full; card payments add a 2.5% convenience charge, e-checks none.

    Args:
        fee_id: The fee, e.g. "FEE-00412" (from get_application_details).
        payment_method: "card" (2.5% convenience charge) or "echeck".
    """
    fee = db.query_one("SELECT * FROM fees WHERE fee_id = ?", [fee_id.strip().upper()])
    if fee is None:
        raise ToolError(f"no fee {fee_id!r} (ids look like 'FEE-00412'; see get_application_details)")
    if fee["status"] != "due":
        raise ToolError(f"fee {fee['fee_id']} is {fee['status']}; only due fees can be paid")
    charge = _money(Decimal(str(fee["amount"])) * CARD_RATE) if payment_method == "card" else 0.0
    db.execute("UPDATE fees SET status = 'paid', paid_on = CAST(? AS DATE), payment_method = ?, "
               "convenience_charge = ? WHERE fee_id = ?", [_today(db), payment_method, charge, fee["fee_id"]])
    return {"fee_id": fee["fee_id"], "kind": fee["kind"], "status": "paid", "amount": fee["amount"],
            "convenience_charge": charge, "total_charged": _money(fee["amount"] + charge)}


@tool(writes=True)
def issue_permit(db: Database, application_id: str) -> dict:
    """Issue an approved permit once every fee is paid (and the contractor still qualifies); creates its
    required inspections.

    Args:
        application_id: The approved application, e.g. "APP-26-0137".
    """
    app = _application(db, application_id)
    if app["status"] != "approved":
        raise ToolError(f"{app['application_id']} is {app['status']}; only approved applications are issued")
    due = _due(db, app["application_id"])
    if due:
        raise ToolError(f"{app['application_id']} has unpaid fees ({_describe_due(due)}); all fees must be paid "
                        "before issuance")
    if app["required_licence"]:
        _check_contractor(db, app, db.query_one("SELECT * FROM contractors WHERE contractor_id = ?",
                                                [app["contractor_id"]]))
    today = _today(db)
    number = _next_id(db, "applications", "permit_number", f"BP-{today.year}-", 5)
    expires = today + timedelta(days=app["validity_days"])
    db.execute("UPDATE applications SET status = 'issued', issued_on = CAST(? AS DATE), expires_on = CAST(? AS "
               "DATE), permit_number = ? WHERE application_id = ?", [today, expires, number, app["application_id"]])
    created = []
    for seq, kind in enumerate(app["required_inspections"].split(","), start=1):
        iid = _next_id(db, "inspections", "inspection_id", "INS-", 5)
        db.execute("INSERT INTO inspections VALUES (?, ?, ?, ?, 'pending', NULL, 0, NULL)",
                   [iid, app["application_id"], kind, seq])
        created.append({"inspection_id": iid, "inspection_type": kind})
    return {"application_id": app["application_id"], "status": "issued", "permit_number": number,
            "issued_on": today.isoformat(), "expires_on": expires.isoformat(), "inspections": created}


@tool(writes=True)
def withdraw_application(db: Database, application_id: str, reason: WithdrawalReason) -> dict:
    """Withdraw an application before issuance: a paid permit fee is refunded, a paid plan review fee only while
    review has not started, and fees still due are waived.

    Args:
        application_id: The application, e.g. "APP-26-0137".
        reason: "project_cancelled", "changing_scope", "wrong_permit_type" or "other".
    """
    app = _application(db, application_id)
    if app["status"] not in WITHDRAWABLE:
        raise ToolError(f"{app['application_id']} is {app['status']}; only applications not yet issued or decided "
                        "against can be withdrawn")
    refund = waived = 0.0
    for f in _fees(db, app["application_id"]):
        if f["status"] == "due":
            waived += f["amount"]
            db.execute("UPDATE fees SET status = 'waived' WHERE fee_id = ?", [f["fee_id"]])
        elif f["status"] == "paid" and (f["kind"] == "permit" or (f["kind"] == "plan_review"
                                                                   and app["status"] == "submitted")):
            refund += f["amount"]
            db.execute("UPDATE fees SET status = 'refunded' WHERE fee_id = ?", [f["fee_id"]])
    db.execute("UPDATE applications SET status = 'withdrawn', withdrawal_reason = ? WHERE application_id = ?",
               [reason, app["application_id"]])
    return {"application_id": app["application_id"], "status": "withdrawn", "refund_amount": _money(refund),
            "waived_amount": _money(waived)}


@tool(writes=True)
def extend_permit(db: Database, application_id: str) -> dict:
    """Extend an issued permit once by 90 days, within its last 30 days and after a passed inspection; an
    extension fee of 75.00 is assessed.

    Args:
        application_id: The issued permit's application, e.g. "APP-26-0137".
    """
    app = _application(db, application_id)
    if app["status"] != "issued":
        raise ToolError(f"{app['application_id']} is {app['status']}; only issued permits can be extended")
    if app["extended"]:
        raise ToolError(f"permit {app['permit_number']} was already extended once; it cannot be extended again")
    today, expires = _today(db), _day(app["expires_on"])
    if (expires - today).days > EXTENSION_WINDOW_DAYS:
        raise ToolError(f"permit {app['permit_number']} expires on {expires}; extensions are granted only in the "
                        f"last {EXTENSION_WINDOW_DAYS} days (from {expires - timedelta(days=EXTENSION_WINDOW_DAYS)})")
    if not db.scalar("SELECT count(*) FROM inspections WHERE application_id = ? AND status = 'passed'",
                     [app["application_id"]]):
        raise ToolError(f"permit {app['permit_number']} has no passed inspection yet; work must have started to "
                        "extend it")
    new_expiry = expires + timedelta(days=EXTENSION_DAYS)
    db.execute("UPDATE applications SET expires_on = CAST(? AS DATE), extended = true WHERE application_id = ?",
               [new_expiry, app["application_id"]])
    fee = _assess(db, app["application_id"], "extension", EXTENSION_FEE)
    return {"application_id": app["application_id"], "permit_number": app["permit_number"],
            "old_expires_on": expires.isoformat(), "expires_on": new_expiry.isoformat(), "extension_fee": fee}


@tool(writes=True)
def schedule_inspection(db: Database, inspection_id: str, slot_id: str) -> dict:
    """Book a pending or failed inspection into a free slot (see find_inspection_openings).

    Args:
        inspection_id: The inspection, e.g. "INS-00781" (from get_application_details).
        slot_id: The slot, e.g. "SLT-01234" (from find_inspection_openings).
    """
    insp = _inspection(db, inspection_id)
    _, slot = _check_booking(db, insp, slot_id)
    db.execute("UPDATE inspections SET status = 'scheduled', slot_id = ? WHERE inspection_id = ?",
               [slot["slot_id"], insp["inspection_id"]])
    return {"inspection_id": insp["inspection_id"], "inspection_type": insp["inspection_type"],
            "status": "scheduled", "slot_id": slot["slot_id"], "starts_at": slot["starts_at"],
            "ends_at": slot["ends_at"], "inspector": slot["inspector"]}


@tool(writes=True)
def cancel_inspection(db: Database, inspection_id: str) -> dict:
    """Cancel a scheduled inspection, no later than the day before the visit; its slot is freed.

    Args:
        inspection_id: The scheduled inspection, e.g. "INS-00781".
    """
    insp = _inspection(db, inspection_id)
    if insp["status"] != "scheduled":
        raise ToolError(f"inspection {insp['inspection_id']} is {insp['status']}; only scheduled inspections can "
                        "be cancelled")
    if _day(insp["starts_at"]) <= _today(db):
        raise ToolError(f"the {insp['inspection_type']} inspection is today ({insp['starts_at']}); it can no "
                        "longer be cancelled")
    status = "failed" if insp["failed_count"] else "pending"
    db.execute("UPDATE inspections SET status = ?, slot_id = NULL WHERE inspection_id = ?",
               [status, insp["inspection_id"]])
    return {"inspection_id": insp["inspection_id"], "inspection_type": insp["inspection_type"], "status": status,
            "cancelled_visit": insp["starts_at"]}
