"""Deterministic seed data for the payroll environment (Cedar & Finch Provisions, HR and payroll service desk).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Names come from Faker (pinned 40.63.0, seeded); everything else from ``random.Random(SEED)``.
The data follows the rules of ``tools.py``: biweekly pay periods locking at 17:00 on the Tuesday before the Friday
pay date, time-off hours counted on working days, coverage levels that match the dependents on file, valid ABA
routing numbers, expense claims inside their category's limits.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import write_seed

SEED = 20260318
NOW = datetime(2026, 3, 18, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent

DEPARTMENTS = [  # (id, name, cost center, location, hourly?, titles)
    ("D-10", "Warehouse Operations", "CC-4100", "Groveport Distribution Center, OH", True,
     ["Warehouse Associate", "Forklift Operator", "Inventory Clerk", "Shift Lead", "Receiving Coordinator"]),
    ("D-20", "Transportation", "CC-4200", "Groveport Distribution Center, OH", True,
     ["Delivery Driver", "Route Planner", "Fleet Technician", "Dispatch Coordinator"]),
    ("D-30", "Sales", "CC-5100", "Columbus Headquarters, OH", False,
     ["Account Executive", "Territory Sales Manager", "Sales Analyst", "Key Account Manager"]),
    ("D-40", "Customer Service", "CC-5200", "Columbus Headquarters, OH", True,
     ["Customer Service Representative", "Order Desk Specialist", "Service Team Lead"]),
    ("D-50", "Finance", "CC-6100", "Columbus Headquarters, OH", False,
     ["Staff Accountant", "Payroll Specialist", "Accounts Payable Clerk", "Financial Analyst", "Controller"]),
    ("D-60", "People & Culture", "CC-6200", "Columbus Headquarters, OH", False,
     ["HR Generalist", "Benefits Coordinator", "HR Business Partner"]),
    ("D-70", "Information Technology", "CC-6300", "Columbus Headquarters, OH", False,
     ["Systems Administrator", "Help Desk Technician", "ERP Analyst", "Software Developer"]),
    ("D-80", "Procurement", "CC-4300", "Fort Wayne Branch, IN", False,
     ["Buyer", "Category Manager", "Purchasing Assistant"]),
    ("D-90", "Quality Assurance", "CC-4400", "Erie Cold Storage, PA", True,
     ["QA Technician", "Food Safety Specialist", "Sanitation Lead"]),
]
DEPT_STATE = {"D-80": "IN", "D-90": "PA"}
STATE_TAX_PCT = {"OH": 2.75, "IN": 3.05, "PA": 3.07}
FEDERAL_PCT = {"single": 12.0, "married_jointly": 9.0, "head_of_household": 10.0}

HOLIDAYS = [
    (date(2025, 11, 27), "Thanksgiving Day"), (date(2025, 11, 28), "Day after Thanksgiving"),
    (date(2025, 12, 24), "Christmas Eve"), (date(2025, 12, 25), "Christmas Day"),
    (date(2026, 1, 1), "New Year's Day"), (date(2026, 1, 19), "Martin Luther King Jr. Day"),
    (date(2026, 2, 16), "Presidents' Day"), (date(2026, 4, 3), "Good Friday"),
    (date(2026, 5, 25), "Memorial Day"), (date(2026, 6, 19), "Juneteenth"),
    (date(2026, 7, 3), "Independence Day (observed)"), (date(2026, 9, 7), "Labor Day"),
    (date(2026, 11, 26), "Thanksgiving Day"), (date(2026, 11, 27), "Day after Thanksgiving"),
    (date(2026, 12, 24), "Christmas Eve"), (date(2026, 12, 25), "Christmas Day"),
]
BLACKOUTS = [  # (department, first day, last day, reason)
    ("D-10", date(2025, 11, 17), date(2025, 12, 31), "Holiday peak season"),
    ("D-10", date(2026, 4, 13), date(2026, 4, 17), "Spring physical inventory count"),
    ("D-10", date(2026, 11, 16), date(2026, 12, 31), "Holiday peak season"),
    ("D-20", date(2026, 5, 18), date(2026, 5, 29), "Memorial Day delivery surge"),
    ("D-20", date(2026, 11, 16), date(2026, 12, 23), "Holiday peak season"),
    ("D-30", date(2026, 4, 20), date(2026, 4, 24), "Annual sales conference"),
    ("D-40", date(2026, 11, 23), date(2026, 12, 4), "Holiday order rush"),
    ("D-50", date(2026, 1, 5), date(2026, 1, 16), "Year-end close"),
    ("D-50", date(2026, 3, 30), date(2026, 4, 10), "First-quarter close"),
    ("D-50", date(2026, 6, 29), date(2026, 7, 10), "Second-quarter close"),
    ("D-60", date(2026, 11, 2), date(2026, 11, 20), "Open enrollment"),
    ("D-70", date(2026, 4, 6), date(2026, 4, 12), "ERP system cutover"),
    ("D-80", date(2026, 6, 1), date(2026, 6, 12), "Supplier contract renewals"),
    ("D-90", date(2026, 5, 4), date(2026, 5, 8), "Annual food safety audit"),
    ("D-90", date(2026, 3, 23), date(2026, 3, 27), "Cold storage recertification"),
]
PLANS = [  # (id, kind, name, carrier, employee, +spouse, +children, family, deductible)
    ("MED-PPO", "medical", "Meridian PPO 500", "Meridian Health", 96.50, 221.40, 184.75, 318.20, 500.0),
    ("MED-HDHP", "medical", "Meridian HDHP 2800 with HSA", "Meridian Health", 41.25, 112.80, 94.60, 168.90, 2800.0),
    ("MED-HMO", "medical", "Lakeview Care HMO", "Lakeview Care", 68.00, 160.50, 138.25, 236.40, 1000.0),
    ("DEN-BASIC", "dental", "Brightsmile Dental Basic", "Brightsmile", 8.40, 17.90, 19.60, 28.75, 50.0),
    ("DEN-PLUS", "dental", "Brightsmile Dental Plus", "Brightsmile", 14.60, 30.20, 33.10, 47.85, 50.0),
    ("VIS-CORE", "vision", "ClearView Vision Core", "ClearView", 3.10, 6.05, 6.60, 9.45, 0.0),
    ("VIS-PLUS", "vision", "ClearView Vision Plus", "ClearView", 5.75, 11.20, 12.40, 17.30, 0.0),
]
LEVEL_COST = {"employee": 4, "employee_spouse": 5, "employee_children": 6, "family": 7}
CATEGORIES = [  # (category, name, per-claim limit, receipt over, submit within days, annual cap)
    ("meals", "Business meals", 75.0, 25.0, 60, None),
    ("lodging", "Lodging", 250.0, 0.0, 60, None),
    ("ground_transport", "Taxi, rideshare, parking and tolls", 150.0, 25.0, 60, None),
    ("mileage", "Personal-car mileage", 400.0, 400.0, 60, None),
    ("office_supplies", "Office supplies", 100.0, 25.0, 60, None),
    ("training", "Training and certification", 1500.0, 0.0, 90, 2500.0),
    ("cell_phone", "Work use of a personal cell phone", 50.0, 0.0, 45, 600.0),
]
PURPOSES = [  # business purposes of expense claims (any category fits)
    "Kroger account review in Cincinnati", "Supplier visit in Fort Wayne", "Quarterly business review in Dayton",
    "Food safety conference in Columbus", "Route audit in Toledo", "Trade show in Chicago",
    "Erie cold storage inspection", "Customer onboarding in Pittsburgh", "Regional sales meeting in Indianapolis",
    "ERP training in Columbus", "New store opening in Akron", "Distributor summit in Louisville",
]
BANKS = ["Buckeye Community Bank", "Great Lakes Federal Credit Union", "Ohio Valley Savings", "First Keystone Bank",
         "Hoosier State Trust", "Prairie National Bank", "Scioto Valley Credit Union", "Allegheny Commerce Bank"]
BANK_CITY = ["Columbus, OH", "Toledo, OH", "Marietta, OH", "Erie, PA", "Fort Wayne, IN", "Lafayette, IN",
             "Chillicothe, OH", "Pittsburgh, PA"]


def money(x: float) -> float:
    return round(x + 1e-9 if x >= 0 else x - 1e-9, 2)


def aba(prefix8: str) -> str:
    """The nine-digit routing number whose last digit makes the ABA checksum (3-7-1 weights) divisible by 10."""
    d = [int(c) for c in prefix8]
    partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5])
    return prefix8 + str((10 - partial % 10) % 10)


BANK_ROUTING = {name: aba(p) for name, p in zip(BANKS, ["04410541", "04120791", "04200382", "03130694",
                                                          "07490152", "07100633", "04411262", "04300185"])}


def pay_dates() -> list[date]:
    first = date(2025, 10, 3)
    return [first + timedelta(days=14 * k) for k in range(26)]  # through 2026-09-04


def lock_of(pay: date) -> datetime:
    return datetime.combine(pay - timedelta(days=3), time(17, 0))


def first_pay_after(moment: datetime) -> date:
    """The first pay date whose payroll has not locked at ``moment`` (the direct-deposit and tax cut-off)."""
    anchor = date(2026, 1, 9)  # pay dates are every other Friday from this one, both ways
    pay = anchor + timedelta(days=14 * -((anchor - moment.date()).days // 14))
    while lock_of(pay) <= moment:
        pay += timedelta(days=14)
    while lock_of(pay - timedelta(days=14)) > moment:
        pay -= timedelta(days=14)
    return pay


def workdays(start: date, end: date, holidays: set[date]) -> int:
    n, d = 0, start
    while d <= end:
        if d.weekday() < 5 and d not in holidays:
            n += 1
        d += timedelta(days=1)
    return n


def years_between(a: date, b: date) -> int:
    return b.year - a.year - ((b.month, b.day) < (a.month, a.day))


def vacation_accrual(hire: date, weekly: int) -> tuple[float, float]:
    years = years_between(hire, TODAY)
    per_year = 80 if years < 2 else 120 if years < 5 else 160
    share = weekly / 40
    return money(per_year / 26 * share), money(per_year * 1.5 * share)


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


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(0)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = {k: [] for k in (
            "departments", "employees", "pay_periods", "pay_stubs", "holidays", "time_off_balances",
            "time_off_requests", "blackout_periods", "benefit_plans", "benefit_enrollments", "dependents",
            "life_events", "banks", "deposit_accounts", "expense_categories", "expense_claims", "tax_elections")}
        self.holidays = {d for d, _ in HOLIDAYS}

    # -- static tables -----------------------------------------------------------------------------------------
    def static(self) -> None:
        for dep in DEPARTMENTS:
            self.t["departments"].append({"department_id": dep[0], "name": dep[1], "cost_center": dep[2],
                                          "location": dep[3], "manager_name": self.fake.name()})
        for pay in pay_dates():
            year_index = (pay.timetuple().tm_yday - 1) // 14 + 1
            self.t["pay_periods"].append({"period_id": f"PP-{pay.year}-{year_index:02d}",
                                          "start_date": pay - timedelta(days=18), "end_date": pay - timedelta(days=5),
                                          "pay_date": pay, "lock_at": lock_of(pay)})
        self.t["holidays"] = [{"holiday_date": d, "name": n} for d, n in HOLIDAYS]
        self.t["blackout_periods"] = [{"blackout_id": f"BO-{i:02d}", "department_id": b[0], "start_date": b[1],
                                       "end_date": b[2], "reason": b[3]} for i, b in enumerate(BLACKOUTS, 1)]
        self.t["benefit_plans"] = [{"plan_id": p[0], "kind": p[1], "name": p[2], "carrier": p[3],
                                    "cost_employee": p[4], "cost_employee_spouse": p[5],
                                    "cost_employee_children": p[6], "cost_family": p[7], "deductible": p[8]}
                                   for p in PLANS]
        self.t["banks"] = [{"bank_code": f"BK-{i:02d}", "routing_number": BANK_ROUTING[b], "bank_name": b, "city": c}
                           for i, (b, c) in enumerate(zip(BANKS, BANK_CITY), 1)]
        self.t["expense_categories"] = [{"category": c[0], "name": c[1], "per_claim_limit": c[2],
                                         "receipt_over": c[3], "submit_within_days": c[4], "annual_cap": c[5]}
                                        for c in CATEGORIES]

    # -- people ------------------------------------------------------------------------------------------------
    def employees(self) -> None:
        rng, fake = self.rng, self.fake
        names_seen: dict[str, int] = {}
        twins = {40: 12, 95: 61, 150: 133}  # these employees share the full name of an earlier one
        rows = []
        for i in range(200):
            dep = rng.choices(DEPARTMENTS, [50, 28, 18, 20, 12, 6, 10, 8, 14])[0]
            if i in twins:
                first, last = rows[twins[i]]["first_name"], rows[twins[i]]["last_name"]
            else:
                first, last = fake.first_name(), fake.last_name()
            kind = rng.choices(["full_time", "part_time", "seasonal"], [76, 15, 9])[0]
            if i < 6:  # the newest hires: still inside their 30-day benefits window
                hire = TODAY - timedelta(days=rng.randint(3, 27))
                kind = "full_time"
            elif kind == "seasonal":
                hire = TODAY - timedelta(days=rng.randint(20, 150))
            else:
                hire = TODAY - timedelta(days=int(rng.triangular(60, 6500, 900)))
            hourly = dep[4] or kind != "full_time"
            weekly = 40 if kind == "full_time" else rng.choice([20, 24, 30]) if kind == "part_time" else \
                rng.choice([32, 40])
            key = f"{first}.{last}".lower().replace("'", "").replace(" ", "")
            names_seen[key] = names_seen.get(key, 0) + 1
            email = f"{key}{names_seen[key] if names_seen[key] > 1 else ''}@cedarfinch.com"
            status, term = "active", None
            roll = rng.random()
            if i >= 6 and roll < 0.05:
                status, term = "terminated", TODAY - timedelta(days=rng.randint(10, 120))
                if term <= hire + timedelta(days=30):
                    status, term = "active", None
            elif i >= 6 and roll < 0.075:
                status = "on_leave"
            age = rng.randint(19, 64)
            dob = date(TODAY.year - age, rng.randint(1, 12), rng.randint(1, 28))
            if dob > hire - timedelta(days=365 * 18):
                dob = date(hire.year - 19 - rng.randint(0, 20), dob.month, dob.day)
            rows.append({
                "employee_id": f"E-{10001 + i}", "first_name": first, "last_name": last, "date_of_birth": dob,
                "work_email": email, "department_id": dep[0], "job_title": rng.choice(dep[5]),
                "employment_type": kind, "pay_type": "hourly" if hourly else "salaried",
                "annual_salary": None if hourly else float(rng.randrange(52000, 146000, 500)),
                "hourly_rate": money(rng.uniform(16.5, 31.5)) if hourly else None, "weekly_hours": weekly,
                "hire_date": hire, "status": status, "termination_date": term,
                "work_state": DEPT_STATE.get(dep[0], "OH"),
                "_401k": rng.choice([0, 0, 3, 4, 5, 6, 8]) if kind != "seasonal" else 0})
        self.t["employees"] = rows
        self.emp = {e["employee_id"]: e for e in rows}

    def dependents_and_events(self) -> None:
        rng, fake = self.rng, self.fake
        deps, events = [], []
        self.deps: dict[str, list[dict[str, Any]]] = {}
        for e in self.t["employees"]:
            age = years_between(e["date_of_birth"], TODAY)
            mine: list[dict[str, Any]] = []
            if age >= 24 and rng.random() < 0.5:
                rel = "spouse" if rng.random() < 0.85 else "domestic_partner"
                sdob = e["date_of_birth"] + timedelta(days=rng.randint(-1800, 1800))
                mine.append({"employee_id": e["employee_id"], "given_name": fake.first_name(),
                             "family_name": e["last_name"] if rel == "spouse" else fake.last_name(),
                             "relationship": rel, "birth_date": sdob})
            if age >= 25 and rng.random() < 0.45:
                for _ in range(rng.choice([1, 1, 2, 2, 3])):
                    oldest = min(age - 20, 29)
                    cdob = TODAY - timedelta(days=rng.randint(200, max(400, oldest * 365)))
                    mine.append({"employee_id": e["employee_id"], "given_name": fake.first_name(),
                                 "family_name": e["last_name"], "relationship": "child", "birth_date": cdob})
            for d in mine:
                d["added_at"] = datetime.combine(max(e["hire_date"], d["birth_date"]) + timedelta(
                    days=rng.randint(1, 20)), time(rng.randint(8, 16), rng.randint(0, 59)))
                if d["added_at"] >= NOW:
                    d["added_at"] = NOW - timedelta(days=1, hours=rng.randint(1, 20))
            self.deps[e["employee_id"]] = mine
            deps.extend(mine)
        # Life events: older ones (window closed) and a few recent ones (window open, some not yet acted on).
        pool = [e for e in self.t["employees"] if e["status"] == "active" and e["employment_type"] != "seasonal"
                and e["hire_date"] < TODAY - timedelta(days=120)]
        rng.shuffle(pool)
        for k, e in enumerate(pool[:46]):
            recent = k < 16
            kind = rng.choice(["marriage", "birth", "adoption", "divorce", "loss_of_other_coverage"] if not recent
                              else ["marriage", "birth", "birth", "loss_of_other_coverage", "adoption"])
            when = TODAY - timedelta(days=rng.randint(2, 24) if recent else rng.randint(45, 400))
            reported = datetime.combine(when + timedelta(days=rng.randint(1, 12)), time(rng.randint(8, 17),
                                                                                        rng.randint(0, 59)))
            if reported >= NOW:
                reported = NOW - timedelta(hours=rng.randint(2, 30))
            events.append({"employee_id": e["employee_id"], "event_type": kind, "event_date": when,
                           "reported_at": reported, "_recent": recent})
            mine = self.deps[e["employee_id"]]
            if kind in ("birth", "adoption") and not recent:
                child = {"employee_id": e["employee_id"], "given_name": fake.first_name(),
                         "family_name": e["last_name"], "relationship": "child",
                         "birth_date": when if kind == "birth" else when - timedelta(days=rng.randint(300, 2000)),
                         "added_at": reported}
                mine.append(child)
                deps.append(child)
            if kind == "marriage" and not recent and not any(d["relationship"] != "child" for d in mine):
                sp = {"employee_id": e["employee_id"], "given_name": fake.first_name(), "family_name": e["last_name"],
                      "relationship": "spouse", "birth_date": e["date_of_birth"] + timedelta(
                          days=rng.randint(-1500, 1500)), "added_at": reported}
                mine.append(sp)
                deps.append(sp)
        deps.sort(key=lambda d: (d["added_at"], d["employee_id"]))
        for i, d in enumerate(deps):
            d["dependent_id"] = f"DEP-{3001 + i}"
        events.sort(key=lambda v: (v["reported_at"], v["employee_id"]))
        for i, v in enumerate(events):
            v["event_id"] = f"LE-{401 + i:04d}"
        self.t["dependents"], self.t["life_events"] = deps, events

    # -- benefits ----------------------------------------------------------------------------------------------
    def level_for(self, eid: str) -> str:
        mine = self.deps[eid]
        partner = any(d["relationship"] != "child" for d in mine)
        kids = any(d["relationship"] == "child" and years_between(d["birth_date"], TODAY) < 26 for d in mine)
        options = ["employee"]
        if partner:
            options.append("employee_spouse")
        if kids:
            options.append("employee_children")
        if partner and kids:
            options.append("family")
        return self.rng.choice(options[-2:] if len(options) > 1 else options)

    def benefits(self) -> None:
        rng = self.rng
        rows = []
        for e in self.t["employees"]:
            if e["employment_type"] == "seasonal" or e["hire_date"] > TODAY - timedelta(days=28):
                continue
            start = max(date(2026, 1, 1), first_of_next_month(e["hire_date"]))
            end = None
            if e["status"] == "terminated":
                end = last_of_month(e["termination_date"])
            for kind, share in (("medical", 0.8), ("dental", 0.68), ("vision", 0.52)):
                if kind == "medical" and e["weekly_hours"] < 30:
                    continue
                if rng.random() > share:
                    continue
                plans = [p for p in PLANS if p[1] == kind]
                plan = rng.choice(plans)
                level = self.level_for(e["employee_id"])
                rows.append({"employee_id": e["employee_id"], "plan_id": plan[0], "coverage_level": level,
                             "start_date": start, "end_date": end, "per_paycheck_cost": plan[LEVEL_COST[level]]})
                if e["hire_date"] < date(2025, 1, 1) and rng.random() < 0.35:  # last year's plan, changed in the fall
                    old = rng.choice(plans)
                    rows.append({"employee_id": e["employee_id"], "plan_id": old[0], "coverage_level": "employee",
                                 "start_date": max(date(2025, 1, 1), first_of_next_month(e["hire_date"])),
                                 "end_date": date(2025, 12, 31), "per_paycheck_cost": old[4]})
        rows.sort(key=lambda r: (r["start_date"], r["employee_id"], r["plan_id"]))
        for i, r in enumerate(rows):
            r["enrollment_id"] = f"BEN-{20001 + i}"
        self.t["benefit_enrollments"] = rows

    # -- time off ----------------------------------------------------------------------------------------------
    def time_off(self) -> None:
        rng = self.rng
        balances, requests = [], []
        blackout = {}
        for b in BLACKOUTS:
            blackout.setdefault(b[0], []).append((b[1], b[2]))
        for e in self.t["employees"]:
            if e["status"] == "terminated":
                continue
            share = e["weekly_hours"] / 40
            daily = e["weekly_hours"] / 5
            types = ["sick"] if e["employment_type"] == "seasonal" else ["vacation", "sick", "personal"]
            committed = {t: 0.0 for t in types}
            busy: list[tuple[date, date]] = []
            n_req = rng.choice([0, 1, 2, 2, 3, 4]) if e["hire_date"] < TODAY - timedelta(days=40) else 0
            for _ in range(n_req):
                lt = rng.choices(types, [60, 25, 15][:len(types)] if len(types) == 3 else [1])[0]
                future = rng.random() < 0.5
                if future:
                    start = TODAY + timedelta(days=rng.randint(1 if lt == "sick" else 9, 120))
                else:
                    start = TODAY - timedelta(days=rng.randint(3, 160))
                    if start < e["hire_date"] + timedelta(days=30):
                        continue
                while start.weekday() >= 5 or start in self.holidays:
                    start += timedelta(days=1)
                length = rng.choices([1, 1, 2, 3, 5, 5, 10], k=1)[0] if lt == "vacation" else rng.choice([1, 1, 2])
                end, n = start, 1
                while n < length:
                    end += timedelta(days=1)
                    if end.weekday() < 5 and end not in self.holidays:
                        n += 1
                if future and lt != "sick" and any(a <= end and start <= b for a, b in
                                                   blackout.get(e["department_id"], [])):
                    continue
                if any(a <= end and start <= b for a, b in busy) or (not future and end >= TODAY):
                    continue
                hours = money(workdays(start, end, self.holidays) * daily)
                submitted = datetime.combine(start - timedelta(days=rng.randint(2 if lt == "sick" else 10, 40)),
                                             time(rng.randint(7, 18), rng.randint(0, 59)))
                if submitted >= NOW:
                    submitted = NOW - timedelta(days=rng.randint(1, 6), hours=rng.randint(1, 9))
                if future:
                    status = rng.choices(["approved", "pending", "denied", "cancelled"], [55, 30, 7, 8])[0]
                else:
                    status = rng.choices(["taken", "denied", "cancelled"], [84, 8, 8])[0]
                decided = None if status == "pending" else min(submitted + timedelta(days=rng.randint(1, 4)),
                                                               NOW - timedelta(hours=2))
                busy.append((start, end))
                if status in ("approved", "pending"):
                    committed[lt] += hours
                requests.append({"employee_id": e["employee_id"], "leave_type": lt, "start_date": start,
                                 "end_date": end, "hours": hours, "status": status, "submitted_at": submitted,
                                 "decided_at": decided})
            for lt in types:
                if lt == "vacation":
                    accrual, cap = vacation_accrual(e["hire_date"], e["weekly_hours"])
                elif lt == "sick":
                    accrual, cap = (money(40 / 26 * share), money(80 * share)) if e["employment_type"] != "seasonal" \
                        else (2.46, 40.0)
                else:
                    accrual, cap = 0.0, money(16 * share)
                low = committed[lt]
                bal = money(min(cap, low + rng.uniform(0, cap)))
                bal = money(round(bal * 4) / 4)
                if bal < low:
                    bal = money(low)
                if e["hire_date"] > TODAY - timedelta(days=30):
                    bal = money(accrual if lt != "personal" else cap)
                balances.append({"employee_id": e["employee_id"], "leave_type": lt, "balance_hours": bal,
                                 "accrual_per_period": accrual, "max_balance": cap})
        for i, b in enumerate(balances):
            b["balance_id"] = f"TB-{i + 1:04d}"
        requests.sort(key=lambda r: (r["submitted_at"], r["employee_id"]))
        for i, r in enumerate(requests):
            r["request_id"] = f"TO-{5001 + i}"
        self.t["time_off_balances"], self.t["time_off_requests"] = balances, requests
        self.taken = [r for r in requests if r["status"] == "taken"]

    # -- money -------------------------------------------------------------------------------------------------
    def deposits_and_tax(self) -> None:
        rng = self.rng
        accounts, tax = [], []
        for e in self.t["employees"]:
            added = datetime.combine(e["hire_date"] + timedelta(days=rng.randint(0, 4)), time(rng.randint(8, 17),
                                                                                              rng.randint(0, 59)))
            if added >= NOW:
                added = NOW - timedelta(hours=rng.randint(2, 40))
            bank = rng.choice(BANKS)
            if e["hire_date"] < date(2024, 6, 1) and rng.random() < 0.2:  # switched banks once
                old_bank = rng.choice([b for b in BANKS if b != bank])
                switched = datetime.combine(date(2024, 6, 1) + timedelta(days=rng.randint(0, 600)),
                                            time(rng.randint(8, 17), rng.randint(0, 59)))
                accounts.append(self.account(e, old_bank, "checking", "remainder", None, added, "removed", switched))
                added = switched
            accounts.append(self.account(e, bank, "checking", "remainder", None, added, "active", None))
            if rng.random() < 0.35:
                when = max(added + timedelta(days=rng.randint(5, 400)), added)
                if when >= NOW:
                    when = NOW - timedelta(days=rng.randint(1, 20))
                split_bank = bank if rng.random() < 0.6 else rng.choice(BANKS)
                if rng.random() < 0.55:
                    accounts.append(self.account(e, split_bank, "savings", "fixed",
                                                 float(rng.choice([25, 50, 75, 100, 150, 200, 250])), when, "active",
                                                 None))
                else:
                    accounts.append(self.account(e, split_bank, "savings", "percent",
                                                 float(rng.choice([5, 10, 10, 15, 20])), when, "active", None))
            kids = sum(1 for d in self.deps[e["employee_id"]] if d["relationship"] == "child"
                       and years_between(d["birth_date"], TODAY) < 17)
            others = sum(1 for d in self.deps[e["employee_id"]] if d["relationship"] == "child"
                         and years_between(d["birth_date"], TODAY) >= 17)
            partner = any(d["relationship"] != "child" for d in self.deps[e["employee_id"]])
            status = "married_jointly" if partner and rng.random() < 0.85 else \
                "head_of_household" if kids and rng.random() < 0.7 else "single"
            credit = float(2000 * kids + 500 * others) if rng.random() < 0.8 else float(2000 * max(0, kids - 1))
            extra = float(rng.choice([0, 0, 0, 0, 0, 0, 20, 25, 40, 50, 100]))
            updated = datetime.combine(e["hire_date"], time(9, 30))
            if rng.random() < 0.2 and e["hire_date"] < date(2025, 10, 1):
                updated = datetime.combine(date(2025, 10, 1) + timedelta(days=rng.randint(0, 160)),
                                           time(rng.randint(8, 17), rng.randint(0, 59)))
            if updated >= NOW:
                updated = NOW - timedelta(days=2)
            tax.append({"employee_id": e["employee_id"], "filing_status": status, "dependents_credit": credit,
                        "extra_withholding": extra, "updated_at": updated,
                        "first_pay_date": first_pay_after(updated)})
        accounts.sort(key=lambda a: (a["added_at"], a["employee_id"]))
        for i, a in enumerate(accounts):
            a["account_id"] = f"DD-{7001 + i}"
        self.t["deposit_accounts"], self.t["tax_elections"] = accounts, tax

    def account(self, e: dict[str, Any], bank: str, kind: str, alloc: str, value: float | None, added: datetime,
                status: str, removed: datetime | None) -> dict[str, Any]:
        return {"employee_id": e["employee_id"], "bank_name": bank, "routing_number": BANK_ROUTING[bank],
                "account_last4": f"{self.rng.randint(0, 9999):04d}", "account_type": kind, "allocation_type": alloc,
                "allocation_value": value, "status": status, "added_at": added,
                "first_pay_date": first_pay_after(added), "removed_at": removed}

    def expenses(self) -> None:
        rng = self.rng
        claims = []
        travellers = [e for e in self.t["employees"] if e["status"] != "terminated" and e["department_id"] in
                      ("D-20", "D-30", "D-50", "D-60", "D-70", "D-80", "D-90")]
        paid_dates = [p for p in pay_dates() if p < TODAY]
        for e in travellers:
            for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
                cat = rng.choices(CATEGORIES, [30, 12, 18, 14, 10, 6, 10])[0]
                when = TODAY - timedelta(days=rng.randint(1, 150))
                if when < e["hire_date"]:
                    continue
                limit = cat[2]
                amount = money(rng.uniform(8, limit * 0.95)) if cat[0] != "mileage" else \
                    money(rng.randint(12, 540) * 0.70)
                if cat[0] == "cell_phone":
                    amount = 50.0
                has_receipt = amount <= cat[3] and rng.random() < 0.4 or amount > cat[3] or cat[3] == 0
                submitted = datetime.combine(when + timedelta(days=rng.randint(0, 20)), time(rng.randint(7, 19),
                                                                                          rng.randint(0, 59)))
                if submitted >= NOW:
                    submitted = NOW - timedelta(hours=rng.randint(1, 60))
                age = (TODAY - submitted.date()).days
                if age > 16:
                    status = rng.choices(["paid", "rejected", "withdrawn"], [86, 8, 6])[0]
                elif age > 5:
                    status = rng.choices(["approved", "submitted", "rejected"], [55, 35, 10])[0]
                else:
                    status = rng.choices(["submitted", "withdrawn"], [92, 8])[0]
                paid_on = None
                if status == "paid":
                    paid_on = next((p for p in paid_dates if lock_of(p) > submitted + timedelta(days=5)), None)
                    if paid_on is None:
                        status = "approved"
                if status == "approved":
                    paid_on = None
                claims.append({"employee_id": e["employee_id"], "category": cat[0], "expense_date": when,
                               "amount": amount, "has_receipt": bool(has_receipt),
                               "purpose": rng.choice(PURPOSES), "status": status,
                               "submitted_at": submitted, "paid_on": paid_on})
        claims.sort(key=lambda c: (c["submitted_at"], c["employee_id"]))
        for i, c in enumerate(claims):
            c["claim_id"] = f"EXP-{8001 + i}"
        self.t["expense_claims"] = claims

    def stubs(self) -> None:
        rng = self.rng
        stubs = []
        tax = {t["employee_id"]: t for t in self.t["tax_elections"]}
        for period in self.t["pay_periods"]:
            pay = period["pay_date"]
            if pay >= TODAY:
                continue
            for e in self.t["employees"]:
                if e["hire_date"] > period["end_date"] - timedelta(days=3):
                    continue
                if e["termination_date"] and e["termination_date"] < period["start_date"]:
                    continue
                leave = sum(workdays(max(r["start_date"], period["start_date"]), min(r["end_date"], period["end_date"]),
                                     self.holidays) * e["weekly_hours"] / 5
                            for r in self.taken if r["employee_id"] == e["employee_id"]
                            and r["start_date"] <= period["end_date"] and r["end_date"] >= period["start_date"])
                scheduled = e["weekly_hours"] * 2
                if e["pay_type"] == "salaried":
                    reg, ot = scheduled - leave, 0.0
                    gross = money(e["annual_salary"] / 26)
                else:
                    reg = scheduled - leave - rng.choice([0, 0, 0, 0, 2, 4])
                    ot = float(rng.choice([0, 0, 0, 1.5, 2, 4, 6, 8])) if e["department_id"] in ("D-10", "D-20") else 0.0
                    gross = money(e["hourly_rate"] * (reg + leave) + e["hourly_rate"] * 1.5 * ot)
                premiums = sum(b["per_paycheck_cost"] for b in self.t["benefit_enrollments"]
                               if b["employee_id"] == e["employee_id"] and b["start_date"] <= pay
                               and (b["end_date"] is None or b["end_date"] >= pay))
                k401 = money(gross * e["_401k"] / 100)
                pretax = money(premiums + k401)
                el = tax[e["employee_id"]]
                fica_base = gross - premiums
                fed = money(max(0.0, (gross - pretax) * FEDERAL_PCT[el["filing_status"]] / 100
                                - el["dependents_credit"] / 26) + (el["extra_withholding"]
                                                                   if pay >= el["first_pay_date"] else 0))
                state = money((gross - pretax) * STATE_TAX_PCT[e["work_state"]] / 100)
                ss, med = money(fica_base * 0.062), money(fica_base * 0.0145)
                reimb = money(sum(c["amount"] for c in self.t["expense_claims"]
                                  if c["employee_id"] == e["employee_id"] and c["paid_on"] == pay))
                net = money(gross - pretax - fed - state - ss - med + reimb)
                stubs.append({"employee_id": e["employee_id"], "period_id": period["period_id"],
                              "regular_hours": float(reg), "overtime_hours": ot, "leave_hours": float(leave),
                              "gross_pay": gross, "pretax_deductions": pretax, "federal_tax": fed,
                              "state_tax": state, "social_security": ss, "medicare": med,
                              "expense_reimbursement": reimb, "net_pay": net})
        for i, s in enumerate(stubs):
            s["stub_id"] = f"PS-{300001 + i}"
        self.t["pay_stubs"] = stubs


def first_of_next_month(d: date) -> date:
    return date(d.year + (d.month == 12), d.month % 12 + 1, 1)


def last_of_month(d: date) -> date:
    return first_of_next_month(d) - timedelta(days=1)


def build() -> dict[str, list[dict[str, Any]]]:
    w = World()
    w.static()
    w.employees()
    w.dependents_and_events()
    w.benefits()
    w.time_off()
    w.deposits_and_tax()
    w.expenses()
    w.stubs()
    return w.t


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the payroll environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
