"""The permits environment's own checks: schemas, seed determinism, gold replay and every office rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused


def app_with(state: DuckDBState, where: str, params: list[Any] | None = None) -> dict[str, Any]:
    return one(state, "SELECT a.*, t.licence_class AS needed FROM applications a JOIN permit_types t ON "
                      f"t.permit_type = a.permit_type WHERE {where} ORDER BY a.application_id LIMIT 1", params)


def valid_contractor(state: DuckDBState, licence_class: str, exclude: str | None = None) -> str:
    return one(state, "SELECT contractor_id FROM contractors WHERE licence_class = ? AND status = 'active' AND "
                      "licence_expires >= DATE '2026-09-15' AND insurance_expires >= DATE '2026-09-15' AND "
                      "contractor_id IS DISTINCT FROM ? ORDER BY contractor_id LIMIT 1",
               [licence_class, exclude])["contractor_id"]


def bookable(state: DuckDBState) -> tuple[dict[str, Any], dict[str, Any]]:
    """A pending non-final inspection on an issued permit with nothing due, and one of its openings."""
    for insp in state.db.query(
            "SELECT i.inspection_id FROM inspections i JOIN applications a ON a.application_id = i.application_id "
            "WHERE a.status = 'issued' AND i.status = 'pending' AND i.inspection_type <> 'final' AND a.expires_on > "
            "DATE '2026-10-15' AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND "
            "f.status = 'due') ORDER BY i.inspection_id"):
        found = run(state, "find_inspection_openings", inspection_id=insp["inspection_id"])
        if found["openings"]:
            return found, found["openings"][0]
    raise AssertionError("no bookable inspection in the seed")


# -- structure ----------------------------------------------------------------------------------------------

def test_manifest_policy_and_schemas() -> None:
    assert ENV.manifest.name == "permits" and len(ENV.manifest.rules) >= 3
    assert (ENV.root / ENV.manifest.policy_file).read_text(encoding="utf-8").strip()
    assert len(ENV.tools) >= 10 and sum(t.writes for t in ENV.tools.values()) >= 5
    for tool in ENV.tools.values():
        fn = tool.openai_schema["function"]
        assert fn["description"].strip(), tool.name
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (tool.name, name)


def test_seed_script_is_deterministic(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ENV.root / "seed" / "generate.py"), "--out", str(tmp_path)], check=True)
    committed = sorted(p.name for p in (ENV.root / "seed").glob("*.csv"))
    assert sorted(p.name for p in tmp_path.glob("*.csv")) == committed
    for name in committed:
        assert (tmp_path / name).read_bytes() == (ENV.root / "seed" / name).read_bytes(), name


def test_seed_is_consistent(state: DuckDBState) -> None:
    db = state.db
    assert sum(db.scalar(f"SELECT count(*) FROM {t}") for t in
               ("applicants", "applications", "fees", "inspections", "inspection_slots", "contractors")) >= 500
    # No slot is booked twice, and issued permits have their permit fee paid.
    assert db.scalar("SELECT count(*) FROM (SELECT slot_id FROM inspections WHERE status = 'scheduled' GROUP BY "
                     "slot_id HAVING count(*) > 1)") == 0
    assert db.scalar("SELECT count(*) FROM fees f JOIN applications a ON a.application_id = f.application_id "
                     "WHERE a.status = 'issued' AND f.kind = 'permit' AND f.status <> 'paid'") == 0


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


# -- reads --------------------------------------------------------------------------------------------------

def test_find_applicant_and_applications(state: DuckDBState) -> None:
    a = one(state, "SELECT * FROM applicants ORDER BY applicant_id LIMIT 1")
    found = run(state, "find_applicant", email=a["email"].upper(), postal_code=a["postal_code"])
    assert found["applicant_id"] == a["applicant_id"]
    assert_refused(state, "find_applicant", "no applicant", email=a["email"], postal_code="00000")
    listed = run(state, "list_applications", applicant_id=a["applicant_id"].lower())
    assert listed["applications"] and all(x["application_id"].startswith("APP-") for x in listed["applications"])
    assert_refused(state, "list_applications", "no applicant", applicant_id="APL-9999")


def test_application_details(state: DuckDBState) -> None:
    app = app_with(state, "a.status = 'issued' AND a.contractor_id IS NOT NULL")
    got = run(state, "get_application_details", application_id=app["application_id"])
    assert got["contractor"]["contractor_id"] == app["contractor_id"] and got["inspections"] and got["fees"]
    assert got["total_due"] == sum(f["amount"] for f in got["fees"] if f["status"] == "due")
    draft = app_with(state, "a.status = 'draft' AND a.contractor_id IS NULL")
    assert run(state, "get_application_details", application_id=draft["application_id"])["contractor"] is None
    assert_refused(state, "get_application_details", "no application", application_id="APP-26-9999")


def test_permit_types_and_contractors(state: DuckDBState) -> None:
    all_types = run(state, "list_permit_types")
    trade = run(state, "list_permit_types", category="trade")
    assert len(trade) < len(all_types) and all(t["category"] == "trade" for t in trade)
    assert all(isinstance(t["inspections"], list) and t["inspections"][-1] == "final" for t in all_types)
    statuses = {c["licence_status"] for cls in ("general", "electrical", "plumbing", "mechanical", "roofing")
                for c in run(state, "search_contractors", licence_class=cls)}
    assert statuses == {"valid", "expired", "suspended"}


def test_inspection_openings(state: DuckDBState) -> None:
    found, slot = bookable(state)
    assert found["status"] == "pending" and slot["starts_at"] > "2026-09-16"
    assert all(s["starts_at"] <= "2026-09-29T23:59:59" for s in found["openings"])
    assert_refused(state, "find_inspection_openings", "no inspection", inspection_id="INS-99999")


# -- contractors and applications ---------------------------------------------------------------------------

def test_assign_contractor(state: DuckDBState) -> None:
    app = app_with(state, "a.status = 'draft' AND t.licence_class = 'electrical'")
    cid = valid_contractor(state, "electrical", app["contractor_id"])
    got = run(state, "assign_contractor", application_id=app["application_id"], contractor_id=cid)
    assert got["contractor_id"] == cid
    assert one(state, "SELECT contractor_id FROM applications WHERE application_id = ?",
               [app["application_id"]])["contractor_id"] == cid
    assert_refused(state, "assign_contractor", "already the contractor", application_id=app["application_id"],
                   contractor_id=cid)


def test_assign_contractor_refusals(state: DuckDBState) -> None:
    draft = app_with(state, "a.status = 'draft' AND t.licence_class = 'general'")
    aid = draft["application_id"]
    assert_refused(state, "assign_contractor", "no contractor", application_id=aid, contractor_id="CTR-999")
    assert_refused(state, "assign_contractor", "no application", application_id="APP-26-9999",
                   contractor_id="CTR-001")
    assert_refused(state, "assign_contractor", "needs a general contractor", application_id=aid,
                   contractor_id=valid_contractor(state, "roofing"))
    approved = app_with(state, "a.status = 'approved' AND t.licence_class = 'general'")
    assert_refused(state, "assign_contractor", "only before approval", application_id=approved["application_id"],
                   contractor_id=valid_contractor(state, "general", approved["contractor_id"]))
    for match, where in (("licence of .* expired", "status = 'active' AND licence_expires < DATE '2026-09-15'"),
                         ("insurance .* expired", "status = 'active' AND licence_expires >= DATE '2026-09-15' AND "
                                                  "insurance_expires < DATE '2026-09-15'"),
                         ("suspended", "status = 'suspended'")):
        cid = one(state, f"SELECT contractor_id FROM contractors WHERE licence_class = 'general' AND {where} "
                         "ORDER BY contractor_id LIMIT 1")["contractor_id"]
        assert_refused(state, "assign_contractor", match, application_id=aid, contractor_id=cid)


def test_owner_builder_types_take_a_general_contractor(state: DuckDBState) -> None:
    deck = app_with(state, "a.status IN ('draft', 'submitted') AND t.licence_class IS NULL")
    cid = valid_contractor(state, "general", deck["contractor_id"])
    assert run(state, "assign_contractor", application_id=deck["application_id"], contractor_id=cid)
    assert_refused(state, "assign_contractor", "needs a general", application_id=deck["application_id"],
                   contractor_id=valid_contractor(state, "plumbing"))


def test_submit_application(state: DuckDBState) -> None:
    app = app_with(state, "a.status = 'draft' AND a.permit_type = 'RES-ADD' AND a.contractor_id IS NOT NULL")
    got = run(state, "submit_application", application_id=app["application_id"])
    expected = max(150.0, round(app["valuation"] * 0.65 / 100 + 1e-9, 2))
    assert got["status"] == "submitted" and got["plan_review_fee"]["amount"] == pytest.approx(expected)
    fee = one(state, "SELECT * FROM fees WHERE fee_id = ?", [got["plan_review_fee"]["fee_id"]])
    assert fee["status"] == "due" and fee["kind"] == "plan_review" and fee["application_id"] == app["application_id"]
    small = app_with(state, "a.status = 'draft' AND a.permit_type IN ('RES-DECK', 'COM-SIGN')")
    got = run(state, "submit_application", application_id=small["application_id"])
    assert got["plan_review_fee"]["amount"] >= 50.0


def test_submit_refusals(state: DuckDBState) -> None:
    bare = app_with(state, "a.status = 'draft' AND t.licence_class IS NOT NULL AND a.contractor_id IS NULL")
    assert_refused(state, "submit_application", "assign a contractor first", application_id=bare["application_id"])
    sub = app_with(state, "a.status = 'submitted'")
    assert_refused(state, "submit_application", "only drafts", application_id=sub["application_id"])


def test_pay_fee(state: DuckDBState) -> None:
    due = state.db.query("SELECT * FROM fees WHERE status = 'due' ORDER BY fee_id LIMIT 2")
    card = run(state, "pay_fee", fee_id=due[0]["fee_id"], payment_method="card")
    assert card["convenience_charge"] == pytest.approx(round(due[0]["amount"] * 0.025 + 1e-9, 2))
    assert card["total_charged"] == pytest.approx(due[0]["amount"] + card["convenience_charge"])
    echeck = run(state, "pay_fee", fee_id=due[1]["fee_id"], payment_method="echeck")
    assert echeck["convenience_charge"] == 0 and echeck["total_charged"] == due[1]["amount"]
    row = one(state, "SELECT * FROM fees WHERE fee_id = ?", [due[0]["fee_id"]])
    assert row["status"] == "paid" and row["payment_method"] == "card" and row["paid_on"] == "2026-09-15"
    assert_refused(state, "pay_fee", "only due fees", fee_id=due[0]["fee_id"], payment_method="card")
    assert_refused(state, "pay_fee", "no fee", fee_id="FEE-99999", payment_method="card")


def test_issue_permit(state: DuckDBState) -> None:
    app = app_with(state, "a.status = 'approved' AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
                          "a.application_id AND f.status = 'due') AND (t.licence_class IS NULL OR EXISTS (SELECT 1 "
                          "FROM contractors c WHERE c.contractor_id = a.contractor_id AND c.licence_expires >= "
                          "DATE '2026-09-15' AND c.insurance_expires >= DATE '2026-09-15' AND c.status = 'active'))")
    got = run(state, "issue_permit", application_id=app["application_id"])
    kinds = one(state, "SELECT inspections FROM permit_types WHERE permit_type = ?", [app["permit_type"]])
    assert got["status"] == "issued" and got["permit_number"].startswith("BP-2026-")
    assert [i["inspection_type"] for i in got["inspections"]] == kinds["inspections"].split(",")
    assert state.db.scalar("SELECT count(*) FROM inspections WHERE application_id = ? AND status = 'pending'",
                           [app["application_id"]]) == len(got["inspections"])


def test_issue_refusals(state: DuckDBState) -> None:
    unpaid = app_with(state, "a.status = 'approved' AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
                             "a.application_id AND f.status = 'due')")
    assert_refused(state, "issue_permit", "unpaid fees", application_id=unpaid["application_id"])
    review = app_with(state, "a.status = 'under_review'")
    assert_refused(state, "issue_permit", "only approved", application_id=review["application_id"])
    lapsed = app_with(state, "a.status = 'approved' AND t.licence_class IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "
                             "fees f WHERE f.application_id = a.application_id AND f.status = 'due') AND EXISTS "
                             "(SELECT 1 FROM contractors c WHERE c.contractor_id = a.contractor_id AND "
                             "(c.licence_expires < DATE '2026-09-15' OR c.insurance_expires < DATE '2026-09-15'))")
    assert_refused(state, "issue_permit", "expired", application_id=lapsed["application_id"])


def test_withdraw_refunds_by_stage(state: DuckDBState) -> None:
    approved = app_with(state, "a.status = 'approved' AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
                               "a.application_id AND f.kind = 'permit' AND f.status = 'paid')")
    permit = one(state, "SELECT amount FROM fees WHERE application_id = ? AND kind = 'permit'",
                 [approved["application_id"]])["amount"]
    got = run(state, "withdraw_application", application_id=approved["application_id"], reason="project_cancelled")
    assert got["refund_amount"] == permit and got["status"] == "withdrawn"
    assert one(state, "SELECT status FROM fees WHERE application_id = ? AND kind = 'plan_review'",
               [approved["application_id"]])["status"] == "paid"
    submitted = app_with(state, "a.status = 'submitted' AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
                                "a.application_id AND f.status = 'paid')")
    got = run(state, "withdraw_application", application_id=submitted["application_id"], reason="changing_scope")
    assert got["refund_amount"] > 0
    waived = app_with(state, "a.status = 'under_review' AND EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
                             "a.application_id AND f.status = 'due')")
    got = run(state, "withdraw_application", application_id=waived["application_id"], reason="other")
    assert got["waived_amount"] > 0 and got["refund_amount"] == 0
    assert one(state, "SELECT withdrawal_reason FROM applications WHERE application_id = ?",
               [waived["application_id"]])["withdrawal_reason"] == "other"


def test_withdraw_refusals(state: DuckDBState) -> None:
    for status in ("issued", "rejected"):
        app = app_with(state, "a.status = ?", [status])
        assert_refused(state, "withdraw_application", "cannot|only applications", application_id=app["application_id"],
                       reason="other")


def test_extend_permit(state: DuckDBState) -> None:
    app = app_with(state, "a.status = 'issued' AND NOT a.extended AND a.expires_on <= DATE '2026-10-15' AND EXISTS "
                          "(SELECT 1 FROM inspections i WHERE i.application_id = a.application_id AND i.status = "
                          "'passed')")
    got = run(state, "extend_permit", application_id=app["application_id"])
    assert got["old_expires_on"] == app["expires_on"] and got["extension_fee"]["amount"] == 75.0
    assert one(state, "SELECT extended FROM applications WHERE application_id = ?",
               [app["application_id"]])["extended"] is True
    assert_refused(state, "extend_permit", "already extended", application_id=app["application_id"])


def test_extend_refusals(state: DuckDBState) -> None:
    early = app_with(state, "a.status = 'issued' AND NOT a.extended AND a.expires_on > DATE '2026-10-15'")
    assert_refused(state, "extend_permit", "last 30 days", application_id=early["application_id"])
    draft = app_with(state, "a.status = 'draft'")
    assert_refused(state, "extend_permit", "only issued", application_id=draft["application_id"])
    idle = app_with(state, "a.status = 'issued' AND NOT a.extended AND a.expires_on <= DATE '2026-10-15' AND NOT "
                           "EXISTS (SELECT 1 FROM inspections i WHERE i.application_id = a.application_id AND "
                           "i.status = 'passed')")
    assert_refused(state, "extend_permit", "no passed inspection", application_id=idle["application_id"])


# -- inspections --------------------------------------------------------------------------------------------

def test_schedule_and_cancel_inspection(state: DuckDBState) -> None:
    found, slot = bookable(state)
    iid = found["inspection_id"]
    got = run(state, "schedule_inspection", inspection_id=iid, slot_id=slot["slot_id"])
    assert got["status"] == "scheduled" and got["starts_at"] == slot["starts_at"]
    again = run(state, "find_inspection_openings", inspection_id=iid)
    assert slot["slot_id"] not in {s["slot_id"] for s in again["openings"]}
    assert_refused(state, "schedule_inspection", "only pending or failed", inspection_id=iid,
                   slot_id=again["openings"][0]["slot_id"])
    assert run(state, "cancel_inspection", inspection_id=iid)["status"] == "pending"
    assert_refused(state, "cancel_inspection", "only scheduled", inspection_id=iid)
    assert_refused(state, "cancel_inspection", "no inspection", inspection_id="INS-99999")


def test_cancel_on_the_day_is_refused(state: DuckDBState) -> None:
    today = one(state, "SELECT i.inspection_id FROM inspections i JOIN inspection_slots s ON s.slot_id = i.slot_id "
                       "WHERE i.status = 'scheduled' AND CAST(s.starts_at AS DATE) = DATE '2026-09-15' LIMIT 1")
    assert_refused(state, "cancel_inspection", "today", inspection_id=today["inspection_id"])


def test_booking_refusals(state: DuckDBState) -> None:
    found, slot = bookable(state)
    iid = found["inspection_id"]
    assert_refused(state, "schedule_inspection", "no inspection slot", inspection_id=iid, slot_id="SLT-99999")
    taken = one(state, "SELECT slot_id FROM inspections WHERE status = 'scheduled' LIMIT 1")["slot_id"]
    assert_refused(state, "schedule_inspection", "already booked", inspection_id=iid, slot_id=taken)
    insp = one(state, "SELECT i.*, a.district FROM inspections i JOIN applications a ON a.application_id = "
                      "i.application_id WHERE i.inspection_id = ?", [iid])
    elsewhere = one(state, "SELECT slot_id FROM inspection_slots WHERE district <> ? AND starts_at > TIMESTAMP "
                           "'2026-09-17 00:00:00' AND slot_id NOT IN (SELECT slot_id FROM inspections WHERE status = "
                           "'scheduled') ORDER BY slot_id LIMIT 1", [insp["district"]])["slot_id"]
    assert_refused(state, "schedule_inspection", "district", inspection_id=iid, slot_id=elsewhere)
    past = one(state, "SELECT s.slot_id FROM inspection_slots s JOIN inspectors p ON p.inspector_id = s.inspector_id "
                      "WHERE s.district = ? AND p.trade = ? AND s.starts_at < TIMESTAMP '2026-09-14 00:00:00' AND "
                      "s.slot_id NOT IN (SELECT slot_id FROM inspections WHERE status = 'scheduled' AND slot_id IS "
                      "NOT NULL) ORDER BY s.slot_id DESC LIMIT 1",
               [insp["district"], {"footing": "building", "framing": "building", "insulation": "building",
                                   "electrical_rough": "electrical"}.get(insp["inspection_type"],
                                                                         "plumbing_mechanical")])["slot_id"]
    assert_refused(state, "schedule_inspection", "from tomorrow", inspection_id=iid, slot_id=past)
    assert_refused(state, "schedule_inspection", "no inspection", inspection_id="INS-99999", slot_id=slot["slot_id"])
    owed = one(state, "SELECT i.inspection_id FROM inspections i JOIN applications a ON a.application_id = "
                      "i.application_id WHERE a.status = 'issued' AND i.status IN ('pending', 'failed') AND EXISTS "
                      "(SELECT 1 FROM fees f WHERE f.application_id = a.application_id AND f.status = 'due') "
                      "ORDER BY 1 LIMIT 1")
    assert_refused(state, "schedule_inspection", "unpaid fees", inspection_id=owed["inspection_id"],
                   slot_id=slot["slot_id"])
    done = one(state, "SELECT i.inspection_id FROM inspections i JOIN applications a ON a.application_id = "
                      "i.application_id WHERE a.status = 'finaled' ORDER BY 1 LIMIT 1")
    assert_refused(state, "schedule_inspection", "only on issued permits", inspection_id=done["inspection_id"],
                   slot_id=slot["slot_id"])


def test_no_booking_after_the_permit_expires(state: DuckDBState) -> None:
    for row in state.db.query(
            "SELECT i.inspection_id, a.expires_on FROM inspections i JOIN applications a ON a.application_id = "
            "i.application_id WHERE a.status = 'issued' AND i.status = 'pending' AND i.inspection_type <> 'final' "
            "AND a.expires_on < DATE '2026-09-29' AND NOT EXISTS (SELECT 1 FROM fees f WHERE f.application_id = "
            "a.application_id AND f.status = 'due') ORDER BY 1"):
        late = [s for s in run(state, "find_inspection_openings", inspection_id=row["inspection_id"])["openings"]
                if s["starts_at"][:10] > row["expires_on"]]
        if late:
            assert_refused(state, "schedule_inspection", "expires on", inspection_id=row["inspection_id"],
                           slot_id=late[0]["slot_id"])
            return
    raise AssertionError("no permit expiring within the booking window in the seed")


def test_failed_inspection_is_booked_again_after_paying(state: DuckDBState) -> None:
    row = one(state, "SELECT i.inspection_id, f.fee_id FROM inspections i JOIN fees f ON f.application_id = "
                     "i.application_id WHERE i.status = 'failed' AND f.kind = 'reinspection' AND f.status = 'due' "
                     "AND i.inspection_type <> 'final' ORDER BY 1 LIMIT 1")
    run(state, "pay_fee", fee_id=row["fee_id"], payment_method="echeck")
    slots = run(state, "find_inspection_openings", inspection_id=row["inspection_id"])["openings"]
    assert run(state, "schedule_inspection", inspection_id=row["inspection_id"],
               slot_id=slots[-1]["slot_id"])["status"] == "scheduled"
    assert run(state, "cancel_inspection", inspection_id=row["inspection_id"])["status"] == "failed"


def test_final_inspection_comes_last(state: DuckDBState) -> None:
    final = one(state, "SELECT i.inspection_id FROM inspections i JOIN applications a ON a.application_id = "
                       "i.application_id WHERE a.status = 'issued' AND i.inspection_type = 'final' AND i.status = "
                       "'pending' AND EXISTS (SELECT 1 FROM inspections o WHERE o.application_id = i.application_id "
                       "AND o.status <> 'passed' AND o.inspection_type <> 'final') AND NOT EXISTS (SELECT 1 FROM fees f "
                       "WHERE f.application_id = a.application_id AND f.status = 'due') ORDER BY 1 LIMIT 1")
    slots = run(state, "find_inspection_openings", inspection_id=final["inspection_id"])["openings"]
    assert_refused(state, "schedule_inspection", "every other inspection passed", inspection_id=final["inspection_id"],
                   slot_id=slots[0]["slot_id"])
