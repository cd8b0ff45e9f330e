"""Write the seed CSVs of the insurance environment (Harborline Mutual's claims desk): the same bytes on every run.

Run: python seed/generate.py [--out FOLDER]. Names and street names come from Faker 40.63.0 (pinned:
pip install "faker==40.63.0") seeded with 0; everything else from random.Random(20260415). Dates are relative
to the environment's fixed clock, 2026-04-15 (manifest.json "now").
"""

from __future__ import annotations

import argparse
import calendar
import csv
import random
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

TODAY = date(2026, 4, 15)
GRACE_DAYS = 15
FILING_WINDOW = {"home": 60, "auto": 30}

CITIES = [  # (city, state, zip prefix)
    ("Portland", "ME", "041"), ("Burlington", "VT", "054"), ("Worcester", "MA", "016"), ("Providence", "RI", "029"),
    ("Hartford", "CT", "061"), ("Albany", "NY", "122"), ("Rochester", "NY", "146"), ("Harrisburg", "PA", "171"),
    ("Lancaster", "PA", "176"), ("Wilmington", "DE", "198"), ("Annapolis", "MD", "214"), ("Richmond", "VA", "232"),
    ("Roanoke", "VA", "240"), ("Raleigh", "NC", "276"), ("Asheville", "NC", "288"), ("Charleston", "SC", "294"),
    ("Savannah", "GA", "314"), ("Knoxville", "TN", "379"), ("Lexington", "KY", "405"), ("Columbus", "OH", "432"),
    ("Dayton", "OH", "454"), ("Ann Arbor", "MI", "481"), ("Grand Rapids", "MI", "495"), ("Madison", "WI", "537"),
    ("Des Moines", "IA", "503"), ("Rochester", "MN", "559"), ("Fargo", "ND", "581"), ("Omaha", "NE", "681"),
    ("Wichita", "KS", "672"), ("Tulsa", "OK", "741"), ("Boise", "ID", "837"), ("Spokane", "WA", "992"),
    ("Eugene", "OR", "974"), ("Fort Collins", "CO", "805"), ("Santa Fe", "NM", "875"), ("Reno", "NV", "895"),
]
SUFFIXES = ["St", "Ave", "Rd", "Ln", "Dr", "Ct", "Way", "Pl", "Blvd", "Ter"]
EMAIL_DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"]
VEHICLES = [  # (make and model, value when new)
    ("Toyota RAV4", 32000), ("Toyota Camry", 29000), ("Honda CR-V", 33000), ("Honda Civic", 26000),
    ("Subaru Outback", 31000), ("Subaru Forester", 30000), ("Ford F-150", 45000), ("Ford Escape", 29000),
    ("Chevrolet Silverado", 44000), ("Chevrolet Equinox", 28000), ("Hyundai Tucson", 29000),
    ("Hyundai Elantra", 22000), ("Kia Sorento", 32000), ("Mazda CX-5", 30000), ("Nissan Rogue", 30000),
    ("Jeep Grand Cherokee", 42000), ("Volkswagen Tiguan", 31000), ("Tesla Model 3", 41000),
    ("Volvo XC60", 46000), ("Ram 1500", 43000), ("Toyota Tacoma", 36000), ("Honda Odyssey", 39000),
]

#: Which incident types each coverage pays for (the tools enforce the same table).
COVERS = {
    "dwelling": ("fire", "hail", "windstorm", "leak", "vandalism"),
    "personal_property": ("theft", "fire", "leak", "vandalism"),
    "water_backup": ("backup",),
    "liability": ("injury",),
    "collision": ("collision",),
    "comprehensive": ("theft", "vandalism", "fire", "hail", "windstorm", "glass", "animal"),
}

ITEMS: dict[tuple[str, str], list[tuple[str, int, int]]] = {
    ("dwelling", "fire"): [("Kitchen cabinet and countertop replacement", 6000, 18000),
                           ("Smoke damage cleaning", 1500, 4500), ("Drywall and paint repair", 1200, 5000),
                           ("Electrical rewiring", 2000, 7000)],
    ("dwelling", "hail"): [("Roof shingle replacement", 5000, 15000), ("Gutter and downspout repair", 500, 1800),
                           ("Skylight replacement", 900, 2600), ("Siding panel repair", 800, 3500)],
    ("dwelling", "windstorm"): [("Fallen tree removal", 800, 2500), ("Fence section replacement", 900, 3200),
                                ("Roof tarp and temporary repair", 400, 1200), ("Window replacement", 600, 2200),
                                ("Shed roof repair", 700, 2600)],
    ("dwelling", "leak"): [("Burst pipe repair", 400, 1500), ("Hardwood floor replacement", 3000, 9000),
                           ("Water extraction and drying", 1200, 4000), ("Ceiling drywall repair", 800, 3000)],
    ("dwelling", "vandalism"): [("Graffiti removal", 300, 1200), ("Broken window replacement", 300, 1400),
                                ("Front door replacement", 800, 2600), ("Mailbox and fence repair", 200, 900)],
    ("personal_property", "theft"): [("Bicycle", 400, 2200), ("Jewelry", 900, 6000), ("Laptop", 800, 2500),
                                     ("Television", 500, 2000), ("Power tools", 400, 1800),
                                     ("Camera equipment", 700, 3500)],
    ("personal_property", "fire"): [("Living room furniture", 2500, 8000), ("Clothing and linens", 800, 3000),
                                    ("Laptop and electronics", 900, 3500)],
    ("personal_property", "leak"): [("Area rug", 300, 1500), ("Sofa", 900, 2500), ("Stereo equipment", 400, 1600),
                                    ("Stored documents and books", 200, 900)],
    ("personal_property", "vandalism"): [("Patio furniture", 400, 1800), ("Outdoor grill", 300, 1200),
                                         ("Garden sculpture", 200, 900)],
    ("water_backup", "backup"): [("Sewer backflow cleanup", 1500, 4500), ("Basement carpet replacement", 1200, 3800),
                                 ("Sump pump replacement", 500, 1400), ("Water heater replacement", 1200, 2400),
                                 ("Basement drywall repair", 900, 3500)],
    ("liability", "injury"): [("Guest medical bills", 1500, 12000), ("Legal defense costs", 2500, 9000),
                              ("Third-party property damage", 800, 6000)],
    ("collision", "collision"): [("Front bumper and grille repair", 1200, 4500), ("Rear bumper replacement", 900, 3000),
                                 ("Door panel repair", 800, 2800), ("Frame straightening", 2000, 6500),
                                 ("Headlight assembly", 400, 1400), ("Airbag replacement", 1500, 4000),
                                 ("Towing", 150, 450), ("Rental car", 300, 900)],
    ("comprehensive", "theft"): [("Catalytic converter replacement", 1200, 3500),
                                 ("Stolen wheels and tires", 1400, 3800),
                                 ("Broken window and ignition repair", 600, 1800)],
    ("comprehensive", "vandalism"): [("Keyed paint refinishing", 700, 2600), ("Slashed tire replacement", 300, 1100),
                                     ("Side mirror replacement", 200, 600)],
    ("comprehensive", "fire"): [("Engine compartment fire repair", 2500, 9000), ("Interior smoke cleaning", 400, 1200)],
    ("comprehensive", "hail"): [("Paintless dent repair", 1500, 6000), ("Windshield replacement", 350, 1200),
                                ("Sunroof glass replacement", 600, 1500)],
    ("comprehensive", "windstorm"): [("Fallen branch roof dent repair", 900, 3500),
                                     ("Windshield replacement", 350, 1200)],
    ("comprehensive", "glass"): [("Windshield replacement", 350, 1400), ("Side window replacement", 250, 700),
                                 ("Camera recalibration", 200, 450)],
    ("comprehensive", "animal"): [("Deer strike front-end repair", 1800, 6500), ("Hood and fender repair", 1200, 3500),
                                  ("Headlight assembly", 400, 1400)],
    ("liability", "injury", "auto"): [("Other driver's medical bills", 2000, 15000),
                                      ("Other vehicle repair", 1500, 8000)],
}

DESCRIPTIONS = {
    ("home", "fire"): ["Grease fire in the kitchen spread to the cabinets", "Electrical fire started in the garage",
                       "Dryer vent fire in the laundry room"],
    ("home", "hail"): ["Golf-ball sized hail during the afternoon storm", "Hail storm damaged the roof and gutters"],
    ("home", "windstorm"): ["High winds brought down a tree limb", "Storm winds tore off part of the roof"],
    ("home", "leak"): ["Pipe burst under the upstairs bathroom", "Washing machine hose split overnight",
                       "Frozen pipe cracked in the crawl space"],
    ("home", "backup"): ["Sewer line backed up into the basement", "Sump pump failed during heavy rain"],
    ("home", "vandalism"): ["Someone spray-painted the garage door", "Windows smashed overnight",
                            "Patio furniture wrecked by trespassers"],
    ("home", "theft"): ["Break-in while the family was away", "Items stolen from the locked garage",
                        "Burglary through the back door"],
    ("home", "injury"): ["A guest slipped on the icy front steps", "Dog bit a visitor in the yard",
                         "Neighbor's fence damaged by a falling tree from our yard"],
    ("auto", "collision"): ["Rear-ended at a red light", "Slid into a guardrail on an icy road", "Backed into a post",
                            "Side-swiped while changing lanes"],
    ("auto", "theft"): ["Catalytic converter stolen overnight", "Wheels stolen from the car in the driveway",
                        "Car broken into and ignition damaged"],
    ("auto", "vandalism"): ["Car keyed in a parking lot", "Tires slashed on the street overnight",
                            "Side mirror kicked off while parked"],
    ("auto", "fire"): ["Engine caught fire while parked", "Electrical fire under the dashboard"],
    ("auto", "hail"): ["Hail dented the car parked in the driveway", "Caught in a hail storm on the highway"],
    ("auto", "windstorm"): ["A branch fell on the car during the windstorm", "Wind blew debris into the windshield"],
    ("auto", "glass"): ["Rock chip spread across the windshield", "Side window shattered by road debris"],
    ("auto", "animal"): ["Hit a deer on the county road at dusk", "Struck a deer crossing the highway"],
    ("auto", "injury"): ["Rear-ended another car at a stop light", "Other driver injured in an intersection crash"],
}
DENIAL_REASONS = ["excluded_loss", "insufficient_documentation", "misrepresentation"]


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def money(x: float) -> str:
    return f"{x:.2f}"


class Builder:
    """Builds every table in memory, in an order that keeps the data consistent with the tools' rules."""

    def __init__(self) -> None:
        self.rng = random.Random(20260415)
        self.fake = Faker("en_US")
        self.fake.seed_instance(0)
        self.holders: list[dict[str, Any]] = []
        self.policies: list[dict[str, Any]] = []
        self.coverages: list[dict[str, Any]] = []
        self.bills: list[dict[str, Any]] = []
        self.adjusters: list[dict[str, Any]] = []
        self.claims: list[dict[str, Any]] = []
        self.items: list[dict[str, Any]] = []
        self.disbursements: list[dict[str, Any]] = []
        self.holder_by_id: dict[str, dict[str, Any]] = {}

    # -- people --------------------------------------------------------------------------------------------

    def make_holders(self, n: int) -> None:
        names: set[tuple[str, str]] = set()
        emails: set[str] = set()
        while len(self.holders) < n:
            first, last = self.fake.first_name(), self.fake.last_name()
            if (first, last) in names:
                continue
            names.add((first, last))
            i = len(self.holders) + 1
            style = self.rng.randrange(4)
            local = [f"{first}.{last}", f"{first}{last}", f"{first[0]}{last}", f"{first}_{last}"][style].lower()
            email = f"{local.replace(' ', '').replace(chr(39), '')}@{self.rng.choice(EMAIL_DOMAINS)}"
            if email in emails:
                email = email.replace("@", f"{self.rng.randint(2, 99)}@")
            emails.add(email)
            city, state, prefix = self.rng.choice(CITIES)
            dob = date(1950, 1, 1) + timedelta(days=self.rng.randrange(365 * 53))
            holder = {
                "holder_id": f"PH-{10000 + i}", "first_name": first, "last_name": last, "email": email,
                "phone": f"({self.rng.randint(201, 989)}) {self.rng.randint(200, 989)}-{self.rng.randint(0, 9999):04d}",
                "date_of_birth": dob.isoformat(), "street": self.street(),
                "city": city, "state": state, "zip_code": f"{prefix}{self.rng.randint(1, 99):02d}",
                "payout_method": "direct_deposit" if self.rng.random() < 0.65 else "check",
                "customer_since": (TODAY - timedelta(days=self.rng.randint(200, 365 * 14))).isoformat(),
            }
            self.holders.append(holder)
            self.holder_by_id[holder["holder_id"]] = holder

    def street(self) -> str:
        name = self.fake.street_name().split()[0]
        return f"{self.rng.randint(12, 9899)} {name} {self.rng.choice(SUFFIXES)}"

    def make_adjusters(self) -> None:
        authority = [10000, 10000, 10000, 25000, 25000, 25000, 75000, 75000]
        n = 0
        for line in ("home", "auto"):
            for limit in authority:
                n += 1
                first, last = self.fake.first_name(), self.fake.last_name()
                self.adjusters.append({
                    "staff_id": f"ADJ-{100 + n * 3}", "name": f"{first} {last}",
                    "work_email": f"{first[0].lower()}{last.lower()}@harborline.example.com", "specialty": line, "caseload_cap": 0,
                    "authority_limit": limit})

    # -- policies ------------------------------------------------------------------------------------------

    def make_policies(self) -> None:
        numbers: set[str] = set()

        def number(prefix: str) -> str:
            while True:
                n = f"{prefix}-{self.rng.randint(200000, 899999)}"
                if n not in numbers:
                    numbers.add(n)
                    return n

        for h in self.holders:
            lines = []
            r = self.rng.random()
            if r < 0.35:
                lines = ["home", "auto"]
            elif r < 0.55:
                lines = ["home"]
            elif r < 0.85:
                lines = ["auto"]
            else:
                lines = ["home", "auto", "auto"]
            for j, line in enumerate(lines):
                if line == "home":
                    item = f"{h['street']}, {h['city']}, {h['state']}"
                else:
                    model, _ = self.rng.choice(VEHICLES)
                    item = f"{self.rng.randint(2012, 2025)} {model}"
                    if any(p["insured_item"] == item for p in self.policies if p["holder_id"] == h["holder_id"]):
                        item = f"{self.rng.randint(2012, 2025)} {self.rng.choice(VEHICLES)[0]}"
                start = TODAY - timedelta(days=self.rng.randint(5, 355))
                premium = self.rng.uniform(900, 3200) if line == "home" else self.rng.uniform(700, 2400)
                self.policies.append({
                    "policy_number": number("HO" if line == "home" else "AU"), "holder_id": h["holder_id"],
                    "line": line, "insured_item": item, "status": "active", "term_start": start,
                    "term_end": add_months(start, 12) - timedelta(days=1), "annual_premium": round(premium, 2),
                    "billing_plan": "monthly" if self.rng.random() < 0.55 else "annual", "lapsed_on": None,
                    "reinstated_on": None, "cancelled_on": None, "cancel_reason": None,
                    "autopay": self.rng.random() < 0.7})
        monthly = [p for p in self.policies if p["billing_plan"] == "monthly"]
        # Lapses: recent ones (still reinstatable), older ones, and lapses that were later reinstated.
        kinds = {"recent": (45, 16, 13), "old": (160, 47, 10), "reinstated": (200, 45, 10)}
        pool = self.rng.sample(monthly, len(monthly))
        for kind, (earliest, latest, count) in kinds.items():
            done = 0
            while done < count and pool:
                p = pool.pop()
                dues = [d for d in (add_months(p["term_start"], k) for k in range(1, 12))
                        if TODAY - timedelta(days=earliest) <= d <= TODAY - timedelta(days=latest)]
                if not dues:
                    continue
                p["lapsed_on"] = self.rng.choice(dues) + timedelta(days=GRACE_DAYS)
                if kind == "reinstated":
                    p["reinstated_on"] = p["lapsed_on"] + timedelta(days=self.rng.randint(3, 27))
                else:
                    p["status"] = "lapsed"
                done += 1
        # Cancellations.
        for p in self.rng.sample([p for p in self.policies if p["status"] == "active" and not p["lapsed_on"]
                                  and (TODAY - p["term_start"]).days > 40], 26):
            p["status"] = "cancelled"
            p["cancelled_on"] = p["term_start"] + timedelta(days=self.rng.randint(20, (TODAY - p["term_start"]).days - 2))
            p["cancel_reason"] = self.rng.choice(["sold_property", "switched_insurer", "too_expensive",
                                                  "no_longer_needed"])

    def make_coverages(self) -> None:
        n = 40000
        for p in self.policies:
            if p["line"] == "home":
                dwelling = self.rng.randint(20, 65) * 10000
                rows = [("dwelling", dwelling, self.rng.choice([1000, 1000, 2500, 500])),
                        ("personal_property", round(dwelling * 0.5 / 5000) * 5000, self.rng.choice([500, 1000])),
                        ("liability", self.rng.choice([300000, 500000]), 0)]
                if self.rng.random() < 0.6:
                    rows.insert(2, ("water_backup", self.rng.choice([5000, 10000, 10000, 25000]),
                                    self.rng.choice([500, 1000, 1000])))
            else:
                year = int(p["insured_item"][:4])
                new = dict(VEHICLES)[p["insured_item"][5:]]
                value = round(new * (0.88 ** (2026 - year)) / 500) * 500
                rows = [("collision", value, self.rng.choice([500, 500, 1000, 250])),
                        ("comprehensive", value, self.rng.choice([250, 500])),
                        ("liability", self.rng.choice([100000, 250000, 300000]), 0)]
                if self.rng.random() < 0.12:
                    rows.pop(1)  # older cars often carry no comprehensive cover
            for ctype, limit, ded in rows:
                n += self.rng.randint(1, 4)
                self.coverages.append({"coverage_id": f"CV-{n}", "policy_number": p["policy_number"],
                                       "coverage_type": ctype, "coverage_limit": float(limit),
                                       "deductible": float(ded)})

    def make_bills(self) -> None:
        self.bill_no = 60000
        for p in self.policies:
            if p["billing_plan"] == "annual":
                paid_on = p["term_start"] - timedelta(days=self.rng.randint(0, 10))
                self.add_bill(p, p["term_start"], p["term_end"], p["annual_premium"], "paid", paid_on,
                              "autopay" if p["autopay"] else self.rng.choice(["card", "bank_transfer"]))
                continue
            monthly = round(p["annual_premium"] / 12, 2)
            end = p["cancelled_on"] or TODAY + timedelta(days=20)
            k = 0
            while True:
                start = add_months(p["term_start"], k)
                if start > end or start > p["term_end"]:
                    break
                period_end = add_months(p["term_start"], k + 1) - timedelta(days=1)
                k += 1
                method = "autopay" if p["autopay"] else self.rng.choice(["card", "bank_transfer"])
                if p["lapsed_on"] and start >= p["lapsed_on"] - timedelta(days=GRACE_DAYS):
                    if p["status"] == "lapsed":
                        if start <= TODAY:
                            self.add_bill(p, start, period_end, monthly, "overdue", None, None)
                        continue
                    # Reinstated: the missed bills were paid on the day of reinstatement.
                    if start <= p["reinstated_on"]:
                        self.add_bill(p, start, period_end, monthly, "paid", p["reinstated_on"], "card")
                        continue
                if p["cancelled_on"]:
                    self.add_bill(p, start, period_end, monthly, "paid", start, method)
                elif start > TODAY:
                    self.add_bill(p, start, period_end, monthly, "due", None, None)
                elif start > TODAY - timedelta(days=GRACE_DAYS) and not p["autopay"] and self.rng.random() < 0.35:
                    self.add_bill(p, start, period_end, monthly, "due", None, None)
                else:
                    paid_on = start if p["autopay"] else start - timedelta(days=self.rng.randint(0, 6))
                    self.add_bill(p, start, period_end, monthly, "paid", paid_on, method)

    def add_bill(self, p: dict[str, Any], start: date, end: date, amount: float, status: str,
                 paid_on: date | None, method: str | None) -> None:
        self.bill_no += self.rng.randint(1, 3)
        self.bills.append({"bill_id": f"BL-{self.bill_no}", "policy_number": p["policy_number"],
                           "period_start": start, "period_end": end, "due_date": start, "amount": amount,
                           "status": status, "paid_on": paid_on, "paid_method": method})

    def paid_through(self, policy_number: str) -> date | None:
        ends = [b["period_end"] for b in self.bills if b["policy_number"] == policy_number and b["status"] == "paid"]
        return max(ends) if ends else None

    def refunds(self) -> None:
        for p in self.policies:
            if p["status"] != "cancelled":
                continue
            through = self.paid_through(p["policy_number"])
            days = (through - p["cancelled_on"]).days if through else 0
            term_days = (p["term_end"] - p["term_start"]).days + 1
            amount = round(p["annual_premium"] * max(days, 0) / term_days + 1e-9, 2)
            if amount > 0:
                self.disburse(p, None, "premium_refund", amount, p["cancelled_on"])

    def disburse(self, p: dict[str, Any], claim_id: str | None, kind: str, amount: float, when: date) -> None:
        holder = self.holder_by_id[p["holder_id"]]
        self.disbursements.append({"disbursement_id": "", "policy_number": p["policy_number"], "claim_id": claim_id,
                                   "kind": kind, "amount": amount, "method": holder["payout_method"],
                                   "issued_on": when})

    # -- claims --------------------------------------------------------------------------------------------

    def in_force(self, p: dict[str, Any], d: date) -> bool:
        if d < p["term_start"] or d > p["term_end"] or d > TODAY:
            return False
        if p["cancelled_on"] and d > p["cancelled_on"]:
            return False
        if p["lapsed_on"] and d >= p["lapsed_on"] and (p["reinstated_on"] is None or d < p["reinstated_on"]):
            return False
        return True

    def make_claims(self) -> None:
        covs = defaultdict(list)
        for c in self.coverages:
            covs[c["policy_number"]].append(c)
        plans: list[tuple[dict[str, Any], str]] = []
        for p in self.policies:
            n = self.rng.choices([0, 1, 2], weights=[50, 38, 12])[0]
            plans += [(p, "closed")] * n
        current = self.rng.sample([p for p in self.policies if p["status"] == "active"], 128)
        current += self.rng.sample([p for p in self.policies if p["status"] != "active"], 14)
        states = (["filed"] * 30 + ["under_review"] * 62 + ["approved"] * 24 + ["recent_paid"] * 14
                  + ["recent_denied"] * 6 + ["withdrawn"] * 6)
        self.rng.shuffle(states)
        plans += list(zip(current, states))
        self.rng.shuffle(plans)
        for p, state in plans:
            self.plan_claim(p, covs[p["policy_number"]], state)
        self.limit_cases(covs)
        self.authority_cases(covs)
        self.claims.sort(key=lambda c: (c["filed_on"], c["incident_date"], c["policy_number"]))
        for i, c in enumerate(self.claims):
            c["claim_id"] = f"CLM-{70001 + i * 2 + self.rng.randint(0, 1)}"
        self.settle()

    def plan_claim(self, p: dict[str, Any], covs: list[dict[str, Any]], state: str) -> None:
        window = FILING_WINDOW[p["line"]]
        recent = state != "closed"
        lo = {"filed": 6, "under_review": 40, "approved": 45}.get(state, 55 if recent else 340)
        hi = {"filed": 0, "under_review": 2, "approved": 6}.get(state, 8 if recent else 25)
        for _ in range(40):
            filed = TODAY - timedelta(days=self.rng.randint(hi, lo))
            incident = filed - timedelta(days=min(self.rng.choice([0, 1, 1, 2, 3, 5, 8, 12, 20]), window - 1))
            # A policy with an open claim cannot be cancelled: claims filed before a cancellation closed before it.
            blocks = p["cancelled_on"] and filed <= p["cancelled_on"] and (
                recent or (p["cancelled_on"] - filed).days < 28)
            if self.in_force(p, incident) and filed >= p["term_start"] and not blocks:
                break
        else:
            return
        weights = {"collision": 6, "comprehensive": 5, "liability": 1, "dwelling": 6, "personal_property": 3,
                   "water_backup": 3}
        cov = self.rng.choices(covs, weights=[weights[c["coverage_type"]] for c in covs])[0]
        itype = self.rng.choice(COVERS[cov["coverage_type"]])
        status = {"closed": self.rng.choices(["paid", "denied", "withdrawn"], weights=[75, 15, 10])[0],
                  "recent_paid": "paid", "recent_denied": "denied"}.get(state, state)
        claim = {"claim_id": "", "policy_number": p["policy_number"], "coverage_id": cov["coverage_id"],
                 "incident_type": itype, "incident_date": incident,
                 "description": self.rng.choice(DESCRIPTIONS[(p["line"], itype)]), "filed_on": filed, "status": status,
                 "adjuster_id": None, "deductible": cov["deductible"], "approved_amount": None,
                 "denial_reason": None, "decided_on": None, "closed_on": None,
                 "_line": p["line"], "_cov": cov, "_items": []}
        key = (cov["coverage_type"], itype, "auto") if (cov["coverage_type"], itype, "auto") in ITEMS \
            and p["line"] == "auto" else (cov["coverage_type"], itype)
        catalog = ITEMS[key]
        count = self.rng.choices([0, 1, 2, 3], weights=[0, 45, 35, 20])[0]
        if status == "filed":
            count = self.rng.choice([0, 1, 1, 2])
        elif status == "under_review" and self.rng.random() < 0.08:
            count = 0
        for desc, a, b in self.rng.sample(catalog, min(count, len(catalog))):
            amount = round(self.rng.uniform(a, b), 2)
            added = filed + timedelta(days=self.rng.randint(0, min(3, (TODAY - filed).days)))
            claim["_items"].append((desc, amount, added))
        if status in ("paid", "approved", "denied"):
            claim["decided_on"] = min(filed + timedelta(days=self.rng.randint(4, 21)), TODAY - timedelta(days=1))
            if not claim["_items"]:
                desc, a, b = catalog[0]
                claim["_items"].append((desc, round(self.rng.uniform(a, b), 2), filed))
        if status == "withdrawn":
            claim["closed_on"] = min(filed + timedelta(days=self.rng.randint(1, 12)), TODAY - timedelta(days=1))
        self.claims.append(claim)

    def limit_cases(self, covs: dict[str, list[dict[str, Any]]]) -> None:
        """Coverages with a small limit that earlier payouts used up in part (or whole), and a claim now in review."""
        small = [c for p in self.policies if p["status"] == "active" for c in covs[p["policy_number"]]
                 if c["coverage_type"] in ("water_backup", "comprehensive") and c["coverage_limit"] <= 12000
                 and not any(x["coverage_id"] == c["coverage_id"] for x in self.claims)]
        by_number = {p["policy_number"]: p for p in self.policies}
        for i, cov in enumerate(self.rng.sample(small, 12)):
            p = by_number[cov["policy_number"]]
            share = 1.05 if i < 4 else self.rng.uniform(0.55, 0.85)
            used = cov["coverage_limit"] * share + cov["deductible"]
            earlier = p["term_start"] + timedelta(days=self.rng.randint(5, max(6, (TODAY - p["term_start"]).days - 60)))
            now = TODAY - timedelta(days=self.rng.randint(3, 20))
            if (now - earlier).days < 30:
                continue
            for status, filed, target in (("paid", earlier, used), ("under_review", now, None)):
                itype = self.rng.choice(COVERS[cov["coverage_type"]])
                catalog = ITEMS[(cov["coverage_type"], itype)]
                items = []
                for desc, a, b in self.rng.sample(catalog, min(3, len(catalog))):
                    items.append((desc, round(self.rng.uniform(a, b), 2), filed))
                if target is not None:
                    scale = target / sum(a for _, a, _ in items)
                    items = [(d, round(a * scale, 2), f) for d, a, f in items]
                incident = filed - timedelta(days=self.rng.randint(0, 6))
                if not self.in_force(p, incident):
                    break
                self.claims.append({
                    "claim_id": "", "policy_number": p["policy_number"], "coverage_id": cov["coverage_id"],
                    "incident_type": itype, "incident_date": incident,
                    "description": self.rng.choice(DESCRIPTIONS[(p["line"], itype)]), "filed_on": filed,
                    "status": status, "adjuster_id": None, "deductible": cov["deductible"], "approved_amount": None,
                    "denial_reason": None, "decided_on": filed + timedelta(days=9) if status == "paid" else None,
                    "closed_on": None, "_line": p["line"], "_cov": cov, "_items": items})

    def authority_cases(self, covs: dict[str, list[dict[str, Any]]]) -> None:
        """Large claims in review with a junior adjuster, whose payout is above that adjuster's authority limit."""
        big = [c for p in self.policies if p["status"] == "active" and not p["reinstated_on"]
               and (TODAY - p["term_start"]).days > 40 for c in covs[p["policy_number"]]
               if c["coverage_type"] in ("dwelling", "liability")
               and not any(x["coverage_id"] == c["coverage_id"] for x in self.claims)]
        by_number = {p["policy_number"]: p for p in self.policies}
        for cov in self.rng.sample(big, 4):
            p = by_number[cov["policy_number"]]
            itype = self.rng.choice(COVERS[cov["coverage_type"]])
            filed = TODAY - timedelta(days=self.rng.randint(4, 25))
            catalog = ITEMS[(cov["coverage_type"], itype)]
            items = [(desc, round(self.rng.uniform(max(a, 4000), max(b, 9000)), 2), filed)
                     for desc, a, b in self.rng.sample(catalog, min(3, len(catalog)))]
            self.claims.append({
                "claim_id": "", "policy_number": p["policy_number"], "coverage_id": cov["coverage_id"],
                "incident_type": itype, "incident_date": filed - timedelta(days=self.rng.randint(0, 5)),
                "description": self.rng.choice(DESCRIPTIONS[(p["line"], itype)]), "filed_on": filed,
                "status": "under_review", "adjuster_id": None, "deductible": cov["deductible"],
                "approved_amount": None, "denial_reason": None, "decided_on": None, "closed_on": None,
                "_line": p["line"], "_cov": cov, "_items": items, "_junior": True})

    def settle(self) -> None:
        """Payouts in the order the claims were decided: min(items - deductible, what is left of the limit)."""
        used: dict[str, float] = defaultdict(float)
        for c in sorted(self.claims, key=lambda c: (c["decided_on"] or TODAY, c["claim_id"])):
            if c["status"] not in ("paid", "approved", "denied"):
                continue
            total = sum(a for _, a, _ in c["_items"])
            limit = c["_cov"]["coverage_limit"]
            payout = round(min(total - c["deductible"], limit - used[c["_cov"]["coverage_id"]]), 2)
            if c["status"] == "denied" or payout <= 0:
                c["status"] = "denied"
                c["denial_reason"] = ("below_deductible" if total <= c["deductible"] else "limit_exhausted"
                                      if payout <= 0 else self.rng.choices(DENIAL_REASONS, weights=[4, 4, 1])[0])
                c["closed_on"] = c["decided_on"]
                continue
            c["approved_amount"] = payout
            used[c["_cov"]["coverage_id"]] += payout
            if c["status"] == "paid":
                c["closed_on"] = min(c["decided_on"] + timedelta(days=self.rng.randint(1, 6)), TODAY)

    def assign(self) -> None:
        by_line = defaultdict(list)
        for a in self.adjusters:
            by_line[a["specialty"]].append(a)
        load: dict[str, int] = defaultdict(int)
        for c in self.claims:
            if c["status"] in ("filed",) or (c["status"] == "withdrawn" and self.rng.random() < 0.5):
                continue
            options = [a for a in by_line[c["_line"]] if (c["approved_amount"] is None
                       or a["authority_limit"] >= c["approved_amount"])
                       and (not c.get("_junior") or a["authority_limit"] <= 10000)]
            if c["status"] in ("under_review", "approved"):
                options.sort(key=lambda a: (load[a["staff_id"]] + self.rng.random() * 2.5))
                adjuster = options[0]
                load[adjuster["staff_id"]] += 1
            else:
                adjuster = self.rng.choice(options)
            c["adjuster_id"] = adjuster["staff_id"]
        for line, group in by_line.items():
            full = self.rng.sample(group, 2)
            for a in group:
                extra = 0 if a in full else self.rng.randint(1, 4)
                a["caseload_cap"] = max(load[a["staff_id"]] + extra, 4 if a not in full else 0)

    # -- output --------------------------------------------------------------------------------------------

    def tables(self) -> dict[str, list[dict[str, Any]]]:
        items = []
        n = 90000
        for c in sorted(self.claims, key=lambda c: c["claim_id"]):
            for desc, amount, added in c["_items"]:
                n += self.rng.randint(1, 3)
                items.append({"item_id": f"CI-{n}", "claim_id": c["claim_id"], "description": desc,
                              "claimed_amount": amount, "added_on": added})
        policy_by_number = {p["policy_number"]: p for p in self.policies}
        for c in self.claims:
            if c["status"] == "paid":
                self.disburse(policy_by_number[c["policy_number"]], c["claim_id"], "claim_payout",
                              c["approved_amount"], c["closed_on"])
        self.disbursements.sort(key=lambda d: (d["issued_on"], d["claim_id"] or "", d["policy_number"]))
        for i, d in enumerate(self.disbursements):
            d["disbursement_id"] = f"DSB-{30001 + i}"
        claims = [{k: v for k, v in c.items() if not k.startswith("_")}
                  for c in sorted(self.claims, key=lambda c: c["claim_id"])]
        policies = [{k: v for k, v in p.items() if k != "autopay"} for p in self.policies]
        return {"policyholders": self.holders, "policies": policies, "coverages": self.coverages,
                "premium_bills": self.bills, "adjusters": self.adjusters, "claims": claims, "claim_items": items,
                "disbursements": self.disbursements}


def build() -> dict[str, list[dict[str, Any]]]:
    b = Builder()
    b.make_holders(170)
    b.make_adjusters()
    b.make_policies()
    b.make_coverages()
    b.make_bills()
    b.refunds()
    b.make_claims()
    b.assign()
    return b.tables()


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return money(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for table, rows in build().items():
        with (args.out / f"{table}.csv").open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows({k: cell(v) for k, v in row.items()} for row in rows)


if __name__ == "__main__":
    main()
