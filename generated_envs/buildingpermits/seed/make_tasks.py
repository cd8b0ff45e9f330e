"""Build the permits environment's flagship tasks (``permits-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first applicant (by id) whose records fit its story and who is in no other flagship task,
writes the request as that applicant would, and plays the gold calls on a fresh state so that ids, amounts and
dates come from the tools themselves. Refusals check that the tool really refuses and stop before that call.
Deterministic: same seed data, same tasks. Sampled tasks already in the file are kept after the flagship tasks.
Run ``python generated_envs/buildingpermits/seed/make_tasks.py`` after ``seed/generate.py``.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder
from envfactory_gym.errors import ToolError

HERE = Path(__file__).resolve().parent
ENV = HERE.parent

EMAIL_KEYWORDS = ["email", "e-mail", "address on file"]
METHOD_KEYWORDS = ["pay", "payment", "card", "check", "cheque", "ach", "method"]
WINDOW_KEYWORDS = ["morning", "afternoon", "window", "am", "pm", "time of day"]

#: Applicants already in a task: every task gets an applicant of its own.
USED: set[str] = set()

APPS = ("SELECT * FROM (SELECT a.*, p.address, p.district, p.zoning, p.historic_district, t.name AS permit_type, "
        "t.inspection_sequence, t.max_extensions, t.required_trade, t.plan_review_pct, "
        "(SELECT count(*) FROM applications b WHERE b.applicant_id = a.applicant_id AND b.parcel_id = a.parcel_id "
        "AND b.type_code = a.type_code) AS same_kind FROM applications a JOIN parcels p ON p.parcel_id = a.parcel_id "
        "JOIN permit_types t ON t.type_code = a.type_code) a")


class Session(TaskBuilder):
    def __init__(self) -> None:
        super().__init__(ENV)

    def q(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)

    def refused(self, name: str, **arguments: Any) -> str:
        """Check that the call is refused (it is not recorded); returns the refusal message."""
        try:
            self.call(name, **arguments)
        except ToolError as exc:
            return str(exc)
        raise AssertionError(f"{name}({arguments}) was not refused")


def applicant(s: Session, applicant_id: str) -> dict[str, Any]:
    return s.q("SELECT * FROM applicants WHERE applicant_id = ?", [applicant_id])[0]


def facts(p: dict[str, Any], **more: Any) -> dict[str, Any]:
    out = {"email": {"value": p["email"], "keywords": EMAIL_KEYWORDS}}
    out.update(more)
    return out


def identify(s: Session, p: dict[str, Any]) -> str:
    USED.add(p["applicant_id"])
    return s.call("find_applicant", first_name=p["first_name"], last_name=p["last_name"],
                  email=p["email"])["applicant_id"]


def unused(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r["applicant_id"] not in USED]


def due(s: Session, application_id: str) -> float:
    return s.q("SELECT coalesce(sum(amount), 0) AS d FROM fees WHERE application_id = ? AND status = 'due'",
               [application_id])[0]["d"]


def day_text(value: str) -> str:
    d = date.fromisoformat(str(value)[:10])
    return f"{d.strftime('%A')}, {d.strftime('%B')} {d.day}"


def money(x: float) -> str:
    return f"{x:.2f}"


def lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


# ---------------------------------------------------------------------------------------------------------
# Scenarios: each returns the task's fields; the Session holds its gold calls
# ---------------------------------------------------------------------------------------------------------

def historic_deck_quote(s: Session) -> dict[str, Any]:
    """Read: fees of a deck on the caller's own parcel in the historic district (historic review applies)."""
    rows = s.q("SELECT p.owner_id AS applicant_id, p.parcel_id, p.address FROM parcels p WHERE p.historic_district "
               "AND p.zoning IN ('R-1', 'R-2') AND p.hold_reason IS NULL AND (SELECT count(*) FROM parcels x WHERE "
               "x.owner_id = p.owner_id) = 1 ORDER BY p.owner_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    USED.add(p["applicant_id"])
    # A fee quote by address is public (the policy): no identification in the gold.
    parcel = s.call("lookup_parcel", address=r["address"])
    quote = s.call("quote_permit_fees", type_code="DECK", valuation=18500, parcel_id=parcel["parcel_id"])
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'm planning a deck at my house on "
                           f"{r['address']}, about $18,500 of work. Before I apply: what would the permit fees come "
                           "to in total?",
            "user_facts": facts(p), "outputs": [money(quote["total"])],
            "tags": ["read", "quote", "historic_review"]}


def framing_before_footing(s: Session) -> dict[str, Any]:
    """Refusal: the caller wants framing booked, but the footing inspection has not passed yet."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND a.inspection_sequence LIKE "
               "'footing,%framing%' AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.application_id = "
               "a.application_id) AND a.expires_on > '2026-11-01' ORDER BY a.applicant_id")
    for r in unused(rows):
        if due(s, r["application_id"]):
            continue
        p = applicant(s, r["applicant_id"])
        pid = identify(s, p)
        s.call("list_applications", applicant_id=pid)
        info = s.call("get_application", application_id=r["application_id"])
        assert info["next_inspection"] == "footing"
        s.refused("schedule_inspection", application_id=r["application_id"], inspection_type="framing",
                  inspection_date="2026-10-15", time_window="am")
        return {"instruction": f"Hello, this is {p['first_name']} {p['last_name']}. The crew is moving fast on my "
                               f"{r['permit_type']} project at {r['address']}: please book the framing inspection "
                               "for Thursday, October 15 in the morning.",
                "user_facts": facts(p), "outputs": ["footing"],
                "tags": ["read", "refusal", "inspection_order"]}
    raise AssertionError("no permit fits framing_before_footing")


def pay_reinspection_then_book(s: Session) -> dict[str, Any]:
    """Multi-goal: pay the re-inspection fee of a failed inspection, then book the re-inspection."""
    rows = s.q(APPS + ", LATERAL (SELECT i.inspection_type AS failed_type, i.scheduled_date AS failed_on FROM "
               "inspections i WHERE i.application_id = a.application_id AND i.status = 'failed' ORDER BY "
               "i.scheduled_date DESC LIMIT 1) f WHERE a.status = 'issued' AND a.same_kind = 1 AND a.expires_on > "
               "'2026-10-20' AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND f.kind = "
               "'reinspection' AND f.status = 'due') AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
               "a.application_id AND f.kind <> 'reinspection' AND f.status = 'due') AND NOT EXISTS (SELECT 1 FROM "
               "inspections i WHERE i.application_id = a.application_id AND i.status = 'scheduled') "
               "ORDER BY a.applicant_id")
    for r in unused(rows):
        s.begin()
        p = applicant(s, r["applicant_id"])
        pid = identify(s, p)
        s.call("list_applications", applicant_id=pid)
        info = s.call("get_application", application_id=r["application_id"])
        if info["next_inspection"] != r["failed_type"] or info["contractor"] != "owner-builder" and \
                info["contractor"]["license_expires_on"] < "2026-10-08":
            USED.discard(p["applicant_id"])
            continue
        paid = s.call("pay_fees", application_id=r["application_id"], method="card")
        booked = s.call("schedule_inspection", application_id=r["application_id"], inspection_type=r["failed_type"],
                        inspection_date="2026-10-16", time_window="am")
        words = r["failed_type"].replace("_", " ")
        return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. My {words} inspection at "
                               f"{r['address']} failed on {day_text(r['failed_on'])}; we've fixed it. Please take the "
                               "re-inspection fee on my card and book the re-inspection for Friday, October 16, "
                               "morning window.",
                "user_facts": facts(p), "outputs": [money(paid["total_paid"]), booked["scheduled_date"]],
                "tags": ["write", "multi_goal", "goals_2", "reinspection_fee", "inspection"]}
    raise AssertionError("no permit fits pay_reinspection_then_book")


def cancel_after_cutoff(s: Session) -> dict[str, Any]:
    """Refusal: cancel an inspection booked for today; changes closed at 15:00 yesterday."""
    rows = s.q(APPS + " JOIN inspections i ON i.application_id = a.application_id WHERE i.status = 'scheduled' "
               "AND i.scheduled_date = '2026-10-08' AND i.time_window = 'pm' AND a.same_kind = 1 "
               "ORDER BY a.applicant_id")
    r = unused(rows)[0]
    ins = s.q("SELECT * FROM inspections WHERE application_id = ? AND status = 'scheduled'", [r["application_id"]])[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    s.call("get_application", application_id=r["application_id"])
    s.refused("cancel_inspection", inspection_id=ins["inspection_id"], reason="contractor_unavailable")
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. My contractor just called in sick: please "
                           f"cancel the {ins['inspection_type'].replace('_', ' ')} inspection at {r['address']} this "
                           "afternoon.",
            "user_facts": facts(p), "outputs": ["15:00"],
            "tags": ["read", "refusal", "cutoff"]}


def new_contractor_then_issue(s: Session) -> dict[str, Any]:
    """Multi-goal: the approved application's contractor licence lapsed; name the new contractor, pay what is still
    due, then issue."""
    rows = s.q(APPS + " JOIN licenses l ON l.license_id = a.license_id WHERE a.status = 'approved' AND "
               "l.expires_on < '2026-10-08' AND l.status = 'active' AND a.same_kind = 1 ORDER BY a.applicant_id")
    r = unused(rows)[0]
    owed = due(s, r["application_id"])
    lic = s.q("SELECT l.*, c.business_name FROM licenses l JOIN contractors c ON c.contractor_id = l.contractor_id "
              "WHERE l.trade = ? AND l.status = 'active' AND l.expires_on > '2027-01-01' AND (SELECT count(*) FROM "
              "licenses x WHERE x.contractor_id = l.contractor_id) = 1 ORDER BY l.license_id", [r["required_trade"]])[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    s.call("find_contractor", business_name=lic["business_name"])
    s.call("change_contractor", application_id=r["application_id"], new_license_id=lic["license_id"])
    paid = s.call("pay_fees", application_id=r["application_id"], method="card") if owed else None
    out = s.call("issue_permit", application_id=r["application_id"])
    pay = "take whatever I still owe on my card, " if paid else ""
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} calling. My {r['permit_type']} "
                           f"application for {r['address']} was approved, but my old contractor let their licence "
                           f"lapse, so I've hired {lic['business_name']} instead. Please put them on the application, "
                           f"{pay}and issue the permit.",
            "user_facts": facts(p), "outputs": [*([money(paid["total_paid"])] if paid else []), out["expires_on"]],
            "tags": ["write", "multi_goal", f"goals_{3 if paid else 2}", "license", "issue"]}


def issue_blocked_by_license(s: Session) -> dict[str, Any]:
    """Refusal: issue an approved application whose contractor's licence expired (no new contractor named)."""
    rows = s.q(APPS + " JOIN licenses l ON l.license_id = a.license_id WHERE a.status = 'approved' AND "
               "(l.expires_on < '2026-10-08' OR l.status = 'suspended') AND a.same_kind = 1 ORDER BY a.applicant_id")
    for r in unused(rows):
        if due(s, r["application_id"]):
            continue
        p = applicant(s, r["applicant_id"])
        pid = identify(s, p)
        s.call("list_applications", applicant_id=pid)
        info = s.call("get_application", application_id=r["application_id"])
        s.refused("issue_permit", application_id=r["application_id"])
        c = info["contractor"]
        return {"instruction": f"Hi, this is {p['first_name']} {p['last_name']}. I got the approval notice for my "
                               f"{r['permit_type']} application at {r['address']}. Could you issue the "
                               "permit today so we can start?",
                "user_facts": facts(p), "outputs": [c["license_expires_on"] if c["license_status"] == "active"
                                                    else "suspended"],
                "tags": ["read", "refusal", "license"]}
    raise AssertionError("no application fits issue_blocked_by_license")


def extension_too_early(s: Session) -> dict[str, Any]:
    """Refusal: an extension asked for more than 30 days before expiry; say when the window opens."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND a.expires_on BETWEEN '2026-11-15' AND "
               "'2026-12-31' AND a.extensions_used < a.max_extensions ORDER BY a.applicant_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    info = s.call("get_application", application_id=r["application_id"])
    msg = s.refused("request_extension", application_id=r["application_id"])
    opens = msg.rsplit("from ", 1)[1]
    return {"instruction": f"Hello, I'm {p['first_name']} {p['last_name']}. Work on my {r['permit_type']} permit at "
                           f"{r['address']} is running behind. Could you extend the permit now so I don't have to "
                           "worry about it?",
            "user_facts": facts(p), "outputs": [info["expires_on"], opens],
            "tags": ["read", "refusal", "extension_window"]}


def extension_limit_reached(s: Session) -> dict[str, Any]:
    """Refusal: the permit already used every extension its type allows."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND a.extensions_used >= a.max_extensions "
               "ORDER BY a.expires_on, a.applicant_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    listed = s.call("list_applications", applicant_id=pid)
    info = next(x for x in listed["applications"] if x["application_id"] == r["application_id"])
    s.refused("request_extension", application_id=r["application_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. My {r['permit_type']} permit at "
                           f"{r['address']} won't last long enough for the work we still have to do. Please extend it.",
            "user_facts": facts(p), "outputs": [info["expires_on"]],
            "tags": ["read", "refusal", "extension_limit"]}


def extend_and_pay(s: Session) -> dict[str, Any]:
    """Multi-goal: extend a permit in its last 30 days and pay the extension fee; the method is given when asked."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND a.expires_on BETWEEN '2026-10-12' AND "
               "'2026-11-07' AND a.extensions_used < a.max_extensions ORDER BY a.applicant_id")
    for r in unused(rows):
        if due(s, r["application_id"]):
            continue
        p = applicant(s, r["applicant_id"])
        pid = identify(s, p)
        s.call("list_applications", applicant_id=pid)
        ext = s.call("request_extension", application_id=r["application_id"])
        s.call("pay_fees", application_id=r["application_id"], method="check")
        return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. My {r['permit_type']} permit at "
                               f"{r['address']} expires soon and the job isn't finished. Please extend it, and I'll "
                               "pay the extension fee right away.",
                "user_facts": facts(p, method={"value": "I'll pay by check.", "keywords": METHOD_KEYWORDS}),
                "outputs": [ext["expires_on"], money(ext["extension_fee"])],
                "tags": ["write", "multi_goal", "goals_2", "extension", "hidden_method"]}
    raise AssertionError("no permit fits extend_and_pay")


def withdraw_in_review(s: Session) -> dict[str, Any]:
    """Write: withdraw an application in review with its permit fee paid: only the permit fee comes back."""
    rows = s.q(APPS + " WHERE a.status = 'in_review' AND a.same_kind = 1 AND a.plan_review_pct > 0 AND EXISTS "
               "(SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND f.kind = 'permit' AND f.status = "
               "'paid') ORDER BY a.applicant_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    out = s.call("withdraw_application", application_id=r["application_id"], reason="budget")
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. The bids for my {r['permit_type']} project at "
                           f"{r['address']} came in way over budget, so I'm dropping the project for now. Please "
                           "withdraw the application. How much will I get back?",
            "user_facts": facts(p), "outputs": [money(out["refund"])],
            "tags": ["write", "withdraw", "refund_by_stage"]}


def withdraw_after_inspection(s: Session) -> dict[str, Any]:
    """Refusal: withdraw an issued permit that already has an inspection result."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND EXISTS (SELECT 1 FROM inspections i "
               "WHERE i.application_id = a.application_id AND i.status = 'passed') ORDER BY a.applicant_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    info = s.call("get_application", application_id=r["application_id"])
    s.refused("withdraw_application", application_id=r["application_id"], reason="project_cancelled")
    passed = next(i for i in info["inspections"] if i["status"] == "passed")
    return {"instruction": f"Hello, this is {p['first_name']} {p['last_name']}. We've decided not to go ahead with "
                           f"the {r['permit_type']} at {r['address']}. Please withdraw the permit and refund "
                           "what you can.",
            "user_facts": facts(p), "outputs": [passed["inspection_type"].replace("_", " ")],
            "tags": ["read", "refusal", "withdraw"]}


def submit_with_contractor(s: Session) -> dict[str, Any]:
    """Write: file an electrical permit with a named contractor (licence found by business name)."""
    rows = s.q("SELECT p.owner_id AS applicant_id, p.parcel_id, p.address FROM parcels p WHERE p.hold_reason IS NULL "
               "AND p.zoning = 'R-1' AND NOT p.historic_district AND (SELECT count(*) FROM parcels x WHERE x.owner_id "
               "= p.owner_id) = 1 AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.parcel_id = p.parcel_id AND "
               "a.type_code = 'ELEC' AND a.status IN ('submitted', 'in_review', 'approved', 'issued')) "
               "ORDER BY p.owner_id")
    r = unused(rows)[1]
    lic = s.q("SELECT l.*, c.business_name FROM licenses l JOIN contractors c ON c.contractor_id = l.contractor_id "
              "WHERE l.trade = 'electrical' AND l.status = 'active' AND l.expires_on > '2027-01-01' ORDER BY "
              "c.business_name")[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    prof = s.call("get_applicant_profile", applicant_id=pid)
    s.call("list_permit_types")
    s.call("find_contractor", business_name=lic["business_name"])
    out = s.call("submit_application", applicant_id=pid, parcel_id=prof["parcels"][0]["parcel_id"], type_code="ELEC",
                 valuation=4800, license_id=lic["license_id"])
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I need a permit to upgrade the electrical "
                           f"service at my home, {r['address']}, to a 200 A panel. {lic['business_name']} is doing "
                           "the work; their quote is $4,800. Please file the application and tell me what I owe.",
            "user_facts": facts(p), "outputs": [money(out["amount_due"])],
            "tags": ["write", "submit", "contractor"]}


def pool_not_allowed(s: Session) -> dict[str, Any]:
    """Refusal: an in-ground pool on an R-2 parcel (pools are R-1 only)."""
    rows = s.q("SELECT p.owner_id AS applicant_id, p.parcel_id, p.address FROM parcels p WHERE p.zoning = 'R-2' AND "
               "p.hold_reason IS NULL AND (SELECT count(*) FROM parcels x WHERE x.owner_id = p.owner_id) = 1 "
               "ORDER BY p.owner_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    prof = s.call("get_applicant_profile", applicant_id=pid)
    lic = s.q("SELECT license_id FROM licenses WHERE trade = 'general' AND status = 'active' AND expires_on > "
              "'2027-01-01' ORDER BY license_id")[0]
    s.refused("submit_application", applicant_id=pid, parcel_id=prof["parcels"][0]["parcel_id"], type_code="POOL",
              valuation=65000, license_id=lic["license_id"])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. We want to put an in-ground pool in the "
                           f"back yard at {r['address']}; our builder says it's about $65,000. Can you file the pool "
                           "permit application?",
            "user_facts": facts(p), "outputs": ["R-2"],
            "tags": ["read", "refusal", "zoning"]}


def parcel_on_hold(s: Session) -> dict[str, Any]:
    """Refusal: a fence permit on a parcel under a code-enforcement hold."""
    rows = s.q("SELECT p.owner_id AS applicant_id, p.parcel_id, p.address, p.hold_reason FROM parcels p WHERE "
               "p.hold_reason IS NOT NULL AND (SELECT count(*) FROM parcels x WHERE x.owner_id = p.owner_id) = 1 "
               "ORDER BY p.owner_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    prof = s.call("get_applicant_profile", applicant_id=pid)
    s.refused("submit_application", applicant_id=pid, parcel_id=prof["parcels"][0]["parcel_id"], type_code="FENCE",
              valuation=6500)
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'd like to put up a 7-foot privacy fence "
                           f"at {r['address']} myself, about $6,500 in materials. Please file the permit for me.",
            "user_facts": facts(p), "outputs": [r["hold_reason"].split(": ")[-1]],
            "tags": ["read", "refusal", "hold"]}


def earliest_afternoon_east(s: Session) -> dict[str, Any]:
    """Write: book the earliest afternoon opening in the east district (full windows and a holiday in between)."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND a.district = 'east' AND a.expires_on > "
               "'2026-10-31' AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.application_id = a.application_id "
               "AND i.status IN ('scheduled', 'failed')) ORDER BY a.applicant_id")
    for r in unused(rows):
        if due(s, r["application_id"]):
            continue
        s.begin()
        p = applicant(s, r["applicant_id"])
        pid = identify(s, p)
        s.call("list_applications", applicant_id=pid)
        info = s.call("get_application", application_id=r["application_id"])
        if info["contractor"] != "owner-builder" and (info["contractor"]["license_expires_on"] < "2026-10-08"
                                                      or info["contractor"]["license_status"] != "active"):
            USED.discard(p["applicant_id"])
            continue
        openings = s.call("find_inspection_openings", application_id=r["application_id"])
        day = next(d for d in openings["days"] if d["pm_places_left"] > 0)
        assert day["date"] == "2026-10-13", day
        booked = s.call("schedule_inspection", application_id=r["application_id"],
                        inspection_type=info["next_inspection"], inspection_date=day["date"], time_window="pm")
        words = info["next_inspection"].replace("_", " ")
        return {"instruction": f"Hi, {p['first_name']} {p['last_name']} calling. We're ready for the {words} "
                               f"inspection on my {r['permit_type']} permit at {r['address']}. Please book the "
                               "earliest afternoon you have; I can't do mornings.",
                "user_facts": facts(p), "outputs": [booked["scheduled_date"]],
                "tags": ["write", "inspection", "earliest_opening"]}
    raise AssertionError("no permit fits earliest_afternoon_east")


def pay_and_issue(s: Session) -> dict[str, Any]:
    """Multi-goal: pay the permit fee still due on an approved application, then issue it."""
    rows = s.q(APPS + " LEFT JOIN licenses l ON l.license_id = a.license_id WHERE a.status = 'approved' AND "
               "a.same_kind = 1 AND (a.license_id IS NULL OR (l.expires_on >= '2026-10-08' AND l.status = 'active')) "
               "AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND f.status = 'due') "
               "ORDER BY a.applicant_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    paid = s.call("pay_fees", application_id=r["application_id"], method="ach")
    out = s.call("issue_permit", application_id=r["application_id"])
    return {"instruction": f"Good morning, I'm {p['first_name']} {p['last_name']}. My {r['permit_type']} "
                           f"application for {r['address']} has been approved. I'd like to pay whatever is still owed "
                           "by bank transfer (ACH) and pick up the permit.",
            "user_facts": facts(p), "outputs": [money(paid["total_paid"]), out["expires_on"]],
            "tags": ["write", "multi_goal", "goals_2", "issue"]}


def next_inspection_question(s: Session) -> dict[str, Any]:
    """Read: which inspection is next and until when the permit is valid."""
    rows = s.q(APPS + " WHERE a.status = 'issued' AND a.same_kind = 1 AND length(a.inspection_sequence) - "
               "length(replace(a.inspection_sequence, ',', '')) >= 3 AND EXISTS (SELECT 1 FROM inspections i WHERE "
               "i.application_id = a.application_id AND i.status = 'passed') ORDER BY a.applicant_id")
    r = unused(rows)[0]
    p = applicant(s, r["applicant_id"])
    pid = identify(s, p)
    s.call("list_applications", applicant_id=pid)
    info = s.call("get_application", application_id=r["application_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. Which inspection do I need next on my "
                           f"{r['permit_type']} permit at {r['address']}, and how long is the permit good for?",
            "user_facts": facts(p), "outputs": [info["next_inspection"].replace("_", " "), info["expires_on"]],
            "tags": ["read", "inspection", "expiry"]}


def move_inspection_window_asked(s: Session) -> dict[str, Any]:
    """Write: move a booked inspection to another day; the window is given only when asked."""
    rows = s.q(APPS + " JOIN inspections i ON i.application_id = a.application_id WHERE i.status = 'scheduled' AND "
               "i.scheduled_date BETWEEN '2026-10-13' AND '2026-10-16' AND a.same_kind = 1 AND a.expires_on > "
               "'2026-10-31' ORDER BY a.applicant_id")
    for r in unused(rows):
        s.begin()
        ins = s.q("SELECT * FROM inspections WHERE application_id = ? AND status = 'scheduled'",
                  [r["application_id"]])[0]
        p = applicant(s, r["applicant_id"])
        pid = identify(s, p)
        s.call("list_applications", applicant_id=pid)
        s.call("get_application", application_id=r["application_id"])
        try:
            out = s.call("reschedule_inspection", inspection_id=ins["inspection_id"], new_date="2026-10-20",
                         time_window="pm")
        except ToolError:
            USED.discard(p["applicant_id"])
            continue
        words = ins["inspection_type"].replace("_", " ")
        return {"instruction": f"Hello, I'm {p['first_name']} {p['last_name']}. The {words} inspection at "
                               f"{r['address']} is booked for {day_text(ins['scheduled_date'])}, but the drywall "
                               "delivery slipped. Can you move it to Tuesday, October 20?",
                "user_facts": facts(p, time_window={"value": "The afternoon window, please.",
                                                    "keywords": WINDOW_KEYWORDS}),
                "outputs": [out["scheduled_date"]],
                "tags": ["write", "inspection", "reschedule", "hidden_window"]}
    raise AssertionError("no inspection fits move_inspection_window_asked")


def buyer_checks_parcel(s: Session) -> dict[str, Any]:
    """Read, no identity needed: a prospective buyer asks about an address's zoning and any hold on it."""
    r = s.q("SELECT * FROM parcels WHERE hold_reason IS NOT NULL AND zoning = 'R-1' ORDER BY parcel_id")[1]
    res = s.call("lookup_parcel", address=r["address"])
    return {"instruction": f"Hello, I'm looking at buying the house at {r['address']} and would like to add a room "
                           "later. What is the lot zoned, and is there anything on record that would hold up a "
                           "building permit there?",
            "user_facts": {}, "outputs": [res["zoning"], res["hold_reason"].split(": ")[-1]],
            "tags": ["read", "parcel", "no_identity"]}


SCENARIOS = [
    historic_deck_quote, framing_before_footing, pay_reinspection_then_book, cancel_after_cutoff,
    new_contractor_then_issue, issue_blocked_by_license, extension_too_early, extension_limit_reached,
    extend_and_pay, withdraw_in_review, withdraw_after_inspection, submit_with_contractor, pool_not_allowed,
    parcel_on_hold, earliest_afternoon_east, pay_and_issue, next_inspection_question, move_inspection_window_asked,
    buyer_checks_parcel,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"permits-{i:03d}", tags=fields["tags"], outputs=fields["outputs"],
                   user_facts=fields["user_facts"], check_outputs="refusal" not in fields["tags"])


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: "querygen" in t.tags,
                                  description=__doc__.splitlines()[0]))
