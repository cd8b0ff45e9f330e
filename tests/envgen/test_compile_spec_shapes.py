"""Shapes of real specifications the compiler reads: records named by a path parameter their schema lacks, calls
whose path spells the operation id in lower case, ``...Metadata`` schemas, a time every call sends, and records
named by their creator (a queue's name, a Google ``topicId``)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.inline import spelled_call
from envfactory_gym.envgen.compile.scope import find_scope
from envfactory_gym.errors import ToolError
from tests.envgen._helpers import compile_spec, run_calls


def _spec(tmp_path: Path, paths: dict[str, Any], schemas: dict[str, Any]) -> Path:
    doc = {"openapi": "3.0.0", "info": {"title": "Shapes", "version": "1"}, "paths": paths,
           "components": {"schemas": schemas}}
    out = tmp_path / "spec.json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def _body(ref: str) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}


OK: dict[str, Any] = {"200": {"description": "Done"}}
SLUG = [{"name": "slug", "in": "path", "required": True, "schema": {"type": "string"}}]


def test_a_record_the_paths_name_by_a_parameter_its_schema_lacks_is_keyed_by_it(tmp_path: Path) -> None:
    """``/changelogs/{slug}`` with a Changelog schema of no id field (readme.io): the slug is the key."""
    spec = _spec(tmp_path, {
        "/changelogs": {"get": {"operationId": "getChangelogs", "responses": OK},
                        "post": {"operationId": "createChangelog", "requestBody": _body("Changelog"),
                                 "responses": {"201": {"description": "Created"}}}},
        "/changelogs/{slug}": {"parameters": SLUG,
                               "get": {"operationId": "getChangelog", "responses": OK, "parameters": [
                                   {"name": n, "in": "query", "schema": {"type": "string"}}
                                   for n in ("$.xgafv", "prettyPrint")]},  # Google's response shaping
                               "put": {"operationId": "updateChangelog", "requestBody": _body("Changelog"),
                                       "responses": OK},
                               "delete": {"operationId": "deleteChangelog", "responses": OK}},
        "/users": {"post": {"operationId": "createUser", "requestBody": _body("UserDTO"), "responses": OK}},
        "/users/username/{username}": {"get": {"operationId": "getUser", "responses": OK, "parameters": [
            {"name": "username", "in": "path", "required": True, "schema": {"type": "string"}}]}},
    }, {
        "Changelog": {"type": "object", "required": ["title"], "properties": {
            "title": {"type": "string"}, "body": {"type": "string"}, "hidden": {"type": "boolean"}}},
        "UserDTO": {"type": "object", "properties": {"username": {"type": "string"}, "email": {"type": "string"}}},
    })
    digest = read_openapi(spec)
    entities = {e.name: e for e in digest.entities}
    changelog = entities["Changelog"]
    assert [f.name for f in changelog.fields if f.primary_key] == ["slug"]
    assert {f.name for f in changelog.fields} == {"slug", "title", "body", "hidden"}
    # /users/username/{username}: a lookup by a value its owner chose, which no create could make up: no key
    assert "User" not in entities and "UserDTO" not in entities
    ops = {o.name: (o.verb, o.entity) for o in digest.operations}
    assert ops["create_changelog"] == ("create", "Changelog")
    assert ops["get_changelog"][1] == ops["update_changelog"][1] == ops["delete_changelog"][1] == "Changelog"
    assert ops["update_changelog"][0] == "update" and ops["delete_changelog"][0] == "delete"
    get = next(o for o in digest.operations if o.name == "get_changelog")
    assert [p.name for p in get.parameters] == ["slug"]  # no xgafv, no pretty_print


def test_a_path_spelling_the_operation_id_is_that_call(tmp_path: Path) -> None:
    """``POST /v1/createwidget`` (``CreateWidget``) with an inline body: a create of the Widget, whose inputs are
    the body's; the body is the call's request, not a resource named 'Createwidget'."""
    assert spelled_call("/v1/createwidget", "CreateWidget") == "CreateWidget"
    assert spelled_call("/v1/deletewidget#widget", "DeleteWidget") == "DeleteWidget"
    assert spelled_call("/v1/widgets", "CreateWidget") is None
    assert spelled_call("/v1/CreateWidget", "CreateWidget") is None  # its words are there already
    assert spelled_call("/v1/widget", "widget") is None  # one word: no call's name
    spec = _spec(tmp_path, {
        "/v1/createwidget": {"post": {
            "operationId": "CreateWidget",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["name"],
                "properties": {"name": {"type": "string"}, "size": {"type": "integer"}}}}}},
            "responses": {"200": {"description": "Success", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/CreateWidgetResponse"}}}}}}},
        "/v1/listwidgets": {"get": {
            "operationId": "ListWidgets",
            "responses": {"200": {"description": "Success", "content": {"application/json": {"schema": {
                "type": "array", "items": {"$ref": "#/components/schemas/WidgetMetadata"}}}}}}}},
    }, {
        "WidgetMetadata": {"type": "object", "properties": {
            "name": {"type": "string"}, "arn": {"type": "string"}, "size": {"type": "integer"}}},
        "CreateWidgetResponse": {"type": "object", "properties": {"name": {"type": "string"},
                                                                   "arn": {"type": "string"}}},
    })
    digest = read_openapi(spec)
    assert [e.name for e in digest.entities] == ["Widget"]  # WidgetMetadata: the widget itself
    create = next(o for o in digest.operations if o.name == "create_widget")
    assert (create.verb, create.entity) == ("create", "Widget")
    assert {p.name for p in create.parameters} >= {"size"}


def test_a_time_every_call_sends_is_no_scope(tmp_path: Path) -> None:
    """Every call's body carries its own ``timestamp`` (NDHM): a moment of the call, never the deployment's one
    value (its seed had been the text 'timestamp-1' in a TIMESTAMP column)."""
    stamp = {"timestamp": {"type": "string", "format": "date-time"}, "tenant": {"type": "string"}}
    paths = {}
    for noun in ("consent", "fetch", "notice"):
        paths[f"/{noun}s"] = {"post": {"operationId": f"create{noun.title()}", "responses": OK, "requestBody": {
            "content": {"application/json": {"schema": {"type": "object", "required": ["timestamp", "tenant"],
                                                         "properties": {**stamp, "title": {"type": "string"}}}}}}}}
        paths[f"/{noun}s/{{id}}"] = {"get": {"operationId": f"get{noun.title()}", "responses": OK, "parameters": [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}},
            {"name": "tenant", "in": "query", "required": True, "schema": {"type": "string"}},
            {"name": "timestamp", "in": "query", "required": True,
             "schema": {"type": "string", "format": "date-time"}}]}}
    schemas = {n.title(): {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                                                            **stamp}} for n in ("consent", "fetch", "notice")}
    scope = find_scope(read_openapi(_spec(tmp_path, paths, schemas)))
    assert "tenant" in scope and "timestamp" not in scope


def _queues(tmp_path: Path) -> Path:
    """A queue service: a queue is known by the name its creator chooses (SQS's QueueName); a topic by the id a
    Google-style create takes as a query parameter (``topicId``) beside its full resource ``name``."""
    named = {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string", "description": "The queue's name, chosen by its creator."},
        "delay_seconds": {"type": "integer", "minimum": 0, "maximum": 900},
        "region": {"type": "string", "enum": ["eu", "us", "ap"]}}}
    topic = {"type": "object", "properties": {
        "name": {"type": "string", "description": "projects/p/topics/topic_id"},
        "retention_days": {"type": "integer", "minimum": 1, "maximum": 30},
        "tier": {"type": "string", "enum": ["basic", "premium"]}}}
    return _spec(tmp_path, {
        "/queues": {"get": {"operationId": "listQueues", "responses": {"200": {"description": "Queues", "content": {
                        "application/json": {"schema": {"type": "array", "items": {
                            "$ref": "#/components/schemas/Queue"}}}}}}},
                    "post": {"operationId": "createQueue", "requestBody": _body("Queue"), "responses": OK}},
        "/topics": {"get": {"operationId": "listTopics", "responses": {"200": {"description": "Topics", "content": {
                        "application/json": {"schema": {"type": "array", "items": {
                            "$ref": "#/components/schemas/Topic"}}}}}}},
                    "post": {"operationId": "createTopic", "requestBody": _body("Topic"), "responses": OK,
                             "parameters": [{"name": "topicId", "in": "query", "schema": {"type": "string"},
                                             "description": "Required. The id of the new topic."}]}},
    }, {"Queue": named, "Topic": topic})


def test_a_create_given_the_records_own_name_keeps_it_and_refuses_one_in_use(tmp_path: Path) -> None:
    """CreateQueue takes the queue's name: the tool keeps it as the key (it used to make up ``Q-0001`` and drop
    the name, leaving SQS no create a request could ask for) and refuses a name another queue has."""
    digest = read_openapi(_queues(tmp_path))
    topic = next(o for o in digest.operations if o.name == "create_topic")
    assert "name" in {p.name for p in topic.parameters} and "topic_id" not in {p.name for p in topic.parameters}
    folder = compile_spec(_queues(tmp_path), tmp_path / "queues", tasks=12)
    made, again, created = run_calls(folder, [("create_queue", {"queue_name": "billing-events"}),
                                              ("create_queue", {"queue_name": "Billing-Events"}),
                                              ("create_topic", {"topic_name": "audit"})])
    assert made["queue_name"] == "billing-events" and created["topic_name"] == "audit"
    assert isinstance(again, ToolError) and "billing-events" in str(again).lower()
    tasks = [json.loads(x) for x in (folder / "tasks.jsonl").read_text(encoding="utf-8").splitlines()]
    creates = [c for t in tasks for c in t["gold_calls"] if c["name"] in ("create_queue", "create_topic")]
    assert creates, "QueryGen asks for new queues and topics"
    seeded = {r["queue_name"] for r in csv.DictReader((folder / "seed" / "queues.csv").open(encoding="utf-8"))}
    for call in creates:  # a new name, said as it is in the request
        name = call["arguments"].get("queue_name") or call["arguments"]["topic_name"]
        assert name not in seeded
        assert any(name in t["instruction"] for t in tasks if call in t["gold_calls"])


def test_one_key_name_of_two_resources_is_no_container(tmp_path: Path) -> None:
    """ARM: a transform and a job are both keyed ``id``, named by ``{transformName}`` and ``{jobName}``; the jobs
    lie under a transform, but ``id`` is no one container every call works in (Azure Media Services' Encoding had
    every operation skipped as acting on 'the deployment's id')."""
    base = "/accounts/{accountName}/transforms"  # every call is a transform's or a job's own
    acct = {"name": "accountName", "in": "path", "required": True, "schema": {"type": "string"}}
    named = [acct, {"name": "transformName", "in": "path", "required": True, "schema": {"type": "string"}}]
    job = [*named, {"name": "jobName", "in": "path", "required": True, "schema": {"type": "string"}}]
    resource = {"type": "object", "properties": {"id": {"type": "string", "readOnly": True},
                                                 "description": {"type": "string"}}}

    def ok(ref: str) -> dict[str, Any]:
        return {"200": {"description": "OK", "content": {"application/json": {"schema": {
            "$ref": f"#/components/schemas/{ref}"}}}}}

    spec = _spec(tmp_path, {
        f"{base}/{{transformName}}": {
            "parameters": named, "get": {"operationId": "Transforms_Get", "responses": ok("Transform")},
            "put": {"operationId": "Transforms_Create", "requestBody": _body("Transform"), "responses": ok("Transform")},
            "delete": {"operationId": "Transforms_Delete", "responses": OK}},
        f"{base}/{{transformName}}/jobs/{{jobName}}": {
            "parameters": job, "get": {"operationId": "Jobs_Get", "responses": ok("Job")},
            "put": {"operationId": "Jobs_Create", "requestBody": _body("Job"), "responses": ok("Job")},
            "patch": {"operationId": "Jobs_Update", "requestBody": _body("Job"), "responses": ok("Job")}},
    }, {"Transform": resource, "Job": resource})
    scope = find_scope(read_openapi(spec))
    assert scope.get("account_name") == "account-1" and "id" not in scope


def test_a_records_own_calls_make_it_no_container(tmp_path: Path) -> None:
    """``/monitors/{monitorName}/start``, ``/stop``, ``/query`` act on the monitor itself: its name is no container
    every call works in (Azure's connection monitors were all skipped as acting on the deployment's monitor)."""
    watcher = {"name": "watcherName", "in": "path", "required": True, "schema": {"type": "string"}}
    named = [watcher, {"name": "monitorName", "in": "path", "required": True, "schema": {"type": "string"}}]
    base = "/watchers/{watcherName}/monitors"
    schemas = {"Monitor": {"type": "object", "properties": {"name": {"type": "string"},
                                                            "status": {"type": "string",
                                                                       "enum": ["running", "stopped"]}}}}
    one = {"200": {"description": "OK", "content": {"application/json": {"schema": {
        "$ref": "#/components/schemas/Monitor"}}}}}
    paths: dict[str, Any] = {f"{base}/{{monitorName}}": {
        "parameters": named, "get": {"operationId": "Monitors_Get", "responses": one},
        "put": {"operationId": "Monitors_Create", "requestBody": _body("Monitor"), "responses": one},
        "delete": {"operationId": "Monitors_Delete", "responses": OK}}}
    for verb in ("start", "stop", "query"):
        paths[f"{base}/{{monitorName}}/{verb}"] = {"parameters": named, "post": {
            "operationId": f"Monitors_{verb.title()}", "responses": one}}
    scope = find_scope(read_openapi(_spec(tmp_path, paths, schemas)))
    assert scope == {"watcher_name": "watcher-1"}, scope


def test_a_list_of_names_users_choose_feeds_no_create(tmp_path: Path) -> None:
    """A list whose rows hold nothing a person would ask is kept only when it gives another tool an id it needs;
    the name a create takes for a new record is the user's own, so a list of names feeds it nothing (Azure
    Marketplace kept such a list that no request used, and failed the gate's tool share)."""
    spec = _spec(tmp_path, {
        "/stores": {"get": {"operationId": "listStores", "responses": {"200": {"description": "Stores", "content": {
            "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Store"}}}}}}},
                    "post": {"operationId": "createStore", "requestBody": _body("Store"), "responses": OK}},
    }, {"Store": {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string", "description": "The store's name, chosen by its creator."},
        "settings": {"type": "object", "properties": {"colour": {"type": "string"}}}}}})
    folder = compile_spec(spec, tmp_path / "stores", tasks=3)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert "create_store" in (folder / "tools.py").read_text(encoding="utf-8")
    assert any(s["operation"] == "list_stores" and s["reason"].startswith("unphrasable") for s in report["skipped"])
