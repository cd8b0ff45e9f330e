"""Write the seed CSVs of this environment: the same bytes on every run.

Run: python seed/generate.py [--out FOLDER]. For realistic names and addresses, Faker with a fixed seed and a pinned
version (pip install "faker==40.63.0"; Faker.seed(0)) is a good choice; this skeleton uses the standard library only.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

from envfactory_gym.authoring.seed import write_seed

HERE = Path(__file__).resolve().parent

FIRST = ["Amara", "Bruno", "Chen", "Dalia", "Emeka", "Freya", "Goran", "Hana", "Ines", "Jonah", "Kavya", "Luca"]
LAST = ["Abara", "Berg", "Costa", "Duarte", "Eklund", "Farah", "Gill", "Haddad", "Ito", "Jensen", "Kaur", "Lind"]
TITLES = ["Replace the desk lamp", "Book the large meeting room", "Order printer toner", "Fix the door badge",
          "Renew the software licence", "Move the filing cabinet", "Repair the window blind", "Set up a monitor"]


def rows(rng: random.Random) -> dict[str, list[dict[str, object]]]:
    members, requests = [], []
    for i in range(1, 61):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        members.append({"member_id": f"M-{i:03d}", "name": f"{first} {last}",
                        "email": f"{first.lower()}.{last.lower()}{i}@example.org"})
    for i in range(1, 181):
        requests.append({"request_id": f"R-{i:04d}", "member_id": f"M-{rng.randint(1, 60):03d}",
                         "title": rng.choice(TITLES), "status": rng.choice(["open", "open", "done", "cancelled"]),
                         "filed_on": (date(2026, 5, 31) - timedelta(days=rng.randint(0, 90))).isoformat()})
    return {"members": members, "requests": requests}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    # one CSV per table, its columns in schema.sql's order
    write_seed(args.out, HERE.parent / "schema.sql", rows(random.Random(0)))


if __name__ == "__main__":
    main()
