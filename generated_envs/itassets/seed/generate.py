"""Deterministic seed data for the itassets environment (the IT service desk of Halvorsen Labs).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Employee names come from Faker (pinned 40.63.0, seeded); everything else comes from
``random.Random(SEED)``. Dates are relative to the manifest's clock, 2026-09-15 10:00.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260915
NOW = datetime(2026, 9, 15, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

# (id, name, cost center, size, repair budget left over at the end)
DEPARTMENTS = [
    ("DEP-01", "Executive Office", "CC-1000", 6, 2400.0),
    ("DEP-02", "Engineering", "CC-4100", 70, 5200.0),
    ("DEP-03", "Design", "CC-4200", 24, 1900.0),
    ("DEP-04", "Marketing", "CC-5100", 30, 290.0),
    ("DEP-05", "Sales", "CC-5200", 52, 3100.0),
    ("DEP-06", "Finance", "CC-6100", 24, 2200.0),
    ("DEP-07", "Human Resources", "CC-6200", 18, 1450.0),
    ("DEP-08", "Legal", "CC-6300", 14, 175.0),
    ("DEP-09", "Operations", "CC-7100", 40, 2600.0),
    ("DEP-10", "Customer Success", "CC-7200", 42, 2050.0),
]
TITLES = {
    "DEP-01": ["Chief Operating Officer", "Chief Financial Officer", "Executive Assistant", "Chief of Staff"],
    "DEP-02": ["Software Engineer", "Senior Software Engineer", "Staff Engineer", "QA Engineer", "DevOps Engineer",
               "Data Engineer"],
    "DEP-03": ["Product Designer", "UX Researcher", "Visual Designer"],
    "DEP-04": ["Marketing Specialist", "Content Writer", "Campaign Manager", "SEO Analyst"],
    "DEP-05": ["Account Executive", "Sales Development Rep", "Sales Engineer", "Regional Sales Manager"],
    "DEP-06": ["Accountant", "Financial Analyst", "Controller", "Payroll Specialist"],
    "DEP-07": ["HR Generalist", "Recruiter", "People Partner"],
    "DEP-08": ["Legal Counsel", "Paralegal", "Contracts Manager"],
    "DEP-09": ["Operations Analyst", "Facilities Coordinator", "Logistics Planner", "Procurement Specialist"],
    "DEP-10": ["Customer Success Manager", "Support Specialist", "Onboarding Specialist"],
}
HEAD_TITLE = {"DEP-01": "Chief Executive Officer", "DEP-02": "VP Engineering", "DEP-03": "Head of Design",
              "DEP-04": "Head of Marketing", "DEP-05": "VP Sales", "DEP-06": "Head of Finance",
              "DEP-07": "Head of People", "DEP-08": "General Counsel", "DEP-09": "Head of Operations",
              "DEP-10": "Head of Customer Success"}
OFFICES = ["Oslo", "Bergen", "Remote"]

# (id, category, vendor, model name, unit cost, warranty months, refresh months, serial prefix)
MODELS = [
    ("MDL-01", "laptop", "Lenovo", "ThinkPad T14 Gen 4", 1290.0, 36, 36, "PF"),
    ("MDL-02", "laptop", "Dell", "Latitude 7440", 1420.0, 36, 36, "DL"),
    ("MDL-03", "laptop", "Apple", "MacBook Pro 14 (M3 Pro)", 2390.0, 36, 36, "C02"),
    ("MDL-04", "laptop", "Apple", "MacBook Air 13 (M3)", 1390.0, 36, 36, "C1M"),
    ("MDL-05", "laptop", "Lenovo", "ThinkPad P16s Gen 2", 2150.0, 36, 36, "PW"),
    ("MDL-06", "phone", "Apple", "iPhone 15", 899.0, 24, 24, "F2L"),
    ("MDL-07", "phone", "Samsung", "Galaxy S24", 849.0, 24, 24, "R5C"),
    ("MDL-08", "phone", "Apple", "iPhone SE (3rd gen)", 479.0, 24, 24, "G6T"),
    ("MDL-09", "monitor", "Dell", "UltraSharp U2724D 27-inch", 479.0, 36, 60, "CN0"),
    ("MDL-10", "monitor", "LG", "34WN80C 34-inch ultrawide", 549.0, 36, 60, "LG3"),
    ("MDL-11", "monitor", "Dell", "P2425H 24-inch", 229.0, 36, 60, "CN2"),
    ("MDL-12", "tablet", "Apple", "iPad Air 11 (M2)", 699.0, 24, 36, "DMP"),
    ("MDL-13", "laptop", "Dell", "Latitude 5450", 990.0, 36, 36, "DK"),
]
LAPTOP_BY_DEPT = {"DEP-02": (["MDL-03", "MDL-05", "MDL-01"], [5, 3, 2]), "DEP-03": (["MDL-03", "MDL-04"], [6, 2])}
LAPTOP_DEFAULT = (["MDL-01", "MDL-02", "MDL-04"], [4, 4, 2])
PHONES = (["MDL-06", "MDL-07", "MDL-08"], [4, 3, 3])
MONITORS = (["MDL-09", "MDL-10", "MDL-11"], [5, 2, 4])
# in-stock, non-loaner units per model (the P16s is out of stock)
STOCK = {"MDL-01": 6, "MDL-02": 5, "MDL-03": 4, "MDL-04": 3, "MDL-05": 0, "MDL-06": 4, "MDL-07": 3, "MDL-08": 5,
         "MDL-09": 7, "MDL-10": 2, "MDL-11": 8, "MDL-12": 2, "MDL-13": 0}
REPAIR_FEE = {"laptop": 320.0, "phone": 180.0, "tablet": 200.0, "monitor": 110.0}
FAULTS = {"laptop": ["screen", "battery", "keyboard", "charging_port", "no_power"],
          "phone": ["screen", "battery", "charging_port"], "tablet": ["screen", "battery"],
          "monitor": ["no_power", "other"]}

# (id, name, vendor, seats, cost per seat, restricted to, who gets one: share or "all")
SOFTWARE = [
    ("SW-01", "Microsoft 365 E3", "Microsoft", 340, 432.0, None),
    ("SW-02", "Slack Business+", "Salesforce", 330, 150.0, None),
    ("SW-03", "Zoom Workplace Pro", "Zoom", 70, 160.0, None),
    ("SW-04", "Adobe Creative Cloud All Apps", "Adobe", 30, 780.0, None),
    ("SW-05", "Figma Professional", "Figma", 30, 180.0, "DEP-03"),
    ("SW-06", "JetBrains All Products Pack", "JetBrains", 40, 289.0, "DEP-02"),
    ("SW-07", "GitHub Enterprise", "GitHub", 100, 252.0, None),
    ("SW-08", "Salesforce Sales Cloud", "Salesforce", 56, 1800.0, "DEP-05"),
    ("SW-09", "Tableau Creator", "Salesforce", 12, 900.0, None),
    ("SW-10", "DocuSign Business Pro", "DocuSign", 25, 480.0, None),
    ("SW-11", "Workday Financials", "Workday", 22, 1200.0, "DEP-06"),
    ("SW-12", "Miro Business", "Miro", 45, 192.0, None),
    ("SW-13", "Visio Plan 2", "Microsoft", 10, 180.0, None),
    ("SW-14", "Clio Manage", "Clio", 14, 1188.0, "DEP-08"),
]
# software -> (departments whose members may hold it, share of them, target: None or exact seats used)
LICENSE_PLAN = {
    "SW-03": (None, 0.18, None), "SW-04": (["DEP-03", "DEP-04"], 0.5, 26),
    "SW-05": (["DEP-03"], 1.0, None), "SW-06": (["DEP-02"], 0.9, 40), "SW-07": (["DEP-02", "DEP-03"], 1.0, None),
    "SW-08": (["DEP-05"], 0.95, None), "SW-09": (["DEP-06", "DEP-05", "DEP-09"], 0.3, 12),
    "SW-10": (["DEP-05", "DEP-08", "DEP-07"], 0.25, None), "SW-11": (["DEP-06"], 0.8, None),
    "SW-12": (["DEP-03", "DEP-04", "DEP-02"], 0.25, None), "SW-13": (["DEP-09", "DEP-02"], 0.2, 10),
    "SW-14": (["DEP-08"], 0.7, None),
}
GROUPS = [
    ("GRP-01", "VPN Users", "Remote access to the office network", None),
    ("GRP-02", "Oslo Office Badge", "Door access at the Oslo office", None),
    ("GRP-03", "Bergen Office Badge", "Door access at the Bergen office", None),
    ("GRP-04", "Production On-call", "Shell access to production for the on-call rotation", "DEP-02"),
    ("GRP-05", "Finance Shared Drive", "Ledgers, budgets and audit working papers", "DEP-06"),
    ("GRP-06", "HR Records", "Personnel files and payroll exports", "DEP-07"),
    ("GRP-07", "Legal Vault", "Contracts and litigation documents", "DEP-08"),
    ("GRP-08", "Sales CRM Admins", "Administration of the CRM pipelines", "DEP-05"),
    ("GRP-09", "Design Asset Library", "Brand assets and design source material", "DEP-03"),
    ("GRP-10", "Wiki Editors", "Edit rights on the company wiki", None),
    ("GRP-11", "Guest Wi-Fi Sponsors", "May create guest Wi-Fi vouchers", None),
    ("GRP-12", "Analytics Warehouse", "Read access to the analytics warehouse", None),
]
DOMAIN = "halvorsenlabs.example"


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    for day in (d.day, 30, 29, 28):
        try:
            return date(year, month, day)
        except ValueError:
            continue
    raise ValueError(d)


def money(x: float) -> float:
    return round(x + 1e-9 if x >= 0 else x - 1e-9, 2)


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(SEED)
        self.fake = Faker("en_US")
        self.tables: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.model = {m[0]: m for m in MODELS}
        self.devices: list[dict[str, Any]] = []
        self.assignments: list[dict[str, Any]] = []
        self.serials: set[str] = set()

    # -- people ----------------------------------------------------------------------------------------------

    def build_people(self) -> None:
        rng, emails, names = self.rng, set(), set()
        people = []
        for dep_id, _, _, size, _ in DEPARTMENTS:
            for k in range(size):
                while True:
                    first, last = self.fake.first_name(), self.fake.last_name()
                    if (first, last) not in names:
                        break
                names.add((first, last))
                email = f"{first.lower()}.{last.lower()}@{DOMAIN}".replace("'", "")
                n = 2
                while email in emails:
                    email = f"{first.lower()}.{last.lower()}{n}@{DOMAIN}".replace("'", "")
                    n += 1
                emails.add(email)
                head = k == 0
                hired = date(2014, 3, 1) + timedelta(days=rng.randint(0, (date(2026, 8, 20) - date(2014, 3, 1)).days))
                if head:
                    hired = min(hired, date(2019, 6, 1))
                people.append({"first_name": first, "last_name": last, "email": email, "department_id": dep_id,
                               "title": HEAD_TITLE[dep_id] if head else rng.choice(TITLES[dep_id]), "_head": head,
                               "office": rng.choices(OFFICES, [5, 3, 2])[0], "hire_date": hired, "status": "active",
                               "offboarded_on": None})
        for i, p in enumerate(people):
            p["employee_id"] = f"EMP-{1001 + i}"
        heads = {p["department_id"]: p["employee_id"] for p in people if p["_head"]}
        for p in people:
            p["manager_id"] = None if p["employee_id"] == heads["DEP-01"] else (
                heads["DEP-01"] if p["_head"] else heads[p["department_id"]])
        # a few people left the company this year
        for p in rng.sample([p for p in people if not p["_head"] and p["hire_date"] < date(2025, 6, 1)], 14):
            p["status"] = "offboarded"
            p["offboarded_on"] = TODAY - timedelta(days=rng.randint(5, 240))
        self.people = people
        self.heads = heads
        for dep_id, name, cc, _, _ in DEPARTMENTS:
            self.tables["departments"].append({"department_id": dep_id, "name": name, "cost_center": cc,
                                               "head_employee_id": heads[dep_id]})

    # -- devices ---------------------------------------------------------------------------------------------

    def serial(self, model_id: str) -> str:
        prefix = self.model[model_id][7]
        while True:
            s = prefix + "".join(self.rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(10 - len(prefix)))
            if s not in self.serials:
                self.serials.add(s)
                return s

    def new_device(self, model_id: str, bought: date, status: str, location: str, loaner: bool = False
                   ) -> dict[str, Any]:
        d = {"model_id": model_id, "serial_number": self.serial(model_id), "status": status, "loaner_pool": loaner,
             "purchase_date": bought, "warranty_end": add_months(bought, self.model[model_id][5]) - timedelta(days=1),
             "location": location}
        self.devices.append(d)
        return d

    def assign(self, device: dict[str, Any], emp: dict[str, Any], start: date, end: date | None,
               kind: str = "standard", due: date | None = None) -> dict[str, Any]:
        a = {"asset_tag": device, "employee_id": emp["employee_id"], "kind": kind, "assigned_on": start,
             "due_back": due, "returned_on": end, "status": "returned" if end else "active"}
        self.assignments.append(a)
        return a

    def holding(self, emp: dict[str, Any], category: str, models: tuple[list[str], list[int]], earliest: date,
                history: bool) -> dict[str, Any]:
        """Give ``emp`` a device of ``category`` (with earlier, returned ones when ``history``)."""
        rng = self.rng
        end = emp["offboarded_on"] or TODAY
        start_floor = max(emp["hire_date"], earliest)
        span = (end - start_floor).days
        start = start_floor + timedelta(days=rng.randint(0, max(0, span - 3)))
        if history and start > emp["hire_date"] + timedelta(days=200) and rng.random() < 0.8:
            # an earlier device, returned on the day the current one was handed out
            first = max(emp["hire_date"], start - timedelta(days=rng.randint(700, 1300)))
            old_model = rng.choices(*models)[0]
            old = self.new_device(old_model, first - timedelta(days=rng.randint(3, 30)), "retired", emp["office"])
            old["location"] = "Oslo" if emp["office"] != "Bergen" else "Bergen"
            self.assign(old, emp, first, start)
        model_id = rng.choices(*models)[0]
        status = "assigned"
        dev = self.new_device(model_id, start - timedelta(days=rng.randint(3, 40)), status, emp["office"])
        a = self.assign(dev, emp, start, emp["offboarded_on"])
        if emp["offboarded_on"]:
            dev["status"] = rng.choice(["in_stock", "retired"]) if category != "monitor" else "in_stock"
            dev["location"] = "Oslo" if emp["office"] != "Bergen" else "Bergen"
            if dev["status"] == "in_stock":
                dev["_reissue"] = True
        return a

    def build_devices(self) -> None:
        rng = self.rng
        for emp in self.people:
            laptops = LAPTOP_BY_DEPT.get(emp["department_id"], LAPTOP_DEFAULT)
            self.holding(emp, "laptop", laptops, date(2022, 3, 1), True)
            if rng.random() < 0.62 or emp["_head"]:
                self.holding(emp, "phone", PHONES, date(2023, 1, 1), rng.random() < 0.5)
            r = rng.random()
            if r < 0.72 and emp["office"] != "Remote" or r < 0.3:
                self.holding(emp, "monitor", MONITORS, date(2021, 1, 1), False)
                if rng.random() < 0.3:
                    self.holding(emp, "monitor", MONITORS, date(2021, 1, 1), False)
            if rng.random() < 0.1:
                self.holding(emp, "tablet", (["MDL-12"], [1]), date(2023, 6, 1), False)
        # stock, bought this year; devices returned by people who left and still good are stock too
        for model_id, count in STOCK.items():
            for _ in range(count):
                self.new_device(model_id, date(2026, 1, 10) + timedelta(days=rng.randint(0, 200)), "in_stock",
                                rng.choice(["Oslo", "Oslo", "Bergen"]))
        for d in self.devices:
            if d.pop("_reissue", False) and d["warranty_end"] < TODAY:
                d["status"] = "retired"
        # the loaner pool: Latitude 5450 laptops and iPhone SE phones
        self.loaners = [self.new_device("MDL-13", date(2025, 4, 2) + timedelta(days=rng.randint(0, 300)),
                                        "in_stock", rng.choice(["Oslo", "Bergen"]), loaner=True) for _ in range(9)]
        self.loaners += [self.new_device("MDL-08", date(2025, 5, 2) + timedelta(days=rng.randint(0, 300)),
                                         "in_stock", "Oslo", loaner=True) for _ in range(4)]
        # some never-assigned old spares are retired
        for _ in range(26):
            m = rng.choice(list(self.model))
            self.new_device(m, date(2019, 2, 1) + timedelta(days=rng.randint(0, 900)), "retired", "Oslo")

    # -- repairs and loaners ---------------------------------------------------------------------------------

    def build_repairs(self) -> None:
        rng = self.rng
        active = {p["employee_id"]: p for p in self.people if p["status"] == "active"}
        current = [a for a in self.assignments if a["status"] == "active" and a["kind"] == "standard"]
        repairs = []
        # completed repairs in the past two years on devices people held at the time
        for a in rng.sample(current, 110):
            dev = a["asset_tag"]
            cat = self.model[dev["model_id"]][1]
            lo = max(a["assigned_on"] + timedelta(days=20), TODAY - timedelta(days=700))
            if lo >= TODAY - timedelta(days=20):
                continue
            opened = datetime.combine(lo + timedelta(days=rng.randint(0, (TODAY - timedelta(days=20) - lo).days)),
                                      time(rng.randint(8, 16), rng.choice([5, 12, 20, 34, 41, 55])))
            warranty = opened.date() <= dev["warranty_end"]
            emp = next(p for p in self.people if p["employee_id"] == a["employee_id"])
            repairs.append({"asset_tag": dev, "employee_id": a["employee_id"], "fault": rng.choice(FAULTS[cat]),
                            "opened_at": opened, "under_warranty": warranty,
                            "charge": 0.0 if warranty else REPAIR_FEE[cat],
                            "charged_to": None if warranty else emp["department_id"], "status": "completed",
                            "closed_at": opened + timedelta(days=rng.randint(2, 12), hours=rng.randint(0, 5))})
        # open repairs: the device is with the vendor now
        taken = {id(r["asset_tag"]) for r in repairs}
        opened_now = 0
        for a in rng.sample(current, len(current)):
            dev = a["asset_tag"]
            if opened_now == 18 or id(dev) in taken or a["employee_id"] not in active:
                continue
            cat = self.model[dev["model_id"]][1]
            if cat == "monitor":
                continue
            opened = NOW - timedelta(days=rng.randint(1, 12), hours=rng.randint(1, 8))
            warranty = opened.date() <= dev["warranty_end"]
            repairs.append({"asset_tag": dev, "employee_id": a["employee_id"], "fault": rng.choice(FAULTS[cat]),
                            "opened_at": opened, "under_warranty": warranty,
                            "charge": 0.0 if warranty else REPAIR_FEE[cat],
                            "charged_to": None if warranty else active[a["employee_id"]]["department_id"],
                            "status": "open", "closed_at": None})
            dev["status"] = "in_repair"
            dev["location"] = "Vendor"
            opened_now += 1
            # half of them got a loaner laptop while they wait
            if cat == "laptop" and opened_now % 2 == 0:
                loaner = next(x for x in self.loaners if x["status"] == "in_stock" and x["model_id"] == "MDL-13")
                start = opened.date()
                due = start + timedelta(days=rng.choice([7, 10, 14]))
                self.assign(loaner, active[a["employee_id"]], start, None, "loaner", due)
                loaner["status"] = "assigned"
        # past loans, returned
        pool = [p for p in self.people if p["status"] == "active"]
        for _ in range(30):
            loaner = rng.choice(self.loaners)
            emp = rng.choice(pool)
            start = TODAY - timedelta(days=rng.randint(30, 500))
            if start < emp["hire_date"]:
                continue
            days = rng.choice([3, 5, 7, 10, 14])
            self.assign(loaner, emp, start, start + timedelta(days=days - rng.randint(0, 2)), "loaner",
                        start + timedelta(days=days))
        self.repairs = repairs

    # -- software and groups ---------------------------------------------------------------------------------

    def build_licenses(self) -> None:
        rng = self.rng
        rows = []
        active = [p for p in self.people if p["status"] == "active"]

        def grant(sw: str, p: dict[str, Any], released: bool = False) -> None:
            start = max(p["hire_date"], date(2023, 1, 1)) + timedelta(days=rng.randint(0, 30))
            start = min(start, TODAY - timedelta(days=1))
            end = (p["offboarded_on"] if p["offboarded_on"] else
                   start + timedelta(days=rng.randint(30, max(31, (TODAY - start).days - 1)))) if released else None
            if end is not None and end >= TODAY:
                end = TODAY - timedelta(days=1)
            rows.append({"software_id": sw, "employee_id": p["employee_id"], "assigned_on": start,
                         "released_on": end, "status": "released" if released else "active"})

        for p in self.people:
            for sw in ("SW-01", "SW-02"):
                grant(sw, p, released=p["status"] == "offboarded")
        for sw, (deps, share, target) in LICENSE_PLAN.items():
            cand = [p for p in active if deps is None or p["department_id"] in deps]
            chosen = [p for p in cand if rng.random() < share]
            if target is not None:
                extra = [p for p in cand if p not in chosen]
                rng.shuffle(extra)
                chosen = (chosen + extra)[:target]
            for p in chosen:
                grant(sw, p)
            for p in rng.sample([p for p in self.people if p["status"] == "offboarded"], 3):
                if deps is None or p["department_id"] in deps:
                    grant(sw, p, released=True)
        rows.sort(key=lambda r: (r["assigned_on"], r["employee_id"], r["software_id"]))
        for i, r in enumerate(rows):
            self.tables["license_assignments"].append({"license_id": f"LIC-{30001 + i}", **r})
        for sw in SOFTWARE:
            self.tables["software_titles"].append(dict(zip(
                ["software_id", "name", "vendor", "seats_total", "cost_per_seat", "restricted_to"], sw)))
        for g in GROUPS:
            self.tables["access_groups"].append(dict(zip(["group_id", "name", "description", "restricted_to"], g)))
        members = []
        for p in active:
            start = max(p["hire_date"], date(2022, 1, 1))
            mine = ["GRP-01"] if p["office"] == "Remote" or rng.random() < 0.6 else []
            if p["office"] == "Oslo":
                mine.append("GRP-02")
            if p["office"] == "Bergen":
                mine.append("GRP-03")
            restricted = {"DEP-02": "GRP-04", "DEP-06": "GRP-05", "DEP-07": "GRP-06", "DEP-08": "GRP-07",
                          "DEP-05": "GRP-08", "DEP-03": "GRP-09"}.get(p["department_id"])
            if restricted and rng.random() < 0.55:
                mine.append(restricted)
            for g in ("GRP-10", "GRP-11", "GRP-12"):
                if rng.random() < 0.22:
                    mine.append(g)
            for g in mine:
                members.append({"employee_id": p["employee_id"], "group_id": g,
                                "added_on": start + timedelta(days=rng.randint(0, 60))})
        members.sort(key=lambda m: (m["employee_id"], m["group_id"]))
        self.tables["group_memberships"] = members

    # -- requests --------------------------------------------------------------------------------------------

    def build_requests(self) -> None:
        rng = self.rng
        reqs = []
        by_id = {p["employee_id"]: p for p in self.people}
        # fulfilled: the request that brought a device people hold (or held)
        standard = [a for a in self.assignments if a["kind"] == "standard"
                    and a["assigned_on"] > date(2023, 3, 1)]
        for a in rng.sample(standard, 90):
            dev, emp = a["asset_tag"], by_id[a["employee_id"]]
            m = self.model[dev["model_id"]]
            submitted = datetime.combine(a["assigned_on"] - timedelta(days=rng.randint(4, 20)), time(rng.randint(8, 17),
                                                                                                   rng.randint(0, 59)))
            approved = submitted + timedelta(days=rng.randint(1, 3), hours=rng.randint(0, 5))
            mgr = emp["manager_id"] if m[4] > 1500 else None
            reqs.append({"employee_id": emp["employee_id"], "model_id": m[0],
                         "request_kind": "refresh" if a["assigned_on"] > emp["hire_date"] + timedelta(days=300)
                         else "new", "estimated_cost": m[4], "status": "fulfilled", "submitted_at": submitted,
                         "manager_approved_by": mgr, "manager_approved_at": submitted + timedelta(hours=20) if mgr
                         else None, "approved_at": approved,
                         "fulfilled_at": datetime.combine(a["assigned_on"], time(rng.randint(9, 16), 0)),
                         "fulfilled_asset_tag": dev, "cancelled_at": None})
        # rejected and cancelled, in the past
        active = [p for p in self.people if p["status"] == "active" and not p["_head"]]
        for status, n in (("rejected", 12), ("cancelled", 14)):
            for p in rng.sample(active, n):
                m = self.model[rng.choice(["MDL-03", "MDL-05", "MDL-10", "MDL-12", "MDL-09", "MDL-06"])]
                submitted = NOW - timedelta(days=rng.randint(20, 300), hours=rng.randint(0, 8))
                reqs.append({"employee_id": p["employee_id"], "model_id": m[0], "request_kind": "new",
                             "estimated_cost": m[4], "status": status, "submitted_at": submitted,
                             "manager_approved_by": None, "manager_approved_at": None, "approved_at": None,
                             "fulfilled_at": None, "fulfilled_asset_tag": None,
                             "cancelled_at": submitted + timedelta(days=rng.randint(1, 9)) if status == "cancelled"
                             else None})
        # open requests (pending and approved): filed under the rules as of their submission
        holds: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for a in self.assignments:
            if a["status"] == "active" and a["kind"] == "standard":
                cat = self.model[a["asset_tag"]["model_id"]][1]
                holds.setdefault((a["employee_id"], cat), []).append(a)
        limit = {"laptop": 1, "phone": 1, "tablet": 1, "monitor": 2}
        made = 0
        busy: set[str] = set()
        # laptop refreshes above the manager-approval threshold, half of them signed off by the manager
        eligible = [p for p in active if p["department_id"] in ("DEP-02", "DEP-03") and any(
            add_months(a["assigned_on"], 36) <= TODAY and a["asset_tag"]["status"] == "assigned"
            for a in holds.get((p["employee_id"], "laptop"), []))]
        for k, p in enumerate(rng.sample(eligible, 12)):
            m = self.model["MDL-03" if k < 10 else "MDL-05"]  # the P16s is out of stock
            submitted = NOW - timedelta(days=rng.randint(1, 9), hours=rng.randint(1, 9), minutes=rng.randint(0, 59))
            mgr = p["manager_id"] if k % 2 == 0 or k >= 10 else None
            reqs.append({"employee_id": p["employee_id"], "model_id": m[0], "request_kind": "refresh",
                         "estimated_cost": m[4], "status": "pending" if k < 10 else "approved",
                         "submitted_at": submitted, "manager_approved_by": mgr,
                         "manager_approved_at": submitted + timedelta(hours=3) if mgr else None,
                         "approved_at": submitted + timedelta(hours=6) if k >= 10 else None, "fulfilled_at": None, "fulfilled_asset_tag": None,
                         "cancelled_at": None})
            busy.add(p["employee_id"])
        for p in rng.sample(active, len(active)):
            if made == 64:
                break
            if p["employee_id"] in busy:
                continue
            cat = rng.choices(["laptop", "phone", "monitor", "tablet"], [5, 3, 3, 1])[0]
            mine = holds.get((p["employee_id"], cat), [])
            if len(mine) < limit[cat]:
                kind = "new"
            else:
                oldest = min(mine, key=lambda a: a["assigned_on"])
                months = self.model[oldest["asset_tag"]["model_id"]][6]
                if add_months(oldest["assigned_on"], months) > TODAY - timedelta(days=20):
                    continue
                kind = "refresh"
            options = {"laptop": LAPTOP_BY_DEPT.get(p["department_id"], LAPTOP_DEFAULT)[0], "phone": PHONES[0],
                       "monitor": MONITORS[0], "tablet": ["MDL-12"]}[cat]
            m = self.model[rng.choice(options)]
            submitted = NOW - timedelta(days=rng.randint(0, 12), hours=rng.randint(1, 9), minutes=rng.randint(0, 59))
            status = "approved" if rng.random() < 0.35 else "pending"
            mgr = None
            if m[4] > 1500 and (status == "approved" or rng.random() < 0.5):
                mgr = p["manager_id"]
            reqs.append({"employee_id": p["employee_id"], "model_id": m[0], "request_kind": kind,
                         "estimated_cost": m[4], "status": status, "submitted_at": submitted,
                         "manager_approved_by": mgr,
                         "manager_approved_at": submitted + timedelta(hours=rng.randint(1, 6)) if mgr else None,
                         "approved_at": submitted + timedelta(hours=rng.randint(7, 20)) if status == "approved"
                         else None, "fulfilled_at": None, "fulfilled_asset_tag": None, "cancelled_at": None})
            if status == "approved" and reqs[-1]["approved_at"] > NOW:
                reqs[-1]["approved_at"] = NOW - timedelta(minutes=30)
            if mgr and reqs[-1]["manager_approved_at"] > NOW:
                reqs[-1]["manager_approved_at"] = NOW - timedelta(minutes=45)
            busy.add(p["employee_id"])
            made += 1
        reqs.sort(key=lambda r: (r["submitted_at"], r["employee_id"]))
        self.requests = reqs

    # -- ids and tables --------------------------------------------------------------------------------------

    def finish(self) -> None:
        self.devices.sort(key=lambda d: (d["purchase_date"], d["serial_number"]))
        for i, d in enumerate(self.devices):
            d["asset_tag"] = f"AST-{10001 + i}"
            self.tables["devices"].append(dict(d))
        self.assignments.sort(key=lambda a: (a["assigned_on"], a["asset_tag"]["asset_tag"], a["employee_id"]))
        for i, a in enumerate(self.assignments):
            self.tables["device_assignments"].append({**a, "assignment_id": f"ASG-{20001 + i}",
                                                      "asset_tag": a["asset_tag"]["asset_tag"]})
        for i, r in enumerate(self.requests):
            self.tables["hardware_requests"].append({**r, "request_id": f"REQ-{40001 + i}", "fulfilled_asset_tag":
                                                     r["fulfilled_asset_tag"]["asset_tag"]
                                                     if r["fulfilled_asset_tag"] else None})
        self.repairs.sort(key=lambda r: (r["opened_at"], r["asset_tag"]["asset_tag"]))
        spent: dict[str, float] = {}
        for i, r in enumerate(self.repairs):
            self.tables["repair_orders"].append({**r, "repair_id": f"RPR-{50001 + i}",
                                                 "asset_tag": r["asset_tag"]["asset_tag"]})
            if r["charged_to"] and r["opened_at"].year == TODAY.year:
                spent[r["charged_to"]] = money(spent.get(r["charged_to"], 0.0) + r["charge"])
        left = {d[0]: d[4] for d in DEPARTMENTS}
        for dep in self.tables["departments"]:
            s = spent.get(dep["department_id"], 0.0)
            dep["repair_spent"] = s
            dep["repair_budget"] = money(s + left[dep["department_id"]])
        for p in self.people:
            self.tables["employees"].append({k: v for k, v in p.items() if not k.startswith("_")})
        for m in MODELS:
            self.tables["device_models"].append(dict(zip(["model_id", "category", "vendor", "model_name",
                                                          "unit_cost", "warranty_months", "refresh_months"], m)))


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
    world.build_people()
    world.build_devices()
    world.build_repairs()
    world.build_licenses()
    world.build_requests()
    world.finish()
    return world.tables


def main() -> None:
    parser = argparse.ArgumentParser(description="Write the itassets environment's seed CSVs.")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the CSV files (default: next to this)")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", build(), cell=lambda value, table, column: fmt(value))


if __name__ == "__main__":
    main()
