"""Strict parsing of stage answers: malformed answers are refused with one clear reason."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.envgen import responses
from envfactory_gym.envgen.responses import ResponseError
from tests.envgen._helpers import SKETCH, skeleton_files

CODE, TESTS = skeleton_files("desk")


def test_plain_and_fenced_json_parse() -> None:
    assert responses.parse_explore(json.dumps(SKETCH)).tables[0].name == "members"
    fenced = "Here you go:\n```json\n" + json.dumps(SKETCH, indent=2) + "\n```\n"
    assert responses.parse_explore(fenced).tools[1].kind == "write"


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty answer"),
    (None, "empty answer"),
    ("I'd rather not.", "not JSON"),
    ("[1, 2]", "expected one JSON object, got a JSON list"),
    ("```json\n{\"a\": 1\n```", "the fenced block is not JSON"),
    ("```json\n{}\n```\n```json\n{}\n```", "2 fenced blocks"),
])
def test_malformed_answers_are_refused(text: str | None, reason: str) -> None:
    with pytest.raises(ResponseError, match=reason):
        responses.parse_explore(text)


def test_schema_errors_name_the_key() -> None:
    bad = json.loads(json.dumps(SKETCH))
    bad["sketch"]["tools"][0]["kind"] = "delete"
    with pytest.raises(ResponseError, match=r"sketch\.tools\.0\.kind"):
        responses.parse_explore(json.dumps(bad))
    with pytest.raises(ResponseError, match="skech: unknown key. Did you mean 'sketch'"):
        responses.parse_explore(json.dumps({"skech": SKETCH["sketch"]}))


def test_code_answer_needs_exactly_the_seven_files() -> None:
    assert set(responses.parse_code(json.dumps({"files": CODE}), "desk")) == set(responses.CODE_FILES)
    missing = {k: v for k, v in CODE.items() if k != "querygen.json"}
    with pytest.raises(ResponseError, match="files missing: querygen.json"):
        responses.parse_code(json.dumps({"files": missing}), "desk")
    with pytest.raises(ResponseError, match="'tasks.jsonl' is not allowed"):
        responses.parse_code(json.dumps({"files": {**CODE, "tasks.jsonl": "{}"}}), "desk")


def test_code_that_does_not_parse_is_refused() -> None:
    broken = {**CODE, "tools.py": "def oops(:\n    pass\n"}
    with pytest.raises(ResponseError, match=r"tools.py does not parse: line 1"):
        responses.parse_code(json.dumps({"files": broken}), "desk")
    with pytest.raises(ResponseError, match="querygen.json is not JSON"):
        responses.parse_code(json.dumps({"files": {**CODE, "querygen.json": "{nope"}}), "desk")
    with pytest.raises(ResponseError, match="manifest.json: name is 'desk', expected 'other'"):
        responses.parse_code(json.dumps({"files": CODE}), "other")
    with pytest.raises(ResponseError, match="policy.md is empty"):
        responses.parse_code(json.dumps({"files": {**CODE, "policy.md": "  \n"}}), "desk")


def test_test_answer_names_the_env_test_file() -> None:
    assert list(responses.parse_test(json.dumps({"files": TESTS}), "desk")) == ["tests/test_desk.py"]
    with pytest.raises(ResponseError, match="expected 'tests/test_other.py'"):
        responses.parse_test(json.dumps({"files": TESTS}), "other")


@pytest.mark.parametrize(("path", "reason"), [
    ("/etc/passwd", "absolute"), ("../tools.py", "leaves the folder"), ("seed/../../x.py", "leaves the folder"),
    ("seed\\generate.py", "not a plain relative path"), ("./tools.py", "leaves the folder or is not normalized"),
    ("seed/data.csv", "is not allowed"),
])
def test_repair_paths_are_checked(path: str, reason: str) -> None:
    with pytest.raises(ResponseError, match=reason):
        responses.parse_repair(json.dumps({"files": {path: "x = 1\n"}, "notes": "n"}), "desk")


def test_repair_answer() -> None:
    fixed = responses.parse_repair(json.dumps({"files": {"tools.py": CODE["tools.py"]}, "notes": "fixed"}), "desk")
    assert fixed.notes == "fixed" and list(fixed.files) == ["tools.py"]
    with pytest.raises(ResponseError, match="changes no file"):
        responses.parse_repair(json.dumps({"files": {}, "notes": "nothing"}), "desk")
    with pytest.raises(ResponseError, match="notes: Field required"):
        responses.parse_repair(json.dumps({"files": {"tools.py": CODE["tools.py"]}}), "desk")
