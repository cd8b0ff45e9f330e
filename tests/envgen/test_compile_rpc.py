"""The compiler on cloud-style RPC specifications: a scope every call takes, reads sent as POST, Describe calls."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.envgen.compile.scope import scope_value
from envfactory_gym.envgen.digest import Parameter
from envfactory_gym.errors import ToolError
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "shelf_catalog.yaml"


@pytest.fixture(scope="module")
def shelves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(SPEC, tmp_path_factory.mktemp("s") / "shelves")


def test_calls_map_to_the_resource_they_name() -> None:
    digest = read_openapi(SPEC)
    ops = {o.name: (o.verb, o.entity) for o in digest.operations}
    # DescribeShelfResponse holds the shelf's key: a Shelf, not a list of the Labels it embeds
    assert ops["describe_shelf"] == ("get", "Shelf")
    # POST GetBook with the key optional among other inputs: a lookup by any of them
    assert ops["get_book"] == ("list", "Book")
    # ShelfId shares its id schema with BookId and is the key of ShelfCheckResult too: a Book's shelf is a Shelf
    book = next(e for e in digest.entities if e.name == "Book")
    assert {f.name: f.references for f in book.fields}["shelf_id"] == "Shelf"


def test_a_parameter_every_call_requires_is_the_deployments_scope(shelves: Path) -> None:
    plan = build_plan(read_openapi(SPEC))
    assert plan.scope == {"catalog_id": "c-0123456789"}  # the example its description gives
    assert all(tp.scope == ["catalog_id"] and not tp.arg("catalog_id") for tp in plan.tools)
    assert "This deployment's catalog id is `c-0123456789`" in (shelves / "policy.md").read_text(encoding="utf-8")
    rows = list(csv.DictReader((shelves / "seed" / "shelves.csv").open(encoding="utf-8")))  # inflect: shelves
    assert rows and {r["catalog_id"] for r in rows} == {"c-0123456789"}
    shelf = rows[0]["shelf_id"]
    left_out, given, other, created = run_calls(shelves, [
        ("describe_shelf", {"shelf_id": shelf}), ("describe_shelf", {"shelf_id": shelf, "catalog_id": "c-0123456789"}),
        ("describe_shelf", {"shelf_id": shelf, "catalog_id": "c-ffffffffff"}), ("create_book", {"title": "Dune"})])
    assert left_out["shelf_id"] == given["shelf_id"] == shelf
    assert isinstance(other, ToolError) and "c-0123456789" in str(other)
    assert created["catalog_id"] == "c-0123456789" and created["shelf_id"] is None  # an optional reference left out
    tasks = [json.loads(x) for x in (shelves / "tasks.jsonl").read_text(encoding="utf-8").splitlines()]
    assert tasks and not any("catalog_id" in c.get("arguments", {}) for t in tasks for c in t["gold_calls"])


@pytest.mark.parametrize(("given", "value"), [
    ({"pattern": "^q-[0-9]{4}$"}, "q-1234"),
    ({"description": "The store, e.g. `st-77`."}, "st-77"),
    ({}, "queue-1"),
])
def test_scope_values(given: dict[str, Any], value: str) -> None:
    assert scope_value(Parameter(name="queue_id", type="string", required=True, **given)) == value
