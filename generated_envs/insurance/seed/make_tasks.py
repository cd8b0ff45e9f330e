"""Write the flagship tasks of the insurance environment (tasks.jsonl) from the seeded data.

Each task is a hand-written scenario: its rows are picked from the seed by SQL (so that the picks follow the data
if the seed changes), its gold calls are replayed on a fresh state, and its outputs are read from the results.
Run: python seed/make_tasks.py [--out tasks.jsonl]. Sampled tasks (envfactory tasks sample) are appended later.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.tasks import TaskBuilder
from envfactory_gym.tasks import Task

ROOT = Path(__file__).resolve().parents[1]

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
EMAIL = ["email", "e-mail"]
BIRTH = ["date of birth", "birth", "born", "dob", "birthday"]
WORK_EMAIL = ["work email", "email", "e-mail"]
CONFIRM = ["confirm", "go ahead", "proceed", "shall i", "would you like", "want me to", "do you want"]
WHAT = {"collision": "the collision", "theft": "the theft", "vandalism": "the vandalism", "fire": "the fire",
        "hail": "the hail damage", "windstorm": "the windstorm", "leak": "the water leak",
        "backup": "the sewer backup", "glass": "the broken glass", "animal": "hitting a deer",
        "injury": "the injury"}


def say(day: str) -> str:
    d = date.fromisoformat(day[:10])
    return f"{MONTHS[d.month - 1]} {d.day}" + ("" if d.year == 2026 else f", {d.year}")


def money(x: float) -> str:
    return f"${x:,.2f}".replace(".00", "")


class Builder(TaskBuilder):
    """Picks rows, replays gold calls on a fresh state and collects tasks."""

    def __init__(self) -> None:
        super().__init__(ROOT)
        self.today = date.fromisoformat(self.now[:10])

    # -- data ----------------------------------------------------------------------------------------------

    def payout(self, claim_id: str) -> float:
        """The payout approve_claim would compute now (read straight from the data, not a gold call)."""
        r = self.row("SELECT c.deductible, (SELECT coalesce(sum(claimed_amount), 0) FROM claim_items i "
                     "WHERE i.claim_id = c.claim_id) AS total, v.coverage_limit - (SELECT coalesce(sum(approved_amount), "
                     "0) FROM claims d WHERE d.coverage_id = c.coverage_id AND d.status IN ('approved', 'paid')) "
                     "AS remaining FROM claims c JOIN coverages v USING (coverage_id) WHERE c.claim_id = ?", [claim_id])
        return round(min(r["total"] - r["deductible"], r["remaining"]), 2)

    def holder(self, holder_id: str) -> dict[str, Any]:
        return self.row("SELECT * FROM policyholders WHERE holder_id = ?", [holder_id])

    # -- gold calls ----------------------------------------------------------------------------------------

    def add(self, instruction: str, tags: list[str], outputs: list[Any] | None = None,
            facts: dict[str, tuple[str, list[str]]] | None = None, forbidden: list[dict[str, Any]] | None = None) -> None:
        self.add_task(instruction, tags=tags, outputs=outputs or [], forbidden_calls=forbidden or [],
                      user_facts={k: {"value": v, "keywords": kw} for k, (v, kw) in (facts or {}).items()},
                      check_outputs=False)  # some outputs are worked out from the results (e.g. a payout)

    def identify(self, h: dict[str, Any], by: str) -> dict[str, tuple[str, list[str]]]:
        """The identifying lookup of a policyholder, and the fact the user holds back for it."""
        if by == "email":
            self.call("lookup_policyholder_by_email", email=h["email"])
            return {"email": (h["email"], EMAIL)}
        self.call("lookup_policyholder_by_birthdate", first_name=h["first_name"], last_name=h["last_name"],
                  date_of_birth=h["date_of_birth"])
        return {"date_of_birth": (h["date_of_birth"], BIRTH)}

    def adjuster(self, staff_id: str) -> tuple[dict[str, Any], dict[str, tuple[str, list[str]]]]:
        a = self.row("SELECT * FROM adjusters WHERE staff_id = ?", [staff_id])
        self.call("lookup_adjuster_by_email", work_email=a["work_email"])
        return a, {"work_email": (a["work_email"], WORK_EMAIL)}

    # -- scenarios -----------------------------------------------------------------------------------------

    def build(self) -> list[Task]:
        for scenario in (self.claim_status, self.capped_payout, self.cancellation_quote, self.denial_explained,
                         self.caseload_largest, self.reinstatement_terms, self.late_auto_claim, self.lapse_gap_claim,
                         self.reinstate_two, self.cancel_blocked, self.approve_not_assigned,
                         self.over_authority_reassign, self.deny_below_deductible, self.deny_limit_exhausted,
                         self.file_home_claim, self.file_with_items, self.reinstate_recent, self.cancel_confirmed,
                         self.cancel_declined, self.withdraw_then_cancel, self.pay_all_due, self.deductible_mixed,
                         self.assign_reviewer, self.approve_and_pay, self.add_receipt, self.item_on_paid_claim,
                         self.approve_and_deny, self.file_and_assign):
            self.begin()
            scenario()
        return self.tasks

    def claim_status(self) -> None:
        c = self.row("SELECT c.*, p.holder_id, p.insured_item FROM claims c JOIN policies p USING (policy_number) "
                     "WHERE c.status = 'approved' AND (SELECT count(*) FROM claims x JOIN policies y "
                     "USING (policy_number) WHERE y.holder_id = p.holder_id) >= 2 ORDER BY c.claim_id")
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "email")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        self.add(f"Hi, this is {h['first_name']} {h['last_name']}. I filed a claim after {WHAT[c['incident_type']]} "
                 f"with my {c['insured_item']} on {say(c['incident_date'])}. Has it been approved yet, and how much "
                 "am I getting?", ["read", "claim_status"], ["approved", c["approved_amount"]], facts)

    def capped_payout(self) -> None:
        c = self.row("SELECT c.*, p.holder_id FROM claims c JOIN policies p USING (policy_number) "
                     "JOIN coverages v USING (coverage_id) WHERE c.status = 'under_review' "
                     "AND v.coverage_type = 'water_backup' AND v.coverage_limit - (SELECT coalesce(sum(approved_amount), 0) "
                     "FROM claims d WHERE d.coverage_id = c.coverage_id AND d.status IN ('approved', 'paid')) < "
                     "(SELECT sum(claimed_amount) FROM claim_items i WHERE i.claim_id = c.claim_id) - c.deductible "
                     "ORDER BY c.claim_id")
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        claim = self.call("get_claim", claim_id=c["claim_id"])
        payout = min(claim["items_total"] - claim["deductible"], claim["coverage"]["remaining_limit"])
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. An adjuster is still reviewing my sewer backup "
                 "claim. Before they decide, what is the most it can pay out, given my deductible and whatever is "
                 "left on that coverage after my earlier claim?", ["read", "payout", "reasoning"], [round(payout, 2)],
                 facts)

    def cancellation_quote(self) -> None:
        p = self.row("SELECT p.* FROM policies p WHERE p.status = 'active' AND p.line = 'auto' "
                     "AND p.billing_plan = 'annual' AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.policy_number = "
                     "p.policy_number AND c.status IN ('filed', 'under_review', 'approved')) "
                     "AND (SELECT count(*) FROM policies q WHERE q.holder_id = p.holder_id) >= 2 "
                     "ORDER BY p.term_end DESC, p.policy_number")
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        quote = self.call("quote_cancellation", policy_number=p["policy_number"])
        self.add(f"Hi, I'm {h['first_name']} {h['last_name']}. I'm thinking about dropping the insurance on my "
                 f"{p['insured_item'][5:]}. Don't cancel anything yet: if I cancelled today, how much premium would I "
                 "get back, and how would it be sent to me?", ["read", "cancellation", "quote"],
                 [quote["refund_amount"], quote["refund_method"]], facts,
                 [{"name": "cancel_policy", "arguments": {"policy_number": p["policy_number"]}}])

    def denial_explained(self) -> None:
        c = self.row("SELECT c.*, p.holder_id FROM claims c JOIN policies p USING (policy_number) "
                     "WHERE c.status = 'denied' AND c.denial_reason = 'below_deductible' ORDER BY c.decided_on DESC")
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        claim = self.call("get_claim", claim_id=c["claim_id"])
        self.add(f"Hi, I'm {h['first_name']} {h['last_name']}. My claim for {WHAT[c['incident_type']]} on "
                 f"{say(c['incident_date'])} was denied and I don't understand why. What did the items come to, and "
                 "what was the deductible?", ["read", "denial"], [claim["items_total"], claim["deductible"]], facts)

    def caseload_largest(self) -> None:
        a = self.row("SELECT staff_id FROM adjusters a WHERE (SELECT count(*) FROM claims c WHERE c.adjuster_id = "
                     "a.staff_id AND c.status = 'under_review') >= 4 ORDER BY staff_id")
        adj, facts = self.adjuster(a["staff_id"])
        load = self.call("get_adjuster_caseload", staff_id=adj["staff_id"])
        review = [c for c in load["claims"] if c["status"] == "under_review"]
        top = max(review, key=lambda c: c["items_total"])
        self.add(f"Hi, {adj['name']} here, adjuster. Of the claims I still have under review, which one has the "
                 "largest claimed total? Give me the policyholder and the amount.", ["read", "adjuster", "caseload"],
                 [top["policyholder"], top["items_total"]], facts)

    def reinstatement_terms(self) -> None:
        p = self.row("SELECT * FROM policies WHERE status = 'lapsed' AND lapsed_on >= ? ORDER BY lapsed_on DESC",
                     [(self.today - timedelta(days=30)).isoformat()])
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        policy = self.call("get_policy", policy_number=p["policy_number"])
        deadline = date.fromisoformat(policy["lapsed_on"]) + timedelta(days=30)
        kind = "home insurance for" if p["line"] == "home" else "car insurance on the"
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. I got a letter that my {kind} "
                 f"{p['insured_item']} lapsed. I'm not ready to pay today: how much would I have to pay to get it "
                 "back, and what is the last day I can still do that?", ["read", "reinstatement", "reasoning"],
                 [policy["overdue_amount"], deadline.isoformat()], facts,
                 [{"name": "reinstate_policy", "arguments": {"policy_number": p["policy_number"]}}])

    def late_auto_claim(self) -> None:
        p = self.row("SELECT p.* FROM policies p JOIN coverages v USING (policy_number) WHERE p.status = 'active' "
                     "AND p.line = 'auto' AND v.coverage_type = 'comprehensive' AND p.term_start < ? "
                     "AND p.reinstated_on IS NULL ORDER BY p.policy_number", [(self.today - timedelta(days=60)).isoformat()])
        h = self.holder(p["holder_id"])
        incident = self.today - timedelta(days=41)
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        self.add(f"Hi, my name is {h['first_name']} {h['last_name']}. I hit a deer with my {p['insured_item'][5:]} "
                 f"on {say(incident.isoformat())} and only now got around to the paperwork. Please file a claim under "
                 "my comprehensive coverage.", ["read", "refusal", "filing_window"],
                 [(incident + timedelta(days=30)).isoformat()], facts, [{"name": "file_claim", "arguments": {}}])

    def lapse_gap_claim(self) -> None:
        p = self.row("SELECT * FROM policies WHERE reinstated_on IS NOT NULL AND line = 'home' AND lapsed_on >= ? "
                     "ORDER BY lapsed_on DESC", [(self.today - timedelta(days=55)).isoformat()])
        h = self.holder(p["holder_id"])
        incident = date.fromisoformat(p["lapsed_on"]) + timedelta(days=4)
        facts = self.identify(h, "birthdate")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        policy = self.call("get_policy", policy_number=p["policy_number"])
        self.add(f"Hi, I'm {h['first_name']} {h['last_name']}. A windstorm on {say(incident.isoformat())} blew "
                 f"down part of the fence at {p['insured_item']}. I'd like to file a claim for it on my home policy.",
                 ["read", "refusal", "lapse"], [policy["lapsed_on"], policy["reinstated_on"]], facts,
                 [{"name": "file_claim", "arguments": {}}])

    def reinstate_two(self) -> None:
        h = self.row("SELECT h.* FROM policyholders h WHERE (SELECT count(*) FROM policies p WHERE p.holder_id = "
                     "h.holder_id AND p.status = 'lapsed' AND p.lapsed_on >= ?) = 1 AND (SELECT count(*) FROM "
                     "policies p WHERE p.holder_id = h.holder_id AND p.status = 'lapsed' AND p.lapsed_on < ?) = 1 "
                     "ORDER BY h.holder_id", [(self.today - timedelta(days=30)).isoformat()] * 2)
        ok, late = self.rows("SELECT * FROM policies WHERE holder_id = ? AND status = 'lapsed' ORDER BY lapsed_on DESC",
                             [h["holder_id"]])
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        self.call("get_policy", policy_number=ok["policy_number"])
        late_policy = self.call("get_policy", policy_number=late["policy_number"])
        done = self.call("reinstate_policy", policy_number=ok["policy_number"], payment_method="card")
        self.add(f"Hi, {h['first_name']} {h['last_name']} here. I fell behind on payments and both my home and my "
                 "car insurance lapsed. Please reinstate both of them; I'll pay what's overdue by card.",
                 ["write", "reinstatement", "refusal", "partial"], [done["amount_charged"], late_policy["lapsed_on"]],
                 facts, [{"name": "reinstate_policy", "arguments": {"policy_number": late["policy_number"]}}])

    def cancel_blocked(self) -> None:
        p = self.row("SELECT p.* FROM policies p JOIN claims c USING (policy_number) WHERE p.status = 'active' "
                     "AND p.line = 'auto' AND c.status = 'under_review' ORDER BY p.policy_number", skip=1)
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        quote = self.call("quote_cancellation", policy_number=p["policy_number"])
        claim = self.call("get_claim", claim_id=quote["open_claims"][0])
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. I sold my {p['insured_item'][5:]} yesterday, so "
                 "please cancel its insurance today. I'm sure about it, I don't need to hear the refund first.",
                 ["read", "refusal", "cancellation", "open_claim"], [claim["incident_type"], claim["status"]], facts,
                 [{"name": "cancel_policy", "arguments": {"policy_number": p["policy_number"]}}])

    def approve_not_assigned(self) -> None:
        c = self.row("SELECT c.*, p.holder_id, a.staff_id FROM claims c JOIN policies p USING (policy_number) "
                     "JOIN adjusters a ON a.specialty = p.line AND a.staff_id <> c.adjuster_id "
                     "WHERE c.status = 'under_review' ORDER BY c.claim_id DESC, a.staff_id")
        h = self.holder(c["holder_id"])
        adj, facts = self.adjuster(c["staff_id"])
        self.call("lookup_policyholder_by_email", email=h["email"])
        claims = self.call("list_policyholder_claims", holder_id=h["holder_id"])
        assigned = next(x for x in claims["claims"] if x["claim_id"] == c["claim_id"])
        self.add(f"Hi, this is {adj['name']} from the claims team. {h['first_name']} {h['last_name']} "
                 f"({h['email']}) has a {c['incident_type']} claim from {say(c['incident_date'])} that I looked at; "
                 "please approve it.", ["read", "refusal", "adjuster", "permission"], [assigned["adjuster_name"]],
                 facts, [{"name": "approve_claim", "arguments": {"claim_id": c["claim_id"]}}])

    def over_authority_reassign(self) -> None:
        c = self.row("SELECT c.*, a.authority_limit FROM claims c JOIN adjusters a ON a.staff_id = c.adjuster_id "
                     "WHERE c.status = 'under_review' AND (SELECT sum(claimed_amount) FROM claim_items i "
                     "WHERE i.claim_id = c.claim_id) - c.deductible > a.authority_limit ORDER BY c.claim_id")
        adj, facts = self.adjuster(c["adjuster_id"])
        load = self.call("get_adjuster_caseload", staff_id=adj["staff_id"])
        entry = next(x for x in load["claims"] if x["claim_id"] == c["claim_id"])
        claim = self.call("get_claim", claim_id=c["claim_id"])
        payout = round(min(claim["items_total"] - claim["deductible"], claim["coverage"]["remaining_limit"]), 2)
        options = self.call("list_adjusters_for_claim", claim_id=c["claim_id"])["adjusters"]
        best = next(a for a in options if a["free_slots"] > 0 and a["authority_limit"] >= payout)
        self.call("assign_adjuster", claim_id=c["claim_id"], adjuster_id=best["adjuster_id"])
        self.add(f"Hi, {adj['name']} here. I've finished reviewing {entry['policyholder']}'s {c['incident_type']} "
                 "claim and it's fine to approve. If the payout is more than I'm allowed to approve, hand it over to "
                 "the colleague on my line with the most free slots who can approve that amount.",
                 ["write", "adjuster", "authority", "reassign", "reasoning"], [payout, best["name"]], facts)

    def _decide(self, reason: str) -> None:
        cond = ("(SELECT sum(claimed_amount) FROM claim_items i WHERE i.claim_id = c.claim_id) <= c.deductible"
                if reason == "below_deductible" else
                "v.coverage_limit <= (SELECT coalesce(sum(approved_amount), 0) FROM claims d WHERE d.coverage_id = "
                "c.coverage_id AND d.status IN ('approved', 'paid'))")
        c = self.row("SELECT c.* FROM claims c JOIN coverages v USING (coverage_id) WHERE c.status = 'under_review' "
                     f"AND EXISTS (SELECT 1 FROM claim_items i WHERE i.claim_id = c.claim_id) AND {cond} "
                     "ORDER BY c.claim_id")
        adj, facts = self.adjuster(c["adjuster_id"])
        load = self.call("get_adjuster_caseload", staff_id=adj["staff_id"])
        entry = next(x for x in load["claims"] if x["claim_id"] == c["claim_id"])
        self.call("get_claim", claim_id=c["claim_id"])
        self.call("deny_claim", staff_id=adj["staff_id"], claim_id=c["claim_id"], reason=reason)
        self.add(f"Hello, this is {adj['name']}. Please settle {entry['policyholder']}'s {c['incident_type']} claim: "
                 "approve it if anything is payable, otherwise deny it with the right reason.",
                 ["write", "adjuster", "decision", "reasoning"], [], facts)

    def deny_below_deductible(self) -> None:
        self._decide("below_deductible")

    def deny_limit_exhausted(self) -> None:
        self._decide("limit_exhausted")

    def file_home_claim(self) -> None:
        p = self.row("SELECT p.* FROM policies p WHERE p.status = 'active' AND p.line = 'home' AND p.term_start < ? "
                     "AND p.reinstated_on IS NULL AND (SELECT count(*) FROM policies q WHERE q.holder_id = p.holder_id) "
                     ">= 2 ORDER BY p.policy_number", [(self.today - timedelta(days=30)).isoformat()], skip=2)
        h = self.holder(p["holder_id"])
        incident = (self.today - timedelta(days=9)).isoformat()
        facts = self.identify(h, "birthdate")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        policy = self.call("get_policy", policy_number=p["policy_number"])
        cov = next(c for c in policy["coverages"] if c["coverage_type"] == "dwelling")
        result = self.call("file_claim", coverage_id=cov["coverage_id"], incident_type="windstorm",
                           incident_date=incident)
        self.add(f"Hi, I'm {h['first_name']} {h['last_name']}. During the windstorm on {say(incident)} a big limb "
                 "came down on the roof of my house and cracked the shingles. I'd like to open a claim for the damage "
                 "to the house.", ["write", "file_claim"], [result["claim_id"], cov["deductible"]], facts)

    def file_with_items(self) -> None:
        p = self.row("SELECT p.* FROM policies p WHERE p.status = 'active' AND p.line = 'auto' AND p.term_start < ? "
                     "AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.policy_number = p.policy_number) "
                     "ORDER BY p.policy_number", [(self.today - timedelta(days=30)).isoformat()], skip=3)
        h = self.holder(p["holder_id"])
        incident = (self.today - timedelta(days=3)).isoformat()
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        policy = self.call("get_policy", policy_number=p["policy_number"])
        cov = next(c for c in policy["coverages"] if c["coverage_type"] == "collision")
        claim = self.call("file_claim", coverage_id=cov["coverage_id"], incident_type="collision", incident_date=incident)
        self.call("add_claim_item", claim_id=claim["claim_id"], item_description="Towing", amount=185.0)
        self.call("add_claim_item", claim_id=claim["claim_id"], item_description="Rear bumper replacement",
                  amount=1640.5)
        self.add(f"Hi, {h['first_name']} {h['last_name']} here. Someone backed into my {p['insured_item'][5:]} in "
                 f"a parking lot on {say(incident)}. Please open a collision claim and add the two bills I already "
                 "have: towing for $185 and a rear bumper replacement for $1,640.50.",
                 ["write", "multi_goal", "file_claim", "items"], [], facts)

    def reinstate_recent(self) -> None:
        p = self.row("SELECT * FROM policies WHERE status = 'lapsed' AND lapsed_on >= ? ORDER BY lapsed_on",
                     [(self.today - timedelta(days=30)).isoformat()], skip=1)
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        done = self.call("reinstate_policy", policy_number=p["policy_number"], payment_method="bank_transfer")
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. I missed a payment and my car insurance lapsed. "
                 "Please reinstate it; I'll pay what I owe by bank transfer.", ["write", "reinstatement"],
                 [done["amount_charged"]], facts)

    def _cancel_candidate(self, skip: int) -> dict[str, Any]:
        return self.row("SELECT p.* FROM policies p WHERE p.status = 'active' AND p.line = 'home' AND "
                        "p.billing_plan = 'annual' AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.policy_number = "
                        "p.policy_number AND c.status IN ('filed', 'under_review', 'approved')) "
                        "ORDER BY p.term_end DESC, p.policy_number", skip=skip)

    def cancel_confirmed(self) -> None:
        p = self._cancel_candidate(0)
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        quote = self.call("quote_cancellation", policy_number=p["policy_number"])
        self.call("cancel_policy", policy_number=p["policy_number"], reason="sold_property")
        facts["decision"] = ("Yes, that refund is fine. Please go ahead and cancel it.", CONFIRM)
        self.add(f"Hi, I'm {h['first_name']} {h['last_name']}. We sold the house at {p['insured_item']} and the "
                 "sale closed last week, so I'd like to cancel the home insurance on it.",
                 ["write", "cancellation", "confirmation"], [quote["refund_amount"]], facts)

    def cancel_declined(self) -> None:
        p = self._cancel_candidate(1)
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        quote = self.call("quote_cancellation", policy_number=p["policy_number"])
        facts["decision"] = ("Hmm, that's less than I expected. In that case don't cancel it, I'll keep it for now.",
                             CONFIRM)
        self.add(f"Hello, {h['first_name']} {h['last_name']} here. I found a cheaper home insurer, so I'm thinking "
                 "of cancelling my home policy with you. What would I get back?",
                 ["read", "cancellation", "confirmation", "declined"], [quote["refund_amount"]], facts,
                 [{"name": "cancel_policy", "arguments": {"policy_number": p["policy_number"]}}])

    def withdraw_then_cancel(self) -> None:
        c = self.row("SELECT c.*, p.holder_id, p.insured_item FROM claims c JOIN policies p USING (policy_number) "
                     "WHERE p.status = 'active' AND p.line = 'auto' AND c.status = 'filed' AND (SELECT count(*) "
                     "FROM claims x WHERE x.policy_number = p.policy_number AND x.status IN ('filed', 'under_review', "
                     "'approved')) = 1 ORDER BY c.claim_id DESC")
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "email")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        self.call("withdraw_claim", holder_id=h["holder_id"], claim_id=c["claim_id"])
        done = self.call("cancel_policy", policy_number=c["policy_number"], reason="sold_property")
        self.add(f"Hi, {h['first_name']} {h['last_name']} here. I just sold my {c['insured_item'][5:]}. I had opened "
                 f"a claim for {WHAT[c['incident_type']]} on {say(c['incident_date'])}, but the buyer took the car as "
                 "is, so please withdraw that claim and then cancel the car's policy. I confirm the cancellation, "
                 "whatever the refund is.", ["write", "multi_goal", "ordered", "withdraw", "cancellation"],
                 [done["refund_amount"]], facts)

    def pay_all_due(self) -> None:
        p = self.row("SELECT p.* FROM policies p WHERE p.status = 'active' AND (SELECT count(*) FROM premium_bills b "
                     "WHERE b.policy_number = p.policy_number AND b.status = 'due') = 2 ORDER BY p.policy_number")
        h = self.holder(p["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        bills = self.call("get_billing_history", policy_number=p["policy_number"])["bills"]
        due = sorted((b for b in bills if b["status"] == "due"), key=lambda b: b["due_date"])
        last = None
        for b in due:
            last = self.call("pay_premium_bill", bill_id=b["bill_id"], payment_method="card")
        self.add(f"Hi, I'm {h['first_name']} {h['last_name']}. Please pay every bill that's open on the insurance "
                 f"for my {p['insured_item'][5:]}, by card, and tell me until when it's paid up.",
                 ["write", "multi_goal", "billing"], [last["paid_through"]], facts)

    def deductible_mixed(self) -> None:
        row = self.row(
            "SELECT p.*, c.claim_id FROM policies p JOIN claims c USING (policy_number) JOIN coverages v "
            "ON v.coverage_id = c.coverage_id JOIN coverages w ON w.policy_number = p.policy_number "
            "AND w.coverage_type = 'collision' WHERE p.status = 'active' AND v.coverage_type = 'comprehensive' "
            "AND c.status = 'under_review' AND w.deductible <> 1000 AND v.deductible <> 500 ORDER BY p.policy_number")
        h = self.holder(row["holder_id"])
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        policy = self.call("get_policy", policy_number=row["policy_number"])
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        coll = next(c for c in policy["coverages"] if c["coverage_type"] == "collision")
        comp = next(c for c in policy["coverages"] if c["coverage_type"] == "comprehensive")
        self.call("change_deductible", coverage_id=coll["coverage_id"], new_deductible=1000)
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. To bring my premium down at renewal I want higher "
                 f"deductibles on my {row['insured_item'][5:]}: collision to $1,000 and comprehensive to $500.",
                 ["write", "deductible", "refusal", "partial"], [], facts,
                 [{"name": "change_deductible", "arguments": {"coverage_id": comp["coverage_id"]}}])

    def assign_reviewer(self) -> None:
        c = self.row("SELECT c.*, p.holder_id FROM claims c JOIN policies p USING (policy_number) "
                     "WHERE c.status = 'filed' AND p.line = 'home' ORDER BY c.claim_id")
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "email")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        options = self.call("list_adjusters_for_claim", claim_id=c["claim_id"])["adjusters"]
        done = self.call("assign_adjuster", claim_id=c["claim_id"], adjuster_id=options[0]["adjuster_id"])
        self.add(f"Hi, this is {h['first_name']} {h['last_name']}. I reported {WHAT[c['incident_type']]} at my house "
                 f"on {say(c['incident_date'])} and nobody has been in touch. Could you get an adjuster working on "
                 "that claim, and tell me who it is?", ["write", "assign"], [done["adjuster_name"]], facts)

    def approve_and_pay(self) -> None:
        c = self.row("SELECT c.* FROM claims c JOIN adjusters a ON a.staff_id = c.adjuster_id JOIN coverages v "
                     "USING (coverage_id) WHERE c.status = 'under_review' AND (SELECT sum(claimed_amount) FROM "
                     "claim_items i WHERE i.claim_id = c.claim_id) - c.deductible BETWEEN 1000 AND a.authority_limit "
                     "AND v.coverage_type = 'collision' ORDER BY c.claim_id")
        adj, facts = self.adjuster(c["adjuster_id"])
        load = self.call("get_adjuster_caseload", staff_id=adj["staff_id"])
        entry = next(x for x in load["claims"] if x["claim_id"] == c["claim_id"])
        approved = self.call("approve_claim", staff_id=adj["staff_id"], claim_id=c["claim_id"])
        paid = self.call("release_claim_payment", staff_id=adj["staff_id"], claim_id=c["claim_id"])
        self.add(f"Hi, it's {adj['name']}. I'm done with {entry['policyholder']}'s collision claim on the "
                 f"{entry['insured_item']}: please approve it and release the payment right away.",
                 ["write", "multi_goal", "ordered", "adjuster", "payout"],
                 [approved["approved_amount"], paid["method"]], facts)

    def add_receipt(self) -> None:
        c = self.row("SELECT c.*, p.holder_id FROM claims c JOIN policies p USING (policy_number) JOIN coverages v "
                     "USING (coverage_id) WHERE c.status = 'under_review' AND v.coverage_type = 'personal_property' "
                     "AND c.incident_type = 'theft' ORDER BY c.claim_id")
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "birthdate")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        done = self.call("add_claim_item", claim_id=c["claim_id"], item_description="Camera equipment", amount=1289.99)
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. For the burglary claim I filed on "
                 f"{say(c['filed_on'])}: I found the receipt for the camera equipment they took, $1,289.99. Please add "
                 "it as \"Camera equipment\" and tell me the new total.", ["write", "items"], [done["items_total"]],
                 facts)

    def item_on_paid_claim(self) -> None:
        c = self.row("SELECT c.*, p.holder_id FROM claims c JOIN policies p USING (policy_number) "
                     "WHERE c.status = 'paid' AND c.incident_type = 'collision' AND c.closed_on >= ? "
                     "ORDER BY c.claim_id", [(self.today - timedelta(days=60)).isoformat()])
        h = self.holder(c["holder_id"])
        facts = self.identify(h, "email")
        self.call("list_policyholder_claims", holder_id=h["holder_id"])
        self.add(f"Hi, this is {h['first_name']} {h['last_name']}. On my collision claim from "
                 f"{say(c['incident_date'])} I forgot the towing bill, $240. Can you add it to that claim?",
                 ["read", "refusal", "items", "state_machine"], ["paid"], facts,
                 [{"name": "add_claim_item", "arguments": {"claim_id": c["claim_id"]}}])

    def approve_and_deny(self) -> None:
        a = self.row("SELECT a.staff_id FROM adjusters a WHERE a.specialty = 'home' AND (SELECT count(*) FROM claims c "
                     "WHERE c.adjuster_id = a.staff_id AND c.status = 'under_review') >= 3 ORDER BY a.staff_id DESC")
        adj, facts = self.adjuster(a["staff_id"])
        load = self.call("get_adjuster_caseload", staff_id=adj["staff_id"])
        review = [c for c in load["claims"] if c["status"] == "under_review" and c["items_total"] > 0]
        first = next(c for c in review if 0 < self.payout(c["claim_id"]) <= adj["authority_limit"])
        second = next(c for c in review if c is not first)
        approved = self.call("approve_claim", staff_id=adj["staff_id"], claim_id=first["claim_id"])
        self.call("deny_claim", staff_id=adj["staff_id"], claim_id=second["claim_id"], reason="excluded_loss")
        self.add(f"Hi, {adj['name']} here. Two decisions from my caseload: approve {first['policyholder']}'s "
                 f"{first['incident_type']} claim, and deny {second['policyholder']}'s {second['incident_type']} claim "
                 "because the loss is excluded under the policy.", ["write", "multi_goal", "adjuster", "decision"],
                 [approved["approved_amount"]], facts)

    def file_and_assign(self) -> None:
        p = self.row("SELECT p.* FROM policies p JOIN coverages v USING (policy_number) WHERE p.status = 'active' "
                     "AND p.line = 'home' AND v.coverage_type = 'water_backup' AND p.reinstated_on IS NULL "
                     "AND p.term_start < ? AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.coverage_id = v.coverage_id) "
                     "ORDER BY p.policy_number", [(self.today - timedelta(days=60)).isoformat()], skip=1)
        h = self.holder(p["holder_id"])
        incident = (self.today - timedelta(days=2)).isoformat()
        facts = self.identify(h, "email")
        self.call("get_policyholder_summary", holder_id=h["holder_id"])
        policy = self.call("get_policy", policy_number=p["policy_number"])
        cov = next(c for c in policy["coverages"] if c["coverage_type"] == "water_backup")
        claim = self.call("file_claim", coverage_id=cov["coverage_id"], incident_type="backup", incident_date=incident)
        options = self.call("list_adjusters_for_claim", claim_id=claim["claim_id"])["adjusters"]
        done = self.call("assign_adjuster", claim_id=claim["claim_id"], adjuster_id=options[0]["adjuster_id"])
        self.add(f"Hello, I'm {h['first_name']} {h['last_name']}. The sewer line backed up into our basement on "
                 f"{say(incident)}. Please open a claim under my water backup coverage and get an adjuster assigned "
                 "to it right away.", ["write", "multi_goal", "ordered", "file_claim", "assign"],
                 [claim["claim_id"], done["adjuster_name"]], facts)


if __name__ == "__main__":
    builder = Builder()
    raise SystemExit(builder.main(builder.build, description=__doc__.splitlines()[0]))
