"""One environment end to end (resources to a verified folder), and a batch of them with bounded concurrency."""

from __future__ import annotations

import datetime as dt
import functools
import os
import shutil
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from envfactory_gym.envgen import stages
from envfactory_gym.envgen.digest import Digest
from envfactory_gym.envgen.model import ModelConfig, ModelError, StageModel, prompt_versions
from envfactory_gym.envgen.stages import EnvSpec, EnvStore, ProgressFn, StageContext, StageRecord, run_stage
from envfactory_gym.errors import DataFileError, EnvFactoryError, GateError, MissingDependencyError, UsageError
from envfactory_gym.verify.sandbox import Limits

Status = Literal["landed", "rejected", "error"]
_CACHES = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".coverage*")


@dataclass(frozen=True)
class GenerateConfig:
    """How a run generates: where verified environments land, the run folder, the model and the limits."""

    out: Path
    run_dir: Path
    model: ModelConfig
    #: Repair rounds after the first verification fails (0: no repair).
    max_repairs: int = 3
    #: Environments generated at once.
    concurrency: int = 1
    #: How often a malformed answer is asked again, per stage request.
    parse_retries: int = 2
    #: QueryGen tasks sampled into each environment's tasks.jsonl.
    tasks: int = 60
    task_seed: int = 0
    #: What each sandboxed child (seed script, task sampling, each gate child) may use.
    limits: Limits = field(default_factory=lambda: Limits(cpu_s=300, memory_mb=4096, wall_s=600.0))
    #: The limits of the seed script and task sampling children (default: ``limits``).
    build_limits: Limits | None = None
    #: US dollars per million prompt and completion tokens (for the report's cost estimate).
    price_in: float = 0.0
    price_out: float = 0.0


@dataclass
class EnvOutcome:
    """How one environment ended: landed in ``--out``, rejected (with its reasons), or an error to rerun."""

    name: str
    status: Status
    reasons: list[str] = field(default_factory=list)
    folder: Path | None = None
    repair_rounds: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "reasons": self.reasons,
                "folder": str(self.folder) if self.folder else None, "repair_rounds": self.repair_rounds,
                "seconds": round(self.seconds, 3)}


@dataclass
class BatchResult:
    """Every environment's outcome, and the run report's paths."""

    outcomes: list[EnvOutcome]
    report_json: Path
    report_md: Path

    @property
    def landed(self) -> list[EnvOutcome]:
        return [o for o in self.outcomes if o.status == "landed"]


def env_store(run_dir: Path, name: str) -> EnvStore:
    return EnvStore(Path(run_dir) / "envs" / name, name)


def _default_reader(spec: EnvSpec) -> Digest:
    from envfactory_gym.envgen.readers import read_resources

    return read_resources(spec.resources, spec.name, spec.domain)


class _Run:
    """One environment's pass through the stages, against its run folder (finished stages are reused)."""

    def __init__(self, spec: EnvSpec, config: GenerateConfig, ctx: StageContext, progress: ProgressFn | None,
                 reader: Callable[[EnvSpec], Digest]) -> None:
        self.spec, self.config, self.ctx, self.progress, self.reader = spec, config, ctx, progress, reader
        self.store = env_store(config.run_dir, spec.name)

    def stage(self, name: str, round_: int, fn: Callable[[], StageRecord]) -> StageRecord:
        return run_stage(self.store, name, round_, fn, self.progress)

    def go(self) -> EnvOutcome:
        spec, store = self.spec, self.store
        store.root.mkdir(parents=True, exist_ok=True)
        saved = store.read_json("spec.json")
        want = {"resources": spec.resources, "name": spec.name, "domain": spec.domain}
        if saved and saved != want:
            raise UsageError(f"{store.root} holds {spec.name!r} generated from {saved.get('resources')!r} "
                             f"(domain {saved.get('domain')!r}): use another --run-dir or --name")
        if not saved:
            store.write_json("spec.json", want)
        final = store.read_json("result.json")
        if final and final.get("status") in ("landed", "rejected"):
            return self._resume_final(final)
        target = self.config.out / spec.name
        if target.exists():
            raise UsageError(f"--out {self.config.out} already has a folder {spec.name!r}: remove it or choose "
                             "another --out or --name")
        read = self.stage("read", 0, lambda: stages.read_stage(store, spec, self.reader))
        if not read.ok:
            return self._reject(["read: " + read.reason])
        digest = stages.load_digest(store)
        explore = self.stage("explore", 0, lambda: stages.explore_stage(self.ctx, spec, digest))
        if not explore.ok:
            return self._reject(["explore: " + explore.reason])
        sketch = explore.result["sketch"]
        code = self.stage("code", 0, lambda: stages.code_stage(self.ctx, spec, digest, sketch))
        if not code.ok:
            return self._reject(["code: " + code.reason])
        test = self.stage("test", 0, lambda: stages.tests_stage(self.ctx, spec, sketch, code.result["files"]))
        if not test.ok:
            return self._reject(["test: " + test.reason])
        files = {**code.result["files"], **test.result["files"]}
        notes: list[str] = []
        failures: list[dict[str, Any]] = []
        for round_ in range(self.config.max_repairs + 1):
            if round_:
                preview = stages.seed_preview(store.env_dir(round_ - 1))
                repair = self.stage("repair", round_, functools.partial(stages.repair_stage, self.ctx, spec, round_,
                                                                        files, failures, preview, notes))
                if not repair.ok:
                    return self._reject([f"repair {round_}: {repair.reason}", *_reasons(failures)], round_)
                files = {**files, **repair.result["files"]}
                notes.append(repair.result.get("notes", ""))
            failures = self._round(round_, files)
            if not failures:
                return self._land(store.env_dir(round_), round_)
        return self._reject(_reasons(failures), self.config.max_repairs)

    def _round(self, round_: int, files: dict[str, str]) -> list[dict[str, Any]]:
        """Build and check one candidate; the failures (empty when it passed the gate)."""
        folder = self.store.env_dir(round_)
        if self.store.load("seed", round_) is None:
            stages.materialize(folder, files)
        for name, fn in (("seed", stages.seed_stage), ("tasks", stages.tasks_stage),
                         ("verify", stages.verify_stage)):
            record = self.stage(name, round_, functools.partial(fn, self.ctx, folder, round_))
            if not record.ok:
                return stages.step_failures(record)
        return []

    def _reject(self, reasons: list[str], rounds: int = 0) -> EnvOutcome:
        outcome = EnvOutcome(self.spec.name, "rejected", reasons, self.store.root, rounds)
        self._save(outcome)
        return outcome

    def _land(self, folder: Path, rounds: int) -> EnvOutcome:
        target = land(folder, self.config.out, self.spec.name)
        outcome = EnvOutcome(self.spec.name, "landed", [], target, rounds)
        self._save(outcome, source=str(folder))
        return outcome

    def _save(self, outcome: EnvOutcome, **extra: Any) -> None:
        data = {**outcome.as_dict(), **extra, "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()}
        self.store.write_json("result.json", data)

    def _resume_final(self, final: dict[str, Any]) -> EnvOutcome:
        """A finished environment: reported as it ended (a landed one is put back into ``--out`` if missing)."""
        rounds = int(final.get("repair_rounds", 0))
        if final["status"] == "rejected":
            return EnvOutcome(self.spec.name, "rejected", list(final.get("reasons", [])), self.store.root, rounds)
        target = self.config.out / self.spec.name
        if not target.exists():
            target = land(Path(final["source"]), self.config.out, self.spec.name)
        return EnvOutcome(self.spec.name, "landed", [], target, rounds)


def _reasons(failures: list[dict[str, Any]]) -> list[str]:
    return [f"{f['step']}: {f['reason']}" + (f" ({f['file']})" if f.get("file") else "") for f in failures]


def land(folder: Path, out: Path, name: str) -> Path:
    """Copy a verified candidate into ``out/name`` atomically (a temporary sibling renamed into place)."""
    from envfactory_gym.verification import status

    out.mkdir(parents=True, exist_ok=True)
    target = out / name
    if target.exists():
        raise UsageError(f"--out {out} already has a folder {name!r}")
    work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=out))
    try:
        copy = work / name
        shutil.copytree(folder, copy, ignore=_CACHES)
        check = status(copy)
        if not check.verified:
            raise GateError(f"{folder}: not landed: {check.reason}")
        os.replace(copy, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def generate_env(spec: EnvSpec, config: GenerateConfig, ctx: StageContext, *, progress: ProgressFn | None = None,
                 reader: Callable[[EnvSpec], Digest] | None = None) -> EnvOutcome:
    """Generate one environment; every failure becomes an outcome (the batch goes on with the next one)."""
    start = time.monotonic()
    run = _Run(spec, config, ctx, progress, reader or _default_reader)
    try:
        outcome = run.go()
    except (ModelError, EnvFactoryError) as exc:
        outcome = EnvOutcome(spec.name, "error", [str(exc)], run.store.root)
    except Exception as exc:  # an unexpected failure of one environment must not stop the others
        where = traceback.extract_tb(exc.__traceback__)[-1]
        outcome = EnvOutcome(spec.name, "error", [f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
                                                  f" ({Path(where.filename).name} line {where.lineno})"],
                             run.store.root)
    outcome.seconds = time.monotonic() - start
    if outcome.status == "error" and run.store.root.is_dir():
        run._save(outcome)
    return outcome


def check_specs(specs: Sequence[EnvSpec]) -> None:
    """Names are valid and distinct; one line naming the first problem."""
    from envfactory_gym.authoring.skeleton import NAME_PATTERN

    seen: set[str] = set()
    for s in specs:
        if not NAME_PATTERN.match(s.name):
            raise UsageError(f"name {s.name!r}: use lowercase letters, digits and underscores, starting with a "
                             "letter")
        if not s.domain.strip() or "\n" in s.domain:
            raise UsageError(f"domain {s.domain!r} of {s.name!r}: give a short domain name, e.g. 'permits'")
        if not s.resources.strip():
            raise UsageError(f"resources of {s.name!r}: empty")
        if s.name in seen:
            raise UsageError(f"name {s.name!r} appears twice: each environment needs its own name")
        seen.add(s.name)


def generate_batch(specs: Sequence[EnvSpec], config: GenerateConfig, *, progress: ProgressFn | None = None,
                   reader: Callable[[EnvSpec], Digest] | None = None, model: StageModel | None = None) -> BatchResult:
    """Generate every environment of ``specs`` (``config.concurrency`` at once) and write the run report.

    A killed run resumes where it stopped when run again with the same ``run_dir``: finished stages are reused.
    """
    from envfactory_gym.envgen.report import write_report

    check_specs(specs)
    if config.max_repairs < 0 or config.concurrency < 1 or config.tasks < 1:
        raise UsageError("max_repairs must be >= 0, concurrency and tasks >= 1")
    config.run_dir.mkdir(parents=True, exist_ok=True)
    _write_run_info(config, specs)
    model = model or StageModel(config.model)
    ctx = StageContext(model=model, parse_retries=config.parse_retries, limits=config.limits,
                       build_limits=config.build_limits, tasks=config.tasks, task_seed=config.task_seed)
    with ThreadPoolExecutor(max_workers=config.concurrency, thread_name_prefix="envgen") as pool:
        outcomes = list(pool.map(lambda s: generate_env(s, config, ctx, progress=progress, reader=reader), specs))
    report_json, report_md = write_report(config.run_dir, [s.name for s in specs], config.price_in, config.price_out)
    return BatchResult(outcomes, report_json, report_md)


def generate(spec: EnvSpec, config: GenerateConfig, **kwargs: Any) -> EnvOutcome:
    """Generate one environment (a batch of one) and write the run report."""
    return generate_batch([spec], config, **kwargs).outcomes[0]


def _write_run_info(config: GenerateConfig, specs: Sequence[EnvSpec]) -> None:
    from envfactory_gym.tasks import atomic_write_text

    path = config.run_dir / "run.json"
    info = {"model": config.model.model, "base_url": config.model.base_url, "seed": config.model.seed,
            "temperature": config.model.temperature, "max_repairs": config.max_repairs, "tasks": config.tasks,
            "parse_retries": config.parse_retries, "limits": config.limits.as_dict(),
            "prompt_versions": prompt_versions(), "out": str(config.out),
            "envs": [{"name": s.name, "domain": s.domain, "resources": s.resources} for s in specs]}
    import json

    try:
        previous = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        previous = {}
    starts = list(previous.get("starts", [])) + [dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()]
    atomic_write_text(path, json.dumps({**info, "starts": starts}, indent=1) + "\n")


def read_batch(path: str | Path) -> list[EnvSpec]:
    """The environments of a batch file: JSONL, CSV (header ``resources,name,domain``) or YAML (a list).

    A relative resource path is taken from the batch file's folder when it exists there, else from the current one.
    """
    import csv
    import json

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(f"--batch {path}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    suffix = path.suffix.lower()
    rows: list[Any]
    if suffix in (".jsonl", ".ndjson", ".json"):
        rows = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except ValueError as exc:
                    raise DataFileError(f"--batch {path}:{n}: not JSON ({exc})") from None
    elif suffix == ".csv":
        rows = list(csv.DictReader(text.splitlines()))
    elif suffix in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError:
            raise MissingDependencyError(f"--batch {path}: YAML needs PyYAML (pip install pyyaml); or use JSONL or "
                                         "CSV", package="pyyaml") from None
        try:
            rows = yaml.safe_load(text) or []
        except yaml.YAMLError as exc:
            raise DataFileError(f"--batch {path}: not YAML ({str(exc).splitlines()[0]})") from None
        if not isinstance(rows, list):
            raise DataFileError(f"--batch {path}: expected a list of {{resources, name, domain}}")
    else:
        raise DataFileError(f"--batch {path}: unknown format {suffix or '(no suffix)'}; use .jsonl, .csv or .yaml")
    specs = []
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise DataFileError(f"--batch {path}: entry {i} is not an object with resources, name and domain")
        unknown = sorted(set(row) - {"resources", "name", "domain"})
        if unknown:
            from envfactory_gym.errors import suggest

            raise DataFileError(f"--batch {path}: entry {i}: unknown key {unknown[0]!r}."
                                f"{suggest(str(unknown[0]), ['resources', 'name', 'domain'])}")
        missing = [k for k in ("resources", "name", "domain") if not str(row.get(k) or "").strip()]
        if missing:
            raise DataFileError(f"--batch {path}: entry {i}: missing {', '.join(missing)}")
        resources = str(row["resources"]).strip()
        if not resources.startswith("mcp:") and "://" not in resources and not Path(resources).is_absolute() \
                and (path.parent / resources).exists():
            resources = str(path.parent / resources)
        specs.append(EnvSpec(resources=resources, name=str(row["name"]).strip(), domain=str(row["domain"]).strip()))
    if not specs:
        raise DataFileError(f"--batch {path}: lists no environment")
    return specs
