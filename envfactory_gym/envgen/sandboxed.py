"""Generated code runs here only in sandboxed children: the seed script, task sampling and the test output.

The parent side (:func:`run_seed`, :func:`sample_tasks`, :func:`tests_output`) copies a candidate folder into a
private temporary folder and runs a child under :func:`envfactory_gym.verify.sandbox.run_python`; the child side
is ``python -m envfactory_gym.envgen.sandboxed tasks FOLDER OUT.json N SEED``.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import sys
import traceback
from functools import lru_cache
from pathlib import Path
from typing import Any

from envfactory_gym.verify.sandbox import Limits, SandboxResult, network_isolation, private_dir, run_python

_CACHES = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".coverage*", "verification.json")
_CHILD_ENV = {"ENVFACTORY_REGISTER": "0"}


@lru_cache(maxsize=1)
def _network() -> str:
    return network_isolation()


def _tail(text: str, limit: int = 3000) -> str:
    text = text.strip()
    return text if len(text) <= limit else "..." + text[-limit:]


def _fail(reason: str, detail: str = "", **extra: Any) -> dict[str, Any]:
    return {"ok": False, "reason": reason, "detail": detail, **extra}


def schema_tables(schema_sql: str) -> list[str]:
    """The table names a ``schema.sql`` creates (read as text: the file is not run here)."""
    code = "\n".join(line.split("--")[0] for line in schema_sql.splitlines())
    return [m.group(1).lower() for m in re.finditer(r"create\s+table\s+(?:if\s+not\s+exists\s+)?\"?(\w+)\"?",
                                                    code, re.IGNORECASE)]


def _private_copy(folder: Path) -> tuple[Path, Path]:
    work = private_dir("envfactory-envgen-")
    copy = work / folder.name
    shutil.copytree(folder, copy, ignore=_CACHES)
    return work, copy


def _why(res: SandboxResult) -> str:
    return res.reason() or "ended without a result"


def run_seed(folder: Path, limits: Limits) -> dict[str, Any]:
    """Run ``seed/generate.py`` twice in the sandbox; on success its CSVs replace those of ``folder/seed``.

    Returns ``{"ok", "reason", "detail", "rows": {table: rows}}``: it fails when the script fails, writes no CSV
    for a table of ``schema.sql``, or writes different bytes on a second run (``--out``).
    """
    script = folder / "seed" / "generate.py"
    if not script.is_file():
        return _fail("seed/generate.py is missing")
    work, copy = _private_copy(folder)
    try:
        for old in (copy / "seed").glob("*.csv"):
            old.unlink()
        res = run_python([str(copy / "seed" / "generate.py")], work, limits, env=_CHILD_ENV, network=_network())
        if not res.ok:
            return _fail(f"seed/generate.py {_why(res)}", _tail(res.stderr or res.stdout))
        csvs = {p.stem.lower(): p for p in sorted((copy / "seed").glob("*.csv"))}
        tables = schema_tables((copy / "schema.sql").read_text(encoding="utf-8", errors="replace"))
        missing = [t for t in tables if t not in csvs]
        if not csvs or missing:
            what = ", ".join(missing) if missing else "any table"
            return _fail(f"seed/generate.py wrote no seed/<table>.csv for {what} (it wrote: "
                         f"{', '.join(p.name for p in csvs.values()) or 'nothing'})", _tail(res.stdout))
        again = work / "seed-again"
        again.mkdir()
        res2 = run_python([str(copy / "seed" / "generate.py"), "--out", str(again)], work, limits, env=_CHILD_ENV,
                          network=_network())
        if not res2.ok:
            return _fail(f"seed/generate.py --out FOLDER {_why(res2)}", _tail(res2.stderr or res2.stdout))
        for path in csvs.values():
            other = again / path.name
            if not other.is_file():
                return _fail(f"seed/generate.py --out FOLDER wrote no {path.name} there")
            if other.read_bytes() != path.read_bytes():
                return _fail(f"seed/generate.py is not deterministic: {path.name} differs between two runs")
        rows = {}
        for name, path in csvs.items():
            with path.open(encoding="utf-8", errors="replace", newline="") as fh:
                rows[name] = max(0, sum(1 for _ in csv.reader(fh)) - 1)
        target = folder / "seed"
        for old in target.glob("*.csv"):
            old.unlink()
        for path in csvs.values():
            shutil.copyfile(path, target / path.name)
        return {"ok": True, "reason": "", "detail": "", "rows": rows, "total_rows": sum(rows.values())}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def sample_tasks(folder: Path, n: int, seed: int, limits: Limits, min_tasks: int | None = None) -> dict[str, Any]:
    """Sample up to ``n`` QueryGen tasks over the folder's tools in the sandbox into ``folder/tasks.jsonl``.

    Fails when the tools or declarations do not load, or fewer than ``min_tasks`` (default ``n // 2``) verified
    tasks come out.
    """
    need = max(1, n // 2 if min_tasks is None else min_tasks)
    work, copy = _private_copy(folder)
    try:
        out = work / "tasks-result.json"
        res = run_python(["-m", "envfactory_gym.envgen.sandboxed", "tasks", str(copy), str(out), str(n), str(seed)],
                         work, limits, env=_CHILD_ENV, network=_network())
        if not out.is_file():
            return _fail(f"task sampling {_why(res)}", _tail(res.stderr))
        result = json.loads(out.read_text(encoding="utf-8"))
        if not result.get("ok"):
            return _fail(f"task sampling failed: {result.get('reason')}", result.get("detail", ""))
        if result["tasks"] < need:
            return _fail(f"QueryGen sampled only {result['tasks']} verified tasks (need {need}); tools never "
                         f"sampled: {', '.join(result.get('unused_tools', [])[:8]) or 'none'}",
                         **{k: v for k, v in result.items() if k not in ("ok", "reason", "detail")})
        shutil.copyfile(copy / "tasks.jsonl", folder / "tasks.jsonl")
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def tests_output(folder: Path, limits: Limits) -> str:
    """The tail of ``pytest -x --tb=short`` on the folder's tests, run in the sandbox (for a repair prompt)."""
    work, copy = _private_copy(folder)
    try:
        res = run_python(["-m", "pytest", "-q", "-x", "--tb=short", "-p", "no:cacheprovider", "--rootdir", str(copy),
                          "-o", "addopts=", str(copy / "tests")], work, limits, env=_CHILD_ENV, network=_network())
        text = res.stdout + ("\n" + res.stderr if res.stderr.strip() else "")
        if res.timed_out or res.signal_name:
            text += f"\n(the test run {_why(res)})"
        return _tail(text.replace(str(copy) + "/", ""), 4000)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# -- the child -------------------------------------------------------------------------------------------------

def _child_tasks(folder: Path, out: Path, n: int, seed: int) -> dict[str, Any]:
    from envfactory_gym.errors import EnvFactoryError
    from envfactory_gym.package import EnvPackage
    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.tasks import write_tasks

    (folder / "tasks.jsonl").write_text("", encoding="utf-8")
    violations: list[str] = []
    try:
        pkg = EnvPackage(folder, allow_no_tasks=True)
        for t in pkg.tools.values():
            t.func = _watch(t.name, t.func, violations)
        sampler = TaskSampler(pkg, seed=seed)
        tasks = sampler.sample(n)
    except EnvFactoryError as exc:
        return {"ok": False, "reason": str(exc).replace(str(folder) + "/", "")}
    if violations:
        return {"ok": False, "reason": f"a tool broke the sandbox: {violations[0]}",
                "detail": "\n".join(dict.fromkeys(violations))}
    write_tasks(folder / "tasks.jsonl", tasks)
    kinds = {"read_only": 0, "single_write": 0, "multi_goal": 0}
    used: set[str] = set()
    for task in tasks:
        writes = sum(1 for c in task.gold_calls if pkg.tools[c.name].writes)
        kinds["read_only" if writes == 0 else "single_write" if writes == 1 else "multi_goal"] += 1
        used.update(c.name for c in task.gold_calls)
    return {"ok": True, "reason": "", "tasks": len(tasks), "kinds": kinds, "tools": len(pkg.tools),
            "unused_tools": sorted(set(pkg.tools) - used)}


def _watch(name: str, func: Any, seen: list[str]) -> Any:
    """``func``, noting every sandbox refusal it meets (tool errors hide them from the sampler's results)."""
    import functools

    @functools.wraps(func)
    def watched(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except PermissionError as exc:
            if str(exc).startswith("sandbox:"):
                seen.append(f"{name}: {exc}")
            raise

    return watched


def main(argv: list[str]) -> int:
    """The child's entry: ``tasks FOLDER OUT.json N SEED``."""
    if len(argv) != 5 or argv[0] != "tasks":
        print("usage: python -m envfactory_gym.envgen.sandboxed tasks FOLDER OUT.json N SEED", file=sys.stderr)
        return 2
    folder, out = Path(argv[1]), Path(argv[2])
    main_pid = os.getpid()
    try:
        result = _child_tasks(folder, out, int(argv[3]), int(argv[4]))
    except Exception as exc:  # generated code may fail in any way: report it, do not crash silently
        tb = traceback.extract_tb(exc.__traceback__)
        where = next((f for f in reversed(tb) if str(folder) in f.filename), None)
        line = f" ({Path(where.filename).name} line {where.lineno})" if where else ""
        first = str(exc).splitlines()[0] if str(exc) else ""
        result = {"ok": False, "reason": f"{type(exc).__name__}: {first}{line}"[:500],
                  "detail": _tail(traceback.format_exc().replace(str(folder) + "/", ""))}
    if os.getpid() != main_pid:  # a forked copy of this child: never report
        os._exit(1)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(result), encoding="utf-8")
    tmp.replace(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
