"""Rebuild the claims composite from its members and this folder's scripts, in order:

1. ``make_policy.py``: ``policy.md`` and ``policy_compact.md`` (before composing, so the manifest names the
   compact policy);
2. ``make_people.py``: the policyholders as bank customers and renters (``overlay/bank/customers.csv``,
   ``payees.csv``, ``overlay/car/renters.csv``);
3. ``make_querygen.py``: ``overlay/querygen.json``, the members' QueryGen date choices moved to the composite's clock
   (and each member's lookup by email drawn from its own table);
4. ``make_history.py``: the claims and cars of the weeks before today, played with the members' tools, and the
   policyholders' bank accounts and transactions (it runs ``envfactory compose`` before and after);
5. ``make_tasks.py``: ``tasks.jsonl``.

Run: ``python generated_envs/claims/authoring/build.py``; then ``envfactory validate generated_envs/claims`` and
``python -m pytest -q generated_envs/claims/tests``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    for script in ("make_policy.py", "make_people.py", "make_querygen.py", "make_history.py", "make_tasks.py"):
        done = subprocess.run([sys.executable, "-W", "ignore", str(HERE / script)])
        if done.returncode:
            print(f"{script} failed", file=sys.stderr)
            return done.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
