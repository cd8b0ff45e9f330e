"""Write ``tasks.jsonl`` from the hand-written flagship tasks below, each replayed on the seed state first.

Run after ``generate.py``: ``python generated_envs/banking/seed/make_tasks.py [--out FILE]``. Every gold call
must succeed, and every output must be found in the gold calls' results; an output written ``{rN.key}`` is read
from the result of gold call N (an id the tools create, such as a new dispute id).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

ROOT = Path(__file__).resolve().parents[1]
EMAIL = ["email", "e-mail", "mail"]
DOB = ["birth", "born", "birthday", "dob"]
CONFIRM = ["confirmation", "confirm", "accept", "proceed", "go ahead", "okay with", "ok with", "agree"]


def email(value: str) -> dict[str, Any]:
    return {"email": {"value": value, "keywords": EMAIL}}


def dob(value: str) -> dict[str, Any]:
    return {"date_of_birth": {"value": value, "keywords": DOB}}


def call(name: str, masked: tuple[str, ...] = (), **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "masked": list(masked)}


TASKS: list[dict[str, Any]] = [
    {"id": "banking-001", "tags": ["read", "email_fact"],
     "instruction": "Hi! Two quick questions about my checking account: how much can I spend from it right now, "
                    "counting the overdraft, and when does my next rent payment go out?",
     "user_facts": email("denise.decker@mail.example.com"),
     "gold": [call("lookup_customer_by_email", email="denise.decker@mail.example.com"),
              call("get_customer_overview", customer_id="CU-1086"),
              call("list_standing_orders", customer_id="CU-1086")],
     "outputs": ["1604.6", "2026-06-13"]},
    {"id": "banking-002", "tags": ["write", "multi", "card", "dispute"],
     "instruction": "Hi, this is Denise Decker, born January 18, 1987. There's a $645.27 charge from Brightwire "
                    "Electronics on my checking from yesterday that I never made. Please freeze my debit card right "
                    "away and dispute that charge.",
     "gold": [call("lookup_customer_by_name_dob", first_name="Denise", last_name="Decker", date_of_birth="1987-01-18"),
              call("list_debit_cards", customer_id="CU-1086"),
              call("place_card_freeze", card_id="DC-50111", reason="suspected_fraud"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20182",
                   search="Brightwire"),
              call("open_card_dispute", transaction_id="TX-004051", reason="unauthorized")],
     "outputs": ["{r4.dispute_id}"]},
    {"id": "banking-003", "tags": ["write", "refusal", "card", "dispute", "email_fact"],
     "instruction": "My Joint Expenses debit card stopped working, apparently it's frozen. Please unfreeze it. "
                    "Also, there's a Cobblestone Inn charge on that account from May 1st that I never made, please "
                    "dispute it.",
     "user_facts": email("jhobbs@example.com"),
     "gold": [call("lookup_customer_by_email", email="jhobbs@example.com"),
              call("list_debit_cards", customer_id="CU-1029"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20063",
                   search="Cobblestone"),
              call("open_card_dispute", transaction_id="TX-003544", reason="unauthorized")],
     "outputs": ["fraud", "{r3.dispute_id}"]},
    {"id": "banking-004", "tags": ["read", "refusal", "payee_limit"],
     "instruction": "Hi, it's rgreen@example.net. Please send $1,000 to Hansen Lawn & Garden from my Main Checking.",
     "gold": [call("lookup_customer_by_email", email="rgreen@example.net"),
              call("get_customer_overview", customer_id="CU-1106"),
              call("list_saved_payees", customer_id="CU-1106")],
     "forbidden": [{"name": "pay_saved_payee", "arguments": {"payee_id": "PY-3138"}}],
     "outputs": ["821.6"]},
    {"id": "banking-005", "tags": ["write", "refusal", "payee_hold", "standing_order", "dob_fact"],
     "instruction": "Hi, Gregory King here. I added my new landlord, Gomez Property Management, last night. Please "
                    "pay them this month's rent of $1,850 from my Everyday Checking today. If it can't go out today, "
                    "set it up as a monthly standing order starting June 1 instead.",
     "user_facts": dob("1979-04-01"),
     "gold": [call("lookup_customer_by_name_dob", first_name="Gregory", last_name="King", date_of_birth="1979-04-01"),
              call("list_saved_payees", customer_id="CU-1051"),
              call("get_customer_overview", customer_id="CU-1051"),
              call("create_standing_order", from_account_id="AC-20108", payee_id="PY-3218", amount=1850.0,
                   frequency="monthly", first_payment_date="2026-06-01")],
     "outputs": ["2026-05-19", "{r3.standing_order_id}"]},
    {"id": "banking-006", "tags": ["write", "confirmation", "overdraft", "email_fact"],
     "instruction": "I need to pay my landlord, Hobbs Property Management, $400 from my Household Checking please.",
     "user_facts": {**email("melinda.gomez@mail.example.com"),
                    "confirmation": {"value": "Yes, I understand there's an overdraft fee and I accept it. "
                                              "Please go ahead.", "keywords": CONFIRM}},
     "gold": [call("lookup_customer_by_email", email="melinda.gomez@mail.example.com"),
              call("get_customer_overview", customer_id="CU-1064"),
              call("list_saved_payees", customer_id="CU-1064"),
              call("pay_saved_payee", from_account_id="AC-20134", payee_id="PY-3051", amount=400.0,
                   accept_overdraft_fee=True)],
     "outputs": ["35", "188.69"]},
    {"id": "banking-007", "tags": ["write", "refusal", "overdraft", "fee_refund"],
     "instruction": "Hello, this is kryan@example.com. Please move $350 from my Everyday Checking to my High-Yield "
                    "Savings, but only if it doesn't cost me any fees. Also, you charged me $12 for my replacement "
                    "card in March. Could you refund that?",
     "gold": [call("lookup_customer_by_email", email="kryan@example.com"),
              call("get_customer_overview", customer_id="CU-1085"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20180", kind="fee"),
              call("grant_courtesy_fee_refund", transaction_id="TX-001990")],
     "forbidden": [{"name": "transfer_between_own_accounts", "arguments": {"accept_overdraft_fee": True}}],
     "outputs": ["312.77"]},
    {"id": "banking-008", "tags": ["write", "refusal", "fee_refund"],
     "instruction": "This is Chelsea Haynes, date of birth 1992-07-16. I got hit with overdraft fees on my Smart "
                    "Checking on April 10, April 26 and April 28. Please refund the April 10 one, and the other two "
                    "as well if you can.",
     "gold": [call("lookup_customer_by_name_dob", first_name="Chelsea", last_name="Haynes",
                   date_of_birth="1992-07-16"),
              call("get_customer_overview", customer_id="CU-1089"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20186", kind="fee"),
              call("grant_courtesy_fee_refund", transaction_id="TX-002741")],
     "outputs": ["210.17", "2027-05-18"]},
    {"id": "banking-009", "tags": ["write", "multi", "card", "standing_order", "email_fact"],
     "instruction": "I reported my debit card lost last week, but a new one never came. Can you send me a "
                    "replacement? Also, please stop the weekly payments to Brightpath Tutoring, we're done with "
                    "tutoring.",
     "user_facts": email("sroberts@mail.example.com"),
     "gold": [call("lookup_customer_by_email", email="sroberts@mail.example.com"),
              call("list_debit_cards", customer_id="CU-1027"),
              call("reissue_debit_card", card_id="DC-50033", reason="lost"),
              call("list_standing_orders", customer_id="CU-1027"),
              call("cancel_standing_order", standing_order_id="SO-0031")],
     "outputs": ["{r2.new_last4}", "12"]},
    {"id": "banking-010", "tags": ["write", "card"],
     "instruction": "Hi, the chip on my debit card stopped working, every terminal rejects it. Please send me a new "
                    "one. My email is tiffany_nelson53@mail.example.com.",
     "gold": [call("lookup_customer_by_email", email="tiffany_nelson53@mail.example.com"),
              call("list_debit_cards", customer_id="CU-1001"),
              call("reissue_debit_card", card_id="DC-50001", reason="defective")],
     "outputs": ["{r2.new_last4}"]},
    {"id": "banking-011", "tags": ["write", "card", "dob_fact"],
     "instruction": "Hi, I'm Julie Phillips. I can't find my debit card. It's probably somewhere at home, but please "
                    "freeze it for now.",
     "user_facts": dob("1998-07-04"),
     "gold": [call("lookup_customer_by_name_dob", first_name="Julie", last_name="Phillips", date_of_birth="1998-07-04"),
              call("list_debit_cards", customer_id="CU-1059"),
              call("place_card_freeze", card_id="DC-50077", reason="misplaced")],
     "outputs": ["0077"]},
    {"id": "banking-012", "tags": ["write", "card", "email_fact"],
     "instruction": "I'm back from my trip, so please turn my debit card back on.",
     "user_facts": email("eaton.rhonda@mail.example.com"),
     "gold": [call("lookup_customer_by_email", email="eaton.rhonda@mail.example.com"),
              call("list_debit_cards", customer_id="CU-1002"),
              call("lift_card_freeze", card_id="DC-50002")],
     "outputs": ["5098"]},
    {"id": "banking-013", "tags": ["write", "multi", "standing_order"],
     "instruction": "Hello, julie.phillips@example.org here. I'd like to raise my monthly payment to Chad Phelps from "
                    "$501 to $550, starting with the next payment.",
     "gold": [call("lookup_customer_by_email", email="julie.phillips@example.org"),
              call("list_standing_orders", customer_id="CU-1059"),
              call("cancel_standing_order", standing_order_id="SO-0090"),
              call("create_standing_order", from_account_id="AC-20124", payee_id="PY-3167", amount=550.0,
                   frequency="monthly", first_payment_date="2026-06-13")],
     "outputs": ["2026-06-13"]},
    {"id": "banking-014", "tags": ["write", "multi", "close_account", "email_fact"],
     "instruction": "Please close my Vacation Fund savings account and move whatever is in it to my Home Deposit "
                    "Savings.",
     "user_facts": email("tcarter@example.com"),
     "gold": [call("lookup_customer_by_email", email="tcarter@example.com"),
              call("get_customer_overview", customer_id="CU-1070"),
              call("transfer_between_own_accounts", from_account_id="AC-20148", to_account_id="AC-20147",
                   amount=949.46),
              call("close_deposit_account", account_id="AC-20148")],
     "outputs": ["949.46", "5271.96"]},
    {"id": "banking-015", "tags": ["read", "refusal", "restricted"],
     "instruction": "Tyler Carter here, born March 31, 1962. Please transfer $1,000 from my Main Checking to my Home "
                    "Deposit Savings. And what's my Main Checking balance right now?",
     "gold": [call("lookup_customer_by_name_dob", first_name="Tyler", last_name="Carter", date_of_birth="1962-03-31"),
              call("get_customer_overview", customer_id="CU-1070")],
     "outputs": ["restricted", "2748.96"]},
    {"id": "banking-016", "tags": ["write", "refusal", "dispute", "fee_refund", "email_fact"],
     "instruction": "Two things. I ordered flowers from Marigold Florist on May 3rd and they never arrived, so please "
                    "dispute that charge. And I'd like the out-of-network ATM fee from May 12th refunded.",
     "user_facts": email("gordon_jacobs4@example.org"),
     "gold": [call("lookup_customer_by_email", email="gordon_jacobs4@example.org"),
              call("get_customer_overview", customer_id="CU-1091"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20190"),
              call("open_card_dispute", transaction_id="TX-003613", reason="not_received"),
              call("get_account_details", account_id="AC-20190")],
     "outputs": ["34.93", "2027-04-14"]},
    {"id": "banking-017", "tags": ["read", "refusal", "dispute", "dob_fact"],
     "instruction": "Hi, Melinda Gomez. I want to dispute two charges on my Household Checking: the Cobblestone Inn "
                    "stay in February, where I was overcharged, and the Northstar Rideshare ride on April 18, which "
                    "was billed twice.",
     "user_facts": dob("1984-03-10"),
     "gold": [call("lookup_customer_by_name_dob", first_name="Melinda", last_name="Gomez", date_of_birth="1984-03-10"),
              call("get_customer_overview", customer_id="CU-1064"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20134"),
              call("list_card_disputes", customer_id="CU-1064")],
     "outputs": ["2026-02-18", "DP-0026"]},
    {"id": "banking-018", "tags": ["write", "multi", "payee", "email_fact"],
     "instruction": "Please pay $300 to Kelly Eaton from my High-Yield Savings. If it can't come straight out of "
                    "savings, move the $300 into my Bills Checking first and pay her from there.",
     "user_facts": email("alexis_jones21@mail.example.com"),
     "gold": [call("lookup_customer_by_email", email="alexis_jones21@mail.example.com"),
              call("get_customer_overview", customer_id="CU-1038"),
              call("list_saved_payees", customer_id="CU-1038"),
              call("transfer_between_own_accounts", from_account_id="AC-20078", to_account_id="AC-20079",
                   amount=300.0),
              call("pay_saved_payee", from_account_id="AC-20079", payee_id="PY-3093", amount=300.0)],
     "outputs": ["156.28"]},
    {"id": "banking-019", "tags": ["write", "multi", "payee", "standing_order"],
     "instruction": "Hi, Richard Evans (revans@example.com). I'm renting a new place. Please add my landlord as a "
                    "payee: Juniper Court Apartments, at Granite Ridge Credit Union, routing number 232950180, account "
                    "number 4471902256. Then set up my rent of $2,150 as a monthly standing order from my Everyday "
                    "Checking, starting June 1.",
     "gold": [call("lookup_customer_by_email", email="revans@example.com"),
              call("add_saved_payee", customer_id="CU-1082", payee_name="Juniper Court Apartments",
                   bank_name="Granite Ridge Credit Union", routing_number="232950180", account_number="4471902256"),
              call("get_customer_overview", customer_id="CU-1082"),
              call("create_standing_order", from_account_id="AC-20172", payee_id="PY-3224", amount=2150.0,
                   frequency="monthly", first_payment_date="2026-06-01")],
     "outputs": ["{r3.standing_order_id}"]},
    {"id": "banking-020", "tags": ["write", "payee", "routing_fact"],
     "instruction": "Hi, this is pollard.paula@example.com. Please add my sister as a payee: Dana Pollard, Silverleaf "
                    "Credit Union, routing number 211039829, account number 5520318847. When can I first send her "
                    "money?",
     "user_facts": {"routing_number": {"value": "Sorry, I misread it: the routing number is 211039828.",
                                       "keywords": ["routing", "check the number", "re-check", "double-check"]}},
     "gold": [call("lookup_customer_by_email", email="pollard.paula@example.com"),
              call("add_saved_payee", customer_id="CU-1100", payee_name="Dana Pollard",
                   bank_name="Silverleaf Credit Union", routing_number="211039828", account_number="5520318847")],
     "outputs": ["2026-05-19"]},
    {"id": "banking-021", "tags": ["read", "payee_limit"],
     "instruction": "Hello, I'm Richard Evans, date of birth 1984-01-24. How much more can I still send to my payees "
                    "today, and what's my daily limit?",
     "gold": [call("lookup_customer_by_name_dob", first_name="Richard", last_name="Evans", date_of_birth="1984-01-24"),
              call("get_customer_overview", customer_id="CU-1082")],
     "outputs": ["7450.35", "7500"]},
    {"id": "banking-022", "tags": ["read", "dispute", "email_fact"],
     "instruction": "Any update on my dispute about the Marigold Florist charge? Did I get any money back yet?",
     "user_facts": email("kevin.walker@example.net"),
     "gold": [call("lookup_customer_by_email", email="kevin.walker@example.net"),
              call("list_card_disputes", customer_id="CU-1021")],
     "outputs": ["under_review", "42.6"]},
    {"id": "banking-023", "tags": ["write", "transfer"],
     "instruction": "Hi, penny.richard@example.org here. Please move $2,000 from my Home Deposit Savings to my "
                    "Everyday Checking, and tell me both new balances.",
     "gold": [call("lookup_customer_by_email", email="penny.richard@example.org"),
              call("get_customer_overview", customer_id="CU-1024"),
              call("transfer_between_own_accounts", from_account_id="AC-20052", to_account_id="AC-20051",
                   amount=2000.0)],
     "outputs": ["10927.87", "7425.03"]},
    {"id": "banking-024", "tags": ["write", "multi", "card", "dispute", "email_fact"],
     "instruction": "My wallet was stolen on May 1st and I already reported the card. Please send me a replacement "
                    "card, and dispute the Tallgrass Pet Supply charge from that day. That wasn't me.",
     "user_facts": email("martin.lori@example.org"),
     "gold": [call("lookup_customer_by_email", email="martin.lori@example.org"),
              call("list_debit_cards", customer_id="CU-1107"),
              call("reissue_debit_card", card_id="DC-50136", reason="stolen"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20222",
                   search="Tallgrass"),
              call("open_card_dispute", transaction_id="TX-003545", reason="unauthorized")],
     "outputs": ["{r2.new_last4}", "40.89"]},
    {"id": "banking-025", "tags": ["write", "multi", "card", "fee_refund", "dob_fact"],
     "instruction": "Hi, I'm Thomas Freeman. I lost my debit card last week and cancelled it, but I still need a new "
                    "one, so please send a replacement. And could you refund the overdraft fee from April 27?",
     "user_facts": dob("1967-05-25"),
     "gold": [call("lookup_customer_by_name_dob", first_name="Thomas", last_name="Freeman",
                   date_of_birth="1967-05-25"),
              call("list_debit_cards", customer_id="CU-1096"),
              call("reissue_debit_card", card_id="DC-50124", reason="lost"),
              call("list_account_transactions", ("search", "kind", "since"), account_id="AC-20200", kind="fee"),
              call("grant_courtesy_fee_refund", transaction_id="TX-003302")],
     "outputs": ["{r2.new_last4}", "173.52"]},
    {"id": "banking-026", "tags": ["read", "refusal", "close_account", "email_fact"],
     "instruction": "Please close my New Car Fund savings account today.",
     "user_facts": email("sroberts@mail.example.com"),
     "gold": [call("lookup_customer_by_email", email="sroberts@mail.example.com"),
              call("get_customer_overview", customer_id="CU-1027")],
     "forbidden": [{"name": "transfer_between_own_accounts", "arguments": {"from_account_id": "AC-20059"}},
                   {"name": "close_deposit_account", "arguments": {"account_id": "AC-20059"}}],
     "outputs": ["13956.85"]},
    {"id": "banking-027", "tags": ["write", "multi", "close_account", "payee", "dob_fact"],
     "instruction": "Hello, Nancy Barrett speaking. I moved all the money out of my Bills Checking this morning, so "
                    "please close that account. And please send $120 to Brightpath Tutoring from my Smart Checking.",
     "user_facts": dob("1968-10-17"),
     "gold": [call("lookup_customer_by_name_dob", first_name="Nancy", last_name="Barrett", date_of_birth="1968-10-17"),
              call("get_customer_overview", customer_id="CU-1049"),
              call("close_deposit_account", account_id="AC-20106"),
              call("list_saved_payees", customer_id="CU-1049"),
              call("pay_saved_payee", from_account_id="AC-20104", payee_id="PY-3095", amount=120.0)],
     "outputs": ["2667.94"]},
    {"id": "banking-028", "tags": ["write", "refusal", "close_account", "payee_hold"],
     "instruction": "Hi, this is anthony_anderson66@mail.example.com. I emptied my Wedding Fund earlier today; please "
                    "close it. Also, I added Burns Lawn & Garden as a payee this morning. Please pay them $85 from my "
                    "Main Checking.",
     "gold": [call("lookup_customer_by_email", email="anthony_anderson66@mail.example.com"),
              call("get_customer_overview", customer_id="CU-1077"),
              call("close_deposit_account", account_id="AC-20162"),
              call("list_saved_payees", customer_id="CU-1077")],
     "outputs": ["2026-05-19"]},
]

_REF = re.compile(r"\{r(\d+)\.(\w+)\}")


def build(b: TaskBuilder) -> None:
    for t in TASKS:
        results = b.play(t["gold"])
        outputs = [_REF.sub(lambda m, r=results: str(r[int(m.group(1))][m.group(2)]), o) for o in t["outputs"]]
        b.add_task(t["instruction"], task_id=t["id"], tags=t["tags"], outputs=outputs,
                   user_facts=t.get("user_facts", {}), forbidden_calls=t.get("forbidden", []))


if __name__ == "__main__":
    builder = TaskBuilder(ROOT)
    raise SystemExit(builder.main(lambda: build(builder), description=__doc__.splitlines()[0]))
