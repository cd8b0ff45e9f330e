"""Tools of the vetcare environment: the front desk of Hollowbrook Veterinary Partners (three animal hospitals).

Reads identify the owner, show pets with their vaccine status and wellness plan, visit types and open times,
kennel availability, prescriptions, invoices and estimates. Writes book, cancel and reschedule visits, reserve and
cancel kennel stays, request refills, enroll pets in wellness plans, pay invoices and approve estimates, each under
the group's rules: species and slot kinds, required vaccines, pre-anesthetic exams, overdue balances, deposits and
the 24-hour window, kennel sizes and capacity, refill timing and controlled drugs, plan age bands, estimate expiry.
"""

from __future__ import annotations

import math
from datetime import date, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, as_date, as_datetime, format_time, parse_date
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now
from envfactory_gym.authoring.kit import today as _today

MIN_LEAD_HOURS = 2            # visits are booked at least this long ahead
FREE_CANCEL_HOURS = 24        # visit deposits are refunded when cancelled at least this long ahead
MAX_RESCHEDULES = 2
EXAM_WINDOW_DAYS = 180        # anesthesia needs a vet exam this recent
RX_EXAM_DAYS = 365            # refills need a vet exam this recent
REFILL_SHARE = 0.75           # a refill is possible once 75% of the last fill's supply has passed
MAX_NIGHTS = 21
KENNEL_FREE_DAYS = 3          # kennel stays cancel free until 3 days before check-in
SPAY_MIN_MONTHS = 4
PAYMENT_TERMS_DAYS = 14
ESTIMATE_DEPOSIT_PCT = 50
PAGE = 10

VisitType = Literal["WELLNESS_EXAM", "SICK_VISIT", "VACCINE_VISIT", "DENTAL_CLEANING", "SPAY_NEUTER", "BATH_AND_TIDY",
                    "FULL_GROOM", "NAIL_TRIM"]
PlanCode = Literal["PUPPY_START", "ADULT_DOG", "SENIOR_DOG", "KITTEN_START", "ADULT_CAT", "SENIOR_CAT",
                   "BUNNY_BASICS"]
VisitStatus = Literal["booked", "completed", "cancelled", "no_show"]
InvoiceStatus = Literal["open", "paid"]
CancelReason = Literal["schedule_conflict", "pet_feeling_better", "travel", "cost", "booked_by_mistake"]
HospitalId = Literal["HOS-1", "HOS-2", "HOS-3"]

_day = partial(parse_date, hint="like '2026-05-20'")
_IDS = IdScheme({
    "VIS-": ("visits", "visit_id", 0),
    "KS-": ("kennel_stays", "stay_id", 0),
    "FIL-": ("rx_fills", "fill_id", 0),
    "INV-": ("invoices", "invoice_id", 0),
    "ENR-": ("plan_enrollments", "enrollment_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _norm(value: str) -> str:
    return value.strip().upper()


def _owner(db: Database, owner_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM owners WHERE owner_id = ?", [_norm(owner_id)])
    if row is None:
        raise ToolError(f"no owner with id {owner_id!r} (owner ids look like 'OWN-2041')")
    return row


def _pet(db: Database, pet_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM pets WHERE pet_id = ?", [_norm(pet_id)])
    if row is None:
        raise ToolError(f"no pet with id {pet_id!r} (pet ids look like 'PET-3107'); see get_owner_account")
    return row


def _active_pet(db: Database, pet_id: str) -> dict[str, Any]:
    pet = _pet(db, pet_id)
    if pet["status"] != "active":
        raise ToolError(f"{pet['name']} ({pet['pet_id']}) is recorded as deceased; nothing can be booked for them")
    return pet


def _age_months(birth: date, on: date) -> int:
    return (on.year - birth.year) * 12 + on.month - birth.month - (on.day < birth.day)


def _age_text(birth: date, on: date) -> str:
    months = _age_months(birth, on)
    return f"{months} months" if months < 24 else f"{months // 12} years {months % 12} months"


def _overdue(db: Database, owner_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT invoice_id, description, due_on, amount FROM invoices WHERE owner_id = ? AND "
                    "status = 'open' AND due_on < ? ORDER BY due_on, invoice_id", [owner_id, _today(db).isoformat()])


def _check_not_overdue(db: Database, owner_id: str) -> None:
    late = _overdue(db, owner_id)
    if late:
        total = _money(sum(i["amount"] for i in late))
        ids = ", ".join(i["invoice_id"] for i in late)
        raise ToolError(f"owner {owner_id} has overdue invoices ({ids}, ${total:.2f} in all); they must be paid "
                        "before new visits, kennel stays or plans can be booked")


def _card_valid(owner: dict[str, Any], on: date) -> bool:
    year, month = (int(x) for x in owner["card_expires"].split("-"))
    return (year, month) >= (on.year, on.month)


def _card_label(owner: dict[str, Any]) -> str:
    return f"{owner['card_brand']} ending {owner['card_last4']}"


def _check_card(db: Database, owner: dict[str, Any], purpose: str) -> None:
    if not _card_valid(owner, _today(db)):
        raise ToolError(f"the card on file ({_card_label(owner)}) expired {owner['card_expires']}; it cannot "
                        f"{purpose}. The owner must update the card in person or online first")


def _vaccine_status(db: Database, pet: dict[str, Any], on: date) -> list[dict[str, Any]]:
    rows = db.query("SELECT v.vaccine_code, v.name, v.for_boarding, v.for_grooming, max(x.given_on) AS last_given, "
                    "max(x.due_on) AS due_on FROM vaccines v LEFT JOIN vaccinations x ON x.vaccine_code = "
                    "v.vaccine_code AND x.pet_id = ? WHERE v.species = ? GROUP BY ALL ORDER BY v.vaccine_code",
                    [pet["pet_id"], pet["species"]])
    out = []
    for r in rows:
        due = as_date(r["due_on"]) if r["due_on"] else None
        required = [p for p, flag in (("boarding", r["for_boarding"]), ("grooming", r["for_grooming"])) if flag]
        out.append({"vaccine_code": r["vaccine_code"], "name": r["name"], "last_given": r["last_given"],
                    "due_on": r["due_on"], "status": "never given" if due is None else
                    ("current" if due > on else "overdue"), "required_for": required})
    return out


def _check_vaccines(db: Database, pet: dict[str, Any], through: date, purpose: str) -> None:
    """Every vaccine the species needs for ``purpose`` must be due after ``through``."""
    gaps = []
    for v in _vaccine_status(db, pet, through):
        if purpose in v["required_for"] and (v["due_on"] is None or as_date(v["due_on"]) <= through):
            gaps.append(f"{v['name']} ({'never given' if v['due_on'] is None else 'due ' + v['due_on']})")
    if gaps:
        raise ToolError(f"{pet['name']} is not covered for {purpose} through {through.isoformat()}: "
                        f"{'; '.join(gaps)}. A vaccine appointment is needed first")


def _active_plan(db: Database, pet_id: str, on: date) -> dict[str, Any] | None:
    return db.query_one("SELECT e.*, w.name AS plan_name, w.included_visits FROM plan_enrollments e JOIN "
                        "wellness_plans w ON w.plan_code = e.plan_code WHERE e.pet_id = ? AND e.status = 'active' "
                        "AND e.start_date <= ? AND e.end_date >= ?", [pet_id, on.isoformat(), on.isoformat()])


def _visit_type(db: Database, type_code: str) -> dict[str, Any]:
    # the argument is a Literal of the stored codes, checked before the tool runs
    return db.query_one("SELECT * FROM visit_types WHERE type_code = ?", [_norm(type_code)])


def _slot(db: Database, slot_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT s.*, t.name AS provider, t.species AS treats, t.role, h.name AS hospital_name "
                       "FROM slots s JOIN staff t ON t.staff_id = s.staff_id JOIN hospitals h ON "
                       "h.hospital_id = s.hospital_id WHERE s.slot_id = ?", [_norm(slot_id)])
    if row is None:
        raise ToolError(f"no slot with id {slot_id!r} (slot ids look like 'SL-02417'); see find_visit_times")
    return row


def _visit(db: Database, visit_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT v.*, s.starts_at, s.ends_at, s.staff_id, s.hospital_id, s.slot_kind FROM visits v "
                       "JOIN slots s ON s.slot_id = v.slot_id WHERE v.visit_id = ?", [_norm(visit_id)])
    if row is None:
        raise ToolError(f"no visit with id {visit_id!r} (visit ids look like 'VIS-71234')")
    return row


def _check_slot_for(db: Database, pet: dict[str, Any], vt: dict[str, Any], slot: dict[str, Any],
                    exclude_visit: str | None) -> None:
    """A slot can take this visit for this pet: open, the right kind, far enough ahead, a provider for the species,
    no other visit of the pet at that time, vaccines for grooming, a recent exam for anesthesia."""
    if slot["status"] != "open":
        raise ToolError(f"slot {slot['slot_id']} ({format_time(slot['starts_at'])} with {slot['provider']}) is "
                        "already taken; see find_visit_times for open ones")
    if slot["slot_kind"] != vt["slot_kind"]:
        raise ToolError(f"a {vt['name']} needs a {vt['slot_kind']} slot; {slot['slot_id']} is a "
                        f"{slot['slot_kind']} slot")
    start = as_datetime(slot["starts_at"])
    if start < _now(db) + timedelta(hours=MIN_LEAD_HOURS):
        raise ToolError(f"slot {slot['slot_id']} starts {format_time(start)}; visits are booked at least "
                        f"{MIN_LEAD_HOURS} hours ahead")
    if pet["species"] not in slot["treats"].split(","):
        raise ToolError(f"{slot['provider']} does not see {pet['species']}s (only {slot['treats']})")
    clash = db.query_one("SELECT v.visit_id, s.starts_at FROM visits v JOIN slots s ON s.slot_id = v.slot_id "
                         "WHERE v.pet_id = ? AND v.status = 'booked' AND v.visit_id <> ? AND s.starts_at < ? "
                         "AND s.ends_at > ?", [pet["pet_id"], exclude_visit or "", slot["ends_at"], slot["starts_at"]])
    if clash:
        raise ToolError(f"{pet['name']} already has visit {clash['visit_id']} at {format_time(clash['starts_at'])}, "
                        "which overlaps that slot")
    day = start.date()
    if vt["needs_vaccines"]:
        _check_vaccines(db, pet, day, "grooming")
    if vt["needs_recent_exam"]:
        last = as_date(pet["last_exam_on"]) if pet["last_exam_on"] else None
        if last is None or last < day - timedelta(days=EXAM_WINDOW_DAYS):
            seen = last.isoformat() if last else "never"
            raise ToolError(f"a {vt['name']} needs an exam with a veterinarian within {EXAM_WINDOW_DAYS} days "
                            f"before the procedure; {pet['name']}'s last exam: {seen}. Book a wellness exam first")


def _nights(check_in: date, nights: int) -> list[date]:
    return [check_in + timedelta(days=k) for k in range(nights)]


def _kennel_for(db: Database, pet: dict[str, Any]) -> dict[str, Any]:
    rows = db.query("SELECT * FROM kennel_sizes ORDER BY min_weight_kg, size_code")
    fits = [r for r in rows if pet["species"] in r["species"].split(",")]  # every species boards in some size
    return next((r for r in fits if r["min_weight_kg"] <= pet["weight_kg"] < r["max_weight_kg"]), fits[-1])


_CAPACITY = {"CONDO": "condo_spaces", "SMALL": "small_kennels", "MEDIUM": "medium_kennels", "LARGE": "large_kennels"}


def _kennel_use(db: Database, hospital_id: str, size: str, check_in: date, nights: int) -> list[int]:
    end = check_in + timedelta(days=nights)
    rows = db.query("SELECT check_in, check_out FROM kennel_stays WHERE hospital_id = ? AND size_code = ? AND "
                    "status IN ('reserved', 'checked_in') AND check_in < ? AND check_out > ?",
                    [hospital_id, size, end.isoformat(), check_in.isoformat()])
    return [sum(1 for r in rows if as_date(r["check_in"]) <= d < as_date(r["check_out"]))
            for d in _nights(check_in, nights)]


def _hospital(db: Database, hospital_id: str) -> dict[str, Any]:
    # the argument is a Literal of the stored ids, checked before the tool runs
    return db.query_one("SELECT * FROM hospitals WHERE hospital_id = ?", [_norm(hospital_id)])


def _check_stay_dates(db: Database, check_in: date, nights: int) -> None:
    if check_in < _today(db):
        raise ToolError(f"check-in {check_in.isoformat()} is in the past (today is {_today(db).isoformat()})")
    if not 1 <= nights <= MAX_NIGHTS:
        raise ToolError(f"a kennel stay is 1 to {MAX_NIGHTS} nights, got {nights}")


def _invoice(db: Database, owner_id: str, pet_id: str, kind: str, description: str, amount: float) -> str:
    invoice_id = _IDS.next(db, "INV-")
    day = _today(db)
    db.execute("INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', NULL)",
               [invoice_id, owner_id, pet_id, kind, description, day.isoformat(),
                (day + timedelta(days=PAYMENT_TERMS_DAYS)).isoformat(), _money(amount)])
    return invoice_id


def _plan_end(start: date) -> date:
    """The last day of a plan year starting on ``start`` (the day before the same date a year later)."""
    try:
        return start.replace(year=start.year + 1) - timedelta(days=1)
    except ValueError:  # 29 February
        return date(start.year + 1, 2, 28)


def _next_refill(rx: dict[str, Any], last_fill: str) -> date:
    return as_date(last_fill) + timedelta(days=math.ceil(rx["days_supply"] * REFILL_SHARE))


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_owner_by_email(db: Database, email: str) -> dict:
    """Find a pet owner's account id from their email address (this verifies the caller).

    Args:
        email: The owner's email address, e.g. "maria.lopez12@example.com".

    Returns:
        The owner id and name.
    """
    row = db.query_one("SELECT owner_id, first_name, last_name FROM owners WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no owner with email {email!r}")
    return row


@tool
def get_owner_account(db: Database, owner_id: str) -> dict:
    """Get an owner's account: contact details, the card on file, their pets and what they owe.

    Args:
        owner_id: The owner's id, e.g. "OWN-2041".

    Returns:
        Name, email, phone, city, the card on file (with expiry), the pets (id, name, species, breed, birth date,
        status), the
        open balance and the overdue balance.
    """
    o = _owner(db, owner_id)
    pets = db.query("SELECT pet_id, name, species, breed, birth_date, status FROM pets WHERE owner_id = ? "
                    "ORDER BY pet_id",
                    [o["owner_id"]])
    open_balance = db.scalar("SELECT coalesce(sum(amount), 0) FROM invoices WHERE owner_id = ? AND status = 'open'",
                             [o["owner_id"]])
    late = _overdue(db, o["owner_id"])
    return {"owner_id": o["owner_id"], "name": f"{o['first_name']} {o['last_name']}", "email": o["email"],
            "phone": o["phone"], "city": o["city"], "client_since": o["client_since"],
            "card_on_file": {"label": _card_label(o), "expires": o["card_expires"],
                             "expired": not _card_valid(o, _today(db))},
            "pets": pets, "open_balance": _money(open_balance),
            "overdue_balance": _money(sum(i["amount"] for i in late)),
            "overdue_invoices": [i["invoice_id"] for i in late]}


@tool
def get_pet_record(db: Database, pet_id: str) -> dict:
    """Get a pet's record: species, breed, age, weight and kennel size, last exam, vaccines and wellness plan.

    Args:
        pet_id: The pet's id, e.g. "PET-3107" (from get_owner_account).

    Returns:
        The pet's details; each vaccine of its species with the last dose, the due date, whether it is current
        today and what it is required for (boarding, grooming); the active wellness plan with visits left.
    """
    p = _pet(db, pet_id)
    today = _today(db)
    plan = _active_plan(db, p["pet_id"], today)
    kennel = _kennel_for(db, p)
    return {"pet_id": p["pet_id"], "owner_id": p["owner_id"], "name": p["name"], "species": p["species"],
            "breed": p["breed"], "sex": p["sex"], "neutered": p["neutered"], "birth_date": p["birth_date"],
            "age": _age_text(as_date(p["birth_date"]), today), "weight_kg": p["weight_kg"],
            "kennel_size": kennel["size_code"], "last_exam_on": p["last_exam_on"], "status": p["status"],
            "vaccines": _vaccine_status(db, p, today),
            "wellness_plan": None if plan is None else {
                "enrollment_id": plan["enrollment_id"], "plan_code": plan["plan_code"], "plan_name": plan["plan_name"],
                "start_date": plan["start_date"], "end_date": plan["end_date"],
                "included_visits": plan["included_visits"], "visits_used": plan["visits_used"],
                "visits_left": plan["included_visits"] - plan["visits_used"]}}


@tool
def list_hospitals(db: Database) -> list:
    """List the group's hospitals with their hours and staff (veterinarians and groomers, species seen, work days).

    Returns:
        Each hospital's id, name, address, phone, hours and staff.
    """
    out = []
    for h in db.query("SELECT * FROM hospitals ORDER BY hospital_id"):
        staff = db.query("SELECT staff_id, name, role, species, work_days FROM staff WHERE hospital_id = ? "
                         "ORDER BY staff_id", [h["hospital_id"]])
        out.append({"hospital_id": h["hospital_id"], "name": h["name"], "address": f"{h['street']}, {h['city']}",
                    "city": h["city"], "phone": h["phone"], "hours": h["hours"], "staff": staff})
    return out


@tool
def list_visit_types(db: Database) -> list:
    """List the visit types: slot kind, length, species, fee, deposit, and which need vaccines or a recent exam.

    Returns:
        Each visit type's code, name, slot kind, minutes, species, fee, deposit, whether a wellness plan covers it,
        whether it needs the grooming vaccines and whether it needs a recent exam.
    """
    return db.query("SELECT * FROM visit_types ORDER BY type_code")


@tool
def find_visit_times(db: Database, pet_id: str, type_code: VisitType, hospital_id: HospitalId, date: str,
                     staff_id: str | None = None) -> dict:
    """Find open times on one day at one hospital for a visit type, with providers who see the pet's species.

    Args:
        pet_id: The pet the visit is for, e.g. "PET-3107".
        type_code: The visit type, e.g. "WELLNESS_EXAM" (see list_visit_types).
        hospital_id: The hospital, e.g. "HOS-1" (see list_hospitals).
        date: The day, e.g. "2026-05-20".
        staff_id: Only this veterinarian or groomer, e.g. "VET-12"; omit for all.

    Returns:
        The open slots (slot id, provider, start time) at least 2 hours from now.
    """
    p = _pet(db, pet_id)
    vt = _visit_type(db, type_code)
    h = _hospital(db, hospital_id)
    day = _day(date, "date")
    if p["species"] not in vt["species"].split(","):
        raise ToolError(f"a {vt['name']} is not offered for {p['species']}s")
    rows = db.query("SELECT s.slot_id, t.name AS provider, s.starts_at FROM slots s "
                    "JOIN staff t ON t.staff_id = s.staff_id WHERE s.hospital_id = ? AND s.slot_kind = ? AND "
                    "s.status = 'open' AND CAST(s.starts_at AS DATE) = ? AND s.starts_at >= ? AND "
                    "list_contains(string_split(t.species, ','), ?) AND (? IS NULL OR s.staff_id = ?) "
                    "ORDER BY s.starts_at, s.staff_id",
                    [h["hospital_id"], vt["slot_kind"], day.isoformat(),
                     (_now(db) + timedelta(hours=MIN_LEAD_HOURS)).isoformat(), p["species"],
                     staff_id and _norm(staff_id), staff_id and _norm(staff_id)])
    for r in rows:
        r["starts_at"] = format_time(r["starts_at"])
    return {"pet_id": p["pet_id"], "visit_type": vt["name"], "hospital": h["name"], "date": day.isoformat(),
            "slots": rows}


@tool
def list_pet_visits(db: Database, pet_id: str, status: VisitStatus | None = None, offset: int = 0) -> dict:
    """List a pet's visits, latest first, 10 at a time.

    Args:
        pet_id: The pet's id, e.g. "PET-3107".
        status: Only visits with this status; omit for all.
        offset: How many visits to skip (the "next_offset" of the previous page); 0 for the first page.

    Returns:
        Up to 10 visits (id, type, provider, hospital, start, status, fee, deposit, plan-covered); "more" is true
        when there are others, fetched with offset set to "next_offset".
    """
    p = _pet(db, pet_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query("SELECT v.visit_id, y.name AS visit_type, t.name AS provider, h.name AS hospital, s.starts_at, "
                    "v.status, "
                    "v.fee, v.deposit_paid, v.enrollment_id IS NOT NULL AS plan_covered, v.reschedule_count "
                    "FROM visits v JOIN slots s ON s.slot_id = v.slot_id JOIN staff t ON t.staff_id = s.staff_id "
                    "JOIN visit_types y ON y.type_code = v.type_code JOIN hospitals h ON h.hospital_id = s.hospital_id "
                    "WHERE v.pet_id = ? AND (? IS NULL OR v.status = ?) ORDER BY s.starts_at DESC, v.visit_id "
                    f"LIMIT {PAGE + 1} OFFSET ?", [p["pet_id"], status, status, offset])
    for r in rows:
        r["starts_at"] = format_time(r["starts_at"])
    out: dict[str, Any] = {"pet_id": p["pet_id"], "visits": rows[:PAGE], "more": len(rows) > PAGE}
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


@tool
def check_kennel_availability(db: Database, pet_id: str, hospital_id: HospitalId, check_in: str,
                              nights: int) -> dict:
    """Quote a kennel stay for a pet: the kennel size its species and weight need, spaces left each night, the price.

    Args:
        pet_id: The pet to board, e.g. "PET-3107".
        hospital_id: The hospital, e.g. "HOS-1".
        check_in: The drop-off day, e.g. "2026-05-22".
        nights: Number of nights, 1 to 21.

    Returns:
        The kennel size, spaces left, full nights, nightly rate, total, and the boarding vaccines that would not
        be current through pick-up.
    """
    p = _pet(db, pet_id)
    h = _hospital(db, hospital_id)
    start = _day(check_in, "check_in")
    _check_stay_dates(db, start, nights)
    k = _kennel_for(db, p)
    cap = h[_CAPACITY[k["size_code"]]]
    use = _kennel_use(db, h["hospital_id"], k["size_code"], start, nights)
    full = [d.isoformat() for d, u in zip(_nights(start, nights), use) if u >= cap]
    end = start + timedelta(days=nights)
    missing = [v["name"] for v in _vaccine_status(db, p, end) if "boarding" in v["required_for"] and
               (v["due_on"] is None or as_date(v["due_on"]) <= end)]
    return {"pet_id": p["pet_id"], "hospital": h["name"], "kennel_size": k["size_code"],
            "kennel_name": k["name"], "check_in": start.isoformat(), "check_out": end.isoformat(), "nights": nights,
            "spaces_left": cap - max(use), "full_nights": full, "nightly_rate": k["nightly_rate"],
            "total": _money(k["nightly_rate"] * nights), "vaccines_not_current_through_check_out": missing}


@tool
def list_kennel_stays(db: Database, pet_id: str) -> dict:
    """List a pet's kennel stays, latest first.

    Args:
        pet_id: The pet's id, e.g. "PET-3107".

    Returns:
        Each stay's id, hospital, kennel size, dates, nightly rate, total, status and any cancellation fee.
    """
    p = _pet(db, pet_id)
    rows = db.query("SELECT k.stay_id, h.name AS hospital, k.size_code, k.check_in, k.check_out, k.nightly_rate, "
                    "k.total, k.status, k.cancellation_fee FROM kennel_stays k JOIN hospitals h ON h.hospital_id = "
                    "k.hospital_id WHERE k.pet_id = ? ORDER BY k.check_in DESC, k.stay_id",
                    [p["pet_id"]])
    return {"pet_id": p["pet_id"], "stays": rows}


@tool
def list_pet_prescriptions(db: Database, pet_id: str) -> dict:
    """List a pet's prescriptions with refills left, the last fill and the first day a refill can be filled.

    Args:
        pet_id: The pet's id, e.g. "PET-3107".

    Returns:
        Each prescription's id, drug, strength, quantity, days supply, price per fill, prescriber, whether it is a
        controlled drug, refills left, expiry, status, last fill date and next refill date.
    """
    p = _pet(db, pet_id)
    rows = db.query("SELECT r.rx_id, r.drug, r.strength, r.quantity, r.days_supply, r.price, t.name AS prescriber, "
                    "r.controlled, r.refills_authorized - r.refills_used AS refills_left, r.written_on, r.expires_on, "
                    "r.status, (SELECT max(f.filled_on) FROM rx_fills f WHERE f.rx_id = r.rx_id) AS last_filled_on "
                    "FROM prescriptions r JOIN staff t ON t.staff_id = r.staff_id WHERE r.pet_id = ? "
                    "ORDER BY r.written_on DESC, r.rx_id", [p["pet_id"]])
    for r in rows:
        r["next_refill_on"] = _next_refill(r, r["last_filled_on"]).isoformat()
    return {"pet_id": p["pet_id"], "prescriptions": rows}


@tool
def list_wellness_plans(db: Database) -> list:
    """List the wellness plans: species, age band in months, monthly fee and included visits per plan year.

    Returns:
        Each plan's code, name, species, age band (min inclusive, max exclusive), monthly fee and included visits.
    """
    return db.query("SELECT * FROM wellness_plans ORDER BY species, min_age_months")


@tool
def list_owner_invoices(db: Database, owner_id: str, status: InvoiceStatus | None = None, offset: int = 0) -> dict:
    """List an owner's invoices, newest first, 10 at a time, with the open and overdue balances.

    Args:
        owner_id: The owner's id, e.g. "OWN-2041".
        status: Only invoices with this status (open or paid); omit for all.
        offset: How many invoices to skip (the "next_offset" of the previous page); 0 for the first page.

    Returns:
        Up to 10 invoices (id, pet, kind, description, issue and due dates, amount, status, overdue); "more" is true
        when there are others, fetched with offset set to "next_offset".
    """
    o = _owner(db, owner_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    today = _today(db).isoformat()
    rows = db.query("SELECT i.invoice_id, p.name AS pet_name, i.kind, i.description, i.issued_on, i.due_on, "
                    "i.amount, i.status, i.paid_on, i.status = 'open' AND i.due_on < ? AS overdue FROM invoices i "
                    "JOIN pets p ON p.pet_id = i.pet_id WHERE i.owner_id = ? AND (? IS NULL OR i.status = ?) "
                    f"ORDER BY i.issued_on DESC, i.invoice_id DESC LIMIT {PAGE + 1} OFFSET ?",
                    [today, o["owner_id"], status, status, offset])
    open_balance = db.scalar("SELECT coalesce(sum(amount), 0) FROM invoices WHERE owner_id = ? AND status = 'open'",
                             [o["owner_id"]])
    out: dict[str, Any] = {"owner_id": o["owner_id"], "open_balance": _money(open_balance),
                           "overdue_balance": _money(sum(i["amount"] for i in _overdue(db, o["owner_id"]))),
                           "invoices": rows[:PAGE], "more": len(rows) > PAGE}
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


@tool
def list_pet_estimates(db: Database, pet_id: str) -> dict:
    """List a pet's treatment estimates with their price range, expiry and status.

    Args:
        pet_id: The pet's id, e.g. "PET-3107".

    Returns:
        Each estimate's id, description, veterinarian, low and high totals, created and expiry dates, status, and
        the deposit approving it would invoice.
    """
    p = _pet(db, pet_id)
    rows = db.query("SELECT e.estimate_id, e.description, t.name AS veterinarian, e.low_total, e.high_total, "
                    "e.created_on, e.expires_on, e.status FROM estimates e JOIN staff t ON t.staff_id = e.staff_id "
                    "WHERE e.pet_id = ? ORDER BY e.created_on DESC, e.estimate_id", [p["pet_id"]])
    for r in rows:
        r["deposit_on_approval"] = _money(r["low_total"] * ESTIMATE_DEPOSIT_PCT / 100)
    return {"pet_id": p["pet_id"], "estimates": rows}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_visit(db: Database, pet_id: str, type_code: VisitType, slot_id: str) -> dict:
    """Book a visit for a pet into an open slot; the deposit is charged to the card on file.

    A wellness-plan visit (wellness exam or vaccine appointment while plan visits remain) is free, with no deposit.

    Args:
        pet_id: The pet, e.g. "PET-3107".
        type_code: The visit type, e.g. "WELLNESS_EXAM".
        slot_id: An open slot from find_visit_times, e.g. "SL-02417".

    Returns:
        The new visit id, the provider, hospital and time, the fee, the deposit charged and the plan visits left.
    """
    p = _active_pet(db, pet_id)
    vt = _visit_type(db, type_code)
    if p["species"] not in vt["species"].split(","):
        raise ToolError(f"a {vt['name']} is not offered for {p['species']}s")
    owner = _owner(db, p["owner_id"])
    _check_not_overdue(db, owner["owner_id"])
    slot = _slot(db, slot_id)
    _check_slot_for(db, p, vt, slot, None)
    day = as_datetime(slot["starts_at"]).date()
    if vt["type_code"] == "SPAY_NEUTER":
        if p["neutered"]:
            raise ToolError(f"{p['name']} is already spayed or neutered")
        if _age_months(as_date(p["birth_date"]), day) < SPAY_MIN_MONTHS:
            raise ToolError(f"{p['name']} must be at least {SPAY_MIN_MONTHS} months old on the day of surgery")
    plan = _active_plan(db, p["pet_id"], day) if vt["plan_included"] else None
    covered = plan is not None and plan["visits_used"] < plan["included_visits"]
    fee, deposit = (0.0, 0.0) if covered else (vt["fee"], vt["deposit"])
    if deposit > 0:
        _check_card(db, owner, f"pay the ${deposit:.2f} deposit")
    visit_id = _IDS.next(db, "VIS-")
    db.execute("INSERT INTO visits VALUES (?, ?, ?, ?, 'booked', ?, ?, ?, 0, ?, NULL, NULL, NULL)",
               [visit_id, p["pet_id"], slot["slot_id"], vt["type_code"], fee, deposit,
                plan["enrollment_id"] if covered else None, db.now])
    db.execute("UPDATE slots SET status = 'booked' WHERE slot_id = ?", [slot["slot_id"]])
    out = {"visit_id": visit_id, "pet": p["name"], "type": vt["name"], "provider": slot["provider"],
           "hospital": slot["hospital_name"], "starts_at": format_time(slot["starts_at"]), "fee": fee,
           "deposit_charged": deposit, "covered_by_plan": covered}
    if covered:
        db.execute("UPDATE plan_enrollments SET visits_used = visits_used + 1 WHERE enrollment_id = ?",
                   [plan["enrollment_id"]])
        out["plan_visits_left"] = plan["included_visits"] - plan["visits_used"] - 1
    if deposit > 0:
        out["charged_to"] = _card_label(owner)
    return out


@tool(writes=True)
def cancel_visit(db: Database, visit_id: str, reason: CancelReason, accept_deposit_forfeit: bool = False) -> dict:
    """Cancel a booked visit. At least 24 hours ahead the deposit is refunded; later it is forfeited.

    Args:
        visit_id: The booked visit, e.g. "VIS-71234".
        reason: Why the owner cancels.
        accept_deposit_forfeit: True only after the owner agreed to lose the deposit of a visit less than 24 hours
            away; leave false otherwise.

    Returns:
        The visit id, its status, the deposit refunded or forfeited, and whether a plan visit was returned.
    """
    v = _visit(db, visit_id)
    if v["status"] != "booked":
        raise ToolError(f"visit {v['visit_id']} is {v['status']}; only booked visits can be cancelled")
    start = as_datetime(v["starts_at"])
    late = _now(db) > start - timedelta(hours=FREE_CANCEL_HOURS)
    if late and v["deposit_paid"] > 0 and not accept_deposit_forfeit:
        raise ToolError(f"visit {v['visit_id']} starts {format_time(start)}, less than {FREE_CANCEL_HOURS} hours "
                        f"from now: cancelling forfeits the ${v['deposit_paid']:.2f} deposit. Tell the owner and "
                        "cancel with accept_deposit_forfeit only if they agree")
    refunded = not late or v["deposit_paid"] == 0
    db.execute("UPDATE visits SET status = 'cancelled', cancelled_at = ?, cancel_reason = ?, deposit_refunded = ? "
               "WHERE visit_id = ?", [db.now, reason, refunded, v["visit_id"]])
    db.execute("UPDATE slots SET status = 'open' WHERE slot_id = ?", [v["slot_id"]])
    if v["enrollment_id"]:
        db.execute("UPDATE plan_enrollments SET visits_used = visits_used - 1 WHERE enrollment_id = ?",
                   [v["enrollment_id"]])
    return {"visit_id": v["visit_id"], "status": "cancelled",
            "deposit_refunded": v["deposit_paid"] if refunded else 0.0,
            "deposit_forfeited": 0.0 if refunded else v["deposit_paid"],
            "plan_visit_returned": bool(v["enrollment_id"])}


@tool(writes=True)
def reschedule_visit(db: Database, visit_id: str, new_slot_id: str) -> dict:
    """Move a booked visit to another open slot of the same kind, more than 24 hours before it starts (at most twice).

    Args:
        visit_id: The booked visit, e.g. "VIS-71234".
        new_slot_id: The open slot to move to, from find_visit_times, e.g. "SL-02417".

    Returns:
        The visit id, the new provider, hospital and time, and how many reschedules are left.
    """
    v = _visit(db, visit_id)
    if v["status"] != "booked":
        raise ToolError(f"visit {v['visit_id']} is {v['status']}; only booked visits can be rescheduled")
    start = as_datetime(v["starts_at"])
    if _now(db) > start - timedelta(hours=FREE_CANCEL_HOURS):
        raise ToolError(f"visit {v['visit_id']} starts {format_time(start)}, less than {FREE_CANCEL_HOURS} hours "
                        "from now; it can no longer be rescheduled")
    if v["reschedule_count"] >= MAX_RESCHEDULES:
        raise ToolError(f"visit {v['visit_id']} was already rescheduled {v['reschedule_count']} times, the most "
                        "allowed; cancel it and book a new one instead")
    slot = _slot(db, new_slot_id)
    if slot["slot_id"] == v["slot_id"]:
        raise ToolError(f"visit {v['visit_id']} already is in slot {slot['slot_id']}")
    p = _pet(db, v["pet_id"])
    vt = _visit_type(db, v["type_code"])
    _check_slot_for(db, p, vt, slot, v["visit_id"])
    db.execute("UPDATE slots SET status = 'open' WHERE slot_id = ?", [v["slot_id"]])
    db.execute("UPDATE slots SET status = 'booked' WHERE slot_id = ?", [slot["slot_id"]])
    db.execute("UPDATE visits SET slot_id = ?, reschedule_count = reschedule_count + 1 WHERE visit_id = ?",
               [slot["slot_id"], v["visit_id"]])
    return {"visit_id": v["visit_id"], "type": vt["name"], "provider": slot["provider"],
            "hospital": slot["hospital_name"], "starts_at": format_time(slot["starts_at"]),
            "reschedules_left": MAX_RESCHEDULES - v["reschedule_count"] - 1}


@tool(writes=True)
def reserve_kennel(db: Database, pet_id: str, hospital_id: HospitalId, check_in: str, nights: int) -> dict:
    """Reserve a boarding kennel for a pet; the kennel size follows its species and weight.

    Args:
        pet_id: The pet to board, e.g. "PET-3107".
        hospital_id: The hospital, e.g. "HOS-1".
        check_in: The drop-off day, e.g. "2026-05-22" (today or later).
        nights: Number of nights, 1 to 21.

    Returns:
        The new stay id, kennel size, dates, nightly rate, total and the free-cancellation deadline.
    """
    p = _active_pet(db, pet_id)
    h = _hospital(db, hospital_id)
    start = _day(check_in, "check_in")
    _check_stay_dates(db, start, nights)
    _check_not_overdue(db, p["owner_id"])
    end = start + timedelta(days=nights)
    clash = db.query_one("SELECT stay_id, check_in, check_out FROM kennel_stays WHERE pet_id = ? AND status IN "
                         "('reserved', 'checked_in') AND check_in < ? AND check_out > ?",
                         [p["pet_id"], end.isoformat(), start.isoformat()])
    if clash:
        raise ToolError(f"{p['name']} already has kennel stay {clash['stay_id']} from {clash['check_in']} to "
                        f"{clash['check_out']}")
    k = _kennel_for(db, p)
    cap = h[_CAPACITY[k["size_code"]]]
    for d, used in zip(_nights(start, nights), _kennel_use(db, h["hospital_id"], k["size_code"], start, nights)):
        if used >= cap:
            raise ToolError(f"every {k['name'].lower()} at {h['name']} is taken on the night of {d.isoformat()} "
                            f"(all {cap} booked)")
    _check_vaccines(db, p, end, "boarding")
    stay_id = _IDS.next(db, "KS-")
    total = _money(k["nightly_rate"] * nights)
    db.execute("INSERT INTO kennel_stays VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'reserved', ?, NULL, NULL)",
               [stay_id, p["pet_id"], h["hospital_id"], k["size_code"], start.isoformat(), end.isoformat(),
                k["nightly_rate"], total, db.now])
    return {"stay_id": stay_id, "pet": p["name"], "hospital": h["name"], "kennel_size": k["size_code"],
            "check_in": start.isoformat(), "check_out": end.isoformat(), "nights": nights,
            "nightly_rate": k["nightly_rate"], "total": total,
            "free_cancellation_until": (start - timedelta(days=KENNEL_FREE_DAYS)).isoformat()}


@tool(writes=True)
def cancel_kennel_stay(db: Database, stay_id: str, accept_late_fee: bool = False) -> dict:
    """Cancel a reserved kennel stay: free until 3 days before check-in; later one night is charged.

    Args:
        stay_id: The reserved stay, e.g. "KS-8123".
        accept_late_fee: True only after the owner agreed to pay the one-night late-cancellation fee; leave false
            otherwise.

    Returns:
        The stay id, its status, the fee charged (0 when free) and the fee's invoice.
    """
    s = db.query_one("SELECT k.*, p.owner_id, p.name AS pet_name FROM kennel_stays k JOIN pets p ON "
                     "p.pet_id = k.pet_id WHERE k.stay_id = ?", [_norm(stay_id)])
    if s is None:
        raise ToolError(f"no kennel stay with id {stay_id!r} (stay ids look like 'KS-8123')")
    if s["status"] != "reserved":
        raise ToolError(f"kennel stay {s['stay_id']} is {s['status']}; only reserved stays can be cancelled")
    check_in = as_date(s["check_in"])
    free_until = check_in - timedelta(days=KENNEL_FREE_DAYS)
    fee, invoice_id = 0.0, None
    if _today(db) > free_until:
        fee = s["nightly_rate"]
        if not accept_late_fee:
            raise ToolError(f"free cancellation of kennel stay {s['stay_id']} ended {free_until.isoformat()}; "
                            f"cancelling now costs one night (${fee:.2f}). Tell the owner and cancel with "
                            "accept_late_fee only if they agree")
        invoice_id = _invoice(db, s["owner_id"], s["pet_id"], "cancellation", "Late boarding cancellation", fee)
    db.execute("UPDATE kennel_stays SET status = 'cancelled', cancelled_at = ?, cancellation_fee = ? "
               "WHERE stay_id = ?", [db.now, fee, s["stay_id"]])
    return {"stay_id": s["stay_id"], "status": "cancelled", "cancellation_fee": fee, "invoice_id": invoice_id}


@tool(writes=True)
def request_refill(db: Database, rx_id: str) -> dict:
    """Fill a refill of a pet's prescription for pickup today; the fill is invoiced to the owner.

    Args:
        rx_id: The prescription, e.g. "RX-60112" (from list_pet_prescriptions).

    Returns:
        The fill id, drug, quantity, price, the invoice, and the refills left.
    """
    rx = db.query_one("SELECT r.*, p.owner_id, p.name AS pet_name, p.last_exam_on, p.status AS pet_status FROM "
                      "prescriptions r JOIN pets p ON p.pet_id = r.pet_id WHERE r.rx_id = ?", [_norm(rx_id)])
    if rx is None:
        raise ToolError(f"no prescription with id {rx_id!r} (ids look like 'RX-60112')")
    today = _today(db)
    if rx["pet_status"] != "active":
        raise ToolError(f"{rx['pet_name']} is recorded as deceased; the prescription cannot be refilled")
    if rx["status"] != "active":
        raise ToolError(f"prescription {rx['rx_id']} ({rx['drug']}) was discontinued by the veterinarian")
    if rx["controlled"]:
        raise ToolError(f"{rx['drug']} is a controlled drug: refills need the prescribing veterinarian's approval "
                        "and cannot be requested at the front desk")
    if as_date(rx["expires_on"]) < today:
        raise ToolError(f"prescription {rx['rx_id']} expired {rx['expires_on']}; the veterinarian must write a new "
                        "one")
    if rx["refills_used"] >= rx["refills_authorized"]:
        raise ToolError(f"prescription {rx['rx_id']} has no refills left ({rx['refills_authorized']} authorized, "
                        "all used); the veterinarian must authorize more")
    last_exam = as_date(rx["last_exam_on"]) if rx["last_exam_on"] else None
    if last_exam is None or last_exam < today - timedelta(days=RX_EXAM_DAYS):
        raise ToolError(f"{rx['pet_name']} has not had an exam with a veterinarian in the last {RX_EXAM_DAYS} days "
                        f"(last: {last_exam.isoformat() if last_exam else 'never'}); refills need a current exam")
    last_fill = db.scalar("SELECT max(filled_on) FROM rx_fills WHERE rx_id = ?", [rx["rx_id"]])
    eligible = _next_refill(rx, last_fill)
    if today < eligible:
        raise ToolError(f"too soon to refill {rx['drug']}: last filled {as_date(last_fill).isoformat()} for "
                        f"{rx['days_supply']} days; the next refill can be filled from {eligible.isoformat()}")
    fill_id = _IDS.next(db, "FIL-")
    db.execute("INSERT INTO rx_fills VALUES (?, ?, ?, ?, ?, 'refill')",
               [fill_id, rx["rx_id"], today.isoformat(), rx["quantity"], rx["price"]])
    db.execute("UPDATE prescriptions SET refills_used = refills_used + 1 WHERE rx_id = ?", [rx["rx_id"]])
    invoice_id = _invoice(db, rx["owner_id"], rx["pet_id"], "pharmacy", f"{rx['drug']} {rx['strength']}", rx["price"])
    return {"fill_id": fill_id, "rx_id": rx["rx_id"], "drug": rx["drug"], "quantity": rx["quantity"],
            "price": rx["price"], "invoice_id": invoice_id,
            "refills_left": rx["refills_authorized"] - rx["refills_used"] - 1}


@tool(writes=True)
def enroll_in_wellness_plan(db: Database, pet_id: str, plan_code: PlanCode) -> dict:
    """Enroll a pet in a wellness plan from today for one plan year; the first monthly fee is invoiced.

    Args:
        pet_id: The pet, e.g. "PET-3107".
        plan_code: The plan, e.g. "ADULT_DOG" (see list_wellness_plans).

    Returns:
        The enrollment id, plan, start and end dates, included visits, and the first month's invoice.
    """
    p = _active_pet(db, pet_id)
    plan = db.query_one("SELECT * FROM wellness_plans WHERE plan_code = ?", [plan_code])
    if plan["species"] != p["species"]:
        raise ToolError(f"the {plan['name']} plan is for {plan['species']}s; {p['name']} is a {p['species']}")
    today = _today(db)
    months = _age_months(as_date(p["birth_date"]), today)
    if not plan["min_age_months"] <= months < plan["max_age_months"]:
        raise ToolError(f"the {plan['name']} plan is for {plan['species']}s from {plan['min_age_months']} up to "
                        f"{plan['max_age_months']} months old; {p['name']} is {months} months old")
    current = _active_plan(db, p["pet_id"], today)
    if current:
        raise ToolError(f"{p['name']} is already on the {current['plan_name']} plan until {current['end_date']}; "
                        "a pet has one plan at a time")
    _check_not_overdue(db, p["owner_id"])
    enrollment_id = _IDS.next(db, "ENR-")
    start = today
    end = _plan_end(start)
    db.execute("INSERT INTO plan_enrollments VALUES (?, ?, ?, ?, ?, 0, 'active')",
               [enrollment_id, p["pet_id"], plan["plan_code"], start.isoformat(), end.isoformat()])
    invoice_id = _invoice(db, p["owner_id"], p["pet_id"], "plan", f"{plan['name']} plan, monthly fee",
                          plan["monthly_fee"])
    return {"enrollment_id": enrollment_id, "pet": p["name"], "plan": plan["name"], "start_date": start.isoformat(),
            "end_date": end.isoformat(), "included_visits": plan["included_visits"],
            "monthly_fee": plan["monthly_fee"], "first_invoice_id": invoice_id}


@tool(writes=True)
def pay_invoice(db: Database, invoice_id: str) -> dict:
    """Pay an open invoice in full with the owner's card on file.

    Args:
        invoice_id: The open invoice, e.g. "INV-30412" (from list_owner_invoices).

    Returns:
        The invoice id, the amount paid, the card charged and the owner's remaining open balance.
    """
    inv = db.query_one("SELECT * FROM invoices WHERE invoice_id = ?", [_norm(invoice_id)])
    if inv is None:
        raise ToolError(f"no invoice with id {invoice_id!r} (ids look like 'INV-30412')")
    if inv["status"] != "open":
        raise ToolError(f"invoice {inv['invoice_id']} is already paid (on {inv['paid_on']})")
    owner = _owner(db, inv["owner_id"])
    _check_card(db, owner, f"pay invoice {inv['invoice_id']}")
    db.execute("UPDATE invoices SET status = 'paid', paid_on = ? WHERE invoice_id = ?",
               [_today(db).isoformat(), inv["invoice_id"]])
    left = db.scalar("SELECT coalesce(sum(amount), 0) FROM invoices WHERE owner_id = ? AND status = 'open'",
                     [owner["owner_id"]])
    return {"invoice_id": inv["invoice_id"], "amount_paid": inv["amount"], "charged_to": _card_label(owner),
            "open_balance_left": _money(left)}


@tool(writes=True)
def approve_estimate(db: Database, estimate_id: str) -> dict:
    """Approve a pending treatment estimate before it expires; a deposit of half the low total is invoiced.

    Args:
        estimate_id: The pending estimate, e.g. "EST-4011" (from list_pet_estimates).

    Returns:
        The estimate id, its status, the deposit invoiced and the invoice id.
    """
    e = db.query_one("SELECT e.*, p.owner_id FROM estimates e JOIN pets p ON p.pet_id = e.pet_id "
                     "WHERE e.estimate_id = ?", [_norm(estimate_id)])
    if e is None:
        raise ToolError(f"no estimate with id {estimate_id!r} (ids look like 'EST-4011')")
    if e["status"] != "pending":
        raise ToolError(f"estimate {e['estimate_id']} is {e['status']}; only pending estimates can be approved")
    if as_date(e["expires_on"]) < _today(db):
        raise ToolError(f"estimate {e['estimate_id']} expired {e['expires_on']}; the veterinarian must issue a new "
                        "one")
    deposit = _money(e["low_total"] * ESTIMATE_DEPOSIT_PCT / 100)
    db.execute("UPDATE estimates SET status = 'approved' WHERE estimate_id = ?", [e["estimate_id"]])
    invoice_id = _invoice(db, e["owner_id"], e["pet_id"], "estimate_deposit", f"Deposit for {e['description']}",
                          deposit)
    return {"estimate_id": e["estimate_id"], "status": "approved", "deposit": deposit, "invoice_id": invoice_id,
            "due_on": (_today(db) + timedelta(days=PAYMENT_TERMS_DAYS)).isoformat()}
