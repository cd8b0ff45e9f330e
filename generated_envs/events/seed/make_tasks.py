"""Build the events environment's flagship tasks (``events-001`` ...) in ``tasks.jsonl`` from the seed data.

Each scenario picks the first patron (by id) whose bookings fit its story and who is in no other flagship task,
writes the request as that patron would, and plays the gold calls on a fresh state so that ids, amounts and dates
come from the tools themselves. Deterministic: same seed data, same tasks. Sampled tasks already in the file are
kept after the flagship tasks. Run ``python generated_envs/events/seed/make_tasks.py`` after ``seed/generate.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder

HERE = Path(__file__).resolve().parent
ENV = HERE.parent

EMAIL_KEYWORDS = ["email", "e-mail", "address on your account", "account email"]
#: Patrons already in a task: every task gets a patron of its own.
USED: set[str] = set()

BOOKING = ("SELECT * FROM (SELECT b.*, p.series_id, p.starts_at, p.status AS perf_status, s.title, (SELECT count(*) FROM admissions a "
           "WHERE a.booking_id = b.booking_id AND a.status = 'active') AS n, (SELECT count(*) FROM admissions a "
           "WHERE a.booking_id = b.booking_id AND a.holder_patron_id <> b.patron_id) AS given, (SELECT min(a.section_id) "
           "FROM admissions a WHERE a.booking_id = b.booking_id) AS section_id FROM bookings b JOIN performances p "
           "ON p.performance_id = b.performance_id JOIN series s ON s.series_id = p.series_id) b ")


class Session(TaskBuilder):
    """The task being written: its gold calls, run as they are added on the seed state."""

    def __init__(self) -> None:
        super().__init__(ENV)

    def q(self, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
        return self.rows(sql, params)


def patron(s: Session, pid: str) -> dict[str, Any]:
    return s.q("SELECT * FROM patrons WHERE patron_id = ?", [pid])[0]


def fresh(rows: list[dict[str, Any]], skip: int = 0) -> dict[str, Any]:
    """The row ``skip`` of those whose patron is in no task yet."""
    return [r for r in rows if r["patron_id"] not in USED][skip]


def identify(s: Session, p: dict[str, Any]) -> str:
    USED.add(p["patron_id"])
    return s.call("find_patron_by_email", email=p["email"])["patron_id"]


def email_fact(p: dict[str, Any]) -> dict[str, Any]:
    return {"email": {"value": p["email"], "keywords": EMAIL_KEYWORDS}}


def day(value: str) -> str:
    """'2026-07-05 19:00' -> 'Sunday 5 July'."""
    d = datetime.fromisoformat(str(value).replace("T", " "))
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')}"


def series_perf(s: Session, series_id: str, when: str) -> dict[str, Any]:
    """Gold: list_series, get_series_schedule; returns the performance of ``series_id`` starting on day ``when``."""
    s.call("list_series")
    sched = s.call("get_series_schedule", series_id=series_id)
    return next(p for p in sched["performances"] if p["starts_at"].startswith(when))


def no_member(s: Session) -> list[dict[str, Any]]:
    return s.q("SELECT * FROM patrons p WHERE NOT EXISTS (SELECT 1 FROM memberships m WHERE m.patron_id = "
               "p.patron_id AND m.ends_on >= DATE '2026-06-10') AND NOT accessibility_flag ORDER BY patron_id")


# ---------------------------------------------------------------------------------------------------------
# Scenarios: each returns the task's fields (without id); the Session holds its gold calls
# ---------------------------------------------------------------------------------------------------------

def exchange_pricier(s: Session) -> dict[str, Any]:
    """Write: exchange a Sunday game to the Friday game; the fee is $5 plus the weekend price increase each."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1037' AND b.status = 'active' AND section_id IN ('SEC-32', "
               "'SEC-33') ORDER BY b.patron_id")
    held = s.q("SELECT patron_id, count(*) AS n FROM bookings WHERE performance_id = 'PRF-1037' AND status = "
               "'active' GROUP BY patron_id")
    one = {r["patron_id"] for r in held if r["n"] == 1}  # "my booking" must name one booking (blind play)
    b = [r for r in rows if r["given"] == 0 and r["n"] >= 2 and r["patron_id"] not in USED
         and r["patron_id"] in one][0]
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    new = series_perf(s, "SER-09", "2026-06-26")
    res = s.call("exchange_booking", booking_id=b["booking_id"], new_performance_id=new["performance_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. I can't make the Ridgebacks game on "
                           "Sunday 5 July after all. Could you move my booking to the Friday game on 26 June instead?",
            "user_facts": email_fact(p), "outputs": [f"{res['exchange_fee']:.2f}"],
            "tags": ["write", "exchange", "fee"]}


def exchange_too_late(s: Session) -> dict[str, Any]:
    """Refusal: tomorrow's performance is inside the 48-hour exchange cutoff."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1018' AND b.status = 'active' ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    res = s.call("get_booking_details", booking_id=b["booking_id"])
    return {"instruction": f"Hello, this is {p['first_name']} {p['last_name']}. Something came up for tomorrow "
                           "evening: please exchange my booking for The Lighthouse Keeper's Daughter on 11 June to "
                           "the 25 June performance.",
            "user_facts": email_fact(p), "outputs": [res["exchange_until"]],
            "forbidden_calls": [{"name": "exchange_booking", "arguments": {"booking_id": b["booking_id"]}}],
            "tags": ["read", "exchange", "refusal", "window"]}


def refund_cancelled(s: Session) -> dict[str, Any]:
    """Write: a cancelled derby bout is refunded in full."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1039' AND b.status = 'active' ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    res = s.call("refund_booking", booking_id=b["booking_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. I saw the roller derby on 20 June was called "
                           "off. I'd like my money back, please. How much will I get?",
            "user_facts": email_fact(p), "outputs": [f"{res['amount']:.2f}"], "tags": ["write", "refund", "cancelled"]}


def refund_postponed_open(s: Session) -> dict[str, Any]:
    """Write: a postponed play is refunded at face value within its refund window."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1054' AND b.status = 'active' AND b.fees_total > 0 "
               "ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    res = s.call("refund_booking", booking_id=b["booking_id"])
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. The Tin Orchard performance I booked was "
                           "moved to 29 July and I can't go then. Can I get a refund? Please go ahead if so, and "
                           "tell me the amount.",
            "user_facts": email_fact(p), "outputs": [f"{res['amount']:.2f}"],
            "tags": ["write", "refund", "postponed"]}


def refund_postponed_closed(s: Session) -> dict[str, Any]:
    """Refusal: the postponed piano night's refund window closed on 8 June."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1006' AND b.status = 'active' ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    res = s.call("get_booking_details", booking_id=b["booking_id"])
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} calling. My Midsummer Piano Nights concert "
                           "was postponed to 13 July and that date doesn't work for me. Please refund my booking.",
            "user_facts": email_fact(p), "outputs": [res["refund_deadline"]],
            "forbidden_calls": [{"name": "refund_booking", "arguments": {"booking_id": b["booking_id"]}}],
            "tags": ["read", "refund", "postponed", "refusal", "window"]}


def refund_or_exchange(s: Session) -> dict[str, Any]:
    """Write: a scheduled show is not refundable; the patron's fallback, an exchange, is made."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1026' AND b.status = 'active' AND section_id <> 'SEC-22' "
               "ORDER BY b.patron_id")
    b = [r for r in rows if r["given"] == 0 and r["patron_id"] not in USED][0]
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    new = series_perf(s, "SER-07", "2026-06-28")
    res = s.call("exchange_booking", booking_id=b["booking_id"], new_performance_id=new["performance_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. I can't make the Hollow Crown Revue "
                           "matinee on Sunday 21 June. I'd like a refund, please; if a refund isn't possible, move "
                           "my booking to the following Sunday's matinee instead.",
            "user_facts": email_fact(p), "outputs": [f"{res['exchange_fee']:.2f}"],
            "tags": ["write", "refund", "exchange", "fallback"]}


def presale_refused(s: Session) -> dict[str, Any]:
    """Refusal: members' presale; the patron has no membership."""
    p = patron(s, fresh(no_member(s))["patron_id"])
    identify(s, p)
    perf = series_perf(s, "SER-06", "2026-08-13")
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. I'd like two admissions in the Orchestra "
                           "for A Winter Ledger on Thursday 13 August. I'm not a member and I don't want to join "
                           "anything.",
            "user_facts": email_fact(p), "outputs": [perf["onsale_at"]],
            "forbidden_calls": [{"name": "book_admissions", "arguments": {"patron_id": p["patron_id"]}},
                                {"name": "enroll_membership", "arguments": {"patron_id": p["patron_id"]}}],
            "tags": ["read", "book", "presale", "refusal"]}


def join_then_presale(s: Session) -> dict[str, Any]:
    """Multi-goal: join Friends of Lanternfield, then book in the presale it opens."""
    p = patron(s, fresh(no_member(s))["patron_id"])
    pid = identify(s, p)
    mem = s.call("enroll_membership", patron_id=pid, plan_code="FRIENDS")
    perf = series_perf(s, "SER-11", "2026-08-20")
    s.call("get_performance", performance_id=perf["performance_id"])
    res = s.call("book_admissions", patron_id=pid, performance_id=perf["performance_id"], section_id="SEC-32",
                 quantity=4)
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here. I'd like to join the Friends of "
                           "Lanternfield plan, and then, with the presale it gives me, book four admissions in the "
                           "Lower Bowl for the Copper Canyon Rodeo Finals on Thursday 20 August.",
            "user_facts": email_fact(p), "outputs": [f"{mem['fee_charged']:.2f}", f"{res['total_charged']:.2f}"],
            "tags": ["write", "multi_goal", "membership", "presale", "book"]}


def purchase_limit(s: Session) -> dict[str, Any]:
    """Refusal: the patron already bought 7 of the derby bout's limit of 8."""
    rows = s.q("SELECT b.patron_id, sum(b.n) AS n FROM (" + BOOKING + "WHERE b.performance_id = 'PRF-1041' AND "
               "b.status = 'active') b GROUP BY 1 HAVING sum(b.n) = 7 ORDER BY 1")
    p = patron(s, fresh(rows)["patron_id"])
    identify(s, p)
    perf = series_perf(s, "SER-10", "2026-07-18")
    return {"instruction": f"Hi, this is {p['first_name']} {p['last_name']}. For the roller derby on Saturday "
                           "18 July, I need two more admissions in the Lower Bowl for friends joining our group. "
                           "Please book them; it's two or nothing.",
            "user_facts": email_fact(p), "outputs": [str(perf["purchase_limit"])],
            "forbidden_calls": [{"name": "book_admissions", "arguments": {"patron_id": p["patron_id"]}}],
            "tags": ["read", "book", "purchase_limit", "refusal"]}


def non_transferable(s: Session) -> dict[str, Any]:
    """Refusal: Courtside Club admissions cannot be transferred."""
    rows = s.q(BOOKING + "WHERE b.status = 'active' AND b.perf_status = 'scheduled' AND b.starts_at > '2026-06-12' AND "
               "section_id = 'SEC-34' AND b.performance_id = 'PRF-1036' ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    res = s.call("get_booking_details", booking_id=b["booking_id"])
    friend = s.q("SELECT email FROM patrons WHERE patron_id NOT IN (SELECT unnest(?)) ORDER BY patron_id DESC LIMIT 1",
                 [sorted(USED)])[0]["email"]
    seat = res["admissions"][0]["seat_label"]
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. I can't go to the Ridgebacks game on Friday "
                           f"26 June. Please transfer my Courtside Club seat {seat} to my friend's account, {friend}.",
            "user_facts": email_fact(p), "outputs": ["non-transferable"],
            "forbidden_calls": [{"name": "transfer_admission", "arguments": {"patron_id": p["patron_id"]}}],
            "tags": ["read", "transfer", "refusal"]}


def accessible_fallback(s: Session) -> dict[str, Any]:
    """Write: accessible seating is refused to an unflagged patron; their fallback section is booked."""
    p = patron(s, fresh(no_member(s), 3)["patron_id"])
    pid = identify(s, p)
    perf = series_perf(s, "SER-05", "2026-06-18")
    s.call("get_performance", performance_id=perf["performance_id"])
    res = s.call("book_admissions", patron_id=pid, performance_id=perf["performance_id"], section_id="SEC-21",
                 quantity=2)
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. For The Lighthouse Keeper's Daughter on "
                           "18 June I'd like two admissions in the Accessible Orchestra, the seats are roomier. If "
                           "I can't have those, two in the regular Orchestra will do.",
            "user_facts": email_fact(p), "outputs": [f"{res['total_charged']:.2f}"],
            "tags": ["write", "book", "accessible", "fallback"]}


def accessible_ok(s: Session) -> dict[str, Any]:
    """Write: a patron with the accessibility flag books the accessible section."""
    rows = s.q("SELECT * FROM patrons WHERE accessibility_flag ORDER BY patron_id")
    p = patron(s, fresh(rows, 2)["patron_id"])
    pid = identify(s, p)
    perf = series_perf(s, "SER-13", "2026-07-10")
    s.call("get_performance", performance_id=perf["performance_id"])
    res = s.call("book_admissions", patron_id=pid, performance_id=perf["performance_id"], section_id="SEC-45",
                 quantity=2)
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']} here; I use a wheelchair. Please book two "
                           "admissions in the Accessible Parterre for Magnolia Jazz Evenings on Friday 10 July, one "
                           "for me and one for my companion.",
            "user_facts": email_fact(p), "outputs": [f"{res['total_charged']:.2f}", *res["seats"]],
            "tags": ["write", "book", "accessible"]}


def cancelled_transfer_then_refund(s: Session) -> dict[str, Any]:
    """Write: a cancelled concert's booking is frozen (no transfer); the patron's fallback, the refund, is made."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1046' AND b.status = 'active' AND b.n >= 2 "
               "ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    res = s.call("refund_booking", booking_id=b["booking_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. I have admissions for Neon Harbor on Saturday "
                           "27 June and I'd like to give one of them to my sister. If that can't be done, just "
                           "refund the whole booking.",
            "user_facts": email_fact(p), "outputs": [f"{res['amount']:.2f}"],
            "tags": ["write", "transfer", "refund", "cancelled", "frozen"]}


def waitlist_not_sold_out(s: Session) -> dict[str, Any]:
    """Refusal: the waitlist is only for sold-out sections; this one has admissions left."""
    p = patron(s, fresh(no_member(s), 1)["patron_id"])
    identify(s, p)
    perf = series_perf(s, "SER-05", "2026-06-25")
    res = s.call("get_performance", performance_id=perf["performance_id"])
    mezz = next(c for c in res["sections"] if c["section_id"] == "SEC-22")
    assert mezz["admissions_left"] > 0
    return {"instruction": f"Hi, I'm {p['first_name']} {p['last_name']}. Please put me on the waitlist for two "
                           "Mezzanine admissions for The Lighthouse Keeper's Daughter on 25 June. Just the waitlist "
                           "for now, I'm not ready to buy.",
            "user_facts": email_fact(p), "outputs": [str(mezz["admissions_left"])],
            "forbidden_calls": [{"name": "join_waitlist", "arguments": {"patron_id": p["patron_id"]}},
                                {"name": "book_admissions", "arguments": {"patron_id": p["patron_id"]}}],
            "tags": ["read", "waitlist", "refusal"]}


def membership_already_active(s: Session) -> dict[str, Any]:
    """Refusal: one active membership at a time."""
    rows = s.q("SELECT m.* FROM memberships m WHERE m.plan_code = 'FRIENDS' AND m.ends_on > DATE '2026-07-01' AND "
               "m.starts_on <= DATE '2026-06-10' ORDER BY m.patron_id")
    p = patron(s, fresh(rows)["patron_id"])
    pid = identify(s, p)
    res = s.call("get_patron_profile", patron_id=pid)
    return {"instruction": f"Hello, {p['first_name']} {p['last_name']}. I'd like to upgrade: please sign me up for "
                           "the Patron Circle today.",
            "user_facts": email_fact(p), "outputs": [res["active_membership"]["ends_on"]],
            "forbidden_calls": [{"name": "enroll_membership", "arguments": {"patron_id": p["patron_id"]}}],
            "tags": ["read", "membership", "refusal"]}


def refund_and_rebook(s: Session) -> dict[str, Any]:
    """Multi-goal: refund the cancelled derby bout, and book the same number in the same section for 4 July."""
    rows = s.q(BOOKING + "WHERE b.performance_id = 'PRF-1039' AND b.status = 'active' AND section_id IN ('SEC-31', "
               "'SEC-32', 'SEC-33') ORDER BY b.patron_id")
    b = fresh(rows)
    p = patron(s, b["patron_id"])
    pid = identify(s, p)
    s.call("list_patron_bookings", patron_id=pid)
    det = s.call("get_booking_details", booking_id=b["booking_id"])
    ref = s.call("refund_booking", booking_id=b["booking_id"])
    perf = series_perf(s, "SER-10", "2026-07-04")
    s.call("get_performance", performance_id=perf["performance_id"])
    res = s.call("book_admissions", patron_id=pid, performance_id=perf["performance_id"], section_id=b["section_id"],
                 quantity=len(det["admissions"]))
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']}. Since the derby bout on 20 June was cancelled, "
                           "please refund that booking, and book me the same number of admissions in the same "
                           "section for the bout on Saturday 4 July.",
            "user_facts": email_fact(p), "outputs": [f"{ref['amount']:.2f}", f"{res['total_charged']:.2f}"],
            "tags": ["write", "multi_goal", "refund", "book"]}


def transfer_and_leave_waitlist(s: Session) -> dict[str, Any]:
    """Multi-goal: transfer one admission to a friend and withdraw a waitlist spot."""
    rows = s.q("SELECT w.patron_id, w.entry_id, b.booking_id FROM waitlist_entries w JOIN (" + BOOKING +
               "WHERE b.status = 'active' AND b.perf_status = 'scheduled' AND b.starts_at > '2026-06-13' AND b.n >= 2 AND "
               "b.given = 0 AND section_id IN ('SEC-11', 'SEC-12', 'SEC-13', 'SEC-21', 'SEC-22', 'SEC-23', "
               "'SEC-31', 'SEC-32', 'SEC-33', 'SEC-41', 'SEC-42', 'SEC-43')) b ON b.patron_id = w.patron_id "
               "WHERE w.status = 'waiting' ORDER BY w.patron_id, b.starts_at, b.booking_id")
    row = fresh(rows)
    p = patron(s, row["patron_id"])
    pid = identify(s, p)
    bookings = s.call("list_patron_bookings", patron_id=pid)
    booking = next(x for x in bookings["bookings"] if x["booking_id"] == row["booking_id"])
    det = s.call("get_booking_details", booking_id=row["booking_id"])
    seat = det["admissions"][-1]
    friend = s.q("SELECT * FROM patrons WHERE patron_id NOT IN (SELECT unnest(?)) ORDER BY patron_id DESC LIMIT 1 "
                 "OFFSET 1", [sorted(USED)])[0]
    res = s.call("transfer_admission", patron_id=pid, admission_id=seat["admission_id"],
                 recipient_email=friend["email"])
    waits = s.call("list_waitlist_entries", patron_id=pid)
    entry = next(e for e in waits["entries"] if e["entry_id"] == row["entry_id"])
    s.call("leave_waitlist", entry_id=entry["entry_id"])
    return {"instruction": f"Hi, {p['first_name']} {p['last_name']} here. Two things: please transfer seat "
                           f"{seat['seat_label']} from my booking for {booking['title']} on {day(booking['starts_at'])} "
                           f"to my friend {friend['first_name']}, whose account email is {friend['email']}. And take "
                           f"me off the waitlist for {entry['title']} on {day(entry['starts_at'])}; I don't need it "
                           "any more.",
            "user_facts": email_fact(p), "outputs": [res["new_holder"]],
            "tags": ["write", "multi_goal", "transfer", "waitlist"]}


SCENARIOS: list[Callable[[Session], dict[str, Any]]] = [
    exchange_pricier, exchange_too_late, refund_cancelled, refund_postponed_open, refund_postponed_closed,
    refund_or_exchange, presale_refused, join_then_presale, purchase_limit, non_transferable, accessible_fallback,
    accessible_ok, cancelled_transfer_then_refund, waitlist_not_sold_out, membership_already_active,
    refund_and_rebook, transfer_and_leave_waitlist,
]


def build(s: Session) -> None:
    for i, scenario in enumerate(SCENARIOS, 1):
        s.begin()
        fields = scenario(s)
        s.add_task(fields["instruction"], task_id=f"events-{i:03d}", tags=fields["tags"], outputs=fields["outputs"],
                   user_facts=fields["user_facts"], forbidden_calls=fields.get("forbidden_calls", []))


if __name__ == "__main__":
    session = Session()
    # the sampled tasks already in the file are kept after the flagship tasks
    raise SystemExit(session.main(lambda: build(session), keep=lambda t: t.id.startswith("events-qg"),
                                  description=__doc__.splitlines()[0]))
