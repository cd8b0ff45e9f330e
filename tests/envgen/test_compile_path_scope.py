"""The compiler on a REST specification whose routes all sit under one container: ``/studios/{StudioName}/...``."""

from __future__ import annotations

from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.errors import ToolError
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "studio_boards.yaml"


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(SPEC, tmp_path_factory.mktemp("s") / "studio")


def test_a_path_parameter_enclosing_every_route_is_the_scope() -> None:
    digest = read_openapi(SPEC)
    # no field of Board holds {StudioName}: path binding drops it, but keeps it for scope detection
    board = next(o for o in digest.operations if o.name == "list_boards")
    assert [p["name"] for p in board.extensions["path-scope"]] == ["studio_name"]
    plan = build_plan(digest)
    # the Studio's own key, yet it encloses 12 of the 14 routes: the studio every call works in
    assert plan.scope == {"studio_name": "studio-1"}
    assert all(tp.scope == ["studio_name"] for tp in plan.tools)
    assert not any(tp.table.entity == "Studio" for tp in plan.tools)
    reasons = {s["operation"]: s["reason"] for s in plan.skipped}
    assert "the deployment's studio name itself" in reasons["get_studio"]
    assert "the deployment's studio name itself" in reasons["create_studio"]
    assert "studios" in {x.get("table") for x in plan.left_out}


def test_post_create_naming_its_record_in_the_path_is_a_create() -> None:
    ops = {o.name: o.verb for o in read_openapi(SPEC).operations}
    assert ops["create_label"] == "create"  # POST /studios/{StudioName}/labels/{LabelName} 'CreateLabel'


def test_scoped_tools_accept_the_fixed_value_only(studio: Path) -> None:
    policy = (studio / "policy.md").read_text(encoding="utf-8")
    assert "This deployment's studio name is `studio-1`" in policy
    made, same, other, listed = run_calls(studio, [
        ("create_board", {"title": "Roadmap"}),
        ("create_board", {"title": "Ideas", "studio_name": "studio-1"}),
        ("create_board", {"title": "Ideas", "studio_name": "studio-9"}),
        ("list_boards", {}),
    ])
    assert made["title"] == "Roadmap" and same["title"] == "Ideas"
    assert isinstance(other, ToolError) and "studio-1" in str(other)
    assert listed and all("studio_name" not in b for b in listed)  # no column holds the scope: one studio
    (got,) = run_calls(studio, [("get_board", {"board_id": listed[0]["board_id"]})])
    assert got["board_id"] == listed[0]["board_id"]


def test_a_container_encloses_the_calls_that_are_not_its_own() -> None:
    from envfactory_gym.envgen.compile.scope import encloses

    own = [["", "domains"], ["", "domains", "{DomainName}"]]  # the domain's own calls cannot lie inside it
    inner = [["", "domains", "{DomainName}", "profiles"], ["", "domains", "{DomainName}", "profiles", "{Id}"],
             ["", "domains", "{DomainName}", "keys"], ["", "domains", "{DomainName}", "workflows"]]
    assert encloses("{DomainName}", own + inner)
    assert not encloses("{DomainName}", own + inner + [["", "templates"], ["", "templates", "{TemplateId}"]])
    assert not encloses("{Id}", own + inner)
