"""The query protocol: every call is ``/#Action=Name``, declared as GET and as POST; the name says the verb."""

from __future__ import annotations

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.plan import build_plan
from tests.envgen._helpers import SPECS

SPEC = SPECS / "parcel_query.yaml"


def test_the_action_name_gives_the_verb_and_the_get_twin_is_dropped() -> None:
    digest = read_openapi(SPEC)
    ops = {o.name: (o.method, o.verb) for o in digest.operations}
    assert ops == {"post_create_parcel": ("POST", "create"), "post_describe_parcel": ("POST", "get"),
                   "post_delete_parcel": ("POST", "delete"), "get_list_parcels": ("GET", "list"),
                   # declared as GET only: compiled by its name's verb, not as a list
                   "get_update_parcel": ("GET", "update")}
    skipped = {s["operation"]: s["reason"] for s in digest.extensions["skipped"]}
    assert skipped["get_create_parcel"] == "the GET form of the query-protocol call CreateParcel (its POST form " \
                                          "is compiled)"
    assert {"get_describe_parcel", "get_delete_parcel"} <= set(skipped)
    # Action and Version are constants of the call, not inputs
    assert not any(p.name in ("action", "version") for o in digest.operations for p in o.parameters)


def test_the_query_protocol_compiles_to_crud_tools() -> None:
    plan = build_plan(read_openapi(SPEC))
    tools = {tp.name: (tp.verb, [a.name for a in tp.args]) for tp in plan.tools}
    assert tools["post_create_parcel"] == ("create", ["recipient"])
    assert tools["get_update_parcel"] == ("update", ["parcel_id", "recipient"])
    assert tools["post_delete_parcel"] == ("delete", ["parcel_id"])
