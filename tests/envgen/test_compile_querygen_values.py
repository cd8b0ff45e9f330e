"""The compiled querygen.json gives the user only values a person says: never a structured (JSON) field's."""

from __future__ import annotations

import json
from pathlib import Path

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.blueprint import Arg, Column
from envfactory_gym.envgen.compile.compiler import querygen
from envfactory_gym.envgen.compile.plan import build_plan

FITNESS = Path(__file__).resolve().parents[2] / "examples" / "envgen" / "fitness" / "openapi.yaml"


def test_an_update_never_asks_the_user_for_a_structured_value() -> None:
    plan = build_plan(read_openapi(FITNESS), name="fitness")
    members = plan.table("members")
    tags = Column(name="tags", kind="json")  # an array field (line items, addresses): stored as its JSON text
    members.columns.append(tags)
    update = next(tp for tp in plan.tools if tp.name == "update_member")
    update.args.append(Arg(column=tags, role="value"))
    rows = {"members": [{"first_name": "Ada", "last_name": "Lund", "email": "ada.lund@example.com", "phone": "1",
                         "tags": '["yoga"]'},
                        {"first_name": "Bo", "last_name": "Kim", "email": "bo.kim@example.com", "phone": "2",
                         "tags": "[]"}]}
    declared = json.loads(querygen(plan, rows))["tools"]["update_member"]
    assert "tags" not in declared["parameters"]  # the sampler would make a user say "tags []"
    assert declared["parameters"]["phone"] == {"column": "members.phone"}  # a value in words still is given
    assert "{tags}" not in declared["goal"][0]
