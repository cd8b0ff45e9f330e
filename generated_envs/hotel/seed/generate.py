"""Deterministic seed data for the hotel environment (Wrenfield Hotels, a group of four hotels).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Guest names come from Faker, pinned to version 40.63.0 (``pip install "faker==40.63.0"``)
and seeded; everything else comes from ``random.Random(SEED)``. Prices follow the same rules as ``tools.py``:
seasonal weekday/weekend rates, the guest's loyalty discount, add-ons priced per stay, night or guest-night.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260603
NOW = datetime(2026, 6, 3, 12, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

# (id, name, street, city, state, phone, tax %, parking spaces, pets, restaurant, bar)
HOTELS = [
    ("HTL-01", "Wrenfield Harborside", "48 Wharf Street", "Portland", "ME", "(207) 555-0148", 9.00, 14, True,
     "Harbor Table", "Lantern Bar"),
    ("HTL-02", "Wrenfield Old Mill", "220 Millrace Road", "Asheville", "NC", "(828) 555-0192", 13.00, 40, True,
     "Millstone Kitchen", "Flume Tap Room"),
    ("HTL-03", "Wrenfield Lakeshore", "9 Lakeside Drive", "Madison", "WI", "(608) 555-0133", 15.50, 30, False,
     "Shoreline Grill", "Pier Lounge"),
    ("HTL-04", "Wrenfield Plaza", "115 Alameda Street", "Santa Fe", "NM", "(505) 555-0177", 15.00, 0, False,
     "Juniper Courtyard", "Turquoise Bar"),
]
# (id, hotel, name, beds, max adults, max occupancy, rollaway, accessible, square feet, rooms, base rate)
ROOM_TYPES = [
    ("RT-101", "HTL-01", "Classic Queen", "1 queen", 2, 2, False, False, 260, 10, 159),
    ("RT-102", "HTL-01", "Harbor View King", "1 king", 2, 2, True, False, 340, 8, 219),
    ("RT-103", "HTL-01", "Double Queen", "2 queens", 4, 4, True, False, 380, 8, 199),
    ("RT-104", "HTL-01", "Accessible King", "1 king, roll-in shower", 2, 2, False, True, 360, 2, 189),
    ("RT-105", "HTL-01", "Lighthouse Suite", "1 king + sofa bed", 4, 5, False, False, 620, 3, 389),
    ("RT-201", "HTL-02", "Mill Queen", "1 queen", 2, 2, False, False, 280, 12, 139),
    ("RT-202", "HTL-02", "Mill King", "1 king", 2, 2, True, False, 320, 10, 159),
    ("RT-203", "HTL-02", "Family Double Queen", "2 queens", 4, 5, True, False, 420, 8, 179),
    ("RT-204", "HTL-02", "Loft Suite", "1 king + 1 queen in the loft", 4, 4, False, False, 650, 4, 329),
    ("RT-205", "HTL-02", "Accessible Queen", "1 queen, roll-in shower", 2, 2, False, True, 330, 2, 139),
    ("RT-301", "HTL-03", "Standard King", "1 king", 2, 2, True, False, 300, 10, 149),
    ("RT-302", "HTL-03", "Lake View Queen", "2 queens", 4, 4, True, False, 360, 8, 189),
    ("RT-303", "HTL-03", "Lake View King", "1 king", 2, 2, False, False, 340, 6, 199),
    ("RT-304", "HTL-03", "Bunk Room", "1 queen + 2 bunk beds", 4, 6, False, False, 410, 3, 209),
    ("RT-401", "HTL-04", "Adobe Queen", "1 queen", 2, 2, False, False, 270, 8, 169),
    ("RT-402", "HTL-04", "Adobe King", "1 king", 2, 2, True, False, 310, 8, 189),
    ("RT-403", "HTL-04", "Courtyard Double", "2 queens", 4, 4, True, False, 390, 6, 219),
    ("RT-404", "HTL-04", "Casita Suite", "1 king + sofa bed, kiva fireplace", 3, 4, False, False, 560, 3, 359),
    ("RT-405", "HTL-04", "Accessible Adobe King", "1 king, roll-in shower", 2, 2, False, True, 330, 2, 189),
]
SEASONS = [  # (name, first night, last night, kind, year factor)
    ("Winter 2025-26", date(2025, 11, 1), date(2026, 3, 31), "winter", 1.00),
    ("Spring 2026", date(2026, 4, 1), date(2026, 6, 14), "spring", 1.00),
    ("Summer 2026", date(2026, 6, 15), date(2026, 9, 7), "summer", 1.00),
    ("Fall 2026", date(2026, 9, 8), date(2026, 10, 31), "fall", 1.00),
    ("Winter 2026-27", date(2026, 11, 1), date(2027, 3, 31), "winter", 1.04),
    ("Spring 2027", date(2027, 4, 1), date(2027, 5, 31), "spring", 1.04),
]
SEASON_FACTOR = {
    "HTL-01": {"winter": 0.75, "spring": 0.92, "summer": 1.45, "fall": 1.12},
    "HTL-02": {"winter": 0.80, "spring": 1.00, "summer": 1.15, "fall": 1.35},
    "HTL-03": {"winter": 0.80, "spring": 0.95, "summer": 1.25, "fall": 1.10},
    "HTL-04": {"winter": 0.90, "spring": 1.00, "summer": 1.30, "fall": 1.20},
}
RESTRICTIONS = [  # (id, hotel, event, first night, last night, min nights)
    ("MS-01", "HTL-01", "New Year's Eve on the waterfront", date(2025, 12, 31), date(2025, 12, 31), 2),
    ("MS-02", "HTL-04", "Farolito Walk", date(2025, 12, 24), date(2025, 12, 24), 2),
    ("MS-03", "HTL-02", "Blue Ridge Music Weekend", date(2026, 6, 19), date(2026, 6, 20), 2),
    ("MS-04", "HTL-04", "Opera season opening", date(2026, 6, 26), date(2026, 6, 27), 2),
    ("MS-05", "HTL-01", "Fourth of July on the harbor", date(2026, 7, 3), date(2026, 7, 5), 3),
    ("MS-06", "HTL-03", "Lakefront Fireworks", date(2026, 7, 3), date(2026, 7, 4), 2),
    ("MS-07", "HTL-01", "Harbor Regatta", date(2026, 8, 7), date(2026, 8, 8), 2),
    ("MS-08", "HTL-04", "Plaza Art Fair", date(2026, 8, 14), date(2026, 8, 16), 3),
    ("MS-09", "HTL-03", "Football home opener", date(2026, 9, 4), date(2026, 9, 5), 2),
    ("MS-10", "HTL-02", "Peak foliage weekend", date(2026, 10, 9), date(2026, 10, 11), 3),
]
ADDONS = [  # (code, name, pricing, price, description)
    ("BREAKFAST", "Breakfast", "per_guest_night", 18.00, "Breakfast buffet for every guest of the room, each night"),
    ("PARKING", "Parking", "per_night", 28.00, "One on-site parking space, each night of the stay"),
    ("EARLY_CHECKIN", "Early check-in", "per_stay", 35.00, "Check in from 11:00 instead of the standard time"),
    ("LATE_CHECKOUT", "Late check-out", "per_stay", 40.00, "Check out at 14:00 instead of the standard time"),
    ("PET", "Pet stay", "per_stay", 75.00, "One dog or cat, at pet-friendly hotels"),
    ("ROLLAWAY", "Rollaway bed", "per_night", 30.00, "An extra bed: one more guest than the room type holds"),
]
DISCOUNT_PCT = {"member": 0, "silver": 5, "gold": 10, "platinum": 15}
FREE_PERKS = {"gold": {"LATE_CHECKOUT"}, "platinum": {"LATE_CHECKOUT", "EARLY_CHECKIN"}}
TIERS = [("member", 44), ("silver", 26), ("gold", 20), ("platinum", 10)]
BRANDS = [("Visa", 45), ("Mastercard", 30), ("Amex", 17), ("Discover", 8)]
EMAIL_DOMAINS = ["example.com", "example.net", "example.org", "mail.example.com"]
CANCEL_REASONS = ["change_of_plans", "found_other_lodging", "travel_disrupted", "illness", "duplicate_booking"]
CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

INCIDENTALS = {  # category -> (descriptions, low, high); {restaurant}/{bar} name the hotel's outlets
    "restaurant": (["Dinner at {restaurant}", "Lunch at {restaurant}", "Room service"], 24.0, 168.0),
    "bar": (["Drinks at {bar}", "Wine at {bar}"], 12.0, 86.0),
    "minibar": (["Minibar"], 6.0, 38.0),
    "spa": (["Massage, 60 minutes", "Spa day pass"], 45.0, 160.0),
    "laundry": (["Laundry service", "Pressing"], 12.0, 45.0),
    "gift_shop": (["Gift shop"], 8.0, 64.0),
}


# -- pricing (the same rules as tools.py) -------------------------------------------------------------------

def money(x: float) -> float:
    return round(x + 1e-9 if x >= 0 else x - 1e-9, 2)


def price_round(x: float) -> float:
    return float(int(round(x / 5.0)) * 5 - 1)


def nightly_rate(rates: dict[str, list[dict[str, Any]]], rt: str, night: date) -> float:
    for r in rates[rt]:
        if r["start_date"] <= night <= r["end_date"]:
            return r["weekend_rate"] if night.weekday() in (4, 5) else r["weekday_rate"]
    raise ValueError(f"no rate for {rt} on {night}")


def price_room(rates: dict[str, list[dict[str, Any]]], rt: str, check_in: date, nights: int,
               tier: str) -> tuple[float, float, float]:
    subtotal = money(sum(nightly_rate(rates, rt, check_in + timedelta(days=k)) for k in range(nights)))
    discount = money(subtotal * DISCOUNT_PCT[tier] / 100)
    return subtotal, discount, money(subtotal - discount)


def addon_line(code: str, nights: int, guests: int, tier: str) -> tuple[int, float, float]:
    _, _, pricing, price, _ = next(a for a in ADDONS if a[0] == code)
    qty = {"per_stay": 1, "per_night": nights, "per_guest_night": nights * guests}[pricing]
    unit = 0.0 if code in FREE_PERKS.get(tier, set()) else price
    return qty, unit, money(unit * qty)


def card_valid_through(card: dict[str, Any]) -> date:
    y, m = card["exp_year"], card["exp_month"]
    return date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)


# -- generation ------------------------------------------------------------------------------------------------

class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.fake = Faker("en_US")
        self.fake.seed_instance(SEED)
        self.tables: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.rt = {r[0]: r for r in ROOM_TYPES}
        self.hotel = {h[0]: h for h in HOTELS}
        self.rates: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.occ: dict[tuple[str, date], int] = defaultdict(int)
        self.parking: dict[tuple[str, date], int] = defaultdict(int)
        self.codes: set[str] = set()
        self.stays: list[dict[str, Any]] = []
        self.guest_stays: dict[str, list[tuple[date, date]]] = defaultdict(list)

    # static tables
    def build_static(self) -> None:
        for h in HOTELS:
            self.tables["hotels"].append({
                "hotel_id": h[0], "name": h[1], "street": h[2], "city": h[3], "state": h[4], "phone": h[5],
                "check_in_time": "15:00", "check_out_time": "11:00", "lodging_tax_pct": h[6],
                "parking_spaces": h[7], "pet_friendly": h[8]})
        rate_no = 0
        for r in ROOM_TYPES:
            self.tables["room_types"].append({
                "room_type_id": r[0], "hotel_id": r[1], "name": r[2], "beds": r[3], "max_adults": r[4],
                "max_occupancy": r[5], "rollaway_allowed": r[6], "accessible": r[7], "square_feet": r[8]})
            for name, start, end, kind, year in SEASONS:
                rate_no += 1
                weekday = price_round(r[10] * SEASON_FACTOR[r[1]][kind] * year)
                row = {"rate_id": f"RATE-{rate_no:04d}", "room_type_id": r[0], "season": name,
                       "start_date": start, "end_date": end, "weekday_rate": weekday,
                       "weekend_rate": price_round(weekday * 1.18)}
                self.tables["seasonal_rates"].append(row)
                self.rates[r[0]].append(row)
        for hid, *_ in HOTELS:
            types = [r for r in ROOM_TYPES if r[1] == hid]
            floor_rooms: dict[int, int] = defaultdict(int)
            floor = 1
            for r in types:
                for _ in range(r[9]):
                    if floor_rooms[floor] >= 9:
                        floor += 1
                    floor_rooms[floor] += 1
                    number = f"{floor}{floor_rooms[floor]:02d}"
                    self.tables["rooms"].append({
                        "room_id": f"RM-{hid[-1]}{number}", "hotel_id": hid, "room_type_id": r[0],
                        "room_number": number, "floor": floor, "status": "vacant_clean"})
        for rid, hid, event, start, end, nights in RESTRICTIONS:
            self.tables["stay_restrictions"].append({
                "restriction_id": rid, "hotel_id": hid, "event_name": event, "start_date": start, "end_date": end,
                "min_nights": nights})
        for code, name, pricing, price, desc in ADDONS:
            self.tables["addons"].append({"addon_code": code, "name": name, "pricing": pricing, "price": price,
                                          "description": desc})

    def build_guests(self, n: int = 220) -> None:
        rng, seen, emails = self.rng, set(), set()
        card_no = 0
        while len(self.tables["guests"]) < n:
            first, last = self.fake.first_name(), self.fake.last_name()
            if (first, last) in seen or not (first + last).isalpha():
                continue
            seen.add((first, last))
            gid = f"G-{10001 + len(self.tables['guests'])}"
            style = rng.randrange(3)
            local = {0: f"{first}.{last}", 1: f"{first[0]}{last}", 2: f"{first}{last}{rng.randint(2, 98)}"}[style]
            email = f"{local.lower()}@{rng.choice(EMAIL_DOMAINS)}"
            if email in emails:
                email = f"{first.lower()}.{last.lower()}{rng.randint(100, 999)}@{rng.choice(EMAIL_DOMAINS)}"
            emails.add(email)
            tier = rng.choices([t for t, _ in TIERS], [w for _, w in TIERS])[0]
            points = {"member": (0, 4000), "silver": (5000, 18000), "gold": (20000, 60000),
                      "platinum": (75000, 240000)}[tier]
            since = date(2014, 1, 1) + timedelta(days=rng.randint(0, (date(2026, 5, 1) - date(2014, 1, 1)).days))
            self.tables["guests"].append({
                "guest_id": gid, "first_name": first, "last_name": last, "email": email,
                "phone": f"({rng.randint(201, 989)}) 555-{rng.randint(100, 9999):04d}", "loyalty_tier": tier,
                "loyalty_points": rng.randint(*points) // 10 * 10, "member_since": since})
            kinds = ["valid"] if rng.random() < 0.7 else ["valid", "valid"]
            roll = rng.random()
            if roll < 0.07:
                kinds = ["expired"]              # cannot guarantee anything until they add a card
            elif roll < 0.14:
                kinds = ["soon", "expired"] if rng.random() < 0.5 else ["soon"]
            for kind in kinds:
                card_no += 1
                if kind == "expired":
                    year, month = rng.choice([(2025, m) for m in range(6, 13)] + [(2026, m) for m in range(1, 6)])
                elif kind == "soon":
                    year, month = 2026, rng.choice([6, 7, 8])
                else:
                    year, month = rng.randint(2026, 2030), rng.randint(1, 12)
                    if year == 2026:
                        month = rng.randint(10, 12)
                brand = rng.choices([b for b, _ in BRANDS], [w for _, w in BRANDS])[0]
                self.tables["payment_cards"].append({
                    "card_id": f"CARD-{card_no:04d}", "guest_id": gid, "brand": brand,
                    "last4": f"{rng.randint(0, 9999):04d}", "exp_month": month, "exp_year": year})
        self.guest_cards: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for c in self.tables["payment_cards"]:
            self.guest_cards[c["guest_id"]].append(c)
        self.guest = {g["guest_id"]: g for g in self.tables["guests"]}

    # helpers
    def min_nights(self, hid: str, check_in: date, nights: int) -> int:
        need = 1
        for _, h, _, start, end, n in RESTRICTIONS:
            if h == hid and check_in <= end and check_in + timedelta(days=nights - 1) >= start:
                need = max(need, n)
        return need

    def fits(self, rt: str, check_in: date, nights: int) -> bool:
        return all(self.occ[rt, check_in + timedelta(days=k)] < self.rt[rt][9] for k in range(nights))

    def parking_fits(self, hid: str, check_in: date, nights: int) -> bool:
        spaces = self.hotel[hid][7]
        return all(self.parking[hid, check_in + timedelta(days=k)] < spaces for k in range(nights))

    def code(self) -> str:
        while True:
            c = "WF" + "".join(self.rng.choice(CODE_CHARS) for _ in range(6))
            if c not in self.codes:
                self.codes.add(c)
                return c

    def pick_card(self, gid: str, through: date) -> dict[str, Any] | None:
        ok = [c for c in self.guest_cards[gid] if card_valid_through(c) >= through]
        return self.rng.choice(ok) if ok else None

    def pick_guest(self) -> dict[str, Any]:
        weights = {"member": 1.0, "silver": 1.3, "gold": 1.7, "platinum": 2.4}
        guests = self.tables["guests"]
        return self.rng.choices(guests, [weights[g["loyalty_tier"]] for g in guests])[0]

    def party(self, rt: str) -> tuple[int, int, bool]:
        r, rng = self.rt[rt], self.rng
        if r[6] and rng.random() < 0.07:  # one guest more than the room holds, on a rollaway bed
            total = r[5] + 1
            adults = min(r[4] + 1, max(2, total - 3))
            return adults, total - adults, True
        adults = 1 if rng.random() < 0.22 else min(2, r[4]) if rng.random() < 0.75 else rng.randint(1, r[4])
        children = 0
        if r[5] > adults and rng.random() < 0.35:
            children = rng.randint(1, min(3, r[5] - adults))
        return adults, children, False

    def add_stay(self, status: str, rt: str, check_in: date, nights: int, booked_at: datetime,
                 guest: dict[str, Any] | None = None, addon_bias: dict[str, float] | None = None,
                 party: tuple[int, int, bool] | None = None, **extra: Any) -> dict[str, Any] | None:
        """Add one reservation if it fits every rule; returns it, or None when it would break one."""
        rng = self.rng
        hid = self.rt[rt][1]
        check_out = check_in + timedelta(days=nights)
        if nights < self.min_nights(hid, check_in, nights):
            return None
        counts = status not in ("cancelled", "expired_hold")
        if counts and not self.fits(rt, check_in, nights):
            return None
        for _ in range(20):
            guest = guest or self.pick_guest()
            if not any(a < check_out and check_in < b for a, b in self.guest_stays[guest["guest_id"]]):
                break
            guest = None
        if guest is None:
            return None  # nobody free for those nights: one guest never has two stays at once
        card = None
        if status != "held" and status != "expired_hold":
            card = self.pick_card(guest["guest_id"], check_out if status != "cancelled" else booked_at.date())
            if card is None:
                return None
        adults, children, rollaway = party or self.party(rt)
        tier = guest["loyalty_tier"]
        subtotal, discount, total = price_room(self.rates, rt, check_in, nights, tier)
        bias = {"BREAKFAST": 0.3, "PARKING": 0.3, "EARLY_CHECKIN": 0.05, "LATE_CHECKOUT": 0.08, "PET": 0.06,
                **(addon_bias or {})}
        codes = [c for c in ("BREAKFAST", "PARKING", "EARLY_CHECKIN", "LATE_CHECKOUT", "PET")
                 if rng.random() < bias[c]]
        if "PARKING" in codes and not (self.hotel[hid][7] and self.parking_fits(hid, check_in, nights)):
            codes.remove("PARKING")
        if "PET" in codes and not self.hotel[hid][8]:
            codes.remove("PET")
        if rollaway:
            codes.append("ROLLAWAY")
        res = {"guest_id": guest["guest_id"], "guest_last_name": guest["last_name"], "hotel_id": hid,
               "room_type_id": rt, "room_id": None, "check_in": check_in, "check_out": check_out, "adults": adults,
               "children": children, "status": "held" if status == "expired_hold" else status,
               "card_id": card["card_id"] if card else None, "booked_at": booked_at, "hold_expires_at": None,
               "room_subtotal": subtotal, "loyalty_discount": discount, "room_total": total, "addons_total": 0.0,
               "cancel_reason": None, "cancelled_at": None, "cancellation_fee": None, "checked_in_at": None,
               "checked_out_at": None, "_addons": [], "_nights": nights, "_tier": tier}
        for c in codes:
            qty, unit, line = addon_line(c, nights, adults + children, tier)
            added = booked_at if rng.random() < 0.8 else min(booked_at + timedelta(days=rng.randint(1, 20)),
                                                            max(booked_at, NOW - timedelta(hours=2)))
            res["_addons"].append({"addon_code": c, "quantity": qty, "unit_price": unit, "total_price": line,
                                   "added_at": added})
            res["addons_total"] = money(res["addons_total"] + line)
        res.update(extra)
        if counts:
            for k in range(nights):
                self.occ[rt, check_in + timedelta(days=k)] += 1
                if "PARKING" in codes:
                    self.parking[hid, check_in + timedelta(days=k)] += 1
        if status != "cancelled":
            self.guest_stays[guest["guest_id"]].append((check_in, check_out))
        self.stays.append(res)
        return res

    def booked_before(self, check_in: date, low: int = 1, high: int = 90) -> datetime:
        day = check_in - timedelta(days=self.rng.randint(low, high))
        at = datetime.combine(day, time(self.rng.randint(7, 22), self.rng.choice([0, 5, 12, 18, 24, 31, 40, 47, 53])))
        return min(at, NOW - timedelta(minutes=self.rng.randint(30, 600)))

    def random_type(self, hotel: str | None = None) -> str:
        types = [r for r in ROOM_TYPES if hotel is None or r[1] == hotel]
        return self.rng.choices([r[0] for r in types], [r[9] for r in types])[0]

    def nights(self) -> int:
        return self.rng.choices([1, 2, 3, 4, 5, 6, 7], [16, 30, 24, 13, 8, 5, 4])[0]

    def build_reservations(self) -> None:
        rng = self.rng
        # Targeted sell-outs first, so the rules have teeth on those dates.
        sellouts = [("RT-102", date(2026, 7, 3), 3), ("RT-404", date(2026, 8, 14), 3), ("RT-201", date(2026, 6, 19), 2),
                    ("RT-303", date(2026, 6, 12), 2), ("RT-105", date(2026, 6, 3), 2)]
        for rt, check_in, nights in sellouts:
            while self.fits(rt, check_in, nights):
                status = "checked_in" if check_in < TODAY else "confirmed"
                if check_in == TODAY:
                    status = "arrival"
                self.add_stay(status, rt, check_in, nights, self.booked_before(check_in, 10, 80))
        # Harborside's parking is full on the Fourth of July.
        while self.parking_fits("HTL-01", date(2026, 7, 3), 3):
            self.add_stay("confirmed", self.random_type("HTL-01"), date(2026, 7, 3), 3,
                          self.booked_before(date(2026, 7, 3), 10, 80), addon_bias={"PARKING": 1.0})
        # Past stays, checked out.
        made = 0
        while made < 250:
            check_in = date(2026, 1, 5) + timedelta(days=rng.randint(0, (TODAY - date(2026, 1, 5)).days - 1))
            nights = self.nights()
            if check_in + timedelta(days=nights) > TODAY:
                continue
            res = self.add_stay("checked_out", self.random_type(), check_in, nights, self.booked_before(check_in))
            made += res is not None
        # Past cancellations (some late, with a fee).
        made = 0
        while made < 24:
            check_in = date(2026, 1, 10) + timedelta(days=rng.randint(0, (TODAY - date(2026, 1, 10)).days - 2))
            booked = self.booked_before(check_in, 10, 80)
            late = rng.random() < 0.3
            cancelled = (datetime.combine(check_in, time(15)) - timedelta(hours=rng.randint(2, 40) if late else
                                                                           rng.randint(60, 24 * 9)))
            res = self.add_stay("cancelled", self.random_type(), check_in, self.nights(), booked,
                                cancelled_at=max(cancelled, booked + timedelta(hours=1)),
                                cancel_reason=rng.choice(CANCEL_REASONS))
            made += res is not None
        # In-house guests (checked in on an earlier day; some leave today).
        made = 0
        while made < 46:
            check_in = TODAY - timedelta(days=rng.randint(1, 5))
            nights = (TODAY - check_in).days + rng.choices([0, 1, 2, 3, 4], [5, 7, 5, 3, 2])[0]
            res = self.add_stay("checked_in", self.random_type(), check_in, nights, self.booked_before(check_in),
                                addon_bias={"LATE_CHECKOUT": 0.25})
            made += res is not None
        # Arrivals today.
        made = 0
        while made < 36:
            res = self.add_stay("arrival", self.random_type(), TODAY, self.nights(), self.booked_before(TODAY, 2, 60),
                                addon_bias={"EARLY_CHECKIN": 0.5})
            made += res is not None
        # Upcoming confirmed stays, most in the next weeks.
        made = 0
        while made < 230:
            span = rng.choices([(1, 7), (8, 42), (43, 150)], [28, 42, 30])[0]
            check_in = TODAY + timedelta(days=rng.randint(*span))
            res = self.add_stay("confirmed", self.random_type(), check_in, self.nights(),
                                self.booked_before(check_in, 3, 120))
            made += res is not None
        # Holds: still open (booked in the last two days) and expired.
        made = 0
        while made < 22:
            booked = NOW - timedelta(hours=rng.randint(1, 46), minutes=rng.choice([0, 10, 25, 40]))
            check_in = TODAY + timedelta(days=rng.randint(4, 70))
            res = self.add_stay("held", self.random_type(), check_in, self.nights(), booked)
            if res is not None:
                res["hold_expires_at"] = booked + timedelta(hours=48)
                made += 1
        made = 0
        while made < 12:
            booked = NOW - timedelta(days=rng.randint(3, 14), hours=rng.randint(0, 20))
            check_in = TODAY + timedelta(days=rng.randint(3, 60))
            res = self.add_stay("expired_hold", self.random_type(), check_in, self.nights(), booked)
            if res is not None:
                res["hold_expires_at"] = booked + timedelta(hours=48)
                made += 1
        # Upcoming stays cancelled in time (no fee).
        made = 0
        while made < 22:
            check_in = TODAY + timedelta(days=rng.randint(3, 100))
            booked = self.booked_before(check_in, 20, 120)
            cancelled = booked + timedelta(days=rng.randint(1, 15), hours=rng.randint(0, 9))
            if cancelled >= NOW:
                continue
            res = self.add_stay("cancelled", self.random_type(), check_in, self.nights(), booked,
                                cancelled_at=cancelled, cancel_reason=rng.choice(CANCEL_REASONS))
            made += res is not None

    def finish_stays(self) -> None:
        rng = self.rng
        for s in self.stays:
            if s["status"] == "arrival":
                s["status"] = "confirmed"
            if s["status"] == "checked_in" and s["check_out"] == TODAY and rng.random() < 0.55 and not any(
                    a["addon_code"] == "LATE_CHECKOUT" for a in s["_addons"]):
                s["status"] = "checked_out"  # left this morning
            if s["status"] in ("checked_in", "checked_out"):
                early = any(a["addon_code"] == "EARLY_CHECKIN" for a in s["_addons"])
                hour = rng.randint(11, 14) if early else rng.randint(15, 22)
                s["checked_in_at"] = datetime.combine(s["check_in"], time(hour, rng.randint(0, 59)))
            if s["status"] == "checked_out":
                late = any(a["addon_code"] == "LATE_CHECKOUT" for a in s["_addons"])
                hour = rng.randint(11, 13) if late else rng.randint(6, 10)
                s["checked_out_at"] = datetime.combine(s["check_out"], time(hour, rng.randint(0, 59)))
            if s["status"] == "cancelled":
                arrival = datetime.combine(s["check_in"], time(15))
                free_hours = 24 if s["_tier"] == "platinum" else 48
                late = s["cancelled_at"] > arrival - timedelta(hours=free_hours)
                fee = money(nightly_rate(self.rates, s["room_type_id"], s["check_in"])
                            * (100 - DISCOUNT_PCT[s["_tier"]]) / 100) if late else 0.0
                s["cancellation_fee"] = fee
                for a in s["_addons"]:
                    a["added_at"] = min(a["added_at"], s["cancelled_at"])
        # Rooms: greedy assignment over time for every stay that had or has a room.
        rooms_by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for room in self.tables["rooms"]:
            rooms_by_type[room["room_type_id"]].append(room)
        busy_until: dict[str, date] = {}
        for s in sorted((s for s in self.stays if s["status"] in ("checked_in", "checked_out")),
                        key=lambda s: (s["check_in"], s["check_out"], s["booked_at"])):
            free = [r for r in rooms_by_type[s["room_type_id"]] if busy_until.get(r["room_id"], date.min) <= s["check_in"]]
            room = rng.choice(free)
            busy_until[room["room_id"]] = s["check_out"]
            s["room_id"] = room["room_id"]
        occupied = {s["room_id"] for s in self.stays if s["status"] == "checked_in"}
        vacated = {s["room_id"] for s in self.stays if s["status"] == "checked_out" and s["check_out"] == TODAY}
        arrivals: dict[str, int] = defaultdict(int)
        for s in self.stays:
            if s["status"] == "confirmed" and s["check_in"] == TODAY:
                arrivals[s["room_type_id"]] += 1
        for rt, rooms in rooms_by_type.items():
            vacant = [r for r in rooms if r["room_id"] not in occupied]
            for r in rooms:
                if r["room_id"] in occupied:
                    r["status"] = "occupied"
            clean = len(vacant)
            for r in sorted(vacant, key=lambda r: r["room_id"]):
                # Housekeeping has not reached the Lake View Queens yet; elsewhere enough rooms are ready.
                dirty = rt == "RT-302" or (r["room_id"] in vacated and clean > arrivals[rt] + 1)
                if dirty:
                    r["status"] = "vacant_dirty"
                    clean -= 1
            spare = [r for r in vacant if r["status"] == "vacant_clean"]
            if rt in ("RT-103", "RT-202") and len(spare) > arrivals[rt] + 2:
                spare[-1]["status"] = "out_of_order"

    def build_money(self) -> None:
        rng = self.rng
        rest_bar = {h[0]: {"restaurant": h[9], "bar": h[10]} for h in HOTELS}
        charges, invoices = [], []
        for s in self.stays:
            if s["status"] not in ("checked_in", "checked_out"):
                continue
            last_day = min(s["check_out"], TODAY) if s["status"] == "checked_in" else s["check_out"]
            for _ in range(rng.choices([0, 1, 2, 3, 4], [30, 30, 22, 12, 6])[0]):
                cat = rng.choices(list(INCIDENTALS), [34, 22, 16, 8, 10, 10])[0]
                texts, low, high = INCIDENTALS[cat]
                day = s["check_in"] + timedelta(days=rng.randint(0, max(0, (last_day - s["check_in"]).days - 1)))
                at = datetime.combine(day, time(rng.randint(12, 22), rng.randint(0, 59)))
                if at >= NOW or at < s["checked_in_at"]:
                    continue
                charges.append({"reservation_id": s, "posted_at": at, "category": cat,
                                "description": rng.choice(texts).format(**rest_bar[s["hotel_id"]]),
                                "amount": money(rng.uniform(low, high))})
        for s in self.stays:
            if s["status"] == "checked_out":
                incidentals = money(sum(c["amount"] for c in charges if c["reservation_id"] is s))
                tax = money(s["room_total"] * self.hotel[s["hotel_id"]][6] / 100)
                invoices.append({"reservation_id": s, "kind": "stay", "issued_at": s["checked_out_at"],
                                 "nights_charged": s["_nights"], "room_charges": s["room_total"],
                                 "addon_charges": s["addons_total"], "incidental_charges": incidentals, "fees": 0.0,
                                 "tax": tax, "total": money(s["room_total"] + s["addons_total"] + incidentals + tax)})
            elif s["status"] == "cancelled" and s["cancellation_fee"]:
                invoices.append({"reservation_id": s, "kind": "cancellation", "issued_at": s["cancelled_at"],
                                 "nights_charged": 0, "room_charges": 0.0, "addon_charges": 0.0,
                                 "incidental_charges": 0.0, "fees": s["cancellation_fee"], "tax": 0.0,
                                 "total": s["cancellation_fee"]})
        # Ids follow time: reservations by booking time, charges by posting, invoices by issue.
        self.stays.sort(key=lambda s: (s["booked_at"], s["check_in"], s["room_type_id"]))
        for i, s in enumerate(self.stays):
            s["reservation_id"] = f"RES-{40001 + i}"
            s["confirmation_code"] = self.code()
        for i, c in enumerate(sorted(charges, key=lambda c: (c["posted_at"], c["reservation_id"]["reservation_id"]))):
            self.tables["folio_charges"].append({**c, "charge_id": f"CHG-{70001 + i}",
                                                 "reservation_id": c["reservation_id"]["reservation_id"]})
        pay_no = 0
        for i, inv in enumerate(sorted(invoices, key=lambda v: (v["issued_at"], v["reservation_id"]["reservation_id"]))):
            s = inv["reservation_id"]
            row = {**inv, "invoice_id": f"INV-{50001 + i}", "reservation_id": s["reservation_id"]}
            self.tables["invoices"].append(row)
            other = [c for c in self.guest_cards[s["guest_id"]]
                     if c["card_id"] != s["card_id"] and card_valid_through(c) >= inv["issued_at"].date()]
            parts = [(s["card_id"], inv["total"])]
            if other and inv["total"] > 200 and rng.random() < 0.12:
                first = money(round(inv["total"] * rng.uniform(0.3, 0.6)))
                parts = [(s["card_id"], first), (other[0]["card_id"], money(inv["total"] - first))]
            for card_id, amount in parts:
                pay_no += 1
                self.tables["payments"].append({"payment_id": f"PAY-{60000 + pay_no}", "invoice_id": row["invoice_id"],
                                                "card_id": card_id, "amount": amount, "paid_at": inv["issued_at"]})
        for s in self.stays:
            self.tables["reservations"].append({k: v for k, v in s.items() if not k.startswith("_")})
            for a in s["_addons"]:
                self.tables["reservation_addons"].append({"reservation_id": s["reservation_id"], **a})
        self.tables["reservation_addons"].sort(key=lambda a: (a["reservation_id"], a["addon_code"]))


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
    world.build_guests()
    world.build_reservations()
    world.finish_stays()
    world.build_money()
    return world.tables


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the hotel environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
