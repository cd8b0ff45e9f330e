"""ENV.standard_tests: the nine structural tests pass on a sound folder and fail on each kind of breakage."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from envfactory_gym.authoring import new_environment
from envfactory_gym.errors import ConfigError
from envfactory_gym.testing import EnvUnderTest
from envfactory_gym.testing.standard import said

NINE = ["test_manifest_and_policies", "test_every_tool_has_a_schema", "test_schema_has_no_foreign_keys",
        "test_tables_have_primary_keys", "test_seed_script_is_deterministic", "test_seed_size",
        "test_querygen_declarations_load", "test_task_mix", "test_gold_calls_replay"]


@pytest.fixture(scope="module")
def skeleton(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_environment("demo", "test", tmp_path_factory.mktemp("standard"))


@pytest.fixture
def folder(skeleton: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(skeleton, tmp_path / "demo"))


def structure(folder: Path) -> dict[str, str]:
    """Run the folder's TestStructure; the outcome of each test (parametrised ones by their worst case)."""
    report = folder.parent / "report.xml"
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(folder),
                    "-o", "addopts=", f"--junitxml={report}", str(folder / "tests"), "-k", "TestStructure"],
                   cwd=folder.parent, capture_output=True, text=True, timeout=300)
    import xml.etree.ElementTree as ET

    outcomes: dict[str, str] = {}
    for case in ET.parse(report).iter("testcase"):
        name = case.get("name", "").split("[")[0]
        failed = case.find("failure") is not None or case.find("error") is not None
        if failed or name not in outcomes:
            outcomes[name] = "failed" if failed else "passed"
    return outcomes


def test_a_sound_folder_passes_all_nine(folder: Path) -> None:
    assert structure(folder) == dict.fromkeys(NINE, "passed")


def test_each_breakage_fails_its_test(folder: Path) -> None:
    test_file = folder / "tests" / "test_demo.py"
    test_file.write_text(test_file.read_text(encoding="utf-8").replace("min_tools=4", "min_tools=5")
                         .replace("min_tasks=20", "min_tasks=999"), encoding="utf-8")
    schema = folder / "schema.sql"
    schema.write_text(schema.read_text(encoding="utf-8").replace(
        "member_id  VARCHAR NOT NULL,", "member_id  VARCHAR NOT NULL REFERENCES members (member_id),"),
        encoding="utf-8")
    with (folder / "seed" / "members.csv").open("a", encoding="utf-8") as f:
        f.write("M-999,Extra Member,extra@example.org\n")
    tasks = [json.loads(line) for line in (folder / "tasks.jsonl").read_text(encoding="utf-8").splitlines()]
    read_only = next(t for t in tasks if t.get("outputs"))
    read_only["outputs"] = ["an answer no tool gave"]
    (folder / "tasks.jsonl").write_text("".join(json.dumps(t) + "\n" for t in tasks), encoding="utf-8")
    outcomes = structure(folder)
    broken = {"test_every_tool_has_a_schema", "test_schema_has_no_foreign_keys", "test_seed_script_is_deterministic",
              "test_task_mix", "test_gold_calls_replay"}
    assert outcomes == {n: "failed" if n in broken else "passed" for n in NINE}


def test_unknown_limits_are_named() -> None:
    env = EnvUnderTest(Path(__file__).resolve().parents[1] / "fixtures" / "library")
    with pytest.raises(ConfigError, match=r"unknown limit 'min_tool'\. Did you mean 'min_tools'\?"):
        env.standard_tests(min_tool=3)
    cls = env.standard_tests(min_tools=3)
    assert cls.limits.min_tools == 3 and {n for n in dir(cls) if n.startswith("test_")} == set(NINE)


def test_an_output_is_said_as_text_or_as_the_same_number() -> None:
    results = [{"total": 75.0, "status": "Open"}, [{"n": 3}]]
    assert said("open", results) and said("75.00", results) and said("$75", results) and said("3", results)
    assert not said("75.01", results) and not said("closed", results) and not said("1", [{"flag": True}])
