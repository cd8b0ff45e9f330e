"""Deterministic seed data for the autorepair environment (Kestrel Auto Care, an independent repair shop).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Names and streets come from Faker (pinned 40.63.0, seeded); everything else from
``random.Random(SEED)``. Amounts follow ``tools.py``: labour hours x the shop rate, parts x their price, 8% tax on
parts, the $120 diagnostic fee waived once an estimate is approved.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import write_seed

SEED = 20260513
NOW = datetime(2026, 5, 13, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

LABOUR_RATE = 140.0
PARTS_TAX_PCT = 8.0
DIAG_FEE = 120.0
DIAG_CATEGORIES = ("electrical", "engine", "transmission", "hvac")
CITIES = ["Portland", "Beaverton", "Tigard", "Lake Oswego", "Milwaukie", "Gresham", "Hillsboro", "Tualatin"]
MAKES = [("Toyota", ["Camry", "Corolla", "RAV4", "Tacoma", "Highlander"]), ("Honda", ["Civic", "Accord", "CR-V", "Odyssey"]),
         ("Ford", ["F-150", "Escape", "Focus", "Explorer"]), ("Subaru", ["Outback", "Forester", "Impreza", "Crosstrek"]),
         ("Chevrolet", ["Malibu", "Equinox", "Silverado", "Bolt"]), ("Nissan", ["Altima", "Rogue", "Sentra"]),
         ("Hyundai", ["Elantra", "Tucson", "Santa Fe"]), ("Mazda", ["Mazda3", "CX-5", "CX-30"]),
         ("Volkswagen", ["Jetta", "Golf", "Tiguan"]), ("Kia", ["Soul", "Sorento", "Forte"])]
COLORS = ["white", "black", "silver", "gray", "blue", "red", "green", "beige"]

# category -> jobs: (concern, labour description, hours, [(part name, qty)])
JOBS: dict[str, list[tuple[str, str, float, list[tuple[str, int]]]]] = {
    "maintenance": [("oil change and inspection", "Oil and filter change, multi-point inspection", 0.8,
                     [("Synthetic oil 5W-30 (quart)", 5), ("Oil filter", 1)]),
                    ("30k-mile service", "30,000-mile scheduled service", 2.5,
                     [("Engine air filter", 1), ("Cabin air filter", 1), ("Synthetic oil 5W-30 (quart)", 5)]),
                    ("coolant flush", "Cooling system flush", 1.2, [("Coolant, 1 gallon", 2)])],
    "brakes": [("squealing brakes", "Replace front pads and resurface rotors", 2.0,
                [("Front brake pads", 1), ("Brake hardware kit", 1)]),
               ("grinding when stopping", "Replace front pads and rotors", 2.8,
                [("Front brake pads", 1), ("Front brake rotor", 2)]),
               ("soft brake pedal", "Brake fluid flush and rear caliper", 3.2,
                [("Brake fluid (quart)", 2), ("Rear brake caliper", 1)])],
    "suspension": [("clunk over bumps", "Replace front sway bar links", 1.6, [("Sway bar link", 2)]),
                   ("bouncy ride", "Replace front struts", 4.5, [("Front strut assembly", 2)]),
                   ("pulling to one side", "Replace lower control arm and align", 3.4,
                    [("Lower control arm", 1), ("Alignment shims", 1)])],
    "electrical": [("car won't start", "Starting system diagnosis and battery replacement", 1.0, [("Battery, group 35", 1)]),
                   ("battery light on", "Replace alternator", 2.6, [("Alternator", 1), ("Serpentine belt", 1)]),
                   ("headlight out", "Replace headlight assembly", 1.1, [("Headlight bulb", 2)])],
    "engine": [("check engine light", "Replace ignition coils and spark plugs", 2.2,
                [("Ignition coil", 4), ("Spark plug", 4)]),
               ("oil leak", "Replace valve cover gasket", 3.0, [("Valve cover gasket", 1)]),
               ("overheating", "Replace water pump and thermostat", 5.5,
                [("Water pump", 1), ("Thermostat", 1), ("Coolant, 1 gallon", 2)]),
               ("timing belt due", "Replace timing belt kit", 6.5, [("Timing belt kit", 1)])],
    "transmission": [("rough shifting", "Transmission fluid exchange", 1.5, [("ATF (quart)", 8)]),
                     ("slipping gears", "Replace transmission solenoid pack", 5.0,
                      [("Shift solenoid pack", 1), ("ATF (quart)", 6)]),
                     ("clutch slipping", "Replace clutch kit", 7.5, [("Clutch kit", 1)])],
    "hvac": [("AC blowing warm", "AC recharge and leak test", 1.4, [("Refrigerant R-1234yf (lb)", 2)]),
             ("no heat", "Replace heater blower motor", 2.1, [("Blower motor", 1)]),
             ("AC compressor noise", "Replace AC compressor", 5.2, [("AC compressor", 1), ("Receiver drier", 1)])],
    "tires": [("new tires", "Mount and balance four tires", 1.2, [("All-season tire 215/55R17", 4)]),
              ("flat tire", "Tire patch and rotation", 0.7, [("Tire patch kit", 1)]),
              ("vibration at speed", "Balance and rotate, four-wheel alignment", 1.8, [("Wheel weights set", 1)])],
}
CATEGORIES = list(JOBS)
PART_PRICES = {"Synthetic oil 5W-30 (quart)": 9.5, "Oil filter": 12.0, "Engine air filter": 24.0,
               "Cabin air filter": 21.0, "Coolant, 1 gallon": 26.0, "Front brake pads": 68.0,
               "Brake hardware kit": 18.0, "Front brake rotor": 84.0, "Brake fluid (quart)": 14.0,
               "Rear brake caliper": 96.0, "Sway bar link": 42.0, "Front strut assembly": 189.0,
               "Lower control arm": 132.0, "Alignment shims": 22.0, "Battery, group 35": 189.0, "Alternator": 312.0,
               "Serpentine belt": 38.0, "Headlight bulb": 29.0, "Ignition coil": 74.0, "Spark plug": 13.0,
               "Valve cover gasket": 58.0, "Water pump": 164.0, "Thermostat": 36.0, "Timing belt kit": 289.0,
               "ATF (quart)": 11.0, "Shift solenoid pack": 342.0, "Clutch kit": 468.0,
               "Refrigerant R-1234yf (lb)": 64.0, "Blower motor": 176.0, "AC compressor": 548.0,
               "Receiver drier": 59.0, "All-season tire 215/55R17": 154.0, "Tire patch kit": 12.0,
               "Wheel weights set": 9.0}
PART_CATEGORY = {p: c for c, jobs in JOBS.items() for _, _, _, parts in jobs for p, _ in parts}
BRANDS = ["Motorcraft", "Bosch", "Denso", "ACDelco", "Moog", "Monroe", "Akebono", "NGK", "Gates", "Michelin"]
WARRANTY_TERMS = {"brakes": (12, 12000), "suspension": (12, 12000), "electrical": (12, 12000),
                  "engine": (24, 24000), "transmission": (24, 24000), "hvac": (12, 12000)}


def money(x: float) -> float:
    return float(int(x * 100 + 0.5 + 1e-9)) / 100


def slot_hours(day: date) -> list[int]:
    wd = day.weekday()
    return [] if wd == 6 else list(range(8, 12)) if wd == 5 else list(range(8, 17))


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = {k: [] for k in (
            "customers", "vehicles", "technicians", "tech_certifications", "service_bays", "appointments", "parts",
            "work_orders", "estimate_lines", "warranties", "invoices", "payments", "loaner_cars",
            "loaner_assignments")}
        self.line_no = 80000
        self.inv_no = 60000
        self.pay_no = 70000

    # -- static ---------------------------------------------------------------------------------------------
    def static(self) -> None:
        rng = self.rng
        for i, (name, lift) in enumerate([("Bay 1", "two-post lift"), ("Bay 2", "two-post lift"),
                                          ("Bay 3", "four-post alignment lift"), ("Bay 4", "two-post lift"),
                                          ("Bay 5", "scissor lift")], 1):
            self.t["service_bays"].append({"bay_id": f"BAY-{i}", "name": name, "lift_type": lift,
                                           "in_service": i != 5})
        certs = [("master", ["engine", "transmission", "electrical", "hvac"]),
                 ("master", ["brakes", "suspension", "engine", "maintenance"]),
                 ("technician", ["brakes", "suspension", "tires", "maintenance"]),
                 ("technician", ["electrical", "hvac", "maintenance"]),
                 ("technician", ["engine", "brakes", "tires"]),
                 ("apprentice", ["maintenance", "tires"]),
                 ("technician", ["hvac", "suspension", "tires"]),
                 ("technician", ["transmission", "electrical"])]
        for i, (level, cats) in enumerate(certs, 1):
            tid = f"TEC-{i:02d}"
            self.t["technicians"].append({"tech_id": tid, "name": self.fake.name(), "level": level,
                                          "active": i != 8})
            for c in cats:
                self.t["tech_certifications"].append({"tech_id": tid, "category": c,
                                                      "certified_on": date(2018, 1, 1) + timedelta(days=rng.randint(0, 2600))})
        self.t["tech_certifications"].sort(key=lambda r: (r["tech_id"], r["category"]))
        for i, r in enumerate(self.t["tech_certifications"], 1):
            r["certification_no"] = f"CRT-{100 + i}"
        n = 0
        self.parts_by_name: dict[str, list[dict[str, Any]]] = {}
        for pname, price in PART_PRICES.items():
            for brand in rng.sample(BRANDS, 2):
                n += 1
                qty = rng.choices([0, rng.randint(1, 3), rng.randint(4, 24)], [14, 20, 66])[0]
                eta = None
                if qty == 0 and rng.random() < 0.6:
                    eta = TODAY + timedelta(days=rng.randint(2, 12))
                row = {"part_id": f"PRT-{300 + n:04d}", "name": pname, "category": PART_CATEGORY[pname],
                       "brand": brand, "unit_price": money(price * rng.uniform(0.9, 1.25)), "qty_on_hand": qty,
                       "backorder_eta": eta}
                self.t["parts"].append(row)
                self.parts_by_name.setdefault(pname, []).append(row)
        for i, (make, model, plate) in enumerate([("Toyota", "Corolla", "KAC 101"), ("Honda", "Civic", "KAC 102"),
                                                  ("Hyundai", "Elantra", "KAC 103"), ("Toyota", "RAV4", "KAC 104"),
                                                  ("Kia", "Forte", "KAC 105"), ("Nissan", "Sentra", "KAC 106")], 1):
            self.t["loaner_cars"].append({"loaner_id": f"LNR-{i:02d}", "make": make, "model": model, "plate": plate,
                                          "status": "maintenance" if i == 6 else "available"})

    def vin(self) -> str:
        chars = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
        return "".join(self.rng.choice(chars) for _ in range(17))

    def people(self) -> None:
        rng, fake = self.rng, self.fake
        for i in range(220):
            first, last = fake.first_name(), fake.last_name()
            cid = f"CUS-{1001 + i}"
            self.t["customers"].append({
                "customer_id": cid, "first_name": first, "last_name": last,
                "phone": f"503-555-{rng.randint(0, 9999):04d}",
                "email": f"{first.lower()}.{last.lower()}{rng.randint(1, 99)}@{rng.choice(['example.com', 'example.org', 'mail.example.net'])}",
                "street": fake.street_address(), "city": rng.choice(CITIES),
                "customer_since": TODAY - timedelta(days=rng.randint(60, 3000))})
        vno = 0
        for c in self.t["customers"]:
            for _ in range(rng.choices([1, 2, 3], [58, 34, 8])[0]):
                vno += 1
                make, models = rng.choice(MAKES)
                year = rng.randint(2009, 2025)
                self.t["vehicles"].append({
                    "vehicle_id": f"VEH-{2000 + vno}", "customer_id": c["customer_id"], "vin": self.vin(),
                    "make": make, "model": rng.choice(models), "year": year, "color": rng.choice(COLORS),
                    "plate": f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}"
                             f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')} {rng.randint(100, 999)}",
                    "mileage": 0, "_start": max(2000, (2026 - year) * rng.randint(7000, 14000))})

    # -- work orders ----------------------------------------------------------------------------------------
    def add_lines(self, wo: dict[str, Any], job: tuple[str, str, float, list[tuple[str, int]]],
                  at: datetime, stock: bool) -> None:
        rng = self.rng
        _, labour, hours, parts = job
        hours = round(hours + rng.choice([-0.2, 0, 0, 0.3, 0.5]), 1)
        self.line_no += 1
        self.t["estimate_lines"].append({
            "line_id": f"EL-{self.line_no}", "work_order_id": wo["work_order_id"], "kind": "labour",
            "description": labour, "part_id": None, "quantity": hours, "unit_price": LABOUR_RATE,
            "amount": money(hours * LABOUR_RATE), "part_status": None, "eta": None, "added_at": at})
        for pname, qty in parts:
            part = rng.choice(self.parts_by_name[pname])
            status, eta = "in_stock", None
            if stock and part["qty_on_hand"] == 0 and part["backorder_eta"] is not None:
                status, eta = "backordered", part["backorder_eta"]
            self.line_no += 1
            self.t["estimate_lines"].append({
                "line_id": f"EL-{self.line_no}", "work_order_id": wo["work_order_id"], "kind": "part",
                "description": f"{part['brand']} {pname}", "part_id": part["part_id"], "quantity": qty,
                "unit_price": part["unit_price"], "amount": money(qty * part["unit_price"]), "part_status": status,
                "eta": eta, "added_at": at})

    def totals(self, wo_id: str) -> tuple[float, float, float, float]:
        lines = [ln for ln in self.t["estimate_lines"] if ln["work_order_id"] == wo_id]
        labour = money(sum(ln["amount"] for ln in lines if ln["kind"] == "labour"))
        parts = money(sum(ln["amount"] for ln in lines if ln["kind"] == "part"))
        tax = money(parts * PARTS_TAX_PCT / 100)
        hours = sum(ln["quantity"] for ln in lines if ln["kind"] == "labour")
        return labour, parts, tax, hours

    def techs_for(self, category: str) -> list[str]:
        active = {t["tech_id"] for t in self.t["technicians"] if t["active"]}
        return [c["tech_id"] for c in self.t["tech_certifications"] if c["category"] == category and c["tech_id"] in active]

    def invoice(self, wo: dict[str, Any], at: datetime, paid: bool, declined: bool = False) -> None:
        rng = self.rng
        labour, parts, tax, _ = self.totals(wo["work_order_id"])
        if declined:
            labour = parts = tax = 0.0
        diag = 0.0 if wo["diagnostic_waived"] else wo["diagnostic_fee"]
        credit = money(labour + parts + tax) if wo["warranty_id"] else 0.0
        total = money(labour + parts + tax + diag - credit)
        self.inv_no += 1
        inv = {"invoice_id": f"INV-{self.inv_no}", "work_order_id": wo["work_order_id"], "issued_at": at,
               "labour": labour, "parts": parts, "diagnostic_fee": diag, "warranty_credit": credit, "tax": tax,
               "total": total, "status": "paid" if paid or total == 0 else "open"}
        self.t["invoices"].append(inv)
        if paid and total > 0:
            self.pay_no += 1
            pay_at = min(at + timedelta(hours=rng.randint(1, 30)), NOW - timedelta(minutes=30))
            self.t["payments"].append({"payment_id": f"PAY-{self.pay_no}", "invoice_id": inv["invoice_id"],
                                       "method": rng.choices(["card", "cash", "check"], [80, 12, 8])[0],
                                       "amount": total, "paid_at": pay_at})
            wo["_paid_at"] = pay_at

    def work_orders(self) -> None:
        rng = self.rng
        raw: list[dict[str, Any]] = []
        # history: completed and picked up, one to four per vehicle over two years
        for v in self.t["vehicles"]:
            k = rng.choices([0, 1, 2, 3, 4], [18, 30, 28, 16, 8])[0]
            days = sorted(rng.sample(range(20, 720), k), reverse=True)
            miles = v["_start"]
            for d in days:
                miles += rng.randint(1500, 9000)
                opened = datetime.combine(TODAY - timedelta(days=d), time(rng.randint(8, 15), rng.choice([0, 10, 25, 40])))
                cat = rng.choices(CATEGORIES, [30, 16, 10, 10, 12, 5, 8, 9])[0]
                raw.append({"v": v, "opened": opened, "cat": cat, "miles": miles,
                            "status": "declined" if rng.random() < 0.07 else "picked_up"})
            v["mileage"] = miles
        # the shop today: one open job per vehicle on about 100 vehicles
        current = rng.sample(self.t["vehicles"], 104)
        plan = (["estimate"] * 28 + ["approved"] * 16 + ["in_progress"] * 22 + ["completed"] * 24 + ["declined"] * 14)
        self.warranty_targets: list[dict[str, Any]] = []
        for v, status in zip(current, plan, strict=True):
            v["mileage"] += rng.randint(800, 6000)
            days = rng.randint(0, 2) if status == "estimate" else rng.randint(1, 6)
            opened = datetime.combine(TODAY - timedelta(days=days), time(rng.randint(8, 9), rng.choice([0, 15, 30, 45])))
            cat = rng.choice(CATEGORIES)
            raw.append({"v": v, "opened": opened, "cat": cat, "miles": v["mileage"], "status": status, "cur": True})
        raw.sort(key=lambda r: (r["opened"], r["v"]["vehicle_id"]))
        for i, r in enumerate(raw):
            v, cat, status = r["v"], r["cat"], r["status"]
            job = rng.choice(JOBS[cat])
            diag = DIAG_FEE if cat in DIAG_CATEGORIES else 0.0
            wo = {"work_order_id": f"WO-{30001 + i}", "customer_id": v["customer_id"], "vehicle_id": v["vehicle_id"],
                  "category": cat, "concern": job[0], "status": status, "opened_at": r["opened"],
                  "mileage_in": r["miles"], "tech_id": None, "diagnostic_fee": diag, "diagnostic_waived": False,
                  "warranty_id": None, "approved_total": None, "approved_at": None, "completed_at": None,
                  "released_at": None}
            self.t["work_orders"].append(wo)
            self.add_lines(wo, job, r["opened"] + timedelta(hours=1), stock=bool(r.get("cur")))
            labour, parts, tax, hours = self.totals(wo["work_order_id"])
            if status in ("approved", "in_progress", "completed", "picked_up"):
                wo["approved_at"] = r["opened"] + timedelta(hours=rng.randint(2, 5))
                wo["approved_total"] = money(labour + parts + tax)
                wo["diagnostic_waived"] = diag > 0
            if status in ("in_progress", "completed", "picked_up") or (status == "approved" and rng.random() < 0.4):
                wo["tech_id"] = rng.choice(self.techs_for(cat))
            if status in ("completed", "picked_up"):
                span = hours + rng.uniform(2, 30) if status == "picked_up" else hours + rng.uniform(2, 20)
                done = wo["approved_at"] + timedelta(hours=span)
                if done >= NOW:
                    done = NOW - timedelta(hours=rng.randint(1, 20))
                if not 8 <= done.hour < 17:
                    done = datetime.combine(done.date(), time(16, rng.randint(0, 59)))
                wo["completed_at"] = done
                paid = status == "picked_up" or rng.random() < 0.3
                self.invoice(wo, done, paid)
                if status == "picked_up":
                    wo["released_at"] = wo.get("_paid_at", done) + timedelta(minutes=rng.randint(5, 90))
            if status == "declined":
                at = r["opened"] + timedelta(hours=rng.randint(2, 6))
                if at >= NOW:
                    at = NOW - timedelta(minutes=45)
                current_wo = bool(r.get("cur"))
                if diag:
                    paid = not current_wo or rng.random() < 0.3
                    self.invoice(wo, at, paid, declined=True)
                if not current_wo:
                    wo["released_at"] = wo.get("_paid_at", at) + timedelta(minutes=rng.randint(5, 60))
            wo["_hours"] = hours

    def warranties(self) -> None:
        rng = self.rng
        n = 0
        for wo in self.t["work_orders"]:
            if wo["status"] != "picked_up" or wo["category"] not in WARRANTY_TERMS:
                continue
            months, miles = WARRANTY_TERMS[wo["category"]]
            n += 1
            self.t["warranties"].append({
                "warranty_id": f"WAR-{7000 + n}", "vehicle_id": wo["vehicle_id"],
                "work_order_id": wo["work_order_id"], "category": wo["category"],
                "starts_on": wo["completed_at"].date(), "months": months, "miles": miles,
                "start_mileage": wo["mileage_in"]})
        # some open estimates come back for a repair the shop already did (a warranty claim to check)
        by_vehicle: dict[str, list[dict[str, Any]]] = {}
        for w in self.t["warranties"]:
            by_vehicle.setdefault(w["vehicle_id"], []).append(w)
        for wo in self.t["work_orders"]:
            if wo["status"] == "estimate" and wo["vehicle_id"] in by_vehicle and rng.random() < 0.8:
                w = by_vehicle[wo["vehicle_id"]][-1]
                if w["category"] != wo["category"]:
                    wo["category"] = w["category"]
                    job = rng.choice(JOBS[w["category"]])
                    wo["concern"] = job[0]
                    self.t["estimate_lines"] = [ln for ln in self.t["estimate_lines"]
                                                if ln["work_order_id"] != wo["work_order_id"]]
                    self.add_lines(wo, job, wo["opened_at"] + timedelta(hours=1), stock=True)
                    wo["diagnostic_fee"] = DIAG_FEE if w["category"] in DIAG_CATEGORIES else 0.0
                    wo["_hours"] = self.totals(wo["work_order_id"])[3]

    def appointments(self) -> None:
        rng = self.rng
        vehicles = self.t["vehicles"]
        rows: list[dict[str, Any]] = []
        busy = {wo["vehicle_id"] for wo in self.t["work_orders"] if wo["released_at"] is None}

        def add(v: dict[str, Any], at: datetime, status: str) -> None:
            cat = rng.choice(CATEGORIES)
            rows.append({"customer_id": v["customer_id"], "vehicle_id": v["vehicle_id"], "starts_at": at,
                         "category": cat, "concern": rng.choice(JOBS[cat])[0], "status": status,
                         "booked_at": min(at - timedelta(days=rng.randint(1, 20), hours=rng.randint(0, 8)),
                                          NOW - timedelta(hours=rng.randint(1, 72)))})

        def count(at: datetime) -> int:
            return sum(1 for r in rows if r["starts_at"] == at and r["status"] == "booked")

        for _ in range(150):  # past visits
            day = TODAY - timedelta(days=rng.randint(1, 30))
            if not slot_hours(day):
                continue
            at = datetime.combine(day, time(rng.choice(slot_hours(day))))
            add(rng.choice(vehicles), at, rng.choices(["arrived", "no_show", "cancelled"], [82, 8, 10])[0])
        free = [v for v in vehicles if v["vehicle_id"] not in busy]
        rng.shuffle(free)
        booked_vehicles: set[str] = set()
        full = [datetime(2026, 5, 14, 9), datetime(2026, 5, 15, 8), datetime(2026, 5, 16, 9), datetime(2026, 5, 18, 8)]
        pool = iter(free)
        for at in full:
            while count(at) < 4:
                v = next(pool)
                booked_vehicles.add(v["vehicle_id"])
                add(v, at, "booked")
        made = 0
        while made < 90:
            day = TODAY + timedelta(days=rng.randint(0, 24))
            hours = [h for h in slot_hours(day) if datetime.combine(day, time(h)) > NOW]
            if not hours:
                continue
            at = datetime.combine(day, time(rng.choice(hours)))
            if count(at) >= 3:
                continue
            v = next(pool)
            booked_vehicles.add(v["vehicle_id"])
            add(v, at, rng.choices(["booked", "cancelled"], [88, 12])[0])
            made += 1
        rows.sort(key=lambda r: (r["booked_at"], r["vehicle_id"]))
        for i, r in enumerate(rows):
            self.t["appointments"].append({"appointment_id": f"APT-{5001 + i}", **r})

    def loaners(self) -> None:
        rng = self.rng
        n = 0
        out: list[dict[str, Any]] = []
        for wo in self.t["work_orders"]:
            if wo["_hours"] > 4 and wo["status"] == "picked_up" and rng.random() < 0.6:
                out.append({"wo": wo, "out": wo["approved_at"], "back": wo["released_at"]})
        current = [wo for wo in self.t["work_orders"] if wo["_hours"] > 4 and wo["status"] == "in_progress"][:3]
        for wo in current:
            out.append({"wo": wo, "out": wo["approved_at"] + timedelta(minutes=20), "back": None})
        out.sort(key=lambda r: r["out"])
        free_at: dict[str, datetime] = {}
        fleet = [c["loaner_id"] for c in self.t["loaner_cars"] if c["status"] != "maintenance"]
        for r in out:
            cands = [lid for lid in fleet if free_at.get(lid, datetime.min) <= r["out"]]
            if not cands:
                continue
            lid = rng.choice(cands)
            free_at[lid] = r["back"] or datetime.max
            n += 1
            self.t["loaner_assignments"].append({
                "assignment_id": f"LA-{9000 + n}", "loaner_id": lid, "customer_id": r["wo"]["customer_id"],
                "work_order_id": r["wo"]["work_order_id"], "out_at": r["out"], "returned_at": r["back"]})
            if r["back"] is None:
                next(c for c in self.t["loaner_cars"] if c["loaner_id"] == lid)["status"] = "out"

    def finish(self) -> dict[str, list[dict[str, Any]]]:
        for v in self.t["vehicles"]:
            v.pop("_start")
        for wo in self.t["work_orders"]:
            wo.pop("_hours", None)
            wo.pop("_paid_at", None)
        self.t["estimate_lines"].sort(key=lambda r: r["line_id"])
        return self.t


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
    w.work_orders()
    w.warranties()
    w.appointments()
    w.loaners()
    return w.finish()


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the autorepair environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
