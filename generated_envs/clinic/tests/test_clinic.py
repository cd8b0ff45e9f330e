"""The clinic environment's own checks: tool schemas, seed determinism and consistency, task replay, business rules."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import ToolError
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
later = ENV.state_fixture(now="2026-04-14T10:30:00")  # the same seed an hour and a half later
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)


NOW = "2026-04-14T09:00:00"


ACTIVE = "('booked', 'checked_in')"
SLOT_ROOM = ("(SELECT count(*) FROM appointments x WHERE x.slot_id = s.slot_id AND x.status IN "
             "('booked', 'checked_in'))")


def balance(state: DuckDBState, patient_id: str) -> float:
    return state.db.scalar("SELECT coalesce(sum(amount), 0) FROM charges WHERE patient_id = ? AND status = 'open'",
                           [patient_id])


def free_patient(state: DuckDBState, extra: str = "TRUE", params: list[Any] | None = None) -> dict[str, Any]:
    """A patient who may book: current coverage, balance under $100, a primary care clinician, nothing booked."""
    return one(state, "SELECT p.* FROM patients p WHERE p.coverage_end IS NULL AND p.primary_clinician_id IS NOT NULL "
                      "AND (SELECT coalesce(sum(amount), 0) FROM charges c WHERE c.patient_id = p.patient_id AND "
                      "c.status = 'open') < 100 AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.patient_id = "
                      f"p.patient_id AND a.status IN {ACTIVE}) AND {extra} ORDER BY p.patient_id LIMIT 1", params)


def open_slot(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, "SELECT s.*, c.specialty, c.accepting_new_patients FROM slots s JOIN clinicians c "
                      f"ON c.clinician_id = s.clinician_id WHERE s.starts_at > TIMESTAMP '2026-04-16 00:00:00' "
                      f"AND {SLOT_ROOM} < s.capacity AND {where} ORDER BY s.starts_at, s.slot_id LIMIT 1", params)


def booked(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, "SELECT a.*, s.starts_at, s.clinician_id, s.mode, c.specialty FROM appointments a JOIN slots s "
                      "ON s.slot_id = a.slot_id JOIN clinicians c ON c.clinician_id = s.clinician_id "
                      f"WHERE a.status = 'booked' AND {where} ORDER BY s.starts_at, a.appointment_id LIMIT 1", params)


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_rules=10, compact_share=1 / 3, min_tools=15, min_writes=7, max_rows=5000,
                                   min_read_tasks=8, min_single_write_tasks=0, min_multi_write_tasks=4,
                                   min_user_fact_tasks=15, min_refusal_tasks=6,
                                   unchecked_output_tags=("refusal", "derived"))


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.now == NOW and ENV.manifest.domain == "healthcare"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ('$40.00', '$75.00', '$100.00', '24 hours', '365 days', '60 minutes', '15 minutes', 'at most 2'):
        assert fact in policy, fact


def test_tasks_cover_every_tool_and_refusals_write_nothing() -> None:
    writes = [t for t in ENV.tasks if any(ENV.tools[c.name].writes for c in t.gold_calls)]
    refusals = [t for t in ENV.tasks if "refusal" in t.tags]
    assert len(writes) >= 10 and all(t.outputs and t not in writes for t in refusals)
    assert sum("confirm" in t.tags for t in ENV.tasks) >= 3
    assert len({c.name for t in ENV.tasks for c in t.gold_calls}) == len(ENV.tools)
    # a forbidden call is always a write: it would be refused or change the outcome
    assert all(ENV.tools[p.name].writes for t in ENV.tasks for p in t.forbidden_calls)


def test_querygen_goals_are_the_writing_tools() -> None:
    from envfactory_gym.querygen.spec import load_declarations

    spec = load_declarations(ENV.root)
    assert "date_of_birth" in spec.user.facts
    assert {t for t, d in spec.tools.items() if d.goal} == {n for n, t in ENV.tools.items() if t.writes}


def test_seed_size(state: DuckDBState) -> None:
    counts = {t: state.db.scalar(f"SELECT count(*) FROM {t}") for t in ENV.template.tables}
    assert 500 <= sum(counts.values()) <= 5000
    assert counts["patients"] >= 150 and counts["appointments"] >= 500 and counts["slots"] >= 1000


def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    db = state.db
    # Capacity, and referral visit counts that match the visits booked under them.
    assert db.scalar(f"SELECT count(*) FROM slots s WHERE {SLOT_ROOM} > s.capacity") == 0
    assert db.scalar("SELECT count(*) FROM referrals r WHERE visits_used <> (SELECT count(*) FROM appointments a "
                     "WHERE a.referral_id = r.referral_id AND a.status IN ('booked', 'checked_in', 'completed', "
                     "'no_show')) OR visits_used > visits_authorized") == 0
    # Specialist visits sit inside their referral's dates; booked visits inside the patient's coverage.
    assert db.scalar("SELECT count(*) FROM appointments a JOIN slots s ON s.slot_id = a.slot_id JOIN clinicians c "
                     "ON c.clinician_id = s.clinician_id LEFT JOIN referrals r ON r.referral_id = a.referral_id "
                     "WHERE c.specialty IN ('cardiology', 'dermatology', 'endocrinology', 'gastroenterology', "
                     "'orthopedics', 'physical_therapy') AND (r.referral_id IS NULL OR r.specialty <> c.specialty "
                     "OR s.starts_at::DATE > r.expires_on OR a.booked_at::DATE < r.issued_on)") == 0
    assert db.scalar("SELECT count(*) FROM appointments a JOIN slots s ON s.slot_id = a.slot_id JOIN patients p "
                     "ON p.patient_id = a.patient_id WHERE a.status = 'booked' AND s.starts_at::DATE > "
                     "p.coverage_end") == 0
    # No overlapping visits of one patient.
    assert db.scalar("SELECT count(*) FROM appointments a JOIN slots s ON s.slot_id = a.slot_id, appointments b "
                     "JOIN slots t ON t.slot_id = b.slot_id WHERE a.patient_id = b.patient_id AND a.appointment_id < "
                     "b.appointment_id AND a.status NOT IN ('cancelled') AND b.status NOT IN ('cancelled') AND "
                     "s.starts_at < t.starts_at + t.duration_min * INTERVAL 1 MINUTE AND t.starts_at < "
                     "s.starts_at + s.duration_min * INTERVAL 1 MINUTE") == 0
    # A late-cancellation fee exactly for cancellations less than 24 hours ahead; a no-show fee per no-show.
    assert db.scalar("SELECT count(*) FROM appointments a JOIN slots s ON s.slot_id = a.slot_id WHERE "
                     "a.status = 'cancelled' AND (s.starts_at - a.cancelled_at < INTERVAL 24 HOUR) <> EXISTS (SELECT 1 "
                     "FROM charges c WHERE c.appointment_id = a.appointment_id AND c.kind = 'late_cancel_fee')") == 0
    assert db.scalar("SELECT count(*) FROM appointments a WHERE a.status = 'no_show' AND NOT EXISTS (SELECT 1 FROM "
                     "charges c WHERE c.appointment_id = a.appointment_id AND c.kind = 'no_show_fee')") == 0
    # One courtesy waiver per patient, paid charges point at a payment of the same patient, nothing after now.
    assert db.scalar("SELECT count(*) FROM (SELECT patient_id FROM charges WHERE status = 'waived' GROUP BY 1 "
                     "HAVING count(*) > 1)") == 0
    assert db.scalar("SELECT count(*) FROM charges c LEFT JOIN payments p ON p.payment_id = c.payment_id WHERE "
                     "(c.status = 'paid') <> (p.payment_id IS NOT NULL) OR p.patient_id <> c.patient_id") == 0
    assert db.scalar("SELECT count(*) FROM appointments WHERE booked_at > TIMESTAMP '2026-04-14 09:00:00' OR "
                     "cancelled_at > TIMESTAMP '2026-04-14 09:00:00'") == 0
    assert db.scalar("SELECT count(*) FROM (SELECT a.patient_id FROM appointments a WHERE a.visit_kind = "
                     "'annual_physical' AND a.status <> 'cancelled' GROUP BY 1 HAVING count(*) > 1)") == 0


# -- tasks --------------------------------------------------------------------------------------------------

# -- identity and lookups -----------------------------------------------------------------------------------

def test_find_patient_needs_name_and_date_of_birth(state: DuckDBState) -> None:
    p = one(state, "SELECT * FROM patients ORDER BY patient_id LIMIT 1")
    found = run(state, "find_patient", first_name=p["first_name"].upper(), last_name=p["last_name"],
                date_of_birth=p["date_of_birth"])
    assert found["patient_id"] == p["patient_id"]
    with pytest.raises(ToolError, match="no patient named"):
        run(state, "find_patient", first_name=p["first_name"], last_name=p["last_name"], date_of_birth="1901-01-01")
    with pytest.raises(ToolError, match="YYYY-MM-DD"):
        run(state, "find_patient", first_name=p["first_name"], last_name=p["last_name"], date_of_birth="03/07/1984")


def test_unknown_ids_are_refused(state: DuckDBState) -> None:
    for name, args, match in [
            ("get_patient_profile", {"patient_id": "PT-0001"}, "no patient"),
            ("get_appointment_details", {"appointment_id": "APT-1"}, "no appointment"),
            ("book_appointment", {"patient_id": "PT-1001", "slot_id": "SL-1"}, "no appointment slot"),
            ("update_patient_insurance", {"patient_id": "PT-1001", "plan_id": "PLN-00", "member_number": "X1"},
             "no insurance plan"),
            ("waive_fee", {"charge_id": "CHG-1", "reason": "severe_weather"}, "no charge")]:
        assert_refused(state, name, match, **args)


def test_profile_and_lists_agree(state: DuckDBState) -> None:
    pid = one(state, "SELECT patient_id FROM charges WHERE status = 'open' ORDER BY patient_id LIMIT 1")["patient_id"]
    profile = run(state, "get_patient_profile", patient_id=pid)
    charges = run(state, "list_patient_charges", patient_id=pid, status="open")
    assert profile["open_balance"] == charges["open_balance"] == pytest.approx(sum(
        c["amount"] for c in charges["charges"]))
    assert profile["insurance"]["plan_id"] == one(state, "SELECT plan_id FROM patients WHERE patient_id = ?",
                                                  [pid])["plan_id"]
    appts = run(state, "list_patient_appointments", patient_id=pid)["appointments"]
    assert [a["starts_at"] for a in appts] == sorted((a["starts_at"] for a in appts), reverse=True)
    done = run(state, "list_patient_appointments", patient_id=pid, status="completed")["appointments"]
    assert {a["status"] for a in done} <= {"completed"}
    detail = run(state, "get_appointment_details", appointment_id=appts[-1]["appointment_id"])
    assert detail["patient_id"] == pid and detail["fee_tier"] in ("primary", "specialist")
    group = one(state, "SELECT a.appointment_id FROM appointments a JOIN slots s ON s.slot_id = a.slot_id WHERE "
                       "s.capacity > 1 ORDER BY 1 LIMIT 1")
    assert run(state, "get_appointment_details", **group)["session_title"]
    cancelled = one(state, "SELECT appointment_id FROM appointments WHERE status = 'cancelled' ORDER BY 1 LIMIT 1")
    assert "cancel_reason" in run(state, "get_appointment_details", **cancelled)
    ref = one(state, "SELECT * FROM referrals WHERE status = 'active' ORDER BY referral_id LIMIT 1")
    listed = run(state, "list_patient_referrals", patient_id=ref["patient_id"])["referrals"]
    mine = next(r for r in listed if r["referral_id"] == ref["referral_id"])
    assert mine["visits_left"] == ref["visits_authorized"] - ref["visits_used"]
    assert len(run(state, "list_clinic_sites")) == 4
    plans = run(state, "list_insurance_plans")
    assert any(not p["contracted"] for p in plans) and any(p["plan_id"] == "PLN-90" for p in plans)


def test_clinician_and_slot_search(state: DuckDBState) -> None:
    derm = run(state, "find_clinicians", specialty="dermatology", site_id="site-3")
    assert derm and all(c["site_id"] == "SITE-3" and c["specialty"] == "dermatology" for c in derm)
    slots = run(state, "find_open_slots", specialty="dermatology", site_id="SITE-3", earliest_date="2026-04-20",
                latest_date="2026-05-01", mode="in_person")["slots"]
    assert slots and all("2026-04-20" <= s["starts_at"][:10] <= "2026-05-01" and s["site_id"] == "SITE-3"
                         and s["mode"] == "in_person" and s["spots_left"] > 0 for s in slots)
    assert [s["starts_at"] for s in slots] == sorted(s["starts_at"] for s in slots)
    assert all(s["starts_at"] > "2026-04-14 09:00"
               for s in run(state, "find_open_slots", specialty="nutrition")["slots"])
    by_one = run(state, "find_open_slots", specialty="dermatology", clinician_id=derm[0]["clinician_id"])["slots"]
    assert {s["clinician_id"] for s in by_one} == {derm[0]["clinician_id"]}
    assert_refused(state, "find_clinicians", "no clinic site", specialty="cardiology", site_id="SITE-9")
    assert_refused(state, "find_open_slots", "no clinician", specialty="cardiology", clinician_id="CLN-999")
    assert_refused(state, "find_open_slots", "practices dermatology", specialty="cardiology",
                   clinician_id=derm[0]["clinician_id"])
    assert_refused(state, "find_open_slots", "no clinic site", specialty="cardiology", site_id="SITE-9")
    assert_refused(state, "find_open_slots", "before earliest_date", specialty="cardiology",
                   earliest_date="2026-05-01", latest_date="2026-04-20")
    assert_refused(state, "find_open_slots", "YYYY-MM-DD", specialty="cardiology", earliest_date="May 1")


def _rendered(result: Any) -> int:
    return len(json.dumps(result, ensure_ascii=False, default=str))


def test_lists_page_under_the_result_cut(state: DuckDBState) -> None:
    """Slots, visits and charges come 10 per page, each page under the 4,000 characters a result is cut at, and
    next_offset walks every row once."""
    limit = 4000
    for specialty in ENV.module.SPECIALTIES:
        seen: list[str] = []
        offset: int | None = 0
        while offset is not None:
            page = run(state, "find_open_slots", specialty=specialty, offset=offset)
            assert _rendered(page) < limit and len(page["slots"]) <= ENV.module.PAGE
            seen += [s["slot_id"] for s in page["slots"]]
            offset = page.get("next_offset")
            assert page["more"] == (offset is not None)
            if len(seen) > 60:
                break
        assert len(seen) == len(set(seen)) and len(seen) > ENV.module.PAGE
    for row in state.db.query("SELECT patient_id FROM patients ORDER BY patient_id"):
        for name, key in (("list_patient_appointments", "appointments"), ("list_patient_charges", "charges")):
            rows, offset = [], 0
            while offset is not None:
                page = run(state, name, patient_id=row["patient_id"], offset=offset)
                assert _rendered(page) < limit
                rows += page[key]
                offset = page.get("next_offset")
            table = "appointments" if key == "appointments" else "charges"
            assert len(rows) == state.db.scalar(f"SELECT count(*) FROM {table} WHERE patient_id = ?",
                                                [row["patient_id"]])
    busiest = one(state, "SELECT patient_id FROM appointments GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1")
    first = run(state, "list_patient_appointments", **busiest)
    assert first["more"] and first["next_offset"] == ENV.module.PAGE
    for name in ("list_patient_appointments", "list_patient_charges"):
        assert_refused(state, name, "offset must be 0 or more", offset=-1, **busiest)
    assert_refused(state, "find_open_slots", "offset must be 0 or more", specialty="nutrition", offset=-5)


# -- booking ------------------------------------------------------------------------------------------------

def test_specialist_booking_uses_a_referral_visit_and_cancel_gives_it_back(state: DuckDBState) -> None:
    ref = one(state, "SELECT r.* FROM referrals r JOIN patients p ON p.patient_id = r.patient_id WHERE "
                     "r.status = 'active' AND r.specialty = 'dermatology' AND r.visits_used < r.visits_authorized "
                     "AND r.expires_on >= DATE '2026-05-01' AND p.coverage_end IS NULL AND (SELECT coalesce(sum("
                     "amount), 0) FROM charges c WHERE c.patient_id = p.patient_id AND c.status = 'open') < 100 "
                     "ORDER BY r.referral_id LIMIT 1")
    slot = open_slot(state, "c.specialty = 'dermatology' AND c.accepting_new_patients AND s.mode = 'in_person' "
                            "AND s.starts_at < ?::TIMESTAMP", [ref["expires_on"]])
    plan = one(state, "SELECT i.* FROM insurance_plans i JOIN patients p ON p.plan_id = i.plan_id "
                      "WHERE p.patient_id = ?", [ref["patient_id"]])
    result = run(state, "book_appointment", patient_id=ref["patient_id"], slot_id=slot["slot_id"])
    assert result["copay"] == plan["specialist_copay"] and result["referral_id"] == ref["referral_id"]
    assert result["referral_visits_left"] == ref["visits_authorized"] - ref["visits_used"] - 1
    assert state.db.scalar("SELECT visits_used FROM referrals WHERE referral_id = ?",
                           [ref["referral_id"]]) == ref["visits_used"] + 1
    listed = run(state, "list_patient_appointments", patient_id=ref["patient_id"], status="booked")
    assert result["appointment_id"] in [a["appointment_id"] for a in listed["appointments"]]
    cancelled = run(state, "cancel_appointment", appointment_id=result["appointment_id"], reason="cost_concerns")
    assert cancelled["late_cancellation_fee"] == 0 and "charge_id" not in cancelled
    assert state.db.scalar("SELECT visits_used FROM referrals WHERE referral_id = ?",
                           [ref["referral_id"]]) == ref["visits_used"]


def test_full_and_past_slots_are_refused(state: DuckDBState) -> None:
    p = free_patient(state)
    full = one(state, f"SELECT s.slot_id FROM slots s WHERE s.starts_at > TIMESTAMP '2026-04-14 09:00:00' AND "
                      f"{SLOT_ROOM} >= s.capacity AND s.capacity > 1 ORDER BY s.starts_at LIMIT 1")
    assert_refused(state, "book_appointment", "is full", patient_id=p["patient_id"], **full)
    past = one(state, "SELECT slot_id FROM slots WHERE starts_at < TIMESTAMP '2026-04-14 09:00:00' ORDER BY "
                      "starts_at DESC LIMIT 1")
    assert_refused(state, "book_appointment", "not in the future", patient_id=p["patient_id"], **past)


def test_overlapping_visits_are_refused(state: DuckDBState) -> None:
    p = free_patient(state)
    cls = open_slot(state, "s.capacity > 1")
    run(state, "book_appointment", patient_id=p["patient_id"], slot_id=cls["slot_id"])
    assert_refused(state, "book_appointment", "at this slot", patient_id=p["patient_id"], slot_id=cls["slot_id"])
    same_time = open_slot(state, "s.starts_at = ?::TIMESTAMP AND s.slot_id <> ? AND c.accepting_new_patients AND "
                                 "c.specialty IN ('family_medicine', 'internal_medicine', 'nutrition')",
                          [cls["starts_at"], cls["slot_id"]])
    assert_refused(state, "book_appointment", "cannot overlap", patient_id=p["patient_id"],
                   slot_id=same_time["slot_id"])


def test_coverage_must_last_until_the_visit(state: DuckDBState) -> None:
    p = one(state, "SELECT p.* FROM patients p WHERE p.coverage_end < DATE '2026-04-14' AND (SELECT coalesce(sum("
                   "amount), 0) FROM charges c WHERE c.patient_id = p.patient_id AND c.status = 'open') < 100 "
                   "ORDER BY p.patient_id LIMIT 1")
    slot = open_slot(state, "c.specialty = 'family_medicine' AND c.accepting_new_patients AND s.mode = 'in_person'")
    assert_refused(state, "book_appointment", "coverage ended", patient_id=p["patient_id"], slot_id=slot["slot_id"])
    run(state, "update_patient_insurance", patient_id=p["patient_id"], plan_id="PLN-90", member_number="none")
    assert one(state, "SELECT member_number, coverage_end FROM patients WHERE patient_id = ?",
               [p["patient_id"]]) == {"member_number": None, "coverage_end": None}
    result = run(state, "book_appointment", patient_id=p["patient_id"], slot_id=slot["slot_id"])
    assert result["copay"] == 140.0


def test_open_balance_blocks_booking_until_paid(state: DuckDBState) -> None:
    p = one(state, "SELECT p.patient_id FROM patients p WHERE p.coverage_end IS NULL AND (SELECT sum(amount) FROM "
                   "charges c WHERE c.patient_id = p.patient_id AND c.status = 'open') >= 100 ORDER BY 1 LIMIT 1")
    slot = open_slot(state, "c.specialty = 'nutrition' AND s.capacity > 1")
    assert_refused(state, "book_appointment", "owes", patient_id=p["patient_id"], slot_id=slot["slot_id"])
    ids = [c["charge_id"] for c in run(state, "list_patient_charges", patient_id=p["patient_id"],
                                       status="open")["charges"]]
    owed = balance(state, p["patient_id"])
    paid = run(state, "record_charge_payment", patient_id=p["patient_id"], charge_ids=ids, method="card")
    assert paid["amount"] == pytest.approx(owed) and paid["open_balance"] == 0
    assert run(state, "book_appointment", patient_id=p["patient_id"], slot_id=slot["slot_id"])["status"] == "booked"


def test_closed_panels_take_only_established_patients(state: DuckDBState) -> None:
    closed = one(state, "SELECT * FROM clinicians WHERE NOT accepting_new_patients AND specialty = "
                        "'family_medicine' ORDER BY clinician_id LIMIT 1")
    slot = open_slot(state, "s.clinician_id = ?", [closed["clinician_id"]])
    stranger = free_patient(state, "p.primary_clinician_id <> ? AND NOT EXISTS (SELECT 1 FROM appointments a JOIN "
                                   "slots s ON s.slot_id = a.slot_id WHERE a.patient_id = p.patient_id AND "
                                   "s.clinician_id = ? AND a.status = 'completed')",
                            [closed["clinician_id"], closed["clinician_id"]])
    assert_refused(state, "book_appointment", "not accepting new patients", patient_id=stranger["patient_id"],
                   slot_id=slot["slot_id"])
    own = free_patient(state, "p.primary_clinician_id = ?", [closed["clinician_id"]])
    assert run(state, "book_appointment", patient_id=own["patient_id"], slot_id=slot["slot_id"])["copay"] >= 0


def test_specialists_need_a_usable_referral(state: DuckDBState) -> None:
    none = free_patient(state, "NOT EXISTS (SELECT 1 FROM referrals r WHERE r.patient_id = p.patient_id AND "
                               "r.specialty = 'cardiology')")
    slot = open_slot(state, "c.specialty = 'cardiology' AND c.accepting_new_patients")
    assert_refused(state, "book_appointment", "request_referral", patient_id=none["patient_id"],
                   slot_id=slot["slot_id"])
    run(state, "request_referral", patient_id=none["patient_id"], specialty="cardiology")
    assert_refused(state, "book_appointment", "awaiting review", patient_id=none["patient_id"],
                   slot_id=slot["slot_id"])
    expiring = one(state, "SELECT r.* FROM referrals r JOIN patients p ON p.patient_id = r.patient_id WHERE "
                          "r.status = 'active' AND r.specialty = 'cardiology' AND r.visits_used < r.visits_authorized "
                          "AND r.expires_on < ?::DATE AND p.coverage_end IS NULL AND (SELECT coalesce(sum(amount), 0) "
                          "FROM charges c WHERE c.patient_id = p.patient_id AND c.status = 'open') < 100 AND NOT "
                          "EXISTS (SELECT 1 FROM referrals o WHERE o.patient_id = r.patient_id AND o.specialty = "
                          "r.specialty AND o.status = 'active' AND o.expires_on >= ?::DATE) ORDER BY r.referral_id "
                          "LIMIT 1", [slot["starts_at"][:10], slot["starts_at"][:10]])
    assert_refused(state, "book_appointment", "expires on", patient_id=expiring["patient_id"],
                   slot_id=slot["slot_id"])
    used_up = one(state, "SELECT r.* FROM referrals r JOIN patients p ON p.patient_id = r.patient_id WHERE "
                         "r.status = 'active' AND r.visits_used = r.visits_authorized AND r.expires_on >= DATE "
                         "'2026-04-20' AND p.coverage_end IS NULL AND (SELECT coalesce(sum(amount), 0) FROM charges "
                         "c WHERE c.patient_id = p.patient_id AND c.status = 'open') < 100 AND NOT EXISTS (SELECT 1 "
                         "FROM referrals o WHERE o.patient_id = r.patient_id AND o.specialty = r.specialty AND "
                         "o.referral_id <> r.referral_id AND o.status = 'active') ORDER BY r.referral_id LIMIT 1")
    slot2 = open_slot(state, "c.specialty = ? AND c.accepting_new_patients AND s.starts_at <= ?::TIMESTAMP AND "
                             f"NOT EXISTS (SELECT 1 FROM appointments a JOIN slots t ON t.slot_id = a.slot_id WHERE "
                             f"a.patient_id = ? AND a.status IN {ACTIVE} AND t.starts_at::DATE = s.starts_at::DATE)",
                      [used_up["specialty"], used_up["expires_on"], used_up["patient_id"]])
    assert_refused(state, "book_appointment", "no visits left", patient_id=used_up["patient_id"],
                   slot_id=slot2["slot_id"])


def test_annual_physical_rules(state: DuckDBState) -> None:
    recent = one(state, "SELECT a.patient_id, s.starts_at FROM appointments a JOIN slots s ON s.slot_id = a.slot_id "
                        "JOIN patients p ON p.patient_id = a.patient_id WHERE a.visit_kind = 'annual_physical' AND "
                        "a.status = 'completed' AND p.coverage_end IS NULL AND (SELECT coalesce(sum(amount), 0) FROM "
                        "charges c WHERE c.patient_id = p.patient_id AND c.status = 'open') < 100 AND NOT EXISTS "
                        f"(SELECT 1 FROM appointments b WHERE b.patient_id = a.patient_id AND b.status IN {ACTIVE}) "
                        "ORDER BY a.patient_id LIMIT 1")
    primary = open_slot(state, "c.specialty = 'internal_medicine' AND c.accepting_new_patients AND "
                               "s.mode = 'in_person'")
    assert_refused(state, "book_appointment", "once every 365 days", patient_id=recent["patient_id"],
                   slot_id=primary["slot_id"], visit_kind="annual_physical")
    p = free_patient(state, "NOT EXISTS (SELECT 1 FROM appointments a WHERE a.patient_id = p.patient_id AND "
                            "a.visit_kind = 'annual_physical')")
    nutrition = open_slot(state, "c.specialty = 'nutrition'")
    assert_refused(state, "book_appointment", "family or internal medicine", patient_id=p["patient_id"],
                   slot_id=nutrition["slot_id"], visit_kind="annual_physical")
    video = open_slot(state, "c.specialty IN ('family_medicine', 'internal_medicine') AND c.accepting_new_patients "
                             "AND s.mode = 'telehealth'")
    assert_refused(state, "book_appointment", "in-person slot", patient_id=p["patient_id"], slot_id=video["slot_id"],
                   visit_kind="annual_physical")
    result = run(state, "book_appointment", patient_id=p["patient_id"], slot_id=primary["slot_id"],
                 visit_kind="annual_physical")
    assert result["copay"] == 0 and result["visit_kind"] == "annual_physical"
    another = open_slot(state, "c.specialty = 'internal_medicine' AND c.accepting_new_patients AND s.mode = "
                               "'in_person' AND s.starts_at::DATE > ?::DATE", [primary["starts_at"][:10]])
    assert_refused(state, "book_appointment", "only one can be scheduled", patient_id=p["patient_id"],
                   slot_id=another["slot_id"], visit_kind="annual_physical")


# -- cancelling, rescheduling, check-in ---------------------------------------------------------------------

def test_late_cancellation_needs_consent_and_charges_the_fee(state: DuckDBState) -> None:
    a = booked(state, "s.starts_at > TIMESTAMP '2026-04-14 09:00:00' AND s.starts_at < TIMESTAMP "
                      "'2026-04-15 09:00:00' AND c.specialty IN ('dermatology', 'gastroenterology', 'orthopedics')")
    assert_refused(state, "cancel_appointment", r"\$75.00 late-cancellation fee", appointment_id=a["appointment_id"],
                   reason="schedule_conflict")
    result = run(state, "cancel_appointment", appointment_id=a["appointment_id"], reason="schedule_conflict",
                 accept_late_fee=True)
    assert result["late_cancellation_fee"] == 75.0
    fee = one(state, "SELECT * FROM charges WHERE charge_id = ?", [result["charge_id"]])
    assert fee["kind"] == "late_cancel_fee" and fee["status"] == "open" and fee["amount"] == 75.0
    primary = booked(state, "s.starts_at > TIMESTAMP '2026-04-14 09:00:00' AND s.starts_at < TIMESTAMP "
                            "'2026-04-15 09:00:00' AND c.specialty IN ('family_medicine', 'internal_medicine')")
    assert run(state, "cancel_appointment", appointment_id=primary["appointment_id"], reason="transportation",
               accept_late_fee=True)["late_cancellation_fee"] == 40.0
    assert_refused(state, "cancel_appointment", "only booked appointments", appointment_id=a["appointment_id"],
                   reason="other")


def test_started_visits_cannot_be_cancelled_or_checked_in(later: DuckDBState) -> None:
    a = booked(later, "s.starts_at < TIMESTAMP '2026-04-14 10:15:00' AND s.starts_at >= TIMESTAMP "
                      "'2026-04-14 09:00:00'")
    assert_refused(later, "cancel_appointment", "has started", appointment_id=a["appointment_id"],
                   reason="other", accept_late_fee=True)
    assert_refused(later, "check_in_patient", "check-in closed", appointment_id=a["appointment_id"])


def test_reschedule_rules(state: DuckDBState) -> None:
    soon = booked(state, "s.starts_at > TIMESTAMP '2026-04-14 09:00:00' AND s.starts_at < TIMESTAMP "
                         "'2026-04-15 09:00:00'")
    target = open_slot(state, "c.specialty = ?", [soon["specialty"]])
    assert_refused(state, "reschedule_appointment", "within 24 hours", appointment_id=soon["appointment_id"],
                   new_slot_id=target["slot_id"])
    twice = booked(state, "a.reschedule_count = 2 AND s.starts_at > TIMESTAMP '2026-04-16 00:00:00'")
    assert_refused(state, "reschedule_appointment", "at most|the most allowed",
                   appointment_id=twice["appointment_id"], new_slot_id=target["slot_id"])
    a = booked(state, "a.reschedule_count = 0 AND a.referral_id IS NULL AND c.specialty = 'family_medicine' AND "
                      "s.starts_at > TIMESTAMP '2026-04-16 00:00:00' AND s.mode = 'in_person' AND "
                      "c.offers_telehealth AND a.visit_kind = 'standard'")
    assert_refused(state, "reschedule_appointment", "already is in slot", appointment_id=a["appointment_id"],
                   new_slot_id=a["slot_id"])
    other = open_slot(state, "c.specialty = 'dermatology'")
    assert_refused(state, "reschedule_appointment", "only move to another family_medicine",
                   appointment_id=a["appointment_id"], new_slot_id=other["slot_id"])
    video = open_slot(state, "s.clinician_id = ? AND s.mode = 'telehealth' AND s.starts_at::DATE <> ?::DATE",
                      [a["clinician_id"], a["starts_at"][:10]])
    result = run(state, "reschedule_appointment", appointment_id=a["appointment_id"], new_slot_id=video["slot_id"])
    plan = one(state, "SELECT i.* FROM insurance_plans i JOIN patients p ON p.plan_id = i.plan_id WHERE "
                      "p.patient_id = ?", [a["patient_id"]])
    assert result["mode"] == "telehealth" and result["copay"] == plan["telehealth_copay"]
    assert result["reschedules_left"] == 1
    moved = run(state, "get_appointment_details", appointment_id=a["appointment_id"])
    assert moved["slot_id"] == video["slot_id"] and moved["reschedule_count"] == 1


def test_rescheduled_physical_keeps_its_rules(state: DuckDBState) -> None:
    a = booked(state, "a.visit_kind = 'annual_physical' AND a.reschedule_count < 2 AND s.starts_at > TIMESTAMP "
                      "'2026-04-16 00:00:00'")
    video = open_slot(state, "s.clinician_id = ? AND s.mode = 'telehealth'", [a["clinician_id"]])
    assert_refused(state, "reschedule_appointment", "in-person slot", appointment_id=a["appointment_id"],
                   new_slot_id=video["slot_id"])
    in_person = open_slot(state, "s.clinician_id = ? AND s.mode = 'in_person' AND s.slot_id <> ?",
                          [a["clinician_id"], a["slot_id"]])
    result = run(state, "reschedule_appointment", appointment_id=a["appointment_id"], new_slot_id=in_person["slot_id"])
    assert result["copay"] == 0 and result["starts_at"] == in_person["starts_at"][:16].replace("T", " ")


def test_reschedule_stays_within_the_referral(state: DuckDBState) -> None:
    a = one(state, "SELECT a.appointment_id, c.specialty, r.expires_on FROM appointments a JOIN slots s ON "
                   "s.slot_id = a.slot_id JOIN clinicians c ON c.clinician_id = s.clinician_id JOIN referrals r ON "
                   "r.referral_id = a.referral_id WHERE a.status = 'booked' AND a.reschedule_count < 2 AND "
                   "s.starts_at > TIMESTAMP '2026-04-16 00:00:00' AND r.expires_on < DATE '2026-05-15' "
                   "ORDER BY a.appointment_id LIMIT 1")
    late = open_slot(state, "c.specialty = ? AND c.accepting_new_patients AND s.starts_at::DATE > ?::DATE",
                     [a["specialty"], a["expires_on"]])
    assert_refused(state, "reschedule_appointment", "must be on or before", appointment_id=a["appointment_id"],
                   new_slot_id=late["slot_id"])


def test_check_in_window_and_copay(state: DuckDBState) -> None:
    a = booked(state, "s.starts_at BETWEEN TIMESTAMP '2026-04-14 09:00:00' AND TIMESTAMP '2026-04-14 10:00:00' "
                      "AND a.copay > 0")
    result = run(state, "check_in_patient", appointment_id=a["appointment_id"])
    assert result["status"] == "checked_in" and result["copay_due"] == a["copay"]
    charge = one(state, "SELECT * FROM charges WHERE charge_id = ?", [result["charge_id"]])
    assert charge["kind"] == "copay" and charge["status"] == "open" and charge["amount"] == a["copay"]
    assert_refused(state, "check_in_patient", "already checked in", appointment_id=a["appointment_id"])
    afternoon = booked(state, "s.starts_at > TIMESTAMP '2026-04-14 12:00:00'")
    assert_refused(state, "check_in_patient", "check-in opens", appointment_id=afternoon["appointment_id"])
    done = one(state, "SELECT appointment_id FROM appointments WHERE status = 'completed' ORDER BY 1 LIMIT 1")
    assert_refused(state, "check_in_patient", "only booked appointments", **done)


def test_check_in_without_copay_adds_no_charge(state: DuckDBState) -> None:
    free = booked(state, "a.copay = 0 AND s.starts_at > TIMESTAMP '2026-04-16 00:00:00'")
    arrival = (datetime.fromisoformat(free["starts_at"]) - timedelta(minutes=30)).isoformat()
    that_day = ENV.new_state(arrival)
    try:
        result = run(that_day, "check_in_patient", appointment_id=free["appointment_id"])
        assert result["copay_due"] == 0 and "charge_id" not in result
        assert not that_day.db.query("SELECT * FROM charges WHERE appointment_id = ?", [free["appointment_id"]])
    finally:
        that_day.close()


# -- charges ------------------------------------------------------------------------------------------------

def test_payment_rules(state: DuckDBState) -> None:
    ch = one(state, "SELECT * FROM charges WHERE status = 'open' ORDER BY charge_id LIMIT 1")
    other = one(state, "SELECT patient_id FROM patients WHERE patient_id <> ? ORDER BY 1 LIMIT 1", [ch["patient_id"]])
    assert_refused(state, "record_charge_payment", "give at least one", patient_id=ch["patient_id"], charge_ids=[],
                   method="cash")
    assert_refused(state, "record_charge_payment", "is not one of", patient_id=other["patient_id"],
                   charge_ids=[ch["charge_id"]], method="card")
    paid = one(state, "SELECT * FROM charges WHERE status = 'paid' ORDER BY charge_id LIMIT 1")
    assert_refused(state, "record_charge_payment", "already paid", patient_id=paid["patient_id"],
                   charge_ids=[paid["charge_id"]], method="card")
    before = balance(state, ch["patient_id"])
    result = run(state, "record_charge_payment", patient_id=ch["patient_id"], charge_ids=[ch["charge_id"].lower()],
                 method="hsa_card")
    assert result["amount"] == ch["amount"] and result["open_balance"] == pytest.approx(before - ch["amount"])
    row = one(state, "SELECT * FROM charges WHERE charge_id = ?", [ch["charge_id"]])
    assert row["status"] == "paid" and row["payment_id"] == result["payment_id"]


def test_fee_waiver_rules(state: DuckDBState) -> None:
    copay = one(state, "SELECT charge_id FROM charges WHERE status = 'open' AND kind = 'copay' ORDER BY 1 LIMIT 1")
    assert_refused(state, "waive_fee", "copays cannot be waived", reason="medical_emergency", **copay)
    paid = one(state, "SELECT charge_id FROM charges WHERE status = 'paid' AND kind <> 'copay' ORDER BY 1 LIMIT 1")
    assert_refused(state, "waive_fee", "only open fees", reason="medical_emergency", **paid)
    used = one(state, "SELECT o.charge_id FROM charges o JOIN charges w ON w.patient_id = o.patient_id WHERE "
                      "w.status = 'waived' AND o.status = 'open' AND o.kind <> 'copay' ORDER BY 1 LIMIT 1")
    assert_refused(state, "waive_fee", "once per 365 days", reason="severe_weather", **used)
    first = one(state, "SELECT c.charge_id, c.patient_id, c.amount FROM charges c JOIN patients p ON p.patient_id = "
                       "c.patient_id WHERE c.status = 'open' AND c.kind <> 'copay' AND p.coverage_end IS NULL AND NOT "
                       "EXISTS (SELECT 1 FROM charges w WHERE w.patient_id = c.patient_id AND w.status = 'waived') "
                       f"AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.patient_id = c.patient_id AND a.status "
                       f"IN {ACTIVE}) ORDER BY c.charge_id LIMIT 1")
    result = run(state, "waive_fee", charge_id=first["charge_id"], reason="clinic_scheduling_error")
    assert result["amount_waived"] == first["amount"] and result["status"] == "waived"
    assert result["open_balance"] == balance(state, first["patient_id"]) < 100
    # A new late-cancellation fee of the same patient cannot be waived again within the year.
    soon = one(state, "SELECT s.slot_id FROM slots s JOIN clinicians c ON c.clinician_id = s.clinician_id WHERE "
                      "s.starts_at > TIMESTAMP '2026-04-14 09:00:00' AND s.starts_at < TIMESTAMP '2026-04-15 09:00:00' "
                      f"AND {SLOT_ROOM} < s.capacity AND c.specialty IN ('family_medicine', 'internal_medicine', "
                      "'nutrition') AND c.accepting_new_patients ORDER BY s.starts_at LIMIT 1")
    appt = run(state, "book_appointment", patient_id=first["patient_id"], slot_id=soon["slot_id"])
    fee = run(state, "cancel_appointment", appointment_id=appt["appointment_id"], reason="feeling_better",
              accept_late_fee=True)
    assert fee["late_cancellation_fee"] == 40.0
    assert_refused(state, "waive_fee", "already had a fee waived", charge_id=fee["charge_id"],
                   reason="family_emergency")


# -- insurance and referrals --------------------------------------------------------------------------------

def test_insurance_rules(state: DuckDBState) -> None:
    a = booked(state, "a.visit_kind = 'standard' AND s.mode = 'in_person' AND c.specialty = 'dermatology' AND "
                      "s.starts_at > TIMESTAMP '2026-04-16 00:00:00' AND a.patient_id IN (SELECT patient_id FROM "
                      "patients WHERE plan_id = 'PLN-21')")
    pid = a["patient_id"]
    assert_refused(state, "update_patient_insurance", "out of network", patient_id=pid, plan_id="PLN-61",
                   member_number="NSH204661385")
    assert_refused(state, "update_patient_insurance", "6 to 16 letters", patient_id=pid, plan_id="PLN-22",
                   member_number="EV#1")
    current = one(state, "SELECT plan_id, member_number FROM patients WHERE patient_id = ?", [pid])
    assert_refused(state, "update_patient_insurance", "already on file", patient_id=pid, **current)
    result = run(state, "update_patient_insurance", patient_id=pid, plan_id="pln-22", member_number="evm-5551-2020")
    assert result["member_number"] == "EVM55512020" and result["plan_id"] == "PLN-22"
    requote = {r["appointment_id"]: r for r in result["requoted_appointments"]}
    assert requote[a["appointment_id"]]["old_copay"] == 80.0 and requote[a["appointment_id"]]["new_copay"] == 40.0
    assert run(state, "get_appointment_details", appointment_id=a["appointment_id"])["copay"] == 40.0


def test_referral_request_rules(state: DuckDBState) -> None:
    p = free_patient(state, "NOT EXISTS (SELECT 1 FROM referrals r WHERE r.patient_id = p.patient_id AND "
                            "r.specialty = 'orthopedics')")
    assert_refused(state, "request_referral", "needs no referral", patient_id=p["patient_id"], specialty="nutrition")
    orphan = one(state, "SELECT patient_id FROM patients WHERE primary_clinician_id IS NULL ORDER BY 1 LIMIT 1")
    assert_refused(state, "request_referral", "no primary care clinician", specialty="orthopedics", **orphan)
    result = run(state, "request_referral", patient_id=p["patient_id"], specialty="orthopedics")
    assert result["status"] == "requested"
    row = one(state, "SELECT * FROM referrals WHERE referral_id = ?", [result["referral_id"]])
    assert row["referring_clinician_id"] == p["primary_clinician_id"] and row["requested_on"] == "2026-04-14"
    assert_refused(state, "request_referral", "already requested", patient_id=p["patient_id"],
                   specialty="orthopedics")
    active = one(state, "SELECT r.patient_id, r.specialty FROM referrals r JOIN patients p ON p.patient_id = "
                        "r.patient_id WHERE r.status = 'active' AND r.expires_on >= DATE '2026-04-14' AND "
                        "r.visits_used < r.visits_authorized AND p.primary_clinician_id IS NOT NULL "
                        "ORDER BY r.referral_id LIMIT 1")
    assert_refused(state, "request_referral", "already has an active", **active)


def test_new_ids_are_deterministic() -> None:
    out = []
    for _ in range(2):
        state = ENV.new_state()
        try:
            p = free_patient(state)
            slot = open_slot(state, "c.specialty = 'nutrition' AND s.capacity > 1")
            out.append(run(state, "book_appointment", patient_id=p["patient_id"], slot_id=slot["slot_id"]))
            out.append(state.state_hash())
        finally:
            state.close()
    assert out[0] == out[2] and out[1] == out[3]
