"""Deterministic seed data for the events environment (Lanternfield Box Office, four live-event venues).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Patron names come from Faker (pinned 40.63.0, seeded); everything else comes from
``random.Random(SEED)``. Bookings follow the rules of ``tools.py``: on-sale and presale windows, purchase limits,
section capacity, accessible sections for flagged patrons only, service fees waived for Patron Circle members.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.kit import money
from envfactory_gym.authoring.seed import write_seed

SEED = 20260610
NOW = datetime(2026, 6, 10, 12, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

VENUES = [  # id, name, city, street, phone
    ("VEN-1", "Harrowgate Concert Hall", "Milwaukee", "410 Harrowgate Avenue", "(414) 555-0181"),
    ("VEN-2", "Old Quarry Theatre", "Providence", "12 Quarry Lane", "(401) 555-0127"),
    ("VEN-3", "Riverside Arena", "Boise", "900 River Street", "(208) 555-0163"),
    ("VEN-4", "Bellmont Playhouse", "Savannah", "77 Bellmont Square", "(912) 555-0139"),
]
# section id, venue, name, code, capacity, accessible, base price, transferable
SECTIONS = [
    ("SEC-11", "VEN-1", "Stalls", "STL", 60, False, 68.0, True),
    ("SEC-12", "VEN-1", "Dress Circle", "DRC", 40, False, 82.0, True),
    ("SEC-13", "VEN-1", "Upper Circle", "UPC", 50, False, 44.0, True),
    ("SEC-14", "VEN-1", "Box Seats", "BOX", 8, False, 145.0, False),
    ("SEC-15", "VEN-1", "Accessible Stalls", "ACS", 6, True, 68.0, True),
    ("SEC-21", "VEN-2", "Orchestra", "ORCH", 50, False, 79.0, True),
    ("SEC-22", "VEN-2", "Mezzanine", "MEZZ", 36, False, 62.0, True),
    ("SEC-23", "VEN-2", "Balcony", "BALC", 40, False, 39.0, True),
    ("SEC-24", "VEN-2", "Front Row", "FRNT", 10, False, 125.0, False),
    ("SEC-25", "VEN-2", "Accessible Orchestra", "ACO", 6, True, 79.0, True),
    ("SEC-31", "VEN-3", "Floor", "FLR", 80, False, 95.0, True),
    ("SEC-32", "VEN-3", "Lower Bowl", "LWR", 70, False, 72.0, True),
    ("SEC-33", "VEN-3", "Upper Bowl", "UPR", 80, False, 38.0, True),
    ("SEC-34", "VEN-3", "Courtside Club", "CLUB", 12, False, 210.0, False),
    ("SEC-35", "VEN-3", "Accessible Platform", "ACP", 8, True, 72.0, True),
    ("SEC-41", "VEN-4", "Parterre", "PART", 40, False, 74.0, True),
    ("SEC-42", "VEN-4", "Gallery", "GAL", 30, False, 48.0, True),
    ("SEC-43", "VEN-4", "Garden Terrace", "TERR", 24, False, 58.0, True),
    ("SEC-44", "VEN-4", "Patron Box", "PBOX", 8, False, 160.0, False),
    ("SEC-45", "VEN-4", "Accessible Parterre", "ACPT", 6, True, 74.0, True),
]
# series id, title, category, performer, venue, price factor, start hour:minute, first date, spacing days, count
SERIES = [
    ("SER-01", "Brass and Embers", "concert", "Halloran Brass Quintet", "VEN-1", 0.9, "20:00", date(2026, 5, 22), 14, 4),
    ("SER-02", "Midsummer Piano Nights", "concert", "Ilse Varga", "VEN-1", 1.1, "19:30", date(2026, 6, 5), 10, 4),
    ("SER-03", "The Velvet Arcade Live", "concert", "The Velvet Arcade", "VEN-1", 1.3, "20:00", date(2026, 7, 24), 1, 3),
    ("SER-04", "Northbound Strings", "concert", "Northbound String Orchestra", "VEN-1", 1.0, "19:30", date(2026, 4, 18), 35, 4),
    ("SER-05", "The Lighthouse Keeper's Daughter", "theatre", "Quarry Repertory Company", "VEN-2", 1.0, "19:30",
     date(2026, 5, 28), 7, 5),
    ("SER-06", "A Winter Ledger", "theatre", "Quarry Repertory Company", "VEN-2", 0.9, "19:30", date(2026, 8, 6), 7, 4),
    ("SER-07", "Hollow Crown Revue", "theatre", "The Hollow Crown Players", "VEN-2", 0.8, "14:00", date(2026, 6, 14), 7, 4),
    ("SER-08", "Salt and Cedar", "theatre", "Fenwick Stage Ensemble", "VEN-2", 1.1, "19:30", date(2026, 4, 30), 30, 4),
    ("SER-09", "Boise Ridgebacks Basketball", "sports", "Boise Ridgebacks", "VEN-3", 1.0, "19:00", date(2026, 5, 30), 9, 5),
    ("SER-10", "Riverside Roller Derby", "sports", "Snake River Rollers", "VEN-3", 0.6, "18:00", date(2026, 6, 6), 14, 4),
    ("SER-11", "Copper Canyon Rodeo Finals", "sports", "Copper Canyon Rodeo", "VEN-3", 0.9, "18:30", date(2026, 8, 20), 1, 3),
    ("SER-12", "Neon Harbor Tour", "concert", "Neon Harbor", "VEN-3", 1.4, "20:00", date(2026, 6, 26), 1, 3),
    ("SER-13", "Magnolia Jazz Evenings", "concert", "The Magnolia Trio", "VEN-4", 0.9, "20:00", date(2026, 5, 15), 14, 5),
    ("SER-14", "The Tin Orchard", "theatre", "Bellmont Players", "VEN-4", 1.0, "19:30", date(2026, 6, 18), 6, 4),
    ("SER-15", "Twelfth Night in the Garden", "theatre", "Bellmont Players", "VEN-4", 0.85, "19:00", date(2026, 7, 9), 7, 4),
    ("SER-16", "Laugh Lines Comedy Hour", "theatre", "Dana Okafor and guests", "VEN-4", 0.7, "21:00", date(2026, 6, 12), 21, 3),
]
LIMITS = {"concert": 4, "theatre": 6, "sports": 8}
PLANS = [
    ("FRIENDS", "Friends of Lanternfield", 60.0, True, False,
     "Presale access to every performance at all four venues."),
    ("PATRON_CIRCLE", "Patron Circle", 240.0, True, True,
     "Presale access and no service fees on bookings."),
    ("CULTURE_CARD", "Culture Card", 25.0, False, False,
     "Monthly newsletter and members' events; no presale access."),
]
# (performance index in generation order is not stable to edit, so special statuses are keyed by series and date)
CANCELLED = {("SER-10", date(2026, 6, 20)), ("SER-12", date(2026, 6, 27)), ("SER-13", date(2026, 5, 29))}
POSTPONED = {  # (series, original date): (new date, refund deadline)
    ("SER-14", date(2026, 6, 24)): (date(2026, 7, 29), datetime(2026, 6, 24, 23, 59)),
    ("SER-02", date(2026, 6, 15)): (date(2026, 7, 13), datetime(2026, 6, 8, 23, 59)),
    ("SER-09", date(2026, 6, 17)): (date(2026, 7, 1), datetime(2026, 6, 30, 23, 59)),
}
# (series, date, section): sections filled to capacity
SOLD_OUT = [("SER-05", date(2026, 6, 18), "SEC-24"), ("SER-05", date(2026, 6, 25), "SEC-21"),
            ("SER-09", date(2026, 6, 26), "SEC-34"), ("SER-03", date(2026, 7, 24), "SEC-14"),
            ("SER-07", date(2026, 6, 21), "SEC-22"), ("SER-16", date(2026, 7, 3), "SEC-43"),
            ("SER-01", date(2026, 6, 19), "SEC-15"), ("SER-15", date(2026, 7, 16), "SEC-44"),
            ("SER-11", date(2026, 8, 21), "SEC-34"), ("SER-12", date(2026, 6, 26), "SEC-31")]


def at(day: date, hhmm: str) -> datetime:
    h, m = hhmm.split(":")
    return datetime.combine(day, time(int(h), int(m)))


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.section = {s[0]: s for s in SECTIONS}

    def static(self) -> None:
        for v in VENUES:
            self.t["venues"].append(dict(zip(("venue_id", "name", "city", "street", "phone"), v)))
        for s in SECTIONS:
            self.t["sections"].append({"section_id": s[0], "venue_id": s[1], "name": s[2], "code": s[3],
                                       "capacity": s[4], "accessible": s[5]})
        for p in PLANS:
            self.t["membership_plans"].append(dict(zip(("plan_code", "name", "annual_fee", "presale_access",
                                                        "fees_waived", "description"), p)))
        rng = self.rng
        perf_no, tier_no = 1000, 10000
        for sid, title, cat, performer, venue, factor, hhmm, first, spacing, count in SERIES:
            self.t["series"].append({"series_id": sid, "title": title, "category": cat, "performer": performer,
                                     "venue_id": venue})
            for k in range(count):
                day = first + timedelta(days=spacing * k)
                perf_no += 1
                start = at(day, hhmm)
                status, original, deadline = "scheduled", None, None
                if (sid, day) in CANCELLED:
                    status = "cancelled"
                if (sid, day) in POSTPONED:
                    new_day, deadline = POSTPONED[(sid, day)]
                    status, original, start = "postponed", start, at(new_day, hhmm)
                lead = rng.randint(35, 70)
                onsale = datetime.combine(day - timedelta(days=lead), time(10, 0))
                if day >= date(2026, 7, 20):  # later shows: presale running now, or not started yet
                    onsale = datetime.combine(TODAY + timedelta(days=rng.choice([3, 6, 9, 12, 20])), time(10, 0))
                presale = onsale - timedelta(days=4 if day < date(2026, 8, 25) else 2)
                doors = start - timedelta(minutes={"concert": 60, "theatre": 45, "sports": 90}[cat])
                self.t["performances"].append({
                    "performance_id": f"PRF-{perf_no}", "series_id": sid, "venue_id": venue, "starts_at": start,
                    "doors_at": doors, "presale_at": presale, "onsale_at": onsale, "status": status,
                    "original_starts_at": original, "refund_deadline": deadline, "purchase_limit": LIMITS[cat],
                    "_day": day, "_factor": factor})
                for s in SECTIONS:
                    if s[1] != venue:
                        continue
                    tier_no += 1
                    weekend = 1.15 if start.weekday() in (4, 5) else 1.0  # Friday and Saturday performances
                    price = float(round(s[6] * factor * weekend))
                    name = s[2] if s[7] else f"{s[2]} (non-transferable)"
                    self.t["price_tiers"].append({"tier_id": f"TIER-{tier_no}", "performance_id": f"PRF-{perf_no}",
                                                  "section_id": s[0], "name": name, "price": price,
                                                  "service_fee": money(price * 0.10 + 1.5), "transferable": s[7]})

    def patrons(self) -> None:
        rng, fake = self.rng, self.fake
        seen: set[str] = set()
        cities = [v[2] for v in VENUES] + ["Madison", "Warwick", "Nampa", "Charleston", "Chicago"]
        for i in range(430):
            first, last = fake.first_name(), fake.last_name()
            base = rng.choice([f"{first}.{last}", f"{first[0]}{last}", f"{first}{last[0]}", f"{last}.{first}"]).lower()
            email = f"{base}@{rng.choice(['example.com', 'example.org', 'mail.example.net'])}"
            n = 1
            while email in seen:
                n += 1
                email = f"{base}{n}@example.com"
            seen.add(email)
            self.t["patrons"].append({
                "patron_id": f"PAT-{10001 + i}", "first_name": first, "last_name": last, "email": email,
                "phone": f"({rng.randint(201, 989)}) 555-{rng.randint(100, 9999):04d}",
                "city": rng.choice(cities), "accessibility_flag": rng.random() < 0.09,
                "joined_on": TODAY - timedelta(days=rng.randint(20, 2400))})
        mem_no = 6000
        for p in self.t["patrons"]:
            r = rng.random()
            if r < 0.42:
                plan = rng.choices(PLANS, [55, 20, 25])[0]
                active = rng.random() < 0.78
                ends = TODAY + timedelta(days=rng.randint(10, 330)) if active else TODAY - timedelta(days=rng.randint(5, 300))
                starts = ends - timedelta(days=365)
                mem_no += 1
                self.t["memberships"].append({"membership_id": f"MEM-{mem_no}", "patron_id": p["patron_id"],
                                              "plan_code": plan[0], "starts_on": starts, "ends_on": ends,
                                              "fee_paid": plan[2]})
        self.t["memberships"].sort(key=lambda m: m["starts_on"])
        for i, m in enumerate(self.t["memberships"]):
            m["membership_id"] = f"MEM-{6001 + i}"
        self.plan_at: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for m in self.t["memberships"]:
            self.plan_at[m["patron_id"]].append(m)

    def plan_of(self, patron_id: str, when: datetime) -> tuple | None:
        for m in self.plan_at.get(patron_id, []):
            if m["starts_on"] <= when.date() <= m["ends_on"]:
                return next(p for p in PLANS if p[0] == m["plan_code"])
        return None

    def bookings(self) -> None:
        rng = self.rng
        patrons = self.t["patrons"]
        flagged = [p for p in patrons if p["accessibility_flag"]]
        tiers = defaultdict(dict)
        for tr in self.t["price_tiers"]:
            tiers[tr["performance_id"]][tr["section_id"]] = tr
        self.used: dict[tuple[str, str], set[int]] = defaultdict(set)  # (perf, section) -> seat numbers
        bought: dict[tuple[str, str], int] = defaultdict(int)  # (patron, perf) -> admissions
        bookings = []

        def book(perf: dict[str, Any], section_id: str, qty_hint: int | None = None) -> bool:
            sec = self.section[section_id]
            pool = flagged if sec[5] else patrons
            patron = rng.choice(pool)
            window_start = perf["onsale_at"]
            latest = min(NOW - timedelta(minutes=30), perf["starts_at"] - timedelta(hours=2))
            presale_only = perf["onsale_at"] > NOW
            if presale_only:
                window_start = perf["presale_at"]
            if window_start >= latest:
                return False
            span = int((latest - window_start).total_seconds() // 60)
            booked_at = window_start + timedelta(minutes=rng.randint(1, span))
            booked_at = booked_at.replace(second=0)
            plan = self.plan_of(patron["patron_id"], booked_at)
            if booked_at < perf["onsale_at"] and not (plan and plan[3]):
                return False
            free = sec[4] - len(self.used[(perf["performance_id"], section_id)])
            limit = perf["purchase_limit"] - bought[(patron["patron_id"], perf["performance_id"])]
            qty = qty_hint or rng.choices([1, 2, 3, 4, 5, 6], [18, 46, 12, 16, 3, 5])[0]
            qty = min(qty, free, limit)
            if qty <= 0:
                return False
            tier = tiers[perf["performance_id"]][section_id]
            fee = 0.0 if plan and plan[4] else tier["service_fee"]
            seats = []
            for _ in range(qty):
                n = min(set(range(1, sec[4] + 1)) - self.used[(perf["performance_id"], section_id)])
                self.used[(perf["performance_id"], section_id)].add(n)
                seats.append(n)
            bought[(patron["patron_id"], perf["performance_id"])] += qty
            bookings.append({"patron_id": patron["patron_id"], "performance_id": perf["performance_id"],
                             "status": "active", "booked_at": booked_at, "face_total": money(tier["price"] * qty),
                             "fees_total": money(fee * qty), "exchange_fees": 0.0,
                             "_adm": [(tier, section_id, f"{sec[3]}-{n}", fee) for n in seats], "_perf": perf})
            return True

        perf_by_key = {(p["series_id"], p["_day"]): p for p in self.t["performances"]}
        for sid, day, section_id in SOLD_OUT:
            perf = perf_by_key[(sid, day)]
            tries = 0
            while len(self.used[(perf["performance_id"], section_id)]) < self.section[section_id][4] and tries < 500:
                book(perf, section_id)
                tries += 1
        for perf in self.t["performances"]:
            venue_secs = [s for s in SECTIONS if s[1] == perf["venue_id"]]
            fill = rng.uniform(0.25, 0.55)
            target = int(sum(s[4] for s in venue_secs) * fill)
            if perf["onsale_at"] > NOW:
                target = int(target * 0.25)
            tries = 0
            while sum(len(self.used[(perf["performance_id"], s[0])]) for s in venue_secs) < target and tries < 800:
                s = rng.choices(venue_secs, [s[4] for s in venue_secs])[0]
                book(perf, s[0])
                tries += 1
        bookings.sort(key=lambda b: (b["booked_at"], b["patron_id"]))
        adm_no = 700000
        for i, b in enumerate(bookings):
            b["booking_id"] = f"BKG-{50001 + i}"
            b["_rows"] = []
            for tier, section_id, label, fee in b["_adm"]:
                adm_no += 1
                row = {"admission_id": f"ADM-{adm_no}", "booking_id": b["booking_id"], "tier_id": tier["tier_id"],
                       "section_id": section_id, "seat_label": label, "holder_patron_id": b["patron_id"],
                       "price": tier["price"], "service_fee": fee, "status": "active", "_tier": tier}
                b["_rows"].append(row)
        self.bookings_ = bookings

    def aftermath(self) -> None:
        """Refunds on cancelled and postponed performances, transfers, waitlists."""
        rng = self.rng
        refunds, transfers = [], []
        for b in self.bookings_:
            perf = b["_perf"]
            when = None
            if perf["status"] == "cancelled":
                past = perf["starts_at"] < NOW
                if past or rng.random() < 0.45:
                    kind, amount = "cancelled_full", money(b["face_total"] + b["fees_total"])
                    when = max(b["booked_at"], NOW - timedelta(days=rng.randint(1, 6))) + timedelta(hours=1)
            elif perf["status"] == "postponed" and rng.random() < 0.3:
                kind, amount = "postponed_face_value", b["face_total"]
                when = max(b["booked_at"], datetime.combine(perf["_day"], time(9)) - timedelta(days=rng.randint(8, 12)))
                when = min(when + timedelta(hours=2), perf["refund_deadline"], NOW - timedelta(hours=1))
            if when is not None:
                b["status"] = "refunded"
                for a in b["_rows"]:
                    a["status"] = "refunded"
                refunds.append({"booking_id": b["booking_id"], "kind": kind, "amount": amount, "refunded_at": when})
        patrons = [p["patron_id"] for p in self.t["patrons"]]
        flagged = [p["patron_id"] for p in self.t["patrons"] if p["accessibility_flag"]]
        for b in self.bookings_:
            if b["status"] != "active" or b["_perf"]["status"] == "cancelled" or len(b["_rows"]) < 2:
                continue
            if rng.random() < 0.09:
                a = b["_rows"][-1]
                if not a["_tier"]["transferable"]:
                    continue
                to = rng.choice(flagged if self.section[a["section_id"]][5] else patrons)
                if to == b["patron_id"]:
                    continue
                latest = min(NOW, b["_perf"]["starts_at"]) - timedelta(hours=1)
                if latest <= b["booked_at"]:
                    continue
                span = int((latest - b["booked_at"]).total_seconds() // 60)
                when = (b["booked_at"] + timedelta(minutes=rng.randint(30, max(31, span)))).replace(second=0)
                a["holder_patron_id"] = to
                transfers.append({"admission_id": a["admission_id"], "from_patron_id": b["patron_id"],
                                  "to_patron_id": to, "transferred_at": min(when, latest)})
        for i, r in enumerate(sorted(refunds, key=lambda r: (r["refunded_at"], r["booking_id"]))):
            self.t["refunds"].append({"refund_id": f"RFD-{2001 + i}", **r})
        for i, tr in enumerate(sorted(transfers, key=lambda r: (r["transferred_at"], r["admission_id"]))):
            self.t["transfers"].append({"transfer_id": f"TRF-{3001 + i}", **tr})
        # Waitlists on sold-out sections.
        perf_by_key = {(p["series_id"], p["_day"]): p for p in self.t["performances"]}
        entries = []
        for sid, day, section_id in SOLD_OUT:
            perf = perf_by_key[(sid, day)]
            sec = self.section[section_id]
            if len(self.used[(perf["performance_id"], section_id)]) < sec[4]:
                continue
            pool = flagged if sec[5] else patrons
            chosen = rng.sample(pool, min(len(pool), rng.randint(14, 22)))
            for pid in chosen:
                joined = NOW - timedelta(days=rng.randint(0, 12), hours=rng.randint(1, 20), minutes=rng.randint(0, 59))
                entries.append({"patron_id": pid, "performance_id": perf["performance_id"], "section_id": section_id,
                                "quantity": rng.choice([1, 2, 2, 2, 3, 4]), "joined_at": joined,
                                "status": "withdrawn" if rng.random() < 0.18 else "waiting"})
        for i, e in enumerate(sorted(entries, key=lambda e: (e["joined_at"], e["patron_id"]))):
            self.t["waitlist_entries"].append({"entry_id": f"WL-{4001 + i}", **e})
        for b in self.bookings_:
            self.t["bookings"].append({k: v for k, v in b.items() if not k.startswith("_")})
            for a in b["_rows"]:
                self.t["admissions"].append({k: v for k, v in a.items() if not k.startswith("_")})
        for p in self.t["performances"]:
            for k in ("_day", "_factor"):
                del p[k]


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
    world.static()
    world.patrons()
    world.bookings()
    world.aftermath()
    return dict(world.t)


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the events environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
