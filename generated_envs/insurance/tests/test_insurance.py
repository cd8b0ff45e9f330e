"""The insurance environment's own checks: schemas, seed determinism and consistency, task replay, business rules."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


NOW = "2026-04-15T09:00:00"
TODAY = date(2026, 4, 15)


ITEMS_TOTAL = "(SELECT coalesce(sum(i.claimed_amount), 0) FROM claim_items i WHERE i.claim_id = c.claim_id)"
REMAINING = ("(v.coverage_limit - (SELECT coalesce(sum(d.approved_amount), 0) FROM claims d "
             "WHERE d.coverage_id = c.coverage_id AND d.status IN ('approved', 'paid')))")
OPEN_LOAD = ("(SELECT count(*) FROM claims x WHERE x.adjuster_id = a.staff_id "
             "AND x.status IN ('under_review', 'approved'))")


def review_claim(state: DuckDBState, where: str) -> dict[str, Any]:
    """An under-review claim with its adjuster, items total, deductible and remaining limit."""
    return one(state, f"SELECT c.claim_id, c.adjuster_id, c.deductible, a.authority_limit, {ITEMS_TOTAL} AS total, "
                      f"{REMAINING} AS remaining FROM claims c JOIN coverages v USING (coverage_id) "
                      "JOIN adjusters a ON a.staff_id = c.adjuster_id WHERE c.status = 'under_review' "
                      f"AND {where} ORDER BY c.claim_id LIMIT 1")


def coverage_of(state: DuckDBState, where: str) -> dict[str, Any]:
    return one(state, "SELECT v.*, p.line, p.status, p.holder_id FROM coverages v JOIN policies p "
                      f"USING (policy_number) WHERE {where} ORDER BY v.coverage_id LIMIT 1")


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_writes=8, min_rows=1000, max_rows=6000, every_table_filled=True, min_multi_write_tasks=4,
                                   min_user_fact_tasks=10, min_refusal_tasks=5,
                                   unchecked_output_tags=("reasoning", "filing_window"))


def test_manifest_clock_and_policy() -> None:
    assert ENV.manifest.now == NOW
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    assert "60 days" in policy and "30 days" in policy and "min(" in policy
    assert len((ENV.root / ENV.manifest.compact_policy_file).read_text(encoding="utf-8").split()) < 200


def test_tasks_ask_for_decisions_and_gold_avoids_forbidden_calls() -> None:
    assert any("decision" in t.user_facts for t in ENV.tasks)
    for task in ENV.tasks:
        for p in task.forbidden_calls:
            assert all(not (c.name == p.name and all(c.arguments.get(k) == v for k, v in p.arguments.items()))
                       for c in task.gold_calls), f"{task.id}: the gold trajectory makes a call its task forbids"


# -- the seed obeys the rules the tools enforce -------------------------------------------------------------

def test_seed_claims_follow_the_rules(state: DuckDBState) -> None:
    policies = {p["policy_number"]: p for p in state.db.query("SELECT * FROM policies")}
    claims = state.db.query("SELECT c.*, v.coverage_type, v.policy_number AS coverage_policy FROM claims c "
                            "JOIN coverages v USING (coverage_id)")
    for c in claims:
        p = policies[c["policy_number"]]
        incident, filed = date.fromisoformat(c["incident_date"]), date.fromisoformat(c["filed_on"])
        assert c["coverage_policy"] == c["policy_number"], c["claim_id"]
        assert ENV.module._in_force(p, incident) is None, c["claim_id"]
        assert 0 <= (filed - incident).days <= ENV.module.FILING_WINDOW_DAYS[p["line"]], c["claim_id"]
        assert c["incident_type"] in ENV.module.COVERS[c["coverage_type"]], c["claim_id"]
        if c["status"] == "filed":
            assert c["adjuster_id"] is None, c["claim_id"]
        elif c["status"] != "withdrawn":
            assert c["adjuster_id"] is not None, c["claim_id"]
    assert not state.db.query("SELECT coverage_id, incident_date FROM claims WHERE status NOT IN ('withdrawn', "
                              "'denied') GROUP BY ALL HAVING count(*) > 1")
    assert not state.db.query("SELECT c.claim_id FROM claims c JOIN adjusters a ON a.staff_id = c.adjuster_id "
                              "JOIN policies p USING (policy_number) WHERE a.specialty <> p.line "
                              "OR c.approved_amount > a.authority_limit")
    assert not state.db.query(f"SELECT a.staff_id FROM adjusters a WHERE {OPEN_LOAD} > a.caseload_cap")
    assert not state.db.query("SELECT c.claim_id FROM claims c JOIN policies p USING (policy_number) "
                              "WHERE c.filed_on <= p.cancelled_on AND coalesce(c.closed_on, DATE '2999-01-01') "
                              "> p.cancelled_on"), "a policy was cancelled while it had an open claim"
    assert not state.db.query("SELECT v.coverage_id FROM coverages v JOIN claims c USING (coverage_id) "
                              "WHERE c.status IN ('approved', 'paid') GROUP BY v.coverage_id, v.coverage_limit "
                              "HAVING sum(c.approved_amount) > v.coverage_limit")


def test_seed_has_every_situation_the_rules_need(state: DuckDBState) -> None:
    statuses = {r["status"] for r in state.db.query("SELECT DISTINCT status FROM claims")}
    assert statuses == {"filed", "under_review", "approved", "denied", "paid", "withdrawn"}
    assert state.db.scalar(f"SELECT count(*) FROM adjusters a WHERE {OPEN_LOAD} = a.caseload_cap") >= 2
    recent = (TODAY - timedelta(days=30)).isoformat()
    assert state.db.scalar("SELECT count(*) FROM policies WHERE status = 'lapsed' AND lapsed_on >= ?", [recent]) >= 5
    assert state.db.scalar("SELECT count(*) FROM policies WHERE status = 'lapsed' AND lapsed_on < ?", [recent]) >= 5
    capped = state.db.scalar(f"SELECT count(*) FROM claims c JOIN coverages v USING (coverage_id) WHERE "
                             f"c.status = 'under_review' AND {REMAINING} < {ITEMS_TOTAL} - c.deductible")
    assert capped >= 5


# -- tasks --------------------------------------------------------------------------------------------------

# -- reads --------------------------------------------------------------------------------------------------

def test_lookups(state: DuckDBState) -> None:
    h = one(state, "SELECT * FROM policyholders ORDER BY holder_id LIMIT 1")
    assert run(state, "lookup_policyholder_by_email", email=h["email"].upper())["holder_id"] == h["holder_id"]
    found = run(state, "lookup_policyholder_by_birthdate", first_name=h["first_name"].lower(),
                last_name=h["last_name"], date_of_birth=h["date_of_birth"])
    assert found["holder_id"] == h["holder_id"]
    a = one(state, "SELECT * FROM adjusters ORDER BY staff_id LIMIT 1")
    assert run(state, "lookup_adjuster_by_email", work_email=a["work_email"])["staff_id"] == a["staff_id"]
    assert_refused(state, "lookup_policyholder_by_email", "no policyholder with email", email="nobody@example.com")
    assert_refused(state, "lookup_policyholder_by_birthdate", "born on", first_name=h["first_name"],
                   last_name=h["last_name"], date_of_birth="1900-01-01")
    assert_refused(state, "lookup_adjuster_by_email", "no adjuster", work_email=h["email"])


def test_read_tools_reject_unknown_ids(state: DuckDBState) -> None:
    for name, args, match in [("get_policyholder_summary", {"holder_id": "PH-1"}, "no policyholder"),
                              ("get_policy", {"policy_number": "HO-1"}, "no policy"),
                              ("get_claim", {"claim_id": "CLM-1"}, "no claim"),
                              ("get_billing_history", {"policy_number": "AU-1"}, "no policy"),
                              ("get_adjuster_caseload", {"staff_id": "ADJ-1"}, "no adjuster"),
                              ("list_adjusters_for_claim", {"claim_id": "CLM-1"}, "no claim"),
                              ("quote_cancellation", {"policy_number": "AU-1"}, "no policy"),
                              ("list_policyholder_claims", {"holder_id": "PH-1"}, "no policyholder")]:
        assert_refused(state, name, match, **args)
    assert_refused(state, "file_claim", "no coverage", coverage_id="CV-1", incident_type="fire",
                   incident_date="2026-04-10")


def test_policy_view_shows_remaining_limits_and_billing(state: DuckDBState) -> None:
    c = one(state, "SELECT c.coverage_id, c.policy_number, sum(c.approved_amount) AS used FROM claims c "
                   "WHERE c.status IN ('approved', 'paid') GROUP BY ALL ORDER BY c.coverage_id LIMIT 1")
    policy = run(state, "get_policy", policy_number=c["policy_number"])
    cov = next(x for x in policy["coverages"] if x["coverage_id"] == c["coverage_id"])
    assert cov["remaining_limit"] == round(cov["coverage_limit"] - c["used"], 2)
    lapsed = one(state, "SELECT policy_number FROM policies WHERE status = 'lapsed' ORDER BY policy_number LIMIT 1")
    view = run(state, "get_policy", **lapsed)
    bills = run(state, "get_billing_history", **lapsed)
    assert view["overdue_amount"] == bills["overdue_amount"] > 0 and "lapsed_on" in view
    summary = run(state, "get_policyholder_summary", holder_id=view["holder_id"])
    assert lapsed["policy_number"] in [p["policy_number"] for p in summary["policies"]]
    claims = run(state, "list_policyholder_claims", holder_id=view["holder_id"], status="paid")
    assert all(x["status"] == "paid" for x in claims["claims"])


def test_adjuster_views(state: DuckDBState) -> None:
    claim = review_claim(state, "TRUE")
    options = run(state, "list_adjusters_for_claim", claim_id=claim["claim_id"])
    slots = [a["free_slots"] for a in options["adjusters"]]
    assert slots == sorted(slots, reverse=True)
    assert [a["adjuster_id"] for a in options["adjusters"] if a["assigned_to_claim"]] == [claim["adjuster_id"]]
    load = run(state, "get_adjuster_caseload", staff_id=claim["adjuster_id"])
    assert claim["claim_id"] in [c["claim_id"] for c in load["claims"]] and load["open_claims"] == len(load["claims"])
    details = run(state, "get_claim", claim_id=claim["claim_id"])
    assert details["items_total"] == claim["total"] and details["adjuster"]["adjuster_id"] == claim["adjuster_id"]


# -- rule: filing window, cover on the incident date, coverage fits the incident -------------------------------

def test_file_claim_and_its_refusals(state: DuckDBState) -> None:
    cov = coverage_of(state, "p.status = 'active' AND p.line = 'auto' AND v.coverage_type = 'collision' "
                             "AND p.term_start < DATE '2026-02-01' AND p.reinstated_on IS NULL")
    late = (TODAY - timedelta(days=31)).isoformat()
    assert_refused(state, "file_claim", "within 30 days", coverage_id=cov["coverage_id"], incident_type="collision",
                   incident_date=late)
    assert_refused(state, "file_claim", "does not pay for", coverage_id=cov["coverage_id"], incident_type="hail",
                   incident_date="2026-04-10")
    assert_refused(state, "file_claim", "in the future", coverage_id=cov["coverage_id"], incident_type="collision",
                   incident_date="2026-04-16")
    assert_refused(state, "file_claim", "YYYY-MM-DD", coverage_id=cov["coverage_id"], incident_type="collision",
                   incident_date="April 10")
    on_time = (TODAY - timedelta(days=30)).isoformat()
    result = run(state, "file_claim", coverage_id=cov["coverage_id"], incident_type="collision",
                 incident_date=on_time)
    row = one(state, "SELECT * FROM claims WHERE claim_id = ?", [result["claim_id"]])
    assert row["status"] == "filed" and row["deductible"] == cov["deductible"] and row["adjuster_id"] is None
    assert_refused(state, "file_claim", "already covers this incident", coverage_id=cov["coverage_id"],
                   incident_type="collision", incident_date=on_time)


def test_home_claims_have_sixty_days(state: DuckDBState) -> None:
    cov = coverage_of(state, "p.status = 'active' AND v.coverage_type = 'dwelling' AND p.term_start < "
                             "DATE '2026-01-01' AND p.reinstated_on IS NULL")
    run(state, "file_claim", coverage_id=cov["coverage_id"], incident_type="hail",
        incident_date=(TODAY - timedelta(days=60)).isoformat())
    assert_refused(state, "file_claim", "within 60 days", coverage_id=cov["coverage_id"], incident_type="hail",
                   incident_date=(TODAY - timedelta(days=61)).isoformat())


def test_no_claim_for_a_day_without_cover(state: DuckDBState) -> None:
    gap = coverage_of(state, "p.reinstated_on IS NOT NULL AND p.lapsed_on >= DATE '2026-02-20' "
                             "AND v.coverage_type IN ('dwelling', 'collision')")
    p = one(state, "SELECT * FROM policies WHERE policy_number = ?", [gap["policy_number"]])
    kind = "hail" if gap["coverage_type"] == "dwelling" else "collision"
    assert_refused(state, "file_claim", "lapsed", coverage_id=gap["coverage_id"], incident_type=kind,
                   incident_date=p["lapsed_on"])
    run(state, "file_claim", coverage_id=gap["coverage_id"], incident_type=kind, incident_date=p["reinstated_on"])
    cancelled = coverage_of(state, "p.status = 'cancelled' AND p.cancelled_on >= DATE '2026-03-20' "
                                   "AND v.coverage_type = 'liability'")
    after = date.fromisoformat(one(state, "SELECT cancelled_on FROM policies WHERE policy_number = ?",
                                   [cancelled["policy_number"]])["cancelled_on"]) + timedelta(days=1)
    assert_refused(state, "file_claim", "cancelled", coverage_id=cancelled["coverage_id"], incident_type="injury",
                   incident_date=after.isoformat())
    young = coverage_of(state, "p.term_start > DATE '2026-03-20' AND v.coverage_type = 'liability'")
    before = date.fromisoformat(one(state, "SELECT term_start FROM policies WHERE policy_number = ?",
                                    [young["policy_number"]])["term_start"]) - timedelta(days=1)
    assert_refused(state, "file_claim", "term runs from", coverage_id=young["coverage_id"], incident_type="injury",
                   incident_date=before.isoformat())


# -- rule: claim state machine and items ------------------------------------------------------------------------

def test_items_only_while_open(state: DuckDBState) -> None:
    claim = review_claim(state, "TRUE")
    result = run(state, "add_claim_item", claim_id=claim["claim_id"], item_description="  towing  SERVICE. ",
                 amount=120.456)
    assert result["description"] == "Towing service" and result["claimed_amount"] == 120.46
    assert result["items_total"] == round(claim["total"] + 120.46, 2)
    assert_refused(state, "add_claim_item", "more than 0", claim_id=claim["claim_id"], item_description="Towing",
                   amount=0)
    assert_refused(state, "add_claim_item", "description", claim_id=claim["claim_id"], item_description=" . ",
                   amount=10)
    paid = one(state, "SELECT claim_id FROM claims WHERE status = 'paid' ORDER BY claim_id LIMIT 1")
    assert_refused(state, "add_claim_item", "only filed or under_review", claim_id=paid["claim_id"],
                   item_description="Towing", amount=100)


def test_withdraw_only_own_open_claims(state: DuckDBState) -> None:
    c = one(state, "SELECT c.claim_id, p.holder_id FROM claims c JOIN policies p USING (policy_number) "
                   "WHERE c.status = 'filed' ORDER BY c.claim_id LIMIT 1")
    other = one(state, "SELECT holder_id FROM policyholders WHERE holder_id <> ? ORDER BY holder_id LIMIT 1",
                [c["holder_id"]])
    assert_refused(state, "withdraw_claim", "only the policyholder who owns", holder_id=other["holder_id"],
                   claim_id=c["claim_id"])
    assert run(state, "withdraw_claim", **c)["status"] == "withdrawn"
    assert_refused(state, "withdraw_claim", "is withdrawn", **c)


# -- rule: adjusters (line, caseload cap) ---------------------------------------------------------------------

def test_assignment_respects_line_and_cap(state: DuckDBState) -> None:
    c = one(state, "SELECT c.claim_id, p.line FROM claims c JOIN policies p USING (policy_number) "
                   "WHERE c.status = 'filed' ORDER BY c.claim_id LIMIT 1")
    full = one(state, f"SELECT staff_id FROM adjusters a WHERE a.specialty = ? AND {OPEN_LOAD} >= a.caseload_cap "
                      "ORDER BY staff_id LIMIT 1", [c["line"]])
    wrong = one(state, "SELECT staff_id FROM adjusters WHERE specialty <> ? ORDER BY staff_id LIMIT 1", [c["line"]])
    assert_refused(state, "assign_adjuster", "caseload cap", claim_id=c["claim_id"], adjuster_id=full["staff_id"])
    assert_refused(state, "assign_adjuster", "handles", claim_id=c["claim_id"], adjuster_id=wrong["staff_id"])
    best = run(state, "list_adjusters_for_claim", claim_id=c["claim_id"])["adjusters"][0]
    result = run(state, "assign_adjuster", claim_id=c["claim_id"], adjuster_id=best["adjuster_id"])
    assert result["status"] == "under_review" and result["adjuster_open_claims"] == best["open_claims"] + 1
    assert_refused(state, "assign_adjuster", "already assigned", claim_id=c["claim_id"],
                   adjuster_id=best["adjuster_id"])
    closed = one(state, "SELECT claim_id FROM claims WHERE status = 'denied' ORDER BY claim_id LIMIT 1")
    assert_refused(state, "assign_adjuster", "only filed or under_review", claim_id=closed["claim_id"],
                   adjuster_id=best["adjuster_id"])


# -- rules: permission, payout formula, authority limit ----------------------------------------------------------

def test_only_the_assigned_adjuster_decides(state: DuckDBState) -> None:
    claim = review_claim(state, "TRUE")
    other = one(state, "SELECT staff_id FROM adjusters WHERE staff_id <> ? ORDER BY staff_id LIMIT 1",
                [claim["adjuster_id"]])
    for name in ("approve_claim", "release_claim_payment"):
        if name == "release_claim_payment":
            claim = one(state, "SELECT claim_id, adjuster_id FROM claims WHERE status = 'approved' "
                               "ORDER BY claim_id LIMIT 1")
        assert_refused(state, name, "only the claim's assigned adjuster", staff_id=other["staff_id"],
                       claim_id=claim["claim_id"])
    assert_refused(state, "deny_claim", "only the claim's assigned adjuster", staff_id=other["staff_id"],
                   claim_id=review_claim(state, "TRUE")["claim_id"], reason="excluded_loss")
    filed = one(state, "SELECT claim_id FROM claims WHERE status = 'filed' ORDER BY claim_id LIMIT 1")
    assert_refused(state, "approve_claim", "only under_review", staff_id=other["staff_id"], **filed)


def test_payout_is_capped_by_the_remaining_limit_then_paid(state: DuckDBState) -> None:
    claim = review_claim(state, f"{REMAINING} < {ITEMS_TOTAL} - c.deductible AND {REMAINING} > 0 "
                                f"AND {REMAINING} <= a.authority_limit")
    result = run(state, "approve_claim", staff_id=claim["adjuster_id"], claim_id=claim["claim_id"])
    assert result["approved_amount"] == round(claim["remaining"], 2) < claim["total"] - claim["deductible"]
    assert_refused(state, "approve_claim", "only under_review", staff_id=claim["adjuster_id"],
                   claim_id=claim["claim_id"])
    payment = run(state, "release_claim_payment", staff_id=claim["adjuster_id"], claim_id=claim["claim_id"])
    method = one(state, "SELECT h.payout_method FROM claims c JOIN policies p USING (policy_number) "
                        "JOIN policyholders h USING (holder_id) WHERE c.claim_id = ?", [claim["claim_id"]])
    assert payment["amount"] == result["approved_amount"] and payment["method"] == method["payout_method"]
    details = run(state, "get_claim", claim_id=claim["claim_id"])
    assert details["status"] == "paid" and details["coverage"]["remaining_limit"] == 0
    assert [p["disbursement_id"] for p in details["payouts"]] == [payment["disbursement_id"]]


def test_payout_is_items_minus_deductible(state: DuckDBState) -> None:
    claim = review_claim(state, f"{ITEMS_TOTAL} - c.deductible BETWEEN 100 AND a.authority_limit "
                                f"AND {REMAINING} > {ITEMS_TOTAL}")
    result = run(state, "approve_claim", staff_id=claim["adjuster_id"], claim_id=claim["claim_id"])
    assert result["approved_amount"] == round(claim["total"] - claim["deductible"], 2)


def test_nothing_payable_means_deny(state: DuckDBState) -> None:
    below = review_claim(state, f"{ITEMS_TOTAL} > 0 AND {ITEMS_TOTAL} <= c.deductible")
    args = {"staff_id": below["adjuster_id"], "claim_id": below["claim_id"]}
    assert_refused(state, "approve_claim", "does not exceed the deductible", **args)
    assert_refused(state, "deny_claim", "limit_exhausted does not apply", reason="limit_exhausted", **args)
    assert run(state, "deny_claim", reason="below_deductible", **args)["status"] == "denied"
    assert_refused(state, "deny_claim", "only under_review", reason="below_deductible", **args)
    used_up = review_claim(state, f"{ITEMS_TOTAL} > c.deductible AND {REMAINING} <= 0")
    args = {"staff_id": used_up["adjuster_id"], "claim_id": used_up["claim_id"]}
    assert_refused(state, "approve_claim", "limit is used up", **args)
    assert_refused(state, "deny_claim", "below_deductible does not apply", reason="below_deductible", **args)
    assert run(state, "deny_claim", reason="limit_exhausted", **args)["denial_reason"] == "limit_exhausted"
    empty = review_claim(state, f"{ITEMS_TOTAL} = 0")
    assert_refused(state, "approve_claim", "no items yet", staff_id=empty["adjuster_id"], claim_id=empty["claim_id"])


def test_authority_limit_needs_a_senior_adjuster(state: DuckDBState) -> None:
    claim = review_claim(state, f"least({ITEMS_TOTAL} - c.deductible, {REMAINING}) > a.authority_limit")
    assert_refused(state, "approve_claim", "authority limit", staff_id=claim["adjuster_id"],
                   claim_id=claim["claim_id"])
    payout = round(min(claim["total"] - claim["deductible"], claim["remaining"]), 2)
    senior = next(a for a in run(state, "list_adjusters_for_claim", claim_id=claim["claim_id"])["adjusters"]
                  if a["free_slots"] > 0 and a["authority_limit"] >= payout)
    moved = run(state, "assign_adjuster", claim_id=claim["claim_id"], adjuster_id=senior["adjuster_id"])
    assert moved["previous_adjuster_id"] == claim["adjuster_id"]
    assert run(state, "approve_claim", staff_id=senior["adjuster_id"], claim_id=claim["claim_id"])[
        "approved_amount"] == payout


# -- rule: reinstatement within 30 days -------------------------------------------------------------------------

def test_reinstatement_pays_the_overdue_bills(state: DuckDBState) -> None:
    p = one(state, "SELECT * FROM policies WHERE status = 'lapsed' AND lapsed_on >= DATE '2026-03-16' "
                   "ORDER BY policy_number LIMIT 1")
    overdue = state.db.scalar("SELECT sum(amount) FROM premium_bills WHERE policy_number = ? AND status = 'overdue'",
                              [p["policy_number"]])
    result = run(state, "reinstate_policy", policy_number=p["policy_number"], payment_method="card")
    assert result["amount_charged"] == round(overdue, 2) and result["status"] == "active"
    assert state.db.scalar("SELECT count(*) FROM premium_bills WHERE policy_number = ? AND status = 'overdue'",
                           [p["policy_number"]]) == 0
    assert result["paid_through"] >= TODAY.isoformat()
    # The lapse stays uncovered.
    cov = one(state, "SELECT coverage_id, coverage_type FROM coverages WHERE policy_number = ? "
                     "AND coverage_type = 'liability'", [p["policy_number"]])
    assert_refused(state, "file_claim", "lapsed", coverage_id=cov["coverage_id"], incident_type="injury",
                   incident_date=p["lapsed_on"])
    assert_refused(state, "reinstate_policy", "only lapsed policies", policy_number=p["policy_number"],
                   payment_method="card")


def test_reinstatement_window_closes_after_30_days(state: DuckDBState) -> None:
    p = one(state, "SELECT policy_number FROM policies WHERE status = 'lapsed' AND lapsed_on < DATE '2026-03-16' "
                   "ORDER BY policy_number LIMIT 1")
    assert_refused(state, "reinstate_policy", "was possible until", payment_method="bank_transfer", **p)


# -- rule: cancellation with a prorated refund, never with open claims -----------------------------------------

def test_cancellation_refund_is_prorated(state: DuckDBState) -> None:
    p = one(state, "SELECT * FROM policies p WHERE status = 'active' AND billing_plan = 'annual' AND NOT EXISTS "
                   "(SELECT 1 FROM claims c WHERE c.policy_number = p.policy_number AND c.status IN ('filed', "
                   "'under_review', 'approved')) ORDER BY policy_number LIMIT 1")
    term_end = date.fromisoformat(p["term_end"])
    term_days = (term_end - date.fromisoformat(p["term_start"])).days + 1
    expected = round(p["annual_premium"] * (term_end - TODAY).days / term_days + 1e-9, 2)
    quote = run(state, "quote_cancellation", policy_number=p["policy_number"])
    assert quote["refund_amount"] == expected and quote["can_cancel"]
    result = run(state, "cancel_policy", policy_number=p["policy_number"], reason="switched_insurer")
    assert result["refund_amount"] == expected and result["refund"]["kind"] == "premium_refund"
    row = one(state, "SELECT status, cancelled_on FROM policies WHERE policy_number = ?", [p["policy_number"]])
    assert row == {"status": "cancelled", "cancelled_on": TODAY.isoformat()}
    assert_refused(state, "cancel_policy", "already cancelled", policy_number=p["policy_number"],
                   reason="too_expensive")


def test_cancelling_voids_unpaid_bills(state: DuckDBState) -> None:
    p = one(state, "SELECT p.policy_number FROM policies p WHERE p.status = 'lapsed' AND NOT EXISTS (SELECT 1 FROM "
                   "claims c WHERE c.policy_number = p.policy_number AND c.status IN ('filed', 'under_review', "
                   "'approved')) ORDER BY p.policy_number LIMIT 1")
    result = run(state, "cancel_policy", reason="no_longer_needed", **p)
    assert result["refund_amount"] == 0 and result["refund"] is None
    assert state.db.scalar("SELECT count(*) FROM premium_bills WHERE policy_number = ? AND status IN ('due', "
                           "'overdue')", [p["policy_number"]]) == 0


def test_open_claims_block_cancellation(state: DuckDBState) -> None:
    p = one(state, "SELECT p.policy_number FROM policies p JOIN claims c USING (policy_number) "
                   "WHERE p.status = 'active' AND c.status = 'under_review' ORDER BY p.policy_number LIMIT 1")
    assert not run(state, "quote_cancellation", **p)["can_cancel"]
    assert_refused(state, "cancel_policy", "open claims", reason="sold_property", **p)


# -- rule: premium bills in order, only on active policies ------------------------------------------------------

def test_bills_are_paid_in_order(state: DuckDBState) -> None:
    p = one(state, "SELECT policy_number FROM premium_bills WHERE status = 'due' GROUP BY ALL "
                   "HAVING count(*) = 2 ORDER BY policy_number LIMIT 1")
    first, second = state.db.query("SELECT bill_id FROM premium_bills WHERE policy_number = ? AND status = 'due' "
                                   "ORDER BY due_date", [p["policy_number"]])
    assert_refused(state, "pay_premium_bill", "paid in order", payment_method="card", **second)
    run(state, "pay_premium_bill", payment_method="card", **first)
    result = run(state, "pay_premium_bill", payment_method="bank_transfer", **second)
    assert result["status"] == "paid" and result["paid_through"] == run(
        state, "get_billing_history", **p)["paid_through"]
    assert_refused(state, "pay_premium_bill", "only due bills", payment_method="card", **second)


def test_bill_refusals(state: DuckDBState) -> None:
    assert_refused(state, "pay_premium_bill", "no bill", bill_id="BL-1", payment_method="card")
    overdue = one(state, "SELECT bill_id FROM premium_bills WHERE status = 'overdue' ORDER BY bill_id LIMIT 1")
    assert_refused(state, "pay_premium_bill", "reinstate it", payment_method="card", **overdue)


# -- rule: deductible changes --------------------------------------------------------------------------------

def test_deductible_change_applies_to_new_claims_only(state: DuckDBState) -> None:
    cov = coverage_of(state, "p.status = 'active' AND v.coverage_type = 'collision' AND v.deductible = 500 "
                             "AND p.reinstated_on IS NULL AND p.term_start < DATE '2026-03-01' AND NOT EXISTS "
                             "(SELECT 1 FROM claims c WHERE c.coverage_id = v.coverage_id AND c.status IN "
                             "('filed', 'under_review', 'approved'))")
    result = run(state, "change_deductible", coverage_id=cov["coverage_id"], new_deductible=1000)
    assert result == {"coverage_id": cov["coverage_id"], "policy_number": cov["policy_number"],
                      "coverage_type": "collision", "old_deductible": 500.0, "new_deductible": 1000.0}
    claim = run(state, "file_claim", coverage_id=cov["coverage_id"], incident_type="collision",
                incident_date="2026-04-12")
    assert claim["deductible"] == 1000
    assert_refused(state, "change_deductible", "open claims", coverage_id=cov["coverage_id"], new_deductible=250)
    assert_refused(state, "change_deductible", "already is", coverage_id=cov["coverage_id"], new_deductible=1000)


def test_deductible_refusals(state: DuckDBState) -> None:
    liability = coverage_of(state, "p.status = 'active' AND v.coverage_type = 'liability'")
    assert_refused(state, "change_deductible", "no deductible", coverage_id=liability["coverage_id"],
                   new_deductible=500)
    lapsed = coverage_of(state, "p.status = 'lapsed' AND v.coverage_type = 'collision'")
    assert_refused(state, "change_deductible", "only active policies", coverage_id=lapsed["coverage_id"],
                   new_deductible=500)


def test_new_ids_are_deterministic() -> None:
    seen = []
    for _ in range(2):
        state = ENV.new_state()
        try:
            c = one(state, "SELECT c.claim_id FROM claims c WHERE c.status = 'filed' ORDER BY c.claim_id LIMIT 1")
            seen.append(run(state, "add_claim_item", claim_id=c["claim_id"], item_description="Towing",
                            amount=99)["item_id"])
            seen.append(state.state_hash())
        finally:
            state.close()
    assert seen[0] == seen[2] and seen[1] == seen[3]
