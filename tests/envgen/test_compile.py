"""The offline compiler: readers, enforcement in the compiled tools, error messages, and the gate on two specs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import compile_digest, read_openapi, read_sql
from envfactory_gym.envgen.compile.codegen import schema_sql, tools_py
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.errors import EnvFactoryError

ROOT = Path(__file__).resolve().parents[2]
FITNESS = ROOT / "examples" / "envgen" / "fitness" / "openapi.yaml"
GARDEN = ROOT / "tests" / "fixtures" / "envgen" / "garden"


# -- readers ---------------------------------------------------------------------------------------------------

def test_read_openapi_entities_and_references() -> None:
    d = read_openapi(FITNESS)
    assert d.source_kind == "openapi" and d.domain == "fitness" and d.extensions["now"] == "2025-03-12T08:00:00"
    names = [e.name for e in d.entities]
    assert names == ["MembershipPlan", "Member", "Instructor", "ClassType", "Session", "Booking", "WaitlistEntry"]
    member = d.entity("Member")
    fields = {f.name: f for f in member.fields}
    assert fields["member_id"].primary_key and fields["email"].format == "email"
    assert fields["plan_id"].references == "MembershipPlan"
    assert fields["status"].enum == ["active", "frozen", "cancelled"]
    assert fields["first_name"].max_length == 40 and fields["joined_on"].read_only
    assert len(member.examples) == 3


def test_read_openapi_operations() -> None:
    ops = {o.name: o for o in read_openapi(FITNESS).operations}
    assert ops["list_sessions"].verb == "list" and ops["get_session"].verb == "get"
    assert ops["create_booking"].verb == "create" and ops["create_booking"].entity == "Booking"
    assert ops["cancel_booking"].verb == "action"
    assert ops["cancel_booking"].extensions["transition"] == {"field": "status", "from": ["booked"], "to": "cancelled"}
    params = {p.name: p for p in ops["create_booking"].parameters}
    assert params["member_id"].required and params["member_id"].references == "Member"
    assert params["note"].max_length == 200 and not params["note"].required


def test_read_openapi_json(tmp_path: Path) -> None:
    import yaml

    path = tmp_path / "api.json"
    path.write_text(json.dumps(yaml.safe_load(FITNESS.read_text())), encoding="utf-8")
    assert [e.name for e in read_openapi(path).entities] == [e.name for e in read_openapi(FITNESS).entities]


def _spec(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "api.yaml"
    path.write_text(text, encoding="utf-8")
    return path


MINIMAL = """
openapi: 3.0.3
info: {title: Seeds}
paths:
  /widgets:
    get:
      operationId: listWidgets
      responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Widget'}}}}}}
components:
  schemas:
    Widget:
      type: object
      properties:
        widget_id: {type: string}
        size: {$ref: 'other.yaml#/Size'}
"""


@pytest.mark.parametrize(("text", "message"), [
    (MINIMAL, "$ref to other.yaml, which does not exist"),
    (MINIMAL.replace("other.yaml#/Size", "https://example.com/x.yaml#/Size"), "unsupported $ref"),
    (MINIMAL.replace("size: {$ref: 'other.yaml#/Size'}", "size: {type: integer}").replace("widget_id", "colour"),
     "no resource schema"),
    (MINIMAL.replace("size: {$ref: 'other.yaml#/Size'}", "size: {type: integer}").replace(
        "openapi: 3.0.3", "openapi: 4.0.0"), "only OpenAPI 3.0/3.1 and Swagger 2.0"),
    ("openapi: 3.1.0\ninfo: {title: x}\npaths: {}\n", "no components.schemas"),
    ("openapi: [1, 2\n", "not valid JSON or YAML"),
])
def test_read_openapi_errors_are_one_line(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(EnvFactoryError) as err:
        read_openapi(_spec(tmp_path, text))
    assert message in str(err.value) and "api.yaml" in str(err.value) and "\n" not in str(err.value)


def test_read_openapi_dangling_ref_is_left_out_with_the_nearest_name(tmp_path: Path) -> None:
    digest = read_openapi(_spec(tmp_path, MINIMAL.replace("other.yaml#/Size", "#/components/schemas/Widgit")))
    assert [f.name for f in digest.entities[0].fields] == ["widget_id"]
    assert any("points to nothing" in n and "Did you mean 'Widget'" in n for n in digest.extensions["notes"])


def test_path_without_resource(tmp_path: Path) -> None:
    text = MINIMAL.replace("size: {$ref: 'other.yaml#/Size'}", "size: {type: integer}").replace(
        "/widgets:\n    get:\n      operationId: listWidgets\n      responses: {'200': {description: ok, content: "
        "{application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Widget'}}}}}}",
        "/widgits/{x}:\n    delete:\n      operationId: dropIt\n      responses: {'204': {description: gone}}")
    with pytest.raises(EnvFactoryError, match=r"no operation could be compiled.*no resource schema.*Did you mean 'Widget'"):
        read_openapi(_spec(tmp_path, text))


def test_read_sql_constraints_and_rows() -> None:
    d = read_sql(GARDEN / "schema.sql", GARDEN / "rows")
    assert d.source_kind == "sql" and [e.name for e in d.entities] == ["Gardener", "Plot", "Assignment"]
    fields = {f.name: f for f in d.entity("Assignment").fields}
    assert fields["assignment_id"].primary_key and fields["gardener_id"].references == "Gardener"
    assert fields["status"].enum == ["active", "ended", "pending"]
    assert (fields["season"].minimum, fields["season"].maximum) == (2020, 2030)
    assert fields["note"].max_length == 120 and not fields["note"].required
    assert {f.name: f for f in d.entity("Gardener").fields}["email"].extensions == {"unique": True}
    assert len(d.entity("Plot").examples) == 30


def test_read_sql_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sql"
    bad.write_text("CREATE TABLE t (a INTEGER);", encoding="utf-8")
    with pytest.raises(EnvFactoryError, match="bad.sql: table 't' needs a single-column PRIMARY KEY"):
        read_sql(bad)
    bad.write_text("CREATE TABLE oops (", encoding="utf-8")
    with pytest.raises(EnvFactoryError, match="bad.sql: not a valid DuckDB schema"):
        read_sql(bad)
    rows = tmp_path / "rows"
    rows.mkdir()
    (rows / "gardner.csv").write_text("x\n1\n", encoding="utf-8")
    with pytest.raises(EnvFactoryError, match="no table 'gardner'.*Did you mean 'gardeners'"):
        read_sql(GARDEN / "schema.sql", rows)


# -- generated code --------------------------------------------------------------------------------------------

def test_generated_code_is_deterministic_and_domain_free_in_the_package() -> None:
    plan = build_plan(read_openapi(FITNESS), name="fitness")
    first = tools_py(plan)
    assert first == tools_py(build_plan(read_openapi(FITNESS), name="fitness"))
    compile(first, "tools.py", "exec")
    assert "CREATE TABLE bookings" in schema_sql(plan)
    package = ROOT / "envfactory_gym" / "envgen" / "compile"
    text = " ".join(p.read_text(encoding="utf-8").lower() for p in package.rglob("*") if p.is_file()
                    and p.suffix in (".py", ".tmpl"))
    for word in ("booking", "fitness", "membership", "session_id", "garden"):
        assert word not in text, word


def test_compile_refuses_bad_names_and_existing_folders(tmp_path: Path) -> None:
    digest = read_sql(GARDEN / "schema.sql", GARDEN / "rows")
    with pytest.raises(EnvFactoryError, match="--name 'Bad-Name'"):
        compile_digest(digest, tmp_path / "x", name="Bad-Name")
    (tmp_path / "taken").mkdir()
    with pytest.raises(EnvFactoryError, match="already exists"):
        compile_digest(digest, tmp_path / "taken")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_default_names_come_from_the_specification(tmp_path: Path) -> None:
    from envfactory_gym.envgen.compile.compiler import default_name

    assert default_name(read_openapi(FITNESS)) == "fitness"  # x-name
    assert default_name(read_sql(GARDEN / "schema.sql", GARDEN / "rows")) == "garden"  # schema.sql: its folder
    text = MINIMAL.replace("size: {$ref: 'other.yaml#/Size'}", "size: {type: integer}")
    assert default_name(read_openapi(_spec(tmp_path, text.replace("title: Seeds", "title: Seed Bank API")))) \
        == "seed_bank"
    assert default_name(read_openapi(_spec(tmp_path, text.replace("title: Seeds", "title: 24 Hour Desk")))) \
        == "env_24_hour_desk"


def test_cli_help_states_the_defaults() -> None:
    import argparse

    from envfactory_gym.envgen.compile.cli import register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    text = " ".join(parser._subparsers._group_actions[0].choices["compile"].format_help().split())  # type: ignore[union-attr]
    assert "x-name, else its title" in text and "default: ./NAME" in text


def test_querygen_declarations_give_values_the_tools_accept() -> None:
    from envfactory_gym.envgen.compile.compiler import querygen

    plan = build_plan(read_openapi(FITNESS), name="fitness")
    rows = {"members": [{"first_name": "Ada", "last_name": "Lund", "email": "ada.lund@example.com", "phone": "1"},
                        {"first_name": "Bo", "last_name": "Kim", "email": "bo.kim@example.com", "phone": "2"}]}
    tools = json.loads(querygen(plan, rows))["tools"]
    member = tools["update_member"]  # every field optional: the declarations say which ones a request gives
    assert member["parameters"]["phone"] == {"column": "members.phone"}
    assert member["parameters"]["email"]["choices"] and not {"ada.lund@example.com", "bo.kim@example.com"} & set(
        member["parameters"]["email"]["choices"])
    assert "[; new phone {phone}]" in member["goal"][0]
    assert tools["update_session"]["parameters"]["room"]["choices"] == ["studio_a", "studio_b", "cycle_room"]
    assert "phone" not in tools["create_member"].get("parameters", {})  # optional values of a create stay optional
    assert "the session on {session_starts_at:datetime}" in json.loads(querygen(plan, rows))["tables"]["sessions"][
        "refer"]


# -- compiled environments: enforcement, then the gate ------------------------------------------------------------

@pytest.fixture(scope="module")
def fitness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_digest(read_openapi(FITNESS), tmp_path_factory.mktemp("envs") / "fitness")


@pytest.fixture(scope="module")
def garden(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_digest(read_sql(GARDEN / "schema.sql", GARDEN / "rows"), tmp_path_factory.mktemp("envs") / "garden")


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.mark.slow
def test_compile_is_deterministic(fitness: Path, tmp_path: Path) -> None:
    again = compile_digest(read_openapi(FITNESS), tmp_path / "again")
    first, second = _files(fitness), _files(again)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


@pytest.mark.slow
def test_compiled_seed_follows_the_clock(fitness: Path) -> None:
    pkg, state = _state(fitness)
    try:
        db = state.db
        late = "SELECT count(*) FROM sessions WHERE starts_at <= CAST(? AS TIMESTAMP) AND status = 'scheduled'"
        assert db.scalar(late, [pkg.manifest.now]) == 0
        early = "SELECT count(*) FROM sessions WHERE starts_at > CAST(? AS TIMESTAMP) AND status = 'completed'"
        assert db.scalar(early, [pkg.manifest.now]) == 0
        past = ("SELECT count(*) FROM bookings b JOIN sessions s USING (session_id) WHERE s.starts_at <= "
                "CAST(? AS TIMESTAMP) AND b.status = ?")
        assert db.scalar(past, [pkg.manifest.now, "booked"]) == 0
        future = past.replace("<=", ">")
        assert db.scalar(future, [pkg.manifest.now, "no_show"]) == 0
        assert db.scalar(future, [pkg.manifest.now, "booked"]) > 0 and db.scalar(past, [pkg.manifest.now, "no_show"])
    finally:
        state.close()
        pkg.close()


@pytest.mark.slow
def test_compiled_tasks_use_every_write_tool(fitness: Path) -> None:
    from envfactory_gym.tasks import load_tasks

    tasks = load_tasks(fitness / "tasks.jsonl")
    used = {c.name for t in tasks for c in t.gold_calls}
    assert {"update_member", "update_session", "create_member", "create_booking"} <= used
    assert not any("My details" in t.instruction for t in tasks if "update_member" in
                   {c.name for c in t.gold_calls})


def _state(folder: Path):  # noqa: ANN202
    from envfactory_gym.package import EnvPackage

    pkg = EnvPackage(folder)
    return pkg, pkg.new_state()


def _run(pkg, state, name: str, **arguments):  # noqa: ANN001, ANN202
    t = pkg.tools[name]
    return state.run_in_transaction(t.func, writes=t.writes, **t.validate(arguments))


@pytest.mark.slow
def test_compiled_tools_enforce_the_spec(fitness: Path) -> None:
    from envfactory_gym.errors import ToolArgumentError, ToolError

    pkg, state = _state(fitness)
    try:
        member = state.db.query_one("SELECT member_id FROM members WHERE status = 'active' ORDER BY member_id")
        frozen = state.db.query_one("SELECT member_id FROM members WHERE status = 'frozen' ORDER BY member_id")
        with pytest.raises(ToolArgumentError):  # enum
            _run(pkg, state, "list_sessions", room="garage")
        with pytest.raises(ToolArgumentError, match="missing required argument 'session_id'"):  # required
            _run(pkg, state, "create_booking", member_id=member["member_id"])
        with pytest.raises(ToolError, match="is not an email address"):  # format
            _run(pkg, state, "update_member", member_id=member["member_id"], email="nobody")
        with pytest.raises(ToolError, match="is not a date"):
            _run(pkg, state, "list_sessions", on_date="13/03/2025")
        with pytest.raises(ToolError, match="no membership plan with id 'PLN-77'"):  # reference
            _run(pkg, state, "update_member", member_id=member["member_id"], plan_id="PLN-77")
        with pytest.raises(ToolError, match="at most 200 characters"):  # max length
            _run(pkg, state, "create_booking", member_id=member["member_id"], session_id="SES-2001", note="x" * 201)
        with pytest.raises(ToolError, match="whose status is active"):  # x-requires
            _run(pkg, state, "create_booking", member_id=frozen["member_id"], session_id="SES-2001")
        with pytest.raises(ToolError, match="applies only to a member whose status is frozen"):  # x-transition
            _run(pkg, state, "unfreeze_membership", member_id=member["member_id"])
        assert _run(pkg, state, "freeze_membership", member_id=member["member_id"].lower())["status"] == "frozen"
    finally:
        state.close()
        pkg.close()


@pytest.mark.slow
def test_compiled_folders_pass_the_gate(fitness: Path, garden: Path) -> None:
    from envfactory_gym.verify.gate import verify

    for folder in (fitness, garden):
        record = verify(folder)
        assert record.passed, [(c.name, c.reason) for c in record.failures()]
        figures = {c.name: c.figures for c in record.checks}
        assert figures["querygen"]["solvable"] >= 100
        shutil.rmtree(folder)
