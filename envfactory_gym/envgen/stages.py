"""The stages of EnvGen: read, explore, code, test, seed, tasks, verify and repair; each result saved and reused."""

from __future__ import annotations

import csv
import io
import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from envfactory_gym.envgen import responses
from envfactory_gym.envgen.digest import Digest
from envfactory_gym.envgen.model import ModelError, StageModel, fenced, load_prompt, user_message
from envfactory_gym.envgen.responses import ResponseError
from envfactory_gym.tasks import atomic_write_text
from envfactory_gym.verify.sandbox import Limits

#: Every stage, in the order one environment goes through them (seed, tasks, verify and repair repeat per round).
STAGES = ("read", "explore", "code", "test", "seed", "tasks", "verify", "repair")
#: Stages whose record lives in a round's folder.
ROUND_STAGES = ("seed", "tasks", "verify")


@dataclass(frozen=True)
class EnvSpec:
    """One environment to generate: its resources, name and domain."""

    resources: str
    name: str
    domain: str


class Attempt(BaseModel):
    """One answer of the model to a stage request, and whether it parsed."""

    ok: bool
    reason: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0


class StageRecord(BaseModel):
    """The saved outcome of one stage (one round of it): what it produced, or why it failed, and its costs."""

    stage: str
    round: int = 0
    ok: bool
    reason: str = ""
    result: dict[str, Any] = Field(default_factory=dict)
    attempts: list[Attempt] = Field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    requests: int = 0
    seconds: float = 0.0
    prompt_version: str | None = None


class EnvStore:
    """The run folder of one environment: one JSON file per stage (per round), written atomically.

    Layout: ``spec.json``, ``digest.json``, ``read.json``, ``explore.json``, ``code.json``, ``test.json``,
    ``round-<r>/{seed,tasks,verify}.json`` with the candidate folder ``round-<r>/<name>/``, ``repair-<r>.json``
    and ``result.json``.
    """

    def __init__(self, root: Path, name: str) -> None:
        self.root = root
        self.name = name

    def record_path(self, stage: str, round_: int = 0) -> Path:
        if stage in ROUND_STAGES:
            return self.root / f"round-{round_}" / f"{stage}.json"
        if stage == "repair":
            return self.root / f"repair-{round_}.json"
        return self.root / f"{stage}.json"

    def env_dir(self, round_: int) -> Path:
        return self.root / f"round-{round_}" / self.name

    def load(self, stage: str, round_: int = 0) -> StageRecord | None:
        """The saved record, or None when the stage has not finished (a torn or foreign file counts as none)."""
        path = self.record_path(stage, round_)
        try:
            return StageRecord.model_validate_json(path.read_text(encoding="utf-8"))
        except (OSError, ValidationError, ValueError):
            return None

    def save(self, record: StageRecord) -> None:
        atomic_write_text(self.record_path(record.stage, record.round), record.model_dump_json(indent=1) + "\n")

    def write_json(self, name: str, data: Any) -> None:
        atomic_write_text(self.root / name, json.dumps(data, indent=1, ensure_ascii=False) + "\n")

    def read_json(self, name: str) -> Any:
        try:
            return json.loads((self.root / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def records(self) -> list[StageRecord]:
        """Every saved record of this environment."""
        out = []
        for path in sorted(self.root.glob("*.json")) + sorted(self.root.glob("round-*/*.json")):
            if path.stem in STAGES or path.stem.startswith("repair-"):
                try:
                    out.append(StageRecord.model_validate_json(path.read_text(encoding="utf-8")))
                except (ValidationError, ValueError):
                    continue
        return out


@dataclass
class StageContext:
    """What the stages share: the model, how often a malformed answer is asked again, and the sandbox."""

    model: StageModel | None
    parse_retries: int = 2
    limits: Limits = field(default_factory=lambda: Limits(cpu_s=300, memory_mb=4096, wall_s=600.0))
    #: The limits of the seed script and task sampling children (default: ``limits``).
    build_limits: Limits | None = None
    tasks: int = 60
    task_seed: int = 0


#: ``(env, stage, round, event)`` with event ``"start"``, ``"pass"``, ``"fail"`` or ``"reused"``.
ProgressFn = Callable[[str, str, int, str], None]


def run_stage(store: EnvStore, stage: str, round_: int, fn: Callable[[], StageRecord],
              progress: ProgressFn | None = None) -> StageRecord:
    """The saved record of ``stage`` when there is one (a finished stage is never redone), else ``fn()`` saved.

    A :class:`ModelError` (the endpoint failed) propagates and saves nothing, so that a rerun asks again.
    """
    say = progress or (lambda *_: None)
    saved = store.load(stage, round_)
    if saved is not None:
        say(store.name, stage, round_, "reused")
        return saved
    say(store.name, stage, round_, "start")
    start = time.monotonic()
    record = fn()
    if not record.seconds:
        record.seconds = round(time.monotonic() - start, 3)
    store.save(record)
    say(store.name, stage, round_, "pass" if record.ok else "fail")
    return record


# -- asking the model -------------------------------------------------------------------------------------------

def ask(ctx: StageContext, stage: str, env: str, round_: int, sections: list[tuple[str, str]],
        parse: Callable[[str | None], Any]) -> StageRecord:
    """Ask until an answer parses (at most ``1 + parse_retries`` answers); each refusal is told to the model."""
    if ctx.model is None:
        raise ModelError(f"{stage}: no model endpoint configured")
    base = user_message(stage, env, round_, sections)
    record = StageRecord(stage=stage, round=round_, ok=False, prompt_version=load_prompt(stage).version)
    user = base
    for _ in range(1 + ctx.parse_retries):
        reply = ctx.model.ask(stage, env, round_, user)
        record.requests += 1
        record.prompt_tokens += reply.prompt_tokens
        record.completion_tokens += reply.completion_tokens
        try:
            value = parse(reply.text)
        except ResponseError as exc:
            reason = str(exc)
            if reply.finish_reason == "length":
                reason += " (the answer was cut at the token limit)"
            record.attempts.append(Attempt(ok=False, reason=reason, prompt_tokens=reply.prompt_tokens,
                                           completion_tokens=reply.completion_tokens, seconds=reply.seconds))
            user = (f"{base}\n## Your previous answer was refused\n\n{reason}\n\nAnswer again with exactly one JSON "
                    "object in the format your instructions give, and nothing else.\n")
            continue
        record.attempts.append(Attempt(ok=True, prompt_tokens=reply.prompt_tokens,
                                       completion_tokens=reply.completion_tokens, seconds=reply.seconds))
        record.ok = True
        record.result = value
        return record
    n = len(record.attempts)
    record.reason = f"no valid answer in {n} attempt{'s' if n != 1 else ''} (last: {record.attempts[-1].reason})"
    return record


def _env_section(spec: EnvSpec) -> tuple[str, str]:
    return ("Environment", f"name: {spec.name}\ndomain: {spec.domain}\ntest file: {responses.env_test_path(spec.name)}")


def files_block(files: dict[str, str]) -> str:
    """Files as ``### path`` headings with fenced contents."""
    langs = {".py": "python", ".json": "json", ".sql": "sql", ".md": "markdown"}
    parts = []
    for path in sorted(files):
        parts.append(f"### {path}\n\n{fenced(files[path], langs.get(Path(path).suffix, ''))}\n")
    return "\n".join(parts)


# -- the stages -------------------------------------------------------------------------------------------------

def read_stage(store: EnvStore, spec: EnvSpec, reader: Callable[[EnvSpec], Digest]) -> StageRecord:
    """Read the resources into ``digest.json``."""
    from envfactory_gym.envgen.readers import describe
    from envfactory_gym.errors import EnvFactoryError

    try:
        digest = reader(spec)
    except EnvFactoryError as exc:
        return StageRecord(stage="read", ok=False, reason=str(exc))
    atomic_write_text(store.root / "digest.json", digest.to_json() + "\n")
    return StageRecord(stage="read", ok=True, result={"summary": describe(digest), "source_kind": digest.source_kind,
                                                      "entities": len(digest.entities),
                                                      "operations": len(digest.operations)})


def load_digest(store: EnvStore) -> Digest:
    return Digest.load(store.root / "digest.json")


def explore_stage(ctx: StageContext, spec: EnvSpec, digest: Digest) -> StageRecord:
    """Ask for the sketch: tables, tools, rules, policy and seed plan."""
    from envfactory_gym.envgen.readers import digest_json

    sections = [_env_section(spec), ("Resource digest (JSON)", fenced(digest_json(digest), "json"))]
    return ask(ctx, "explore", spec.name, 0, sections,
               lambda text: {"sketch": responses.parse_explore(text).model_dump()})


def code_stage(ctx: StageContext, spec: EnvSpec, digest: Digest, sketch: dict[str, Any]) -> StageRecord:
    """Ask for the environment's seven files."""
    from envfactory_gym.envgen.readers import digest_json

    sections = [_env_section(spec), ("Resource digest (JSON)", fenced(digest_json(digest), "json")),
                ("Sketch (JSON)", fenced(json.dumps(sketch, indent=1, ensure_ascii=False), "json"))]
    return ask(ctx, "code", spec.name, 0, sections, lambda text: {"files": responses.parse_code(text, spec.name)})


def tests_stage(ctx: StageContext, spec: EnvSpec, sketch: dict[str, Any], files: dict[str, str]) -> StageRecord:
    """Ask for the environment's test file."""
    sections = [_env_section(spec), ("Sketch (JSON)", fenced(json.dumps(sketch, indent=1, ensure_ascii=False), "json")),
                ("Files", files_block(files))]
    return ask(ctx, "test", spec.name, 0, sections, lambda text: {"files": responses.parse_test(text, spec.name)})


def repair_stage(ctx: StageContext, spec: EnvSpec, round_: int, files: dict[str, str],
                 failures: list[dict[str, Any]], preview: str, notes: list[str]) -> StageRecord:
    """Ask for the files that fix ``failures``."""
    sections = [_env_section(spec), ("Failures", failures_block(failures)), ("Files", files_block(files))]
    if preview:
        sections.append(("Seed preview (first rows of each CSV)", preview))
    if notes:
        sections.append(("Notes of earlier repair rounds", "\n".join(f"- round {i + 1}: {n}"
                                                                     for i, n in enumerate(notes))))
    return ask(ctx, "repair", spec.name, round_, sections,
               lambda text: responses.parse_repair(text, spec.name).model_dump())


def failures_block(failures: list[dict[str, Any]]) -> str:
    """The failures of a round as Markdown: one item per failed step, its detail fenced below it."""
    parts = []
    for f in failures:
        where = f" ({f['file']})" if f.get("file") else ""
        parts.append(f"- **{f['step']}**{where}: {f['reason']}")
        if f.get("detail"):
            parts.append(fenced(str(f["detail"])))
    return "\n".join(parts)


def materialize(folder: Path, files: dict[str, str]) -> None:
    """Write a candidate folder from scratch: its files, an empty ``seed/`` and an empty ``tasks.jsonl``."""
    if folder.exists():
        shutil.rmtree(folder)
    for rel, content in files.items():
        path = folder / responses.check_path(rel)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    (folder / "seed").mkdir(parents=True, exist_ok=True)
    (folder / "tasks.jsonl").write_text("", encoding="utf-8")


def seed_stage(ctx: StageContext, folder: Path, round_: int) -> StageRecord:
    """Run the seed script in the sandbox (twice, for determinism); its CSVs land in the candidate folder."""
    from envfactory_gym.envgen.sandboxed import run_seed

    result = run_seed(folder, ctx.build_limits or ctx.limits)
    return StageRecord(stage="seed", round=round_, ok=bool(result.pop("ok")), reason=result.pop("reason", ""),
                       result=result)


def tasks_stage(ctx: StageContext, folder: Path, round_: int) -> StageRecord:
    """Sample QueryGen tasks over the generated tools in the sandbox into ``tasks.jsonl``."""
    from envfactory_gym.envgen.sandboxed import sample_tasks

    result = sample_tasks(folder, ctx.tasks, ctx.task_seed, ctx.build_limits or ctx.limits)
    return StageRecord(stage="tasks", round=round_, ok=bool(result.pop("ok")), reason=result.pop("reason", ""),
                       result=result)


def verify_stage(ctx: StageContext, folder: Path, round_: int) -> StageRecord:
    """Run the gate (every check, in sandboxed children); a passing folder gets its ``verification.json``."""
    from envfactory_gym.envgen.sandboxed import tests_output
    from envfactory_gym.verify.gate import verify

    # Load and the tests first: a candidate that fails them is sent back to repair without the longer checks.
    record = verify(folder, limits=ctx.limits, write=False, checks_to_run=["load", "tests"])
    if all(c.passed for c in record.checks):
        record = verify(folder, limits=ctx.limits, write=True)
    failures = []
    for c in record.failures():
        detail = ""
        if c.name == "tests" and "fail" in c.reason:
            detail = tests_output(folder, ctx.limits)
        elif c.figures:
            detail = json.dumps({k: v for k, v in c.figures.items() if v not in ([], {}, None, "")},
                                default=str)[:1500]
        failures.append({"step": c.name, "reason": c.reason, "file": c.file, "detail": detail})
    checks = [{"name": c.name, "passed": c.passed, "reason": c.reason, "seconds": c.seconds} for c in record.checks]
    reason = "; ".join(f"{f['step']}: {f['reason']}" for f in failures)[:1000]
    return StageRecord(stage="verify", round=round_, ok=record.passed, reason=reason,
                       result={"env_id": record.env_id, "checks": checks, "failures": failures,
                               "catalog": record.catalog})


def step_failures(record: StageRecord) -> list[dict[str, Any]]:
    """What a failed seed, tasks or verify record tells the repair stage."""
    if record.stage == "verify":
        return list(record.result.get("failures") or [{"step": "verify", "reason": record.reason}])
    return [{"step": record.stage, "reason": record.reason, "detail": record.result.get("detail", "")}]


def seed_preview(folder: Path, rows: int = 3, max_chars: int = 6000) -> str:
    """The header and first rows of each seed CSV of a candidate folder."""
    parts = []
    for path in sorted((folder / "seed").glob("*.csv")):
        with path.open(encoding="utf-8", errors="replace", newline="") as fh:
            head = [line for _, line in zip(range(rows + 1), csv.reader(fh))]
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(head)
        parts.append(f"{path.name}:\n{fenced(buf.getvalue(), 'csv')}")
    text = "\n".join(parts)
    return text if len(text) <= max_chars else text[:max_chars] + "\n[... cut]"
