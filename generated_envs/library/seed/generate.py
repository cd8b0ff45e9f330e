"""Deterministic seed data for the library environment (Fernhollow City Library, six branches).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Patron and author names come from Faker (pinned to 40.63.0, seeded); everything else from
``random.Random(SEED)``. The history follows the rules of ``tools.py``: each copy's loans follow one another in
time, loan periods and renewals come from the format table, overdue fines use the two-day grace period, the daily
rate and the cap (child cards are fine-free), patrons stay within their card's loan limit and age ratings.
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

SEED = 20260513
NOW = datetime(2026, 5, 13, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
HISTORY_START = date(2026, 1, 20)
GRACE_DAYS = 2
DVD_LIMIT = 4
PROCESSING_FEE = 5.00
CARD_REPLACEMENT_FEE = 3.00

# (id, name, street, phone, opens, closes, closed days, accepts holds)
BRANCHES = [
    ("BR-01", "Central Library", "200 Alder Street", "(541) 555-0100", "09:00", "20:00", "none", True),
    ("BR-02", "Riverside Branch", "14 Quay Road", "(541) 555-0122", "10:00", "18:00", "Sun", True),
    ("BR-03", "Maple Hill Branch", "871 Maple Hill Avenue", "(541) 555-0137", "10:00", "19:00", "Sun,Mon", True),
    ("BR-04", "Eastgate Branch", "3300 Eastgate Boulevard", "(541) 555-0149", "10:00", "18:00", "Sun", True),
    ("BR-05", "Northfield Branch", "52 Northfield Lane", "(541) 555-0163", "12:00", "20:00", "Sun", True),
    ("BR-06", "Old Quarry Branch", "9 Quarry Row", "(541) 555-0178", "10:00", "17:00", "Sun,Mon", False),
]
BRANCH_WEIGHT = [30, 16, 14, 16, 14, 10]
# (card type, description, loan limit, hold limit, validity years, annual fee, fine free, can book rooms)
CARD_TYPES = [
    ("adult", "Residents aged 18 to 64", 25, 15, 3, 0.0, False, True),
    ("senior", "Residents aged 65 and over", 25, 15, 3, 0.0, False, True),
    ("teen", "Residents aged 13 to 17", 12, 8, 3, 0.0, False, True),
    ("child", "Residents aged 12 and under", 8, 5, 3, 0.0, True, False),
    ("nonresident", "Adults living outside the city (annual fee)", 10, 5, 1, 45.0, False, True),
]
CARD = {c[0]: c for c in CARD_TYPES}
# (format, label, loan days, max renewals, daily fine, fine cap)
FORMATS = [
    ("book", "Book", 21, 2, 0.25, 5.00),
    ("large_print", "Large print book", 21, 2, 0.25, 5.00),
    ("audiobook", "Audiobook on CD", 21, 2, 0.25, 5.00),
    ("dvd", "DVD", 7, 1, 1.00, 10.00),
]
FMT = {f[0]: f for f in FORMATS}
NEW_RELEASE_DAYS = 14
# (room id, branch, name, kind, capacity, max hours, amenities)
ROOMS = [
    ("RM-11", "BR-01", "Alder Study Room", "study", 4, 2, "whiteboard"),
    ("RM-12", "BR-01", "Birch Study Room", "study", 6, 2, "whiteboard, wall screen"),
    ("RM-13", "BR-01", "Cedar Meeting Room", "meeting", 30, 3, "projector, microphone, 30 chairs"),
    ("RM-14", "BR-01", "Boardroom", "meeting", 12, 3, "conference table, wall screen"),
    ("RM-21", "BR-02", "River Study Room", "study", 4, 2, "whiteboard"),
    ("RM-22", "BR-02", "Quayside Community Room", "meeting", 40, 3, "projector, kitchenette, 40 chairs"),
    ("RM-31", "BR-03", "Maple Study Room", "study", 5, 2, "whiteboard"),
    ("RM-32", "BR-03", "Orchard Meeting Room", "meeting", 16, 3, "wall screen"),
    ("RM-41", "BR-04", "Eastgate Study Room 1", "study", 4, 2, "whiteboard"),
    ("RM-42", "BR-04", "Eastgate Study Room 2", "study", 4, 2, "whiteboard"),
    ("RM-43", "BR-04", "Sunrise Meeting Room", "meeting", 20, 3, "projector"),
    ("RM-51", "BR-05", "Northfield Study Room", "study", 6, 2, "wall screen"),
    ("RM-52", "BR-05", "Prairie Room", "meeting", 24, 3, "projector, 24 chairs"),
    ("RM-61", "BR-06", "Quarry Study Room", "study", 4, 2, "whiteboard"),
]
PURPOSES = ["study", "study", "study", "tutoring", "tutoring", "meeting", "meeting", "meeting", "interview", "event"]
BLOCK_REASONS = ["mail returned undeliverable: address to verify", "account under review after a disputed charge",
                 "address verification needed"]

ADJ = ["Silent", "Crimson", "Hidden", "Last", "Winter", "Broken", "Golden", "Distant", "Paper", "Quiet", "Wild",
       "Borrowed", "Northern", "Salt", "Glass", "Burning", "Lantern", "Velvet", "Hollow", "Second", "Restless",
       "Patient", "Tidal", "Copper", "Lonely", "Midnight", "Amber", "Fallen", "Open", "Painted"]
NOUN = ["Orchard", "Harbor", "Garden", "Letters", "River", "Lighthouse", "Summer", "Kingdom", "Archive", "Station",
        "Meadow", "Promise", "Circle", "Mirror", "Island", "Season", "Bridge", "Compass", "Inheritance", "Forest",
        "Map", "Witness", "Tide", "Signal", "House", "Orbit", "Voyage", "Frontier", "Cartographer", "Clockmaker"]
PLACE = ["Elm Street", "Brackenridge", "the Valley", "Fernhollow", "Ashford", "Cold Spring", "the Bay", "Kestrel Hill"]
NONFIC = {
    "cooking": ("641.5", ["Weeknight {x}", "The {a} Kitchen", "Simple {x} for Every Day", "Baking with {x}"],
                ["Soups", "Grains", "Vegetables", "Sourdough", "Skillet Suppers", "Spices", "Breakfasts"]),
    "gardening": ("635", ["The {a} Vegetable Patch", "Growing {x}", "A Year of {x}"],
                  ["Tomatoes", "Herbs", "Roses", "Native Plants", "Berries", "Containers"]),
    "history": ("973", ["The {a} Decade", "Empires of {x}", "A People's History of {x}"],
                ["Salt", "the River Towns", "the Railroad", "Paper", "Copper", "the Coast"]),
    "biography": ("920", ["A Life in {x}", "The {a} Years", "Letters to {x}"],
                  ["Ink", "Science", "Music", "Exile", "Flight", "Medicine"]),
    "science": ("500", ["The {a} Universe", "How {x} Works", "The Secret Life of {x}"],
                ["Memory", "Bees", "Weather", "Sleep", "Rivers", "Stars", "Fungi"]),
    "travel": ("910", ["Walking {x}", "The {a} Road", "Slow Travel in {x}"],
               ["Portugal", "the Coast Range", "Japan", "the Andes", "Scotland", "the Great Lakes"]),
    "self-help": ("158", ["The {a} Habit", "Finding {x}", "Ten Rules for {x}"],
                  ["Focus", "Calm", "Money", "Balance", "Courage", "Time"]),
}
FICTION = ["mystery", "thriller", "romance", "science fiction", "fantasy", "historical fiction", "literary fiction"]
FIC_PATTERNS = ["The {a} {n}", "{a} {n}", "The {n} of {p}", "A {n} in {p}", "The {n}'s {n2}", "{n} of {a} {n2}"]
KID_PATTERNS = ["The {a} {n} Mystery", "Pip and the {a} {n}", "Where the {n} Sleeps", "Milo's {a} {n}",
                "The Little {n}", "Night at the {n}"]
TEEN_PATTERNS = ["{a} Hearts", "The {n} Academy", "We Were {a}", "The {a} Year", "Rebels of the {n}"]
FILM_PATTERNS = ["{a} {n}", "The {n}", "Return to {p}", "{a} Protocol", "The {a} Heist", "{n} Road"]


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(SEED)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = defaultdict(list)

    # -- static tables -----------------------------------------------------------------------------------------

    def static(self) -> None:
        cols = ["branch_id", "name", "street", "phone", "opens", "closes", "closed_days", "accepts_holds"]
        self.t["branches"] = [dict(zip(cols, b)) for b in BRANCHES]
        cols = ["card_type", "description", "loan_limit", "hold_limit", "validity_years", "annual_fee", "fine_free",
                "can_book_rooms"]
        self.t["card_types"] = [dict(zip(cols, c)) for c in CARD_TYPES]
        cols = ["format", "label", "loan_days", "max_renewals", "daily_fine", "fine_cap"]
        self.t["formats"] = [dict(zip(cols, f)) for f in FORMATS]
        cols = ["room_id", "branch_id", "name", "kind", "capacity", "max_hours", "amenities"]
        self.t["rooms"] = [dict(zip(cols, r)) for r in ROOMS]

    # -- catalogue ---------------------------------------------------------------------------------------------

    def title_text(self, patterns: list[str]) -> str:
        rng = self.rng
        n, n2 = rng.sample(NOUN, 2)
        text = rng.choice(patterns).format(a=rng.choice(ADJ), n=n, n2=n2, p=rng.choice(PLACE))
        return "An " + text[2:] if text.startswith("A ") and text[2] in "AEIOU" else text

    def catalogue(self) -> None:
        rng, seen = self.rng, set()
        authors = [self.fake.name() for _ in range(260)]
        plan = (["adult_fic"] * 170 + ["adult_non"] * 90 + ["teen"] * 50 + ["kids"] * 70 + ["film"] * 80)
        rng.shuffle(plan)
        for i, kind in enumerate(plan):
            while True:
                subject, audience, fmt, min_age = "", "adult", "book", 0
                if kind == "adult_fic":
                    subject = rng.choice(FICTION)
                    text = self.title_text(FIC_PATTERNS)
                    fmt = rng.choices(["book", "large_print", "audiobook"], [70, 14, 16])[0]
                elif kind == "adult_non":
                    subject = rng.choice(sorted(NONFIC))
                    _, pats, xs = NONFIC[subject]
                    text = rng.choice(pats).format(a=rng.choice(ADJ), x=rng.choice(xs))
                    fmt = rng.choices(["book", "audiobook"], [85, 15])[0]
                elif kind == "teen":
                    subject, audience = rng.choice(["young adult fiction", "graphic novel"]), "teen"
                    text = self.title_text(TEEN_PATTERNS)
                elif kind == "kids":
                    subject, audience = rng.choice(["picture book", "early reader", "juvenile fiction"]), "children"
                    text = self.title_text(KID_PATTERNS)
                else:
                    fmt = "dvd"
                    audience = rng.choices(["adult", "children"], [75, 25])[0]
                    subject = "family film" if audience == "children" else rng.choice(
                        ["drama", "comedy", "documentary", "thriller", "science fiction"])
                    text = self.title_text(FILM_PATTERNS)
                    min_age = 0 if audience == "children" else rng.choices([0, 13, 17], [30, 40, 30])[0]
                if text not in seen:
                    seen.add(text)
                    break
            year = rng.choices([2026, rng.randint(2018, 2025), rng.randint(1995, 2017)], [9, 55, 36])[0]
            new = year == 2026 and fmt != "dvd"
            cost = {"book": (17, 34), "large_print": (24, 38), "audiobook": (30, 55), "dvd": (15, 28)}[fmt]
            author = rng.choice(authors)
            isbn = ("978" + "".join(str(rng.randint(0, 9)) for _ in range(10))) if fmt != "dvd" else (
                "0" + "".join(str(rng.randint(0, 9)) for _ in range(11)))
            self.t["titles"].append({
                "title_id": f"T-{1001 + i}", "title": text, "author": author, "format": fmt, "audience": audience,
                "subject": subject, "year": year, "isbn": isbn, "min_age": min_age, "new_release": new,
                "replacement_cost": float(rng.randint(*cost)) + rng.choice([0.0, 0.5, 0.95, 0.99]),
                "_kind": kind})
        n = 0
        for ttl in self.t["titles"]:
            last = ttl["author"].split()[-1].upper()[:6]
            if ttl["format"] == "dvd":
                call = f"DVD {ttl['title'].split()[-1].upper()}"
            elif ttl["_kind"] == "adult_non":
                call = f"{NONFIC[ttl['subject']][0]} {last[:3]}"
            else:
                call = {"teen": "YA FIC", "kids": "J FIC"}.get(ttl["_kind"], "FIC") + f" {last}"
                if ttl["format"] == "large_print":
                    call = "LP " + call
                elif ttl["format"] == "audiobook":
                    call = "CD " + call
            copies = self.rng.choices([1, 2, 3, 4, 5], [28, 32, 22, 12, 6])[0]
            if ttl["new_release"]:
                copies = max(copies, 2)
            branches = self.rng.choices([b[0] for b in BRANCHES], BRANCH_WEIGHT, k=copies)
            for br in sorted(branches):
                n += 1
                ref = ttl["_kind"] == "adult_non" and br == "BR-01" and self.rng.random() < 0.12
                self.t["copies"].append({
                    "copy_id": f"C-{300000 + n}", "title_id": ttl["title_id"], "branch_id": br,
                    "call_number": call, "collection": "reference" if ref else "circulating",
                    "status": "available",
                    "acquired_on": date(2026, 1, 5) + timedelta(days=self.rng.randint(0, 60))
                    if ttl["year"] == 2026 else date(max(ttl["year"], 2008), self.rng.randint(1, 12),
                                                     self.rng.randint(1, 28))})
        self.title = {t["title_id"]: t for t in self.t["titles"]}

    # -- patrons -----------------------------------------------------------------------------------------------

    def patrons(self) -> None:
        rng, fake = self.rng, self.fake
        used_cards: set[str] = set()
        for i in range(440):
            kind = rng.choices(["adult", "senior", "teen", "child", "nonresident"], [52, 14, 12, 14, 8])[0]
            age = {"adult": (18, 64), "senior": (65, 88), "teen": (13, 17), "child": (5, 12),
                   "nonresident": (22, 70)}[kind]
            years = rng.randint(*age)
            birth = date(TODAY.year - years, rng.randint(1, 12), rng.randint(1, 28))
            if birth > TODAY.replace(year=TODAY.year - years):
                birth = birth.replace(year=birth.year - 1)
            if kind == "teen" and (TODAY.year - birth.year) > 17:
                birth = birth.replace(year=birth.year + 1)
            first, last = fake.first_name(), fake.last_name()
            while True:
                card = "2973" + "".join(str(rng.randint(0, 9)) for _ in range(10))
                if card not in used_cards:
                    used_cards.add(card)
                    break
            reg = TODAY - timedelta(days=rng.randint(30, 365 * 12))
            if kind == "child":
                reg = max(reg, birth + timedelta(days=365 * 4))
            # the card was renewed whole validity periods; where it stands now:
            roll = rng.random()
            if roll < 0.08:
                expires = TODAY - timedelta(days=rng.randint(1, 200))
            elif roll < 0.17:
                expires = TODAY + timedelta(days=rng.randint(0, 29))
            else:
                expires = TODAY + timedelta(days=rng.randint(31, 365 * CARD[kind][4] - 1))
            status, reason = "active", None
            if rng.random() < 0.03:
                status, reason = "blocked", rng.choice(BLOCK_REASONS)
            waiver = TODAY - timedelta(days=rng.randint(20, 700)) if rng.random() < 0.18 else None
            email_user = f"{first.lower()}.{last.lower()}{rng.randint(1, 99)}"
            self.t["patrons"].append({
                "patron_id": f"P-{20001 + i}", "card_number": card, "first_name": first, "last_name": last,
                "birth_date": birth, "email": f"{email_user}@{rng.choice(['example.com', 'example.org', 'example.net'])}",
                "phone": f"(541) 555-{rng.randint(1000, 9999)}", "card_type": kind,
                "home_branch_id": rng.choices([b[0] for b in BRANCHES], BRANCH_WEIGHT)[0], "status": status,
                "block_reason": reason, "registered_on": min(reg, expires - timedelta(days=300)),
                "card_expires": expires, "last_waiver_on": waiver,
                "_age": years, "_activity": rng.choices([0.2, 1, 3, 8], [20, 45, 25, 10])[0]})
        self.patron = {p["patron_id"]: p for p in self.t["patrons"]}

    # -- loans, fees ---------------------------------------------------------------------------------------------

    def eligible(self, p: dict[str, Any], ttl: dict[str, Any]) -> bool:
        if p["_age"] < ttl["min_age"]:
            return False
        if ttl["audience"] == "children":
            return p["card_type"] == "child" or self.rng.random() < 0.25
        if p["card_type"] == "child":
            return ttl["audience"] == "children"
        return ttl["audience"] != "teen" or p["card_type"] == "teen" or self.rng.random() < 0.2

    def loans(self) -> None:
        rng = self.rng
        patrons = self.t["patrons"]
        weights = [p["_activity"] for p in patrons]
        active: dict[str, int] = defaultdict(int)
        dvds: dict[str, int] = defaultdict(int)
        # A few heavy borrowers sit at their card's loan limit (their cards are in good standing).
        heavy = {}
        for kind, count in (("teen", 2), ("nonresident", 1), ("adult", 1), ("child", 1)):
            picks = [p for p in patrons if p["card_type"] == kind and p["status"] == "active"
                     and p["card_expires"] > TODAY + timedelta(days=60)][:count]
            for p in picks:
                heavy[p["patron_id"]] = CARD[kind][2]
        dvd_heavy = next(p["patron_id"] for p in patrons if p["card_type"] == "adult" and p["status"] == "active"
                         and p["patron_id"] not in heavy and p["card_expires"] > TODAY + timedelta(days=60))
        raw = []
        for copy in self.t["copies"]:
            if copy["collection"] == "reference":
                continue
            ttl = self.title[copy["title_id"]]
            loan_days = NEW_RELEASE_DAYS if ttl["new_release"] else FMT[ttl["format"]][2]
            max_ren = 0 if ttl["new_release"] else FMT[ttl["format"]][3]
            t = max(HISTORY_START, copy["acquired_on"]) + timedelta(days=rng.randint(0, 30))
            busy = ttl["new_release"] or rng.random() < 0.35
            while t < TODAY - timedelta(days=1):
                final = False
                # who borrows
                patron = None
                for _ in range(40):
                    cand = rng.choices(patrons, weights)[0]
                    if self.eligible(cand, ttl):
                        patron = cand
                        break
                if patron is None:
                    break
                style = rng.random()
                if style < 0.55:
                    length = rng.randint(3, loan_days)
                elif style < 0.80:
                    length = rng.randint(loan_days, loan_days * (1 + max_ren))
                elif style < 0.93:
                    length = loan_days * (1 + max_ren) + rng.randint(1, 2)
                else:
                    length = loan_days * (1 + max_ren) + rng.randint(3, 60)
                back = t + timedelta(days=length)
                renewals = min(max_ren, max(0, -(-(length - loan_days) // loan_days))) if length > loan_days else 0
                if style >= 0.80 and renewals:
                    renewals = rng.randint(0, renewals)  # late borrowers often never renewed
                if back >= TODAY:
                    final = True
                raw.append({"copy": copy, "ttl": ttl, "patron": patron, "out": t, "back": back,
                            "renewals": renewals, "loan_days": loan_days, "final": final})
                if final:
                    break
                t = back + timedelta(days=rng.randint(0, 6) if busy else rng.randint(3, 45))
        raw.sort(key=lambda r: (r["out"], r["copy"]["copy_id"]))
        # place heavy borrowers on final (active) loans first, the most recent ones first
        for r in sorted(raw, key=lambda r: (r["out"], r["copy"]["copy_id"]), reverse=True):
            if not r["final"]:
                continue
            for pid, target in heavy.items():
                p = self.patron[pid]
                if active[pid] < target and r["ttl"]["format"] != "dvd" and self.eligible(p, r["ttl"]) and \
                        r["ttl"]["min_age"] <= p["_age"]:
                    r["patron"] = p
                    break
            else:
                if r["ttl"]["format"] == "dvd" and dvds[dvd_heavy] < DVD_LIMIT and r["ttl"]["min_age"] <= 17:
                    r["patron"] = self.patron[dvd_heavy]
            pid = r["patron"]["patron_id"]
            limit = heavy.get(pid, CARD[r["patron"]["card_type"]][2] - 2)
            if active[pid] >= limit or (r["ttl"]["format"] == "dvd" and dvds[pid] >= DVD_LIMIT):
                # someone else with room
                for cand in patrons:
                    if cand["patron_id"] not in heavy and cand["patron_id"] != dvd_heavy and \
                            active[cand["patron_id"]] < 3 and self.eligible(cand, r["ttl"]) and \
                            not (r["ttl"]["format"] == "dvd" and dvds[cand["patron_id"]] >= 2):
                        r["patron"] = cand
                        break
                pid = r["patron"]["patron_id"]
            active[pid] += 1
            dvds[pid] += r["ttl"]["format"] == "dvd"
        self.heavy = heavy
        fees, n = [], 0
        for r in raw:
            n += 1
            loan_id = f"L-{500000 + n}"
            p, ttl, copy = r["patron"], r["ttl"], r["copy"]
            due = r["out"] + timedelta(days=r["loan_days"] * (1 + r["renewals"]))
            row = {"loan_id": loan_id, "copy_id": copy["copy_id"], "patron_id": p["patron_id"],
                   "branch_id": copy["branch_id"], "checked_out_on": r["out"], "due_date": due,
                   "renewals": r["renewals"], "status": "returned", "returned_on": r["back"],
                   "return_condition": "good", "_ttl": ttl}
            if r["final"]:
                row.update(status="active", returned_on=None, return_condition=None)
                copy["status"] = "on_loan"
                # long overdue active loans: a few are declared lost
                if (TODAY - due).days > 25 and rng.random() < 0.6:
                    row["status"] = "lost"
                    copy["status"] = "lost"
                    lost_on = due + timedelta(days=rng.randint(25, 35))
                    lost_on = min(lost_on, TODAY - timedelta(days=1))
                    fees.append(self.fee(p, row, "lost_item", f"Lost item replacement: {ttl['title']}",
                                         ttl["replacement_cost"], lost_on))
                    fees.append(self.fee(p, row, "processing", f"Lost item processing: {ttl['title']}",
                                         PROCESSING_FEE, lost_on))
            else:
                late = (r["back"] - due).days
                if late > GRACE_DAYS and not CARD[p["card_type"]][6]:
                    fmt = FMT[ttl["format"]]
                    amount = money(min(late * fmt[4], fmt[5]))
                    fees.append(self.fee(p, row, "overdue", f"Overdue fine: {ttl['title']} ({late} days late)", amount,
                                         r["back"]))
                if rng.random() < 0.012:
                    row["return_condition"] = "damaged"
                    fees.append(self.fee(p, row, "damage", f"Damaged item: {ttl['title']}",
                                         money(ttl["replacement_cost"] / 2), r["back"]))
            self.t["loans"].append(row)
        # a damaged return is the copy's last loan: the copy is withdrawn for repair
        last_loan: dict[str, dict[str, Any]] = {}
        for row in self.t["loans"]:
            last_loan[row["copy_id"]] = row
        for copy in self.t["copies"]:
            row = last_loan.get(copy["copy_id"])
            if row and row["status"] == "returned" and row["return_condition"] == "damaged":
                copy["status"] = "damaged"
        # other fees: card replacements and nonresident annual fees
        for p in self.t["patrons"]:
            if rng.random() < 0.05:
                fees.append(self.fee(p, None, "card_replacement", "Replacement library card", CARD_REPLACEMENT_FEE,
                                     TODAY - timedelta(days=rng.randint(5, 300))))
            if p["card_type"] == "nonresident":
                renewed = p["card_expires"] - timedelta(days=365)
                if renewed < TODAY:
                    fees.append(self.fee(p, None, "annual_card", "Nonresident card annual fee", 45.0, renewed,
                                         settle="paid"))
        self.settle(fees)

    def fee(self, p: dict[str, Any], loan: dict[str, Any] | None, kind: str, text: str, amount: float,
            on: date, settle: str | None = None) -> dict[str, Any]:
        return {"patron_id": p["patron_id"], "loan_id": loan["loan_id"] if loan else None, "kind": kind,
                "description": text, "amount": amount, "assessed_on": on, "_settle": settle, "_patron": p}

    def settle(self, fees: list[dict[str, Any]]) -> None:
        rng = self.rng
        fees.sort(key=lambda f: (f["assessed_on"], f["patron_id"], f["kind"]))
        payments: dict[tuple[str, date], list[dict[str, Any]]] = defaultdict(list)
        heavy = set(self.heavy)
        for i, f in enumerate(fees):
            f["fee_id"] = f"F-{80001 + i}"
            age = (TODAY - f["assessed_on"]).days
            status = f["_settle"] or ("open" if age < 20 else rng.choices(["paid", "open", "waived"], [70, 22, 8])[0])
            if f["kind"] in ("lost_item", "processing") and age < 60:
                status = "open"
            if f["_patron"]["patron_id"] in heavy:
                status = "paid"
            if status == "waived" and f["kind"] != "overdue":
                status = "paid"
            f["status"] = status
            f["settled_on"] = None
            f["payment_id"] = None
            if status == "paid":
                on = f["assessed_on"] if f["_settle"] else min(TODAY - timedelta(days=1),
                                                              f["assessed_on"] + timedelta(days=rng.randint(0, 30)))
                f["settled_on"] = on
                payments[(f["patron_id"], on)].append(f)
            elif status == "waived":
                f["settled_on"] = min(TODAY - timedelta(days=1), f["assessed_on"] + timedelta(days=rng.randint(1, 20)))
                p = f["_patron"]
                if p["last_waiver_on"] is None or p["last_waiver_on"] < f["settled_on"]:
                    p["last_waiver_on"] = f["settled_on"]
        for k, ((pid, on), group) in enumerate(sorted(payments.items())):
            pay_id = f"PAY-{60001 + k}"
            at = datetime.combine(on, time(rng.randint(9, 19), rng.choice([3, 11, 17, 26, 38, 44, 52])))
            self.t["payments"].append({"payment_id": pay_id, "patron_id": pid,
                                       "amount": money(sum(f["amount"] for f in group)),
                                       "method": rng.choices(["card", "cash"], [70, 30])[0], "paid_at": at})
            for f in group:
                f["payment_id"] = pay_id
        self.t["fees"] = fees

    # -- holds and transfers -------------------------------------------------------------------------------------

    def holds(self) -> None:
        rng = self.rng
        copies_of: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for c in self.t["copies"]:
            copies_of[c["title_id"]].append(c)
        active_of: dict[str, set[str]] = defaultdict(set)
        for ln in self.t["loans"]:
            if ln["status"] == "active":
                active_of[ln["patron_id"]].add(ln["_ttl"]["title_id"])
        holders: dict[str, set[str]] = defaultdict(set)
        count: dict[str, int] = defaultdict(int)
        good = [p for p in self.t["patrons"] if p["status"] == "active" and p["card_expires"] >= TODAY
                and p["patron_id"] not in self.heavy]
        open_branches = [b[0] for b in BRANCHES if b[7]]
        holds, transfers = [], []

        def holder(ttl: dict[str, Any]) -> dict[str, Any] | None:
            for _ in range(60):
                p = rng.choice(good)
                if (self.eligible(p, ttl) and ttl["title_id"] not in holders[p["patron_id"]]
                        and ttl["title_id"] not in active_of[p["patron_id"]]
                        and count[p["patron_id"]] < CARD[p["card_type"]][3] - 1):
                    holders[p["patron_id"]].add(ttl["title_id"])
                    count[p["patron_id"]] += 1
                    return p
            return None

        def pickup(p: dict[str, Any]) -> str:
            home = p["home_branch_id"]
            return home if home in open_branches and rng.random() < 0.8 else rng.choice(open_branches)

        titles = sorted(self.title.values(), key=lambda t: t["title_id"])
        # waiting queues on titles with no copy on the shelf
        for ttl in titles:
            cs = [c for c in copies_of[ttl["title_id"]] if c["collection"] == "circulating"]
            if not cs or any(c["status"] == "available" for c in cs):
                continue
            if not any(c["status"] == "on_loan" for c in cs) or rng.random() < 0.35:
                continue
            for _ in range(rng.choices([1, 2, 3, 4], [40, 30, 18, 12])[0]):
                p = holder(ttl)
                if p is None:
                    break
                holds.append({"patron_id": p["patron_id"], "title_id": ttl["title_id"], "pickup_branch_id": pickup(p),
                              "placed_at": NOW - timedelta(days=rng.randint(1, 40), hours=rng.randint(0, 12),
                                                           minutes=rng.randint(0, 59)),
                              "status": "waiting", "copy_id": None, "ready_on": None, "pickup_by": None,
                              "closed_on": None})
        # ready and in-transit holds on copies that came back
        avail = [c for c in self.t["copies"] if c["status"] == "available" and c["collection"] == "circulating"]
        rng.shuffle(avail)
        for c in avail[:70]:
            ttl = self.title[c["title_id"]]
            p = holder(ttl)
            if p is None:
                continue
            dest = pickup(p)
            ready = TODAY - timedelta(days=rng.randint(0, 6))
            h = {"patron_id": p["patron_id"], "title_id": ttl["title_id"], "pickup_branch_id": dest,
                 "placed_at": datetime.combine(ready - timedelta(days=rng.randint(2, 20)), time(rng.randint(9, 19),
                                                                                              rng.randint(0, 59))),
                 "status": "ready", "copy_id": c["copy_id"], "ready_on": ready, "pickup_by": ready + timedelta(days=7),
                 "closed_on": None}
            if dest != c["branch_id"] and rng.random() < 0.4:
                sent = TODAY - timedelta(days=rng.randint(0, 1))
                h.update(status="in_transit", ready_on=None, pickup_by=None)
                transfers.append({"copy_id": c["copy_id"], "from_branch_id": c["branch_id"], "to_branch_id": dest,
                                  "_hold": h, "sent_on": sent, "expected_on": sent + timedelta(days=2),
                                  "received_on": None, "status": "in_transit"})
                c["status"], c["branch_id"] = "in_transit", dest
            else:
                if dest != c["branch_id"]:
                    sent = ready - timedelta(days=2)
                    transfers.append({"copy_id": c["copy_id"], "from_branch_id": c["branch_id"], "to_branch_id": dest,
                                      "_hold": h, "sent_on": sent, "expected_on": ready, "received_on": ready,
                                      "status": "received"})
                    c["branch_id"] = dest
                c["status"] = "on_hold_shelf"
            holds.append(h)
        # closed holds of the past
        for _ in range(260):
            ttl = rng.choice(titles)
            p = rng.choice(self.t["patrons"])
            if not self.eligible(p, ttl):
                continue
            placed = NOW - timedelta(days=rng.randint(15, 110), hours=rng.randint(0, 10))
            status = rng.choices(["fulfilled", "cancelled", "expired"], [70, 18, 12])[0]
            closed = min(TODAY - timedelta(days=1), placed.date() + timedelta(days=rng.randint(3, 30)))
            cs = copies_of[ttl["title_id"]]
            h = {"patron_id": p["patron_id"], "title_id": ttl["title_id"], "pickup_branch_id": pickup(p),
                 "placed_at": placed, "status": status, "copy_id": rng.choice(cs)["copy_id"]
                 if status != "cancelled" else None,
                 "ready_on": closed - timedelta(days=7 if status == "expired" else rng.randint(0, 6))
                 if status != "cancelled" else None, "pickup_by": None, "closed_on": closed}
            if h["ready_on"]:
                h["ready_on"] = max(h["ready_on"], placed.date())
                h["pickup_by"] = h["ready_on"] + timedelta(days=7)
            holds.append(h)
        holds.sort(key=lambda h: (h["placed_at"], h["patron_id"]))
        for i, h in enumerate(holds):
            h["hold_id"] = f"H-{70001 + i}"
        self.t["holds"] = holds
        # past transfers that balanced the collection
        for _ in range(90):
            c = rng.choice(self.t["copies"])
            src = rng.choice([b[0] for b in BRANCHES if b[0] != c["branch_id"]])
            sent = TODAY - timedelta(days=rng.randint(10, 110))
            transfers.append({"copy_id": c["copy_id"], "from_branch_id": src, "to_branch_id": c["branch_id"],
                              "_hold": None, "sent_on": sent, "expected_on": sent + timedelta(days=2),
                              "received_on": sent + timedelta(days=rng.randint(1, 3)), "status": "received"})
        transfers.sort(key=lambda x: (x["sent_on"], x["copy_id"]))
        for i, x in enumerate(transfers):
            x["transfer_id"] = f"TR-{9001 + i}"
            x["hold_id"] = x["_hold"]["hold_id"] if x["_hold"] else None
        self.t["transfers"] = transfers

    # -- rooms ------------------------------------------------------------------------------------------------

    def bookings(self) -> None:
        rng = self.rng
        branch = {b[0]: b for b in BRANCHES}
        adults = [p for p in self.t["patrons"] if p["card_type"] in ("adult", "senior", "nonresident")]
        teens = [p for p in self.t["patrons"] if p["card_type"] == "teen"]
        upcoming: dict[str, int] = defaultdict(int)
        rows = []
        for room in ROOMS:
            b = branch[room[1]]
            day = TODAY - timedelta(days=45)
            while day <= TODAY + timedelta(days=30):
                closed = day.strftime("%a") in b[6].split(",")
                if not closed:
                    opens, closes = int(b[4][:2]), int(b[5][:2])
                    hour = opens
                    while hour < closes:
                        if rng.random() < 0.12:
                            hours = rng.randint(1, min(room[5], closes - hour))
                            start = datetime.combine(day, time(hour))
                            pool = adults + (teens if room[3] == "study" else [])
                            p = rng.choice(pool)
                            future = start > NOW
                            if future and upcoming[p["patron_id"]] >= 2:
                                hour += hours
                                continue
                            status = "booked" if future else rng.choices(["completed", "cancelled"], [88, 12])[0]
                            if future and rng.random() < 0.08:
                                status = "cancelled"
                            if status == "booked":
                                upcoming[p["patron_id"]] += 1
                            booked_at = start - timedelta(days=rng.randint(1, 20), hours=rng.randint(1, 9))
                            booked_at = min(booked_at, NOW - timedelta(hours=rng.randint(1, 30)))
                            rows.append({"room_id": room[0], "patron_id": p["patron_id"], "starts_at": start,
                                         "ends_at": start + timedelta(hours=hours),
                                         "attendees": rng.randint(1, room[4] if room[3] == "study" else room[4] - 4),
                                         "purpose": rng.choice(PURPOSES), "status": status, "booked_at": booked_at})
                            hour += hours
                        else:
                            hour += 1
                day += timedelta(days=rng.choice([1, 1, 2, 3]))
        rows.sort(key=lambda r: (r["booked_at"], r["room_id"]))
        for i, r in enumerate(rows):
            r["booking_id"] = f"RB-{4001 + i}"
        self.t["room_bookings"] = rows


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
    w.catalogue()
    w.patrons()
    w.loans()
    w.holds()
    w.bookings()
    return dict(w.t)


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the library environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    counts = write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))
    print(counts, sum(counts.values()))


if __name__ == "__main__":
    main()
