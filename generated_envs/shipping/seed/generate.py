"""Deterministic seed data for the shipping environment (Larkspur Parcel, a regional parcel carrier's desk).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``). Names, streets and company
names come from Faker 40.63.0 (pinned: another version draws other names) seeded with ``SEED``; everything else
from ``random.Random(SEED)``. No value depends on the wall clock, so running it twice gives byte-identical files.

Each shipment is simulated from its label to its delivery relative to the fixed clock ``NOW``: ship dates follow
the service level's cut-off, expected deliveries its transit business days, charges the zone chart and rate
card on the billable weight (the greater of actual and dimensional weight), and pickups stay within each depot's
daily driver capacity.
"""

from __future__ import annotations

import argparse
import math
import random
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260610
NOW = datetime(2026, 6, 10, 14, 30, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
N_BUSINESS, N_PERSONAL = 45, 80
DIM_DIVISOR = 139

DEPOTS = [  # id, name, city, state, zip, daily pickup capacity
    ("DEP-SEA", "Seattle South Depot", "Seattle", "WA", "98108", 14),
    ("DEP-TAC", "Tacoma Tideflats Depot", "Tacoma", "WA", "98421", 10),
    ("DEP-SPK", "Spokane Depot", "Spokane", "WA", "99202", 8),
    ("DEP-PDX", "Portland Swan Island Depot", "Portland", "OR", "97217", 12),
    ("DEP-EUG", "Eugene Depot", "Eugene", "OR", "97402", 6),
    ("DEP-BOI", "Boise Depot", "Boise", "ID", "83705", 6),
]
AREAS = [  # zip, city, state, depot
    ("98101", "Seattle", "WA", "DEP-SEA"), ("98103", "Seattle", "WA", "DEP-SEA"),
    ("98115", "Seattle", "WA", "DEP-SEA"), ("98122", "Seattle", "WA", "DEP-SEA"),
    ("98004", "Bellevue", "WA", "DEP-SEA"), ("98052", "Redmond", "WA", "DEP-SEA"),
    ("98201", "Everett", "WA", "DEP-SEA"), ("98033", "Kirkland", "WA", "DEP-SEA"),
    ("98402", "Tacoma", "WA", "DEP-TAC"), ("98405", "Tacoma", "WA", "DEP-TAC"),
    ("98501", "Olympia", "WA", "DEP-TAC"), ("98371", "Puyallup", "WA", "DEP-TAC"),
    ("99201", "Spokane", "WA", "DEP-SPK"), ("99205", "Spokane", "WA", "DEP-SPK"),
    ("99216", "Spokane Valley", "WA", "DEP-SPK"), ("83814", "Coeur d'Alene", "ID", "DEP-SPK"),
    ("99362", "Walla Walla", "WA", "DEP-SPK"),
    ("97201", "Portland", "OR", "DEP-PDX"), ("97205", "Portland", "OR", "DEP-PDX"),
    ("97214", "Portland", "OR", "DEP-PDX"), ("97232", "Portland", "OR", "DEP-PDX"),
    ("97005", "Beaverton", "OR", "DEP-PDX"), ("98660", "Vancouver", "WA", "DEP-PDX"),
    ("97301", "Salem", "OR", "DEP-PDX"),
    ("97401", "Eugene", "OR", "DEP-EUG"), ("97403", "Eugene", "OR", "DEP-EUG"),
    ("97330", "Corvallis", "OR", "DEP-EUG"), ("97701", "Bend", "OR", "DEP-EUG"),
    ("83702", "Boise", "ID", "DEP-BOI"), ("83706", "Boise", "ID", "DEP-BOI"),
    ("83642", "Meridian", "ID", "DEP-BOI"), ("83651", "Nampa", "ID", "DEP-BOI"),
]
AREA_CODES = {"WA": ["206", "253", "425", "509"], "OR": ["503", "541", "971"], "ID": ["208", "986"]}
ZONES = {("DEP-SEA", "DEP-TAC"): 2, ("DEP-SEA", "DEP-SPK"): 4, ("DEP-SEA", "DEP-PDX"): 3, ("DEP-SEA", "DEP-EUG"): 4,
         ("DEP-SEA", "DEP-BOI"): 5, ("DEP-TAC", "DEP-SPK"): 4, ("DEP-TAC", "DEP-PDX"): 3, ("DEP-TAC", "DEP-EUG"): 4,
         ("DEP-TAC", "DEP-BOI"): 5, ("DEP-SPK", "DEP-PDX"): 4, ("DEP-SPK", "DEP-EUG"): 5, ("DEP-SPK", "DEP-BOI"): 4,
         ("DEP-PDX", "DEP-EUG"): 3, ("DEP-PDX", "DEP-BOI"): 5, ("DEP-EUG", "DEP-BOI"): 5}
LEVELS = [  # level, name, transit business days, cut-off, base charge, per lb (zone 2), steps per zone
    ("ground", "Larkspur Ground", 3, "18:00", 8.40, 0.45, 0.85, 0.10),
    ("express", "Larkspur Express", 2, "16:00", 14.90, 0.95, 2.00, 0.15),
    ("overnight", "Larkspur Overnight", 1, "13:00", 24.50, 1.60, 3.50, 0.25),
]
BOXES = [(8, 6, 4), (10, 8, 6), (12, 9, 6), (14, 10, 8), (16, 12, 10), (18, 14, 12), (20, 16, 12), (24, 18, 16),
         (30, 20, 14), (36, 12, 12)]
CONTENTS = ["Books", "Apparel", "Kitchenware", "Machine parts", "Electronics", "Coffee beans", "Craft supplies",
            "Documents", "Ceramics", "Auto parts", "Cosmetics", "Toys", "Medical supplies", "Outdoor gear",
            "Tea and spices", "Printed catalogs", "Vinyl records", "Glassware", "Hand tools", "Bicycle parts"]
DECLARED = [100.0] * 6 + [250.0, 500.0, 750.0, 1000.0, 1500.0, 2500.0]
FAILED = ["no_one_home", "access_denied", "business_closed"]

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order


def money(x: float) -> float:
    return round(x + 1e-9, 2)


def zone(a: str, b: str) -> int:
    return 2 if a == b else ZONES.get((a, b)) or ZONES[(b, a)]


def add_business_days(day: date, n: int) -> date:
    while n > 0:
        day += timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


def next_business_day(day: date) -> date:
    return add_business_days(day, 1)


def ship_date_for(created: datetime, cutoff: str) -> date:
    """The day a label created at ``created`` ships: that day before the cut-off, else the next business day."""
    day = created.date()
    if day.weekday() >= 5 or created.time() >= time.fromisoformat(cutoff):
        return next_business_day(day)
    return day


def billable(weight: float, dims: tuple[int, int, int]) -> int:
    dim = dims[0] * dims[1] * dims[2] / DIM_DIVISOR
    return math.ceil(max(weight, dim) - 1e-9)


class World:
    def __init__(self, seed: int) -> None:
        Faker.seed(seed)
        self.fake = Faker("en_US")
        self.rng = random.Random(seed)
        self.rows: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.rates: dict[tuple[str, int], tuple[float, float]] = {}
        self.counters = {"shipment": 40010000, "parcel": 700000, "event": 0, "attempt": 0, "pickup": 3000,
                         "claim": 0, "invoice": 5000, "charge": 0}

    def next(self, what: str) -> int:
        self.counters[what] += 1
        return self.counters[what]

    # -- reference data ---------------------------------------------------------------------------------------

    def reference(self) -> None:
        for d in DEPOTS:
            self.rows["depots"].append(dict(zip(COLUMNS["depots"], d)))
        for a in AREAS:
            self.rows["service_areas"].append(dict(zip(COLUMNS["service_areas"], a)))
        for level, name, days, cutoff, base, per_lb, base_step, lb_step in LEVELS:
            self.rows["service_levels"].append({"level_code": level, "name": name, "transit_days": days,
                                                "cutoff_time": cutoff})
            for z in range(2, 6):
                b, p = money(base + base_step * (z - 2)), money(per_lb + lb_step * (z - 2))
                self.rates[(level, z)] = (b, p)
                self.rows["rate_cards"].append({"rate_id": f"{level[:3].upper()}-Z{z}", "service_level": level,
                                                "zone": z, "base_charge": b, "per_lb": p})
        for o in DEPOTS:
            for d in DEPOTS:
                self.rows["zone_chart"].append({"lane_id": f"{o[0]}>{d[0]}", "origin_depot_id": o[0],
                                                "dest_depot_id": d[0], "zone": zone(o[0], d[0])})

    # -- shippers ---------------------------------------------------------------------------------------------

    def shippers(self) -> None:
        kinds = ["business"] * N_BUSINESS + ["personal"] * N_PERSONAL
        self.rng.shuffle(kinds)
        used_emails: set[str] = set()
        for i, kind in enumerate(kinds):
            first, last = self.fake.first_name(), self.fake.last_name()
            area = self.rng.choice(AREAS)
            company = None
            if kind == "business":
                company = self.fake.company()
                slug = "".join(ch for ch in company.split(",")[0].split(" ")[0].lower() if ch.isalpha())
                email = f"{first[0].lower()}{last.lower()}@{slug}-shipping.example.com"
            else:
                email = f"{first.lower()}.{last.lower()}@{self.rng.choice(['mail.example.com', 'example.net', 'example.org'])}"
            while email in used_emails:
                email = email.replace("@", f"{self.rng.randint(2, 99)}@", 1)
            used_emails.add(email)
            phone = f"({self.rng.choice(AREA_CODES[area[2]])}) 555-{self.rng.randint(100, 9999):04d}"
            self.rows["shippers"].append({
                "shipper_id": f"SH-{1001 + i}", "account_type": kind, "company_name": company, "first_name": first,
                "last_name": last, "email": email, "phone": phone, "line1": self.fake.street_address(),
                "city": area[1], "state": area[2], "zip_code": area[0], "home_depot_id": area[3],
                "discount_pct": self.rng.choice([5, 10, 10, 15]) if kind == "business" else 0, "status": "active",
                "opened_on": (TODAY - timedelta(days=self.rng.randint(120, 2400))).isoformat()})

    # -- shipments ----------------------------------------------------------------------------------------------

    def shipments(self) -> None:
        planned: list[tuple[datetime, dict[str, Any]]] = []
        for s in self.rows["shippers"]:
            n = self.rng.randint(5, 12) if s["account_type"] == "business" else self.rng.randint(1, 4)
            for _ in range(n):
                day = TODAY - timedelta(days=self.rng.randint(0, 88) if self.rng.random() < 0.7 else self.rng.randint(0, 5))
                if day.weekday() >= 5:
                    day -= timedelta(days=day.weekday() - 4)
                created = datetime.combine(day, time(self.rng.randint(8, 19), self.rng.choice([0, 10, 25, 40, 55])))
                if created > NOW - timedelta(minutes=20):
                    created = NOW - timedelta(minutes=self.rng.randint(20, 300))
                planned.append((created, s))
        planned.sort(key=lambda p: (p[0], p[1]["shipper_id"]))
        for created, s in planned:
            self.one_shipment(created, s)

    def one_shipment(self, created: datetime, s: dict[str, Any]) -> None:
        rng = self.rng
        level = rng.choices(["ground", "express", "overnight"], weights=[6, 3, 1])[0]
        lvl = next(x for x in LEVELS if x[0] == level)
        area = rng.choice(AREAS)
        origin, dest = s["home_depot_id"], area[3]
        z = zone(origin, dest)
        sid = f"LP{self.next('shipment')}"
        ship = ship_date_for(created, lvl[3])
        expected = add_business_days(ship, lvl[2])
        parcels = []
        for _ in range(rng.choices([1, 2, 3], weights=[7, 2, 1])[0]):
            dims = rng.choice(BOXES)
            weight = round(rng.uniform(0.4, min(45.0, dims[0] * dims[1] * dims[2] / 90)), 1)
            parcels.append((weight, dims, billable(weight, dims)))
        base, per_lb = self.rates[(level, z)]
        gross = sum(base + per_lb * b for _, _, b in parcels)
        charge = money(gross * (100 - s["discount_pct"]) / 100)
        declared = rng.choice(DECLARED) if s["account_type"] == "business" else rng.choice(DECLARED[:8])
        row: dict[str, Any] = {
            "shipment_id": sid, "shipper_id": s["shipper_id"], "service_level": level, "status": "label_created",
            "recipient_name": self.fake.name(), "recipient_line1": self.fake.street_address(),
            "recipient_city": area[1], "recipient_state": area[2], "recipient_zip": area[0],
            "origin_depot_id": origin, "dest_depot_id": dest, "zone": z, "created_at": created.isoformat(" "),
            "ship_date": ship.isoformat(), "expected_delivery": expected.isoformat(), "delivered_at": None,
            "declared_value": declared, "shipping_charge": charge, "hold_depot_id": None}
        for weight, dims, b in parcels:
            self.rows["parcels"].append({
                "parcel_id": f"PC-{self.next('parcel')}", "shipment_id": sid, "weight_lb": weight,
                "length_in": dims[0], "width_in": dims[1], "height_in": dims[2], "billable_weight": b,
                "contents": rng.choice(CONTENTS)})
        self.charge(s["shipper_id"], sid, "shipping", charge, created)
        self.history(row, created, ship, expected)
        self.rows["shipments"].append(row)

    def charge(self, shipper_id: str, sid: str, kind: str, amount: float, when: datetime) -> None:
        self.rows["charges"].append({"charge_id": f"CH-{self.next('charge'):06d}", "shipper_id": shipper_id,
                                     "shipment_id": sid, "charge_type": kind, "amount": amount,
                                     "created_at": when.isoformat(" "), "invoice_id": None})

    def event(self, sid: str, when: datetime, kind: str, location: str, note: str | None = None) -> None:
        self.rows["tracking_events"].append({"event_id": f"TE-{self.next('event'):07d}", "shipment_id": sid,
                                             "event_time": when.isoformat(" "), "event_type": kind,
                                             "location": location, "note": note})

    def history(self, row: dict[str, Any], created: datetime, ship: date, expected: date) -> None:
        """Tracking events and delivery attempts up to NOW; sets the shipment's status."""
        rng, sid = self.rng, row["shipment_id"]
        depot_name = {d[0]: d[1] for d in DEPOTS}
        origin, dest = depot_name[row["origin_depot_id"]], depot_name[row["dest_depot_id"]]
        self.event(sid, created, "label_created", origin)
        picked = datetime.combine(ship, time(16, 30))
        if picked > NOW:
            return
        self.event(sid, picked, "picked_up", origin)
        row["status"] = "in_transit"
        departed = datetime.combine(ship, time(21, 15))
        if departed > NOW:
            return
        self.event(sid, departed, "departed_depot", origin)
        arrived = datetime.combine(expected - timedelta(days=1) if expected - timedelta(days=1) > ship else expected,
                                   time(5, 40))
        if arrived > NOW:
            return
        self.event(sid, arrived, "arrived_depot", dest)
        row["status"] = "at_depot"
        roll = rng.random()
        if roll < 0.03 and expected < TODAY - timedelta(days=2):
            self.event(sid, arrived + timedelta(hours=9), "exception", dest,
                       "Parcel not located at sort; trace opened")
            row["status"] = "exception"
            return
        if roll < 0.045 and expected < TODAY:
            self.event(sid, datetime.combine(expected, time(7, 45)), "held", dest, "Held at depot at shipper request")
            row["status"], row["hold_depot_id"] = "held_at_depot", row["dest_depot_id"]
            return
        day = expected
        failures = 0
        if roll > 0.9:
            failures = 3 if roll > 0.975 else 1
        for attempt in range(failures + 1):
            out = datetime.combine(day, time(7, 30))
            if out > NOW:
                return
            self.event(sid, out, "out_for_delivery", dest)
            row["status"] = "out_for_delivery"
            stop = datetime.combine(day, time(rng.randint(9, 17), rng.randint(0, 59)))
            if stop > NOW:
                return
            if attempt < failures:
                outcome = rng.choice(FAILED)
                self.rows["delivery_attempts"].append({"attempt_id": f"DA-{self.next('attempt'):05d}",
                                                       "shipment_id": sid, "attempted_at": stop.isoformat(" "),
                                                       "outcome": outcome})
                self.event(sid, stop, "delivery_attempted", row["recipient_city"], outcome.replace("_", " "))
                row["status"] = "at_depot"
                if attempt == 2:
                    self.event(sid, stop + timedelta(hours=2), "held", dest, "Held after three delivery attempts")
                    row["status"], row["hold_depot_id"] = "held_at_depot", row["dest_depot_id"]
                    return
                day = next_business_day(day)
                continue
            self.event(sid, stop, "delivered", row["recipient_city"],
                       rng.choice(["Left at front door", "Signed by recipient", "Left with reception",
                                   "Left at back porch", "Handed to resident"]))
            row["status"], row["delivered_at"] = "delivered", stop.isoformat(" ")
            return

    # -- pickups, claims, invoices ----------------------------------------------------------------------------

    def pickups(self) -> None:
        rng = self.rng
        booked: dict[tuple[str, date], int] = {}
        business = [s for s in self.rows["shippers"] if s["account_type"] == "business"]
        caps = {d[0]: d[5] for d in DEPOTS}
        days = [TODAY + timedelta(days=k) for k in range(-30, 15)]
        days = [d for d in days if d.weekday() < 5]
        candidates = [(s, d) for s in business for d in days if rng.random() < 0.13]
        # A couple of depot days are fully booked, as a busy week is.
        full = {("DEP-EUG", TODAY + timedelta(days=2)), ("DEP-BOI", TODAY + timedelta(days=5))}
        for depot, day in sorted(full):
            for s in [s for s in self.rows["shippers"] if s["home_depot_id"] == depot][:caps[depot]]:
                candidates.append((s, day))
        seen: set[tuple[str, date]] = set()
        for s, day in sorted(candidates, key=lambda c: (c[1], c[0]["shipper_id"])):
            key = (s["home_depot_id"], day)
            if (s["shipper_id"], day) in seen or booked.get(key, 0) >= caps[key[0]]:
                continue
            if day > TODAY:
                status = "cancelled" if rng.random() < 0.08 else "scheduled"
            elif day == TODAY:
                status = "scheduled"
            else:
                status = "completed" if rng.random() < 0.92 else "cancelled"
            if status != "cancelled":
                booked[key] = booked.get(key, 0) + 1
            seen.add((s["shipper_id"], day))
            created = datetime.combine(day - timedelta(days=rng.randint(1, 6)), time(rng.randint(8, 17), 5))
            self.rows["pickups"].append({
                "pickup_id": f"PU-{self.next('pickup')}", "shipper_id": s["shipper_id"], "depot_id": key[0],
                "pickup_date": day.isoformat(), "time_window": rng.choice(["morning", "afternoon"]),
                "parcel_count": rng.randint(1, 30), "status": status, "created_at": created.isoformat(" ")})
        # The busy days end up fully booked (personal shippers' pickups first, no random draws).
        for depot, day in sorted(full):
            local = sorted((s for s in self.rows["shippers"] if s["home_depot_id"] == depot),
                           key=lambda s: (s["account_type"] != "personal", s["shipper_id"]))
            for k, s in enumerate(s for s in local if (s["shipper_id"], day) not in seen):
                if booked.get((depot, day), 0) >= caps[depot]:
                    break
                booked[(depot, day)] = booked.get((depot, day), 0) + 1
                seen.add((s["shipper_id"], day))
                self.rows["pickups"].append({
                    "pickup_id": f"PU-{self.next('pickup')}", "shipper_id": s["shipper_id"], "depot_id": depot,
                    "pickup_date": day.isoformat(), "time_window": ["morning", "afternoon"][k % 2],
                    "parcel_count": 1 + k % 3, "status": "scheduled",
                    "created_at": datetime.combine(day - timedelta(days=3), time(9 + k, 15)).isoformat(" ")})

    def claims(self) -> None:
        rng = self.rng
        for row in self.rows["shipments"]:
            ship = date.fromisoformat(row["ship_date"])
            if row["status"] == "exception" and rng.random() < 0.5:
                kind = "lost"
            elif row["status"] == "delivered" and rng.random() < 0.035:
                kind = "damaged"
            else:
                continue
            filed = datetime.combine(ship + timedelta(days=rng.randint(4, 12)), time(rng.randint(9, 16), 20))
            if filed > NOW:
                continue
            claimed = money(row["declared_value"] * rng.choice([0.4, 0.6, 1.0, 1.3]))
            payable = min(claimed, row["declared_value"])
            age = (TODAY - filed.date()).days
            status = "submitted" if age < 7 else rng.choice(["approved", "paid", "paid", "denied"])
            self.rows["claims"].append({"claim_id": f"CL-{self.next('claim'):04d}", "shipment_id": row["shipment_id"],
                                        "claim_type": kind, "amount_claimed": claimed, "amount_payable": payable,
                                        "status": status, "filed_at": filed.isoformat(" ")})

    def invoices(self) -> None:
        rng = self.rng
        hold = set(rng.sample(sorted(s["shipper_id"] for s in self.rows["shippers"]
                                     if s["account_type"] == "business"), 5))
        for period, issued in (("2026-03", date(2026, 4, 1)), ("2026-04", date(2026, 5, 1)),
                               ("2026-05", date(2026, 6, 1))):
            due = issued + timedelta(days=30)
            by_shipper: dict[str, list[dict[str, Any]]] = {}
            for c in self.rows["charges"]:
                if c["created_at"][:7] == period:
                    by_shipper.setdefault(c["shipper_id"], []).append(c)
            for shipper_id in sorted(by_shipper):
                inv = f"INV-{self.next('invoice')}"
                total = money(sum(c["amount"] for c in by_shipper[shipper_id]))
                for c in by_shipper[shipper_id]:
                    c["invoice_id"] = inv
                if due >= TODAY:
                    status, paid = "open", 0.0
                elif shipper_id in hold and period == "2026-04":
                    status, paid = "overdue", 0.0
                else:
                    status, paid = "paid", total
                self.rows["invoices"].append({"invoice_id": inv, "shipper_id": shipper_id, "period": period,
                                              "issued_on": issued.isoformat(), "due_on": due.isoformat(),
                                              "amount_due": total, "amount_paid": paid, "status": status})
        overdue = {i["shipper_id"] for i in self.rows["invoices"] if i["status"] == "overdue"}
        for s in self.rows["shippers"]:
            if s["shipper_id"] in overdue:
                s["status"] = "credit_hold"

    def build(self) -> None:
        self.reference()
        self.shippers()
        self.shipments()
        self.pickups()
        self.claims()
        self.invoices()

    def write(self, out: Path) -> None:
        write_seed(out, HERE.parent / "schema.sql", self.rows, cell=_cell)


def _cell(value: Any, table: str, column: str) -> str:
    """Amounts with two decimals (weights as they are); None as an empty cell."""
    if value is None:
        return ""
    return f"{value:.2f}" if isinstance(value, float) and column != "weight_lb" else str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSV files into")
    args = parser.parse_args()
    world = World(SEED)
    world.build()
    world.write(args.out)


if __name__ == "__main__":
    main()
