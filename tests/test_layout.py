"""The package's shape: no import circles, no imports running back up the layers, small modules, env folders
free of the helpers the library provides."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "envfactory_gym"
ENVS = ROOT / "generated_envs"
MAX_MODULE_LINES = 600
#: The capabilities built on the core: the core (top-level modules, ``reward``, ``database``) imports none.
CAPABILITIES = ("agents", "authoring", "benchmark_envs", "composite", "envgen", "eval", "integrations", "querygen", "scale",
                "serve", "testing", "train", "verify")
#: Modules kept only so that old imports work (each warns and hands over its new home).
DEPRECATED = {"envfactory_gym.answers", "envfactory_gym.outcomes", "envfactory_gym.renderings",
              "envfactory_gym.soundness", "envfactory_gym.bench"}
#: Helpers the authoring kit provides (``envfactory_gym.authoring.kit``): no env folder defines its own.
KIT_HELPERS = ("_next_id", "_money", "_round_money", "_now", "_today", "_ts", "_hm", "_at", "_parse_date",
               "_parse_time")


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    out["envfactory_gym.generated_envs"] = ENVS / "__init__.py"  # installed under the package's name
    return out


def import_graph() -> nx.DiGraph:
    """Every import between the package's modules: at module level, inside functions and for type checking."""
    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        if name in DEPRECATED or name == "envfactory_gym.generated_envs":
            continue
        graph.add_node(name)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                # ``from pkg import mod`` imports the submodule; ``from pkg import name`` the package.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            graph.add_edges_from((name, t) for t in targets if t in modules and t != name)
    return graph


def test_no_import_circles() -> None:
    cycles = sorted(nx.simple_cycles(import_graph()), key=len)
    assert not cycles, f"{len(cycles)} import circles, e.g. {' -> '.join(cycles[0] + cycles[0][:1])}"


def test_the_core_imports_no_capability() -> None:
    graph = import_graph()
    up = []
    for src, dst in graph.edges:
        src_part = src.split(".")[1] if src.count(".") else ""
        dst_part = dst.split(".")[1] if dst.count(".") else ""
        if src != "envfactory_gym" and src_part not in CAPABILITIES and dst_part in CAPABILITIES:
            up.append(f"{src} -> {dst}")
    allowed = {"envfactory_gym.runner -> envfactory_gym.agents.base",  # the Agent protocol, for typing only
               "envfactory_gym.chat -> envfactory_gym.agents.hermes",  # the one chat rendering every agent uses
               "envfactory_gym.cli -> "}
    assert [e for e in up if not any(e.startswith(a) for a in allowed)] == []


def test_the_import_graph_sees_a_circle(tmp_path: Path) -> None:
    graph = nx.DiGraph([("a", "b"), ("b", "a")])
    assert list(nx.simple_cycles(graph))  # the check above can fail


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_modules_stay_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {lines} lines (at most {MAX_MODULE_LINES})"


@pytest.mark.parametrize("folder", sorted(p.parent for p in ENVS.glob("*/manifest.json")), ids=lambda p: p.name)
def test_env_folders_use_the_library_helpers(folder: Path) -> None:
    tools = (folder / "tools.py").read_text(encoding="utf-8")
    own = [h for h in KIT_HELPERS if re.search(rf"^def {h}\(", tools, re.M)]
    assert not own, f"{folder.name}/tools.py defines {own}: use envfactory_gym.authoring.kit"
    for script in folder.rglob("*.py"):
        text = script.read_text(encoding="utf-8")
        assert not re.search(r"^COLUMNS\s*=\s*\{", text, re.M), f"{script}: columns restate schema.sql (write_seed)"
        assert "sys.path" not in text and "spec_from_file_location" not in text, \
            f"{script}: imports by path hacks (use envfactory_gym.authoring.tasks.TaskBuilder)"
