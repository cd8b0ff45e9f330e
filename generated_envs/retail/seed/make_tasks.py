"""Build ``tasks.jsonl`` from the seed data: real customers, orders and products, replayed to check every task.

Run after ``generate.py``: ``python generated_envs/retail/seed/make_tasks.py [--out FILE]``.
Each task family picks rows that make the request unambiguous (e.g. the customer has exactly one pending order),
replays its gold calls through the tools from the seed state, and takes its outputs from the real results.
"""

from __future__ import annotations

import csv
import json
import random
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

NOW = datetime(2026, 3, 15, 10, 0, 0)
EMAIL_KW = ["email", "e-mail"]
ZIP_KW = ["zip", "postal"]
# Ways to ask which variant the customer meant ("What would you like instead?", "Which size?").
WANTED_KW = ["size", "color", "colour", "which", "option", "instead", "variant", "version", "changed to",
             "change it to", "switch", "swap", "prefer", "want", "correct"]
NEW_ADDRESSES = [
    {"line1": "77 Larkspur Ln", "city": "Fort Collins", "state": "CO", "zip_code": "80521"},
    {"line1": "1510 Otter Creek Rd", "line2": "Apt 3B", "city": "Burlington", "state": "VT", "zip_code": "05401"},
    {"line1": "402 Quarry Hill Dr", "city": "Bend", "state": "OR", "zip_code": "97703"},
    {"line1": "9 Sparrow Ct", "city": "Madison", "state": "WI", "zip_code": "53711"},
    {"line1": "2288 Hollow Pine Way", "line2": "Unit 12", "city": "Boise", "state": "ID", "zip_code": "83702"},
    {"line1": "610 Bluebell Ave", "city": "Missoula", "state": "MT", "zip_code": "59801"},
    {"line1": "35 Harborview Rd", "city": "Portland", "state": "ME", "zip_code": "04101"},
    {"line1": "1847 Saguaro St", "city": "Flagstaff", "state": "AZ", "zip_code": "86001"},
    {"line1": "520 Elm Terrace", "line2": "Apt 7", "city": "Ithaca", "state": "NY", "zip_code": "14850"},
    {"line1": "3003 Kettle River Dr", "city": "Duluth", "state": "MN", "zip_code": "55803"},
]


def load(table: str) -> list[dict[str, str]]:
    with open(HERE / f"{table}.csv", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def amt(x: float) -> str | None:
    """The two-decimal text of an amount, or None when its JSON form would differ (e.g. 12.5)."""
    text = f"{x:.2f}"
    return text if json.dumps(x) == text else None


def spoken_address(a: dict[str, str]) -> str:
    return ", ".join(x for x in (a["line1"], a.get("line2"), a["city"], f"{a['state']} {a['zip_code']}") if x)


class Data:
    """The seed rows with the indexes task families need."""

    def __init__(self) -> None:
        self.customers = {c["customer_id"]: c for c in load("customers")}
        self.addresses = {a["address_id"]: a for a in load("addresses")}
        self.payments = defaultdict(list)
        for p in load("payment_methods"):
            self.payments[p["customer_id"]].append(p)
        self.products = {p["product_id"]: p for p in load("products")}
        self.variants = {v["variant_id"]: v for v in load("variants")}
        self.variants_of = defaultdict(list)
        for v in self.variants.values():
            self.variants_of[v["product_id"]].append(v)
        self.stock = {i["variant_id"]: i for i in load("inventory")}
        self.orders = {o["order_id"]: o for o in load("orders")}
        self.orders_of = defaultdict(list)
        for o in sorted(self.orders.values(), key=lambda o: o["placed_at"], reverse=True):
            self.orders_of[o["customer_id"]].append(o)
        self.items_of = defaultdict(list)
        for i in load("order_items"):
            self.items_of[i["order_id"]].append(i)
        self.shipment = {s["order_id"]: s for s in load("shipments")}
        self.returns_of = defaultdict(list)
        for r in load("returns"):
            self.returns_of[r["order_id"]].append(r)
        self.returned_item = {ri["return_id"]: ri["order_item_id"] for ri in load("return_items")}
        self.items = {i["order_item_id"]: i for items in self.items_of.values() for i in items}

    def product_name(self, item: dict[str, str]) -> str:
        return self.products[self.variants[item["variant_id"]]["product_id"]]["name"]

    def product_names(self, order: dict[str, str]) -> list[str]:
        return [self.product_name(i) for i in self.items_of[order["order_id"]]]

    def unique_product(self, customer_id: str, order: dict[str, str], item: dict[str, str]) -> bool:
        """Whether the item's product appears in no other order of the customer (so naming it is enough)."""
        name = self.product_name(item)
        return all(name not in self.product_names(o) for o in self.orders_of[customer_id]
                   if o["order_id"] != order["order_id"])

    def in_window(self, order: dict[str, str]) -> bool:
        if order["status"] != "delivered":
            return False
        delivered = datetime.fromisoformat(self.shipment[order["order_id"]]["delivered_at"])
        return delivered + timedelta(days=30) >= NOW

    def variant_words(self, v: dict[str, str]) -> str:
        return " ".join(x for x in (v["color"], f"size {v['size']}" if v["size"] else "") if x)

    def alternative(self, item: dict[str, str]) -> dict[str, str] | None:
        """An in-stock variant differing from the item's in exactly one option (size preferred)."""
        cur = self.variants[item["variant_id"]]
        options = [v for v in self.variants_of[cur["product_id"]] if v["variant_id"] != cur["variant_id"]
                   and int(self.stock[v["variant_id"]]["stock"]) >= int(item["quantity"])]
        same_color = [v for v in options if v["color"] == cur["color"] and v["size"]]
        same_size = [v for v in options if v["size"] == cur["size"] and v["color"] != cur["color"]]
        pool = same_color or same_size
        return pool[0] if pool else None

    def customer(self, customer_id: str) -> dict[str, str]:
        return self.customers[customer_id]


class Builder(TaskBuilder):
    """Collects tasks, replaying each one to check it and to fill its outputs."""

    def __init__(self, data: Data) -> None:
        super().__init__(ROOT, now=NOW.isoformat())
        self.data = data
        self.used: set[str] = set()

    def add(self, instruction: str, calls: list[dict[str, Any]], tags: list[str],
            outputs: Callable[[list[Any]], list[str]] = lambda r: [], facts: dict[str, Any] | None = None,
            customer_id: str | None = None) -> None:
        results = self.play(calls)
        outs = [o for o in outputs(results) if o]
        if customer_id:
            self.used.add(customer_id)
        self.add_task(instruction, tags=tags, outputs=outs, user_facts=facts or {})


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def ident(c: dict[str, str], by_name: bool = False) -> dict[str, Any]:
    if by_name:
        return call("find_customer_by_name_zip", first_name=c["first_name"], last_name=c["last_name"],
                    zip_code=c["_zip"])
    return call("find_customer_by_email", email=c["email"])


class Families:
    """The task families: each picks fitting rows and adds tasks to the builder."""

    def __init__(self, b: Builder, rng: random.Random) -> None:
        self.b, self.d, self.rng = b, b.data, rng

    def fresh(self, customer_ids: list[str]) -> list[str]:
        ids = [c for c in sorted(set(customer_ids)) if c not in self.b.used]
        self.rng.shuffle(ids)
        return ids

    def cust(self, cid: str) -> dict[str, str]:
        c = dict(self.d.customer(cid))
        c["_zip"] = self.d.addresses[c["default_address_id"]]["zip_code"]
        c["_name"] = f"{c['first_name']} {c['last_name']}"
        return c

    def only(self, cid: str, status: str) -> dict[str, str] | None:
        matches = [o for o in self.d.orders_of[cid] if o["status"] == status]
        return matches[0] if len(matches) == 1 else None

    # -- cancellations ---------------------------------------------------------------------------------------
    def cancellations(self, n_email: int, n_name: int) -> None:
        reasons = [("ordered_by_mistake", "I ordered it by mistake"),
                   ("no_longer_needed", "I don't need it anymore"),
                   ("found_better_price", "I found it cheaper somewhere else"),
                   ("delivery_too_slow", "it's going to take too long to arrive")]
        cands = [c for c in self.d.orders_of if self.only(c, "pending")]
        for k, cid in enumerate(self.fresh(cands)[: n_email + n_name]):
            c, o = self.cust(cid), self.only(cid, "pending")
            reason, said = reasons[k % len(reasons)]
            what = " and ".join(f"the {n}" for n in self.d.product_names(o))
            by_name = k >= n_email
            if by_name:
                text = (f"Hello, this is {c['_name']}. Please cancel my order with {what}, {said}.")
                facts = {"zip_code": {"value": c["_zip"], "keywords": ZIP_KW}}
            elif k % 2:
                text = f"Hi, I need to cancel the order I just placed for {what} because {said}."
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            else:
                text = f"Hi! Can you cancel my pending order ({what})? {said.capitalize()}. My email is {c['email']}."
                facts = {}
            calls = [ident(c, by_name), call("list_customer_orders", customer_id=cid),
                     call("cancel_pending_order", order_id=o["order_id"], reason=reason)]
            self.b.add(text, calls, ["write", "cancel"] + (["name_zip"] if by_name else []),
                       lambda r: [amt(r[-1]["refund_amount"])], facts, cid)

    def cancel_refused(self, n: int) -> None:
        """The only recent order is already processing: the agent must explain it can't be cancelled."""
        cands = [c for c, os in self.d.orders_of.items()
                 if os[0]["status"] == "processing" and not any(o["status"] == "pending" for o in os)]
        for cid in self.fresh(cands)[:n]:
            c, o = self.cust(cid), self.d.orders_of[cid][0]
            what = " and ".join(f"the {x}" for x in self.d.product_names(o))
            text = (f"Hi, I ordered {what} a couple of days ago and changed my mind. Please cancel it. "
                    f"Email: {c['email']}")
            calls = [ident(c), call("list_customer_orders", customer_id=cid)]
            self.b.add(text, calls, ["read", "refusal", "cancel"], lambda r: ["processing"], None, cid)

    # -- shipments -------------------------------------------------------------------------------------------
    def tracking(self, n: int) -> None:
        cands = [c for c in self.d.orders_of if self.only(c, "shipped")]
        for k, cid in enumerate(self.fresh(cands)[:n]):
            c, o = self.cust(cid), self.only(cid, "shipped")
            name = self.d.product_names(o)[0]
            if k % 2:
                text = f"Where is my {name}? It shipped but I don't have a tracking number."
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            else:
                text = (f"Hi, I'm {c['_name']} ({c['email']}). Could you give me the tracking number and "
                        f"expected delivery date for my order with the {name}?")
                facts = {}
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("track_shipment", order_id=o["order_id"])]
            self.b.add(text, calls, ["read", "tracking"],
                       lambda r: [r[-1]["tracking_number"], r[-1]["estimated_delivery"]], facts, cid)

    def order_status_by_number(self, n: int) -> None:
        cands = [o["customer_id"] for o in self.d.orders.values() if o["status"] == "processing"]
        for cid in self.fresh(cands)[:n]:
            c = self.cust(cid)
            o = next(o for o in self.d.orders_of[cid] if o["status"] == "processing")
            text = (f"Hello, what's the status of order {o['order_id']}? When should it arrive? "
                    f"I'm {c['_name']}, zip {c['_zip']}.")
            calls = [ident(c, by_name=True), call("get_order_details", order_id=o["order_id"])]
            # The zip code is a fact of the user's although the request states it: it makes the name-and-zip
            # lookup the user's verification, which the policy requires before any order is discussed.
            self.b.add(text, calls, ["read", "order_status", "name_zip"],
                       lambda r: ["processing", r[-1]["shipment"]["estimated_delivery"]],
                       {"zip_code": {"value": c["_zip"], "keywords": ZIP_KW}}, cid)

    def late_compensation(self, n: int) -> None:
        cands = [o["customer_id"] for o in self.d.orders.values() if o["status"] == "shipped"
                 and self.d.shipment[o["order_id"]]["estimated_delivery"] < NOW.date().isoformat()
                 and self.only(o["customer_id"], "shipped")]
        for k, cid in enumerate(self.fresh(cands)[:n]):
            c, o = self.cust(cid), self.only(cid, "shipped")
            credit = [10.0, 15.0, 20.0][k % 3]
            text = (f"My {self.d.product_names(o)[0]} was supposed to arrive days ago and it's still not here. "
                    f"Can you check where it is? And honestly I think ${credit:.0f} in store credit for the "
                    f"hassle would be fair.")
            facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("track_shipment", order_id=o["order_id"]),
                     call("issue_store_credit", order_id=o["order_id"], amount=credit, reason="late_delivery")]
            self.b.add(text, calls, ["write", "compensation", "tracking"],
                       lambda r: [r[2]["tracking_number"]], facts, cid)

    # -- account ---------------------------------------------------------------------------------------------
    def store_credit_balance(self, n: int) -> None:
        cands = [cid for cid, ps in self.d.payments.items()
                 if any(p["method_type"] == "store_credit" and amt(float(p["balance"])) for p in ps)]
        for k, cid in enumerate(self.fresh(cands)[:n]):
            c = self.cust(cid)
            by_name = k % 2 == 1
            text = (f"Hi, I'm {c['_name']}, zip code {c['_zip']}. How much store credit do I have left?" if by_name
                    else f"How much store credit is on my account? My email is {c['email']}.")
            calls = [ident(c, by_name), call("get_customer_details", customer_id=cid)]
            self.b.add(text, calls, ["read", "account"] + (["name_zip"] if by_name else []),
                       lambda r: [amt(next(p["balance"] for p in r[-1]["payment_methods"]
                                           if p["method_type"] == "store_credit"))], None, cid)

    def default_address(self, n_plain: int, n_with_order: int) -> None:
        addrs = iter(NEW_ADDRESSES)
        plain = self.fresh(list(self.d.customers))[:n_plain]
        for k, cid in enumerate(plain):
            c, a = self.cust(cid), next(addrs)
            if k % 2:
                text = "I moved! Please update the default address on my account."
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW},
                         "new_address": {"value": spoken_address(a), "keywords": ["address", "where", "new"]}}
            else:
                text = (f"Hi, please change my default shipping address to {spoken_address(a)}. "
                        f"My email is {c['email']}.")
                facts = {}
            calls = [ident(c), call("update_default_address", customer_id=cid, **a)]
            self.b.add(text, calls, ["write", "address"], facts=facts, customer_id=cid)
        cands = [c for c in self.d.orders_of if self.only(c, "pending")]
        for cid in self.fresh(cands)[:n_with_order]:
            c, a, o = self.cust(cid), next(addrs), self.only(cid, "pending")
            name = self.d.product_names(o)[0]
            text = (f"Hi, I'm {c['_name']}. I've moved to {spoken_address(a)}. Please make it my default address, "
                    f"and send my pending order with the {name} there too.")
            facts = {"zip_code": {"value": c["_zip"], "keywords": ZIP_KW}}
            calls = [ident(c, by_name=True), call("update_default_address", customer_id=cid, **a),
                     call("list_customer_orders", customer_id=cid),
                     call("modify_pending_order_address", order_id=o["order_id"], **a)]
            self.b.add(text, calls, ["write", "address", "name_zip"], facts=facts, customer_id=cid)

    def pending_address(self, n: int) -> None:
        addrs = iter(NEW_ADDRESSES[::-1])
        cands = [c for c in self.d.orders_of if self.only(c, "pending")]
        for k, cid in enumerate(self.fresh(cands)[:n]):
            c, a, o = self.cust(cid), next(addrs), self.only(cid, "pending")
            name = self.d.product_names(o)[0]
            text = (f"I just ordered the {name} but it's going to my old address. Can you ship it to "
                    f"{spoken_address(a)} instead? Email is {c['email']}.")
            facts = {}
            if k % 2:
                text = f"I just ordered the {name} but it's going to my old address. Can you change where it ships?"
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW},
                         "new_address": {"value": spoken_address(a), "keywords": ["address", "where", "ship"]}}
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("modify_pending_order_address", order_id=o["order_id"], **a)]
            self.b.add(text, calls, ["write", "address"], facts=facts, customer_id=cid)

    def pending_payment(self, n: int) -> None:
        cands = []
        for cid in self.d.orders_of:
            o = self.only(cid, "pending")
            if o is None:
                continue
            others = [p for p in self.d.payments[cid] if p["payment_id"] != o["payment_id"] and (
                p["method_type"] != "store_credit" or float(p["balance"]) >= float(o["total"]))]
            if len(others) == 1:
                cands.append(cid)
        for k, cid in enumerate(self.fresh(cands)[:n]):
            c, o = self.cust(cid), self.only(cid, "pending")
            new = next(p for p in self.d.payments[cid] if p["payment_id"] != o["payment_id"] and (
                p["method_type"] != "store_credit" or float(p["balance"]) >= float(o["total"])))
            spoken = {"credit_card": f"my {new['label']}", "paypal": "my PayPal account",
                      "store_credit": "my store credit"}[new["method_type"]]
            text = (f"Could I pay for my pending order ({self.d.product_names(o)[0]}) with {spoken} instead? "
                    f"My email is {c['email']}.")
            calls = [ident(c), call("get_customer_details", customer_id=cid),
                     call("list_customer_orders", customer_id=cid),
                     call("modify_pending_order_payment", order_id=o["order_id"], payment_id=new["payment_id"])]
            self.b.add(text, calls, ["write", "payment"], facts=None, customer_id=cid)

    # -- pending item swaps ----------------------------------------------------------------------------------
    def swap_candidates(self) -> list[tuple[str, dict[str, str], dict[str, str], dict[str, str]]]:
        out = []
        for cid in self.d.orders_of:
            o = self.only(cid, "pending")
            if o is None:
                continue
            for item in self.d.items_of[o["order_id"]]:
                alt = self.d.alternative(item)
                if alt is not None:
                    out.append((cid, o, item, alt))
                    break
        return out

    def swap_words(self, item: dict[str, str], alt: dict[str, str]) -> tuple[str, str]:
        cur = self.d.variants[item["variant_id"]]
        if cur["color"] == alt["color"]:
            return f"size {cur['size']}", f"size {alt['size']}"
        return cur["color"], alt["color"]

    def pending_swaps(self, n: int, n_with_address: int) -> None:
        cands = self.swap_candidates()
        pool = {c[0]: c for c in cands}
        chosen = self.fresh(list(pool))[: n + n_with_address]
        addrs = iter(NEW_ADDRESSES[3:])
        for k, cid in enumerate(chosen):
            _, o, item, alt = pool[cid]
            c, name = self.cust(cid), self.d.product_name(item)
            old_w, new_w = self.swap_words(item, alt)
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("get_product", product_id=alt["product_id"]),
                     call("modify_pending_order_item", order_id=o["order_id"], order_item_id=item["order_item_id"],
                          new_variant_id=alt["variant_id"])]
            if k < n:
                if k % 2:
                    text = f"I ordered the {name} yesterday in the wrong option. Can you fix it before it ships?"
                    facts = {"email": {"value": c["email"], "keywords": EMAIL_KW},
                             "wanted_option": {"value": f"{new_w} instead of {old_w}",
                                               "keywords": WANTED_KW}}
                else:
                    text = (f"Hi, I just ordered the {name} in {old_w} but I need {new_w}. Can you switch it? "
                            f"My email is {c['email']}.")
                    facts = {}
                self.b.add(text, calls, ["write", "modify_item"], lambda r: [amt(r[-1]["new_total"])], facts, cid)
            else:
                a = next(addrs)
                calls.append(call("modify_pending_order_address", order_id=o["order_id"], **a))
                text = (f"Two changes to my pending order please: the {name} should be {new_w} instead of {old_w}, "
                        f"and it should ship to {spoken_address(a)}.")
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
                self.b.add(text, calls, ["write", "modify_item", "address", "long"],
                           lambda r: [amt(r[4]["new_total"])], facts, cid)

    def swap_then_payment(self, n: int) -> None:
        picks = []
        for cid, o, item, alt in self.swap_candidates():
            diff = (float(alt["price"]) - float(item["unit_price"])) * int(item["quantity"])
            others = [p for p in self.d.payments[cid] if p["payment_id"] != o["payment_id"] and (
                p["method_type"] != "store_credit" or float(p["balance"]) >= float(o["total"]) + diff)]
            if len(others) == 1 and cid not in self.b.used:
                picks.append((cid, o, item, alt, others[0]))
        for cid, o, item, alt, new in picks[:n]:
            c, name = self.cust(cid), self.d.product_name(item)
            old_w, new_w = self.swap_words(item, alt)
            spoken = {"credit_card": f"my {new['label']}", "paypal": "my PayPal account",
                      "store_credit": "my store credit"}[new["method_type"]]
            text = (f"Hi, I'm {c['_name']}. On my pending order, please change the {name} from {old_w} to "
                    f"{new_w}, and then charge the whole order to {spoken} instead.")
            facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            calls = [ident(c), call("get_customer_details", customer_id=cid),
                     call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("get_product", product_id=alt["product_id"]),
                     call("modify_pending_order_item", order_id=o["order_id"], order_item_id=item["order_item_id"],
                          new_variant_id=alt["variant_id"]),
                     call("modify_pending_order_payment", order_id=o["order_id"], payment_id=new["payment_id"])]
            self.b.add(text, calls, ["write", "modify_item", "payment", "long"],
                       lambda r: [amt(r[-1]["amount"])], facts, cid)

    # -- returns and exchanges -------------------------------------------------------------------------------
    def delivered_items(self, min_items: int = 1) -> list[tuple[str, dict[str, str], list[dict[str, str]]]]:
        out = []
        for o in self.d.orders.values():
            cid = o["customer_id"]
            if not self.d.in_window(o):
                continue
            items = [i for i in self.d.items_of[o["order_id"]]
                     if i["status"] == "ordered" and self.d.unique_product(cid, o, i)]
            if len(items) >= min_items and len(items) == len(self.d.items_of[o["order_id"]]):
                out.append((cid, o, items))
        return out

    def returns(self, n: int) -> None:
        reasons = [("damaged", "it arrived damaged"), ("wrong_size", "it doesn't fit"),
                   ("not_as_described", "it's not what the website described"),
                   ("changed_mind", "I changed my mind")]
        pool = {cid: (o, items) for cid, o, items in self.delivered_items()}
        for k, cid in enumerate(self.fresh(list(pool))[:n]):
            o, items = pool[cid]
            item, c = items[0], self.cust(cid)
            reason, said = reasons[k % len(reasons)]
            if reason == "wrong_size" and not self.d.variants[item["variant_id"]]["size"]:
                reason, said = "not_as_described", "it's not what the website described"
            to_credit = k % 3 == 2
            refund = "store_credit" if to_credit else "original_payment"
            want = " I'd like the refund as store credit." if to_credit else ""
            name = self.d.product_name(item)
            if k % 2:
                text = f"I want to return the {name} I received recently, {said}.{want}"
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            else:
                text = f"Hello, I'd like to return the {name}; {said}.{want} My email is {c['email']}."
                facts = {}
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("return_delivered_items", order_id=o["order_id"], order_item_ids=[item["order_item_id"]],
                          reason=reason, refund_method=refund)]
            self.b.add(text, calls, ["write", "return"], lambda r: [amt(r[-1]["refund_amount"])], facts, cid)

    def returns_too_late(self, n: int) -> None:
        cands = []
        for cid, os in self.d.orders_of.items():
            delivered = [o for o in os if o["status"] == "delivered"]
            if delivered and not self.d.in_window(delivered[0]) and os[0] is delivered[0] and \
                    len(self.d.items_of[delivered[0]["order_id"]]) == 1:
                cands.append(cid)
        # The closed window must be the only reason to refuse: an item already returned or exchanged gives a
        # second one, and an answer that names only that one would miss the task's fact (the delivery date).
        # (Filtered after the shuffle so that the random picks of the later families stay the same.)
        picks = []
        for cid in self.fresh(cands):
            if self.d.items_of[self.d.orders_of[cid][0]["order_id"]][0]["status"] == "ordered":
                picks.append(cid)
            elif len(picks) < n:
                self.b.used.add(cid)  # skipped, kept out of the later families as before this check
        for cid in picks[:n]:
            c, o = self.cust(cid), self.d.orders_of[cid][0]
            name = self.d.product_names(o)[0]
            text = f"Hi, I want to return the {name} from my last order, I never really used it. Email {c['email']}."
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"])]
            self.b.add(text, calls, ["read", "refusal", "return"],
                       lambda r: [r[-1]["shipment"]["delivered_at"][:10]], None, cid)

    def exchange_candidates(self) -> list[tuple[str, dict[str, str], dict[str, str], dict[str, str], list]]:
        out = []
        for cid, o, items in self.delivered_items():
            for item in items:
                alt = self.d.alternative(item)
                if alt is not None:
                    out.append((cid, o, item, alt, items))
                    break
        return out

    def exchanges(self, n: int) -> None:
        pool = {x[0]: x for x in self.exchange_candidates()}
        for k, cid in enumerate(self.fresh(list(pool))[:n]):
            _, o, item, alt, _ = pool[cid]
            c, name = self.cust(cid), self.d.product_name(item)
            old_w, new_w = self.swap_words(item, alt)
            if k % 2:
                text = f"The {name} I got is {old_w} and I'd rather have it in {new_w}. Can I exchange it?"
                facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            else:
                text = (f"Hi, I'm {c['_name']}. I received the {name} in {old_w}, could I exchange it for "
                        f"{new_w}?")
                facts = {"zip_code": {"value": c["_zip"], "keywords": ZIP_KW}}
            calls = [ident(c, by_name=not k % 2), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("get_product", product_id=alt["product_id"]),
                     call("exchange_delivered_item", order_id=o["order_id"], order_item_id=item["order_item_id"],
                          new_variant_id=alt["variant_id"])]
            self.b.add(text, calls, ["write", "exchange"] + ([] if k % 2 else ["name_zip"]), lambda r: [],
                       facts, cid)

    def return_and_exchange(self, n: int) -> None:
        picks = []
        for cid, o, item, alt, items in self.exchange_candidates():
            others = [i for i in items if i["order_item_id"] != item["order_item_id"]]
            if others and cid not in self.b.used:
                picks.append((cid, o, item, alt, others[0]))
        for cid, o, item, alt, other in picks[:n]:
            c = self.cust(cid)
            old_w, new_w = self.swap_words(item, alt)
            text = (f"Hi, from my recent delivery I'd like to return the {self.d.product_name(other)} (changed my "
                    f"mind), and exchange the {self.d.product_name(item)} from {old_w} to {new_w}. "
                    f"Email: {c['email']}.")
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("return_delivered_items", order_id=o["order_id"], order_item_ids=[other["order_item_id"]],
                          reason="changed_mind", refund_method="original_payment"),
                     call("get_product", product_id=alt["product_id"]),
                     call("exchange_delivered_item", order_id=o["order_id"], order_item_id=item["order_item_id"],
                          new_variant_id=alt["variant_id"])]
            self.b.add(text, calls, ["write", "return", "exchange", "long"],
                       lambda r: [amt(r[3]["refund_amount"])], None, cid)

    def damaged_exchange_with_credit(self, n: int) -> None:
        pool = {x[0]: x for x in self.exchange_candidates()}
        for cid in self.fresh(list(pool))[:n]:
            _, o, item, alt, _ = pool[cid]
            c, name = self.cust(cid), self.d.product_name(item)
            old_w, new_w = self.swap_words(item, alt)
            text = (f"The {name} ({old_w}) I received arrived damaged. I'd like to exchange it for {new_w}, and I "
                    f"think I deserve some store credit for the trouble, maybe $20? My email is {c['email']}.")
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("get_product", product_id=alt["product_id"]),
                     call("exchange_delivered_item", order_id=o["order_id"], order_item_id=item["order_item_id"],
                          new_variant_id=alt["variant_id"]),
                     call("issue_store_credit", order_id=o["order_id"], amount=20.0, reason="damaged_item")]
            self.b.add(text, calls, ["write", "exchange", "compensation", "long"],
                       lambda r: [amt(r[-1]["store_credit_balance"])], None, cid)

    def return_and_cancel(self, n: int) -> None:
        picks = []
        for cid, o, items in self.delivered_items():
            p = self.only(cid, "pending")
            s = self.only(cid, "shipped")
            if p and cid not in self.b.used:
                picks.append((0 if s else 1, cid, o, items[0], p, s))
        picks.sort(key=lambda x: (x[0], x[1]))
        for _, cid, o, item, p, s in picks[:n]:
            c = self.cust(cid)
            text = (f"Hi, I'm {c['_name']}. Two things: I want to return the {self.d.product_name(item)} "
                    f"(it arrived damaged), and please cancel my pending order with the "
                    f"{self.d.product_names(p)[0]}, I don't need it anymore.")
            calls = [ident(c, by_name=True), call("list_customer_orders", customer_id=cid),
                     call("get_order_details", order_id=o["order_id"]),
                     call("return_delivered_items", order_id=o["order_id"], order_item_ids=[item["order_item_id"]],
                          reason="damaged", refund_method="original_payment"),
                     call("cancel_pending_order", order_id=p["order_id"], reason="no_longer_needed")]
            outs: Callable[[list[Any]], list[str]] = lambda r: [amt(r[3]["refund_amount"]),
                                                                amt(r[4]["refund_amount"])]
            tags = ["write", "return", "cancel", "name_zip", "long"]
            if s:
                text += f" Also, where is my {self.d.product_names(s)[0]}?"
                calls.append(call("track_shipment", order_id=s["order_id"]))
                outs = lambda r: [amt(r[3]["refund_amount"]), amt(r[4]["refund_amount"]), r[5]["tracking_number"]]
            self.b.add(text, calls, tags, outs, {"zip_code": {"value": c["_zip"], "keywords": ZIP_KW}}, cid)

    def return_status(self, n: int) -> None:
        cands = []
        for o in self.d.orders.values():
            rs = self.d.returns_of[o["order_id"]]
            if len(rs) == 1 and amt(float(rs[0]["refund_amount"])):
                cands.append(o["customer_id"])
        cands = [c for c in cands if sum(bool(self.d.returns_of[o["order_id"]]) for o in self.d.orders_of[c]) == 1]
        for k, cid in enumerate(self.fresh(cands)[:n]):
            c = self.cust(cid)
            o = next(o for o in self.d.orders_of[cid] if self.d.returns_of[o["order_id"]])
            ret = self.d.returns_of[o["order_id"]][0]
            item = self.d.items[self.d.returned_item[ret["return_id"]]]
            if not self.d.unique_product(cid, o, item):
                continue
            # Statuses are told in words; only the self-explanatory ones are required verbatim.
            status = ret["status"] if ret["status"] in ("received", "refunded") else None
            name = self.d.product_name(item)
            text = (f"I sent back the {name} a while ago. What's the status of that return and how much will I "
                    f"get back?")
            facts = {"email": {"value": c["email"], "keywords": EMAIL_KW}}
            calls = [ident(c), call("list_customer_orders", customer_id=cid),
                     call("get_returns_and_exchanges", order_id=o["order_id"])]
            self.b.add(text, calls, ["read", "return_status"],
                       lambda r, s=status: [s, amt(r[-1]["returns"][0]["refund_amount"])], facts, cid)

    # -- catalog ---------------------------------------------------------------------------------------------
    def product_prices(self, n: int) -> None:
        singles = [p for p in self.d.products.values()
                   if len({v["price"] for v in self.d.variants_of[p["product_id"]]}) == 1]
        self.rng.shuffle(singles)
        for p in singles[:n]:
            keyword = p["name"].split()[0]
            if sum(keyword.lower() in q["name"].lower() or keyword.lower() in q["brand"].lower()
                   for q in self.d.products.values()) != 1:
                continue
            text = f"Quick question, how much does the {p['name']} cost?"
            self.b.add(text, [call("search_products", keyword=keyword)], ["read", "catalog"],
                       lambda r: [amt(r[0][0]["price_from"])])

    def stock_questions(self, n: int) -> None:
        outs = [v for v in self.d.variants.values() if self.d.stock[v["variant_id"]]["stock"] == "0"]
        by_product = {}
        for v in outs:
            by_product.setdefault(v["product_id"], v)
        chosen = sorted(by_product.values(), key=lambda v: v["variant_id"])
        self.rng.shuffle(chosen)
        for v in chosen[:n]:
            p = self.d.products[v["product_id"]]
            words = self.d.variant_words(v)
            text = (f"Do you have the {p['name']} in {words}? If not, when will it be back in stock?")
            self.b.add(text, [call("search_products", keyword=p["name"].split()[0], category=p["category"]),
                              call("get_product", product_id=p["product_id"])],
                       ["read", "catalog", "stock"], lambda r, v=v: [self.d.stock[v["variant_id"]]["restock_date"]])


def build(b: Builder) -> None:
    f = Families(b, random.Random(7))
    # Long multi-step families first: they need the rarest customers.
    f.return_and_cancel(3)
    f.swap_then_payment(3)
    f.return_and_exchange(2)
    f.damaged_exchange_with_credit(2)
    f.pending_swaps(n=4, n_with_address=3)
    f.late_compensation(3)
    f.product_prices(6)
    f.stock_questions(4)
    f.store_credit_balance(4)
    f.tracking(5)
    f.order_status_by_number(3)
    f.return_status(4)
    f.cancel_refused(2)
    f.returns_too_late(2)
    f.cancellations(n_email=5, n_name=3)
    f.pending_address(3)
    f.default_address(n_plain=3, n_with_order=2)
    f.pending_payment(4)
    f.returns(6)
    f.exchanges(5)
    lengths = sorted(len(t.gold_calls) for t in b.tasks)
    print(f"{len(b.tasks)} tasks; chain lengths {dict((n, lengths.count(n)) for n in sorted(set(lengths)))}")


if __name__ == "__main__":
    builder = Builder(Data())
    raise SystemExit(builder.main(lambda: build(builder), description=__doc__.splitlines()[0]))
