"""``envfactory compose``: members' tables, seeds, clocks and tools joined into one environment folder."""

from __future__ import annotations

import csv
import json
import re
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest

from envfactory_gym.composite import compose, load_spec
from envfactory_gym.composite.members import public_names
from envfactory_gym.composite.spec import shift_text
from envfactory_gym.errors import EnvFormatError
from envfactory_gym.package import EnvPackage
from envfactory_gym.tasks import load_manifest

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "generated_envs"
MEMBERS = sorted(p.name for p in CATALOG.iterdir() if (p / "manifest.json").is_file() and not (p / "composite.json").is_file())


def make_composite(tmp: Path, first: str, second: str, now: str | None = None, **extra) -> Path:
    for name in (first, second):
        if not (tmp / name).exists():
            shutil.copytree(CATALOG / name, tmp / name, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    folder = tmp / "combo"
    folder.mkdir(exist_ok=True)
    spec = {"name": "combo", "domain": "test", "description": "two members",
            "now": now or load_manifest(CATALOG / first / "manifest.json").now,
            "members": [{"env": f"../{first}", "prefix": "m", "label": first},
                        {"env": f"../{second}", "prefix": "o", "label": second}], **extra}
    (folder / "composite.json").write_text(json.dumps(spec))
    (folder / "policy.md").write_text("Follow each company's policy.")
    (folder / "tasks.jsonl").write_text("")
    return folder


def covering(tasks: list) -> list:
    """Every fourth task, and each task whose gold calls use a tool the chosen ones do not: every tool any task
    uses runs, in a quarter of the time."""
    chosen, seen = [], set()
    for i, task in enumerate(tasks):
        names = {c.name for c in task.gold_calls}
        if i % 4 == 0 or names - seen:
            chosen.append(task)
            seen |= names
    return chosen


@pytest.mark.parametrize("member", MEMBERS)
def test_every_gold_trajectory_plays_the_same_inside_a_composite(member, tmp_path):
    """Each catalog env's tools, run over its prefixed tables, give the same results and row changes."""
    other = "banking" if member != "banking" else "retail"
    folder = make_composite(tmp_path, member, other)
    compose(folder)
    alone, joined = EnvPackage(tmp_path / member), EnvPackage(folder, allow_no_tasks=True)
    names = public_names(folder, load_spec(folder))
    assert set(joined.tools) == {n for per in names.values() for n in per.values()}
    rename = names["m"]
    for task in covering(alone.tasks):
        moved = task.model_copy(update={"gold_calls": [c.model_copy(update={"name": rename[c.name]})
                                                       for c in task.gold_calls]})
        a, b = alone.gold(task), joined.gold(moved)
        assert json.dumps(a.results, default=str) == json.dumps(b.results, default=str), task.id
        assert a.diff.to_dict() == {k.removeprefix("m_"): v for k, v in b.diff.to_dict().items()}, task.id
    alone.close()
    joined.close()


def test_clock_moves_dates_by_whole_days_and_overlay_rows_join(tmp_path):
    folder = make_composite(tmp_path, "hotel", "banking", now="2026-06-10T09:00:00")  # hotel +7 days, bank +23
    overlay = folder / "overlay" / "o"
    overlay.mkdir(parents=True)
    row = {"customer_id": "CU-9001", "first_name": "Ada", "last_name": "Moss", "email": "ada.moss@example.com",
           "phone": "555-0100", "date_of_birth": "1990-01-02", "segment": "standard", "member_since": "2020-05-01"}
    with (overlay / "customers.csv").open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(row))
        w.writeheader()
        w.writerow(row)
    found = compose(folder)
    assert found["day_shift"] == {"m": 7, "o": 23}
    before = {r["guest_id"]: r for r in csv.DictReader((CATALOG / "hotel" / "seed" / "guests.csv").open())}
    after = {r["guest_id"]: r for r in csv.DictReader((folder / "seed" / "m_guests.csv").open())}
    some = next(iter(before))
    assert (date.fromisoformat(after[some]["member_since"]) - date.fromisoformat(before[some]["member_since"])).days == 7
    customers = {r["customer_id"]: r for r in csv.DictReader((folder / "seed" / "o_customers.csv").open())}
    assert customers["CU-9001"]["date_of_birth"] == "1990-01-02"  # overlay rows are in the composite's time
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["now"] == "2026-06-10T09:00:00" and any(r.startswith("hotel: ") for r in manifest["rules"])
    qg = json.loads((folder / "querygen.json").read_text())
    assert "m_guests" in qg["tables"] and "o_customers" in qg["tables"]
    # Dates the member's QueryGen declarations name move with its rows (hotel: +7 days).
    hotel_dates = set(re.findall(r"\d{4}-\d{2}-\d{2}", (CATALOG / "hotel" / "querygen.json").read_text()))
    moved = set(re.findall(r"\d{4}-\d{2}-\d{2}", json.dumps(qg)))
    assert not re.search(r"\d{4}-\d{2}-\d{2}", (CATALOG / "banking" / "querygen.json").read_text())
    assert hotel_dates and moved == {(date.fromisoformat(d) + timedelta(days=7)).isoformat() for d in hotel_dates}
    spec = json.loads((folder / "composite.json").read_text())
    assert all(m["content_hash"].startswith("sha256:") for m in spec["members"])
    pkg = EnvPackage(folder, allow_no_tasks=True)
    assert pkg.manifest.now == "2026-06-10T09:00:00" and "o_customers" in pkg.template.tables


def test_a_changed_member_must_be_composed_again(tmp_path):
    folder = make_composite(tmp_path, "hotel", "banking")
    compose(folder)
    seed = tmp_path / "banking" / "seed" / "payees.csv"
    seed.write_text(seed.read_text())  # same bytes: still fine
    assert EnvPackage(folder, allow_no_tasks=True).tools
    with (tmp_path / "banking" / "tools.py").open("a") as f:
        f.write("\n# changed\n")
    with pytest.raises(EnvFormatError, match="changed since the composite was built; run: envfactory compose"):
        _ = EnvPackage(folder, allow_no_tasks=True).tools


@pytest.mark.parametrize("change, needle", [
    (lambda s: s["members"][1].update(env="../bankin"), "no environment folder. Did you mean 'banking'?"),
    (lambda s: s["members"][1].update(prefix="m"), "two members share the prefix 'm'"),
    (lambda s: s.update(now="June 3rd"), "now"),
    (lambda s: s.update(members=s["members"][:1]), "members"),
])
def test_bad_specs_are_one_line_errors(tmp_path, change, needle):
    folder = make_composite(tmp_path, "hotel", "banking")
    spec = json.loads((folder / "composite.json").read_text())
    change(spec)
    (folder / "composite.json").write_text(json.dumps(spec))
    with pytest.raises(EnvFormatError) as exc:
        compose(folder)
    assert needle in str(exc.value) and "composite.json" in str(exc.value) and "\n" not in str(exc.value)


def test_overlay_for_an_unknown_table_is_refused(tmp_path):
    folder = make_composite(tmp_path, "hotel", "banking")
    (folder / "overlay" / "o").mkdir(parents=True)
    (folder / "overlay" / "o" / "customer.csv").write_text("customer_id\nCU-1\n")
    with pytest.raises(EnvFormatError, match="has no table 'customer'. Did you mean 'customers'"):
        compose(folder)


def test_policy_dates_and_weekdays_move():
    assert shift_text("It is now Wednesday 2026-06-03 12:00. Now: Wed 2026-06-03.", 2) == \
        "It is now Friday 2026-06-05 12:00. Now: Fri 2026-06-05."
    assert shift_text("no dates", 5) == "no dates"


def test_compose_command(tmp_path, capsys):
    from envfactory_gym.cli import main

    folder = make_composite(tmp_path, "hotel", "banking")
    assert main(["compose", str(folder)]) == 0
    assert "composed" in capsys.readouterr().out
    assert main(["compose", str(tmp_path / "nope")]) == 2
