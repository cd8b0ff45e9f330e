"""The class rules behind the compiled records (see test_compile_r2_records.py), one by one and without compiling:
two updates with the same inputs are one change, which fields pair into a span, which references are copies of
another record's, and how a text field is seeded by what its name says it holds."""

from __future__ import annotations

import re

import pytest

from envfactory_gym.envgen.compile.blueprint import Arg, Column, Table, ToolPlan
from envfactory_gym.envgen.compile.links import copied_references, extension_of, name_references
from envfactory_gym.envgen.compile.samewrites import same_reads, same_writes
from envfactory_gym.envgen.compile.seeding import draw
from envfactory_gym.envgen.compile.spans import date_pairs

CODE = re.compile(r"^[A-Z]+-\d+$")


def _col(name: str, kind: str = "string", description: str = "", **kw: object) -> Column:
    return Column(name=name, kind=kind, description=description, **kw)  # type: ignore[arg-type]


def _table(name: str, noun: str, key: str, *columns: Column) -> Table:
    k = _col(key)
    return Table(name=name, entity=noun.title().replace(" ", ""), noun=noun, description="", columns=[k, *columns],
                 key=k)


def test_two_updates_with_the_same_inputs_are_one_change() -> None:
    t = _table("things", "thing", "thing_id", _col("title"))

    def update(name: str, method: str, path: str) -> ToolPlan:
        return ToolPlan(name=name, verb="update", table=t, summary="", details="", route=(method, path),
                        args=[Arg(_col("thing_id"), "key"), Arg(_col("title"), "value")])

    skipped: list[dict[str, str]] = []
    kept = same_writes([update("replace_thing", "put", "/things/{id}"), update("edit_thing", "post",
                                                                              "/things/{thingId}/edit"),
                        update("patch_thing", "patch", "/v2/things/{thingId}")], skipped)
    assert [tp.name for tp in kept] == ["patch_thing"]
    assert {s["operation"] for s in skipped} == {"replace_thing", "edit_thing"}
    assert all("same change as patch_thing (PATCH /v2/things/{thingId})" in s["reason"] for s in skipped)


def test_two_creates_from_the_same_inputs_make_one_record() -> None:
    t = _table("programs", "program", "program_id", _col("name"), _col("zones"))
    other = _table("zones", "zone", "zone_id", _col("name"))

    def create(name: str, table: Table, *inputs: str) -> ToolPlan:
        return ToolPlan(name=name, verb="create", table=table, summary="", details="", route=("post", f"/{name}"),
                        args=[Arg(_col(i), "value") for i in inputs])

    skipped: list[dict[str, str]] = []
    kept = same_writes([create("create_schedule", t, "name", "zones"), create("sync_schedule", t, "zones", "name"),
                        create("create_named", t, "name"), create("create_zone", other, "name", "zones")], skipped)
    assert [tp.name for tp in kept] == ["create_schedule", "create_named", "create_zone"]
    assert [s["operation"] for s in skipped] == ["sync_schedule"]
    assert "same change as create_schedule (POST /create_schedule)" in skipped[0]["reason"]


def test_two_views_of_the_same_rows_are_one_read() -> None:
    t = _table("domains", "domain", "domain_name", _col("engine"))

    def read(name: str, verb: str, *args: Arg) -> ToolPlan:
        return ToolPlan(name=name, verb=verb, table=t, summary="", details="", route=("get", f"/{name}"),
                        args=list(args))

    by_name = Arg(_col("domain_name"), "filter")
    skipped: list[dict[str, str]] = []
    kept = same_reads([read("describe_config", "list", by_name), read("describe_health", "list", by_name),
                       read("list_by_engine", "list", Arg(_col("engine"), "filter")),
                       read("get_domain", "get", Arg(_col("domain_name"), "key")), read("list_all", "list")],
                      skipped)
    assert [tp.name for tp in kept] == ["describe_config", "list_by_engine", "get_domain", "list_all"]
    assert [s["operation"] for s in skipped] == ["describe_health"]
    assert "same domain rows as describe_config" in skipped[0]["reason"]


def test_span_pairs_are_found_by_their_start_and_end_words() -> None:
    t = _table("stays", "stay", "stay_id", _col("start", "date"), _col("end_", "date"), _col("check_in", "datetime"),
               _col("check_out", "datetime"), _col("valid_from", "date"), _col("valid_to", "date"),
               _col("from_", "string"), _col("to_", "string"), _col("created_at", "datetime"))
    pairs = [(s.name, e.name) for s, e in date_pairs(t)]
    assert pairs == [("start", "end_"), ("check_in", "check_out"), ("valid_from", "valid_to")]
    texts = _table("queries", "query", "query_id", _col("start_date"), _col("end_date"))
    assert date_pairs(texts) == [] and [(s.name, e.name) for s, e in date_pairs(texts, text=True)] == [
        ("start_date", "end_date")]  # dates in text fields: seeded in order, not checked by the tools


def test_references_by_name_extensions_and_copies() -> None:
    parents = _table("courses", "course", "course_id", _col("name"))
    works = _table("course_works", "course work", "course_work_id", _col("course_id"))
    subs = _table("submissions", "submission", "submission_id", _col("course_id"), _col("course_work_id"))
    receipts = _table("course_receipts", "course receipt", "course_id", _col("name"))
    tables = [parents, works, subs, receipts]
    notes: list[str] = []
    name_references(tables, notes)
    assert works.column("course_id").references == "courses"  # type: ignore[union-attr]
    assert subs.column("course_work_id").references == "course_works"  # type: ignore[union-attr]
    assert receipts.key.references is None and extension_of(receipts, tables) is parents
    assert extension_of(parents, tables) is None
    assert copied_references(subs, {t.name: t for t in tables}) == {"course_id": "course_work_id"}


@pytest.mark.parametrize(("name", "description", "check"), [
    ("timestamp", "", lambda d: d["kind"] == "datetime"),
    ("time_created", "", lambda d: d["kind"] == "datetime"),
    ("expiration", "", lambda d: d["kind"] == "datetime"),
    ("last_transaction", "Date of the last transaction", lambda d: d["kind"] == "date"),
    ("background_color", "The colour in the hexadecimal format \"#0088aa\"",
     lambda d: d == {"kind": "faker", "provider": "hex_color", "optional": 0.1}),
    ("color", "", lambda d: d["provider"] == "color_name"),
    ("location", "", lambda d: d["provider"] == "city"),
    ("expiry_month", "", lambda d: d["values"] == [f"{m:02d}" for m in range(1, 13)]),
    ("expiry_year", "2 digits", lambda d: d["kind"] == "year" and d["ahead"] and d["digits"] == 2),
    ("etag", "", lambda d: d["provider"] == "md5"),
    ("created_by", "", lambda d: d["provider"] == "user_name"),
    ("attributes", "A JSON string of custom data", lambda d: d["kind"] == "json"),
    ("time_zone_id", "", lambda d: d["kind"] == "token"),  # an id stays one
    ("value", "The value of the setting", lambda d: d["kind"] == "words"),
    ("room", "", lambda d: d["kind"] == "words"),
    ("auth_code", "", lambda d: d["kind"] == "token"),  # a code may look like one
])
def test_a_text_field_is_seeded_by_what_its_name_says(name: str, description: str, check: object) -> None:
    t = _table("things", "thing", "thing_id")
    d = draw(_col(name, description=description), t)
    assert check(d), (name, d)  # type: ignore[operator]


def test_numbers_of_months_and_years_are_plausible() -> None:
    t = _table("cards", "card", "card_id")
    month = draw(_col("expiry_month", "integer", required=True), t)
    assert (month["min"], month["max"]) == (1, 12)
    year = draw(_col("expire_year", "integer", required=True), t)
    assert year == {"kind": "year", "ahead": True, "digits": 4, "integer": True}


def test_a_text_field_named_as_a_moment_takes_the_date_and_time_type() -> None:
    from envfactory_gym.envgen.compile.valueclass import typed_moments

    cols = [_col("timestamp"), _col("time_created"), _col("creation_time", fmt="google-datetime"),
            _col("modified_date"), _col("start_time"), _col("created", description="Unix epoch seconds"),
            _col("updated_at", enum=["x"]), _col("value")]
    notes: list[str] = []
    typed_moments(cols, notes, "Thing")
    assert [c.kind for c in cols] == ["datetime", "datetime", "datetime", "date", "string", "string", "string",
                                      "string"]
    assert "Thing field 'timestamp' holds a date and time (its name says so)" in notes
