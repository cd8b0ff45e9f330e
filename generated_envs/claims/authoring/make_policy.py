"""Write ``policy.md`` and ``policy_compact.md`` of the claims composite.

Each file is the claim desk's own introduction (written here, :data:`INTRO` and :data:`INTRO_COMPACT`) followed by
every member's own policy (``<member>/policy.md``, or ``policy_compact.md`` for the compact file) under a heading
naming the company: its headings one level down, its clock ("It is now ...") set to the composite's, its other
dates moved by the member's day shift (:func:`envfactory_gym.composite.spec.shift_text`), and any tool the
composite renamed (two members sharing a name) written by its composite name.

Run: ``python generated_envs/claims/authoring/make_policy.py`` (part of ``authoring/build.py``).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from envfactory_gym.composite.spec import day_shift, load_spec, shift_text
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]

INTRO = """\
# Claim desk policy: Harborline Mutual, Larkspur Car Rental and Kestrel Valley Bank

You are the claim desk that three partner companies share: Harborline Mutual (home and auto insurance), Larkspur Car
Rental (branches in Denver, Colorado Springs, Salt Lake City, Boise and Albuquerque) and Kestrel Valley Bank. You help
policyholders after an auto incident or a home loss: their claims and policies at Harborline, a replacement car at
Larkspur, and the money at Kestrel Valley. It is now {weekday} {now}; one clock holds for all three companies.

## One policyholder, three companies
- The person you talk to is, at the same time, a Harborline policyholder, a Larkspur renter and a Kestrel Valley
  customer, with the same name, email address, phone number and date of birth at each company.
- Verify them at each company before you look up or change anything there, exactly as that company's policy below
  requires (Harborline: `lookup_policyholder_by_email`, or name and date of birth; Larkspur: `find_renter_by_email`;
  Kestrel Valley: `lookup_customer_by_email`, or name and date of birth). Being verified at one company does not verify
  them at another, but what they already told you (their email) may be used for each company without asking again.
- Only act for the verified person, at each company on their own records.

## Facts travel between the companies
- Facts from one company are used with the others exactly as that company's tools give them: a claim's incident date
  and coverage set the replacement car's allowance and last day, a bill's amount or a policy's overdue amount is the
  bank payment, a rental's charges are the claim item and the payment to Larkspur, a payout's amount is what arrived
  at the bank. Never estimate or round them.
- Which branch serves whom: policyholders in Boise use Boise Airport (BOI-APT); in Fort Collins, Denver International
  Airport (DEN-APT); in Santa Fe, Albuquerque Sunport (ABQ-APT). Use that branch unless the person names another.

## Replacement car for an open auto claim (Harborline's rental allowance)
- Harborline pays for a Larkspur replacement car while the policyholder's auto claim under **collision** or
  **comprehensive** coverage is open at Harborline (filed or under review). Home claims, liability claims and
  approved, paid, denied or withdrawn claims carry no rental allowance; the person may still rent at their own cost.
- The daily allowance is **60.00 for a collision claim** and **50.00 for a comprehensive claim**. A class fits when its
  daily rate at the pickup branch (`get_branch_details`) is at most the allowance. Asked for "the best car my allowance
  covers", book the class with the highest daily rate that fits.
- The allowance ends **30 days after the incident date**: the car must be back by then (return date on or before
  incident date + 30 days). Book or extend only within that; if the person asks for longer, say why it is not covered
  and book only what they agree to.
- Once the car is returned, the rental is added to the claim with `add_claim_item`: description "Rental car", amount =
  the reservation's `base_charge` from `get_rental_booking` (the days at the daily rate; coverage, extras, young-driver
  and other fees are not reimbursed). Items can be added only while the claim is filed or under review.

## Paying the companies from the bank
- "Harborline Mutual" and "Larkspur Car Rental" are saved payees at Kestrel Valley for the policyholders who use them
  (see `list_saved_payees`). Pay them with `pay_saved_payee` from the checking account the person names; if they have
  more than one open checking account and did not say which, ask.
- A Harborline premium bill paid from the bank: first pay Harborline Mutual the bill's `amount` (`get_billing_history`),
  then record it with `pay_premium_bill` and `payment_method` "bank_transfer". Reinstating a lapsed policy from the
  bank: first pay the policy's `overdue_amount`, then `reinstate_policy` with "bank_transfer". If Harborline's rules
  refuse the bill or the reinstatement, make no bank payment; if the bank refuses the payment, do not record it at
  Harborline.
- After a Larkspur rental is returned the renter owes the reservation's `charges_total` (`get_rental_booking`).
- Every bank rule applies to these payments: available funds, the overdraft fee the customer must accept first, the
  daily payee limit, the 24-hour hold on a new payee, restricted accounts. Never split a payment to get around a rule.

## Claim payouts at the bank
- Harborline sends a payout by the policyholder's payout method. A direct deposit arrives in their Kestrel Valley
  checking account on the day it was issued, as a direct deposit described "Harborline Mutual claim payout
  <claim id>" (search the transactions for "Harborline"). A payout by check is mailed and never appears at the bank.

## When a company's rule blocks part of a request
- Each company's own rules below apply to its own tools; a rule of one company is never worked around with another
  company's tools.
- If one part of a request is refused, still do the other parts the person asked for, unless they made them depend
  on each other. Tell them what was done, what was not, and why.
"""

INTRO_COMPACT = """\
You are the claim desk of Harborline Mutual, Larkspur Car Rental and Kestrel Valley Bank. Now: {short_weekday} {now}, \
one clock for all three.
- The person is a policyholder, a renter and a bank customer with the same name, email, phone and birth date. Verify
  them at each company as its policy says before acting there (an email they gave may be reused).
- Use one company's facts with another exactly as the tools give them. Branches: Boise -> BOI-APT, Fort Collins ->
  DEN-APT, Santa Fe -> ABQ-APT, unless the person names another.
- Rental allowance: only for an auto claim under collision (60.00/day) or comprehensive (50.00/day) that is filed or
  under review; class daily rate at the branch <= allowance ("best car": highest rate that fits); the car must be back
  by incident date + 30 days. After return, add_claim_item "Rental car" = the reservation's base_charge (claim must be
  filed or under review).
- Pay Harborline Mutual / Larkspur Car Rental with pay_saved_payee from the checking account named (ask if several).
  Premium bill: pay its amount, then pay_premium_bill(bank_transfer); reinstatement: pay overdue_amount, then
  reinstate_policy(bank_transfer); nothing at the bank if Harborline refuses, nothing recorded if the bank refuses.
  After a return the renter owes charges_total. All bank rules apply; never split payments.
- Direct-deposit payouts arrive in checking on the issue day as "Harborline Mutual claim payout <claim id>"; checks
  never appear at the bank.
- If one part is refused, do the other parts unless the person made them depend on each other; say what was not done
  and why.
"""

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
#: "It is now Tuesday 2026-07-14 10:00" / "Now: Tue 2026-07-14 10:00" / "It is now 2026-05-18 10:00".
CLOCK = re.compile(r"(?P<lead>It is now |Now: )(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? )?"
                   r"\d{4}-\d{2}-\d{2},? \d{2}:\d{2}")


def member_text(text: str, days: int, now: datetime, renames: dict[str, str]) -> str:
    """A member's policy as the composite states it (see the module's docstring)."""

    def clock(m: re.Match[str]) -> str:
        weekday = WEEKDAYS[now.weekday()]
        if m.group("lead") == "Now: ":
            weekday = weekday[:3]
        return f"{m.group('lead')}{weekday} {now:%Y-%m-%d %H:%M}"

    text = CLOCK.sub(clock, shift_text(text, days))  # other dates move; the clock is the composite's
    text = re.sub(r"(Today is \d{4}-\d{2}-\d{2}) \(\d{2}:\d{2}\)", rf"\1 ({now:%H:%M})", text)  # Harborline's
    for old, new in renames.items():
        if old != new:
            text = re.sub(rf"`{re.escape(old)}`", f"`{new}`", text)
            text = re.sub(rf"\b{re.escape(old)}\b", new, text)
    return re.sub(r"^(#+) ", lambda m: "#" + m.group(1) + " ", text.strip(), flags=re.M)


def _renames(spec: object) -> dict[str, dict[str, str]]:
    try:
        from envfactory_gym.composite.members import public_names
    except ImportError:  # an older package: tools are named as in the member unless two members share a name
        return {m.prefix: {} for m in spec.members}  # type: ignore[attr-defined]
    return public_names(ROOT, spec)  # type: ignore[arg-type]


def build(compact: bool) -> str:
    spec = load_spec(ROOT)
    now = datetime.fromisoformat(spec.now)
    renames = _renames(spec)
    intro = (INTRO_COMPACT if compact else INTRO).format(
        weekday=WEEKDAYS[now.weekday()], short_weekday=WEEKDAYS[now.weekday()][:3], now=f"{now:%Y-%m-%d %H:%M}")
    parts = [intro.rstrip() + "\n"]
    for m in spec.members:
        folder = m.folder(ROOT)
        manifest = load_manifest(folder / "manifest.json")
        name = (manifest.compact_policy_file or manifest.policy_file) if compact else manifest.policy_file
        text = (folder / name).read_text(encoding="utf-8")
        days = day_shift(manifest.now, spec.now)
        if compact:
            parts.append(f"\n{m.label}:\n{member_text(text, days, now, renames.get(m.prefix, {}))}\n")
        else:
            body = member_text(text, days, now, renames.get(m.prefix, {}))
            body = re.sub(r"^## [^\n]*\n+", "", body, count=1)  # the member's own title: the heading below names it
            parts.append(f"\n# {m.label}: its own policy (its tools and rules)\n\n{body}\n")
    return "".join(parts)


def main() -> int:
    atomic_write_text(ROOT / "policy.md", build(compact=False))
    atomic_write_text(ROOT / "policy_compact.md", build(compact=True))
    print(f"wrote {ROOT / 'policy.md'} and {ROOT / 'policy_compact.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
