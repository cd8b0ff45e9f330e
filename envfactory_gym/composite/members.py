"""A composite's tools: every member's own tool functions, each run against the member's prefixed tables."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from envfactory_gym.composite.spec import CompositeSpec, load_spec, member_hash
from envfactory_gym.composite.sql import prefix_keyed, rename_key
from envfactory_gym.errors import EnvFormatError

__all__ = ["MemberDatabase", "member_tables", "member_tools"]


class MemberDatabase:
    """What a member's tool receives in a composite: the composite's database, its SQL naming the member's
    tables by their plain names (``reservations``), run as the member's prefixed ones (``hotel_reservations``)."""

    __slots__ = ("_db", "_key")

    def __init__(self, db: Any, key: tuple[tuple[str, str], ...]) -> None:
        self._db, self._key = db, key  # key: rename_key(names), built once per member

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        return self._db.query(prefix_keyed(sql, self._key), params)

    def query_one(self, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
        return self._db.query_one(prefix_keyed(sql, self._key), params)

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return self._db.scalar(prefix_keyed(sql, self._key), params)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._db.execute(prefix_keyed(sql, self._key), params)

    def __getattr__(self, name: str) -> Any:  # now, require, allow_writes: the composite's own
        return getattr(self._db, name)


def member_tables(folder: Path, prefix: str) -> dict[str, str]:
    """A member's table names and their names in the composite, read from its ``schema.sql``."""
    import duckdb

    con = duckdb.connect()
    try:
        con.execute((folder / "schema.sql").read_text(encoding="utf-8"))
        names = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall()]
    finally:
        con.close()
    return {n: f"{prefix}_{n}" for n in names}


def _bind(func: Callable[..., Any], names: dict[str, str], name: str) -> Callable[..., Any]:
    key = rename_key(names)

    @functools.wraps(func)  # keeps the signature, docstring and @tool mark the schema is derived from
    def call(db: Any, *args: Any, **kwargs: Any) -> Any:
        return func(MemberDatabase(db, key), *args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


def member_tools(tools_file: str | Path) -> dict[str, Callable[..., Any]]:
    """The tool functions of the composite whose ``tools.py`` is ``tools_file``: every member's tools, named as
    in the member unless two members share a name (then ``<prefix>_<name>`` for each of them).

    Raises:
        EnvFormatError: a member changed since ``envfactory compose`` built the composite (its tables and seed
            would no longer match its tools).
    """
    from envfactory_gym.package import import_tools

    folder = Path(tools_file).resolve().parent
    spec: CompositeSpec = load_spec(folder)
    loaded = []
    for m in spec.members:
        member = m.folder(folder)
        if m.content_hash and m.content_hash != member_hash(member):
            raise EnvFormatError(folder / "composite.json", f"member {m.prefix!r} ({member.name}) changed since "
                                 f"the composite was built; run: envfactory compose {folder}")
        _module, tools = import_tools(member / "tools.py", f"envfactory_gym.envs.{spec.name}__{m.prefix}")
        loaded.append((m.prefix, member_tables(member, m.prefix), tools))
    public = _public({prefix: list(tools) for prefix, _names, tools in loaded})
    out: dict[str, Callable[..., Any]] = {}
    for prefix, names, tools in loaded:
        for name, t in tools.items():
            out[public[prefix][name]] = _bind(t.func, names, public[prefix][name])
    return out


def _public(tools: dict[str, list[str]]) -> dict[str, dict[str, str]]:
    """Per member prefix, its tool names and their names in the composite (prefixed where members share one)."""
    counts: dict[str, int] = {}
    for names in tools.values():
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return {prefix: {n: f"{prefix}_{n}" if counts[n] > 1 else n for n in names} for prefix, names in tools.items()}


def public_names(folder: Path, spec: CompositeSpec) -> dict[str, dict[str, str]]:
    """Per member prefix, its tool names and their names in the composite (read from the members' tools.py)."""
    import ast

    found: dict[str, list[str]] = {}
    for m in spec.members:
        tree = ast.parse((m.folder(folder) / "tools.py").read_text(encoding="utf-8"))
        found[m.prefix] = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)
                           and any(_is_tool_decorator(d) for d in node.decorator_list)]
    return _public(found)


def tool_parameters(member: Path) -> dict[str, list[str]]:
    """Each ``@tool`` function of a member's ``tools.py`` and its parameters after the database."""
    import ast

    tree = ast.parse((member / "tools.py").read_text(encoding="utf-8"))
    return {node.name: [a.arg for a in [*node.args.args, *node.args.kwonlyargs][1:]] for node in tree.body
            if isinstance(node, ast.FunctionDef) and any(_is_tool_decorator(d) for d in node.decorator_list)}


def _is_tool_decorator(node: Any) -> bool:
    import ast

    target = node.func if isinstance(node, ast.Call) else node
    return (isinstance(target, ast.Name) and target.id == "tool") or (
        isinstance(target, ast.Attribute) and target.attr == "tool")
