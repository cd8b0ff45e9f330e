"""Deterministic seed data for the banking environment (Kestrel Valley Bank, a personal bank's back office).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``). Names and employers come
from Faker 40.63.0 (pinned: another version draws other names) seeded with ``SEED``; everything else from
``random.Random(SEED)``. No value depends on the wall clock, so running it twice gives byte-identical files.

Each customer's history is simulated event by event (payroll, card purchases, ATM withdrawals, transfers,
payee payments, standing orders, fees, courtesy refunds, dispute credits) so that every balance is the sum of
its transactions and the seed obeys the rules the tools enforce (overdraft limits and fees, one courtesy
refund per account per 12 months, one dispute per card purchase).
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import random
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260518
NOW = datetime(2026, 5, 18, 10, 0, 0)
WINDOW_START = NOW - timedelta(days=110)
HERE = Path(__file__).resolve().parent
N_CUSTOMERS = 110

OVERDRAFT_FEE = 35.00
REPLACEMENT_FEE = 12.00
MAINTENANCE_FEE = 12.00
ATM_FEE = 3.50

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

# (merchant, lowest and highest amount of a purchase)
MERCHANTS: list[tuple[str, float, float]] = [
    ("Fieldstone Market", 22.0, 165.0), ("Greenway Grocers", 18.0, 140.0), ("Corner Pantry Co-op", 9.0, 65.0),
    ("Blue Heron Coffee", 4.25, 13.5), ("Saffron Table", 28.0, 96.0), ("Harbor Noodle Bar", 14.0, 42.0),
    ("Copper Kettle Diner", 11.0, 38.0), ("Ridgeway Fuel", 31.0, 78.0), ("Summit Gas & Go", 28.0, 70.0),
    ("Parcelpoint Online", 15.0, 225.0), ("Lumen Outfitters", 42.0, 265.0), ("Brightwire Electronics", 59.0, 890.0),
    ("Skylark Rail", 45.0, 182.0), ("Northstar Rideshare", 9.0, 48.0), ("Cobblestone Inn", 124.0, 420.0),
    ("Willow Pharmacy", 8.0, 61.0), ("Hearthline Hardware", 12.0, 184.0), ("Paper Lantern Books", 11.0, 58.0),
    ("Tallgrass Pet Supply", 16.0, 96.0), ("Marigold Florist", 24.0, 88.0),
]
SUBSCRIPTIONS = [("StreamNest", 15.99), ("Cadence Music", 10.99), ("IronPeak Gym", 39.00),
                 ("Daily Ledger News", 12.00), ("CloudVault Storage", 2.99)]
FOREIGN_MERCHANTS = [("Cafe Lumiere (Paris, FR)", 12.0, 85.0), ("Maple Leaf Outfitters (Toronto, CA)", 30.0, 160.0),
                     ("Mercado Azul (Lisbon, PT)", 9.0, 70.0)]
ATM_PLACES = ["Kestrel Valley Bank - Main St", "Kestrel Valley Bank - Riverside", "QuickCash ATM - Union Station",
              "QuickCash ATM - Airport Terminal B", "Corner Pantry Co-op ATM"]
BANKS = ["Granite Ridge Credit Union", "Bayshore National Bank", "Prairie Lantern Bank", "Cobalt Federal Savings",
         "Three Rivers Trust", "Harbor & Pine Bank", "Silverleaf Credit Union", "Kestrel Valley Bank"]
CHECKING_NAMES = ["Everyday Checking", "Household Checking", "Main Checking", "Smart Checking"]
SECOND_CHECKING = ["Bills Checking", "Freelance Checking", "Joint Expenses Checking"]
SAVINGS_NAMES = ["Rainy Day Savings", "Emergency Savings", "High-Yield Savings", "Home Deposit Savings"]
SECOND_SAVINGS = ["Vacation Fund", "Wedding Fund", "New Car Fund", "Holiday Savings"]
EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com"]
# (payee kind, name pattern, low, high, standing order frequency)
PAYEE_KINDS = [
    ("rent", "{last} Property Management", 950.0, 2350.0, "monthly"),
    ("utility", "Tidewater Electric Cooperative", 58.0, 190.0, "monthly"),
    ("utility", "Clearbrook Water Authority", 32.0, 95.0, "monthly"),
    ("childcare", "Little Acorns Daycare", 165.0, 320.0, "weekly"),
    ("person", "{person}", 25.0, 600.0, "monthly"),
    ("person", "{person}", 20.0, 450.0, "monthly"),
    ("service", "{last} Lawn & Garden", 45.0, 140.0, "monthly"),
    ("service", "Brightpath Tutoring", 60.0, 240.0, "weekly"),
]
FREEZE_REASONS = ["misplaced", "suspected_fraud", "travel", "customer_request"]
DISPUTE_REASONS = ["duplicate_charge", "not_received", "wrong_amount"]


def money(x: float) -> float:
    return round(x + 1e-9 if x >= 0 else x - 1e-9, 2)


def routing_number(rng: random.Random) -> str:
    """Nine digits with a valid ABA checksum."""
    d = [rng.randint(0, 9) for _ in range(8)]
    d[0] = rng.choice([0, 1, 2, 3])
    partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5])
    d.append((10 - partial % 10) % 10)
    return "".join(map(str, d))


def at(day: date | datetime, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute)


@dataclass(order=True)
class Event:
    when: datetime
    seq: int
    kind: str = field(compare=False)
    data: dict[str, Any] = field(compare=False, default_factory=dict)


class World:
    """All generated rows; ids are assigned at the end, in time order."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fake = Faker("en_US")
        self.fake.seed_instance(seed)
        self.rows: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.bank_routing = {b: routing_number(self.rng) for b in BANKS}
        self.used_names: set[tuple[str, str]] = set()
        self.used_emails: set[str] = set()
        self.seq = itertools.count()

    # -- people ------------------------------------------------------------------------------------------

    def name(self) -> tuple[str, str]:
        while True:
            first = re.sub(r"[^A-Za-z]", "", self.fake.first_name())
            last = re.sub(r"[^A-Za-z]", "", self.fake.last_name())
            if first and last and (first, last) not in self.used_names:
                self.used_names.add((first, last))
                return first, last

    def email(self, first: str, last: str) -> str:
        rng = self.rng
        while True:
            style = rng.randrange(4)
            local = [f"{first}.{last}", f"{first[0]}{last}", f"{first}_{last}{rng.randint(1, 99)}",
                     f"{last}.{first}"][style].lower()
            email = f"{local}@{rng.choice(EMAIL_DOMAINS)}"
            if email not in self.used_emails:
                self.used_emails.add(email)
                return email

    # -- build -------------------------------------------------------------------------------------------

    def build(self) -> None:
        for n in range(N_CUSTOMERS):
            self.customer(f"CU-{1001 + n}", n)
        self.assign_ids()

    def customer(self, cid: str, n: int) -> None:
        rng = self.rng
        first, last = self.name()
        born = date(1948, 1, 1) + timedelta(days=rng.randrange(365 * 56))
        member = date(2008, 1, 1) + timedelta(days=rng.randrange((NOW.date() - date(2008, 1, 1)).days - 200))
        segment = "premier" if rng.random() < 0.22 else "standard"
        self.rows["customers"].append({
            "customer_id": cid, "first_name": first, "last_name": last, "email": self.email(first, last),
            "phone": f"{rng.randint(201, 989)}-555-01{rng.randint(0, 99):02d}", "date_of_birth": born,
            "segment": segment, "member_since": member})
        cust = {"id": cid, "segment": segment, "member": member, "accounts": [], "payees": [], "events": []}
        self._current = cust
        last4s: set[str] = set()

        def new_account(kind: str, nickname: str, opened: date, status: str = "open") -> dict[str, Any]:
            while True:
                l4 = f"{rng.randint(0, 9999):04d}"
                if l4 not in last4s:
                    last4s.add(l4)
                    break
            limit = 0.0
            if kind == "checking":
                limit = rng.choice([500.0, 1000.0]) if segment == "premier" else rng.choice([0.0, 100.0, 250.0, 250.0])
            acc = {"account_id": None, "customer_id": cid, "account_type": kind, "nickname": nickname,
                   "number_last4": l4, "status": status, "balance": 0.0, "overdraft_limit": limit,
                   "opened_on": opened, "closed_on": None, "cards": [], "last_refund": None}
            cust["accounts"].append(acc)
            self.rows["accounts"].append(acc)
            return acc

        def opened_after(d: date) -> date:
            span = (WINDOW_START.date() - timedelta(days=30) - d).days
            return d + timedelta(days=rng.randrange(max(span, 1)))

        checking = new_account("checking", rng.choice(CHECKING_NAMES), member)
        savings = (new_account("savings", rng.choice(SAVINGS_NAMES), opened_after(member))
                   if rng.random() < 0.7 else None)
        second_checking = (new_account("checking", rng.choice(SECOND_CHECKING), opened_after(member))
                           if rng.random() < 0.12 else None)
        second_savings = (new_account("savings", rng.choice(SECOND_SAVINGS), opened_after(member))
                          if savings and rng.random() < 0.2 else None)
        if rng.random() < 0.08:
            kind = rng.choice(["savings", "checking"])
            prefix = {"Savings": "Old", "Checking": "Former"}[rng.choice(["Savings", "Checking"])]
            old = new_account(kind, f"{prefix} {kind.title()}", member, status="closed")
            old["closed_on"] = opened_after(old["opened_on"])
            if old["account_type"] == "checking":
                self.card(old, old["opened_on"], cancel=("account_closed", at(old["closed_on"], 11)))
        if n % 31 == 7:  # a few accounts under a compliance hold
            checking["status"] = "restricted"

        self.opening_balances(cust)
        for acc in (checking, second_checking):
            if acc is not None:
                self.cards_for(acc)
        self.payees(cust, first, last)
        self.income_and_spending(cust, checking, second_checking, savings, second_savings)
        self.standing_orders(cust, checking)
        self.old_courtesy_refund(cust)
        spare = second_savings or second_checking
        if n % 4 == 0 and spare is not None and spare["status"] == "open":
            # Emptied online this morning, the last event of the day: the customer may call to close it.
            self.push(spare, at(NOW, 9, 58), "empty", to=checking)
        self.simulate(cust)

    def opening_balances(self, cust: dict[str, Any]) -> None:
        rng = self.rng
        rich = 2.5 if cust["segment"] == "premier" else 1.0
        for acc in cust["accounts"]:
            if acc["status"] == "closed":
                continue
            base = rng.uniform(150, 3200) if acc["account_type"] == "checking" else rng.uniform(300, 16000)
            acc["balance"] = money(base * rich)

    # -- cards -------------------------------------------------------------------------------------------

    def card(self, acc: dict[str, Any], issued: date, cancel: tuple[str, datetime] | None = None,
             replaces: dict[str, Any] | None = None) -> dict[str, Any]:
        card = {"card_id": None, "account_id": acc, "last4": f"{self.rng.randint(0, 9999):04d}",
                "status": "active", "issued_on": issued,
                "expires": f"{issued.year + 4}-{issued.month:02d}", "freeze_reason": None, "cancel_reason": None,
                "cancelled_at": None, "replacement_card_id": None, "from": at(issued, 0), "until": None,
                "frozen_from": None}
        if cancel:
            card["status"], card["cancel_reason"], card["cancelled_at"] = "cancelled", cancel[0], cancel[1]
            card["until"] = cancel[1]
        if replaces is not None:
            replaces["replacement_card_id"] = card
        acc["cards"].append(card)
        self.rows["debit_cards"].append(card)
        return card

    def cards_for(self, acc: dict[str, Any]) -> None:
        rng = self.rng
        issued = max(acc["opened_on"], (NOW - timedelta(days=rng.randint(40, 1350))).date())
        roll = rng.random()
        if roll < 0.11:  # replaced during the window
            when = self.daytime(9, 18, first_day=5, last_day=100)
            reason = rng.choice(["lost", "stolen", "damaged", "defective"])
            old = self.card(acc, min(issued, (WINDOW_START - timedelta(days=60)).date()), cancel=(reason, when))
            new = self.card(acc, when.date(), replaces=old)
            new["from"] = when + timedelta(days=5)
            if reason != "defective":
                self.push(acc, when, "fee", amount=REPLACEMENT_FEE, fee_type="card_replacement",
                          description="Card replacement fee")
            self.maybe_freeze(new)
        elif roll < 0.14:  # cancelled recently and not replaced yet
            when = at(NOW - timedelta(days=rng.randint(2, 20)), rng.randint(7, 21), rng.randint(0, 59))
            self.card(acc, issued, cancel=(rng.choice(["lost", "stolen"]), when))
        else:
            card = self.card(acc, issued)
            self.maybe_freeze(card)

    def maybe_freeze(self, card: dict[str, Any]) -> None:
        if self.rng.random() < 0.09:
            card["status"] = "frozen"
            card["freeze_reason"] = self.rng.choice(FREEZE_REASONS)
            card["frozen_from"] = NOW - timedelta(days=self.rng.randint(1, 12), hours=self.rng.randint(0, 10))

    @staticmethod
    def card_at(acc: dict[str, Any], when: datetime) -> dict[str, Any] | None:
        for card in acc["cards"]:
            if card["from"] <= when and (card["until"] is None or when < card["until"]) and (
                    card["frozen_from"] is None or when < card["frozen_from"]):
                return card
        return None

    # -- payees ------------------------------------------------------------------------------------------

    def payees(self, cust: dict[str, Any], first: str, last: str) -> None:
        rng = self.rng
        count = rng.choices([0, 1, 2, 3, 4], weights=[1, 3, 4, 3, 1])[0]
        kinds = rng.sample(PAYEE_KINDS, count)
        for kind, pattern, low, high, freq in kinds:
            name = pattern.format(last=self.fake.last_name(), person=self.fake.name())
            bank = rng.choice(BANKS)
            digits = rng.choice([10, 11, 12])
            recent = rng.random() < 0.06
            added = (NOW - timedelta(hours=rng.randint(1, 20), minutes=rng.randint(0, 59)) if recent else
                     at(cust["member"], 9) + timedelta(days=rng.randrange(max((NOW.date() - cust["member"]).days
                                                                               - 20, 1)), hours=rng.randint(0, 9)))
            payee = {"payee_id": None, "customer_id": cust["id"], "payee_name": name, "bank_name": bank,
                     "routing_number": self.bank_routing[bank],
                     "account_number": str(rng.randint(10 ** (digits - 1), 10 ** digits - 1)),
                     "added_at": added, "kind": kind, "low": low, "high": high, "freq": freq}
            cust["payees"].append(payee)
            self.rows["payees"].append(payee)

    # -- events ------------------------------------------------------------------------------------------

    def push(self, acc: dict[str, Any], when: datetime, event: str, **data: Any) -> None:
        heapq.heappush(self._current["events"], Event(when, next(self.seq), event, {"acc": acc, **data}))

    def income_and_spending(self, cust: dict[str, Any], checking: dict[str, Any], checking2: dict[str, Any] | None,
                            savings: dict[str, Any] | None, savings2: dict[str, Any] | None) -> None:
        rng = self.rng
        employer = self.fake.company()
        pay = money(rng.uniform(850, 2300) * (1.6 if cust["segment"] == "premier" else 1.0))
        day = WINDOW_START + timedelta(days=rng.randint(0, 13))
        if rng.random() < 0.85:
            while day < NOW:
                self.push(checking, at(day, 6, 0), "credit", amount=pay, kind="direct_deposit",
                          description=f"Payroll deposit - {employer}")
                day += timedelta(days=14)
        for acc, scale in ((checking, 1.0), (checking2, 0.4)):
            if acc is None:
                continue
            for _ in range(round(rng.randint(6, 12) * scale)):
                when = self.daytime(7, 22)
                if rng.random() < 0.05:
                    merchant, low, high = rng.choice(FOREIGN_MERCHANTS)
                    self.push(acc, when, "purchase", merchant=merchant, amount=money(rng.uniform(low, high)),
                              foreign=True)
                else:
                    merchant, low, high = rng.choice(MERCHANTS)
                    self.push(acc, when, "purchase", merchant=merchant, amount=money(rng.uniform(low, high)))
            if rng.random() < 0.55:
                name, price = rng.choice(SUBSCRIPTIONS)
                sub_day = WINDOW_START + timedelta(days=rng.randint(0, 27))
                while sub_day < NOW:
                    self.push(acc, at(sub_day, 3, 15), "purchase", merchant=name, amount=price)
                    sub_day = _add_month(sub_day)
            for _ in range(rng.choice([0, 1, 1, 2, 3])):
                when = self.daytime(8, 21)
                place = rng.choice(ATM_PLACES)
                self.push(acc, when, "atm", place=place, amount=float(rng.choice([40, 60, 100, 200, 300])),
                          fee=place.startswith("QuickCash"))
            month = date(WINDOW_START.year, WINDOW_START.month, 1)
            while True:
                month = _add_month(month)
                if at(month, 0) > NOW:
                    break
                if cust["segment"] == "standard":
                    self.push(acc, at(month, 0, 5), "maintenance")
        for sav in (savings, savings2):
            if sav is None:
                continue
            sweep_day = WINDOW_START + timedelta(days=rng.randint(1, 27))
            amount = float(round(pay * rng.uniform(0.5, 1.1), -1))
            while sweep_day < NOW and rng.random() < 0.9:
                self.push(checking, at(sweep_day, 7, 30), "own_transfer", to=sav, amount=amount, channel="online")
                sweep_day = _add_month(sweep_day)
            if rng.random() < 0.3:
                when = self.daytime(8, 20)
                self.push(sav, when, "own_transfer", to=checking, amount=float(rng.choice([200, 300, 500, 750])),
                          channel=rng.choice(["online", "branch"]))
            month = date(WINDOW_START.year, WINDOW_START.month, 1)
            while True:
                month = _add_month(month)
                if at(month, 0) > NOW:
                    break
                self.push(sav, at(month - timedelta(days=1), 23, 0), "interest")
        ready = [p for p in cust["payees"] if p["added_at"] < NOW - timedelta(days=2)]
        for payee in ready:
            for _ in range(rng.choice([0, 0, 1, 1, 2])):
                when = max(payee["added_at"] + timedelta(days=1), WINDOW_START) + timedelta(
                    days=rng.randint(0, 100), hours=rng.randint(0, 10))
                if when < NOW - timedelta(days=1):
                    self.push(checking, when, "payee", payee=payee, amount=money(rng.uniform(payee["low"],
                                                                                        payee["high"])))
        if ready and rng.random() < 0.14:  # paid someone earlier today: rent or a person, often a large amount
            payee = rng.choice([p for p in ready if p["kind"] in ("rent", "person")] or ready)
            big = rng.random() < 0.6 and payee["kind"] in ("rent", "person")
            amount = money(rng.uniform(1500, 2400) if big else rng.uniform(payee["low"], payee["high"]))
            self.push(checking, at(NOW, 7, rng.randint(0, 59)) + timedelta(hours=rng.randint(0, 2)), "payee",
                      payee=payee, amount=amount)

    def daytime(self, first_hour: int, last_hour: int, first_day: int = 1, last_day: int | None = None) -> datetime:
        """A random time of day between the hours given, on a day of the window (days after its start) before today."""
        last_day = (NOW - WINDOW_START).days - 1 if last_day is None else last_day
        day = WINDOW_START.date() + timedelta(days=self.rng.randint(first_day, last_day))
        return at(day, self.rng.randint(first_hour, last_hour), self.rng.randint(0, 59))

    def standing_orders(self, cust: dict[str, Any], checking: dict[str, Any]) -> None:
        rng = self.rng
        for payee in cust["payees"]:
            if payee["added_at"] > NOW - timedelta(days=30) or rng.random() < 0.45:
                continue
            created = max(payee["added_at"] + timedelta(days=1), at(cust["member"], 10))
            if created > WINDOW_START:
                created = WINDOW_START - timedelta(days=rng.randint(1, 200), hours=rng.randint(0, 8))
            amount = money(rng.uniform(payee["low"], payee["high"]))
            amount = money(round(amount) if payee["kind"] in ("rent", "person", "childcare") else amount)
            freq = payee["freq"]
            so = {"standing_order_id": None, "customer_id": cust["id"], "from_account_id": checking,
                  "payee_id": payee, "amount": amount, "frequency": freq, "next_run_date": None,
                  "status": "active", "created_at": created, "cancelled_at": None}
            if rng.random() < 0.15:
                so["status"] = "cancelled"
                so["cancelled_at"] = NOW - timedelta(days=rng.randint(3, 80), hours=rng.randint(0, 9))
            step = timedelta(days=7) if freq == "weekly" else None
            run = (WINDOW_START + timedelta(days=rng.randint(0, 6 if step else 27))).date()
            end = so["cancelled_at"] or NOW
            while at(run, 5) < end:
                self.push(checking, at(run, 5, 30), "standing_order", so=so)
                run = run + step if step else _add_month(run)
            if so["status"] == "active":
                so["next_run_date"] = run if at(run, 5, 30) >= NOW else run + (step or timedelta(days=30))
            self.rows["standing_orders"].append(so)

    def old_courtesy_refund(self, cust: dict[str, Any]) -> None:
        rng = self.rng
        checking = cust["accounts"][0]
        if checking["status"] == "closed" or rng.random() > 0.16:
            return
        when = NOW - timedelta(days=rng.randint(190, 420), hours=rng.randint(0, 12))
        if at(checking["opened_on"], 23) > when:
            return
        self.push(checking, when, "fee", amount=OVERDRAFT_FEE, fee_type="overdraft", description="Overdraft fee",
                  refund_after=timedelta(days=rng.randint(1, 6)))

    # -- simulation --------------------------------------------------------------------------------------

    def simulate(self, cust: dict[str, Any]) -> None:
        events = cust["events"]
        while events:
            ev = heapq.heappop(events)
            handler = getattr(self, f"on_{ev.kind}")
            handler(ev.when, **ev.data)

    def post(self, acc: dict[str, Any], when: datetime, kind: str, description: str, amount: float,
             card: dict[str, Any] | None = None, fee_type: str | None = None,
             transfer: dict[str, Any] | None = None) -> dict[str, Any]:
        acc["balance"] = money(acc["balance"] + amount)
        txn = {"transaction_id": None, "account_id": acc, "posted_at": when, "kind": kind,
               "description": description, "amount": money(amount), "balance_after": acc["balance"],
               "card_id": card, "fee_type": fee_type, "transfer_id": transfer}
        self.rows["transactions"].append(txn)
        return txn

    @staticmethod
    def available(acc: dict[str, Any]) -> float:
        return acc["balance"] + (acc["overdraft_limit"] if acc["account_type"] == "checking" else 0.0)

    def debit(self, acc: dict[str, Any], when: datetime, kind: str, description: str, amount: float,
              card: dict[str, Any] | None = None, transfer: dict[str, Any] | None = None,
              allow_overdraft: bool = True, foreign: bool = False) -> dict[str, Any] | None:
        limit = self.available(acc) if allow_overdraft else acc["balance"]
        if amount > limit + 1e-9:
            return None
        txn = self.post(acc, when, kind, description, -amount, card=card, transfer=transfer)
        overdrawn = acc["balance"] < 0
        if foreign:  # posted with the purchase, before any overdraft fee a minute later
            self.on_fee(when, acc, money(amount * 0.03), "foreign_transaction", "Foreign transaction fee")
        if overdrawn:
            self.on_fee(when + timedelta(minutes=1), acc, OVERDRAFT_FEE, "overdraft", "Overdraft fee")
        return txn

    def transfer_row(self, cust_id: str, src: dict[str, Any], when: datetime, amount: float, channel: str,
                     to: dict[str, Any] | None = None, payee: dict[str, Any] | None = None,
                     so: dict[str, Any] | None = None) -> dict[str, Any]:
        row = {"transfer_id": None, "customer_id": cust_id, "from_account_id": src, "to_account_id": to,
               "payee_id": payee, "amount": money(amount), "created_at": when, "channel": channel,
               "standing_order_id": so}
        self.rows["transfers"].append(row)
        return row

    def on_credit(self, when: datetime, acc: dict[str, Any], amount: float, kind: str, description: str) -> None:
        self.post(acc, when, kind, description, amount)

    def on_purchase(self, when: datetime, acc: dict[str, Any], merchant: str, amount: float,
                    foreign: bool = False) -> None:
        card = self.card_at(acc, when)
        if card is None or acc["status"] == "closed":
            return
        txn = self.debit(acc, when, "card_purchase", merchant, amount, card=card, foreign=foreign)
        if txn is None:
            return
        rng = self.rng
        if when > NOW - timedelta(days=100) and rng.random() < 0.035 and not foreign:
            opened = when + timedelta(days=rng.randint(2, 18), hours=rng.randint(1, 8))
            if opened < NOW - timedelta(hours=2):
                self.open_dispute(acc, txn, opened)

    def open_dispute(self, acc: dict[str, Any], txn: dict[str, Any], opened: datetime) -> None:
        rng = self.rng
        amount = -txn["amount"]
        small = amount <= 100
        old = opened < NOW - timedelta(days=30)
        status = "under_review"
        resolved = None
        if old:
            status = "resolved_refunded" if small or rng.random() < 0.55 else "resolved_denied"
            resolved = min(opened + timedelta(days=rng.randint(8, 28)), NOW - timedelta(hours=3))
        dispute = {"dispute_id": None, "transaction_id": txn, "account_id": acc,
                   "reason": rng.choice(DISPUTE_REASONS), "amount": amount, "status": status,
                   "provisional_credit": amount if small else 0.0, "opened_at": opened, "resolved_at": resolved}
        self.rows["card_disputes"].append(dispute)
        merchant = txn["description"]
        if small:
            self.push(acc, opened, "credit", amount=amount, kind="dispute_credit",
                      description=f"Provisional credit - dispute of {merchant}")
        elif status == "resolved_refunded":
            self.push(acc, resolved, "credit", amount=amount, kind="dispute_credit",
                      description=f"Dispute credit - {merchant}")

    def on_atm(self, when: datetime, acc: dict[str, Any], place: str, amount: float, fee: bool) -> None:
        card = self.card_at(acc, when)
        if card is None or acc["status"] == "closed":
            return
        if self.debit(acc, when, "atm_withdrawal", f"ATM withdrawal - {place}", amount, card=card,
                      allow_overdraft=False) and fee:
            self.on_fee(when, acc, ATM_FEE, "atm", "Out-of-network ATM fee")

    def on_fee(self, when: datetime, acc: dict[str, Any], amount: float, fee_type: str, description: str,
               refund_after: timedelta | None = None) -> None:
        txn = self.post(acc, when, "fee", description, -amount, fee_type=fee_type)
        rng = self.rng
        if refund_after is None and when > NOW - timedelta(days=100) and rng.random() < 0.15:
            refund_after = timedelta(days=rng.randint(1, 6), hours=rng.randint(1, 6))
        if refund_after is not None and when + refund_after < NOW - timedelta(hours=1):
            self.push(acc, when + refund_after, "refund", fee=txn)

    def on_refund(self, when: datetime, acc: dict[str, Any], fee: dict[str, Any]) -> None:
        last = acc["last_refund"]
        if last is not None and when - last < timedelta(days=365):
            return
        acc["last_refund"] = when
        amount = -fee["amount"]
        txn = self.post(acc, when, "fee_refund", f"Courtesy refund - {fee['description']}", amount)
        self.rows["fee_refunds"].append({"refund_id": None, "account_id": acc, "fee_transaction_id": fee,
                                         "amount": amount, "refunded_at": when, "txn": txn})

    def on_maintenance(self, when: datetime, acc: dict[str, Any]) -> None:
        if acc["status"] != "closed" and acc["balance"] < 500:
            self.on_fee(when, acc, MAINTENANCE_FEE, "monthly_maintenance", "Monthly maintenance fee")

    def on_interest(self, when: datetime, acc: dict[str, Any]) -> None:
        interest = money(max(acc["balance"], 0) * 0.0325 / 12)
        if interest >= 0.01:
            self.post(acc, when, "interest", "Interest earned", interest)

    def on_own_transfer(self, when: datetime, acc: dict[str, Any], to: dict[str, Any], amount: float,
                        channel: str) -> None:
        if acc["status"] != "open" or amount > acc["balance"]:
            return
        row = self.transfer_row(acc["customer_id"], acc, when, amount, channel, to=to)
        self.post(acc, when, "transfer_out", f"Transfer to {to['nickname']} ...{to['number_last4']}", -amount,
                  transfer=row)
        self.post(to, when, "transfer_in", f"Transfer from {acc['nickname']} ...{acc['number_last4']}", amount,
                  transfer=row)

    def on_empty(self, when: datetime, acc: dict[str, Any], to: dict[str, Any]) -> None:
        if acc["balance"] > 0:
            self.on_own_transfer(when, acc, to, acc["balance"], "online")

    def on_payee(self, when: datetime, acc: dict[str, Any], payee: dict[str, Any], amount: float) -> None:
        if acc["status"] != "open" or amount > acc["balance"]:
            return
        row = self.transfer_row(acc["customer_id"], acc, when, amount, "online", payee=payee)
        self.post(acc, when, "payee_payment", f"Payment to {payee['payee_name']}", -amount, transfer=row)

    def on_standing_order(self, when: datetime, acc: dict[str, Any], so: dict[str, Any]) -> None:
        if acc["status"] == "closed" or so["amount"] > acc["balance"]:
            return
        payee = so["payee_id"]
        row = self.transfer_row(acc["customer_id"], acc, when, so["amount"], "standing_order", payee=payee, so=so)
        self.post(acc, when, "standing_order", f"Standing order to {payee['payee_name']}", -so["amount"],
                  transfer=row)

    # -- ids and output ----------------------------------------------------------------------------------

    def assign_ids(self) -> None:
        for i, acc in enumerate(self.rows["accounts"]):
            acc["account_id"] = f"AC-{20001 + i}"
        for i, card in enumerate(self.rows["debit_cards"]):
            card["card_id"] = f"DC-{50001 + i}"
        for i, payee in enumerate(sorted(self.rows["payees"], key=lambda p: (p["added_at"], p["customer_id"]))):
            payee["payee_id"] = f"PY-{3001 + i}"
        for i, so in enumerate(sorted(self.rows["standing_orders"], key=lambda s: (s["created_at"],
                                                                                   s["customer_id"]))):
            so["standing_order_id"] = f"SO-{i + 1:04d}"
        for table, prefix, width, key in [("transfers", "TR-", 6, "created_at"), ("card_disputes", "DP-", 4,
                                                                                  "opened_at"),
                                          ("fee_refunds", "FR-", 4, "refunded_at")]:
            rows = sorted(self.rows[table], key=lambda r, k=key: (r[k], _ref(r, "from_account_id", "account_id")))
            for i, row in enumerate(rows):
                row[COLUMNS[table][0]] = f"{prefix}{i + 1:0{width}d}"
            self.rows[table] = rows
        txns = sorted(self.rows["transactions"], key=lambda t: (t["posted_at"], t["account_id"]["account_id"],
                                                                t["kind"] == "fee"))
        for i, txn in enumerate(txns):
            txn["transaction_id"] = f"TX-{i + 1:06d}"
        self.rows["transactions"] = txns
        self.rows["payees"].sort(key=lambda p: p["payee_id"])
        self.rows["standing_orders"].sort(key=lambda s: s["standing_order_id"])

    def write(self, out: Path) -> dict[str, int]:
        return write_seed(out, HERE.parent / "schema.sql", self.rows, cell=lambda value, table, column: _cell(table, column, value))


def _ref(row: dict[str, Any], *keys: str) -> str:
    for k in keys:
        if k in row and isinstance(row[k], dict):
            return row[k]["account_id"]
    return ""


_ID_COLUMNS = {"account_id", "from_account_id", "to_account_id", "payee_id", "card_id", "transfer_id",
               "standing_order_id", "transaction_id", "fee_transaction_id", "replacement_card_id"}
_MONEY = {"balance", "overdraft_limit", "amount", "balance_after", "provisional_credit"}


def _cell(table: str, column: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):  # a reference to another row
        key = {"from_account_id": "account_id", "to_account_id": "account_id", "fee_transaction_id":
               "transaction_id", "replacement_card_id": "card_id"}.get(column, column)
        return str(value[key])
    if column in _MONEY:
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def _add_month(d: Any) -> Any:
    month = d.month % 12 + 1
    year = d.year + (d.month == 12)
    return d.replace(year=year, month=month, day=min(d.day, 28))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSV files into")
    args = parser.parse_args()
    world = World(SEED)
    world.build()
    counts = world.write(args.out)
    print(", ".join(f"{t}: {n}" for t, n in counts.items()), f"(total {sum(counts.values())})")


if __name__ == "__main__":
    main()
