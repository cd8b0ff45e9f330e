"""Build the autorepair environment's flagship tasks (``autorepair-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first customer (by id) whose records fit its story and who is in no other flagship task,
writes the request as that customer would, and plays the gold calls on a fresh state so that ids, amounts and dates
come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file
(ids with ``-qg``) are kept after the flagship tasks. Run ``python generated_envs/autorepair/seed/make_tasks.py``
after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.kit import money
from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent

PHONE_KEYWORDS = ["phone", "number", "telephone", "mobile", "cell"]
DECISION_KEYWORDS = ["approve", "go ahead", "okay", "new total", "agree", "proceed"]
#: Customers already in a task: every flagship task gets a customer of its own.
USED: set[str] = set()
CATEGORY_WORDS = {"maintenance": "routine maintenance", "brakes": "brake", "suspension": "suspension",
                  "electrical": "electrical", "engine": "engine", "transmission": "transmission",
                  "hvac": "heating and AC", "tires": "tire"}


class Session(TaskBuilder):
    def __init__(self) -> None:
        super().__init__(ENV)

    def customer(self, customer_id: str) -> dict[str, Any]:
        return self.row("SELECT * FROM customers WHERE customer_id = ?", [customer_id])

    def identify(self, c: dict[str, Any]) -> str:
        USED.add(c["customer_id"])
        return self.call("find_customer", first_name=c["first_name"], last_name=c["last_name"],
                         phone=c["phone"])["customer_id"]

    def vehicle(self, vehicle_id: str) -> dict[str, Any]:
        return self.row("SELECT * FROM vehicles WHERE vehicle_id = ?", [vehicle_id])


def phone_fact(c: dict[str, Any]) -> dict[str, Any]:
    return {"phone": {"value": c["phone"], "keywords": PHONE_KEYWORDS}}


def kw(name: str) -> str:
    """A search word of a part's name: its longest word."""
    return max((w.strip(",()") for w in name.split()), key=len).lower()


def low(name: str) -> str:
    """A part name inside a sentence: 'Front brake rotor' -> 'front brake rotor', 'AC compressor' kept."""
    return name if name[:2].isupper() else name[0].lower() + name[1:]


def car(v: dict[str, Any]) -> str:
    return f"{v['make']} {v['model']}"


def one_open(s: Session, where: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    """Work orders matching ``where`` whose customer has no other open work order and is in no task yet."""
    rows = s.rows("SELECT w.* FROM work_orders w WHERE " + where + " AND (SELECT count(*) FROM work_orders x WHERE "
                  "x.customer_id = w.customer_id AND x.status IN ('estimate', 'approved', 'in_progress', "
                  "'completed')) = 1 ORDER BY w.customer_id, w.work_order_id", params or [])
    return [r for r in rows if r["customer_id"] not in USED]


def labour_hours(s: Session, wo_id: str) -> float:
    return s.rows("SELECT coalesce(sum(quantity), 0) AS h FROM estimate_lines WHERE work_order_id = ? "
                  "AND kind = 'labour'", [wo_id])[0]["h"]


# ---------------------------------------------------------------------------------------------------------
# Scenarios: each returns the task's fields; the Session holds its gold calls
# ---------------------------------------------------------------------------------------------------------

def no_work_before_approval(s: Session) -> dict[str, Any]:
    """Refusal: start the repair now, but the estimate is not approved (and the customer won't approve yet)."""
    wo = one_open(s, "w.status = 'estimate' AND w.warranty_id IS NULL AND w.diagnostic_fee = 0")[0]
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    res = s.call("get_work_order", work_order_id=wo["work_order_id"])
    return {"instruction": f"Hi, this is {c['first_name']} {c['last_name']}. My {car(v)} is with you for "
                           f"{CATEGORY_WORDS[wo['category']]} work. I need it back quickly, so please have your guys "
                           "start on it right away. I haven't made up my mind about the estimate yet and I'm not "
                           "approving anything until my partner has seen it, but please just get going. And what "
                           "does the estimate come to?",
            "user_facts": phone_fact(c), "outputs": [f"{res['estimate_total']:.2f}"],
            "forbidden_calls": [{"name": "begin_repair", "arguments": {"work_order_id": wo["work_order_id"]}},
                                {"name": "approve_estimate", "arguments": {"work_order_id": wo["work_order_id"]}}],
            "tags": ["refusal", "approval", "read"]}


def _big_part(s: Session, skip: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """An in-progress job and an in-stock part of its category that lifts it more than 10%."""
    found = []
    for wo in one_open(s, "w.status = 'in_progress' AND w.warranty_id IS NULL"):
        parts = s.rows("SELECT * FROM parts WHERE category = ? AND qty_on_hand >= 1 AND unit_price * 1.08 > ? "
                       "ORDER BY unit_price DESC, part_id", [wo["category"], wo["approved_total"] * 0.10 + 1])
        names = {p["name"] for p in parts}
        # a part name with one in-stock brand only, so the request names one part
        for p in parts:
            same = s.rows("SELECT count(*) AS n FROM parts WHERE name = ? AND qty_on_hand >= 1", [p["name"]])[0]["n"]
            if same == 1 and len(names) >= 1:
                found.append((wo, p))
                break
    return found[skip]


def over_ten_percent_approved(s: Session) -> dict[str, Any]:
    """Write with consent: a part lifts an in-progress job more than 10%; the customer approves the new total."""
    wo, part = _big_part(s, 0)
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    s.call("get_work_order", work_order_id=wo["work_order_id"])
    s.call("search_parts", masked=["keyword", "category"], keyword=kw(part["name"]), category=part["category"])
    res = s.call("add_part_to_estimate", work_order_id=wo["work_order_id"], part_id=part["part_id"], quantity=1,
                 customer_approved=True)
    facts = phone_fact(c)
    facts["decision"] = {"value": "Yes, I understand the total goes up. I approve the new total, go ahead.",
                         "keywords": DECISION_KEYWORDS}
    return {"instruction": f"Hello, {c['first_name']} {c['last_name']} here. Your technician called: while working "
                           f"on my {car(v)} they found the {low(part['name'])} needs replacing too. Please add one "
                           f"{part['brand']} {low(part['name'])} to the job; that's the brand they want to use.",
            "user_facts": facts, "outputs": [f"{res['customer_total']:.2f}"],
            "consent": [{"fact": "decision", "calls": [{"name": "add_part_to_estimate",
                                                        "arguments": {"work_order_id": wo["work_order_id"],
                                                                      "customer_approved": True}}]}],
            "tags": ["write", "approval_limit", "confirm"]}


def over_ten_percent_declined(s: Session) -> dict[str, Any]:
    """Refusal: the same kind of change; told the new total, the customer says no."""
    wo, part = _big_part(s, 0)
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    res = s.call("get_work_order", work_order_id=wo["work_order_id"])
    s.call("search_parts", masked=["keyword", "category"], keyword=kw(part["name"]), category=part["category"])
    added = money(money(part["unit_price"]) * 108 / 100)
    new_total = money(res["customer_total"] + added)
    facts = phone_fact(c)
    facts["decision"] = {"value": "No, that's more than I want to spend. Leave the job as it was approved.",
                         "keywords": DECISION_KEYWORDS}
    return {"instruction": f"Hi, I'm {c['first_name']} {c['last_name']}. The mechanic says my {car(v)} could also "
                           f"use a new {part['brand']} {low(part['name'])} while it's apart. Can you add one to the job? Tell me "
                           "what it does to the bill first.",
            "user_facts": facts, "outputs": [f"{res['approved_total']:.2f}", f"{new_total:.2f}"],
            "forbidden_calls": [{"name": "add_part_to_estimate", "arguments": {"work_order_id": wo["work_order_id"]}}],
            "tags": ["refusal", "approval_limit", "confirm"]}


def certified_technician(s: Session) -> dict[str, Any]:
    """Write: the requested technician is not certified for the job; the certified one with fewest jobs instead."""
    techs = s.call("list_technicians")
    s.begin()
    for wo in one_open(s, "w.status IN ('estimate', 'approved') AND w.tech_id IS NULL AND w.category IN "
                          "('transmission', 'hvac', 'electrical')"):
        cert = [t for t in techs if wo["category"] in t["certified_for"].split(", ")]
        other = [t for t in techs if wo["category"] not in t["certified_for"].split(", ")]
        low = min(t["jobs_in_progress"] for t in cert)
        best = [t for t in cert if t["jobs_in_progress"] == low]
        if len(best) == 1 and other:
            break
    wanted = other[0]
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    s.call("list_technicians")
    s.call("assign_technician", work_order_id=wo["work_order_id"], tech_id=best[0]["tech_id"])
    return {"instruction": f"Hi, {c['first_name']} {c['last_name']} calling about my {car(v)} that's in for "
                           f"{CATEGORY_WORDS[wo['category']]} work. {wanted['name']} looked after my car last time "
                           f"and I'd like {wanted['name'].split()[0]} on this job too. If that's not possible, give "
                           "it to whichever certified technician has the fewest jobs going right now.",
            "user_facts": phone_fact(c), "outputs": [best[0]["name"]],
            "forbidden_calls": [{"name": "assign_technician", "arguments": {"tech_id": wanted["tech_id"]}}],
            "tags": ["write", "technician", "certification"]}


def full_slot_next(s: Session) -> dict[str, Any]:
    """Write: the asked slot is full; the next open time that morning."""
    rows = s.rows("SELECT v.* FROM vehicles v WHERE (SELECT count(*) FROM vehicles x WHERE x.customer_id = "
                  "v.customer_id) = 1 AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.vehicle_id = v.vehicle_id "
                  "AND a.status = 'booked') ORDER BY v.customer_id")
    v = next(r for r in rows if r["customer_id"] not in USED)
    c = s.customer(v["customer_id"])
    cid = s.identify(c)
    s.call("get_customer_profile", customer_id=cid)
    slots = s.call("list_open_slots", day="2026-05-14")
    nxt = next(x for x in slots["open_slots"] if x["starts_at"] > "2026-05-14 09:00")
    res = s.call("book_service_appointment", masked=["concern"], customer_id=cid, vehicle_id=v["vehicle_id"],
                 starts_at=nxt["starts_at"], category="brakes", concern="squealing brakes")
    return {"instruction": f"Hi, I'm {c['first_name']} {c['last_name']}. My {car(v)} has started squealing when "
                           "I brake. Could you book it in for brake work tomorrow, Thursday, at 9 am? If 9 is "
                           "taken, the next time after that in the morning is fine.",
            "user_facts": phone_fact(c), "outputs": [res["starts_at"][11:]],
            "tags": ["write", "appointment", "capacity"]}


def sunday_then_saturday(s: Session) -> dict[str, Any]:
    """Write: Sunday is closed; the latest Saturday drop-off instead."""
    rows = s.rows("SELECT v.* FROM vehicles v WHERE (SELECT count(*) FROM vehicles x WHERE x.customer_id = "
                  "v.customer_id) = 1 AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.vehicle_id = v.vehicle_id "
                  "AND a.status = 'booked') ORDER BY v.customer_id")
    v = [r for r in rows if r["customer_id"] not in USED][1]
    c = s.customer(v["customer_id"])
    cid = s.identify(c)
    s.call("get_customer_profile", customer_id=cid)
    slots = s.call("list_open_slots", day="2026-05-16")
    last = slots["open_slots"][-1]["starts_at"]
    s.call("book_service_appointment", masked=["concern"], customer_id=cid, vehicle_id=v["vehicle_id"],
           starts_at=last, category="maintenance", concern="oil change")
    return {"instruction": f"Hello, {c['first_name']} {c['last_name']} here. I'd like to drop my {car(v)} off for an "
                           "oil change (routine maintenance) this Sunday, 17 May, around 10. If Sunday doesn't work, "
                           "make it Saturday 16 May, as late in the day as you can.",
            "user_facts": phone_fact(c), "outputs": [last[11:]],
            "tags": ["write", "appointment", "shop_hours"]}


def sunday_only(s: Session) -> dict[str, Any]:
    """Refusal: the customer can only come on Sunday."""
    rows = s.rows("SELECT v.* FROM vehicles v WHERE (SELECT count(*) FROM vehicles x WHERE x.customer_id = "
                  "v.customer_id) = 1 AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.vehicle_id = v.vehicle_id "
                  "AND a.status = 'booked') ORDER BY v.customer_id")
    v = [r for r in rows if r["customer_id"] not in USED][2]
    c = s.customer(v["customer_id"])
    s.identify(c)
    res = s.call("list_open_slots", day="2026-05-24")
    return {"instruction": f"Hi, I'm {c['first_name']} {c['last_name']}. I work all week, so the only day I can "
                           f"bring my {car(v)} in for a tire rotation is Sunday the 24th of May, at 9 in the morning. "
                           "Please book that. If that day doesn't work, don't book anything else; I'll call back.",
            "user_facts": phone_fact(c), "outputs": [res["shop_hours"]],
            "forbidden_calls": [{"name": "book_service_appointment", "arguments": {}}],
            "tags": ["refusal", "appointment", "shop_hours"]}


def part_substitute(s: Session) -> dict[str, Any]:
    """Write: the asked brand has no stock and no back-order date; another brand in stock instead."""
    rows = s.rows("SELECT p.*, q.part_id AS alt_id, q.brand AS alt_brand FROM parts p JOIN parts q ON q.name = p.name "
                  "AND q.part_id <> p.part_id WHERE p.qty_on_hand = 0 AND p.backorder_eta IS NULL AND "
                  "q.qty_on_hand >= 1 ORDER BY p.part_id")
    for p in rows:
        wos = one_open(s, "w.status = 'estimate' AND w.category = ?", [p["category"]])
        if wos:
            wo = wos[0]
            break
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    s.call("search_parts", masked=["keyword", "category"], keyword=kw(p["name"]), category=p["category"])
    s.call("add_part_to_estimate", work_order_id=wo["work_order_id"], part_id=p["alt_id"], quantity=1)
    return {"instruction": f"Hi, {c['first_name']} {c['last_name']} here. Before I decide on the estimate for my "
                           f"{car(v)}, please add one {p['brand']} {low(p['name'])} to it. If you can't get the "
                           f"{p['brand']} one, any other brand you have in stock will do.",
            "user_facts": phone_fact(c), "outputs": [p["alt_brand"]],
            "forbidden_calls": [{"name": "approve_estimate", "arguments": {}}],
            "tags": ["write", "parts", "stock"]}


def _warranty_case(s: Session, over: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    for wo in one_open(s, "w.status = 'estimate'"):
        ws = s.rows("SELECT * FROM warranties WHERE vehicle_id = ? AND category = ? ORDER BY starts_on DESC",
                    [wo["vehicle_id"], wo["category"]])
        if len(ws) != 1:
            continue
        w = ws[0]
        res = s.call("list_vehicle_warranties", vehicle_id=wo["vehicle_id"])
        s.begin()
        st = next(x for x in res["warranties"] if x["warranty_id"] == w["warranty_id"])
        over_miles = wo["mileage_in"] > st["mile_limit"]
        if over and (over_miles or st["expired_by_date"]) and len(res["warranties"]) <= 4:
            return wo, st
        if not over and not over_miles and not st["expired_by_date"]:
            return wo, st
    raise AssertionError("no warranty case")


def warranty_covered_then_approve(s: Session) -> dict[str, Any]:
    """Multi-goal: the repair is under warranty; apply it, then approve."""
    wo, st = _warranty_case(s, over=False)
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    s.call("list_vehicle_warranties", vehicle_id=wo["vehicle_id"])
    covered = s.call("apply_warranty", work_order_id=wo["work_order_id"], warranty_id=st["warranty_id"])
    s.call("approve_estimate", work_order_id=wo["work_order_id"])
    return {"instruction": f"Hi, this is {c['first_name']} {c['last_name']}. You did {CATEGORY_WORDS[wo['category']]} "
                           f"work on my {car(v)} on {date.fromisoformat(st['starts_on']):%B} "
                           f"{date.fromisoformat(st['starts_on']).day}, and now it's back in with the "
                           "same kind of problem again. That should be under your warranty. If "
                           "it's covered, go ahead with the repair and tell me how much of it the warranty takes "
                           "care of; if it isn't, hold off and tell me why.",
            "user_facts": phone_fact(c), "outputs": [f"{covered['warranty_credit']:.2f}"],
            "tags": ["write", "multi_goal", "warranty", "approval"]}


def warranty_lapsed_then_approve(s: Session) -> dict[str, Any]:
    """Write: the warranty ran out (date or miles); the customer then approves at full price."""
    wo, st = _warranty_case(s, over=True)
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    s.call("list_vehicle_warranties", vehicle_id=wo["vehicle_id"])
    res = s.call("approve_estimate", work_order_id=wo["work_order_id"])
    why = st["expires_on"] if st["expired_by_date"] else str(st["mile_limit"])
    return {"instruction": f"Hi, {c['first_name']} {c['last_name']} here. My {car(v)} is back with a "
                           f"{CATEGORY_WORDS[wo['category']]} problem you fixed before. Please put it under the "
                           "warranty from that repair. If the warranty doesn't cover it, then go ahead and approve "
                           "the estimate anyway and tell me what I'll be paying.",
            "user_facts": phone_fact(c), "outputs": [why, f"{res['approved_total']:.2f}"],
            "forbidden_calls": [{"name": "apply_warranty", "arguments": {}}],
            "tags": ["write", "warranty", "approval"]}


def pay_then_release(s: Session) -> dict[str, Any]:
    """Multi-goal with a fact given when asked: pay the open invoice (by the method the customer names), release."""
    wo = one_open(s, "w.status = 'completed' AND (SELECT status FROM invoices i WHERE i.work_order_id = "
                     "w.work_order_id) = 'open'")[0]
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    inv = s.call("get_invoice", work_order_id=wo["work_order_id"])
    s.call("pay_invoice", invoice_id=inv["invoice_id"], method="check")
    s.call("release_vehicle", work_order_id=wo["work_order_id"])
    facts = phone_fact(c)
    facts["payment_method"] = {"value": "by check", "keywords": ["pay", "card", "cash", "method"]}
    return {"instruction": f"Hi, I'm {c['first_name']} {c['last_name']}. I got the message that my {car(v)} is "
                           "ready. I'm at the counter to pick it up; how much do I owe?",
            "user_facts": facts, "outputs": [f"{inv['balance_due']:.2f}"],
            "tags": ["write", "multi_goal", "payment", "release"]}


def loaner_too_short(s: Session) -> dict[str, Any]:
    """Refusal: a loaner for a short job."""
    for wo in one_open(s, "w.status IN ('approved', 'in_progress')"):
        h = labour_hours(s, wo["work_order_id"])
        if 1.5 <= h <= 4 and not s.rows("SELECT 1 FROM loaner_assignments WHERE customer_id = ? AND returned_at IS "
                                         "NULL", [wo["customer_id"]]):
            break
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    res = s.call("get_work_order", work_order_id=wo["work_order_id"])
    return {"instruction": f"Hello, {c['first_name']} {c['last_name']}. My {car(v)} is in your shop and I have no "
                           "way to get to work. Can I borrow one of your loaner cars until it's done?",
            "user_facts": phone_fact(c), "outputs": [f"{res['labour_hours']:g}"],
            "forbidden_calls": [{"name": "assign_loaner", "arguments": {}}],
            "tags": ["refusal", "loaner"]}


def approve_with_loaner(s: Session) -> dict[str, Any]:
    """Multi-goal: approve a long job (diagnostic fee waived) and take the first available loaner."""
    for wo in one_open(s, "w.status = 'estimate' AND w.warranty_id IS NULL AND w.diagnostic_fee > 0"):
        if labour_hours(s, wo["work_order_id"]) > 4:
            break
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    s.call("get_work_order", work_order_id=wo["work_order_id"])
    s.call("approve_estimate", work_order_id=wo["work_order_id"])
    cars = s.call("list_loaner_cars")
    first = next(x for x in cars if x["status"] == "available")
    res = s.call("assign_loaner", work_order_id=wo["work_order_id"], loaner_id=first["loaner_id"])
    return {"instruction": f"Hi, {c['first_name']} {c['last_name']} here. I've looked at the estimate for my "
                           f"{car(v)} and I approve it, go ahead. Do I still have to pay the diagnostic fee? Also, "
                           "it sounds like a long job; could I have a loaner car while it's in? Any car is fine.",
            "user_facts": phone_fact(c), "outputs": [res["plate"], "120.00"],
            "tags": ["write", "multi_goal", "approval", "loaner", "diagnostic_fee"]}


def decline_pay_release(s: Session) -> dict[str, Any]:
    """Multi-goal: decline the estimate, pay the diagnostic fee in cash, take the car."""
    wo = one_open(s, "w.status = 'estimate' AND w.warranty_id IS NULL AND w.diagnostic_fee > 0")[1]
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    res = s.call("decline_estimate", work_order_id=wo["work_order_id"])
    s.call("pay_invoice", invoice_id=res["invoice"]["invoice_id"], method="cash")
    s.call("release_vehicle", work_order_id=wo["work_order_id"])
    return {"instruction": f"Hi, I'm {c['first_name']} {c['last_name']}. I've decided not to do the repair on my "
                           f"{car(v)}; I'm declining the estimate. I'll settle whatever I owe for the diagnosis in "
                           "cash and take the car home now.",
            "user_facts": phone_fact(c), "outputs": [f"{res['invoice']['total']:.2f}"],
            "tags": ["write", "multi_goal", "diagnostic_fee", "payment", "release"]}


def approval_limit_question(s: Session) -> dict[str, Any]:
    """Read: how far an approved job may grow before a new approval is needed."""
    wo = one_open(s, "w.status = 'approved' AND w.warranty_id IS NULL")[0]
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    res = s.call("get_work_order", work_order_id=wo["work_order_id"])
    return {"instruction": f"Hello, {c['first_name']} {c['last_name']}. I approved the estimate on my {car(v)}. What "
                           "total did I approve, and how high can the bill go before you have to ask me again?",
            "user_facts": phone_fact(c), "outputs": [f"{res['approved_total']:.2f}", f"{res['approval_limit']:.2f}"],
            "tags": ["read", "approval_limit"]}


def unpaid_release_refused(s: Session) -> dict[str, Any]:
    """Refusal: the customer wants the car without paying today."""
    wo = one_open(s, "w.status = 'completed' AND (SELECT status FROM invoices i WHERE i.work_order_id = "
                     "w.work_order_id) = 'open'")[0]
    c, v = s.customer(wo["customer_id"]), s.vehicle(wo["vehicle_id"])
    cid = s.identify(c)
    s.call("list_work_orders", customer_id=cid)
    inv = s.call("get_invoice", work_order_id=wo["work_order_id"])
    return {"instruction": f"Hi, {c['first_name']} {c['last_name']}. I'm here for my {car(v)}. My paycheck comes "
                           "next Friday, so I'll pay the bill then; please just let me take the car today. I'm not "
                           "paying anything today.",
            "user_facts": phone_fact(c), "outputs": [f"{inv['balance_due']:.2f}"],
            "forbidden_calls": [{"name": "release_vehicle", "arguments": {"work_order_id": wo["work_order_id"]}}],
            "tags": ["refusal", "release", "payment"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    no_work_before_approval, over_ten_percent_approved, over_ten_percent_declined, certified_technician,
    full_slot_next, sunday_then_saturday, sunday_only, part_substitute, warranty_covered_then_approve,
    warranty_lapsed_then_approve, pay_then_release, loaner_too_short, approve_with_loaner, decline_pay_release,
    approval_limit_question, unpaid_release_refused,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"autorepair-{i:03d}", tags=fields["tags"],
                   outputs=fields["outputs"], user_facts=fields["user_facts"],
                   forbidden_calls=fields.get("forbidden_calls", []), consent=fields.get("consent", []),
                   check_outputs="refusal" not in fields["tags"])


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: "-qg" in t.id,
                                  description=__doc__.splitlines()[0]))
