"""The library environment's own checks: structure, seed consistency, and every circulation rule with its refusals."""

from __future__ import annotations

from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

TODAY = "2026-05-13"

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tools=14, min_writes=8, min_reads=8, min_tasks=70, min_tables=8, min_rows=2000,
                                   every_table_filled=True, min_rules=8, min_refusal_tasks=8, min_user_fact_tasks=8,
                                   min_read_tasks=10, min_single_write_tasks=10, min_multi_write_tasks=8,
                                   compact_share=0.5, unchecked_output_tags=("refusal",))

#: Patrons in good standing: active, card valid well past today, nothing owed.
GOOD = ("SELECT p.patron_id FROM patrons p WHERE p.status = 'active' AND p.card_expires > '2026-07-15' AND NOT "
        "EXISTS (SELECT 1 FROM fees f WHERE f.patron_id = p.patron_id AND f.status = 'open') ")


def sql1(state: DuckDBState, sql: str, params: list[Any] | None = None) -> dict[str, Any]:
    row = one(state, sql, params or [])
    assert row is not None, sql
    return row


def good(state: DuckDBState, card_type: str = "adult", skip: int = 0) -> str:
    rows = state.db.query(GOOD + "AND p.card_type = ? AND (SELECT count(*) FROM loans l WHERE l.patron_id = "
                          "p.patron_id AND l.status = 'active') < 5 ORDER BY p.patron_id", [card_type])
    return rows[skip]["patron_id"]


def booker(state: DuckDBState, skip: int = 0) -> str:
    """An adult in good standing without upcoming room bookings."""
    return state.db.query(GOOD + "AND p.card_type = 'adult' AND NOT EXISTS (SELECT 1 FROM room_bookings k WHERE "
                          "k.patron_id = p.patron_id AND k.status = 'booked') ORDER BY p.patron_id")[skip]["patron_id"]


def shelf_copy(state: DuckDBState, extra: str = "", params: list[Any] | None = None) -> dict[str, Any]:
    """An available circulating copy (with its title) whose title has no waiting hold."""
    return sql1(state, "SELECT c.*, t.format, t.min_age, t.new_release FROM copies c JOIN titles t USING (title_id) "
                       "WHERE c.status = 'available' AND c.collection = 'circulating' AND NOT EXISTS (SELECT 1 FROM "
                       f"holds h WHERE h.title_id = c.title_id AND h.status = 'waiting') {extra} ORDER BY c.copy_id "
                       "LIMIT 1", params)


def loan(state: DuckDBState, loan_id: str) -> dict[str, Any]:
    return sql1(state, "SELECT * FROM loans WHERE loan_id = ?", [loan_id])


# -- the policy and the seed --------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "public-library"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("2026-05-13 10:00", "$10.00", "4 DVDs", "2 days", "$0.25", "$5.00", "$45.00", "$3.00", "365 days",
                 "30 days ahead", "Old Quarry"):
        assert fact in policy, fact


def test_seed_is_consistent(state: DuckDBState) -> None:
    db = state.db
    # every copy on loan has exactly one active loan, and no other copy has one
    assert db.query("SELECT c.copy_id FROM copies c WHERE (c.status = 'on_loan') <> EXISTS (SELECT 1 FROM loans l "
                    "WHERE l.copy_id = c.copy_id AND l.status = 'active')") == []
    assert db.query("SELECT copy_id FROM loans WHERE status = 'active' GROUP BY 1 HAVING count(*) > 1") == []
    # ready holds sit on the hold shelf of their pickup branch; in-transit ones travel there
    assert db.query("SELECT h.hold_id FROM holds h JOIN copies c ON c.copy_id = h.copy_id WHERE h.status IN ('ready', "
                    "'in_transit') AND (c.branch_id <> h.pickup_branch_id OR c.status <> CASE h.status WHEN 'ready' "
                    "THEN 'on_hold_shelf' ELSE 'in_transit' END)") == []
    # waiting holds only on titles with no copy on the shelf
    assert db.query("SELECT h.hold_id FROM holds h WHERE h.status = 'waiting' AND EXISTS (SELECT 1 FROM copies c "
                    "WHERE c.title_id = h.title_id AND c.status = 'available' AND c.collection = 'circulating')") == []
    # card limits, DVD limit and age ratings hold for loans out now
    assert db.query("SELECT l.patron_id FROM loans l JOIN patrons p USING (patron_id) JOIN card_types k USING "
                    "(card_type) WHERE l.status = 'active' GROUP BY l.patron_id, k.loan_limit HAVING count(*) > "
                    "k.loan_limit") == []
    assert db.query("SELECT l.patron_id FROM loans l JOIN copies c USING (copy_id) JOIN titles t USING (title_id) "
                    "WHERE l.status = 'active' AND t.format = 'dvd' GROUP BY 1 HAVING count(*) > 4") == []
    assert db.query("SELECT l.loan_id FROM loans l JOIN copies c USING (copy_id) JOIN titles t USING (title_id) "
                    "JOIN patrons p ON p.patron_id = l.patron_id WHERE date_diff('year', p.birth_date, "
                    "l.checked_out_on) < t.min_age - 1") == []
    # fees follow the fine rules: child cards pay no overdue fines, no fine above its cap
    assert db.query("SELECT f.fee_id FROM fees f JOIN patrons p USING (patron_id) WHERE f.kind = 'overdue' AND "
                    "p.card_type = 'child'") == []
    assert db.scalar("SELECT max(amount) FROM fees WHERE kind = 'overdue'") <= 10.0
    # payments add up to the fees they paid
    assert db.query("SELECT y.payment_id FROM payments y JOIN fees f ON f.payment_id = y.payment_id GROUP BY "
                    "y.payment_id, y.amount HAVING round(sum(f.amount), 2) <> y.amount") == []
    statuses = {r["status"] for r in db.query("SELECT DISTINCT status FROM holds")}
    assert statuses == {"waiting", "in_transit", "ready", "fulfilled", "cancelled", "expired"}


# -- identity and reads -------------------------------------------------------------------------------------------

def test_find_patron(state: DuckDBState) -> None:
    p = sql1(state, "SELECT * FROM patrons ORDER BY patron_id LIMIT 1")
    spaced = " ".join([p["card_number"][:4], p["card_number"][4:9], p["card_number"][9:]])
    found = run(state, "find_patron", card_number=spaced, last_name=p["last_name"].upper())
    assert found["patron_id"] == p["patron_id"]
    assert_refused(state, "find_patron", "no patron with card number", card_number=p["card_number"], last_name="Zz")


def test_account_and_lists(state: DuckDBState) -> None:
    acct = run(state, "get_patron_account", patron_id="p-20002")
    assert acct["items_on_loan"] == acct["loan_limit"] == 25 and acct["borrowing_blocked_because"] == []
    first = run(state, "list_patron_loans", patron_id="P-20002")
    assert len(first["loans"]) == 10 and first["next_offset"] == 10
    third = run(state, "list_patron_loans", patron_id="P-20002", offset=20)
    assert len(third["loans"]) == 5 and "next_offset" not in third
    past = run(state, "list_patron_loans", patron_id="P-20002", status="returned")
    assert all("returned_on" in x for x in past["loans"])
    assert_refused(state, "list_patron_loans", "offset must be 0 or more", patron_id="P-20002", offset=-1)
    assert_refused(state, "get_patron_account", "no patron with id", patron_id="P-1")
    lost = sql1(state, "SELECT patron_id FROM loans WHERE status = 'lost' LIMIT 1")
    assert run(state, "list_patron_loans", patron_id=lost["patron_id"], status="lost")["loans"]
    blocked = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'blocked' LIMIT 1")
    assert "blocked" in run(state, "get_patron_account", patron_id=blocked["patron_id"])["borrowing_blocked_because"][0]


def test_holds_fees_and_rooms_lists(state: DuckDBState) -> None:
    transit = sql1(state, "SELECT * FROM holds WHERE status = 'in_transit' LIMIT 1")
    holds = run(state, "list_patron_holds", patron_id=transit["patron_id"], include_closed=True)
    mine = next(h for h in holds["open_holds"] if h["hold_id"] == transit["hold_id"])
    assert mine["expected_on"] >= TODAY and "closed_holds" in holds
    waiting = sql1(state, "SELECT * FROM holds WHERE status = 'waiting' ORDER BY placed_at LIMIT 1")
    listed = run(state, "list_patron_holds", patron_id=waiting["patron_id"])["open_holds"]
    assert next(h for h in listed if h["hold_id"] == waiting["hold_id"])["queue_position"] == 1
    payer = sql1(state, "SELECT patron_id FROM fees WHERE status = 'paid' LIMIT 1")["patron_id"]
    fees = run(state, "list_patron_fees", patron_id=payer, status=None)
    assert any(f["status"] == "paid" for f in fees["fees"])
    booker = sql1(state, "SELECT patron_id FROM room_bookings WHERE status = 'booked' LIMIT 1")["patron_id"]
    assert run(state, "list_patron_room_bookings", patron_id=booker)["bookings"]
    assert run(state, "list_patron_room_bookings", patron_id=booker, include_past=True)["bookings"]


def test_catalogue_reads(state: DuckDBState) -> None:
    res = run(state, "search_catalog", query="the")
    assert len(res["results"]) == 10 and res["next_offset"] == 10
    dvds = run(state, "search_catalog", query="the", format="dvd", audience="children")
    assert all(r["format"] == "dvd" and r["audience"] == "children" for r in dvds["results"])
    assert_refused(state, "search_catalog", "at least one word", query="  ")
    assert_refused(state, "search_catalog", "offset must be", query="the", offset=-5)
    title = run(state, "get_title_availability", title_id="t-1001")
    assert title["title_id"] == "T-1001" and title["copies"]
    assert any("due_date" in c for c in title["copies"])
    assert_refused(state, "get_title_availability", "no title with id", title_id="T-9")
    assert len(run(state, "list_branches")) == 6


def test_room_schedule(state: DuckDBState) -> None:
    day = run(state, "get_room_schedule", branch_id="BR-01", date="2026-05-20")
    assert day["open"] and day["opens"] == "09:00" and len(day["rooms"]) == 4
    sunday = run(state, "get_room_schedule", branch_id="BR-02", date="2026-05-17")
    assert sunday["open"] is False and sunday["weekday"] == "Sunday"
    assert_refused(state, "get_room_schedule", "no branch with id", branch_id="BR-99", date="2026-05-20")
    assert_refused(state, "get_room_schedule", "must be a date", branch_id="BR-01", date="next week")


# -- borrowing -------------------------------------------------------------------------------------------------------

def test_check_out_from_the_shelf(state: DuckDBState) -> None:
    pid = good(state)
    c = shelf_copy(state, "AND t.min_age = 0 AND NOT t.new_release AND t.format = 'book'")
    out = run(state, "check_out_title", patron_id=pid, title_id=c["title_id"], branch_id=c["branch_id"])
    assert out["copy_id"] == c["copy_id"] and out["due_date"] == "2026-06-03" and out["filled_hold"] is None
    assert loan(state, out["loan_id"])["status"] == "active"
    assert sql1(state, "SELECT status FROM copies WHERE copy_id = ?", [c["copy_id"]])["status"] == "on_loan"
    assert_refused(state, "check_out_title", "already has a copy", patron_id=pid, title_id=c["title_id"],
                   branch_id=c["branch_id"])


def test_check_out_fills_a_ready_hold(state: DuckDBState) -> None:
    h = sql1(state, "SELECT h.* FROM holds h JOIN patrons p USING (patron_id) WHERE h.status = 'ready' AND "
                    "p.patron_id IN (" + GOOD + ") ORDER BY h.hold_id LIMIT 1")
    out = run(state, "check_out_title", patron_id=h["patron_id"], title_id=h["title_id"],
              branch_id=h["pickup_branch_id"])
    assert out["filled_hold"] == h["hold_id"] and out["copy_id"] == h["copy_id"]
    assert sql1(state, "SELECT status FROM holds WHERE hold_id = ?", [h["hold_id"]])["status"] == "fulfilled"


def test_check_out_standing_refusals(state: DuckDBState) -> None:
    c = shelf_copy(state, "AND t.min_age = 0 AND t.format = 'book'")
    blocked = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'blocked' LIMIT 1")["patron_id"]
    assert_refused(state, "check_out_title", "account is blocked", patron_id=blocked, title_id=c["title_id"],
                   branch_id=c["branch_id"])
    expired = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'active' AND card_expires < ? LIMIT 1",
                   [TODAY])["patron_id"]
    assert_refused(state, "check_out_title", "card expired on", patron_id=expired, title_id=c["title_id"],
                   branch_id=c["branch_id"])
    owing = sql1(state, "SELECT f.patron_id FROM fees f JOIN patrons p USING (patron_id) WHERE f.status = 'open' AND "
                        "p.status = 'active' AND p.card_expires >= ? GROUP BY 1 HAVING sum(f.amount) >= 10 "
                        "ORDER BY 1 LIMIT 1", [TODAY])["patron_id"]
    assert_refused(state, "check_out_title", r"owes \d+\.\d\d in open fees", patron_id=owing,
                   title_id=c["title_id"], branch_id=c["branch_id"])


NOT_OUT_TO = ("AND t.title_id NOT IN (SELECT c2.title_id FROM loans l2 JOIN copies c2 USING (copy_id) WHERE "
              "l2.patron_id = ? AND l2.status = 'active')")


def test_check_out_limit_refusals(state: DuckDBState) -> None:
    c = shelf_copy(state, "AND t.min_age = 0 AND t.format = 'book' " + NOT_OUT_TO, ["P-20002"])
    assert_refused(state, "check_out_title", "adult card may have 25 items out", patron_id="P-20002",
                   title_id=c["title_id"], branch_id=c["branch_id"])
    dvd_fan = sql1(state, "SELECT l.patron_id FROM loans l JOIN copies c USING (copy_id) JOIN titles t USING "
                          "(title_id) WHERE l.status = 'active' AND t.format = 'dvd' GROUP BY 1 HAVING count(*) = 4 "
                          "LIMIT 1")["patron_id"]
    d = shelf_copy(state, "AND t.format = 'dvd' AND t.min_age = 0 " + NOT_OUT_TO, [dvd_fan])
    assert_refused(state, "check_out_title", "at most 4 DVDs", patron_id=dvd_fan, title_id=d["title_id"],
                   branch_id=d["branch_id"])
    teen = good(state, "teen")
    r = shelf_copy(state, "AND t.min_age = 17")
    assert_refused(state, "check_out_title", "rated for ages 17 and up", patron_id=teen, title_id=r["title_id"],
                   branch_id=r["branch_id"])


def test_check_out_copy_refusals(state: DuckDBState) -> None:
    pid = good(state)
    out = sql1(state, "SELECT c.title_id, c.branch_id FROM copies c WHERE c.status = 'on_loan' AND NOT EXISTS (SELECT 1 "
                      "FROM copies d WHERE d.title_id = c.title_id AND d.branch_id = c.branch_id AND d.status = "
                      "'available') AND c.title_id NOT IN (SELECT c2.title_id FROM loans l JOIN copies c2 USING "
                      "(copy_id) WHERE l.patron_id = ? AND l.status = 'active') ORDER BY c.copy_id LIMIT 1", [pid])
    assert_refused(state, "check_out_title", "no copy of .* is on the shelf", patron_id=pid, title_id=out["title_id"],
                   branch_id=out["branch_id"])
    ref = sql1(state, "SELECT c.title_id, c.branch_id FROM copies c WHERE c.collection = 'reference' AND NOT EXISTS "
                      "(SELECT 1 FROM copies d WHERE d.title_id = c.title_id AND d.branch_id = c.branch_id AND "
                      "d.collection = 'circulating' AND d.status = 'available') ORDER BY c.copy_id LIMIT 1")
    assert_refused(state, "check_out_title", "reference copy", patron_id=pid, title_id=ref["title_id"],
                   branch_id=ref["branch_id"])
    assert_refused(state, "check_out_title", "no branch with id", patron_id=pid, title_id=ref["title_id"],
                   branch_id="BR-77")


# -- returns -----------------------------------------------------------------------------------------------------------

def active_loan(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return sql1(state, "SELECT l.*, t.format, t.replacement_cost, t.title_id, p.card_type FROM loans l JOIN copies c "
                       "USING (copy_id) JOIN titles t USING (title_id) JOIN patrons p ON p.patron_id = l.patron_id "
                       f"WHERE l.status = 'active' AND {where} ORDER BY l.loan_id LIMIT 1", params)


def test_return_on_time_and_within_grace(state: DuckDBState) -> None:
    ln = active_loan(state, "l.due_date = '2026-05-11' AND p.card_type <> 'child'")  # two days late: grace
    out = run(state, "return_loan", loan_id=ln["loan_id"])
    assert out["days_late"] == 2 and out["overdue_fine"] == 0.0 and "fine_fee_id" not in out
    assert loan(state, ln["loan_id"])["status"] == "returned"
    assert_refused(state, "return_loan", "already returned", loan_id=ln["loan_id"])


def test_return_late_charges_capped_fines(state: DuckDBState) -> None:
    book = active_loan(state, "l.due_date BETWEEN '2026-05-01' AND '2026-05-09' AND t.format <> 'dvd' AND "
                              "p.card_type NOT IN ('child')")
    late = (int(TODAY[-2:]) - int(book["due_date"][-2:]))
    out = run(state, "return_loan", loan_id=book["loan_id"])
    assert out["days_late"] == late and out["overdue_fine"] == round(late * 0.25, 2)
    fee = sql1(state, "SELECT * FROM fees WHERE fee_id = ?", [out["fine_fee_id"]])
    assert fee["kind"] == "overdue" and fee["status"] == "open" and fee["amount"] == out["overdue_fine"]
    old = active_loan(state, "l.due_date < '2026-04-20' AND t.format <> 'dvd' AND p.card_type <> 'child'")
    assert run(state, "return_loan", loan_id=old["loan_id"])["overdue_fine"] == 5.0
    kid = active_loan(state, "l.due_date < '2026-05-08' AND p.card_type = 'child'")
    assert run(state, "return_loan", loan_id=kid["loan_id"])["overdue_fine"] == 0.0


def test_return_damaged(state: DuckDBState) -> None:
    ln = active_loan(state, "l.due_date >= ?", [TODAY])
    out = run(state, "return_loan", loan_id=ln["loan_id"], condition="damaged")
    assert out["damage_fee"] == round(ln["replacement_cost"] / 2 + 1e-9, 2)
    assert sql1(state, "SELECT status FROM copies WHERE copy_id = ?", [ln["copy_id"]])["status"] == "damaged"
    assert loan(state, ln["loan_id"])["return_condition"] == "damaged"


def test_return_routes_the_copy_to_the_queue(state: DuckDBState) -> None:
    rows = state.db.query("SELECT l.loan_id, c.branch_id, c.copy_id, (SELECT h.pickup_branch_id FROM holds h WHERE "
                          "h.title_id = c.title_id AND h.status = 'waiting' ORDER BY h.placed_at, h.hold_id LIMIT 1) "
                          "AS pickup, (SELECT h.hold_id FROM holds h WHERE h.title_id = c.title_id AND h.status = "
                          "'waiting' ORDER BY h.placed_at, h.hold_id LIMIT 1) AS hold_id FROM loans l JOIN copies c "
                          "USING (copy_id) WHERE l.status = 'active' ORDER BY l.loan_id")
    same = next(r for r in rows if r["pickup"] == r["branch_id"])
    other = next(r for r in rows if r["pickup"] and r["pickup"] != r["branch_id"])
    assert "hold shelf" in run(state, "return_loan", loan_id=same["loan_id"])["copy_goes"]
    hold = sql1(state, "SELECT * FROM holds WHERE hold_id = ?", [same["hold_id"]])
    assert hold["status"] == "ready" and hold["copy_id"] == same["copy_id"] and hold["pickup_by"] == "2026-05-20"
    assert "sent to another branch" in run(state, "return_loan", loan_id=other["loan_id"])["copy_goes"]
    moved = sql1(state, "SELECT * FROM copies WHERE copy_id = ?", [other["copy_id"]])
    assert moved["status"] == "in_transit" and moved["branch_id"] == other["pickup"]
    assert sql1(state, "SELECT * FROM transfers WHERE hold_id = ?", [other["hold_id"]])["expected_on"] == "2026-05-15"


def test_lost_then_found(state: DuckDBState) -> None:
    ln = active_loan(state, "l.due_date >= ?", [TODAY])
    out = run(state, "report_loan_lost", loan_id=ln["loan_id"])
    assert out["total_charged"] == round(ln["replacement_cost"] + 5.0, 2) and len(out["fee_ids"]) == 2
    assert loan(state, ln["loan_id"])["status"] == "lost"
    assert_refused(state, "report_loan_lost", "only items on loan", loan_id=ln["loan_id"])
    back = run(state, "return_loan", loan_id=ln["loan_id"])
    assert back["replacement_charge_waived"] == ln["replacement_cost"] and back["open_fees_total"] >= 5.0
    assert sql1(state, "SELECT status FROM fees WHERE fee_id = ?", [out["fee_ids"][1]])["status"] == "open"
    assert_refused(state, "report_loan_lost", "no loan with id", loan_id="L-1")


# -- renewals ---------------------------------------------------------------------------------------------------------

RENEWABLE = ("t.format = 'book' AND NOT t.new_release AND l.renewals < 2 AND NOT EXISTS (SELECT 1 FROM holds h WHERE "
             "h.title_id = t.title_id AND h.status = 'waiting') AND l.patron_id IN (" + GOOD + ")")


def test_renew(state: DuckDBState) -> None:
    ln = active_loan(state, RENEWABLE + " AND l.due_date BETWEEN ? AND '2026-05-30'", [TODAY])
    out = run(state, "renew_loan", loan_id=ln["loan_id"])
    assert out["new_due_date"] == "2026-06-03" and out["overdue_fine_billed"] == 0.0
    assert out["renewals_left"] == 1 - ln["renewals"] and loan(state, ln["loan_id"])["renewals"] == ln["renewals"] + 1


def test_renew_overdue_bills_the_fine(state: DuckDBState) -> None:
    ln = active_loan(state, RENEWABLE + " AND l.due_date BETWEEN '2026-05-01' AND '2026-05-09'")
    out = run(state, "renew_loan", loan_id=ln["loan_id"])
    late = int(TODAY[-2:]) - int(ln["due_date"][-2:])
    assert out["overdue_fine_billed"] == round(late * 0.25, 2)
    assert sql1(state, "SELECT amount FROM fees WHERE fee_id = ?", [out["fine_fee_id"]])["amount"] == late * 0.25


def test_renew_refusals(state: DuckDBState) -> None:
    held = active_loan(state, "t.format = 'book' AND NOT t.new_release AND l.renewals < 2 AND EXISTS (SELECT 1 FROM "
                              "holds h WHERE h.title_id = t.title_id AND h.status = 'waiting') AND l.patron_id IN ("
                       + GOOD + ")")
    assert_refused(state, "renew_loan", "items with holds cannot be renewed", loan_id=held["loan_id"])
    new = active_loan(state, "t.new_release AND l.patron_id IN (" + GOOD + ")")
    assert_refused(state, "renew_loan", "new releases cannot be renewed", loan_id=new["loan_id"])
    dvd = active_loan(state, "t.format = 'dvd' AND l.renewals = 1 AND l.patron_id IN (" + GOOD + ")")
    assert_refused(state, "renew_loan", "used all 1 renewals allowed for a dvd", loan_id=dvd["loan_id"])
    c = shelf_copy(state, "AND t.min_age = 0 AND NOT t.new_release AND t.format = 'book'")
    fresh = run(state, "check_out_title", patron_id=good(state), title_id=c["title_id"], branch_id=c["branch_id"])
    assert_refused(state, "renew_loan", "would not extend", loan_id=fresh["loan_id"])
    owing = active_loan(state, "l.patron_id IN (SELECT patron_id FROM fees WHERE status = 'open' GROUP BY 1 HAVING "
                               "sum(amount) >= 10)")
    assert_refused(state, "renew_loan", "cannot renew loans: .*open fees", loan_id=owing["loan_id"])
    done = sql1(state, "SELECT loan_id FROM loans WHERE status = 'returned' LIMIT 1")
    assert_refused(state, "renew_loan", "only active loans can be renewed", loan_id=done["loan_id"])


# -- holds --------------------------------------------------------------------------------------------------------------

def unheld_title(state: DuckDBState, pid: str, branch: str = "BR-03") -> str:
    """A title with lendable copies, none on the shelf at the branch, that the patron neither holds nor has out."""
    return sql1(state, "SELECT t.title_id FROM titles t WHERE t.min_age = 0 AND EXISTS (SELECT 1 FROM copies c WHERE "
                       "c.title_id = t.title_id AND c.collection = 'circulating' AND c.status = 'on_loan') AND NOT "
                       "EXISTS (SELECT 1 FROM copies c WHERE c.title_id = t.title_id AND c.branch_id = ? AND c.status "
                       "= 'available') AND NOT EXISTS (SELECT 1 FROM loans l JOIN copies c USING (copy_id) WHERE "
                       "c.title_id = t.title_id AND l.patron_id = ? AND l.status = 'active') AND NOT EXISTS (SELECT 1 "
                       "FROM holds h WHERE h.title_id = t.title_id AND h.patron_id = ?) ORDER BY t.title_id LIMIT 1",
                [branch, pid, pid])["title_id"]


def test_place_change_and_cancel_hold(state: DuckDBState) -> None:
    pid = good(state)
    tid = unheld_title(state, pid)
    before = state.db.scalar("SELECT count(*) FROM holds WHERE title_id = ? AND status = 'waiting'", [tid])
    out = run(state, "place_hold", patron_id=pid, title_id=tid, pickup_branch_id="BR-03")
    assert out["queue_position"] == before + 1 and out["status"] == "waiting"
    moved = run(state, "change_hold_pickup", hold_id=out["hold_id"], pickup_branch_id="BR-04")
    assert moved["previous_pickup_branch"] == "Maple Hill Branch" and moved["pickup_branch"] == "Eastgate Branch"
    assert_refused(state, "change_hold_pickup", "already for pickup at Eastgate", hold_id=out["hold_id"],
                   pickup_branch_id="BR-04")
    assert_refused(state, "change_hold_pickup", "does not take hold pickups", hold_id=out["hold_id"],
                   pickup_branch_id="BR-06")
    assert_refused(state, "place_hold", "already has a hold on", patron_id=pid, title_id=tid, pickup_branch_id="BR-01")
    assert run(state, "cancel_hold", hold_id=out["hold_id"])["status"] == "cancelled"
    assert_refused(state, "cancel_hold", "is cancelled; only waiting or ready", hold_id=out["hold_id"])
    assert_refused(state, "change_hold_pickup", "is cancelled; only waiting holds", hold_id=out["hold_id"],
                   pickup_branch_id="BR-01")
    assert_refused(state, "cancel_hold", "no hold with id", hold_id="H-1")


def test_place_hold_refusals(state: DuckDBState) -> None:
    pid = good(state)
    tid = unheld_title(state, pid)
    assert_refused(state, "place_hold", "does not take hold pickups", patron_id=pid, title_id=tid,
                   pickup_branch_id="BR-06")
    shelf = shelf_copy(state, "AND t.min_age = 0")
    assert_refused(state, "place_hold", "on the shelf at", patron_id=pid, title_id=shelf["title_id"],
                   pickup_branch_id=shelf["branch_id"])
    mine = active_loan(state, "l.patron_id = ?", ["P-20002"])
    assert_refused(state, "place_hold", "already has .* on loan", patron_id="P-20002", title_id=mine["title_id"],
                   pickup_branch_id="BR-02")
    teen = good(state, "teen")
    rated = sql1(state, "SELECT title_id FROM titles WHERE min_age = 17 LIMIT 1")["title_id"]
    assert_refused(state, "place_hold", "rated for ages 17", patron_id=teen, title_id=rated, pickup_branch_id="BR-01")
    ref_only = sql1(state, "SELECT t.title_id FROM titles t WHERE NOT EXISTS (SELECT 1 FROM copies c WHERE c.title_id "
                           "= t.title_id AND c.collection = 'circulating' AND c.status NOT IN ('lost', 'damaged')) "
                           "LIMIT 1")["title_id"]
    assert_refused(state, "place_hold", "no copy that can be lent", patron_id=pid, title_id=ref_only,
                   pickup_branch_id="BR-01")
    expired = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'active' AND card_expires < ? LIMIT 1",
                   [TODAY])["patron_id"]
    assert_refused(state, "place_hold", "cannot place holds: the library card expired", patron_id=expired,
                   title_id=tid, pickup_branch_id="BR-01")


def test_hold_limit(state: DuckDBState) -> None:
    kid = good(state, "child")
    titles = state.db.query("SELECT t.title_id FROM titles t WHERE t.audience = 'children' AND EXISTS (SELECT 1 FROM "
                            "copies c WHERE c.title_id = t.title_id AND c.collection = 'circulating') AND NOT EXISTS "
                            "(SELECT 1 FROM copies c WHERE c.title_id = t.title_id AND c.branch_id = 'BR-01' AND "
                            "c.status = 'available') AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.title_id = t.title_id "
                            "AND h.patron_id = ?) AND NOT EXISTS (SELECT 1 FROM loans l JOIN copies c USING (copy_id) "
                            "WHERE c.title_id = t.title_id AND l.patron_id = ? AND l.status = 'active') ORDER BY 1",
                            [kid, kid])
    held = state.db.scalar("SELECT count(*) FROM holds WHERE patron_id = ? AND status IN ('waiting', 'in_transit', "
                           "'ready')", [kid])
    for t in titles[:5 - held]:
        run(state, "place_hold", patron_id=kid, title_id=t["title_id"], pickup_branch_id="BR-01")
    assert_refused(state, "place_hold", "a child card may have 5 open holds", patron_id=kid,
                   title_id=titles[5 - held]["title_id"], pickup_branch_id="BR-01")


def test_cancel_ready_and_in_transit_holds(state: DuckDBState) -> None:
    ready = sql1(state, "SELECT * FROM holds WHERE status = 'ready' ORDER BY hold_id LIMIT 1")
    out = run(state, "cancel_hold", hold_id=ready["hold_id"])
    assert out["copy_goes"] == "back on the shelf"
    assert sql1(state, "SELECT status FROM copies WHERE copy_id = ?", [ready["copy_id"]])["status"] == "available"
    transit = sql1(state, "SELECT * FROM holds WHERE status = 'in_transit' ORDER BY hold_id LIMIT 1")
    assert_refused(state, "cancel_hold", "on its way to the pickup branch", hold_id=transit["hold_id"])
    assert_refused(state, "change_hold_pickup", "a copy is already assigned", hold_id=transit["hold_id"],
                   pickup_branch_id="BR-01")


# -- fees -----------------------------------------------------------------------------------------------------------------

def test_pay_fees(state: DuckDBState) -> None:
    pid = sql1(state, "SELECT patron_id FROM fees WHERE status = 'open' GROUP BY 1 HAVING count(*) >= 2 ORDER BY 1 "
                      "LIMIT 1")["patron_id"]
    fees = state.db.query("SELECT * FROM fees WHERE patron_id = ? AND status = 'open' ORDER BY fee_id", [pid])
    out = run(state, "pay_fees", patron_id=pid, fee_ids=[f["fee_id"].lower() for f in fees[:2]], method="cash")
    assert out["amount"] == round(fees[0]["amount"] + fees[1]["amount"], 2)
    assert sql1(state, "SELECT * FROM payments WHERE payment_id = ?", [out["payment_id"]])["method"] == "cash"
    assert_refused(state, "pay_fees", "already paid", patron_id=pid, fee_ids=[fees[0]["fee_id"]], method="card")
    other = sql1(state, "SELECT fee_id FROM fees WHERE patron_id <> ? AND status = 'open' LIMIT 1", [pid])
    assert_refused(state, "pay_fees", "is not one of", patron_id=pid, fee_ids=[other["fee_id"]], method="card")
    assert_refused(state, "pay_fees", "at least one open fee", patron_id=pid, fee_ids=[], method="card")


def test_courtesy_waiver(state: DuckDBState) -> None:
    f = sql1(state, "SELECT f.* FROM fees f JOIN patrons p USING (patron_id) WHERE f.kind = 'overdue' AND f.status = "
                    "'open' AND (p.last_waiver_on IS NULL OR p.last_waiver_on < '2025-05-13') ORDER BY f.fee_id LIMIT 1")
    out = run(state, "waive_overdue_fine", fee_id=f["fee_id"])
    assert out["status"] == "waived" and out["amount"] == f["amount"]
    assert sql1(state, "SELECT last_waiver_on FROM patrons WHERE patron_id = ?", [f["patron_id"]])["last_waiver_on"] \
        == TODAY
    assert_refused(state, "waive_overdue_fine", "already waived", fee_id=f["fee_id"])


def test_waiver_refusals(state: DuckDBState) -> None:
    recent = sql1(state, "SELECT f.fee_id FROM fees f JOIN patrons p USING (patron_id) WHERE f.kind = 'overdue' AND "
                         "f.status = 'open' AND p.last_waiver_on > '2025-05-13' LIMIT 1")
    assert_refused(state, "waive_overdue_fine", "had a courtesy waiver on .* next one is possible from",
                   fee_id=recent["fee_id"])
    damage = sql1(state, "SELECT fee_id FROM fees WHERE kind = 'damage' AND status = 'open' LIMIT 1")
    assert_refused(state, "waive_overdue_fine", "damage charge; only overdue fines", fee_id=damage["fee_id"])
    assert_refused(state, "waive_overdue_fine", "no fee with id", fee_id="F-1")


# -- rooms ------------------------------------------------------------------------------------------------------------------

def test_book_and_cancel_room(state: DuckDBState) -> None:
    pid = booker(state)
    day = next(d for d in ("2026-05-19", "2026-05-20", "2026-05-21", "2026-05-22", "2026-05-26") if not next(
        r for r in run(state, "get_room_schedule", branch_id="BR-01", date=d)["rooms"] if r["room_id"] == "RM-13")[
        "booked"])
    out = run(state, "book_room", patron_id=pid, room_id="RM-13", starts_at=f"{day} 09:00", hours=3, attendees=25,
              purpose="meeting")
    assert out["ends_at"] == f"{day}T12:00:00" and out["status"] == "booked"
    assert_refused(state, "book_room", "already booked from 09:00 to 12:00", patron_id=booker(state, skip=1),
                   room_id="RM-13", starts_at=f"{day} 11:00", hours=1, attendees=5, purpose="study")
    assert run(state, "cancel_room_booking", booking_id=out["booking_id"])["status"] == "cancelled"
    assert_refused(state, "cancel_room_booking", "only booked rooms", booking_id=out["booking_id"])
    assert_refused(state, "cancel_room_booking", "no room booking", booking_id="RB-1")


def test_book_room_window_refusals(state: DuckDBState) -> None:
    pid = booker(state)
    args = {"patron_id": pid, "room_id": "RM-21", "hours": 1, "attendees": 2, "purpose": "study"}
    assert_refused(state, "book_room", "is in the past", starts_at="2026-05-13 09:00", **args)
    assert_refused(state, "book_room", "at most 30 days ahead", starts_at="2026-06-15 11:00", **args)
    assert_refused(state, "book_room", "on the hour", starts_at="2026-05-20 11:30", **args)
    assert_refused(state, "book_room", "closed on Sundays", starts_at="2026-05-17 11:00", **args)
    assert_refused(state, "book_room", "open 10:00 to 18:00", starts_at="2026-05-20 17:00",
                   **{**args, "hours": 2})
    assert_refused(state, "book_room", "1 to 2 hours", starts_at="2026-05-20 11:00", **{**args, "hours": 3})
    assert_refused(state, "book_room", "holds at most 4 people", starts_at="2026-05-20 11:00",
                   **{**args, "attendees": 6})
    assert_refused(state, "book_room", "no room with id", starts_at="2026-05-20 11:00", **{**args, "room_id": "RM-99"})


def test_book_room_eligibility_refusals(state: DuckDBState) -> None:
    args = {"room_id": "RM-22", "starts_at": "2026-05-20 11:00", "hours": 1, "attendees": 4, "purpose": "meeting"}
    assert_refused(state, "book_room", "child cards cannot book rooms", patron_id=good(state, "child"), **args)
    assert_refused(state, "book_room", "meeting rooms are booked by adult cards only", patron_id=good(state, "teen"),
                   **args)
    blocked = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'blocked' LIMIT 1")["patron_id"]
    assert_refused(state, "book_room", "not in good standing", patron_id=blocked, **args)
    busy = sql1(state, "SELECT k.patron_id FROM room_bookings k JOIN patrons p USING (patron_id) WHERE k.status = "
                       "'booked' AND p.status = 'active' AND p.card_expires > '2026-07-01' AND p.card_type = 'adult' "
                       "GROUP BY 1 HAVING count(*) = 2 LIMIT 1")["patron_id"]
    assert_refused(state, "book_room", "already has 2 upcoming room bookings", patron_id=busy, **args)


def test_cancel_started_booking() -> None:
    later = ENV.new_state("2026-05-25T12:00:00")
    try:
        k = sql1(later, "SELECT booking_id FROM room_bookings WHERE status = 'booked' AND starts_at < "
                        "'2026-05-25 12:00:00' LIMIT 1")
        assert_refused(later, "cancel_room_booking", "only upcoming bookings", booking_id=k["booking_id"])
    finally:
        later.close()


# -- cards -----------------------------------------------------------------------------------------------------------------

def test_renew_cards(state: DuckDBState) -> None:
    soon = sql1(state, "SELECT p.* FROM patrons p WHERE p.status = 'active' AND p.card_type = 'adult' AND "
                       "p.card_expires BETWEEN ? AND '2026-06-11' AND p.patron_id IN (" + GOOD.replace(
                           "p.card_expires > '2026-07-15'", "TRUE") + ") ORDER BY 1 LIMIT 1", [TODAY])
    out = run(state, "renew_library_card", patron_id=soon["patron_id"])
    assert out["new_expiry"] == str(int(soon["card_expires"][:4]) + 3) + soon["card_expires"][4:]
    expired = sql1(state, "SELECT p.* FROM patrons p WHERE p.status = 'active' AND p.card_type = 'nonresident' AND "
                          "p.card_expires < ? AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.patron_id = p.patron_id AND "
                          "f.status = 'open') ORDER BY 1 LIMIT 1", [TODAY])
    assert_refused(state, "renew_library_card", "costs 45.00; ask how the patron pays", patron_id=expired["patron_id"])
    paid = run(state, "renew_library_card", patron_id=expired["patron_id"], payment_method="card")
    assert paid["new_expiry"] == "2027-05-13" and paid["fee_paid"] == 45.0
    assert sql1(state, "SELECT amount FROM payments WHERE payment_id = ?", [paid["payment_id"]])["amount"] == 45.0


def test_renew_card_refusals(state: DuckDBState) -> None:
    early = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'active' AND card_expires > '2026-07-01' LIMIT 1")
    assert_refused(state, "renew_library_card", "can be renewed from", patron_id=early["patron_id"])
    blocked = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'blocked' LIMIT 1")
    assert_refused(state, "renew_library_card", "account is blocked", patron_id=blocked["patron_id"])
    owing = sql1(state, "SELECT f.patron_id FROM fees f JOIN patrons p USING (patron_id) WHERE f.status = 'open' AND "
                        "p.status = 'active' AND p.card_expires < '2026-06-12' GROUP BY 1 HAVING sum(f.amount) >= 10 "
                        "LIMIT 1")
    assert_refused(state, "renew_library_card", "cards are renewed only below 10.00", patron_id=owing["patron_id"])


def test_replace_lost_card(state: DuckDBState) -> None:
    p = sql1(state, "SELECT * FROM patrons WHERE status = 'active' ORDER BY patron_id LIMIT 1")
    out = run(state, "replace_lost_card", patron_id=p["patron_id"])
    assert out["new_card_number"] != p["card_number"] and len(out["new_card_number"]) == 14
    assert run(state, "find_patron", card_number=out["new_card_number"], last_name=p["last_name"])["patron_id"] == \
        p["patron_id"]
    assert_refused(state, "find_patron", "no patron", card_number=p["card_number"], last_name=p["last_name"])
    blocked = sql1(state, "SELECT patron_id FROM patrons WHERE status = 'blocked' LIMIT 1")
    assert_refused(state, "replace_lost_card", "issued only in person", patron_id=blocked["patron_id"])
