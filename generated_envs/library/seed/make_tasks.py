"""Build the library environment's flagship tasks (``library-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first patron (by id) whose records fit its story and who is in no other flagship task,
writes the request as that patron would, and plays the gold calls on a fresh state so that ids, amounts and dates
come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file are
kept after the flagship tasks. Run ``python generated_envs/library/seed/make_tasks.py`` after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent
TODAY = "2026-05-13"

CARD_KEYWORDS = ["card number", "library card", "barcode", "card no"]
#: search_catalog filters the agent may choose freely.
SEARCH_FREE = ["query", "format", "audience", "offset"]
GOOD = ("SELECT p.patron_id FROM patrons p WHERE p.status = 'active' AND p.card_expires > '2026-07-15' AND NOT "
        "EXISTS (SELECT 1 FROM fees f WHERE f.patron_id = p.patron_id AND f.status = 'open')")
LOAN = ("SELECT l.*, t.title_id, t.title, t.format, t.new_release, t.replacement_cost, p.card_type FROM loans l "
        "JOIN copies c USING (copy_id) JOIN titles t USING (title_id) JOIN patrons p ON p.patron_id = l.patron_id ")
WAITING = "EXISTS (SELECT 1 FROM holds h WHERE h.title_id = t.title_id AND h.status = 'waiting')"

#: Patrons already in a task: every task gets a patron of its own.
USED: set[str] = set()


class Session(TaskBuilder):
    """The task being written: its gold calls, run as they are added on the seed state (``begin`` per task)."""

    def __init__(self) -> None:
        super().__init__(ENV)

    def q(self, sql: str, params: Sequence[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)

    def search(self, title: dict[str, Any]) -> dict[str, Any]:
        """A catalogue search by the title's words that finds it on the first page; returns its record."""
        res = self.call("search_catalog", masked=SEARCH_FREE, query=title["title"])
        return next(r for r in res["results"] if r["title_id"] == title["title_id"])


def patron(s: Session, pid: str) -> dict[str, Any]:
    return s.q("SELECT * FROM patrons WHERE patron_id = ?", [pid])[0]


def fresh(rows: list[dict[str, Any]], skip: int = 0) -> dict[str, Any]:
    return [r for r in rows if r["patron_id"] not in USED][skip]


def identify(s: Session, p: dict[str, Any]) -> str:
    USED.add(p["patron_id"])
    return s.call("find_patron", card_number=p["card_number"], last_name=p["last_name"])["patron_id"]


def card_fact(p: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"card_number": {"value": p["card_number"], "keywords": CARD_KEYWORDS}, **more}


def day_text(value: str) -> str:
    d = date.fromisoformat(value[:10])
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')}"


def hour_text(value: str) -> str:
    h = datetime.fromisoformat(value).hour
    return f"{h % 12 or 12} {'am' if h < 12 else 'pm'}"


def money(x: float) -> str:
    return f"{x:.2f}"


def name(p: dict[str, Any]) -> str:
    return f"{p['first_name']} {p['last_name']}"


# ---------------------------------------------------------------------------------------------------------
# Scenarios: each returns the task's fields (without id); the Session holds its gold calls
# ---------------------------------------------------------------------------------------------------------

def renew_blocked_by_hold(s: Session) -> dict[str, Any]:
    """Refusal: the book has a waiting hold, so it cannot be renewed; tell the due date."""
    rows = s.q(LOAN + f"WHERE l.status = 'active' AND t.format = 'book' AND NOT t.new_release AND l.renewals < 2 AND "
               f"{WAITING} AND l.due_date > '{TODAY}' AND l.patron_id IN ({GOOD}) AND (SELECT count(*) FROM loans x "
               "WHERE x.patron_id = l.patron_id AND x.status = 'active') BETWEEN 2 AND 9 ORDER BY l.patron_id")
    ln = fresh(rows)
    p = patron(s, ln["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_loans", patron_id=pid)
    return {"instruction": f"Hi, I'm {name(p)}. Could you renew {ln['title']} for me? I need a few more weeks "
                           "to finish it.",
            "user_facts": card_fact(p), "outputs": [ln["due_date"]], "tags": ["read", "refusal", "renewal", "holds"]}


def pay_then_renew(s: Session) -> dict[str, Any]:
    """Multi-write: $10+ owed blocks renewals; the patron pays everything by card, then the renewal goes through."""
    rows = s.q(LOAN + f"WHERE l.status = 'active' AND t.format = 'book' AND NOT t.new_release AND l.renewals < 2 AND "
               f"NOT {WAITING} AND l.due_date BETWEEN '{TODAY}' AND '2026-05-30' AND p.status = 'active' AND "
               f"p.card_expires > '2026-06-30' AND (SELECT sum(amount) FROM fees f WHERE f.patron_id = l.patron_id "
               "AND f.status = 'open') BETWEEN 10 AND 40 AND (SELECT count(*) FROM fees f WHERE f.patron_id = "
               "l.patron_id AND f.status = 'open') >= 2 ORDER BY l.patron_id")
    ln = fresh(rows)
    p = patron(s, ln["patron_id"])
    pid = identify(s, p)
    fees = s.call("list_patron_fees", patron_id=pid)
    paid = s.call("pay_fees", patron_id=pid, fee_ids=[f["fee_id"] for f in fees["fees"]], method="card")
    s.call("list_patron_loans", patron_id=pid)
    res = s.call("renew_loan", loan_id=ln["loan_id"])
    return {"instruction": f"Hello, {name(p)} here. I'd like to renew {ln['title']}. If something I owe is in the "
                           "way, I'll pay off everything I owe by card first.",
            "user_facts": card_fact(p), "outputs": [money(paid["amount"]), res["new_due_date"]],
            "tags": ["write", "multi_goal", "fees", "renewal", "standing"]}


def age_rated_dvd(s: Session) -> dict[str, Any]:
    """Refusal: a teen under 17 asks for a DVD rated 17+ that is on the shelf at their branch."""
    rows = s.q("SELECT p.patron_id, p.home_branch_id, date_diff('year', p.birth_date, DATE '2026-05-13') AS age "
               f"FROM patrons p WHERE p.card_type = 'teen' AND p.patron_id IN ({GOOD}) ORDER BY p.patron_id")
    for row in [r for r in rows if r["patron_id"] not in USED]:
        dvd = s.q("SELECT t.* FROM titles t JOIN copies c USING (title_id) WHERE t.min_age = 17 AND c.branch_id = ? "
                  "AND c.status = 'available' ORDER BY t.title_id LIMIT 1", [row["home_branch_id"]])
        if not dvd:
            continue
        t = dvd[0]
        same = s.q("SELECT count(*) AS n FROM titles WHERE title = ?", [t["title"]])[0]["n"]
        if same > 1:
            continue
        p = patron(s, row["patron_id"])
        pid = identify(s, p)
        acct = s.call("get_patron_account", patron_id=pid)
        if acct["age"] >= 17:
            s.begin()
            USED.discard(p["patron_id"])
            continue
        rec = s.search(t)
        s.call("get_title_availability", title_id=rec["title_id"])
        branch = s.q("SELECT name FROM branches WHERE branch_id = ?", [row["home_branch_id"]])[0]["name"]
        return {"instruction": f"Hey, I'm {name(p)}. I'm at the {branch} and I'd like to borrow the DVD "
                               f"{t['title']}. Can you check it out to me?",
                "user_facts": card_fact(p), "outputs": ["17", str(acct["age"])],
                "tags": ["read", "refusal", "age_rating", "checkout"]}
    raise AssertionError("no patron fits age_rated_dvd")


def late_dvd_with_waiver(s: Session) -> dict[str, Any]:
    """Multi-write: return an overdue DVD (fine charged at return), then the patron's courtesy waiver on it."""
    rows = s.q(LOAN + "JOIN patrons q ON q.patron_id = l.patron_id WHERE l.status = 'active' AND t.format = 'dvd' "
               "AND l.due_date BETWEEN '2026-05-04' AND '2026-05-10' AND p.card_type <> 'child' AND (q.last_waiver_on "
               "IS NULL OR q.last_waiver_on < '2025-05-13') AND (SELECT count(*) FROM loans x WHERE x.patron_id = "
               "l.patron_id AND x.status = 'active') <= 10 ORDER BY l.patron_id")
    ln = fresh(rows)
    p = patron(s, ln["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_loans", patron_id=pid)
    back = s.call("return_loan", loan_id=ln["loan_id"])
    s.call("waive_overdue_fine", fee_id=back["fine_fee_id"])
    return {"instruction": f"Hi, {name(p)} here. I'm dropping off the DVD {ln['title']} — I know it's a few days "
                           "late, sorry. Could you waive the late fine as a one-time courtesy?",
            "user_facts": card_fact(p), "outputs": [money(back["overdue_fine"])],
            "tags": ["write", "multi_goal", "return", "fine", "waiver"]}


def waiver_already_used(s: Session) -> dict[str, Any]:
    """Refusal: the patron had a courtesy waiver less than 365 days ago."""
    rows = s.q("SELECT f.patron_id, f.fee_id, f.amount, f.description FROM fees f JOIN patrons p USING (patron_id) "
               "WHERE f.kind = 'overdue' AND f.status = 'open' AND p.last_waiver_on > '2025-06-01' AND (SELECT count(*) "
               "FROM fees g WHERE g.patron_id = f.patron_id AND g.status = 'open') = 1 "
               "ORDER BY f.patron_id")
    f = fresh(rows)
    p = patron(s, f["patron_id"])
    pid = identify(s, p)
    acct = s.call("get_patron_account", patron_id=pid)
    return {"instruction": f"Hello, this is {name(p)}. I have an overdue fine on my account. Could you waive it as a "
                           "courtesy? I've been a member for years.",
            "user_facts": card_fact(p), "outputs": [acct["last_courtesy_waiver"], money(f["amount"])],
            "tags": ["read", "refusal", "waiver", "fees"]}


def report_lost_with_consent(s: Session) -> dict[str, Any]:
    """Write: the patron lost a book; told the replacement cost and processing fee, they agree."""
    rows = s.q(LOAN + f"WHERE l.status = 'active' AND t.format = 'book' AND l.due_date >= '{TODAY}' AND "
               "(SELECT count(*) FROM loans x JOIN copies y USING (copy_id) JOIN titles z USING (title_id) WHERE "
               "x.patron_id = l.patron_id AND x.status = 'active' AND z.title = t.title) = 1 AND (SELECT count(*) "
               "FROM loans x WHERE x.patron_id = l.patron_id AND x.status = 'active') BETWEEN 2 AND 9 "
               "ORDER BY l.patron_id")
    ln = fresh(rows)
    p = patron(s, ln["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_loans", patron_id=pid)
    s.call("get_title_availability", title_id=ln["title_id"])
    res = s.call("report_loan_lost", loan_id=ln["loan_id"])
    facts = card_fact(p, decision={"value": "Yes, that's fine. Please go ahead and report it lost.",
                                   "keywords": ["charge", "cost", "fee", "agree", "go ahead", "proceed", "confirm",
                                                "okay"]})
    return {"instruction": f"Hi, I'm {name(p)}. I'm afraid I lost {ln['title']}, I've looked everywhere. What would "
                           "it cost me? If it's reasonable, please report it as lost.",
            "user_facts": facts, "outputs": [money(ln["replacement_cost"]), money(res["total_charged"])],
            "tags": ["write", "lost", "confirm"]}


def hold_old_quarry_fallback(s: Session) -> dict[str, Any]:
    """Write: Old Quarry takes no hold pickups; the patron's fallback branch is used."""
    rows = s.q(GOOD + " AND p.home_branch_id = 'BR-06' AND p.card_type IN ('adult', 'senior') ORDER BY p.patron_id")
    for row in [r for r in rows if r["patron_id"] not in USED]:
        titles = s.q("SELECT t.* FROM titles t WHERE t.audience = 'adult' AND t.min_age = 0 AND EXISTS (SELECT 1 "
                     "FROM copies c WHERE c.title_id = t.title_id AND c.status = 'on_loan') AND NOT EXISTS (SELECT 1 "
                     "FROM copies c WHERE c.title_id = t.title_id AND c.status = 'available' AND c.collection = "
                     "'circulating') AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.title_id = t.title_id AND "
                     "h.patron_id = ?) AND NOT EXISTS (SELECT 1 FROM loans l JOIN copies c USING (copy_id) WHERE "
                     "c.title_id = t.title_id AND l.patron_id = ? AND l.status = 'active') AND (SELECT count(*) FROM "
                     "titles u WHERE u.title = t.title) = 1 ORDER BY t.title_id", [row["patron_id"], row["patron_id"]])
        if not titles:
            continue
        t = titles[3 % len(titles)]
        p = patron(s, row["patron_id"])
        pid = identify(s, p)
        rec = s.search(t)
        s.call("list_branches")
        s.call("place_hold", patron_id=pid, title_id=rec["title_id"], pickup_branch_id="BR-03")
        return {"instruction": f"Hello, {name(p)} speaking. Please put a hold on {t['title']} by {t['author']} for "
                               "me, to pick up at my local branch, Old Quarry. If that branch can't do it, Maple "
                               "Hill is my second choice.",
                "user_facts": card_fact(p), "outputs": [],
                "tags": ["write", "holds", "pickup_branch", "reasoning"]}
    raise AssertionError("no patron fits hold_old_quarry_fallback")


def cancel_in_transit(s: Session) -> dict[str, Any]:
    """Refusal: a hold whose copy is on its way cannot be cancelled until it is ready."""
    rows = s.q("SELECT h.* FROM holds h WHERE h.status = 'in_transit' ORDER BY h.patron_id")
    h = fresh(rows)
    p = patron(s, h["patron_id"])
    pid = identify(s, p)
    res = s.call("list_patron_holds", patron_id=pid)
    mine = next(x for x in res["open_holds"] if x["hold_id"] == h["hold_id"])
    return {"instruction": f"Hi, this is {name(p)}. Please cancel my hold on {mine['title']}, I ended up buying "
                           "my own copy.",
            "user_facts": card_fact(p), "outputs": [mine["expected_on"]],
            "tags": ["read", "refusal", "holds", "in_transit"]}


def cancel_ready_move_waiting(s: Session) -> dict[str, Any]:
    """Multi-write: cancel a ready hold and move a waiting hold to another pickup branch."""
    rows = s.q("SELECT r.patron_id, r.hold_id AS ready_id, w.hold_id AS waiting_id, w.pickup_branch_id FROM holds r "
               "JOIN holds w ON w.patron_id = r.patron_id AND w.status = 'waiting' WHERE r.status = 'ready' "
               "ORDER BY r.patron_id")
    row = fresh(rows)
    p = patron(s, row["patron_id"])
    pid = identify(s, p)
    res = s.call("list_patron_holds", patron_id=pid)
    ready = next(x for x in res["open_holds"] if x["hold_id"] == row["ready_id"])
    waiting = next(x for x in res["open_holds"] if x["hold_id"] == row["waiting_id"])
    new = "BR-02" if waiting["pickup_branch_id"] != "BR-02" else "BR-05"
    s.call("cancel_hold", hold_id=ready["hold_id"])
    s.call("list_branches")
    s.call("change_hold_pickup", hold_id=waiting["hold_id"], pickup_branch_id=new)
    where = {"BR-02": "Riverside", "BR-05": "Northfield"}[new]
    return {"instruction": f"Hi, I'm {name(p)}. Two things about my holds: I don't need {ready['title']} anymore, so "
                           f"please cancel that one. And my hold on {waiting['title']} — I'd rather pick it up at "
                           f"the {where} branch.",
            "user_facts": card_fact(p), "outputs": [], "tags": ["write", "multi_goal", "holds"]}


def teen_room_fallback(s: Session) -> dict[str, Any]:
    """Write: a teen cannot book a meeting room; the fallback study room free at that time is booked."""
    rows = s.q(GOOD + " AND p.card_type = 'teen' AND NOT EXISTS (SELECT 1 FROM room_bookings k WHERE k.patron_id = "
               "p.patron_id AND k.status = 'booked') ORDER BY p.patron_id")
    row = fresh(rows)
    for day_offset in range(2, 14):
        day = (date(2026, 5, 13) + timedelta(days=day_offset)).isoformat()
        if date.fromisoformat(day).weekday() == 6:
            continue
        for hour in range(10, 16):
            sched = s.call("get_room_schedule", branch_id="BR-04", date=day)
            s.begin()
            start, end = f"{hour:02d}:00", f"{hour + 2:02d}:00"
            free = [r for r in sched["rooms"] if r["kind"] == "study" and r["capacity"] >= 4 and not any(
                b["from"] < end and b["to"] > start for b in r["booked"])]
            meeting = next(r for r in sched["rooms"] if r["kind"] == "meeting")
            if len(free) != 1:
                continue
            p = patron(s, row["patron_id"])
            pid = identify(s, p)
            s.call("get_room_schedule", branch_id="BR-04", date=day)
            res = s.call("book_room", patron_id=pid, room_id=free[0]["room_id"], starts_at=f"{day} {start}", hours=2,
                         attendees=4, purpose="study")
            return {"instruction": f"Hi! I'm {name(p)}. I'd like to book the {meeting['name']} at the Eastgate "
                                   f"Branch on {day_text(day)} from {hour_text(day + 'T' + start)} for two hours, "
                                   "for a study group of four of us. If I'm not allowed that room, then any study "
                                   "room at Eastgate that's free at that time.",
                    "user_facts": card_fact(p), "outputs": [res["room"]],
                    "tags": ["write", "rooms", "eligibility", "reasoning"]}
    raise AssertionError("no slot fits teen_room_fallback")


def nonresident_renewal(s: Session) -> dict[str, Any]:
    """Write: renew an expired nonresident card; the payment method is given only when asked."""
    rows = s.q("SELECT p.patron_id FROM patrons p WHERE p.card_type = 'nonresident' AND p.status = 'active' AND "
               "p.card_expires < '2026-06-12' AND coalesce((SELECT sum(amount) FROM fees f WHERE f.patron_id = "
               "p.patron_id AND f.status = 'open'), 0) < 10 ORDER BY p.patron_id")
    p = patron(s, fresh(rows)["patron_id"])
    pid = identify(s, p)
    acct = s.call("get_patron_account", patron_id=pid)
    res = s.call("renew_library_card", patron_id=pid, payment_method="cash")
    facts = card_fact(p, payment_method={"value": "cash",
                                         "keywords": ["cash", "pay", "payment", "how would you like"]})
    state = "has expired" if acct["card_expired"] else "is about to expire"
    return {"instruction": f"Hello, my name is {name(p)}. I live just outside the city and my library card {state}. "
                           "Could you renew it for me?",
            "user_facts": facts, "outputs": [res["new_expiry"], money(acct["card_renewal_fee"])],
            "tags": ["write", "card_renewal", "nonresident", "user_facts"]}


def lost_item_found(s: Session) -> dict[str, Any]:
    """Write: an item reported lost turns up; the unpaid replacement charge is waived, the processing fee stays."""
    rows = s.q("SELECT l.patron_id, l.loan_id FROM loans l WHERE l.status = 'lost' AND EXISTS (SELECT 1 FROM fees f "
               "WHERE f.loan_id = l.loan_id AND f.kind = 'lost_item' AND f.status = 'open') ORDER BY l.patron_id")
    row = fresh(rows)
    p = patron(s, row["patron_id"])
    pid = identify(s, p)
    lost = s.call("list_patron_loans", patron_id=pid, status="lost")
    title = next(x["title"] for x in lost["loans"] if x["loan_id"] == row["loan_id"])
    res = s.call("return_loan", loan_id=row["loan_id"])
    return {"instruction": f"Hi, {name(p)} here. Good news: I found {title}, the one I reported lost — it was "
                           "behind the sofa. I'm bringing it back now. What happens with the charge for it?",
            "user_facts": card_fact(p), "outputs": [money(res["replacement_charge_waived"])],
            "tags": ["write", "lost", "return", "fees"]}


def loan_limit_refusal(s: Session) -> dict[str, Any]:
    """Refusal: an adult card with 25 items out cannot borrow another."""
    rows = s.q("SELECT l.patron_id FROM loans l JOIN patrons p USING (patron_id) WHERE l.status = 'active' AND "
               "p.card_type = 'adult' GROUP BY 1 HAVING count(*) = 25 ORDER BY 1")
    p = patron(s, fresh(rows)["patron_id"])
    pid = identify(s, p)
    acct = s.call("get_patron_account", patron_id=pid)
    t = s.q("SELECT t.* FROM titles t JOIN copies c USING (title_id) WHERE c.branch_id = 'BR-01' AND c.status = "
            "'available' AND c.collection = 'circulating' AND t.format = 'book' AND t.min_age = 0 AND (SELECT count(*) "
            "FROM titles u WHERE u.title = t.title) = 1 ORDER BY t.title_id LIMIT 1")[0]
    return {"instruction": f"Hi, I'm {name(p)}, at the Central Library desk. I'd like to check out {t['title']}, "
                           "please.",
            "user_facts": card_fact(p), "outputs": [str(acct["loan_limit"])],
            "tags": ["read", "refusal", "loan_limit", "checkout"]}


def pick_up_ready_hold(s: Session) -> dict[str, Any]:
    """Write: the patron is at the pickup branch; the ready hold copy is checked out."""
    rows = s.q("SELECT h.* FROM holds h WHERE h.status = 'ready' AND h.patron_id IN (" + GOOD + ") AND (SELECT "
               "count(*) FROM holds x WHERE x.patron_id = h.patron_id AND x.status = 'ready') = 1 ORDER BY h.patron_id")
    h = fresh(rows, 1)
    p = patron(s, h["patron_id"])
    pid = identify(s, p)
    res = s.call("list_patron_holds", patron_id=pid)
    mine = next(x for x in res["open_holds"] if x["hold_id"] == h["hold_id"])
    out = s.call("check_out_title", patron_id=pid, title_id=mine["title_id"], branch_id=mine["pickup_branch_id"])
    return {"instruction": f"Hi, {name(p)}. I got the notice that my hold is ready, and I'm here at the "
                           f"{mine['pickup_branch']} to pick it up. Can you check it out to me?",
            "user_facts": card_fact(p), "outputs": [out["due_date"]], "tags": ["write", "holds", "checkout"]}


def renew_two_one_new_release(s: Session) -> dict[str, Any]:
    """Write with a partial refusal: a new release cannot be renewed, the other book can."""
    rows = s.q(LOAN + f"WHERE l.status = 'active' AND t.new_release AND l.patron_id IN ({GOOD}) ORDER BY l.patron_id")
    for row in [r for r in rows if r["patron_id"] not in USED]:
        other = s.q(LOAN + f"WHERE l.status = 'active' AND l.patron_id = ? AND t.format = 'book' AND NOT t.new_release "
                    f"AND l.renewals < 2 AND NOT {WAITING} AND l.due_date BETWEEN '{TODAY}' AND '2026-06-02' "
                    "ORDER BY l.loan_id", [row["patron_id"]])
        if not other:
            continue
        o = other[0]
        p = patron(s, row["patron_id"])
        pid = identify(s, p)
        s.call("list_patron_loans", patron_id=pid)
        res = s.call("renew_loan", loan_id=o["loan_id"])
        return {"instruction": f"Hello, I'm {name(p)}. Could you renew both {row['title']} and {o['title']} for me?",
                "user_facts": card_fact(p), "outputs": [res["new_due_date"], row["due_date"]],
                "tags": ["write", "renewal", "new_release", "refusal"]}
    raise AssertionError("no patron fits renew_two_one_new_release")


def expired_card_then_hold(s: Session) -> dict[str, Any]:
    """Multi-write: a hold is refused on an expired card; the patron agrees to renew it, then the hold is placed."""
    rows = s.q("SELECT p.patron_id, p.home_branch_id FROM patrons p WHERE p.card_type = 'adult' AND p.status = "
               "'active' AND p.card_expires < '2026-05-13' AND p.home_branch_id <> 'BR-06' AND coalesce((SELECT "
               "sum(amount) FROM fees f WHERE f.patron_id = p.patron_id AND f.status = 'open'), 0) < 10 "
               "ORDER BY p.patron_id")
    row = fresh(rows)
    t = s.q("SELECT t.* FROM titles t WHERE t.audience = 'adult' AND t.min_age = 0 AND EXISTS (SELECT 1 FROM copies c "
            "WHERE c.title_id = t.title_id AND c.status = 'on_loan') AND NOT EXISTS (SELECT 1 FROM copies c WHERE "
            "c.title_id = t.title_id AND c.branch_id = ? AND c.status = 'available') AND (SELECT count(*) FROM titles "
            "u WHERE u.title = t.title) = 1 AND t.format = 'book' ORDER BY t.title_id", [row["home_branch_id"]])[5]
    p = patron(s, row["patron_id"])
    pid = identify(s, p)
    acct = s.call("get_patron_account", patron_id=pid)
    renewed = s.call("renew_library_card", patron_id=pid)
    rec = s.search(t)
    s.call("place_hold", patron_id=pid, title_id=rec["title_id"], pickup_branch_id=row["home_branch_id"])
    branch = acct["home_branch"]
    facts = card_fact(p, renewal={"value": "Oh, I didn't realise it expired. Yes, please renew my card and then "
                                           "place the hold.", "keywords": ["renew", "would you like", "want me to",
                                                                      "shall i", "go ahead", "proceed"]})
    return {"instruction": f"Hi, this is {name(p)}. Could you place a hold on {t['title']} for me? I'll pick it up "
                           f"at the {branch}.",
            "user_facts": facts, "outputs": [acct["card_expires"], renewed["new_expiry"]],
            "tags": ["write", "multi_goal", "card_renewal", "holds", "standing"]}


def swap_room_booking(s: Session) -> dict[str, Any]:
    """Multi-write: a patron with two upcoming bookings cancels one and books another room instead."""
    rows = s.q("SELECT k.patron_id FROM room_bookings k JOIN patrons p USING (patron_id) WHERE k.status = 'booked' "
               "AND p.card_type = 'adult' AND p.status = 'active' AND p.card_expires > '2026-07-01' GROUP BY 1 "
               "HAVING count(*) = 2 ORDER BY 1")
    row = fresh(rows)
    p = patron(s, row["patron_id"])
    for day_offset in range(3, 20):
        day = (date(2026, 5, 13) + timedelta(days=day_offset)).isoformat()
        if date.fromisoformat(day).weekday() == 6:
            continue
        sched = s.call("get_room_schedule", branch_id="BR-01", date=day)
        s.begin()
        room = next(r for r in sched["rooms"] if r["room_id"] == "RM-14")
        if any(b["from"] < "16:00" and b["to"] > "14:00" for b in room["booked"]):
            continue
        pid = identify(s, p)
        mine = s.call("list_patron_room_bookings", patron_id=pid)["bookings"]
        first = mine[0]
        s.call("cancel_room_booking", booking_id=first["booking_id"])
        s.call("get_room_schedule", branch_id="BR-01", date=day)
        s.call("book_room", patron_id=pid, room_id="RM-14", starts_at=f"{day} 14:00", hours=2, attendees=8,
               purpose="meeting")
        return {"instruction": f"Hi, {name(p)} here. Please cancel my booking of the {first['room']} on "
                           f"{day_text(first['starts_at'])}, and instead book the Boardroom at the Central Library "
                           f"on {day_text(day)} from 2 to 4 pm for our nonprofit board meeting, eight people.",
                "user_facts": card_fact(p), "outputs": [],
                "tags": ["write", "multi_goal", "rooms"]}
    raise AssertionError("no slot fits swap_room_booking")


def damaged_return(s: Session) -> dict[str, Any]:
    """Write: an item comes back damaged: half its replacement cost is charged."""
    rows = s.q(LOAN + f"WHERE l.status = 'active' AND t.format IN ('book', 'audiobook') AND l.due_date >= '{TODAY}' "
               "AND (SELECT count(*) FROM loans x WHERE x.patron_id = l.patron_id AND x.status = 'active') BETWEEN 2 "
               "AND 9 ORDER BY l.patron_id")
    ln = fresh(rows, 2)
    p = patron(s, ln["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_loans", patron_id=pid)
    res = s.call("return_loan", loan_id=ln["loan_id"], condition="damaged")
    return {"instruction": f"Hi, I'm {name(p)}. I'm returning {ln['title']}, but I have to confess my dog chewed "
                           "the cover and a few pages. What do I owe for that?",
            "user_facts": card_fact(p), "outputs": [money(res["damage_fee"])],
            "tags": ["write", "return", "damage", "fees"]}


def hold_on_shelf(s: Session) -> dict[str, Any]:
    """Refusal: the title is on the shelf at the pickup branch, so no hold: borrow it there (call number)."""
    rows = s.q(GOOD + " AND p.card_type IN ('adult', 'senior') AND p.home_branch_id IN ('BR-02', 'BR-04', 'BR-05') "
               "ORDER BY p.patron_id")
    for row in [r for r in rows if r["patron_id"] not in USED]:
        p = patron(s, row["patron_id"])
        t = s.q("SELECT t.*, c.call_number FROM titles t JOIN copies c USING (title_id) WHERE c.branch_id = ? AND "
                "c.status = 'available' AND c.collection = 'circulating' AND t.audience = 'adult' AND t.min_age = 0 "
                "AND (SELECT count(*) FROM titles u WHERE u.title = t.title) = 1 AND NOT EXISTS (SELECT 1 FROM loans l "
                "JOIN copies d USING (copy_id) WHERE d.title_id = t.title_id AND l.patron_id = ? AND l.status = "
                "'active') ORDER BY t.title_id", [p["home_branch_id"], p["patron_id"]])
        if len(t) < 8:
            continue
        t = t[7]
        pid = identify(s, p)
        acct = s.call("get_patron_account", patron_id=pid)
        rec = s.search(t)
        s.call("get_title_availability", title_id=rec["title_id"])
        return {"instruction": f"Hi, {name(p)} here. Please place a hold on {t['title']} for me, for pickup at my "
                               "home branch.",
                "user_facts": card_fact(p), "outputs": [t["call_number"], acct["home_branch"]],
                "tags": ["read", "refusal", "holds", "on_shelf"]}
    raise AssertionError("no patron fits hold_on_shelf")


def card_renewal_too_early(s: Session) -> dict[str, Any]:
    """Refusal: the card is valid for months yet; it renews only from 30 days before expiry."""
    rows = s.q(GOOD.replace("p.card_expires > '2026-07-15'", "p.card_expires BETWEEN '2026-08-01' AND '2026-12-31'")
               + " AND p.card_type = 'adult' ORDER BY p.patron_id")
    p = patron(s, fresh(rows)["patron_id"])
    pid = identify(s, p)
    acct = s.call("get_patron_account", patron_id=pid)
    return {"instruction": f"Hello, I'm {name(p)}. I'm going to be away for a while, so I'd like to renew my library "
                           "card now while I think of it.",
            "user_facts": card_fact(p), "outputs": [acct["card_expires"], acct["card_renewable_from"]],
            "tags": ["read", "refusal", "card_renewal"]}


def dvd_limit_refusal(s: Session) -> dict[str, Any]:
    """Refusal: four DVDs out already; a fifth cannot be borrowed."""
    rows = s.q("SELECT l.patron_id FROM loans l JOIN copies c USING (copy_id) JOIN titles t USING (title_id) WHERE "
               "l.status = 'active' AND t.format = 'dvd' GROUP BY 1 HAVING count(*) = 4 ORDER BY 1")
    p = patron(s, fresh(rows)["patron_id"])
    assert p["status"] == "active" and p["card_expires"] > TODAY
    t = s.q("SELECT t.* FROM titles t JOIN copies c USING (title_id) WHERE c.branch_id = 'BR-01' AND c.status = "
            "'available' AND t.format = 'dvd' AND t.min_age = 0 AND (SELECT count(*) FROM titles u WHERE u.title = "
            "t.title) = 1 ORDER BY t.title_id LIMIT 1")[0]
    pid = identify(s, p)
    acct = s.call("get_patron_account", patron_id=pid)
    return {"instruction": f"Hi, I'm {name(p)}. I'm at the Central Library with the DVD {t['title']}, can you check "
                           "it out to me?",
            "user_facts": card_fact(p), "outputs": [str(acct["dvds_on_loan"])],
            "tags": ["read", "refusal", "dvd_limit", "checkout"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    dvd_limit_refusal, renew_blocked_by_hold, pay_then_renew, age_rated_dvd, late_dvd_with_waiver, waiver_already_used,
    report_lost_with_consent, hold_old_quarry_fallback, cancel_in_transit, cancel_ready_move_waiting,
    teen_room_fallback, nonresident_renewal, lost_item_found, loan_limit_refusal, pick_up_ready_hold,
    renew_two_one_new_release, expired_card_then_hold, swap_room_booking, damaged_return, hold_on_shelf,
    card_renewal_too_early,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"library-{i:03d}", tags=["flagship", *fields["tags"]],
                   outputs=fields["outputs"], user_facts=fields["user_facts"],
                   check_outputs="refusal" not in fields["tags"])


if __name__ == "__main__":
    session = Session()
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: "querygen" in t.tags,
                                  description=__doc__.splitlines()[0]))
