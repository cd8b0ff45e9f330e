"""Write goals that agree with their records: what a goal says of the row it changes is true of that row, and the
change changes something.

A write call names its target rows by their ids; its other arguments that are fields of such a row either give
the row a new value (the call writes them) or say what the row already holds (a date that, with the id, names the
row). A value the call neither writes nor finds in the row contradicts the record: an agent that checks the row and
passes the true value would lose the trace. A call whose every such value is the row's own already changes
nothing that was asked for.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from envfactory_gym.querygen.describe import is_reference, key_of, same_value

if TYPE_CHECKING:
    from envfactory_gym.database import DuckDBState
    from envfactory_gym.package import EnvPackage
    from envfactory_gym.tasks import GoldCall

#: A target row: ``(table, key column, key value)``.
Target = tuple[str, str, str]
#: :func:`verdict` of a call that states only values its target rows already hold.
UNCHANGED = "unchanged"
#: :func:`verdict` of a call that states a value its target row does not hold, and no agreeing call exists.
CONTRADICTS = "contradicts"
#: A column names its rows when at least this share of its seeded values are distinct (names, titles, emails).
NAMING_SHARE = 0.9


def structured(value: Any) -> bool:
    """Whether a value is a list or record (or its JSON text): no detail a user states in words."""
    if isinstance(value, (list, dict)):
        return True
    return isinstance(value, str) and value.strip()[:1] in ("[", "{") and value.strip()[-1:] in ("]", "}")


def target_rows(pkg: EnvPackage, state: DuckDBState, args: dict[str, Any], ids: set[str]) -> dict[Target, Any]:
    """The rows a call's id arguments name (None for an id no row has), read from ``state`` as it is now."""
    tables = [t for t in pkg.template.tables.values() if len(t.primary_key) == 1]
    keys = {t.primary_key[0] for t in tables}
    out: dict[Target, Any] = {}
    for param, value in args.items():
        if (param.startswith("new_") or not is_reference(param, ids) or value is None
                or isinstance(value, (list, dict, bool))):
            continue
        key = key_of(param, ids, keys)
        for t in tables:
            if t.primary_key[0] == key:
                row = state.db.query_one(f'SELECT * FROM "{t.name}" WHERE CAST("{key}" AS VARCHAR) = ?', [str(value)])
                out[(t.name, key, str(value))] = row
    return out


def verdict(pkg: EnvPackage, before: dict[Target, Any], after: dict[Target, Any], args: dict[str, Any],
            masked: list[str]) -> str | dict[str, Any] | None:
    """Whether a write call that ran agrees with the rows it changed (``before`` and ``after`` it ran).

    None: it does. :data:`UNCHANGED`: every value it states of a changed row is what the row held already (a goal
    that asks for no change). A dict: the arguments that agree, where the call stated a field of a changed row that
    it did not write, with another value than the row's (take that value from the row). :data:`CONTRADICTS`: such a
    value, and the row holds none to take."""
    fixed = dict(args)
    kept: dict[str, bool] = {}  # the values stated of changed rows: whether each row keeps it
    keys: set[str] = set()
    for target, row in before.items():
        table, key, _ = target
        new = after.get(target)
        if row is None or new == row:
            continue  # not a row this call changed
        keys.add(key)
        columns = pkg.template.tables[table].columns
        for param, value in args.items():
            if param == key or param in masked or param not in columns or isinstance(value, (list, dict)):
                continue
            if same_value(value, row[param]):
                kept[param] = kept.get(param, True) and new is not None and same_value(value, new[param])
                continue
            kept[param] = False
            if new is not None and same_value(value, new[param]):
                continue  # a new value, written
            if row[param] is None or structured(row[param]):
                return CONTRADICTS
            fixed[param] = _like(row[param], value)
    if fixed != args:
        return fixed
    rest = [p for p in args if p not in masked and p not in keys]
    if rest and all(kept.get(p, False) for p in rest):
        return UNCHANGED
    return None


def _like(value: Any, example: Any) -> Any:
    """A row's ``value`` as an argument of the type of ``example`` (dates as ISO text for text arguments)."""
    if isinstance(example, str) and not isinstance(value, str):
        return value.isoformat() if hasattr(value, "isoformat") else str(value)
    if isinstance(example, (int, float)) and not isinstance(example, bool) and not isinstance(value, bool):
        try:
            return type(example)(value)
        except (TypeError, ValueError):
            return value
    return value


def conflicts(call: GoldCall, done: list[GoldCall], ids: set[str], created: set[str], identity: set[str]) -> bool:
    """Whether a write goal clashes with the earlier ones ``done``: it acts on the very rows one of them acted on,
    or repeats one's tool with its arguments or on a row they share (the user's own record, ``identity``, aside),
    or names a row one ``created``. Two tools that take no row and no value (two certificates to issue) do not
    clash."""
    def refs(c: GoldCall) -> dict[str, Any]:
        return {k: v for k, v in c.arguments.items() if is_reference(k, ids) and not k.startswith("new_")}

    def rows(c: GoldCall) -> set[str]:
        return {str(x) for v in refs(c).values() for x in (v if isinstance(v, list) else [v])} - identity

    mine = refs(call)
    values = {str(x) for v in call.arguments.values() for x in (v if isinstance(v, list) else [v])}
    return bool(values & created) or any(
        d.name == call.name and (d.arguments == call.arguments or rows(call) & rows(d))
        or (mine and mine == refs(d)) for d in done)


def duplicates_a_name(state: DuckDBState, changes: Iterable[tuple[str, str, str]], args: dict[str, Any],
                      choices: set[str]) -> list[tuple[str, str]]:
    """Whether a write gives a row a value the user states that another row of its table already holds in a column
    that names its rows (a second department "Daniel Love", a rename to a name another row has): the request then
    names two records, and a careful agent must stop to ask. Values the tool offers as choices never count.
    Returns the ``(table, parameter)`` pairs that do."""
    out: list[tuple[str, str]] = []
    for table, _key, dumped in changes:
        if dumped == "-":
            continue
        row = json.loads(dumped)
        for param, value in args.items():
            if param in choices or param not in row or not isinstance(value, str) or not same_value(value, row[param]):
                continue
            if len(value.strip()) < 3 or not any(c.isalpha() for c in value):
                continue
            column = f'"{param}"'
            total = state.db.scalar(f'SELECT count({column}) FROM "{table}"')
            distinct = state.db.scalar(f'SELECT count(DISTINCT lower(CAST({column} AS VARCHAR))) FROM "{table}"')
            if not total or distinct < NAMING_SHARE * (total - 1):  # judged without the row this write gave it
                continue  # a column many rows share values of (a category, a city): no name
            others = state.db.scalar(f'SELECT count(*) FROM "{table}" WHERE lower(CAST({column} AS VARCHAR)) = lower(?)',
                                     [value.strip()])
            if others and others > 1:
                out.append((table, param))
    return out


def recombinable(value: str) -> bool:
    """Whether :func:`fresh_name` can make a new value of ``value``'s form: several words, or an email."""
    return len(value.split()) > 1 or (value.count("@") == 1 and " " not in value.strip())


def fresh_name(state: DuckDBState, table: str, column: str, value: str, rng: Any) -> str | None:
    """A value for ``column`` of ``table`` that no row holds, made of the words its rows' values use (the first
    words of ``value`` with the last word of another row's; an email's name joined with another row's), or None
    for a single word or when ten tries find none."""
    words = value.split()
    rows = [str(r[column]) for r in state.db.query(f'SELECT DISTINCT "{column}" FROM "{table}" WHERE "{column}" '
                                                   "IS NOT NULL ORDER BY 1")]
    taken = {r.lower() for r in rows}
    if not recombinable(value):
        return None  # a single word (a code, a handle): nothing to recombine without breaking its form
    if len(words) == 1:  # an email: another row's name after this one's, before its domain
        domain = value.split("@")[1]
        names = [r.split("@")[0] for r in rows if r.count("@") == 1 and r.lower() != value.lower()]
        for _ in range(10):
            if not names:
                return None
            candidate = f"{value.split('@')[0]}.{rng.choice(names)}@{domain}"
            if candidate.lower() not in taken:
                return candidate
        return None
    tails = [r.split()[-1] for r in rows if r.split() and r.lower() != value.lower()]
    for _ in range(10):
        if not tails:
            return None
        tail = rng.choice(tails)
        candidate = " ".join([*words[:-1], tail])
        if candidate.lower() not in taken:
            return candidate
    return None
