"""Write what the households did before today: Silverlarch start orders, Larkspur Parcel labels and pickups, and
the few older records no tool makes.

Most rows are not typed in by hand: the members' own tools make them, each at the moment the customer asked (the
state's clock set back to that moment), so ids, prices, dates and orders are the tools' own (:data:`STEPS`). A few
records come from before the desk and no tool makes them (:func:`hand_rows`): Dana Reynolds' Roslyn cabin, on
Silverlarch since 2025; the unpaid final water bill Valerie Mcmahon left in Yakima in 2025; and Craig Green's two
February parcels, delivered, whose invoice is overdue (so his Larkspur account is on credit hold). The rows are
written as overlay CSVs (``overlay/util/service_accounts.csv``, ``overlay/ship/shipments.csv``...), which
``envfactory compose`` appends to the members' tables.

The script first composes the folder with only the hand rows among its own CSVs (so ids continue the members' and
the people's numbering), plays the steps, writes the CSVs and composes again. Deterministic: the same bytes every
run.

Run after ``make_people.py``: ``python generated_envs/moving/authoring/make_history.py``.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from envfactory_gym.composite.build import compose
from envfactory_gym.tasks import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "overlay"
#: The composite tables this script writes, as overlay files.
HISTORY_TABLES = ["util_service_accounts", "util_service_orders", "util_meter_readings", "util_bills",
                  "ship_shipments", "ship_parcels", "ship_tracking_events", "ship_charges", "ship_pickups",
                  "ship_invoices"]

#: Moving boxes: weight (lb), length, width, height (in).
BOOKS, KITCHEN, LINENS = (38.0, 18, 14, 12), (24.5, 20, 16, 14), (12.0, 24, 18, 18)


def _box(shipper: str, name: str, line1: str, city: str, zip_code: str, box: tuple[float, int, int, int],
         level: str = "ground") -> dict[str, Any]:
    weight, length, width, height = box
    return dict(shipper_id=shipper, service_level=level, recipient_name=name, recipient_line1=line1,
                recipient_city=city, recipient_state="WA", recipient_zip=zip_code, weight_lb=weight,
                length_in=length, width_in=width, height_in=height)


def steps(ids: dict[str, dict[str, str]]) -> list[tuple[Any, ...]]:
    """The steps, in the order they were made: (clock, tool, arguments[, name to save the result under])."""
    c, s = ids["customer"], ids["shipper"]
    return [
        # Trevor Moreno set up electricity and water at his Yakima house for his move-out day, then sent two boxes
        # there with the street number mistyped (831 for 813), to be collected on Thursday afternoon
        ("2026-03-30 10:15:00", "start_service", dict(customer_id=c["trevor.moreno@example.org"],
                                                      premise_id="PR-5479", service_type="electric",
                                                      start_date="2026-04-30")),
        ("2026-03-30 10:18:00", "start_service", dict(customer_id=c["trevor.moreno@example.org"],
                                                      premise_id="PR-5479", service_type="water",
                                                      start_date="2026-04-30")),
        ("2026-04-07 09:00:00", "create_shipment", _box(s["trevor.moreno@example.org"], "Trevor Moreno",
                                                        "831 Sage Hills Dr", "Yakima", "98901", BOOKS)),
        ("2026-04-07 09:04:00", "create_shipment", _box(s["trevor.moreno@example.org"], "Trevor Moreno",
                                                        "831 Sage Hills Dr", "Yakima", "98901", KITCHEN)),
        ("2026-04-07 09:08:00", "schedule_pickup", dict(shipper_id=s["trevor.moreno@example.org"],
                                                        pickup_date="2026-04-09", time_window="afternoon",
                                                        parcel_count=2)),
        # Scott Miller: service at his Wenatchee house from his move-out day; two boxes sent there on Monday,
        # collected this morning
        ("2026-04-01 11:30:00", "start_service", dict(customer_id=c["scott.miller@example.com"],
                                                      premise_id="PR-5262", service_type="electric",
                                                      start_date="2026-04-30")),
        ("2026-04-01 11:33:00", "start_service", dict(customer_id=c["scott.miller@example.com"],
                                                      premise_id="PR-5262", service_type="water",
                                                      start_date="2026-04-30")),
        ("2026-04-06 11:00:00", "create_shipment", _box(s["scott.miller@example.com"], "Scott Miller",
                                                        "1118 Willow Dr", "Wenatchee", "98801", BOOKS)),
        ("2026-04-06 11:05:00", "create_shipment", _box(s["scott.miller@example.com"], "Scott Miller",
                                                        "1118 Willow Dr", "Wenatchee", "98801", LINENS)),
        ("2026-04-06 11:10:00", "schedule_pickup", dict(shipper_id=s["scott.miller@example.com"],
                                                        pickup_date="2026-04-08", time_window="morning",
                                                        parcel_count=2)),
        # Jamie Washington: electricity and water at the East Wenatchee house from Friday 29 May
        ("2026-04-02 16:40:00", "start_service", dict(customer_id=c["jamie.washington@mail.example.com"],
                                                      premise_id="PR-5287", service_type="electric",
                                                      start_date="2026-05-29")),
        ("2026-04-02 16:44:00", "start_service", dict(customer_id=c["jamie.washington@mail.example.com"],
                                                      premise_id="PR-5287", service_type="water",
                                                      start_date="2026-05-29")),
        # Ashley Stephens: electricity at the Cle Elum house (no water meter there) from Monday 1 June
        ("2026-04-06 18:20:00", "start_service", dict(customer_id=c["ashley.stephens@example.net"],
                                                      premise_id="PR-5193", service_type="electric",
                                                      start_date="2026-06-01")),
        # Jacob Key sent three boxes to his new apartment on Monday, a driver to collect them tomorrow morning
        ("2026-04-06 15:00:00", "create_shipment", _box(s["jkey@example.com"], "Jacob Key", "2218 S Cedar St, Apt 206",
                                                        "Tacoma", "98405", BOOKS)),
        ("2026-04-06 15:03:00", "create_shipment", _box(s["jkey@example.com"], "Jacob Key", "2218 S Cedar St, Apt 206",
                                                        "Tacoma", "98405", KITCHEN)),
        ("2026-04-06 15:06:00", "create_shipment", _box(s["jkey@example.com"], "Jacob Key", "2218 S Cedar St, Apt 206",
                                                        "Tacoma", "98405", LINENS)),
        ("2026-04-06 15:10:00", "schedule_pickup", dict(shipper_id=s["jkey@example.com"], pickup_date="2026-04-09",
                                                        time_window="morning", parcel_count=3)),
        # Craig Green's February parcels to his sister in Spokane (delivered; the invoice below is unpaid)
        ("2026-02-09 10:00:00", "create_shipment", _box(s["craig_green@example.com"], "Ruth Green", "88 W Main Ave",
                                                        "Spokane", "99201", KITCHEN), "green_1"),
        ("2026-02-09 10:04:00", "create_shipment", _box(s["craig_green@example.com"], "Ruth Green", "88 W Main Ave",
                                                        "Spokane", "99201", LINENS), "green_2"),
    ]


def _people() -> dict[str, dict[str, str]]:
    """Email -> the composite ids the people script gave: Silverlarch customer, Larkspur shipper."""
    out: dict[str, dict[str, str]] = {"customer": {}, "shipper": {}}
    for kind, table, column in (("customer", "util/customers.csv", "customer_id"),
                                ("shipper", "ship/shippers.csv", "shipper_id")):
        with open(OVERLAY / table, encoding="utf-8", newline="") as fh:
            out[kind] = {r["email"]: r[column] for r in csv.DictReader(fh)}
    seed = ROOT.parent / "utilities" / "seed" / "customers.csv"
    with open(seed, encoding="utf-8", newline="") as fh:
        out["customer"].update({r["email"]: r["customer_id"] for r in csv.DictReader(fh)})
    return out


def hand_rows(ids: dict[str, dict[str, str]]) -> dict[str, list[dict[str, Any]]]:
    """The records no tool makes (see the module's docstring), in composite time."""
    c = ids["customer"]
    return {
        "util_service_accounts": [
            # Dana Reynolds' cabin at 102 Meadow Ln, Roslyn: electricity since June 2025
            {"account_id": "ACC-30740", "customer_id": c["dana.reynolds@example.net"], "premise_id": "PR-5214",
             "service_type": "electric", "tariff_id": "E-RES", "status": "active", "start_date": "2025-06-02",
             "end_date": None, "disconnected_on": None, "cycle_day": 2, "tariff_changed_on": None,
             "credit_balance": "0.00"},
            # Valerie Mcmahon's water at 1776 River Rd, Apt 2B, Yakima, closed when she moved to Tacoma
            {"account_id": "ACC-30741", "customer_id": c["valerie.mcmahon@mail.example.com"], "premise_id": "PR-5495",
             "service_type": "water", "tariff_id": "W-RES", "status": "closed", "start_date": "2019-06-03",
             "end_date": "2025-11-03", "disconnected_on": None, "cycle_day": 3, "tariff_changed_on": None,
             "credit_balance": "0.00"},
        ],
        "util_meter_readings": [
            {"reading_id": "RD-009001", "meter_id": "MTR-40814", "account_id": "ACC-30741",
             "read_date": "2025-10-03", "reading_value": 1866, "usage": 8, "read_type": "actual"},
            {"reading_id": "RD-009002", "meter_id": "MTR-40814", "account_id": "ACC-30741",
             "read_date": "2025-11-03", "reading_value": 1875, "usage": 9, "read_type": "actual"},
        ],
        "util_bills": [
            # 8 CCF: 6 x 3.42 + 2 x 4.18 = 28.88, paid
            {"bill_id": "B-109001", "account_id": "ACC-30741", "reading_id": "RD-009001", "tariff_id": "W-RES",
             "period_start": "2025-09-03", "period_end": "2025-10-03", "usage": 8, "usage_charge": "28.88",
             "fixed_charge": "16.40", "late_fee": "0.00", "total": "45.28", "amount_paid": "45.28",
             "issued_on": "2025-10-04", "due_date": "2025-10-25", "status": "paid", "late_fee_waived_on": None,
             "plan_id": None, "replaces_bill_id": None},
            # the final bill, 9 CCF: 6 x 3.42 + 3 x 4.18 = 33.06, never paid: 5.00 late fee (1.5%, at least 5.00)
            {"bill_id": "B-109002", "account_id": "ACC-30741", "reading_id": "RD-009002", "tariff_id": "W-RES",
             "period_start": "2025-10-03", "period_end": "2025-11-03", "usage": 9, "usage_charge": "33.06",
             "fixed_charge": "16.40", "late_fee": "5.00", "total": "54.46", "amount_paid": "0.00",
             "issued_on": "2025-11-04", "due_date": "2025-11-25", "status": "overdue", "late_fee_waived_on": None,
             "plan_id": None, "replaces_bill_id": None},
        ],
    }


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
    text = str(value)
    return text.replace("T", " ") if len(text) == 19 and text[10] == "T" else text


def _csv(rows: list[dict[str, Any]], columns: list[str]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow([_cell(r[c]) for c in columns])
    return buf.getvalue()


def _write(found: dict[str, list[dict[str, Any]]], columns: dict[str, list[str]]) -> None:
    for table in HISTORY_TABLES:
        prefix, name = table.split("_", 1)
        if found.get(table):
            atomic_write_text(OVERLAY / prefix / f"{name}.csv", _csv(found[table], columns[table]))


def play(ids: dict[str, dict[str, str]]) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[str]]]:
    """Play :func:`steps` on the composed seed; the rows they inserted per composite table, and the columns."""
    from envfactory_gym.testing.envtest import EnvUnderTest

    env = EnvUnderTest(ROOT)
    state = env.new_state()
    saved: dict[str, Any] = {}
    try:
        hold = ids["shipper"]["craig_green@example.com"]

        def standing(status: str) -> Any:
            return lambda db: db.execute("UPDATE ship_shippers SET status = ? WHERE shipper_id = ?", [status, hold])

        state.run_in_transaction(standing("active"), writes=True)  # before his February invoice fell overdue
        for step in sorted(steps(ids), key=lambda s: s[0]):
            clock, name, args = step[:3]
            state.db.now = clock.replace(" ", "T")
            if clock >= "2026-03-31":
                state.run_in_transaction(standing("credit_hold"), writes=True)
            result = env.run(state, name, **args)
            if len(step) > 3:
                saved[step[3]] = result
        inserted = state.diff().inserted
        out: dict[str, list[dict[str, Any]]] = {}
        for table in HISTORY_TABLES:
            info = env.template.tables[table]
            keys = [tuple(r[c] for c in info.primary_key) for r in inserted.get(table, [])]
            where = " OR ".join("(" + " AND ".join(f"{c} = ?" for c in info.primary_key) + ")" for _ in keys)
            params = [v for k in keys for v in k]
            out[table] = state.db.query(f"SELECT * FROM {table} WHERE {where} ORDER BY ALL", params) if keys else []
        last_event = state.db.scalar("SELECT max(event_id) FROM ship_tracking_events")
        last_invoice = state.db.scalar("SELECT max(CAST(substr(invoice_id, 5) AS INTEGER)) FROM ship_invoices")
        columns = {t: list(env.template.tables[t].columns) for t in HISTORY_TABLES}
    finally:
        state.close()
    _deliver_green(out, saved, int(str(last_event)[3:]), int(last_invoice))
    return out, columns


def _deliver_green(out: dict[str, list[dict[str, Any]]], saved: dict[str, Any], last_event: int,
                   last_invoice: int) -> None:
    """Craig Green's February parcels: picked up, delivered and invoiced; the invoice was never paid."""
    invoice_id = f"INV-{last_invoice + 1}"
    sent = {saved["green_1"]["shipment_id"], saved["green_2"]["shipment_id"]}
    event_no = last_event
    for sh in out["ship_shipments"]:
        if sh["shipment_id"] in sent:
            sh["status"] = "delivered"
            sh["delivered_at"] = f"{sh['expected_delivery']} 14:20:00"
            for when, kind, where in ((f"{sh['ship_date']} 16:30:00", "picked_up", "Spokane Depot"),
                                      (f"{sh['expected_delivery']} 08:40:00", "out_for_delivery", "Spokane Depot"),
                                      (f"{sh['expected_delivery']} 14:20:00", "delivered", "Spokane, WA")):
                event_no += 1
                out["ship_tracking_events"].append({"event_id": f"TE-{event_no:07d}", "shipment_id": sh["shipment_id"],
                                                    "event_time": when, "event_type": kind, "location": where,
                                                    "note": None})
    charges = [ch for ch in out["ship_charges"] if ch["shipment_id"] in sent]
    for ch in charges:
        ch["invoice_id"] = invoice_id
    shipper = charges[0]["shipper_id"]
    amount = round(sum(float(ch["amount"]) for ch in charges), 2)
    out["ship_invoices"] = [{"invoice_id": invoice_id, "shipper_id": shipper, "period": "2026-02",
                             "issued_on": "2026-03-01", "due_on": "2026-03-31", "amount_due": amount,
                             "amount_paid": 0.0, "status": "overdue"}]
    out["ship_tracking_events"].sort(key=lambda e: e["event_id"])


def main() -> int:
    for table in HISTORY_TABLES:
        prefix, name = table.split("_", 1)
        (OVERLAY / prefix / f"{name}.csv").unlink(missing_ok=True)
    ids = _people()
    hand = hand_rows(ids)
    compose(ROOT)  # the members and the people only: the hand rows' ids are above the members' own
    from envfactory_gym.testing.envtest import EnvUnderTest

    columns = {t: list(EnvUnderTest(ROOT).template.tables[t].columns) for t in HISTORY_TABLES}
    _write(hand, columns)
    compose(ROOT)
    found, columns = play(ids)
    for table, rows in hand.items():
        found[table] = rows + found.get(table, [])
    _write(found, columns)
    compose(ROOT)
    print("wrote " + ", ".join(f"{len(rows)} {t}" for t, rows in found.items() if rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
