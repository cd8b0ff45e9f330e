"""Write ``overlay/querygen.json``: the members' QueryGen declarations that do not carry over to the composite as
they are, restated.

``envfactory compose`` merges the members' ``querygen.json`` files as they are and moves the members' seed dates to
the composite's clock, but not the dates a declaration lists as parameter choices: Harborline's incident dates
(chosen around its clock, 2026-04-15) would be seven weeks before the composite's today, past the 30- and 60-day
filing windows, and Larkspur's pickup times (around 2026-07-14) five weeks late. This script moves every date
choice of a member (and the words its ``values`` say for it) by the member's day shift, for the tools that take it.

The second kind: a parameter a member leaves undeclared is drawn by QueryGen from the first table having a column of
that name; in the composite that is Kestrel Valley's ``bank_customers`` for every lookup by email, name or date of
birth. Each such lookup gets its own member's columns (:data:`OWN_COLUMNS`).

``compose`` lays ``overlay/querygen.json`` over the merged declarations (its tools replace theirs).

Run after ``make_people.py``: ``python generated_envs/claims/authoring/make_querygen.py`` (``build.py`` runs it).
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from envfactory_gym.composite.members import member_tables, public_names, tool_parameters
from envfactory_gym.composite.spec import day_shift, load_spec
from envfactory_gym.tasks import atomic_write_text, load_manifest

ROOT = Path(__file__).resolve().parents[1]
#: Lookup tool -> parameter -> the member's own column its values are drawn from.
OWN_COLUMNS = {"lookup_policyholder_by_email": {"email": "ins_policyholders.email"},
               "lookup_policyholder_by_birthdate": {"first_name": "ins_policyholders.first_name",
                                                    "last_name": "ins_policyholders.last_name",
                                                    "date_of_birth": "ins_policyholders.date_of_birth"},
               "find_renter_by_email": {"email": "car_renters.email"},
               "lookup_customer_by_email": {"email": "bank_customers.email"}}
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def _moved(value: Any, days: int) -> Any:
    if not isinstance(value, str) or not DATE.match(value):
        return value
    fmt = "%Y-%m-%d %H:%M" if len(value) == 16 else "%Y-%m-%d"
    return (datetime.strptime(value, fmt) + timedelta(days=days)).strftime(fmt)


def _said(value: str) -> str:
    """A moved date the way the members' declarations say it: "Thursday 16 July at 9:00"."""
    when = datetime.strptime(value, "%Y-%m-%d %H:%M" if len(value) == 16 else "%Y-%m-%d")
    text = f"{when:%A} {when.day} {when:%B}"
    return f"{text} at {when.hour}:{when:%M}" if len(value) == 16 else text


def restated(decl: dict[str, Any], days: int) -> dict[str, Any] | None:
    """A parameter declaration with its date choices moved, or None when it has none."""
    choices = decl.get("choices")
    if not choices or not any(isinstance(c, str) and DATE.match(c) for c in choices):
        return None
    out = dict(decl)
    out["choices"] = [_moved(c, days) for c in choices]
    if "values" in decl:
        out["values"] = {_moved(k, days): _said(_moved(k, days)) for k in decl["values"]}
    return out


def overlay() -> dict[str, Any]:
    spec = load_spec(ROOT)
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
        moved = {k: r for k, v in shared.items() if (r := restated(v, days)) is not None}
        takes = tool_parameters(folder)
        for name, public in sorted(renames[m.prefix].items()):
            decl = dict((data.get("tools") or {}).get(name) or {})
            own = {k: column(v) for k, v in (decl.get("parameters") or {}).items()}
            own_moved = {k: r for k, v in own.items() if (r := restated(v, days)) is not None}
            dated = (set(moved) & set(takes.get(name, ()))) | set(own_moved)
            if not dated and public not in OWN_COLUMNS:
                continue
            drawn = {k: {"column": c} for k, c in OWN_COLUMNS.get(public, {}).items()}
            decl["parameters"] = {**{k: moved.get(k, v) for k, v in shared.items() if k in takes.get(name, ())},
                                  **own, **own_moved, **drawn}
            tools[public] = decl
    return {"tools": tools}


def main() -> int:
    data = overlay()
    atomic_write_text(ROOT / "overlay" / "querygen.json", json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote overlay/querygen.json: {', '.join(data['tools'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
