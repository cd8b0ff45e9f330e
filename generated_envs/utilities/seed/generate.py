"""Write the seed CSVs of the utilities environment (Silverlarch Power & Water's service desk): same bytes every run.

Run: python seed/generate.py [--out FOLDER]. Customer names come from Faker 40.63.0 (pinned:
pip install "faker==40.63.0") seeded with 0; everything else from random.Random(20260512). Dates are relative to
the environment's fixed clock, 2026-05-12 (manifest.json "now"), and the seed obeys the rules the tools enforce:
bills are computed from the readings and the tariff tiers, late fees from what was unpaid at the due date,
payment plans from the overdue bills they took over.
"""

from __future__ import annotations

import argparse
import calendar
import csv
import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

TODAY = date(2026, 5, 12)
HISTORY_FROM = date(2025, 11, 1)
DUE_DAYS = 21
LATE_FEE_RATE, LATE_FEE_MIN = 0.015, 5.00
HOLIDAYS = {date(2025, 11, 27), date(2025, 12, 25), date(2026, 1, 1), date(2026, 1, 19), date(2026, 2, 16),
            date(2026, 5, 25), date(2026, 6, 19), date(2026, 7, 3)}

TOWNS = [  # city, zip code, inside the water district, premises
    ("Ellensburg", "98926", True, 22), ("Cle Elum", "98922", False, 15), ("Roslyn", "98941", False, 11),
    ("Wenatchee", "98801", True, 22), ("East Wenatchee", "98802", True, 17), ("Cashmere", "98815", True, 13),
    ("Leavenworth", "98826", False, 13), ("Chelan", "98816", False, 13), ("Selah", "98942", True, 15),
    ("Yakima", "98901", True, 21), ("Yakima", "98902", True, 21), ("Naches", "98937", False, 10),
    ("Quincy", "98848", True, 13), ("Ephrata", "98823", False, 13),
]
STREETS = ["Alder St", "Birch Ave", "Cedar Ct", "Canyon Rd", "Orchard Way", "Sunset Dr", "Ridgeview Ln", "Pine St",
           "Juniper Ln", "Aspen Way", "Willow Dr", "Maple Ave", "Railroad Ave", "Main St", "Elm St", "Tamarack Dr",
           "Larch Ln", "Sagebrush Rd", "River Rd", "Vista Pl", "Hillcrest Dr", "Apple Blossom Dr", "N 4th St",
           "S 6th Ave", "W 3rd Ave", "E 2nd St", "Okanogan Ave", "Columbia St", "Orondo Ave", "Fruitvale Blvd",
           "Summitview Ave", "Lincoln Ave", "Chestnut St", "Walnut St", "Ponderosa Dr", "Bluebird Ln", "Meadow Ln",
           "Sage Hills Dr", "Cottonwood Ct", "Basalt Ridge Rd"]
EMAIL_DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"]

TARIFFS = [  # id, name, service, class, unit, fixed charge, assistance only, description
    ("E-RES", "Residential Standard", "electric", "residential", "kWh", 12.50, False,
     "Tiered energy rate for homes: the rate rises after 600 and 1,200 kWh in a billing period."),
    ("E-GRN", "Residential Green Choice", "electric", "residential", "kWh", 12.50, False,
     "The Residential Standard tiers plus 1.2 cents per kWh for fully renewable supply."),
    ("E-FLT", "Residential Flat Rate", "electric", "residential", "kWh", 21.00, False,
     "One energy rate at any usage, with a higher fixed charge."),
    ("E-AST", "Residential Assistance", "electric", "residential", "kWh", 5.00, True,
     "Reduced rates for households enrolled in the income-qualified assistance program."),
    ("E-SBG", "Small Business General", "electric", "commercial", "kWh", 32.00, False,
     "Declining-block rate for shops and offices: energy above 3,000 kWh costs less."),
    ("E-SBF", "Small Business Flat", "electric", "commercial", "kWh", 48.00, False,
     "One lower energy rate for businesses, with a higher fixed charge."),
    ("W-RES", "Residential Water", "water", "residential", "CCF", 16.40, False,
     "Tiered water rate for homes: the rate rises after 6 and 15 CCF in a billing period."),
    ("W-AST", "Residential Water Assistance", "water", "residential", "CCF", 8.20, True,
     "Reduced water rates for households enrolled in the income-qualified assistance program."),
    ("W-COM", "Commercial Water", "water", "commercial", "CCF", 34.50, False,
     "One water rate for businesses at any usage."),
]
TIERS = {
    "E-RES": [(600, 0.1184), (1200, 0.1362), (None, 0.1597)],
    "E-GRN": [(600, 0.1304), (1200, 0.1482), (None, 0.1717)],
    "E-FLT": [(None, 0.1265)],
    "E-AST": [(600, 0.0893), (None, 0.1130)],
    "E-SBG": [(3000, 0.1248), (None, 0.1176)],
    "E-SBF": [(None, 0.1150)],
    "W-RES": [(6, 3.42), (15, 4.18), (None, 5.96)],
    "W-AST": [(6, 2.74), (None, 3.34)],
    "W-COM": [(None, 4.55)],
}
FIXED = {t[0]: t[5] for t in TARIFFS}
DEFAULT_TARIFF = {("electric", "residential"): "E-RES", ("electric", "commercial"): "E-SBG",
                  ("water", "residential"): "W-RES", ("water", "commercial"): "W-COM"}
#: Typical monthly usage ranges and the seasonal factor by the month a period ends.
TYPICAL = {("electric", "residential"): (480, 1350), ("electric", "commercial"): (1900, 5200),
           ("water", "residential"): (5, 12), ("water", "commercial"): (14, 38)}
SEASON = {"electric": {11: 1.1, 12: 1.35, 1: 1.4, 2: 1.25, 3: 1.05, 4: 0.9, 5: 0.85, 10: 0.95},
          "water": {11: 0.85, 12: 0.75, 1: 0.75, 2: 0.75, 3: 0.85, 4: 1.0, 5: 1.2, 10: 1.0}}


def money(x: float) -> float:
    return round(x + 1e-9 if x >= 0 else x - 1e-9, 2)


def usage_charge(tariff_id: str, usage: int) -> float:
    """The tiered energy or water charge (the tools compute it the same way)."""
    total, lower = 0.0, 0
    for up_to, rate in TIERS[tariff_id]:
        top = usage if up_to is None else min(usage, up_to)
        if top > lower:
            total += (top - lower) * rate
        if up_to is None or usage <= up_to:
            break
        lower = up_to
    return money(total)


def late_fee(unpaid: float) -> float:
    return max(LATE_FEE_MIN, money(unpaid * LATE_FEE_RATE))


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def business_day(d: date) -> bool:
    return d.weekday() < 5 and d not in HOLIDAYS


def next_business_day(d: date) -> date:
    while not business_day(d):
        d += timedelta(days=1)
    return d


class Builder:
    """Builds every table in memory, in an order that keeps the data consistent with the tools' rules."""

    def __init__(self) -> None:
        self.rng = random.Random(20260512)
        self.fake = Faker("en_US")
        self.fake.seed_instance(0)
        self.customers: list[dict[str, Any]] = []
        self.premises: list[dict[str, Any]] = []
        self.meters: list[dict[str, Any]] = []
        self.accounts: list[dict[str, Any]] = []
        self.readings: list[dict[str, Any]] = []
        self.creads: list[dict[str, Any]] = []
        self.plans: list[dict[str, Any]] = []
        self.bills: list[dict[str, Any]] = []
        self.payments: list[dict[str, Any]] = []
        self.orders: list[dict[str, Any]] = []
        self.disputes: list[dict[str, Any]] = []
        self.meter_of: dict[tuple[str, str], dict[str, Any]] = {}
        self.premise_by_id: dict[str, dict[str, Any]] = {}
        self.ids = {"RD-": 4000, "B-": 104000, "PMT-": 60000, "PP-": 3000, "SO-": 8000, "DSP-": 600, "CR-": 9000}

    def new_id(self, prefix: str, width: int = 0) -> str:
        self.ids[prefix] += self.rng.randint(1, 3) if prefix in ("B-", "PMT-") else 1
        return f"{prefix}{self.ids[prefix]:0{width}d}" if width else f"{prefix}{self.ids[prefix]}"

    def day_between(self, lo: date, hi: date, business: bool = False) -> date:
        for _ in range(100):
            d = lo + timedelta(days=self.rng.randint(0, (hi - lo).days))
            if not business or business_day(d):
                return d
        raise RuntimeError(f"no day between {lo} and {hi}")

    # -- places ------------------------------------------------------------------------------------------

    def make_premises(self) -> None:
        n = 5100
        for city, zip_code, water, count in TOWNS:
            used: set[str] = set()
            while len(used) < count:
                street = f"{self.rng.randint(101, 2999)} {self.rng.choice(STREETS)}"
                if street in used:
                    continue
                used.add(street)
                n += self.rng.randint(1, 4)
                commercial = self.rng.random() < 0.13
                unit = None
                if not commercial and count >= 15 and self.rng.random() < 0.22:
                    unit = f"Apt {self.rng.randint(1, 4)}{self.rng.choice('ABCD')}"
                p = {"premise_id": f"PR-{n}", "street": street, "unit": unit, "city": city, "state": "WA",
                     "zip_code": zip_code, "premise_type": "commercial" if commercial else "residential"}
                self.premises.append(p)
                self.premise_by_id[p["premise_id"]] = p
                for service in ("electric", "water") if water else ("electric",):
                    self.add_meter(p, service)
        self.premises.sort(key=lambda p: p["premise_id"])

    def add_meter(self, p: dict[str, Any], service: str) -> None:
        m = {"meter_id": f"MTR-{40000 + len(self.meters) * 3 + self.rng.randint(1, 2)}", "premise_id": p["premise_id"],
             "service_type": service,
             "serial_number": f"{service[0].upper()}{self.rng.randint(10_000_000, 99_999_999)}",
             "meter_kind": "smart" if self.rng.random() < 0.62 else "manual",
             "installed_on": date(2011, 1, 1) + timedelta(days=self.rng.randint(0, 4700))}
        self.meters.append(m)
        self.meter_of[(p["premise_id"], service)] = m

    # -- people and their accounts -------------------------------------------------------------------------

    def make_customers(self, n: int) -> None:
        names: set[tuple[str, str]] = set()
        emails: set[str] = set()
        while len(self.customers) < n:
            first, last = self.fake.first_name(), self.fake.last_name()
            if (first, last) in names or any(c in first + last for c in " '-"):
                continue
            names.add((first, last))
            local = [f"{first}.{last}", f"{first}{last}", f"{first[0]}{last}", f"{first}_{last}"][
                self.rng.randrange(4)].lower()
            email = f"{local}@{self.rng.choice(EMAIL_DOMAINS)}"
            if email in emails:
                email = email.replace("@", f"{self.rng.randint(2, 99)}@")
            emails.add(email)
            self.customers.append({
                "customer_id": f"C-{20001 + len(self.customers) * 2 + self.rng.randint(0, 1)}",
                "first_name": first, "last_name": last, "email": email,
                "phone": f"509-{self.rng.randint(200, 989)}-{self.rng.randint(0, 9999):04d}",
                "mailing_address": "", "zip_code": "",
                "customer_since": date(2009, 1, 1) + timedelta(days=self.rng.randint(0, 5750)),
                "assistance_enrolled": self.rng.random() < 0.13})

    def open_account(self, c: dict[str, Any], p: dict[str, Any], service: str, start: date,
                     status: str = "active") -> dict[str, Any]:
        tariff = DEFAULT_TARIFF[(service, p["premise_type"])]
        changed = None
        if p["premise_type"] == "residential" and status != "pending_start":
            roll = self.rng.random()
            if c["assistance_enrolled"] and roll < 0.75:
                tariff = "E-AST" if service == "electric" else "W-AST"
            elif service == "electric" and roll < 0.22:
                tariff = self.rng.choice(["E-GRN", "E-FLT"])
        elif p["premise_type"] == "commercial" and service == "electric" and self.rng.random() < 0.3:
            tariff = "E-SBF"
        if tariff != DEFAULT_TARIFF[(service, p["premise_type"])] and start < TODAY - timedelta(days=60):
            changed = self.day_between(max(start, TODAY - timedelta(days=700)), TODAY - timedelta(days=40))
            if changed < HISTORY_FROM:
                changed = changed if self.rng.random() < 0.5 else None
        cycle = start.day if start >= HISTORY_FROM else self.rng.choice([d for d in range(1, 29) if d != 12])
        a = {"account_id": f"ACC-{30000 + (len(self.accounts) + 1) * 3 + self.rng.randint(0, 2)}",
             "customer_id": c["customer_id"], "premise_id": p["premise_id"], "service_type": service,
             "tariff_id": tariff, "status": status, "start_date": start, "end_date": None, "disconnected_on": None,
             "cycle_day": min(cycle, 28), "tariff_changed_on": changed, "credit_balance": 0.0,
             "_profile": self.rng.choices(["autopay", "prompt", "late"], [0.3, 0.5, 0.2])[0],
             "_typical": self.rng.randint(*TYPICAL[(service, p["premise_type"])]), "_kind": None}
        self.accounts.append(a)
        return a

    def services(self, p: dict[str, Any], water_share: float = 0.85) -> list[str]:
        water = (p["premise_id"], "water") in self.meter_of and self.rng.random() < water_share
        return ["electric", "water"] if water else ["electric"]

    def order(self, a: dict[str, Any], kind: str, when: date, status: str, created: date | None = None,
              fee: float = 0.0) -> dict[str, Any]:
        o = {"order_id": self.new_id("SO-"), "account_id": a["account_id"], "order_type": kind,
             "scheduled_date": when, "status": status,
             "created_on": created or when - timedelta(days=self.rng.randint(3, 12)), "fee": fee,
             "linked_order_id": None}
        self.orders.append(o)
        return o

    def make_accounts(self) -> None:
        res = [p for p in self.premises if p["premise_type"] == "residential"]
        com = [p for p in self.premises if p["premise_type"] == "commercial"]
        self.rng.shuffle(res)
        self.rng.shuffle(com)
        roles = ["newcomer"] * 6 + ["moved"] * 22 + ["standard"] * (len(self.customers) - 28)
        self.rng.shuffle(roles)
        for c, role in zip(self.customers, roles):
            home = res.pop()
            c["_role"], c["_home"] = role, home
            since = c["customer_since"]
            if role == "newcomer":
                c["customer_since"] = TODAY - timedelta(days=self.rng.randint(2, 20))
                start = self.day_between(TODAY + timedelta(days=2), TODAY + timedelta(days=35), business=True)
                for s in self.services(home, 1.0):
                    a = self.open_account(c, home, s, start, "pending_start")
                    self.order(a, "start", start, "scheduled", c["customer_since"])
            elif role == "moved":
                old = res.pop()
                move = self.day_between(date(2025, 11, 20), date(2026, 4, 24), business=True)
                if move.day in (12, 29, 30, 31):
                    move = next_business_day(move + timedelta(days=3))
                olds = [self.open_account(c, old, s, since) for s in self.services(old)]
                for a in olds:
                    a["status"], a["end_date"] = "closed", move
                news = [self.open_account(c, home, s, move) for s in self.services(home)]
                for a in olds:
                    stop = self.order(a, "stop", move, "completed")
                    new = next((n for n in news if n["service_type"] == a["service_type"]), None)
                    if new is not None:
                        start = self.order(new, "start", move, "completed", stop["created_on"])
                        stop["linked_order_id"], start["linked_order_id"] = start["order_id"], stop["order_id"]
                for n in news:
                    if not any(o["account_id"] == n["account_id"] for o in self.orders):
                        self.order(n, "start", move, "completed")
            else:
                start = since if self.rng.random() < 0.7 else self.day_between(since, TODAY - timedelta(days=400))
                for s in self.services(home):
                    self.open_account(c, home, s, start)
            if role != "newcomer" and com and self.rng.random() < 0.13:
                shop = com.pop()
                start = self.day_between(c["customer_since"], TODAY - timedelta(days=300))
                for s in self.services(shop, 0.9):
                    self.open_account(c, shop, s, start)
            first = min(a["start_date"] for a in self.accounts if a["customer_id"] == c["customer_id"])
            c["customer_since"] = min(c["customer_since"], first)
            mail = home if role != "moved" or self.rng.random() < 0.9 else c["_home"]
            c["mailing_address"] = ", ".join(x for x in (mail["street"], mail["unit"], mail["city"], "WA") if x)
            c["zip_code"] = mail["zip_code"]
        self.vacant = res + com

    def pick(self, n: int, cond: Any) -> list[dict[str, Any]]:
        """``n`` accounts with a long history that meet ``cond`` and have no special role yet."""
        pool = [a for a in self.accounts if a["_kind"] is None and a["status"] == "active"
                and a["start_date"] < HISTORY_FROM - timedelta(days=30) and cond(a)]
        self.rng.shuffle(pool)
        chosen = []
        for a in pool:
            if len(chosen) == n:
                break
            if any(x["customer_id"] == a["customer_id"] for x in chosen):
                continue
            chosen.append(a)
        return chosen

    def assign_roles(self) -> None:
        def elec(a: dict[str, Any]) -> bool:
            return a["service_type"] == "electric" and self.premise_by_id[a["premise_id"]]["premise_type"] == \
                "residential"

        for kind, n in (("disc_unpaid", 5), ("disc_recent_plan", 2), ("disc_paid", 3), ("disc_plan_paid", 2),
                        ("disc_plan_new", 2), ("late_unpaid", 6), ("late_recent_plan", 2), ("late_small", 1),
                        ("late_plan", 4), ("late_waived", 3)):
            for a in self.pick(n, elec):
                a["_kind"] = kind
        for a in self.pick(1, lambda a: a["service_type"] == "electric" and not elec(a)):
            a["_kind"], a["_typical"] = "late_big", self.rng.randint(4600, 5400)
        for a in self.pick(1, lambda a: a["service_type"] == "water"):
            a["_kind"] = "disc_water"
        for a in self.accounts:
            if (a["_kind"] or "").startswith("disc"):
                a["status"] = "disconnected"
                a["disconnected_on"] = self.day_between(date(2026, 2, 16), date(2026, 4, 24), business=True)
                if a["disconnected_on"].day == 12:
                    a["disconnected_on"] += timedelta(days=1)
            a["_profile"] = "prompt" if a["_kind"] else a["_profile"]
        # Manual meters whose latest reading is an estimate (dispute cases).
        for kind, n in (("est_photo", 4), ("est_plain", 5), ("est_rejected", 2), ("est_old", 3),
                        ("est_corrected", 3)):
            days = range(1, 9) if kind in ("est_photo", "est_plain", "est_rejected") else range(14, 29)
            for a in self.pick(n, lambda a, days=days: self.meter_of[(a["premise_id"], a["service_type"])][
                    "meter_kind"] == "manual" and a["cycle_day"] in days):
                a["_kind"], a["_profile"] = kind, "autopay" if kind != "est_corrected" else a["_profile"]
        # Scheduled stops and transfers.
        for a in self.pick(8, lambda a: True):
            a["_kind"] = "stop"
            a["end_date"] = self.day_between(TODAY + timedelta(days=3), TODAY + timedelta(days=40), business=True)
            self.order(a, "stop", a["end_date"], "scheduled", TODAY - timedelta(days=self.rng.randint(1, 9)))
        for a in self.pick(1, lambda a: True):
            a["_kind"], a["end_date"] = "stop_today", TODAY
            self.order(a, "stop", TODAY, "scheduled", TODAY - timedelta(days=6))
        for a in self.pick(3, elec):
            a["_kind"] = "transfer"
            c = next(c for c in self.customers if c["customer_id"] == a["customer_id"])
            dest = next(p for p in self.vacant if p["premise_type"] == "residential")
            self.vacant.remove(dest)
            move = self.day_between(TODAY + timedelta(days=5), TODAY + timedelta(days=30), business=True)
            a["end_date"] = move
            created = TODAY - timedelta(days=self.rng.randint(1, 6))
            new = self.open_account(c, dest, "electric", move, "pending_start")
            new["_kind"] = "transfer_new"
            stop, start = self.order(a, "stop", move, "scheduled", created), self.order(new, "start", move,
                                                                                      "scheduled", created)
            stop["linked_order_id"], start["linked_order_id"] = start["order_id"], stop["order_id"]
        # Customers adding water at home, and a start that is due today.
        added = 0
        for c in self.customers:
            home = c["_home"]
            mine = [a for a in self.accounts if a["customer_id"] == c["customer_id"] and a["premise_id"] ==
                    home["premise_id"]]
            if added < 3 and c["_role"] == "standard" and (home["premise_id"], "water") in self.meter_of and \
                    len(mine) == 1 and mine[0]["_kind"] is None:
                start = self.day_between(TODAY + timedelta(days=2), TODAY + timedelta(days=25), business=True)
                a = self.open_account(c, home, "water", start, "pending_start")
                a["_kind"] = "add_water"
                self.order(a, "start", start, "scheduled", TODAY - timedelta(days=self.rng.randint(1, 5)))
                added += 1
        newcomer = next(a for a in self.accounts if a["status"] == "pending_start" and a["_kind"] is None)
        for a in self.accounts:
            if a["customer_id"] == newcomer["customer_id"]:
                a["start_date"], a["_kind"] = TODAY, "start_today"
                for o in self.orders:
                    if o["account_id"] == a["account_id"]:
                        o["scheduled_date"] = TODAY
        for a in self.accounts:
            if a["status"] == "pending_start":
                a["cycle_day"] = min(a["start_date"].day, 28)

    # -- meters, readings and bills ------------------------------------------------------------------------

    def read_dates(self, a: dict[str, Any]) -> list[tuple[date, str]]:
        """The account's reading dates with their role: start, opening (history's first), cycle or final."""
        end = a["end_date"] if a["status"] == "closed" else a["disconnected_on"]
        last = min(end or TODAY - timedelta(days=1), TODAY - timedelta(days=1))
        out: list[tuple[date, str]] = []
        if a["start_date"] >= HISTORY_FROM:
            out.append((a["start_date"], "start"))
        d = date(HISTORY_FROM.year, HISTORY_FROM.month, a["cycle_day"])
        if a["start_date"] < HISTORY_FROM:
            out.append((add_months(d, -1) if d >= HISTORY_FROM else d, "opening"))
        while d <= last:
            if d > out[-1][0]:
                out.append((d, "cycle"))
            d = add_months(d, 1)
        if end is not None and end <= TODAY and end > out[-1][0]:
            out.append((end, "final"))
        return out

    def make_readings(self) -> None:
        by_meter: dict[str, list[dict[str, Any]]] = {}
        for a in self.accounts:
            if a["status"] != "pending_start":
                by_meter.setdefault(self.meter_of[(a["premise_id"], a["service_type"])]["meter_id"], []).append(a)
        for m in self.meters:
            register = self.rng.randint(8000, 90000) if m["service_type"] == "electric" else self.rng.randint(300, 4000)
            for a in sorted(by_meter.get(m["meter_id"], []), key=lambda a: a["start_date"]):
                register += self.rng.randint(0, 40)
                a["_reads"] = self.account_reads(a, m, register)
                register = a["_reads"][-1]["reading_value"] if a["_reads"] else register

    def account_reads(self, a: dict[str, Any], m: dict[str, Any], register: int) -> list[dict[str, Any]]:
        dates = self.read_dates(a)
        true, prev_date = register, None
        reads = []
        for i, (d, role) in enumerate(dates):
            usage = None
            if role != "start":
                days = (d - prev_date).days if prev_date else 30
                season = SEASON[a["service_type"]].get(d.month, 1.0)
                usage = max(0, round(a["_typical"] * season * days / 30.4 * self.rng.uniform(0.85, 1.15)))
                true += usage
            reads.append({"reading_id": None, "meter_id": m["meter_id"], "account_id": a["account_id"],
                          "read_date": d, "reading_value": true, "usage": usage, "read_type": "actual",
                          "_true": true, "_role": role, "_days": (d - prev_date).days if prev_date else None})
            prev_date = d
        kind = a["_kind"] or ""
        last_cycle = [i for i, r in enumerate(reads) if r["_role"] == "cycle"]
        estimated: list[int] = []
        if m["meter_kind"] == "manual":
            estimated = [i for i in last_cycle[:-1] if self.rng.random() < 0.15 and i > 0]
            if kind in ("est_photo", "est_plain", "est_rejected") and last_cycle:
                estimated = [i for i in estimated if i < last_cycle[-1] - 1] + [last_cycle[-1]]
            if kind in ("est_old", "est_corrected") and len(last_cycle) >= 2:
                estimated = [i for i in estimated if i < last_cycle[-2] - 1] + [last_cycle[-2]]
        for i in estimated:  # the recorded value is the utility's estimate, too high when it matters
            r, prev = reads[i], reads[i - 1]
            factor = self.rng.uniform(1.3, 1.6) if kind.startswith("est_") else self.rng.uniform(0.9, 1.2)
            est_usage = round(a["_typical"] * SEASON[a["service_type"]].get(r["read_date"].month, 1.0) *
                              r["_days"] / 30.4 * factor)
            value = prev["reading_value"] + est_usage
            if i + 1 < len(reads):
                value = min(value, reads[i + 1]["_true"] - 1)
            r["reading_value"], r["read_type"] = max(value, prev["reading_value"]), "estimated"
        for i, r in enumerate(reads):
            if i > 0 and r["usage"] is not None:
                r["usage"] = r["reading_value"] - reads[i - 1]["reading_value"]
            r["reading_id"] = None
        return reads

    def finish_readings(self) -> None:
        every = [r for a in self.accounts for r in a.get("_reads", [])]
        every.sort(key=lambda r: (r["read_date"], r["meter_id"]))
        for r in every:
            r["reading_id"] = self.new_id("RD-", 6)
        self.readings = every

    def make_bills(self) -> None:
        for a in self.accounts:
            reads = a.get("_reads", [])
            a["_bills"] = []
            for prev, r in zip(reads, reads[1:]):
                tariff = a["tariff_id"]
                if a["tariff_changed_on"] and r["read_date"] <= a["tariff_changed_on"]:
                    tariff = DEFAULT_TARIFF[(a["service_type"], self.premise_by_id[a["premise_id"]]["premise_type"])]
                b = self.bill(a, prev["read_date"], r, tariff)
                a["_bills"].append(b)

    def bill(self, a: dict[str, Any], start: date, r: dict[str, Any], tariff: str) -> dict[str, Any]:
        issued = r["read_date"] + timedelta(days=1)
        charge = usage_charge(tariff, r["usage"])
        b = {"bill_id": None, "account_id": a["account_id"], "reading_id": r, "tariff_id": tariff,
             "period_start": start, "period_end": r["read_date"], "usage": r["usage"], "usage_charge": charge,
             "fixed_charge": FIXED[tariff], "late_fee": 0.0, "total": money(charge + FIXED[tariff]),
             "amount_paid": 0.0, "issued_on": issued, "due_date": issued + timedelta(days=DUE_DAYS),
             "status": "open", "late_fee_waived_on": None, "plan_id": None, "replaces_bill_id": None}
        return b

    # -- paying ------------------------------------------------------------------------------------------

    def pay(self, a: dict[str, Any], bills: list[dict[str, Any]], when: date, method: str) -> None:
        """One payment of everything still owed on ``bills`` on day ``when`` (late fees assessed by then)."""
        total = 0.0
        for b in bills:
            self.assess(b, when)
            owed = money(b["total"] - b["amount_paid"])
            b["amount_paid"] = b["total"]
            total = money(total + owed)
        if total > 0:
            self.payments.append({"payment_id": self.new_id("PMT-"), "account_id": a["account_id"], "paid_on": when,
                                  "amount": total, "method": method, "purpose": "bills", "plan_id": None})

    def assess(self, b: dict[str, Any], when: date) -> None:
        """The late fee of a bill still unpaid after its due date, as of ``when``."""
        if when > b["due_date"] and b["late_fee"] == 0 and b["amount_paid"] < b["total"] - 1e-9 \
                and b["late_fee_waived_on"] is None:
            b["late_fee"] = late_fee(b["total"] - b["amount_paid"])
            b["total"] = money(b["total"] + b["late_fee"])

    def method(self, a: dict[str, Any]) -> str:
        return "autopay" if a["_profile"] == "autopay" else self.rng.choice(
            ["card", "card", "bank_account", "bank_account", "pay_station"])

    def settle(self) -> None:
        for a in self.accounts:
            kind = a["_kind"] or ""
            bills = [b for b in a.get("_bills", []) if b["status"] != "rebilled"]
            cut = len(bills)  # bills from here on are the account's trouble; the earlier ones were paid
            when = None
            if kind.startswith("disc"):
                cut = min(i for i, b in enumerate(bills) if b["due_date"] > a["disconnected_on"] - timedelta(days=58))
            elif kind == "late_plan":
                when = TODAY - timedelta(days=self.rng.randint(25, 80))
                cut = min((i for i, b in enumerate(bills) if b["due_date"] > when - timedelta(days=58)), default=cut)
            elif kind.startswith("late"):
                overdue = [i for i, b in enumerate(bills) if b["due_date"] < TODAY]
                cut = overdue[-1] if kind == "late_small" else overdue[-(3 if kind == "late_big" else
                                                                         self.rng.randint(2, 3))]
            for b in bills[:cut]:
                self.pay_on_time(a, b, late_ok=not kind)
            tail = bills[cut:]
            if kind == "late_small":
                self.part_pay(a, tail[0], money(tail[0]["total"] - self.rng.uniform(12, 30)))
            elif kind.startswith("late") and kind != "late_plan" and self.rng.random() < 0.4:
                self.part_pay(a, tail[0], money(tail[0]["total"] * self.rng.uniform(0.3, 0.6)))
            if kind == "disc_paid":
                when = self.day_between(a["disconnected_on"] + timedelta(days=2), TODAY - timedelta(days=1))
                self.pay(a, [b for b in tail if b["issued_on"] <= when], when, "card")
            elif kind in ("disc_plan_paid", "late_plan", "disc_plan_new"):
                if kind == "disc_plan_paid":
                    when = self.day_between(a["disconnected_on"] + timedelta(days=2),
                                            min(a["disconnected_on"] + timedelta(days=12), TODAY - timedelta(days=3)))
                elif kind == "disc_plan_new":
                    when = TODAY - timedelta(days=self.rng.randint(1, 4))
                    for b in tail:
                        if when <= b["due_date"] < TODAY:
                            when = b["due_date"] + timedelta(days=1)
                plan = self.make_plan(a, [b for b in tail if b["due_date"] < when], when,
                                      self.rng.choice([3, 4, 6] if kind == "disc_plan_new" else [4, 5, 6]))
                for b in tail:
                    if b["plan_id"] is None:
                        self.pay_on_time(a, b, late_ok=False)
                if kind != "disc_plan_new":
                    self.plan_payments(a, plan)
            for b in tail:
                self.assess(b, TODAY)
            if kind in ("disc_recent_plan", "late_recent_plan"):
                self.past_plan(a, TODAY - timedelta(days=self.rng.randint(150, 320)))
            elif kind in ("disc_unpaid", "late_unpaid") and self.rng.random() < 0.5 or self.rng.random() < 0.04:
                self.past_plan(a, TODAY - timedelta(days=self.rng.randint(400, 700)))
            if kind == "late_waived" or a["_profile"] == "late" and not kind and self.rng.random() < 0.3:
                self.waived_fee(a, bills[:cut])

    def part_pay(self, a: dict[str, Any], b: dict[str, Any], amount: float) -> None:
        b["amount_paid"] = amount
        self.payments.append({"payment_id": self.new_id("PMT-"), "account_id": a["account_id"],
                              "paid_on": b["issued_on"] + timedelta(days=self.rng.randint(4, 12)), "amount": amount,
                              "method": "card", "purpose": "bills", "plan_id": None})

    def pay_on_time(self, a: dict[str, Any], b: dict[str, Any], late_ok: bool) -> None:
        if a["_profile"] == "autopay":
            when = b["due_date"]
        elif a["_profile"] == "late" and late_ok and self.rng.random() < 0.35:
            when = b["due_date"] + timedelta(days=self.rng.randint(3, 20))
        else:
            when = b["issued_on"] + timedelta(days=self.rng.randint(2, 17))
        if when < TODAY:
            self.pay(a, [b], when, self.method(a))
        else:
            self.assess(b, TODAY)

    def waived_fee(self, a: dict[str, Any], bills: list[dict[str, Any]]) -> None:
        """A late payment whose fee was waived (at most once in 12 months per customer)."""
        owner = a["customer_id"]
        if any(b["late_fee_waived_on"] for x in self.accounts if x["customer_id"] == owner
               for b in x.get("_bills", [])):
            return
        for b in reversed(bills):
            if b["due_date"] >= TODAY - timedelta(days=25) or b["amount_paid"] < b["total"] - 1e-9:
                continue
            pay = next((p for p in self.payments if p["account_id"] == a["account_id"] and p["purpose"] == "bills"
                        and abs(p["amount"] - b["total"]) < 1e-9 and p["paid_on"] >= b["issued_on"]), None)
            if pay is None:
                continue
            b["late_fee_waived_on"] = b["due_date"] + timedelta(days=self.rng.randint(2, 5))
            pay["paid_on"] = max(pay["paid_on"], b["late_fee_waived_on"] + timedelta(days=1))
            pay["method"] = "card"
            b["total"] = money(b["total"] - b["late_fee"])
            pay["amount"] = b["amount_paid"] = b["total"]
            b["late_fee"] = 0.0
            return

    def make_plan(self, a: dict[str, Any], bills: list[dict[str, Any]], when: date, months: int) -> dict[str, Any]:
        for b in bills:
            self.assess(b, when)
        total = money(sum(b["total"] - b["amount_paid"] for b in bills))
        plan = {"plan_id": self.new_id("PP-"), "account_id": a["account_id"], "created_on": when,
                "total_amount": total, "months": months, "installment_amount": money(total / months),
                "installments_paid": 0, "next_due_date": when, "status": "active"}
        for b in bills:
            b["plan_id"] = plan["plan_id"]
        self.plans.append(plan)
        return plan

    def plan_payments(self, a: dict[str, Any], plan: dict[str, Any]) -> None:
        k = 0
        while k < plan["months"] - 1 and add_months(plan["created_on"], k) < TODAY:
            self.payments.append({"payment_id": self.new_id("PMT-"), "account_id": a["account_id"],
                                  "paid_on": add_months(plan["created_on"], k), "amount": plan["installment_amount"],
                                  "method": self.rng.choice(["card", "bank_account"]), "purpose": "plan_installment",
                                  "plan_id": plan["plan_id"]})
            k += 1
        plan["installments_paid"], plan["next_due_date"] = k, add_months(plan["created_on"], k)

    def past_plan(self, a: dict[str, Any], when: date) -> None:
        """A completed plan from before the billing history shown."""
        months = self.rng.choice([2, 3, 4, 6])
        inst = money(self.rng.uniform(40, 160))
        total = money(inst * months - self.rng.uniform(0, 0.5))
        plan = {"plan_id": self.new_id("PP-"), "account_id": a["account_id"], "created_on": when,
                "total_amount": total, "months": months, "installment_amount": inst, "installments_paid": months,
                "next_due_date": None, "status": "completed"}
        self.plans.append(plan)
        for k in range(months):
            amount = inst if k < months - 1 else money(total - inst * (months - 1))
            self.payments.append({"payment_id": self.new_id("PMT-"), "account_id": a["account_id"],
                                  "paid_on": add_months(when, k), "amount": amount, "method": "bank_account",
                                  "purpose": "plan_installment", "plan_id": plan["plan_id"]})

    # -- estimates, disputes and orders ------------------------------------------------------------------

    def estimate_cases(self) -> None:
        for a in self.accounts:
            kind = a["_kind"] or ""
            reads = a.get("_reads", [])
            est = [r for r in reads if r["read_type"] == "estimated"]
            if not est or not kind.startswith("est_"):
                continue
            r = est[-1]
            i = reads.index(r)
            prev = reads[i - 1]
            daily = (r["_true"] - prev["reading_value"]) / max((r["read_date"] - prev["read_date"]).days, 1)
            if kind == "est_photo":
                d = r["read_date"] + timedelta(days=self.rng.randint(2, min(9, (TODAY - r["read_date"]).days - 1)))
                self.creads.append({"customer_read_id": None, "meter_id": r["meter_id"], "read_date": d,
                                    "reading_value": round(r["_true"] + daily * (d - r["read_date"]).days),
                                    "source": "app_photo"})
            elif kind == "est_rejected":
                d = min(r["read_date"] + timedelta(days=self.rng.randint(2, 6)), TODAY - timedelta(days=1))
                self.disputes.append({"dispute_id": self.new_id("DSP-"), "reading_id": r, "account_id":
                                      a["account_id"], "opened_on": d,
                                      "customer_value": prev["reading_value"] - self.rng.randint(30, 400) // (
                                          1 if a["service_type"] == "electric" else 40) - 1,
                                      "estimated_value": r["reading_value"], "corrected_value": None,
                                      "status": "rejected", "old_bill_id": None, "new_bill_id": None,
                                      "adjustment": None})
            elif kind == "est_corrected":
                self.correct(a, reads, i, daily)

    def correct(self, a: dict[str, Any], reads: list[dict[str, Any]], i: int, daily: float) -> None:
        """A past dispute: the estimate was replaced by a prorated value and the bill reissued."""
        r, prev = reads[i], reads[i - 1]
        opened = r["read_date"] + timedelta(days=self.rng.randint(4, 15))
        cust = round(r["_true"] + daily * (opened - r["read_date"]).days)
        corrected = prev["reading_value"] + round((cust - prev["reading_value"]) * (r["read_date"] -
                                                  prev["read_date"]).days / (opened - prev["read_date"]).days)
        estimated = r["reading_value"]
        r["reading_value"], r["read_type"], r["usage"] = corrected, "corrected", corrected - prev["reading_value"]
        nxt = reads[i + 1]
        nxt["usage"] = nxt["reading_value"] - corrected
        bills = a["_bills"]
        old = next(b for b in bills if b["reading_id"] is r)
        k = bills.index(old)
        new = self.bill(a, old["period_start"], r, old["tariff_id"])
        new["issued_on"], new["due_date"] = opened, opened + timedelta(days=DUE_DAYS)
        old["status"] = "rebilled"
        bills.insert(k + 1, new)
        after = bills[k + 2]
        after["usage"] = nxt["usage"]
        after["usage_charge"] = usage_charge(after["tariff_id"], nxt["usage"])
        after["total"] = money(after["usage_charge"] + after["fixed_charge"])
        new["_old"] = old
        self.disputes.append({"dispute_id": self.new_id("DSP-"), "reading_id": r, "account_id": a["account_id"],
                              "opened_on": opened, "customer_value": cust, "estimated_value": estimated,
                              "corrected_value": corrected, "status": "rebilled", "old_bill_id": old,
                              "new_bill_id": new, "adjustment": money(new["total"] - old["total"])})
        self.creads.append({"customer_read_id": None, "meter_id": r["meter_id"], "read_date": opened,
                            "reading_value": cust, "source": "phone"})

    def history_orders(self) -> None:
        for a in self.accounts:
            if a["status"] == "disconnected":
                self.order(a, "disconnect", a["disconnected_on"], "completed",
                           a["disconnected_on"] - timedelta(days=10))
            elif a["status"] == "active" and a["start_date"] >= HISTORY_FROM and not any(
                    o["account_id"] == a["account_id"] for o in self.orders):
                self.order(a, "start", a["start_date"], "completed")
        for a in self.pick(3, lambda a: True):  # changed minds: cancelled stops
            when = self.day_between(TODAY - timedelta(days=90), TODAY - timedelta(days=10), business=True)
            self.order(a, "stop", when, "cancelled")

    # -- output --------------------------------------------------------------------------------------------

    def tables(self) -> dict[str, list[dict[str, Any]]]:
        for a in self.accounts:
            kind = a["_kind"] or ""
            for b in a.get("_bills", []):
                if b["status"] == "rebilled":
                    continue
                plan = next((p for p in self.plans if p["plan_id"] == b["plan_id"]), None)
                if plan is not None:
                    b["status"] = "paid" if plan["status"] == "completed" else "in_plan"
                elif b["amount_paid"] >= b["total"] - 1e-9:
                    b["status"] = "paid"
                else:
                    b["status"] = "overdue" if b["due_date"] < TODAY else "open"
            assert not kind.startswith("disc") or a["_bills"][-1]["period_end"] == a["disconnected_on"], kind
        bills = sorted((b for a in self.accounts for b in a.get("_bills", [])),
                       key=lambda b: (b["issued_on"], b["account_id"], b["status"] != "rebilled"))
        for b in bills:
            b["bill_id"] = self.new_id("B-")
        for b in bills:
            b["reading_id"] = b["reading_id"]["reading_id"]
            if "_old" in b:
                b["replaces_bill_id"] = b.pop("_old")["bill_id"]
        for d in self.disputes:
            d["reading_id"] = d["reading_id"]["reading_id"]
            for key in ("old_bill_id", "new_bill_id"):
                if d[key] is not None:
                    d[key] = d[key]["bill_id"]
        self.creads.sort(key=lambda r: (r["read_date"], r["meter_id"]))
        for r in self.creads:
            r["customer_read_id"] = self.new_id("CR-")
        self.payments.sort(key=lambda p: (p["paid_on"], p["account_id"]))
        for i, p in enumerate(self.payments):
            p["payment_id"] = f"PMT-{60001 + i * 2}"
        self.orders.sort(key=lambda o: (o["created_on"], o["account_id"], o["order_type"]))
        renum = {o["order_id"]: f"SO-{8001 + i}" for i, o in enumerate(self.orders)}
        for o in self.orders:
            o["order_id"] = renum[o["order_id"]]
            o["linked_order_id"] = renum.get(o["linked_order_id"])
        tiers = [{"tariff_id": t, "tier": i + 1, "up_to": up, "rate": f"{rate:.4f}"}
                 for t, rows in TIERS.items() for i, (up, rate) in enumerate(rows)]
        tariffs = [dict(zip(("tariff_id", "name", "service_type", "customer_class", "unit", "fixed_charge",
                             "requires_assistance", "description"), t)) for t in TARIFFS]
        return {
            "customers": [clean(c) for c in sorted(self.customers, key=lambda c: c["customer_id"])],
            "premises": self.premises,
            "meters": sorted(self.meters, key=lambda m: m["meter_id"]),
            "tariffs": tariffs, "tariff_tiers": tiers,
            "service_accounts": [clean(a) for a in sorted(self.accounts, key=lambda a: a["account_id"])],
            "meter_readings": [clean(r) for r in self.readings],
            "customer_reads": self.creads,
            "payment_plans": sorted(self.plans, key=lambda p: p["plan_id"]),
            "bills": [clean(b) for b in sorted(bills, key=lambda b: b["bill_id"])],
            "payments": self.payments,
            "service_orders": sorted(self.orders, key=lambda o: o["order_id"]),
            "disputes": sorted(self.disputes, key=lambda d: d["dispute_id"]),
        }


def clean(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if not k.startswith("_")}


def build() -> dict[str, list[dict[str, Any]]]:
    b = Builder()
    b.make_premises()
    b.make_customers(112)
    b.make_accounts()
    b.assign_roles()
    b.make_readings()
    b.finish_readings()
    b.make_bills()
    b.estimate_cases()
    b.settle()
    b.history_orders()
    return b.tables()


def cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
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
