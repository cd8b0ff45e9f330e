"""The recruiting environment's own checks: schemas, seed determinism and rules, task replay, and every refusal."""

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


def value(state: DuckDBState, sql: str, params: list[Any] | None = None) -> Any:
    return next(iter(one(state, sql, params).values()))


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures
#: (outputs unchecked: many are sums and dates the agent works out from the results).
TestStructure = ENV.standard_tests(compact_share=0.5, min_reads=5, every_table_filled=True, min_tasks=60, min_read_tasks=10,
                                   min_single_write_tasks=10, min_multi_write_tasks=10,
                                   check_outputs=False)


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "human resources"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('2026-04-14 09:00', '90 days', '7 days', 'midpoint', 'weekly capacity', 'strong_no', '10%', 'at most 3 active'):
        assert fact in policy, fact


def test_flagship_tasks() -> None:
    flagship = [t for t in ENV.tasks if "querygen" not in t.tags]
    assert 20 <= len(flagship) <= 30
    assert sum(bool(t.user_facts) for t in flagship) >= 8 and sum(bool(t.forbidden_calls) for t in flagship) >= 2


def test_querygen_identifies_by_email() -> None:
    from envfactory_gym.querygen.spec import load_declarations

    spec = load_declarations(ENV.root)
    assert spec.user.facts["email"].keywords and "find_candidate" in spec.tools


def test_seed_size(state: DuckDBState) -> None:
    counts = {t: state.db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables}
    assert sum(counts.values()) >= 500 and all(counts.values())
    stages = {r["stage"] for r in state.db.query("SELECT DISTINCT stage FROM applications")}
    assert stages == {"applied", "screen", "interview", "offer", "hired", "rejected", "withdrawn"}
    statuses = {r["status"] for r in state.db.query("SELECT DISTINCT status FROM requisitions")}
    assert statuses == {"open", "on_hold", "filled", "closed"}


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    q = state.db.query
    over = q("SELECT v.interviewer_id, date_trunc('week', v.starts_at) AS w, count(*) AS n, any_value(i.weekly_capacity) "
             "AS cap FROM interviews v JOIN interviewers i ON i.employee_id = v.interviewer_id WHERE v.status IN "
             "('scheduled', 'completed') GROUP BY ALL HAVING n > cap")
    assert over == []
    unqualified = q("SELECT v.interview_id FROM interviews v WHERE NOT EXISTS (SELECT 1 FROM "
                    "interviewer_qualifications q WHERE q.employee_id = v.interviewer_id AND q.interview_type = "
                    "v.interview_type)")
    assert unqualified == []
    assert q("SELECT o.offer_id FROM offers o JOIN applications a USING (application_id) JOIN requisitions r "
             "USING (req_id) WHERE o.base_salary NOT BETWEEN r.salary_min AND r.salary_max") == []
    assert q("SELECT o.offer_id FROM offers o JOIN applications a USING (application_id) JOIN requisitions r "
             "USING (req_id) WHERE o.status <> 'pending_approval' AND o.base_salary > (r.salary_min + r.salary_max) "
             "/ 2 AND o.approved_by IS DISTINCT FROM r.approver_id") == []
    assert q("SELECT offer_id FROM offers WHERE extended_at IS NOT NULL AND expires_on <> CAST(extended_at AS DATE) "
             "+ 7") == []
    assert q("SELECT r.req_id FROM requisitions r WHERE hires <> (SELECT count(*) FROM applications a WHERE "
             "a.req_id = r.req_id AND a.stage = 'hired') OR hires > headcount OR (status = 'filled' AND hires < "
             "headcount) OR (status IN ('open', 'on_hold') AND hires >= headcount)") == []
    assert q("SELECT slot_id FROM interview_slots s WHERE (status = 'booked') <> EXISTS (SELECT 1 FROM interviews v "
             "WHERE v.slot_id = s.slot_id AND v.status <> 'cancelled')") == []
    assert q("SELECT candidate_id FROM applications WHERE stage NOT IN ('hired', 'rejected', 'withdrawn') "
             "GROUP BY ALL HAVING count(*) > 3") == []
    future = q("SELECT count(*) AS n FROM interviews WHERE status = 'scheduled' AND starts_at > "
               "TIMESTAMP '2026-04-14 09:00'")[0]["n"]
    awaiting = q("SELECT count(*) AS n FROM interviews WHERE status = 'scheduled' AND starts_at < "
                 "TIMESTAMP '2026-04-14 09:00'")[0]["n"]
    assert future >= 20 and awaiting >= 10


# -- reads ----------------------------------------------------------------------------------------------------

def test_find_candidate_and_profile(state: DuckDBState) -> None:
    found = run(state, "find_candidate", first_name="dan", last_name="SMITH", email=" Dan.Smith52@example.org ")
    assert found == {"candidate_id": "CAN-50081", "first_name": "Dan", "last_name": "Smith"}
    assert_refused(state, "find_candidate", "no candidate named", first_name="Dan", last_name="Smyth",
                   email="dan.smith52@example.org")
    profile = run(state, "get_candidate_profile", candidate_id="can-50081")
    assert profile["active_applications"] == 0
    assert profile["applications"][0]["reapply_from"] == "2026-05-08"
    assert_refused(state, "get_candidate_profile", "no candidate with id", candidate_id="CAN-1")


def test_get_application_shows_interviews_and_expired_offers(state: DuckDBState) -> None:
    app = run(state, "get_application", application_id="APP-70187")
    assert app["stage"] == "offer" and app["next_stage"] == "hired" and app["candidate_name"] == "Tabitha Myers"
    assert [o["status"] for o in app["offers"]] == ["expired"] and app["offers"][0]["expires_on"] == "2026-04-04"
    closed = run(state, "get_application", application_id="APP-70113")
    assert closed["stage"] == "rejected" and closed["next_stage"] is None
    assert_refused(state, "get_application", "no application", application_id="APP-1")


def test_search_and_get_requisition(state: DuckDBState) -> None:
    found = run(state, "search_requisitions", keyword="Engineer", location="raleigh", status="open")
    assert found and all(r["location"] == "Raleigh" and r["status"] == "open" for r in found)
    assert {r["req_id"] for r in run(state, "search_requisitions", keyword="data engineer")} >= {"REQ-2009"}
    assert_refused(state, "search_requisitions", "word of the job title", keyword=" x ")
    req = run(state, "get_requisition", req_id="REQ-2009")
    assert req["salary_midpoint"] == 145000.0 and req["approver"] == "Jessica White"
    assert all(p["stage"] not in ("hired", "rejected", "withdrawn") for p in req["pipeline"])
    assert_refused(state, "get_requisition", "no requisition", req_id="REQ-9")


def test_find_interview_slots_shows_capacity(state: DuckDBState) -> None:
    slots = run(state, "find_interview_slots", interview_type="technical", from_date="2026-04-20")["slots"]
    assert slots[0]["interviewer_name"] == "Timothy Sullivan" and slots[0]["capacity_left"] == 0
    assert slots[1]["slot_id"] == "SLOT-30765" and slots[1]["capacity_left"] == 3
    assert all(s["starts_at"] >= "2026-04-20" for s in slots)
    soon = run(state, "find_interview_slots", interview_type="screen")["slots"]
    assert soon and all(s["starts_at"] > "2026-04-14T09:00" for s in soon)
    assert_refused(state, "find_interview_slots", "must be a date", interview_type="screen", from_date="next week")


def test_find_interview_slots_pages(state: DuckDBState) -> None:
    # 16 April has more than one page of technical slots: the later ones are reached with next_offset.
    first = run(state, "find_interview_slots", interview_type="technical", from_date="2026-04-16")
    assert len(first["slots"]) == 15 and first["next_offset"] == 15
    second = run(state, "find_interview_slots", interview_type="technical", from_date="2026-04-16", offset=15)
    assert second["slots"] and not {s["slot_id"] for s in first["slots"]} & {s["slot_id"] for s in second["slots"]}
    assert second["slots"][0]["starts_at"] >= first["slots"][-1]["starts_at"]
    assert len(str(first)) < 4000
    assert_refused(state, "find_interview_slots", "offset must be", interview_type="technical", offset=-1)


def test_employee_and_referrals(state: DuckDBState) -> None:
    emp = run(state, "find_employee", work_email="GARY.RODRIGUEZ@larkspur.io")
    assert emp["employee_id"] == "E-1051" and emp["status"] == "active"
    assert_refused(state, "find_employee", "no employee", work_email="nobody@larkspur.io")
    refs = run(state, "list_employee_referrals", employee_id="E-1051")["referrals"]
    miranda = next(r for r in refs if r["candidate_name"] == "Miranda Miller")
    assert miranda["bonus_eligible_on"] == "2026-04-23" and miranda["bonus_amount"] == 2500.0
    assert_refused(state, "list_employee_referrals", "no employee", employee_id="E-9")


# -- applications -----------------------------------------------------------------------------------------------

def test_submit_application_and_its_refusals(state: DuckDBState) -> None:
    new = run(state, "submit_application", candidate_id="CAN-50300", req_id="REQ-2016", source="career_site")
    assert new["application_id"] == "APP-70400" and new["stage"] == "applied"
    assert_refused(state, "submit_application", "already has application", candidate_id="CAN-50300",
                   req_id="REQ-2016", source="linkedin")
    assert_refused(state, "submit_application", "re-apply from 2026-05-23", candidate_id="CAN-50190",
                   req_id="REQ-2028", source="linkedin")
    assert_refused(state, "submit_application", "3 active applications", candidate_id="CAN-50009",
                   req_id="REQ-2026", source="linkedin")
    assert_refused(state, "submit_application", "is on hold", candidate_id="CAN-50081", req_id="REQ-2037",
                   source="event")
    assert_refused(state, "submit_application", "is closed", candidate_id="CAN-50081", req_id="REQ-2015",
                   source="event")
    assert_refused(state, "submit_application", "no candidate", candidate_id="CAN-1", req_id="REQ-2016",
                   source="event")


def test_advance_in_order(state: DuckDBState) -> None:
    applied = value(state, "SELECT a.application_id FROM applications a JOIN requisitions r USING (req_id) "
                           "WHERE a.stage = 'applied' AND r.status = 'open' ORDER BY 1 LIMIT 1")
    assert_refused(state, "advance_application_stage", "one at a time", application_id=applied, to_stage="interview")
    moved = run(state, "advance_application_stage", application_id=applied, to_stage="screen")
    assert moved == {"application_id": applied, "stage": "screen", "previous_stage": "applied"}
    assert_refused(state, "advance_application_stage", "never move back", application_id=applied, to_stage="screen")
    assert_refused(state, "advance_application_stage", "no passed recruiter screen", application_id=applied,
                   to_stage="interview")


def test_advance_gates(state: DuckDBState) -> None:
    assert_refused(state, "advance_application_stage", "strong_no", application_id="APP-70117", to_stage="offer")
    one_panel = value(state, "SELECT a.application_id FROM applications a JOIN requisitions r USING (req_id) WHERE "
                             "a.stage = 'interview' AND r.status = 'open' AND (SELECT count(*) FROM interviews i WHERE "
                             "i.application_id = a.application_id AND i.status = 'completed' AND i.interview_type <> "
                             "'screen') < 2 ORDER BY 1 LIMIT 1")
    assert_refused(state, "advance_application_stage", "completed panel", application_id=one_panel, to_stage="offer")
    assert_refused(state, "advance_application_stage", "no accepted offer", application_id="APP-70136",
                   to_stage="hired")
    assert_refused(state, "advance_application_stage", "is on hold", application_id="APP-70104", to_stage="hired")
    assert_refused(state, "advance_application_stage", "is filled", application_id="APP-70015", to_stage="hired")
    assert_refused(state, "advance_application_stage", "closed applications cannot move", application_id="APP-70113",
                   to_stage="screen")


def test_screen_passed_moves_to_interview_and_panel_to_offer(state: DuckDBState) -> None:
    run(state, "record_interview_feedback", interview_id="INT-40500", recommendation="yes")
    assert run(state, "advance_application_stage", application_id="APP-70273", to_stage="interview")["stage"] == \
        "interview"
    ready = value(state, "SELECT a.application_id FROM applications a JOIN requisitions r USING (req_id) WHERE "
                         "a.stage = 'interview' AND r.status = 'open' AND (SELECT count(*) FROM interviews i WHERE "
                         "i.application_id = a.application_id AND i.status = 'completed' AND i.interview_type <> "
                         "'screen') >= 2 AND NOT EXISTS (SELECT 1 FROM interviews i WHERE i.application_id = "
                         "a.application_id AND i.recommendation = 'strong_no') ORDER BY 1 LIMIT 1")
    assert run(state, "advance_application_stage", application_id=ready, to_stage="offer")["stage"] == "offer"


def test_hire_fills_the_requisition_and_the_referral(state: DuckDBState) -> None:
    run(state, "record_offer_response", offer_id="OFR-9010", response="accepted")
    hired = run(state, "advance_application_stage", application_id="APP-70090", to_stage="hired")
    assert hired["requisition_status"] == "filled" and hired["start_date"] == "2026-05-14"
    req = one(state, "SELECT * FROM requisitions WHERE req_id = 'REQ-2010'")
    assert req["hires"] == 1 and req["status"] == "filled" and req["closed_on"] == "2026-04-14"
    referred = one(state, "SELECT a.application_id, a.referral_id, o.offer_id, o.start_date FROM applications a JOIN "
                          "offers o USING (application_id) WHERE a.application_id = 'APP-70093'")
    assert referred["referral_id"] and run(state, "extend_offer", offer_id=referred["offer_id"])["status"] == "extended"
    run(state, "record_offer_response", offer_id=referred["offer_id"], response="accepted")
    run(state, "advance_application_stage", application_id=referred["application_id"], to_stage="hired")
    ref = one(state, "SELECT status, bonus_eligible_on FROM referrals WHERE referral_id = ?", [referred["referral_id"]])
    assert ref["status"] == "hired" and ref["bonus_eligible_on"] > referred["start_date"]


def test_reject_cancels_upcoming_interviews(state: DuckDBState) -> None:
    out = run(state, "reject_application", application_id="APP-70248", reason="skills_gap")
    assert out["stage"] == "rejected" and out["reapply_from"] == "2026-07-13"
    assert state.db.scalar("SELECT count(*) FROM interviews WHERE application_id = 'APP-70248' AND status = "
                           "'scheduled' AND starts_at > TIMESTAMP '2026-04-14 09:00'") == 0
    assert out["cancelled_interviews"] == state.db.scalar(
        "SELECT count(*) FROM interviews WHERE application_id = 'APP-70248' AND cancel_reason = 'application_closed'")
    pending = run(state, "reject_application", application_id="APP-70108", reason="salary_expectations")
    assert pending["ended_offers"] == [{"offer_id": "OFR-9030", "status": "rescinded"}]
    assert_refused(state, "reject_application", "holds offer OFR-9017", application_id="APP-70173",
                   reason="failed_interviews")
    assert_refused(state, "reject_application", "closed applications", application_id="APP-70248",
                   reason="skills_gap")


def test_withdraw_ends_offers_as_declined(state: DuckDBState) -> None:
    out = run(state, "withdraw_application", application_id="APP-70173", reason="accepted_other_offer")
    assert out["ended_offers"] == [{"offer_id": "OFR-9017", "status": "declined"}]
    assert one(state, "SELECT responded_at FROM offers WHERE offer_id = 'OFR-9017'")["responded_at"].startswith(
        "2026-04-14")
    assert_refused(state, "withdraw_application", "closed applications", application_id="APP-70173",
                   reason="personal")


# -- interviews -------------------------------------------------------------------------------------------------

def test_schedule_interview(state: DuckDBState) -> None:
    booked = run(state, "schedule_interview", application_id="APP-70105", slot_id="SLOT-30765",
                 interview_type="portfolio")
    assert booked["interview_id"] == "INT-40570" and booked["interviewer"] == "Amy Miranda"
    assert value(state, "SELECT status FROM interview_slots WHERE slot_id = 'SLOT-30765'") == "booked"
    assert_refused(state, "schedule_interview", "already has a portfolio", application_id="APP-70105",
                   slot_id="SLOT-30773", interview_type="portfolio")
    assert_refused(state, "schedule_interview", "already booked", application_id="APP-70111",
                   slot_id="SLOT-30765", interview_type="portfolio")


def test_schedule_interview_refusals(state: DuckDBState) -> None:
    assert_refused(state, "schedule_interview", "weekly capacity 3", application_id="APP-70105",
                   slot_id="SLOT-30762", interview_type="technical")
    assert_refused(state, "schedule_interview", "not qualified for screen", application_id="APP-70181",
                   slot_id="SLOT-30765", interview_type="screen")
    assert_refused(state, "schedule_interview", "for applications in the screen stage", application_id="APP-70105",
                   slot_id="SLOT-30765", interview_type="screen")
    past = value(state, "SELECT slot_id FROM interview_slots s JOIN interviewer_qualifications q ON q.employee_id = "
                        "s.interviewer_id AND q.interview_type = 'portfolio' WHERE s.status = 'open' AND s.starts_at "
                        "< TIMESTAMP '2026-04-14 09:00' ORDER BY 1 LIMIT 1")
    assert_refused(state, "schedule_interview", "has already passed", application_id="APP-70105", slot_id=past,
                   interview_type="portfolio")
    assert_refused(state, "schedule_interview", "is on hold", application_id="APP-70104", slot_id="SLOT-30765",
                   interview_type="portfolio")
    assert_refused(state, "schedule_interview", "closed applications", application_id="APP-70113",
                   slot_id="SLOT-30765", interview_type="portfolio")
    assert_refused(state, "schedule_interview", "no slot", application_id="APP-70105", slot_id="SLOT-1",
                   interview_type="portfolio")


def test_cancel_interview(state: DuckDBState) -> None:
    out = run(state, "cancel_interview", interview_id="INT-40517", reason="candidate_request")
    assert out == {"interview_id": "INT-40517", "status": "cancelled", "slot_id": "SLOT-30710", "slot_status": "open"}
    assert_refused(state, "cancel_interview", "only scheduled interviews", interview_id="INT-40517",
                   reason="rescheduling")
    assert_refused(state, "cancel_interview", "record its feedback", interview_id="INT-40501",
                   reason="rescheduling")
    assert_refused(state, "cancel_interview", "no interview", interview_id="INT-1", reason="rescheduling")


def test_record_interview_feedback(state: DuckDBState) -> None:
    out = run(state, "record_interview_feedback", interview_id="INT-40501", recommendation="strong_yes")
    assert out["status"] == "completed" and out["recommendation"] == "strong_yes"
    assert_refused(state, "record_interview_feedback", "feedback is recorded once", interview_id="INT-40501",
                   recommendation="no")
    assert_refused(state, "record_interview_feedback", "has not taken place yet", interview_id="INT-40517",
                   recommendation="yes")


# -- offers -----------------------------------------------------------------------------------------------------

def test_draft_offer_below_and_above_midpoint(state: DuckDBState) -> None:
    low = run(state, "draft_offer", application_id="APP-70140", base_salary=112000, start_date="2026-05-18",
              signing_bonus=5000)
    assert low["status"] == "approved" and low["salary_midpoint"] == 115000.0 and low["approver"] is None
    high = run(state, "draft_offer", application_id="APP-70136", base_salary=152000, start_date="2026-06-01")
    assert high["status"] == "pending_approval" and high["approver"] == "Alicia Flynn"
    renewed = run(state, "draft_offer", application_id="APP-70187", base_salary=100000, start_date="2026-05-04")
    assert renewed["status"] == "approved"  # the earlier offer expired


def test_draft_offer_refusals(state: DuckDBState) -> None:
    assert_refused(state, "draft_offer", "outside the band", application_id="APP-70140", base_salary=150000,
                   start_date="2026-05-18")
    assert_refused(state, "draft_offer", "10% of the base salary", application_id="APP-70140", base_salary=110000,
                   start_date="2026-05-18", signing_bonus=12000)
    assert_refused(state, "draft_offer", "between 2026-04-28 and 2026-08-12", application_id="APP-70140",
                   base_salary=110000, start_date="2026-04-20")
    assert_refused(state, "draft_offer", "must be a date", application_id="APP-70140", base_salary=110000,
                   start_date="May 18")
    assert_refused(state, "draft_offer", "already has offer OFR-9026", application_id="APP-70150",
                   base_salary=100000, start_date="2026-05-18")
    assert_refused(state, "draft_offer", "only in the offer stage", application_id="APP-70117", base_salary=150000,
                   start_date="2026-05-18")
    assert_refused(state, "draft_offer", "is on hold", application_id="APP-70104", base_salary=98000,
                   start_date="2026-06-01")
    assert_refused(state, "draft_offer", "is filled", application_id="APP-70015", base_salary=110000,
                   start_date="2026-05-26")
    assert_refused(state, "draft_offer", "closed applications", application_id="APP-70113", base_salary=110000,
                   start_date="2026-05-26")


def test_approve_and_extend(state: DuckDBState) -> None:
    assert_refused(state, "extend_offer", "still needs approval", offer_id="OFR-9030")
    assert_refused(state, "approve_offer", "approved by William Oliver", offer_id="OFR-9030", approver_id="E-1013")
    approved = run(state, "approve_offer", offer_id="OFR-9030", approver_id="E-1012")
    assert approved == {"offer_id": "OFR-9030", "status": "approved", "approved_by": "William Oliver"}
    assert_refused(state, "approve_offer", "only offers pending approval", offer_id="OFR-9030", approver_id="E-1012")
    extended = run(state, "extend_offer", offer_id="OFR-9030")
    assert extended["expires_on"] == "2026-04-21" and extended["status"] == "extended"
    assert_refused(state, "extend_offer", "only approved offers", offer_id="OFR-9030")
    assert_refused(state, "approve_offer", "no employee", offer_id="OFR-9032", approver_id="E-9")
    assert_refused(state, "approve_offer", "no offer", offer_id="OFR-1", approver_id="E-1012")


def test_extend_refused_when_requisition_not_open(state: DuckDBState) -> None:
    run(state, "change_requisition_status", req_id="REQ-2014", status="on_hold")
    assert_refused(state, "extend_offer", "is on hold", offer_id="OFR-9026")


def test_record_offer_response(state: DuckDBState) -> None:
    assert run(state, "record_offer_response", offer_id="OFR-9016", response="declined")["status"] == "declined"
    assert_refused(state, "record_offer_response", "expired on 2026-04-04", offer_id="OFR-9018", response="accepted")
    assert_refused(state, "record_offer_response", "only extended offers", offer_id="OFR-9016", response="accepted")


# -- requisitions -----------------------------------------------------------------------------------------------

def test_hold_reopen_and_close(state: DuckDBState) -> None:
    assert run(state, "change_requisition_status", req_id="REQ-2025", status="on_hold")["status"] == "on_hold"
    assert_refused(state, "change_requisition_status", "already on_hold", req_id="REQ-2025", status="on_hold")
    assert run(state, "change_requisition_status", req_id="REQ-2025", status="open")["previous_status"] == "on_hold"
    active = state.db.scalar("SELECT count(*) FROM applications WHERE req_id = 'REQ-2005' AND stage NOT IN "
                             "('hired', 'rejected', 'withdrawn')")
    closed = run(state, "change_requisition_status", req_id="REQ-2005", status="closed")
    assert closed["rejected_applications"] == active == 8
    assert state.db.scalar("SELECT count(*) FROM applications WHERE req_id = 'REQ-2005' AND closed_reason = "
                           "'position_closed'") == active
    assert_refused(state, "change_requisition_status", "cannot be reopened", req_id="REQ-2005", status="open")


def test_change_status_refusals(state: DuckDBState) -> None:
    assert_refused(state, "change_requisition_status", "raise its headcount", req_id="REQ-2017", status="open")
    assert_refused(state, "change_requisition_status", "holds an extended or accepted offer", req_id="REQ-2035",
                   status="closed")


def test_headcount(state: DuckDBState) -> None:
    reopened = run(state, "change_requisition_headcount", req_id="REQ-2017", headcount=2)
    assert reopened["status"] == "open" and reopened["previous_headcount"] == 1
    assert run(state, "change_requisition_headcount", req_id="REQ-2017", headcount=1)["status"] == "filled"
    assert_refused(state, "change_requisition_headcount", "already has a headcount of 1", req_id="REQ-2017",
                   headcount=1)
    assert_refused(state, "change_requisition_headcount", "already hired 2", req_id="REQ-2001", headcount=1)
    assert_refused(state, "change_requisition_headcount", "between 1 and 20", req_id="REQ-2001", headcount=25)
    assert_refused(state, "change_requisition_headcount", "is closed", req_id="REQ-2015", headcount=2)


# -- referrals --------------------------------------------------------------------------------------------------

def test_log_referral(state: DuckDBState) -> None:
    out = run(state, "log_referral", referrer_employee_id="E-1034", candidate_id="CAN-50254", req_id="REQ-2005")
    assert out["status"] == "submitted"
    app = one(state, "SELECT * FROM applications WHERE application_id = ?", [out["application_id"]])
    assert app["source"] == "referral" and app["referral_id"] == out["referral_id"] and app["stage"] == "applied"
    assert_refused(state, "log_referral", "already referred", referrer_employee_id="E-1035", candidate_id="CAN-50254",
                   req_id="REQ-2005")


def test_log_referral_refusals(state: DuckDBState) -> None:
    assert_refused(state, "log_referral", "is terminated", referrer_employee_id="E-1086", candidate_id="CAN-50254",
                   req_id="REQ-2005")
    assert_refused(state, "log_referral", "on the hiring team", referrer_employee_id="E-1007",
                   candidate_id="CAN-50254", req_id="REQ-2005")
    assert_refused(state, "log_referral", "re-apply from", referrer_employee_id="E-1034", candidate_id="CAN-50190",
                   req_id="REQ-2028")


def test_pay_referral_bonus(state: DuckDBState) -> None:
    paid = run(state, "pay_referral_bonus", referral_id="REF-6011")
    assert paid == {"referral_id": "REF-6011", "status": "paid", "bonus_amount": 1500.0, "referrer": "Linda Higgins"}
    assert_refused(state, "pay_referral_bonus", "already paid on 2026-04-14", referral_id="REF-6011")
    assert_refused(state, "pay_referral_bonus", "probation ends on 2026-04-23", referral_id="REF-6009")
    assert_refused(state, "pay_referral_bonus", "no longer works at Larkspur", referral_id="REF-6003")
    submitted = value(state, "SELECT referral_id FROM referrals WHERE status = 'submitted' ORDER BY 1 LIMIT 1")
    assert_refused(state, "pay_referral_bonus", "only for hired candidates", referral_id=submitted)
    assert_refused(state, "pay_referral_bonus", "no referral", referral_id="REF-1")


def test_new_ids_continue_the_numbering(state: DuckDBState) -> None:
    last = state.db.scalar("SELECT max(offer_id) FROM offers")
    out = run(state, "draft_offer", application_id="APP-70140", base_salary=100000, start_date="2026-05-18")
    assert out["offer_id"] == f"OFR-{int(last[4:]) + 1}"
