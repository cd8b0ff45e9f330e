"""Write the travel composite's ``tasks.jsonl``: trips that cross the three companies.

Every task's gold calls go through at least two members (Wrenfield Hotels, Larkspur Car Rental, Kestrel Valley
Bank), and a fact one company's tools give is used with another's: a stay's dates become the car's pickup and
return, a reservation's total or a cancellation fee becomes a bank payment, a rental's charges are checked against
a balance. The gold calls are played on the composed seed with :class:`TaskBuilder` (ids, totals and fees come from
the tools), in the order a careful agent following ``policy.md`` makes them. Refusal tasks stop before the write a
member's rule forbids; their outputs are what the traveller must be told.

Run after ``envfactory compose`` (``authoring/build.py`` runs the whole chain):
``python generated_envs/travel/authoring/make_tasks.py [--out FILE]``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

ROOT = Path(__file__).resolve().parents[1]
EMAIL = ["email", "e-mail"]
CONFIRM = ["confirm", "proceed", "go ahead", "agree", "accept", "okay with", "ok with", "still want"]
CARD = ["which card", "card", "ending", "last four", "last 4"]
#: Tags whose outputs are worked out (a sum, a member price) rather than read from one result.
WORKED_OUT = "worked_out"

CHAN = "gchan@mail.example.com"
SULLIVAN = "elizabeth.sullivan@example.org"
CAMPBELL = "joshua_campbell92@example.com"
FREEMAN = "freeman.kimberly@example.com"
RODRIGUEZ = "jose.rodriguez@example.net"
HARRELL = "yvonne.harrell@example.org"
WATSON = "cwatson@example.com"
RIVERA = "rivera.derek@example.net"
HOWARD = "leslie_howard44@example.net"
SANTANA = "peter.santana@example.org"
MARTINEZ = "tanya.martinez@mail.example.com"
COLLIER = "elizabeth_collier85@example.net"
BENNETT = "jack_bennett86@example.com"


def email(value: str) -> dict[str, Any]:
    return {"email": {"value": value, "keywords": EMAIL}}


def gate(tool: str, **arguments: Any) -> list[dict[str, Any]]:
    """The task's consent gate: calls of ``tool`` (with these arguments) only once the traveller agreed."""
    return [{"fact": "confirmation", "calls": [{"name": tool, "arguments": arguments}]}]


def consent(text: str) -> dict[str, Any]:
    return {"confirmation": {"value": text, "keywords": CONFIRM}}


def nights(stay: dict[str, Any]) -> int:
    """A stay's nights, from its check-in and check-out dates."""
    return (date.fromisoformat(str(stay["check_out"])[:10]) - date.fromisoformat(str(stay["check_in"])[:10])).days


def _pick(rows: list[dict[str, Any]], what: str, **match: Any) -> dict[str, Any]:
    """The one row whose fields start with the given values (``check_in="2026-06-17"``)."""
    found = [r for r in rows if all(str(r[k]).startswith(str(v)) for k, v in match.items())]
    if len(found) != 1:
        raise AssertionError(f"{what}: {len(found)} rows match {match}")
    return found[0]


class TravelTasks(TaskBuilder):
    """:class:`TaskBuilder` with the lookups every trip task makes, each one gold call."""

    # -- Wrenfield Hotels --------------------------------------------------------------------------------------

    def guest(self, mail: str) -> str:
        return self.call("find_guest_by_email", email=mail)["guest_id"]

    def stay(self, guest_id: str, **match: Any) -> dict[str, Any]:
        rows = self.call("list_guest_reservations", guest_id=guest_id)["reservations"]
        return _pick(rows, "stay", **match)

    def card(self, guest_id: str, **match: Any) -> str:
        return _pick(self.call("get_guest_profile", guest_id=guest_id)["cards"], "card", **match)["card_id"]

    def room_type(self, city: str, name: str) -> tuple[str, str]:
        hotel = self.call("list_hotels", masked=["city"], city=city)[0]["hotel_id"]
        types = self.call("get_hotel_details", hotel_id=hotel)["room_types"]
        return hotel, _pick(types, "room type", name=name)["room_type_id"]

    # -- Larkspur Car Rental -----------------------------------------------------------------------------------

    def renter(self, mail: str) -> str:
        return self.call("find_renter_by_email", email=mail)["renter_id"]

    def rental(self, renter_id: str, **match: Any) -> dict[str, Any]:
        rows = self.call("get_renter_profile", renter_id=renter_id)["reservations"]
        return _pick(rows, "rental", **match)

    def branch(self, branch_id: str = "ABQ-APT") -> dict[str, Any]:
        return self.call("get_branch_details", branch_id=branch_id)

    # -- Kestrel Valley Bank -----------------------------------------------------------------------------------

    def customer(self, mail: str) -> str:
        return self.call("lookup_customer_by_email", email=mail)["customer_id"]

    def account(self, customer_id: str, nickname: str) -> dict[str, Any]:
        accounts = self.call("get_customer_overview", customer_id=customer_id)["accounts"]
        return _pick(accounts, "account", nickname=nickname)

    def payee(self, customer_id: str, name: str) -> dict[str, Any]:
        return _pick(self.call("list_saved_payees", customer_id=customer_id)["payees"], "payee", payee_name=name)

    def pay(self, account_id: str, payee_id: str, amount: float, **extra: Any) -> dict[str, Any]:
        return self.call("pay_saved_payee", from_account_id=account_id, payee_id=payee_id, amount=amount, **extra)


#: The tasks: (tags, function writing the gold calls and returning the task's keyword arguments).
TASKS: list[tuple[list[str], Callable[[TravelTasks], dict[str, Any]]]] = []


def task(*tags: str) -> Callable[[Callable[[TravelTasks], dict[str, Any]]], Callable[[TravelTasks], dict[str, Any]]]:
    def register(fn: Callable[[TravelTasks], dict[str, Any]]) -> Callable[[TravelTasks], dict[str, Any]]:
        TASKS.append((list(tags), fn))
        return fn

    return register


# ==========================================================================================================
# Read-only: a fact of one company looked up, used or compared with another's
# ==========================================================================================================

@task("read", "hotel", "car", "quote", "dates_from_stay")
def bennett_suv_quote(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(BENNETT), hotel_name="Wrenfield Plaza")
    b.branch()
    q = b.call("quote_rental", pickup_branch_id="ABQ-APT", class_code="SUV", pickup_at=f"{stay['check_in']} 14:00",
               days=nights(stay))
    return {"instruction": "Hi! I'm flying into Albuquerque for my weekend at your Santa Fe hotel and I land around "
                           "2 pm on the day I arrive. Is a Standard SUV still free at the airport for my whole stay, "
                           "picked up at 2? And what would the base rental come to?",
            "user_facts": email(BENNETT), "outputs": [q["base_charge"]]}


@task("read", "hotel", "car", "member_price", "dates_from_car", WORKED_OUT)
def watson_member_price(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(WATSON), pickup_branch="Albuquerque Sunport")
    b.guest(WATSON)
    _, rt = b.room_type("Santa Fe", "Adobe King")
    q = b.call("check_room_availability", room_type_id=rt, check_in=car["pickup_at"][:10], nights=int(car["days"]))
    member = round(q["public_total"] * 0.90, 2)  # gold: 10% off
    return {"instruction": "Hello! I have a Compact booked from the Albuquerque airport later this month. What would "
                           "an Adobe King at your Santa Fe hotel cost me for the nights of that rental, with my member "
                           "discount?",
            "user_facts": email(WATSON), "outputs": [f"{member:.2f}"]}


@task("read", "car", "bank", "charges", "balance")
def santana_owes_and_covers(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(SANTANA), class_name="Standard SUV", status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    acc = b.account(b.customer(SANTANA), "Smart Checking")
    return {"instruction": f"Hi, Peter Santana here ({SANTANA}). How much do I owe Larkspur for the SUV I rented in "
                           "May, and is there enough in my Smart Checking to cover it?",
            "outputs": [bill["charges_total"], acc["balance"]]}


@task("read", "hotel", "car", "totals", WORKED_OUT)
def sullivan_trip_total(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(SULLIVAN), check_in="2026-07")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    car = b.rental(b.renter(SULLIVAN), pickup_at="2026-07")
    total = round(booking["total_before_tax"] + car["estimated_total"], 2)
    return {"instruction": "Hi there. For our family trip to Santa Fe in July, what will the hotel and the car come to "
                           "altogether, before the hotel's tax?",
            "user_facts": email(SULLIVAN),
            "outputs": [booking["total_before_tax"], car["estimated_total"], f"{total:.2f}"]}


@task("read", "hotel", "car", "deadlines")
def chan_return_and_deadline(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(CHAN), pickup_at="2026-06-17")
    stay = b.stay(b.guest(CHAN), check_in="2026-06-17")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    return {"instruction": "Two quick questions about my Santa Fe trip this month: when exactly does the car have to "
                           "be back at the airport, and until when can I still cancel the hotel for free?",
            "user_facts": email(CHAN), "outputs": [car["return_at"], booking["free_cancellation_until"]]}


@task("read", "hotel", "car", "quote", "young_driver", "dates_from_stay", WORKED_OUT)
def rodriguez_fullsize_price(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(RODRIGUEZ), hotel_name="Wrenfield Plaza")
    profile = b.call("get_renter_profile", renter_id=b.renter(RODRIGUEZ))
    branch = b.branch()
    premium = _pick(branch["coverage_options"], "coverage", coverage_code="PREMIUM")["daily_price"]
    q = b.call("quote_rental", pickup_branch_id="ABQ-APT", class_code="FULLSIZE",
               pickup_at=f"{stay['check_in']} 17:00", days=nights(stay))
    young = 27.00 * nights(stay) if profile["age"] < 25 else 0.0
    total = round(q["base_charge"] + young + premium * nights(stay), 2)
    return {"instruction": "Hi, Jose Rodriguez. I'm at your Santa Fe hotel for the opera weekend and I'm thinking of "
                           "a Full-size from the Albuquerque airport for the whole stay, picked up at 5 pm on the day "
                           "I arrive, with full protection. All in, with whatever fees apply to me, what would it "
                           "cost? Just the price for now.",
            "user_facts": email(RODRIGUEZ), "outputs": [profile["age"], f"{total:.2f}"]}


@task("read", "hotel", "car", "expenses")
def santana_expense_report(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(SANTANA), status="checked_out")
    inv = b.call("get_stay_invoices", reservation_id=stay["reservation_id"])["invoices"][0]
    car = b.rental(b.renter(SANTANA), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    return {"instruction": "Hello, this is Peter Santana. For my expense report on the May trip to Santa Fe: what was "
                           "the total of my hotel invoice, and what did Larkspur bill me for the SUV altogether?",
            "user_facts": email(SANTANA), "outputs": [inv["total"], bill["charges_total"]]}


@task("read", "hotel", "car", "quote", "dates_from_stay")
def sullivan_minivan_quote(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(SULLIVAN), check_in="2026-07")
    car = b.rental(b.renter(SULLIVAN), pickup_at="2026-07")
    q = b.call("quote_rental", pickup_branch_id="ABQ-APT", class_code="MINIVAN",
               pickup_at=f"{stay['check_in']} {car['pickup_at'][11:16]}", days=nights(stay))
    return {"instruction": "Hello, Elizabeth Sullivan. We may need more room on our July trip to Santa Fe. Would a "
                           "Minivan be free at the Albuquerque airport for the whole hotel stay, picked up at the same "
                           "time as the SUV I booked? What would its base rental be? Don't change anything yet.",
            "user_facts": email(SULLIVAN), "outputs": [q["base_charge"]]}


@task("read", "hotel", "car", "bank", "balance")
def freeman_can_prepay_both(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(FREEMAN), hotel_name="Wrenfield Plaza")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    car = b.rental(b.renter(FREEMAN), pickup_branch="Albuquerque Sunport")
    acc = b.account(b.customer(FREEMAN), "Household Checking")
    return {"instruction": "Hi, Kimberly Freeman. If I prepaid both next week's Santa Fe hotel and the car, how much "
                           "would each one be, and does my Household Checking have enough for them without going into "
                           "the overdraft? Just tell me, don't pay anything yet.",
            "user_facts": email(FREEMAN),
            "outputs": [booking["total_before_tax"], car["estimated_total"], acc["balance"]]}


@task("read", "hotel", "bank", "payee_hold")
def bennett_when_can_prepay(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(BENNETT), hotel_name="Wrenfield Plaza")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    payee = b.payee(b.customer(BENNETT), "Wrenfield Hotels")
    return {"instruction": "Hello, Jack Bennett. I saved Wrenfield Hotels as a payee at the bank this morning. How much "
                           "would prepaying my Santa Fe weekend be, and from when can I actually send it?",
            "user_facts": email(BENNETT), "outputs": [booking["total_before_tax"], payee["payable_from"]]}


# ==========================================================================================================
# Writes in two or three companies
# ==========================================================================================================

@task("write", "hotel", "car", "bank", "book", "prepay", "same_dates")
def howard_august_trip(b: TravelTasks) -> dict[str, Any]:
    g = b.guest(HOWARD)
    card = b.card(g, brand="Visa")
    _, rt = b.room_type("Santa Fe", "Adobe King")
    room = b.call("book_room", guest_id=g, room_type_id=rt, check_in="2026-08-19", nights=3, adults=2, card_id=card)
    r = b.renter(HOWARD)
    b.branch()
    car = b.call("book_rental", renter_id=r, pickup_branch_id="ABQ-APT", class_code="FULLSIZE",
                 pickup_at=f"{room['check_in']} 13:00", days=room["nights"], coverage_code="PLUS")
    c = b.customer(HOWARD)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    b.pay(acc["account_id"], payee["payee_id"], car["estimated_total"])
    return {"instruction": "Hi, Leslie Howard. I'd like to go back to Santa Fe in August: an Adobe King at the Plaza "
                           "for the two of us, arriving Wednesday August 19 for three nights, and a Full-size from the "
                           "Albuquerque airport for the same days, picked up at 1 pm, with the collision waiver plus "
                           "liability coverage. Put the room on my card on file, and prepay the car from my Household "
                           "Checking.",
            "user_facts": email(HOWARD),
            "outputs": [room["confirmation_code"], room["room_total"], car["reservation_id"], car["estimated_total"]]}


@task("write", "hotel", "car", "book", "addon", "dates_from_stay")
def bennett_book_car(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(BENNETT), hotel_name="Wrenfield Plaza")
    r = b.renter(BENNETT)
    b.branch()
    car = b.call("book_rental", masked=["coverage_code"], renter_id=r, pickup_branch_id="ABQ-APT",
                 class_code="MIDSIZE", pickup_at=f"{stay['check_in']} 14:30", days=nights(stay), coverage_code="NONE")
    b.call("add_stay_extra", reservation_id=stay["reservation_id"], addon_code="LATE_CHECKOUT")
    return {"instruction": "Hi, Jack Bennett. For my weekend at your Santa Fe hotel I'd like a Midsize from the "
                           "Albuquerque airport for the whole stay. I land at 2, so pick-up at 2:30 pm please. No "
                           "coverage, my own insurance has me covered. And since I'll only drop the car off in the "
                           "afternoon, please add late check-out to the hotel stay.",
            "user_facts": email(BENNETT), "outputs": [car["reservation_id"], car["estimated_total"]]}


@task("write", "hotel", "car", "book", "extra", "dates_from_car", "ambiguous_card")
def watson_book_room(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(WATSON), pickup_branch="Albuquerque Sunport")
    g = b.guest(WATSON)
    card = b.card(g, brand="Amex")
    _, rt = b.room_type("Santa Fe", "Adobe Queen")
    room = b.call("book_room", guest_id=g, room_type_id=rt, check_in=car["pickup_at"][:10], nights=int(car["days"]),
                  adults=1, card_id=card)
    gps = b.call("add_rental_extra", reservation_id=car["reservation_id"], extra_code="GPS")
    return {"instruction": "Hello, Carla Watson here. I have a car from the Albuquerque airport later this month and "
                           "now I need somewhere to stay: please book me an Adobe Queen at your Santa Fe hotel, just "
                           "me, for the nights of that rental. And add a GPS to that car, I don't know the area.",
            "user_facts": {**email(WATSON), "card": {"value": "my Amex, the one ending 3781", "keywords": CARD}},
            "outputs": [room["confirmation_code"], room["room_total"], gps["estimated_total"]]}


@task("write", "hotel", "car", "cancel", "whole_trip")
def chan_cancel_trip(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(CHAN), check_in="2026-06-17")
    b.call("cancel_booking", reservation_id=stay["reservation_id"], reason="change_of_plans")
    car = b.rental(b.renter(CHAN), pickup_at=stay["check_in"])
    b.call("cancel_rental_booking", masked=["reason"], reservation_id=car["reservation_id"], reason="change_of_plans")
    return {"instruction": "Hi, this is Gerald Chan. Our plans have changed and we won't make it to Santa Fe this "
                           "month after all. Please cancel both the hotel and the car for that trip.",
            "user_facts": email(CHAN), "outputs": []}


@task("write", "hotel", "car", "bank", "extend", "prepay", "dates_from_stay")
def sullivan_extend_trip(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(SULLIVAN), check_in="2026-07")
    hotel = b.call("change_stay_dates", reservation_id=stay["reservation_id"], new_check_in=stay["check_in"],
                   new_nights=5)
    car = b.rental(b.renter(SULLIVAN), pickup_at="2026-07")
    ext = b.call("extend_rental", reservation_id=car["reservation_id"], extra_days=1)
    c = b.customer(SULLIVAN)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    b.pay(acc["account_id"], payee["payee_id"], hotel["new_total"])
    return {"instruction": "Hi, Elizabeth Sullivan. We'd like one more night on our July trip to Santa Fe: please add a "
                           "night at the end of the hotel stay and keep the car one more day too. Then prepay the "
                           "hotel's new total from my Household Checking.",
            "user_facts": email(SULLIVAN),
            "outputs": [hotel["new_total"], ext["estimated_total"], ext["return_at"]]}


@task("write", "hotel", "bank", "prepay")
def chan_prepay_stay(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(CHAN), check_in="2026-06-17")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    c = b.customer(CHAN)
    acc = b.account(c, "Main Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], booking["total_before_tax"])
    return {"instruction": "Hello, I'd like to prepay my Santa Fe hotel stay this month from my Main Checking, please.",
            "user_facts": email(CHAN), "outputs": [paid["amount"], paid["balance"]]}


@task("write", "car", "bank", "pay_bill")
def santana_pay_larkspur(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(SANTANA), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    c = b.customer(SANTANA)
    acc = b.account(c, "Smart Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(acc["account_id"], payee["payee_id"], bill["charges_total"])
    return {"instruction": f"Hi, Peter Santana ({SANTANA}). Please settle what I owe Larkspur for the SUV I had in "
                           "May, from my Smart Checking.",
            "outputs": [paid["amount"], paid["balance"]]}


@task("write", "car", "bank", "pay_bill")
def campbell_pay_from_freelance(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(CAMPBELL), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    c = b.customer(CAMPBELL)
    acc = b.account(c, "Freelance Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(acc["account_id"], payee["payee_id"], bill["charges_total"])
    return {"instruction": "Hi, I returned a Compact to your Nob Hill branch last week. Please pay that Larkspur bill "
                           "from my Freelance Checking.",
            "user_facts": email(CAMPBELL), "outputs": [paid["amount"], paid["balance"]]}


@task("write", "car", "bank", "prepay", "overdraft", "confirmation")
def freeman_prepay_car_overdraft(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(FREEMAN), pickup_branch="Albuquerque Sunport")
    c = b.customer(FREEMAN)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(acc["account_id"], payee["payee_id"], car["estimated_total"], accept_overdraft_fee=True)
    return {"instruction": "Hi, Kimberly Freeman here. I'd like to prepay the Economy car I booked for next week, from "
                           "my Household Checking.",
            "user_facts": {**email(FREEMAN), **consent("Yes, I understand about the overdraft fee and I accept it. "
                                                       "Please go ahead with the payment.")},
            "consent": gate("pay_saved_payee", accept_overdraft_fee=True),
            "outputs": [paid["overdraft_fee"], paid["balance"]]}


@task("write", "hotel", "car", "bank", "cancel", "late_fee", "confirmation", "pay_bill")
def howard_cancel_and_pay_fee(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(HOWARD), hotel_name="Wrenfield Plaza", check_in="2026-06-04")
    b.call("cancel_booking", reservation_id=stay["reservation_id"], reason="change_of_plans")
    car = b.rental(b.renter(HOWARD), pickup_at=stay["check_in"])
    b.call("get_rental_booking", reservation_id=car["reservation_id"])
    cancelled = b.call("cancel_rental_booking", masked=["reason"], reservation_id=car["reservation_id"],
                       reason="change_of_plans")
    c = b.customer(HOWARD)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(acc["account_id"], payee["payee_id"], cancelled["cancellation_fee"])
    return {"instruction": "Hi, Leslie Howard. Something came up and I can't travel tomorrow: please cancel both my "
                           "Santa Fe hotel and the car. If Larkspur charges me anything, pay it right away from my "
                           "Household Checking.",
            "user_facts": {**email(HOWARD), **consent("Yes, I accept the car's cancellation fee. Please go ahead and "
                                                      "cancel it.")},
            "consent": gate("cancel_rental_booking"),
            "outputs": [cancelled["cancellation_fee"], paid["balance"]]}


@task("write", "hotel", "car", "book", "young_driver", "rollaway", "dates_from_stay")
def rodriguez_book_midsize(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(RODRIGUEZ), hotel_name="Wrenfield Plaza")
    b.call("add_stay_extra", reservation_id=stay["reservation_id"], addon_code="ROLLAWAY")
    party = b.call("change_party_size", reservation_id=stay["reservation_id"], adults=3, children=0)
    r = b.renter(RODRIGUEZ)
    b.branch()
    car = b.call("book_rental", renter_id=r, pickup_branch_id="ABQ-APT", class_code="MIDSIZE",
                 pickup_at=f"{stay['check_in']} 17:00", days=nights(stay), coverage_code="BASIC")
    return {"instruction": "Hi, Jose Rodriguez. Please book me a Midsize from the Albuquerque airport for my opera "
                           "weekend at your Santa Fe hotel: picked up at 5 pm on the day I arrive and returned the day "
                           "I check out. I'll take the cheapest coverage I'm allowed to have. Also, a friend is coming "
                           "along: please put a rollaway bed in our room and make the booking three adults.",
            "user_facts": email(RODRIGUEZ),
            "outputs": [party["new_total"], car["reservation_id"], car["young_driver_fee"], car["estimated_total"]]}


@task("write", "hotel", "bank", "addon", "prepay")
def collier_prepay_portland(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(COLLIER), hotel_name="Wrenfield Harborside")
    b.call("add_stay_extra", reservation_id=stay["reservation_id"], addon_code="PARKING")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    c = b.customer(COLLIER)
    acc = b.account(c, "Smart Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], booking["total_before_tax"])
    return {"instruction": f"Hello, Elizabeth Collier ({COLLIER}). I'll be driving up to Portland for my weekend at "
                           "the Harborside, so please add parking to that stay, and then prepay the whole stay from my "
                           "Smart Checking.",
            "outputs": [paid["amount"], paid["balance"]]}


@task("write", "car", "bank", "prepay", "transfer")
def sullivan_fund_and_prepay_car(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(SULLIVAN), pickup_at="2026-07")
    c = b.customer(SULLIVAN)
    accounts = b.call("get_customer_overview", customer_id=c)["accounts"]
    savings = _pick(accounts, "savings", nickname="Home Deposit Savings")["account_id"]
    checking = _pick(accounts, "checking", nickname="Household Checking")["account_id"]
    b.call("transfer_between_own_accounts", from_account_id=savings, to_account_id=checking,
           amount=car["estimated_total"])
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(checking, payee["payee_id"], car["estimated_total"])
    return {"instruction": "Hi, Elizabeth Sullivan. I want to prepay the SUV for our July trip. First move exactly that "
                           "amount from my Home Deposit Savings into my Household Checking, then pay Larkspur from the "
                           "checking.",
            "user_facts": email(SULLIVAN), "outputs": [paid["amount"]]}


@task("write", "car", "bank", "extra", "prepay")
def martinez_prepay_car(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(MARTINEZ), pickup_branch="Albuquerque Sunport")
    toll = b.call("add_rental_extra", reservation_id=car["reservation_id"], extra_code="TOLL_PASS")
    c = b.customer(MARTINEZ)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(acc["account_id"], payee["payee_id"], toll["estimated_total"])
    return {"instruction": "Hello, Tanya Martinez. Please add a toll pass to the Full-size I booked from the "
                           "Albuquerque airport for July, and then prepay the car from my Household Checking.",
            "user_facts": email(MARTINEZ), "outputs": [paid["amount"], paid["balance"]]}


@task("write", "hotel", "car", "bank", "book", "prepay", "same_dates")
def santana_new_trip_and_prepay(b: TravelTasks) -> dict[str, Any]:
    g = b.guest(SANTANA)
    card = b.card(g, brand="Amex")
    _, rt = b.room_type("Santa Fe", "Adobe King")
    room = b.call("book_room", guest_id=g, room_type_id=rt, check_in="2026-07-20", nights=3, adults=1, card_id=card)
    r = b.renter(SANTANA)
    b.branch()
    car = b.call("book_rental", renter_id=r, pickup_branch_id="ABQ-APT", class_code="SUV",
                 pickup_at=f"{room['check_in']} 11:00", days=room["nights"], coverage_code="PREMIUM")
    c = b.customer(SANTANA)
    acc = b.account(c, "Smart Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    b.pay(acc["account_id"], payee["payee_id"], room["room_total"])
    return {"instruction": "Hi, Peter Santana. I'm going back to Santa Fe from Monday July 20 for three nights: please "
                           "book me an Adobe King at the Plaza, just me, on my Amex, and a Standard SUV from the "
                           "Albuquerque airport for the same days, picked up at 11 am, with full protection. Then "
                           "prepay the hotel from my Smart Checking.",
            "user_facts": email(SANTANA),
            "outputs": [room["confirmation_code"], room["room_total"], car["reservation_id"], car["estimated_total"]]}


@task("write", "hotel", "car", "extend", "book", "young_driver", "dates_from_stay")
def rodriguez_extend_and_book(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(RODRIGUEZ), hotel_name="Wrenfield Plaza")
    hotel = b.call("change_stay_dates", reservation_id=stay["reservation_id"], new_check_in=stay["check_in"],
                   new_nights=3)
    r = b.renter(RODRIGUEZ)
    b.branch()
    car = b.call("book_rental", renter_id=r, pickup_branch_id="ABQ-APT", class_code="COMPACT",
                 pickup_at=f"{hotel['check_in']} 17:00", days=hotel["nights"], coverage_code="BASIC")
    return {"instruction": "Hi, Jose Rodriguez. I'd like to stay one more night after the opera weekend at your Santa "
                           "Fe hotel, so please add a night at the end. Then book me a Compact from the Albuquerque "
                           "airport for the whole stay, picked up at 5 pm on arrival day, with the cheapest coverage "
                           "I'm allowed.",
            "user_facts": email(RODRIGUEZ),
            "outputs": [hotel["new_total"], car["reservation_id"], car["estimated_total"]]}


@task("write", "hotel", "car", "bank", "book", "prepay", "dates_from_car")
def watson_book_and_prepay(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(WATSON), pickup_branch="Albuquerque Sunport")
    g = b.guest(WATSON)
    card = b.card(g, brand="Visa")
    _, rt = b.room_type("Santa Fe", "Courtyard Double")
    room = b.call("book_room", guest_id=g, room_type_id=rt, check_in=car["pickup_at"][:10], nights=int(car["days"]),
                  adults=1, children=2, card_id=card)
    c = b.customer(WATSON)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], room["room_total"])
    return {"instruction": "Hello, Carla Watson. I need a room at your Santa Fe hotel for the nights of my Albuquerque "
                           "car rental later this month: a Courtyard Double for me and my two kids, on my Visa. Then "
                           "please prepay that stay from my Household Checking.",
            "user_facts": email(WATSON), "outputs": [room["confirmation_code"], paid["amount"]]}


@task("write", "hotel", "car", "extend", "dates_from_stay")
def freeman_extend_trip(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(FREEMAN), hotel_name="Wrenfield Plaza")
    hotel = b.call("change_stay_dates", reservation_id=stay["reservation_id"], new_check_in=stay["check_in"],
                   new_nights=3)
    car = b.rental(b.renter(FREEMAN), pickup_at=stay["check_in"])
    ext = b.call("extend_rental", reservation_id=car["reservation_id"], extra_days=1)
    return {"instruction": "Hi, it's Kimberly Freeman. I'm staying in Santa Fe one night longer next week: please add "
                           "a night at the end of my hotel stay and keep the car one extra day.",
            "user_facts": email(FREEMAN),
            "outputs": [hotel["new_total"], ext["estimated_total"], ext["return_at"]]}


@task("write", "car", "bank", "cancel", "late_fee", "confirmation", "pay_bill")
def santana_cancel_car_pay_fee(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(SANTANA), status="confirmed", class_name="Compact")
    b.call("get_rental_booking", reservation_id=car["reservation_id"])
    cancelled = b.call("cancel_rental_booking", reservation_id=car["reservation_id"], reason="change_of_plans",
                       masked=["reason"])
    c = b.customer(SANTANA)
    acc = b.account(c, "Smart Checking")
    payee = b.payee(c, "Larkspur Car Rental")
    paid = b.pay(acc["account_id"], payee["payee_id"], cancelled["cancellation_fee"])
    return {"instruction": "Hi, Peter Santana. A friend is picking me up at the Albuquerque airport tomorrow after all, "
                           "so please cancel the Compact I booked there. If Larkspur charges anything for that, pay "
                           "them right away from my Smart Checking.",
            "user_facts": {**email(SANTANA), **consent("Yes, that's fine, I accept the fee. Please go ahead and "
                                                       "cancel it.")},
            "consent": gate("cancel_rental_booking"),
            "outputs": [cancelled["cancellation_fee"], paid["balance"]]}


@task("write", "hotel", "bank", "addon", "prepay")
def chan_breakfast_and_prepay(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(CHAN), check_in="2026-06-17")
    b.call("add_stay_extra", reservation_id=stay["reservation_id"], addon_code="BREAKFAST")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    c = b.customer(CHAN)
    acc = b.account(c, "Main Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], booking["total_before_tax"])
    return {"instruction": "Hi, Gerald Chan. Please add breakfast for both of us to our Santa Fe stay this month, and "
                           "then prepay the whole stay from my Main Checking.",
            "user_facts": email(CHAN), "outputs": [paid["amount"]]}


@task("write", "hotel", "bank", "change_dates", "prepay")
def martinez_shorten_and_prepay(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(MARTINEZ), hotel_name="Wrenfield Plaza")
    hotel = b.call("change_stay_dates", reservation_id=stay["reservation_id"], new_check_in=stay["check_in"],
                   new_nights=7)
    c = b.customer(MARTINEZ)
    acc = b.account(c, "Household Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], hotel["new_total"])
    return {"instruction": "Hi, Tanya Martinez. We're cutting our July stay at your Santa Fe hotel down to seven "
                           "nights, same arrival day; the car stays as it is. Once the hotel is changed, prepay the "
                           "stay from my Household Checking.",
            "user_facts": email(MARTINEZ), "outputs": [hotel["new_total"], paid["balance"]]}


@task("write", "hotel", "car", "cancel", "whole_trip")
def rivera_cancel_trip(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(RIVERA), hotel_name="Wrenfield Plaza")
    b.call("cancel_booking", reservation_id=stay["reservation_id"], reason="illness")
    car = b.rental(b.renter(RIVERA), pickup_at=stay["check_in"])
    b.call("cancel_rental_booking", masked=["reason"], reservation_id=car["reservation_id"], reason="trip_cancelled")
    return {"instruction": f"Hello, Derek Rivera ({RIVERA}). I'm ill and won't be able to travel to Santa Fe this month. "
                           "Please cancel my hotel there and the car I booked for the same trip.",
            "outputs": []}


# ==========================================================================================================
# Refusals: a member's rule blocks one part; the gold does what the rules allow
# ==========================================================================================================

@task("read", "refusal", "car", "bank", "restricted_account")
def campbell_restricted_account(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(CAMPBELL), status="returned")
    bill = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    acc = b.account(b.customer(CAMPBELL), "Main Checking")
    return {"instruction": "Hi, this is Joshua Campbell. Please pay Larkspur's bill for the Compact I returned last "
                           "week from my Main Checking. If it can't come out of that account, just leave it for now.",
            "user_facts": email(CAMPBELL), "outputs": [bill["charges_total"], acc["status"]],
            "forbidden": [{"name": "pay_saved_payee"}]}


@task("write", "refusal", "hotel", "car", "young_driver", "addon")
def rodriguez_luxury_refused(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(RODRIGUEZ), hotel_name="Wrenfield Plaza")
    extra = b.call("add_stay_extra", reservation_id=stay["reservation_id"], addon_code="BREAKFAST")
    profile = b.call("get_renter_profile", renter_id=b.renter(RODRIGUEZ))
    return {"instruction": "Hi, Jose Rodriguez. For my opera weekend at your Santa Fe hotel, please add breakfast for "
                           "the two of us. And I'd like to treat myself to a Luxury car from the Albuquerque airport "
                           "for the stay, picked up at 5 pm on arrival day, without coverage, I'll take the risk. If "
                           "that car can't be booked, don't book any other, I'll think about it.",
            "user_facts": email(RODRIGUEZ), "outputs": [extra["total_price"], profile["age"]],
            "forbidden": [{"name": "book_rental"}]}


@task("write", "refusal", "hotel", "car", "bank", "licence", "prepay")
def harrell_licence_refused(b: TravelTasks) -> dict[str, Any]:
    profile = b.call("get_renter_profile", renter_id=b.renter(HARRELL))
    stay = b.stay(b.guest(HARRELL), hotel_name="Wrenfield Plaza")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    c = b.customer(HARRELL)
    acc = b.account(c, "Smart Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], booking["total_before_tax"])
    return {"instruction": "Hi, Yvonne Harrell. Two things for my stay at your Santa Fe hotel: book me a Compact from "
                           "the Albuquerque airport for the whole stay, picked up at 9 am on arrival day, no coverage; "
                           "and prepay the hotel from my Smart Checking.",
            "user_facts": email(HARRELL), "outputs": [profile["licence_expiry"], paid["amount"]],
            "forbidden": [{"name": "book_rental"}]}


@task("read", "refusal", "hotel", "bank", "payee_limit")
def martinez_limit_refused(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(MARTINEZ), hotel_name="Wrenfield Plaza")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    c = b.customer(MARTINEZ)
    overview = b.call("get_customer_overview", customer_id=c)
    return {"instruction": "Hi, Tanya Martinez. Please prepay my whole July stay at your Santa Fe hotel from my "
                           "Household Checking today, all in one payment.",
            "user_facts": email(MARTINEZ),
            "outputs": [booking["total_before_tax"], overview["payee_limit_remaining"]],
            "forbidden": [{"name": "pay_saved_payee"}]}


@task("write", "refusal", "hotel", "car", "bank", "payee_hold", "book")
def bennett_payee_hold(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(BENNETT), hotel_name="Wrenfield Plaza")
    r = b.renter(BENNETT)
    b.branch()
    car = b.call("book_rental", masked=["coverage_code"], renter_id=r, pickup_branch_id="ABQ-APT",
                 class_code="ECONOMY", pickup_at=f"{stay['check_in']} 14:00", days=nights(stay),
                 coverage_code="NONE")
    payee = b.payee(b.customer(BENNETT), "Wrenfield Hotels")
    return {"instruction": "Hi, Jack Bennett. Two things for my Santa Fe weekend: book me an Economy car from the "
                           "Albuquerque airport for the whole stay, picked up at 2 pm on arrival day, no coverage "
                           "needed; and prepay the hotel from my Smart Checking today.",
            "user_facts": email(BENNETT), "outputs": [car["reservation_id"], payee["payable_from"]],
            "forbidden": [{"name": "pay_saved_payee"}]}


@task("read", "refusal", "hotel", "car", "cancel", "late_fee", "only_if_both")
def howard_only_if_free(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(HOWARD), hotel_name="Wrenfield Plaza", check_in="2026-06-04")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    car = b.rental(b.renter(HOWARD), pickup_at=stay["check_in"])
    rental = b.call("get_rental_booking", reservation_id=car["reservation_id"])
    return {"instruction": "Hi, it's Leslie Howard. I might skip tomorrow's Santa Fe trip. Please cancel both the hotel "
                           "and the car, but only if neither of them costs me anything; if either one would charge "
                           "me, leave both as they are.",
            "user_facts": email(HOWARD),
            "outputs": [booking["free_cancellation_until"], rental["late_cancellation_fee"]],
            "forbidden": [{"name": "cancel_booking"}, {"name": "cancel_rental_booking"}]}


@task("read", "refusal", "hotel", "bank", "insufficient_funds")
def rivera_insufficient_funds(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(RIVERA), hotel_name="Wrenfield Plaza")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    acc = b.account(b.customer(RIVERA), "Main Checking")
    return {"instruction": f"Hi, Derek Rivera here, {RIVERA}. Please prepay my Santa Fe hotel stay this month from my "
                           "Main Checking.",
            "outputs": [booking["total_before_tax"], acc["available"]],
            "forbidden": [{"name": "pay_saved_payee"}]}


@task("write", "refusal", "hotel", "car", "change_window", "extra")
def santana_change_refused(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(SANTANA), check_in="2026-06-04")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    car = b.rental(b.renter(SANTANA), pickup_at=stay["check_in"])
    extra = b.call("add_rental_extra", reservation_id=car["reservation_id"], extra_code="GPS")
    return {"instruction": "Hi, Peter Santana. About my Santa Fe trip starting tomorrow: please move the hotel arrival "
                           "to Friday instead, leaving on the same day as booked. And add a GPS to the Compact I'm "
                           "picking up at the Albuquerque airport.",
            "user_facts": email(SANTANA),
            "outputs": [booking["free_cancellation_until"], extra["total"], extra["estimated_total"]],
            "forbidden": [{"name": "change_stay_dates"}, {"name": "cancel_booking"}]}


@task("write", "refusal", "hotel", "car", "bank", "book", "prepay", "no_payee", "dates_from_stay")
def collier_no_larkspur_payee(b: TravelTasks) -> dict[str, Any]:
    stay = b.stay(b.guest(COLLIER), hotel_name="Wrenfield Plaza")
    booking = b.call("get_booking", reservation_id=stay["reservation_id"])
    r = b.renter(COLLIER)
    b.branch()
    car = b.call("book_rental", renter_id=r, pickup_branch_id="ABQ-APT", class_code="ECONOMY",
                 pickup_at=f"{stay['check_in']} 12:00", days=nights(stay), coverage_code="BASIC")
    c = b.customer(COLLIER)
    acc = b.account(c, "Smart Checking")
    payee = b.payee(c, "Wrenfield Hotels")
    paid = b.pay(acc["account_id"], payee["payee_id"], booking["total_before_tax"])
    return {"instruction": "Hi, Elizabeth Collier. For my July stay at your Santa Fe hotel, please book me an Economy "
                           "car from the Albuquerque airport for the whole stay, picked up at noon on arrival day, "
                           "with basic coverage. Then prepay both the hotel and the car from my Smart Checking.",
            "user_facts": email(COLLIER),
            "outputs": [car["reservation_id"], car["estimated_total"], paid["amount"]],
            "forbidden": [{"name": "add_saved_payee"}]}


@task("read", "refusal", "car", "bank", "overdraft", "declined")
def freeman_declines_overdraft(b: TravelTasks) -> dict[str, Any]:
    car = b.rental(b.renter(FREEMAN), pickup_branch="Albuquerque Sunport")
    acc = b.account(b.customer(FREEMAN), "Household Checking")
    return {"instruction": "Hi, Kimberly Freeman. Please prepay next week's Economy car from my Household Checking, "
                           "but only if it doesn't cost me any bank fees.",
            "user_facts": email(FREEMAN), "outputs": [car["estimated_total"], acc["balance"]],
            "forbidden": [{"name": "pay_saved_payee", "arguments": {"accept_overdraft_fee": True}}]}


def build(b: TravelTasks) -> None:
    for number, (tags, fn) in enumerate(TASKS, 1):
        b.begin()
        spec = fn(b)
        worked_out = WORKED_OUT in tags
        b.add_task(spec["instruction"], task_id=f"travel-{number:03d}", tags=tags,
                   outputs=[f"{o:.2f}" if isinstance(o, float) else str(o) for o in spec["outputs"]],
                   user_facts=spec.get("user_facts", {}), forbidden_calls=spec.get("forbidden", []),
                   consent=spec.get("consent", []), check_outputs=not worked_out)


if __name__ == "__main__":
    builder = TravelTasks(ROOT, prefix="travel")
    raise SystemExit(builder.main(lambda: build(builder), description=__doc__.splitlines()[0]))
