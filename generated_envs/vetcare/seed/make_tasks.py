"""Build the vetcare environment's flagship tasks (``vetcare-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first owner (by id) whose records fit its story and who is in no other flagship task,
writes the request as that owner would, and plays the gold calls on a fresh state so that ids, amounts and dates
come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file are
kept after the flagship tasks. Run ``python generated_envs/vetcare/seed/make_tasks.py`` after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent
TODAY = date(2026, 5, 13)
EMAIL_KEYWORDS = ["email", "e-mail"]
CONSENT_KEYWORDS = ["confirm", "go ahead", "proceed", "agree", "okay", "ok", "fee", "deposit", "lose", "forfeit",
                    "charge"]
HOME = {"Burlington": "HOS-1", "South Burlington": "HOS-1", "Winooski": "HOS-1", "Essex Junction": "HOS-1",
        "Montpelier": "HOS-2", "Barre": "HOS-2", "Waterbury": "HOS-2", "Rutland": "HOS-3", "Brandon": "HOS-3",
        "Castleton": "HOS-3"}
HOSPITAL_WORDS = {"HOS-1": "the Riverside hospital in Burlington", "HOS-2": "the Maple Hill hospital in Montpelier",
                  "HOS-3": "the Otter Creek hospital in Rutland"}
#: Owners already in a task: every flagship task gets an owner of its own.
USED: set[str] = set()


class Session(TaskBuilder):
    def __init__(self) -> None:
        super().__init__(ENV)

    def q(self, sql: str, params: Sequence[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)


def owner(s: Session, owner_id: str) -> dict[str, Any]:
    return s.q("SELECT * FROM owners WHERE owner_id = ?", [owner_id])[0]


def first_unused(rows: list[dict[str, Any]], skip: int = 0) -> dict[str, Any]:
    fit = [r for r in rows if r["owner_id"] not in USED]
    return fit[skip]


def identify(s: Session, o: dict[str, Any]) -> str:
    USED.add(o["owner_id"])
    return s.call("find_owner_by_email", email=o["email"])["owner_id"]


def email_fact(o: dict[str, Any]) -> dict[str, Any]:
    return {"email": {"value": o["email"], "keywords": EMAIL_KEYWORDS}}


def him(p: dict[str, Any]) -> str:
    return "him" if p["sex"] == "male" else "her"


def his(p: dict[str, Any]) -> str:
    return "his" if p["sex"] == "male" else "her"


def day_text(value: str) -> str:
    d = datetime.fromisoformat(str(value)[:10])
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')}"


def clock(value: str) -> str:
    d = datetime.fromisoformat(str(value).replace(" ", "T"))
    hour = d.hour % 12 or 12
    return f"{hour}{':' + d.strftime('%M') if d.minute else ''} {'am' if d.hour < 12 else 'pm'}"


def single_pet_owners(s: Session, where: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Owners with exactly one active pet of the species named in ``where`` (which filters ``p``)."""
    return s.q("SELECT p.*, p.name AS pet_name FROM pets p WHERE p.status = 'active' AND " + where +
               " AND (SELECT count(*) FROM pets x WHERE x.owner_id = p.owner_id AND x.species = p.species AND "
               "x.status = 'active') = 1 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.owner_id = p.owner_id AND "
               "i.status = 'open' AND i.due_on < DATE '2026-05-13') ORDER BY p.owner_id, p.pet_id", list(params))


# ---------------------------------------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------------------------------------

def groom_vaccine_refusal(s: Session) -> dict[str, Any]:
    """Refusal: a full groom next week, but the dog's bordetella runs out before then."""
    rows = single_pet_owners(s, "p.species = 'dog' AND (SELECT max(due_on) FROM vaccinations v WHERE v.pet_id = "
                                "p.pet_id AND v.vaccine_code = 'DOG_BORDETELLA') BETWEEN DATE '2026-05-14' AND "
                                "DATE '2026-05-21' AND (SELECT max(due_on) FROM vaccinations v WHERE v.pet_id = "
                                "p.pet_id AND v.vaccine_code = 'DOG_RABIES') > DATE '2026-05-22'")
    p = first_unused(rows)
    o = owner(s, p["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    rec = s.call("get_pet_record", pet_id=p["pet_id"])
    due = next(v["due_on"] for v in rec["vaccines"] if v["vaccine_code"] == "DOG_BORDETELLA")
    return {"instruction": f"Hi, this is {o['first_name']} {o['last_name']}. I'd like to book {p['name']} in for a "
                           "full groom and haircut at your Riverside hospital on Thursday 21 May, any time that day.",
            "user_facts": email_fact(o), "outputs": ["Bordetella", due],
            "tags": ["read", "refusal", "grooming", "vaccines"]}


def boarding_vaccine_through_checkout(s: Session) -> dict[str, Any]:
    """Refusal: a boarding stay whose pick-up day falls after a boarding vaccine's due date."""
    rows = single_pet_owners(s, "p.species = 'cat' AND (SELECT max(due_on) FROM vaccinations v WHERE v.pet_id = "
                                "p.pet_id AND v.vaccine_code = 'CAT_RABIES') BETWEEN DATE '2026-05-30' AND "
                                "DATE '2026-06-03' AND (SELECT max(due_on) FROM vaccinations v WHERE v.pet_id = "
                                "p.pet_id AND v.vaccine_code = 'CAT_FVRCP') > DATE '2026-07-01'")
    p = first_unused(rows)
    o = owner(s, p["owner_id"])
    oid = identify(s, o)
    acct = s.call("get_owner_account", owner_id=oid)
    hosp = {"Burlington": "HOS-1", "Montpelier": "HOS-2", "Rutland": "HOS-3"}
    hospitals = s.call("list_hospitals")
    home = next(h for h in hospitals if h["hospital_id"] == "HOS-1")
    quote = s.call("check_kennel_availability", pet_id=p["pet_id"], hospital_id=home["hospital_id"],
                   check_in="2026-05-29", nights=5)
    rec = s.call("get_pet_record", pet_id=p["pet_id"])
    due = next(v["due_on"] for v in rec["vaccines"] if v["vaccine_code"] == "CAT_RABIES")
    assert quote["vaccines_not_current_through_check_out"] and acct and hosp
    return {"instruction": f"Hello, {o['first_name']} {o['last_name']} here. We're away from Friday 29 May and I'd "
                           f"like to board my cat {p['name']} at the Riverside hospital in Burlington for five nights, "
                           f"picking {him(p)} up on 3 June. Can you reserve that?",
            "user_facts": email_fact(o), "outputs": ["rabies", due],
            "tags": ["read", "refusal", "boarding", "vaccines"]}


def dental_needs_exam(s: Session) -> dict[str, Any]:
    """Refusal: a dental cleaning for a dog whose last vet exam is older than 180 days."""
    rows = single_pet_owners(s, "p.species = 'dog' AND p.last_exam_on < DATE '2025-11-01' AND NOT EXISTS (SELECT 1 "
                                "FROM visits v WHERE v.pet_id = p.pet_id AND v.status = 'booked') AND "
                                "p.owner_id IN (SELECT owner_id FROM owners WHERE city IN ('Burlington', "
                                "'South Burlington', 'Winooski', 'Essex Junction'))")
    p = first_unused(rows)
    o = owner(s, p["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    rec = s.call("get_pet_record", pet_id=p["pet_id"])
    return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. {p['name']}'s teeth need a cleaning. Could you "
                           f"book a dental cleaning for {him(p)} at the Riverside hospital on Tuesday 26 May?",
            "user_facts": email_fact(o), "outputs": [rec["last_exam_on"]],
            "tags": ["read", "refusal", "anesthesia", "exam"]}


VISITS = ("SELECT v.*, s.starts_at, s.staff_id, s.hospital_id, t.name AS provider, p.owner_id, p.name AS pet_name, p.sex "
          "FROM visits v JOIN slots s ON s.slot_id = v.slot_id JOIN staff t ON t.staff_id = s.staff_id "
          "JOIN pets p ON p.pet_id = v.pet_id")


def late_cancel_consent(s: Session, skip: int = 0, agree: bool = True) -> dict[str, Any]:
    """Consent: a visit with a deposit starts within 24 hours; cancelling forfeits it."""
    rows = s.q(VISITS + " WHERE v.status = 'booked' AND v.deposit_paid > 0 AND s.starts_at > TIMESTAMP "
               "'2026-05-13 11:00' AND s.starts_at < TIMESTAMP '2026-05-14 09:00' AND (SELECT count(*) FROM visits w "
               "WHERE w.pet_id = v.pet_id AND w.status = 'booked') = 1 ORDER BY p.owner_id")
    v = first_unused(rows, skip)
    o = owner(s, v["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    s.call("list_pet_visits", pet_id=v["pet_id"], status="booked")
    when = "tomorrow morning" if str(v["starts_at"])[:10] == "2026-05-14" else "this afternoon"
    facts = email_fact(o)
    deposit = f"{v['deposit_paid']:.2f}"
    if agree:
        s.call("cancel_visit", visit_id=v["visit_id"], reason="schedule_conflict", accept_deposit_forfeit=True)
        facts["decision"] = {"value": "Yes, I understand I lose the deposit. Please go ahead and cancel it.",
                             "keywords": CONSENT_KEYWORDS}
        consent = [{"fact": "decision", "calls": [{"name": "cancel_visit",
                                                     "arguments": {"visit_id": v["visit_id"],
                                                                   "accept_deposit_forfeit": True}}]}]
        tags = ["write", "cancel", "deposit", "consent"]
    else:
        facts["decision"] = {"value": "Oh, then no, I don't want to lose the deposit. Keep the appointment, we'll "
                                      "make it work.", "keywords": CONSENT_KEYWORDS}
        consent = []
        tags = ["read", "cancel", "deposit", "declined"]
    out = {"instruction": f"Hi, it's {o['first_name']} {o['last_name']}. Something came up and I need to cancel "
                          f"{v['pet_name']}'s appointment {when} at {clock(v['starts_at'])}.",
           "user_facts": facts, "outputs": [deposit], "consent": consent, "tags": tags}
    if not agree:
        out["forbidden_calls"] = [{"name": "cancel_visit", "arguments": {"visit_id": v["visit_id"]}}]
    return out


def late_cancel_declined(s: Session) -> dict[str, Any]:
    return late_cancel_consent(s, 0, agree=False)


def kennel_late_cancel(s: Session) -> dict[str, Any]:
    """Consent: a kennel stay checking in within 3 days; one night's fee after the owner agrees."""
    rows = s.q("SELECT k.*, p.owner_id, p.name AS pet_name FROM kennel_stays k JOIN pets p ON p.pet_id = k.pet_id "
               "WHERE k.status = 'reserved' AND k.check_in BETWEEN DATE '2026-05-13' AND DATE '2026-05-15' AND "
               "(SELECT count(*) FROM kennel_stays x WHERE x.pet_id = k.pet_id AND x.status = 'reserved') = 1 "
               "ORDER BY p.owner_id")
    k = first_unused(rows)
    o = owner(s, k["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    s.call("list_kennel_stays", pet_id=k["pet_id"])
    res = s.call("cancel_kennel_stay", stay_id=k["stay_id"], accept_late_fee=True)
    facts = email_fact(o)
    facts["decision"] = {"value": "That's fine, I'll pay the one night. Please go ahead and cancel it.",
                         "keywords": CONSENT_KEYWORDS}
    return {"instruction": f"Hello, {o['first_name']} {o['last_name']}. Our trip fell through, so {k['pet_name']} "
                           f"won't need the boarding that starts {day_text(k['check_in'])}. Please cancel it.",
            "user_facts": facts, "outputs": [f"{res['cancellation_fee']:.2f}"],
            "consent": [{"fact": "decision", "calls": [{"name": "cancel_kennel_stay",
                                                        "arguments": {"stay_id": k["stay_id"],
                                                                      "accept_late_fee": True}}]}],
            "tags": ["write", "boarding", "cancel", "late_fee", "consent"]}


def overdue_then_board(s: Session) -> dict[str, Any]:
    """Multi-goal: an overdue invoice blocks boarding; the owner asked to clear it, then the kennel is reserved."""
    rows = s.q("SELECT o.owner_id, count(*) AS n FROM invoices i JOIN owners o ON o.owner_id = i.owner_id WHERE "
               "i.status = 'open' AND i.due_on < DATE '2026-05-13' AND o.card_expires >= '2026-05' GROUP BY 1 "
               "HAVING count(*) = 1 ORDER BY 1")
    for r in [r for r in rows if r["owner_id"] not in USED]:
        pets = s.q("SELECT * FROM pets p WHERE owner_id = ? AND status = 'active' AND species = 'dog' AND "
                   "(SELECT min(d) FROM (SELECT max(due_on) AS d FROM vaccinations v JOIN vaccines c ON "
                   "c.vaccine_code = v.vaccine_code WHERE v.pet_id = p.pet_id AND c.for_boarding GROUP BY "
                   "v.vaccine_code HAVING count(*) > 0)) > DATE '2026-06-20' AND (SELECT count(*) FROM vaccinations v "
                   "JOIN vaccines c ON c.vaccine_code = v.vaccine_code WHERE v.pet_id = p.pet_id AND c.for_boarding "
                   ") > 0 AND NOT EXISTS (SELECT 1 FROM kennel_stays k WHERE k.pet_id = p.pet_id AND k.status IN "
                   "('reserved', 'checked_in'))", [r["owner_id"]])
        dogs = s.q("SELECT count(*) AS n FROM pets WHERE owner_id = ? AND species = 'dog' AND status = 'active'",
                   [r["owner_id"]])[0]["n"]
        if len(pets) != 1 or dogs != 1:
            continue
        p = pets[0]
        s.begin()
        o = owner(s, r["owner_id"])
        try:
            oid = identify(s, o)
            acct = s.call("get_owner_account", owner_id=oid)
            paid = s.call("pay_invoice", invoice_id=acct["overdue_invoices"][0])
            hosp = s.call("list_hospitals")
            hid = next(h["hospital_id"] for h in hosp if h["city"] == "Montpelier")
            res = s.call("reserve_kennel", pet_id=p["pet_id"], hospital_id=hid, check_in="2026-06-12", nights=3)
        except Exception:  # noqa: BLE001 - try the next owner
            USED.discard(r["owner_id"])
            s.begin()
            continue
        return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. I'd like to board my dog {p['name']} at "
                               "your Montpelier hospital from Friday 12 June for three nights. If anything on my "
                               "account is holding that up, just pay it off with my card on file.",
                "user_facts": email_fact(o), "outputs": [f"{paid['amount_paid']:.2f}", f"{res['total']:.2f}"],
                "tags": ["write", "multi_goal", "overdue", "pay", "boarding"]}
    raise AssertionError("no owner fits overdue_then_board")


RX = ("SELECT r.*, p.owner_id, p.name AS pet_name, p.last_exam_on, (SELECT max(filled_on) FROM rx_fills f WHERE "
      "f.rx_id = r.rx_id) AS last_fill FROM prescriptions r JOIN pets p ON p.pet_id = r.pet_id WHERE p.status = "
      "'active' AND r.status = 'active' AND (SELECT count(*) FROM prescriptions x WHERE x.pet_id = r.pet_id) = 1 ")


def refill_too_soon(s: Session) -> dict[str, Any]:
    """Refusal: the last fill is too recent; the owner is told the first day a refill can be filled."""
    rows = s.q(RX + "AND NOT r.controlled AND r.expires_on > DATE '2026-06-30' AND r.refills_used < "
               "r.refills_authorized AND p.last_exam_on > DATE '2025-07-01' AND r.days_supply = 30 AND "
               "(SELECT max(filled_on) FROM rx_fills f WHERE f.rx_id = r.rx_id) > DATE '2026-04-22' ORDER BY "
               "p.owner_id")
    r = first_unused(rows)
    o = owner(s, r["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    rx = s.call("list_pet_prescriptions", pet_id=r["pet_id"])["prescriptions"][0]
    return {"instruction": f"Hi, I'm {o['first_name']} {o['last_name']}. We're heading out of town, so I'd like to "
                           f"pick up a refill of {r['pet_name']}'s {r['drug']} today to be safe.",
            "user_facts": email_fact(o), "outputs": [rx["next_refill_on"]],
            "tags": ["read", "refusal", "refill", "too_soon"]}


def refill_controlled(s: Session) -> dict[str, Any]:
    """Refusal: a controlled drug is never refilled at the desk; the owner is sent to the prescriber."""
    rows = s.q(RX + "AND r.controlled AND r.refills_used < r.refills_authorized AND r.expires_on > DATE '2026-06-01' "
               "ORDER BY p.owner_id")
    r = first_unused(rows)
    o = owner(s, r["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    rx = s.call("list_pet_prescriptions", pet_id=r["pet_id"])["prescriptions"][0]
    return {"instruction": f"Hello, {o['first_name']} {o['last_name']} calling. {r['pet_name']} is almost out of "
                           f"{r['drug']}. The label says there are refills left, so could you fill one for pickup?",
            "user_facts": email_fact(o), "outputs": [rx["prescriber"].removeprefix("Dr. ")],
            "tags": ["read", "refusal", "refill", "controlled"]}


def reschedule_limit(s: Session) -> dict[str, Any]:
    """Refusal: a visit already rescheduled twice cannot be moved again."""
    rows = s.q(VISITS + " WHERE v.status = 'booked' AND v.reschedule_count = 2 AND s.starts_at > TIMESTAMP "
               "'2026-05-15 00:00' AND (SELECT count(*) FROM visits w WHERE w.pet_id = v.pet_id AND w.status = "
               "'booked') = 1 ORDER BY p.owner_id")
    v = first_unused(rows)
    o = owner(s, v["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    s.call("list_pet_visits", pet_id=v["pet_id"], status="booked")
    return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. Could you move {v['pet_name']}'s appointment on "
                           f"{day_text(v['starts_at'])} to the same time one week later?",
            "user_facts": email_fact(o), "outputs": ["2"],
            "tags": ["read", "refusal", "reschedule", "limit"]}


def plan_visit_free(s: Session) -> dict[str, Any]:
    """Write: a wellness exam covered by the pet's plan (no fee, no deposit), first opening with the usual vet."""
    rows = s.q("SELECT p.*, e.enrollment_id FROM pets p JOIN plan_enrollments e ON e.pet_id = p.pet_id AND e.status = "
               "'active' JOIN wellness_plans w ON w.plan_code = e.plan_code WHERE p.status = 'active' AND "
               "e.visits_used < w.included_visits AND p.species = 'dog' AND NOT EXISTS (SELECT 1 FROM visits v WHERE "
               "v.pet_id = p.pet_id AND v.status = 'booked') AND p.owner_id IN (SELECT owner_id FROM owners WHERE "
               "city IN ('Montpelier', 'Barre', 'Waterbury')) AND NOT EXISTS (SELECT 1 FROM invoices i WHERE "
               "i.owner_id = p.owner_id AND i.status = 'open' AND i.due_on < DATE '2026-05-13') AND (SELECT count(*) "
               "FROM pets x WHERE x.owner_id = p.owner_id AND x.species = 'dog') = 1 ORDER BY p.owner_id")
    p = first_unused(rows)
    o = owner(s, p["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    times = s.call("find_visit_times", pet_id=p["pet_id"], type_code="WELLNESS_EXAM", hospital_id="HOS-2",
                   date="2026-05-21", staff_id="VET-21")
    slot = times["slots"][0]
    res = s.call("book_visit", pet_id=p["pet_id"], type_code="WELLNESS_EXAM", slot_id=slot["slot_id"])
    assert res["covered_by_plan"]
    return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. {p['name']} is due for {his(p)} yearly check-up. "
                           "Please book a wellness exam with Dr. Whitcombe in Montpelier on Thursday 21 May, the "
                           "earliest time he has. It's covered by our wellness plan, right?",
            "user_facts": email_fact(o), "outputs": [slot["starts_at"][11:], str(res["plan_visits_left"])],
            "tags": ["write", "book", "wellness_plan"]}


def enroll_right_plan(s: Session) -> dict[str, Any]:
    """Write: the owner asks for the plan that fits; an eight-plus-year-old dog needs Senior Dog Care."""
    rows = single_pet_owners(s, "p.species = 'dog' AND p.birth_date BETWEEN DATE '2016-06-01' AND DATE '2018-05-01' "
                                "AND NOT EXISTS (SELECT 1 FROM plan_enrollments e WHERE e.pet_id = p.pet_id AND "
                                "e.status = 'active')")
    p = first_unused(rows)
    o = owner(s, p["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    s.call("list_wellness_plans")
    res = s.call("enroll_in_wellness_plan", pet_id=p["pet_id"], plan_code="SENIOR_DOG")
    return {"instruction": f"Hello, this is {o['first_name']} {o['last_name']}. I'd like to put {p['name']} on one of "
                           f"your wellness plans, whichever one fits a dog {his(p)} age. What will it cost per month?",
            "user_facts": email_fact(o), "outputs": ["Senior Dog Care", f"{res['monthly_fee']:.2f}"],
            "tags": ["write", "wellness_plan", "age_band"]}


def estimate_expired(s: Session) -> dict[str, Any]:
    """Refusal: a pending estimate past its expiry cannot be approved."""
    rows = s.q("SELECT e.*, p.owner_id, p.name AS pet_name FROM estimates e JOIN pets p ON p.pet_id = e.pet_id WHERE "
               "e.status = 'pending' AND e.expires_on < DATE '2026-05-13' AND (SELECT count(*) FROM estimates x WHERE "
               "x.pet_id = e.pet_id) = 1 ORDER BY p.owner_id")
    e = first_unused(rows)
    o = owner(s, e["owner_id"])
    oid = identify(s, o)
    s.call("get_owner_account", owner_id=oid)
    s.call("list_pet_estimates", pet_id=e["pet_id"])
    return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. We've thought it over and we'd like to go ahead "
                           f"with the {e['description'].lower()} for {e['pet_name']} that the vet quoted us.",
            "user_facts": email_fact(o), "outputs": [e["expires_on"]],
            "tags": ["read", "refusal", "estimate", "expired"]}


def sold_out_fallback(s: Session) -> dict[str, Any]:
    """Write: large runs at Riverside are full over Memorial Day weekend; the owner's fallback is Maple Hill."""
    rows = single_pet_owners(s, "p.species = 'dog' AND p.weight_kg >= 25 AND NOT EXISTS (SELECT 1 FROM kennel_stays k "
                                "WHERE k.pet_id = p.pet_id AND k.status IN ('reserved', 'checked_in')) AND p.owner_id "
                                "IN (SELECT owner_id FROM owners WHERE city IN ('Burlington', 'Winooski'))")
    for p in [r for r in rows if r["owner_id"] not in USED]:
        s.begin()
        o = owner(s, p["owner_id"])
        oid = identify(s, o)
        s.call("get_owner_account", owner_id=oid)
        q1 = s.call("check_kennel_availability", pet_id=p["pet_id"], hospital_id="HOS-1", check_in="2026-05-22",
                    nights=3)
        if q1["spaces_left"] > 0 or q1["vaccines_not_current_through_check_out"]:
            USED.discard(p["owner_id"])
            continue
        try:
            res = s.call("reserve_kennel", pet_id=p["pet_id"], hospital_id="HOS-2", check_in="2026-05-22", nights=3)
        except Exception:  # noqa: BLE001
            USED.discard(p["owner_id"])
            continue
        return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. I need boarding for {p['name']} over Memorial "
                               "Day weekend: drop-off Friday 22 May, pick-up Monday 25 May. Riverside in Burlington "
                               "please; if they're full, Maple Hill in Montpelier is fine.",
                "user_facts": email_fact(o), "outputs": ["Maple Hill", f"{res['total']:.2f}"],
                "tags": ["write", "boarding", "capacity", "fallback"]}
    raise AssertionError("no owner fits sold_out_fallback")


def expired_card(s: Session) -> dict[str, Any]:
    """Refusal: the card on file expired, so an open invoice cannot be paid at the desk."""
    rows = s.q("SELECT o.owner_id, min(i.invoice_id) AS invoice_id FROM owners o JOIN invoices i ON i.owner_id = "
               "o.owner_id AND i.status = 'open' WHERE o.card_expires < '2026-05' GROUP BY 1 HAVING count(*) = 1 "
               "ORDER BY 1")
    r = first_unused(rows)
    o = owner(s, r["owner_id"])
    oid = identify(s, o)
    acct = s.call("get_owner_account", owner_id=oid)
    assert acct["card_on_file"]["expired"] and acct["open_balance"] > 0
    return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. I got a statement that I still owe you "
                           "something. Please just pay whatever is open with the card you have on file.",
            "user_facts": email_fact(o), "outputs": [o["card_expires"]],
            "tags": ["read", "refusal", "payment", "expired_card"]}


def which_pet_groom(s: Session) -> dict[str, Any]:
    """Write with a fact given when asked: two dogs; which one gets the bath is said only when the agent asks."""
    rows = s.q("SELECT o.owner_id, o.city FROM owners o WHERE (SELECT "
               "count(*) FROM pets p WHERE p.owner_id = o.owner_id AND p.species = 'dog' AND p.status = 'active') = 2 "
               "AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.owner_id = o.owner_id AND i.status = 'open' AND "
               "i.due_on < DATE '2026-05-13') AND o.card_expires >= '2026-06' ORDER BY 1")
    for r in [r for r in rows if r["owner_id"] not in USED]:
        dogs = s.q("SELECT * FROM pets WHERE owner_id = ? AND species = 'dog' AND status = 'active' ORDER BY pet_id",
                   [r["owner_id"]])
        for p in dogs:
            s.begin()
            o = owner(s, r["owner_id"])
            oid = identify(s, o)
            s.call("get_owner_account", owner_id=oid)
            hid = HOME[r["city"]]
            times = s.call("find_visit_times", pet_id=p["pet_id"], type_code="BATH_AND_TIDY", hospital_id=hid,
                           date="2026-05-20")
            if not times["slots"]:
                USED.discard(r["owner_id"])
                continue
            try:
                res = s.call("book_visit", pet_id=p["pet_id"], type_code="BATH_AND_TIDY",
                             slot_id=times["slots"][0]["slot_id"])
            except Exception:  # noqa: BLE001
                USED.discard(r["owner_id"])
                continue
            facts = email_fact(o)
            facts["which_dog"] = {"value": f"It's for {p['name']}.", "keywords": ["which", "name", "dog", "who"]}
            return {"instruction": f"Hello, {o['first_name']} {o['last_name']} here. One of my dogs rolled in "
                                   f"something awful. Can you book a bath and tidy at {HOSPITAL_WORDS[hid]} on "
                                   "Wednesday 20 May, the earliest time available?",
                    "user_facts": facts, "outputs": [res["starts_at"][11:], f"{res['deposit_charged']:.2f}"],
                    "tags": ["write", "book", "grooming", "ask_which"]}
    raise AssertionError("no owner fits which_pet_groom")


def cancel_and_rebook_vaccine(s: Session) -> dict[str, Any]:
    """Multi-goal: cancel a sick visit the pet no longer needs, and book a vaccine appointment for the overdue shot."""
    rows = s.q(VISITS + " WHERE v.status = 'booked' AND v.type_code = 'SICK_VISIT' AND s.starts_at > TIMESTAMP "
               "'2026-05-15 00:00' AND s.hospital_id = 'HOS-1' AND p.species = 'cat' AND (SELECT count(*) FROM "
               "visits w WHERE w.pet_id = v.pet_id AND w.status = 'booked') = 1 AND (SELECT count(*) FROM pets x "
               "WHERE x.owner_id = p.owner_id AND x.species = 'cat') = 1 AND NOT EXISTS (SELECT 1 FROM invoices i "
               "WHERE i.owner_id = p.owner_id AND i.status = 'open' AND i.due_on < DATE '2026-05-13') "
               "ORDER BY p.owner_id")
    for v in [r for r in rows if r["owner_id"] not in USED]:
        s.begin()
        o = owner(s, v["owner_id"])
        oid = identify(s, o)
        s.call("get_owner_account", owner_id=oid)
        s.call("list_pet_visits", pet_id=v["pet_id"], status="booked")
        s.call("cancel_visit", visit_id=v["visit_id"], reason="pet_feeling_better")
        times = s.call("find_visit_times", pet_id=v["pet_id"], type_code="VACCINE_VISIT", hospital_id="HOS-1",
                       date="2026-05-20", staff_id="VET-13")
        if not times["slots"]:
            USED.discard(v["owner_id"])
            continue
        res = s.call("book_visit", pet_id=v["pet_id"], type_code="VACCINE_VISIT", slot_id=times["slots"][-1]["slot_id"])
        return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. {v['pet_name']} is feeling much better, so "
                               f"please cancel the sick visit on {day_text(v['starts_at'])}. Instead, book {him(v)} a "
                               "vaccine appointment with Dr. Okafor at Riverside on Wednesday 20 May, the latest time "
                               "she has that day.",
                "user_facts": email_fact(o), "outputs": [res["starts_at"][11:]],
                "tags": ["write", "multi_goal", "cancel", "book"]}
    raise AssertionError("no owner fits cancel_and_rebook_vaccine")


def reschedule_same_vet(s: Session) -> dict[str, Any]:
    """Write: move a visit a week later with the same veterinarian, earliest time that day."""
    rows = s.q(VISITS + " WHERE v.status = 'booked' AND v.reschedule_count = 0 AND v.type_code IN ('SICK_VISIT', "
               "'WELLNESS_EXAM') AND s.starts_at BETWEEN TIMESTAMP '2026-05-15 00:00' AND TIMESTAMP '2026-05-30 00:00' "
               "AND t.role = 'veterinarian' AND (SELECT count(*) FROM visits w WHERE w.pet_id = v.pet_id AND "
               "w.status = 'booked') = 1 ORDER BY p.owner_id")
    for v in [r for r in rows if r["owner_id"] not in USED]:
        s.begin()
        o = owner(s, v["owner_id"])
        oid = identify(s, o)
        s.call("get_owner_account", owner_id=oid)
        visits = s.call("list_pet_visits", pet_id=v["pet_id"], status="booked")
        assert visits["visits"][0]["visit_id"] == v["visit_id"]
        later = (datetime.fromisoformat(str(v["starts_at"]).replace(" ", "T")) + timedelta(days=7)).date()
        times = s.call("find_visit_times", pet_id=v["pet_id"], type_code=v["type_code"], hospital_id=v["hospital_id"],
                       date=later.isoformat(), staff_id=v["staff_id"])
        if not times["slots"]:
            USED.discard(v["owner_id"])
            continue
        res = s.call("reschedule_visit", visit_id=v["visit_id"], new_slot_id=times["slots"][0]["slot_id"])
        return {"instruction": f"Hi, {o['first_name']} {o['last_name']}. I can't make {v['pet_name']}'s appointment "
                               f"with {v['provider']} on {day_text(v['starts_at'])}. Could you move it one week later, "
                               f"to {day_text(later.isoformat())}, with the same vet, at the earliest time available "
                               "that day?",
                "user_facts": email_fact(o), "outputs": [res["starts_at"][11:]],
                "tags": ["write", "reschedule"]}
    raise AssertionError("no owner fits reschedule_same_vet")


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    groom_vaccine_refusal, boarding_vaccine_through_checkout, dental_needs_exam, late_cancel_consent,
    late_cancel_declined, kennel_late_cancel, overdue_then_board, refill_too_soon, refill_controlled,
    reschedule_limit, plan_visit_free, enroll_right_plan, estimate_expired, sold_out_fallback, expired_card,
    which_pet_groom, cancel_and_rebook_vaccine, reschedule_same_vet,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        f = scenario(s)
        s.add_task(f["instruction"], task_id=f"vetcare-{i:03d}", tags=f["tags"], outputs=f["outputs"],
                   user_facts=f["user_facts"], forbidden_calls=f.get("forbidden_calls", []),
                   consent=f.get("consent", []), check_outputs=False)


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: t.id.startswith("vetcare-qg"),
                                  description=__doc__.splitlines()[0]))
