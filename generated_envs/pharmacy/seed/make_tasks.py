"""Build the pharmacy environment's flagship tasks (``pharmacy-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first patient (by id) whose records fit its story and who is in no other flagship task,
writes the request as that patient would, and plays the gold calls on a fresh state so that ids, amounts and dates
come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file
(``querygen`` tag) are kept after the flagship tasks. Run ``python generated_envs/pharmacy/seed/make_tasks.py`` after
``seed/generate.py`` and ``envfactory tasks sample``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent
TODAY = "2026-09-14"

DOB_KEYWORDS = ["date of birth", "birth", "dob", "birthday", "born", "birthdate", "birth date"]
SHOT_WORDS = {"FLU": "flu", "COVID": "COVID-19", "SHINGLES": "shingles", "TDAP": "Tdap", "PNEUMO": "pneumonia",
              "HEPB": "hepatitis B"}
#: Patients already in a task: every flagship task gets a patient of its own.
USED: set[str] = set()

RX = ("SELECT r.*, d.name AS drug_name, d.strength, d.form, d.schedule, d.tier, d.allergy_class, "
      "d.name || ' ' || d.strength || ' ' || d.form AS drug, p.first_name, p.last_name, p.plan_id, p.coverage_end, "
      "p.zip, p.date_of_birth FROM prescriptions r JOIN drugs d ON d.drug_id = r.drug_id JOIN patients p ON "
      "p.patient_id = r.patient_id")


class Session(TaskBuilder):
    """The task being written: its gold calls, run as they are added on the seed state (``begin`` per task)."""

    def __init__(self) -> None:
        super().__init__(ENV)

    def q(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)


def dob_fact(p: dict[str, Any]) -> dict[str, Any]:
    return {"date_of_birth": {"value": str(p["date_of_birth"]), "keywords": DOB_KEYWORDS}}


def patient(s: Session, pid: str) -> dict[str, Any]:
    return s.q("SELECT * FROM patients WHERE patient_id = ?", [pid])[0]


def identify(s: Session, p: dict[str, Any]) -> str:
    USED.add(p["patient_id"])
    return s.call("find_patient", first_name=p["first_name"], last_name=p["last_name"],
                  date_of_birth=str(p["date_of_birth"]))["patient_id"]


def unique_name(s: Session, p: dict[str, Any]) -> bool:
    return s.q("SELECT count(*) AS n FROM patients WHERE first_name = ? AND last_name = ?",
               [p["first_name"], p["last_name"]])[0]["n"] == 1


def fresh(s: Session, rows: list[dict[str, Any]], ok: Callable[[dict[str, Any]], bool] = lambda r: True
          ) -> dict[str, Any]:
    for r in rows:
        if r["patient_id"] in USED:
            continue
        if not unique_name(s, patient(s, r["patient_id"])) or not adult(patient(s, r["patient_id"])):
            continue
        if ok(r):
            return r
    raise AssertionError("no fitting patient")


def adult(p: dict[str, Any]) -> bool:
    dob = date.fromisoformat(str(p["date_of_birth"]))
    return 2026 - dob.year - ((9, 14) < (dob.month, dob.day)) >= 18


def day_text(value: str) -> str:
    d = datetime.fromisoformat(str(value)[:19]) if len(str(value)) > 10 else datetime.fromisoformat(str(value))
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}"


def short_drug(name: str) -> str:
    return name.split()[0] if name.split()[0] not in ("insulin",) else name


def count_same_drug(s: Session, pid: str, drug_name: str) -> int:
    return s.q("SELECT count(*) AS n FROM prescriptions r JOIN drugs d ON d.drug_id = r.drug_id WHERE "
               "r.patient_id = ? AND d.name = ?", [pid, drug_name])[0]["n"]


# ---------------------------------------------------------------------------------------------------------
# Scenarios: each returns the task's fields (without id); the Session holds its gold calls
# ---------------------------------------------------------------------------------------------------------

def early_refill_controlled(s: Session) -> dict[str, Any]:
    """Refusal: a schedule IV refill asked for before 90% of the supply is used (75% has passed)."""
    rows = s.q(RX + " WHERE d.schedule = 'IV' AND r.status = 'active' AND r.refills_remaining > 0 AND "
               "r.expires_on > DATE '2026-09-20' AND r.days_supply = 30 AND r.last_filled_on BETWEEN "
               "DATE '2026-08-19' AND DATE '2026-08-21' AND NOT EXISTS (SELECT 1 FROM fills f WHERE f.rx_id = r.rx_id "
               "AND f.status IN ('in_progress', 'ready')) ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_prescriptions", patient_id=pid)
    rx = next(x for x in res["prescriptions"] if x["rx_id"] == r["rx_id"])
    return {"instruction": f"Hi, this is {p['first_name']} {p['last_name']}. I'm going out of town on Wednesday and "
                           f"I'd like to refill my {r['drug_name']} before I go, billed to my insurance like always. "
                           "Can you put that through today?",
            "user_facts": dob_fact(p), "outputs": [rx["next_fill_from"]],
            "tags": ["read", "refusal", "early_refill", "controlled"]}


def schedule_ii_refill(s: Session) -> dict[str, Any]:
    """Refusal: a refill of a schedule II stimulant; a new prescription is needed, prescriber from the record."""
    rows = s.q(RX + " WHERE d.schedule = 'II' AND d.name = 'amphetamine salts' AND r.status = 'active' AND "
               "r.last_filled_on IS NOT NULL AND r.last_filled_on < DATE '2026-08-25' AND r.expires_on > DATE "
               "'2026-09-14' ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_prescriptions", patient_id=pid)
    det = s.call("get_prescription", rx_id=r["rx_id"])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. I'm almost out of my amphetamine salts "
                           "tablets. Could you refill that prescription for me? And if you can't, who do I need "
                           "to call?",
            "user_facts": dob_fact(p), "outputs": [det["prescriber_phone"]],
            "tags": ["read", "refusal", "schedule_ii", "controlled"]}


def expired_prescription(s: Session) -> dict[str, Any]:
    """Refusal: a refill of a prescription that expired last month, refills still on it."""
    rows = s.q(RX + " WHERE d.schedule = 'none' AND r.status = 'active' AND r.refills_remaining > 0 AND "
               "r.expires_on BETWEEN DATE '2026-08-01' AND DATE '2026-09-13' AND r.last_filled_on IS NOT NULL "
               "ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_prescriptions", patient_id=pid)
    rx = next(x for x in res["prescriptions"] if x["rx_id"] == r["rx_id"])
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. My {r['drug_name']} bottle says I still "
                           "have refills left. Could you refill it for me on my insurance?",
            "user_facts": dob_fact(p), "outputs": [rx["expires_on"]],
            "tags": ["read", "refusal", "expired"]}


def allergy_blocks_refill(s: Session) -> dict[str, Any]:
    """Write + refusal: a new NSAID allergy is recorded; the NSAID refill asked for can then not be dispensed."""
    rows = s.q(RX + " WHERE d.allergy_class = 'nsaid' AND r.status = 'active' AND r.refills_remaining > 0 AND "
               "r.expires_on > DATE '2026-09-14' AND (p.allergies IS NULL OR p.allergies NOT LIKE '%nsaid%') "
               "ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("record_allergy", patient_id=pid, allergy_class="nsaid")
    assert any(x["rx_id"] == r["rx_id"] for x in res["prescriptions_blocked"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} calling. Two things: my doctor told me last week "
                           "that I'm allergic to NSAIDs, I had a bad reaction, so please put that on my file. And "
                           f"I'd like a refill of my {r['drug_name']}, billed to insurance.",
            "user_facts": dob_fact(p), "outputs": ["nsaid"],
            "tags": ["write", "allergy", "partial_refusal"]}


def pa_needed_submit(s: Session) -> dict[str, Any]:
    """Write: a tier-3 refill on a PA plan without an approval; the patient chooses to have the PA submitted."""
    rows = s.q(RX + " JOIN insurance_plans pl ON pl.plan_id = p.plan_id WHERE d.tier = 3 AND pl.tier3_needs_pa "
               "AND p.coverage_end IS NULL AND r.status = 'active' AND r.expires_on > DATE '2026-09-14' AND "
               "NOT EXISTS (SELECT 1 FROM prior_authorizations a WHERE a.patient_id = r.patient_id AND "
               "a.drug_id = r.drug_id) AND NOT EXISTS (SELECT 1 FROM fills f WHERE f.rx_id = r.rx_id AND f.status "
               "IN ('in_progress', 'ready')) AND (r.last_filled_on IS NULL OR (r.refills_remaining > 0 AND "
               "r.last_filled_on + CAST(ceil(r.days_supply * 0.75) AS INTEGER) <= DATE '2026-09-14')) AND "
               "d.schedule = 'none' AND (p.allergies IS NULL OR p.allergies NOT LIKE '%' || d.allergy_class || '%') "
               "ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_prescriptions", patient_id=pid)
    s.call("submit_prior_authorization", rx_id=r["rx_id"])
    facts = dob_fact(p)
    facts["choice"] = {"value": "I can't afford the cash price. Please send the prior authorization request to my "
                                "insurance, and I'll wait for it.",
                       "keywords": ["prior authorization", "authorization", "cash", "pay", "would you like",
                                    "submit", "request"]}
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. Could you fill my {r['drug_name']} "
                           "prescription and bill my insurance?",
            "user_facts": facts, "outputs": [],
            "forbidden_calls": [{"name": "request_fill", "arguments": {"rx_id": r["rx_id"], "bill_to": "cash"}}],
            "tags": ["write", "prior_auth", "user_choice"]}


def coverage_ended_cash(s: Session) -> dict[str, Any]:
    """Write: insurance ended; told the cash price, the patient agrees to pay cash."""
    rows = s.q(RX + " WHERE p.coverage_end IS NOT NULL AND d.schedule = 'none' AND r.status = 'active' AND "
               "r.expires_on > DATE '2026-09-14' AND r.refills_remaining > 0 AND r.last_filled_on IS NOT NULL AND "
               "r.last_filled_on + CAST(ceil(r.days_supply * 0.75) AS INTEGER) <= DATE '2026-09-14' AND "
               "d.allergy_class = 'none' AND NOT EXISTS (SELECT 1 FROM fills f WHERE f.rx_id = r.rx_id AND "
               "f.status IN ('in_progress', 'ready')) AND (SELECT on_hand FROM inventory i WHERE i.store_id = "
               "r.store_id AND i.drug_id = r.drug_id) >= r.quantity ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_prescriptions", patient_id=pid)
    res = s.call("request_fill", rx_id=r["rx_id"], bill_to="cash")
    facts = dob_fact(p)
    facts["cash_decision"] = {"value": "Oh, I didn't realise my insurance had ended. That's fine, go ahead and fill "
                                       "it for cash.",
                              "keywords": ["cash", "pay", "price", "without insurance", "proceed", "go ahead"]}
    return {"instruction": f"Hello, this is {p['first_name']} {p['last_name']}. Please refill my {r['drug_name']} "
                           "on my insurance.",
            "user_facts": facts, "outputs": [f"{res['patient_pays']:.2f}"],
            "forbidden_calls": [],
            "tags": ["write", "insurance", "cash", "confirm"]}


def out_of_stock_transfer_then_fill(s: Session) -> dict[str, Any]:
    """Multi-goal: the prescription's store lacks stock; the patient names another store to move it to and fill."""
    rows = s.q(RX + " JOIN inventory i ON i.store_id = r.store_id AND i.drug_id = r.drug_id WHERE d.schedule = "
               "'none' AND r.status = 'active' AND r.expires_on > DATE '2026-09-14' AND i.on_hand < r.quantity AND "
               "(r.last_filled_on IS NULL OR (r.refills_remaining > 0 AND r.last_filled_on + "
               "CAST(ceil(r.days_supply * 0.75) AS INTEGER) <= DATE '2026-09-14')) AND NOT EXISTS (SELECT 1 FROM "
               "fills f WHERE f.rx_id = r.rx_id AND f.status IN ('in_progress', 'ready')) AND (p.plan_id IS NULL OR "
               "p.coverage_end IS NOT NULL OR d.tier < 3) ORDER BY r.patient_id")

    def other_store(r: dict[str, Any]) -> str | None:
        alt = s.q("SELECT i.store_id FROM inventory i WHERE i.drug_id = ? AND i.store_id <> ? AND i.on_hand >= ? "
                  "ORDER BY i.store_id", [r["drug_id"], r["store_id"], r["quantity"]])
        return alt[0]["store_id"] if alt else None

    r = fresh(s, rows, lambda r: other_store(r) is not None and
              count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    to = other_store(r)
    store = s.q("SELECT * FROM stores WHERE store_id = ?", [to])[0]
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_prescriptions", patient_id=pid)
    if to not in {x["store_id"] for x in res["prescriptions"]}:
        s.call("list_stores", city=store["city"])
    s.call("transfer_prescription", rx_id=r["rx_id"], to_store_id=to)
    insured = p["plan_id"] is not None and p["coverage_end"] is None
    bill = "insurance" if insured else "cash"
    res = s.call("request_fill", rx_id=r["rx_id"], bill_to=bill)
    pay = "on my insurance" if insured else "I pay cash, I don't have insurance"
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I need my {r['drug_name']} filled today "
                           f"({pay}). If my usual store doesn't have enough of it, check whether your "
                           f"{store['city']} store does, and if so move the prescription there and fill it there.",
            "user_facts": dob_fact(p), "outputs": [res["ready_at"].split()[1]],
            "tags": ["write", "multi_goal", "stock", "transfer"]}


def controlled_second_transfer(s: Session) -> dict[str, Any]:
    """Refusal: a schedule IV prescription already transferred once cannot move again."""
    rows = s.q(RX + " WHERE d.schedule IN ('III', 'IV', 'V') AND r.transfer_count = 1 AND r.status = 'active' AND "
               "r.expires_on > DATE '2026-09-14' AND r.refills_remaining > 0 ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    stores = s.q("SELECT * FROM stores WHERE store_id NOT IN (?, ?) ORDER BY store_id",
                 [r["store_id"], p["home_store_id"]])
    to = stores[0]
    pid = identify(s, p)
    res = s.call("list_patient_prescriptions", patient_id=pid)
    rx = next(x for x in res["prescriptions"] if x["rx_id"] == r["rx_id"])
    assert r["transfer_count"] == 1
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. I'm staying with my sister for a while; "
                           f"could you move my {r['drug_name']} prescription to your {to['city']} store?",
            "user_facts": dob_fact(p), "outputs": [rx["store"].split("Pharmacy ")[1]],
            "tags": ["read", "refusal", "transfer", "controlled"]}


def delivery_outside_area(s: Session) -> dict[str, Any]:
    """Refusal: the patient's fills are at the Worthington store, which does not deliver."""
    rows = s.q("SELECT r.patient_id, f.fill_id, d.name AS drug_name FROM fills f JOIN prescriptions r ON "
               "r.rx_id = f.rx_id JOIN drugs d ON d.drug_id = r.drug_id WHERE f.status = 'ready' AND "
               "f.store_id = 'ST-5' AND d.schedule = 'none' ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: len(s.q("SELECT f.fill_id FROM fills f JOIN prescriptions x ON x.rx_id = f.rx_id "
                                         "WHERE x.patient_id = ? AND f.status IN ('ready', 'in_progress')",
                                         [r["patient_id"]])) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_fills", masked=["status"], patient_id=pid, status="ready")
    stores = s.call("list_stores", city="Worthington")
    return {"instruction": f"Hi, it's {p['first_name']} {p['last_name']}. I hurt my ankle and can't drive. My "
                           f"{r['drug_name']} is ready at the pharmacy; could you have it delivered to my home "
                           "tomorrow?",
            "user_facts": dob_fact(p), "outputs": [stores[0]["city"]],
            "tags": ["read", "refusal", "delivery"]}


def cancel_delivery_same_day(s: Session) -> dict[str, Any]:
    """Refusal: a delivery going out today can no longer be cancelled."""
    rows = s.q("SELECT v.patient_id, v.delivery_id FROM deliveries v WHERE v.status = 'scheduled' AND "
               "v.delivery_date = DATE '2026-09-14' AND (SELECT count(*) FROM deliveries w WHERE w.patient_id = "
               "v.patient_id AND w.status = 'scheduled') = 1 ORDER BY v.patient_id")
    r = fresh(s, rows)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_deliveries", patient_id=pid)
    dl = next(x for x in res["deliveries"] if x["delivery_id"] == r["delivery_id"])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']}. I have a delivery coming from you today, "
                           "but I'll be at work all day. Please cancel it and I'll come and pick everything up "
                           "at the store instead.",
            "user_facts": dob_fact(p), "outputs": [dl["delivery_date"]],
            "tags": ["read", "refusal", "delivery", "time_window"]}


def covid_interval(s: Session) -> dict[str, Any]:
    """Refusal: a COVID shot asked for too soon after the last dose (60 days)."""
    rows = s.q("SELECT a.patient_id, max(sl.starts_at) AS last FROM vaccinations a JOIN vaccine_slots sl ON "
               "sl.slot_id = a.slot_id WHERE a.vaccine_code = 'COVID' AND a.status = 'completed' GROUP BY 1 HAVING "
               "max(sl.starts_at) > TIMESTAMP '2026-07-25 00:00:00' AND max(sl.starts_at) < TIMESTAMP "
               "'2026-08-25 00:00:00' ORDER BY 1")
    r = fresh(s, rows, lambda r: not s.q("SELECT 1 FROM vaccinations WHERE patient_id = ? AND vaccine_code = "
                                          "'COVID' AND status = 'booked'", [r["patient_id"]]))
    p = patient(s, r["patient_id"])
    store = s.q("SELECT * FROM stores WHERE store_id = ?", [p["home_store_id"]])[0]
    pid = identify(s, p)
    res = s.call("list_patient_vaccinations", patient_id=pid)
    last = next(x for x in res["vaccinations"] if x["vaccine_code"] == "COVID" and x["status"] == "completed")
    earliest = date.fromisoformat(last["starts_at"].split()[0]) + timedelta(days=60)
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'd like to book this season's COVID-19 "
                           f"shot at your {store['city']} store on Wednesday, September 16, any time in the "
                           "afternoon.",
            "user_facts": dob_fact(p), "outputs": [earliest.isoformat()],
            "tags": ["read", "refusal", "vaccination", "interval", "derived"]}


def shingles_too_young(s: Session) -> dict[str, Any]:
    """Refusal: a 40-something asks for the shingles vaccine (from age 50)."""
    rows = s.q("SELECT patient_id FROM patients WHERE date_of_birth BETWEEN DATE '1978-01-01' AND "
               "DATE '1984-12-31' ORDER BY patient_id")
    r = fresh(s, rows)
    p = patient(s, r["patient_id"])
    store = s.q("SELECT * FROM stores WHERE store_id = ?", [p["home_store_id"]])[0]
    identify(s, p)
    vaccines = s.call("list_vaccines")
    shingles = next(v for v in vaccines if v["vaccine_code"] == "SHINGLES")
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. My mother just had shingles and I'd "
                           "like to get the shingles vaccine myself, at your "
                           f"{store['city']} store on Thursday, September 17 in the morning.",
            "user_facts": dob_fact(p), "outputs": [str(shingles["min_age"])],
            "tags": ["read", "refusal", "vaccination", "age"]}


def vaccination_late_cancel(s: Session) -> dict[str, Any]:
    """Refusal: a vaccination at 11:40 today cannot be cancelled at 10:00 (2 hours)."""
    rows = s.q("SELECT a.patient_id, a.appointment_id, sl.starts_at FROM vaccinations a JOIN vaccine_slots sl ON "
               "sl.slot_id = a.slot_id WHERE a.status = 'booked' AND sl.starts_at > TIMESTAMP '2026-09-14 10:00:00' "
               "AND sl.starts_at < TIMESTAMP '2026-09-14 12:00:00' ORDER BY a.patient_id")
    r = fresh(s, rows, lambda r: len(s.q("SELECT 1 FROM vaccinations WHERE patient_id = ? AND status = 'booked'",
                                         [r["patient_id"]])) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_vaccinations", patient_id=pid)
    appt = next(x for x in res["vaccinations"] if x["appointment_id"] == r["appointment_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. Something came up at work, so I can't make "
                           f"my {SHOT_WORDS[appt['vaccine_code']]} shot this morning. Please cancel it.",
            "user_facts": dob_fact(p), "outputs": [appt["starts_at"].split()[1]],
            "tags": ["read", "refusal", "vaccination", "time_window"]}


def refill_two_and_deliver(s: Session) -> dict[str, Any]:
    """Multi-goal: refill two maintenance prescriptions on insurance and have both delivered on Thursday."""
    rows = s.q(RX + " JOIN stores st ON st.store_id = r.store_id WHERE d.schedule = 'none' AND d.tier < 3 AND "
               "r.status = 'active' AND r.expires_on > DATE '2026-09-14' AND r.refills_remaining > 0 AND "
               "r.last_filled_on + CAST(ceil(r.days_supply * 0.75) AS INTEGER) <= DATE '2026-09-14' AND "
               "r.last_filled_on > DATE '2026-07-01' AND p.plan_id IS NOT NULL AND p.coverage_end IS NULL AND "
               "st.delivery_zips LIKE '%' || p.zip || '%' AND NOT EXISTS (SELECT 1 FROM fills f WHERE f.rx_id = "
               "r.rx_id AND f.status IN ('in_progress', 'ready')) AND (SELECT on_hand FROM inventory i WHERE "
               "i.store_id = r.store_id AND i.drug_id = r.drug_id) >= r.quantity AND (p.allergies IS NULL OR "
               "p.allergies NOT LIKE '%' || d.allergy_class || '%') ORDER BY r.patient_id, r.rx_id")
    by_patient: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_patient.setdefault(r["patient_id"], []).append(r)
    pick = fresh(s, [{"patient_id": k} for k, v in by_patient.items()
                     if len({x["store_id"] for x in v}) == 1 and len(v) == 2
                     and age_ok(s, k, young=True)])
    two = by_patient[pick["patient_id"]]
    p = patient(s, pick["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_prescriptions", patient_id=pid)
    a = s.call("request_fill", rx_id=two[0]["rx_id"], bill_to="insurance")
    b = s.call("request_fill", rx_id=two[1]["rx_id"], bill_to="insurance")
    dl = s.call("schedule_delivery", patient_id=pid, fill_ids=[a["fill_id"], b["fill_id"]],
                delivery_date="2026-09-17")
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. Please refill my {two[0]['drug_name']} and "
                           f"my {two[1]['drug_name']} on my insurance, and have both delivered to my home together "
                           "on Thursday, September 17.",
            "user_facts": dob_fact(p), "outputs": [f"{dl['fee']:.2f}"],
            "tags": ["write", "multi_goal", "refill", "delivery"]}


def age_ok(s: Session, pid: str, young: bool) -> bool:
    dob = date.fromisoformat(str(patient(s, pid)["date_of_birth"]))
    age = 2026 - dob.year - ((9, 14) < (dob.month, dob.day))
    return age < 65 if young else age >= 65


def cancel_fill_on_delivery(s: Session) -> dict[str, Any]:
    """Multi-goal: a fill on a scheduled delivery (alone on it) is cancelled: the delivery first, then the fill."""
    rows = s.q("SELECT v.patient_id, v.delivery_id, f.fill_id, d.name AS drug_name, v.delivery_date FROM deliveries v "
               "JOIN fills f ON f.delivery_id = v.delivery_id JOIN prescriptions r ON r.rx_id = f.rx_id JOIN drugs d "
               "ON d.drug_id = r.drug_id WHERE v.status = 'scheduled' AND v.delivery_date > DATE '2026-09-14' AND "
               "(SELECT count(*) FROM fills x WHERE x.delivery_id = v.delivery_id) = 1 ORDER BY v.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_deliveries", patient_id=pid)
    s.call("cancel_delivery", delivery_id=r["delivery_id"])
    s.call("cancel_fill", fill_id=r["fill_id"])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. My doctor stopped my {r['drug_name']} "
                           f"yesterday, so I won't need the one you're delivering on {day_text(r['delivery_date'])}. "
                           "Please cancel that delivery and cancel the prescription fill too.",
            "user_facts": dob_fact(p), "outputs": [],
            "tags": ["write", "multi_goal", "delivery", "cancel_fill"]}


def pa_already_pending(s: Session) -> dict[str, Any]:
    """Refusal: the patient asks to send a prior authorisation that is already pending with the insurer."""
    rows = s.q("SELECT a.patient_id, a.pa_id, a.submitted_on, d.name AS drug_name FROM prior_authorizations a JOIN "
               "drugs d ON d.drug_id = a.drug_id JOIN patients p ON p.patient_id = a.patient_id WHERE a.status = "
               "'pending' AND p.coverage_end IS NULL ORDER BY a.patient_id")
    r = fresh(s, rows)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    res = s.call("list_prior_authorizations", patient_id=pid)
    pa = next(x for x in res["prior_authorizations"] if x["pa_id"] == r["pa_id"])
    return {"instruction": f"Hi, this is {p['first_name']} {p['last_name']}. My {r['drug_name']} needs approval "
                           "from my insurance. Could you send them the prior authorization request for it?",
            "user_facts": dob_fact(p), "outputs": [pa["submitted_on"]],
            "tags": ["read", "refusal", "prior_auth"]}


def new_prescription_ready_time(s: Session) -> dict[str, Any]:
    """Write: the first fill of a new e-prescription; the patient wants to know when and how much."""
    rows = s.q(RX + " WHERE r.last_filled_on IS NULL AND r.status = 'active' AND d.schedule = 'none' AND "
               "d.tier < 3 AND p.plan_id IS NOT NULL AND p.coverage_end IS NULL AND (SELECT on_hand FROM inventory i "
               "WHERE i.store_id = r.store_id AND i.drug_id = r.drug_id) >= r.quantity AND (p.allergies IS NULL OR "
               "p.allergies NOT LIKE '%' || d.allergy_class || '%') ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: count_same_drug(s, r["patient_id"], r["drug_name"]) == 1)
    p = patient(s, r["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_prescriptions", patient_id=pid)
    res = s.call("request_fill", rx_id=r["rx_id"], bill_to="insurance")
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. My doctor sent a new prescription for "
                           f"{r['drug_name']} over to you. Please fill it on my insurance. When can I pick it up, "
                           "and what will I owe?",
            "user_facts": dob_fact(p), "outputs": [res["ready_at"].split()[1], f"{res['patient_pays']:.2f}"],
            "tags": ["write", "new_prescription"]}


def senior_free_delivery_and_flu(s: Session) -> dict[str, Any]:
    """Multi-goal: a 65+ patient has a ready fill delivered (no fee) and books a flu shot at their store."""
    rows = s.q("SELECT r.patient_id, f.fill_id, f.store_id, d.name AS drug_name FROM fills f JOIN prescriptions r ON "
               "r.rx_id = f.rx_id JOIN drugs d ON d.drug_id = r.drug_id JOIN patients p ON p.patient_id = "
               "r.patient_id JOIN stores st ON st.store_id = f.store_id WHERE f.status = 'ready' AND f.delivery_id "
               "IS NULL AND d.schedule <> 'II' AND st.delivery_zips LIKE '%' || p.zip || '%' AND "
               "p.date_of_birth <= DATE '1961-09-14' AND p.home_store_id = f.store_id AND NOT EXISTS (SELECT 1 "
               "FROM vaccinations a JOIN vaccine_slots sl ON sl.slot_id = a.slot_id WHERE a.patient_id = "
               "r.patient_id AND a.vaccine_code = 'FLU' AND (a.status = 'booked' OR (a.status = 'completed' AND "
               "sl.starts_at > TIMESTAMP '2026-03-01 00:00:00'))) ORDER BY r.patient_id")
    r = fresh(s, rows, lambda r: len(s.q("SELECT 1 FROM fills f JOIN prescriptions x ON x.rx_id = f.rx_id WHERE "
                                         "x.patient_id = ? AND f.status = 'ready'", [r["patient_id"]])) == 1)
    p = patient(s, r["patient_id"])
    store = s.q("SELECT * FROM stores WHERE store_id = ?", [r["store_id"]])[0]
    pid = identify(s, p)
    s.call("list_patient_fills", masked=["status"], patient_id=pid, status="ready")
    dl = s.call("schedule_delivery", patient_id=pid, fill_ids=[r["fill_id"]], delivery_date="2026-09-15")
    assert dl["fee"] == 0.0
    openings = s.call("list_vaccine_openings", store_id=store["store_id"], on_date="2026-09-18")
    slot = next(o for o in openings["openings"] if o["starts_at"] >= "2026-09-18 14:00")
    s.call("book_vaccination", patient_id=pid, slot_id=slot["slot_id"], vaccine="FLU")
    return {"instruction": f"Good morning, {p['first_name']} {p['last_name']} here. Could you have my "
                           f"{r['drug_name']} that's waiting at the store delivered to my house tomorrow? And book "
                           f"me a flu shot at your {store['city']} store on Friday, September 18: the first opening "
                           "at 2 pm or later.",
            "user_facts": dob_fact(p), "outputs": [slot["starts_at"].split()[1]],
            "tags": ["write", "multi_goal", "delivery", "vaccination"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    early_refill_controlled, schedule_ii_refill, expired_prescription, allergy_blocks_refill, pa_needed_submit,
    coverage_ended_cash, out_of_stock_transfer_then_fill, controlled_second_transfer, delivery_outside_area,
    cancel_delivery_same_day, covid_interval, shingles_too_young, vaccination_late_cancel, refill_two_and_deliver,
    cancel_fill_on_delivery, pa_already_pending, new_prescription_ready_time, senior_free_delivery_and_flu,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"pharmacy-{i:03d}", tags=fields["tags"],
                   outputs=fields["outputs"], user_facts=fields["user_facts"],
                   forbidden_calls=fields.get("forbidden_calls", []), check_outputs="derived" not in fields["tags"])


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: "querygen" in t.tags,
                                  description=__doc__.splitlines()[0]))
