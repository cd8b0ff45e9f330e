"""Deterministic seed data for the courses environment (the registrar's office of Kestrel Valley Community College).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``); running it twice gives
byte-identical files. Student and instructor names come from Faker, pinned to version 40.63.0
(``pip install "faker==40.63.0"``; another version draws other names) and seeded; everything else comes from
``random.Random(SEED)``. Registrations follow the same rules as ``tools.py``: prerequisites passed with the
minimum grade, no time conflicts, the semester credit cap of the student's standing, seat and waitlist capacity,
and no registration while a blocking hold is active. Charges follow the tuition table and the refund schedule.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20261007
NOW = datetime(2026, 10, 7, 10, 0, 0)
TODAY = NOW.date()
HERE = Path(__file__).resolve().parent
N_STUDENTS = 180

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

RATES = {"in_district": (148.00, "Residents of the Kestrel Valley college district"),
         "out_of_district": (262.00, "State residents living outside the college district"),
         "out_of_state": (391.00, "Residents of other states and international students")}
CAPS = {"good": 18, "warning": 15, "probation": 12}
GRADE_RANK = {"A": 4, "B": 3, "C": 2, "P": 2, "D": 1, "F": 0}

# (term_id, name, semester, starts, ends, registration opens, add/drop deadline, withdrawal deadline)
TERMS = [
    ("FA25", "Fall 2025", "Fall 2025", "2025-08-25", "2025-12-12", "2025-04-07", "2025-09-05", "2025-11-07"),
    ("SP26", "Spring 2026", "Spring 2026", "2026-01-20", "2026-05-15", "2025-10-27", "2026-01-30", "2026-04-03"),
    ("SU26", "Summer 2026", "Summer 2026", "2026-06-01", "2026-07-31", "2026-03-30", "2026-06-05", "2026-07-10"),
    ("FA26", "Fall 2026", "Fall 2026", "2026-08-31", "2026-12-18", "2026-04-06", "2026-09-11", "2026-11-06"),
    ("FA26-8A", "Fall 2026 First 8-Week", "Fall 2026", "2026-08-31", "2026-10-23", "2026-04-06", "2026-09-04",
     "2026-10-02"),
    ("FA26-LS", "Fall 2026 Late-Start 12-Week", "Fall 2026", "2026-09-21", "2026-12-18", "2026-04-06", "2026-09-29",
     "2026-11-20"),
    ("FA26-8B", "Fall 2026 Second 8-Week", "Fall 2026", "2026-10-26", "2026-12-18", "2026-04-06", "2026-10-30",
     "2026-12-04"),
    ("SP27", "Spring 2027", "Spring 2027", "2027-01-19", "2027-05-14", "2026-09-28", "2027-01-29", "2027-04-02"),
    ("SU27", "Summer 2027", "Summer 2027", "2027-06-01", "2027-07-30", "2027-03-29", "2027-06-04", "2027-07-09"),
]
PAST = ["FA25", "SP26", "SU26"]
FALL = ["FA26", "FA26-8A", "FA26-LS", "FA26-8B"]

DEPARTMENTS = {
    "ACC": "Business and Accounting", "BUS": "Business and Accounting", "ART": "Arts and Humanities",
    "MUS": "Arts and Humanities", "PHI": "Arts and Humanities", "BIO": "Life and Physical Sciences",
    "CHM": "Life and Physical Sciences", "CIS": "Computer Information Systems", "COM": "Communication",
    "ECE": "Education", "ENG": "English", "HIS": "Social Sciences", "PSY": "Social Sciences",
    "SOC": "Social Sciences", "HVA": "Technical Trades", "WLD": "Technical Trades", "MAT": "Mathematics",
    "SPA": "World Languages", "HPE": "Health and Physical Education",
}
BUILDINGS = {
    "Business and Accounting": "Commerce Hall", "Arts and Humanities": "Arts Annex",
    "Life and Physical Sciences": "Science Center", "Computer Information Systems": "Technology Building",
    "Communication": "Founders Hall", "Education": "Founders Hall", "English": "Founders Hall",
    "Social Sciences": "Founders Hall", "Technical Trades": "Trades Center", "Mathematics": "Science Center",
    "World Languages": "Founders Hall", "Health and Physical Education": "Wellness Center",
}

# (course_id, title, credits, lab fee, pass/fail allowed, prerequisites [(course, min grade)], capacity,
#  sections per full term, offered: B both / F fall / S spring, description)
COURSES: list[tuple[str, str, int, float, bool, list[tuple[str, str]], int, int, str, str]] = [
    ("ACC 101", "Principles of Financial Accounting", 3, 0.0, False, [], 32, 2, "B",
     "Recording, summarizing and reporting business transactions; the accounting cycle and financial statements."),
    ("ACC 102", "Principles of Managerial Accounting", 3, 0.0, False, [("ACC 101", "C")], 32, 1, "B",
     "Cost behavior, budgeting, product costing and decision making for managers."),
    ("ACC 210", "Payroll Accounting", 3, 0.0, False, [("ACC 101", "C")], 28, 1, "F",
     "Payroll calculations, tax withholding and reporting, and payroll records."),
    ("ACC 215", "Computerized Accounting", 3, 35.0, False, [("ACC 101", "C")], 24, 1, "S",
     "Accounting software for the general ledger, receivables, payables and payroll."),
    ("ART 101", "Drawing I", 3, 40.0, True, [], 18, 1, "B",
     "Observational drawing in line, value and perspective with dry media."),
    ("ART 110", "Art Appreciation", 3, 0.0, True, [], 35, 2, "B",
     "How to look at painting, sculpture, architecture and new media across cultures."),
    ("ART 120", "Ceramics I", 3, 85.0, True, [], 14, 1, "B",
     "Hand-building and wheel-throwing, glazing and kiln firing."),
    ("ART 201", "Drawing II", 3, 40.0, True, [("ART 101", "C")], 18, 1, "S",
     "Figure drawing, composition and wet media."),
    ("BIO 105", "Principles of Biology", 4, 60.0, False, [], 24, 3, "B",
     "Cells, genetics, evolution and ecology, with a weekly laboratory."),
    ("BIO 110", "Environmental Science", 3, 0.0, True, [], 32, 1, "B",
     "Ecosystems, resources, pollution and sustainability."),
    ("BIO 121", "Anatomy and Physiology I", 4, 75.0, False, [("BIO 105", "C")], 24, 2, "B",
     "Body organization, tissues, and the integumentary, skeletal, muscular and nervous systems; lab included."),
    ("BIO 122", "Anatomy and Physiology II", 4, 75.0, False, [("BIO 121", "C")], 24, 1, "B",
     "Endocrine, cardiovascular, respiratory, digestive, urinary and reproductive systems; lab included."),
    ("BIO 210", "Microbiology", 4, 80.0, False, [("BIO 121", "C")], 20, 1, "S",
     "Microorganisms, infection and immunity, with aseptic laboratory technique."),
    ("BUS 101", "Introduction to Business", 3, 0.0, True, [], 35, 2, "B",
     "Business ownership, management, marketing, finance and the economy."),
    ("BUS 150", "Business Communication", 3, 0.0, False, [("ENG 101", "C")], 28, 1, "B",
     "Professional writing, presentations and workplace communication."),
    ("BUS 205", "Principles of Marketing", 3, 0.0, False, [("BUS 101", "D")], 32, 1, "F",
     "Markets, consumer behavior, product, price, promotion and distribution."),
    ("BUS 220", "Business Law", 3, 0.0, False, [], 32, 1, "S",
     "Contracts, torts, agency, business organizations and the legal environment."),
    ("CHM 110", "Introductory Chemistry", 4, 70.0, False, [("MAT 095", "C")], 24, 2, "B",
     "Measurement, atoms, bonding, reactions and solutions, with laboratory."),
    ("CHM 121", "General Chemistry I", 4, 70.0, False, [("CHM 110", "C"), ("MAT 120", "C")], 24, 1, "F",
     "Stoichiometry, thermochemistry, atomic structure and bonding, with laboratory."),
    ("CHM 122", "General Chemistry II", 4, 70.0, False, [("CHM 121", "C")], 24, 1, "S",
     "Kinetics, equilibrium, acids and bases, and electrochemistry, with laboratory."),
    ("CIS 101", "Computer Concepts", 3, 0.0, True, [], 30, 2, "B",
     "Hardware, software, networks, security and productivity applications."),
    ("CIS 120", "Programming in Python", 3, 25.0, False, [("MAT 095", "C")], 26, 2, "B",
     "Variables, control flow, functions, files and data structures in Python."),
    ("CIS 140", "Networking Fundamentals", 3, 25.0, False, [("CIS 101", "C")], 24, 1, "B",
     "Network models, addressing, switching, routing and wireless networks."),
    ("CIS 220", "Database Design", 3, 25.0, False, [("CIS 120", "C")], 24, 1, "S",
     "Relational modeling, normalization and SQL."),
    ("CIS 230", "Web Development", 3, 25.0, False, [("CIS 120", "C")], 24, 1, "F",
     "HTML, CSS, JavaScript and server-side scripting."),
    ("COM 101", "Public Speaking", 3, 0.0, False, [], 24, 3, "B",
     "Preparing and delivering informative and persuasive speeches."),
    ("COM 110", "Interpersonal Communication", 3, 0.0, True, [], 28, 1, "B",
     "Perception, listening, conflict and relationships."),
    ("ECE 101", "Child Growth and Development", 3, 0.0, False, [], 30, 1, "B",
     "Development from birth through age eight."),
    ("ECE 120", "Early Childhood Curriculum", 3, 0.0, False, [("ECE 101", "C")], 28, 1, "S",
     "Planning developmentally appropriate learning activities."),
    ("ENG 095", "College Reading and Writing Prep", 3, 0.0, False, [], 22, 2, "B",
     "Reading strategies and paragraph-to-essay writing for college readiness."),
    ("ENG 101", "Composition I", 3, 0.0, False, [], 24, 4, "B",
     "Academic essays, the writing process and research basics."),
    ("ENG 102", "Composition II", 3, 0.0, False, [("ENG 101", "C")], 24, 3, "B",
     "Argument, research writing and documentation."),
    ("ENG 210", "American Literature", 3, 0.0, True, [("ENG 102", "C")], 28, 1, "F",
     "American fiction, poetry and drama from the colonial period to the present."),
    ("ENG 220", "Creative Writing", 3, 0.0, True, [("ENG 101", "C")], 20, 1, "S",
     "Workshops in fiction, poetry and creative nonfiction."),
    ("HIS 101", "US History to 1877", 3, 0.0, True, [], 35, 2, "B",
     "Colonial America through Reconstruction."),
    ("HIS 102", "US History since 1877", 3, 0.0, True, [], 35, 2, "B",
     "Industrialization to the present."),
    ("HIS 110", "World Civilizations I", 3, 0.0, True, [], 35, 1, "B",
     "Ancient and medieval societies to 1500."),
    ("HPE 110", "Fitness and Wellness", 1, 20.0, True, [], 25, 2, "B",
     "Personal fitness assessment and exercise planning."),
    ("HPE 120", "Yoga", 1, 20.0, True, [], 20, 1, "B",
     "Hatha yoga postures, breathing and relaxation."),
    ("HVA 101", "Refrigeration Fundamentals", 4, 95.0, False, [], 16, 1, "B",
     "Refrigeration cycle, tools, brazing and safe refrigerant handling."),
    ("HVA 120", "Heating Systems", 4, 95.0, False, [("HVA 101", "C")], 16, 1, "S",
     "Gas and electric furnaces, controls and combustion analysis."),
    ("MAT 095", "Intermediate Algebra", 3, 0.0, False, [], 26, 3, "B",
     "Linear and quadratic equations, functions and exponents."),
    ("MAT 110", "Quantitative Reasoning", 3, 0.0, False, [("MAT 095", "D")], 30, 1, "B",
     "Numeracy, financial math, probability and data for everyday decisions."),
    ("MAT 120", "College Algebra", 3, 0.0, False, [("MAT 095", "C")], 30, 2, "B",
     "Polynomial, rational, exponential and logarithmic functions."),
    ("MAT 140", "Introductory Statistics", 3, 0.0, False, [("MAT 095", "C")], 30, 2, "B",
     "Descriptive statistics, probability, sampling, estimation and hypothesis tests."),
    ("MAT 150", "Precalculus", 4, 0.0, False, [("MAT 120", "C")], 30, 1, "B",
     "Functions, trigonometry and analytic geometry."),
    ("MAT 210", "Calculus I", 4, 0.0, False, [("MAT 150", "C")], 30, 1, "B",
     "Limits, derivatives and integrals with applications."),
    ("MUS 101", "Music Appreciation", 3, 0.0, True, [], 35, 1, "B",
     "Listening to Western art music and world music traditions."),
    ("MUS 120", "Class Piano I", 2, 30.0, True, [], 12, 1, "B",
     "Keyboard technique, reading and harmonization for beginners."),
    ("PHI 101", "Introduction to Philosophy", 3, 0.0, True, [], 32, 1, "B",
     "Knowledge, reality, mind and freedom through classic texts."),
    ("PHI 110", "Ethics", 3, 0.0, True, [], 32, 1, "B",
     "Moral theories and contemporary ethical issues."),
    ("PSY 101", "General Psychology", 3, 0.0, False, [], 35, 3, "B",
     "Behavior, cognition, development, personality and disorders."),
    ("PSY 210", "Developmental Psychology", 3, 0.0, False, [("PSY 101", "C")], 32, 1, "B",
     "Human development across the lifespan."),
    ("PSY 220", "Abnormal Psychology", 3, 0.0, False, [("PSY 101", "C")], 32, 1, "S",
     "Psychological disorders, diagnosis and treatment."),
    ("SOC 101", "Introduction to Sociology", 3, 0.0, True, [], 35, 2, "B",
     "Culture, socialization, groups, inequality and institutions."),
    ("SOC 210", "Social Problems", 3, 0.0, True, [("SOC 101", "D")], 32, 1, "F",
     "Poverty, crime, health and environmental problems in society."),
    ("SPA 101", "Elementary Spanish I", 4, 0.0, False, [], 25, 2, "B",
     "Listening, speaking, reading and writing in Spanish for beginners."),
    ("SPA 102", "Elementary Spanish II", 4, 0.0, False, [("SPA 101", "C")], 25, 1, "B",
     "Continuation of Elementary Spanish I."),
    ("WLD 101", "Welding Fundamentals", 4, 120.0, False, [], 14, 1, "B",
     "Shop safety, oxy-fuel cutting and shielded metal arc welding."),
    ("WLD 130", "Gas Metal Arc Welding", 4, 120.0, False, [("WLD 101", "C")], 14, 1, "S",
     "MIG welding in all positions on carbon steel."),
]
SESSION_COURSES = {
    "FA26-8A": ["ENG 101", "MAT 120", "PSY 101", "CIS 101", "BUS 101", "HPE 110", "COM 110", "HIS 102", "ART 110",
                "SOC 101"],
    "FA26-LS": ["ENG 101", "MAT 095", "MAT 140", "PSY 101", "CIS 101", "BIO 110", "COM 101", "SOC 101", "HPE 120"],
    "FA26-8B": ["ENG 102", "MAT 140", "PSY 101", "CIS 101", "BUS 101", "HPE 110", "COM 110", "HIS 101", "PHI 110",
                "MUS 101", "ACC 101", "SOC 101", "ART 120", "MUS 120"],
    "SU26": ["ENG 101", "ENG 102", "MAT 095", "MAT 120", "MAT 140", "PSY 101", "SOC 101", "HIS 102", "BIO 105",
             "CIS 101", "COM 101", "PHI 110", "BUS 101"],
    "SU27": ["ENG 101", "ENG 102", "MAT 120", "MAT 140", "PSY 101", "SOC 101", "HIS 101", "BIO 105", "CIS 101",
             "COM 101", "ART 110", "PHI 101"],
}
# Sections of the terms open for registration that are small and in demand: filled, then waitlisted.
POPULAR = {"SP27": ["ART 120", "MUS 120", "WLD 101", "BIO 121", "HPE 120", "COM 101", "ENG 220", "HVA 101"],
           "FA26-8B": ["ART 120", "MUS 120", "HPE 110"]}

PROGRAMS = [
    ("AA-GEN", "General Studies", "AA", "Arts and Humanities", 60, True),
    ("AA-PSY", "Psychology Transfer", "AA", "Social Sciences", 60, True),
    ("AS-BIO", "Biology Transfer", "AS", "Life and Physical Sciences", 61, True),
    ("AS-PNU", "Pre-Nursing", "AS", "Life and Physical Sciences", 62, True),
    ("AS-CSC", "Computer Science Transfer", "AS", "Computer Information Systems", 61, True),
    ("AAS-ACC", "Accounting", "AAS", "Business and Accounting", 62, True),
    ("AAS-BUS", "Business Management", "AAS", "Business and Accounting", 61, True),
    ("AAS-CIS", "Computer Information Systems", "AAS", "Computer Information Systems", 62, True),
    ("AAS-ECE", "Early Childhood Education", "AAS", "Education", 60, True),
    ("AAS-HVA", "HVAC Technology", "AAS", "Technical Trades", 64, True),
    ("AAS-PHO", "Photography", "AAS", "Arts and Humanities", 62, False),
    ("CRT-WLD", "Welding", "Certificate", "Technical Trades", 32, True),
    ("CRT-BKP", "Bookkeeping", "Certificate", "Business and Accounting", 30, True),
    ("CRT-WEB", "Web Development", "Certificate", "Computer Information Systems", 30, False),
    ("ND-ENR", "Personal Enrichment", "Non-degree", "Arts and Humanities", 0, True),
]
PROGRAM_WEIGHTS = [22, 10, 8, 14, 7, 7, 8, 8, 6, 5, 2, 5, 3, 2, 3]
# Courses a student of a program leans towards (besides general education).
PROGRAM_SUBJECTS = {
    "AA-GEN": ["ENG", "HIS", "PHI", "ART", "MUS", "SOC"], "AA-PSY": ["PSY", "SOC", "ENG", "MAT"],
    "AS-BIO": ["BIO", "CHM", "MAT"], "AS-PNU": ["BIO", "CHM", "PSY", "MAT"], "AS-CSC": ["CIS", "MAT"],
    "AAS-ACC": ["ACC", "BUS", "CIS"], "AAS-BUS": ["BUS", "ACC", "COM"], "AAS-CIS": ["CIS", "MAT"],
    "AAS-ECE": ["ECE", "PSY", "ENG"], "AAS-HVA": ["HVA", "MAT"], "AAS-PHO": ["ART", "CIS"],
    "CRT-WLD": ["WLD"], "CRT-BKP": ["ACC", "CIS"], "CRT-WEB": ["CIS"], "ND-ENR": ["ART", "MUS", "HPE", "SPA"],
}
GEN_ED = ["ENG 101", "ENG 102", "MAT 095", "MAT 120", "MAT 140", "PSY 101", "SOC 101", "COM 101", "HIS 101",
          "HIS 102", "BIO 105", "CIS 101", "HPE 110"]

SLOTS = {  # credits -> (days, start, end) choices for sections meeting on campus
    3: [("MW", "08:00", "09:15"), ("MW", "09:30", "10:45"), ("MW", "11:00", "12:15"), ("MW", "12:30", "13:45"),
        ("MW", "14:00", "15:15"), ("TR", "08:00", "09:15"), ("TR", "09:30", "10:45"), ("TR", "11:00", "12:15"),
        ("TR", "12:30", "13:45"), ("TR", "14:00", "15:15"), ("MWF", "09:00", "09:50"), ("MWF", "10:00", "10:50"),
        ("MWF", "11:00", "11:50")],
    4: [("MW", "08:00", "09:50"), ("MW", "10:00", "11:50"), ("MW", "12:30", "14:20"), ("TR", "08:00", "09:50"),
        ("TR", "10:00", "11:50"), ("TR", "12:30", "14:20")],
    2: [("TR", "15:30", "16:45"), ("MW", "15:30", "16:45")],
    1: [("F", "09:00", "10:50"), ("F", "11:00", "12:50"), ("M", "16:00", "17:50"), ("W", "16:00", "17:50")],
}
EVENING = {3: [("M", "18:00", "20:45"), ("T", "18:00", "20:45"), ("W", "18:00", "20:45"), ("R", "18:00", "20:45")],
           4: [("MW", "18:00", "19:50"), ("TR", "18:00", "19:50")]}
ON_CAMPUS_ONLY = {"BIO", "CHM", "HVA", "WLD", "ART", "HPE", "MUS", "SPA"}

HOLD_KINDS = {
    "financial": ("Student Accounts", True), "advising": ("Advising Center", True),
    "immunization": ("Health Services", True), "conduct": ("Dean of Students", True),
    "library": ("Library", False), "admissions": ("Admissions Office", False),
}


def d(text: str) -> date:
    return date.fromisoformat(text)


def stamp(day: date, rng: random.Random, start: int = 8, end: int = 20) -> datetime:
    return datetime(day.year, day.month, day.day, rng.randint(start, end - 1), rng.choice([0, 15, 30, 45]),
                    rng.randint(0, 59))


def between(a: date, b: date, rng: random.Random) -> date:
    return a + timedelta(days=rng.randint(0, max(0, (b - a).days)))


def minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


class World:
    """Builds every table; the helpers mirror the registration rules of ``tools.py``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fake = Faker("en_US")
        self.fake.seed_instance(seed)
        self.terms = {t[0]: {"term_id": t[0], "name": t[1], "semester": t[2], "starts_on": d(t[3]),
                             "ends_on": d(t[4]), "registration_opens": d(t[5]), "add_drop_deadline": d(t[6]),
                             "partial_refund_until": d(t[6]) + timedelta(days=14), "withdrawal_deadline": d(t[7]),
                             "grades_posted": t[0] in PAST} for t in TERMS}
        self.courses = {c[0]: {"course_id": c[0], "subject": c[0].split()[0], "title": c[1], "credits": c[2],
                               "lab_fee": c[3], "pass_fail_allowed": c[4], "prereqs": c[5], "capacity": c[6],
                               "count": c[7], "offered": c[8], "description": c[9]} for c in COURSES}
        self.sections: dict[str, dict[str, Any]] = {}
        self.enrollments: list[dict[str, Any]] = []
        self.taken: dict[str, int] = defaultdict(int)       # section -> enrolled seats
        self.waiting: dict[str, int] = defaultdict(int)     # section -> waitlisted
        self.grades: dict[str, dict[str, str]] = defaultdict(dict)   # student -> course -> best grade
        self.active: dict[str, list[dict[str, Any]]] = defaultdict(list)  # student -> active enrollments
        self.holds: list[dict[str, Any]] = []
        self.entries: list[dict[str, Any]] = []

    # -- people --------------------------------------------------------------------------------------------

    def instructors(self) -> list[dict[str, Any]]:
        out, used = [], set()
        depts = sorted(set(DEPARTMENTS.values()))
        titles = ["Professor", "Associate Professor", "Assistant Professor", "Instructor", "Adjunct Instructor"]
        n = 0
        for dept in depts:
            for _ in range(3 if dept in ("English", "Mathematics", "Social Sciences", "Life and Physical Sciences")
                           else 2):
                while True:
                    first, last = self.fake.first_name(), self.fake.last_name()
                    if last not in used:
                        used.add(last)
                        break
                n += 1
                out.append({"instructor_id": f"INS-{n:03d}", "first_name": first, "last_name": last,
                            "title": self.rng.choice(titles), "department": dept,
                            "email": f"{first[0].lower()}{last.lower().replace(' ', '')}@kvcc.edu"})
        self.staff = out
        return out

    def students(self) -> list[dict[str, Any]]:
        out, names, numbers = [], set(), set()
        admitted = ["FA25"] * 30 + ["SP26"] * 20 + ["SU26"] * 4 + ["FA26"] * 42 + ["SP27"] * 4
        for i in range(1, N_STUDENTS + 1):
            while True:
                first, last = self.fake.first_name(), self.fake.last_name()
                if (first, last) not in names:
                    names.add((first, last))
                    break
            while True:
                number = f"{self.rng.randint(1000000, 9999999)}"
                if number not in numbers:
                    numbers.add(number)
                    break
            age = self.rng.choice([18] * 6 + [19] * 7 + [20] * 5 + [21, 22, 23, 24, 26, 28, 31, 35, 42, 51])
            born = date(2026 - age, 1, 1) + timedelta(days=self.rng.randint(0, 364))
            program = self.rng.choices([p[0] for p in PROGRAMS], weights=PROGRAM_WEIGHTS)[0]
            dept = next(p[3] for p in PROGRAMS if p[0] == program)
            advisors = [s["instructor_id"] for s in self.staff if s["department"] == dept]
            residency = self.rng.choices(list(RATES), weights=[75, 17, 8])[0]
            term = self.rng.choice(admitted)
            declared = self.terms[term]["registration_opens"] + timedelta(days=self.rng.randint(0, 40))
            if term in PAST and self.rng.random() < 0.25:  # changed programs since admission
                declared = between(date(2026, 1, 5), date(2026, 10, 2), self.rng)
            declared = min(declared, TODAY - timedelta(days=1))
            out.append({"student_id": f"S-{10000 + i}", "student_number": number, "first_name": first,
                        "last_name": last,
                        "email": f"{first.lower()}.{last.lower().replace(' ', '')}{self.rng.randint(1, 99)}"
                                 f"@students.kvcc.edu",
                        "phone": f"({self.rng.choice(['608', '920', '715', '262'])}) 555-0{self.rng.randint(100, 199)}",
                        "date_of_birth": born, "program_id": program, "program_declared_on": declared,
                        "standing": "good", "residency": residency,
                        "advisor_id": self.rng.choice(advisors), "admitted_term": term,
                        "ability": min(4.2, max(0.6, self.rng.gauss(2.9, 0.75))),
                        "load": self.rng.choice(["full", "full", "full", "part", "part"])})
        self.people = out
        return out

    # -- sections ------------------------------------------------------------------------------------------

    def build_sections(self) -> None:
        counter = {"FA25": 30100, "SP26": 31100, "SU26": 32100, "FA26": 40100, "FA26-8A": 41100,
                   "FA26-LS": 42100, "FA26-8B": 43100, "SP27": 50100, "SU27": 51100}
        for term_id in self.terms:
            if term_id in SESSION_COURSES:
                plan = [(c, 1) for c in SESSION_COURSES[term_id]]
            else:
                season = "F" if term_id.startswith("FA") else "S"
                plan = [(c["course_id"], c["count"]) for c in self.courses.values() if c["offered"] in ("B", season)]
            for course_id, count in plan:
                course = self.courses[course_id]
                for k in range(count):
                    counter[term_id] += self.rng.randint(1, 9)
                    self.sections[f"SEC-{counter[term_id]}"] = self.make_section(
                        f"SEC-{counter[term_id]}", course, term_id, k)

    def make_section(self, section_id: str, course: dict[str, Any], term_id: str, k: int) -> dict[str, Any]:
        subject, credits = course["subject"], course["credits"]
        summer = term_id.startswith("SU")
        roll = self.rng.random()
        if subject in ON_CAMPUS_ONLY:
            modality = "in_person"
        elif roll < (0.55 if summer else 0.18):
            modality = "online"
        elif roll < (0.65 if summer else 0.28):
            modality = "hybrid"
        else:
            modality = "in_person"
        evening = modality == "in_person" and credits >= 3 and self.rng.random() < 0.15
        dept = DEPARTMENTS[subject]
        staff = [s["instructor_id"] for s in self.staff if s["department"] == dept]
        row = {"section_id": section_id, "course_id": course["course_id"], "term_id": term_id,
               "instructor_id": self.rng.choice(staff), "modality": modality, "days": None, "start_time": None,
               "end_time": None, "room": None, "capacity": course["capacity"],
               "waitlist_capacity": 5 if course["capacity"] <= 20 else 10}
        if modality == "online":
            row["section_number"] = f"W{k + 1}"
        else:
            if evening:
                days, start, end = self.rng.choice(EVENING[credits])
                row["section_number"] = f"N{k + 1}"
            else:
                days, start, end = self.rng.choice(SLOTS[credits])
                row["section_number"] = f"H{k + 1}" if modality == "hybrid" else f"{k + 1:02d}"
            if modality == "hybrid":
                days = days[0]
            row.update(days=days, start_time=start, end_time=end,
                       room=f"{BUILDINGS[dept]} {self.rng.choice([1, 1, 2, 2, 3])}{self.rng.randint(1, 30):02d}")
        return row

    # -- rules ---------------------------------------------------------------------------------------------

    def passed(self, sid: str, course_id: str, min_grade: str) -> bool:
        grade = self.grades[sid].get(course_id)
        return grade is not None and GRADE_RANK[grade] >= GRADE_RANK[min_grade]

    def overlaps(self, a: dict[str, Any], b: dict[str, Any]) -> bool:
        ta, tb = self.terms[a["term_id"]], self.terms[b["term_id"]]
        if ta["starts_on"] > tb["ends_on"] or tb["starts_on"] > ta["ends_on"]:
            return False
        if not a["days"] or not b["days"] or not set(a["days"]) & set(b["days"]):
            return False
        return minutes(a["start_time"]) < minutes(b["end_time"]) and minutes(b["start_time"]) < minutes(a["end_time"])

    def load_of(self, sid: str, semester: str) -> int:
        return sum(self.courses[self.sections[e["section_id"]]["course_id"]]["credits"] for e in self.active[sid]
                   if self.terms[self.sections[e["section_id"]]["term_id"]]["semester"] == semester)

    def eligible(self, student: dict[str, Any], section: dict[str, Any], waitlist: bool = False) -> bool:
        sid, course = student["student_id"], self.courses[section["course_id"]]
        if not all(self.passed(sid, p, g) for p, g in course["prereqs"]):
            return False
        if self.passed(sid, course["course_id"], "C"):
            return False
        mine = [self.sections[e["section_id"]] for e in self.active[sid]]
        if any(s["course_id"] == course["course_id"] for s in mine):
            return False
        if any(self.overlaps(section, s) for s in mine):
            return False
        semester = self.terms[section["term_id"]]["semester"]
        if self.load_of(sid, semester) + course["credits"] > CAPS[student["standing"]]:
            return False
        if waitlist:
            return (self.taken[section["section_id"]] >= section["capacity"]
                    and self.waiting[section["section_id"]] < section["waitlist_capacity"])
        return self.taken[section["section_id"]] < section["capacity"]

    def register(self, student: dict[str, Any], section: dict[str, Any], when: datetime, status: str = "enrolled",
                 basis: str | None = None) -> dict[str, Any]:
        course = self.courses[section["course_id"]]
        if basis is None:
            basis = "pass_fail" if course["pass_fail_allowed"] and self.rng.random() < 0.12 else "letter"
        e = {"enrollment_id": None, "student_id": student["student_id"], "section_id": section["section_id"],
             "status": status, "grading_basis": basis, "grade": None, "registered_at": when, "updated_at": None}
        self.enrollments.append(e)
        self.active[student["student_id"]].append(e)
        if status == "enrolled":
            self.taken[section["section_id"]] += 1
        else:
            self.waiting[section["section_id"]] += 1
        return e

    def wanted(self, student: dict[str, Any], term_id: str) -> list[dict[str, Any]]:
        """The term's sections in the order the student would pick them (program subjects and gen-eds first)."""
        subjects = PROGRAM_SUBJECTS[student["program_id"]]
        secs = [s for s in self.sections.values() if s["term_id"] == term_id]
        self.rng.shuffle(secs)
        def score(s: dict[str, Any]) -> float:
            c = s["course_id"]
            return (2.0 if c.split()[0] in subjects else 1.0 if c in GEN_ED else 0.0) + self.rng.random() * 1.5
        return sorted(secs, key=score, reverse=True)

    def fill(self, student: dict[str, Any], term_id: str, target: int, when: tuple[date, date]) -> None:
        semester = self.terms[term_id]["semester"]
        for section in self.wanted(student, term_id):
            if self.load_of(student["student_id"], semester) >= target:
                return
            if self.eligible(student, section):
                self.register(student, section, stamp(between(*when, self.rng), self.rng))

    # -- history ---------------------------------------------------------------------------------------------

    def grade(self, student: dict[str, Any], basis: str) -> str:
        x = student["ability"] + self.rng.gauss(0, 0.85)
        letter = "A" if x >= 3.45 else "B" if x >= 2.6 else "C" if x >= 1.8 else "D" if x >= 1.25 else "F"
        if basis == "pass_fail":
            return "P" if letter in "ABC" else "F"
        return letter

    def history(self) -> None:
        order = list(self.terms)
        for term_id in PAST:
            t = self.terms[term_id]
            for st in self.people:
                if order.index(st["admitted_term"]) > order.index(term_id):
                    continue
                if term_id == "SU26" and self.rng.random() < 0.7:
                    continue
                target = (6 if term_id == "SU26" else 13 if st["load"] == "full" else 7) + self.rng.randint(0, 2)
                target = min(target, CAPS[st["standing"]])
                self.fill(st, term_id, target, (t["registration_opens"], t["add_drop_deadline"]))
            for st in self.people:
                done = [e for e in self.active[st["student_id"]] if self.sections[e["section_id"]]["term_id"] == term_id]
                for e in done:
                    course_id = self.sections[e["section_id"]]["course_id"]
                    roll = self.rng.random()
                    if roll < 0.04:
                        e.update(status="dropped", updated_at=stamp(between(e["registered_at"].date(),
                                                                           t["add_drop_deadline"], self.rng), self.rng))
                    elif roll < 0.10:
                        e.update(status="withdrawn", grade="W", updated_at=stamp(between(
                            t["add_drop_deadline"] + timedelta(days=1), t["withdrawal_deadline"], self.rng), self.rng))
                    else:
                        grade = self.grade(st, e["grading_basis"])
                        e.update(status="completed", grade=grade, updated_at=stamp(t["ends_on"] + timedelta(days=4),
                                                                                  self.rng))
                        best = self.grades[st["student_id"]].get(course_id)
                        if best is None or GRADE_RANK[grade] > GRADE_RANK[best]:
                            self.grades[st["student_id"]][course_id] = grade
                self.active[st["student_id"]] = []
                st["standing"] = self.standing(st["student_id"])

    def standing(self, sid: str) -> str:
        graded = [e for e in self.enrollments if e["student_id"] == sid and e["status"] == "completed"
                  and e["grading_basis"] == "letter"]
        if not graded:
            return "good"
        points = sum(GRADE_RANK[e["grade"]] * self.courses[self.sections[e["section_id"]]["course_id"]]["credits"]
                     for e in graded)
        hours = sum(self.courses[self.sections[e["section_id"]]["course_id"]]["credits"] for e in graded)
        gpa = points / hours
        return "good" if gpa >= 2.0 else "warning" if gpa >= 1.7 else "probation"

    # -- this semester and the next ----------------------------------------------------------------------------

    def place_holds(self) -> None:
        self.blocked: set[str] = set()
        n = 0
        for st in self.people:
            sid = st["student_id"]
            kinds = []
            r = self.rng.random()
            if st["standing"] == "probation" and r < 0.6:
                kinds.append(("advising", "Academic probation: meet with your advisor before registering",
                              date(2026, 9, 21)))
            if st["admitted_term"] == "FA26" and self.rng.random() < 0.08:
                kinds.append(("immunization", "MMR immunization record not on file", date(2026, 9, 18)))
            if st["admitted_term"] in ("FA26", "SP27") and self.rng.random() < 0.06:
                kinds.append(("admissions", "Final official high school transcript not received",
                              date(2026, 9, 8)))
            if self.rng.random() < 0.05:
                kinds.append(("library", "Overdue library materials", date(2026, 9, 25)))
            if self.rng.random() < 0.01:
                kinds.append(("conduct", "Pending student conduct review", date(2026, 9, 30)))
            for kind, reason, placed in kinds:
                n += 1
                office, blocks = HOLD_KINDS[kind]
                self.holds.append({"hold_id": f"HLD-{n:04d}", "student_id": sid, "hold_type": kind, "office": office,
                                   "reason": reason, "blocks_registration": blocks, "amount_due": 0.0,
                                   "placed_on": placed, "released_on": None})
                if blocks:
                    self.blocked.add(sid)
        self.hold_counter = n
        # Past-due balances: the last past term a student attended is left partly unpaid (hold set in money()).
        self.financial: set[tuple[str, str]] = set()
        attended: dict[str, list[str]] = defaultdict(list)
        for e in self.enrollments:
            term_id = self.sections[e["section_id"]]["term_id"]
            if e["status"] != "dropped" and term_id not in attended[e["student_id"]]:
                attended[e["student_id"]].append(term_id)
        for st in self.people:
            sid = st["student_id"]
            if attended[sid] and sid not in self.blocked and self.rng.random() < 0.09:
                self.financial.add((sid, max(attended[sid], key=PAST.index)))
                self.blocked.add(sid)

    def current(self) -> None:
        fa = self.terms["FA26"]
        for st in self.people:
            if st["admitted_term"] == "SP27":
                continue
            cap = CAPS[st["standing"]]
            target = min(cap, (12 if st["load"] == "full" else 6) + self.rng.choice([0, 0, 1, 3]))
            for session, share in (("FA26-8A", 0.2), ("FA26-LS", 0.12)):
                if self.rng.random() < share:
                    t = self.terms[session]
                    self.fill(st, session, self.load_of(st["student_id"], "Fall 2026") + 3,
                              (t["registration_opens"], t["add_drop_deadline"]))
            self.fill(st, "FA26", target, (fa["registration_opens"], fa["add_drop_deadline"]))
        # Fall changes already made: drops before the deadline, withdrawals after it.
        owing = {sid for sid, _ in self.financial}
        for e in sorted(self.enrollments, key=lambda e: e["registered_at"]):
            term = self.terms[self.sections[e["section_id"]]["term_id"]]
            if term["term_id"] not in ("FA26", "FA26-8A", "FA26-LS") or e["status"] != "enrolled":
                continue
            roll = self.rng.random()
            if roll < 0.05 and e["registered_at"].date() < term["add_drop_deadline"]:
                change = dict(status="dropped", updated_at=stamp(between(
                    e["registered_at"].date() + timedelta(days=1), term["add_drop_deadline"], self.rng), self.rng))
            elif roll < 0.09:
                last = min(TODAY - timedelta(days=1), term["withdrawal_deadline"])
                change = dict(status="withdrawn", grade="W", updated_at=stamp(between(
                    term["add_drop_deadline"] + timedelta(days=1), last, self.rng), self.rng))
            else:
                continue
            if e["student_id"] in owing:
                continue  # a refund would have gone to their past-due balance: they stayed in the class
            e.update(change)
            self.active[e["student_id"]].remove(e)
            self.taken[e["section_id"]] -= 1
        # Open terms: the second 8-week session and spring.
        b, sp = self.terms["FA26-8B"], self.terms["SP27"]
        for st in self.people:
            if st["student_id"] in self.blocked:
                continue
            if st["admitted_term"] != "SP27" and self.rng.random() < 0.3:
                self.fill(st, "FA26-8B", self.load_of(st["student_id"], "Fall 2026") + 3,
                          (b["registration_opens"], TODAY - timedelta(days=1)))
            if self.rng.random() < 0.5:
                target = (12 if st["load"] == "full" else 6) + self.rng.choice([0, 1, 3])
                self.fill(st, "SP27", min(target, CAPS[st["standing"]]) - self.rng.choice([0, 3, 6]),
                          (sp["registration_opens"], TODAY - timedelta(days=1)))
        # Popular sections fill up and grow a waitlist.
        for term_id, course_ids in POPULAR.items():
            t = self.terms[term_id]
            for course_id in course_ids:
                section = next(s for s in self.sections.values()
                               if s["term_id"] == term_id and s["course_id"] == course_id)
                want = self.rng.randint(1, section["waitlist_capacity"])
                if course_id in ("MUS 120", "ART 120") and term_id == "SP27":
                    want = section["waitlist_capacity"]  # a waitlist with no room left
                people = [p for p in self.people if p["student_id"] not in self.blocked]
                self.rng.shuffle(people)
                for st in people:
                    if self.eligible(st, section):
                        self.register(st, section, stamp(between(t["registration_opens"] if term_id == "SP27"
                                                                 else date(2026, 9, 14),
                                                                 TODAY - timedelta(days=2), self.rng), self.rng))
                    elif self.waiting[section["section_id"]] < want and self.eligible(st, section, waitlist=True):
                        self.register(st, section, stamp(between(date(2026, 10, 5), TODAY - timedelta(days=1),
                                                                 self.rng), self.rng), status="waitlisted")

    # -- money ---------------------------------------------------------------------------------------------

    def money(self) -> None:
        rate = {st["student_id"]: RATES[st["residency"]][0] for st in self.people}
        by_student_term: dict[tuple[str, str], float] = defaultdict(float)
        for e in self.enrollments:
            if e["status"] == "waitlisted":
                continue
            section = self.sections[e["section_id"]]
            course, term = self.courses[section["course_id"]], self.terms[section["term_id"]]
            sid = e["student_id"]
            tuition = round(course["credits"] * rate[sid], 2)
            self.entry(sid, term["term_id"], e, "tuition", tuition, e["registered_at"],
                       f"Tuition {course['course_id']} ({course['credits']} cr x {rate[sid]:.2f})")
            total = tuition
            if course["lab_fee"]:
                self.entry(sid, term["term_id"], e, "course_fee", course["lab_fee"], e["registered_at"],
                           f"Course fee {course['course_id']}")
                total += course["lab_fee"]
            pct = 0
            if e["status"] == "dropped":
                pct = 100
            elif e["status"] == "withdrawn":
                pct = 50 if e["updated_at"].date() <= term["partial_refund_until"] else 0
            if pct:
                refund = round(total * pct / 100, 2)
                self.entry(sid, term["term_id"], e, "refund", refund, e["updated_at"],
                           f"Refund {pct}% {'drop' if pct == 100 else 'withdrawal'} {course['course_id']}")
                total -= refund
            by_student_term[(sid, term["term_id"] if term["semester"] != "Fall 2026" else "FA26")] += total
        for (sid, term_id), total in sorted(by_student_term.items()):
            total = round(total, 2)
            if total <= 0:
                continue
            t = self.terms[term_id]
            if term_id in PAST:
                paid_on = t["starts_on"] - timedelta(days=self.rng.randint(3, 12))
                unpaid = 0.0
                if (sid, term_id) in self.financial:
                    unpaid = round(total * self.rng.choice([0.25, 0.4, 0.5, 0.6]), 2)
                    self.hold_counter += 1
                    self.holds.append({"hold_id": f"HLD-{self.hold_counter:04d}", "student_id": sid,
                                       "hold_type": "financial", "office": "Student Accounts",
                                       "reason": f"Past-due balance from {t['name']}", "blocks_registration": True,
                                       "amount_due": unpaid, "placed_on": t["ends_on"] + timedelta(days=30),
                                       "released_on": None})
                elif self.rng.random() < 0.05:
                    self.hold_counter += 1
                    self.holds.append({"hold_id": f"HLD-{self.hold_counter:04d}", "student_id": sid,
                                       "hold_type": "financial", "office": "Student Accounts",
                                       "reason": f"Past-due balance from {t['name']}", "blocks_registration": True,
                                       "amount_due": 0.0, "placed_on": t["ends_on"] + timedelta(days=30),
                                       "released_on": t["ends_on"] + timedelta(days=self.rng.randint(35, 60))})
                self.entry(sid, term_id, None, "payment", round(total - unpaid, 2),
                           stamp(paid_on, self.rng), "Payment received - thank you")
            elif term_id == "FA26":
                early = round(sum(x["amount"] * (1 if x["kind"] != "refund" else -1) for x in self.entries
                                  if x["student_id"] == sid and x["term_id"] in FALL
                                  and x["posted_at"].date() < date(2026, 8, 24)), 2)
                if early <= 0:
                    continue
                if self.rng.random() < 0.75:
                    self.entry(sid, "FA26", None, "payment", early, stamp(date(2026, 8, 24), self.rng),
                               "Payment received - thank you")
                else:
                    half = round(early / 2, 2)
                    self.entry(sid, "FA26", None, "payment", half, stamp(date(2026, 8, 24), self.rng),
                               "Payment plan installment 1 of 2")
                    self.entry(sid, "FA26", None, "payment", round(early - half, 2),
                               stamp(date(2026, 9, 24), self.rng), "Payment plan installment 2 of 2")

    def entry(self, sid: str, term_id: str, e: dict[str, Any] | None, kind: str, amount: float, when: datetime,
              memo: str) -> None:
        self.entries.append({"entry_id": None, "student_id": sid, "term_id": term_id, "enrollment": e, "kind": kind,
                             "amount": round(amount, 2), "posted_at": when, "memo": memo})

    # -- output ----------------------------------------------------------------------------------------------

    def tables(self) -> dict[str, list[dict[str, Any]]]:
        staff = self.instructors()
        people = self.students()
        self.build_sections()
        self.history()
        self.place_holds()
        self.current()
        self.money()
        self.enrollments.sort(key=lambda e: (e["registered_at"], e["student_id"], e["section_id"]))
        for i, e in enumerate(self.enrollments, 1):
            e["enrollment_id"] = f"ENR-{200000 + i}"
        self.entries.sort(key=lambda x: (x["posted_at"], x["student_id"], x["kind"], x["memo"]))
        for i, x in enumerate(self.entries, 1):
            x["entry_id"] = f"TXN-{i:06d}"
            x["enrollment_id"] = x.pop("enrollment")["enrollment_id"] if x["enrollment"] else None
            x.pop("enrollment", None)
        self.holds.sort(key=lambda h: h["hold_id"])
        for st in people:
            st.pop("ability")
            st.pop("load")
        prereqs = [{"course_id": c["course_id"], "prereq_course_id": p, "min_grade": g}
                   for c in self.courses.values() for p, g in c["prereqs"]]
        return {
            "programs": [dict(zip(COLUMNS["programs"], p)) for p in PROGRAMS],
            "instructors": staff,
            "tuition_rates": [{"residency": k, "per_credit": v[0], "description": v[1]} for k, v in RATES.items()],
            "students": people,
            "terms": list(self.terms.values()),
            "courses": [{k: c[k] for k in COLUMNS["courses"]} for c in self.courses.values()],
            "course_prerequisites": prereqs,
            "sections": sorted(self.sections.values(), key=lambda s: s["section_id"]),
            "enrollments": self.enrollments,
            "holds": self.holds,
            "account_entries": self.entries,
        }


def _cell(value: Any) -> str:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSV files into")
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", World(SEED).tables(), cell=lambda value, table, column: _cell(value))


if __name__ == "__main__":
    main()
