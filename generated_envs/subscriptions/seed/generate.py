"""Deterministic seed data for the subscriptions environment (Tallyhand Software's billing support desk).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``). Names, companies and phone
numbers come from Faker (pinned 40.63.0) seeded with ``SEED``; everything else from ``random.Random(SEED)``.
Running it twice gives byte-identical files.

Each subscription's billing history is simulated period by period up to the clock (2026-09-15), so the seed obeys
the rules the tools enforce: seats within the plan's limits, add-ons only on plans of their tier, renewal invoices
priced from the price book with the coupon discount while it lasts and the account's tax rate, one trial per
account, past-due invoices inside the 14-day grace period and unpaid ones past it, pauses on monthly plans only.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import write_seed

SEED = 20260915
TODAY = date(2026, 9, 15)
HERE = Path(__file__).resolve().parent
N_ACCOUNTS = 300

# plan code, name, tier, monthly per seat, annual per seat, min seats, max seats, trial days, GB per seat, text
PLANS = [
    ("STARTER", "Starter", 1, 9.00, 90.00, 1, 5, 14, 10, "Docs, boards and chat for small teams"),
    ("TEAM", "Team", 2, 18.00, 180.00, 2, 50, 14, 50, "Everything in Starter plus guest access and automations"),
    ("BUSINESS", "Business", 3, 32.00, 320.00, 5, 250, 30, 200, "Everything in Team plus admin controls and "
                                                                  "advanced reporting"),
    ("ENTERPRISE", "Enterprise", 4, 55.00, 550.00, 25, 1000, 0, 1000, "Everything in Business plus dedicated "
                                                                        "success manager and 99.9% uptime SLA"),
]
PLAN = {p[0]: p for p in PLANS}

# add-on code, name, per seat, monthly, annual, min tier, text
ADDONS = [
    ("EXTRA_STORAGE", "Extra storage (1 TB)", False, 15.00, 150.00, 1, "One more terabyte shared by the workspace"),
    ("PRIORITY_SUPPORT", "Priority support", False, 49.00, 490.00, 2, "Replies within 4 business hours"),
    ("AI_ASSIST", "AI writing assistant", True, 10.00, 100.00, 2, "Drafting and summaries in docs and chat"),
    ("SSO", "Single sign-on (SAML)", True, 4.00, 40.00, 2, "Sign-in through the company's identity provider"),
    ("ADV_SECURITY", "Advanced security", True, 6.00, 60.00, 3, "Data loss prevention and session controls"),
    ("AUDIT_LOG", "Audit log export", False, 99.00, 990.00, 3, "Every admin and content event, exported daily"),
]
ADDON = {a[0]: a for a in ADDONS}

# code, description, % off, months, valid until, min tier, interval, new customers only, max, redeemed elsewhere
COUPONS = [
    ("WELCOME20", "20% off the first 3 months for new customers", 20, 3, "2026-12-31", 1, "month", True, 5000, 1200),
    ("ANNUAL15", "15% off the first annual term", 15, 12, "2026-12-31", 2, "year", False, 800, 150),
    ("TEAMUP10", "10% off for 6 months on Team and above", 10, 6, "2026-10-31", 2, "any", False, 1000, 300),
    ("SCALE25", "25% off for 6 months on Business and above", 25, 6, "2026-11-30", 3, "any", False, 200, 60),
    ("SUMMER30", "30% off for 2 months, summer promotion", 30, 2, "2026-08-31", 1, "month", False, 2000, 900),
    ("NONPROFIT50", "50% off for 12 months for registered non-profits", 50, 12, "2027-06-30", 1, "any", False,
     150, 40),
    ("STARTUP40", "40% off for 6 months for startup program members", 40, 6, "2026-12-31", 2, "any", True, 300,
     80),
    ("EDU35", "35% off for 12 months for schools and universities", 35, 12, "2027-03-31", 1, "any", False, 400,
     120),
    ("WINBACK25", "25% off for 3 months for returning customers", 25, 3, "2026-09-30", 1, "month", False, 500, 140),
    ("LAUNCH50", "50% off for 1 month, product launch", 50, 1, "2026-06-30", 1, "month", False, 3000, 2100),
    ("PARTNER12", "12% off for 12 months for referral partners", 12, 12, "2027-01-31", 2, "any", False, 120, 119),
    ("FRIENDS5", "5% off for 3 months, referral from a customer", 5, 3, "2026-12-31", 1, "any", False, 10000,
     3000),
]

# country, tax rate %, weight
COUNTRIES = [("United States", 0.0, 40), ("United Kingdom", 20.0, 14), ("Germany", 19.0, 10), ("Canada", 13.0, 10),
             ("Australia", 10.0, 8), ("Netherlands", 21.0, 6), ("Ireland", 23.0, 6), ("New Zealand", 15.0, 6)]
BUSINESS_WORKSPACES = ["Marketing", "Engineering", "Sales", "Operations", "Finance", "Design", "Customer Success",
                       "Research", "Legal", "People Ops", "Product", "Headquarters"]
PERSONAL_WORKSPACES = ["Personal", "Family", "Side project", "Freelance", "Book club", "Home renovation"]
DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com"]
BRANDS = ["Visa", "Mastercard", "Amex"]
FAILURES = ["card_declined", "insufficient_funds"]
CANCEL_REASONS = ["too_expensive", "missing_features", "switching_provider", "no_longer_needed", "company_closed"]
REFUND_REASONS = ["accidental_renewal", "not_using", "duplicate_charge", "dissatisfied"]


def money(x: float) -> float:
    return round(x + (5e-9 if x >= 0 else -5e-9), 2)


def add_months(d: date, n: int) -> date:
    y, m = divmod(d.month - 1 + n, 12)
    year, month = d.year + y, m + 1
    last = (date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)).day
    return date(year, month, min(d.day, last))


def step(d: date, interval: str) -> date:
    return add_months(d, 1 if interval == "month" else 12)


def seat_price(plan: str, interval: str) -> float:
    return PLAN[plan][3] if interval == "month" else PLAN[plan][4]


def addon_price(code: str, interval: str) -> float:
    return ADDON[code][3] if interval == "month" else ADDON[code][4]


class World:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        Faker.seed(SEED)
        self.fake = Faker("en_US")
        self.t: dict[str, list[dict[str, Any]]] = {k: [] for k in (
            "plans", "addons", "accounts", "payment_methods", "coupons", "subscriptions", "subscription_addons",
            "coupon_redemptions", "invoices", "invoice_lines", "payments", "refunds")}
        self.n = {"pm": 3000, "sub": 20000, "inv": 50000, "ln": 100000, "pay": 60000, "rf": 8000, "rdm": 7000}
        self.coupon_uses: dict[str, int] = {}
        self.emails: set[str] = set()

    def next(self, key: str, prefix: str) -> str:
        self.n[key] += 1
        return f"{prefix}{self.n[key]}"

    # -- catalog -----------------------------------------------------------------------------------------------
    def catalog(self) -> None:
        for p in PLANS:
            self.t["plans"].append(dict(zip(
                ["plan_code", "name", "tier_rank", "monthly_price_per_seat", "annual_price_per_seat", "min_seats",
                 "max_seats", "trial_days", "storage_gb_per_seat", "description"], p)))
        for a in ADDONS:
            self.t["addons"].append(dict(zip(
                ["addon_code", "name", "per_seat", "monthly_price", "annual_price", "min_tier_rank", "description"],
                a)))

    # -- accounts ----------------------------------------------------------------------------------------------
    def account(self, i: int) -> dict[str, Any]:
        rng, fake = self.rng, self.fake
        business = rng.random() < 0.68
        first, last = fake.first_name(), fake.last_name()
        company = fake.company() if business else None
        domain = rng.choice(DOMAINS)
        email = f"{first}.{last}".lower().replace("'", "") + f"@{domain}"
        while email in self.emails:
            email = f"{first[0]}{last}{rng.randint(2, 99)}".lower().replace("'", "") + f"@{domain}"
        self.emails.add(email)
        country, tax = rng.choices([(c, r) for c, r, _ in COUNTRIES], [w for *_, w in COUNTRIES])[0]
        created = TODAY - timedelta(days=rng.randint(40, 900))
        acc = {"account_id": f"ACC-{1000 + i}", "account_type": "business" if business else "personal",
               "company_name": company, "contact_first_name": first, "contact_last_name": last,
               "billing_email": email, "phone": fake.numerify("(###) 555-01##"), "country": country,
               "tax_rate_pct": tax, "trial_used": False, "default_payment_method_id": None, "created_on": created}
        self.t["accounts"].append(acc)
        # payment methods: a default one, sometimes a second, sometimes an expired old card
        methods = []
        for k in range(rng.choices([1, 2, 3], [55, 35, 10])[0]):
            bank = business and rng.random() < 0.2
            exp_year = rng.choice([2026, 2027, 2027, 2028, 2029, 2030]) if not bank else None
            exp_month = rng.randint(1, 12) if not bank else None
            if exp_year == 2026 and exp_month < 10:
                exp_month = 10 + exp_month % 3  # cards in use are valid past the clock
            pm = {"payment_method_id": self.next("pm", "PM-"), "account_id": acc["account_id"],
                  "kind": "bank_debit" if bank else "card", "brand": "ACH" if bank else rng.choice(BRANDS),
                  "last4": f"{rng.randint(0, 9999):04d}", "exp_month": exp_month, "exp_year": exp_year,
                  "added_on": created + timedelta(days=k * rng.randint(5, 30))}
            methods.append(pm)
        if rng.random() < 0.18:  # an old card that has expired
            methods.insert(0, {"payment_method_id": self.next("pm", "PM-"), "account_id": acc["account_id"],
                               "kind": "card", "brand": rng.choice(BRANDS), "last4": f"{rng.randint(0, 9999):04d}",
                               "exp_month": rng.randint(1, 12), "exp_year": rng.choice([2024, 2025]),
                               "added_on": created})
        self.t["payment_methods"].extend(methods)
        acc["_methods"] = methods
        acc["default_payment_method_id"] = next(m for m in methods if m["exp_year"] is None or m["exp_year"] >= 2026
                                                and (m["exp_year"], m["exp_month"]) >= (2026, 9))["payment_method_id"]
        return acc

    # -- subscriptions -----------------------------------------------------------------------------------------
    def subscriptions(self, acc: dict[str, Any]) -> None:
        rng = self.rng
        business = acc["account_type"] == "business"
        n = rng.choices([1, 2, 3], [62, 28, 10] if business else [85, 15, 0])[0]
        names = rng.sample(BUSINESS_WORKSPACES if business else PERSONAL_WORKSPACES, n)
        trial_taken = False
        for name in names:
            status = rng.choices(["active", "trialing", "past_due", "unpaid", "paused", "cancelled"],
                                 [52, 7, 7, 4, 6, 24])[0]
            if status == "trialing" and trial_taken:
                status = "active"
            if business:
                plan = rng.choices(["STARTER", "TEAM", "BUSINESS", "ENTERPRISE"], [15, 45, 30, 10])[0]
            else:
                plan = rng.choices(["STARTER", "TEAM"], [65, 35])[0]
            if status == "trialing" and plan == "ENTERPRISE":
                plan = "BUSINESS"
            interval = "year" if rng.random() < 0.3 else "month"
            if status in ("paused", "unpaid", "past_due", "trialing"):
                interval = "month"
            lo, hi = PLAN[plan][5], PLAN[plan][6]
            seats = lo if lo == hi else rng.randint(lo, min(hi, {1: 5, 2: 24, 3: 80, 4: 300}[PLAN[plan][2]]))
            if status == "trialing":
                trial_taken = True
                self.trialing(acc, name, plan, seats)
            else:
                if rng.random() < 0.3 and PLAN[plan][7] and not trial_taken:
                    trial_taken = True  # converted after a trial long ago
                self.paid(acc, name, plan, interval, seats, status)
        acc["trial_used"] = trial_taken

    def base(self, acc: dict[str, Any], name: str, plan: str, interval: str, seats: int, status: str,
             started: date) -> dict[str, Any]:
        sub = {"subscription_id": self.next("sub", "SUB-"), "account_id": acc["account_id"], "workspace_name": name,
               "plan_code": plan, "billing_interval": interval, "seats": seats, "status": status,
               "started_on": started, "trial_ends_on": None, "current_period_start": started,
               "current_period_end": step(started, interval), "cancel_at_period_end": False, "cancelled_on": None,
               "cancel_reason": None, "scheduled_plan_code": None, "scheduled_seats": None, "pause_starts_on": None,
               "resume_on": None, "pauses_this_year": 0}
        self.t["subscriptions"].append(sub)
        return sub

    def addons_for(self, sub: dict[str, Any], started: date) -> list[dict[str, Any]]:
        rng = self.rng
        tier = PLAN[sub["plan_code"]][2]
        fit = [a for a in ADDONS if a[5] <= tier]
        k = rng.choices([0, 1, 2, 3], [45, 30, 18, 7])[0]
        lines = []
        for a in rng.sample(fit, min(k, len(fit))):
            line = {"subscription_id": sub["subscription_id"], "addon_code": a[0],
                    "quantity": sub["seats"] if a[2] else 1, "added_on": started}
            lines.append(line)
        lines.sort(key=lambda x: x["addon_code"])
        self.t["subscription_addons"].extend(lines)
        return lines

    def trialing(self, acc: dict[str, Any], name: str, plan: str, seats: int) -> None:
        days = PLAN[plan][7]
        started = TODAY - timedelta(days=self.rng.randint(0, days - 1))
        sub = self.base(acc, name, plan, "month", seats, "trialing", started)
        sub["trial_ends_on"] = sub["current_period_end"] = started + timedelta(days=days)
        self.addons_for(sub, started)
        if self.rng.random() < 0.15:
            self.redeem(sub, "WELCOME20" if plan == "STARTER" else self.rng.choice(["WELCOME20", "STARTUP40"]),
                        started)

    def redeem(self, sub: dict[str, Any], code: str, on: date) -> dict[str, Any]:
        coupon = next(c for c in COUPONS if c[0] == code)
        red = {"redemption_id": self.next("rdm", "RDM-"), "subscription_id": sub["subscription_id"],
               "coupon_code": code, "redeemed_on": on, "months_left": coupon[3]}
        self.t["coupon_redemptions"].append(red)
        self.coupon_uses[code] = self.coupon_uses.get(code, 0) + 1
        return red

    def pick_coupon(self, plan: str, interval: str, started: date) -> str | None:
        fits = [c for c in COUPONS if c[5] <= PLAN[plan][2] and c[6] in ("any", interval) and not c[7]
                and date.fromisoformat(c[4]) >= started and c[0] != "PARTNER12"]
        return self.rng.choice(fits)[0] if fits else None

    def paid(self, acc: dict[str, Any], name: str, plan: str, interval: str, seats: int, status: str) -> None:
        rng = self.rng
        # choose the start so that the current period fits the status
        if status == "past_due":
            cur = TODAY - timedelta(days=rng.randint(1, 13))
            periods = rng.randint(1, 14)
        elif status == "unpaid":
            cur = TODAY - timedelta(days=rng.randint(15, 27))
            periods = rng.randint(2, 12)
        elif status == "paused":
            cur = TODAY - timedelta(days=rng.randint(35, 70))  # the last paid period, ended before the pause
            periods = rng.randint(2, 12)
        elif interval == "month":
            cur = TODAY - timedelta(days=rng.randint(0, 29))
            periods = rng.randint(1, 16) if status != "cancelled" else rng.randint(2, 16)
        else:
            cur = TODAY - timedelta(days=rng.randint(0, 360))
            periods = rng.randint(1, 3)
        if cur.day > 28:
            cur = cur - timedelta(days=cur.day - 28)
        started = add_months(cur, -(periods - 1) * (1 if interval == "month" else 12))
        if started < acc["created_on"]:
            acc["created_on"] = started - timedelta(days=rng.randint(0, 20))
        sub = self.base(acc, name, plan, interval, seats, status, started)
        addons = self.addons_for(sub, started)
        red = None
        if rng.random() < 0.25:
            code = self.pick_coupon(plan, interval, started)
            if code:
                red = self.redeem(sub, code, started)
        # cancelled subscriptions end somewhere in their history
        ends_after = periods
        if status == "cancelled":
            ends_after = rng.randint(1, periods)
        start = started
        last_invoice = None
        for k in range(ends_after):
            end = step(start, interval)
            open_now = (k == ends_after - 1 and status in ("past_due", "unpaid"))
            last_invoice = self.invoice(acc, sub, plan, interval, seats, addons, red, start, end, open_now)
            if k < ends_after - 1:
                start = end
        sub["current_period_start"], sub["current_period_end"] = start, step(start, interval)
        if status == "cancelled":
            end = sub["current_period_end"]
            if end <= TODAY or rng.random() < 0.5:
                sub["cancelled_on"] = min(end, TODAY - timedelta(days=rng.randint(0, 6)))
            else:
                sub["cancelled_on"] = TODAY - timedelta(days=rng.randint(0, min(10, (TODAY - start).days)))
            if sub["cancelled_on"] < start:
                sub["cancelled_on"] = start
            sub["cancel_reason"] = rng.choice(CANCEL_REASONS)
            # a recent immediate cancellation whose invoice was refunded
            if (last_invoice and last_invoice["status"] == "paid" and sub["current_period_end"] > TODAY
                    and rng.random() < 0.35):
                self.refund(acc, last_invoice, sub["cancelled_on"])
                sub["cancel_reason"] = "refunded"
        elif status == "paused":
            sub["pause_starts_on"] = sub["current_period_end"]
            sub["resume_on"] = add_months(sub["pause_starts_on"], rng.randint(1, 3))
            if sub["resume_on"] <= TODAY:
                sub["resume_on"] = add_months(sub["resume_on"], 2)
            sub["pauses_this_year"] = rng.choice([1, 1, 2])
        elif status == "active":
            roll = rng.random()
            if roll < 0.12:
                sub["cancel_at_period_end"] = True
                sub["cancel_reason"] = rng.choice(CANCEL_REASONS)
            elif roll < 0.2 and interval == "month":
                sub["pause_starts_on"] = sub["current_period_end"]
                sub["resume_on"] = add_months(sub["pause_starts_on"], rng.randint(1, 3))
                sub["pauses_this_year"] = rng.choice([1, 2])
            elif roll < 0.3 and interval == "month":
                sub["pauses_this_year"] = 2 if rng.random() < 0.5 else 1
            elif roll < 0.36 and PLAN[plan][2] > 1:
                lower = next(p for p in PLANS if p[2] == PLAN[plan][2] - 1)
                if lower[5] <= seats <= lower[6] and all(ADDON[a["addon_code"]][5] <= lower[2] for a in addons):
                    sub["scheduled_plan_code"] = lower[0]
            elif roll < 0.42 and seats > PLAN[plan][5]:
                sub["scheduled_seats"] = rng.randint(PLAN[plan][5], seats - 1)

    def invoice(self, acc: dict[str, Any], sub: dict[str, Any], plan: str, interval: str, seats: int,
                addons: list[dict[str, Any]], red: dict[str, Any] | None, start: date, end: date,
                open_now: bool) -> dict[str, Any]:
        rng = self.rng
        inv_id = self.next("inv", "INV-")
        lines = [(f"{PLAN[plan][1]} plan, {'monthly' if interval == 'month' else 'annual'}", seats,
                  money(seat_price(plan, interval) * seats))]
        for a in addons:
            lines.append((ADDON[a["addon_code"]][1], a["quantity"],
                          money(addon_price(a["addon_code"], interval) * a["quantity"])))
        subtotal = money(sum(x[2] for x in lines))
        discount = 0.0
        if red and red["months_left"] > 0:
            pct = next(c for c in COUPONS if c[0] == red["coupon_code"])[2]
            discount = money(subtotal * pct / 100)
            red["months_left"] = max(0, red["months_left"] - (1 if interval == "month" else 12))
        tax = money((subtotal - discount) * acc["tax_rate_pct"] / 100)
        total = money(subtotal - discount + tax)
        inv = {"invoice_id": inv_id, "account_id": acc["account_id"], "subscription_id": sub["subscription_id"],
               "kind": "renewal", "issued_on": start, "due_on": start, "period_start": start, "period_end": end,
               "subtotal": subtotal, "discount": discount, "tax": tax, "total": total,
               "status": "open" if open_now else "paid", "paid_on": None}
        self.t["invoices"].append(inv)
        for desc, qty, amount in lines:
            self.t["invoice_lines"].append({"line_id": self.next("ln", "LN-"), "invoice_id": inv_id,
                                            "description": desc, "quantity": qty, "amount": amount})
        default = acc["default_payment_method_id"]
        if open_now:
            attempts = [start] + ([start + timedelta(days=3)] if (TODAY - start).days > 3 else [])
            if (TODAY - start).days > 7:
                attempts.append(start + timedelta(days=7))
            for day in attempts:
                self.pay(inv, default, day, False)
        else:
            day = start
            if rng.random() < 0.08:
                self.pay(inv, default, day, False)
                day = start + timedelta(days=rng.randint(1, 3))
            inv["paid_on"] = day
            self.pay(inv, default, day, True)
        return inv

    def pay(self, inv: dict[str, Any], method: str, day: date, ok: bool) -> None:
        self.t["payments"].append({"payment_id": self.next("pay", "PAY-"), "invoice_id": inv["invoice_id"],
                                   "payment_method_id": method, "amount": inv["total"], "attempted_on": day,
                                   "outcome": "succeeded" if ok else "failed",
                                   "failure_reason": None if ok else self.rng.choice(FAILURES)})

    def refund(self, acc: dict[str, Any], inv: dict[str, Any], on: date) -> None:
        pay = next(p for p in reversed(self.t["payments"]) if p["invoice_id"] == inv["invoice_id"]
                   and p["outcome"] == "succeeded")
        on = max(on, inv["paid_on"])
        self.t["refunds"].append({"refund_id": self.next("rf", "RF-"), "invoice_id": inv["invoice_id"],
                                  "payment_id": pay["payment_id"], "amount": inv["total"],
                                  "reason": self.rng.choice(REFUND_REASONS), "refunded_on": on})
        inv["status"] = "refunded"

    def run(self) -> dict[str, list[dict[str, Any]]]:
        self.catalog()
        for i in range(1, N_ACCOUNTS + 1):
            self.subscriptions(self.account(i))
        for c in COUPONS:
            row = dict(zip(["coupon_code", "description", "percent_off", "duration_months", "valid_until",
                            "min_tier_rank", "billing_interval", "new_customers_only", "max_redemptions",
                            "times_redeemed"], c))
            row["times_redeemed"] = min(row["max_redemptions"], c[9] + self.coupon_uses.get(c[0], 0))
            if c[0] == "PARTNER12":
                row["times_redeemed"] = row["max_redemptions"]  # used up
            self.t["coupons"].append(row)
        return self.t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write the CSVs into")
    args = parser.parse_args()
    tables = World().run()
    counts = write_seed(args.out, HERE.parent / "schema.sql", tables)
    print(f"wrote {sum(counts.values())} rows in {len(counts)} tables to {args.out}")


if __name__ == "__main__":
    main()
