"""The events environment's own checks: the structural ones every folder runs, then every business rule and refusal."""

from __future__ import annotations

from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)  # this folder: its manifest, tools.py (imported by path) and tasks
state = ENV.state_fixture()  # the seeded state, shared by this module's tests and reset before each one
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Episodes played blind (tests/blind_play.jsonl, see docs/authoring.md): correct play 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tools=14, min_writes=7, min_reads=8, min_tasks=70, min_tables=8, min_rows=2000,
                                   every_table_filled=True, min_rules=8, min_refusal_tasks=6,
                                   min_forbidden_tasks=6, min_user_fact_tasks=40, min_read_tasks=15,
                                   min_single_write_tasks=15, min_multi_write_tasks=12, compact_share=0.3)

CANCELLED, PAST_CANCELLED = "PRF-1039", "PRF-1049"
POSTPONED_OPEN, POSTPONED_CLOSED = "PRF-1054", "PRF-1006"
PRESALE, NOT_YET, PAST = "PRF-1022", "PRF-1015", "PRF-1001"


def q(state: DuckDBState, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    return state.db.query(sql, params or [])


def patron_without_plan(state: DuckDBState, flagged: bool = False, skip: int = 0) -> str:
    return q(state, "SELECT patron_id FROM patrons p WHERE accessibility_flag = ? AND NOT EXISTS (SELECT 1 FROM "
                    "memberships m WHERE m.patron_id = p.patron_id AND m.ends_on >= DATE '2026-06-10') AND NOT EXISTS "
                    "(SELECT 1 FROM bookings b WHERE b.patron_id = p.patron_id AND b.performance_id IN ('PRF-1004', "
                    "'PRF-1022')) ORDER BY patron_id", [flagged])[skip]["patron_id"]


def member(state: DuckDBState, plan: str) -> str:
    return q(state, "SELECT patron_id FROM memberships WHERE plan_code = ? AND starts_on <= DATE '2026-06-10' AND "
                    "ends_on >= DATE '2026-06-10' ORDER BY patron_id", [plan])[0]["patron_id"]


def active_booking(state: DuckDBState, performance_id: str, extra: str = "") -> dict[str, Any]:
    return q(state, "SELECT b.* FROM bookings b WHERE b.performance_id = ? AND b.status = 'active' AND NOT EXISTS "
                    "(SELECT 1 FROM admissions a WHERE a.booking_id = b.booking_id AND a.holder_patron_id <> "
                    f"b.patron_id) {extra} ORDER BY b.booking_id", [performance_id])[0]


def section_of(state: DuckDBState, booking_id: str) -> str:
    return one(state, "SELECT min(section_id) AS s FROM admissions WHERE booking_id = ?", [booking_id])["s"]


# -- the policy and the seed ------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "event ticketing"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("2026-06-10 12:00", "48 hours", "$5.00", "presale", "purchase limit", "accessibility flag",
                 "refund deadline", "non-transferable", "sold-out"):
        assert fact.lower() in policy.lower(), fact


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    over = q(state, "SELECT b.performance_id, a.section_id, count(*) AS n, c.capacity FROM admissions a JOIN bookings "
                    "b USING (booking_id) JOIN sections c ON c.section_id = a.section_id WHERE a.status = 'active' "
                    "GROUP BY ALL HAVING count(*) > c.capacity")
    assert over == []
    limits = q(state, "SELECT b.patron_id, b.performance_id FROM admissions a JOIN bookings b USING (booking_id) "
                      "JOIN performances p ON p.performance_id = b.performance_id WHERE a.status = 'active' "
                      "GROUP BY b.patron_id, b.performance_id, p.purchase_limit HAVING count(*) > p.purchase_limit")
    assert limits == []
    access = q(state, "SELECT a.admission_id FROM admissions a JOIN sections c USING (section_id) JOIN patrons p ON "
                      "p.patron_id = a.holder_patron_id WHERE c.accessible AND NOT p.accessibility_flag")
    assert access == []
    totals = q(state, "SELECT b.booking_id FROM bookings b JOIN admissions a USING (booking_id) GROUP BY b.booking_id, "
                      "b.face_total, b.fees_total HAVING round(sum(a.price), 2) <> b.face_total OR "
                      "round(sum(a.service_fee), 2) <> b.fees_total")
    assert totals == []
    assert {r["status"] for r in q(state, "SELECT DISTINCT status FROM performances")} == {
        "scheduled", "postponed", "cancelled"}


# -- reads ------------------------------------------------------------------------------------------------------

def test_reads(state: DuckDBState) -> None:
    p = one(state, "SELECT * FROM patrons ORDER BY patron_id LIMIT 1")
    assert run(state, "find_patron_by_email", email=p["email"].upper())["patron_id"] == p["patron_id"]
    assert_refused(state, "find_patron_by_email", "no patron account", email="nobody@example.org")
    profile = run(state, "get_patron_profile", patron_id=member(state, "PATRON_CIRCLE"))
    assert profile["active_membership"]["fees_waived"] is True
    assert_refused(state, "get_patron_profile", "no patron with id", patron_id="PAT-1")
    busiest = one(state, "SELECT patron_id FROM bookings GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1")["patron_id"]
    page = run(state, "list_patron_bookings", patron_id=busiest)
    assert page["more"] and len(page["bookings"]) == 8
    rest = run(state, "list_patron_bookings", patron_id=busiest, offset=page["next_offset"])
    assert {b["booking_id"] for b in rest["bookings"]}.isdisjoint(b["booking_id"] for b in page["bookings"])
    assert run(state, "list_patron_bookings", patron_id=busiest, status="refunded")["more"] is False
    assert_refused(state, "list_patron_bookings", "offset must be 0 or more", patron_id=busiest, offset=-1)
    assert len(run(state, "list_venues")) == 4 and run(state, "list_venues", city="boise")[0]["venue_id"] == "VEN-3"
    assert len(run(state, "list_series")) == 16
    sched = run(state, "get_series_schedule", series_id="ser-06")
    assert {p["sales"] for p in sched["performances"]} >= {"members_presale", "not_yet_on_sale"}
    assert_refused(state, "get_series_schedule", "no series", series_id="SER-99")
    perf = run(state, "get_performance", performance_id=POSTPONED_OPEN)
    assert perf["status"] == "postponed" and perf["refund_deadline"] == "2026-06-24 23:59"
    assert_refused(state, "get_performance", "no performance", performance_id="PRF-9")
    assert [p["plan_code"] for p in run(state, "list_membership_plans")] == ["CULTURE_CARD", "FRIENDS",
                                                                              "PATRON_CIRCLE"]
    waiter = one(state, "SELECT patron_id FROM waitlist_entries ORDER BY entry_id LIMIT 1")["patron_id"]
    assert run(state, "list_waitlist_entries", patron_id=waiter)["entries"]
    received = one(state, "SELECT to_patron_id FROM transfers t JOIN admissions a USING (admission_id) WHERE "
                          "a.status = 'active' AND a.holder_patron_id = t.to_patron_id ORDER BY 1 LIMIT 1")
    assert run(state, "list_patron_bookings", patron_id=received["to_patron_id"])["received_admissions"]


def test_booking_details_show_the_terms(state: DuckDBState) -> None:
    cancelled = run(state, "get_booking_details", booking_id=active_booking(state, CANCELLED)["booking_id"])
    assert cancelled["refund_available"]["kind"] == "cancelled_full" and "exchange_until" not in cancelled
    closed = run(state, "get_booking_details", booking_id=active_booking(state, POSTPONED_CLOSED)["booking_id"])
    assert closed["refund_available"] is None and "refund window closed" in closed["no_refund_because"]
    assert closed["original_starts_at"] == "2026-06-15 19:30"
    done = one(state, "SELECT booking_id FROM refunds ORDER BY refund_id LIMIT 1")["booking_id"]
    assert run(state, "get_booking_details", booking_id=done)["refund"]["amount"] > 0
    assert_refused(state, "get_booking_details", "no booking", booking_id="BKG-1")


# -- booking ----------------------------------------------------------------------------------------------------

def test_book_admissions(state: DuckDBState) -> None:
    pid = patron_without_plan(state)
    out = run(state, "book_admissions", patron_id=pid, performance_id="PRF-1020", section_id="SEC-22", quantity=2)
    tier = one(state, "SELECT * FROM price_tiers WHERE performance_id = 'PRF-1020' AND section_id = 'SEC-22'")
    assert out["face_total"] == tier["price"] * 2 and out["fees_total"] == round(tier["service_fee"] * 2, 2)
    assert len(out["seats"]) == 2 and out["seats"][0].startswith("MEZZ-")
    row = one(state, "SELECT * FROM bookings WHERE booking_id = ?", [out["booking_id"]])
    assert row["patron_id"] == pid and row["status"] == "active"
    assert one(state, "SELECT count(*) AS n FROM admissions WHERE booking_id = ?", [out["booking_id"]])["n"] == 2


def test_patron_circle_pays_no_fees_and_members_book_the_presale(state: DuckDBState) -> None:
    out = run(state, "book_admissions", patron_id=member(state, "PATRON_CIRCLE"), performance_id=PRESALE,
              section_id="SEC-23", quantity=1)
    assert out["fees_total"] == 0.0 and out["total_charged"] == out["face_total"]
    assert run(state, "book_admissions", patron_id=member(state, "FRIENDS"), performance_id=PRESALE,
               section_id="SEC-23", quantity=1)["fees_total"] > 0


def test_book_refusals(state: DuckDBState) -> None:
    pid = patron_without_plan(state)
    assert_refused(state, "book_admissions", "members' presale", patron_id=pid, performance_id=PRESALE,
                   section_id="SEC-21", quantity=1)
    assert_refused(state, "book_admissions", "Culture Card plan has no presale access",
                   patron_id=member(state, "CULTURE_CARD"), performance_id=PRESALE, section_id="SEC-21", quantity=1)
    assert_refused(state, "book_admissions", "not on sale yet", patron_id=pid, performance_id=NOT_YET,
                   section_id="SEC-11", quantity=1)
    assert_refused(state, "book_admissions", "is cancelled", patron_id=pid, performance_id=CANCELLED,
                   section_id="SEC-31", quantity=1)
    assert_refused(state, "book_admissions", "is postponed", patron_id=pid, performance_id=POSTPONED_OPEN,
                   section_id="SEC-41", quantity=1)
    assert_refused(state, "book_admissions", "already started or taken place", patron_id=pid, performance_id=PAST,
                   section_id="SEC-11", quantity=1)
    assert_refused(state, "book_admissions", "not sold for", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-11", quantity=1)
    assert_refused(state, "book_admissions", "accessible seating", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-25", quantity=1)
    assert_refused(state, "book_admissions", "at least 1", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-22", quantity=0)
    assert_refused(state, "book_admissions", "purchase limit .* is 6", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-22", quantity=7)
    assert_refused(state, "book_admissions", "sold out; the patron may join its waitlist", patron_id=pid,
                   performance_id="PRF-1020", section_id="SEC-21", quantity=1)
    assert_refused(state, "book_admissions", "no patron with id", patron_id="PAT-0", performance_id="PRF-1020",
                   section_id="SEC-22", quantity=1)


def test_purchase_limit_counts_earlier_bookings(state: DuckDBState) -> None:
    holder = one(state, "SELECT b.patron_id FROM admissions a JOIN bookings b USING (booking_id) WHERE "
                        "b.performance_id = 'PRF-1004' AND a.status = 'active' GROUP BY 1 HAVING count(*) = 3 "
                        "ORDER BY 1 LIMIT 1")["patron_id"]
    assert_refused(state, "book_admissions", "already has 3, so at most 1 more", patron_id=holder,
                   performance_id="PRF-1004", section_id="SEC-13", quantity=2)
    assert run(state, "book_admissions", patron_id=holder, performance_id="PRF-1004", section_id="SEC-13",
               quantity=1)["seats"]


def test_capacity_counts_free_seats(state: DuckDBState) -> None:
    tight = one(state, "SELECT t.performance_id, t.section_id, c.capacity - count(a.admission_id) AS left_ FROM "
                       "price_tiers t JOIN sections c USING (section_id) JOIN performances p USING (performance_id) "
                       "LEFT JOIN bookings b ON b.performance_id = t.performance_id LEFT JOIN admissions a ON "
                       "a.booking_id = b.booking_id AND a.section_id = t.section_id AND a.status = 'active' WHERE "
                       "p.status = 'scheduled' AND p.onsale_at < '2026-06-10' AND p.starts_at > '2026-06-11' AND "
                       "NOT c.accessible GROUP BY t.performance_id, t.section_id, c.capacity HAVING "
                       "c.capacity - count(a.admission_id) BETWEEN 1 AND 3 ORDER BY 1, 2 LIMIT 1")
    assert_refused(state, "book_admissions", f"has {tight['left_']} admissions left for this performance, fewer than",
                   patron_id=patron_without_plan(state), performance_id=tight["performance_id"],
                   section_id=tight["section_id"], quantity=tight["left_"] + 1)
    flagged = patron_without_plan(state, flagged=True)
    perf = run(state, "get_performance", performance_id="PRF-1027")
    assert next(c for c in perf["sections"] if c["section_id"] == "SEC-25")["admissions_left"] > 0
    out = run(state, "book_admissions", patron_id=flagged, performance_id="PRF-1027", section_id="SEC-25", quantity=1)
    assert out["seats"][0].startswith("ACO-")


# -- transfers --------------------------------------------------------------------------------------------------

def transferable(state: DuckDBState, extra: str = "") -> dict[str, Any]:
    return one(state, "SELECT a.*, b.patron_id FROM admissions a JOIN bookings b USING (booking_id) JOIN price_tiers "
                      "t ON t.tier_id = a.tier_id JOIN performances p ON p.performance_id = b.performance_id JOIN "
                      "sections c ON c.section_id = a.section_id WHERE a.status = 'active' AND p.status = 'scheduled' "
                      f"AND p.starts_at > '2026-06-12' AND a.holder_patron_id = b.patron_id {extra} ORDER BY "
                      "a.admission_id LIMIT 1")


def test_transfer_admission(state: DuckDBState) -> None:
    a = transferable(state, "AND t.transferable AND NOT c.accessible")
    to = one(state, "SELECT * FROM patrons WHERE patron_id <> ? ORDER BY patron_id DESC LIMIT 1", [a["patron_id"]])
    out = run(state, "transfer_admission", patron_id=a["patron_id"], admission_id=a["admission_id"],
              recipient_email=to["email"])
    assert out["new_holder"] == f"{to['first_name']} {to['last_name']}"
    assert one(state, "SELECT holder_patron_id FROM admissions WHERE admission_id = ?",
               [a["admission_id"]])["holder_patron_id"] == to["patron_id"]
    assert one(state, "SELECT * FROM transfers WHERE transfer_id = ?", [out["transfer_id"]])["from_patron_id"] == \
        a["patron_id"]
    # now it is the recipient's: the purchaser can no longer transfer it
    assert_refused(state, "transfer_admission", "not held by", patron_id=a["patron_id"],
                   admission_id=a["admission_id"], recipient_email=to["email"])


def test_transfer_refusals(state: DuckDBState) -> None:
    plain = transferable(state, "AND t.transferable AND NOT c.accessible")
    other = one(state, "SELECT * FROM patrons WHERE NOT accessibility_flag AND patron_id <> ? ORDER BY patron_id "
                       "LIMIT 1", [plain["patron_id"]])
    me = one(state, "SELECT email FROM patrons WHERE patron_id = ?", [plain["patron_id"]])["email"]
    assert_refused(state, "transfer_admission", "no admission with id", patron_id=plain["patron_id"],
                   admission_id="ADM-1", recipient_email=other["email"])
    assert_refused(state, "transfer_admission", "no patron account with email", patron_id=plain["patron_id"],
                   admission_id=plain["admission_id"], recipient_email="stranger@example.org")
    assert_refused(state, "transfer_admission", "the holder themself", patron_id=plain["patron_id"],
                   admission_id=plain["admission_id"], recipient_email=me)
    locked = transferable(state, "AND NOT t.transferable")
    assert_refused(state, "transfer_admission", "cannot be transferred", patron_id=locked["patron_id"],
                   admission_id=locked["admission_id"], recipient_email=other["email"])
    access = transferable(state, "AND c.accessible")
    assert_refused(state, "transfer_admission", "accessible seating; the recipient", patron_id=access["patron_id"],
                   admission_id=access["admission_id"], recipient_email=other["email"])
    frozen = one(state, "SELECT a.*, b.patron_id FROM admissions a JOIN bookings b USING (booking_id) WHERE "
                        "b.performance_id = ? AND a.status = 'active' ORDER BY a.admission_id LIMIT 1", [CANCELLED])
    assert_refused(state, "transfer_admission", "frozen", patron_id=frozen["patron_id"],
                   admission_id=frozen["admission_id"], recipient_email=other["email"])
    past = one(state, "SELECT a.*, b.patron_id FROM admissions a JOIN bookings b USING (booking_id) WHERE "
                      "b.performance_id = ? AND a.status = 'active' AND a.holder_patron_id = b.patron_id ORDER BY "
                      "a.admission_id LIMIT 1", [PAST])
    assert_refused(state, "transfer_admission", "already taken place", patron_id=past["patron_id"],
                   admission_id=past["admission_id"], recipient_email=other["email"])
    refunded = one(state, "SELECT a.*, b.patron_id FROM admissions a JOIN bookings b USING (booking_id) WHERE "
                          "a.status = 'refunded' ORDER BY a.admission_id LIMIT 1")
    assert_refused(state, "transfer_admission", "only active admissions", patron_id=refunded["patron_id"],
                   admission_id=refunded["admission_id"], recipient_email=other["email"])


# -- exchanges --------------------------------------------------------------------------------------------------

def test_exchange_charges_the_fee_and_price_increase(state: DuckDBState) -> None:
    b = active_booking(state, "PRF-1037", "AND b.booking_id IN (SELECT booking_id FROM admissions WHERE section_id = "
                                          "'SEC-32')")
    n = one(state, "SELECT count(*) AS n FROM admissions WHERE booking_id = ?", [b["booking_id"]])["n"]
    old = one(state, "SELECT price FROM price_tiers WHERE performance_id = 'PRF-1037' AND section_id = 'SEC-32'")
    new = one(state, "SELECT price FROM price_tiers WHERE performance_id = 'PRF-1036' AND section_id = 'SEC-32'")
    out = run(state, "exchange_booking", booking_id=b["booking_id"], new_performance_id="PRF-1036")
    assert out["exchange_fee"] == round(n * (5 + new["price"] - old["price"]), 2)
    row = one(state, "SELECT * FROM bookings WHERE booking_id = ?", [b["booking_id"]])
    assert row["performance_id"] == "PRF-1036" and row["exchange_fees"] == out["exchange_fee"]
    # a cheaper performance is not refunded the difference: back to Sunday costs the flat fee only
    back = run(state, "exchange_booking", booking_id=b["booking_id"], new_performance_id="PRF-1037")
    assert back["exchange_fee"] == 5.0 * n


def test_exchange_refusals(state: DuckDBState) -> None:
    soon = active_booking(state, "PRF-1018")
    assert_refused(state, "exchange_booking", "exchanges close 48 hours before", booking_id=soon["booking_id"],
                   new_performance_id="PRF-1020")
    later = active_booking(state, "PRF-1019", "AND b.booking_id IN (SELECT booking_id FROM admissions WHERE "
                                              "section_id = 'SEC-22')")
    assert_refused(state, "exchange_booking", "different series", booking_id=later["booking_id"],
                   new_performance_id="PRF-1025")
    assert_refused(state, "exchange_booking", "already is for that performance", booking_id=later["booking_id"],
                   new_performance_id="PRF-1019")
    assert_refused(state, "exchange_booking", "starts within 48 hours", booking_id=later["booking_id"],
                   new_performance_id="PRF-1018")
    full = active_booking(state, "PRF-1019", "AND b.booking_id IN (SELECT booking_id FROM admissions WHERE "
                                             "section_id = 'SEC-21')")
    assert_refused(state, "exchange_booking", "admissions left", booking_id=full["booking_id"],
                   new_performance_id="PRF-1020")
    frozen = active_booking(state, CANCELLED)
    assert_refused(state, "exchange_booking", "frozen", booking_id=frozen["booking_id"], new_performance_id="PRF-1040")
    refunded = one(state, "SELECT * FROM bookings WHERE status = 'refunded' ORDER BY booking_id LIMIT 1")
    assert_refused(state, "exchange_booking", "only active bookings", booking_id=refunded["booking_id"],
                   new_performance_id="PRF-1040")
    given = one(state, "SELECT b.* FROM bookings b JOIN performances p USING (performance_id) WHERE p.status = "
                       "'scheduled' AND p.starts_at > '2026-06-20' AND b.status = 'active' AND EXISTS (SELECT 1 FROM "
                       "admissions a WHERE a.booking_id = b.booking_id AND a.holder_patron_id <> b.patron_id) "
                       "ORDER BY b.booking_id LIMIT 1")
    other = one(state, "SELECT performance_id FROM performances WHERE series_id = (SELECT series_id FROM performances "
                       "WHERE performance_id = ?) AND performance_id <> ? AND status = 'scheduled' AND starts_at > "
                       "'2026-06-13' ORDER BY starts_at LIMIT 1", [given["performance_id"], given["performance_id"]])
    assert_refused(state, "exchange_booking", "transferred to another patron", booking_id=given["booking_id"],
                   new_performance_id=other["performance_id"])


# -- refunds ----------------------------------------------------------------------------------------------------

def test_refund_cancelled_in_full(state: DuckDBState) -> None:
    b = active_booking(state, CANCELLED)
    out = run(state, "refund_booking", booking_id=b["booking_id"])
    assert out["kind"] == "cancelled_full" and out["amount"] == round(b["face_total"] + b["fees_total"], 2)
    assert one(state, "SELECT status FROM bookings WHERE booking_id = ?", [b["booking_id"]])["status"] == "refunded"
    assert one(state, "SELECT count(*) AS n FROM admissions WHERE booking_id = ? AND status = 'active'",
               [b["booking_id"]])["n"] == 0
    assert_refused(state, "refund_booking", "only active bookings", booking_id=b["booking_id"])


def test_refund_postponed_at_face_value(state: DuckDBState) -> None:
    b = active_booking(state, POSTPONED_OPEN, "AND b.fees_total > 0")
    out = run(state, "refund_booking", booking_id=b["booking_id"])
    assert out["kind"] == "postponed_face_value" and out["amount"] == b["face_total"]


def test_refund_refusals(state: DuckDBState) -> None:
    assert_refused(state, "refund_booking", "refund window closed 2026-06-08 23:59",
                   booking_id=active_booking(state, POSTPONED_CLOSED)["booking_id"])
    assert_refused(state, "refund_booking", "refunds are only given for cancelled",
                   booking_id=active_booking(state, "PRF-1020")["booking_id"])
    assert_refused(state, "refund_booking", "no booking", booking_id="BKG-2")


# -- waitlists --------------------------------------------------------------------------------------------------

def test_join_and_leave_waitlist(state: DuckDBState) -> None:
    pid = patron_without_plan(state)
    before = one(state, "SELECT count(*) AS n FROM waitlist_entries WHERE performance_id = 'PRF-1020' AND section_id "
                        "= 'SEC-21' AND status = 'waiting'")["n"]
    out = run(state, "join_waitlist", patron_id=pid, performance_id="PRF-1020", section_id="SEC-21", quantity=2)
    assert out["place_in_line"] == before + 1
    assert_refused(state, "join_waitlist", "already on the waitlist", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-21", quantity=1)
    assert run(state, "leave_waitlist", entry_id=out["entry_id"])["status"] == "withdrawn"
    assert_refused(state, "leave_waitlist", "only waiting entries", entry_id=out["entry_id"])
    assert_refused(state, "leave_waitlist", "no waitlist entry", entry_id="WL-1")


def test_waitlist_refusals(state: DuckDBState) -> None:
    pid = patron_without_plan(state)
    assert_refused(state, "join_waitlist", "not sold out", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-22", quantity=1)
    assert_refused(state, "join_waitlist", "no waitlist is kept", patron_id=pid, performance_id=CANCELLED,
                   section_id="SEC-31", quantity=1)
    assert_refused(state, "join_waitlist", "already taken place", patron_id=pid, performance_id=PAST,
                   section_id="SEC-11", quantity=1)
    assert_refused(state, "join_waitlist", "accessible seating", patron_id=pid, performance_id="PRF-1003",
                   section_id="SEC-15", quantity=1)
    assert_refused(state, "join_waitlist", "quantity must be 1 to 6", patron_id=pid, performance_id="PRF-1020",
                   section_id="SEC-21", quantity=7)


# -- memberships ------------------------------------------------------------------------------------------------

def test_enroll_membership(state: DuckDBState) -> None:
    pid = patron_without_plan(state)
    assert_refused(state, "book_admissions", "members' presale", patron_id=pid, performance_id=PRESALE,
                   section_id="SEC-21", quantity=2)
    out = run(state, "enroll_membership", patron_id=pid, plan_code="FRIENDS")
    assert out == {"membership_id": out["membership_id"], "plan_code": "FRIENDS", "plan_name": "Friends of Lanternfield",
                   "starts_on": "2026-06-10", "ends_on": "2027-06-09", "fee_charged": 60.0, "presale_access": True,
                   "fees_waived": False}
    assert run(state, "book_admissions", patron_id=pid, performance_id=PRESALE, section_id="SEC-21", quantity=2)
    assert_refused(state, "enroll_membership", "already has an active Friends of Lanternfield membership until "
                   "2027-06-09", patron_id=pid, plan_code="PATRON_CIRCLE")
