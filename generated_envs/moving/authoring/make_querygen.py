"""Write ``overlay/querygen.json``: the members' QueryGen declarations that do not carry over to the composite as
they are, restated.

``envfactory compose`` merges the members' ``querygen.json`` files as they are, and moves the members' seed dates to
the composite's clock, but not the dates a declaration lists as parameter choices: Silverlarch's start, stop and
moving dates (chosen around its own clock, 2026-05-12) and Larkspur Parcel's pickup dates (around 2026-06-10) would
be weeks past the composite's 60- and 14-day windows, and every task sampled with them refused. This script writes,
for the tools that take those parameters, their merged declaration with choices in composite time: Silverlarch's
business days from the notice its rules need, Larkspur's weekdays from tomorrow (labels said the member's way).

The second kind: a parameter a member leaves undeclared is drawn by QueryGen from the first table having a column of
that name. In a member that is its own table; in the composite, Harborline's tables come first, so the email a
sampled Silverlarch or Larkspur Parcel task looks the user up by would be a Harborline resident's, unknown there.
The lookups by email get their own member's column (:data:`OWN_EMAIL_COLUMNS`).

``compose`` lays ``overlay/querygen.json`` over the merged declarations (its tools replace theirs).

Run after ``make_people.py``: ``python generated_envs/moving/authoring/make_querygen.py`` (``build.py`` runs it).
"""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.composite.members import member_tables, public_names, tool_parameters
from envfactory_gym.composite.spec import day_shift, load_spec
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]

#: Silverlarch's dates in composite time (today Wednesday 2026-04-08): business days, not the Memorial Day holiday,
#: at least 1 (start) or 2 (stop, move) business days ahead and at most 60 days.
UTIL_DATES = {
    "start_date": ["2026-04-10", "2026-04-13", "2026-04-15", "2026-04-17", "2026-04-22", "2026-04-28", "2026-05-04"],
    "stop_date": ["2026-04-13", "2026-04-14", "2026-04-16", "2026-04-20", "2026-04-24", "2026-05-01", "2026-05-11"],
    "move_date": ["2026-04-13", "2026-04-15", "2026-04-17", "2026-04-23", "2026-04-27", "2026-05-08"],
}
#: Member prefix -> the date parameters it declares file-wide.
DATE_PARAMETERS = {"util": ("start_date", "stop_date", "move_date"), "ship": ("pickup_date",)}
#: Tool -> parameter -> the member's own column its values come from (see the module's docstring).
OWN_EMAIL_COLUMNS = {"lookup_customer_by_email": {"email": "util_customers.email"},
           "find_shipper_by_email": {"email": "ship_shippers.email"}}


def _said(day: date, today: date) -> str:
    """A pickup day the way Larkspur Parcel's declarations say it: "tomorrow (Thursday 9 April)", "Friday 10 April"."""
    text = f"{day:%A} {day.day} {day:%B}"
    return f"tomorrow ({text})" if day == today + timedelta(days=1) else text


def restated(prefix: str, name: str, decl: dict[str, Any], days: int, today: date) -> dict[str, Any]:
    """A date parameter's declaration in composite time."""
    out = dict(decl)
    if prefix == "util":
        out["choices"] = list(UTIL_DATES[name])
        return out
    moved = [(date.fromisoformat(d) + timedelta(days=days)) for d in decl["choices"]]
    if any(d.weekday() >= 5 or not today < d <= today + timedelta(days=14) for d in moved):
        raise AssertionError(f"{prefix}.{name}: a moved choice is no pickup day")
    out["choices"] = [d.isoformat() for d in moved]
    if "values" in decl:
        out["values"] = {d.isoformat(): _said(d, today) for d in moved}
    return out


def overlay() -> dict[str, Any]:
    """``{"tools": {...}}``: each tool taking a member-time date, its whole merged declaration restated."""
    spec = load_spec(ROOT)
    today = date.fromisoformat(spec.now[:10])
    renames = public_names(ROOT, spec)
    tools: dict[str, Any] = {}
    for m in spec.members:
        folder = m.folder(ROOT)
        days = day_shift(load_manifest(folder / "manifest.json").now, spec.now)
        data = json.loads((folder / "querygen.json").read_text(encoding="utf-8"))
        names = member_tables(folder, m.prefix)

        def column(decl: dict[str, Any], names: dict[str, str] = names) -> dict[str, Any]:
            if isinstance(decl.get("column"), str) and "." in decl["column"]:
                table, col = decl["column"].split(".", 1)
                decl = {**decl, "column": f"{names.get(table, table)}.{col}"}
            return decl

        shared = {k: column(v) for k, v in (data.get("parameters") or {}).items()}
        dated = DATE_PARAMETERS.get(m.prefix, ())
        for key in dated:
            shared[key] = restated(m.prefix, key, shared[key], days, today)
        takes = tool_parameters(folder)
        for name, public in sorted(renames[m.prefix].items()):
            if not set(dated) & set(takes.get(name, ())) and public not in OWN_EMAIL_COLUMNS:
                continue
            decl = dict((data.get("tools") or {}).get(name) or {})
            own = {k: column(v) for k, v in (decl.get("parameters") or {}).items()}
            drawn = {k: {"column": c} for k, c in OWN_EMAIL_COLUMNS.get(public, {}).items()}
            decl["parameters"] = {**{k: v for k, v in shared.items() if k in takes[name]}, **own, **drawn}
            tools[public] = decl
    return {"tools": tools}


def main() -> int:
    data = overlay()
    atomic_write_text(ROOT / "overlay" / "querygen.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote overlay/querygen.json: {', '.join(data['tools'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
