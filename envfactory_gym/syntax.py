"""``parse_python``: ``ast.parse`` that is safe to call from several threads at once."""

from __future__ import annotations

import ast
import threading
from typing import Literal, overload

#: CPython 3.11 keeps the AST builder's recursion-depth count in per-interpreter state, shared by threads: two
#: threads parsing at once can raise "SystemError: AST constructor recursion depth mismatch" (seen in an EnvGen batch
#: on 3.11.7). Our threads (a batch of environments, concurrent eval episodes, gates side by side) parse one at a time.
_LOCK = threading.Lock()


@overload
def parse_python(source: str, filename: str = ..., mode: Literal["exec"] = ...) -> ast.Module: ...
@overload
def parse_python(source: str, filename: str = ..., *, mode: Literal["eval"]) -> ast.Expression: ...
@overload
def parse_python(source: str, filename: str, mode: Literal["eval"]) -> ast.Expression: ...
@overload
def parse_python(source: str, filename: str = ..., mode: str = ...) -> ast.AST: ...


def parse_python(source: str, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """``ast.parse(source, filename, mode)`` under a process-wide lock; raises ``SyntaxError`` as it does."""
    with _LOCK:
        return ast.parse(source, filename=filename, mode=mode)
