"""The pharmacy environment's own checks: structure, seed consistency, reads, and every business rule's refusal."""

from __future__ import annotations

import math
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

TODAY = date(2026, 9, 14)
OPEN = "('in_progress', 'ready')"
RX = ("SELECT r.*, d.schedule, d.tier, d.allergy_class, d.name AS drug_name, p.plan_id, p.coverage_end, "
      "p.allergies FROM prescriptions r JOIN drugs d ON d.drug_id = r.drug_id JOIN patients p ON "
      "p.patient_id = r.patient_id")
FILLABLE = (f"r.status = 'active' AND r.expires_on >= DATE '2026-09-14' AND NOT EXISTS (SELECT 1 FROM fills f "
            f"WHERE f.rx_id = r.rx_id AND f.status IN {OPEN}) AND (p.allergies IS NULL OR p.allergies NOT LIKE "
            "'%' || d.allergy_class || '%')")
DUE = ("(r.last_filled_on IS NULL OR (r.refills_remaining > 0 AND d.schedule <> 'II' AND r.last_filled_on + "
       "CAST(ceil(r.days_supply * CASE WHEN d.schedule = 'none' THEN 0.75 ELSE 0.9 END) AS INTEGER) <= "
       "DATE '2026-09-14'))")
IN_STOCK = "(SELECT on_hand FROM inventory i WHERE i.store_id = r.store_id AND i.drug_id = r.drug_id) >= r.quantity"


def rx(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, f"{RX} WHERE {where} ORDER BY r.rx_id LIMIT 1", params)


def stock(state: DuckDBState, store_id: str, drug_id: str) -> int:
    return state.db.scalar("SELECT on_hand FROM inventory WHERE store_id = ? AND drug_id = ?", [store_id, drug_id])


def write(state: DuckDBState, sql: str, params: list[Any] | None = None) -> None:
    """Set up a case the seed does not hold (a test-only change, in a transaction like a tool's)."""
    state.run_in_transaction(lambda db: db.execute(sql, params or []), writes=True)


def patient_of(state: DuckDBState, patient_id: str) -> dict[str, Any]:
    return one(state, "SELECT * FROM patients WHERE patient_id = ?", [patient_id])


# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs (schemas, seed, task mix, gold replay), with this one's figures.
TestStructure = ENV.standard_tests(min_rules=8, compact_share=1 / 3, min_tools=14, min_writes=8, min_reads=10,
                                   min_tables=8, min_rows=2000, every_table_filled=True, min_tasks=70,
                                   min_read_tasks=15, min_single_write_tasks=15, min_multi_write_tasks=10,
                                   min_user_fact_tasks=50, min_refusal_tasks=8, min_forbidden_tasks=1,
                                   unchecked_output_tags=("derived",))


def test_policy_states_the_figures() -> None:
    assert ENV.manifest.domain == "healthcare-retail" and ENV.manifest.now == "2026-09-14T10:00:00"
    policy = (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8")
    for fact in ("2026-09-14 10:00", "75%", "90%", "$5.99", "65 or older", "2 hours", "1 hour", "30 days",
                 "90 days", "6 months", "only once", "Sunday"):
        assert fact in policy, fact


def test_tasks_cover_every_tool_and_refusals_write_nothing() -> None:
    refusals = [t for t in ENV.tasks if "refusal" in t.tags]
    assert refusals and all(t.outputs and not any(ENV.tools[c.name].writes for c in t.gold_calls) for t in refusals)
    assert len({c.name for t in ENV.tasks for c in t.gold_calls}) == len(ENV.tools)
    assert all(ENV.tools[p.name].writes for t in ENV.tasks for p in t.forbidden_calls)


# -- seed consistency ---------------------------------------------------------------------------------------

def test_seed_obeys_the_rules(state: DuckDBState) -> None:
    db = state.db
    # refills: never more fills than authorised, schedule II never refilled
    assert db.query("SELECT r.rx_id FROM prescriptions r WHERE r.refills_remaining < 0 OR r.refills_remaining > "
                    "r.refills_authorized") == []
    assert db.query("SELECT r.rx_id FROM prescriptions r JOIN drugs d ON d.drug_id = r.drug_id WHERE "
                    "d.schedule = 'II' AND r.refills_authorized > 0") == []
    # at most one open fill per prescription; no allergy conflicts among open fills
    assert db.query(f"SELECT rx_id FROM fills WHERE status IN {OPEN} GROUP BY 1 HAVING count(*) > 1") == []
    # delivery capacity per store and day
    assert db.query("SELECT v.store_id, v.delivery_date FROM deliveries v JOIN stores s ON s.store_id = v.store_id "
                    "WHERE v.status = 'scheduled' GROUP BY 1, 2, s.daily_delivery_slots HAVING count(*) > "
                    "s.daily_delivery_slots") == []
    # vaccine slot capacity
    assert db.query("SELECT a.slot_id FROM vaccinations a JOIN vaccine_slots s ON s.slot_id = a.slot_id WHERE "
                    "a.status = 'booked' GROUP BY a.slot_id, s.capacity HAVING count(*) > s.capacity") == []
    # expiry follows the schedule
    for r in db.query("SELECT r.written_on, r.expires_on, d.schedule FROM prescriptions r JOIN drugs d ON "
                      "d.drug_id = r.drug_id"):
        written, expires = date.fromisoformat(r["written_on"]), date.fromisoformat(r["expires_on"])
        days = (expires - written).days
        assert (days == 90) if r["schedule"] == "II" else (181 <= days <= 184 if r["schedule"] != "none" else
                                                           365 <= days <= 366)


# -- reads --------------------------------------------------------------------------------------------------

def test_find_patient_and_profile(state: DuckDBState) -> None:
    p = one(state, "SELECT * FROM patients WHERE plan_id IS NOT NULL ORDER BY patient_id LIMIT 1")
    found = run(state, "find_patient", first_name=p["first_name"].upper(), last_name=p["last_name"],
                date_of_birth=p["date_of_birth"])
    assert found["patient_id"] == p["patient_id"]
    prof = run(state, "get_patient_profile", patient_id=p["patient_id"].lower())
    assert prof["insurance"]["plan_id"] == p["plan_id"] and prof["insurance"]["coverage_current"]
    cash = one(state, "SELECT patient_id FROM patients WHERE plan_id IS NULL ORDER BY patient_id LIMIT 1")
    assert run(state, "get_patient_profile", patient_id=cash["patient_id"])["insurance"] is None
    assert_refused(state, "find_patient", "no patient named", first_name=p["first_name"], last_name=p["last_name"],
                   date_of_birth="1900-01-01")
    assert_refused(state, "find_patient", "date_of_birth must be a date", first_name="A", last_name="B",
                   date_of_birth="March 3rd")
    assert_refused(state, "get_patient_profile", "no patient with id", patient_id="PT-1")


def test_prescription_lists_page_and_explain(state: DuckDBState) -> None:
    busy = one(state, "SELECT patient_id FROM prescriptions GROUP BY 1 HAVING count(*) > 8 ORDER BY 1 LIMIT 1") \
        if state.db.scalar("SELECT count(*) FROM (SELECT patient_id FROM prescriptions GROUP BY 1 HAVING "
                           "count(*) > 8)") else one(state, "SELECT patient_id FROM prescriptions GROUP BY 1 "
                                                            "ORDER BY count(*) DESC, 1 LIMIT 1")
    first = run(state, "list_patient_prescriptions", patient_id=busy["patient_id"])
    assert len(first["prescriptions"]) <= 8
    fills = one(state, "SELECT r.patient_id FROM fills f JOIN prescriptions r ON r.rx_id = f.rx_id GROUP BY 1 "
                       "HAVING count(*) > 8 ORDER BY 1 LIMIT 1")
    page = run(state, "list_patient_fills", patient_id=fills["patient_id"])
    assert page["more"] and len(page["fills"]) == 8
    nxt = run(state, "list_patient_fills", patient_id=fills["patient_id"], offset=page["next_offset"])
    assert {f["fill_id"] for f in nxt["fills"]}.isdisjoint({f["fill_id"] for f in page["fills"]})
    assert_refused(state, "list_patient_fills", "offset must be 0 or more", patient_id=fills["patient_id"],
                   offset=-1)
    assert_refused(state, "list_patient_prescriptions", "offset must be 0 or more", patient_id=fills["patient_id"],
                   offset=-8)
    assert all(f["status"] == "ready" for f in
               run(state, "list_patient_fills", patient_id=fills["patient_id"], status="ready")["fills"])


def test_get_prescription_states(state: DuckDBState) -> None:
    r = rx(state, "d.schedule = 'IV' AND r.last_filled_on IS NOT NULL")
    out = run(state, "get_prescription", rx_id=r["rx_id"])
    want = date.fromisoformat(r["last_filled_on"]) + timedelta(days=math.ceil(r["days_supply"] * 0.9))
    assert out["next_fill_from"] == want.isoformat() and out["cash_price"] > 0
    ii = rx(state, f"d.schedule = 'II' AND r.last_filled_on IS NOT NULL AND {FILLABLE}")
    assert run(state, "get_prescription", rx_id=ii["rx_id"])["fill_state"] == "new_prescription_needed"
    expired = rx(state, "r.expires_on < DATE '2026-09-14' AND r.status = 'active'")
    assert run(state, "get_prescription", rx_id=expired["rx_id"])["fill_state"] == "expired"
    stopped = rx(state, "r.status = 'discontinued'")
    assert run(state, "get_prescription", rx_id=stopped["rx_id"])["fill_state"] == "discontinued"
    pa = rx(state, "d.tier = 3 AND p.plan_id IN ('PLN-1', 'PLN-2', 'PLN-4', 'PLN-6') AND p.coverage_end IS NULL")
    assert run(state, "get_prescription", rx_id=pa["rx_id"])["prior_auth_required"] is True
    assert_refused(state, "get_prescription", "no prescription", rx_id="RX-1")


def test_catalogue_stores_and_stock(state: DuckDBState) -> None:
    found = run(state, "search_drug_catalog", drug_name="Metformin")
    assert [d["name"] for d in found] == ["metformin"]
    assert_refused(state, "search_drug_catalog", "at least 3 letters", drug_name="me")
    drug = found[0]["drug_id"]
    assert len(run(state, "check_drug_stock", drug_id=drug)["stores"]) == 5
    assert run(state, "check_drug_stock", drug_id=drug, store_id="st-2")["stores"][0]["store_id"] == "ST-2"
    assert_refused(state, "check_drug_stock", "no drug with id", drug_id="DRG-1")
    assert_refused(state, "check_drug_stock", "no store with id", drug_id=drug, store_id="ST-9")
    stores = run(state, "list_stores")
    assert len(stores) == 5 and not next(s for s in stores if s["store_id"] == "ST-5")["offers_delivery"]
    assert [s["store_id"] for s in run(state, "list_stores", city="dublin")] == ["ST-2"]


def test_other_reads(state: DuckDBState) -> None:
    pa = one(state, "SELECT patient_id FROM prior_authorizations ORDER BY pa_id LIMIT 1")
    assert run(state, "list_prior_authorizations", patient_id=pa["patient_id"])["prior_authorizations"]
    dl = one(state, "SELECT patient_id FROM deliveries WHERE status = 'delivered' ORDER BY delivery_id LIMIT 1")
    out = run(state, "list_patient_deliveries", patient_id=dl["patient_id"])
    assert out["deliveries"] and out["deliveries"][0]["fills"] is not None
    vx = one(state, "SELECT patient_id FROM vaccinations ORDER BY appointment_id LIMIT 1")
    assert run(state, "list_patient_vaccinations", patient_id=vx["patient_id"])["vaccinations"]
    assert {v["vaccine_code"] for v in run(state, "list_vaccines")} == {"FLU", "COVID", "SHINGLES", "TDAP", "PNEUMO",
                                                                       "HEPB"}
    openings = run(state, "list_vaccine_openings", store_id="ST-1", on_date="2026-09-15")["openings"]
    assert openings and all(o["places_left"] > 0 for o in openings)
    today = run(state, "list_vaccine_openings", store_id="ST-1", on_date="2026-09-14")["openings"]
    assert all(o["starts_at"] >= "2026-09-14 11:00" for o in today)
    assert_refused(state, "list_vaccine_openings", "on_date must be a date", store_id="ST-1", on_date="tomorrow")


# -- request_fill -------------------------------------------------------------------------------------------

def test_refill_on_insurance(state: DuckDBState) -> None:
    r = rx(state, f"d.schedule = 'none' AND d.tier = 1 AND r.last_filled_on IS NOT NULL AND {FILLABLE} AND {DUE} "
                  f"AND {IN_STOCK} AND p.plan_id IS NOT NULL AND p.coverage_end IS NULL")
    plan = one(state, "SELECT * FROM insurance_plans WHERE plan_id = ?", [r["plan_id"]])
    before = stock(state, r["store_id"], r["drug_id"])
    out = run(state, "request_fill", rx_id=r["rx_id"], bill_to="insurance")
    assert out["patient_pays"] == round(plan["tier1_copay"] * math.ceil(r["days_supply"] / 30) + 1e-9, 2)
    assert out["ready_at"] == "2026-09-14 12:00" and out["refills_remaining"] == r["refills_remaining"] - 1
    assert stock(state, r["store_id"], r["drug_id"]) == before - r["quantity"]
    row = one(state, "SELECT * FROM prescriptions WHERE rx_id = ?", [r["rx_id"]])
    assert row["last_filled_on"] == "2026-09-14"
    fill = one(state, "SELECT * FROM fills WHERE fill_id = ?", [out["fill_id"]])
    assert fill["status"] == "in_progress" and fill["fill_number"] >= 1
    assert_refused(state, "request_fill", "already has fill", rx_id=r["rx_id"], bill_to="insurance")


def test_first_fill_uses_no_refill_and_cash_price(state: DuckDBState) -> None:
    r = rx(state, f"r.last_filled_on IS NULL AND {FILLABLE} AND {IN_STOCK}")
    drug = one(state, "SELECT * FROM drugs WHERE drug_id = ?", [r["drug_id"]])
    out = run(state, "request_fill", rx_id=r["rx_id"], bill_to="cash")
    assert out["fill_number"] == 0 and out["refills_remaining"] == r["refills_remaining"]
    assert out["patient_pays"] == round(drug["unit_cash_price"] * r["quantity"] + 1e-9, 2)


def test_fill_refusals_by_prescription_state(state: DuckDBState) -> None:
    stopped = rx(state, "r.status = 'discontinued'")
    assert_refused(state, "request_fill", "discontinued", rx_id=stopped["rx_id"], bill_to="cash")
    expired = rx(state, "r.status = 'active' AND r.expires_on < DATE '2026-09-14'")
    assert_refused(state, "request_fill", "expired on", rx_id=expired["rx_id"], bill_to="cash")
    ii = rx(state, f"d.schedule = 'II' AND r.last_filled_on IS NOT NULL AND {FILLABLE}")
    assert_refused(state, "request_fill", "schedule II .* cannot be refilled", rx_id=ii["rx_id"], bill_to="cash")
    empty = rx(state, f"d.schedule <> 'II' AND r.refills_remaining = 0 AND r.last_filled_on IS NOT NULL AND "
                      f"{FILLABLE}")
    assert_refused(state, "request_fill", "no refills left", rx_id=empty["rx_id"], bill_to="cash")
    assert_refused(state, "request_fill", "no prescription with id", rx_id="RX-42", bill_to="cash")


def test_no_early_refills(state: DuckDBState) -> None:
    plain = rx(state, f"d.schedule = 'none' AND r.refills_remaining > 0 AND r.last_filled_on >= DATE '2026-09-05' "
                      f"AND {FILLABLE}")
    err = assert_refused(state, "request_fill", "too early .* 75%", rx_id=plain["rx_id"], bill_to="cash")
    want = date.fromisoformat(plain["last_filled_on"]) + timedelta(days=math.ceil(plain["days_supply"] * 0.75))
    assert want.isoformat() in str(err)
    # a controlled refill between 75% and 90% of the supply is still too early
    ctrl = rx(state, f"d.schedule IN ('III', 'IV', 'V') AND r.refills_remaining > 0 AND r.days_supply = 30 AND "
                     f"r.last_filled_on BETWEEN DATE '2026-08-19' AND DATE '2026-08-21' AND {FILLABLE}")
    assert_refused(state, "request_fill", "controlled-substance refills wait until 90%", rx_id=ctrl["rx_id"],
                   bill_to="insurance")


def test_allergy_blocks_fill_and_record_allergy(state: DuckDBState) -> None:
    r = rx(state, f"d.allergy_class = 'nsaid' AND {FILLABLE} AND {DUE} AND {IN_STOCK} AND r.last_filled_on IS NOT "
                  "NULL AND (p.allergies IS NULL OR p.allergies NOT LIKE '%nsaid%')")
    out = run(state, "record_allergy", patient_id=r["patient_id"], allergy_class="nsaid")
    assert "nsaid" in out["allergies"] and r["rx_id"] in [b["rx_id"] for b in out["prescriptions_blocked"]]
    assert "nsaid" in patient_of(state, r["patient_id"])["allergies"].split()
    assert_refused(state, "request_fill", "recorded nsaid allergy", rx_id=r["rx_id"], bill_to="cash")
    assert_refused(state, "record_allergy", "already on", patient_id=r["patient_id"], allergy_class="nsaid")


def test_insurance_refusals(state: DuckDBState) -> None:
    ended = rx(state, f"p.coverage_end IS NOT NULL AND {FILLABLE} AND {DUE}")
    assert_refused(state, "request_fill", "coverage ended on", rx_id=ended["rx_id"], bill_to="insurance")
    none = rx(state, f"p.plan_id IS NULL AND {FILLABLE} AND {DUE}")
    assert_refused(state, "request_fill", "has no insurance on file", rx_id=none["rx_id"], bill_to="insurance")
    pa = rx(state, f"d.tier = 3 AND p.plan_id IN ('PLN-1', 'PLN-2', 'PLN-4', 'PLN-6') AND p.coverage_end IS NULL "
                   f"AND {FILLABLE} AND {DUE} AND NOT EXISTS (SELECT 1 FROM prior_authorizations a WHERE "
                   "a.patient_id = r.patient_id AND a.drug_id = r.drug_id AND a.status = 'approved' AND "
                   "a.expires_on >= DATE '2026-09-14')")
    assert_refused(state, "request_fill", "needs an approved prior authorisation", rx_id=pa["rx_id"],
                   bill_to="insurance")


def test_approved_prior_auth_bills_tier_three(state: DuckDBState) -> None:
    r = rx(state, f"d.tier = 3 AND p.coverage_end IS NULL AND {FILLABLE} AND {DUE} AND EXISTS (SELECT 1 FROM "
                  "prior_authorizations a WHERE a.patient_id = r.patient_id AND a.drug_id = r.drug_id AND "
                  "a.status = 'approved' AND a.expires_on >= DATE '2026-09-14')")
    write(state, "UPDATE inventory SET on_hand = 100 WHERE store_id = ? AND drug_id = ?",
                     [r["store_id"], r["drug_id"]])
    plan = one(state, "SELECT * FROM insurance_plans WHERE plan_id = ?", [r["plan_id"]])
    out = run(state, "request_fill", rx_id=r["rx_id"], bill_to="insurance")
    assert out["patient_pays"] == round(plan["tier3_copay"] * math.ceil(r["days_supply"] / 30) + 1e-9, 2)
    assert_refused(state, "submit_prior_authorization", "already approved until", rx_id=r["rx_id"])


def test_stock_shortage_then_transfer(state: DuckDBState) -> None:
    r = rx(state, f"d.schedule = 'none' AND {FILLABLE} AND {DUE} AND NOT ({IN_STOCK}) AND (p.plan_id IS NULL OR "
                  "d.tier < 3)")
    assert_refused(state, "request_fill", "fewer than the", rx_id=r["rx_id"], bill_to="cash")
    to = one(state, "SELECT store_id FROM inventory WHERE drug_id = ? AND store_id <> ? AND on_hand >= ? "
                    "ORDER BY store_id LIMIT 1", [r["drug_id"], r["store_id"], r["quantity"]])
    out = run(state, "transfer_prescription", rx_id=r["rx_id"], to_store_id=to["store_id"])
    assert out["to_store_id"] == to["store_id"]
    row = one(state, "SELECT * FROM prescriptions WHERE rx_id = ?", [r["rx_id"]])
    assert row["store_id"] == to["store_id"] and row["transfer_count"] == r["transfer_count"] + 1
    assert one(state, "SELECT * FROM transfers WHERE transfer_id = ?", [out["transfer_id"]])["from_store_id"] == \
        r["store_id"]
    assert run(state, "request_fill", rx_id=r["rx_id"], bill_to="cash")["store_id"] == to["store_id"]
    assert_refused(state, "transfer_prescription", "already at", rx_id=r["rx_id"], to_store_id=to["store_id"])
    assert_refused(state, "transfer_prescription", "no store with id", rx_id=r["rx_id"], to_store_id="ST-0")


# -- transfers ----------------------------------------------------------------------------------------------

def other_store(store_id: str) -> str:
    return "ST-1" if store_id != "ST-1" else "ST-2"


def test_transfer_refusals(state: DuckDBState) -> None:
    ii = rx(state, "d.schedule = 'II' AND r.status = 'active' AND r.expires_on >= DATE '2026-09-14'")
    assert_refused(state, "transfer_prescription", "schedule II prescriptions cannot be transferred",
                   rx_id=ii["rx_id"], to_store_id=other_store(ii["store_id"]))
    once = rx(state, "d.schedule IN ('III', 'IV', 'V') AND r.transfer_count = 1 AND r.status = 'active' AND "
                     "r.expires_on >= DATE '2026-09-14'")
    assert_refused(state, "transfer_prescription", "transferred only one time", rx_id=once["rx_id"],
                   to_store_id=other_store(once["store_id"]))
    stopped = rx(state, "r.status = 'discontinued'")
    assert_refused(state, "transfer_prescription", "discontinued", rx_id=stopped["rx_id"],
                   to_store_id=other_store(stopped["store_id"]))
    expired = rx(state, "r.status = 'active' AND r.expires_on < DATE '2026-09-14'")
    assert_refused(state, "transfer_prescription", "expired on", rx_id=expired["rx_id"],
                   to_store_id=other_store(expired["store_id"]))
    empty = rx(state, f"d.schedule = 'none' AND r.refills_remaining = 0 AND r.last_filled_on IS NOT NULL AND "
                      f"{FILLABLE}")
    assert_refused(state, "transfer_prescription", "no refills left to transfer", rx_id=empty["rx_id"],
                   to_store_id=other_store(empty["store_id"]))
    busy = rx(state, f"d.schedule = 'none' AND r.refills_remaining > 0 AND r.status = 'active' AND r.expires_on >= "
                     f"DATE '2026-09-14' AND EXISTS (SELECT 1 FROM fills f WHERE f.rx_id = r.rx_id AND f.status IN "
                     f"{OPEN})")
    assert_refused(state, "transfer_prescription", "can be transferred once that fill", rx_id=busy["rx_id"],
                   to_store_id=other_store(busy["store_id"]))


def test_controlled_transfer_once(state: DuckDBState) -> None:
    r = rx(state, f"d.schedule = 'IV' AND r.transfer_count = 0 AND r.refills_remaining > 0 AND {FILLABLE}")
    first = other_store(r["store_id"])
    run(state, "transfer_prescription", rx_id=r["rx_id"], to_store_id=first)
    assert_refused(state, "transfer_prescription", "only one time", rx_id=r["rx_id"], to_store_id=r["store_id"])


# -- prior authorisation ------------------------------------------------------------------------------------

def test_submit_prior_authorization(state: DuckDBState) -> None:
    r = rx(state, "d.tier = 3 AND p.plan_id IN ('PLN-1', 'PLN-2', 'PLN-4', 'PLN-6') AND p.coverage_end IS NULL "
                  "AND NOT EXISTS (SELECT 1 FROM prior_authorizations a WHERE a.patient_id = r.patient_id AND "
                  "a.drug_id = r.drug_id)")
    out = run(state, "submit_prior_authorization", rx_id=r["rx_id"])
    row = one(state, "SELECT * FROM prior_authorizations WHERE pa_id = ?", [out["pa_id"]])
    assert row["status"] == "pending" and row["submitted_on"] == "2026-09-14" and row["plan_id"] == r["plan_id"]
    assert_refused(state, "submit_prior_authorization", "already pending", rx_id=r["rx_id"])


def test_prior_authorization_refusals(state: DuckDBState) -> None:
    tier1 = rx(state, "d.tier = 1 AND p.plan_id IS NOT NULL AND p.coverage_end IS NULL")
    assert_refused(state, "submit_prior_authorization", "does not need prior authorisation", rx_id=tier1["rx_id"])
    nopa = rx(state, "d.tier = 3 AND p.plan_id IN ('PLN-3', 'PLN-5') AND p.coverage_end IS NULL")
    assert_refused(state, "submit_prior_authorization", "does not need", rx_id=nopa["rx_id"])
    uninsured = rx(state, "p.plan_id IS NULL")
    assert_refused(state, "submit_prior_authorization", "no current insurance", rx_id=uninsured["rx_id"])
    r = rx(state, "d.tier = 3 AND p.plan_id IN ('PLN-1', 'PLN-2', 'PLN-4', 'PLN-6') AND p.coverage_end IS NULL "
                  "AND NOT EXISTS (SELECT 1 FROM prior_authorizations a WHERE a.patient_id = r.patient_id AND "
                  "a.drug_id = r.drug_id)")
    write(state, "INSERT INTO prior_authorizations VALUES ('PA-9999', ?, ?, ?, 'denied', DATE '2026-09-01', "
                     "DATE '2026-09-03', NULL)", [r["patient_id"], r["drug_id"], r["plan_id"]])
    assert_refused(state, "submit_prior_authorization", "only the prescriber can appeal", rx_id=r["rx_id"])
    write(state, "UPDATE prior_authorizations SET decided_on = DATE '2026-08-01' WHERE pa_id = 'PA-9999'")
    assert run(state, "submit_prior_authorization", rx_id=r["rx_id"])["status"] == "pending"


# -- cancelling fills ---------------------------------------------------------------------------------------

def test_cancel_fill_returns_refill_and_stock(state: DuckDBState) -> None:
    f = one(state, "SELECT f.*, r.drug_id, r.refills_remaining FROM fills f JOIN prescriptions r ON r.rx_id = "
                   "f.rx_id WHERE f.status = 'ready' AND f.delivery_id IS NULL AND f.fill_number > 0 "
                   "ORDER BY f.fill_id LIMIT 1")
    before = stock(state, f["store_id"], f["drug_id"])
    out = run(state, "cancel_fill", fill_id=f["fill_id"])
    assert out["refills_remaining"] == f["refills_remaining"] + 1
    assert stock(state, f["store_id"], f["drug_id"]) == before + f["quantity"]
    last = one(state, "SELECT last_filled_on FROM prescriptions WHERE rx_id = ?", [f["rx_id"]])["last_filled_on"]
    assert last is None or last < f["filled_on"] or last == f["filled_on"]
    assert_refused(state, "cancel_fill", "only fills in progress or ready", fill_id=f["fill_id"])


def test_cancel_fill_refusals(state: DuckDBState) -> None:
    done = one(state, "SELECT fill_id FROM fills WHERE status = 'picked_up' ORDER BY fill_id LIMIT 1")
    assert_refused(state, "cancel_fill", "is picked_up", fill_id=done["fill_id"])
    on_route = one(state, "SELECT f.fill_id FROM fills f JOIN deliveries v ON v.delivery_id = f.delivery_id WHERE "
                          f"v.status = 'scheduled' AND f.status IN {OPEN} ORDER BY f.fill_id LIMIT 1")
    assert_refused(state, "cancel_fill", "cancel the delivery first", fill_id=on_route["fill_id"])
    assert_refused(state, "cancel_fill", "no fill with id", fill_id="FL-1")


# -- deliveries ---------------------------------------------------------------------------------------------

def deliverable(state: DuckDBState, young: bool) -> dict[str, Any]:
    age = "p.date_of_birth > DATE '1961-09-14'" if young else "p.date_of_birth <= DATE '1961-09-14'"
    return one(state, "SELECT f.fill_id, f.store_id, r.patient_id FROM fills f JOIN prescriptions r ON r.rx_id = "
                      "f.rx_id JOIN drugs d ON d.drug_id = r.drug_id JOIN patients p ON p.patient_id = r.patient_id "
                      "JOIN stores s ON s.store_id = f.store_id WHERE f.status = 'ready' AND f.delivery_id IS NULL "
                      "AND d.schedule <> 'II' AND s.delivery_zips LIKE '%' || p.zip || '%' AND "
                      f"{age} ORDER BY f.fill_id LIMIT 1")


def test_schedule_delivery_fee_and_cancel(state: DuckDBState) -> None:
    young = deliverable(state, young=True)
    out = run(state, "schedule_delivery", patient_id=young["patient_id"], fill_ids=[young["fill_id"]],
              delivery_date="2026-09-16")
    assert out["fee"] == 5.99
    assert one(state, "SELECT delivery_id FROM fills WHERE fill_id = ?", [young["fill_id"]])["delivery_id"] == \
        out["delivery_id"]
    assert_refused(state, "schedule_delivery", "already on delivery", patient_id=young["patient_id"],
                   fill_ids=[young["fill_id"]], delivery_date="2026-09-17")
    done = run(state, "cancel_delivery", delivery_id=out["delivery_id"])
    assert done["fills_waiting_at_store"] == [young["fill_id"]]
    assert one(state, "SELECT delivery_id FROM fills WHERE fill_id = ?", [young["fill_id"]])["delivery_id"] is None
    assert_refused(state, "cancel_delivery", "only scheduled deliveries", delivery_id=out["delivery_id"])
    senior = deliverable(state, young=False)
    assert run(state, "schedule_delivery", patient_id=senior["patient_id"], fill_ids=[senior["fill_id"]],
               delivery_date="2026-09-15")["fee"] == 0.0


def test_schedule_delivery_refusals(state: DuckDBState) -> None:
    f = deliverable(state, young=True)
    pid = f["patient_id"]
    assert_refused(state, "schedule_delivery", "one or more different", patient_id=pid, fill_ids=[],
                   delivery_date="2026-09-16")
    assert_refused(state, "schedule_delivery", "one or more different", patient_id=pid,
                   fill_ids=[f["fill_id"], f["fill_id"]], delivery_date="2026-09-16")
    other = one(state, "SELECT f.fill_id FROM fills f JOIN prescriptions r ON r.rx_id = f.rx_id WHERE "
                       "r.patient_id <> ? ORDER BY f.fill_id LIMIT 1", [pid])
    assert_refused(state, "schedule_delivery", "is not one of", patient_id=pid, fill_ids=[other["fill_id"]],
                   delivery_date="2026-09-16")
    done = one(state, "SELECT f.fill_id FROM fills f JOIN prescriptions r ON r.rx_id = f.rx_id WHERE "
                      "r.patient_id = ? AND f.status NOT IN ('ready', 'in_progress') ORDER BY f.fill_id LIMIT 1", [pid])
    assert_refused(state, "schedule_delivery", "only fills in progress or ready can be delivered", patient_id=pid,
                   fill_ids=[done["fill_id"]], delivery_date="2026-09-16")
    for day, why in (("2026-09-14", "from tomorrow"), ("2026-09-22", "from tomorrow"), ("2026-09-20", "Sundays"),
                     ("next week", "delivery_date must be a date")):
        assert_refused(state, "schedule_delivery", why, patient_id=pid, fill_ids=[f["fill_id"]], delivery_date=day)
    ii = one(state, "SELECT f.fill_id, r.patient_id FROM fills f JOIN prescriptions r ON r.rx_id = f.rx_id JOIN "
                    f"drugs d ON d.drug_id = r.drug_id WHERE d.schedule = 'II' AND f.status IN {OPEN} AND "
                    "f.delivery_id IS NULL ORDER BY f.fill_id LIMIT 1")
    assert_refused(state, "schedule_delivery", "must be picked up in person", patient_id=ii["patient_id"],
                   fill_ids=[ii["fill_id"]], delivery_date="2026-09-16")
    worthington = one(state, "SELECT f.fill_id, r.patient_id FROM fills f JOIN prescriptions r ON r.rx_id = f.rx_id "
                             "JOIN drugs d ON d.drug_id = r.drug_id WHERE f.store_id = 'ST-5' AND f.status IN "
                             f"{OPEN} AND d.schedule <> 'II' ORDER BY f.fill_id LIMIT 1")
    assert_refused(state, "schedule_delivery", "does not offer home delivery", patient_id=worthington["patient_id"],
                   fill_ids=[worthington["fill_id"]], delivery_date="2026-09-16")
    far = one(state, "SELECT f.fill_id, r.patient_id FROM fills f JOIN prescriptions r ON r.rx_id = f.rx_id JOIN "
                     "drugs d ON d.drug_id = r.drug_id JOIN patients p ON p.patient_id = r.patient_id JOIN stores s "
                     f"ON s.store_id = f.store_id WHERE f.status IN {OPEN} AND f.delivery_id IS NULL AND d.schedule "
                     "<> 'II' AND s.delivery_zips IS NOT NULL AND s.delivery_zips NOT LIKE '%' || p.zip || '%' "
                     "ORDER BY f.fill_id LIMIT 1")
    assert_refused(state, "schedule_delivery", "delivers only to ZIP codes", patient_id=far["patient_id"],
                   fill_ids=[far["fill_id"]], delivery_date="2026-09-16")


def test_delivery_needs_one_store_and_capacity(state: DuckDBState) -> None:
    f = deliverable(state, young=True)
    # a second open fill of the same patient at another store
    rx_other = one(state, "SELECT rx_id FROM prescriptions WHERE patient_id = ? ORDER BY rx_id LIMIT 1",
                   [f["patient_id"]])["rx_id"]
    store2 = other_store(f["store_id"])
    write(state, "INSERT INTO fills VALUES ('FL-799999', ?, ?, 1, 30, 30, 'cash', 5.0, 'ready', "
                     "DATE '2026-09-13', TIMESTAMP '2026-09-13 12:00:00', NULL, NULL)", [rx_other, store2])
    assert_refused(state, "schedule_delivery", "at different stores", patient_id=f["patient_id"],
                   fill_ids=[f["fill_id"], "FL-799999"], delivery_date="2026-09-16")
    slots = state.db.scalar("SELECT daily_delivery_slots FROM stores WHERE store_id = ?", [f["store_id"]])
    taken = state.db.scalar("SELECT count(*) FROM deliveries WHERE store_id = ? AND delivery_date = DATE "
                            "'2026-09-19' AND status = 'scheduled'", [f["store_id"]])
    for k in range(slots - taken):
        write(state, "INSERT INTO deliveries VALUES (?, 'PT-10001', ?, DATE '2026-09-19', 'x', 5.99, "
                         "'scheduled', TIMESTAMP '2026-09-13 12:00:00')", [f"DLV-{9000 + k}", f["store_id"]])
    assert_refused(state, "schedule_delivery", "fully booked", patient_id=f["patient_id"], fill_ids=[f["fill_id"]],
                   delivery_date="2026-09-19")


def test_cancel_delivery_refusals(state: DuckDBState) -> None:
    today = one(state, "SELECT delivery_id FROM deliveries WHERE status = 'scheduled' AND delivery_date = "
                       "DATE '2026-09-14' ORDER BY delivery_id LIMIT 1")
    assert_refused(state, "cancel_delivery", "only until the day before", delivery_id=today["delivery_id"])
    done = one(state, "SELECT delivery_id FROM deliveries WHERE status = 'delivered' ORDER BY delivery_id LIMIT 1")
    assert_refused(state, "cancel_delivery", "is delivered", delivery_id=done["delivery_id"])
    assert_refused(state, "cancel_delivery", "no delivery with id", delivery_id="DLV-1")


# -- vaccinations -------------------------------------------------------------------------------------------

def open_slot(state: DuckDBState, store: str, after: str) -> dict[str, Any]:
    return one(state, "SELECT v.* FROM vaccine_slots v WHERE v.store_id = ? AND v.starts_at >= ? AND v.capacity > "
                      "(SELECT count(*) FROM vaccinations a WHERE a.slot_id = v.slot_id AND a.status = 'booked') "
                      "ORDER BY v.starts_at LIMIT 1", [store, after])


def test_book_and_cancel_vaccination(state: DuckDBState) -> None:
    p = one(state, "SELECT p.* FROM patients p WHERE p.date_of_birth < DATE '1990-01-01' AND p.plan_id = 'PLN-3' "
                   "AND p.coverage_end IS NULL AND NOT EXISTS (SELECT 1 FROM vaccinations a WHERE a.patient_id = "
                   "p.patient_id AND a.vaccine_code = 'FLU') ORDER BY p.patient_id LIMIT 1")
    slot = open_slot(state, p["home_store_id"], "2026-09-16 10:00:00")
    out = run(state, "book_vaccination", patient_id=p["patient_id"], slot_id=slot["slot_id"], vaccine="FLU")
    assert out["patient_pays"] == 44.99  # the plan does not cover vaccines
    assert_refused(state, "book_vaccination", "already has a FLU appointment", patient_id=p["patient_id"],
                   slot_id=slot["slot_id"], vaccine="FLU")
    assert run(state, "cancel_vaccination", appointment_id=out["appointment_id"])["status"] == "cancelled"
    assert_refused(state, "cancel_vaccination", "only booked appointments", appointment_id=out["appointment_id"])
    covered = one(state, "SELECT p.* FROM patients p WHERE p.date_of_birth < DATE '1990-01-01' AND p.plan_id = "
                         "'PLN-1' AND p.coverage_end IS NULL AND NOT EXISTS (SELECT 1 FROM vaccinations a WHERE "
                         "a.patient_id = p.patient_id AND a.vaccine_code = 'HEPB') ORDER BY p.patient_id LIMIT 1")
    assert run(state, "book_vaccination", patient_id=covered["patient_id"], slot_id=slot["slot_id"],
               vaccine="HEPB")["patient_pays"] == 0.0


def test_vaccination_refusals(state: DuckDBState) -> None:
    adult = one(state, "SELECT p.* FROM patients p WHERE p.date_of_birth BETWEEN DATE '1980-01-01' AND "
                       "DATE '1990-01-01' ORDER BY p.patient_id LIMIT 1")
    slot = open_slot(state, "ST-1", "2026-09-17 10:00:00")
    assert_refused(state, "book_vaccination", "given from age 50", patient_id=adult["patient_id"],
                   slot_id=slot["slot_id"], vaccine="SHINGLES")
    past = one(state, "SELECT slot_id FROM vaccine_slots WHERE store_id = 'ST-1' AND starts_at = "
                      "TIMESTAMP '2026-09-14 10:40:00'")
    assert_refused(state, "book_vaccination", "past or less than 1 hour", patient_id=adult["patient_id"],
                   slot_id=past["slot_id"], vaccine="FLU")
    full = one(state, "SELECT v.slot_id FROM vaccine_slots v WHERE v.starts_at > TIMESTAMP '2026-09-15 00:00:00' "
                      "AND v.capacity <= (SELECT count(*) FROM vaccinations a WHERE a.slot_id = v.slot_id AND "
                      "a.status = 'booked') ORDER BY v.slot_id LIMIT 1")
    assert_refused(state, "book_vaccination", "fully booked", patient_id=adult["patient_id"],
                   slot_id=full["slot_id"], vaccine="FLU")
    recent = one(state, "SELECT a.patient_id, max(s.starts_at) AS last FROM vaccinations a JOIN vaccine_slots s ON "
                        "s.slot_id = a.slot_id WHERE a.vaccine_code = 'COVID' AND a.status = 'completed' GROUP BY 1 "
                        "HAVING max(s.starts_at) > TIMESTAMP '2026-07-25 00:00:00' ORDER BY 1 LIMIT 1")
    assert not state.db.scalar("SELECT count(*) FROM vaccinations WHERE patient_id = ? AND vaccine_code = 'COVID' "
                               "AND status = 'booked'", [recent["patient_id"]])
    assert_refused(state, "book_vaccination", "the next one can be given from", patient_id=recent["patient_id"],
                   slot_id=slot["slot_id"], vaccine="COVID")
    assert_refused(state, "book_vaccination", "no vaccination time", patient_id=adult["patient_id"],
                   slot_id="VS-1", vaccine="FLU")


def test_cancel_vaccination_window(state: DuckDBState) -> None:
    soon = one(state, "SELECT a.appointment_id FROM vaccinations a JOIN vaccine_slots s ON s.slot_id = a.slot_id "
                      "WHERE a.status = 'booked' AND s.starts_at < TIMESTAMP '2026-09-14 12:00:00' ORDER BY "
                      "a.appointment_id LIMIT 1")
    assert_refused(state, "cancel_vaccination", "only up to 2 hours before", appointment_id=soon["appointment_id"])
    assert_refused(state, "cancel_vaccination", "no vaccination appointment", appointment_id="VAX-1")
    later = one(state, "SELECT a.appointment_id FROM vaccinations a JOIN vaccine_slots s ON s.slot_id = a.slot_id "
                       "WHERE a.status = 'booked' AND s.starts_at >= TIMESTAMP '2026-09-14 12:00:00' ORDER BY "
                       "a.appointment_id LIMIT 1")
    assert run(state, "cancel_vaccination", appointment_id=later["appointment_id"])["status"] == "cancelled"


def test_record_allergy_unknown_patient(state: DuckDBState) -> None:
    assert_refused(state, "record_allergy", "no patient with id", patient_id="PT-0", allergy_class="sulfa")
