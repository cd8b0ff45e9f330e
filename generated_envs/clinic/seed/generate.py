"""Deterministic seed data for the clinic environment (Larkspur Health Partners, an outpatient clinic group).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``). Names come from Faker, pinned
to version 40.63.0 (other versions may draw other names), seeded with ``SEED``; everything else comes from
``random.Random(SEED)``. Running it twice gives byte-identical files.

The history is simulated forward in time so that the seed obeys the rules the tools enforce: slot capacity,
no overlapping visits, referrals (specialty, dates, visit counts), insurance coverage dates, annual physicals
once a year, copays from the patient's plan, late-cancellation and no-show fees, payments and waivers.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260414
NOW = datetime(2026, 4, 14, 9, 0, 0)
TODAY = NOW.date()
HISTORY_START = date(2026, 1, 5)
HORIZON_END = date(2026, 5, 22)
HERE = Path(__file__).resolve().parent
N_PATIENTS = 180

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

SITES = [
    ("SITE-1", "Larkspur Downtown Medical Pavilion", "1200 Alder Street", "Riverton", "(503) 555-0140",
     "Mon-Fri 07:30-17:30"),
    ("SITE-2", "Northgate Family Clinic", "88 Northgate Boulevard", "Riverton", "(503) 555-0162",
     "Mon-Fri 08:00-17:00"),
    ("SITE-3", "Eastbrook Specialty Center", "4150 Eastbrook Parkway, Suite 300", "Maple Heights",
     "(503) 555-0187", "Mon-Fri 07:30-18:00"),
    ("SITE-4", "Westmere Health Center", "27 Westmere Avenue", "Westmere", "(503) 555-0119",
     "Mon-Fri 08:00-17:00"),
]

# specialty, display name, tier, requires referral, offers physicals (as in tools.py), slot minutes, slots per day
SPECIALTIES = [
    ("family_medicine", "Family Medicine", "primary", False, True, 30, 4),
    ("internal_medicine", "Internal Medicine", "primary", False, True, 30, 4),
    ("cardiology", "Cardiology", "specialist", True, False, 40, 3),
    ("dermatology", "Dermatology", "specialist", True, False, 20, 3),
    ("endocrinology", "Endocrinology", "specialist", True, False, 40, 3),
    ("gastroenterology", "Gastroenterology", "specialist", True, False, 30, 3),
    ("orthopedics", "Orthopedics", "specialist", True, False, 30, 3),
    ("physical_therapy", "Physical Therapy", "specialist", True, False, 45, 3),
    ("nutrition", "Nutrition", "primary", False, False, 30, 3),
]
SPEC = {s[0]: s for s in SPECIALTIES}

# plan id, payer, plan name, type, contracted, primary, specialist, telehealth copay, member number prefix
PLANS = [
    ("PLN-11", "Cascadia Health", "Cascadia Health HMO Silver", "HMO", True, 25, 60, 15, "CAS"),
    ("PLN-12", "Cascadia Health", "Cascadia Health PPO Gold", "PPO", True, 20, 45, 10, "CAS"),
    ("PLN-21", "Evergreen Mutual", "Evergreen Mutual EPO Bronze", "EPO", True, 40, 80, 25, "EVM"),
    ("PLN-22", "Evergreen Mutual", "Evergreen Mutual PPO Plus", "PPO", True, 15, 40, 0, "EVM"),
    ("PLN-31", "Summit Senior Health", "Summit Senior Advantage", "Medicare Advantage", True, 0, 35, 0, "SSA"),
    ("PLN-41", "State of Oregon", "Oregon Community Care", "Medicaid", True, 0, 0, 0, "OCC"),
    ("PLN-51", "Harborline Benefits", "Harborline Employer Choice PPO", "PPO", True, 30, 50, 20, "HBL"),
    ("PLN-61", "Northstar Health", "Northstar Basic HMO", "HMO", False, 35, 75, 20, "NSH"),
    ("PLN-62", "Pinnacle Direct", "Pinnacle Direct Indemnity", "PPO", False, 25, 50, 15, "PDI"),
    ("PLN-90", "Larkspur Health Partners", "Self-pay", "Self-pay", True, 140, 220, 90, ""),
]
PLAN = {p[0]: p for p in PLANS}
INSURED_WEIGHTS = [("PLN-11", 18), ("PLN-12", 16), ("PLN-21", 12), ("PLN-22", 14), ("PLN-41", 10),
                   ("PLN-51", 14), ("PLN-90", 6)]

# specialty, credentials, home site, accepting new patients, offers telehealth (one row per clinician)
CLINICIANS = [
    ("family_medicine", "MD", "SITE-1", True, True),
    ("family_medicine", "DO", "SITE-2", False, True),
    ("family_medicine", "NP", "SITE-2", True, True),
    ("family_medicine", "MD", "SITE-4", True, False),
    ("family_medicine", "PA", "SITE-4", True, True),
    ("internal_medicine", "MD", "SITE-1", False, True),
    ("internal_medicine", "MD", "SITE-1", True, False),
    ("internal_medicine", "DO", "SITE-2", True, True),
    ("internal_medicine", "NP", "SITE-4", True, True),
    ("cardiology", "MD", "SITE-1", True, False),
    ("cardiology", "MD", "SITE-3", False, True),
    ("cardiology", "DO", "SITE-3", True, False),
    ("dermatology", "MD", "SITE-3", True, True),
    ("dermatology", "MD", "SITE-3", False, False),
    ("dermatology", "PA", "SITE-1", True, True),
    ("endocrinology", "MD", "SITE-3", True, True),
    ("endocrinology", "DO", "SITE-1", False, True),
    ("gastroenterology", "MD", "SITE-1", True, False),
    ("gastroenterology", "MD", "SITE-3", True, True),
    ("orthopedics", "MD", "SITE-3", True, False),
    ("orthopedics", "DO", "SITE-4", True, False),
    ("orthopedics", "MD", "SITE-3", False, False),
    ("physical_therapy", "DPT", "SITE-2", True, False),
    ("physical_therapy", "DPT", "SITE-3", True, True),
    ("physical_therapy", "DPT", "SITE-4", True, False),
    ("nutrition", "RD", "SITE-2", True, True),
    ("nutrition", "RD", "SITE-1", True, True),
]
CLASS_TITLES = ["Diabetes Nutrition Workshop", "Heart-Healthy Eating Class", "Weight Management Group"]
CANCEL_REASONS = ["schedule_conflict", "feeling_better", "transportation", "cost_concerns",
                  "seeing_another_provider", "other"]
WAIVER_REASONS = ["medical_emergency", "family_emergency", "severe_weather", "clinic_scheduling_error"]
LATE_CANCEL_FEE = {"primary": 40.0, "specialist": 75.0}
NO_SHOW_FEE = {"primary": 60.0, "specialist": 100.0}
EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com"]
AREA_CODES = ["503", "971", "360"]


def money(x: float) -> str:
    return f"{x:.2f}"


def ts(x: datetime | None) -> str:
    return x.strftime("%Y-%m-%d %H:%M:%S") if x else ""


def ds(x: date | None) -> str:
    return x.isoformat() if x else ""


def copay_for(plan_id: str, tier: str, mode: str, visit_kind: str) -> float:
    """The copay rule the tools use: annual physicals are free, telehealth has its own copay."""
    plan = PLAN[plan_id]
    if visit_kind == "annual_physical":
        return 0.0
    if mode == "telehealth":
        return float(plan[7])
    return float(plan[5] if tier == "primary" else plan[6])


class World:
    """The simulated clinic group: rows of every table, built forward in time."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fake = Faker("en_US")
        self.fake.seed_instance(seed)
        self.rows: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.busy: dict[str, set[tuple[datetime, datetime]]] = {}
        self.visits: dict[str, list[tuple[date, str]]] = {}  # patient -> (day, specialty) of their visits
        self.physicals: dict[str, list[date]] = {}
        self.seen_by: dict[str, set[str]] = {}  # patient -> clinicians with a completed visit
        self.counters = {"slot": 40000, "appt": 60000, "ref": 7000, "chg": 80000, "pay": 90000}

    def next_id(self, kind: str, prefix: str) -> str:
        self.counters[kind] += 1
        return f"{prefix}{self.counters[kind]}"

    # -- reference data --------------------------------------------------------------------------------

    def reference(self) -> None:
        for s in SITES:
            self.rows["sites"].append(dict(zip(COLUMNS["sites"], s)))
        for p in PLANS:
            self.rows["insurance_plans"].append({
                "plan_id": p[0], "payer": p[1], "plan_name": p[2], "plan_type": p[3],
                "contracted": str(p[4]).lower(), "primary_copay": money(p[5]), "specialist_copay": money(p[6]),
                "telehealth_copay": money(p[7])})
        used: set[str] = set()
        self.clinicians: list[dict[str, Any]] = []
        for i, (spec, cred, site, accepting, tele) in enumerate(CLINICIANS):
            while True:
                first, last = self.fake.first_name(), self.fake.last_name()
                if last not in used:
                    used.add(last)
                    break
            c = {"clinician_id": f"CLN-{201 + i}", "name": f"{first} {last}", "credentials": cred,
                 "specialty": spec, "site_id": site, "accepting_new_patients": str(accepting).lower(),
                 "offers_telehealth": str(tele).lower()}
            c["_days"] = sorted(self.rng.sample(range(5), 2))
            self.clinicians.append(c)
            self.rows["clinicians"].append(c)

    # -- patients ---------------------------------------------------------------------------------------

    def patients(self) -> None:
        pcps = [c["clinician_id"] for c in self.clinicians if SPEC[c["specialty"]][4]]
        names: set[tuple[str, str]] = set()
        self.patient_list: list[dict[str, Any]] = []
        for i in range(N_PATIENTS):
            while True:
                first, last = self.fake.first_name(), self.fake.last_name()
                if (first, last) not in names:
                    names.add((first, last))
                    break
            dob = date(1938, 1, 1) + timedelta(days=self.rng.randrange(365 * 69))
            age = (TODAY - dob).days // 365
            if age >= 65 and self.rng.random() < 0.75:
                plan = "PLN-31"
            else:
                plan = self.rng.choices([p for p, _ in INSURED_WEIGHTS], [w for _, w in INSURED_WEIGHTS])[0]
            member = None
            if plan != "PLN-90":
                member = f"{PLAN[plan][8]}{self.rng.randrange(10**8, 10**9)}"
            coverage_end = None
            roll = self.rng.random()
            if plan != "PLN-90" and roll < 0.07:
                coverage_end = self.rng.choice([date(2026, 1, 31), date(2026, 2, 28), date(2026, 3, 31)])
            elif plan != "PLN-90" and roll < 0.11:
                coverage_end = self.rng.choice([date(2026, 4, 30), date(2026, 5, 15)])
            pcp = self.rng.choice(pcps) if self.rng.random() < 0.9 else None
            sep = self.rng.choice([".", "_", ""])
            email = f"{first}{sep}{last}{self.rng.choice(['', str(self.rng.randrange(10, 99))])}".lower()
            p = {"patient_id": f"PT-{1001 + i}", "first_name": first, "last_name": last,
                 "date_of_birth": dob.isoformat(),
                 "phone": f"{self.rng.choice(AREA_CODES)}-{self.rng.randrange(200, 999)}-"
                          f"{self.rng.randrange(10000):04d}",
                 "email": f"{email}@{self.rng.choice(EMAIL_DOMAINS)}", "plan_id": plan, "member_number": member,
                 "coverage_end": coverage_end, "primary_clinician_id": pcp,
                 "registered_on": date(2019, 1, 1) + timedelta(days=self.rng.randrange(2400))}
            p["_covered_until"] = coverage_end or date(2099, 1, 1)
            self.patient_list.append(p)
            self.rows["patients"].append(p)
            self.busy[p["patient_id"]] = set()
            self.visits[p["patient_id"]] = []
            self.physicals[p["patient_id"]] = []
            self.seen_by[p["patient_id"]] = set()
        self.by_pcp: dict[str, list[dict[str, Any]]] = {}
        for p in self.patient_list:
            if p["primary_clinician_id"]:
                self.by_pcp.setdefault(p["primary_clinician_id"], []).append(p)

    # -- referrals --------------------------------------------------------------------------------------

    def referrals(self) -> None:
        specialist = [s[0] for s in SPECIALTIES if s[3]]
        weights = {"cardiology": 3, "dermatology": 4, "endocrinology": 2, "gastroenterology": 2,
                   "orthopedics": 3, "physical_therapy": 3}
        primary = [c["clinician_id"] for c in self.clinicians if SPEC[c["specialty"]][4]]
        self.active_refs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for p in self.patient_list:
            n = self.rng.choices([0, 1, 2], [30, 45, 25])[0]
            specs = self.rng.sample(specialist, n, counts=[weights[s] for s in specialist]) if n else []
            for spec in dict.fromkeys(specs):
                referrer = p["primary_clinician_id"] or self.rng.choice(primary)
                requested = date(2025, 10, 20) + timedelta(days=self.rng.randrange(170))
                kind = self.rng.random()
                ref = {"referral_id": self.next_id("ref", "REF-"), "patient_id": p["patient_id"], "specialty": spec,
                       "referring_clinician_id": referrer, "requested_on": requested, "visits_used": 0}
                if kind < 0.4 and requested >= date(2026, 3, 25):
                    ref.update(status="requested", issued_on=None, expires_on=None, visits_authorized=0)
                elif kind < 0.09:
                    ref.update(status="declined", issued_on=None, expires_on=None, visits_authorized=0)
                else:
                    issued = requested + timedelta(days=self.rng.randrange(1, 6))
                    days = self.rng.choice([60, 90, 90, 120, 180])
                    visits = self.rng.choice([8, 10, 12]) if spec == "physical_therapy" else \
                        self.rng.choice([2, 3, 4, 4, 6, 6])
                    ref.update(status="active", issued_on=issued, expires_on=issued + timedelta(days=days),
                               visits_authorized=visits)
                    self.active_refs.setdefault((p["patient_id"], spec), []).append(ref)
                self.rows["referrals"].append(ref)

    # -- schedules and appointments ---------------------------------------------------------------------

    def schedule(self) -> None:
        day = HISTORY_START
        while day <= HORIZON_END:
            if day.weekday() < 5:
                for c in self.clinicians:
                    if day.weekday() in c["_days"]:
                        self.clinic_day(c, day)
            day += timedelta(days=1)

    def book_probability(self, day: date, specialist: bool) -> float:
        scale = 0.6 if specialist else 1.0  # fewer patients hold a referral than need primary care
        if day < TODAY:
            return 0.22 * scale
        offset = (day - TODAY).days
        return scale * (0.8 if offset == 0 else 0.55 if offset <= 7 else 0.32 if offset <= 14 else 0.14)

    def clinic_day(self, c: dict[str, Any], day: date) -> None:
        spec = SPEC[c["specialty"]]
        minutes, per_day = spec[5], spec[6]
        grid = []
        t = datetime(day.year, day.month, day.day, 8, 0)
        while t + timedelta(minutes=minutes) <= datetime(day.year, day.month, day.day, 16, 30):
            if not (12 <= t.hour < 13):
                grid.append(t)
            t += timedelta(minutes=minutes)
        starts = self.rng.sample(grid, per_day)
        if day == TODAY:  # the desk sees patients arriving for the morning's visits
            morning = [t for t in grid if 8 * 60 + 40 <= t.hour * 60 + t.minute <= 10 * 60]
            if morning and not set(starts) & set(morning):
                starts[0] = self.rng.choice(morning)
        starts.sort()
        if c["specialty"] == "nutrition" and day.weekday() == c["_days"][0]:
            title = CLASS_TITLES[(day.isocalendar()[1] + int(c["clinician_id"][-1])) % len(CLASS_TITLES)]
            self.group_class(c, datetime(day.year, day.month, day.day, 12, 0), title)
        for start in starts:
            mode = "telehealth" if c["offers_telehealth"] == "true" and self.rng.random() < 0.3 else "in_person"
            slot = self.add_slot(c, start, minutes, mode, 1, None)
            morning = day == TODAY and NOW - timedelta(minutes=20) <= start <= NOW + timedelta(hours=1)
            filled = (morning or self.rng.random() < self.book_probability(day, spec[3])) and self.fill(slot, c, morning)
            if not filled and day < TODAY:
                self.rows["slots"].pop()  # an unbooked past slot is of no interest to anyone
                self.counters["slot"] -= 1

    def add_slot(self, c: dict[str, Any], start: datetime, minutes: int, mode: str, capacity: int,
                 title: str | None) -> dict[str, Any]:
        slot = {"slot_id": self.next_id("slot", "SL-"), "clinician_id": c["clinician_id"], "site_id": c["site_id"],
                "starts_at": start, "duration_min": minutes, "mode": mode, "capacity": capacity,
                "session_title": title}
        self.rows["slots"].append(slot)
        return slot

    def group_class(self, c: dict[str, Any], start: datetime, title: str) -> None:
        capacity = self.rng.choice([6, 8, 8, 10])
        slot = self.add_slot(c, start, 60, "in_person", capacity, title)
        offset = (start.date() - TODAY).days
        if offset < 0:
            attendees = self.rng.randint(2, 5)
        elif offset <= 10 and not getattr(self, f"_full_{c['clinician_id']}", False):
            attendees = capacity  # the nearest class of each dietitian is fully booked
            setattr(self, f"_full_{c['clinician_id']}", True)
        else:
            attendees = self.rng.randint(1, capacity - 1)
        full = attendees == capacity
        for _ in range(attendees * 4):
            if attendees <= 0:
                break
            if self.fill(slot, c, keep=full) not in (None, "cancelled"):
                attendees -= 1

    def candidates(self, slot: dict[str, Any], c: dict[str, Any]) -> list[tuple[dict[str, Any], Any]]:
        """Patients who may take ``slot`` (with the referral that covers it), under the booking rules."""
        start = slot["starts_at"]
        spec = SPEC[c["specialty"]]
        out = []
        if spec[3]:
            for (pid, sp), refs in self.active_refs.items():
                if sp != c["specialty"]:
                    continue
                for ref in refs:
                    if ref["issued_on"] < start.date() - timedelta(days=2) and start.date() <= ref["expires_on"] \
                            and ref["visits_used"] < ref["visits_authorized"]:
                        out.append((self.patient_index[pid], ref))
                        break
        elif spec[4] and self.rng.random() < 0.85 and self.by_pcp.get(c["clinician_id"]):
            out = [(p, None) for p in self.by_pcp[c["clinician_id"]]]
        elif c["accepting_new_patients"] == "true":
            out = [(p, None) for p in self.rng.sample(self.patient_list, 25)]
        else:
            out = [(p, None) for p in self.by_pcp.get(c["clinician_id"], [])]
        end = start + timedelta(minutes=slot["duration_min"])
        gap = 3 if c["specialty"] == "physical_therapy" else 7
        return [(p, r) for p, r in out if start.date() <= p["_covered_until"]
                and not any(s < end and start < e for s, e in self.busy[p["patient_id"]])
                and not any(sp == c["specialty"] and abs((d - start.date()).days) < gap
                            for d, sp in self.visits[p["patient_id"]])]

    def fill(self, slot: dict[str, Any], c: dict[str, Any], keep: bool = False) -> str | None:
        """Book a fitting patient into ``slot``; return the appointment's status (None: nobody fits).

        ``keep``: the visit is not cancelled (a fully booked class, the morning the desk is checking in).
        """
        options = self.candidates(slot, c)
        options = [o for o in options if o[0]["patient_id"] not in slot.get("_taken", set())]
        if not options:
            return None
        patient, ref = self.rng.choice(options)
        slot.setdefault("_taken", set()).add(patient["patient_id"])
        return self.appointment(slot, c, patient, ref, keep)

    def appointment(self, slot: dict[str, Any], c: dict[str, Any], p: dict[str, Any], ref: Any,
                    keep: bool = False) -> str:
        start = slot["starts_at"]
        end = start + timedelta(minutes=slot["duration_min"])
        spec = SPEC[c["specialty"]]
        pid = p["patient_id"]
        kind = "standard"
        if spec[4] and slot["mode"] == "in_person" and self.rng.random() < 0.25 and all(
                abs((start.date() - d).days) >= 365 for d in self.physicals[pid]):
            kind = "annual_physical"
        earliest = max(start - timedelta(days=35), datetime(2025, 12, 1, 8, 0))
        if ref is not None:
            earliest = max(earliest, datetime.combine(ref["issued_on"], datetime.min.time()) + timedelta(hours=9))
        latest = min(start - timedelta(hours=2), NOW - timedelta(minutes=30))
        booked = latest if latest <= earliest else \
            earliest + timedelta(minutes=self.rng.randrange(int((latest - earliest).total_seconds() // 60)))
        booked = booked.replace(second=0)
        copay = copay_for(p["plan_id"], spec[2], slot["mode"], kind)
        appt = {"appointment_id": self.next_id("appt", "APT-"), "patient_id": pid, "slot_id": slot["slot_id"],
                "visit_kind": kind, "referral_id": ref["referral_id"] if ref else None, "copay": money(copay),
                "booked_at": booked, "reschedule_count": 0, "checked_in_at": None, "cancelled_at": None,
                "cancel_reason": None}
        roll = self.rng.random()
        if end <= NOW:
            status = "completed" if roll < 0.83 or keep else "no_show" if roll < 0.89 else "cancelled"
            appt["reschedule_count"] = self.rng.choices([0, 1], [85, 15])[0]
        elif start <= NOW:
            status = "checked_in"
        else:
            status = "booked" if roll < 0.9 or keep else "cancelled"
            appt["reschedule_count"] = self.rng.choices([0, 1, 2], [74, 17, 9])[0]
        appt["status"] = status
        tier = spec[2]
        if status == "cancelled":
            appt["cancelled_at"], late = self.cancel_time(booked, start)
            appt["cancel_reason"] = self.rng.choice(CANCEL_REASONS)
            if late:
                self.charge(appt, "late_cancel_fee", LATE_CANCEL_FEE[tier], appt["cancelled_at"], fee=True)
        else:
            self.busy[pid].add((start, end))
            self.visits[pid].append((start.date(), c["specialty"]))
            if ref is not None:
                ref["visits_used"] += 1
            if kind == "annual_physical":
                self.physicals[pid].append(start.date())
        if status in ("completed", "checked_in"):
            appt["checked_in_at"] = (start - timedelta(minutes=self.rng.randrange(3, 20))).replace(second=0)
            if copay > 0:
                self.charge(appt, "copay", copay, appt["checked_in_at"], fee=False)
            if status == "completed":
                self.seen_by[pid].add(c["clinician_id"])
        if status == "no_show":
            self.charge(appt, "no_show_fee", NO_SHOW_FEE[tier],
                        datetime(start.year, start.month, start.day, 17, 30), fee=True)
        self.rows["appointments"].append(appt)
        return status

    def cancel_time(self, booked: datetime, start: datetime) -> tuple[datetime, bool]:
        """When a visit was cancelled, and whether that was less than 24 hours before its start."""
        limit = min(start, NOW) - timedelta(minutes=5)
        if self.rng.random() < (0.35 if start <= NOW else 0.15):
            late = start - timedelta(minutes=self.rng.randrange(60, 23 * 60))
            if booked < late < limit:
                return late.replace(second=0), True
        early_end = min(start - timedelta(hours=25), limit)
        if early_end <= booked:
            cancelled = (booked + (limit - booked) / 2).replace(second=0, microsecond=0)
            return cancelled, start - cancelled < timedelta(hours=24)
        span = int((early_end - booked).total_seconds() // 60)
        return (booked + timedelta(minutes=self.rng.randrange(max(1, span)))).replace(second=0), False

    def charge(self, appt: dict[str, Any], kind: str, amount: float, created: datetime, fee: bool) -> None:
        ch = {"charge_id": self.next_id("chg", "CHG-"), "patient_id": appt["patient_id"],
              "appointment_id": appt["appointment_id"], "kind": kind, "amount": money(amount),
              "created_at": created, "resolved_at": None, "payment_id": None, "waiver_reason": None}
        age = (NOW - created).days
        roll = self.rng.random()
        if fee:
            status = "waived" if roll < 0.14 else "paid" if roll < 0.6 and age > 3 else "open"
        else:
            status = "open" if roll < (0.3 if age < 21 else 0.05) else "paid"
        ch["status"] = status
        if status == "waived":
            resolved = created + timedelta(days=self.rng.randint(1, 6), hours=self.rng.randint(0, 5))
            ch["resolved_at"] = min(resolved, NOW - timedelta(hours=1)).replace(second=0)
            ch["waiver_reason"] = self.rng.choice(WAIVER_REASONS)
        elif status == "paid":
            paid = created if kind == "copay" and self.rng.random() < 0.7 else \
                created + timedelta(days=self.rng.randint(1, 20), hours=self.rng.randint(0, 6))
            paid = min(paid, NOW - timedelta(hours=1)).replace(second=0)
            pay = {"payment_id": self.next_id("pay", "PAY-"), "patient_id": appt["patient_id"],
                   "amount": money(amount),
                   "method": self.rng.choices(["card", "hsa_card", "cash", "check"], [60, 22, 12, 6])[0],
                   "paid_at": paid}
            self.rows["payments"].append(pay)
            ch["resolved_at"], ch["payment_id"] = paid, pay["payment_id"]
        self.rows["charges"].append(ch)

    def build(self) -> None:
        self.reference()
        self.patients()
        self.patient_index = {p["patient_id"]: p for p in self.patient_list}
        self.referrals()
        self.schedule()
        self.one_waiver_per_year()
        for ref in self.rows["referrals"]:
            if ref["status"] == "active" and ref["expires_on"] < TODAY:
                ref["status"] = "expired"
        self.rows["slots"].sort(key=lambda s: s["slot_id"])
        self.rows["appointments"].sort(key=lambda a: a["appointment_id"])
        self.rows["charges"].sort(key=lambda ch: ch["charge_id"])
        self.rows["payments"].sort(key=lambda pm: pm["payment_id"])

    def one_waiver_per_year(self) -> None:
        """The courtesy waiver is once a year per patient: later waivers of the same patient stay open."""
        waived: set[str] = set()
        for ch in sorted(self.rows["charges"], key=lambda c: (c["resolved_at"] or NOW, c["charge_id"])):
            if ch["status"] != "waived":
                continue
            if ch["patient_id"] in waived:
                ch.update(status="open", resolved_at=None, waiver_reason=None)
            waived.add(ch["patient_id"])


def write(out: Path, rows: dict[str, list[dict[str, Any]]]) -> None:
    write_seed(out, HERE.parent / "schema.sql", rows, cell=lambda value, table, column: _cell(value),
               partial_rows=True)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return ts(value)
    if isinstance(value, date):
        return ds(value)
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: this folder)")
    args = parser.parse_args()
    world = World(SEED)
    world.build()
    write(args.out, world.rows)


if __name__ == "__main__":
    main()
