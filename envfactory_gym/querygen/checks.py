"""Checks of a request: identifiers it spells out, and the user values it must still convey."""

from __future__ import annotations

import functools
import re

from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.describe import is_reference
from envfactory_gym.querygen.graph import ToolGraph, identifier_columns
from envfactory_gym.querygen.spec import declarations_for
from envfactory_gym.tasks import Task

_TOKEN = re.compile(r"[A-Za-z0-9][\w\-.@]*[A-Za-z0-9]|[A-Za-z0-9]")


def leaked_identifiers(task: Task, pkg: EnvPackage) -> list[str]:
    """Identifier values (seed primary keys, ids the tools return) that appear verbatim in the instruction."""
    known = set(_seed_identifiers(pkg))
    ids = identifier_columns(pkg)
    for call in task.gold_calls:
        for k, v in call.arguments.items():
            if is_reference(k, ids):
                known.update(str(x) for x in (v if isinstance(v, list) else [v]))
    tokens = {t.upper() for t in _TOKEN.findall(task.instruction)}
    return sorted(v for v in known if v.upper() in tokens)


def user_values(task: Task, pkg: EnvPackage, graph: ToolGraph | None = None) -> list[str]:
    """Argument values of the gold calls that no tool produces and the reward checks: the user must give them."""
    ids = identifier_columns(pkg)
    out: list[str] = []
    for call in task.gold_calls:
        for key, value in call.arguments.items():
            if is_reference(key, ids) or key in call.masked or (graph is not None and graph.producers(call.name, key)):
                continue
            for v in value if isinstance(value, list) else [value]:
                if v is not None and not isinstance(v, (bool, dict, list)) and str(v) not in out:
                    out.append(str(v))
    return out


def value_forms(task: Task, pkg: EnvPackage) -> dict[str, list[str]]:
    """For each argument value of the gold calls, the declared words that say it (enum phrasings)."""
    spec = declarations_for(pkg)
    forms: dict[str, list[str]] = {}
    for call in task.gold_calls:
        for key, value in call.arguments.items():
            for v in value if isinstance(value, list) else [value]:
                said = spec.say_value(call.name, key, v)
                if said != str(v) and said not in forms.get(str(v), []):
                    forms.setdefault(str(v), []).append(said)
    return forms


def missing_values(task: Task, values: list[str], forms: dict[str, list[str]] | None = None) -> list[str]:
    """The ``values`` that appear neither in the instruction nor among the user facts (nor in their ``forms``)."""
    text = _norm(" ".join([task.instruction, *(f.value for f in task.user_facts.values())]))
    forms = forms or {}
    return [v for v in values if not any(form in text for form in [*_forms(v), *map(_norm, forms.get(v, []))])]


@functools.lru_cache(maxsize=8)
def _seed_identifiers_cached(path: str, pkg: EnvPackage) -> frozenset[str]:
    state = pkg.new_state()
    try:
        out: set[str] = set()
        for t in pkg.template.tables.values():
            for col in t.primary_key:
                rows = state.db.query(f"SELECT DISTINCT CAST({col} AS VARCHAR) AS v FROM {t.name}")
                # Short numeric keys (1, 2...) would match any number in a sentence.
                out.update(r["v"] for r in rows if r["v"] and len(r["v"]) >= 4)
        return frozenset(out)
    finally:
        state.close()


def _seed_identifiers(pkg: EnvPackage) -> frozenset[str]:
    return _seed_identifiers_cached(str(pkg.path), pkg)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("_", " ")).lower()


def _forms(value: str) -> list[str]:
    """Ways a value may be written: as is, with spaces for underscores, and numbers with or without cents."""
    forms = [_norm(value)]
    try:
        number = float(value)
    except ValueError:
        return forms
    return [*forms, f"{number:.2f}", f"{number:g}"]
