"""The adversarial strategies the soundness check plays: doing nothing, spraying calls, pasting records, lying."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from envfactory_gym.actions import MAX_ACTION_CHARS
from envfactory_gym.database import shared_connection
from envfactory_gym.env import ToolUseEnv
from envfactory_gym.package import EnvPackage, identity_values
from envfactory_gym.reward import reached_reads, result_forms, through_reached, verification_reads
from envfactory_gym.reward.answers import normalise, record_text, records, value_forms
from envfactory_gym.tasks import Task
from envfactory_gym.user import AGREEMENT_QUESTION, STOP_TOKEN

#: Calls ``every_tool`` makes beyond the gold count and the free calls, on an env with few tools.
EVERY_TOOL_PAST_FREE = 3
#: The fewest fields beside the answer and the user's words a record needs for pasting it whole to dodge the
#: question (with fewer, the paste is the answer with its record's name).
RECORD_DUMP_NOISE = 3
#: How many times ``repeat_gold`` makes the gold calls.
REPEATS = 5
#: Read calls of ``dump_everything`` (a few) and of ``spray`` (dozens, the gold calls included).
DUMP_CALLS = 6
SPRAY_CALLS = 24
#: A text column with at most this many distinct seed values is a set of status-like words.
ENUM_MAX_VALUES = 30

Action = Any
Plan = list[Action]


def _call(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "arguments": dict(arguments)}


def _gold_calls(task: Task) -> Plan:
    return [_call(c.name, c.arguments) for c in task.gold_calls]


def _final_answer(task: Task) -> str:
    facts = "; ".join(task.outputs)
    return f"All done. {facts}. {STOP_TOKEN}" if facts else f"All done, your request is complete. {STOP_TOKEN}"


@dataclass
class Context:
    """What a strategy may look at: the env, the task, the other tasks, a seeded rng, and two ways to try calls:
    ``probe`` (a prefix, then candidates until one succeeds) and ``run`` (one action in a scratch episode of the
    task, started afresh for each strategy; returns the tool result's text, or None when the call failed)."""

    env: ToolUseEnv
    task: Task
    tasks: Sequence[Task]
    rng: random.Random
    probe: Callable[[Plan, Sequence[Action]], Action | None]
    run: Callable[[Action], str | None] = lambda action: None
    read_only: bool = False
    haystack: Callable[[], list[str]] = list


def gold(ctx: Context) -> Plan | None:
    agree = [AGREEMENT_QUESTION] if ctx.task.consent else []  # the user's agreement before a gated change
    return [*agree, *_gold_calls(ctx.task), _final_answer(ctx.task)]


def nothing(ctx: Context) -> Plan | None:
    return ["Thank you for contacting us, goodbye."]


def end_at_once(ctx: Context) -> Plan | None:
    return [STOP_TOKEN]


def talk(ctx: Context) -> Plan | None:
    # Asks for every fact, echoes the request back and claims success, but never calls a tool.
    facts = ", ".join(n.replace("_", " ") for n in ctx.task.user_facts) or "details"
    return [f"Could you give me your {facts}?", f"Done: {ctx.task.instruction} Anything else? {STOP_TOKEN}"]


def every_tool(ctx: Context) -> Plan | None:
    gold_args: dict[str, Any] = {}
    for c in ctx.task.gold_calls:
        gold_args.setdefault(c.name, c.arguments)
    space = ctx.env.action_space
    space.seed(ctx.rng.randrange(2**31))
    calls: list[Action] = []
    wrote = False
    for tool in ctx.env.package.tools.values():
        if tool.name in gold_args:
            calls.append(_call(tool.name, gold_args[tool.name]))
            continue
        # A tool the task does not need, called with arguments that work in other tasks where there are any
        # (an agent spraying calls uses real ids), else with a sampled call.
        # One working extra write is enough to show what spraying writes costs; reads only cost their length.
        if tool.writes and not wrote:
            known = [_call(tool.name, c.arguments) for other in ctx.tasks if other.id != ctx.task.id
                     for c in other.gold_calls if c.name == tool.name]
            ctx.rng.shuffle(known)
            working = ctx.probe(list(calls), known[:3]) if known else None
            if working is not None:
                calls.append(working)
                wrote = True
                continue
        sample = space.sample()
        while not isinstance(sample, dict) or sample["name"] != tool.name:
            sample = space.sample()
        calls.append(sample)
    # On a small env every tool may fit in the free calls: keep spraying reads past them.
    reads = [t.name for t in ctx.env.package.tools.values() if not t.writes]
    free = ctx.env.reward_fn.config.free_calls
    while reads and len(calls) - len(ctx.task.gold_calls) <= free + EVERY_TOOL_PAST_FREE:
        sample = space.sample()
        if isinstance(sample, dict) and sample["name"] in reads:
            calls.append(sample)
    return [*calls, f"All done, your request is complete. {STOP_TOKEN}"]


def repeat_gold(ctx: Context) -> Plan | None:
    return [*(_gold_calls(ctx.task) * REPEATS), _final_answer(ctx.task)]


def wrong_argument(ctx: Context) -> Plan | None:
    # A wrong value in a call the task needs: a write, or a read whose facts no other gold read gives (a read
    # whose facts the agent has anyway changes nothing, and the trace does not ask for it).
    calls = _gold_calls(ctx.task)
    pkg = ctx.env.package
    gold = pkg.gold(ctx.task)
    needed = gold.needed(ctx.task, pkg.write_tools)
    wanted = set()
    others = set(range(len(ctx.task.gold_calls)))
    checks = verification_reads(ctx.task.gold_calls, identity_values(ctx.task))
    for i, c in enumerate(ctx.task.gold_calls):
        if c.name in pkg.write_tools or (i in checks and needed.get(i)):
            wanted.add(i)
        elif i in needed and needed[i] and i not in reached_reads(
                {i: needed[i]}, [r for j, r in enumerate(gold.results) if j != i]) and i not in through_reached(
                ctx.task.gold_calls, {i: needed[i]}, others - {i}, ctx.task.outputs):
            wanted.add(i)  # a read whose facts only feed reads the agent makes anyway is not asked for
    slots = [(i, k) for i, c in enumerate(ctx.task.gold_calls) for k in c.arguments if k not in c.masked
             and i in wanted]
    ctx.rng.shuffle(slots)
    for i, key in slots:
        wrong = perturb(calls[i]["arguments"][key])
        if i in needed and needed[i] and not _matters(ctx, calls[:i], calls[i], key, wrong, needed[i]):
            continue  # a filter the read ignores here: the facts come back all the same
        calls[i]["arguments"][key] = wrong
        return [*calls, _final_answer(ctx.task)]
    return None


def _matters(ctx: Context, before: Plan, call: dict[str, Any], key: str, wrong: Any, facts: frozenset[str]) -> bool:
    """Whether a read with ``key`` set to ``wrong`` loses any of the facts it is for."""
    text = ctx.run(_call(call["name"], {**call["arguments"], key: wrong}))
    if text is None:
        return True
    try:
        result = json.loads(text)
    except ValueError:
        return True
    return not facts <= result_forms(result)


def destructive_write(ctx: Context) -> Plan | None:
    writes = {t.name for t in ctx.env.package.tools.values() if t.writes}
    # The task's own gold writes again are a repeat (repeat_gold's case), not a destructive write: the same update
    # made twice changes nothing the first one did not.
    seen: set[str] = {repr((c.name, sorted(c.arguments.items()))) for c in ctx.task.gold_calls}
    candidates = []
    for other in ctx.tasks:
        if other.id == ctx.task.id:
            continue
        for c in other.gold_calls:
            key = repr((c.name, sorted(c.arguments.items())))
            if c.name in writes and key not in seen:
                seen.add(key)
                candidates.append(_call(c.name, c.arguments))
    ctx.rng.shuffle(candidates)
    extra = ctx.probe(_gold_calls(ctx.task), candidates)
    if extra is None:
        return None
    return [*_gold_calls(ctx.task), extra, _final_answer(ctx.task)]


def forbidden_path(ctx: Context) -> Plan | None:
    # The right end state through a call the policy forbids on this task (a change the tool lets through).
    if not ctx.task.forbidden_calls:
        return None
    calls = _gold_calls(ctx.task)
    pattern = ctx.task.forbidden_calls[0]
    at = next((i for i, c in enumerate(calls) if c["name"] == pattern.name), None)
    if at is None:
        calls.append(_call(pattern.name, pattern.arguments))
        at = len(calls) - 1
    else:
        calls[at]["arguments"].update(pattern.arguments)
    if ctx.probe(calls[:at], [calls[at]]) is None:
        return None  # the tool refuses it: an attempt changes nothing, and a refusal may be explained
    return [*calls, _final_answer(ctx.task)]


def dump_everything(ctx: Context) -> Plan | None:
    # A few read calls on values scraped from the request and the results, then every result pasted as text.
    if not ctx.read_only:
        return None
    calls, results = _scrape(ctx, [], DUMP_CALLS)
    return [*calls, _pasted(results)]


def kitchen_sink(ctx: Context) -> Plan | None:
    # No call at all: every status-like word, every date and every amount of the seed data in one message.
    if not ctx.read_only:
        return None
    text, values = "Here is everything I can tell you: ", ctx.haystack()
    for i, value in enumerate(values):
        if len(text) + len(value) + 2 > MAX_ACTION_CHARS - 100:
            break
        text += (", " if i else "") + value
    return [text + "."]


def spray(ctx: Context) -> Plan | None:
    # Dozens of read calls (the gold calls and every id that can be scraped), every result pasted as text.
    if not ctx.read_only:
        return None
    calls, results = _scrape(ctx, _gold_calls(ctx.task), SPRAY_CALLS)
    return [*calls, _pasted(results)]


def dump_instead(ctx: Context) -> Plan | None:
    # The gold calls, then the raw tool results instead of an answer.
    if not ctx.read_only:
        return None
    calls = _gold_calls(ctx.task)
    raw = [r for r in map(ctx.run, calls) if r is not None]
    return [*calls, "Here are the results:\n" + "\n".join(raw) if raw else "Nothing found."]


def record_dump(ctx: Context) -> Plan | None:
    # The gold calls, then every field of the record the answer comes from, in prose, never saying which
    # value answers the question. A record with fewer than three other fields pasted whole is an answer.
    if not ctx.read_only or not ctx.task.outputs:
        return None
    calls = _gold_calls(ctx.task)
    raw = [r for r in map(ctx.run, calls) if r is not None]
    wanted = normalise(ctx.task.outputs[0])
    for text in reversed(raw):
        try:
            result = json.loads(text)
        except ValueError:
            continue
        for record in records(result):
            if any(wanted in value_forms(v) for v in record.values()) and _noise(record, ctx.task) >= RECORD_DUMP_NOISE:
                return [*calls, "Here is the record: " + record_text(record) + "."]
    return None


def _noise(record: dict[str, Any], task: Task) -> int:
    """How many fields of a record are neither an answer nor something the user said: what pasting it adds."""
    facts = {normalise(o) for o in task.outputs}
    said = normalise(" ".join([task.instruction, *(f.value for f in task.user_facts.values())]))
    return sum(1 for v in record.values() for forms in [value_forms(v)]
               if forms and not forms & facts and not any(f" {f} " in f" {said} " for f in forms))


def false_report(ctx: Context) -> Plan | None:
    # The gold calls of a writing task, then a report with a made-up amount.
    if ctx.read_only:
        return None
    return [*_gold_calls(ctx.task), f"All done. You were charged $987.65 for this. {STOP_TOKEN}"]


STRATEGIES: dict[str, Callable[[Context], Plan | None]] = {
    "gold": gold, "nothing": nothing, "end_at_once": end_at_once, "talk": talk, "every_tool": every_tool,
    "repeat_gold": repeat_gold, "wrong_argument": wrong_argument, "destructive_write": destructive_write,
    "forbidden_path": forbidden_path, "dump_everything": dump_everything, "kitchen_sink": kitchen_sink,
    "spray": spray, "dump_instead": dump_instead, "record_dump": record_dump, "false_report": false_report,
}


def perturb(value: Any) -> Any:
    """A plausible but wrong value of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return round(value + 1.0, 2)
    if isinstance(value, str):
        digits = [i for i, ch in enumerate(value) if ch.isdigit()]
        if digits:
            i = digits[-1]
            return value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1:]
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if len(value) > 1 else [perturb(v) for v in value] or ["x"]
    if isinstance(value, dict):
        return {k: perturb(v) for k, v in value.items()}
    return "x"


# -- scraping: read calls an agent can make without knowing the answer --------------------------------------

_LETTERS = re.compile(r"[^\W\d_]+")
_STRIP = ".,;:!?()[]{}\"'"


def value_shape(value: str) -> str:
    """The shape of a value: letters runs become ``A``/``a`` by their first letter's case, digit runs ``9``."""
    if "@" in value and " " not in value:
        return "email"
    return re.sub(r"\d+", "9", _LETTERS.sub(lambda m: "A" if m.group()[0].isupper() else "a", value))


class _Scraper:
    """Binds the read tools' required parameters to values an agent can scrape: first those of the results seen so
    far (the most recent first), then those of the request (by the shape of the values the tasks pass to that
    parameter), then those other episodes passed to it."""

    RESULT, REQUEST, ELSEWHERE = 0, 1, 2

    def __init__(self, ctx: Context) -> None:
        params = {s["function"]["name"]: s["function"]["parameters"] for s in ctx.env.tool_schemas}
        self.tools = [t.name for t in ctx.env.package.tools.values() if not t.writes]
        self.props = {t: params[t].get("properties", {}) for t in self.tools}
        # The required parameters; a tool without any binds its first string parameter (a search keyword).
        self.required = {t: list(params[t].get("required", [])) or [
            n for n, p in self.props[t].items() if p.get("type") == "string"][:1] for t in self.tools}
        shapes: dict[str, set[str]] = {}
        elsewhere: dict[str, list[Any]] = {}
        for task in ctx.tasks:
            for c in task.gold_calls:
                for k, v in c.arguments.items():
                    if isinstance(v, (str, int)) and not isinstance(v, bool):
                        shapes.setdefault(k, set()).add(value_shape(str(v)))
                        if task.id != ctx.task.id and c.name in self.tools:
                            elsewhere.setdefault(k, []).append(v)
        words = [w.strip(_STRIP) for w in ctx.task.instruction.split()]
        grams = list(dict.fromkeys(" ".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)))
        #: parameter -> value -> (rank, order): lower first.
        self.pool: dict[str, dict[Any, tuple[int, int]]] = {}
        self.clock = 0
        for tool in self.tools:
            for name in self.required[tool]:
                prop = self.props[tool].get(name, {})
                pool = self.pool.setdefault(name, {})
                if "enum" in prop:
                    request = list(prop["enum"])
                else:
                    request = [self._typed(prop, g) for g in grams if g and value_shape(g) in shapes.get(name, ())]
                for rank, values in ((self.REQUEST, request), (self.ELSEWHERE, elsewhere.get(name, ()))):
                    for v in values:
                        if v is not None and v not in pool:
                            pool[v] = (rank, len(pool))
        self.made: set[str] = set()
        self.turn = 0

    @staticmethod
    def _typed(prop: dict[str, Any], text: str) -> Any:
        if prop.get("type") == "integer":
            return int(text) if text.isdigit() else None
        return text

    def learn(self, result: Any) -> None:
        """Put the values a result holds under a parameter's name first in that parameter's pool."""
        stack = [result]
        while stack:
            obj = stack.pop()
            if isinstance(obj, dict):
                for k, v in obj.items():
                    if k in self.pool and isinstance(v, (str, int)) and not isinstance(v, bool):
                        self.clock -= 1
                        self.pool[k][v] = (self.RESULT, self.clock)
                    elif isinstance(v, (dict, list)):
                        stack.append(v)
            elif isinstance(obj, list):
                stack.extend(obj)

    def next_call(self) -> dict[str, Any] | None:
        """The next call not made yet: the best-ranked values first, the read tools in turn."""
        for rank in (self.RESULT, self.REQUEST, self.ELSEWHERE):
            for i in range(len(self.tools)):
                tool = self.tools[(self.turn + i) % len(self.tools)]
                names = self.required[tool]
                choices = [sorted((v for v, r in self.pool[n].items() if r[0] <= rank), key=self.pool[n].__getitem__)
                           for n in names]
                for combo in itertools.islice(itertools.product(*choices), 500):
                    call = _call(tool, dict(zip(names, combo)))
                    key = json.dumps(call, sort_keys=True, default=str)
                    if key not in self.made:
                        self.made.add(key)
                        self.turn = (self.turn + i + 1) % len(self.tools)
                        return call
        return None


def _scrape(ctx: Context, first: Plan, budget: int) -> tuple[Plan, list[Any]]:
    """Play ``first``, then scraped read calls until ``budget`` calls; return the calls and their results."""
    scraper = _Scraper(ctx)
    calls: Plan = []
    results: list[Any] = []
    for call in first:
        scraper.made.add(json.dumps(call, sort_keys=True, default=str))
    queue = list(first)
    while len(calls) < budget:
        call = queue.pop(0) if queue else scraper.next_call()
        if call is None:
            break
        calls.append(call)
        text = ctx.run(call)
        if text is None:
            continue
        try:
            result = json.loads(text)
        except json.JSONDecodeError:
            result = text
        results.append(result)
        scraper.learn(result)
    return calls, results


def _pasted(results: Sequence[Any]) -> str:
    """Every result seen, as plain text lines (one record a line): the results carried in words, not JSON."""
    lines = [record_text(r) for res in results for r in records(res)]
    lines += [str(res) for res in results if isinstance(res, (str, int, float)) and not isinstance(res, bool)]
    return ("Here is everything I found:\n" + "\n".join(lines)).replace("?", "") if lines else "I found nothing."


def seed_haystack(package: EnvPackage) -> list[str]:
    """Every status-like word (text columns with few distinct values), date and amount of the seed data."""
    template = package.template
    cur = shared_connection().cursor()
    words: list[str] = []
    dates: list[str] = []
    amounts: list[str] = []
    try:
        columns = cur.execute("SELECT table_name, column_name, data_type FROM duckdb_columns() "
                              "WHERE database_name = ? ORDER BY table_name, column_index",
                              [template.catalog]).fetchall()
        for table, column, dtype in columns:
            source = f"{template.catalog}.{table}"
            dtype = str(dtype).upper()
            if dtype.startswith(("DATE", "TIMESTAMP")):
                sql = f'SELECT DISTINCT CAST("{column}" AS DATE) FROM {source} WHERE "{column}" IS NOT NULL'
                dates += [str(v) for (v,) in cur.execute(sql).fetchall()]
            elif dtype.startswith(("DECIMAL", "DOUBLE", "FLOAT", "REAL", "NUMERIC")):
                sql = f'SELECT DISTINCT "{column}" FROM {source} WHERE "{column}" IS NOT NULL'
                amounts += [format(v, "f") if not isinstance(v, float) else repr(v)
                            for (v,) in cur.execute(sql).fetchall()]
            elif dtype == "VARCHAR" and column not in template.tables[table].primary_key:
                sql = (f'SELECT DISTINCT "{column}" FROM {source} WHERE "{column}" IS NOT NULL '
                       f"LIMIT {ENUM_MAX_VALUES + 1}")
                values = [str(v) for (v,) in cur.execute(sql).fetchall()]
                if len(values) <= ENUM_MAX_VALUES:
                    words += values
    finally:
        cur.close()
    return list(dict.fromkeys([*sorted(words), *sorted(dates), *sorted(amounts, key=float)]))


