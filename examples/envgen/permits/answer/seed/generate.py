"""Deterministic seed data for the permits environment (the Westmere Permit Center).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Applicant, contractor and inspector names come from Faker, pinned to version 40.63.0
(``pip install "faker==40.63.0"``; another version draws other names) and seeded; everything else comes from
``random.Random(SEED)``. The data follows the office's rules: fees are computed from the permit type's schedule,
issued permits have every fee paid (reinspection fees aside), bookings use free slots of the right trade and
district, and a final inspection is booked only after the others passed.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from faker import Faker

SEED = 0
NOW = datetime(2026, 9, 15, 9, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
N_APPLICANTS = 130
DISTRICTS = ["North", "South", "East", "West", "Central"]
STREETS = {
    "North": ["Larkspur Road", "Fennel Street", "Quarry Hill Drive", "Osprey Lane", "Northgate Avenue"],
    "South": ["Tamarack Way", "Saltmarsh Road", "Bellweather Street", "Harrow Court", "Kilnworth Avenue"],
    "East": ["Juniper Terrace", "Sunrise Boulevard", "Cobble Mill Road", "Pennant Street", "Eastbrook Drive"],
    "West": ["Cedar Bluff Road", "Willowmere Lane", "Sandpiper Way", "Foundry Street", "Westhaven Avenue"],
    "Central": ["Market Street", "Civic Plaza", "Elm Row", "Tannery Lane", "Harbor Avenue"],
}
POSTAL = {"North": "5810", "South": "5811", "East": "5812", "West": "5813", "Central": "5814"}
TRADES = {"footing": "building", "framing": "building", "insulation": "building", "final": "building",
          "electrical_rough": "electrical", "plumbing_rough": "plumbing_mechanical",
          "mechanical_rough": "plumbing_mechanical"}

# permit_type, name, category, licence_class, plan_review_pct, plan_review_min, permit_fee_base, per_1000,
# validity_days, inspections, valuation range, work descriptions
PERMIT_TYPES = [
    ("RES-NEW", "New single-family dwelling", "residential", "general", "0.65", "250.00", "480.00", "8.75", 365,
     "footing,framing,electrical_rough,plumbing_rough,mechanical_rough,insulation,final", (240000, 520000),
     ["{n} sq ft two-storey house", "{n} sq ft single-storey house with garage"]),
    ("RES-ADD", "Residential addition", "residential", "general", "0.65", "150.00", "210.00", "9.50", 270,
     "footing,framing,electrical_rough,insulation,final", (30000, 140000),
     ["{n} sq ft rear addition", "{n} sq ft second-floor bedroom addition", "{n} sq ft sunroom addition"]),
    ("RES-ALT", "Residential remodel", "residential", "general", "0.55", "120.00", "160.00", "8.00", 180,
     "framing,electrical_rough,plumbing_rough,final", (12000, 90000),
     ["{n} sq ft kitchen remodel", "{n} sq ft basement finish", "{n} sq ft bathroom remodel"]),
    ("RES-DECK", "Deck or porch", "residential", None, "0.50", "60.00", "90.00", "6.00", 180,
     "footing,final", (4000, 30000), ["{n} sq ft rear deck", "{n} sq ft covered front porch"]),
    ("RES-ROOF", "Re-roof", "trade", "roofing", "0.25", "45.00", "110.00", "4.00", 120, "final", (8000, 38000),
     ["{n} sq ft asphalt shingle re-roof", "{n} sq ft metal roof replacement"]),
    ("ELEC-SVC", "Electrical service upgrade", "trade", "electrical", "0.30", "45.00", "95.00", "5.00", 120,
     "electrical_rough,final", (2500, 16000), ["200 A panel upgrade with {n} circuits",
     "EV charger and subpanel with {n} circuits"]),
    ("PLMB-REP", "Plumbing repipe or water heater", "trade", "plumbing", "0.30", "45.00", "85.00", "5.00", 120,
     "plumbing_rough,final", (1800, 22000), ["whole-house repipe of {n} fixtures",
     "tankless water heater for {n} fixtures"]),
    ("MECH-HVAC", "HVAC replacement", "trade", "mechanical", "0.30", "45.00", "95.00", "5.50", 120,
     "mechanical_rough,final", (6000, 28000), ["{n}-ton heat pump replacement", "{n}-ton furnace and ductwork replacement"]),
    ("COM-TI", "Commercial tenant improvement", "commercial", "general", "0.80", "300.00", "420.00", "11.00", 365,
     "framing,electrical_rough,plumbing_rough,mechanical_rough,final", (60000, 380000),
     ["{n} sq ft restaurant fit-out", "{n} sq ft office suite build-out", "{n} sq ft retail fit-out"]),
    ("COM-SIGN", "Commercial sign", "commercial", None, "0.40", "50.00", "120.00", "7.00", 180, "final",
     (2000, 15000), ["{n} sq ft illuminated wall sign", "{n} sq ft monument sign"]),
    ("DEMO", "Building demolition", "residential", "general", "0.30", "75.00", "180.00", "3.00", 90, "final",
     (9000, 60000), ["{n} sq ft detached garage demolition", "{n} sq ft house demolition"]),
]
SIZES = {"RES-NEW": (1400, 3600), "RES-ADD": (180, 900), "RES-ALT": (60, 1400), "RES-DECK": (80, 600),
         "RES-ROOF": (1200, 3400), "ELEC-SVC": (4, 40), "PLMB-REP": (4, 30), "MECH-HVAC": (2, 6),
         "COM-TI": (800, 6000), "COM-SIGN": (12, 120), "DEMO": (300, 2400)}
TYPE_WEIGHTS = [4, 10, 12, 10, 8, 9, 7, 7, 6, 4, 3]
LICENCE_CLASSES = {"general": 16, "electrical": 8, "plumbing": 7, "mechanical": 6, "roofing": 6}
BUSINESS = {"general": ["Builders", "Construction", "Homeworks", "Building Company"],
            "electrical": ["Electric", "Electrical Services", "Power & Light"],
            "plumbing": ["Plumbing", "Pipe & Drain", "Plumbing Company"],
            "mechanical": ["Heating & Air", "Mechanical", "Climate Systems"],
            "roofing": ["Roofing", "Roof & Gutter", "Roofworks"]}
WORDS = ["Alder", "Birchline", "Copperleaf", "Driftwood", "Evergreen", "Fieldstone", "Granite Ridge", "Hollybrook",
         "Ironbark", "Juniper", "Keystone", "Lanternfly", "Millbrook", "Northstar", "Oakhaven", "Pinecrest",
         "Quillon", "Redfern", "Stonegate", "Timberline", "Upland", "Valecrest", "Westwind", "Yarrow", "Zephyr",
         "Bluestem", "Cinder", "Dovetail", "Emberly", "Foxglove", "Gullwing", "Harborlight", "Kestrel", "Larch",
         "Meadowlark", "Nettle", "Oriole", "Plumb Line", "Riverbend", "Sagebrush", "Thistle", "Whitecap",
         "Brambleton", "Corbel", "Lintel"]
# status: weight (for applications)
STATUSES = {"draft": 12, "submitted": 10, "under_review": 11, "approved": 13, "issued": 34, "finaled": 8,
            "rejected": 6, "withdrawn": 6}

COLUMNS: dict[str, list[str]] = {
    "applicants": ["applicant_id", "first_name", "last_name", "email", "phone", "mailing_address", "postal_code"],
    "permit_types": ["permit_type", "name", "category", "licence_class", "plan_review_pct", "plan_review_min",
                     "permit_fee_base", "permit_fee_per_1000", "validity_days", "inspections"],
    "contractors": ["contractor_id", "business_name", "licence_class", "licence_number", "licence_expires",
                    "insurance_expires", "status", "phone"],
    "applications": ["application_id", "applicant_id", "permit_type", "site_address", "district", "description",
                     "valuation", "contractor_id", "status", "created_on", "submitted_on", "decided_on", "issued_on",
                     "expires_on", "permit_number", "extended", "withdrawal_reason"],
    "fees": ["fee_id", "application_id", "kind", "amount", "status", "assessed_on", "paid_on", "payment_method",
             "convenience_charge"],
    "inspectors": ["inspector_id", "first_name", "last_name", "trade"],
    "inspection_slots": ["slot_id", "inspector_id", "district", "starts_at", "ends_at"],
    "inspections": ["inspection_id", "application_id", "inspection_type", "sequence", "status", "slot_id",
                    "failed_count", "result_on"],
}


def money(x: Any) -> Decimal:
    return Decimal(str(x)).quantize(Decimal("0.01"), ROUND_HALF_UP)


def plan_review_fee(t: tuple, valuation: Decimal) -> Decimal:
    return max(Decimal(t[5]), money(valuation * Decimal(t[4]) / 100))


def permit_fee(t: tuple, valuation: Decimal) -> Decimal:
    return money(Decimal(t[6]) + Decimal(t[7]) * math.ceil(valuation / 1000))


def business_days(start: date, end: date) -> list[date]:
    return [start + timedelta(days=i) for i in range((end - start).days + 1)
            if (start + timedelta(days=i)).weekday() < 5]


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(SEED)
        self.fake = Faker("en_US")
        self.tables: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.booked: set[str] = set()

    # -- reference data -----------------------------------------------------------------------------------

    def people(self) -> None:
        rng, fake = self.rng, self.fake
        seen: set[str] = set()
        for i in range(1, N_APPLICANTS + 1):
            first, last = fake.first_name(), fake.last_name()
            district = rng.choice(DISTRICTS)
            email = f"{first.lower()}.{last.lower()}{'' if f'{first}{last}' not in seen else i}@" \
                    f"{rng.choice(['example.net', 'example.org', 'example.com'])}"
            seen.add(f"{first}{last}")
            self.tables["applicants"].append({
                "applicant_id": f"APL-{i:04d}", "first_name": first, "last_name": last, "email": email,
                "phone": f"555-{rng.randint(200, 989):03d}-{rng.randint(0, 9999):04d}",
                "mailing_address": f"{rng.randint(10, 2999)} {rng.choice(STREETS[district])}",
                "postal_code": POSTAL[district] + str(rng.randint(0, 9))})
        for t in PERMIT_TYPES:
            self.tables["permit_types"].append(dict(zip(COLUMNS["permit_types"], t[:10])))
        words = list(WORDS)
        rng.shuffle(words)
        n = 0
        for cls, count in LICENCE_CLASSES.items():
            for _ in range(count):
                n += 1
                # Every class has valid contractors and ones each rule refuses: by position in the class.
                case = (n - 1 - sum(c["licence_class"] != cls for c in self.tables["contractors"])) % 8
                licence = TODAY + timedelta(days=rng.randint(60, 700))
                insurance = TODAY + timedelta(days=rng.randint(30, 400))
                if case == 1:
                    licence = TODAY - timedelta(days=rng.randint(3, 90))
                elif case == 2:
                    insurance = TODAY - timedelta(days=rng.randint(2, 60))
                elif case == 5:
                    licence = TODAY + timedelta(days=rng.randint(0, 20))
                status = "suspended" if case == 3 else "active"
                self.tables["contractors"].append({
                    "contractor_id": f"CTR-{n:03d}", "business_name": f"{words.pop()} {rng.choice(BUSINESS[cls])}",
                    "licence_class": cls, "licence_number": f"{cls[:2].upper()}-{rng.randint(100000, 999999)}",
                    "licence_expires": licence, "insurance_expires": insurance, "status": status,
                    "phone": f"555-{rng.randint(200, 989):03d}-{rng.randint(0, 9999):04d}"})
        trades = ["building"] * 5 + ["electrical"] * 3 + ["plumbing_mechanical"] * 3
        for i, trade in enumerate(trades, start=1):
            self.tables["inspectors"].append({"inspector_id": f"INSP-{i:02d}", "first_name": fake.first_name(),
                                              "last_name": fake.last_name(), "trade": trade})

    def slots(self) -> None:
        n = 0
        days = business_days(TODAY - timedelta(days=60), TODAY + timedelta(days=21))
        for d_index, day in enumerate(days):
            for insp in self.tables["inspectors"]:
                k = int(insp["inspector_id"][-2:])
                district = DISTRICTS[k - 1] if insp["trade"] == "building" else DISTRICTS[(d_index + k) % 5]
                for start, end in ((8, 12), (13, 16)):
                    n += 1
                    self.tables["inspection_slots"].append({
                        "slot_id": f"SLT-{n:05d}", "inspector_id": insp["inspector_id"], "district": district,
                        "starts_at": datetime(day.year, day.month, day.day, start), "ends_at":
                        datetime(day.year, day.month, day.day, end)})

    def free_slot(self, inspection_type: str, district: str, lo: date, hi: date) -> dict[str, Any] | None:
        trade = TRADES[inspection_type]
        trade_of = {i["inspector_id"]: i["trade"] for i in self.tables["inspectors"]}
        options = [s for s in self.tables["inspection_slots"] if s["district"] == district and
                   trade_of[s["inspector_id"]] == trade and lo <= s["starts_at"].date() <= hi and
                   s["slot_id"] not in self.booked]
        if not options:
            return None
        slot = self.rng.choice(options)
        self.booked.add(slot["slot_id"])
        return slot

    # -- applications -------------------------------------------------------------------------------------

    def contractor_for(self, t: tuple, valid: bool) -> str | None:
        cls = t[3] or "general"
        pool = [c for c in self.tables["contractors"] if c["licence_class"] == cls and c["status"] == "active" and
                (c["licence_expires"] >= TODAY and c["insurance_expires"] >= TODAY) == valid]
        return self.rng.choice(pool)["contractor_id"] if pool else None

    def fee(self, app: dict[str, Any], kind: str, amount: Decimal, assessed: date, paid: bool) -> None:
        method = self.rng.choice(["card", "echeck"]) if paid else None
        n = len(self.tables["fees"]) + 1
        self.tables["fees"].append({
            "fee_id": f"FEE-{n:05d}", "application_id": app["application_id"], "kind": kind, "amount": amount,
            "status": "paid" if paid else "due", "assessed_on": assessed,
            "paid_on": min(TODAY, assessed + timedelta(days=self.rng.randint(0, 6))) if paid else None,
            "payment_method": method, "convenience_charge": money(amount * Decimal("0.025")) if method == "card"
            else Decimal("0.00")})

    def applications(self) -> None:
        rng = self.rng
        n = 0
        statuses, weights = list(STATUSES), list(STATUSES.values())
        for applicant in self.tables["applicants"]:
            home_district = next(d for d, p in POSTAL.items() if applicant["postal_code"].startswith(p))
            for _ in range(rng.choice([1, 1, 2, 2, 2, 3, 3, 4])):
                n += 1
                t = rng.choices(PERMIT_TYPES, weights=TYPE_WEIGHTS)[0]
                own = t[2] != "commercial" and rng.random() < 0.75
                district = home_district if own else rng.choice(DISTRICTS)
                site = applicant["mailing_address"] if own else f"{rng.randint(10, 2999)} " \
                                                                f"{rng.choice(STREETS[district])}"
                status = rng.choices(statuses, weights=weights)[0]
                self.application(applicant, n, t, site, district, status)

    def application(self, applicant: dict[str, Any], n: int, t: tuple, site: str, district: str,
                    status: str) -> None:
        rng = self.rng
        lo, hi = t[10]
        valuation = money(rng.randint(lo // 50, hi // 50) * 50)
        lo_size, hi_size = SIZES[t[0]]
        size = rng.randint(lo_size, hi_size) if hi_size <= 40 else rng.randint(lo_size // 10, hi_size // 10) * 10
        desc = rng.choice(t[11]).format(n=size)
        validity = t[8]
        issued = expires = decided = submitted = None
        if status in ("issued", "finaled"):
            if status == "issued" and rng.random() < 0.3:
                issued = TODAY - timedelta(days=validity - rng.randint(1, 30))  # in its last 30 days
            else:
                issued = TODAY - timedelta(days=rng.randint(2, validity - 31))
            decided = issued - timedelta(days=rng.randint(1, 20))
            submitted = decided - timedelta(days=rng.randint(7, 40))
            expires = issued + timedelta(days=validity)
        elif status in ("approved", "rejected"):
            decided = TODAY - timedelta(days=rng.randint(1, 40))
            submitted = decided - timedelta(days=rng.randint(7, 40))
        elif status in ("submitted", "under_review", "withdrawn"):
            submitted = TODAY - timedelta(days=rng.randint(1 if status == "submitted" else 4, 30))
        created = (submitted or TODAY) - timedelta(days=rng.randint(0 if status != "draft" else 1, 25))
        needs = t[3] is not None
        valid_contractor = not (status == "approved" and rng.random() < 0.15)
        contractor = self.contractor_for(t, valid_contractor) if needs or rng.random() < 0.3 else None
        if status == "draft" and needs and rng.random() < 0.35:
            contractor = None
        app = {"application_id": f"APP-{created.year % 100:02d}-{n:04d}", "applicant_id": applicant["applicant_id"],
               "permit_type": t[0], "site_address": site, "district": district, "description": desc,
               "valuation": valuation, "contractor_id": contractor, "status": status, "created_on": created,
               "submitted_on": submitted, "decided_on": decided, "issued_on": issued, "expires_on": expires,
               "permit_number": None, "extended": False,
               "withdrawal_reason": rng.choice(["project_cancelled", "changing_scope", "wrong_permit_type", "other"])
               if status == "withdrawn" else None}
        self.tables["applications"].append(app)
        if submitted is None:
            return
        review_paid = status != "submitted" or rng.random() < 0.5
        if status == "under_review" and rng.random() < 0.15:
            review_paid = False
        self.fee(app, "plan_review", plan_review_fee(t, valuation), submitted,
                 review_paid and status != "withdrawn" or (status == "withdrawn" and rng.random() < 0.5))
        if status == "withdrawn":
            last = self.tables["fees"][-1]
            last["status"] = "refunded" if last["status"] == "paid" and rng.random() < 0.5 else \
                "waived" if last["status"] == "due" else last["status"]
        if decided is None or status == "rejected":
            return
        # An approved permit whose contractor's licence lapsed since approval has its fees paid: only the
        # contractor stops its issuance.
        self.fee(app, "permit", permit_fee(t, valuation), decided,
                 status != "approved" or not valid_contractor or rng.random() < 0.4)
        if issued is not None:
            self.inspections(app, t, issued, status)

    def inspections(self, app: dict[str, Any], t: tuple, issued: date, status: str) -> None:
        rng = self.rng
        kinds = t[9].split(",")
        passed = len(kinds) if status == "finaled" else rng.randint(0, len(kinds) - 1)
        elapsed = max(1, (TODAY - issued).days)
        if status == "issued" and (app["expires_on"] - TODAY).days <= 30 and passed == 0 and rng.random() < 0.7:
            passed = 1 if len(kinds) > 1 else 0
        # A permit extended once already, in its last month again: passed inspections and the flag.
        if status == "issued" and passed and (app["expires_on"] - TODAY).days <= 30 and rng.random() < 0.25:
            app["extended"] = True
            issued = issued - timedelta(days=90)
            app["issued_on"], app["decided_on"] = issued, app["decided_on"] - timedelta(days=90)
            app["submitted_on"] -= timedelta(days=90)
            app["created_on"] -= timedelta(days=90)
            for f in self.tables["fees"]:
                if f["application_id"] == app["application_id"]:
                    f["assessed_on"] -= timedelta(days=90)
                    f["paid_on"] = f["paid_on"] and f["paid_on"] - timedelta(days=90)
        app["permit_number"] = f"BP-{issued.year}-{len(self.tables['inspections']) + 1:05d}"
        history_start = max(issued + timedelta(days=1), TODAY - timedelta(days=58))
        for seq, kind in enumerate(kinds, start=1):
            iid = f"INS-{len(self.tables['inspections']) + 1:05d}"
            row = {"inspection_id": iid, "application_id": app["application_id"], "inspection_type": kind,
                   "sequence": seq, "status": "pending", "slot_id": None, "failed_count": 0, "result_on": None}
            self.tables["inspections"].append(row)
            if seq <= passed:
                span = (TODAY - history_start).days
                lo = history_start + timedelta(days=(seq - 1) * span // max(1, passed + 1))
                slot = self.free_slot(kind, app["district"], lo, TODAY - timedelta(days=1)) if span > 0 else None
                row.update(status="passed", failed_count=int(rng.random() < 0.15),
                           slot_id=slot["slot_id"] if slot else None,
                           result_on=slot["starts_at"].date() if slot else issued + timedelta(
                               days=min(elapsed, seq * 5)))
                if row["result_on"] > TODAY:
                    row["result_on"] = TODAY - timedelta(days=1)
            elif seq == passed + 1 and status == "issued":
                roll = rng.random()
                if roll < 0.3:  # failed: a reinspection fee, paid or not
                    slot = self.free_slot(kind, app["district"], TODAY - timedelta(days=12), TODAY - timedelta(days=1))
                    row.update(status="failed", failed_count=1, slot_id=slot["slot_id"] if slot else None,
                               result_on=slot["starts_at"].date() if slot else TODAY - timedelta(days=3))
                    self.fee(app, "reinspection", Decimal("95.00"), row["result_on"], rng.random() < 0.45)
                elif roll < 0.7:  # booked in the coming days (a few today)
                    first = TODAY if rng.random() < 0.12 else TODAY + timedelta(days=1)
                    slot = self.free_slot(kind, app["district"], first, TODAY + timedelta(days=14))
                    if slot is not None:
                        row.update(status="scheduled", slot_id=slot["slot_id"])
        if app["extended"]:
            self.fee(app, "extension", Decimal("75.00"), TODAY - timedelta(days=rng.randint(20, 80)), True)


def cell(value: Any) -> Any:
    """A CSV cell: NULL as empty, booleans as true/false, dates and times in ISO format."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    world = World()
    world.people()
    world.slots()
    world.applications()
    args.out.mkdir(parents=True, exist_ok=True)
    for table, columns in COLUMNS.items():
        with (args.out / f"{table}.csv").open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows({c: cell(row[c]) for c in columns} for row in world.tables[table])


if __name__ == "__main__":
    main()
