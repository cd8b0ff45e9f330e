"""Write the moving composite's ``tasks.jsonl``: house moves that cross the three companies.

Every task's gold calls go through at least two members (Harborline Residential, Silverlarch Power & Water, Larkspur
Parcel), and a fact one company's tools give is used with another's: the lease's move-out date is the day Silverlarch
service starts at the new home, the lease's start date the day service stops at the old one and the day a driver
collects the boxes; the new home's address (Silverlarch's service address, or the Harborline building and unit) is
where the boxes go; a start date at Silverlarch is the move-out date of a notice to vacate. The gold calls are played
on the composed seed with :class:`TaskBuilder` (ids, amounts and dates come from the tools), in the order a careful
agent following ``policy.md`` makes them. Refusal tasks stop before the write a member's rule forbids; their outputs
are what the customer must be told.

Run after ``envfactory compose`` (``authoring/build.py`` runs the whole chain):
``python generated_envs/moving/authoring/make_tasks.py [--out FILE]``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

ROOT = Path(__file__).resolve().parents[1]
EMAIL = ["email", "e-mail"]
CONFIRM = ["confirm", "proceed", "go ahead", "agree", "accept", "okay with", "ok with", "still want"]
#: Tags whose outputs are worked out or come from a refusal's message rather than from one gold result.
WORKED_OUT = "worked_out"

#: Harborline's buildings as the policy lists them: street address and ZIP code (all Tacoma, WA).
BUILDINGS = {"Alder Court": ("1420 N Alder St", "98406"), "Bayview Lofts": ("310 Dock St", "98402"),
             "Cedar Row Flats": ("2218 S Cedar St", "98405"), "Driftwood Commons": ("4707 N Pearl St", "98407")}

# moving out of Harborline
MCLEAN = "ryan.mclean@example.com"
MORENO = "trevor.moreno@example.org"
SMILLER = "scott.miller@example.com"
ARCHER = "adam.archer@example.net"
LUNA = "george.luna@example.net"
KING = "valerie.king@example.net"
WASHINGTON = "jamie.washington@mail.example.com"
KELLER = "penny.keller@example.net"
STEPHENS = "ashley.stephens@example.net"
REYNOLDS = "dana.reynolds@example.net"
MCMAHON = "valerie.mcmahon@mail.example.com"
# moving into Harborline
CHANG = "mchang@example.net"
LMILLER = "laura_miller@example.org"
GREEN = "craig_green@example.com"
KEY = "jkey@example.com"
ROSE = "erose@example.com"

#: Moving boxes: weight (lb), length, width, height (in).
BOOKS, KITCHEN, LINENS = (38.0, 18, 14, 12), (24.5, 20, 16, 14), (12.0, 24, 18, 18)


def email(value: str) -> dict[str, Any]:
    return {"email": {"value": value, "keywords": EMAIL}}


def consent(text: str) -> dict[str, Any]:
    return {"confirmation": {"value": text, "keywords": CONFIRM}}


#: A notice that accepts Harborline's fees is made only once the resident agreed to them (the task's consent gate).
FEES_NEED_CONSENT = [{"fact": "confirmation",
                      "calls": [{"name": "give_notice_to_vacate", "arguments": {"accept_fees": True}}]}]


def split_address(address: str) -> dict[str, str]:
    """Silverlarch's service address ("813 Sage Hills Dr, Yakima, WA 98901") as a Larkspur recipient."""
    *street, city, state_zip = [p.strip() for p in address.split(",")]
    state, zip_code = state_zip.split()
    return {"recipient_line1": ", ".join(street), "recipient_city": city, "recipient_state": state,
            "recipient_zip": zip_code}


def apartment(household: dict[str, Any]) -> dict[str, str]:
    """A Harborline apartment (from ``find_resident_by_email``) as a Larkspur recipient, as the policy writes it."""
    street, zip_code = BUILDINGS[household["building_name"]]
    return {"recipient_line1": f"{street}, Apt {household['unit_number']}", "recipient_city": "Tacoma",
            "recipient_state": "WA", "recipient_zip": zip_code}


def _pick(rows: list[dict[str, Any]], what: str, **match: Any) -> dict[str, Any]:
    """The one row whose fields start with the given values."""
    found = [r for r in rows if all(str(r[k]).startswith(str(v)) for k, v in match.items())]
    if len(found) != 1:
        raise AssertionError(f"{what}: {len(found)} rows match {match}")
    return found[0]


class MovingTasks(TaskBuilder):
    """:class:`TaskBuilder` with the lookups every move task makes, each one gold call."""

    # -- Harborline Residential --------------------------------------------------------------------------------

    def household(self, mail: str) -> dict[str, Any]:
        return self.call("find_resident_by_email", email=mail)

    def lease(self, mail: str) -> dict[str, Any]:
        return self.call("get_lease_details", lease_id=self.household(mail)["lease_id"])

    # -- Silverlarch Power & Water -----------------------------------------------------------------------------

    def customer(self, mail: str) -> str:
        return self.call("lookup_customer_by_email", email=mail)["customer_id"]

    def overview(self, mail: str) -> dict[str, Any]:
        return self.call("get_customer_overview", customer_id=self.customer(mail))

    def premise(self, zip_code: str, street: str) -> str:
        return _pick(self.call("search_service_addresses", service_zip=zip_code, street=street), "address",
                     address=street)["premise_id"]

    def start(self, customer_id: str, premise_id: str, day: str, services: tuple[str, ...] = ("electric", "water")
              ) -> list[dict[str, Any]]:
        return [self.call("start_service", customer_id=customer_id, premise_id=premise_id, service_type=s,
                          start_date=day) for s in services]

    def stop_all(self, overview: dict[str, Any], day: str) -> list[dict[str, Any]]:
        return [self.call("stop_service", account_id=a["account_id"], stop_date=day) for a in overview["accounts"]
                if a["status"] == "active"]

    # -- Larkspur Parcel ---------------------------------------------------------------------------------------

    def shipper(self, mail: str) -> str:
        return self.call("find_shipper_by_email", email=mail)["shipper_id"]

    def ship(self, shipper_id: str, name: str, to: dict[str, str], box: tuple[float, int, int, int],
             level: str = "ground") -> dict[str, Any]:
        weight, length, width, height = box
        return self.call("create_shipment", shipper_id=shipper_id, service_level=level, recipient_name=name, **to,
                         weight_lb=weight, length_in=length, width_in=width, height_in=height)

    def quote(self, shipper_id: str, zip_code: str, box: tuple[float, int, int, int], level: str = "ground"
              ) -> dict[str, Any]:
        weight, length, width, height = box
        return self.call("quote_shipping_rate", shipper_id=shipper_id, service_level=level, recipient_zip=zip_code,
                         weight_lb=weight, length_in=length, width_in=width, height_in=height)


#: The tasks: (tags, function writing the gold calls and returning the task's keyword arguments).
TASKS: list[tuple[list[str], Callable[[MovingTasks], dict[str, Any]]]] = []


def task(*tags: str) -> Callable[[Callable[[MovingTasks], dict[str, Any]]], Callable[[MovingTasks], dict[str, Any]]]:
    def register(fn: Callable[[MovingTasks], dict[str, Any]]) -> Callable[[MovingTasks], dict[str, Any]]:
        TASKS.append((list(tags), fn))
        return fn

    return register


# ==========================================================================================================
# Read-only: a fact of one company used to ask another
# ==========================================================================================================

@task("read", "util", "ship", "quote", "address_from_util")
def moreno_quote_tools(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(MORENO)["accounts"], "account", service_type="electric")
    q = b.quote(b.shipper(MORENO), split_address(home["address"])["recipient_zip"], (30.0, 20, 16, 14))
    return {"instruction": "Hi, Trevor Moreno here. I have one more box to send to the house in Yakima where "
                           "Silverlarch is turning on my power: 30 lb, 20 by 16 by 14 inches. What would it cost by "
                           "ground, and when would it arrive if it went out today? Just a quote for now.",
            "user_facts": email(MORENO),
            "outputs": [split_address(home["address"])["recipient_line1"], q["charge"], q["expected_delivery"]]}


@task("read", "prop", "ship", "pickup_capacity", "date_from_lease")
def key_pickup_room(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(KEY)
    account = b.call("get_shipper_account", shipper_id=b.shipper(KEY))
    cap = b.call("check_pickup_capacity", depot_id=account["depot_id"], pickup_date=lease["start_date"])
    return {"instruction": "Hello, this is Jacob Key. I'd like a Larkspur driver to collect my last boxes at my place "
                           "in Ellensburg on the day my Harborline lease starts. Is there still room for a pickup "
                           "that day? Don't book anything yet.",
            "user_facts": email(KEY), "outputs": [lease["start_date"], cap["remaining"]]}


@task("read", "prop", "ship", "quote", "address_from_lease")
def chang_express_quote(b: MovingTasks) -> dict[str, Any]:
    home = b.household(CHANG)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    q = b.quote(b.shipper(CHANG), apartment(home)["recipient_zip"], (40.0, 24, 18, 16), level="express")
    return {"instruction": "Hello, Megan Chang. If I sent a 40-lb box, 24 by 18 by 16 inches, by express today to my "
                           "new Harborline apartment, what would it cost and when would it arrive? Would it get there "
                           "before my lease starts?",
            "user_facts": email(CHANG), "outputs": [q["charge"], q["expected_delivery"], lease["start_date"]]}


@task("read", "prop", "ship", "quote", "address_from_lease")
def lmiller_ground_or_express(b: MovingTasks) -> dict[str, Any]:
    home = b.household(LMILLER)
    sid = b.shipper(LMILLER)
    box = (35.0, 24, 18, 18)
    ground = b.quote(sid, apartment(home)["recipient_zip"], box)
    express = b.quote(sid, apartment(home)["recipient_zip"], box, level="express")
    return {"instruction": "Hi, Laura Miller. One of my moving boxes is 35 lb and 24 by 18 by 18 inches. What would it "
                           "cost to send it to my new apartment at Harborline by ground, and what by express?",
            "user_facts": email(LMILLER), "outputs": [ground["charge"], express["charge"]]}


@task("read", "util", "ship", "quote", "address_from_util")
def washington_two_quotes(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(WASHINGTON)["accounts"], "account", service_type="electric")
    sid = b.shipper(WASHINGTON)
    to = split_address(home["address"])["recipient_zip"]
    books = b.quote(sid, to, BOOKS)
    lamp = b.quote(sid, to, LINENS)
    return {"instruction": "Hi, Jamie Washington. I'm pricing out the move to the house in East Wenatchee where "
                           "Silverlarch is setting up my service. By ground, what would a 38-lb box, 18 by 14 "
                           "by 12 inches, cost to send there, and a 12-lb box, 24 by 18 by 18? And on what day does my "
                           "power there start?",
            "user_facts": email(WASHINGTON), "outputs": [books["charge"], lamp["charge"], home["start_date"]]}


@task("read", "util", "ship", "quote", "address_from_util")
def stephens_overnight_quote(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(STEPHENS)["accounts"], "account", service_type="electric")
    q = b.quote(b.shipper(STEPHENS), split_address(home["address"])["recipient_zip"], (18.0, 16, 12, 10),
                level="overnight")
    return {"instruction": "Hi, Ashley Stephens. Some papers and the spare keys need to get to the Cle Elum house "
                           "where Silverlarch is setting up my power, fast. What would an overnight box cost, 18 lb, "
                           "16 by 12 by 10 inches, and when would it get there?",
            "user_facts": email(STEPHENS),
            "outputs": [split_address(home["address"])["recipient_line1"], q["charge"], q["expected_delivery"]]}


@task("read", "prop", "ship", "quote", "credit_hold", "address_from_lease")
def green_owed_and_quote(b: MovingTasks) -> dict[str, Any]:
    sid = b.shipper(GREEN)
    account = b.call("get_shipper_account", shipper_id=sid)
    home = b.household(GREEN)
    q = b.quote(sid, apartment(home)["recipient_zip"], (30.0, 20, 16, 14))
    return {"instruction": "Hi, Craig Green. Two questions about my Larkspur Parcel account: how much do I owe you "
                           "right now, and what would a 30-lb box, 20 by 16 by 14 inches, cost by ground to my new "
                           "Harborline apartment?",
            "user_facts": email(GREEN), "outputs": [account["open_invoice_balance"], q["charge"]]}


@task("read", "util", "prop", "amenity", "date_from_util")
def washington_suite_check(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(WASHINGTON)["accounts"], "account", service_type="electric")
    household = b.household(WASHINGTON)
    suite = _pick(b.call("list_building_amenities", building_id=household["building_id"]), "suite",
                  kind="guest_suite")
    night = b.call("check_amenity_availability", amenity_id=suite["amenity_id"], start_date="2026-05-28", nights=1)
    assert home["start_date"] == "2026-05-29" and night["available"]
    return {"instruction": "Hi, Jamie Washington. My parents want to stay over in my building to help me pack, the night "
                           "before my power starts at the new house. Is the guest suite free that night, and what "
                           "would it cost? Just checking for now.",
            "user_facts": email(WASHINGTON), "outputs": [home["start_date"], night["arrival_date"], night["fee"]]}


@task("read", "prop", "util", "ship", "quote", "address_from_lease")
def rose_quote_and_stop(b: MovingTasks) -> dict[str, Any]:
    home = b.household(ROSE)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    q = b.quote(b.shipper(ROSE), apartment(home)["recipient_zip"], (25.0, 18, 18, 16))
    order = _pick(b.overview(ROSE)["scheduled_orders"], "order", order_type="stop")
    return {"instruction": "Hi, Eric Rose. Two things before my move: what would a 25-lb box, 18 by 18 by 16 inches, "
                           "cost by ground to my new Harborline apartment? And my electricity in Selah is already set "
                           "to be switched off: on what day, and is that the day my lease starts?",
            "user_facts": email(ROSE), "outputs": [q["charge"], order["scheduled_date"], lease["start_date"]]}


@task("read", "refusal", "prop", "util", "overdue_blocks_start")
def mcmahon_will_not_pay(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(MCMAHON)
    old = _pick(b.overview(MCMAHON)["accounts"], "account", status="closed")
    return {"instruction": "Hi, Valerie Mcmahon. Please have Silverlarch start electricity and water at my new place, "
                           "207 Meadow Ln in Yakima, from the day I move out of my apartment. I don't want to pay "
                           "Silverlarch anything today, though.",
            "user_facts": email(MCMAHON), "outputs": [lease["move_out_date"], old["overdue_balance"]],
            "forbidden": [{"name": "record_bill_payment"}, {"name": "util_waive_late_fee"}]}


@task("read", "refusal", "util", "prop", "past_due_blocks_amenity")
def smiller_suite_refused(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(SMILLER)["accounts"], "account", service_type="electric")
    ledger = b.call("get_rent_ledger", lease_id=b.household(SMILLER)["lease_id"])
    return {"instruction": "Hi, Scott Miller. My brother is driving over to help me move; please book my building's "
                           "guest suite for him for the night before my power comes on at the new place in Wenatchee.",
            "user_facts": email(SMILLER), "outputs": [home["start_date"], ledger["past_due"]],
            "forbidden": [{"name": "reserve_guest_suite"}, {"name": "record_rent_payment"}]}


# ==========================================================================================================
# Writes in two or three companies
# ==========================================================================================================

@task("write", "prop", "util", "start_service", "date_from_lease")
def mclean_start_power(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(MCLEAN)
    cid = b.customer(MCLEAN)
    new = b.start(cid, b.premise("98926", "1023 Sage Hills Dr"), lease["move_out_date"])
    return {"instruction": "Hi, this is Ryan Mclean. I'm leaving my Harborline apartment for a house at 1023 Sage "
                           "Hills Dr in Ellensburg, WA 98926. Please have Silverlarch start electricity and water "
                           "there on the day I move out.",
            "user_facts": email(MCLEAN), "outputs": [new[0]["account_id"], new[1]["account_id"],
                                                     lease["move_out_date"]]}


@task("write", "prop", "util", "ship", "start_service", "shipment", "pickup", "date_from_lease", "address_from_util")
def mclean_whole_move(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(MCLEAN)
    cid = b.customer(MCLEAN)
    premise = b.premise("98926", "1023 Sage Hills Dr")
    new = b.start(cid, premise, lease["move_out_date"])
    to = split_address(new[0]["address"])
    sid = b.shipper(MCLEAN)
    one = b.ship(sid, "Ryan Mclean", to, BOOKS)
    two = b.ship(sid, "Ryan Mclean", to, KITCHEN)
    pickup = b.call("schedule_pickup", shipper_id=sid, pickup_date="2026-04-17", time_window="morning",
                    parcel_count=2)
    return {"instruction": "Hi, Ryan Mclean. Let's get my move sorted. My new house is 1023 Sage Hills Dr, "
                           "Ellensburg, WA 98926: please start electricity and water there on the day I move out of my "
                           "apartment, and send my two boxes there: 38 lb, 18 by 14 by 12 inches, and 24.5 lb, 20 by "
                           "16 by 14. A driver can collect them from my apartment on Friday April 17, in the morning.",
            "user_facts": email(MCLEAN),
            "outputs": [new[0]["account_id"], one["shipment_id"], two["shipment_id"], pickup["pickup_id"]]}


@task("write", "util", "ship", "shipment", "pickup", "address_from_util")
def moreno_more_boxes(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(MORENO)["accounts"], "account", service_type="electric")
    to = split_address(home["address"])
    sid = b.shipper(MORENO)
    one = b.ship(sid, "Trevor Moreno", to, LINENS)
    two = b.ship(sid, "Trevor Moreno", to, (30.0, 20, 16, 14))
    pickup = b.call("schedule_pickup", shipper_id=sid, pickup_date="2026-04-10", time_window="morning",
                    parcel_count=2)
    return {"instruction": "Hi, Trevor Moreno. Please send two more boxes to the Yakima house where Silverlarch is "
                           "setting up my power: a 12-lb one, 24 by 18 by 18 inches, and a 30-lb one, 20 by 16 by 14. "
                           "And book a driver to collect those two from my apartment this Friday morning.",
            "user_facts": email(MORENO),
            "outputs": [to["recipient_line1"], one["shipment_id"], two["shipment_id"], pickup["pickup_date"]]}


@task("write", "util", "ship", "address_correction", "address_from_util")
def moreno_fix_street(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(MORENO)["accounts"], "account", service_type="electric")
    to = split_address(home["address"])
    sid = b.shipper(MORENO)
    sent = b.call("list_shipments", shipper_id=sid)["shipments"]
    fixed = [b.call("correct_delivery_address", shipment_id=s["shipment_id"],
                    **to)
             for s in sent if s["recipient_city"] == "Yakima"]
    return {"instruction": "Hi, Trevor Moreno. I sent two boxes to my new house in Yakima yesterday and I think I typed "
                           "the house number wrong. Please fix both so they go to the address Silverlarch has for my "
                           "new house.",
            "user_facts": email(MORENO), "outputs": [fixed[0]["new_address"], fixed[0]["fee"]]}


@task("write", "util", "ship", "hold_at_depot", "date_from_util")
def smiller_hold_boxes(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(SMILLER)["accounts"], "account", service_type="electric")
    sid = b.shipper(SMILLER)
    sent = [s for s in b.call("list_shipments", shipper_id=sid)["shipments"] if s["recipient_city"] == "Wenatchee"]
    assert all(s["expected_delivery"] < home["start_date"] for s in sent)
    depot = b.call("get_shipment_details", shipment_id=sent[0]["shipment_id"])["dest_depot_id"]
    held = [b.call("hold_at_depot", shipment_id=s["shipment_id"], depot_id=depot) for s in sent]
    lease_id = b.household(SMILLER)["lease_id"]
    due = b.call("get_rent_ledger", lease_id=lease_id)["amount_due"]
    paid = b.call("record_rent_payment", lease_id=lease_id, amount=due, method="debit_card")
    return {"instruction": "Hi, Scott Miller. My two boxes to the new house in Wenatchee: nobody is there and the power "
                           "isn't on until I move in. If they'd get there before my Silverlarch service starts, please "
                           "have Larkspur hold them at their depot that delivers there, so I can collect them later. "
                           "And please pay off everything I owe Harborline with my debit card.",
            "user_facts": email(SMILLER),
            "outputs": [held[0]["depot_address"].split(",")[0], home["start_date"], paid["amount_paid"]]}


@task("write", "prop", "util", "ship", "start_service", "shipment", "pickup", "parking", "date_from_lease")
def archer_whole_move(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(ARCHER)
    cid = b.customer(ARCHER)
    new = b.start(cid, b.premise("98942", "2619 Hillcrest Dr"), lease["move_out_date"])
    sid = b.shipper(ARCHER)
    box = b.ship(sid, "Adam Archer", split_address(new[0]["address"]), (45.0, 18, 14, 12))
    pickup = b.call("schedule_pickup", shipper_id=sid, pickup_date="2026-04-09", time_window="afternoon",
                    parcel_count=1)
    permit = _pick(lease["parking_permits"], "permit", status="active")
    b.call("cancel_parking_permit", permit_id=permit["permit_id"])
    return {"instruction": "Hi, Adam Archer. We're moving to a house at 2619 Hillcrest Dr, Selah, WA 98942. Please start "
                           "electricity and water there on the day we move out of our apartment, send my 45-lb box there (18 by 14 by 12 inches) and have a driver collect it tomorrow afternoon. And "
                           "I've sold the car, so cancel my garage permit.",
            "user_facts": email(ARCHER),
            "outputs": [new[0]["account_id"], new[1]["account_id"], box["shipment_id"], pickup["pickup_id"]]}


@task("write", "prop", "util", "start_service", "weekend", "date_from_lease")
def luna_first_workday(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(LUNA)
    cid = b.customer(LUNA)
    assert lease["move_out_date"] == "2026-05-31"  # a Sunday: Silverlarch's first business day after it is Monday
    new = b.start(cid, b.premise("98926", "2168 Hillcrest Dr"), "2026-06-01")
    return {"instruction": "Hi, George Luna. Please start power and water at my new house, 2168 Hillcrest Dr in "
                           "Ellensburg (98926), on the day I move out of my Harborline apartment. If Silverlarch can't "
                           "do that day, then the first day after it that they can.",
            "user_facts": email(LUNA),
            "outputs": [lease["move_out_date"], new[0]["start_date"], new[0]["account_id"], new[1]["account_id"]]}


@task("write", "refusal", "prop", "util", "ship", "start_service", "water_not_offered", "outside_area",
      "date_from_lease")
def king_electric_only(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(KING)
    assert lease["move_out_date"] == "2026-05-31"
    cid = b.customer(KING)
    new = b.start(cid, b.premise("98826", "1405 Birch Ave"), "2026-06-01", services=("electric",))
    due = b.call("get_rent_ledger", lease_id=lease["lease_id"])["amount_due"]
    paid = b.call("record_rent_payment", lease_id=lease["lease_id"], amount=due, method="check")
    return {"instruction": "Hi, Valerie King. My new place is 1405 Birch Ave, Leavenworth, WA 98826. Please start "
                           "electricity and water there on the Monday after I move out of my apartment, and send a "
                           "box there by Larkspur Parcel: 30 lb, 18 by 14 by 12 inches. Also, I'm paying what "
                           "I owe Harborline by check: all of it.",
            "user_facts": email(KING),
            "outputs": [lease["move_out_date"], new[0]["account_id"], new[0]["start_date"], paid["amount_paid"]],
            "forbidden": [{"name": "start_service", "arguments": {"service_type": "water"}},
                          {"name": "create_shipment"}]}


@task("write", "util", "prop", "notice", "fees", "confirmation", "date_from_util")
def washington_notice(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(WASHINGTON)["accounts"], "account", service_type="electric")
    notice = b.call("give_notice_to_vacate", lease_id=b.household(WASHINGTON)["lease_id"],
                    move_out_date=home["start_date"], reason="buying_home", accept_fees=True)
    fees = {f["kind"]: f["amount"] for f in notice["fees"]}
    return {"instruction": "Hi, Jamie Washington. We've bought a house in East Wenatchee, and Silverlarch is already "
                           "set to start our power there. Please give Harborline our notice: we'll be out of the "
                           "apartment on the day the power starts at the new house.",
            "user_facts": {**email(WASHINGTON), **consent("Yes, I understand the fees and I accept them. Please go "
                                                          "ahead and record the notice.")},
            "outputs": [notice["move_out_date"], fees["short_notice_fee"], fees["early_termination_fee"]]}


@task("write", "util", "prop", "ship", "shipment", "parking", "address_from_util")
def washington_boxes_and_permit(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(WASHINGTON)["accounts"], "account", service_type="electric")
    to = split_address(home["address"])
    sid = b.shipper(WASHINGTON)
    one = b.ship(sid, "Jamie Washington", to, BOOKS)
    two = b.ship(sid, "Jamie Washington", to, LINENS)
    lease = b.lease(WASHINGTON)
    permit = _pick(lease["parking_permits"], "permit", status="active")
    b.call("cancel_parking_permit", permit_id=permit["permit_id"])
    return {"instruction": "Hi, Jamie Washington. Please send two boxes to the new house in East Wenatchee where "
                           "Silverlarch is setting up our service: 38 lb, 18 by 14 by 12 inches, and 12 lb, 24 by 18 "
                           "by 18. Also, my car already went over there, so please cancel my garage permit at Alder "
                           "Court.",
            "user_facts": email(WASHINGTON), "outputs": [to["recipient_line1"], one["shipment_id"], two["shipment_id"]]}


@task("write", "prop", "util", "ship", "notice", "fees", "confirmation", "tariff", "shipment", "date_from_util",
      "address_from_util")
def washington_all_three(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(WASHINGTON)["accounts"], "account", service_type="electric")
    notice = b.call("give_notice_to_vacate", lease_id=b.household(WASHINGTON)["lease_id"],
                    move_out_date=home["start_date"], reason="buying_home", accept_fees=True)
    green = _pick(b.call("list_tariffs", service_type="electric"), "tariff", name="Residential Green")
    b.call("change_tariff", account_id=home["account_id"], new_tariff_id=green["tariff_id"])
    sent = b.ship(b.shipper(WASHINGTON), "Jamie Washington", split_address(home["address"]), BOOKS)
    return {"instruction": "Hi, Jamie Washington. Three things for our move to the house we bought in East Wenatchee: "
                           "give Harborline our notice for the day our power starts at the new house; put that new "
                           "electricity account on Silverlarch's fully renewable plan; and send a 38-lb box, "
                           "18 by 14 by 12 inches, to the new house.",
            "user_facts": {**email(WASHINGTON), **consent("Yes, I accept the Harborline fees. Please go ahead.")},
            "outputs": [notice["move_out_date"], green["name"], sent["shipment_id"]]}


@task("write", "prop", "util", "notice", "fees", "confirmation", "transfer", "start_service", "date_from_lease")
def reynolds_cabin_to_house(b: MovingTasks) -> dict[str, Any]:
    home = b.household(REYNOLDS)
    notice = b.call("give_notice_to_vacate", lease_id=home["lease_id"], move_out_date="2026-05-29",
                    reason="buying_home", accept_fees=True)
    cid = b.customer(REYNOLDS)
    cabin = _pick(b.call("get_customer_overview", customer_id=cid)["accounts"], "account", service_type="electric")
    premise = b.premise("98926", "1894 S 6th Ave")
    moved = b.call("transfer_service", account_id=cabin["account_id"], new_premise_id=premise,
                   move_date=notice["move_out_date"])
    water = b.start(cid, premise, notice["move_out_date"], services=("water",))
    return {"instruction": "Hi, Dana Reynolds. We bought a house at 1894 S 6th Ave in Ellensburg (98926), and I'm "
                           "leaving my Harborline apartment on Friday May 29. Please give Harborline my notice for "
                           "that day, move the electricity from my cabin in Roslyn to the new house on the day I move "
                           "out (we're selling the cabin), and start water at the new house that same day.",
            "user_facts": {**email(REYNOLDS), **consent("Yes, I accept the early-termination fee. Please go ahead "
                                                        "with the notice.")},
            "outputs": [notice["fees"][0]["amount"], moved["new_account_id"], water[0]["account_id"]]}


@task("write", "prop", "util", "pay_bill", "start_service", "date_from_lease")
def mcmahon_pay_then_start(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(MCMAHON)
    cid = b.customer(MCMAHON)
    old = _pick(b.call("get_customer_overview", customer_id=cid)["accounts"], "account", status="closed")
    paid = b.call("record_bill_payment", account_id=old["account_id"], amount=old["overdue_balance"], method="card")
    new = b.start(cid, b.premise("98901", "207 Meadow Ln"), lease["move_out_date"])
    return {"instruction": "Hi, Valerie Mcmahon. Please set up electricity and water at my new place, 207 Meadow Ln, "
                           "Yakima, WA 98901, from the day I move out of my apartment. If I still owe Silverlarch "
                           "anything from before, pay it off with my card first.",
            "user_facts": email(MCMAHON), "outputs": [paid["amount"], new[0]["account_id"], new[1]["account_id"]]}


@task("write", "prop", "util", "ship", "stop_service", "shipment", "pickup", "date_from_lease", "address_from_lease")
def chang_whole_move(b: MovingTasks) -> dict[str, Any]:
    home = b.household(CHANG)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    stops = b.stop_all(b.overview(CHANG), lease["start_date"])
    sid = b.shipper(CHANG)
    one = b.ship(sid, "Megan Chang", apartment(home), BOOKS)
    two = b.ship(sid, "Megan Chang", apartment(home), KITCHEN)
    pickup = b.call("schedule_pickup", shipper_id=sid, pickup_date=lease["start_date"], time_window="morning",
                    parcel_count=2)
    return {"instruction": "Hi, Megan Chang. I'm moving from Yakima into my new Harborline apartment. Please have "
                           "Silverlarch stop my electricity and water at home on my moving day, send two boxes to the "
                           "new apartment (38 lb, 18 by 14 by 12 inches, and 24.5 lb, 20 by 16 by 14), and book a "
                           "driver to collect them from my house that morning.",
            "user_facts": email(CHANG),
            "outputs": [stops[0]["stop_date"], one["shipment_id"], two["shipment_id"], pickup["pickup_id"]]}


@task("write", "prop", "util", "pay_bill", "stop_service", "date_from_lease")
def chang_pay_and_stop(b: MovingTasks) -> dict[str, Any]:
    cid = b.customer(CHANG)
    accounts = b.call("get_customer_overview", customer_id=cid)["accounts"]
    paid = [b.call("record_bill_payment", account_id=a["account_id"], amount=a["balance"], method="card")
            for a in accounts if a["balance"] > 0]
    lease = b.lease(CHANG)
    for a in accounts:
        b.call("stop_service", account_id=a["account_id"], stop_date=lease["start_date"])
    return {"instruction": "Hi, Megan Chang. Before I leave Yakima: please pay off what I owe Silverlarch on both my "
                           "accounts with my card, then have them stop the electricity and the water on the day my new "
                           "Harborline lease starts.",
            "user_facts": email(CHANG), "outputs": [paid[0]["amount"], paid[1]["amount"], lease["start_date"]]}


@task("write", "prop", "util", "ship", "stop_service", "shipment", "party_room", "date_from_lease",
      "address_from_lease")
def chang_all_three(b: MovingTasks) -> dict[str, Any]:
    home = b.household(CHANG)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    b.stop_all(b.overview(CHANG), lease["start_date"])
    sent = b.ship(b.shipper(CHANG), "Megan Chang", apartment(home), LINENS)
    room = _pick(b.call("list_building_amenities", building_id=home["building_id"]), "room", kind="party_room")
    party = b.call("reserve_party_room", lease_id=home["lease_id"], amenity_id=room["amenity_id"],
                   event_date="2026-04-25", time_block="evening", guests=20)
    return {"instruction": "Hi, Megan Chang. For my move into Harborline: have Silverlarch stop both my services in "
                           "Yakima on my moving day, send a 12-lb box (24 by 18 by 18 inches) to my new apartment, and "
                           "book my new building's party room for a housewarming on Saturday April 25, in the "
                           "evening, for 20 guests.",
            "user_facts": email(CHANG), "outputs": [sent["shipment_id"], party["booking_id"], party["fee"]]}


@task("write", "refusal", "prop", "util", "stop_service", "pickup_too_far", "date_from_lease")
def lmiller_stop_pickup_refused(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(LMILLER)
    stops = b.stop_all(b.overview(LMILLER), lease["start_date"])
    suite = _pick(b.call("list_building_amenities", building_id=lease["building_id"]), "suite", kind="guest_suite")
    stay = b.call("reserve_guest_suite", lease_id=lease["lease_id"], amenity_id=suite["amenity_id"],
                  arrival_date=lease["start_date"], nights=1, guests=1)
    return {"instruction": "Hi, Laura Miller. On the day my Harborline lease starts, please have Silverlarch stop my "
                           "electricity and water at my Ellensburg house, and book a Larkspur driver to collect three "
                           "boxes from the house that morning. If the driver can't be booked for that day, leave the "
                           "pickup; I'll call again. My sister is helping me that day, so please also book my new "
                           "building's guest suite for her for that one night.",
            "user_facts": email(LMILLER),
            "outputs": [stops[0]["stop_date"], stay["booking_id"], stay["fee"]],
            "forbidden": [{"name": "schedule_pickup"}]}


@task("write", "prop", "ship", "shipment", "pickup", "express", "address_from_lease")
def lmiller_express_boxes(b: MovingTasks) -> dict[str, Any]:
    home = b.household(LMILLER)
    sid = b.shipper(LMILLER)
    one = b.ship(sid, "Laura Miller", apartment(home), BOOKS, level="express")
    two = b.ship(sid, "Laura Miller", apartment(home), LINENS, level="express")
    pickup = b.call("schedule_pickup", shipper_id=sid, pickup_date="2026-04-09", time_window="afternoon",
                    parcel_count=2)
    return {"instruction": "Hi, Laura Miller. Please send two boxes by express to my new Harborline apartment: 38 lb, 18 "
                           "by 14 by 12 inches, and 12 lb, 24 by 18 by 18. And have a driver pick them up at my house "
                           "tomorrow afternoon.",
            "user_facts": email(LMILLER),
            "outputs": [one["shipment_id"], two["shipment_id"], pickup["pickup_id"]]}


@task("write", "refusal", "prop", "util", "ship", "stop_service", "credit_hold", "date_from_lease")
def green_stop_ship_refused(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(GREEN)
    stops = b.stop_all(b.overview(GREEN), lease["start_date"])
    account = b.call("get_shipper_account", shipper_id=b.shipper(GREEN))
    return {"instruction": "Hi, Craig Green. I move into my Harborline apartment soon. Please have Silverlarch stop my "
                           "electricity and water in Selah on my moving day, and send two boxes by Larkspur to the new "
                           "apartment: 24.5 lb, 20 by 16 by 14 inches, and 12 lb, 24 by 18 by 18.",
            "user_facts": email(GREEN),
            "outputs": [stops[0]["stop_date"], account["status"], account["open_invoice_balance"]],
            "forbidden": [{"name": "create_shipment"}, {"name": "schedule_pickup"}]}


@task("write", "prop", "util", "guest_suite", "stop_service", "date_from_lease")
def green_suite_and_stop(b: MovingTasks) -> dict[str, Any]:
    home = b.household(GREEN)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    suite = _pick(b.call("list_building_amenities", building_id=home["building_id"]), "suite", kind="guest_suite")
    stay = b.call("reserve_guest_suite", lease_id=home["lease_id"], amenity_id=suite["amenity_id"],
                  arrival_date=lease["start_date"], nights=2, guests=2)
    b.stop_all(b.overview(GREEN), lease["start_date"])
    return {"instruction": "Hi, Craig Green. My parents are coming to help me move into my Harborline apartment: please "
                           "book my new building's guest suite for the two of them for two nights from my moving day. "
                           "And have Silverlarch stop my electricity and water in Selah that day.",
            "user_facts": email(GREEN), "outputs": [stay["booking_id"], stay["fee"], lease["start_date"]]}


@task("write", "prop", "ship", "hold_at_depot", "date_from_lease")
def key_hold_boxes(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(KEY)
    sid = b.shipper(KEY)
    sent = [s for s in b.call("list_shipments", shipper_id=sid)["shipments"] if s["recipient_city"] == "Tacoma"]
    assert all(s["expected_delivery"] < lease["start_date"] for s in sent)
    depot = b.call("get_shipment_details", shipment_id=sent[0]["shipment_id"])["dest_depot_id"]
    held = [b.call("hold_at_depot", shipment_id=s["shipment_id"], depot_id=depot) for s in sent]
    room = _pick(b.call("list_building_amenities", building_id=lease["building_id"]), "room", kind="party_room")
    party = b.call("reserve_party_room", lease_id=lease["lease_id"], amenity_id=room["amenity_id"],
                   event_date=lease["start_date"], time_block="evening", guests=10)
    return {"instruction": "Hi, Jacob Key. I sent three boxes to my new Harborline apartment on Monday. If they'd arrive "
                           "before my lease starts, please have Larkspur hold them at the depot that delivers them, so "
                           "I can pick them up after I move in. And book my new building's community room for the "
                           "evening of my moving day: ten friends are helping me carry things in.",
            "user_facts": email(KEY), "outputs": [held[0]["depot_address"], lease["start_date"], party["booking_id"]]}


@task("write", "prop", "util", "pay_bill", "stop_service", "date_from_lease")
def key_pay_and_stop(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(KEY)
    cid = b.customer(KEY)
    accounts = b.call("get_customer_overview", customer_id=cid)["accounts"]
    power = _pick(accounts, "account", service_type="electric")
    paid = b.call("record_bill_payment", account_id=power["account_id"], amount=power["balance"],
                  method="bank_account")
    for a in accounts:
        b.call("stop_service", account_id=a["account_id"], stop_date=lease["start_date"])
    return {"instruction": "Hi, Jacob Key. Please pay my Silverlarch electricity balance from my bank account, and have "
                           "them stop both my electricity and my water at the Ellensburg apartment on the day my "
                           "Harborline lease starts.",
            "user_facts": email(KEY), "outputs": [paid["amount"], lease["start_date"]]}


@task("write", "prop", "util", "ship", "stop_service", "pickup", "date_from_lease")
def key_stop_and_pickup(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(KEY)
    b.stop_all(b.overview(KEY), lease["start_date"])
    pickup = b.call("schedule_pickup", shipper_id=b.shipper(KEY), pickup_date=lease["start_date"],
                    time_window="morning", parcel_count=2)
    return {"instruction": "Hi, Jacob Key. On my moving day, the day my Harborline lease starts, please have "
                           "Silverlarch stop my electricity and water in Ellensburg, and have a Larkspur driver collect "
                           "my last two boxes from my place that morning.",
            "user_facts": email(KEY), "outputs": [pickup["pickup_id"], pickup["pickup_date"]]}


@task("write", "prop", "util", "cancel_order", "stop_service", "date_from_lease")
def rose_stop_on_moving_day(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(ROSE)
    overview = b.overview(ROSE)
    order = _pick(overview["scheduled_orders"], "order", order_type="stop")
    b.call("cancel_service_order", service_order_id=order["order_id"])
    stops = b.stop_all(overview, lease["start_date"])
    box = b.ship(b.shipper(ROSE), "Eric Rose", apartment(b.household(ROSE)), KITCHEN)
    return {"instruction": "Hi, Eric Rose. I move into my Harborline apartment on the day my lease starts, so I need "
                           "power and water at my house in Selah until then. Please make sure both are switched off on "
                           "that day, not before. And send a box ahead to the new apartment: 24.5 lb, 20 by 16 by 14 "
                           "inches.",
            "user_facts": email(ROSE), "outputs": [stops[0]["stop_date"], box["shipment_id"]]}


@task("write", "prop", "ship", "shipment", "pickup", "address_from_lease")
def rose_box_and_pickup(b: MovingTasks) -> dict[str, Any]:
    home = b.household(ROSE)
    sid = b.shipper(ROSE)
    box = b.ship(sid, "Eric Rose", apartment(home), (25.0, 18, 18, 16))
    pickup = b.call("schedule_pickup", shipper_id=sid, pickup_date="2026-04-10", time_window="afternoon",
                    parcel_count=1)
    return {"instruction": "Hi, Eric Rose. Please send a 25-lb box, 18 by 18 by 16 inches, to my new Harborline "
                           "apartment, and book a driver to collect it at my house this Friday afternoon.",
            "user_facts": email(ROSE), "outputs": [box["shipment_id"], box["charge"], pickup["pickup_id"]]}


@task("write", "prop", "util", "party_room", "stop_service", "date_from_lease")
def rose_party_and_water(b: MovingTasks) -> dict[str, Any]:
    home = b.household(ROSE)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    room = _pick(b.call("list_building_amenities", building_id=home["building_id"]), "room", kind="party_room")
    party = b.call("reserve_party_room", lease_id=home["lease_id"], amenity_id=room["amenity_id"],
                   event_date=lease["start_date"], time_block="evening", guests=15)
    water = _pick(b.overview(ROSE)["accounts"], "account", service_type="water")
    stop = b.call("stop_service", account_id=water["account_id"], stop_date=lease["start_date"])
    return {"instruction": "Hi, Eric Rose. On the evening of my moving day, when my Harborline lease starts, I'd like "
                           "my new building's party room for 15 friends who are helping me. And have Silverlarch "
                           "switch off the water at my house in Selah that day; the electricity is already sorted.",
            "user_facts": email(ROSE), "outputs": [party["booking_id"], party["fee"], stop["stop_date"]]}


@task("write", "prop", "util", "party_room", "start_service", "date_from_lease")
def luna_party_and_power(b: MovingTasks) -> dict[str, Any]:
    home = b.household(LUNA)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    room = _pick(b.call("list_building_amenities", building_id=home["building_id"]), "room", kind="party_room")
    party = b.call("reserve_party_room", lease_id=home["lease_id"], amenity_id=room["amenity_id"],
                   event_date="2026-05-30", time_block="evening", guests=20)
    cid = b.customer(LUNA)
    new = b.start(cid, b.premise("98926", "2168 Hillcrest Dr"), "2026-06-01", services=("electric",))
    assert lease["move_out_date"] == "2026-05-31"
    return {"instruction": "Hi, George Luna. Two things about my move: book my building's community room for a "
                           "goodbye party on the evening before I move out, 20 guests; and have Silverlarch start "
                           "electricity, just electricity for now, at my new house at 2168 Hillcrest Dr, Ellensburg "
                           "(98926), on the Monday after I move out.",
            "user_facts": email(LUNA), "outputs": [lease["move_out_date"], party["booking_id"], new[0]["account_id"]]}


@task("write", "prop", "util", "rent_payment", "start_service", "date_from_lease")
def archer_pay_and_power(b: MovingTasks) -> dict[str, Any]:
    home = b.household(ARCHER)
    ledger = b.call("get_rent_ledger", lease_id=home["lease_id"])
    paid = b.call("record_rent_payment", lease_id=home["lease_id"], amount=ledger["amount_due"], method="ach")
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    cid = b.customer(ARCHER)
    new = b.start(cid, b.premise("98942", "2619 Hillcrest Dr"), lease["move_out_date"], services=("electric",))
    return {"instruction": "Hi, Adam Archer. Before we leave: please pay everything I owe Harborline by ACH, and have "
                           "Silverlarch start electricity at our new house, 2619 Hillcrest Dr in Selah (98942), on the "
                           "day we move out. We'll sort the water later.",
            "user_facts": email(ARCHER), "outputs": [paid["amount_paid"], new[0]["account_id"]]}


@task("write", "util", "ship", "shipment", "overnight", "address_from_util")
def stephens_keys_overnight(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(STEPHENS)["accounts"], "account", service_type="electric")
    to = split_address(home["address"])
    box = b.ship(b.shipper(STEPHENS), "Ashley Stephens", to, (18.0, 16, 12, 10), level="overnight")
    return {"instruction": "Hi, Ashley Stephens. Please send the spare keys and papers overnight to the Cle Elum house "
                           "where Silverlarch is setting up my power: one box, 18 lb, 16 by 12 by 10 inches.",
            "user_facts": email(STEPHENS),
            "outputs": [to["recipient_line1"], box["shipment_id"], box["expected_delivery"]]}


@task("write", "prop", "util", "stop_service", "date_from_lease")
def lmiller_power_only(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(LMILLER)
    power = _pick(b.overview(LMILLER)["accounts"], "account", service_type="electric")
    stop = b.call("stop_service", account_id=power["account_id"], stop_date=lease["start_date"])
    return {"instruction": "Hi, Laura Miller. Please have Silverlarch switch off the electricity at my Ellensburg house "
                           "on the day my Harborline lease starts. Leave the water on for now; the garden needs it.",
            "user_facts": email(LMILLER), "outputs": [stop["stop_date"], stop["order_id"]]}


@task("write", "prop", "util", "stop_service", "date_from_lease")
def rose_water_only(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(ROSE)
    water = _pick(b.overview(ROSE)["accounts"], "account", service_type="water")
    stop = b.call("stop_service", account_id=water["account_id"], stop_date=lease["start_date"])
    return {"instruction": "Hi, Eric Rose. My electricity in Selah is already set to be switched off. Please have the "
                           "water stopped too, on the day my Harborline lease starts.",
            "user_facts": email(ROSE), "outputs": [stop["stop_date"], stop["order_id"]]}


@task("write", "prop", "ship", "shipment", "address_from_lease")
def chang_one_box(b: MovingTasks) -> dict[str, Any]:
    home = b.household(CHANG)
    box = b.ship(b.shipper(CHANG), "Megan Chang", apartment(home), (40.0, 24, 18, 16), level="express")
    return {"instruction": "Hi, Megan Chang. Please send one box by express to my new Harborline apartment: 40 lb, 24 by "
                           "18 by 16 inches.",
            "user_facts": email(CHANG), "outputs": [box["shipment_id"], box["charge"], box["expected_delivery"]]}


# ==========================================================================================================
# Refusals: a member's rule blocks one part; the gold does what the rules allow
# ==========================================================================================================

@task("write", "refusal", "prop", "ship", "shipment", "pickup_too_far", "date_from_lease")
def mclean_pickup_refused(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(MCLEAN)
    sid = b.shipper(MCLEAN)
    to = {"recipient_line1": "1023 Sage Hills Dr", "recipient_city": "Ellensburg", "recipient_state": "WA",
          "recipient_zip": "98926"}
    one = b.ship(sid, "Ryan Mclean", to, BOOKS)
    two = b.ship(sid, "Ryan Mclean", to, KITCHEN)
    return {"instruction": "Hi, Ryan Mclean. Please send my two boxes to my new house at 1023 Sage Hills Dr, "
                           "Ellensburg, WA 98926: one is 38 lb, 18 by 14 by 12 inches, the other 24.5 lb, 20 by 16 by "
                           "14. And have a Larkspur driver collect them from my apartment on the day I move out. If the "
                           "driver can't come that day, don't book another day; I'll drop them off myself.",
            "user_facts": email(MCLEAN),
            "outputs": [one["shipment_id"], two["shipment_id"], lease["move_out_date"]],
            "forbidden": [{"name": "schedule_pickup"}]}


@task("write", "refusal", "prop", "util", "notice_already_given", "cancel_order", "start_service")
def moreno_day_earlier(b: MovingTasks) -> dict[str, Any]:
    lease = b.lease(MORENO)
    cid = b.customer(MORENO)
    overview = b.call("get_customer_overview", customer_id=cid)
    for order in overview["scheduled_orders"]:
        b.call("cancel_service_order", service_order_id=order["order_id"])
    premise = overview["accounts"][0]["premise_id"]
    new = b.start(cid, premise, "2026-04-29")
    return {"instruction": "Hi, Trevor Moreno. My movers can only do Wednesday April 29, so I'll be out a day early. "
                           "Please change my move-out date with Harborline to the 29th, and move the start of my power "
                           "and water at the new house in Yakima to the 29th as well.",
            "user_facts": email(MORENO),
            "outputs": [lease["move_out_date"], lease["notice_date"], new[0]["account_id"], new[1]["account_id"]],
            "forbidden": [{"name": "give_notice_to_vacate"}]}


@task("write", "refusal", "prop", "ship", "notice", "start_too_far", "shipment")
def keller_notice_power_refused(b: MovingTasks) -> dict[str, Any]:
    home = b.household(KELLER)
    lease = b.call("get_lease_details", lease_id=home["lease_id"])
    notice = b.call("give_notice_to_vacate", lease_id=home["lease_id"], move_out_date=lease["end_date"],
                    reason="closer_to_family")
    box = b.ship(b.shipper(KELLER), "Penny Keller", {"recipient_line1": "493 River Rd", "recipient_city": "Yakima",
                                                     "recipient_state": "WA", "recipient_zip": "98902"}, KITCHEN)
    return {"instruction": "Hi, Penny Keller. I'm moving to Yakima to be closer to my family. Please give Harborline my "
                           "notice for the last day of my lease, have Silverlarch start electricity and water at my "
                           "new house, 493 River Rd, Yakima, WA 98902, on that same day, and send one box there now: "
                           "24.5 lb, 20 by 16 by 14 inches.",
            "user_facts": email(KELLER),
            "outputs": [notice["move_out_date"], box["shipment_id"]],
            "forbidden": [{"name": "start_service"}]}


@task("write", "refusal", "util", "prop", "ship", "notice_past_lease_end", "shipment", "address_from_util")
def stephens_notice_refused(b: MovingTasks) -> dict[str, Any]:
    home = _pick(b.overview(STEPHENS)["accounts"], "account", service_type="electric")
    lease = b.lease(STEPHENS)
    sid = b.shipper(STEPHENS)
    one = b.ship(sid, "Ashley Stephens", split_address(home["address"]), BOOKS)
    two = b.ship(sid, "Ashley Stephens", split_address(home["address"]), LINENS)
    return {"instruction": "Hi, Ashley Stephens. Please give Harborline my notice: I'll move out on the day my power "
                           "starts at the new house in Cle Elum. If Harborline won't take that date, leave the notice "
                           "for now. Either way, send two boxes to the new house: 38 lb, 18 by 14 by 12 inches, and "
                           "12 lb, 24 by 18 by 18.",
            "user_facts": email(STEPHENS),
            "outputs": [home["start_date"], lease["end_date"], one["shipment_id"], two["shipment_id"]],
            "forbidden": [{"name": "give_notice_to_vacate"}]}


def build(b: MovingTasks) -> None:
    for number, (tags, fn) in enumerate(TASKS, 1):
        b.begin()
        spec = fn(b)
        b.add_task(spec["instruction"], task_id=f"moving-{number:03d}", tags=tags,
                   outputs=[f"{o:.2f}" if isinstance(o, float) else str(o) for o in spec["outputs"]],
                   user_facts=spec.get("user_facts", {}), forbidden_calls=spec.get("forbidden", []),
                   consent=FEES_NEED_CONSENT if "confirmation" in spec.get("user_facts", {}) else [],
                   check_outputs=WORKED_OUT not in tags)


if __name__ == "__main__":
    builder = MovingTasks(ROOT, prefix="moving")
    raise SystemExit(builder.main(lambda: build(builder), description=__doc__.splitlines()[0]))
