"""Records as blind play expects them: one tool per change, references that exist, children reached through their
parent, spans whose end follows their start, and seed values that fit their fields.

Blind players of compiled real specifications met two tools for one change (``calendars_update`` beside
``calendars_patch``: the gold used one at random), course works seeded under courses that do not exist (a key
borrowed by another schema took the reference), a ride and its receipt disagreeing on when the ride was requested,
``delete_member(channel_sid=A, member_sid=M)`` deleting a member of channel B, references never seeded (a cycle),
bookings ending before they start, and timestamps seeded ``T-816350``. On ``project_desk.yaml``: projects (PUT and
PATCH), tasks nested under a project, time entries nested under a task, an invoice keyed by its project's id, and a
project change keyed the same way (a borrowed key).
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.errors import ToolError
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "project_desk.yaml"
CODE = re.compile(r"^[A-Z]+-\d+$")


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(SPEC, tmp_path_factory.mktemp("p") / "project_desk", tasks=4)


def _rows(folder: Path, table: str) -> list[dict[str, str]]:
    with (folder / "seed" / f"{table}.csv").open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# -- (a) one tool per change ---------------------------------------------------------------------------------------

def test_put_and_patch_of_one_record_compile_to_one_tool(desk: Path) -> None:
    plan = build_plan(read_openapi(SPEC))
    names = [tp.name for tp in plan.tools]
    assert "patch_project" in names and "update_project" not in names  # PATCH: the fields given change
    report = json.loads((desk / "report.json").read_text(encoding="utf-8"))
    skipped = {s["operation"]: s["reason"] for s in report["skipped"]}
    assert skipped["update_project"].startswith("makes the same change as patch_project (PATCH /projects/")
    assert "def update_project" not in (desk / "tools.py").read_text(encoding="utf-8")


# -- (b) references exist, copies agree ----------------------------------------------------------------------------

def test_a_field_named_after_a_resources_key_refers_to_it_not_to_a_borrower() -> None:
    plan = build_plan(read_openapi(SPEC))
    assert plan.table("tasks").column("project_id").references == "projects"  # type: ignore[union-attr]
    assert plan.table("entries").column("project_id").references == "projects"  # type: ignore[union-attr]


def test_references_are_seeded_from_existing_rows_and_copies_agree(desk: Path) -> None:
    projects = {r["project_id"]: r for r in _rows(desk, "projects")}
    tasks = {r["task_id"]: r for r in _rows(desk, "tasks")}
    assert tasks and all(r["project_id"] in projects for r in tasks.values())  # every task under a real project
    entries = _rows(desk, "entries")
    assert entries and all(r["task_id"] in tasks and r["project_id"] == tasks[r["task_id"]]["project_id"]
                           for r in entries)  # an entry's project is its task's project
    invoices = _rows(desk, "project_invoices")
    assert invoices and all(r["project_id"] in projects for r in invoices)
    for r in invoices:  # one record in two tables: the fields both hold agree
        assert (r["name"], r["opened_at"]) == (projects[r["project_id"]]["name"], projects[r["project_id"]]["opened_at"])
    featured = [r["task_id"] for r in projects.values() if r["task_id"]]  # a cycle: projects -> tasks -> projects
    assert len(featured) > len(projects) // 2 and all(t in tasks for t in featured)


def test_writes_keep_references_and_copies_consistent(desk: Path) -> None:
    tasks = _rows(desk, "tasks")
    task = tasks[0]
    other = next(r for r in tasks if r["project_id"] != task["project_id"])
    invoice = _rows(desk, "project_invoices")[0]
    crossed, logged, patched, copied = run_calls(desk, [
        ("log_entry", {"project_id": other["project_id"], "task_id": task["task_id"], "minutes": 30}),
        ("log_entry", {"project_id": task["project_id"], "task_id": task["task_id"], "minutes": 30}),
        ("patch_project", {"project_id": invoice["project_id"], "opened_at": "2026-01-05T10:00:00"}),
        ("list_invoices", {}),
    ])
    assert isinstance(crossed, ToolError) and task["task_id"] in str(crossed) and other["project_id"] in str(crossed)
    assert logged["project_id"] == task["project_id"]
    assert patched["opened_at"] == "2026-01-05T10:00:00"
    row = next(r for r in copied if isinstance(r, dict) and r["project_id"] == invoice["project_id"])
    assert str(row["opened_at"]).startswith("2026-01-05")  # the invoice's copy changed with the project


# -- (c) a child is reached through its own parent -----------------------------------------------------------------

def test_a_nested_tool_refuses_a_child_of_another_parent(desk: Path) -> None:
    tasks = _rows(desk, "tasks")
    task = tasks[0]
    other = next(r["project_id"] for r in tasks if r["project_id"] != task["project_id"])
    got, changed, removed, kept = run_calls(desk, [
        ("get_task", {"project_id": other, "task_id": task["task_id"]}),
        ("patch_task", {"project_id": other, "task_id": task["task_id"], "title": "Moved"}),
        ("delete_task", {"project_id": other, "task_id": task["task_id"]}),
        ("get_task", {"project_id": task["project_id"], "task_id": task["task_id"]}),
    ])
    for refused in (got, changed, removed):
        assert isinstance(refused, ToolError)
        assert f"task {task['task_id']} is not under project {other} (it belongs to project " \
               f"{task['project_id']})" == str(refused)
    assert kept["task_id"] == task["task_id"] and kept["project_id"] == task["project_id"]
    tests = (desk / "tests" / "test_project_desk.py").read_text(encoding="utf-8")
    for name in ("get_task", "patch_task", "delete_task"):  # the generated tests check the refusal
        body = tests[tests.index(f"def test_{name}_refusals"):].split("\ndef ")[0]
        assert "is not under project" in body, name
    manifest = json.loads((desk / "manifest.json").read_text(encoding="utf-8"))
    assert "A task is reached only through the project it belongs to." in manifest["rules"]


# -- (d) an end never before its start -----------------------------------------------------------------------------

def test_spans_end_after_their_start_in_seeds_and_writes(desk: Path) -> None:
    projects = _rows(desk, "projects")
    dated = [r for r in projects if r["start_date"] and r["end_date"]]
    assert dated and all(r["end_date"] >= r["start_date"] for r in dated)
    row = dated[0]
    early = date.fromordinal(date.fromisoformat(row["start_date"]).toordinal() - 1).isoformat()
    changed, created = run_calls(desk, [
        ("patch_project", {"project_id": row["project_id"], "end_date": early}),
        ("create_project", {"name": "New one", "start_date": "2026-05-02", "end_date": "2026-05-01"}),
    ])
    assert isinstance(changed, ToolError) and str(changed) == (
        f"end date {early} is before start date {row['start_date']}: the end date of a project cannot come before "
        "its start date")
    assert isinstance(created, ToolError) and "cannot come before its start date" in str(created)
    assert "The end date of a project cannot come before its start date." in (desk / "policy.md").read_text(
        encoding="utf-8")
    assert "cannot come before its start date" in (desk / "tests" / "test_project_desk.py").read_text(
        encoding="utf-8")


# -- (e) seed values fit their fields ------------------------------------------------------------------------------

def test_seed_values_fit_what_the_field_holds(desk: Path) -> None:
    tasks = _rows(desk, "tasks")

    def values(field: str) -> list[str]:
        out = [r[field] for r in tasks if r[field]]
        assert out, field
        return out

    assert all(re.fullmatch(r"#[0-9a-f]{6}", v) for v in values("background_color"))  # "hexadecimal format"
    assert all(datetime.fromisoformat(v) for v in values("timestamp"))
    assert all(1 <= int(v) <= 12 and len(v) == 2 for v in values("expiry_month"))
    assert all(2026 <= int(v) <= 2032 for v in values("expiry_year"))  # an expiry: ahead of the clock
    assert all(re.fullmatch(r"[0-9a-f]{32}", v) for v in values("etag"))
    for field in ("location", "value", "created_by", "title"):  # only keys and references look like ids
        assert not any(CODE.match(v) for v in values(field)), field


def test_the_compiled_code_calls_the_library_and_is_lint_clean(desk: Path) -> None:
    """Helpers and the seed drawing live once in ``envfactory_gym.authoring``; a compiled env only calls them."""
    from envfactory_gym.authoring import compiled
    from envfactory_gym.envgen.compile.helpers import LIBRARY_NAMES

    tools = (desk / "tools.py").read_text(encoding="utf-8")
    assert "from envfactory_gym.authoring.compiled import" in tools
    assert not [n for n in (*LIBRARY_NAMES, *compiled.__all__) if re.search(rf"^def {n}\(", tools, re.M)]
    seed = (desk / "seed" / "generate.py").read_text(encoding="utf-8")
    assert "from envfactory_gym.authoring.specseed import main" in seed and "class Generator" not in seed
    pytest.importorskip("ruff")
    config = Path(__file__).resolve().parents[2] / "pyproject.toml"  # the project's own lint rules
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config", str(config),
                           str(desk / "tools.py"), str(desk / "seed" / "generate.py"), str(desk / "tests")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-2000:]
