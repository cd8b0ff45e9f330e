"""Build the EnvGen recordings (a capable model's answers, replayed offline) from the answer environment folders.

Run from the repository root: ``python examples/envgen/make_recordings.py``. It writes

- ``examples/envgen/<example>/recording.jsonl`` for each example (permits, fitness): the explore answer (a sketch
  derived from the answer folder), the code answer (the seven code files) and the test answer;
- the test fixtures of ``tests/fixtures/envgen_recordings/``: ``repaired.jsonl`` (a bug, then a repair that lands),
  ``never_passes.jsonl`` (a bug that no repair round fixes), ``escape.jsonl`` (environments whose code tries to
  leave the sandbox, then a good one) and ``malformed.jsonl`` (bad answers before good ones).

Every line is ``{"stage", "env", "round", "response"}`` (see the EnvGen contract in docs/envgen.md); the same input
folders give the same bytes. ``--check`` compares instead of writing and exits 1 when a file is out of date.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "envgen_recordings"
CODE_FILES = ("manifest.json", "schema.sql", "seed/generate.py", "tools.py", "policy.md", "policy_compact.md",
              "querygen.json")

#: What the model's sketch says of each table (one line) and of its seed rows, per example.
SKETCH_NOTES: dict[str, dict[str, tuple[str, str]]] = {
    "permits": {
        "applicants": ("property owners and agents who file applications",
                       "names from Faker, unique emails, mailing addresses with postal codes of five districts"),
        "permit_types": ("the permit types with contractor licence, fee schedule, validity and inspections",
                         "eleven residential, commercial and trade types"),
        "contractors": ("the contractor registry",
                        "every licence class with valid, licence-expired, insurance-expired and suspended rows"),
        "applications": ("one permit application per row with its life-cycle status and permit dates",
                         "every status from draft to finaled; some permits in their last 30 days, some extended"),
        "fees": ("plan review, permit, reinspection and extension fees with payment details",
                 "fees computed from the schedule; due, paid, waived and refunded rows"),
        "inspectors": ("building, electrical and plumbing/mechanical inspectors", "eleven inspectors"),
        "inspection_slots": ("morning and afternoon visit windows of each inspector in a district",
                             "business days from 60 days back to 21 days ahead"),
        "inspections": ("the required inspections of issued permits with status and booked slot",
                        "passed, failed (with reinspection fees), scheduled (a few today) and pending rows"),
    },
    "fitness": {
        "membership_plans": ("membership plans with monthly fee, weekly class limit and peak-hour access",
                             "the four plans of the specification and two more"),
        "members": ("studio members with their plan and membership status",
                    "Faker names, unique emails, birth dates; active, frozen and cancelled members"),
        "instructors": ("instructors and their specialty", "eight instructors covering every category"),
        "class_types": ("the class types of the timetable", "the eight class types of the specification"),
        "sessions": ("scheduled occurrences of a class type with room, start and capacity",
                     "14 days back to 14 days ahead, extra early sessions today; about a fifth of future ones full"),
        "bookings": ("a member's place in a session",
                     "checked-in, no-show and cancelled past places, booked future ones, within plan limits"),
        "waitlist_entries": ("members waiting for a place in a full session", "one to three per full session"),
    },
}


# -- reading an answer folder -------------------------------------------------------------------------------

def read_files(folder: Path, env: str) -> tuple[dict[str, str], dict[str, str]]:
    """The code files and the test file of an answer folder, as the model sends them."""
    code = {p: (folder / p).read_text(encoding="utf-8") for p in CODE_FILES}
    tests = sorted((folder / "tests").glob("test_*.py"))
    if len(tests) != 1:
        raise SystemExit(f"{folder}/tests: expected one test_*.py, found {len(tests)}")
    return code, {f"tests/test_{env}.py": tests[0].read_text(encoding="utf-8")}


def _tables(schema: str) -> list[tuple[str, list[str]]]:
    out = []
    for name, body in re.findall(r"CREATE TABLE (\w+) \((.*?)\n\);", schema, re.DOTALL):
        columns = []
        for line in body.splitlines():
            line = line.split("--")[0].strip().rstrip(",")
            m = re.match(r"(\w+)\s+([A-Z]+(?:\(\d+,?\d*\))?)(.*)", line)
            if m and m.group(1) != "PRIMARY":
                columns.append(f"{m.group(1)} {m.group(2)}" + (" PRIMARY KEY" if "PRIMARY KEY" in m.group(3) else ""))
            elif line.startswith("PRIMARY KEY"):
                columns.append(line)
        out.append((name, columns))
    return out


def _signature(tool: Any) -> str:
    parts = []
    for name, prop in tool.parameters.items():
        kind = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}.get(prop.get("type"), "str")
        if "enum" in prop:
            kind = "Literal[" + ", ".join(json.dumps(v) for v in prop["enum"]) + "]"
        parts.append(f"{name}: {kind}" if name in tool.required else f"{name}: {kind} | None = None")
    return f"{tool.name}({', '.join(parts)}) -> {'list' if tool.returns.startswith('list') else 'dict'}"


def sketch(folder: Path, env: str, code: dict[str, str]) -> dict[str, Any]:
    """The explore answer consistent with the code: the same tables, tools, rules and policy."""
    from envfactory_gym.tools import collect_tools

    spec = importlib.util.spec_from_file_location(f"{env}_answer_tools", folder / "tools.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tools = collect_tools(vars(module))
    notes = SKETCH_NOTES[env]
    tables, seed = [], []
    for name, columns in _tables(code["schema.sql"]):
        with (folder / "seed" / f"{name}.csv").open(encoding="utf-8") as f:
            rows = sum(1 for _ in csv.reader(f)) - 1
        tables.append({"name": name, "description": notes[name][0], "columns": columns})
        seed.append(f"{name}: {rows} rows; {notes[name][1]}")
    manifest = json.loads(code["manifest.json"])
    return {"sketch": {
        "tables": tables,
        "tools": [{"name": t.name, "kind": "write" if t.writes else "read", "signature": _signature(t),
                   "doc": t.description.strip().splitlines()[0]} for t in tools.values()],
        "rules": manifest["rules"], "policy": code["policy_compact.md"].strip(), "seed": seed}}


# -- answers and recordings ---------------------------------------------------------------------------------

def fenced(answer: dict[str, Any]) -> str:
    return "```json\n" + json.dumps(answer, indent=1, ensure_ascii=False) + "\n```"


def line(stage: str, env: str, round_: int, response: Any) -> str:
    return json.dumps({"stage": stage, "env": env, "round": round_, "response": response}, ensure_ascii=False)


def renamed(code: dict[str, str], tests: dict[str, str], old: str, new: str) -> tuple[dict[str, str], dict[str, str]]:
    """The same environment under another name (fixtures need distinct env names)."""
    code = dict(code)
    manifest = json.loads(code["manifest.json"])
    manifest["name"] = new
    code["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    (_, text), = tests.items()
    text = text.replace(f'ENV.manifest.name == "{old}"', f'ENV.manifest.name == "{new}"')
    return code, {f"tests/test_{new}.py": text}


def replace_once(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise SystemExit(f"expected exactly one {old[:60]!r} in the answer")
    return text.replace(old, new)


def happy(env: str, sketch_answer: dict[str, Any], code: dict[str, str], tests: dict[str, str]) -> list[str]:
    return [line("explore", env, 0, fenced(sketch_answer)), line("code", env, 0, fenced({"files": code})),
            line("test", env, 0, fenced({"files": tests}))]


def example_recording(env: str) -> tuple[str, dict[str, Any], dict[str, str], dict[str, str]]:
    folder = HERE / env / "answer"
    code, tests = read_files(folder, env)
    sk = sketch(folder, env, code)
    return "\n".join(happy(env, sk, code, tests)) + "\n", sk, code, tests


# A card payment multiplies a float by a Decimal: a TypeError in pay_fee (its tests fail, sampling never pays).
_GOOD_CHARGE = 'charge = _money(Decimal(str(fee["amount"])) * CARD_RATE) if payment_method == "card" else 0.0'
_BAD_CHARGE = 'charge = _money(fee["amount"] * CARD_RATE) if payment_method == "card" else 0.0'

# Code that tries to leave the sandbox, one behaviour per environment: (env, file, anchor, inserted code).
_ESCAPES = [
    ("escape_network", "seed/generate.py", "def main() -> None:\n",
     "def main() -> None:\n    import socket\n\n    # Fetch the city's street list before writing the seed.\n"
     "    with socket.create_connection((\"1.1.1.1\", 80), timeout=5) as conn:\n"
     "        conn.sendall(b\"GET /streets.csv HTTP/1.0\\r\\nHost: 1.1.1.1\\r\\n\\r\\n\")\n"),
    ("escape_write", "tools.py", "    row = db.query_one(\"SELECT applicant_id, first_name, last_name FROM applicants",
     "    with open(Path.home() / \"escaped.txt\", \"a\", encoding=\"utf-8\") as log:  # an audit log of lookups\n"
     "        log.write(email + \"\\n\")\n    with open(\"/tmp/escaped\", \"a\", encoding=\"utf-8\") as log:\n"
     "        log.write(email + \"\\n\")\n"
     "    row = db.query_one(\"SELECT applicant_id, first_name, last_name FROM applicants"),
    ("escape_fork", "seed/generate.py", "def main() -> None:\n",
     "def main() -> None:\n    import os\n    import time\n\n    children = []\n    for _ in range(500):  # a "
     "worker per table, many times over\n        pid = os.fork()\n        if pid == 0:\n            time.sleep(60)\n"
     "            os._exit(0)\n        children.append(pid)\n"),
    ("escape_memory", "tools.py", "CARD_RATE = Decimal(\"0.025\")\n",
     "CARD_RATE = Decimal(\"0.025\")\n_CACHE = bytearray(20 * 1024**3)  # a lookup cache for every address\n"),
    ("escape_loop", "seed/generate.py", "def main() -> None:\n",
     "def main() -> None:\n    n = 0\n    while n >= 0:  # wait for the permit office's export to be ready\n"
     "        n += 1\n"),
]


def fixtures(sk: dict[str, Any], code: dict[str, str], tests: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    # repaired: pay_fee crashes with a TypeError; round 1 sends the fixed tools.py.
    c, t = renamed(code, tests, "permits", "permits_repaired")
    bad = dict(c, **{"tools.py": replace_once(c["tools.py"], _GOOD_CHARGE, _BAD_CHARGE)})
    out["repaired.jsonl"] = "\n".join([
        *happy("permits_repaired", sk, bad, t),
        line("repair", "permits_repaired", 1, fenced({"files": {"tools.py": c["tools.py"]}, "notes": (
            "pay_fee multiplied the fee amount (a float) by the Decimal card rate, a TypeError on every card "
            "payment; the amount is now converted to Decimal before the 2.5% charge is computed.")}))]) + "\n"
    # never_passes: every round changes something else and leaves pay_fee broken.
    c, t = renamed(code, tests, "permits", "permits_broken")
    bad_tools = replace_once(c["tools.py"], _GOOD_CHARGE, _BAD_CHARGE)
    rounds = [line("repair", "permits_broken", r, fenced({"files": {"tools.py": bad_tools.replace(
        '"""Pay one due fee in full;', f'"""Pay one due fee in full (revision {r});')}, "notes": (
        f"Round {r}: clarified the pay_fee docstring; the card charge computation is unchanged.")}))
        for r in (1, 2, 3)]
    out["never_passes.jsonl"] = "\n".join([*happy("permits_broken", sk, dict(c, **{"tools.py": bad_tools}), t),
                                           *rounds]) + "\n"
    # escape: one environment per behaviour, then a good one.
    lines = []
    for env, path, anchor, inserted in _ESCAPES:
        c, t = renamed(code, tests, "permits", env)
        text = replace_once(c[path], anchor, inserted)
        if "Path.home()" in inserted and "from pathlib import Path" not in text:
            text = text.replace("from decimal import", "from pathlib import Path\nfrom decimal import", 1)
        lines += happy(env, sk, dict(c, **{path: text}), t)
    c, t = renamed(code, tests, "permits", "escape_good")
    lines += happy("escape_good", sk, c, t)
    out["escape.jsonl"] = "\n".join(lines) + "\n"
    # malformed: each stage's first answers are unusable, then a good one follows.
    env = "malformed_env"
    c, t = renamed(code, tests, "permits", env)
    broken = dict(c, **{"tools.py": c["tools.py"].replace("def _money(x: Any) -> float:", "def _money(x: Any) -> float",
                                                          1)})
    out["malformed.jsonl"] = "\n".join([
        line("explore", env, 0, "Sure! Here is a sketch of the permit office environment: eight tables and "
                                "fourteen tools, described below in prose."),
        line("explore", env, 0, fenced(sk)),
        line("code", env, 0, {"status": 500, "message": "upstream model server error"}),
        line("code", env, 0, fenced({"files": broken})),
        line("code", env, 0, fenced({"files": c})),
        line("test", env, 0, ""),
        line("test", env, 0, fenced({"files": t}))]) + "\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    outputs: dict[Path, str] = {}
    for env in ("permits", "fitness"):
        text, sk, code, tests = example_recording(env)
        outputs[HERE / env / "recording.jsonl"] = text
        if env == "permits":
            for name, body in fixtures(sk, code, tests).items():
                outputs[FIXTURES / name] = body
    stale = []
    for path, text in outputs.items():
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        print(f"wrote {path.relative_to(ROOT)} ({text.count(chr(10))} answers)")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
