"""Deterministic seed data for the vetcare environment (Hollowbrook Veterinary Partners, three animal hospitals).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Owner names come from Faker (pinned 40.63.0, seeded); everything else from
``random.Random(SEED)``. Figures follow ``tools.py``: kennel sizes by species and weight, boarding capacity per
night, vaccine due dates from each vaccine's validity, plan visits, refill counts and fills.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.kit import money
from envfactory_gym.authoring.seed import write_seed

SEED = 20260513
NOW = datetime(2026, 5, 13, 9, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
FIRST_SLOT_DAY, LAST_SLOT_DAY = date(2026, 4, 1), date(2026, 6, 12)
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

HOSPITALS = [  # id, name, street, city, phone, hours, condo, small, medium, large
    ("HOS-1", "Hollowbrook Riverside Animal Hospital", "14 Pine Street", "Burlington", "(802) 555-0141",
     "Mon-Sat 8:00-17:00", 8, 6, 6, 4),
    ("HOS-2", "Hollowbrook Maple Hill Veterinary", "220 Barre Street", "Montpelier", "(802) 555-0172",
     "Mon-Sat 8:00-17:00", 6, 4, 5, 3),
    ("HOS-3", "Hollowbrook Otter Creek Pet Hospital", "9 Center Street", "Rutland", "(802) 555-0193",
     "Mon-Sat 8:00-17:00", 5, 4, 4, 4),
]
CITIES = {"HOS-1": ["Burlington", "South Burlington", "Winooski", "Essex Junction"],
          "HOS-2": ["Montpelier", "Barre", "Waterbury"],
          "HOS-3": ["Rutland", "Brandon", "Castleton"]}
KENNEL_SIZES = [  # code, name, species, min kg, max kg, nightly rate
    ("CONDO", "Cat condo", "cat", 0, 15, 38.00),
    ("SMALL", "Small kennel", "dog,rabbit", 0, 10, 42.00),
    ("MEDIUM", "Medium run", "dog", 10, 25, 48.00),
    ("LARGE", "Large run", "dog", 25, 100, 58.00),
]
STAFF = [  # id, name, role, hospital, species, work days
    ("VET-11", "Dr. Naomi Castellanos", "veterinarian", "HOS-1", "dog,cat", "Mon,Tue,Wed,Thu"),
    ("VET-12", "Dr. Peter Lindqvist", "veterinarian", "HOS-1", "dog,cat,rabbit", "Tue,Wed,Fri,Sat"),
    ("VET-13", "Dr. Aisha Okafor", "veterinarian", "HOS-1", "cat", "Mon,Wed,Thu,Fri"),
    ("GRM-14", "Holly Brandt", "groomer", "HOS-1", "dog,cat", "Tue,Wed,Thu,Fri,Sat"),
    ("VET-21", "Dr. Samuel Whitcombe", "veterinarian", "HOS-2", "dog,cat", "Mon,Tue,Thu,Fri"),
    ("VET-22", "Dr. Rosa Delgado", "veterinarian", "HOS-2", "dog,cat,rabbit", "Mon,Wed,Thu,Sat"),
    ("GRM-23", "Tobias Greer", "groomer", "HOS-2", "dog", "Tue,Wed,Fri,Sat"),
    ("VET-31", "Dr. Miriam Hale", "veterinarian", "HOS-3", "dog,cat", "Mon,Tue,Wed,Fri"),
    ("VET-32", "Dr. Owen Fairbanks", "veterinarian", "HOS-3", "dog,cat,rabbit", "Tue,Thu,Fri,Sat"),
    ("GRM-33", "Lena Marsh", "groomer", "HOS-3", "dog,cat", "Mon,Wed,Thu,Sat"),
]
VISIT_TYPES = [  # code, name, slot kind, minutes, species, fee, deposit, plan, vaccines, recent exam
    ("WELLNESS_EXAM", "Wellness exam", "exam", 30, "dog,cat,rabbit", 68.00, 0.00, True, False, False),
    ("SICK_VISIT", "Sick or injury visit", "exam", 30, "dog,cat,rabbit", 82.00, 0.00, False, False, False),
    ("VACCINE_VISIT", "Vaccine appointment", "exam", 30, "dog,cat,rabbit", 45.00, 0.00, True, False, False),
    ("DENTAL_CLEANING", "Dental cleaning under anesthesia", "procedure", 120, "dog,cat", 420.00, 100.00, False,
     False, True),
    ("SPAY_NEUTER", "Spay or neuter surgery", "procedure", 120, "dog,cat,rabbit", 480.00, 150.00, False, False,
     True),
    ("BATH_AND_TIDY", "Bath and tidy", "grooming", 90, "dog,cat", 58.00, 20.00, False, True, False),
    ("FULL_GROOM", "Full groom and haircut", "grooming", 90, "dog", 89.00, 25.00, False, True, False),
    ("NAIL_TRIM", "Nail trim", "grooming", 30, "dog,cat,rabbit", 22.00, 0.00, False, False, False),
]
VACCINES = [  # code, name, species, valid months, boarding, grooming
    ("DOG_RABIES", "Rabies (dog)", "dog", 36, True, True),
    ("DOG_DHPP", "DHPP (distemper, hepatitis, parvovirus, parainfluenza)", "dog", 36, True, False),
    ("DOG_BORDETELLA", "Bordetella (kennel cough)", "dog", 12, True, True),
    ("DOG_LEPTO", "Leptospirosis", "dog", 12, False, False),
    ("CAT_RABIES", "Rabies (cat)", "cat", 12, True, True),
    ("CAT_FVRCP", "FVRCP (feline distemper combo)", "cat", 36, True, False),
    ("CAT_FELV", "Feline leukemia (FeLV)", "cat", 12, False, False),
    ("RABBIT_RHDV", "RHDV2 (rabbit hemorrhagic disease)", "rabbit", 12, True, False),
]
PLANS = [  # code, name, species, min months, max months, monthly fee, visits
    ("PUPPY_START", "Puppy Start", "dog", 0, 12, 39.00, 4),
    ("ADULT_DOG", "Adult Dog Care", "dog", 12, 96, 29.00, 2),
    ("SENIOR_DOG", "Senior Dog Care", "dog", 96, 400, 45.00, 3),
    ("KITTEN_START", "Kitten Start", "cat", 0, 12, 35.00, 4),
    ("ADULT_CAT", "Adult Cat Care", "cat", 12, 120, 25.00, 2),
    ("SENIOR_CAT", "Senior Cat Care", "cat", 120, 400, 42.00, 3),
    ("BUNNY_BASICS", "Bunny Basics", "rabbit", 0, 400, 19.00, 2),
]
DOG_BREEDS = [("Labrador Retriever", 25, 36), ("Golden Retriever", 25, 34), ("German Shepherd", 28, 40),
              ("Beagle", 9, 13), ("French Bulldog", 8, 13), ("Dachshund", 5, 11), ("Border Collie", 14, 20),
              ("Boxer", 24, 32), ("Cavalier King Charles Spaniel", 6, 9), ("Australian Shepherd", 16, 29),
              ("Shih Tzu", 4, 7.5), ("Bernese Mountain Dog", 35, 50), ("Mixed breed", 5, 35),
              ("Pembroke Welsh Corgi", 10, 14), ("Standard Poodle", 18, 30), ("Chihuahua", 1.5, 3),
              ("Siberian Husky", 18, 27), ("Miniature Schnauzer", 5, 9)]
CAT_BREEDS = [("Domestic Shorthair", 3.5, 6.5), ("Domestic Longhair", 3.5, 6.5), ("Maine Coon", 5, 9),
              ("Siamese", 3, 5), ("Ragdoll", 4.5, 8), ("Bengal", 4, 7)]
RABBIT_BREEDS = [("Holland Lop", 1.2, 2), ("Netherland Dwarf", 0.8, 1.2), ("Mini Rex", 1.5, 2.2)]
PET_NAMES = ["Biscuit", "Luna", "Milo", "Bella", "Cooper", "Daisy", "Maple", "Juniper", "Otis", "Pepper", "Rosie",
             "Finn", "Willow", "Moose", "Hazel", "Scout", "Clover", "Ziggy", "Nala", "Bentley", "Olive", "Tucker",
             "Poppy", "Gus", "Winnie", "Louie", "Mochi", "Sage", "Rocco", "Pickles", "Ember", "Bodhi", "Freya",
             "Chester", "Nova", "Marley", "Ruby", "Jasper", "Tilly", "Bruno", "Cleo", "Murphy", "Piper", "Toast",
             "Hank", "Koda", "Lulu", "Waffles", "Sprout", "Bramble", "Ollie", "Penny", "Remy", "Sadie", "Theo"]
DRUGS = [  # drug, strength, species, quantity, days supply, price, controlled
    ("Carprofen", "75 mg chewable tablet", "dog", 60, 30, 41.50, False),
    ("Apoquel (oclacitinib)", "16 mg tablet", "dog", 30, 30, 74.00, False),
    ("Heartgard Plus", "chewable for 26-50 lb dogs", "dog", 6, 180, 68.00, False),
    ("Levothyroxine", "0.5 mg tablet", "dog", 60, 30, 22.00, False),
    ("Enalapril", "5 mg tablet", "dog", 60, 30, 19.50, False),
    ("Gabapentin", "100 mg capsule", "dog,cat", 60, 30, 24.00, True),
    ("Tramadol", "50 mg tablet", "dog", 30, 15, 18.00, True),
    ("Phenobarbital", "16.2 mg tablet", "dog,cat", 60, 30, 21.00, True),
    ("Methimazole", "5 mg tablet", "cat", 60, 30, 26.00, False),
    ("Revolution Plus", "topical for 5.6-11 lb cats", "cat", 6, 180, 96.00, False),
    ("Prednisolone", "5 mg tablet", "cat", 30, 30, 14.00, False),
    ("Meloxicam oral suspension", "0.5 mg/mL, 15 mL bottle", "cat,rabbit", 1, 30, 28.00, False),
]
ESTIMATES = [("Dental cleaning with extractions", 480, 1150), ("Mass removal and biopsy", 650, 1400),
             ("Cruciate ligament repair (TPLO)", 3800, 5200), ("Abdominal ultrasound", 380, 520),
             ("Senior bloodwork and urinalysis panel", 190, 260), ("Foreign body surgery", 1800, 3200),
             ("Allergy testing", 320, 450)]
CANCEL_REASONS = ["schedule_conflict", "pet_feeling_better", "travel", "cost", "booked_by_mistake"]


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month, min(d.day, last))


def age_months(birth: date, on: date) -> int:
    return (on.year - birth.year) * 12 + on.month - birth.month - (on.day < birth.day)


def kennel_size(species: str, weight: float) -> str:
    for code, _, sp, lo, hi, _ in KENNEL_SIZES:
        if species in sp.split(",") and lo <= weight < hi:
            return code
    raise ValueError((species, weight))


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = defaultdict(list)

    def static(self) -> None:
        keys = ["hospital_id", "name", "street", "city", "phone", "hours", "condo_spaces", "small_kennels",
                "medium_kennels", "large_kennels"]
        self.t["hospitals"] = [dict(zip(keys, h)) for h in HOSPITALS]
        keys = ["size_code", "name", "species", "min_weight_kg", "max_weight_kg", "nightly_rate"]
        self.t["kennel_sizes"] = [dict(zip(keys, k)) for k in KENNEL_SIZES]
        keys = ["staff_id", "name", "role", "hospital_id", "species", "work_days"]
        self.t["staff"] = [dict(zip(keys, s)) for s in STAFF]
        keys = ["type_code", "name", "slot_kind", "duration_min", "species", "fee", "deposit", "plan_included",
                "needs_vaccines", "needs_recent_exam"]
        self.t["visit_types"] = [dict(zip(keys, v)) for v in VISIT_TYPES]
        keys = ["vaccine_code", "name", "species", "valid_months", "for_boarding", "for_grooming"]
        self.t["vaccines"] = [dict(zip(keys, v)) for v in VACCINES]
        keys = ["plan_code", "name", "species", "min_age_months", "max_age_months", "monthly_fee", "included_visits"]
        self.t["wellness_plans"] = [dict(zip(keys, p)) for p in PLANS]

    def people(self) -> None:
        rng, fake = self.rng, self.fake
        seen: set[str] = set()
        pet_no = 3000
        for i in range(260):
            first, last = fake.first_name(), fake.last_name()
            home = rng.choices(["HOS-1", "HOS-2", "HOS-3"], [45, 30, 25])[0]
            email = f"{first.lower()}.{last.lower()}{rng.randint(1, 99)}@{rng.choice(['example.com', 'example.net', 'mail.example.org'])}"
            if email in seen:
                email = email.replace("@", f"{i}@")
            seen.add(email)
            expired = rng.random() < 0.07
            exp = f"{rng.choice([2025, 2026])}-{rng.randint(1, 4):02d}" if expired else \
                f"{rng.randint(2026, 2030)}-{rng.randint(1, 12):02d}"
            if not expired and exp < "2026-06":
                exp = "2027-" + exp[5:]
            owner = {"owner_id": f"OWN-{2001 + i}", "first_name": first, "last_name": last, "email": email,
                     "phone": f"(802) 555-{rng.randint(1000, 9999)}", "city": rng.choice(CITIES[home]),
                     "card_brand": rng.choice(["Visa", "Visa", "Mastercard", "Amex", "Discover"]),
                     "card_last4": f"{rng.randint(0, 9999):04d}", "card_expires": exp,
                     "client_since": TODAY - timedelta(days=rng.randint(60, 3600)), "_home": home}
            self.t["owners"].append(owner)
            names: set[str] = set()
            for _ in range(rng.choices([1, 2, 3], [55, 30, 15])[0]):
                species = rng.choices(["dog", "cat", "rabbit"], [60, 33, 7])[0]
                breed, lo, hi = rng.choice({"dog": DOG_BREEDS, "cat": CAT_BREEDS, "rabbit": RABBIT_BREEDS}[species])
                name = rng.choice([n for n in PET_NAMES if n not in names])
                names.add(name)
                age_days = rng.choice([rng.randint(70, 360), rng.randint(365, 5400), rng.randint(365, 5400),
                                       rng.randint(365, 3000)])
                birth = TODAY - timedelta(days=age_days)
                weight = round(rng.uniform(lo, hi) * (0.35 + 0.65 * min(1, age_days / 330)), 1)
                if species == "dog" and abs(weight - 10) < 0.05 or abs(weight - 25) < 0.05:
                    weight += 0.3
                pet_no += 1
                self.t["pets"].append({
                    "pet_id": f"PET-{pet_no}", "owner_id": owner["owner_id"], "name": name, "species": species,
                    "breed": breed, "sex": rng.choice(["male", "female"]),
                    "neutered": age_days > 365 and rng.random() < 0.85 or age_days <= 365 and rng.random() < 0.15,
                    "birth_date": birth, "weight_kg": round(weight, 1), "last_exam_on": None,
                    "status": "deceased" if rng.random() < 0.03 else "active", "_home": home,
                    "_prior_exam": None if rng.random() < 0.08 else TODAY - timedelta(days=rng.randint(60, 700))})

    def vaccinations(self) -> None:
        rng = self.rng
        rows = []
        for p in self.t["pets"]:
            age = (TODAY - p["birth_date"]).days
            for code, _, sp, months, _, _ in VACCINES:
                if sp != p["species"] or rng.random() > {"DOG_LEPTO": 0.6, "CAT_FELV": 0.5}.get(code, 0.94):
                    continue
                if age < 80:
                    continue
                valid = add_months(TODAY, months) - TODAY
                span = min(valid.days + 75, age - 60)
                given = TODAY - timedelta(days=rng.randint(1, max(2, span)))
                doses = [given]
                while rng.random() < 0.6 and (doses[-1] - timedelta(days=valid.days)) > p["birth_date"] + timedelta(days=70):
                    doses.append(add_months(doses[-1], -months) - timedelta(days=rng.randint(0, 20)))
                for d in doses:
                    rows.append({"pet_id": p["pet_id"], "vaccine_code": code, "given_on": d,
                                 "due_on": add_months(d, months)})
        rows.sort(key=lambda r: (r["given_on"], r["pet_id"], r["vaccine_code"]))
        for i, r in enumerate(rows):
            self.t["vaccinations"].append({"vaccination_id": f"VX-{100001 + i}", **r})

    def enrollments(self) -> None:
        rng = self.rng
        n = 0
        self.active_plan: dict[str, dict[str, Any]] = {}
        for p in self.t["pets"]:
            if p["status"] != "active" or rng.random() > 0.32:
                continue
            start = TODAY - timedelta(days=rng.randint(5, 340))
            if start < p["birth_date"] + timedelta(days=56):
                continue
            months = age_months(p["birth_date"], start)
            plan = next(pl for pl in PLANS if pl[2] == p["species"] and pl[3] <= months < pl[4])
            if rng.random() < 0.25 and start - timedelta(days=365) > p["birth_date"] + timedelta(days=56):
                old_start = start - timedelta(days=365)
                om = age_months(p["birth_date"], old_start)
                old = next(pl for pl in PLANS if pl[2] == p["species"] and pl[3] <= om < pl[4])
                n += 1
                self.t["plan_enrollments"].append({
                    "enrollment_id": f"ENR-{5000 + n}", "pet_id": p["pet_id"], "plan_code": old[0],
                    "start_date": old_start, "end_date": start - timedelta(days=1),
                    "visits_used": rng.randint(max(0, old[6] - 2), old[6]), "status": "ended"})
            n += 1
            row = {"enrollment_id": f"ENR-{5000 + n}", "pet_id": p["pet_id"], "plan_code": plan[0],
                   "start_date": start, "end_date": add_months(start, 12) - timedelta(days=1),
                   "visits_used": rng.choice([0, 0, 1, 1, 2, plan[6]]) if (TODAY - start).days > 60 else 0,
                   "status": "active", "_included": plan[6], "_fee": plan[5], "_name": plan[1]}
            row["visits_used"] = min(row["visits_used"], plan[6])
            self.t["plan_enrollments"].append(row)
            self.active_plan[p["pet_id"]] = row

    def current_vaccines(self, pet_id: str, on: date, purpose: str) -> bool:
        pet = self.pet[pet_id]
        for code, _, sp, _, board, groom in VACCINES:
            if sp != pet["species"] or not (board if purpose == "boarding" else groom):
                continue
            due = max((v["due_on"] for v in self.vx[pet_id] if v["vaccine_code"] == code), default=None)
            if due is None or due <= on:
                return False
        return True

    def schedule(self) -> None:
        rng = self.rng
        self.pet = {p["pet_id"]: p for p in self.t["pets"]}
        self.vx: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for v in self.t["vaccinations"]:
            self.vx[v["pet_id"]].append(v)
        by_home: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for p in self.t["pets"]:
            if p["status"] == "active":
                by_home[p["_home"]].append(p)
        slot_no = 0
        visits = []
        busy: set[tuple[str, datetime]] = set()
        day = FIRST_SLOT_DAY
        while day <= LAST_SLOT_DAY:
            for s in STAFF:
                if DAYS[day.weekday()] not in s[5].split(","):
                    continue
                if s[2] == "groomer":
                    starts = [("grooming", time(h, m), 90) for h, m in ((8, 30), (10, 0), (11, 30), (13, 30), (15, 0))]
                else:
                    starts = [("procedure", time(8, 0), 120)] + [
                        ("exam", time(h, m), 30) for h, m in ((10, 0), (10, 30), (11, 0), (11, 30), (13, 30),
                                                              (14, 0), (14, 30), (15, 0), (15, 30), (16, 0))]
                for kind, t0, minutes in starts:
                    slot_no += 1
                    start = datetime.combine(day, t0)
                    slot = {"slot_id": f"SL-{slot_no:05d}", "staff_id": s[0], "hospital_id": s[3],
                            "slot_kind": kind, "starts_at": start, "ends_at": start + timedelta(minutes=minutes),
                            "status": "open"}
                    self.t["slots"].append(slot)
                    past = slot["ends_at"] <= NOW
                    days_ahead = (day - TODAY).days
                    p_book = 0.62 if past else (0.7 if days_ahead < 7 else 0.42 if days_ahead < 18 else 0.22)
                    if rng.random() > p_book:
                        continue
                    species = s[4].split(",")
                    pool = [p for p in by_home[s[3]] if p["species"] in species and p["birth_date"] < day - timedelta(days=60)]
                    types = [v for v in VISIT_TYPES if v[2] == kind]
                    for _ in range(8):
                        pet = rng.choice(pool)
                        vt = rng.choices(types, [4 if v[0] in ("WELLNESS_EXAM", "SICK_VISIT", "BATH_AND_TIDY") else 2
                                                 for v in types])[0]
                        if pet["species"] not in vt[4].split(",") or (pet["_home"], start) in busy:
                            continue
                        if vt[0] == "SPAY_NEUTER" and pet["neutered"]:
                            continue
                        if not past and vt[8] and not self.current_vaccines(pet["pet_id"], day, "grooming"):
                            continue
                        break
                    else:
                        continue
                    busy.add((pet["pet_id"], start))
                    visits.append((slot, pet, vt))
            day += timedelta(days=1)
        rows = []
        for slot, pet, vt in visits:
            start = slot["starts_at"]
            past = slot["ends_at"] <= NOW
            booked = min(start - timedelta(days=rng.randint(1, 35), hours=rng.randint(0, 8)),
                         NOW - timedelta(hours=rng.randint(3, 90)))
            status = rng.choices(["completed", "no_show", "cancelled"], [90, 4, 6])[0] if past else \
                rng.choices(["booked", "cancelled"], [92, 8])[0]
            plan = self.active_plan.get(pet["pet_id"])
            covered = bool(vt[7] and plan and plan["start_date"] <= start.date() and status != "cancelled"
                           and plan["visits_used"] < plan["_included"])
            if covered:
                plan["visits_used"] += 1
            row = {"pet_id": pet["pet_id"], "slot_id": slot["slot_id"], "type_code": vt[0], "status": status,
                   "fee": 0.0 if covered else vt[5], "deposit_paid": 0.0 if covered else vt[6],
                   "enrollment_id": plan["enrollment_id"] if covered else None,
                   "reschedule_count": rng.choices([0, 1, 2], [85, 11, 4])[0], "booked_at": booked,
                   "cancelled_at": None, "cancel_reason": None, "deposit_refunded": None, "_start": start}
            if status == "cancelled":
                at = booked + (start - booked) * rng.uniform(0.2, 0.97)
                at = min(at, NOW - timedelta(minutes=rng.randint(20, 600)))
                at = max(at, booked + timedelta(minutes=5))
                row.update(cancelled_at=at.replace(microsecond=0), cancel_reason=rng.choice(CANCEL_REASONS),
                           deposit_refunded=at <= start - timedelta(hours=24))
            else:
                slot["status"] = "booked"
            if status == "completed" and vt[2] != "grooming":
                if pet["last_exam_on"] is None or pet["last_exam_on"] < start.date():
                    pet["last_exam_on"] = start.date()
            rows.append(row)
        rows.sort(key=lambda r: (r["booked_at"], r["slot_id"]))
        for i, r in enumerate(rows):
            r["visit_id"] = f"VIS-{70001 + i}"
        self.visits = rows
        for p in self.t["pets"]:
            if p["last_exam_on"] is None:
                p["last_exam_on"] = p["_prior_exam"]

    def boarding(self) -> None:
        rng = self.rng
        cap = {h[0]: dict(zip(["CONDO", "SMALL", "MEDIUM", "LARGE"], h[6:10])) for h in HOSPITALS}
        used: dict[tuple[str, str, date], int] = defaultdict(int)
        rate = {k[0]: k[5] for k in KENNEL_SIZES}
        stays = []
        active = [p for p in self.t["pets"] if p["status"] == "active" and (TODAY - p["birth_date"]).days > 120]
        by_home: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
        for p in active:
            by_home[(p["_home"], kennel_size(p["species"], p["weight_kg"]))].append(p)
        pet_busy: dict[str, list[tuple[date, date]]] = defaultdict(list)

        def add(pet: dict[str, Any], hosp: str, start: date, nights: int, kind: str) -> bool:
            size = kennel_size(pet["species"], pet["weight_kg"])
            end = start + timedelta(days=nights)
            if any(a < end and start < b for a, b in pet_busy[pet["pet_id"]]):
                return False
            counts = kind != "cancelled"
            if counts and any(used[(hosp, size, start + timedelta(days=k))] >= cap[hosp][size] for k in range(nights)):
                return False
            if kind == "reserved" and not self.current_vaccines(pet["pet_id"], end, "boarding"):
                return False
            if counts:
                for k in range(nights):
                    used[(hosp, size, start + timedelta(days=k))] += 1
                pet_busy[pet["pet_id"]].append((start, end))
            booked = datetime.combine(start - timedelta(days=rng.randint(3, 50)), time(rng.randint(8, 19),
                                                                                          rng.choice([0, 15, 30, 45])))
            booked = min(booked, NOW - timedelta(hours=rng.randint(2, 60)))
            stay = {"pet_id": pet["pet_id"], "hospital_id": hosp, "size_code": size, "check_in": start,
                    "check_out": end, "nightly_rate": rate[size], "total": money(rate[size] * nights),
                    "status": kind, "booked_at": booked, "cancelled_at": None, "cancellation_fee": None}
            if kind == "cancelled":
                at = min(booked + (datetime.combine(start, time(8)) - booked) * rng.uniform(0.3, 0.98),
                         NOW - timedelta(hours=rng.randint(1, 30)))
                at = max(at, booked + timedelta(hours=1)).replace(microsecond=0)
                late = at.date() > start - timedelta(days=3)
                stay.update(cancelled_at=at, cancellation_fee=rate[size] if late else 0.0)
            stays.append(stay)
            return True

        # Sell-outs: Memorial Day weekend large runs at Riverside, cat condos at Maple Hill the next weekend.
        for hosp, size, start, nights in (("HOS-1", "LARGE", date(2026, 5, 22), 4), ("HOS-2", "CONDO", date(2026, 5, 29), 3)):
            pool = sorted(by_home[(hosp, size)], key=lambda p: p["pet_id"])
            rng.shuffle(pool)
            for pet in pool:
                if all(used[(hosp, size, start + timedelta(days=k))] >= cap[hosp][size] for k in range(nights)):
                    break
                add(pet, hosp, start, nights, "reserved")
        for kind, count, lo, hi in (("completed", 150, -70, -2), ("checked_in", 22, -6, 0), ("reserved", 110, 0, 45),
                                    ("cancelled", 30, -40, 40)):
            made = 0
            while made < count:
                hosp = rng.choices(["HOS-1", "HOS-2", "HOS-3"], [45, 30, 25])[0]
                size = rng.choices(["CONDO", "SMALL", "MEDIUM", "LARGE"], [30, 22, 26, 22])[0]
                if not by_home[(hosp, size)]:
                    continue
                pet = rng.choice(by_home[(hosp, size)])
                start = TODAY + timedelta(days=rng.randint(lo, hi))
                nights = rng.choices([1, 2, 3, 4, 5, 7, 10], [10, 25, 22, 15, 12, 10, 6])[0]
                end = start + timedelta(days=nights)
                if kind == "completed" and end > TODAY or kind == "checked_in" and end <= TODAY:
                    continue
                if kind == "checked_in" and start == TODAY:
                    continue
                if kind == "cancelled" and start < TODAY - timedelta(days=3) and rng.random() < 0.5:
                    pass
                made += add(pet, hosp, start, nights, kind)
        stays.sort(key=lambda s: (s["booked_at"], s["pet_id"]))
        for i, s in enumerate(stays):
            s["stay_id"] = f"KS-{8001 + i}"
        self.t["kennel_stays"] = stays

    def pharmacy(self) -> None:
        rng = self.rng
        vets_by_home = defaultdict(list)
        for s in STAFF:
            if s[2] == "veterinarian":
                vets_by_home[s[3]].append(s)
        rxs, fills = [], []
        for p in self.t["pets"]:
            if rng.random() > 0.45 or (TODAY - p["birth_date"]).days < 150:
                continue
            for drug in rng.sample([d for d in DRUGS if p["species"] in d[2].split(",")],
                                   k=min(rng.choice([1, 1, 2]), len([d for d in DRUGS if p["species"] in d[2].split(",")]))):
                vet = rng.choice([v for v in vets_by_home[p["_home"]] if p["species"] in v[4].split(",")])
                written = TODAY - timedelta(days=rng.randint(8, 430))
                authorized = rng.choice([0, 1, 2, 3, 5, 5, 11]) if not drug[6] else rng.choice([0, 1, 2])
                rx = {"pet_id": p["pet_id"], "staff_id": vet[0], "drug": drug[0], "strength": drug[1],
                      "quantity": drug[3], "days_supply": drug[4], "price": drug[5], "controlled": drug[6],
                      "refills_authorized": authorized, "refills_used": 0, "written_on": written,
                      "expires_on": written + timedelta(days=365),
                      "status": "discontinued" if rng.random() < 0.07 else "active", "_fills": [written]}
                day = written
                while rx["refills_used"] < authorized and rng.random() < 0.85:
                    day = day + timedelta(days=drug[4] + rng.randint(-4, 6))
                    if day >= TODAY or day > rx["expires_on"]:
                        break
                    rx["refills_used"] += 1
                    rx["_fills"].append(day)
                rxs.append(rx)
        rxs.sort(key=lambda r: (r["written_on"], r["pet_id"], r["drug"]))
        for i, rx in enumerate(rxs):
            rx["rx_id"] = f"RX-{60001 + i}"
            for k, d in enumerate(rx["_fills"]):
                fills.append({"rx_id": rx["rx_id"], "filled_on": d, "quantity": rx["quantity"], "price": rx["price"],
                              "kind": "original" if k == 0 else "refill", "_pet": rx["pet_id"]})
        fills.sort(key=lambda f: (f["filled_on"], f["rx_id"]))
        for i, f in enumerate(fills):
            f["fill_id"] = f"FIL-{90001 + i}"
        self.t["prescriptions"] = rxs
        self.fills = fills

    def estimates(self) -> None:
        rng = self.rng
        vets_by_home = defaultdict(list)
        for s in STAFF:
            if s[2] == "veterinarian":
                vets_by_home[s[3]].append(s)
        rows = []
        for p in self.t["pets"]:
            if p["status"] != "active" or p["species"] == "rabbit" or rng.random() > 0.3:
                continue
            desc, lo, hi = rng.choice(ESTIMATES)
            vet = rng.choice([v for v in vets_by_home[p["_home"]] if p["species"] in v[4].split(",")])
            created = TODAY - timedelta(days=rng.randint(0, 80))
            low = money(lo * rng.uniform(0.9, 1.1))
            high = money(max(low + 40, hi * rng.uniform(0.9, 1.1)))
            expires = created + timedelta(days=30)
            status = rng.choices(["pending", "approved", "declined"], [55, 30, 15])[0]
            rows.append({"pet_id": p["pet_id"], "staff_id": vet[0], "description": desc, "low_total": low,
                         "high_total": high, "created_on": created, "expires_on": expires, "status": status})
        rows.sort(key=lambda r: (r["created_on"], r["pet_id"]))
        for i, r in enumerate(rows):
            r["estimate_id"] = f"EST-{4001 + i}"
        self.t["estimates"] = rows

    def invoices(self) -> None:
        rng = self.rng
        owner_of = {p["pet_id"]: p["owner_id"] for p in self.t["pets"]}
        types = {v[0]: v for v in VISIT_TYPES}
        slots = {s["slot_id"]: s for s in self.t["slots"]}
        inv = []

        def add(pet_id: str, kind: str, desc: str, issued: date, amount: float, terms: int = 30) -> None:
            if amount <= 0:
                return
            inv.append({"owner_id": owner_of[pet_id], "pet_id": pet_id, "kind": kind, "description": desc,
                        "issued_on": issued, "due_on": issued + timedelta(days=terms), "amount": money(amount)})

        for v in self.visits:
            if v["status"] == "completed":
                add(v["pet_id"], "visit", types[v["type_code"]][1], slots[v["slot_id"]]["starts_at"].date(),
                    v["fee"] - v["deposit_paid"])
        for s in self.t["kennel_stays"]:
            if s["status"] == "completed":
                add(s["pet_id"], "boarding", f"Boarding, {(s['check_out'] - s['check_in']).days} night{'s' if (s['check_out'] - s['check_in']).days > 1 else ''}",
                    s["check_out"], s["total"])
            if s["status"] == "cancelled" and s["cancellation_fee"]:
                add(s["pet_id"], "cancellation", "Late boarding cancellation", s["cancelled_at"].date(),
                    s["cancellation_fee"], 14)
        rx = {r["rx_id"]: r for r in self.t["prescriptions"]}
        for f in self.fills:
            add(f["_pet"], "pharmacy", f"{rx[f['rx_id']]['drug']} {rx[f['rx_id']]['strength']}", f["filled_on"],
                f["price"], 14)
        for e in self.t["plan_enrollments"]:
            if e["status"] != "active":
                continue
            d = e["start_date"]
            while d <= TODAY:
                if (TODAY - d).days < 100:
                    add(e["pet_id"], "plan", f"{e['_name']} plan, monthly fee", d, e["_fee"], 14)
                d = add_months(d, 1)
        for e in self.t["estimates"]:
            if e["status"] == "approved":
                add(e["pet_id"], "estimate_deposit", f"Deposit for {e['description']}", e["created_on"],
                    money(e["low_total"] / 2), 14)
        inv.sort(key=lambda r: (r["issued_on"], r["owner_id"], r["kind"], r["description"]))
        late_owners = {o["owner_id"] for o in self.t["owners"] if rng.random() < 0.1}
        for i, r in enumerate(inv):
            r["invoice_id"] = f"INV-{30001 + i}"
            overdue = r["due_on"] < TODAY
            if overdue:
                keep_open = r["owner_id"] in late_owners and rng.random() < 0.5
            else:
                keep_open = rng.random() < 0.6
            r["status"] = "open" if keep_open else "paid"
            r["paid_on"] = None if keep_open else min(TODAY, r["issued_on"] + timedelta(days=rng.randint(0, 12)))
        self.t["invoices"] = inv

    def finish(self) -> None:
        self.t["visits"] = self.visits
        self.t["rx_fills"] = self.fills


def fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def build() -> dict[str, list[dict[str, Any]]]:
    w = World()
    w.static()
    w.people()
    w.vaccinations()
    w.enrollments()
    w.schedule()
    w.boarding()
    w.pharmacy()
    w.estimates()
    w.invoices()
    w.finish()
    return {t: [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows] for t, rows in w.t.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the vetcare environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
