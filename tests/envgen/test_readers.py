"""Readers on small inputs: documentation pages (Markdown and HTML), MCP listings, and dispatch by input."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from envfactory_gym.envgen.readers import digest_from_tools, digest_json, html_to_markdown, read_docs, read_resources
from envfactory_gym.errors import EnvFactoryError

PAGE = """# Tool library API

Neighbours borrow tools from the library.

## Members

A member borrows tools. Fields: `member_id`, `name`, `email`.

## Loans

| field | type | notes |
|---|---|---|
| `loan_id` | string | `L-0001` |
| `tool_id` | string | the tool |
| `due_on` | date | |
| `fee` | number | late fee |

### POST /loans/{loan_id}/renew

Renew a loan once. Rules:

- only an `active` loan can be renewed (`409` otherwise);
- a loan can be renewed at most once.

| parameter | in | type | required | description |
|---|---|---|---|---|
| `days` | body | integer | yes | how many days to add |

### GET /members/lookup

Find a member by email.
"""

HTML = """<html><head><title>x</title><style>p {}</style></head><body>
<h2>GET /tools/{tool_id}</h2><p>One tool, with its <code>status</code>.</p>
<ul><li>a tool in <code>repair</code> cannot be lent</li></ul>
<table><tr><th>field</th><th>type</th></tr><tr><td>tool_id</td><td>string</td></tr></table>
<pre>GET /tools/T-1
{"tool_id": "T-1"}</pre></body></html>"""


def test_docs_folder(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text(PAGE)
    (tmp_path / "tools.html").write_text(HTML)
    (tmp_path / "notes.bin").write_bytes(b"\0\1")
    d = read_docs(tmp_path)
    assert d.source_kind == "docs" and d.title == "Tool library API"
    assert d.description == "Neighbours borrow tools from the library."
    ops = {o.name: o for o in d.operations}
    assert set(ops) == {"renew_loan", "lookup_member", "get_tool"}
    renew = ops["renew_loan"]
    assert (renew.kind, renew.method, renew.path) == ("write", "POST", "/loans/{loan_id}/renew")
    assert {p.name: (p.type, p.required) for p in renew.parameters} == {"loan_id": ("string", True),
                                                                     "days": ("integer", True)}
    assert renew.errors == ["only an `active` loan can be renewed (`409` otherwise);"]
    assert "renew_loan: a loan can be renewed at most once." in d.constraints
    assert ops["lookup_member"].kind == "read"
    entities = {e.name: e for e in d.entities}
    assert [f.name for f in entities["members"].fields] == ["member_id", "name", "email"]
    loans = entities["loans"]
    assert loans.primary_key().name == "loan_id"
    assert {f.name: f.type for f in loans.fields}["fee"] == "number"
    assert "==== tools.html ====" in d.text and "notes.bin" not in d.text
    assert any("T-1" in e for e in d.examples)


def test_html_to_markdown_keeps_structure() -> None:
    md = html_to_markdown(HTML)
    assert "## GET /tools/{tool_id}" in md and "- a tool in `repair` cannot be lent" in md
    assert "| field | type |" in md and "p {}" not in md and "```\nGET /tools/T-1" in md


def test_text_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "big.md").write_text("# Big\n\n" + "word " * 20_000)
    d = read_docs(tmp_path, max_chars=5000)
    assert len(d.text) < 5200 and "more characters left out" in d.text
    assert len(digest_json(d, max_chars=3000)) <= 3100


def test_mcp_listing() -> None:
    tools = [{"name": "list_rooms", "description": "All rooms.", "inputSchema": {"type": "object", "properties": {}}},
             {"name": "book_room", "description": "Book a room.",
              "inputSchema": {"type": "object", "required": ["room_id"], "properties": {
                  "room_id": {"type": "string", "description": "the room"},
                  "hours": {"type": ["integer", "null"], "minimum": 1}}}},
             {"name": "peek", "annotations": {"readOnlyHint": True}, "inputSchema": {}}]
    d = digest_from_tools(tools, "python server.py")
    assert d.source_kind == "mcp" and d.sources == ["python server.py"]
    kinds = {o.name: o.kind for o in d.operations}
    assert kinds == {"list_rooms": "read", "book_room": "write", "peek": "read"}
    book = d.operations[1]
    assert [(p.name, p.type, p.required, p.minimum) for p in book.parameters] == [
        ("room_id", "string", True, None), ("hours", "integer", False, 1)]


def test_mcp_server_listing_end_to_end() -> None:
    pytest.importorskip("mcp")
    d = read_resources(f"mcp:{sys.executable} -m envfactory_gym.serve EnvFactory/retail-v0", "shop", "retail")
    assert d.name == "shop" and d.domain == "retail" and d.source_kind == "mcp"
    names = {o.name for o in d.operations}
    assert "find_customer_by_email" in names and len(names) >= 10


def test_dispatch(tmp_path: Path) -> None:
    (tmp_path / "page.md").write_text(PAGE)
    d = read_resources(str(tmp_path / "page.md"), "tools_lib", "rentals")
    assert (d.name, d.domain, d.source_kind) == ("tools_lib", "rentals", "docs")
    with pytest.raises(EnvFactoryError, match=r"--resources '.*nope': no such file or folder"):
        read_resources(str(tmp_path / "nope"), "a", "b")
    (tmp_path / "x.yaml").write_text("title: not a spec\n")
    with pytest.raises(EnvFactoryError, match="not an OpenAPI document"):
        read_resources(str(tmp_path / "x.yaml"), "a", "b")
    (tmp_path / "x.bin").write_bytes(b"\0")
    with pytest.raises(EnvFactoryError, match="unknown kind of file"):
        read_resources(str(tmp_path / "x.bin"), "a", "b")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(EnvFactoryError, match="no documentation pages"):
        read_resources(str(empty), "a", "b")
    with pytest.raises(EnvFactoryError, match="give the server's command"):
        read_resources("mcp:", "a", "b")


def test_dispatch_to_the_compiler_readers() -> None:
    root = Path(__file__).resolve().parents[2]
    spec = root / "examples" / "envgen" / "fitness" / "openapi.yaml"
    garden = root / "tests" / "fixtures" / "envgen" / "garden"
    if not spec.is_file() or not garden.is_dir():
        pytest.skip("the example resources are not in this checkout")
    d = read_resources(str(spec), "studio", "fitness")
    assert (d.source_kind, d.name, d.domain) == ("openapi", "studio", "fitness") and d.operations
    assert read_resources(str(spec.parent), "studio", "fitness").source_kind == "openapi"
    s = read_resources(str(garden), "garden", "gardening")
    assert s.source_kind == "sql" and s.entities
