"""RPC calls whose first word is no create verb (``checkMember``, ``unSuspendMember``) are no creates."""

from __future__ import annotations

from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.envgen.compile.rpcnames import call_words, is_rpc_path, query_action
from tests.envgen._helpers import SPECS

SPEC = SPECS / "member_desk.yaml"


@pytest.mark.parametrize(("name", "words"), [
    ("unSuspendAccountHolder", ["unsuspend", "account", "holder"]),
    ("UnSuspendMember", ["unsuspend", "member"]),
    ("reActivate", ["reactivate"]),
    ("createAccount", ["create", "account"]),
    ("un", ["un"]),
])
def test_call_words_join_prefixes(name: str, words: list[str]) -> None:
    assert call_words(name) == words


def test_rpc_paths() -> None:
    assert query_action("/#Action=CreateQueue") == "CreateQueue"
    assert query_action("/{Account}/{Queue}/?Action=SendMessage&Version=2012-11-05") == "SendMessage"
    assert query_action("/#X-Amz-Target=Svc.CreateQueue") is None
    assert is_rpc_path("/checkMember", "/checkMember") and is_rpc_path("/#Action=X", "/X")
    assert not is_rpc_path("/members", "/members") and not is_rpc_path("/v1/memberNotes", "/v1/memberNotes")


def test_unknown_verbs_are_actions_not_creates() -> None:
    digest = read_openapi(SPEC)
    ops = {o.name: o for o in digest.operations}
    assert (ops["post_create_member"].verb, ops["post_member_notes"].verb) == ("create", "create")
    # 'unSuspend' is one word, 'unsuspend': it lifts the suspension, it does not suspend
    assert ops["post_un_suspend_member"].verb == "action"
    assert ops["post_un_suspend_member"].extensions["transition"] == {"field": "status", "from": ["Suspended"],
                                                                      "to": "Active"}
    assert ops["post_suspend_member"].extensions["transition"]["to"] == "Suspended"
    skipped = {s["operation"]: s["reason"] for s in digest.extensions["skipped"]}
    # no status value for 'check' or 'upload': left out with the reason, never a create of a Member
    assert skipped["post_check_member"].startswith("an action ('check') whose state change")
    assert skipped["post_upload_badge_photo"].startswith("an action ('upload') whose state change")
    plan = build_plan(digest)
    creates = sorted(tp.name for tp in plan.tools if tp.verb == "create")
    assert creates == ["post_create_member", "post_member_notes"]


def test_a_page_of_a_list_is_no_resource(tmp_path: Path) -> None:
    # WorkflowSteps has Workflow's key, but its next-page token says it is one page of a list
    spec = tmp_path / "runs.yaml"
    spec.write_text("""
openapi: 3.0.0
info: {title: Runs, version: '1'}
paths:
  /workflows:
    post:
      operationId: CreateWorkflow
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/CreateWorkflowRequest'}}}}
      responses: {'200': {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/Workflow'}}}}}
  /workflows/{WorkflowId}/steps:
    get:
      operationId: GetWorkflowSteps
      parameters: [{name: WorkflowId, in: path, required: true, schema: {type: string}}]
      responses: {'200': {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/WorkflowSteps'}}}}}
components:
  schemas:
    CreateWorkflowRequest:
      type: object
      properties: {Name: {type: string}}
    Workflow:
      type: object
      required: [WorkflowId]
      properties: {WorkflowId: {type: string}, Name: {type: string}}
    WorkflowSteps:
      type: object
      properties: {WorkflowId: {type: string}, Steps: {type: array, items: {type: string}}, NextToken: {type: string}}
""", encoding="utf-8")
    digest = read_openapi(spec)
    assert [e.name for e in digest.entities] == ["Workflow"]
    assert "schema WorkflowSteps: a page of a list (it holds the next page's token), no resource" in \
        digest.extensions["notes"]
