"""Tools of the pharmacy environment: the dispensing and patient-services desk of Cobblestone Pharmacy.

Reads find patients and show their profile, prescriptions, fills, prior authorisations, deliveries and vaccinations,
the stores, the drug catalogue with stock per store and open vaccination times. Writes queue fills and refills,
cancel fills, transfer prescriptions between stores, submit prior authorisations, schedule and cancel home
deliveries, book and cancel vaccinations and record allergies, each under the chain's rules: refills and expiry,
no early refills (stricter for controlled substances), allergy checks, insurance copays by tier and prior
authorisation, stock per store, one transfer for schedule III to V and none for schedule II, delivery areas and
capacity, vaccine ages and intervals.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, format_time, parse_date
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

CONTROLLED = ("II", "III", "IV", "V")
#: Share of the last fill's days supply that must have passed before the next fill.
REFILL_AFTER = {"controlled": 0.90, "other": 0.75}
READY_AFTER_HOURS = 2
DELIVERY_FEE = 5.99
DELIVERY_FREE_AGE = 65
DELIVERY_MAX_DAYS_AHEAD = 7
VACCINE_BOOK_AHEAD_HOURS = 1
VACCINE_CANCEL_HOURS = 2
PA_DENIAL_WAIT_DAYS = 30
PAGE = 8

AllergyClass = Literal["penicillin", "cephalosporin", "sulfa", "nsaid", "opioid"]
BillTo = Literal["insurance", "cash"]
FillStatus = Literal["in_progress", "ready", "picked_up", "delivered", "returned_to_stock", "cancelled"]
VaccineCode = Literal["FLU", "COVID", "SHINGLES", "TDAP", "PNEUMO", "HEPB"]

_day = partial(parse_date, hint="like '2026-09-16'")
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "FL-": ("fills", "fill_id", 0),
    "TRF-": ("transfers", "transfer_id", 0),
    "PA-": ("prior_authorizations", "pa_id", 0),
    "DLV-": ("deliveries", "delivery_id", 0),
    "VAX-": ("vaccinations", "appointment_id", 0),
})
DRUG_LABEL = "d.name || ' ' || d.strength || ' ' || d.form"


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _patient(db: Database, patient_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM patients WHERE patient_id = ?", [patient_id.strip().upper()])
    if row is None:
        raise ToolError(f"no patient with id {patient_id!r} (patient ids look like 'PT-10042'); see find_patient")
    return row


def _store(db: Database, store_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM stores WHERE store_id = ?", [store_id.strip().upper()])
    if row is None:
        raise ToolError(f"no store with id {store_id!r} (store ids look like 'ST-2'); see list_stores")
    return row


def _drug(db: Database, drug_id: str) -> dict[str, Any]:
    row = db.query_one(f"SELECT d.*, {DRUG_LABEL} AS label FROM drugs d WHERE drug_id = ?",
                       [drug_id.strip().upper()])
    if row is None:
        raise ToolError(f"no drug with id {drug_id!r} (drug ids look like 'DRG-118'); see search_drug_catalog")
    return row


def _rx(db: Database, rx_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM prescriptions WHERE rx_id = ?", [rx_id.strip().upper()])
    if row is None:
        raise ToolError(f"no prescription with id {rx_id!r} (prescription ids look like 'RX-300421')")
    return row


def _age(dob: str, on: date) -> int:
    born = date.fromisoformat(str(dob)[:10])
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def _controlled(drug: dict[str, Any]) -> bool:
    return drug["schedule"] in CONTROLLED


def _earliest_fill(rx: dict[str, Any], drug: dict[str, Any]) -> date | None:
    """The first day the next fill may be made: a share of the last fill's days supply must have passed."""
    if rx["last_filled_on"] is None:
        return None
    share = REFILL_AFTER["controlled" if _controlled(drug) else "other"]
    return date.fromisoformat(rx["last_filled_on"]) + timedelta(days=math.ceil(rx["days_supply"] * share))


def _coverage(db: Database, patient: dict[str, Any]) -> dict[str, Any] | None:
    """The patient's plan while coverage is current, else None."""
    if patient["plan_id"] is None:
        return None
    if patient["coverage_end"] is not None and date.fromisoformat(patient["coverage_end"]) < _now(db).date():
        return None
    return db.query_one("SELECT * FROM insurance_plans WHERE plan_id = ?", [patient["plan_id"]])


def _copay(plan: dict[str, Any], tier: int, days_supply: int) -> float:
    return _money(plan[f"tier{tier}_copay"] * math.ceil(days_supply / 30))


def _cash_price(drug: dict[str, Any], quantity: int) -> float:
    return _money(drug["unit_cash_price"] * quantity)


def _needs_pa(plan: dict[str, Any] | None, drug: dict[str, Any]) -> bool:
    return bool(plan and drug["tier"] == 3 and plan["tier3_needs_pa"])


def _approved_pa(db: Database, patient_id: str, drug_id: str, plan_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT * FROM prior_authorizations WHERE patient_id = ? AND drug_id = ? AND plan_id = ? "
                        "AND status = 'approved' AND expires_on >= ? ORDER BY expires_on DESC LIMIT 1",
                        [patient_id, drug_id, plan_id, _now(db).date().isoformat()])


def _open_fill(db: Database, rx_id: str) -> dict[str, Any] | None:
    return db.query_one("SELECT * FROM fills WHERE rx_id = ? AND status IN ('in_progress', 'ready') "
                        "ORDER BY fill_id LIMIT 1", [rx_id])


def _rx_state(rx: dict[str, Any], drug: dict[str, Any], today: date) -> str:
    """One word on whether the prescription can be filled now (before stock, insurance and allergies)."""
    if rx["status"] != "active":
        return "discontinued"
    if date.fromisoformat(rx["expires_on"]) < today:
        return "expired"
    if rx["last_filled_on"] is not None:
        if drug["schedule"] == "II":
            return "new_prescription_needed"
        if rx["refills_remaining"] <= 0:
            return "no_refills_left"
        earliest = _earliest_fill(rx, drug)
        if earliest is not None and earliest > today:
            return "too_early"
    return "can_fill"


def _stamp(value: Any) -> str | None:
    """A nullable stored timestamp as the agent reads it (``format_time``), or None."""
    return None if value is None else format_time(value)


def _page(rows: list[dict[str, Any]], offset: int, key: str) -> dict[str, Any]:
    out: dict[str, Any] = {key: rows[:PAGE], "more": len(rows) > PAGE}
    if out["more"]:
        out["next_offset"] = offset + PAGE
    return out


def _check_offset(offset: int) -> None:
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_patient(db: Database, first_name: str, last_name: str, date_of_birth: str) -> dict:
    """Find a patient's record from their full name and date of birth (this verifies the caller).

    Args:
        first_name: The patient's first name, e.g. "Maria".
        last_name: The patient's last name, e.g. "Okafor".
        date_of_birth: The patient's date of birth, YYYY-MM-DD, e.g. "1961-04-23".

    Returns:
        The patient id and name.
    """
    dob = parse_date(date_of_birth, "date_of_birth", hint="like '1961-04-23'")
    row = db.query_one("SELECT p.patient_id, p.first_name, p.last_name FROM patients p WHERE lower(p.first_name) = "
                       "lower(?) AND lower(p.last_name) = lower(?) AND p.date_of_birth = ?",
                       [first_name.strip(), last_name.strip(), dob.isoformat()])
    if row is None:
        raise ToolError(f"no patient named {first_name.strip()} {last_name.strip()} born {dob.isoformat()}")
    return row


@tool
def get_patient_profile(db: Database, patient_id: str) -> dict:
    """Get a patient's profile: contact details, home store, allergies on record and insurance with its copays.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".

    Returns:
        Name, date of birth, age, phone, address, home store, allergies and the insurance plan (copay per 30-day
        supply by tier, whether tier-3 drugs need prior authorisation, whether vaccines are covered, whether the
        coverage is current).
    """
    p = _patient(db, patient_id)
    today = _now(db).date()
    store = _store(db, p["home_store_id"])
    insurance = None
    if p["plan_id"]:
        plan = db.query_one("SELECT * FROM insurance_plans WHERE plan_id = ?", [p["plan_id"]])
        insurance = {"plan_id": plan["plan_id"], "plan_name": plan["name"], "payer": plan["payer"],
                     "member_number": p["member_number"], "coverage_end": p["coverage_end"],
                     "coverage_current": _coverage(db, p) is not None, "tier1_copay": plan["tier1_copay"],
                     "tier2_copay": plan["tier2_copay"], "tier3_copay": plan["tier3_copay"],
                     "tier3_needs_prior_auth": plan["tier3_needs_pa"], "covers_vaccines": plan["covers_vaccines"]}
    return {"patient_id": p["patient_id"], "name": f"{p['first_name']} {p['last_name']}",
            "date_of_birth": p["date_of_birth"], "age": _age(p["date_of_birth"], today), "phone": p["phone"],
            "email": p["email"], "address": f"{p['street']}, {p['city']}, OH {p['zip']}", "zip": p["zip"],
            "home_store_id": store["store_id"], "home_store": store["name"],
            "allergies": (p["allergies"] or "").split(), "insurance": insurance}


@tool
def list_patient_prescriptions(db: Database, patient_id: str, offset: int = 0) -> dict:
    """List a patient's prescriptions, most recently written first, 8 at a time.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".
        offset: How many prescriptions to skip, for the next page (the "next_offset" of the previous result); 0 for
            the first page.

    Returns:
        Up to 8 prescriptions: id, drug, schedule, prescriber, store, refills left, written and expiry dates, last
        fill, the earliest date of the next fill, fill_state (can_fill, too_early, no_refills_left, expired,
        new_prescription_needed or discontinued) and the cash price of one fill; "more" is true when there are
        others.
    """
    p = _patient(db, patient_id)
    _check_offset(offset)
    today = _now(db).date()
    rows = db.query(
        f"SELECT r.*, {DRUG_LABEL} AS drug, d.schedule, d.tier, d.unit_cash_price, pr.name AS prescriber, "
        "s.name AS store "
        "FROM prescriptions r JOIN drugs d ON d.drug_id = r.drug_id JOIN prescribers pr ON "
        "pr.prescriber_id = r.prescriber_id JOIN stores s ON s.store_id = r.store_id WHERE r.patient_id = ? "
        "ORDER BY r.written_on DESC, r.rx_id LIMIT ? OFFSET ?", [p["patient_id"], PAGE + 1, offset])
    out = []
    for r in rows:
        earliest = _earliest_fill(r, r)
        out.append({"rx_id": r["rx_id"], "drug": r["drug"], "schedule": r["schedule"], "prescriber": r["prescriber"],
                    "store_id": r["store_id"], "store": r["store"], "status": r["status"],
                    "refills_remaining": r["refills_remaining"], "written_on": r["written_on"],
                    "expires_on": r["expires_on"], "last_filled_on": r["last_filled_on"],
                    "next_fill_from": earliest.isoformat() if earliest else None,
                    "fill_state": _rx_state(r, r, today), "cash_price": _cash_price(r, r["quantity"])})
    return {"patient_id": p["patient_id"], **_page(out, offset, "prescriptions")}


@tool
def get_prescription(db: Database, rx_id: str) -> dict:
    """Get one prescription in full: drug, directions, refills, dates, what the patient would pay and recent fills.

    Args:
        rx_id: The prescription's id, e.g. "RX-300421".

    Returns:
        The prescription's details, fill_state, the insurance copay (when coverage is current) and the cash price
        of one fill, whether prior authorisation is needed and on file, and its last 5 fills.
    """
    r = _rx(db, rx_id)
    d = _drug(db, r["drug_id"])
    p = _patient(db, r["patient_id"])
    today = _now(db).date()
    prescriber = db.query_one("SELECT * FROM prescribers WHERE prescriber_id = ?", [r["prescriber_id"]])
    store = _store(db, r["store_id"])
    plan = _coverage(db, p)
    needs_pa = _needs_pa(plan, d)
    pa = _approved_pa(db, p["patient_id"], d["drug_id"], plan["plan_id"]) if needs_pa else None
    earliest = _earliest_fill(r, d)
    fills = db.query("SELECT fill_number, status, filled_on, ready_at, billed_to, patient_pays FROM fills "
                     "WHERE rx_id = ? ORDER BY filled_on DESC, fill_number DESC LIMIT 5", [r["rx_id"]])
    for f in fills:
        f["ready_at"] = _stamp(f["ready_at"])
    return {"rx_id": r["rx_id"], "patient_id": r["patient_id"], "drug_id": d["drug_id"], "drug": d["label"],
            "schedule": d["schedule"], "tier": d["tier"], "refrigerated": d["refrigerated"],
            "directions": r["directions"], "quantity": r["quantity"], "days_supply": r["days_supply"],
            "prescriber": f"{prescriber['name']}, {prescriber['credentials']}", "practice": prescriber["practice"],
            "prescriber_phone": prescriber["phone"], "store_id": store["store_id"], "store": store["name"],
            "status": r["status"], "refills_authorized": r["refills_authorized"],
            "refills_remaining": r["refills_remaining"], "written_on": r["written_on"], "expires_on": r["expires_on"],
            "last_filled_on": r["last_filled_on"], "next_fill_from": earliest.isoformat() if earliest else None,
            "transfers_so_far": r["transfer_count"], "fill_state": _rx_state(r, d, today),
            "insurance_copay": _copay(plan, d["tier"], r["days_supply"]) if plan else None,
            "cash_price": _cash_price(d, r["quantity"]), "prior_auth_required": needs_pa,
            "prior_auth_approved_until": pa["expires_on"] if pa else None, "recent_fills": fills}


@tool
def list_patient_fills(db: Database, patient_id: str, status: FillStatus | None = None, offset: int = 0) -> dict:
    """List a patient's fills (each time a prescription was filled), newest first, 8 at a time.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".
        status: Only fills with this status (in_progress, ready, picked_up, delivered, returned_to_stock or
            cancelled); omit for all.
        offset: How many fills to skip, for the next page (the "next_offset" of the previous result); 0 for the first
            page.

    Returns:
        Up to 8 fills: id, prescription, drug, store, status, fill date, when it is ready, what the patient pays
        and the delivery it is on (on_delivery); "more" is true when there are others.
    """
    p = _patient(db, patient_id)
    _check_offset(offset)
    rows = db.query(
        f"SELECT f.fill_id, f.rx_id, {DRUG_LABEL} AS drug, f.store_id, s.name AS store, f.status, f.filled_on, "
        "f.ready_at, f.completed_at, f.billed_to, f.patient_pays, f.delivery_id AS on_delivery FROM fills f JOIN prescriptions r "
        "ON r.rx_id = f.rx_id JOIN drugs d ON d.drug_id = r.drug_id JOIN stores s ON s.store_id = f.store_id "
        "WHERE r.patient_id = ? AND (? IS NULL OR f.status = ?) ORDER BY f.filled_on DESC, f.fill_id DESC "
        "LIMIT ? OFFSET ?", [p["patient_id"], status, status, PAGE + 1, offset])
    for f in rows:
        f["ready_at"], f["completed_at"] = _stamp(f["ready_at"]), _stamp(f["completed_at"])
    return {"patient_id": p["patient_id"], **_page(rows, offset, "fills")}


@tool
def list_stores(db: Database, city: str | None = None) -> list:
    """List the chain's stores, optionally in one city.

    Args:
        city: Only stores in this city, e.g. "Dublin"; omit for all stores.

    Returns:
        Each store's id, name, address, phone, counter hours, the ZIP codes it delivers to and its deliveries per
        day (none where it does not deliver).
    """
    rows = db.query("SELECT store_id, name, street, city, zip, phone, opens, closes, delivery_zips, "
                    "daily_delivery_slots FROM stores WHERE (? IS NULL OR lower(city) = lower(?)) ORDER BY store_id",
                    [city and city.strip(), city and city.strip()])
    for r in rows:
        r["delivers_to"] = (r.pop("delivery_zips") or "").split()
        r["offers_delivery"] = bool(r["delivers_to"])
    return rows


@tool
def search_drug_catalog(db: Database, drug_name: str) -> list:
    """Search the drug catalogue by (part of) a generic name.

    Args:
        drug_name: The drug's name or part of it, e.g. "metformin".

    Returns:
        The matching drugs (at most 10): id, name, strength, form, controlled-substance schedule, formulary tier,
        cash price per unit and whether it is refrigerated.
    """
    text = drug_name.strip().lower()
    if len(text) < 3:
        raise ToolError("give at least 3 letters of the drug's name")
    return db.query(f"SELECT d.drug_id, {DRUG_LABEL} AS drug, d.name, d.strength, d.form, d.schedule, d.tier, "
                    "d.unit_cash_price, d.refrigerated FROM drugs d WHERE lower(d.name) LIKE ? ORDER BY d.name, "
                    "d.drug_id LIMIT 10", [f"%{text}%"])


@tool
def check_drug_stock(db: Database, drug_id: str, store_id: str | None = None) -> dict:
    """Check how many units of a drug each store has on the shelf (or one store).

    Args:
        drug_id: The drug's id, e.g. "DRG-118" (from search_drug_catalog or get_prescription).
        store_id: Only this store, e.g. "ST-2"; omit for every store.

    Returns:
        The drug and, per store, the units on hand.
    """
    d = _drug(db, drug_id)
    if store_id is not None:
        _store(db, store_id)
    rows = db.query("SELECT i.store_id, s.name AS store, s.city, i.on_hand FROM inventory i JOIN stores s ON "
                    "s.store_id = i.store_id WHERE i.drug_id = ? AND (? IS NULL OR i.store_id = ?) ORDER BY "
                    "i.store_id", [d["drug_id"], store_id and store_id.strip().upper(),
                                   store_id and store_id.strip().upper()])
    return {"drug_id": d["drug_id"], "drug": d["label"], "stores": rows}


@tool
def list_prior_authorizations(db: Database, patient_id: str) -> dict:
    """List a patient's prior authorisation requests.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".

    Returns:
        Each request: id, drug, plan, status (pending, approved or denied), submission and decision dates and, for
        approved ones, the last day they apply.
    """
    p = _patient(db, patient_id)
    rows = db.query(f"SELECT a.pa_id, a.drug_id, {DRUG_LABEL} AS drug, a.plan_id, pl.name AS plan_name, a.status, "
                    "a.submitted_on, a.decided_on, a.expires_on FROM prior_authorizations a JOIN drugs d ON "
                    "d.drug_id = a.drug_id JOIN insurance_plans pl ON pl.plan_id = a.plan_id WHERE a.patient_id = ? "
                    "ORDER BY a.submitted_on DESC, a.pa_id DESC", [p["patient_id"]])
    return {"patient_id": p["patient_id"], "prior_authorizations": rows}


@tool
def list_patient_deliveries(db: Database, patient_id: str) -> dict:
    """List a patient's home deliveries, latest first (at most 10).

    Args:
        patient_id: The patient's id, e.g. "PT-10042".

    Returns:
        Each delivery: id, store, date, address, fee, status and the fills on it.
    """
    p = _patient(db, patient_id)
    rows = db.query("SELECT v.delivery_id, v.store_id, s.name AS store, v.delivery_date, v.address, v.fee, v.status "
                    "FROM deliveries v JOIN stores s ON s.store_id = v.store_id WHERE v.patient_id = ? "
                    "ORDER BY v.delivery_date DESC, v.delivery_id DESC LIMIT 10", [p["patient_id"]])
    for r in rows:
        r["fills"] = db.query(f"SELECT f.fill_id, {DRUG_LABEL} AS drug FROM fills f JOIN prescriptions x ON "
                              "x.rx_id = f.rx_id JOIN drugs d ON d.drug_id = x.drug_id WHERE f.delivery_id = ? "
                              "ORDER BY f.fill_id", [r["delivery_id"]])
    return {"patient_id": p["patient_id"], "deliveries": rows}


@tool
def list_vaccines(db: Database) -> list:
    """List the vaccines the pharmacists give, with the youngest age, the wait since a previous dose and the price.

    Returns:
        Each vaccine: code, name, minimum age in years, minimum days since the last dose of the same vaccine and the
        cash price (plans that cover vaccines pay it in full).
    """
    return db.query("SELECT vaccine_code, name, min_age, min_interval_days, cash_price FROM vaccines "
                    "ORDER BY vaccine_code")


@tool
def list_vaccine_openings(db: Database, store_id: str, on_date: str) -> dict:
    """List the open vaccination times (20-minute appointments) at one store on one day.

    Args:
        store_id: The store, e.g. "ST-2" (from list_stores).
        on_date: The day, YYYY-MM-DD, e.g. "2026-09-16".

    Returns:
        The store and the times that still have room: slot id, start time and places left.
    """
    s = _store(db, store_id)
    day = _day(on_date, "on_date")
    rows = db.query("SELECT v.slot_id, v.starts_at, v.capacity - (SELECT count(*) FROM vaccinations a WHERE "
                    "a.slot_id = v.slot_id AND a.status = 'booked') AS places_left FROM vaccine_slots v WHERE "
                    "v.store_id = ? AND CAST(v.starts_at AS DATE) = ? AND v.starts_at >= ? ORDER BY v.starts_at",
                    [s["store_id"], day.isoformat(),
                     (_now(db) + timedelta(hours=VACCINE_BOOK_AHEAD_HOURS)).isoformat(sep=" ")])
    open_ = [{"slot_id": r["slot_id"], "starts_at": format_time(r["starts_at"]), "store": s["name"],
              "places_left": r["places_left"]} for r in rows if r["places_left"] > 0]
    return {"store_id": s["store_id"], "store": s["name"], "date": day.isoformat(), "openings": open_}


@tool
def list_patient_vaccinations(db: Database, patient_id: str) -> dict:
    """List a patient's vaccination appointments and doses, latest first (at most 12).

    Args:
        patient_id: The patient's id, e.g. "PT-10042".

    Returns:
        Each appointment: id, vaccine, store, time, status (booked, completed, cancelled or no_show) and what the
        patient pays.
    """
    p = _patient(db, patient_id)
    rows = db.query("SELECT a.appointment_id, a.vaccine_code, v.name AS vaccine, sl.store_id, s.name AS store, "
                    "sl.starts_at, a.status, a.patient_pays FROM vaccinations a JOIN vaccine_slots sl ON "
                    "sl.slot_id = a.slot_id JOIN vaccines v ON v.vaccine_code = a.vaccine_code JOIN stores s ON "
                    "s.store_id = sl.store_id WHERE a.patient_id = ? ORDER BY sl.starts_at DESC, a.appointment_id "
                    "LIMIT 12", [p["patient_id"]])
    for r in rows:
        r["starts_at"] = format_time(r["starts_at"])
    return {"patient_id": p["patient_id"], "vaccinations": rows}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def request_fill(db: Database, rx_id: str, bill_to: BillTo) -> dict:
    """Queue a prescription to be filled at its store: the first fill of a new prescription or a refill.

    Args:
        rx_id: The prescription, e.g. "RX-300421".
        bill_to: "insurance" to bill the patient's plan (the patient pays the tier copay per 30-day supply) or
            "cash" to pay the catalogue price without insurance.

    Returns:
        The new fill: id, fill number, store, when it will be ready, what the patient pays and refills left.
    """
    r = _rx(db, rx_id)
    d = _drug(db, r["drug_id"])
    p = _patient(db, r["patient_id"])
    now = _now(db)
    today = now.date()
    if r["status"] != "active":
        raise ToolError(f"prescription {r['rx_id']} was discontinued by the prescriber; it cannot be filled")
    if date.fromisoformat(r["expires_on"]) < today:
        raise ToolError(f"prescription {r['rx_id']} expired on {r['expires_on']}; a new prescription from the "
                        "prescriber is needed")
    open_fill = _open_fill(db, r["rx_id"])
    if open_fill is not None:
        raise ToolError(f"prescription {r['rx_id']} already has fill {open_fill['fill_id']} "
                        f"({open_fill['status']}); it cannot be filled twice")
    refill = r["last_filled_on"] is not None
    if refill and d["schedule"] == "II":
        raise ToolError(f"{d['label']} is a schedule II controlled substance: it cannot be refilled; each fill "
                        "needs a new prescription from the prescriber")
    if refill and r["refills_remaining"] <= 0:
        raise ToolError(f"prescription {r['rx_id']} has no refills left; a new prescription from the prescriber "
                        "is needed")
    if d["allergy_class"] in (p["allergies"] or "").split():
        raise ToolError(f"{p['first_name']} {p['last_name']} has a recorded {d['allergy_class']} allergy; "
                        f"{d['label']} cannot be dispensed (the prescriber must be contacted)")
    earliest = _earliest_fill(r, d)
    if earliest is not None and earliest > today:
        kind = "controlled-substance refills wait until 90%" if _controlled(d) else "refills wait until 75%"
        raise ToolError(f"too early to refill {r['rx_id']}: last filled {r['last_filled_on']} for "
                        f"{r['days_supply']} days, and {kind} of the supply is used; the earliest date is "
                        f"{earliest.isoformat()}")
    if bill_to == "insurance":
        plan = _coverage(db, p)
        if plan is None:
            why = "has no insurance on file" if p["plan_id"] is None else f"coverage ended on {p['coverage_end']}"
            raise ToolError(f"cannot bill insurance: {p['first_name']} {p['last_name']} {why}; the fill can be "
                            f"paid in cash ({_cash_price(d, r['quantity']):.2f})")
        if _needs_pa(plan, d) and _approved_pa(db, p["patient_id"], d["drug_id"], plan["plan_id"]) is None:
            raise ToolError(f"{plan['name']} needs an approved prior authorisation for {d['label']} (tier 3) and "
                            "none is in force; submit one, or fill it in cash "
                            f"({_cash_price(d, r['quantity']):.2f})")
        pays = _copay(plan, d["tier"], r["days_supply"])
    else:
        pays = _cash_price(d, r["quantity"])
    stock = db.scalar("SELECT on_hand FROM inventory WHERE store_id = ? AND drug_id = ?", [r["store_id"], d["drug_id"]])
    stock = stock or 0
    if stock < r["quantity"]:
        store = _store(db, r["store_id"])
        raise ToolError(f"{store['name']} has {stock} units of {d['label']} on hand, fewer than the {r['quantity']} "
                        "this fill needs; check other stores and transfer the prescription")
    number = (db.scalar("SELECT max(fill_number) FROM fills WHERE rx_id = ? AND status NOT IN "
                        "('cancelled', 'returned_to_stock')", [r["rx_id"]]) + 1) if refill else 0
    ready = now + timedelta(hours=READY_AFTER_HOURS)
    fill_id = _IDS.next(db, "FL-")
    db.execute("INSERT INTO fills VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'in_progress', ?, ?, NULL, NULL)",
               [fill_id, r["rx_id"], r["store_id"], number, r["quantity"], r["days_supply"], bill_to, pays,
                today.isoformat(), ready.isoformat(sep=" ")])
    left = r["refills_remaining"] - 1 if refill else r["refills_remaining"]
    db.execute("UPDATE prescriptions SET refills_remaining = ?, last_filled_on = ? WHERE rx_id = ?",
               [left, today.isoformat(), r["rx_id"]])
    db.execute("UPDATE inventory SET on_hand = on_hand - ? WHERE store_id = ? AND drug_id = ?",
               [r["quantity"], r["store_id"], d["drug_id"]])
    store = _store(db, r["store_id"])
    return {"fill_id": fill_id, "rx_id": r["rx_id"], "drug": d["label"], "fill_number": number,
            "store_id": store["store_id"], "store": store["name"], "status": "in_progress",
            "ready_at": format_time(ready), "billed_to": bill_to, "patient_pays": pays, "refills_remaining": left}


@tool(writes=True)
def cancel_fill(db: Database, fill_id: str) -> dict:
    """Cancel a fill that is still being prepared or waiting for pickup: the units go back on the shelf and a refill
    goes back to the prescription.

    Args:
        fill_id: The fill, e.g. "FL-704512" (from list_patient_fills).

    Returns:
        The cancelled fill and the prescription's refills left.
    """
    f = db.query_one("SELECT * FROM fills WHERE fill_id = ?", [fill_id.strip().upper()])
    if f is None:
        raise ToolError(f"no fill with id {fill_id!r} (fill ids look like 'FL-704512')")
    if f["status"] not in ("in_progress", "ready"):
        raise ToolError(f"fill {f['fill_id']} is {f['status']}; only fills in progress or ready for pickup can be "
                        "cancelled")
    if f["delivery_id"] is not None:
        dl = db.query_one("SELECT status FROM deliveries WHERE delivery_id = ?", [f["delivery_id"]])
        if dl and dl["status"] == "scheduled":
            raise ToolError(f"fill {f['fill_id']} is on scheduled delivery {f['delivery_id']}; cancel the delivery "
                            "first")
    r = _rx(db, f["rx_id"])
    db.execute("UPDATE fills SET status = 'cancelled' WHERE fill_id = ?", [f["fill_id"]])
    db.execute("UPDATE inventory SET on_hand = on_hand + ? WHERE store_id = ? AND drug_id = ?",
               [f["quantity"], f["store_id"], r["drug_id"]])
    left = r["refills_remaining"] + (1 if f["fill_number"] > 0 else 0)
    last = db.scalar("SELECT max(filled_on) FROM fills WHERE rx_id = ? AND status NOT IN ('cancelled', "
                     "'returned_to_stock')", [r["rx_id"]])
    db.execute("UPDATE prescriptions SET refills_remaining = ?, last_filled_on = ? WHERE rx_id = ?",
               [left, last, r["rx_id"]])
    return {"fill_id": f["fill_id"], "rx_id": r["rx_id"], "status": "cancelled", "refills_remaining": left}


@tool(writes=True)
def transfer_prescription(db: Database, rx_id: str, to_store_id: str) -> dict:
    """Move a prescription to another of the chain's stores, where its next fills will be made.

    Args:
        rx_id: The prescription, e.g. "RX-300421".
        to_store_id: The store to move it to, e.g. "ST-3" (from list_stores).

    Returns:
        The transfer id, the old and new store and the refills that move with it.
    """
    r = _rx(db, rx_id)
    d = _drug(db, r["drug_id"])
    to = _store(db, to_store_id)
    if to["store_id"] == r["store_id"]:
        raise ToolError(f"prescription {r['rx_id']} is already at {to['name']}")
    if r["status"] != "active":
        raise ToolError(f"prescription {r['rx_id']} was discontinued; it cannot be transferred")
    if date.fromisoformat(r["expires_on"]) < _now(db).date():
        raise ToolError(f"prescription {r['rx_id']} expired on {r['expires_on']}; it cannot be transferred")
    if d["schedule"] == "II":
        raise ToolError(f"{d['label']} is a schedule II controlled substance; schedule II prescriptions cannot be "
                        "transferred (the prescriber must send a new one to the other store)")
    if _controlled(d) and r["transfer_count"] >= 1:
        raise ToolError(f"prescription {r['rx_id']} for a schedule {d['schedule']} drug was already transferred "
                        "once; controlled-substance prescriptions can be transferred only one time")
    if r["last_filled_on"] is not None and r["refills_remaining"] <= 0:
        raise ToolError(f"prescription {r['rx_id']} has no refills left to transfer")
    open_fill = _open_fill(db, r["rx_id"])
    if open_fill is not None:
        raise ToolError(f"prescription {r['rx_id']} has fill {open_fill['fill_id']} {open_fill['status']} at its "
                        "current store; it can be transferred once that fill is picked up or cancelled")
    frm = _store(db, r["store_id"])
    transfer_id = _IDS.next(db, "TRF-")
    db.execute("INSERT INTO transfers VALUES (?, ?, ?, ?, ?)",
               [transfer_id, r["rx_id"], frm["store_id"], to["store_id"], db.now])
    db.execute("UPDATE prescriptions SET store_id = ?, transfer_count = transfer_count + 1 WHERE rx_id = ?",
               [to["store_id"], r["rx_id"]])
    return {"transfer_id": transfer_id, "rx_id": r["rx_id"], "drug": d["label"], "from_store": frm["name"],
            "to_store_id": to["store_id"], "to_store": to["name"], "refills_remaining": r["refills_remaining"]}


@tool(writes=True)
def submit_prior_authorization(db: Database, rx_id: str) -> dict:
    """Send the patient's insurer a prior authorisation request for a prescription's drug.

    Args:
        rx_id: The prescription whose drug needs the authorisation, e.g. "RX-300421".

    Returns:
        The request id, drug, plan and status (pending until the insurer decides, usually in 1 to 3 business days).
    """
    r = _rx(db, rx_id)
    d = _drug(db, r["drug_id"])
    p = _patient(db, r["patient_id"])
    plan = _coverage(db, p)
    if plan is None:
        raise ToolError(f"{p['first_name']} {p['last_name']} has no current insurance coverage to authorise with")
    if not _needs_pa(plan, d):
        raise ToolError(f"{plan['name']} does not need prior authorisation for {d['label']} (tier {d['tier']})")
    today = _now(db).date()
    pa = _approved_pa(db, p["patient_id"], d["drug_id"], plan["plan_id"])
    if pa is not None:
        raise ToolError(f"prior authorisation {pa['pa_id']} for {d['label']} is already approved until "
                        f"{pa['expires_on']}")
    pending = db.query_one("SELECT pa_id FROM prior_authorizations WHERE patient_id = ? AND drug_id = ? AND "
                           "plan_id = ? AND status = 'pending'", [p["patient_id"], d["drug_id"], plan["plan_id"]])
    if pending is not None:
        raise ToolError(f"prior authorisation {pending['pa_id']} for {d['label']} is already pending with the "
                        "insurer")
    denied = db.query_one("SELECT pa_id, decided_on FROM prior_authorizations WHERE patient_id = ? AND drug_id = ? "
                          "AND plan_id = ? AND status = 'denied' AND decided_on > ? ORDER BY decided_on DESC LIMIT 1",
                          [p["patient_id"], d["drug_id"], plan["plan_id"],
                           (today - timedelta(days=PA_DENIAL_WAIT_DAYS)).isoformat()])
    if denied is not None:
        raise ToolError(f"prior authorisation {denied['pa_id']} was denied on {denied['decided_on']}; within "
                        f"{PA_DENIAL_WAIT_DAYS} days of a denial only the prescriber can appeal it")
    pa_id = _IDS.next(db, "PA-")
    db.execute("INSERT INTO prior_authorizations VALUES (?, ?, ?, ?, 'pending', ?, NULL, NULL)",
               [pa_id, p["patient_id"], d["drug_id"], plan["plan_id"], today.isoformat()])
    return {"pa_id": pa_id, "rx_id": r["rx_id"], "drug": d["label"], "plan_name": plan["name"], "status": "pending",
            "submitted_on": today.isoformat()}


@tool(writes=True)
def schedule_delivery(db: Database, patient_id: str, fill_ids: list[str], delivery_date: str) -> dict:
    """Schedule a home delivery of a patient's fills from their store.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".
        fill_ids: The fills to deliver, all from one store and in progress or ready, e.g. ["FL-704512"].
        delivery_date: The delivery day, YYYY-MM-DD, e.g. "2026-09-16".

    Returns:
        The delivery id, store, date, address, fee and the fills on it.
    """
    p = _patient(db, patient_id)
    today = _now(db).date()
    ids = [f.strip().upper() for f in fill_ids]
    if not ids or len(set(ids)) != len(ids):
        raise ToolError("give one or more different fill ids")
    fills = []
    for fid in ids:
        f = db.query_one(f"SELECT f.*, r.patient_id, d.schedule, {DRUG_LABEL} AS drug FROM fills f JOIN "
                         "prescriptions r ON r.rx_id = f.rx_id JOIN drugs d ON d.drug_id = r.drug_id "
                         "WHERE f.fill_id = ?", [fid])
        if f is None or f["patient_id"] != p["patient_id"]:
            raise ToolError(f"fill {fid} is not one of {p['first_name']} {p['last_name']}'s fills")
        if f["status"] not in ("in_progress", "ready"):
            raise ToolError(f"fill {fid} is {f['status']}; only fills in progress or ready can be delivered")
        if f["delivery_id"] is not None and db.scalar("SELECT status FROM deliveries WHERE delivery_id = ?",
                                                      [f["delivery_id"]]) == "scheduled":
            raise ToolError(f"fill {fid} is already on delivery {f['delivery_id']}")
        if f["schedule"] == "II":
            raise ToolError(f"fill {fid} ({f['drug']}) is a schedule II controlled substance; it must be picked up "
                            "in person")
        fills.append(f)
    stores = {f["store_id"] for f in fills}
    if len(stores) > 1:
        raise ToolError(f"the fills are at different stores ({', '.join(sorted(stores))}); one delivery comes from "
                        "one store")
    store = _store(db, stores.pop())
    zips = (store["delivery_zips"] or "").split()
    if not zips:
        raise ToolError(f"{store['name']} does not offer home delivery")
    if p["zip"] not in zips:
        raise ToolError(f"{store['name']} delivers only to ZIP codes {', '.join(zips)}; the patient's address is in "
                        f"{p['zip']}")
    day = _day(delivery_date, "delivery_date")
    if not today < day <= today + timedelta(days=DELIVERY_MAX_DAYS_AHEAD):
        raise ToolError(f"deliveries can be scheduled from tomorrow to {DELIVERY_MAX_DAYS_AHEAD} days ahead "
                        f"({(today + timedelta(days=1)).isoformat()} to "
                        f"{(today + timedelta(days=DELIVERY_MAX_DAYS_AHEAD)).isoformat()}); got {day.isoformat()}")
    if day.weekday() == 6:
        raise ToolError(f"there are no deliveries on Sundays ({day.isoformat()})")
    booked = db.scalar("SELECT count(*) FROM deliveries WHERE store_id = ? AND delivery_date = ? AND "
                       "status = 'scheduled'", [store["store_id"], day.isoformat()])
    if booked >= store["daily_delivery_slots"]:
        raise ToolError(f"{store['name']}'s driver is fully booked on {day.isoformat()} (all "
                        f"{store['daily_delivery_slots']} deliveries taken)")
    fee = 0.0 if _age(p["date_of_birth"], today) >= DELIVERY_FREE_AGE else DELIVERY_FEE
    delivery_id = _IDS.next(db, "DLV-")
    address = f"{p['street']}, {p['city']}, OH {p['zip']}"
    db.execute("INSERT INTO deliveries VALUES (?, ?, ?, ?, ?, ?, 'scheduled', ?)",
               [delivery_id, p["patient_id"], store["store_id"], day.isoformat(), address, fee, db.now])
    for f in fills:
        db.execute("UPDATE fills SET delivery_id = ? WHERE fill_id = ?", [delivery_id, f["fill_id"]])
    return {"delivery_id": delivery_id, "store": store["name"], "delivery_date": day.isoformat(), "address": address,
            "fee": fee, "fills": [{"fill_id": f["fill_id"], "drug": f["drug"]} for f in fills]}


@tool(writes=True)
def cancel_delivery(db: Database, delivery_id: str) -> dict:
    """Cancel a scheduled home delivery (until the day before it); its fills wait at the store for pickup.

    Args:
        delivery_id: The delivery, e.g. "DLV-5012" (from list_patient_deliveries).

    Returns:
        The cancelled delivery and the fills now waiting at the store.
    """
    dl = db.query_one("SELECT * FROM deliveries WHERE delivery_id = ?", [delivery_id.strip().upper()])
    if dl is None:
        raise ToolError(f"no delivery with id {delivery_id!r} (delivery ids look like 'DLV-5012')")
    if dl["status"] != "scheduled":
        raise ToolError(f"delivery {dl['delivery_id']} is {dl['status']}; only scheduled deliveries can be cancelled")
    if date.fromisoformat(dl["delivery_date"]) <= _now(db).date():
        raise ToolError(f"delivery {dl['delivery_id']} goes out today ({dl['delivery_date']}); deliveries can be "
                        "cancelled only until the day before")
    fills = [f["fill_id"] for f in db.query("SELECT fill_id FROM fills WHERE delivery_id = ? ORDER BY fill_id",
                                            [dl["delivery_id"]])]
    db.execute("UPDATE deliveries SET status = 'cancelled' WHERE delivery_id = ?", [dl["delivery_id"]])
    db.execute("UPDATE fills SET delivery_id = NULL WHERE delivery_id = ?", [dl["delivery_id"]])
    return {"delivery_id": dl["delivery_id"], "status": "cancelled", "fills_waiting_at_store": fills}


@tool(writes=True)
def book_vaccination(db: Database, patient_id: str, slot_id: str, vaccine: VaccineCode) -> dict:
    """Book a vaccination appointment for a patient at an open time.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".
        slot_id: The time to book, e.g. "VS-41230" (from list_vaccine_openings).
        vaccine: The vaccine's code: FLU, COVID, SHINGLES, TDAP, PNEUMO or HEPB.

    Returns:
        The appointment id, vaccine, store, time and what the patient pays.
    """
    p = _patient(db, patient_id)
    slot = db.query_one("SELECT v.*, s.name AS store FROM vaccine_slots v JOIN stores s ON s.store_id = v.store_id "
                        "WHERE v.slot_id = ?", [slot_id.strip().upper()])
    if slot is None:
        raise ToolError(f"no vaccination time with id {slot_id!r} (ids look like 'VS-41230'); see "
                        "list_vaccine_openings")
    vac = db.query_one("SELECT * FROM vaccines WHERE vaccine_code = ?", [vaccine])
    starts = datetime.fromisoformat(str(slot["starts_at"]))
    now = _now(db)
    if starts < now + timedelta(hours=VACCINE_BOOK_AHEAD_HOURS):
        raise ToolError(f"the time {format_time(slot['starts_at'])} is past or less than {VACCINE_BOOK_AHEAD_HOURS} hour "
                        "away; pick a later one")
    taken = db.scalar("SELECT count(*) FROM vaccinations WHERE slot_id = ? AND status = 'booked'", [slot["slot_id"]])
    if taken >= slot["capacity"]:
        raise ToolError(f"the time {format_time(slot['starts_at'])} at {slot['store']} is fully booked")
    age = _age(p["date_of_birth"], starts.date())
    if age < vac["min_age"]:
        raise ToolError(f"the {vac['name']} vaccine is given from age {vac['min_age']}; the patient will be {age}")
    dup = db.query_one("SELECT appointment_id FROM vaccinations WHERE patient_id = ? AND vaccine_code = ? AND "
                       "status = 'booked'", [p["patient_id"], vaccine])
    if dup is not None:
        raise ToolError(f"the patient already has a {vaccine} appointment booked ({dup['appointment_id']})")
    last = db.scalar("SELECT max(sl.starts_at) FROM vaccinations a JOIN vaccine_slots sl ON sl.slot_id = a.slot_id "
                     "WHERE a.patient_id = ? AND a.vaccine_code = ? AND a.status = 'completed'",
                     [p["patient_id"], vaccine])
    if last is not None:
        ready = datetime.fromisoformat(str(last)).date() + timedelta(days=vac["min_interval_days"])
        if starts.date() < ready:
            raise ToolError(f"the last {vaccine} dose was on {str(last)[:10]}; the next one can be given from "
                            f"{ready.isoformat()} ({vac['min_interval_days']} days later)")
    plan = _coverage(db, p)
    pays = 0.0 if plan and plan["covers_vaccines"] else vac["cash_price"]
    appointment_id = _IDS.next(db, "VAX-")
    db.execute("INSERT INTO vaccinations VALUES (?, ?, ?, ?, 'booked', ?, ?)",
               [appointment_id, p["patient_id"], slot["slot_id"], vaccine, pays, db.now])
    return {"appointment_id": appointment_id, "vaccine": vac["name"], "store": slot["store"],
            "starts_at": format_time(slot["starts_at"]), "patient_pays": pays}


@tool(writes=True)
def cancel_vaccination(db: Database, appointment_id: str) -> dict:
    """Cancel a booked vaccination appointment (at least 2 hours before it starts).

    Args:
        appointment_id: The appointment, e.g. "VAX-60231" (from list_patient_vaccinations).

    Returns:
        The cancelled appointment.
    """
    a = db.query_one("SELECT a.*, sl.starts_at FROM vaccinations a JOIN vaccine_slots sl ON sl.slot_id = a.slot_id "
                     "WHERE a.appointment_id = ?", [appointment_id.strip().upper()])
    if a is None:
        raise ToolError(f"no vaccination appointment with id {appointment_id!r} (ids look like 'VAX-60231')")
    if a["status"] != "booked":
        raise ToolError(f"appointment {a['appointment_id']} is {a['status']}; only booked appointments can be "
                        "cancelled")
    starts = datetime.fromisoformat(str(a["starts_at"]))
    if starts - _now(db) < timedelta(hours=VACCINE_CANCEL_HOURS):
        raise ToolError(f"appointment {a['appointment_id']} starts at {format_time(a['starts_at'])}; appointments can be "
                        f"cancelled only up to {VACCINE_CANCEL_HOURS} hours before")
    db.execute("UPDATE vaccinations SET status = 'cancelled' WHERE appointment_id = ?", [a["appointment_id"]])
    return {"appointment_id": a["appointment_id"], "status": "cancelled", "starts_at": format_time(a["starts_at"])}


@tool(writes=True)
def record_allergy(db: Database, patient_id: str, allergy_class: AllergyClass) -> dict:
    """Add a drug allergy the patient reports to their record; drugs of that class are no longer dispensed to them.

    Args:
        patient_id: The patient's id, e.g. "PT-10042".
        allergy_class: The allergy: penicillin, cephalosporin, sulfa, nsaid or opioid.

    Returns:
        The allergies now on record and the patient's active prescriptions that can no longer be filled.
    """
    p = _patient(db, patient_id)
    current = (p["allergies"] or "").split()
    if allergy_class in current:
        raise ToolError(f"a {allergy_class} allergy is already on {p['first_name']} {p['last_name']}'s record")
    allergies = sorted([*current, allergy_class])
    db.execute("UPDATE patients SET allergies = ? WHERE patient_id = ?", [" ".join(allergies), p["patient_id"]])
    blocked = db.query(f"SELECT r.rx_id, {DRUG_LABEL} AS drug FROM prescriptions r JOIN drugs d ON "
                       "d.drug_id = r.drug_id WHERE r.patient_id = ? AND r.status = 'active' AND d.allergy_class = ? "
                       "ORDER BY r.rx_id", [p["patient_id"], allergy_class])
    return {"patient_id": p["patient_id"], "allergies": allergies, "prescriptions_blocked": blocked}
