"""Write the flagship tasks of the utilities environment into tasks.jsonl (sampled tasks already there are kept).

Run: python seed/make_tasks.py (after seed/generate.py). Each task picks its customer from the seed with a query,
replays its gold calls on a fresh state to read the facts the agent must state, and is written with a request in
a customer's own words. The same seed gives the same tasks.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder
from envfactory_gym.tasks import Task

ROOT = Path(__file__).resolve().parents[1]
EMAIL = ["email", "e-mail"]
ZIP = ["zip", "postal code", "postcode"]
DECIDE = ["confirm", "go ahead", "proceed", "shall i", "would you like", "want me to", "do you want", "should i"]
OVERDUE = ("(SELECT coalesce(sum(b.total - b.amount_paid), 0) FROM bills b WHERE b.account_id = a.account_id "
           "AND b.status = 'overdue')")
BALANCE = ("(SELECT coalesce(sum(b.total - b.amount_paid), 0) FROM bills b WHERE b.account_id = a.account_id "
           "AND b.status IN ('open', 'overdue'))")
LAST_PLAN = "(SELECT max(p.created_on) FROM payment_plans p WHERE p.account_id = a.account_id)"
WAIVED = ("(SELECT max(b.late_fee_waived_on) FROM bills b JOIN service_accounts x USING (account_id) "
          "WHERE x.customer_id = a.customer_id)")
ACTIVE_PLAN = "(SELECT p.plan_id FROM payment_plans p WHERE p.account_id = a.account_id AND p.status = 'active')"
ACCOUNT = ("SELECT a.*, (SELECT max(p.created_on) FROM payment_plans p WHERE p.account_id = a.account_id) "
           "AS last_plan, c.first_name, c.last_name, c.email, c.zip_code AS billing_zip, p.street, p.unit, p.city, "
           "p.zip_code, p.premise_type FROM service_accounts a JOIN customers c USING (customer_id) JOIN premises p "
           "USING (premise_id)")


def pretty(day: str) -> str:
    d = date.fromisoformat(day[:10])
    return f"{d.strftime('%B')} {d.day}"


class Maker(TaskBuilder):
    """Picks seed rows for each scenario and turns gold calls into tasks with the facts their results give."""

    def __init__(self) -> None:
        super().__init__(ROOT)
        self.used: set[str] = set()

    def account(self, where: str, params: list[Any] | None = None, order: str = "a.account_id") -> dict[str, Any]:
        """The first account meeting ``where`` whose customer no earlier task used."""
        for row in self.rows(f"{ACCOUNT} WHERE {where} ORDER BY {order}", params):
            if row["customer_id"] not in self.used:
                self.used.add(row["customer_id"])
                return row
        raise LookupError(f"no account for: {where}")

    def run(self, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
        """Play ``calls`` from the seed state, then go back to it (the next scenario picks from the seed)."""
        out = self.play({"name": n, "arguments": a} for n, a in calls)
        self.state.reset()
        return out

    def add(self, instruction: str, calls: list[tuple[str, dict[str, Any]]], tags: list[str],
            outputs: Callable[[list[Any]], list[Any]] | None = None, facts: dict[str, tuple[str, list[str]]] | None
            = None, forbidden: list[dict[str, Any]] | None = None) -> None:
        results = self.run(calls)
        said = [str(x) for x in outputs(results)] if outputs else []
        self.add_task(instruction, tags=tags, outputs=said, forbidden_calls=forbidden or [],
                      user_facts={k: {"value": v, "keywords": kw} for k, (v, kw) in (facts or {}).items()},
                      check_outputs=False)  # many outputs are worked out from the results (sums, dates)


def who(a: dict[str, Any], by: str) -> tuple[tuple[str, dict[str, Any]], dict[str, tuple[str, list[str]]]]:
    """The identifying lookup of a task and the fact the user holds back for it."""
    if by == "email":
        return ("lookup_customer_by_email", {"email": a["email"]}), {"email": (a["email"], EMAIL)}
    return (("lookup_customer_by_name_zip", {"first_name": a["first_name"], "last_name": a["last_name"],
                                             "zip_code": a["billing_zip"]}), {"zip_code": (a["billing_zip"], ZIP)})


def overview(a: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return "get_customer_overview", {"customer_id": a["customer_id"]}


def plus_days(day: str, days: int) -> str:
    return (date.fromisoformat(day[:10]) + timedelta(days=days)).isoformat()


def street(a: dict[str, Any]) -> str:
    return f"{a['street']}{', ' + a['unit'] if a['unit'] else ''}"


def build(m: Maker) -> list[Task]:  # noqa: PLR0915 - one block per flagship scenario
    res_elec = "a.service_type = 'electric' AND p.premise_type = 'residential'"

    # -- read-only -------------------------------------------------------------------------------------
    a = m.account(f"{res_elec} AND a.status = 'active' AND a.customer_id IN (SELECT customer_id FROM "
                  "service_accounts GROUP BY 1 HAVING count(*) = 1) AND (SELECT b.usage FROM bills b WHERE "
                  "b.account_id = a.account_id ORDER BY b.issued_on DESC LIMIT 1) > 1000 AND (SELECT b.status FROM "
                  "bills b WHERE b.account_id = a.account_id ORDER BY b.issued_on DESC LIMIT 1) = 'open'")
    lookup, facts = who(a, "email")
    m.add(f"Hi, this is {a['first_name']} {a['last_name']}. My newest electric bill looks high to me. How many kWh "
          "did it charge for, what's the total, and when do I have to pay it by?",
          [lookup, overview(a), ("list_bills", {"account_id": a["account_id"]})], ["read", "bills"],
          lambda r: [r[2]["bills"][0]["usage"], r[2]["bills"][0]["total"], r[2]["bills"][0]["due_date"]], facts)

    a = m.account(f"{res_elec} AND a.status = 'disconnected' AND {OVERDUE} > 0 AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "zip")
    m.add(f"Hello, I'm {a['first_name']} {a['last_name']}. My power at {street(a)} in {a['city']} was shut off. "
          "Before I do anything: how much would I have to pay in total today to get it turned back on? I'll call "
          "back to pay.",
          [lookup, overview(a), ("get_service_account", {"account_id": a["account_id"]})],
          ["read", "reconnection", "reasoning"],
          lambda r: [r[2]["overdue_balance"], f"{r[2]['reconnection_fee']:.2f}",
                     f"{r[2]['overdue_balance'] + r[2]['reconnection_fee']:.2f}"], facts,
          [{"name": "reconnect_service"}, {"name": "record_bill_payment"}])

    a = m.account(f"{res_elec} AND a.status = 'active' AND {OVERDUE} BETWEEN 120 AND 1500 AND ({LAST_PLAN} IS NULL "
                  f"OR {LAST_PLAN} < DATE '2025-05-12') AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "email")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']} and I've fallen behind on my electric bill. Could I spread "
          "what's overdue over 4 months? How much would each payment be?",
          [lookup, overview(a), ("quote_payment_plan", {"account_id": a["account_id"]})],
          ["read", "payment_plan", "confirmation", "declined"],
          lambda r: [next(o["installment_amount"] for o in r[2]["options"] if o["months"] == 4)],
          {**facts, "decision": ("Thanks, but don't set it up yet. I want to talk it over at home first.", DECIDE)},
          [{"name": "create_payment_plan"}])

    a = m.account(f"{res_elec} AND a.status = 'active' AND a.tariff_id = 'E-RES'")
    lookup, facts = who(a, "zip")
    m.add(f"Hello, {a['first_name']} {a['last_name']} here. In the winter months my house uses about 1,600 kWh. A "
          "neighbor says the Residential Flat Rate is cheaper for big users. For a 1,600 kWh month, what would I pay "
          "on the flat rate, and what would my current tariff charge for the same month?",
          [lookup, overview(a), ("list_tariffs", {"service_type": "electric"}),
           ("estimate_bill_on_tariff", {"account_id": a["account_id"], "tariff_id": "E-FLT", "usage": 1600})],
          ["read", "tariff", "reasoning"], lambda r: [r[3]["total"], r[3]["current_total"]], facts,
          [{"name": "change_tariff"}])

    a = m.account("a.status = 'active' AND (SELECT r.read_type FROM meter_readings r WHERE r.account_id = "
                  "a.account_id ORDER BY r.read_date DESC LIMIT 1 OFFSET 1) = 'estimated' AND (SELECT r.read_type "
                  "FROM meter_readings r WHERE r.account_id = a.account_id ORDER BY r.read_date DESC LIMIT 1) = "
                  "'actual' AND a.account_id NOT IN (SELECT account_id FROM disputes)")
    est = m.rows("SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1 OFFSET 1",
                 [a["account_id"]])[0]
    lookup, facts = who(a, "email")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. I only just noticed that my {a['service_type']} meter "
          f"reading from {pretty(est['read_date'])} was an estimate, and it was too high. Please correct it and "
          "redo that bill.",
          [lookup, overview(a), ("get_meter_readings", {"account_id": a["account_id"]})],
          ["read", "refusal", "dispute", "time_window"],
          lambda r: [est["read_date"], plus_days(est["read_date"], 30)], facts,
          [{"name": "dispute_estimated_reading"}])

    a = m.account(f"{res_elec} AND a.status = 'active' AND a.end_date IS NULL AND {OVERDUE} = 0 AND a.customer_id "
                  "IN (SELECT customer_id FROM service_accounts GROUP BY 1 HAVING count(*) = 1)")
    lookup, facts = who(a, "zip")
    m.add(f"Hi, {a['first_name']} {a['last_name']} here. I'm moving out of {street(a)} tomorrow morning, so please "
          "stop my electricity there tomorrow, May 13.",
          [lookup, overview(a)], ["read", "refusal", "notice", "time_window"], lambda r: ["2026-05-14"],
          {**facts, "decision": ("No, don't schedule anything else for now. I'll sort it out with my landlord and "
                                 "call back.", DECIDE)},
          [{"name": "stop_service"}])

    a = m.account(f"a.status IN ('active', 'disconnected') AND {OVERDUE} BETWEEN 50 AND 1500 AND {LAST_PLAN} > "
                  f"DATE '2025-05-12' AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "email")
    m.add(f"Hello, I'm {a['first_name']} {a['last_name']}. I can't pay the overdue amount on my {a['service_type']} "
          "account in one go. Can you set me up on a 3-month payment plan? I'm fine with whatever the installments "
          "come to.",
          [lookup, overview(a), ("quote_payment_plan", {"account_id": a["account_id"]})],
          ["read", "refusal", "payment_plan", "quota"],
          lambda r: [a["last_plan"], plus_days(a["last_plan"], 365)], facts,
          [{"name": "create_payment_plan"}])

    a = m.account(f"a.status = 'disconnected' AND {OVERDUE} > 0 AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "zip")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. My {a['service_type']} got cut off and I need it back on "
          "today. I can't pay the old balance right now, but I'll pay the reconnection fee by card. Please reconnect "
          "me.",
          [lookup, overview(a), ("get_service_account", {"account_id": a["account_id"]})],
          ["read", "refusal", "reconnection"], lambda r: [r[2]["overdue_balance"]], facts,
          [{"name": "reconnect_service"}])

    a = m.account(f"{res_elec} AND a.status = 'active' AND NOT EXISTS (SELECT 1 FROM meters x WHERE x.premise_id = "
                  f"a.premise_id AND x.service_type = 'water') AND {OVERDUE} = 0 AND a.end_date IS NULL")
    lookup, facts = who(a, "email")
    m.add(f"Hello, {a['first_name']} {a['last_name']} here. We've been on a private well at {street(a)}, "
          f"{a['city']} and it's drying up. Could you start city water service there next Monday, May 18?",
          [lookup, overview(a), ("search_service_addresses", {"service_zip": a["zip_code"], "street": a["street"]})],
          ["read", "refusal", "eligibility", "start"], lambda r: ["not_offered"], facts,
          [{"name": "start_service"}])

    a = m.account(f"a.status = 'active' AND {WAIVED} > DATE '2025-05-12' AND EXISTS (SELECT 1 FROM bills b WHERE "
                  "b.account_id = a.account_id AND b.status = 'overdue' AND b.late_fee > 0) AND EXISTS (SELECT 1 FROM "
                  "bills b WHERE b.account_id = a.account_id AND b.late_fee_waived_on IS NOT NULL)")
    lookup, facts = who(a, "zip")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. I was charged another late fee on my {a['service_type']} "
          "bill. Could you take it off? Money has been tight.",
          [lookup, overview(a), ("list_bills", {"account_id": a["account_id"]})],
          ["read", "refusal", "late_fee", "quota"],
          lambda r: [next(b["late_fee_waived_on"] for b in r[2]["bills"] if "late_fee_waived_on" in b)], facts,
          [{"name": "waive_late_fee"}])

    a = m.account("a.status = 'pending_start' AND a.service_type = 'water' AND EXISTS (SELECT 1 FROM service_orders "
                  "o WHERE o.account_id = a.account_id AND o.status = 'scheduled' AND o.scheduled_date > DATE "
                  "'2026-05-12')")
    lookup, facts = who(a, "email")
    m.add(f"Hi, {a['first_name']} {a['last_name']} here. I asked for water service at {street(a)}. When is it "
          "scheduled to start, and which tariff will I be on?",
          [lookup, overview(a), ("get_service_account", {"account_id": a["account_id"]})], ["read", "orders"],
          lambda r: [r[2]["start_date"], r[2]["tariff_name"]], facts)

    # -- one change ------------------------------------------------------------------------------------
    a = m.account(f"a.status = 'active' AND {OVERDUE} > 0 AND {BALANCE} > {OVERDUE} + 1 AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "email")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']} ({a['email']}). Please pay off whatever is overdue on my "
          f"{a['service_type']} account with my card. The bill that isn't due yet I'll pay later.",
          [lookup, overview(a), ("list_bills", {"account_id": a["account_id"]}),
           ("record_bill_payment", {"account_id": a["account_id"], "amount": m.rows(
               f"SELECT {OVERDUE} AS v FROM service_accounts a WHERE account_id = ?", [a["account_id"]])[0]["v"],
               "method": "card"})],
          ["write", "payment", "reasoning"], lambda r: [r[3]["amount"], r[3]["balance"]])

    a = m.account(f"a.status = 'active' AND ({WAIVED} IS NULL OR {WAIVED} < DATE '2025-05-12') AND EXISTS (SELECT 1 "
                  "FROM bills b WHERE b.account_id = a.account_id AND b.status = 'overdue' AND b.late_fee > 0) AND "
                  "(SELECT count(*) FROM bills b WHERE b.account_id = a.account_id AND b.status = 'overdue') = 1")
    bill = m.rows("SELECT * FROM bills WHERE account_id = ? AND status = 'overdue'", [a["account_id"]])[0]
    lookup, facts = who(a, "zip")
    m.add(f"Hello, I'm {a['first_name']} {a['last_name']}. I was in the hospital when my {a['service_type']} bill "
          f"came due on {pretty(bill['due_date'])} and got hit with a late fee. Could you waive it?",
          [lookup, overview(a), ("list_bills", {"account_id": a["account_id"]}),
           ("waive_late_fee", {"bill_id": bill["bill_id"]})],
          ["write", "late_fee"], lambda r: [r[3]["waived_amount"], r[3]["amount_due"]], facts)

    a = m.account("a.status = 'active' AND (SELECT r.read_type FROM meter_readings r WHERE r.account_id = "
                  "a.account_id ORDER BY r.read_date DESC LIMIT 1) = 'estimated' AND a.account_id NOT IN (SELECT "
                  "account_id FROM disputes) AND NOT EXISTS (SELECT 1 FROM customer_reads cr JOIN meters x USING "
                  "(meter_id) WHERE x.premise_id = a.premise_id AND x.service_type = a.service_type AND cr.read_date "
                  "> DATE '2026-04-01')")
    reads = m.rows("SELECT * FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 3",
                   [a["account_id"]])
    daily = reads[1]["usage"] / (date.fromisoformat(reads[1]["read_date"]) - date.fromisoformat(
        reads[2]["read_date"])).days
    value = reads[1]["reading_value"] + round(daily * (date(2026, 5, 12) - date.fromisoformat(
        reads[1]["read_date"])).days)
    lookup, facts = who(a, "email")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. My latest {a['service_type']} bill was based on an "
          "estimated reading and it's way more than I normally use. I'm standing at the meter right now and can "
          "read it to you. Please fix the bill.",
          [lookup, overview(a), ("get_meter_readings", {"account_id": a["account_id"]}),
           ("dispute_estimated_reading", {"reading_id": reads[0]["reading_id"], "customer_reading": value})],
          ["write", "dispute", "proration"], lambda r: [r[3]["corrected_value"], r[3]["new_total"]],
          {**facts, "meter_reading": (str(value), ["reading", "meter", "register", "number"])})

    a = m.account("a.status = 'active' AND (SELECT r.read_type FROM meter_readings r WHERE r.account_id = "
                  "a.account_id ORDER BY r.read_date DESC LIMIT 1) = 'estimated' AND a.account_id NOT IN (SELECT "
                  "account_id FROM disputes) AND EXISTS (SELECT 1 FROM customer_reads cr JOIN meters x USING "
                  "(meter_id) WHERE x.premise_id = a.premise_id AND x.service_type = a.service_type AND cr.read_date "
                  "> DATE '2026-04-01')")
    reading = m.rows("SELECT reading_id, read_date FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC "
                     "LIMIT 1", [a["account_id"]])[0]
    lookup, facts = who(a, "zip")
    m.add(f"Hello, {a['first_name']} {a['last_name']} here. The {a['service_type']} reading from "
          f"{pretty(reading['read_date'])} was estimated and I think it's too high, so I sent you a photo of my meter "
          "through the app a few days later. Can you correct the bill with it? What do I owe now?",
          [lookup, overview(a), ("get_meter_readings", {"account_id": a["account_id"]}),
           ("dispute_estimated_reading", {"reading_id": reading["reading_id"]})],
          ["write", "dispute", "proration"], lambda r: [r[3]["corrected_value"], r[3]["new_total"]], facts)

    a = m.account(f"{res_elec} AND a.status = 'active' AND a.end_date IS NULL AND a.customer_id IN (SELECT "
                  "customer_id FROM service_accounts WHERE status <> 'closed' GROUP BY 1 HAVING count(*) = 1)")
    lookup, facts = who(a, "email")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. I'm selling the place at {street(a)} and closing is on Friday "
          "May 29. Please stop the electricity there that day.",
          [lookup, overview(a), ("stop_service", {"account_id": a["account_id"], "stop_date": "2026-05-29"})],
          ["write", "stop"], lambda r: [r[2]["stop_date"]], facts)

    a = m.account(f"{res_elec} AND a.status = 'active' AND {OVERDUE} = 0 AND EXISTS (SELECT 1 FROM meters x WHERE "
                  "x.premise_id = a.premise_id AND x.service_type = 'water') AND NOT EXISTS (SELECT 1 FROM "
                  "service_accounts w WHERE w.premise_id = a.premise_id AND w.service_type = 'water' AND w.status <> "
                  "'closed') AND a.customer_id NOT IN (SELECT x.customer_id FROM service_accounts x JOIN bills b "
                  "USING (account_id) WHERE b.status = 'overdue')")
    lookup, facts = who(a, "zip")
    m.add(f"Hi, {a['first_name']} {a['last_name']} here. You already supply my electricity at {street(a)}. We just "
          "had the house hooked up to the city water main, so please start water service there on Monday, May 18.",
          [lookup, overview(a), ("start_service", {"customer_id": a["customer_id"], "premise_id": a["premise_id"],
                                                   "service_type": "water", "start_date": "2026-05-18"})],
          ["write", "start"], lambda r: [r[2]["start_date"], r[2]["tariff_name"]], facts)

    a = m.account(f"{res_elec} AND a.status = 'active' AND a.tariff_id = 'E-RES' AND (a.tariff_changed_on IS NULL "
                  "OR a.tariff_changed_on < DATE '2025-05-12')")
    lookup, facts = who(a, "email")
    m.add(f"Hello, I'm {a['first_name']} {a['last_name']}. I'd like my electricity to come from renewable sources. "
          "Please switch my account to your green tariff.",
          [lookup, overview(a), ("list_tariffs", {"service_type": "electric"}),
           ("change_tariff", {"account_id": a["account_id"], "new_tariff_id": "E-GRN"})],
          ["write", "tariff"], lambda r: [r[3]["tariff_name"]], facts)

    a = m.account("a.status = 'active' AND a.service_type = 'water' AND EXISTS (SELECT 1 FROM service_orders o WHERE "
                  "o.account_id = a.account_id AND o.order_type = 'stop' AND o.status = 'scheduled' AND "
                  "o.scheduled_date > DATE '2026-05-12' AND o.linked_order_id IS NULL)")
    order = m.rows("SELECT * FROM service_orders WHERE account_id = ? AND status = 'scheduled'",
                   [a["account_id"]])[0]
    lookup, facts = who(a, "zip")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. I had asked you to shut off the water at {street(a)} on "
          f"{pretty(order['scheduled_date'])}, but the sale fell through and I'm staying. Please cancel that.",
          [lookup, overview(a), ("cancel_service_order", {"service_order_id": order["order_id"]})],
          ["write", "orders", "cancel"], None, facts)

    a = m.account(f"a.status = 'active' AND {OVERDUE} BETWEEN 120 AND 1500 AND ({LAST_PLAN} IS NULL OR {LAST_PLAN} < "
                  f"DATE '2025-05-12') AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "email")
    m.add(f"Hi, {a['first_name']} {a['last_name']} here. I'm behind on my {a['service_type']} bills. Is there a way to "
          "pay the overdue part over 3 months?",
          [lookup, overview(a), ("quote_payment_plan", {"account_id": a["account_id"]}),
           ("create_payment_plan", {"account_id": a["account_id"], "months": 3})],
          ["write", "payment_plan", "confirmation"], lambda r: [r[3]["installment_amount"]],
          {**facts, "decision": ("Yes, that works for me. Please set up the 3-month plan.", DECIDE)})

    # -- several changes -------------------------------------------------------------------------------
    a = m.account(f"a.status = 'disconnected' AND {OVERDUE} > 0 AND {ACTIVE_PLAN} IS NULL")
    lookup, facts = who(a, "email")
    ov = m.rows(f"SELECT {OVERDUE} AS v FROM service_accounts a WHERE account_id = ?", [a["account_id"]])[0]["v"]
    m.add(f"Hello, I'm {a['first_name']} {a['last_name']}. I finally have the money: please pay everything that's "
          f"overdue on my {a['service_type']} account by card and get the service back on today. The reconnection fee "
          "can go on the same card.",
          [lookup, overview(a), ("get_service_account", {"account_id": a["account_id"]}),
           ("record_bill_payment", {"account_id": a["account_id"], "amount": ov, "method": "card"}),
           ("reconnect_service", {"account_id": a["account_id"], "method": "card"})],
          ["write", "multi_goal", "ordered", "reconnection", "payment"],
          lambda r: [r[3]["amount"], f"{r[4]['reconnection_fee']:.2f}"], facts)

    a = m.account(f"a.status = 'disconnected' AND {OVERDUE} BETWEEN 50 AND 1500 AND {ACTIVE_PLAN} IS NULL AND "
                  f"({LAST_PLAN} IS NULL OR {LAST_PLAN} < DATE '2025-05-12')")
    lookup, facts = who(a, "zip")
    plan = m.run([("create_payment_plan", {"account_id": a["account_id"], "months": 6})])[0]["plan_id"]
    m.add(f"Hi, this is {a['first_name']} {a['last_name']}. My {a['service_type']} was disconnected and I can't pay "
          "the whole overdue balance. Please put it on a 6-month payment plan (I agree to the installments), take the "
          "first installment from my bank account, and then reconnect me. The reconnection fee can come out of the "
          "bank account too.",
          [lookup, overview(a), ("create_payment_plan", {"account_id": a["account_id"], "months": 6}),
           ("pay_plan_installment", {"plan_id": plan, "method": "bank_account"}),
           ("reconnect_service", {"account_id": a["account_id"], "method": "bank_account"})],
          ["write", "multi_goal", "ordered", "payment_plan", "reconnection"],
          lambda r: [r[2]["installment_amount"], f"{r[4]['reconnection_fee']:.2f}"], facts)

    dest = m.rows("SELECT p.* FROM premises p WHERE p.premise_type = 'residential' AND p.zip_code = '98926' AND "
                  "EXISTS (SELECT 1 FROM meters x WHERE x.premise_id = p.premise_id AND x.service_type = 'water') "
                  "AND NOT EXISTS (SELECT 1 FROM service_accounts s WHERE s.premise_id = p.premise_id AND s.status "
                  "<> 'closed') ORDER BY p.premise_id")[0]
    a = m.account(f"{res_elec} AND a.status = 'active' AND a.end_date IS NULL AND {OVERDUE} = 0 AND EXISTS (SELECT 1 "
                  "FROM service_accounts w WHERE w.premise_id = a.premise_id AND w.service_type = 'water' AND "
                  "w.status = 'active' AND w.end_date IS NULL) AND a.customer_id NOT IN (SELECT x.customer_id FROM "
                  "service_accounts x JOIN bills b USING (account_id) WHERE b.status = 'overdue') AND p.zip_code <> "
                  "'98926'")
    water = m.rows("SELECT account_id FROM service_accounts WHERE premise_id = ? AND service_type = 'water' AND "
                   "status = 'active'", [a["premise_id"]])[0]["account_id"]
    lookup, facts = who(a, "email")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. We're moving from {street(a)} to {dest['street']}"
          f"{', ' + dest['unit'] if dest['unit'] else ''} in Ellensburg (98926) on Monday, June 1. Please move both "
          "my electricity and my water over to the new house for that day.",
          [lookup, overview(a), ("search_service_addresses", {"service_zip": "98926", "street": dest["street"]}),
           ("transfer_service", {"account_id": a["account_id"], "new_premise_id": dest["premise_id"],
                                 "move_date": "2026-06-01"}),
           ("transfer_service", {"account_id": water, "new_premise_id": dest["premise_id"],
                                 "move_date": "2026-06-01"})],
          ["write", "multi_goal", "transfer"], lambda r: [r[3]["move_date"]], facts)

    dest = m.rows("SELECT p.* FROM premises p WHERE p.premise_type = 'residential' AND p.city = 'Leavenworth' AND "
                  "NOT EXISTS (SELECT 1 FROM service_accounts s WHERE s.premise_id = p.premise_id AND s.status <> "
                  "'closed') ORDER BY p.premise_id")[0]
    a = m.account(f"{res_elec} AND a.status = 'active' AND a.end_date IS NULL AND {OVERDUE} = 0 AND EXISTS (SELECT 1 "
                  "FROM service_accounts w WHERE w.premise_id = a.premise_id AND w.service_type = 'water' AND "
                  "w.status = 'active' AND w.end_date IS NULL) AND a.customer_id NOT IN (SELECT x.customer_id FROM "
                  "service_accounts x JOIN bills b USING (account_id) WHERE b.status = 'overdue')")
    water = m.rows("SELECT account_id FROM service_accounts WHERE premise_id = ? AND service_type = 'water' AND "
                   "status = 'active'", [a["premise_id"]])[0]["account_id"]
    lookup, facts = who(a, "zip")
    m.add(f"Hello, {a['first_name']} {a['last_name']} here. I'm moving from {street(a)} in {a['city']} to "
          f"{dest['street']} in Leavenworth ({dest['zip_code']}) on Wednesday, May 27. Please move my electric and "
          "water service there for that date. If you can't supply water there, just stop my water at the old place "
          "that day.",
          [lookup, overview(a), ("search_service_addresses", {"service_zip": dest["zip_code"],
                                                              "street": dest["street"]}),
           ("transfer_service", {"account_id": a["account_id"], "new_premise_id": dest["premise_id"],
                                 "move_date": "2026-05-27"}),
           ("stop_service", {"account_id": water, "stop_date": "2026-05-27"})],
          ["write", "multi_goal", "transfer", "conditional", "reasoning"], lambda r: ["not_offered"], facts,
          [{"name": "transfer_service", "arguments": {"account_id": water}}])

    a = m.account("a.status = 'active' AND (SELECT r.read_type FROM meter_readings r WHERE r.account_id = "
                  "a.account_id ORDER BY r.read_date DESC LIMIT 1) = 'estimated' AND a.account_id NOT IN (SELECT "
                  "account_id FROM disputes) AND EXISTS (SELECT 1 FROM customer_reads cr JOIN meters x USING "
                  "(meter_id) WHERE x.premise_id = a.premise_id AND x.service_type = a.service_type AND cr.read_date "
                  "> DATE '2026-04-01')")
    reading = m.rows("SELECT reading_id FROM meter_readings WHERE account_id = ? ORDER BY read_date DESC LIMIT 1",
                     [a["account_id"]])[0]["reading_id"]
    lookup, facts = who(a, "email")
    due = m.run([("dispute_estimated_reading", {"reading_id": reading}),
                 ("get_service_account", {"account_id": a["account_id"]})])[1]["balance"]
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. My last {a['service_type']} bill used an estimated reading. "
          "I sent you a meter photo afterwards: please correct the bill with it, and then charge my card for "
          "everything I owe on that account so I'm square.",
          [lookup, overview(a), ("get_meter_readings", {"account_id": a["account_id"]}),
           ("dispute_estimated_reading", {"reading_id": reading}),
           ("record_bill_payment", {"account_id": a["account_id"], "amount": due, "method": "card"})],
          ["write", "multi_goal", "ordered", "dispute", "payment"], lambda r: [r[3]["corrected_value"], r[4]["amount"]],
          facts)

    dest = m.rows("SELECT p.* FROM premises p WHERE p.premise_type = 'residential' AND p.city = 'Wenatchee' AND "
                  "NOT EXISTS (SELECT 1 FROM service_accounts s WHERE s.premise_id = p.premise_id AND s.status <> "
                  "'closed') ORDER BY p.premise_id DESC")[0]
    a = m.account(f"{res_elec} AND a.status = 'active' AND a.end_date IS NULL AND {OVERDUE} > 0 AND {ACTIVE_PLAN} IS "
                  "NULL AND a.customer_id IN (SELECT customer_id FROM service_accounts WHERE status <> 'closed' "
                  "GROUP BY 1 HAVING count(*) = 1)")
    ov = m.rows(f"SELECT {OVERDUE} AS v FROM service_accounts a WHERE account_id = ?", [a["account_id"]])[0]["v"]
    lookup, facts = who(a, "zip")
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. I'm moving to {dest['street']} in Wenatchee "
          f"({dest['zip_code']}) on Friday, June 5, and I want my electricity to move with me that day. If anything "
          "I owe is holding that up, pay just that part with my bank account first.",
          [lookup, overview(a), ("search_service_addresses", {"service_zip": dest["zip_code"],
                                                              "street": dest["street"]}),
           ("record_bill_payment", {"account_id": a["account_id"], "amount": ov, "method": "bank_account"}),
           ("transfer_service", {"account_id": a["account_id"], "new_premise_id": dest["premise_id"],
                                 "move_date": "2026-06-05"})],
          ["write", "multi_goal", "ordered", "transfer", "payment", "reasoning"],
          lambda r: [r[3]["amount"]], facts)

    a = m.account("a.status = 'disconnected' AND (SELECT p.installments_paid FROM payment_plans p WHERE p.account_id "
                  "= a.account_id AND p.status = 'active') = 0")
    plan = m.rows("SELECT plan_id FROM payment_plans WHERE account_id = ? AND status = 'active'",
                  [a["account_id"]])[0]["plan_id"]
    lookup, facts = who(a, "email")
    m.add(f"Hello, {a['first_name']} {a['last_name']} here. I set up a payment plan a few days ago after my "
          f"{a['service_type']} was shut off. Please take the first installment from my bank account and turn the "
          "service back on; put the reconnection fee on my card.",
          [lookup, overview(a), ("get_service_account", {"account_id": a["account_id"]}),
           ("pay_plan_installment", {"plan_id": plan, "method": "bank_account"}),
           ("reconnect_service", {"account_id": a["account_id"], "method": "card"})],
          ["write", "multi_goal", "ordered", "payment_plan", "reconnection"],
          lambda r: [r[3]["amount_paid"], f"{r[4]['reconnection_fee']:.2f}"], facts)

    a = m.account(f"a.status = 'active' AND ({WAIVED} IS NULL OR {WAIVED} < DATE '2025-05-12') AND (SELECT count(*) "
                  "FROM bills b WHERE b.account_id = a.account_id AND b.status = 'overdue' AND b.late_fee > 0) = 2")
    bills = m.rows("SELECT * FROM bills WHERE account_id = ? AND status = 'overdue' ORDER BY due_date DESC",
                   [a["account_id"]])
    lookup, facts = who(a, "zip")
    ov = m.run([("waive_late_fee", {"bill_id": bills[0]["bill_id"]}),
                ("get_service_account", {"account_id": a["account_id"]})])[1]["overdue_balance"]
    m.add(f"Hi, I'm {a['first_name']} {a['last_name']}. Two of my {a['service_type']} bills are overdue. Could you "
          f"drop the late fee on the more recent one, the bill that was due {pretty(bills[0]['due_date'])}? Then "
          "I'll pay off everything overdue by card.",
          [lookup, overview(a), ("list_bills", {"account_id": a["account_id"]}),
           ("waive_late_fee", {"bill_id": bills[0]["bill_id"]}),
           ("record_bill_payment", {"account_id": a["account_id"], "amount": ov, "method": "card"})],
          ["write", "multi_goal", "ordered", "late_fee", "payment"],
          lambda r: [r[3]["waived_amount"], r[4]["amount"]], facts)

    a = m.account(f"{res_elec} AND a.status = 'active' AND a.tariff_changed_on > DATE '2025-05-12' AND "
                  f"a.tariff_id <> 'E-FLT' AND {BALANCE} > 0")
    bal = m.rows(f"SELECT {BALANCE} AS v FROM service_accounts a WHERE account_id = ?", [a["account_id"]])[0]["v"]
    lookup, facts = who(a, "email")
    m.add(f"Hello, {a['first_name']} {a['last_name']} here. Two things on my electric account: switch it to the "
          "Residential Flat Rate, and pay the balance on it in full from my bank account.",
          [lookup, overview(a), ("get_service_account", {"account_id": a["account_id"]}),
           ("record_bill_payment", {"account_id": a["account_id"], "amount": bal, "method": "bank_account"})],
          ["write", "refusal", "partial", "tariff", "payment", "quota"],
          lambda r: [r[2]["tariff_changed_on"], r[3]["amount"]], facts,
          [{"name": "change_tariff"}])
    m.state.close()
    return m.tasks


if __name__ == "__main__":
    maker = Maker()
    # sampled tasks (ids with "-qg") already in the file are kept after the flagship ones
    raise SystemExit(maker.main(lambda: build(maker), keep=lambda t: "-qg" in t.id,
                                description=__doc__.splitlines()[0]))
