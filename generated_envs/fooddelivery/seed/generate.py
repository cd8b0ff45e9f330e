"""Deterministic seed data for the fooddelivery environment (Forkline Delivery, a food-delivery platform's desk).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``). Customer names and streets come
from Faker 40.63.0 (pinned: another version draws other names) seeded with ``SEED``; everything else from
``random.Random(SEED)``. No value depends on the wall clock, so running it twice gives byte-identical files.

Orders are simulated relative to the fixed clock ``NOW`` (Friday 2026-09-18 18:30): past orders were delivered
or cancelled, today's are in every state of the order machine, and a few are scheduled for later. Each order's
restaurant delivers to its address's zone and was open when it was placed, its subtotal meets the restaurant's
minimum order, and its totals follow the promo code, the zone's delivery fee and the tip.
"""

from __future__ import annotations

import argparse
import random
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from faker import Faker

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260918
NOW = datetime(2026, 9, 18, 18, 30, 0)
HERE = Path(__file__).resolve().parent
N_CUSTOMERS = 210
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

ZONES = [  # id, name, city, delivery fee, zip codes, neighbouring zones
    ("Z-DT", "Downtown Minneapolis", "Minneapolis", 2.99, ["55401", "55402", "55403"], ["Z-NE", "Z-UP", "Z-UN"]),
    ("Z-NE", "Northeast", "Minneapolis", 3.49, ["55413", "55418"], ["Z-DT", "Z-UN"]),
    ("Z-UP", "Uptown", "Minneapolis", 3.49, ["55405", "55408"], ["Z-DT", "Z-LH"]),
    ("Z-UN", "University", "Minneapolis", 2.49, ["55414", "55455"], ["Z-DT", "Z-NE", "Z-SP"]),
    ("Z-LH", "Longfellow", "Minneapolis", 3.99, ["55406", "55407"], ["Z-UP", "Z-SP"]),
    ("Z-SP", "Saint Paul Midway", "Saint Paul", 3.99, ["55104", "55114"], ["Z-UN", "Z-LH"]),
]

HOURS = {  # pattern: weekday -> (opens, closes) or None when closed
    "all_day": {d: ("11:00", "22:00") for d in WEEKDAYS},
    "late": {**{d: ("16:00", "23:30") for d in WEEKDAYS}, "Monday": None},
    "breakfast": {d: ("07:00", "15:00") for d in WEEKDAYS},
    "lunch": {**{d: ("10:30", "20:00") for d in WEEKDAYS[:5]}, "Saturday": ("11:00", "17:00"), "Sunday": None},
    "dinner": {**{d: ("17:00", "22:30") for d in WEEKDAYS}, "Tuesday": None},
    "weekday_eve": {**{d: ("11:30", "21:00") for d in WEEKDAYS}, "Friday": ("11:30", "18:00"),
                    "Saturday": ("11:30", "18:00")},
}

RESTAURANTS = [  # name, cuisine, zone, min order, prep minutes, cancel fee %, hours pattern, status
    ("Slice Theory", "pizza", "Z-DT", 15.00, 20, 50, "all_day", "active"),
    ("Brick Oven Northside", "pizza", "Z-NE", 20.00, 25, 50, "late", "active"),
    ("Bangkok Lantern", "thai", "Z-UP", 15.00, 20, 25, "all_day", "active"),
    ("Lemongrass Kitchen", "thai", "Z-SP", 12.00, 25, 25, "dinner", "active"),
    ("Taqueria La Loma", "mexican", "Z-LH", 10.00, 15, 25, "all_day", "active"),
    ("Casa Verde Cantina", "mexican", "Z-UN", 15.00, 20, 50, "late", "active"),
    ("Patty Wagon", "burgers", "Z-DT", 12.00, 15, 25, "all_day", "active"),
    ("Smashline Burgers", "burgers", "Z-UP", 15.00, 15, 25, "weekday_eve", "active"),
    ("Kaiyo Sushi", "sushi", "Z-DT", 25.00, 30, 50, "dinner", "active"),
    ("Nori Roll Bar", "sushi", "Z-NE", 20.00, 25, 50, "all_day", "paused"),
    ("Saffron Spoon", "indian", "Z-UN", 15.00, 30, 25, "all_day", "active"),
    ("Tandoor Nights", "indian", "Z-LH", 20.00, 30, 50, "late", "active"),
    ("Pho Lantern", "vietnamese", "Z-SP", 12.00, 20, 25, "all_day", "active"),
    ("Banh Mi Brothers", "vietnamese", "Z-UN", 10.00, 10, 25, "lunch", "active"),
    ("Olive & Ember", "mediterranean", "Z-UP", 15.00, 20, 25, "all_day", "active"),
    ("Cedar Grill", "mediterranean", "Z-NE", 18.00, 25, 50, "dinner", "active"),
    ("Sunny Side Diner", "breakfast", "Z-DT", 12.00, 15, 25, "breakfast", "active"),
    ("Early Bird Griddle", "breakfast", "Z-SP", 10.00, 15, 25, "breakfast", "active"),
    ("Smoke Ring BBQ", "bbq", "Z-LH", 20.00, 25, 50, "dinner", "active"),
    ("Hickory Hall", "bbq", "Z-NE", 25.00, 30, 50, "all_day", "active"),
    ("Ramen Tatsu", "ramen", "Z-UN", 15.00, 20, 25, "late", "active"),
    ("Hakata Noodle House", "ramen", "Z-DT", 15.00, 20, 25, "all_day", "paused"),
    ("Green Fork Salads", "salads", "Z-DT", 12.00, 10, 25, "lunch", "active"),
    ("Leaf & Grain", "salads", "Z-UP", 12.00, 10, 25, "weekday_eve", "active"),
]

MENUS = {  # cuisine -> (name, category, base price)
    "pizza": [("Garlic Knots", "starter", 6.50), ("Caesar Salad", "starter", 8.00), ("Margherita Pizza", "main", 15.00),
              ("Pepperoni Pizza", "main", 16.50), ("Mushroom Truffle Pizza", "main", 18.00),
              ("Veggie Supreme Pizza", "main", 17.00), ("BBQ Chicken Pizza", "main", 17.50),
              ("Chicken Wings (8)", "side", 11.00), ("Tiramisu", "dessert", 7.00), ("San Pellegrino", "drink", 3.00),
              ("Root Beer", "drink", 2.75)],
    "thai": [("Fresh Spring Rolls", "starter", 7.00), ("Tom Yum Soup", "starter", 8.50), ("Pad Thai", "main", 14.50),
             ("Green Curry", "main", 15.00), ("Red Curry", "main", 15.00), ("Drunken Noodles", "main", 15.50),
             ("Basil Fried Rice", "main", 14.00), ("Jasmine Rice", "side", 3.00), ("Mango Sticky Rice", "dessert", 7.50),
             ("Thai Iced Tea", "drink", 4.50)],
    "mexican": [("Chips & Guacamole", "starter", 7.50), ("Elote", "starter", 5.50), ("Carnitas Tacos (3)", "main", 12.50),
                ("Al Pastor Tacos (3)", "main", 12.50), ("Chicken Burrito", "main", 13.00),
                ("Veggie Burrito", "main", 12.00), ("Carne Asada Bowl", "main", 14.50), ("Rice & Beans", "side", 4.50),
                ("Churros", "dessert", 6.00), ("Horchata", "drink", 4.00), ("Jarritos", "drink", 3.25)],
    "burgers": [("Onion Rings", "starter", 5.50), ("Classic Cheeseburger", "main", 11.50),
                ("Double Smash Burger", "main", 14.00), ("Bacon BBQ Burger", "main", 14.50),
                ("Crispy Chicken Sandwich", "main", 12.50), ("Black Bean Burger", "main", 12.00),
                ("French Fries", "side", 4.50), ("Sweet Potato Fries", "side", 5.50), ("Chocolate Shake", "dessert", 6.50),
                ("Lemonade", "drink", 3.50)],
    "sushi": [("Edamame", "starter", 5.00), ("Miso Soup", "starter", 4.00), ("Salmon Nigiri (4)", "main", 12.00),
              ("Spicy Tuna Roll", "main", 11.00), ("Dragon Roll", "main", 16.00), ("California Roll", "main", 9.50),
              ("Chef's Sashimi Platter", "main", 28.00), ("Seaweed Salad", "side", 6.00),
              ("Mochi Ice Cream (3)", "dessert", 6.50), ("Green Tea", "drink", 3.00)],
    "indian": [("Vegetable Samosas (2)", "starter", 6.50), ("Chicken Tikka Masala", "main", 17.00),
               ("Lamb Rogan Josh", "main", 19.00), ("Palak Paneer", "main", 15.50), ("Chana Masala", "main", 14.00),
               ("Butter Chicken", "main", 17.50), ("Garlic Naan", "side", 4.00), ("Basmati Rice", "side", 3.50),
               ("Gulab Jamun", "dessert", 5.50), ("Mango Lassi", "drink", 5.00)],
    "vietnamese": [("Crispy Egg Rolls", "starter", 6.50), ("Beef Pho", "main", 14.00), ("Chicken Pho", "main", 13.50),
                   ("Lemongrass Pork Vermicelli", "main", 14.50), ("Grilled Pork Banh Mi", "main", 10.50),
                   ("Tofu Banh Mi", "main", 9.50), ("Shrimp Summer Rolls", "side", 7.00),
                   ("Coconut Pandan Waffle", "dessert", 6.00), ("Vietnamese Iced Coffee", "drink", 5.00)],
    "mediterranean": [("Hummus & Pita", "starter", 7.50), ("Falafel (6)", "starter", 7.00),
                      ("Chicken Shawarma Plate", "main", 16.00), ("Lamb Kofta Plate", "main", 18.00),
                      ("Falafel Wrap", "main", 12.00), ("Greek Salad", "main", 12.50), ("Rice Pilaf", "side", 4.00),
                      ("Baklava", "dessert", 5.50), ("Mint Lemonade", "drink", 4.50)],
    "breakfast": [("Hash Browns", "side", 4.50), ("Buttermilk Pancakes", "main", 11.00),
                  ("Denver Omelette", "main", 13.00), ("Chicken & Waffles", "main", 15.00),
                  ("Avocado Toast", "main", 11.50), ("Breakfast Burrito", "main", 12.00), ("Fruit Cup", "side", 5.00),
                  ("Cinnamon Roll", "dessert", 5.50), ("Cold Brew", "drink", 4.50), ("Fresh Orange Juice", "drink", 5.00)],
    "bbq": [("Burnt Ends", "starter", 12.00), ("Brisket Plate", "main", 22.00), ("Pulled Pork Sandwich", "main", 14.00),
            ("Half Rack Ribs", "main", 21.00), ("Smoked Half Chicken", "main", 17.00), ("Mac & Cheese", "side", 5.50),
            ("Coleslaw", "side", 3.50), ("Cornbread", "side", 4.00), ("Banana Pudding", "dessert", 6.00),
            ("Sweet Tea", "drink", 3.00)],
    "ramen": [("Gyoza (6)", "starter", 8.00), ("Karaage Chicken", "starter", 9.00), ("Tonkotsu Ramen", "main", 16.00),
              ("Spicy Miso Ramen", "main", 16.50), ("Shoyu Ramen", "main", 15.00), ("Vegan Tantanmen", "main", 15.50),
              ("Chashu Rice Bowl", "main", 13.00), ("Extra Noodles", "side", 3.00), ("Matcha Pudding", "dessert", 6.00),
              ("Ramune Soda", "drink", 3.50)],
    "salads": [("Tomato Basil Soup", "starter", 6.00), ("Harvest Cobb Salad", "main", 13.50),
               ("Kale Caesar Salad", "main", 12.00), ("Quinoa Power Bowl", "main", 13.00),
               ("Chicken Avocado Wrap", "main", 12.50), ("Salmon Grain Bowl", "main", 16.00), ("Side Baguette", "side", 2.50),
               ("Oatmeal Cookie", "dessert", 3.00), ("Green Smoothie", "drink", 6.50), ("Sparkling Water", "drink", 2.50)],
}

PROMOS = [  # code, description, kind, value, max discount, min subtotal, restaurant index or None, starts, expires
    ("WELCOME10", "10% off any order", "percent", 10, 8.00, 15.00, None, "2026-01-01", "2026-12-31"),
    ("FALL15", "15% off fall favourites", "percent", 15, 10.00, 25.00, None, "2026-09-01", "2026-10-31"),
    ("SAVE5", "5.00 off orders of 30.00 or more", "fixed", 5, None, 30.00, None, "2026-08-01", "2026-09-30"),
    ("FREEDEL", "Free delivery", "free_delivery", 0, None, 20.00, None, "2026-09-01", "2026-09-30"),
    ("SUMMER20", "20% off summer orders", "percent", 20, 12.00, 20.00, None, "2026-06-01", "2026-08-31"),
    ("SLICE4", "4.00 off at Slice Theory", "fixed", 4, None, 20.00, 0, "2026-09-01", "2026-11-30"),
    ("TACOTUESDAY", "3.00 off at Taqueria La Loma", "fixed", 3, None, 15.00, 4, "2026-07-01", "2026-12-31"),
    ("CURRY25", "25% off at Saffron Spoon", "percent", 25, 15.00, 30.00, 10, "2026-09-10", "2026-09-30"),
    ("PHO2", "2.00 off at Pho Lantern", "fixed", 2, None, 12.00, 12, "2026-05-01", "2026-09-15"),
    ("HALLOWEEN13", "13% off for Halloween week", "percent", 13, 9.00, 20.00, None, "2026-10-25", "2026-10-31"),
    ("BIGORDER10", "10.00 off orders of 60.00 or more", "fixed", 10, None, 60.00, None, "2026-09-01", "2026-12-31"),
    ("SMOKE15", "15% off at Smoke Ring BBQ", "percent", 15, 9.00, 30.00, 18, "2026-09-01", "2026-10-15"),
]
COURIER_NAMES = ["Aisha", "Ben", "Carla", "Deshawn", "Elena", "Farid", "Gabe", "Hiro", "Isabel", "Jamal", "Kira",
                 "Leo", "Mai", "Nate", "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tariq", "Uma", "Victor", "Wren",
                 "Xavier", "Yara", "Zane", "Abdi", "Bianca", "Cole", "Dina", "Emil", "Fatima", "Grant", "Hana",
                 "Ivan", "June", "Kofi", "Lena", "Marco", "Nia"]
REFUND_REASONS = ["missing", "wrong_item", "poor_quality", "damaged"]
CANCEL_REASONS = ["changed_mind", "ordered_by_mistake", "taking_too_long"]
COMMENTS = ["Great food, arrived hot.", "Courier was very friendly.", "Took a while but tasted great.",
            "Fries were cold.", "Perfect as always.", "Packaging leaked a bit.", "Fast delivery!", None, None, None]

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order


def money(x: float) -> float:
    return round(x + 1e-9, 2)


def ts(d: datetime) -> str:
    return d.strftime("%Y-%m-%d %H:%M:%S")


class World:
    def __init__(self, seed: int) -> None:
        Faker.seed(seed)
        self.fake = Faker("en_US")
        self.rng = random.Random(seed)
        self.rows: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.menu: dict[str, list[dict[str, Any]]] = {}
        self.hours: dict[tuple[str, str], tuple[str, str] | None] = {}
        self.serves: dict[str, list[str]] = {}  # zone -> restaurants delivering there
        self.n = {"order": 500000, "item": 900000, "redemption": 0, "refund": 0, "rating": 0}
        self.promos: dict[str, dict[str, Any]] = {}

    def next(self, what: str) -> int:
        self.n[what] += 1
        return self.n[what]

    # -- reference data ---------------------------------------------------------------------------------------

    def reference(self) -> None:
        rng = self.rng
        for zid, name, city, fee, _zips, _near in ZONES:
            self.rows["zones"].append({"zone_id": zid, "name": name, "city": city, "delivery_fee": fee})
        near = {z[0]: z[5] for z in ZONES}
        item_no = 1000
        for i, (name, cuisine, zone, minimum, prep, fee_pct, pattern, status) in enumerate(RESTAURANTS):
            rid = f"RS-{101 + i}"
            self.rows["restaurants"].append({
                "restaurant_id": rid, "name": name, "cuisine": cuisine, "zone_id": zone, "min_order": minimum,
                "prep_minutes": prep, "cancel_fee_pct": fee_pct, "status": status,
                "rating": round(rng.uniform(3.9, 4.9), 2)})
            zones = [zone] + sorted(rng.sample(near[zone], min(len(near[zone]), 2)))
            for z in sorted(zones):
                self.rows["restaurant_zones"].append({"restaurant_id": rid, "zone_id": z})
                if status == "active":
                    self.serves.setdefault(z, []).append(rid)
            for k, day in enumerate(WEEKDAYS):
                h = HOURS[pattern][day]
                self.hours[(rid, day)] = h
                self.rows["opening_hours"].append({"hours_id": f"OH-{101 + i}-{k + 1}", "restaurant_id": rid,
                                                   "weekday": day, "opens_at": h[0] if h else None,
                                                   "closes_at": h[1] if h else None})
            factor = rng.choice([0.9, 1.0, 1.0, 1.1, 1.2])
            self.menu[rid] = []
            for item_name, category, base in MENUS[cuisine]:
                item_no += 1
                item = {"dish_id": f"MI-{item_no}", "restaurant_id": rid, "name": item_name, "category": category,
                        "price": money(round(base * factor * 4) / 4), "available": rng.random() > 0.1}
                self.menu[rid].append(item)
                self.rows["menu_items"].append(item)
        for k, name in enumerate(COURIER_NAMES):
            self.rows["couriers"].append({"courier_id": f"CR-{301 + k}", "first_name": name,
                                          "vehicle": rng.choice(["bicycle", "bicycle", "scooter", "car"]),
                                          "zone_id": ZONES[k % len(ZONES)][0],
                                          "rating": round(rng.uniform(4.3, 5.0), 2)})
        for code, desc, kind, value, cap, minimum, r, starts, expires in PROMOS:
            row = {"code": code, "description": desc, "kind": kind, "value": value, "max_discount": cap,
                   "min_subtotal": minimum, "restaurant_id": None if r is None else f"RS-{101 + r}",
                   "starts_on": starts, "expires_on": expires}
            self.promos[code] = row
            self.rows["promo_codes"].append(row)

    # -- customers --------------------------------------------------------------------------------------------

    def customers(self) -> None:
        rng, fake = self.rng, self.fake
        seen: set[str] = set()
        addr_no = 20000
        for i in range(N_CUSTOMERS):
            first, last = fake.first_name(), fake.last_name()
            base = f"{first[0].lower()}{last.lower()}" if i % 2 else f"{first.lower()}.{last.lower()}"
            email = f"{base}@{rng.choice(['example.com', 'mail.example.net', 'example.org'])}"
            while email in seen:
                email = email.replace("@", f"{rng.randint(2, 99)}@", 1)
            seen.add(email)
            cid = f"CU-{10001 + i}"
            joined = NOW.date() - timedelta(days=rng.randint(70, 1400))
            self.rows["customers"].append({
                "customer_id": cid, "first_name": first, "last_name": last, "email": email,
                "phone": f"612-{rng.randint(200, 989):03d}-{rng.randint(0, 9999):04d}",
                "membership": "plus" if rng.random() < 0.25 else "basic",
                "credit_balance": rng.choice([0.0] * 6 + [5.0, 7.5, 10.0, 12.25]), "joined_on": joined.isoformat()})
            labels = ["home"] + rng.sample(["work", "other"], rng.choice([0, 0, 1, 1, 2]))
            for label in labels:
                addr_no += 1
                zone = rng.choice(ZONES)
                self.rows["addresses"].append({
                    "address_id": f"AD-{addr_no}", "customer_id": cid, "label": label,
                    "line1": fake.street_address(), "city": zone[2], "zip_code": rng.choice(zone[4]),
                    "zone_id": zone[0]})

    # -- orders -----------------------------------------------------------------------------------------------

    def open_at(self, rid: str, when: datetime) -> bool:
        h = self.hours[(rid, WEEKDAYS[when.weekday()])]
        return bool(h) and h[0] <= when.strftime("%H:%M") < h[1]

    def order(self, cust: dict[str, Any], addr: dict[str, Any], placed: datetime, status: str,
              used_codes: set[str], deliver_at: datetime | None = None) -> bool:
        rng = self.rng
        when = deliver_at or placed
        options = [r for r in self.serves.get(addr["zone_id"], []) if self.open_at(r, when)]
        if not options:
            return False
        rid = rng.choice(options)
        rest = next(r for r in self.rows["restaurants"] if r["restaurant_id"] == rid)
        menu = [m for m in self.menu[rid] if m["available"] or status in ("delivered", "cancelled")]
        mains = [m for m in menu if m["category"] == "main"]
        picks = [rng.choice(mains)] + rng.sample(menu, rng.choice([0, 1, 1, 2, 3]))
        lines: dict[str, list[Any]] = {}
        for m in picks:
            lines.setdefault(m["dish_id"], [m, 0])[1] += 1 if m in picks[:1] or rng.random() < 0.8 else 2
        subtotal = money(sum(m["price"] * q for m, q in lines.values()))
        while subtotal < rest["min_order"]:
            m = rng.choice(mains)
            lines.setdefault(m["dish_id"], [m, 0])[1] += 1
            subtotal = money(sum(m["price"] * q for m, q in lines.values()))
        oid = f"OR-{self.next('order')}"
        plus = cust["membership"] == "plus"
        fee = 0.0 if plus else next(z[3] for z in ZONES if z[0] == addr["zone_id"])
        code, discount = None, 0.0
        if rng.random() < 0.22:
            fits = [p for p in self.promos.values() if p["code"] not in used_codes and p["starts_on"] <= ts(placed)[:10]
                    <= p["expires_on"] and subtotal >= p["min_subtotal"] and p["restaurant_id"] in (None, rid)]
            if fits:
                p = rng.choice(fits)
                code = p["code"]
                if p["kind"] == "percent":
                    discount = money(min(subtotal * p["value"] / 100, p["max_discount"]))
                elif p["kind"] == "fixed":
                    discount = money(min(p["value"], subtotal))
                else:
                    discount = fee
        tip = rng.choice([0.0, 2.0, 3.0, 3.0, 4.0, 5.0, 5.0, 6.0, 8.0])
        prep = rest["prep_minutes"]
        accepted = placed + timedelta(minutes=rng.randint(1, 4)) if status not in ("placed",) else None
        delivered = None
        courier = None
        cancelled_at = reason = cfee = None
        if status == "cancelled":
            accepted = None
            cancelled_at = placed + timedelta(minutes=rng.randint(1, 5))
            reason, cfee = rng.choice(CANCEL_REASONS), 0.0
        if status in ("out_for_delivery", "delivered"):
            courier = rng.choice([c for c in self.rows["couriers"] if c["zone_id"] in (addr["zone_id"],
                                  rest["zone_id"])] or self.rows["couriers"])["courier_id"]
        if status == "delivered":
            delivered = when + timedelta(minutes=prep + rng.randint(12, 35))
        total = money(subtotal - discount + fee + tip)
        self.rows["orders"].append({
            "order_id": oid, "customer_id": cust["customer_id"], "restaurant_id": rid,
            "address_id": addr["address_id"], "courier_id": courier, "status": status, "placed_at": ts(placed),
            "deliver_at": ts(when), "accepted_at": ts(accepted) if accepted else None,
            "delivered_at": ts(delivered) if delivered else None, "subtotal": subtotal, "discount": discount,
            "delivery_fee": fee, "tip": tip, "total": total, "promo_code": code,
            "cancelled_at": ts(cancelled_at) if cancelled_at else None, "cancel_reason": reason,
            "cancellation_fee": cfee})
        items = []
        for m, q in lines.values():
            oiid = f"OI-{self.next('item')}"
            row = {"order_item_id": oiid, "order_id": oid, "dish_id": m["dish_id"], "item_name": m["name"],
                   "quantity": q, "unit_price": m["price"], "line_total": money(m["price"] * q)}
            items.append(row)
            self.rows["order_items"].append(row)
        if code:
            used_codes.add(code)
            self.rows["promo_redemptions"].append({
                "redemption_id": f"PR-{self.next('redemption'):04d}", "code": code,
                "customer_id": cust["customer_id"], "order_id": oid, "amount": discount, "redeemed_at": ts(placed)})
        if status == "cancelled":
            self.refund(oid, None, 0, total, "card", "cancellation", cancelled_at)
        if delivered:
            age = NOW - delivered
            if rng.random() < 0.08:
                it = rng.choice(items)
                q = rng.randint(1, it["quantity"])
                self.refund(oid, it["order_item_id"], q, money(it["unit_price"] * q),
                            rng.choice(["card", "account_credit"]), rng.choice(REFUND_REASONS),
                            min(delivered + timedelta(hours=rng.randint(1, 30)), NOW - timedelta(minutes=30)))
            if rng.random() < 0.45 and age > timedelta(hours=2):
                self.rows["ratings"].append({
                    "rating_id": f"RT-{self.next('rating'):04d}", "order_id": oid,
                    "food_stars": rng.choice([3, 4, 4, 5, 5, 5]), "courier_stars": rng.choice([3, 4, 5, 5, 5]),
                    "comment": rng.choice(COMMENTS),
                    "created_at": ts(min(delivered + timedelta(hours=rng.randint(1, 40)), NOW - timedelta(hours=1)))})
        return True

    def refund(self, oid: str, oiid: str | None, q: int, amount: float, method: str, reason: str,
               when: datetime) -> None:
        self.rows["refunds"].append({"refund_id": f"RF-{self.next('refund'):04d}", "order_id": oid,
                                     "order_item_id": oiid, "quantity": q, "amount": amount, "method": method,
                                     "reason": reason, "created_at": ts(when)})

    def orders(self) -> None:
        rng = self.rng
        plan: list[tuple[datetime, dict[str, Any], str, datetime | None]] = []
        addrs: dict[str, list[dict[str, Any]]] = {}
        for a in self.rows["addresses"]:
            addrs.setdefault(a["customer_id"], []).append(a)
        live = ["placed", "accepted", "placed", "accepted", "preparing", "out_for_delivery"]
        for k, c in enumerate(self.rows["customers"]):
            for _ in range(rng.randint(0, 2)):  # past orders over the last 60 days
                day = NOW - timedelta(days=rng.randint(2, 60))
                placed = day.replace(hour=rng.choice([8, 12, 12, 13, 18, 18, 19, 20]), minute=rng.randint(0, 59),
                                     second=0)
                plan.append((placed, c, "cancelled" if rng.random() < 0.06 else "delivered", None))
            if rng.random() < 0.8:  # delivered yesterday or today: still inside the refund window
                placed = NOW - timedelta(hours=rng.randint(3, 40), minutes=rng.randint(0, 59))
                placed = placed.replace(second=0)
                plan.append((placed, c, "delivered", None))
            if k % 3 != 2:  # an order on its way right now
                status = live[(k - k // 3) % 6]
                back = {"placed": (1, 6), "accepted": (6, 14), "preparing": (12, 25), "out_for_delivery": (25, 40)}
                placed = NOW - timedelta(minutes=rng.randint(*back[status]))
                plan.append((placed, c, status, None))
            else:  # scheduled for tomorrow, not accepted yet
                placed = NOW - timedelta(minutes=rng.randint(20, 300))
                when = (NOW + timedelta(days=1)).replace(hour=rng.choice([12, 13, 18, 19]), minute=rng.choice([0, 30]))
                plan.append((placed, c, "placed", when))
        plan.sort(key=lambda p: (p[0], p[1]["customer_id"]))
        used: dict[str, set[str]] = {}
        for placed, c, status, when in plan:
            for addr in rng.sample(addrs[c["customer_id"]], len(addrs[c["customer_id"]])):
                if self.order(c, addr, placed, status, used.setdefault(c["customer_id"], set()), when):
                    break


def rows() -> dict[str, list[dict[str, Any]]]:
    world = World(SEED)
    world.reference()
    world.customers()
    world.orders()
    return world.rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    write_seed(args.out, HERE.parent / "schema.sql", rows())


if __name__ == "__main__":
    main()
