"""RPC call names: their words (``unSuspendAccountHolder`` is *unsuspend account holder*), the call a query-protocol
route names (``/?Action=CreateQueue``), and what a call whose first word is no known verb does.

A POST to ``/checkAccountHolder`` or ``/unSuspendAccountHolder`` is not a create of an account holder: its first
word is a verb the compiler does not know, applied to an existing record. Such a call is an action (a state
change when a status enum holds a value for its verb, else left out with the reason), never a create.
"""

from __future__ import annotations

import re

from envfactory_gym.envgen.compile.blueprint import article, singular
from envfactory_gym.envgen.compile.openapi import snake

#: Prefixes a camelCase name spells as a word of their own (``unSuspend``, ``reActivate``): part of the next word.
PREFIXES = frozenset({"un", "re", "de", "dis", "pre"})


def call_words(name: str) -> list[str]:
    """The words of a call's name, a prefix joined to the word it modifies: ``unSuspendAccountHolder`` ->
    ``["unsuspend", "account", "holder"]``."""
    words = [w for w in snake(name).split("_") if w]
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] in PREFIXES and i + 1 < len(words):
            out.append(words[i] + words[i + 1])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def query_action(path: str) -> str | None:
    """The call a query-protocol route names (``/#Action=CreateQueue``, ``/?Action=CreateQueue&Version=1``,
    ``/{Account}/{Queue}/#Action=CreateQueue``), or None."""
    found = re.search(r"[#?&]Action=([A-Za-z][A-Za-z0-9]*)", path)
    return found.group(1) if found else None


def is_rpc_path(raw_path: str, route: str) -> bool:
    """Whether a route is one RPC call rather than a collection: the call named in a fragment or query
    (``/#X-Amz-Target=...``, ``/?Action=...``), or a single camelCase segment (``/checkAccountHolder``)."""
    if raw_path != route:
        return True
    segments = [s for s in route.split("/") if s]
    return len(segments) == 1 and re.fullmatch(r"[a-z]+(?:[A-Z][a-z0-9]*)+|(?:[A-Z][a-z0-9]+){2,}",
                                                segments[0]) is not None


def unknown_verb_call(segment: str, known: frozenset[str] | set[str], tables: dict[str, str],
                      singles: set[str], rpc: bool) -> bool:
    """Whether ``segment`` is a call with an unknown verb on an existing record: its first word is no verb in
    ``known`` and the rest names one resource in the singular (``check`` + ``account_holder``); or, for an RPC
    route (``rpc``), the rest names no resource at all (``uploadDocument``, whose response is an account holder).

    A plural rest names a collection (``userProfiles``: a POST there creates a profile)."""
    words = call_words(segment)
    if len(words) < 2 or words[0] in known:
        return False
    rest = "_".join(words[1:])
    if rest in singles:
        return True
    return rpc and rest not in tables and rest.replace("_", "") not in tables


def names_part(segment: str, verbs: frozenset[str] | set[str]) -> bool:
    """Whether a path segment names a collection inside a record (``objects``, ``assignees``): a plural noun, not a
    verb in ``verbs`` (``delete``, ``search``) nor a word like ``me``."""
    words = snake(segment).split("_")
    return not segment.startswith("{") and words[0] not in verbs and singular(words[-1]) != words[-1]


def article_of(entity: str) -> str:
    """A resource's name as a noun with its article: ``IssueComment`` -> ``an issue comment``."""
    return article(singular(snake(entity)).replace("_", " "))
