"""A small environment shaped like the compiled ones blind play found task defects in: a listing cut short that
shows no names, a delete taking a field of the row it ignores, a retitle that accepts the title a row has, a
create whose fields are all optional, and a column every row shares."""

from __future__ import annotations

import json
from pathlib import Path

TOOLS = '''"""Tools of the desk test environment."""

from typing import Any

from envfactory_gym import Database, ToolError, tool


@tool
def list_cards(db: Database) -> list[Any]:
    """List the cards: the first six, then a line saying how many more match."""
    rows = db.query("SELECT card_id, status, reason, region FROM cards ORDER BY card_id")
    return rows[:6] + ([f"... {len(rows) - 6} more rows match, not shown"] if len(rows) > 6 else [])


@tool
def get_card(db: Database, card_id: str) -> dict[str, Any]:
    """Get one card.

    Args:
        card_id: The card's id, e.g. "C-0001" (from list_cards).
    """
    row = db.query_one("SELECT * FROM cards WHERE card_id = ?", [card_id])
    if row is None:
        raise ToolError(f"no card {card_id!r}")
    return row


@tool(writes=True)
def delete_card(db: Database, card_id: str, start_date: str) -> dict[str, Any]:
    """Delete a card.

    Args:
        card_id: The card's id, e.g. "C-0001" (from list_cards).
        start_date: The card's start date.
    """
    row = get_card(db, card_id)
    db.execute("DELETE FROM cards WHERE card_id = ?", [card_id])
    return {**row, "deleted": True}


@tool(writes=True)
def retitle_card(db: Database, card_id: str, title: str) -> dict[str, Any]:
    """Give a card a title.

    Args:
        card_id: The card's id, e.g. "C-0001" (from list_cards).
        title: The new title.
    """
    get_card(db, card_id)
    db.execute("UPDATE cards SET title = ?, edits = edits + 1 WHERE card_id = ?", [title, card_id])
    return get_card(db, card_id)


@tool(writes=True)
def add_note(db: Database, body: str | None = None, author: str | None = None) -> dict[str, Any]:
    """Add a note.

    Args:
        body: What the note says.
        author: Who wrote it.
    """
    n = db.scalar("SELECT count(*) FROM notes") + 1
    db.execute("INSERT INTO notes VALUES (?, ?, ?)", [f"N-{n:04d}", body, author])
    return db.query_one("SELECT * FROM notes WHERE note_id = ?", [f"N-{n:04d}"]) or {}


@tool(writes=True)
def add_tag(db: Database, meta: str | None = None) -> dict[str, Any]:
    """Add a tag.

    Args:
        meta: The tag's settings as JSON.
    """
    n = db.scalar("SELECT count(*) FROM tags") + 1
    db.execute("INSERT INTO tags VALUES (?, ?)", [f"T-{n:04d}", meta])
    return {"tag_id": f"T-{n:04d}", "meta": meta}
'''

SCHEMA = """CREATE TABLE cards (card_id VARCHAR PRIMARY KEY, title VARCHAR, status VARCHAR, reason VARCHAR,
    region VARCHAR NOT NULL, start_date DATE NOT NULL, edits INTEGER NOT NULL);
CREATE TABLE notes (note_id VARCHAR PRIMARY KEY, body VARCHAR, author VARCHAR);
CREATE TABLE tags (tag_id VARCHAR PRIMARY KEY, meta VARCHAR);
"""

#: Status and reason of each card: C-0003 and C-0010 share theirs (C-0010 is past the listing's cut).
STATES = [("active", "damaged"), ("inactive", "lost"), ("active", "fraud"), ("active", "expired"),
          ("suspended", "lost"), ("inactive", "damaged"), ("active", "other"), ("closed", "lost"),
          ("suspended", "expired"), ("active", "fraud"), ("closed", "damaged"), ("inactive", "other")]
TITLES = ["Alpha", "Bravo", "Charlie", "Delta", "Beta", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo",
          "Lima"]


def write_desk_env(folder: Path, querygen: dict | None = None) -> Path:
    """The desk environment written into ``folder`` (``querygen``: its declarations; none by default)."""
    (folder / "seed").mkdir(parents=True, exist_ok=True)
    (folder / "manifest.json").write_text(json.dumps({
        "name": "desk", "version": 0, "domain": "desk", "description": "A card desk for the tests.",
        "verified": False, "now": "2026-03-02T09:00:00", "max_steps": 20}), encoding="utf-8")
    (folder / "policy.md").write_text("You are the assistant of a card desk.\n", encoding="utf-8")
    (folder / "schema.sql").write_text(SCHEMA, encoding="utf-8")
    (folder / "tools.py").write_text(TOOLS, encoding="utf-8")
    cards = ["card_id,title,status,reason,region,start_date,edits"]
    for i, ((status, reason), title) in enumerate(zip(STATES, TITLES), start=1):
        cards.append(f"C-{i:04d},{title},{status},{reason},Northgate,2026-02-{i + 10:02d},0")
    notes = ["note_id,body,author", "N-0001,Call the branch before noon,Ada Lund", "N-0002,Bring the forms,Bo Kim"]
    (folder / "seed" / "cards.csv").write_text("\n".join(cards) + "\n", encoding="utf-8")
    (folder / "seed" / "notes.csv").write_text("\n".join(notes) + "\n", encoding="utf-8")
    (folder / "seed" / "tags.csv").write_text("tag_id,meta\nT-0001,{}\n", encoding="utf-8")
    (folder / "tasks.jsonl").write_text("", encoding="utf-8")
    (folder / "querygen.json").write_text(json.dumps(querygen or {}), encoding="utf-8")
    return folder
