"""Write the claims composite's ``tasks.jsonl``: a policyholder's claim, replacement car and money across the three
companies.

Every task's gold calls go through at least two members (Harborline Mutual, Larkspur Car Rental, Kestrel Valley
Bank), and a fact one company's tools give is an argument of, or an answer checked against, another's: a claim's
coverage and incident date set the replacement car's class and last day, a bill's amount or a rental's charges become
a bank payment, a payout's amount is found among the bank's transactions or moved between accounts, a deductible
becomes a transfer. The gold calls are played on the composed seed with :class:`TaskBuilder` (ids, totals and fees
come from the tools), in the order a careful agent following ``policy.md`` makes them. Refusal tasks stop before the
write a rule forbids; their outputs are what the policyholder must be told.

Run after ``envfactory compose`` (``authoring/build.py`` runs the whole chain):
``python generated_envs/claims/authoring/make_tasks.py [--out FILE]``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder
from envfactory_gym.task_checks import prune_unused_reads

ROOT = Path(__file__).resolve().parents[1]
EMAIL = ["email", "e-mail"]
CONFIRM = ["confirm", "proceed", "go ahead", "agree", "accept", "okay with", "ok with", "still want", "fee"]
#: Tags whose outputs are worked out (a date, a class chosen by the allowance) rather than read from one result.
WORKED_OUT = "worked_out"
#: Harborline's rental allowance per day, by the claim's coverage (policy.md).
ALLOWANCE = {"collision": 60.00, "comprehensive": 50.00}
ALLOWANCE_DAYS = 30

GILLESPIE = "patricia.gillespie@example.net"
NOLAN = "sydney_nolan@example.com"
SANTANA = "toddsantana@example.org"
WOODS = "shawn.woods@example.org"
SMITH = "dsmith@example.org"
HAMILTON = "jameshamilton@example.com"
COX = "monica_cox@example.org"
BAILEY = "brian_bailey@example.com"
FITZGERALD = "efitzgerald@example.com"


def email(value: str) -> dict[str, Any]:
    return {"email": {"value": value, "keywords": EMAIL}}


def consent(text: str) -> dict[str, Any]:
    return {"confirmation": {"value": text, "keywords": CONFIRM}}


def _pick(rows: list[dict[str, Any]], what: str, **match: Any) -> dict[str, Any]:
    """The one row whose fields start with the given values."""
    found = [r for r in rows if all(str(r[k]).startswith(str(v)) for k, v in match.items())]
    if len(found) != 1:
        raise AssertionError(f"{what}: {len(found)} rows match {match}")
    return found[0]


def last_day(claim: dict[str, Any]) -> date:
    """The last day Harborline's rental allowance covers: incident date + 30 days."""
    return date.fromisoformat(str(claim["incident_date"])[:10]) + timedelta(days=ALLOWANCE_DAYS)


def best_class(branch: dict[str, Any], allowance: float) -> dict[str, Any]:
    """The class with the highest daily rate at the branch that fits the allowance."""
    return max((c for c in branch["classes"] if c["daily_rate"] <= allowance), key=lambda c: c["daily_rate"])


class ClaimTasks(TaskBuilder):
    """:class:`TaskBuilder` with the lookups every claim task makes, each one gold call (a lookup already made in
    the task is not made again: its first result is reused, as an agent reuses what it has read)."""

    def begin(self) -> None:
        super().begin()
        self._seen: dict[str, Any] = {}

    def once(self, name: str, **arguments: Any) -> Any:
        key = f"{name}{sorted(arguments.items())}"
        if key not in self._seen:
            self._seen[key] = self.call(name, **arguments)
        return self._seen[key]

    # -- Harborline Mutual -------------------------------------------------------------------------------------

    def holder(self, mail: str) -> str:
        return self.once("lookup_policyholder_by_email", email=mail)["holder_id"]

    def claim(self, holder_id: str, **match: Any) -> dict[str, Any]:
        rows = self.once("list_policyholder_claims", holder_id=holder_id)["claims"]
        return _pick(rows, "claim", **match)

    def policy(self, holder_id: str, **match: Any) -> dict[str, Any]:
        rows = self.once("get_policyholder_summary", holder_id=holder_id)["policies"]
        return _pick(rows, "policy", **match)

    def due_bill(self, policy_number: str) -> dict[str, Any]:
        rows = self.once("get_billing_history", policy_number=policy_number)["bills"]
        return _pick(rows, "bill", status="due")

    # -- Larkspur Car Rental -----------------------------------------------------------------------------------

    def renter(self, mail: str) -> str:
        return self.once("find_renter_by_email", email=mail)["renter_id"]

    def rental(self, renter_id: str, **match: Any) -> dict[str, Any]:
        rows = self.once("get_renter_profile", renter_id=renter_id)["reservations"]
        return _pick(rows, "rental", **match)

    def branch(self, branch_id: str) -> dict[str, Any]:
        return self.once("get_branch_details", branch_id=branch_id)

    # -- Kestrel Valley Bank -----------------------------------------------------------------------------------

    def customer(self, mail: str) -> str:
        return self.once("lookup_customer_by_email", email=mail)["customer_id"]

    def account(self, customer_id: str, nickname: str) -> dict[str, Any]:
        accounts = self.once("get_customer_overview", customer_id=customer_id)["accounts"]
        return _pick(accounts, "account", nickname=nickname)

    def payee(self, customer_id: str, name: str) -> dict[str, Any]:
        return _pick(self.once("list_saved_payees", customer_id=customer_id)["payees"], "payee", payee_name=name)

    def pay(self, account_id: str, payee_id: str, amount: float, **extra: Any) -> dict[str, Any]:
        return self.call("pay_saved_payee", from_account_id=account_id, payee_id=payee_id, amount=amount, **extra)

    def payout_at_bank(self, account_id: str) -> dict[str, Any]:
        rows = self.call("list_account_transactions", account_id=account_id, search="Harborline")["transactions"]
        return _pick(rows, "payout", kind="direct_deposit")


#: The tasks: (tags, function writing the gold calls and returning the task's keyword arguments).
TASKS: list[tuple[list[str], Callable[[ClaimTasks], dict[str, Any]]]] = []


def task(*tags: str) -> Callable[[Callable[[ClaimTasks], dict[str, Any]]], Callable[[ClaimTasks], dict[str, Any]]]:
    def register(fn: Callable[[ClaimTasks], dict[str, Any]]) -> Callable[[ClaimTasks], dict[str, Any]]:
        TASKS.append((list(tags), fn))
        return fn

    return register


# ==========================================================================================================
# Read-only: a fact of one company looked up, used or compared with another's
# ==========================================================================================================

@task("read", "insurance", "bank", "payout_arrived")
def nolan_payout_arrived(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(NOLAN), coverage_type="dwelling", status="paid")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    acc = b.account(b.customer(NOLAN), "Household Checking")
    tx = b.payout_at_bank(acc["account_id"])
    return {"instruction": "Hi, Sydney Nolan here. Harborline told me the payout for the leak in my ceiling was sent. "
                           "Has it actually landed in my Kestrel Valley account? How much was it, and what's the "
                           "balance there now?",
            "user_facts": email(NOLAN), "outputs": [paid["amount"], tx["amount"], acc["balance"]]}


@task("read", "insurance", "bank", "payout_arrived")
def cox_payout_arrived(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(COX), coverage_type="water_backup")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    acc = b.account(b.customer(COX), "Student Checking")
    tx = b.payout_at_bank(acc["account_id"])
    return {"instruction": "Hey, it's Monica Cox. My claim for the basement backup was paid, I think. Did the money "
                           "reach my Student Checking at Kestrel Valley, on what day, and what's my balance there now?",
            "user_facts": email(COX), "outputs": [paid["amount"], tx["posted_at"][:10], acc["balance"]]}


@task("read", "insurance", "bank", "payout_arrived")
def santana_tesla_payout(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(SANTANA), incident_type="collision", status="paid")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    acc = b.account(b.customer(SANTANA), "Main Checking")
    tx = b.payout_at_bank(acc["account_id"])
    return {"instruction": "Hello, Todd Santana. Back in the spring Harborline paid my claim for the collision with my "
                           "Tesla. I'm doing my books: how much was that payout, on which day did it arrive in my "
                           "Main Checking, and what's that account's balance today?",
            "user_facts": email(SANTANA), "outputs": [paid["amount"], tx["posted_at"][:10], acc["balance"]]}


@task("read", "insurance", "bank", "payout_by_check")
def bailey_march_payout(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(BAILEY), status="paid")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    acc = b.account(b.customer(BAILEY), "Premier Checking")
    return {"instruction": "Hi, Brian Bailey. I can't find the payout for my collision claim from March in my Premier "
                           "Checking. How was it paid, how much was it, and what's my checking balance right now?",
            "user_facts": email(BAILEY), "outputs": [paid["method"], paid["amount"], acc["balance"]]}


@task("read", "insurance", "car", "allowance", WORKED_OUT)
def hamilton_best_class(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(HAMILTON), incident_type="theft")
    best = best_class(b.branch("BOI-APT"), ALLOWANCE[claim["coverage_type"]])
    return {"instruction": "Hi, James Hamilton. My Mazda was stolen over the weekend and I've filed the claim. "
                           "Before I book anything: which car class at the Boise airport does Harborline's rental "
                           "allowance cover best, and what's the last day I could keep it on Harborline's dime?",
            "user_facts": email(HAMILTON),
            "outputs": [claim["coverage_type"], best["name"], f"{best['daily_rate']:.2f}",
                        last_day(claim).isoformat()]}


@task("read", "insurance", "car", "allowance", WORKED_OUT)
def gillespie_best_class(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(GILLESPIE), status="filed")
    best = best_class(b.branch("BOI-APT"), ALLOWANCE[claim["coverage_type"]])
    return {"instruction": "Hello, this is Patricia Gillespie. I was rear-ended on Saturday and the claim is filed. "
                           "What's the best class I can get at the Boise airport within Harborline's rental allowance, "
                           "and its daily rate? Don't book anything yet.",
            "user_facts": email(GILLESPIE),
            "outputs": [claim["coverage_type"], best["name"], f"{best['daily_rate']:.2f}"]}


@task("read", "insurance", "car", "allowance", "licence", WORKED_OUT)
def smith_allowance_vs_licence(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(SMITH), incident_type="collision")
    profile = b.call("get_renter_profile", renter_id=b.renter(SMITH))
    return {"instruction": "Hi, Darren Smith. I have a Compact from the Boise airport starting tomorrow for my "
                           "accident claim. Up to what date would Harborline's allowance cover the car, and is my "
                           "driver's licence good until then?",
            "user_facts": email(SMITH),
            "outputs": [claim["incident_date"], last_day(claim).isoformat(), profile["licence_expiry"]]}


@task("read", "insurance", "bank", "bill", "balance")
def fitzgerald_bill_and_balance(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(FITZGERALD), line="auto")
    bill = b.due_bill(pol["policy_number"])
    acc = b.account(b.customer(FITZGERALD), "Everyday Checking")
    return {"instruction": "Hi, Emily Fitzgerald. How much is the premium bill on my Jeep, when is it due, and how "
                           "much do I have in my Everyday Checking?",
            "user_facts": email(FITZGERALD), "outputs": [bill["amount"], bill["due_date"], acc["balance"]]}


@task("read", "insurance", "bank", "bill", "overdraft")
def smith_can_afford_bill(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(SMITH), line="auto")
    bill = b.due_bill(pol["policy_number"])
    acc = b.account(b.customer(SMITH), "Everyday Checking")
    return {"instruction": "Darren Smith again. Just checking, no payments: how much is my next auto premium bill, and "
                           "what's the balance of my Everyday Checking at Kestrel Valley?",
            "user_facts": email(SMITH), "outputs": [bill["amount"], acc["balance"]]}


@task("read", "insurance", "bank", "bill", "balance")
def cox_bill_and_balance(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(COX), line="home")
    bill = b.due_bill(pol["policy_number"])
    acc = b.account(b.customer(COX), "Savings")
    return {"instruction": "Hi, Monica Cox. What's my next home insurance bill and its due date, and how much is in my "
                           "Kestrel Valley Savings?",
            "user_facts": email(COX), "outputs": [bill["amount"], bill["due_date"], acc["balance"]]}


@task("read", "insurance", "car", "reimbursement")
def bailey_owed_and_reimbursed(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(BAILEY), status="under_review")
    car = b.rental(b.renter(BAILEY), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    return {"instruction": "Hi, Brian Bailey. I returned the Midsize I rented in Denver after my accident last month. "
                           "How much do I owe Larkspur for it, and how much of that will Harborline reimburse on my "
                           "open collision claim?",
            "user_facts": email(BAILEY), "outputs": [bill["charges_total"], bill["base_charge"], claim["claim_id"]]}


@task("read", "insurance", "bank", "deductible")
def nolan_backup_deductible(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(NOLAN), line="home")
    cov = _pick(b.call("get_policy", policy_number=pol["policy_number"])["coverages"], "coverage",
                coverage_type="water_backup")
    acc = b.account(b.customer(NOLAN), "Emergency Savings")
    return {"instruction": "Hi, Sydney Nolan. If my basement ever backs up, what's the deductible on my water backup "
                           "coverage and its limit? And how much is in my Emergency Savings right now?",
            "user_facts": email(NOLAN), "outputs": [cov["deductible"], cov["coverage_limit"], acc["balance"]]}


# ==========================================================================================================
# One write: a fact of one company used as an argument at another
# ==========================================================================================================

@task("write", "insurance", "car", "book", "allowance", "best_class")
def gillespie_book_best(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(GILLESPIE), status="filed")
    r = b.renter(GILLESPIE)
    best = best_class(b.branch("BOI-APT"), ALLOWANCE[claim["coverage_type"]])
    car = b.call("book_rental", renter_id=r, pickup_branch_id="BOI-APT", class_code=best["class_code"],
                 pickup_at="2026-06-10 10:00", days=7, coverage_code="NONE")
    return {"instruction": "Hi, Patricia Gillespie. My car's in the shop after Saturday's accident. Please book me the "
                           "best class Harborline's rental allowance covers at the Boise airport, picked up tomorrow at "
                           "10 am for a week. I don't need Larkspur's coverage.",
            "user_facts": email(GILLESPIE),
            "outputs": [claim["coverage_type"], best["name"], car["reservation_id"], car["estimated_total"]]}


@task("write", "insurance", "car", "book", "allowance", "days_from_incident", WORKED_OUT)
def hamilton_book_until_allowance_ends(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(HAMILTON), incident_type="theft")
    r = b.renter(HAMILTON)
    branch = b.branch("BOI-APT")
    best = best_class(branch, ALLOWANCE[claim["coverage_type"]])
    days = (last_day(claim) - date(2026, 6, 12)).days
    car = b.call("book_rental", renter_id=r, pickup_branch_id="BOI-APT", class_code=best["class_code"],
                 pickup_at="2026-06-12 09:00", days=days, coverage_code="BASIC")
    return {"instruction": "Hi, James Hamilton. For my stolen Mazda: please book the best car Harborline's allowance "
                           "covers at the Boise airport, picked up this Friday at 9 am, for as long as the allowance "
                           "lasts, with basic coverage.",
            "user_facts": email(HAMILTON),
            "outputs": [claim["incident_date"], car["reservation_id"], car["return_at"], car["days"]]}


@task("write", "insurance", "car", "claim_item", "reimbursement")
def bailey_add_rental_item(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(BAILEY), status="under_review")
    car = b.rental(b.renter(BAILEY), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    item = b.call("add_claim_item", claim_id=claim["claim_id"], item_description="Rental car",
                  amount=bill["base_charge"])
    return {"instruction": "Hi, Brian Bailey. I've returned the replacement car from Larkspur. Please add it to my "
                           "collision claim so Harborline reimburses me.",
            "user_facts": email(BAILEY), "outputs": [item["claimed_amount"], item["items_total"]]}


@task("write", "car", "bank", "pay_larkspur")
def bailey_pay_larkspur(b: ClaimTasks) -> dict[str, Any]:
    car = b.rental(b.renter(BAILEY), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    c = b.customer(BAILEY)
    acc = b.account(c, "Premier Checking")
    paid = b.pay(acc["account_id"], b.payee(c, "Larkspur Car Rental")["payee_id"], bill["charges_total"])
    return {"instruction": "Hello, Brian Bailey. Please pay Larkspur what I owe for the Midsize I returned in Denver, "
                           "from my Premier Checking.",
            "user_facts": email(BAILEY), "outputs": [paid["amount"], paid["balance"]]}


@task("write", "insurance", "bank", "payout_arrived", "transfer")
def nolan_payout_to_savings(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(NOLAN), status="paid", coverage_type="dwelling")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    c = b.customer(NOLAN)
    chk = b.account(c, "Household Checking")
    sav = b.account(c, "Emergency Savings")
    b.payout_at_bank(chk["account_id"])
    moved = b.call("transfer_between_own_accounts", from_account_id=chk["account_id"],
                   to_account_id=sav["account_id"], amount=paid["amount"])
    return {"instruction": "Hi, Sydney Nolan. Once you've confirmed that Harborline's payout for my leak claim is in "
                           "my Household Checking, move exactly that amount over to my Emergency Savings.",
            "user_facts": email(NOLAN), "outputs": [moved["amount"], moved["to_balance"]]}


@task("write", "insurance", "bank", "payout_arrived", "transfer")
def cox_payout_to_savings(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(COX), coverage_type="water_backup")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    c = b.customer(COX)
    chk = b.account(c, "Student Checking")
    sav = b.account(c, "Savings")
    b.payout_at_bank(chk["account_id"])
    moved = b.call("transfer_between_own_accounts", from_account_id=chk["account_id"],
                   to_account_id=sav["account_id"], amount=paid["amount"])
    return {"instruction": "Hey, Monica Cox. If the payout for my basement backup claim has arrived in my Student "
                           "Checking, please move the whole payout to my Savings.",
            "user_facts": email(COX), "outputs": [moved["amount"], moved["from_balance"]]}


@task("write", "insurance", "car", "extend", "allowance", WORKED_OUT)
def smith_extend_one_day(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(SMITH), incident_type="collision")
    car = b.rental(b.renter(SMITH), status="confirmed")
    ext = b.call("extend_rental", reservation_id=car["reservation_id"], extra_days=1)
    return {"instruction": "Hi, Darren Smith. The body shop needs my Subaru one more day, so please extend the Compact "
                           "I'm picking up at the Boise airport tomorrow by one day, as long as that stays within "
                           "Harborline's rental allowance for my accident. Until what date would the allowance run?",
            "user_facts": email(SMITH),
            "outputs": [ext["return_at"], ext["estimated_total"], claim["incident_date"],
                        last_day(claim).isoformat()]}


@task("write", "insurance", "bank", "deductible", "transfer")
def woods_fund_deductible(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(WOODS)
    pol = b.policy(h, line="home")
    cov = _pick(b.call("get_policy", policy_number=pol["policy_number"])["coverages"], "coverage",
                coverage_type="personal_property")
    c = b.customer(WOODS)
    sav = b.account(c, "House Savings")
    chk = b.account(c, "Everyday Checking")
    moved = b.call("transfer_between_own_accounts", from_account_id=sav["account_id"],
                   to_account_id=chk["account_id"], amount=cov["deductible"])
    return {"instruction": "Hi, Shawn Woods. I'm about to replace some belongings and want the money ready: please "
                           "move exactly my home policy's personal property deductible from my House Savings into my "
                           "Everyday Checking.",
            "user_facts": email(WOODS), "outputs": [moved["amount"], moved["to_balance"]]}


# ==========================================================================================================
# Several writes across the companies
# ==========================================================================================================

@task("write", "insurance", "bank", "pay_bill")
def cox_pay_bill(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(COX), line="home")
    bill = b.due_bill(pol["policy_number"])
    c = b.customer(COX)
    acc = b.account(c, "Student Checking")
    paid = b.pay(acc["account_id"], b.payee(c, "Harborline Mutual")["payee_id"], bill["amount"])
    rec = b.call("pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, Monica Cox. Please pay my upcoming home insurance bill from my Student Checking at "
                           "Kestrel Valley.",
            "user_facts": email(COX), "outputs": [paid["amount"], rec["paid_through"], paid["balance"]]}


@task("write", "insurance", "bank", "pay_bill", "multi_bill")
def hamilton_pay_both_bills(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(HAMILTON)
    home = b.policy(h, line="home")
    auto = b.policy(h, line="auto")
    home_bill, auto_bill = b.due_bill(home["policy_number"]), b.due_bill(auto["policy_number"])
    c = b.customer(HAMILTON)
    acc = b.account(c, "Bills Checking")
    payee = b.payee(c, "Harborline Mutual")["payee_id"]
    b.pay(acc["account_id"], payee, home_bill["amount"])
    b.call("pay_premium_bill", bill_id=home_bill["bill_id"], payment_method="bank_transfer")
    paid = b.pay(acc["account_id"], payee, auto_bill["amount"])
    b.call("pay_premium_bill", bill_id=auto_bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, James Hamilton. Please pay both my Harborline bills that are coming up from my Bills "
                           "Checking: first the home one, then the auto one.",
            "user_facts": email(HAMILTON), "outputs": [home_bill["amount"], auto_bill["amount"], paid["balance"]]}


@task("write", "insurance", "bank", "pay_bill", "overdraft", "confirmation")
def smith_pay_bill_overdraft(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(SMITH), line="auto")
    bill = b.due_bill(pol["policy_number"])
    c = b.customer(SMITH)
    acc = b.account(c, "Everyday Checking")
    paid = b.pay(acc["account_id"], b.payee(c, "Harborline Mutual")["payee_id"], bill["amount"],
                 accept_overdraft_fee=True)
    b.call("pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, Darren Smith. Please pay my next auto insurance bill from my Everyday Checking.",
            "user_facts": {**email(SMITH), **consent("Yes, I know it'll go below zero. I accept the overdraft fee, "
                                                     "please go ahead.")},
            "outputs": [paid["overdraft_fee"], paid["balance"]]}


@task("write", "insurance", "bank", "pay_bill", "transfer")
def smith_fund_then_pay(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(SMITH), line="auto")
    bill = b.due_bill(pol["policy_number"])
    c = b.customer(SMITH)
    chk = b.account(c, "Everyday Checking")
    sav = b.account(c, "Savings")
    b.call("transfer_between_own_accounts", from_account_id=sav["account_id"], to_account_id=chk["account_id"],
           amount=50.00)
    paid = b.pay(chk["account_id"], b.payee(c, "Harborline Mutual")["payee_id"], bill["amount"])
    b.call("pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, Darren Smith. First move 50 dollars from my Savings into my Everyday Checking, then pay "
                           "my next auto premium bill from the Everyday Checking.",
            "user_facts": email(SMITH), "outputs": [paid["amount"], paid["balance"]]}


@task("write", "insurance", "car", "bank", "claim_item", "pay_larkspur", "reimbursement")
def bailey_claim_and_pay(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(BAILEY), status="under_review")
    car = b.rental(b.renter(BAILEY), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    item = b.call("add_claim_item", claim_id=claim["claim_id"], item_description="Rental car",
                  amount=bill["base_charge"])
    c = b.customer(BAILEY)
    acc = b.account(c, "Premier Checking")
    paid = b.pay(acc["account_id"], b.payee(c, "Larkspur Car Rental")["payee_id"], bill["charges_total"])
    return {"instruction": "Hi, Brian Bailey. Two things about the Midsize I returned to Larkspur in Denver: add the "
                           "rental to my open collision claim at Harborline, and pay Larkspur's bill for it from my "
                           "Premier Checking.",
            "user_facts": email(BAILEY), "outputs": [item["claimed_amount"], paid["amount"], paid["balance"]]}


@task("write", "insurance", "car", "book", "allowance", "claim_item")
def gillespie_book_and_towing(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(GILLESPIE), status="filed")
    item = b.call("add_claim_item", claim_id=claim["claim_id"], item_description="Towing", amount=185.00)
    r = b.renter(GILLESPIE)
    b.branch("BOI-APT")
    car = b.call("book_rental", renter_id=r, pickup_branch_id="BOI-APT", class_code="COMPACT",
                 pickup_at="2026-06-11 08:00", days=5, coverage_code="BASIC")
    return {"instruction": "Hi, Patricia Gillespie. Please add a \"Towing\" item of 185 dollars to my claim for "
                           "Saturday's accident, and book me a Compact at the Boise airport for Thursday at 8 am for five days with "
                           "basic coverage.",
            "user_facts": email(GILLESPIE),
            "outputs": [item["items_total"], car["reservation_id"], car["estimated_total"]]}


@task("write", "insurance", "car", "bank", "book", "allowance", "pay_bill", WORKED_OUT)
def hamilton_book_and_pay_auto(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(HAMILTON)
    claim = b.claim(h, incident_type="theft")
    r = b.renter(HAMILTON)
    best = best_class(b.branch("BOI-APT"), ALLOWANCE[claim["coverage_type"]])
    car = b.call("book_rental", renter_id=r, pickup_branch_id="BOI-APT", class_code=best["class_code"],
                 pickup_at="2026-06-10 17:00", days=14, coverage_code="PLUS")
    auto = b.policy(h, line="auto")
    bill = b.due_bill(auto["policy_number"])
    c = b.customer(HAMILTON)
    acc = b.account(c, "Bills Checking")
    b.pay(acc["account_id"], b.payee(c, "Harborline Mutual")["payee_id"], bill["amount"])
    b.call("pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, James Hamilton. Please book me the best car Harborline's allowance covers at the Boise "
                           "airport for my theft claim, from tomorrow at 5 pm for two weeks, with the collision waiver "
                           "plus liability. Then pay my Mazda's next premium bill from my Bills Checking.",
            "user_facts": email(HAMILTON), "outputs": [car["reservation_id"], best["name"], bill["amount"]]}


@task("write", "insurance", "bank", "payout_arrived", "transfer", "pay_bill")
def cox_payout_save_and_pay(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(COX)
    claim = b.claim(h, coverage_type="water_backup")
    paid = b.call("get_claim", claim_id=claim["claim_id"])["payouts"][0]
    pol = b.policy(h, line="home")
    bill = b.due_bill(pol["policy_number"])
    c = b.customer(COX)
    chk = b.account(c, "Student Checking")
    sav = b.account(c, "Savings")
    b.payout_at_bank(chk["account_id"])
    b.pay(chk["account_id"], b.payee(c, "Harborline Mutual")["payee_id"], bill["amount"])
    b.call("pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    moved = b.call("transfer_between_own_accounts", from_account_id=chk["account_id"],
                   to_account_id=sav["account_id"], amount=paid["amount"])
    return {"instruction": "Hi, Monica Cox. If my backup claim payout has come into my Student Checking, please pay my "
                           "next home insurance bill from that checking, and then move the full payout amount to my "
                           "Savings.",
            "user_facts": email(COX), "outputs": [bill["amount"], moved["amount"], moved["from_balance"]]}


@task("write", "insurance", "car", "bank", "extend", "pay_bill", "overdraft", "confirmation")
def smith_extend_and_pay(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(SMITH)
    b.claim(h, incident_type="collision")
    car = b.rental(b.renter(SMITH), status="confirmed")
    ext = b.call("extend_rental", reservation_id=car["reservation_id"], extra_days=1)
    pol = b.policy(h, line="auto")
    bill = b.due_bill(pol["policy_number"])
    c = b.customer(SMITH)
    acc = b.account(c, "Everyday Checking")
    paid = b.pay(acc["account_id"], b.payee(c, "Harborline Mutual")["payee_id"], bill["amount"],
                 accept_overdraft_fee=True)
    b.call("pay_premium_bill", bill_id=bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, Darren Smith. Please add one day to the Compact I pick up tomorrow in Boise for my "
                           "accident claim, and pay my next auto premium from my Everyday Checking.",
            "user_facts": {**email(SMITH), **consent("Yes, I accept the 35 dollar overdraft fee. Go ahead.")},
            "outputs": [ext["return_at"], paid["overdraft_fee"], paid["balance"]]}


@task("write", "insurance", "car", "file_claim", "book", "allowance", "best_class")
def santana_glass_claim_and_car(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(SANTANA)
    pol = b.policy(h, line="auto")
    cov = _pick(b.call("get_policy", policy_number=pol["policy_number"])["coverages"], "coverage",
                coverage_type="comprehensive")
    claim = b.call("file_claim", coverage_id=cov["coverage_id"], incident_type="glass", incident_date="2026-06-08")
    r = b.renter(SANTANA)
    best = best_class(b.branch("ABQ-APT"), ALLOWANCE[claim["coverage_type"]])
    car = b.call("book_rental", renter_id=r, pickup_branch_id="ABQ-APT", class_code=best["class_code"],
                 pickup_at="2026-06-10 11:00", days=3, coverage_code="NONE")
    return {"instruction": "Hello, Todd Santana. A rock shattered my Tesla's windshield yesterday, June 8. Please file "
                           "the glass claim on my auto policy, then book me the best car Harborline's allowance covers "
                           "at the Albuquerque airport, tomorrow at 11 am for three days, no extra coverage.",
            "user_facts": email(SANTANA),
            "outputs": [claim["claim_id"], car["reservation_id"], car["class_name"]]}


@task("write", "insurance", "bank", "file_claim", "deductible", "transfer")
def woods_file_and_fund(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(WOODS)
    pol = b.policy(h, line="home")
    cov = _pick(b.call("get_policy", policy_number=pol["policy_number"])["coverages"], "coverage",
                coverage_type="dwelling")
    claim = b.call("file_claim", coverage_id=cov["coverage_id"], incident_type="windstorm",
                   incident_date="2026-06-07")
    c = b.customer(WOODS)
    sav = b.account(c, "House Savings")
    chk = b.account(c, "Everyday Checking")
    moved = b.call("transfer_between_own_accounts", from_account_id=sav["account_id"],
                   to_account_id=chk["account_id"], amount=claim["deductible"])
    return {"instruction": "Hi, Shawn Woods. The windstorm on Sunday, June 7, tore shingles off my roof. Please file a "
                           "claim for the damage to the house, and then move the deductible that applies to it from my "
                           "House Savings into my Everyday Checking so I can pay the roofer.",
            "user_facts": email(WOODS), "outputs": [claim["claim_id"], claim["deductible"], moved["to_balance"]]}


@task("write", "insurance", "bank", "pay_bill", "transfer", "multi_bill")
def hamilton_fund_and_pay_both(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(HAMILTON)
    home_bill = b.due_bill(b.policy(h, line="home")["policy_number"])
    auto_bill = b.due_bill(b.policy(h, line="auto")["policy_number"])
    c = b.customer(HAMILTON)
    sav = b.account(c, "Savings")
    acc = b.account(c, "Bills Checking")
    b.call("transfer_between_own_accounts", from_account_id=sav["account_id"], to_account_id=acc["account_id"],
           amount=500.00)
    payee = b.payee(c, "Harborline Mutual")["payee_id"]
    b.pay(acc["account_id"], payee, home_bill["amount"])
    b.call("pay_premium_bill", bill_id=home_bill["bill_id"], payment_method="bank_transfer")
    paid = b.pay(acc["account_id"], payee, auto_bill["amount"])
    b.call("pay_premium_bill", bill_id=auto_bill["bill_id"], payment_method="bank_transfer")
    return {"instruction": "Hi, James Hamilton. Move 500 dollars from my Savings to my Bills Checking, then pay both "
                           "upcoming Harborline bills from the Bills Checking, first the home one and then the auto "
                           "one.",
            "user_facts": email(HAMILTON), "outputs": [home_bill["amount"], auto_bill["amount"], paid["balance"]]}


# ==========================================================================================================
# Refusals: a rule of one company (or the desk's own) stops the write
# ==========================================================================================================

@task("read", "refusal", "insurance", "bank", "payee_hold", "pay_bill")
def fitzgerald_payee_on_hold(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(FITZGERALD), line="auto")
    bill = b.due_bill(pol["policy_number"])
    c = b.customer(FITZGERALD)
    b.account(c, "Everyday Checking")
    payee = b.payee(c, "Harborline Mutual")
    return {"instruction": "Hi, Emily Fitzgerald. I just added Harborline as a payee this morning. Please pay my Jeep's "
                           "premium bill from my Everyday Checking right now.",
            "user_facts": email(FITZGERALD), "outputs": [bill["amount"], payee["payable_from"]],
            "forbidden": [{"name": "pay_saved_payee"}, {"name": "pay_premium_bill"}]}


@task("read", "refusal", "insurance", "car", "allowance_ended", WORKED_OUT)
def fitzgerald_allowance_ended(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(FITZGERALD), status="under_review")
    return {"instruction": "Hi, Emily Fitzgerald. My Jeep is still at the body shop from the collision in April. Please "
                           "book me a Compact at the Albuquerque airport from tomorrow at 9 for a week, but only if "
                           "Harborline's rental allowance pays for it.",
            "user_facts": email(FITZGERALD), "outputs": [claim["incident_date"], last_day(claim).isoformat()],
            "forbidden": [{"name": "book_rental"}]}


@task("read", "refusal", "insurance", "bank", "reinstatement_window")
def santana_reinstate_too_late(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(SANTANA), line="home")
    info = b.call("get_policy", policy_number=pol["policy_number"])
    b.customer(SANTANA)
    return {"instruction": "Hello, Todd Santana. My home policy lapsed over the winter. Please pay what's overdue from "
                           "my Main Checking and reinstate it.",
            "user_facts": email(SANTANA), "outputs": [info["lapsed_on"]],
            "forbidden": [{"name": "reinstate_policy"}, {"name": "pay_saved_payee"}]}


@task("read", "refusal", "insurance", "car", "licence", "extend", WORKED_OUT)
def smith_extend_past_licence(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(SMITH), incident_type="collision")
    profile = b.call("get_renter_profile", renter_id=b.renter(SMITH))
    return {"instruction": "Hi, Darren Smith. Please extend the Compact I'm picking up tomorrow in Boise so that I keep "
                           "it until the last day Harborline's allowance covers for my accident.",
            "user_facts": email(SMITH),
            "outputs": [claim["incident_date"], last_day(claim).isoformat(), profile["licence_expiry"]],
            "forbidden": [{"name": "extend_rental", "arguments": {"extra_days": 11}}]}


@task("read", "refusal", "insurance", "bank", "restricted", "pay_bill")
def hamilton_restricted_account(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(HAMILTON), line="auto")
    bill = b.due_bill(pol["policy_number"])
    acc = b.account(b.customer(HAMILTON), "Main Checking")
    return {"instruction": "Hi, James Hamilton. Please pay my Mazda's next premium bill from my Main Checking, only "
                           "from that account please.",
            "user_facts": email(HAMILTON), "outputs": [bill["amount"], acc["status"]],
            "forbidden": [{"name": "pay_saved_payee"}, {"name": "pay_premium_bill"}]}


@task("read", "refusal", "insurance", "car", "no_allowance", "home_claim")
def woods_no_allowance_home(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(WOODS), status="denied")
    b.renter(WOODS)
    return {"instruction": "Hi, Shawn Woods. After the fire at my house, I need a car for a while. Book me a Compact at "
                           "the Boise airport from tomorrow for a week, but only if Harborline's rental allowance "
                           "covers it.",
            "user_facts": email(WOODS), "outputs": [claim["status"]],
            "forbidden": [{"name": "book_rental"}]}


@task("read", "refusal", "insurance", "car", "no_allowance", "home_claim")
def cox_no_allowance_home(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(COX), coverage_type="water_backup")
    b.renter(COX)
    return {"instruction": "Hey, Monica Cox. Can Harborline's rental allowance pay for an Economy car from the Denver "
                           "airport while I deal with my basement backup claim? Book it for tomorrow at noon for four "
                           "days only if Harborline pays.",
            "user_facts": email(COX), "outputs": [claim["status"]],
            "forbidden": [{"name": "book_rental"}]}


@task("read", "refusal", "car", "bank", "late_cancellation", "declined")
def smith_cancel_fee_declined(b: ClaimTasks) -> dict[str, Any]:
    car = b.rental(b.renter(SMITH), status="confirmed")
    info = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    acc = b.account(b.customer(SMITH), "Everyday Checking")
    return {"instruction": "Hi, Darren Smith. The body shop says my Subaru will be ready sooner, so I may not need the "
                           "Compact I pick up tomorrow in Boise. Cancel it, but only if it's free. If it isn't, just "
                           "tell me the fee and how much I have in my Everyday Checking.",
            "user_facts": email(SMITH),
            "outputs": [info["late_cancellation_fee"], info["free_cancellation_until"], acc["balance"]],
            "forbidden": [{"name": "cancel_rental_booking"}]}


@task("read", "refusal", "insurance", "bank", "overdraft", "declined", "pay_bill")
def smith_declines_overdraft(b: ClaimTasks) -> dict[str, Any]:
    pol = b.policy(b.holder(SMITH), line="auto")
    bill = b.due_bill(pol["policy_number"])
    acc = b.account(b.customer(SMITH), "Everyday Checking")
    return {"instruction": "Hi, Darren Smith. Please pay my next auto premium from my Everyday Checking, but only if it "
                           "doesn't cost me any bank fees.",
            "user_facts": email(SMITH), "outputs": [bill["amount"], acc["balance"]],
            "forbidden": [{"name": "pay_saved_payee"}, {"name": "pay_premium_bill"}]}


@task("read", "refusal", "insurance", "car", "over_allowance")
def gillespie_fullsize_over_allowance(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(GILLESPIE), status="filed")
    b.renter(GILLESPIE)
    branch = b.branch("BOI-APT")
    full = _pick(branch["classes"], "class", class_code="FULLSIZE")
    return {"instruction": "Hi, Patricia Gillespie. For my accident claim, please book a Full-size at the Boise airport "
                           "from tomorrow at 10 for a week, but only if Harborline's allowance covers the whole daily "
                           "rate.",
            "user_facts": email(GILLESPIE), "outputs": [full["daily_rate"], claim["coverage_type"]],
            "forbidden": [{"name": "book_rental"}]}


@task("read", "refusal", "insurance", "car", "no_open_claim")
def santana_no_open_claim(b: ClaimTasks) -> dict[str, Any]:
    h = b.holder(SANTANA)
    rows = b.call("list_policyholder_claims", holder_id=h)["claims"]
    b.renter(SANTANA)
    statuses = sorted({r["status"] for r in rows})
    return {"instruction": "Hi, Todd Santana. I'd like Harborline's rental allowance to pay for a car from the "
                           "Albuquerque airport next week while my Tesla gets some old dents fixed. Can you book it on "
                           "my existing claims? Only if it's covered.",
            "user_facts": email(SANTANA), "outputs": statuses,
            "forbidden": [{"name": "book_rental"}]}


@task("write", "refusal", "insurance", "car", "bank", "book", "no_payee", "allowance", "best_class")
def gillespie_book_no_larkspur_payee(b: ClaimTasks) -> dict[str, Any]:
    claim = b.claim(b.holder(GILLESPIE), status="filed")
    r = b.renter(GILLESPIE)
    best = best_class(b.branch("BOI-APT"), ALLOWANCE[claim["coverage_type"]])
    car = b.call("book_rental", renter_id=r, pickup_branch_id="BOI-APT", class_code=best["class_code"],
                 pickup_at="2026-06-10 14:00", days=6, coverage_code="NONE")
    payees = b.call("list_saved_payees", customer_id=b.customer(GILLESPIE))["payees"]
    if any(p["payee_name"] == "Larkspur Car Rental" for p in payees):
        raise AssertionError("Gillespie has no Larkspur payee")
    return {"instruction": "Hi, Patricia Gillespie. For my accident claim, book me the best class Harborline's "
                           "allowance covers at the Boise airport from tomorrow at 2 pm for six days, no coverage, and "
                           "pay Larkspur the estimated total right away from my Everyday Checking.",
            "user_facts": email(GILLESPIE),
            "outputs": [claim["coverage_type"], best["name"], car["reservation_id"], car["estimated_total"]],
            "forbidden": [{"name": "add_saved_payee"}, {"name": "pay_saved_payee"}]}


#: A payment into overdraft is made only once the customer accepted the fee (the task's consent gate).
OVERDRAFT_NEEDS_CONSENT = [{"fact": "confirmation",
                            "calls": [{"name": "pay_saved_payee", "arguments": {"accept_overdraft_fee": True}}]}]


def build(b: ClaimTasks) -> None:
    """Play every task; a gold read nothing in the task uses (a check whose answer the request does not need)
    is left out of its gold calls (the agent may still make it: looking around costs nothing)."""
    writes = {name for name, t in b.tools.items() if t.writes}
    for number, (tags, fn) in enumerate(TASKS, 1):
        b.begin()
        spec = fn(b)
        worked_out = WORKED_OUT in tags
        task = b.add_task(spec["instruction"], task_id=f"claims-{number:03d}", tags=tags,
                   outputs=[f"{o:.2f}" if isinstance(o, float) else str(o) for o in spec["outputs"]],
                   user_facts=spec.get("user_facts", {}), forbidden_calls=spec.get("forbidden", []),
                   consent=OVERDRAFT_NEEDS_CONSENT if "confirmation" in spec.get("user_facts", {}) else [],
                   check_outputs=not worked_out)
        b.tasks[-1] = prune_unused_reads(task, b.results, writes)


if __name__ == "__main__":
    builder = ClaimTasks(ROOT, prefix="claims")
    raise SystemExit(builder.main(lambda: build(builder), description=__doc__.splitlines()[0]))
