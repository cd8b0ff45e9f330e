"""Deterministic seed data for the carrental environment (Larkspur Car Rental, eight branches in the Mountain West).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Renter names come from Faker, pinned to version 40.63.0 (``pip install "faker==40.63.0"``)
and seeded; everything else comes from ``random.Random(SEED)``. Prices follow the same rules as ``tools.py``:
days x the branch's daily rate, a young-driver fee under 25, extras and coverage per day, a drop fee for one-way
rentals, and late, fuel and mileage charges at return. No class is booked beyond its fleet on any day.
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

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260714
NOW = datetime(2026, 7, 14, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

YOUNG_DRIVER_FEE = 27.00
REFUEL_PER_EIGHTH = 9.50
FREE_CANCEL_HOURS = 24
QUOTE_VALID_DAYS = 7
GRACE_MINUTES = 30

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

BRANCHES = [
    ("DEN-APT", "Denver International Airport", "Denver", "CO", "24890 E 78th Ave", "(303) 555-0141", True,
     "05:00", "23:30", True),
    ("DEN-LOD", "Denver LoDo", "Denver", "CO", "1620 Wazee St", "(303) 555-0187", False, "07:30", "18:00", False),
    ("COS-APT", "Colorado Springs Airport", "Colorado Springs", "CO", "7770 Milton E Proby Pkwy", "(719) 555-0112",
     True, "05:30", "23:00", True),
    ("SLC-APT", "Salt Lake City Airport", "Salt Lake City", "UT", "3920 W Terminal Dr", "(801) 555-0163", True,
     "05:00", "23:30", True),
    ("SLC-SUG", "Salt Lake Sugar House", "Salt Lake City", "UT", "2150 S Highland Dr", "(801) 555-0129", False,
     "08:00", "18:00", False),
    ("BOI-APT", "Boise Airport", "Boise", "ID", "3201 W Airport Way", "(208) 555-0174", True, "05:30", "23:00", True),
    ("ABQ-APT", "Albuquerque Sunport", "Albuquerque", "NM", "3400 University Blvd SE", "(505) 555-0158", True,
     "05:00", "23:00", True),
    ("ABQ-NOB", "Albuquerque Nob Hill", "Albuquerque", "NM", "3500 Central Ave SE", "(505) 555-0136", False,
     "08:00", "17:30", False),
]
ROUTES = [("DEN-APT", "DEN-LOD", 25.0), ("SLC-APT", "SLC-SUG", 25.0), ("ABQ-APT", "ABQ-NOB", 25.0),
          ("DEN-APT", "COS-APT", 95.0), ("DEN-APT", "SLC-APT", 275.0), ("SLC-APT", "BOI-APT", 225.0),
          ("DEN-APT", "ABQ-APT", 295.0), ("COS-APT", "ABQ-APT", 245.0)]

# code, name, example, seats, bags, min age, miles/day, excess per mile, base rate, airport fleet range
CLASSES = [
    ("ECONOMY", "Economy", "Mitsubishi Mirage", 4, 1, 21, 0, 0.0, 42, (3, 5)),
    ("COMPACT", "Compact", "Nissan Versa", 5, 2, 21, 0, 0.0, 46, (3, 6)),
    ("MIDSIZE", "Midsize", "Toyota Corolla", 5, 2, 21, 0, 0.0, 52, (4, 7)),
    ("FULLSIZE", "Full-size", "Toyota Camry", 5, 3, 21, 0, 0.0, 58, (3, 5)),
    ("SUV", "Standard SUV", "Ford Explorer", 7, 4, 21, 0, 0.0, 74, (3, 5)),
    ("MINIVAN", "Minivan", "Chrysler Pacifica", 7, 5, 21, 250, 0.35, 82, (2, 3)),
    ("LUXURY", "Luxury", "BMW 5 Series", 5, 3, 25, 150, 0.50, 119, (1, 2)),
    ("PICKUP", "Pickup truck", "Ford F-150", 5, 4, 21, 200, 0.40, 88, (1, 3)),
]
MODELS = {
    "ECONOMY": [("Mitsubishi", "Mirage"), ("Kia", "Rio"), ("Chevrolet", "Spark")],
    "COMPACT": [("Nissan", "Versa"), ("Hyundai", "Accent"), ("Kia", "Forte")],
    "MIDSIZE": [("Toyota", "Corolla"), ("Hyundai", "Elantra"), ("Volkswagen", "Jetta")],
    "FULLSIZE": [("Toyota", "Camry"), ("Nissan", "Altima"), ("Chevrolet", "Malibu")],
    "SUV": [("Ford", "Explorer"), ("Toyota", "Highlander"), ("Kia", "Telluride")],
    "MINIVAN": [("Chrysler", "Pacifica"), ("Toyota", "Sienna"), ("Honda", "Odyssey")],
    "LUXURY": [("BMW", "5 Series"), ("Mercedes-Benz", "E-Class"), ("Audi", "A6")],
    "PICKUP": [("Ford", "F-150"), ("Ram", "1500"), ("Chevrolet", "Silverado")],
}
COLORS = ["White", "Black", "Silver", "Gray", "Blue", "Red", "Pearl White", "Graphite"]
EXTRAS = [
    ("CHILD_SEAT", "Child safety seat", 13.99, "Forward- or rear-facing seat, installed before pickup."),
    ("GPS", "GPS navigation unit", 11.99, "Portable navigation unit with mountain-region maps."),
    ("ADDITIONAL_DRIVER", "Additional driver", 13.00, "One more named driver, licence shown at pickup."),
    ("TOLL_PASS", "Toll pass", 5.95, "Covers electronic toll lanes; tolls themselves are billed later."),
]
COVERAGE = [
    ("NONE", "No coverage (renter's own insurance)", 0.0, 2500.0, "Renter is liable for damage up to the car's value."),
    ("BASIC", "Collision damage waiver", 21.99, 1000.0, "Waives damage to the rental car above the deductible."),
    ("PLUS", "Collision waiver + liability", 32.99, 500.0, "Collision waiver plus supplemental liability cover."),
    ("PREMIUM", "Full protection", 44.99, 0.0, "Collision, liability, personal accident and roadside cover."),
]
LICENCE_STATES = ["CO", "CO", "CO", "UT", "UT", "ID", "NM", "NM", "AZ", "TX", "CA", "WA", "NE", "KS"]
CANCEL_REASONS = ["change_of_plans", "found_cheaper", "trip_cancelled", "flight_changed", "booked_by_mistake"]


def money(x: float) -> float:
    return round(x + 1e-9, 2)


def age_on(dob: date, day: date) -> int:
    return day.year - dob.year - ((day.month, day.day) < (dob.month, dob.day))


def at(day: date, clock: str) -> datetime:
    h, m = clock.split(":")
    return datetime.combine(day, time(int(h), int(m)))


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(SEED)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = {name: [] for name in COLUMNS}
        self.branch = {b[0]: dict(zip(COLUMNS["branches"], b)) for b in BRANCHES}
        self.cls = {c[0]: dict(zip(COLUMNS["vehicle_classes"], c[:8])) for c in CLASSES}
        self.fleet: dict[tuple[str, str], dict[str, Any]] = {}
        self.occ: dict[tuple[str, str, date], int] = defaultdict(int)
        self.routes = {(a, b): fee for a, b, fee in ROUTES} | {(b, a): fee for a, b, fee in ROUTES}
        self.res: list[dict[str, Any]] = []

    # -- static tables ------------------------------------------------------------------------------------
    def build_static(self) -> None:
        self.t["branches"] = list(self.branch.values())
        self.t["one_way_routes"] = [{"from_branch_id": a, "to_branch_id": b, "drop_fee": fee}
                                    for (a, b), fee in sorted(self.routes.items())]
        self.t["vehicle_classes"] = list(self.cls.values())
        self.t["extras"] = [dict(zip(COLUMNS["extras"], e)) for e in EXTRAS]
        self.t["coverage_options"] = [dict(zip(COLUMNS["coverage_options"], c)) for c in COVERAGE]
        for b in BRANCHES:
            for c in CLASSES:
                code, base, (lo, hi) = c[0], c[8], c[9]
                if not b[6] and code in ("LUXURY", "PICKUP"):
                    continue
                count = self.rng.randint(lo, hi) if b[6] else max(1, self.rng.randint(lo, hi) - 2)
                rate = money(round(base * (1.12 if b[6] else 1.0)) + self.rng.choice([-3, 0, 0, 2, 4]) - 0.01)
                row = {"branch_id": b[0], "class_code": code, "fleet_count": count, "daily_rate": rate}
                self.fleet[(b[0], code)] = row
                self.t["branch_fleet"].append(row)

    def build_renters(self, n: int = 210) -> None:
        used: set[str] = set()
        for k in range(n):
            first, last = self.fake.first_name(), self.fake.last_name()
            roll = self.rng.random()
            if k < 6:  # under 21
                age_days = self.rng.randint(19 * 365 + 30, 20 * 365 + 330)
            elif k < 40:  # young drivers, 21-24
                age_days = self.rng.randint(21 * 365 + 20, 24 * 365 + 300)
            else:
                age_days = self.rng.randint(25 * 365 + 60, 74 * 365)
            dob = TODAY - timedelta(days=age_days)
            if roll < 0.05:
                expiry = TODAY - timedelta(days=self.rng.randint(5, 200))
            elif roll < 0.12:
                expiry = TODAY + timedelta(days=self.rng.randint(4, 60))
            else:
                expiry = date(self.rng.randint(2027, 2031), dob.month, min(dob.day, 28))
            email = f"{first}.{last}".lower().replace("'", "")
            while email in used:
                email += str(self.rng.randint(1, 9))
            used.add(email)
            state = self.rng.choice(LICENCE_STATES)
            self.t["renters"].append({
                "renter_id": f"R-{1001 + k}", "first_name": first, "last_name": last,
                "email": f"{email}@{self.rng.choice(['example.com', 'example.net', 'mail.example.org'])}",
                "phone": f"({self.rng.randint(201, 989)}) 555-{self.rng.randint(100, 199):04d}",
                "date_of_birth": dob, "licence_number": f"{state}{self.rng.randint(10**7, 10**8 - 1)}",
                "licence_state": state, "licence_expiry": expiry})
        self.rng.shuffle(self.t["renters"])
        self.t["renters"].sort(key=lambda r: r["renter_id"])

    # -- reservations -------------------------------------------------------------------------------------
    def open_at(self, branch: str, when: datetime) -> bool:
        b = self.branch[branch]
        return (b["sunday_open"] or when.weekday() != 6) and at(when.date(), b["opens"]) <= when <= \
            at(when.date(), b["closes"])

    def days_of(self, pickup: datetime, days: int, status: str) -> list[date]:
        out = [pickup.date() + timedelta(days=k) for k in range(days)]
        if status == "picked_up":
            while out[-1] < TODAY:
                out.append(out[-1] + timedelta(days=1))
        return out

    def fits(self, branch: str, code: str, pickup: datetime, days: int, status: str) -> bool:
        cap = self.fleet[(branch, code)]["fleet_count"]
        return all(self.occ[(branch, code, d)] < cap for d in self.days_of(pickup, days, status))

    def eligible(self, renter: dict[str, Any], code: str, pickup: datetime, days: int, quote: bool) -> bool:
        age = age_on(renter["date_of_birth"], pickup.date())
        ret = (pickup + timedelta(days=days)).date()
        return age >= self.cls[code]["min_age"] and (quote or renter["licence_expiry"] >= ret)

    def add(self, status: str, renter: dict[str, Any], branch: str, code: str, pickup: datetime, days: int,
            ret_branch: str | None = None, created: datetime | None = None) -> dict[str, Any]:
        ret_branch = ret_branch or branch
        young = age_on(renter["date_of_birth"], pickup.date()) < 25
        cov = self.rng.choices(["NONE", "BASIC", "PLUS", "PREMIUM"], [45, 25, 20, 10])[0]
        if young and cov == "NONE":
            cov = "BASIC"
        cov_price = next(c[2] for c in COVERAGE if c[0] == cov)
        extras = [e for e, p in (("CHILD_SEAT", .14), ("GPS", .12), ("ADDITIONAL_DRIVER", .15), ("TOLL_PASS", .2))
                  if self.rng.random() < p]
        rate = self.fleet[(branch, code)]["daily_rate"]
        created = created or pickup - timedelta(days=self.rng.randint(2, 50), minutes=self.rng.randint(0, 1400))
        created = min(created, NOW - timedelta(minutes=self.rng.randint(30, 3000)))
        r = {"renter_id": renter["renter_id"], "class_code": code, "pickup_branch_id": branch,
             "return_branch_id": ret_branch, "pickup_at": pickup, "return_at": pickup + timedelta(days=days),
             "days": days, "status": status, "coverage_code": cov, "daily_rate": rate,
             "base_charge": money(rate * days), "young_driver_fee": money(YOUNG_DRIVER_FEE * days) if young else 0.0,
             "extras": extras, "extras_total": money(sum(e[2] for e in EXTRAS if e[0] in extras) * days),
             "coverage_total": money(cov_price * days), "drop_fee": self.routes.get((branch, ret_branch), 0.0),
             "created_at": created, "quote_expires_at": None, "cancelled_at": None, "cancel_reason": None,
             "cancellation_fee": None}
        r["estimated_total"] = money(r["base_charge"] + r["young_driver_fee"] + r["extras_total"] +
                                     r["coverage_total"] + r["drop_fee"])
        if status == "quoted":
            r["quote_expires_at"] = created + timedelta(days=QUOTE_VALID_DAYS)
        if status in ("confirmed", "picked_up", "returned"):
            for d in self.days_of(pickup, days, status):
                self.occ[(branch, code, d)] += 1
        self.res.append(r)
        return r

    def pick_time(self, branch: str, day: date) -> datetime:
        b = self.branch[branch]
        lo = at(day, b["opens"]) + timedelta(minutes=60)
        hi = at(day, b["closes"]) - timedelta(minutes=90)
        slots = int((hi - lo).total_seconds() // 1800)
        return lo + timedelta(minutes=30 * self.rng.randint(0, slots))

    def try_add(self, status: str, start: date, end: date, days_range: tuple[int, int] = (1, 9),
                renter: dict[str, Any] | None = None) -> dict[str, Any] | None:
        for _ in range(40):
            branch = self.rng.choice(list(self.branch))
            code = self.rng.choice([c for b, c in self.fleet if b == branch])
            day = start + timedelta(days=self.rng.randint(0, (end - start).days))
            pickup = self.pick_time(branch, day)
            days = self.rng.randint(*days_range)
            ret_branch = branch
            if self.rng.random() < 0.12:
                ret_branch = self.rng.choice([b for (a, b) in self.routes if a == branch])
            who = renter or self.rng.choice(self.t["renters"])
            if status == "picked_up" and not pickup < NOW:
                continue
            if not (self.open_at(branch, pickup) and self.open_at(ret_branch, pickup + timedelta(days=days))):
                continue
            if not self.eligible(who, code, pickup, days, status in ("quoted", "cancelled")):
                continue
            if status in ("confirmed", "picked_up", "returned") and not self.fits(branch, code, pickup, days, status):
                continue
            return self.add(status, who, branch, code, pickup, days, ret_branch)
        return None

    def fill(self, branch: str, code: str, first: date, days: int) -> None:
        """Book a class solid at a branch for a few days (a busy weekend)."""
        for _ in range(300):
            day = first + timedelta(days=self.rng.randint(-1, days - 1))
            length = self.rng.randint(1, 5)
            pickup = self.pick_time(branch, day)
            who = self.rng.choice(self.t["renters"])
            if self.eligible(who, code, pickup, length, False) and self.fits(branch, code, pickup, length,
                                                                             "confirmed") and day > TODAY:
                self.add("confirmed", who, branch, code, pickup, length)
            if all(self.occ[(branch, code, first + timedelta(days=k))] >= self.fleet[(branch, code)]["fleet_count"]
                   for k in range(days)):
                return
        raise RuntimeError(f"could not fill {branch} {code}")

    def build_reservations(self) -> None:
        d = TODAY
        # Rentals due back this morning: one well inside the grace period, others hours late.
        for due in ("08:00", "09:45", "07:00", "06:30"):
            for _ in range(60):
                days = self.rng.randint(2, 6)
                branch = self.rng.choice(["DEN-APT", "SLC-APT", "COS-APT", "ABQ-APT", "BOI-APT"])
                code = self.rng.choice([c for b, c in self.fleet if b == branch])
                pickup = at(d - timedelta(days=days), due)
                who = self.rng.choice(self.t["renters"])
                if self.eligible(who, code, pickup, days, False) and self.fits(branch, code, pickup, days,
                                                                               "picked_up"):
                    self.add("picked_up", who, branch, code, pickup, days)
                    break
        # The weekend rush: classes booked solid.
        self.fill("DEN-APT", "SUV", date(2026, 7, 17), 4)
        self.fill("SLC-APT", "MINIVAN", date(2026, 7, 24), 3)
        self.fill("DEN-LOD", "COMPACT", date(2026, 7, 15), 2)
        self.fill("ABQ-APT", "FULLSIZE", date(2026, 7, 31), 3)
        for status, n, start, end, length in (
                ("returned", 190, date(2026, 3, 20), d - timedelta(days=2), (1, 9)),
                ("no_show", 12, date(2026, 4, 1), d - timedelta(days=1), (1, 5)),
                ("cancelled", 45, date(2026, 4, 1), date(2026, 9, 20), (1, 8)),
                ("picked_up", 30, d - timedelta(days=9), d, (2, 14)),
                ("confirmed", 8, d, d, (1, 6)),
                ("confirmed", 10, d + timedelta(days=1), d + timedelta(days=1), (1, 6)),
                ("confirmed", 120, d + timedelta(days=2), date(2026, 9, 30), (1, 12)),
                ("quoted", 26, d + timedelta(days=2), date(2026, 9, 15), (1, 8))):
            for _ in range(n):
                self.try_add(status, start, end, length)
        for r in self.res:
            if r["status"] == "returned" and r["return_at"] > NOW:
                r["status"] = "picked_up"  # not due back yet
            if r["status"] == "picked_up" and r["return_at"] < NOW - timedelta(hours=4):
                r["status"] = "returned"  # came back on time
            if r["status"] == "picked_up" and r["pickup_at"] > NOW - timedelta(minutes=30):
                r["status"] = "confirmed"
            if r["status"] == "confirmed" and r["pickup_at"] < NOW - timedelta(hours=1):
                r["status"] = "no_show"
            if r["status"] == "quoted":
                r["created_at"] = NOW - timedelta(days=self.rng.randint(0, 11), minutes=self.rng.randint(0, 1400))
                r["quote_expires_at"] = r["created_at"] + timedelta(days=QUOTE_VALID_DAYS)
            if r["status"] == "cancelled":
                latest = min(NOW, r["pickup_at"])
                span = max(60, int((latest - r["created_at"]).total_seconds() // 60))
                r["cancelled_at"] = r["created_at"] + timedelta(minutes=self.rng.randint(30, span))
                if r["cancelled_at"] > latest:
                    r["cancelled_at"] = latest - timedelta(minutes=20)
                r["cancel_reason"] = self.rng.choice(CANCEL_REASONS)
                late = r["cancelled_at"] > r["pickup_at"] - timedelta(hours=FREE_CANCEL_HOURS)
                r["cancellation_fee"] = r["daily_rate"] if late else 0.0
        self.res.sort(key=lambda r: (r["created_at"], r["renter_id"]))
        for k, r in enumerate(self.res):
            r["reservation_id"] = f"RSV-{50001 + k}"
            for e in r["extras"]:
                price = next(x[2] for x in EXTRAS if x[0] == e)
                self.t["reservation_extras"].append({"reservation_id": r["reservation_id"], "extra_code": e,
                                                     "daily_price": price, "total": money(price * r["days"])})
        self.t["reservations"] = self.res

    # -- fleet, rentals and charges -----------------------------------------------------------------------
    def build_vehicles(self) -> dict[tuple[str, str], list[dict[str, Any]]]:
        pool: dict[tuple[str, str], list[dict[str, Any]]] = {}
        n = 0
        for (branch, code), row in self.fleet.items():
            pool[(branch, code)] = []
            for _ in range(row["fleet_count"]):
                make, model = self.rng.choice(MODELS[code])
                state = self.branch[branch]["state"]
                v = {"vehicle_id": f"V-{3001 + n}", "plate": f"{state} {self.rng.choice('ABCDEFGHJKLMNPRSTVWXYZ')}"
                     f"{self.rng.choice('ABCDEFGHJKLMNPRSTVWXYZ')}{self.rng.choice('ABCDEFGHJKLMNPRSTVWXYZ')}-"
                     f"{self.rng.randint(1000, 9999)}", "class_code": code, "branch_id": branch, "make": make,
                     "model": model, "model_year": self.rng.choice([2023, 2024, 2024, 2025, 2025, 2026]),
                     "color": self.rng.choice(COLORS), "odometer": self.rng.randint(1500, 26000),
                     "fuel_eighths": 8, "status": "available", "busy_until": datetime(2000, 1, 1)}
                n += 1
                pool[(branch, code)].append(v)
                self.t["vehicles"].append(v)
        return pool

    def charge(self, r: dict[str, Any], kind: str, description: str, amount: float, when: datetime) -> None:
        if amount:
            self.t["charges"].append({"charge_id": "", "reservation_id": r["reservation_id"], "kind": kind,
                                      "description": description, "amount": money(amount), "posted_at": when})

    def build_rentals(self) -> None:
        pool = self.build_vehicles()
        out = sorted((r for r in self.res if r["status"] in ("returned", "picked_up")), key=lambda r: r["pickup_at"])
        for r in out:
            cars = pool[(r["pickup_branch_id"], r["class_code"])]
            free = [v for v in cars if v["busy_until"] <= r["pickup_at"]] or cars
            v = min(free, key=lambda v: v["busy_until"])
            picked = r["pickup_at"] + timedelta(minutes=self.rng.randint(-30, 40))
            rental = {"rental_id": "", "reservation_id": r["reservation_id"], "vehicle_id": v["vehicle_id"],
                      "picked_up_at": picked, "odometer_out": v["odometer"] + self.rng.randint(0, 25), "fuel_out": 8,
                      "returned_at": None, "odometer_in": None, "fuel_in": None, "late_hours": None}
            self.t["rentals"].append(rental)
            if r["status"] == "picked_up":
                v["status"], v["odometer"], v["busy_until"] = "rented", rental["odometer_out"], datetime(2100, 1, 1)
                continue
            back = r["return_at"] + timedelta(minutes=self.rng.choice([-240, -120, -60, -30, -10, 0, 15, 25, 50,
                                                                       95, 150]))
            back = min(back, NOW - timedelta(minutes=self.rng.randint(15, 200)))
            miles = self.rng.randint(40, 260) * r["days"]
            rental.update(returned_at=back, odometer_in=rental["odometer_out"] + miles,
                          fuel_in=self.rng.choice([8, 8, 8, 7, 6, 5, 4]))
            late = back - r["return_at"]
            rental["late_hours"] = math.ceil(late.total_seconds() / 3600) if late > timedelta(
                minutes=GRACE_MINUTES) else 0
            v["odometer"], v["busy_until"] = rental["odometer_in"], back
            self.post_return(r, rental)
        for r in self.res:
            if r["status"] == "cancelled" and r["cancellation_fee"]:
                self.charge(r, "cancellation", "Late cancellation (one day's rate)", r["cancellation_fee"],
                            r["cancelled_at"])
            if r["status"] == "no_show":
                self.charge(r, "no_show", "No-show (one day's rate)", r["daily_rate"], r["pickup_at"] +
                            timedelta(hours=3))
        self.t["rentals"].sort(key=lambda x: x["picked_up_at"])
        for k, x in enumerate(self.t["rentals"]):
            x["rental_id"] = f"RNT-{70001 + k}"
        self.t["charges"].sort(key=lambda c: (c["posted_at"], c["reservation_id"]))
        for k, c in enumerate(self.t["charges"]):
            c["charge_id"] = f"CHG-{80001 + k}"

    def post_return(self, r: dict[str, Any], rental: dict[str, Any]) -> None:
        when, cls = rental["returned_at"], self.cls[r["class_code"]]
        self.charge(r, "rental", f"{r['days']} days at {r['daily_rate']:.2f}", r["base_charge"], when)
        self.charge(r, "young_driver", "Young-driver fee", r["young_driver_fee"], when)
        self.charge(r, "extras", "Extras", r["extras_total"], when)
        self.charge(r, "coverage", f"Coverage {r['coverage_code']}", r["coverage_total"], when)
        self.charge(r, "drop_fee", "One-way drop fee", r["drop_fee"], when)
        self.charge(r, "late_return", f"{rental['late_hours']} late hours", rental["late_hours"] *
                    money(r["daily_rate"] / 3), when)
        self.charge(r, "fuel", f"Refuel {8 - rental['fuel_in']}/8 tank", (8 - rental["fuel_in"]) * REFUEL_PER_EIGHTH,
                    when)
        if cls["miles_per_day"]:
            over = rental["odometer_in"] - rental["odometer_out"] - cls["miles_per_day"] * r["days"]
            self.charge(r, "mileage", f"{max(over, 0)} miles over allowance", max(over, 0) *
                        cls["excess_per_mile"], when)


def fmt(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.isoformat(sep=" ")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def build() -> dict[str, list[dict[str, Any]]]:
    w = World()
    w.build_static()
    w.build_renters()
    w.build_reservations()
    w.build_rentals()
    return w.t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSVs into")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
