"""A tiny environment shaped like a compiled API's: rows no name or date tells apart, a listing that returns every
row, argument-less writes, and a table of coordinates; the QueryGen and soundness tests build it in a folder."""

from __future__ import annotations

import json
import random
from pathlib import Path

TOOLS = '''"""Tools of the registry test environment."""

from typing import Any

from envfactory_gym import Database, ToolError, tool


@tool
def list_manifests(db: Database) -> list[dict[str, Any]]:
    """List every manifest of the registry."""
    return db.query("SELECT * FROM manifests ORDER BY manifest_id")


@tool
def get_manifest(db: Database, manifest_id: str) -> dict[str, Any]:
    """Get one manifest.

    Args:
        manifest_id: The manifest's id, e.g. "MF-0001" (from list_manifests).
    """
    row = db.query_one("SELECT * FROM manifests WHERE manifest_id = ?", [manifest_id])
    if row is None:
        raise ToolError(f"no manifest {manifest_id!r}")
    return {**row, "layers": row["schema_version"] * 2}


@tool(writes=True)
def delete_manifest(db: Database, manifest_id: str) -> dict[str, Any]:
    """Delete one manifest.

    Args:
        manifest_id: The manifest's id, e.g. "MF-0001" (from list_manifests).
    """
    row = db.query_one("SELECT * FROM manifests WHERE manifest_id = ?", [manifest_id])
    if row is None:
        raise ToolError(f"no manifest {manifest_id!r}")
    db.execute("DELETE FROM manifests WHERE manifest_id = ?", [manifest_id])
    return {**row, "deleted": True}


def _issue(db: Database, kind: str) -> dict[str, Any]:
    n = db.scalar("SELECT count(*) FROM certificates") + 1
    db.execute("INSERT INTO certificates VALUES (?, ?)", [f"C-{n:04d}", kind])
    return {"certificate_id": f"C-{n:04d}", "kind": kind}


@tool(writes=True)
def issue_income_certificate(db: Database) -> dict[str, Any]:
    """Issue an income certificate."""
    return _issue(db, "income")


@tool(writes=True)
def issue_residence_certificate(db: Database) -> dict[str, Any]:
    """Issue a residence certificate."""
    return _issue(db, "residence")


@tool
def list_receivers(db: Database) -> list[dict[str, Any]]:
    """List the receivers and where they are."""
    return db.query("SELECT * FROM receivers ORDER BY receiver_id")


@tool(writes=True)
def move_receiver(db: Database, receiver_id: int, x: float) -> dict[str, Any]:
    """Move a receiver along x.

    Args:
        receiver_id: The receiver's id (from list_receivers).
        x: The new x coordinate.
    """
    if db.query_one("SELECT 1 AS one FROM receivers WHERE receiver_id = ?", [receiver_id]) is None:
        raise ToolError(f"no receiver {receiver_id!r}")
    db.execute("UPDATE receivers SET x = ? WHERE receiver_id = ?", [x, receiver_id])
    return db.query_one("SELECT * FROM receivers WHERE receiver_id = ?", [receiver_id]) or {}
'''

SCHEMA = """CREATE TABLE manifests (manifest_id VARCHAR PRIMARY KEY, tag VARCHAR, architecture VARCHAR,
    schema_version INTEGER NOT NULL, signing_secret VARCHAR);
CREATE TABLE certificates (certificate_id VARCHAR PRIMARY KEY, kind VARCHAR NOT NULL);
CREATE TABLE receivers (receiver_id INTEGER PRIMARY KEY, x DOUBLE NOT NULL, y DOUBLE NOT NULL, z DOUBLE NOT NULL);
"""

#: The tasks the soundness tests play: a question answered by the listing alone, and a change to a receiver.
TASKS = [
    {"id": "reg-arch", "instruction": "What's the architecture of the manifest tagged TAG-1003?",
     "gold_calls": [{"name": "list_manifests"}], "outputs": ["ARCH-3"], "tags": ["read"]},
    {"id": "reg-move", "instruction": "Please move the receiver at y 12.25 to x 40.5.",
     "gold_calls": [{"name": "list_receivers"}, {"name": "move_receiver", "arguments": {"receiver_id": 2, "x": 40.5}}],
     "tags": ["write"]},
]


def write_registry_env(folder: Path, name: str = "registry") -> Path:
    """The registry environment written into ``folder`` (its seed drawn with a fixed seed)."""
    rng = random.Random(5)
    (folder / "seed").mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps({
        "name": name, "version": 0, "domain": "registry", "description": "A container registry for the tests.",
        "verified": False, "now": "2026-02-01T09:00:00", "max_steps": 20}), encoding="utf-8")
    (folder / "policy.md").write_text("You are the assistant of a container registry. Act only on what the user "
                                      "asks for.\n", encoding="utf-8")
    (folder / "schema.sql").write_text(SCHEMA, encoding="utf-8")
    (folder / "tools.py").write_text(TOOLS, encoding="utf-8")
    manifests = ["manifest_id,tag,architecture,schema_version,signing_secret"]
    for i in range(1, 13):  # every row's schema version is shared by another: only the tag tells rows apart
        manifests.append(f"MF-{i:04d},TAG-{1000 + i},ARCH-{i},{i % 6 + 1},S-{7000 + i}")
    receivers = ["receiver_id,x,y,z"]
    for i in range(1, 41):  # forty receivers: their coordinates add up to almost any amount
        receivers.append(f"{i},{rng.uniform(0, 500):.2f},{12.25 if i == 2 else rng.uniform(13, 500):.2f},"
                         f"{rng.uniform(0, 500):.2f}")
    (folder / "seed" / "manifests.csv").write_text("\n".join(manifests) + "\n", encoding="utf-8")
    (folder / "seed" / "certificates.csv").write_text("certificate_id,kind\nC-0001,income\n", encoding="utf-8")
    (folder / "seed" / "receivers.csv").write_text("\n".join(receivers) + "\n", encoding="utf-8")
    (folder / "tasks.jsonl").write_text("".join(json.dumps(t) + "\n" for t in TASKS), encoding="utf-8")
    (folder / "querygen.json").write_text(json.dumps({"tables": {"manifests": {"noun": "manifest"}}}),
                                          encoding="utf-8")
    return folder
