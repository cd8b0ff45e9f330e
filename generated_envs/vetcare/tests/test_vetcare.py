"""The vetcare environment's own checks: the structural ones every folder runs, then every business rule."""

from __future__ import annotations

from typing import Any

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: Episodes played blind (tests/blind_play.jsonl): correct play 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)

TODAY = "2026-05-13"
NO_OVERDUE = ("NOT EXISTS (SELECT 1 FROM invoices i WHERE i.owner_id = p.owner_id AND i.status = 'open' AND "
              "i.due_on < DATE '2026-05-13')")

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures
#: (outputs unchecked: some come from a refusal's reason or from reasoning over the results).
TestStructure = ENV.standard_tests(min_tools=14, min_writes=8, min_reads=10, min_tables=8, min_rows=2000,
                                   every_table_filled=True, min_rules=8, min_tasks=70, min_read_tasks=10,
                                   min_single_write_tasks=10, min_multi_write_tasks=8, min_user_fact_tasks=20,
                                   min_refusal_tasks=8, compact_share=1 / 3, check_outputs=False)


def q(state: DuckDBState, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    return state.db.query(sql, params or [])


def first(state: DuckDBState, sql: str, params: list[Any] | None = None) -> dict[str, Any]:
    rows = q(state, sql, params)
    assert rows, sql
    return rows[0]


def open_slot(state: DuckDBState, kind: str, species: str, after: str = "2026-05-15", hospital: str | None = None,
              skip: int = 0) -> dict[str, Any]:
    rows = q(state, "SELECT s.* FROM slots s JOIN staff t ON t.staff_id = s.staff_id WHERE s.status = 'open' AND "
                    "s.slot_kind = ? AND s.starts_at > ? AND list_contains(string_split(t.species, ','), ?) AND "
                    "(? IS NULL OR s.hospital_id = ?) ORDER BY s.starts_at, s.slot_id",
             [kind, after, species, hospital, hospital])
    return rows[skip]


def free_pet(state: DuckDBState, where: str = "TRUE") -> dict[str, Any]:
    """An active pet whose owner owes nothing overdue and has a valid card, with no booked visit."""
    return first(state, "SELECT p.* FROM pets p JOIN owners o ON o.owner_id = p.owner_id WHERE p.status = 'active' "
                        f"AND {NO_OVERDUE} AND o.card_expires >= '2026-06' AND NOT EXISTS (SELECT 1 FROM visits v "
                        f"WHERE v.pet_id = p.pet_id AND v.status = 'booked') AND {where} ORDER BY p.pet_id")


# -- the world ------------------------------------------------------------------------------------------------

def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "veterinary"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("2026-05-13 09:00", "24 hours", "180 days", "365 days", "75%", "3 days", "1 to 21 nights",
                 "10 kg", "25 kg", "at most twice", "half the low total", "4 months"):
        assert fact in policy, fact


def test_seed_has_every_status(state: DuckDBState) -> None:
    assert {r["status"] for r in q(state, "SELECT DISTINCT status FROM visits")} == {
        "booked", "completed", "cancelled", "no_show"}
    assert {r["status"] for r in q(state, "SELECT DISTINCT status FROM kennel_stays")} == {
        "reserved", "checked_in", "completed", "cancelled"}
    # booked slots and booked or completed visits agree
    assert q(state, "SELECT v.visit_id FROM visits v JOIN slots s ON s.slot_id = v.slot_id WHERE v.status = "
                    "'booked' AND s.status <> 'booked'") == []


def test_seed_keeps_kennel_capacity(state: DuckDBState) -> None:
    over = q(state, "WITH nights AS (SELECT unnest(generate_series(DATE '2026-03-01', DATE '2026-07-31', INTERVAL 1 DAY))"
                    "::DATE AS night) SELECT k.hospital_id, k.size_code, n.night, count(*) AS used FROM kennel_stays k "
                    "JOIN nights n ON k.check_in <= n.night AND k.check_out > n.night WHERE k.status IN ('reserved', "
                    "'checked_in', 'completed') GROUP BY ALL HAVING count(*) > (SELECT CASE k.size_code WHEN 'CONDO' "
                    "THEN condo_spaces WHEN 'SMALL' THEN small_kennels WHEN 'MEDIUM' THEN medium_kennels ELSE "
                    "large_kennels END FROM hospitals h WHERE h.hospital_id = k.hospital_id)")
    assert over == []


# -- reads ----------------------------------------------------------------------------------------------------

def test_owner_and_pet_reads(state: DuckDBState) -> None:
    o = first(state, "SELECT * FROM owners ORDER BY owner_id")
    assert run(state, "find_owner_by_email", email=o["email"].upper())["owner_id"] == o["owner_id"]
    assert_refused(state, "find_owner_by_email", "no owner with email", email="nobody@example.org")
    acct = run(state, "get_owner_account", owner_id=o["owner_id"].lower())
    assert acct["pets"] and "card_on_file" in acct
    assert_refused(state, "get_owner_account", "no owner with id", owner_id="OWN-1")
    pet = run(state, "get_pet_record", pet_id=acct["pets"][0]["pet_id"])
    assert pet["kennel_size"] in ("CONDO", "SMALL", "MEDIUM", "LARGE") and pet["vaccines"]
    assert_refused(state, "get_pet_record", "no pet with id", pet_id="PET-1")
    young = first(state, "SELECT pet_id FROM pets WHERE birth_date > DATE '2025-06-01' ORDER BY pet_id")
    assert "months" in run(state, "get_pet_record", pet_id=young["pet_id"])["age"]


def test_catalog_reads(state: DuckDBState) -> None:
    hospitals = run(state, "list_hospitals")
    assert [h["hospital_id"] for h in hospitals] == ["HOS-1", "HOS-2", "HOS-3"] and hospitals[0]["staff"]
    assert len(run(state, "list_visit_types")) == 8
    assert len(run(state, "list_wellness_plans")) == 7


def test_find_visit_times(state: DuckDBState) -> None:
    cat = free_pet(state, "p.species = 'cat'")
    out = run(state, "find_visit_times", pet_id=cat["pet_id"], type_code="WELLNESS_EXAM", hospital_id="HOS-1",
              date="2026-05-20")
    assert out["slots"] and len(str(out)) < 4000
    only = run(state, "find_visit_times", pet_id=cat["pet_id"], type_code="WELLNESS_EXAM", hospital_id="HOS-1",
               date="2026-05-20", staff_id="vet-13")
    assert {s["provider"] for s in only["slots"]} == {"Dr. Aisha Okafor"}
    today = run(state, "find_visit_times", pet_id=cat["pet_id"], type_code="SICK_VISIT", hospital_id="HOS-1",
                date=TODAY)
    assert all(s["starts_at"] >= "2026-05-13 11:00" for s in today["slots"])
    rabbit = first(state, "SELECT pet_id FROM pets WHERE species = 'rabbit' ORDER BY pet_id")
    assert_refused(state, "find_visit_times", "not offered for rabbits", pet_id=rabbit["pet_id"],
                   type_code="FULL_GROOM", hospital_id="HOS-1", date="2026-05-20")
    assert_refused(state, "find_visit_times", "must be a date", pet_id=rabbit["pet_id"], type_code="NAIL_TRIM",
                   hospital_id="HOS-1", date="next week")


def test_paged_lists(state: DuckDBState) -> None:
    busy = first(state, "SELECT pet_id FROM visits GROUP BY 1 HAVING count(*) > 10 ORDER BY 1")
    page = run(state, "list_pet_visits", pet_id=busy["pet_id"])
    assert page["more"] and len(page["visits"]) == 10
    rest = run(state, "list_pet_visits", pet_id=busy["pet_id"], offset=page["next_offset"])
    assert rest["visits"] and not {v["visit_id"] for v in rest["visits"]} & {v["visit_id"] for v in page["visits"]}
    assert_refused(state, "list_pet_visits", "offset must be 0 or more", pet_id=busy["pet_id"], offset=-1)
    owner = first(state, "SELECT owner_id FROM invoices GROUP BY 1 HAVING count(*) > 12 ORDER BY 1")
    inv = run(state, "list_owner_invoices", owner_id=owner["owner_id"])
    assert inv["more"] and len(str(inv)) < 4000
    assert run(state, "list_owner_invoices", owner_id=owner["owner_id"], offset=inv["next_offset"])["invoices"]
    assert_refused(state, "list_owner_invoices", "offset must be 0 or more", owner_id=owner["owner_id"], offset=-5)
    paid = run(state, "list_owner_invoices", owner_id=owner["owner_id"], status="paid")
    assert all(i["status"] == "paid" for i in paid["invoices"])


def test_other_pet_reads(state: DuckDBState) -> None:
    stay = first(state, "SELECT pet_id FROM kennel_stays ORDER BY stay_id")
    assert run(state, "list_kennel_stays", pet_id=stay["pet_id"])["stays"]
    rx = first(state, "SELECT pet_id FROM prescriptions ORDER BY rx_id")
    assert run(state, "list_pet_prescriptions", pet_id=rx["pet_id"])["prescriptions"][0]["next_refill_on"]
    est = first(state, "SELECT pet_id, low_total FROM estimates ORDER BY estimate_id")
    got = run(state, "list_pet_estimates", pet_id=est["pet_id"])["estimates"]
    assert got[0]["deposit_on_approval"] == round(got[0]["low_total"] / 2 + 1e-9, 2)


def test_kennel_quote(state: DuckDBState) -> None:
    pet = free_pet(state, "p.species = 'dog' AND p.weight_kg >= 25")
    full = run(state, "check_kennel_availability", pet_id=pet["pet_id"], hospital_id="HOS-1", check_in="2026-05-22",
               nights=3)
    assert full["kennel_size"] == "LARGE" and full["spaces_left"] == 0 and full["full_nights"]
    assert full["total"] == 174.0
    assert_refused(state, "check_kennel_availability", "in the past", pet_id=pet["pet_id"], hospital_id="HOS-1",
                   check_in="2026-05-01", nights=2)
    assert_refused(state, "check_kennel_availability", "1 to 21 nights", pet_id=pet["pet_id"], hospital_id="HOS-1",
                   check_in="2026-06-01", nights=30)


# -- visits -----------------------------------------------------------------------------------------------------

def test_book_paid_visit_and_cancel_in_time(state: DuckDBState) -> None:
    pet = free_pet(state, "p.species = 'dog' AND p.last_exam_on > DATE '2026-01-01' AND NOT p.neutered AND "
                          "p.birth_date < DATE '2025-12-01'")
    slot = open_slot(state, "procedure", "dog")
    out = run(state, "book_visit", pet_id=pet["pet_id"], type_code="SPAY_NEUTER", slot_id=slot["slot_id"])
    assert out["fee"] == 480.0 and out["deposit_charged"] == 150.0 and not out["covered_by_plan"]
    assert one(state, "SELECT status FROM slots WHERE slot_id = ?", [slot["slot_id"]])["status"] == "booked"
    assert_refused(state, "book_visit", "already taken", pet_id=pet["pet_id"], type_code="SPAY_NEUTER",
                   slot_id=slot["slot_id"])
    done = run(state, "cancel_visit", visit_id=out["visit_id"], reason="cost")
    assert done["deposit_refunded"] == 150.0 and done["deposit_forfeited"] == 0.0
    assert one(state, "SELECT status FROM slots WHERE slot_id = ?", [slot["slot_id"]])["status"] == "open"
    assert_refused(state, "cancel_visit", "only booked visits can be cancelled", visit_id=out["visit_id"],
                   reason="cost")


def test_plan_visit_is_free_and_returned(state: DuckDBState) -> None:
    pet = first(state, "SELECT p.*, e.enrollment_id, e.visits_used FROM pets p JOIN plan_enrollments e ON e.pet_id = "
                       "p.pet_id AND e.status = 'active' JOIN wellness_plans w ON w.plan_code = e.plan_code WHERE "
                       f"p.species = 'dog' AND e.visits_used < w.included_visits - 1 AND {NO_OVERDUE} AND NOT EXISTS "
                       "(SELECT 1 FROM visits v WHERE v.pet_id = p.pet_id AND v.status = 'booked') ORDER BY p.pet_id")
    slot = open_slot(state, "exam", "dog")
    out = run(state, "book_visit", pet_id=pet["pet_id"], type_code="VACCINE_VISIT", slot_id=slot["slot_id"])
    assert out["fee"] == 0.0 and out["deposit_charged"] == 0.0 and out["covered_by_plan"]
    used = one(state, "SELECT visits_used FROM plan_enrollments WHERE enrollment_id = ?", [pet["enrollment_id"]])
    assert used["visits_used"] == pet["visits_used"] + 1
    back = run(state, "cancel_visit", visit_id=out["visit_id"], reason="travel")
    assert back["plan_visit_returned"]
    assert one(state, "SELECT visits_used FROM plan_enrollments WHERE enrollment_id = ?",
               [pet["enrollment_id"]])["visits_used"] == pet["visits_used"]


def test_book_visit_refusals(state: DuckDBState) -> None:
    dog = free_pet(state, "p.species = 'dog' AND p.neutered AND p.last_exam_on > DATE '2026-01-01'")
    exam = open_slot(state, "exam", "dog")
    assert_refused(state, "book_visit", "needs a procedure slot", pet_id=dog["pet_id"], type_code="DENTAL_CLEANING",
                   slot_id=exam["slot_id"])
    proc = open_slot(state, "procedure", "dog")
    assert_refused(state, "book_visit", "already spayed or neutered", pet_id=dog["pet_id"], type_code="SPAY_NEUTER",
                   slot_id=proc["slot_id"])
    soon = first(state, "SELECT * FROM slots WHERE status = 'open' AND slot_kind = 'exam' AND starts_at > "
                        "TIMESTAMP '2026-05-13 09:00' AND starts_at < TIMESTAMP '2026-05-13 11:00' ORDER BY slot_id")
    assert_refused(state, "book_visit", "at least 2 hours ahead", pet_id=dog["pet_id"], type_code="SICK_VISIT",
                   slot_id=soon["slot_id"])
    cat_only = open_slot(state, "exam", "cat", hospital="HOS-1", skip=0)
    okafor = first(state, "SELECT s.* FROM slots s WHERE s.staff_id = 'VET-13' AND s.status = 'open' AND s.starts_at > "
                          "TIMESTAMP '2026-05-15 00:00' AND s.slot_kind = 'exam' ORDER BY s.starts_at")
    assert cat_only
    assert_refused(state, "book_visit", "does not see dogs", pet_id=dog["pet_id"], type_code="SICK_VISIT",
                   slot_id=okafor["slot_id"])
    rabbit = first(state, "SELECT pet_id FROM pets WHERE species = 'rabbit' AND status = 'active' ORDER BY pet_id")
    assert_refused(state, "book_visit", "not offered for rabbits", pet_id=rabbit["pet_id"], type_code="FULL_GROOM",
                   slot_id=exam["slot_id"])
    assert_refused(state, "book_visit", "no slot with id", pet_id=dog["pet_id"], type_code="SICK_VISIT",
                   slot_id="SL-99999")
    dead = first(state, "SELECT pet_id FROM pets WHERE status = 'deceased' ORDER BY pet_id")
    assert_refused(state, "book_visit", "recorded as deceased", pet_id=dead["pet_id"], type_code="SICK_VISIT",
                   slot_id=exam["slot_id"])


def test_overlapping_visits_refused(state: DuckDBState) -> None:
    v = first(state, "SELECT v.pet_id, s.starts_at, s.hospital_id FROM visits v JOIN slots s ON s.slot_id = v.slot_id "
                     f"JOIN pets p ON p.pet_id = v.pet_id WHERE v.status = 'booked' AND s.slot_kind = 'exam' AND "
                     f"p.species = 'dog' AND s.starts_at > TIMESTAMP '2026-05-14 12:00' AND {NO_OVERDUE} AND EXISTS "
                     "(SELECT 1 FROM slots x JOIN staff t ON t.staff_id = x.staff_id WHERE x.starts_at = s.starts_at "
                     "AND x.status = 'open' AND x.slot_kind = 'exam' AND t.species LIKE '%dog%') ORDER BY v.visit_id")
    other = first(state, "SELECT x.slot_id FROM slots x JOIN staff t ON t.staff_id = x.staff_id WHERE x.starts_at = ? "
                         "AND x.status = 'open' AND x.slot_kind = 'exam' AND t.species LIKE '%dog%' ORDER BY 1",
                  [v["starts_at"]])
    assert_refused(state, "book_visit", "overlaps that slot", pet_id=v["pet_id"], type_code="SICK_VISIT",
                   slot_id=other["slot_id"])


def test_grooming_needs_vaccines(state: DuckDBState) -> None:
    pet = first(state, "SELECT p.* FROM pets p WHERE p.species = 'dog' AND p.status = 'active' AND "
                       f"{NO_OVERDUE} AND (SELECT max(due_on) FROM vaccinations v WHERE v.pet_id = p.pet_id AND "
                       "v.vaccine_code = 'DOG_BORDETELLA') < DATE '2026-05-13' ORDER BY p.pet_id")
    slot = open_slot(state, "grooming", "dog")
    assert_refused(state, "book_visit", "not covered for grooming .*Bordetella", pet_id=pet["pet_id"],
                   type_code="BATH_AND_TIDY", slot_id=slot["slot_id"])
    trim = run(state, "book_visit", pet_id=pet["pet_id"], type_code="NAIL_TRIM", slot_id=slot["slot_id"])
    assert trim["fee"] == 22.0 and trim["deposit_charged"] == 0.0


def test_anesthesia_needs_recent_exam(state: DuckDBState) -> None:
    pet = free_pet(state, "p.species = 'dog' AND (p.last_exam_on IS NULL OR p.last_exam_on < DATE '2025-10-01')")
    slot = open_slot(state, "procedure", "dog")
    assert_refused(state, "book_visit", "needs an exam with a veterinarian within 180 days", pet_id=pet["pet_id"],
                   type_code="DENTAL_CLEANING", slot_id=slot["slot_id"])


def test_spay_age_limit(state: DuckDBState) -> None:
    pup = free_pet(state, "p.species = 'dog' AND NOT p.neutered AND p.birth_date > DATE '2026-01-20' AND "
                          "p.last_exam_on > DATE '2026-01-01'")
    slot = open_slot(state, "procedure", "dog", after="2026-05-14")
    assert_refused(state, "book_visit", "at least 4 months old", pet_id=pup["pet_id"], type_code="SPAY_NEUTER",
                   slot_id=slot["slot_id"])


def test_overdue_and_expired_card_block_bookings(state: DuckDBState) -> None:
    late = first(state, "SELECT p.* FROM pets p WHERE p.status = 'active' AND NOT " + NO_OVERDUE + " ORDER BY p.pet_id")
    slot = open_slot(state, "exam", late["species"])
    assert_refused(state, "book_visit", "overdue invoices", pet_id=late["pet_id"], type_code="SICK_VISIT",
                   slot_id=slot["slot_id"])
    assert_refused(state, "reserve_kennel", "overdue invoices", pet_id=late["pet_id"], hospital_id="HOS-1",
                   check_in="2026-07-01", nights=2)
    expired = first(state, "SELECT p.* FROM pets p JOIN owners o ON o.owner_id = p.owner_id WHERE p.status = 'active' "
                           f"AND o.card_expires < '2026-05' AND p.species = 'dog' AND {NO_OVERDUE} AND "
                           "p.last_exam_on > DATE '2025-12-01' AND p.neutered ORDER BY p.pet_id")
    proc = open_slot(state, "procedure", "dog")
    assert_refused(state, "book_visit", "expired .* cannot pay the \\$100.00 deposit", pet_id=expired["pet_id"],
                   type_code="DENTAL_CLEANING", slot_id=proc["slot_id"])


def test_late_cancel_needs_consent(state: DuckDBState) -> None:
    v = first(state, "SELECT v.* FROM visits v JOIN slots s ON s.slot_id = v.slot_id WHERE v.status = 'booked' AND "
                     "v.deposit_paid > 0 AND s.starts_at < TIMESTAMP '2026-05-14 09:00' ORDER BY v.visit_id")
    assert_refused(state, "cancel_visit", "forfeits the \\$", visit_id=v["visit_id"], reason="schedule_conflict")
    out = run(state, "cancel_visit", visit_id=v["visit_id"], reason="schedule_conflict", accept_deposit_forfeit=True)
    assert out["deposit_forfeited"] == v["deposit_paid"] and out["deposit_refunded"] == 0.0
    free = first(state, "SELECT v.* FROM visits v JOIN slots s ON s.slot_id = v.slot_id WHERE v.status = 'booked' AND "
                        "v.deposit_paid = 0 AND s.starts_at < TIMESTAMP '2026-05-14 09:00' ORDER BY v.visit_id")
    assert run(state, "cancel_visit", visit_id=free["visit_id"], reason="travel")["status"] == "cancelled"
    assert_refused(state, "cancel_visit", "no visit with id", visit_id="VIS-1", reason="travel")


def test_reschedule(state: DuckDBState) -> None:
    v = first(state, "SELECT v.*, s.starts_at, p.species FROM visits v JOIN slots s ON s.slot_id = v.slot_id JOIN "
                     "pets p ON p.pet_id = v.pet_id WHERE v.status = 'booked' AND v.reschedule_count = 0 AND "
                     "v.type_code = 'SICK_VISIT' AND s.starts_at > TIMESTAMP '2026-05-15 00:00' ORDER BY v.visit_id")
    target = open_slot(state, "exam", v["species"], after="2026-05-27")
    out = run(state, "reschedule_visit", visit_id=v["visit_id"], new_slot_id=target["slot_id"])
    assert out["reschedules_left"] == 1
    assert one(state, "SELECT slot_id FROM visits WHERE visit_id = ?", [v["visit_id"]])["slot_id"] == target["slot_id"]
    assert one(state, "SELECT status FROM slots WHERE slot_id = ?", [v["slot_id"]])["status"] == "open"
    assert_refused(state, "reschedule_visit", "already is in slot", visit_id=v["visit_id"],
                   new_slot_id=target["slot_id"])
    groom = open_slot(state, "grooming", v["species"], after="2026-05-27")
    assert_refused(state, "reschedule_visit", "needs a exam slot", visit_id=v["visit_id"],
                   new_slot_id=groom["slot_id"])


def test_reschedule_refusals(state: DuckDBState) -> None:
    twice = first(state, "SELECT v.*, p.species FROM visits v JOIN slots s ON s.slot_id = v.slot_id JOIN pets p ON "
                         "p.pet_id = v.pet_id WHERE v.status = 'booked' AND v.reschedule_count = 2 AND s.starts_at > "
                         "TIMESTAMP '2026-05-15 00:00' ORDER BY v.visit_id")
    target = open_slot(state, "exam", twice["species"], after="2026-05-27")
    assert_refused(state, "reschedule_visit", "already rescheduled 2 times", visit_id=twice["visit_id"],
                   new_slot_id=target["slot_id"])
    soon = first(state, "SELECT v.* FROM visits v JOIN slots s ON s.slot_id = v.slot_id WHERE v.status = 'booked' AND "
                        "s.starts_at < TIMESTAMP '2026-05-14 09:00' ORDER BY v.visit_id")
    assert_refused(state, "reschedule_visit", "can no longer be rescheduled", visit_id=soon["visit_id"],
                   new_slot_id=target["slot_id"])
    done = first(state, "SELECT visit_id FROM visits WHERE status = 'completed' ORDER BY visit_id")
    assert_refused(state, "reschedule_visit", "only booked visits can be rescheduled", visit_id=done["visit_id"],
                   new_slot_id=target["slot_id"])


# -- boarding ---------------------------------------------------------------------------------------------------

def test_reserve_and_cancel_kennel_free(state: DuckDBState) -> None:
    pet = free_pet(state, "p.species = 'cat' AND NOT EXISTS (SELECT 1 FROM kennel_stays k WHERE k.pet_id = p.pet_id "
                          "AND k.status IN ('reserved', 'checked_in')) AND (SELECT min(d) FROM (SELECT max(due_on) d "
                          "FROM vaccinations v WHERE v.pet_id = p.pet_id AND v.vaccine_code IN ('CAT_RABIES', "
                          "'CAT_FVRCP') GROUP BY v.vaccine_code HAVING count(*) > 0)) > DATE '2026-07-01' AND (SELECT "
                          "count(DISTINCT vaccine_code) FROM vaccinations v WHERE v.pet_id = p.pet_id AND "
                          "v.vaccine_code IN ('CAT_RABIES', 'CAT_FVRCP')) = 2")
    out = run(state, "reserve_kennel", pet_id=pet["pet_id"], hospital_id="HOS-3", check_in="2026-06-10", nights=4)
    assert out["kennel_size"] == "CONDO" and out["total"] == 152.0 and out["free_cancellation_until"] == "2026-06-07"
    assert_refused(state, "reserve_kennel", "already has kennel stay", pet_id=pet["pet_id"], hospital_id="HOS-1",
                   check_in="2026-06-12", nights=2)
    done = run(state, "cancel_kennel_stay", stay_id=out["stay_id"])
    assert done["cancellation_fee"] == 0.0 and done["invoice_id"] is None
    assert_refused(state, "cancel_kennel_stay", "only reserved stays", stay_id=out["stay_id"])
    assert_refused(state, "cancel_kennel_stay", "no kennel stay", stay_id="KS-1")


def test_kennel_capacity_and_vaccines(state: DuckDBState) -> None:
    big = first(state, "SELECT p.* FROM pets p WHERE p.species = 'dog' AND p.weight_kg >= 25 AND p.status = 'active' "
                       f"AND {NO_OVERDUE} AND NOT EXISTS (SELECT 1 FROM kennel_stays k WHERE k.pet_id = p.pet_id AND "
                       "k.status IN ('reserved', 'checked_in') AND k.check_out > DATE '2026-05-20') ORDER BY p.pet_id")
    assert_refused(state, "reserve_kennel", "every large run at Hollowbrook Riverside .* 2026-05-22",
                   pet_id=big["pet_id"], hospital_id="HOS-1", check_in="2026-05-22", nights=3)
    lapsed = first(state, "SELECT p.* FROM pets p WHERE p.species = 'dog' AND p.status = 'active' AND "
                          f"{NO_OVERDUE} AND (SELECT max(due_on) FROM vaccinations v WHERE v.pet_id = p.pet_id AND "
                          "v.vaccine_code = 'DOG_DHPP') < DATE '2026-05-13' AND NOT EXISTS (SELECT 1 FROM kennel_stays "
                          "k WHERE k.pet_id = p.pet_id AND k.status IN ('reserved', 'checked_in')) ORDER BY p.pet_id")
    assert_refused(state, "reserve_kennel", "not covered for boarding .*DHPP", pet_id=lapsed["pet_id"],
                   hospital_id="HOS-2", check_in="2026-06-20", nights=2)
    dead = first(state, "SELECT pet_id FROM pets WHERE status = 'deceased' ORDER BY pet_id")
    assert_refused(state, "reserve_kennel", "deceased", pet_id=dead["pet_id"], hospital_id="HOS-2",
                   check_in="2026-06-20", nights=2)


def test_kennel_late_cancel_fee(state: DuckDBState) -> None:
    k = first(state, "SELECT * FROM kennel_stays WHERE status = 'reserved' AND check_in BETWEEN DATE '2026-05-13' AND "
                     "DATE '2026-05-15' ORDER BY stay_id")
    assert_refused(state, "cancel_kennel_stay", "costs one night", stay_id=k["stay_id"])
    out = run(state, "cancel_kennel_stay", stay_id=k["stay_id"], accept_late_fee=True)
    assert out["cancellation_fee"] == k["nightly_rate"]
    inv = one(state, "SELECT * FROM invoices WHERE invoice_id = ?", [out["invoice_id"]])
    assert inv["amount"] == k["nightly_rate"] and inv["status"] == "open" and inv["kind"] == "cancellation"


# -- prescriptions ------------------------------------------------------------------------------------------------

RX = ("SELECT r.*, (SELECT max(filled_on) FROM rx_fills f WHERE f.rx_id = r.rx_id) AS last_fill FROM prescriptions r "
      "JOIN pets p ON p.pet_id = r.pet_id WHERE p.status = 'active' AND ")


def test_refill(state: DuckDBState) -> None:
    rx = first(state, RX + "r.status = 'active' AND NOT r.controlled AND r.expires_on > DATE '2026-05-13' AND "
                           "r.refills_used < r.refills_authorized - 1 AND p.last_exam_on > DATE '2025-05-13' AND "
                           "(SELECT max(filled_on) FROM rx_fills f WHERE f.rx_id = r.rx_id) < DATE '2026-04-01' "
                           "ORDER BY r.rx_id")
    out = run(state, "request_refill", rx_id=rx["rx_id"])
    assert out["refills_left"] == rx["refills_authorized"] - rx["refills_used"] - 1 and out["price"] == rx["price"]
    fill = one(state, "SELECT * FROM rx_fills WHERE fill_id = ?", [out["fill_id"]])
    assert str(fill["filled_on"])[:10] == TODAY and fill["kind"] == "refill"
    assert one(state, "SELECT amount FROM invoices WHERE invoice_id = ?", [out["invoice_id"]])["amount"] == rx["price"]
    assert_refused(state, "request_refill", "too soon", rx_id=rx["rx_id"])


def test_refill_refusals(state: DuckDBState) -> None:
    base = "r.status = 'active' AND p.last_exam_on > DATE '2025-05-13' AND "
    cases = [
        ("r.status = 'discontinued'", "discontinued"),
        (base + "r.controlled", "controlled drug"),
        (base + "NOT r.controlled AND r.expires_on < DATE '2026-05-13'", "expired"),
        (base + "NOT r.controlled AND r.expires_on > DATE '2026-05-13' AND r.refills_used = r.refills_authorized",
         "no refills left"),
        ("r.status = 'active' AND NOT r.controlled AND r.expires_on > DATE '2026-05-13' AND r.refills_used < "
         "r.refills_authorized AND (p.last_exam_on IS NULL OR p.last_exam_on < DATE '2025-05-13')", "exam"),
    ]
    for where, message in cases:
        rx = first(state, RX + where + " ORDER BY r.rx_id")
        assert_refused(state, "request_refill", message, rx_id=rx["rx_id"])
    assert_refused(state, "request_refill", "no prescription", rx_id="RX-1")
    dead = first(state, "SELECT r.rx_id FROM prescriptions r JOIN pets p ON p.pet_id = r.pet_id WHERE p.status = "
                        "'deceased' ORDER BY r.rx_id")
    assert_refused(state, "request_refill", "deceased", rx_id=dead["rx_id"])


# -- plans, payments, estimates -------------------------------------------------------------------------------------

def test_enroll(state: DuckDBState) -> None:
    pet = first(state, "SELECT p.* FROM pets p WHERE p.species = 'cat' AND p.status = 'active' AND p.birth_date BETWEEN "
                       f"DATE '2018-01-01' AND DATE '2024-01-01' AND {NO_OVERDUE} AND NOT EXISTS (SELECT 1 FROM "
                       "plan_enrollments e WHERE e.pet_id = p.pet_id AND e.status = 'active') ORDER BY p.pet_id")
    assert_refused(state, "enroll_in_wellness_plan", "is for dogs", pet_id=pet["pet_id"], plan_code="ADULT_DOG")
    assert_refused(state, "enroll_in_wellness_plan", "up to 12 months old", pet_id=pet["pet_id"],
                   plan_code="KITTEN_START")
    out = run(state, "enroll_in_wellness_plan", pet_id=pet["pet_id"], plan_code="ADULT_CAT")
    assert out["start_date"] == TODAY and out["end_date"] == "2027-05-12" and out["monthly_fee"] == 25.0
    assert one(state, "SELECT amount FROM invoices WHERE invoice_id = ?", [out["first_invoice_id"]])["amount"] == 25.0
    assert_refused(state, "enroll_in_wellness_plan", "already on the Adult Cat Care plan", pet_id=pet["pet_id"],
                   plan_code="ADULT_CAT")
    late = first(state, "SELECT p.* FROM pets p WHERE p.status = 'active' AND p.species = 'rabbit' AND NOT "
                        + NO_OVERDUE + " AND NOT EXISTS (SELECT 1 FROM plan_enrollments e WHERE e.pet_id = p.pet_id "
                        "AND e.status = 'active') ORDER BY p.pet_id") if q(
        state, "SELECT 1 FROM pets p WHERE p.species = 'rabbit' AND NOT " + NO_OVERDUE) else None
    if late is None:
        late = first(state, "SELECT p.* FROM pets p WHERE p.status = 'active' AND NOT " + NO_OVERDUE +
                     " AND NOT EXISTS (SELECT 1 FROM plan_enrollments e WHERE e.pet_id = p.pet_id AND e.status = "
                     "'active') ORDER BY p.pet_id")
    months = one(state, "SELECT date_diff('month', birth_date, DATE '2026-05-13') AS m FROM pets WHERE pet_id = ?",
                 [late["pet_id"]])["m"]
    plan = first(state, "SELECT plan_code FROM wellness_plans WHERE species = ? AND min_age_months <= ? AND "
                        "max_age_months > ? ORDER BY plan_code", [late["species"], months - 1, months - 1])
    assert_refused(state, "enroll_in_wellness_plan", "overdue invoices|months old", pet_id=late["pet_id"],
                   plan_code=plan["plan_code"])


def test_pay_invoice(state: DuckDBState) -> None:
    inv = first(state, "SELECT i.* FROM invoices i JOIN owners o ON o.owner_id = i.owner_id WHERE i.status = 'open' "
                       "AND o.card_expires >= '2026-05' ORDER BY i.invoice_id")
    out = run(state, "pay_invoice", invoice_id=inv["invoice_id"])
    assert out["amount_paid"] == inv["amount"]
    row = one(state, "SELECT status, paid_on FROM invoices WHERE invoice_id = ?", [inv["invoice_id"]])
    assert row["status"] == "paid" and str(row["paid_on"])[:10] == TODAY
    assert_refused(state, "pay_invoice", "already paid", invoice_id=inv["invoice_id"])
    assert_refused(state, "pay_invoice", "no invoice", invoice_id="INV-1")
    expired = first(state, "SELECT i.* FROM invoices i JOIN owners o ON o.owner_id = i.owner_id WHERE i.status = "
                           "'open' AND o.card_expires < '2026-05' ORDER BY i.invoice_id")
    assert_refused(state, "pay_invoice", "expired", invoice_id=expired["invoice_id"])


def test_estimates(state: DuckDBState) -> None:
    e = first(state, "SELECT * FROM estimates WHERE status = 'pending' AND expires_on >= DATE '2026-05-13' "
                     "ORDER BY estimate_id")
    out = run(state, "approve_estimate", estimate_id=e["estimate_id"])
    assert out["deposit"] == round(e["low_total"] / 2 + 1e-9, 2) and out["due_on"] == "2026-05-27"
    assert_refused(state, "approve_estimate", "only pending estimates", estimate_id=e["estimate_id"])
    old = first(state, "SELECT * FROM estimates WHERE status = 'pending' AND expires_on < DATE '2026-05-13' "
                       "ORDER BY estimate_id")
    assert_refused(state, "approve_estimate", "expired", estimate_id=old["estimate_id"])
    assert_refused(state, "approve_estimate", "no estimate", estimate_id="EST-1")


def test_new_ids_continue_the_numbering(state: DuckDBState) -> None:
    last = state.db.scalar("SELECT max(CAST(substr(invoice_id, 5) AS INTEGER)) FROM invoices")
    inv = first(state, "SELECT i.* FROM invoices i JOIN owners o ON o.owner_id = i.owner_id WHERE i.status = 'open' "
                       "AND o.card_expires >= '2026-05' ORDER BY i.invoice_id")
    assert inv
    e = first(state, "SELECT * FROM estimates WHERE status = 'pending' AND expires_on >= DATE '2026-05-13' "
                     "ORDER BY estimate_id")
    assert run(state, "approve_estimate", estimate_id=e["estimate_id"])["invoice_id"] == f"INV-{last + 1}"
