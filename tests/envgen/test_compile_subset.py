"""What the compiler keeps of a specification: nouns in either number, parts and links of records, the subset."""

from __future__ import annotations

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile import subset as subset_module
from envfactory_gym.envgen.compile.blueprint import article, plural, singular
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.errors import CompileError
from tests.envgen._helpers import SPECS

SPEC = SPECS / "tracker_parts.yaml"


@pytest.mark.parametrize(("word", "many", "one"), [
    ("plot", "plots", "plot"), ("category", "categories", "category"), ("person", "people", "person"),
    ("flows", "flows", "flow"), ("status", "statuses", "status"), ("address", "addresses", "address"),
    ("analysis", "analyses", "analysis"), ("match_item", "match_items", "match_item"),
    ("account holder", "account holders", "account holder"), ("news", "news", "news"),
])
def test_nouns_in_either_number(word: str, many: str, one: str) -> None:
    assert (plural(word), singular(word)) == (many, one)


def test_articles_follow_the_sound() -> None:
    assert [article(n) for n in ("hour", "user", "issue", "plot")] == ["an hour", "a user", "an issue", "a plot"]


def test_schemas_named_in_the_plural_are_one_resource_each() -> None:
    plan = build_plan(read_openapi(SPEC))
    tables = {t.name: t for t in plan.tables}
    assert sorted(tables) == ["comments", "issues", "labels"]  # not issueses; Labels and NewLabel are one label
    assert [t.noun for t in plan.tables] == ["issue", "comment", "label"]
    assert next(c for c in tables["comments"].columns if c.name == "issue_id").references == "issues"


def test_parts_and_links_of_a_record_are_not_deletes_of_it() -> None:
    digest = read_openapi(SPEC)
    skipped = {s["operation"]: s["reason"] for s in digest.extensions["skipped"]}
    assert skipped["remove_assignees"].startswith("removes the 'assignees' of an issue")
    assert skipped["remove_label"].startswith("unlinks a label from an issue")
    # reactions have no schema of their own: listing them is no list of issues
    assert skipped["list_reactions"].startswith("acts on the 'reactions' of an issue, a part")
    # a comment refers to its issue: deleting it through the path is a delete of the comment
    assert "delete_comment" not in skipped
    verbs = {tp.name: (tp.verb, tp.table.name) for tp in build_plan(digest).tools}
    assert verbs["delete_comment"] == ("delete", "comments")


def test_a_short_tool_budget_keeps_fewer_resources_with_their_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subset_module, "MIN_TABLES", 2)
    plan = build_plan(read_openapi(SPEC), max_tools=8)
    assert [t.name for t in plan.tables] == ["issues", "comments"]
    assert {tp.verb for tp in plan.tools if tp.table.name == "issues"} == {"list", "create", "get", "update",
                                                                           "delete"}
    reasons = {x.get("table"): x["reason"] for x in plan.left_out if "table" in x}
    assert reasons["labels"].startswith("left out so that the chosen resources keep their writes")


def test_each_verb_once_before_any_twice() -> None:
    plan = build_plan(read_openapi(SPEC), max_tables=1, max_tools=3, focus=["issue"])
    assert [tp.name for tp in plan.tools] == ["list_issues", "create_issue", "update_issue"]


def test_focus_builds_the_subset_around_the_named_resources() -> None:
    plan = build_plan(read_openapi(SPEC), max_tables=1, focus=["Labels"])
    assert [t.name for t in plan.tables] == ["labels"]
    with pytest.raises(CompileError, match=r"--focus 'isue': no such resource .* Did you mean 'issue"):
        build_plan(read_openapi(SPEC), focus=["isue"])
