"""Tools of the insurance environment: the claims desk of Harborline Mutual, a home-and-auto insurer.

Reads look up policyholders, policies and their coverages, premium bills, claims and adjusters. Writes file claims
and their items, move claims through review (assignment, approval, denial, payment, withdrawal), reinstate or
cancel policies, take premium payments and change deductibles, each under the insurer's rules.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, as_date
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import today as _today

#: Days after the incident within which a claim must be filed, per line of business.
FILING_WINDOW_DAYS = {"home": 60, "auto": 30}
REINSTATEMENT_WINDOW_DAYS = 30
DEDUCTIBLE_CHOICES = (250, 500, 1000, 2500)
#: Claims that still need work: they block a cancellation and a deductible change.
OPEN_STATUSES = ("filed", "under_review", "approved")
#: Claims that count against an adjuster's caseload cap.
CASELOAD_STATUSES = ("under_review", "approved")
#: Which incident types each coverage pays for.
COVERS = {
    "dwelling": ("fire", "hail", "windstorm", "leak", "vandalism"),
    "personal_property": ("theft", "fire", "leak", "vandalism"),
    "water_backup": ("backup",),
    "liability": ("injury",),
    "collision": ("collision",),
    "comprehensive": ("theft", "vandalism", "fire", "hail", "windstorm", "glass", "animal"),
}

#: How a claim filed at the desk describes its incident (the loss details go into its items).
INCIDENT_WORDS = {"collision": "Collision", "theft": "Theft", "vandalism": "Vandalism", "fire": "Fire damage",
                  "hail": "Hail damage", "windstorm": "Windstorm damage", "leak": "Water leak",
                  "backup": "Sewer or sump backup", "glass": "Glass breakage", "animal": "Animal strike",
                  "injury": "Injury to a third party"}

ClaimStatus = Literal["filed", "under_review", "approved", "denied", "paid", "withdrawn"]
IncidentType = Literal["collision", "theft", "vandalism", "fire", "hail", "windstorm", "leak", "backup", "glass",
                       "animal", "injury"]
PaymentMethod = Literal["card", "bank_transfer"]

_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "CLM-": ("claims", "claim_id", 0),
    "CI-": ("claim_items", "item_id", 0),
    "DSB-": ("disbursements", "disbursement_id", 0),
})


def _day(value: str | None) -> date | None:
    return as_date(value) if value else None


def _holder(db: Database, holder_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM policyholders WHERE holder_id = ?", [holder_id.strip().upper()])
    if row is None:
        raise ToolError(f"no policyholder with id {holder_id!r} (policyholder ids look like 'PH-10042')")
    return row


def _policy(db: Database, policy_number: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM policies WHERE policy_number = ?", [policy_number.strip().upper()])
    if row is None:
        raise ToolError(f"no policy with number {policy_number!r} (policy numbers look like 'HO-482913' or "
                        "'AU-301742')")
    return row


def _coverage(db: Database, coverage_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM coverages WHERE coverage_id = ?", [coverage_id.strip().upper()])
    if row is None:
        raise ToolError(f"no coverage with id {coverage_id!r} (coverage ids look like 'CV-40017'; see get_policy)")
    return row


def _claim(db: Database, claim_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT c.*, p.line, p.holder_id, p.insured_item, h.first_name || ' ' || h.last_name AS "
                       "holder_name FROM claims c JOIN policies p ON p.policy_number = c.policy_number "
                       "JOIN policyholders h ON h.holder_id = p.holder_id WHERE c.claim_id = ?",
                       [claim_id.strip().upper()])
    if row is None:
        raise ToolError(f"no claim with id {claim_id!r} (claim ids look like 'CLM-70231')")
    return row


def _adjuster(db: Database, staff_id: str) -> dict[str, Any]:
    row = db.query_one(
        "SELECT a.*, (SELECT count(*) FROM claims c WHERE c.adjuster_id = a.staff_id "
        "AND c.status IN ('under_review', 'approved')) AS open_claims FROM adjusters a WHERE a.staff_id = ?",
        [staff_id.strip().upper()])
    if row is None:
        raise ToolError(f"no adjuster with staff id {staff_id!r} (staff ids look like 'ADJ-112')")
    return row


def _require_claim_status(claim: dict[str, Any], allowed: tuple[str, ...], action: str) -> None:
    if claim["status"] not in allowed:
        raise ToolError(f"claim {claim['claim_id']} is {claim['status']}; only {' or '.join(allowed)} claims can "
                        f"{action}")


def _check_assigned(db: Database, claim: dict[str, Any], staff_id: str, action: str) -> dict[str, Any]:
    """Only the claim's assigned adjuster may decide it or release its payment."""
    adjuster = _adjuster(db, staff_id)
    if claim["adjuster_id"] != adjuster["staff_id"]:
        holder = claim["adjuster_id"] or "no adjuster yet"
        raise ToolError(f"only the claim's assigned adjuster can {action} claim {claim['claim_id']} (assigned: "
                        f"{holder}); {adjuster['staff_id']} is not assigned to it")
    return adjuster


def _remaining_limit(db: Database, coverage: dict[str, Any]) -> float:
    """The coverage limit minus the payouts already approved or paid on it this term."""
    used = db.scalar("SELECT coalesce(sum(approved_amount), 0) FROM claims WHERE coverage_id = ? "
                     "AND status IN ('approved', 'paid')", [coverage["coverage_id"]])
    return _money(max(coverage["coverage_limit"] - float(used), 0.0))


def _items_total(db: Database, claim_id: str) -> float:
    return _money(float(db.scalar("SELECT coalesce(sum(claimed_amount), 0) FROM claim_items WHERE claim_id = ?",
                                  [claim_id])))


def _paid_through(db: Database, policy_number: str) -> date | None:
    return _day(db.scalar("SELECT max(period_end) FROM premium_bills WHERE policy_number = ? AND status = 'paid'",
                          [policy_number]))


def _in_force(policy: dict[str, Any], day: date) -> str | None:
    """None when the policy covered ``day``; else why it did not."""
    start, end = _day(policy["term_start"]), _day(policy["term_end"])
    if day < start or day > end:
        return f"the policy term runs from {start} to {end}"
    cancelled = _day(policy["cancelled_on"])
    if cancelled and day > cancelled:
        return f"the policy was cancelled with cover ending on {cancelled}"
    lapsed, reinstated = _day(policy["lapsed_on"]), _day(policy["reinstated_on"])
    if lapsed and day >= lapsed and (reinstated is None or day < reinstated):
        gap = f"from {lapsed} until its reinstatement on {reinstated}" if reinstated else f"since {lapsed}"
        return f"the policy was lapsed (no cover) {gap}"
    return None


def _refund(db: Database, policy: dict[str, Any]) -> tuple[float, int, date | None]:
    """The prorated premium refund of cancelling today: the prepaid days after today at the daily rate."""
    through = _paid_through(db, policy["policy_number"])
    days = max((through - _today(db)).days, 0) if through else 0
    term_days = (_day(policy["term_end"]) - _day(policy["term_start"])).days + 1
    return _money(policy["annual_premium"] * days / term_days), days, through


def _open_claims(db: Database, where: str, value: str) -> list[str]:
    rows = db.query(f"SELECT claim_id FROM claims WHERE {where} = ? AND status IN ('filed', 'under_review', "
                    "'approved') ORDER BY claim_id", [value])
    return [r["claim_id"] for r in rows]


def _disburse(db: Database, policy: dict[str, Any], claim_id: str | None, kind: str, amount: float) -> dict:
    method = db.scalar("SELECT payout_method FROM policyholders WHERE holder_id = ?", [policy["holder_id"]])
    row = {"disbursement_id": _IDS.next(db, "DSB-"), "kind": kind, "amount": _money(amount), "method": method,
           "issued_on": _today(db).isoformat()}
    db.execute("INSERT INTO disbursements VALUES (?, ?, ?, ?, ?, ?, ?)",
               [row["disbursement_id"], policy["policy_number"], claim_id, kind, row["amount"], method,
                row["issued_on"]])
    return row


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def lookup_policyholder_by_email(db: Database, email: str) -> dict:
    """Find a policyholder's id from their email address.

    Args:
        email: The policyholder's email address, e.g. "dana.whitfield@example.com".

    Returns:
        The policyholder id and name.
    """
    row = db.query_one("SELECT holder_id, first_name, last_name FROM policyholders WHERE lower(email) = lower(?)",
                       [email.strip()])
    if row is None:
        raise ToolError(f"no policyholder with email {email!r}")
    return row


@tool
def lookup_policyholder_by_birthdate(db: Database, first_name: str, last_name: str, date_of_birth: str) -> dict:
    """Find a policyholder's id from their full name and date of birth.

    Args:
        first_name: The policyholder's first name, e.g. "Dana".
        last_name: The policyholder's last name, e.g. "Whitfield".
        date_of_birth: Date of birth as YYYY-MM-DD, e.g. "1984-07-09".

    Returns:
        The policyholder id and name.
    """
    row = db.query_one(
        "SELECT holder_id, first_name, last_name FROM policyholders WHERE lower(first_name) = lower(?) "
        "AND lower(last_name) = lower(?) AND CAST(date_of_birth AS VARCHAR) = ?",
        [first_name.strip(), last_name.strip(), date_of_birth.strip()])
    if row is None:
        raise ToolError(f"no policyholder named {first_name} {last_name} born on {date_of_birth}")
    return row


@tool
def get_policyholder_summary(db: Database, holder_id: str) -> dict:
    """Get a policyholder's contact details, payout method and policies (number, line, insured item, status).

    Args:
        holder_id: The policyholder's id, e.g. "PH-10042".

    Returns:
        Name, contact details, how payouts are sent, and every policy of the policyholder.
    """
    h = _holder(db, holder_id)
    policies = db.query("SELECT policy_number, line, insured_item, status FROM policies WHERE holder_id = ? "
                        "ORDER BY policy_number", [h["holder_id"]])
    return {"holder_id": h["holder_id"], "name": f"{h['first_name']} {h['last_name']}", "email": h["email"],
            "phone": h["phone"], "address": f"{h['street']}, {h['city']}, {h['state']} {h['zip_code']}",
            "payout_method": h["payout_method"], "customer_since": h["customer_since"], "policies": policies}


@tool
def get_policy(db: Database, policy_number: str) -> dict:
    """Get a policy: status, term, premium and billing, lapse or cancellation dates, and its coverages.

    Each coverage shows its limit, deductible and the limit still available this term (the limit minus payouts
    approved or paid on it).

    Args:
        policy_number: The policy number, e.g. "HO-482913" or "AU-301742".

    Returns:
        The policy, what is paid through and overdue, and its coverages.
    """
    p = _policy(db, policy_number)
    coverages = db.query("SELECT coverage_id, coverage_type, coverage_limit, deductible FROM coverages "
                         "WHERE policy_number = ? ORDER BY coverage_id", [p["policy_number"]])
    for c in coverages:
        c["remaining_limit"] = _remaining_limit(db, c)
    overdue = db.scalar("SELECT coalesce(sum(amount), 0) FROM premium_bills WHERE policy_number = ? "
                        "AND status = 'overdue'", [p["policy_number"]])
    through = _paid_through(db, p["policy_number"])
    out = {k: p[k] for k in ("policy_number", "holder_id", "line", "insured_item", "status", "term_start",
                             "term_end", "annual_premium", "billing_plan")}
    out.update({"paid_through": through.isoformat() if through else None, "overdue_amount": _money(float(overdue)),
                "coverages": coverages})
    for key in ("lapsed_on", "reinstated_on", "cancelled_on", "cancel_reason"):
        if p[key] is not None:
            out[key] = p[key]
    return out


@tool
def list_policyholder_claims(db: Database, holder_id: str, status: ClaimStatus | None = None) -> dict:
    """List a policyholder's claims on all their policies, most recently filed first.

    Args:
        holder_id: The policyholder's id, e.g. "PH-10042".
        status: Only claims with this status; omit for all claims.

    Returns:
        The claims: id, policy, insured item, coverage, incident type and date, filing date, status, adjuster
        and approved amount.
    """
    h = _holder(db, holder_id)
    claims = db.query(
        "SELECT c.claim_id, c.policy_number, p.insured_item, v.coverage_type, c.incident_type, c.incident_date, "
        "c.filed_on, c.status, c.adjuster_id, a.name AS adjuster_name, "
        "c.approved_amount FROM claims c JOIN policies p ON p.policy_number = c.policy_number "
        "JOIN coverages v ON v.coverage_id = c.coverage_id LEFT JOIN adjusters a ON a.staff_id = c.adjuster_id "
        "WHERE p.holder_id = ? AND (? IS NULL OR c.status = ?) ORDER BY c.filed_on DESC, c.claim_id DESC",
        [h["holder_id"], status, status])
    return {"holder_id": h["holder_id"], "claims": claims}


@tool
def get_claim(db: Database, claim_id: str) -> dict:
    """Get one claim: status, incident, coverage (limit, deductible, remaining limit), items, adjuster and payments.

    Args:
        claim_id: The claim's id, e.g. "CLM-70231".

    Returns:
        The claim's details (policy number, policyholder, insured item), its items and their total, its adjuster
        and any payout issued.
    """
    c = _claim(db, claim_id)
    cov = _coverage(db, c["coverage_id"])
    items = db.query("SELECT item_id, description, claimed_amount, added_on FROM claim_items WHERE claim_id = ? "
                     "ORDER BY item_id", [c["claim_id"]])
    adjuster = db.query_one("SELECT staff_id AS adjuster_id, name, authority_limit FROM adjusters WHERE staff_id = ?",
                            [c["adjuster_id"]]) if c["adjuster_id"] else None
    payouts = db.query("SELECT disbursement_id, amount, method, issued_on FROM disbursements WHERE claim_id = ? "
                       "ORDER BY disbursement_id", [c["claim_id"]])
    out = {"claim_id": c["claim_id"], "policy": c["policy_number"], "holder_name": c["holder_name"],
           "line": c["line"], "insured_item": c["insured_item"]}
    out.update({k: c[k] for k in ("incident_type", "incident_date", "description", "filed_on", "status")})
    out.update({"coverage": {"coverage_type": cov["coverage_type"],
                             "coverage_limit": cov["coverage_limit"], "remaining_limit": _remaining_limit(db, cov)},
                "deductible": c["deductible"], "items": items, "items_total": _items_total(db, c["claim_id"]),
                "adjuster": adjuster, "payouts": payouts})
    for key in ("approved_amount", "denial_reason", "decided_on", "closed_on"):
        if c[key] is not None:
            out[key] = c[key]
    return out


@tool
def get_billing_history(db: Database, policy_number: str) -> dict:
    """Get a policy's premium bills (period, due date, amount, status, payment) and what it is paid through.

    Args:
        policy_number: The policy number, e.g. "HO-482913".

    Returns:
        The billing plan, annual premium, paid-through date, overdue total and every bill, latest first.
    """
    p = _policy(db, policy_number)
    bills = db.query("SELECT bill_id, period_start, period_end, due_date, amount, status, paid_on, paid_method "
                     "FROM premium_bills WHERE policy_number = ? ORDER BY due_date DESC", [p["policy_number"]])
    through = _paid_through(db, p["policy_number"])
    overdue = sum(b["amount"] for b in bills if b["status"] == "overdue")
    return {"policy_number": p["policy_number"], "status": p["status"], "billing_plan": p["billing_plan"],
            "annual_premium": p["annual_premium"], "paid_through": through.isoformat() if through else None,
            "overdue_amount": _money(overdue), "bills": bills}


@tool
def list_adjusters_for_claim(db: Database, claim_id: str) -> dict:
    """List the adjusters who handle a claim's line (home or auto), with their caseload and authority limit.

    Sorted by free slots under the caseload cap (most first), then adjuster id; the claim's current adjuster is
    flagged.

    Args:
        claim_id: The claim's id, e.g. "CLM-70231".

    Returns:
        The claim's line and the adjusters: id, name, open claims, caseload cap, free slots and authority limit.
    """
    c = _claim(db, claim_id)
    rows = db.query(
        "SELECT adjuster_id, name, open_claims, caseload_cap, caseload_cap - open_claims AS free_slots, "
        "authority_limit, adjuster_id = coalesce(?, '') AS assigned_to_claim FROM (SELECT a.staff_id AS adjuster_id, a.name, "
        "(SELECT count(*) FROM claims c WHERE c.adjuster_id = a.staff_id "
        "AND c.status IN ('under_review', 'approved')) AS open_claims, a.caseload_cap, a.authority_limit "
        "FROM adjusters a WHERE a.specialty = ?) ORDER BY free_slots DESC, adjuster_id",
        [c["adjuster_id"], c["line"]])
    return {"claim_id": c["claim_id"], "line": c["line"], "adjusters": rows}


@tool
def lookup_adjuster_by_email(db: Database, work_email: str) -> dict:
    """Verify an adjuster of the insurer from their work email; gives their staff id.

    Args:
        work_email: The adjuster's work email, e.g. "pnair@harborline.example.com".

    Returns:
        The adjuster's staff id, name, line (home or auto), caseload cap and authority limit.
    """
    row = db.query_one("SELECT staff_id, name, specialty, caseload_cap, authority_limit FROM adjusters "
                       "WHERE lower(work_email) = lower(?)", [work_email.strip()])
    if row is None:
        raise ToolError(f"no adjuster with work email {work_email!r}")
    return row


@tool
def get_adjuster_caseload(db: Database, staff_id: str) -> dict:
    """Get an adjuster's profile and the claims assigned to them that are still under review or approved.

    Args:
        staff_id: The adjuster's staff id, e.g. "ADJ-112" (from lookup_adjuster_by_email).

    Returns:
        Name, line, caseload cap, authority limit, and the open claims (policyholder, incident, status, items total).
    """
    a = _adjuster(db, staff_id)
    claims = db.query(
        "SELECT c.claim_id, c.policy_number AS policy, h.first_name || ' ' || h.last_name AS policyholder, "
        "p.insured_item, "
        "c.incident_type, c.incident_date, c.filed_on, c.status, "
        "(SELECT coalesce(sum(i.claimed_amount), 0) FROM claim_items i WHERE i.claim_id = c.claim_id) AS items_total "
        "FROM claims c JOIN policies p ON p.policy_number = c.policy_number "
        "JOIN policyholders h ON h.holder_id = p.holder_id WHERE c.adjuster_id = ? "
        "AND c.status IN ('under_review', 'approved') ORDER BY c.filed_on, c.claim_id", [a["staff_id"]])
    return {"staff_id": a["staff_id"], "name": a["name"], "specialty": a["specialty"],
            "caseload_cap": a["caseload_cap"], "open_claims": a["open_claims"],
            "authority_limit": a["authority_limit"], "claims": claims}


@tool
def quote_cancellation(db: Database, policy_number: str) -> dict:
    """Quote what cancelling a policy today would refund, and whether open claims stand in the way.

    The refund is the premium paid for the days after today, at the daily rate of the annual premium.

    Args:
        policy_number: The policy number, e.g. "AU-301742".

    Returns:
        The paid-through date, the unused prepaid days, the refund amount, how it would be sent, the open claims
        and whether the policy can be cancelled now.
    """
    p = _policy(db, policy_number)
    refund, days, through = _refund(db, p)
    open_claims = _open_claims(db, "policy_number", p["policy_number"])
    method = db.scalar("SELECT payout_method FROM policyholders WHERE holder_id = ?", [p["holder_id"]])
    return {"policy_number": p["policy_number"], "status": p["status"],
            "paid_through": through.isoformat() if through else None, "unused_days": days, "refund_amount": refund,
            "refund_method": method, "open_claims": open_claims,
            "can_cancel": p["status"] != "cancelled" and not open_claims}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def file_claim(db: Database, coverage_id: str, incident_type: IncidentType, incident_date: str) -> dict:
    """File a new claim against one coverage of a policy.

    The claim must be filed within 60 days of the incident for home policies and 30 days for auto policies, the
    policy must have been in force on the incident date, and the coverage must pay for that type of incident.

    Args:
        coverage_id: The coverage the loss falls under, e.g. "CV-40017" (from get_policy).
        incident_type: What happened.
        incident_date: The day of the incident as YYYY-MM-DD, e.g. "2026-04-02".

    Returns:
        The new claim id, its status, the deductible that applies and the remaining limit of the coverage.
    """
    cov = _coverage(db, coverage_id)
    policy = _policy(db, cov["policy_number"])
    if incident_type not in COVERS[cov["coverage_type"]]:
        raise ToolError(f"{cov['coverage_type']} coverage does not pay for {incident_type} losses; it covers "
                        f"{', '.join(COVERS[cov['coverage_type']])}")
    try:
        day = date.fromisoformat(incident_date.strip())
    except ValueError:
        raise ToolError(f"incident_date must be a date as YYYY-MM-DD, got {incident_date!r}") from None
    today = _today(db)
    if day > today:
        raise ToolError(f"the incident date {day} is in the future (today is {today})")
    window = FILING_WINDOW_DAYS[policy["line"]]
    if (today - day).days > window:
        raise ToolError(f"{policy['line']} claims must be filed within {window} days of the incident; the window for "
                        f"an incident on {day} closed on {day + timedelta(days=window)}")
    why = _in_force(policy, day)
    if why:
        raise ToolError(f"policy {policy['policy_number']} was not in force on {day}: {why}")
    duplicate = db.scalar("SELECT claim_id FROM claims WHERE coverage_id = ? AND incident_date = ? "
                          "AND status NOT IN ('withdrawn', 'denied')", [cov["coverage_id"], day.isoformat()])
    if duplicate:
        raise ToolError(f"claim {duplicate} already covers this incident on the same coverage; add items to it instead")
    claim_id = _IDS.next(db, "CLM-")
    db.execute("INSERT INTO claims (claim_id, policy_number, coverage_id, incident_type, incident_date, description, "
               "filed_on, status, deductible) VALUES (?, ?, ?, ?, ?, ?, ?, 'filed', ?)",
               [claim_id, policy["policy_number"], cov["coverage_id"], incident_type, day.isoformat(),
                f"{INCIDENT_WORDS[incident_type]} reported to the claims desk", today.isoformat(), cov["deductible"]])
    return {"claim_id": claim_id, "policy_number": policy["policy_number"], "status": "filed",
            "coverage_type": cov["coverage_type"], "deductible": cov["deductible"],
            "remaining_limit": _remaining_limit(db, cov)}


@tool(writes=True)
def add_claim_item(db: Database, claim_id: str, item_description: str, amount: float) -> dict:
    """Add a damaged, lost or paid-for item (with its amount) to a claim that is filed or under review.

    Args:
        claim_id: The claim's id, e.g. "CLM-70231".
        item_description: What the item is, e.g. "Windshield replacement" (stored in sentence case).
        amount: The amount claimed for the item in dollars, more than 0.

    Returns:
        The new item id and the claim's new items total.
    """
    c = _claim(db, claim_id)
    _require_claim_status(c, ("filed", "under_review"), "take new items")
    amount = _money(amount)
    if amount <= 0:
        raise ToolError(f"amount must be more than 0, got {amount:.2f}")
    words = " ".join(item_description.split()).rstrip(".")
    if not words:
        raise ToolError("give a description of the item")
    description = words[0].upper() + words[1:].lower()
    item_id = _IDS.next(db, "CI-")
    db.execute("INSERT INTO claim_items VALUES (?, ?, ?, ?, ?)",
               [item_id, c["claim_id"], description, amount, _today(db).isoformat()])
    return {"item_id": item_id, "claim_id": c["claim_id"], "description": description, "claimed_amount": amount,
            "items_total": _items_total(db, c["claim_id"])}


@tool(writes=True)
def assign_adjuster(db: Database, claim_id: str, adjuster_id: str) -> dict:
    """Assign (or reassign) an adjuster to a filed or under-review claim; the claim goes under review.

    The adjuster must handle the claim's line (home or auto) and have a free slot under their caseload cap.

    Args:
        claim_id: The claim's id, e.g. "CLM-70231".
        adjuster_id: The staff id of the adjuster to assign, e.g. "ADJ-112" (from list_adjusters_for_claim).

    Returns:
        The claim, its adjuster and status, and the adjuster's new open caseload.
    """
    c = _claim(db, claim_id)
    _require_claim_status(c, ("filed", "under_review"), "be assigned an adjuster")
    a = _adjuster(db, adjuster_id)
    if a["specialty"] != c["line"]:
        raise ToolError(f"adjuster {a['staff_id']} handles {a['specialty']} claims; claim {c['claim_id']} is a "
                        f"{c['line']} claim")
    if c["adjuster_id"] == a["staff_id"]:
        raise ToolError(f"adjuster {a['staff_id']} is already assigned to claim {c['claim_id']}")
    if a["open_claims"] >= a["caseload_cap"]:
        raise ToolError(f"adjuster {a['staff_id']} is at their caseload cap ({a['open_claims']} of "
                        f"{a['caseload_cap']} open claims); choose another adjuster")
    db.execute("UPDATE claims SET adjuster_id = ?, status = 'under_review' WHERE claim_id = ?",
               [a["staff_id"], c["claim_id"]])
    return {"claim_id": c["claim_id"], "status": "under_review", "adjuster_id": a["staff_id"],
            "adjuster_name": a["name"], "previous_adjuster_id": c["adjuster_id"],
            "adjuster_open_claims": a["open_claims"] + 1}


@tool(writes=True)
def approve_claim(db: Database, staff_id: str, claim_id: str) -> dict:
    """Approve a claim under review, at the request of its assigned adjuster; the payout is computed.

    payout = min(items total - deductible, remaining limit of the coverage). A payout of zero cannot be approved
    (deny the claim instead), and a payout above the adjuster's authority limit needs another adjuster.

    Args:
        staff_id: The staff id of the verified adjuster asking, e.g. "ADJ-112"; must be the claim's assigned adjuster.
        claim_id: The claim's id, e.g. "CLM-70231".

    Returns:
        The claim, its new status and the approved payout with how it was computed.
    """
    c = _claim(db, claim_id)
    _require_claim_status(c, ("under_review",), "be approved")
    a = _check_assigned(db, c, staff_id, "approve")
    total = _items_total(db, c["claim_id"])
    if total <= 0:
        raise ToolError(f"claim {c['claim_id']} has no items yet; add the claimed items before approving it")
    remaining = _remaining_limit(db, _coverage(db, c["coverage_id"]))
    payout = _money(min(total - c["deductible"], remaining))
    if total <= c["deductible"]:
        raise ToolError(f"the items total {total:.2f} does not exceed the deductible {c['deductible']:.2f}, so "
                        "nothing is payable; the claim can only be denied (below_deductible)")
    if payout <= 0:
        raise ToolError(f"the coverage limit is used up (remaining {remaining:.2f}), so nothing is payable; the "
                        "claim can only be denied (limit_exhausted)")
    if payout > a["authority_limit"]:
        raise ToolError(f"the payout {payout:.2f} exceeds adjuster {a['staff_id']}'s authority limit "
                        f"{a['authority_limit']:.2f}; reassign the claim to an adjuster with a higher limit")
    today = _today(db).isoformat()
    db.execute("UPDATE claims SET status = 'approved', approved_amount = ?, decided_on = ? WHERE claim_id = ?",
               [payout, today, c["claim_id"]])
    return {"claim_id": c["claim_id"], "status": "approved", "items_total": total, "deductible": c["deductible"],
            "remaining_limit_before": remaining, "approved_amount": payout}


@tool(writes=True)
def deny_claim(db: Database, staff_id: str, claim_id: str,
               reason: Literal["below_deductible", "limit_exhausted", "excluded_loss", "insufficient_documentation",
                               "misrepresentation"]) -> dict:
    """Deny a claim under review, at the request of its assigned adjuster.

    below_deductible needs an items total at or under the deductible; limit_exhausted needs a used-up coverage limit.

    Args:
        staff_id: The staff id of the verified adjuster asking, e.g. "ADJ-112"; must be the claim's assigned adjuster.
        claim_id: The claim's id, e.g. "CLM-70231".
        reason: Why the claim is denied.

    Returns:
        The claim, its new status and the denial reason.
    """
    c = _claim(db, claim_id)
    _require_claim_status(c, ("under_review",), "be denied")
    _check_assigned(db, c, staff_id, "deny")
    total = _items_total(db, c["claim_id"])
    if reason == "below_deductible" and total > c["deductible"]:
        raise ToolError(f"the items total {total:.2f} exceeds the deductible {c['deductible']:.2f}; "
                        "below_deductible does not apply")
    if reason == "limit_exhausted":
        remaining = _remaining_limit(db, _coverage(db, c["coverage_id"]))
        if remaining > 0:
            raise ToolError(f"the coverage still has {remaining:.2f} of its limit; limit_exhausted does not apply")
    today = _today(db).isoformat()
    db.execute("UPDATE claims SET status = 'denied', denial_reason = ?, decided_on = ?, closed_on = ? "
               "WHERE claim_id = ?", [reason, today, today, c["claim_id"]])
    return {"claim_id": c["claim_id"], "status": "denied", "denial_reason": reason}


@tool(writes=True)
def release_claim_payment(db: Database, staff_id: str, claim_id: str) -> dict:
    """Pay out an approved claim, at the request of its assigned adjuster, by the policyholder's payout method.

    Args:
        staff_id: The staff id of the verified adjuster asking, e.g. "ADJ-112"; must be the claim's assigned adjuster.
        claim_id: The claim's id, e.g. "CLM-70231".

    Returns:
        The claim, its new status and the payment issued (id, amount, method).
    """
    c = _claim(db, claim_id)
    _require_claim_status(c, ("approved",), "be paid")
    _check_assigned(db, c, staff_id, "release payment of")
    payment = _disburse(db, _policy(db, c["policy_number"]), c["claim_id"], "claim_payout", c["approved_amount"])
    db.execute("UPDATE claims SET status = 'paid', closed_on = ? WHERE claim_id = ?",
               [payment["issued_on"], c["claim_id"]])
    return {"claim_id": c["claim_id"], "status": "paid", **payment}


@tool(writes=True)
def withdraw_claim(db: Database, holder_id: str, claim_id: str) -> dict:
    """Withdraw a claim at the request of the policyholder who filed it (only while it is filed or under review).

    Args:
        holder_id: The verified policyholder's id, e.g. "PH-10042"; the claim must be on one of their policies.
        claim_id: The claim's id, e.g. "CLM-70231".

    Returns:
        The claim and its new status.
    """
    c = _claim(db, claim_id)
    h = _holder(db, holder_id)
    if c["holder_id"] != h["holder_id"]:
        raise ToolError(f"claim {c['claim_id']} is not on a policy of {h['holder_id']}; only the policyholder who "
                        "owns a claim can withdraw it")
    _require_claim_status(c, ("filed", "under_review"), "be withdrawn")
    db.execute("UPDATE claims SET status = 'withdrawn', closed_on = ? WHERE claim_id = ?",
               [_today(db).isoformat(), c["claim_id"]])
    return {"claim_id": c["claim_id"], "status": "withdrawn"}


@tool(writes=True)
def reinstate_policy(db: Database, policy_number: str, payment_method: PaymentMethod) -> dict:
    """Reinstate a lapsed policy (within 30 days of the lapse) by paying every overdue bill now.

    Cover resumes today; losses during the lapse stay uncovered.

    Args:
        policy_number: The policy number, e.g. "AU-301742".
        payment_method: How the overdue premium is paid: "card" or "bank_transfer".

    Returns:
        The policy, its new status, the bills paid, the amount charged and the new paid-through date.
    """
    p = _policy(db, policy_number)
    if p["status"] != "lapsed":
        raise ToolError(f"policy {p['policy_number']} is {p['status']}; only lapsed policies can be reinstated")
    lapsed, today = _day(p["lapsed_on"]), _today(db)
    deadline = lapsed + timedelta(days=REINSTATEMENT_WINDOW_DAYS)
    if today > deadline:
        raise ToolError(f"policy {p['policy_number']} lapsed on {lapsed}; reinstatement was possible until "
                        f"{deadline} ({REINSTATEMENT_WINDOW_DAYS} days); a new policy is needed")
    bills = db.query("SELECT bill_id, amount FROM premium_bills WHERE policy_number = ? AND status = 'overdue' "
                     "ORDER BY due_date", [p["policy_number"]])
    total = _money(sum(b["amount"] for b in bills))
    db.execute("UPDATE premium_bills SET status = 'paid', paid_on = ?, paid_method = ? WHERE policy_number = ? "
               "AND status = 'overdue'", [today.isoformat(), payment_method, p["policy_number"]])
    db.execute("UPDATE policies SET status = 'active', reinstated_on = ? WHERE policy_number = ?",
               [today.isoformat(), p["policy_number"]])
    through = _paid_through(db, p["policy_number"])
    return {"policy_number": p["policy_number"], "status": "active", "reinstated_on": today.isoformat(),
            "bills_paid": [b["bill_id"] for b in bills], "amount_charged": total,
            "paid_through": through.isoformat() if through else None}


@tool(writes=True)
def cancel_policy(db: Database, policy_number: str,
                  reason: Literal["sold_property", "switched_insurer", "too_expensive", "no_longer_needed"]) -> dict:
    """Cancel a policy today; the prepaid premium for the days after today is refunded, prorated by day.

    A policy with open claims (filed, under review or approved) cannot be cancelled. Unpaid bills are voided.

    Args:
        policy_number: The policy number, e.g. "AU-301742".
        reason: Why the policyholder cancels.

    Returns:
        The policy, its new status, the refund amount and the refund payment (if any).
    """
    p = _policy(db, policy_number)
    if p["status"] == "cancelled":
        raise ToolError(f"policy {p['policy_number']} is already cancelled (on {p['cancelled_on']})")
    open_claims = _open_claims(db, "policy_number", p["policy_number"])
    if open_claims:
        raise ToolError(f"policy {p['policy_number']} has open claims ({', '.join(open_claims)}); they must be "
                        "closed (paid, denied or withdrawn) before the policy can be cancelled")
    refund, days, _ = _refund(db, p)
    today = _today(db).isoformat()
    db.execute("UPDATE policies SET status = 'cancelled', cancelled_on = ?, cancel_reason = ? WHERE policy_number = ?",
               [today, reason, p["policy_number"]])
    db.execute("UPDATE premium_bills SET status = 'void' WHERE policy_number = ? AND status IN ('due', 'overdue')",
               [p["policy_number"]])
    payment = _disburse(db, p, None, "premium_refund", refund) if refund > 0 else None
    return {"policy_number": p["policy_number"], "status": "cancelled", "cancelled_on": today,
            "unused_days": days, "refund_amount": refund, "refund": payment}


@tool(writes=True)
def pay_premium_bill(db: Database, bill_id: str, payment_method: PaymentMethod) -> dict:
    """Pay a due premium bill of an active policy (the earliest unpaid bill first).

    Overdue bills of a lapsed policy are paid by reinstating it instead.

    Args:
        bill_id: The bill to pay, e.g. "BL-60231" (from get_billing_history).
        payment_method: How the bill is paid: "card" or "bank_transfer".

    Returns:
        The bill, its new status, the amount paid and the policy's new paid-through date.
    """
    bill = db.query_one("SELECT * FROM premium_bills WHERE bill_id = ?", [bill_id.strip().upper()])
    if bill is None:
        raise ToolError(f"no bill with id {bill_id!r} (bill ids look like 'BL-60231'; see get_billing_history)")
    p = _policy(db, bill["policy_number"])
    if p["status"] != "active":
        hint = "; reinstate it to pay the overdue premium" if p["status"] == "lapsed" else ""
        raise ToolError(f"policy {p['policy_number']} is {p['status']}; only bills of active policies can be "
                        f"paid{hint}")
    if bill["status"] != "due":
        raise ToolError(f"bill {bill['bill_id']} is {bill['status']}; only due bills can be paid")
    earlier = db.scalar("SELECT bill_id FROM premium_bills WHERE policy_number = ? AND status = 'due' "
                        "AND due_date < ? ORDER BY due_date LIMIT 1", [p["policy_number"], bill["due_date"]])
    if earlier:
        raise ToolError(f"bill {earlier} is due earlier; bills are paid in order, so pay {earlier} first")
    db.execute("UPDATE premium_bills SET status = 'paid', paid_on = ?, paid_method = ? WHERE bill_id = ?",
               [_today(db).isoformat(), payment_method, bill["bill_id"]])
    through = _paid_through(db, p["policy_number"])
    return {"bill_id": bill["bill_id"], "policy_number": p["policy_number"], "status": "paid",
            "amount_paid": bill["amount"], "paid_through": through.isoformat() if through else None}


@tool(writes=True)
def change_deductible(db: Database, coverage_id: str, new_deductible: Literal[250, 500, 1000, 2500]) -> dict:
    """Change the deductible of one coverage of an active policy; it applies to claims filed from now on.

    Liability coverage has no deductible, and a coverage with an open claim cannot be changed until it closes.

    Args:
        coverage_id: The coverage to change, e.g. "CV-40017" (from get_policy).
        new_deductible: The new deductible in dollars: 250, 500, 1000 or 2500.

    Returns:
        The coverage, its old and new deductible.
    """
    cov = _coverage(db, coverage_id)
    p = _policy(db, cov["policy_number"])
    if p["status"] != "active":
        raise ToolError(f"policy {p['policy_number']} is {p['status']}; only active policies can change deductibles")
    if cov["coverage_type"] == "liability":
        raise ToolError("liability coverage has no deductible to change")
    if cov["deductible"] == new_deductible:
        raise ToolError(f"the {cov['coverage_type']} deductible already is {new_deductible}")
    open_claims = _open_claims(db, "coverage_id", cov["coverage_id"])
    if open_claims:
        raise ToolError(f"coverage {cov['coverage_id']} has open claims ({', '.join(open_claims)}); its deductible "
                        "can change once they are closed")
    db.execute("UPDATE coverages SET deductible = ? WHERE coverage_id = ?", [new_deductible, cov["coverage_id"]])
    return {"coverage_id": cov["coverage_id"], "policy_number": p["policy_number"],
            "coverage_type": cov["coverage_type"], "old_deductible": cov["deductible"],
            "new_deductible": float(new_deductible)}
