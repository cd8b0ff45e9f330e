"""The permits environment's own checks: structure, seed consistency, every business rule and its refusals."""

from __future__ import annotations

import json
import math
from datetime import date, timedelta
from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
late = ENV.state_fixture(now="2026-10-08T16:00:00")  # the same day after the 15:00 cut-off
monday = ENV.state_fixture(now="2026-10-13T09:00:00")  # after the holiday weekend: some permits have expired
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

ACTIVE = "('submitted', 'in_review', 'approved', 'issued')"

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_tools=14, min_writes=8, min_reads=8, min_tasks=70, min_tables=8, min_rows=2000,
                                   every_table_filled=True, min_rules=8, compact_share=1 / 3, min_read_tasks=8,
                                   min_single_write_tasks=8, min_multi_write_tasks=8, min_refusal_tasks=8,
                                   min_user_fact_tasks=30, unchecked_output_tags=("refusal",))


# -- helpers ------------------------------------------------------------------------------------------------

def app(state: DuckDBState, application_id: str) -> dict[str, Any]:
    return one(state, "SELECT * FROM applications WHERE application_id = ?", [application_id])


def first(state: DuckDBState, sql: str, params: list[Any] | None = None) -> Any:
    return state.db.scalar(sql + " LIMIT 1", params or [])


def clean_issued(state: DuckDBState, extra: str = "TRUE") -> str:
    """An issued permit with nothing booked, nothing due and a valid contractor (or owner-builder)."""
    return first(state, "SELECT a.application_id FROM applications a LEFT JOIN licenses l ON l.license_id = "
                        "a.license_id JOIN parcels p ON p.parcel_id = a.parcel_id WHERE a.status = 'issued' AND "
                        "a.expires_on > '2026-11-01' AND (a.license_id IS NULL OR (l.status = 'active' AND "
                        "l.expires_on >= '2026-10-08')) AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
                        "a.application_id AND f.status = 'due') AND NOT EXISTS (SELECT 1 FROM inspections i WHERE "
                        f"i.application_id = a.application_id AND i.status = 'scheduled') AND {extra} "
                        "ORDER BY a.application_id")


def next_kind(state: DuckDBState, application_id: str) -> str:
    return run(state, "get_application", application_id=application_id)["next_inspection"]


# -- structure and seed -------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "municipal-government" and ENV.manifest.now == "2026-10-08T10:00:00"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("$125.00", "$95.00", "15:00", "10 business days", "30 days", "90 days", "75%", "$50.00",
                 "owner of record", "2026-10-12"):
        assert fact in policy, fact


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    db = state.db
    statuses = {r["status"] for r in db.query("SELECT DISTINCT status FROM applications")}
    assert statuses == {"submitted", "in_review", "approved", "issued", "finaled", "expired", "withdrawn"}
    # No window holds more than 3 inspections per inspector.
    assert db.query("SELECT inspector_id, scheduled_date, time_window FROM inspections WHERE status <> 'cancelled' "
                    "GROUP BY ALL HAVING count(*) > 3") == []
    # Submission fees follow the schedule.
    rows = db.query("SELECT a.valuation, f.amount, t.* FROM fees f JOIN applications a ON a.application_id = "
                    "f.application_id JOIN permit_types t ON t.type_code = a.type_code WHERE f.kind = 'permit'")
    for r in rows:
        fee = max(r["min_fee"], r["base_fee"] + r["rate_per_1000"] * math.ceil(r["valuation"] / 1000))
        assert abs(fee - r["amount"]) < 0.005
    # Issued permits have not expired; one active application per parcel and type.
    assert db.scalar("SELECT count(*) FROM applications WHERE status = 'issued' AND expires_on < '2026-10-08'") == 0
    assert db.query(f"SELECT parcel_id, type_code FROM applications WHERE status IN {ACTIVE} GROUP BY ALL "
                    "HAVING count(*) > 1") == []
    # Nothing happened after the clock: no future filing, payment, result or fee.
    now = "2026-10-08 10:00:00"
    assert db.scalar("SELECT count(*) FROM fees WHERE assessed_at > ? OR paid_at > ?", [now, now]) == 0
    assert db.scalar("SELECT count(*) FROM applications WHERE submitted_at > ? OR approved_at > ? OR issued_at > ? "
                     "OR finaled_at > ? OR withdrawn_at > ?", [now] * 5) == 0
    assert db.scalar("SELECT count(*) FROM inspections WHERE requested_at > ? OR (status IN ('passed', 'failed') "
                     "AND scheduled_date >= '2026-10-08')", [now]) == 0
    # Scheduled inspections are on business days, none on the holiday.
    assert db.scalar("SELECT count(*) FROM inspections WHERE status = 'scheduled' AND (scheduled_date = "
                     "'2026-10-12' OR dayofweek(scheduled_date) IN (0, 6))") == 0


def test_list_results_stay_short(state: DuckDBState) -> None:
    biggest = max(len(json.dumps(run(state, "get_application", application_id=a), default=str))
                  for a in [r["application_id"] for r in state.db.query("SELECT application_id FROM applications")])
    assert biggest < 4000
    assert len(json.dumps(run(state, "list_permit_types"), default=str)) < 4000
    busy = first(state, "SELECT applicant_id FROM applications GROUP BY 1 ORDER BY count(*) DESC, 1")
    page = run(state, "list_applications", applicant_id=busy)
    assert len(json.dumps(page, default=str)) < 4000
    if page["more"]:
        assert run(state, "list_applications", applicant_id=busy, offset=page["next_offset"])["applications"]


def test_tasks_cover_every_tool() -> None:
    used = {c.name for t in ENV.tasks for c in t.gold_calls}
    assert used == set(ENV.tools), set(ENV.tools) - used
    refusals = [t for t in ENV.tasks if "refusal" in t.tags]
    assert all(t.outputs and not any(ENV.tools[c.name].writes for c in t.gold_calls) for t in refusals)


# -- reads --------------------------------------------------------------------------------------------------

def test_identify_and_profile(state: DuckDBState) -> None:
    a = one(state, "SELECT * FROM applicants ORDER BY applicant_id LIMIT 1")
    found = run(state, "find_applicant", first_name=a["first_name"].upper(), last_name=a["last_name"],
                email=f" {a['email'].upper()} ")
    assert found["applicant_id"] == a["applicant_id"]
    assert_refused(state, "find_applicant", "no applicant matches", first_name=a["first_name"],
                   last_name="Nobody", email=a["email"])
    prof = run(state, "get_applicant_profile", applicant_id=a["applicant_id"].lower())
    assert prof["parcels"] and all(p["parcel_id"].startswith("PCL-") for p in prof["parcels"])
    assert_refused(state, "get_applicant_profile", "no applicant with id", applicant_id="APL-1")


def test_public_lookups(state: DuckDBState) -> None:
    parcel = one(state, "SELECT * FROM parcels ORDER BY parcel_id LIMIT 1")
    assert run(state, "lookup_parcel", address=parcel["address"].upper() + ", Marrowfield")["parcel_id"] == \
        parcel["parcel_id"]
    assert_refused(state, "lookup_parcel", "no parcel at", address="1 Nowhere Street")
    assert {t["type_code"] for t in run(state, "list_permit_types", zoning="r-1")} >= {"POOL", "ADU"}
    assert "POOL" not in {t["type_code"] for t in run(state, "list_permit_types", zoning="R-2")}
    assert_refused(state, "list_permit_types", "unknown zoning code", zoning="X-9")
    deck = run(state, "get_permit_type", type_code="deck")
    assert deck["inspection_sequence"] == ["footing", "framing", "final"] and deck["historic_review_fee"] == 125.0
    assert_refused(state, "get_permit_type", "no permit type", type_code="BARN")
    lics = run(state, "find_contractor", business_name="electric")
    assert lics and all("licenses" in c for c in lics)
    assert_refused(state, "find_contractor", "at least 3 letters", business_name="el")
    assert_refused(state, "find_contractor", "no contractor whose", business_name="Zzyzx")


def test_fee_quotes(state: DuckDBState) -> None:
    q = run(state, "quote_permit_fees", type_code="DECK", valuation=18500)
    assert q["permit_fee"] == 75 + 6 * 19 and q["plan_review_fee"] == 75.6 and q["total"] == 264.6
    assert run(state, "quote_permit_fees", type_code="FENCE", valuation=900)["total"] == 60.0  # the minimum
    historic = first(state, "SELECT parcel_id FROM parcels WHERE historic_district ORDER BY parcel_id")
    h = run(state, "quote_permit_fees", type_code="DECK", valuation=18500, parcel_id=historic)
    assert h["historic_review_fee"] == 125.0 and h["total"] == 389.6
    assert "historic_review_fee" not in run(state, "quote_permit_fees", type_code="ELEC", valuation=5000,
                                            parcel_id=historic)
    assert_refused(state, "quote_permit_fees", "between \\$500 and", type_code="DECK", valuation=100)
    assert_refused(state, "quote_permit_fees", "no parcel with id", type_code="DECK", valuation=1000,
                   parcel_id="PCL-1")


def test_applications_and_details(state: DuckDBState) -> None:
    a = first(state, "SELECT applicant_id FROM applications GROUP BY 1 HAVING count(*) > 8 ORDER BY 1")
    page = run(state, "list_applications", applicant_id=a)
    assert len(page["applications"]) == 8 and page["more"] and page["next_offset"] == 8
    assert run(state, "list_applications", applicant_id=a, status="finaled")["applications"]
    assert_refused(state, "list_applications", "offset must be 0 or more", applicant_id=a, offset=-1)
    withdrawn = first(state, "SELECT application_id FROM applications WHERE status = 'withdrawn' ORDER BY 1")
    info = run(state, "get_application", application_id=withdrawn)
    assert "refund_if_withdrawn" not in info and "withdrawn_at" in info
    issued = clean_issued(state)
    info = run(state, "get_application", application_id=issued)
    assert info["next_inspection"] and info["extension_fee"] >= 50
    assert_refused(state, "get_application", "no application with id", application_id="APP-1")
    openings = run(state, "find_inspection_openings", application_id=issued)
    assert openings["days"][0]["date"] == "2026-10-09" and "2026-10-12" not in [d["date"] for d in openings["days"]]
    assert openings["days"][-1]["date"] <= "2026-10-23"


def test_openings_after_the_cutoff(late: DuckDBState) -> None:
    issued = clean_issued(late)
    assert run(late, "find_inspection_openings", application_id=issued)["days"][0]["date"] == "2026-10-13"


# -- submitting ---------------------------------------------------------------------------------------------

def owner_parcel(state: DuckDBState, where: str) -> dict[str, Any]:
    return one(state, f"SELECT * FROM parcels p WHERE hold_reason IS NULL AND {where} ORDER BY parcel_id LIMIT 1")


def test_submit_owner_builder_and_contractor(state: DuckDBState) -> None:
    p = owner_parcel(state, "zoning = 'R-1' AND historic_district AND NOT EXISTS (SELECT 1 FROM applications a "
                            f"WHERE a.parcel_id = p.parcel_id AND a.type_code IN ('DECK', 'ELEC') AND a.status IN "
                            f"{ACTIVE})")
    last = state.db.scalar("SELECT max(application_id) FROM applications")
    out = run(state, "submit_application", applicant_id=p["owner_id"], parcel_id=p["parcel_id"], type_code="DECK",
              valuation=18500)
    assert out["application_id"] == f"APP-{int(last[4:]) + 1}" and out["contractor"] == "owner-builder"
    assert out["amount_due"] == 389.6 and [f["kind"] for f in out["fees"]] == ["plan_review", "historic_review",
                                                                              "permit"]
    row = app(state, out["application_id"])
    assert row["status"] == "submitted" and row["description"] == "Deck or porch" and row["license_id"] is None
    lic = first(state, "SELECT license_id FROM licenses WHERE trade = 'electrical' AND status = 'active' AND "
                       "expires_on > '2027-01-01' ORDER BY 1")
    out = run(state, "submit_application", applicant_id=p["owner_id"], parcel_id=p["parcel_id"], type_code="ELEC",
              valuation=4800, license_id=lic)
    assert out["contractor"] == lic and out["amount_due"] == 70 + 7 * 5
    assert_refused(state, "submit_application", "already has an active Deck or porch application",
                   applicant_id=p["owner_id"], parcel_id=p["parcel_id"], type_code="DECK", valuation=5000)


def test_submit_refusals(state: DuckDBState) -> None:
    p = owner_parcel(state, "zoning = 'R-2' AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.parcel_id = "
                            f"p.parcel_id AND a.status IN {ACTIVE})")
    other = first(state, "SELECT applicant_id FROM applicants WHERE applicant_id <> ? ORDER BY 1", [p["owner_id"]])
    gen = first(state, "SELECT license_id FROM licenses WHERE trade = 'general' AND status = 'active' AND "
                       "expires_on > '2027-01-01' ORDER BY 1")
    args = {"applicant_id": p["owner_id"], "parcel_id": p["parcel_id"]}
    assert_refused(state, "submit_application", "not owned by applicant", applicant_id=other,
                   parcel_id=p["parcel_id"], type_code="FENCE", valuation=5000)
    assert_refused(state, "submit_application", "not allowed in zoning R-2", **args, type_code="POOL",
                   valuation=60000, license_id=gen)
    assert_refused(state, "submit_application", "between \\$500", **args, type_code="FENCE", valuation=10)
    assert_refused(state, "submit_application", "owners cannot build it themselves", **args, type_code="ADU",
                   valuation=90000)
    assert_refused(state, "submit_application", "no permit type", **args, type_code="BARN", valuation=9000)
    assert_refused(state, "submit_application", "no contractor licence", **args, type_code="ELEC", valuation=9000,
                   license_id="LIC-1")
    held = one(state, "SELECT * FROM parcels WHERE hold_reason IS NOT NULL ORDER BY parcel_id LIMIT 1")
    assert_refused(state, "submit_application", "is on hold", applicant_id=held["owner_id"],
                   parcel_id=held["parcel_id"], type_code="FENCE", valuation=5000)
    assert_refused(state, "submit_application", "no parcel with id", applicant_id=p["owner_id"], parcel_id="PCL-9",
                   type_code="FENCE", valuation=5000)


def test_contractor_licence_must_fit(state: DuckDBState) -> None:
    p = owner_parcel(state, "zoning = 'R-1' AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.parcel_id = "
                            f"p.parcel_id AND a.status IN {ACTIVE})")
    args = {"applicant_id": p["owner_id"], "parcel_id": p["parcel_id"], "type_code": "ELEC", "valuation": 5000}
    plumber = first(state, "SELECT license_id FROM licenses WHERE trade = 'plumbing' AND status = 'active' ORDER BY 1")
    assert_refused(state, "submit_application", "is a plumbing licence; this work needs a electrical contractor",
                   **args, license_id=plumber)
    expired = first(state, "SELECT license_id FROM licenses WHERE trade = 'electrical' AND status = 'active' AND "
                           "expires_on < '2026-10-08' ORDER BY 1")
    assert_refused(state, "submit_application", "expired on", **args, license_id=expired)
    suspended = first(state, "SELECT license_id FROM licenses WHERE status = 'suspended' ORDER BY 1")
    trade = first(state, "SELECT trade FROM licenses WHERE license_id = ?", [suspended])
    kind = {"general": "RES-ADD", "electrical": "ELEC", "plumbing": "PLMB", "mechanical": "MECH", "roofing": "ROOF"}
    assert_refused(state, "submit_application", "is suspended", **{**args, "type_code": kind[trade]},
                   license_id=suspended)


# -- fees and issuance --------------------------------------------------------------------------------------

def test_pay_fees_then_issue(state: DuckDBState) -> None:
    a = first(state, "SELECT a.application_id FROM applications a LEFT JOIN licenses l ON l.license_id = a.license_id "
                     "WHERE a.status = 'approved' AND (a.license_id IS NULL OR (l.status = 'active' AND l.expires_on "
                     ">= '2026-10-08')) AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = a.application_id "
                     "AND f.status = 'due') ORDER BY 1")
    assert_refused(state, "issue_permit", "in fees due", application_id=a)
    due = state.db.scalar("SELECT sum(amount) FROM fees WHERE application_id = ? AND status = 'due'", [a])
    paid = run(state, "pay_fees", application_id=a, method="check")
    assert paid["total_paid"] == round(due, 2) and paid["method"] == "check"
    assert state.db.scalar("SELECT count(*) FROM fees WHERE application_id = ? AND status = 'due'", [a]) == 0
    assert_refused(state, "pay_fees", "has no fees due", application_id=a, method="card")
    out = run(state, "issue_permit", application_id=a)
    days = state.db.scalar("SELECT validity_days FROM permit_types t JOIN applications a ON a.type_code = t.type_code "
                           "WHERE a.application_id = ?", [a])
    assert app(state, a)["status"] == "issued" and out["expires_on"] == str(date(2026, 10, 8) + timedelta(days=days))
    assert_refused(state, "issue_permit", "only approved applications", application_id=a)


def test_issue_needs_a_valid_licence(state: DuckDBState) -> None:
    a = first(state, "SELECT a.application_id FROM applications a JOIN licenses l ON l.license_id = a.license_id "
                     "WHERE a.status = 'approved' AND l.expires_on < '2026-10-08' ORDER BY 1")
    if state.db.scalar("SELECT count(*) FROM fees WHERE application_id = ? AND status = 'due'", [a]):
        run(state, "pay_fees", application_id=a, method="ach")
    assert_refused(state, "issue_permit", "expired on .* name a currently licensed contractor", application_id=a)
    row = app(state, a)
    trade = state.db.scalar("SELECT required_trade FROM permit_types WHERE type_code = ?", [row["type_code"]])
    good = first(state, "SELECT license_id FROM licenses WHERE trade = ? AND status = 'active' AND expires_on > "
                        "'2027-01-01' ORDER BY 1", [trade])
    out = run(state, "change_contractor", application_id=a, new_license_id=good)
    assert out["license_id"] == good and app(state, a)["license_id"] == good
    assert_refused(state, "change_contractor", "already is the contractor of record", application_id=a,
                   new_license_id=good)
    assert run(state, "issue_permit", application_id=a)["status"] == "issued"


def test_pay_and_contractor_refusals(state: DuckDBState) -> None:
    finaled = first(state, "SELECT application_id FROM applications WHERE status = 'finaled' ORDER BY 1")
    assert_refused(state, "pay_fees", "takes no payments", application_id=finaled, method="card")
    lic = first(state, "SELECT license_id FROM licenses WHERE status = 'active' ORDER BY 1")
    assert_refused(state, "change_contractor", "the contractor can only change", application_id=finaled,
                   new_license_id=lic)
    owner_built = first(state, "SELECT application_id FROM applications WHERE status = 'submitted' AND license_id IS "
                               "NULL AND type_code = 'DECK' ORDER BY 1")
    gen = first(state, "SELECT license_id FROM licenses WHERE trade = 'general' AND status = 'active' AND expires_on > "
                       "'2027-01-01' ORDER BY 1")
    assert run(state, "change_contractor", application_id=owner_built, new_license_id=gen)["previous_contractor"] \
        == "owner-builder"
    roofer = first(state, "SELECT license_id FROM licenses WHERE trade = 'roofing' AND status = 'active' ORDER BY 1")
    assert_refused(state, "change_contractor", "this work needs a general contractor", application_id=owner_built,
                   new_license_id=roofer)


# -- withdrawal and refunds ---------------------------------------------------------------------------------

def paid_fees(state: DuckDBState, a: str) -> dict[str, float]:
    rows = state.db.query("SELECT kind, amount FROM fees WHERE application_id = ? AND status = 'paid'", [a])
    return {r["kind"]: r["amount"] for r in rows}


def test_refunds_by_stage(state: DuckDBState) -> None:
    sub = first(state, "SELECT application_id FROM applications a WHERE status = 'submitted' AND NOT EXISTS (SELECT 1 "
                       "FROM fees f WHERE f.application_id = a.application_id AND f.status = 'due') ORDER BY 1")
    out = run(state, "withdraw_application", application_id=sub, reason="applied_in_error")
    assert out["refund"] == round(sum(paid_fees(state, sub).values()), 2) and out["stage"] == "submitted"
    assert one(state, "SELECT * FROM refunds WHERE refund_id = ?", [out["refund_id"]])["amount"] == out["refund"]
    review = first(state, "SELECT application_id FROM applications a WHERE status = 'in_review' AND EXISTS (SELECT 1 "
                          "FROM fees f WHERE f.application_id = a.application_id AND f.kind = 'plan_review') AND "
                          "EXISTS (SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND f.kind = "
                          "'permit' AND f.status = 'due') ORDER BY 1")
    out = run(state, "withdraw_application", application_id=review, reason="budget")
    assert out["refund"] == 0 and "refund_id" not in out and out["voided_fees"]
    assert state.db.scalar("SELECT count(*) FROM fees WHERE application_id = ? AND status = 'void'", [review]) == 1
    issued = first(state, "SELECT application_id FROM applications a WHERE status = 'issued' AND NOT EXISTS (SELECT 1 "
                          "FROM inspections i WHERE i.application_id = a.application_id AND i.status IN ('passed', "
                          "'failed')) AND EXISTS (SELECT 1 FROM inspections i WHERE i.application_id = a.application_id "
                          "AND i.status = 'scheduled') ORDER BY 1")
    permit = paid_fees(state, issued)["permit"]
    out = run(state, "withdraw_application", application_id=issued, reason="project_cancelled")
    assert out["refund"] == round(permit * 0.75 + 1e-9, 2)
    assert state.db.scalar("SELECT count(*) FROM inspections WHERE application_id = ? AND status = 'scheduled'",
                           [issued]) == 0
    assert_refused(state, "withdraw_application", "is withdrawn; only submitted", application_id=issued,
                   reason="budget")


def test_withdraw_refusals(state: DuckDBState) -> None:
    inspected = first(state, "SELECT application_id FROM applications a WHERE status = 'issued' AND EXISTS (SELECT 1 "
                             "FROM inspections i WHERE i.application_id = a.application_id AND i.status = 'passed') "
                             "ORDER BY 1")
    assert_refused(state, "withdraw_application", "already has inspection results", application_id=inspected,
                   reason="budget")
    expired = first(state, "SELECT application_id FROM applications WHERE status = 'expired' ORDER BY 1")
    assert_refused(state, "withdraw_application", "is expired", application_id=expired, reason="budget")


# -- inspections --------------------------------------------------------------------------------------------

def test_schedule_in_order(state: DuckDBState) -> None:
    a = clean_issued(state, "a.type_code = 'DECK' AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.application_id "
                            "= a.application_id)")
    assert next_kind(state, a) == "footing"
    assert_refused(state, "schedule_inspection", "needs its footing inspection to pass before framing",
                   application_id=a, inspection_type="framing", inspection_date="2026-10-14", time_window="am")
    assert_refused(state, "schedule_inspection", "has no rough_plumbing inspection", application_id=a,
                   inspection_type="rough_plumbing", inspection_date="2026-10-14", time_window="am")
    last = state.db.scalar("SELECT max(inspection_id) FROM inspections")
    out = run(state, "schedule_inspection", application_id=a, inspection_type="footing",
              inspection_date="2026-10-14", time_window="am")
    assert out["inspection_id"] == f"INS-{int(last[4:]) + 1}" and out["reinspection"] is False
    row = one(state, "SELECT * FROM inspections WHERE inspection_id = ?", [out["inspection_id"]])
    assert row["status"] == "scheduled" and str(row["scheduled_date"]) == "2026-10-14"
    assert_refused(state, "schedule_inspection", "already has the footing inspection", application_id=a,
                   inspection_type="footing", inspection_date="2026-10-15", time_window="am")


def test_schedule_after_a_pass(state: DuckDBState) -> None:
    a = clean_issued(state, "EXISTS (SELECT 1 FROM inspections i WHERE i.application_id = a.application_id AND "
                            "i.status = 'passed' AND i.inspection_type <> 'final')")
    done = first(state, "SELECT inspection_type FROM inspections WHERE application_id = ? AND status = 'passed' "
                        "ORDER BY scheduled_date", [a])
    assert_refused(state, "schedule_inspection", f"the {done} inspection of .* already passed", application_id=a,
                   inspection_type=done, inspection_date="2026-10-14", time_window="pm")


def test_schedule_window_rules(state: DuckDBState) -> None:
    a = clean_issued(state, "a.expires_on > '2026-12-01'")
    kind = next_kind(state, a)
    args = {"application_id": a, "inspection_type": kind, "time_window": "am"}
    assert_refused(state, "schedule_inspection", "city holiday \\(Indigenous Peoples' Day\\)", **args,
                   inspection_date="2026-10-12")
    assert_refused(state, "schedule_inspection", "is a weekend", **args, inspection_date="2026-10-10")
    assert_refused(state, "schedule_inspection", "earliest inspection date .* is 2026-10-09", **args,
                   inspection_date="2026-10-08")
    assert_refused(state, "schedule_inspection", "at most 10 business days ahead, through 2026-10-23", **args,
                   inspection_date="2026-10-26")
    assert_refused(state, "schedule_inspection", "must be a date", **args, inspection_date="next Tuesday")


def test_schedule_after_the_cutoff(late: DuckDBState) -> None:
    a = clean_issued(late)
    assert_refused(late, "schedule_inspection", "earliest inspection date that can be booked now is 2026-10-13",
                   application_id=a, inspection_type=next_kind(late, a), inspection_date="2026-10-09",
                   time_window="pm")


def test_full_window(state: DuckDBState) -> None:
    a = clean_issued(state, "p.district = 'east'")
    kind = next_kind(state, a)
    assert_refused(state, "schedule_inspection", "east district is fully booked on 2026-10-09 in the am window",
                   application_id=a, inspection_type=kind, inspection_date="2026-10-09", time_window="am")
    opening = run(state, "find_inspection_openings", application_id=a)["days"]
    assert opening[0]["am_places_left"] == 0 and opening[0]["pm_places_left"] == 0
    assert run(state, "schedule_inspection", application_id=a, inspection_type=kind, inspection_date="2026-10-13",
               time_window="pm")["inspector"]


def test_inspection_before_expiry(state: DuckDBState) -> None:
    a = first(
        state, "SELECT a.application_id FROM applications a LEFT JOIN licenses l ON l.license_id = a.license_id WHERE "
               "a.status = 'issued' AND a.expires_on BETWEEN '2026-10-09' AND '2026-10-16' AND (a.license_id IS NULL "
               "OR (l.status = 'active' AND l.expires_on >= '2026-10-08')) AND NOT EXISTS (SELECT 1 FROM fees f WHERE "
               "f.application_id = a.application_id AND f.status = 'due') AND NOT EXISTS (SELECT 1 FROM inspections i "
               "WHERE i.application_id = a.application_id AND i.status = 'scheduled') ORDER BY 1")
    assert_refused(state, "schedule_inspection", "an inspection must be on or before that day", application_id=a,
                   inspection_type=next_kind(state, a), inspection_date="2026-10-22", time_window="am")


def test_reinspection_fee_blocks_booking(state: DuckDBState) -> None:
    a = first(state, "SELECT a.application_id FROM applications a LEFT JOIN licenses l ON l.license_id = a.license_id "
                     "WHERE a.status = 'issued' AND a.expires_on > '2026-10-31' AND (a.license_id IS NULL OR "
                     "(l.status = 'active' AND l.expires_on >= '2026-10-08')) AND EXISTS (SELECT 1 FROM fees f WHERE "
                     "f.application_id = a.application_id AND f.kind = 'reinspection' AND f.status = 'due') AND NOT "
                     "EXISTS (SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND f.kind <> "
                     "'reinspection' AND f.status = 'due') AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.application_id = a.application_id AND i.status = "
                     "'scheduled') ORDER BY 1")
    kind = next_kind(state, a)
    assert_refused(state, "schedule_inspection", "\\$95.00 due \\(reinspection\\)", application_id=a,
                   inspection_type=kind, inspection_date="2026-10-15", time_window="pm")
    assert run(state, "pay_fees", application_id=a, method="card")["total_paid"] == 95.0
    out = run(state, "schedule_inspection", application_id=a, inspection_type=kind, inspection_date="2026-10-15",
              time_window="pm")
    assert out["reinspection"] is True


def test_lapsed_contractor_blocks_booking(state: DuckDBState) -> None:
    a = first(state, "SELECT a.application_id FROM applications a JOIN licenses l ON l.license_id = a.license_id "
                     "WHERE a.status = 'issued' AND l.expires_on < '2026-10-08' AND NOT EXISTS (SELECT 1 FROM fees f "
                     "WHERE f.application_id = a.application_id AND f.status = 'due') AND NOT EXISTS (SELECT 1 FROM "
                     "inspections i WHERE i.application_id = a.application_id AND i.status = 'scheduled') ORDER BY 1")
    assert_refused(state, "schedule_inspection", "cannot be used to book inspections", application_id=a,
                   inspection_type=next_kind(state, a), inspection_date="2026-10-15", time_window="am")


def test_not_issued_or_expired(state: DuckDBState, monday: DuckDBState) -> None:
    approved = first(state, "SELECT application_id FROM applications WHERE status = 'approved' ORDER BY 1")
    assert_refused(state, "schedule_inspection", "only issued permits can be inspected", application_id=approved,
                   inspection_type="final", inspection_date="2026-10-15", time_window="am")
    assert_refused(state, "request_extension", "only issued permits can be extended", application_id=approved)
    gone = first(monday, "SELECT application_id FROM applications WHERE status = 'issued' AND expires_on < "
                         "'2026-10-13' ORDER BY 1")
    assert_refused(monday, "request_extension", "expired on", application_id=gone)
    assert_refused(monday, "schedule_inspection", "expired on", application_id=gone, inspection_type="final",
                   inspection_date="2026-10-15", time_window="am")


def booked(state: DuckDBState, day_sql: str) -> dict[str, Any]:
    return one(state, "SELECT i.* FROM inspections i JOIN applications a ON a.application_id = i.application_id "
                      f"WHERE i.status = 'scheduled' AND a.expires_on > '2026-10-31' AND {day_sql} "
                      "ORDER BY i.inspection_id LIMIT 1")


def test_move_and_cancel(state: DuckDBState) -> None:
    ins = booked(state, "i.scheduled_date BETWEEN '2026-10-14' AND '2026-10-16'")
    assert_refused(state, "reschedule_inspection", "already is on", inspection_id=ins["inspection_id"],
                   new_date=str(ins["scheduled_date"]), time_window=ins["time_window"])
    assert_refused(state, "reschedule_inspection", "is a weekend", inspection_id=ins["inspection_id"],
                   new_date="2026-10-17", time_window="am")
    out = run(state, "reschedule_inspection", inspection_id=ins["inspection_id"], new_date="2026-10-20",
              time_window="pm")
    assert out["scheduled_date"] == "2026-10-20"
    row = one(state, "SELECT * FROM inspections WHERE inspection_id = ?", [ins["inspection_id"]])
    assert str(row["scheduled_date"]) == "2026-10-20" and row["time_window"] == "pm"
    out = run(state, "cancel_inspection", inspection_id=ins["inspection_id"], reason="weather")
    assert out["status"] == "cancelled"
    assert_refused(state, "cancel_inspection", "is cancelled; only scheduled", inspection_id=ins["inspection_id"],
                   reason="weather")
    assert_refused(state, "cancel_inspection", "no inspection with id", inspection_id="INS-1", reason="weather")


def test_cutoff(state: DuckDBState, late: DuckDBState) -> None:
    today = booked(state, "i.scheduled_date = '2026-10-08'")
    assert_refused(state, "cancel_inspection", "changes close at 2026-10-07 15:00", inspection_id=today[
        "inspection_id"], reason="not_ready")
    assert_refused(state, "reschedule_inspection", "can no longer be moved", inspection_id=today["inspection_id"],
                   new_date="2026-10-15", time_window="am")
    tomorrow = booked(state, "i.scheduled_date = '2026-10-09'")
    assert run(state, "cancel_inspection", inspection_id=tomorrow["inspection_id"], reason="owner_unavailable")
    assert_refused(late, "cancel_inspection", "changes close at 2026-10-08 15:00",
                   inspection_id=tomorrow["inspection_id"], reason="owner_unavailable")


def test_move_into_a_full_window(state: DuckDBState) -> None:
    east = one(state, "SELECT i.* FROM inspections i JOIN applications a ON a.application_id = i.application_id JOIN "
                      "parcels p ON p.parcel_id = a.parcel_id WHERE i.status = 'scheduled' AND p.district = 'east' AND "
                      "i.scheduled_date = '2026-10-09' AND i.time_window = 'pm' ORDER BY 1 LIMIT 1")
    assert_refused(state, "reschedule_inspection", "fully booked on 2026-10-09 in the am window",
                   inspection_id=east["inspection_id"], new_date="2026-10-09", time_window="am")


# -- extensions ---------------------------------------------------------------------------------------------

def test_extension(state: DuckDBState) -> None:
    a = one(state, "SELECT a.*, t.max_extensions FROM applications a JOIN permit_types t ON t.type_code = a.type_code "
                   "WHERE a.status = 'issued' AND a.expires_on BETWEEN '2026-10-09' AND '2026-11-07' AND "
                   "a.extensions_used < t.max_extensions ORDER BY a.application_id LIMIT 1")
    permit = state.db.scalar("SELECT amount FROM fees WHERE application_id = ? AND kind = 'permit'",
                             [a["application_id"]])
    out = run(state, "request_extension", application_id=a["application_id"])
    assert out["extension_fee"] == max(50.0, round(permit * 0.1 + 1e-9, 2))
    assert out["extensions_used"] == a["extensions_used"] + 1
    row = app(state, a["application_id"])
    assert str(row["expires_on"]) == out["expires_on"]
    fee = one(state, "SELECT * FROM fees WHERE fee_id = ?", [out["fee_id"]])
    assert fee["status"] == "due" and fee["kind"] == "extension"
    assert_refused(state, "request_extension", "extensions can be requested only in the last 30 days|extensions "
                   "allowed", application_id=a["application_id"])
    early = first(state, "SELECT a.application_id FROM applications a JOIN permit_types t ON t.type_code = a.type_code "
                         "WHERE a.status = 'issued' AND a.expires_on > '2026-12-01' AND a.extensions_used < "
                         "t.max_extensions ORDER BY 1")
    assert_refused(state, "request_extension", "extensions can be requested only in the last 30 days",
                   application_id=early)


def test_extension_limit(state: DuckDBState) -> None:
    a = first(state, "SELECT a.application_id FROM applications a JOIN permit_types t ON t.type_code = a.type_code "
                     "WHERE a.status = 'issued' AND a.extensions_used >= t.max_extensions ORDER BY 1")
    assert_refused(state, "request_extension", "extensions allowed for a", application_id=a)
