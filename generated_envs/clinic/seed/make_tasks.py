"""Build the clinic environment's flagship tasks (``clinic-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first patient (by id) whose records fit its story and who is in no other flagship task,
writes the request as that patient would, and plays the gold calls on a fresh state so that ids, amounts and dates
come from the tools themselves. Deterministic: same seed data, same tasks. Other tasks already in the file (sampled
ones) are kept after the flagship tasks. Run ``python generated_envs/clinic/seed/make_tasks.py`` after
``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent

DOB_KEYWORDS = ["date of birth", "birth", "dob", "birthday", "born"]
#: find_open_slots filters the agent may choose freely: only the specialty must match.
SLOT_FILTERS = ["clinician_id", "site_id", "earliest_date", "latest_date", "mode"]


class Session(TaskBuilder):
    """The task being written: its gold calls, run as they are added on the seed state (``begin`` per task)."""

    def __init__(self) -> None:
        super().__init__(ENV)

    def call(self, name: str, /, masked: Sequence[str] | None = None, **arguments: Any) -> Any:
        """A gold call; ``masked`` keeps the names among ``arguments`` (all of them when none is given)."""
        return super().call(name, [m for m in masked if m in arguments] or masked if masked else None, **arguments)

    def restart(self) -> None:
        """Drop the calls so far and their effects (a candidate that did not fit)."""
        self.begin()

    def q(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)


def dob_fact(p: dict[str, Any]) -> dict[str, Any]:
    return {"date_of_birth": {"value": p["date_of_birth"], "keywords": DOB_KEYWORDS}}


def identify(s: Session, p: dict[str, Any]) -> str:
    USED.add(p["patient_id"])
    return s.call("find_patient", first_name=p["first_name"], last_name=p["last_name"],
                  date_of_birth=p["date_of_birth"])["patient_id"]


def day_text(value: str) -> str:
    """'2026-04-21 10:30' -> 'Tuesday, April 21'."""
    d = datetime.fromisoformat(value)
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}"


def time_text(value: str) -> str:
    """'2026-04-21 14:30' -> '2:30 pm'."""
    d = datetime.fromisoformat(value)
    hour = d.hour % 12 or 12
    return f"{hour}{':' + d.strftime('%M') if d.minute else ''} {'am' if d.hour < 12 else 'pm'}"


SPECIALTY_WORDS = {"family_medicine": "family doctor", "internal_medicine": "internist", "cardiology": "cardiology",
                   "dermatology": "dermatology", "endocrinology": "endocrinology",
                   "gastroenterology": "GI (gastroenterology)", "orthopedics": "orthopedics",
                   "physical_therapy": "physical therapy", "nutrition": "nutrition"}

# ---------------------------------------------------------------------------------------------------------
# Candidate queries (first fitting patient by id)
# ---------------------------------------------------------------------------------------------------------

APPT = ("SELECT a.*, s.starts_at, s.mode, s.clinician_id, s.site_id, s.capacity, s.session_title, c.specialty, "
        "c.name AS clinician, c.credentials FROM appointments a JOIN slots s ON s.slot_id = a.slot_id "
        "JOIN clinicians c ON c.clinician_id = s.clinician_id")


#: Patients already in a task: every task gets a patient of its own.
USED: set[str] = set()


def patient(s: Session, pid: str) -> dict[str, Any]:
    return s.q("SELECT * FROM patients WHERE patient_id = ?", [pid])[0]


def unused(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r["patient_id"] not in USED]


def fresh(rows: list[dict[str, Any]], skip: int = 0) -> dict[str, Any]:
    """The first row (after ``skip`` fitting ones) whose patient is in no task yet."""
    return unused(rows)[skip]


def open_balance(s: Session, pid: str) -> float:
    return s.q("SELECT coalesce(sum(amount), 0) AS b FROM charges WHERE patient_id = ? AND status = 'open'",
               [pid])[0]["b"]


def booked(s: Session, pid: str) -> list[dict[str, Any]]:
    return s.q(APPT + " WHERE a.patient_id = ? AND a.status = 'booked' ORDER BY s.starts_at", [pid])


def physician(name: str, credentials: str) -> str:
    return f"Dr. {name.split()[-1]}" if credentials in ("MD", "DO") else name


# ---------------------------------------------------------------------------------------------------------
# Scenarios: each returns the task's fields (without id); the Session holds its gold calls
# ---------------------------------------------------------------------------------------------------------

def next_appointment(s: Session) -> dict[str, Any]:
    """Read: when and with whom is my next visit (one booked visit, a few past ones)."""
    rows = s.q("SELECT a.patient_id FROM appointments a JOIN slots sl ON sl.slot_id = a.slot_id "
               "WHERE a.status = 'booked' AND sl.starts_at > '2026-04-16' AND sl.capacity = 1 GROUP BY 1 "
               "HAVING count(*) = 1 ORDER BY 1")
    p = patient(s, fresh(rows, 3)["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    nxt = next(a for a in res["appointments"] if a["status"] == "booked")
    date_, time_ = nxt["starts_at"].split()
    return {"instruction": f"Hi, this is {p['first_name']} {p['last_name']}. I lost the reminder card — when is my "
                           "next appointment, and who is it with?",
            "user_facts": dob_fact(p), "outputs": [date_, time_, nxt["clinician"].removeprefix("Dr. ")],
            "tags": ["read", "appointments"]}


def balance_question(s: Session) -> dict[str, Any]:
    """Read: what do I owe and what for (open copay and an open fee)."""
    rows = s.q("SELECT patient_id FROM charges WHERE status = 'open' GROUP BY 1 "
               "HAVING count(DISTINCT kind) = 2 AND count(*) = 2 ORDER BY 1")
    p = patient(s, fresh(rows)["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_charges", masked=["status"], patient_id=pid)
    kinds = sorted({c["kind"] for c in res["charges"] if c["status"] == "open"})
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here, date of birth {p['date_of_birth']}. "
                           "I got a statement saying I have an unpaid balance. How much do I owe in total, and "
                           "what is it for?",
            "user_facts": {}, "outputs": [f"{res['open_balance']:.2f}", *(k.split("_")[0] for k in kinds)],
            "tags": ["read", "charges"]}


def referral_visits_left(s: Session) -> dict[str, Any]:
    """Read: visits left on an active physical therapy referral and its expiry."""
    rows = s.q("SELECT r.* FROM referrals r WHERE r.status = 'active' AND r.specialty = 'physical_therapy' "
               "AND r.visits_used BETWEEN 2 AND r.visits_authorized - 2 AND (SELECT count(*) FROM referrals x "
               "WHERE x.patient_id = r.patient_id) >= 2 ORDER BY r.patient_id")
    ref = fresh(rows)
    p = patient(s, ref["patient_id"])
    pid = identify(s, p)
    res = s.call("list_patient_referrals", patient_id=pid)
    r = next(x for x in res["referrals"] if x["referral_id"] == ref["referral_id"])
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. How many physical therapy visits do I have "
                           "left on my referral, and until what date can I use it?",
            "user_facts": dob_fact(p), "outputs": [r["expires_on"], f"{r['visits_left']} visits"],
            "tags": ["read", "referral", "derived"]}


def dermatologists_taking_patients(s: Session) -> dict[str, Any]:
    """Read, no identity needed: which dermatologists at one site take new patients."""
    s.call("list_clinic_sites")
    res = s.call("find_clinicians", specialty="dermatology", site_id="SITE-3")
    accepting = [c["name"].removeprefix("Dr. ") for c in res if c["accepting_new_patients"]]
    closed = [c["name"] for c in res if not c["accepting_new_patients"]]
    assert accepting and closed
    return {"instruction": "Hi there, a quick question before I go through my doctor: which dermatologists at your "
                           "Eastbrook Specialty Center are taking new patients right now?",
            "user_facts": {}, "outputs": accepting, "tags": ["read", "clinicians", "no_identity"]}


def copay_question(s: Session) -> dict[str, Any]:
    """Read: telehealth and specialist copays of the plan on file."""
    rows = s.q("SELECT patient_id FROM patients WHERE plan_id = 'PLN-21' AND coverage_end IS NULL ORDER BY 1")
    p = patient(s, fresh(rows, 1)["patient_id"])
    pid = identify(s, p)
    res = s.call("get_patient_profile", patient_id=pid)
    ins = res["insurance"]
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} calling. Before I book anything: with the "
                           "insurance you have on file for me, what would I pay for a video (telehealth) visit, and "
                           "what for seeing a specialist in person?",
            "user_facts": dob_fact(p),
            "outputs": [f"{ins['telehealth_copay']:.2f}", f"{ins['specialist_copay']:.2f}"],
            "tags": ["read", "insurance", "copay"]}


def book_with_pcp_next_week(s: Session) -> dict[str, Any]:
    """Write: earliest in-person visit with the patient's own primary care clinician in a given week."""
    rows = s.q("SELECT p.patient_id, p.primary_clinician_id FROM patients p JOIN clinicians c "
               "ON c.clinician_id = p.primary_clinician_id WHERE p.coverage_end IS NULL AND c.credentials = 'MD' "
               "ORDER BY p.patient_id")
    for row in unused(rows):
        pid = row["patient_id"]
        if open_balance(s, pid) >= 100 or booked(s, pid):
            continue
        p = patient(s, pid)
        pid = identify(s, p)
        prof = s.call("get_patient_profile", patient_id=pid)
        pcp = prof["primary_clinician"]
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty=pcp["specialty"],
                       clinician_id=pcp["clinician_id"], earliest_date="2026-04-20", latest_date="2026-04-24",
                       mode="in_person")
        if not slots:
            s.restart()
            continue
        slot = slots[0]
        res = s.call("book_appointment", patient_id=pid, slot_id=slot["slot_id"])
        return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'd like to see my regular doctor, "
                               f"{pcp['name']}, in person sometime next week (the week of April 20) about a cough "
                               "that won't go away. The earliest opening that week is best.",
                "user_facts": dob_fact(p), "outputs": [*slot["starts_at"].split(), f"{res['copay']:.2f}"],
                "tags": ["write", "book"]}
    raise AssertionError("no patient fits book_with_pcp_next_week")


def late_cancel_confirmed(s: Session) -> dict[str, Any]:
    """Write: cancel a specialist visit this afternoon; the patient agrees to the late fee when told."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND s.starts_at > '2026-04-14 12:00' "
               "AND s.starts_at < '2026-04-14 18:00' AND c.specialty IN ('dermatology', 'gastroenterology', "
               "'cardiology', 'orthopedics') ORDER BY a.patient_id")
    a = fresh(rows)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    res = s.call("cancel_appointment", appointment_id=a["appointment_id"], reason="schedule_conflict",
                 accept_late_fee=True)
    facts = dob_fact(p)
    facts["fee_decision"] = {"value": "Yes, I understand there's a fee. Please cancel it anyway.",
                             "keywords": ["fee", "charge", "confirm", "proceed", "go ahead", "agree"]}
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. Something came up at work and I can't make my "
                           f"{SPECIALTY_WORDS[a['specialty']]} appointment this afternoon at "
                           f"{time_text(a['starts_at'])}. Please cancel it.",
            "user_facts": facts, "outputs": [f"{res['late_cancellation_fee']:.2f}"],
            "tags": ["write", "cancel", "late_fee", "confirm"]}


def late_cancel_declined(s: Session) -> dict[str, Any]:
    """Read: a primary care visit this afternoon; told about the fee, the patient keeps the visit."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND s.starts_at > '2026-04-14 12:00' "
               "AND s.starts_at < '2026-04-14 18:00' AND c.specialty IN ('family_medicine', 'internal_medicine') "
               "AND s.mode = 'in_person' ORDER BY a.patient_id")
    a = fresh(rows)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    facts = dob_fact(p)
    facts["fee_decision"] = {"value": "Oh, no, I don't want to pay a fee for that. Then please keep the appointment.",
                             "keywords": ["fee", "charge", "confirm", "proceed", "go ahead", "agree"]}
    return {"instruction": f"Hello, this is {p['first_name']} {p['last_name']}. I might not be able to come to my "
                           f"appointment this afternoon at {time_text(a['starts_at'])}, my car is in the shop. "
                           "Can you cancel it? Is there any charge for that?",
            "user_facts": facts, "outputs": ["40.00"],
            "forbidden_calls": [{"name": "cancel_appointment",
                                 "arguments": {"appointment_id": a["appointment_id"], "accept_late_fee": True}}],
            "tags": ["read", "cancel", "late_fee", "confirm", "refusal"]}


def cancel_no_fee(s: Session) -> dict[str, Any]:
    """Write: cancel a dermatology visit next week (no fee; the referral visit comes back)."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND s.starts_at >= '2026-04-20' AND s.starts_at < '2026-04-25' "
               "AND c.specialty = 'dermatology' ORDER BY a.patient_id")
    a = fresh(rows)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    s.call("cancel_appointment", appointment_id=a["appointment_id"], reason="feeling_better")
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}, born {p['date_of_birth']}. The rash cleared up, "
                           "so I'm feeling better and won't need my dermatology appointment next week. Please "
                           "cancel it. There's no charge for that, right?",
            "user_facts": {}, "outputs": [a["starts_at"][:10]],
            "tags": ["write", "cancel"]}


def reschedule_specialist(s: Session) -> dict[str, Any]:
    """Write: move a specialist visit to the first morning slot with the same clinician a week or more later."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND a.reschedule_count = 0 AND a.referral_id IS NOT NULL "
               "AND s.starts_at BETWEEN '2026-04-16' AND '2026-04-30' ORDER BY a.patient_id")
    for a in unused(rows):
        ref = s.q("SELECT * FROM referrals WHERE referral_id = ?", [a["referral_id"]])[0]
        start = datetime.fromisoformat(a["starts_at"])
        after = (start + timedelta(days=7)).date()
        options = s.q("SELECT sl.slot_id, sl.starts_at FROM slots sl WHERE sl.clinician_id = ? AND sl.starts_at::DATE >= ? "
                      "AND sl.starts_at::DATE <= ? AND hour(sl.starts_at) < 12 AND (SELECT count(*) "
                      "FROM appointments x WHERE x.slot_id = sl.slot_id AND x.status IN ('booked', 'checked_in')) "
                      "< sl.capacity ORDER BY sl.starts_at",
                      [a["clinician_id"], after.isoformat(), ref["expires_on"]])
        if not options:
            continue
        p = patient(s, a["patient_id"])
        pid = identify(s, p)
        s.call("list_patient_appointments", masked=["status"], patient_id=pid)
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty=a["specialty"],
                       clinician_id=a["clinician_id"], earliest_date=after.isoformat())
        target = next(x for x in slots if int(x["starts_at"][11:13]) < 12)
        assert target["slot_id"] == options[0]["slot_id"]
        res = s.call("reschedule_appointment", appointment_id=a["appointment_id"], new_slot_id=target["slot_id"])
        return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I need to push back my "
                               f"{SPECIALTY_WORDS[a['specialty']]} appointment on {day_text(a['starts_at'])} by at least "
                               f"a week — same clinician please, {physician(a['clinician'], a['credentials'])}. I can "
                               "only do mornings; the first morning that works is fine.",
                "user_facts": dob_fact(p), "outputs": [res["starts_at"].split()[0], res["starts_at"].split()[1]],
                "tags": ["write", "reschedule", "referral"]}
    raise AssertionError("no appointment fits reschedule_specialist")


def reschedule_limit(s: Session) -> dict[str, Any]:
    """Read: a visit already rescheduled twice cannot be moved again."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND a.reschedule_count = 2 AND s.starts_at > '2026-04-16' "
               "AND s.starts_at < '2026-05-08' "
               "AND c.specialty IN ('family_medicine', 'internal_medicine') ORDER BY a.patient_id")
    a = fresh(rows)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    s.call("get_appointment_details", appointment_id=a["appointment_id"])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. Sorry to do this again, but I need to "
                           f"move my appointment on {day_text(a['starts_at'])} to sometime the week after. Any "
                           "time is fine.",
            "user_facts": dob_fact(p), "outputs": [a["starts_at"][:10], a["starts_at"][11:16]],
            "tags": ["read", "reschedule", "refusal"]}


def referral_expiry_latest_slot(s: Session) -> dict[str, Any]:
    """Write: the wanted week is after the referral expires; book the latest slot before the expiry instead."""
    rows = s.q("SELECT r.* FROM referrals r WHERE r.status = 'active' AND r.expires_on BETWEEN '2026-04-27' AND "
               "'2026-05-12' AND r.visits_used < r.visits_authorized AND r.specialty <> 'physical_therapy' "
               "ORDER BY r.patient_id")
    for ref in unused(rows):
        pid = ref["patient_id"]
        p = patient(s, pid)
        if open_balance(s, pid) >= 100 or (p["coverage_end"] and p["coverage_end"] < "2026-05-22"):
            continue
        if any(b["specialty"] == ref["specialty"] for b in booked(s, pid)):
            continue
        expires = date.fromisoformat(ref["expires_on"])
        wanted = expires + timedelta(days=7 - expires.weekday() + 7)  # the Monday after next
        pid = identify(s, p)
        s.call("list_patient_referrals", patient_id=pid)
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty=ref["specialty"],
                       earliest_date=(expires - timedelta(days=3)).isoformat(), latest_date=ref["expires_on"])
        slots = [x for x in slots if x["mode"] == "in_person"]
        accepting = {c["clinician_id"] for c in s.q("SELECT clinician_id FROM clinicians WHERE accepting_new_patients")}
        if not slots or slots[-1]["clinician_id"] not in accepting:
            s.restart()
            continue
        slot = slots[-1]
        s.call("book_appointment", patient_id=pid, slot_id=slot["slot_id"])
        return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'd like to book my "
                               f"{SPECIALTY_WORDS[ref['specialty']]} visit for the week of {day_text(str(wanted))}, in "
                               "person, with whichever clinician is available. If my referral doesn't allow that, "
                               "then book me the latest in-person slot it still covers.",
                "user_facts": dob_fact(p), "outputs": [ref["expires_on"], *slot["starts_at"].split()],
                "tags": ["write", "book", "referral", "reasoning"]}
    raise AssertionError("no referral fits referral_expiry_latest_slot")


def pay_balance_then_book(s: Session) -> dict[str, Any]:
    """Multi-write: a balance of $100 or more blocks booking; the patient pays it all, then books with the PCP."""
    rows = s.q("SELECT patient_id FROM charges WHERE status = 'open' GROUP BY 1 HAVING sum(amount) >= 100 "
               "AND count(*) >= 2 ORDER BY 1")
    for row in unused(rows):
        p = patient(s, row["patient_id"])
        if not p["primary_clinician_id"] or p["coverage_end"]:
            continue
        pid = identify(s, p)
        charges = s.call("list_patient_charges", masked=["status"], patient_id=pid)
        ids = [c["charge_id"] for c in charges["charges"] if c["status"] == "open"]
        paid = s.call("record_charge_payment", patient_id=pid, charge_ids=ids, method="card")
        prof = s.call("get_patient_profile", patient_id=pid)
        pcp = prof["primary_clinician"]
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty=pcp["specialty"],
                       clinician_id=pcp["clinician_id"])
        try:
            res = s.call("book_appointment", patient_id=pid, slot_id=slots[0]["slot_id"])
        except Exception:
            s.restart()
            continue
        return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. I need a follow-up with my regular doctor, "
                               "the first opening they have, whatever day. I know I still owe the clinic some money: "
                               "please put everything I owe on my card first.",
                "user_facts": dob_fact(p),
                "outputs": [f"{paid['amount']:.2f}", res["starts_at"].split()[0], res["starts_at"].split()[1]],
                "tags": ["write", "payment", "book", "balance_limit", "multi"]}
    raise AssertionError("no patient fits pay_balance_then_book")


def balance_blocks_booking(s: Session) -> dict[str, Any]:
    """Read: the patient owes $100 or more and will not pay today, so no new booking."""
    rows = s.q("SELECT patient_id FROM charges WHERE status = 'open' GROUP BY 1 HAVING sum(amount) >= 100 "
               "ORDER BY sum(amount) DESC, 1")
    for row in unused(rows):
        p = patient(s, row["patient_id"])
        if not p["primary_clinician_id"] or p["coverage_end"]:
            continue
        pid = identify(s, p)
        prof = s.call("get_patient_profile", patient_id=pid)
        return {"instruction": f"Hello, I'm {p['first_name']} {p['last_name']}. Please book me an appointment with "
                               "my doctor in early May. Just so you know, I'm not paying anything over the phone "
                               "today.",
                "user_facts": dob_fact(p), "outputs": [f"{prof['open_balance']:.2f}"],
                "forbidden_calls": [{"name": "book_appointment", "arguments": {"patient_id": pid}}],
                "tags": ["read", "book", "balance_limit", "refusal"]}
    raise AssertionError("no patient fits balance_blocks_booking")


def check_in_and_pay(s: Session) -> dict[str, Any]:
    """Multi-write: check in for this morning's visit and pay the copay with an HSA card."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND a.copay > 0 AND s.starts_at BETWEEN '2026-04-14 09:00' AND "
               "'2026-04-14 10:00' AND s.mode = 'in_person' ORDER BY s.starts_at DESC, a.patient_id")
    a = fresh(rows)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    res = s.call("check_in_patient", appointment_id=a["appointment_id"])
    s.call("record_charge_payment", patient_id=pid, charge_ids=[res["charge_id"]], method="hsa_card")
    return {"instruction": f"Good morning! {p['first_name']} {p['last_name']}, I'm here for my "
                           f"{time_text(a['starts_at'])} appointment with {physician(a['clinician'], a['credentials'])}. "
                           "I'd like to pay my copay right away with my HSA card.",
            "user_facts": dob_fact(p), "outputs": [f"{res['copay_due']:.2f}"],
            "tags": ["write", "check_in", "payment", "multi"]}


def check_in_too_early(s: Session) -> dict[str, Any]:
    """Read: the visit is this afternoon; check-in opens an hour before the start."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND s.starts_at BETWEEN '2026-04-14 13:00' AND "
               "'2026-04-14 16:00' AND s.mode = 'in_person' ORDER BY a.patient_id")
    a = fresh(rows[::-1])
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    opens = (datetime.fromisoformat(a["starts_at"]) - timedelta(hours=1)).strftime("%H:%M")
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'm at the front desk a bit early for my "
                           f"{time_text(a['starts_at'])} appointment today. Can you check me in now so I'm on the list?",
            "user_facts": dob_fact(p), "outputs": [opens],
            "forbidden_calls": [], "tags": ["read", "check_in", "refusal"]}


def waive_first_time(s: Session) -> dict[str, Any]:
    """Write: a first courtesy waiver of a no-show fee (family emergency)."""
    rows = s.q("SELECT c.* FROM charges c WHERE c.kind = 'no_show_fee' AND c.status = 'open' AND NOT EXISTS "
               "(SELECT 1 FROM charges w WHERE w.patient_id = c.patient_id AND w.status = 'waived') AND "
               "(SELECT count(*) FROM charges o WHERE o.patient_id = c.patient_id AND o.status = 'open' "
               "AND o.kind <> 'copay') = 1 ORDER BY c.patient_id")
    ch = fresh(rows)
    p = patient(s, ch["patient_id"])
    visit = s.q(APPT + " WHERE a.appointment_id = ?", [ch["appointment_id"]])[0]
    pid = identify(s, p)
    s.call("list_patient_charges", masked=["status"], patient_id=pid)
    res = s.call("waive_fee", charge_id=ch["charge_id"], reason="family_emergency")
    return {"instruction": f"Hi, this is {p['first_name']} {p['last_name']}. I was charged a no-show fee for my "
                           f"appointment on {day_text(visit['starts_at'])}. I missed it because my daughter was rushed "
                           "to the ER that morning. Is there any way you can waive it?",
            "user_facts": dob_fact(p), "outputs": [f"{res['amount_waived']:.2f}"],
            "tags": ["write", "waiver"]}


def waive_already_used(s: Session) -> dict[str, Any]:
    """Read: the courtesy waiver was already used in the last 365 days."""
    rows = s.q("SELECT w.patient_id, w.resolved_at, o.charge_id, o.amount, o.appointment_id FROM charges w "
               "JOIN charges o ON o.patient_id = w.patient_id AND o.status = 'open' AND o.kind <> 'copay' "
               "WHERE w.status = 'waived' AND w.resolved_at < '2026-04-01' ORDER BY w.patient_id")
    row = fresh(rows)
    p = patient(s, row["patient_id"])
    visit = s.q(APPT + " WHERE a.appointment_id = ?", [row["appointment_id"]])[0]
    pid = identify(s, p)
    s.call("list_patient_charges", masked=["status"], patient_id=pid)
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']}. I see a ${row['amount']:.0f} fee for the "
                           f"appointment I had on {day_text(visit['starts_at'])}. I had a terrible migraine that day. "
                           "Can you remove the fee please?",
            "user_facts": dob_fact(p), "outputs": [row["resolved_at"][:10]],
            "forbidden_calls": [{"name": "waive_fee", "arguments": {"charge_id": row["charge_id"]}}],
            "tags": ["read", "waiver", "refusal"]}


def insurance_update_requote(s: Session) -> dict[str, Any]:
    """Write: new in-network plan on file; the upcoming visit's copay is re-quoted."""
    rows = s.q(APPT + " JOIN patients p ON p.patient_id = a.patient_id WHERE a.status = 'booked' AND "
               "p.plan_id = 'PLN-21' AND a.visit_kind = 'standard' AND s.mode = 'in_person' AND p.coverage_end IS NULL "
               "ORDER BY a.patient_id")
    for a in unused(rows):
        if len(booked(s, a["patient_id"])) != 1:
            continue
        p = patient(s, a["patient_id"])
        pid = identify(s, p)
        s.call("list_insurance_plans")
        member = "EVM" + p["phone"].replace("-", "")[1:]
        res = s.call("update_patient_insurance", patient_id=pid, plan_id="PLN-22", member_number=member)
        new = res["requoted_appointments"][0]["new_copay"]
        facts = dob_fact(p)
        facts["member_number"] = {"value": member, "keywords": ["member", "card", "id number", "policy number"]}
        return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. My employer moved us to the Evergreen Mutual "
                               "PPO Plus plan this month, so please update my insurance. And what will my copay be "
                               "for my upcoming appointment now?",
                "user_facts": facts, "outputs": [f"{new:.2f}"], "tags": ["write", "insurance", "copay"]}
    raise AssertionError("no patient fits insurance_update_requote")


def insurance_out_of_network(s: Session) -> dict[str, Any]:
    """Read: the new plan is out of network and cannot be put on file."""
    rows = s.q("SELECT patient_id FROM patients WHERE plan_id = 'PLN-51' ORDER BY 1")
    p = patient(s, fresh(rows, 2)["patient_id"])
    pid = identify(s, p)
    s.call("list_insurance_plans")
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. I changed jobs and now have Northstar "
                           "Basic HMO. Can you put my new insurance on file? The member number is NSH2046613857.",
            "user_facts": dob_fact(p), "outputs": ["out of network"],
            "forbidden_calls": [{"name": "update_patient_insurance", "arguments": {"patient_id": pid,
                                                                                  "plan_id": "PLN-61"}}],
            "tags": ["read", "insurance", "refusal"]}


def request_missing_referral(s: Session) -> dict[str, Any]:
    """Write: dermatology needs a referral the patient lacks; request one from the PCP."""
    rows = s.q("SELECT p.patient_id FROM patients p WHERE p.primary_clinician_id IS NOT NULL AND NOT EXISTS "
               "(SELECT 1 FROM referrals r WHERE r.patient_id = p.patient_id AND r.specialty = 'dermatology') "
               "AND EXISTS (SELECT 1 FROM referrals r WHERE r.patient_id = p.patient_id) ORDER BY 1")
    p = patient(s, fresh(rows)["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_referrals", patient_id=pid)
    res = s.call("request_referral", patient_id=pid, specialty="dermatology")
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. My doctor wants me to have a mole looked at "
                           "by a dermatologist. Can you book that? If I need a referral first, please put in the "
                           "request with my doctor.",
            "user_facts": dob_fact(p), "outputs": [res["reviewed_by"].removeprefix("Dr. ")],
            "tags": ["write", "referral"]}


def full_class_next_one(s: Session) -> dict[str, Any]:
    """Write: the wanted group class is full; book the next nutrition class at the same site."""
    full = s.q("SELECT sl.* FROM slots sl WHERE sl.capacity > 1 AND sl.starts_at > '2026-04-14 09:00' AND "
               "sl.site_id = 'SITE-2' AND (SELECT count(*) FROM appointments a WHERE a.slot_id = sl.slot_id AND "
               "a.status IN ('booked', 'checked_in')) >= sl.capacity ORDER BY sl.starts_at")[0]
    rows = s.q("SELECT p.patient_id FROM patients p WHERE p.coverage_end IS NULL AND p.primary_clinician_id IN "
               "(SELECT clinician_id FROM clinicians WHERE site_id = 'SITE-2') ORDER BY 1")
    for row in unused(rows):
        pid = row["patient_id"]
        if open_balance(s, pid) >= 100 or any(b["specialty"] == "nutrition" for b in booked(s, pid)):
            continue
        p = patient(s, pid)
        pid = identify(s, p)
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty="nutrition", site_id="SITE-2",
                       earliest_date=full["starts_at"][:10])
        nxt = next(x for x in slots if x.get("session_title"))
        try:
            s.call("book_appointment", patient_id=pid, slot_id=nxt["slot_id"])
        except Exception:
            s.restart()
            continue
        return {"instruction": f"Hi! {p['first_name']} {p['last_name']} here. Please sign me up for the "
                               f"{full['session_title']} class at the Northgate Family Clinic on "
                               f"{day_text(full['starts_at'])}. If that one is full, just put me in the next group "
                               "nutrition class at Northgate.",
                "user_facts": dob_fact(p), "outputs": [nxt["starts_at"].split()[0], nxt["session_title"]],
                "tags": ["write", "book", "capacity"]}
    raise AssertionError("no patient fits full_class_next_one")


def cancel_and_book_telehealth(s: Session) -> dict[str, Any]:
    """Multi-write: cancel a physical therapy visit (no fee) and book the PCP's earliest telehealth slot."""
    rows = s.q(APPT + " JOIN patients p ON p.patient_id = a.patient_id JOIN clinicians pc ON pc.clinician_id = "
               "p.primary_clinician_id WHERE a.status = 'booked' AND c.specialty = 'physical_therapy' AND "
               "s.starts_at > '2026-04-16' AND pc.offers_telehealth AND p.coverage_end IS NULL ORDER BY a.patient_id")
    for a in unused(rows):
        pid = a["patient_id"]
        if open_balance(s, pid) >= 100:
            continue
        p = patient(s, pid)
        pid = identify(s, p)
        s.call("list_patient_appointments", masked=["status"], patient_id=pid)
        s.call("cancel_appointment", appointment_id=a["appointment_id"], reason="feeling_better")
        prof = s.call("get_patient_profile", patient_id=pid)
        pcp = prof["primary_clinician"]
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty=pcp["specialty"],
                       clinician_id=pcp["clinician_id"], mode="telehealth")
        if not slots:
            s.restart()
            continue
        res = s.call("book_appointment", patient_id=pid, slot_id=slots[0]["slot_id"])
        return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. Two things: my knee feels much better, so "
                               f"please cancel my physical therapy session on {day_text(a['starts_at'])}. And instead "
                               "I'd like the earliest video visit with my regular doctor to talk about my blood "
                               "pressure.",
                "user_facts": dob_fact(p), "outputs": [res["starts_at"].split()[0], f"{res['copay']:.2f}"],
                "tags": ["write", "cancel", "book", "telehealth", "multi"]}
    raise AssertionError("no patient fits cancel_and_book_telehealth")


def self_pay_then_book(s: Session) -> dict[str, Any]:
    """Multi-write: coverage ended; switch to self-pay, then book the earliest visit with the PCP."""
    rows = s.q("SELECT patient_id FROM patients WHERE coverage_end < '2026-04-14' AND primary_clinician_id IS NOT NULL "
               "ORDER BY 1")
    for row in unused(rows):
        pid = row["patient_id"]
        if open_balance(s, pid) >= 100:
            continue
        p = patient(s, pid)
        pid = identify(s, p)
        prof = s.call("get_patient_profile", patient_id=pid)
        s.call("update_patient_insurance", masked=["member_number"], patient_id=pid, plan_id="PLN-90",
               member_number="none")
        pcp = prof["primary_clinician"]
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty=pcp["specialty"],
                       clinician_id=pcp["clinician_id"])
        res = s.call("book_appointment", patient_id=pid, slot_id=slots[0]["slot_id"])
        end = date.fromisoformat(p["coverage_end"])
        return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. My insurance ended at the end of "
                               f"{end.strftime('%B')} and I don't have a new plan yet, so I'll pay out of pocket for "
                               "now. Please book me the first available appointment with my regular doctor.",
                "user_facts": dob_fact(p),
                "outputs": [res["starts_at"].split()[0], res["starts_at"].split()[1], f"{res['copay']:.2f}"],
                "tags": ["write", "insurance", "book", "coverage", "multi"]}
    raise AssertionError("no patient fits self_pay_then_book")


def closed_panel_switch(s: Session) -> dict[str, Any]:
    """Write: the wanted specialist takes no new patients; book the earliest colleague at the same site."""
    closed = s.q("SELECT * FROM clinicians WHERE specialty = 'cardiology' AND NOT accepting_new_patients")[0]
    rows = s.q("SELECT r.* FROM referrals r WHERE r.status = 'active' AND r.specialty = 'cardiology' AND "
               "r.visits_used < r.visits_authorized AND r.expires_on >= '2026-05-01' ORDER BY r.patient_id")
    for ref in unused(rows):
        pid = ref["patient_id"]
        p = patient(s, pid)
        seen = s.q(APPT + " WHERE a.patient_id = ? AND s.clinician_id = ? AND a.status = 'completed'",
                   [pid, closed["clinician_id"]])
        if seen or open_balance(s, pid) >= 100 or p["coverage_end"] or any(
                b["specialty"] == "cardiology" for b in booked(s, pid)):
            continue
        pid = identify(s, p)
        s.call("find_clinicians", specialty="cardiology")
        slots = s.call("find_open_slots", masked=SLOT_FILTERS, specialty="cardiology", site_id=closed["site_id"],
                       mode="in_person")
        slot = next(x for x in slots if x["clinician_id"] != closed["clinician_id"])
        res = s.call("book_appointment", patient_id=pid, slot_id=slot["slot_id"])
        return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I have a cardiology referral and a "
                               f"friend recommended Dr. {closed['name']}. Could you book me with that doctor, earliest "
                               "in-person appointment? If that's not possible, then whichever cardiologist has the "
                               "earliest in-person opening at the same location.",
                "user_facts": dob_fact(p), "outputs": [res["clinician"].removeprefix("Dr. "),
                                                       res["starts_at"].split()[0]],
                "tags": ["write", "book", "new_patients", "reasoning"]}
    raise AssertionError("no patient fits closed_panel_switch")


def physical_too_soon(s: Session) -> dict[str, Any]:
    """Read: the last annual physical was less than 365 days ago."""
    rows = s.q(APPT + " WHERE a.visit_kind = 'annual_physical' AND a.status = 'completed' AND NOT EXISTS (SELECT 1 "
               "FROM appointments b WHERE b.patient_id = a.patient_id AND b.visit_kind = 'annual_physical' AND "
               "b.status = 'booked') ORDER BY a.patient_id")
    a = fresh(rows, 1)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    last = date.fromisoformat(a["starts_at"][:10])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} calling. I'd like to schedule my yearly "
                           "physical with my doctor for sometime in May, please.",
            "user_facts": dob_fact(p), "outputs": [last.isoformat(), (last + timedelta(days=365)).isoformat()],
            "forbidden_calls": [{"name": "book_appointment", "arguments": {"patient_id": pid,
                                                                           "visit_kind": "annual_physical"}}],
            "tags": ["read", "book", "physical", "refusal"]}


def reschedule_too_late_cancel(s: Session) -> dict[str, Any]:
    """Write: a visit within 24 hours cannot be moved; the patient agrees to cancel with the late fee."""
    rows = s.q(APPT + " WHERE a.status = 'booked' AND s.starts_at > '2026-04-15 07:00' AND "
               "s.starts_at < '2026-04-15 09:00' AND c.specialty NOT IN ('family_medicine', 'internal_medicine') "
               "ORDER BY a.patient_id")
    a = fresh(rows)
    p = patient(s, a["patient_id"])
    pid = identify(s, p)
    s.call("list_patient_appointments", masked=["status"], patient_id=pid)
    res = s.call("cancel_appointment", appointment_id=a["appointment_id"], reason="schedule_conflict",
                 accept_late_fee=True)
    facts = dob_fact(p)
    facts["fee_decision"] = {"value": "Fine, I understand about the fee. Go ahead and cancel it.",
                             "keywords": ["fee", "charge", "confirm", "proceed", "go ahead", "agree"]}
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. I have a scheduling conflict with my "
                           f"{time_text(a['starts_at'])} appointment tomorrow morning. Can you move it to sometime next "
                           "week? If it can't be moved, then just cancel it.",
            "user_facts": facts, "outputs": [f"{res['late_cancellation_fee']:.2f}"],
            "tags": ["write", "reschedule", "cancel", "late_fee", "confirm"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    next_appointment, balance_question, referral_visits_left, dermatologists_taking_patients, copay_question,
    book_with_pcp_next_week, late_cancel_confirmed, late_cancel_declined, cancel_no_fee, reschedule_specialist,
    reschedule_limit, referral_expiry_latest_slot, pay_balance_then_book, balance_blocks_booking, check_in_and_pay,
    check_in_too_early, waive_first_time, waive_already_used, insurance_update_requote, insurance_out_of_network,
    request_missing_referral, full_class_next_one, cancel_and_book_telehealth, self_pay_then_book,
    closed_panel_switch, physical_too_soon, reschedule_too_late_cancel,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"clinic-{i:03d}", tags=fields["tags"], outputs=fields["outputs"],
                   user_facts=fields["user_facts"], forbidden_calls=fields.get("forbidden_calls", []),
                   check_outputs=False)  # some outputs come from a refusal's message


if __name__ == "__main__":
    session = Session()
    # the other tasks already in the file (sampled ones) are kept after the flagship tasks
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: True, description=__doc__.splitlines()[0]))
