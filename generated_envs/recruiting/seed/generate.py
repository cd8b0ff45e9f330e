"""Deterministic seed data for the recruiting environment (Larkspur Systems' recruiting coordination desk).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Person and company names come from Faker, pinned to version 40.63.0
(``pip install "faker==40.63.0"``) and seeded; everything else comes from ``random.Random(SEED)``. The data obey
the rules of ``tools.py``: stages reached in order, interviewer weekly capacity, salaries inside the band, offers
above the band midpoint approved by the department head, offers answerable for 7 days after they are extended,
referral bonuses payable 90 days after the hire's start date.
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

SEED = 20260414
NOW = datetime(2026, 4, 14, 9, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
OFFER_VALID_DAYS = 7
PROBATION_DAYS = 90

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

# department -> (head title, manager titles, staff titles, openings: (title, level))
DEPARTMENTS: dict[str, tuple[str, list[str], list[str], list[tuple[str, str]]]] = {
    "Engineering": ("VP of Engineering", ["Engineering Manager", "Engineering Manager", "Director of Engineering",
                                          "Engineering Manager"],
                    ["Software Engineer", "Senior Software Engineer", "Staff Software Engineer", "QA Engineer",
                     "Site Reliability Engineer"],
                    [("Backend Engineer", "P3"), ("Senior Backend Engineer", "P4"), ("Staff Software Engineer", "P5"),
                     ("Frontend Engineer", "P3"), ("Senior Frontend Engineer", "P4"),
                     ("Site Reliability Engineer", "P4"), ("Engineering Manager", "M1"),
                     ("QA Automation Engineer", "P3"), ("Mobile Engineer", "P3")]),
    "Data": ("Head of Data", ["Analytics Manager", "Data Engineering Manager"],
             ["Data Analyst", "Data Engineer", "Data Scientist", "Senior Data Scientist"],
             [("Data Analyst", "P2"), ("Senior Data Analyst", "P3"), ("Data Engineer", "P3"),
              ("Senior Data Engineer", "P4"), ("Machine Learning Engineer", "P4"), ("Analytics Manager", "M1")]),
    "Product": ("VP of Product", ["Director of Product", "Group Product Manager"],
                ["Product Manager", "Senior Product Manager", "Technical Program Manager"],
                [("Product Manager", "P3"), ("Senior Product Manager", "P4"), ("Group Product Manager", "M2"),
                 ("Technical Program Manager", "P4")]),
    "Design": ("Head of Design", ["Design Manager", "Research Manager"],
               ["Product Designer", "Senior Product Designer", "UX Researcher"],
               [("Product Designer", "P3"), ("Senior Product Designer", "P4"), ("UX Researcher", "P3"),
                ("Content Designer", "P2")]),
    "Sales": ("VP of Sales", ["Regional Sales Director", "Sales Manager"],
              ["Account Executive", "Senior Account Executive", "Sales Engineer"],
              [("Account Executive", "P3"), ("Senior Account Executive", "P4"),
               ("Sales Development Representative", "P2"), ("Sales Engineer", "P4"), ("Regional Sales Manager", "M1")]),
    "Customer Success": ("VP of Customer Success", ["Customer Success Director", "Support Manager"],
                         ["Customer Success Manager", "Support Engineer", "Implementation Consultant"],
                         [("Customer Success Manager", "P3"), ("Support Engineer", "P2"),
                          ("Implementation Consultant", "P3"), ("Support Team Lead", "M1")]),
    "Finance": ("Chief Financial Officer", ["Controller"], ["Financial Analyst", "Senior Accountant"],
                [("Financial Analyst", "P2"), ("Senior Accountant", "P3"), ("FP&A Manager", "M1")]),
    "People": ("VP of People", ["Talent Acquisition Lead"], ["People Operations Partner", "HR Business Partner"],
               [("People Operations Partner", "P3"), ("HR Business Partner", "P4")]),
}
STAFF_PER_DEPT = {"Engineering": 22, "Data": 10, "Product": 6, "Design": 6, "Sales": 9, "Customer Success": 8,
                  "Finance": 4, "People": 3}
BANDS = {"P2": (78_000, 104_000), "P3": (98_000, 132_000), "P4": (124_000, 166_000), "P5": (158_000, 212_000),
         "M1": (146_000, 196_000), "M2": (178_000, 238_000)}
DEPT_FACTOR = {"Engineering": 1.0, "Data": 1.0, "Product": 1.0, "Design": 0.93, "Sales": 0.88,
               "Customer Success": 0.8, "Finance": 0.9, "People": 0.85}
LOCATIONS = ["Denver", "Austin", "Raleigh", "Remote"]
CITIES = ["Denver", "Boulder", "Aurora", "Austin", "Round Rock", "San Antonio", "Raleigh", "Durham", "Cary",
          "Chapel Hill", "Charlotte", "Salt Lake City", "Phoenix", "Chicago", "Atlanta", "Minneapolis", "Portland",
          "Kansas City", "Nashville", "Columbus"]
AREA = {"Denver": "303", "Boulder": "720", "Aurora": "720", "Austin": "512", "Round Rock": "737",
        "San Antonio": "210", "Raleigh": "919", "Durham": "984", "Cary": "919", "Chapel Hill": "984",
        "Charlotte": "704", "Salt Lake City": "801", "Phoenix": "602", "Chicago": "312", "Atlanta": "404",
        "Minneapolis": "612", "Portland": "503", "Kansas City": "816", "Nashville": "615", "Columbus": "614"}
SOURCES = ["career_site", "linkedin", "job_board", "agency", "event"]
SLOT_TIMES = [time(9, 30), time(11, 0), time(13, 0), time(14, 30), time(16, 0)]
DURATION = {"screen": 30, "technical": 60, "portfolio": 60, "behavioral": 45, "leadership": 45}
PANEL = ["technical", "portfolio", "behavioral", "leadership"]
POSITIVE = ["yes", "yes", "strong_yes"]
REJECT_REASONS = {"applied": ["not_qualified", "skills_gap"], "screen": ["skills_gap", "salary_expectations"],
                  "interview": ["failed_interviews", "failed_interviews", "skills_gap"],
                  "offer": ["salary_expectations"]}
WITHDRAW_REASONS = ["accepted_other_offer", "compensation", "relocation", "personal", "not_interested"]
# (status, count) of requisitions, in id order after shuffling
REQ_STATUSES = ["open"] * 27 + ["on_hold"] * 4 + ["filled"] * 3 + ["closed"] * 3


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def ts(dt: datetime | None) -> str:
    return "" if dt is None else dt.strftime("%Y-%m-%d %H:%M:%S")


def ds(d: date | None) -> str:
    return "" if d is None else d.isoformat()


def money(x: float | None) -> str:
    return "" if x is None else f"{x:.2f}"


class World:
    """Builds every table in memory, then writes them."""

    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(SEED)
        self.fake = Faker("en_US")
        self.names: set[tuple[str, str]] = set()
        self.employees: list[dict[str, Any]] = []
        self.interviewers: dict[str, dict[str, Any]] = {}
        self.quals: dict[str, list[str]] = defaultdict(list)  # interview type -> employee ids
        self.emp_quals: dict[str, list[str]] = defaultdict(list)
        self.reqs: list[dict[str, Any]] = []
        self.candidates: list[dict[str, Any]] = []
        self.apps: list[dict[str, Any]] = []
        self.interviews: list[dict[str, Any]] = []
        self.offers: list[dict[str, Any]] = []
        self.referrals: list[dict[str, Any]] = []
        self.busy: dict[str, set[datetime]] = defaultdict(set)
        self.load: dict[tuple[str, date], int] = defaultdict(int)
        self.offer_turn = 0

    # -- people ------------------------------------------------------------------------------------------

    def name(self) -> tuple[str, str]:
        while True:
            pair = (self.fake.first_name(), self.fake.last_name())
            if pair not in self.names and "'" not in pair[1]:
                self.names.add(pair)
                return pair

    def employee(self, title: str, dept: str, role: str, manager: str | None, years: tuple[int, int]) -> dict:
        first, last = self.name()
        emp = {"employee_id": f"E-{1000 + len(self.employees)}", "first_name": first, "last_name": last,
               "work_email": f"{first.lower()}.{last.lower()}@larkspur.io", "title": title, "department": dept,
               "role": role, "manager_id": manager, "status": "active",
               "hire_date": TODAY - timedelta(days=self.rng.randint(years[0] * 365, years[1] * 365))}
        self.employees.append(emp)
        return emp

    def interviewer(self, emp: dict, capacity: int, types: list[str]) -> None:
        trained = max(emp["hire_date"] + timedelta(days=60), TODAY - timedelta(days=900))
        trained += timedelta(days=self.rng.randint(0, 120))
        trained = min(trained, TODAY - timedelta(days=30))
        self.interviewers[emp["employee_id"]] = {"employee_id": emp["employee_id"], "weekly_capacity": capacity,
                                                 "trained_on": trained}
        for t in types:
            self.quals[t].append(emp["employee_id"])
            self.emp_quals[emp["employee_id"]].append(t)

    def build_people(self) -> None:
        ceo = self.employee("Chief Executive Officer", "Executive", "executive", None, (6, 9))
        self.heads: dict[str, dict] = {}
        self.managers: dict[str, list[dict]] = {}
        self.staff: dict[str, list[dict]] = {}
        for dept, (head_title, mgr_titles, staff_titles, _) in DEPARTMENTS.items():
            head = self.employee(head_title, dept, "department_head", ceo["employee_id"], (2, 7))
            self.heads[dept] = head
            self.managers[dept] = [self.employee(t, dept, "hiring_manager", head["employee_id"], (1, 6))
                                   for t in mgr_titles]
        self.recruiters = [self.employee(self.rng.choice(["Recruiter", "Senior Recruiter", "Technical Recruiter"]),
                                         "People", "recruiter", self.managers["People"][0]["employee_id"], (1, 5))
                           for _ in range(6)]
        for dept, (_, _, staff_titles, _) in DEPARTMENTS.items():
            self.staff[dept] = [self.employee(self.rng.choice(staff_titles), dept, "staff",
                                              self.rng.choice(self.managers[dept])["employee_id"], (0, 6))
                                for _ in range(STAFF_PER_DEPT[dept])]
        # a few people left or are on leave (never interviewers)
        everyone = [e for d in self.staff.values() for e in d]
        self.rng.shuffle(everyone)
        for e in everyone[:5]:
            e["status"] = "terminated"
        for e in everyone[5:8]:
            e["status"] = "on_leave"
        for r in self.recruiters:
            self.interviewer(r, self.rng.randint(6, 8), ["screen"])
        for dept, mgrs in self.managers.items():
            for m in mgrs:
                types = ["leadership", "behavioral"] + (["technical"] if dept in ("Engineering", "Data") else [])
                self.interviewer(m, self.rng.randint(3, 4), types)
        for dept, people in self.staff.items():
            active = [e for e in people if e["status"] == "active"]
            share = {"Engineering": 12, "Data": 6, "Product": 3, "Design": 4, "Sales": 4, "Customer Success": 3,
                     "Finance": 2, "People": 1}[dept]
            for e in active[:share]:
                types = ["technical"]
                if dept in ("Design", "Product") or self.rng.random() < 0.3:
                    types.append("portfolio")
                if self.rng.random() < 0.45:
                    types.append("behavioral")
                if dept == "Design":
                    types = ["portfolio", "behavioral"] + (["technical"] if self.rng.random() < 0.4 else [])
                self.interviewer(e, self.rng.randint(2, 4), types)
        self.ceo = ceo

    def build_candidates(self, n: int = 300) -> None:
        for i in range(n):
            first, last = self.name()
            city = self.rng.choice(CITIES)
            tag = self.rng.choice(["", "", str(self.rng.randint(1, 99))])
            domain = self.rng.choice(["example.com", "example.net", "example.org"])
            self.candidates.append({
                "candidate_id": f"CAN-{50001 + i}", "first_name": first, "last_name": last,
                "email": f"{first.lower()}.{last.lower()}{tag}@{domain}",
                "phone": f"({AREA[city]}) 555-{self.rng.randint(100, 9999):04d}", "city": city,
                "current_employer": None if self.rng.random() < 0.12 else self.fake.company(),
                "created_on": None})

    # -- requisitions ------------------------------------------------------------------------------------

    def build_reqs(self) -> None:
        openings = [(dept, title, level) for dept, spec in DEPARTMENTS.items() for title, level in spec[3]]
        pool: list[tuple[str, str, str, str]] = []
        for dept, title, level in openings:
            locs = self.rng.sample(LOCATIONS, 1 if self.rng.random() < 0.75 else 2)
            pool += [(dept, title, level, loc) for loc in locs]
        self.rng.shuffle(pool)
        pool = pool[:len(REQ_STATUSES)]
        statuses = list(REQ_STATUSES)
        self.rng.shuffle(statuses)
        for i, ((dept, title, level, loc), status) in enumerate(zip(pool, statuses)):
            lo, hi = BANDS[level]
            f = DEPT_FACTOR[dept]
            smin, smax = round(lo * f / 1000) * 1000, round(hi * f / 1000) * 1000
            age = self.rng.randint(200, 300) if status in ("filled", "closed") else self.rng.randint(40, 260)
            headcount = 1 if status != "open" or self.rng.random() < 0.45 else self.rng.randint(2, 4)
            self.reqs.append({
                "req_id": f"REQ-{2001 + i}", "title": title, "department": dept, "location": loc, "level": level,
                "status": status, "headcount": headcount, "hires": 0, "salary_min": smin, "salary_max": smax,
                "hiring_manager_id": self.rng.choice(self.managers[dept])["employee_id"],
                "recruiter_id": self.rng.choice(self.recruiters)["employee_id"],
                "approver_id": self.heads[dept]["employee_id"], "opened_on": TODAY - timedelta(days=age),
                "closed_on": None})

    # -- calendar ----------------------------------------------------------------------------------------

    def book(self, itype: str, around: date, lo: datetime, hi: datetime, avoid: set[str] | frozenset = frozenset()
             ) -> tuple[str, datetime] | None:
        """An interviewer qualified for ``itype`` and a free time in [lo, hi], near ``around``, within capacity."""
        people = [p for p in self.quals[itype] if p not in avoid]
        for delta in [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 8, 9, 10]:
            d = around + timedelta(days=delta)
            if d.weekday() >= 5:
                continue
            self.rng.shuffle(people)
            for p in people:
                if self.load[(p, monday(d))] >= self.interviewers[p]["weekly_capacity"]:
                    continue
                times = list(SLOT_TIMES)
                self.rng.shuffle(times)
                for t in times:
                    dt = datetime.combine(d, t)
                    if lo <= dt <= hi and dt not in self.busy[p]:
                        self.busy[p].add(dt)
                        self.load[(p, monday(d))] += 1
                        return p, dt
        return None

    def interview(self, app: dict, itype: str, around: date, lo: datetime, hi: datetime, status: str,
                  rec: str | None = None, cancel: str | None = None) -> dict | None:
        used = {iv["interviewer_id"] for iv in self.interviews if iv["application_id"] == app["application_id"]}
        got = self.book(itype, around, lo, hi, used)
        if got is None:
            return None
        who, when = got
        if status == "cancelled":  # a cancelled booking frees its time and its capacity
            self.busy[who].discard(when)
            self.load[(who, monday(when.date()))] -= 1
        feedback = when + timedelta(hours=self.rng.randint(2, 30)) if status == "completed" else None
        if feedback is not None and feedback >= NOW:
            feedback = NOW - timedelta(minutes=self.rng.randint(20, 600))
        iv = {"interview_id": None, "application_id": app["application_id"], "slot_id": None, "interviewer_id": who,
              "interview_type": itype, "starts_at": when, "status": status,
              "recommendation": rec if status == "completed" else None, "feedback_at": feedback,
              "cancel_reason": cancel}
        self.interviews.append(iv)
        return iv

    # -- applications ------------------------------------------------------------------------------------

    def build_applications(self) -> None:
        active: dict[str, int] = defaultdict(int)
        on_req: dict[str, set[str]] = defaultdict(set)
        order = list(self.candidates)
        self.rng.shuffle(order)
        cursor = 0

        def pick(req: dict, terminal: bool) -> dict:
            nonlocal cursor
            for _ in range(len(order)):
                c = order[cursor % len(order)]
                cursor += 1
                if req["req_id"] in on_req[c["candidate_id"]]:
                    continue
                if not terminal and active[c["candidate_id"]] >= 3:
                    continue
                on_req[c["candidate_id"]].add(req["req_id"])
                if not terminal:
                    active[c["candidate_id"]] += 1
                return c
            raise RuntimeError("no candidate left")

        weights = {"applied": 22, "screen": 17, "interview": 19, "offer": 8, "hired": 3, "rejected": 22,
                   "withdrawn": 9}
        for req in self.reqs:
            plan: list[str] = []
            if req["status"] == "open":
                n = self.rng.randint(8, 14)
                plan = self.rng.choices(list(weights), weights=list(weights.values()), k=n)
                plan = [s for s in plan if s != "hired"]
                plan += ["hired"] * self.rng.randint(0, req["headcount"] - 1)
                if "offer" not in plan and self.rng.random() < 0.7:
                    plan.append("offer")
            elif req["status"] == "on_hold":
                plan = self.rng.choices(["applied", "screen", "interview", "offer", "rejected", "withdrawn"],
                                        weights=[3, 3, 3, 2, 3, 1], k=self.rng.randint(5, 8))
                plan.append("offer")
            elif req["status"] == "filled":
                plan = ["hired"] * req["headcount"] + ["rejected"] * self.rng.randint(4, 8) + ["withdrawn"]
                plan.append("offer")  # a finalist left when the last seat went
            else:
                plan = ["rejected"] * self.rng.randint(4, 7) + ["withdrawn"] * self.rng.randint(0, 2)
            for stage in plan:
                terminal = stage in ("rejected", "withdrawn", "hired")
                cand = pick(req, terminal)
                self.make_application(cand, req, stage)
        # re-applications: a few candidates rejected long ago apply again to the same requisition
        old = [a for a in self.apps if a["stage"] == "rejected" and a["closed_at"] < NOW - timedelta(days=100)
               and self.req(a["req_id"])["status"] == "open"]
        for a in old[:3]:
            cand = self.cand(a["candidate_id"])
            if active[cand["candidate_id"]] < 3:
                active[cand["candidate_id"]] += 1
                self.make_application(cand, self.req(a["req_id"]), "applied")

        # a few busy candidates hold the maximum of three active applications
        two = [c for c in order if active[c["candidate_id"]] == 2]
        open_reqs = [r for r in self.reqs if r["status"] == "open"]
        for c in two[:3]:
            req = next(r for r in open_reqs if r["req_id"] not in on_req[c["candidate_id"]])
            on_req[c["candidate_id"]].add(req["req_id"])
            active[c["candidate_id"]] += 1
            self.make_application(c, req, "applied")

    def at_capacity(self) -> None:
        """Interviewers whose busiest week is this week or next are booked up to their capacity there."""
        this_week = monday(TODAY)
        for emp_id in sorted(self.interviewers):
            weeks = {w: n for (e, w), n in self.load.items() if e == emp_id}
            busiest = max(weeks.values(), default=0)
            for w in (this_week, this_week + timedelta(days=7)):
                if weeks.get(w, 0) == busiest >= 2:
                    self.interviewers[emp_id]["weekly_capacity"] = busiest

    def req(self, req_id: str) -> dict:
        return next(r for r in self.reqs if r["req_id"] == req_id)

    def cand(self, cid: str) -> dict:
        return next(c for c in self.candidates if c["candidate_id"] == cid)

    def days_ago(self, lo: float, hi: float) -> datetime:
        minutes = self.rng.randint(int(lo * 1440), int(hi * 1440))
        dt = NOW - timedelta(minutes=minutes)
        return dt.replace(second=0, microsecond=0)

    def make_application(self, cand: dict, req: dict, stage: str) -> None:
        opened = datetime.combine(req["opened_on"], time(9, 0))
        age_max = (NOW - opened).days - 1
        ages = {"applied": (0.3, 20), "screen": (8, 45), "interview": (20, 70), "offer": (30, 90),
                "hired": (60, 240), "rejected": (3, age_max), "withdrawn": (3, min(age_max, 80))}
        lo, hi = ages[stage]
        if stage == "hired":
            lo = max(lo, int(age_max * 0.6))
        if req["status"] in ("filled", "closed"):
            lo, hi = max(lo, 130), age_max
        hi = max(min(hi, age_max), lo + 1)
        applied = self.days_ago(lo, hi).replace(hour=self.rng.randint(7, 22))
        if applied >= NOW:
            applied = NOW - timedelta(hours=3)
        app = {"application_id": None, "candidate_id": cand["candidate_id"], "req_id": req["req_id"],
               "source": self.rng.choice(SOURCES), "referral_id": None, "stage": stage, "applied_at": applied,
               "stage_changed_at": applied, "closed_reason": None, "closed_at": None, "_key": len(self.apps)}
        app["application_id"] = f"tmp-{len(self.apps)}"
        self.apps.append(app)
        made = cand.get("created_on")
        cand["created_on"] = min(made, applied.date()) if made else applied.date()
        getattr(self, f"stage_{stage}")(app, req)

    def _screen(self, app: dict, rec: str = "") -> datetime:
        """A completed screen a few days after applying; returns its time."""
        d = (app["applied_at"] + timedelta(days=self.rng.randint(3, 6))).date()
        iv = self.interview(app, "screen", d, app["applied_at"] + timedelta(days=1), NOW - timedelta(days=1),
                            "completed", rec or self.rng.choice(POSITIVE))
        return iv["starts_at"] if iv else app["applied_at"] + timedelta(days=3)

    def _panel(self, app: dict, after: datetime, n: int, recs: list[str], types: list[str] | None = None) -> datetime:
        last = after
        types = (types or self.rng.sample(PANEL, n))[:n]
        for t, rec in zip(types, recs):
            d = (last + timedelta(days=self.rng.randint(2, 5))).date()
            iv = self.interview(app, t, d, last + timedelta(hours=20), NOW - timedelta(hours=20), "completed", rec)
            if iv:
                last = iv["starts_at"]
        return last

    def stage_applied(self, app: dict, req: dict) -> None:
        pass

    def stage_screen(self, app: dict, req: dict) -> None:
        moved = app["applied_at"] + timedelta(days=self.rng.randint(1, 3), hours=self.rng.randint(1, 6))
        app["stage_changed_at"] = min(moved, NOW - timedelta(days=2))
        variant = self.rng.choices(["none", "future", "awaiting", "passed", "failed"], [2, 4, 2, 3, 1])[0]
        if req["status"] != "open" and variant == "future":
            variant = "none"
        start = app["stage_changed_at"] + timedelta(hours=12)
        if variant == "future":
            self.interview(app, "screen", TODAY + timedelta(days=self.rng.randint(0, 8)), NOW, NOW + timedelta(
                days=20), "scheduled")
        elif variant == "awaiting":
            self.interview(app, "screen", TODAY - timedelta(days=self.rng.randint(1, 3)), start, NOW, "scheduled")
        elif variant in ("passed", "failed"):
            rec = self.rng.choice(POSITIVE) if variant == "passed" else "no"
            self.interview(app, "screen", (start + timedelta(days=3)).date(), start, NOW - timedelta(hours=6),
                           "completed", rec)

    def stage_interview(self, app: dict, req: dict) -> None:
        screen = self._screen(app)
        app["stage_changed_at"] = min(screen + timedelta(days=1, hours=2), NOW - timedelta(days=1))
        after = app["stage_changed_at"]
        variant = self.rng.choices(["none", "one_next", "two_done", "strong_no", "awaiting", "future"],
                                   [2, 3, 3, 1, 2, 2])[0]
        if req["status"] != "open" and variant in ("one_next", "future"):
            variant = "two_done"
        types = self.rng.sample(PANEL, 3)
        if variant in ("one_next", "awaiting"):
            last = self._panel(app, after, 1, [self.rng.choice(POSITIVE)], types)
            if variant == "one_next":
                self.interview(app, types[-1], TODAY + timedelta(days=self.rng.randint(1, 9)), NOW,
                               NOW + timedelta(days=21), "scheduled")
            else:
                self.interview(app, types[-1], TODAY - timedelta(days=self.rng.randint(1, 2)), last, NOW,
                               "scheduled")
        elif variant == "two_done":
            self._panel(app, after, 2, [self.rng.choice(POSITIVE), self.rng.choice(POSITIVE + ["no"])], types)
        elif variant == "strong_no":
            self._panel(app, after, 2, [self.rng.choice(POSITIVE), "strong_no"], types)
        elif variant == "future":
            for t in types[:2]:
                self.interview(app, t, TODAY + timedelta(days=self.rng.randint(1, 12)), NOW,
                               NOW + timedelta(days=21), "scheduled")

    def _reach_offer(self, app: dict) -> datetime:
        screen = self._screen(app)
        last = self._panel(app, screen + timedelta(days=1), self.rng.choice([2, 2, 3]),
                           [self.rng.choice(POSITIVE + ["strong_yes"]) for _ in range(3)])
        app["stage_changed_at"] = min(last + timedelta(days=self.rng.randint(1, 3)), NOW - timedelta(hours=10))
        return app["stage_changed_at"]

    def offer(self, app: dict, req: dict, status: str, created: datetime, base: float | None = None,
              start: date | None = None) -> dict:
        lo, hi = req["salary_min"], req["salary_max"]
        mid = (lo + hi) / 2
        if base is None:
            above = status == "pending_approval" or (status != "approved" and self.rng.random() < 0.4)
            base = self.rng.randrange(int(mid) + 1000 if above else lo, (hi if above else int(mid)) + 1, 500)
            base = min(max(base, lo), hi)
        bonus = self.rng.choice([0, 0, 5000, 7500, 10000]) if base >= 100_000 else self.rng.choice([0, 2500])
        start = start or created.date() + timedelta(days=self.rng.randint(28, 56))
        created = created.replace(hour=self.rng.randint(9, 17), minute=self.rng.choice([0, 15, 30, 45]))
        if created >= NOW:
            created = NOW - timedelta(hours=self.rng.randint(17, 30))
        o = {"offer_id": None, "application_id": app["application_id"], "base_salary": float(base),
             "signing_bonus": float(bonus), "start_date": start, "status": status, "created_at": created,
             "approved_by": None, "approved_at": None, "extended_at": None, "expires_on": None,
             "responded_at": None}
        if status != "pending_approval" and base > mid:
            o["approved_by"] = req["approver_id"]
            o["approved_at"] = created + timedelta(hours=self.rng.randint(3, 30))
        self.offers.append(o)
        return o

    def extend(self, o: dict, at: datetime) -> None:
        at = max(at, (o["approved_at"] or o["created_at"]) + timedelta(hours=2))
        o["extended_at"] = at
        o["expires_on"] = at.date() + timedelta(days=OFFER_VALID_DAYS)

    def stage_offer(self, app: dict, req: dict) -> None:
        before = len(self.offers)
        self._stage_offer(app, req)
        for o in self.offers[before:]:  # offers not yet turned into a hire start in the weeks ahead
            o["start_date"] = max(o["start_date"], TODAY + timedelta(days=21 + 9 * (len(self.offers) % 5)))

    def _stage_offer(self, app: dict, req: dict) -> None:
        moved = self._reach_offer(app)
        if req["status"] == "filled":
            return  # the finalist kept when the last seat went: no offer yet
        cycle = ["none", "pending", "live", "approved", "expired", "accepted", "declined", "live", "pending",
                 "none", "approved", "accepted"]
        variant = cycle[self.offer_turn % len(cycle)]
        self.offer_turn += 1
        if req["status"] == "on_hold":
            variant = self.rng.choice(["none", "pending"])
        if variant == "none":
            return
        created = min(moved + timedelta(days=1), NOW - timedelta(hours=8))
        if variant == "pending":
            self.offer(app, req, "pending_approval", max(created, NOW - timedelta(days=3)))
        elif variant == "approved":
            self.offer(app, req, "approved", max(created, NOW - timedelta(days=4)))
        elif variant == "live":
            c = NOW - timedelta(days=self.rng.randint(3, 8))
            o = self.offer(app, req, "extended", max(min(created, c), app["stage_changed_at"]))
            self.extend(o, NOW - timedelta(days=self.rng.randint(0, 6), hours=self.rng.randint(1, 8)))
        elif variant == "expired":
            c = NOW - timedelta(days=self.rng.randint(14, 20))
            app["stage_changed_at"] = min(app["stage_changed_at"], c - timedelta(days=1))
            o = self.offer(app, req, "extended", c)
            self.extend(o, c + timedelta(days=self.rng.randint(1, 3)))
        elif variant in ("accepted", "declined"):
            c = NOW - timedelta(days=self.rng.randint(6, 12))
            app["stage_changed_at"] = min(app["stage_changed_at"], c - timedelta(days=1))
            o = self.offer(app, req, variant, c)
            self.extend(o, c + timedelta(days=1))
            o["responded_at"] = o["extended_at"] + timedelta(days=self.rng.randint(1, 4), hours=3)

    def stage_hired(self, app: dict, req: dict) -> None:
        self._reach_offer(app)
        created = app["stage_changed_at"] + timedelta(hours=20)
        o = self.offer(app, req, "accepted", created)
        self.extend(o, created + timedelta(days=1))
        o["responded_at"] = o["extended_at"] + timedelta(days=self.rng.randint(1, 4))
        app["stage_changed_at"] = o["responded_at"] + timedelta(days=1)
        req["hires"] += 1
        req["closed_on"] = max(req["closed_on"] or date.min, app["stage_changed_at"].date())
        if req["status"] == "open":
            req["closed_on"] = None

    def close(self, app: dict, kind: str, reached: str, req: dict) -> None:
        if reached in ("interview", "offer"):
            last = self._screen(app)
            if reached == "offer":
                last = self._panel(app, last + timedelta(days=1), 2, ["yes", "strong_yes"])
            else:
                bad = "strong_no" if kind == "rejected" else self.rng.choice(POSITIVE)
                last = self._panel(app, last + timedelta(days=1), self.rng.choice([1, 2]),
                                   [self.rng.choice(POSITIVE), bad])
        elif reached == "screen":
            last = self._screen(app, "no" if kind == "rejected" else self.rng.choice(POSITIVE))
        else:
            last = app["applied_at"]
        closed = last + timedelta(days=self.rng.randint(1, 6), hours=self.rng.randint(1, 5))
        if closed >= NOW:
            closed = NOW - timedelta(hours=self.rng.randint(2, 20))
        if req["status"] == "closed":
            closed = datetime.combine(req["closed_on"], time(16, 0)) if req["closed_on"] else closed
        app["closed_at"] = app["stage_changed_at"] = max(closed, app["applied_at"] + timedelta(hours=1))
        if kind == "rejected":
            app["closed_reason"] = ("position_closed" if req["status"] == "closed" else
                                    "position_filled" if req["status"] == "filled" and self.rng.random() < 0.6
                                    else self.rng.choice(REJECT_REASONS[reached]))
        else:
            app["closed_reason"] = self.rng.choice(WITHDRAW_REASONS)
            if reached == "screen" and self.rng.random() < 0.5 and app["closed_at"] < NOW - timedelta(days=2):
                # the candidate withdrew before a booked screen: it was cancelled
                self.interview(app, "screen", (app["closed_at"] + timedelta(days=2)).date(),
                               app["closed_at"] + timedelta(days=1), app["closed_at"] + timedelta(days=10),
                               "cancelled", cancel="candidate_withdrew")

    def _reached(self, req: dict) -> str:
        return self.rng.choices(["applied", "screen", "interview", "offer"], [4, 4, 3, 1])[0]

    def stage_rejected(self, app: dict, req: dict) -> None:
        if req["status"] == "closed" and req["closed_on"] is None:
            req["closed_on"] = TODAY - timedelta(days=self.rng.randint(20, 60))
        self.close(app, "rejected", self._reached(req), req)

    def stage_withdrawn(self, app: dict, req: dict) -> None:
        if req["status"] == "closed" and req["closed_on"] is None:
            req["closed_on"] = TODAY - timedelta(days=self.rng.randint(20, 60))
        self.close(app, "withdrawn", self._reached(req), req)

    # -- referrals ---------------------------------------------------------------------------------------

    def build_referrals(self) -> None:
        active_emps = [e for e in self.employees if e["role"] in ("staff", "hiring_manager")]
        hired = [a for a in self.apps if a["stage"] == "hired"]
        others = [a for a in self.apps if a["stage"] != "hired" and a["source"] != "referral"]
        self.rng.shuffle(others)
        chosen = [a for i, a in enumerate(hired) if i % 4 != 3] + others[:48]
        chosen.sort(key=lambda a: a["_key"])
        terminated = [e for e in active_emps if e["status"] == "terminated"]
        for a in chosen:
            req = self.req(a["req_id"])
            pool = [e for e in active_emps if e["employee_id"] not in (req["hiring_manager_id"], req["recruiter_id"])
                    and e["hire_date"] < a["applied_at"].date() - timedelta(days=30)]
            if a["stage"] == "hired" and terminated and self.rng.random() < 0.2:
                who = self.rng.choice(terminated)
            else:
                who = self.rng.choice([e for e in pool if e["status"] != "terminated"])
            a["source"] = "referral"
            ref = {"referral_id": None, "referrer_id": who["employee_id"], "candidate_id": a["candidate_id"],
                   "req_id": a["req_id"], "referred_at": a["applied_at"] - timedelta(hours=self.rng.randint(1, 40)),
                   "status": "submitted", "bonus_eligible_on": None, "bonus_amount": None, "paid_at": None, "_app": a}
            if a["stage"] in ("rejected", "withdrawn"):
                ref["status"] = "not_hired"
            elif a["stage"] == "hired":
                start = next(o["start_date"] for o in self.offers if o["application_id"] == a["application_id"]
                             and o["status"] == "accepted")
                ref["status"] = "hired"
                ref["bonus_eligible_on"] = start + timedelta(days=PROBATION_DAYS)
                if ref["bonus_eligible_on"] < TODAY - timedelta(days=10) and self.rng.random() < 0.35 \
                        and who["status"] == "active":
                    ref["status"] = "paid"
                    ref["bonus_amount"] = bonus_for(req["level"])
                    ref["paid_at"] = datetime.combine(ref["bonus_eligible_on"] + timedelta(days=self.rng.randint(
                        2, 9)), time(10, 0))
            self.referrals.append(ref)

    # -- slots and ids -----------------------------------------------------------------------------------

    def build_slots(self) -> list[dict]:
        slots: list[dict] = []
        for iv in self.interviews:
            slots.append({"slot_id": None, "interviewer_id": iv["interviewer_id"], "starts_at": iv["starts_at"],
                          "duration_min": DURATION[iv["interview_type"]],
                          "status": "open" if iv["status"] == "cancelled" else "booked", "_iv": iv})
        taken = {(s["interviewer_id"], s["starts_at"]) for s in slots}
        first = monday(TODAY) - timedelta(days=7)
        for emp_id in sorted(self.interviewers):
            per_week = 3 if "screen" in self.emp_quals[emp_id] else 2
            for week in range(5):
                days = [first + timedelta(days=7 * week + d) for d in range(5)]
                for _ in range(per_week):
                    dt = datetime.combine(self.rng.choice(days), self.rng.choice(SLOT_TIMES))
                    if (emp_id, dt) in taken or dt > datetime.combine(date(2026, 5, 8), time(17, 0)):
                        continue
                    taken.add((emp_id, dt))
                    dur = 30 if self.emp_quals[emp_id] == ["screen"] else 60
                    slots.append({"slot_id": None, "interviewer_id": emp_id, "starts_at": dt, "duration_min": dur,
                                  "status": "open", "_iv": None})
        slots.sort(key=lambda s: (s["starts_at"], s["interviewer_id"]))
        for i, s in enumerate(slots):
            s["slot_id"] = f"SLOT-{30001 + i}"
            if s["_iv"] is not None:
                s["_iv"]["slot_id"] = s["slot_id"]
        return slots

    def assign_ids(self) -> None:
        self.apps.sort(key=lambda a: (a["applied_at"], a["_key"]))
        rename = {}
        for i, a in enumerate(self.apps):
            rename[a["application_id"]] = f"APP-{70001 + i}"
            a["application_id"] = rename[a["application_id"]]
        for iv in self.interviews:
            iv["application_id"] = rename[iv["application_id"]]
        for o in self.offers:
            o["application_id"] = rename[o["application_id"]]
        self.interviews.sort(key=lambda iv: (iv["starts_at"], iv["interviewer_id"]))
        for i, iv in enumerate(self.interviews):
            iv["interview_id"] = f"INT-{40001 + i}"
        self.offers.sort(key=lambda o: (o["created_at"], o["application_id"]))
        for i, o in enumerate(self.offers):
            o["offer_id"] = f"OFR-{9001 + i}"
        self.referrals.sort(key=lambda r: (r["referred_at"], r["candidate_id"]))
        for i, r in enumerate(self.referrals):
            r["referral_id"] = f"REF-{6001 + i}"
            r["_app"]["referral_id"] = r["referral_id"]

    def build(self) -> dict[str, list[dict]]:
        self.build_people()
        self.build_candidates()
        self.build_reqs()
        self.build_applications()
        self.build_referrals()
        self.at_capacity()
        slots = self.build_slots()
        self.assign_ids()
        quals = []
        for emp_id in sorted(self.emp_quals):
            trained = self.interviewers[emp_id]["trained_on"]
            for t in self.emp_quals[emp_id]:
                quals.append({"employee_id": emp_id, "interview_type": t,
                              "certified_on": trained + timedelta(days=self.rng.randint(0, 25))})
        for i, q in enumerate(quals):
            q["qualification_id"] = f"Q-{i + 1:04d}"
        used = {c["candidate_id"] for c in self.candidates if c["created_on"]}
        for c in self.candidates:
            if c["candidate_id"] not in used:  # sourced but never applied: in the talent pool
                c["created_on"] = TODAY - timedelta(days=self.rng.randint(5, 300))
        return {"employees": self.employees, "interviewers": [self.interviewers[k] for k in sorted(self.interviewers)],
                "interviewer_qualifications": quals, "requisitions": self.reqs, "candidates": self.candidates,
                "applications": self.apps, "interview_slots": slots, "interviews": self.interviews,
                "offers": self.offers, "referrals": self.referrals}


def bonus_for(level: str) -> float:
    """The referral bonus of a requisition level (the same table as tools.py)."""
    return {"P2": 1500.0, "P3": 2500.0, "P4": 4000.0, "P5": 4000.0, "M1": 5000.0, "M2": 5000.0}[level]


def cell(value: Any, column: str) -> str:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return ts(value)
    if isinstance(value, date):
        return ds(value)
    if isinstance(value, float) or column in ("salary_min", "salary_max"):
        return money(float(value))
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the recruiting environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSVs into (default: seed/)")
    args = parser.parse_args()
    tables = World().build()
    write_seed(args.out, HERE.parent / "schema.sql", tables, cell=lambda value, table, column: cell(value, column),
               partial_rows=True)


if __name__ == "__main__":
    main()
