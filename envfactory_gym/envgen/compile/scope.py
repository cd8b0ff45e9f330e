"""Scope parameters: an input (nearly) every call requires that names no resource of the environment.

Cloud APIs take the store, queue or domain a call works in as an input of every call (``IdentityStoreId``,
``QueueUrl``, ``DomainName``). No compiled resource holds it and no tool lists it, so no agent or user could know
it: the compiler fixes it as the environment's one deployment-wide value, stated in the policy, accepted (or left
out) by every tool, and never asked of the user.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from envfactory_gym.envgen.compile.blueprint import singular
from envfactory_gym.envgen.digest import Digest, Parameter

#: The share of operations that must require a parameter for it to be the deployment's scope.
SCOPE_SHARE = 0.8
#: The fewest operations that make a pattern (fewer: the "scope" could be chance).
SCOPE_MIN_OPERATIONS = 3
#: Formats of a moment: a time sent with every call (a request's ``timestamp``) is the call's, never a place.
MOMENT_FORMATS = frozenset({"date", "date-time", "time"})
#: Name endings of values that stand for a place rather than a record's id.
_TRIMMED = ("_id", "_name", "_url", "_arn", "_key", "_code")


def find_scope(digest: Digest) -> dict[str, Any]:
    """``{parameter: value}`` for each scope parameter of ``digest``: required by at least ``SCOPE_SHARE`` of the
    operations (and ``SCOPE_MIN_OPERATIONS``), a plain string or integer and no moment, neither the key of a resource nor a
    reference to one, nor a per-call constant (an enum of one value differing between calls).

    Path parameters count too, those the operations dropped because no field holds them (``path-scope``: the
    ``{DomainName}`` of ``/domains/{DomainName}/profiles``). A resource's key is the scope when it encloses the
    path of nearly every call (followed by further segments): the domain every call works in, whose own calls
    (create, get or delete the domain) :func:`container_of` names so the plan can leave them out."""
    ops = digest.operations
    if len(ops) < SCOPE_MIN_OPERATIONS:
        return {}
    keys = {f.name for e in digest.entities for f in e.fields if f.primary_key}
    counts: Counter[str] = Counter()
    first: dict[str, Parameter] = {}
    enums: dict[str, set[Any]] = {}
    givens: dict[str, set[str]] = {}  # the path parameters an input stands for ({transformName}, {jobName})
    for op in ops:
        present = {p.name: p for p in op.parameters if p.required}
        for raw in op.extensions.get("path-scope") or []:
            present.setdefault(str(raw["name"]), Parameter(**raw))
        for p in present.values():
            counts[p.name] += 1
            first.setdefault(p.name, p)
            enums.setdefault(p.name, set()).update(p.enum or [None])
            if p.extensions.get("in") == "path":
                givens.setdefault(p.name, set()).add(str(p.extensions.get("given", "")))
    need = max(SCOPE_MIN_OPERATIONS, SCOPE_SHARE * len(ops))
    # The API's shape counts the calls left out too (a profile's parts, under /domains/{DomainName}/profiles/...),
    # and leaves out the container's own calls (/domains, /domains/{DomainName}), which cannot lie inside it.
    paths = [(op.path or "").split("/") for op in ops] + [
        str(s.get("path") or "").split("/") for s in digest.extensions.get("skipped") or [] if s.get("path")]
    out: dict[str, Any] = {}
    for name, n in counts.items():
        p = first[name]
        seg = "{" + str(p.extensions.get("given", "")) + "}" if p.extensions.get("in") == "path" else ""
        # one name for the keys of several resources (ARM's ``id`` of a transform and of a job) is no one container
        container = bool(seg) and len(givens.get(name, ())) <= 1 and encloses(seg, paths)
        if n < need or (name in keys or p.references) and not container \
                or p.type not in ("string", "integer") or len(enums[name]) > 1 or p.format in MOMENT_FORMATS:
            continue
        out[name] = scope_value(p)
    return out


def encloses(seg: str, paths: list[list[str]]) -> bool:
    """Whether path parameter ``seg`` (``{DomainName}``) encloses ``SCOPE_SHARE`` of the calls that are not the
    container's own (``/domains``, ``/domains/{DomainName}``), a collection inside it among them (calls such as
    ``/monitors/{name}/start`` or ``/query`` alone act on the record itself: no container)."""
    prefix = next((parts[:parts.index(seg) + 1] for parts in paths if seg in parts), None)
    if prefix is None:
        return False
    inner = [parts for parts in paths if parts not in (prefix, prefix[:-1])]
    within = [parts for parts in inner if seg in parts[:-1]]
    return len(inner) >= SCOPE_MIN_OPERATIONS and len(within) >= SCOPE_SHARE * len(inner) and \
        any(not _own_call(parts, seg) for parts in within)


def _own_call(parts: list[str], seg: str) -> bool:
    """Whether a path is a call on the record ``seg`` names itself: one word after it that names no collection
    (``start``, ``query``; a plural like ``profiles`` is a collection inside the record)."""
    if seg not in parts or parts.index(seg) != len(parts) - 2:
        return False
    word = re.sub(r"[^a-z0-9]+", "_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", parts[-1]).lower()).strip("_")
    return not parts[-1].startswith("{") and singular(word) == word


def container_of(digest: Digest, scope: dict[str, Any]) -> dict[str, str]:
    """``{resource: scope parameter}`` for each resource whose key is a scope parameter (the domain itself)."""
    return {e.name: pk.name for e in digest.entities if (pk := e.primary_key()) is not None and pk.name in scope}


def scope_value(p: Parameter) -> Any:
    """The deployment's value of scope parameter ``p``: the specification's example (or one its description
    gives), else a value made from its name that its pattern accepts."""
    pattern = p.pattern or ""
    given = [*(p.extensions.get("examples") or []), p.default, *(p.enum or [])]
    given += re.findall(r"(?:such as|e\.g\.|example|like)[:,]?\s*[`'\"]?([\w][\w\-:/.]*\d[\w\-:/.]*)",
                        p.description or "")
    for v in given:
        if v is not None and (not pattern or _fits(pattern, str(v))):
            return v
    if p.type == "integer":
        return 1
    base = p.name
    for end in _TRIMMED:
        base = base.removesuffix(end)
    named = f"https://example.com/{base.replace('_', '-')}-1" if p.name.endswith("_url") or p.format == "uri" \
        else f"{base.replace('_', '-')}-1"
    if not pattern or _fits(pattern, named):
        return named
    made = _from_pattern(pattern)
    return made if made is not None else named


def _fits(pattern: str, value: str) -> bool:
    try:
        return re.fullmatch(pattern, value) is not None or re.fullmatch(pattern.strip("^$"), value) is not None
    except re.error:
        return True


def _from_pattern(pattern: str) -> str | None:
    """A value of a simple pattern (literals and ``[...]`` classes with counts), or None."""
    first = pattern.split("|")[0].strip("^$")
    out = []
    for lit, cls, count in re.findall(r"(\\.|[^\[\]{}+*?\\])|\[([^\]]+)\](\{\d+(?:,\d*)?\}|[+*?])?", first):
        if lit:
            out.append(lit[-1])
            continue
        n = int(count.strip("{}").split(",")[0] or 1) if count.startswith("{") else \
            {"+": 6, "*": 0}.get(count, 1)
        chars = "1234567890" if "0-9" in cls else "abcdefghij" if "a-z" in cls else "ABCDEFGHIJ"
        out.append((chars * (n // 10 + 1))[:n])
    value = "".join(out)
    return value if value and _fits(pattern, value) else None


# -- the compiled tools' side ------------------------------------------------------------------------------------

#: The check every scoped tool starts with (in ``tools.py``).


def scope_phrase(name: str, value: Any) -> str:
    """The policy's sentence on one scope parameter."""
    return (f"This deployment's {name.replace('_', ' ')} is `{value}`: every tool works in it (pass it as "
            f"`{name}` or leave it out); no other value is accepted.")


def scope_signature(scope: dict[str, Any], names: list[str]) -> list[str]:
    return [f"{n}: {'int' if isinstance(scope[n], int) else 'str'} | None = None" for n in names]


def scope_docs(scope: dict[str, Any], names: list[str]) -> list[str]:
    return [f"{n}: This deployment's {n.replace('_', ' ')}, {scope[n]!r} (the only one; may be left out)."
            for n in names]


def scope_checks(scope: dict[str, Any], names: list[str]) -> list[str]:
    return [f'_in_scope("{n}", {n}, {json.dumps(scope[n])})' for n in names]
