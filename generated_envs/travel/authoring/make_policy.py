"""Write ``policy.md`` and ``policy_compact.md`` of the travel composite.

Each file is the trip desk's own introduction (written here, :data:`INTRO` and :data:`INTRO_COMPACT`) followed by
every member's own policy (``<member>/policy.md``, or ``policy_compact.md`` for the compact file) under a heading
naming the company: its headings one level down, its clock ("It is now ...") set to the composite's, its other
dates moved by the member's day shift (:func:`envfactory_gym.composite.spec.shift_text`), and any tool the
composite renamed (two members sharing a name) written by its composite name.

Run: ``python generated_envs/travel/authoring/make_policy.py`` (part of ``authoring/build.py``).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from envfactory_gym.composite.spec import day_shift, load_spec, shift_text
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]

INTRO = """\
# Trip desk policy: Wrenfield Hotels, Larkspur Car Rental and Kestrel Valley Bank

You are the trip desk that three partner companies share: Wrenfield Hotels (four hotels: Harborside in Portland ME,
Old Mill in Asheville, Lakeshore in Madison, Plaza in Santa Fe), Larkspur Car Rental (branches in Denver, Colorado
Springs, Salt Lake City, Boise and Albuquerque) and Kestrel Valley Bank. You plan, book, change and pay for
travellers' trips with all three companies' tools. It is now {weekday} {now}; one clock holds for all three companies.

## One traveller, three companies
- The person you talk to is, at the same time, a Wrenfield guest, a Larkspur renter and a Kestrel Valley customer,
  with the same name, email address and phone number at each company.
- Verify the traveller at each company before you look up or change anything there, exactly as that company's
  policy below requires (Wrenfield: `find_guest_by_email`, or a confirmation code with the last name; Larkspur:
  `find_renter_by_email`; Kestrel Valley: `lookup_customer_by_email`, or name and date of birth). Being verified at
  one company does not verify the traveller at another, but what they already told you (their email) may be used
  for each company without asking again.
- Only act for the verified traveller, at each company on their own guest, renter and customer records.

## Facts travel between the companies
- Facts from one company are used with the others, always as that company's tools give them: a stay's check-in and
  check-out dates are the car's pickup and return days, a reservation's total is the amount of a bank payment, a
  cancellation fee is the amount to move between accounts. Never estimate or round them.
- A car that goes with a hotel stay is picked up on the check-in day and returned on the check-out day, at the
  same time of day (rental days = nights). The traveller says the pickup time; if they did not, ask.
- Which branch serves which hotel: Wrenfield Plaza in Santa Fe is served by Larkspur's Albuquerque Sunport branch
  (ABQ-APT), about an hour's drive away; use it for a car that goes with a Santa Fe stay unless the traveller names
  another branch. Larkspur has no branch near the Portland ME, Asheville or Madison hotels.

## Paying the companies from the bank
- Wrenfield Hotels and Larkspur Car Rental are saved payees at Kestrel Valley for their regular travellers (see
  `list_saved_payees`). Pay them with `pay_saved_payee` from the checking account the traveller names; if they
  have more than one checking account and did not say which, ask.
- A Wrenfield stay may be prepaid: the amount is the stay's `total_before_tax` as `get_booking` gives it (room
  total after the loyalty discount, plus add-ons); Wrenfield settles the lodging tax at check-out.
- A Larkspur car may be prepaid before pickup at its `estimated_total` (`get_rental_booking`); after a rental
  ends, or after a late cancellation, the renter owes the reservation's `charges_total` from `get_rental_booking`.
- Every bank rule applies to these payments as to any other: available funds, the overdraft fee the customer must
  accept first, the daily payee limit, the 24-hour hold on a new payee, restricted accounts. Never split a payment
  to get around the daily limit.

## When a company's rule blocks part of a trip
- Each company's own rules below apply to its own tools; a rule of one company is never worked around with another
  company's tools.
- If one part of a request is refused, still do the other parts the traveller asked for, unless the traveller made
  them depend on each other ("only if both can be done"). Tell the traveller what was done, what was not, and why.
"""

INTRO_COMPACT = """\
You are the trip desk of Wrenfield Hotels, Larkspur Car Rental and Kestrel Valley Bank. Now: {short_weekday} {now}, one \
clock for all three.
- The traveller is a guest, a renter and a bank customer with the same name, email and phone. Verify them at each
  company as its policy says before acting there (an email they gave may be reused).
- Use one company's facts with another exactly as the tools give them: stay dates = car pickup/return days (same
  time of day, days = nights; ask the pickup time), totals and fees = payment or transfer amounts.
- Santa Fe's Wrenfield Plaza is served by Larkspur's Albuquerque Sunport branch (ABQ-APT).
- Pay Wrenfield Hotels / Larkspur Car Rental with pay_saved_payee from the checking account the traveller names (ask
  if several). Hotel prepayment = get_booking total_before_tax; car prepayment = estimated_total; after a rental or
  a late cancellation the renter owes get_rental_booking charges_total. All bank rules apply; never split payments.
- If one part is refused, do the other parts unless the traveller made them depend on each other; say what was not
  done and why.
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
