"""The compiled querygen.json asks only for goals a user can state: a create that requires no value still states
what its record is known by, a write nothing a user says could fill is no goal (and is left out with its reason),
the deployment's constant is never asked, a row an id names is described (never "legal entity id the legal
entity"), and a structured value is left to the agent.

Blind play found ``add_employee()`` ("Add new employee."), ``add_communication_to_case()`` (an empty case), every
qualpay credit without an amount or a card, a question for twilio's service sid (printed in the policy), and
"Add a ride: origin {}".
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.blueprint import Arg, Column
from envfactory_gym.envgen.compile.compiler import querygen
from envfactory_gym.envgen.compile.plan import Plan, build_plan
from envfactory_gym.envgen.compile.reach import NO_GOAL, unreached
from envfactory_gym.package import EnvPackage
from tests.querygen._desk_env import write_desk_env

FITNESS = Path(__file__).resolve().parents[2] / "examples" / "envgen" / "fitness" / "openapi.yaml"
MEMBERS = [{"first_name": "Ada", "last_name": "Lund", "email": "ada.lund@example.com", "phone": "1"},
           {"first_name": "Bo", "last_name": "Kim", "email": "bo.kim@example.com", "phone": "2"}]


def _plan() -> Plan:
    return build_plan(read_openapi(FITNESS), name="fitness")


def _optional(arg: Arg) -> Arg:
    return dataclasses.replace(arg, column=dataclasses.replace(arg.column, required=False))


def test_a_create_that_requires_no_value_states_what_its_record_is_known_by() -> None:
    plan = _plan()
    create = next(tp for tp in plan.tools if tp.name == "create_member")
    create.args = [a if a.column.references else _optional(a) for a in create.args]  # only plan_id required
    declared = json.loads(querygen(plan, {"members": MEMBERS}))["tools"]["create_member"]
    params = declared["parameters"]
    assert params["first_name"] == {"column": "members.first_name", "needed": True}  # its name
    assert params["last_name"] == {"column": "members.last_name", "needed": True}
    assert params["email"]["needed"] and params["email"]["choices"]  # a contact: fresh for a unique field
    assert "phone" not in params
    goal = declared["goal"][0]
    assert "first name {first_name}, last name {last_name}, email {email}" in goal  # said, not optional
    assert "[; first name" not in goal and declared.get("target", True)


def test_a_create_nothing_a_user_says_fills_is_no_goal() -> None:
    plan = _plan()
    join = next(tp for tp in plan.tools if tp.name == "join_waitlist")
    join.args = [Arg(Column(name="preferences", kind="json"), "value")]  # an empty record with settings
    declared = json.loads(querygen(plan, {"members": MEMBERS}))["tools"]["join_waitlist"]
    assert declared["target"] is False
    required = next(tp for tp in plan.tools if tp.name == "create_booking")  # takes rows: a goal still
    assert json.loads(querygen(plan, {"members": MEMBERS}))["tools"][required.name].get("target", True)


def test_the_deployments_constant_is_never_asked() -> None:
    plan = _plan()
    plan.scope = {"gym_id": "gym-1"}
    assert json.loads(querygen(plan, {"members": MEMBERS}))["fields"]["gym_id"] is None


def test_an_id_value_is_described_and_a_structured_value_left_to_the_agent() -> None:
    plan = _plan()
    create = next(tp for tp in plan.tools if tp.name == "create_booking")
    create.args = [*create.args, Arg(Column(name="legal_entity_id", kind="string", required=True), "value"),
                   Arg(Column(name="origin", kind="json", required=True), "value")]
    update = next(tp for tp in plan.tools if tp.name == "update_member")
    update.args = [*update.args, Arg(Column(name="color_id", kind="string"), "value")]
    tools = json.loads(querygen(plan, {"members": MEMBERS}))["tools"]
    goal = tools["create_booking"]["goal"][0]
    assert "{legal_entity_id}" in goal and "legal entity id" not in goal
    assert "origin of your choice" in goal and "{origin}" not in goal
    assert "[; new color: {color_id}]" in tools["update_member"]["goal"][0]


def test_a_write_declared_no_goal_is_left_out_with_its_reason(tmp_path) -> None:
    pkg = EnvPackage(write_desk_env(tmp_path / "desk", {"tools": {"add_tag": {"target": False}}}),
                     allow_no_tasks=True)
    try:
        dead = unreached(pkg)
    finally:
        pkg.close()
    assert dead.get("add_tag") == NO_GOAL
    assert "add_note" not in dead
