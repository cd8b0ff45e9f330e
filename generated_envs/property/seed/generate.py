"""Deterministic seed data for the property environment (Harborline Residential's resident-services office).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Names come from Faker 40.63.0 (pinned: ``pip install "faker==40.63.0"``) seeded once,
everything else from ``random.Random(SEED)``. Rent ledgers are simulated month by month with the same late-fee
rule the tools enforce (5% of the month's rent when a balance is still owed at the end of the 5th, once a month,
posted with the next payment), so the seeded state is one the tools could have produced.
"""

from __future__ import annotations

import argparse
import random
from calendar import monthrange
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260408
TODAY = date(2026, 4, 8)
NOW = datetime(2026, 4, 8, 10, 0)
LEDGER_START = date(2026, 1, 1)
GRACE_DAY = 5
LATE_FEE_RATE = 0.05
HERE = Path(__file__).resolve().parent

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

# (id, name, street, zip, floors, units per floor, garage spaces, parking fee, base rent)
BUILDINGS = [
    ("BLD-1", "Alder Court", "1420 N Alder St", "98406", 5, 8, 30, 85.00, 1450),
    ("BLD-2", "Bayview Lofts", "310 Dock St", "98402", 4, 10, 36, 110.00, 1725),
    ("BLD-3", "Cedar Row Flats", "2218 S Cedar St", "98405", 3, 8, 0, None, 1295),
    ("BLD-4", "Driftwood Commons", "4707 N Pearl St", "98407", 5, 8, 24, 75.00, 1380),
]
# (building, kind, name, max guests, fee, monthly limit, max nights)
AMENITIES = [
    ("AM-11", "BLD-1", "party_room", "Alder Court Party Room", 40, 75.00, 2, None),
    ("AM-12", "BLD-1", "guest_suite", "Alder Court Guest Suite", 4, 95.00, 4, 3),
    ("AM-21", "BLD-2", "party_room", "Bayview Lofts Sky Lounge", 50, 100.00, 2, None),
    ("AM-22", "BLD-2", "guest_suite", "Bayview Lofts Guest Suite", 4, 115.00, 4, 3),
    ("AM-31", "BLD-3", "party_room", "Cedar Row Community Room", 25, 50.00, 2, None),
    ("AM-41", "BLD-4", "party_room", "Driftwood Clubhouse", 35, 60.00, 2, None),
    ("AM-42", "BLD-4", "guest_suite", "Driftwood Guest Suite", 3, 85.00, 4, 3),
]
TECHNICIANS = [
    ("T-01", "Marco Ruiz", "plumbing", 4), ("T-02", "Denise Okoro", "plumbing", 3),
    ("T-03", "Samuel Whitaker", "electrical", 3), ("T-04", "Lena Fischer", "hvac", 3),
    ("T-05", "Raj Patel", "hvac", 4), ("T-06", "Tomasz Nowak", "appliance", 4),
    ("T-07", "Grace Holloway", "general", 5), ("T-08", "Victor Alvarez", "general", 4),
]
WINDOWS = ["08:00", "10:00", "13:00", "15:00"]
ISSUES = {  # trade -> (priority, issue code); the tools hold the same codes with their descriptions
    "plumbing": [("emergency", "ceiling_leak"), ("emergency", "burst_pipe"), ("emergency", "sewage_backup"),
                 ("urgent", "no_hot_water"), ("urgent", "toilet_overflowing"), ("routine", "dripping_faucet"),
                 ("routine", "slow_drain"), ("routine", "running_toilet"), ("routine", "low_water_pressure")],
    "electrical": [("emergency", "sparking_outlet"), ("emergency", "power_outage"), ("urgent", "dead_outlets"),
                   ("routine", "flickering_light"), ("routine", "exhaust_fan"), ("routine", "dead_outlet")],
    "hvac": [("emergency", "no_heat"), ("urgent", "heat_blowing_cold"), ("urgent", "thermostat_dead"),
             ("routine", "noisy_heater"), ("routine", "air_filter"), ("routine", "weak_airflow")],
    "appliance": [("urgent", "fridge_not_cooling"), ("urgent", "oven_not_heating"),
                  ("routine", "dishwasher_not_draining"), ("routine", "dryer_not_drying"),
                  ("routine", "disposal_jammed"), ("routine", "microwave_broken")],
    "general": [("emergency", "broken_lock"), ("urgent", "door_off_track"), ("routine", "door_off_hinge"),
                ("routine", "broken_blind"), ("routine", "cracked_tile"), ("routine", "pests"),
                ("routine", "smoke_detector_chirp")],
}
CANCEL_REASONS = ["resolved_by_resident", "duplicate_request", "no_longer_needed"]
NOTICE_REASONS = ["buying_home", "job_relocation", "more_space", "closer_to_family", "rent_too_high"]
VEHICLES = [("Subaru", "Outback"), ("Toyota", "RAV4"), ("Honda", "Civic"), ("Honda", "CR-V"), ("Ford", "Escape"),
            ("Tesla", "Model 3"), ("Mazda", "CX-5"), ("Hyundai", "Elantra"), ("Kia", "Soul"),
            ("Volkswagen", "Jetta"), ("Chevrolet", "Bolt"), ("Toyota", "Prius"), ("Nissan", "Leaf"),
            ("Jeep", "Wrangler"), ("Ford", "F-150"), ("Audi", "A4")]
COLORS = ["black", "white", "silver", "gray", "blue", "red", "green", "beige"]
DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"]
DAMAGE_NOTES = [(0.0, "Unit left clean; normal wear only"), (85.0, "Carpet cleaning in the bedroom"),
                (150.0, "Two wall patches and paint touch-up"), (240.0, "Replaced cracked bathroom mirror"),
                (325.0, "Pet stains; carpet replaced in one room"), (60.0, "Missing key fob replaced"),
                (480.0, "Burn mark on the kitchen counter repaired"), (0.0, "No damage found")]


def money(x: float) -> float:
    return round(x + 1e-9 if x >= 0 else x - 1e-9, 2)


def month_end(year: int, month: int) -> date:
    return date(year, month, monthrange(year, month)[1])


def add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    return date(d.year + y, m + 1, min(d.day, monthrange(d.year + y, m + 1)[1]))


def months_between(first: date, last: date) -> list[date]:
    out, d = [], date(first.year, first.month, 1)
    while d <= last:
        out.append(d)
        d = add_months(d, 1)
    return out


class Ledger:
    """One lease's ledger, simulated with the tools' rules for late fees."""

    def __init__(self, lease_id: str) -> None:
        self.lease_id = lease_id
        self.entries: list[dict[str, Any]] = []

    def post(self, day: date, kind: str, amount: float, memo: str, period: str | None = None,
             method: str | None = None, reference: Any = None) -> dict[str, Any]:
        e = {"lease_id": self.lease_id, "posted_on": day, "kind": kind, "period": period, "amount": money(amount),
             "method": method, "reference": reference, "memo": memo}
        self.entries.append(e)
        return e

    def balance(self, through: date | None = None) -> float:
        return money(sum(e["amount"] for e in self.entries if through is None or e["posted_on"] <= through))

    def pending_late_fees(self, day: date) -> list[tuple[str, float]]:
        fees = []
        charged = {e["period"] for e in self.entries if e["kind"] == "late_fee"}
        for e in self.entries:
            if e["kind"] != "rent" or e["period"] in charged:
                continue
            y, m = map(int, e["period"].split("-"))
            grace_end = date(y, m, GRACE_DAY)
            if day > grace_end and self.balance(grace_end) > 0.004:
                fees.append((e["period"], money(e["amount"] * LATE_FEE_RATE)))
        return fees

    def pay(self, day: date, fraction: float, method: str) -> list[dict[str, Any]]:
        fees = [self.post(day, "late_fee", amt, f"Late fee for {p}", period=p)
                for p, amt in self.pending_late_fees(day)]
        due = self.balance()
        if due > 0:
            self.post(day, "payment", -money(due * fraction), f"Payment by {method.replace('_', ' ')}",
                      method=method)
        return fees


def build(rng: random.Random, fake: Faker) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
    for b, name, street, zip_code, _, _, spaces, fee, _ in BUILDINGS:
        out["buildings"].append({"building_id": b, "building_name": name, "street_address": street,
                                 "city": "Tacoma", "state": "WA", "zip_code": zip_code, "parking_spaces": spaces,
                                 "parking_fee": fee, "office_phone": f"253-555-01{int(b[-1]) * 11:02d}"})
    units = []
    for bi, (b, _, _, _, floors, per_floor, _, _, base) in enumerate(BUILDINGS, 1):
        for floor in range(1, floors + 1):
            for k in range(1, per_floor + 1):
                bedrooms = [0, 1, 1, 2, 1, 2, 3, 1, 2, 1][(k - 1) % 10]
                baths = {0: 1.0, 1: 1.0, 2: rng.choice([1.0, 2.0]), 3: 2.0}[bedrooms]
                sqft = {0: 480, 1: 690, 2: 960, 3: 1240}[bedrooms] + rng.randrange(-40, 60, 5)
                rent = base + {0: -250, 1: 0, 2: 420, 3: 780}[bedrooms] + 15 * floor + rng.randrange(0, 60, 5)
                u = {"unit_id": f"U-{bi}{floor}{k:02d}", "building_id": b, "unit_number": f"{floor}{k:02d}",
                     "floor": floor, "bedrooms": bedrooms, "bathrooms": baths, "square_feet": sqft,
                     "market_rent": float(rent)}
                units.append(u)
    out["units"] = units
    unit_building = {u["unit_id"]: u["building_id"] for u in units}

    used_emails: set[str] = set()
    resident_seq = [3000]
    unit_names: dict[str, set[str]] = {}

    def household(lease_id: str, unit_id: str, size: int) -> None:
        last = fake.last_name()
        while last in unit_names.setdefault(unit_id, set()):
            last = fake.last_name()
        unit_names[unit_id].add(last)
        for i in range(size):
            first = fake.first_name()
            surname = last if i == 0 or rng.random() < 0.6 else fake.last_name()
            unit_names[unit_id].add(surname)
            base = f"{first}.{surname}".lower().replace("'", "").replace(" ", "")
            email = f"{base}@{rng.choice(DOMAINS)}"
            while email in used_emails:
                email = f"{base}{rng.randint(2, 99)}@{rng.choice(DOMAINS)}"
            used_emails.add(email)
            resident_seq[0] += 1
            out["residents"].append({
                "resident_id": f"R-{resident_seq[0]}", "lease_id": lease_id, "unit_id": unit_id,
                "first_name": first, "last_name": surname, "email": email,
                "phone": f"253-{rng.randint(201, 989)}-{rng.randint(1000, 9999)}", "is_primary": i == 0})

    leases: list[dict[str, Any]] = []
    lease_seq = [40100]

    def new_lease(unit: dict[str, Any], status: str, start: date, end: date) -> dict[str, Any]:
        lease_seq[0] += rng.randint(1, 3)
        rent = float(round(unit["market_rent"] * rng.uniform(0.93, 1.0) / 5) * 5)
        lease = {"lease_id": f"L-{lease_seq[0]}", "unit_id": unit["unit_id"], "status": status, "start_date": start,
                 "end_date": end, "monthly_rent": rent, "security_deposit": float(round(rent / 50) * 50),
                 "notice_date": None, "move_out_date": None, "notice_reason": None, "next_rent": None,
                 "next_rent_from": None, "deposit_status": "held", "deposit_refund": None,
                 "deposit_refunded_on": None}
        leases.append(lease)
        household(lease["lease_id"], unit["unit_id"], rng.choices([1, 2, 3], [45, 45, 10])[0])
        return lease

    end_choices = [month_end(2026, 4)] * 8 + [month_end(2026, 5)] * 14 + [month_end(2026, 6)] * 14 + [
        month_end(y, m) for y, m in [(2026, 7), (2026, 8), (2026, 9), (2026, 10), (2026, 11), (2026, 12),
                                     (2027, 1), (2027, 2), (2027, 3)] for _ in range(10)]
    for unit in units:
        previous = None
        if rng.random() < 0.2:
            end = month_end(2026, rng.choice([1, 2, 3]))
            previous = new_lease(unit, "ended", add_months(end + timedelta(days=1), -12), end)
            previous["notice_date"] = end - timedelta(days=rng.randint(62, 80))
            previous["move_out_date"] = end
            previous["notice_reason"] = rng.choice(NOTICE_REASONS)
        if rng.random() < 0.08:
            continue  # vacant
        if previous is not None:
            start = previous["end_date"] + timedelta(days=1)
            if start > TODAY:
                continue
            end = add_months(start, 12) - timedelta(days=1)
        else:
            end = rng.choice(end_choices)
            start = add_months(end + timedelta(days=1), -12 * rng.choice([1, 1, 1, 2, 3]))
        new_lease(unit, "active", start, end)

    building_of = {ls["lease_id"]: unit_building[ls["unit_id"]] for ls in leases}
    fees: dict[str, list[tuple[date, str, float, str, str | None]]] = {ls["lease_id"]: [] for ls in leases}

    # -- renewals and notices -------------------------------------------------------------------------
    offer_seq = [800]

    def offers(lease: dict[str, Any], offered: date, status12: str, status6: str) -> None:
        base = lease["monthly_rent"]
        for term, rent, status in ((12, round(base * 1.035 / 5) * 5, status12),
                                   (6, round(base * 1.035 / 5) * 5 + 75, status6)):
            offer_seq[0] += 1
            out["renewal_offers"].append({"offer_id": f"RO-{offer_seq[0]}", "lease_id": lease["lease_id"],
                                          "term_months": term, "monthly_rent": float(rent), "offered_on": offered,
                                          "expires_on": offered + timedelta(days=30), "status": status})

    def give_notice(lease: dict[str, Any], notice: date, move_out: date) -> None:
        lease["status"], lease["notice_date"], lease["move_out_date"] = "notice_given", notice, move_out
        lease["notice_reason"] = rng.choice(NOTICE_REASONS)
        if (lease["end_date"] - notice).days < 60:
            fees[lease["lease_id"]].append((notice, "short_notice_fee", lease["monthly_rent"],
                                            "Short-notice fee (less than 60 days before lease end)", None))
        if move_out < lease["end_date"]:
            fees[lease["lease_id"]].append((notice, "early_termination_fee", 2 * lease["monthly_rent"],
                                            "Early-termination fee (two months' rent)", None))

    for lease in leases:
        if lease["status"] != "active":
            continue
        end = lease["end_date"]
        roll = rng.random()
        if end == month_end(2026, 4):
            offers(lease, date(2026, 1, 30), "accepted" if roll < 0.5 else "declined", "declined")
            if roll < 0.5:
                accepted = next(o for o in out["renewal_offers"] if o["lease_id"] == lease["lease_id"]
                                and o["status"] == "accepted")
                lease["next_rent"], lease["next_rent_from"] = accepted["monthly_rent"], end + timedelta(days=1)
                lease["end_date"] = add_months(end + timedelta(days=1), 12) - timedelta(days=1)
            else:
                give_notice(lease, date(2026, rng.choice([2, 3]), rng.randint(1, 25)), end)
        elif end == month_end(2026, 5):
            offered = date(2026, 3, rng.randint(2, 16))
            if roll < 0.2:
                give_notice(lease, date(2026, 3, rng.randint(18, 31)), end)
                offers(lease, offered, "declined", "declined")
            else:
                offers(lease, offered, "offered", "offered")
        elif end == month_end(2026, 6):
            if roll < 0.15:
                give_notice(lease, date(2026, 3, rng.randint(2, 30)), end)
                offers(lease, date(2026, 4, 1), "declined", "declined")
            elif roll < 0.3:
                offers(lease, date(2026, 4, 1), "accepted", "declined")
                accepted = out["renewal_offers"][-2]
                lease["next_rent"], lease["next_rent_from"] = accepted["monthly_rent"], end + timedelta(days=1)
                lease["end_date"] = add_months(end + timedelta(days=1), 12) - timedelta(days=1)
            else:
                offers(lease, date(2026, 4, 1), "offered", "offered")
        elif end > month_end(2026, 8) and roll < 0.04:
            give_notice(lease, date(2026, 3, rng.randint(1, 31)), month_end(2026, rng.choice([5, 6, 7])))

    # -- parking permits ------------------------------------------------------------------------------
    permits = out["parking_permits"]
    plates: set[str] = set()
    permit_seq = [400]

    def plate() -> str:
        while True:
            p = "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(3)) + f"{rng.randint(1000, 9999)}"
            if p not in plates:
                plates.add(p)
                return p

    live = [ls for ls in leases if ls["status"] != "ended"]
    for b, _, _, _, _, _, spaces, _, _ in BUILDINGS:
        if not spaces:
            continue
        target = {"BLD-1": 23, "BLD-2": 27, "BLD-4": 24}[b]
        candidates = [ls for ls in live if building_of[ls["lease_id"]] == b]
        rng.shuffle(candidates)
        count = 0
        for ls in candidates:
            for _ in range(2 if rng.random() < 0.2 else 1):
                if count >= target:
                    break
                rng.choice(VEHICLES)  # the resident's car; permits are kept by plate, so it is not recorded
                issued = ls["start_date"] + timedelta(days=rng.randint(0, 20))
                if issued >= TODAY:
                    issued = ls["start_date"]
                permit_seq[0] += 1
                permits.append({"permit_id": f"PP-{permit_seq[0]:04d}", "lease_id": ls["lease_id"],
                                "building_id": b, "license_plate": plate(), "status": "active",
                                "issued_on": issued, "cancelled_on": None})
                rng.randint(2012, 2025), rng.choice(COLORS)  # the car's model year and color, not recorded
                count += 1
            if count >= target:
                break
        for ls in candidates[count:count + 4]:  # permits given up earlier
            rng.choice(VEHICLES)
            permit_seq[0] += 1
            number = plate()
            rng.randint(2010, 2024), rng.choice(COLORS)
            permits.append({"permit_id": f"PP-{permit_seq[0]:04d}", "lease_id": ls["lease_id"], "building_id": b,
                            "license_plate": number, "status": "cancelled", "issued_on": ls["start_date"],
                            "cancelled_on": date(2026, rng.choice([1, 2, 3]), rng.randint(2, 27))})
    permits.sort(key=lambda p: p["permit_id"])

    # -- amenity bookings -----------------------------------------------------------------------------
    amenity_rows = []
    for a, b, kind, name, guests, fee, limit, nights in AMENITIES:
        amenity_rows.append({"amenity_id": a, "building_id": b, "kind": kind, "name": name, "max_guests": guests,
                             "fee": fee, "monthly_limit": limit, "max_nights": nights})
    out["amenities"] = amenity_rows
    bookings = out["amenity_bookings"]
    taken: set[tuple[str, date, str]] = set()
    per_month: dict[tuple[str, str, str], int] = {}
    booking_seq = [7000]
    for am in amenity_rows:
        households = [ls for ls in leases if building_of[ls["lease_id"]] == am["building_id"]
                      and ls["start_date"] < date(2026, 1, 1)]
        day = date(2026, 1, 3)
        while day <= date(2026, 6, 13):
            busy = rng.random() < (0.8 if day.weekday() >= 4 else 0.12)  # Friday to Sunday are popular
            for _ in range(1 if busy else 0):
                lease = rng.choice(households)
                if am["kind"] == "party_room":
                    block = rng.choice(["afternoon", "evening", "evening"])
                    nights, end = 0, day
                    keys = [(am["amenity_id"], day, block)]
                else:
                    block = None
                    nights = rng.choice([1, 2, 2, 3])
                    end = day + timedelta(days=nights)
                    keys = [(am["amenity_id"], day + timedelta(days=i), "night") for i in range(nights)]
                month = day.strftime("%Y-%m")
                used = per_month.get((lease["lease_id"], am["amenity_id"], month), 0)
                if any(k in taken for k in keys) or used + (nights or 1) > am["monthly_limit"]:
                    continue
                if lease["move_out_date"] and end > lease["move_out_date"]:
                    continue
                booked_on = day - timedelta(days=rng.randint(5, 40))
                if booked_on < date(2026, 1, 2):
                    booked_on = date(2026, 1, 2)
                if booked_on >= TODAY:
                    continue
                cancelled = rng.random() < 0.1 and day > booked_on + timedelta(days=6)
                status = "cancelled" if cancelled else ("completed" if end < TODAY or (not nights and day < TODAY)
                                                        else "booked")
                booking_seq[0] += rng.randint(1, 2)
                fee = money(am["fee"] * (nights or 1))
                cancelled_on = None
                if cancelled:
                    cancelled_on = min(day - timedelta(days=rng.randint(4, 12)), TODAY - timedelta(days=1))
                    if cancelled_on <= booked_on:
                        cancelled_on = booked_on + timedelta(days=1)
                bk = {"booking_id": f"BK-{booking_seq[0]}", "amenity_id": am["amenity_id"],
                      "lease_id": lease["lease_id"], "start_date": day, "end_date": end, "time_block": block,
                      "guests": rng.randint(8, am["max_guests"]) if not nights else rng.randint(1, am["max_guests"]),
                      "fee": fee, "status": status, "booked_on": booked_on, "cancelled_on": cancelled_on,
                      "refund": fee if cancelled else None}
                bookings.append(bk)
                if not cancelled:
                    taken.update(keys)
                    per_month[(lease["lease_id"], am["amenity_id"], month)] = used + (nights or 1)
                fees[lease["lease_id"]].append((booked_on, "amenity_fee", fee, f"{am['name']}, {day.isoformat()}",
                                                bk["booking_id"]))
                if cancelled:
                    fees[lease["lease_id"]].append((cancelled_on, "amenity_refund", -fee,
                                                    f"Refund: {am['name']}, {day.isoformat()}", bk["booking_id"]))
            day += timedelta(days=1)
    bookings.sort(key=lambda x: x["booking_id"])

    # -- rent ledgers ---------------------------------------------------------------------------------
    all_entries: list[dict[str, Any]] = []
    waived = {ls["lease_id"] for ls in leases if rng.random() < 0.12}
    methods = ["ach", "ach", "ach", "check", "debit_card", "money_order"]
    building_fee = {b[0]: b[7] for b in BUILDINGS}
    for lease in leases:
        led = Ledger(lease["lease_id"])
        method = rng.choice(methods)
        last_day = lease["move_out_date"] if lease["status"] == "ended" else TODAY
        first = max(lease["start_date"], LEDGER_START)
        profile = rng.choices(["on_time", "late", "partial", "behind"], [70, 16, 8, 6])[0]
        lease_permits = [p for p in permits if p["lease_id"] == lease["lease_id"]]
        events: list[tuple[date, int, Any]] = []
        for day, kind, amount, memo, reference in fees[lease["lease_id"]]:
            events.append((day, 0, ("charge", kind, amount, memo, reference, None)))
        for month in months_between(first, last_day):
            period = month.strftime("%Y-%m")
            rent = lease["monthly_rent"]
            if lease["next_rent_from"] and month >= lease["next_rent_from"]:
                rent = lease["next_rent"]
            events.append((month, 0, ("charge", "rent", rent, f"Rent for {period}", None, period)))
            for p in lease_permits:
                active_then = p["issued_on"] < month and (p["cancelled_on"] is None or p["cancelled_on"] >= month)
                if active_then:
                    events.append((month, 0, ("charge", "parking_fee", building_fee[p["building_id"]],
                                              f"Parking permit {p['license_plate']}, {period}", p["permit_id"],
                                              period)))
                elif month <= p["issued_on"] < add_months(month, 1) and p["issued_on"] >= LEDGER_START:
                    days = monthrange(month.year, month.month)[1]
                    prorated = money(building_fee[p["building_id"]] * (days - p["issued_on"].day + 1) / days)
                    events.append((p["issued_on"], 0, ("charge", "parking_fee", prorated,
                                                       f"Parking permit {p['license_plate']}, {period} (prorated)",
                                                       p["permit_id"], period)))
            final = lease["status"] == "ended" and month.month == lease["end_date"].month
            behind = profile == "behind" and month.month >= 3
            if profile == "on_time" or (profile == "partial" and month.month % 2):
                pay_day, fraction = month + timedelta(days=rng.randint(0, 4)), 1.0
            elif profile == "late":
                pay_day, fraction = month + timedelta(days=rng.randint(5, 13)), 1.0
            elif profile == "partial":
                pay_day, fraction = month + timedelta(days=rng.randint(2, 9)), rng.choice([0.5, 0.6, 0.75])
            else:
                pay_day, fraction = month + timedelta(days=rng.randint(1, 12)), 1.0
            if behind or (final and rng.random() < 0.35):
                continue
            if pay_day <= min(last_day + timedelta(days=3), TODAY) and pay_day <= TODAY:
                events.append((pay_day, 1, ("pay", fraction)))
        events.sort(key=lambda e: (e[0], e[1]))
        waive = lease["lease_id"] in waived
        i = 0
        while i < len(events):
            day, _, ev = events[i]
            i += 1
            if ev[0] == "charge":
                _, kind, amount, memo, reference, period = ev
                led.post(day, kind, amount, memo, period=period, reference=reference)
            elif ev[0] == "waive":
                fee = ev[1]
                led.post(day, "late_fee_waiver", -fee["amount"], f"Courtesy waiver of late fee for {fee['period']}",
                         reference=fee)
            else:
                posted = led.pay(day, ev[1], method)
                when = day + timedelta(days=rng.randint(1, 4))
                if waive and posted and when < TODAY:
                    waive = False
                    events.append((when, 0, ("waive", posted[0])))
                    events[i:] = sorted(events[i:], key=lambda e: (e[0], e[1]))
        lease["_ledger"] = led
        all_entries += led.entries

    # -- ended leases: inspections and deposits --------------------------------------------------------
    insp_seq = [300]
    for lease in leases:
        if lease["status"] == "ended":
            insp_seq[0] += 1
            when = lease["end_date"] + timedelta(days=rng.randint(1, 3))
            done = when < TODAY and not (lease["end_date"].month == 3 and insp_seq[0] % 3 == 0)
            if not done:
                when = TODAY + timedelta(days=rng.randint(1, 3))
            damage, note = rng.choice(DAMAGE_NOTES)
            out["move_out_inspections"].append({
                "inspection_id": f"MI-{insp_seq[0]}", "lease_id": lease["lease_id"], "scheduled_for": when,
                "status": "completed" if done else "scheduled", "damage_charges": damage if done else None,
                "notes": note if done else None})
            refund_day = when + timedelta(days=rng.randint(7, 14))
            if done and lease["end_date"].month < 3 and refund_day < TODAY and rng.random() < 0.7:
                led = lease["_ledger"]
                for p, amt in led.pending_late_fees(refund_day):
                    all_entries.append(led.post(refund_day, "late_fee", amt, f"Late fee for {p}", period=p))
                if damage:
                    all_entries.append(led.post(refund_day, "damage_charge", damage, f"Move-out damage: {note}"))
                owed = led.balance()
                applied = min(lease["security_deposit"], max(owed, 0.0))
                if applied:
                    all_entries.append(led.post(refund_day, "deposit_applied", -applied,
                                                "Security deposit applied to the balance"))
                lease["deposit_status"] = "refunded"
                lease["deposit_refund"] = money(lease["security_deposit"] - applied)
                lease["deposit_refunded_on"] = refund_day
        elif lease["status"] == "notice_given":
            insp_seq[0] += 1
            out["move_out_inspections"].append({
                "inspection_id": f"MI-{insp_seq[0]}", "lease_id": lease["lease_id"],
                "scheduled_for": lease["move_out_date"], "status": "scheduled", "damage_charges": None,
                "notes": None})

    all_entries.sort(key=lambda e: (e["posted_on"], e["lease_id"], 0 if e["amount"] > 0 else 1))
    for i, e in enumerate(all_entries, 1):
        e["entry_id"] = f"LE-{i:06d}"
    for e in all_entries:
        if isinstance(e["reference"], dict):
            e["reference"] = e["reference"]["entry_id"]
    out["ledger_entries"] = all_entries

    # -- maintenance ----------------------------------------------------------------------------------
    techs = [{"technician_id": t, "full_name": n, "trade": tr, "daily_capacity": cap,
              "phone": f"253-555-02{int(t[-2:]) * 7:02d}"} for t, n, tr, cap in TECHNICIANS]
    out["technicians"] = techs
    by_trade = {tr: [t for t in techs if t["trade"] == tr] for tr in ISSUES}
    slots: dict[tuple[str, date], set[str]] = {}
    requests = out["maintenance_requests"]
    req_seq = [5000]
    open_keys: set[tuple[str, str]] = set()
    deadline_hours = {"emergency": 24, "urgent": 72, "routine": 14 * 24}

    def book_slot(category: str, earliest: datetime, latest: datetime) -> tuple[str, datetime] | None:
        day = earliest.date()
        while datetime.combine(day, datetime.min.time()) <= latest:
            if day.weekday() != 6:
                for t in sorted(by_trade[category], key=lambda _: rng.random()):
                    used = slots.setdefault((t["technician_id"], day), set())
                    if len(used) >= t["daily_capacity"]:
                        continue
                    for w in WINDOWS:
                        start = datetime.combine(day, datetime.strptime(w, "%H:%M").time())
                        if w not in used and earliest <= start <= latest:
                            used.add(w)
                            return t["technician_id"], start
            day += timedelta(days=1)
        return None

    def add_request(lease: dict[str, Any], category: str, priority: str, text: str, submitted: datetime,
                    status: str, visit_after: datetime | None = None) -> None:
        req_seq[0] += rng.randint(1, 3)
        row = {"request_id": f"MR-{req_seq[0]}", "lease_id": lease["lease_id"], "unit_id": lease["unit_id"],
               "category": category, "priority": priority, "issue": text, "status": status,
               "submitted_at": submitted, "entry_permission": rng.random() < 0.7, "technician_id": None,
               "visit_start": None, "completed_at": None, "cancelled_at": None, "cancel_reason": None}
        if status in ("scheduled", "in_progress", "completed"):
            earliest = max(submitted + timedelta(hours=2), visit_after or submitted)
            got = book_slot(category, earliest, submitted + timedelta(hours=deadline_hours[priority]))
            if got is None:
                return
            row["technician_id"], row["visit_start"] = got
            if status == "completed":
                row["completed_at"] = row["visit_start"] + timedelta(minutes=rng.randint(40, 150))
        if status == "cancelled":
            row["cancelled_at"] = submitted + timedelta(hours=rng.randint(2, 40))
            row["cancel_reason"] = rng.choice(CANCEL_REASONS)
        if status in ("submitted", "scheduled", "in_progress"):
            if (lease["unit_id"], category) in open_keys:
                return
            open_keys.add((lease["unit_id"], category))
        requests.append(row)

    history = [ls for ls in leases if ls["start_date"] < date(2025, 12, 1) or ls["status"] != "ended"]
    start = datetime(2025, 11, 3, 7, 0)
    while start < NOW - timedelta(days=1):
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
            lease = rng.choice(history)
            if lease["status"] == "ended" and start.date() > lease["end_date"]:
                continue
            if start.date() < lease["start_date"]:
                continue
            category = rng.choices(list(ISSUES), [30, 12, 20, 18, 20])[0]
            priority, text = rng.choice(ISSUES[category])
            submitted = start + timedelta(hours=rng.randint(0, 13), minutes=rng.choice([0, 10, 25, 40, 55]))
            deadline = submitted + timedelta(hours=deadline_hours[priority])
            if deadline < NOW:
                add_request(lease, category, priority, text, submitted,
                            "cancelled" if rng.random() < 0.07 else "completed")
            elif rng.random() < 0.25:
                add_request(lease, category, priority, text, submitted, "submitted")
            else:
                add_request(lease, category, priority, text, submitted, "scheduled", visit_after=NOW)
        start += timedelta(days=1)
    live_leases = [ls for ls in leases if ls["status"] != "ended"]
    for hour, (category, priority) in enumerate([("plumbing", "emergency"), ("hvac", "urgent"),
                                                 ("electrical", "routine"), ("appliance", "urgent"),
                                                 ("general", "routine"), ("plumbing", "routine")]):
        lease = rng.choice(live_leases)
        text = next(t for p, t in ISSUES[category] if p == priority)
        add_request(lease, category, priority, text, datetime(2026, 4, 8, 6 + hour // 2, 5 + 10 * hour),
                    "submitted")
    for _ in range(4):  # visits under way this morning
        lease = rng.choice(live_leases)
        category = rng.choice(list(ISSUES))
        priority, text = rng.choice([x for x in ISSUES[category] if x[0] != "emergency"])
        add_request(lease, category, priority, text, datetime(2026, 4, 6, rng.randint(8, 17), 15), "in_progress",
                    visit_after=datetime(2026, 4, 8, 8, 0))
    for r in requests:
        if r["status"] == "in_progress" and r["visit_start"] and r["visit_start"] > NOW:
            r["status"] = "scheduled"
        if r["status"] == "scheduled" and r["visit_start"] and r["visit_start"] <= NOW:
            r["status"] = "in_progress"
    # Fill the plumbers' and hvac technicians' next days so that capacity matters.
    for tech_id, day in [("T-01", date(2026, 4, 9)), ("T-04", date(2026, 4, 9)), ("T-02", date(2026, 4, 8))]:
        tech = next(t for t in techs if t["technician_id"] == tech_id)
        used = slots.setdefault((tech_id, day), set())
        for w in WINDOWS:
            if len(used) >= tech["daily_capacity"]:
                break
            if w in used or datetime.combine(day, datetime.strptime(w, "%H:%M").time()) <= NOW:
                continue
            lease = rng.choice(live_leases)
            priority, text = next(x for x in ISSUES[tech["trade"]] if x[0] == "routine")
            if (lease["unit_id"], tech["trade"]) in open_keys:
                continue
            open_keys.add((lease["unit_id"], tech["trade"]))
            used.add(w)
            req_seq[0] += 1
            requests.append({"request_id": f"MR-{req_seq[0]}", "lease_id": lease["lease_id"],
                             "unit_id": lease["unit_id"], "category": tech["trade"], "priority": priority,
                             "issue": text, "status": "scheduled",
                             "submitted_at": datetime(2026, 4, 2, 9, 0) + timedelta(hours=len(used)),
                             "entry_permission": True, "technician_id": tech_id,
                             "visit_start": datetime.combine(day, datetime.strptime(w, "%H:%M").time()),
                             "completed_at": None, "cancelled_at": None, "cancel_reason": None})
    requests.sort(key=lambda r: r["request_id"])

    for lease in leases:
        del lease["_ledger"]
    out["leases"] = sorted(leases, key=lambda x: x["lease_id"])
    out["residents"].sort(key=lambda r: r["resident_id"])
    return out


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.2f}"
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSV files into")
    args = parser.parse_args()
    Faker.seed(SEED)
    fake = Faker("en_US")
    data = build(random.Random(SEED), fake)
    write_seed(args.out, HERE.parent / "schema.sql", data, cell=lambda value, table, column: _cell(value))


if __name__ == "__main__":
    main()
