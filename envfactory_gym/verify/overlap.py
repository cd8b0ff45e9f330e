"""Benchmark-overlap guard: how much of a public benchmark domain's tool surface an environment re-creates."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from envfactory_gym.errors import EnvFormatError, UsageError

DATA_FILE = Path(__file__).with_name("benchmark_tools.json")
THRESHOLD = 0.5
MATCH_MIN = 0.8
# Pairs at least this alike are listed in the report (re-created or not), so a reviewer sees the near misses.
REPORT_MIN = 0.5

_VERBS = {
    "get": ("get", "fetch", "retrieve", "lookup", "show", "read", "view", "obtain", "load", "query", "describe"),
    "find": ("find", "search", "locate"),
    "list": ("list", "enumerate", "browse"),
    "create": ("create", "add", "new", "make", "insert"),
    "update": ("update", "modify", "change", "edit", "set", "alter", "amend"),
    "delete": ("delete", "remove", "erase", "drop"),
    "book": ("book", "reserve"),
}
_VERB_OF = {syn: canon for canon, syns in _VERBS.items() for syn in syns}
_FILLER = frozenset({"a", "an", "the", "by", "for", "of", "to", "from", "with", "all", "detail", "info",
                     "information", "data"})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[^a-z0-9]+|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")


def _words(identifier: str) -> list[str]:
    """Lower-case words of an identifier in any case convention, plural ``-s`` dropped."""
    words = [w for w in _SPLIT.split(_CAMEL.sub("_", identifier).lower()) if w]
    return [w[:-1] if (len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is"))) or w == "ids" else w
            for w in words]


def normalize_name(name: str) -> tuple[str, ...]:
    """A tool name's normalized words: ``fetchOrderInfo`` -> ``("get", "order")``."""
    words = [_VERB_OF.get(w, w) for w in _words(name)]
    kept = tuple(w for w in words if w not in _FILLER)
    return kept or tuple(words)


def normalize_param(name: str) -> str:
    """A parameter name normalized: ``orderIds`` -> ``order_id``."""
    return "_".join(_words(name)) or name.lower()


@dataclass(frozen=True)
class ToolSurface:
    """A tool as the guard sees it: its name, normalized name words and normalized parameter names."""

    name: str
    key: tuple[str, ...]
    params: frozenset[str]

    @classmethod
    def of(cls, name: str, params: Iterable[str]) -> ToolSurface:
        return cls(name, normalize_name(name), frozenset(normalize_param(p) for p in params))


def _jaccard(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> float:
    return 1.0 if not a and not b else len(a & b) / len(a | b)


def tool_similarity(a: ToolSurface, b: ToolSurface) -> tuple[float, float, float]:
    """``(similarity, name similarity, parameter similarity)`` of two tools, each in 0..1."""
    name = 1.0 if a.key == b.key else _jaccard(set(a.key), set(b.key))
    params = _jaccard(a.params, b.params)
    return (name + params) / 2, name, params


@dataclass(frozen=True)
class ToolMatch:
    """One environment tool paired with one benchmark tool."""

    env_tool: str
    benchmark_tool: str
    similarity: float
    name_similarity: float
    parameter_similarity: float

    @property
    def recreated(self) -> bool:
        """Whether the pair is alike enough to count as a re-creation of the benchmark tool."""
        return self.similarity >= MATCH_MIN

    def as_dict(self) -> dict[str, Any]:
        return {"env_tool": self.env_tool, "benchmark_tool": self.benchmark_tool,
                "similarity": round(self.similarity, 3), "name_similarity": round(self.name_similarity, 3),
                "parameter_similarity": round(self.parameter_similarity, 3), "recreated": self.recreated}


@dataclass
class OverlapReport:
    """How much of the closest benchmark domain's tool surface an environment re-creates."""

    score: float
    threshold: float
    passed: bool
    closest: str
    matches: list[ToolMatch]
    per_domain: dict[str, float]
    recreated: int = 0
    domain_tools: int = 0
    env_tools: int = 0
    sources: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data for a verification record."""
        return {
            "score": round(self.score, 3), "threshold": self.threshold, "passed": self.passed,
            "closest": self.closest, "recreated_tools": self.recreated, "domain_tools": self.domain_tools,
            "env_tools": self.env_tools, "matches": [m.as_dict() for m in self.matches],
            "per_domain": {k: round(v, 3) for k, v in self.per_domain.items()}, "benchmarks": dict(self.sources),
        }

    def summary(self) -> str:
        """One line: the score, the verdict and the closest domain."""
        verdict = "passed" if self.passed else "FAILED"
        return (f"benchmark overlap {self.score:.2f} ({verdict}, threshold {self.threshold:.2f}): closest "
                f"{self.closest}, {self.recreated} of its {self.domain_tools} tools re-created")


def load_benchmark_tools(path: str | Path | None = None) -> dict[str, dict[str, list[ToolSurface]]]:
    """The benchmark tool surfaces, ``{benchmark: {domain: [tool, ...]}}``, from the data file."""
    return _load(Path(path) if path is not None else DATA_FILE)[0]


@functools.lru_cache(maxsize=4)
def _load(path: Path) -> tuple[dict[str, dict[str, list[ToolSurface]]], dict[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EnvFormatError(path, f"cannot read the benchmark tool data: {exc}") from None
    out: dict[str, dict[str, list[ToolSurface]]] = {}
    benchmarks = data.get("benchmarks") if isinstance(data, dict) else None
    if not isinstance(benchmarks, dict) or not benchmarks:
        raise EnvFormatError(path, "expected an object with a non-empty 'benchmarks' object")
    for bench, spec in benchmarks.items():
        domains = spec.get("domains") if isinstance(spec, dict) else None
        if not isinstance(domains, dict) or not domains:
            raise EnvFormatError(path, f"benchmark {bench!r} has no 'domains' object")
        for domain, dspec in domains.items():
            tools = dspec.get("tools") if isinstance(dspec, dict) else None
            if not isinstance(tools, list) or not tools:
                raise EnvFormatError(path, f"{bench}/{domain}: expected a non-empty 'tools' list")
            surfaces = []
            for i, t in enumerate(tools):
                if not (isinstance(t, dict) and isinstance(t.get("name"), str) and isinstance(t.get("parameters"), list)
                        and all(isinstance(p, str) for p in t["parameters"])):
                    raise EnvFormatError(path, f"{bench}/{domain}: tool {i} needs a 'name' and a 'parameters' list")
                surfaces.append(ToolSurface.of(t["name"], t["parameters"]))
            out.setdefault(bench, {})[domain] = surfaces
    sources = {b: f"{s.get('package', '?')}=={s.get('version', '?')}" for b, s in benchmarks.items()}
    return out, sources


def _env_surface(tool: Any, i: int) -> ToolSurface:
    """An environment tool from a :class:`~envfactory_gym.tools.Tool` or an OpenAI function schema."""
    if not isinstance(tool, Mapping) and isinstance(getattr(tool, "name", None), str) \
            and isinstance(getattr(tool, "parameters", None), Mapping):
        return ToolSurface.of(tool.name, tool.parameters)
    if not isinstance(tool, Mapping):
        raise UsageError(f"tools[{i}]: expected an OpenAI function schema or a Tool, got {type(tool).__name__}")
    spec = tool.get("function", tool)
    name = spec.get("name") if isinstance(spec, Mapping) else None
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f"tools[{i}]: the function schema has no 'name' string")
    params = spec.get("parameters") or {}
    props = params.get("properties", {}) if isinstance(params, Mapping) else None
    if not isinstance(props, Mapping):
        raise UsageError(f"tools[{i}] ({name}): 'parameters' must be a JSON-schema object with 'properties'")
    return ToolSurface.of(name, props)


def _pair(env: list[ToolSurface], bench: list[ToolSurface]) -> list[ToolMatch]:
    """One-to-one pairs, most similar first (greedy; ties broken by names so the result is deterministic)."""
    scored = []
    for e in env:
        for b in bench:
            sim, name, params = tool_similarity(e, b)
            if sim >= REPORT_MIN:
                scored.append((-sim, -name, e.name, b.name, ToolMatch(e.name, b.name, sim, name, params)))
    scored.sort(key=lambda x: x[:4])
    used_env: set[str] = set()
    used_bench: set[str] = set()
    pairs = []
    for *_, m in scored:
        if m.env_tool not in used_env and m.benchmark_tool not in used_bench:
            used_env.add(m.env_tool)
            used_bench.add(m.benchmark_tool)
            pairs.append(m)
    return pairs


def overlap_report(tools: Iterable[Any] | Mapping[str, Any], *, threshold: float = THRESHOLD,
                   data: str | Path | None = None) -> OverlapReport:
    """Compare an environment's tools with every benchmark domain and score the closest one.

    Training on a clone of an evaluation benchmark contaminates it, so every environment's tools are compared
    with the tools of τ²-bench's domains and BFCL v3's multi-turn classes (``benchmark_tools.json``, written by
    ``python -m envfactory_gym.verify.extract_benchmark_tools`` from the PyPI packages, versions recorded).

    The rule:

    1. Names are normalized: split into words at case changes (camelCase, PascalCase), underscores, dashes
       and letter/digit boundaries, lower-cased, plural ``-s`` dropped, common verb synonyms mapped to one
       verb (fetch/retrieve/lookup/show/read/view -> get; search/locate -> find; modify/change/edit/set ->
       update; remove/erase -> delete; add/new/make/insert -> create; reserve -> book), and filler words
       dropped (details, info, data, by, for, all...): ``fetchOrderInfo``, ``get_order_details`` and
       ``retrieve_orders`` all become ``get order``. Parameter names are normalized the same way except for
       the verb and filler steps (``orderId`` == ``order_id``; ``payment_id`` != ``payment_method_id``).
    2. An environment tool and a benchmark tool are ``similarity = (name + parameters) / 2`` alike, where
       ``name`` is 1 for equal normalized names and otherwise the Jaccard index of their word sets, and
       ``parameters`` the Jaccard index of the normalized parameter-name sets (1 when both take none).
    3. Per benchmark domain, environment tools are paired one-to-one with the domain's tools, most similar
       pairs first. A pair with ``similarity >= MATCH_MIN`` (0.8: the same normalized name with at most a
       small parameter difference, or a near name with the same parameters) re-creates that benchmark tool.
    4. A domain's score is the sum of the similarities of the re-created pairs divided by the number of the
       DOMAIN's tools: the share of its tool surface the environment re-creates (extra tools of the
       environment neither raise nor lower it). The report's score is the highest domain score.
    5. The environment fails when ``score >= THRESHOLD`` (0.5): it re-creates half or more of a benchmark
       domain's tools with their parameters.

    Calibration (tests/verify/test_overlap.py): a re-creation of a domain's tools scores 1.0, also with
    every name camelCased or its verbs swapped for synonyms; retail-v0, our own store design that shares
    generic names with τ²-bench retail (``get_order_details``, ``cancel_pending_order``...), scores 0.20;
    the library test fixture 0.0; an independent airline design 0.07 on τ²-bench airline. Between 0.2 and
    1.0, 0.5 leaves a wide margin on both sides: an environment may share a few generic tools with a
    benchmark, never most of a domain.

    Args:
        tools: The environment's tools: OpenAI function schemas (``Tool.openai_schema``), ``Tool`` objects,
            or a mapping of name to either (as ``EnvPackage.tools``).
        threshold: The score at or above which the environment fails (default :data:`THRESHOLD`).
        data: Another benchmark tool file (default: the packaged ``benchmark_tools.json``).
    """
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 < threshold <= 1:
        raise UsageError(f"threshold must be a number in (0, 1], got {threshold!r}")
    if isinstance(tools, Mapping):
        tools = list(tools.values())
    if isinstance(tools, (str, bytes)) or not isinstance(tools, Iterable):
        raise UsageError(f"tools must be a list of tool schemas or Tool objects, got {type(tools).__name__}")
    env = [_env_surface(t, i) for i, t in enumerate(tools)]
    path = Path(data) if data is not None else DATA_FILE
    benchmarks, sources = _load(path)
    per_domain: dict[str, float] = {}
    best: tuple[float, str, list[ToolMatch], int] | None = None
    for bench, domains in benchmarks.items():
        for domain, surfaces in domains.items():
            pairs = _pair(env, surfaces)
            score = sum(m.similarity for m in pairs if m.recreated) / len(surfaces)
            key = f"{bench}/{domain}"
            per_domain[key] = score
            if best is None or score > best[0]:
                best = (score, key, pairs, len(surfaces))
    assert best is not None  # the loader refuses a file without domains
    score, closest, pairs, n = best
    return OverlapReport(score=score, threshold=float(threshold), passed=score < threshold, closest=closest,
                         matches=pairs, per_domain=per_domain, recreated=sum(m.recreated for m in pairs),
                         domain_tools=n, env_tools=len(env), sources=dict(sources))
