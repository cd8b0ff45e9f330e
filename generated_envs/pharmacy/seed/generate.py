"""Deterministic seed data for the pharmacy environment (Cobblestone Pharmacy, five stores around Columbus, Ohio).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Names and streets come from Faker, pinned to version 40.63.0 and seeded; everything else from
``random.Random(SEED)``. The history follows the rules of ``tools.py``: refills counted against the prescription,
prescriptions expiring 90 days (schedule II), 6 months (III to V) or a year after writing, copays per 30-day supply
by formulary tier, delivery capacity per store and day, vaccination intervals.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import write_seed

SEED = 20260914
NOW = datetime(2026, 9, 14, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

# (id, name, street, city, zip, phone, opens, closes, delivery zips, deliveries per day)
STORES = [
    ("ST-1", "Cobblestone Pharmacy Short North", "812 N High St", "Columbus", "43215", "(614) 555-0181", "08:00",
     "21:00", "43215 43201", 6),
    ("ST-2", "Cobblestone Pharmacy Dublin", "65 W Bridge St", "Dublin", "43017", "(614) 555-0127", "09:00", "20:00",
     "43017 43016", 4),
    ("ST-3", "Cobblestone Pharmacy Westerville", "24 S State St", "Westerville", "43081", "(614) 555-0164", "08:00",
     "20:00", "43081 43082", 3),
    ("ST-4", "Cobblestone Pharmacy Grove City", "3990 Broadway", "Grove City", "43123", "(614) 555-0139", "09:00",
     "19:00", "43123", 2),
    ("ST-5", "Cobblestone Pharmacy Worthington", "680 High St", "Worthington", "43085", "(614) 555-0152", "09:00",
     "18:00", None, 0),
]
CITY_ZIPS = {"ST-1": ("Columbus", ["43215", "43201", "43206"]), "ST-2": ("Dublin", ["43017", "43016"]),
             "ST-3": ("Westerville", ["43081", "43082"]), "ST-4": ("Grove City", ["43123"]),
             "ST-5": ("Worthington", ["43085"])}
# (id, name, payer, tier 1, tier 2, tier 3 copay, tier 3 needs PA, covers vaccines)
PLANS = [
    ("PLN-1", "Buckeye Health Select PPO", "Buckeye Health", 10.00, 35.00, 70.00, True, True),
    ("PLN-2", "Meridian Choice HMO", "Meridian Health Partners", 5.00, 30.00, 60.00, True, True),
    ("PLN-3", "Lakeshore Mutual Basic", "Lakeshore Mutual", 15.00, 45.00, 90.00, False, False),
    ("PLN-4", "Ohio Valley Senior Rx", "Ohio Valley Benefits", 3.00, 40.00, 95.00, True, True),
    ("PLN-5", "Ridgeline Employer Plan", "Ridgeline Benefits", 12.00, 40.00, 80.00, False, True),
    ("PLN-6", "StateCare Community Plan", "StateCare Ohio", 1.00, 3.00, 3.00, True, True),
]
# (name, strength, form, schedule, tier, unit cash price, allergy class, refrigerated, qty, days, directions, weight)
DRUGS = [
    ("atorvastatin", "20 mg", "tablet", "none", 1, 0.45, "none", False, 30, 30, "Take 1 tablet by mouth at bedtime", 9),
    ("lisinopril", "10 mg", "tablet", "none", 1, 0.30, "none", False, 30, 30, "Take 1 tablet by mouth daily", 9),
    ("metformin", "500 mg", "tablet", "none", 1, 0.25, "none", False, 60, 30, "Take 1 tablet by mouth twice daily with meals", 8),
    ("levothyroxine", "50 mcg", "tablet", "none", 1, 0.40, "none", False, 30, 30, "Take 1 tablet by mouth every morning on an empty stomach", 7),
    ("amlodipine", "5 mg", "tablet", "none", 1, 0.28, "none", False, 30, 30, "Take 1 tablet by mouth daily", 7),
    ("sertraline", "50 mg", "tablet", "none", 1, 0.50, "none", False, 30, 30, "Take 1 tablet by mouth daily", 6),
    ("omeprazole", "20 mg", "capsule", "none", 1, 0.55, "none", False, 30, 30, "Take 1 capsule by mouth daily before breakfast", 6),
    ("losartan", "50 mg", "tablet", "none", 1, 0.42, "none", False, 90, 90, "Take 1 tablet by mouth daily", 6),
    ("simvastatin", "40 mg", "tablet", "none", 1, 0.35, "none", False, 90, 90, "Take 1 tablet by mouth at bedtime", 4),
    ("hydrochlorothiazide", "25 mg", "tablet", "none", 1, 0.20, "sulfa", False, 90, 90, "Take 1 tablet by mouth every morning", 4),
    ("montelukast", "10 mg", "tablet", "none", 1, 0.60, "none", False, 30, 30, "Take 1 tablet by mouth every evening", 4),
    ("escitalopram", "10 mg", "tablet", "none", 1, 0.48, "none", False, 30, 30, "Take 1 tablet by mouth daily", 4),
    ("bupropion XL", "150 mg", "tablet", "none", 1, 0.90, "none", False, 30, 30, "Take 1 tablet by mouth every morning", 3),
    ("furosemide", "20 mg", "tablet", "none", 1, 0.22, "sulfa", False, 30, 30, "Take 1 tablet by mouth every morning", 3),
    ("metoprolol succinate", "50 mg", "tablet", "none", 1, 0.52, "none", False, 90, 90, "Take 1 tablet by mouth daily", 4),
    ("gabapentin", "300 mg", "capsule", "none", 1, 0.38, "none", False, 90, 30, "Take 1 capsule by mouth three times daily", 4),
    ("amoxicillin", "500 mg", "capsule", "none", 1, 0.35, "penicillin", False, 21, 7, "Take 1 capsule by mouth three times daily until finished", 3),
    ("amoxicillin-clavulanate", "875 mg", "tablet", "none", 1, 1.40, "penicillin", False, 20, 10, "Take 1 tablet by mouth twice daily until finished", 2),
    ("cephalexin", "500 mg", "capsule", "none", 1, 0.45, "cephalosporin", False, 28, 7, "Take 1 capsule by mouth four times daily until finished", 2),
    ("sulfamethoxazole-trimethoprim", "800-160 mg", "tablet", "none", 1, 0.50, "sulfa", False, 14, 7, "Take 1 tablet by mouth twice daily until finished", 2),
    ("ibuprofen", "800 mg", "tablet", "none", 1, 0.30, "nsaid", False, 90, 30, "Take 1 tablet by mouth three times daily with food", 3),
    ("naproxen", "500 mg", "tablet", "none", 1, 0.32, "nsaid", False, 60, 30, "Take 1 tablet by mouth twice daily with food", 3),
    ("meloxicam", "15 mg", "tablet", "none", 1, 0.40, "nsaid", False, 30, 30, "Take 1 tablet by mouth daily with food", 3),
    ("albuterol HFA", "90 mcg", "inhaler", "none", 2, 38.00, "none", False, 1, 25, "Inhale 2 puffs every 4 to 6 hours as needed", 4),
    ("fluticasone-salmeterol", "250-50 mcg", "inhaler", "none", 2, 210.00, "none", False, 1, 30, "Inhale 1 puff twice daily", 3),
    ("insulin glargine", "100 units/mL", "pen pack", "none", 2, 92.00, "none", True, 5, 30, "Inject 20 units under the skin at bedtime", 3),
    ("apixaban", "5 mg", "tablet", "none", 2, 9.20, "none", False, 60, 30, "Take 1 tablet by mouth twice daily", 3),
    ("sitagliptin", "100 mg", "tablet", "none", 2, 17.50, "none", False, 30, 30, "Take 1 tablet by mouth daily", 2),
    ("tiotropium", "18 mcg", "inhaler", "none", 2, 14.80, "none", False, 30, 30, "Inhale the contents of 1 capsule daily", 2),
    ("rosuvastatin", "10 mg", "tablet", "none", 2, 2.10, "none", False, 30, 30, "Take 1 tablet by mouth daily", 2),
    ("semaglutide", "1 mg/dose", "pen", "none", 3, 310.00, "none", True, 1, 28, "Inject 1 mg under the skin once weekly", 3),
    ("adalimumab", "40 mg/0.4 mL", "pen pack", "none", 3, 1450.00, "none", True, 2, 28, "Inject 40 mg under the skin every 14 days", 2),
    ("rivaroxaban", "20 mg", "tablet", "none", 3, 18.40, "none", False, 30, 30, "Take 1 tablet by mouth daily with the evening meal", 2),
    ("dulaglutide", "1.5 mg/0.5 mL", "pen pack", "none", 3, 240.00, "none", True, 4, 28, "Inject 1.5 mg under the skin once weekly", 2),
    ("dupilumab", "300 mg/2 mL", "pen pack", "none", 3, 1680.00, "none", True, 2, 28, "Inject 300 mg under the skin every 14 days", 1),
    ("tofacitinib", "5 mg", "tablet", "none", 3, 95.00, "none", False, 60, 30, "Take 1 tablet by mouth twice daily", 1),
    ("oxycodone", "5 mg", "tablet", "II", 1, 0.95, "opioid", False, 20, 5, "Take 1 tablet by mouth every 6 hours as needed for pain", 2),
    ("hydrocodone-acetaminophen", "5-325 mg", "tablet", "II", 1, 0.80, "opioid", False, 20, 5, "Take 1 tablet by mouth every 6 hours as needed for pain", 2),
    ("amphetamine salts", "20 mg", "tablet", "II", 1, 1.60, "none", False, 30, 30, "Take 1 tablet by mouth every morning", 3),
    ("methylphenidate ER", "36 mg", "tablet", "II", 2, 7.40, "none", False, 30, 30, "Take 1 tablet by mouth every morning", 2),
    ("buprenorphine-naloxone", "8-2 mg", "film", "III", 2, 8.60, "opioid", False, 60, 30, "Dissolve 1 film under the tongue twice daily", 2),
    ("testosterone cypionate", "200 mg/mL", "vial", "III", 2, 45.00, "none", False, 1, 28, "Inject 1 mL into the muscle every 14 days", 2),
    ("alprazolam", "0.5 mg", "tablet", "IV", 1, 0.35, "none", False, 60, 30, "Take 1 tablet by mouth twice daily as needed for anxiety", 3),
    ("zolpidem", "10 mg", "tablet", "IV", 1, 0.40, "none", False, 30, 30, "Take 1 tablet by mouth at bedtime as needed for sleep", 3),
    ("lorazepam", "1 mg", "tablet", "IV", 1, 0.38, "none", False, 30, 30, "Take 1 tablet by mouth at bedtime as needed", 2),
    ("tramadol", "50 mg", "tablet", "IV", 1, 0.30, "opioid", False, 60, 30, "Take 1 tablet by mouth every 12 hours as needed for pain", 3),
    ("clonazepam", "0.5 mg", "tablet", "IV", 1, 0.33, "none", False, 60, 30, "Take 1 tablet by mouth twice daily", 2),
    ("pregabalin", "75 mg", "capsule", "V", 2, 3.10, "none", False, 60, 30, "Take 1 capsule by mouth twice daily", 3),
    ("lacosamide", "100 mg", "tablet", "V", 2, 11.20, "none", False, 60, 30, "Take 1 tablet by mouth twice daily", 1),
    ("promethazine-codeine", "6.25-10 mg/5 mL", "oral solution", "V", 1, 0.12, "opioid", False, 120, 7, "Take 5 mL by mouth every 6 hours as needed for cough", 1),
]
PRACTICES = ["German Village Family Medicine", "Olentangy Internal Medicine", "Scioto Valley Primary Care",
             "Dublin Methodist Physicians", "Westerville Pain & Spine", "Grove City Pediatrics",
             "Worthington Women's Health", "Riverside Endocrinology Associates", "Clintonville Psychiatry Group",
             "Easton Rheumatology", "Northland Family Practice", "Hilliard Urgent Care"]
VACCINES = [  # (code, name, min age, min interval days, cash price)
    ("FLU", "Influenza (flu) 2026-27", 5, 180, 44.99),
    ("COVID", "COVID-19 2026-27", 12, 60, 159.99),
    ("SHINGLES", "Shingles (recombinant zoster)", 50, 60, 219.99),
    ("TDAP", "Tetanus, diphtheria and pertussis (Tdap)", 11, 3650, 69.99),
    ("PNEUMO", "Pneumococcal (PCV20)", 65, 1825, 289.99),
    ("HEPB", "Hepatitis B", 18, 28, 89.99),
]
#: What teenagers (12 to 17) are prescribed here.
TEEN_DRUGS = {"amoxicillin", "amoxicillin-clavulanate", "cephalexin", "albuterol HFA", "montelukast", "sertraline",
              "escitalopram", "omeprazole", "amphetamine salts", "methylphenidate ER", "insulin glargine",
              "ibuprofen", "levothyroxine", "fluticasone-salmeterol"}
ALLERGY_CLASSES = ["penicillin", "cephalosporin", "sulfa", "nsaid", "opioid"]
CONTROLLED = ("II", "III", "IV", "V")
DELIVERY_FEE = 5.99


def add_months(d: date, months: int) -> date:
    m = d.month - 1 + months
    y = d.year + m // 12
    m = m % 12 + 1
    last = (date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)).day
    return date(y, m, min(d.day, last))


def expiry(written: date, schedule: str) -> date:
    if schedule == "II":
        return written + timedelta(days=90)
    if schedule in CONTROLLED:
        return add_months(written, 6)
    return add_months(written, 12)


def age_on(dob: date, day: date) -> int:
    return day.year - dob.year - ((day.month, day.day) < (dob.month, dob.day))


def copay(plan: tuple[Any, ...], tier: int, days: int) -> float:
    per = plan[2 + tier]
    return round(per * math.ceil(days / 30) + 1e-9, 2)


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.tables: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.plans = {p[0]: p for p in PLANS}
        self.drugs: dict[str, dict[str, Any]] = {}

    # -- catalogue ---------------------------------------------------------------------------------------------
    def build_static(self) -> None:
        t = self.tables
        for s in STORES:
            t["stores"].append(dict(zip(["store_id", "name", "street", "city", "zip", "phone", "opens", "closes",
                                         "delivery_zips", "daily_delivery_slots"], s)))
        for p in PLANS:
            t["insurance_plans"].append(dict(zip(["plan_id", "name", "payer", "tier1_copay", "tier2_copay",
                                                  "tier3_copay", "tier3_needs_pa", "covers_vaccines"], p)))
        for i, d in enumerate(DRUGS):
            row = dict(zip(["name", "strength", "form", "schedule", "tier", "unit_cash_price", "allergy_class",
                            "refrigerated"], d[:8]))
            row["drug_id"] = f"DRG-{101 + i}"
            self.drugs[row["drug_id"]] = {**row, "_qty": d[8], "_days": d[9], "_directions": d[10], "_w": d[11]}
            t["drugs"].append(row)
        for v in VACCINES:
            t["vaccines"].append(dict(zip(["vaccine_code", "name", "min_age", "min_interval_days", "cash_price"], v)))
        for i in range(30):
            cred = self.rng.choices(["MD", "DO", "NP", "PA"], [55, 15, 20, 10])[0]
            name = f"{self.fake.first_name()} {self.fake.last_name()}"
            t["prescribers"].append({"prescriber_id": f"PRS-{201 + i}", "name": name, "credentials": cred,
                                     "practice": self.rng.choice(PRACTICES),
                                     "phone": f"(614) 555-{self.rng.randint(1000, 9999)}"})

    # -- patients ----------------------------------------------------------------------------------------------
    def build_patients(self) -> None:
        rng, fake = self.rng, self.fake
        seen_emails: set[str] = set()
        patients = []
        for i in range(320):
            store = rng.choices([s[0] for s in STORES], [34, 22, 18, 14, 12])[0]
            city, zips = CITY_ZIPS[store]
            first, last = fake.first_name(), fake.last_name()
            kind = rng.random()
            if kind < 0.12:
                dob = TODAY - timedelta(days=rng.randint(12 * 365 + 10, 17 * 365))
            elif kind < 0.32:
                dob = TODAY - timedelta(days=rng.randint(65 * 365 + 20, 90 * 365))
            else:
                dob = TODAY - timedelta(days=rng.randint(19 * 365, 64 * 365))
            email = f"{first.lower()}.{last.lower()}{rng.randint(1, 99)}@{rng.choice(['mail.example.com', 'example.org', 'example.net'])}"
            while email in seen_emails:
                email = email.replace("@", "x@")
            seen_emails.add(email)
            r = rng.random()
            plan = None
            if r < 0.88:
                plan = ("PLN-4" if age_on(dob, TODAY) >= 65 and rng.random() < 0.7 else
                        rng.choices(["PLN-1", "PLN-2", "PLN-3", "PLN-5", "PLN-6"], [30, 24, 14, 18, 14])[0])
            coverage_end = None
            if plan and rng.random() < 0.07:
                coverage_end = rng.choice([date(2026, 6, 30), date(2026, 7, 31), date(2026, 8, 31)])
            allergies = []
            if rng.random() < 0.2:
                allergies = sorted(rng.sample(ALLERGY_CLASSES, rng.choice([1, 1, 1, 2])))
            patients.append({
                "patient_id": f"PT-{10001 + i}", "first_name": first, "last_name": last, "date_of_birth": dob,
                "phone": f"(614) 555-{rng.randint(1000, 9999)}", "email": email,
                "street": fake.street_address(), "city": city, "zip": rng.choice(zips), "home_store_id": store,
                "plan_id": plan, "member_number": (f"{plan[-1]}{rng.randint(10**8, 10**9 - 1)}" if plan else None),
                "coverage_end": coverage_end, "allergies": " ".join(allergies) or None})
        # A few namesakes: the same first and last name, another date of birth.
        for k in range(8):
            a, b = patients[20 + 31 * k], patients[23 + 31 * k]
            b["first_name"], b["last_name"] = a["first_name"], a["last_name"]
            b["email"] = b["email"].split("@")[0] + "b@" + b["email"].split("@")[1]
        self.tables["patients"] = patients
        self.patient = {p["patient_id"]: p for p in patients}

    # -- prescriptions and fills -------------------------------------------------------------------------------
    def pick_drug(self, patient: dict[str, Any], taken: set[str]) -> dict[str, Any] | None:
        age = age_on(patient["date_of_birth"], TODAY)
        allergies = set((patient["allergies"] or "").split())
        pool = [d for d in self.drugs.values() if d["drug_id"] not in taken and d["allergy_class"] not in allergies
                and (age >= 18 or d["name"] in TEEN_DRUGS)]
        if not pool:
            return None
        return self.rng.choices(pool, [d["_w"] for d in pool])[0]

    def build_prescriptions(self) -> None:
        rng = self.rng
        rx_rows, fills = [], []
        for p in self.tables["patients"]:
            taken: set[str] = set()
            for _ in range(rng.choices([1, 2, 3, 4, 5, 6], [14, 22, 24, 18, 12, 10])[0]):
                d = self.pick_drug(p, taken)
                if d is None:
                    break
                taken.add(d["drug_id"])
                rx = self.make_rx(p, d)
                rx_rows.append(rx)
        # ids in order of writing
        rx_rows.sort(key=lambda r: (r["written_on"], r["patient_id"], r["drug_id"]))
        for i, rx in enumerate(rx_rows):
            rx["rx_id"] = f"RX-{300001 + i}"
        self.rx_rows = rx_rows
        for rx in rx_rows:
            self.make_history(rx, fills)
        self.fills = fills

    def make_rx(self, p: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
        rng = self.rng
        sched = d["schedule"]
        days = d["_days"]
        short_course = days <= 10
        kind = rng.random()
        if sched == "II":
            written = TODAY - timedelta(days=rng.randint(2, 120))
            refills = 0
        elif short_course:
            written = TODAY - timedelta(days=rng.randint(2, 300))
            refills = rng.choice([0, 0, 0, 1])
        elif sched in CONTROLLED:
            written = TODAY - timedelta(days=rng.randint(5, 230))
            refills = rng.choice([2, 3, 5, 5, 5])
        else:
            written = TODAY - timedelta(days=rng.randint(5, 430))
            refills = rng.choice([3, 5, 11, 11, 11]) if days <= 30 else rng.choice([1, 3, 3])
        if kind < 0.06 and sched != "II":
            written = TODAY - timedelta(days=rng.randint(0, 6))  # a new e-prescription, not filled yet
        store = p["home_store_id"] if rng.random() < 0.9 else rng.choice([s[0] for s in STORES])
        return {"patient_id": p["patient_id"], "drug_id": d["drug_id"],
                "prescriber_id": f"PRS-{201 + rng.randrange(30)}", "store_id": store,
                "directions": d["_directions"], "quantity": d["_qty"], "days_supply": days,
                "refills_authorized": refills, "refills_remaining": refills, "written_on": written,
                "expires_on": expiry(written, sched), "status": "active", "last_filled_on": None,
                "transfer_count": 0, "_new": kind < 0.06 and sched != "II"}

    def make_history(self, rx: dict[str, Any], fills: list[dict[str, Any]]) -> None:
        rng = self.rng
        d = self.drugs[rx["drug_id"]]
        p = self.patient[rx["patient_id"]]
        plan = self.plans.get(p["plan_id"]) if p["plan_id"] else None
        if rx["_new"]:
            return
        day = rx["written_on"] + timedelta(days=rng.randint(0, 2))
        n = 0
        max_fills = rx["refills_authorized"] + 1
        # a transfer for some, part way through
        transfer_at = None
        if d["schedule"] != "II" and rng.random() < 0.06 and rx["refills_authorized"] >= 2:
            transfer_at = 1
        lapse = rng.random() < 0.15  # stopped coming part way
        stop_after = rng.randint(1, max_fills) if lapse else max_fills
        store = rx["store_id"]
        if transfer_at is not None:
            others = [s[0] for s in STORES if s[0] != store]
            rx["_from_store"] = rng.choice(others)
            store = rx["_from_store"]
        while n < min(max_fills, stop_after) and day <= TODAY and day <= rx["expires_on"]:
            if transfer_at is not None and n == transfer_at:
                tday = day - timedelta(days=rng.randint(1, 4))
                self.tables["transfers"].append({"rx_id": rx["rx_id"], "from_store_id": store,
                                                 "to_store_id": rx["store_id"],
                                                 "transferred_at": datetime.combine(tday, time(rng.randint(9, 17),
                                                                                           rng.choice([5, 20, 35, 50])))})
                rx["transfer_count"] = 1
                store = rx["store_id"]
            cash = plan is None or (p["coverage_end"] is not None and p["coverage_end"] < day)
            pays = round(d["unit_cash_price"] * rx["quantity"] + 1e-9, 2) if cash else copay(plan, d["tier"],
                                                                                          rx["days_supply"])
            ready = datetime.combine(day, time(rng.randint(10, 18), rng.choice([0, 15, 30, 45])))
            fills.append({"rx_id": rx["rx_id"], "store_id": store, "fill_number": n, "quantity": rx["quantity"],
                          "days_supply": rx["days_supply"], "billed_to": "cash" if cash else "insurance",
                          "patient_pays": pays, "status": "picked_up", "filled_on": day, "ready_at": ready,
                          "completed_at": None, "delivery_id": None, "_rx": rx})
            n += 1
            pct = 0.9 if d["schedule"] in CONTROLLED else 0.75
            day = day + timedelta(days=max(math.ceil(rx["days_supply"] * pct), rx["days_supply"] + rng.randint(-3, 6)))
        if n:
            rx["refills_remaining"] = rx["refills_authorized"] - (n - 1)
            rx["last_filled_on"] = max(f["filled_on"] for f in fills if f["_rx"] is rx)
        if transfer_at is not None and rx["transfer_count"] == 0:
            rx.pop("_from_store", None)  # the transfer never happened
        if rng.random() < 0.05 and rx["last_filled_on"] and rx["last_filled_on"] < TODAY - timedelta(days=20):
            rx["status"] = "discontinued"

    def finish_fills(self) -> None:
        """Statuses of the latest fills relative to now; deliveries; returned-to-stock fills."""
        rng = self.rng
        latest: dict[str, dict[str, Any]] = {}
        for f in self.fills:
            latest[f["rx_id"]] = f
        for f in self.fills:
            rx = f["_rx"]
            if f is latest[f["rx_id"]] and f["filled_on"] >= TODAY - timedelta(days=9):
                if f["filled_on"] == TODAY:
                    f["ready_at"] = datetime.combine(TODAY, time(rng.choice([8, 9, 11, 12, 13, 15]),
                                                                 rng.choice([0, 30])))
                    f["status"] = "ready" if f["ready_at"] <= NOW else "in_progress"
                elif rng.random() < 0.55:
                    f["status"] = "ready"
            if f["status"] == "picked_up":
                k = rng.choice([0, 0, 1, 1, 2])
                ready = f["ready_at"]
                hour = rng.randint(min(ready.hour + 1, 20), 20) if k == 0 else rng.randint(9, 20)
                f["completed_at"] = datetime.combine(ready.date() + timedelta(days=k), time(hour, rng.randint(0, 59)))
                if f["completed_at"] >= NOW:
                    f["status"] = "ready"
                    f["completed_at"] = None
        # Older fills never collected went back to stock (the refill returned to the prescription).
        for f in self.fills:
            if f["status"] == "picked_up" and f["fill_number"] > 0 and f is not latest[f["rx_id"]] and \
                    rng.random() < 0.02:
                f["status"] = "returned_to_stock"
                f["completed_at"] = None
                f["_rx"]["refills_remaining"] += 1
        for rx in self.rx_rows:
            counted = [f for f in self.fills if f["_rx"] is rx and f["status"] not in ("returned_to_stock", "cancelled")]
            if counted:
                rx["last_filled_on"] = max(f["filled_on"] for f in counted)

    def build_deliveries(self) -> None:
        rng = self.rng
        stores = {s[0]: s for s in STORES}
        per_day: dict[tuple[str, date], int] = defaultdict(int)
        deliveries = []
        by_patient_store: dict[tuple[str, str, date], list[dict[str, Any]]] = defaultdict(list)
        for f in self.fills:
            rx = f["_rx"]
            p = self.patient[rx["patient_id"]]
            s = stores[f["store_id"]]
            if p["zip"] not in (s[8] or "").split() or self.drugs[rx["drug_id"]]["schedule"] == "II":
                continue
            if f["status"] == "picked_up" and rng.random() < 0.12:
                by_patient_store[(p["patient_id"], f["store_id"], f["filled_on"] + timedelta(days=1))].append(f)
            elif f["status"] in ("ready", "in_progress") and rng.random() < 0.3:
                by_patient_store[(p["patient_id"], f["store_id"], max(TODAY + timedelta(days=rng.randint(0, 4)),
                                                                      f["filled_on"] + timedelta(days=1)))].append(f)
        for (pid, sid, day), group in sorted(by_patient_store.items(), key=lambda kv: (kv[0][2], kv[0][0], kv[0][1])):
            if day.weekday() == 6:
                day += timedelta(days=1)
            if per_day[(sid, day)] >= stores[sid][9]:
                continue
            per_day[(sid, day)] += 1
            p = self.patient[pid]
            future = day >= TODAY
            fee = 0.0 if age_on(p["date_of_birth"], TODAY) >= 65 else DELIVERY_FEE
            if future:
                sched_at = NOW - timedelta(hours=rng.randint(1, 40), minutes=rng.choice([0, 10, 20, 30, 40, 50]))
            else:
                sched_at = datetime.combine(day - timedelta(days=1), time(rng.randint(9, 17),
                                                                          rng.choice([0, 10, 20, 30, 40, 50])))
            dl = {"patient_id": pid, "store_id": sid, "delivery_date": day,
                  "address": f"{p['street']}, {p['city']}, OH {p['zip']}", "fee": fee,
                  "status": "scheduled" if future else "delivered", "scheduled_at": sched_at, "_fills": group}
            deliveries.append(dl)
        # A few cancelled deliveries in the past.
        for dl in deliveries:
            if dl["status"] == "delivered" and rng.random() < 0.05:
                dl["status"] = "cancelled"
        deliveries.sort(key=lambda x: (x["scheduled_at"], x["patient_id"]))
        for i, dl in enumerate(deliveries):
            dl["delivery_id"] = f"DLV-{5001 + i}"
            for f in dl["_fills"]:
                if dl["status"] == "cancelled":
                    continue
                f["delivery_id"] = dl["delivery_id"]
                if dl["status"] == "delivered":
                    f["status"] = "delivered"
                    f["completed_at"] = datetime.combine(dl["delivery_date"], time(rng.randint(11, 18),
                                                                                   rng.randint(0, 59)))
        self.tables["deliveries"] = deliveries

    def build_ids(self) -> None:
        fills = sorted(self.fills, key=lambda f: (f["ready_at"], f["rx_id"]))
        for i, f in enumerate(fills):
            f["fill_id"] = f"FL-{700001 + i}"
        self.tables["fills"] = fills
        self.tables["prescriptions"] = self.rx_rows
        transfers = sorted(self.tables["transfers"], key=lambda x: (x["transferred_at"], x["rx_id"]))
        for i, tr in enumerate(transfers):
            tr["transfer_id"] = f"TRF-{2001 + i}"
        self.tables["transfers"] = transfers

    def build_inventory(self) -> None:
        rng = self.rng
        committed: dict[tuple[str, str], int] = defaultdict(int)
        for s in STORES:
            for d in self.drugs.values():
                q = d["_qty"]
                if d["tier"] == 3 or d["schedule"] == "II":
                    units = rng.choice([0, q, 2 * q, 3 * q])
                else:
                    units = rng.choice([0, q // 2, 2 * q, 4 * q, 6 * q, 10 * q]) if rng.random() < 0.18 else \
                        rng.randint(4, 14) * q
                self.tables["inventory"].append({"store_id": s[0], "drug_id": d["drug_id"], "on_hand": units})
        del committed

    def build_prior_auths(self) -> None:
        rng = self.rng
        rows = []
        for rx in self.rx_rows:
            d = self.drugs[rx["drug_id"]]
            p = self.patient[rx["patient_id"]]
            if d["tier"] != 3 or not p["plan_id"] or not self.plans[p["plan_id"]][6]:
                continue
            r = rng.random()
            sub = rx["written_on"] + timedelta(days=rng.randint(0, 2))
            if sub > TODAY:
                sub = TODAY
            if r < 0.45:
                dec = sub + timedelta(days=rng.randint(1, 4))
                if dec >= TODAY:
                    dec = TODAY - timedelta(days=1)
                    sub = min(sub, dec - timedelta(days=1))
                exp = dec + timedelta(days=365 if rng.random() < 0.8 else rng.randint(60, 150))
                rows.append({"patient_id": p["patient_id"], "drug_id": d["drug_id"], "plan_id": p["plan_id"],
                             "status": "approved", "submitted_on": sub, "decided_on": dec, "expires_on": exp})
            elif r < 0.55:
                dec = sub + timedelta(days=rng.randint(2, 6))
                if dec >= TODAY:
                    dec = TODAY - timedelta(days=1)
                    sub = min(sub, dec - timedelta(days=1))
                rows.append({"patient_id": p["patient_id"], "drug_id": d["drug_id"], "plan_id": p["plan_id"],
                             "status": "denied", "submitted_on": sub, "decided_on": dec, "expires_on": None})
            elif r < 0.65:
                rows.append({"patient_id": p["patient_id"], "drug_id": d["drug_id"], "plan_id": p["plan_id"],
                             "status": "pending", "submitted_on": max(sub, TODAY - timedelta(days=rng.randint(1, 6))),
                             "decided_on": None, "expires_on": None})
        rows.sort(key=lambda x: (x["submitted_on"], x["patient_id"]))
        for i, r in enumerate(rows):
            r["pa_id"] = f"PA-{8001 + i}"
        self.tables["prior_authorizations"] = rows
        # Fills of tier-3 drugs on PA plans without an approval are cash fills in the history.
        approved = {(r["patient_id"], r["drug_id"]) for r in rows if r["status"] == "approved"}
        for f in self.fills:
            rx = f["_rx"]
            d = self.drugs[rx["drug_id"]]
            p = self.patient[rx["patient_id"]]
            if f["billed_to"] == "insurance" and d["tier"] == 3 and self.plans[p["plan_id"]][6] and \
                    (p["patient_id"], d["drug_id"]) not in approved:
                f["billed_to"] = "cash"
                f["patient_pays"] = round(d["unit_cash_price"] * f["quantity"] + 1e-9, 2)

    def build_vaccinations(self) -> None:
        rng = self.rng
        slots = []
        for s in STORES:
            for k in range(-14, 15):
                day = TODAY + timedelta(days=k)
                if day.weekday() == 6:
                    continue
                for h in range(10, 18):
                    for m in (0, 20, 40):
                        slots.append({"store_id": s[0], "starts_at": datetime.combine(day, time(h, m)),
                                      "capacity": 2 if s[0] in ("ST-1", "ST-2") else 1})
        # past doses at earlier dates (a slot each)
        history = []
        vac = {v[0]: v for v in VACCINES}
        for p in self.tables["patients"]:
            age = age_on(p["date_of_birth"], TODAY)
            for code in ("FLU", "COVID", "SHINGLES", "TDAP", "PNEUMO", "HEPB"):
                if age < vac[code][2]:
                    continue
                chance = {"FLU": 0.45, "COVID": 0.25, "SHINGLES": 0.2, "TDAP": 0.12, "PNEUMO": 0.3, "HEPB": 0.04}[code]
                if rng.random() >= chance:
                    continue
                if code == "FLU":
                    when = rng.choice([date(2025, 10, 1), date(2025, 10, 20), date(2025, 11, 8)]) + \
                        timedelta(days=rng.randint(0, 12))
                    if rng.random() < 0.15:
                        when = TODAY - timedelta(days=rng.randint(15, 40))  # already had this season's
                elif code == "COVID":
                    when = TODAY - timedelta(days=rng.choice([rng.randint(20, 55), rng.randint(70, 300)]))
                elif code == "SHINGLES":
                    when = TODAY - timedelta(days=rng.randint(20, 400))
                else:
                    when = TODAY - timedelta(days=rng.randint(200, 3000))
                if when.weekday() == 6:
                    when -= timedelta(days=1)
                history.append((p, code, datetime.combine(when, time(rng.randint(10, 17), rng.choice([0, 20, 40])))))
        grid = {(s["store_id"], s["starts_at"]): s for s in slots}
        vaccinations = []
        for p, code, when in history:
            key = (p["home_store_id"], when)
            if key not in grid:
                grid[key] = {"store_id": p["home_store_id"], "starts_at": when, "capacity": 1}
                slots.append(grid[key])
            slot = grid[key]
            slot.setdefault("_n", 0)
            if slot["_n"] >= slot["capacity"]:
                continue
            slot["_n"] += 1
            plan_ok = p["plan_id"] and (p["coverage_end"] is None or p["coverage_end"] >= when.date()) and \
                self.plans[p["plan_id"]][7]
            vaccinations.append({"patient_id": p["patient_id"], "_slot": slot, "vaccine_code": code,
                                 "status": "completed" if rng.random() < 0.96 or when >= NOW - timedelta(days=60)
                                 else "no_show",
                                 "patient_pays": 0.0 if plan_ok else vac[code][4],
                                 "booked_at": when - timedelta(days=rng.randint(1, 12), hours=rng.randint(0, 5))})
        # upcoming bookings in the grid
        future_slots = [s for s in slots if s["starts_at"] > NOW + timedelta(hours=1) and s["starts_at"] <
                        NOW + timedelta(days=15)]
        last_dose = defaultdict(lambda: None)
        for v in vaccinations:
            if v["status"] == "completed":
                k = (v["patient_id"], v["vaccine_code"])
                if last_dose[k] is None or v["_slot"]["starts_at"] > last_dose[k]:
                    last_dose[k] = v["_slot"]["starts_at"]
        booked_pairs = set()
        # Walk-in style bookings made earlier for this morning (inside the 2-hour cancellation window).
        for store_id, hm in (("ST-1", (10, 40)), ("ST-2", (11, 20)), ("ST-3", (11, 40))):
            slot = grid[(store_id, datetime.combine(TODAY, time(*hm)))]
            for p in self.tables["patients"]:
                key = (p["patient_id"], "FLU")
                if p["home_store_id"] != store_id or age_on(p["date_of_birth"], TODAY) < 18 or key in booked_pairs \
                        or (last_dose[key] and (TODAY - last_dose[key].date()).days < 180):
                    continue
                slot["_n"] = slot.get("_n", 0) + 1
                booked_pairs.add(key)
                plan_ok = p["plan_id"] and p["coverage_end"] is None and self.plans[p["plan_id"]][7]
                vaccinations.append({"patient_id": p["patient_id"], "_slot": slot, "vaccine_code": "FLU",
                                     "status": "booked", "patient_pays": 0.0 if plan_ok else vac["FLU"][4],
                                     "booked_at": NOW - timedelta(days=2, hours=rng.randint(1, 8))})
                break
        made = 0
        attempts = 0
        while made < 200 and attempts < 5000:
            attempts += 1
            p = rng.choice(self.tables["patients"])
            code = rng.choices(["FLU", "COVID", "SHINGLES", "TDAP", "PNEUMO"], [50, 25, 10, 5, 10])[0]
            if (p["patient_id"], code) in booked_pairs:
                continue
            slot = rng.choice([s for s in future_slots if s["store_id"] == p["home_store_id"]])
            if slot.get("_n", 0) >= slot["capacity"]:
                continue
            if age_on(p["date_of_birth"], slot["starts_at"].date()) < vac[code][2]:
                continue
            last = last_dose[(p["patient_id"], code)]
            if last and (slot["starts_at"].date() - last.date()).days < vac[code][3]:
                continue
            slot["_n"] = slot.get("_n", 0) + 1
            booked_pairs.add((p["patient_id"], code))
            plan_ok = p["plan_id"] and p["coverage_end"] is None and self.plans[p["plan_id"]][7]
            cancelled = rng.random() < 0.08
            if cancelled:
                slot["_n"] -= 1
                booked_pairs.discard((p["patient_id"], code))
            vaccinations.append({"patient_id": p["patient_id"], "_slot": slot, "vaccine_code": code,
                                 "status": "cancelled" if cancelled else "booked",
                                 "patient_pays": 0.0 if plan_ok else vac[code][4],
                                 "booked_at": NOW - timedelta(days=rng.randint(0, 9), hours=rng.randint(1, 20))})
            made += 1
        # past grid bookings (last two weeks) that happened
        past_grid = [s for s in slots if NOW - timedelta(days=14) <= s["starts_at"] < NOW]
        for _ in range(120):
            s = rng.choice(past_grid)
            p = rng.choice([x for x in self.tables["patients"] if x["home_store_id"] == s["store_id"]])
            code = "FLU"
            if s.get("_n", 0) >= s["capacity"] or age_on(p["date_of_birth"], TODAY) < 5:
                continue
            if last_dose[(p["patient_id"], code)] and last_dose[(p["patient_id"], code)] > NOW - timedelta(days=200):
                continue
            if (p["patient_id"], code) in booked_pairs:
                continue
            s["_n"] = s.get("_n", 0) + 1
            last_dose[(p["patient_id"], code)] = s["starts_at"]
            plan_ok = p["plan_id"] and p["coverage_end"] is None and self.plans[p["plan_id"]][7]
            vaccinations.append({"patient_id": p["patient_id"], "_slot": s, "vaccine_code": code,
                                 "status": "completed" if rng.random() < 0.92 else "no_show",
                                 "patient_pays": 0.0 if plan_ok else vac[code][4],
                                 "booked_at": s["starts_at"] - timedelta(days=rng.randint(1, 6))})
        slots.sort(key=lambda s: (s["starts_at"], s["store_id"]))
        for i, s in enumerate(slots):
            s["slot_id"] = f"VS-{40001 + i}"
        vaccinations.sort(key=lambda v: (v["booked_at"], v["patient_id"], v["vaccine_code"]))
        for i, v in enumerate(vaccinations):
            v["appointment_id"] = f"VAX-{60001 + i}"
            v["slot_id"] = v["_slot"]["slot_id"]
        self.tables["vaccine_slots"] = slots
        self.tables["vaccinations"] = vaccinations


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
    w.build_static()
    w.build_patients()
    w.build_prescriptions()
    w.finish_fills()
    w.build_deliveries()
    w.build_ids()
    w.build_inventory()
    w.build_prior_auths()
    w.build_vaccinations()
    return dict(w.tables)


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the pharmacy environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
