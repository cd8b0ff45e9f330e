"""Shared pieces of the EnvGen tests: skeleton-based answers, scripted servers and run configurations."""

from __future__ import annotations

import json
import threading
from collections import Counter
from pathlib import Path
from typing import Any

from envfactory_gym.authoring.skeleton import TEMPLATE, _render
from envfactory_gym.envgen.model import ModelConfig, parse_request_line
from envfactory_gym.envgen.pipeline import GenerateConfig
from envfactory_gym.verify.sandbox import Limits

SKETCH = {"sketch": {
    "tables": [{"name": "members", "description": "people who file requests",
                "columns": ["member_id VARCHAR PRIMARY KEY", "name VARCHAR", "email VARCHAR"]},
               {"name": "requests", "description": "one request per row",
                "columns": ["request_id VARCHAR PRIMARY KEY", "member_id VARCHAR", "status VARCHAR"]}],
    "tools": [{"name": "find_requests_by_email", "kind": "read", "signature": "find_requests_by_email(email: str)",
               "doc": "Find a member and their requests."},
              {"name": "cancel_request", "kind": "write", "signature": "cancel_request(request_id: str)",
               "doc": "Cancel an open request."}],
    "rules": ["Only open requests can be cancelled."], "policy": "You are the request desk assistant.",
    "seed": ["members: 60 rows", "requests: 180 rows"]}}


def skeleton_files(name: str) -> tuple[dict[str, str], dict[str, str]]:
    """The authoring skeleton as a code answer's files and a test answer's files (an environment that verifies)."""
    files = {}
    for src in sorted(TEMPLATE.rglob("*")):
        if src.is_dir() or "__pycache__" in src.parts:
            continue
        rel = src.relative_to(TEMPLATE).as_posix().replace("NAME", name)
        files[rel] = _render(src.read_text(encoding="utf-8"), name, "requests")
    tests = {k: v for k, v in files.items() if k.startswith("tests/")}
    return {k: v for k, v in files.items() if k not in tests}, tests


def answer(value: Any, fenced: bool = True) -> str:
    text = json.dumps(value)
    return f"```json\n{text}\n```" if fenced else text


class Script:
    """A ReplayServer script keyed like recordings, counting requests per (stage, env, round)."""

    def __init__(self, answers: dict[tuple[str, str, int], list[Any]]) -> None:
        self.answers = {k: list(v) for k, v in answers.items()}
        self.asked: Counter[tuple[str, str, int]] = Counter()
        self.lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Any:
        user = next(m["content"] for m in request["messages"] if m["role"] == "user")
        key = parse_request_line(user)
        assert key is not None, user[:80]
        with self.lock:
            self.asked[key] += 1
            queue = self.answers.get(key)
            if queue:
                return queue.pop(0)
        return {"status": 400, "message": f"no recorded response for stage={key[0]} env={key[1]} round={key[2]}"}


def good_answers(name: str) -> dict[tuple[str, str, int], list[Any]]:
    code, tests = skeleton_files(name)
    return {("explore", name, 0): [answer(SKETCH)], ("code", name, 0): [answer({"files": code})],
            ("test", name, 0): [answer({"files": tests}, fenced=False)]}


def docs_folder(root: Path) -> Path:
    docs = root / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    (docs / "index.md").write_text("# Request desk API\n\nMembers file requests.\n\n### GET /requests/{request_id}\n\n"
                                   "Look up one request.\n", encoding="utf-8")
    return docs


def config(root: Path, base_url: str, **kwargs: Any) -> GenerateConfig:
    model = ModelConfig(base_url=base_url, model="replay", timeout_s=kwargs.pop("timeout_s", 30.0),
                        max_retries=kwargs.pop("max_retries", 2), backoff_s=0.05)
    defaults: dict[str, Any] = {"max_repairs": 1, "tasks": 40, "parse_retries": 1,
                                "limits": Limits(cpu_s=120, memory_mb=3072, wall_s=240.0)}
    defaults.update(kwargs)
    return GenerateConfig(out=root / "out", run_dir=root / "run", model=model, **defaults)


def run_calls(folder: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Run ``calls`` in order on a fresh state of the compiled environment in ``folder``: each result, or the
    :class:`~envfactory_gym.errors.ToolError` a tool raised."""
    from envfactory_gym.errors import ToolError
    from envfactory_gym.package import EnvPackage

    pkg = EnvPackage(folder, allow_no_tasks=True)
    state = pkg.new_state()
    out: list[Any] = []
    try:
        for name, args in calls:
            tool = pkg.tools[name]
            try:
                out.append(state.run_in_transaction(tool.func, writes=tool.writes, **tool.validate(args)))
            except ToolError as exc:
                out.append(exc)
    finally:
        state.close()
        pkg.close()
    return out


#: The real-style OpenAPI specifications the compiler's tests read.
SPECS = Path(__file__).resolve().parents[1] / "fixtures" / "envgen" / "specs"


def compile_spec(spec: Path, folder: Path, tasks: int = 5) -> Path:
    """``spec`` compiled into the environment folder ``folder`` with ``tasks`` tasks."""
    from envfactory_gym.envgen.compile import compile_digest, read_openapi

    return compile_digest(read_openapi(spec), folder, tasks=tasks)
