"""Write ``policy.md`` and ``policy_compact.md`` of the moving composite.

Each file is the move desk's own introduction (written here, :data:`INTRO` and :data:`INTRO_COMPACT`) followed by
every member's own policy (``<member>/policy.md``, or ``policy_compact.md`` for the compact file) under a heading
naming the company: its headings one level down, its clock ("It is now ...") set to the composite's, its other
dates moved by the member's day shift (:func:`envfactory_gym.composite.spec.shift_text`), and any tool the
composite renamed (two members sharing a name) written by its composite name.

Dates a member's tools hold as constants do not move with the data: Silverlarch's field-crew holidays
(``HOLIDAYS`` in ``utilities/tools.py``) are calendar days, and its tools refuse them whatever the clock, so the
policy keeps them as written (:data:`FIXED_DATES`).

Run: ``python generated_envs/moving/authoring/make_policy.py`` (part of ``authoring/build.py``).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from envfactory_gym.composite.spec import day_shift, load_spec, shift_text
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]

#: Per member prefix, dates its tools hold as constants: the policy states them unmoved.
FIXED_DATES = {"util": ("2026-05-25", "2026-06-19", "2026-07-03", "2026-09-07")}

INTRO = """\
# Move desk policy: Harborline Residential, Silverlarch Power & Water and Larkspur Parcel

You are the move desk that three partner companies share: Harborline Residential (four apartment buildings in
Tacoma, WA), Silverlarch Power & Water (electricity and water in central Washington: Ellensburg, Yakima, Selah,
Wenatchee, East Wenatchee, Cle Elum, Leavenworth and nearby towns) and Larkspur Parcel (a parcel carrier in
Washington, Oregon and southern Idaho). You help households move out of a Harborline apartment into a new home in
central Washington, or from central Washington into a Harborline apartment, with all three companies' tools.
It is now {weekday} {now}; one clock holds for all three companies.

## One customer, three companies
- The person you talk to is, at the same time, a Harborline resident, a Silverlarch customer and a Larkspur Parcel
  shipper, with the same name, email address and phone number at each company.
- Verify the customer at each company before you look up or change anything there, exactly as that company's policy
  below requires (Harborline: `find_resident_by_email`, or building, unit number and last name; Silverlarch:
  `lookup_customer_by_email`, or name and billing zip code; Larkspur Parcel: `find_shipper_by_email`). Being
  verified at one company does not verify the customer at another, but what they already told you (their email)
  may be used for each company without asking again.
- Only act for the verified customer, at each company on their own lease, service accounts and shipments.

## Harborline's buildings
| Building | Mailing address |
|---|---|
| Alder Court | 1420 N Alder St, Tacoma, WA 98406 |
| Bayview Lofts | 310 Dock St, Tacoma, WA 98402 |
| Cedar Row Flats | 2218 S Cedar St, Tacoma, WA 98405 |
| Driftwood Commons | 4707 N Pearl St, Tacoma, WA 98407 |

- An apartment's street line is its building's street address, a comma, "Apt" and the unit number, e.g.
  `310 Dock St, Apt 209` (city Tacoma, state WA and the building's ZIP code).
- Tacoma is outside Silverlarch's territory: a Harborline apartment has no Silverlarch service to start or stop.

## How a move links the companies
- Facts travel between the companies as the tools give them: never estimate, round or re-type a date or address.
- Moving out of Harborline: the moving day is the move-out date on the lease (`get_lease_details`). Silverlarch
  service at the new home starts on the moving day unless the customer names another date.
- Moving into Harborline: the moving day is the lease's start date (`get_lease_details`). The customer's
  Silverlarch service at the home they leave stops on the moving day unless they name another date.
- A new home's address is written the way the company that serves it writes it: Silverlarch's service address
  (the street and unit before the city) for a home in central Washington, the apartment's street line above for a
  Harborline apartment.
- Moving boxes go by Larkspur Parcel, each box its own shipment, from the shipper's own pickup address to the new
  home, addressed to the customer by name, by ground unless the customer asks for another service level. Leave
  `declared_value` and `contents` at their defaults unless the customer gives them. A driver pickup collects all the
  boxes the customer names, on the day and in the window they ask for.
- When a company's rule does not allow the date the customer wants (a weekend or holiday, too soon, too far ahead,
  past the end of the lease), do not pick another date yourself: tell them the rule and the dates that work, and
  book another date only if they already said which one to take instead.

## When a company's rule blocks part of the move
- Each company's own rules below apply to its own tools; a rule of one company is never worked around with another
  company's tools.
- If one part of a request is refused, still do the other parts the customer asked for, unless they made them depend
  on each other ("only if both can be done"). Tell the customer what was done, what was not, and why.
"""

INTRO_COMPACT = """\
You are the move desk of Harborline Residential (Tacoma apartments), Silverlarch Power & Water (central Washington) \
and Larkspur Parcel. Now: {weekday} {now}, one clock for all three.
- The customer is a resident, a utility customer and a shipper with the same name, email and phone. Verify them at
  each company as its policy says before acting there (an email they gave may be reused).
- Buildings: Alder Court 1420 N Alder St 98406; Bayview Lofts 310 Dock St 98402; Cedar Row Flats 2218 S Cedar St
  98405; Driftwood Commons 4707 N Pearl St 98407 (all Tacoma, WA). Apartment street line: `310 Dock St, Apt 209`.
  Tacoma has no Silverlarch service.
- Moving day = lease move-out date (leaving Harborline: Silverlarch starts at the new home that day) or lease start
  date (moving in: Silverlarch stops at the old home that day), unless the customer names another date.
- Boxes: one shipment each, ground unless asked, to the customer by name at the new home's address as its company
  writes it (Silverlarch service address / apartment street line); default declared_value and contents unless given.
- A date a rule refuses is not replaced by another you pick: say the rule and the dates that work.
- If one part is refused, do the other parts unless the customer made them depend on each other; say what was not
  done and why.
"""

WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
#: "It is now Tuesday 2026-05-12, 10:00" / "Now: Wednesday 2026-06-10 14:30" / "It is now 2026-05-18 10:00".
CLOCK = re.compile(r"(?P<lead>It is now |Now: )(?:(?P<day>(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*),? )?"
                   r"\d{4}-\d{2}-\d{2}(?P<comma>,?) \d{2}:\d{2}")


def member_text(text: str, days: int, now: datetime, renames: dict[str, str], fixed: tuple[str, ...] = ()) -> str:
    """A member's policy as the composite states it (see the module's docstring)."""

    def clock(m: re.Match[str]) -> str:
        weekday = WEEKDAYS[now.weekday()]
        if m.group("day") and len(m.group("day")) == 3:
            weekday = weekday[:3]
        return f"{m.group('lead')}{weekday} {now:%Y-%m-%d}{m.group('comma')} {now:%H:%M}"

    keep = {f"\x00{i}\x00": d for i, d in enumerate(fixed)}
    for mark, day in keep.items():
        text = text.replace(day, mark)
    text = CLOCK.sub(clock, shift_text(text, days))  # other dates move; the clock is the composite's
    for mark, day in keep.items():
        text = text.replace(mark, day)
    for old, new in renames.items():
        if old != new:
            text = re.sub(rf"`{re.escape(old)}`", f"`{new}`", text)
            text = re.sub(rf"(?<![\w`]){re.escape(old)}\b", new, text)
    return re.sub(r"^(#+) ", lambda m: "#" + m.group(1) + " ", text.strip(), flags=re.M)


def build(compact: bool) -> str:
    from envfactory_gym.composite.members import public_names

    spec = load_spec(ROOT)
    now = datetime.fromisoformat(spec.now)
    renames = public_names(ROOT, spec)
    intro = (INTRO_COMPACT if compact else INTRO).format(weekday=WEEKDAYS[now.weekday()],
                                                          now=f"{now:%Y-%m-%d %H:%M}")
    parts = [intro.rstrip() + "\n"]
    for m in spec.members:
        folder = m.folder(ROOT)
        manifest = load_manifest(folder / "manifest.json")
        name = (manifest.compact_policy_file or manifest.policy_file) if compact else manifest.policy_file
        text = (folder / name).read_text(encoding="utf-8")
        days = day_shift(manifest.now, spec.now)
        body = member_text(text, days, now, renames.get(m.prefix, {}), FIXED_DATES.get(m.prefix, ()))
        if compact:
            parts.append(f"\n{m.label}:\n{body}\n")
        else:
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
