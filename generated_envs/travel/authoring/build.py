"""Rebuild the travel composite from its members and this folder's scripts, in order:

1. ``make_policy.py``: ``policy.md`` and ``policy_compact.md`` (before composing, so the manifest names the
   compact policy);
2. ``make_people.py``: the travellers (``overlay/hotel/guests.csv``, ``payment_cards.csv``, ``overlay/car/
   renters.csv``, ``overlay/bank/payees.csv``);
3. ``make_trips.py``: their existing bookings, played with the members' tools (it runs ``envfactory compose``
   before and after);
4. ``make_tasks.py``: ``tasks.jsonl``.

Run: ``python generated_envs/travel/authoring/build.py``; then ``envfactory validate generated_envs/travel`` and
``python -m pytest -q generated_envs/travel/tests``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    for script in ("make_policy.py", "make_people.py", "make_trips.py", "make_tasks.py"):
        done = subprocess.run([sys.executable, "-W", "ignore", str(HERE / script)])
        if done.returncode:
            print(f"{script} failed", file=sys.stderr)
            return done.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
