"""Write what the policyholders did before today: their new claims and replacement cars, and their bank accounts.

The claims and cars are not typed in by hand: the members' own tools make them, each at the moment it happened (the
state's clock set back to that moment), so ids, deductibles, payouts, prices and charges are the tools' own. The rows
the tools inserted are written as overlay CSVs (``overlay/ins/claims.csv``, ``overlay/car/reservations.csv``...),
which ``envfactory compose`` appends to the members' tables.

Then the policyholders' Kestrel Valley accounts (:data:`ACCOUNTS`): a checking account (with its debit card) and a
savings account each, and their transactions since March: payroll, card purchases, interest, and every Harborline
claim payout sent by direct deposit (the seed's and the history's), posted on the day Harborline issued it as
"Harborline Mutual claim payout CLM-...". Each ledger ends at the account's balance. Payouts by check are mailed and
never appear at the bank.

The script first composes the folder without its own CSVs (so ids continue the members' and the people's numbering),
plays the history, writes the CSVs and composes again. Deterministic: the same bytes every run.

Run after ``make_people.py``: ``python generated_envs/claims/authoring/make_history.py``.
"""

from __future__ import annotations

import csv
import io
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.composite.build import compose
from envfactory_gym.tasks import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "overlay"
#: The composite tables the history writes through the tools, as overlay files.
PLAYED_TABLES = ["ins_claims", "ins_claim_items", "ins_disbursements", "car_reservations",
                 "car_reservation_extras", "car_rentals", "car_charges"]
#: The bank tables this script writes directly (the policyholders' own accounts).
BANK_TABLES = ["bank_accounts", "bank_debit_cards", "bank_transactions", "bank_transfers"]

#: (clock, tool, arguments[, name]): a "$name" argument is the id an earlier step saved under that name.
STEPS: list[tuple[Any, ...]] = [
    # Sydney Nolan: a leak in her Boise home on 2026-05-17, paid by direct deposit on 2026-06-05
    ("2026-05-19 09:30:00", "file_claim", dict(coverage_id="CV-41075", incident_type="leak",
                                               incident_date="2026-05-17"), "nolan_claim"),
    ("2026-05-19 09:35:00", "add_claim_item", dict(claim_id="$nolan_claim",
                                                   item_description="Ceiling drywall and paint repair",
                                                   amount=3240.00)),
    ("2026-05-19 09:36:00", "add_claim_item", dict(claim_id="$nolan_claim",
                                                   item_description="Water extraction and drying", amount=1185.50)),
    ("2026-05-20 11:00:00", "assign_adjuster", dict(claim_id="$nolan_claim", adjuster_id="ADJ-121")),
    ("2026-06-04 15:00:00", "approve_claim", dict(staff_id="ADJ-121", claim_id="$nolan_claim")),
    ("2026-06-05 09:00:00", "release_claim_payment", dict(staff_id="ADJ-121", claim_id="$nolan_claim")),
    # Brian Bailey: a collision on 2026-05-20; a Midsize from Denver Airport for a week, returned
    ("2026-05-21 08:30:00", "file_claim", dict(coverage_id="CV-42114", incident_type="collision",
                                               incident_date="2026-05-20"), "bailey_claim"),
    ("2026-05-21 08:34:00", "add_claim_item", dict(claim_id="$bailey_claim",
                                                   item_description="Driver door and quarter panel repair",
                                                   amount=3380.00)),
    ("2026-05-21 09:20:00", "book_rental", dict(renter_id="R-1218", pickup_branch_id="DEN-APT",
                                                class_code="MIDSIZE", pickup_at="2026-05-21 12:00", days=7,
                                                coverage_code="BASIC"), "bailey_car"),
    ("2026-05-21 12:05:00", "pick_up_vehicle", dict(reservation_id="$bailey_car")),
    ("2026-05-22 10:00:00", "assign_adjuster", dict(claim_id="$bailey_claim", adjuster_id="ADJ-139")),
    ("2026-05-28 11:40:00", "return_vehicle", dict(reservation_id="$bailey_car", miles_driven=214,
                                                   fuel_eighths=8)),
    # Darren Smith: a collision on 2026-05-26; a Compact from Boise Airport booked from tomorrow morning
    ("2026-05-27 09:40:00", "file_claim", dict(coverage_id="CV-41950", incident_type="collision",
                                               incident_date="2026-05-26"), "smith_claim"),
    ("2026-05-27 09:44:00", "add_claim_item", dict(claim_id="$smith_claim", item_description="Front-end repair",
                                                   amount=4120.00)),
    ("2026-05-28 10:00:00", "assign_adjuster", dict(claim_id="$smith_claim", adjuster_id="ADJ-127")),
    ("2026-06-08 16:20:00", "book_rental", dict(renter_id="R-1215", pickup_branch_id="BOI-APT",
                                                class_code="COMPACT", pickup_at="2026-06-10 09:00", days=4,
                                                coverage_code="NONE")),
    # Patricia Gillespie: rear-ended on 2026-06-06, filed the same day; no car yet
    ("2026-06-06 15:00:00", "file_claim", dict(coverage_id="CV-40927", incident_type="collision",
                                               incident_date="2026-06-06"), "gillespie_claim"),
    ("2026-06-06 15:04:00", "add_claim_item", dict(claim_id="$gillespie_claim",
                                                   item_description="Rear bumper and tailgate repair",
                                                   amount=2640.00)),
]

#: Per policyholder: (customer id, employer, payroll amount, checking nickname, last4, balance, overdraft limit,
#: savings nickname, last4, balance, card last4, extra accounts). Balances are today's; the ledger leads to them.
ACCOUNTS: list[tuple[Any, ...]] = [
    ("PH-10066", "Treasure Valley Schools", 1842.16, "Everyday Checking", "4471", 2184.36, 500.0,
     "Rainy Day Savings", "8820", 6420.00, "7312", []),
    ("PH-10078", "Boise Regional Medical", 3120.40, "Household Checking", "1904", 1262.75, 1000.0,
     "Emergency Savings", "3377", 14250.00, "6650", []),
    ("PH-10102", "Santa Fe County", 2210.00, "Main Checking", "5521", 1876.04, 500.0,
     "Travel Savings", "9042", 3110.00, "2208", []),
    ("PH-10112", "Gem State Logistics", 1688.90, "Everyday Checking", "7730", 923.18, 500.0,
     "House Savings", "6815", 2740.00, "1449", []),
    ("PH-10145", "Idaho Power Retirement", 1410.00, "Everyday Checking", "6027", 142.18, 500.0,
     "Savings", "3190", 310.00, "5583", []),
    ("PH-10147", "Micron Technology", 2655.30, "Main Checking", "8456", 1920.44, 500.0,
     "Savings", "2214", 2300.00, "9931", [("checking", "Bills Checking", "3068", 640.12, 250.0, "open")]),
    ("PH-10153", "Old Town Coffee Roasters", 1120.85, "Student Checking", "2690", 812.40, 250.0,
     "Savings", "7501", 150.00, "4017", []),
    ("PH-10157", "Poudre Valley Engineering", 3480.00, "Premier Checking", "6604", 4210.77, 1500.0,
     "Premier Savings", "1188", 18400.00, "8875", []),
    ("PH-10163", "Santa Fe Opera", 1960.25, "Everyday Checking", "3357", 1355.20, 500.0,
     "Savings", "4426", 900.00, "6109", []),
]
#: The account of :data:`ACCOUNTS` whose status is not open (holder id, account position, status).
RESTRICTED = {("PH-10147", 0): "restricted"}
#: Card purchases: (merchant, amount), taken in turn, one a week.
PURCHASES = [("Albertsons #0412", 86.42), ("Shell Oil 5531", 48.10), ("Target T-1290", 63.77),
             ("Costco Whse #0761", 142.35), ("Chevron 0093", 51.60), ("Walgreens #4402", 22.19),
             ("Fred Meyer #0229", 97.04), ("Home Depot 1806", 74.88), ("Panda Express #1723", 18.45),
             ("WinCo Foods #71", 105.32)]
LEDGER_START = date(2026, 3, 20)  # a Friday: payroll every other Friday from here


def _csv(rows: list[dict[str, Any]], columns: list[str]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow(["" if r[c] is None else _cell(r[c]) for c in columns])
    return buf.getvalue()


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, (date, datetime)):
        return value.isoformat(sep=" ") if isinstance(value, datetime) else value.isoformat()
    return str(value).replace("T", " ") if isinstance(value, str) and len(value) == 19 and value[10] == "T" \
        else str(value)


def play(env: Any, state: Any) -> dict[str, list[dict[str, Any]]]:
    """Play :data:`STEPS`; the rows they inserted, per composite table (as they are at the end)."""
    saved: dict[str, str] = {}
    for step in sorted(STEPS, key=lambda s: s[0]):
        clock, name, args = step[:3]
        state.db.now = clock.replace(" ", "T")
        args = {k: saved[v[1:]] if isinstance(v, str) and v.startswith("$") else v for k, v in args.items()}
        result = env.run(state, name, **args)
        if len(step) > 3:
            saved[step[3]] = result.get("claim_id") or result["reservation_id"]
    inserted = state.diff().inserted
    out = {}
    for table in PLAYED_TABLES:
        info = env.template.tables[table]
        keys = [tuple(r[c] for c in info.primary_key) for r in inserted.get(table, [])]
        where = " OR ".join("(" + " AND ".join(f"{c} = ?" for c in info.primary_key) + ")" for _ in keys)
        params = [v for k in keys for v in k]
        out[table] = state.db.query(f"SELECT * FROM {table} WHERE {where} ORDER BY ALL", params) if keys else []
    return out


def ledgers(state: Any) -> dict[str, list[dict[str, Any]]]:
    """The policyholders' bank accounts, debit cards and transactions (see the module's docstring)."""
    db = state.db
    cust = {r["email"]: r["customer_id"] for r in db.query("SELECT customer_id, email FROM bank_customers")}
    holders = {r["holder_id"]: r for r in db.query("SELECT holder_id, email FROM ins_policyholders")}
    account_no = int(db.scalar("SELECT max(account_id) FROM bank_accounts")[3:])
    card_no = int(db.scalar("SELECT max(card_id) FROM bank_debit_cards")[3:])
    txn_no = int(db.scalar("SELECT max(transaction_id) FROM bank_transactions")[3:])
    transfer_no = int(db.scalar("SELECT max(transfer_id) FROM bank_transfers")[3:])
    today = date.fromisoformat(db.now[:10])
    accounts, cards, txns, transfers = [], [], [], []
    for k, (hid, employer, pay, chk_name, chk4, chk_bal, od, sav_name, sav4, sav_bal, card4, extra) in \
            enumerate(ACCOUNTS):
        cid = cust[holders[hid]["email"]]
        lender = db.query_one("SELECT payee_id, payee_name FROM bank_payees WHERE customer_id = ? ORDER BY payee_id "
                              "LIMIT 1", [cid])
        payouts = db.query("SELECT d.claim_id, d.amount, d.issued_on FROM ins_disbursements d JOIN ins_policies p "
                           "USING (policy_number) WHERE p.holder_id = ? AND d.kind = 'claim_payout' "
                           "AND d.method = 'direct_deposit' AND d.issued_on >= ? ORDER BY d.issued_on",
                           [hid, LEDGER_START.isoformat()])
        chk_bal = round(chk_bal + sum(float(p["amount"]) for p in payouts), 2)  # the payouts arrived on top
        specs = [("checking", chk_name, chk4, chk_bal, od, "open"), ("savings", sav_name, sav4, sav_bal, 0.0, "open"),
                 *extra]
        for pos, (kind, nick, last4, balance, limit, status) in enumerate(specs):
            account_no += 1
            acc_id = f"AC-{account_no}"
            opened = date(2014 + (k + pos) % 9, 1 + (3 * k + pos) % 12, 1 + (5 * k + 7 * pos) % 27)
            accounts.append({"account_id": acc_id, "customer_id": cid, "account_type": kind, "nickname": nick,
                             "number_last4": last4, "status": RESTRICTED.get((hid, pos), status),
                             "balance": balance, "overdraft_limit": limit, "opened_on": opened, "closed_on": None})
            lines: list[tuple[datetime, str, str, float, str | None, str | None]] = []
            card_id = None
            if pos == 0:
                card_no += 1
                card_id = f"DC-{card_no}"
                cards.append({"card_id": card_id, "account_id": acc_id, "last4": card4, "status": "active",
                              "issued_on": date(2025, 1 + k % 12, 10), "expires": f"{2029 + k % 3}-{1 + k % 12:02d}",
                              "freeze_reason": None, "cancel_reason": None, "cancelled_at": None,
                              "replacement_card_id": None})
                day = LEDGER_START
                while day < today:
                    lines.append((datetime.combine(day, datetime.min.time()).replace(hour=6), "direct_deposit",
                                  f"Payroll deposit - {employer}", pay, None, None))
                    day += timedelta(days=14)
                day, n = LEDGER_START + timedelta(days=1 + k % 5), k
                while day < today:
                    merchant, amount = PURCHASES[n % len(PURCHASES)]
                    lines.append((datetime.combine(day, datetime.min.time()).replace(hour=12 + n % 7, minute=17),
                                  "card_purchase", merchant, -amount, card_id, None))
                    day, n = day + timedelta(days=7), n + 1
                for p in payouts:
                    issued = date.fromisoformat(str(p["issued_on"]))
                    lines.append((datetime.combine(issued, datetime.min.time()).replace(hour=14, minute=5),
                                  "direct_deposit", f"Harborline Mutual claim payout {p['claim_id']}",
                                  float(p["amount"]), None, None))
                for month in (4, 5, 6):  # the mortgage or rent, on the 5th
                    transfer_no += 1
                    tid = f"TR-{transfer_no:06d}"
                    when = datetime(2026, month, 5, 8, 30)
                    housing = round(2 * pay - 250, 2)
                    transfers.append({"transfer_id": tid, "customer_id": cid, "from_account_id": acc_id,
                                      "to_account_id": None, "payee_id": lender["payee_id"], "amount": housing,
                                      "created_at": when, "channel": "online", "standing_order_id": None})
                    lines.append((when, "payee_payment", f"Payment to {lender['payee_name']}", -housing, None, tid))
            elif kind == "savings":
                for month in (3, 4, 5):
                    lines.append((datetime(2026, month + 1, 1, 3, 0), "interest", "Interest paid",
                                  round(balance * 0.0002 + 0.37 * (month - 2), 2), None, None))
            lines.sort(key=lambda line: (line[0], line[2]))
            running = round(balance - sum(line[3] for line in lines), 2)
            for when, kind_, text, amount, card, tid in lines:
                running = round(running + amount, 2)
                txn_no += 1
                txns.append({"transaction_id": f"TX-{txn_no:06d}", "account_id": acc_id, "posted_at": when,
                             "kind": kind_, "description": text, "amount": amount, "balance_after": running,
                             "card_id": card, "fee_type": None, "transfer_id": tid})
            if abs(running - balance) > 0.001:
                raise AssertionError(f"{acc_id}: the ledger does not end at the balance")
            low = min((t["balance_after"] for t in txns if t["account_id"] == acc_id), default=0)
            if low < 0:
                raise AssertionError(f"{acc_id}: the ledger goes below zero")
    return {"bank_accounts": accounts, "bank_debit_cards": cards, "bank_transactions": txns,
            "bank_transfers": transfers}


def main() -> int:
    from envfactory_gym.testing.envtest import EnvUnderTest

    for table in PLAYED_TABLES + BANK_TABLES:
        prefix, name = table.split("_", 1)
        (OVERLAY / prefix / f"{name}.csv").unlink(missing_ok=True)
    compose(ROOT)
    env = EnvUnderTest(ROOT)
    state = env.new_state()
    try:
        found = play(env, state)
        state.db.now = env.manifest.now
        found.update(ledgers(state))
        columns = {t: list(env.template.tables[t].columns) for t in found}
    finally:
        state.close()
    for table, rows in found.items():
        prefix, name = table.split("_", 1)
        if rows:
            atomic_write_text(OVERLAY / prefix / f"{name}.csv", _csv(rows, columns[table]))
    compose(ROOT)
    print("wrote " + ", ".join(f"{len(rows)} {t}" for t, rows in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
