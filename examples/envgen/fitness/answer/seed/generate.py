"""Deterministic seed data for the fitness environment (the front desk of Ironbark Fitness).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Member and instructor names come from Faker, pinned to version 40.63.0
(``pip install "faker==40.63.0"``; another version draws other names), seeded with ``Faker.seed(0)``; everything
else comes from ``random.Random(0)``. Bookings follow the studio's rules: capacity, one place per member and
session, the plan's weekly class limit and peak hours; waitlists exist only on full sessions.
"""

from __future__ import annotations

import argparse
import csv
import random
from collections import defaultdict
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

NOW = datetime(2025, 3, 12, 8, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

PLANS = [("PLN-01", "Off-Peak Flex", "off_peak", "39.00", 3, False),
         ("PLN-02", "Standard Monthly", "standard", "69.00", 5, True),
         ("PLN-03", "Unlimited Plus", "unlimited", "119.00", 14, True),
         ("PLN-04", "Ten-Class Pack", "class_pack", "95.00", 2, True),
         ("PLN-05", "Off-Peak Plus", "off_peak", "49.00", 5, False),
         ("PLN-06", "Standard Starter", "standard", "55.00", 3, True)]
PLAN_WEIGHTS = [20, 30, 18, 10, 12, 10]
CLASS_TYPES = [("CLS-01", "Sunrise Vinyasa", "yoga", "moderate", 60),
               ("CLS-02", "Reformer Foundations", "pilates", "low", 45),
               ("CLS-03", "Rhythm Ride", "spin", "high", 45),
               ("CLS-04", "Tabata Burn", "hiit", "high", 30),
               ("CLS-05", "Barbell Basics", "strength", "moderate", 60),
               ("CLS-06", "Bag Work Rounds", "boxing", "high", 45),
               ("CLS-07", "Yin and Restore", "yoga", "low", 75),
               ("CLS-08", "Core and Mobility", "pilates", "moderate", 30)]
SPECIALTIES = ["yoga", "yoga", "pilates", "spin", "spin", "hiit", "strength", "boxing"]
ROOMS = {"spin": ("cycle_room", 6, 12), "yoga": ("studio_b", 8, 16), "pilates": ("studio_b", 6, 12),
         "hiit": ("studio_a", 10, 20), "strength": ("studio_a", 8, 14), "boxing": ("studio_a", 8, 16)}
WEEKDAY_TIMES = ["07:00", "09:30", "12:15", "17:30", "18:30", "19:30"]
WEEKEND_TIMES = ["08:30", "10:00", "11:30"]
TODAY_TIMES = ["07:00", "07:45", "08:30", "09:30", "12:15", "17:30", "18:30", "19:30"]
NOTES = ["First class here", "Recovering from a knee injury", "Pregnant, second trimester", "Lower back pain",
         "Bringing my own mat", "Shoulder mobility limited", "New to spin: please help set up the bike"]

COLUMNS: dict[str, list[str]] = {
    "membership_plans": ["plan_id", "name", "tier", "monthly_fee", "classes_per_week", "peak_hours"],
    "members": ["member_id", "first_name", "last_name", "email", "phone", "birth_date", "plan_id", "status",
                "joined_on"],
    "instructors": ["instructor_id", "first_name", "last_name", "specialty", "certified_since"],
    "class_types": ["class_type_id", "name", "category", "intensity", "duration_minutes"],
    "sessions": ["session_id", "class_type_id", "instructor_id", "room", "starts_at", "capacity", "status"],
    "bookings": ["booking_id", "member_id", "session_id", "status", "booked_at", "note"],
    "waitlist_entries": ["entry_id", "member_id", "session_id", "added_at"],
}


def is_peak(starts_at: datetime) -> bool:
    return starts_at.weekday() < 5 and (starts_at.hour < 9 or starts_at.hour >= 17)


def cell(value: Any) -> Any:
    """A CSV cell: NULL as empty, booleans as true/false, dates and times in ISO format."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return value


def build() -> dict[str, list[dict[str, Any]]]:
    rng = random.Random(0)
    Faker.seed(0)
    fake = Faker("en_US")
    out: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
    out["membership_plans"] = [dict(zip(COLUMNS["membership_plans"], p)) for p in PLANS]
    out["class_types"] = [dict(zip(COLUMNS["class_types"], c)) for c in CLASS_TYPES]
    for i, specialty in enumerate(SPECIALTIES, start=1):
        out["instructors"].append({"instructor_id": f"INS-{i:02d}", "first_name": fake.first_name(),
                                   "last_name": fake.last_name(), "specialty": specialty,
                                   "certified_since": TODAY - timedelta(days=rng.randint(200, 4000))})
    emails: set[str] = set()
    for i in range(1, 131):
        first, last = fake.first_name(), fake.last_name()
        email = f"{first.lower()}.{last.lower()}@{rng.choice(['example.net', 'example.org', 'example.com'])}"
        if email in emails:
            email = email.replace("@", f"{i}@")
        emails.add(email)
        out["members"].append({
            "member_id": f"MEM-{1000 + i}", "first_name": first, "last_name": last, "email": email,
            "phone": f"+1-503-555-{rng.randint(100, 9999):04d}",
            "birth_date": date(1960, 1, 1) + timedelta(days=rng.randint(0, 16000)),
            "plan_id": rng.choices([p[0] for p in PLANS], weights=PLAN_WEIGHTS)[0],
            "status": rng.choices(["active", "frozen", "cancelled"], weights=[78, 14, 8])[0],
            "joined_on": TODAY - timedelta(days=rng.randint(5, 900))})
    plans = {p[0]: p for p in PLANS}
    by_specialty = defaultdict(list)
    for ins in out["instructors"]:
        by_specialty[ins["specialty"]].append(ins["instructor_id"])
    weekly: dict[tuple[str, date], int] = defaultdict(int)
    n_session = n_booking = n_entry = 0
    for offset in range(-14, 15):
        day = TODAY + timedelta(days=offset)
        times = TODAY_TIMES if offset == 0 else WEEKDAY_TIMES if day.weekday() < 5 else WEEKEND_TIMES
        for hhmm in times:
            n_session += 1
            ct = rng.choice(CLASS_TYPES)
            room, lo, hi = ROOMS[ct[2]]
            starts = datetime.combine(day, time.fromisoformat(hhmm))
            past = starts < NOW - timedelta(hours=2)
            cancelled = rng.random() < 0.05
            session = {"session_id": f"SES-{2000 + n_session}", "class_type_id": ct[0],
                       "instructor_id": rng.choice(by_specialty[ct[2]]), "room": room, "starts_at": starts,
                       "capacity": rng.randint(lo, hi),
                       "status": "cancelled" if cancelled else "completed" if past else "scheduled"}
            out["sessions"].append(session)
            if cancelled:
                continue
            full = not past and rng.random() < 0.22
            target = session["capacity"] if full else int(session["capacity"] * rng.uniform(0.2, 0.9))
            week = day - timedelta(days=day.weekday())
            pool = [m for m in out["members"] if (m["status"] == "active" or (past and m["status"] == "frozen"))]
            rng.shuffle(pool)
            taken: set[str] = set()
            for m in pool:
                if len(taken) >= target:
                    break
                plan = plans[m["plan_id"]]
                if (is_peak(starts) and not plan[5]) or weekly[(m["member_id"], week)] >= plan[4]:
                    continue
                roll = rng.random()
                if starts <= NOW - timedelta(minutes=15):
                    status = "checked_in" if roll < 0.86 else "no_show" if roll < 0.95 else "cancelled"
                elif starts <= NOW:
                    status = "checked_in" if roll < 0.6 else "booked"
                else:
                    status = "booked" if roll < 0.93 else "cancelled"
                n_booking += 1
                booked_at = min(NOW - timedelta(minutes=rng.randint(30, 600)),
                                starts - timedelta(hours=rng.randint(3, 240)))
                out["bookings"].append({"booking_id": f"BKG-{30000 + n_booking}", "member_id": m["member_id"],
                                        "session_id": session["session_id"], "status": status,
                                        "booked_at": booked_at.replace(second=0),
                                        "note": rng.choice(NOTES) if rng.random() < 0.1 else None})
                if status != "cancelled":
                    taken.add(m["member_id"])
                    weekly[(m["member_id"], week)] += 1
            if full and len(taken) >= session["capacity"]:
                waiting = [m for m in pool if m["member_id"] not in taken and m["status"] == "active" and
                           (plans[m["plan_id"]][5] or not is_peak(starts))]
                for m in waiting[: rng.randint(1, 3)]:
                    n_entry += 1
                    out["waitlist_entries"].append({
                        "entry_id": f"WL-{4000 + n_entry}", "member_id": m["member_id"],
                        "session_id": session["session_id"],
                        "added_at": (NOW - timedelta(minutes=rng.randint(60, 7000))).replace(second=0)})
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    tables = build()
    for table, columns in COLUMNS.items():
        with (args.out / f"{table}.csv").open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows({c: cell(row[c]) for c in columns} for row in tables[table])


if __name__ == "__main__":
    main()
