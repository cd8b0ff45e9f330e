"""The moving composite's own checks: the structural tests, the composed seed, the households who exist in all
three members, the facts a move carries from one company to another, tasks that cross members (played through
``gym.make``), and each member's rules still refusing through the composite's tools."""

from __future__ import annotations

import ast
import csv
import math
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.composite.spec import day_shift, load_spec
from envfactory_gym.database import DuckDBState
from envfactory_gym.tasks import load_manifest
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.blind import blind_play_test

ENV = EnvUnderTest(__file__)
#: Recorded blind play (tests/blind_play.jsonl): correct play scores 1.0, shortcuts at most 0.1.
test_blind_play = blind_play_test(ENV.root)
ROOT = ENV.root
SPEC = load_spec(ROOT)
state = ENV.state_fixture()
run, one, assert_refused = ENV.run, ENV.one, ENV.assert_refused
#: The prefixes of the members: every table is "<prefix>_<table>".
PREFIXES = [m.prefix for m in SPEC.members]
BUILDINGS = {"Alder Court": ("1420 N Alder St", "98406"), "Bayview Lofts": ("310 Dock St", "98402"),
             "Cedar Row Flats": ("2218 S Cedar St", "98405"), "Driftwood Commons": ("4707 N Pearl St", "98407")}

# -- structure ----------------------------------------------------------------------------------------------

#: The structural tests every environment runs, with this composite's figures.
_Structure = ENV.standard_tests(min_rules=30, compact_share=1 / 3, min_tools=55, min_writes=28, min_reads=25,
                                min_tables=39, min_rows=13_000, every_table_filled=True, min_tasks=45,
                                min_read_tasks=10, min_single_write_tasks=5, min_multi_write_tasks=25,
                                min_user_fact_tasks=45, min_forbidden_tasks=9, min_refusal_tasks=9)


class TestStructure(_Structure):  # type: ignore[misc, valid-type]
    """The structural tests (a composite's seed is checked by composing it again), and the households' script."""

    def test_people_script_is_deterministic(self, tmp_path: Path) -> None:
        done = subprocess.run([sys.executable, "-W", "ignore", str(ROOT / "authoring" / "make_people.py"),
                               "--out", str(tmp_path / "people")], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
        made = sorted((tmp_path / "people").rglob("*.csv"))
        assert len(made) == 5
        for path in made:
            rel = path.relative_to(tmp_path / "people")
            assert path.read_bytes() == (ROOT / "overlay" / rel).read_bytes(), rel


def test_querygen_overlay_is_current() -> None:
    """``overlay/querygen.json`` is what ``authoring/make_querygen.py`` writes: member-time dates restated in
    composite time, each member's email lookups drawn from its own table."""
    import json
    import runpy

    script = runpy.run_path(str(ROOT / "authoring" / "make_querygen.py"), run_name="make_querygen")
    written = json.loads((ROOT / "overlay" / "querygen.json").read_text(encoding="utf-8"))
    assert written == script["overlay"]()
    today = date.fromisoformat(SPEC.now[:10])
    for name in ("start_service", "stop_service", "transfer_service", "schedule_pickup"):
        for key, param in written["tools"][name]["parameters"].items():
            for choice in param.get("choices", []) if key.endswith("date") else []:
                day = date.fromisoformat(choice)
                assert today < day <= today + timedelta(days=60) and day.weekday() < 5, (name, choice)


def test_every_table_is_a_members() -> None:
    tables = list(ENV.template.tables)
    assert all(t.split("_", 1)[0] in PREFIXES for t in tables), tables
    assert {t.split("_", 1)[0] for t in tables} == set(PREFIXES)


def test_member_dates_moved_to_the_composite_clock(state: DuckDBState) -> None:
    """Every member's dates moved by whole days: its clock's day is the composite's day."""
    shifts = {}
    for m in SPEC.members:
        member = m.folder(ROOT)
        shifts[m.prefix] = days = day_shift(load_manifest(member / "manifest.json").now, SPEC.now)
        table, column = {"prop": ("leases", "start_date"), "util": ("bills", "issued_on"),
                         "ship": ("shipments", "created_at")}[m.prefix]
        with open(member / "seed" / f"{table}.csv", encoding="utf-8", newline="") as fh:
            first = min(date.fromisoformat(r[column][:10]) for r in csv.DictReader(fh))
        moved = state.db.scalar(f"SELECT min({column}) FROM {m.prefix}_{table}")
        assert date.fromisoformat(str(moved)[:10]) == first + timedelta(days=days), m.prefix
    assert shifts == {"prop": 0, "util": -34, "ship": -63}


# -- the households: one person in every member --------------------------------------------------------------

def _overlay(prefix: str, table: str) -> list[dict[str, str]]:
    with open(ROOT / "overlay" / prefix / f"{table}.csv", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_each_household_is_a_resident_a_customer_and_a_shipper(state: DuckDBState) -> None:
    shippers = _overlay("ship", "shippers")
    assert len(shippers) >= 12
    for s in shippers:
        for table in ("prop_residents", "util_customers", "ship_shippers"):  # the email finds one person
            assert state.db.scalar(f"SELECT count(*) FROM {table} WHERE lower(email) = lower(?)", [s["email"]]) == 1
        resident = one(state, "SELECT * FROM prop_residents WHERE email = ?", [s["email"]])
        customer = one(state, "SELECT * FROM util_customers WHERE email = ?", [s["email"]])
        for who in (resident, customer):
            assert (who["first_name"], who["last_name"], who["phone"]) == (s["first_name"], s["last_name"],
                                                                            s["phone"])


def test_pickup_address_is_the_home_they_leave(state: DuckDBState) -> None:
    """Leaving Harborline: the shipper and the Silverlarch billing address are the apartment. Moving in: the shipper
    is the Silverlarch home that has live service, and a Harborline lease starts after today."""
    for s in _overlay("ship", "shippers"):
        home = run(state, "find_resident_by_email", email=s["email"])
        lease = run(state, "get_lease_details", lease_id=home["lease_id"])
        customer = run(state, "lookup_customer_by_email", email=s["email"])["customer_id"]
        overview = run(state, "get_customer_overview", customer_id=customer)
        if s["home_depot_id"] == "DEP-TAC":
            street, zip_code = BUILDINGS[home["building_name"]]
            assert (s["line1"], s["zip_code"]) == (f"{street}, Apt {home['unit_number']}", zip_code)
            assert overview["mailing_address"] == f"{s['line1']}, Tacoma, WA {zip_code}"
            assert lease["start_date"] < SPEC.now[:10]
        else:
            assert lease["start_date"] > SPEC.now[:10] and lease["status"] == "active"
            live = [a for a in overview["accounts"] if a["status"] == "active"]
            assert live and all(a["address"] == f"{s['line1']}, {s['city']}, WA {s['zip_code']}" for a in live)


def test_larkspur_delivers_to_the_new_homes(state: DuckDBState) -> None:
    """Every Harborline building and the central-Washington towns of the tasks are in Larkspur's service area."""
    for _, zip_code in BUILDINGS.values():
        assert one(state, "SELECT depot_id FROM ship_service_areas WHERE zip_code = ?", [zip_code])["depot_id"] \
            == "DEP-TAC"
    for zip_code in ("98926", "98901", "98902", "98942", "98801", "98802", "98922"):
        assert one(state, "SELECT depot_id FROM ship_service_areas WHERE zip_code = ?", [zip_code])["depot_id"] \
            == "DEP-SPK"
    assert state.db.scalar("SELECT count(*) FROM ship_service_areas WHERE zip_code = '98826'") == 0  # Leavenworth


def test_history_the_tasks_build_on(state: DuckDBState) -> None:
    moreno = run(state, "find_shipper_by_email", email="trevor.moreno@example.org")["shipper_id"]
    sent = run(state, "list_shipments", shipper_id=moreno)["shipments"]
    assert {s["recipient_city"] for s in sent} == {"Yakima"} and len(sent) == 2
    assert all(one(state, "SELECT recipient_line1 FROM ship_shipments WHERE shipment_id = ?",
                   [s["shipment_id"]])["recipient_line1"] == "831 Sage Hills Dr" for s in sent)  # mistyped: 813
    green = run(state, "find_shipper_by_email", email="craig_green@example.com")["shipper_id"]
    account = run(state, "get_shipper_account", shipper_id=green)
    assert account["status"] == "credit_hold" and account["open_invoice_balance"] == 56.85
    mcmahon = run(state, "lookup_customer_by_email", email="valerie.mcmahon@mail.example.com")["customer_id"]
    old = run(state, "get_customer_overview", customer_id=mcmahon)["accounts"]
    assert [(a["status"], a["overdue_balance"]) for a in old] == [("closed", 54.46)]


# -- the policy -----------------------------------------------------------------------------------------------

def test_policy_joins_the_members() -> None:
    policy = (ROOT / "policy.md").read_text(encoding="utf-8")
    compact = (ROOT / "policy_compact.md").read_text(encoding="utf-8")
    for text in (policy, compact):
        assert "2026-04-08 10:00" in text and "310 Dock St, Apt 209" in text
        for m in SPEC.members:
            assert m.label in text
        for stale in ("2026-05-12", "2026-06-10"):  # the members' own clocks are gone
            assert stale not in text
    assert policy.count("It is now Wednesday 2026-04-08") == 4
    # Silverlarch's holidays are its tools' constants: they stay as written; its other dates moved with the clock
    assert "2026-05-25, 2026-06-19, 2026-07-03" in policy and "earliest start is 2026-04-09" in policy
    for name in {w.rstrip(".,;:)").strip("`") for w in policy.split()
                 if w.startswith("`") and w.rstrip(".,;:)").endswith("`")}:
        if "_" in name and "=" not in name and name.islower():
            assert name in ENV.tools or name in {"customer_reading", "next_offset", "declared_value", "accept_fees",
                                                 "accept_forfeit", "pending_start", "shipment_id"}, name


# -- tasks cross the members ----------------------------------------------------------------------------------

def _member_of_tools() -> dict[str, str]:
    owner: dict[str, str] = {}
    for m in SPEC.members:
        tree = ast.parse((m.folder(ROOT) / "tools.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and any(
                    (d.func if isinstance(d, ast.Call) else d).__dict__.get("id") == "tool" for d in node.decorator_list):
                name = node.name if node.name in ENV.tools else f"{m.prefix}_{node.name}"
                owner[name] = m.prefix
    return owner


def test_every_task_crosses_two_members() -> None:
    owner = _member_of_tools()
    assert set(owner) == set(ENV.tools)
    assert {"prop_waive_late_fee", "util_waive_late_fee"} <= set(ENV.tools)  # the one name two members share
    for task in ENV.tasks:
        members = {owner[c.name] for c in task.gold_calls}
        assert len(members) >= 2, task.id
    writes = [{owner[c.name] for c in t.gold_calls if ENV.tool(c.name).writes} for t in ENV.tasks]
    assert sum(len(w) >= 2 for w in writes) >= 18
    assert sum(len(w) == 3 for w in writes) >= 3
    assert sum("refusal" in t.tags for t in ENV.tasks) >= 9


def _task(name: str) -> Any:
    return next(t for t in ENV.tasks if t.id == name)


def test_a_lease_date_is_a_silverlarch_argument() -> None:
    """The move-out date a lease gives is the start date of the new home's service (and a lease start date the
    stop date of the old home's)."""
    found = 0
    for task in ENV.tasks:
        if "date_from_lease" not in task.tags:
            continue
        names = [c.name for c in task.gold_calls]
        if "get_lease_details" not in names:
            continue
        dates = {str(v) for c in task.gold_calls if c.name in ("start_service", "stop_service", "transfer_service",
                                                                "schedule_pickup", "reserve_guest_suite",
                                                                "reserve_party_room")
                 for k, v in c.arguments.items() if k.endswith("date")}
        found += bool(dates)
    assert found >= 15


@pytest.fixture(scope="module")
def gym_env() -> Any:
    import gymnasium as gym

    import envfactory_gym

    env = gym.make(envfactory_gym.register_env_dir(ROOT, allow_unverified=True))
    yield env
    env.close()


def _ids_writing(members: int) -> list[str]:
    owner = _member_of_tools()
    return [t.id for t in ENV.tasks
            if len({owner[c.name] for c in t.gold_calls if ENV.tool(c.name).writes}) >= members]


@pytest.mark.parametrize("task_id", _ids_writing(3))
def test_oracle_changes_rows_of_every_member(gym_env: Any, task_id: str) -> None:
    """A move played through gym.make: the oracle scores 1.0 and its episode changed rows of all three members."""
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episode

    result = run_episode(gym_env, OracleAgent(), seed=0, options={"task_id": task_id})
    assert math.isclose(result.reward, 1.0), result.components
    diff = gym_env.unwrapped.state.diff()
    touched = {t.split("_", 1)[0] for part in (diff.inserted, diff.changed, diff.deleted) for t in part}
    assert touched == set(PREFIXES), touched


@pytest.mark.parametrize("task_id", ["moving-023", "moving-025"])
def test_oracle_changes_rows_of_two_members(gym_env: Any, task_id: str) -> None:
    from envfactory_gym.agents import OracleAgent
    from envfactory_gym.runner import run_episode

    result = run_episode(gym_env, OracleAgent(), seed=0, options={"task_id": task_id})
    assert math.isclose(result.reward, 1.0), result.components
    diff = gym_env.unwrapped.state.diff()
    touched = {t.split("_", 1)[0] for part in (diff.inserted, diff.changed, diff.deleted) for t in part}
    assert len(touched) == 2, touched


def test_doing_nothing_scores_zero(gym_env: Any) -> None:
    gym_env.reset(seed=0, options={"task_id": "moving-013"})
    _, reward, terminated, _, _ = gym_env.step("###STOP###")
    assert terminated and reward == 0.0


# -- each member's rules still hold in the composite -----------------------------------------------------------

def _lease(state: DuckDBState, mail: str) -> str:
    return run(state, "find_resident_by_email", email=mail)["lease_id"]


def _customer(state: DuckDBState, mail: str) -> str:
    return run(state, "lookup_customer_by_email", email=mail)["customer_id"]


def _shipper(state: DuckDBState, mail: str) -> str:
    return run(state, "find_shipper_by_email", email=mail)["shipper_id"]


def test_harborline_rules_hold(state: DuckDBState) -> None:
    stephens = _lease(state, "ashley.stephens@example.net")  # ends 2026-05-31; her power starts 2026-06-01
    assert_refused(state, "give_notice_to_vacate", "no later than the lease end date 2026-05-31", lease_id=stephens,
                   move_out_date="2026-06-01", reason="buying_home", accept_fees=True)
    assert_refused(state, "give_notice_to_vacate", "short notice fee of 1905.00", lease_id=stephens,
                   move_out_date="2026-05-31", reason="buying_home")
    moreno = _lease(state, "trevor.moreno@example.org")
    assert_refused(state, "give_notice_to_vacate", "is notice_given", lease_id=moreno, move_out_date="2026-04-29",
                   reason="buying_home", accept_fees=True)
    miller = _lease(state, "scott.miller@example.com")
    assert_refused(state, "reserve_guest_suite", "past-due balance of 2914.25", lease_id=miller, amenity_id="AM-42",
                   arrival_date="2026-04-29", nights=1, guests=1)
    laura = _lease(state, "laura_miller@example.org")
    assert_refused(state, "issue_parking_permit", "garage is full", lease_id=laura, license_plate="CJX4187")


def test_silverlarch_rules_hold(state: DuckDBState) -> None:
    luna = _customer(state, "george.luna@example.net")
    assert_refused(state, "start_service", "is a Sunday", customer_id=luna, premise_id="PR-5126",
                   service_type="electric", start_date="2026-05-31")  # his move-out date
    keller = _customer(state, "penny.keller@example.net")
    assert_refused(state, "start_service", "more than 60 days ahead", customer_id=keller, premise_id="PR-5510",
                   service_type="electric", start_date="2026-06-30")  # her lease end date
    assert_refused(state, "start_service", "is a holiday", customer_id=keller, premise_id="PR-5510",
                   service_type="electric", start_date="2026-05-25")  # the tools' calendar, not moved
    king = _customer(state, "valerie.king@example.net")
    assert_refused(state, "start_service", "water service is not offered", customer_id=king, premise_id="PR-5364",
                   service_type="water", start_date="2026-06-01")
    mcmahon = _customer(state, "valerie.mcmahon@mail.example.com")
    assert_refused(state, "start_service", "overdue balances paid first", customer_id=mcmahon, premise_id="PR-5458",
                   service_type="electric", start_date="2026-04-30")
    assert_refused(state, "stop_service", "already has a stop scheduled", account_id="ACC-30654",
                   stop_date="2026-05-01")  # Eric Rose's electricity: set to stop on 2026-04-22


def test_larkspur_rules_hold(state: DuckDBState) -> None:
    mclean = _shipper(state, "ryan.mclean@example.com")
    assert_refused(state, "schedule_pickup", "up to 14 days ahead", shipper_id=mclean, pickup_date="2026-04-30",
                   time_window="morning", parcel_count=2)  # his move-out date
    king = _shipper(state, "valerie.king@example.net")
    assert_refused(state, "create_shipment", "outside Larkspur Parcel's service area", shipper_id=king,
                   service_level="ground", recipient_name="Valerie King", recipient_line1="1405 Birch Ave",
                   recipient_city="Leavenworth", recipient_state="WA", recipient_zip="98826", weight_lb=30,
                   length_in=18, width_in=14, height_in=12)
    green = _shipper(state, "craig_green@example.com")
    assert_refused(state, "create_shipment", "credit hold", shipper_id=green, service_level="ground",
                   recipient_name="Craig Green", recipient_line1="1420 N Alder St, Apt 202", recipient_city="Tacoma",
                   recipient_state="WA", recipient_zip="98406", weight_lb=12, length_in=24, width_in=18, height_in=18)
    miller = _shipper(state, "scott.miller@example.com")
    today = one(state, "SELECT pickup_id FROM ship_pickups WHERE shipper_id = ? AND pickup_date = '2026-04-08'",
                [miller])["pickup_id"]
    assert_refused(state, "cancel_pickup", "pickups can be cancelled until the day before", pickup_id=today)


def test_a_move_out_date_starts_service_at_the_new_home(state: DuckDBState) -> None:
    """Harborline fact -> Silverlarch argument -> Larkspur argument: Adam Archer's move-out date starts his power in
    Selah, and the service address it gives is where his box goes."""
    lease = run(state, "get_lease_details", lease_id=_lease(state, "adam.archer@example.net"))
    started = run(state, "start_service", customer_id=_customer(state, "adam.archer@example.net"),
                  premise_id="PR-5419", service_type="electric", start_date=lease["move_out_date"])
    assert started["start_date"] == lease["move_out_date"] == "2026-04-30"
    line1, city, state_zip = [p.strip() for p in started["address"].split(",")]
    box = run(state, "create_shipment", shipper_id=_shipper(state, "adam.archer@example.net"), service_level="ground",
              recipient_name="Adam Archer", recipient_line1=line1, recipient_city=city,
              recipient_state=state_zip.split()[0], recipient_zip=state_zip.split()[1], weight_lb=45, length_in=18,
              width_in=14, height_in=12)
    row = one(state, "SELECT * FROM ship_shipments WHERE shipment_id = ?", [box["shipment_id"]])
    assert (row["recipient_line1"], row["recipient_zip"], row["dest_depot_id"]) == ("2619 Hillcrest Dr", "98942",
                                                                                    "DEP-SPK")
    assert set(state.diff().inserted) == {"util_service_accounts", "util_service_orders", "ship_shipments",
                                          "ship_parcels", "ship_tracking_events", "ship_charges"}
