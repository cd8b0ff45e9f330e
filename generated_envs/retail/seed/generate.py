"""Deterministic seed data for the retail environment (Timberline & Hearth, a home and outdoor store).

Writes one CSV per table of ``schema.sql`` next to this file (or into ``--out``). Standard library only;
running it twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.seed import schema_columns, write_seed

SEED = 20260315
NOW = datetime(2026, 3, 15, 10, 0, 0)
HERE = Path(__file__).resolve().parent

COLUMNS = schema_columns(HERE.parent / "schema.sql")  # table -> columns, in schema.sql's order

FIRST_NAMES = [
    "Amara", "Bennett", "Camila", "Dashiell", "Elif", "Farrah", "Gideon", "Hana", "Idris", "Juniper",
    "Kenji", "Lucia", "Mateo", "Nadia", "Oren", "Priya", "Quinn", "Rosalind", "Soren", "Talia",
    "Ulises", "Vera", "Wesley", "Ximena", "Yusuf", "Zara", "Aurelio", "Beatrix", "Cormac", "Delphine",
    "Emeka", "Freya", "Gael", "Harriet", "Ines", "Jasper", "Kalani", "Leona", "Malik", "Noor",
]
LAST_NAMES = [
    "Abernathy", "Baptiste", "Castellano", "Delacroix", "Eriksen", "Fairweather", "Galloway", "Haddad",
    "Ibarra", "Jovanovic", "Kowalczyk", "Lindqvist", "Moreau", "Nakashima", "Okafor", "Pemberton",
    "Quintero", "Rasmussen", "Szabo", "Thornbury", "Underwood", "Valdivia", "Whitlock", "Yamada",
    "Zeller", "Achterberg", "Brannigan", "Cavanaugh", "Drummond", "Esposito",
]
EMAIL_DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com"]
CITIES = [  # (city, state, first three zip digits)
    ("Boulder", "CO", "803"), ("Asheville", "NC", "288"), ("Bend", "OR", "977"), ("Burlington", "VT", "054"),
    ("Missoula", "MT", "598"), ("Flagstaff", "AZ", "860"), ("Duluth", "MN", "558"), ("Madison", "WI", "537"),
    ("Chattanooga", "TN", "374"), ("Boise", "ID", "837"), ("Portland", "ME", "041"), ("Santa Fe", "NM", "875"),
    ("Ann Arbor", "MI", "481"), ("Bozeman", "MT", "597"), ("Spokane", "WA", "992"), ("Tahoe City", "CA", "961"),
    ("Lexington", "KY", "405"), ("Savannah", "GA", "314"), ("Ithaca", "NY", "148"), ("Moab", "UT", "845"),
]
STREETS = ["Aspen", "Birch", "Cedar", "Juniper", "Larch", "Maple", "Ridge", "Summit", "Willow", "Canyon",
           "Meadow", "Harbor", "Pinecrest", "Riverbend", "Foxglove", "Granite", "Heron", "Lantern"]
STREET_KINDS = ["St", "Ave", "Rd", "Ln", "Way", "Dr", "Ct"]
CARD_BRANDS = ["Visa", "Mastercard", "Amex", "Discover"]

# (name, category, brand, base price, colors, sizes with price surcharges)
CATALOG: list[tuple[str, str, str, float, list[str], list[tuple[str, float]]]] = [
    ("Ridgeline 2-Person Tent", "tents", "Cairnworks", 229.99, ["Moss", "Sandstone"], []),
    ("Ridgeline 4-Person Tent", "tents", "Cairnworks", 349.99, ["Moss", "Sandstone"], []),
    ("Driftwood Ultralight Tarp", "tents", "Northfold", 89.99, ["Olive", "Coyote", "Slate"], []),
    ("Ember 20F Down Sleeping Bag", "sleeping bags", "Northfold", 279.99, ["Rust", "Navy"],
     [("Regular", 0.0), ("Long", 20.0)]),
    ("Glacier 0F Synthetic Sleeping Bag", "sleeping bags", "Cairnworks", 189.99, ["Charcoal", "Glacier Blue"],
     [("Regular", 0.0), ("Long", 15.0)]),
    ("Cloudrest Inflatable Pad", "sleeping bags", "Loftline", 119.49, ["Citron", "Slate"],
     [("Regular", 0.0), ("Wide", 25.0)]),
    ("Switchback 45L Backpack", "backpacks", "Trailwright", 199.99, ["Forest Green", "Black", "Burnt Orange"],
     [("S/M", 0.0), ("M/L", 0.0)]),
    ("Summit 28L Daypack", "backpacks", "Trailwright", 109.49, ["Black", "Teal", "Sand"], []),
    ("Pathfinder Hydration Vest", "backpacks", "Loftline", 134.99, ["Black", "Cobalt"],
     [("S", 0.0), ("M", 0.0), ("L", 0.0)]),
    ("Talus Mid Waterproof Hiking Boot", "footwear", "Granitepeak", 164.99, ["Brown", "Charcoal"],
     [("8", 0.0), ("9", 0.0), ("10", 0.0), ("11", 0.0), ("12", 0.0)]),
    ("Scree Trail Runner", "footwear", "Granitepeak", 139.99, ["Black/Lime", "Blue/Coral"],
     [("8", 0.0), ("9", 0.0), ("10", 0.0), ("11", 0.0)]),
    ("Creekside Camp Sandal", "footwear", "Trailwright", 64.99, ["Tan", "Black"],
     [("8", 0.0), ("9", 0.0), ("10", 0.0), ("11", 0.0)]),
    ("Stormwall Rain Jacket", "apparel", "Northfold", 179.99, ["Red", "Navy", "Olive"],
     [("S", 0.0), ("M", 0.0), ("L", 0.0), ("XL", 0.0)]),
    ("Hearthside Fleece Pullover", "apparel", "Loftline", 79.49, ["Heather Grey", "Oatmeal", "Pine"],
     [("S", 0.0), ("M", 0.0), ("L", 0.0), ("XL", 0.0)]),
    ("Alpenglow Down Vest", "apparel", "Northfold", 149.99, ["Black", "Plum"],
     [("S", 0.0), ("M", 0.0), ("L", 0.0)]),
    ("Merino Trail Sock 3-Pack", "apparel", "Loftline", 44.99, ["Grey", "Earth"],
     [("M", 0.0), ("L", 0.0)]),
    ("Basecamp Two-Burner Stove", "camp kitchen", "Cairnworks", 149.49, ["Green"], []),
    ("Titanium Cook Pot Set", "camp kitchen", "Trailwright", 94.99, ["Titanium"], []),
    ("Insulated Camp Mug", "camp kitchen", "Hearthstone", 24.99, ["Cream", "Forest", "Rust"], []),
    ("Riverstone Cooler 45qt", "camp kitchen", "Cairnworks", 259.99, ["White", "Sage"], []),
    ("Beacon Rechargeable Lantern", "lighting", "Lumenridge", 59.99, ["Black", "Orange"], []),
    ("Nightjar 400 Headlamp", "lighting", "Lumenridge", 39.99, ["Black", "Yellow"], []),
    ("Firefly String Lights", "lighting", "Lumenridge", 29.49, ["Warm White", "Multicolor"], []),
    ("Pinecone Ceramic Table Lamp", "lighting", "Hearthstone", 119.99, ["Cream", "Moss"], []),
    ("Woolen Throw Blanket", "home textiles", "Hearthstone", 89.99, ["Heather Grey", "Rust", "Moss"], []),
    ("Linen Duvet Cover", "home textiles", "Hearthstone", 159.99, ["Natural", "Sage", "Clay"],
     [("Queen", 0.0), ("King", 30.0)]),
    ("Flannel Sheet Set", "home textiles", "Loftline", 99.49, ["Buffalo Check", "Charcoal"],
     [("Full", 0.0), ("Queen", 10.0), ("King", 20.0)]),
    ("Handwoven Jute Rug", "home textiles", "Hearthstone", 129.99, ["Natural"],
     [("5x8", 0.0), ("8x10", 110.0)]),
    ("Cast Iron Skillet 12in", "kitchen", "Hearthstone", 54.99, ["Black"], []),
    ("Stoneware Dinner Set 12-Piece", "kitchen", "Hearthstone", 139.49, ["Speckled White", "Slate Blue"], []),
    ("Pour-Over Coffee Kit", "kitchen", "Trailwright", 49.99, ["Copper", "Matte Black"], []),
    ("Acacia Cutting Board", "kitchen", "Hearthstone", 39.49, ["Natural"], [("Medium", 0.0), ("Large", 15.0)]),
    ("Soy Candle Trio", "home decor", "Hearthstone", 34.99, ["Campfire", "Cedar & Sage", "Sea Salt"], []),
    ("Trailhead Wall Map Print", "home decor", "Northfold", 69.99, ["Walnut Frame", "Black Frame"],
     [("18x24", 0.0), ("24x36", 40.0)]),
    ("Adirondack Folding Chair", "outdoor furniture", "Cairnworks", 189.99, ["Teak", "Slate", "White"], []),
    ("Compact Camp Chair", "outdoor furniture", "Trailwright", 74.99, ["Black", "Blue", "Red"], []),
    ("Cedar Fire Pit Table", "outdoor furniture", "Cairnworks", 429.99, ["Bronze"], []),
    ("Trekking Pole Pair", "accessories", "Granitepeak", 99.99, ["Graphite", "Cobalt"], []),
    ("Waterproof Dry Bag 20L", "accessories", "Northfold", 34.49, ["Yellow", "Blue", "Black"], []),
    ("Trail First-Aid Kit", "accessories", "Trailwright", 44.49, ["Red"], []),
]

CARRIERS = {  # carrier -> (tracking prefix, digits)
    "Parcelink": ("PLK", 11),
    "BlueRoute": ("BR", 12),
    "Trailpost Express": ("TPX", 10),
}
CANCEL_REASONS = ["no_longer_needed", "ordered_by_mistake", "found_better_price", "delivery_too_slow"]
RETURN_REASONS = ["damaged", "wrong_size", "not_as_described", "changed_mind"]


def money(x: float) -> float:
    """Round to cents."""
    return round(x + 1e-9, 2)


def fmt(value: Any) -> str:
    """CSV form of a value: NULL as the empty string, money with two decimals."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


class Generator:
    """Builds every table's rows from one seeded random stream."""

    def __init__(self, seed: int = SEED) -> None:
        self.rng = random.Random(seed)
        self.rows: dict[str, list[dict[str, Any]]] = {t: [] for t in COLUMNS}
        self.txn_no = 0

    def add(self, table: str, **row: Any) -> dict[str, Any]:
        assert set(row) == set(COLUMNS[table]), (table, set(row) ^ set(COLUMNS[table]))
        self.rows[table].append(row)
        return row

    def txn(self, order_id: str | None, payment_id: str, kind: str, amount: float, reason: str,
            at: datetime) -> None:
        self.txn_no += 1
        self.add("transactions", transaction_id=f"TXN-{self.txn_no:06d}", order_id=order_id, payment_id=payment_id,
                 kind=kind, amount=money(amount), reason=reason, created_at=at)

    # -- catalog -------------------------------------------------------------------------------------------
    def catalog(self) -> None:
        vno = 5101
        self.variants_by_product: dict[str, list[dict[str, Any]]] = {}
        for i, (name, category, brand, base, colors, sizes) in enumerate(CATALOG):
            pid = f"P-{201 + i}"
            self.add("products", product_id=pid, name=name, category=category, brand=brand)
            for color in colors:
                for size, surcharge in sizes or [(None, 0.0)]:
                    vid = f"V-{vno}"
                    vno += self.rng.randint(1, 3)
                    v = self.add("variants", variant_id=vid, product_id=pid, color=color, size=size,
                                 price=money(base + surcharge))
                    self.variants_by_product.setdefault(pid, []).append(v)
                    out = self.rng.random() < 0.14
                    self.add("inventory", variant_id=vid, stock=0 if out else self.rng.randint(2, 40),
                             restock_date=(NOW + timedelta(days=self.rng.randint(7, 45))).date() if out else None)

    # -- customers -----------------------------------------------------------------------------------------
    def customers(self, count: int = 200) -> None:
        pairs = [(f, l) for f in FIRST_NAMES for l in LAST_NAMES]
        self.rng.shuffle(pairs)
        addr_no, pay_no = 100, 300
        self.customer_info: list[dict[str, Any]] = []
        for n, (first, last) in enumerate(pairs[:count]):
            cid = f"C-{n + 1:05d}"
            domain = self.rng.choice(EMAIL_DOMAINS)
            sep = self.rng.choice([".", "_", ""])
            email = f"{first.lower()}{sep}{last.lower()}@{domain}"
            addrs = []
            for _ in range(1 if self.rng.random() < 0.8 else 2):
                addr_no += 1
                city, state, zip3 = self.rng.choice(CITIES)
                line2 = self.rng.choice([None, None, None, f"Apt {self.rng.randint(1, 40)}",
                                         f"Unit {self.rng.randint(100, 420)}"])
                addrs.append(self.add(
                    "addresses", address_id=f"ADR-{addr_no:05d}", customer_id=cid,
                    line1=f"{self.rng.randint(10, 9899)} {self.rng.choice(STREETS)} {self.rng.choice(STREET_KINDS)}",
                    line2=line2, city=city, state=state, zip_code=f"{zip3}{self.rng.randint(1, 99):02d}"))
            self.add("customers", customer_id=cid, first_name=first, last_name=last, email=email,
                     phone=f"555-{self.rng.randint(100, 999)}-{self.rng.randint(1000, 9999)}",
                     default_address_id=addrs[0]["address_id"],
                     member_since=date(2019, 1, 1) + timedelta(days=self.rng.randint(0, 2500)))
            pays = []
            for _ in range(self.rng.choice([1, 1, 2, 2, 3])):
                pay_no += 1
                if self.rng.random() < 0.7:
                    label = f"{self.rng.choice(CARD_BRANDS)} ending {self.rng.randint(1000, 9999)}"
                    kind = "credit_card"
                else:
                    label, kind = f"PayPal ({email})", "paypal"
                    if any(p["method_type"] == "paypal" for p in pays):
                        continue
                pays.append(self.add("payment_methods", payment_id=f"PAY-{pay_no:05d}", customer_id=cid,
                                     method_type=kind, label=label, balance=None))
            if self.rng.random() < 0.35:
                pay_no += 1
                cents = self.rng.choice([x for x in range(1, 100) if x % 10])
                pays.append(self.add("payment_methods", payment_id=f"PAY-{pay_no:05d}", customer_id=cid,
                                     method_type="store_credit", label="Store credit",
                                     balance=money(self.rng.randint(5, 140) + cents / 100)))
            self.customer_info.append({"id": cid, "address": addrs[0], "payments": pays})

    # -- orders --------------------------------------------------------------------------------------------
    def orders(self) -> None:
        order_no, item_no, ship_no, ret_no, exc_no = 10200, 20400, 30000, 4000, 7000
        products = list(self.variants_by_product)
        placements = []
        for info in self.customer_info:
            for _ in range(self.rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5])):
                if self.rng.random() < 0.22:
                    age = timedelta(minutes=self.rng.randint(60, 5 * 24 * 60))
                else:
                    age = timedelta(minutes=self.rng.randint(5 * 24 * 60, 160 * 24 * 60))
                placements.append((NOW - age, info))
        placements.sort(key=lambda p: (p[0], p[1]["id"]))
        for placed, info in placements:
            order_no += self.rng.randint(1, 4)
            oid = f"ORD-{order_no}"
            hours = (NOW - placed).total_seconds() / 3600
            if hours < 48:
                status = "pending" if self.rng.random() < 0.85 else "processing"
            elif hours < 96:
                status = "processing" if self.rng.random() < 0.3 else "shipped"
            elif hours < 240:
                status = "shipped" if self.rng.random() < 0.55 else "delivered"
            else:
                status = "delivered"
            if hours > 48 and self.rng.random() < 0.07:
                status = "cancelled"
            card_like = [p for p in info["payments"] if p["method_type"] != "store_credit"]
            payment = self.rng.choice(card_like or info["payments"])
            addr = info["address"]
            items = []
            for pid in self.rng.sample(products, self.rng.choice([1, 1, 2, 2, 3])):
                variant = self.rng.choice(self.variants_by_product[pid])
                item_no += 1
                items.append(self.add("order_items", order_item_id=f"OI-{item_no}", order_id=oid,
                                      variant_id=variant["variant_id"],
                                      quantity=2 if self.rng.random() < 0.1 else 1,
                                      unit_price=variant["price"],
                                      status="cancelled" if status == "cancelled" else "ordered"))
            subtotal = money(sum(i["unit_price"] * i["quantity"] for i in items))
            fee = 0.0 if subtotal >= 75 else 6.95
            cancelled_at = placed + timedelta(hours=self.rng.randint(1, 20)) if status == "cancelled" else None
            self.add("orders", order_id=oid, customer_id=info["id"], placed_at=placed, status=status,
                     payment_id=payment["payment_id"], ship_line1=addr["line1"], ship_line2=addr["line2"],
                     ship_city=addr["city"], ship_state=addr["state"], ship_zip=addr["zip_code"],
                     subtotal=subtotal, shipping_fee=fee, total=money(subtotal + fee),
                     cancel_reason=self.rng.choice(CANCEL_REASONS) if cancelled_at else None,
                     cancelled_at=cancelled_at)
            self.txn(oid, payment["payment_id"], "charge", subtotal + fee, "order", placed)
            if cancelled_at:
                self.txn(oid, payment["payment_id"], "refund", subtotal + fee, "cancellation", cancelled_at)
                continue
            if status == "pending":
                continue
            ship_no += self.rng.randint(1, 3)
            carrier = self.rng.choice(sorted(CARRIERS))
            prefix, digits = CARRIERS[carrier]
            tracking = prefix + "".join(str(self.rng.randint(0, 9)) for _ in range(digits))
            shipped_at = placed + timedelta(hours=self.rng.randint(20, 44))
            eta = (shipped_at + timedelta(days=self.rng.randint(3, 6))).date()
            delivered_at = None
            if status == "processing":
                ship_status, shipped_at = "label_created", None
            elif status == "shipped":
                ship_status = "out_for_delivery" if eta == NOW.date() else "in_transit"
            else:
                delivered_at = shipped_at + timedelta(days=self.rng.randint(2, 6), hours=self.rng.randint(0, 8))
                if delivered_at >= NOW:
                    delivered_at = NOW - timedelta(hours=self.rng.randint(2, 20))
                ship_status = "delivered"
            self.add("shipments", shipment_id=f"SHP-{ship_no}", order_id=oid, carrier=carrier,
                     tracking_number=tracking, status=ship_status, shipped_at=shipped_at, estimated_delivery=eta,
                     delivered_at=delivered_at)
            if status != "delivered":
                continue
            roll = self.rng.random()
            if roll < 0.10:
                ret_no += self.rng.randint(1, 3)
                self.seed_return(f"RMA-{ret_no}", oid, payment, info, items[0], delivered_at)
            elif roll < 0.14 and len(self.variants_by_product[self.product_of(items[0])]) > 1:
                exc_no += self.rng.randint(1, 3)
                self.seed_exchange(f"EXC-{exc_no}", oid, items[0], delivered_at)

    def product_of(self, item: dict[str, Any]) -> str:
        return next(pid for pid, vs in self.variants_by_product.items()
                    if any(v["variant_id"] == item["variant_id"] for v in vs))

    def seed_return(self, rid: str, oid: str, payment: dict[str, Any], info: dict[str, Any],
                    item: dict[str, Any], delivered_at: datetime) -> None:
        created = delivered_at + timedelta(days=self.rng.randint(1, 12), hours=self.rng.randint(0, 9))
        age = (NOW - created).days
        status = "awaiting_item" if age < 6 else "received" if age < 12 else "refunded"
        credit = [p for p in info["payments"] if p["method_type"] == "store_credit"]
        use_credit = bool(credit) and self.rng.random() < 0.4
        refund_to = credit[0] if use_credit else payment
        amount = money(item["unit_price"] * item["quantity"])
        self.add("returns", return_id=rid, order_id=oid, status=status,
                 reason=self.rng.choice(RETURN_REASONS),
                 refund_method="store_credit" if use_credit else "original_payment",
                 refund_payment_id=refund_to["payment_id"], refund_amount=amount,
                 created_at=min(created, NOW - timedelta(hours=3)))
        self.add("return_items", return_id=rid, order_item_id=item["order_item_id"])
        item["status"] = "returned" if status in ("received", "refunded") else "return_requested"
        if status == "refunded":
            self.txn(oid, refund_to["payment_id"], "refund", amount, "return", created + timedelta(days=10))

    def seed_exchange(self, eid: str, oid: str, item: dict[str, Any], delivered_at: datetime) -> None:
        options = [v for v in self.variants_by_product[self.product_of(item)] if v["variant_id"] != item["variant_id"]]
        new = self.rng.choice(options)
        created = min(delivered_at + timedelta(days=self.rng.randint(1, 10)), NOW - timedelta(hours=5))
        age = (NOW - created).days
        status = "awaiting_item" if age < 5 else "replacement_shipped" if age < 10 else "completed"
        self.add("exchanges", exchange_id=eid, order_id=oid, order_item_id=item["order_item_id"],
                 new_variant_id=new["variant_id"], status=status,
                 price_difference=money(new["price"] - item["unit_price"]), created_at=created)
        item["status"] = "exchanged" if status == "completed" else "exchange_requested"

    def build(self) -> dict[str, list[dict[str, Any]]]:
        self.catalog()
        self.customers()
        self.orders()
        return self.rows


def write(rows: dict[str, list[dict[str, Any]]], out: Path) -> None:
    """Write one CSV per table, header in schema order, LF line endings."""
    write_seed(out, HERE.parent / "schema.sql", rows, cell=lambda value, table, column: fmt(value))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=HERE, help="directory for the CSV files (default: seed/)")
    args = parser.parse_args()
    write(Generator().build(), args.out)


if __name__ == "__main__":
    main()
