"""The sandboxed child of the gate: ``python -m envfactory_gym.verify.worker FOLDER OUT.json [CHECK ...]``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from envfactory_gym.verification import CheckResult
from envfactory_gym.verify import checks

#: The checks that run on the environment's code in this child, in order.
ENV_CHECKS = ("load", "env_api", "agents", "querygen", "soundness", "fairness", "overlap")


def _write(out: Path, results: list[CheckResult]) -> None:
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps([r.model_dump() for r in results]), encoding="utf-8")
    os.replace(tmp, out)


def main(argv: list[str]) -> int:
    folder, out, *wanted = argv
    folder_path, out_path = Path(folder), Path(out)
    wanted = wanted or list(ENV_CHECKS)
    main_pid = os.getpid()
    results: list[CheckResult] = []
    load, ctx = checks.check_load(folder_path)
    results.append(load)
    _write(out_path, results)
    if ctx is None:
        return 0
    table = {"env_api": checks.check_env_api, "agents": checks.check_agents, "querygen": checks.check_querygen,
             "soundness": checks.check_soundness, "fairness": checks.check_fairness,
             "overlap": checks.check_overlap}
    for name in wanted:
        if name == "load":
            continue
        def run(name: str = name, ctx: checks.Context = ctx) -> checks.CheckResult:
            return table[name](ctx)  # looked up inside timed: an unknown check becomes a failed one

        results.append(checks.timed(name, run))
        if os.getpid() != main_pid:  # a forked copy of this worker: never report
            os._exit(1)
        _write(out_path, results)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
