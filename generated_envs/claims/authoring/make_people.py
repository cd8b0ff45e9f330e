"""Write the policyholders of the claims composite: people who are a Harborline Mutual policyholder, a Larkspur Car
Rental renter and a Kestrel Valley Bank customer at once.

Each of them is an existing Harborline policyholder (``insurance/seed/policyholders.csv``, with the member's own
policies, coverages, premium bills and claims) who lives near a Larkspur branch (Boise, Fort Collins near Denver,
Santa Fe near Albuquerque). This script adds them as a Kestrel Valley customer (same name, email, phone and date of
birth, moved to the composite's clock like every insurance date), with the saved payees "Harborline Mutual" and, for
some, "Larkspur Car Rental", and as a Larkspur renter with a driver's licence. Their bank accounts and transactions
(where claim payouts by direct deposit arrive) are ``make_history.py``'s, since the payouts come from the history.

Output: ``overlay/bank/customers.csv``, ``overlay/bank/payees.csv`` and ``overlay/car/renters.csv``, each with its
member table's columns (``schema_columns`` of the member's ``schema.sql``). Deterministic: no randomness at all.

Run: ``python generated_envs/claims/authoring/make_people.py [--out DIR]`` (``authoring/build.py`` runs the chain).
"""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.seed import schema_columns
from envfactory_gym.composite.spec import day_shift, load_spec
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "overlay"

#: The companies' own accounts, the same for every policyholder who saved them.
HARBORLINE = {"payee_name": "Harborline Mutual", "bank_name": "Summit Trust Bank", "routing_number": "102000021",
              "account_number": "5520194471"}
LARKSPUR = {"payee_name": "Larkspur Car Rental", "bank_name": "Granite Ridge Credit Union",
            "routing_number": "232950180", "account_number": "7716040229"}

#: Each person's mortgage lender or landlord, a saved payee their checking account pays on the 5th of the month.
HOUSING = {"PH-10066": ("Idaho Central Home Loans", "Idaho Central Credit Union", "124100080", "60318842"),
           "PH-10078": ("Idaho Central Home Loans", "Idaho Central Credit Union", "124100080", "60311905"),
           "PH-10102": ("Sangre de Cristo Mortgage", "Los Alamos National Bank", "107001481", "88102463"),
           "PH-10112": ("Idaho Central Home Loans", "Idaho Central Credit Union", "124100080", "60327716"),
           "PH-10145": ("Capitol Park Apartments", "Zions Bank", "124000054", "7740219"),
           "PH-10147": ("Idaho Central Home Loans", "Idaho Central Credit Union", "124100080", "60339054"),
           "PH-10153": ("Old Town Flats Leasing", "Canvas Credit Union", "302075319", "4410987"),
           "PH-10157": ("Poudre Valley Mortgage", "FirstBank", "107005047", "92233107"),
           "PH-10163": ("Acequia Rentals", "Century Bank", "107000783", "5531806")}

#: One line per person: Harborline holder id, bank segment, bank member since, when "Harborline Mutual" and
#: "Larkspur Car Rental" were saved as payees (None: not saved), licence expiry. The comment says what the person is
#: there for in the tasks (dates in composite time; today is Tuesday 2026-06-09).
PEOPLE = [
    # Boise; Ford Escape: a collision on 2026-06-06 (claim filed by the history), no car yet; payouts by check
    ("PH-10066", "standard", "2019-03-14", "2025-09-10 12:00:00", None, "2030-02-11"),
    # Boise; home only: a water-leak claim paid by direct deposit on 2026-06-05
    ("PH-10078", "premier", "2016-08-02", "2025-08-20 09:30:00", "2026-01-15 17:05:00", "2029-03-05"),
    # Santa Fe; Tesla (a collision paid by direct deposit in April); a home policy lapsed since January
    ("PH-10102", "standard", "2008-05-19", "2024-11-02 10:10:00", "2025-06-01 08:45:00", "2028-02-21"),
    # Boise; home only (a denied fire claim)
    ("PH-10112", "standard", "2021-10-30", "2025-09-03 19:20:00", None, "2031-01-26"),
    # Boise; Subaru: a collision on 2026-05-26, a Compact out from Boise Airport; licence expires 2026-06-15
    ("PH-10145", "standard", "2012-11-08", "2025-09-01 08:00:00", "2026-05-27 10:05:00", "2026-06-15"),
    # Boise; Mazda stolen on 2026-06-07 (claim filed, no adjuster); Main Checking restricted
    ("PH-10147", "standard", "2022-04-27", "2026-05-01 13:15:00", None, "2029-07-06"),
    # Fort Collins; 23 years old; home water-backup payout by direct deposit on 2026-06-07
    ("PH-10153", "standard", "2023-09-18", "2025-10-05 21:00:00", None, "2030-11-01"),
    # Fort Collins; Elantra: a collision on 2026-05-20, a Midsize rented from Denver Airport and returned
    ("PH-10157", "premier", "2010-01-06", "2025-10-08 11:40:00", "2026-05-21 09:10:00", "2029-08-23"),
    # Santa Fe; Jeep collision under review since 2026-05-01; saved Harborline Mutual only this morning
    ("PH-10163", "standard", "2024-02-12", "2026-06-09 08:40:00", None, "2031-09-27"),
]

#: The member tables this script adds rows to.
OVERLAY_TABLES = [("bank", "customers"), ("bank", "payees"), ("car", "renters")]


def _holders() -> dict[str, dict[str, str]]:
    """Harborline's policyholders with their dates moved to the composite's clock, as compose moves them."""
    spec = load_spec(ROOT)
    ins = next(m for m in spec.members if m.prefix == "ins").folder(ROOT)
    days = day_shift(load_manifest(ins / "manifest.json").now, spec.now)
    rows = {}
    with open(ins / "seed" / "policyholders.csv", encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            for key in ("date_of_birth", "customer_since"):
                r[key] = (date.fromisoformat(r[key]) + timedelta(days=days)).isoformat()
            rows[r["holder_id"]] = r
    return rows


def _max_id(path: Path, column: str, prefix: str) -> int:
    with open(path, encoding="utf-8", newline="") as fh:
        return max(int(r[column][len(prefix):]) for r in csv.DictReader(fh))


def _write(path: Path, header: list[str], rows: list[dict[str, Any]]) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=header, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: "" if r.get(k) is None else r[k] for k in header})
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, buf.getvalue())


#: The people's Kestrel Valley customer ids start here, below the bank's own (CU-1001...). A workaround: QueryGen's
#: tool graph learns what a lookup returns by probing it with the values of the *first* table having the parameter's
#: column, in key order (for ``email``, ``first_name``...: ``bank_customers``), and only its first rows. With the
#: people first in that table, Harborline's and Larkspur's lookups by email (and by name and date of birth) find
#: someone when probed, so the sampler knows they give ``holder_id`` and ``renter_id``.
FIRST_CUSTOMER = 991


def customer_ids() -> dict[str, str]:
    """Harborline holder id -> the Kestrel Valley customer id this script gives them."""
    return {p[0]: f"CU-{FIRST_CUSTOMER + k:04d}" for k, p in enumerate(PEOPLE)}


def people() -> dict[tuple[str, str], list[dict[str, Any]]]:
    """The overlay rows, per (member prefix, table)."""
    folders = {m.prefix: m.folder(ROOT) for m in load_spec(ROOT).members}
    holders = _holders()
    cids = customer_ids()
    renter_no = _max_id(folders["car"] / "seed" / "renters.csv", "renter_id", "R-")
    payee_no = _max_id(folders["bank"] / "seed" / "payees.csv", "payee_id", "PY-")
    out: dict[tuple[str, str], list[dict[str, Any]]] = {key: [] for key in OVERLAY_TABLES}
    for k, (hid, segment, since, h_added, l_added, lic_expiry) in enumerate(PEOPLE):
        h = holders[hid]
        cid = cids[hid]
        out["bank", "customers"].append({
            "customer_id": cid, "first_name": h["first_name"], "last_name": h["last_name"], "email": h["email"],
            "phone": h["phone"], "date_of_birth": h["date_of_birth"], "segment": segment, "member_since": since})
        lender, bank, routing, number = HOUSING[hid]
        housing = {"payee_name": lender, "bank_name": bank, "routing_number": routing, "account_number": number}
        for company, added in ((housing, f"{since} 10:00:00"), (HARBORLINE, h_added),
                               (LARKSPUR, l_added)):
            if added is None:
                continue
            payee_no += 1
            out["bank", "payees"].append({"payee_id": f"PY-{payee_no}", "customer_id": cid, **company,
                                          "added_at": added})
        renter_no += 1
        out["car", "renters"].append({
            "renter_id": f"R-{renter_no}", "first_name": h["first_name"], "last_name": h["last_name"],
            "email": h["email"], "phone": h["phone"], "date_of_birth": h["date_of_birth"],
            "licence_number": f"{h['state']}{30_000_000 + (k + 1) * 7_351_919 % 60_000_000}",
            "licence_state": h["state"], "licence_expiry": lic_expiry})
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Write the policyholders' overlay CSVs.")
    parser.add_argument("--out", type=Path, default=OVERLAY, help="overlay folder to write (default: overlay/)")
    out = parser.parse_args(argv).out
    rows = people()
    folders = {m.prefix: m.folder(ROOT) for m in load_spec(ROOT).members}
    for prefix, table in OVERLAY_TABLES:
        header = schema_columns(folders[prefix] / "schema.sql")[table]
        _write(out / prefix / f"{table}.csv", header, rows[prefix, table])
    print(f"wrote {len(PEOPLE)} policyholders: " + ", ".join(f"{len(r)} {p}_{t}" for (p, t), r in rows.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
