"""Offline rule-based refiner: natural requests that refer to things by name, never by identifier."""

from __future__ import annotations

import functools
import random
import re
from typing import Any

from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.graph import identifier_columns, iter_fields
from envfactory_gym.tasks import Task, UserFact

#: How a write is asked for; ``{ref}`` is the thing it acts on, ``{details}`` its other arguments.
WRITE_PHRASES = {
    "cancel": "please cancel {ref}{details}",
    "return": "I'd like to return {ref}{details}",
    "exchange": "I'd like to exchange {ref}{details}",
    "modify": "please change {ref}{details}",
    "update": "please update {ref}{details}",
    "issue": "could I get some compensation for {ref}{details}",
}
_NAME_KEYS = ("product_name", "name", "label", "title")
_TOKEN = re.compile(r"[A-Za-z0-9][\w\-.@]*[A-Za-z0-9]|[A-Za-z0-9]")


def refine_task(task: Task, pkg: EnvPackage, results: list[Any] | None = None,
                rng: random.Random | None = None) -> Task:
    """Rewrite ``task``'s instruction as one natural request, moving some facts into ``user_facts``."""
    rng = rng or random.Random(task.id)
    results = list(results) if results is not None else list(pkg.gold(task).results)
    ids = identifier_columns(pkg)
    ctx = _contexts(results)
    opening, facts = _identity(task, ids, rng)
    goals = [_goal(call.name, call.arguments, pkg, ids, ctx) for call in task.gold_calls
             if pkg.tools[call.name].writes]
    if not goals:
        goals = [_question(task, results[-1], ids, ctx)]
    text = f"{opening} {' Also, '.join(_cap(g) for g in goals)}".strip()
    refined = task.model_copy(update={"instruction": text, "user_facts": {**task.user_facts, **facts}})
    return _with_missing_values(refined, ids)


def _with_missing_values(task: Task, ids: set[str]) -> Task:
    """Add the user-given values the sentences left out, so that the request still determines the gold calls."""
    from envfactory_gym.querygen.llm_refine import missing_values  # that module imports this one

    values: dict[str, str] = {}
    for call in task.gold_calls:
        for key, value in call.arguments.items():
            if key in ids or key.endswith(("_id", "_ids")) or key in call.masked:
                continue
            for v in value if isinstance(value, list) else [value]:
                if v is not None and not isinstance(v, (bool, dict, list)):
                    values.setdefault(str(v), key)
    missing = missing_values(task, list(values))
    if not missing:
        return task
    said = ", ".join(f"{values[v].replace('_', ' ')} {v.replace('_', ' ')}" for v in missing)
    return task.model_copy(update={"instruction": f"{task.instruction} (Details: {said}.)"})


def leaked_identifiers(task: Task, pkg: EnvPackage) -> list[str]:
    """Identifier values (seed primary keys, ids the tools return) that appear verbatim in the instruction."""
    known = set(_seed_identifiers(pkg))
    ids = identifier_columns(pkg)
    for call in task.gold_calls:
        for k, v in call.arguments.items():
            if k in ids or k.endswith("_id"):
                known.update(str(x) for x in (v if isinstance(v, list) else [v]))
    tokens = {t.upper() for t in _TOKEN.findall(task.instruction)}
    return sorted(v for v in known if v.upper() in tokens)


@functools.lru_cache(maxsize=8)
def _seed_identifiers_cached(path: str, pkg: EnvPackage) -> frozenset[str]:
    state = pkg.new_state()
    try:
        out: set[str] = set()
        for t in pkg.template.tables.values():
            for col in t.primary_key:
                rows = state.db.query(f"SELECT DISTINCT CAST({col} AS VARCHAR) AS v FROM {t.name}")
                # Short numeric keys (1, 2...) would match any number in a sentence.
                out.update(r["v"] for r in rows if r["v"] and len(r["v"]) >= 4)
        return frozenset(out)
    finally:
        state.close()


def _seed_identifiers(pkg: EnvPackage) -> frozenset[str]:
    return _seed_identifiers_cached(str(pkg.path), pkg)


def _contexts(results: list[Any]) -> dict[str, list[dict[str, Any]]]:
    """For each identifier value seen in the results, the records that hold it (richest first)."""
    ctx: dict[str, list[dict[str, Any]]] = {}
    for result in results:
        for _, value, record in iter_fields(result):
            if isinstance(value, str):
                ctx.setdefault(value, []).append(record)
    for records in ctx.values():
        records.sort(key=lambda r: -len(r))
    return ctx


def _identity(task: Task, ids: set[str], rng: random.Random) -> tuple[str, dict[str, UserFact]]:
    """The opening line and the facts held back: the first call's user-given arguments."""
    first = task.gold_calls[0]
    args = {k: v for k, v in first.arguments.items() if k not in ids and isinstance(v, str)}
    facts: dict[str, UserFact] = {}
    name = " ".join(str(args.pop(k)) for k in ("first_name", "last_name") if k in args)
    opening = f"Hi, I'm {name}." if name else "Hi there."
    if len(task.gold_calls) == 1:
        # A one-call task is the lookup itself: what it needs must be in the request.
        said = "; ".join(f"my {k.replace('_', ' ')} is {v}" for k, v in args.items())
        return (f"{opening} {_cap(said)}." if said else opening), facts
    for k, v in args.items():
        if k in ("email", "zip_code", "phone") and (len(task.gold_calls) > 1):
            words = k.replace("_", " ")
            facts[k] = UserFact(value=v, keywords=[words, *_KEYWORDS.get(k, [])])
    return opening, facts


_KEYWORDS = {"email": ["e-mail", "mail"], "zip_code": ["zip", "postal"], "phone": ["number"]}


def _describe(key: str, value: Any, ctx: dict[str, list[dict[str, Any]]], ids: set[str]) -> str:
    """A way to name ``value`` without spelling it: the product names of an order, a variant's color..."""
    records = [r for r in ctx.get(str(value), []) if any(r.get(k) == value for k in r)]
    for r in records:
        items = r.get("items")
        if isinstance(items, list) and items:
            names = [i if isinstance(i, str) else i.get("product_name", "") for i in items]
            names = sorted({n for n in names if n})
            if names:
                when = f" from {str(r['placed_at'])[:10]}" if r.get("placed_at") else ""
                return f"my order{when} with the {' and the '.join(names[:3])}"
    for r in records:
        label = [str(r[k]) for k in _NAME_KEYS if r.get(k)]
        variant = ", ".join(f"{k} {r[k]}" for k in ("color", "size") if r.get(k))
        if label and variant:
            return f"the {label[0]} ({variant})"
        if label:
            return f"the {label[0]}" if key != "payment_id" else f"my {label[0]}"
        if variant:
            return f"the {variant} one"
    if key == "customer_id":
        return "my account"
    return f"the {key.removesuffix('_id').replace('_', ' ')} we talked about"


def _goal(tool: str, args: dict[str, Any], pkg: EnvPackage, ids: set[str],
          ctx: dict[str, list[dict[str, Any]]]) -> str:
    refs, details = [], []
    for k, v in args.items():
        if k in ids or k.endswith("_id") or k.endswith("_ids"):
            values = v if isinstance(v, list) else [v]
            desc = " and ".join(_describe(k.removesuffix("s"), x, ctx, ids) for x in values)
            if k.startswith("new_"):
                details.append(f" for {desc.removeprefix('the ').removesuffix(' one')} instead")
            elif k == "payment_id":
                details.append(f", paying with {desc}")
            else:
                refs.append(desc)
        elif k in ("line1", "line2", "city", "state", "zip_code"):
            continue
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            details.append(f", {k.replace('_', ' ')} ${v:.2f}")
        elif v is not None:
            details.append(f", {k.replace('_', ' ')}: {str(v).replace('_', ' ')}")
    if "line1" in args:
        addr = ", ".join(str(args[k]) for k in ("line1", "line2", "city") if args.get(k))
        details.insert(0, f" to {addr}, {args.get('state', '')} {args.get('zip_code', '')}".rstrip())
    # The most specific thing first: "the Sandal (size 9) from my order with the Sandal and the Tent".
    ref = " from ".join(reversed(list(dict.fromkeys(refs)))) or "my account"
    verb = tool.split("_")[0]
    phrase = WRITE_PHRASES.get(verb, "please " + tool.replace("_", " ") + " for {ref}{details}")
    if tool.startswith("update_default_address"):
        return f"please make my default address{''.join(details)}."
    if tool.startswith("modify") and "payment_id" in args:
        return f"please switch the payment of {ref}{''.join(details)}."
    if tool.startswith("modify") and "line1" in args:
        return f"please ship {ref}{''.join(details)}."
    return phrase.format(ref=ref, details="".join(details)) + "."


def _question(task: Task, result: Any, ids: set[str], ctx: dict[str, list[dict[str, Any]]]) -> str:
    keys = []
    for out in task.outputs:
        for k, v, _ in iter_fields(result):
            if str(v) == out and k not in keys:
                keys.append(k)
                break
    what = " and ".join(k.replace("_", " ") for k in keys) or "details"
    last = task.gold_calls[-1]
    subject = ""
    for k, v in last.arguments.items():
        if k in ids or k.endswith("_id"):
            subject = " of " + _describe(k, v, ctx, ids)
            break
        if isinstance(v, str) and k not in ("email", "first_name", "last_name", "zip_code"):
            subject = f" for {v.replace('_', ' ')}"
    return f"could you tell me the {what}{subject}?"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
