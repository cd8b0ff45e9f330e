"""The compiler on specifications written like real vendor ones: Swagger 2.0, wrapped lists, odd ids, big specs."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.envgen.compile import compile_digest, read_openapi
from envfactory_gym.envgen.compile.loader import converter_command
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.errors import EnvFactoryError, ToolError
from tests.envgen._helpers import run_calls

ROOT = Path(__file__).resolve().parents[2]
SPECS = ROOT / "tests" / "fixtures" / "envgen" / "specs"
HELPLINE = SPECS / "helpline_tickets.json"
CLINIC = SPECS / "clinic" / "openapi.yaml"
SWAGGER = SPECS / "petclinic_swagger.yaml"
needs_converter = pytest.mark.skipif(converter_command() is None,
                                     reason="swagger2openapi (npm) is not installed")


@pytest.fixture(scope="module")
def helpline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_digest(read_openapi(HELPLINE), tmp_path_factory.mktemp("h") / "helpline", tasks=5)


def _ops(digest: Any) -> dict[str, Any]:
    return {o.name: o for o in digest.operations}


def test_wrapped_list_responses_are_unwrapped() -> None:
    ops = _ops(read_openapi(HELPLINE))
    assert (ops["list_projects"].entity, ops["list_projects"].returns) == ("Project", "list")  # {"items": [...]}
    assert (ops["list_tickets"].entity, ops["list_tickets"].returns) == ("Ticket", "list")  # {"data": [...]}


def test_array_index_refs_and_other_id_names() -> None:
    digest = read_openapi(HELPLINE)
    keys = {e.name: e.primary_key().name for e in digest.entities if e.primary_key()}
    assert keys["Project"] == "key" and keys["Ticket"] == "sid" and keys["Comment"] == "gid"
    priority = next(p for p in _ops(digest)["update_ticket"].parameters if p.name == "priority")
    assert (priority.minimum, priority.maximum) == (1, 5)  # '#/components/schemas/Ticket/allOf/1/properties/...'
    ticket = next(e for e in digest.entities if e.name == "Ticket")
    fields = {f.name: f for f in ticket.fields}
    assert fields["project_key"].references == "Project"  # <resource>_<its key>
    assert fields["assignee"].type == "object" and fields["assignee"].references is None  # embedded, no key


def test_path_parameters_bind_by_position() -> None:
    ops = _ops(read_openapi(HELPLINE))
    assert [p.name for p in ops["get_ticket"].parameters] == ["sid"]  # /tickets/{ticketSid} -> Ticket.sid
    given = {p.name: p.extensions["in"] for p in ops["list_tickets"].parameters}
    assert given == {"project_key": "path", "status": "query"}  # cursor, sort and the header are dropped
    opened = [p.name for p in ops["open_ticket"].parameters]
    assert opened.count("project_key") == 1  # the path and the body both name it: one argument


def test_cancel_sets_the_status_and_references_are_enforced(helpline: Path) -> None:
    tickets = list(csv.DictReader((helpline / "seed" / "tickets.csv").open(encoding="utf-8")))
    projects = {r["project_key"] for r in csv.DictReader((helpline / "seed" / "projects.csv").open(encoding="utf-8"))}
    assert tickets and all(r["project_key"] in projects for r in tickets if r["project_key"])
    target = next(r["ticket_sid"] for r in tickets if r["status"] == "open")
    cancelled, missing = run_calls(helpline, [("cancel_ticket", {"ticket_sid": target}),
                                         ("open_ticket", {"project_key": "NOPE", "title": "Printer jam"})])
    assert cancelled["status"] == "cancelled" and cancelled["ticket_sid"] == target
    assert isinstance(missing, ToolError) and "NOPE" in str(missing)


def test_skipped_operations_are_reported_with_reasons(helpline: Path) -> None:
    report = json.loads((helpline / "report.json").read_text(encoding="utf-8"))
    skipped = {s["operation"]: s["reason"] for s in report["skipped"]}
    assert "no resource schema" in skipped["get_stats"]
    assert "state change" in skipped["escalate_ticket"]
    assert "get_stats" in (helpline / "report.md").read_text(encoding="utf-8")
    assert {t["name"] for t in report["tools"]} >= {"cancel_ticket", "list_tickets", "open_ticket"}


def test_compiled_folder_is_valid_and_its_own_tests_pass(helpline: Path) -> None:
    schema = (helpline / "schema.sql").read_text(encoding="utf-8")
    assert all(line.startswith(("--", "CREATE", "    ", ")")) or not line for line in schema.splitlines())
    compile((helpline / "tools.py").read_text(encoding="utf-8"), "tools.py", "exec")
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(helpline / "tests")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:]


def test_multi_file_refs_are_bundled(tmp_path: Path) -> None:
    digest = read_openapi(CLINIC)
    names = {e.name: e for e in digest.entities}
    assert set(names) == {"Customer", "stay"}
    stay = {f.name: f for f in names["stay"].fields}
    assert stay["customer_id"].references == "Customer" and names["stay"].primary_key().name == "uuid"
    tier = next(f for f in names["Customer"].fields if f.name == "tier")
    assert tier.enum == ["standard", "gold"]
    cancel = _ops(digest)["cancel_stay"]  # DELETE named cancel on a schema with a cancelled status
    assert cancel.verb == "action" and cancel.extensions["transition"]["to"] == "cancelled"


@needs_converter
def test_swagger_2_compiles(tmp_path: Path) -> None:
    digest = read_openapi(SWAGGER)
    ops = _ops(digest)
    assert [p.name for p in ops["get_pet"].parameters] == ["id"]  # /pets/{petId} -> Pet.id
    assert [p.name for p in ops["list_owner_pets"].parameters] == ["owner_id"]
    assert [p.name for p in ops["list_owners"].parameters] == ["last_name"]  # limit, offset, header dropped
    folder = compile_digest(digest, tmp_path / "clinic", tasks=5)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert [s["operation"] for s in report["skipped"]] == ["upload_photo"]
    pets = list(csv.DictReader((folder / "seed" / "pets.csv").open(encoding="utf-8")))
    owners = {r["owner_id"] for r in csv.DictReader((folder / "seed" / "owners.csv").open(encoding="utf-8"))}
    assert all(r["owner_id"] in owners for r in pets if r["owner_id"])
    (refused,) = run_calls(folder, [("add_pet", {"owner_id": 999999, "name": "Rex", "species": "dog"})])
    assert isinstance(refused, ToolError)


def _large_spec(resources: int = 30) -> dict[str, Any]:
    """A vendor-sized spec: resources in a chain of references, each with list/get/create/update/delete."""
    schemas: dict[str, Any] = {}
    paths: dict[str, Any] = {}
    for i in range(resources):
        name = f"Thing{i:02d}"
        props: dict[str, Any] = {"id": {"type": "string"}, "label": {"type": "string"}}
        if i:
            props[f"thing{i - 1:02d}Id"] = {"type": "string"}
        schemas[name] = {"type": "object", "required": ["id"], "properties": props}
        one = {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{name}"}}}}}
        many = {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"type": "array", "items": {"$ref": f"#/components/schemas/{name}"}}}}}}
        body = {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}}}
        key = [{"name": "thingId", "in": "path", "required": True, "schema": {"type": "string"}}]
        paths[f"/thing{i:02d}s"] = {"get": {"operationId": f"list{name}s", "responses": many},
                                    "post": {"operationId": f"create{name}", "requestBody": body, "responses": one}}
        paths[f"/thing{i:02d}s/{{thingId}}"] = {
            "get": {"operationId": f"get{name}", "parameters": key, "responses": one},
            "patch": {"operationId": f"update{name}", "parameters": key, "requestBody": body, "responses": one},
            "delete": {"operationId": f"delete{name}", "parameters": key, "responses": {"204": {"description": "ok"}}},
            "put": {"operationId": f"replace{name}", "parameters": key, "requestBody": body, "responses": one}}
    return {"openapi": "3.0.1", "info": {"title": "Big Vendor", "version": "1"}, "paths": paths,
            "components": {"schemas": schemas}}


def test_large_spec_compiles_into_a_connected_subset_within_budget(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(json.dumps(_large_spec()), encoding="utf-8")
    digest = read_openapi(path)
    assert len(digest.operations) == 180
    plan = build_plan(digest, max_tables=8, max_tools=20)
    assert 2 <= len(plan.tables) <= 8 and len(plan.tools) <= 20
    names = {t.name for t in plan.tables}
    linked = {t.name for t in plan.tables for c in t.columns if c.references in names} | \
        {c.references for t in plan.tables for c in t.columns if c.references in names}
    assert linked == names  # every chosen table refers to or is referred to by another chosen one
    assert any(x.get("table") for x in plan.left_out) and any(x.get("tool") for x in plan.left_out)
    assert {tp.verb for tp in plan.tools} >= {"create", "list"}


@pytest.mark.parametrize(("text", "message"), [
    ("openapi: 3.0.0\ninfo: {title: x\n", "not valid JSON or YAML"),
    ('{"swagger": "1.2", "apis": []}', "only OpenAPI 3.0/3.1 and Swagger 2.0"),
])
def test_a_bad_spec_gives_one_line_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "vendor.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EnvFactoryError) as err:
        read_openapi(path)
    assert message in str(err.value) and "vendor.yaml" in str(err.value) and "\n" not in str(err.value)


def test_compile_corpus_quick(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "compile_corpus.py"), "--quick",
                           "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["specs"] == 3 and summary["compiled"] >= 2
    rows = [json.loads(x) for x in (tmp_path / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    again = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "compile_corpus.py"), "--quick",
                            "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and len((tmp_path / "results.jsonl").read_text(encoding="utf-8").splitlines()) \
        == len(rows)  # resumed: nothing compiled twice


def _rpc_spec(tmp_path: Path) -> Path:
    """An RPC-style service written like the cloud vendors' ones: one POST per call, the call named in the path
    after '#X-Amz-Target=', request/response message schemas per call, and ARNs as keys."""
    def ref(name: str) -> dict[str, str]:
        return {"$ref": f"#/components/schemas/{name}"}

    def msg(*fields: str) -> dict[str, Any]:
        return {"type": "object", "properties": {f: ref("Arn") if f.endswith("Arn") else {"type": "string"}
                                                 for f in fields}}

    plot = {"type": "object", "properties": {"PlotArn": ref("Arn"), "Name": {"type": "string"},
                                             "Status": {"type": "string", "enum": ["ACTIVE", "CANCELLED"]}}}
    schemas = {"Arn": {"type": "string"}, "PlotSummary": plot, "PlotDetail": plot,
               "CreatePlotRequest": msg("Name"), "CreatePlotResponse": msg("PlotArn"),
               "DescribePlotRequest": msg("PlotArn"), "DescribePlotResponse": {
                   "type": "object", "properties": {"Plot": ref("PlotDetail")}},
               "ListPlotsRequest": msg("NextToken"), "ListPlotsResponse": {
                   "type": "object", "properties": {"Plots": {"type": "array", "items": ref("PlotSummary")},
                                                    "NextToken": {"type": "string"}}},
               "DeletePlotRequest": msg("PlotArn"), "CancelPlotRequest": msg("PlotArn")}

    def call(name: str, response: str | None) -> dict[str, Any]:
        ok: dict[str, Any] = {"description": "Success"}
        if response:
            ok["content"] = {"application/json": {"schema": ref(response)}}
        return {"post": {"operationId": name, "responses": {"200": ok},
                         "requestBody": {"content": {"application/json": {"schema": ref(f"{name}Request")}}}}}

    paths = {f"/#X-Amz-Target=Garden.{n}": call(n, r) for n, r in (
        ("CreatePlot", "CreatePlotResponse"), ("DescribePlot", "DescribePlotResponse"),
        ("ListPlots", "ListPlotsResponse"), ("DeletePlot", None), ("CancelPlot", None))}
    path = tmp_path / "garden.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "info": {"title": "Garden", "version": "1"}, "paths": paths,
                                "components": {"schemas": schemas}}))
    return path


def test_rpc_style_calls_read_as_operations_on_their_resource(tmp_path: Path) -> None:
    digest = read_openapi(_rpc_spec(tmp_path))
    assert [e.name for e in digest.entities] == ["Plot"]  # the calls' request/response messages are no resources
    plot = digest.entities[0]
    assert plot.primary_key().name == "plot_arn"
    ops = _ops(digest)
    assert {n: (o.verb, o.entity) for n, o in ops.items()} == {
        "create_plot": ("create", "Plot"), "describe_plot": ("get", "Plot"), "list_plots": ("list", "Plot"),
        "delete_plot": ("delete", "Plot"), "cancel_plot": ("action", "Plot")}
    assert ops["cancel_plot"].extensions["transition"]["to"] == "CANCELLED"
    assert ops["describe_plot"].path == "/#X-Amz-Target=Garden.DescribePlot"  # the report names the real path
    plan = build_plan(digest)
    keys = {t.name: [a.name for a in t.args if a.role == "key"] for t in plan.tools}
    assert keys["describe_plot"] == keys["delete_plot"] == keys["cancel_plot"] == ["plot_arn"]


def test_inline_schemas_and_nested_resource_fields_compile(tmp_path: Path) -> None:
    """No components.schemas at all (every body written in place, as bundled directories and cloud resource
    managers do), fields one level down under "properties", a paged list wrapper and PUT create-or-update."""
    resource = {"description": "A garden plot.", "allOf": [{"properties": {
        "id": {"type": "string", "readOnly": True}, "name": {"type": "string", "readOnly": True}}}],
        "properties": {"properties": {"properties": {
            "size": {"type": "integer", "minimum": 1}, "status": {"type": "string", "enum": ["open", "closed"]}},
            "required": ["size"]}}}
    body = {"content": {"application/json": {"schema": resource}}}
    ok = {"description": "ok", "content": {"application/json": {"schema": resource}}}
    paged = {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {
        "value": {"type": "array", "items": resource}, "nextLink": {"type": "string"}}}}}}
    api = {"in": "query", "name": "api-version", "required": True, "schema": {"type": "string"}}
    name = {"in": "path", "name": "plotName", "required": True, "schema": {"type": "string"}}
    base = "/subscriptions/{subscriptionId}/providers/Garden/plots"
    sub = {"in": "path", "name": "subscriptionId", "required": True, "schema": {"type": "string"}}
    doc = {"openapi": "3.0.0", "info": {"title": "Gardens", "version": "1"}, "paths": {
        base: {"get": {"operationId": "Plots_List", "parameters": [sub, api], "responses": {"200": paged}}},
        base + "/{plotName}": {
            "get": {"operationId": "Plots_Get", "parameters": [sub, name, api], "responses": {"200": ok}},
            "put": {"operationId": "Plots_CreateOrUpdate", "parameters": [sub, name, api], "requestBody": body,
                    "responses": {"200": ok, "201": ok}},
            "patch": {"operationId": "Plots_Update", "parameters": [sub, name, api], "requestBody": body,
                      "responses": {"200": ok}},
            "delete": {"operationId": "Plots_Delete", "parameters": [sub, name, api],
                       "responses": {"200": {"description": "ok"}}}}}}
    path = tmp_path / "gardens.json"
    path.write_text(json.dumps(doc))
    digest = read_openapi(path)
    assert [e.name for e in digest.entities] == ["Plot"]
    assert {f.name for f in digest.entities[0].fields} >= {"id", "name", "size", "status"}  # one level down
    assert any("inline schema named Plot" in n for n in digest.extensions["notes"])
    verbs = {o.name: o.verb for o in digest.operations}
    assert verbs == {"plots_list": "list", "plots_get": "get", "plots_create_or_update": "create",
                     "plots_update": "update", "plots_delete": "delete"}
    plan = build_plan(digest)
    tools = {t.name: [a.name for a in t.args] for t in plan.tools}
    assert set(tools["plots_create_or_update"]) == {"size", "status"} and tools["plots_get"] == ["plot_id"]


WORKSPACE = SPECS / "workspace_plans.yaml"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_digest(read_openapi(WORKSPACE), tmp_path_factory.mktemp("w") / "workspace", tasks=5)


def test_an_enum_key_parameter_fixes_the_keys(workspace: Path) -> None:
    plans = list(csv.DictReader((workspace / "seed" / "plans.csv").open(encoding="utf-8")))
    assert [r["plan_id"] for r in plans] == ["Essential", "Standard", "Advanced"]  # one row per fixed key
    tools = {t["name"]: t for t in json.loads((workspace / "report.json").read_text(encoding="utf-8"))["tools"]}
    assert "set_plan" in tools  # PUT on a fixed key updates it: no invented key outside the enum
    changed, refused = run_calls(workspace, [("set_plan", {"plan_id": "Standard", "seats": 12}),
                                        ("set_plan", {"plan_id": "Standard", "seats": 0})])
    assert changed["plan_id"] == "Standard" and changed["seats"] == 12
    assert isinstance(refused, ToolError)


def test_ids_take_the_type_of_the_key_they_name(workspace: Path) -> None:
    meetings = {r["meeting_id"] for r in csv.DictReader((workspace / "seed" / "meetings.csv").open(encoding="utf-8"))}
    attendees = list(csv.DictReader((workspace / "seed" / "attendees.csv").open(encoding="utf-8")))
    assert attendees and all(r["meeting_id"] in meetings for r in attendees if r["meeting_id"])
    meeting = int(sorted(meetings, key=int)[0])
    got, added = run_calls(workspace, [("get_meeting", {"meeting_id": str(meeting)}),  # the path said string; the key is integer
                                  ("add_attendee", {"meeting_id": meeting, "email": "ana@example.org"})])
    assert got["meeting_id"] == meeting and added["meeting_id"] == meeting


def test_two_enums_whose_names_collide_keep_their_own_values(workspace: Path) -> None:
    source = (workspace / "tools.py").read_text(encoding="utf-8")
    aliases = [line.split(" = ")[0] for line in source.splitlines() if " = Literal[" in line]
    assert len(aliases) == len(set(aliases)) and "PlanId" in aliases
    (space,) = run_calls(workspace, [("create_space", {"display_name": "Roadmap", "space_type": "GROUP_CHAT"})])
    assert space["space_type"] == "GROUP_CHAT"


def test_a_malformed_date_filter_is_refused_not_a_crash(workspace: Path) -> None:
    (refused,) = run_calls(workspace, [("list_spaces", {"created_on": "someday"})])
    assert isinstance(refused, ToolError) and "someday" in str(refused)


def test_the_folder_says_where_it_came_from(workspace: Path) -> None:
    from envfactory_gym.tasks import load_manifest
    from envfactory_gym.verification import status
    from envfactory_gym.verify.catalog import CatalogRow

    source = load_manifest(workspace / "manifest.json").source
    assert source is not None and (source.api, source.version, source.license) == (
        "Workspace Plans API", "1.4.0", "MIT")
    subset = json.loads((workspace / str(source.spec)).read_text(encoding="utf-8"))
    assert subset["info"]["license"]["name"] == "MIT"
    assert set(subset["paths"]) <= set(read_openapi_paths(WORKSPACE))
    assert "Plan" in subset["components"]["schemas"]  # what the kept operations refer to comes along
    row = CatalogRow("EnvFactory/workspace-v0", workspace, status(workspace))
    assert row.origin == "Workspace Plans API 1.4.0"


def read_openapi_paths(path: Path) -> list[str]:
    import yaml

    return list(yaml.safe_load(path.read_text(encoding="utf-8"))["paths"])


def test_a_keyword_resource_and_an_input_given_twice_compile(tmp_path: Path) -> None:
    """A resource called ``Import`` (a Python keyword as a local name) and an update whose query parameter and body
    field both name the key (``?importId=`` beside the body's ``id``) still make valid code."""
    from envfactory_gym.envgen.compile.codegen import tools_py

    schema = {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"},
                                                                   "label": {"type": "string"}}}
    one = {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Import"}}}}}
    body = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Import"}}}}
    key = {"name": "importId", "in": "query", "required": True, "schema": {"type": "string"}}
    spec = {"openapi": "3.0.1", "info": {"title": "Imports", "version": "1"}, "components": {"schemas": {"Import": schema}},
            "paths": {"/imports": {
                "get": {"operationId": "getImport", "parameters": [key], "responses": one},
                "post": {"operationId": "createImport", "requestBody": body, "responses": one},
                "patch": {"operationId": "updateImport", "parameters": [key], "requestBody": body, "responses": one}}}}
    path = tmp_path / "imports.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    plan = build_plan(read_openapi(path), name="imports")
    compile(tools_py(plan), "tools.py", "exec")  # no keyword as a name, no argument twice
    update = next(tp for tp in plan.tools if tp.verb == "update")
    assert len({a.name for a in update.args}) == len(update.args)
