"""Build the itassets environment's flagship tasks (``itassets-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first employee (by id) whose records fit its story and who is in no other flagship task,
writes the request as that employee would, and plays the gold calls on a fresh state so that ids, dates and amounts
come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file
(``itassets-qg...``) are kept after the flagship tasks. Run ``python generated_envs/itassets/seed/make_tasks.py``
after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent

EMAIL = ["email", "e-mail", "mail address", "work address"]
DECISION = ["fee", "charge", "cost", "confirm", "proceed", "go ahead", "agree", "okay", "ok with"]

#: Employees already in a task: every task gets an employee of its own.
USED: set[str] = set()

ACTIVE_LAPTOP = ("SELECT e.*, a.asset_tag, a.assigned_on, d.warranty_end, d.model_id, m.model_name FROM employees e "
                 "JOIN device_assignments a ON a.employee_id = e.employee_id AND a.status = 'active' AND "
                 "a.kind = 'standard' JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON "
                 "m.model_id = d.model_id WHERE e.status = 'active' AND e.manager_id IS NOT NULL")


def email_fact(e: dict[str, Any]) -> dict[str, Any]:
    return {"email": {"value": e["email"], "keywords": EMAIL}}


def fresh(rows: list[dict[str, Any]], skip: int = 0) -> dict[str, Any]:
    return [r for r in rows if r["employee_id"] not in USED][skip]


def identify(b: TaskBuilder, e: dict[str, Any]) -> str:
    USED.add(e["employee_id"])
    return b.call("find_employee_by_email", email=e["email"])["employee_id"]


def no_open(b: TaskBuilder, employee_id: str) -> bool:
    return not b.rows("SELECT 1 FROM hardware_requests WHERE employee_id = ? AND status IN ('pending', 'approved')",
                      [employee_id])


def long_date(iso: str) -> str:
    from datetime import date
    d = date.fromisoformat(iso[:10])
    return f"{d.strftime('%B')} {d.day}, {d.year}"


# ---------------------------------------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------------------------------------

def refresh_too_soon(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: the laptop was handed out less than 36 months ago; the refresh date is the answer."""
    rows = b.rows(ACTIVE_LAPTOP + " AND m.category = 'laptop' AND a.assigned_on BETWEEN '2024-06-01' AND "
                  "'2025-06-01' AND d.status = 'assigned' ORDER BY e.employee_id")
    e = fresh(rows, 2)
    eid = identify(b, e)
    res = b.call("list_employee_devices", employee_id=eid)
    lap = next(d for d in res["devices"] if d["category"] == "laptop")
    return {"instruction": f"Hi, this is {e['first_name']} {e['last_name']}. My {lap['model_name']} feels slow "
                           "these days. Could you file a refresh request so I get a new ThinkPad T14 Gen 4?",
            "user_facts": email_fact(e), "outputs": [lap["refresh_eligible_from"]],
            "forbidden_calls": [{"name": "submit_hardware_request", "arguments": {"employee_id": eid}}],
            "tags": ["read", "refusal", "refresh_window"]}


def refresh_submit_approve_fulfil(b: TaskBuilder) -> dict[str, Any]:
    """Multi-write: laptop older than 36 months; file the refresh, approve it (under $1,500) and hand it out."""
    rows = b.rows(ACTIVE_LAPTOP + " AND m.category = 'laptop' AND a.assigned_on < '2023-06-01' AND "
                  "d.status = 'assigned' AND e.department_id NOT IN ('DEP-02', 'DEP-03') ORDER BY e.employee_id")
    for row in [r for r in rows if r["employee_id"] not in USED]:
        if not no_open(b, row["employee_id"]):
            continue
        e = row
        eid = identify(b, e)
        b.call("list_employee_devices", employee_id=eid)
        b.call("list_device_models", masked=["category"], category="laptop")
        req = b.call("submit_hardware_request", employee_id=eid, model_id="MDL-01", request_kind="refresh")
        b.call("approve_request", request_id=req["request_id"])
        out = b.call("fulfill_request", request_id=req["request_id"])
        return {"instruction": f"Hello, {e['first_name']} {e['last_name']} from {dep_name(b, e)}. My "
                               f"{e['model_name']} is more than three years old now. I'd like a refresh to a ThinkPad "
                               "T14 Gen 4. If it can be approved right away, please hand the new one out to me today "
                               "as well and tell me its asset tag.",
                "user_facts": email_fact(e), "outputs": [out["asset_tag"]],
                "tags": ["write", "multi", "refresh", "request"]}
    raise AssertionError("no employee fits refresh_submit_approve_fulfil")


def dep_name(b: TaskBuilder, e: dict[str, Any]) -> str:
    return b.rows("SELECT name FROM departments WHERE department_id = ?", [e["department_id"]])[0]["name"]


def approve_needs_manager(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: a pending request above $1,500 with no manager approval on record."""
    rows = b.rows("SELECT r.request_id, r.estimated_cost, m.model_name, e.* FROM hardware_requests r JOIN employees e "
                  "ON e.employee_id = r.employee_id JOIN device_models m ON m.model_id = r.model_id WHERE "
                  "r.status = 'pending' AND r.estimated_cost > 1500 AND r.manager_approved_by IS NULL AND "
                  "e.status = 'active' ORDER BY e.employee_id")
    r = fresh(rows)
    eid = identify(b, r)
    b.call("list_hardware_requests", masked=["status"], employee_id=eid)
    return {"instruction": f"Hi, {r['first_name']} {r['last_name']} here. I put in a request for a {r['model_name']} "
                           "a few days ago and it's still pending. Can you approve it and hand it over today? I "
                           "really need it. And remind me what it was estimated at?",
            "user_facts": email_fact(r), "outputs": [f"{r['estimated_cost']:.2f}"],
            "forbidden_calls": [{"name": "approve_request", "arguments": {"request_id": r["request_id"]}},
                                {"name": "fulfill_request", "arguments": {"request_id": r["request_id"]}}],
            "tags": ["read", "refusal", "manager_approval"]}


def approve_with_manager_fulfil(b: TaskBuilder) -> dict[str, Any]:
    """Multi-write: a pending request above $1,500 whose manager approved it; approve and fulfil from stock."""
    rows = b.rows("SELECT r.request_id, r.model_id, m.model_name, e.* FROM hardware_requests r JOIN employees e ON "
                  "e.employee_id = r.employee_id JOIN device_models m ON m.model_id = r.model_id WHERE r.status = "
                  "'pending' AND r.estimated_cost > 1500 AND r.manager_approved_by IS NOT NULL AND e.status = "
                  "'active' AND r.model_id = 'MDL-03' ORDER BY e.employee_id")
    for r in [x for x in rows if x["employee_id"] not in USED]:
        b.begin()
        eid = identify(b, r)
        b.call("list_hardware_requests", masked=["status"], employee_id=eid)
        b.call("approve_request", request_id=r["request_id"])
        try:
            out = b.call("fulfill_request", request_id=r["request_id"])
        except Exception:
            USED.discard(r["employee_id"])
            continue
        return {"instruction": f"Hi, it's {r['first_name']} {r['last_name']}. My manager signed off on my "
                               f"{r['model_name']} request. Could you get it approved on your side and hand the laptop "
                               "out to me? Please tell me the new laptop's asset tag.",
                "user_facts": email_fact(r), "outputs": [out["asset_tag"]],
                "tags": ["write", "multi", "manager_approval", "request"]}
    raise AssertionError("no employee fits approve_with_manager_fulfil")


def fulfil_no_stock(b: TaskBuilder) -> dict[str, Any]:
    """Read: an approved request for a model with no stock stays approved."""
    rows = b.rows("SELECT r.request_id, m.model_name, e.* FROM hardware_requests r JOIN employees e ON e.employee_id = "
                  "r.employee_id JOIN device_models m ON m.model_id = r.model_id WHERE r.status = 'approved' AND "
                  "r.model_id = 'MDL-05' AND e.status = 'active' ORDER BY e.employee_id")
    r = fresh(rows)
    eid = identify(b, r)
    b.call("list_hardware_requests", masked=["status"], employee_id=eid)
    return {"instruction": f"Hello, {r['first_name']} {r['last_name']}. Where does my request for the "
                           f"{r['model_name']} stand? If the laptop can be handed out, I'd like to pick it up today; if "
                           "not, just tell me the request's status and why, and leave the request as it is.",
            "user_facts": email_fact(r), "outputs": ["approved"],
            "forbidden_calls": [{"name": "cancel_request", "arguments": {"request_id": r["request_id"]}}],
            "tags": ["read", "refusal", "stock"]}


def repair_with_fee(b: TaskBuilder) -> dict[str, Any]:
    """Write with consent: an out-of-warranty laptop; the employee accepts the $320 department charge."""
    rows = b.rows(ACTIVE_LAPTOP + " AND m.category = 'laptop' AND d.status = 'assigned' AND d.warranty_end < "
                  "'2026-09-15' AND e.department_id IN ('DEP-05', 'DEP-09', 'DEP-10') ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    b.call("list_employee_devices", employee_id=eid)
    out = b.call("open_repair_order", asset_tag=e["asset_tag"], fault="keyboard", accept_charge=True)
    facts = email_fact(e)
    facts["fee_decision"] = {"value": "Yes, that's fine, charge it to my department and go ahead with the repair.",
                             "keywords": DECISION}
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. Several keys on my {e['model_name']} keyboard "
                           "stopped working. Please send it in for repair.",
            "user_facts": facts, "outputs": [f"{out['charge']:.2f}"],
            "consent": [{"fact": "fee_decision", "calls": [{"name": "open_repair_order",
                                                            "arguments": {"accept_charge": True}}]}],
            "tags": ["write", "repair", "fee", "confirm"]}


def repair_budget_short(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: Legal's repair budget cannot cover the out-of-warranty laptop fee."""
    rows = b.rows(ACTIVE_LAPTOP + " AND m.category = 'laptop' AND d.status = 'assigned' AND d.warranty_end < "
                  "'2026-09-15' AND e.department_id = 'DEP-08' ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    devices = b.call("list_employee_devices", employee_id=eid)["devices"]
    ended = next(d for d in devices if d["asset_tag"] == e["asset_tag"])["warranty_end"]
    b.call("get_employee_profile", employee_id=eid)
    budget = b.call("get_department_budget", department_id=e["department_id"])
    facts = email_fact(e)
    facts["fee_decision"] = {"value": "Sure, it can be charged to our department, please go ahead.",
                             "keywords": DECISION}
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']} from Legal. The battery of my {e['model_name']} "
                           "barely lasts an hour. Can you send it in for a repair? I think the warranty has run out; "
                           "when did it end?",
            "user_facts": facts, "outputs": [f"{budget['repair_remaining']:.2f}", ended],
            "forbidden_calls": [{"name": "open_repair_order", "arguments": {"asset_tag": e["asset_tag"],
                                                                            "accept_charge": True}}],
            "tags": ["read", "refusal", "repair", "budget"]}


def repair_and_loaner(b: TaskBuilder) -> dict[str, Any]:
    """Multi-write: a laptop under warranty goes to repair for free; a loaner laptop for 10 days meanwhile."""
    rows = b.rows(ACTIVE_LAPTOP + " AND m.category = 'laptop' AND d.status = 'assigned' AND d.warranty_end >= "
                  "'2026-12-01' AND NOT EXISTS (SELECT 1 FROM device_assignments x WHERE x.employee_id = e.employee_id "
                  "AND x.kind = 'loaner' AND x.status = 'active') ORDER BY e.employee_id")
    e = fresh(rows, 1)
    eid = identify(b, e)
    b.call("list_employee_devices", employee_id=eid)
    rep = b.call("open_repair_order", asset_tag=e["asset_tag"], fault="screen")
    pool = b.call("list_loaner_pool", category="laptop")
    loan = b.call("lend_loaner", employee_id=eid, asset_tag=pool["loaners"][0]["asset_tag"], days=10)
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']} here. I dropped my {e['model_name']} and the "
                           "screen cracked. Please send it in for repair, and lend me a loaner laptop for the next ten "
                           "days so I can keep working. Which loaner do I get, and when is it due back?",
            "user_facts": email_fact(e), "outputs": [loan["asset_tag"], loan["due_back"]],
            "tags": ["write", "multi", "repair", "loaner", "warranty"]}


def loaner_too_long(b: TaskBuilder) -> dict[str, Any]:
    """Write: three weeks asked, at most 14 days allowed; the employee accepts two weeks."""
    rows = b.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND e.office = 'Remote' AND NOT EXISTS "
                  "(SELECT 1 FROM device_assignments x WHERE x.employee_id = e.employee_id AND x.kind = 'loaner' AND "
                  "x.status = 'active') ORDER BY e.employee_id")
    e = fresh(rows, 3)
    eid = identify(b, e)
    pool = b.call("list_loaner_pool", category="phone")
    loan = b.call("lend_loaner", employee_id=eid, asset_tag=pool["loaners"][0]["asset_tag"], days=14)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I'm travelling to a trade fair and need a second "
                           "phone from the loaner pool for three weeks. If three weeks isn't possible, give me the "
                           "longest loan you can, and tell me the date it has to be back.",
            "user_facts": email_fact(e), "outputs": [loan["due_back"]],
            "tags": ["write", "loaner", "loan_limit"]}


def second_loaner(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: the employee already has a loaner laptop; no second loaner."""
    rows = b.rows("SELECT e.*, x.due_back FROM employees e JOIN device_assignments x ON x.employee_id = e.employee_id "
                  "AND x.kind = 'loaner' AND x.status = 'active' WHERE e.status = 'active' ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    res = b.call("list_employee_devices", employee_id=eid)
    loan = next(d for d in res["devices"] if d["kind"] == "loaner")
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. While my laptop is being repaired, could I also "
                           "borrow a loaner phone for a week? And remind me when the loaner I have now is due back.",
            "user_facts": email_fact(e), "outputs": [loan["due_back"]],
            "forbidden_calls": [{"name": "lend_loaner", "arguments": {"employee_id": eid}}],
            "tags": ["read", "refusal", "loaner"]}


def license_full_and_release(b: TaskBuilder) -> dict[str, Any]:
    """Write + refusal: Tableau has no free seat; the Zoom seat is released as asked."""
    rows = b.rows("SELECT e.* FROM employees e JOIN license_assignments l ON l.employee_id = e.employee_id AND "
                  "l.software_id = 'SW-03' AND l.status = 'active' WHERE e.status = 'active' AND e.department_id = "
                  "'DEP-06' AND NOT EXISTS (SELECT 1 FROM license_assignments t WHERE t.employee_id = e.employee_id "
                  "AND t.software_id = 'SW-09' AND t.status = 'active') ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    titles = b.call("list_software_titles")
    b.call("release_license", employee_id=eid, software_id="SW-03")
    tab = next(t for t in titles if t["software_id"] == "SW-09")
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']} from Finance. I no longer need my Zoom Workplace "
                           "Pro license, please release it. And I'd like a Tableau Creator seat for the new "
                           "dashboards. How many Tableau seats does the company have, by the way?",
            "user_facts": email_fact(e), "outputs": [str(tab["seats_total"])],
            "forbidden_calls": [{"name": "assign_license", "arguments": {"employee_id": eid, "software_id": "SW-09"}}],
            "tags": ["write", "refusal", "license", "seats"]}


def license_restricted(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: Figma is restricted to Design; a Marketing employee gets Miro instead as asked."""
    rows = b.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND e.department_id = 'DEP-04' AND NOT EXISTS "
                  "(SELECT 1 FROM license_assignments t WHERE t.employee_id = e.employee_id AND t.software_id = "
                  "'SW-12' AND t.status = 'active') ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    b.call("list_software_titles")
    b.call("assign_license", employee_id=eid, software_id="SW-12")
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']} in Marketing. I'd like a Figma Professional "
                           "license for a campaign mock-up. If I can't have Figma, a Miro Business seat will do.",
            "user_facts": email_fact(e), "outputs": ["Design"],
            "forbidden_calls": [{"name": "assign_license", "arguments": {"employee_id": eid, "software_id": "SW-05"}}],
            "tags": ["write", "refusal", "license", "restricted"]}


def second_laptop(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: the employee already holds a laptop; a spare one from stock cannot be assigned."""
    rows = b.rows(ACTIVE_LAPTOP + " AND m.category = 'laptop' AND d.status = 'assigned' AND d.model_id = 'MDL-03' "
                  "ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    res = b.call("list_employee_devices", employee_id=eid)
    lap = next(d for d in res["devices"] if d["asset_tag"] == e["asset_tag"])
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I'd like a second laptop for testing: could you "
                           "assign me one of the ThinkPad T14 Gen 4s you have in stock, next to my MacBook? If that's "
                           "not allowed, from what date could I get my MacBook refreshed instead?",
            "user_facts": email_fact(e), "outputs": [lap["refresh_eligible_from"]],
            "forbidden_calls": [{"name": "assign_device", "arguments": {"employee_id": eid}}],
            "tags": ["read", "refusal", "holding_limit"]}


def monitor_from_stock(b: TaskBuilder) -> dict[str, Any]:
    """Write: one monitor held; the lowest in-stock 27-inch UltraSharp is assigned as the second."""
    rows = b.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND (SELECT count(*) FROM device_assignments a "
                  "JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON m.model_id = d.model_id WHERE "
                  "a.employee_id = e.employee_id AND a.status = 'active' AND m.category = 'monitor') = 1 "
                  "ORDER BY e.employee_id")
    e = fresh(rows, 4)
    eid = identify(b, e)
    stock = b.call("list_available_devices", category="monitor", model_id="MDL-09")
    out = b.call("assign_device", asset_tag=stock["devices"][0]["asset_tag"], employee_id=eid)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I'd like a second monitor for my desk, a Dell "
                           "UltraSharp 27-inch like the ones you keep in stock. Any unit is fine; just tell me its asset tag.",
            "user_facts": email_fact(e), "outputs": [out["asset_tag"]],
            "tags": ["write", "assign", "holding_limit"]}


def retired_device(b: TaskBuilder) -> dict[str, Any]:
    """Refusal: the monitor the employee found on a shelf is retired and cannot be assigned."""
    dev = b.rows("SELECT d.asset_tag, m.model_name FROM devices d JOIN device_models m ON m.model_id = d.model_id "
                 "WHERE d.status = 'retired' AND m.category = 'monitor' ORDER BY d.asset_tag")[1]
    rows = b.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND e.office = 'Oslo' AND (SELECT count(*) "
                  "FROM device_assignments a JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON "
                  "m.model_id = d.model_id WHERE a.employee_id = e.employee_id AND a.status = 'active' AND "
                  "m.category = 'monitor') = 0 ORDER BY e.employee_id")
    e = fresh(rows, 2)
    eid = identify(b, e)
    b.call("get_device_details", asset_tag=dev["asset_tag"])
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I found an unused {dev['model_name']} on the "
                           f"shelf by the Oslo print room, asset tag {dev['asset_tag']}. Could you put it on my name "
                           "so I can use it at my desk?",
            "user_facts": email_fact(e), "outputs": ["retired"],
            "forbidden_calls": [{"name": "assign_device", "arguments": {"asset_tag": dev["asset_tag"]}}],
            "tags": ["read", "refusal", "retired"]}


def groups_restricted_and_open(b: TaskBuilder) -> dict[str, Any]:
    """Write + refusal: Finance Shared Drive is Finance-only; Wiki Editors is added."""
    rows = b.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND e.department_id = 'DEP-10' AND NOT EXISTS "
                  "(SELECT 1 FROM group_memberships g WHERE g.employee_id = e.employee_id AND g.group_id = 'GRP-10') "
                  "ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    b.call("list_access_groups")
    b.call("add_group_membership", employee_id=eid, group_id="GRP-10")
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']} from Customer Success. Please add me to the Wiki "
                           "Editors group and to the Finance Shared Drive, I need to look at the budget sheets.",
            "user_facts": email_fact(e), "outputs": ["Finance"],
            "forbidden_calls": [{"name": "add_group_membership", "arguments": {"employee_id": eid,
                                                                               "group_id": "GRP-05"}}],
            "tags": ["write", "refusal", "access_group", "restricted"]}


def offboarding(b: TaskBuilder) -> dict[str, Any]:
    """Write: a leaver's last day: offboard (devices back, seats released, groups removed)."""
    rows = b.rows("SELECT e.* FROM employees e WHERE e.status = 'active' AND e.manager_id IS NOT NULL AND "
                  "(SELECT count(*) FROM device_assignments a WHERE a.employee_id = e.employee_id AND "
                  "a.status = 'active') = 3 AND NOT EXISTS (SELECT 1 FROM device_assignments a JOIN devices d ON "
                  "d.asset_tag = a.asset_tag WHERE a.employee_id = e.employee_id AND a.status = 'active' AND "
                  "d.status = 'in_repair') ORDER BY e.employee_id")
    e = fresh(rows, 5)
    eid = identify(b, e)
    out = b.call("offboard_employee", employee_id=eid)
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. Today is my last day at Halvorsen Labs and I'm "
                           "dropping my equipment off at the desk now. Please offboard me, and tell me the asset tags "
                           "of the devices you took back, for my records.",
            "user_facts": email_fact(e), "outputs": out["devices_returned"],
            "tags": ["write", "offboarding"]}


def cancel_fulfilled(b: TaskBuilder) -> dict[str, Any]:
    """Write + refusal: the old fulfilled request cannot be cancelled; the pending one is."""
    rows = b.rows("SELECT e.*, p.request_id AS pending_id, pm.model_name AS pending_model, f.request_id AS done_id, "
                  "fm.model_name AS done_model FROM employees e JOIN hardware_requests p ON p.employee_id = "
                  "e.employee_id AND p.status = 'pending' JOIN device_models pm ON pm.model_id = p.model_id JOIN "
                  "hardware_requests f ON f.employee_id = e.employee_id AND f.status = 'fulfilled' JOIN device_models fm "
                  "ON fm.model_id = f.model_id WHERE e.status = 'active' AND pm.category <> fm.category "
                  "ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    reqs = b.call("list_hardware_requests", masked=["status"], employee_id=eid)
    b.call("cancel_request", request_id=e["pending_id"])
    done = next(r for r in reqs["requests"] if r["request_id"] == e["done_id"])
    return {"instruction": f"Hello, {e['first_name']} {e['last_name']}. Please cancel my pending request for the "
                           f"{e['pending_model']}, and also cancel my old {e['done_model']} request, I want to send that "
                           "device back.",
            "user_facts": email_fact(e), "outputs": ["fulfilled"],
            "forbidden_calls": [{"name": "cancel_request", "arguments": {"request_id": done['request_id']}}],
            "tags": ["write", "refusal", "request"]}


def refresh_date_question(b: TaskBuilder) -> dict[str, Any]:
    """Read: when does the phone's warranty end, and from when can it be refreshed."""
    rows = b.rows("SELECT e.* FROM employees e JOIN device_assignments a ON a.employee_id = e.employee_id AND "
                  "a.status = 'active' JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON "
                  "m.model_id = d.model_id WHERE e.status = 'active' AND m.category = 'phone' AND a.assigned_on > "
                  "'2025-01-01' ORDER BY e.employee_id")
    e = fresh(rows, 6)
    eid = identify(b, e)
    res = b.call("list_employee_devices", employee_id=eid)
    phone = next(d for d in res["devices"] if d["category"] == "phone")
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. Two quick questions about my work phone: until "
                           "when is it under warranty, and from what date could I ask for a refresh?",
            "user_facts": email_fact(e), "outputs": [phone["warranty_end"], phone["refresh_eligible_from"]],
            "tags": ["read", "warranty", "refresh_window"]}


def loaner_overdue_return(b: TaskBuilder) -> dict[str, Any]:
    """Multi-write: return the loaner and hand back a monitor."""
    rows = b.rows("SELECT e.*, x.asset_tag AS loaner FROM employees e JOIN device_assignments x ON x.employee_id = "
                  "e.employee_id AND x.kind = 'loaner' AND x.status = 'active' WHERE e.status = 'active' AND (SELECT "
                  "count(*) FROM device_assignments a JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m "
                  "ON m.model_id = d.model_id WHERE a.employee_id = e.employee_id AND a.status = 'active' AND "
                  "m.category = 'monitor') = 1 ORDER BY e.employee_id")
    e = fresh(rows)
    eid = identify(b, e)
    res = b.call("list_employee_devices", employee_id=eid)
    mon = next(d for d in res["devices"] if d["category"] == "monitor")
    b.call("return_device", asset_tag=e["loaner"])
    b.call("return_device", asset_tag=mon["asset_tag"])
    return {"instruction": f"Hi, {e['first_name']} {e['last_name']}. I'm switching to working fully from home, so I'm "
                           f"bringing back my office monitor, the {mon['model_name']}, and I'm also returning the "
                           "loaner laptop I borrowed. Please check both in.",
            "user_facts": email_fact(e), "outputs": [],
            "tags": ["write", "multi", "return", "loaner"]}


SCENARIOS: list[Callable[[TaskBuilder], dict[str, Any]]] = [
    refresh_too_soon, refresh_submit_approve_fulfil, approve_needs_manager, approve_with_manager_fulfil,
    fulfil_no_stock, repair_with_fee, repair_budget_short, repair_and_loaner, loaner_too_long, second_loaner,
    license_full_and_release, license_restricted, second_laptop, monitor_from_stock, retired_device,
    groups_restricted_and_open, offboarding, cancel_fulfilled, refresh_date_question, loaner_overdue_return,
]


def build(b: TaskBuilder) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        b.begin()
        fields = scenario(b)
        b.add_task(fields["instruction"], task_id=f"itassets-{i:03d}", tags=fields["tags"], outputs=fields["outputs"],
                   user_facts=fields["user_facts"], forbidden_calls=fields.get("forbidden_calls", []),
                   consent=fields.get("consent", []))


if __name__ == "__main__":
    builder = TaskBuilder(ENV)
    raise SystemExit(builder.main(lambda: build(builder), keep=lambda t: t.id.startswith("itassets-qg"),
                                  description=__doc__.splitlines()[0]))
