"""Domain neutrality: two small fixture domains get natural, identifier-free, oracle-solvable tasks, multi-goal
ones included, from their querygen.json alone; no QueryGen code names a table or tool of any environment."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest

import envfactory_gym
from envfactory_gym.package import load_package
from envfactory_gym.querygen.checks import missing_values, user_values, value_forms
from envfactory_gym.querygen.quality import report
from envfactory_gym.querygen.sampler import TaskSampler, task_key
from envfactory_gym.querygen.spec import declarations_for

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
QUERYGEN = ROOT / "envfactory_gym" / "querygen"
#: Words of QueryGen's own vocabulary that happen to be table names too (the graph's "returns" edges: a tool
#: returns a field).
OWN_WORDS = {"returns"}


def _package(name: str):
    return envfactory_gym.get_package(envfactory_gym.register_env_dir(FIXTURES / name, allow_unverified=True))


@pytest.fixture(scope="module", params=["library", "outpatient"])
def domain(request):
    pkg = _package(request.param)
    return pkg, TaskSampler(pkg, seed=0).sample(24)


def test_natural_identifier_free_and_oracle_solvable(domain):
    pkg, tasks = domain
    assert len(tasks) == 24 and len({task_key(t) for t in tasks}) == 24
    rep = report(pkg, tasks)
    assert rep["oracle_solved_share"] == 1.0, rep["oracle_unsolved"]
    assert rep["leaking_share"] == 0.0, rep["leaking_tasks"]
    assert sum("multi_goal" in t.tags for t in tasks) >= len(tasks) / 4
    for t in tasks:
        assert not t.instruction.startswith("Steps:") and "_" not in t.instruction, t.instruction
        assert missing_values(t, user_values(t, pkg), value_forms(t, pkg)) == [], t.instruction


def test_the_declared_identity_is_held_back(domain):
    pkg, tasks = domain
    declared = set(declarations_for(pkg).user.facts)
    held = {name for t in tasks for name in t.user_facts}
    assert held and held <= declared
    for t in tasks:
        assert all(f.value not in t.instruction for f in t.user_facts.values()), t.instruction


def test_the_outpatient_requests_read_naturally():
    pkg = _package("outpatient")
    tasks = TaskSampler(pkg, seed=2).sample(16)
    text = " ".join(t.instruction for t in tasks)
    assert re.search(r"my appointment on \d{1,2} \w+ with Dr\. ", text)  # a row named by its date and doctor
    assert "I'm " in text and "date of birth" not in text  # introduced by name; the birth date is asked for
    booking = [t for t in tasks if t.gold_calls[-1].name == "book_appointment" and "multi_goal" not in t.tags]
    for t in booking:
        assert re.search(r"book me .* with Dr\. \w+ \w+ on \d{1,2} \w+ at \d{1,2}:\d\d", t.instruction), t.instruction


def test_sampling_works_without_declarations(tmp_path):
    folder = tmp_path / "library"
    shutil.copytree(FIXTURES / "library", folder, ignore=shutil.ignore_patterns("querygen.json"))
    pkg = load_package(folder)
    tasks = TaskSampler(pkg, seed=1).sample(5)
    assert len(tasks) == 5
    assert all(t.outputs and not t.instruction.startswith("Steps:") for t in tasks)


def _names(folder: Path) -> set[str]:
    pkg = load_package(folder)
    return set(pkg.template.tables) | set(pkg.tools)


def test_no_querygen_code_names_a_table_or_tool_of_an_environment():
    names = set()
    for folder in (ROOT / "generated_envs" / "retail", FIXTURES / "library", FIXTURES / "outpatient"):
        names |= _names(folder)
    names -= OWN_WORDS
    found = []
    for path in sorted(QUERYGEN.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(
            n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body and isinstance(n.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found += [f"{path.name}:{node.lineno}: {w}" for w in re.findall(r"[a-z_]+", node.value.lower())
                          if w in names]
    assert found == []


@pytest.mark.slow
def test_a_hundred_distinct_tasks_over_every_tool():
    pkg = _package("outpatient")
    tasks = TaskSampler(pkg, seed=0).sample(110)
    assert len({task_key(t) for t in tasks}) >= 100
    assert {c.name for t in tasks for c in t.gold_calls} == set(pkg.tools)
    assert sum("multi_goal" in t.tags for t in tasks) >= len(tasks) / 4


def test_a_question_about_the_users_own_record_says_my():
    """The employee a lookup by the user's own name and birth date finds is the user: "my tax withholding" says
    which record, though no request names its id."""
    from envfactory_gym.package import EnvPackage

    pkg = EnvPackage(ROOT / "generated_envs" / "payroll")
    tasks = TaskSampler(pkg, seed=0, include_tools=["get_tax_withholding"]).sample(3)
    asked = [t for t in tasks if t.gold_calls[-1].name == "get_tax_withholding"]
    assert asked and all(" my " in f" {t.instruction} " and t.gold_calls[-1].arguments["employee_id"]
                         not in t.instruction for t in asked)
