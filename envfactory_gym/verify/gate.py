"""``verify(folder)``: run every check of the gate in sandboxed children and write ``verification.json``."""

from __future__ import annotations

import datetime as dt
import json
import platform
import shutil
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from envfactory_gym.errors import EnvFormatError
from envfactory_gym.verification import CheckResult, VerificationRecord, content_hash, write_record
from envfactory_gym.verify import checks
from envfactory_gym.verify.sandbox import Limits, SandboxResult, network_isolation, private_dir, run_python
from envfactory_gym.verify.worker import ENV_CHECKS

#: Every check, in the order the gate runs them.
ALL_CHECKS = ("load", "tests", *[c for c in ENV_CHECKS if c != "load"])


def _versions() -> dict[str, str]:
    import duckdb
    import gymnasium

    import envfactory_gym

    return {"envfactory_gym": envfactory_gym.__version__, "duckdb": duckdb.__version__,
            "gymnasium": gymnasium.__version__, "python": platform.python_version()}


def _env_id(folder: Path) -> str:
    from envfactory_gym.tasks import load_manifest

    try:
        m = load_manifest(folder / "manifest.json")
        return f"EnvFactory/{m.name}-v{m.version}"
    except Exception:  # a malformed manifest is the load check's to report
        return f"EnvFactory/{folder.name}"


def verify(folder: str | Path, *, record_path: Path | None = None, checks_to_run: Sequence[str] | None = None,
           limits: Limits = Limits(), write: bool = True,
           progress: Callable[[str], None] | None = None) -> VerificationRecord:
    """Run the gate on ``folder``; write the record (into the folder unless ``record_path``) and return it.

    The folder's code runs only in sandboxed children, on a private copy of the folder: the caller's process
    never imports it, and nothing the code does can change the original.
    """
    folder = Path(folder).resolve()
    if not folder.is_dir():
        raise EnvFormatError(folder, "not a directory")
    if not (folder / "manifest.json").is_file():
        raise EnvFormatError(folder / "manifest.json", "missing: not an environment folder")
    wanted = list(checks_to_run or ALL_CHECKS)
    unknown = [c for c in wanted if c not in ALL_CHECKS]
    if unknown:
        from envfactory_gym.errors import UnknownCheckError, suggest

        raise UnknownCheckError(unknown[0], ALL_CHECKS, f"unknown check {unknown[0]!r}."
                                f"{suggest(unknown[0], ALL_CHECKS)} Checks: {', '.join(ALL_CHECKS)}")
    say = progress or (lambda _msg: None)
    digest = content_hash(folder)
    network = network_isolation()
    results: list[CheckResult] = []
    work = private_dir()
    try:
        copy = work / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache",
                                                                    ".coverage*", "verification.json"))
        _copy_members(folder, copy)
        env_checks = [c for c in ENV_CHECKS if c in wanted or c == "load"]
        say("checks " + ", ".join(env_checks))
        results.extend(_run_env_checks(copy, work, env_checks, limits, network))
        if "tests" in wanted:
            say("tests")
            results.insert(1, checks.timed("tests", lambda: _run_tests(copy, work, limits, network)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    results = [_relative(r, folder, work) for r in results]
    load = next((r for r in results if r.name == "load"), None)
    record = VerificationRecord(
        env_id=_env_id(folder), passed=all(r.passed for r in results) and set(wanted) == set(ALL_CHECKS),
        date=dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(), content_hash=digest,
        versions=_versions(), sandbox={"network": network, "limits": limits.as_dict(),
                                       "guard": "audit hook: sockets, writes outside the private copy, processes"},
        catalog=dict(load.figures) if load and load.passed else {}, checks=results)
    for r in results:
        if r.name == "tests" and r.passed:
            record.catalog["line_coverage"] = r.figures.get("line_coverage")
        if r.name == "fairness" and isinstance(r.figures.get("blind_play"), dict):
            blind = r.figures["blind_play"]
            record.catalog["blind_play"] = {k: blind.get(k) for k in (
                "episodes", "mean_reward", "known_defects", "shortcuts", "shortcut_max")}
    if write:
        write_record(folder, record, record_path)
    return record


def _copy_members(folder: Path, copy: Path) -> None:
    """A composite's members beside its copy, where its ``composite.json`` finds them (their tests left out)."""
    from envfactory_gym.composite.spec import SPEC_FILE, load_spec

    if not (folder / SPEC_FILE).is_file():
        return
    for m in load_spec(folder).members:
        target = (copy / m.env).resolve()
        if copy.parent.resolve() not in target.parents or target.exists():
            raise EnvFormatError(folder / SPEC_FILE, f"member {m.prefix!r}: {m.env!r} must be a sibling folder "
                                                     "such as '../hotel'")
        shutil.copytree(m.folder(folder), target, ignore=shutil.ignore_patterns(
            "__pycache__", "*.pyc", ".pytest_cache", ".coverage*", "verification.json", "tests"))


def _relative(result: CheckResult, folder: Path, work: Path) -> CheckResult:
    """Name files relative to the original folder, not the private copy."""
    copy = str(work / folder.name)
    reason = result.reason.replace(copy, str(folder))
    file = result.file
    if file:
        file = file.replace(copy + "/", "").replace(copy, ".")
    return result.model_copy(update={"reason": reason, "file": file})


def _run_env_checks(copy: Path, work: Path, wanted: list[str], limits: Limits, network: str) -> list[CheckResult]:
    out = work / "checks.json"
    res = run_python(["-m", "envfactory_gym.verify.worker", str(copy), str(out), *wanted], work, limits,
                     env={"ENVFACTORY_REGISTER": "0"}, network=network)
    done = [CheckResult.model_validate(r) for r in json.loads(out.read_text())] if out.is_file() else []
    seen = {r.name for r in done}
    if "load" in seen and not next(r for r in done if r.name == "load").passed:
        return done
    missing = [c for c in wanted if c not in seen]
    if missing:
        reason = _child_reason(res)
        done.append(CheckResult(name=missing[0], passed=False, reason=f"the sandboxed check {reason}"))
        done.extend(CheckResult(name=c, passed=False, reason=f"not run: check {missing[0]!r} did not finish")
                    for c in missing[1:])
    return done


def _child_reason(res: SandboxResult) -> str:
    return res.reason() or "ended without a result"


def _run_tests(copy: Path, work: Path, limits: Limits, network: str) -> CheckResult:
    tests = copy / "tests"
    tools_py = copy / "tools.py"
    if not tests.is_dir() or not any(tests.glob("test_*.py")):
        return CheckResult(name="tests", passed=False, reason="no tests/test_*.py in the folder", file="tests")
    data = work / ".coverage"
    report = work / "coverage.json"
    args = ["-m", "coverage", "run", f"--data-file={data}", f"--include={tools_py}", "-m", "pytest", "-q",
            "-p", "no:cacheprovider", "--rootdir", str(copy), "-o", "addopts=", str(tests)]
    res = run_python(args, work, replace(limits, cpu_s=limits.cpu_s), env={"ENVFACTORY_REGISTER": "0"},
                     network=network)
    if res.timed_out or res.signal_name:
        return CheckResult(name="tests", passed=False, reason=f"the test run {_child_reason(res)}", file="tests")
    summary = _pytest_summary(res.stdout)
    if res.returncode != 0:
        failed = [ln for ln in res.stdout.splitlines() if ln.startswith(("FAILED", "ERROR"))]
        detail = failed[0] if failed else (summary or _child_reason(res))
        return CheckResult(name="tests", passed=False, reason=f"the environment's tests fail: {detail}"[:400],
                           file="tests", figures={"summary": summary, "failed": failed[:20]})
    rep = run_python(["-m", "coverage", "json", f"--data-file={data}", "-o", str(report)], work, limits,
                     network=network)
    if not report.is_file():
        return CheckResult(name="tests", passed=False, reason=f"coverage report failed: {_child_reason(rep)}")
    files = json.loads(report.read_text()).get("files", {})
    entry = next((v for k, v in files.items() if Path(k).name == "tools.py"), None)
    executed = set(entry["executed_lines"]) if entry else set()
    missing = set(entry["missing_lines"]) if entry else set(range(1, 2))
    figures, problems = checks.coverage_figures(tools_py, executed, missing)
    figures["summary"] = summary
    if problems:
        return CheckResult(name="tests", passed=False, reason="; ".join(problems), file="tools.py", figures=figures)
    return CheckResult(name="tests", passed=True, figures=figures)


def _pytest_summary(stdout: str) -> str:
    lines = [ln.strip("= ").strip() for ln in stdout.splitlines() if " passed" in ln or " failed" in ln
             or " error" in ln]
    return lines[-1] if lines else ""

