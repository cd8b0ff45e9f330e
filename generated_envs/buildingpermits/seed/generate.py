"""Deterministic seed data for the permits environment (City of Marrowfield permit and inspection counter).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Names come from Faker, pinned to version 40.63.0 and seeded; everything else comes from
``random.Random(SEED)``. Fees follow the same formulas as ``tools.py``: the permit fee is the type's base fee plus its
rate per started $1,000 of valuation (never below its minimum), plan review a percentage of it, historic review a
flat fee for exterior work in the historic district, re-inspection and extension fees after the fact.
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

from envfactory_gym.authoring.kit import money
from envfactory_gym.authoring.seed import write_seed

SEED = 20261008
NOW = datetime(2026, 10, 8, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

HISTORIC_REVIEW_FEE = 125.00
REINSPECTION_FEE = 95.00
EXTENSION_DAYS = 90
PER_INSPECTOR = 3  # inspections per inspector per window
AHEAD = 10  # business days ahead an inspection can be booked

HOLIDAYS = [
    (date(2026, 1, 1), "New Year's Day"), (date(2026, 1, 19), "Martin Luther King Jr. Day"),
    (date(2026, 2, 16), "Presidents' Day"), (date(2026, 5, 25), "Memorial Day"), (date(2026, 6, 19), "Juneteenth"),
    (date(2026, 7, 3), "Independence Day (observed)"), (date(2026, 9, 7), "Labor Day"),
    (date(2026, 10, 12), "Indigenous Peoples' Day"), (date(2026, 11, 11), "Veterans Day"),
    (date(2026, 11, 26), "Thanksgiving Day"), (date(2026, 11, 27), "Day after Thanksgiving"),
    (date(2026, 12, 25), "Christmas Day"), (date(2025, 11, 11), "Veterans Day"),
    (date(2025, 11, 27), "Thanksgiving Day"), (date(2025, 12, 25), "Christmas Day"),
]
HOLIDAY_SET = {d for d, _ in HOLIDAYS}

# code, name, base, rate/1000, min, plan %, trade, owner-builder, zones, sequence, validity, max ext, exterior,
# valuation range, descriptions
ALL_ZONES = "R-1,R-2,MU,C-1,I-1"
TYPES = [
    ("RES-NEW", "New single-family dwelling", 250, 9.50, 500, 65, "general", False, "R-1,R-2,MU",
     "footing,foundation,framing,insulation,final", 365, 2, True, (240_000, 620_000),
     ["New two-story single-family dwelling", "New one-story single-family dwelling with attached garage"]),
    ("RES-ADD", "Residential addition", 150, 9.50, 300, 65, "general", False, "R-1,R-2,MU",
     "footing,framing,insulation,final", 270, 2, True, (45_000, 180_000),
     ["Rear addition: primary bedroom suite", "Second-story addition over existing garage",
      "Family room addition"]),
    ("ADU", "Accessory dwelling unit", 200, 9.00, 400, 65, "general", False, "R-1,R-2",
     "footing,framing,insulation,final", 365, 2, True, (90_000, 220_000),
     ["Detached accessory dwelling unit in rear yard", "Garage conversion to accessory dwelling unit"]),
    ("RES-ALT", "Residential remodel", 95, 8.00, 150, 50, "general", True, "R-1,R-2,MU", "framing,final", 180, 1,
     False, (12_000, 90_000),
     ["Kitchen remodel with bearing wall removal", "Basement finish with new bedroom", "Bathroom remodel"]),
    ("DECK", "Deck or porch", 75, 6.00, 120, 40, "general", True, "R-1,R-2,MU", "footing,framing,final", 180, 1,
     True, (6_000, 35_000), ["Rear deck, pressure-treated, 16 x 20 ft", "Covered front porch", "Raised composite deck"]),
    ("FENCE", "Fence over 6 feet", 60, 0, 60, 0, "general", True, ALL_ZONES, "final", 180, 1, True,
     (3_000, 15_000), ["7-ft cedar privacy fence along rear lot line", "8-ft chain-link security fence"]),
    ("ROOF", "Re-roof", 85, 3.00, 110, 0, "roofing", True, ALL_ZONES, "sheathing,final", 180, 1, True,
     (8_000, 30_000), ["Tear-off and re-roof, architectural shingles", "Replace flat roof membrane"]),
    ("ELEC", "Electrical service or wiring", 70, 7.00, 95, 0, "electrical", False, ALL_ZONES,
     "rough_electrical,final", 180, 1, False, (1_500, 25_000),
     ["Service upgrade to 200 A panel", "Rewire of first floor", "EV charger circuit in garage"]),
    ("PLMB", "Plumbing", 70, 7.00, 95, 0, "plumbing", False, ALL_ZONES, "rough_plumbing,final", 180, 1, False,
     (1_000, 20_000), ["Water heater replacement", "Whole-house repipe in PEX", "New bathroom rough-in"]),
    ("MECH", "Mechanical / HVAC", 70, 6.50, 95, 0, "mechanical", False, ALL_ZONES, "rough_mechanical,final", 180, 1,
     False, (5_000, 22_000), ["Heat pump replacement", "New furnace and ductwork", "Ductless mini-split system"]),
    ("SOLAR", "Rooftop solar", 150, 2.00, 150, 25, "electrical", False, ALL_ZONES, "rough_electrical,final", 180, 1,
     True, (15_000, 40_000), ["Rooftop photovoltaic system, 7.6 kW", "Rooftop photovoltaic system with battery"]),
    ("POOL", "In-ground pool", 180, 8.00, 350, 40, "general", False, "R-1", "excavation,bonding,final", 270, 1, True,
     (45_000, 110_000), ["In-ground gunite pool, 16 x 32 ft", "In-ground vinyl pool with safety fence"]),
    ("DEMO", "Demolition", 200, 0, 200, 0, "general", False, ALL_ZONES, "final", 90, 0, True, (5_000, 60_000),
     ["Demolition of detached garage", "Demolition of fire-damaged shed", "Interior demolition"]),
    ("SIGN", "Commercial sign", 90, 5.00, 120, 30, "general", False, "MU,C-1,I-1", "footing,final", 180, 1, True,
     (2_000, 18_000), ["Illuminated wall sign", "Monument sign at entrance"]),
    ("COM-TI", "Commercial tenant improvement", 300, 10.00, 600, 70, "general", False, "MU,C-1,I-1",
     "framing,rough_electrical,final", 365, 2, False, (60_000, 900_000),
     ["Tenant improvement: restaurant build-out", "Tenant improvement: dental office", "Retail shell fit-out"]),
]
TYPE = {t[0]: t for t in TYPES}

STREETS = ["Alder Row", "Quarry Hill Road", "Tanner Street", "Millpond Lane", "Larch Avenue", "Cobble Way",
           "Heron Bend", "Foundry Street", "Orchard Terrace", "Bellwether Drive", "Kestrel Court", "Saltbox Lane",
           "Wicklow Street", "Juniper Hollow", "Canal Street", "Sparrow Hill Road", "Granary Avenue", "Thistle Way",
           "Old Ferry Road", "Lantern Street", "Copperleaf Drive", "Brambleton Avenue", "Fairmount Street",
           "Ridgeview Place", "Waterloo Street", "Mossbank Lane", "Birchfield Road", "Station Street"]
DISTRICTS = ["north", "south", "east", "west", "central"]
ZONES = ["R-1", "R-2", "MU", "C-1", "I-1"]
INSPECTORS = [("INSP-01", "north"), ("INSP-02", "north"), ("INSP-03", "south"), ("INSP-04", "south"),
              ("INSP-05", "east"), ("INSP-06", "west"), ("INSP-07", "west"), ("INSP-08", "central")]
TRADES = {"general": "GC", "electrical": "EL", "plumbing": "PL", "mechanical": "MC", "roofing": "RF"}
BUSINESS_WORDS = {"general": ["Builders", "Construction", "Homeworks", "Contracting"],
                  "electrical": ["Electric", "Electrical Services"], "plumbing": ["Plumbing", "Plumbing & Drain"],
                  "mechanical": ["Heating & Air", "Mechanical"], "roofing": ["Roofing", "Roof Systems"]}
BUSINESS_STEMS = ["Brightline", "Ironbark", "Keystone", "Northgate", "Red Maple", "Stillwater", "Tallpine",
                  "Copper Creek", "Bluestone", "Harbor Point", "Summit Ridge", "Oakhaven", "Fieldstone", "Evergreen",
                  "Granite State", "Willow Bend", "Lakeside", "Pioneer", "Cedar Hollow", "Riverbend", "Silver Birch",
                  "Old Town", "Westfield", "Kingsbridge", "Maple Leaf", "Sunrise", "Hillcrest", "Thornbury",
                  "Blackwater", "Greystone", "Meadowlark", "Eastway", "Crown Point", "Larkspur", "Foxglove",
                  "Ironwood", "Rosewood", "Beacon", "Millstone", "Ashford", "Highfield", "Stonegate", "Rivermill",
                  "Clearwater", "Deer Run", "Brookside", "Timberline", "Quarrystone", "Wheelwright", "Northwind"]
FAIL_NOTES = {
    "footing": ["Footing depth below 30 in. at north corner", "Rebar not supported off soil"],
    "foundation": ["Anchor bolts missing at garage wall", "Damp-proofing incomplete"],
    "framing": ["Missing hold-down at shear wall", "Header undersized over patio door", "Joist hangers not nailed"],
    "insulation": ["Attic baffles missing", "Gaps in wall insulation at rim joist"],
    "sheathing": ["Nailing pattern not to code at eaves"],
    "rough_electrical": ["Box fill exceeded in kitchen", "Missing GFCI protection in bathroom"],
    "rough_plumbing": ["Test pressure not held", "Vent not extended through roof"],
    "rough_mechanical": ["Clearance to combustibles insufficient", "Condensate line not trapped"],
    "excavation": ["Setback to rear lot line under 10 ft"],
    "bonding": ["Bonding grid incomplete at pool steps"],
    "final": ["Smoke alarms not interconnected", "Handrail missing on stairs", "Address numbers not posted",
              "Guard height under 36 in."],
}
PASS_NOTE = "Approved"
CANCEL_REASONS = ["not_ready", "weather", "contractor_unavailable", "owner_unavailable"]
WITHDRAW_REASONS = ["project_cancelled", "applied_in_error", "budget", "hired_other_contractor"]


def is_business(d: date) -> bool:
    return d.weekday() < 5 and d not in HOLIDAY_SET


def business_days_after(d: date, n: int) -> date:
    while n > 0:
        d += timedelta(days=1)
        n -= is_business(d)
    return d


def prev_business(d: date) -> date:
    d -= timedelta(days=1)
    while not is_business(d):
        d -= timedelta(days=1)
    return d


def next_business(d: date) -> date:
    while not is_business(d):
        d += timedelta(days=1)
    return d


def permit_fee(t: tuple, valuation: float) -> float:
    return money(max(t[4], t[2] + t[3] * math.ceil(valuation / 1000)))


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.tables: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.load: dict[tuple[str, date, str], int] = defaultdict(int)  # inspector, day, window -> booked
        self.apps: list[dict[str, Any]] = []
        self.inspections: list[dict[str, Any]] = []
        self.fees: list[dict[str, Any]] = []
        self.refunds: list[dict[str, Any]] = []

    # -- helpers -------------------------------------------------------------------------------------------

    def at(self, day: date, lo: int = 8, hi: int = 16) -> datetime:
        return datetime.combine(day, time(self.rng.randint(lo, hi), self.rng.choice([0, 5, 12, 20, 27, 35, 41, 48, 55])))

    def weekday_back(self, lo: int, hi: int) -> date:
        d = TODAY - timedelta(days=self.rng.randint(lo, hi))
        return prev_business(d + timedelta(days=1)) if not is_business(d) else d

    def book(self, district: str, day: date, window: str | None = None) -> tuple[str, str] | None:
        """An inspector of the district with room on ``day`` (a window when given), fewest bookings first."""
        windows = [window] if window else self.rng.sample(["am", "pm"], 2)
        for w in windows:
            people = [i for i, dist in INSPECTORS if dist == district]
            people.sort(key=lambda i: (self.load[(i, day, w)], i))
            if self.load[(people[0], day, w)] < PER_INSPECTOR:
                self.load[(people[0], day, w)] += 1
                return people[0], w
        return None

    # -- static tables -------------------------------------------------------------------------------------

    def build_static(self) -> None:
        for t in TYPES:
            self.tables["permit_types"].append({
                "type_code": t[0], "name": t[1], "base_fee": float(t[2]), "rate_per_1000": float(t[3]),
                "min_fee": float(t[4]), "plan_review_pct": float(t[5]), "required_trade": t[6],
                "owner_builder_allowed": t[7], "allowed_zones": t[8], "inspection_sequence": t[9],
                "validity_days": t[10], "max_extensions": t[11], "exterior_work": t[12]})
        for d, name in sorted(HOLIDAYS):
            self.tables["holidays"].append({"holiday_date": d, "name": name})
        for iid, district in INSPECTORS:
            self.tables["inspectors"].append({"inspector_id": iid, "name": self.fake.name(), "district": district,
                                              "phone": f"(413) 555-{self.rng.randint(100, 999):04d}"})
        rng = self.rng
        stems = list(BUSINESS_STEMS)
        rng.shuffle(stems)
        lic_no = 0
        for i, stem in enumerate(stems):
            cid = f"CTR-{301 + i}"
            main = rng.choices(list(TRADES), [40, 20, 15, 13, 12])[0]
            trades = [main]
            if main == "general" and rng.random() < 0.35:
                trades.append(rng.choice(["roofing", "electrical"]))
            if main == "mechanical" and rng.random() < 0.4:
                trades.append("plumbing")
            self.tables["contractors"].append({
                "contractor_id": cid, "business_name": f"{stem} {rng.choice(BUSINESS_WORDS[main])}",
                "contact_name": self.fake.name(), "phone": f"(413) 555-{rng.randint(1000, 9999)}"})
            for trade in trades:
                lic_no += 1
                roll = rng.random()
                if roll < 0.14:
                    expires = TODAY - timedelta(days=rng.randint(1, 70))
                elif roll < 0.2:
                    expires = TODAY + timedelta(days=rng.randint(3, 40))
                else:
                    expires = TODAY + timedelta(days=rng.randint(90, 900))
                self.tables["licenses"].append({
                    "license_id": f"LIC-{4000 + lic_no}", "contractor_id": cid, "trade": trade,
                    "license_number": f"{TRADES[trade]}-{rng.randint(100000, 999999)}",
                    "status": "suspended" if rng.random() < 0.05 else "active",
                    "issued_on": expires - timedelta(days=rng.choice([730, 1095])), "expires_on": expires})

    def build_people(self) -> None:
        rng, fake = self.rng, self.fake
        emails: set[str] = set()
        for i in range(470):
            first, last = fake.first_name(), fake.last_name()
            base = rng.choice([f"{first}.{last}", f"{first[0]}{last}", f"{first}{last[0]}", f"{last}.{first}"]).lower()
            email = f"{base}@{rng.choice(['mail.example.com', 'example.org', 'example.net', 'post.example.com'])}"
            while email in emails:
                email = f"{base}{rng.randint(2, 99)}@{email.split('@')[1]}"
            emails.add(email)
            self.tables["applicants"].append({
                "applicant_id": f"APL-{10001 + i}", "first_name": first, "last_name": last, "email": email,
                "phone": f"(413) 555-{rng.randint(1000, 9999)}", "mailing_address": "",
                "registered_on": TODAY - timedelta(days=rng.randint(30, 2400))})
        used: set[str] = set()
        owners = [a["applicant_id"] for a in self.tables["applicants"]]
        plan = owners + rng.sample(owners, 150) + rng.sample(owners, 30) + [owners[k] for k in (17, 98, 233) for _ in range(7)]
        rng.shuffle(plan)
        for i, owner in enumerate(plan):
            zoning = rng.choices(ZONES, [52, 20, 12, 11, 5])[0]
            district = rng.choice(DISTRICTS)
            while True:
                address = f"{rng.randint(2, 1480)} {rng.choice(STREETS)}"
                if address not in used:
                    used.add(address)
                    break
            historic = rng.random() < (0.45 if district == "central" else 0.04)
            hold = None
            if rng.random() < 0.03:
                hold = rng.choice(["Open code-enforcement case: unpermitted addition",
                                   "Open code-enforcement case: unsafe structure", "Unpaid demolition lien"])
            self.tables["parcels"].append({
                "parcel_id": f"PCL-{20001 + i}", "address": address, "zoning": zoning, "district": district,
                "lot_sqft": rng.choice([5000, 6000, 7200, 8400, 9600, 12000, 15000, 21780]) * (
                    3 if zoning in ("C-1", "I-1") else 1),
                "historic_district": historic, "owner_id": owner, "hold_reason": hold})
        homes = defaultdict(list)
        for p in self.tables["parcels"]:
            homes[p["owner_id"]].append(p)
        for a in self.tables["applicants"]:
            home = sorted(homes[a["applicant_id"]], key=lambda p: (p["zoning"] not in ("R-1", "R-2"), p["parcel_id"]))[0]
            a["mailing_address"] = f"{home['address']}, Marrowfield, MA 01{rng.randint(100, 199)}"

    # -- applications --------------------------------------------------------------------------------------

    def pick_license(self, trade: str, on: date, today_valid: bool | None = None) -> dict[str, Any] | None:
        lics = [lic for lic in self.tables["licenses"] if lic["trade"] == trade and lic["issued_on"] <= on <= lic["expires_on"]
                and (today_valid is None or (lic["expires_on"] >= TODAY and lic["status"] == "active") == today_valid)]
        return self.rng.choice(lics) if lics else None

    def add_fee(self, app: dict[str, Any], kind: str, amount: float, assessed: datetime, paid: datetime | None,
                inspection: dict[str, Any] | None = None, void: bool = False) -> dict[str, Any]:
        fee = {"application_id": app, "kind": kind, "amount": money(amount),
               "status": "void" if void else "paid" if paid else "due", "assessed_at": assessed,
               "paid_at": paid, "payment_method": self.rng.choice(["card", "card", "check", "ach"]) if paid else None,
               "inspection_id": inspection}
        self.fees.append(fee)
        return fee

    def submission_fees(self, app: dict[str, Any], t: tuple, parcel: dict[str, Any]) -> list[tuple[str, float]]:
        pf = permit_fee(t, app["valuation"])
        out = []
        if t[5]:
            out.append(("plan_review", money(pf * t[5] / 100)))
        if parcel["historic_district"] and t[12]:
            out.append(("historic_review", HISTORIC_REVIEW_FEE))
        out.append(("permit", pf))
        return out

    def new_app(self, parcel: dict[str, Any], status: str) -> dict[str, Any] | None:
        rng = self.rng
        types = [t for t in TYPES if parcel["zoning"] in t[8].split(",")]
        weights = {"RES-NEW": 3, "RES-ADD": 6, "ADU": 3, "RES-ALT": 10, "DECK": 8, "FENCE": 5, "ROOF": 9, "ELEC": 10,
                   "PLMB": 9, "MECH": 8, "SOLAR": 6, "POOL": 3, "DEMO": 2, "SIGN": 5, "COM-TI": 6}
        t = rng.choices(types, [weights[x[0]] for x in types])[0]
        active = ("submitted", "in_review", "approved", "issued")
        if status in active and any(a["parcel_id"] == parcel["parcel_id"] and a["type_code"] == t[0]
                                    and a["status"] in active for a in self.apps):
            return None
        lo, hi = t[13]
        valuation = float(rng.randrange(lo, hi, 250 if hi < 50_000 else 1000))
        return {"applicant_id": parcel["owner_id"], "parcel_id": parcel["parcel_id"], "type_code": t[0],
                "license_id": None, "description": rng.choice(t[14]), "valuation": valuation, "status": status,
                "submitted_at": None, "review_started_at": None, "approved_at": None, "issued_at": None,
                "expires_on": None, "extensions_used": 0, "finaled_at": None, "withdrawn_at": None,
                "withdraw_reason": None, "_parcel": parcel, "_type": t}

    def contractor_for(self, app: dict[str, Any], on: date, today_valid: bool | None = None) -> bool:
        t = app["_type"]
        if t[7] and self.rng.random() < 0.35:
            return True  # owner-builder
        lic = self.pick_license(t[6], on, today_valid)
        if lic is None:
            return False
        app["license_id"] = lic["license_id"]
        return True

    def inspect(self, app: dict[str, Any], kind: str, day: date, status: str, window: str | None = None,
                requested: datetime | None = None) -> dict[str, Any] | None:
        slot = self.book(app["_parcel"]["district"], day, window)
        if slot is None:
            return None
        inspector, w = slot
        if requested is None:
            back = prev_business(prev_business(day)) if self.rng.random() < 0.5 else prev_business(day)
            requested = self.at(back, 8, 14)
        row = {"application_id": app, "inspection_type": kind, "scheduled_date": day, "time_window": w,
               "inspector_id": inspector, "status": status, "requested_at": min(requested, NOW - timedelta(minutes=30)),
               "result_notes": None, "cancelled_at": None, "cancel_reason": None}
        if status == "passed":
            row["result_notes"] = PASS_NOTE
        elif status == "failed":
            row["result_notes"] = self.rng.choice(FAIL_NOTES[kind])
        self.inspections.append(row)
        return row

    def past_inspections(self, app: dict[str, Any], kinds: list[str], start: date, end: date,
                         fail_rate: float = 0.15) -> date:
        """Pass ``kinds`` in order between ``start`` and ``end``; some fail once first. Returns the last day."""
        day = start
        span = max(1, (end - start).days)
        step = max(2, span // (len(kinds) * 2 + 1))
        for kind in kinds:
            for attempt in (0, 1):
                day = next_business(day + timedelta(days=self.rng.randint(2, step + 2)))
                if day >= end:
                    day = prev_business(end)
                fail = attempt == 0 and self.rng.random() < fail_rate
                row = None
                probe = day
                while row is None:
                    row = self.inspect(app, kind, probe, "failed" if fail else "passed")
                    probe = next_business(probe + timedelta(days=1))
                day = row["scheduled_date"]
                if fail:
                    result = self.at(day, 9, 15)
                    self.add_fee(app, "reinspection", REINSPECTION_FEE, result,
                                 self.at(day + timedelta(days=1), 8, 16), inspection=row)
                    continue
                break
        return day

    def build_applications(self) -> None:
        rng = self.rng
        parcels = self.tables["parcels"]
        plan = (["submitted"] * 70 + ["in_review"] * 85 + ["approved"] * 62 + ["issued"] * 215 + ["finaled"] * 250
                + ["expired"] * 45 + ["withdrawn"] * 50)
        rng.shuffle(plan)
        east_targets = [(date(2026, 10, 9), "am"), (date(2026, 10, 9), "pm"), (date(2026, 10, 13), "am")]
        for status in plan:
            for _ in range(40):
                parcel = rng.choice(parcels)
                if parcel["hold_reason"] and status not in ("finaled", "expired"):
                    continue
                app = self.new_app(parcel, status)
                if app is not None and getattr(self, f"make_{status}")(app, east_targets):
                    self.apps.append(app)
                    break

    def pay_submission(self, app: dict[str, Any], sub: datetime, paid: datetime | None,
                       permit_paid: datetime | None, void_at: datetime | None = None) -> None:
        for kind, amount in self.submission_fees(app, app["_type"], app["_parcel"]):
            when = permit_paid if kind == "permit" else paid
            self.add_fee(app, kind, amount, sub, when, void=when is None and void_at is not None)

    def make_submitted(self, app: dict[str, Any], _: Any) -> bool:
        sub = self.at(self.weekday_back(1, 9))
        if not self.contractor_for(app, sub.date()):
            return False
        app["submitted_at"] = sub
        paid = sub + timedelta(minutes=self.rng.randint(5, 200)) if self.rng.random() < 0.45 else None
        self.pay_submission(app, sub, paid, paid)
        return True

    def make_in_review(self, app: dict[str, Any], _: Any) -> bool:
        review = self.at(self.weekday_back(1, 30))
        sub = self.at(self.weekday_back((TODAY - review.date()).days + 1, (TODAY - review.date()).days + 6))
        if not self.contractor_for(app, sub.date()):
            return False
        app.update(submitted_at=sub, review_started_at=review)
        paid = sub + timedelta(hours=self.rng.randint(1, 30))
        self.pay_submission(app, sub, paid, paid if self.rng.random() < 0.5 else None)
        return True

    def make_approved(self, app: dict[str, Any], _: Any) -> bool:
        approved = self.at(self.weekday_back(1, 25))
        review = self.at(self.weekday_back((TODAY - approved.date()).days + 3, (TODAY - approved.date()).days + 20))
        sub = self.at(self.weekday_back((TODAY - review.date()).days + 1, (TODAY - review.date()).days + 5))
        if not self.contractor_for(app, sub.date()):
            return False
        app.update(submitted_at=sub, review_started_at=review, approved_at=approved)
        paid = sub + timedelta(hours=self.rng.randint(1, 30))
        self.pay_submission(app, sub, paid, paid if self.rng.random() < 0.55 else None)
        return True

    def issue_history(self, app: dict[str, Any], issued: datetime) -> bool:
        approved = self.at(prev_business(issued.date() - timedelta(days=self.rng.randint(0, 8))))
        review = self.at(prev_business(approved.date() - timedelta(days=self.rng.randint(3, 18))))
        sub = self.at(prev_business(review.date() - timedelta(days=self.rng.randint(1, 5))))
        if not self.contractor_for(app, issued.date()):
            return False
        app.update(submitted_at=sub, review_started_at=review, approved_at=approved, issued_at=issued)
        paid = sub + timedelta(hours=self.rng.randint(1, 30))
        self.pay_submission(app, sub, paid, approved + timedelta(hours=self.rng.randint(1, 60)))
        if app["issued_at"] < app["approved_at"]:
            app["issued_at"] = app["approved_at"] + timedelta(hours=2)
        return True

    def extensions(self, app: dict[str, Any], issued: date, ext: int, last_due: bool = False) -> date:
        t = app["_type"]
        expires = issued + timedelta(days=t[10])
        fee = max(50.0, money(permit_fee(t, app["valuation"]) * 0.10))
        for k in range(ext):
            asked = self.at(next_business(expires - timedelta(days=self.rng.randint(3, 25))))
            due = last_due and k == ext - 1
            self.add_fee(app, "extension", fee, asked, None if due else asked + timedelta(minutes=20))
            expires += timedelta(days=EXTENSION_DAYS)
        return expires

    def make_issued(self, app: dict[str, Any], east_targets: list[tuple[date, str]]) -> bool:
        rng = self.rng
        t = app["_type"]
        seq = t[9].split(",")
        soon = rng.random() < 0.2
        ext = rng.choices([0, 1, 2], [75, 20, 5])[0] if t[11] else 0
        ext = min(ext, t[11])
        if soon:
            expires = TODAY + timedelta(days=rng.randint(0, 29))
            ext = min(ext, t[11] - 1) if t[11] else 0
            if t[11] == 0:
                ext = 0
        else:
            expires = TODAY + timedelta(days=rng.randint(31, t[10] + EXTENSION_DAYS * ext - 6))
        issued_day = expires - timedelta(days=t[10] + EXTENSION_DAYS * ext)
        if issued_day >= TODAY - timedelta(days=2) or not is_business(issued_day):
            return False
        if ext and issued_day + timedelta(days=t[10] + EXTENSION_DAYS * (ext - 1)) >= TODAY:
            return False  # every extension was asked for in the past
        if not self.issue_history(app, self.at(issued_day)):
            return False
        recent_ext = ext > 0 and rng.random() < 0.4
        got = self.extensions(app, issued_day, ext, last_due=recent_ext)
        assert got == expires, (got, expires)
        app.update(expires_on=expires, extensions_used=ext)
        elapsed = (TODAY - issued_day).days
        done = min(len(seq) - 1, rng.randint(0, len(seq) - 1) if elapsed > 20 else 0)
        last = issued_day + timedelta(days=1)
        if done:
            last = self.past_inspections(app, seq[:done], issued_day, TODAY - timedelta(days=3))
        kind = seq[done]
        roll = rng.random()
        if roll < 0.32 or (app["_parcel"]["district"] == "east" and any(self.room(t_) for t_ in east_targets)):
            self.upcoming(app, kind, east_targets)
        elif roll < 0.58 and last < TODAY - timedelta(days=2):
            day = next_business(last + timedelta(days=rng.randint(1, max(1, (TODAY - last).days - 1))))
            if day >= TODAY:
                day = prev_business(TODAY)
            row = self.inspect(app, kind, day, "failed")
            if row is None:
                return True
            result = self.at(day, 9, 15)
            paid = rng.random() < 0.4
            self.add_fee(app, "reinspection", REINSPECTION_FEE, result,
                         result + timedelta(hours=rng.randint(2, 20)) if paid and result + timedelta(hours=22) < NOW
                         else None, inspection=row)
            if paid and self.fees[-1]["paid_at"] and rng.random() < 0.5:
                self.upcoming(app, kind, [])
        elif roll < 0.66 and last < TODAY - timedelta(days=5):
            day = next_business(last + timedelta(days=2))
            row = self.inspect(app, kind, day, "cancelled")
            if row is not None:
                row["cancelled_at"] = min(row["requested_at"] + timedelta(hours=rng.randint(2, 20)),
                                          datetime.combine(prev_business(day), time(14)))
                row["cancel_reason"] = rng.choice(CANCEL_REASONS)
        return True

    def room(self, target: tuple[date, str]) -> bool:
        day, w = target
        return any(self.load[(i, day, w)] < PER_INSPECTOR for i, dist in INSPECTORS if dist == "east")

    def upcoming(self, app: dict[str, Any], kind: str, east_targets: list[tuple[date, str]]) -> None:
        rng = self.rng
        if app["_parcel"]["district"] == "east":
            for day, w in east_targets:
                if self.room((day, w)) and day <= app["expires_on"]:
                    self.inspect(app, kind, day, "scheduled", w, requested=self.at(self.weekday_back(1, 4), 8, 16))
                    return
        for _ in range(6):
            day = business_days_after(TODAY, rng.randint(0, AHEAD)) if rng.random() > 0.12 else TODAY
            if day > app["expires_on"]:
                continue
            requested = self.at(self.weekday_back(1, 6), 8, 16)
            if self.inspect(app, kind, day, "scheduled", requested=requested) is not None:
                return

    def make_expired(self, app: dict[str, Any], _: Any) -> bool:
        t = self.rng
        typ = app["_type"]
        ext = t.choice([0, 0, 1]) if typ[11] else 0
        expires = TODAY - timedelta(days=t.randint(1, 300))
        issued_day = prev_business(expires - timedelta(days=typ[10] + EXTENSION_DAYS * ext) + timedelta(days=1))
        if not self.issue_history(app, self.at(issued_day)):
            return False
        expires = self.extensions(app, issued_day, ext)
        app.update(expires_on=expires, extensions_used=ext)
        seq = typ[9].split(",")
        done = t.randint(0, len(seq) - 1)
        if done:
            self.past_inspections(app, seq[:done], issued_day, min(expires, TODAY) - timedelta(days=10))
        return True

    def make_finaled(self, app: dict[str, Any], _: Any) -> bool:
        typ = app["_type"]
        issued_day = next_business(TODAY - timedelta(days=self.rng.randint(40, 640)))
        if not self.issue_history(app, self.at(issued_day)):
            return False
        expires = issued_day + timedelta(days=typ[10])
        end = min(expires, TODAY - timedelta(days=1))
        last = self.past_inspections(app, typ[9].split(","), issued_day, end)
        app.update(expires_on=expires, finaled_at=self.at(last, 12, 16))
        return True

    def make_withdrawn(self, app: dict[str, Any], _: Any) -> bool:
        rng = self.rng
        stage = rng.choices(["submitted", "in_review", "approved", "issued"], [35, 30, 15, 20])[0]
        sub = self.at(self.weekday_back(20, 400))
        if not self.contractor_for(app, sub.date()):
            return False
        app["submitted_at"] = sub
        paid = sub + timedelta(hours=rng.randint(1, 30))
        t = app["_type"]
        when = sub.date() + timedelta(days=rng.randint(2, 6))
        if stage != "submitted":
            app["review_started_at"] = self.at(next_business(when))
            when += timedelta(days=rng.randint(3, 15))
        if stage in ("approved", "issued"):
            app["approved_at"] = self.at(next_business(when))
            when += timedelta(days=rng.randint(1, 5))
        if stage == "issued":
            app["issued_at"] = self.at(next_business(when))
            app["expires_on"] = app["issued_at"].date() + timedelta(days=t[10])
            when += timedelta(days=rng.randint(3, 25))
        withdrawn = self.at(next_business(when))
        if withdrawn >= NOW:
            return False
        permit_paid = paid if stage == "issued" or rng.random() < 0.5 else None
        fees_paid = paid if stage != "submitted" or rng.random() < 0.6 else None
        self.pay_submission(app, sub, fees_paid, permit_paid, void_at=withdrawn)
        refund = 0.0
        for kind, amount in self.submission_fees(app, t, app["_parcel"]):
            was_paid = (permit_paid if kind == "permit" else fees_paid) is not None
            if not was_paid:
                continue
            pct = {"submitted": 100, "in_review": 100 if kind == "permit" else 0,
                   "approved": 100 if kind == "permit" else 0, "issued": 75 if kind == "permit" else 0}[stage]
            refund += money(amount * pct / 100)
        app.update(withdrawn_at=withdrawn, withdraw_reason=rng.choice(WITHDRAW_REASONS))
        if refund > 0:
            self.refunds.append({"application_id": app, "stage": stage, "amount": money(refund),
                                 "issued_at": withdrawn})
        return True

    # -- ids -----------------------------------------------------------------------------------------------

    def finish(self) -> None:
        self.apps.sort(key=lambda a: (a["submitted_at"], a["parcel_id"], a["type_code"]))
        for i, a in enumerate(self.apps):
            a["application_id"] = f"APP-{26001 + i}"
        self.inspections.sort(key=lambda r: (r["requested_at"], r["application_id"]["application_id"],
                                             r["scheduled_date"]))
        for i, r in enumerate(self.inspections):
            r["inspection_id"] = f"INS-{80001 + i}"
        self.fees.sort(key=lambda f: (f["assessed_at"], f["application_id"]["application_id"], f["kind"]))
        for i, f in enumerate(self.fees):
            f["fee_id"] = f"FEE-{50001 + i}"
        self.refunds.sort(key=lambda r: (r["issued_at"], r["application_id"]["application_id"]))
        for i, r in enumerate(self.refunds):
            r["refund_id"] = f"RFD-{7001 + i}"
        self.tables["applications"] = [{k: v for k, v in a.items() if not k.startswith("_")} for a in self.apps]
        self.tables["inspections"] = [{**r, "application_id": r["application_id"]["application_id"]}
                                      for r in self.inspections]
        self.tables["fees"] = [{**f, "application_id": f["application_id"]["application_id"],
                                "inspection_id": f["inspection_id"]["inspection_id"] if f["inspection_id"] else None}
                               for f in self.fees]
        self.tables["refunds"] = [{**r, "application_id": r["application_id"]["application_id"]} for r in self.refunds]


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
    world = World()
    world.build_static()
    world.build_people()
    world.build_applications()
    world.finish()
    return dict(world.tables)


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the permits environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
