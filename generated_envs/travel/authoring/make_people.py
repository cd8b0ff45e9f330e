"""Write the travellers of the travel composite: people who are a Wrenfield guest, a Larkspur renter and a
Kestrel Valley customer at once.

Each traveller is an existing bank customer (``banking/seed/customers.csv``, who already has accounts and debit
cards); this script adds them as a hotel guest with a guarantee card, as a car renter with the bank's date of
birth (moved to the composite's clock like every bank date) and a driver's licence, and gives most of them the
saved payees "Wrenfield Hotels" and "Larkspur Car Rental" at the bank. Output: ``overlay/hotel/guests.csv``,
``overlay/hotel/payment_cards.csv``, ``overlay/car/renters.csv`` and ``overlay/bank/payees.csv``, which
``envfactory compose`` appends to the members' tables. Everything is written at the composite's clock and is
deterministic (no randomness at all), so a second run writes the same bytes.

Run: ``python generated_envs/travel/authoring/make_people.py`` (then ``envfactory compose generated_envs/travel``;
``authoring/build.py`` does the whole chain).
"""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from pathlib import Path

from envfactory_gym.composite.spec import day_shift, load_spec
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "overlay"

#: The composite's payees: the companies' own accounts, the same for every traveller.
WRENFIELD = {"payee_name": "Wrenfield Hotels", "bank_name": "Bayshore National Bank", "routing_number": "230409316",
             "account_number": "40917733051"}
LARKSPUR = {"payee_name": "Larkspur Car Rental", "bank_name": "Granite Ridge Credit Union",
            "routing_number": "232950180", "account_number": "7716040229"}

#: One line per traveller: bank customer id, hotel loyalty tier and points, hotel member since, guarantee cards
#: (brand, last4, exp month, exp year), licence state and expiry, and when each payee was saved (None: not saved).
#: The comment says what the traveller is there for in the tasks.
TRAVELLERS = [
    # a plain traveller with money in checking and savings
    ("CU-1003", "gold", 41250, "2016-04-11", [("Visa", "4417", 9, 2029)], "NM", "2030-03-10",
     "2026-03-02 10:15:00", "2026-03-02 10:20:00"),
    # standard customer, silver guest, checking and savings
    ("CU-1007", "silver", 16830, "2021-08-30", [("Mastercard", "5532", 4, 2030)], "CO", "2029-07-09",
     "2026-02-14 18:40:00", "2026-02-14 18:44:00"),
    # Main Checking is restricted (compliance review); a second open checking and two savings
    ("CU-1008", "member", 2210, "2024-10-05", [("Visa", "4980", 1, 2030)], "UT", "2031-09-29",
     "2026-04-20 09:05:00", "2026-04-20 09:07:00"),
    # premier, platinum guest, a checking account with little money and a 1,000.00 overdraft
    ("CU-1009", "platinum", 88420, "2012-05-19", [("Amex", "1009", 6, 2029)], "CO", "2029-01-27",
     "2025-11-03 12:30:00", "2025-11-03 12:31:00"),
    # 24 years old at the trips: young-driver fee, no Luxury class, cannot decline coverage
    ("CU-1014", "member", 640, "2025-09-12", [("Discover", "6201", 3, 2030)], "NM", "2030-03-01",
     "2026-01-08 20:10:00", "2026-01-08 20:12:00"),
    # driver's licence expires 2026-06-20
    ("CU-1018", "silver", 14300, "2022-02-02", [("Visa", "4126", 11, 2028)], "ID", "2026-06-20",
     "2026-05-01 08:00:00", "2026-05-01 08:02:00"),
    # two checking accounts; two guarantee cards (the agent asks which)
    ("CU-1010", "gold", 35770, "2018-07-23", [("Visa", "4733", 8, 2029), ("Amex", "3781", 2, 2031)], "AZ",
     "2031-01-13", "2025-12-01 15:45:00", "2025-12-01 15:47:00"),
    # premier with 57.61 in checking and a 500.00 overdraft: larger payments do not go through
    ("CU-1031", "member", 1180, "2023-03-14", [("Mastercard", "5310", 12, 2029)], "NM", "2028-12-03",
     "2026-05-10 11:00:00", "2026-05-10 11:02:00"),
    # platinum guest (free cancellation until 24 hours before check-in), standard bank customer
    ("CU-1042", "platinum", 97410, "2011-10-03", [("Visa", "4042", 10, 2030)], "CO", "2030-10-03",
     "2026-02-27 07:30:00", "2026-02-27 07:33:00"),
    # premier customer (7,500.00 a day for payees), gold guest
    ("CU-1074", "gold", 52960, "2015-12-17", [("Amex", "3744", 7, 2030)], "UT", "2029-12-17",
     "2025-10-18 16:20:00", "2025-10-18 16:25:00"),
    # standard customer: payee payments are limited to 2,500.00 a day
    ("CU-1035", "silver", 19990, "2020-08-15", [("Visa", "4871", 5, 2029)], "NM", "2029-08-15",
     "2026-04-02 13:00:00", "2026-04-02 13:03:00"),
    # member guest; saved Wrenfield only
    ("CU-1050", "member", 300, "2026-01-18", [("Mastercard", "5150", 9, 2030)], "ID", "2031-07-18",
     "2026-05-21 19:00:00", None),
    # premier; saved Wrenfield Hotels only this morning (the 24-hour hold is still on)
    ("CU-1016", "gold", 44120, "2017-10-12", [("Visa", "4016", 3, 2029)], "CO", "2028-10-12",
     "2026-06-03 09:10:00", None),
]


def _bank_customers() -> dict[str, dict[str, str]]:
    """The bank's customers with their dates moved to the composite's clock, as compose moves them."""
    spec = load_spec(ROOT)
    bank = next(m for m in spec.members if m.prefix == "bank").folder(ROOT)
    days = day_shift(load_manifest(bank / "manifest.json").now, spec.now)
    rows = {}
    with open(bank / "seed" / "customers.csv", encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            for key in ("date_of_birth", "member_since"):
                r[key] = (date.fromisoformat(r[key]) + timedelta(days=days)).isoformat()
            rows[r["customer_id"]] = r
    return rows


def _max_id(path: Path, column: str, prefix: str) -> int:
    with open(path, encoding="utf-8", newline="") as fh:
        return max(int(r[column][len(prefix):]) for r in csv.DictReader(fh))


def _write(path: Path, header: list[str], rows: list[dict[str, object]]) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=header, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: "" if r[k] is None else r[k] for k in header})
    atomic_write_text(path, buf.getvalue())


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Write the travellers' overlay CSVs.")
    parser.add_argument("--out", type=Path, default=OVERLAY, help="overlay folder to write (default: overlay/)")
    out = parser.parse_args(argv).out
    spec = load_spec(ROOT)
    members = {m.prefix: m.folder(ROOT) for m in spec.members}
    customers = _bank_customers()
    guest_no = _max_id(members["hotel"] / "seed" / "guests.csv", "guest_id", "G-")
    card_no = _max_id(members["hotel"] / "seed" / "payment_cards.csv", "card_id", "CARD-")
    renter_no = _max_id(members["car"] / "seed" / "renters.csv", "renter_id", "R-")
    payee_no = _max_id(members["bank"] / "seed" / "payees.csv", "payee_id", "PY-")
    guests, cards, renters, payees = [], [], [], []
    for k, (cid, tier, points, since, gcards, lic_state, lic_expiry, w_added, l_added) in enumerate(TRAVELLERS):
        c = customers[cid]
        guest_no += 1
        renter_no += 1
        guest_id, renter_id = f"G-{guest_no}", f"R-{renter_no}"
        guests.append({"guest_id": guest_id, "first_name": c["first_name"], "last_name": c["last_name"],
                       "email": c["email"], "phone": c["phone"], "loyalty_tier": tier, "loyalty_points": points,
                       "member_since": since})
        for brand, last4, month, year in gcards:
            card_no += 1
            cards.append({"card_id": f"CARD-{card_no:04d}", "guest_id": guest_id, "brand": brand, "last4": last4,
                          "exp_month": month, "exp_year": year})
        renters.append({"renter_id": renter_id, "first_name": c["first_name"], "last_name": c["last_name"],
                        "email": c["email"], "phone": c["phone"], "date_of_birth": c["date_of_birth"],
                        "licence_number": f"{lic_state}{10_000_000 + (k + 1) * 6_151_973 % 90_000_000}",
                        "licence_state": lic_state, "licence_expiry": lic_expiry})
        for company, added in ((WRENFIELD, w_added), (LARKSPUR, l_added)):
            if added is None:
                continue
            payee_no += 1
            payees.append({"payee_id": f"PY-{payee_no}", "customer_id": cid, **company, "added_at": added})
    _write(out / "hotel" / "guests.csv", ["guest_id", "first_name", "last_name", "email", "phone",
                                              "loyalty_tier", "loyalty_points", "member_since"], guests)
    _write(out / "hotel" / "payment_cards.csv", ["card_id", "guest_id", "brand", "last4", "exp_month",
                                                     "exp_year"], cards)
    _write(out / "car" / "renters.csv", ["renter_id", "first_name", "last_name", "email", "phone",
                                             "date_of_birth", "licence_number", "licence_state", "licence_expiry"],
           renters)
    _write(out / "bank" / "payees.csv", ["payee_id", "customer_id", "payee_name", "bank_name", "routing_number",
                                             "account_number", "added_at"], payees)
    print(f"wrote {len(guests)} travellers: {len(cards)} cards, {len(renters)} renters, {len(payees)} payees")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
