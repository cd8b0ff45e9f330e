"""Write the households of the moving composite: people who are a Harborline resident, a Silverlarch customer and a
Larkspur Parcel shipper at once.

Two kinds of move:

- *moving out* (:data:`LEAVING`): an existing Harborline resident (``property/seed/residents.csv``, whose lease,
  ledger and permits are the member's own) who is moving to a house in central Washington. This script adds them as
  a Silverlarch customer (billing address: their apartment) and as a personal Larkspur Parcel shipper whose pickup
  address is the apartment (home depot: Tacoma);
- *moving in* (:data:`ARRIVING`): an existing Silverlarch customer (``utilities/seed/customers.csv``, with live
  accounts at their home) who has signed a Harborline lease starting soon. This script adds the lease (a vacant unit,
  its market rent) and the resident, and the shipper whose pickup address is the home they leave (home depot:
  Spokane, which serves central Washington).

It also adds Larkspur Parcel's delivery ZIP codes for the two Tacoma buildings the carrier did not list and for the
central-Washington towns it delivers to (:data:`SERVICE_AREAS`); Leavenworth, Chelan, Quincy, Ephrata, Naches,
Roslyn and Cashmere stay outside its service area.

Output: ``overlay/prop/leases.csv``, ``overlay/prop/residents.csv``, ``overlay/util/customers.csv``,
``overlay/ship/shippers.csv`` and ``overlay/ship/service_areas.csv``, which ``envfactory compose`` appends to the
members' tables. Everything is written at the composite's clock and is deterministic, so a second run writes the same
bytes. The households' existing orders and shipments are ``make_history.py``'s.

Run: ``python generated_envs/moving/authoring/make_people.py [--out DIR]`` (``authoring/build.py`` runs the chain).
"""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.seed import schema_columns
from envfactory_gym.composite.spec import load_spec
from envfactory_gym.tasks import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "overlay"

#: Larkspur Parcel delivery ZIP codes the composite adds: (zip, city, state, delivering depot).
SERVICE_AREAS = [
    ("98406", "Tacoma", "WA", "DEP-TAC"),  # Alder Court
    ("98407", "Tacoma", "WA", "DEP-TAC"),  # Driftwood Commons
    ("98801", "Wenatchee", "WA", "DEP-SPK"),
    ("98802", "East Wenatchee", "WA", "DEP-SPK"),
    ("98901", "Yakima", "WA", "DEP-SPK"),
    ("98902", "Yakima", "WA", "DEP-SPK"),
    ("98922", "Cle Elum", "WA", "DEP-SPK"),
    ("98926", "Ellensburg", "WA", "DEP-SPK"),
    ("98942", "Selah", "WA", "DEP-SPK"),
]

#: Moving out of Harborline: resident email, when they signed up at Silverlarch, when they opened their Larkspur
#: Parcel account. The comment says where they move and what they are there for in the tasks.
LEAVING = [
    # notice given, out 2026-04-30; new house 1023 Sage Hills Dr, Ellensburg (nothing set up yet)
    ("ryan.mclean@example.com", "2026-03-27", "2026-03-27"),
    # out 2026-04-30; Silverlarch starts at 813 Sage Hills Dr, Yakima; two boxes went out with a mistyped street
    ("trevor.moreno@example.org", "2026-03-30", "2024-11-02"),
    # out 2026-04-30; Silverlarch starts at 1118 Willow Dr, Wenatchee; two boxes arrive long before that
    ("scott.miller@example.com", "2026-04-01", "2025-05-19"),
    # out 2026-04-30; new house 2619 Hillcrest Dr, Selah (nothing set up yet)
    ("adam.archer@example.net", "2026-03-25", "2023-09-14"),
    # out Sunday 2026-05-31; new house 2168 Hillcrest Dr, Ellensburg
    ("george.luna@example.net", "2026-03-18", "2025-01-22"),
    # out Sunday 2026-05-31; new house 1405 Birch Ave, Leavenworth: no water meter, outside Larkspur's area
    ("valerie.king@example.net", "2026-03-20", "2024-06-30"),
    # lease ends 2026-05-31, no notice yet; Silverlarch starts at 1410 Larch Ln, East Wenatchee on 2026-05-29
    ("jamie.washington@mail.example.com", "2026-04-02", "2025-08-08"),
    # lease ends 2026-06-30, no notice yet; new house 493 River Rd, Yakima
    ("penny.keller@example.net", "2026-03-31", "2024-02-17"),
    # lease ends 2026-05-31, no notice yet; Silverlarch starts at 1872 Ridgeview Ln, Cle Elum on 2026-06-01
    ("ashley.stephens@example.net", "2026-04-06", "2025-10-03"),
    # lease ends 2026-06-30, no notice yet; a cabin in Roslyn on Silverlarch since 2025; new house in Ellensburg
    ("dana.reynolds@example.net", "2025-05-20", "2023-03-11"),
    # out 2026-04-30; an old Yakima water account left an unpaid final bill; new house 207 Meadow Ln, Yakima
    ("valerie.mcmahon@mail.example.com", "2019-06-03", "2022-12-05"),
]

#: Moving into Harborline: Silverlarch customer id, the unit of the new lease, its start date, the security
#: deposit, when they opened their Larkspur Parcel account, its status.
ARRIVING = [
    # from 1050 Fruitvale Blvd, Yakima to Bayview Lofts 108 on Monday 2026-04-20
    ("C-20002", "U-2108", "2026-04-20", 1800.00, "2021-04-12", "active"),
    # from 730 Meadow Ln, Ellensburg to Driftwood Commons 306 on Friday 2026-05-01
    ("C-20098", "U-4306", "2026-05-01", 1900.00, "2024-09-01", "active"),
    # from 814 Canyon Rd, Apt 2A, Selah to Alder Court 202 on Monday 2026-06-01; an overdue Larkspur invoice
    ("C-20136", "U-1202", "2026-06-01", 1550.00, "2020-10-30", "credit_hold"),
    # from 2510 Willow Dr, Apt 4C, Ellensburg to Cedar Row Flats 206 on Wednesday 2026-04-15; boxes already sent
    ("C-20215", "U-3206", "2026-04-15", 1800.00, "2022-03-07", "active"),
    # from 250 Cottonwood Ct, Selah to Bayview Lofts 101 on Friday 2026-05-01; electricity already set to stop earlier
    ("C-20203", "U-2101", "2026-05-01", 1500.00, "2019-05-23", "active"),
]

#: Each company's records, with the columns of its table.
#: The member tables this script adds rows to; each CSV's header is the member's own columns (its ``schema.sql``).
OVERLAY_TABLES = [("prop", "leases"), ("prop", "residents"), ("util", "customers"), ("ship", "shippers"),
                  ("ship", "service_areas")]


def _rows(member: Path, table: str) -> list[dict[str, str]]:
    with open(member / "seed" / f"{table}.csv", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _max_id(rows: list[dict[str, str]], column: str, prefix: str) -> int:
    return max(int(r[column][len(prefix):]) for r in rows)


def _write(path: Path, header: list[str], rows: list[dict[str, Any]]) -> None:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=header, lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: "" if r.get(k) is None else r[k] for k in header})
    atomic_write_text(path, buf.getvalue())


def _year_later(start: date) -> date:
    return date(start.year + 1, start.month, start.day) - timedelta(days=1)


def people() -> dict[tuple[str, str], list[dict[str, Any]]]:
    """The overlay rows, per (member prefix, table)."""
    spec = load_spec(ROOT)
    folders = {m.prefix: m.folder(ROOT) for m in spec.members}
    residents = {r["email"]: r for r in _rows(folders["prop"], "residents")}
    units = {u["unit_id"]: u for u in _rows(folders["prop"], "units")}
    buildings = {b["building_id"]: b for b in _rows(folders["prop"], "buildings")}
    customers = {c["customer_id"]: c for c in _rows(folders["util"], "customers")}
    premises = {p["premise_id"]: p for p in _rows(folders["util"], "premises")}
    accounts = _rows(folders["util"], "service_accounts")
    shippers = _rows(folders["ship"], "shippers")
    emails = {"prop": {e.lower() for e in residents}, "util": {c["email"].lower() for c in customers.values()},
              "ship": {s["email"].lower() for s in shippers}}

    def new_to(email: str, *members: str) -> None:
        for m in members:
            if email.lower() in emails[m]:
                raise AssertionError(f"{email} is already someone at {m}")
    out: dict[tuple[str, str], list[dict[str, Any]]] = {key: [] for key in OVERLAY_TABLES}
    customer_no = _max_id(list(customers.values()), "customer_id", "C-")
    shipper_no = _max_id(shippers, "shipper_id", "SH-")
    lease_no = _max_id(_rows(folders["prop"], "leases"), "lease_id", "L-")
    resident_no = _max_id(list(residents.values()), "resident_id", "R-")

    def shipper(first: str, last: str, email: str, phone: str, line1: str, city: str, zip_code: str, depot: str,
                opened: str, status: str = "active") -> None:
        nonlocal shipper_no
        shipper_no += 1
        out["ship", "shippers"].append({
            "shipper_id": f"SH-{shipper_no}", "account_type": "personal", "company_name": None, "first_name": first,
            "last_name": last, "email": email, "phone": phone, "line1": line1, "city": city, "state": "WA",
            "zip_code": zip_code, "home_depot_id": depot, "discount_pct": 0, "status": status, "opened_on": opened})

    for email, since, opened in LEAVING:
        r = residents[email]
        new_to(email, "util", "ship")
        unit = units[r["unit_id"]]
        b = buildings[unit["building_id"]]
        line1 = f"{b['street_address']}, Apt {unit['unit_number']}"
        customer_no += 1
        out["util", "customers"].append({
            "customer_id": f"C-{customer_no}", "first_name": r["first_name"], "last_name": r["last_name"],
            "email": email, "phone": r["phone"], "mailing_address": f"{line1}, {b['city']}, {b['state']}",
            "zip_code": b["zip_code"], "customer_since": since, "assistance_enrolled": "false"})
        shipper(r["first_name"], r["last_name"], email, r["phone"], line1, b["city"], b["zip_code"], "DEP-TAC", opened)

    for cid, unit_id, start, deposit, opened, status in ARRIVING:
        c = customers[cid]
        new_to(c["email"], "prop", "ship")
        home = next(premises[a["premise_id"]] for a in accounts if a["customer_id"] == cid and a["status"] == "active")
        line1 = home["street"] + (f", {home['unit']}" if home["unit"] else "")
        if f"{line1}, {home['city']}, WA" != c["mailing_address"]:
            raise AssertionError(f"{cid}: the billing address is not the home")
        unit = units[unit_id]
        lease_no += 3
        resident_no += 1
        first = date.fromisoformat(start)
        out["prop", "leases"].append({
            "lease_id": f"L-{lease_no}", "unit_id": unit_id, "status": "active", "start_date": start,
            "end_date": _year_later(first).isoformat(), "monthly_rent": unit["market_rent"],
            "security_deposit": f"{deposit:.2f}", "notice_date": None, "move_out_date": None, "notice_reason": None,
            "next_rent": None, "next_rent_from": None, "deposit_status": "held", "deposit_refund": None,
            "deposit_refunded_on": None})
        out["prop", "residents"].append({
            "resident_id": f"R-{resident_no}", "lease_id": f"L-{lease_no}", "unit_id": unit_id,
            "first_name": c["first_name"], "last_name": c["last_name"], "email": c["email"], "phone": c["phone"],
            "is_primary": "true"})
        shipper(c["first_name"], c["last_name"], c["email"], c["phone"], line1, home["city"], home["zip_code"],
                "DEP-SPK", opened, status)

    for zip_code, city, state, depot in SERVICE_AREAS:
        out["ship", "service_areas"].append({"zip_code": zip_code, "city": city, "state": state, "depot_id": depot})
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Write the households' overlay CSVs.")
    parser.add_argument("--out", type=Path, default=OVERLAY, help="overlay folder to write (default: overlay/)")
    out = parser.parse_args(argv).out
    rows = people()
    folders = {m.prefix: m.folder(ROOT) for m in load_spec(ROOT).members}
    for prefix, table in OVERLAY_TABLES:
        header = schema_columns(folders[prefix] / "schema.sql")[table]
        _write(out / prefix / f"{table}.csv", header, rows[prefix, table])
    print(f"wrote {len(LEAVING)} households moving out and {len(ARRIVING)} moving in: "
          + ", ".join(f"{len(r)} {p}_{t}" for (p, t), r in rows.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
