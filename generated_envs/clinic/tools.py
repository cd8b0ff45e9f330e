"""Tools of the clinic environment: the patient-services desk of Larkspur Health Partners.

Reads look up patients, their insurance, appointments, referrals and charges, the clinic sites, clinicians and
open appointment slots. Writes book, reschedule, cancel and check in appointments, take payments, waive fees,
update insurance and request referrals, each under the clinic group's rules.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, parse_date
from envfactory_gym.authoring.kit import as_datetime as _ts
from envfactory_gym.authoring.kit import format_time as _hm
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

#: specialty -> (display name, fee tier, needs a referral, annual physicals bookable)
SPECIALTIES: dict[str, tuple[str, str, bool, bool]] = {
    "family_medicine": ("Family Medicine", "primary", False, True),
    "internal_medicine": ("Internal Medicine", "primary", False, True),
    "cardiology": ("Cardiology", "specialist", True, False),
    "dermatology": ("Dermatology", "specialist", True, False),
    "endocrinology": ("Endocrinology", "specialist", True, False),
    "gastroenterology": ("Gastroenterology", "specialist", True, False),
    "orthopedics": ("Orthopedics", "specialist", True, False),
    "physical_therapy": ("Physical Therapy", "specialist", True, False),
    "nutrition": ("Nutrition", "primary", False, False),
}
LATE_CANCEL_HOURS = 24
LATE_CANCEL_FEE = {"primary": 40.00, "specialist": 75.00}
MAX_RESCHEDULES = 2
BALANCE_LIMIT = 100.00
CHECK_IN_OPENS_MIN = 60
CHECK_IN_GRACE_MIN = 15
WAIVER_PERIOD_DAYS = 365
PHYSICAL_INTERVAL_DAYS = 365
#: Rows per page of find_open_slots, list_patient_appointments and list_patient_charges: 10 rows stay under the
#: 4,000 characters a tool result is cut at; "next_offset" in a result fetches the next page.
PAGE = 10
SELF_PAY_PLAN = "PLN-90"
ACTIVE = ("booked", "checked_in")

Specialty = Literal["family_medicine", "internal_medicine", "cardiology", "dermatology", "endocrinology",
                    "gastroenterology", "orthopedics", "physical_therapy", "nutrition"]
AppointmentStatus = Literal["booked", "checked_in", "completed", "cancelled", "no_show"]
ChargeStatus = Literal["open", "paid", "waived"]
VisitMode = Literal["in_person", "telehealth"]

_parse_date = partial(parse_date, hint="written YYYY-MM-DD, e.g. '1984-03-07'", strict=True)
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "APT-": ("appointments", "appointment_id", 0),
    "CHG-": ("charges", "charge_id", 0),
    "PAY-": ("payments", "payment_id", 0),
    "REF-": ("referrals", "referral_id", 0),
})
_SLOT_SQL = (
    "SELECT s.slot_id, s.clinician_id, s.site_id, s.starts_at, s.duration_min, s.mode, s.capacity, s.session_title, "
    "c.name AS clinician, c.credentials, c.specialty, c.accepting_new_patients, si.name AS site, "
    "(SELECT count(*) FROM appointments a WHERE a.slot_id = s.slot_id AND a.status IN ('booked', 'checked_in')) "
    "AS booked FROM slots s JOIN clinicians c ON c.clinician_id = s.clinician_id "
    "JOIN sites si ON si.site_id = s.site_id")


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _tier(specialty: str) -> str:
    return SPECIALTIES[specialty][1]


def _label(specialty: str, clinician: str, credentials: str, starts_at: str | datetime,
           title: str | None = None) -> str:
    what = title or f"{SPECIALTIES[specialty][0]} visit"
    return f"{what} with {_clinician_name(clinician, credentials)} on {_hm(starts_at).replace(' ', ' at ')}"


def _clinician_name(name: str, credentials: str) -> str:
    return f"Dr. {name}" if credentials in ("MD", "DO") else f"{name}, {credentials}"


def _patient(db: Database, patient_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM patients WHERE patient_id = ?", [patient_id.strip().upper()])
    if row is None:
        raise ToolError(f"no patient with id {patient_id!r} (patient ids look like 'PT-1042'); use find_patient")
    return row


def _plan(db: Database, plan_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM insurance_plans WHERE plan_id = ?", [plan_id.strip().upper()])
    if row is None:
        raise ToolError(f"no insurance plan with id {plan_id!r}; see list_insurance_plans")
    return row


def _slot(db: Database, slot_id: str) -> dict[str, Any]:
    row = db.query_one(_SLOT_SQL + " WHERE s.slot_id = ?", [slot_id.strip().upper()])
    if row is None:
        raise ToolError(f"no appointment slot with id {slot_id!r} (slot ids look like 'SL-40217'); "
                        "use find_open_slots")
    return row


def _appointment(db: Database, appointment_id: str) -> dict[str, Any]:
    row = db.query_one(
        "SELECT a.*, s.clinician_id, s.site_id, s.starts_at, s.duration_min, s.mode, s.session_title, "
        "c.name AS clinician, c.credentials, c.specialty, si.name AS site, si.address AS site_address "
        "FROM appointments a JOIN slots s ON s.slot_id = a.slot_id "
        "JOIN clinicians c ON c.clinician_id = s.clinician_id JOIN sites si ON si.site_id = s.site_id "
        "WHERE a.appointment_id = ?", [appointment_id.strip().upper()])
    if row is None:
        raise ToolError(f"no appointment with id {appointment_id!r} (appointment ids look like 'APT-60412'); "
                        "use list_patient_appointments")
    return row


def _require_booked(appt: dict[str, Any], action: str) -> None:
    if appt["status"] != "booked":
        raise ToolError(f"appointment {appt['appointment_id']} is {appt['status']}; only booked appointments "
                        f"can be {action}")


def _open_balance(db: Database, patient_id: str) -> float:
    total = db.scalar("SELECT sum(amount) FROM charges WHERE patient_id = ? AND status = 'open'", [patient_id])
    return _money(total or 0.0)


def _copay(plan: dict[str, Any], specialty: str, mode: str, visit_kind: str) -> float:
    if visit_kind == "annual_physical":
        return 0.0
    if mode == "telehealth":
        return _money(plan["telehealth_copay"])
    return _money(plan["primary_copay"] if _tier(specialty) == "primary" else plan["specialist_copay"])


def _check_slot_open(db: Database, slot: dict[str, Any]) -> None:
    if _ts(slot["starts_at"]) <= _now(db):
        raise ToolError(f"slot {slot['slot_id']} started at {_hm(slot['starts_at'])}, which is not in the future")
    if slot["booked"] >= slot["capacity"]:
        raise ToolError(f"slot {slot['slot_id']} ({_hm(slot['starts_at'])}) is full: {slot['booked']} of "
                        f"{slot['capacity']} places taken")


def _check_patient_free(db: Database, patient_id: str, slot: dict[str, Any], exclude: str | None = None) -> None:
    start = _ts(slot["starts_at"])
    end = start + timedelta(minutes=slot["duration_min"])
    rows = db.query(
        "SELECT a.appointment_id, s.slot_id, s.starts_at, s.duration_min FROM appointments a "
        "JOIN slots s ON s.slot_id = a.slot_id WHERE a.patient_id = ? AND a.status IN ('booked', 'checked_in') "
        "AND a.appointment_id <> coalesce(?, '') AND s.starts_at::DATE = ?::DATE",
        [patient_id, exclude, start.date().isoformat()])
    for r in rows:
        other = _ts(r["starts_at"])
        if other < end and start < other + timedelta(minutes=r["duration_min"]):
            what = "this slot" if r["slot_id"] == slot["slot_id"] else f"{_hm(other)}"
            raise ToolError(f"the patient already has appointment {r['appointment_id']} at {what}; "
                            "appointments of one patient cannot overlap")


def _check_coverage(patient: dict[str, Any], slot: dict[str, Any]) -> None:
    end = patient["coverage_end"]
    if end is not None and _ts(slot["starts_at"]).date() > date.fromisoformat(end):
        raise ToolError(f"the patient's insurance coverage ended on {end}, before this visit "
                        f"({_hm(slot['starts_at'])[:10]}); update the insurance on file (or switch to self-pay) "
                        "before booking")


def _check_established(db: Database, patient: dict[str, Any], slot: dict[str, Any]) -> None:
    if slot["accepting_new_patients"] or patient["primary_clinician_id"] == slot["clinician_id"]:
        return
    seen = db.scalar("SELECT count(*) FROM appointments a JOIN slots s ON s.slot_id = a.slot_id "
                     "WHERE a.patient_id = ? AND s.clinician_id = ? AND a.status = 'completed'",
                     [patient["patient_id"], slot["clinician_id"]])
    if not seen:
        raise ToolError(f"{_clinician_name(slot['clinician'], slot['credentials'])} is not accepting new patients "
                        "and has not seen this patient before; choose another clinician")


def _check_physical(db: Database, patient_id: str, slot: dict[str, Any], exclude: str | None = None) -> None:
    specialty = slot["specialty"]
    if not SPECIALTIES[specialty][3]:
        raise ToolError(f"annual physicals are done in family or internal medicine, not {specialty}")
    if slot["mode"] != "in_person":
        raise ToolError("an annual physical needs an in-person slot, not a telehealth one")
    day = _ts(slot["starts_at"]).date()
    rows = db.query(
        "SELECT a.appointment_id, a.status, s.starts_at FROM appointments a JOIN slots s ON s.slot_id = a.slot_id "
        "WHERE a.patient_id = ? AND a.visit_kind = 'annual_physical' AND a.status IN ('booked', 'checked_in', "
        "'completed') AND a.appointment_id <> coalesce(?, '') ORDER BY s.starts_at DESC", [patient_id, exclude])
    for r in rows:
        if r["status"] in ACTIVE:
            raise ToolError(f"the patient already has an annual physical booked ({r['appointment_id']} on "
                            f"{_hm(r['starts_at'])}); only one can be scheduled at a time")
        last = _ts(r["starts_at"]).date()
        if (day - last).days < PHYSICAL_INTERVAL_DAYS:
            eligible = last + timedelta(days=PHYSICAL_INTERVAL_DAYS)
            raise ToolError(f"annual physicals are covered once every {PHYSICAL_INTERVAL_DAYS} days: the last one "
                            f"was on {last.isoformat()}, so the next can be on or after {eligible.isoformat()}")


def _find_referral(db: Database, patient_id: str, specialty: str, day: date) -> dict[str, Any]:
    """The patient's active referral that covers a visit on ``day`` with a visit left (the one expiring first)."""
    refs = db.query("SELECT * FROM referrals WHERE patient_id = ? AND specialty = ? AND status = 'active' "
                    "ORDER BY expires_on, referral_id", [patient_id, specialty])
    covering = [r for r in refs if date.fromisoformat(r["expires_on"]) >= day]
    for r in covering:
        if r["visits_used"] < r["visits_authorized"]:
            return r
    if covering:
        r = covering[-1]
        raise ToolError(f"the patient's {specialty} referral {r['referral_id']} has no visits left "
                        f"({r['visits_used']} of {r['visits_authorized']} used); a new referral is needed")
    if refs:
        r = refs[-1]
        raise ToolError(f"the patient's {specialty} referral {r['referral_id']} expires on {r['expires_on']}, "
                        f"before this visit ({day.isoformat()}); choose an earlier slot or request a new referral")
    pending = db.scalar("SELECT min(requested_on) FROM referrals WHERE patient_id = ? AND specialty = ? "
                        "AND status = 'requested'", [patient_id, specialty])
    hint = (f"a referral requested on {pending} is still awaiting review" if pending else
            "the primary care clinician can be asked for one (request_referral)")
    raise ToolError(f"{SPECIALTIES[specialty][0]} visits need an active referral and the patient has none for "
                    f"{specialty}; {hint}")


def _charge(db: Database, patient_id: str, appointment_id: str, kind: str, amount: float) -> str:
    charge_id = _IDS.next(db, "CHG-")
    db.execute("INSERT INTO charges VALUES (?, ?, ?, ?, ?, 'open', ?, NULL, NULL, NULL)",
               [charge_id, patient_id, appointment_id, kind, _money(amount), db.now])
    return charge_id


def _check_offset(offset: int) -> None:
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")


def _page(out: dict[str, Any], fetched: int, offset: int) -> dict[str, Any]:
    """A list result with "more" (and "next_offset" when there is a next page); ``fetched`` rows were read with
    a limit of one more than a page."""
    out["more"] = fetched > PAGE
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


def _slot_view(s: dict[str, Any]) -> dict[str, Any]:
    out = {"slot_id": s["slot_id"], "starts_at": _hm(s["starts_at"]), "weekday": _ts(s["starts_at"]).strftime("%A"),
           "duration_min": s["duration_min"], "mode": s["mode"], "clinician_id": s["clinician_id"],
           "clinician": _clinician_name(s["clinician"], s["credentials"]), "site_id": s["site_id"],
           "site": s["site"], "spots_left": s["capacity"] - s["booked"],
           "label": _label(s["specialty"], s["clinician"], s["credentials"], s["starts_at"], s["session_title"])}
    if s["session_title"]:
        out["session_title"] = s["session_title"]
    return out


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_patient(db: Database, first_name: str, last_name: str, date_of_birth: str) -> dict:
    """Find a patient's id from their full name and date of birth (the identity check).

    Args:
        first_name: The patient's first name, e.g. "Dana".
        last_name: The patient's last name, e.g. "Whitfield".
        date_of_birth: The patient's date of birth, YYYY-MM-DD, e.g. "1984-03-07".

    Returns:
        The patient id, name and date of birth.
    """
    dob = _parse_date(date_of_birth, "date_of_birth")
    row = db.query_one(
        "SELECT patient_id, first_name, last_name, date_of_birth FROM patients WHERE lower(first_name) = lower(?) "
        "AND lower(last_name) = lower(?) AND date_of_birth = ?",
        [first_name.strip(), last_name.strip(), dob.isoformat()])
    if row is None:
        raise ToolError(f"no patient named {first_name.strip()} {last_name.strip()} born on {dob.isoformat()}")
    return {"patient_id": row["patient_id"], "name": f"{row['first_name']} {row['last_name']}",
            "date_of_birth": row["date_of_birth"]}


@tool
def get_patient_profile(db: Database, patient_id: str) -> dict:
    """Get a patient's profile: contact details, insurance on file (with copays), primary care clinician, balance.

    Args:
        patient_id: The patient's id, e.g. "PT-1042".

    Returns:
        Name, date of birth, phone, email, insurance (plan, member number, coverage end date, copays),
        primary care clinician and the open balance.
    """
    p = _patient(db, patient_id)
    plan = _plan(db, p["plan_id"])
    pcp = None
    if p["primary_clinician_id"]:
        c = db.query_one("SELECT c.clinician_id, c.name, c.credentials, c.specialty, s.name AS site FROM clinicians c "
                         "JOIN sites s ON s.site_id = c.site_id WHERE c.clinician_id = ?", [p["primary_clinician_id"]])
        pcp = {"clinician_id": c["clinician_id"], "name": _clinician_name(c["name"], c["credentials"]),
               "specialty": c["specialty"], "site": c["site"]}
    return {"patient_id": p["patient_id"], "name": f"{p['first_name']} {p['last_name']}",
            "date_of_birth": p["date_of_birth"], "phone": p["phone"], "email": p["email"],
            "insurance": {"plan_id": plan["plan_id"], "name": plan["plan_name"], "plan_type": plan["plan_type"],
                          "member_number": p["member_number"], "coverage_end": p["coverage_end"],
                          "primary_copay": plan["primary_copay"], "specialist_copay": plan["specialist_copay"],
                          "telehealth_copay": plan["telehealth_copay"]},
            "primary_clinician": pcp, "open_balance": _open_balance(db, p["patient_id"])}


@tool
def list_patient_appointments(db: Database, patient_id: str, status: AppointmentStatus | None = None,
                              offset: int = 0) -> dict:
    """List a patient's appointments, latest first, 10 per page, with specialty, clinician, site and status.

    Args:
        patient_id: The patient's id, e.g. "PT-1042".
        status: Only appointments with this status; omit for all.
        offset: How many appointments to skip, for the next page (the "next_offset" of the previous result); 0 for
            the first page.

    Returns:
        Up to 10 appointments: id, start time, weekday, specialty, clinician (and id), site, mode, visit kind,
        status; "more" is true when there are others, fetched with offset set to "next_offset".
    """
    p = _patient(db, patient_id)
    _check_offset(offset)
    rows = db.query(
        "SELECT a.appointment_id, s.starts_at, c.specialty, s.clinician_id, c.name AS clinician, c.credentials, "
        "si.name AS site, s.mode, s.session_title, a.visit_kind, a.status FROM appointments a "
        "JOIN slots s ON s.slot_id = a.slot_id "
        "JOIN clinicians c ON c.clinician_id = s.clinician_id JOIN sites si ON si.site_id = s.site_id "
        "WHERE a.patient_id = ? AND (? IS NULL OR a.status = ?) ORDER BY s.starts_at DESC, a.appointment_id "
        f"LIMIT {PAGE + 1} OFFSET ?", [p["patient_id"], status, status, offset])
    out = [{"appointment_id": r["appointment_id"], "starts_at": _hm(r["starts_at"]),
            "weekday": _ts(r["starts_at"]).strftime("%A"), "specialty": r["specialty"],
            "clinician_id": r["clinician_id"], "clinician": _clinician_name(r["clinician"], r["credentials"]),
            "site": r["site"], "mode": r["mode"],
            "visit_kind": r["visit_kind"], "status": r["status"],
            "label": _label(r["specialty"], r["clinician"], r["credentials"], r["starts_at"], r["session_title"])}
           for r in rows[:PAGE]]
    return _page({"patient_id": p["patient_id"], "appointments": out}, len(rows), offset)


@tool
def get_appointment_details(db: Database, appointment_id: str) -> dict:
    """Get one appointment: time, clinician, site, status, copay, referral, reschedules so far and its charges.

    Args:
        appointment_id: The appointment's id, e.g. "APT-60412".

    Returns:
        The appointment's details, including its fee tier (primary or specialist) and any charges.
    """
    a = _appointment(db, appointment_id)
    start = _ts(a["starts_at"])
    charges = db.query("SELECT charge_id, kind, amount, status FROM charges WHERE appointment_id = ? "
                       "ORDER BY charge_id", [a["appointment_id"]])
    out = {"appointment_id": a["appointment_id"], "patient_id": a["patient_id"], "status": a["status"],
           "visit_kind": a["visit_kind"], "starts_at": _hm(start), "weekday": start.strftime("%A"),
           "ends_at": _hm(start + timedelta(minutes=a["duration_min"])), "mode": a["mode"],
           "specialty": a["specialty"], "fee_tier": _tier(a["specialty"]), "clinician_id": a["clinician_id"],
           "clinician": _clinician_name(a["clinician"], a["credentials"]), "site_id": a["site_id"],
           "site": a["site"], "site_address": a["site_address"], "slot_id": a["slot_id"], "copay": a["copay"],
           "referral_id": a["referral_id"], "reschedule_count": a["reschedule_count"],
           "booked_at": _hm(a["booked_at"]), "charges": charges}
    if a["session_title"]:
        out["session_title"] = a["session_title"]
    for key in ("checked_in_at", "cancelled_at"):
        if a[key]:
            out[key] = _hm(a[key])
    if a["cancel_reason"]:
        out["cancel_reason"] = a["cancel_reason"]
    return out


@tool
def list_patient_referrals(db: Database, patient_id: str) -> dict:
    """List a patient's referrals to specialists with their status, validity dates and visits left.

    Args:
        patient_id: The patient's id, e.g. "PT-1042".

    Returns:
        Each referral: id, specialty, status (requested, active, expired, declined), referring clinician,
        dates, visits authorized, used and left.
    """
    p = _patient(db, patient_id)
    rows = db.query(
        "SELECT r.referral_id, r.specialty, r.status, c.name AS clinician, c.credentials, r.requested_on, "
        "r.issued_on, r.expires_on, r.visits_authorized, r.visits_used FROM referrals r "
        "JOIN clinicians c ON c.clinician_id = r.referring_clinician_id WHERE r.patient_id = ? "
        "ORDER BY r.requested_on DESC, r.referral_id", [p["patient_id"]])
    refs = []
    for r in rows:
        ref = {"referral_id": r["referral_id"], "specialty": r["specialty"], "status": r["status"],
               "referred_by": _clinician_name(r.pop("clinician"), r.pop("credentials")),
               "requested_on": r["requested_on"]}
        if r["issued_on"]:
            ref.update(issued_on=r["issued_on"], expires_on=r["expires_on"],
                       visits_authorized=r["visits_authorized"], visits_used=r["visits_used"],
                       visits_left=r["visits_authorized"] - r["visits_used"])
        refs.append(ref)
    return {"patient_id": p["patient_id"], "referrals": refs}


@tool
def find_clinicians(db: Database, specialty: Specialty, site_id: str | None = None) -> list:
    """Find the clinicians of a specialty, optionally at one site, with whether they take new patients.

    Args:
        specialty: The specialty, e.g. "dermatology".
        site_id: Only clinicians based at this site, e.g. "SITE-3" (from list_clinic_sites); omit for all sites.

    Returns:
        Clinicians: id, name, credentials, site, accepting new patients, offers telehealth.
    """
    site = site_id.strip().upper() if site_id else None
    if site and db.scalar("SELECT count(*) FROM sites WHERE site_id = ?", [site]) == 0:
        raise ToolError(f"no clinic site with id {site_id!r}; see list_clinic_sites")
    rows = db.query(
        "SELECT c.clinician_id, c.name, c.credentials, c.specialty, c.site_id, s.name AS site, "
        "c.accepting_new_patients, c.offers_telehealth FROM clinicians c JOIN sites s ON s.site_id = c.site_id "
        "WHERE c.specialty = ? AND (? IS NULL OR c.site_id = ?) ORDER BY c.clinician_id", [specialty, site, site])
    for r in rows:
        r["name"] = _clinician_name(r["name"], r["credentials"])
    return rows


@tool
def list_clinic_sites(db: Database) -> list:
    """List the clinic group's sites with their address, phone and opening hours.

    Returns:
        Every site: id, name, address, city, phone, hours.
    """
    return db.query("SELECT site_id, name, address, city, phone, hours FROM sites ORDER BY site_id")


@tool
def find_open_slots(db: Database, specialty: Specialty, clinician_id: str | None = None, site_id: str | None = None,
                    earliest_date: str | None = None, latest_date: str | None = None,
                    mode: VisitMode | None = None, offset: int = 0) -> dict:
    """Find future appointment slots of a specialty that still have room, soonest first, 10 per page.

    Args:
        specialty: The specialty to book, e.g. "cardiology".
        clinician_id: Only this clinician's slots, e.g. "CLN-214" (from find_clinicians); omit for any clinician.
        site_id: Only slots at this site, e.g. "SITE-3" (from list_clinic_sites); omit for any site.
        earliest_date: Only slots on or after this day, YYYY-MM-DD; omit for from now on.
        latest_date: Only slots on or before this day, YYYY-MM-DD; omit for no limit.
        mode: Only "in_person" or only "telehealth" slots; omit for both.
        offset: How many matching slots to skip, for the next page (the "next_offset" of the previous result); 0
            for the first page.

    Returns:
        Up to 10 open slots (slot id, start, weekday, duration, mode, clinician, site and places left); "more" is
        true when later slots match too, fetched with offset set to "next_offset" (or narrow the dates).
    """
    _check_offset(offset)
    clinician = clinician_id.strip().upper() if clinician_id else None
    if clinician:
        c = db.query_one("SELECT specialty FROM clinicians WHERE clinician_id = ?", [clinician])
        if c is None:
            raise ToolError(f"no clinician with id {clinician_id!r}; use find_clinicians")
        if c["specialty"] != specialty:
            raise ToolError(f"clinician {clinician} practices {c['specialty']}, not {specialty}")
    site = site_id.strip().upper() if site_id else None
    if site and db.scalar("SELECT count(*) FROM sites WHERE site_id = ?", [site]) == 0:
        raise ToolError(f"no clinic site with id {site_id!r}; see list_clinic_sites")
    earliest = _parse_date(earliest_date, "earliest_date") if earliest_date else None
    latest = _parse_date(latest_date, "latest_date") if latest_date else None
    if earliest and latest and latest < earliest:
        raise ToolError(f"latest_date {latest} is before earliest_date {earliest}")
    rows = db.query(
        "SELECT * FROM (" + _SLOT_SQL + ") WHERE specialty = ? AND starts_at > ?::TIMESTAMP AND booked < capacity "
        "AND (? IS NULL OR clinician_id = ?) AND (? IS NULL OR site_id = ?) "
        "AND (?::DATE IS NULL OR starts_at::DATE >= ?::DATE) AND (?::DATE IS NULL OR starts_at::DATE <= ?::DATE) "
        "AND (? IS NULL OR mode = ?) ORDER BY starts_at, slot_id LIMIT ? OFFSET ?",
        [specialty, db.now, clinician, clinician, site, site, earliest, earliest, latest, latest, mode, mode,
         PAGE + 1, offset])
    return _page({"slots": [_slot_view(r) for r in rows[:PAGE]]}, len(rows), offset)


@tool
def list_insurance_plans(db: Database) -> list:
    """List the insurance plans the desk knows, whether the clinic group is in network with each, and their copays.

    Returns:
        Every plan: id, name, payer, type, contracted (in network), primary, specialist and telehealth copays.
    """
    return db.query("SELECT plan_id, plan_name AS name, payer, plan_type, contracted, primary_copay, "
                    "specialist_copay, telehealth_copay FROM insurance_plans ORDER BY plan_id")


@tool
def list_patient_charges(db: Database, patient_id: str, status: ChargeStatus | None = None,
                         offset: int = 0) -> dict:
    """List a patient's charges (copays, late-cancellation and no-show fees) and their open balance.

    Args:
        patient_id: The patient's id, e.g. "PT-1042".
        status: Only charges with this status ("open", "paid" or "waived"); omit for all.
        offset: How many charges to skip, for the next page (the "next_offset" of the previous result); 0 for the
            first page.

    Returns:
        The open balance and up to 10 charges, newest first: id, kind, amount, status, dates, the visit it is for;
        "more" is true when there are others, fetched with offset set to "next_offset".
    """
    p = _patient(db, patient_id)
    _check_offset(offset)
    rows = db.query(
        "SELECT ch.charge_id, ch.appointment_id, ch.kind, ch.amount, ch.status, ch.created_at, ch.resolved_at, "
        "ch.waiver_reason, s.starts_at, c.specialty, c.name AS clinician, c.credentials, s.session_title "
        "FROM charges ch JOIN appointments a ON a.appointment_id = ch.appointment_id "
        "JOIN slots s ON s.slot_id = a.slot_id JOIN clinicians c ON c.clinician_id = s.clinician_id "
        "WHERE ch.patient_id = ? AND (? IS NULL OR ch.status = ?) ORDER BY ch.created_at DESC, ch.charge_id DESC "
        f"LIMIT {PAGE + 1} OFFSET ?", [p["patient_id"], status, status, offset])
    charges = []
    for r in rows[:PAGE]:
        visit = _label(r["specialty"], r["clinician"], r["credentials"], r["starts_at"], r["session_title"])
        ch = {"charge_id": r["charge_id"], "appointment_id": r["appointment_id"], "kind": r["kind"],
              "amount": r["amount"], "status": r["status"], "created_at": _hm(r["created_at"]),
              "visit": visit, "label": f"{r['kind'].replace('_', ' ')} of ${r['amount']:.2f} for the {visit}"}
        if r["resolved_at"]:
            ch["resolved_at"] = _hm(r["resolved_at"])
        if r["waiver_reason"]:
            ch["waiver_reason"] = r["waiver_reason"]
        charges.append(ch)
    return _page({"patient_id": p["patient_id"], "open_balance": _open_balance(db, p["patient_id"]),
                  "charges": charges}, len(rows), offset)


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_appointment(db: Database, patient_id: str, slot_id: str,
                     visit_kind: Literal["standard", "annual_physical"] = "standard") -> dict:
    """Book a patient into an open slot. Specialist visits use the patient's active referral for that specialty.

    Refused when the slot is full or past, the patient has an overlapping visit, their coverage ends before the
    visit, they owe $100 or more, the clinician takes no new patients and never saw them, or (specialists) no
    active referral covers the visit date with a visit left. Annual physicals: once every 365 days, in person.

    Args:
        patient_id: The patient's id, e.g. "PT-1042".
        slot_id: The slot to book, e.g. "SL-40217" (from find_open_slots).
        visit_kind: "standard" (the default) or "annual_physical" (family or internal medicine only, no copay).

    Returns:
        The new appointment's id, time, clinician, site, mode, copay and the referral used (with visits left).
    """
    p = _patient(db, patient_id)
    slot = _slot(db, slot_id)
    _check_patient_free(db, p["patient_id"], slot)
    _check_slot_open(db, slot)
    _check_coverage(p, slot)
    balance = _open_balance(db, p["patient_id"])
    if balance >= BALANCE_LIMIT:
        raise ToolError(f"the patient owes ${balance:.2f} in open charges; new bookings need the balance below "
                        f"${BALANCE_LIMIT:.2f} (take a payment or, where allowed, waive a fee first)")
    _check_established(db, p, slot)
    if visit_kind == "annual_physical":
        _check_physical(db, p["patient_id"], slot)
    day = _ts(slot["starts_at"]).date()
    ref = _find_referral(db, p["patient_id"], slot["specialty"], day) if SPECIALTIES[slot["specialty"]][2] else None
    copay = _copay(_plan(db, p["plan_id"]), slot["specialty"], slot["mode"], visit_kind)
    appointment_id = _IDS.next(db, "APT-")
    db.execute("INSERT INTO appointments VALUES (?, ?, ?, ?, 'booked', ?, ?, ?, 0, NULL, NULL, NULL)",
               [appointment_id, p["patient_id"], slot["slot_id"], visit_kind, ref["referral_id"] if ref else None,
                copay, db.now])
    out = {"appointment_id": appointment_id, "status": "booked", "starts_at": _hm(slot["starts_at"]),
           "clinician": _clinician_name(slot["clinician"], slot["credentials"]), "site": slot["site"],
           "mode": slot["mode"], "visit_kind": visit_kind, "copay": copay}
    if ref is not None:
        db.execute("UPDATE referrals SET visits_used = visits_used + 1 WHERE referral_id = ?", [ref["referral_id"]])
        out.update(referral_id=ref["referral_id"],
                   referral_visits_left=ref["visits_authorized"] - ref["visits_used"] - 1)
    return out


@tool(writes=True)
def cancel_appointment(db: Database, appointment_id: str,
                       reason: Literal["schedule_conflict", "feeling_better", "transportation", "cost_concerns",
                                       "seeing_another_provider", "other"],
                       accept_late_fee: bool = False) -> dict:
    """Cancel a booked appointment; a referral visit it used is given back.

    Cancelling less than 24 hours before the start costs a late-cancellation fee ($40 primary care and nutrition,
    $75 specialist): such a cancellation is refused unless the patient agreed to the fee (accept_late_fee=true).

    Args:
        appointment_id: The appointment's id, e.g. "APT-60412".
        reason: Why the patient cancels.
        accept_late_fee: Set to true only after the patient agreed to pay the late-cancellation fee.

    Returns:
        The appointment id, its new status and the late-cancellation fee charged (0 if none).
    """
    a = _appointment(db, appointment_id)
    _require_booked(a, "cancelled")
    start, now = _ts(a["starts_at"]), _now(db)
    if start <= now:
        raise ToolError(f"appointment {a['appointment_id']} was due at {_hm(start)}; a visit that has started "
                        "cannot be cancelled")
    fee = LATE_CANCEL_FEE[_tier(a["specialty"])] if start - now < timedelta(hours=LATE_CANCEL_HOURS) else 0.0
    if fee and not accept_late_fee:
        raise ToolError(f"appointment {a['appointment_id']} starts at {_hm(start)}, less than {LATE_CANCEL_HOURS} "
                        f"hours from now: cancelling costs a ${fee:.2f} late-cancellation fee. Tell the patient and "
                        "call again with accept_late_fee=true only if they agree")
    db.execute("UPDATE appointments SET status = 'cancelled', cancelled_at = ?, cancel_reason = ? "
               "WHERE appointment_id = ?", [db.now, reason, a["appointment_id"]])
    if a["referral_id"]:
        db.execute("UPDATE referrals SET visits_used = visits_used - 1 WHERE referral_id = ? AND visits_used > 0",
                   [a["referral_id"]])
    out = {"appointment_id": a["appointment_id"], "status": "cancelled", "late_cancellation_fee": fee}
    if fee:
        out["charge_id"] = _charge(db, a["patient_id"], a["appointment_id"], "late_cancel_fee", fee)
    return out


@tool(writes=True)
def reschedule_appointment(db: Database, appointment_id: str, new_slot_id: str) -> dict:
    """Move a booked appointment to another open slot of the same specialty (same or another clinician).

    Allowed only more than 24 hours before the current start and at most twice per appointment. The new slot must
    be covered by the patient's insurance and, for specialist visits, by the appointment's referral.

    Args:
        appointment_id: The appointment to move, e.g. "APT-60412".
        new_slot_id: The slot to move it to, e.g. "SL-40217" (from find_open_slots).

    Returns:
        The appointment id, its old and new start, clinician, site, mode, copay and reschedules left.
    """
    a = _appointment(db, appointment_id)
    _require_booked(a, "rescheduled")
    start, now = _ts(a["starts_at"]), _now(db)
    if start - now <= timedelta(hours=LATE_CANCEL_HOURS):
        raise ToolError(f"appointment {a['appointment_id']} starts at {_hm(start)}, within {LATE_CANCEL_HOURS} hours; "
                        "it can no longer be rescheduled, only cancelled (late-cancellation fee applies)")
    if a["reschedule_count"] >= MAX_RESCHEDULES:
        raise ToolError(f"appointment {a['appointment_id']} was already rescheduled {a['reschedule_count']} times, "
                        f"the most allowed ({MAX_RESCHEDULES}); it can be kept or cancelled")
    slot = _slot(db, new_slot_id)
    if slot["slot_id"] == a["slot_id"]:
        raise ToolError(f"appointment {a['appointment_id']} already is in slot {slot['slot_id']}")
    if slot["specialty"] != a["specialty"]:
        raise ToolError(f"slot {slot['slot_id']} is a {slot['specialty']} slot; a {a['specialty']} appointment "
                        f"can only move to another {a['specialty']} slot")
    _check_slot_open(db, slot)
    p = _patient(db, a["patient_id"])
    _check_patient_free(db, p["patient_id"], slot, exclude=a["appointment_id"])
    _check_coverage(p, slot)
    _check_established(db, p, slot)
    if a["visit_kind"] == "annual_physical":
        _check_physical(db, p["patient_id"], slot, exclude=a["appointment_id"])
    day = _ts(slot["starts_at"]).date()
    if a["referral_id"]:
        ref = db.query_one("SELECT * FROM referrals WHERE referral_id = ?", [a["referral_id"]])
        if date.fromisoformat(ref["expires_on"]) < day:
            raise ToolError(f"this visit uses referral {ref['referral_id']}, which expires on {ref['expires_on']}; "
                            f"the new slot ({day.isoformat()}) must be on or before that day")
    copay = _copay(_plan(db, p["plan_id"]), slot["specialty"], slot["mode"], a["visit_kind"])
    db.execute("UPDATE appointments SET slot_id = ?, copay = ?, reschedule_count = reschedule_count + 1 "
               "WHERE appointment_id = ?", [slot["slot_id"], copay, a["appointment_id"]])
    return {"appointment_id": a["appointment_id"], "status": "booked", "previous_start": _hm(start),
            "starts_at": _hm(slot["starts_at"]), "clinician": _clinician_name(slot["clinician"], slot["credentials"]),
            "site": slot["site"], "mode": slot["mode"], "copay": copay,
            "reschedules_left": MAX_RESCHEDULES - a["reschedule_count"] - 1}


@tool(writes=True)
def check_in_patient(db: Database, appointment_id: str) -> dict:
    """Check a patient in for today's appointment; the visit's copay becomes due as an open charge.

    Check-in opens 60 minutes before the start and closes 15 minutes after it.

    Args:
        appointment_id: The appointment's id, e.g. "APT-60412".

    Returns:
        The appointment id, its new status, the copay due and the copay's charge id (when the copay is not 0).
    """
    a = _appointment(db, appointment_id)
    if a["status"] == "checked_in":
        raise ToolError(f"appointment {a['appointment_id']} is already checked in")
    _require_booked(a, "checked in")
    start, now = _ts(a["starts_at"]), _now(db)
    opens = start - timedelta(minutes=CHECK_IN_OPENS_MIN)
    closes = start + timedelta(minutes=CHECK_IN_GRACE_MIN)
    if now < opens:
        raise ToolError(f"appointment {a['appointment_id']} starts at {_hm(start)}; check-in opens "
                        f"{CHECK_IN_OPENS_MIN} minutes before, at {_hm(opens)}")
    if now > closes:
        raise ToolError(f"appointment {a['appointment_id']} started at {_hm(start)}; check-in closed "
                        f"{CHECK_IN_GRACE_MIN} minutes after the start, at {_hm(closes)}")
    db.execute("UPDATE appointments SET status = 'checked_in', checked_in_at = ? WHERE appointment_id = ?",
               [db.now, a["appointment_id"]])
    out = {"appointment_id": a["appointment_id"], "status": "checked_in", "starts_at": _hm(start),
           "clinician": _clinician_name(a["clinician"], a["credentials"]), "copay_due": a["copay"]}
    if a["copay"] > 0:
        out["charge_id"] = _charge(db, a["patient_id"], a["appointment_id"], "copay", a["copay"])
    return out


@tool(writes=True)
def record_charge_payment(db: Database, patient_id: str, charge_ids: list[str],
                          method: Literal["card", "hsa_card", "cash"]) -> dict:
    """Take a patient's payment for one or more of their open charges (paid in full).

    Args:
        patient_id: The patient's id, e.g. "PT-1042".
        charge_ids: The open charges to pay, e.g. ["CHG-80311"] (from list_patient_charges).
        method: How the patient pays: "card", "hsa_card" (health savings account card) or "cash".

    Returns:
        The payment id, the amount paid, the charges paid and the patient's remaining open balance.
    """
    p = _patient(db, patient_id)
    ids = sorted({c.strip().upper() for c in charge_ids})
    db.require(ids, "give at least one charge id to pay")
    total = 0.0
    for cid in ids:
        ch = db.query_one("SELECT * FROM charges WHERE charge_id = ?", [cid])
        if ch is None or ch["patient_id"] != p["patient_id"]:
            raise ToolError(f"charge {cid} is not one of patient {p['patient_id']}'s charges")
        if ch["status"] != "open":
            raise ToolError(f"charge {cid} is already {ch['status']}; only open charges can be paid")
        total += ch["amount"]
    total = _money(total)
    payment_id = _IDS.next(db, "PAY-")
    db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?)", [payment_id, p["patient_id"], total, method, db.now])
    for cid in ids:
        db.execute("UPDATE charges SET status = 'paid', resolved_at = ?, payment_id = ? WHERE charge_id = ?",
                   [db.now, payment_id, cid])
    return {"payment_id": payment_id, "amount": total, "method": method, "charge_ids": ids,
            "open_balance": _open_balance(db, p["patient_id"])}


@tool(writes=True)
def waive_fee(db: Database, charge_id: str,
              reason: Literal["medical_emergency", "family_emergency", "severe_weather",
                              "clinic_scheduling_error"]) -> dict:
    """Waive an open late-cancellation or no-show fee as a one-time courtesy (once per patient in 365 days).

    Copays cannot be waived.

    Args:
        charge_id: The fee's charge id, e.g. "CHG-80311" (from list_patient_charges).
        reason: Why the fee is waived.

    Returns:
        The charge id, the amount waived and the patient's remaining open balance.
    """
    ch = db.query_one("SELECT * FROM charges WHERE charge_id = ?", [charge_id.strip().upper()])
    if ch is None:
        raise ToolError(f"no charge with id {charge_id!r}; see list_patient_charges")
    if ch["kind"] == "copay":
        raise ToolError(f"charge {ch['charge_id']} is a copay; copays cannot be waived, only fees")
    if ch["status"] != "open":
        raise ToolError(f"charge {ch['charge_id']} is already {ch['status']}; only open fees can be waived")
    since = (_now(db) - timedelta(days=WAIVER_PERIOD_DAYS)).isoformat()
    last = db.query_one("SELECT charge_id, resolved_at FROM charges WHERE patient_id = ? AND status = 'waived' "
                        "AND resolved_at >= ?::TIMESTAMP ORDER BY resolved_at DESC", [ch["patient_id"], since])
    if last is not None:
        raise ToolError(f"the patient already had a fee waived on {last['resolved_at'][:10]} ({last['charge_id']}); "
                        f"the courtesy waiver is once per {WAIVER_PERIOD_DAYS} days")
    db.execute("UPDATE charges SET status = 'waived', resolved_at = ?, waiver_reason = ? WHERE charge_id = ?",
               [db.now, reason, ch["charge_id"]])
    return {"charge_id": ch["charge_id"], "kind": ch["kind"], "amount_waived": ch["amount"], "status": "waived",
            "open_balance": _open_balance(db, ch["patient_id"])}


@tool(writes=True)
def update_patient_insurance(db: Database, patient_id: str, plan_id: str, member_number: str) -> dict:
    """Put a new insurance plan on file (coverage current from today); copays of booked visits are re-quoted.

    Only plans the clinic group is contracted with (in network) can be put on file; self-pay is always possible.

    Args:
        patient_id: The patient's id, e.g. "PT-1042".
        plan_id: The new plan's id, e.g. "PLN-12" (from list_insurance_plans).
        member_number: The member number on the new insurance card, e.g. "CAS417203398"; ignored for self-pay.

    Returns:
        The patient id, the plan now on file, the member number, and the booked visits whose copay changed.
    """
    p = _patient(db, patient_id)
    plan = _plan(db, plan_id)
    if not plan["contracted"]:
        raise ToolError(f"{plan['plan_name']} is out of network: Larkspur Health Partners is not contracted with "
                        f"{plan['payer']}; the patient can keep their current plan or choose self-pay")
    member: str | None = None
    if plan["plan_id"] != SELF_PAY_PLAN:
        member = re.sub(r"[\s-]", "", member_number).upper()
        if not re.fullmatch(r"[A-Z0-9]{6,16}", member):
            raise ToolError(f"member number must be 6 to 16 letters and digits, got {member_number!r}")
    if plan["plan_id"] == p["plan_id"] and member == p["member_number"] and p["coverage_end"] is None:
        raise ToolError(f"{plan['plan_name']} with member number {member} is already on file with current coverage")
    db.execute("UPDATE patients SET plan_id = ?, member_number = ?, coverage_end = NULL WHERE patient_id = ?",
               [plan["plan_id"], member, p["patient_id"]])
    booked = db.query(
        "SELECT a.appointment_id, a.copay, a.visit_kind, s.starts_at, s.mode, c.specialty FROM appointments a "
        "JOIN slots s ON s.slot_id = a.slot_id JOIN clinicians c ON c.clinician_id = s.clinician_id "
        "WHERE a.patient_id = ? AND a.status = 'booked' ORDER BY s.starts_at, a.appointment_id", [p["patient_id"]])
    requoted = []
    for b in booked:
        copay = _copay(plan, b["specialty"], b["mode"], b["visit_kind"])
        if abs(copay - b["copay"]) > 1e-9:
            db.execute("UPDATE appointments SET copay = ? WHERE appointment_id = ?", [copay, b["appointment_id"]])
            requoted.append({"appointment_id": b["appointment_id"], "starts_at": _hm(b["starts_at"]),
                             "old_copay": b["copay"], "new_copay": copay})
    return {"patient_id": p["patient_id"], "plan_id": plan["plan_id"], "plan": plan["plan_name"],
            "member_number": member, "requoted_appointments": requoted}


@tool(writes=True)
def request_referral(db: Database, patient_id: str, specialty: Specialty) -> dict:
    """Ask the patient's primary care clinician for a referral to a specialty (it is reviewed within 3 business days).

    Args:
        patient_id: The patient's id, e.g. "PT-1042".
        specialty: The specialty the patient needs a referral to, e.g. "dermatology".

    Returns:
        The new referral request's id, its status ("requested") and the clinician who will review it.
    """
    p = _patient(db, patient_id)
    if not SPECIALTIES[specialty][2]:
        raise ToolError(f"{specialty} needs no referral; the visit can be booked directly")
    if not p["primary_clinician_id"]:
        raise ToolError("the patient has no primary care clinician on file, who would issue the referral; "
                        "book a primary care visit first")
    today = _now(db).date().isoformat()
    for r in db.query("SELECT * FROM referrals WHERE patient_id = ? AND specialty = ? AND status IN "
                      "('requested', 'active') ORDER BY referral_id", [p["patient_id"], specialty]):
        if r["status"] == "requested":
            raise ToolError(f"a {specialty} referral was already requested on {r['requested_on']} "
                            f"({r['referral_id']}) and is awaiting review")
        if r["expires_on"] >= today and r["visits_used"] < r["visits_authorized"]:
            raise ToolError(f"the patient already has an active {specialty} referral ({r['referral_id']}), valid "
                            f"until {r['expires_on']} with {r['visits_authorized'] - r['visits_used']} visit(s) left")
    c = db.query_one("SELECT name, credentials FROM clinicians WHERE clinician_id = ?", [p["primary_clinician_id"]])
    referral_id = _IDS.next(db, "REF-")
    db.execute("INSERT INTO referrals VALUES (?, ?, ?, ?, 'requested', ?, NULL, NULL, 0, 0)",
               [referral_id, p["patient_id"], specialty, p["primary_clinician_id"], today])
    return {"referral_id": referral_id, "specialty": specialty, "status": "requested",
            "reviewed_by": _clinician_name(c["name"], c["credentials"])}
